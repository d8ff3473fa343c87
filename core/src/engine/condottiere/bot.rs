//! The Condottiere bot (`Rules::bot_action`): a heuristic opponent that plays to win.
//!
//! It uses only what its seat may know: its own hand and face-down card, the face-up cards,
//! every hand's size, the board, the discard pile. Each decision rests on three measures:
//!
//! - **What a region is worth.** A seat's *potential* is how close its regions are to a victory
//!   (the fewer regions it still needs, on the total or on a group that can still grow, the
//!   higher, with a victory far above the rest). A battle's value to the bot is what winning
//!   adds to its own potential, plus part of what the most helped opponent would gain (denial),
//!   plus the Condottiere token.
//! - **What a battle will take.** The bot sees each line's strength as the rules count it (with
//!   a guess for face-down cards it cannot see), and expects every opponent still in the battle
//!   to add some strength for each card it may still play.
//! - **What its cards are worth later.** A card kept is worth its strength in later battles of
//!   the round (less when the round is about to end, nothing in a final battle).
//!
//! In a battle (D2, D9, D11) it plans the cheapest cards that would win (each card weighed by
//! playing it on a copy of the lines, so Winter, Spring, Drummer and Bishop count as they
//! would), and fights when that plan costs less than the battle is worth: it plays cheap cards
//! while it leads and the others are still in, its planned cards when it falls behind, a
//! Surrender when it leads, and passes once the battle is won. A battle not worth that price
//! it still contests with a cheap card while nobody leads it, and otherwise gives up, first
//! taking its best Mercenary back with a Scarecrow. A defender passes provisionally while he
//! may; a final battle is fought with every card.
//!
//! The token (D1, D5) goes where the bot gains most and the opponents, weighed by the cards
//! they hold, gain least; the Pope (D4) onto the region the opponents would gain most from. It
//! discards a hand without strength (D6), keeps its two best cards (D7), and draws all it may
//! (D8). It never turns a face-down card up when passing (D10).

use super::actions::{Action, Decision};
use super::cards::{Card, Hand, KINDS};
use super::map::{Region, BORDERS, REGION_COUNT};
use super::state::{BattleKind, Game, LineCard, SeatSet};
use super::strength::strengths;
use crate::engine::Seat;
use rand_core::RngCore;

/// Neighbours of each region as a bit set over region indexes (bit i = region id i+1).
const NEIGHBOURS: [u32; REGION_COUNT] = {
    let mut table = [0u32; REGION_COUNT];
    let mut i = 0;
    while i < BORDERS.len() {
        let (a, b) = BORDERS[i];
        table[(a - 1) as usize] |= 1 << (b - 1);
        table[(b - 1) as usize] |= 1 << (a - 1);
        i += 1;
    }
    table
};

/// A seat's potential by the number of regions it still needs to win: a victory first.
const POTENTIAL: [f64; 7] = [100.0, 30.0, 12.0, 5.0, 2.0, 1.0, 0.5];
/// What each region held is worth besides its progress (final scoring, points, more cards).
const PER_REGION: f64 = 1.5;
/// What receiving the Condottiere token is worth (the next region is the bot's choice).
const TOKEN: f64 = 2.0;
/// The share of an opponent's gain that denying it is worth.
const DENIAL: f64 = 0.6;
/// Strength an opponent still in the battle is expected to add per card it may still play,
/// and how many cards of its hand count.
const PER_CARD: f64 = 2.6;
const PER_CARD_WINTER: f64 = 1.5;
const CARDS_AHEAD: f64 = 5.0;
/// Extra strength wanted while opponents may still play, or hide cards.
const SAFETY_ACTIVE: f64 = 1.0;
const SAFETY_HIDDEN: f64 = 1.0;
/// A card this cheap (after the future factor) may be played just to stay in the battle.
const STALL: f64 = 1.6;
/// A battle worth this much is not left to the others for nothing while a cheap card will do.
const PROBE: f64 = 4.0;

/// What a card in hand is worth for later battles (before the future factor).
fn keep_value(card: Card) -> f64 {
    match card {
        Card::M1 => 1.0,
        Card::M2 => 2.0,
        Card::M3 => 3.0,
        Card::M4 => 4.0,
        Card::M5 => 5.0,
        Card::M6 => 6.0,
        Card::M10 => 9.0,
        Card::Heroine => 10.0,
        Card::Courtesan => 1.5,
        Card::Drummer => 4.0,
        Card::Winter | Card::Spring => 3.0,
        Card::Bishop => 4.0,
        Card::Scarecrow => 1.5,
        Card::Surrender => 6.0,
    }
}

