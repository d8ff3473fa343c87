//! SMTP delivery: the server named by `CORRIERE_SMTP_URL`, and one connection per send lane
//! that the mail worker keeps open, opened here with Nagle's algorithm off.
//!
//! lettre's pooled transport opens its sockets with Nagle's algorithm on. It writes a message
//! body and its closing dot in two writes, so the dot waits for the server's delayed ACK:
//! 40 ms per mail on Linux, whatever the server. These connections set `TCP_NODELAY` and
//! speak SMTP through lettre's connection type.

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

/// How long connecting, or sending one mail, may take.
const TIMEOUT: Duration = Duration::from_secs(30);
/// A connection idle this long is closed and opened afresh: servers drop idle clients (after
/// 5 minutes, RFC 5321 suggests), and a dropped connection would fail the next mail.
const IDLE: Duration = Duration::from_secs(60);

/// How the connection is secured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Security {
    /// Plain SMTP (`smtp://`), for a server on the same machine or network.
    Plain,
    /// STARTTLS after the greeting: `?tls=required`, or `?tls=opportunistic` (only when the
    /// server offers it).
    StartTls { required: bool },
    /// TLS from the first byte (`smtps://`).
    Tls,
}

/// The SMTP server mail goes to, parsed from `CORRIERE_SMTP_URL`:
/// `smtp://host[:port]` (port 25), `smtp://user:pass@host[:port]?tls=required` (STARTTLS,
/// port 587; `tls=opportunistic` uses it when offered) or `smtps://user:pass@host[:port]`
/// (TLS, port 465). A path names the client in EHLO (`smtp://host/mail.example.org`).
#[derive(Clone)]
pub struct SmtpServer {
    host: String,
    port: u16,
    security: Security,
    credentials: Option<Credentials>,
    hello: ClientId,
}

/// Shows where mail goes, never the password.
impl std::fmt::Debug for SmtpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{} ({:?})", self.host, self.port, self.security)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BadSmtpUrl(String);

impl SmtpServer {
    pub fn parse(text: &str) -> Result<SmtpServer, BadSmtpUrl> {
        let url = url::Url::parse(text).map_err(|e| BadSmtpUrl(format!("not a URL: {e}")))?;
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| BadSmtpUrl("the URL names no host".into()))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let tls = url
            .query_pairs()
            .find(|(key, _)| key == "tls")
            .map(|(_, value)| value.into_owned());
        let (security, default_port) = match (url.scheme(), tls.as_deref()) {
            ("smtp", None) => (Security::Plain, 25),
            ("smtp", Some("required")) => (Security::StartTls { required: true }, 587),
            ("smtp", Some("opportunistic")) => (Security::StartTls { required: false }, 587),
            ("smtps", None) => (Security::Tls, 465),
            (scheme, tls) => {
                return Err(BadSmtpUrl(format!(
                    "use smtp://, smtp://…?tls=required, smtp://…?tls=opportunistic or \
                     smtps:// (got scheme {scheme:?}, tls {tls:?})"
                )))
            }
        };
        let decode = |part: &str| {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .map(|text| text.into_owned())
                .map_err(|_| BadSmtpUrl("the user name or password is not UTF-8".into()))
        };
        let credentials = match url.password() {
            Some(password) => Some(Credentials::new(decode(url.username())?, decode(password)?)),
            None => None,
        };
        let name = url.path().trim_matches('/');
        let hello = if name.is_empty() {
            ClientId::default()
        } else {
            ClientId::Domain(name.to_owned())
        };
        Ok(SmtpServer {
            port: url.port().unwrap_or(default_port),
            host,
            security,
            credentials,
            hello,
        })
    }

    /// `host:port`, for logs and the service's description of its mail transport.
    pub fn address(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }

    fn tls_parameters(&self) -> Result<TlsParameters, lettre::transport::smtp::Error> {
        TlsParameters::new(self.host.clone())
    }

    /// Open a connection, say EHLO, secure it as configured and log in.
    async fn connect(&self) -> Result<AsyncSmtpConnection, String> {
        let tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| format!("cannot connect to {}: {e}", self.address()))?;
        tcp.set_nodelay(true)
            .map_err(|e| format!("cannot set TCP_NODELAY: {e}"))?;
        let stream: Box<dyn AsyncTokioStream> = match self.security {
            Security::Tls => Box::new(TlsStream::connect(&self.host, tcp).await?),
            Security::Plain | Security::StartTls { .. } => Box::new(tcp),
        };
        let mut conn = AsyncSmtpConnection::connect_with_transport(stream, &self.hello)
            .await
            .map_err(|e| e.to_string())?;
        if let Security::StartTls { required } = self.security {
            if required || conn.can_starttls() {
                let parameters = self.tls_parameters().map_err(|e| e.to_string())?;
                conn.starttls(parameters, &self.hello)
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials)
                .await
                .map_err(|e| e.to_string())?;
        }
        Ok(conn)
    }
}

