## War with the SMART mod: every word the game's presenter says. Seat arguments come in pairs:
## the name (or "you" for the reader's own seat) and its person, `-p`: "you" or "other".

war-title = War (SMART mod)
war-tagline = Conquer the world map of the Brazilian classic, with secret objectives and card powers (Grow, SMART mod 1.0).
war-setup = objectives and territories are dealt and the cards shuffled

## Territories (their English names), continents, symbols, cards, colours, objectives

war-territory-alasca = Alaska
    .the = Alaska
    .in = on Alaska
    .from = from Alaska
    .to = to Alaska
war-territory-mackenzie = Mackenzie
    .the = Mackenzie
    .in = on Mackenzie
    .from = from Mackenzie
    .to = to Mackenzie
war-territory-groenlandia = Greenland
    .the = Greenland
    .in = on Greenland
    .from = from Greenland
    .to = to Greenland
war-territory-vancouver = Vancouver
    .the = Vancouver
    .in = on Vancouver
    .from = from Vancouver
    .to = to Vancouver
war-territory-ottawa = Ottawa
    .the = Ottawa
    .in = on Ottawa
    .from = from Ottawa
    .to = to Ottawa
war-territory-labrador = Labrador
    .the = Labrador
    .in = on Labrador
    .from = from Labrador
    .to = to Labrador
war-territory-california = California
    .the = California
    .in = on California
    .from = from California
    .to = to California
war-territory-nova-york = New York
    .the = New York
    .in = on New York
    .from = from New York
    .to = to New York
war-territory-mexico = Mexico
    .the = Mexico
    .in = on Mexico
    .from = from Mexico
    .to = to Mexico
war-territory-venezuela = Venezuela
    .the = Venezuela
    .in = on Venezuela
    .from = from Venezuela
    .to = to Venezuela
war-territory-peru = Peru
    .the = Peru
    .in = on Peru
    .from = from Peru
    .to = to Peru
war-territory-brasil = Brazil
    .the = Brazil
    .in = on Brazil
    .from = from Brazil
    .to = to Brazil
war-territory-argentina = Argentina
    .the = Argentina
    .in = on Argentina
    .from = from Argentina
    .to = to Argentina
war-territory-islandia = Iceland
    .the = Iceland
    .in = on Iceland
    .from = from Iceland
    .to = to Iceland
war-territory-inglaterra = England
    .the = England
    .in = on England
    .from = from England
    .to = to England
war-territory-suecia = Sweden
    .the = Sweden
    .in = on Sweden
    .from = from Sweden
    .to = to Sweden
war-territory-alemanha = Germany
    .the = Germany
    .in = on Germany
    .from = from Germany
    .to = to Germany
war-territory-portugal = Portugal
    .the = Portugal
    .in = on Portugal
    .from = from Portugal
    .to = to Portugal
war-territory-polonia = Poland
    .the = Poland
    .in = on Poland
    .from = from Poland
    .to = to Poland
war-territory-moscou = Moscow
    .the = Moscow
    .in = on Moscow
    .from = from Moscow
    .to = to Moscow
war-territory-argelia = Algeria
    .the = Algeria
    .in = on Algeria
    .from = from Algeria
    .to = to Algeria
war-territory-egito = Egypt
    .the = Egypt
    .in = on Egypt
    .from = from Egypt
    .to = to Egypt
war-territory-sudao = Sudan
    .the = Sudan
    .in = on Sudan
    .from = from Sudan
    .to = to Sudan
war-territory-congo = Congo
    .the = Congo
    .in = on Congo
    .from = from Congo
    .to = to Congo
war-territory-africa-do-sul = South Africa
    .the = South Africa
    .in = on South Africa
    .from = from South Africa
    .to = to South Africa
war-territory-madagascar = Madagascar
    .the = Madagascar
    .in = on Madagascar
    .from = from Madagascar
    .to = to Madagascar
war-territory-oriente-medio = Middle East
    .the = Middle East
    .in = on Middle East
    .from = from Middle East
    .to = to Middle East
war-territory-aral = Aral
    .the = Aral
    .in = on Aral
    .from = from Aral
    .to = to Aral
war-territory-omsk = Omsk
    .the = Omsk
    .in = on Omsk
    .from = from Omsk
    .to = to Omsk
war-territory-dudinka = Dudinka
    .the = Dudinka
    .in = on Dudinka
    .from = from Dudinka
    .to = to Dudinka
war-territory-siberia = Siberia
    .the = Siberia
    .in = on Siberia
    .from = from Siberia
    .to = to Siberia
war-territory-tchita = Chita
    .the = Chita
    .in = on Chita
    .from = from Chita
    .to = to Chita
war-territory-vladivostok = Vladivostok
    .the = Vladivostok
    .in = on Vladivostok
    .from = from Vladivostok
    .to = to Vladivostok
war-territory-mongolia = Mongolia
    .the = Mongolia
    .in = on Mongolia
    .from = from Mongolia
    .to = to Mongolia
