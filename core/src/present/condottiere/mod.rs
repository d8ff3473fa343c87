//! How Condottiere shows itself: its words (from `locales/<language>/condottiere.ftl`), the map
//! and battle lines, the seat's hand, the move forms, and its part of the mails.

mod board;
mod forms;

use super::{Ctx, Html, MailPart, Milestone, MoveForm, Presenter, Words};
use crate::engine::condottiere::{
    Action, Card, Decision, Ending, Event, Events, Game, OptionProblem, Options, Outcome, Region,
    RuleError, View,
};
use crate::engine::{Seat, Standing};
use crate::present::{Arg, Command, Folding};

/// The Condottiere presenter (registered with the rules in `crate::kinds`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Condottiere;

/// A card's name.
pub(crate) fn card(cx: &Ctx, card: Card) -> String {
    cx.words.get(&format!("condottiere-card-{}", card.code()))
}

/// A card's name with the code replies use: "Inverno (WI)".
pub(crate) fn card_with_code(cx: &Ctx, c: Card) -> String {
    cx.words.two(
        "condottiere-mail-card",
        ("name", card(cx, c)),
        ("code", c.code()),
    )
}

/// Cards by name in display order: "Mercenary 1, Mercenary 1 and Heroine"; "no cards".
pub(crate) fn cards(cx: &Ctx, list: &[Card]) -> String {
    if list.is_empty() {
        return cx.words.get("condottiere-no-cards");
    }
    let mut sorted = list.to_vec();
    sorted.sort();
    cx.words.list(sorted.iter().map(|&c| card(cx, c)).collect())
}

/// The card a reply names by the folded words `written`, in any language: its code ("WI"), its
/// name in any catalog ("Inverno", "Winter", "Mercenário 5"), or another name a catalog gives
/// it (`condottiere-card-other-names`: "DR Percussionista", the printed rulebook's word).
fn card_named(written: &[String], languages: &[Words], folding: &Folding) -> Option<Card> {
    if written.is_empty() {
        return None;
    }
    let named = |c: Card| {
        folding.fold(c.code()) == written
            || languages
                .iter()
                .any(|w| folding.fold(&w.get(&format!("condottiere-card-{}", c.code()))) == written)
    };
    Card::ALL.into_iter().find(|&c| named(c)).or_else(|| {
        languages.iter().find_map(|w| {
            w.get("condottiere-card-other-names")
                .split(',')
                .filter_map(|pair| pair.trim().split_once(' '))
                .find(|(_, name)| folding.fold(name) == written)
                .and_then(|(code, _)| Card::from_code(code))
        })
    })
}

/// A region's name for sentences (Italian, glossed where the catalog does).
pub(crate) fn region(cx: &Ctx, region: Region) -> String {
    cx.words
        .get(&format!("condottiere-region-{}", region.name()))
}

/// The two arguments of a seat in a message: its name (or "you") and its person.
fn seat_args(cx: &Ctx, name: &'static str, seat: Seat) -> [(&'static str, Arg); 2] {
    [
        (name, cx.who(seat).into()),
        (person_arg(name), cx.person(seat).into()),
    ]
}

