//! Replies by mail: a reply's signed address names the seat, its first lines are moves when
//! they read as the game's commands (in any language of the catalogs), otherwise it is a message
//! to the table; every reply a person wrote is answered, no machine's ever.

use super::post::Class;
use super::talk::{MessageError, MessageText, Via};
use super::*;
use crate::kinds::Action;
use crate::present::Command;
use crate::store::{Db, InboundClaim};

pub use super::commands::{command_examples, read_line, COMMAND_EXAMPLES};

/// A reply as the service takes it: what `mail::inbound` read from the delivered bytes.
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
    /// Who sent it, in lower case: the From address, and the envelope's return path when
    /// the MTA gives it (the service drops mail from its own addresses).
    pub senders: Vec<String>,
    /// What the person wrote: the text above the quoted mail, without the signature.
    pub text: String,
}

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

/// What a reply says once read against the game.
enum Reading {
    /// Commands (the first lines), then the rest as a message, if any.
    Moves(Vec<Action>, Option<String>),
    /// A line that starts like a command but names no legal move.
    NotUnderstood(String),
    Message(String),
}

/// How long a delivery holds a reply it acts on unless configured otherwise: far longer than
/// acting takes, so only a delivery that died leaves a claim to be taken over.
pub const DEFAULT_REPLY_LEASE: std::time::Duration = std::time::Duration::from_secs(120);

/// Replies refused (not understood, refused by the rules, too late, not posted) a seat is
/// answered in an hour; further ones are dropped unanswered, so a machine that answers every
/// answer stops hearing from the service.
pub const REFUSALS_ANSWERED_PER_HOUR: u32 = 3;

/// What a delivery that died noted before playing a reply's moves.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Intent {
    /// The moves' canonical JSON, in order.
    actions: Vec<String>,
    /// The words after them, a message to post once they are played.
    rest: Option<String>,
}

/// How a reply is answered, and what becomes of its words.
struct Finish {
    verdict: Verdict,
    why: Option<Why>,
    delivery: Delivery,
    /// Words to post as a message with the answer: the reply itself (`Message`) or the words
    /// after its moves (posted whatever becomes of them).
    post: Option<(String, bool)>,
}

impl Finish {
    fn answer(verdict: Verdict, why: Option<Why>, delivery: Delivery) -> Finish {
        Finish {
            verdict,
            why,
            delivery,
            post: None,
        }
    }
}

/// The key a reply is acted on once by: its Message-ID and the seat it was delivered for (one
/// mail to two reply addresses acts for each).
fn inbound_key(message_id: &str, token: &ReplyToken) -> String {
    format!("{message_id} {}.{}", token.game, token.seat.number())
}

