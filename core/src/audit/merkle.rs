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
    todo!()
}

/// `SHA-256(0x01 || left || right)`: the hash of an inner node.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    todo!()
}

/// The root of the empty tree: `SHA-256()` of nothing.
pub fn empty_root() -> Hash {
    todo!()
}

/// The complete subtrees a tree of `size` leaves is made of (one per bit of `size`), the
/// largest (leftmost) first.
pub fn frontier(size: u64) -> Vec<Node> {
    todo!()
}

/// The root of a tree of `size` leaves from its frontier's nodes (`frontier(size)`, read).
pub fn root(size: u64, nodes: &Nodes) -> Result<Hash, ProofError> {
    todo!()
}

/// The nodes to read to prove leaf `index` is in the tree of `size` leaves.
pub fn inclusion_nodes(index: u64, size: u64) -> Result<Vec<Node>, ProofError> {
    todo!()
}

/// The audit path of RFC 9162 §2.1.3.1 for leaf `index` in the tree of `size` leaves, from the
/// nodes `inclusion_nodes` named (read).
pub fn inclusion_proof(index: u64, size: u64, nodes: &Nodes) -> Result<Vec<Hash>, ProofError> {
    todo!()
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
    todo!()
}

/// The nodes to read to prove the tree of `first` leaves is a prefix of the one of `second`.
pub fn consistency_nodes(first: u64, second: u64) -> Result<Vec<Node>, ProofError> {
    todo!()
}

/// The consistency proof of RFC 9162 §2.1.4.1 between the trees of `first` and `second`
/// leaves (0 < first <= second), from the nodes `consistency_nodes` named (read).
pub fn consistency_proof(first: u64, second: u64, nodes: &Nodes) -> Result<Vec<Hash>, ProofError> {
    todo!()
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
    todo!()
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
        todo!()
    }

    /// Append the leaf hashing to `leaf`: the nodes it completes, to be stored, the leaf
    /// (level 0) first and then each parent it completes.
    pub fn push(&mut self, leaf: Hash) -> Vec<(Node, Hash)> {
        todo!()
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    /// The root of the tree so far.
    pub fn root(&self) -> Hash {
        todo!()
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
        todo!()
    }

    pub fn size(&self) -> u64 {
        self.levels.first().map_or(0, |leaves| leaves.len() as u64)
    }

    /// The stored node, if complete.
    pub fn node(&self, node: Node) -> Option<Hash> {
        todo!()
    }

    /// The named nodes, read as the store reads them.
    pub fn read(&self, wanted: &[Node]) -> Nodes {
        todo!()
    }

    /// The root of the first `size` leaves.
    pub fn root(&self, size: u64) -> Result<Hash, ProofError> {
        todo!()
    }

    pub fn inclusion_proof(&self, index: u64, size: u64) -> Result<Vec<Hash>, ProofError> {
        todo!()
    }

    pub fn consistency_proof(&self, first: u64, second: u64) -> Result<Vec<Hash>, ProofError> {
        todo!()
    }
}
