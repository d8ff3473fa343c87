//! Pergamemnon's reply commands: every action written as a line ("recruit cr_centaur pay chr_01",
//! "atacar 2 espada rom_spearman_1 poupar rom_caesar"), read in every catalog's language, written.
//!
//! A line is folded words; its first word is a verb, the rest cards (by id, or by name where the
//! name is unambiguous among the cards the decision can use), a target, a weapon and plan words.
//! Reading checks the line's shape only; the rules judge the move.

use super::board::effective_cost;
use super::data;
use crate::engine::pergamemnon::actions::{AfterLoss, Disposal, Fallback, Respond, Zone};
use crate::engine::pergamemnon::cards::CardSet;
use crate::engine::pergamemnon::{
    Action, Capture, Decision, Nation, Plan, ReinforceMode, StandingOrders, View, Weapon,
};
use crate::engine::Seat;
use crate::present::reply::{
    alternatives, first_alternative, folded_alternatives, longest_first, Names,
};
use crate::present::{Command, Folding, Words};

/// The verbs, each with its catalog key (`pergamemnon-command-…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Recruit,
    Attack,
    Defend,
    Reinforce,
    Tuck,
    Discard,
    Orders,
    Pass,
}

impl Verb {
    const ALL: [Verb; 8] = [
        Verb::Recruit,
        Verb::Attack,
        Verb::Defend,
        Verb::Reinforce,
        Verb::Tuck,
        Verb::Discard,
        Verb::Orders,
        Verb::Pass,
    ];
    fn key(self) -> &'static str {
        match self {
            Verb::Recruit => "pergamemnon-command-recruit",
            Verb::Attack => "pergamemnon-command-attack",
            Verb::Defend => "pergamemnon-command-defend",
            Verb::Reinforce => "pergamemnon-command-reinforce",
            Verb::Tuck => "pergamemnon-command-tuck",
            Verb::Discard => "pergamemnon-command-discard",
            Verb::Orders => "pergamemnon-command-orders",
            Verb::Pass => "pergamemnon-command-pass",
        }
    }
}

/// The other words a command may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Pay,
    None,
    Auto,
    Never,
    Ask,
    Prefer,
    Fallback,
    Keep,
    Capture,
    TuckZero,
    Respond,
    AfterLoss,
    Charisma,
    Reinforce,
    Tuck,
    Discard,
    Weapon(Weapon),
}

impl Word {
    fn key(self) -> &'static str {
        match self {
            Word::Pay => "pergamemnon-command-pay",
            Word::None => "pergamemnon-command-none",
            Word::Auto => "pergamemnon-command-auto",
            Word::Never => "pergamemnon-command-never",
            Word::Ask => "pergamemnon-command-ask",
            Word::Prefer => "pergamemnon-command-prefer",
            Word::Fallback => "pergamemnon-command-fallback",
            Word::Keep => "pergamemnon-command-keep",
            Word::Capture => "pergamemnon-command-capture",
            Word::TuckZero => "pergamemnon-command-tuck-zero",
            Word::Respond => "pergamemnon-command-respond",
            Word::AfterLoss => "pergamemnon-command-after-loss",
            Word::Charisma => "pergamemnon-command-charisma",
            Word::Reinforce => "pergamemnon-command-reinforce",
            Word::Tuck => "pergamemnon-command-tuck",
            Word::Discard => "pergamemnon-command-discard",
            Word::Weapon(Weapon::Sword) => "pergamemnon-command-sword",
            Word::Weapon(Weapon::Spear) => "pergamemnon-command-spear",
            Word::Weapon(Weapon::Bow) => "pergamemnon-command-bow",
        }
    }
    const ALL: [Word; 19] = [
        Word::Pay,
        Word::None,
        Word::Auto,
        Word::Never,
        Word::Ask,
        Word::Prefer,
        Word::Fallback,
        Word::Keep,
        Word::Capture,
        Word::TuckZero,
        Word::Respond,
        Word::AfterLoss,
        Word::Charisma,
        Word::Reinforce,
        Word::Tuck,
        Word::Discard,
        Word::Weapon(Weapon::Sword),
        Word::Weapon(Weapon::Spear),
        Word::Weapon(Weapon::Bow),
    ];
}

