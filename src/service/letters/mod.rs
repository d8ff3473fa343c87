//! The letters the service writes: one data struct per kind of mail, rendered by askama
//! templates (`templates/mail/<kind>/`, words from the catalogs) into an outbox row's parts.

use crate::present::{MailPart, Words};
use askama::Template;

/// A rendered mail: what an outbox row carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// For the `List-Unsubscribe` header.
    pub unsubscribe_url: String,
}

/// What every mail ends with: the recipient's mail settings and one-click unsubscribe links.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footer {
    pub settings_url: String,
    pub unsubscribe_url: String,
    /// The newest signed tree head of the transparency log (its text line), so every
    /// reader keeps a copy; empty before the log has one.
    pub tree_head: String,
}

/// One line of a player list.
#[derive(Clone, Debug)]
pub struct PlayerLine {
    /// From 1.
    pub number: u8,
    pub name: String,
    pub is_you: bool,
}

#[derive(Clone, Debug)]
pub struct Invitation<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    /// The game's name (as the creator named it, or after its players).
    pub game_title: String,
    /// The kind's title ("Condottiere").
    pub kind_title: String,
    pub game_id: String,
    pub inviter: String,
    pub inviter_address: String,
    pub players: Vec<PlayerLine>,
    pub options: Vec<String>,
    /// Advice about the options (shown, never enforced).
    pub notes: Vec<String>,
    /// The pace in words ("1 day per decision", "no deadline").
    pub pace: String,
    pub commitment: String,
    pub seat_url: String,
    pub game_url: String,
}

#[derive(Clone, Debug)]
pub struct YourTurn<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    /// The decision, worded by the game.
    pub prompt: String,
    /// When it is due, in the reader's zone and words ("Thursday 14:00, in 2 days").
    pub due: Option<String>,
    /// What this seat may know of what happened since it was last told, one sentence each.
    pub happened: Vec<String>,
    /// The game's own lines (the seat's hand…).
    pub part: MailPart,
    pub seat_url: String,
    pub game_url: String,
    pub seq: i64,
    pub log_head: String,
    pub log_head_short: String,
    /// The signed receipt of `seq` and the head (its text line, see `audit::receipt`).
    pub signed_receipt: String,
    /// The table's messages since the seat last acted, one line each.
    pub talk: Vec<String>,
    /// Reply commands that play a legal move now (a few, as examples); empty when the game
    /// takes no moves by reply.
    pub commands: Vec<String>,
}

/// Messages at a table, mailed in a batch.
#[derive(Clone, Debug)]
pub struct Talk<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub lines: Vec<String>,
    pub seat_url: String,
}

/// The answer to a reply by mail: what became of it, line by line, and the game as it stands.
/// When the seat must decide, it is the seat's turn mail too (the decision, the hand, the
/// deadline, the commands): no other mail tells it of that decision.
#[derive(Clone, Debug)]
pub struct Answer<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    /// "Applied: move 58.", "Not applied: …", "The game moved on …", "Your message went to…".
    pub verdict: String,
    /// Why, when it was not applied and no line says why.
    pub why: Option<String>,
    /// Each line of a reply with commands and what became of it, one sentence each.
    pub lines: Vec<String>,
    /// Whether lines that were no command were set aside (a reply with commands posts nothing).
    pub nothing_posted: bool,
    /// What happened since the seat last acted (its move included).
    pub happened: Vec<String>,
    /// Whether the seat must decide now (the subject says it is its turn).
    pub your_turn: bool,
    /// What the seat must decide now, if anything.
    pub prompt: Option<String>,
    /// When it is due, in the reader's zone and words.
    pub due: Option<String>,
    /// The game's own lines (the seat's hand…), when the seat must decide.
    pub part: MailPart,
    pub commands: Vec<String>,
    pub seat_url: String,
    /// The signed receipt of the game's log as the answer leaves it (its text line).
    pub signed_receipt: String,
}

#[derive(Clone, Debug)]
pub struct GameOver<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    pub result: String,
    pub standings: Vec<String>,
    pub happened: Vec<String>,
    pub game_url: String,
    pub replay_url: String,
    pub record_url: String,
    pub seq: i64,
    pub log_head: String,
    pub log_head_short: String,
    /// The signed receipt of `seq` and the head (its text line, see `audit::receipt`).
    pub signed_receipt: String,
    /// Revealed now that the game is over.
    pub secret: String,
    pub commitment: String,
}

