//! The presenter against simulated games: every event, part and form is worded in English and
//! Portuguese (a missing message fails a debug build), forms as drawn are lines the rules
//! accept, reply lines are read in both languages, and a spectator learns no secret.

use super::{error_id, Condottieri};
use crate::engine::condottieri::adjust::AdjustRejection;
use crate::engine::condottieri::map::NameError;
use crate::engine::condottieri::retreats::RetreatRejection;
use crate::engine::condottieri::rules::{
    Action, Condottieri as Game, Event, OptionProblem, Options, RuleError, LINE_LIMIT,
};
use crate::engine::condottieri::{
    legal_orders, print, Area, Illegal, MoneyRejection, Rejection, Step, Style, UnitKind, UnitRef,
};
use crate::engine::{Coded, Events, Rules, Seat, Seed, Sight, Viewer};
use crate::kinds::Registry;
use crate::present::{Command, Ctx, MailStep, Presenter, SeatNames, Words};
use rand_core::{RngCore, SeedableRng};

fn names(players: u8) -> SeatNames {
    SeatNames::new(
        ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gil", "Hal"][..players as usize]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    )
}

fn all_modules(scenario: &str) -> Options {
    Options {
        scenario: scenario.to_owned(),
        finances: true,
        famine: true,
        plague: true,
        storms: true,
        conquest: true,
        years_limit: Some(4),
        ..Options::default()
    }
}

/// The line a form sends as drawn: the selected (or first) option of its `line` select.
fn line_as_drawn(html: &str) -> Option<String> {
    if !html.contains("name=\"condottieri\"") {
        return None;
    }
    let select = &html[html.find("<select name=\"line\">")?..];
    let options: Vec<&str> = select.split("<option value=\"").skip(1).collect();
    let pick = options
        .iter()
        .find(|o| o.split('>').next().unwrap_or("").contains(" selected"))
        .or(options.first())?;
    Some(
        pick[..pick.find('"')?]
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&gt;", ">")
            .replace("&lt;", "<")
            .replace("&amp;", "&"),
    )
}

/// A random player: some of its legal lines, a money line or two, then READY.
fn random_lines(game: &Game, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<String> {
    let menu: Vec<String> = game
        .legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Write { line } => Some(line),
            _ => None,
        })
        .collect();
    let mut lines = Vec::new();
    if menu.is_empty() {
        return lines;
    }
    for _ in 0..6 {
        lines.push(menu[rng.next_u32() as usize % menu.len()].clone());
    }
    if game.game.phase.step == Step::Orders {
        let areas: Vec<Area> = Area::all().collect();
        let at = areas[rng.next_u32() as usize % areas.len()];
        let others: Vec<_> = game
            .powers
            .iter()
            .filter(|p| Some(**p) != game.power(seat))
            .collect();
        lines.push(format!("PAY 3 REBEL {at}"));
        lines.push(format!("PAY 3 RELIEF {at}"));
        lines.push(format!("PAY 6 PACIFY {at}"));
        lines.push(format!(
            "GIVE 1 TO {}",
            others[rng.next_u32() as usize % others.len()].slug()
        ));
        if let Some(u) = game.game.position.units.iter().find(|u| u.area == at) {
            lines.push(format!("PAY 9 BUY {} {at}", u.kind.letter()));
            lines.push(format!("PAY 6 DISBAND {} {at}", u.kind.letter()));
        }
        if rng.next_u32().is_multiple_of(7) {
            lines.push("CLEAR EXPENSE 1".to_owned());
            lines.push("CLEAR".to_owned());
        }
    }
    lines
}

