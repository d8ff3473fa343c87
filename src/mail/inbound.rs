//! Mail coming in: a reply read from its raw bytes (who it is for, whether a machine sent it,
//! its Message-ID, the lines the person wrote above the quote and the signature).

use mail_parser::{HeaderValue, MessageParser, MimeHeaders};

/// The most of a reply that is read (a person's answer is short; the rest is quote).
pub const MAX_REPLY_BYTES: usize = 1 << 20;

/// A reply as the service reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inbound {
    /// The Message-ID, or a stand-in made of the message's hash (so a second delivery of the
    /// same bytes is still recognised).
    pub message_id: String,
    /// Where it was delivered: the envelope's recipients first (LMTP's RCPT, the MTA's
    /// argument), then the addresses of To, Cc, Delivered-To and X-Original-To.
    pub recipients: Vec<String>,
    /// Why no person wrote it, if a machine did: an auto-reply, a bounce.
    pub automatic: Option<&'static str>,
    /// What the person wrote: the text above the quoted mail, without the signature.
    pub text: String,
}

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
    let body = message
        .body_text(0)
        .map(|text| text.into_owned())
        .unwrap_or_default();
    Ok(Inbound {
        message_id,
        recipients,
        automatic: automatic(&message, envelope_from),
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
    if text("Precedence")
        .is_some_and(|p| ["bulk", "junk", "list", "auto_reply"].contains(&p.as_str()))
    {
        return Some("auto-reply");
    }
    let subject = message.subject().unwrap_or_default().to_lowercase();
    const VACATION: [&str; 8] = [
        "auto:",
        "automatic reply",
        "autoreply",
        "auto-reply",
        "out of office",
        "resposta automática",
        "ausência temporária",
        "fora do escritório",
    ];
    if VACATION.iter().any(|v| subject.starts_with(v)) {
        return Some("auto-reply");
    }
    None
}

/// The part of a reply its author wrote: the lines before the quoted mail ("> …", "On … wrote:",
/// "Em … escreveu:", "-----Original Message-----") and before the signature ("-- "), trimmed.
pub fn written_part(body: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for line in body.lines() {
        let trimmed = line.trim();
        let lower = trimmed.to_lowercase();
        let quote_starts = trimmed.starts_with('>')
            || line == "-- "
            || trimmed == "--"
            || lower.starts_with("-----original message")
            || lower.starts_with("-----mensagem original")
            || lower.starts_with("________________________________")
            || ((lower.starts_with("on ") && lower.ends_with("wrote:"))
                || (lower.starts_with("em ") && lower.ends_with("escreveu:")))
            || lower.starts_with("from: ")
            || lower.starts_with("de: ");
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

/// Hand one delivered mail to the game service: the one path of `corriere mail receive` and
/// of the LMTP listener. A mail that does not parse is refused like an unknown address.
pub async fn deliver(
    games: &crate::games::Games,
    db: &crate::store::Db,
    raw: &[u8],
    envelope_from: Option<&str>,
    envelope_to: &[String],
) -> Result<crate::games::replies::Delivery, crate::games::replies::ReceiveError> {
    let mail = read(raw, envelope_from, envelope_to)
        .map_err(|_| crate::games::replies::ReceiveError::Unknown)?;
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
}
