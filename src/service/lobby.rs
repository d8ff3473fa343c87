//! The lobby: listed games with open seats, and claiming an open seat (the claimer proves their
//! address by a signed link; the seat is theirs at once, or once the creator approves).

use super::*;
use crate::domain::Contribution;

/// What the lobby shows: all listed games, or those of one game and one language.
#[derive(Clone, Debug, Default)]
pub struct LobbyFilter {
    /// A game's registered name.
    pub game: Option<String>,
    /// A language's code (`en`, `pt`): the creator's.
    pub language: Option<String>,
}

/// A listed game with open seats, as anyone may see it: nothing about its people but the names
/// the game shows them by.
#[derive(Clone, Debug)]
pub struct LobbyEntry {
    pub game_id: GameId,
    /// The game's registered name (`condottiere`).
    pub game: String,
    /// The game's title in the reader's words.
    pub kind_title: String,
    /// The name of this game (its creator's, else its kind and players).
    pub title: String,
    pub hours_per_decision: Option<u32>,
    /// The pace in the reader's words.
    pub pace: String,
    /// The creator's language.
    pub language: String,
    /// The options in the reader's words.
    pub options: Vec<String>,
    /// The seats taken (from 1), their players' names and their reliability (`None`: hidden,
    /// or a bot's seat).
    pub players: Vec<(u8, String, Option<store::Reliability>)>,
    /// The open seats, from 1.
    pub open_seats: Vec<u8>,
    /// The creator approves each claim.
    pub approve: bool,
    /// The games a claimer must have finished (`None`: anyone may claim).
    pub min_finished: Option<u32>,
    /// A running game whose creator listed its resigned seats (`open_seats`) for a stand-in:
    /// the move it is at.
    pub standin_at: Option<i64>,
}

/// What a claim's link offers, as its page shows it.
#[derive(Clone, Debug)]
pub struct ClaimOffer {
    pub game_title: String,
    pub kind_title: String,
    /// The claimer's name.
    pub name: String,
    /// From 1.
    pub seat: u8,
    pub players: Vec<String>,
    pub pace: String,
    /// The games a claimer must have finished (`None`: anyone may claim).
    pub min_finished: Option<u32>,
}

/// What became of a claim (or of asking for one).
#[derive(Clone, Debug)]
pub enum ClaimOutcome {
    /// The link that proves the claimer's address was mailed to them.
    Mailed,
    /// The seat is the claimer's: its URL, and whether the game started with it.
    Seated {
        seat_url: String,
        started: bool,
    },
    /// The creator was asked to approve the claim.
    AskedCreator,
    /// The creator declined it (the claimer was told).
    Declined,
    /// Someone else had the seat first.
    Taken,
    /// The game offers no such open seat (no such game, started, cancelled, or its creator
    /// has not confirmed yet).
    Closed,
    /// The link is not one.
    BadLink,
    /// The address already holds a seat at this table.
    AtTable,
    /// The address asked never to be mailed.
    Suppressed,
    /// The game asks for a minimum of games finished and the claimer hides their reliability.
    ReliabilityHidden {
        required: u32,
    },
    /// The claimer has finished fewer games than the game asks for.
    TooFewFinished {
        required: u32,
        finished: i64,
    },
    Limited(Limited),
}

impl Games {
    /// The listed games with open seats whose creator confirmed, newest first, then the
    /// running games with a seat listed for a stand-in, the latest listed first, in `words`.
    pub fn lobby(
        &self,
        conn: &mut Conn,
        filter: &LobbyFilter,
        words: Words,
    ) -> anyhow::Result<Vec<LobbyEntry>> {
        let mut entries = Vec::new();
        let mut rows = store::listed_games(conn)?;
        rows.extend(store::standin_games(conn)?);
        for row in rows {
            if filter.game.as_deref().is_some_and(|g| g != row.kind)
                || self.kind(&row.kind).is_err()
            {
                continue;
            }
            let Some(entry) = self.lobby_entry(conn, row, words)? else {
                continue;
            };
            if entry.open_seats.is_empty()
                || filter
                    .language
                    .as_deref()
                    .is_some_and(|l| l != entry.language)
            {
                continue;
            }
            entries.push(entry);
        }
        Ok(entries)
    }

