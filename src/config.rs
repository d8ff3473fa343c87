//! Service configuration in layers: built-in defaults, then `CORRIERE_*` environment variables,
//! then command-line flags. Secrets live in types that hide themselves from `Debug`.

use crate::audit::receipt::Signer;
use crate::clock::SharedClock;
use crate::kinds::Registry;
use crate::service::time::TimeRules;
use crate::service::{BaseUrl, GamesConfig, Limits, ReplyAddress, Secret};
use crate::store::DbUrl;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// `corriere serve` flags; each falls back to its environment variable.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Where games are stored: `sqlite://PATH` or `postgres://…` (default:
    /// `sqlite://DATA_DIR/corriere.db`).
    #[arg(long, env = "CORRIERE_DATABASE_URL")]
    pub database_url: Option<String>,
    /// The address to listen on.
    #[arg(long, env = "CORRIERE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// The public address used in links and mails (default: http://BIND).
    #[arg(long, env = "CORRIERE_BASE_URL")]
    pub base_url: Option<String>,
    /// Send mail through this SMTP server (`smtp://host:25`, `smtps://user:pass@host`); by
    /// default mails are written as files into DATA_DIR/outbox.
    #[arg(long, env = "CORRIERE_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// The key seat links are signed with, in hex (at least 32 bytes). By default one is
    /// generated on the first run and kept in DATA_DIR/secret.
    #[arg(long, env = "CORRIERE_SECRET", hide_env_values = true)]
    pub secret: Option<String>,
    /// The Ed25519 key receipts and tree heads are signed with: its 32-byte seed in hex. By
    /// default one is generated on the first run and kept in DATA_DIR/signing-key; every
    /// server of one database must use the same (see "Rotating the signing key", README).
    #[arg(long, env = "CORRIERE_SIGNING_KEY", hide_env_values = true)]
    pub signing_key: Option<String>,
    /// A Pergamemnon card set file (JSON, docs/formats.md "Card sets") that new games may choose
    /// besides the built-in reference sets: for an operator who owns the game and transcribed
    /// its printed values. Repeat the flag (or separate files by commas) for several. A file
    /// that breaks a rule of the format is refused with every problem listed.
    #[arg(long = "card-set", env = "CORRIERE_CARD_SETS", value_delimiter = ',')]
    pub card_sets: Vec<PathBuf>,
    /// Where the SQLite file, the outbox files and the generated secrets live.
    #[arg(long, env = "CORRIERE_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// The From address of every mail.
    #[arg(
        long,
        env = "CORRIERE_MAIL_FROM",
        default_value = "corriere <corriere@localhost>"
    )]
    pub mail_from: String,
    /// How long a request waits for a database connection before it fails, in seconds.
    #[arg(long, env = "CORRIERE_DB_WAIT", default_value_t = 3)]
    pub db_wait: u64,
    /// How many games one client (IP address) or one creator address may create in an hour.
    #[arg(long, env = "CORRIERE_GAMES_PER_HOUR", default_value_t = Limits::default().games_per_hour)]
    pub games_per_hour: u32,
    /// … and in a day.
    #[arg(long, env = "CORRIERE_GAMES_PER_DAY", default_value_t = Limits::default().games_per_day)]
    pub games_per_day: u32,
    /// How many sign-in mails ("my games") one address may be sent in an hour.
    #[arg(long, env = "CORRIERE_SIGN_INS_PER_HOUR", default_value_t = Limits::default().sign_ins_per_hour)]
    pub sign_ins_per_hour: u32,
    /// How many sign-in mails one client (IP address; IPv6 by its network) may ask for in an hour.
    #[arg(long, env = "CORRIERE_SIGN_INS_PER_CLIENT_HOUR", default_value_t = Limits::default().sign_ins_per_client_hour)]
    pub sign_ins_per_client_hour: u32,
    /// How many invitations an address that never followed a link of ours may get in a day.
    #[arg(long, env = "CORRIERE_INVITATIONS_PER_DAY", default_value_t = Limits::default().invitations_per_day)]
    pub invitations_per_day: u32,
    /// How many addresses that never followed a link of ours one creator (address or client)
    /// may invite in a day, new games, rematches and replacements together.
    #[arg(long, env = "CORRIERE_NEW_ADDRESSES_PER_DAY", default_value_t = Limits::default().new_addresses_per_day)]
    pub new_addresses_per_day: u32,
    /// Messages one seat may send to its table in an hour.
    #[arg(long, env = "CORRIERE_MESSAGES_PER_HOUR", default_value_t = Limits::default().messages_per_hour)]
    pub messages_per_hour: u32,
    /// How long a sign-in link stays good, in minutes.
    #[arg(long, env = "CORRIERE_SIGN_IN_MINUTES", default_value_t = 30)]
    pub sign_in_minutes: u64,
    /// Deadlines a seat may miss before it is absent (a bot plays it until the player acts).
    #[arg(long, env = "CORRIERE_MISSED_DEADLINES", default_value_t = TimeRules::default().missed_deadlines)]
    pub missed_deadlines: u32,
    /// The one extension a decision gets when its deadline first passes, in percent of the
    /// game's pace.
    #[arg(long, env = "CORRIERE_GRACE_PERCENT", default_value_t = TimeRules::default().grace_percent)]
    pub grace_percent: u32,
    /// Days of declared absence a person may take in a calendar year.
    #[arg(long, env = "CORRIERE_VACATION_DAYS", default_value_t = TimeRules::default().vacation_days)]
    pub vacation_days: u32,
    /// Seconds between the scheduler's passes (deadlines, reminders, digests).
    #[arg(long, env = "CORRIERE_SCHEDULER_SECONDS", default_value_t = 30)]
    pub scheduler_seconds: u64,
    /// Where replies to seat mails go: `NAME@DOMAIN`; each mail's Reply-To is
    /// `NAME+TOKEN@DOMAIN`, and the MTA hands mail for it to `corriere mail receive` or to
    /// `--lmtp-listen` (default: reply@ the base URL's host).
    #[arg(long, env = "CORRIERE_REPLY_ADDRESS")]
    pub reply_address: Option<String>,
    /// Also accept replies by LMTP from a local MTA on this address (e.g. 127.0.0.1:2424).
    #[arg(long, env = "CORRIERE_LMTP_LISTEN")]
    pub lmtp_listen: Option<String>,
    /// Take the client's address from the last hop of `X-Forwarded-For` (set it only behind a
    /// reverse proxy that sets that header); by default the connection's address counts.
    #[arg(long, env = "CORRIERE_BEHIND_PROXY")]
    pub behind_proxy: bool,
    /// Start with a new, empty SQLite database although the data directory holds a secret
    /// (without this, a secret without its database means the database was lost: an error).
    #[arg(long, env = "CORRIERE_NEW_DATABASE")]
    pub new_database: bool,
    /// How many megabytes the caches of replays and of histories in words may hold together
    /// (half each; by estimate, see docs/benchmarks.md). A game not cached is read again.
    #[arg(long, env = "CORRIERE_CACHE_MB", default_value_t = crate::service::cache::DEFAULT_CACHE_BYTES / (1024 * 1024))]
    pub cache_mb: usize,
    /// For trials and demonstrations only: run the service's clock this far ahead of the
    /// system's (`90m`, `36h`, `3d`, `2d12h`), so deadlines, reminders and digests come due
    /// without waiting. Refused unless `--allow-clock-offset` is given too.
    #[arg(long, env = "CORRIERE_CLOCK_OFFSET", value_parser = parse_offset)]
    pub clock_offset: Option<chrono::Duration>,
    /// Accept `--clock-offset` (never on a server people play on: their deadlines would pass
    /// early).
    #[arg(long, env = "CORRIERE_ALLOW_CLOCK_OFFSET")]
    pub allow_clock_offset: bool,
    #[command(flatten)]
    pub mail_in: MailInArgs,
}