war-territory-china = China
    .the = China
    .in = on China
    .from = from China
    .to = to China
war-territory-india = India
    .the = India
    .in = on India
    .from = from India
    .to = to India
war-territory-japao = Japan
    .the = Japan
    .in = on Japan
    .from = from Japan
    .to = to Japan
war-territory-vietna = Vietnam
    .the = Vietnam
    .in = on Vietnam
    .from = from Vietnam
    .to = to Vietnam
war-territory-sumatra = Sumatra
    .the = Sumatra
    .in = on Sumatra
    .from = from Sumatra
    .to = to Sumatra
war-territory-borneu = Borneo
    .the = Borneo
    .in = on Borneo
    .from = from Borneo
    .to = to Borneo
war-territory-nova-guine = New Guinea
    .the = New Guinea
    .in = on New Guinea
    .from = from New Guinea
    .to = to New Guinea
war-territory-australia = Australia
    .the = Australia
    .in = on Australia
    .from = from Australia
    .to = to Australia

war-continent-america-do-norte = North America
war-continent-america-do-sul = South America
war-continent-europa = Europe
war-continent-africa = Africa
war-continent-asia = Asia
war-continent-oceania = Oceania
war-continent-bonus = { $continent } (+{ $bonus })

war-symbol-triangle = triangle
war-symbol-square = square
war-symbol-circle = circle
war-card = { $territory } ({ $symbol })
war-card-joker-1 = Joker 1
war-card-joker-2 = Joker 2
war-no-cards = no cards
war-cards-count = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
war-armies-count = { $count ->
        [one] { $count } army
       *[other] { $count } armies
    }
war-territories-count = { $count ->
        [one] { $count } territory
       *[other] { $count } territories
    }

war-colour-branco = white
war-colour-preto = black
war-colour-vermelho = red
war-colour-azul = blue
war-colour-amarelo = yellow
war-colour-verde = green
war-objective = Destroy the { $colour } armies
war-objective-short = destroy { $colour } ({ $name })

## Options

war-option-dealer = Dealer (receives the first territory card)
    .help = The first player sits two seats left of the dealer with 4 or 5 players, and is the dealer with 3 or 6.
war-option-dealer-creator = me
war-option-dealer-random = a random player
war-option-dealer-seat = seat { $seat }
war-option-round-limit = Round limit
    .help = Not in the rules: if nobody is eliminated by the end of this round, territories, armies and cards decide.
war-option-round-limit-target = end the game after
war-option-round-limit-unit = rounds
war-options-dealer = { $name } deals the territories
war-options-dealer-random = the dealer is drawn at random
war-options-round-limit = the game ends after round { $rounds } if nobody is eliminated
war-options-no-round-limit = no round limit: the game ends at the first elimination
war-options-colours = colours: { $colours }
war-problem-dealer = The dealer must be one of the seats.
war-problem-round-limit = The round limit must be a whole number from { $min } to { $max }.
war-problem-colours = Each seat needs a different colour.

## Decisions, as prompts

