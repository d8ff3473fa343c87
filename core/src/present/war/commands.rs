//! War's reply commands: a move written in a reply's line ("place 3 Brazil 2 Peru", "attack
//! Brazil Argentina", "move all Brazil Peru"), read in every catalog's language, and written.
//!
//! A line is folded words (War folds with the standard `present::Folding`): its first words
//! are a verb of [`Verb::ALL`], the rest territories, cards, continents and numbers by their names in any
//! language or their ids. Reading checks the line's shape only; the rules judge the move.

use super::{continent_in, territory_in};
use crate::engine::war::{
    Action, Amount, Card, Continent, Direction, Occupy, Plan, Territory, TerritoryCounts, View,
};
use crate::engine::Seat;
use crate::present::reply::{
    alternatives, first_alternative, folded_alternatives, longest_first, Names,
};
use crate::present::{Command, Words};

/// The moves a reply can make, each with its catalog key (`war-command-…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Trade,
    Intelligence,
    Place,
    Attack,
    Continue,
    EndAttacks,
    RevealTerrain,
    NoReaction,
    Reroll,
    Occupy,
    Move,
    Passage,
    Transport,
    EndTurn,
    Discard,
}

impl Verb {
    const ALL: [Verb; 15] = [
        Verb::Trade,
        Verb::Intelligence,
        Verb::Place,
        Verb::Attack,
        Verb::Continue,
        Verb::EndAttacks,
        Verb::RevealTerrain,
        Verb::NoReaction,
        Verb::Reroll,
        Verb::Occupy,
        Verb::Move,
        Verb::Passage,
        Verb::Transport,
        Verb::EndTurn,
        Verb::Discard,
    ];

    fn key(self) -> &'static str {
        match self {
            Verb::Trade => "war-command-trade",
            Verb::Intelligence => "war-command-intelligence",
            Verb::Place => "war-command-place",
            Verb::Attack => "war-command-attack",
            Verb::Continue => "war-command-continue",
            Verb::EndAttacks => "war-command-end-attacks",
            Verb::RevealTerrain => "war-command-reveal-terrain",
            Verb::NoReaction => "war-command-no-reaction",
            Verb::Reroll => "war-command-reroll",
            Verb::Occupy => "war-command-occupy",
            Verb::Move => "war-command-move",
            Verb::Passage => "war-command-passage",
            Verb::Transport => "war-command-transport",
            Verb::EndTurn => "war-command-end-turn",
            Verb::Discard => "war-command-discard",
        }
    }
}

/// Every word a command may hold, in every language, folded.
struct Lexicon {
    verbs: Names<Verb>,
    territories: Names<Territory>,
    continents: Names<Continent>,
    /// "joker 1", "coringa 2"; a bare "joker" is read against the hand.
    jokers: Names<Card>,
    joker: Vec<Vec<String>>,
    air: Vec<Vec<String>>,
    all: Vec<Vec<String>>,
    leave: Vec<Vec<String>>,
    out: Vec<Vec<String>>,
    into: Vec<Vec<String>>,
    dice: Vec<Vec<String>>,
    battles: Vec<Vec<String>>,
    stop: Vec<Vec<String>>,
    ask: Vec<Vec<String>>,
    /// Words between the names that say nothing ("from", "into", "para").
    connectors: Vec<String>,
}

impl Lexicon {
    fn new(languages: &[Words], fold: &dyn Fn(&str) -> Vec<String>) -> Lexicon {
        let names = |entry: &dyn Fn(&Words) -> String| folded_alternatives(languages, entry, fold);
        let word = |key: &str| names(&|w| w.get(key));
        let mut lexicon = Lexicon {
            verbs: Vec::new(),
            territories: Vec::new(),
            continents: Vec::new(),
            jokers: Vec::new(),
            joker: word("war-command-joker"),
            air: word("war-command-air"),
            all: word("war-command-all"),
            leave: word("war-command-leave"),
            out: word("war-command-out"),
            into: word("war-command-in"),
            dice: word("war-command-dice"),
            battles: word("war-command-battles"),
            stop: word("war-command-stop"),
            ask: word("war-command-ask"),
            connectors: languages
                .iter()
                .flat_map(|w| fold(&w.get("war-command-connectors")))
                .collect(),
        };
        for verb in Verb::ALL {
            for name in word(verb.key()) {
                lexicon.verbs.push((name, verb));
            }
        }
        for t in Territory::ALL {
            lexicon
                .territories
                .push((fold(&t.id().replace('_', " ")), t));
            for name in names(&|w| territory_in(w, t)) {
                lexicon.territories.push((name, t));
            }
        }
        for c in Continent::ALL {
            lexicon
                .continents
                .push((fold(&c.id().replace('_', " ")), c));
            for name in names(&|w| continent_in(w, c)) {
                lexicon.continents.push((name, c));
            }
        }
        for (joker, key) in [
            (Card::JOKER_1, "war-card-joker-1"),
            (Card::JOKER_2, "war-card-joker-2"),
        ] {
            lexicon
                .jokers
                .push((fold(&joker.id().replace('_', " ")), joker));
            for name in word(key) {
                lexicon.jokers.push((name, joker));
            }
        }
        longest_first(&mut lexicon.verbs);
        longest_first(&mut lexicon.territories);
        longest_first(&mut lexicon.continents);
        longest_first(&mut lexicon.jokers);
        lexicon
    }
}

