//! Moves by reply, read as the reply reader reads a line (`games::replies::read_line`), and the
//! examples mails show. War:
//! every command a mail offers reads back as its move in both languages, and lines people
//! write (names in either language, numbers before or after, accents, filler words) read as
//! the moves they mean; a line that starts like a command but does not read is unreadable.

use corriere::engine::war::{
    Action, Amount, Card, Direction, Occupy, Plan, Territory, TerritoryCounts,
};
use corriere::engine::{Seat, Seed};
use corriere::kinds::{Game, Kind, Registry};
use corriere::present::Command;
use corriere::service::replies::{read_line, LineReader};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn new_game(kind: &dyn Kind, players: u8, seed: u64) -> Game {
    let options = kind.read_options("{}").expect("default options");
    kind.setup(
        kind.current_rules_version(),
        &options,
        players,
        Seed::from_u64(seed),
    )
    .expect("a game")
    .0
}

fn read(
    kind: &dyn Kind,
    registry: &Registry,
    game: &Game,
    seat: Seat,
    line: &str,
) -> Option<Action> {
    match read_line(kind, game, seat, line, registry.catalogs()) {
        Command::Action(a) => Some(a.downcast::<Action>().expect("a War action").clone()),
        Command::Unreadable => None,
        Command::None => panic!("{line:?} reads as no command at all"),
    }
}

/// What a reply makes of a listed move: attacks and continued attacks go on with the plan a
/// reply cannot write, the default one.
fn as_replied(action: &Action) -> Action {
    match action.clone() {
        Action::Attack {
            from, to, air_card, ..
        } => Action::Attack {
            from,
            to,
            air_card,
            plan: Plan::default(),
        },
        Action::Continue { .. } => Action::Continue {
            plan: Plan::default(),
        },
        other => other,
    }
}

#[test]
fn every_command_a_mail_offers_reads_back_as_its_move_in_both_languages() {
    let registry = Registry::standard();
    let kind = registry.get("war").expect("War is registered");
    let catalogs = registry.catalogs();
    let mut checked = std::collections::BTreeMap::<&'static str, usize>::new();
    for (players, seed) in [(3u8, 1u64), (4, 2), (5, 3), (6, 4)] {
        let mut game = new_game(kind, players, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..600 {
            let Some(&seat) = game.waiting_on().first() else {
                break;
            };
            let legal = game.legal_actions(seat);
            for action in &legal {
                let typed = action.downcast::<Action>().unwrap();
                for lang in catalogs.languages() {
                    for phrase in kind.commands(action, &catalogs.words(lang)) {
                        let read = read(kind, &registry, &game, seat, &phrase);
                        assert_eq!(
                            read,
                            Some(as_replied(typed)),
                            "{lang} {phrase:?} does not read back as {typed:?}"
                        );
                        *checked.entry(variant(typed)).or_default() += 1;
                    }
                }
            }
            let pick = &legal[rng.next_u32() as usize % legal.len()];
            game = game.apply(seat, pick).expect("a listed move is legal").0;
        }
    }
    for variant in [
        "trade",
        "place",
        "attack",
        "end-combat",
        "no-reaction",
        "reroll",
        "occupy",
        "move",
        "passage",
        "transport",
        "end-turn",
    ] {
        assert!(
            checked.get(variant).copied().unwrap_or(0) > 0,
            "no {variant} command was checked: {checked:?}"
        );
    }
}

fn variant(action: &Action) -> &'static str {
    match action {
        Action::Trade { .. } => "trade",
        Action::Intelligence { .. } => "intelligence",
        Action::Place { .. } => "place",
        Action::Attack { .. } => "attack",
        Action::Continue { .. } => "continue",
        Action::EndCombat => "end-combat",
        Action::RevealTerrain => "reveal-terrain",
        Action::NoReaction => "no-reaction",
        Action::Reroll { .. } => "reroll",
        Action::Occupy { .. } => "occupy",
        Action::Move { .. } => "move",
        Action::HiddenPassage { .. } => "passage",
        Action::AirTransport { .. } => "transport",
        Action::EndTurn { .. } => "end-turn",
        Action::Discard { .. } => "discard",
        _ => "other",
    }
}

fn territory(id: &str) -> Territory {
    Territory::from_id(id).unwrap_or_else(|| panic!("no territory {id}"))
}