    /// What an open game offers to someone about to claim a seat (`None`: it offers none).
    pub fn open_game(
        &self,
        conn: &mut Conn,
        id: &GameId,
        words: Words,
    ) -> anyhow::Result<Option<LobbyEntry>> {
        let Some(row) = store::find_game(conn, id)? else {
            return Ok(None);
        };
        // The same words as the lobby's entry, listed or not.
        let entry = self
            .lobby_entry(conn, row, words)?
            .filter(|e| !e.open_seats.is_empty());
        Ok(entry)
    }

    /// A game's entry in the lobby, in `words` (`None`: it offers no seat now).
    fn lobby_entry(
        &self,
        conn: &mut Conn,
        row: GameRow,
        words: Words,
    ) -> anyhow::Result<Option<LobbyEntry>> {
        let id = GameId::parse(&row.id)?;
        let seats = store::seats_of(conn, &id)?;
        // What the game offers: its open seats while it invites (as its creator set it up),
        // or, once it runs, the resigned seats its creator listed for a stand-in.
        let (open, approve, min_finished, standin_at) = match row.status() {
            GameStatus::Inviting if row.confirmed_at.is_some() => {
                let Some(offer) = store::open_game(conn, &id)? else {
                    return Ok(None);
                };
                let open: Vec<Seat> = seats.iter().filter(|s| s.is_open()).map(seat_of).collect();
                (open, offer.approve, offer.min_finished, None)
            }
            GameStatus::Playing => {
                let open = standin_seats(conn, &id, &seats)?;
                (open, false, None, Some(store::last_seq(conn, &id)?))
            }
            _ => return Ok(None),
        };
        let kind = self.kind(&row.kind)?;
        let creator = &seats[row.creator_seat as usize];
        let language = match store::find_address(conn, &creator.email)? {
            Some(person) => self.words_for(&person).lang().to_owned(),
            None => self.registry().catalogs().default_words().lang().to_owned(),
        };
        let options = kind
            .read_options(&row.options)
            .map_err(|e| anyhow!("stored options of game {id}: {e}"))?;
        let names = names_of(&seats);
        let cx = Ctx::new(words, &names, Viewer::Spectator);
        let emails: Vec<String> = seats.iter().map(|s| s.email.clone()).collect();
        let reliability = store::reliability_of(conn, &emails)?;
        Ok(Some(LobbyEntry {
            game: row.kind.clone(),
            kind_title: words.get(&format!("{}-title", kind.name())),
            title: self.name_of(&row, &seats, words),
            hours_per_decision: row.hours_per_decision.map(|h| h as u32),
            pace: letters::pace(words, row.hours_per_decision),
            language,
            options: kind.options_words(&options, &cx),
            players: seats
                .iter()
                .filter(|s| !open.contains(&seat_of(s)))
                .map(|s| {
                    let shown = reliability.get(&store::address_key(&s.email)).copied();
                    (seat_of(s).number(), s.name.clone(), shown)
                })
                .collect(),
            open_seats: open.iter().map(|s| s.number()).collect(),
            approve,
            min_finished: min_finished.map(|n| n as u32),
            standin_at,
            game_id: id,
        }))
    }