#[derive(Clone, Debug)]
pub struct Cancelled<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    /// Why, in a sentence ("Carla declined the invitation.").
    pub why: String,
    pub game_url: String,
    pub commitment: String,
}

#[derive(Clone, Debug)]
pub struct Relink<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    pub seat_url: String,
    pub game_url: String,
    /// The deal commitment and, once the game started, "move N, log head …".
    pub receipt: String,
    /// The signed receipt of the game's log as it stands (its text line), once it started.
    pub signed_receipt: String,
}

/// To a game's creator: a mail of the game could not be delivered.
#[derive(Clone, Debug)]
pub struct MailFailed<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    /// The name of the seat the mail was for (never its address).
    pub recipient: String,
    pub reason: String,
    /// The creator's own seat link.
    pub seat_url: String,
}

impl Invitation<'_> {
    /// "Ann (ann@example.org) invites you to play Condottiere by email: …".
    pub fn intro(&self) -> String {
        self.w.with(
            "mail-invitation-intro",
            &[
                ("inviter", self.inviter.as_str().into()),
                ("address", self.inviter_address.as_str().into()),
                ("kind", self.kind_title.as_str().into()),
                ("game", self.game_title.as_str().into()),
            ],
        )
    }
}

/// To every seat when the last one accepted: who decides first, and the recipient's own
/// decision and hand when it is theirs.
#[derive(Clone, Debug)]
pub struct Started<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub game_id: String,
    /// Whose decision it is, from the recipient's point of view ("Your decision: …").
    pub first: String,
    /// When the recipient's decision is due, if they decide first.
    pub due: Option<String>,
    pub part: MailPart,
    pub seat_url: String,
    pub game_url: String,
    pub seq: i64,
    pub log_head: String,
    pub log_head_short: String,
    /// The signed receipt of `seq` and the head (its text line, see `audit::receipt`).
    pub signed_receipt: String,
    /// Reply commands of the seat's first decision, if it has one.
    pub commands: Vec<String>,
}

/// To a game's creator: prove the address before any invitation leaves.
#[derive(Clone, Debug)]
pub struct Confirm<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub confirm_url: String,
    /// The creator's own seat.
    pub seat_url: String,
}

/// A single-use link to "my games".
#[derive(Clone, Debug)]
pub struct SignIn<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub sign_in_url: String,
    pub minutes: u64,
}

/// One game of a digest.
#[derive(Clone, Debug)]
pub struct DigestGame {
    pub game_title: String,
    /// The decision, in words.
    pub prompt: String,
    /// When the decision is due, in the reader's zone and words (none without a deadline).
    pub due: Option<String>,
    pub happened: Vec<String>,
    /// The table's messages since the last mail, one line each.
    pub talk: Vec<String>,
    pub seat_url: String,
}

/// The daily mail of a person who asked for one: every game waiting on them.
#[derive(Clone, Debug)]
pub struct Digest<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub games: Vec<DigestGame>,
    pub my_games_url: String,
}

/// A player proposes to play again: an invitation to the new game.
#[derive(Clone, Debug)]
pub struct Rematch<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub proposer: String,
    pub old_title: String,
    pub players: Vec<PlayerLine>,
    pub seat_url: String,
}

/// A mail about one seat to the table: absent, back, resigned, replaced (and to the
/// newcomer, the invitation to take it over).
#[derive(Clone, Debug)]
pub struct SeatNotice<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    /// The catalog key of the subject (`mail-seat-<kind>-subject`).
    pub subject_key: String,
    /// The seat's player, by name.
    pub about: String,
    /// Whether the mail is about its reader's own seat (then it says "you").
    pub you: bool,
    /// What happened, in a sentence.
    pub text: String,
    /// A line for this recipient alone (the creator may invite a replacement…).
    pub extra: Option<String>,
    pub seat_url: String,
}

impl SeatNotice<'_> {
    pub fn subject(&self) -> String {
        self.w.three(
            &self.subject_key,
            ("game", self.game_title.as_str()),
            ("name", self.about.as_str()),
            ("you", you(self.you)),
        )
    }
}

/// A reminder that a deadline comes, or the warning that it passed and the clock plays soon.
#[derive(Clone, Debug)]
pub struct Deadline<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    /// `reminder` or `overdue`.
    pub kind: String,
    pub prompt: String,
    /// When, in the reader's zone and words.
    pub due: String,
    /// The game's own lines, as in the turn mail: what the decision needs.
    pub part: MailPart,
    pub seat_url: String,
    pub seq: i64,
    pub log_head_short: String,
    /// The signed receipt of `seq` and the head (its text line, see `audit::receipt`).
    pub signed_receipt: String,
}

