//! How Pergamemnon shows itself: its words (from `locales/<language>/pergamemnon.ftl` and the
//! card-set helper's `pergamemnon-cards.ftl`), card faces, the table, forms, reply commands, mail.
//!
//! Card names are data of the game's card set (R2) and are never translated; nations, weapons,
//! defences and skills are words of the catalogs. Every page and mail names the card set
//! (§4.3): a reference set as "reference card set (not the published values)".

mod board;
mod commands;
mod forms;

#[cfg(test)]
mod tests;

use super::{Arg, Command, Ctx, Html, MailPart, Milestone, MoveForm, Presenter, Words};
use crate::engine::pergamemnon::actions::{Disposal, Zone};
use crate::engine::pergamemnon::cards::{CardData, CardSet, Provenance};
use crate::engine::pergamemnon::{
    Action, BattleResult, Capture, Decision, Ending, Event, Fate, Game, Nation, OptionProblem,
    Options, Outcome, Plan, ReinforceMode, RuleError, View, Weapon,
};
use crate::engine::{Events, Seat, Standing};

/// The Pergamemnon presenter (registered with the rules in `crate::kinds`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pergamemnon;

/// A fighting card's data by its id (`None` for a charisma card or an unknown id).
pub(crate) fn data<'s>(set: &'s CardSet, id: &str) -> Option<&'s CardData> {
    set.cards.iter().find(|c| c.id == id)
}

/// Whether an id is a charisma card's (`chr_01`…`chr_21`).
pub(crate) fn is_charisma(id: &str) -> bool {
    id.starts_with("chr_")
}

/// A card's name: the set's (never translated, R2), or "charisma card" for `chr_NN`.
pub(crate) fn card_name(words: &Words, set: &CardSet, id: &str) -> String {
    match data(set, id) {
        Some(d) => d.name.clone(),
        None if is_charisma(id) => words.get("pergamemnon-charisma-card"),
        None => id.to_owned(),
    }
}

/// A card's name with the id replies use: "Sphinx (cr_sphinx)".
pub(crate) fn card_with_id(words: &Words, set: &CardSet, id: &str) -> String {
    words.two(
        "pergamemnon-card-with-id",
        ("name", card_name(words, set, id)),
        ("id", id),
    )
}

/// Cards by name, in the order given; "no cards" when empty.
pub(crate) fn card_list(words: &Words, set: &CardSet, ids: &[String]) -> String {
    if ids.is_empty() {
        return words.get("pergamemnon-no-cards");
    }
    words.list(ids.iter().map(|id| card_name(words, set, id)).collect())
}

pub(crate) fn nation(words: &Words, n: Nation) -> String {
    words.get(&format!("pergamemnon-nation-{}", n.slug()))
}

pub(crate) fn city(words: &Words, n: Nation) -> String {
    words.get(&format!("pergamemnon-city-{}", n.slug()))
}

pub(crate) fn weapon(words: &Words, w: Weapon) -> String {
    words.get(&format!("pergamemnon-weapon-{}", w.slug()))
}

/// The defence that meets a weapon, in words.
pub(crate) fn defence_of(words: &Words, w: Weapon) -> String {
    words.get(match w {
        Weapon::Sword => "pergamemnon-defence-helmet",
        Weapon::Spear => "pergamemnon-defence-armour",
        Weapon::Bow => "pergamemnon-defence-shield",
    })
}

/// The nation colour of §3.2, for card borders and seat swatches.
pub(crate) fn nation_colour(n: Nation) -> &'static str {
    match n {
        Nation::Romans => "#b03a2e",
        Nation::Egyptians => "#b7950b",
        Nation::Hellenes => "#707b7c",
        Nation::Carthaginians => "#2471a3",
        Nation::Persians => "#1e8449",
    }
}