/// The words still to read. Connectors ("from", "para") are passed over before each item.
struct Reader<'a> {
    words: Vec<&'a str>,
    at: usize,
    connectors: &'a [String],
}

impl<'a> Reader<'a> {
    fn skip_connectors(&mut self) {
        while self
            .words
            .get(self.at)
            .is_some_and(|w| self.connectors.iter().any(|c| c == w))
        {
            self.at += 1;
        }
    }
    fn done(&mut self) -> bool {
        self.skip_connectors();
        self.at == self.words.len()
    }
    fn take<T: Copy>(&mut self, names: &[(Vec<String>, T)]) -> Option<T> {
        self.skip_connectors();
        let rest = &self.words[self.at..];
        let (name, found) = names.iter().find(|(name, _)| {
            rest.len() >= name.len() && rest.iter().zip(name).all(|(a, b)| a == b)
        })?;
        self.at += name.len();
        Some(*found)
    }
    fn word(&mut self, names: &[Vec<String>]) -> bool {
        self.skip_connectors();
        self.word_here(names)
    }
    /// `word` without passing over connectors: for words that are connectors too ("into").
    fn word_here(&mut self, names: &[Vec<String>]) -> bool {
        let rest = &self.words[self.at..];
        match names
            .iter()
            .find(|name| rest.len() >= name.len() && rest.iter().zip(*name).all(|(a, b)| a == b))
        {
            Some(name) => {
                self.at += name.len();
                true
            }
            None => false,
        }
    }
    fn number(&mut self) -> Option<u32> {
        self.skip_connectors();
        let n = self.words.get(self.at)?.parse().ok()?;
        self.at += 1;
        Some(n)
    }
    fn territory(&mut self, lexicon: &Lexicon) -> Option<Territory> {
        self.take(&lexicon.territories)
    }
    /// A card by its territory or a joker; a bare "joker" is the first joker in `hand` not
    /// yet in `chosen`.
    fn card(&mut self, lexicon: &Lexicon, hand: &[Card], chosen: &[Card]) -> Option<Card> {
        if let Some(card) = self.take(&lexicon.jokers) {
            return Some(card);
        }
        if self.word(&lexicon.joker) {
            return [Card::JOKER_1, Card::JOKER_2]
                .into_iter()
                .find(|j| hand.contains(j) && !chosen.contains(j))
                .or(Some(Card::JOKER_1));
        }
        self.territory(lexicon).map(Card::of)
    }
    /// One card or more, up to the end of the line.
    fn cards(&mut self, lexicon: &Lexicon, hand: &[Card]) -> Option<Vec<Card>> {
        let mut cards = Vec::new();
        while !self.done() {
            let card = self.card(lexicon, hand, &cards)?;
            cards.push(card);
        }
        (!cards.is_empty()).then_some(cards)
    }
    /// Pairs of a number and a territory, in either order, to the end of the line: "3 Brazil
    /// 2 Peru"; at least one army.
    fn counts(&mut self, lexicon: &Lexicon) -> Option<TerritoryCounts> {
        let mut armies = TerritoryCounts::default();
        while !self.done() {
            let (n, t) = match self.number() {
                Some(n) => (n, self.territory(lexicon)?),
                None => {
                    let t = self.territory(lexicon)?;
                    (self.number()?, t)
                }
            };
            armies.add(t, n);
        }
        (armies.total() > 0).then_some(armies)
    }
    /// An attack plan's words after the territories, in any order: "2 dice", "3 battles",
    /// "stop at 4", "occupy all" (or a number, "leave 2", "ask"); `air` for an air attack
    /// when `air` is asked for. The rest of the plan is the default's.
    fn plan(&mut self, lexicon: &Lexicon, air: &mut bool) -> Option<Plan> {
        let mut plan = Plan::default();
        let occupy: Vec<(Vec<String>, Verb)> = lexicon
            .verbs
            .iter()
            .filter(|(_, v)| *v == Verb::Occupy)
            .cloned()
            .collect();
        while !self.done() {
            if self.word(&lexicon.air) {
                *air = true;
            } else if let Some(n) = self.number() {
                if self.word(&lexicon.dice) {
                    plan.dice = u8::try_from(n).ok()?;
                } else if self.word(&lexicon.battles) {
                    plan.max_battles = Some(n);
                } else {
                    return None;
                }
            } else if self.word(&lexicon.stop) {
                plan.stop_at = self.number()?;
            } else if self.take(&occupy).is_some() {
                plan.occupy = if self.word(&lexicon.all) {
                    Occupy::All
                } else if self.word(&lexicon.leave) {
                    Occupy::Leave(self.number()?)
                } else if self.word(&lexicon.ask) {
                    Occupy::Ask
                } else {
                    Occupy::Exactly(self.number()?)
                };
            } else {
                return None;
            }
        }
        Some(plan)
    }
    /// "all", "leave 2", "3".
    fn amount(&mut self, lexicon: &Lexicon) -> Option<Amount> {
        if self.word(&lexicon.all) {
            return Some(Amount::All);
        }
        if self.word(&lexicon.leave) {
            return self.number().map(Amount::Leave);
        }
        self.number().map(Amount::Exactly)
    }
}