/// A clock offset from the command line: whole numbers with units `d`, `h`, `m` or `s`, one
/// after another (`2d12h`), with a `-` in front for the past.
pub fn parse_offset(text: &str) -> Result<chrono::Duration, String> {
    let problem = || format!("{text:?} is not an offset like 90m, 36h, 3d or 2d12h");
    let (sign, rest) = match text.trim().strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.trim().trim_start_matches('+')),
    };
    let mut total = chrono::Duration::zero();
    let mut number = String::new();
    for c in rest.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let n: i64 = number.parse().map_err(|_| problem())?;
        number.clear();
        total += match c {
            'd' => chrono::Duration::try_days(n),
            'h' => chrono::Duration::try_hours(n),
            'm' => chrono::Duration::try_minutes(n),
            's' => chrono::Duration::try_seconds(n),
            _ => None,
        }
        .ok_or_else(problem)?;
    }
    if !number.is_empty() || rest.is_empty() {
        return Err(problem());
    }
    Ok(total * sign)
}

/// How replies by mail are taken in (`corriere mail receive` and the LMTP listener).
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct MailInArgs {
    /// How long a delivery holds a reply it acts on; the MTA's retry of a delivery that died
    /// takes the reply over after this (before, it is told to try again later).
    #[arg(long, env = "CORRIERE_REPLY_LEASE_SECONDS", default_value_t = 120)]
    pub reply_lease_seconds: u64,
    /// The LMTP listener closes a connection silent for this long.
    #[arg(long, env = "CORRIERE_LMTP_IDLE_SECONDS", default_value_t = 300)]
    pub lmtp_idle_seconds: u64,
    /// The LMTP listener's open connections at most; one more is answered 421 and closed.
    #[arg(long, env = "CORRIERE_LMTP_CONNECTIONS", default_value_t = 32)]
    pub lmtp_connections: usize,
}

