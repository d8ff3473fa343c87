//! A game's life before and around its moves: creation (checked, confirmed, invitations
//! mailed), seat links checked, acceptance and the start, turn mails, decline, cancel, relink.

use super::*;
use crate::domain::{Contribution, SeatToken};

impl Games {
    /// Check a new game: the kind, the players, the creator's seat and the options.
    pub(super) fn check_new(
        &self,
        new: &NewGame,
    ) -> Result<(&dyn Kind, Options), Vec<CreateProblem>> {
        let kind = self
            .kind(&new.game)
            .map_err(|_| vec![CreateProblem::UnknownGame(new.game.clone())])?;
        let mut problems = Vec::new();
        let players = new.seats.len();
        let (min, max) = kind.players();
        if !(min as usize..=max as usize).contains(&players) {
            problems.push(CreateProblem::Players {
                min,
                max,
                given: players,
            });
        }
        match new.seats.get(new.creator_seat.index()) {
            None => problems.push(CreateProblem::CreatorSeat(new.creator_seat.number())),
            Some(NewSeat::Bot(_)) => {
                problems.push(CreateProblem::CreatorBot(new.creator_seat.number()))
            }
            Some(NewSeat::Open) => {
                problems.push(CreateProblem::CreatorOpen(new.creator_seat.number()))
            }
            Some(NewSeat::Person(..)) => {}
        }
        for (i, first) in new.seats.iter().enumerate() {
            let Some(first) = first.email() else { continue };
            if let Some(j) = new.seats[i + 1..]
                .iter()
                .position(|other| other.email().is_some_and(|o| o.key() == first.key()))
            {
                problems.push(CreateProblem::SameAddress(i as u8 + 1, (i + j) as u8 + 2));
            }
        }
        if let Some(hours) = new.hours_per_decision {
            if !PACE_HOURS.contains(&hours) {
                problems.push(CreateProblem::Pace(hours));
            }
        }
        if let Some(games) = new.min_finished {
            if !MIN_FINISHED.contains(&games) {
                problems.push(CreateProblem::MinFinished(games));
            }
        }
        let options = match kind.read_options(&new.options.to_string()) {
            Ok(options) => options,
            Err(why) => {
                problems.push(CreateProblem::Options(why));
                return Err(problems);
            }
        };
        if problems.is_empty() {
            problems.extend(
                kind.option_problems(&options, players as u8)
                    .into_iter()
                    .map(CreateProblem::Option),
            );
        }
        if problems.is_empty() {
            Ok((kind, kind.settle_options(&options)))
        } else {
            Err(problems)
        }
    }

    /// Create a game in `inviting` status: draw its secret and store the commitment. If the
    /// creator proved their address, every other seat is invited at once; otherwise the creator
    /// is mailed a confirmation link first, and nobody is invited before it is followed. The
    /// creator gets no invitation: they accept from their own seat page.
    pub fn create_game(&self, conn: &mut Conn, new: NewGame) -> Result<Created, CreateError> {
        let created = write_transaction(conn, |conn| self.create_in(conn, &new, None))?;
        tracing::info!(game.id = %created.game_id, game = %new.game, players = new.seats.len(), confirmed = new.creator_confirmed, "game created");
        Ok(created)
    }

