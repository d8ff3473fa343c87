//! Replies by mail: a reply's signed address names the seat, its first lines are moves when
//! they read as the game's commands (in any language of the catalogs), otherwise it is a message
//! to the table; every reply a person wrote is answered, no machine's ever.

use super::post::Class;
use super::talk::{MessageError, MessageText, Via};
use super::*;
use crate::kinds::Action;
use crate::mail::inbound::Inbound;
use crate::present::{Catalogs, Command};
use crate::store::Db;

/// How many reply commands a mail shows as examples.
pub const COMMAND_EXAMPLES: usize = 8;

/// What became of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Its commands were played; the log is at move `seq`.
    Applied { seq: i64 },
    /// The rules refused its first command; nothing was played.
    Refused,
    /// It answered a decision the game has moved past; nothing was played.
    Stale,
    /// It became a message to the table (or to one seat).
    Message,
    /// A machine wrote it (auto-reply, bounce): not acted on, not answered.
    Ignored(&'static str),
    /// This mail (by its Message-ID) was handled before: not acted on again.
    Duplicate,
}

impl Delivery {
    fn outcome(&self) -> &'static str {
        match self {
            Delivery::Applied { .. } => "applied",
            Delivery::Refused => "refused",
            Delivery::Stale => "stale",
            Delivery::Message => "message",
            Delivery::Ignored(_) => "ignored",
            Delivery::Duplicate => "duplicate",
        }
    }
}

/// Why a reply was not taken; each has its sysexits code for an MTA's pipe.
#[derive(Debug, thiserror::Error)]
pub enum ReceiveError {
    /// No address of ours with a token, or a token of no seat here: the MTA bounces it.
    #[error("no seat here answers to this address")]
    Unknown,
    /// A token whose signature is wrong, or retired by a relink: the MTA bounces it.
    #[error("this reply address is not valid (forged, or retired by a new link)")]
    Forged,
    /// Anything else (the database is away…): the MTA keeps the mail and tries again.
    #[error("temporary failure: {0}")]
    Temporary(#[source] anyhow::Error),
}

impl ReceiveError {
    /// The sysexits code: EX_NOUSER, EX_NOPERM, EX_TEMPFAIL.
    pub fn exit_code(&self) -> i32 {
        match self {
            ReceiveError::Unknown => 67,
            ReceiveError::Forged => 77,
            ReceiveError::Temporary(_) => 75,
        }
    }
}

impl From<diesel::result::Error> for ReceiveError {
    fn from(error: diesel::result::Error) -> ReceiveError {
        ReceiveError::Temporary(error.into())
    }
}
impl From<anyhow::Error> for ReceiveError {
    fn from(error: anyhow::Error) -> ReceiveError {
        ReceiveError::Temporary(error)
    }
}

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

/// What a reply says once read against the game.
enum Reading {
    /// Commands (the first lines), then the rest as a message, if any.
    Moves(Vec<Action>, Option<String>),
    /// A line that starts like a command but names no legal move.
    NotUnderstood(String),
    Message(String),
}

impl Games {
    /// Take a reply: check its address, act once per Message-ID, play its commands or pass
    /// its text to the table, and answer the person. Machines' mails are dropped unanswered.
    pub async fn receive(&self, db: &Db, mail: Inbound) -> Result<Delivery, ReceiveError> {
        if let Some(why) = mail.automatic {
            tracing::info!(why, "inbound mail ignored: sent by a machine");
            return Ok(Delivery::Ignored(why));
        }
        let games = self.clone();
        let checked = db
            .run(move |conn| -> Result<_, ReceiveError> {
                let token = games.token_of(conn, &mail)?;
                let first = store::record_inbound(
                    conn,
                    &mail.message_id,
                    Some(&token.game),
                    Some(i32::from(token.seat.0)),
                    games.now(),
                    "received",
                )?;
                Ok((token, mail, first))
            })
            .await
            .map_err(ReceiveError::Temporary)??;
        let (token, mail, first) = checked;
        if !first {
            tracing::info!(game.id = %token.game, "inbound mail already handled");
            return Ok(Delivery::Duplicate);
        }
        match self.act_on(db, &token, &mail).await {
            Ok(delivery) => {
                let (id, outcome) = (mail.message_id.clone(), delivery.outcome());
                db.run(move |conn| store::set_inbound_outcome(conn, &id, outcome))
                    .await
                    .map_err(ReceiveError::Temporary)??;
                tracing::info!(game.id = %token.game, seat = token.seat.number(), outcome, "reply handled");
                Ok(delivery)
            }
            Err(error) => {
                // Let the MTA's next try act: forget this delivery.
                let id = mail.message_id.clone();
                let _ = db.run(move |conn| store::forget_inbound(conn, &id)).await;
                Err(error)
            }
        }
    }

