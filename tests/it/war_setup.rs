//! Setup [R3, R4, R5] and golden vectors: the deal (objectives, dealer, first player,
//! territories, draw pile) from fixed seeds is pinned here, so it can never change silently:
//! a stored game must deal the same forever.

use corriere::engine::war::{Event, Game, Options, CURRENT_RULES_VERSION};
use corriere::engine::{Audience, Seat, Seed};

struct Deal {
    objectives: Vec<&'static str>,
    dealer: u8,
    first: u8,
    /// Card numbers of each seat's territories, seat 1 first, in card-number order.
    territories: Vec<Vec<u8>>,
    /// Card numbers, top first.
    draw: Vec<u8>,
}

fn deal(players: u8, seed: u64, options: &Options) -> Deal {
    let mut events = Vec::new();
    let game = Game::setup(
        CURRENT_RULES_VERSION,
        options,
        players,
        Seed::from_u64(seed),
        &mut events,
    )
    .expect("a valid setup");
    let mut territories = vec![Vec::new(); players as usize];
    for (audience, event) in &events {
        if let Event::TerritoriesDealt {
            seat,
            territories: ts,
        } = event
        {
            assert_eq!(*audience, Audience::Everyone, "the board is public");
            territories[seat.index()] = ts.iter().map(|t| t.number()).collect();
        }
        if let Event::ObjectiveDealt { seat, .. } = event {
            assert_eq!(*audience, Audience::Only(*seat), "objectives are secret");
        }
    }
    Deal {
        objectives: Seat::all(players).map(|s| game.objective(s).id()).collect(),
        dealer: game.dealer().number(),
        first: game.active().number(),
        territories,
        draw: game.draw_pile().iter().map(|c| c.number()).collect(),
    }
}

fn show(d: &Deal) -> String {
    format!(
        "objectives {:?}\ndealer {} first {}\nterritories {:?}\ndraw {:?}",
        d.objectives, d.dealer, d.first, d.territories, d.draw
    )
}

