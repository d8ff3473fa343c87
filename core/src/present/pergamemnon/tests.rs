//! Pergamemnon presenter tests: words for every code in both languages, the card set named,
//! hands shown only to their owner, commands and forms read back as the actions they came from.

use super::Pergamemnon;
use crate::engine::pergamemnon::actions::{AfterLoss, Disposal, Fallback, Respond, Zone};
use crate::engine::pergamemnon::cards::builtin;
use crate::engine::pergamemnon::state::{Counters, Side};
use crate::engine::pergamemnon::view::{BattleView, CardSetInfo, SeatView};
use crate::engine::pergamemnon::{
    Action, BattleResult, Capture, Decision, Ending, Event, Fate, Nation, OptionProblem, Options,
    Outcome, Plan, ReinforceMode, RuleError, StandingOrders, View, Weapon,
};
use crate::engine::{Seat, Viewer};
use crate::kinds::Registry;
use crate::present::{Command, Ctx, Presenter, SeatNames, Words};

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

fn seat(n: u8, nation: Nation, hand: &[&str], viewer: Viewer) -> SeatView {
    let own = viewer == Viewer::Seat(Seat(n)) || viewer == Viewer::Reviewer;
    SeatView {
        seat: Seat(n),
        nation,
        city_back: false,
        active: true,
        hand_size: if nation == Nation::Persians { 4 } else { 3 },
        hand_count: hand.len(),
        hand: own.then(|| ids(hand)),
        draw_count: 5,
        draw: None,
        discard: Vec::new(),
        tucked: Vec::new(),
        charisma: 0,
        secured: Vec::new(),
        orders: own.then(StandingOrders::default),
        half_points: None,
    }
}

/// Three players as E4: Romans (at turn), Egyptians, Persians; `viewer` sees its own hand.
fn e4(viewer: Viewer, waiting: Vec<(Seat, Decision)>) -> View {
    let set = builtin("reference-1").expect("the reference set");
    let mut seats = vec![
        seat(
            0,
            Nation::Romans,
            &["rom_spearman_1", "rom_bowman_1", "rom_caesar"],
            viewer,
        ),
        seat(
            1,
            Nation::Egyptians,
            &["cr_sphinx", "egy_guard", "egy_mummy_1"],
            viewer,
        ),
        seat(
            2,
            Nation::Persians,
            &["per_xerxes", "per_guard", "per_bowman_1", "per_spearman_1"],
            viewer,
        ),
    ];
    seats[0].tucked = ids(&["chr_01", "chr_02", "chr_03", "chr_04", "chr_05"]);
    seats[0].charisma = 5;
    seats[1].tucked = ids(&["chr_06", "per_bowman_2"]);
    seats[1].charisma = 2;
    seats[1].discard = ids(&["egy_bowman"]);
    seats[2].tucked = ids(&["chr_07"]);
    seats[2].charisma = 1;
    View {
        viewer,
        rules_version: 1,
        players: 3,
        card_set: CardSetInfo {
            id: set.id.clone(),
            title: set.title.clone(),
            provenance: set.provenance,
            sha256: set.sha256.clone(),
            partly_verified: set.partly_verified,
        },
        set,
        seats,
        at_turn: Seat(0),
        display: ids(&[
            "cr_centaur",
            "cr_dryad",
            "cr_orthos",
            "cr_hydra",
            "cr_satyr",
            "cr_lamia",
        ]),
        creature_deck_count: 6,
        creature_deck: None,
        removed_count: 12,
        removed: None,
        boxed: Vec::new(),
        supply_count: 14,
        battle: None,
        waiting,
        counters: Counters::default(),
        outcome: None,
        seed: None,
    }
}

fn catalogs() -> Registry {
    Registry::standard()
}

fn languages(registry: &Registry) -> Vec<Words<'_>> {
    let catalogs = registry.catalogs();
    catalogs
        .languages()
        .into_iter()
        .map(|l| catalogs.words(l))
        .collect()
}