    /// The seat a reply is for, from the first address of ours among its recipients.
    fn token_of(
        &self,
        conn: &mut AnyConnection,
        mail: &Inbound,
    ) -> Result<ReplyToken, ReceiveError> {
        let text = mail
            .recipients
            .iter()
            .find_map(|r| self.reply_address().token_in(r))
            .ok_or(ReceiveError::Unknown)?;
        let token = ReplyToken::parse(&text).ok_or(ReceiveError::Unknown)?;
        let version = store::seat_link_version(conn, &token.game, i32::from(token.seat.0))?
            .ok_or(ReceiveError::Unknown)?;
        if !self.links().check_reply(&token, version) {
            return Err(ReceiveError::Forged);
        }
        Ok(token)
    }

    async fn act_on(
        &self,
        db: &Db,
        token: &ReplyToken,
        mail: &Inbound,
    ) -> Result<Delivery, ReceiveError> {
        let auth = SeatAuth::for_server(token.game.clone(), token.seat);
        let (games, id, text) = (self.clone(), token.game.clone(), mail.text.clone());
        let (seat, seq) = (token.seat, token.seq);
        let (reading, stale, lang) = db
            .run(move |conn| -> anyhow::Result<_> {
                let loaded = games.load(conn, &id)?;
                let seats = store::seats_of(conn, &id)?;
                let person = seats
                    .iter()
                    .find(|s| seat_of(s) == seat)
                    .map(|s| store::ensure_address(conn, &s.email, games.now()))
                    .transpose()?;
                let lang = person
                    .map(|p| games.words_for(&p).lang().to_owned())
                    .unwrap_or_else(|| games.default_words().lang().to_owned());
                let kind = games.kind(&loaded.game.kind)?;
                let stale = loaded
                    .replay
                    .as_ref()
                    .is_some_and(|r| r.stamp(seat) as i64 > seq);
                let reading = match &loaded.replay {
                    Some(replay) => games.reading(kind, &replay.game, seat, &text),
                    None => Reading::Message(text),
                };
                Ok((reading, stale, lang))
            })
            .await
            .map_err(ReceiveError::Temporary)?
            .map_err(ReceiveError::Temporary)?;
        let (verdict, why, delivery) = match reading {
            // A move meant for a decision the game has moved past is not played.
            Reading::Moves(..) | Reading::NotUnderstood(_) if stale => {
                (Verdict::Stale, None, Delivery::Stale)
            }
            Reading::Moves(actions, rest) => {
                let inputs = actions.into_iter().map(ActionInput::Action).collect();
                let mover = Mover::Server(auth.clone());
                let result = self.make_move(db, mover, token.seq, inputs, &lang).await;
                if let Some(rest) = rest {
                    if result.is_ok() {
                        // The move stands whatever becomes of the words after it.
                        let _posted = self.reply_message(db, &auth, token, &rest).await?;
                    }
                }
                match result {
                    Ok(outcome) => (
                        Verdict::Applied(outcome.seq),
                        outcome.refused.map(|r| Why::Rule(r.error)),
                        Delivery::Applied { seq: outcome.seq },
                    ),
                    Err(MoveError::Stale { .. }) => (Verdict::Stale, None, Delivery::Stale),
                    Err(MoveError::Illegal(error)) => {
                        (Verdict::Refused, Some(Why::Rule(error)), Delivery::Refused)
                    }
                    Err(MoveError::NotPlaying) => (Verdict::NotPlaying, None, Delivery::Refused),
                    Err(MoveError::Unexpected(e)) => return Err(ReceiveError::Temporary(e)),
                    Err(other) => {
                        tracing::info!(error = %other, "a reply's move was not played");
                        let why = Some(Why::Key("answer-why-not-played"));
                        (Verdict::Refused, why, Delivery::Refused)
                    }
                }
            }
            Reading::NotUnderstood(line) => (
                Verdict::NotUnderstood,
                Some(Why::Line(line)),
                Delivery::Refused,
            ),
            Reading::Message(text) => match self.reply_message(db, &auth, token, &text).await? {
                Ok(()) => (Verdict::Message(token.partner), None, Delivery::Message),
                Err(why) => (Verdict::MessageRefused, Some(why), Delivery::Refused),
            },
        };
        self.answer(db, token, &lang, verdict, why).await?;
        Ok(delivery)
    }