war-decision-reinforcements = take your reinforcements: Intelligence, trades, then place every army
war-decision-combat = attack, continue the open attack, or end the combat phase
war-decision-reaction = react to the dice: reveal Terrain, reroll, or pass
war-decision-move-in = choose how many armies move { $to-to } (1 to { $max })
war-decision-movement = move armies and use movement powers, then end your turn
war-decision-hand-limit = discard { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to keep 6

## Actions

war-action-intelligence = convert { $continents } into cards (Intelligence)
war-action-trade = trade { $cards }
war-action-place = place { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }: { $where }
war-action-attack = attack { $to-the } { $from-from }
war-action-air-attack = air attack on { $to-the } { $from-from }, discarding its card
war-action-continue = continue the attack
war-action-end-combat = end the combat phase
war-action-reveal-terrain = reveal Conhecimento de Terreno
war-action-reroll = discard { $card } and reroll { $dice ->
        [one] die { $positions }
       *[other] dice { $positions }
    }
war-action-no-reaction = no reaction
war-action-occupy = move { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    } in
war-action-move = move { $amount } { $from-from } { $to-to }
war-action-hidden-passage = reveal { $card } for Passagem Oculta
war-action-air-transport-out = discard { $card } to carry armies away { $territory-from } (Transporte Aéreo): { $where }
war-action-air-transport-in = discard { $card } to carry armies { $territory-to } (Transporte Aéreo): { $where }
war-action-alliance = discard { $card } to redistribute { $continent } (Aliança Continental)
war-action-end-turn = end the turn
war-action-end-turn-discard = end the turn, discarding first if over 6: { $cards }
war-action-discard = discard { $cards }
war-action-set-orders = change the standing orders
war-amount-all = all fresh armies
war-amount-leave = all fresh armies but { $leave }
war-amount-exactly = { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }
war-armies-on = { $armies } { $territory-in }

## Rule errors

war-error-game-over = the game is over: no more actions are taken (§6.1)
war-error-no-such-seat = there is no seat { $seat } in this game (§4.1)
war-error-not-your-turn = it is not your decision now: only the active player, { $active }, is asked (§9.1)
war-error-wrong-decision = that is not the decision asked of you: you must { $expected } (§9.1)
war-error-card-not-in-hand = { $card } is not in your hand (§3.4)
war-error-duplicate-card = { $card } is named twice (§3.4)
war-error-intelligence-once = Intelligence is converted at most once per turn (§5.2.2, R7)
war-error-intelligence-continents = Intelligence converts whole continents you own entirely, at least one: { $why } (§5.2.2, R7)
war-error-trade-size = a trade is a group of 1 to 6 cards (§5.3, R8)
war-error-trade-mixed = a trade's cards must all share a symbol, or be 2 or 3 different symbols; split mixed cards into several trades (§5.3, R8)
war-error-intelligence-card = { $card } was drawn through Intelligence this turn and cannot be traded until a later turn (§5.2.2, R7)
war-error-placement = that placement is not legal: { $why } (§5.2.3, R6)
war-error-no-combat-in-round-one = round 1 has no combat phase: no attack of any kind (§5.4.2, R34)
war-error-attack-limit = round { $round } allows { $limit ->
        [one] { $limit } attack
       *[other] { $limit } attacks
    } per turn and they are used (§5.4.2, R10)
war-error-attack-source = an attack starts from your own territory with at least 2 armies (§5.4.3)
war-error-attack-target = the target must belong to another player and border the source, unless it is an air attack (§5.4.3, R1)
war-error-air-card = an air attack discards an unused territory card of the target, which another player owns (§5.4.3, R18, R15)
war-error-plan = the attack plan is not valid: { $why } (§9.4)
war-error-no-open-attack = no attack is open to continue: an attack closes on a conquest, when its source is down to 1 army, or on any other action (§5.4.1, R10)
war-error-battle-under-way = finish the battle or the conquest first (§5.4.5, §5.4.8)
war-error-terrain-card = you cannot reveal Conhecimento de Terreno: you must hold the unused card of the attacked territory (§5.4.6, R14, R15)
war-error-reroll = that reroll is not legal: { $why } (§5.4.7, R16)
war-error-occupy = move in from 1 to { $max } armies (§5.4.8, R20)
war-error-move-territories = a move goes between two of your territories (§5.5.1)
war-error-move-amount = that amount cannot move: each army moves once and 1 army stays behind ({ $why }) (§5.5.1, R22)
war-error-move-path = there is no way { $from-from } { $to-to }: the destination must border it or be reached through territories you revealed for Passagem Oculta (§5.5.3, R23)
war-error-power-card = { $card } cannot activate a power: it must be an unused territory card in your hand (§5.7, R15)
war-error-transport = Transporte Aéreo: { $why } (§5.5.4, R24)
war-error-alliance = Aliança Continental: { $why } (§5.5.2, R25)
war-error-hand-limit = discard exactly { $excess ->
        [one] { $excess } card
       *[other] { $excess } cards
    } from your hand, leaving 6 (§5.6, R26)
war-error-orders = the standing orders are not valid: { $why } (§9.3)
war-why-name-a-continent = name at least one
war-why-continent-twice = a continent is named twice
war-why-continent-not-owned = you do not own all of a continent named
war-why-dice = dice must be 1, 2 or 3
war-why-stop-at = "stop at" must be at least 1
war-why-max-battles = the most battles must be at least 1
war-why-losing-territory = "losing the territory" is a defender's trigger, not available in a plan
war-why-occupy-zero = moving in must move at least 1 army
war-why-class-twice = a class of cards is listed twice
war-why-card-used = that card already activated a power this turn (R15)
war-why-name-a-die = name at least one die
war-why-too-many-dice = that card's class rerolls fewer dice
war-why-die-twice = a die is named twice
war-why-own-dice = only your own dice of this battle, numbered from 1
war-why-transport-card = the card must be of a territory you own
war-why-carry-one = carry at least 1 army
war-why-transport-between = armies go between that territory and your other territories
war-why-transport-out = only fresh armies go, and 1 army stays on the card's territory
war-why-transport-in = only fresh armies go, and 1 army stays on each source
war-why-alliance-continent = you must own the card's whole continent
war-why-alliance-territories = give every territory of the continent, and only those
war-why-alliance-one = every territory keeps at least 1 army
war-why-alliance-totals = the fresh and moved armies of the continent keep their totals
war-why-other = { $text }
war-why-not-yours = { $territory } is not yours
war-why-trade-armies = { $territory } must receive at least its { $armies } trade armies
war-why-bonus = { $continent } must receive its { $armies } bonus armies (convert it whole by Intelligence instead, R7)
war-why-total = every pooled army is placed: { $expected }, not { $placed }
war-why-nothing-to-move = { $amount } leaves nothing to move { $from-from }
war-why-too-many = { $from } has { $armies } armies, { $fresh } of them fresh

## How a game ended

war-ending-objective = completed the secret objective
war-ending-tie-break = decided by the tie-break after the first elimination
war-ending-round-limit = decided by the tie-break at the round limit
war-criterion-1 = 24 territories or more
war-criterion-2 = the most territories
war-criterion-3 = the most armies on the board
war-criterion-4 = the most cards in hand
war-criterion-5 = still tied: a shared victory
war-outcome = { $count ->
        [one] { $who } won ({ $ending }).
       *[other] { $who } share the victory ({ $ending }).
    }
war-outcome-criterion = { $ending }: { $criterion }
war-outcome-eliminated = { $eliminator } eliminated { $eliminated }.
war-standing = { $name }: { $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    }, { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }, { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }; objective: { $objective }
war-standing-eliminated = { $name }: eliminated; objective: { $objective }

## Events

war-ev-game-started = The game began: { $dealer } dealt the territories and { $first } { $first-p ->
        [you] play
       *[other] plays
    } first. Colours: { $colours }.
war-ev-objective-dealt = Your secret objective: { $objective }.
war-ev-objective-dealt-other = { $seat }'s secret objective: { $objective }.
war-ev-territories-dealt = { $seat-p ->
        [you] You
       *[other] { $seat }
    } received { $count ->
        [one] { $count } territory
       *[other] { $count } territories
    }: { $territories }.
war-ev-round-started = Round { $round } began.
war-ev-turn-started = { $seat-p ->
        [you] Your turn began
       *[other] { $seat }'s turn began
    } (round { $round }).
war-ev-entitlement = { $seat-p ->
        [you] You own
       *[other] { $seat } owns
    } { $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    }: { $base } base armies{ $continents ->
        [none] .
       *[other] , and all of { $continents }.
    }
war-ev-converted = { $seat-p ->
        [you] You
       *[other] { $seat }
    } converted { $continents } into { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } (Intelligence).
war-ev-drew = { $seat-p ->
        [you] You
       *[other] { $seat }
    } drew a card ({ $reason }).
war-ev-received = { $seat-p ->
        [you] You
       *[other] { $seat }
    } drew { $card } ({ $reason }).
war-reason-intelligence = Intelligence
war-reason-conquest = a conquest
war-ev-draw-lost = Both piles were empty: { $seat } drew nothing.
war-ev-reshuffled = The discard pile, { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, was shuffled into a new draw pile.
war-ev-traded = { $seat-p ->
        [you] You
       *[other] { $seat }
    } traded { $cards } for { $value ->
        [one] { $value } army
       *[other] { $value } armies
    } ({ $base } for the group{ $jokers ->
        [0] {""}
       *[other] , { $jokers } for jokers
    }{ $own ->
        [none] {""}
       *[other] , 2 each on { $own }
    }).
war-ev-placed = { $seat-p ->
        [you] You
       *[other] { $seat }
    } placed { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }: { $where }.
war-ev-combat-started = { $seat-p ->
        [you] Your combat phase began
       *[other] { $seat }'s combat phase began
    }{ $limit ->
        [none] {""}
       *[other] {" "}(at most { $limit ->
            [one] { $limit } attack
           *[other] { $limit } attacks
        } this round)
    }.
war-ev-attack-declared = { $seat-p ->
        [you] You
       *[other] { $seat }
    } attacked { $defender-p ->
        [you] your { $to }
       *[other] { $defender }'s { $to-the }
    } { $from-from } (attack { $number } this turn).
war-ev-air-attack-declared = { $seat-p ->
        [you] You
       *[other] { $seat }
    } launched an air attack on { $defender-p ->
        [you] your { $to }
       *[other] { $defender }'s { $to-the }
    } { $from-from }, discarding { $card } (attack { $number } this turn).
war-ev-attack-continued = { $seat-p ->
        [you] You
       *[other] { $seat }
    } went on attacking { $to-the } { $from-from }.
war-ev-terrain-revealed = { $seat-p ->
        [you] You
       *[other] { $seat }
    } revealed { $card } for Conhecimento de Terreno ({ $side }).
war-side-attacker = attacking
war-side-defender = defending
war-ev-rolled = Dice of the attack { $from-from } on { $to-the }: the attack rolled { $attack }; the defence rolled { $defence }.
war-ev-rerolled = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $card } ({ $class }) and rerolled: { $dice }; the { $side } dice are now { $now }.
war-class-unowned = a territory not theirs: 1 die, at least 2
war-class-owned = their own territory: up to 2 dice, at least 3
war-class-joker = a joker: up to 3 dice, at least 4
war-rerolled-die = die { $position } became { $value } (at least { $min })
war-side-dice-attacker = attack's
war-side-dice-defender = defence's
war-ev-battle-resolved = Result: the attack lost { $attacker }, the defence lost { $defender }{ $notes }. { $from } now has { $armies-from }, { $to } has { $armies-to }.
war-note-attacker-terrain = , with the attacker's Conhecimento de Terreno (ties to the attack, one more defender lost)
war-note-defender-terrain = , with the defender's Conhecimento de Terreno (one loss fewer)
war-note-no-occupant = ; one army stays on the target since nobody could move in (R19)
war-ev-conquered = { $seat-p ->
        [you] You
       *[other] { $seat }
    } conquered { $territory-the } from { $from-p ->
        [you] you
       *[other] { $from }
    }.
war-ev-terrain-card-passed = { $card } passed from { $from } to { $to } with the territory.
war-ev-moved-in = { $armies ->
        [one] { $armies } army moved
       *[other] { $armies } armies moved
    } { $from-from } { $to-to }.
war-ev-attack-stopped = The attack on { $to-the } { $from-from } stopped as its plan said; it can be continued.
war-ev-attack-closed = The attack on { $to-the } { $from-from } is over: { $reason }.
war-end-stopped = its plan stopped it
war-end-conquest = the territory was conquered
war-end-source-exhausted = the source is down to 1 army
war-end-other-action = the attacker did something else
war-ev-movement-started = { $seat-p ->
        [you] Your movement phase began.
       *[other] { $seat }'s movement phase began.
    }
war-ev-moved = { $seat-p ->
        [you] You
       *[other] { $seat }
    } moved { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    } { $from-from } { $to-to }.
war-ev-passage-revealed = { $seat-p ->
        [you] You
       *[other] { $seat }
    } revealed { $card } for Passagem Oculta.
war-ev-transported-out = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $card } and carried armies { $territory-from } by air: { $where }.
war-ev-transported-in = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $card } and carried armies { $territory-to } by air: { $where }.
war-ev-redistributed = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $card } and redistributed { $continent } (Aliança Continental): { $where }.
war-split = { $territory } { $fresh } fresh, { $moved } moved
war-ev-cards-returned = Revealed cards went back to their hands: { $cards }.
war-ev-hand-limit-discarded = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } face down for the hand limit.
war-ev-hand-limit-cards = { $seat-p ->
        [you] You
       *[other] { $seat }
    } discarded { $cards } face down for the hand limit.