/// Every `pergamemnon-` message of one language is in the other, both ways.
#[test]
fn both_catalogs_have_every_pergamemnon_message() {
    let registry = catalogs();
    let en = registry.catalogs().message_ids("en");
    let pt = registry.catalogs().message_ids("pt");
    let ours = |ids: &std::collections::BTreeSet<String>| -> Vec<String> {
        ids.iter()
            .filter(|id| id.starts_with("pergamemnon-"))
            .cloned()
            .collect()
    };
    assert!(ours(&en).len() > 200, "the English catalog is there");
    assert_eq!(ours(&en), ours(&pt));
}

fn every_event() -> Vec<Event> {
    let s = |n| Seat(n);
    vec![
        Event::Setup {
            nations: vec![Nation::Romans, Nation::Egyptians],
            first: s(0),
            card_set: "reference-1".into(),
            card_set_sha256: "00".into(),
        },
        Event::Drew {
            seat: s(0),
            cards: ids(&["rom_caesar"]),
        },
        Event::DrewCount {
            seat: s(1),
            count: 2,
        },
        Event::Reshuffled {
            seat: s(0),
            count: 4,
        },
        Event::Reactivated,
        Event::NationInactive { seat: s(1) },
        Event::AtTurn { seat: s(0) },
        Event::Recruited {
            seat: s(0),
            creature: "cr_centaur".into(),
            payment: ids(&["chr_01"]),
            discarded: ids(&["hel_agamemnon"]),
            refill: Some("cr_griffin".into()),
        },
        Event::Recruited {
            seat: s(0),
            creature: "cr_centaur".into(),
            payment: ids(&["chr_01"]),
            discarded: ids(&["hel_agamemnon"]),
            refill: None,
        },
        Event::Attacked {
            attacker: s(0),
            target: s(1),
            weapon: Weapon::Spear,
        },
        Event::Revealed {
            attack: "rom_spearman_1".into(),
            defence: "cr_sphinx".into(),
        },
        Event::Defended {
            seat: s(1),
            weapon: Weapon::Spear,
            value: 5,
            card: None,
        },
        Event::Defended {
            seat: s(1),
            weapon: Weapon::Spear,
            value: 5,
            card: Some("cr_sphinx".into()),
        },
        Event::Countered {
            seat: s(1),
            weapon: Weapon::Bow,
            value: 5,
        },
        Event::BattleEnded {
            result: BattleResult::Tie,
        },
        Event::BattleEnded {
            result: BattleResult::Won {
                winner: s(0),
                loser: s(1),
            },
        },
        Event::Fates {
            seat: s(1),
            cards: vec![
                ("egy_mummy_1".into(), Fate::Secured),
                ("egy_chariot_1".into(), Fate::Fled),
                ("car_horseman".into(), Fate::TakenByEgypt),
                ("egy_guard".into(), Fate::Captured),
            ],
        },
        Event::CityTurned { seat: s(1) },
        Event::Purged {
            seat: s(1),
            cards: ids(&["egy_chariot_2"]),
        },
        Event::Disposed {
            seat: s(0),
            cards: vec![
                Disposal {
                    card: "egy_guard".into(),
                    to: Zone::Tuck,
                },
                Disposal {
                    card: "cr_sphinx".into(),
                    to: Zone::Discard,
                },
            ],
        },
        Event::CharismaTaken {
            seat: s(1),
            card: Some("chr_08".into()),
        },
        Event::CharismaTaken {
            seat: s(1),
            card: None,
        },
        Event::Discarded {
            seat: s(1),
            cards: ids(&["egy_bowman"]),
        },
        Event::Discarded {
            seat: s(1),
            cards: Vec::new(),
        },
        Event::OrdersChanged { seat: s(0) },
        Event::Defaulted {
            seat: s(1),
            decision: "D2".into(),
        },
        Event::Ended {
            outcome: Outcome {
                ending: Ending::Exhaustion { seats: vec![s(1)] },
                half_points: vec![29, 30],
                creatures: vec![vec![6], vec![]],
                winners: vec![s(1)],
            },
        },
    ]
}