/// The card set's name and standing, as every page and mail shows it (§4.3).
pub(crate) fn card_set_words(
    words: &Words,
    id: &str,
    title: &str,
    provenance: Provenance,
    partly_verified: bool,
) -> String {
    let key = match (provenance, partly_verified) {
        (Provenance::Reference, _) => "pergamemnon-card-set-reference",
        (Provenance::Published, true) => "pergamemnon-card-set-partly-verified",
        (Provenance::Published, false) => "pergamemnon-card-set-published",
        (Provenance::Custom, _) => "pergamemnon-card-set-custom",
    };
    words.two(key, ("title", title), ("id", id))
}

/// The card set of a view, in words.
pub(crate) fn view_card_set(words: &Words, view: &View) -> String {
    let s = &view.card_set;
    card_set_words(words, &s.id, &s.title, s.provenance, s.partly_verified)
}

/// Points kept in halves (§7.2) as a decimal in the reader's language: "14.5", "14,5".
pub(crate) fn points(words: &Words, half_points: u32) -> String {
    let whole = half_points / 2;
    if half_points.is_multiple_of(2) {
        words.one("pergamemnon-points-whole", "whole", whole)
    } else {
        words.one("pergamemnon-points-half", "whole", whole)
    }
}

/// A seat's name with its nation: "Ann (Romans)".
pub(crate) fn seat_label(cx: &Ctx, view: &View, seat: Seat) -> String {
    match view.seats.get(seat.index()) {
        Some(s) => cx.words.two(
            "pergamemnon-seat-label",
            ("name", cx.name(seat)),
            ("nation", nation(&cx.words, s.nation)),
        ),
        None => cx.name(seat),
    }
}

/// The two arguments of a seat in a message: its name (or "you") and its person.
fn seat_args(cx: &Ctx, name: &'static str, seat: Seat) -> [(&'static str, Arg); 2] {
    let person = match name {
        "seat" => "seat-p",
        "attacker" => "attacker-p",
        "target" => "target-p",
        "winner" => "winner-p",
        "loser" => "loser-p",
        "first" => "first-p",
        other => panic!("no person argument for {other}"),
    };
    [
        (name, cx.who(seat).into()),
        (person, cx.person(seat).into()),
    ]
}

fn with_seat(cx: &Ctx, id: &str, seat: Seat, more: &[(&str, Arg)]) -> String {
    let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", seat).into();
    args.extend(more.iter().cloned());
    cx.words.with(id, &args)
}

fn ending(cx: &Ctx, e: &Ending) -> String {
    match e {
        Ending::Creatures => cx.words.get("pergamemnon-ending-creatures"),
        Ending::Exhaustion { seats } => cx.words.two(
            "pergamemnon-ending-exhaustion",
            ("seats", cx.list(seats)),
            ("count", seats.len()),
        ),
    }
}

/// "Ann 15, Bob 14.5": each seat's score.
fn scores(cx: &Ctx, half_points: &[u32]) -> String {
    cx.words.list(
        half_points
            .iter()
            .enumerate()
            .map(|(i, &h)| {
                cx.words.two(
                    "pergamemnon-score",
                    ("name", cx.name(Seat(i as u8))),
                    ("points", points(&cx.words, h)),
                )
            })
            .collect(),
    )
}

/// The words of a reinforcement mode, a capture plan…
pub(crate) fn reinforce_words(words: &Words, mode: ReinforceMode) -> String {
    words.get(match mode {
        ReinforceMode::Auto => "pergamemnon-reinforce-auto",
        ReinforceMode::Never => "pergamemnon-reinforce-never",
        ReinforceMode::Ask => "pergamemnon-reinforce-ask",
        ReinforceMode::Prefer => "pergamemnon-reinforce-prefer",
    })
}

pub(crate) fn capture_words(words: &Words, capture: Capture) -> String {
    words.get(match capture {
        Capture::Discard => "pergamemnon-capture-discard",
        Capture::Tuck => "pergamemnon-capture-tuck",
        Capture::TuckZeroPoints => "pergamemnon-capture-tuck-zero-points",
        Capture::Ask => "pergamemnon-capture-ask",
    })
}