/// A point between two steps of taking a reply where a test may have the process stop until
/// it is killed (`CORRIERE_TEST_CRASH_POINT`, debug builds only).
fn crash_point(_name: &str) {
    #[cfg(debug_assertions)]
    if std::env::var("CORRIERE_TEST_CRASH_POINT").as_deref() == Ok(_name) {
        eprintln!("corriere: stopped at crash point {_name}");
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

impl Games {
    /// Take a reply: check its address, act once per Message-ID and seat, play its commands or
    /// pass its text to the table, and answer the person. Machines' mails, and mails from the
    /// service's own addresses, are dropped unanswered.
    ///
    /// Exactly once: a delivery first claims the reply (a row keyed by Message-ID and seat,
    /// held for the lease), notes the moves it is about to play, plays them, and then, in one
    /// transaction, posts its words, queues the answer and marks the reply done. `Ok` comes
    /// only after that commit. A delivery that dies on the way leaves the claim; the MTA's
    /// retry is told to wait until the lease runs out, then takes over: it finds the noted
    /// moves in the log (played) or not (plays them), and finishes.
    pub async fn receive(&self, db: &Db, mail: Inbound) -> Result<Delivery, ReceiveError> {
        if let Some(why) = mail.automatic {
            tracing::info!(why, "inbound mail ignored: sent by a machine");
            return Ok(Delivery::Ignored(why));
        }
        if mail.senders.iter().any(|s| self.is_own_address(s)) {
            tracing::info!("inbound mail ignored: sent from an address of this service");
            return Ok(Delivery::Ignored("own address"));
        }
        let games = self.clone();
        let lease = self.0.reply_lease;
        let (token, mail, claim) = db
            .run(move |conn| -> Result<_, ReceiveError> {
                let token = games.token_of(conn, &mail)?;
                let now = games.now();
                let claim = store::claim_inbound(
                    conn,
                    &inbound_key(&mail.message_id, &token),
                    &token.game,
                    i32::from(token.seat.0),
                    now,
                    now.plus(lease),
                )?;
                Ok((token, mail, claim))
            })
            .await
            .map_err(ReceiveError::Temporary)??;
        let key = inbound_key(&mail.message_id, &token);
        let noted = match claim {
            InboundClaim::Done(_) => {
                tracing::info!(game.id = %token.game, "inbound mail already handled");
                return Ok(Delivery::Duplicate);
            }
            InboundClaim::Busy => {
                return Err(ReceiveError::Temporary(anyhow!(
                    "another delivery of this reply is acting on it"
                )))
            }
            InboundClaim::New => None,
            InboundClaim::Resumed { log_seq, intent } => {
                tracing::info!(game.id = %token.game, "taking over a reply whose delivery died");
                log_seq.zip(intent.and_then(|i| serde_json::from_str::<Intent>(&i).ok()))
            }
        };
        crash_point("claimed");
        match self.act_on(db, &token, &mail, &key, noted).await {
            Ok(delivery) => {
                tracing::info!(game.id = %token.game, seat = token.seat.number(), outcome = delivery.outcome(), "reply handled");
                Ok(delivery)
            }
            Err(error) => {
                // Let the MTA's next try take over at once (it finds what was played).
                let _ = db.run(move |conn| store::release_inbound(conn, &key)).await;
                Err(error)
            }
        }
    }

    /// The seat a reply is for, from the first address of ours among its recipients.
    fn token_of(&self, conn: &mut Conn, mail: &Inbound) -> Result<ReplyToken, ReceiveError> {
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
        key: &str,
        noted: Option<(i64, Intent)>,
    ) -> Result<Delivery, ReceiveError> {
        let auth = SeatAuth::for_server(token.game.clone(), token.seat);
        let (games, id, text) = (self.clone(), token.game.clone(), mail.text.clone());
        let (seat, seq) = (token.seat, token.seq);
        let (reading, stale, lang, log_seq, played) = db
            .run(move |conn| -> anyhow::Result<_> {
                let (loaded, _, seats) = games.load_rows(conn, &id)?;
                let person = seats
                    .iter()
                    .find(|s| seat_of(s) == seat)
                    .map(|s| store::ensure_address(conn, &s.email, games.now()))
                    .transpose()?;
                let lang = person
                    .map(|p| games.words_for(&p).lang().to_owned())
                    .unwrap_or_else(|| games.default_words().lang().to_owned());
                let kind = games.kind(&loaded.game.kind)?;
                let replay = loaded.replay.as_deref();
                // A delivery that died may have played the reply's moves already.
                let played = match (&noted, replay) {
                    (Some((from, intent)), Some(replay)) => {
                        played_since(replay, seat, *from, &intent.actions)
                            .map(|seq| (seq, intent.rest.clone()))
                    }
                    _ => None,
                };
                let stale = replay.is_some_and(|r| r.stamp(seat) as i64 > seq);
                let reading = match replay {
                    // A reply to a decision already past is read against the game as its
                    // mail showed it, so a command delivered late is still a command.
                    Some(_) if stale => {
                        let then = games
                            .state_at(conn, &id, seq)?
                            .ok_or_else(|| anyhow!("game {id} has no move {seq}"))?;
                        games.reading(kind, &then.game, seat, &text)
                    }
                    Some(replay) => games.reading(kind, &replay.game, seat, &text),
                    None => Reading::Message(text),
                };
                Ok((reading, stale, lang, loaded.seq(), played))
            })
            .await
            .map_err(ReceiveError::Temporary)?
            .map_err(ReceiveError::Temporary)?;
        let finish = match (played, reading) {
            (Some((seq, rest)), _) => Finish {
                post: rest.map(|r| (r, false)),
                ..Finish::answer(Verdict::Applied(seq), None, Delivery::Applied { seq })
            },
            // A move meant for a decision the game has moved past is not played.
            (_, Reading::Moves(..) | Reading::NotUnderstood(_)) if stale => {
                Finish::answer(Verdict::Stale, None, Delivery::Stale)
            }
            (_, Reading::Moves(actions, rest)) => {
                let intent = Intent {
                    actions: actions.iter().map(|a| a.json().get().to_owned()).collect(),
                    rest: rest.clone(),
                };
                let (key_owned, intent) = (key.to_owned(), serde_json::to_string(&intent));
                let intent = intent.map_err(|e| ReceiveError::Temporary(e.into()))?;
                db.run(move |conn| store::note_inbound_intent(conn, &key_owned, log_seq, &intent))
                    .await
                    .map_err(ReceiveError::Temporary)??;
                crash_point("noted");
                let inputs = actions.into_iter().map(ActionInput::Action).collect();
                let mover = Mover::Server(auth.clone());
                let result = self.make_move(db, mover, token.seq, inputs, &lang).await;
                crash_point("moved");
                let (verdict, why, delivery) = match result {
                    Ok(outcome) => (
                        Verdict::Applied(outcome.seq),
                        outcome.refused.map(|r| Why::Rule(r.error)),
                        Delivery::Applied { seq: outcome.seq },
                    ),
                    Err(MoveError::Stale { .. }) => (Verdict::Stale, None, Delivery::Stale),
                    Err(MoveError::Illegal(refusal)) => {
                        let why = Some(Why::Rule(refusal.rule));
                        (Verdict::Refused, why, Delivery::Refused)
                    }
                    Err(MoveError::NotPlaying) => (Verdict::NotPlaying, None, Delivery::Refused),
                    Err(MoveError::Unexpected(e)) => return Err(ReceiveError::Temporary(e)),
                    Err(other) => {
                        tracing::info!(error = %other, "a reply's move was not played");
                        let why = Some(Why::Key("answer-why-not-played"));
                        (Verdict::Refused, why, Delivery::Refused)
                    }
                };
                // The move stands whatever becomes of the words after it.
                let post = match &delivery {
                    Delivery::Applied { .. } => rest.map(|r| (r, false)),
                    _ => None,
                };
                Finish {
                    post,
                    ..Finish::answer(verdict, why, delivery)
                }
            }
            (_, Reading::NotUnderstood(line)) => Finish::answer(
                Verdict::NotUnderstood,
                Some(Why::Line(line)),
                Delivery::Refused,
            ),
            (_, Reading::Message(text)) => Finish {
                post: Some((text, true)),
                ..Finish::answer(Verdict::Message(token.partner), None, Delivery::Message)
            },
        };
        self.finish(db, token, key, &lang, finish).await
    }

    /// In one transaction: post the reply's words, queue the answer (a refusal only while the
    /// seat has had fewer than [`REFUSALS_ANSWERED_PER_HOUR`] this hour) and mark the reply
    /// done. Nothing of it is stored unless all of it is.
    async fn finish(
        &self,
        db: &Db,
        token: &ReplyToken,
        key: &str,
        lang: &str,
        finish: Finish,
    ) -> Result<Delivery, ReceiveError> {
        let (games, token, key, lang) =
            (self.clone(), token.clone(), key.to_owned(), lang.to_owned());
        db.run(move |conn| -> Result<Delivery, ReceiveError> {
            write_transaction(conn, |conn| {
                let Finish {
                    mut verdict,
                    mut why,
                    mut delivery,
                    post,
                } = finish;
                if let Some((text, whole)) = post {
                    let posted = games.reply_message(conn, &token, &text)?;
                    if let (Err(refused), true) = (posted, whole) {
                        verdict = Verdict::MessageRefused;
                        why = Some(refused);
                        delivery = Delivery::Refused;
                    }
                }
                let answered = if verdict.is_refusal() {
                    let bucket = format!("refusals:{}:{}", token.game, token.seat.number());
                    limits::count(
                        conn,
                        "refusals",
                        &bucket,
                        limits::HOUR,
                        REFUSALS_ANSWERED_PER_HOUR,
                        games.now(),
                    )?
                    .is_ok()
                } else {
                    true
                };
                if answered {
                    games.queue_answer(conn, &token, &lang, &verdict, why.as_ref())?;
                } else {
                    tracing::info!(game.id = %token.game, seat = token.seat.number(), "a refused reply dropped unanswered: too many this hour");
                }
                store::finish_inbound(conn, &key, delivery.outcome())?;
                Ok(delivery)
            })
        })
        .await
        .map_err(ReceiveError::Temporary)?
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

    /// Post a reply's text as a message (inside the caller's transaction): to the partner
    /// whose message the mail carried, else to the table. `Err` words why it was refused.
    fn reply_message(
        &self,
        conn: &mut Conn,
        token: &ReplyToken,
        text: &str,
    ) -> Result<Result<(), Why>, ReceiveError> {
        let text = match MessageText::parse(text) {
            Ok(text) => text,
            Err(bad) => return Ok(Err(Why::Key(bad.key()))),
        };
        let auth = SeatAuth::for_server(token.game.clone(), token.seat);
        match self.post_message(conn, &auth, token.partner, &text, Via::Mail) {
            Ok(_) => Ok(Ok(())),
            Err(MessageError::Limited(_)) => Ok(Err(Why::Key("talk-problem-limited"))),
            Err(MessageError::Unexpected(e)) => Err(ReceiveError::Temporary(e)),
            Err(other) => {
                tracing::info!(error = %other, "a reply's message was not posted");
                Ok(Err(Why::Key("answer-why-not-posted")))
            }
        }
    }

    fn queue_answer(
        &self,
        conn: &mut Conn,
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
        let mail = letters::Answer {
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

impl Verdict {
    /// Whether the reply was refused (answered a few times an hour at most).
    fn is_refusal(&self) -> bool {
        !matches!(self, Verdict::Applied(_) | Verdict::Message(_))
    }
}

/// The seq of the last of `actions` (canonical JSON) if `seat` played them, in order, after
/// log length `from`: a delivery that died after playing a reply's moves.
fn played_since(
    replay: &crate::audit::Replay,
    seat: Seat,
    from: i64,
    actions: &[String],
) -> Option<i64> {
    let mine = replay
        .steps
        .iter()
        .skip(usize::try_from(from).ok()? + 1)
        .filter(|s| s.seat == Some(seat) && s.author == Some(crate::audit::Author::Seat));
    let mut last = None;
    for (step, wanted) in mine.zip(actions) {
        let played = step.action.as_ref().map(|a| a.json().get());
        if played != Some(wanted.as_str()) {
            break;
        }
        last = Some(step.seq as i64);
    }
    last
}

/// Why a reply was not taken as it was meant.
#[derive(Clone, Debug)]
enum Why {
    Rule(crate::kinds::RuleError),
    Line(String),
    Key(&'static str),
}
