//! Line strength (§3.8): Winter, then Drummer, then Spring, over the cards a viewer can see.
//! At the conclusion everything counts; a live display counts what that viewer may see (R30).

use super::cards::Card;
use super::state::LineCard;
use crate::engine::Seat;

/// The strength of every line, counting only the cards `visible(owner, card)` admits.
/// At the conclusion every card is visible; a player sees face-up cards and his own [R24, R30].
pub fn strengths(lines: &[Vec<LineCard>], visible: impl Fn(Seat, &LineCard) -> bool) -> Vec<u32> {
    let visible = &visible;
    let seen = |i: usize| lines[i].iter().filter(move |lc| visible(Seat(i as u8), lc));
    let mut winter = false;
    let mut spring = false;
    let mut max_printed = None;
    for i in 0..lines.len() {
        for lc in seen(i) {
            winter |= lc.card == Card::Winter;
            spring |= lc.card == Card::Spring;
            if let Some(p) = lc.card.printed() {
                max_printed = max_printed.max(Some(p));
            }
        }
    }
    (0..lines.len())
        .map(|i| {
            let drummer = if seen(i).any(|lc| lc.card == Card::Drummer) {
                2
            } else {
                1
            };
            seen(i)
                .map(|lc| match lc.card {
                    Card::Heroine => 10,
                    Card::Courtesan => 1,
                    card => match card.printed() {
                        Some(printed) => {
                            let base = if winter { 1 } else { printed } * drummer;
                            let spring_bonus = spring && Some(printed) == max_printed;
                            base + if spring_bonus { 3 } else { 0 }
                        }
                        None => 0,
                    },
                })
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Card::*;

    fn line(cards: &[Card]) -> Vec<LineCard> {
        cards
            .iter()
            .map(|&card| LineCard {
                card,
                face_down: false,
            })
            .collect()
    }

    fn all(lines: &[Vec<LineCard>]) -> Vec<u32> {
        strengths(lines, |_, _| true)
    }

    #[test]
    fn e1_winter_makes_every_mercenary_count_one() {
        assert_eq!(all(&[line(&[M10, M10, M5, M4])]), [29]);
        assert_eq!(all(&[line(&[M10, M10, M5, M4]), line(&[Winter])]), [4, 0]);
    }

    #[test]
    fn e2_spring_adds_three_to_the_highest_printed_mercenaries() {
        let paulo = line(&[M2, M5, M5]);
        let sandra = line(&[M1, M4, Heroine, Spring]);
        assert_eq!(all(&[paulo, sandra]), [18, 15]);
    }

    #[test]
    fn e3_drummer_doubles_and_winter_comes_first() {
        assert_eq!(all(&[line(&[M10, M6, M5, Drummer])]), [42]);
        assert_eq!(
            all(&[line(&[M10, M6, M5, Drummer]), line(&[Winter])]),
            [6, 0]
        );
    }

    #[test]
    fn e4_drummer_doubles_before_spring_adds() {
        assert_eq!(all(&[line(&[M2, M4, Drummer]), line(&[Spring])]), [15, 0]);
    }

    #[test]
    fn r1_heroine_and_courtesan_are_never_modified() {
        assert_eq!(
            all(&[line(&[Heroine, Courtesan, Drummer]), line(&[Winter])]),
            [11, 0]
        );
        assert_eq!(all(&[line(&[Heroine, Courtesan, Spring])]), [11]);
    }

    #[test]
    fn r2_spring_without_mercenaries_does_nothing_and_counts_each_card_once() {
        assert_eq!(all(&[line(&[Spring, Heroine])]), [10]);
        assert_eq!(all(&[line(&[M3, M3, Spring, Spring])]), [12]);
    }

    #[test]
    fn r24_others_see_only_face_up_cards() {
        let mut joao = line(&[M6]);
        joao.push(LineCard {
            card: M10,
            face_down: true,
        });
        let lines = vec![joao, line(&[M5, M1, M1])];
        let public = strengths(&lines, |_, lc| !lc.face_down);
        let own = strengths(&lines, |s, lc| !lc.face_down || s == Seat(0));
        assert_eq!(public, [6, 7]);
        assert_eq!(own, [16, 7]);
    }
}