fn person_arg(name: &'static str) -> &'static str {
    match name {
        "seat" => "seat-p",
        "holder" => "holder-p",
        "defender" => "defender-p",
        "token" => "token-p",
        "owner" => "owner-p",
        other => panic!("no person argument for {other}"),
    }
}

fn with_seat(cx: &Ctx, id: &str, seat: Seat, more: &[(&str, Arg)]) -> String {
    let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", seat).into();
    args.extend(more.iter().cloned());
    cx.words.with(id, &args)
}

fn ending(cx: &Ctx, ending: Ending) -> String {
    cx.words.get(match ending {
        Ending::TotalRegions => "condottiere-ending-total-regions",
        Ending::ConnectedRegions => "condottiere-ending-connected-regions",
        Ending::AllRegionsTaken => "condottiere-ending-all-regions-taken",
        Ending::FinalBattle => "condottiere-ending-final-battle",
        Ending::SharedVictory => "condottiere-ending-shared-victory",
        Ending::PointsTarget => "condottiere-ending-points-target",
    })
}

/// "Ann 3, Bob 5": a number for each seat in seat order.
fn per_seat(cx: &Ctx, numbers: &[u32]) -> String {
    cx.words.list(
        numbers
            .iter()
            .enumerate()
            .map(|(i, n)| {
                cx.words.with(
                    "condottiere-score",
                    &[
                        ("name", cx.name(Seat(i as u8)).into()),
                        ("points", (*n).into()),
                    ],
                )
            })
            .collect(),
    )
}

fn reason(cx: &Ctx, reason: &str) -> String {
    // The engine names the reason in English; each one has its own message.
    cx.words.get(match reason {
        "it is the contested region" => "condottiere-reason-contested",
        "a player controls it" => "condottiere-reason-controlled",
        "the Pope protects it" => "condottiere-reason-pope",
        "you control it" => "condottiere-reason-yours",
        _ => "condottiere-reason-not-capturing",
    })
}

impl Presenter for Condottiere {
    type Game = Game;

    fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        let w = &cx.words;
        let mut lines = Vec::new();
        if options.draw_after_battle {
            lines.push(w.get("condottiere-option-draw-after-battle"));
        }
        if let Some(target) = options.play_for_points {
            lines.push(w.one("condottiere-options-points", "target", target));
        }
        if options.bigger_kingdoms {
            lines.push(w.get("condottiere-option-bigger-kingdoms"));
        }
        if options.capturing_regions {
            lines.push(w.get("condottiere-option-capturing-regions"));
        }
        if options.hidden_cards {
            lines.push(w.get("condottiere-option-hidden-cards"));
        }
        if lines.is_empty() {
            lines.push(w.get("condottiere-options-base"));
        }
        lines.push(match options.first_holder {
            Some(seat) => w.one("condottiere-options-holder", "name", cx.name(seat)),
            None => w.get("condottiere-options-holder-random"),
        });
        lines
    }

    fn option_notes(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        if options.play_for_points.is_some() && options.capturing_regions {
            vec![cx.words.get("condottiere-note-points-capturing")]
        } else {
            Vec::new()
        }
    }

    fn option_problem(&self, problem: &OptionProblem, cx: &Ctx) -> String {
        match problem {
            OptionProblem::FirstHolderNotASeat => cx.words.get("condottiere-problem-first-holder"),
            OptionProblem::PointsTarget { min, max } => cx.words.two(
                "condottiere-problem-points-target",
                ("min", *min),
                ("max", *max),
            ),
        }
    }

    fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
        cx.words.get(match decision {
            Decision::FirstBattleRegion => "condottiere-decision-first-battle-region",
            Decision::PlayOrPass => "condottiere-decision-play-or-pass",
            Decision::ScarecrowTarget => "condottiere-decision-scarecrow-target",
            Decision::PopePlacement => "condottiere-decision-pope-placement",
            Decision::NextBattleRegion => "condottiere-decision-next-battle-region",
            Decision::DiscardHand => "condottiere-decision-discard-hand",
            Decision::KeepCards => "condottiere-decision-keep-cards",
            Decision::DrawCount => "condottiere-decision-draw-count",
            Decision::DefenderPlayOrPass => "condottiere-decision-defender-play-or-pass",
            Decision::FinalBattlePlayOrPass => "condottiere-decision-final-battle-play-or-pass",
        })
    }

    /// The rules discard what a Winter, Spring or Bishop removes before the card lands on its
    /// line; people read the card first, then its effect.
    fn told_order<'e>(&self, mut events: Vec<&'e Event>) -> Vec<&'e Event> {
        let mut i = 0;
        while i < events.len() {
            if let Event::Removed { by, .. } = events[i] {
                let played = events[i + 1..]
                    .iter()
                    .position(|e| matches!(e, Event::Played { card, .. } if card == by));
                if let Some(offset) = played {
                    let card = events.remove(i + 1 + offset);
                    events.insert(i, card);
                    i += 1;
                }
            }
            i += 1;
        }
        events
    }

    fn event(&self, event: &Event, cx: &Ctx) -> String {
        let w = &cx.words;
        match event {
            Event::GameStarted { game, holder } if *game > 1 => {
                let mut args: Vec<(&str, Arg)> = seat_args(cx, "holder", *holder).into();
                args.push(("game", (*game).into()));
                w.with("condottiere-ev-series-game-started", &args)
            }
            Event::GameStarted { holder, .. } => w.with(
                "condottiere-ev-game-started",
                &seat_args(cx, "holder", *holder),
            ),
            Event::Dealt { seat, count } => with_seat(
                cx,
                "condottiere-ev-dealt",
                *seat,
                &[("count", (*count).into())],
            ),
            Event::Received { seat, cards: list } => with_seat(
                cx,
                "condottiere-ev-received",
                *seat,
                &[("cards", cards(cx, list).into())],
            ),
            Event::Reshuffled { cards: count } => {
                w.one("condottiere-ev-reshuffled", "count", *count)
            }
            Event::TokenPlaced {
                seat,
                region: r,
                defender,
            } => {
                let mut more = vec![("region", region(cx, *r).into())];
                match defender {
                    Some(defender) => {
                        more.extend(seat_args(cx, "defender", *defender));
                        with_seat(cx, "condottiere-ev-token-placed-defended", *seat, &more)
                    }
                    None => with_seat(cx, "condottiere-ev-token-placed", *seat, &more),
                }
            }
            Event::BattleStarted {
                region: Some(r),
                participants,
            } => w.two(
                "condottiere-ev-battle-started",
                ("region", region(cx, *r)),
                ("seats", cx.list(participants)),
            ),
            Event::BattleStarted {
                region: None,
                participants,
            } => w.one(
                "condottiere-ev-battle-started-anywhere",
                "seats",
                cx.list(participants),
            ),
            Event::OutOfCards { seat } => with_seat(cx, "condottiere-ev-out-of-cards", *seat, &[]),
            Event::Played {
                seat,
                card: c,
                face_down,
            } => with_seat(
                cx,
                if *face_down {
                    "condottiere-ev-played-face-down-own"
                } else {
                    "condottiere-ev-played"
                },
                *seat,
                &[("card", card(cx, *c).into())],
            ),
            Event::PlayedFaceDown { seat } => {
                with_seat(cx, "condottiere-ev-played-face-down", *seat, &[])
            }
            Event::Removed { by, cards: list } if list.is_empty() => {
                w.one("condottiere-ev-removed-nothing", "by", card(cx, *by))
            }
            Event::Removed { by, cards: list } => {
                let each = list
                    .iter()
                    .map(|sc| {
                        let mut args: Vec<(&str, Arg)> = seat_args(cx, "owner", sc.seat).into();
                        args.push(("card", card(cx, sc.card).into()));
                        w.with("condottiere-ev-removed-card", &args)
                    })
                    .collect();
                w.two(
                    "condottiere-ev-removed",
                    ("by", card(cx, *by)),
                    ("cards", w.list(each)),
                )
            }
            Event::ScarecrowReturned {
                seat,
                card: Some(c),
            } => with_seat(
                cx,
                "condottiere-ev-scarecrow-returned",
                *seat,
                &[("card", card(cx, *c).into())],
            ),
            Event::ScarecrowReturned { seat, card: None } => {
                with_seat(cx, "condottiere-ev-scarecrow-nothing", *seat, &[])
            }
            Event::PopeMoved {
                seat,
                region: Some(r),
            } => with_seat(
                cx,
                "condottiere-ev-pope-moved",
                *seat,
                &[("region", region(cx, *r).into())],
            ),
            Event::PopeMoved { seat, region: None } => {
                with_seat(cx, "condottiere-ev-pope-removed", *seat, &[])
            }
            Event::TurnedUp { seat, card: c } => with_seat(
                cx,
                "condottiere-ev-turned-up",
                *seat,
                &[("card", card(cx, *c).into())],
            ),
            Event::Passed {
                seat,
                provisional: true,
            } => with_seat(cx, "condottiere-ev-passed-provisional", *seat, &[]),
            Event::Passed { seat, .. } => with_seat(cx, "condottiere-ev-passed", *seat, &[]),
            Event::Revealed { seat, cards: list } => with_seat(
                cx,
                "condottiere-ev-revealed",
                *seat,
                &[("cards", cards(cx, list).into())],
            ),
            Event::BattleEnded {
                region: r,
                strengths,
                winner,
                tied,
                token_to,
            } => {
                let place = match r {
                    Some(r) => w.one("condottiere-ev-battle-place", "region", region(cx, *r)),
                    None => w.get("condottiere-ev-battle-place-final"),
                };
                let scores = w.list(
                    strengths
                        .iter()
                        .map(|s| {
                            w.two(
                                "condottiere-score",
                                ("name", cx.name(s.seat)),
                                ("points", s.strength),
                            )
                        })
                        .collect(),
                );
                let result = match (winner, r) {
                    (Some(winner), _) => w.one("condottiere-ev-won", "seats", cx.who(*winner)),
                    (None, Some(_)) => w.one("condottiere-ev-tied", "seats", cx.list(tied)),
                    (None, None) => w.one("condottiere-ev-tied-shared", "seats", cx.list(tied)),
                };
                let mut text = w.three(
                    "condottiere-ev-battle-ended",
                    ("place", place),
                    ("result", result),
                    ("scores", scores),
                );
                if let Some(token) = token_to {
                    text.push(' ');
                    text.push_str(
                        &w.with("condottiere-ev-token-to", &seat_args(cx, "token", *token)),
                    );
                }
                text
            }
            Event::Conquered {
                seat,
                region: r,
                from: Some(from),
            } => with_seat(
                cx,
                "condottiere-ev-conquered-from",
                *seat,
                &[
                    ("region", region(cx, *r).into()),
                    ("from", cx.who(*from).into()),
                ],
            ),
            Event::Conquered {
                seat,
                region: r,
                from: None,
            } => with_seat(
                cx,
                "condottiere-ev-conquered",
                *seat,
                &[("region", region(cx, *r).into())],
            ),
            Event::LinesDiscarded => w.get("condottiere-ev-lines-discarded"),
            Event::Answered { seat } => with_seat(cx, "condottiere-ev-answered", *seat, &[]),
            Event::AnswerRevised { seat } => {
                with_seat(cx, "condottiere-ev-answer-revised", *seat, &[])
            }
            Event::KeeperDiscarded { seat, cards: list } => with_seat(
                cx,
                "condottiere-ev-keeper-discarded",
                *seat,
                &[("cards", cards(cx, list).into())],
            ),
            Event::HandDiscarded { seat, cards: list } => with_seat(
                cx,
                "condottiere-ev-hand-discarded",
                *seat,
                &[("cards", cards(cx, list).into())],
            ),
            Event::KeptCount { seat, count } => with_seat(
                cx,
                "condottiere-ev-kept-count",
                *seat,
                &[("count", (*count).into())],
            ),
            Event::Kept { seat, cards: list } => with_seat(
                cx,
                "condottiere-ev-kept",
                *seat,
                &[("cards", cards(cx, list).into())],
            ),
            Event::RoundStarted { round } => w.one("condottiere-ev-round-started", "round", *round),
            Event::FinalBattleStarted { participants } => w.one(
                "condottiere-ev-final-battle-started",
                "seats",
                cx.list(participants),
            ),
            Event::SeriesGameEnded {
                game,
                winners,
                ending: e,
                points,
            } => w.with(
                "condottiere-ev-series-game-ended",
                &[
                    ("game", (*game).into()),
                    ("winners", cx.list(winners).into()),
                    ("ending", ending(cx, *e).into()),
                    ("points", per_seat(cx, points).into()),
                ],
            ),
            Event::GameOver { outcome } => w.one(
                "condottiere-ev-game-over",
                "outcome",
                self.outcome(outcome, cx),
            ),
        }
    }

    fn action(&self, action: &Action, cx: &Ctx) -> String {
        let w = &cx.words;
        match action {
            Action::PlaceToken { region: r } => {
                w.one("condottiere-action-place-token", "region", r.name())
            }
            Action::Play { card: c } => w.one("condottiere-action-play", "card", card(cx, *c)),
            Action::Pass { reveal: false } => w.get("condottiere-action-pass"),
            Action::Pass { reveal: true } => w.get("condottiere-action-pass-reveal"),
            Action::Scarecrow { take: Some(c) } => {
                w.one("condottiere-action-scarecrow", "card", card(cx, *c))
            }
            Action::Scarecrow { take: None } => w.get("condottiere-action-scarecrow-nothing"),
            Action::Pope { region: Some(r) } => {
                w.one("condottiere-action-pope", "region", r.name())
            }
            Action::Pope { region: None } => w.get("condottiere-action-pope-off"),
            Action::DiscardHand { discard: true } => w.get("condottiere-action-discard-hand"),
            Action::DiscardHand { discard: false } => w.get("condottiere-action-keep-hand"),
            Action::Keep { cards: list } if list.is_empty() => {
                w.get("condottiere-action-keep-nothing")
            }
            Action::Keep { cards: list } => {
                w.one("condottiere-action-keep", "cards", cards(cx, list))
            }
            Action::Draw { count } => w.one("condottiere-action-draw", "count", *count),
        }
    }

    fn command_words(&self, words: &Words) -> Vec<String> {
        [
            "place",
            "play",
            "pass",
            "scarecrow",
            "pope",
            "discard-hand",
            "keep-hand",
            "keep",
            "draw",
        ]
        .iter()
        .map(|name| words.get(&format!("condottiere-command-{name}")))
        .collect()
    }

    fn commands(&self, action: &Action, words: &Words) -> Vec<String> {
        let verb = |name: &str| words.get(&format!("condottiere-command-{name}"));
        // A card by its code or by its name: "M5", "Mercenary 5", "WI", "Winter".
        let card_names = |c: Card| {
            vec![
                c.code().to_owned(),
                words.get(&format!("condottiere-card-{}", c.code())),
            ]
        };
        let with = |head: String, tails: Vec<String>| -> Vec<String> {
            tails.into_iter().map(|t| format!("{head} {t}")).collect()
        };
        match action {
            Action::PlaceToken { region } => vec![format!("{} {}", verb("place"), region.name())],
            Action::Play { card: c } => with(verb("play"), card_names(*c)),
            Action::Pass { reveal: false } => vec![verb("pass")],
            Action::Pass { reveal: true } => vec![format!("{} {}", verb("pass"), verb("reveal"))],
            Action::Scarecrow { take: Some(c) } => with(verb("scarecrow"), card_names(*c)),
            Action::Scarecrow { take: None } => {
                vec![format!("{} {}", verb("scarecrow"), verb("none"))]
            }
            Action::Pope { region: Some(r) } => vec![format!("{} {}", verb("pope"), r.name())],
            Action::Pope { region: None } => vec![format!("{} {}", verb("pope"), verb("none"))],
            Action::DiscardHand { discard: true } => vec![verb("discard-hand")],
            Action::DiscardHand { discard: false } => vec![verb("keep-hand")],
            Action::Keep { cards } if cards.is_empty() => {
                vec![format!("{} {}", verb("keep"), verb("none"))]
            }
            Action::Keep { cards } => {
                let mut phrases = vec![verb("keep")];
                for c in cards {
                    phrases = phrases
                        .iter()
                        .flat_map(|p| with(p.clone(), card_names(*c)))
                        .collect();
                }
                phrases
            }
            Action::Draw { count } => vec![format!("{} {count}", verb("draw"))],
        }
    }

    /// The listed moves' phrases read a card named in the verb's own language ("jogar
    /// Inverno", "play Winter"). While the seat is asked to play a card, or which card its
    /// Scarecrow takes back, this reads a card named in any language or by another name its
    /// catalogs give it ("jogar Winter", "play Inverno", "jogar percussionista"); the rules
    /// judge the card when it is played. Anything else is left to the phrases.
    fn read_command(
        &self,
        line: &str,
        view: &View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        let folding = self.folding(languages);
        let words = folding.fold(line);
        let Some((verb, rest)) = words.split_first() else {
            return Command::None;
        };
        let is = |name: &str| {
            languages.iter().any(|w| {
                folding.fold(&w.get(&format!("condottiere-command-{name}"))) == [verb.as_str()]
            })
        };
        let asked = view
            .waiting
            .iter()
            .find(|w| w.seat == seat)
            .map(|w| w.decision);
        let make: fn(Card) -> Action = match asked {
            Some(
                Decision::PlayOrPass
                | Decision::DefenderPlayOrPass
                | Decision::FinalBattlePlayOrPass,
            ) if is("play") => |c| Action::Play { card: c },
            Some(Decision::ScarecrowTarget) if is("scarecrow") => {
                |c| Action::Scarecrow { take: Some(c) }
            }
            _ => return Command::None,
        };
        match card_named(rest, languages, &folding) {
            Some(c) => Command::Action(make(c)),
            None => Command::None,
        }
    }

    fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
        let w = &cx.words;
        match error {
            RuleError::GameOver => w.get("condottiere-error-game-over"),
            RuleError::NoSuchSeat(n) => w.one("condottiere-error-no-such-seat", "seat", *n),
            RuleError::NotYourTurn { waiting } => w.one(
                "condottiere-error-not-your-turn",
                "waiting",
                cx.list(waiting),
            ),
            RuleError::WrongDecision { expected } => w.one(
                "condottiere-error-wrong-decision",
                "expected",
                self.decision(expected, cx),
            ),
            RuleError::CardNotInHand(c) => {
                w.one("condottiere-error-card-not-in-hand", "card", card(cx, *c))
            }
            RuleError::TokenTarget {
                region: r,
                reason: why,
            } => w.two(
                "condottiere-error-token-target",
                ("region", region(cx, *r)),
                ("reason", reason(cx, why)),
            ),
            RuleError::ScarecrowTarget => w.get("condottiere-error-scarecrow-target"),
            RuleError::PopeTarget {
                region: r,
                reason: why,
            } => w.two(
                "condottiere-error-pope-target",
                ("region", region(cx, *r)),
                ("reason", reason(cx, why)),
            ),
            RuleError::NothingToReveal => w.get("condottiere-error-nothing-to-reveal"),
            RuleError::KeepCards => w.get("condottiere-error-keep-cards"),
            RuleError::DrawCount { max } => w.one("condottiere-error-draw-count", "max", *max),
            RuleError::HoldsMercenary => w.get("condottiere-error-holds-mercenary"),
            RuleError::NoCards => w.get("condottiere-error-no-cards"),
            RuleError::HandFull => w.get("condottiere-error-hand-full"),
        }
    }

    fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
        let mut text = cx.words.with(
            "condottiere-outcome",
            &[
                ("who", cx.list(&outcome.winners).into()),
                ("count", outcome.winners.len().into()),
                ("ending", ending(cx, outcome.ending).into()),
            ],
        );
        if let Some(scores) = &outcome.scores {
            text.push(' ');
            text.push_str(&cx.words.one(
                "condottiere-outcome-points",
                "scores",
                per_seat(cx, scores),
            ));
        }
        text
    }

    fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        let seat = &view.seats[standing.seat.index()];
        let name = cx.name(standing.seat);
        match &view.series {
            Some(series) => cx.words.with(
                "condottiere-standing-points",
                &[
                    ("name", name.into()),
                    ("points", series.scores[standing.seat.index()].into()),
                    ("regions", seat.regions.len().into()),
                ],
            ),
            None => cx.words.two(
                "condottiere-standing",
                ("name", name),
                ("regions", seat.regions.len()),
            ),
        }
    }

    fn situation(&self, view: &View, cx: &Ctx) -> String {
        board::situation(view, cx)
    }

    /// A battle is a chapter of the history.
    fn ends_chapter(&self, events: &Events) -> bool {
        events
            .iter()
            .any(|(_, event)| matches!(event, Event::BattleEnded { .. }))
    }

    fn milestones(
        &self,
        before: Option<&Game>,
        after: &Game,
        events: &Events,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        let w = &cx.words;
        let mut found = Vec::new();
        for (_, event) in events {
            if let Event::BattleEnded {
                region: r,
                winner,
                tied,
                ..
            } = event
            {
                let place = match r {
                    Some(r) => w.one("condottiere-milestone-place", "region", region(cx, *r)),
                    None => w.get("condottiere-milestone-place-final"),
                };
                found.push(Milestone {
                    mark: "battle",
                    label: match winner {
                        Some(one) => w.two(
                            "condottiere-milestone-battle-won",
                            ("winner", cx.name(*one)),
                            ("place", place),
                        ),
                        None => w.two(
                            "condottiere-milestone-battle-tied",
                            ("place", place),
                            ("seats", cx.list(tied)),
                        ),
                    },
                });
            }
        }
        for deal in before.map_or(0, Game::deals)..after.deals() {
            found.push(Milestone {
                mark: "deal",
                label: if deal == 0 {
                    w.get("condottiere-milestone-first-deal")
                } else {
                    w.get("condottiere-milestone-deal")
                },
            });
        }
        found
    }

    fn board(&self, view: &View, cx: &Ctx) -> Html {
        board::board(view, cx)
    }

    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        board::hand(view, seat, cx)
    }

    fn review_part(&self, view: &View, cx: &Ctx) -> Html {
        board::review(view, cx)
    }

    fn forms(&self, _view: &View, _seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        forms::forms(legal, cx)
    }

    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        board::mail(view, seat, cx)
    }

    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        vec![
            cx.words.get("condottiere-column-regions"),
            cx.words.get("condottiere-column-hand"),
        ]
    }

    fn player_cells(&self, view: &View, seat: Seat, _cx: &Ctx) -> Vec<String> {
        let s = &view.seats[seat.index()];
        vec![s.regions.len().to_string(), s.hand_count.to_string()]
    }
}