/// One connection per send lane, opened on first use and again after a failure or a long
/// idle spell.
pub(super) struct Lanes {
    server: SmtpServer,
    lanes: Vec<Mutex<Option<(AsyncSmtpConnection, Instant)>>>,
}

impl Lanes {
    pub fn new(server: SmtpServer, count: usize) -> Lanes {
        Lanes {
            server,
            lanes: (0..count).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Send one message on lane `lane` (taken modulo the number of lanes). A failed send
    /// closes the lane's connection, so the next mail starts on a fresh one.
    pub async fn send(
        &self,
        lane: usize,
        envelope: &Envelope,
        message: &[u8],
    ) -> Result<(), super::SendError> {
        use super::SendError;
        let mut slot = self.lanes[lane % self.lanes.len()].lock().await;
        // The connection is out of its slot while it sends: a send cut short (the worker
        // stopped, the task dropped) drops the connection instead of leaving a half-sent
        // message on it for the next mail.
        let reusable = slot
            .take()
            .filter(|(conn, used)| !conn.has_broken() && used.elapsed() < IDLE);
        let mut conn = match reusable {
            Some((conn, _)) => conn,
            None => tokio::time::timeout(TIMEOUT, self.server.connect())
                .await
                .map_err(|_| {
                    SendError::temporary(format!(
                        "connecting to {} timed out",
                        self.server.address()
                    ))
                })?
                .map_err(SendError::temporary)?,
        };
        match tokio::time::timeout(TIMEOUT, conn.send(envelope, message)).await {
            Ok(Ok(_)) => {
                *slot = Some((conn, Instant::now()));
                Ok(())
            }
            // A 5xx answer (an unknown mailbox, a refused recipient) will not change.
            Ok(Err(error)) => Err(SendError {
                permanent: error.is_permanent(),
                reason: error.to_string(),
            }),
            Err(_) => Err(SendError::temporary(format!(
                "sending to {} timed out",
                self.server.address()
            ))),
        }
    }
}

/// A TLS stream (for `smtps://`) over a socket this module opened, so it keeps `TCP_NODELAY`.
/// Verified against the Mozilla root certificates (webpki-roots), as lettre does.
#[derive(Debug)]
struct TlsStream(tokio_rustls::client::TlsStream<TcpStream>);

impl TlsStream {
    async fn connect(host: &str, tcp: TcpStream) -> Result<TlsStream, String> {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS setup: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let name = rustls::pki_types::ServerName::try_from(host.to_owned())
            .map_err(|e| format!("{host:?} is not a TLS server name: {e}"))?;
        let stream = tokio_rustls::TlsConnector::from(Arc::new(config))
            .connect(name, tcp)
            .await
            .map_err(|e| format!("TLS with {host}: {e}"))?;
        Ok(TlsStream(stream))
    }
}

impl AsyncTokioStream for TlsStream {
    fn peer_addr(&self) -> io::Result<SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

impl AsyncRead for TlsStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for TlsStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::{Security, SmtpServer};

    #[test]
    fn smtp_urls_name_the_server_its_security_and_the_login() {
        let plain = SmtpServer::parse("smtp://127.0.0.1:2525").unwrap();
        assert_eq!(
            (plain.address(), plain.security),
            ("127.0.0.1:2525".into(), Security::Plain)
        );
        let starttls = SmtpServer::parse("smtp://me:p%40ss@mail.example.org?tls=required").unwrap();
        assert_eq!(starttls.address(), "mail.example.org:587");
        assert_eq!(starttls.security, Security::StartTls { required: true });
        assert!(starttls.credentials.is_some());
        let tls = SmtpServer::parse("smtps://me:pw@mail.example.org").unwrap();
        assert_eq!(
            (tls.address(), tls.security),
            ("mail.example.org:465".into(), Security::Tls)
        );
        assert!(!format!("{tls:?}").contains("pw"), "no password in logs");
        for bad in [
            "http://example.org",
            "smtp://",
            "smtp://h?tls=sometimes",
            "not a url",
        ] {
            assert!(SmtpServer::parse(bad).is_err(), "{bad}");
        }
    }
}