impl Deadline<'_> {
    pub fn subject(&self) -> String {
        self.w.two(
            &format!("mail-{}-subject", self.kind),
            ("game", self.game_title.as_str()),
            ("due", self.due.as_str()),
        )
    }
    pub fn intro(&self) -> String {
        self.w.three(
            &format!("mail-{}-intro", self.kind),
            ("game", self.game_title.as_str()),
            ("due", self.due.as_str()),
            ("prompt", self.prompt.as_str()),
        )
    }
}

#[derive(Template)]
#[template(path = "mail/footer.txt")]
struct FooterText<'a, 'w> {
    w: &'a Words<'w>,
    footer: &'a Footer,
}

macro_rules! mail_templates {
    ($data:ident $([$name:ident])?, $subject:ident = $sp:tt, $text:ident = $tp:tt, $html:ident = $hp:tt) => {
        #[derive(Template)]
        #[template(path = $sp)]
        struct $subject<'a, 'w> {
            m: &'a $data<'w>,
        }
        #[derive(Template)]
        #[template(path = $tp)]
        struct $text<'a, 'w> {
            m: &'a $data<'w>,
        }
        #[derive(Template)]
        #[template(path = $hp)]
        struct $html<'a, 'w> {
            m: &'a $data<'w>,
        }
        impl $data<'_> {
            pub fn render(&self) -> Result<Rendered, askama::Error> {
                let footer = FooterText {
                    w: &self.w,
                    footer: &self.footer,
                }
                .render()?;
                let name: Option<&str> = None $(.or(Some(self.$name.as_str())))?;
                Ok(Rendered {
                    subject: fit_subject(&one_line(&$subject { m: self }.render()?), name),
                    text: format!("{}\n{footer}", $text { m: self }.render()?.trim_end()),
                    html: $html { m: self }.render()?,
                    unsubscribe_url: self.footer.unsubscribe_url.clone(),
                })
            }
        }
    };
}

/// The value of a message's `$you` selector: whether a sentence is about its reader
/// ("You resigned") or about someone else ("Ana resigned").
pub fn you(yes: bool) -> &'static str {
    if yes {
        "yes"
    } else {
        "no"
    }
}

/// A subject is one line: newlines become spaces, runs of blanks collapse.
/// To the person the creator invites to take over a resigned seat: the game by name, who
/// plays, the pace, and the link that takes the seat (nothing changes until they follow it).
#[derive(Clone, Debug)]
pub struct TakeOver<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    /// The kind's title ("Condottiere").
    pub kind_title: String,
    pub inviter: String,
    /// Who left the seat.
    pub old: String,
    /// Everyone at the table, by seat, the seat on offer as its leaver.
    pub players: Vec<String>,
    pub pace: String,
    pub take_url: String,
    pub game_url: String,
}

impl TakeOver<'_> {
    /// "Ann invites you to take over the seat Carla left in Friday, a game of Condottiere…".
    pub fn intro(&self) -> String {
        self.w.with(
            "mail-take-over-intro",
            &[
                ("inviter", self.inviter.as_str().into()),
                ("old", self.old.as_str().into()),
                ("kind", self.kind_title.as_str().into()),
                ("game", self.game_title.as_str().into()),
            ],
        )
    }
}

/// The lobby's mails, one shape for each of them: the claimer's link that proves their address,
/// the creator's request to approve a claim, a claim approved (the seat's link), declined, or
/// too late. A subject, a few sentences and at most one link (its words, its URL).
#[derive(Clone, Debug)]
pub struct Lobby<'w> {
    pub w: Words<'w>,
    pub footer: Footer,
    pub to_name: String,
    pub game_title: String,
    pub subject: String,
    pub lines: Vec<String>,
    pub link: Option<(String, String)>,
    pub game_url: String,
}

