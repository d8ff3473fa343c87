//! The presenter against real games: every event, decision, action, form and part is worded
//! from the catalog (a missing message fails a debug build), forms submitted as a browser would
//! send them become actions the rules accept, and each form reader's paths are pinned.

use super::read_form::action_from_form;
use super::War;
use crate::engine::war::{
    random_playout, Action, Amount, AttackTerrain, Card, CardClass, Continent, DefenceTerrain,
    Direction, Game, Occupy, Options, React, RerollWhen, Territory, CURRENT_RULES_VERSION,
};
use crate::engine::{Rules, Seat, Seed, Sight, Viewer};
use crate::kinds::Registry;
use crate::present::{Ctx, Presenter, SeatNames};

fn names(players: u8) -> SeatNames {
    SeatNames::new(
        ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"][..players as usize]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    )
}

/// The fields a browser sends for a form left as drawn: hidden and typed values, the selected
/// (or first) option of each select, the checked boxes and radios. Buttons are left out.
pub(super) fn default_fields(html: &str) -> Vec<(String, String)> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!(" {name}=\"");
        let at = tag.find(&key)? + key.len();
        let end = tag[at..].find('"')? + at;
        Some(
            tag[at..end]
                .replace("&#34;", "\"")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&"),
        )
    };
    let mut fields = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        let end = rest.find('>').unwrap_or(rest.len() - 1);
        let tag = &rest[..=end];
        if tag.starts_with("<input") {
            let kind = attr(tag, "type").unwrap_or_default();
            let name = attr(tag, "name").unwrap_or_default();
            let value = attr(tag, "value").unwrap_or_default();
            let checked = tag.contains(" checked");
            if (kind != "checkbox" && kind != "radio") || checked {
                fields.push((name, value));
            }
        } else if tag.starts_with("<select") {
            let name = attr(tag, "name").unwrap_or_default();
            let close = rest.find("</select>").unwrap_or(rest.len());
            let options = &rest[..close];
            let mut first = None;
            let mut chosen = None;
            for option in options.split("<option").skip(1) {
                let value = attr(&format!("<option{option}"), "value").unwrap_or_default();
                if first.is_none() {
                    first = Some(value.clone());
                }
                if option.split('>').next().unwrap_or("").contains(" selected") {
                    chosen = Some(value);
                }
            }
            if let Some(value) = chosen.or(first) {
                fields.push((name, value));
            }
        }
        rest = &rest[end + 1..];
    }
    fields
}

