//! War's part of the mails: what a seat needs to decide from the mail alone (its territories
//! and the enemies each borders, cards, objective, reinforcements), and one line per attack.

use super::{armies, board, cards, objective_short, seat_args, territory, War};
use crate::engine::war::{Event, Territory, View};
use crate::engine::Seat;
use crate::present::{escape, Arg, Ctx, Html, MailPart, MailStep, Presenter};

/// The seat's part of a turn mail: its holdings, objective and cards, the turn as the table
/// tells it (the armies to place, the open attack and its dice), then each of its territories
/// with its armies and the enemy territories it borders (their owner and armies).
pub(super) fn part(view: &View, seat: Seat, cx: &Ctx) -> MailPart {
    let w = &cx.words;
    let s = &view.seats[seat.index()];
    let mut heads = vec![w.two(
        "war-mail-situation",
        ("territories", s.territories),
        ("armies", s.armies),
    )];
    if let Some(o) = s.objective {
        heads.push(w.one(
            "war-mail-objective",
            "objective",
            objective_short(cx, view, o),
        ));
    }
    if let Some(hand) = &s.hand {
        heads.push(w.one("war-mail-hand", "cards", cards(cx, hand)));
    }
    heads.extend(board::table_lines(view, cx));
    let at = |t: Territory| view.board.iter().find(|tv| tv.territory == t);
    let fronts: Vec<String> = view
        .board
        .iter()
        .filter(|tv| tv.owner == seat)
        .map(|tv| {
            let enemies: Vec<String> = tv
                .territory
                .neighbours()
                .iter()
                .filter_map(at)
                .filter(|n| n.owner != seat)
                .map(|n| {
                    w.three(
                        "war-mail-enemy",
                        ("territory", territory(cx, n.territory)),
                        ("owner", cx.name(n.owner)),
                        ("armies", n.armies),
                    )
                })
                .collect();
            if enemies.is_empty() {
                w.two(
                    "war-mail-territory-safe",
                    ("territory", territory(cx, tv.territory)),
                    ("armies", tv.armies),
                )
            } else {
                w.three(
                    "war-mail-territory",
                    ("territory", territory(cx, tv.territory)),
                    ("armies", tv.armies),
                    ("enemies", w.list(enemies)),
                )
            }
        })
        .collect();
    let mut text = heads.join("\n");
    let mut html: String = heads
        .iter()
        .map(|l| format!("<p>{}</p>\n", escape(l)))
        .collect();
    if !fronts.is_empty() {
        let title = w.get("war-mail-territories");
        text.push_str(&format!("\n{title}\n"));
        html.push_str(&format!("<p>{}</p>\n<ul>\n", escape(&title)));
        for line in &fronts {
            text.push_str(&format!("  - {line}\n"));
            html.push_str(&format!("<li>{}</li>\n", escape(line)));
        }
        html.push_str("</ul>\n");
    }
    MailPart {
        text: text.trim_end().to_owned(),
        html: Html(html),
    }
}

/// One attack as the summary tells it: its battles summed up.
struct Attack {
    seat: Seat,
    defender: Seat,
    from: Territory,
    to: Territory,
    attack_lost: u32,
    defence_lost: u32,
    conquered: bool,
    /// Whether it is still open to the battles that follow (until it closes or another
    /// attack is declared).
    open: bool,
}

/// A line of the summary: a sentence, or the attack it stands for (worded at the end, once
/// its battles are summed).
enum Line {
    Said(String),
    Attack(Attack),
}

