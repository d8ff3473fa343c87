//! A second game that lives only in the tests: a duel of sealed throws (rock, paper, scissors)
//! over a few rounds. Both seats throw at once; a throw stays hidden from the other seat until
//! the round resolves (each round is a step: `Audience::Until`), and may be changed until then;
//! then it is public on every surface. The harness registers it next to Condottiere and plays
//! it end to end through HTTP and real mail, with no change to the service.

use crate::support;

use corriere::engine::Seat;
use corriere::kinds::{kind, Registry};
use support::{Backend, Mail, Page, SeatLink, TestApp};

/// The duel: rules and presenter, as any game of the service has them.
#[allow(clippy::module_inception)] // the game the tests define, inside the suite of the same name
mod duel {
    use corriere::engine::{
        Audience, Coded, Events, GameOutcome, OptionField, OptionKind, Rules, Seat, Seed, Standing,
        Viewer,
    };
    use corriere::present::{escape, Ctx, Html, MailPart, Milestone, MoveForm, Presenter};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Hand {
        Rock,
        Paper,
        Scissors,
    }

    impl Hand {
        pub const ALL: [Hand; 3] = [Hand::Rock, Hand::Paper, Hand::Scissors];
        fn beats(self, other: Hand) -> bool {
            matches!(
                (self, other),
                (Hand::Rock, Hand::Scissors)
                    | (Hand::Paper, Hand::Rock)
                    | (Hand::Scissors, Hand::Paper)
            )
        }
        fn id(self) -> &'static str {
            match self {
                Hand::Rock => "duel-rock",
                Hand::Paper => "duel-paper",
                Hand::Scissors => "duel-scissors",
            }
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        pub rounds: u32,
    }