war-ev-turn-ended = { $seat-p ->
        [you] Your turn ended.
       *[other] { $seat }'s turn ended.
    }
war-ev-orders-changed = { $seat-p ->
        [you] You changed your standing orders.
       *[other] { $seat } changed their standing orders.
    }
war-ev-eliminated = { $by-p ->
        [you] You
       *[other] { $by }
    } eliminated { $seat }.
war-ev-cards-taken = { $to-p ->
        [you] You
       *[other] { $to }
    } took { $from }'s cards: { $cards }.
war-ev-game-over = The game is over. { $outcome }

## Situation, board and table

war-situation = Round { $round }, { $seat }'s turn: { $phase }
war-phase-reinforce = reinforcements ({ $armies } armies to place)
war-phase-combat = combat ({ $attacks ->
        [one] { $attacks } attack declared
       *[other] { $attacks } attacks declared
    }{ $limit ->
        [none] {""}
       *[other] {" "}of { $limit }
    })
war-phase-movement = movement
war-phase-hand-limit = discarding down to 6 cards
war-phase-over = the game is over
war-map-title = The world map: who holds each territory and with how many armies
war-map-enlarge = Enlarge the map
war-map-fit = Fit the map to the screen
war-territory-title = { $territory } ({ $continent }): { $owner }, { $colour }, { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }
war-legend-seat = { $name } ({ $colour })
war-table-title = The table
war-table-seat = Player
war-table-territories = Territories
war-table-armies = Armies
war-table-cards = Cards in hand
war-table-continents = Continents
war-table-revealed = Revealed
war-turn-line = Round { $round }, turn { $turn }: { $seat }, phase { $phase }.
war-attacks-line = Attacks this turn: { $attacks }{ $limit ->
        [none] {" "}(no limit)
       *[other] {" "}of { $limit }
    }.