/// What happened since the reader was last told, in a mail: one line per attack (attacker,
/// defender, losses, conquest) instead of each die, roll and reroll, which stay on the page
/// and in the record; the other events as the pages tell them; who played a step for a
/// seat (the clock, a bot) once per run of steps it played.
pub(super) fn summary(steps: &[MailStep<'_, Event>], cx: &Ctx) -> Vec<String> {
    let mut lines: Vec<Line> = Vec::new();
    let mut last_by: Option<&String> = None;
    for step in steps {
        if let Some(by) = &step.by {
            if last_by != Some(by) {
                lines.push(Line::Said(by.clone()));
            }
        }
        last_by = step.by.as_ref();
        for &event in &step.events {
            summarise(event, &mut lines, cx);
        }
    }
    lines
        .into_iter()
        .map(|line| match line {
            Line::Said(text) => text,
            Line::Attack(a) => attack_words(&a, cx),
        })
        .collect()
}

/// The open attack from `from` on `to`, the newest first.
fn open_attack(lines: &mut [Line], from: Territory, to: Territory) -> Option<&mut Attack> {
    lines.iter_mut().rev().find_map(|line| match line {
        Line::Attack(a) if a.open && a.from == from && a.to == to => Some(a),
        _ => None,
    })
}

fn summarise(event: &Event, lines: &mut Vec<Line>, cx: &Ctx) {
    match event {
        Event::AttackDeclared {
            seat,
            from,
            to,
            defender,
            ..
        } => {
            for line in lines.iter_mut() {
                if let Line::Attack(a) = line {
                    a.open = false;
                }
            }
            lines.push(Line::Attack(Attack {
                seat: *seat,
                defender: *defender,
                from: *from,
                to: *to,
                attack_lost: 0,
                defence_lost: 0,
                conquered: false,
                open: true,
            }));
        }
        Event::BattleResolved {
            from,
            to,
            attacker_losses,
            defender_losses,
            ..
        } => match open_attack(lines, *from, *to) {
            Some(a) => {
                a.attack_lost += attacker_losses;
                a.defence_lost += defender_losses;
            }
            None => lines.push(Line::Said(War.event(event, cx))),
        },
        Event::Conquered { territory: t, .. } => {
            let folded = lines.iter_mut().rev().any(|line| match line {
                Line::Attack(a) if a.open && a.to == *t => {
                    a.conquered = true;
                    true
                }
                _ => false,
            });
            if !folded {
                lines.push(Line::Said(War.event(event, cx)));
            }
        }
        Event::AttackClosed { from, to, .. } => {
            if let Some(a) = open_attack(lines, *from, *to) {
                a.open = false;
            }
        }
        // The dice and the steps of an attack: on the page and in the record.
        Event::CombatStarted { .. }
        | Event::AttackContinued { .. }
        | Event::TerrainRevealed { .. }
        | Event::Rolled { .. }
        | Event::Rerolled { .. }
        | Event::MovedIn { .. }
        | Event::AttackStopped { .. }
        | Event::MovementStarted { .. }
        | Event::TurnEnded { .. } => {}
        other => lines.push(Line::Said(War.event(other, cx))),
    }
}

fn attack_words(a: &Attack, cx: &Ctx) -> String {
    let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", a.seat).into();
    args.extend(seat_args(cx, "defender", a.defender));
    args.extend(super::place(cx, "from", a.from));
    args.extend(super::place(cx, "to", a.to));
    args.push(("attack-lost", armies(cx, a.attack_lost).into()));
    args.push(("defence-lost", armies(cx, a.defence_lost).into()));
    args.push(("conquest", if a.conquered { "yes" } else { "no" }.into()));
    cx.words.with("war-mail-battle", &args)
}

#[cfg(test)]
mod tests {
    use super::summary;
    use crate::engine::war::{AttackEnd, Event, Territory};
    use crate::engine::{Seat, Viewer};
    use crate::present::{Ctx, MailStep, SeatNames};

    /// Seen on a phone: a turn mail after three bots' turns told every die, up to 390 lines.
    #[test]
    fn an_attack_of_many_battles_is_one_line_with_its_losses_and_its_conquest() {
        let registry = crate::kinds::Registry::standard();
        let names = SeatNames::new(vec!["Ann".into(), "Bob".into()]);
        let from = Territory::ALL[0];
        let to = from.neighbours().iter().next().unwrap();
        let battle = |attacker_losses, defender_losses| Event::BattleResolved {
            from,
            to,
            attack: vec![6, 5, 1],
            defence: vec![4, 2],
            attacker_terrain: false,
            defender_terrain: false,
            attacker_losses,
            defender_losses,
            no_occupant: false,
            armies_from: 4,
            armies_to: 1,
        };
        let events = [
            Event::AttackDeclared {
                seat: Seat(0),
                from,
                to,
                defender: Seat(1),
                air_card: None,
                number: 1,
            },
            Event::Rolled {
                from,
                to,
                attack: vec![6, 5, 1],
                defence: vec![4, 2],
            },
            battle(1, 1),
            Event::AttackContinued {
                seat: Seat(0),
                from,
                to,
            },
            battle(0, 2),
            Event::Conquered {
                seat: Seat(0),
                territory: to,
                from: Seat(1),
            },
            Event::MovedIn {
                from,
                to,
                armies: 3,
            },
            Event::AttackClosed {
                from,
                to,
                reason: AttackEnd::Conquest,
            },
        ];
        let steps: Vec<MailStep<'_, Event>> = events
            .chunks(2)
            .map(|chunk| MailStep {
                by: Some("A bot played for Ann.".into()),
                events: chunk.iter().collect(),
            })
            .collect();
        for (lang, words) in [
            ("en", ["Ann", "your", "1 army", "3 armies"]),
            ("pt", ["Ann", "seu", "1 exército", "3 exércitos"]),
        ] {
            let cx = Ctx::new(
                registry.catalogs().words(lang),
                &names,
                Viewer::Seat(Seat(1)),
            );
            let told = summary(&steps, &cx);
            assert_eq!(told.len(), 2, "{told:?}");
            assert_eq!(told[0], "A bot played for Ann.");
            for word in words {
                assert!(told[1].contains(word), "{word:?} in {told:?}");
            }
        }
    }
}