    impl Default for Options {
        fn default() -> Options {
            Options { rounds: 3 }
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
    pub enum Action {
        Throw { hand: Hand },
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Event {
        /// Public: a seat has thrown (or changed its throw).
        Answered { seat: Seat },
        /// The seat's until the round resolves, then everyone's: what it threw.
        Threw { seat: Seat, hand: Hand },
        /// Public: both throws of a round, once both are in.
        Round {
            round: u32,
            hands: Vec<Hand>,
            winner: Option<Seat>,
        },
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum Decision {
        Throw { round: u32 },
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Outcome {
        pub winners: Vec<Seat>,
        pub score: Vec<u32>,
    }

    impl GameOutcome for Outcome {
        fn winners(&self) -> Vec<Seat> {
            self.winners.clone()
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    pub enum RuleError {
        #[error("the duel is over")]
        Over,
        #[error("there is no seat {0} in a duel")]
        NoSuchSeat(u8),
    }

    impl Coded for RuleError {
        fn code(&self) -> &'static str {
            match self {
                RuleError::Over => "game_over",
                RuleError::NoSuchSeat(_) => "no_such_seat",
            }
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    #[error("a duel has 1 to {max} rounds")]
    pub struct RoundsProblem {
        pub max: u32,
    }

    impl Coded for RoundsProblem {
        fn code(&self) -> &'static str {
            "rounds"
        }
    }

    pub const MAX_ROUNDS: u32 = 9;

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Duel {
        pub options: Options,
        /// The round being played, from 1.
        pub round: u32,
        pub score: Vec<u32>,
        pub thrown: Vec<Option<Hand>>,
        pub outcome: Option<Outcome>,
    }

    /// What one viewer may see: its own throw this round, whether the other has thrown.
    #[derive(Clone, Debug, Serialize)]
    pub struct View {
        pub round: u32,
        pub rounds: u32,
        pub score: Vec<u32>,
        pub answered: Vec<bool>,
        pub choices: Vec<Option<Hand>>,
        pub outcome: Option<Outcome>,
    }

    impl Rules for Duel {
        type Options = Options;
        type Action = Action;
        type Event = Event;
        type View = View;
        type Decision = Decision;
        type Outcome = Outcome;
        type Position = Duel;
        type RuleError = RuleError;
        type OptionProblem = RoundsProblem;

        const NAME: &'static str = "duel";
        const RULES_VERSIONS: &'static [u32] = &[1];
        const CURRENT_RULES_VERSION: u32 = 1;
        const PLAYERS: (u8, u8) = (2, 2);

        fn option_fields() -> Vec<OptionField> {
            vec![OptionField {
                name: "rounds",
                kind: OptionKind::Number {
                    min: 1,
                    max: MAX_ROUNDS,
                    default: 3,
                },
            }]
        }
        fn option_problems(options: &Options, _players: u8) -> Vec<RoundsProblem> {
            if (1..=MAX_ROUNDS).contains(&options.rounds) {
                Vec::new()
            } else {
                vec![RoundsProblem { max: MAX_ROUNDS }]
            }
        }
        fn setup(
            _rules_version: u32,
            options: &Options,
            players: u8,
            _seed: Seed,
            _events: &mut Events<Event>,
        ) -> Result<Duel, Vec<String>> {
            if players != 2 {
                return Err(vec![format!("a duel has 2 players, not {players}")]);
            }
            Ok(Duel {
                options: options.clone(),
                round: 1,
                score: vec![0, 0],
                thrown: vec![None, None],
                outcome: None,
            })
        }
        fn players(&self) -> u8 {
            2
        }
        fn options(&self) -> &Options {
            &self.options
        }
        fn legal_actions(&self, seat: Seat) -> Vec<Action> {
            if self.outcome.is_some() || seat.index() > 1 {
                return Vec::new();
            }
            // A seat that has thrown may still change its throw until the round resolves.
            Hand::ALL
                .iter()
                .map(|&hand| Action::Throw { hand })
                .collect()
        }
        fn check(&self, seat: Seat, _: &Action) -> Result<(), RuleError> {
            if seat.index() > 1 {
                return Err(RuleError::NoSuchSeat(seat.number()));
            }
            if self.outcome.is_some() {
                return Err(RuleError::Over);
            }
            Ok(())
        }
        fn apply(
            mut self,
            seat: Seat,
            action: &Action,
            events: &mut Events<Event>,
        ) -> Result<Duel, (Duel, RuleError)> {
            if let Err(error) = self.check(seat, action) {
                return Err((self, error));
            }
            let Action::Throw { hand } = *action;
            self.thrown[seat.index()] = Some(hand);
            events.push((Audience::Everyone, Event::Answered { seat }));
            events.push((Audience::Until(seat), Event::Threw { seat, hand }));
            if let [Some(a), Some(b)] = self.thrown[..] {
                let winner = if a.beats(b) {
                    Some(Seat(0))
                } else if b.beats(a) {
                    Some(Seat(1))
                } else {
                    None
                };
                if let Some(w) = winner {
                    self.score[w.index()] += 1;
                }
                events.push((
                    Audience::Everyone,
                    Event::Round {
                        round: self.round,
                        hands: vec![a, b],
                        winner,
                    },
                ));
                self.thrown = vec![None, None];
                if self.round == self.options.rounds {
                    let best = *self.score.iter().max().unwrap();
                    self.outcome = Some(Outcome {
                        winners: Seat::all(2)
                            .filter(|s| self.score[s.index()] == best)
                            .collect(),
                        score: self.score.clone(),
                    });
                } else {
                    self.round += 1;
                }
            }
            Ok(self)
        }
        fn view(&self, viewer: Viewer) -> View {
            View {
                round: self.round,
                rounds: self.options.rounds,
                score: self.score.clone(),
                answered: self.thrown.iter().map(Option::is_some).collect(),
                choices: Seat::all(2)
                    .map(|s| {
                        let sees = viewer == Viewer::Seat(s) || viewer == Viewer::Reviewer;
                        self.thrown[s.index()].filter(|_| sees)
                    })
                    .collect(),
                outcome: self.outcome.clone(),
            }
        }
        fn pending(&self) -> Vec<(Seat, Decision)> {
            if self.outcome.is_some() {
                return Vec::new();
            }
            Seat::all(2)
                .filter(|s| self.thrown[s.index()].is_none())
                .map(|s| (s, Decision::Throw { round: self.round }))
                .collect()
        }
        fn default_action(&self, seat: Seat) -> Option<Action> {
            self.decision(seat)
                .map(|_| Action::Throw { hand: Hand::Rock })
        }
        fn outcome(&self) -> Option<&Outcome> {
            self.outcome.as_ref()
        }
        fn standings(&self) -> Vec<Standing> {
            let Some(outcome) = &self.outcome else {
                return Vec::new();
            };
            Seat::all(2)
                .map(|seat| Standing {
                    seat,
                    place: if outcome.winners.contains(&seat) {
                        1
                    } else {
                        2
                    },
                })
                .collect()
        }
        /// A throw is the seat's until its round resolves, then everyone's.
        fn entry_audience(_options: &Options, seat: Seat, _action: &Action) -> Audience {
            Audience::Until(seat)
        }
        /// Each round is one step for both seats.
        fn step(&self, _seat: Seat) -> Option<u64> {
            Some(u64::from(self.round))
        }
        fn counts(event: &Event) -> &'static [&'static str] {
            match event {
                Event::Round { .. } => &["rounds"],
                _ => &[],
            }
        }
        fn to_position(&self) -> Duel {
            self.clone()
        }
        fn from_position(position: Duel) -> Result<Duel, Vec<String>> {
            let mut problems = Vec::new();
            if position.thrown.len() != 2 || position.score.len() != 2 {
                problems.push("a duel has two seats".to_string());
            }
            if !(1..=position.options.rounds).contains(&position.round) {
                problems.push(format!("there is no round {}", position.round));
            }
            if problems.is_empty() {
                Ok(position)
            } else {
                Err(problems)
            }
        }
        fn audit(&self) -> Vec<String> {
            Duel::from_position(self.clone()).err().unwrap_or_default()
        }
    }

    /// The duel's words: a catalog of its own, as a game from outside the crate brings it.
    const WORDS: &str = r#"
duel-title = Duel
duel-tagline = Rock, paper, scissors: both throw at once, a few rounds.
duel-setup = the duellists face each other
duel-option-rounds = Rounds
duel-rock = Rock
duel-paper = Paper
duel-scissors = Scissors
duel-decision = choose your throw for round { $round }
duel-options = { $rounds } rounds
duel-problem-rounds = A duel has 1 to { $max } rounds.
duel-ev-answered = { $seat } has thrown.
duel-ev-threw = { $seat } threw { $hand }.
duel-ev-round = Round { $round }: { $first } against { $second }; { $winner }.
duel-ev-round-winner = { $seat } wins the round
duel-ev-round-tie = a tie
duel-action = throw { $hand }
duel-error-over = the duel is over
duel-error-seat = there is no such seat in a duel
duel-outcome = { $winners } won the duel ({ $score }).
duel-standing = { $name }: { $won } rounds won
duel-situation = Round { $round } of { $rounds }; score { $score }
duel-yours = Your throw this round: { $hand }
duel-thinking = thinking
duel-ready = has thrown
duel-form = Throw
duel-column = Rounds won
duel-mail = Round { $round } of { $rounds }; the score is { $score }.
duel-milestone = round { $round } resolved
"#;

    /// The duel's presenter.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Present;

    fn hand(cx: &Ctx, hand: Hand) -> String {
        cx.words.get(hand.id())
    }

    fn score(view_score: &[u32]) -> String {
        format!("{}–{}", view_score[0], view_score[1])
    }

    impl Presenter for Present {
        type Game = Duel;

        fn catalogs(&self) -> Vec<(&'static str, &'static str)> {
            vec![("en", WORDS)]
        }
        fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
            vec![cx.words.one("duel-options", "rounds", options.rounds)]
        }
        fn option_problem(&self, problem: &RoundsProblem, cx: &Ctx) -> String {
            cx.words.one("duel-problem-rounds", "max", problem.max)
        }
        fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
            let Decision::Throw { round } = decision;
            cx.words.one("duel-decision", "round", *round)
        }
        fn event(&self, event: &Event, cx: &Ctx) -> String {
            match event {
                Event::Answered { seat } => {
                    cx.words.one("duel-ev-answered", "seat", cx.name(*seat))
                }
                Event::Threw { seat, hand: h } => cx.words.two(
                    "duel-ev-threw",
                    ("seat", cx.name(*seat)),
                    ("hand", hand(cx, *h)),
                ),
                Event::Round {
                    round,
                    hands,
                    winner,
                } => cx.words.with(
                    "duel-ev-round",
                    &[
                        ("round", (*round).into()),
                        ("first", hand(cx, hands[0]).into()),
                        ("second", hand(cx, hands[1]).into()),
                        (
                            "winner",
                            match winner {
                                Some(w) => {
                                    cx.words.one("duel-ev-round-winner", "seat", cx.name(*w))
                                }
                                None => cx.words.get("duel-ev-round-tie"),
                            }
                            .into(),
                        ),
                    ],
                ),
            }
        }
        fn action(&self, action: &Action, cx: &Ctx) -> String {
            let Action::Throw { hand: h } = action;
            cx.words.one("duel-action", "hand", hand(cx, *h))
        }
        fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
            cx.words.get(match error {
                RuleError::Over => "duel-error-over",
                RuleError::NoSuchSeat(_) => "duel-error-seat",
            })
        }
        fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
            cx.words.two(
                "duel-outcome",
                ("winners", cx.list(&outcome.winners)),
                ("score", score(&outcome.score)),
            )
        }
        fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
            cx.words.two(
                "duel-standing",
                ("name", cx.name(standing.seat)),
                ("won", view.score[standing.seat.index()]),
            )
        }
        fn situation(&self, view: &View, cx: &Ctx) -> String {
            cx.words.three(
                "duel-situation",
                ("round", view.round),
                ("rounds", view.rounds),
                ("score", score(&view.score)),
            )
        }
        fn milestones(
            &self,
            _before: Option<&Duel>,
            _after: &Duel,
            events: &Events<Event>,
            cx: &Ctx,
        ) -> Vec<Milestone> {
            events
                .iter()
                .filter_map(|(_, event)| match event {
                    Event::Round { round, .. } => Some(Milestone {
                        mark: "round",
                        label: cx.words.one("duel-milestone", "round", *round),
                    }),
                    _ => None,
                })
                .collect()
        }
        fn board(&self, view: &View, cx: &Ctx) -> Html {
            let rows: String = Seat::all(2)
                .map(|s| {
                    let state = if view.answered[s.index()] {
                        cx.words.get("duel-ready")
                    } else {
                        cx.words.get("duel-thinking")
                    };
                    format!(
                        "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                        escape(&cx.name(s)),
                        view.score[s.index()],
                        escape(&state)
                    )
                })
                .collect();
            Html(format!("<table id=\"duel-board\">{rows}</table>"))
        }
        fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
            match view.choices[seat.index()] {
                Some(h) => Html(format!(
                    "<p id=\"duel-mine\">{}</p>",
                    escape(&cx.words.one("duel-yours", "hand", hand(cx, h)))
                )),
                None => Html::default(),
            }
        }
        fn review_part(&self, _view: &View, _cx: &Ctx) -> Html {
            Html::default()
        }
        fn forms(&self, _view: &View, _seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
            if legal.is_empty() {
                return Vec::new();
            }
            let buttons: String = legal
                .iter()
                .map(|action| {
                    let Action::Throw { hand: h } = action;
                    format!(
                        "<button type=\"submit\" name=\"action\" value=\"{}\">{}</button>",
                        escape(&serde_json::to_string(action).unwrap()),
                        escape(&hand(cx, *h))
                    )
                })
                .collect();
            vec![MoveForm {
                folded: false,
                legend: cx.words.get("duel-form"),
                body: Html(buttons),
            }]
        }
        fn mail_part(&self, view: &View, _seat: Seat, cx: &Ctx) -> MailPart {
            let text = cx.words.three(
                "duel-mail",
                ("round", view.round),
                ("rounds", view.rounds),
                ("score", score(&view.score)),
            );
            MailPart {
                html: Html(format!("<p>{}</p>", escape(&text))),
                text,
            }
        }
        fn player_columns(&self, cx: &Ctx) -> Vec<String> {
            vec![cx.words.get("duel-column")]
        }
        fn player_cells(&self, view: &View, seat: Seat, _cx: &Ctx) -> Vec<String> {
            vec![view.score[seat.index()].to_string()]
        }
    }
}