/// Render everything a page, a mail and a replay show, for every viewer, at every step of a
/// random game, and submit the active seat's forms as drawn.
fn play_and_render(players: u8, seed: u64) -> (usize, usize) {
    let registry = Registry::standard();
    let words = registry.catalogs().default_words();
    let names = names(players);
    let playout = random_playout(&Options::default(), players, seed, false);
    let mut events = Vec::new();
    let mut game = Game::setup(
        CURRENT_RULES_VERSION,
        &Options::default(),
        players,
        Seed::from_u64(seed),
        &mut events,
    )
    .unwrap();
    let viewers: Vec<Viewer> = Seat::all(players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect();
    let mut forms_sent = 0;
    let mut steps = 0;
    let mut milestones = std::collections::BTreeSet::new();
    for (seat, action) in playout.actions.iter() {
        steps += 1;
        let detailed = steps % 7 == 1;
        for &viewer in &viewers {
            let cx = Ctx::new(words, &names, viewer);
            let view = game.view(viewer);
            for event in <Game as Rules>::visible(&events, viewer, &Sight::over(game.is_over())) {
                assert!(!War.event(event, &cx).is_empty());
            }
            if detailed {
                assert!(War.board(&view, &cx).0.contains("<svg"));
                War.situation(&view, &cx);
                if let Viewer::Seat(s) = viewer {
                    War.private_part(&view, s, &cx);
                    War.mail_part(&view, s, &cx);
                    War.player_cells(&view, s, &cx);
                }
            }
        }
        let cx = Ctx::new(words, &names, Viewer::Seat(*seat));
        let view = game.view(Viewer::Seat(*seat));
        let legal = game.legal_actions(*seat);
        for (_, decision) in game.pending() {
            War.decision(&decision, &cx);
        }
        for a in &legal {
            War.action(a, &cx);
        }
        War.action(action, &cx);
        War.milestones(None, &game, &events, &cx);
        // The active seat's forms, left as drawn, are actions the rules accept.
        if !action.is_orders() && (detailed || steps < 200) {
            for form in War.forms(&view, *seat, &legal, &cx) {
                let fields = default_fields(&form.body.0);
                let Some(parsed) = action_from_form(&fields, &words) else {
                    continue;
                };
                let kind = fields
                    .iter()
                    .find(|(n, _)| n == "war")
                    .map(|(_, v)| v.clone())
                    .unwrap();
                match parsed {
                    Ok(a) => {
                        // Trades and discards need ticks, transports numbers: those are the
                        // player's to fill in; every other form is legal as drawn.
                        let must = !matches!(
                            kind.as_str(),
                            "trade" | "discard" | "transport" | "intelligence"
                        );
                        if let Err(e) = game.check(*seat, &a) {
                            assert!(!must, "the {kind} form as drawn is refused: {e}\n{a:?}");
                            War.rule_error(&e, &cx);
                        }
                        forms_sent += 1;
                    }
                    Err(message) => {
                        assert!(
                            matches!(kind.as_str(), "trade" | "discard" | "intelligence"),
                            "the {kind} form as drawn does not read: {message}"
                        );
                    }
                }
            }
        }
        events.clear();
        let before = game.clone();
        game = game.apply(*seat, action, &mut events).unwrap();
        for m in War.milestones(Some(&before), &game, &events, &cx) {
            assert!(!m.label.is_empty());
            milestones.insert(m.mark);
        }
    }
    assert!(milestones.contains("round"), "{milestones:?}");
    assert!(game.is_over());
    let outcome = game.outcome().unwrap().clone();
    for viewer in [Viewer::Reviewer, Viewer::Spectator, Viewer::Seat(Seat(0))] {
        let cx = Ctx::new(words, &names, viewer);
        let view = game.view(viewer);
        for event in <Game as Rules>::visible(&events, viewer, &Sight::over(true)) {
            War.event(event, &cx);
        }
        assert!(!War.outcome(&outcome, &cx).is_empty());
        for standing in game.standings() {
            assert!(War.standing(&view, &standing, &cx).contains("objective"));
        }
        let review = War.review_part(&view, &cx).0;
        assert!(review.contains("Destroy") || review.contains("destroy"));
    }
    (steps, forms_sent)
}

#[test]
fn every_step_of_random_games_is_worded_and_its_forms_as_drawn_are_legal() {
    for (players, seed) in [(3, 1), (4, 2), (5, 3), (6, 4)] {
        let (steps, sent) = play_and_render(players, seed);
        assert!(
            steps > 50 && sent > 20,
            "{players} players: {steps} steps, {sent} forms"
        );
    }
}

#[test]
fn every_reason_the_engine_gives_has_its_own_message() {
    let registry = Registry::standard();
    let names = names(3);
    let cx = Ctx::new(
        registry.catalogs().default_words(),
        &names,
        Viewer::Spectator,
    );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/war");
    let mut found = 0;
    for file in ["legal.rs", "orders.rs"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for marker in [
            "RuleError::IntelligenceContinents(",
            "RuleError::Reroll(",
            "RuleError::Transport(",
            "RuleError::Alliance(",
            "return Some(\"",
            "then_some(\"",
        ] {
            for piece in text.split(marker).skip(1) {
                let piece = piece.trim_start();
                let Some(piece) = piece
                    .strip_prefix('"')
                    .or_else(|| marker.ends_with('"').then_some(piece))
                else {
                    continue;
                };
                let reason = &piece[..piece.find('"').unwrap()];
                assert!(
                    super::why_id(reason).is_some(),
                    "no message for the engine's reason {reason:?}"
                );
                assert!(!super::why(&cx, reason).is_empty());
                found += 1;
            }
        }
    }
    assert!(found >= 20, "{found} reasons found");
}

fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn read(pairs: &[(&str, &str)]) -> Result<Action, String> {
    let registry = Registry::standard();
    let words = registry.catalogs().default_words();
    action_from_form(&fields(pairs), &words).expect("a War form")
}

#[test]
fn fields_without_a_war_form_are_not_war_forms() {
    let registry = Registry::standard();
    let words = registry.catalogs().default_words();
    assert!(action_from_form(&fields(&[("seq", "3")]), &words).is_none());
    let err = read(&[("war", "surrender")]).unwrap_err();
    assert!(err.contains("surrender") && err.contains("reload"), "{err}");
}

#[test]
fn the_intelligence_form_reads_the_continents_ticked() {
    assert_eq!(
        read(&[
            ("war", "intelligence"),
            ("continent", "europa"),
            ("continent", "africa")
        ]),
        Ok(Action::Intelligence {
            continents: vec![Continent::Europa, Continent::Africa]
        })
    );
    assert!(read(&[("war", "intelligence")])
        .unwrap_err()
        .contains("Tick at least one continent"));
    assert!(read(&[("war", "intelligence"), ("continent", "atlantis")])
        .unwrap_err()
        .contains("atlantis"));
}

#[test]
fn the_trade_and_discard_forms_read_the_cards_ticked() {
    assert_eq!(
        read(&[
            ("war", "trade"),
            ("card", "labrador"),
            ("card", "coringa_1")
        ]),
        Ok(Action::Trade {
            cards: vec![Card::of(Territory::Labrador), Card::JOKER_1]
        })
    );
    assert!(read(&[("war", "trade")])
        .unwrap_err()
        .contains("Tick at least one card"));
    assert_eq!(
        read(&[("war", "discard"), ("card", "japao")]),
        Ok(Action::Discard {
            cards: vec![Card::of(Territory::Japao)]
        })
    );
    assert!(read(&[("war", "discard")]).is_err());
    assert!(read(&[("war", "discard"), ("card", "joker")]).is_err());
}

#[test]
fn the_placement_form_reads_a_number_per_territory() {
    let Ok(Action::Place { armies }) = read(&[
        ("war", "place"),
        ("place-brasil", "3"),
        ("place-peru", ""),
        ("place-argentina", "2"),
    ]) else {
        panic!("a placement")
    };
    assert_eq!(armies.get(Territory::Brasil), 3);
    assert_eq!(armies.get(Territory::Peru), 0);
    assert_eq!(armies.total(), 5);
    let err = read(&[("war", "place"), ("place-brasil", "three")]).unwrap_err();
    assert!(
        err.contains("Brazil") && err.contains("whole number"),
        "{err}"
    );
}

#[test]
fn the_attack_forms_read_the_route_and_the_plan() {
    let Ok(Action::Attack {
        from,
        to,
        air_card: None,
        plan,
    }) = read(&[
        ("war", "attack"),
        ("route", "brasil:argelia"),
        ("dice", "2"),
        ("stop_at", "3"),
        ("max_battles", "4"),
        ("occupy", "leave"),
        ("occupy_n", "2"),
        ("terrain", "when_needed"),
        ("react", "ask"),
        ("when", "loss_2"),
        ("class", "owned"),
        ("class", "joker"),
        ("max_cards", "2"),
        ("reserve", "1"),
    ])
    else {
        panic!("an attack")
    };
    assert_eq!((from, to), (Territory::Brasil, Territory::Argelia));
    assert_eq!(plan.dice, 2);
    assert_eq!(plan.stop_at, 3);
    assert_eq!(plan.max_battles, Some(4));
    assert_eq!(plan.occupy, Occupy::Leave(2));
    assert_eq!(plan.terrain, AttackTerrain::WhenNeeded);
    assert_eq!(plan.react, React::Ask);
    assert_eq!(plan.reroll.when, RerollWhen::Loss2);
    assert_eq!(
        plan.reroll.classes,
        vec![CardClass::Owned, CardClass::Joker]
    );
    assert_eq!((plan.reroll.max_cards, plan.reroll.reserve), (2, 1));
    // The plan's defaults when only the route is sent.
    let Ok(Action::Attack { plan, .. }) = read(&[("war", "attack"), ("route", "brasil:argelia")])
    else {
        panic!("an attack")
    };
    assert_eq!(plan, crate::engine::war::Plan::default());
    assert!(read(&[("war", "attack")])
        .unwrap_err()
        .contains("Choose From and to"));
    assert!(read(&[("war", "attack"), ("route", "brasil")]).is_err());
    assert!(read(&[
        ("war", "attack"),
        ("route", "brasil:argelia"),
        ("occupy", "exactly")
    ])
    .unwrap_err()
    .contains("exactly"));
    assert!(read(&[
        ("war", "attack"),
        ("route", "brasil:argelia"),
        ("stop_at", "x")
    ])
    .unwrap_err()
    .contains("whole number"));
    assert_eq!(
        read(&[("war", "air"), ("card", "japao"), ("from", "brasil")]),
        Ok(Action::Attack {
            from: Territory::Brasil,
            to: Territory::Japao,
            air_card: Some(Card::of(Territory::Japao)),
            plan: crate::engine::war::Plan::default(),
        })
    );
    assert!(read(&[("war", "air"), ("from", "brasil")])
        .unwrap_err()
        .contains("Target"));
    assert!(read(&[("war", "air"), ("card", "coringa_1"), ("from", "brasil")]).is_err());
    assert_eq!(
        read(&[("war", "continue"), ("stop_at", "2")]),
        Ok(Action::Continue {
            plan: crate::engine::war::Plan {
                stop_at: 2,
                ..Default::default()
            }
        })
    );
}

#[test]
fn the_move_in_and_move_forms_read_their_amounts() {
    assert_eq!(
        read(&[("war", "occupy"), ("armies", "4")]),
        Ok(Action::Occupy { armies: 4 })
    );
    assert!(read(&[("war", "occupy"), ("armies", "")]).is_err());
    assert_eq!(
        read(&[("war", "move"), ("route", "peru:brasil"), ("armies", "All")]),
        Ok(Action::Move {
            from: Territory::Peru,
            to: Territory::Brasil,
            armies: Amount::All
        })
    );
    assert_eq!(
        read(&[("war", "move"), ("route", "peru:brasil"), ("armies", "2")]),
        Ok(Action::Move {
            from: Territory::Peru,
            to: Territory::Brasil,
            armies: Amount::Exactly(2)
        })
    );
    for bad in ["0", "", "some"] {
        assert!(
            read(&[("war", "move"), ("route", "peru:brasil"), ("armies", bad)])
                .unwrap_err()
                .contains("how many armies")
        );
    }
}

#[test]
fn the_power_forms_read_their_armies() {
    let Ok(Action::AirTransport {
        card,
        direction,
        armies,
    }) = read(&[
        ("war", "transport"),
        ("card", "australia"),
        ("direction", "out"),
        ("armies-japao", "3"),
        ("armies-brasil", "4"),
        ("armies-peru", "0"),
    ])
    else {
        panic!("a transport")
    };
    assert_eq!(card, Card::of(Territory::Australia));
    assert_eq!(direction, Direction::Out);
    assert_eq!(armies.entries().count(), 2);
    assert!(read(&[
        ("war", "transport"),
        ("card", "australia"),
        ("direction", "up")
    ])
    .is_err());
    let Ok(Action::ContinentalAlliance { card, armies }) = read(&[
        ("war", "alliance"),
        ("card", "peru"),
        ("fresh-venezuela", "8"),
        ("moved-venezuela", "0"),
        ("fresh-peru", "1"),
        ("moved-peru", "0"),
    ]) else {
        panic!("an alliance")
    };
    assert_eq!(card, Card::of(Territory::Peru));
    assert_eq!(armies[&Territory::Venezuela].fresh, 8);
    assert!(read(&[("war", "alliance"), ("card", "peru"), ("fresh-peru", "-1")]).is_err());
}

#[test]
fn the_end_of_turn_form_reads_an_optional_discard_preference() {
    assert_eq!(
        read(&[("war", "end_turn")]),
        Ok(Action::EndTurn { discard: None })
    );
    assert_eq!(
        read(&[
            ("war", "end_turn"),
            ("discard", "china"),
            ("discard", "japao")
        ]),
        Ok(Action::EndTurn {
            discard: Some(vec![Card::of(Territory::China), Card::of(Territory::Japao)])
        })
    );
    assert!(read(&[("war", "end_turn"), ("discard", "atlantis")])
        .unwrap_err()
        .contains("atlantis"));
}

#[test]
fn the_orders_form_reads_every_block() {
    let Ok(Action::SetOrders { orders }) = read(&[
        ("war", "orders"),
        ("d-terrain", "when_needed"),
        ("d-when", "loss_2"),
        ("d-class", "unowned"),
        ("d-class", "owned"),
        ("d-max", "2"),
        ("d-reserve", "1"),
        ("d-keep", "coringa_2"),
        ("block", "india"),
        ("t-india-terrain", "always"),
        ("t-india-when", "losing_territory"),
        ("t-india-class", "joker"),
        ("block", "china"),
        ("t-china-drop", "yes"),
        ("n-territory", "japao"),
        ("n-terrain", "always"),
    ]) else {
        panic!("orders")
    };
    assert_eq!(orders.default.terrain, DefenceTerrain::WhenNeeded);
    assert_eq!(orders.default.reroll.when, RerollWhen::Loss2);
    assert_eq!(
        orders.default.reroll.classes,
        vec![CardClass::Unowned, CardClass::Owned]
    );
    assert_eq!(orders.default.reroll.max_cards_per_turn, 2);
    assert_eq!(orders.default.reroll.reserve, 1);
    assert_eq!(orders.default.reroll.keep, vec![Card::JOKER_2]);
    let india = &orders.territories[&Territory::India];
    assert_eq!(india.terrain, DefenceTerrain::Always);
    assert_eq!(india.reroll.when, RerollWhen::LosingTerritory);
    assert!(!orders.territories.contains_key(&Territory::China));
    assert_eq!(
        orders.territories[&Territory::Japao].terrain,
        DefenceTerrain::Always
    );
    // Nothing but the form's name: the defaults.
    assert_eq!(
        read(&[("war", "orders")]),
        Ok(Action::SetOrders {
            orders: Default::default()
        })
    );
    assert!(read(&[("war", "orders"), ("d-terrain", "sometimes")]).is_err());
    assert!(read(&[("war", "orders"), ("d-max", "many")])
        .unwrap_err()
        .contains("whole number"));
}