fn every_rule_error() -> Vec<RuleError> {
    vec![
        RuleError::GameOver,
        RuleError::NoSuchSeat(7),
        RuleError::NotYourTurn,
        RuleError::WrongDecision { expected: "D2" },
        RuleError::UnknownCard("cr_kraken".into()),
        RuleError::NotInHand("rom_caesar".into()),
        RuleError::NoPass,
        RuleError::BadTarget(2),
        RuleError::WrongWeapon {
            card: "rom_spearman_1".into(),
            weapon: Weapon::Sword,
        },
        RuleError::NotOnDisplay("cr_talos".into()),
        RuleError::NotTucked("chr_09".into()),
        RuleError::EmptyPayment,
        RuleError::PaymentTooLow {
            reached: 5,
            cost: 6,
        },
        RuleError::PaymentNotMinimal("chr_02".into()),
        RuleError::NoReinforcementNeeded,
        RuleError::ReinforcementTooWeak {
            card: "hel_chariot_1".into(),
            total: 7,
            value: 8,
        },
        RuleError::NotCaptured("egy_guard".into()),
        RuleError::DisposalIncomplete,
        RuleError::CannotTuck("hel_guard".into()),
        RuleError::Repeated,
    ]
}

fn every_decision() -> Vec<Decision> {
    vec![
        Decision::Turn { number: 1 },
        Decision::Defend {
            number: 1,
            attacker: Seat(0),
            weapon: Weapon::Sword,
        },
        Decision::Reinforce {
            number: 3,
            weapon: Weapon::Bow,
            value: 5,
        },
        Decision::Dispose {
            number: 1,
            cards: ids(&["egy_guard", "cr_sphinx"]),
        },
        Decision::Discard { number: 1 },
    ]
}

fn every_option_problem() -> Vec<OptionProblem> {
    vec![
        OptionProblem::UnknownCardSet("published-9".into()),
        OptionProblem::CardSetHash {
            id: "reference-1".into(),
            found: "ab".into(),
            expected: "cd".into(),
        },
        OptionProblem::CardSetInvalid("V3".into()),
        OptionProblem::Nations,
        OptionProblem::FirstPlayer,
        OptionProblem::Players,
    ]
}

/// Every event, decision, refusal and option problem reads as a sentence of its own in both
/// languages: no message id shows through, no two codes read alike, and Portuguese is not
/// English.
#[test]
fn every_event_decision_refusal_and_option_problem_has_words_in_both_languages() {
    let registry = catalogs();
    let names = SeatNames::new(vec!["Ana".into(), "Bruno".into(), "Caio".into()]);
    let mut english = Vec::new();
    for lang in ["en", "pt"] {
        let words = registry.catalogs().words(lang);
        for viewer in [
            Viewer::Spectator,
            Viewer::Seat(Seat(0)),
            Viewer::Seat(Seat(1)),
        ] {
            let cx = Ctx::new(words, &names, viewer);
            let mut said: Vec<(String, String)> = Vec::new();
            for e in every_event() {
                said.push((format!("{e:?}"), Pergamemnon.event(&e, &cx)));
            }
            for d in every_decision() {
                said.push((format!("{d:?}"), Pergamemnon.decision(&d, &cx)));
            }
            for r in every_rule_error() {
                said.push((format!("{r:?}"), Pergamemnon.rule_error(&r, &cx)));
            }
            for p in every_option_problem() {
                said.push((format!("{p:?}"), Pergamemnon.option_problem(&p, &cx)));
            }
            for (what, text) in &said {
                assert!(!text.contains("pergamemnon-"), "{lang} {what}: {text}");
                assert!(text.len() > 8, "{lang} {what}: {text}");
            }
            let mut unique: Vec<&String> = said.iter().map(|(_, t)| t).collect();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), said.len(), "{lang}: two codes read alike");
            if lang == "en" && viewer == Viewer::Spectator {
                english = said.clone();
            } else if viewer == Viewer::Spectator {
                let same = said
                    .iter()
                    .zip(&english)
                    .filter(|((_, a), (_, b))| a == b)
                    .count();
                assert_eq!(same, 0, "some Portuguese sentence is the English one");
            }
        }
    }
    // Each refusal says what to do: a colon or a second sentence after what was wrong.
    let words = registry.catalogs().words("en");
    let cx = Ctx::new(words, &names, Viewer::Seat(Seat(0)));
    for r in every_rule_error() {
        let text = Pergamemnon.rule_error(&r, &cx);
        assert!(
            text.contains(':') || text.matches(". ").count() >= 1 || text.contains("Say"),
            "{text}"
        );
    }
    // The reader's own moves read in the second person.
    let ended = Pergamemnon.event(
        &Event::BattleEnded {
            result: BattleResult::Won {
                winner: Seat(0),
                loser: Seat(1),
            },
        },
        &cx,
    );
    assert_eq!(ended, "You won the battle against Bruno.");
}

