//! What the log says of clients: actix-http logs at ERROR a connection that ended on a request
//! it could not read; that is the client's mistake, so it is said at WARN, and ERROR stays ours.

use std::fmt::Debug;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

/// Where actix-http logs the end of an HTTP/1 connection.
const DISPATCHER: &str = "actix_http::h1::dispatcher";

/// How actix-http's errors that a client causes begin (after `stream error: `): a request it
/// cannot parse (an over-long head or URI, a malformed header), a connection that broke or
/// was too slow.
const CLIENT_MISTAKES: [&str; 4] = [
    "request parse error",
    "I/O error",
    "request did not complete within",
    "connection shutdown timeout",
];

/// Whether an event is one [`ClientMistakes`] says again: actix-http's ERRORs (the writers of
/// the log leave these out).
pub fn from_actix_http(meta: &Metadata<'_>) -> bool {
    meta.target() == DISPATCHER && *meta.level() == Level::ERROR
}

/// Says again each event of [`from_actix_http`] under `corriere::http`: at WARN when a client
/// caused it, at ERROR otherwise (the service failed). Needs a global subscriber (as `serve`
/// sets), since it logs from inside the subscriber.
pub struct ClientMistakes;

impl<S: Subscriber> Layer<S> for ClientMistakes {
    fn on_event(&self, event: &Event<'_>, _cx: Context<'_, S>) {
        if !from_actix_http(event.metadata()) {
            return;
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        let what = message
            .0
            .strip_prefix("stream error: ")
            .unwrap_or(&message.0);
        if CLIENT_MISTAKES.iter().any(|m| what.starts_with(m)) {
            tracing::warn!(target: "corriere::http", "a client's request could not be read: {what}");
        } else {
            tracing::error!(target: "corriere::http", "a connection failed: {what}");
        }
    }
}

/// The text of an event's message.
struct Message(String);

impl Visit for Message {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = value.to_owned();
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// The logs every command writes to standard error: `filter` (from `CORRIERE_LOG`), with the
/// client's mistakes said as such.
pub fn init(filter: tracing_subscriber::EnvFilter) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let writer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_filter(tracing_subscriber::filter::filter_fn(|meta| {
            !from_actix_http(meta)
        }));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(writer)
        .with(ClientMistakes)
        .try_init();
}