    /// What the reply's lines are: moves if the first ones read as commands of the seat's
    /// current decision (one after the other), else a message.
    fn reading(&self, kind: &dyn Kind, game: &Game, seat: Seat, text: &str) -> Reading {
        let catalogs = self.registry().catalogs();
        let lines: Vec<&str> = text.lines().collect();
        let mut state = game.clone();
        let mut actions = Vec::new();
        let mut used = 0;
        for (index, line) in lines.iter().enumerate() {
            if line.trim().is_empty() {
                if actions.is_empty() {
                    continue;
                }
                used = index + 1;
                break;
            }
            match read_line(kind, &state, seat, line, catalogs) {
                Command::Action(action) => {
                    // A move the rules refuse ends the script: it is played to be answered
                    // with the rule, and the lines after it are not read.
                    let refused = match state.apply(seat, &action) {
                        Ok((next, _)) => {
                            state = next;
                            false
                        }
                        Err(_) => true,
                    };
                    actions.push(action);
                    used = index + 1;
                    if refused {
                        break;
                    }
                }
                Command::Unreadable if actions.is_empty() => {
                    return Reading::NotUnderstood(line.trim().to_owned());
                }
                _ if actions.is_empty() => break,
                _ => {
                    used = index;
                    break;
                }
            }
        }
        if actions.is_empty() {
            return Reading::Message(text.trim().to_owned());
        }
        let rest = lines[used.min(lines.len())..].join("\n").trim().to_owned();
        Reading::Moves(actions, (!rest.is_empty()).then_some(rest))
    }

    /// Post a reply's text as a message: to the partner whose message the mail carried, else
    /// to the table. `Err` words why it was refused.
    async fn reply_message(
        &self,
        db: &Db,
        auth: &SeatAuth,
        token: &ReplyToken,
        text: &str,
    ) -> Result<Result<(), Why>, ReceiveError> {
        let text = match MessageText::parse(text) {
            Ok(text) => text,
            Err(bad) => return Ok(Err(Why::Key(bad.key()))),
        };
        let (games, auth, partner) = (self.clone(), auth.clone(), token.partner);
        let posted = db
            .run(move |conn| games.post_message(conn, &auth, partner, &text, Via::Mail))
            .await
            .map_err(ReceiveError::Temporary)?;
        match posted {
            Ok(_) => Ok(Ok(())),
            Err(MessageError::Limited(_)) => Ok(Err(Why::Key("talk-problem-limited"))),
            Err(MessageError::Unexpected(e)) => Err(ReceiveError::Temporary(e)),
            Err(other) => {
                tracing::info!(error = %other, "a reply's message was not posted");
                Ok(Err(Why::Key("answer-why-not-posted")))
            }
        }
    }