/// A battle plan in words: "reinforce: automatically; keep Caesar; captures: discard pile".
pub(crate) fn plan_words(words: &Words, set: &CardSet, plan: &Plan) -> String {
    let mut parts = vec![words.one(
        "pergamemnon-plan-reinforce",
        "mode",
        reinforce_words(words, plan.reinforce),
    )];
    if plan.reinforce == ReinforceMode::Prefer {
        parts.push(words.one(
            "pergamemnon-plan-prefer",
            "cards",
            card_list(words, set, &plan.prefer),
        ));
        parts.push(words.get(match plan.fallback {
            crate::engine::pergamemnon::Fallback::Auto => "pergamemnon-plan-fallback-auto",
            crate::engine::pergamemnon::Fallback::None => "pergamemnon-plan-fallback-none",
        }));
    }
    if !plan.keep.is_empty() {
        parts.push(words.one(
            "pergamemnon-plan-keep",
            "cards",
            card_list(words, set, &plan.keep),
        ));
    }
    parts.push(words.one(
        "pergamemnon-plan-capture",
        "mode",
        capture_words(words, plan.capture),
    ));
    parts.join("; ")
}

/// The decision id of §10.1 in words ("your turn action"), for the deadline's default.
fn decision_name(cx: &Ctx, id: &str) -> String {
    let key = format!("pergamemnon-decision-name-{}", id.to_lowercase());
    cx.words
        .maybe(&key)
        .unwrap_or_else(|| cx.words.one("pergamemnon-decision-name-other", "id", id))
}

/// Names cards by id for words that come without a view (events, actions, errors): the
/// game's own set when the caller has it; otherwise the default built-in set, whose army names
/// every valid set shares (V3, V4) and whose non-placeholder creature names are printed ones;
/// a placeholder creature is named by its id, for another set may call it otherwise.
#[derive(Clone, Copy)]
pub(crate) struct Namer<'s> {
    set: Option<&'s CardSet>,
    exact: bool,
}

impl<'s> Namer<'s> {
    pub(crate) fn of(set: &'s CardSet) -> Namer<'s> {
        Namer {
            set: Some(set),
            exact: true,
        }
    }
    fn loose(set: Option<&'s CardSet>) -> Namer<'s> {
        Namer { set, exact: false }
    }
    pub(crate) fn name(&self, words: &Words, id: &str) -> String {
        match self.set.and_then(|set| data(set, id)) {
            Some(d) if self.exact || !d.placeholder => d.name.clone(),
            Some(_) => id.to_owned(),
            None if is_charisma(id) => words.get("pergamemnon-charisma-card"),
            None => id.to_owned(),
        }
    }
    pub(crate) fn with_id(&self, words: &Words, id: &str) -> String {
        let name = self.name(words, id);
        if name == id {
            return name;
        }
        words.two("pergamemnon-card-with-id", ("name", name), ("id", id))
    }
    pub(crate) fn list(&self, words: &Words, ids: &[String]) -> String {
        if ids.is_empty() {
            return words.get("pergamemnon-no-cards");
        }
        words.list(ids.iter().map(|id| self.name(words, id)).collect())
    }
}

/// The default built-in set, for [`Namer::loose`].
fn default_set() -> Option<std::sync::Arc<CardSet>> {
    static SET: std::sync::OnceLock<Option<std::sync::Arc<CardSet>>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        crate::engine::pergamemnon::cards::builtin(
            crate::engine::pergamemnon::cards::default_set_id(),
        )
    })
    .clone()
}

