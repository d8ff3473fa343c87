//! The service's own addresses (its From and its reply domain): no player's address may be one
//! of them, and no reply from one is taken, so two of its addresses never answer each other.

use super::{Games, ReplyAddress};

use crate::domain::EmailAddress;

/// The service's own addresses, in lower case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnAddresses {
    /// The domain of the reply addresses: every address there is the service's.
    reply_domain: String,
    /// The From address of its mails, if it sends any.
    from: Option<String>,
}

impl OwnAddresses {
    /// From the reply address and the From header (`name <address>` or a bare address).
    pub fn new(reply: &ReplyAddress, mail_from: Option<&str>) -> OwnAddresses {
        let from = mail_from.map(|text| {
            let text = text.trim();
            let bare = match (text.rfind('<'), text.rfind('>')) {
                (Some(open), Some(close)) if open < close => &text[open + 1..close],
                _ => text,
            };
            bare.trim().to_lowercase()
        });
        OwnAddresses {
            reply_domain: reply.domain().to_lowercase(),
            from: from.filter(|f| !f.is_empty()),
        }
    }

    /// Whether `address` is the service's: its From, or any address at its reply domain.
    pub fn contains(&self, address: &str) -> bool {
        let address = address
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_lowercase();
        let domain = address.rsplit_once('@').map_or("", |(_, d)| d);
        domain == self.reply_domain || self.from.as_deref() == Some(address.as_str())
    }
}

/// Why a player's address was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressProblem {
    #[error("that does not look like an email address (expected name@example.org)")]
    Bad,
    /// One of the service's own addresses: mail to it would come back to the service.
    #[error("that is an address of this service, not a player's")]
    Ours,
}

impl Games {
    /// Whether `address` is one of the service's own.
    pub fn is_own_address(&self, address: &str) -> bool {
        self.0.own.contains(address)
    }

    /// A player's address as a form or the API gives it (creating a game, replacing a
    /// player): an address the mailer can send to, and none of the service's own.
    pub fn player_address(&self, text: &str) -> Result<EmailAddress, AddressProblem> {
        let address = EmailAddress::parse(text).map_err(|_| AddressProblem::Bad)?;
        if self.is_own_address(address.as_str()) {
            return Err(AddressProblem::Ours);
        }
        Ok(address)
    }
}