    /// Create a game inside the caller's write transaction; `rematch_of`: the game it replays
    /// (its players are invited to a rematch rather than to a new game).
    pub(super) fn create_in(
        &self,
        conn: &mut Conn,
        new: &NewGame,
        rematch_of: Option<(&GameRow, &str)>,
    ) -> Result<Created, CreateError> {
        let (kind, options) = self.check_new(new).map_err(CreateError::Invalid)?;
        let now = self.now();
        let game_id = GameId::generate();
        let secret = GameSecret::generate();
        let row = GameRow {
            id: game_id.to_string(),
            kind: kind.name().into(),
            rules_version: kind.current_rules_version() as i32,
            options: options.json().get().to_owned(),
            status: GameStatus::Inviting.as_str().into(),
            created_at: now.0,
            commitment: secret.commitment(),
            secret: secret.to_hex(),
            log_head: None,
            creator_seat: new.creator_seat.0 as i32,
            ended_at: None,
            revision: 0,
            cancelled_by: None,
            title: new.title.as_ref().map(|t| t.as_str().to_owned()),
            confirmed_at: new.creator_confirmed.then_some(now.0),
            rematch_of: rematch_of.map(|(old, _)| old.id.clone()),
            rematch: None,
            hours_per_decision: new.hours_per_decision.map(|h| h as i32),
            private_table: new.private_table,
            last_message_at: None,
        };
        // A bot's seat is taken at once, with a contribution the server draws.
        let seats: Vec<SeatRow> = new
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat)| {
                // An open seat waits for its taker: no name, no address, not accepted.
                let bot = matches!(seat, NewSeat::Bot(_));
                SeatRow {
                    game_id: row.id.clone(),
                    seat: index as i32,
                    name: seat.name().to_string(),
                    email: seat.email().map(|e| e.to_string()).unwrap_or_default(),
                    link_version: 1,
                    accepted_at: bot.then_some(now.0),
                    contribution: bot.then(|| Contribution::server_drawn().as_str().to_owned()),
                    contribution_source: bot
                        .then(|| ContributionSource::Server.as_str().to_owned()),
                    last_seen_seq: 0,
                    control: if bot { Control::Bot } else { Control::Player }
                        .as_str()
                        .to_owned(),
                    missed: 0,
                    resigned_at: None,
                    messages_mailed_at: 0,
                    setup_name: seat.name().to_string(),
                    // Every new game is `corriere-log/v2`: its genesis covers this salt's hash
                    // of the name, so the player can be forgotten and the game still verify.
                    name_salt: Some(hex::encode(rand::random::<[u8; 32]>())),
                    name_hash: None,
                }
            })
            .collect();
        let creator = &seats[new.creator_seat.index()];
        self.count_creation(conn, new, &creator.email, now)?;
        let mut suppressed = Vec::new();
        for seat in seats.iter().filter(|s| s.has_person()) {
            let person = store::ensure_address(conn, &seat.email, now)?;
            if let Some(lang) = &new.language {
                let creator = seat.seat == row.creator_seat;
                let unknown = person.language.is_none() && person.language_seen.is_none();
                if creator || unknown {
                    self.note_language_seen(conn, &person, lang)?;
                }
            }
            if person.suppressed_at.is_some() {
                suppressed.push(CreateProblem::Suppressed(seat_of(seat).number()));
            }
            if seat.seat == row.creator_seat {
                if person.blocked_at.is_some() {
                    suppressed.push(CreateProblem::CreatorBlocked);
                }
            } else if self.refuses_invitation(conn, &creator.email, &seat.email)? {
                // The invitee blocked the creator, or the operator blocked the invitee: the
                // creator is told only that the seat cannot be invited.
                suppressed.push(CreateProblem::CannotInvite(seat_of(seat).number()));
            }
            if seat.seat != row.creator_seat {
                self.count_invitation(
                    conn,
                    &person,
                    &creator.email,
                    new.client_ip.as_deref(),
                    now,
                )?
                .map_err(CreateError::Limited)?;
            }
        }
        if !suppressed.is_empty() {
            return Err(CreateError::Invalid(suppressed));
        }
        store::insert_game(conn, &row)?;
        for seat in &seats {
            store::insert_seat(conn, seat)?;
        }
        if new.seats.iter().any(|s| matches!(s, NewSeat::Open)) {
            let offer = store::OpenGame {
                listed: new.listed,
                approve: new.approve_claims,
                min_finished: new.min_finished.map(|n| n as i32),
            };
            store::insert_open_game(conn, &game_id, offer)?;
        }
        if new.creator_confirmed {
            store::mark_verified(conn, &creator.email, now)?;
            let how = match rematch_of {
                Some((_, old_title)) => Invite::Rematch {
                    old_title: old_title.to_owned(),
                },
                None => Invite::NewGame,
            };
            self.invite(conn, kind, &row, &seats, how, now)?;
        } else {
            self.ask_confirmation(conn, &row, &seats, now)?;
        }
        let links = &self.0.links;
        Ok(Created {
            creator_token: links.token(&game_id, new.creator_seat, 1),
            creator_url: links.seat_url(&game_id, new.creator_seat, 1),
            game_id,
            creator_seat: new.creator_seat,
            confirmed: new.creator_confirmed,
        })
    }

    /// The name of a stored game in `words` (a game of a kind this server does not play is
    /// named by its title or its kind's name).
    pub(super) fn name_of(&self, row: &GameRow, seats: &[SeatRow], words: Words) -> String {
        // An open seat has no name yet: the game is named after the players it has.
        let players: Vec<String> = seats
            .iter()
            .filter(|s| !s.is_open())
            .map(|s| s.name.clone())
            .collect();
        match self.kind(&row.kind) {
            Ok(kind) => self.game_name(kind, row.title.as_deref(), &players, words),
            Err(_) => row.title.clone().unwrap_or_else(|| row.kind.clone()),
        }
    }

    /// Mail the creator the link that proves their address and releases the invitations.
    pub(super) fn ask_confirmation(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        now: Millis,
    ) -> Result<(), CreateError> {
        let id = GameId::parse(&row.id).map_err(anyhow::Error::from)?;
        let creator = &seats[row.creator_seat as usize];
        let to = self.seat_recipient(conn, row, creator, now)?;
        let signature = self
            .links()
            .sign(Capability::Confirm, &[&row.id, &to.person.address]);
        let mail = letters::Confirm {
            w: to.words,
            footer: self.footer(&to.person),
            to_name: creator.name.clone(),
            game_title: self.name_of(row, seats, to.words),
            confirm_url: self
                .links()
                .url(&format!("/games/{}/confirm/{signature}", row.id)),
            seat_url: self
                .0
                .links
                .seat_url(&id, seat_of(creator), creator.link_version),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Confirmation, Some(&id), "confirm", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// The creator followed the confirmation link: their address is proven and the
    /// invitations leave (once, however often the link is followed); a game whose seats were
    /// all taken by then (the creator's and bots') starts. The creator's seat URL.
    pub fn confirm(
        &self,
        conn: &mut Conn,
        id: &GameId,
        signature: &str,
    ) -> Result<String, ConfirmError> {
        let now = self.now();
        let url = write_transaction(conn, |conn| -> Result<String, ConfirmError> {
            let row = store::lock_game(conn, id)?.ok_or(ConfirmError::NoSuchGame)?;
            let seats = store::seats_of(conn, id)?;
            let creator = seats
                .iter()
                .find(|s| s.seat == row.creator_seat)
                .ok_or_else(|| anyhow!("game {id} has no creator seat"))?;
            let address = store::address_key(&creator.email);
            if !self
                .links()
                .check(Capability::Confirm, &[&row.id, &address], signature)
            {
                return Err(ConfirmError::BadLink);
            }
            if row.confirmed_at.is_none() {
                if row.status() != GameStatus::Inviting {
                    return Err(ConfirmError::NotInviting);
                }
                store::set_confirmed(conn, id, now)?;
                store::mark_verified(conn, &creator.email, now)?;
                let kind = self.kind(&row.kind).map_err(anyhow::Error::from)?;
                let row = GameRow {
                    confirmed_at: Some(now.0),
                    ..row
                };
                self.invite(conn, kind, &row, &seats, Invite::NewGame, now)?;
                tracing::info!(game.id = %id, "creator confirmed; invitations queued");
                if seats.iter().all(|s| s.accepted_at.is_some()) {
                    self.start(conn, &row, &seats, now)?;
                }
            }
            Ok(self
                .0
                .links
                .seat_url(id, seat_of(creator), creator.link_version))
        })?;
        Ok(url)
    }

    /// Invite every seat but the creator's, to a new game or to a rematch.
    pub(super) fn invite(
        &self,
        conn: &mut Conn,
        kind: &dyn Kind,
        row: &GameRow,
        seats: &[SeatRow],
        how: Invite,
        now: Millis,
    ) -> anyhow::Result<()> {
        let id = GameId::parse(&row.id)?;
        let options = kind
            .read_options(&row.options)
            .map_err(|e| anyhow!("stored options of game {id}: {e}"))?;
        let names = names_of(seats);
        let creator = &seats[row.creator_seat as usize];
        let recipients = self.seat_recipients(conn, row, seats, now)?;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            if seat_row.seat == row.creator_seat {
                continue;
            }
            let players: Vec<PlayerLine> = seats
                .iter()
                .map(|s| PlayerLine {
                    number: seat_of(s).number(),
                    name: if s.is_open() {
                        to.words.get("seat-open-name")
                    } else {
                        s.name.clone()
                    },
                    is_you: s.seat == seat_row.seat,
                })
                .collect();
            let seat_url = self
                .0
                .links
                .seat_url(&id, seat_of(seat_row), seat_row.link_version);
            if let Invite::Rematch { old_title, .. } = &how {
                let mail = letters::Rematch {
                    w: to.words,
                    footer: self.footer(&to.person),
                    to_name: seat_row.name.clone(),
                    proposer: creator.name.clone(),
                    old_title: old_title.clone(),
                    players,
                    seat_url,
                }
                .render()?;
                if let Some(mail) = self.letter(to, Class::Invitation, Some(&id), "rematch", mail) {
                    store::enqueue(conn, mail, now)?;
                }
                continue;
            }
            let cx = Ctx::new(to.words, &names, Viewer::Spectator);
            let mail = letters::Invitation {
                w: to.words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(row, seats, to.words),
                kind_title: to.words.get(&format!("{}-title", kind.name())),
                game_id: id.to_string(),
                inviter: creator.name.clone(),
                inviter_address: creator.email.clone(),
                players,
                options: kind.options_words(&options, &cx),
                notes: kind.option_notes(&options, &cx),
                pace: letters::pace(to.words, row.hours_per_decision),
                commitment: row.commitment.clone(),
                seat_url,
                game_url: self.0.links.game_url(&id),
            }
            .render()?;
            if let Some(mail) = self.letter(to, Class::Invitation, Some(&id), "invitation", mail) {
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(())
    }

    /// Check a seat link (in constant time) against the seats of its game as just read:
    /// `None` when it is not a valid link of one of them.
    pub(crate) fn authorize_among(&self, seats: &[SeatRow], link: &SeatLink) -> Option<SeatAuth> {
        let row = seats.iter().find(|s| seat_of(s) == link.seat)?;
        self.0
            .links
            .verify(&link.game, link.seat, row.link_version, &link.token)
            .then(|| SeatAuth {
                game_id: link.game.clone(),
                seat: link.seat,
            })
    }

    /// Check a seat link (in constant time) against the seat's current link version.
    pub fn authorize(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        seat: Seat,
        token: &SeatToken,
    ) -> Result<SeatAuth, AuthError> {
        let Some(link_version) = store::seat_link_version(conn, game_id, seat.0 as i32)? else {
            return Err(match store::find_game(conn, game_id)? {
                None => AuthError::NoSuchGame,
                Some(_) => AuthError::BadLink,
            });
        };
        if !self.0.links.verify(game_id, seat, link_version, token) {
            return Err(AuthError::BadLink);
        }
        Ok(SeatAuth {
            game_id: game_id.clone(),
            seat,
        })
    }

    /// Accept an invitation with the seat's entropy contribution, or with one the server draws
    /// (recorded as `server`) when none is given. The last acceptance starts the game: the seed
    /// is derived (see [`seed::derive_seed`]), the game sets up, the chain head h0 is stored,
    /// and whoever must decide first gets a "your turn" mail.
    pub fn accept(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        contribution: Option<Contribution>,
    ) -> Result<Accepted, AcceptError> {
        self.accept_in_zone(conn, auth, contribution, None)
    }

    /// [`Games::accept`] from a browser that told its time zone: it becomes the person's
    /// while they have none, in the same transaction, so the mails a game that starts now
    /// sends them already print their times in it.
    pub fn accept_in_zone(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        contribution: Option<Contribution>,
        zone: Option<chrono_tz::Tz>,
    ) -> Result<Accepted, AcceptError> {
        let now = self.now();
        let id = &auth.game_id;
        let (source, contribution) = match contribution {
            Some(c) => (ContributionSource::Player, c),
            None => (ContributionSource::Server, Contribution::server_drawn()),
        };
        let started =
            write_transaction(conn, |conn| -> Result<Option<Arc<Replay>>, AcceptError> {
                let row = store::lock_game(conn, id)?.ok_or(AcceptError::NoSuchGame)?;
                if row.status() != GameStatus::Inviting {
                    return Err(AcceptError::NotInviting);
                }
                let seats = store::seats_of(conn, id)?;
                let mine = seats
                    .iter()
                    .find(|s| seat_of(s) == auth.seat)
                    .ok_or_else(|| anyhow!("seat {} missing", auth.seat.number()))?;
                if mine.accepted_at.is_some() {
                    return Err(AcceptError::AlreadyAccepted);
                }
                if mine.has_person() && store::is_address_blocked(conn, &mine.email)? {
                    return Err(AcceptError::Blocked);
                }
                store::record_acceptance(conn, id, mine.seat, now, contribution.as_str(), source)?;
                if let Some(zone) = zone.filter(|_| mine.has_person()) {
                    store::set_zone_if_unknown(
                        conn,
                        &mine.email,
                        super::zones::UNKNOWN,
                        super::zones::to_store(zone),
                    )?;
                }
                let seats = store::seats_of(conn, id)?;
                // A game starts only once its creator proved their address (confirming starts
                // a game whose seats were all taken by then: the creator's and bots').
                if row.confirmed_at.is_none() || seats.iter().any(|s| s.accepted_at.is_none()) {
                    return Ok(None);
                }
                Ok(Some(self.start(conn, &row, &seats, now)?))
            })?;
        tracing::info!(game.id = %id, seat = auth.seat.number(), started = started.is_some(), "seat accepted");
        let accepted = Accepted {
            started: started.is_some(),
        };
        if let Some(replay) = started {
            self.0.cache.put(id, replay);
        }
        Ok(accepted)
    }

    pub(super) fn start(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        now: Millis,
    ) -> anyhow::Result<Arc<Replay>> {
        let id = GameId::parse(&row.id)?;
        let kind = self.kind(&row.kind)?;
        let replay = Setup::from_rows(kind, row, seats)?.start(kind)?;
        store::start_game(conn, &id, &replay.head_hex())?;
        let at = replay.last_at().unwrap_or(now.0).max(now.0);
        let deadlines = self.deadline_changes(conn, row, seats, None, &replay, at)?;
        store::apply_deadlines(conn, &row.id, &deadlines)?;
        let names = names_of(seats);
        let waiting: Vec<_> = replay
            .pending()
            .iter()
            .map(|p| (p.seat, p.decision.clone()))
            .collect();
        let head = replay.head_hex();
        let recipients = self.seat_recipients(conn, row, seats, now)?;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            let seat = seat_of(seat_row);
            let cx = Ctx::new(to.words, &names, Viewer::Seat(seat));
            let view = replay.game.view(Viewer::Seat(seat));
            let mail = letters::Started {
                w: to.words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(row, seats, to.words),
                game_id: id.to_string(),
                first: crate::kinds::status(kind, &waiting, &cx),
                due: self.due_words(&deadlines, seat, to, now),
                part: kind.mail_part(&view, seat, &cx),
                seat_url: self.0.links.seat_url(&id, seat, seat_row.link_version),
                game_url: self.0.links.game_url(&id),
                seq: 0,
                log_head_short: short(&head),
                signed_receipt: self.receipt_line(&id, 0, &head),
                log_head: head.clone(),
                commands: replies::command_examples(kind, &replay.game, seat, &to.words),
            }
            .render()?;
            if let Some(mut mail) = self.letter(to, Class::Game, Some(&id), "started", mail) {
                mail.reply_to = Some(self.reply_to(seat_row, 0, None));
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(Arc::new(replay))
    }

    /// When `seat`'s new deadline (among `deadlines`) is due, in the words and zone of `to`.
    pub(super) fn due_words(
        &self,
        deadlines: &store::DeadlineChanges,
        seat: Seat,
        to: &Recipient,
        now: Millis,
    ) -> Option<String> {
        let zone = to.person.time_zone.parse().unwrap_or(chrono_tz::UTC);
        deadlines
            .set
            .iter()
            .find(|d| d.seat == seat.0 as i32)
            .map(|d| crate::present::time::when(to.words, d.due_at, now.0, zone))
    }

    /// The "your turn" mail of a seat: its decision, when it is due, what happened since
    /// `since`, its part of the game (its hand…), its link.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn your_turn(
        &self,
        kind: &dyn Kind,
        row: &GameRow,
        seats: &[SeatRow],
        seat_row: &SeatRow,
        to: &Recipient,
        replay: &Replay,
        since: i64,
        due: Option<String>,
        talk: Vec<String>,
    ) -> anyhow::Result<letters::Rendered> {
        let id = GameId::parse(&row.id)?;
        let seat = seat_of(seat_row);
        let names = names_of(seats);
        let words = to.words;
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        let view = replay.game.view(Viewer::Seat(seat));
        let decision = replay
            .game
            .decision(seat)
            .ok_or_else(|| anyhow!("seat {} owes no decision", seat.number()))?;
        let head = replay.head_hex();
        Ok(letters::YourTurn {
            w: words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(row, seats, words),
            game_id: id.to_string(),
            prompt: kind.decision_words(&decision, &cx),
            due,
            happened: mail_happened(kind, replay, since, &cx),
            part: kind.mail_part(&view, seat, &cx),
            seat_url: self.0.links.seat_url(&id, seat, seat_row.link_version),
            game_url: self.0.links.game_url(&id),
            seq: replay.seq as i64,
            log_head_short: short(&head),
            signed_receipt: self.receipt_line(&id, replay.seq as i64, &head),
            log_head: head,
            talk,
            commands: replies::command_examples(kind, &replay.game, seat, &words),
        }
        .render()?)
    }

    /// Decline an invitation: the game is cancelled and every other seat is told.
    pub fn decline(&self, conn: &mut Conn, auth: &SeatAuth) -> Result<(), DeclineError> {
        let id = &auth.game_id;
        match self.cancel(conn, id, Cancel::Declined(auth.seat)) {
            Ok(()) => {}
            Err(CancelError::NoSuchGame) => return Err(DeclineError::NoSuchGame),
            Err(CancelError::NotCancellable) => return Err(DeclineError::NotInviting),
            Err(CancelError::Unexpected(e)) => return Err(DeclineError::Unexpected(e)),
        }
        tracing::info!(game.id = %id, seat = auth.seat.number(), "seat declined; game cancelled");
        Ok(())
    }

    /// Cancel a game and tell its players why (everyone but a seat that declined). A seat may
    /// decline only while the game invites; the operator may cancel it until it is over.
    pub fn cancel(&self, conn: &mut Conn, id: &GameId, why: Cancel) -> Result<(), CancelError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), CancelError> {
            let row = store::lock_game(conn, id)?.ok_or(CancelError::NoSuchGame)?;
            let cancellable = match why {
                Cancel::Declined(_) => row.status() == GameStatus::Inviting,
                Cancel::Operator => {
                    matches!(row.status(), GameStatus::Inviting | GameStatus::Playing)
                }
                Cancel::Creator(seat) => {
                    row.creator_seat == seat.0 as i32
                        && matches!(row.status(), GameStatus::Inviting | GameStatus::Playing)
                }
            };
            if !cancellable {
                return Err(CancelError::NotCancellable);
            }
            let by = match why {
                Cancel::Declined(_) => CancelledBy::Declined,
                Cancel::Operator => CancelledBy::Operator,
                Cancel::Creator(_) => CancelledBy::Creator,
            };
            store::cancel_game(conn, id, by, now)?;
            store::drop_deadlines(conn, id)?;
            let seats = store::seats_of(conn, id)?;
            let names = names_of(&seats);
            let recipients = self.seat_recipients(conn, &row, &seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                if why == Cancel::Declined(seat_of(other)) {
                    continue;
                }
                let words = to.words;
                let said = match why {
                    Cancel::Declined(seat) => {
                        words.one("mail-cancelled-declined", "name", names.name(seat))
                    }
                    Cancel::Operator => words.get("mail-cancelled-operator"),
                    Cancel::Creator(seat) => words.two(
                        "mail-cancelled-creator",
                        ("name", names.name(seat)),
                        ("you", letters::you(seat == seat_of(other))),
                    ),
                };
                let mail = letters::Cancelled {
                    w: words,
                    footer: self.footer(&to.person),
                    to_name: other.name.clone(),
                    game_title: self.name_of(&row, &seats, words),
                    game_id: id.to_string(),
                    why: said,
                    game_url: self.0.links.game_url(id),
                    commitment: row.commitment.clone(),
                }
                .render()?;
                // Invitees hear of the cancellation of what they were invited to; nobody hears
                // of a game whose creator never confirmed (the mail room's rule).
                let class = match row.status() {
                    GameStatus::Inviting => Class::Invitation,
                    _ => Class::Game,
                };
                if let Some(mail) = self.letter(to, class, Some(id), "cancelled", mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(())
        })?;
        tracing::info!(game.id = %id, ?why, "game cancelled");
        Ok(())
    }

    /// Retire a seat's links (bump its link version) and mail the seat a fresh one. Who may
    /// ask for this is the caller's decision (e.g. the seat's own email address typed in).
    pub fn relink(&self, conn: &mut Conn, game_id: &GameId, seat: Seat) -> Result<(), RelinkError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), RelinkError> {
            let game = store::lock_game(conn, game_id)?.ok_or(RelinkError::NoSuchGame)?;
            let seats = store::seats_of(conn, game_id)?;
            let row = seats
                .iter()
                .find(|s| seat_of(s) == seat)
                .ok_or(RelinkError::NoSuchSeat)?;
            // A lost or leaked link: the person's sessions and mail-settings links end with
            // it (the relink mail's footer carries a new one).
            if row.has_person() {
                store::bump_address_version(conn, &row.email)?;
            }
            let to = self.seat_recipient(conn, &game, row, now)?;
            let words = to.words;
            let seq = store::last_seq(conn, game_id)?;
            let receipt = match &game.log_head {
                Some(head) => words.with(
                    "mail-receipt-started",
                    &[
                        ("commitment", game.commitment.clone().into()),
                        ("seq", seq.into()),
                        ("head", short(head).into()),
                    ],
                ),
                None => words.one("mail-receipt", "commitment", &game.commitment),
            };
            let signed_receipt = game
                .log_head
                .as_deref()
                .map(|head| self.receipt_line(game_id, seq, head))
                .unwrap_or_default();
            let version = store::bump_link_version(conn, game_id, row.seat)?;
            let mail = letters::Relink {
                w: words,
                footer: self.footer(&to.person),
                to_name: row.name.clone(),
                game_title: self.name_of(&game, &seats, words),
                game_id: game_id.to_string(),
                seat_url: self.0.links.seat_url(game_id, seat, version),
                game_url: self.0.links.game_url(game_id),
                receipt,
                signed_receipt,
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Invitation, Some(game_id), "relink", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(())
        })?;
        tracing::info!(game.id = %game_id, seat = seat.number(), "seat relinked");
        Ok(())
    }
}