impl Game {
    /// The move the bot makes for `seat` now, or `None` when the seat owes nothing. Always one
    /// of `legal_actions(seat)`. `rng` breaks ties between equally good choices.
    pub fn bot_action(&self, seat: Seat, rng: &mut dyn RngCore) -> Option<Action> {
        let decision = self.decision(seat)?;
        let bot = Bot::new(self, seat);
        let action = match decision {
            Decision::FirstBattleRegion | Decision::NextBattleRegion => bot.place_token(rng),
            Decision::PlayOrPass
            | Decision::DefenderPlayOrPass
            | Decision::FinalBattlePlayOrPass => bot.play_or_pass(),
            Decision::ScarecrowTarget => bot.scarecrow_target(),
            Decision::PopePlacement => bot.pope(rng),
            Decision::DiscardHand => bot.discard_hand(),
            Decision::KeepCards => bot.keep(),
            Decision::DrawCount => Action::Draw {
                count: self.draw_limit(seat),
            },
        };
        if self.check(seat, &action).is_ok() {
            Some(action)
        } else {
            debug_assert!(false, "the bot chose an illegal {action:?} for {seat}");
            self.default_action(seat)
        }
    }
}

struct Bot<'a> {
    game: &'a Game,
    me: Seat,
    /// How many cards of each kind the bot has not seen: in the draw pile, in other hands, or
    /// face down on other lines. A face-down card is guessed from these (R24).
    unseen: [u8; KINDS],
}

/// The lines and the bot's hand as a play would change them (§3.7), to weigh a card before
/// playing it. Only cards the bot may see decide anything here.
#[derive(Clone)]
struct Sim {
    lines: Vec<Vec<LineCard>>,
    hand: Hand,
}

/// How a battle stands for the bot.
struct Battle {
    participants: SeatSet,
    passed: SeatSet,
    final_battle: bool,
    /// The bot defends the contested region: a tie keeps it (R28).
    defending: bool,
    /// What winning is worth, and what the bot's cards are worth later (0 to 1).
    value: f64,
    future: f64,
}

impl<'a> Bot<'a> {
    fn new(game: &'a Game, me: Seat) -> Bot<'a> {
        let mut unseen = [0u8; KINDS];
        for card in Card::ALL {
            unseen[card.index()] = card.copies();
        }
        let mut seen = |card: Card| {
            let slot = &mut unseen[card.index()];
            *slot = slot.saturating_sub(1);
        };
        game.hand(me).cards().into_iter().for_each(&mut seen);
        game.discard_pile().iter().copied().for_each(&mut seen);
        for (i, line) in game.lines.iter().enumerate() {
            line.iter()
                .filter(|lc| !lc.face_down || i == me.index())
                .for_each(|lc| seen(lc.card));
        }
        Bot { game, me, unseen }
    }

    /// What an opponent's face-down card is expected to add to his line: the unseen cards
    /// that are played face down (R24), each as it would count on that line (§3.8).
    fn face_down_guess(&self, sim: &Sim, owner: Seat) -> f64 {
        let mut total = 0.0;
        let mut count = 0.0;
        let before = self.visible_strength(sim, owner);
        for card in Card::ALL.into_iter().filter(|c| c.is_hidden_type()) {
            let copies = f64::from(self.unseen[card.index()]);
            if copies == 0.0 {
                continue;
            }
            let mut lines = sim.lines.clone();
            lines[owner.index()].retain(|lc| !lc.face_down);
            lines[owner.index()].push(LineCard {
                card,
                face_down: false,
            });
            let me = self.me;
            let after = strengths(&lines, |o, lc| !lc.face_down || o == me)[owner.index()];
            total += copies * (f64::from(after) - before);
            count += copies;
        }
        if count == 0.0 {
            0.0
        } else {
            total / count
        }
    }

    /// A line's strength counting what the bot may see.
    fn visible_strength(&self, sim: &Sim, seat: Seat) -> f64 {
        let me = self.me;
        f64::from(strengths(&sim.lines, |o, lc| !lc.face_down || o == me)[seat.index()])
    }

    // ---- regions ------------------------------------------------------------------------

    fn mask(&self, seat: Seat) -> u32 {
        self.game.region_mask(seat)
    }

    /// Regions a seat could still win: no marker and no Pope; under Capturing Regions, other
    /// seats' regions too.
    fn open_for(&self, seat: Seat) -> u32 {
        Region::all()
            .filter(|&r| self.game.pope() != Some(r))
            .filter(|&r| match self.game.owner(r) {
                None => true,
                Some(owner) => self.game.options.capturing_regions && owner != seat,
            })
            .fold(0, |m, r| m | (1 << r.index()))
    }

    /// How close these regions are to a victory for `seat` (§3.14), `open` being the regions
    /// it could still add.
    fn potential(&self, mask: u32, open: u32) -> f64 {
        let (total, group) = self.game.thresholds();
        let count = mask.count_ones() as usize;
        let need_total = total.saturating_sub(count);
        let need = need_total.min(group_need(mask, open, group as usize));
        POTENTIAL[need.min(POTENTIAL.len() - 1)] + PER_REGION * count as f64
    }

    /// What taking `region` adds to a seat's potential.
    fn gain(&self, seat: Seat, region: Region) -> f64 {
        let bit = 1 << region.index();
        let mask = self.mask(seat);
        let open = self.open_for(seat);
        self.potential(mask | bit, open & !bit) - self.potential(mask, open)
    }

    /// What losing `region` takes from its owner's potential (Capturing Regions).
    fn loss(&self, seat: Seat, region: Region) -> f64 {
        let bit = 1 << region.index();
        let mask = self.mask(seat);
        let open = self.open_for(seat);
        self.potential(mask, open) - self.potential(mask & !bit, open)
    }

    fn opponents(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.game.players).filter(move |&s| s != self.me)
    }

