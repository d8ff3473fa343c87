//! The transparency log's Merkle tree as RFC 9162 §2.1 defines it: leaf and node hashes, the
//! complete subtrees a tree of any size is made of, and inclusion and consistency proofs.
//!
//! The tree is never held whole: the store keeps its complete subtrees ([`Node`]: 2^level
//! leaves from leaf `index << level`), and every function here says which nodes it needs, so a
//! proof or a root costs O(log n) reads. [`MemoryTree`] keeps them in memory (tests, benches).

use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// A SHA-256 hash, as `chain::Hash`.
pub type Hash = [u8; 32];

/// A complete subtree: the 2^`level` leaves from leaf `index << level` on. Level 0 is a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    pub level: u8,
    pub index: u64,
}

/// The nodes a caller read, by position: what proof and root builders take.
pub type Nodes = HashMap<Node, Hash>;

/// Why a proof could not be built or did not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("leaf {index} is not in a tree of {size} leaves")]
    OutOfRange { index: u64, size: u64 },
    #[error("a tree of {first} leaves cannot be checked against one of {second}")]
    BadSizes { first: u64, second: u64 },
    #[error("the proof has {got} hashes where {want} were expected")]
    WrongLength { got: usize, want: usize },
    #[error("the proof does not lead to the tree head's root")]
    Mismatch,
    #[error("node {0:?} was not read")]
    Missing(Node),
}

/// `SHA-256(0x00 || data)`: the hash of a leaf.
pub fn leaf_hash(data: &[u8]) -> Hash {
    Sha256::new()
        .chain_update([0x00])
        .chain_update(data)
        .finalize()
        .into()
}

/// `SHA-256(0x01 || left || right)`: the hash of an inner node.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    Sha256::new()
        .chain_update([0x01])
        .chain_update(left)
        .chain_update(right)
        .finalize()
        .into()
}

/// The root of the empty tree: `SHA-256()` of nothing.
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// The complete subtrees a tree of `size` leaves is made of (one per bit of `size`), the
/// largest (leftmost) first.
pub fn frontier(size: u64) -> Vec<Node> {
    Span::new(0, size).nodes()
}

/// The root of a tree of `size` leaves from its frontier's nodes (`frontier(size)`, read).
pub fn root(size: u64, nodes: &Nodes) -> Result<Hash, ProofError> {
    if size == 0 {
        return Ok(empty_root());
    }
    Span::new(0, size).hash(nodes)
}

/// The nodes to read to prove leaf `index` is in the tree of `size` leaves.
pub fn inclusion_nodes(index: u64, size: u64) -> Result<Vec<Node>, ProofError> {
    Ok(inclusion_spans(index, size)?
        .iter()
        .flat_map(Span::nodes)
        .collect())
}

/// The audit path of RFC 9162 §2.1.3.1 for leaf `index` in the tree of `size` leaves, from the
/// nodes `inclusion_nodes` named (read).
pub fn inclusion_proof(index: u64, size: u64, nodes: &Nodes) -> Result<Vec<Hash>, ProofError> {
    inclusion_spans(index, size)?
        .iter()
        .map(|span| span.hash(nodes))
        .collect()
}