    /// Mail the answer: the verdict, why, what happened, what to decide now and how.
    async fn answer(
        &self,
        db: &Db,
        token: &ReplyToken,
        lang: &str,
        verdict: Verdict,
        why: Option<Why>,
    ) -> Result<(), ReceiveError> {
        let (games, token, lang) = (self.clone(), token.clone(), lang.to_owned());
        db.run(move |conn| -> anyhow::Result<()> {
            write_transaction(conn, |conn| {
                games.queue_answer(conn, &token, &lang, &verdict, why.as_ref())
            })
        })
        .await
        .map_err(ReceiveError::Temporary)?
        .map_err(ReceiveError::Temporary)
    }

    fn queue_answer(
        &self,
        conn: &mut AnyConnection,
        token: &ReplyToken,
        lang: &str,
        verdict: &Verdict,
        why: Option<&Why>,
    ) -> anyhow::Result<()> {
        let now = self.now();
        let id = &token.game;
        let seat = token.seat;
        let (loaded, row, seats) = self.load_rows(conn, id)?;
        let seat_row = seats
            .iter()
            .find(|s| seat_of(s) == seat)
            .ok_or_else(|| anyhow!("no seat {}", seat.number()))?;
        let kind = self.kind(&row.kind)?;
        let to = self.seat_recipient(conn, &row, seat_row, now)?;
        let words = self.registry().catalogs().words(lang);
        let names = names_of(&seats);
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        let replay = loaded.replay.as_deref();
        let decision = replay.and_then(|r| r.game.decision(seat));
        let verdict_words = match verdict {
            Verdict::Applied(seq) => words.one("answer-applied", "seq", *seq),
            Verdict::Refused => words.get("answer-refused"),
            Verdict::NotUnderstood => words.get("answer-not-understood"),
            Verdict::Stale => words.one("answer-stale", "seq", loaded.seq()),
            Verdict::NotPlaying => words.get("answer-not-playing"),
            Verdict::Message(None) => words.get("answer-message-table"),
            Verdict::Message(Some(partner)) => words.one(
                "answer-message-private",
                "name",
                names.name(*partner).to_owned(),
            ),
            Verdict::MessageRefused => words.get("answer-message-refused"),
        };
        let why = why.map(|why| match why {
            Why::Rule(error) => {
                words.one("answer-why-rule", "rule", kind.rule_error_words(error, &cx))
            }
            Why::Line(line) => words.one("answer-why-line", "line", line.as_str()),
            Why::Key(key) => words.get(key),
        });
        let happened = match (verdict, replay) {
            (Verdict::Applied(_), Some(r)) => happened_since(kind, r, token.seq, &cx),
            _ => Vec::new(),
        };
        let commands = match replay {
            Some(r) if decision.is_some() => command_examples(kind, &r.game, seat, &words),
            _ => Vec::new(),
        };
        let mail = compose::Answer {
            w: words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(&row, &seats, words),
            verdict: verdict_words,
            why,
            happened,
            prompt: decision.map(|d| kind.decision_words(&d, &cx)),
            commands,
            seat_url: self.links().seat_url(id, seat, seat_row.link_version),
        }
        .render()?;
        if let Some(mut mail) = self.letter(&to, Class::Asked, Some(id), "answer", mail) {
            mail.reply_to = Some(self.reply_to(seat_row, loaded.seq(), token.partner));
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }
}

/// The answer's first line.
#[derive(Clone, Debug)]
enum Verdict {
    Applied(i64),
    Refused,
    NotUnderstood,
    Stale,
    NotPlaying,
    Message(Option<Seat>),
    MessageRefused,
}

/// Why a reply was not taken as it was meant.
#[derive(Clone, Debug)]
enum Why {
    Rule(crate::kinds::RuleError),
    Line(String),
    Key(&'static str),
}