#[cfg(test)]
mod tests {

    /// Seen on pages: "The Winter sent Bob's Spring to the discard pile. Ann played Winter.",
    /// "Ann won (won on total regions)", and spectators reading of "your Scarecrow".
    #[test]
    fn a_card_is_told_before_its_effect_and_endings_and_decisions_read_for_anyone() {
        use super::super::{Ctx, Presenter, SeatNames};
        use crate::engine::condottiere::{Card, Decision, Ending, Event, Outcome, SeatCard};
        use crate::engine::{Seat, Viewer};
        let registry = crate::kinds::Registry::standard();
        let names = SeatNames::new(vec!["Ann".into(), "Bob".into()]);
        let cx = Ctx::new(registry.catalogs().words("en"), &names, Viewer::Spectator);
        let removed = Event::Removed {
            by: Card::Winter,
            cards: vec![SeatCard {
                seat: Seat(1),
                card: Card::Spring,
            }],
        };
        let played = Event::Played {
            seat: Seat(0),
            card: Card::Winter,
            face_down: false,
        };
        let told: Vec<String> = super::Condottiere
            .told_order(vec![&removed, &played])
            .into_iter()
            .map(|e| super::Condottiere.event(e, &cx))
            .collect();
        assert!(told[0].contains("played Winter"), "{told:?}");
        assert!(told[1].contains("discard pile"), "{told:?}");
        let outcome = Outcome {
            winners: vec![Seat(0)],
            ending: Ending::TotalRegions,
            scores: None,
        };
        let result = super::Condottiere.outcome(&outcome, &cx);
        assert_eq!(result, "Ann won (by total regions).");
        let decision = super::Condottiere.decision(&Decision::ScarecrowTarget, &cx);
        assert!(!decision.contains("your"), "{decision}");
    }