/// Every verb of the game's commands in `words`' language, each alternative.
pub(super) fn command_words(words: &Words) -> Vec<String> {
    Verb::ALL
        .iter()
        .flat_map(|v| {
            alternatives(&words.get(v.key()))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The plan's words, only what differs from the default plan; `explicit` writes
/// "reinforce auto" for a default plan, so that a reply never falls back on standing orders.
fn plan_phrase(plan: &Plan, words: &Words, explicit: bool) -> Vec<String> {
    let word = |w: Word| first_alternative(&words.get(w.key()));
    let mut parts = Vec::new();
    match plan.reinforce {
        ReinforceMode::Prefer if !plan.prefer.is_empty() => {
            parts.push(word(Word::Prefer));
            parts.extend(plan.prefer.iter().cloned());
        }
        ReinforceMode::Prefer => {
            parts.push(word(Word::Reinforce));
            parts.push(word(Word::Prefer));
        }
        ReinforceMode::Never => {
            parts.push(word(Word::Reinforce));
            parts.push(word(Word::Never));
        }
        ReinforceMode::Ask => {
            parts.push(word(Word::Reinforce));
            parts.push(word(Word::Ask));
        }
        ReinforceMode::Auto => {
            if !plan.prefer.is_empty() {
                // A list kept without `prefer` mode: said as a list, then the mode.
                parts.push(word(Word::Prefer));
                parts.extend(plan.prefer.iter().cloned());
                parts.push(word(Word::Reinforce));
                parts.push(word(Word::Auto));
            }
        }
    }
    if plan.fallback == Fallback::None {
        parts.push(word(Word::Fallback));
        parts.push(word(Word::None));
    }
    if !plan.keep.is_empty() {
        parts.push(word(Word::Keep));
        parts.extend(plan.keep.iter().cloned());
    }
    match plan.capture {
        Capture::Discard => {}
        Capture::Tuck => {
            parts.push(word(Word::Capture));
            parts.push(word(Word::Tuck));
        }
        Capture::TuckZeroPoints => {
            parts.push(word(Word::Capture));
            parts.push(word(Word::TuckZero));
        }
        Capture::Ask => {
            parts.push(word(Word::Capture));
            parts.push(word(Word::Ask));
        }
    }
    if parts.is_empty() && explicit {
        parts.push(word(Word::Reinforce));
        parts.push(word(Word::Auto));
    }
    parts
}

/// The command that plays `action` in `words`' language: what a mail shows, and what
/// [`read_command`] reads back.
pub(super) fn commands(action: &Action, words: &Words) -> Vec<String> {
    let verb = |v: Verb| first_alternative(&words.get(v.key()));
    let word = |w: Word| first_alternative(&words.get(w.key()));
    let mut parts: Vec<String> = Vec::new();
    match action {
        Action::Recruit { creature, payment } => {
            parts.push(verb(Verb::Recruit));
            parts.push(creature.clone());
            if !payment.is_empty() {
                parts.push(word(Word::Pay));
                parts.extend(payment.iter().cloned());
            }
        }
        Action::Attack {
            target,
            weapon,
            card,
            plan,
        } => {
            parts.push(verb(Verb::Attack));
            parts.push(target.number().to_string());
            parts.push(word(Word::Weapon(*weapon)));
            parts.push(card.clone());
            parts.extend(plan_phrase(plan, words, true));
        }
        Action::Defend { card, plan } => {
            parts.push(verb(Verb::Defend));
            parts.push(card.clone());
            parts.extend(plan_phrase(plan, words, true));
        }
        Action::Reinforce { card } => {
            parts.push(verb(Verb::Reinforce));
            parts.push(card.clone().unwrap_or_else(|| word(Word::None)));
        }
        Action::Dispose { cards } => {
            let mut last = None;
            for Disposal { card, to } in cards {
                if last != Some(*to) {
                    parts.push(match to {
                        Zone::Tuck => verb(Verb::Tuck),
                        Zone::Discard => verb(Verb::Discard),
                    });
                    last = Some(*to);
                }
                parts.push(card.clone());
            }
            if cards.is_empty() {
                return Vec::new();
            }
        }
        Action::Discard { cards } => {
            parts.push(verb(Verb::Discard));
            if cards.is_empty() {
                parts.push(word(Word::None));
            } else {
                parts.extend(cards.iter().cloned());
            }
        }
        Action::Pass => parts.push(verb(Verb::Pass)),
        Action::Orders { orders } => {
            parts.push(verb(Verb::Orders));
            parts.push(word(Word::Respond));
            parts.push(word(match orders.respond {
                Respond::Ask => Word::Ask,
                Respond::Auto => Word::Auto,
            }));
            parts.extend(plan_phrase(&orders.plan, words, false));
            if orders.discard_after_loss == AfterLoss::Ask {
                parts.push(word(Word::AfterLoss));
                parts.push(word(Word::Ask));
            }
        }
    }
    vec![parts.join(" ")]
}

struct Lexicon {
    verbs: Names<Verb>,
    words: Names<Word>,
    nations: Names<Nation>,
}

impl Lexicon {
    fn new(languages: &[Words], folding: &Folding) -> Lexicon {
        let fold = |text: &str| folding.fold(text);
        let alternatives = |key: &str| folded_alternatives(languages, &|w| w.get(key), &fold);
        let mut lexicon = Lexicon {
            verbs: Vec::new(),
            words: Vec::new(),
            nations: Vec::new(),
        };
        for v in Verb::ALL {
            for name in alternatives(v.key()) {
                lexicon.verbs.push((name, v));
            }
        }
        for w in Word::ALL {
            for name in alternatives(w.key()) {
                lexicon.words.push((name, w));
            }
        }
        for n in Nation::ALL {
            lexicon.nations.push((folding.fold(n.slug()), n));
            for name in alternatives(&format!("pergamemnon-nation-{}", n.slug())) {
                lexicon.nations.push((name, n));
            }
        }
        longest_first(&mut lexicon.verbs);
        longest_first(&mut lexicon.words);
        longest_first(&mut lexicon.nations);
        lexicon
    }
}

/// What a card word may name: every card of the set by id, and the cards of `pool` by name.
struct Cards<'a> {
    set: &'a CardSet,
    folding: &'a Folding,
}

impl Cards<'_> {
    /// Every id of the set and the charisma cards, folded, longest first.
    fn ids(&self) -> Names<String> {
        let mut ids: Names<String> = self
            .set
            .cards
            .iter()
            .map(|c| (self.folding.fold(&c.id), c.id.clone()))
            .chain((1..=21).map(|n| {
                let id = format!("chr_{n:02}");
                (self.folding.fold(&id), id)
            }))
            .collect();
        ids.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
        ids
    }
}

/// The words still to read.
struct Reader<'a> {
    words: &'a [String],
    at: usize,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.words.len()
    }
    fn rest(&self) -> &[String] {
        &self.words[self.at.min(self.words.len())..]
    }
    fn starts(&self, name: &[String]) -> bool {
        let rest = self.rest();
        rest.len() >= name.len() && rest.iter().zip(name).all(|(a, b)| a == b)
    }
    fn take<T: Copy>(&mut self, names: &[(Vec<String>, T)]) -> Option<T> {
        let (name, found) = names.iter().find(|(name, _)| self.starts(name))?;
        self.at += name.len();
        Some(*found)
    }
    /// The next word, if it is this one.
    fn word(&mut self, lexicon: &Lexicon, want: Word) -> bool {
        match lexicon
            .words
            .iter()
            .find(|(name, w)| *w == want && self.starts(name))
        {
            Some((name, _)) => {
                self.at += name.len();
                true
            }
            None => false,
        }
    }
    /// The next word as one of the command words (without taking it).
    fn peek_word(&self, lexicon: &Lexicon) -> Option<Word> {
        lexicon
            .words
            .iter()
            .find(|(name, _)| self.starts(name))
            .map(|(_, w)| *w)
    }
    fn number(&mut self) -> Option<u32> {
        let n = self.rest().first()?.parse().ok()?;
        self.at += 1;
        Some(n)
    }
    /// One card: an id of the set, or a name among `pool` (a name several cards of `pool`
    /// share reads as the first not yet `chosen`, when those cards are alike in every value).
    fn card(
        &mut self,
        cards: &Cards,
        ids: &Names<String>,
        pool: &[String],
        chosen: &[String],
    ) -> Option<String> {
        if let Some((name, id)) = ids.iter().find(|(name, _)| self.starts(name)) {
            self.at += name.len();
            return Some(id.clone());
        }
        // A charisma card as "chr 1" (the id without its leading zero).
        if self.rest().first().is_some_and(|w| w == "chr") {
            if let Some(n) = self.rest().get(1).and_then(|n| n.parse::<u8>().ok()) {
                if (1..=21).contains(&n) {
                    self.at += 2;
                    return Some(format!("chr_{n:02}"));
                }
            }
        }
        let mut by_name: Vec<(Vec<String>, &String)> = pool
            .iter()
            .filter_map(|id| data(cards.set, id).map(|d| (cards.folding.fold(&d.name), id)))
            .collect();
        by_name.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
        let (name, _) = by_name
            .iter()
            .find(|(name, _)| !name.is_empty() && self.starts(name))?;
        let name = name.clone();
        let same: Vec<&String> = by_name
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, id)| *id)
            .collect();
        let alike = |a: &str, b: &str| match (data(cards.set, a), data(cards.set, b)) {
            (Some(x), Some(y)) => {
                (
                    &x.name, x.nation, x.leader, x.cost, x.weapon, x.attack, x.defence, x.charisma,
                    x.points, x.flee, x.secure,
                ) == (
                    &y.name, y.nation, y.leader, y.cost, y.weapon, y.attack, y.defence, y.charisma,
                    y.points, y.flee, y.secure,
                )
            }
            _ => false,
        };
        if same.iter().any(|id| !alike(id, same[0])) {
            return None;
        }
        let id = same
            .iter()
            .find(|id| !chosen.contains(id))
            .or(same.first())?;
        self.at += name.len();
        Some((*id).clone())
    }
    /// Cards up to the next command word or the end; at least one.
    fn cards(
        &mut self,
        lexicon: &Lexicon,
        cards: &Cards,
        ids: &Names<String>,
        pool: &[String],
    ) -> Option<Vec<String>> {
        let mut list = Vec::new();
        while !self.done() && self.peek_word(lexicon).is_none() {
            let card = self.card(cards, ids, pool, &list)?;
            list.push(card);
        }
        (!list.is_empty()).then_some(list)
    }
    /// Plan words in any order, on top of `base`; `None` when a word is not a plan's.
    fn plan(
        &mut self,
        lexicon: &Lexicon,
        cards: &Cards,
        ids: &Names<String>,
        pool: &[String],
        mut plan: Plan,
    ) -> Option<Plan> {
        while !self.done() {
            if self.word(lexicon, Word::Reinforce) {
                plan.reinforce = if self.word(lexicon, Word::Auto) {
                    ReinforceMode::Auto
                } else if self.word(lexicon, Word::Never) || self.word(lexicon, Word::None) {
                    ReinforceMode::Never
                } else if self.word(lexicon, Word::Ask) {
                    ReinforceMode::Ask
                } else if self.word(lexicon, Word::Prefer) {
                    ReinforceMode::Prefer
                } else {
                    return None;
                };
            } else if self.word(lexicon, Word::Prefer) {
                plan.reinforce = ReinforceMode::Prefer;
                plan.prefer = self.cards(lexicon, cards, ids, pool)?;
            } else if self.word(lexicon, Word::Fallback) {
                plan.fallback = if self.word(lexicon, Word::Auto) {
                    Fallback::Auto
                } else if self.word(lexicon, Word::None) || self.word(lexicon, Word::Never) {
                    Fallback::None
                } else {
                    return None;
                };
            } else if self.word(lexicon, Word::Keep) {
                plan.keep = if self.word(lexicon, Word::None) {
                    Vec::new()
                } else {
                    self.cards(lexicon, cards, ids, pool)?
                };
            } else if self.word(lexicon, Word::Capture) {
                plan.capture = if self.word(lexicon, Word::TuckZero) {
                    Capture::TuckZeroPoints
                } else if self.word(lexicon, Word::Tuck) {
                    Capture::Tuck
                } else if self.word(lexicon, Word::Discard) {
                    Capture::Discard
                } else if self.word(lexicon, Word::Ask) {
                    Capture::Ask
                } else {
                    return None;
                };
            } else {
                return None;
            }
        }
        Some(plan)
    }
}