war-open-attack = Open attack: { $from } ({ $armies-from }) on { $to } ({ $armies-to }, { $defender }), { $battles ->
        [one] { $battles } battle
       *[other] { $battles } battles
    } so far{ $air ->
        [yes] , by air
       *[no] {""}
    }.
war-open-attack-dice = Dice of the battle under way: attack { $attack }, defence { $defence }.
war-pools = To place: { $total } ({ $parts }).
war-pool-free = { $armies } anywhere
war-pool-continent = { $armies } in { $continent }
war-pool-territory = { $armies } { $territory-in }
war-piles = Draw pile { $draw }, discard pile { $discard } ({ $face-down } face down).
war-discard-top = Face-up discards: { $cards }.
war-revealed-line = Revealed this turn: { $cards }.
war-moved-note = In the movement phase a number like 2/5 means 2 of the 5 armies already moved.

## The seat's private part and the reviewer's part

war-private-title = Your secret objective and cards
war-private-objective = Your objective: { $objective } ({ $short }).
war-private-hand = Your cards: { $cards }.
war-private-intelligence = Drawn by Intelligence this turn (not tradable this turn): { $cards }.
war-private-orders = Your standing orders: { $orders }
war-review-title = Objectives and hands
war-review-seat = { $name }: { $objective }; cards: { $cards }
war-review-draw = Draw pile, top first: { $cards }
war-review-seed = Seed: { $seed }

