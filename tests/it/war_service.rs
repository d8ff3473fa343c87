//! War with the SMART mod through the whole service, as newcomers would play it: a 4-player
//! game made on the home page, accepted from the invitation mails, played from the "your turn"
//! mails through the seat pages' forms (and one turn as an API script), to the game-over mails,
//! the record that verifies, and the replay viewer that tells every die in words. A second
//! test looks for another seat's cards, objective or orders in every page, API answer and mail.
//! A third seats three bots against a player and sees them play whole turns and win. A fourth
//! plays by replying to the mails, in English and Portuguese.

use crate::support;

use corriere::domain::GameId;
use corriere::engine::war::Game;
use corriere::engine::Seat;
use std::collections::{BTreeSet, HashSet};
use support::{decode_entities, email_of, Backend, Chooser, Page, SeatLink, TestApp, PLAYERS};

const SEATS: usize = 4;

// ---------------------------------------------------------------- reading War's forms

/// A form of a seat page as a browser would send it when left as drawn, with what could be
/// chosen instead.
#[derive(Clone, Debug, Default)]
struct WarForm {
    legend: String,
    /// The hidden `war` field: which of War's forms (absent for forms of buttons).
    kind: Option<String>,
    /// Fields sent as drawn: hidden, numbers, text, the selected option, checked boxes.
    fields: Vec<(String, String)>,
    /// Each select's and each group of checkboxes' values, by name.
    selects: Vec<(String, Vec<String>)>,
    /// Each select's option labels, by name.
    labels: Vec<(String, Vec<String>)>,
    checks: Vec<(String, Vec<String>)>,
    /// Buttons that send an action's JSON: (label, JSON).
    buttons: Vec<(String, String)>,
}

impl WarForm {
    fn options(&self, name: &str) -> Vec<String> {
        self.selects
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
    fn option_labels(&self, name: &str) -> Vec<String> {
        self.labels
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
    fn boxes(&self, name: &str) -> Vec<String> {
        self.checks
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
    fn set(&mut self, name: &str, value: &str) {
        self.fields.retain(|(n, _)| n != name);
        self.fields.push((name.into(), value.into()));
    }
    fn tick(&mut self, name: &str, value: &str) {
        self.fields.push((name.into(), value.into()));
    }
    fn untick_all(&mut self, name: &str) {
        self.fields.retain(|(n, _)| n != name);
    }
    fn button(&self, json_contains: &str) -> Option<String> {
        self.buttons
            .iter()
            .find(|(_, j)| j.contains(json_contains))
            .map(|(_, j)| j.clone())
    }
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')? + at;
    Some(decode_entities(&tag[at..end]))
}

/// The move forms of a seat page.
fn war_forms(html: &str) -> Vec<WarForm> {
    let mut out = Vec::new();
    for chunk in html.split("<form ").skip(1) {
        let head = &chunk[..chunk.find('>').unwrap_or(0)];
        if !attr(&format!(" {head}"), "action").is_some_and(|a| a.ends_with("/move")) {
            continue;
        }
        let body = &chunk[..chunk.find("</form>").unwrap_or(chunk.len())];
        let mut form = WarForm::default();
        if let Some(l) = body.split("<legend>").nth(1) {
            form.legend = decode_entities(&l[..l.find("</legend>").unwrap_or(0)]);
        }
        let mut rest = body;
        while let Some(at) = rest.find('<') {
            rest = &rest[at..];
            let end = rest.find('>').unwrap_or(rest.len() - 1);
            let tag = &rest[..=end];
            if tag.starts_with("<input") {
                let kind = attr(tag, "type").unwrap_or_default();
                let name = attr(tag, "name").unwrap_or_default();
                let value = attr(tag, "value").unwrap_or_default();
                if kind == "checkbox" || kind == "radio" {
                    match form.checks.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, values)) => values.push(value.clone()),
                        None => form.checks.push((name.clone(), vec![value.clone()])),
                    }
                    if tag.contains(" checked") {
                        form.fields.push((name, value));
                    }
                } else {
                    if name == "war" {
                        form.kind = Some(value.clone());
                    }
                    form.fields.push((name, value));
                }
            } else if tag.starts_with("<select") {
                let name = attr(tag, "name").unwrap_or_default();
                let inner = &rest[..rest.find("</select>").unwrap_or(rest.len())];
                let mut values = Vec::new();
                let mut labels = Vec::new();
                let mut chosen = None;
                for option in inner.split("<option").skip(1) {
                    let close = option.find('>').unwrap_or(0);
                    let otag = &option[..close];
                    let value = attr(otag, "value").unwrap_or_default();
                    if otag.contains(" selected") {
                        chosen = Some(value.clone());
                    }
                    let label = &option[close + 1..];
                    labels.push(decode_entities(
                        &label[..label.find("</option>").unwrap_or(0)],
                    ));
                    values.push(value);
                }
                if let Some(v) = chosen.or_else(|| values.first().cloned()) {
                    form.fields.push((name.clone(), v));
                }
                form.labels.push((name.clone(), labels));
                form.selects.push((name, values));
            } else if tag.starts_with("<button") && attr(tag, "name").as_deref() == Some("action") {
                let label = &rest[end + 1..];
                let label = decode_entities(&label[..label.find("</button>").unwrap_or(0)]);
                form.buttons
                    .push((label, attr(tag, "value").unwrap_or_default()));
            }
            rest = &rest[end + 1..];
        }
        out.push(form);
    }
    out
}

// ---------------------------------------------------------------- a player at the page

/// What the players did through the pages, by kind of form.
#[derive(Default)]
struct Exercised {
    forms: BTreeSet<String>,
    refused: usize,
}

/// The War decisions and powers a newcomer meets, each of which must have been sent from a
/// page's form at least once (D1–D5, D7; D6 and the powers when the game offered them).
const MUST: [&str; 12] = [
    "place",
    "trade",
    "attack",
    "end_combat",
    "reaction",
    "occupy",
    "move",
    "end_turn",
    "orders",
    "continue",
    "air",
    "passage",
];

