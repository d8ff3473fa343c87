//! Sheets of written orders by reply, line by line (issue 27, items 1–3 and 8): a refused
//! line, a misspelt one, a phone's signature and a quote, each line with its verdict, nothing
//! posted to the table; a second mail answering the same phase still counts.

use crate::orders::{latest_answer, latest_turn, registry, started, PLAYERS};
use crate::support::{Backend, TestApp};

on_each_backend!(a_sheet_of_orders_by_reply_gets_a_verdict_per_line_and_posts_nothing);

async fn a_sheet_of_orders_by_reply_gets_a_verdict_per_line_and_posts_nothing(backend: Backend) {
    let app = TestApp::spawn_with(&backend, registry()).await;
    let links = started(&app, "12").await;
    let game = links[0].game.clone();

    // Boris, from his phone: one line the rules refuse (Dora does not border Alba), one
    // misspelt, two good ones, then his phone's signature; the harness quotes the mail below.
    let turn = latest_turn(&app, 1);
    let body =
        "Dora move Alba\nElce mvoe Fonte\nElce hold\nDora support Elce\n\nEnviado do meu iPhone";
    let lmtp = app.reply(&turn, body, "").await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let answer = latest_answer(&app, 1);
    // Each line has its verdict: the refusal with its rule, the slip with the line read.
    assert!(
        answer.text.contains("Dora does not border Alba"),
        "{}",
        answer.text
    );
    assert!(answer.text.contains("Elce mvoe Fonte"), "{}", answer.text);
    // The good lines stand although lines before them were refused: a sheet of orders.
    let view = app.api_seat(&links[1]).await.json();
    let mine = view["view"]["orders"][1].to_string();
    assert!(mine.contains("support") && mine.contains("hold"), "{mine}");
    // Nothing went to the table: not the orders, not the signature, not the quote.
    for (what, body) in [
        ("Ada's page", app.seat_page(&links[0]).await.text()),
        ("the public page", app.public_page(&game).await.text()),
    ] {
        // (Ada's own forms offer "support": Boris's order is what must not show.)
        for leak in ["iPhone", "mvoe", "Dora move Alba", "Dora support", "wrote:"] {
            assert!(!body.contains(leak), "{what} shows {leak:?}");
        }
    }
    for mail in app.smtp.mails_to(PLAYERS[0].1) {
        assert!(!mail.readable().contains("iPhone"), "{}", mail.text);
        assert!(!mail.readable().contains("mvoe"), "{}", mail.text);
    }

    // A second mail answering the same phase still counts (staleness is judged by step):
    // Boris says READY to his first turn mail.
    let lmtp = app
        .reply(&turn, "PRONTO\n\nEnviado do meu Galaxy", "")
        .await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let answer = latest_answer(&app, 1);
    assert!(answer.text.contains("Applied"), "{}", answer.text);
    assert_eq!(
        app.api_seat(&links[1]).await.json()["view"]["ready"][1],
        true
    );
    app.stop().await;
}