/// Every page and mail names the card set; the reference set as not the published values.
#[test]
fn the_board_and_the_mail_name_the_reference_card_set() {
    let registry = catalogs();
    let names = SeatNames::new(vec!["Ana".into(), "Bruno".into(), "Caio".into()]);
    for (lang, phrase) in [
        ("en", "reference card set (not the published values)"),
        (
            "pt",
            "conjunto de referência (não são os valores publicados)",
        ),
    ] {
        let words = registry.catalogs().words(lang);
        for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0))] {
            let cx = Ctx::new(words, &names, viewer);
            let view = e4(viewer, vec![(Seat(0), Decision::Turn { number: 0 })]);
            let board = Pergamemnon.board(&view, &cx).0;
            assert!(board.contains(phrase), "{lang}: {board}");
            assert!(board.contains("reference-1"), "{lang}: {board}");
            assert!(Pergamemnon.situation(&view, &cx).contains(phrase));
            if let Viewer::Seat(me) = viewer {
                let mail = Pergamemnon.mail_part(&view, me, &cx);
                assert!(mail.text.contains(phrase), "{lang}: {}", mail.text);
            }
        }
        let options = Pergamemnon.options(
            &Options::default(),
            &Ctx::new(words, &names, Viewer::Spectator),
        );
        assert!(options[0].contains(phrase), "{lang}: {options:?}");
    }
    // Names of nations and weapons in Portuguese come from the rulebook; card names are data.
    let words = registry.catalogs().words("pt");
    let cx = Ctx::new(words, &names, Viewer::Seat(Seat(0)));
    let view = e4(Viewer::Seat(Seat(0)), Vec::new());
    let board = Pergamemnon.board(&view, &cx).0;
    for word in [
        "Romanos",
        "Egípcios",
        "Persas",
        "lança",
        "arco",
        "capacete",
        "Centaur",
    ] {
        assert!(board.contains(word), "{word}: {board}");
    }
}

