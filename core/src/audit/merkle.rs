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
            Some(width) => start.is_multiple_of(width),
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

/// How many hashes PATH(index, D[0:size]) has: one per level below the node where the paths
/// to leaf `index` and to the last leaf part ways (the bits where `index` and `size - 1`
/// differ), and one per complete left subtree above that node (the bits of `index` above).
fn inclusion_len(index: u64, size: u64) -> usize {
    let below = 64 - (index ^ (size - 1)).leading_zeros();
    let above = (index.checked_shr(below).unwrap_or(0)).count_ones();
    (below + above) as usize
}

/// How many hashes PROOF(first, D[0:second]) has (`0 < first <= second`): the path of the
/// first tree's last leaf in the second tree, less the levels inside the smallest complete
/// subtree that ends the first tree, plus that subtree's own hash unless it is the whole first
/// tree (the verifier has that one: it is the first root).
fn consistency_len(first: u64, second: u64) -> usize {
    if first == second {
        return 0;
    }
    let path = inclusion_len(first - 1, second);
    let inside = first.trailing_zeros() as usize;
    path - inside + usize::from(!first.is_power_of_two())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::rc::Rc;

    // ---- Known answers --------------------------------------------------------------------
    //
    // From the Go reference, https://github.com/transparency-dev/merkle (the successor of
    // google/certificate-transparency's merkle_tree_test.cc vectors):
    // - testonly/constants.go at commit 417fb0c: LeafInputs, NodeHashes, RootHashes;
    // - proof/verify_test.go at commit 9ca563d (before bcba819 moved them to testdata/):
    //   inclusionProofs and consistencyProofs. There the leaf of an inclusion vector counts
    //   from 1, as kept below.

    /// `LeafInputs()`, hex.
    const LEAF_INPUTS: [&str; 8] = [
        "",
        "00",
        "10",
        "2021",
        "3031",
        "40414243",
        "5051525354555657",
        "606162636465666768696a6b6c6d6e6f",
    ];

    /// `NodeHashes()`: `[level][index]`, every complete node of the tree of the 8 leaves.
    const NODE_HASHES: [&[&str]; 4] = [
        &[
            "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7",
            "07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658",
            "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
            "46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1",
        ],
        &[
            "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
        ],
        &[
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
        ],
        &["5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328"],
    ];

    /// `RootHashes()`: the root of the first `i` leaves, `EmptyRootHash()` first.
    const ROOTS: [&str; 9] = [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    ];

    /// `inclusionProofs`: (leaf counted from 1, tree size, path). The source's `{0, 0, nil}` is
    /// its invalid case, checked in `known_inclusion_paths`.
    const INCLUSION_PATHS: [(u64, u64, &[&str]); 5] = [
        (1, 1, &[]),
        (
            1,
            8,
            &[
                "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
            ],
        ),
        (
            6,
            8,
            &[
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
            ],
        ),
        (
            3,
            3,
            &["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"],
        ),
        (
            2,
            5,
            &[
                "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            ],
        ),
    ];

    /// `consistencyProofs`: (first size, second size, proof).
    const CONSISTENCY_PROOFS: [(u64, u64, &[&str]); 5] = [
        (1, 1, &[]),
        (
            1,
            8,
            &[
                "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
            ],
        ),
        (
            6,
            8,
            &[
                "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
            ],
        ),
        (
            2,
            5,
            &[
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            ],
        ),
        (
            6,
            7,
            &[
                "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
            ],
        ),
    ];

    fn unhex(text: &str) -> Hash {
        hex::decode(text).unwrap().try_into().unwrap()
    }

    fn unhex_all(texts: &[&str]) -> Vec<Hash> {
        texts.iter().map(|text| unhex(text)).collect()
    }

    fn known_leaves() -> Vec<Hash> {
        LEAF_INPUTS
            .iter()
            .map(|input| leaf_hash(&hex::decode(input).unwrap()))
            .collect()
    }

    fn tree_of(leaves: &[Hash]) -> MemoryTree {
        let mut tree = MemoryTree::new();
        leaves.iter().for_each(|&leaf| tree.push(leaf));
        tree
    }

    #[test]
    fn known_roots() {
        let leaves = known_leaves();
        let tree = tree_of(&leaves);
        assert_eq!(empty_root(), unhex(ROOTS[0]));
        for (size, want) in ROOTS.iter().enumerate() {
            let size = size as u64;
            assert_eq!(tree.root(size), Ok(unhex(want)), "size {size}");
            assert_eq!(
                naive_root(&leaves[..size as usize]),
                unhex(want),
                "size {size}"
            );
        }
    }

    #[test]
    fn known_nodes() {
        let tree = tree_of(&known_leaves());
        for (level, row) in NODE_HASHES.iter().enumerate() {
            for (index, want) in row.iter().enumerate() {
                let node = Node {
                    level: level as u8,
                    index: index as u64,
                };
                assert_eq!(tree.node(node), Some(unhex(want)), "{node:?}");
            }
            let beyond = Node {
                level: level as u8,
                index: row.len() as u64,
            };
            assert_eq!(tree.node(beyond), None);
        }
        assert_eq!(tree.node(Node { level: 4, index: 0 }), None);
    }

    #[test]
    fn known_inclusion_paths() {
        let leaves = known_leaves();
        let tree = tree_of(&leaves);
        for (leaf, size, path) in INCLUSION_PATHS {
            let (index, want) = (leaf - 1, unhex_all(path));
            assert_eq!(
                tree.inclusion_proof(index, size),
                Ok(want.clone()),
                "{leaf}, {size}"
            );
            let root = unhex(ROOTS[size as usize]);
            let leaf = &leaves[index as usize];
            assert_eq!(verify_inclusion(leaf, index, size, &want, &root), Ok(()));
        }
        // The source's invalid vector {0, 0, nil}: no leaf is in the empty tree.
        let out = ProofError::OutOfRange { index: 0, size: 0 };
        assert_eq!(tree.inclusion_proof(0, 0), Err(out.clone()));
        assert_eq!(
            verify_inclusion(&leaves[0], 0, 0, &[], &empty_root()),
            Err(out)
        );
    }

    #[test]
    fn known_consistency_proofs() {
        let tree = tree_of(&known_leaves());
        for (first, second, proof) in CONSISTENCY_PROOFS {
            let want = unhex_all(proof);
            let got = tree.consistency_proof(first, second);
            assert_eq!(got, Ok(want.clone()), "{first}, {second}");
            let (first_root, second_root) =
                (unhex(ROOTS[first as usize]), unhex(ROOTS[second as usize]));
            assert_eq!(
                verify_consistency(first, &first_root, second, &second_root, &want),
                Ok(())
            );
        }
    }

    #[test]
    fn known_leaves_every_proof_as_the_rfc_defines_it() {
        let leaves = known_leaves();
        let tree = tree_of(&leaves);
        for size in 1..=leaves.len() {
            let d = &leaves[..size];
            let root = naive_root(d);
            for m in 0..size {
                let path = naive_path(m, d, &node_hash);
                assert_eq!(
                    tree.inclusion_proof(m as u64, size as u64),
                    Ok(path.clone())
                );
                assert_eq!(
                    verify_inclusion(&d[m], m as u64, size as u64, &path, &root),
                    Ok(())
                );
            }
            for first in 1..=size {
                let proof = naive_proof(first, d, &node_hash);
                let got = tree.consistency_proof(first as u64, size as u64);
                assert_eq!(got, Ok(proof.clone()), "{first}, {size}");
                let first_root = naive_root(&d[..first]);
                let checked =
                    verify_consistency(first as u64, &first_root, size as u64, &root, &proof);
                assert_eq!(checked, Ok(()));
            }
        }
    }

    // ---- The reference's verification probes (tests/merkle/*.json) --------------------

    #[derive(serde::Deserialize)]
    struct Probes<T> {
        probes: Vec<T>,
    }

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct InclusionProbe {
        source: String,
        leaf_idx: u64,
        tree_size: u64,
        root: String,
        leaf_hash: String,
        proof: Option<Vec<String>>,
        want_err: bool,
    }

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ConsistencyProbe {
        source: String,
        size1: u64,
        size2: u64,
        root1: String,
        root2: String,
        proof: Option<Vec<String>>,
        want_err: bool,
    }

    /// Standard base64 (the Go reference's JSON encoding of bytes).
    fn base64(text: &str) -> Vec<u8> {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let (mut bytes, mut acc, mut bits) = (Vec::new(), 0u32, 0);
        for c in text.bytes().filter(|&c| c != b'=') {
            let value = ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
            acc = (acc << 6 | value) & 0xffff;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                bytes.push((acc >> bits) as u8);
            }
        }
        bytes
    }

    /// A probe's bytes as a hash. Some probes hold other byte strings ("", "don't care 1")
    /// where a hash goes, which our types cannot: those become a hash of their own, so equal
    /// strings stay equal and none equals a real hash.
    fn hash_of(text: &str) -> Hash {
        let bytes = base64(text);
        match <Hash>::try_from(bytes.as_slice()) {
            Ok(hash) => hash,
            Err(_) => Sha256::new()
                .chain_update(b"not a hash: ")
                .chain_update(&bytes)
                .finalize()
                .into(),
        }
    }

    fn hashes_of(texts: &Option<Vec<String>>) -> Vec<Hash> {
        texts.iter().flatten().map(|text| hash_of(text)).collect()
    }

    #[test]
    fn base64_decodes_the_probes_encoding() {
        let leaf = "bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=";
        assert_eq!(hash_of(leaf), unhex(NODE_HASHES[0][0]));
        assert_eq!(base64("ZG9uJ3QgY2FyZSAx"), b"don't care 1");
        assert_eq!(base64(""), b"");
    }

    #[test]
    fn reference_inclusion_probes() {
        let text = include_str!("../../../tests/merkle/inclusion.json");
        let probes: Probes<InclusionProbe> = serde_json::from_str(text).unwrap();
        assert_eq!(probes.probes.len(), 98);
        let tree = tree_of(&known_leaves());
        for p in probes.probes {
            if base64(&p.leaf_hash).len() != 32 {
                // The reference refuses a leaf hash of another size; ours cannot be passed one.
                assert!(p.want_err, "{}", p.source);
                continue;
            }
            let (leaf, root, proof) =
                (hash_of(&p.leaf_hash), hash_of(&p.root), hashes_of(&p.proof));
            let got = verify_inclusion(&leaf, p.leaf_idx, p.tree_size, &proof, &root);
            assert_eq!(got.is_err(), p.want_err, "{}: {got:?}", p.source);
            if !p.want_err && p.tree_size <= 8 && root == unhex(ROOTS[p.tree_size as usize]) {
                assert_eq!(
                    tree.inclusion_proof(p.leaf_idx, p.tree_size),
                    Ok(proof),
                    "{}",
                    p.source
                );
            }
        }
    }

    #[test]
    fn reference_consistency_probes() {
        let text = include_str!("../../../tests/merkle/consistency.json");
        let probes: Probes<ConsistencyProbe> = serde_json::from_str(text).unwrap();
        assert_eq!(probes.probes.len(), 98);
        let tree = tree_of(&known_leaves());
        for p in probes.probes {
            let (root1, root2, proof) = (hash_of(&p.root1), hash_of(&p.root2), hashes_of(&p.proof));
            let got = verify_consistency(p.size1, &root1, p.size2, &root2, &proof);
            assert_eq!(got.is_err(), p.want_err, "{}: {got:?}", p.source);
            if !p.want_err && p.size2 <= 8 && root2 == unhex(ROOTS[p.size2 as usize]) {
                assert_eq!(
                    tree.consistency_proof(p.size1, p.size2),
                    Ok(proof),
                    "{}",
                    p.source
                );
            }
        }
    }

    // ---- The RFC's recursive definitions, over a list of leaf hashes ------------------------
    //
    // Written straight from §2.1.1, §2.1.3.1 and §2.1.4.1, generic in what a node is, so the
    // same definitions give SHA-256 hashes and symbolic trees (below).

    /// The largest power of two smaller than `n > 1`, counted up.
    fn naive_split(n: usize) -> usize {
        let mut k = 1;
        while k * 2 < n {
            k *= 2;
        }
        k
    }

    /// MTH(D[n]) for n >= 1.
    fn naive_mth<T: Clone>(d: &[T], node: &impl Fn(&T, &T) -> T) -> T {
        if d.len() == 1 {
            return d[0].clone();
        }
        let k = naive_split(d.len());
        node(&naive_mth(&d[..k], node), &naive_mth(&d[k..], node))
    }

    fn naive_root(d: &[Hash]) -> Hash {
        match d.is_empty() {
            true => Sha256::digest(b"").into(),
            false => naive_mth(d, &node_hash),
        }
    }

    /// PATH(m, D[n]).
    fn naive_path<T: Clone>(m: usize, d: &[T], node: &impl Fn(&T, &T) -> T) -> Vec<T> {
        if d.len() == 1 {
            return Vec::new();
        }
        let k = naive_split(d.len());
        if m < k {
            let mut path = naive_path(m, &d[..k], node);
            path.push(naive_mth(&d[k..], node));
            path
        } else {
            let mut path = naive_path(m - k, &d[k..], node);
            path.push(naive_mth(&d[..k], node));
            path
        }
    }

    /// SUBPROOF(m, D[n], b).
    fn naive_subproof<T: Clone>(m: usize, d: &[T], b: bool, node: &impl Fn(&T, &T) -> T) -> Vec<T> {
        if m == d.len() {
            return match b {
                true => Vec::new(),
                false => vec![naive_mth(d, node)],
            };
        }
        let k = naive_split(d.len());
        if m <= k {
            let mut proof = naive_subproof(m, &d[..k], b, node);
            proof.push(naive_mth(&d[k..], node));
            proof
        } else {
            let mut proof = naive_subproof(m - k, &d[k..], false, node);
            proof.push(naive_mth(&d[..k], node));
            proof
        }
    }

    /// PROOF(m, D[n]).
    fn naive_proof<T: Clone>(m: usize, d: &[T], node: &impl Fn(&T, &T) -> T) -> Vec<T> {
        naive_subproof(m, d, true, node)
    }

    // ---- Which altered claims a proof still proves -------------------------------------------
    //
    // A proof made for one claim can honestly verify another: the tree of 3 leaves has the
    // same root as a tree of 4 whose last two leaves hash, as a node, to leaf 2's hash, and
    // RFC 9162 verification cannot tell them apart (the size is bound by the signed tree head,
    // not by the proof). So an altered index or size must fail exactly when the RFC's trees
    // say so: build them over symbolic leaves, write the altered claim's roots in terms of
    // the hashes its verifier is given, substitute the hashes actually given, and compare.

    #[derive(Clone, Debug, PartialEq, Eq)]
    enum Sym {
        Leaf(usize),
        Node(Rc<Sym>, Rc<Sym>),
        /// The verifier's `i`-th input hash.
        Input(usize),
        /// Matches nothing: an input the claim does not use.
        Unused,
    }

    fn sym_node(left: &Sym, right: &Sym) -> Sym {
        Sym::Node(Rc::new(left.clone()), Rc::new(right.clone()))
    }

    fn sym_leaves(n: usize) -> Vec<Sym> {
        (0..n).map(Sym::Leaf).collect()
    }

    /// `tree` with each subtree equal to one of `inputs` replaced by that input.
    fn in_terms_of(tree: &Sym, inputs: &[Sym]) -> Sym {
        if let Some(i) = inputs.iter().position(|input| input == tree) {
            return Sym::Input(i);
        }
        match tree {
            Sym::Node(left, right) => {
                sym_node(&in_terms_of(left, inputs), &in_terms_of(right, inputs))
            }
            other => other.clone(),
        }
    }

    /// `template` with its inputs replaced by `given`.
    fn substitute(template: &Sym, given: &[Sym]) -> Sym {
        match template {
            Sym::Input(i) => given[*i].clone(),
            Sym::Node(left, right) => sym_node(&substitute(left, given), &substitute(right, given)),
            other => other.clone(),
        }
    }

    /// Whether leaf `index`'s hash, the path for it in the tree of `size` and that tree's root
    /// also prove leaf `index2` in a tree of `size2`.
    fn inclusion_still_holds(index: usize, size: usize, index2: usize, size2: usize) -> bool {
        if index2 >= size2 {
            return false;
        }
        let leaves = sym_leaves(size.max(size2));
        let path = naive_path(index, &leaves[..size], &sym_node);
        let path2 = naive_path(index2, &leaves[..size2], &sym_node);
        if path.len() != path2.len() {
            return false;
        }
        let given: Vec<Sym> = std::iter::once(leaves[index].clone()).chain(path).collect();
        let inputs2: Vec<Sym> = std::iter::once(leaves[index2].clone())
            .chain(path2)
            .collect();
        let template = in_terms_of(&naive_mth(&leaves[..size2], &sym_node), &inputs2);
        substitute(&template, &given) == naive_mth(&leaves[..size], &sym_node)
    }

    /// Whether the proof between the trees of `first` and `second` leaves, with their roots,
    /// also proves the tree of `first2` a prefix of the one of `second2`.
    fn consistency_still_holds(first: usize, second: usize, first2: usize, second2: usize) -> bool {
        if first2 == 0 || first2 > second2 {
            return false;
        }
        let leaves = sym_leaves(second.max(second2));
        let (root1, root2) = (
            naive_mth(&leaves[..first], &sym_node),
            naive_mth(&leaves[..second], &sym_node),
        );
        let proof = naive_proof(first, &leaves[..second], &sym_node);
        if first2 == second2 {
            return proof.is_empty() && root1 == root2;
        }
        let proof2 = naive_proof(first2, &leaves[..second2], &sym_node);
        if proof.len() != proof2.len() {
            return false;
        }
        // The verifier's inputs: the first root, then the proof. The proof leaves the first
        // root out exactly when it is a node of the second tree.
        let old_root2 = naive_mth(&leaves[..first2], &sym_node);
        let first_input = match first2.is_power_of_two() {
            true => old_root2.clone(),
            false => Sym::Unused,
        };
        let inputs2: Vec<Sym> = std::iter::once(first_input).chain(proof2).collect();
        let given: Vec<Sym> = std::iter::once(root1.clone()).chain(proof).collect();
        let new_root2 = naive_mth(&leaves[..second2], &sym_node);
        let first_template = in_terms_of(&old_root2, &inputs2);
        let second_template = in_terms_of(&new_root2, &inputs2);
        substitute(&first_template, &given) == root1
            && substitute(&second_template, &given) == root2
    }

    #[test]
    fn a_size_an_inclusion_proof_cannot_tell_apart() {
        // The example above: leaf 0 of 3 and of 4 share a path shape.
        assert!(inclusion_still_holds(0, 3, 0, 4));
        assert!(!inclusion_still_holds(0, 3, 0, 6));
        assert!(!inclusion_still_holds(0, 3, 1, 3));
        let leaves: Vec<Hash> = (0..4u8).map(|i| leaf_hash(&[i])).collect();
        let tree = tree_of(&leaves);
        let (proof, root) = (tree.inclusion_proof(0, 3).unwrap(), tree.root(3).unwrap());
        assert_eq!(verify_inclusion(&leaves[0], 0, 4, &proof, &root), Ok(()));
        assert!(consistency_still_holds(2, 3, 2, 4));
        let proof = tree.consistency_proof(2, 3).unwrap();
        let root2 = tree.root(2).unwrap();
        assert_eq!(verify_consistency(2, &root2, 4, &root, &proof), Ok(()));
    }

    fn leaves(n: u64) -> Vec<Hash> {
        (0..n).map(|i| leaf_hash(&i.to_be_bytes())).collect()
    }

    /// Every copy of `proof` with one byte changed.
    fn altered(proof: &[Hash]) -> impl Iterator<Item = Vec<Hash>> + '_ {
        (0..proof.len() * 32).map(|at| {
            let mut bad = proof.to_vec();
            bad[at / 32][at % 32] ^= 1 << (at % 8);
            bad
        })
    }

    fn flipped(hash: &Hash, at: usize) -> Hash {
        let mut bad = *hash;
        bad[at % 32] ^= 0x80;
        bad
    }

    /// A stored tree, a size within it, and a leaf of that size.
    fn stored_size_index() -> impl Strategy<Value = (u64, u64, u64)> {
        (1u64..300)
            .prop_flat_map(|stored| (Just(stored), 1..=stored))
            .prop_flat_map(|(stored, size)| (Just(stored), Just(size), 0..size))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn inclusion_is_the_rfcs((stored, size, index) in stored_size_index(), other in any::<u64>()) {
            let leaves = leaves(stored);
            let tree = tree_of(&leaves);
            let d = &leaves[..size as usize];
            let root = naive_root(d);
            prop_assert_eq!(tree.root(size), Ok(root));
            let proof = tree.inclusion_proof(index, size).unwrap();
            prop_assert_eq!(&proof, &naive_path(index as usize, d, &node_hash));
            let leaf = &d[index as usize];
            prop_assert_eq!(verify_inclusion(leaf, index, size, &proof, &root), Ok(()));

            for bad in altered(&proof) {
                prop_assert!(verify_inclusion(leaf, index, size, &bad, &root).is_err());
            }
            let at = other as usize;
            prop_assert!(verify_inclusion(&flipped(leaf, at), index, size, &proof, &root).is_err());
            prop_assert!(verify_inclusion(leaf, index, size, &proof, &flipped(&root, at)).is_err());
            if !proof.is_empty() {
                prop_assert!(verify_inclusion(leaf, index, size, &proof[1..], &root).is_err());
            }
            let mut longer = proof.clone();
            longer.push(root);
            prop_assert!(verify_inclusion(leaf, index, size, &longer, &root).is_err());
            // No other index: the path's left and right turns spell out the leaf's position.
            for index2 in (0..size + 2).filter(|&i| i != index) {
                prop_assert!(verify_inclusion(leaf, index2, size, &proof, &root).is_err());
            }
            prop_assert!(verify_inclusion(leaf, index.wrapping_sub(1), size, &proof, &root).is_err());
            let sizes = [size - 1, size + 1, size * 2, size / 2, size ^ 2, 1 + other % (2 * size)];
            for size2 in sizes {
                let holds = inclusion_still_holds(index as usize, size as usize, index as usize, size2 as usize);
                let got = verify_inclusion(leaf, index, size2, &proof, &root);
                prop_assert_eq!(got.is_ok(), holds, "size {} read as {}: {:?}", size, size2, got);
            }
        }

        #[test]
        fn consistency_is_the_rfcs((stored, second, first) in stored_size_index(), other in any::<u64>()) {
            let first = first + 1;
            let leaves = leaves(stored);
            let tree = tree_of(&leaves);
            let d = &leaves[..second as usize];
            let (root1, root2) = (naive_root(&d[..first as usize]), naive_root(d));
            let proof = tree.consistency_proof(first, second).unwrap();
            prop_assert_eq!(&proof, &naive_proof(first as usize, d, &node_hash));
            prop_assert_eq!(verify_consistency(first, &root1, second, &root2, &proof), Ok(()));

            for bad in altered(&proof) {
                prop_assert!(verify_consistency(first, &root1, second, &root2, &bad).is_err());
            }
            let at = other as usize;
            prop_assert!(verify_consistency(first, &flipped(&root1, at), second, &root2, &proof).is_err());
            prop_assert!(verify_consistency(first, &root1, second, &flipped(&root2, at), &proof).is_err());
            if first != second {
                prop_assert!(verify_consistency(first, &root2, second, &root1, &proof).is_err());
                prop_assert!(verify_consistency(first, &root1, second, &root2, &proof[1..]).is_err());
            }
            let mut longer = proof.clone();
            longer.insert(0, root1);
            prop_assert!(verify_consistency(first, &root1, second, &root2, &longer).is_err());
            let claims = [
                (first - 1, second),
                (first + 1, second),
                (first ^ 2, second),
                (1 + other % second, second),
                (first, second - 1),
                (first, second + 1),
                (first, second * 2),
                (first, second / 2),
                (first, first + other % (2 * second)),
            ];
            for (first2, second2) in claims {
                let holds = consistency_still_holds(first as usize, second as usize, first2 as usize, second2 as usize);
                let got = verify_consistency(first2, &root1, second2, &root2, &proof);
                prop_assert_eq!(got.is_ok(), holds, "{}, {} read as {}, {}: {:?}", first, second, first2, second2, got);
            }
        }

        #[test]
        fn appender_resumes_anywhere((stored, resume_at, _) in stored_size_index()) {
            let resume_at = resume_at - 1;
            let leaves = leaves(stored);
            let tree = tree_of(&leaves);
            let mut appender = Appender::resume(resume_at, &tree.read(&frontier(resume_at))).unwrap();
            prop_assert_eq!(appender.size(), resume_at);
            prop_assert_eq!(Ok(appender.root()), tree.root(resume_at));
            for n in resume_at..stored {
                let done = appender.push(leaves[n as usize]);
                let want: Vec<Node> = (0..=n.trailing_ones() as u8)
                    .map(|level| Node { level, index: n >> level })
                    .collect();
                prop_assert_eq!(done.iter().map(|(node, _)| *node).collect::<Vec<_>>(), want);
                for (node, hash) in done {
                    prop_assert_eq!(tree.node(node), Some(hash));
                }
                prop_assert_eq!(appender.size(), n + 1);
                prop_assert_eq!(Ok(appender.root()), tree.root(n + 1));
            }
        }

        #[test]
        fn proofs_name_few_nodes(size in 1u64..=1 << 40, index in any::<u64>(), first in any::<u64>()) {
            let (index, first) = (index % size, 1 + first % size);
            check_node_counts(index, first, size);
        }
    }

    /// ⌈log2 size⌉ for size >= 1.
    fn ceil_log2(size: u64) -> u32 {
        64 - (size - 1).leading_zeros()
    }

    fn check_node_counts(index: u64, first: u64, size: u64) {
        let bound = 2 * ceil_log2(size) as usize + 2;
        for (named, len) in [
            (
                inclusion_nodes(index, size).unwrap(),
                inclusion_len(index, size),
            ),
            (
                consistency_nodes(first, size).unwrap(),
                consistency_len(first, size),
            ),
        ] {
            assert!(
                named.len() <= bound,
                "{index}/{first}/{size}: {} nodes",
                named.len()
            );
            assert!(named.len() >= len, "{index}/{first}/{size}");
            let mut distinct = named.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(
                distinct.len(),
                named.len(),
                "{index}/{first}/{size}: a node named twice"
            );
            for node in named {
                let end = (node.index + 1) << node.level;
                assert!(end <= size, "{node:?} is not complete in {size} leaves");
            }
        }
        assert_eq!(
            inclusion_spans(index, size).unwrap().len(),
            inclusion_len(index, size)
        );
        assert_eq!(
            consistency_spans(first, size).unwrap().len(),
            consistency_len(first, size)
        );
    }

    #[test]
    fn proofs_name_few_nodes_at_every_edge() {
        for size in 1..=200u64 {
            for i in 0..size {
                check_node_counts(i, i + 1, size);
            }
        }
        for bits in 1..=40 {
            for size in [
                (1u64 << bits) - 1,
                1 << bits,
                (1 << bits) + 1,
                (1 << 40) - (1 << (bits - 1)),
            ] {
                for at in [0, 1, size / 3, size / 2, size.saturating_sub(2), size - 1] {
                    let at = at.min(size - 1);
                    check_node_counts(at, at + 1, size);
                }
            }
        }
    }

    #[test]
    fn frontiers() {
        assert_eq!(frontier(0), []);
        let nodes = |list: &[(u8, u64)]| -> Vec<Node> {
            list.iter()
                .map(|&(level, index)| Node { level, index })
                .collect()
        };
        assert_eq!(frontier(1), nodes(&[(0, 0)]));
        assert_eq!(frontier(7), nodes(&[(2, 0), (1, 2), (0, 6)]));
        assert_eq!(frontier(8), nodes(&[(3, 0)]));
        assert_eq!(frontier(13), nodes(&[(3, 0), (2, 2), (0, 12)]));
        let all = frontier(u64::MAX);
        assert_eq!(all.len(), 64);
        assert_eq!(
            all[0],
            Node {
                level: 63,
                index: 0
            }
        );
        assert_eq!(
            all[63],
            Node {
                level: 0,
                index: u64::MAX - 1
            }
        );
    }

    #[test]
    fn errors() {
        let tree = tree_of(&leaves(5));
        assert_eq!(
            inclusion_nodes(5, 5),
            Err(ProofError::OutOfRange { index: 5, size: 5 })
        );
        assert_eq!(
            consistency_nodes(0, 3),
            Err(ProofError::BadSizes {
                first: 0,
                second: 3
            })
        );
        assert_eq!(
            consistency_nodes(4, 3),
            Err(ProofError::BadSizes {
                first: 4,
                second: 3
            })
        );
        assert_eq!(consistency_nodes(3, 3), Ok(Vec::new()));
        assert_eq!(tree.consistency_proof(3, 3), Ok(Vec::new()));
        let (root3, root5) = (tree.root(3).unwrap(), tree.root(5).unwrap());
        let empty = empty_root();
        let bad = ProofError::BadSizes {
            first: 0,
            second: 5,
        };
        assert_eq!(verify_consistency(0, &empty, 5, &root5, &[]), Err(bad));
        let bad = ProofError::BadSizes {
            first: 0,
            second: 0,
        };
        assert_eq!(verify_consistency(0, &empty, 0, &empty, &[]), Err(bad));
        assert_eq!(verify_consistency(3, &root3, 3, &root3, &[]), Ok(()));
        assert_eq!(
            verify_consistency(3, &root3, 3, &root5, &[]),
            Err(ProofError::Mismatch)
        );
        let wrong = ProofError::WrongLength { got: 1, want: 0 };
        assert_eq!(
            verify_consistency(3, &root3, 3, &root3, &[root3]),
            Err(wrong)
        );
        let proof = tree.consistency_proof(3, 5).unwrap();
        let wrong = ProofError::WrongLength { got: 5, want: 4 };
        let longer = [proof.clone(), vec![root5]].concat();
        assert_eq!(
            verify_consistency(3, &root3, 5, &root5, &longer),
            Err(wrong)
        );
        assert_eq!(verify_consistency(3, &root3, 5, &root5, &proof), Ok(()));
        let proof = tree.inclusion_proof(1, 5).unwrap();
        let leaf = tree.node(Node { level: 0, index: 1 }).unwrap();
        let wrong = ProofError::WrongLength { got: 2, want: 3 };
        assert_eq!(
            verify_inclusion(&leaf, 1, 5, &proof[..2], &root5),
            Err(wrong)
        );
        assert_eq!(
            verify_inclusion(&leaf, 1, 5, &proof, &root3),
            Err(ProofError::Mismatch)
        );
        // Beyond what is stored, and with a node not read.
        assert_eq!(
            tree.root(6),
            Err(ProofError::Missing(Node { level: 1, index: 2 }))
        );
        let named = inclusion_nodes(1, 5).unwrap();
        let mut nodes = tree.read(&named);
        nodes.remove(&named[1]);
        assert_eq!(
            inclusion_proof(1, 5, &nodes),
            Err(ProofError::Missing(named[1]))
        );
        assert!(Appender::resume(6, &tree.read(&frontier(6))).is_err());
    }
}