/// Everything a viewer reads of the game now, as text: the steps' events, the board, the
/// situation, the player table, and a seat's own sheet, forms and mail part.
fn render(
    game: &Game,
    steps: &[Events<Event>],
    viewer: Viewer,
    words: Words,
    names: &SeatNames,
) -> Vec<String> {
    let cx = Ctx::new(words, names, viewer);
    let view = game.view(viewer);
    let sight = Sight::over(game.outcome.is_some());
    let p = Condottieri;
    let mut out = Vec::new();
    let visible: Vec<Vec<&Event>> = steps
        .iter()
        .map(|events| Game::visible(events, viewer, &sight))
        .collect();
    for event in visible.iter().flatten() {
        let said = p.event(event, &cx);
        assert!(!said.is_empty(), "{event:?}");
        out.push(said);
    }
    let mail_steps: Vec<MailStep<'_, Event>> = visible
        .iter()
        .map(|events| MailStep {
            by: None,
            events: events.clone(),
        })
        .collect();
    out.extend(p.mail_summary(&mail_steps, &cx));
    out.push(p.board(&view, &cx).0);
    out.push(p.situation(&view, &cx));
    for seat in Seat::all(game.players()) {
        out.extend(p.player_cells(&view, seat, &cx));
    }
    for column in p.player_columns(&cx) {
        out.push(column);
    }
    if let Viewer::Seat(seat) = viewer {
        out.push(p.private_part(&view, seat, &cx).0);
        let legal = game.legal_actions(seat);
        for form in p.forms(&view, seat, &legal, &cx) {
            out.push(form.legend);
            out.push(form.body.0);
        }
        let mail = p.mail_part(&view, seat, &cx);
        out.push(mail.text);
        out.push(mail.html.0);
        for action in &legal {
            out.push(p.action(action, &cx));
        }
        if let Some(decision) = game.decision(seat) {
            out.push(p.decision(&decision, &cx));
        }
    }
    if let Some(outcome) = &game.outcome {
        out.push(p.outcome(outcome, &cx));
        for standing in game.standings() {
            out.push(p.standing(&view, &standing, &cx));
        }
    }
    if viewer == Viewer::Reviewer {
        out.push(p.review_part(&view, &cx).0);
    }
    out
}