#[test]
fn lines_people_write_read_as_the_moves_they_mean() {
    let registry = Registry::standard();
    let kind = registry.get("war").expect("War is registered");
    let game = new_game(kind, 4, 7);
    let seat = game.waiting_on()[0];
    let read = |line: &str| read(kind, &registry, &game, seat, line);
    let place = |list: &[(&str, u32)]| {
        let mut armies = TerritoryCounts::default();
        for &(id, n) in list {
            armies.add(territory(id), n);
        }
        Some(Action::Place { armies })
    };
    let attack = |from: &str, to: &str, air: bool| {
        Some(Action::Attack {
            from: territory(from),
            to: territory(to),
            air_card: air.then(|| Card::of(territory(to))),
            plan: Plan::default(),
        })
    };
    let moved = |armies: Amount| {
        Some(Action::Move {
            from: territory("brasil"),
            to: territory("argentina"),
            armies,
        })
    };
    assert_eq!(read("Place 3 Brazil"), place(&[("brasil", 3)]));
    assert_eq!(
        read("colocar 2 na África do Sul e 1 em Nova York"),
        place(&[("africa_do_sul", 2), ("nova_york", 1)])
    );
    assert_eq!(
        read("place South Africa 2, New York 1, Brazil 1 and 1 on Brazil"),
        place(&[("africa_do_sul", 2), ("nova_york", 1), ("brasil", 2)])
    );
    assert_eq!(
        read("Attack from Brazil on Argentina."),
        attack("brasil", "argentina", false)
    );
    assert_eq!(
        read("atacar Oriente Médio Índia aéreo"),
        attack("oriente_medio", "india", true)
    );
    assert_eq!(
        read("mover todos de Brasil para Argentina"),
        moved(Amount::All)
    );
    assert_eq!(read("move Brazil Argentina 3"), moved(Amount::Exactly(3)));
    assert_eq!(
        read("move leave 1 from Brazil to Argentina"),
        moved(Amount::Leave(1))
    );
    for line in [
        "Encerrar turno!",
        "encerrar a vez",
        "Passar a vez.",
        "end my turn",
    ] {
        assert_eq!(
            read(line),
            Some(Action::EndTurn { discard: None }),
            "{line:?}"
        );
    }
    assert_eq!(read("mover tudo Brasil Argentina"), moved(Amount::All));
    assert_eq!(read("stop attacking"), Some(Action::EndCombat));
    assert_eq!(read("end attacks"), Some(Action::EndCombat));
    assert_eq!(read("place 3 in Brazil"), place(&[("brasil", 3)]));
    let planned = |plan: Plan| {
        Some(Action::Attack {
            from: territory("brasil"),
            to: territory("argentina"),
            air_card: None,
            plan,
        })
    };
    assert_eq!(
        read("attack Brazil Argentina with 2 dice, 3 battles, stop at 4, occupy all"),
        planned(Plan {
            dice: 2,
            max_battles: Some(3),
            stop_at: 4,
            occupy: Occupy::All,
            ..Plan::default()
        })
    );
    assert_eq!(
        read("atacar Brasil Argentina ocupar deixando 2 parar com 3"),
        None,
        "'deixando' is not 'deixar'"
    );
    assert_eq!(
        read("atacar Brasil Argentina ocupar deixar 2, parar com 3"),
        planned(Plan {
            stop_at: 3,
            occupy: Occupy::Leave(2),
            ..Plan::default()
        })
    );
    assert_eq!(
        read("continue 2 battles"),
        Some(Action::Continue {
            plan: Plan {
                max_battles: Some(2),
                ..Plan::default()
            }
        })
    );
    let transport = |direction: Direction, list: &[(&str, u32)]| {
        let mut armies = TerritoryCounts::default();
        for &(id, n) in list {
            armies.add(territory(id), n);
        }
        Some(Action::AirTransport {
            card: Card::of(territory("brasil")),
            direction,
            armies,
        })
    };
    assert_eq!(
        read("transport out of Brazil 3 Peru 2 Venezuela"),
        transport(Direction::Out, &[("peru", 3), ("venezuela", 2)])
    );
    assert_eq!(
        read("transportar para dentro de Brasil 2 do Peru"),
        transport(Direction::In, &[("peru", 2)])
    );
    assert_eq!(
        read("end turn, discard Brazil and Peru"),
        Some(Action::EndTurn {
            discard: Some(vec![
                Card::of(territory("brasil")),
                Card::of(territory("peru"))
            ])
        })
    );
    assert_eq!(read("ocupar 2"), Some(Action::Occupy { armies: 2 }));
    assert_eq!(
        read("descartar as cartas Brasil e coringa 1"),
        Some(Action::Discard {
            cards: vec![Card::of(territory("brasil")), Card::JOKER_1]
        })
    );
    assert_eq!(
        read("trade Brazil Peru joker 2"),
        Some(Action::Trade {
            cards: vec![
                Card::of(territory("brasil")),
                Card::of(territory("peru")),
                Card::JOKER_2
            ]
        })
    );
    // Starts like a command, but does not read: answered, never played or posted.
    for line in [
        "attack Brazil",
        "place 3 Atlantis",
        "attack Brazil Argentina 2 armies",
        "move 2 Brazil",
        "occupy many",
        "end turn now",
        "trocar",
    ] {
        assert_eq!(read(line), None, "{line:?} should be unreadable");
    }
    // Words that are no command are a message to the table.
    for line in [
        "Good luck everyone!",
        "Boa sorte a todos",
        "3 armies on Brazil, really?",
    ] {
        assert!(
            matches!(
                read_line(kind, &game, seat, line, registry.catalogs()),
                Command::None
            ),
            "{line:?} should be no command"
        );
    }
}

