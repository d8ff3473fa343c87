## Pergamemnon: every word the game's presenter says. Seat arguments come in pairs: the name
## (or "you" for the reader's own seat) and its person, `-p`: "you" or "other".
## Card names are data of the card set and are never translated here.

pergamemnon-title = Pergamemnon
pergamemnon-tagline = Build an army of antiquity, recruit mythical creatures with charisma and capture your rivals' cards in battles of attack and parry (Irongames 2011), 2 to 5 players.
pergamemnon-setup = the nations, the army decks and the creatures are dealt
pergamemnon-history-chapter = Battle { $number }

## Nations, cities, weapons, defences, skills (§1.3, §3.2, §3.3)

pergamemnon-nation-romans = Romans
pergamemnon-nation-egyptians = Egyptians
pergamemnon-nation-hellenes = Hellenes
pergamemnon-nation-carthaginians = Carthaginians
pergamemnon-nation-persians = Persians
pergamemnon-city-romans = Rome
pergamemnon-city-egyptians = Thebes
pergamemnon-city-hellenes = Athens
pergamemnon-city-carthaginians = Carthage
pergamemnon-city-persians = Babylon
pergamemnon-city-front-romans = started with 5 charisma cards
pergamemnon-city-front-egyptians = takes every defeated enemy card with Flee into its discard pile
pergamemnon-city-front-hellenes = +½ point per scoring card at the end
pergamemnon-city-front-carthaginians = every creature costs 1 less
pergamemnon-city-front-persians = hand of 4 cards
pergamemnon-city-back-romans = every defence of the Roman's cards is 1 lower
pergamemnon-city-back-egyptians = no more capture of fleeing cards (the Flee cards were purged)
pergamemnon-city-back-hellenes = every creature costs 1 more, no end bonus
pergamemnon-city-back-carthaginians = every attack of the Carthaginian's cards is 1 lower
pergamemnon-city-back-persians = hand of 3 cards, and every card played flees
pergamemnon-weapon-sword = sword
pergamemnon-weapon-spear = spear
pergamemnon-weapon-bow = bow
pergamemnon-defence-helmet = helmet
pergamemnon-defence-armour = armour
pergamemnon-defence-shield = shield
pergamemnon-skill-flee = Flee
pergamemnon-skill-secure = Secure points

## Cards

pergamemnon-charisma-card = charisma card
pergamemnon-card-with-id = { $name } ({ $id })
pergamemnon-no-cards = no cards
pergamemnon-face-creature = creature
pergamemnon-face-leader = leader
pergamemnon-face-attack = { $weapon } { $value }
pergamemnon-face-defence = helmet { $helmet } · armour { $armour } · shield { $shield }
pergamemnon-face-charisma = charisma { $value }
pergamemnon-face-points = { $value ->
        [one] 1 point
       *[other] { $value } points
    }
pergamemnon-face-cost = cost { $cost }
pergamemnon-face-cost-effective = cost { $cost } for you (printed { $printed })

## The card set (§4.3): named on every page and mail.

pergamemnon-card-set-reference = Card set { $id }: reference card set (not the published values)
pergamemnon-card-set-published = Card set: { $title } ({ $id }), the published values
pergamemnon-card-set-partly-verified = Card set: { $title } ({ $id }), the published values, partly verified
pergamemnon-card-set-custom = Card set: { $title } ({ $id }), a custom card set (not the published values)
pergamemnon-card-set-named = Card set { $id }
pergamemnon-card-set-unknown = Card set: { $id } (not known on this server)

## Options

pergamemnon-option-card-set = Card set
    .help = The card values are data. The reference set is ours, made so the game can be played: it is not the published card set.
pergamemnon-option-card-set-reference-1 = Reference card set 1 (not the published values)
pergamemnon-option-card-set-reference-2 = Reference card set 2 (not the published values; balanced by simulation)
pergamemnon-option-first-player = Who begins
    .help = The rules let the most charismatic player begin: the Romans if they play, otherwise a player drawn by lot.