/// The action a reply line names, if its first words are one of War's commands.
pub(super) fn read_command(
    line: &[String],
    view: &View,
    seat: Seat,
    languages: &[Words],
    fold: &dyn Fn(&str) -> Vec<String>,
) -> Command<Action> {
    let lexicon = Lexicon::new(languages, fold);
    let mut reader = Reader {
        words: line.iter().map(String::as_str).collect(),
        at: 0,
        connectors: &lexicon.connectors,
    };
    let Some(verb) = reader.take(&lexicon.verbs) else {
        return Command::None;
    };
    let hand: Vec<Card> = view
        .seats
        .get(seat.index())
        .and_then(|s| s.hand.clone())
        .unwrap_or_default();
    match read(verb, &mut reader, &lexicon, &hand) {
        Some(action) if reader.done() => Command::Action(action),
        _ => Command::Unreadable,
    }
}

fn read(verb: Verb, r: &mut Reader, lexicon: &Lexicon, hand: &[Card]) -> Option<Action> {
    Some(match verb {
        Verb::Trade => Action::Trade {
            cards: r.cards(lexicon, hand)?,
        },
        Verb::Discard => Action::Discard {
            cards: r.cards(lexicon, hand)?,
        },
        Verb::Intelligence => {
            let mut continents = Vec::new();
            while !r.done() {
                continents.push(r.take(&lexicon.continents)?);
            }
            if continents.is_empty() {
                return None;
            }
            Action::Intelligence { continents }
        }
        Verb::Place => Action::Place {
            armies: r.counts(lexicon)?,
        },
        Verb::Attack => {
            let mut air = r.word(&lexicon.air);
            let from = r.territory(lexicon)?;
            let to = r.territory(lexicon)?;
            let plan = r.plan(lexicon, &mut air)?;
            Action::Attack {
                from,
                to,
                air_card: air.then(|| Card::of(to)),
                plan,
            }
        }
        Verb::Continue => Action::Continue {
            plan: r.plan(lexicon, &mut false)?,
        },
        Verb::EndAttacks => Action::EndCombat,
        Verb::RevealTerrain => Action::RevealTerrain,
        Verb::NoReaction => Action::NoReaction,
        Verb::Reroll => {
            let card = r.card(lexicon, hand, &[])?;
            let mut dice = Vec::new();
            while let Some(n) = r.number() {
                dice.push(u8::try_from(n).ok()?);
            }
            if dice.is_empty() {
                return None;
            }
            Action::Reroll { card, dice }
        }
        Verb::Occupy => Action::Occupy {
            armies: r.number()?,
        },
        Verb::Move => {
            // "move 3 Brazil Peru" or "move Brazil Peru 3".
            let first = r.amount(lexicon);
            let from = r.territory(lexicon)?;
            let to = r.territory(lexicon)?;
            let armies = match first {
                Some(amount) => amount,
                None => r.amount(lexicon)?,
            };
            Action::Move { from, to, armies }
        }
        Verb::Passage => Action::HiddenPassage {
            card: r.card(lexicon, hand, &[])?,
        },
        Verb::Transport => {
            // "transport out Brazil 3 Peru 2 Chile": the card of Brazil, its armies out.
            let direction = loop {
                if r.word_here(&lexicon.out) {
                    break Direction::Out;
                }
                if r.word_here(&lexicon.into) {
                    break Direction::In;
                }
                // A connector that is no direction ("para fora"): pass over it.
                let word = r.words.get(r.at)?;
                if !r.connectors.iter().any(|c| c == word) {
                    return None;
                }
                r.at += 1;
            };
            let x = r.territory(lexicon)?;
            Action::AirTransport {
                card: Card::of(x),
                direction,
                armies: r.counts(lexicon)?,
            }
        }
        // "end turn", or "end turn discard Brazil Peru": the cards to drop if the hand is
        // over 6 then.
        Verb::EndTurn => {
            let discard = if r.done() {
                None
            } else {
                let verbs: Vec<(Vec<String>, Verb)> = lexicon
                    .verbs
                    .iter()
                    .filter(|(_, v)| *v == Verb::Discard)
                    .cloned()
                    .collect();
                r.take(&verbs)?;
                Some(r.cards(lexicon, hand)?)
            };
            Action::EndTurn { discard }
        }
    })
}