/// What the seat is asked now, if anything.
fn asked(view: &View, seat: Seat) -> Option<&Decision> {
    view.waiting
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, d)| d)
}

/// The action a reply line names, if its first word is one of the game's verbs.
pub(super) fn read_command(
    folding: &Folding,
    line: &str,
    view: &View,
    seat: Seat,
    languages: &[Words],
) -> Command<Action> {
    let folded = folding.fold(line);
    let lexicon = Lexicon::new(languages, folding);
    let mut reader = Reader {
        words: &folded,
        at: 0,
    };
    let Some(verb) = reader.take(&lexicon.verbs) else {
        return Command::None;
    };
    match read(verb, &mut reader, &lexicon, folding, view, seat) {
        Some(action) if reader.done() => Command::Action(action),
        _ => Command::Unreadable,
    }
}

fn read(
    verb: Verb,
    r: &mut Reader,
    lexicon: &Lexicon,
    folding: &Folding,
    view: &View,
    seat: Seat,
) -> Option<Action> {
    let set = &*view.set;
    let cards = Cards { set, folding };
    let ids = cards.ids();
    let me = view.seats.get(seat.index());
    let hand: Vec<String> = me.and_then(|s| s.hand.clone()).unwrap_or_default();
    let standing: StandingOrders = me.and_then(|s| s.orders.clone()).unwrap_or_default();
    let decision = asked(view, seat);
    // A plan: the standing plan when the line writes none, else the default plan and the
    // words written.
    let plan_of = |r: &mut Reader| -> Option<Plan> {
        if r.done() {
            Some(standing.plan.clone())
        } else {
            r.plan(lexicon, &cards, &ids, &hand, Plan::default())
        }
    };
    Some(match verb {
        Verb::Recruit => {
            let creature = r.card(&cards, &ids, &view.display, &[])?;
            let tucked: Vec<String> = me.map(|s| s.tucked.clone()).unwrap_or_default();
            let payment = if r.word(lexicon, Word::Pay) {
                let mut list: Vec<String> = Vec::new();
                while !r.done() {
                    if r.word(lexicon, Word::Charisma) {
                        let next = tucked
                            .iter()
                            .find(|id| super::is_charisma(id) && !list.contains(id))?;
                        list.push(next.clone());
                    } else {
                        let card = r.card(&cards, &ids, &tucked, &list)?;
                        list.push(card);
                    }
                }
                if list.is_empty() {
                    return None;
                }
                list
            } else {
                // No payment written: the default payment (§10.5), if there is one.
                let cost = data(set, &creature)
                    .map(|d| effective_cost(d.cost, me))
                    .unwrap_or(1);
                default_payment(set, &hand, &tucked, cost)?
            };
            Action::Recruit { creature, payment }
        }
        Verb::Attack => {
            let target = match r.number() {
                Some(n) => Seat::from_number(u8::try_from(n).ok()?)?,
                None => {
                    let n = r.take(&lexicon.nations)?;
                    view.seats.iter().find(|s| s.nation == n)?.seat
                }
            };
            let named = match r.peek_word(lexicon) {
                Some(Word::Weapon(w)) => {
                    r.word(lexicon, Word::Weapon(w));
                    Some(w)
                }
                _ => None,
            };
            let card = r.card(&cards, &ids, &hand, &[])?;
            let weapon = match named {
                Some(w) => w,
                None => data(set, &card)?.weapon,
            };
            let plan = plan_of(r)?;
            Action::Attack {
                target,
                weapon,
                card,
                plan,
            }
        }
        Verb::Defend => {
            let card = r.card(&cards, &ids, &hand, &[])?;
            let plan = plan_of(r)?;
            Action::Defend { card, plan }
        }
        Verb::Reinforce => {
            if r.word(lexicon, Word::None) || r.word(lexicon, Word::Never) {
                Action::Reinforce { card: None }
            } else {
                Action::Reinforce {
                    card: Some(r.card(&cards, &ids, &hand, &[])?),
                }
            }
        }
        Verb::Tuck | Verb::Discard => {
            let disposing = match decision {
                Some(Decision::Dispose { .. }) => true,
                Some(Decision::Discard { .. }) => false,
                _ => {
                    verb == Verb::Tuck
                        || lexicon.words.iter().any(|(name, w)| {
                            *w == Word::Tuck
                                && r.rest().windows(name.len()).any(|win| win == &name[..])
                        })
                }
            };
            if disposing {
                let asked_cards: Vec<String> = match decision {
                    Some(Decision::Dispose { cards, .. }) => cards.clone(),
                    _ => view
                        .battle
                        .as_ref()
                        .map(|b| b.captured.clone())
                        .unwrap_or_default(),
                };
                let mut zone = if verb == Verb::Tuck {
                    Zone::Tuck
                } else {
                    Zone::Discard
                };
                let mut written: Vec<Disposal> = Vec::new();
                loop {
                    let chosen: Vec<String> = written.iter().map(|d| d.card.clone()).collect();
                    let list = r.cards(lexicon, &cards, &ids, &asked_cards)?;
                    for card in list {
                        if chosen.contains(&card) {
                            return None;
                        }
                        written.push(Disposal { card, to: zone });
                    }
                    if r.done() {
                        break;
                    }
                    zone = if r.word(lexicon, Word::Tuck) {
                        Zone::Tuck
                    } else if r.word(lexicon, Word::Discard) {
                        Zone::Discard
                    } else {
                        return None;
                    };
                }
                // In the order offered, every card asked: one not named goes to the discard
                // pile (the default, §10.5).
                let mut ordered: Vec<Disposal> = asked_cards
                    .iter()
                    .map(|card| {
                        written
                            .iter()
                            .find(|d| &d.card == card)
                            .cloned()
                            .unwrap_or(Disposal {
                                card: card.clone(),
                                to: Zone::Discard,
                            })
                    })
                    .collect();
                ordered.extend(
                    written
                        .into_iter()
                        .filter(|d| !asked_cards.contains(&d.card)),
                );
                Action::Dispose { cards: ordered }
            } else {
                if verb == Verb::Tuck {
                    return None;
                }
                if r.word(lexicon, Word::None) {
                    Action::Discard { cards: Vec::new() }
                } else {
                    Action::Discard {
                        cards: r.cards(lexicon, &cards, &ids, &hand)?,
                    }
                }
            }
        }
        Verb::Pass => Action::Pass,
        Verb::Orders => {
            let every: Vec<String> = set.cards.iter().map(|c| c.id.clone()).collect();
            let mut orders = StandingOrders::default();
            let mut plan = Plan::default();
            while !r.done() {
                if r.word(lexicon, Word::Respond) {
                    orders.respond = if r.word(lexicon, Word::Auto) {
                        Respond::Auto
                    } else if r.word(lexicon, Word::Ask) {
                        Respond::Ask
                    } else {
                        return None;
                    };
                } else if r.word(lexicon, Word::AfterLoss) {
                    orders.discard_after_loss = if r.word(lexicon, Word::Ask) {
                        AfterLoss::Ask
                    } else if r.word(lexicon, Word::None) || r.word(lexicon, Word::Never) {
                        AfterLoss::None
                    } else {
                        return None;
                    };
                } else {
                    // One plan word and its values, then look again.
                    let start = r.at;
                    let end = next_orders_word(r, lexicon);
                    let mut part = Reader {
                        words: &r.words[..end],
                        at: start,
                    };
                    plan = part.plan(lexicon, &cards, &ids, &every, plan)?;
                    r.at = end;
                }
            }
            orders.plan = plan;
            Action::Orders { orders }
        }
    })
}