struct Player {
    chooser: Chooser,
    /// Per seat: attacks declared and moves made in its current turn.
    attacks: [u32; SEATS],
    moves: [u32; SEATS],
    orders_set: [bool; SEATS],
    traded: [u32; SEATS],
}

impl Player {
    fn new(seed: u64) -> Player {
        Player {
            chooser: Chooser::new(seed),
            attacks: [0; SEATS],
            moves: [0; SEATS],
            orders_set: [false; SEATS],
            traded: [0; SEATS],
        }
    }

    fn roll(&mut self, n: usize) -> usize {
        self.chooser.pick(n)
    }

    /// The fields to post for this seat's page, and the kind of form used.
    fn choose(
        &mut self,
        seat: usize,
        forms: &[WarForm],
        exercised: &Exercised,
    ) -> Option<(String, Vec<(String, String)>)> {
        let find = |kind: &str| {
            forms
                .iter()
                .find(|f| f.kind.as_deref() == Some(kind))
                .cloned()
        };
        let button = |json: &str| forms.iter().find_map(|f| f.button(json));
        let seq = forms
            .first()?
            .fields
            .iter()
            .find(|(n, _)| n == "seq")?
            .1
            .clone();
        let with_seq = |mut fields: Vec<(String, String)>| {
            if !fields.iter().any(|(n, _)| n == "seq") {
                fields.insert(0, ("seq".into(), seq.clone()));
            }
            fields
        };
        let json = |action: String| with_seq(vec![("action".into(), action)]);
        // Standing orders once per seat: Terrain when it saves armies, rerolls on big losses.
        if !self.orders_set[seat] {
            if let Some(mut form) = find("orders") {
                self.orders_set[seat] = true;
                form.set("d-terrain", "when_needed");
                form.set("d-when", "loss_2");
                form.tick("d-class", "owned");
                return Some(("orders".into(), with_seq(form.fields)));
            }
        }
        // D1: Intelligence when a continent is whole, one trade of one card now and then,
        // then the placement as drawn (the default placement).
        if let Some(place) = find("place") {
            self.attacks[seat] = 0;
            self.moves[seat] = 0;
            if let Some(mut form) = find("intelligence") {
                if let Some(first) = form.boxes("continent").first().cloned() {
                    form.tick("continent", &first);
                    return Some(("intelligence".into(), with_seq(form.fields)));
                }
            }
            if let Some(mut form) = find("trade") {
                let cards = form.boxes("card");
                if !cards.is_empty() && self.traded[seat] < 1 {
                    self.traded[seat] += 1;
                    form.tick("card", &cards[0]);
                    return Some(("trade".into(), with_seq(form.fields)));
                }
            }
            return Some(("place".into(), with_seq(place.fields)));
        }
        // D3: a reroll now and then, Terrain when offered, else no reaction.
        if let Some(no) = button("\"no_reaction\"") {
            if let Some(reroll) = forms.iter().find(|f| !f.options("action").is_empty()) {
                if self.roll(2) == 0 || !exercised.forms.contains("reroll") {
                    let choice = reroll.options("action")[0].clone();
                    return Some(("reroll".into(), json(choice)));
                }
            }
            if let Some(reveal) = button("\"reveal_terrain\"") {
                return Some(("reveal_terrain".into(), json(reveal)));
            }
            return Some(("reaction".into(), json(no)));
        }
        // D4: move in as drawn (all that may).
        if let Some(form) = find("occupy") {
            return Some(("occupy".into(), with_seq(form.fields)));
        }
        // D2: a few attacks a turn with varied plans, air attacks, continuations, then end.
        if let Some(end) = button("\"end_combat\"") {
            if let Some(form) = find("continue") {
                if self.roll(3) > 0 || !exercised.forms.contains("continue") {
                    return Some(("continue".into(), with_seq(form.fields)));
                }
            }
            if self.attacks[seat] < 8 {
                if let Some(mut form) = find("air") {
                    if self.roll(4) == 0 || !exercised.forms.contains("air") {
                        self.attacks[seat] += 1;
                        return Some(("air".into(), with_seq(std::mem::take(&mut form.fields))));
                    }
                }
                if let Some(mut form) = find("attack") {
                    self.attacks[seat] += 1;
                    // The route with the most armies against the fewest, as the labels say:
                    // "Brazil (5) → Algeria (2, Bob)".
                    let routes = form.options("route");
                    let labels = form.option_labels("route");
                    let odds = |label: &str| -> i64 {
                        let numbers: Vec<i64> = label
                            .split(|c: char| !c.is_ascii_digit())
                            .filter_map(|n| n.parse().ok())
                            .collect();
                        numbers.first().copied().unwrap_or(0) - numbers.get(1).copied().unwrap_or(0)
                    };
                    let best = (0..routes.len()).max_by_key(|&i| odds(&labels[i])).unwrap();
                    let route = if self.roll(4) == 0 {
                        routes[self.roll(routes.len())].clone()
                    } else {
                        routes[best].clone()
                    };
                    if odds(&labels[best]) < 1 && self.attacks[seat] > 2 {
                        let end = button("\"end_combat\"").unwrap();
                        return Some(("end_combat".into(), json(end)));
                    }
                    form.set("route", &route);
                    let variant = if !exercised.forms.contains("reaction") {
                        0
                    } else if !exercised.forms.contains("occupy") {
                        1
                    } else if !exercised.forms.contains("continue") {
                        2
                    } else {
                        self.roll(6)
                    };
                    match variant {
                        0 => form.set("react", "ask"),
                        1 => form.set("occupy", "ask"),
                        2 => form.set("max_battles", "1"),
                        3 => {
                            form.set("occupy", "leave");
                            form.set("occupy_n", "2");
                            form.set("terrain", "when_needed");
                            form.set("when", "loss_1");
                        }
                        _ => {}
                    }
                    return Some(("attack".into(), with_seq(form.fields)));
                }
            }
            return Some(("end_combat".into(), json(end)));
        }
        // D5: a couple of moves, a power now and then, then end the turn.
        if let Some(end) = find("end_turn") {
            if let Some(passage) = forms
                .iter()
                .find(|f| f.kind.is_none() && !f.options("action").is_empty())
            {
                if !exercised.forms.contains("passage") {
                    let choice = passage.options("action")[0].clone();
                    return Some(("passage".into(), json(choice)));
                }
            }
            if let Some(form) = find("alliance") {
                if !exercised.forms.contains("alliance") {
                    return Some(("alliance".into(), with_seq(form.fields)));
                }
            }
            if let Some(mut form) = find("transport") {
                if !exercised.forms.contains("transport") && exercised.refused < 40 {
                    // Carry one army in from the first territory that has one to spare.
                    form.set("direction", "in");
                    let numbers: Vec<String> = form
                        .fields
                        .iter()
                        .filter(|(n, _)| n.starts_with("armies-"))
                        .map(|(n, _)| n.clone())
                        .collect();
                    let pick = numbers[self.roll(numbers.len())].clone();
                    form.set(&pick, "1");
                    return Some(("transport".into(), with_seq(form.fields)));
                }
            }
            if self.moves[seat] < 2 {
                if let Some(mut form) = find("move") {
                    self.moves[seat] += 1;
                    let routes = form.options("route");
                    let route = routes[self.roll(routes.len())].clone();
                    form.set("route", &route);
                    if self.roll(2) == 0 {
                        form.set("armies", "1");
                    }
                    return Some(("move".into(), with_seq(form.fields)));
                }
            }
            let mut end = end;
            end.untick_all("discard");
            return Some(("end_turn".into(), with_seq(end.fields)));
        }
        // D6: discard the first cards offered, as many as asked.
        if let Some(mut form) = find("discard") {
            let count: usize = form
                .legend
                .split_whitespace()
                .find_map(|w| w.parse().ok())
                .unwrap_or(1);
            for card in form.boxes("card").into_iter().take(count) {
                form.tick("card", &card);
            }
            return Some(("discard".into(), with_seq(form.fields)));
        }
        None
    }
}

