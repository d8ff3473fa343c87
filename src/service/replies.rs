//! Replies by mail: a reply's signed address names the seat; a reply with any line shaped like
//! a command of the game is moves, answered line by line and never posted, any other reply a
//! message to the table; every reply a person wrote is answered, no machine's ever.
//!
//! The answer is the next turn mail. While a delivery holds its claim on a reply, the move
//! path mails that seat no turn mail (`store::being_answered`, read by `Games::turn_mails`):
//! the answer, composed in the transaction that ends the claim, carries the seat's decision as
//! it stands then (after the bots that play at once), its hand, its deadline and its commands,
//! and marks the seat told. Taking and ending a claim both move the game's revision on, so a
//! move prepared on the other side of either (a bot the scheduler plays meanwhile) is prepared
//! again and sees the claim as it now is: the turn mail is either never queued (the answer
//! carries the decision) or queued by a move stored after the claim ended (the answer was
//! composed before it). The outbox worker never holds a turn mail the answer would repeat, so
//! it cannot send both or neither. An answer that carries a decision the seat was not told is
//! never dropped by the limit on refusals.

use super::moves::is_vote;
use super::post::Class;
use super::talk::{MessageError, MessageText, Via};
use super::*;
use crate::kinds::table::TableAction;
use crate::kinds::table_reply::TableReader;
use crate::kinds::Action;
use crate::present::{Command, MailPart, Script};
use crate::store::{Db, InboundClaim};

pub use super::commands::{
    command_examples, read_line, LineReader, COMMAND_EXAMPLES, NEAREST_COMMANDS,
};

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
    /// Some of its commands were played; the log is at move `seq`.
    Applied { seq: i64 },
    /// None of its commands was played (refused by the rules, or not understood).
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
    /// Lines shaped like commands: each line's verdict so far, and the moves to play (one per
    /// [`Line::Play`], in order). Nothing of it is posted.
    Lines(Vec<Line>, Vec<Action>),
    /// No line is shaped like a command: a message.
    Message(String),
}

/// One line of a reply with commands, and what became of it (the answer tells each).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "is", rename_all = "snake_case")]
enum Line {
    /// Read as a legal move, to be played.
    Play { line: String },
    /// Played.
    Applied { line: String },
    /// The rules refuse it (`rule`: the game's words for why).
    Refused { line: String, rule: String },
    /// Shaped like a command, but no move of the seat's now; `nearest`: the commands nearest to it.
    NotUnderstood { line: String, nearest: Vec<String> },
    /// A command for a decision the game has moved past.
    Stale { line: String },
    /// Not played: the script stopped before it.
    Unplayed { line: String },
    /// No command: set aside, not posted.
    Aside { line: String },
}

impl Line {
    fn text(&self) -> &str {
        match self {
            Line::Play { line }
            | Line::Applied { line }
            | Line::Refused { line, .. }
            | Line::NotUnderstood { line, .. }
            | Line::Stale { line }
            | Line::Unplayed { line }
            | Line::Aside { line } => line,
        }
    }

    /// What a line to be played became: played, or after the move came back `then`.
    fn settled(self, then: impl FnOnce(String) -> Line) -> Line {
        match self {
            Line::Play { line } => then(line),
            other => other,
        }
    }

