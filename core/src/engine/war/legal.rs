//! Legality: the decision the active player owes, the check that accepts an action or names
//! the rule that forbids it, the deadline defaults of §9.1/§9.6, and the finite listing of
//! legal actions (exhaustive for small decisions, representative for large ones).

use super::actions::{
    Action, Decision, Direction, MoveProblem, PlacementProblem, RuleError, Split,
};
use super::cards::{Card, CardSet};
use super::map::{Continent, Symbol, Territory, TerritorySet};
use super::orders::{
    AttackReroll, AttackTerrain, Block, CardClass, DefenceReroll, DefenceTerrain, Occupy, Plan,
    React, RerollWhen, StandingOrders,
};
use super::rules::{trade_value, Pools};
use super::state::{attack_limit, AttackPending, Game, Phase, TerritoryCounts};
use crate::engine::Seat;
use std::collections::BTreeMap;

impl Game {
    /// The decision the active player owes now (`None` once the game is over).
    pub fn current_decision(&self) -> Option<Decision> {
        let turn = self.turn();
        Some(match &self.phase {
            Phase::Over { .. } => return None,
            Phase::Reinforce(r) => Decision::Reinforcements {
                turn,
                converted: r.converted.is_some(),
                cards: self.hand(self.active).len() as u32,
            },
            Phase::Combat(c) => match c
                .attack
                .as_ref()
                .and_then(|a| a.pending.as_ref().map(|p| (a, p)))
            {
                Some((a, AttackPending::Reaction { steps, .. })) => Decision::Reaction {
                    turn,
                    battle: a.battles,
                    step: *steps,
                },
                Some((a, AttackPending::MoveIn { .. })) => Decision::MoveIn {
                    turn,
                    from: a.from,
                    to: a.to,
                    max: self.armies(a.from) - 1,
                },
                None => Decision::Combat {
                    turn,
                    attacks: c.attacks,
                    open: c.attack.is_some(),
                    battles: self.battles,
                },
            },
            Phase::Movement(m) => Decision::Movement {
                turn,
                moved: m.moved.total(),
                used: self.used.len() as u32,
            },
            Phase::HandLimit => Decision::HandLimit {
                turn,
                discard: self.hand(self.active).len() as u32 - 6,
            },
        })
    }

    /// The decision this seat owes now: only the active player is ever asked (§9.1).
    pub fn decision(&self, seat: Seat) -> Option<Decision> {
        if seat == self.active {
            self.current_decision()
        } else {
            None
        }
    }