#[test]
fn golden_deals_never_change() {
    // Pinned: if this fails, stored games would deal differently. Do not update it.
    let cases: [(u8, u64, Option<u8>, &str); 5] = [
        (3, 1, None, GOLDEN_3P_SEED_1),
        (4, 2, None, GOLDEN_4P_SEED_2),
        (5, 3, None, GOLDEN_5P_SEED_3),
        (6, 4, None, GOLDEN_6P_SEED_4),
        (4, 5, Some(2), GOLDEN_4P_SEED_5_DEALER_2),
    ];
    let mut failures = Vec::new();
    for (players, seed, dealer, golden) in cases {
        let options = Options {
            dealer: dealer.and_then(Seat::from_number),
            ..Options::default()
        };
        let actual = show(&deal(players, seed, &options));
        if actual != golden {
            failures.push(format!("{players} players, seed {seed}:\n{actual}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn r4_territories_go_round_from_the_dealer_and_the_first_player_is_left_of_the_last_card() {
    for players in 3..=6u8 {
        for dealer in 1..=players {
            let options = Options {
                dealer: Seat::from_number(dealer),
                ..Options::default()
            };
            let d = deal(players, 17, &options);
            let n = players as usize;
            assert_eq!(d.dealer, dealer);
            assert_eq!(d.first as usize, (dealer as usize - 1 + 42) % n + 1);
            let counts: Vec<usize> = d.territories.iter().map(Vec::len).collect();
            for (i, count) in counts.iter().enumerate() {
                // Position p goes to seat (D + p - 1) mod n: the dealer and the seats after
                // him get the extra cards.
                let offset = (i + n - (dealer as usize - 1)) % n;
                assert_eq!(*count, 42 / n + usize::from(offset < 42 % n));
            }
            let mut all: Vec<u8> = d.territories.concat();
            all.sort();
            assert_eq!(all, (1..=42).collect::<Vec<u8>>());
            let mut draw = d.draw.clone();
            draw.sort();
            assert_eq!(
                draw,
                (1..=44).collect::<Vec<u8>>(),
                "R5: all 44 cards in the draw pile"
            );
        }
    }
}

#[test]
fn r3_objectives_are_a_derangement_of_the_colours_in_play_for_many_seeds() {
    for players in 3..=6u8 {
        for seed in 0..200 {
            let d = deal(players, seed, &Options::default());
            let colours = ["branco", "preto", "vermelho", "azul", "amarelo", "verde"];
            let mut targets: Vec<&str> = d
                .objectives
                .iter()
                .map(|o| o.trim_start_matches("destruir_"))
                .collect();
            for (i, t) in targets.iter().enumerate() {
                assert_ne!(*t, colours[i], "{players} players, seed {seed}");
            }
            targets.sort();
            let mut in_play = colours[..players as usize].to_vec();
            in_play.sort();
            assert_eq!(targets, in_play);
        }
    }
}

const GOLDEN_3P_SEED_1: &str = r#"objectives ["destruir_preto", "destruir_vermelho", "destruir_branco"]
dealer 3 first 3
territories [[5, 8, 12, 16, 21, 22, 23, 25, 28, 29, 30, 36, 38, 42], [3, 4, 7, 9, 11, 14, 15, 20, 26, 32, 34, 39, 40, 41], [1, 2, 6, 10, 13, 17, 18, 19, 24, 27, 31, 33, 35, 37]]
draw [23, 31, 27, 26, 36, 7, 20, 29, 40, 30, 21, 12, 35, 34, 5, 39, 9, 15, 17, 25, 33, 14, 8, 2, 43, 18, 4, 44, 41, 42, 13, 19, 37, 22, 10, 6, 1, 38, 3, 24, 32, 16, 11, 28]"#;
const GOLDEN_4P_SEED_2: &str = r#"objectives ["destruir_vermelho", "destruir_azul", "destruir_preto", "destruir_branco"]
dealer 3 first 1
territories [[7, 10, 19, 24, 25, 27, 30, 33, 35, 37], [4, 9, 11, 12, 16, 18, 20, 22, 36, 40], [3, 8, 14, 17, 21, 26, 28, 32, 38, 39, 42], [1, 2, 5, 6, 13, 15, 23, 29, 31, 34, 41]]
draw [14, 17, 15, 11, 38, 4, 6, 20, 39, 1, 24, 35, 23, 33, 8, 44, 7, 21, 40, 28, 31, 26, 29, 27, 22, 25, 3, 30, 34, 12, 5, 13, 37, 2, 36, 42, 41, 18, 16, 10, 9, 19, 32, 43]"#;
const GOLDEN_5P_SEED_3: &str = r#"objectives ["destruir_preto", "destruir_branco", "destruir_amarelo", "destruir_vermelho", "destruir_azul"]
dealer 4 first 1
territories [[4, 7, 9, 11, 12, 14, 23, 33], [5, 8, 25, 29, 34, 35, 38, 40], [1, 3, 13, 17, 21, 24, 31, 42], [2, 6, 15, 19, 28, 30, 32, 39, 41], [10, 16, 18, 20, 22, 26, 27, 36, 37]]
draw [23, 15, 38, 20, 43, 1, 6, 25, 29, 4, 40, 19, 7, 31, 10, 27, 26, 14, 21, 41, 11, 42, 28, 3, 8, 22, 44, 32, 39, 35, 13, 2, 5, 17, 30, 12, 16, 34, 9, 37, 18, 33, 36, 24]"#;
const GOLDEN_6P_SEED_4: &str = r#"objectives ["destruir_verde", "destruir_branco", "destruir_azul", "destruir_amarelo", "destruir_preto", "destruir_vermelho"]
dealer 3 first 3
territories [[2, 5, 12, 17, 19, 34, 36], [4, 10, 25, 30, 35, 37, 42], [13, 16, 18, 22, 29, 32, 39], [3, 6, 8, 14, 20, 38, 40], [7, 11, 21, 24, 26, 27, 41], [1, 9, 15, 23, 28, 31, 33]]
draw [7, 33, 28, 42, 6, 35, 16, 41, 32, 19, 23, 18, 31, 2, 3, 40, 8, 39, 30, 26, 1, 36, 4, 38, 21, 11, 9, 22, 13, 14, 5, 34, 29, 27, 37, 15, 17, 12, 10, 20, 43, 25, 44, 24]"#;
const GOLDEN_4P_SEED_5_DEALER_2: &str = r#"objectives ["destruir_azul", "destruir_vermelho", "destruir_preto", "destruir_branco"]
dealer 2 first 4
territories [[4, 8, 16, 24, 25, 30, 32, 33, 34, 38], [1, 10, 12, 15, 17, 20, 23, 29, 39, 40, 41], [2, 3, 7, 9, 18, 19, 21, 22, 35, 36, 37], [5, 6, 11, 13, 14, 26, 27, 28, 31, 42]]
draw [2, 1, 38, 3, 42, 36, 40, 9, 32, 10, 12, 34, 7, 19, 14, 29, 41, 28, 31, 17, 13, 26, 27, 4, 43, 15, 37, 6, 35, 33, 21, 44, 30, 22, 5, 11, 24, 23, 20, 16, 18, 39, 25, 8]"#;