use duel::{Action, Hand};

fn registry() -> Registry {
    Registry::standard()
        .with(kind(duel::Present))
        .expect("the duel registers")
}

const DUELLISTS: [(&str, &str); 2] = [("Ada", "ada@duel.test"), ("Boris", "boris@duel.test")];

fn throw(hand: Hand) -> String {
    serde_json::to_string(&Action::Throw { hand }).unwrap()
}

/// The game's seq as its page shows it.
async fn seq_on_page(app: &TestApp, link: &SeatLink) -> i64 {
    app.seat_page(link).await.seq().expect("a receipt line")
}

/// The latest "your turn" mail to a duellist.
fn latest_turn(app: &TestApp, seat: usize) -> Mail {
    app.smtp
        .latest_to(DUELLISTS[seat].1, |m| m.is_your_turn())
        .expect("a your-turn mail")
}

/// What would read as this seat's hidden throw if it leaked to the other seat or a spectator.
fn leak(seat: usize, hand: &str) -> String {
    format!("{} threw {hand}.", DUELLISTS[seat].0)
}

fn assert_hidden(what: &str, body: &str, seat: usize, hand: &str) {
    assert!(
        !body.contains(&leak(seat, hand)),
        "{what} shows {}'s throw before the round resolved",
        DUELLISTS[seat].0
    );
}

