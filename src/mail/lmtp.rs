//! The LMTP listener of `serve --lmtp-listen`: a local MTA delivers replies here (RFC 2033),
//! each recipient answered on its own, every mail handed to `inbound::deliver`.

use super::inbound::{self, MAX_REPLY_BYTES};
use crate::games::replies::ReceiveError;
use crate::games::Games;
use crate::store::Db;
use anyhow::{Context, Result};
use std::net::SocketAddr;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The longest command line read (RFC 5321 allows 512 octets; a little slack).
const MAX_LINE: usize = 2048;
/// Recipients one transaction may name.
const MAX_RECIPIENTS: usize = 20;

/// Bind `addr` and serve LMTP until `shutdown` turns true.
pub async fn listen(
    addr: &str,
    games: Games,
    db: Db,
    mut shutdown: watch::Receiver<bool>,
) -> Result<(SocketAddr, JoinHandle<()>)> {
    let listener = TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding the LMTP address {addr}"))?;
    let local = listener.local_addr()?;
    tracing::info!(%local, "accepting replies by LMTP");
    let task = tokio::spawn(async move {
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => {
                        let (games, db) = (games.clone(), db.clone());
                        tokio::spawn(async move {
                            if let Err(error) = session(stream, &games, &db).await {
                                tracing::warn!(error = format!("{error:#}"), "LMTP session ended");
                            }
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

async fn session(stream: TcpStream, games: &Games, db: &Db) -> Result<()> {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    write.write_all(b"220 corriere LMTP ready\r\n").await?;
    let mut from: Option<String> = None;
    let mut recipients: Vec<String> = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut reader)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            return Ok(());
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
                let (message, whole) = read_data(&mut reader).await?;
                let mut answers = Vec::new();
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
/// a reply may be (the rest is read and dropped).
async fn read_data<R: tokio::io::AsyncBufRead + Unpin>(reader: &mut R) -> Result<(Vec<u8>, bool)> {
    let mut message = Vec::new();
    let mut whole = true;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).await? == 0 {
            anyhow::bail!("the connection closed inside DATA");
        }
        if line == b".\r\n" || line == b".\n" {
            return Ok((message, whole));
        }
        let body = if line.starts_with(b".") {
            &line[1..]
        } else {
            &line[..]
        };
        if message.len() + body.len() > MAX_REPLY_BYTES {
            whole = false;
        } else {
            message.extend_from_slice(body);
        }
    }
}