/// Plays a random game with every module on and renders it for every viewer in both
/// languages at every resolution; returns how many phases resolved and which report
/// messages (by their first words) were seen.
fn play(scenario: &str, players: u8, seed: u64) -> (u64, std::collections::BTreeSet<String>) {
    let registry = Registry::standard();
    let languages = [
        registry.catalogs().words("en"),
        registry.catalogs().words("pt"),
    ];
    let names = names(players);
    let options = all_modules(scenario);
    let mut setup = Vec::new();
    let mut game = Game::setup(1, &options, players, Seed::from_u64(seed), &mut setup).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut history: Vec<Events<Event>> = vec![setup];
    let mut phase_start = 0;
    let mut seen = std::collections::BTreeSet::new();
    let viewers: Vec<Viewer> = Seat::all(players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect();
    let p = Condottieri;
    let mut guard = 0;
    let mut secret_lines = 0;
    while game.outcome.is_none() && guard < 400 {
        guard += 1;
        let Some((seat, _)) = game.pending().into_iter().next() else {
            break;
        };
        // Each seat writes its lines in the English keywords the presenter never prints, so
        // an unresolved line found in another viewer's words is a leak.
        let mut written = Vec::new();
        for line in random_lines(&game, seat, &mut rng) {
            let line = english_form(&game, seat, &line).unwrap_or(line);
            let action = Action::Write { line: line.clone() };
            match game.check(seat, &action) {
                Ok(()) => {
                    let mut events = Vec::new();
                    game = game.apply(seat, &action, &mut events).unwrap();
                    history.push(events);
                    if ["ARMY ", "FLEET ", "GARRISON "]
                        .iter()
                        .any(|k| line.starts_with(k))
                    {
                        written.push(line);
                    }
                }
                Err(error) => {
                    let cx = Ctx::new(languages[1], &names, Viewer::Seat(seat));
                    assert!(!p.rule_error(&error, &cx).is_empty());
                }
            }
        }
        let view = game.view(Viewer::Seat(seat));
        for words in languages {
            let cx = Ctx::new(words, &names, Viewer::Seat(seat));
            let legal = game.legal_actions(seat);
            for form in p.forms(&view, seat, &legal, &cx) {
                if let Some(line) = line_as_drawn(&form.body.0) {
                    let fields = vec![
                        ("condottieri".to_owned(), "line".to_owned()),
                        ("line".to_owned(), line.clone()),
                    ];
                    let action = p.action_from_form(&fields, &words).unwrap().unwrap();
                    assert_eq!(
                        game.check(seat, &action),
                        Ok(()),
                        "the form as drawn sends {line:?}"
                    );
                }
            }
        }
        // The seat reads the lines it wrote; the next seat and a spectator see nothing of
        // them before the phase resolves.
        let next = Seat((seat.0 + 1) % players);
        secret_lines += written.len();
        for viewer in [Viewer::Seat(seat), Viewer::Seat(next), Viewer::Spectator] {
            let shown =
                render(&game, &history[phase_start..], viewer, languages[0], &names).join("\n");
            for line in &written {
                assert_eq!(
                    shown.contains(line.as_str()),
                    viewer == Viewer::Seat(seat),
                    "{viewer:?} and the unresolved {line:?} of {seat:?}"
                );
            }
        }
        let mut events = Vec::new();
        game = game.apply(seat, &Action::Ready, &mut events).unwrap();
        let resolved = events
            .iter()
            .any(|(_, e)| matches!(e, Event::Resolved { .. }));
        history.push(events);
        if resolved {
            for viewer in viewers.iter().copied().chain([Viewer::Reviewer]) {
                for words in languages {
                    let shown = render(&game, &history[phase_start..], viewer, words, &names);
                    if viewer == Viewer::Spectator {
                        for text in &shown {
                            for secret in ["Treasury", "Tesouro", "receives", "recebe"] {
                                assert!(!text.contains(secret), "a spectator reads {text:?}");
                            }
                        }
                    }
                    if words.lang() == "en" && viewer == Viewer::Spectator {
                        seen.extend(shown);
                    }
                }
            }
            let cx = Ctx::new(languages[0], &names, Viewer::Spectator);
            let last = history.last().unwrap();
            assert!(p.ends_chapter(last));
            assert!(!p.milestones(None, &game, last, &cx).is_empty());
            phase_start = history.len() - 1;
        }
    }
    assert!(secret_lines > 20, "{secret_lines} unresolved lines checked");
    (game.phases, seen)
}

/// An order line rewritten with the English keywords (`ARMY MIL MOVE TO PAV`), which no
/// rendering prints; `None` for lines that are no order.
fn english_form(game: &Game, seat: Seat, line: &str) -> Option<String> {
    let power = game.power(seat)?;
    let (id, order) = crate::engine::condottieri::accept(&game.game.position, power, line).ok()?;
    let unit = game.game.position.unit(id)?;
    Some(print(
        UnitRef {
            kind: unit.kind,
            area: unit.area,
        },
        &order,
        Style::English,
    ))
}

#[test]
fn every_event_of_simulated_games_is_worded_in_both_languages_and_spectators_learn_no_secret() {
    let (phases, seen) = play("eight-saints", 4, 7);
    assert!(phases >= 8, "{phases} phases");
    let all = seen.into_iter().collect::<Vec<_>>().join("\n");
    for part in [
        "advanced",
        "bounced",
        "held",
        "Famine:",
        "Plague:",
        "Storms:",
        "Income die",
        "now controls",
    ] {
        assert!(all.contains(part), "no report line says {part:?}:\n{all}");
    }
}

#[test]
fn a_seat_reads_its_own_treasury_and_orders_on_its_sheet() {
    let registry = Registry::standard();
    let names = names(4);
    let mut events = Vec::new();
    let game = Game::setup(
        1,
        &all_modules("eight-saints"),
        4,
        Seed::from_u64(3),
        &mut events,
    )
    .unwrap();
    let seat = Seat(0);
    let power = game.power(seat).unwrap();
    let unit = game.game.position.units_of(power).next().unwrap().clone();
    let line = print(
        UnitRef {
            kind: unit.kind,
            area: unit.area,
        },
        &crate::engine::condottieri::Order::Hold,
        Style::Symbols,
    );
    let game = game
        .apply(seat, &Action::Write { line: line.clone() }, &mut events)
        .unwrap();
    let cx = Ctx::new(registry.catalogs().words("en"), &names, Viewer::Seat(seat));
    let view = game.view(Viewer::Seat(seat));
    let sheet = Condottieri.private_part(&view, seat, &cx).0;
    let treasury = view.position.treasury[&power];
    assert!(
        sheet.contains(&format!("Treasury: {treasury} ducats")),
        "{sheet}"
    );
    assert!(sheet.contains(&line), "{sheet}");
    let decision = game.decision(seat).unwrap();
    assert_eq!(
        Condottieri.decision(&decision, &cx),
        "write your orders for Spring 1375"
    );
    let mail = Condottieri.mail_part(&view, seat, &cx).text;
    assert!(mail.contains(&line) && mail.contains("READY"), "{mail}");
    let other = Seat(1);
    let theirs = Condottieri
        .private_part(&game.view(Viewer::Seat(other)), other, &cx)
        .0;
    assert!(!theirs.contains(&line), "{theirs}");
}

fn read(game: &Game, seat: Seat, line: &str) -> Command<Action> {
    let registry = Registry::standard();
    let languages = [
        registry.catalogs().words("en"),
        registry.catalogs().words("pt"),
    ];
    Condottieri.read_command(line, &game.view(Viewer::Seat(seat)), seat, &languages)
}

#[test]
fn reply_lines_are_read_in_english_and_portuguese() {
    let mut events = Vec::new();
    let game = Game::setup(
        1,
        &all_modules("balance"),
        8,
        Seed::from_u64(5),
        &mut events,
    )
    .unwrap();
    let write = |line: &str| {
        Command::Action(Action::Write {
            line: line.to_owned(),
        })
    };
    let seat = Seat(0);
    for line in [
        "A MIL - PAV",
        "exercito mil para pav",
        "E Milão PARA Pavia",
        "F TS C A ROME - COR",
        "G MIL = A",
        "BOL H",
        "Veneza H",
        "PAY 6 BUY G FER",
        "gastar 6 comprar g fer",
        "GIVE 3 TO VENICE",
        "DAR 3 A VENEZA",
        "CLEAR",
        "LIMPAR E MIL",
        "CLEAR EXPENSE 1",
        "BUILD A MIL",
        "CONSTRUIR E MIL",
        "DISBAND F NAP",
        "MAINTAIN ALL",
        "PAGAR TODAS",
        "WAIVE",
        "RENUNCIAR",
    ] {
        assert_eq!(read(&game, seat, line), write(line), "{line}");
    }
    for line in ["READY", "ready", "Pronto", "PRONTO"] {
        assert_eq!(
            read(&game, seat, line),
            Command::Action(Action::Ready),
            "{line}"
        );
    }
    assert_eq!(
        read(&game, seat, "draw"),
        Command::Action(Action::Draw { vote: true })
    );
    assert_eq!(
        read(&game, seat, "Empate não"),
        Command::Action(Action::Draw { vote: false })
    );
    assert_eq!(
        read(&game, seat, "DRAW NO"),
        Command::Action(Action::Draw { vote: false })
    );
    assert_eq!(read(&game, seat, "ready steady go"), Command::Unreadable);
    for chat in [
        "Hello everyone",
        "a ideia é boa",
        "E depois?",
        "Let us ally against Venice",
    ] {
        assert_eq!(read(&game, seat, chat), Command::None, "{chat}");
    }
    // What the reader passes on is what the rules take: each unit's legal orders written in
    // Portuguese keywords, and a hold with the area's Portuguese name.
    let power = game.power(seat).unwrap();
    for unit in game.game.position.units_of(power) {
        let reference = UnitRef {
            kind: unit.kind,
            area: unit.area,
        };
        for order in legal_orders(&game.game.position, unit).iter().take(5) {
            let line = print(reference, order, Style::Portuguese);
            let Command::Action(action) = read(&game, seat, &line) else {
                panic!("{line} is not read");
            };
            assert_eq!(game.check(seat, &action), Ok(()), "{line}");
        }
        let name = unit.area.info().portuguese;
        if !name.contains(' ') {
            let word = match unit.kind {
                UnitKind::Army => "EXERCITO",
                UnitKind::Fleet => "FROTA",
                UnitKind::Garrison => "GUARNICAO",
            };
            let line = format!("{word} {name} MANTER");
            let Command::Action(action) = read(&game, seat, &line) else {
                panic!("{line} is not read");
            };
            assert_eq!(game.check(seat, &action), Ok(()), "{line}");
        }
    }
}

#[test]
fn the_line_forms_post_one_written_line() {
    let registry = Registry::standard();
    let words = registry.catalogs().words("pt");
    let fields = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    };
    assert_eq!(
        Condottieri.action_from_form(&fields(&[("x", "1")]), &words),
        None
    );
    assert_eq!(
        Condottieri.action_from_form(
            &fields(&[("condottieri", "line"), ("line", "  E MIL PARA PAV ")]),
            &words
        ),
        Some(Ok(Action::Write {
            line: "E MIL PARA PAV".to_owned()
        }))
    );
    let empty =
        Condottieri.action_from_form(&fields(&[("condottieri", "line"), ("line", " ")]), &words);
    assert!(matches!(empty, Some(Err(message)) if message.contains("linha")));
}

