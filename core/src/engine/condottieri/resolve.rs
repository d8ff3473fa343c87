//! The decisions of an orders phase and their guess-and-check resolver (§7.3–§7.6): strengths,
//! MOVE, ROUTE and GIVEN, circular movement, and the Szykman rule for convoy paradoxes (R26, R55).

use super::map::Area;
use super::state::{Owner, Unit};
use std::collections::BTreeMap;

/// An entry into a field (§7.3): an effective advance, or a garrison's conversion.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    /// Index of the unit in `Board::units`.
    pub unit: usize,
    pub target: Area,
    pub source: Area,
    pub convoy: bool,
    pub conversion: bool,
    /// The rebellion bonus of §7.4 (0 or 1).
    pub bonus: u32,
}

/// An effective support: by which unit, into which area, for which entry or held unit.
#[derive(Clone, Debug)]
pub(super) struct Support {
    pub unit: usize,
    pub target: Area,
    pub garrison: bool,
}

/// Everything the decisions read, built once from the effective orders.
pub(super) struct Board {
    pub units: Vec<Unit>,
    pub entries: Vec<Entry>,
    pub supports: Vec<Support>,
    /// Per unit: its entry, if any.
    pub entry_of: Vec<Option<usize>>,
    /// Per area: entries into it, in ascending unit id.
    pub entries_into: BTreeMap<Area, Vec<usize>>,
    /// Per area: the field unit at the start that is not garrisoning (`occ`).
    pub occ: BTreeMap<Area, usize>,
    /// Per entry: the supports that match it, in ascending supporter id.
    pub entry_supports: Vec<Vec<usize>>,
    /// Per unit: the hold supports that match it, in ascending supporter id.
    pub hold_supports: Vec<Vec<usize>>,
    /// Per entry: its head-to-head partner (R25).
    pub partner: Vec<Option<usize>>,
    /// Per convoyed entry: the fleets with a matching effective convoy, in ascending id.
    pub convoyers: Vec<Vec<usize>>,
    /// Units that garrison this phase (§7.3).
    pub garrisoning: Vec<bool>,
    /// Per support: is it the support `Given` decision index `s` of a field unit.
    pub support_of_unit: Vec<Option<usize>>,
}