## Standing orders in words

war-orders-block = { $terrain }; rerolls { $reroll }
war-orders-territory = { $territory-in }: { $block }
war-orders-terrain-never = never reveal Terrain
war-orders-terrain-when-needed = reveal Terrain when it saves armies
war-orders-terrain-always = always reveal Terrain
war-orders-reroll-never = never
war-orders-reroll = when { $when }, with { $classes }, at most { $max } per turn, keeping { $reserve } cards
war-when-never = never
war-when-loss-1 = about to lose 1 army or more
war-when-loss-2 = about to lose 2 armies or more
war-when-loss-3 = about to lose 3 armies or more
war-when-losing-territory = about to lose the territory
war-class-name-unowned = cards of territories not mine
war-class-name-owned = cards of my territories
war-class-name-joker = jokers

## Mail

war-mail-situation = You hold { $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    } with { $armies ->
        [one] { $armies } army
       *[other] { $armies } armies
    }.
war-mail-objective = Your objective: { $objective }.
war-mail-hand = Your cards: { $cards }.
war-mail-territories = Your territories (armies) and the enemy territories each borders:
war-mail-territory = { $territory } ({ $armies }): { $enemies }
war-mail-territory-safe = { $territory } ({ $armies }): no enemy border
war-mail-enemy = { $territory } ({ $owner }, { $armies })
war-mail-battle = { $seat-p ->
        [you] You
       *[other] { $seat }
    } attacked { $defender-p ->
        [you] your { $to }
       *[other] { $defender }'s { $to-the }
    } { $from-from }: the attack lost { $attack-lost }, the defence lost { $defence-lost }{ $conquest ->
        [yes] ; { $to } fell
       *[no] {""}
    }.

## The public page's columns

war-column-territories = Territories
war-column-armies = Armies
war-column-cards = Cards

## Move forms

war-form-intelligence = Intelligence: convert continent bonuses into cards
war-form-intelligence-help = Each continent is converted whole, once per turn: half its bonus in cards, rounded down for the set.
war-form-intelligence-button = Convert the continents ticked
war-form-trade = Trade cards for armies
war-form-trade-help = One group of 1 to 6 cards: all the same symbol, or 2 or 3 different symbols; jokers are wild (+10, +25 for two). Cards of your territories add 2 armies there.
war-form-trade-button = Trade the cards ticked
war-form-place = Place your reinforcements
war-form-place-help = Place every army on your own territories. { $pools } The numbers filled in are the default placement.
war-form-place-button = Place these armies
war-form-attack = Attack
war-form-attack-route = From and to
war-form-attack-button = Declare the attack
war-form-route = { $from } ({ $armies-from }) → { $to } ({ $armies-to }, { $owner })
war-form-air-attack = Air attack (Ataque Aéreo): discard the card of the target
war-form-air-card = Target (its card is discarded)
war-form-air-source = From
war-form-air-button = Declare the air attack
war-form-air-target = { $territory } ({ $armies }, { $owner })
war-form-source = { $territory } ({ $armies })
war-form-continue = Continue the open attack
war-form-continue-button = Fight on
war-form-plan = The plan for its battles
war-form-plan-dice = Dice to roll (at most armies − 1)
war-form-plan-stop-at = Stop when the source is down to
war-form-plan-max-battles = At most this many battles (empty: no cap)
war-form-plan-terrain = Conhecimento de Terreno
war-form-plan-terrain-never = do not reveal
war-form-plan-terrain-at-declaration = reveal now, if I hold the card
war-form-plan-terrain-when-needed = reveal when it helps
war-form-plan-react = Reactions during the battles
war-form-plan-react-auto = by this plan
war-form-plan-react-ask = ask me at each step
war-form-plan-occupy = Armies to move in after a conquest
war-form-plan-occupy-dice = as many as dice rolled
war-form-plan-occupy-all = all but 1
war-form-plan-occupy-min = 1
war-form-plan-occupy-ask = ask me
war-form-plan-occupy-exactly = exactly this number:
war-form-plan-occupy-leave = leave this number behind:
war-form-plan-occupy-number = Number for "exactly" or "leave"
war-form-reroll = Terrain, reactions and rerolls (Conhecimento de Terreno, Reagrupamento Tático)
war-form-reroll-when = Reroll when
war-form-reroll-classes = Spend
war-form-reroll-max = At most this many cards
war-form-reroll-max-turn = At most this many cards per opponent's turn
war-form-reroll-reserve = Keep at least this many cards in hand
war-form-reroll-keep = Never spend
war-form-end-combat = Or end the combat phase
war-form-end-combat-button = End combat, go to movement
war-form-reaction = Your reaction to these dice: attack { $attack }, defence { $defence }
war-form-reveal-terrain-button = Reveal Conhecimento de Terreno
war-form-reroll-choice = Reroll
war-form-reroll-button = Discard and reroll
war-form-reroll-option = discard { $card } ({ $class }), reroll { $dice ->
        [one] die { $positions }
       *[other] dice { $positions }
    }