/// A hand shows on its owner's private part and mail only; the board never shows a hand while
/// the game runs.
#[test]
fn a_hand_is_shown_only_to_its_owner() {
    let registry = catalogs();
    let names = SeatNames::new(vec!["Ana".into(), "Bruno".into(), "Caio".into()]);
    let words = registry.catalogs().words("en");
    let hand_only = ["rom_caesar", "rom_bowman_1", "rom_spearman_1"];
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        let cx = Ctx::new(words, &names, viewer);
        let view = e4(viewer, vec![(Seat(0), Decision::Turn { number: 0 })]);
        let board = Pergamemnon.board(&view, &cx).0;
        for id in hand_only {
            assert!(!board.contains(id), "{viewer:?}: {id} on the board");
        }
        let private = Pergamemnon.private_part(&view, Seat(0), &cx).0;
        let mine = viewer == Viewer::Seat(Seat(0));
        for id in hand_only {
            assert_eq!(private.contains(id), mine, "{viewer:?}: {private}");
        }
        if let Viewer::Seat(me) = viewer {
            let mail = Pergamemnon.mail_part(&view, me, &cx).text;
            for id in hand_only {
                assert_eq!(mail.contains(id), mine, "{viewer:?}: {mail}");
            }
            // Forms are only ever made from what this viewer sees.
            for form in Pergamemnon.forms(&view, Seat(0), &[], &cx) {
                for id in hand_only {
                    assert!(mine || !form.body.0.contains(id), "{viewer:?}");
                }
            }
        }
    }
    // The attacker's face-down first card stays hidden from the defender (§8).
    let mut view = e4(
        Viewer::Seat(Seat(1)),
        vec![(
            Seat(1),
            Decision::Defend {
                number: 1,
                attacker: Seat(0),
                weapon: Weapon::Spear,
            },
        )],
    );
    view.battle = Some(BattleView {
        attacker: Seat(0),
        defender: Seat(1),
        weapon: Weapon::Spear,
        attack_card: None,
        used: [Vec::new(), Vec::new()],
        defending: None,
        incoming: None,
        captured: Vec::new(),
        winner: None,
    });
    let cx = Ctx::new(words, &names, Viewer::Seat(Seat(1)));
    let mail = Pergamemnon.mail_part(&view, Seat(1), &cx).text;
    assert!(mail.contains("face down"), "{mail}");
    assert!(!mail.contains("rom_spearman_1"), "{mail}");
}

fn sample_actions() -> Vec<Action> {
    vec![
        Action::Recruit {
            creature: "cr_centaur".into(),
            payment: ids(&["chr_01"]),
        },
        Action::Recruit {
            creature: "cr_hydra".into(),
            payment: ids(&["chr_01", "chr_02", "chr_03"]),
        },
        Action::Attack {
            target: Seat(1),
            weapon: Weapon::Spear,
            card: "rom_spearman_1".into(),
            plan: Plan::default(),
        },
        Action::Attack {
            target: Seat(2),
            weapon: Weapon::Sword,
            card: "rom_caesar".into(),
            plan: Plan {
                reinforce: ReinforceMode::Auto,
                keep: ids(&["rom_caesar"]),
                capture: Capture::Tuck,
                ..Plan::default()
            },
        },
        Action::Attack {
            target: Seat(1),
            weapon: Weapon::Bow,
            card: "rom_bowman_1".into(),
            plan: Plan {
                reinforce: ReinforceMode::Prefer,
                prefer: ids(&["rom_caesar", "rom_spearman_1"]),
                fallback: Fallback::None,
                keep: Vec::new(),
                capture: Capture::TuckZeroPoints,
            },
        },
        Action::Attack {
            target: Seat(1),
            weapon: Weapon::Bow,
            card: "rom_bowman_1".into(),
            plan: Plan {
                reinforce: ReinforceMode::Ask,
                capture: Capture::Ask,
                ..Plan::default()
            },
        },
        Action::Defend {
            card: "cr_sphinx".into(),
            plan: Plan {
                reinforce: ReinforceMode::Prefer,
                prefer: ids(&["egy_mummy_1"]),
                ..Plan::default()
            },
        },
        Action::Defend {
            card: "egy_guard".into(),
            plan: Plan {
                reinforce: ReinforceMode::Never,
                ..Plan::default()
            },
        },
        Action::Defend {
            card: "egy_guard".into(),
            plan: Plan::default(),
        },
        Action::Reinforce {
            card: Some("egy_mummy_1".into()),
        },
        Action::Reinforce { card: None },
        Action::Discard {
            cards: ids(&["rom_bowman_1", "rom_caesar"]),
        },
        Action::Discard { cards: Vec::new() },
        Action::Orders {
            orders: StandingOrders::default(),
        },
        Action::Orders {
            orders: StandingOrders {
                respond: Respond::Auto,
                plan: Plan {
                    reinforce: ReinforceMode::Prefer,
                    prefer: ids(&["rom_praetorian"]),
                    fallback: Fallback::None,
                    keep: ids(&["rom_caesar"]),
                    capture: Capture::TuckZeroPoints,
                },
                discard_after_loss: AfterLoss::Ask,
            },
        },
    ]
}