#[test]
fn every_refusal_and_option_problem_has_its_own_message_in_both_languages() {
    let registry = Registry::standard();
    let names = names(4);
    let line = |rejection: Rejection| RuleError::Order { rejection };
    let illegal = [
        Illegal::NoSuchUnit,
        Illegal::NotYourUnit,
        Illegal::WrongUnitType,
        Illegal::SameArea,
        Illegal::NotAdjacent,
        Illegal::CannotStand,
        Illegal::Disabled,
        Illegal::ConvoyFromLand,
        Illegal::ConvoyRoute,
        Illegal::SupportTarget,
        Illegal::SupportSubOrder,
        Illegal::SupportReach,
        Illegal::NoSiege,
        Illegal::BadConversion,
        Illegal::CityOccupied,
        Illegal::Storm,
    ];
    let mut errors: Vec<RuleError> = vec![
        RuleError::Over,
        RuleError::NoSuchSeat,
        RuleError::NotAsked,
        RuleError::TooLong { limit: LINE_LIMIT },
        line(Rejection::Empty),
        line(Rejection::Area {
            error: NameError::Unknown {
                name: "Xanadu".into(),
            },
        }),
        line(Rejection::Area {
            error: NameError::Ambiguous {
                name: "M".into(),
                candidates: vec![
                    Area::from_code("MIL").unwrap(),
                    Area::from_code("MOD").unwrap(),
                ],
            },
        }),
        line(Rejection::ExpectedArea),
        line(Rejection::ExpectedType),
        line(Rejection::ExpectedAction),
        line(Rejection::Trailing {
            text: "PLEASE".into(),
        }),
        line(Rejection::AmbiguousUnit),
        RuleError::NoFinances,
        RuleError::AlreadyReady,
        RuleError::VoteUnchanged,
        RuleError::Eliminated,
        RuleError::Retreat {
            rejection: RetreatRejection::NoSuchUnit,
        },
        RuleError::Retreat {
            rejection: RetreatRejection::NotAnOption,
        },
        RuleError::Retreat {
            rejection: RetreatRejection::Line {
                rejection: Rejection::ExpectedArea,
            },
        },
    ];
    errors.extend(illegal.map(|reason| line(Rejection::Illegal { reason })));
    errors.extend(
        [
            MoneyRejection::Syntax,
            MoneyRejection::Unit {
                rejection: Rejection::AmbiguousUnit,
            },
            MoneyRejection::Amount,
            MoneyRejection::BelowMinimum { minimum: 9 },
            MoneyRejection::Target,
            MoneyRejection::Twice,
            MoneyRejection::Funds,
            MoneyRejection::Receiver,
        ]
        .map(|rejection| RuleError::Money { rejection }),
    );
    errors.extend(
        [
            AdjustRejection::Syntax,
            AdjustRejection::Unit {
                rejection: Rejection::ExpectedType,
            },
            AdjustRejection::BuildThere,
            AdjustRejection::SecondBuild,
            AdjustRejection::TooManyBuilds,
            AdjustRejection::NoDisbandDue,
            AdjustRejection::NotYourUnit,
            AdjustRejection::Funds,
            AdjustRejection::NoFinances,
        ]
        .map(|rejection| RuleError::Adjust { rejection }),
    );
    let codes: std::collections::BTreeSet<&str> = errors.iter().map(|e| e.code()).collect();
    assert_eq!(codes.len(), 47, "{codes:?}");
    for lang in ["en", "pt"] {
        let words = registry.catalogs().words(lang);
        let cx = Ctx::new(words, &names, Viewer::Seat(Seat(0)));
        let own: std::collections::BTreeSet<String> = registry.catalogs().message_ids(lang);
        let mut said = std::collections::BTreeSet::new();
        for error in &errors {
            assert!(own.contains(&error_id(error.code())), "{lang}: {error:?}");
            let text = Condottieri.rule_error(error, &cx);
            assert!(!text.is_empty());
            said.insert(text);
        }
        assert!(
            said.len() >= codes.len(),
            "{lang}: refusals share their words"
        );
        let trailing = Condottieri.rule_error(
            &line(Rejection::Trailing {
                text: "PLEASE".into(),
            }),
            &cx,
        );
        assert!(trailing.contains("PLEASE"), "{trailing}");
        let minimum = Condottieri.rule_error(
            &RuleError::Money {
                rejection: MoneyRejection::BelowMinimum { minimum: 9 },
            },
            &cx,
        );
        assert!(minimum.contains('9'), "{minimum}");
        for problem in [
            OptionProblem::UnknownScenario,
            OptionProblem::YearsLimit,
            OptionProblem::Players { needed: 6 },
        ] {
            assert!(!Condottieri.option_problem(&problem, &cx).is_empty());
        }
        let options = Condottieri.options(&all_modules("balance"), &cx);
        assert!(options.len() >= 4, "{options:?}");
    }
}

