//! How Condottieri (the game of written orders, `engine::condottieri`) shows itself: the map,
//! the orders forms, the written lines read from replies, the result reports and the mails.
//!
//! Orders are shown in their canonical written form (`A MIL - PAV`, §6.4): the form players
//! write, the same in every language. Areas in sentences are named in the reader's language
//! (the map data's English or Portuguese name); powers by the catalogs' names.

pub mod map;
mod report;
mod sheet;
#[cfg(test)]
mod tests;

use super::{Command, Ctx, Folding, Html, MailPart, MailStep, Milestone, MoveForm, Presenter};
use super::{Script, Words};
use crate::engine::condottieri::map::{find_area, fold, NameError};
use crate::engine::condottieri::retreats::RetreatRejection;
use crate::engine::condottieri::rules::{
    Action, Assignment, Condottieri as Game, Decision, Event, OptionProblem, Options, Outcome,
    RuleError, View,
};
use crate::engine::condottieri::{
    print, AdjustRejection, Area, End, Goal, MoneyRejection, Order, Phase, Power, Rejection,
    Season, Step, Style, UnitKind, UnitRef,
};
use crate::engine::{Coded, Events, Press, Seat, Standing};

/// The Condottieri presenter (registered with the rules in `crate::kinds`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Condottieri;

/// A power's name in the reader's language.
pub(crate) fn power(words: &Words, power: Power) -> String {
    words.get(&format!("condottieri-power-{}", power.slug()))
}

/// An area's name in the reader's language (map data: English, or Portuguese for `pt`).
pub(crate) fn area(words: &Words, area: Area) -> String {
    let info = area.info();
    match words.lang() {
        "pt" => info.portuguese.to_owned(),
        _ => info.english.to_owned(),
    }
}

fn areas(words: &Words, list: &[Area]) -> String {
    words.list(list.iter().map(|a| area(words, *a)).collect())
}

/// A unit as written: "A MIL".
pub(crate) fn unit(kind: UnitKind, at: Area) -> String {
    format!("{} {}", kind.letter(), at.code())
}

/// An order of a unit as written, in the canonical symbols: "A MIL - PAV".
pub(crate) fn order(kind: UnitKind, at: Area, order: &Order) -> String {
    print(UnitRef { kind, area: at }, order, Style::Symbols)
}

/// "Spring 1454": the season of a phase, without its step.
fn season(words: &Words, phase: Phase) -> String {
    let season = match phase.season {
        Season::Spring => "condottieri-season-spring",
        Season::Summer => "condottieri-season-summer",
        Season::Autumn => "condottieri-season-autumn",
    };
    words.two(
        "condottieri-when",
        ("year", phase.year.to_string()),
        ("season", words.get(season)),
    )
}

/// "Spring 1454, orders".
pub(crate) fn phase(words: &Words, phase: Phase) -> String {
    let season = match phase.season {
        Season::Spring => "condottieri-season-spring",
        Season::Summer => "condottieri-season-summer",
        Season::Autumn => "condottieri-season-autumn",
    };
    let step = match phase.step {
        Step::Orders => "condottieri-step-orders",
        Step::Retreats => "condottieri-step-retreats",
        Step::Adjustments => "condottieri-step-adjustments",
    };
    words.three(
        "condottieri-phase",
        ("year", phase.year.to_string()),
        ("season", words.get(season)),
        ("step", words.get(step)),
    )
}

fn scenario_name(words: &Words, key: &str) -> String {
    words.get(&format!("condottieri-option-scenario-{key}"))
}

/// The engine's keywords that start a line it reads in an orders, retreat or adjustments
/// phase (§6.5, §11.4, §10.2): `CLEAR`, the money lines and the adjustments.
const LINE_WORDS: [&str; 14] = [
    "CLEAR",
    "LIMPAR",
    "PAY",
    "GASTAR",
    "GIVE",
    "DAR",
    "BUILD",
    "CONSTRUIR",
    "DISBAND",
    "DEBANDAR",
    "MAINTAIN",
    "PAGAR",
    "WAIVE",
    "RENUNCIAR",
];

/// The unit type words of §6.4.
const TYPE_WORDS: [&str; 10] = [
    "A",
    "F",
    "G",
    "ARMY",
    "FLEET",
    "GARRISON",
    "E",
    "EXERCITO",
    "FROTA",
    "GUARNICAO",
];