fn read(view: &View, seat: Seat, line: &str, registry: &Registry) -> Option<Action> {
    match Pergamemnon.read_command(line, view, seat, &languages(registry)) {
        Command::Action(a) => Some(a),
        _ => None,
    }
}

/// `commands(action)` read back by `read_command` is the action, in both languages, and the
/// Portuguese command is not the English one.
#[test]
fn commands_read_back_as_their_action_in_both_languages() {
    let registry = catalogs();
    for lang in ["en", "pt"] {
        let words = registry.catalogs().words(lang);
        for action in sample_actions() {
            let seat = match action {
                Action::Defend { .. } | Action::Reinforce { .. } => Seat(1),
                _ => Seat(0),
            };
            let view = e4(Viewer::Seat(seat), Vec::new());
            let phrases = Pergamemnon.commands(&action, &words);
            assert!(!phrases.is_empty(), "{action:?}");
            for phrase in &phrases {
                assert_eq!(
                    read(&view, seat, phrase, &registry),
                    Some(action.clone()),
                    "{lang}: {phrase:?}"
                );
                // Shouted, as phones and old habits write commands.
                assert_eq!(
                    read(&view, seat, &phrase.to_uppercase(), &registry),
                    Some(action.clone()),
                    "{lang}: {phrase:?}"
                );
            }
        }
        // A disposal reads as one when the seat is asked where its captures go.
        let asked = e4(
            Viewer::Seat(Seat(0)),
            vec![(
                Seat(0),
                Decision::Dispose {
                    number: 1,
                    cards: ids(&["cr_sphinx", "egy_guard"]),
                },
            )],
        );
        let dispose = Action::Dispose {
            cards: vec![
                Disposal {
                    card: "cr_sphinx".into(),
                    to: Zone::Discard,
                },
                Disposal {
                    card: "egy_guard".into(),
                    to: Zone::Tuck,
                },
            ],
        };
        for phrase in Pergamemnon.commands(&dispose, &words) {
            assert_eq!(
                read(&asked, Seat(0), &phrase, &registry),
                Some(dispose.clone())
            );
        }
    }
    let en = registry.catalogs().words("en");
    let pt = registry.catalogs().words("pt");
    let attack = &sample_actions()[3];
    assert_ne!(
        Pergamemnon.commands(attack, &en),
        Pergamemnon.commands(attack, &pt)
    );
}

