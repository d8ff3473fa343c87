//! Votes at the table by reply mail: a line of a reply ("agree", "propose a draw", "propor
//! pausa 48 horas", "concede to Bob") read as a [`Vote`], in every language the catalogs hold.
//!
//! The words are the catalogs' `table-reply-*` keys, each a list of alternatives separated by
//! `|`, folded as the games' commands are (case, accents, punctuation and filler words off). A
//! proposal always starts with the propose word ("propose draw", never "draw" alone), so it
//! cannot be taken for a game's own command; a concession may also be said alone ("concede to
//! Bob"). The table's rules judge the vote when it is played; a pause's length is checked there,
//! against the one limit ([`super::table::MAX_PAUSE_HOURS`]).

use super::table::{Proposal, Vote};
use crate::engine::Seat;
use crate::present::{Command, Folding, SeatNames, Words};

/// Reads reply lines as votes at the table.
pub struct TableReader {
    folding: Folding,
    agree: Vec<Vec<String>>,
    decline: Vec<Vec<String>>,
    resume: Vec<Vec<String>>,
    propose: Vec<Vec<String>>,
    draw: Vec<Vec<String>>,
    cancel: Vec<Vec<String>>,
    pause: Vec<Vec<String>>,
    hours: Vec<Vec<String>>,
    concede: Vec<Vec<String>>,
    /// Each seat's name, folded.
    names: Vec<(Seat, Vec<String>)>,
}

impl TableReader {
    /// The reader of every language in `languages`, for a table of these seats.
    pub fn new(languages: &[Words], names: &SeatNames) -> TableReader {
        let folding = Folding::standard(languages);
        let phrases = |key: &str| -> Vec<Vec<String>> {
            let mut all: Vec<Vec<String>> = languages
                .iter()
                .flat_map(|w| {
                    w.get(key)
                        .split('|')
                        .map(|p| folding.fold(p))
                        .collect::<Vec<_>>()
                })
                .filter(|p| !p.is_empty())
                .collect();
            // The longest first, so "i agree" is tried before "agree".
            all.sort_by_key(|p| std::cmp::Reverse(p.len()));
            all.dedup();
            all
        };
        TableReader {
            agree: phrases("table-reply-agree"),
            decline: phrases("table-reply-decline"),
            resume: phrases("table-reply-resume"),
            propose: phrases("table-reply-propose"),
            draw: phrases("table-reply-draw"),
            cancel: phrases("table-reply-cancel"),
            pause: phrases("table-reply-pause"),
            hours: phrases("table-reply-hours"),
            concede: phrases("table-reply-concede"),
            names: Seat::all(names.len() as u8)
                .map(|seat| (seat, folding.fold(&names.name(seat))))
                .collect(),
            folding,
        }
    }

    /// What `line` is: a vote, a line that starts like one but reads as none ("propose
    /// lunch"), or no vote at all.
    pub fn read(&self, line: &str) -> Command<Vote> {
        let words = self.folding.fold(line);
        if words.is_empty() {
            return Command::None;
        }
        for (phrases, vote) in [
            (&self.agree, Vote::Agree),
            (&self.decline, Vote::Decline),
            (&self.resume, Vote::Resume),
        ] {
            if phrases.contains(&words) {
                return Command::Action(vote);
            }
        }
        if let Some(rest) = after(&self.concede, &words) {
            return match self.seat_named(rest) {
                Some(seat) => Command::Action(Vote::Propose(Proposal::Concede(seat))),
                None => Command::Unreadable,
            };
        }
        let Some(rest) = after(&self.propose, &words) else {
            return Command::None;
        };
        let proposal = if self.draw.iter().any(|p| p == rest) {
            Some(Proposal::Draw)
        } else if self.cancel.iter().any(|p| p == rest) {
            Some(Proposal::Cancel)
        } else if let Some(rest) = after(&self.concede, rest) {
            self.seat_named(rest).map(Proposal::Concede)
        } else if let Some(rest) = after(&self.pause, rest) {
            match rest {
                [n] => n.parse().ok(),
                [n, unit] if self.hours.iter().any(|h| h == std::slice::from_ref(unit)) => {
                    n.parse().ok()
                }
                _ => None,
            }
            .map(|hours| Proposal::Pause { hours })
        } else {
            None
        };
        match proposal {
            Some(proposal) => Command::Action(Vote::Propose(proposal)),
            None => Command::Unreadable,
        }
    }

