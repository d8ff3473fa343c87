//! The words a Brazilian newcomer reads (issue #29, items 8 and 9): known mistakes kept out of
//! the Portuguese catalogs, mails about their reader in the second person, the digest's deadlines.

use crate::support;
use crate::time::pass_time;

use corriere::domain::GameId;
use corriere::present::{Arg, Catalogs};
use corriere::service::time::TimeRules;
use corriere::store;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use support::{email_of, Backend, Mail, TestApp, PLAYERS};

on_each_backend!(
    every_mail_about_its_reader_says_you_in_portuguese,
    the_digest_says_when_each_game_is_due_and_the_footers_settings_page_mutes_a_game,
);

/// Message id (or `id.attribute`) → the variables it names, and its source text, for `lang`.
fn messages(lang: &str) -> BTreeMap<String, (BTreeSet<String>, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("core/locales")
        .join(lang);
    let mut found = BTreeMap::new();
    for file in std::fs::read_dir(&dir).expect("the language folder exists") {
        let path = file.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let id = message.id.name.to_string();
                let mut patterns = Vec::new();
                if let Some(value) = &message.value {
                    patterns.push((id.clone(), value));
                }
                for attribute in &message.attributes {
                    patterns.push((format!("{id}.{}", attribute.id.name), &attribute.value));
                }
                for (key, pattern) in patterns {
                    let mut names = BTreeSet::new();
                    let mut source = String::new();
                    in_pattern(pattern, &mut names, &mut source);
                    found.insert(key, (names, source));
                }
            }
        }
    }
    found
}

fn in_pattern(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>, source: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => source.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                source.push(' ');
                in_expression(expression, names, source);
                source.push(' ');
            }
        }
    }
}

fn in_expression(
    expression: &ast::Expression<&str>,
    names: &mut BTreeSet<String>,
    source: &mut String,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            in_inline(selector, names, source);
            for variant in variants {
                source.push('\n');
                in_pattern(&variant.value, names, source);
            }
        }
        ast::Expression::Inline(inline) => in_inline(inline, names, source),
    }
}

fn in_inline(
    inline: &ast::InlineExpression<&str>,
    names: &mut BTreeSet<String>,
    source: &mut String,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
            source.push_str(&format!("{{${}}}", id.name));
        }
        ast::InlineExpression::Placeable { expression } => in_expression(expression, names, source),
        ast::InlineExpression::StringLiteral { value } => source.push_str(value),
        _ => {}
    }
}

/// Phrases a Brazilian reader stumbled on, each with why it is wrong. Matched on the
/// Portuguese catalogs' text and on every message rendered with representative arguments.
const KNOWN_MISTAKES: &[(&str, &str)] = &[
    (
        r"(?i)esperando [^.:]* aceitar\b",
        "the verb agrees with a list of names (aceitarem), or say \"o aceite de\"",
    ),
    (
        r"^Nenhuma\.$",
        "\"Nenhuma\" agrees with no section (Convites is masculine)",
    ),
    (
        r"(,|está|estão|estou|estava|estavam) a jogar\b",
        "European progressive: \"jogando\"",
    ),
    (
        r"\b\p{L}+(ou|eu|iu|ram)-(a|o|as|os|se|lhe|lhes)\b",
        "European enclisis after a past tense (\"cancelou-a\"): the pronoun goes before",
    ),
    (
        r"(?i)descansad[oa]s?\b",
        "\"descansados\": say \"que ainda não se moveram\"",
    ),
    (
        r"(?i)cabeça do registro",
        "audit jargon: \"hash do registro\", under \"Auditoria\"",
    ),
    (
        r"(?i)compromisso da distribuição",
        "audit jargon: \"selo do sorteio\"",
    ),
    (
        r"(?i)contribuição para a distribuição",
        "jargon: \"contribuição para o sorteio\"",
    ),
    (
        r": eliminad[oa]\b",
        "a player's gender is unknown: \"fora da partida\"",
    ),
    (
        r"\b1 (ataques|exércitos|territórios|cartas|regiões|rodadas|batalhas|ações|partidas|vezes|conquistas|prazos|jogadas|pontos|unidades|cidades)\b",
        "one takes the singular",
    ),
    (
        r"\b0 (ataque|exército|território|carta|região|rodada|batalha|ação|partida|vez|conquista|prazo|jogada|ponto|unidade|cidade)\b",
        "Brazilians say zero in the plural (Fluent's CLDR calls 0 \"one\" in pt)",
    ),
    (
        r"[.!?]\s+você\b",
        "a sentence starts with a capital: \"Você\"",
    ),
    (
        r"rodada \S* rodadas",
        "\"rodada [30] rodadas\": a form's label reads as a sentence",
    ),
    (
        r"(?i): seu tempo acabou",
        "said while time is left: the grace warning's subject",
    ),
];