    fn words(&self, words: &Words) -> String {
        let line = self.text().to_owned();
        match self {
            Line::Play { .. } | Line::Unplayed { .. } => {
                words.one("answer-line-unplayed", "line", line)
            }
            Line::Applied { .. } => words.one("answer-line-applied", "line", line),
            Line::Refused { rule, .. } => words.two(
                "answer-line-refused",
                ("line", line),
                ("rule", rule.as_str()),
            ),
            Line::NotUnderstood { nearest, .. } if nearest.is_empty() => {
                words.one("answer-line-not-understood-alone", "line", line)
            }
            Line::NotUnderstood { nearest, .. } => {
                let quoted = nearest.iter().map(|c| format!("“{c}”")).collect();
                words.two(
                    "answer-line-not-understood",
                    ("line", line),
                    ("nearest", words.list(quoted)),
                )
            }
            Line::Stale { .. } => words.one("answer-line-stale", "line", line),
            Line::Aside { .. } => words.one("answer-line-aside", "line", line),
        }
    }
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
    /// Words to post after them: none since a reply with commands posts nothing (kept so a
    /// claim noted by an older build still reads).
    #[serde(default)]
    rest: Option<String>,
    /// Each line's verdict before playing, for the answer.
    #[serde(default)]
    lines: Vec<Line>,
}

/// How a reply is answered, and what becomes of its words.
struct Finish {
    verdict: Verdict,
    why: Option<Why>,
    delivery: Delivery,
    /// Each line's verdict, for a reply with commands.
    lines: Vec<Line>,
    /// The reply itself, to post as a message with the answer.
    post: Option<String>,
}

impl Finish {
    fn answer(verdict: Verdict, why: Option<Why>, delivery: Delivery) -> Finish {
        Finish {
            verdict,
            why,
            delivery,
            lines: Vec::new(),
            post: None,
        }
    }