    /// Accept or reject an action without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if seat.0 >= self.players {
            return Err(RuleError::NoSuchSeat(seat.number()));
        }
        if let Action::SetOrders { orders } = action {
            return match orders.problem() {
                Some(problem) => Err(RuleError::Orders(problem)),
                None => Ok(()),
            };
        }
        if seat != self.active {
            return Err(RuleError::NotYourTurn {
                active: self.active,
            });
        }
        let expected = self.current_decision().expect("the game is not over");
        let wrong = || {
            Err(RuleError::WrongDecision {
                expected: expected.clone(),
            })
        };
        let combat_pending = match &self.phase {
            Phase::Combat(c) => c.attack.as_ref().and_then(|a| a.pending.clone()),
            _ => None,
        };
        match action {
            Action::SetOrders { .. } => unreachable!("handled above"),
            Action::Intelligence { continents } => {
                let Phase::Reinforce(r) = &self.phase else {
                    return wrong();
                };
                if r.converted.is_some() {
                    return Err(RuleError::IntelligenceOnce);
                }
                self.check_conversion(continents)
            }
            Action::Trade { cards } => {
                if !matches!(self.phase, Phase::Reinforce(_)) {
                    return wrong();
                }
                self.check_cards(cards)?;
                if let Some(&card) = cards.iter().find(|c| self.intelligence.contains(**c)) {
                    return Err(RuleError::IntelligenceCard(card));
                }
                if !(1..=6).contains(&cards.len()) {
                    return Err(RuleError::TradeSize);
                }
                trade_value(cards, |t| self.owner(t) == self.active)
                    .map(|_| ())
                    .ok_or(RuleError::TradeMixed)
            }
            Action::Place { armies } => {
                let Some(pools) = self.pools() else {
                    return wrong();
                };
                match self.placement_problem(&pools, armies) {
                    Some(problem) => Err(RuleError::Placement(problem)),
                    None => Ok(()),
                }
            }
            Action::Attack {
                from,
                to,
                air_card,
                plan,
            } => {
                let Phase::Combat(c) = &self.phase else {
                    return if self.round <= 1 && matches!(self.phase, Phase::Movement(_)) {
                        Err(RuleError::NoCombatInRoundOne)
                    } else {
                        wrong()
                    };
                };
                if combat_pending.is_some() {
                    return Err(RuleError::BattleUnderWay);
                }
                if let Some(limit) = attack_limit(self.round) {
                    if c.attacks >= limit {
                        return Err(RuleError::AttackLimit {
                            round: self.round,
                            limit,
                        });
                    }
                }
                if let Some(problem) = plan.problem() {
                    return Err(RuleError::Plan(problem));
                }
                if self.owner(*from) != self.active || self.armies(*from) < 2 {
                    return Err(RuleError::AttackSource);
                }
                if self.owner(*to) == self.active {
                    return Err(RuleError::AttackTarget);
                }
                match air_card {
                    Some(card) => {
                        if !self.hand(self.active).contains(*card) {
                            return Err(RuleError::CardNotInHand(*card));
                        }
                        if card.territory() != Some(*to) || self.used.contains(*card) {
                            return Err(RuleError::AirCard);
                        }
                        Ok(())
                    }
                    None if from.borders(*to) => Ok(()),
                    None => Err(RuleError::AttackTarget),
                }
            }
            Action::Continue { plan } => {
                let Phase::Combat(c) = &self.phase else {
                    return wrong();
                };
                if combat_pending.is_some() {
                    return Err(RuleError::BattleUnderWay);
                }
                if c.attack.is_none() {
                    return Err(RuleError::NoOpenAttack);
                }
                match plan.problem() {
                    Some(problem) => Err(RuleError::Plan(problem)),
                    None => Ok(()),
                }
            }
            Action::EndCombat => match &self.phase {
                Phase::Combat(_) if combat_pending.is_some() => Err(RuleError::BattleUnderWay),
                Phase::Combat(_) => Ok(()),
                Phase::Movement(_) if self.round <= 1 => Err(RuleError::NoCombatInRoundOne),
                _ => wrong(),
            },
            Action::RevealTerrain | Action::Reroll { .. } | Action::NoReaction => {
                let Some(AttackPending::Reaction { attack: dice, .. }) = &combat_pending else {
                    return wrong();
                };
                let to = self.open_attack_target();
                match action {
                    Action::RevealTerrain => {
                        let card = Card::of(to);
                        if self.hand(self.active).contains(card) && !self.used.contains(card) {
                            Ok(())
                        } else {
                            Err(RuleError::TerrainCard)
                        }
                    }
                    Action::Reroll {
                        card,
                        dice: positions,
                    } => self.check_reroll(*card, positions, dice.len()),
                    _ => Ok(()),
                }
            }
            Action::Occupy { armies } => {
                if !matches!(combat_pending, Some(AttackPending::MoveIn { .. })) {
                    return wrong();
                }
                let Phase::Combat(c) = &self.phase else {
                    return wrong();
                };
                let from = c.attack.as_ref().expect("pending").from;
                let max = self.armies(from) - 1;
                if (1..=max).contains(armies) {
                    Ok(())
                } else {
                    Err(RuleError::Occupy { max })
                }
            }
            Action::Move { .. }
            | Action::HiddenPassage { .. }
            | Action::AirTransport { .. }
            | Action::ContinentalAlliance { .. }
            | Action::EndTurn { .. } => {
                match &self.phase {
                    Phase::Movement(_) => {}
                    Phase::Combat(_) if combat_pending.is_some() => {
                        return Err(RuleError::BattleUnderWay)
                    }
                    Phase::Combat(_) => {}
                    _ => return wrong(),
                }
                self.check_movement(action)
            }
            Action::Discard { cards } => {
                if !matches!(self.phase, Phase::HandLimit) {
                    return wrong();
                }
                self.check_cards(cards)?;
                let excess = self.hand(self.active).len() as u32 - 6;
                if cards.len() as u32 != excess {
                    return Err(RuleError::HandLimit { excess });
                }
                Ok(())
            }
        }
    }

    fn open_attack_target(&self) -> Territory {
        match &self.phase {
            Phase::Combat(c) => c.attack.as_ref().expect("an open attack").to,
            _ => unreachable!("phase B"),
        }
    }

    /// Every card named once and in the active player's hand.
    fn check_cards(&self, cards: &[Card]) -> Result<(), RuleError> {
        let hand = self.hand(self.active);
        let mut seen = CardSet::default();
        for &card in cards {
            if seen.contains(card) {
                return Err(RuleError::DuplicateCard(card));
            }
            seen.insert(card);
            if !hand.contains(card) {
                return Err(RuleError::CardNotInHand(card));
            }
        }
        Ok(())
    }

    fn check_conversion(&self, continents: &[Continent]) -> Result<(), RuleError> {
        if continents.is_empty() {
            return Err(RuleError::IntelligenceContinents("name at least one"));
        }
        if super::orders::has_duplicates(continents) {
            return Err(RuleError::IntelligenceContinents(
                "a continent is named twice",
            ));
        }
        if continents
            .iter()
            .any(|&c| !self.owns_continent(self.active, c))
        {
            return Err(RuleError::IntelligenceContinents(
                "you do not own all of a continent named",
            ));
        }
        Ok(())
    }

    fn check_reroll(&self, card: Card, positions: &[u8], own_dice: usize) -> Result<(), RuleError> {
        if !self.hand(self.active).contains(card) {
            return Err(RuleError::CardNotInHand(card));
        }
        if self.used.contains(card) {
            return Err(RuleError::Reroll(
                "that card already activated a power this turn (R15)",
            ));
        }
        let (max, _) = self.card_class(self.active, card).power();
        if positions.is_empty() {
            return Err(RuleError::Reroll("name at least one die"));
        }
        if positions.len() > max {
            return Err(RuleError::Reroll("that card's class rerolls fewer dice"));
        }
        if super::orders::has_duplicates(positions) {
            return Err(RuleError::Reroll("a die is named twice"));
        }
        if positions.iter().any(|&p| p == 0 || p as usize > own_dice) {
            return Err(RuleError::Reroll(
                "only your own dice of this battle, numbered from 1",
            ));
        }
        Ok(())
    }

    /// What is wrong with a placement (§5.2.3), if anything.
    pub fn placement_problem(
        &self,
        pools: &Pools,
        armies: &TerritoryCounts,
    ) -> Option<PlacementProblem> {
        if let Some((t, _)) = armies
            .entries()
            .find(|(t, _)| self.owner(*t) != self.active)
        {
            return Some(PlacementProblem::NotYours(t));
        }
        for (t, n) in pools.terr.entries() {
            if armies.get(t) < n {
                return Some(PlacementProblem::TradeArmies {
                    territory: t,
                    armies: n,
                });
            }
        }
        for &(continent, n) in &pools.cont {
            let inside: u32 = continent.territories().map(|t| armies.get(t)).sum();
            let terr: u32 = continent.territories().map(|t| pools.terr.get(t)).sum();
            if inside.saturating_sub(terr) < n {
                return Some(PlacementProblem::Bonus {
                    continent,
                    armies: n,
                });
            }
        }
        let total = pools.total();
        if armies.total() != total {
            return Some(PlacementProblem::Total {
                expected: total,
                placed: armies.total(),
            });
        }
        None
    }

    fn check_movement(&self, action: &Action) -> Result<(), RuleError> {
        let me = self.active;
        let hand = self.hand(me);
        let power_card = |card: &Card| -> Result<Territory, RuleError> {
            if !hand.contains(*card) {
                return Err(RuleError::CardNotInHand(*card));
            }
            match card.territory() {
                Some(t) if !self.used.contains(*card) => Ok(t),
                _ => Err(RuleError::PowerCard(*card)),
            }
        };
        match action {
            Action::Move { from, to, armies } => {
                if self.owner(*from) != me || self.owner(*to) != me || from == to {
                    return Err(RuleError::MoveTerritories);
                }
                let (fresh, total) = (self.fresh(*from), self.armies(*from));
                let Some(k) = armies.resolve(fresh, total) else {
                    return Err(RuleError::MoveAmount(MoveProblem::Nothing {
                        amount: *armies,
                        from: *from,
                    }));
                };
                if k > fresh || total - k < 1 {
                    return Err(RuleError::MoveAmount(MoveProblem::TooMany {
                        from: *from,
                        armies: total,
                        fresh,
                    }));
                }
                if !self.move_targets(*from).contains(*to) {
                    return Err(RuleError::MovePath {
                        from: *from,
                        to: *to,
                    });
                }
                Ok(())
            }
            Action::HiddenPassage { card } => power_card(card).map(|_| ()),
            Action::AirTransport {
                card,
                direction,
                armies,
            } => {
                let x = power_card(card)?;
                if self.owner(x) != me {
                    return Err(RuleError::Transport(
                        "the card must be of a territory you own",
                    ));
                }
                if armies.is_empty() {
                    return Err(RuleError::Transport("carry at least 1 army"));
                }
                for (t, _) in armies.entries() {
                    if self.owner(t) != me || t == x {
                        return Err(RuleError::Transport(
                            "armies go between X and your other territories",
                        ));
                    }
                }
                match direction {
                    Direction::Out => {
                        let total = armies.total();
                        if total > self.fresh(x) || self.armies(x) - total < 1 {
                            return Err(RuleError::Transport(
                                "only fresh armies go, and 1 army stays on X",
                            ));
                        }
                    }
                    Direction::In => {
                        for (t, k) in armies.entries() {
                            if k > self.fresh(t) || self.armies(t) - k < 1 {
                                return Err(RuleError::Transport(
                                    "only fresh armies go, and 1 army stays on each source",
                                ));
                            }
                        }
                    }
                }
                Ok(())
            }
            Action::ContinentalAlliance { card, armies } => {
                let t = power_card(card)?;
                let continent = t.continent();
                if !self.owns_continent(me, continent) {
                    return Err(RuleError::Alliance(
                        "you must own the card's whole continent",
                    ));
                }
                let listed: TerritorySet = armies.keys().copied().collect();
                if listed != continent.mask() {
                    return Err(RuleError::Alliance(
                        "give every territory of the continent, and only those",
                    ));
                }
                if armies.values().any(|s| s.fresh + s.moved < 1) {
                    return Err(RuleError::Alliance("every territory keeps at least 1 army"));
                }
                let fresh: u32 = continent.territories().map(|t| self.fresh(t)).sum();
                let moved: u32 = continent.territories().map(|t| self.moved(t)).sum();
                let new_fresh: u32 = armies.values().map(|s| s.fresh).sum();
                let new_moved: u32 = armies.values().map(|s| s.moved).sum();
                if (fresh, moved) != (new_fresh, new_moved) {
                    return Err(RuleError::Alliance(
                        "the fresh and moved armies of the continent keep their totals",
                    ));
                }
                Ok(())
            }
            Action::EndTurn { discard } => {
                if let Some(cards) = discard {
                    if let Some(card) = cards
                        .iter()
                        .enumerate()
                        .find(|(i, c)| cards[..*i].contains(c))
                        .map(|(_, c)| *c)
                    {
                        return Err(RuleError::DuplicateCard(card));
                    }
                }
                Ok(())
            }
            _ => unreachable!("movement actions only"),
        }
    }

    /// The answer the service applies for the active player when a deadline passes (§9.1).
    pub fn default_action(&self, seat: Seat) -> Option<Action> {
        let decision = self.decision(seat)?;
        Some(match decision {
            Decision::Reinforcements { .. } => {
                let pools = self.pools().expect("phase A");
                Action::Place {
                    armies: self.default_placement(&pools),
                }
            }
            Decision::Combat { .. } => Action::EndCombat,
            Decision::Reaction { .. } => Action::NoReaction,
            Decision::MoveIn { from, .. } => {
                let Phase::Combat(c) = &self.phase else {
                    unreachable!("D4 is in phase B")
                };
                let dice = match c.attack.as_ref().and_then(|a| a.pending.as_ref()) {
                    Some(AttackPending::MoveIn { dice }) => *dice,
                    _ => unreachable!("D4 pending"),
                };
                Action::Occupy {
                    armies: self.occupy_amount(Occupy::Dice, dice, from),
                }
            }
            Decision::Movement { .. } => Action::EndTurn { discard: None },
            Decision::HandLimit { .. } => Action::Discard {
                cards: self.hand_limit_choice(&[]),
            },
        })
    }

    /// Every legal action of a seat now, as a finite list. Small decisions are listed whole;
    /// large ones (placements, attack plans, moves, discards, orders) by a representative set
    /// that always holds the deadline default — `apply` judges any other action. Any seat may
    /// change its standing orders: three presets stand for that decision (D7).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() || seat.0 >= self.players {
            return Vec::new();
        }
        let mut actions = Vec::new();
        if seat == self.active {
            match &self.phase {
                Phase::Reinforce(r) => {
                    self.list_reinforcements(r.converted.is_none(), &mut actions)
                }
                Phase::Combat(c) => match c.attack.as_ref().and_then(|a| a.pending.as_ref()) {
                    Some(AttackPending::Reaction { attack, .. }) => {
                        self.list_reactions(attack.len(), &mut actions)
                    }
                    Some(AttackPending::MoveIn { .. }) => self.list_move_in(&mut actions),
                    None => self.list_combat(c.attacks, c.attack.is_some(), &mut actions),
                },
                Phase::Movement(_) => self.list_movement(&mut actions),
                Phase::HandLimit => self.list_discards(&mut actions),
                Phase::Over { .. } => {}
            }
        }
        actions.extend(
            order_presets()
                .into_iter()
                .map(|orders| Action::SetOrders { orders }),
        );
        actions
    }

    fn list_reinforcements(&self, may_convert: bool, actions: &mut Vec<Action>) {
        let pools = self.pools().expect("phase A");
        actions.push(Action::Place {
            armies: self.default_placement(&pools),
        });
        // Concentrations: every pool that may go there on one frontier territory.
        let own = self.territories_of(self.active);
        for t in own.iter() {
            if t.neighbours().minus(own).is_empty() {
                continue;
            }
            let mut armies = pools.terr;
            for &(continent, n) in &pools.cont {
                let target = if t.continent() == continent {
                    t
                } else {
                    continent
                        .territories()
                        .min_by_key(|&x| {
                            (
                                x.neighbours().minus(own).is_empty(),
                                self.armies(x),
                                x.number(),
                            )
                        })
                        .expect("a continent has territories")
                };
                armies.add(target, n);
            }
            armies.add(t, pools.free());
            let action = Action::Place { armies };
            if !actions.contains(&action) {
                actions.push(action);
            }
        }
        if may_convert {
            let owned = self.continents_of(self.active);
            for mask in 1u32..(1 << owned.len()) {
                let continents = owned
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &c)| c)
                    .collect();
                actions.push(Action::Intelligence { continents });
            }
        }
        // Trades: each card alone, each symbol's group, one of each symbol, and the jokers.
        let tradable: Vec<Card> = self
            .hand(self.active)
            .iter()
            .filter(|c| !self.intelligence.contains(*c))
            .collect();
        let jokers: Vec<Card> = tradable.iter().copied().filter(|c| c.is_joker()).collect();
        let mut groups: Vec<Vec<Card>> = tradable.iter().map(|&c| vec![c]).collect();
        let mut firsts = Vec::new();
        for symbol in [Symbol::Triangle, Symbol::Square, Symbol::Circle] {
            let same: Vec<Card> = tradable
                .iter()
                .copied()
                .filter(|c| c.symbol() == Some(symbol))
                .take(6)
                .collect();
            if let Some(&first) = same.first() {
                firsts.push(first);
            }
            if same.len() >= 2 {
                groups.push(same.clone());
            }
            if !same.is_empty() && !jokers.is_empty() {
                let mut with = same;
                with.truncate(6 - jokers.len());
                with.extend(&jokers);
                groups.push(with);
            }
        }
        if firsts.len() >= 2 {
            groups.push(firsts);
        }
        if jokers.len() == 2 {
            groups.push(jokers);
        }
        for cards in groups {
            let action = Action::Trade { cards };
            if !actions.contains(&action) {
                actions.push(action);
            }
        }
    }

    fn list_combat(&self, attacks: u32, open: bool, actions: &mut Vec<Action>) {
        actions.push(Action::EndCombat);
        if open {
            actions.push(Action::Continue {
                plan: Plan::default(),
            });
        }
        if attack_limit(self.round).is_some_and(|limit| attacks >= limit) {
            return;
        }
        let me = self.active;
        let own = self.territories_of(me);
        for from in own.iter().filter(|&t| self.armies(t) >= 2) {
            for to in from.neighbours().minus(own).iter() {
                actions.push(Action::Attack {
                    from,
                    to,
                    air_card: None,
                    plan: plan_variant(from.index() + to.index()),
                });
            }
        }
        let strongest = own
            .iter()
            .filter(|&t| self.armies(t) >= 2)
            .max_by_key(|&t| (self.armies(t), std::cmp::Reverse(t.number())));
        if let Some(from) = strongest {
            for card in self.hand(me).iter().filter(|c| !self.used.contains(*c)) {
                if let Some(to) = card.territory().filter(|&t| self.owner(t) != me) {
                    actions.push(Action::Attack {
                        from,
                        to,
                        air_card: Some(card),
                        plan: plan_variant(to.index()),
                    });
                }
            }
        }
    }

    fn list_reactions(&self, own_dice: usize, actions: &mut Vec<Action>) {
        actions.push(Action::NoReaction);
        let me = self.active;
        let card_b = Card::of(self.open_attack_target());
        if self.hand(me).contains(card_b) && !self.used.contains(card_b) {
            actions.push(Action::RevealTerrain);
        }
        for card in self.hand(me).iter().filter(|c| !self.used.contains(*c)) {
            let (max, _) = self.card_class(me, card).power();
            for mask in 1u8..(1 << own_dice) {
                if mask.count_ones() as usize > max {
                    continue;
                }
                let dice = (0..own_dice as u8)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| i + 1)
                    .collect();
                actions.push(Action::Reroll { card, dice });
            }
        }
    }

    fn list_move_in(&self, actions: &mut Vec<Action>) {
        let default = self.default_action(self.active).expect("D4 pending");
        let Action::Occupy { armies: k } = default else {
            unreachable!("D4's default is an occupation")
        };
        let Some(Decision::MoveIn { max, .. }) = self.current_decision() else {
            unreachable!("D4 pending")
        };
        let mut ks = vec![k, 1, max, max.div_ceil(2)];
        ks.sort();
        ks.dedup();
        actions.extend(ks.into_iter().map(|armies| Action::Occupy { armies }));
    }

    fn list_movement(&self, actions: &mut Vec<Action>) {
        let me = self.active;
        actions.push(Action::EndTurn { discard: None });
        let own = self.territories_of(me);
        for from in own.iter() {
            let movable = self.fresh(from).min(self.armies(from) - 1);
            if movable == 0 {
                continue;
            }
            for to in self.move_targets(from).iter() {
                actions.push(Action::Move {
                    from,
                    to,
                    armies: super::orders::Amount::Exactly(1),
                });
                if movable > 1 {
                    actions.push(Action::Move {
                        from,
                        to,
                        armies: super::orders::Amount::All,
                    });
                }
            }
        }
        let frontier = |t: Territory| !t.neighbours().minus(own).is_empty();
        for card in self.hand(me).iter().filter(|c| !self.used.contains(*c)) {
            let Some(x) = card.territory() else {
                continue;
            };
            actions.push(Action::HiddenPassage { card });
            if self.owner(x) == me {
                // Out: everything movable from X to the weakest other frontier territory.
                let movable = self.fresh(x).min(self.armies(x) - 1);
                let target = own
                    .iter()
                    .filter(|&t| t != x)
                    .min_by_key(|&t| (!frontier(t), self.armies(t), t.number()));
                if let (true, Some(target)) = (movable > 0, target) {
                    let mut armies = TerritoryCounts::default();
                    armies.set(target, movable);
                    actions.push(Action::AirTransport {
                        card,
                        direction: Direction::Out,
                        armies,
                    });
                }
                // In: everything movable from every other territory into X.
                let mut armies = TerritoryCounts::default();
                for t in own.iter().filter(|&t| t != x) {
                    armies.set(t, self.fresh(t).min(self.armies(t) - 1));
                }
                if !armies.is_empty() {
                    actions.push(Action::AirTransport {
                        card,
                        direction: Direction::In,
                        armies,
                    });
                }
            }
            let continent = x.continent();
            if self.owns_continent(me, continent) {
                let target = continent
                    .territories()
                    .min_by_key(|&t| (!frontier(t), t.number()))
                    .expect("a continent has territories");
                let armies: BTreeMap<Territory, Split> = self.alliance_gather(continent, target);
                actions.push(Action::ContinentalAlliance { card, armies });
            }
        }
    }

    fn list_discards(&self, actions: &mut Vec<Action>) {
        let default = self.hand_limit_choice(&[]);
        let hand: Vec<Card> = self.hand(self.active).iter().collect();
        let excess = default.len();
        let lowest: Vec<Card> = hand.iter().copied().take(excess).collect();
        let highest: Vec<Card> = hand.iter().rev().copied().take(excess).collect();
        for cards in [default, lowest, highest] {
            let action = Action::Discard { cards };
            if !actions.contains(&action) {
                actions.push(action);
            }
        }
    }
}