/// Variables that name someone or something, never a count: they are rendered as names.
const NAMES: &[&str] = &[
    "by",
    "who",
    "name",
    "names",
    "seat",
    "seats",
    "power",
    "powers",
    "winner",
    "conquered",
    "eliminated",
    "eliminator",
    "from",
    "to",
    "territory",
    "continent",
    "continents",
    "game",
    "inviter",
    "creator",
    "old",
    "region",
    "first",
    "dealer",
    "defender",
    "attacker",
    "owner",
    "colour",
    "kind",
    "address",
];

/// The value a variable has in a pass of numbers.
fn number(name: &str, n: i64) -> Arg {
    match NAMES.contains(&name) {
        true => "Ana e Bruno".into(),
        false => Arg::Number(n),
    }
}

/// Values to render a message's variables with: numbers 0, 1 and 2, names, and both forms of
/// "you" (`$you`: yes/no; `$…-p`: you/other, with the name "você" for "you").
fn argument_sets(names: &BTreeSet<String>) -> Vec<Vec<(String, Arg)>> {
    let mut sets = Vec::new();
    for you in [true, false] {
        let mut as_numbers: [Vec<(String, Arg)>; 3] = Default::default();
        let mut as_text = Vec::new();
        for name in names {
            let (number, text): (Option<Arg>, Arg) = if name == "you" {
                let value = if you { "yes" } else { "no" };
                (Some(value.into()), value.into())
            } else if name.ends_with("-p") {
                let value = if you { "you" } else { "other" };
                (Some(value.into()), value.into())
            } else {
                let text = if you && names.contains(&format!("{name}-p")) {
                    "você"
                } else {
                    "Ana e Bruno"
                };
                (None, text.into())
            };
            for (n, set) in as_numbers.iter_mut().enumerate() {
                let value = number
                    .clone()
                    .unwrap_or_else(|| self::number(name, n as i64));
                set.push((name.clone(), value));
            }
            as_text.push((name.clone(), text));
        }
        sets.extend(as_numbers);
        sets.push(as_text);
    }
    sets
}