/// Whether the words from `at` on start with an area's code or exact name (up to four words).
fn starts_with_area(tokens: &[&str], at: usize) -> bool {
    (1..=4)
        .filter(|k| at + k <= tokens.len())
        .any(|k| Area::named(&tokens[at..at + k].join(" ")).is_some())
}

/// The message id of a refusal code: `condottieri-error-<code>`.
fn error_id(code: &str) -> String {
    format!("condottieri-error-{}", code.replace('_', "-"))
}

impl Presenter for Condottieri {
    type Game = Game;

    fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        let w = &cx.words;
        let mut out = vec![w.one(
            "condottieri-options-scenario",
            "scenario",
            scenario_name(w, &options.scenario),
        )];
        let modules: Vec<String> = [
            (options.finances, "finances"),
            (options.famine, "famine"),
            (options.plague, "plague"),
            (options.storms, "storms"),
            (options.conquest, "conquest"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| w.get(&format!("condottieri-option-{name}")))
        .collect();
        out.push(if modules.is_empty() {
            w.get("condottieri-options-no-modules")
        } else {
            w.one("condottieri-options-modules", "modules", w.list(modules))
        });
        let goal = match options.goal {
            Goal::Standard => "standard",
            Goal::Long => "long",
            Goal::Short => "short",
        };
        out.push(w.two(
            "condottieri-options-goal",
            ("goal", w.get(&format!("condottieri-option-goal-{goal}"))),
            ("cities", options.goal.cities() as u64),
        ));
        out.push(match options.years_limit {
            Some(years) => w.one("condottieri-options-years", "years", years),
            None => w.get("condottieri-options-no-years"),
        });
        let press = match options.press {
            Press::Full => "full",
            Press::Public => "public",
            Press::None => "none",
        };
        out.push(w.one(
            "condottieri-options-press",
            "press",
            w.get(&format!("condottieri-option-press-{press}")),
        ));
        let powers = match options.powers {
            Assignment::Random => "random",
            Assignment::SeatOrder => "seat_order",
        };
        out.push(w.one(
            "condottieri-options-powers",
            "powers",
            w.get(&format!("condottieri-option-powers-{powers}")),
        ));
        out
    }

    fn option_problem(&self, problem: &OptionProblem, cx: &Ctx) -> String {
        match problem {
            OptionProblem::UnknownScenario => cx.words.get("condottieri-problem-unknown-scenario"),
            OptionProblem::YearsLimit => cx.words.get("condottieri-problem-years-limit"),
            OptionProblem::Players { needed } => {
                cx.words
                    .one("condottieri-problem-players", "needed", u64::from(*needed))
            }
        }
    }

    fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
        let id = match decision.phase.step {
            Step::Orders => "condottieri-decision-orders",
            Step::Retreats => "condottieri-decision-retreats",
            Step::Adjustments => "condottieri-decision-adjustments",
        };
        cx.words.one(id, "phase", season(&cx.words, decision.phase))
    }

    fn event(&self, event: &Event, cx: &Ctx) -> String {
        report::event(event, cx)
    }

    fn action(&self, action: &Action, cx: &Ctx) -> String {
        match action {
            Action::Write { line } => cx
                .words
                .one("condottieri-action-write", "line", line.trim()),
            Action::Ready => cx.words.get("condottieri-action-ready"),
            Action::Draw { vote: true } => cx.words.get("condottieri-action-draw"),
            Action::Draw { vote: false } => cx.words.get("condottieri-action-draw-no"),
        }
    }

    fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
        let w = &cx.words;
        let id = error_id(error.code());
        let rejection = match error {
            RuleError::TooLong { limit } => {
                return w.one(&id, "limit", *limit as u64);
            }
            RuleError::Money {
                rejection: MoneyRejection::BelowMinimum { minimum },
            } => return w.one(&id, "minimum", *minimum),
            RuleError::Order { rejection } => Some(rejection),
            RuleError::Money {
                rejection: MoneyRejection::Unit { rejection },
            } => Some(rejection),
            RuleError::Retreat {
                rejection: RetreatRejection::Line { rejection },
            } => Some(rejection),
            RuleError::Adjust {
                rejection: AdjustRejection::Unit { rejection },
            } => Some(rejection),
            _ => None,
        };
        match rejection {
            Some(Rejection::Trailing { text }) => w.one(&id, "text", text.as_str()),
            Some(Rejection::Area {
                error: NameError::Unknown { name },
            }) => w.one(&id, "name", name.as_str()),
            Some(Rejection::Area {
                error: NameError::Ambiguous { name, candidates },
            }) => w.two(
                "condottieri-error-line-area-ambiguous",
                ("name", name.as_str()),
                (
                    "candidates",
                    w.list(candidates.iter().map(|a| a.code().to_owned()).collect()),
                ),
            ),
            _ => w.get(&id),
        }
    }

    fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
        let w = &cx.words;
        match &outcome.end {
            End::Winner { power: p } => {
                let winner = outcome.winners.first().copied().unwrap_or(Seat(0));
                w.three(
                    "condottieri-outcome-winner",
                    ("winner", cx.name(winner)),
                    ("power", power(w, *p)),
                    (
                        "cities",
                        outcome.cities.get(winner.index()).copied().unwrap_or(0),
                    ),
                )
            }
            End::Draw { powers } => w.two(
                "condottieri-outcome-draw",
                ("names", cx.list(&outcome.winners)),
                (
                    "powers",
                    w.list(powers.iter().map(|p| power(w, *p)).collect()),
                ),
            ),
        }
    }

    fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        let w = &cx.words;
        let p = view.power(standing.seat);
        w.three(
            "condottieri-standing",
            ("name", cx.name(standing.seat)),
            ("power", p.map_or_else(String::new, |p| power(w, p))),
            (
                "cities",
                view.cities.get(standing.seat.index()).copied().unwrap_or(0),
            ),
        )
    }

    fn situation(&self, view: &View, cx: &Ctx) -> String {
        let w = &cx.words;
        if view.outcome.is_some() {
            return w.one("condottieri-situation-over", "phase", phase(w, view.phase));
        }
        w.three(
            "condottieri-situation",
            ("phase", phase(w, view.phase)),
            ("ready", view.ready.len() as u64),
            ("asked", view.asked.len() as u64),
        )
    }

    fn ends_chapter(&self, events: &Events<Event>) -> bool {
        events
            .iter()
            .any(|(_, e)| matches!(e, Event::Resolved { .. }))
    }

    fn milestones(
        &self,
        _before: Option<&Game>,
        _after: &Game,
        events: &Events<Event>,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        let w = &cx.words;
        let mut out = Vec::new();
        for (_, event) in events {
            match event {
                Event::Resolved { phase: p, .. } => out.push(Milestone {
                    mark: "phase",
                    label: w.one("condottieri-milestone-phase", "phase", phase(w, *p)),
                }),
                Event::Happened {
                    event: crate::engine::condottieri::Event::Eliminated { powers, .. },
                } => out.push(Milestone {
                    mark: "eliminated",
                    label: w.one(
                        "condottieri-milestone-eliminated",
                        "powers",
                        w.list(powers.iter().map(|p| power(w, *p)).collect()),
                    ),
                }),
                Event::Happened {
                    event: crate::engine::condottieri::Event::Ended { .. },
                } => out.push(Milestone {
                    mark: "end",
                    label: w.get("condottieri-milestone-end"),
                }),
                _ => {}
            }
        }
        out
    }

    fn board(&self, view: &View, cx: &Ctx) -> Html {
        let mut out = String::from("<div class=\"condottieri-scroll\">");
        out.push_str(&map::board_svg(view, cx).0);
        out.push_str("</div>");
        out.push_str(&map::units_by_area(view, cx).0);
        Html(out)
    }

    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        sheet::private_part(view, seat, cx)
    }

    fn review_part(&self, view: &View, cx: &Ctx) -> Html {
        sheet::review_part(view, cx)
    }

    fn forms(&self, view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        sheet::forms(view, seat, legal, cx)
    }

    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<Action, String>> {
        let get = |name: &str| {
            fields
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.trim())
        };
        get("condottieri")?;
        Some(match get("line") {
            Some(line) if !line.is_empty() => Ok(Action::Write {
                line: line.to_owned(),
            }),
            _ => Err(words.get("condottieri-form-problem-empty")),
        })
    }

    fn commands(&self, action: &Action, words: &Words) -> Vec<String> {
        vec![match action {
            Action::Write { line } => line.clone(),
            Action::Ready => words.get("condottieri-command-ready"),
            Action::Draw { vote: true } => words.get("condottieri-command-draw"),
            Action::Draw { vote: false } => words.get("condottieri-command-draw-no"),
        }]
    }

    /// The words that start a line of this game that is no order: READY, the draw vote, and
    /// the engine's keywords (`CLEAR`, money and adjustment lines). Unit type letters and area
    /// names are read by [`Presenter::read_command`] only: "a" and "e" start many sentences.
    fn command_words(&self, words: &Words) -> Vec<String> {
        words
            .get("condottieri-command-words")
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    }

    /// Orders carry one-letter words ("A", "F", "G", "S", "C", "H") that the standard folding
    /// would drop as fillers ("a", "e" in Portuguese): this game drops none.
    fn folding(&self, _languages: &[Words]) -> Folding {
        Folding::with_fillers::<&str>(&[])
    }

    /// A sheet of written orders: every line stands on its own (§15.2).
    fn script(&self) -> Script {
        Script::EachLine
    }

    /// READY or PRONTO; a draw vote (DRAW, DRAW NO, EMPATE, EMPATE NÃO); and every line the
    /// engine's readers may take, passed on raw for them to judge: a line that starts with a
    /// unit type word followed by an area (`A MIL - PAV`, `EXERCITO MIL PARA PAV`), with an
    /// area (`BOL H`, `Milão - PAV`), or with one of the engine's keywords (`PAY`, `BUILD`,
    /// `CLEAR`…). A lone type word followed by no area is a sentence ("a ideia é…"), not an
    /// order.
    fn read_command(
        &self,
        line: &str,
        _view: &View,
        _seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        let folded = fold(line);
        let tokens: Vec<&str> = folded.split_whitespace().collect();
        let Some(first) = tokens.first() else {
            return Command::None;
        };
        let same = |id: &str| languages.iter().any(|w| fold(&w.get(id)) == folded);
        let starts = |id: &str| {
            languages
                .iter()
                .any(|w| fold(&w.get(id)).split_whitespace().next() == Some(*first))
        };
        if same("condottieri-command-ready") {
            return Command::Action(Action::Ready);
        }
        if same("condottieri-command-draw") {
            return Command::Action(Action::Draw { vote: true });
        }
        if same("condottieri-command-draw-no") {
            return Command::Action(Action::Draw { vote: false });
        }
        if starts("condottieri-command-ready") || starts("condottieri-command-draw") {
            return Command::Unreadable;
        }
        let order_like = LINE_WORDS.contains(first)
            || (TYPE_WORDS.contains(first) && starts_with_area(&tokens, 1))
            || starts_with_area(&tokens, 0)
            || (TYPE_WORDS.contains(first)
                && tokens.len() > 2
                && tokens.get(1).is_some_and(|t| find_area(t).is_ok()));
        if order_like {
            Command::Action(Action::Write {
                line: line.trim().to_owned(),
            })
        } else {
            Command::None
        }
    }

    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        sheet::mail_part(view, seat, cx)
    }

    /// Each step as the pages tell it, but a resolution as its report: one line per order
    /// and per retreat, adjustment, payment or disaster. The lines each power wrote are left
    /// to the page (the report says what became of every order); READY and NOT READY stay.
    fn mail_summary(&self, steps: &[MailStep<'_, Event>], cx: &Ctx) -> Vec<String> {
        let mut out = Vec::new();
        for step in steps {
            let told: Vec<String> = step
                .events
                .iter()
                .flat_map(|event| match event {
                    Event::Wrote { .. } => Vec::new(),
                    Event::Happened { event } => report::happened(event, cx),
                    other => vec![report::event(other, cx)],
                })
                .collect();
            if told.is_empty() {
                continue;
            }
            out.extend(step.by.iter().cloned());
            out.extend(told);
        }
        out
    }

    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        ["power", "cities", "units", "ready"]
            .iter()
            .map(|c| cx.words.get(&format!("condottieri-column-{c}")))
            .collect()
    }

    fn player_cells(&self, view: &View, seat: Seat, cx: &Ctx) -> Vec<String> {
        let w = &cx.words;
        let Some(p) = view.power(seat) else {
            return vec![String::new(); 4];
        };
        let state = if view.eliminated.contains(&p) {
            w.get("condottieri-cell-eliminated")
        } else if view.ready.contains(&p) {
            w.get("condottieri-cell-ready")
        } else if view.asked.contains(&p) {
            w.get("condottieri-cell-writing")
        } else {
            w.get("condottieri-cell-not-asked")
        };
        vec![
            power(w, p),
            view.cities
                .get(seat.index())
                .copied()
                .unwrap_or(0)
                .to_string(),
            view.position.units_of(p).count().to_string(),
            state,
        ]
    }

    fn seat_colour(&self, view: &View, seat: Seat) -> Option<&'static str> {
        view.power(seat).map(map::power_colour)
    }
}