/// One of five attack plans, chosen by a number: representative plans for the listing, so
/// random games exercise every plan feature (reactions, asking, stops, occupation rules).
pub fn plan_variant(n: usize) -> Plan {
    match n % 5 {
        0 => Plan::default(),
        1 => Plan {
            terrain: AttackTerrain::WhenNeeded,
            reroll: AttackReroll {
                when: RerollWhen::Loss1,
                classes: vec![CardClass::Unowned, CardClass::Owned, CardClass::Joker],
                max_cards: 2,
                reserve: 0,
                keep: Vec::new(),
            },
            occupy: Occupy::All,
            ..Plan::default()
        },
        2 => Plan {
            react: React::Ask,
            occupy: Occupy::Ask,
            ..Plan::default()
        },
        3 => Plan {
            stop_at: 3,
            max_battles: Some(2),
            terrain: AttackTerrain::AtDeclaration,
            occupy: Occupy::Leave(2),
            ..Plan::default()
        },
        _ => Plan {
            dice: 2,
            reroll: AttackReroll {
                when: RerollWhen::Loss2,
                classes: vec![CardClass::Joker, CardClass::Owned],
                ..AttackReroll::default()
            },
            occupy: Occupy::Min,
            ..Plan::default()
        },
    }
}

/// The standing orders that stand for D7 in the listing: the defaults, a careful defender and
/// a spender.
pub fn order_presets() -> Vec<StandingOrders> {
    vec![
        StandingOrders::default(),
        StandingOrders {
            default: Block {
                terrain: DefenceTerrain::WhenNeeded,
                reroll: DefenceReroll {
                    when: RerollWhen::Loss2,
                    classes: vec![CardClass::Unowned, CardClass::Owned],
                    max_cards_per_turn: 1,
                    reserve: 2,
                    keep: Vec::new(),
                },
            },
            territories: BTreeMap::new(),
        },
        StandingOrders {
            default: Block {
                terrain: DefenceTerrain::Always,
                reroll: DefenceReroll {
                    when: RerollWhen::LosingTerritory,
                    classes: vec![CardClass::Unowned, CardClass::Owned, CardClass::Joker],
                    max_cards_per_turn: 3,
                    reserve: 0,
                    keep: Vec::new(),
                },
            },
            territories: BTreeMap::new(),
        },
    ]
}