war-form-no-reaction-button = No reaction
war-form-occupy = Move armies { $to-to }
war-form-occupy-label = Armies (1 to { $max })
war-form-occupy-button = Move in
war-form-move = Move armies
war-form-move-help = Each army moves once per turn; 1 army always stays behind. Fresh armies: { $fresh }.
war-form-move-route = From and to
war-form-move-route-option = { $from } ({ $fresh } fresh of { $armies }) → { $to }
war-form-move-amount = Armies (a number, or "all")
war-form-move-all = all
war-form-move-button = Move
war-form-passage = Passagem Oculta: reveal a card to pass through its territory
war-form-passage-button = Reveal
war-form-transport = Transporte Aéreo: discard the card { $territory-from } to carry fresh armies by air
war-form-transport-out = { $territory-from } to the territories below
war-form-transport-in = { $territory-to } from the territories below
war-form-transport-button = Carry them
war-form-alliance = Aliança Continental: discard { $card } to redistribute { $continent }
war-form-alliance-help = Give each territory its fresh and moved armies; the totals stay ({ $fresh } fresh, { $moved } moved) and each keeps at least 1.
war-form-alliance-field = { $territory }, { $kind }
war-form-fresh = { $territory } ({ $fresh } fresh of { $armies })
war-form-alliance-fresh = fresh
war-form-alliance-moved = moved
war-form-alliance-button = Redistribute
war-form-end-turn = End your turn
war-form-end-turn-help = If you end with more than 6 cards you discard down to 6: tick the cards to discard first (optional).
war-form-end-turn-button = End the turn
war-form-discard = Discard { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } face down to keep 6
war-form-discard-button = Discard the cards ticked
war-form-orders = Standing orders: how your territories defend in other players' turns
war-form-orders-help = They act for you when you are attacked; nobody else sees them until the game ends.
war-form-orders-default = Every territory
war-form-orders-block = { $territory } only
war-form-orders-drop = drop this block
war-form-orders-new = Add orders for one territory
war-form-orders-new-none = none
war-form-orders-terrain = Conhecimento de Terreno
war-form-orders-terrain-never = never reveal
war-form-orders-terrain-when-needed = reveal when it saves armies
war-form-orders-terrain-always = always reveal
war-form-orders-button = Save the standing orders
war-form-when-never = never
war-form-when-loss-1 = about to lose 1 or more
war-form-when-loss-2 = about to lose 2 or more
war-form-when-loss-3 = about to lose 3 or more
war-form-when-losing-territory = about to lose the territory
war-form-class-unowned = cards of territories not mine (1 die, at least 2)
war-form-class-owned = cards of my territories (2 dice, at least 3)
war-form-class-joker = jokers (3 dice, at least 4)

## What is wrong with a form

war-form-problem-number = “{ $field }” must be a whole number; write one and send the form again.
war-form-problem-choose = Choose { $field } and send the form again.
war-form-problem-no-cards = Tick at least one card and send the form again.
war-form-problem-no-continents = Tick at least one continent and send the form again.
war-form-problem-unknown = The form sent something this game does not know ({ $value }); reload the page and try again.
war-form-problem-amount = Write how many armies move: a number from 1, or “all”.
war-form-problem-occupy-number = Write the number for “exactly” or “leave” and send the form again.

## Milestones of a replay

war-milestone-round = round { $round }
war-milestone-continent = { $seat } took all of { $continent }
war-milestone-elimination = { $by } eliminated { $seat }

## Counters a verifier reports

war-count-games = { $n ->
        [one] { $n } game
       *[other] { $n } games
    }
war-count-rounds = { $n ->
        [one] { $n } round
       *[other] { $n } rounds
    }
war-count-turns = { $n ->
        [one] { $n } turn
       *[other] { $n } turns
    }
war-count-attacks = { $n ->
        [one] { $n } attack
       *[other] { $n } attacks
    }
war-count-battles = { $n ->
        [one] { $n } battle
       *[other] { $n } battles
    }
war-count-conquests = { $n ->
        [one] { $n } conquest
       *[other] { $n } conquests
    }
war-count-trades = { $n ->
        [one] { $n } trade
       *[other] { $n } trades
    }
war-count-reshuffles = { $n ->
        [one] { $n } reshuffle
       *[other] { $n } reshuffles
    }