impl Pergamemnon {
    /// One event as one sentence, with the set that names its cards.
    pub(crate) fn event_in(&self, event: &Event, namer: Namer, cx: &Ctx) -> String {
        let w = &cx.words;
        let name = |id: &str| namer.name(w, id);
        let names = |ids: &[String]| namer.list(w, ids);
        match event {
            Event::Setup {
                nations,
                first,
                card_set,
                ..
            } => {
                let dealt = w.list(
                    nations
                        .iter()
                        .enumerate()
                        .map(|(i, &n)| {
                            w.two(
                                "pergamemnon-seat-label",
                                ("name", cx.name(Seat(i as u8))),
                                ("nation", nation(w, n)),
                            )
                        })
                        .collect(),
                );
                let mut args: Vec<(&str, Arg)> = seat_args(cx, "first", *first).into();
                args.push(("nations", dealt.into()));
                let set = match crate::engine::pergamemnon::cards::builtin(card_set) {
                    Some(set) => {
                        card_set_words(w, &set.id, &set.title, set.provenance, set.partly_verified)
                    }
                    None => w.one("pergamemnon-card-set-named", "id", card_set.as_str()),
                };
                args.push(("set", set.into()));
                w.with("pergamemnon-ev-setup", &args)
            }
            Event::Drew { seat, cards } => with_seat(
                cx,
                "pergamemnon-ev-drew",
                *seat,
                &[
                    ("cards", names(cards).into()),
                    ("count", cards.len().into()),
                ],
            ),
            Event::DrewCount { seat, count } => with_seat(
                cx,
                "pergamemnon-ev-drew-count",
                *seat,
                &[("count", (*count).into())],
            ),
            Event::Reshuffled { seat, count } => with_seat(
                cx,
                "pergamemnon-ev-reshuffled",
                *seat,
                &[("count", (*count).into())],
            ),
            Event::Reactivated => w.get("pergamemnon-ev-reactivated"),
            Event::NationInactive { seat } => {
                with_seat(cx, "pergamemnon-ev-nation-inactive", *seat, &[])
            }
            Event::AtTurn { seat } => with_seat(cx, "pergamemnon-ev-at-turn", *seat, &[]),
            Event::Recruited {
                seat,
                creature,
                payment,
                discarded,
                refill,
            } => {
                let mut text = with_seat(
                    cx,
                    "pergamemnon-ev-recruited",
                    *seat,
                    &[
                        ("creature", name(creature).into()),
                        ("payment", names(payment).into()),
                        ("discarded", names(discarded).into()),
                    ],
                );
                text.push(' ');
                text.push_str(&match refill {
                    Some(c) => w.one("pergamemnon-ev-refill", "creature", name(c)),
                    None => w.get("pergamemnon-ev-no-refill"),
                });
                text
            }
            Event::Attacked {
                attacker,
                target,
                weapon: wp,
            } => {
                let mut args: Vec<(&str, Arg)> = seat_args(cx, "attacker", *attacker).into();
                args.extend(seat_args(cx, "target", *target));
                args.push(("weapon", weapon(w, *wp).into()));
                w.with("pergamemnon-ev-attacked", &args)
            }
            Event::Revealed { attack, defence } => w.two(
                "pergamemnon-ev-revealed",
                ("attack", name(attack)),
                ("defence", name(defence)),
            ),
            Event::Defended {
                seat,
                weapon: wp,
                value,
                card,
            } => {
                let more = [
                    ("weapon", weapon(w, *wp).into()),
                    ("value", (*value).into()),
                    ("defence", defence_of(w, *wp).into()),
                ];
                match card {
                    None => with_seat(cx, "pergamemnon-ev-defended-alone", *seat, &more),
                    Some(c) => {
                        let mut more = more.to_vec();
                        more.push(("card", name(c).into()));
                        with_seat(cx, "pergamemnon-ev-reinforced", *seat, &more)
                    }
                }
            }
            Event::Countered {
                seat,
                weapon: wp,
                value,
            } => with_seat(
                cx,
                "pergamemnon-ev-countered",
                *seat,
                &[
                    ("weapon", weapon(w, *wp).into()),
                    ("value", (*value).into()),
                ],
            ),
            Event::BattleEnded {
                result: BattleResult::Tie,
            } => w.get("pergamemnon-ev-tie"),
            Event::BattleEnded {
                result: BattleResult::Won { winner, loser },
            } => {
                let mut args: Vec<(&str, Arg)> = seat_args(cx, "winner", *winner).into();
                args.extend(seat_args(cx, "loser", *loser));
                w.with("pergamemnon-ev-won", &args)
            }
            Event::Fates { seat, cards } => {
                let each = cards
                    .iter()
                    .map(|(c, fate)| {
                        let key = match fate {
                            Fate::Secured => "pergamemnon-fate-secured",
                            Fate::Fled => "pergamemnon-fate-fled",
                            Fate::TakenByEgypt => "pergamemnon-fate-taken-by-egypt",
                            Fate::Captured => "pergamemnon-fate-captured",
                        };
                        w.one(key, "card", name(c))
                    })
                    .collect();
                with_seat(
                    cx,
                    "pergamemnon-ev-fates",
                    *seat,
                    &[("fates", w.list(each).into())],
                )
            }
            Event::CityTurned { seat } => with_seat(cx, "pergamemnon-ev-city-turned", *seat, &[]),
            Event::Purged { seat, cards } => with_seat(
                cx,
                "pergamemnon-ev-purged",
                *seat,
                &[("cards", names(cards).into())],
            ),
            Event::Disposed { seat, cards } => {
                let pick = |zone: Zone| -> Vec<String> {
                    cards
                        .iter()
                        .filter(|d| d.to == zone)
                        .map(|d| d.card.clone())
                        .collect()
                };
                let tucked = pick(Zone::Tuck);
                let discarded = pick(Zone::Discard);
                with_seat(
                    cx,
                    "pergamemnon-ev-disposed",
                    *seat,
                    &[
                        ("tucked", names(&tucked).into()),
                        ("discarded", names(&discarded).into()),
                    ],
                )
            }
            Event::CharismaTaken {
                seat,
                card: Some(_),
            } => with_seat(cx, "pergamemnon-ev-charisma", *seat, &[]),
            Event::CharismaTaken { seat, card: None } => {
                with_seat(cx, "pergamemnon-ev-charisma-none", *seat, &[])
            }
            Event::Discarded { seat, cards } if cards.is_empty() => {
                with_seat(cx, "pergamemnon-ev-discarded-nothing", *seat, &[])
            }
            Event::Discarded { seat, cards } => with_seat(
                cx,
                "pergamemnon-ev-discarded",
                *seat,
                &[("cards", names(cards).into())],
            ),
            Event::OrdersChanged { seat } => {
                with_seat(cx, "pergamemnon-ev-orders-changed", *seat, &[])
            }
            Event::Defaulted { seat, decision } => with_seat(
                cx,
                "pergamemnon-ev-defaulted",
                *seat,
                &[("decision", decision_name(cx, decision).into())],
            ),
            Event::Ended { outcome } => {
                w.one("pergamemnon-ev-ended", "outcome", self.outcome(outcome, cx))
            }
        }
    }

