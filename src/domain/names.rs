//! The parsed inputs of the game service: player names, email addresses and entropy
//! contributions. Constructors check; once built, a value is known good.

use std::fmt;

/// A player's display name: 1 to [`PlayerName::MAX_CHARS`] characters after trimming, at least
/// one of them visible, no control characters and no characters that reorder or hide text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName(String);

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    #[error("a player name must not be empty")]
    Empty,
    #[error("a player name has at most {} characters", PlayerName::MAX_CHARS)]
    TooLong,
    #[error("a player name may not contain control characters")]
    Control,
    #[error("a player name may not contain characters that reorder text")]
    Reordering,
}

impl BadName {
    /// The catalog message that words it: `name-problem-<code>`.
    pub fn code(&self) -> &'static str {
        match self {
            BadName::Empty => "empty",
            BadName::TooLong => "too-long",
            BadName::Control => "control",
            BadName::Reordering => "reordering",
        }
    }
}

/// Characters that change the direction of the text around them (Unicode bidi controls): a
/// name with one can show as something else entirely.
fn reorders(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// Characters refused in free text a player writes (messages, notes): controls other than a
/// line break or a tab, and characters that reorder the text around them.
pub fn refused_in_text(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || reorders(c)
}

/// Characters that take no room: a name of only these shows as nothing.
fn invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(c, '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{00ad}' | '\u{034f}' | '\u{180e}')
}

impl PlayerName {
    /// The one limit of a name's length: the forms' `maxlength`, the check and its message.
    pub const MAX_CHARS: usize = 40;

    pub fn parse(text: &str) -> Result<PlayerName, BadName> {
        shown_text(text, PlayerName::MAX_CHARS).map(PlayerName)
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Text people read as a name: trimmed, something visible, at most `max` characters, nothing
/// that controls or reorders the text around it.
fn shown_text(text: &str, max: usize) -> Result<String, BadName> {
    let text = text.trim();
    if text.chars().all(invisible) {
        return Err(BadName::Empty);
    }
    if text.chars().count() > max {
        return Err(BadName::TooLong);
    }
    if text.chars().any(char::is_control) {
        return Err(BadName::Control);
    }
    if text.chars().any(reorders) {
        return Err(BadName::Reordering);
    }
    Ok(text.to_owned())
}

/// The name a creator gives a game (mail subjects and pages show it): the rules of a player's
/// name, up to [`GameTitle::MAX_CHARS`] characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTitle(String);

impl GameTitle {
    /// The one limit of a game's name: the form's `maxlength`, the API's check, the message.
    pub const MAX_CHARS: usize = 80;

    pub fn parse(text: &str) -> Result<GameTitle, BadName> {
        shown_text(text, GameTitle::MAX_CHARS).map(GameTitle)
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An email address the mailer can send to: `local@domain` with a domain name (not a literal IP
/// address), no spaces, at most [`EmailAddress::MAX_CHARS`] characters, and accepted by
/// lettre's address parser. Two addresses are the same address whatever their letter case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailAddress(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("that does not look like an email address (expected name@example.org)")]
pub struct BadEmail;

impl EmailAddress {
    /// The one limit of an address's length (RFC 5321's path limit).
    pub const MAX_CHARS: usize = 254;

    pub fn parse(text: &str) -> Result<EmailAddress, BadEmail> {
        let text = text.trim();
        let (local, domain) = text.split_once('@').ok_or(BadEmail)?;
        let sane = !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            // A literal IP address reaches a machine directly, past every domain's mail policy.
            && !domain.starts_with('[')
            && domain.parse::<std::net::IpAddr>().is_err()
            && text.len() <= EmailAddress::MAX_CHARS
            && !text
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>');
        if !sane || text.parse::<lettre::Address>().is_err() {
            return Err(BadEmail);
        }
        Ok(EmailAddress(text.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address as one person: letter case ignored (`Ann@Example.org` is `ann@example.org`).
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat's entropy contribution: any text of 1 to [`Contribution::MAX_CHARS`] characters, kept
/// exactly as given (it is hashed byte for byte into the seed, so it is not trimmed). From the
/// accept form it is the browser's random value, a space and the player's phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contribution(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a contribution is 1 to {} characters without control characters",
    Contribution::MAX_CHARS
)]
pub struct BadContribution;

impl Contribution {
    /// The longest phrase a player may type (the accept form's `maxlength`).
    pub const PHRASE_MAX_CHARS: usize = 200;
    /// The random value the accept form's script adds: 32 bytes in hex.
    pub const BROWSER_VALUE_CHARS: usize = 64;
    /// The browser's value, a space, and the longest phrase.
    pub const MAX_CHARS: usize =
        Contribution::BROWSER_VALUE_CHARS + 1 + Contribution::PHRASE_MAX_CHARS;

    pub fn parse(text: &str) -> Result<Contribution, BadContribution> {
        let count = text.chars().count();
        if count == 0 || count > Contribution::MAX_CHARS || text.chars().any(char::is_control) {
            return Err(BadContribution);
        }
        Ok(Contribution(text.to_owned()))
    }

    /// A value drawn by the server for a player who typed none: 32 hex digits.
    pub fn server_drawn() -> Contribution {
        Contribution(hex::encode(rand::random::<[u8; 16]>()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
