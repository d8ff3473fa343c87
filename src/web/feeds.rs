//! Feeds behind capability URLs: a game's Atom feed of its public events and a person's
//! iCalendar feed of their deadlines, written here from what the service returns; revoking
//! them; setting a person's webhook.

use super::errors::{Answer, Failure};
use super::html::see_other;
use super::{Answered, AppState};
use crate::audit::rfc3339_millis;
use crate::domain::GameId;
use crate::service::notices::{Calendar, GameFeed};
use crate::service::SeatLink;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

/// Text escaped for XML (element content and quoted attributes); characters XML 1.0 forbids
/// are left out.
pub(super) fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            '\u{fffe}' | '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A game's feed as Atom (RFC 4287): newest entries first, each with an id that never
/// changes (the game's page and the move's number).
pub fn atom(feed: &GameFeed, w: crate::present::Words) -> String {
    let updated = feed.entries.first().map_or(feed.created_at, |e| e.at);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str(&format!(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n",
        xml(&feed.lang)
    ));
    out.push_str(&format!("  <id>{}</id>\n", xml(&feed.page_url)));
    out.push_str(&format!(
        "  <title>{}</title>\n",
        xml(&w.one("feed-title", "game", feed.name.as_str()))
    ));
    out.push_str(&format!(
        "  <updated>{}</updated>\n",
        rfc3339_millis(updated.0)
    ));
    out.push_str("  <author><name>corriere</name></author>\n");
    out.push_str(&format!(
        "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n",
        xml(&feed.self_url)
    ));
    out.push_str(&format!(
        "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
        xml(&feed.page_url)
    ));
    for entry in &feed.entries {
        out.push_str("  <entry>\n");
        out.push_str(&format!(
            "    <id>{}</id>\n",
            xml(&format!("{}#move-{}", feed.page_url, entry.seq))
        ));
        out.push_str(&format!(
            "    <title>{}</title>\n",
            xml(&w.one("feed-entry-title", "move", entry.seq))
        ));
        out.push_str(&format!(
            "    <updated>{}</updated>\n",
            rfc3339_millis(entry.at.0)
        ));
        out.push_str(&format!(
            "    <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
            xml(&entry.url)
        ));
        out.push_str(&format!(
            "    <content type=\"text\">{}</content>\n",
            xml(&entry.text)
        ));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// A TEXT value escaped as RFC 5545 §3.3.11 says: backslash, semicolon, comma, new lines.
pub fn ical_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line folded as RFC 5545 §3.1 says: at most 75 octets a line (never inside a
/// character), each further line starting with a space; every line ends with CRLF.
pub fn ical_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 64 * 3 + 2);
    let mut used = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if used + len > 75 {
            out.push_str("\r\n ");
            // The space counts.
            used = 1;
        }
        out.push(c);
        used += len;
    }
    out.push_str("\r\n");
    out
}

/// A UTC time as iCalendar writes it: `20261128T140500Z`.
fn ical_time(at: crate::domain::Millis) -> String {
    at.to_utc().format("%Y%m%dT%H%M%SZ").to_string()
}

/// A person's calendar as iCalendar (RFC 5545): an event at each deadline, in UTC.
pub fn icalendar(calendar: &Calendar) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//corriere//deadlines//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        format!("X-WR-CALNAME:{}", ical_text(&calendar.name)),
    ];
    for event in &calendar.events {
        lines.extend([
            "BEGIN:VEVENT".to_owned(),
            format!("UID:{}@{}", event.uid, calendar.host),
            format!("DTSTAMP:{}", ical_time(calendar.now)),
            format!("LAST-MODIFIED:{}", ical_time(event.since)),
            format!("DTSTART:{}", ical_time(event.due_at)),
            format!("SUMMARY:{}", ical_text(&event.summary)),
            format!("DESCRIPTION:{}", ical_text(&event.description)),
            format!("URL:{}", event.url),
            "TRANSP:TRANSPARENT".to_owned(),
            "END:VEVENT".to_owned(),
        ]);
    }
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|l| ical_line(l)).collect()
}