/// A game's pace in words: the time each decision has, or "no deadline".
pub fn pace(w: Words, hours_per_decision: Option<i32>) -> String {
    match hours_per_decision {
        Some(hours) => w.one("pace-hours", "hours", hours),
        None => w.get("pace-none"),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The longest subject a phone's list of mails shows whole, in characters.
pub const SUBJECT_MAX_CHARS: usize = 70;

/// The shortest a game's name is cut to before the rest of a subject is.
const NAME_MIN_CHARS: usize = 24;

/// A subject that fits a phone's list ([`SUBJECT_MAX_CHARS`]): the game's name (`name`, where
/// the subject holds it) is shortened first, at a word with an ellipsis, down to
/// [`NAME_MIN_CHARS`]; only then is the rest cut, at a word, never inside one. Every mail's
/// subject passes here (`render`).
pub fn fit_subject(subject: &str, name: Option<&str>) -> String {
    let length = |text: &str| text.chars().count();
    if length(subject) <= SUBJECT_MAX_CHARS {
        return subject.to_owned();
    }
    let found = name
        .filter(|name| !name.is_empty())
        .and_then(|name| subject.find(name).map(|at| (at, name)));
    let Some((at, name)) = found else {
        return shorten(subject, SUBJECT_MAX_CHARS);
    };
    let (before, after) = (&subject[..at], &subject[at + name.len()..]);
    let room = SUBJECT_MAX_CHARS.saturating_sub(length(before) + length(after));
    let name = shorten(name, room.max(NAME_MIN_CHARS.min(length(name))));
    shorten(&format!("{before}{name}{after}"), SUBJECT_MAX_CHARS)
}

/// `text` in at most `max` characters: whole, or its longest start that ends at a word (at
/// a word's first characters when even the first word is longer) followed by "…".
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max || max == 0 {
        return text.to_owned();
    }
    let budget = max - 1;
    let mut cut = None;
    // `n` characters stand before byte `i`.
    for (n, (i, c)) in text.char_indices().enumerate() {
        if n > budget {
            break;
        }
        if c.is_whitespace() {
            cut = Some(i);
        }
    }
    let kept = match cut {
        Some(i) => text[..i].trim_end_matches(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | ':' | '-' | '–' | '—' | '(' | '·')
        }),
        None => {
            let end = text
                .char_indices()
                .nth(budget)
                .map_or(text.len(), |(i, _)| i);
            &text[..end]
        }
    };
    format!("{kept}…")
}

mail_templates!(
    Lobby[game_title],
    LobbySubject = "mail/lobby/subject.txt",
    LobbyText = "mail/lobby/body.txt",
    LobbyHtml = "mail/lobby/body.html"
);
mail_templates!(
    TakeOver[game_title],
    TakeOverSubject = "mail/take_over/subject.txt",
    TakeOverText = "mail/take_over/body.txt",
    TakeOverHtml = "mail/take_over/body.html"
);
mail_templates!(
    Invitation[game_title],
    InvitationSubject = "mail/invitation/subject.txt",
    InvitationText = "mail/invitation/body.txt",
    InvitationHtml = "mail/invitation/body.html"
);
mail_templates!(
    YourTurn[game_title],
    YourTurnSubject = "mail/your_turn/subject.txt",
    YourTurnText = "mail/your_turn/body.txt",
    YourTurnHtml = "mail/your_turn/body.html"
);
mail_templates!(
    GameOver[game_title],
    GameOverSubject = "mail/game_over/subject.txt",
    GameOverText = "mail/game_over/body.txt",
    GameOverHtml = "mail/game_over/body.html"
);
mail_templates!(
    Cancelled[game_title],
    CancelledSubject = "mail/cancelled/subject.txt",
    CancelledText = "mail/cancelled/body.txt",
    CancelledHtml = "mail/cancelled/body.html"
);
mail_templates!(
    Relink[game_title],
    RelinkSubject = "mail/relink/subject.txt",
    RelinkText = "mail/relink/body.txt",
    RelinkHtml = "mail/relink/body.html"
);