#[test]
fn the_portuguese_catalogs_keep_out_the_known_mistakes() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let words = catalogs.words("pt");
    let mistakes: Vec<(regex::Regex, &str)> = KNOWN_MISTAKES
        .iter()
        .map(|(pattern, why)| (regex::Regex::new(pattern).unwrap(), *why))
        .collect();
    let mut problems = BTreeSet::new();
    let mut check = |id: &str, text: &str| {
        let text = text.replace(['\u{2068}', '\u{2069}'], "");
        for line in text.lines() {
            for (pattern, why) in &mistakes {
                if let Some(found) = pattern.find(line.trim()) {
                    problems.insert(format!("{id}: “{}” ({why})", found.as_str()));
                }
            }
        }
    };
    for (id, (names, source)) in messages("pt") {
        check(&id, &source);
        for set in argument_sets(&names) {
            let args: Vec<(&str, Arg)> = set.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            check(&id, &words.with(&id, &args));
        }
    }
    // The test sees what it is for: the mistakes of the issue, written the old way, are found.
    for text in [
        "Esperando Ana e Bruno aceitar o convite.",
        "Nenhuma.",
        "Ana, que criou a partida, cancelou-a.",
        "ataque (1 ataques declarados)",
        "Ana: 0 exército",
        "Ana: eliminado; objetivo: destruir",
        "todos os exércitos descansados",
        "Comprovante: jogada 3, cabeça do registro 3f2a",
        "Ana eliminou Bruno. você ficou com as cartas",
        "terminar depois da rodada 30 rodadas",
        "Ana, a jogar",
    ] {
        assert!(
            mistakes.iter().any(|(p, _)| p.is_match(text)),
            "no known mistake matches {text}"
        );
    }
    assert!(
        problems.is_empty(),
        "{}",
        problems.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// A plural of Portuguese says zero in the plural: each selector with a `[one]` variant that
/// holds a number has a `[0]` variant too (Fluent's CLDR rules put 0 in "one" for pt).
#[test]
fn portuguese_counts_say_zero_in_the_plural() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let words = catalogs.words("pt");
    let mut problems = Vec::new();
    let singular = regex::Regex::new(
        r"\b0 (exército|território|carta|ataque|região|rodada|batalha|ação|partida|vez|conquista|prazo|jogada|ponto|unidade|cidade|ducado|ordem)\b",
    )
    .unwrap();
    for (id, (names, _)) in messages("pt") {
        let zero: Vec<(&str, Arg)> = names.iter().map(|n| (n.as_str(), number(n, 0))).collect();
        let text = words.with(&id, &zero).replace(['\u{2068}', '\u{2069}'], "");
        if let Some(found) = singular.find(&text) {
            problems.push(format!("{id}: {}", found.as_str()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(
        words.one("war-armies-count", "count", 0),
        "0 exércitos".to_string()
    );
}

fn portuguese_client() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::ACCEPT_LANGUAGE,
        "pt-BR,pt;q=0.9".parse().unwrap(),
    );
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .default_headers(headers)
        .build()
        .unwrap()
}

/// A Condottiere game of three with a day per decision, created by Alice, every seat in.
async fn started(app: &TestApp) -> Vec<support::SeatLink> {
    let mut fields: Vec<(String, String)> = Vec::new();
    for (i, (name, email)) in PLAYERS[..3].iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    fields.push(("first_holder".into(), "creator".into()));
    fields.push(("pace".into(), "24".into()));
    let page = app.create_form(&support::borrow_fields(&fields)).await;
    assert_eq!(page.status, 303, "{}", page.body);
    let creator = support::SeatLink::parse(&app.url(&page.location.unwrap())).unwrap();
    app.confirm(&creator.game).await;
    let links = app.accept_all(&creator.game, 3).await;
    app.deliver_mail().await;
    links
}

/// The seat (from 1) the game waits on, by its deadline.
fn waiting(app: &TestApp, game: &str) -> u8 {
    let mut conn = app.running.db.get().unwrap();
    let rows = store::deadlines_of(&mut conn, &GameId::parse(game).unwrap()).unwrap();
    assert_eq!(rows.len(), 1, "one seat decides");
    u8::try_from(rows[0].seat + 1).unwrap()
}

/// A mail to `seat` about its reader speaks to them: "você", never their name as the one who
/// did it ("Olá, Ana,\n\nAna perdeu…", "O tempo de Ana acabou").
fn speaks_to(mail: &Mail, seat: u8) {
    let name = PLAYERS[usize::from(seat) - 1].0;
    let text = &mail.text;
    assert!(text.contains("Você") || text.contains("você"), "{text}");
    for said in [
        format!("\n{name} "),
        format!("O tempo de {name}"),
        format!("por {name},"),
        format!("Um bot jogou por {name}"),
    ] {
        assert!(
            !text.contains(&said),
            "{said:?} in a mail to {name}: {text}"
        );
    }
    assert!(
        !mail.subject.contains(&format!(": {name} ")),
        "{}",
        mail.subject
    );
}

async fn every_mail_about_its_reader_says_you_in_portuguese(backend: Backend) {
    let mut app = TestApp::spawn_timed(
        &backend,
        TimeRules {
            missed_deadlines: 1,
            ..TimeRules::default()
        },
    )
    .await;
    let links = started(&app).await;
    // Every player reads Portuguese: each saves it from the settings page their mail links to.
    for seat in 1..=3 {
        let mail = app.smtp.latest_to(email_of(seat), |_| true).unwrap();
        let saved = app
            .post_form(
                &mail.url_containing("/mail/"),
                &[
                    ("mail_mode", "every_turn"),
                    ("digest_hour", "9"),
                    ("time_zone", "UTC"),
                    ("language", "pt"),
                ],
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
    }
    app.client = portuguese_client();
    let game = links[0].game.clone();
    let late = waiting(&app, &game);
    let email = email_of(late);
    // The day passes: the grace warning says how long is left, not that time ran out.
    pass_time(&app, chrono::Duration::hours(25)).await;
    let warned = app
        .smtp
        .latest_to(email, |m| m.subject.contains("prazo vencido"))
        .expect("a grace warning");
    assert!(
        warned.subject.contains("última chance até"),
        "{}",
        warned.subject
    );
    assert!(!warned.subject.contains("acabou"), "{}", warned.subject);
    // The grace passes: the clock plays, the seat is absent; its player is told as "você".
    pass_time(&app, chrono::Duration::hours(7)).await;
    let absent = app
        .smtp
        .latest_to(email, |m| m.subject.contains("ausente"))
        .expect("the absent seat's player is told");
    speaks_to(&absent, late);
    assert!(
        absent.text.contains("Você perdeu um prazo"),
        "{}",
        absent.text
    );
    assert!(
        absent.subject.contains("você está ausente"),
        "{}",
        absent.subject
    );
    let other = if late == 1 { 2 } else { 1 };
    let name = PLAYERS[usize::from(late) - 1].0;
    let told = app
        .smtp
        .latest_to(email_of(other), |m| m.subject.contains("ausente"))
        .expect("the others are told");
    assert!(
        told.text.contains(&format!("{name} perdeu um prazo")),
        "{}",
        told.text
    );
    // The seat's own page says whose time ran out in the second person.
    let page = app.seat_page(&links[usize::from(late) - 1]).await;
    assert!(
        page.text().contains("O seu tempo acabou"),
        "{}",
        page.text()
    );
    assert!(!page.text().contains(&format!("O tempo de {name} acabou")));
    // Back at the seat.
    let back = app
        .post_form(&format!("{}/back", links[usize::from(late) - 1].url), &[])
        .await;
    assert_eq!(back.status, 303, "{}", back.body);
    app.deliver_mail().await;
    let returned = app
        .smtp
        .latest_to(email, |m| m.subject.contains("voltou"))
        .expect("the returning player is told");
    speaks_to(&returned, late);
    // Carla resigns: her own mail says "Você desistiu".
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    app.deliver_mail().await;
    let carla = app
        .smtp
        .latest_to(email_of(3), |m| m.subject.contains("desistiu"))
        .expect("Carla is told");
    speaks_to(&carla, 3);
    assert!(carla.text.contains("Você desistiu"), "{}", carla.text);
    let bob = app
        .smtp
        .latest_to(email_of(2), |m| m.subject.contains("desistiu"))
        .expect("Bob is told");
    assert!(bob.text.contains("Carla desistiu"), "{}", bob.text);
    // Alice, who created the game, cancels it: "Você cancelou a partida", never "cancelou-a".
    let cancelled = app
        .post_form(&format!("{}/cancel", links[0].url), &[("confirm", "yes")])
        .await;
    assert_eq!(cancelled.status, 303, "{}", cancelled.body);
    app.deliver_mail().await;
    let alice = app
        .smtp
        .latest_to(email_of(1), |m| m.subject.contains("cancelada"))
        .expect("Alice is told");
    speaks_to(&alice, 1);
    assert!(
        alice.text.contains("Você cancelou a partida"),
        "{}",
        alice.text
    );
    let bob = app
        .smtp
        .latest_to(email_of(2), |m| m.subject.contains("cancelada"))
        .expect("Bob is told");
    assert!(
        bob.text
            .contains("A partida foi cancelada por Alice, que a criou."),
        "{}",
        bob.text
    );
    for mail in app.smtp.mails() {
        assert!(!mail.text.contains("cancelou-a"), "{}", mail.text);
    }
    app.stop().await;
}

async fn the_digest_says_when_each_game_is_due_and_the_footers_settings_page_mutes_a_game(
    backend: Backend,
) {
    use chrono::TimeZone;
    let app = TestApp::spawn(&backend).await;
    // 2026-11-24 10:00 UTC = 07:00 in São Paulo.
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 10, 0, 0)
            .unwrap(),
    );
    let links = started(&app).await;
    let game = links[0].game.clone();
    let seat = waiting(&app, &game);
    let email = email_of(seat);
    // The footer promises "muting a game"; the page it links to offers it.
    let mail = app
        .smtp
        .latest_to(email, |m| m.text.contains(&game))
        .unwrap();
    assert!(mail.text.contains("muting a game"), "{}", mail.text);
    let settings = mail.url_containing("/mail/");
    let page = app.get(&settings).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let mute = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with(&format!("/games/{game}/mute")))
        .unwrap_or_else(|| panic!("a mute button for the game: {}", page.body));
    assert_eq!(mute.input("on"), Some("1"));
    let muted = app.post_form(&mute.action, &[("on", "1")]).await;
    assert_eq!(muted.status, 303, "{}", muted.body);
    let page = app.get(&muted.location.unwrap()).await;
    assert!(page.text().contains("(muted)"), "{}", page.text());
    let address = email.to_ascii_lowercase();
    {
        let mut conn = app.running.db.get().unwrap();
        assert!(store::muted_games(&mut conn, &address)
            .unwrap()
            .contains(&game));
    }
    // Unmuted again from the same page.
    let unmute = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with(&format!("/games/{game}/mute")))
        .unwrap();
    assert_eq!(unmute.input("on"), Some("0"));
    assert_eq!(
        app.post_form(&unmute.action, &[("on", "0")]).await.status,
        303
    );
    {
        let mut conn = app.running.db.get().unwrap();
        assert!(!store::muted_games(&mut conn, &address)
            .unwrap()
            .contains(&game));
    }
    // A link that is not one mutes nothing.
    let forged = format!("/mail/nope/games/{game}/mute");
    assert_eq!(app.post_form(&forged, &[("on", "1")]).await.status, 403);
    // A daily digest at 09:00 São Paulo time: it says when the game is due.
    let saved = app
        .post_form(
            &settings,
            &[
                ("mail_mode", "digest"),
                ("digest_hour", "9"),
                ("time_zone", "America/Sao_Paulo"),
                ("language", ""),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 12, 1, 0)
            .unwrap(),
    );
    let report = app.running.scheduler.run_once().await.unwrap();
    assert!(report.digests >= 1, "{report:?}");
    app.deliver_mail().await;
    let digest = app
        .smtp
        .latest_to(email, |m| m.subject.starts_with("Your games today"))
        .expect("a digest");
    // Due a day after the start, 07:00 there: "Due Wednesday 07:00, …".
    let due = digest
        .text
        .lines()
        .find(|l| l.starts_with("Due "))
        .unwrap_or_else(|| panic!("no deadline in the digest: {}", digest.text));
    assert!(due.contains("07:00"), "{due}");
    assert!(
        digest.html.contains(due.split(';').next().unwrap()),
        "{}",
        digest.html
    );
    app.stop().await;
}