impl Default for MailInArgs {
    fn default() -> MailInArgs {
        MailInArgs {
            reply_lease_seconds: 120,
            lmtp_idle_seconds: 300,
            lmtp_connections: 32,
        }
    }
}

/// How replies by mail are taken in, parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MailIn {
    /// How long a delivery holds a reply it acts on.
    pub reply_lease: std::time::Duration,
    pub lmtp: crate::mail::lmtp::LmtpLimits,
}

impl Default for MailIn {
    fn default() -> MailIn {
        MailIn::from(&MailInArgs::default())
    }
}

impl From<&MailInArgs> for MailIn {
    fn from(args: &MailInArgs) -> MailIn {
        MailIn {
            reply_lease: std::time::Duration::from_secs(args.reply_lease_seconds),
            lmtp: crate::mail::lmtp::LmtpLimits {
                idle: std::time::Duration::from_secs(args.lmtp_idle_seconds.max(1)),
                connections: args.lmtp_connections.max(1),
            },
        }
    }
}

/// Parsed configuration: what `app::build` needs.
#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: DbUrl,
    pub bind: String,
    /// `None`: derived from the address actually bound.
    pub base_url: Option<BaseUrl>,
    pub smtp_url: Option<String>,
    pub secret: Secret,
    /// The key receipts and tree heads are signed with.
    pub signer: Signer,
    pub data_dir: PathBuf,
    pub mail_from: String,
    /// Run the outbox worker and the scheduler inside the server (tests step them by hand).
    pub run_mail_worker: bool,
    /// The games served: `Registry::standard()`, or more in tests.
    pub games: Registry,
    /// How long a request waits for a database connection.
    pub db_wait: std::time::Duration,
    /// Where the service reads the time (tests move it by hand).
    pub clock: SharedClock,
    pub limits: Limits,
    pub sign_in_ttl: std::time::Duration,
    /// Whether the client's address comes from `X-Forwarded-For`.
    pub behind_proxy: bool,
    pub time: TimeRules,
    /// How often the scheduler looks for due work.
    pub scheduler_tick: std::time::Duration,
    /// Where replies to seat mails go (`None`: reply@ the base URL's host).
    pub reply_address: Option<ReplyAddress>,
    /// Where to accept replies by LMTP, if anywhere.
    pub lmtp_listen: Option<String>,
    /// How replies are taken in: the claim's lease, the LMTP listener's limits.
    pub mail_in: MailIn,
    /// How many bytes the replay and history caches may hold together.
    pub cache_bytes: usize,
}