    /// What winning the battle over `region` is worth to the bot, `rivals` being the
    /// opponents likely to take it if the bot does not.
    fn region_value(&self, region: Region, rivals: &[Seat]) -> f64 {
        let owner = self.game.owner(region);
        let mut value = TOKEN;
        if owner == Some(self.me) {
            // Defending: keeping it is worth what losing it would cost.
            value += self.loss(self.me, region);
        } else {
            value += self.gain(self.me, region);
            if let Some(defender) = owner {
                value += DENIAL * self.loss(defender, region);
            }
        }
        let denial = rivals
            .iter()
            .filter(|&&o| Some(o) != owner)
            .map(|&o| self.gain(o, region))
            .fold(0.0, f64::max);
        value + DENIAL * denial
    }

    /// How much of a card's value is left for later battles: 1 while the round goes on, less
    /// when it is about to end (only two cards are kept), none in a final battle.
    fn future(&self, final_battle: bool) -> f64 {
        if final_battle {
            return 0.0;
        }
        if self.game.options.draw_after_battle {
            return 0.8;
        }
        let others_holding = self
            .opponents()
            .filter(|&o| !self.game.hand(o).is_empty())
            .count();
        match others_holding {
            0 => 0.15,
            1 => 0.5,
            _ => 1.0,
        }
    }

    /// A seat's share of the cards in the other hands: its chance, roughly, in a battle.
    fn weight(&self, seat: Seat) -> f64 {
        let most = Seat::all(self.game.players)
            .map(|s| self.game.hand(s).len())
            .max()
            .unwrap_or(0);
        if most == 0 {
            return 0.5;
        }
        self.game.hand(seat).len() as f64 / most as f64
    }

    // ---- decisions ----------------------------------------------------------------------

    /// D1, D5: where the bot is likely to win something worth having, and the others are not.
    fn place_token(&self, rng: &mut dyn RngCore) -> Action {
        let mine = self.weight(self.me).max(0.2);
        let targets = self.game.token_targets();
        let score = |region: Region| {
            let owner = self.game.owner(region);
            let mut own = self.gain(self.me, region) + TOKEN;
            if let Some(defender) = owner {
                // A defender ties to keep his region and passes for free: attack only with
                // more cards than he has, and count on it less.
                if self.game.hand(defender).len() >= self.game.hand(self.me).len() {
                    return f64::NEG_INFINITY;
                }
                own = 0.6 * (own + DENIAL * self.loss(defender, region));
            }
            let threat = self
                .opponents()
                .filter(|&o| Some(o) != owner)
                .map(|o| self.gain(o, region) * self.weight(o))
                .fold(0.0, f64::max);
            own * mine - 0.8 * threat
        };
        let region = best_by(&targets, score, rng).expect("R11: a placement has a target");
        Action::PlaceToken { region }
    }

