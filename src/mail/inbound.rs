//! Mail coming in: a reply read from its raw bytes (who it is for, whether a machine sent it,
//! its Message-ID, the lines the person wrote above the quote and the signature).

use crate::service::replies::{Delivery, Inbound, ReceiveError};
use crate::service::Games;
use crate::store::Db;
use mail_parser::{HeaderValue, MessageParser, MimeHeaders, PartType};

/// The most of a reply that is read (a person's answer is short; the rest is quote).
pub const MAX_REPLY_BYTES: usize = 1 << 20;

/// The raw bytes are no mail at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this is not a mail message")]
pub struct Unreadable;

/// Read a delivered mail. `envelope_from` is the SMTP return path when the MTA gives it
/// (empty for bounces); `envelope_to` the recipients it was delivered for.
pub fn read(
    raw: &[u8],
    envelope_from: Option<&str>,
    envelope_to: &[String],
) -> Result<Inbound, Unreadable> {
    let raw = &raw[..raw.len().min(MAX_REPLY_BYTES)];
    let message = MessageParser::default().parse(raw).ok_or(Unreadable)?;
    if message.headers().is_empty() {
        return Err(Unreadable);
    }
    let mut recipients: Vec<String> = envelope_to.to_vec();
    for address in [message.to(), message.cc()].into_iter().flatten() {
        recipients.extend(
            address
                .iter()
                .filter_map(|a| a.address())
                .map(str::to_owned),
        );
    }
    for name in ["Delivered-To", "X-Original-To"] {
        if let Some(text) = message.header(name).and_then(HeaderValue::as_text) {
            recipients.push(text.trim().to_owned());
        }
    }
    let message_id = match message.message_id() {
        Some(id) if !id.trim().is_empty() => id.trim().to_owned(),
        _ => {
            use sha2::Digest;
            format!("sha256:{}", hex::encode(sha2::Sha256::digest(raw)))
        }
    };
    // A reply written in HTML only is read block by block, without its quote.
    let body = match message.text_part(0).map(|part| &part.body) {
        Some(PartType::Text(text)) => text.to_string(),
        Some(PartType::Html(html)) => html_text(html),
        _ => String::new(),
    };
    let mut senders: Vec<String> = message
        .from()
        .into_iter()
        .flat_map(|a| a.iter())
        .filter_map(|a| a.address())
        .chain(envelope_from)
        .map(|a| a.trim().trim_start_matches('<').trim_end_matches('>'))
        .filter(|a| !a.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    senders.dedup();
    Ok(Inbound {
        message_id,
        recipients,
        automatic: automatic(&message, envelope_from),
        senders,
        text: written_part(&body),
    })
}

/// Why a machine sent this mail, if one did (RFC 3834's Auto-Submitted, an empty return path
/// or a delivery status report for a bounce, the usual vacation headers and subjects).
fn automatic(message: &mail_parser::Message, envelope_from: Option<&str>) -> Option<&'static str> {
    let text = |name: &str| {
        message
            .header(name)
            .and_then(HeaderValue::as_text)
            .map(|t| t.trim().to_ascii_lowercase())
    };
    if let Some(value) = text("Auto-Submitted") {
        if value != "no" {
            return Some("auto-submitted");
        }
    }
    let empty_path = |path: &str| {
        let path = path.trim();
        path.is_empty() || path == "<>"
    };
    if envelope_from.is_some_and(empty_path) {
        return Some("bounce");
    }
    if let Some(path) = message.header_raw("Return-Path") {
        if empty_path(path) {
            return Some("bounce");
        }
    }
    if let Some(kind) = message.content_type() {
        if kind.ctype().eq_ignore_ascii_case("multipart")
            && kind
                .subtype()
                .is_some_and(|s| s.eq_ignore_ascii_case("report"))
        {
            return Some("bounce");
        }
    }
    let from = message
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if from.starts_with("mailer-daemon@") || from.starts_with("postmaster@") {
        return Some("bounce");
    }
    for name in ["X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"] {
        if message.header(name).is_some() {
            return Some("auto-reply");
        }
    }
    // A mail that went round a loop, or came from a mailing list, is no player's answer.
    if message.header("X-Loop").is_some() {
        return Some("loop");
    }
    if message.header("List-Id").is_some() {
        return Some("list");
    }
    if message
        .header_raw("Precedence")
        .map(|p| p.trim().to_ascii_lowercase())
        .is_some_and(|p| ["bulk", "junk", "list", "auto_reply"].contains(&p.as_str()))
    {
        return Some("auto-reply");
    }
    if vacation_subject(message.subject().unwrap_or_default()) {
        return Some("auto-reply");
    }
    None
}