    /// An action in words, with the set that names its cards.
    pub(crate) fn action_in(&self, action: &Action, namer: Namer, cx: &Ctx) -> String {
        let w = &cx.words;
        let name = |id: &str| namer.name(w, id);
        let names = |ids: &[String]| namer.list(w, ids);
        match action {
            Action::Recruit { creature, payment } => w.two(
                "pergamemnon-action-recruit",
                ("creature", name(creature)),
                ("payment", names(payment)),
            ),
            Action::Attack {
                target,
                weapon: wp,
                card,
                ..
            } => w.three(
                "pergamemnon-action-attack",
                ("target", cx.name(*target)),
                ("weapon", weapon(w, *wp)),
                ("card", name(card)),
            ),
            Action::Defend { card, .. } => w.one("pergamemnon-action-defend", "card", name(card)),
            Action::Reinforce { card: Some(c) } => {
                w.one("pergamemnon-action-reinforce", "card", name(c))
            }
            Action::Reinforce { card: None } => w.get("pergamemnon-action-reinforce-none"),
            Action::Dispose { cards } => {
                let each: Vec<String> = cards
                    .iter()
                    .map(|Disposal { card, to }| {
                        w.one(
                            match to {
                                Zone::Discard => "pergamemnon-action-dispose-discard",
                                Zone::Tuck => "pergamemnon-action-dispose-tuck",
                            },
                            "card",
                            name(card),
                        )
                    })
                    .collect();
                w.one("pergamemnon-action-dispose", "cards", w.list(each))
            }
            Action::Discard { cards } if cards.is_empty() => {
                w.get("pergamemnon-action-discard-nothing")
            }
            Action::Discard { cards } => w.one("pergamemnon-action-discard", "cards", names(cards)),
            Action::Orders { .. } => w.get("pergamemnon-action-orders"),
            Action::Pass => w.get("pergamemnon-action-pass"),
        }
    }
}