    /// D4: the Pope protects the region the opponents would gain most from, if any.
    fn pope(&self, rng: &mut dyn RngCore) -> Action {
        let targets = self.game.pope_targets();
        let score = |region: Region| {
            let threat = self
                .opponents()
                .map(|o| self.gain(o, region) * self.weight(o).max(0.3))
                .fold(0.0, f64::max);
            threat - self.gain(self.me, region)
        };
        match best_by(&targets, score, rng) {
            Some(region) if score(region) > 1.0 => Action::Pope {
                region: Some(region),
            },
            _ => Action::Pope { region: None },
        }
    }

    /// D6: a hand with no Mercenary wins battles only with its Heroines and Courtesans (the
    /// other cards act on Mercenaries). Without strength it goes, so the round ends sooner and
    /// the next deal comes; a weak one goes too when that ends the round now (R15, R16).
    fn discard_hand(&self) -> Action {
        let hand = self.game.hand(self.me);
        let strength =
            10 * u32::from(hand.count(Card::Heroine)) + u32::from(hand.count(Card::Courtesan));
        let others_holding = self
            .opponents()
            .filter(|&o| !self.game.hand(o).is_empty())
            .count();
        let discard = strength < 2 || (strength < 10 && others_holding <= 1);
        Action::DiscardHand { discard }
    }

    /// D7: the two cards worth most later, named in display order as `legal_actions` does.
    fn keep(&self) -> Action {
        let mut cards = self.game.hand(self.me).cards();
        cards.sort_by(|a, b| keep_value(*b).total_cmp(&keep_value(*a)));
        cards.truncate(2);
        cards.sort();
        Action::Keep { cards }
    }

    fn battle(&self) -> Option<Battle> {
        let b = self.game.battle()?;
        let final_battle = b.kind != BattleKind::Region;
        let mut battle = Battle {
            participants: b.participants.unwrap_or(SeatSet::all(self.game.players)),
            passed: b.passed,
            final_battle,
            defending: !final_battle && self.game.defender() == Some(self.me),
            value: 1000.0,
            future: self.future(final_battle),
        };
        if let (false, Some(region)) = (final_battle, self.game.contested()) {
            // The rivals: the opponents expected to be strongest at the end.
            let expected = self.opponent_strengths(&self.sim(), &battle, false);
            let top = expected.iter().map(|(_, s)| *s).fold(0.0, f64::max);
            let rivals: Vec<Seat> = expected
                .into_iter()
                .filter(|(_, s)| *s >= top - 3.0)
                .map(|(o, _)| o)
                .collect();
            battle.value = self.region_value(region, &rivals);
        }
        Some(battle)
    }

    fn sim(&self) -> Sim {
        Sim {
            lines: self.game.lines.clone(),
            hand: *self.game.hand(self.me),
        }
    }

    fn others_active(&self, battle: &Battle) -> bool {
        battle
            .participants
            .seats()
            .any(|s| s != self.me && !battle.passed.contains(s))
    }

    /// Each opponent's strength in the battle as the bot sees it: `now` as the lines stand
    /// (with a guess for face-down cards), else as they are expected to end.
    fn opponent_strengths(&self, sim: &Sim, battle: &Battle, now: bool) -> Vec<(Seat, f64)> {
        let me = self.me;
        let seen = strengths(&sim.lines, |owner, lc| !lc.face_down || owner == me);
        let winter = sim.lines.iter().flatten().any(|lc| lc.card == Card::Winter);
        battle
            .participants
            .seats()
            .filter(|&s| s != me)
            .map(|o| {
                let mut strength = seen[o.index()] as f64;
                if sim.lines[o.index()].iter().any(|lc| lc.face_down) {
                    strength += self.face_down_guess(sim, o);
                }
                if !now && !battle.passed.contains(o) {
                    let cards = (self.game.hand(o).len() as f64).min(CARDS_AHEAD);
                    strength += cards * if winter { PER_CARD_WINTER } else { PER_CARD };
                }
                (o, strength)
            })
            .collect()
    }

    /// The bot's strength minus the strongest opponent's, now or as expected at the end.
    fn margin(&self, sim: &Sim, battle: &Battle, now: bool) -> f64 {
        let me = self.me;
        let mine = strengths(&sim.lines, |owner, lc| !lc.face_down || owner == me)[me.index()];
        let strongest = self
            .opponent_strengths(sim, battle, now)
            .into_iter()
            .map(|(_, s)| s)
            .fold(0.0, f64::max);
        mine as f64 - strongest
    }