/// A hand of many kinds of card: a mail's examples still show `pass`, for each kind of command
/// comes once before more of one kind (the first eight `play` lines used to hide it).
#[test]
fn a_mail_shows_each_kind_of_command_before_more_of_one() {
    use corriere::service::replies::{command_examples, COMMAND_EXAMPLES};
    let registry = Registry::standard();
    let kind = registry
        .get("condottiere")
        .expect("Condottiere is registered");
    let words = registry.catalogs().default_words();
    let mut checked = 0;
    for seed in 0..100 {
        let game = new_game(kind, 3, seed);
        let seat = game.waiting_on()[0];
        let place = game.legal_actions(seat)[0].clone();
        let game = game.apply(seat, &place).expect("placing the token").0;
        let seat = game.waiting_on()[0];
        if game.legal_actions(seat).len() <= COMMAND_EXAMPLES {
            continue;
        }
        let examples = command_examples(kind, &game, seat, &words);
        assert!(examples.iter().any(|e| e == "pass"), "{examples:?}");
        assert_eq!(examples.len(), COMMAND_EXAMPLES + 1, "{examples:?}");
        assert_eq!(examples.last().map(String::as_str), Some("…"));
        checked += 1;
    }
    assert!(checked > 5, "only {checked} hands of more than eight moves");
}

