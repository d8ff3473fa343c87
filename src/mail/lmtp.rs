//! The LMTP listener of `serve --lmtp-listen`: a local MTA delivers replies here (RFC 2033),
//! each recipient answered on its own, every mail handed to `inbound::deliver`.

use super::inbound::{self, MAX_REPLY_BYTES};
use crate::service::replies::ReceiveError;
use crate::service::Games;
use crate::store::Db;
use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinHandle;

/// The longest command line read (RFC 5321 allows 512 octets; a little slack). A longer one
/// is read to its end in small pieces, dropped, and answered 500.
const MAX_LINE: usize = 2048;
/// Recipients one transaction may name.
const MAX_RECIPIENTS: usize = 20;
/// The most of a message line held at once: a longer line is read in pieces of this size,
/// and the message stops growing at [`MAX_REPLY_BYTES`] (the pipe's limit).
const CHUNK: usize = 8192;

/// How the listener bounds its clients: how long a connection may stay silent, and how
/// many may be open at once (one more is answered 421 and closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LmtpLimits {
    pub idle: Duration,
    pub connections: usize,
}

impl Default for LmtpLimits {
    /// Five minutes of silence (RFC 5321's smallest server timeout), 32 connections.
    fn default() -> LmtpLimits {
        LmtpLimits {
            idle: Duration::from_secs(300),
            connections: 32,
        }
    }
}

/// Bind `addr` and serve LMTP until `shutdown` turns true, with the default limits.
pub async fn listen(
    addr: &str,
    games: Games,
    db: Db,
    shutdown: watch::Receiver<bool>,
) -> Result<(SocketAddr, JoinHandle<()>)> {
    listen_with(addr, games, db, shutdown, LmtpLimits::default()).await
}

/// Bind `addr` and serve LMTP until `shutdown` turns true, within `limits`.
pub async fn listen_with(
    addr: &str,
    games: Games,
    db: Db,
    mut shutdown: watch::Receiver<bool>,
    limits: LmtpLimits,
) -> Result<(SocketAddr, JoinHandle<()>)> {
    let listener = TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding the LMTP address {addr}"))?;
    let local = listener.local_addr()?;
    tracing::info!(%local, "accepting replies by LMTP");
    let open = Arc::new(Semaphore::new(limits.connections));
    let task = tokio::spawn(async move {
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((mut stream, _)) => {
                        let Ok(permit) = open.clone().try_acquire_owned() else {
                            tracing::warn!("LMTP connection refused: too many open");
                            tokio::spawn(async move {
                                let _ = stream
                                    .write_all(b"421 4.3.2 too many connections, try again later\r\n")
                                    .await;
                                let _ = stream.shutdown().await;
                            });
                            continue;
                        };
                        let (games, db) = (games.clone(), db.clone());
                        tokio::spawn(async move {
                            if let Err(error) = session(stream, &games, &db, limits.idle).await {
                                tracing::warn!(error = format!("{error:#}"), "LMTP session ended");
                            }
                            drop(permit);
                        });
                    }
                    Err(error) => tracing::warn!(%error, "LMTP accept failed"),
                },
                _ = shutdown.changed() => break,
            }
        }
    });
    Ok((local, task))
}

/// The address inside `MAIL FROM:<…>` or `RCPT TO:<…>` (parameters after it ignored).
fn path_of(argument: &str) -> Option<String> {
    let argument = argument.trim();
    let start = argument.find('<')?;
    let end = argument[start..].find('>')? + start;
    Some(argument[start + 1..end].to_owned())
}

/// The client was silent for longer than the idle limit.
#[derive(Debug, thiserror::Error)]
#[error("the client was silent too long")]
struct Idle;

/// One read of at most `limit` bytes up to a line's end, or [`Idle`] after `idle`.
async fn read_piece<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    buffer: &mut Vec<u8>,
    limit: usize,
    idle: Duration,
) -> Result<usize> {
    buffer.clear();
    let mut bounded = reader.take(limit as u64);
    let read = bounded.read_until(b'\n', buffer);
    Ok(tokio::time::timeout(idle, read).await.map_err(|_| Idle)??)
}

/// A command line: `Ok(None)` at the end of the connection, `Ok(Some(false))` for a line
/// longer than [`MAX_LINE`] (read to its end and dropped).
async fn read_command<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    line: &mut Vec<u8>,
    idle: Duration,
) -> Result<Option<bool>> {
    let n = read_piece(reader, line, MAX_LINE, idle).await?;
    if n == 0 {
        return Ok(None);
    }
    if line.ends_with(b"\n") || n < MAX_LINE {
        return Ok(Some(true));
    }
    let mut rest = Vec::with_capacity(CHUNK);
    loop {
        if read_piece(reader, &mut rest, CHUNK, idle).await? == 0 {
            return Ok(None);
        }
        if rest.ends_with(b"\n") {
            line.clear();
            return Ok(Some(false));
        }
    }
}