    /// The margin the bot wants: strictly ahead (a tie is enough for a defender), with some
    /// room while others may still play or hide cards.
    fn wanted(&self, sim: &Sim, battle: &Battle, now: bool) -> f64 {
        let mut wanted = if battle.defending { 0.0 } else { 0.5 };
        if !now && self.others_active(battle) {
            wanted += SAFETY_ACTIVE;
        }
        let hidden = battle
            .participants
            .seats()
            .filter(|&s| s != self.me)
            .any(|s| sim.lines[s.index()].iter().any(|lc| lc.face_down));
        if hidden {
            wanted += SAFETY_HIDDEN;
        }
        wanted
    }

    fn cost(&self, card: Card, battle: &Battle) -> f64 {
        keep_value(card) * battle.future
    }

    /// The cheapest cards, by strength gained per value spent, that bring the margin to what
    /// the bot wants: the cards in playing order and their cost; `None` if the hand cannot.
    fn plan(&self, battle: &Battle, now: bool) -> Option<(Vec<Card>, f64)> {
        let mut sim = self.sim();
        let mut cards = Vec::new();
        let mut cost = 0.0;
        for _ in 0..sim.hand.len() {
            let margin = self.margin(&sim, battle, now);
            if margin >= self.wanted(&sim, battle, now) {
                return Some((cards, cost));
            }
            // The cheapest card that is enough on its own; else the most strength per value.
            let mut enough: Option<(f64, Card, Sim)> = None;
            let mut best: Option<(f64, Card, Sim)> = None;
            for card in sim.hand.kinds() {
                if matches!(card, Card::Scarecrow | Card::Surrender) {
                    continue;
                }
                let mut next = sim.clone();
                next.play(self.me, card, self.game.options.hidden_cards);
                let after = self.margin(&next, battle, now);
                let gain = after - margin;
                if gain <= 0.0 {
                    continue;
                }
                let cost = self.cost(card, battle);
                if after >= self.wanted(&next, battle, now) {
                    if enough.as_ref().is_none_or(|(c, _, _)| cost < *c) {
                        enough = Some((cost, card, next));
                    }
                    continue;
                }
                let ratio = gain / (cost + 0.25);
                if best.as_ref().is_none_or(|(r, _, _)| ratio > *r) {
                    best = Some((ratio, card, next));
                }
            }
            let (_, card, next) = enough.or(best)?;
            cost += self.cost(card, battle);
            cards.push(card);
            sim = next;
        }
        let margin = self.margin(&sim, battle, now);
        (margin >= self.wanted(&sim, battle, now)).then_some((cards, cost))
    }

    /// D2, D9, D11.
    fn play_or_pass(&self) -> Action {
        let pass = Action::Pass { reveal: false };
        let Some(battle) = self.battle() else {
            return pass;
        };
        // D9: a provisional pass costs nothing and keeps the defender in (R28).
        if self.game.pass_is_provisional(self.me) {
            return pass;
        }
        let hand = *self.game.hand(self.me);
        let sim = self.sim();
        let active = self.others_active(&battle);
        let now = self.margin(&sim, &battle, true);
        let leading = now >= self.wanted(&sim, &battle, true);
        if !active {
            // The others have passed: their lines are final.
            if leading {
                return pass;
            }
            // Nobody else committed a card: a cheap win is always worth taking (and bots
            // that all wait would otherwise tie forever).
            let untouched = battle
                .participants
                .seats()
                .all(|s| s == self.me || sim.lines[s.index()].is_empty());
            return match self.plan(&battle, true) {
                Some((cards, cost)) if cost <= battle.value || untouched => play(cards[0]),
                _ if battle.final_battle => self.strongest_play(&battle).unwrap_or(pass),
                // Draw After Battle: a full hand that cannot win anything must still move on.
                None if untouched && self.game.draw_limit(self.me) == 0 => {
                    play(self.cheapest(&hand))
                }
                _ => self.retreat(&battle),
            };
        }
        // A Surrender while ahead ends the battle won (R7).
        if leading
            && hand.has(Card::Surrender)
            && self.cost(Card::Surrender, &battle) < battle.value
        {
            return play(Card::Surrender);
        }
        let expected = self.margin(&sim, &battle, false);
        if expected >= self.wanted(&sim, &battle, false) {
            // Enough to hold off what the others are expected to add.
            return pass;
        }
        match self.plan(&battle, false) {
            Some((cards, cost)) if cost <= battle.value => {
                if leading {
                    if let Some(card) = self.stall(&battle) {
                        return play(card);
                    }
                }
                play(cards[0])
            }
            _ if battle.final_battle => self.strongest_play(&battle).unwrap_or(pass),
            // Not worth a fight at the expected price, but nobody leads it yet: a cheap card
            // keeps the bot in, so that nobody takes the region for nothing.
            _ if now >= 0.0 && battle.value >= PROBE => match self.stall(&battle) {
                Some(card) => play(card),
                None => self.retreat(&battle),
            },
            _ => self.retreat(&battle),
        }
    }