/// Whether a subject is a vacation notice's or an auto-reply's ("Out of Office: …",
/// "[Out of Office]", "Abwesenheitsnotiz:", "Réponse automatique :"…), after the prefixes
/// a reply adds ("Re:", "AW:"…), whatever its case and accents.
fn vacation_subject(subject: &str) -> bool {
    const VACATION: [&str; 17] = [
        "auto:",
        "automatic reply",
        "autoreply",
        "auto-reply",
        "auto reply",
        "out of office",
        "out of the office",
        "resposta automatica",
        "ausencia temporaria",
        "fora do escritorio",
        "respuesta automatica",
        "reponse automatique",
        "absence du bureau",
        "abwesenheitsnotiz",
        "automatische antwort",
        "risposta automatica",
        "fuori sede",
    ];
    let mut plain = plain_letters(subject);
    loop {
        let trimmed = plain.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '[' | '(' | '*' | '-' | ':')
        });
        let prefix = [
            "re:", "aw:", "res:", "sv:", "fw:", "fwd:", "wg:", "tr:", "enc:",
        ]
        .iter()
        .find(|p| trimmed.starts_with(*p));
        match prefix {
            Some(prefix) => plain = trimmed[prefix.len()..].to_owned(),
            None => {
                plain = trimmed.to_owned();
                break;
            }
        }
    }
    VACATION.iter().any(|v| plain.starts_with(v))
}

/// Lower case without accents (decomposed marks dropped, the usual Latin letters folded).
fn plain_letters(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            c => c,
        })
        .collect()
}

/// The text of an HTML reply: each block element (`<div>`, `<p>`, `<br>`, list items, table
/// rows, headings) on lines of its own, quotes (`<blockquote>`) and `<head>`, `<style>`,
/// `<script>` dropped, entities decoded.
pub fn html_text(html: &str) -> String {
    const BLOCKS: [&str; 17] = [
        "br", "div", "p", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "pre", "section",
    ];
    const HIDDEN: [&str; 5] = ["blockquote", "head", "style", "script", "title"];
    let mut out = String::with_capacity(html.len());
    let mut hidden = 0usize;
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        if hidden == 0 {
            push_text(&mut out, &rest[..open]);
        }
        let tag_text = &rest[open + 1..];
        if let Some(comment) = tag_text.strip_prefix("!--") {
            rest = comment.find("-->").map_or("", |end| &comment[end + 3..]);
            continue;
        }
        let Some(close) = tag_text.find('>') else {
            rest = "";
            break;
        };
        let tag = &tag_text[..close];
        rest = &tag_text[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if HIDDEN.contains(&name.as_str()) {
            if closing {
                hidden = hidden.saturating_sub(1);
            } else if !tag.ends_with('/') {
                hidden += 1;
            }
            continue;
        }
        if hidden == 0 && BLOCKS.contains(&name.as_str()) && !out.ends_with('\n') {
            out.push('\n');
        }
    }
    if hidden == 0 {
        push_text(&mut out, rest);
    }
    out
}

