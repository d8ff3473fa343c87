//! A cache bounded by bytes, not entries: each entry carries an estimate of the memory it holds,
//! and the least recently used entries go first once the total passes the bound.

use lru::LruCache;
use std::hash::Hash;
use std::sync::Mutex;

/// How many bytes the replay and history caches may hold together, unless configured
/// (`CORRIERE_CACHE_MB`).
pub const DEFAULT_CACHE_BYTES: usize = 64 * 1024 * 1024;

/// Entries of `V` by `K`, at most `bound` bytes of them by their estimates: the `lru` crate
/// keeps the order of use, this type the bytes.
pub(crate) struct ByteCache<K, V> {
    inner: Mutex<Inner<K, V>>,
    bound: usize,
}

struct Inner<K, V> {
    /// Each value with its estimated bytes, least recently used first out.
    entries: LruCache<K, (V, usize)>,
    bytes: usize,
}

impl<K: Eq + Hash, V> ByteCache<K, V> {
    pub fn new(bound: usize) -> ByteCache<K, V> {
        ByteCache {
            inner: Mutex::new(Inner {
                entries: LruCache::unbounded(),
                bytes: 0,
            }),
            bound,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<K, V>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What `read` makes of the entry of `key` (marking it used), if there is one.
    pub fn read<R>(&self, key: &K, read: impl FnOnce(&V) -> Option<R>) -> Option<R> {
        let mut inner = self.lock();
        let found = read(&inner.entries.peek(key)?.0)?;
        inner.entries.promote(key);
        Some(found)
    }

    /// Keep `value` (estimated at `bytes`) for `key` unless `replace` says the entry kept there
    /// is better; then drop the least recently used entries until the total is within the
    /// bound. A value larger than the whole bound is not kept.
    pub fn put(&self, key: K, value: V, bytes: usize, replace: impl FnOnce(&V) -> bool) {
        let mut inner = self.lock();
        let inner = &mut *inner;
        if let Some((kept, _)) = inner.entries.peek(&key) {
            if !replace(kept) {
                return;
            }
        }
        if let Some((_, old)) = inner.entries.pop(&key) {
            inner.bytes -= old;
        }
        if bytes > self.bound {
            return;
        }
        inner.entries.put(key, (value, bytes));
        inner.bytes += bytes;
        while inner.bytes > self.bound {
            let Some((_, (_, gone))) = inner.entries.pop_lru() else {
                break;
            };
            inner.bytes -= gone;
        }
    }

    /// The estimated bytes held, and how many entries.
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.bytes, inner.entries.len())
    }

    pub fn contains(&self, key: &K) -> bool {
        self.lock().entries.contains(key)
    }
}

#[cfg(test)]
mod tests {
    use super::ByteCache;

    fn put(cache: &ByteCache<u32, &'static str>, key: u32, bytes: usize) {
        cache.put(key, "v", bytes, |_| true);
    }

    #[test]
    fn the_total_stays_within_the_bound_and_the_least_recently_used_go_first() {
        let cache = ByteCache::new(1000);
        for key in 0..4 {
            put(&cache, key, 300);
        }
        // 1,200 bytes do not fit: the oldest entry went.
        assert_eq!(cache.usage(), (900, 3));
        assert!(!cache.contains(&0));
        // Reading 1 makes 2 the least recently used.
        assert_eq!(cache.read(&1, |v| Some(*v)), Some("v"));
        put(&cache, 4, 300);
        assert!(cache.contains(&1) && !cache.contains(&2));
        assert!(cache.contains(&3) && cache.contains(&4));
        assert_eq!(cache.usage(), (900, 3));
        // A large entry pushes out as many as it needs, oldest first.
        put(&cache, 5, 700);
        assert_eq!(cache.usage(), (1000, 2));
        assert!(cache.contains(&4) && cache.contains(&5));
        // Replacing an entry counts its new size only.
        put(&cache, 5, 100);
        assert_eq!(cache.usage(), (400, 2));
        // A value bigger than the bound is not kept (and drops the one it replaced).
        put(&cache, 4, 5000);
        assert_eq!(cache.usage(), (100, 1));
    }

    #[test]
    fn an_entry_kept_is_replaced_only_when_the_caller_says_so() {
        let cache = ByteCache::new(1000);
        cache.put(1, 10u32, 100, |_| true);
        cache.put(1, 5u32, 100, |kept| *kept < 5);
        assert_eq!(cache.read(&1, |v| Some(*v)), Some(10));
        cache.put(1, 20u32, 300, |kept| *kept < 20);
        assert_eq!(cache.read(&1, |v| Some(*v)), Some(20));
        assert_eq!(cache.usage(), (300, 1));
    }
}