#[test]
fn english_and_portuguese_have_the_same_condottieri_messages() {
    let registry = Registry::standard();
    let ours = |lang: &str| -> Vec<String> {
        registry
            .catalogs()
            .message_ids(lang)
            .into_iter()
            .filter(|id| id.starts_with("condottieri-") && !id.starts_with("condottieri-map-"))
            .collect()
    };
    let english = ours("en");
    assert!(english.len() > 150, "{}", english.len());
    assert_eq!(english, ours("pt"));
    // Every option the create form shows has its label and choice words.
    let words = registry.catalogs().words("pt");
    for field in <Game as Rules>::option_fields() {
        let id = crate::present::option_label_id("condottieri", &field);
        assert!(words.has(&id), "{id}");
        if let crate::engine::OptionKind::Choice { values, .. } = field.kind {
            for value in values {
                assert!(words.has(&format!("{id}-{value}")), "{id}-{value}");
            }
        }
    }
}

/// The report of one orders phase, adjudicated from `units` and the written `lines` of each
/// power, in English.
fn report_of(
    units: Vec<(crate::engine::condottieri::Power, UnitKind, &str)>,
    lines: &[(crate::engine::condottieri::Power, &str)],
) -> Vec<String> {
    use crate::engine::condottieri::{accept, adjudicate, Event as YearEvent, Position};
    let position = Position::with_units(
        "balance",
        1454,
        units
            .into_iter()
            .map(|(p, kind, at)| (Some(p), kind, Area::from_code(at).unwrap(), 0))
            .collect(),
    );
    let mut orders = crate::engine::condottieri::Orders::new();
    for (power, line) in lines {
        let (id, order) = accept(&position, *power, line).unwrap();
        orders.insert(id, order);
    }
    let result = adjudicate(&position, &orders);
    let registry = Registry::standard();
    let names = names(4);
    let cx = Ctx::new(registry.catalogs().words("en"), &names, Viewer::Spectator);
    super::report::happened(
        &YearEvent::Orders {
            result: Box::new(result),
        },
        &cx,
    )
}