/// The commands the games' guides teach (`/guide/<game>`, "Playing by mail") are commands, in
/// every language: War's read by its grammar, whatever the position; Condottiere's start with
/// one of its command words (its moves are read against the legal ones of the moment).
#[test]
fn the_commands_the_guides_teach_are_commands() {
    let registry = Registry::standard();
    let catalogs = registry.catalogs();
    let war = registry.get("war").expect("War is registered");
    let game = new_game(war, 4, 7);
    let seat = game.waiting_on()[0];
    for lang in catalogs.languages() {
        let words = catalogs.words(lang);
        let taught = |game: &str| -> Vec<String> {
            (1..)
                .map(|n| format!("{game}-guide-mail-{n}"))
                .take_while(|id| words.maybe(id).is_some())
                .flat_map(|id| {
                    words
                        .get(&format!("{id}.command"))
                        .split(" · ")
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let war_lines = taught("war");
        assert!(war_lines.len() >= 7, "{lang}: {war_lines:?}");
        for line in &war_lines {
            assert!(
                matches!(
                    read_line(war, &game, seat, line, catalogs),
                    Command::Action(_)
                ),
                "{lang}: the guide's {line:?} does not read"
            );
        }
        let verbs: Vec<String> = ["place", "play", "pass", "keep", "draw"]
            .iter()
            .map(|v| words.get(&format!("condottiere-command-{v}")))
            .collect();
        let condottiere_lines = taught("condottiere");
        assert!(
            condottiere_lines.len() >= 5,
            "{lang}: {condottiere_lines:?}"
        );
        for line in condottiere_lines {
            let first = line.split_whitespace().next().unwrap_or("").to_lowercase();
            assert!(verbs.contains(&first), "{lang}: the guide's {line:?}");
        }
    }
}

// ------------------------------------------------------------- lines shaped like commands

/// Condottiere's worked example E5 after seat 2 played the Bishop: seat 2 places the Pope.
fn placing_the_pope(kind: &dyn Kind) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/position-e5.json");
    let position = std::fs::read_to_string(path).expect("the E5 position");
    let game = kind.read_position(&position).expect("a playable position");
    let bishop = kind
        .read_action(r#"{"type":"play","card":"BI"}"#)
        .expect("an action");
    game.apply(Seat(1), &bishop).expect("the Bishop is legal").0
}

#[test]
fn a_command_of_another_decision_or_a_slip_of_one_is_shaped_like_a_command_in_both_languages() {
    let registry = Registry::standard();
    let kind = registry
        .get("condottiere")
        .expect("Condottiere is registered");
    let reader = LineReader::new(kind, registry.catalogs());
    let game = placing_the_pope(kind);
    assert!(
        game.decision(Seat(1)).is_some(),
        "seat 2 must place the Pope"
    );
    for line in [
        // A card while the Pope is being placed: it reads as no move of the seat's now.
        "jogar M2",
        "play M2",
        // A slip of a command word ("jgar": one letter left out; "plya": two swapped).
        "jgar M1",
        "plya M1",
        "pasar",
        // Commands of decisions the game has left, or not come to.
        "colocar Ferrara",
        "place Ferrara",
        "manter M3",
        // The decision's own command, spelt right or not.
        "papa Ferrara",
        "Pope Roma",
        "paap Roma",
    ] {
        assert!(
            reader.is_command_shaped(&game, Seat(1), line),
            "{line:?} is shaped like a command"
        );
    }
    for line in [
        "Boa sorte!",
        "Que jogada, hein?",
        "Hope you are well",
        "Good luck, Bob",
        "Até amanhã.",
    ] {
        assert!(
            !reader.is_command_shaped(&game, Seat(1), line),
            "{line:?} is table talk"
        );
    }
    // What the seat can say now, nearest first: the Pope's commands.
    let words = registry.catalogs().words("pt");
    let nearest = reader.nearest(&game, Seat(1), "papa Romaa", &words);
    assert!(
        !nearest.is_empty() && nearest.len() <= corriere::service::replies::NEAREST_COMMANDS,
        "{nearest:?}"
    );
    assert_eq!(nearest[0], "papa Roma", "{nearest:?}");
}

#[test]
fn war_s_command_words_and_their_slips_are_shaped_like_commands_in_both_languages() {
    let registry = Registry::standard();
    let kind = registry.get("war").expect("War is registered");
    let reader = LineReader::new(kind, registry.catalogs());
    let game = new_game(kind, 3, 7);
    let seat = game.waiting_on()[0];
    for line in [
        "atacar Brasil Argentina",
        "atcar Brasil Argentina",
        "attack Brazil Argentina",
        "atack Brazil Argentina",
        "end turn",
        "encerrar a vez",
        "mover 2 Brasil Peru",
    ] {
        assert!(
            reader.is_command_shaped(&game, seat, line),
            "{line:?} is shaped like a command"
        );
    }
    for line in ["Boa sorte a todos!", "Nice game so far", "Até logo"] {
        assert!(
            !reader.is_command_shaped(&game, seat, line),
            "{line:?} is table talk"
        );
    }
}

#[test]
fn a_game_s_grammar_is_given_the_raw_line() {
    // War folds the raw line itself: punctuation and case are its to drop.
    let registry = Registry::standard();
    let kind = registry.get("war").expect("War is registered");
    let game = new_game(kind, 3, 7);
    let seat = game.waiting_on()[0];
    let languages: Vec<_> = registry
        .catalogs()
        .languages()
        .into_iter()
        .map(|l| registry.catalogs().words(l))
        .collect();
    let view = game.view(corriere::engine::Viewer::Seat(seat));
    assert_ne!(
        kind.read_command("ATACAR: Brasil -> Argentina!", &view, seat, &languages),
        Command::None
    );
    assert_eq!(kind.script(), corriere::present::Script::StopAtRefusal);
}