impl ServeArgs {
    /// `serve`'s flags as the command line would give them, every other one at its default
    /// (or its environment variable): for the operator's commands' tests and tools.
    pub fn from_flags<'a>(flags: impl IntoIterator<Item = &'a str>) -> Result<ServeArgs> {
        #[derive(clap::Parser)]
        struct Serve {
            #[command(flatten)]
            args: ServeArgs,
        }
        let line = std::iter::once("serve").chain(flags);
        Ok(<Serve as clap::Parser>::try_parse_from(line)?.args)
    }

    /// The loud warning an operator must see when the clock is moved and that is allowed.
    pub fn clock_warning(&self) -> Option<String> {
        let offset = self.clock_offset.filter(|_| self.allow_clock_offset)?;
        Some(format!(
            "WARNING: THE CLOCK IS MOVED {} FROM THE SYSTEM'S (--clock-offset): the service \
             believes it is {}. Deadlines, reminders and digests come due early. For trials \
             and demonstrations only; never on a server people play on.",
            crate::clock::describe_offset(offset),
            crate::clock::offset(offset)
                .now()
                .format("%Y-%m-%d %H:%M UTC"),
        ))
    }

    pub fn into_config(self) -> Result<Config> {
        // The SQLite file lives in the data directory unless a URL says otherwise.
        let database_url = self
            .database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("corriere.db").display()));
        let database_url = DbUrl::parse(&database_url)
            .with_context(|| format!("CORRIERE_DATABASE_URL {database_url:?}"))?;
        if self.clock_offset.is_some() && !self.allow_clock_offset {
            anyhow::bail!(
                "--clock-offset (CORRIERE_CLOCK_OFFSET) moves the service's clock, so every \
                 deadline passes early: it is for trials and demonstrations only; add \
                 --allow-clock-offset (CORRIERE_ALLOW_CLOCK_OFFSET=1) to mean it"
            );
        }
        let clock = match self.clock_offset {
            Some(offset) => crate::clock::offset(offset),
            None => crate::clock::system(),
        };
        // A database this data directory had, gone: lost (deleted, restored empty, or the
        // path changed). Making a fresh one would silently start over; the operator must say so.
        if !self.new_database {
            if let Some(lost) = lost_database(&database_url, &self.data_dir)? {
                anyhow::bail!(
                    "{lost}: restore the database, or start with --new-database \
                     (CORRIERE_NEW_DATABASE=1) to begin with an empty one"
                );
            }
        }
        for path in &self.card_sets {
            load_card_set(path)?;
        }
        create_private_dir(&self.data_dir)?;
        let secret = match self.secret {
            Some(hex) => Secret::from_hex(&hex).map_err(|_| {
                anyhow::anyhow!("CORRIERE_SECRET must be at least 64 hexadecimal digits")
            })?,
            None => stored_secret(&self.data_dir)?,
        };
        let signer = match &self.signing_key {
            Some(hex) => Signer::from_hex(hex).map_err(|_| {
                anyhow::anyhow!(
                    "CORRIERE_SIGNING_KEY must be 64 hexadecimal digits (a 32-byte seed)"
                )
            })?,
            None => stored_signing_key(&self.data_dir)?,
        };
        let base_url = self
            .base_url
            .map(|u| {
                BaseUrl::parse(&u)
                    .map_err(|_| anyhow::anyhow!("CORRIERE_BASE_URL {u:?} is not an http(s) URL"))
            })
            .transpose()?;
        let reply_address = self
            .reply_address
            .map(|a| {
                ReplyAddress::parse(&a).map_err(|_| {
                    anyhow::anyhow!("CORRIERE_REPLY_ADDRESS {a:?} must look like name@domain")
                })
            })
            .transpose()?;
        Ok(Config {
            mail_in: MailIn::from(&self.mail_in),
            reply_address,
            lmtp_listen: self.lmtp_listen,
            database_url,
            bind: self.bind,
            base_url,
            smtp_url: self.smtp_url,
            secret,
            signer,
            data_dir: self.data_dir,
            mail_from: self.mail_from,
            run_mail_worker: true,
            games: Registry::standard(),
            db_wait: std::time::Duration::from_secs(self.db_wait.max(1)),
            clock,
            limits: Limits {
                games_per_hour: self.games_per_hour,
                games_per_day: self.games_per_day,
                sign_ins_per_hour: self.sign_ins_per_hour,
                sign_ins_per_client_hour: self.sign_ins_per_client_hour,
                invitations_per_day: self.invitations_per_day,
                new_addresses_per_day: self.new_addresses_per_day,
                messages_per_hour: self.messages_per_hour,
            },
            sign_in_ttl: std::time::Duration::from_secs(self.sign_in_minutes.max(1) * 60),
            behind_proxy: self.behind_proxy,
            time: TimeRules {
                missed_deadlines: self.missed_deadlines.max(1),
                grace_percent: self.grace_percent,
                vacation_days: self.vacation_days,
            },
            scheduler_tick: std::time::Duration::from_secs(self.scheduler_seconds.max(1)),
            cache_bytes: self.cache_mb.saturating_mul(1024 * 1024),
        })
    }
}