#[test]
fn the_report_says_why_an_order_succeeded_or_failed() {
    use crate::engine::condottieri::Power::{Milan, Papacy};
    let army = UnitKind::Army;
    let dislodged = report_of(
        vec![
            (Milan, army, "MIL"),
            (Milan, army, "PAR"),
            (Papacy, army, "PAV"),
        ],
        &[
            (Milan, "A MIL - PAV"),
            (Milan, "A PAR S A MIL - PAV"),
            (Papacy, "A PAV H"),
        ],
    );
    let text = dislodged.join("\n");
    assert!(
        text.contains("Milan: A MIL - PAV: advanced (strength 2 against 1)."),
        "{text}"
    );
    assert!(
        text.contains("Milan: A PAR S A MIL - PAV: support given."),
        "{text}"
    );
    assert!(
        text.contains("Papacy: A PAV H: held; dislodged by A MIL supported by A PAR."),
        "{text}"
    );
    assert!(text.contains("Papacy: A PAV must retreat"), "{text}");
    // An attack on Parma cuts the support: equal strengths, and Milan bounces off Pavia.
    let parma = Area::from_code("PAR").unwrap();
    let cutter = parma
        .neighbours()
        .find(|a| {
            parma.army_adjacent(*a) && !["MIL", "PAV"].contains(&a.code()) && a.army_may_stand()
        })
        .unwrap();
    let attack = format!("A {cutter} - PAR");
    let cut = report_of(
        vec![
            (Milan, army, "MIL"),
            (Milan, army, "PAR"),
            (Papacy, army, "PAV"),
            (Papacy, army, cutter.code()),
        ],
        &[
            (Milan, "A MIL - PAV"),
            (Milan, "A PAR S A MIL - PAV"),
            (Papacy, "A PAV H"),
            (Papacy, &attack),
        ],
    );
    let text = cut.join("\n");
    assert!(
        text.contains(&format!(
            "Milan: A PAR S A MIL - PAV: support cut by the attack of A {cutter}."
        )),
        "{text}"
    );
    assert!(
        text.contains("Milan: A MIL - PAV: bounced against A PAV (strength 1 against 1)."),
        "{text}"
    );
    assert!(text.contains("Papacy: A PAV H: held."), "{text}");
}