/// RFC 9162 §2.1.3.2: whether `proof` shows the leaf hashing to `leaf` at `index` is in the tree
/// of `size` leaves with root `root`.
pub fn verify_inclusion(
    leaf: &Hash,
    index: u64,
    size: u64,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), ProofError> {
    if index >= size {
        return Err(ProofError::OutOfRange { index, size });
    }
    let want = inclusion_len(index, size);
    if proof.len() != want {
        return Err(ProofError::WrongLength {
            got: proof.len(),
            want,
        });
    }
    // §2.1.3.2 step by step: `fn` and `sn` are the leaf's and the last leaf's positions at the
    // level the running hash `r` stands for.
    let (mut fn_, mut sn) = (index, size - 1);
    let mut r = *leaf;
    for p in proof {
        if sn == 0 {
            return Err(ProofError::Mismatch);
        }
        if fn_ & 1 == 1 || fn_ == sn {
            r = node_hash(p, &r);
            while fn_ & 1 == 0 && fn_ != 0 {
                fn_ >>= 1;
                sn >>= 1;
            }
        } else {
            r = node_hash(&r, p);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    if sn == 0 && r == *root {
        Ok(())
    } else {
        Err(ProofError::Mismatch)
    }
}

/// The nodes to read to prove the tree of `first` leaves is a prefix of the one of `second`.
pub fn consistency_nodes(first: u64, second: u64) -> Result<Vec<Node>, ProofError> {
    Ok(consistency_spans(first, second)?
        .iter()
        .flat_map(Span::nodes)
        .collect())
}

/// The consistency proof of RFC 9162 §2.1.4.1 between the trees of `first` and `second`
/// leaves (0 < first <= second), from the nodes `consistency_nodes` named (read).
pub fn consistency_proof(first: u64, second: u64, nodes: &Nodes) -> Result<Vec<Hash>, ProofError> {
    consistency_spans(first, second)?
        .iter()
        .map(|span| span.hash(nodes))
        .collect()
}

/// RFC 9162 §2.1.4.2: whether `proof` shows the tree of `first` leaves with root `first_root`
/// is a prefix of the tree of `second` leaves with root `second_root`.
pub fn verify_consistency(
    first: u64,
    first_root: &Hash,
    second: u64,
    second_root: &Hash,
    proof: &[Hash],
) -> Result<(), ProofError> {
    if first == 0 || first > second {
        return Err(ProofError::BadSizes { first, second });
    }
    let want = consistency_len(first, second);
    if proof.len() != want {
        return Err(ProofError::WrongLength {
            got: proof.len(),
            want,
        });
    }
    if first == second {
        return match first_root == second_root {
            true => Ok(()),
            false => Err(ProofError::Mismatch),
        };
    }
    // §2.1.4.2 step by step. When `first` is a power of two its root is a node of the second
    // tree the proof leaves out: the verifier starts from it.
    let mut path = proof.iter();
    let start = match first.is_power_of_two() {
        true => first_root,
        false => path.next().ok_or(ProofError::Mismatch)?,
    };
    let (mut fn_, mut sn) = (first - 1, second - 1);
    while fn_ & 1 == 1 {
        fn_ >>= 1;
        sn >>= 1;
    }
    let (mut fr, mut sr) = (*start, *start);
    for c in path {
        if sn == 0 {
            return Err(ProofError::Mismatch);
        }
        if fn_ & 1 == 1 || fn_ == sn {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            while fn_ & 1 == 0 && fn_ != 0 {
                fn_ >>= 1;
                sn >>= 1;
            }
        } else {
            sr = node_hash(&sr, c);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    if sn == 0 && fr == *first_root && sr == *second_root {
        Ok(())
    } else {
        Err(ProofError::Mismatch)
    }
}

/// Appending leaves to a stored tree: its frontier, and the nodes each new leaf completes.
#[derive(Clone, Debug)]
pub struct Appender {
    size: u64,
    /// The frontier's nodes and hashes, largest first.
    frontier: Vec<(Node, Hash)>,
}

impl Appender {
    /// Continue the tree of `size` leaves, given its frontier's nodes (`frontier(size)`, read).
    pub fn resume(size: u64, nodes: &Nodes) -> Result<Appender, ProofError> {
        let frontier = frontier(size)
            .into_iter()
            .map(|node| Ok((node, read(nodes, node)?)))
            .collect::<Result<_, ProofError>>()?;
        Ok(Appender { size, frontier })
    }

    /// Append the leaf hashing to `leaf`: the nodes it completes, to be stored, the leaf
    /// (level 0) first and then each parent it completes.
    pub fn push(&mut self, leaf: Hash) -> Vec<(Node, Hash)> {
        let mut done = vec![(
            Node {
                level: 0,
                index: self.size,
            },
            leaf,
        )];
        let mut last = done[0];
        // The frontier's smallest subtrees of equal size pair up with the new one, as carries do.
        while let Some(&(left, left_hash)) = self.frontier.last() {
            if left.level != last.0.level {
                break;
            }
            self.frontier.pop();
            let parent = Node {
                level: left.level + 1,
                index: left.index >> 1,
            };
            last = (parent, node_hash(&left_hash, &last.1));
            done.push(last);
        }
        self.frontier.push(last);
        self.size += 1;
        done
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    /// The root of the tree so far.
    pub fn root(&self) -> Hash {
        let mut hashes = self.frontier.iter().rev().map(|(_, hash)| *hash);
        match hashes.next() {
            None => empty_root(),
            Some(last) => hashes.fold(last, |right, left| node_hash(&left, &right)),
        }
    }
}

/// A whole tree in memory: every complete node. For tests, benches and generated logs.
#[derive(Clone, Debug, Default)]
pub struct MemoryTree {
    /// `levels[k][i]` is the hash of `Node { level: k, index: i }`.
    levels: Vec<Vec<Hash>>,
}

impl MemoryTree {
    pub fn new() -> MemoryTree {
        MemoryTree::default()
    }

    /// Append a leaf by its hash.
    pub fn push(&mut self, leaf: Hash) {
        let mut hash = leaf;
        for level in 0.. {
            if self.levels.len() == level {
                self.levels.push(Vec::new());
            }
            let row = &mut self.levels[level];
            row.push(hash);
            if row.len() % 2 == 1 {
                break;
            }
            hash = node_hash(&row[row.len() - 2], &row[row.len() - 1]);
        }
    }

    pub fn size(&self) -> u64 {
        self.levels.first().map_or(0, |leaves| leaves.len() as u64)
    }

    /// The stored node, if complete.
    pub fn node(&self, node: Node) -> Option<Hash> {
        let row = self.levels.get(usize::from(node.level))?;
        row.get(usize::try_from(node.index).ok()?).copied()
    }

    /// The named nodes, read as the store reads them.
    pub fn read(&self, wanted: &[Node]) -> Nodes {
        wanted
            .iter()
            .filter_map(|&node| Some((node, self.node(node)?)))
            .collect()
    }

    /// The root of the first `size` leaves.
    pub fn root(&self, size: u64) -> Result<Hash, ProofError> {
        root(size, &self.read(&frontier(size)))
    }

    pub fn inclusion_proof(&self, index: u64, size: u64) -> Result<Vec<Hash>, ProofError> {
        let nodes = self.read(&inclusion_nodes(index, size)?);
        inclusion_proof(index, size, &nodes)
    }

    pub fn consistency_proof(&self, first: u64, second: u64) -> Result<Vec<Hash>, ProofError> {
        let nodes = self.read(&consistency_nodes(first, second)?);
        consistency_proof(first, second, &nodes)
    }
}

/// A proof's hash: the root of the leaves [`start`, `end`), where `start` is a multiple of the
/// smallest power of two at least `end - start`, so the range is one subtree of the RFC's tree:
/// complete, or the right edge of a tree whose size is `end`. Either way it is made of complete
/// nodes, one per bit of its width, as a whole tree is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: u64,
    end: u64,
}

impl Span {
    fn new(start: u64, end: u64) -> Span {
        debug_assert!(start <= end);
        debug_assert!(match (end - start).checked_next_power_of_two() {
            Some(width) => start % width == 0,
            None => start == 0,
        });
        Span { start, end }
    }

    /// The complete nodes the range is made of, largest (leftmost) first.
    fn nodes(&self) -> Vec<Node> {
        let width = self.end - self.start;
        (0..64u8)
            .rev()
            .filter(|&level| width >> level & 1 == 1)
            .map(|level| {
                let before = width >> level >> 1 << 1 << level;
                Node {
                    level,
                    index: (self.start + before) >> level,
                }
            })
            .collect()
    }

    /// The range's root: its nodes folded right to left, as MTH splits off the largest left
    /// subtree first.
    fn hash(&self, nodes: &Nodes) -> Result<Hash, ProofError> {
        let mut hashes = self.nodes().into_iter().rev().map(|node| read(nodes, node));
        let last = hashes.next().expect("a span is never empty")?;
        hashes.try_fold(last, |right, left| Ok(node_hash(&left?, &right)))
    }
}

fn read(nodes: &Nodes, node: Node) -> Result<Hash, ProofError> {
    nodes.get(&node).copied().ok_or(ProofError::Missing(node))
}

/// The largest power of two below `n` (`n > 1`): where MTH splits `n` leaves.
fn split(n: u64) -> u64 {
    debug_assert!(n > 1);
    1 << (63 - (n - 1).leading_zeros())
}

/// PATH(index, D[0:size]) of §2.1.3.1 as ranges, the leaf's sibling first. Walks down from the
/// root; every range on the way starts at a multiple of its width rounded up to a power of two.
fn inclusion_spans(index: u64, size: u64) -> Result<Vec<Span>, ProofError> {
    if index >= size {
        return Err(ProofError::OutOfRange { index, size });
    }
    let (mut start, mut end) = (0, size);
    let mut spans = Vec::new();
    while end - start > 1 {
        let middle = start + split(end - start);
        if index < middle {
            spans.push(Span::new(middle, end));
            end = middle;
        } else {
            spans.push(Span::new(start, middle));
            start = middle;
        }
    }
    spans.reverse();
    Ok(spans)
}

/// PROOF(first, D[0:second]) of §2.1.4.1 as ranges, in the RFC's order. SUBPROOF's `b` is
/// whether the range still starts at leaf 0: then the first tree's root needs no hash.
fn consistency_spans(first: u64, second: u64) -> Result<Vec<Span>, ProofError> {
    if first == 0 || first > second {
        return Err(ProofError::BadSizes { first, second });
    }
    let (mut start, mut end) = (0, second);
    let mut spans = Vec::new();
    while first != end {
        let middle = start + split(end - start);
        if first <= middle {
            spans.push(Span::new(middle, end));
            end = middle;
        } else {
            spans.push(Span::new(start, middle));
            start = middle;
        }
    }
    if start != 0 {
        spans.push(Span::new(start, end));
    }
    spans.reverse();
    Ok(spans)
}

/// How many hashes PATH(index, D[0:size]) has: one per level below the node where the leaf's
/// path and the last leaf's part (the bits where `index` and `size - 1` differ), and one per
/// complete left subtree above it.
fn inclusion_len(index: u64, size: u64) -> usize {
    let below = 64 - (index ^ (size - 1)).leading_zeros();
    let above = (index.checked_shr(below).unwrap_or(0)).count_ones();
    (below + above) as usize
}

/// How many hashes PROOF(first, D[0:second]) has (`0 < first <= second`): the last leaf of the
/// first tree's path, less the levels inside the complete subtree that ends the first tree,
/// plus that subtree's own hash unless it is the first tree's whole root.
fn consistency_len(first: u64, second: u64) -> usize {
    if first == second {
        return 0;
    }
    let path = inclusion_len(first - 1, second);
    let inside = first.trailing_zeros() as usize;
    path - inside + usize::from(!first.is_power_of_two())
}