    /// The seat whose name (or number) is `words`.
    fn seat_named(&self, words: &[String]) -> Option<Seat> {
        if let [n] = words {
            if let Some(seat) = n.parse::<u8>().ok().and_then(Seat::from_number) {
                return self.names.iter().any(|(s, _)| *s == seat).then_some(seat);
            }
        }
        self.names
            .iter()
            .find(|(_, name)| !name.is_empty() && name == words)
            .map(|(seat, _)| *seat)
    }
}

/// The words after the first of `phrases` that `words` starts with.
fn after<'w>(phrases: &[Vec<String>], words: &'w [String]) -> Option<&'w [String]> {
    phrases
        .iter()
        .find(|p| words.starts_with(p))
        .map(|p| &words[p.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Registry;

    fn reader(registry: &Registry) -> TableReader {
        let catalogs = registry.catalogs();
        let languages: Vec<Words> = catalogs
            .languages()
            .into_iter()
            .map(|l| catalogs.words(l))
            .collect();
        let names = SeatNames::new(vec!["Ana Lúcia".into(), "Bob".into(), "Cleo".into()]);
        TableReader::new(&languages, &names)
    }

    #[test]
    fn every_vote_reads_in_english_and_in_portuguese() {
        let registry = Registry::standard();
        let reader = reader(&registry);
        let cases = [
            ("agree", Vote::Agree),
            ("I agree.", Vote::Agree),
            ("Aceito", Vote::Agree),
            ("concordo!", Vote::Agree),
            ("decline", Vote::Decline),
            ("Recuso", Vote::Decline),
            ("resume", Vote::Resume),
            ("retomar", Vote::Resume),
            ("propose a draw", Vote::Propose(Proposal::Draw)),
            ("Propor empate", Vote::Propose(Proposal::Draw)),
            ("proponho um empate", Vote::Propose(Proposal::Draw)),
            ("propose to cancel", Vote::Propose(Proposal::Cancel)),
            ("propor cancelar", Vote::Propose(Proposal::Cancel)),
            (
                "propose pause 48 hours",
                Vote::Propose(Proposal::Pause { hours: 48 }),
            ),
            (
                "propose a pause of 12 h",
                Vote::Propose(Proposal::Pause { hours: 12 }),
            ),
            (
                "propor pausa 48 horas",
                Vote::Propose(Proposal::Pause { hours: 48 }),
            ),
            ("concede to Bob", Vote::Propose(Proposal::Concede(Seat(1)))),
            (
                "concedo a Ana Lucia",
                Vote::Propose(Proposal::Concede(Seat(0))),
            ),
            (
                "propose concede to 3",
                Vote::Propose(Proposal::Concede(Seat(2))),
            ),
            // Beyond the limit still reads: the table's rules refuse it with their words.
            (
                "propose pause 9999 hours",
                Vote::Propose(Proposal::Pause { hours: 9999 }),
            ),
        ];
        for (line, vote) in cases {
            assert_eq!(reader.read(line), Command::Action(vote), "{line}");
        }
        for line in [
            "propose lunch",
            "propose pause soon",
            "concede to Zed",
            "concede to 4",
        ] {
            assert_eq!(reader.read(line), Command::Unreadable, "{line}");
        }
        for line in [
            "I agree with Bob about Milan",
            "draw",
            "good game",
            "",
            "cancel",
        ] {
            assert_eq!(reader.read(line), Command::None, "{line}");
        }
    }

    #[test]
    fn no_games_command_starts_like_a_vote() {
        let registry = Registry::standard();
        let reader = reader(&registry);
        let catalogs = registry.catalogs();
        for kind in registry.kinds() {
            for lang in catalogs.languages() {
                let words = catalogs.words(lang);
                for verb in kind.command_words(&words) {
                    assert_eq!(
                        reader.read(&verb),
                        Command::None,
                        "{}'s command {verb:?} ({lang}) reads as a vote",
                        kind.name()
                    );
                }
            }
        }
    }
}
