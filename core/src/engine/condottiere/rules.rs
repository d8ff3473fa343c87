//! The Condottiere state machine: setup, applying a checked action, and everything that
//! happens automatically between decisions (battle conclusion, round end, deals, final battle).

use super::actions::{Action, Event, SeatCard, SeatStrength};
use super::cards::{Card, Hand};
use super::map::{largest_group, Region};
use super::state::{
    Battle, BattleKind, DrawChoice, Ending, Game, LineCard, Options, Outcome, Pending, SeatSet,
    Series, Step,
};
use super::strength::strengths;
use crate::engine::rng::Stream;
use crate::engine::{Audience, Seat, Seed};

pub type Events = Vec<(Audience, Event)>;

fn public(events: &mut Events, event: Event) {
    events.push((Audience::Everyone, event));
}

fn private(events: &mut Events, seat: Seat, event: Event) {
    events.push((Audience::Only(seat), event));
}

impl Game {
    /// A new game: shuffle, deal, and wait for the first holder to place the token.
    pub fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events,
    ) -> Result<Game, super::validate::PositionError> {
        let mut problems = Vec::new();
        if !super::state::RULES_VERSIONS.contains(&rules_version) {
            problems.push(format!("rules_version {rules_version} is not known"));
        }
        if !(2..=6).contains(&players) {
            problems.push(format!("players must be 2 to 6, not {players}"));
        }
        if options.first_holder.is_some_and(|s| s.0 >= players) {
            problems.push("options.first_holder is not a seat of this game".into());
        }
        if options.play_for_points == Some(0) {
            problems.push("the Play for Points target must be at least 1".into());
        }
        if !problems.is_empty() {
            return Err(super::validate::PositionError(problems));
        }
        let mut game = Game {
            rules_version,
            options: options.clone(),
            players,
            seed,
            shuffles: 0,
            draw: Vec::new(),
            discard: Vec::new(),
            hands: vec![Hand::default(); players as usize],
            lines: vec![Vec::new(); players as usize],
            owners: Default::default(),
            pope: None,
            holder: Seat(0),
            contested: None,
            step: Step::PlaceToken { first: true },
            round: 1,
            battles: 0,
            deals: 0,
            series: None,
        };
        let first_holder = game.first_holder_of_game(1);
        if options.play_for_points.is_some() {
            game.series = Some(Series {
                game: 1,
                scores: vec![0; players as usize],
                first_holder,
            });
        }
        game.start_game(1, first_holder, events);
        Ok(game)
    }

    /// The first holder of game `number` of a series (game 1 alone otherwise): the option's
    /// seat for game 1, then the seat to the left of the previous game's first holder; or,
    /// when the option is absent, a seat drawn from the "first-holder" stream of the seed.
    fn first_holder_of_game(&self, number: u32) -> Seat {
        match (self.options.first_holder, &self.series) {
            (Some(seat), None) => seat,
            (Some(_), Some(series)) => series.first_holder.left(self.players),
            (None, _) => {
                let mut stream = Stream::new(&self.seed, "first-holder", number as u64);
                Seat(stream.below(self.players as u32) as u8)
            }
        }
    }

    fn start_game(&mut self, number: u32, first_holder: Seat, events: &mut Events) {
        self.owners = Default::default();
        self.pope = None;
        self.contested = None;
        self.holder = first_holder;
        self.round = 1;
        self.gather_all_cards();
        public(
            events,
            Event::GameStarted {
                game: number,
                holder: first_holder,
            },
        );
        if number > 1 {
            // The cards of the game before come back: a reshuffle like any other [R18].
            self.announce_reshuffle(events);
        }
        let start = if self.options.draw_after_battle {
            7
        } else {
            10
        };
        for seat in self.deal_order(SeatSet::all(self.players)) {
            self.draw_cards(seat, start, events);
        }
        self.deals += 1;
        self.step = Step::PlaceToken { first: true };
    }

    /// Every card back into a freshly shuffled draw pile, starting from the canonical order.
    fn gather_all_cards(&mut self) {
        for hand in &mut self.hands {
            *hand = Hand::default();
        }
        for line in &mut self.lines {
            line.clear();
        }
        self.discard.clear();
        self.draw = Card::full_deck();
        self.shuffle_draw();
    }

    fn announce_reshuffle(&self, events: &mut Events) {
        public(
            events,
            Event::Reshuffled {
                cards: self.draw.len() as u32,
            },
        );
    }

    fn shuffle_draw(&mut self) {
        Stream::new(&self.seed, "deck", self.shuffles).shuffle(&mut self.draw);
        self.shuffles += 1;
    }

    /// Seats of `who`, from the holder's left round to the holder [R18].
    fn deal_order(&self, who: SeatSet) -> Vec<Seat> {
        let mut order = Vec::with_capacity(who.len());
        let mut seat = self.holder;
        for _ in 0..self.players {
            seat = seat.left(self.players);
            if who.contains(seat) {
                order.push(seat);
            }
        }
        order
    }

    /// Draw `count` cards into a hand, refilling the draw pile from the discard pile when it
    /// runs out; stops short when both are empty [R18].
    fn draw_cards(&mut self, seat: Seat, count: usize, events: &mut Events) {
        let mut received = Vec::with_capacity(count);
        for _ in 0..count {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.draw.append(&mut self.discard);
                self.shuffle_draw();
                self.announce_reshuffle(events);
            }
            let card = self.draw.pop().expect("draw pile refilled above");
            self.hands[seat.index()].add(card);
            received.push(card);
        }
        public(
            events,
            Event::Dealt {
                seat,
                count: received.len() as u32,
            },
        );
        private(
            events,
            seat,
            Event::Received {
                seat,
                cards: received,
            },
        );
    }

    /// Apply an action that `check` has accepted.
    pub(super) fn perform(&mut self, seat: Seat, action: &Action, events: &mut Events) {
        match action {
            Action::PlaceToken { region } => self.place_token(seat, *region, events),
            Action::Play { card } => self.play(seat, *card, events),
            Action::Pass { reveal } => self.pass(seat, *reveal, events),
            Action::Scarecrow { take } => {
                if let Some(card) = take {
                    let line = &mut self.lines[seat.index()];
                    let at = line
                        .iter()
                        .position(|lc| lc.card == *card && !lc.face_down)
                        .expect("checked: the card is on the line");
                    line.remove(at);
                    self.hands[seat.index()].add(*card);
                }
                public(events, Event::ScarecrowReturned { seat, card: *take });
                self.finish_transient(seat, events);
            }
            Action::Pope { region } => {
                self.pope = *region;
                public(
                    events,
                    Event::PopeMoved {
                        seat,
                        region: *region,
                    },
                );
                self.finish_transient(seat, events);
            }
            Action::DiscardHand { discard } => self.answer_discard(seat, *discard, events),
            Action::Keep { cards } => self.keep(seat, cards, events),
            Action::Draw { count } => self.answer_draw(seat, *count, events),
        }
    }

    pub(super) fn battle(&self) -> Option<&Battle> {
        match &self.step {
            Step::Battle(b) => Some(b),
            _ => None,
        }
    }

    fn battle_mut(&mut self) -> &mut Battle {
        match &mut self.step {
            Step::Battle(b) => b,
            _ => unreachable!("only called during a battle"),
        }
    }

    /// The defender of the current battle under Capturing Regions: the contested region's owner.
    pub(super) fn defender(&self) -> Option<Seat> {
        self.contested.and_then(|r| self.owner(r))
    }

    fn place_token(&mut self, seat: Seat, region: Region, events: &mut Events) {
        let first = matches!(self.step, Step::PlaceToken { first: true });
        self.contested = Some(region);
        public(
            events,
            Event::TokenPlaced {
                seat,
                region,
                defender: self.owner(region),
            },
        );
        if first {
            self.start_battle(events);
            return;
        }
        self.discard_lines(events);
        if self.options.draw_after_battle {
            self.start_battle(events);
        } else {
            self.hand_discards(events);
        }
    }

    fn discard_lines(&mut self, events: &mut Events) {
        for line in &mut self.lines {
            self.discard.extend(line.drain(..).map(|lc| lc.card));
        }
        public(events, Event::LinesDiscarded);
    }

    fn start_battle(&mut self, events: &mut Events) {
        let everyone = SeatSet::all(self.players);
        public(
            events,
            Event::BattleStarted {
                region: self.contested,
                participants: everyone.seats().collect(),
            },
        );
        self.open_battle(BattleKind::Region, everyone, self.holder, events);
    }

    fn open_battle(
        &mut self,
        kind: BattleKind,
        participants: SeatSet,
        first: Seat,
        events: &mut Events,
    ) {
        let mut passed = SeatSet::default();
        for seat in participants.seats() {
            if self.hands[seat.index()].is_empty() {
                passed.insert(seat);
                public(events, Event::OutOfCards { seat });
            }
        }
        self.step = Step::Battle(Battle {
            kind,
            active: first,
            participants: (participants != SeatSet::all(self.players)).then_some(participants),
            passed,
            defender_played: false,
            pending: None,
        });
        self.next_turn(first, events);
    }

    /// Give the turn to the first unpassed participant clockwise from `from` (inclusive);
    /// conclude the battle when there is none.
    fn next_turn(&mut self, from: Seat, events: &mut Events) {
        let players = self.players;
        let b = self.battle_mut();
        let participants = b.participants.unwrap_or(SeatSet::all(players));
        let mut seat = from;
        for _ in 0..players {
            if participants.contains(seat) && !b.passed.contains(seat) {
                b.active = seat;
                return;
            }
            seat = seat.left(players);
        }
        self.conclude(events);
    }

    fn play(&mut self, seat: Seat, card: Card, events: &mut Events) {
        self.hands[seat.index()].remove(card);
        let final_battle = self.battle().is_some_and(|b| b.kind != BattleKind::Region);
        if card.is_transient() {
            // Bishop and Scarecrow are always played face up and resolve at once [R29].
            let face_down = false;
            public(
                events,
                Event::Played {
                    seat,
                    card,
                    face_down,
                },
            );
        }
        match card {
            Card::Bishop => {
                self.bishop_discards(events);
                self.discard.push(Card::Bishop);
                if final_battle {
                    self.finish_transient(seat, events);
                } else if self.pope_targets().is_empty() {
                    self.pope = None;
                    public(events, Event::PopeMoved { seat, region: None });
                    self.finish_transient(seat, events);
                } else {
                    self.pope = None;
                    self.battle_mut().pending = Some(Pending::PopePlacement);
                }
            }
            Card::Scarecrow => {
                self.discard.push(Card::Scarecrow);
                if self.scarecrow_targets(seat).next().is_none() {
                    public(events, Event::ScarecrowReturned { seat, card: None });
                    self.finish_transient(seat, events);
                } else {
                    self.battle_mut().pending = Some(Pending::ScarecrowTarget);
                }
            }
            _ => {
                if let Some(opposite) = match card {
                    Card::Winter => Some(Card::Spring),
                    Card::Spring => Some(Card::Winter),
                    _ => None,
                } {
                    self.remove_from_lines(card, |lc| lc.card == opposite, events);
                }
                self.turn_up_face_down(seat, events);
                let face_down = self.options.hidden_cards && card.is_hidden_type();
                self.lines[seat.index()].push(LineCard { card, face_down });
                if face_down {
                    private(
                        events,
                        seat,
                        Event::Played {
                            seat,
                            card,
                            face_down,
                        },
                    );
                    public(events, Event::PlayedFaceDown { seat });
                } else {
                    public(
                        events,
                        Event::Played {
                            seat,
                            card,
                            face_down,
                        },
                    );
                }
                if card == Card::Surrender {
                    self.conclude(events);
                } else {
                    self.end_of_play(seat, events);
                }
            }
        }
    }

    /// R4: discard every face-up Mercenary with the highest printed value among them.
    fn bishop_discards(&mut self, events: &mut Events) {
        let highest = self
            .lines
            .iter()
            .flatten()
            .filter(|lc| !lc.face_down)
            .filter_map(|lc| lc.card.printed())
            .max();
        if let Some(highest) = highest {
            self.remove_from_lines(
                Card::Bishop,
                |lc| !lc.face_down && lc.card.printed() == Some(highest),
                events,
            );
        }
    }

    fn remove_from_lines(
        &mut self,
        by: Card,
        hit: impl Fn(&LineCard) -> bool,
        events: &mut Events,
    ) {
        let mut removed = Vec::new();
        for (i, line) in self.lines.iter_mut().enumerate() {
            line.retain(|lc| {
                if hit(lc) {
                    removed.push(SeatCard {
                        seat: Seat(i as u8),
                        card: lc.card,
                    });
                    false
                } else {
                    true
                }
            });
        }
        if !removed.is_empty() {
            self.discard.extend(removed.iter().map(|sc| sc.card));
            public(events, Event::Removed { by, cards: removed });
        }
    }

    /// The face-up Mercenary kinds on a seat's own line (D3 answers other than none).
    pub(super) fn scarecrow_targets(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        let line = &self.lines[seat.index()];
        Card::ALL[..7]
            .iter()
            .copied()
            .filter(move |&c| line.iter().any(|lc| lc.card == c && !lc.face_down))
    }

    /// Regions the Pope may go to now (D4 answers other than off the board).
    pub(super) fn pope_targets(&self) -> Vec<Region> {
        Region::all()
            .filter(|&r| Some(r) != self.contested)
            .filter(|&r| self.options.capturing_regions || self.owner(r).is_none())
            .collect()
    }

    /// Regions the holder may put the token on (D1, D5).
    pub(super) fn token_targets(&self) -> Vec<Region> {
        Region::all()
            .filter(|&r| self.token_refusal(r).is_none())
            .collect()
    }

    /// Why the holder may not put the token on a region, if he may not.
    pub(super) fn token_refusal(&self, region: Region) -> Option<&'static str> {
        if self.pope == Some(region) {
            return Some("the Pope protects it");
        }
        match self.owner(region) {
            None => None,
            Some(owner) if owner == self.holder => Some("you control it"),
            Some(_) if self.options.capturing_regions => None,
            Some(_) => Some("another player controls it and Capturing Regions is off"),
        }
    }

    fn turn_up_face_down(&mut self, seat: Seat, events: &mut Events) {
        if let Some(lc) = self.lines[seat.index()].iter_mut().find(|lc| lc.face_down) {
            lc.face_down = false;
            public(
                events,
                Event::TurnedUp {
                    seat,
                    card: lc.card,
                },
            );
        }
    }

    /// The end of a Bishop or Scarecrow play, once its sub-choice is made.
    fn finish_transient(&mut self, seat: Seat, events: &mut Events) {
        self.battle_mut().pending = None;
        self.turn_up_face_down(seat, events);
        self.end_of_play(seat, events);
    }

    fn end_of_play(&mut self, seat: Seat, events: &mut Events) {
        let defender = self.defender();
        let empty = self.hands[seat.index()].is_empty();
        let b = self.battle_mut();
        if defender == Some(seat) {
            b.defender_played = true;
        }
        if empty {
            b.passed.insert(seat);
            public(events, Event::OutOfCards { seat });
        }
        self.next_turn(seat.left(self.players), events);
    }

    /// Whether a pass by this seat now would be provisional (Capturing Regions, R28).
    pub(super) fn pass_is_provisional(&self, seat: Seat) -> bool {
        let Some(b) = self.battle() else { return false };
        if !self.options.capturing_regions || b.kind != BattleKind::Region {
            return false;
        }
        if self.defender() != Some(seat) || b.defender_played {
            return false;
        }
        let participants = b.participants.unwrap_or(SeatSet::all(self.players));
        participants
            .seats()
            .any(|s| s != seat && !b.passed.contains(s))
    }

    fn pass(&mut self, seat: Seat, reveal: bool, events: &mut Events) {
        if reveal {
            self.turn_up_face_down(seat, events);
        }
        let provisional = self.pass_is_provisional(seat);
        if !provisional {
            self.battle_mut().passed.insert(seat);
        }
        public(events, Event::Passed { seat, provisional });
        self.next_turn(seat.left(self.players), events);
    }

    fn conclude(&mut self, events: &mut Events) {
        let b = *self.battle().expect("concluding a battle");
        let participants = b.participants.unwrap_or(SeatSet::all(self.players));
        // Step 1a: reveal every face-down card [R24].
        for (i, line) in self.lines.iter_mut().enumerate() {
            let cards: Vec<Card> = line
                .iter_mut()
                .filter(|lc| lc.face_down)
                .map(|lc| {
                    lc.face_down = false;
                    lc.card
                })
                .collect();
            if !cards.is_empty() {
                public(
                    events,
                    Event::Revealed {
                        seat: Seat(i as u8),
                        cards,
                    },
                );
            }
        }
        // Step 1b: strengths.
        let strength = strengths(&self.lines, |_, _| true);
        let top = participants
            .seats()
            .map(|s| strength[s.index()])
            .max()
            .unwrap_or(0);
        let winners: Vec<Seat> = participants
            .seats()
            .filter(|s| strength[s.index()] == top)
            .collect();
        let winner = (winners.len() == 1).then(|| winners[0]);
        let tied = if winner.is_some() {
            Vec::new()
        } else {
            winners.clone()
        };
        // Only the participants fought: a final battle lists nobody else [R22].
        let strengths: Vec<SeatStrength> = participants
            .seats()
            .map(|seat| SeatStrength {
                seat,
                strength: strength[seat.index()],
            })
            .collect();
        self.battles += 1;
        if b.kind != BattleKind::Region {
            public(
                events,
                Event::BattleEnded {
                    region: None,
                    strengths,
                    winner,
                    tied,
                    token_to: None,
                },
            );
            let ending = if winners.len() == 1 {
                Ending::FinalBattle
            } else {
                Ending::SharedVictory
            };
            if b.kind == BattleKind::SeriesFinal {
                let scores = self.series.as_ref().map(|s| s.scores.clone());
                self.finish(
                    Outcome {
                        winners,
                        ending,
                        scores,
                    },
                    events,
                );
            } else {
                self.end_game(winners, ending, events);
            }
            return;
        }
        let region = self
            .contested
            .expect("a region battle has a contested region");
        let defender = self.defender();
        // Step 1c: the marker.
        if let Some(w) = winner {
            if self.owner(region) != Some(w) {
                self.owners[region.index()] = Some(w);
                public(
                    events,
                    Event::Conquered {
                        seat: w,
                        region,
                        from: defender,
                    },
                );
            }
        }
        // Step 1d: the token [R8, R9, R28].
        let token_to = if let (Some(defender), None) = (defender, winner) {
            defender
        } else if let Some(leader) = self.courtesan_leader(participants) {
            leader
        } else if let Some(w) = winner {
            w
        } else {
            self.holder.left(self.players)
        };
        public(
            events,
            Event::BattleEnded {
                region: Some(region),
                strengths,
                winner,
                tied,
                token_to: Some(token_to),
            },
        );
        self.holder = token_to;
        self.contested = None;
        // Step 1e: victory [R19].
        if let Some(w) = winner {
            if let Some(ending) = self.victory(w) {
                self.end_game(vec![w], ending, events);
                return;
            }
        }
        // Step 1f: availability [R21].
        if !Region::all().any(|r| self.owner(r).is_none() && self.pope != Some(r)) {
            self.final_scoring(events);
            return;
        }
        if self.options.draw_after_battle {
            self.draws(events);
        } else {
            self.step = Step::PlaceToken { first: false };
        }
    }

    fn courtesan_leader(&self, participants: SeatSet) -> Option<Seat> {
        let count = |s: Seat| {
            self.lines[s.index()]
                .iter()
                .filter(|lc| lc.card == Card::Courtesan)
                .count()
        };
        let most = participants.seats().map(count).max().unwrap_or(0);
        let leaders: Vec<Seat> = participants.seats().filter(|&s| count(s) == most).collect();
        (most >= 1 && leaders.len() == 1).then(|| leaders[0])
    }

    /// The victory thresholds in force: (total regions, largest group) [R19, R27].
    pub fn thresholds(&self) -> (usize, u32) {
        let small = self.players <= 3;
        let total = if small { 6 } else { 5 };
        let group = if small { 4 } else { 3 } + u32::from(self.options.bigger_kingdoms);
        (total, group)
    }

    fn victory(&self, seat: Seat) -> Option<Ending> {
        let (total, group) = self.thresholds();
        if self.region_count(seat) >= total {
            Some(Ending::TotalRegions)
        } else if largest_group(self.region_mask(seat)) >= group {
            Some(Ending::ConnectedRegions)
        } else {
            None
        }
    }

    /// §3.15: the most regions wins; a tie goes to the final battle.
    fn final_scoring(&mut self, events: &mut Events) {
        let counts: Vec<usize> = Seat::all(self.players)
            .map(|s| self.region_count(s))
            .collect();
        let most = *counts.iter().max().expect("at least two players");
        let leaders: SeatSet = Seat::all(self.players)
            .filter(|s| counts[s.index()] == most)
            .collect();
        if leaders.len() == 1 {
            let winner = leaders.seats().next().expect("one leader");
            self.end_game(vec![winner], Ending::AllRegionsTaken, events);
        } else {
            self.start_final_battle(leaders, BattleKind::Final, events);
        }
    }

    /// §3.16: all 110 cards shuffled, 10 + regions to each participant, holder first if in it.
    fn start_final_battle(&mut self, participants: SeatSet, kind: BattleKind, events: &mut Events) {
        self.contested = None;
        self.gather_all_cards();
        public(
            events,
            Event::FinalBattleStarted {
                participants: participants.seats().collect(),
            },
        );
        self.announce_reshuffle(events);
        for seat in self.deal_order(participants) {
            let count = 10 + self.region_count(seat);
            self.draw_cards(seat, count, events);
        }
        self.deals += 1;
        let mut first = self.holder;
        while !participants.contains(first) {
            first = first.left(self.players);
        }
        self.open_battle(kind, participants, first, events);
    }

    /// A game is decided: end it, or score it and go on with the series.
    fn end_game(&mut self, winners: Vec<Seat>, ending: Ending, events: &mut Events) {
        let Some(target) = self.options.play_for_points else {
            self.finish(
                Outcome {
                    winners,
                    ending,
                    scores: None,
                },
                events,
            );
            return;
        };
        let (_, group) = self.thresholds();
        let bonus_ending = matches!(ending, Ending::TotalRegions | Ending::ConnectedRegions);
        let points: Vec<u32> = Seat::all(self.players)
            .map(|s| {
                let mut p = self.region_count(s) as u32;
                if bonus_ending
                    && winners.contains(&s)
                    && largest_group(self.region_mask(s)) >= group
                {
                    p += 5;
                }
                p
            })
            .collect();
        let series = self
            .series
            .as_mut()
            .expect("Play for Points keeps a series");
        for (score, p) in series.scores.iter_mut().zip(&points) {
            *score += p;
        }
        let game = series.game;
        let scores = series.scores.clone();
        public(
            events,
            Event::SeriesGameEnded {
                game,
                winners,
                ending,
                points,
            },
        );
        let best = *scores.iter().max().expect("players");
        if best >= target {
            let leaders: SeatSet = Seat::all(self.players)
                .filter(|s| scores[s.index()] == best)
                .collect();
            if leaders.len() == 1 {
                let winners = leaders.seats().collect();
                self.finish(
                    Outcome {
                        winners,
                        ending: Ending::PointsTarget,
                        scores: Some(scores),
                    },
                    events,
                );
            } else {
                self.start_final_battle(leaders, BattleKind::SeriesFinal, events);
            }
            return;
        }
        let next = game + 1;
        let first_holder = self.first_holder_of_game(next);
        let series = self.series.as_mut().expect("series");
        series.game = next;
        series.first_holder = first_holder;
        self.start_game(next, first_holder, events);
    }

    fn finish(&mut self, outcome: Outcome, events: &mut Events) {
        public(
            events,
            Event::GameOver {
                outcome: outcome.clone(),
            },
        );
        self.step = Step::Over { outcome };
    }

    /// Conclusion step 4 (base game): who may discard a hand with no Mercenary [R15].
    fn hand_discards(&mut self, events: &mut Events) {
        let waiting: SeatSet = Seat::all(self.players)
            .filter(|&s| self.may_discard_hand(s))
            .collect();
        if waiting.is_empty() {
            self.round_end_check(events);
        } else {
            self.step = Step::HandDiscards {
                waiting,
                discarding: SeatSet::default(),
            };
        }
    }

    fn answer_discard(&mut self, seat: Seat, discard: bool, events: &mut Events) {
        let Step::HandDiscards {
            waiting,
            discarding,
        } = &mut self.step
        else {
            unreachable!("checked: hand discards are asked")
        };
        // A seat no longer waiting is changing its answer: the new one replaces it (§4).
        let first = waiting.contains(seat);
        waiting.remove(seat);
        if discard {
            discarding.insert(seat);
        } else {
            discarding.remove(seat);
        }
        if first {
            public(events, Event::Answered { seat });
        } else {
            public(events, Event::AnswerRevised { seat });
        }
        if !waiting.is_empty() {
            return;
        }
        let discarding = *discarding;
        for s in discarding.seats() {
            let cards = self.hands[s.index()].clear();
            self.discard.extend(&cards);
            public(events, Event::HandDiscarded { seat: s, cards });
        }
        self.round_end_check(events);
    }

    /// §3.12: two or more players with cards go on; otherwise the round ends.
    fn round_end_check(&mut self, events: &mut Events) {
        let holding: Vec<Seat> = Seat::all(self.players)
            .filter(|s| !self.hands[s.index()].is_empty())
            .collect();
        match holding.as_slice() {
            [] => self.end_round(events),
            [keeper] => self.step = Step::Keep { keeper: *keeper },
            _ => self.start_battle(events),
        }
    }

    fn keep(&mut self, seat: Seat, cards: &[Card], events: &mut Events) {
        let mut rest = self.hands[seat.index()];
        for &card in cards {
            rest.remove(card);
        }
        let discarded = rest.cards();
        self.hands[seat.index()] = cards.iter().copied().collect();
        self.discard.extend(&discarded);
        public(
            events,
            Event::KeptCount {
                seat,
                count: cards.len() as u32,
            },
        );
        private(
            events,
            seat,
            Event::Kept {
                seat,
                cards: cards.to_vec(),
            },
        );
        public(
            events,
            Event::KeeperDiscarded {
                seat,
                cards: discarded,
            },
        );
        self.end_round(events);
    }

    /// Reshuffle every card but the kept ones, deal 10 − hand + regions each, and start the
    /// next battle on the region already chosen [R16, R17, R18].
    fn end_round(&mut self, events: &mut Events) {
        self.draw.append(&mut self.discard);
        self.shuffle_draw();
        self.announce_reshuffle(events);
        self.round += 1;
        public(events, Event::RoundStarted { round: self.round });
        for seat in self.deal_order(SeatSet::all(self.players)) {
            let count =
                10usize.saturating_sub(self.hands[seat.index()].len()) + self.region_count(seat);
            self.draw_cards(seat, count, events);
        }
        self.deals += 1;
        self.start_battle(events);
    }

    /// Draw After Battle: the most a seat may draw now (D8) [R25].
    pub(super) fn draw_limit(&self, seat: Seat) -> u8 {
        let limit = 10 + self.region_count(seat);
        limit.saturating_sub(self.hands[seat.index()].len()).min(3) as u8
    }

    fn draws(&mut self, events: &mut Events) {
        if self.hands.iter().all(|h| h.is_empty()) {
            for seat in self.deal_order(SeatSet::all(self.players)) {
                self.draw_cards(seat, 10, events);
            }
            self.deals += 1;
            self.step = Step::PlaceToken { first: false };
            return;
        }
        let waiting: SeatSet = Seat::all(self.players)
            .filter(|&s| self.draw_limit(s) > 0)
            .collect();
        if waiting.is_empty() {
            self.step = Step::PlaceToken { first: false };
        } else {
            self.step = Step::Draws {
                waiting,
                chosen: Vec::new(),
            };
        }
    }

    fn answer_draw(&mut self, seat: Seat, count: u8, events: &mut Events) {
        let Step::Draws { waiting, chosen } = &mut self.step else {
            unreachable!("checked: draws are asked")
        };
        // A seat that has chosen is changing its answer: the new count replaces it (§4).
        if let Some(choice) = chosen.iter_mut().find(|c| c.seat == seat) {
            choice.count = count;
            public(events, Event::AnswerRevised { seat });
        } else {
            waiting.remove(seat);
            chosen.push(DrawChoice { seat, count });
            public(events, Event::Answered { seat });
        }
        if !waiting.is_empty() {
            return;
        }
        let chosen = std::mem::take(chosen);
        for s in self.deal_order(SeatSet::all(self.players)) {
            if let Some(choice) = chosen.iter().find(|c| c.seat == s && c.count > 0) {
                self.draw_cards(s, choice.count as usize, events);
            }
        }
        self.deals += 1;
        self.step = Step::PlaceToken { first: false };
    }
}