/// Text between tags: white space runs as one space (HTML's rule), entities decoded.
fn push_text(out: &mut String, text: &str) {
    let mut rest = text;
    while !rest.is_empty() {
        let (piece, entity_at) = match rest.find('&') {
            Some(at) => (&rest[..at], Some(at)),
            None => (rest, None),
        };
        for c in piece.chars() {
            if c.is_whitespace() {
                if !out.is_empty() && !out.ends_with([' ', '\n']) {
                    out.push(' ');
                }
            } else {
                out.push(c);
            }
        }
        let Some(at) = entity_at else { break };
        let after = &rest[at + 1..];
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| entity(&after[..e]));
        match (end, decoded) {
            (Some(e), Some(c)) => {
                out.push(if c == '\u{a0}' { ' ' } else { c });
                rest = &after[e + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
}

fn entity(name: &str) -> Option<char> {
    let number = |digits: &str, radix| u32::from_str_radix(digits, radix).ok();
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some('\u{a0}'),
        _ => match name.strip_prefix('#') {
            Some(hex) if hex.starts_with(['x', 'X']) => number(&hex[1..], 16),
            Some(decimal) => number(decimal, 10),
            None => None,
        }
        .and_then(char::from_u32),
    }
}

/// The part of a reply its author wrote: the lines before the quoted mail ("> …", "On … wrote:",
/// "Em … escreveu:", even wrapped over two lines, Outlook's "From: … Sent: …" or "De: …
/// Enviado: …" headers, "-----Original Message-----", a line of underscores), before the
/// signature ("-- ") and before a mail program's own signature line ("Sent from my iPhone",
/// "Enviado do meu Galaxy", "Get Outlook for Android"…), trimmed.
pub fn written_part(body: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for line in body.lines() {
        let trimmed = line.trim();
        let lower = trimmed.to_lowercase();
        let quote_starts = trimmed.starts_with('>')
            || line == "-- "
            || trimmed == "--"
            || is_separator(trimmed)
            || ((lower.starts_with("on ") && lower.ends_with("wrote:"))
                || (lower.starts_with("em ") && lower.ends_with("escreveu:")))
            || is_header(&lower)
            || is_program_signature(&lower);
        if quote_starts {
            break;
        }
        // "On Tue, 24 Nov 2026, Ann" may wrap before "<ann@…> wrote:": drop its first half.
        if lower.ends_with("wrote:") || lower.ends_with("escreveu:") {
            let previous = kept
                .last()
                .map(|l| l.trim().to_lowercase())
                .unwrap_or_default();
            if previous.starts_with("on ") || previous.starts_with("em ") {
                kept.pop();
            }
            break;
        }
        kept.push(line.trim_end());
    }
    kept.join("\n").trim().to_owned()
}

/// "-----Original Message-----", "-----Mensagem original-----", "-----Forwarded message-----",
/// or a line of underscores (Outlook's rule above its header block).
fn is_separator(line: &str) -> bool {
    let dashed = line.len() > 10 && line.starts_with("-----") && line.ends_with("-----");
    let ruled = line.chars().count() >= 10 && line.chars().all(|c| c == '_');
    dashed || ruled
}

/// The first line of a quoted mail's header block, as Outlook and Apple Mail write it in
/// English and Portuguese ("From: …", "De: …", bold in HTML: "*From:* …").
fn is_header(lower: &str) -> bool {
    let lower = lower.trim_start_matches('*');
    ["from:", "de:"].iter().any(|h| {
        lower
            .strip_prefix(h)
            .or_else(|| lower.strip_prefix(&h.replace(':', "*:")))
            .is_some_and(|rest| rest.starts_with([' ', '*']) || rest.is_empty())
    })
}

/// The line a mail program adds under what its user wrote, in English or Portuguese: "Sent
/// from my iPhone", "Enviado do meu smartphone Samsung Galaxy", "Get Outlook for iOS", "Obter o
/// Outlook para Android", "Enviado pelo Gmail", "Enviado do Yahoo Mail"… A short line only:
/// a sentence a person wrote that starts alike goes on.
fn is_program_signature(lower: &str) -> bool {
    const STARTS: [&str; 16] = [
        "sent from ",
        "sent with ",
        "sent via ",
        "sent using ",
        "get outlook for ",
        "enviado do ",
        "enviado de ",
        "enviado da ",
        "enviado pelo ",
        "enviado pela ",
        "enviado via ",
        "enviado com ",
        "enviado usando ",
        "obter o outlook ",
        "obtenha o outlook ",
        "baixe o outlook ",
    ];
    let words = lower.split_whitespace().count();
    lower.chars().count() <= 60 && words <= 8 && STARTS.iter().any(|s| lower.starts_with(s))
}

/// Hand one delivered mail to the game service: the one path of `corriere mail receive` and
/// of the LMTP listener. A mail that does not parse is refused like an unknown address.
pub async fn deliver(
    games: &Games,
    db: &Db,
    raw: &[u8],
    envelope_from: Option<&str>,
    envelope_to: &[String],
) -> Result<Delivery, ReceiveError> {
    let mail = read(raw, envelope_from, envelope_to).map_err(|_| ReceiveError::Unknown)?;
    games.receive(db, mail).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_part_stops_at_quotes_and_signatures() {
        let body = "play M5\n\nGood luck!\n\nOn Tue, 24 Nov 2026 at 10:00, corriere <c@x> wrote:\n> Your turn\n";
        assert_eq!(written_part(body), "play M5\n\nGood luck!");
        let body = "jogar Inverno\n-- \nAna\nenviado do celular";
        assert_eq!(written_part(body), "jogar Inverno");
        let body = "pass\r\nEm ter., 24 de nov. de 2026 10:00, corriere escreveu:\r\n> Sua vez";
        assert_eq!(written_part(body), "pass");
        let body = "draw 3\n-----Original Message-----\nFrom: corriere";
        assert_eq!(written_part(body), "draw 3");
        let body =
            "keep M10 HE\n\nOn Tue, 24 Nov 2026 at 10:00, corriere\n<c@x.example> wrote:\n> …";
        assert_eq!(written_part(body), "keep M10 HE");
    }

    /// `written_part` of a reply "jogar M1" over `tail`: the command alone.
    fn command_over(tail: &str) -> String {
        written_part(&format!("jogar M1\n\n{tail}\n> Sua vez\n"))
    }

    #[test]
    fn phone_signatures_in_both_languages_are_not_written_words() {
        for signature in [
            "Enviado do meu iPhone",
            "Sent from my iPhone",
            "Sent from my Android",
            "Sent from my Galaxy",
            "Enviado do meu Galaxy",
            "Enviado do meu smartphone Samsung Galaxy",
            "Enviado de meu iPad",
        ] {
            assert_eq!(command_over(signature), "jogar M1", "{signature}");
        }
    }

    #[test]
    fn mail_programs_signatures_are_not_written_words() {
        for signature in [
            "Get Outlook for iOS",
            "Get Outlook for Android<https://aka.ms/AAb9ysg>",
            "Obter o Outlook para iOS",
            "Obter o Outlook para Android",
            "Enviado pelo Gmail",
            "Enviado do Gmail",
            "Enviado do Yahoo Mail para Android",
            "Sent from Yahoo Mail on Android",
            "Enviado do Email para Windows",
        ] {
            assert_eq!(command_over(signature), "jogar M1", "{signature}");
        }
    }

    #[test]
    fn a_sentence_that_starts_like_a_signature_is_kept() {
        let body =
            "Sent from the office between two meetings, so forgive me if I am slow to answer";
        assert_eq!(written_part(body), body);
    }

    #[test]
    fn gmail_s_portuguese_quote_header_is_cut_on_one_line_or_two() {
        let one = "Em seg., 27 de nov. de 2026 às 10:00, corriere <c@x.example> escreveu:";
        assert_eq!(command_over(one), "jogar M1");
        let two = "Em seg., 27 de nov. de 2026 às 10:00, corriere <\nc@x.example> escreveu:";
        assert_eq!(command_over(two), "jogar M1");
    }

    #[test]
    fn english_quote_headers_are_cut_on_one_line_or_two() {
        let one = "On Mon, 27 Nov 2026 at 10:00, corriere <c@x.example> wrote:";
        assert_eq!(command_over(one), "jogar M1");
        let two = "On Mon, 27 Nov 2026 at 10:00, corriere\n<c@x.example> wrote:";
        assert_eq!(command_over(two), "jogar M1");
    }

    #[test]
    fn outlook_s_header_blocks_are_cut_in_both_languages() {
        let pt = "De: corriere <c@x.example>\nEnviado: segunda-feira, 27 de novembro de 2026 10:00\nPara: Ana <a@x.example>\nAssunto: Sua vez";
        assert_eq!(command_over(pt), "jogar M1");
        let en = "From: corriere <c@x.example>\nSent: Monday, November 27, 2026 10:00 AM\nTo: Ann <a@x.example>\nSubject: Your turn";
        assert_eq!(command_over(en), "jogar M1");
        let bold = "*From:* corriere <c@x.example>\n*Sent:* Monday";
        assert_eq!(command_over(bold), "jogar M1");
    }

    #[test]
    fn original_message_lines_and_underscore_rules_are_cut() {
        for separator in [
            "-----Mensagem original-----",
            "-----Original Message-----",
            "________________________________",
        ] {
            assert_eq!(command_over(separator), "jogar M1", "{separator}");
        }
    }

    #[test]
    fn machines_are_recognised() {
        let mail = |headers: &str| {
            format!("{headers}From: a@b.example\r\nTo: reply+t@x.example\r\nSubject: Re: x\r\nMessage-ID: <1@b>\r\n\r\npass\r\n")
        };
        let read = |text: String, from: Option<&str>| read(text.as_bytes(), from, &[]).unwrap();
        assert_eq!(read(mail(""), Some("a@b.example")).automatic, None);
        assert_eq!(read(mail("Auto-Submitted: no\r\n"), None).automatic, None);
        assert_eq!(
            read(mail("Auto-Submitted: auto-replied\r\n"), None).automatic,
            Some("auto-submitted")
        );
        assert_eq!(read(mail(""), Some("")).automatic, Some("bounce"));
        assert_eq!(
            read(mail("Return-Path: <>\r\n"), None).automatic,
            Some("bounce")
        );
        assert_eq!(
            read(mail("X-Autoreply: yes\r\n"), None).automatic,
            Some("auto-reply")
        );
        let vacation = "From: a@b.example\r\nSubject: Out of Office: back Monday\r\n\r\nhi";
        assert_eq!(read(vacation.into(), None).automatic, Some("auto-reply"));
        let plain = read(mail(""), None);
        assert_eq!(plain.message_id, "1@b");
        assert_eq!(plain.recipients, vec!["reply+t@x.example".to_owned()]);
        assert_eq!(plain.text, "pass");
    }

    fn read_from_ann(raw: &[u8]) -> Inbound {
        read(raw, Some("ann@example.org"), &[]).expect("a mail")
    }

    #[test]
    fn html_only_replies_are_read_block_by_block_without_their_quote() {
        let html = |body: &str| {
            format!(
                "From: Ann <ann@example.org>\r\nTo: <reply+x@h.example>\r\nSubject: Re: x\r\nMessage-ID: <h@x>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><head><style>p {{}}</style></head><body>{body}</body></html>\r\n"
            )
        };
        let mail = read_from_ann(
            html("<div>pass</div><blockquote>On Tue, corriere wrote: play M5</blockquote>")
                .as_bytes(),
        );
        assert_eq!(mail.text, "pass");
        let mail = read_from_ann(
            html("<div dir=\"ltr\">play M5<div>good luck &amp; have fun</div></div><div class=\"gmail_quote\"><div>On Tue, 24 Nov 2026, corriere &lt;c@x&gt; wrote:</div><blockquote><div>Your turn</div><blockquote>older</blockquote><div>still quoted</div></blockquote></div>")
                .as_bytes(),
        );
        assert_eq!(mail.text, "play M5\ngood luck & have fun");
        let mail = read_from_ann(html("<p>draw&nbsp;3</p><p>bye</p>").as_bytes());
        assert_eq!(mail.text, "draw 3\nbye");
    }

    #[test]
    fn auto_replies_without_rfc_3834_headers_are_recognised() {
        let mail = |headers: &str, subject: &str| {
            format!("From: <ann@example.org>\r\nTo: <reply+x@h.example>\r\nSubject: {subject}\r\nMessage-ID: <a@x>\r\n{headers}\r\npass\r\n")
        };
        for subject in [
            "Abwesenheitsnotiz: Re: your turn",
            "Réponse automatique : Re: your turn",
            "[Out of Office] Re: your turn",
            "Resposta automática: Re: sua vez",
            "RES: Resposta automa\u{301}tica",
            "Automatic reply: your turn",
        ] {
            assert!(
                read_from_ann(mail("", subject).as_bytes())
                    .automatic
                    .is_some(),
                "{subject:?} is an auto-reply"
            );
        }
        for header in [
            "X-Loop: vacation@example.org\r\n",
            "List-Id: <games.lists.example.org>\r\n",
            "Precedence: bulk\r\n",
            "Precedence: junk\r\n",
            "Precedence: list\r\n",
        ] {
            assert!(
                read_from_ann(mail(header, "Re: your turn").as_bytes())
                    .automatic
                    .is_some(),
                "{header:?} is a machine's"
            );
        }
        // People are still people.
        for subject in ["Re: your turn", "Re: out of ideas", "Re: automatic win?"] {
            assert_eq!(
                read_from_ann(mail("", subject).as_bytes()).automatic,
                None,
                "{subject:?}"
            );
        }
    }

    #[test]
    fn replies_in_shift_jis_and_other_charsets_are_decoded() {
        let cases: [(&str, &[u8], &str); 3] = [
            // "パス" (pass) and "こんにちは" in Shift_JIS.
            (
                "Shift_JIS",
                b"\x83p\x83X\r\n\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd",
                "パス\nこんにちは",
            ),
            // "Привет" in KOI8-R.
            ("KOI8-R", b"\xf0\xd2\xc9\xd7\xc5\xd4", "Привет"),
            // "안녕" in EUC-KR.
            ("EUC-KR", b"\xbe\xc8\xb3\xe7", "안녕"),
        ];
        for (charset, body, text) in cases {
            let mut raw = format!("From: <ann@example.org>\r\nTo: <reply+x@h.example>\r\nSubject: Re: x\r\nMessage-ID: <j@x>\r\nContent-Type: text/plain; charset={charset}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n").into_bytes();
            raw.extend_from_slice(body);
            raw.extend_from_slice(b"\r\n");
            assert_eq!(read_from_ann(&raw).text, text, "{charset}");
        }
    }
}