mail_templates!(
    Started[game_title],
    StartedSubject = "mail/started/subject.txt",
    StartedText = "mail/started/body.txt",
    StartedHtml = "mail/started/body.html"
);
mail_templates!(
    Confirm[game_title],
    ConfirmSubject = "mail/confirm/subject.txt",
    ConfirmText = "mail/confirm/body.txt",
    ConfirmHtml = "mail/confirm/body.html"
);
mail_templates!(
    SignIn,
    SignInSubject = "mail/sign_in/subject.txt",
    SignInText = "mail/sign_in/body.txt",
    SignInHtml = "mail/sign_in/body.html"
);
mail_templates!(
    Digest,
    DigestSubject = "mail/digest/subject.txt",
    DigestText = "mail/digest/body.txt",
    DigestHtml = "mail/digest/body.html"
);
mail_templates!(
    Rematch[old_title],
    RematchSubject = "mail/rematch/subject.txt",
    RematchText = "mail/rematch/body.txt",
    RematchHtml = "mail/rematch/body.html"
);
mail_templates!(
    SeatNotice[game_title],
    SeatNoticeSubject = "mail/seat_notice/subject.txt",
    SeatNoticeText = "mail/seat_notice/body.txt",
    SeatNoticeHtml = "mail/seat_notice/body.html"
);
mail_templates!(
    Deadline[game_title],
    DeadlineSubject = "mail/deadline/subject.txt",
    DeadlineText = "mail/deadline/body.txt",
    DeadlineHtml = "mail/deadline/body.html"
);
mail_templates!(
    MailFailed[game_title],
    MailFailedSubject = "mail/mail_failed/subject.txt",
    MailFailedText = "mail/mail_failed/body.txt",
    MailFailedHtml = "mail/mail_failed/body.html"
);

mail_templates!(
    Talk[game_title],
    TalkSubject = "mail/talk/subject.txt",
    TalkText = "mail/talk/body.txt",
    TalkHtml = "mail/talk/body.html"
);
mail_templates!(
    Answer[game_title],
    AnswerSubject = "mail/answer/subject.txt",
    AnswerText = "mail/answer/body.txt",
    AnswerHtml = "mail/answer/body.html"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::Catalogs;

    #[test]
    fn html_parts_escape_player_names_and_text_parts_do_not() {
        let catalogs = Catalogs::build(&[]).unwrap();
        let mail = Cancelled {
            w: catalogs.default_words(),
            footer: Footer::default(),
            to_name: "Bob".into(),
            game_title: "Condottiere".into(),
            game_id: "abcdefgh23".into(),
            why: "<Eve & co> declined the invitation.".into(),
            game_url: "https://example.org/games/abcdefgh23".into(),
            commitment: "00".into(),
        };
        let rendered = mail.render().unwrap();
        assert!(!rendered.html.contains("<Eve"), "{}", rendered.html);
        assert!(rendered.html.contains("Eve &#38; co") || rendered.html.contains("Eve &amp; co"));
        assert!(rendered.text.contains("<Eve & co> declined"));
        assert_eq!(rendered.subject, "Condottiere is cancelled");
    }

    /// Seen on a phone: "Condottiere with Alice, Bob, Carla and Dino: your turn, take your
    /// reinforcements: Intelligence, trades, then place every army" showed a third of itself.
    #[test]
    fn a_long_subject_shortens_the_game_name_first_and_never_cuts_inside_a_word() {
        let fits = |subject: &str| subject.chars().count() <= SUBJECT_MAX_CHARS;
        let short = "Condottiere: your turn, play a card or pass";
        assert_eq!(fit_subject(short, Some("Condottiere")), short);

        let name = "Condottiere with Alice, Bobby, Carla, Dino and Elsa";
        let subject = format!("{name}: your turn, play a card or pass");
        let fitted = fit_subject(&subject, Some(name));
        assert!(fits(&fitted), "{fitted}");
        assert!(fitted.starts_with("Condottiere with Alice"), "{fitted}");
        assert!(
            fitted.ends_with("…: your turn, play a card or pass"),
            "{fitted}"
        );

        let prompt = "take your reinforcements: Intelligence, trades, then place every army";
        let name = "War with Alice, Bob, Carla and Dino";
        let fitted = fit_subject(&format!("{name}: your turn, {prompt}"), Some(name));
        assert!(fits(&fitted), "{fitted}");
        assert!(fitted.starts_with("War with Alice"), "{fitted}");
        assert!(fitted.ends_with('…'), "{fitted}");
        let kept = fitted.trim_end_matches('…');
        let said = kept.rsplit("your turn, ").next().unwrap();
        // Every word of the prompt that is kept is whole.
        for word in said.split_whitespace() {
            assert!(
                prompt
                    .split_whitespace()
                    .any(|w| w.trim_end_matches([',', ':']) == word.trim_end_matches([',', ':'])),
                "{word} in {fitted}"
            );
        }

        // A name that is not in the subject: the subject is cut at a word.
        let fitted = fit_subject(&"word ".repeat(30), None);
        assert!(fits(&fitted) && fitted.ends_with("word…"), "{fitted}");
    }
}