    /// The answer to a reply with commands, by what became of its lines.
    fn lines(verdict: Verdict, why: Option<Why>, delivery: Delivery, lines: Vec<Line>) -> Finish {
        Finish {
            lines,
            ..Finish::answer(verdict, why, delivery)
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
        // An address the operator blocked service-wide is not listened to.
        let senders = mail.senders.clone();
        let blocked = db
            .run(move |conn| -> diesel::QueryResult<bool> {
                for sender in &senders {
                    if store::is_address_blocked(conn, sender)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            })
            .await
            .map_err(ReceiveError::Temporary)?
            .map_err(|e| ReceiveError::Temporary(e.into()))?;
        if blocked {
            tracing::info!("inbound mail ignored: sent from an address blocked service-wide");
            return Ok(Delivery::Ignored("blocked address"));
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
                            .map(|seq| (seq, intent.lines.clone()))
                    }
                    _ => None,
                };
                // Stale by step: a second mail answering the same step (a sheet of orders
                // revised) still counts; one answering a step the seat has left does not.
                let mut stale = replay.is_some_and(|r| r.step_start(seat) as i64 > seq);
                let words = games.registry().catalogs().words(&lang);
                let names = names_of(&seats);
                let cx = Ctx::new(words, &names, Viewer::Seat(seat));
                let reading = match replay {
                    Some(replay) => {
                        let now = games.reading(kind, &replay.game, seat, &text, &cx);
                        // Votes at the table answer the table as it is, whatever step the
                        // seat's game is in, but an answer to a proposal made after the mail
                        // would answer one its author never saw.
                        let (only_votes, unseen) = match &now {
                            Reading::Lines(_, actions) => (
                                !actions.is_empty() && actions.iter().all(is_vote),
                                actions
                                    .iter()
                                    .any(|a| replay.answers_unseen_proposal(a, seq)),
                            ),
                            Reading::Message(_) => (false, false),
                        };
                        stale = (stale && !only_votes) || unseen;
                        match stale {
                            // A reply to a decision already past is read against the game as
                            // its mail showed it, so a command delivered late is still a command.
                            true => {
                                let then = games
                                    .state_at(conn, &id, seq)?
                                    .ok_or_else(|| anyhow!("game {id} has no move {seq}"))?;
                                games.reading(kind, &then.game, seat, &text, &cx)
                            }
                            false => now,
                        }
                    }
                    None => Reading::Message(text),
                };
                Ok((reading, stale, lang, loaded.seq(), played))
            })
            .await
            .map_err(ReceiveError::Temporary)?
            .map_err(ReceiveError::Temporary)?;
        let finish = match (played, reading) {
            (Some((seq, lines)), _) => {
                let lines = lines
                    .into_iter()
                    .map(|l| l.settled(|line| Line::Applied { line }))
                    .collect();
                Finish::lines(
                    Verdict::Applied(seq),
                    None,
                    Delivery::Applied { seq },
                    lines,
                )
            }
            // A move meant for a decision the game has moved past is not played.
            (_, Reading::Lines(lines, _)) if stale => {
                let lines = lines
                    .into_iter()
                    .map(|l| match l {
                        Line::Aside { line } => Line::Aside { line },
                        other => Line::Stale {
                            line: other.text().to_owned(),
                        },
                    })
                    .collect();
                Finish::lines(Verdict::Stale, None, Delivery::Stale, lines)
            }
            (_, Reading::Lines(lines, actions)) if actions.is_empty() => {
                let refused = lines.iter().any(|l| matches!(l, Line::Refused { .. }));
                let verdict = match refused {
                    true => Verdict::Refused,
                    false => Verdict::NotUnderstood,
                };
                Finish::lines(verdict, None, Delivery::Refused, lines)
            }
            (_, Reading::Lines(lines, actions)) => {
                let intent = Intent {
                    actions: actions.iter().map(|a| a.json().get().to_owned()).collect(),
                    rest: None,
                    lines: lines.clone(),
                };
                let (key_owned, intent) = (key.to_owned(), serde_json::to_string(&intent));
                let intent = intent.map_err(|e| ReceiveError::Temporary(e.into()))?;
                db.run(move |conn| store::note_inbound_intent(conn, &key_owned, log_seq, &intent))
                    .await
                    .map_err(ReceiveError::Temporary)??;
                crash_point("noted");
                let inputs = actions.into_iter().map(ActionInput::Action).collect();
                let mover = Mover::Server(auth.clone());
                // The moves were read against the game at `log_seq`: played against it (the
                // token's own move may be older, within the same step).
                let result = self.make_move(db, mover, log_seq, inputs, &lang).await;
                crash_point("moved");
                settle(lines, result)?
            }
            (_, Reading::Message(text)) => Finish {
                post: Some(text),
                ..Finish::answer(Verdict::Message(token.partner), None, Delivery::Message)
            },
        };
        self.finish(db, token, key, &lang, finish).await
    }

    /// In one transaction: post the reply's words (a message), queue the answer (a refusal
    /// only while the seat has had fewer than [`REFUSALS_ANSWERED_PER_HOUR`] this hour, unless
    /// it carries a decision the seat was not told), mark the reply done and move the game's
    /// revision on (see the module's comment). Nothing of it is stored unless all of it is.
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
                    lines,
                    post,
                } = finish;
                if let Some(text) = post {
                    if let Err(refused) = games.reply_message(conn, &token, &text)? {
                        verdict = Verdict::MessageRefused;
                        why = Some(refused);
                        delivery = Delivery::Refused;
                    }
                }
                let answer = Said {
                    verdict: &verdict,
                    why: why.as_ref(),
                    lines: &lines,
                };
                let untold = games.untold_decision(conn, &token)?;
                let answered = if verdict.is_refusal() && !untold {
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
                    games.queue_answer(conn, &token, &lang, answer)?;
                } else {
                    tracing::info!(game.id = %token.game, seat = token.seat.number(), "a refused reply dropped unanswered: too many this hour");
                }
                store::finish_inbound(conn, &key, delivery.outcome())?;
                store::bump_revision(conn, &token.game)?;
                Ok(delivery)
            })
        })
        .await
        .map_err(ReceiveError::Temporary)?
    }

    /// Whether the seat must decide and no mail told it so though it reads turn mails (its
    /// turn mail was held back for the answer): it last saw the game before its decision began.
    fn untold_decision(&self, conn: &mut Conn, token: &ReplyToken) -> anyhow::Result<bool> {
        let (loaded, row, seats) = self.load_rows(conn, &token.game)?;
        let Some(replay) = loaded.replay.as_deref() else {
            return Ok(false);
        };
        let Some(seat_row) = seats.iter().find(|s| seat_of(s) == token.seat) else {
            return Ok(false);
        };
        if replay.game.decision(token.seat).is_none()
            || seat_row.last_seen_seq >= replay.stamp(token.seat) as i64
        {
            return Ok(false);
        }
        let to = self.seat_recipient(conn, &row, seat_row, self.now())?;
        Ok(to.wants(Class::Turn))
    }

    /// What the reply's lines are: a message when none is shaped like a command of the game
    /// ([`LineReader::is_command_shaped`]) or a vote at the table ([`TableReader`]); else each
    /// line read in turn against the state after the moves before it, under the game's script
    /// policy ([`Script`]): a line the rules refuse, or shaped like a command but read as none,
    /// stops a [`Script::StopAtRefusal`] script; lines that are no command are set aside. A
    /// vote is read before the game's commands and judged by the table's rules at `now`.
    fn reading(&self, kind: &dyn Kind, game: &Game, seat: Seat, text: &str, cx: &Ctx) -> Reading {
        let catalogs = self.registry().catalogs();
        let reader = LineReader::new(kind, catalogs);
        let languages: Vec<_> = catalogs
            .languages()
            .into_iter()
            .map(|lang| catalogs.words(lang))
            .collect();
        let table = TableReader::new(&languages, cx.names);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let is_vote = |line: &str| !matches!(table.read(line), Command::None);
        if !lines
            .iter()
            .any(|line| is_vote(line) || reader.is_command_shaped(game, seat, line))
        {
            return Reading::Message(text.trim().to_owned());
        }
        let script = kind.script();
        let now = self.now().0;
        let mut state = game.clone();
        let mut stopped = false;
        let (mut read, mut actions) = (Vec::new(), Vec::new());
        for line in lines {
            let owned = line.to_owned();
            let shaped = || is_vote(line) || reader.is_command_shaped(&state, seat, line);
            if stopped {
                read.push(match shaped() {
                    true => Line::Unplayed { line: owned },
                    false => Line::Aside { line: owned },
                });
                continue;
            }
            let not_understood = || Line::NotUnderstood {
                line: owned.clone(),
                nearest: reader.nearest(&state, seat, line, &cx.words),
            };
            let applied = match table.read(line) {
                Command::Action(vote) => Some(
                    state
                        .vote(seat, &vote, now)
                        .map(|next| (next, TableAction::new(vote).action())),
                ),
                Command::Unreadable => None,
                Command::None => match reader.read(&state, seat, line) {
                    Command::Action(action) => {
                        Some(state.apply(seat, &action).map(|next| (next, action)))
                    }
                    Command::Unreadable => None,
                    Command::None if shaped() => None,
                    Command::None => {
                        read.push(Line::Aside { line: owned });
                        continue;
                    }
                },
            };
            let verdict = match applied {
                Some(Ok(((next, _), action))) => {
                    state = next;
                    actions.push(action);
                    Line::Play { line: owned }
                }
                Some(Err(error)) => Line::Refused {
                    line: owned,
                    rule: kind.rule_error_words(&error, cx),
                },
                None => not_understood(),
            };
            if matches!(verdict, Line::Refused { .. } | Line::NotUnderstood { .. }) {
                stopped = script == Script::StopAtRefusal;
            }
            read.push(verdict);
        }
        Reading::Lines(read, actions)
    }

    /// A sheet of lines from the seat page's text box (a game of written orders), read as a
    /// reply's lines are, each with its verdict, and played in one move; the verdicts in
    /// `lang`. A line that reads as no command is not understood (the page has the table's
    /// talk for words); a form from a step the seat has left is `Stale`.
    pub async fn write_lines(
        &self,
        db: &Db,
        mover: Mover,
        expected_seq: i64,
        text: String,
        lang: &str,
    ) -> Result<Vec<String>, MoveError> {
        let (games, who, owned_lang) = (self.clone(), mover.clone(), lang.to_owned());
        let reading = db
            .read(move |conn| -> Result<Reading, MoveError> {
                let super::moves::Table {
                    row, seats, auth, ..
                } = games.table(conn, &who, &[])?;
                if row.status() != GameStatus::Playing {
                    return Err(MoveError::NotPlaying);
                }
                let kind = games.kind(&row.kind).map_err(anyhow::Error::from)?;
                let before = games.current(conn, &row, &seats, auth.seat, expected_seq)?;
                let words = games.registry().catalogs().words(&owned_lang);
                let names = names_of(&seats);
                let cx = Ctx::new(words, &names, Viewer::Seat(auth.seat));
                Ok(games.reading(kind, &before.game, auth.seat, &text, &cx))
            })
            .await?;
        let words = self.registry().catalogs().words(lang);
        let (lines, actions) = match reading {
            Reading::Lines(lines, actions) => (lines, actions),
            Reading::Message(text) => {
                let lines = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(|line| Line::NotUnderstood {
                        line: line.to_owned(),
                        nearest: Vec::new(),
                    })
                    .collect();
                (lines, Vec::new())
            }
        };
        let lines = match actions.is_empty() {
            true => lines,
            false => {
                let inputs = actions.into_iter().map(ActionInput::Action).collect();
                let result = self.make_move(db, mover, expected_seq, inputs, lang).await;
                if let Err(MoveError::Stale { current_seq }) = result {
                    return Err(MoveError::Stale { current_seq });
                }
                settle(lines, result)
                    .map_err(|e| match e {
                        ReceiveError::Temporary(e) => MoveError::Unexpected(e),
                        other => MoveError::Unexpected(anyhow!("{other:?}")),
                    })?
                    .lines
            }
        };
        Ok(lines.iter().map(|line| line.words(&words)).collect())
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
            Err(MessageError::NoPress) => Ok(Err(Why::Key("talk-problem-no-press"))),
            Err(MessageError::PublicOnly) => Ok(Err(Why::Key("talk-problem-public-only"))),
            Err(MessageError::Unexpected(e)) => Err(ReceiveError::Temporary(e)),
            Err(other) => {
                tracing::info!(error = %other, "a reply's message was not posted");
                Ok(Err(Why::Key("answer-why-not-posted")))
            }
        }
    }

    /// Queue the answer to a reply: its verdict, each line's, what happened since, and, when
    /// the seat must decide, the decision as a turn mail would carry it (the prompt, the
    /// game's part with the hand, the deadline, the commands); the seat is then told up to
    /// the current move.
    fn queue_answer(
        &self,
        conn: &mut Conn,
        token: &ReplyToken,
        lang: &str,
        said: Said,
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
        let verdict_words = match said.verdict {
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
        let why = said.why.map(|Why::Key(key)| words.get(key));
        let happened = match (said.verdict, replay) {
            (Verdict::Applied(_), Some(r)) => mail_happened(kind, r, token.seq, &cx),
            _ => Vec::new(),
        };
        let (commands, part, due) = match (replay, &decision) {
            (Some(r), Some(_)) => {
                let view = r.game.view(Viewer::Seat(seat));
                let zone = to.person.time_zone.parse().unwrap_or(chrono_tz::UTC);
                let due = store::deadlines_of(conn, id)?
                    .into_iter()
                    .find(|d| d.seat == i32::from(seat.0))
                    .map(|d| crate::present::time::when(words, d.due_at, now.0, zone));
                (
                    command_examples(kind, &r.game, seat, &words),
                    kind.mail_part(&view, seat, &cx),
                    due,
                )
            }
            _ => (Vec::new(), MailPart::default(), None),
        };
        let set_aside = said.lines.iter().any(|l| matches!(l, Line::Aside { .. }));
        let mail = letters::Answer {
            w: words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(&row, &seats, words),
            verdict: verdict_words,
            why,
            lines: said.lines.iter().map(|l| l.words(&words)).collect(),
            nothing_posted: set_aside,
            happened,
            your_turn: decision.is_some(),
            prompt: decision.map(|d| kind.decision_words(&d, &cx)),
            due,
            part,
            commands,
            seat_url: self.links().seat_url(id, seat, seat_row.link_version),
            signed_receipt: self.receipt_of(&loaded).unwrap_or_default(),
        }
        .render()?;
        if let Some(mut mail) = self.letter(&to, Class::Asked, Some(id), "answer", mail) {
            mail.reply_to = Some(self.reply_to(seat_row, loaded.seq(), token.partner));
            store::enqueue(conn, mail, now)?;
            // The answer told the seat everything up to now, its decision included.
            store::mark_seen(conn, id, i32::from(seat.0), loaded.seq())?;
        }
        Ok(())
    }
}

