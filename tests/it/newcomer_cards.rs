//! Condottiere's cards for a newcomer (issue #29, item 2): names in the reader's language on
//! the page (seen in a real browser at 390 px), in the guide and the mails, and in replies.

use crate::browser::{artifacts_dir, browser_for, chromedriver, Screen};
use crate::support;

use corriere::domain::GameId;
use corriere::engine::condottiere::{Action, Card};
use corriere::engine::Seat;
use corriere::kinds::Registry;
use fantoccini::Locator;
use support::{email_of, Backend, Mail, SeatLink, TestApp};

on_each_backend!(
    cards_named_in_portuguese_or_in_english_are_played_by_mail_reply,
    the_guide_pairs_each_card_s_code_with_its_name_in_the_reader_s_language,
);

/// A card's name in `lang`, from the catalogs.
fn name(lang: &str, card: Card) -> String {
    Registry::standard()
        .catalogs()
        .words(lang)
        .get(&format!("condottiere-card-{}", card.code()))
}

/// The seats `game` waits on, the move number, and the cards each waiting seat may play now.
fn waiting(app: &TestApp, game: &str) -> (Vec<Seat>, i64, Vec<Card>) {
    let id = GameId::parse(game).unwrap();
    let mut conn = app.running.db.get().unwrap();
    let loaded = app.running.state.games.load(&mut conn, &id).unwrap();
    let state = loaded.state().expect("a running game");
    let seats = state.waiting_on();
    let playable = seats
        .iter()
        .flat_map(|&seat| state.legal_actions(seat))
        .filter_map(|a| match a.downcast::<Action>() {
            Some(Action::Play { card }) => Some(*card),
            _ => None,
        })
        .collect();
    (seats, loaded.seq(), playable)
}

/// The answers to replies `address` was sent, in either language.
fn answers_to(app: &TestApp, address: &str) -> Vec<Mail> {
    app.smtp
        .mails_to(address)
        .into_iter()
        .filter(|m| m.subject.contains("your reply") || m.subject.contains("sua resposta"))
        .collect()
}

/// Reply to the newest mail `address` can answer about `game` with `body`; the answer.
async fn answered(app: &TestApp, address: &str, game: &str, body: &str) -> Mail {
    let before = answers_to(app, address).len();
    let mail = app.answerable(address, game).expect("a mail to answer");
    let lmtp = app.reply(&mail, body, "").await;
    assert!(lmtp.starts_with("250"), "LMTP: {lmtp}");
    app.deliver_mail().await;
    let answers = answers_to(app, address);
    assert_eq!(answers.len(), before + 1, "{body:?} is answered once");
    answers.last().unwrap().clone()
}

/// A card the battle goes on after (not a Surrender, Bishop or Scarecrow), special cards first:
/// their names differ most between the languages.
fn a_card_to_play(playable: &[Card]) -> Card {
    let keeps_going = |c: &Card| !matches!(c, Card::Surrender | Card::Bishop | Card::Scarecrow);
    playable
        .iter()
        .copied()
        .filter(keeps_going)
        .max_by_key(|c| !c.is_mercenary())
        .or_else(|| playable.first().copied())
        .expect("a card to play")
}

/// Seat 1 reads in Portuguese: its turn mail names each card of its hand in Portuguese with
/// the code beside it; it plays a card by its Portuguese name, in capitals and without its
/// accents. Seat 2 writes the Portuguese verb with the card's English name, as the pages
/// used to show it ("jogar Heroine"): both are applied.
async fn cards_named_in_portuguese_or_in_english_are_played_by_mail_reply(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let game = creator.game.clone();
    app.accept_all(&game, 2).await;
    app.deliver_mail().await;
    support::reads_portuguese(&app, email_of(1));
    let (seats, seq, _) = waiting(&app, &game);
    assert_eq!(seats, vec![Seat(0)], "the creator places the token");
    answered(&app, email_of(1), &game, "colocar Firenze").await;
    let (_, after, _) = waiting(&app, &game);
    assert_eq!(after, seq + 1, "the token is placed");

    let mut played = Vec::new();
    // Until each seat has played one card by name (the first to play may be either seat).
    for _ in 0..2 {
        let (seats, seq, playable) = waiting(&app, &game);
        let seat = seats[0];
        let card = a_card_to_play(&playable);
        let address = email_of(seat.number());
        let line = if seat == Seat(0) {
            let mail = app.answerable(address, &game).expect("a mail to answer");
            for c in &playable {
                let named = format!("{} ({})", name("pt", *c), c.code());
                assert!(mail.text.contains(&named), "{named}: {}", mail.text);
            }
            // "Rendição" written "RENDICAO": capitals, no accents.
            let plain: String = name("pt", card)
                .to_uppercase()
                .chars()
                .map(|c| match c {
                    'Á' | 'Ã' | 'Â' => 'A',
                    'Í' => 'I',
                    'Ç' => 'C',
                    'É' | 'Ê' => 'E',
                    'Ó' | 'Õ' => 'O',
                    other => other,
                })
                .collect();
            format!("JOGAR {plain}")
        } else {
            // The Portuguese verb with the English name the pages used to show.
            format!("jogar {}", name("en", card))
        };
        let told = answered(&app, address, &game, &line).await;
        let (_, now, _) = waiting(&app, &game);
        assert_eq!(now, seq + 1, "{line:?} is played: {}", told.text);
        assert!(
            !told.text.contains("not understood") && !told.text.contains("não entendi"),
            "{line:?}: {}",
            told.text
        );
        played.push((seat, line));
    }
    assert!(
        played.iter().any(|(s, _)| *s == Seat(0)) && played.iter().any(|(s, _)| *s == Seat(1)),
        "both seats played by name: {played:?}"
    );
    app.stop().await;
}