/// Where the plan words of an `orders` line stop: at `respond` or `after loss`, or the end.
fn next_orders_word(r: &Reader, lexicon: &Lexicon) -> usize {
    let mut probe = Reader {
        words: r.words,
        at: r.at + 1,
    };
    while !probe.done() {
        if matches!(
            probe.peek_word(lexicon),
            Some(Word::Respond | Word::AfterLoss)
        ) {
            return probe.at;
        }
        probe.at += 1;
    }
    probe.words.len()
}

/// How §10.5 ranks payments: total, most charisma cards, fewest cards, card order; the ids.
type PaymentKey = (
    u32,
    std::cmp::Reverse<usize>,
    usize,
    Vec<usize>,
    Vec<String>,
);

/// The default payment of §10.5 for a creature of effective cost `cost`: among the minimal
/// non-empty sets of tucked cards that reach it with the hand's best charisma, the smallest
/// total, then the most charisma cards, then the fewest cards, then the first in card order.
pub(super) fn default_payment(
    set: &CardSet,
    hand: &[String],
    tucked: &[String],
    cost: u8,
) -> Option<Vec<String>> {
    let charisma = |id: &str| data(set, id).map_or(1, |d| u32::from(d.charisma));
    let h: u32 = hand.iter().map(|id| charisma(id)).max().unwrap_or(0);
    if tucked.is_empty() || tucked.len() > 16 {
        return None;
    }
    let cost = u32::from(cost);
    let position = |id: &str| match set.cards.iter().position(|c| c.id == id) {
        Some(i) => i,
        None => set.cards.len() + id.trim_start_matches("chr_").parse::<usize>().unwrap_or(99),
    };
    let mut best: Option<PaymentKey> = None;
    for mask in 1u32..(1 << tucked.len()) {
        let chosen: Vec<&String> = (0..tucked.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| &tucked[i])
            .collect();
        let total: u32 = chosen.iter().map(|id| charisma(id)).sum();
        if h + total < cost {
            continue;
        }
        // Minimal: dropping any one card falls short (values are positive, so no smaller
        // subset reaches the cost either).
        if chosen
            .iter()
            .any(|id| charisma(id) == 0 || h + total - charisma(id) >= cost)
        {
            continue;
        }
        let charisma_cards = chosen.iter().filter(|id| super::is_charisma(id)).count();
        let mut positions: Vec<usize> = chosen.iter().map(|id| position(id)).collect();
        positions.sort_unstable();
        let key = (
            total,
            std::cmp::Reverse(charisma_cards),
            chosen.len(),
            positions,
            chosen.iter().map(|id| (*id).clone()).collect::<Vec<_>>(),
        );
        if best
            .as_ref()
            .is_none_or(|b| (key.0, key.1, key.2, &key.3) < (b.0, b.1, b.2, &b.3))
        {
            best = Some(key);
        }
    }
    best.map(|b| b.4)
}
