//! The parsed inputs of the game service: player names, email addresses and entropy
//! contributions. Constructors check; once built, a value is known good.

use std::fmt;

/// A player's display name: 1 to 40 characters after trimming, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName(String);

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    #[error("a player name must not be empty")]
    Empty,
    #[error("a player name has at most 40 characters")]
    TooLong,
    #[error("a player name may not contain control characters")]
    Control,
}

impl PlayerName {
    pub const MAX_CHARS: usize = 40;

    pub fn parse(text: &str) -> Result<PlayerName, BadName> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BadName::Empty);
        }
        if text.chars().count() > PlayerName::MAX_CHARS {
            return Err(BadName::TooLong);
        }
        if text.chars().any(char::is_control) {
            return Err(BadName::Control);
        }
        Ok(PlayerName(text.to_owned()))
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

/// An email address the mailer can send to: `local@domain`, no spaces, at most 254 characters,
/// and accepted by lettre's address parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailAddress(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("that does not look like an email address (expected name@example.org)")]
pub struct BadEmail;

impl EmailAddress {
    pub fn parse(text: &str) -> Result<EmailAddress, BadEmail> {
        let text = text.trim();
        let (local, domain) = text.split_once('@').ok_or(BadEmail)?;
        let sane = !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && text.len() <= 254
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
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat's entropy contribution: any text of 1 to 200 characters, kept exactly as given
/// (it is hashed byte for byte into the seed, so it is not trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contribution(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a contribution is 1 to 200 characters without control characters")]
pub struct BadContribution;

impl Contribution {
    pub const MAX_CHARS: usize = 200;

    pub fn parse(text: &str) -> Result<Contribution, BadContribution> {
        let count = text.chars().count();
        if count == 0 || count > Contribution::MAX_CHARS || text.chars().any(char::is_control) {
            return Err(BadContribution);
        }
        Ok(Contribution(text.to_owned()))
    }

    /// A value drawn by the server for a player who typed none: 32 hex digits.
    pub fn server_drawn() -> Contribution {
        let mut bytes = [0u8; 16];
        getrandom::getrandom(&mut bytes).expect("the operating system has a random generator");
        Contribution(hex::encode(bytes))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