pergamemnon-option-first-player-creator = me
pergamemnon-option-first-player-random = the most charisma (the Romans), else by lot
pergamemnon-option-first-player-seat = seat { $seat }
pergamemnon-options-card-set = { $set }
pergamemnon-options-nations = Nations: { $nations }
pergamemnon-options-nations-random = Nations dealt at random
pergamemnon-options-first = { $name } begins
pergamemnon-options-first-charisma = The most charismatic player begins (the Romans if they play, otherwise by lot)
pergamemnon-problem-unknown-card-set = There is no card set “{ $id }” on this server. Choose one of the card sets the form offers.
pergamemnon-problem-card-set-hash = The card set { $id } here is not the one the game names (its hash is { $found }, the game’s { $expected }). Replay it with the card set it was created with.
pergamemnon-problem-card-set-invalid = The card set does not load: { $why }. Correct the card set and create the game again.
pergamemnon-problem-nations = Give one nation per seat, each nation at most once, or let the nations be dealt at random.
pergamemnon-problem-first-player = The first player must be one of the seats: choose a seat of this table.
pergamemnon-problem-players = Pergamemnon takes 2 to 5 players: invite between 2 and 5.

## Decisions (§10.1), as prompts

pergamemnon-decision-turn = recruit a creature or attack a player (passing is not allowed)
pergamemnon-decision-defend = defend against { $attacker }’s { $weapon } attack (your { $defence } counts): choose your first card and your battle plan
pergamemnon-decision-reinforce = the current card does not hold against { $weapon } { $value } ({ $defence }): reinforce with a card that makes the defence succeed, or with none and lose the battle
pergamemnon-decision-dispose = choose where each captured card goes ({ $cards }): your discard pile, or your tucked zone for charisma
pergamemnon-decision-discard = after the lost battle you may discard any of your hand cards, or none
pergamemnon-decision-name-d1 = the turn action
pergamemnon-decision-name-d2 = the defence
pergamemnon-decision-name-d3 = the reinforcement
pergamemnon-decision-name-d4 = the disposal of captured cards
pergamemnon-decision-name-d5 = the discard after a lost battle
pergamemnon-decision-name-d6 = the standing orders
pergamemnon-decision-name-other = the decision { $id }

## Events

pergamemnon-seat-label = { $name } ({ $nation })
pergamemnon-ev-setup = The game begins. { $set }. Nations: { $nations }. First to play: { $first }.
pergamemnon-ev-drew = { $seat } drew { $cards }.
pergamemnon-ev-drew-count = { $seat } drew { $count ->
        [one] 1 card
       *[other] { $count } cards
    }.
pergamemnon-ev-reshuffled = { $seat } shuffled { $seat-p ->
        [you] your
       *[other] their
    } discard pile ({ $count ->
        [one] 1 card
       *[other] { $count } cards
    }) into a new draw pile.
pergamemnon-ev-reactivated = Every nation card turns active again.
pergamemnon-ev-nation-inactive = { $seat-p ->
        [you] Your
       *[other] { $seat }’s
    } nation card turns inactive.
pergamemnon-ev-at-turn = { $seat-p ->
        [you] It is your turn.
       *[other] { $seat } is at turn.
    }
pergamemnon-ev-recruited = { $seat } recruited { $creature }, paying with { $payment }; the hand ({ $discarded }) and the creature went to the discard pile.
pergamemnon-ev-refill = { $creature } fills the display.
pergamemnon-ev-no-refill = The creature deck is empty: the display shrinks.
pergamemnon-ev-attacked = { $attacker } attacked { $target } with the { $weapon }.
pergamemnon-ev-revealed = The first cards are revealed: { $attack } attacks, { $defence } defends.
pergamemnon-ev-defended-alone = { $seat } held { $weapon } { $value } with the current card’s { $defence }.
pergamemnon-ev-reinforced = { $seat } reinforced with { $card } against { $weapon } { $value } ({ $defence }).
pergamemnon-ev-countered = { $seat } counter-attacked: { $weapon } { $value }.
pergamemnon-ev-tie = The battle ended in a tie.
pergamemnon-ev-won = { $winner } won the battle against { $loser }.
pergamemnon-ev-fates = { $seat-p ->
        [you] Your
       *[other] { $seat }’s
    } cards: { $fates }.
pergamemnon-fate-secured = { $card } secured under the city
pergamemnon-fate-fled = { $card } fled to the box
pergamemnon-fate-taken-by-egypt = { $card } fled and was taken by Egypt
pergamemnon-fate-captured = { $card } captured
pergamemnon-ev-city-turned = { $seat-p ->
        [you] Your
       *[other] { $seat }’s
    } leader is captured: the city turns to its back for the rest of the game.