    /// A cheap card that keeps the bot in the battle while the others play on.
    fn stall(&self, battle: &Battle) -> Option<Card> {
        let hand = self.game.hand(self.me);
        [Card::Courtesan, Card::M1, Card::Scarecrow, Card::M2]
            .into_iter()
            .find(|&c| hand.has(c) && self.cost(c, battle) <= STALL)
    }

    /// The card in hand worth least later.
    fn cheapest(&self, hand: &Hand) -> Card {
        hand.kinds()
            .min_by(|a, b| keep_value(*a).total_cmp(&keep_value(*b)))
            .expect("an active seat holds cards")
    }

    /// The card that raises the margin most (a final battle is fought to the end).
    fn strongest_play(&self, battle: &Battle) -> Option<Action> {
        let sim = self.sim();
        let margin = self.margin(&sim, battle, false);
        sim.hand
            .kinds()
            .filter(|&c| !matches!(c, Card::Scarecrow | Card::Surrender))
            .map(|card| {
                let mut next = sim.clone();
                next.play(self.me, card, self.game.options.hidden_cards);
                (self.margin(&next, battle, false) - margin, card)
            })
            .filter(|(gain, _)| *gain > 0.0)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, card)| play(card))
    }

    /// Giving the battle up: a Scarecrow first takes a valuable Mercenary back (R6).
    fn retreat(&self, battle: &Battle) -> Action {
        if self.game.hand(self.me).has(Card::Scarecrow) {
            if let Some(card) = self.best_on_line() {
                if self.cost(card, battle) >= 3.0 {
                    return play(Card::Scarecrow);
                }
            }
        }
        Action::Pass { reveal: false }
    }

    /// The bot's most valuable face-up Mercenary on its line.
    fn best_on_line(&self) -> Option<Card> {
        self.game
            .scarecrow_targets(self.me)
            .max_by(|a, b| keep_value(*a).total_cmp(&keep_value(*b)))
    }

    /// D3: nothing while the bot still fights for the battle; its best Mercenary otherwise.
    fn scarecrow_target(&self) -> Action {
        let take = self.battle().and_then(|battle| {
            let active = self.others_active(&battle);
            let fighting = match self.plan(&battle, !active) {
                Some((_, cost)) => cost <= battle.value,
                None => battle.final_battle,
            };
            if fighting {
                None
            } else {
                self.best_on_line()
            }
        });
        Action::Scarecrow { take }
    }
}

fn play(card: Card) -> Action {
    Action::Play { card }
}

impl Sim {
    /// The bot plays `card` (its immediate effect, R3, R4, R24); sub-choices are not played.
    fn play(&mut self, me: Seat, card: Card, hidden_cards: bool) {
        self.hand.remove(card);
        match card {
            Card::Bishop => {
                let highest = self
                    .lines
                    .iter()
                    .flatten()
                    .filter(|lc| !lc.face_down)
                    .filter_map(|lc| lc.card.printed())
                    .max();
                if let Some(highest) = highest {
                    for line in &mut self.lines {
                        line.retain(|lc| lc.face_down || lc.card.printed() != Some(highest));
                    }
                }
            }
            Card::Scarecrow => {}
            _ => {
                let opposite = match card {
                    Card::Winter => Some(Card::Spring),
                    Card::Spring => Some(Card::Winter),
                    _ => None,
                };
                if let Some(opposite) = opposite {
                    for line in &mut self.lines {
                        line.retain(|lc| lc.card != opposite);
                    }
                }
                let line = &mut self.lines[me.index()];
                for lc in line.iter_mut() {
                    lc.face_down = false;
                }
                line.push(LineCard {
                    card,
                    face_down: hidden_cards && card.is_hidden_type(),
                });
            }
        }
    }
}