on_each_backend!(a_game_that_lives_in_the_tests_is_played_end_to_end_through_the_service);

async fn a_game_that_lives_in_the_tests_is_played_end_to_end_through_the_service(backend: Backend) {
    let games = registry();
    let app = TestApp::spawn_with(&backend, games.clone()).await;

    // The home page offers the duel with its option.
    let home = app.get("/?game=duel").await;
    assert_eq!(home.status, 200);
    assert!(home.text().contains("New game of Duel"), "{}", home.body);
    assert!(home.body.contains("name=\"rounds\""));

    // Created from the form; a bad number of rounds is refused with the game's own message.
    let mut fields = vec![
        ("game", "duel"),
        ("name1", DUELLISTS[0].0),
        ("email1", DUELLISTS[0].1),
        ("name2", DUELLISTS[1].0),
        ("email2", DUELLISTS[1].1),
        ("creator", "1"),
        ("rounds", "12"),
    ];
    let refused = app.create_form(&fields).await;
    assert_eq!(refused.status, 400);
    assert!(refused.text().contains("A duel has 1 to 9 rounds."));
    fields.pop();
    fields.push(("rounds", "3"));
    let created = app.create_form(&fields).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let game = SeatLink::parse(&app.url(&created.location.unwrap()))
        .unwrap()
        .game;
    app.confirm(&game).await;

    // Both accept (Ada from her confirmation, Boris from his invitation); the game starts and
    // both are asked at once.
    app.deliver_mail().await;
    let mut links = Vec::new();
    for (name, email) in DUELLISTS {
        let invitation = app
            .smtp
            .latest_to(email, |m| m.is_invitation() || m.is_confirmation())
            .unwrap_or_else(|| panic!("{name} is invited"));
        if invitation.is_invitation() {
            assert!(invitation.text.contains("3 rounds"), "{}", invitation.text);
        }
        let link = invitation.seat_link();
        let page = app.accept(&link, "", "").await;
        assert_eq!(page.status, 303, "{}", page.body);
        links.push(link);
    }
    app.deliver_mail().await;
    for seat in 0..2 {
        let mail = latest_turn(&app, seat);
        assert!(
            mail.text.contains("choose your throw for round 1"),
            "{}",
            mail.text
        );
        assert!(mail.text.contains("Round 1 of 3; the score is 0–0."));
    }
    let game = links[0].game.clone();

    // Round 1: Ada first, then Boris from the page he drew before Ada threw.
    let boris_seq = seq_on_page(&app, &links[1]).await;
    let first = app
        .post_move(&links[0], &[("seq", "0"), ("action", &throw(Hand::Paper))])
        .await;
    assert_eq!(first.status, 303, "{}", first.body);
    let ada = app.seat_page(&links[0]).await;
    assert!(ada.text().contains("Your throw this round: Paper"));
    assert!(ada.text().contains("You threw Paper.") || ada.text().contains("Ada threw Paper."));
    let boris_page = app.seat_page(&links[1]).await;
    let boris_api = app.api_seat(&links[1]).await;
    let public = app.public_page(&game).await;
    let public_api = app.api_game(&game).await;
    for (what, body) in [
        ("Boris's page", boris_page.text()),
        ("Boris's API answer", boris_api.body.clone()),
        ("the public page", public.text()),
        ("the public API", public_api.body.clone()),
    ] {
        assert_hidden(what, &body, 0, "Paper");
    }
    assert_eq!(
        boris_api.json()["view"]["choices"][0],
        serde_json::Value::Null
    );
    assert_eq!(boris_api.json()["view"]["answered"][0], true);
    assert!(boris_page.text().contains("Ada has thrown."));
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert!(
        !record.body.contains("paper"),
        "a running record blanks the throws: {}",
        record.body
    );
    let replay = app.get(&format!("/games/{game}/replay/1")).await;
    assert!(
        replay.text().contains("Move 1 · Ada: a hidden choice"),
        "{}",
        replay.text()
    );
    assert_hidden("the replay viewer", &replay.text(), 0, "Paper");
    // The second duellist's form is not stale: only another seat answered meanwhile.
    let second = app
        .post_move(
            &links[1],
            &[
                ("seq", &boris_seq.to_string()),
                ("action", &throw(Hand::Rock)),
            ],
        )
        .await;
    assert_eq!(second.status, 303, "{}", second.body);
    let after = app.seat_page(&links[1]).await;
    assert!(
        after
            .text()
            .contains("Round 1: Paper against Rock; Ada wins the round."),
        "{}",
        after.text()
    );
    // The round resolved: its throws are everyone's now, on every surface, though the game
    // runs on (the history pages drawn before say more now).
    let public = app.public_page(&game).await;
    for (what, text) in [
        ("Boris's page", after.text()),
        ("the public page", public.text()),
    ] {
        for seat in 0..2 {
            let hand = ["Paper", "Rock"][seat];
            assert!(text.contains(&leak(seat, hand)), "{what}: {text}");
        }
    }
    let record = app.get(&format!("/games/{game}/record.json")).await;
    let running = corriere::audit::Record::from_json(&record.body).unwrap();
    let shown: Vec<Option<String>> = running
        .actions
        .iter()
        .map(|a| a.action.as_ref().map(|j| j.to_value()["hand"].to_string()))
        .collect();
    assert_eq!(
        shown,
        [Some("\"paper\"".to_owned()), Some("\"rock\"".to_owned())],
        "a running record shows a resolved round's throws"
    );
    let replay = app.get(&format!("/games/{game}/replay/1")).await;
    assert!(
        replay.text().contains("Move 1 · Ada: throw Paper")
            && replay.text().contains(&leak(0, "Paper")),
        "{}",
        replay.text()
    );
    app.deliver_mail().await;
    let told = latest_turn(&app, 0);
    assert!(
        told.text.contains("choose your throw for round 2") && told.text.contains(&leak(1, "Rock")),
        "Ada's mail tells Boris's throw once the round resolved: {}",
        told.text
    );

    // Round 2, the other order: Boris first, then he changes his mind, then Ada.
    let ada_seq = seq_on_page(&app, &links[0]).await;
    let seq = seq_on_page(&app, &links[1]).await;
    let page = app
        .post_move(
            &links[1],
            &[
                ("seq", &seq.to_string()),
                ("action", &throw(Hand::Scissors)),
            ],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let seq = seq_on_page(&app, &links[1]).await;
    let changed = app
        .post_move(
            &links[1],
            &[("seq", &seq.to_string()), ("action", &throw(Hand::Paper))],
        )
        .await;
    assert_eq!(
        changed.status, 303,
        "a throw may be changed: {}",
        changed.body
    );
    // His first form again: stale now, for him (he has thrown since it was drawn).
    let stale = app
        .post_move(
            &links[1],
            &[
                ("seq", &(seq - 1).to_string()),
                ("action", &throw(Hand::Rock)),
            ],
        )
        .await;
    assert_eq!(stale.status, 409, "{}", stale.body);
    for (what, body) in [
        ("Ada's page", app.seat_page(&links[0]).await.text()),
        ("Ada's API answer", app.api_seat(&links[0]).await.body),
        ("the public page", app.public_page(&game).await.text()),
        (
            "the replay viewer",
            app.get(&format!("/games/{game}/replay/{seq}")).await.text(),
        ),
    ] {
        assert_hidden(what, &body, 1, "Scissors");
        assert_hidden(what, &body, 1, "Paper");
    }
    let record = app.get(&format!("/games/{game}/record.json")).await;
    let running = corriere::audit::Record::from_json(&record.body).unwrap();
    let shown: Vec<bool> = running.actions.iter().map(|a| a.action.is_some()).collect();
    assert_eq!(
        shown,
        [true, true, false, false],
        "round 1 is public, Boris's open throws are not"
    );
    let page = app
        .post_move(
            &links[0],
            &[
                ("seq", &ada_seq.to_string()),
                ("action", &throw(Hand::Scissors)),
            ],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let public = app.public_page(&game).await;
    assert!(
        public
            .text()
            .contains("Round 2: Scissors against Paper; Ada wins the round."),
        "the changed throw counts: {}",
        public.text()
    );

    // Round 3 through the API, then the game is over and everyone is told. The API answers
    // follow the same rule: Ada's throw is hers until Boris's resolves the round.
    for (seat, hand) in [(0, Hand::Rock), (1, Hand::Paper)] {
        if seat == 1 {
            let boris = app.api_seat(&links[1]).await;
            assert_hidden("Boris's API answer", &boris.body, 0, "Rock");
            assert_eq!(boris.json()["view"]["choices"][0], serde_json::Value::Null);
        }
        let seq = app.api_seat(&links[seat]).await.json()["seq"]
            .as_i64()
            .unwrap();
        let answer = app
            .api_move(
                &links[seat],
                seq,
                &serde_json::to_value(Action::Throw { hand }).unwrap(),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let happened = answer.json()["happened"].to_string();
        if seat == 1 {
            assert!(
                happened.contains("Round 3: Rock against Paper"),
                "{happened}"
            );
        }
    }
    let over = app.public_page(&game).await;
    assert!(
        over.text()
            .contains("The game is over. Ada won the duel (2–1)."),
        "{}",
        over.text()
    );
    app.deliver_mail().await;
    for (_, email) in DUELLISTS {
        let mail = app
            .smtp
            .latest_to(email, |m| m.is_game_over())
            .expect("a game-over mail");
        assert!(
            mail.text.contains("Ada won the duel (2–1)."),
            "{}",
            mail.text
        );
    }

    // The record verifies wherever the duel is known, and names the game where it is not.
    let record: Page = app.get(&format!("/games/{game}/record.json")).await;
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    assert_eq!(parsed.game, "duel");
    assert!(
        record.body.contains("\"paper\""),
        "the finished record shows every throw"
    );
    let summary = corriere::audit::verify_with(&parsed, &games).expect("the record verifies");
    assert_eq!(summary.winners, vec![Seat(0)]);
    assert_eq!(summary.count("rounds"), 3);
    assert!(matches!(
        corriere::audit::verify(&parsed),
        Err(corriere::audit::Discrepancy::UnknownGame { .. })
    ));
    let checked = app
        .post_form("/verify", &[("record_text", record.body.as_str())])
        .await;
    assert_eq!(checked.status, 200, "{}", checked.body);
    assert!(checked.text().contains("The record checks out."));
    assert!(checked.text().contains("Duel game"));
    app.stop().await;
}