fn borrow(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

// ---------------------------------------------------------------- creating and joining

/// A newcomer opens the home page for War, fills in four players and a round limit, and sends.
async fn create_from_the_home_page(app: &TestApp, rounds: u32) -> String {
    let home = app.get("/?game=war").await;
    assert_eq!(home.status, 200);
    let text = home.text();
    assert!(text.contains("New game of War (SMART mod)"), "{text}");
    assert!(home.body.contains("name=\"dealer\""), "{}", home.body);
    assert!(home.body.contains("name=\"round_limit\""), "{}", home.body);
    let rounds = rounds.to_string();
    let mut fields: Vec<(String, String)> = vec![("game".into(), "war".into())];
    for (i, (name, email)) in PLAYERS[..SEATS].iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    fields.push(("dealer".into(), "random".into()));
    fields.push(("round_limit".into(), "on".into()));
    fields.push(("round_limit_value".into(), rounds));
    let created = app.create_form(&borrow(&fields)).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let link = SeatLink::parse(&app.url(&created.location.unwrap())).unwrap();
    // The creator proves their address; the invitations leave.
    app.confirm(&link.game).await;
    link.game
}

/// Every seat accepts from its invitation mail (the creator, seat 1, from the confirmation
/// that carries their seat link); the links, seat 1 first.
async fn accept_from_the_invitations(app: &TestApp, game: &str) -> Vec<SeatLink> {
    app.deliver_mail().await;
    let mut links = Vec::new();
    for seat in 1..=SEATS as u8 {
        let invitation = app
            .smtp
            .latest_to(email_of(seat), |m| {
                (m.is_invitation() || m.is_confirmation()) && m.text.contains(game)
            })
            .expect("an invitation");
        assert!(
            invitation.readable().contains("War (SMART mod)"),
            "{}",
            invitation.text
        );
        let link = invitation.seat_link();
        let page = app.accept(&link, "", "").await;
        assert_eq!(page.status, 303, "{}", page.body);
        links.push(link);
    }
    links
}

/// The newest "your turn" mail of the game whose seat owes a decision now, with its page.
async fn mailed_seat_that_owes(app: &TestApp, game: &str) -> Option<(SeatLink, Page)> {
    app.deliver_mail().await;
    let mut seen = HashSet::new();
    for mail in app.smtp.mails().iter().rev() {
        if !mail.is_your_turn() || !mail.text.contains(game) {
            continue;
        }
        let link = mail.seat_link();
        if !seen.insert(link.seat) {
            continue;
        }
        let page = app.seat_page(&link).await;
        assert_eq!(page.status, 200, "{}", page.body);
        if page.text().contains("Your decision:") {
            return Some((link, page));
        }
    }
    None
}

fn is_over(app_game: &serde_json::Value) -> bool {
    app_game["status"] == "over"
}

// ---------------------------------------------------------------- the whole game

async fn a_newcomers_war_game_is_played_from_the_mails_to_a_record_that_verifies(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let game = create_from_the_home_page(&app, 10).await;
    accept_from_the_invitations(&app, &game).await;
    app.deliver_mail().await;
    // The first player is mailed; the mail tells the seat its objective, cards and armies.
    let first = app
        .smtp
        .mails()
        .into_iter()
        .find(|m| m.is_your_turn() && m.text.contains(&game))
        .expect("a first turn mail");
    assert!(
        first.text.contains("Your objective: destroy"),
        "{}",
        first.text
    );
    assert!(first.text.contains("You hold"), "{}", first.text);

    let mut player = Player::new(7);
    let mut exercised = Exercised::default();
    let mut scripted = false;
    let mut discard_offered = false;
    let mut posts = 0;
    let mut turn_mails = [0usize; SEATS];
    loop {
        assert!(posts < 4000, "the game should end");
        if is_over(&app.api_game(&game).await.json()) {
            break;
        }
        let (link, page) = mailed_seat_that_owes(&app, &game)
            .await
            .expect("a mailed seat owes a decision");
        let seat = link.seat as usize - 1;
        let forms = war_forms(&page.body);
        // One whole turn as an API script, once the game is under way: place as the page
        // would, then end the turn.
        if !scripted && page.text().contains("Round 3") {
            if let Some(place) = forms.iter().find(|f| f.kind.as_deref() == Some("place")) {
                let mut armies = serde_json::Map::new();
                for (name, value) in &place.fields {
                    if let Some(t) = name.strip_prefix("place-") {
                        let n: u64 = value.parse().unwrap();
                        if n > 0 {
                            armies.insert(t.to_string(), n.into());
                        }
                    }
                }
                let seq = app.api_seat(&link).await.json()["seq"].as_i64().unwrap();
                // A phase C action in phase B ends the combat first: no end_combat needed.
                let answer = app
                    .read_raw(
                        app.client
                            .post(app.url(&format!("/api/v1/games/{game}/moves")))
                            .bearer_auth(link.bearer())
                            .json(&serde_json::json!({"seq": seq, "actions": [
                                {"type": "place", "armies": armies},
                                {"type": "end_turn"},
                            ]})),
                    )
                    .await;
                assert_eq!(answer.status, 200, "{}", answer.body);
                scripted = true;
                posts += 2;
                continue;
            }
        }
        if forms.iter().any(|f| f.kind.as_deref() == Some("discard")) {
            discard_offered = true;
        }
        let (kind, fields) = player
            .choose(seat, &forms, &exercised)
            .unwrap_or_else(|| panic!("a form to send on {}", page.text()));
        let answer = app.post_move(&link, &borrow(&fields)).await;
        posts += 1;
        match answer.status {
            303 => {
                exercised.forms.insert(kind.clone());
                if matches!(kind.as_str(), "reroll" | "reveal_terrain") {
                    exercised.forms.insert("reaction".into());
                }
            }
            // Only numbers a player typed may be refused (a transport of a moved army).
            422 if kind == "transport" => {
                exercised.refused += 1;
                let text = answer.text();
                assert!(text.contains("Transporte Aéreo"), "{text}");
            }
            _ => panic!(
                "the {kind} form of seat {} was refused ({}): {}\n{fields:?}",
                link.seat,
                answer.status,
                answer.text()
            ),
        }
    }
    app.deliver_mail().await;
    for (i, count) in turn_mails.iter_mut().enumerate() {
        *count = app
            .smtp
            .mails_to(email_of(i as u8 + 1))
            .iter()
            .filter(|m| m.is_your_turn() && m.text.contains(&game))
            .count();
    }
    eprintln!(
        "{}: {posts} posts; forms sent: {:?}; turn mails {turn_mails:?}",
        app.backend(),
        exercised.forms
    );
    for kind in MUST {
        assert!(
            exercised.forms.contains(kind),
            "no {kind} form was sent: {:?}",
            exercised.forms
        );
    }
    assert!(scripted, "one turn went as an API script");
    assert_eq!(
        discard_offered,
        exercised.forms.contains("discard"),
        "the hand-limit discard is sent from its form whenever it is asked"
    );

    // One "your turn" mail per turn: the public API counts the turns played.
    let loaded = app
        .running
        .state
        .games
        .load(&mut conn(&app), &GameId::parse(&game).unwrap())
        .unwrap();
    let state = loaded
        .state()
        .unwrap()
        .downcast::<Game>()
        .expect("a War game")
        .clone();
    let turns = state.turn() as usize + 1;
    // "What happened since" tells each seat the battles fought in the other players' turns,
    // one line per attack with its losses; the dice stay on the page and in the record.
    let turn_mails_of_game: Vec<_> = (1..=SEATS as u8)
        .flat_map(|seat| app.smtp.mails_to(email_of(seat)))
        .filter(|m| m.is_your_turn() && m.text.contains(&game))
        .collect();
    assert!(
        turn_mails_of_game
            .iter()
            .all(|m| !m.text.contains("the attack rolled")),
        "a turn mail told the dice"
    );
    let told_battles = turn_mails_of_game
        .iter()
        .filter(|m| m.text.contains(" attacked ") && m.text.contains("the attack lost"))
        .count();
    assert!(
        told_battles >= SEATS,
        "{told_battles} turn mails told of battles"
    );
    let mails: usize = turn_mails.iter().sum();
    assert!(
        mails <= turns + 1 && mails + 1 >= turns,
        "{mails} turn mails for {turns} turns"
    );

    // The end: every seat is told, with the objectives revealed on the public page.
    for seat in 1..=SEATS as u8 {
        let over = app
            .smtp
            .latest_to(email_of(seat), |m| {
                m.is_game_over() && m.text.contains(&game)
            })
            .expect("a game-over mail");
        assert!(
            over.text.contains("won") || over.text.contains("share"),
            "{}",
            over.text
        );
    }
    let public = app.public_page(&game).await.text();
    assert!(public.contains("objective: destroy"), "{public}");
    assert!(public.contains("round 2"), "the milestones: {public}");
    // The player table paints each seat in its War colour: seat 1 is white, seat 3 red.
    let body = app.public_page(&game).await.body;
    let swatches: Vec<&str> = body
        .split("class=\"swatch\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("fill=\"").map(|(_, colour)| &colour[..7]))
        .collect();
    assert_eq!(swatches[..3], ["#f7f5ee", "#2b2b2b", "#c0392b"], "{body}");

    // The record verifies offline and on the /verify page.
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    assert_eq!(parsed.game, "war");
    let summary = corriere::audit::verify(&parsed).expect("the record verifies");
    assert!(summary.count("battles") > 0);
    let checked = app
        .post_form("/verify", &[("record_text", record.body.as_str())])
        .await;
    assert_eq!(checked.status, 200, "{}", checked.body);
    assert!(
        checked.text().contains("The record checks out."),
        "{}",
        checked.text()
    );
    assert!(checked.text().contains("battles"), "{}", checked.text());

    // The replay viewer tells the dice in words, and at the end every hand and objective.
    let last = parsed.actions.len();
    let end = app
        .get(&format!("/games/{game}/replay/{last}"))
        .await
        .text();
    assert!(end.contains("Objectives and hands"), "{end}");
    for (name, _) in &PLAYERS[..SEATS] {
        assert!(end.contains(&format!("{name}: destroy")), "{name} in {end}");
    }
    let mut dice_seen = false;
    for seq in (1..=last).rev().take(60) {
        let step = app.get(&format!("/games/{game}/replay/{seq}")).await;
        assert_eq!(step.status, 200, "{}", step.body);
        if step.text().contains("the attack rolled") && step.text().contains("the defence rolled") {
            dice_seen = true;
            break;
        }
    }
    assert!(dice_seen, "the replay viewer shows dice in words");
    app.stop().await;
}