pergamemnon-ev-purged = Egypt’s purge: { $cards } of { $seat } left the game.
pergamemnon-ev-disposed = { $seat } put the captured cards away: tucked { $tucked }; discard pile { $discarded }.
pergamemnon-ev-charisma = { $seat } took a charisma card from the supply.
pergamemnon-ev-charisma-none = The supply is empty: { $seat } took no charisma card.
pergamemnon-ev-discarded = { $seat } discarded { $cards }.
pergamemnon-ev-discarded-nothing = { $seat } discarded nothing.
pergamemnon-ev-orders-changed = { $seat } changed { $seat-p ->
        [you] your
       *[other] their
    } standing orders.
pergamemnon-ev-defaulted = The service chose { $decision } for { $seat } (the deadline passed, or the standing orders said so).
pergamemnon-ev-ended = The game is over. { $outcome }

## Actions

pergamemnon-action-recruit = recruit { $creature }, paying with { $payment }
pergamemnon-action-attack = attack { $target } with the { $weapon } ({ $card })
pergamemnon-action-defend = defend with { $card }
pergamemnon-action-reinforce = reinforce with { $card }
pergamemnon-action-reinforce-none = do not reinforce
pergamemnon-action-dispose = put the captured cards away: { $cards }
pergamemnon-action-dispose-discard = { $card } to the discard pile
pergamemnon-action-dispose-tuck = { $card } tucked
pergamemnon-action-discard = discard { $cards }
pergamemnon-action-discard-nothing = discard nothing
pergamemnon-action-orders = change the standing orders
pergamemnon-action-pass = pass

## Refusals: what was wrong, and what to do

pergamemnon-error-game-over = The game is over: no more moves.
pergamemnon-error-no-such-seat = There is no seat { $seat } in this game: name a seat of this table.
pergamemnon-error-not-your-turn = It is not your decision now: wait for the mail that asks you.
pergamemnon-error-wrong-decision = That is not the decision asked of you now: the game waits for { $expected }.
pergamemnon-error-unknown-card = There is no card “{ $card }” in this game’s card set: write the card’s id as the mail shows it.
pergamemnon-error-not-in-hand = { $card } is not in your hand: choose one of the cards your mail or page lists.
pergamemnon-error-no-pass = Passing is never allowed: recruit a creature or attack a player.
pergamemnon-error-bad-target = Seat { $seat } cannot be attacked: it is you, or its nation card is inactive. Attack a player whose nation card is active.
pergamemnon-error-wrong-weapon = { $card } does not carry a { $weapon }: announce the weapon the card carries, or choose a card of that weapon.
pergamemnon-error-not-on-display = { $card } is not on display: recruit one of the creatures on display.
pergamemnon-error-not-tucked = { $card } is not in your tucked zone: pay only with the cards tucked under your city.
pergamemnon-error-empty-payment = A recruitment needs at least one tucked card besides your hand: name the tucked cards you pay with.
pergamemnon-error-payment-too-low = The payment reaches { $reached } charisma, the creature costs { $cost }: add tucked cards, or choose a cheaper creature.
pergamemnon-error-payment-not-minimal = The payment is more than needed: { $card } could be left out. Pay with fewer cards (no change is given).
pergamemnon-error-no-reinforcement-needed = The current card holds on its own: there is nothing to reinforce now.
pergamemnon-error-reinforcement-too-weak = { $card } does not make the defence succeed ({ $total } is less than { $value }): choose a stronger card, or none.
pergamemnon-error-not-captured = { $card } was not captured in this battle, or is not asked about: dispose only of the cards the decision lists.
pergamemnon-error-disposal-incomplete = Say where every captured card goes, each once.
pergamemnon-error-cannot-tuck = { $card } cannot be tucked (charisma 0, or a fleeing card Egypt took): send it to the discard pile.
pergamemnon-error-repeated = A card is named twice: name each card once.

## The outcome and standings

pergamemnon-ending-creatures = the display fell below one creature per player
pergamemnon-ending-exhaustion = { $seats } could not fill { $count ->
        [one] a hand
       *[other] their hands
    }
pergamemnon-points-whole = { $whole }
pergamemnon-points-half = { $whole }.5
pergamemnon-score = { $name } { $points }
pergamemnon-outcome = { $who } { $count ->
        [one] won
       *[other] share the victory
    } ({ $ending }).
pergamemnon-outcome-scores = Scores: { $scores }.
pergamemnon-standing = { $name } ({ $nation }): { $points } points
pergamemnon-standing-running = { $name } ({ $nation })
pergamemnon-scores-title = Scores
pergamemnon-score-line = { $seat }: { $points } points
pergamemnon-score-creatures = ; creatures by cost { $costs }
pergamemnon-score-winner = , winner

## The board