impl Board {
    fn owner(&self, unit: usize) -> Owner {
        self.units[unit].owner
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Decision {
    Move(usize),
    Route(usize),
    Given(usize),
}

/// The resolver of §7.6. `low` is the shallowest depth of a GUESSING decision read since the
/// current evaluation began: R55's count of guess reads, made precise enough to tell a guess
/// of an enclosing decision (the evaluated one rests on it) from guesses inside cycles that
/// closed and were resolved during the evaluation (the literal pseudocode of §7.6 would leave a
/// top-level decision GUESSING in that case; a decision is still never marked RESOLVED on an
/// evaluation that read a guess still open).
pub(super) struct Resolver<'a> {
    pub board: &'a Board,
    state: Vec<State>,
    value: Vec<bool>,
    depth_of: Vec<usize>,
    stack: Vec<usize>,
    depth: usize,
    low: usize,
}

impl<'a> Resolver<'a> {
    pub fn new(board: &'a Board) -> Resolver<'a> {
        let n = 2 * board.entries.len() + board.supports.len();
        Resolver {
            board,
            state: vec![State::Unresolved; n],
            value: vec![false; n],
            depth_of: vec![0; n],
            stack: Vec::new(),
            depth: 0,
            low: usize::MAX,
        }
    }

    fn index(&self, d: Decision) -> usize {
        let e = self.board.entries.len();
        match d {
            Decision::Move(i) => i,
            Decision::Route(i) => e + i,
            Decision::Given(i) => 2 * e + i,
        }
    }

    fn decision(&self, i: usize) -> Decision {
        let e = self.board.entries.len();
        if i < e {
            Decision::Move(i)
        } else if i < 2 * e {
            Decision::Route(i - e)
        } else {
            Decision::Given(i - 2 * e)
        }
    }

    /// Resolves every decision, in the top-level order of §7.6.
    pub fn run(&mut self) {
        let b = self.board;
        for u in 0..b.units.len() {
            if let Some(e) = b.entry_of[u] {
                self.top(Decision::Move(e));
                if b.entries[e].convoy {
                    self.top(Decision::Route(e));
                }
            }
            if let Some(s) = b.support_of_unit[u] {
                if !b.supports[s].garrison {
                    self.top(Decision::Given(s));
                }
            }
        }
    }

    fn top(&mut self, d: Decision) {
        self.resolve(d);
        let i = self.index(d);
        debug_assert_eq!(self.state[i], State::Resolved, "{d:?} left unresolved");
    }

    pub fn resolve(&mut self, d: Decision) -> bool {
        let i = self.index(d);
        match self.state[i] {
            State::Resolved => return self.value[i],
            State::Guessing => {
                self.low = self.low.min(self.depth_of[i]);
                if !self.stack.contains(&i) {
                    self.stack.push(i);
                }
                return self.value[i];
            }
            State::Unresolved => {}
        }
        self.depth += 1;
        let my = self.depth;
        let outer_low = self.low;
        let mark = self.stack.len();
        self.value[i] = false;
        self.state[i] = State::Guessing;
        self.depth_of[i] = my;
        self.low = usize::MAX;
        let first = self.evaluate(d);
        let low = self.low;
        let result = if low > my {
            if self.state[i] != State::Resolved {
                self.value[i] = first;
                self.state[i] = State::Resolved;
            }
            self.low = outer_low;
            self.value[i]
        } else if low < my {
            // d rests on the guess of an enclosing decision: it stays GUESSING, and whoever reads
            // it later reads that guess (so its depth becomes the guess's depth).
            if !self.stack.contains(&i) {
                self.stack.push(i);
            }
            self.depth_of[i] = low;
            self.value[i] = first;
            self.low = outer_low.min(low);
            first
        } else {
            // d heads a cycle of guesses: try the other guess.
            self.unresolve_from(mark);
            self.value[i] = true;
            self.state[i] = State::Guessing;
            self.depth_of[i] = my;
            self.low = usize::MAX;
            let second = self.evaluate(d);
            let low2 = self.low;
            if low2 < my {
                if !self.stack.contains(&i) {
                    self.stack.push(i);
                }
                self.depth_of[i] = low2;
                self.value[i] = second;
                self.low = outer_low.min(low2);
                second
            } else if first == second {
                self.unresolve_from(mark);
                self.value[i] = first;
                self.state[i] = State::Resolved;
                self.low = outer_low;
                first
            } else {
                let mut cycle: Vec<usize> = self.stack[mark..].to_vec();
                if !cycle.contains(&i) {
                    cycle.push(i);
                }
                self.backup_rule(&cycle);
                self.stack.truncate(mark);
                self.depth -= 1;
                self.low = outer_low;
                return self.resolve(d);
            }
        };
        self.depth -= 1;
        result
    }

    fn unresolve_from(&mut self, mark: usize) {
        for k in mark..self.stack.len() {
            let x = self.stack[k];
            self.state[x] = State::Unresolved;
        }
        self.stack.truncate(mark);
    }

    /// Two answers or none: a convoy paradox (the cycle holds a ROUTE) breaks every route in it
    /// (Szykman rule); otherwise it is circular movement and every move in it succeeds (R26).
    fn backup_rule(&mut self, cycle: &[usize]) {
        let routes = cycle
            .iter()
            .any(|&x| matches!(self.decision(x), Decision::Route(_)));
        for &x in cycle {
            let d = self.decision(x);
            match d {
                Decision::Route(_) if routes => {
                    self.value[x] = false;
                    self.state[x] = State::Resolved;
                }
                Decision::Move(_) if !routes => {
                    self.value[x] = true;
                    self.state[x] = State::Resolved;
                }
                _ => {
                    if self.state[x] != State::Resolved {
                        self.state[x] = State::Unresolved;
                    }
                }
            }
        }
    }

    fn evaluate(&mut self, d: Decision) -> bool {
        match d {
            Decision::Move(e) => self.eval_move(e),
            Decision::Route(e) => self.eval_route(e),
            Decision::Given(s) => self.eval_given(s),
        }
    }

    fn eval_move(&mut self, e: usize) -> bool {
        let b = self.board;
        let entry = &b.entries[e];
        if entry.convoy && !self.resolve(Decision::Route(e)) {
            return false;
        }
        let attack = self.attack(e);
        let resistance = match b.partner[e] {
            Some(p) => self.defend(p),
            None => self.hold(entry.target),
        };
        if attack <= resistance {
            return false;
        }
        for &other in b.entries_into.get(&entry.target).into_iter().flatten() {
            if other != e && attack <= self.prevent(other) {
                return false;
            }
        }
        true
    }

    fn eval_route(&mut self, e: usize) -> bool {
        let b = self.board;
        let mut fleets = Vec::new();
        for &f in &b.convoyers[e] {
            if !self.dislodged(f) {
                fleets.push(b.units[f].area);
            }
        }
        chain(b.entries[e].source, b.entries[e].target, &fleets)
    }

    fn eval_given(&mut self, s: usize) -> bool {
        let b = self.board;
        let sup = &b.supports[s];
        let v = sup.unit;
        let area = b.units[v].area;
        for &e in b.entries_into.get(&area).into_iter().flatten() {
            let entry = &b.entries[e];
            if b.owner(entry.unit) == b.owner(v) {
                continue;
            }
            if entry.conversion {
                return false;
            }
            if entry.source != sup.target && (!entry.convoy || self.resolve(Decision::Route(e))) {
                return false;
            }
        }
        !self.dislodged(v)
    }

    /// DISLODGED(u) (§7.5), for a field unit.
    pub fn dislodged(&mut self, u: usize) -> bool {
        let b = self.board;
        if b.garrisoning[u] || !b.units[u].kind.is_field() {
            return false;
        }
        if let Some(e) = b.entry_of[u] {
            if self.resolve(Decision::Move(e)) {
                return false;
            }
        }
        let area = b.units[u].area;
        for &e in b.entries_into.get(&area).into_iter().flatten() {
            if self.resolve(Decision::Move(e)) {
                return true;
            }
        }
        false
    }

    fn given(&mut self, s: usize) -> bool {
        self.board.supports[s].garrison || self.resolve(Decision::Given(s))
    }

    fn sup(&mut self, e: usize, not_for: Option<Owner>) -> u32 {
        let b = self.board;
        let mut total = 0;
        for &s in &b.entry_supports[e] {
            let supporter = b.owner(b.supports[s].unit);
            if not_for == Some(supporter) {
                continue;
            }
            if self.given(s) {
                total += 1;
            }
        }
        total
    }

    /// HOLD(T) (§7.4).
    pub fn hold(&mut self, t: Area) -> u32 {
        let b = self.board;
        let Some(&o) = b.occ.get(&t) else { return 0 };
        if let Some(oe) = b.entry_of[o] {
            return if self.resolve(Decision::Move(oe)) {
                0
            } else {
                1
            };
        }
        let mut total = 1;
        for &s in &b.hold_supports[o] {
            if self.given(s) {
                total += 1;
            }
        }
        total
    }

    /// ATTACK(e) (§7.4, R24).
    pub fn attack(&mut self, e: usize) -> u32 {
        let b = self.board;
        let entry = &b.entries[e];
        if entry.convoy && !self.resolve(Decision::Route(e)) {
            return 0;
        }
        let stays = match b.occ.get(&entry.target) {
            None => None,
            Some(&o) => {
                let stays = match b.entry_of[o] {
                    None => true,
                    Some(oe) => b.partner[e] == Some(oe) || !self.resolve(Decision::Move(oe)),
                };
                stays.then_some(o)
            }
        };
        match stays {
            None => 1 + entry.bonus + self.sup(e, None),
            Some(o) if b.owner(o) == b.owner(entry.unit) => 0,
            Some(o) => 1 + entry.bonus + self.sup(e, Some(b.owner(o))),
        }
    }

    /// DEFEND(e) (§7.4).
    pub fn defend(&mut self, e: usize) -> u32 {
        1 + self.board.entries[e].bonus + self.sup(e, None)
    }

    /// PREVENT(e) (§7.4).
    pub fn prevent(&mut self, e: usize) -> u32 {
        let b = self.board;
        if b.entries[e].convoy && !self.resolve(Decision::Route(e)) {
            return 0;
        }
        if let Some(p) = b.partner[e] {
            if self.resolve(Decision::Move(p)) {
                return 0;
            }
        }
        1 + b.entries[e].bonus + self.sup(e, None)
    }

    pub fn value(&mut self, d: Decision) -> bool {
        self.resolve(d)
    }
}

/// Whether fleets standing in `fleets` link `from` to `to` (§7.2 step 2, §7.5 ROUTE).
pub(super) fn chain(from: Area, to: Area, fleets: &[Area]) -> bool {
    let mut reached = vec![false; fleets.len()];
    let mut todo: Vec<usize> = Vec::new();
    for (i, f) in fleets.iter().enumerate() {
        if from.borders(*f) {
            reached[i] = true;
            todo.push(i);
        }
    }
    while let Some(i) = todo.pop() {
        if fleets[i].borders(to) {
            return true;
        }
        for (j, f) in fleets.iter().enumerate() {
            if !reached[j] && fleets[i].borders(*f) {
                reached[j] = true;
                todo.push(j);
            }
        }
    }
    false
}