fn conn(app: &TestApp) -> corriere::store::DbConn {
    app.running.db.get().expect("a pooled connection")
}

// ---------------------------------------------------------------- hidden information

/// Sentences of private events as they would read if they leaked to someone else, with their
/// owner (see `conformance::private_sentences`), in War's words.
fn private_sentences(app: &TestApp, game: &GameId) -> Vec<(Seat, String)> {
    crate::conformance::private_sentences(app, game, &corriere::present::war::War)
        .into_iter()
        .map(|(owner, sentence, _)| (owner, sentence))
        .collect()
}

/// Everything a viewer must not see of `other` in a JSON view.
fn assert_hidden_json(view: &serde_json::Value, viewer: Option<u8>, what: &str) {
    for s in view["seats"].as_array().expect("seats") {
        let number = s["seat"].as_u64().unwrap() as u8;
        if Some(number) == viewer {
            assert!(s["hand"].is_array(), "{what}: own hand shown");
            assert!(s["objective"].is_string(), "{what}: own objective shown");
            continue;
        }
        for field in ["hand", "objective", "orders", "intelligence"] {
            assert!(s[field].is_null(), "{what}: seat {number}'s {field} shown");
        }
    }
    assert!(view["draw"].is_null() && view["seed"].is_null(), "{what}");
}