impl Config {
    /// Remember in the data directory that its database was made (the database was just
    /// opened): from now on a start that finds it gone refuses to make an empty one.
    pub fn remember_database(&self) -> Result<()> {
        let marker = self.data_dir.join(DATABASE_MARKER);
        if marker.exists() {
            return Ok(());
        }
        create_private_dir(&self.data_dir)?;
        match write_private(&marker, &format!("{:?}\n", self.database_url)) {
            Ok(()) => Ok(()),
            Err(_) if marker.exists() => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// What the game service needs of this configuration, with links to `base_url`.
    pub fn games_config(&self, base_url: BaseUrl) -> GamesConfig {
        GamesConfig {
            base_url,
            link_secret: self.secret.clone(),
            registry: self.games.clone(),
            clock: self.clock.clone(),
            limits: self.limits,
            sign_in_ttl: self.sign_in_ttl,
            time: self.time,
            reply_address: self.reply_address.clone(),
            mail_from: Some(self.mail_from.clone()),
            reply_lease: self.mail_in.reply_lease,
            cache_bytes: self.cache_bytes,
            signer: self.signer.clone(),
        }
    }

    /// The public address in links and mails: CORRIERE_BASE_URL, or else `http://{bound}` with
    /// a warning (only this machine can follow such links). `serve` passes the address it
    /// bound; the admin commands pass the configured `--bind`, so their mails match `serve`'s.
    pub fn base_url_or(&self, bound: &str) -> Result<BaseUrl> {
        if let Some(url) = &self.base_url {
            return Ok(url.clone());
        }
        let url = BaseUrl::parse(&format!("http://{bound}"))
            .map_err(|_| anyhow::anyhow!("set CORRIERE_BASE_URL: {bound} makes no address"))?;
        tracing::warn!(
            base_url = url.as_str(),
            "CORRIERE_BASE_URL is not set: links in mails point at this default address, which \
             only this machine can open; set it to the address players use"
        );
        Ok(url)
    }
}

/// The file in the data directory that says a database was made for it: written once the
/// service has opened its database (see [`Config::remember_database`]).
const DATABASE_MARKER: &str = "database-made";

/// Why the configured database looks lost, if it does: the data directory remembers one
/// ([`DATABASE_MARKER`], or for SQLite a secret file beside it) but the database is not there
/// (SQLite: no file at its path; PostgreSQL: a database without the service's tables).
/// Whatever the source of the secret.
fn lost_database(url: &DbUrl, data_dir: &Path) -> Result<Option<String>> {
    let marker = data_dir.join(DATABASE_MARKER);
    let remembered = marker.exists();
    match url {
        DbUrl::Sqlite(path) => {
            let secret = data_dir.join("secret").exists();
            Ok((!path.exists() && (remembered || secret)).then(|| {
                format!(
                    "the data directory {} {} but there is no database at {}",
                    data_dir.display(),
                    if remembered {
                        "had a database"
                    } else {
                        "holds a secret"
                    },
                    path.display()
                )
            }))
        }
        DbUrl::Postgres(_) if !remembered => Ok(None),
        DbUrl::Postgres(_) => {
            // A database that cannot be reached is not lost: opening it says why it fails.
            let Ok(mut conn) = crate::store::connect(url) else {
                return Ok(None);
            };
            let made = crate::store::has_schema(&mut conn)
                .with_context(|| format!("looking for the service's tables in {url:?}"))?;
            Ok((!made).then(|| {
                format!(
                    "the data directory {} had a database, but {url:?} has none of the \
                     service's tables",
                    data_dir.display()
                )
            }))
        }
    }
}

/// The data directory, made private to the service's user (0700) when it is created: it holds
/// the database, the link secret and the mails' files.
fn create_private_dir(dir: &Path) -> Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("creating the data directory {}", dir.display()))
}