pergamemnon-situation-at-turn = at turn: { $seat }
pergamemnon-situation-battle = battle: { $attacker } attacks { $defender } with the { $weapon }
pergamemnon-situation-piles = display { $display }, creature deck { $deck }, supply { $supply }
pergamemnon-display-title = Display: { $count } creatures (creature deck: { $deck })
pergamemnon-display-your-costs = The costs shown are yours, with your nation’s modifier.
pergamemnon-piles = Charisma cards in the supply: { $supply } · creatures removed unseen: { $removed } · cards in the box: { $box }
pergamemnon-seat-at-turn = , at turn
pergamemnon-seat-city-front = City { $city }, front: { $effect }
pergamemnon-seat-city-back = City { $city }, back (leader captured): { $effect }
pergamemnon-seat-active = Nation card active
pergamemnon-seat-inactive = Nation card inactive (cannot be attacked)
pergamemnon-seat-piles = Hand { $hand } of { $size } · draw pile { $draw }
pergamemnon-zone-hand = Hand ({ $count })
pergamemnon-zone-discard = Discard pile ({ $count })
pergamemnon-zone-tucked = Tucked zone ({ $count }): { $charisma } charisma
pergamemnon-zone-secured = Secured zone ({ $count })
pergamemnon-zone-box = Box ({ $count })
pergamemnon-battle-title = The battle
pergamemnon-battle-head = { $attacker } attacks { $defender } with the { $weapon }
pergamemnon-battle-hidden-card = The attacker’s first card stays face down until the defender has chosen.
pergamemnon-battle-your-hidden-card = Your first card, still face down: { $card }
pergamemnon-battle-used = { $seat } played { $cards }
pergamemnon-battle-incoming = { $seat } must hold { $weapon } { $value } ({ $defence })
pergamemnon-battle-winner = { $seat } won the battle
pergamemnon-battle-captured = Captured, to be put away: { $cards }
pergamemnon-review-hand = { $seat }: hand ({ $count })
pergamemnon-review-draw = { $seat }: draw pile, top first ({ $count })
pergamemnon-review-creature-deck = Creature deck, top first ({ $count })
pergamemnon-review-removed = Creatures removed at setup ({ $count })
pergamemnon-review-seed = Seed: { $seed }
pergamemnon-column-nation = Nation
pergamemnon-column-hand = Hand
pergamemnon-column-charisma = Charisma

## Plans and standing orders (§10.3)

pergamemnon-reinforce-auto = automatically (the card that succeeds and threatens most)
pergamemnon-reinforce-never = never
pergamemnon-reinforce-ask = ask me each time
pergamemnon-reinforce-prefer = the cards I prefer, in order
pergamemnon-capture-discard = all to my discard pile
pergamemnon-capture-tuck = tuck every card that can be tucked
pergamemnon-capture-tuck-zero-points = tuck the cards worth no points
pergamemnon-capture-ask = ask me
pergamemnon-plan-reinforce = reinforce: { $mode }
pergamemnon-plan-prefer = preferred: { $cards }
pergamemnon-plan-fallback-auto = if none of them succeeds: automatically
pergamemnon-plan-fallback-none = if none of them succeeds: no reinforcement
pergamemnon-plan-keep = never play: { $cards }
pergamemnon-plan-capture = captures: { $mode }
pergamemnon-orders-title = Your standing orders
pergamemnon-orders-respond-ask = When attacked: ask me for my first card
pergamemnon-orders-respond-auto = When attacked: defend automatically with my standing plan
pergamemnon-orders-plan = Standing plan: { $plan }
pergamemnon-orders-after-loss-none = After a lost battle: discard nothing
pergamemnon-orders-after-loss-ask = After a lost battle: ask me what to discard

## Forms