pub(crate) async fn no_page_answer_or_mail_shows_a_war_seat_anything_private_of_another(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let game = create_from_the_home_page(&app, 5).await;
    let links = accept_from_the_invitations(&app, &game).await;
    let id = GameId::parse(&game).unwrap();
    let secret = app.stored_secret(&game);
    let mut player = Player::new(21);
    let exercised = Exercised::default();
    let mut mails_seen = [0usize; SEATS];
    let mut checked = 0;
    let mut own_shown = 0;
    let mut odd_replies = 0;
    // Each seat's objective in the words pages use, by seat.
    let objectives: Vec<String> = {
        let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
        let state = loaded.state().unwrap().downcast::<Game>().unwrap().clone();
        (0..SEATS)
            .map(|s| {
                let colour = state.objective(Seat(s as u8)).target().english();
                format!("Destroy the {colour} armies")
            })
            .collect()
    };
    for step in 0.. {
        assert!(step < 3000, "the game should end");
        let public_api = app.api_game(&game).await;
        if is_over(&public_api.json()) {
            break;
        }
        if step < 30 || step % 10 == 0 {
            let private = private_sentences(&app, &id);
            let public = app.public_page(&game).await;
            for (what, body) in [
                ("public page", public.text()),
                ("public API", public_api.body.clone()),
            ] {
                assert!(!body.contains(&secret), "{what} shows the secret");
                for (owner, sentence) in &private {
                    assert!(
                        !body.contains(sentence),
                        "{what} shows {owner}'s {sentence:?}"
                    );
                }
                for objective in &objectives {
                    assert!(!body.contains(objective), "{what} shows {objective:?}");
                }
            }
            assert_hidden_json(&public_api.json()["view"], None, "public API");
            for link in &links {
                let seat = Seat::from_number(link.seat).unwrap();
                let page = app.seat_page(link).await;
                let api = app.api_seat(link).await;
                assert_eq!((page.status, api.status), (200, 200));
                assert_hidden_json(&api.json()["view"], Some(link.seat), "seat API");
                let mails = app.smtp.mails_to(link.email());
                let new = &mails[mails_seen[seat.index()]..];
                mails_seen[seat.index()] = mails.len();
                let mut readable: Vec<(String, String)> = new
                    .iter()
                    .map(|m| (format!("mail {:?}", m.subject), m.readable()))
                    .collect();
                readable.push(("seat page".into(), page.text()));
                readable.push(("seat API".into(), api.body.clone()));
                checked += readable.len();
                for (what, body) in &readable {
                    assert!(!body.contains(&secret), "{what} to {seat} shows the secret");
                    for (owner, sentence) in &private {
                        if *owner != seat {
                            assert!(
                                !body.contains(sentence),
                                "{what} to {seat} shows {owner}'s {sentence:?}"
                            );
                        }
                    }
                    for (other, objective) in objectives.iter().enumerate() {
                        if other != seat.index() {
                            assert!(
                                !body.contains(objective),
                                "{what} to {seat} shows seat {}'s {objective:?}",
                                other + 1
                            );
                        }
                    }
                }
                let own = page.text();
                assert!(own.contains(&objectives[seat.index()]), "{own}");
                own_shown += 1;
            }
        }
        // Now and then a misspelt, a refused and a stale reply: their answers (with the
        // seat's hand and decision) are surfaces too.
        if step % 10 == 5
            && app
                .reply_misspelt_refused_and_stale(&game, Some("occupy 99"))
                .await
        {
            odd_replies += 1;
        }
        let (link, page) = mailed_seat_that_owes(&app, &game)
            .await
            .expect("a mailed seat owes a decision");
        let forms = war_forms(&page.body);
        let (kind, fields) = player
            .choose(link.seat as usize - 1, &forms, &exercised)
            .expect("a form");
        let answer = app.post_move(&link, &borrow(&fields)).await;
        assert!(
            answer.status == 303 || (answer.status == 422 && kind == "transport"),
            "{kind}: {}",
            answer.text()
        );
    }
    eprintln!(
        "{}: {checked} pages, answers and mails checked",
        app.backend()
    );
    assert!(checked > 100 && own_shown > 20);
    assert!(
        odd_replies > 3,
        "only {odd_replies} misspelt, refused and stale replies"
    );
    // After the end everything is revealed: objectives on the public page, every hand.
    let public = app.public_page(&game).await.text();
    for objective in &objectives {
        let short = objective
            .replace("Destroy the ", "destroy ")
            .replace(" armies", "");
        assert!(public.contains(&short), "{short} on {public}");
    }
    let api = app.api_game(&game).await.json();
    assert_eq!(api["secret"], secret.as_str());
    for s in api["view"]["seats"].as_array().unwrap() {
        assert!(s["hand"].is_array() && s["objective"].is_string(), "{s}");
    }
    app.stop().await;
}