/// The link-signing key kept in DATA_DIR/secret, made on the first run.
fn stored_secret(data_dir: &Path) -> Result<Secret> {
    let path = data_dir.join("secret");
    if let Ok(text) = std::fs::read_to_string(&path) {
        return Secret::from_hex(text.trim()).map_err(|_| {
            anyhow::anyhow!(
                "{} does not hold a valid secret; delete it to make a new one",
                path.display()
            )
        });
    }
    let text = hex::encode(rand::random::<[u8; 32]>());
    write_private(&path, &text)?;
    tracing::info!(path = %path.display(), "generated a new link-signing secret");
    Ok(Secret::from_hex(&text).expect("64 hexadecimal digits"))
}

/// The file in the data directory that keeps the signing key's seed.
pub const SIGNING_KEY_FILE: &str = "signing-key";

/// The signing key kept in DATA_DIR/signing-key, made on the first run.
/// One problem of a card set in words: what is wrong and what to change.
pub fn describe_card_set_problem(
    problem: &crate::engine::pergamemnon::cards::Problem,
    words: &crate::present::Words,
) -> String {
    let id = problem.message_id();
    let text = if words.has(&id) {
        words.with(
            &id,
            &[
                ("at", problem.at.clone().unwrap_or_default().into()),
                ("found", problem.found.clone().into()),
                ("expected", problem.expected.clone().into()),
            ],
        )
    } else {
        problem.to_string()
    };
    format!("{} {text}", problem.rule)
}

/// Load an operator's Pergamemnon card set and offer it to new games in this process: every
/// problem listed when it does not validate, its warnings logged when it does.
pub fn load_card_set(path: &Path) -> Result<()> {
    use crate::engine::pergamemnon::{cards::CardSet, sets};
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the card set {}", path.display()))?;
    let loaded = CardSet::load(&text).map_err(|problems| {
        let registry = Registry::standard();
        let words = registry.catalogs().default_words();
        anyhow::anyhow!(
            "the card set {} breaks {} rule(s) of docs/formats.md \"Card sets\":\n{}",
            path.display(),
            problems.len(),
            problems
                .iter()
                .map(|p| format!("  {}", describe_card_set_problem(p, &words)))
                .collect::<Vec<_>>()
                .join("\n")
        )
    })?;
    for warning in &loaded.warnings {
        let registry = Registry::standard();
        let warning = describe_card_set_problem(warning, &registry.catalogs().default_words());
        tracing::warn!(card_set = %loaded.set.id, %warning, "card set warning");
    }
    tracing::info!(card_set = %loaded.set.id, sha256 = %loaded.set.sha256, file = %path.display(), "card set offered");
    sets::register(loaded.set).map_err(|why| anyhow::anyhow!("{}: {why}", path.display()))
}

fn stored_signing_key(data_dir: &Path) -> Result<Signer> {
    let path = data_dir.join(SIGNING_KEY_FILE);
    if let Ok(text) = std::fs::read_to_string(&path) {
        return Signer::from_hex(&text).map_err(|_| {
            anyhow::anyhow!(
                "{} does not hold a signing key (64 hexadecimal digits); restore it, or move \
                 it away to make a new one (receipts signed with it stay valid: its public \
                 key stays published)",
                path.display()
            )
        });
    }
    let signer = crate::service::transparency::generate_signer();
    write_private(&path, &signer.seed_hex())?;
    tracing::info!(path = %path.display(), key = %signer.key_id(), "generated a new signing key");
    Ok(signer)
}

/// Rotate the signing key kept in the data directory: the old seed moves to
/// `signing-key.retired-KEYID` and a new one takes its place. The new key is published, and
/// the old one retired (its public key stays published with its validity), when the service
/// next starts. Returns the old key's id and the new one's.
pub fn rotate_signing_key(data_dir: &Path) -> Result<(String, String)> {
    let path = data_dir.join(SIGNING_KEY_FILE);
    let old = stored_signing_key(data_dir)?;
    let retired = data_dir.join(format!("{SIGNING_KEY_FILE}.retired-{}", old.key_id()));
    std::fs::rename(&path, &retired)
        .with_context(|| format!("moving {} to {}", path.display(), retired.display()))?;
    let new = stored_signing_key(data_dir)?;
    Ok((old.key_id(), new.key_id()))
}

fn write_private(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    file.write_all(text.as_bytes())?;
    Ok(())
}