/// The regions a seat still needs for a group victory: the smallest shortfall of a group that
/// can still grow into `open`, or a whole new group.
fn group_need(mask: u32, open: u32, group: usize) -> usize {
    let mut need = group;
    let mut left = mask;
    while left != 0 {
        let mut component = left & left.wrapping_neg();
        loop {
            let mut grown = component;
            let mut bits = component;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                grown |= NEIGHBOURS[i] & mask;
                bits &= bits - 1;
            }
            if grown == component {
                break;
            }
            component = grown;
        }
        left &= !component;
        let size = component.count_ones() as usize;
        if size >= group {
            return 0;
        }
        let mut frontier = 0;
        let mut bits = component;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            frontier |= NEIGHBOURS[i] & open;
            bits &= bits - 1;
        }
        if frontier != 0 {
            need = need.min(group - size);
        }
    }
    need
}

/// The item with the best score; ties are broken by `rng`.
fn best_by<T: Copy>(items: &[T], score: impl Fn(T) -> f64, rng: &mut dyn RngCore) -> Option<T> {
    let scored: Vec<(f64, T)> = items.iter().map(|&item| (score(item), item)).collect();
    let best = scored
        .iter()
        .map(|(s, _)| *s)
        .fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<T> = scored
        .into_iter()
        .filter(|(s, _)| *s >= best - 1e-9)
        .map(|(_, item)| item)
        .collect();
    if top.is_empty() {
        return None;
    }
    Some(top[(rng.next_u32() as usize) % top.len()])
}

#[cfg(test)]
mod tests {
    use super::super::state::Position;
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// A game from a position written as JSON, the seed and rules version filled in.
    fn game(json: &str) -> Game {
        let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
        value["rules_version"] = 1.into();
        value["seed"] = "00".repeat(32).into();
        let position: Position = serde_json::from_value(value).unwrap();
        Game::from_position(position).unwrap()
    }

    fn bot(game: &Game, seat: u8) -> Action {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        game.bot_action(Seat(seat - 1), &mut rng).unwrap()
    }

    #[test]
    fn the_last_one_in_passes_when_ahead_and_wins_with_the_cheapest_enough_card_when_behind() {
        let ahead = game(
            r#"{"players": 3, "hands": [["M1"], ["M1"], ["M10", "M6"]], "lines": [["M5"], ["M3"], ["M6"]], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3, "passed": [1, 2]}}"#,
        );
        assert_eq!(bot(&ahead, 3), Action::Pass { reveal: false });
        let behind = game(
            r#"{"players": 3, "hands": [["M1"], ["M1"], ["M10", "M6", "M1"]], "lines": [["M5"], ["M3"], []], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3, "passed": [1, 2]}}"#,
        );
        assert_eq!(bot(&behind, 3), play(Card::M6));
    }

    #[test]
    fn a_lost_cause_keeps_its_cards_and_a_scarecrow_brings_the_best_mercenary_back() {
        let lost = game(
            r#"{"players": 3, "hands": [["M1"], ["M1"], ["M10", "M6", "M5"]], "lines": [["M10", "M10", "HE"], ["M3"], []], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3, "passed": [1, 2]}}"#,
        );
        assert_eq!(bot(&lost, 3), Action::Pass { reveal: false });
        let retreat = game(
            r#"{"players": 3, "hands": [["M1"], ["M1"], ["M6", "SC"]], "lines": [["M10", "M10", "HE"], ["M3"], ["M10", "M1"]], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3, "passed": [1, 2]}}"#,
        );
        assert_eq!(bot(&retreat, 3), play(Card::Scarecrow));
        let mut events = Vec::new();
        let asked = retreat
            .apply(Seat(2), &play(Card::Scarecrow), &mut events)
            .unwrap();
        assert_eq!(
            bot(&asked, 3),
            Action::Scarecrow {
                take: Some(Card::M10)
            }
        );
    }

    #[test]
    fn a_surrender_ends_a_battle_the_bot_leads() {
        let leading = game(
            r#"{"players": 3, "hands": [["M1", "M2"], ["M1", "M3"], ["SU", "M6"]], "lines": [["M2"], ["M3"], ["M10"]], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3}}"#,
        );
        assert_eq!(bot(&leading, 3), play(Card::Surrender));
    }

    #[test]
    fn the_bot_pays_more_to_stop_an_opponent_winning_the_game() {
        // With 4 players Siena, Roma and Napoli would be P1's group of 3: a victory.
        let position = |contested: &str| {
            game(&format!(
                r#"{{"players": 4, "hands": [["M1"], ["M1"], ["M1"], ["M10", "M6", "M1"]], "lines": [["M10", "M4"], [], [], []], "regions": [["Siena", "Roma"], [], [], []], "holder": 1, "contested": "{contested}", "step": {{"type": "battle", "active": 4, "passed": [1, 2, 3]}}}}"#
            ))
        };
        assert_eq!(bot(&position("Napoli"), 4), play(Card::M10));
        assert_eq!(bot(&position("Torino"), 4), Action::Pass { reveal: false });
    }