/// Replies as people write them: names instead of ids (accents and case folded), a weapon
/// left out, a target named by its nation, Portuguese words, a disposal naming one card; and
/// what is not a command, or a command that does not read.
#[test]
fn a_reply_may_name_cards_by_name_and_leave_out_what_the_card_says() {
    let registry = catalogs();
    let attacker = e4(
        Viewer::Seat(Seat(0)),
        vec![(Seat(0), Decision::Turn { number: 0 })],
    );
    let defender = e4(
        Viewer::Seat(Seat(1)),
        vec![(
            Seat(1),
            Decision::Defend {
                number: 1,
                attacker: Seat(0),
                weapon: Weapon::Spear,
            },
        )],
    );
    let attack = |target: u8, weapon, card: &str, plan| {
        Some(Action::Attack {
            target: Seat(target - 1),
            weapon,
            card: card.into(),
            plan,
        })
    };
    assert_eq!(
        read(&attacker, Seat(0), "ATTACK 2 SWORD Caesar", &registry),
        attack(2, Weapon::Sword, "rom_caesar", Plan::default())
    );
    assert_eq!(
        read(
            &attacker,
            Seat(0),
            "atacar egípcios lança spearman",
            &registry
        ),
        attack(2, Weapon::Spear, "rom_spearman_1", Plan::default())
    );
    assert_eq!(
        read(
            &attacker,
            Seat(0),
            "Atacar os Persas com o Bowman, poupar Caesar",
            &registry
        ),
        attack(
            3,
            Weapon::Bow,
            "rom_bowman_1",
            Plan {
                keep: ids(&["rom_caesar"]),
                ..Plan::default()
            }
        )
    );
    assert_eq!(
        read(
            &defender,
            Seat(1),
            "defender Sphinx preferir mummy",
            &registry
        ),
        Some(Action::Defend {
            card: "cr_sphinx".into(),
            plan: Plan {
                reinforce: ReinforceMode::Prefer,
                prefer: ids(&["egy_mummy_1"]),
                ..Plan::default()
            }
        })
    );
    // Without plan words, the standing plan.
    let mut standing = defender.clone();
    standing.seats[1].orders = Some(StandingOrders {
        plan: Plan {
            keep: ids(&["egy_guard"]),
            ..Plan::default()
        },
        ..StandingOrders::default()
    });
    assert_eq!(
        read(&standing, Seat(1), "defend sphinx", &registry),
        Some(Action::Defend {
            card: "cr_sphinx".into(),
            plan: Plan {
                keep: ids(&["egy_guard"]),
                ..Plan::default()
            }
        })
    );
    // A recruitment without a payment takes the default one (§10.5): one charisma card.
    assert_eq!(
        read(&attacker, Seat(0), "recrutar Centaur", &registry),
        Some(Action::Recruit {
            creature: "cr_centaur".into(),
            payment: ids(&["chr_01"]),
        })
    );
    assert_eq!(
        read(
            &attacker,
            Seat(0),
            "recruit orthos pay charisma charisma chr 3",
            &registry
        ),
        Some(Action::Recruit {
            creature: "cr_orthos".into(),
            payment: ids(&["chr_01", "chr_02", "chr_03"]),
        })
    );
    // A disposal naming one card: the others go to the discard pile, in the order offered.
    let asked = e4(
        Viewer::Seat(Seat(0)),
        vec![(
            Seat(0),
            Decision::Dispose {
                number: 1,
                cards: ids(&["cr_sphinx", "egy_guard"]),
            },
        )],
    );
    assert_eq!(
        read(&asked, Seat(0), "guardar Guard", &registry),
        Some(Action::Dispose {
            cards: vec![
                Disposal {
                    card: "cr_sphinx".into(),
                    to: Zone::Discard
                },
                Disposal {
                    card: "egy_guard".into(),
                    to: Zone::Tuck
                },
            ]
        })
    );
    // Not commands, and commands that do not read.
    let languages = languages(&registry);
    for line in ["Boa sorte!", "good luck", ""] {
        assert_eq!(
            Pergamemnon.read_command(line, &attacker, Seat(0), &languages),
            Command::None,
            "{line:?}"
        );
    }
    for line in [
        "attack",
        "attack 2 sword",
        "attack 2 sword Kraken",
        "defend Sphinx reinforce sometimes",
        "recruit Cyclops pay",
    ] {
        assert_eq!(
            Pergamemnon.read_command(line, &attacker, Seat(0), &languages),
            Command::Unreadable,
            "{line:?}"
        );
    }
}