async fn session(stream: TcpStream, games: &Games, db: &Db, idle: Duration) -> Result<()> {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    write.write_all(b"220 corriere LMTP ready\r\n").await?;
    let ended = talk(&mut reader, &mut write, games, db, idle).await;
    if let Err(error) = &ended {
        if error.downcast_ref::<Idle>().is_some() {
            let _ = write
                .write_all(b"421 4.4.2 idle too long, closing\r\n")
                .await;
            let _ = write.shutdown().await;
            return Ok(());
        }
    }
    ended
}

async fn talk<R: AsyncBufRead + Unpin, W: tokio::io::AsyncWrite + Unpin>(
    reader: &mut R,
    write: &mut W,
    games: &Games,
    db: &Db,
    idle: Duration,
) -> Result<()> {
    let mut from: Option<String> = None;
    let mut recipients: Vec<String> = Vec::new();
    let mut line = Vec::new();
    loop {
        let Some(fits) = read_command(reader, &mut line, idle).await? else {
            return Ok(());
        };
        if !fits {
            write.write_all(b"500 5.5.2 line too long\r\n").await?;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        let (verb, argument) = text.split_once([' ', ':']).unwrap_or((text, ""));
        let verb = verb.to_ascii_uppercase();
        let answer: String = match verb.as_str() {
            "LHLO" => "250-corriere\r\n250-8BITMIME\r\n250 ENHANCEDSTATUSCODES".into(),
            "MAIL" => {
                from = path_of(argument);
                recipients.clear();
                "250 2.1.0 OK".into()
            }
            "RCPT" => match (&from, path_of(argument)) {
                (None, _) => "503 5.5.1 MAIL first".into(),
                (_, None) => "501 5.1.3 bad recipient".into(),
                (_, Some(_)) if recipients.len() >= MAX_RECIPIENTS => {
                    "452 4.5.3 too many recipients".into()
                }
                (_, Some(to)) => {
                    recipients.push(to);
                    "250 2.1.5 OK".into()
                }
            },
            "DATA" if recipients.is_empty() => "503 5.5.1 RCPT first".into(),
            "DATA" => {
                write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
                let (message, whole) = read_data(reader, idle).await?;
                let mut answers = Vec::new();
                // Each recipient is delivered on its own: its own action, its own answer.
                for to in recipients.drain(..) {
                    answers.push(if !whole {
                        "552 5.3.4 message too big".to_owned()
                    } else {
                        let delivered = inbound::deliver(
                            games,
                            db,
                            &message,
                            from.as_deref(),
                            std::slice::from_ref(&to),
                        )
                        .await;
                        match delivered {
                            Ok(_) => "250 2.0.0 delivered".to_owned(),
                            Err(ReceiveError::Unknown) => {
                                "550 5.1.1 no such reply address".to_owned()
                            }
                            Err(ReceiveError::Forged) => {
                                "550 5.7.1 this reply address is not valid".to_owned()
                            }
                            Err(ReceiveError::Temporary(error)) => {
                                tracing::warn!(
                                    error = format!("{error:#}"),
                                    "LMTP delivery deferred"
                                );
                                "451 4.3.0 try again later".to_owned()
                            }
                        }
                    });
                }
                from = None;
                answers.join("\r\n")
            }
            "RSET" => {
                from = None;
                recipients.clear();
                "250 2.0.0 OK".into()
            }
            "NOOP" => "250 2.0.0 OK".into(),
            "QUIT" => {
                write.write_all(b"221 2.0.0 bye\r\n").await?;
                return Ok(());
            }
            _ => "500 5.5.2 unknown command".into(),
        };
        write.write_all(answer.as_bytes()).await?;
        write.write_all(b"\r\n").await?;
    }
}

/// The message after DATA, dot-unstuffed, up to the lone dot; `false` when it was longer than
/// a reply may be (the rest is read in pieces and dropped, so a line of any length costs no
/// more memory than [`CHUNK`]).
async fn read_data<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    idle: Duration,
) -> Result<(Vec<u8>, bool)> {
    let mut message = Vec::new();
    let mut whole = true;
    let mut piece = Vec::with_capacity(CHUNK);
    let mut line_start = true;
    loop {
        if read_piece(reader, &mut piece, CHUNK, idle).await? == 0 {
            anyhow::bail!("the connection closed inside DATA");
        }
        if line_start && (piece == b".\r\n" || piece == b".\n") {
            return Ok((message, whole));
        }
        let body = if line_start && piece.starts_with(b".") {
            &piece[1..]
        } else {
            &piece[..]
        };
        if whole && message.len() + body.len() <= MAX_REPLY_BYTES {
            message.extend_from_slice(body);
        } else {
            whole = false;
        }
        line_start = piece.ends_with(b"\n");
    }
}