    /// Someone asks for an open seat: the link that proves their address is mailed to the
    /// address they typed (and to no other), written in `lang` when the service knows none of
    /// theirs. Nothing else changes until they follow it.
    #[allow(clippy::too_many_arguments)]
    pub fn request_claim(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        name: &PlayerName,
        email: &EmailAddress,
        lang: Option<&str>,
        client_ip: Option<&str>,
    ) -> anyhow::Result<ClaimOutcome> {
        let now = self.now();
        let outcome = write_transaction(conn, |conn| -> anyhow::Result<ClaimOutcome> {
            let Some(row) = store::lock_game(conn, id)? else {
                return Ok(ClaimOutcome::Closed);
            };
            if row.status() == GameStatus::Playing {
                return self.ask_for_standin(conn, &row, seat, name, email, client_ip, now);
            }
            if store::open_game(conn, id)?.is_none()
                || row.status() != GameStatus::Inviting
                || row.confirmed_at.is_none()
            {
                return Ok(ClaimOutcome::Closed);
            }
            let seats = store::seats_of(conn, id)?;
            let Some(target) = seats.get(seat.index()) else {
                return Ok(ClaimOutcome::Closed);
            };
            if !target.is_open() {
                return Ok(ClaimOutcome::Taken);
            }
            if at_table(&seats, email) {
                return Ok(ClaimOutcome::AtTable);
            }
            let person = store::ensure_address(conn, email.as_str(), now)?;
            if person.suppressed_at.is_some() {
                return Ok(ClaimOutcome::Suppressed);
            }
            let creator = &seats[row.creator_seat as usize];
            if let Err(limited) =
                self.count_invitation(conn, &person, &creator.email, client_ip, now)?
            {
                return Ok(ClaimOutcome::Limited(limited));
            }
            if let Some(lang) = lang {
                if person.language.is_none() && person.language_seen.is_none() {
                    self.note_language_seen(conn, &person, lang)?;
                }
            }
            let to = self.person_recipient(conn, name.as_str(), email.as_str(), now)?;
            let w = to.words;
            let title = self.name_of(&row, &seats, w);
            let token = self.claim_token(Capability::Claim, id, seat, name.as_str(), email);
            let mail = letters::Lobby {
                w,
                footer: self.footer(&to.person),
                to_name: name.as_str().to_owned(),
                subject: w.one("mail-claim-confirm-subject", "game", title.as_str()),
                lines: vec![w.two(
                    "mail-claim-confirm-intro",
                    ("seat", seat.number()),
                    ("game", title.as_str()),
                )],
                link: Some((
                    w.get("mail-claim-confirm-link"),
                    self.links()
                        .url(&format!("/lobby/{id}/claim/{}/{token}", seat.number())),
                )),
                game_title: title,
                game_url: self.links().game_url(id),
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Asked, Some(id), "claim", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(ClaimOutcome::Mailed)
        })?;
        tracing::info!(game.id = %id, seat = seat.number(), ?outcome, "seat claim asked");
        Ok(outcome)
    }

    /// Someone asks for a seat its creator listed for a stand-in: they are mailed the link
    /// that takes it over (the creator's replacement's, `Games::invite_take_over`), which
    /// proves their address; the first to follow one has the seat. An address the invitation
    /// may not reach is answered as if mailed (a block is not told).
    #[allow(clippy::too_many_arguments)]
    fn ask_for_standin(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seat: Seat,
        name: &PlayerName,
        email: &EmailAddress,
        client_ip: Option<&str>,
        now: Millis,
    ) -> anyhow::Result<ClaimOutcome> {
        let id = row.game_id();
        let seats = store::seats_of(conn, &id)?;
        if !standin_seats(conn, &id, &seats)?.contains(&seat) {
            return Ok(ClaimOutcome::Taken);
        }
        if at_table(&seats, email) {
            return Ok(ClaimOutcome::AtTable);
        }
        use super::time::TimeError;
        Ok(
            match self.invite_take_over(conn, row, seat, name, email, client_ip, now) {
                Ok(()) | Err(TimeError::Refused(CreateProblem::CannotInvite(_))) => {
                    ClaimOutcome::Mailed
                }
                Err(TimeError::Refused(CreateProblem::Suppressed(_))) => ClaimOutcome::Suppressed,
                Err(TimeError::Refused(_)) => ClaimOutcome::AtTable,
                Err(TimeError::Limited(limited)) => ClaimOutcome::Limited(limited),
                Err(TimeError::NotReplaceable) => ClaimOutcome::Taken,
                Err(TimeError::Unexpected(error)) => return Err(error),
                Err(_) => ClaimOutcome::Closed,
            },
        )
    }

    /// What a claim's link (`approve`: the creator's link to approve it) offers (`None`: the
    /// link is not one, or the seat is no longer open).
    pub fn claim_offer(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
        approve: bool,
        words: Words,
    ) -> anyhow::Result<Option<ClaimOffer>> {
        let claimer = if approve {
            self.read_approval(conn, id, seat, token)?
                .map(|(_, name, email)| (name, email))
        } else {
            self.read_claim(Capability::Claim, id, seat, token)
        };
        let Some((name, _)) = claimer else {
            return Ok(None);
        };
        let Some(row) = store::find_game(conn, id)? else {
            return Ok(None);
        };
        let seats = store::seats_of(conn, id)?;
        if row.status() != GameStatus::Inviting
            || !seats.get(seat.index()).is_some_and(|s| s.is_open())
        {
            return Ok(None);
        }
        let kind = self.kind(&row.kind)?;
        Ok(Some(ClaimOffer {
            game_title: self.name_of(&row, &seats, words),
            kind_title: words.get(&format!("{}-title", kind.name())),
            name,
            seat: seat.number(),
            players: seats
                .iter()
                .filter(|s| !s.is_open())
                .map(|s| s.name.clone())
                .collect(),
            pace: letters::pace(words, row.hours_per_decision),
            min_finished: store::open_game(conn, id)?
                .and_then(|o| o.min_finished)
                .map(|n| n as u32),
        }))
    }

    /// The claimer followed their link and pressed its button: the address is proven; the seat
    /// is theirs if the first confirmed taker has it (and the game starts when it was the last
    /// one), else the creator is asked to approve. Of two takers racing for a seat, the one
    /// whose transaction comes second finds it taken.
    pub fn confirm_claim(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
    ) -> anyhow::Result<ClaimOutcome> {
        let now = self.now();
        let (outcome, started) = write_transaction(
            conn,
            |conn| -> anyhow::Result<(ClaimOutcome, Option<Arc<Replay>>)> {
                let Some((name, email)) = self.read_claim(Capability::Claim, id, seat, token)
                else {
                    return Ok((ClaimOutcome::BadLink, None));
                };
                let (row, seats, approve) = match self.claimable(conn, id, seat, &email)? {
                    Ok(found) => found,
                    Err(outcome) => return Ok((outcome, None)),
                };
                let person = store::ensure_address(conn, email.as_str(), now)?;
                // Following the mailed link proves the address.
                store::mark_verified(conn, &person.address, now)?;
                if !approve {
                    return self.seat_taker(conn, &row, seat, &name, &email, now);
                }
                let creator = &seats[row.creator_seat as usize];
                let to = self.seat_recipient(conn, &row, creator, now)?;
                let w = to.words;
                let title = self.name_of(&row, &seats, w);
                // The creator's link names a stored claim, never the claimer's address.
                let claim = store::ClaimRow {
                    id: crate::domain::random_base32(16),
                    game_id: id.to_string(),
                    seat: seat.0 as i32,
                    name: name.clone(),
                    email: email.to_string(),
                    created_at: now.0,
                };
                store::insert_claim(conn, &claim)?;
                let token = self.approval_token(id, seat, &claim.id);
                let mail = letters::Lobby {
                    w,
                    footer: self.footer(&to.person),
                    to_name: creator.name.clone(),
                    subject: w.two(
                        "mail-claim-request-subject",
                        ("name", name.as_str()),
                        ("game", title.as_str()),
                    ),
                    lines: vec![w.with(
                        "mail-claim-request-intro",
                        &[
                            ("name", name.as_str().into()),
                            ("seat", seat.number().into()),
                            ("game", title.as_str().into()),
                        ],
                    )],
                    link: Some((
                        w.get("mail-claim-request-link"),
                        self.links()
                            .url(&format!("/lobby/{id}/approve/{}/{token}", seat.number())),
                    )),
                    game_title: title,
                    game_url: self.links().game_url(id),
                }
                .render()?;
                if let Some(mail) =
                    self.letter(&to, Class::Invitation, Some(id), "claim_request", mail)
                {
                    store::enqueue(conn, mail, now)?;
                }
                Ok((ClaimOutcome::AskedCreator, None))
            },
        )?;
        if let Some(replay) = started {
            self.0.cache.put(id, replay);
        }
        tracing::info!(game.id = %id, seat = seat.number(), ?outcome, "seat claim confirmed");
        Ok(outcome)
    }

    /// The creator approves (`approve`) or declines a confirmed claim from their mail's link;
    /// the claimer is told either way (or that someone else had the seat first).
    pub fn decide_claim(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
        approve: bool,
    ) -> anyhow::Result<ClaimOutcome> {
        let now = self.now();
        let (outcome, started) = write_transaction(
            conn,
            |conn| -> anyhow::Result<(ClaimOutcome, Option<Arc<Replay>>)> {
                let Some((claim, name, email)) = self.read_approval(conn, id, seat, token)? else {
                    return Ok((ClaimOutcome::BadLink, None));
                };
                // Answered once: the link shows nothing after.
                store::delete_claim(conn, &claim)?;
                let row = match self.claimable(conn, id, seat, &email)? {
                    Ok((row, _, true)) => row,
                    Ok(_) => return Ok((ClaimOutcome::Closed, None)),
                    Err(outcome) => {
                        // Someone else had the seat first: the claimer hears it (not when the
                        // seat is theirs already, approved before).
                        let row = store::find_game(conn, id)?;
                        let seats = store::seats_of(conn, id)?;
                        if let (Some(row), ClaimOutcome::Taken, false) =
                            (row, &outcome, at_table(&seats, &email))
                        {
                            self.tell_claimer(
                                conn,
                                &row,
                                &seats,
                                &name,
                                &email,
                                "mail-claim-taken",
                                now,
                            )?;
                        }
                        return Ok((outcome, None));
                    }
                };
                if approve {
                    return self.seat_taker(conn, &row, seat, &name, &email, now);
                }
                let seats = store::seats_of(conn, id)?;
                self.tell_claimer(
                    conn,
                    &row,
                    &seats,
                    &name,
                    &email,
                    "mail-claim-declined",
                    now,
                )?;
                Ok((ClaimOutcome::Declined, None))
            },
        )?;
        if let Some(replay) = started {
            self.0.cache.put(id, replay);
        }
        tracing::info!(game.id = %id, seat = seat.number(), approve, ?outcome, "seat claim decided");
        Ok(outcome)
    }

    /// The game, its seats and whether claims are approved, if `seat` may still be claimed by
    /// `email` (inside a write transaction, the game locked); else what to answer.
    #[allow(clippy::type_complexity)]
    fn claimable(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        email: &EmailAddress,
    ) -> anyhow::Result<Result<(GameRow, Vec<SeatRow>, bool), ClaimOutcome>> {
        let Some(row) = store::lock_game(conn, id)? else {
            return Ok(Err(ClaimOutcome::Closed));
        };
        let Some(offer) = store::open_game(conn, id)? else {
            return Ok(Err(ClaimOutcome::Closed));
        };
        let seats = store::seats_of(conn, id)?;
        let Some(target) = seats.get(seat.index()) else {
            return Ok(Err(ClaimOutcome::Closed));
        };
        // A seat taken says so even when it was the last (the game has started since).
        if !target.is_open() {
            return Ok(Err(ClaimOutcome::Taken));
        }
        if row.status() != GameStatus::Inviting {
            return Ok(Err(ClaimOutcome::Closed));
        }
        if at_table(&seats, email) {
            return Ok(Err(ClaimOutcome::AtTable));
        }
        // The minimum is asked of a proven address only (here, inside the confirmation or the
        // creator's answer), so nobody learns a typed address's record by claiming with it.
        if let Some(required) = offer.min_finished.map(|n| n as u32) {
            let shown = store::reliability_of(conn, &[email.to_string()])?;
            match shown.get(&email.key()) {
                None => return Ok(Err(ClaimOutcome::ReliabilityHidden { required })),
                Some(r) if r.finished < i64::from(required) => {
                    return Ok(Err(ClaimOutcome::TooFewFinished {
                        required,
                        finished: r.finished,
                    }))
                }
                Some(_) => {}
            }
        }
        Ok(Ok((row, seats, offer.approve)))
    }

    /// Give the seat to its taker, accepted (the server draws their contribution): the game
    /// starts if it was the last seat (everyone gets the start mail), else the taker is mailed
    /// the seat's link.
    #[allow(clippy::too_many_arguments)]
    fn seat_taker(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seat: Seat,
        name: &str,
        email: &EmailAddress,
        now: Millis,
    ) -> anyhow::Result<(ClaimOutcome, Option<Arc<Replay>>)> {
        let id = GameId::parse(&row.id)?;
        let contribution = Contribution::server_drawn();
        if !store::claim_seat(
            conn,
            &id,
            seat.0 as i32,
            name,
            email.as_str(),
            now,
            contribution.as_str(),
        )? {
            return Ok((ClaimOutcome::Taken, None));
        }
        store::bump_revision(conn, &id)?;
        let seats = store::seats_of(conn, &id)?;
        let mine = &seats[seat.index()];
        let seat_url = self.links().seat_url(&id, seat, mine.link_version);
        if row.confirmed_at.is_some() && seats.iter().all(|s| s.accepted_at.is_some()) {
            let replay = self.start(conn, row, &seats, now)?;
            return Ok((
                ClaimOutcome::Seated {
                    seat_url,
                    started: true,
                },
                Some(replay),
            ));
        }
        self.tell_table_of_taker(conn, row, &seats, seat, name, now)?;
        let to = self.seat_recipient(conn, row, mine, now)?;
        let w = to.words;
        let title = self.name_of(row, &seats, w);
        let mail = letters::Lobby {
            w,
            footer: self.footer(&to.person),
            to_name: name.to_owned(),
            subject: w.two(
                "mail-claim-seated-subject",
                ("seat", seat.number()),
                ("game", title.as_str()),
            ),
            lines: vec![w.get("mail-claim-seated-intro")],
            link: Some((w.get("mail-claim-seated-link"), seat_url.clone())),
            game_title: title,
            game_url: self.links().game_url(&id),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Game, Some(&id), "claim_seated", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok((
            ClaimOutcome::Seated {
                seat_url,
                started: false,
            },
            None,
        ))
    }

    /// Tell everyone already in a waiting game that `name` took `seat`, and how many seats are
    /// still open (the game's own mail: they are in it).
    fn tell_table_of_taker(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        seat: Seat,
        name: &str,
        now: Millis,
    ) -> anyhow::Result<()> {
        let id = GameId::parse(&row.id)?;
        let open = seats.iter().filter(|s| s.is_open()).count();
        for other in seats
            .iter()
            .filter(|s| s.has_person() && s.accepted_at.is_some() && seat_of(s) != seat)
        {
            let to = self.seat_recipient(conn, row, other, now)?;
            let w = to.words;
            let title = self.name_of(row, seats, w);
            let mail = letters::Lobby {
                w,
                footer: self.footer(&to.person),
                to_name: other.name.clone(),
                subject: w.two(
                    "mail-claim-joined-subject",
                    ("name", name),
                    ("game", title.as_str()),
                ),
                lines: vec![w.with(
                    "mail-claim-joined-intro",
                    &[
                        ("name", name.into()),
                        ("seat", seat.number().into()),
                        ("open", open.into()),
                    ],
                )],
                link: Some((
                    w.get("mail-claim-joined-link"),
                    self.links()
                        .seat_url(&id, seat_of(other), other.link_version),
                )),
                game_title: title,
                game_url: self.links().game_url(&id),
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Game, Some(&id), "claim_joined", mail) {
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(())
    }

    /// Tell a claimer what became of their claim (`id`: the sentence), at the address that
    /// asked.
    #[allow(clippy::too_many_arguments)]
    fn tell_claimer(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        name: &str,
        email: &EmailAddress,
        id: &str,
        now: Millis,
    ) -> anyhow::Result<()> {
        let game_id = GameId::parse(&row.id)?;
        let to = self.person_recipient(conn, name, email.as_str(), now)?;
        let w = to.words;
        let title = self.name_of(row, seats, w);
        let mail = letters::Lobby {
            w,
            footer: self.footer(&to.person),
            to_name: name.to_owned(),
            subject: w.one(&format!("{id}-subject"), "game", title.as_str()),
            lines: vec![w.one(id, "game", title.as_str())],
            link: None,
            game_title: title,
            game_url: self.links().game_url(&game_id),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Asked, Some(&game_id), "claim_answer", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// A claim's token: the name and address it names, signed with them, the game and the
    /// seat under `capability`.
    fn claim_token(
        &self,
        capability: Capability,
        id: &GameId,
        seat: Seat,
        name: &str,
        email: &EmailAddress,
    ) -> String {
        let number = seat.number().to_string();
        let signature = self
            .links()
            .sign(capability, &[id.as_str(), &number, name, &email.key()]);
        format!(
            "{}.{}.{signature}",
            hex::encode(name),
            hex::encode(email.as_str())
        )
    }

    /// The creator's token for a stored claim: its id, signed with the game and the seat.
    fn approval_token(&self, id: &GameId, seat: Seat, claim: &str) -> String {
        let number = seat.number().to_string();
        let signature = self
            .links()
            .sign(Capability::ClaimApprove, &[id.as_str(), &number, claim]);
        format!("{claim}.{signature}")
    }

    /// The stored claim (its id, name and address) the creator's token names, if it is a good
    /// one for `seat` and the claim still waits for an answer.
    fn read_approval(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
    ) -> anyhow::Result<Option<(String, String, EmailAddress)>> {
        let Some((claim, signature)) = token.split_once('.') else {
            return Ok(None);
        };
        let number = seat.number().to_string();
        if !self.links().check(
            Capability::ClaimApprove,
            &[id.as_str(), &number, claim],
            signature,
        ) {
            return Ok(None);
        }
        let Some(row) = store::find_claim(conn, claim)? else {
            return Ok(None);
        };
        if row.game_id != id.as_str() || row.seat != seat.0 as i32 {
            return Ok(None);
        }
        let email = EmailAddress::parse(&row.email).map_err(|e| anyhow!("stored claim: {e}"))?;
        Ok(Some((row.id, row.name, email)))
    }

    /// The name and address a claim's token names, if it is a good one for `seat`.
    fn read_claim(
        &self,
        capability: Capability,
        id: &GameId,
        seat: Seat,
        token: &str,
    ) -> Option<(String, EmailAddress)> {
        let mut parts = token.splitn(3, '.');
        let name = String::from_utf8(hex::decode(parts.next()?).ok()?).ok()?;
        let email = String::from_utf8(hex::decode(parts.next()?).ok()?).ok()?;
        let signature = parts.next()?;
        let email = EmailAddress::parse(&email).ok()?;
        let number = seat.number().to_string();
        self.links()
            .check(
                capability,
                &[id.as_str(), &number, &name, &email.key()],
                signature,
            )
            .then_some((name, email))
    }
}

/// Whether `email` holds a seat at this table already.
/// The seats of a running game its creator listed for a stand-in that are still resigned.
fn standin_seats(
    conn: &mut Conn,
    id: &GameId,
    seats: &[SeatRow],
) -> diesel::QueryResult<Vec<Seat>> {
    let listed = store::standins_of(conn, id)?;
    Ok(seats
        .iter()
        .filter(|s| s.resigned_at.is_some() && listed.contains(&s.seat))
        .map(seat_of)
        .collect())
}

fn at_table(seats: &[SeatRow], email: &EmailAddress) -> bool {
    seats
        .iter()
        .any(|s| s.has_person() && store::address_key(&s.email) == email.key())
}
