//! The legal actions of a seat as forms: one button per action, grouped by kind; the keeps
//! become one select, listing exactly the legal keeps so that no choice in it can be refused.

use super::{card, card_with_code, cards, region};
use crate::engine::condottiere::Action;
use crate::present::{Ctx, Html, MoveForm};
use askama::Template;

struct Button {
    label: String,
    help: String,
    json: String,
    primary: bool,
}

struct Choice {
    label: String,
    json: String,
}

#[derive(Template)]
#[template(path = "condottiere/forms.html")]
struct FormHtml {
    buttons: Vec<Button>,
    choices: Vec<Choice>,
    select_label: String,
    select_button: String,
}

fn json(action: &Action) -> String {
    serde_json::to_string(action).expect("actions serialize")
}

/// One form per kind of legal action, in the order the actions come.
pub(super) fn forms(actions: &[Action], cx: &Ctx) -> Vec<MoveForm> {
    let w = &cx.words;
    let mut groups: Vec<(String, FormHtml)> = Vec::new();
    fn group(groups: &mut Vec<(String, FormHtml)>, legend: String) -> &mut FormHtml {
        let at = match groups.iter().position(|(l, _)| *l == legend) {
            Some(at) => at,
            None => {
                groups.push((
                    legend,
                    FormHtml {
                        buttons: Vec::new(),
                        choices: Vec::new(),
                        select_label: String::new(),
                        select_button: String::new(),
                    },
                ));
                groups.len() - 1
            }
        };
        &mut groups[at].1
    }
    for action in actions {
        let (legend, label, help, primary) = match action {
            Action::PlaceToken { region: r } => (
                w.get("condottiere-form-token"),
                r.name().to_string(),
                w.one("condottiere-form-token-help", "region", region(cx, *r)),
                false,
            ),
            Action::Play { card: c } => (
                w.get("condottiere-form-play"),
                card_with_code(cx, *c),
                w.one("condottiere-form-play-help", "card", card(cx, *c)),
                true,
            ),
            Action::Pass { reveal: false } => (
                w.get("condottiere-form-pass"),
                w.get("condottiere-form-pass-button"),
                w.get("condottiere-form-pass-help"),
                false,
            ),
            Action::Pass { reveal: true } => (
                w.get("condottiere-form-pass"),
                w.get("condottiere-form-pass-reveal-button"),
                w.get("condottiere-form-pass-reveal-help"),
                false,
            ),
            Action::Scarecrow { take } => (
                w.get("condottiere-form-scarecrow"),
                take.map_or_else(
                    || w.get("condottiere-form-scarecrow-nothing"),
                    |c| card_with_code(cx, c),
                ),
                take.map_or_else(
                    || w.get("condottiere-form-scarecrow-nothing-help"),
                    |c| w.one("condottiere-form-scarecrow-help", "card", card(cx, c)),
                ),
                false,
            ),
            Action::Pope { region: r } => (
                w.get("condottiere-form-pope"),
                r.map_or_else(
                    || w.get("condottiere-form-pope-off"),
                    |r| r.name().to_string(),
                ),
                r.map_or_else(
                    || w.get("condottiere-form-pope-off-help"),
                    |r| w.one("condottiere-form-pope-help", "region", region(cx, r)),
                ),
                false,
            ),
            Action::DiscardHand { discard } => (
                w.get("condottiere-form-discard"),
                w.get(if *discard {
                    "condottiere-form-discard-yes"
                } else {
                    "condottiere-form-discard-no"
                }),
                String::new(),
                false,
            ),
            Action::Keep { cards: kept } => {
                let form = group(&mut groups, w.get("condottiere-form-keep"));
                form.select_label = w.get("condottiere-form-keep-label");
                form.select_button = w.get("condottiere-form-keep-button");
                form.choices.push(Choice {
                    label: if kept.is_empty() {
                        w.get("condottiere-form-keep-nothing")
                    } else {
                        w.one("condottiere-form-keep-cards", "cards", cards(cx, kept))
                    },
                    json: json(action),
                });
                continue;
            }
            Action::Draw { count } => (
                w.get("condottiere-form-draw"),
                w.one("condottiere-form-draw-button", "count", *count),
                String::new(),
                false,
            ),
        };
        group(&mut groups, legend).buttons.push(Button {
            label,
            help,
            json: json(action),
            primary,
        });
    }
    groups
        .into_iter()
        .map(|(legend, form)| MoveForm {
            folded: false,
            legend,
            body: Html(form.render().expect("the Condottiere forms render")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::forms;
    use crate::engine::condottiere::{Action, Decision, Game, Options, CURRENT_RULES_VERSION};
    use crate::engine::{Seed, Viewer};
    use crate::kinds::Registry;
    use crate::present::{Ctx, SeatNames};

    /// The keeper's legal actions at the first keep decision of a random 3-player game.
    fn a_keep_decision(seed: u8) -> Option<Vec<Action>> {
        let mut events = Vec::new();
        let mut game = Game::setup(
            CURRENT_RULES_VERSION,
            &Options::default(),
            3,
            Seed([seed; 32]),
            &mut events,
        )
        .unwrap();
        let mut pick = u64::from(seed) + 1;
        while !game.is_over() {
            let seat = game.waiting_on()[0];
            let legal = game.legal_actions(seat);
            if game.decision(seat) == Some(Decision::KeepCards) {
                return Some(legal);
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = &legal[(pick >> 33) as usize % legal.len()];
            game = game.apply(seat, action, &mut events).unwrap();
        }
        None
    }

    #[test]
    fn the_keep_form_offers_exactly_the_legal_keeps_and_nothing_else() {
        let legal = (0..=255)
            .find_map(a_keep_decision)
            .expect("some random game reaches a keep decision");
        let registry = Registry::standard();
        let names = SeatNames::default();
        let cx = Ctx::new(
            registry.catalogs().default_words(),
            &names,
            Viewer::Spectator,
        );
        let made = forms(&legal, &cx);
        assert_eq!(made.len(), 1, "keeps are one form");
        let html = &made[0].body.0;
        assert!(
            !html.contains("<button type=\"submit\" name=\"action\""),
            "keeps are not buttons"
        );
        let options: Vec<(Action, &str)> = html
            .split("<option value=\"")
            .skip(1)
            .map(|rest| {
                let (value, rest) = rest.split_once("\">").unwrap();
                let value = value.replace("&#34;", "\"").replace("&quot;", "\"");
                let label = rest.split("</option>").next().unwrap();
                (serde_json::from_str(&value).unwrap(), label)
            })
            .collect();
        let offered: Vec<Action> = options.iter().map(|(a, _)| a.clone()).collect();
        assert_eq!(offered, legal);
        let labels: Vec<&str> = options.iter().map(|(_, l)| *l).collect();
        assert_eq!(labels[0], "Keep nothing");
        let mut unique = labels.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "every choice reads differently");
    }
}
