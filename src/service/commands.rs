//! Reply commands: a line of a reply read as a move of the seat's (the game's grammar first,
//! then its listed moves' phrases in every language), whether a line is shaped like a command,
//! the commands nearest to a line, and the examples a mail shows.

use super::*;
use crate::kinds::Action;
use crate::present::{reply, Catalogs, Command, Folding};

/// How many reply commands a mail shows as examples.
pub const COMMAND_EXAMPLES: usize = 8;

/// Reply lines read against one game kind: its catalogs in every language, its folding, and
/// its command words, gathered once for a whole reply.
pub struct LineReader<'a> {
    kind: &'a dyn Kind,
    languages: Vec<Words<'a>>,
    folding: Folding,
    /// Every command word of the game in every language, folded ("end turn": two words).
    verbs: Vec<Vec<String>>,
}

impl<'a> LineReader<'a> {
    pub fn new(kind: &'a dyn Kind, catalogs: &'a Catalogs) -> LineReader<'a> {
        let languages: Vec<Words<'a>> = catalogs
            .languages()
            .into_iter()
            .map(|lang| catalogs.words(lang))
            .collect();
        let folding = kind.folding(&languages);
        let mut verbs: Vec<Vec<String>> = languages
            .iter()
            .flat_map(|w| kind.command_words(w))
            .map(|v| folding.fold(&v))
            .filter(|v| !v.is_empty())
            .collect();
        verbs.sort();
        verbs.dedup();
        LineReader {
            kind,
            languages,
            folding,
            verbs,
        }
    }

    /// What `line` is for `seat` now, reading the commands of every language: first the
    /// game's own grammar (given the raw line), then the phrases of its listed legal moves
    /// (folded by the game's folding, in any word order); a line that starts with a listed
    /// command's first word but names none is unreadable (a wrong card, say).
    pub fn read(&self, game: &Game, seat: Seat, line: &str) -> Command<Action> {
        let words = self.folding.fold(line);
        if words.is_empty() {
            return Command::None;
        }
        let view = game.view(Viewer::Seat(seat));
        match self
            .kind
            .read_command(line.trim(), &view, seat, &self.languages)
        {
            Command::None => {}
            read => return read,
        }
        let sorted = |mut words: Vec<String>| {
            words.sort_unstable();
            words
        };
        let wanted = sorted(words.clone());
        let listed = self.listed(game, seat);
        if let Some((action, _)) = listed
            .iter()
            .find(|(_, phrases)| phrases.iter().any(|p| sorted(p.clone()) == wanted))
        {
            return Command::Action(action.clone());
        }
        let starts_alike = listed
            .iter()
            .flat_map(|(_, phrases)| phrases)
            .any(|p| p.first() == words.first());
        if starts_alike {
            Command::Unreadable
        } else {
            Command::None
        }
    }

    /// Each legal action of `seat` with its phrases of every language, folded.
    fn listed(&self, game: &Game, seat: Seat) -> Vec<(Action, Vec<Vec<String>>)> {
        game.legal_actions(seat)
            .into_iter()
            .map(|action| {
                let phrases = self
                    .languages
                    .iter()
                    .flat_map(|w| self.kind.commands(&action, w))
                    .map(|p| self.folding.fold(&p))
                    .collect();
                (action, phrases)
            })
            .collect()
    }

    /// Whether `line` reads as a command of the game, or nearly does: the game reads it (a move,
    /// or a line its grammar knows but cannot read), or it starts with one of the game's
    /// command words in any language, or a slip of one (`present::reply::starts_like`:
    /// "jgar M1"), whatever the seat may do now. Such a line is never posted to the table.
    pub fn is_command_shaped(&self, game: &Game, seat: Seat, line: &str) -> bool {
        if !matches!(self.read(game, seat, line), Command::None) {
            return true;
        }
        let words = self.folding.fold(line);
        let listed = self.listed(game, seat);
        let first_words = listed
            .iter()
            .flat_map(|(_, phrases)| phrases)
            .filter_map(|p| p.first())
            .map(|w| vec![w.clone()]);
        self.verbs
            .iter()
            .cloned()
            .chain(first_words)
            .any(|verb| reply::starts_like(&words, &verb))
    }

    /// The commands nearest to `line` that `seat` can give now, in `words`' language: the
    /// listed moves' first phrases, the closest (by edit distance over the folded line) first.
    pub fn nearest(&self, game: &Game, seat: Seat, line: &str, words: &Words) -> Vec<String> {
        let written = self.folding.fold(line).join(" ");
        let mut phrases: Vec<(usize, String)> = game
            .legal_actions(seat)
            .iter()
            .filter_map(|action| self.kind.commands(action, words).into_iter().next())
            .map(|p| {
                (
                    reply::distance(&written, &self.folding.fold(&p).join(" ")),
                    p,
                )
            })
            .collect();
        phrases.sort_by_key(|p| p.0);
        phrases.dedup_by(|a, b| a.1 == b.1);
        phrases
            .into_iter()
            .take(NEAREST_COMMANDS)
            .map(|(_, p)| p)
            .collect()
    }
}

/// How many of the nearest commands the answer to a line not understood names.
pub const NEAREST_COMMANDS: usize = 3;

/// What `line` is for `seat` now ([`LineReader::read`]).
pub fn read_line(
    kind: &dyn Kind,
    game: &Game,
    seat: Seat,
    line: &str,
    catalogs: &Catalogs,
) -> Command<Action> {
    LineReader::new(kind, catalogs).read(game, seat, line)
}

/// A few reply commands that play a legal move of `seat` now, in `words`' language: each kind
/// of command once (its first word: `play`, `pass`…) before more of one kind, in the order of
/// the legal moves, so that a hand of many cards never hides `pass`.
pub fn command_examples(kind: &dyn Kind, game: &Game, seat: Seat, words: &Words) -> Vec<String> {
    let phrases: Vec<String> = game
        .legal_actions(seat)
        .iter()
        .filter_map(|action| kind.commands(action, words).into_iter().next())
        .collect();
    let first_word = |p: &String| p.split_whitespace().next().unwrap_or("").to_lowercase();
    let mut chosen = vec![false; phrases.len()];
    let mut kinds = Vec::new();
    for (i, phrase) in phrases.iter().enumerate() {
        let word = first_word(phrase);
        if !kinds.contains(&word) && kinds.len() < COMMAND_EXAMPLES {
            kinds.push(word);
            chosen[i] = true;
        }
    }
    let room = COMMAND_EXAMPLES - kinds.len();
    for flag in chosen.iter_mut().filter(|f| !**f).take(room) {
        *flag = true;
    }
    let mut examples: Vec<String> = phrases
        .iter()
        .zip(&chosen)
        .filter(|(_, &on)| on)
        .map(|(p, _)| p.clone())
        .collect();
    if phrases.len() > examples.len() {
        examples.push("…".to_owned());
    }
    examples
}