    /// Seen on pages: a strength of 1 beside an M10 explained nothing.
    #[test]
    fn each_line_says_why_a_mercenary_counts_other_than_its_printed_value() {
        use super::super::{Ctx, SeatNames};
        use crate::engine::{Seat, Viewer};
        let registry = crate::kinds::Registry::standard();
        let kind = registry.get("condottiere").unwrap();
        let position = r#"{"rules_version": 1, "players": 2,
            "seed": "0000000000000000000000000000000000000000000000000000000000000000",
            "hands": [["M1"], ["BI", "M1"]], "lines": [["M10", "WI"], ["M6", "DR"]],
            "holder": 1, "contested": "Firenze",
            "step": {"type": "battle", "active": 2, "passed": [1]}}"#;
        let game = kind.read_position(position).unwrap();
        let names = SeatNames::new(vec!["Ann".into(), "Bob".into()]);
        let cx = Ctx::new(
            registry.catalogs().words("en"),
            &names,
            Viewer::Seat(Seat(1)),
        );
        let board = kind.board(&game.view(Viewer::Seat(Seat(1))), &cx).0;
        assert!(board.contains("Mercenary 10 → 1: Winter"), "{board}");
        assert!(
            board.contains("Mercenary 6 → 2: Winter and Drummer"),
            "{board}"
        );
        let pt = Ctx::new(
            registry.catalogs().words("pt"),
            &names,
            Viewer::Seat(Seat(1)),
        );
        let board = kind.board(&game.view(Viewer::Seat(Seat(1))), &pt).0;
        assert!(board.contains("Mercenário 10 → 1: Inverno"), "{board}");
    }

    /// Seen on pages in Portuguese: the hand and the lines showed WI, SU, M10 (English codes),
    /// the names only in tooltips phones never show. Each card now reads by its name in the
    /// reader's language, with the code replies use small beside it; the mail says both.
    #[test]
    fn every_card_shows_its_name_in_the_reader_s_language_with_its_code_beside_it() {
        use super::super::{Ctx, SeatNames};
        use crate::engine::{Seat, Viewer};
        let registry = crate::kinds::Registry::standard();
        let kind = registry.get("condottiere").unwrap();
        let position = r#"{"rules_version": 1, "players": 2,
            "seed": "0000000000000000000000000000000000000000000000000000000000000000",
            "hands": [["M1"], ["WI", "SU", "DR", "M10"]], "lines": [["M3", "CO"], ["SP"]],
            "holder": 1, "contested": "Firenze",
            "step": {"type": "battle", "active": 2, "passed": []}}"#;
        let game = kind.read_position(position).unwrap();
        let view = game.view(Viewer::Seat(Seat(1)));
        let names = SeatNames::new(vec!["Ana".into(), "Bruno".into()]);
        let chip = |name: &str, code: &str| {
            format!(
                r#"<span class="card-name">{name}</span> <small class="card-code">{code}</small>"#
            )
        };
        for (lang, cards) in [
            (
                "pt",
                [
                    ("Inverno", "WI"),
                    ("Rendição", "SU"),
                    ("Tambor", "DR"),
                    ("Mercenário 10", "M10"),
                ],
            ),
            (
                "en",
                [
                    ("Winter", "WI"),
                    ("Surrender", "SU"),
                    ("Drummer", "DR"),
                    ("Mercenary 10", "M10"),
                ],
            ),
        ] {
            let cx = Ctx::new(
                registry.catalogs().words(lang),
                &names,
                Viewer::Seat(Seat(1)),
            );
            let hand = kind.private_part(&view, Seat(1), &cx).0;
            for (name, code) in cards {
                assert!(hand.contains(&chip(name, code)), "{lang}: {hand}");
            }
            assert!(
                !hand.contains("title="),
                "{lang}: no name only in a tooltip: {hand}"
            );
            let mail = kind.mail_part(&view, Seat(1), &cx).text;
            for (name, code) in cards {
                assert!(mail.contains(&format!("{name} ({code})")), "{lang}: {mail}");
            }
        }
        let pt = Ctx::new(
            registry.catalogs().words("pt"),
            &names,
            Viewer::Seat(Seat(1)),
        );
        let board = kind.board(&view, &pt).0;
        for (name, code) in [
            ("Mercenário 3", "M3"),
            ("Cortesã", "CO"),
            ("Primavera", "SP"),
        ] {
            assert!(board.contains(&chip(name, code)), "{board}");
        }
    }

    /// A Brazilian player replies "jogar inverno", "JOGAR RENDICAO", or with the English name
    /// the old pages taught ("jogar Winter"), or the printed rulebook's "percussionista": each
    /// reads as the card's play, as the code does; a name no catalog knows reads as nothing.
    #[test]
    fn a_card_named_in_either_language_or_by_its_code_reads_as_its_play() {
        use super::super::Command;
        use crate::engine::condottiere::{Action, Card};
        use crate::engine::{Seat, Viewer};
        let registry = crate::kinds::Registry::standard();
        let kind = registry.get("condottiere").unwrap();
        let catalogs = registry.catalogs();
        let languages: Vec<_> = catalogs
            .languages()
            .into_iter()
            .map(|l| catalogs.words(l))
            .collect();
        let position = r#"{"rules_version": 1, "players": 2,
            "seed": "0000000000000000000000000000000000000000000000000000000000000000",
            "hands": [["M1"], ["WI", "SU", "DR", "M10", "SC"]], "lines": [["M3"], []],
            "holder": 1, "contested": "Firenze",
            "step": {"type": "battle", "active": 2, "passed": []}}"#;
        let game = kind.read_position(position).unwrap();
        let view = game.view(Viewer::Seat(Seat(1)));
        let read = |line: &str| match kind.read_command(line, &view, Seat(1), &languages) {
            Command::Action(a) => a.downcast::<Action>().cloned(),
            _ => None,
        };
        let play = |card| Some(Action::Play { card });
        for (line, card) in [
            ("jogar inverno", Card::Winter),
            ("JOGAR INVERNO", Card::Winter),
            ("jogar o Inverno", Card::Winter),
            ("jogar rendicao", Card::Surrender),
            ("jogar Rendição", Card::Surrender),
            ("jogar Winter", Card::Winter),
            ("play Inverno", Card::Winter),
            ("play surrender", Card::Surrender),
            ("jogar WI", Card::Winter),
            ("jogar tambor", Card::Drummer),
            ("jogar percussionista", Card::Drummer),
            ("jogar mercenario 10", Card::M10),
            ("play Mercenary 10", Card::M10),
            ("jogar espantalho", Card::Scarecrow),
        ] {
            assert_eq!(read(line), play(card), "{line:?}");
        }
        for line in ["jogar outono", "jogar", "passar", "Boa sorte!"] {
            assert_eq!(read(line), None, "{line:?}");
        }
        // Not asked to play (seat 1 waits): the phrases of its listed moves decide.
        let other = game.view(Viewer::Seat(Seat(0)));
        assert!(matches!(
            kind.read_command("jogar M1", &other, Seat(0), &languages),
            Command::None
        ));
    }
}