/// What the answer to a reply says of it.
struct Said<'a> {
    verdict: &'a Verdict,
    why: Option<&'a Why>,
    lines: &'a [Line],
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

/// What became of a reply's lines once its moves went to the move operation.
fn settle(
    lines: Vec<Line>,
    result: Result<MoveOutcome, MoveError>,
) -> Result<Finish, ReceiveError> {
    // Each line to be played, by its place among them, settled by `f`.
    let each = |lines: Vec<Line>, f: &dyn Fn(usize, String) -> Line| -> Vec<Line> {
        let mut n = 0;
        lines
            .into_iter()
            .map(|l| {
                l.settled(|line| {
                    n += 1;
                    f(n - 1, line)
                })
            })
            .collect()
    };
    let unplayed = |_, line| Line::Unplayed { line };
    Ok(match result {
        Ok(outcome) => {
            // Another seat's move in between may have made one refused (a script stops there).
            let refused = outcome.refused;
            let lines = each(lines, &|i, line| match &refused {
                Some(r) if i == r.index => Line::Refused {
                    line,
                    rule: r.to_anyone.clone(),
                },
                Some(r) if i > r.index => Line::Unplayed { line },
                _ => Line::Applied { line },
            });
            let seq = outcome.seq;
            Finish::lines(
                Verdict::Applied(seq),
                None,
                Delivery::Applied { seq },
                lines,
            )
        }
        Err(MoveError::Stale { .. }) => {
            let lines = each(lines, &|_, line| Line::Stale { line });
            Finish::lines(Verdict::Stale, None, Delivery::Stale, lines)
        }
        Err(MoveError::Illegal(refusal)) => {
            let lines = each(lines, &|i, line| match i {
                0 => Line::Refused {
                    line,
                    rule: refusal.to_seat.clone(),
                },
                _ => Line::Unplayed { line },
            });
            Finish::lines(Verdict::Refused, None, Delivery::Refused, lines)
        }
        Err(MoveError::NotPlaying) => {
            let lines = each(lines, &unplayed);
            Finish::lines(Verdict::NotPlaying, None, Delivery::Refused, lines)
        }
        Err(MoveError::Resigned) => {
            let lines = each(lines, &unplayed);
            let why = Some(Why::Key("move-resigned"));
            Finish::lines(Verdict::Refused, why, Delivery::Refused, lines)
        }
        Err(MoveError::Unexpected(e)) => return Err(ReceiveError::Temporary(e)),
        Err(other) => {
            tracing::info!(error = %other, "a reply's move was not played");
            let why = Some(Why::Key("answer-why-not-played"));
            let lines = each(lines, &unplayed);
            Finish::lines(Verdict::Refused, why, Delivery::Refused, lines)
        }
    })
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

/// Why a reply was not taken as it was meant, beyond its lines' verdicts.
#[derive(Clone, Debug)]
enum Why {
    Key(&'static str),
}