/// The guide said each card's name but not the code pages and mails showed beside it.
async fn the_guide_pairs_each_card_s_code_with_its_name_in_the_reader_s_language(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for lang in ["pt", "en"] {
        let guide = app
            .read_raw(
                app.client
                    .get(app.url("/guide/condottiere"))
                    .header("accept-language", lang),
            )
            .await;
        assert_eq!(guide.status, 200, "{}", guide.body);
        let text = guide.text();
        for card in Card::ALL {
            if card.is_mercenary() {
                assert!(text.contains(card.code()), "{lang} {card:?}: {text}");
            } else {
                let pair = format!("{} ({})", name(lang, card), card.code());
                assert!(text.contains(&pair), "{lang}: {pair} in {text}");
            }
        }
        let mercenaries = format!("{} (M1, M2, M3, M4, M5, M6, M10)", name(lang, Card::M10));
        let mercenaries = mercenaries.replacen(" 10 (", " 1, 2, 3, 4, 5, 6, 10 (", 1);
        assert!(
            text.contains(&mercenaries),
            "{lang}: {mercenaries} in {text}"
        );
    }
    app.stop().await;
}

/// A seat of a new two-player game that holds a Winter (three in the 110 cards): games are
/// made until a deal gives one.
async fn a_seat_holding_a_winter(app: &TestApp) -> SeatLink {
    for _ in 0..40 {
        let creator = app.create_game(2, &[]).await;
        for link in app.accept_all(&creator.game, 2).await {
            let seat = app.api_seat(&link).await.json();
            let me = seat["seat"].as_u64().unwrap() as usize;
            let hand = seat["view"]["seats"][me - 1]["hand"].clone();
            if hand
                .as_array()
                .expect("the seat's own hand")
                .iter()
                .any(|c| c == "WI")
            {
                return link;
            }
        }
    }
    panic!("no deal of 80 hands held a Winter");
}

/// On a phone at 390 px in Portuguese, and on a desktop, the hand shows "Inverno" as text a
/// person reads (not only a tooltip), with its code beside it, inside the screen's width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_portuguese_phone_shows_each_card_of_the_hand_by_its_name() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let link = a_seat_holding_a_winter(&app).await;
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    for (screen, width) in [(Screen::Phone, 390.0), (Screen::Desktop, 1280.0)] {
        let client = browser_for(&driver, screen, "pt").await;
        client.goto(&link.url).await.expect("the seat page opens");
        let hand = client
            .find(Locator::Id("hand"))
            .await
            .expect("the hand on the seat page");
        // WebDriver's text is what is rendered: a title attribute is not in it.
        let shown = hand.text().await.expect("the hand's text");
        assert!(shown.contains("Inverno"), "{screen:?}: {shown:?}");
        assert!(shown.contains("WI"), "{screen:?}: {shown:?}");
        for chip in client
            .find_all(Locator::Css("#hand .card"))
            .await
            .expect("the hand's cards")
        {
            let name = chip
                .find(Locator::Css(".card-name"))
                .await
                .expect("each card has its name");
            assert!(name.is_displayed().await.unwrap(), "{screen:?}");
            assert!(!name.text().await.unwrap().trim().is_empty(), "{screen:?}");
            let (x, _, w, _) = chip.rectangle().await.expect("the card's box");
            assert!(x >= 0.0 && x + w <= width, "{screen:?}: a card at {x}+{w}");
        }
        client
            .execute(
                "document.getElementById('hand').previousElementSibling.scrollIntoView()",
                Vec::new(),
            )
            .await
            .expect("the hand scrolled into view");
        let png = client.screenshot().await.expect("a screenshot");
        std::fs::write(
            dir.join(format!("newcomer-cards-hand-pt-{screen:?}.png")),
            png,
        )
        .expect("the screenshot is saved");
        client.close().await.expect("the session closes");
    }
    app.stop().await;
}
