//! Reading replies by mail, the parts a game chooses from: how a line's words are folded (the
//! standard folding and its filler words), how a reply's lines are taken (its script policy).
//!
//! The service passes a game the raw line ([`crate::present::Presenter::read_command`]); the
//! game folds it as it likes, usually with [`Folding::standard`]. The service folds with the
//! game's [`crate::present::Presenter::folding`] too when it matches the phrases of the
//! game's listed moves and when it judges whether a line is shaped like a command.

use super::Words;

/// The longest sheet of lines a seat page's text box takes at once (a game of written orders),
/// in characters; the service refuses a longer one with what to do.
pub const SHEET_MAX_CHARS: usize = 6000;

/// A catalog entry's alternatives, `|`-separated (`end turn | end my turn`), trimmed, none
/// empty: the first is what the game writes, every one is read.
pub fn alternatives(text: &str) -> impl Iterator<Item = &str> {
    text.split('|').map(str::trim).filter(|a| !a.is_empty())
}

/// The first of a catalog entry's alternatives: what the game writes.
pub fn first_alternative(text: &str) -> String {
    alternatives(text).next().unwrap_or_default().to_owned()
}

/// Names as folded words and what each names, as a game's reply reader matches them.
pub type Names<T> = Vec<(Vec<String>, T)>;

/// Every alternative of a catalog entry (`entry` reads it in one language) in each of
/// `languages`, folded, each once.
pub fn folded_alternatives(
    languages: &[Words],
    entry: &dyn Fn(&Words) -> String,
    fold: &dyn Fn(&str) -> Vec<String>,
) -> Vec<Vec<String>> {
    let mut list: Vec<Vec<String>> = languages
        .iter()
        .flat_map(|w| alternatives(&entry(w)).map(fold).collect::<Vec<_>>())
        .filter(|n| !n.is_empty())
        .collect();
    list.dedup();
    list
}

/// Longest names first, so that "nova guine" is read before a shorter name it starts with.
pub fn longest_first<T>(names: &mut Names<T>) {
    names.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
}

/// How a reply's lines are taken ([`crate::present::Presenter::script`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// The lines are one script, played in order: the first line the rules refuse, or that
    /// reads as no command, stops it, and the lines after it are not played (War's turn, where
    /// an attack depends on the armies placed before it; Condottiere).
    StopAtRefusal,
    /// Each line stands on its own (a sheet of written orders): a refused or unreadable line is
    /// answered, and the others are played.
    EachLine,
}

/// A way of folding a line into the words commands compare: lower case, accents and
/// punctuation off, filler words dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folding {
    fillers: Vec<String>,
}

impl Folding {
    /// The standard folding: the filler words of every language's `reply-filler-words`
    /// ("the", "on", "a", "de"…) dropped.
    pub fn standard(languages: &[Words]) -> Folding {
        let plain = Folding::default();
        Folding {
            fillers: languages
                .iter()
                .flat_map(|w| plain.fold(&w.get("reply-filler-words")))
                .collect(),
        }
    }

    /// A folding that drops these filler words (given in any case and accents).
    pub fn with_fillers<S: AsRef<str>>(fillers: &[S]) -> Folding {
        let plain = Folding::default();
        Folding {
            fillers: fillers
                .iter()
                .flat_map(|f| plain.fold(f.as_ref()))
                .collect(),
        }
    }

    /// `text`'s words: lower case, accents and punctuation off, filler words dropped, in order.
    pub fn fold(&self, text: &str) -> Vec<String> {
        let plain: String = text.to_lowercase().chars().map(plain_char).collect();
        plain
            .split_whitespace()
            .filter(|w| !self.fillers.iter().any(|f| f == w))
            .map(str::to_owned)
            .collect()
    }
}

/// A letter without its accent; punctuation as a space.
fn plain_char(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        c if c.is_alphanumeric() => c,
        _ => ' ',
    }
}

/// The Damerau–Levenshtein distance between two words (optimal string alignment: insertions,
/// deletions, substitutions and swaps of two neighbouring letters, each 1).
pub fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Whether a folded word someone wrote is a command word or a slip of it: the same word, or,
/// both of four letters or more and starting alike, one edit away ("jgar" for "jogar",
/// "pasar" for "passar"). The first letter must agree: "hope" is not a slip of "pope".
pub fn near(written: &str, command: &str) -> bool {
    if written == command {
        return true;
    }
    let long = |w: &str| w.chars().count() >= 4;
    long(written)
        && long(command)
        && written.chars().next() == command.chars().next()
        && distance(written, command) <= 1
}

/// Whether folded `line` starts with the folded command `words` (`["end", "turn"]`), each word
/// the same or [`near`] it.
pub fn starts_like(line: &[String], words: &[String]) -> bool {
    !words.is_empty()
        && line.len() >= words.len()
        && line.iter().zip(words).all(|(w, c)| near(w, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn folding_drops_case_accents_punctuation_and_fillers() {
        let folding = Folding::with_fillers(&["a", "de"]);
        assert_eq!(
            folding.fold("Atacar a Argentina, DE Brasil!"),
            words("atacar argentina brasil")
        );
        assert_eq!(Folding::default().fold("A MIL - PAV"), words("a mil pav"));
    }

    #[test]
    fn distance_counts_one_swap_as_one_edit() {
        assert_eq!(distance("jgar", "jogar"), 1);
        assert_eq!(distance("plya", "play"), 1);
        assert_eq!(distance("pass", "passar"), 2);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn a_slip_is_near_but_a_word_that_starts_otherwise_or_is_short_is_not() {
        assert!(near("jgar", "jogar"));
        assert!(near("pasar", "passar"));
        assert!(near("play", "play"));
        assert!(!near("hope", "pope"), "the first letter differs");
        assert!(!near("pas", "pass"), "three letters are too few to guess");
        assert!(!near("jogo", "jogar"), "two edits away");
        assert!(starts_like(&words("end trun now"), &words("end turn")));
        assert!(!starts_like(&words("end"), &words("end turn")));
    }
}