#[derive(serde::Deserialize)]
pub struct FeedPath {
    game: String,
    lang: String,
    signature: String,
}

/// A feed URL that is not one (forged, revoked, or of no game): 404, told apart from nothing.
fn no_feed() -> Answer {
    Answer::message(
        StatusCode::NOT_FOUND,
        "not_found",
        "api-error-not-found",
        "page-feed-gone",
    )
}

/// GET /games/{game}/feed/{lang}/{signature}.atom: the game's public events as Atom.
pub async fn game_feed(state: web::Data<AppState>, path: web::Path<FeedPath>) -> Answered {
    let game = GameId::parse(&path.game).map_err(|_| no_feed())?;
    let feed = state
        .service
        .game_feed(&game, &path.lang, &path.signature)
        .await?
        .ok_or_else(no_feed)?;
    let w = state.games.registry().catalogs().words(&feed.lang);
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(atom(&feed, w)))
}

#[derive(serde::Deserialize)]
pub struct SeatFeedPath {
    game: String,
    seat: u8,
    token: String,
}

/// POST …/seat/{n}/{token}/feed/revoke: retire every URL of the game's feed; back to the seat
/// page, which shows the new one.
pub async fn revoke_feed(state: web::Data<AppState>, path: web::Path<SeatFeedPath>) -> Answered {
    let link = SeatLink {
        game: GameId::parse(&path.game).map_err(|_| Answer::no_game())?,
        seat: crate::engine::Seat::from_number(path.seat).ok_or_else(Answer::bad_link)?,
        token: crate::domain::SeatToken::parse(&path.token).map_err(|_| Answer::bad_link())?,
    };
    state.service.revoke_feed(&link).await?;
    Ok(see_other(format!(
        "/games/{}/seat/{}/{}?feed_revoked=1#feed",
        path.game, path.seat, path.token
    )))
}

/// GET /calendar/{key}.{signature}.ics: the person's deadlines as iCalendar.
pub async fn calendar(state: web::Data<AppState>, token: web::Path<String>) -> Answered {
    let calendar = state
        .service
        .calendar(&token)
        .await
        .map_err(Failure)?
        .ok_or_else(no_feed)?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "inline; filename=\"deadlines.ics\"",
        ))
        .body(icalendar(&calendar)))
}

/// POST /mail/{token}/calendar/revoke: retire the person's calendar URL; back to their mail
/// settings, which show the new one.
pub async fn revoke_calendar(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> Answered {
    let _ = request;
    state
        .service
        .revoke_calendar(&token)
        .await
        .map_err(Failure)?
        .ok_or_else(super::people::bad_mail_link)?;
    Ok(see_other(format!(
        "/mail/{token}?calendar_revoked=1#calendar"
    )))
}

#[derive(serde::Deserialize)]
pub struct WebhookForm {
    #[serde(default)]
    url: String,
    #[serde(default)]
    format: String,
}

/// POST /mail/{token}/webhook: set (or, empty, remove) the person's webhook; back to their
/// mail settings.
pub async fn set_webhook(
    state: web::Data<AppState>,
    token: web::Path<String>,
    form: web::Form<WebhookForm>,
) -> Answered {
    let form = form.into_inner();
    state
        .service
        .set_webhook(&token, form.url, form.format)
        .await?
        .ok_or_else(super::people::bad_mail_link)?;
    Ok(see_other(format!("/mail/{token}?saved=1#webhook")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icalendar_text_is_escaped_and_long_lines_folded_between_characters() {
        assert_eq!(ical_text("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
        let long = format!("SUMMARY:{}", "é".repeat(60));
        let folded = ical_line(&long);
        for line in folded.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
        }
        let unfolded = folded.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, long);
        assert_eq!(
            ical_line("DTSTART:20261128T140500Z"),
            "DTSTART:20261128T140500Z\r\n"
        );
    }

    #[test]
    fn xml_escapes_markup_and_drops_what_xml_forbids() {
        assert_eq!(
            xml("<a href='x'>&\u{1}</a>"),
            "&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;"
        );
    }
}