pergamemnon-form-recruit = Recruit a creature
pergamemnon-form-recruit-help = Each button pays with the cheapest payment that works; your whole hand goes to the discard pile with the creature.
pergamemnon-form-recruit-button = { $creature }, cost { $cost }: pay with { $payment }
pergamemnon-form-recruit-none = No creature on display can be paid for now: attack instead.
pergamemnon-form-recruit-other = Recruit with another payment
pergamemnon-form-recruit-submit = Recruit
pergamemnon-form-creature = Creature
pergamemnon-form-payment = Pay with these tucked cards
pergamemnon-form-attack = Attack a player
pergamemnon-form-target = Whom to attack
pergamemnon-form-attack-card = Your first card (its weapon is the one you announce)
pergamemnon-form-attack-submit = Attack
pergamemnon-form-plan = Battle plan
pergamemnon-form-reinforce = Reinforce
pergamemnon-form-prefer = Preferred reinforcements, in hand order
pergamemnon-form-fallback = If no preferred card succeeds
pergamemnon-form-keep = Never play these as reinforcements nor as an automatic defence
pergamemnon-form-capture = Captured cards
pergamemnon-form-defend = Defend
pergamemnon-form-defend-help = { $attacker } attacks you with the { $weapon }: your first card defends with its { $defence }.
pergamemnon-form-defend-card = Your first card
pergamemnon-form-defend-submit = Defend
pergamemnon-form-reinforce-title = Reinforce
pergamemnon-form-reinforce-with = Reinforce with { $card }
pergamemnon-form-reinforce-none = No reinforcement (the battle is lost)
pergamemnon-form-dispose = Put the captured cards away
pergamemnon-form-to-discard = discard pile (it scores and joins your deck)
pergamemnon-form-to-tuck = tucked zone (charisma for recruiting)
pergamemnon-form-dispose-submit = Put away
pergamemnon-form-discard = Discard after the lost battle
pergamemnon-form-discard-cards = Cards to discard (none checked: keep them all)
pergamemnon-form-discard-submit = Discard
pergamemnon-form-orders = Standing orders
pergamemnon-form-orders-help = What the service does for you without asking; a change applies from the next decision.
pergamemnon-form-respond = When attacked
pergamemnon-form-after-loss = After a lost battle
pergamemnon-form-orders-submit = Save the standing orders
pergamemnon-form-problem-unknown = “{ $value }” is not one of this form’s choices: reload the page and choose again.
pergamemnon-form-problem-choose = Choose: { $field }.
pergamemnon-form-problem-payment = Check at least one tucked card to pay with.
pergamemnon-form-problem-prefer = With “the cards I prefer”, check at least one preferred card.

## Mail

pergamemnon-mail-you-are = You play the { $nation } of { $city }.
pergamemnon-mail-captured = The captured cards to put away
pergamemnon-mail-table = The other players

## Reply commands: alternatives are separated by | (mails show the first); the reader folds
## case, accents and filler words. Cards are written by their id (as mails show them) or, where
## it is unambiguous, by their name.

pergamemnon-command-recruit = recruit
pergamemnon-command-pay = pay
pergamemnon-command-attack = attack
pergamemnon-command-defend = defend
pergamemnon-command-reinforce = reinforce
pergamemnon-command-tuck = tuck
pergamemnon-command-discard = discard
pergamemnon-command-orders = orders
pergamemnon-command-pass = pass
pergamemnon-command-none = none | nothing
pergamemnon-command-auto = auto | automatic
pergamemnon-command-never = never
pergamemnon-command-ask = ask
pergamemnon-command-prefer = prefer
pergamemnon-command-fallback = fallback
pergamemnon-command-keep = keep
pergamemnon-command-capture = capture | captures
pergamemnon-command-tuck-zero = tuck zero
pergamemnon-command-respond = respond
pergamemnon-command-after-loss = after loss | loss
pergamemnon-command-charisma = charisma
pergamemnon-command-sword = sword
pergamemnon-command-spear = spear
pergamemnon-command-bow = bow

## Milestones and counters

pergamemnon-milestone-setup = The deal
pergamemnon-milestone-recruited = { $seat } recruits { $creature }
pergamemnon-milestone-won = { $winner } beats { $loser }
pergamemnon-milestone-tie = A battle ends in a tie
pergamemnon-milestone-leader = { $seat } loses the leader
pergamemnon-milestone-end = The end
pergamemnon-count-turns = { $n ->
        [one] 1 turn
       *[other] { $n } turns
    }
pergamemnon-count-battles = { $n ->
        [one] 1 battle
       *[other] { $n } battles
    }

## The guide