impl Presenter for Pergamemnon {
    type Game = Game;

    fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        let w = &cx.words;
        let mut lines = Vec::new();
        let set_line = match &options.cards {
            Some(doc) => {
                let partly = doc.provenance == Provenance::Published
                    && (doc.army.iter().any(|c| c.verified != Some(true))
                        || doc.creatures.iter().any(|c| c.verified != Some(true)));
                card_set_words(w, &doc.id, &doc.title, doc.provenance, partly)
            }
            None => match crate::engine::pergamemnon::cards::builtin(&options.card_set) {
                Some(set) => {
                    card_set_words(w, &set.id, &set.title, set.provenance, set.partly_verified)
                }
                None => w.one(
                    "pergamemnon-card-set-unknown",
                    "id",
                    options.card_set.as_str(),
                ),
            },
        };
        lines.push(w.one("pergamemnon-options-card-set", "set", set_line));
        lines.push(match &options.nations {
            Some(list) => w.one(
                "pergamemnon-options-nations",
                "nations",
                w.list(
                    list.iter()
                        .enumerate()
                        .map(|(i, &n)| {
                            w.two(
                                "pergamemnon-seat-label",
                                ("name", cx.name(Seat(i as u8))),
                                ("nation", nation(w, n)),
                            )
                        })
                        .collect(),
                ),
            ),
            None => w.get("pergamemnon-options-nations-random"),
        });
        lines.push(match options.first_player {
            Some(seat) => w.one("pergamemnon-options-first", "name", cx.name(seat)),
            None => w.get("pergamemnon-options-first-charisma"),
        });
        lines
    }

    fn option_problem(&self, problem: &OptionProblem, cx: &Ctx) -> String {
        let w = &cx.words;
        match problem {
            OptionProblem::UnknownCardSet(id) => {
                w.one("pergamemnon-problem-unknown-card-set", "id", id.as_str())
            }
            OptionProblem::CardSetHash {
                id,
                found,
                expected,
            } => w.three(
                "pergamemnon-problem-card-set-hash",
                ("id", id.as_str()),
                ("found", found.as_str()),
                ("expected", expected.as_str()),
            ),
            OptionProblem::CardSetInvalid(why) => {
                w.one("pergamemnon-problem-card-set-invalid", "why", why.as_str())
            }
            OptionProblem::Nations => w.get("pergamemnon-problem-nations"),
            OptionProblem::FirstPlayer => w.get("pergamemnon-problem-first-player"),
            OptionProblem::Players => w.get("pergamemnon-problem-players"),
        }
    }

    fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
        let w = &cx.words;
        match decision {
            Decision::Turn { .. } => w.get("pergamemnon-decision-turn"),
            Decision::Defend {
                attacker,
                weapon: wp,
                ..
            } => w.three(
                "pergamemnon-decision-defend",
                ("attacker", cx.name(*attacker)),
                ("weapon", weapon(w, *wp)),
                ("defence", defence_of(w, *wp)),
            ),
            Decision::Reinforce {
                weapon: wp, value, ..
            } => w.three(
                "pergamemnon-decision-reinforce",
                ("weapon", weapon(w, *wp)),
                ("value", *value),
                ("defence", defence_of(w, *wp)),
            ),
            Decision::Dispose { cards, .. } => {
                let set = default_set();
                let names = Namer::loose(set.as_deref()).list(w, cards);
                w.one("pergamemnon-decision-dispose", "cards", names)
            }
            Decision::Discard { .. } => w.get("pergamemnon-decision-discard"),
        }
    }

    fn event(&self, event: &Event, cx: &Ctx) -> String {
        let set = default_set();
        // A sentence may begin with its seat, which is "you" for the reader.
        let sentence = self.event_in(event, Namer::loose(set.as_deref()), cx);
        let mut letters = sentence.chars();
        match letters.next() {
            Some(first) => first.to_uppercase().chain(letters).collect(),
            None => sentence,
        }
    }

    fn action(&self, action: &Action, cx: &Ctx) -> String {
        let set = default_set();
        self.action_in(action, Namer::loose(set.as_deref()), cx)
    }

    fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
        let w = &cx.words;
        let set = default_set();
        let namer = Namer::loose(set.as_deref());
        let name = |id: &str| namer.with_id(w, id);
        match error {
            RuleError::GameOver => w.get("pergamemnon-error-game-over"),
            RuleError::NoSuchSeat(n) => w.one("pergamemnon-error-no-such-seat", "seat", *n),
            RuleError::NotYourTurn => w.get("pergamemnon-error-not-your-turn"),
            RuleError::WrongDecision { expected } => w.one(
                "pergamemnon-error-wrong-decision",
                "expected",
                decision_name(cx, expected),
            ),
            RuleError::UnknownCard(id) => {
                w.one("pergamemnon-error-unknown-card", "card", id.as_str())
            }
            RuleError::NotInHand(id) => w.one("pergamemnon-error-not-in-hand", "card", name(id)),
            RuleError::NoPass => w.get("pergamemnon-error-no-pass"),
            RuleError::BadTarget(n) => w.one("pergamemnon-error-bad-target", "seat", *n),
            RuleError::WrongWeapon { card, weapon: wp } => w.two(
                "pergamemnon-error-wrong-weapon",
                ("card", name(card)),
                ("weapon", weapon(w, *wp)),
            ),
            RuleError::NotOnDisplay(id) => {
                w.one("pergamemnon-error-not-on-display", "card", name(id))
            }
            RuleError::NotTucked(id) => w.one("pergamemnon-error-not-tucked", "card", name(id)),
            RuleError::EmptyPayment => w.get("pergamemnon-error-empty-payment"),
            RuleError::PaymentTooLow { reached, cost } => w.two(
                "pergamemnon-error-payment-too-low",
                ("reached", *reached),
                ("cost", *cost),
            ),
            RuleError::PaymentNotMinimal(id) => {
                w.one("pergamemnon-error-payment-not-minimal", "card", name(id))
            }
            RuleError::NoReinforcementNeeded => w.get("pergamemnon-error-no-reinforcement-needed"),
            RuleError::ReinforcementTooWeak { card, total, value } => w.three(
                "pergamemnon-error-reinforcement-too-weak",
                ("card", name(card)),
                ("total", *total),
                ("value", *value),
            ),
            RuleError::NotCaptured(id) => w.one("pergamemnon-error-not-captured", "card", name(id)),
            RuleError::DisposalIncomplete => w.get("pergamemnon-error-disposal-incomplete"),
            RuleError::CannotTuck(id) => w.one("pergamemnon-error-cannot-tuck", "card", name(id)),
            RuleError::Repeated => w.get("pergamemnon-error-repeated"),
        }
    }

    fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
        let w = &cx.words;
        let mut text = w.with(
            "pergamemnon-outcome",
            &[
                ("who", cx.list(&outcome.winners).into()),
                ("count", outcome.winners.len().into()),
                ("ending", ending(cx, &outcome.ending).into()),
            ],
        );
        text.push(' ');
        text.push_str(&w.one(
            "pergamemnon-outcome-scores",
            "scores",
            scores(cx, &outcome.half_points),
        ));
        text
    }

    fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        let seat = &view.seats[standing.seat.index()];
        let half = view
            .outcome
            .as_ref()
            .and_then(|o| o.half_points.get(standing.seat.index()).copied())
            .or(seat.half_points);
        match half {
            Some(h) => cx.words.three(
                "pergamemnon-standing",
                ("name", cx.name(standing.seat)),
                ("nation", nation(&cx.words, seat.nation)),
                ("points", points(&cx.words, h)),
            ),
            None => cx.words.two(
                "pergamemnon-standing-running",
                ("name", cx.name(standing.seat)),
                ("nation", nation(&cx.words, seat.nation)),
            ),
        }
    }

    fn situation(&self, view: &View, cx: &Ctx) -> String {
        board::situation(view, cx)
    }

    /// A battle is a chapter of the history.
    fn ends_chapter(&self, events: &Events<Event>) -> bool {
        events
            .iter()
            .any(|(_, event)| matches!(event, Event::BattleEnded { .. }))
    }

    fn milestones(
        &self,
        _before: Option<&Game>,
        after: &Game,
        events: &Events<Event>,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        let w = &cx.words;
        let namer = Namer::of(&after.set);
        let name = |id: &str| namer.name(w, id);
        let mut found = Vec::new();
        for (_, event) in events {
            match event {
                Event::Setup { .. } => found.push(Milestone {
                    mark: "setup",
                    label: w.get("pergamemnon-milestone-setup"),
                }),
                Event::Recruited { seat, creature, .. } => found.push(Milestone {
                    mark: "recruitment",
                    label: w.two(
                        "pergamemnon-milestone-recruited",
                        ("seat", cx.name(*seat)),
                        ("creature", name(creature)),
                    ),
                }),
                Event::BattleEnded { result } => found.push(Milestone {
                    mark: "battle",
                    label: match result {
                        BattleResult::Tie => w.get("pergamemnon-milestone-tie"),
                        BattleResult::Won { winner, loser } => w.two(
                            "pergamemnon-milestone-won",
                            ("winner", cx.name(*winner)),
                            ("loser", cx.name(*loser)),
                        ),
                    },
                }),
                Event::CityTurned { seat } => found.push(Milestone {
                    mark: "leader",
                    label: w.one("pergamemnon-milestone-leader", "seat", cx.name(*seat)),
                }),
                Event::Ended { .. } => found.push(Milestone {
                    mark: "end",
                    label: w.get("pergamemnon-milestone-end"),
                }),
                _ => {}
            }
        }
        found
    }

    fn board(&self, view: &View, cx: &Ctx) -> Html {
        board::board(view, cx)
    }

    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        board::private(view, seat, cx)
    }

    fn review_part(&self, view: &View, cx: &Ctx) -> Html {
        board::review(view, cx)
    }

    fn forms(&self, view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        forms::forms(view, seat, legal, cx)
    }

    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<Action, String>> {
        forms::action_from_form(fields, words)
    }

    fn commands(&self, action: &Action, words: &Words) -> Vec<String> {
        commands::commands(action, words)
    }

    fn command_words(&self, words: &Words) -> Vec<String> {
        commands::command_words(words)
    }

    fn read_command(
        &self,
        line: &str,
        view: &View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        commands::read_command(&self.folding(languages), line, view, seat, languages)
    }

    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        board::mail(view, seat, cx)
    }

    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        vec![
            cx.words.get("pergamemnon-column-nation"),
            cx.words.get("pergamemnon-column-hand"),
            cx.words.get("pergamemnon-column-charisma"),
        ]
    }

    fn player_cells(&self, view: &View, seat: Seat, cx: &Ctx) -> Vec<String> {
        let s = &view.seats[seat.index()];
        vec![
            nation(&cx.words, s.nation),
            s.hand_count.to_string(),
            s.charisma.to_string(),
        ]
    }

    fn seat_colour(&self, view: &View, seat: Seat) -> Option<&'static str> {
        view.seats
            .get(seat.index())
            .map(|s| nation_colour(s.nation))
    }
}
