//! Reply commands: a line of a reply read as a move of the seat's (the game's grammar first,
//! then its listed moves' phrases in every language), and the examples a mail shows.

use super::*;
use crate::kinds::Action;
use crate::present::{Catalogs, Command};

/// How many reply commands a mail shows as examples.
pub const COMMAND_EXAMPLES: usize = 8;

/// A line's words as commands compare them: lower case, accents and punctuation off, filler
/// words ("the", "on"… of every language) dropped, in order.
fn folded(line: &str, fillers: &[String]) -> Vec<String> {
    let plain: String = line
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        })
        .collect();
    plain
        .split_whitespace()
        .filter(|w| !fillers.iter().any(|f| f == w))
        .map(str::to_owned)
        .collect()
}

fn fillers(catalogs: &Catalogs) -> Vec<String> {
    catalogs
        .languages()
        .into_iter()
        .flat_map(|lang| folded(&catalogs.words(lang).get("reply-filler-words"), &[]))
        .collect()
}

/// What `line` is for `seat` now, reading the commands of every language: first the game's
/// own grammar (moves with numbers), then the phrases of its listed legal moves; a line that
/// starts with a listed command's first word but names none is unreadable (a wrong card, say),
/// so that it is answered as a move not understood rather than sent to the table.
pub fn read_line(
    kind: &dyn Kind,
    game: &Game,
    seat: Seat,
    line: &str,
    catalogs: &Catalogs,
) -> Command<Action> {
    let fillers = fillers(catalogs);
    let fold = |text: &str| folded(text, &fillers);
    let words = fold(line);
    if words.is_empty() {
        return Command::None;
    }
    let languages: Vec<Words> = catalogs
        .languages()
        .into_iter()
        .map(|lang| catalogs.words(lang))
        .collect();
    let view = game.view(Viewer::Seat(seat));
    match kind.read_command(&words, &view, seat, &languages, &fold) {
        Command::None => {}
        read => return read,
    }
    let sorted = |mut words: Vec<String>| {
        words.sort_unstable();
        words
    };
    let wanted = sorted(words.clone());
    // Each legal action with its phrases of every language, folded.
    let listed: Vec<(Action, Vec<Vec<String>>)> = game
        .legal_actions(seat)
        .into_iter()
        .map(|action| {
            let phrases = languages
                .iter()
                .flat_map(|w| kind.commands(&action, w))
                .map(|p| fold(&p))
                .collect();
            (action, phrases)
        })
        .collect();
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