## Reply commands: the words a reply's line starts with, and the words inside it. Alternatives
## are separated by | (mails show the first); the reader folds case, accents and filler words,
## and reads every language.
war-command-trade = trade
war-command-intelligence = intelligence
war-command-place = place
war-command-attack = attack
war-command-continue = continue
war-command-end-attacks = end attacks | end combat | stop attacking
war-command-reveal-terrain = reveal terrain
war-command-no-reaction = no reaction
war-command-reroll = reroll
war-command-occupy = occupy
war-command-move = move
war-command-passage = passage
war-command-transport = transport
war-command-out = out
war-command-in = in | into
war-command-end-turn = end turn | end my turn
war-command-discard = discard
war-command-joker = joker
war-command-air = air
war-command-all = all
war-command-leave = leave
war-command-dice = dice | die
war-command-battles = battles | battle
war-command-stop = stop | stop at
war-command-ask = ask
war-command-connectors = from into onto in at of

## The guide for newcomers (/guide/war): the rules in short, then the card powers.
war-guide-glossary = Cards and their powers
war-guide-rule-1 = Each player owns territories with armies on them and has a secret objective: destroy the armies of one colour. Turns go round the table; each turn has three phases: reinforcements, combat, movement.
war-guide-rule-2 = Reinforcements: you receive half your territories in armies (at least 3), plus the bonus of every continent you own whole. You may trade cards for more armies, then you place every army at once.
war-guide-rule-3 = Trades take 1 to 6 cards: cards of one symbol are worth the square of their number (3 squares: 9), cards of different symbols 1, 3 or 6; a joker adds 10, two add 25, and each card of a territory you own adds 2 armies there. Trades are never forced.
war-guide-rule-4 = Combat: attack a bordering enemy territory from one with at least 2 armies. Each battle you roll up to 3 dice (one fewer than your armies), the defender up to 3; the highest dice are compared pair by pair and ties go to the defender. Your attack plan fights battle after battle until the territory falls or you stop.
war-guide-rule-5 = There are no attacks in round 1; in rounds 2, 3 and 4 you may make 1, 2 and 3 attacks; from round 5 as many as you like. Each territory you conquer gives you a card at once, and you move in 1 or more armies.
war-guide-rule-6 = Movement: each army may move once, to a bordering territory of yours, and every territory keeps at least one army. At the end of your turn you may hold at most 6 cards.
war-guide-rule-7 = The game ends at the first elimination. If the eliminated colour was the winner's objective, the winner wins alone; otherwise the most territories win (24 or more wins outright), then the most armies, then the most cards.
war-guide-rule-8 = Your objective, your cards and your standing orders are secret. You defend by standing orders set on your seat page, so nobody waits for you while you are attacked. Every roll and draw is kept in a log anyone can verify once the game is over.
war-guide-term-1 = Every territory has a card with a symbol (triangle, square or circle); two jokers count as any symbol. You draw one card for each territory you conquer.
    .term = Cards
war-guide-term-2 = Instead of placing a continent's bonus armies, turn the bonuses of the continents you choose into cards: half the bonus, rounded down, once per turn. Those cards cannot be traded in the same turn.
    .term = Intelligence
war-guide-term-3 = Discard the card of an enemy territory to attack it from any territory of yours, even without a border.
    .term = Ataque Aéreo (air attack)
war-guide-term-4 = Reveal the card of the territory under attack, as attacker or defender, until the end of the turn. For the attacker ties are won and each battle removes one more defender; for the defender each battle costs one army fewer, unless it takes the territory.
    .term = Conhecimento de Terreno (terrain)
war-guide-term-5 = Discard a card to roll some of your dice again after seeing them: 1 die at least 2 with an enemy territory's card, up to 2 dice at least 3 with one of yours, up to 3 dice at least 4 with a joker.
    .term = Reagrupamento Tático (reroll)
war-guide-term-6 = In movement: discard a card of a continent you own whole and redistribute your armies inside it as you like, ignoring borders.
    .term = Aliança Continental (alliance)
war-guide-term-7 = In movement: reveal any territory card; until the end of the turn your moves may pass through that territory, whoever owns it.
    .term = Passagem Oculta (hidden passage)
war-guide-term-8 = In movement: discard the card of a territory of yours and carry armies out of it to your other territories, or into it from them, ignoring borders.
    .term = Transporte Aéreo (air transport)
war-guide-mail-1 = Place all your reinforcements: a number and a territory, as many as you need.
    .command = place 3 Brazil 2 Peru
war-guide-mail-2 = Trade a group of cards, named by their territories; a joker is “joker”.
    .command = trade Brazil Peru joker
war-guide-mail-3 = Attack with 3 dice until the territory falls or you are down to 1 army; then move in as many armies as dice rolled.
    .command = attack Brazil Argentina
war-guide-mail-4 = The same with a plan: the dice, a cap on battles, stop when the source has that many armies or fewer, how many move in (a number, all, leave 2).
    .command = attack Brazil Argentina 2 dice 3 battles stop at 4 occupy all
war-guide-mail-5 = Move armies: a number, all, or “leave 2”.
    .command = move all from Brazil to Peru
war-guide-mail-6 = End the combat phase, or your turn.
    .command = end attacks · end turn