    #[test]
    fn the_bot_places_the_token_where_it_wins_and_the_pope_where_an_opponent_would() {
        let holder = game(
            r#"{"players": 4, "hands": [["M1"], ["M1"], ["M1"], ["M10", "M4", "M1"]], "regions": [[], [], [], ["Torino", "Milano"]], "holder": 4, "step": {"type": "place_token", "first": false}}"#,
        );
        let Action::PlaceToken { region } = bot(&holder, 4) else {
            panic!("a placement")
        };
        let mine = holder.region_mask(Seat(3)) | 1 << region.index();
        assert!(super::super::map::largest_group(mine) >= 3, "{region}");
        let pope = game(
            r#"{"players": 4, "hands": [["M1"], ["M1"], ["M1"], ["M10", "M4", "M1"]], "lines": [[], [], [], []], "regions": [["Siena", "Roma"], [], [], []], "discard": ["BI"], "holder": 4, "contested": "Torino", "step": {"type": "battle", "active": 4, "pending": "pope_placement"}}"#,
        );
        let Action::Pope {
            region: Some(region),
        } = bot(&pope, 4)
        else {
            panic!("the Pope goes on the board")
        };
        assert!(
            ["Firenze", "Spoleto", "Napoli"].contains(&region.name()),
            "{region}"
        );
    }

    #[test]
    fn a_defender_passes_for_free_while_he_may() {
        let defending = game(
            r#"{"players": 3, "options": {"capturing_regions": true}, "hands": [["M1", "M2"], ["M1", "M3"], ["M10", "M6"]], "lines": [["M2"], [], []], "regions": [[], [], ["Firenze"]], "holder": 1, "contested": "Firenze", "step": {"type": "battle", "active": 3}}"#,
        );
        assert_eq!(bot(&defending, 3), Action::Pass { reveal: false });
        assert!(defending.pass_is_provisional(Seat(2)));
    }

    #[test]
    fn a_final_battle_is_fought_to_the_end() {
        let behind = game(
            r#"{"players": 3, "hands": [["M1"], [], ["M10", "HE", "M1"]], "lines": [["M10", "M10", "M6"], [], ["M10"]], "holder": 1, "step": {"type": "battle", "kind": "final", "active": 3, "participants": [1, 3], "passed": [1]}}"#,
        );
        assert!(matches!(bot(&behind, 3), Action::Play { .. }));
    }

    #[test]
    fn the_keeper_keeps_its_two_best_cards_and_a_hand_without_strength_is_discarded() {
        let keeper = game(
            r#"{"players": 3, "hands": [[], [], ["M1", "HE", "SC", "M10", "M4"]], "holder": 1, "contested": "Milano", "step": {"type": "keep", "keeper": 3}}"#,
        );
        assert_eq!(
            bot(&keeper, 3),
            Action::Keep {
                cards: vec![Card::M10, Card::Heroine]
            }
        );
        let discards = game(
            r#"{"players": 3, "hands": [["SC", "SC", "WI"], ["HE", "CO"], ["M1", "M2"]], "holder": 1, "contested": "Milano", "step": {"type": "hand_discards", "waiting": [1, 2]}}"#,
        );
        assert_eq!(bot(&discards, 1), Action::DiscardHand { discard: true });
        assert_eq!(bot(&discards, 2), Action::DiscardHand { discard: false });
    }

    fn set(names: &[&str]) -> u32 {
        names
            .iter()
            .map(|n| 1u32 << Region::from_name(n).unwrap().index())
            .sum()
    }

    #[test]
    fn a_group_that_cannot_grow_needs_a_new_one() {
        let all = (1 << REGION_COUNT) - 1;
        let torino_milano = set(&["Torino", "Milano"]);
        assert_eq!(group_need(torino_milano, all & !torino_milano, 3), 1);
        // Milano's and Torino's neighbours all taken: only a new group of 3 would do.
        assert_eq!(group_need(torino_milano, set(&["Napoli"]), 3), 3);
        assert_eq!(group_need(set(&["Siena", "Roma", "Napoli"]), 0, 3), 0);
    }
}