pergamemnon-guide-glossary = Terms
pergamemnon-guide-rule-1 = Each player leads a nation of antiquity: an army deck of 11 cards, a leader among them, and a city card. The goal is to own the most points in your cards at the end.
pergamemnon-guide-rule-2 = On your turn you do exactly one thing: recruit a creature from the display, or attack a player whose nation card is active. Passing is never allowed.
pergamemnon-guide-rule-3 = Recruiting: your best hand card’s charisma plus tucked cards you choose must reach the creature’s cost, with no card more than needed. Your whole hand and the creature go to your discard pile, and you draw a new hand.
pergamemnon-guide-rule-4 = Attacking: announce a weapon (sword, spear or bow) and lay a card of that weapon face down; the defender lays any card; both are revealed together. The sword meets the helmet, the spear the armour, the bow the shield.
pergamemnon-guide-rule-5 = A card that holds the incoming attack strikes back with its own weapon. A card that does not hold may be reinforced by one hand card whose value added makes the defence succeed; otherwise the battle is lost. The defender’s first card is the only one that strikes back after holding on its own: any other card that holds alone ends the battle in a tie.
pergamemnon-guide-rule-6 = The winner captures the loser’s cards played in the battle and puts each in the discard pile (it scores) or, if it has charisma, in the tucked zone (charisma for recruiting). Cards with Flee go to the box instead, cards with Secure points under their owner’s city.
pergamemnon-guide-rule-7 = Nation cards decide who may be attacked and who plays next: the loser’s or the recruiter’s card turns inactive; when only the player at turn is active, all turn active again. A winning attacker plays again; after a tie or a lost attack the defender plays.
pergamemnon-guide-rule-8 = Each nation has an advantage on its city’s front; when its leader is captured the city turns to its back, with a penalty, for good.
pergamemnon-guide-rule-9 = The game ends when the display holds fewer creatures than players, or when a player cannot fill his hand. Points of the cards you own count; the Hellenes with Agamemnon add half a point per scoring card. Ties go to the most powerful creature.
pergamemnon-guide-rule-10 = By mail, a battle costs two messages: the attacker sends his card with a battle plan, the defender his first card with his plan, and the service plays the exchange out. Standing orders can defend for you without asking. The card values are those of the card set the game names; the reference set is ours, not the published values.
pergamemnon-guide-term-1 = The cards pushed partly under your city: charisma cards and captured cards kept for their charisma. They pay for creatures.
    .term = Tucked zone
pergamemnon-guide-term-2 = Cards put completely under your city by the Secure-points skill: they only score.
    .term = Secured zone
pergamemnon-guide-term-3 = The side of a nation card: only players whose card is active may be attacked or take a turn.
    .term = Active, inactive
pergamemnon-guide-term-4 = The card a side played last in the battle: it defends together with one reinforcement, and it strikes back.
    .term = Current card
pergamemnon-guide-term-5 = One hand card added to the current card when the current card alone does not hold; it must make the defence succeed.
    .term = Reinforcement
pergamemnon-guide-term-6 = How your side of a battle is played without asking you: reinforce automatically, never, with preferred cards, or ask; the cards never to play; where captured cards go.
    .term = Battle plan
pergamemnon-guide-term-7 = Your plan when you are attacked and whether the service chooses your first card for you, and whether to ask what to discard after a lost battle.
    .term = Standing orders
pergamemnon-guide-term-8 = A card with Flee that loses a battle goes to the box instead of being captured (except by the Egyptians with their city front up).
    .term = Flee
pergamemnon-guide-term-9 = A card with Secure points that loses a battle goes under its owner’s city and scores for him.
    .term = Secure points
pergamemnon-guide-term-10 = The values of every card of a game. The reference card set is ours, not the published values.
    .term = Card set
pergamemnon-guide-mail-1 = Recruit the Centaur, paying with the charisma card chr_01 (without “pay”, the cheapest payment that works).
    .command = recruit cr_centaur pay chr_01
pergamemnon-guide-mail-2 = Attack seat 2 with the sword, first card Caesar; never play Praetorian as a reinforcement; tuck the captured cards.
    .command = attack 2 sword rom_caesar keep rom_praetorian capture tuck
pergamemnon-guide-mail-3 = Defend with the Sphinx; reinforce with the Mummy if a reinforcement is needed. Without plan words, your standing plan applies.
    .command = defend cr_sphinx prefer egy_mummy_1
pergamemnon-guide-mail-4 = Reinforce with a card, or not at all.
    .command = reinforce egy_mummy_1 | reinforce none
pergamemnon-guide-mail-5 = Put captured cards away: the Guard in the tucked zone, the Sphinx in the discard pile (unnamed cards go to the discard pile).
    .command = tuck egy_guard discard cr_sphinx
pergamemnon-guide-mail-6 = After a lost battle: discard cards from your hand, or none.
    .command = discard rom_bowman_1 | discard none
pergamemnon-guide-mail-7 = Standing orders: defend automatically, never play Caesar, tuck cards worth no points, ask what to discard after a loss.
    .command = orders respond auto keep rom_caesar capture tuck zero after loss ask