// ---------------------------------------------------------------- bots

/// Three of four seats are War's bot, one is Ann, who always plays each decision's listed
/// default (no attack, no move): after each of her turns the bots play theirs at once, whole
/// (placements, attacks, moves), they win, and the record verifies with their entries.
async fn bots_on_war_seats_play_whole_turns_and_win_against_a_passive_player(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "war",
            "seats": [
                {"name": "Ann", "email": email_of(1)},
                {"name": "Bot 2", "bot": true},
                {"name": "Bot 3", "bot": true},
                {"name": "Bot 4", "bot": true},
            ]
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let ann = app.link_from_latest(email_of(1), |m| m.is_confirmation());
    assert_eq!(app.accept(&ann, "", "").await.status, 303);
    let mut turns = 0;
    while !is_over(&app.api_game(&game).await.json()) {
        // About 20 of Ann's decisions end the game; bots that never attack never end it.
        assert!(turns < 300, "the game did not end");
        turns += 1;
        // Bots play at once: after the acceptance that starts the game (when a bot moves
        // first), and after each of Ann's moves; the game waits on Ann alone.
        let state = app.api_seat(&ann).await.json();
        assert!(
            !state["decision"].is_null(),
            "the bots left a turn: {state}"
        );
        let legal = state["legal_actions"].as_array().expect("legal actions");
        let seq = state["seq"].as_i64().unwrap();
        let answer = app.api_move(&ann, seq, &legal[0]).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let record = app.get(&format!("/games/{game}/record.json")).await;
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    corriere::audit::verify(&parsed).expect("the record verifies");
    let by_bots = |kind: &str| {
        parsed
            .actions
            .iter()
            .filter(|a| a.author == corriere::audit::Author::Bot)
            .filter(|a| {
                a.action
                    .as_ref()
                    .is_some_and(|j| j.to_value()["type"] == kind)
            })
            .count()
    };
    assert!(by_bots("attack") > 0, "the bots never attacked");
    assert!(by_bots("end_turn") > 0, "the bots never ended a turn");
    let outcome = parsed.outcome.expect("an outcome").to_value();
    let winners: Vec<u64> = outcome["winners"]
        .as_array()
        .expect("winners")
        .iter()
        .filter_map(|w| w.as_u64())
        .collect();
    assert!(
        !winners.is_empty() && !winners.contains(&1),
        "a passive player should not win against the bots: {outcome}"
    );
    app.stop().await;
}

on_each_backend!(
    a_newcomers_war_game_is_played_from_the_mails_to_a_record_that_verifies,
    bots_on_war_seats_play_whole_turns_and_win_against_a_passive_player,
    a_war_game_is_played_by_replying_to_its_mails,
);

// ---------------------------------------------------------------- moves by reply

/// The seat `game` waits on first, and the move number.
fn first_waiting(app: &TestApp, game: &GameId) -> (Option<Seat>, i64) {
    let loaded = app.running.state.games.load(&mut conn(app), game).unwrap();
    let seat = loaded.state().and_then(|s| s.waiting_on().first().copied());
    (seat, loaded.seq())
}

/// Answer `mail` to `seat` with `body`; the service's answer to that reply.
async fn reply(app: &TestApp, seat: Seat, mail: &support::Mail, body: &str) -> support::Mail {
    let answer = app.reply(mail, body, "").await;
    assert!(answer.starts_with("250"), "LMTP: {answer}");
    app.deliver_mail().await;
    app.smtp
        .latest_to(email_of(seat.number()), |m| {
            m.subject.contains("your reply")
        })
        .expect("every reply is answered")
}

/// A War game played by answering its mails: each deciding seat replies with a command its
/// newest mail offers (an attack whenever one is offered), some in Portuguese; a move the
/// rules refuse and a line that does not read are answered and play nothing; no mail shows a
/// seat another seat's cards, objective or private events.
async fn a_war_game_is_played_by_replying_to_its_mails(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = app.started_war_game().await;
    app.deliver_mail().await;
    let game = links[0].game.clone();
    let id = GameId::parse(&game).unwrap();
    let answerable = |seat: Seat| {
        app.answerable(email_of(seat.number()), &game)
            .unwrap_or_else(|| panic!("no mail to {seat} about {game} to answer"))
    };
    let mut played = BTreeSet::new();
    for _ in 0..80 {
        let (Some(seat), seq) = first_waiting(&app, &id) else {
            break;
        };
        let mail = answerable(seat);
        let commands = mail.offered_commands();
        assert!(
            !commands.is_empty(),
            "a War mail offers commands:\n{}",
            mail.text
        );
        let command = commands
            .iter()
            .find(|c| c.starts_with("attack "))
            .unwrap_or(&commands[0]);
        // The same moves in Portuguese, whatever the reader's language.
        let line = match command.as_str() {
            "end attacks" => "Encerrar ataques.".to_owned(),
            "end turn" => "encerrar o turno".to_owned(),
            other => other.to_owned(),
        };
        let told = reply(&app, seat, &mail, &format!("{line}\n-- \nAnn")).await;
        assert!(
            told.text.contains("Applied: your move is move"),
            "{line:?}: {}",
            told.text
        );
        assert!(first_waiting(&app, &id).1 > seq, "{line:?} played nothing");
        played.insert(line.split(' ').next().unwrap().to_lowercase());
    }
    for verb in ["place", "attack", "encerrar"] {
        assert!(played.contains(verb), "no {verb:?} was played: {played:?}");
    }

    // A move the rules refuse, and a line that does not read: answered, nothing played.
    let (seat, seq) = first_waiting(&app, &id);
    let seat = seat.expect("the game goes on");
    for (line, answered) in [
        (
            "occupy 99",
            "Not applied: the rules do not allow that move now",
        ),
        (
            "attack Atlantis",
            "Not applied: your reply has a line that looks like a move",
        ),
    ] {
        let told = reply(&app, seat, &answerable(seat), line).await;
        assert!(told.text.contains(answered), "{line:?}: {}", told.text);
        assert_eq!(first_waiting(&app, &id).1, seq, "{line:?} changed the game");
    }
    let talk = app.seat_page(&links[0]).await.text();
    assert!(
        !talk.contains("Atlantis"),
        "a refused move is no message: {talk}"
    );

    // A script whose middle line is misspelt: the line before it is played; the attack lines
    // after it are neither played nor posted (no other seat reads a private plan).
    let (seat, seq) = first_waiting(&app, &id);
    let seat = seat.expect("the game goes on");
    let mail = answerable(seat);
    let command = mail.offered_commands().remove(0);
    let body = format!("{command}\natcar Brasil Argentina\nattack Peru Chile\natacar Peru Bolivia");
    let told = reply(&app, seat, &mail, &body).await;
    assert_eq!(
        first_waiting(&app, &id).1,
        seq + 1,
        "only {command:?} is played"
    );
    assert!(
        told.text.contains(&format!("“{command}”: played")),
        "{}",
        told.text
    );
    assert!(
        told.text
            .contains("“atcar Brasil Argentina”: not understood"),
        "{}",
        told.text
    );
    assert!(
        told.text.contains("“attack Peru Chile”: not played"),
        "{}",
        told.text
    );
    for link in &links {
        let page = app.seat_page(link).await.text();
        assert!(
            !page.contains("Peru Chile") && !page.contains("atcar"),
            "a reply with commands is no message: {page}"
        );
    }

    // The answers and mails show each seat only its own secrets.
    let private = private_sentences(&app, &id);
    let objectives: Vec<String> = {
        let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
        let state = loaded.state().unwrap().downcast::<Game>().unwrap().clone();
        (0..SEATS)
            .map(|s| state.objective(Seat(s as u8)).target().english().to_owned())
            .map(|colour| format!("Destroy the {colour} armies"))
            .collect()
    };
    for link in &links {
        let seat = Seat::from_number(link.seat).unwrap();
        let mails = app.smtp.mails_to(link.email());
        assert!(mails.iter().any(|m| m.subject.contains("your reply")));
        for mail in mails {
            let text = mail.readable();
            for (owner, sentence) in &private {
                assert!(
                    *owner == seat || !text.contains(sentence),
                    "{:?} to {seat} shows {owner}'s {sentence:?}",
                    mail.subject
                );
            }
            for (other, objective) in objectives.iter().enumerate() {
                assert!(
                    other == seat.index() || !text.contains(objective),
                    "{:?} to {seat} shows seat {}'s objective",
                    mail.subject,
                    other + 1
                );
            }
        }
    }
    app.stop().await;
}

// ---------------------------------------------------------------- time: one deadline a turn

on_each_backend!(
    a_war_turn_keeps_one_deadline_while_its_seat_places_attacks_and_moves,
    at_a_war_turns_deadline_the_clock_plays_the_rest_of_the_turn_with_one_grace_and_one_miss,
);

const HOUR: i64 = 3600 * 1000;

/// A War game of four people at a 24-hour pace, made by the API, every seat in: its id and the
/// links, seat 1 first.
async fn war_at_a_daily_pace(app: &TestApp) -> (GameId, Vec<SeatLink>) {
    let seats: Vec<serde_json::Value> = PLAYERS[..SEATS]
        .iter()
        .map(|(name, email)| serde_json::json!({"name": name, "email": email}))
        .collect();
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "war", "seats": seats, "hours_per_decision": 24
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let links = app.accept_all(&game, SEATS).await;
    (GameId::parse(&game).unwrap(), links)
}

/// The number of the turn the game is in (from 0; round 2 begins at turn 4).
fn war_turn(app: &TestApp, game: &GameId) -> u32 {
    let loaded = app.running.state.games.load(&mut conn(app), game).unwrap();
    let turn = loaded.state().unwrap().downcast::<Game>().unwrap().turn();
    turn
}

/// Every seat plays its turn of round 1 at once: no combat in it, so it places and ends.
async fn play_round_one(app: &TestApp, game: &GameId, links: &[SeatLink]) {
    while war_turn(app, game) < SEATS as u32 {
        let (Some(seat), _) = first_waiting(app, game) else {
            panic!("War waits on a seat")
        };
        let link = &links[seat.index()];
        play_one_of(app, link, &["place", "end_turn", "discard"])
            .await
            .expect("a move of round 1");
    }
}

/// The deadline row of a seat, if it has one.
fn deadline_of(app: &TestApp, game: &GameId, seat: Seat) -> Option<corriere::store::DeadlineRow> {
    corriere::store::deadlines_of(&mut conn(app), game)
        .unwrap()
        .into_iter()
        .find(|d| d.seat == seat.0 as i32)
}

/// The seat's row: (control, missed deadlines).
fn control_of(app: &TestApp, game: &GameId, seat: Seat) -> (String, i32) {
    let seats = corriere::store::seats_of(&mut conn(app), game).unwrap();
    let row = &seats[seat.index()];
    (row.control.clone(), row.missed)
}

/// One scheduler pass at the service's clock: what time did.
async fn scheduler_pass(app: &TestApp) -> corriere::service::time::TimeReport {
    let report = app.running.scheduler.run_once().await.expect("a pass");
    app.deliver_mail().await;
    report.time
}

/// The seat plays, through the API, the first action of its menu whose type is one of
/// `types`; the type played.
async fn play_one_of(app: &TestApp, link: &SeatLink, types: &[&str]) -> Option<String> {
    let state = app.api_seat(link).await.json();
    let legal = state["legal_actions"].as_array().expect("a menu");
    let action = types
        .iter()
        .find_map(|t| legal.iter().find(|a| a["type"] == *t))?;
    let answer = app
        .api_move(link, state["seq"].as_i64().unwrap(), action)
        .await;
    assert_eq!(answer.status, 200, "{action}: {}", answer.body);
    Some(action["type"].as_str().unwrap().to_owned())
}

/// `war-smart.md` §9.1: a turn has one deadline. While the seat places its armies, attacks
/// and ends its turn an hour apart, its deadline stays the one set when the turn began (it
/// restarted on each action before); the next seat's begins when the turn passes.
async fn a_war_turn_keeps_one_deadline_while_its_seat_places_attacks_and_moves(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (game, links) = war_at_a_daily_pace(&app).await;
    // Round 1 has no combat: the turn looked at is round 2's first.
    play_round_one(&app, &game, &links).await;
    let (Some(seat), _) = first_waiting(&app, &game) else {
        panic!("War waits on a seat")
    };
    let link = &links[seat.index()];
    let set = deadline_of(&app, &game, seat).expect("the turn's deadline");
    assert_eq!(set.due_at - set.started_at, 24 * HOUR);
    let due = app.api_seat(link).await.json()["deadline"].clone();
    assert!(due.is_string(), "{due}");
    let mut played = Vec::new();
    let attacked = |played: &Vec<String>| played.iter().any(|t| t == "attack");
    for _ in 0..40 {
        if first_waiting(&app, &game).0 != Some(seat) {
            break;
        }
        app.clock.advance(chrono::Duration::hours(1));
        let mut types = vec!["place", "occupy", "no_reaction"];
        if !attacked(&played) {
            types.push("attack");
        }
        types.push("end_combat");
        if !played.iter().any(|t| t == "move") {
            types.push("move");
        }
        types.extend(["end_turn", "discard"]);
        let kind = play_one_of(&app, link, &types).await.expect("a move");
        played.push(kind);
        if first_waiting(&app, &game).0 == Some(seat) {
            assert_eq!(
                deadline_of(&app, &game, seat).as_ref(),
                Some(&set),
                "after {played:?}"
            );
            assert_eq!(app.api_seat(link).await.json()["deadline"], due);
        }
    }
    assert!(
        played.len() >= 3 && played.iter().any(|t| t == "place") && attacked(&played),
        "the turn placed, attacked and ended: {played:?}"
    );
    assert!(played.last().is_some_and(|t| t == "end_turn"), "{played:?}");
    assert_eq!(deadline_of(&app, &game, seat), None, "the turn is over");
    let (Some(next), _) = first_waiting(&app, &game) else {
        panic!("the game goes on")
    };
    let theirs = deadline_of(&app, &game, next).expect("the next turn's deadline");
    let now = corriere::clock::Clock::now(&app.clock).timestamp_millis();
    assert_eq!(theirs.started_at, now);
    assert_eq!(theirs.due_at - theirs.started_at, 24 * HOUR);
    app.stop().await;
}

/// At a turn's deadline the clock plays the game's default for each decision left in the
/// turn, in one scheduler pass, and the seat misses one deadline, not one per entry. A seat
/// that acted inside its turn after the first miss keeps the grace it had: one a turn.
async fn at_a_war_turns_deadline_the_clock_plays_the_rest_of_the_turn_with_one_grace_and_one_miss(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (game, links) = war_at_a_daily_pace(&app).await;
    play_round_one(&app, &game, &links).await;
    let (Some(first), _) = first_waiting(&app, &game) else {
        panic!("War waits on a seat")
    };
    let set = deadline_of(&app, &game, first).expect("the turn's deadline");
    let start = set.started_at;

    // The first seat places at once, and is late for the rest: the grace (a quarter of the
    // pace) is given once.
    assert_eq!(
        play_one_of(&app, &links[first.index()], &["place"]).await,
        Some("place".into())
    );
    app.clock
        .advance(chrono::Duration::milliseconds(24 * HOUR + 60_000));
    let time = scheduler_pass(&app).await;
    assert_eq!((time.extensions, time.clock_moves), (1, 0), "{time:?}");
    let extended = deadline_of(&app, &game, first).unwrap();
    assert!(extended.extended);
    assert_eq!(extended.due_at, start + 30 * HOUR);
    // Acting inside the turn after the miss restarts nothing: no second grace.
    assert_eq!(
        play_one_of(&app, &links[first.index()], &["end_combat"]).await,
        Some("end_combat".into())
    );
    assert_eq!(
        deadline_of(&app, &game, first).map(|d| (d.due_at, d.extended, d.started_at)),
        Some((start + 30 * HOUR, true, start))
    );
    app.clock
        .set(chrono::DateTime::from_timestamp_millis(start + 30 * HOUR + 60_000).unwrap());
    let time = scheduler_pass(&app).await;
    assert_eq!(time.extensions, 0, "{time:?}");
    assert!(time.clock_moves >= 1, "{time:?}");
    let (Some(second), _) = first_waiting(&app, &game) else {
        panic!("the game goes on")
    };
    assert_ne!(second, first, "the clock ended the turn");
    assert_eq!(control_of(&app, &game, first), ("player".into(), 1));

    // The second seat does nothing: after the grace, one pass plays its whole turn by the
    // clock (placements, combat, moves: one entry each, one deadline), and counts one miss.
    let set = deadline_of(&app, &game, second).expect("the next turn's deadline");
    app.clock
        .set(chrono::DateTime::from_timestamp_millis(set.due_at + 60_000).unwrap());
    let time = scheduler_pass(&app).await;
    assert_eq!((time.extensions, time.clock_moves), (1, 0), "{time:?}");
    app.clock
        .set(chrono::DateTime::from_timestamp_millis(set.due_at + 6 * HOUR + 60_000).unwrap());
    let time = scheduler_pass(&app).await;
    assert!(time.clock_moves >= 3, "the whole turn at once: {time:?}");
    let third = first_waiting(&app, &game).0;
    assert!(
        third.is_some() && third != Some(second),
        "the turn passed on"
    );
    assert_eq!(
        control_of(&app, &game, second),
        ("player".into(), 1),
        "one turn, one missed deadline"
    );
    let record = app
        .running
        .state
        .games
        .record(&mut conn(&app), &game)
        .unwrap();
    let clocked: Vec<_> = record
        .actions
        .iter()
        .filter(|a| a.seat == second && a.seq as i64 > set.since_seq)
        .map(|a| a.author)
        .collect();
    assert_eq!(clocked.len(), time.clock_moves, "{clocked:?}");
    assert!(
        clocked.iter().all(|a| *a
            == corriere::audit::Author::Clock {
                deadline: set.due_at + 6 * HOUR
            }),
        "every entry enforces the one deadline: {clocked:?}"
    );
    app.stop().await;
}