/// Every verb of War's commands in `words`' language, each alternative of each ("end turn",
/// "end my turn"…): the reply reader takes a line starting with one for a command.
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

/// The command that plays `action` in `words`' language, when a reply can make that move:
/// what a mail shows as an example, and what [`read_command`] reads back.
pub(super) fn command(action: &Action, words: &Words) -> Option<String> {
    let first = |key: &str| first_alternative(&words.get(key));
    let verb = |v: Verb| first(v.key());
    let card = |c: Card| match c.territory() {
        Some(t) => territory_in(words, t),
        None if c == Card::JOKER_1 => words.get("war-card-joker-1"),
        None => words.get("war-card-joker-2"),
    };
    let cards = |list: &[Card]| list.iter().map(|&c| card(c)).collect::<Vec<_>>().join(" ");
    let join = |parts: Vec<String>| Some(parts.join(" "));
    match action {
        Action::Trade { cards: list } => join(vec![verb(Verb::Trade), cards(list)]),
        Action::Discard { cards: list } => join(vec![verb(Verb::Discard), cards(list)]),
        Action::Intelligence { continents } => {
            let mut parts = vec![verb(Verb::Intelligence)];
            parts.extend(continents.iter().map(|&c| continent_in(words, c)));
            join(parts)
        }
        Action::Place { armies } => {
            let mut parts = vec![verb(Verb::Place)];
            for (t, n) in armies.entries().filter(|&(_, n)| n > 0) {
                parts.push(n.to_string());
                parts.push(territory_in(words, t));
            }
            join(parts)
        }
        Action::Attack {
            from, to, air_card, ..
        } => {
            let mut parts = vec![
                verb(Verb::Attack),
                territory_in(words, *from),
                territory_in(words, *to),
            ];
            if air_card.is_some() {
                parts.push(first("war-command-air"));
            }
            join(parts)
        }
        Action::Continue { .. } => Some(verb(Verb::Continue)),
        Action::EndCombat => Some(verb(Verb::EndAttacks)),
        Action::RevealTerrain => Some(verb(Verb::RevealTerrain)),
        Action::NoReaction => Some(verb(Verb::NoReaction)),
        Action::Reroll { card: c, dice } => {
            let mut parts = vec![verb(Verb::Reroll), card(*c)];
            parts.extend(dice.iter().map(u8::to_string));
            join(parts)
        }
        Action::Occupy { armies } => join(vec![verb(Verb::Occupy), armies.to_string()]),
        Action::Move { from, to, armies } => {
            let amount = match armies {
                Amount::Exactly(n) => n.to_string(),
                Amount::All => first("war-command-all"),
                Amount::Leave(n) => format!("{} {n}", first("war-command-leave")),
            };
            join(vec![
                verb(Verb::Move),
                amount,
                territory_in(words, *from),
                territory_in(words, *to),
            ])
        }
        Action::HiddenPassage { card: c } => join(vec![verb(Verb::Passage), card(*c)]),
        Action::EndTurn { discard: None } => Some(verb(Verb::EndTurn)),
        Action::EndTurn {
            discard: Some(list),
        } => join(vec![verb(Verb::EndTurn), verb(Verb::Discard), cards(list)]),
        Action::AirTransport {
            card: c,
            direction,
            armies,
        } => {
            let way = match direction {
                Direction::Out => first("war-command-out"),
                Direction::In => first("war-command-in"),
            };
            let mut parts = vec![verb(Verb::Transport), way, card(*c)];
            for (t, n) in armies.entries().filter(|&(_, n)| n > 0) {
                parts.push(n.to_string());
                parts.push(territory_in(words, t));
            }
            join(parts)
        }
        // On the seat page only: every territory of a continent with its fresh and moved
        // armies, standing orders.
        Action::ContinentalAlliance { .. } | Action::SetOrders { .. } => None,
    }
}