/// Each form's fields read back as the action, and the forms of a turn offer a recruitment by
/// button with the default payment and an attack whose card carries its weapon.
#[test]
fn forms_read_back_as_their_action() {
    let registry = catalogs();
    let words = registry.catalogs().words("en");
    for action in sample_actions() {
        if matches!(action, Action::Reinforce { .. }) {
            continue; // buttons carrying the action's JSON
        }
        let fields = super::forms::fields_of(&action);
        assert_eq!(
            Pergamemnon.action_from_form(&fields, &words),
            Some(Ok(action.clone())),
            "{fields:?}"
        );
    }
    let dispose = Action::Dispose {
        cards: vec![
            Disposal {
                card: "cr_sphinx".into(),
                to: Zone::Discard,
            },
            Disposal {
                card: "egy_guard".into(),
                to: Zone::Tuck,
            },
        ],
    };
    assert_eq!(
        Pergamemnon.action_from_form(&super::forms::fields_of(&dispose), &words),
        Some(Ok(dispose))
    );
    // What is missing is said.
    let fields = vec![("pergamemnon".to_owned(), "recruit".to_owned())];
    assert!(matches!(
        Pergamemnon.action_from_form(&fields, &words),
        Some(Err(_))
    ));
    assert_eq!(Pergamemnon.action_from_form(&[], &words), None);
    // The turn's forms.
    let names = SeatNames::new(vec!["Ana".into(), "Bruno".into(), "Caio".into()]);
    let cx = Ctx::new(words, &names, Viewer::Seat(Seat(0)));
    let view = e4(
        Viewer::Seat(Seat(0)),
        vec![(Seat(0), Decision::Turn { number: 0 })],
    );
    let forms = Pergamemnon.forms(&view, Seat(0), &[], &cx);
    let all: String = forms.iter().map(|f| f.body.0.clone()).collect();
    assert!(all.contains("value=\"spear:rom_spearman_1\""), "{all}");
    let centaur = serde_json::to_string(&Action::Recruit {
        creature: "cr_centaur".into(),
        payment: ids(&["chr_01"]),
    })
    .unwrap();
    assert!(
        all.contains(&crate::present::escape(&centaur)),
        "a recruitment button with the default payment: {all}"
    );
    assert!(forms.iter().any(|f| f.legend == "Standing orders"));
    // A reinforcement offers the cards that make the defence succeed, and none.
    let mut view = e4(
        Viewer::Seat(Seat(1)),
        vec![(
            Seat(1),
            Decision::Reinforce {
                number: 2,
                weapon: Weapon::Spear,
                value: 5,
            },
        )],
    );
    view.seats[1].hand = Some(ids(&["cr_sphinx", "egy_mummy_1"]));
    view.battle = Some(BattleView {
        attacker: Seat(0),
        defender: Seat(1),
        weapon: Weapon::Spear,
        attack_card: Some("per_spearman_1".into()),
        used: [ids(&["per_spearman_1"]), ids(&["egy_guard"])],
        defending: Some(Side::Defender),
        incoming: Some((Weapon::Spear, 5)),
        captured: Vec::new(),
        winner: None,
    });
    let cx = Ctx::new(words, &names, Viewer::Seat(Seat(1)));
    let forms = Pergamemnon.forms(&view, Seat(1), &[], &cx);
    let body = &forms[0].body.0;
    // Guard armour 3: the Sphinx (5) makes 8, the Mummy (2) makes 5: both succeed.
    assert!(body.contains("Reinforce with Sphinx"), "{body}");
    assert!(body.contains("Reinforce with Mummy"), "{body}");
    assert!(body.contains("No reinforcement"), "{body}");
}

/// "pass" (R40) reads as the action the rules refuse with its reason, in both languages, so a
/// player who replies it is told that passing is never allowed, not that the line is unreadable.
#[test]
fn a_reply_that_passes_reads_as_pass_and_its_refusal_says_why() {
    let registry = catalogs();
    let view = e4(Viewer::Seat(Seat(0)), Vec::new());
    for line in ["pass", "Passo", "PASSAR"] {
        assert_eq!(
            read(&view, Seat(0), line, &registry),
            Some(Action::Pass),
            "{line}"
        );
    }
    let names = SeatNames::new(vec!["Ana".into(), "Bruno".into(), "Cleo".into()]);
    let pt = Ctx::new(
        registry.catalogs().words("pt"),
        &names,
        Viewer::Seat(Seat(0)),
    );
    assert!(Pergamemnon
        .rule_error(&RuleError::NoPass, &pt)
        .contains("nunca é permitido"));
}