/// War's territories take their article in Portuguese ("no Peru", "da Argentina para o Peru"):
/// every sentence that places a territory after a preposition uses the territory's own form
/// (its `.in`, `.from`, `.to`, `.the` attributes), never the bare name ("em Peru").
#[test]
fn portuguese_sentences_give_each_territory_its_article() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let words = catalogs.words("pt");
    for (id, form, text) in [
        ("war-territory-peru", "in", "no Peru"),
        ("war-territory-peru", "to", "para o Peru"),
        ("war-territory-argentina", "from", "da Argentina"),
        ("war-territory-argentina", "the", "a Argentina"),
        ("war-territory-portugal", "in", "em Portugal"),
        ("war-territory-nova-york", "from", "de Nova York"),
    ] {
        assert_eq!(words.get(&format!("{id}.{form}")), text);
    }
    let english = catalogs.words("en");
    assert_eq!(english.get("war-territory-peru.from"), "from Peru");
    // Seats, not territories, follow these prepositions in these messages.
    let seats = ["war-ev-terrain-card-passed", "war-ev-cards-taken"];
    let bare = regex::Regex::new(
        r"\b(em|de|para|a partir de|fora de|atacar|atacando|conquistou) \{\$(to|from|territory)\}",
    )
    .unwrap();
    let mut problems = Vec::new();
    for (id, (_, source)) in messages("pt") {
        if !id.starts_with("war-") || seats.contains(&id.as_str()) {
            continue;
        }
        for found in bare.find_iter(&source) {
            problems.push(format!("{id}: {}", found.as_str()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
