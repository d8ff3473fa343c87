## Condottiere: every word the game's presenter says. Seat arguments come in pairs: the
## name (or "you" for the reader's own seat) and its person, `-p`: "you" or "other".

condottiere-title = Condottiere
condottiere-tagline = Fight for the regions of Renaissance Italy with mercenaries and special cards (FFG 2006).
condottiere-setup = the cards are shuffled and dealt

## Cards

condottiere-card-M1 = Mercenary 1
condottiere-card-M2 = Mercenary 2
condottiere-card-M3 = Mercenary 3
condottiere-card-M4 = Mercenary 4
condottiere-card-M5 = Mercenary 5
condottiere-card-M6 = Mercenary 6
condottiere-card-M10 = Mercenary 10
condottiere-card-HE = Heroine
condottiere-card-CO = Courtesan
condottiere-card-DR = Drummer
condottiere-card-WI = Winter
condottiere-card-SP = Spring
condottiere-card-BI = Bishop
condottiere-card-SC = Scarecrow
condottiere-card-SU = Surrender
# Other names a reply may give a card, each a code and a name, separated by commas.
condottiere-card-other-names = DR Drum
condottiere-no-cards = no cards
condottiere-face-down-card = a face-down card
condottiere-cards-count = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }

## Regions keep their Italian names; English readers get the English one too.

condottiere-region-Torino = Torino (Turin)
condottiere-region-Milano = Milano (Milan)
condottiere-region-Genova = Genova (Genoa)
condottiere-region-Venezia = Venezia (Venice)
condottiere-region-Mantova = Mantova (Mantua)
condottiere-region-Ferrara = Ferrara
condottiere-region-Parma = Parma
condottiere-region-Modena = Modena
condottiere-region-Bologna = Bologna
condottiere-region-Lucca = Lucca
condottiere-region-Firenze = Firenze (Florence)
condottiere-region-Siena = Siena
condottiere-region-Urbino = Urbino
condottiere-region-Ancona = Ancona
condottiere-region-Spoleto = Spoleto
condottiere-region-Roma = Roma (Rome)
condottiere-region-Napoli = Napoli (Naples)

## Options

condottiere-option-draw-after-battle = Draw After Battle
    .help = After each battle every player may draw up to three cards.
condottiere-option-play-for-points = Play for Points
    .help = A series of games, scored, until a player reaches the target.
condottiere-option-play-for-points-target = to
condottiere-option-play-for-points-unit = points
condottiere-option-bigger-kingdoms = Bigger Kingdoms
    .help = More connected regions are needed to win.
condottiere-option-capturing-regions = Capturing Regions
    .help = Battles may be fought over regions a player already controls.
condottiere-option-hidden-cards = Hidden Cards
    .help = Mercenaries, Drummers, Heroines and Courtesans may be played face down.
condottiere-option-first-holder = Who places the Condottiere token first
condottiere-option-first-holder-creator = me (the rulebook gives it to the youngest player)
condottiere-option-first-holder-random = a random player
condottiere-option-first-holder-seat = seat { $seat }
condottiere-options-points = Play for Points, to { $target } points
condottiere-options-base = the base game, no optional rules
condottiere-options-holder = { $name } holds the Condottiere token first
condottiere-options-holder-random = the first holder of the Condottiere token is drawn at random
condottiere-note-points-capturing = Note: the rulebook advises against playing Play for Points together with Capturing Regions.
condottiere-problem-first-holder = The first holder of the Condottiere token must be one of the seats.
condottiere-problem-points-target = The Play for Points target must be a whole number from { $min } to { $max }.

## Decisions, as prompts

condottiere-decision-first-battle-region = choose where the first battle is fought
condottiere-decision-play-or-pass = play a card or pass
condottiere-decision-scarecrow-target = choose which Mercenary the Scarecrow takes back
condottiere-decision-pope-placement = choose where the Pope goes
condottiere-decision-next-battle-region = choose where the next battle is fought
condottiere-decision-discard-hand = decide whether to discard a hand without Mercenaries
condottiere-decision-keep-cards = choose up to two cards to keep for the next round
condottiere-decision-draw-count = choose how many cards to draw
condottiere-decision-defender-play-or-pass = defend the region: play a card or pass
condottiere-decision-final-battle-play-or-pass = play a card or pass in the final battle

## Actions

condottiere-action-place-token = place the Condottiere token on { $region }
condottiere-action-play = play { $card }
condottiere-action-pass = pass
condottiere-action-pass-reveal = pass and turn up the face-down card
condottiere-action-scarecrow = take back { $card } with the Scarecrow
condottiere-action-scarecrow-nothing = take nothing back with the Scarecrow
condottiere-action-pope = put the Pope on { $region }
condottiere-action-pope-off = leave the Pope off the board
condottiere-action-discard-hand = discard the hand
condottiere-action-keep-hand = keep the hand
condottiere-action-keep = keep { $cards }
condottiere-action-keep-nothing = keep no cards
condottiere-action-draw = draw { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }

## Rule errors

condottiere-error-game-over = the game is over: no more actions are taken
condottiere-error-no-such-seat = there is no seat { $seat } in this game
condottiere-error-not-your-turn = it is not your decision now: the game waits on { $waiting }
condottiere-error-wrong-decision = that is not the decision asked of you: you must { $expected }
condottiere-error-card-not-in-hand = you have no { $card } in your hand (§3.5)
condottiere-error-token-target = the Condottiere token may not go on { $region }: { $reason } (§3.4, R11)
condottiere-error-scarecrow-target = the Scarecrow may only return a face-up Mercenary from your own line (§3.7, R6)
condottiere-error-pope-target = the Pope may not go on { $region }: { $reason } (§3.11, R5)
condottiere-error-nothing-to-reveal = you have no face-down card to turn up (§3.19.5, R24)
condottiere-error-keep-cards = you may keep at most two cards, and only cards from your hand (§3.12, R16)
condottiere-error-draw-count = you may draw from 0 to { $max } cards (§3.19.1, R25)
condottiere-error-holds-mercenary = you hold a Mercenary: only a hand without one may be discarded (§3.9 step 4, R15)
condottiere-error-no-cards = you hold no cards to discard (§3.9 step 4, R15)
condottiere-error-hand-full = your hand is at its limit of 10 plus your regions: you may draw no cards (§3.19.1, R25)
condottiere-reason-contested = it is the contested region
condottiere-reason-controlled = a player controls it
condottiere-reason-pope = the Pope protects it
condottiere-reason-yours = you control it
condottiere-reason-not-capturing = another player controls it and Capturing Regions is off

## How a game ended

condottiere-ending-total-regions = by total regions
condottiere-ending-connected-regions = by adjacent regions
condottiere-ending-all-regions-taken = all regions taken: the most regions wins
condottiere-ending-final-battle = in the tie-break final battle
condottiere-ending-shared-victory = shared victory after a tied final battle
condottiere-ending-points-target = reached the points target with the most points
condottiere-outcome = { $count ->
        [one] { $who } won ({ $ending }).
       *[other] { $who } share the victory ({ $ending }).
    }
condottiere-outcome-points = Final points: { $scores }.
condottiere-score = { $name } { $points }
condottiere-standing = { $name }: { $regions ->
        [one] { $regions } region
       *[other] { $regions } regions
    }
condottiere-standing-points = { $name }: { $points } points, { $regions } regions at the end

## Events

condottiere-ev-game-started = The game began; { $holder } { $holder-p ->
        [you] hold
       *[other] holds
    } the Condottiere token.
condottiere-ev-series-game-started = Game { $game } of the series began; { $holder } { $holder-p ->
        [you] hold
       *[other] holds
    } the Condottiere token.
condottiere-ev-dealt = { $seat } received { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }.
condottiere-ev-received = { $seat } received { $cards }.
condottiere-ev-reshuffled = { $count ->
        [one] { $count } card was
       *[other] { $count } cards were
    } shuffled into a new draw pile.
condottiere-ev-token-placed = { $seat } placed the Condottiere token on { $region }.
condottiere-ev-token-placed-defended = { $seat } placed the Condottiere token on { $region }, which { $defender } { $defender-p ->
        [you] defend
       *[other] defends
    }.
condottiere-ev-battle-started = The battle for { $region } began between { $seats }.
condottiere-ev-battle-started-anywhere = A battle began between { $seats }.
condottiere-ev-out-of-cards = { $seat-p ->
        [you] You have no cards left and pass.
       *[other] { $seat } has no cards left and passes.
    }
condottiere-ev-played = { $seat } played { $card }.
condottiere-ev-played-face-down-own = { $seat } played { $card } face down.
condottiere-ev-played-face-down = { $seat } played a card face down.
condottiere-ev-removed-nothing = The { $by } sent no card to the discard pile.
condottiere-ev-removed = The { $by } sent { $cards } to the discard pile.
condottiere-ev-removed-card = { $owner-p ->
        [you] your { $card }
       *[other] { $owner }'s { $card }
    }
condottiere-ev-scarecrow-returned = { $seat-p ->
        [you] You took { $card } back into your hand with the Scarecrow.
       *[other] { $seat } took { $card } back into their hand with the Scarecrow.
    }
condottiere-ev-scarecrow-nothing = { $seat-p ->
        [you] Your Scarecrow took nothing back.
       *[other] { $seat }'s Scarecrow took nothing back.
    }
condottiere-ev-pope-moved = { $seat } put the Pope on { $region }.
condottiere-ev-pope-removed = { $seat } took the Pope off the board.
condottiere-ev-turned-up = { $seat-p ->
        [you] You turned up your face-down card: { $card }.
       *[other] { $seat } turned up their face-down card: { $card }.
    }
condottiere-ev-passed = { $seat } passed.
condottiere-ev-passed-provisional = { $seat } passed for now (the defender's turn comes round again).
condottiere-ev-revealed = { $seat } revealed a face-down { $cards }.
condottiere-ev-battle-ended = { $place } { $result } (strengths: { $scores }).
condottiere-ev-token-to = { $token } { $token-p ->
        [you] take
       *[other] takes
    } the Condottiere token.
condottiere-ev-battle-place = The battle for { $region }
condottiere-ev-battle-place-final = The final battle
condottiere-ev-won = ended: { $seats } won
condottiere-ev-tied = was tied between { $seats }: nobody conquers
condottiere-ev-tied-shared = was tied between { $seats }, who share the victory
condottiere-ev-conquered-from = { $seat } took { $region } from { $from }.
condottiere-ev-conquered = { $seat } conquered { $region }.
condottiere-ev-lines-discarded = Every battle line went to the discard pile.
condottiere-ev-answered = { $seat-p ->
        [you] You have answered.
       *[other] { $seat } has answered.
    }
condottiere-ev-answer-revised = { $seat-p ->
        [you] You have changed your answer.
       *[other] { $seat } has changed their answer.
    }
condottiere-ev-keeper-discarded = { $seat-p ->
        [you] You discarded the rest of your hand at the round end: { $cards }.
       *[other] { $seat } discarded the rest of their hand at the round end: { $cards }.
    }
condottiere-ev-hand-discarded = { $seat-p ->
        [you] You discarded your hand: { $cards }.
       *[other] { $seat } discarded their hand: { $cards }.
    }
condottiere-ev-kept-count = { $seat } kept { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } for the next round.
condottiere-ev-kept = { $seat } kept { $cards }.
condottiere-ev-round-started = Round { $round } began.
condottiere-ev-final-battle-started = A final battle began between { $seats }.
condottiere-ev-series-game-ended = Game { $game } of the series ended: { $winners } ({ $ending }). Points: { $points }.
condottiere-ev-game-over = The game is over: { $outcome }

## The table

condottiere-situation-series = Series game { $game }, points: { $scores }
condottiere-situation-round = Round { $round }
condottiere-situation-final = Tie-break final battle between { $seats }
condottiere-situation-battle-defended = Battle for { $region }, defended by { $defender }
condottiere-situation-battle = Battle for { $region }
condottiere-situation-next = Next battle: { $region }
condottiere-situation-holder = { $holder } holds the Condottiere token
condottiere-situation-pope = the Pope is on { $region }
condottiere-situation-pope-off = the Pope is off the board
condottiere-situation-piles = draw pile { $draw }, discard pile { $discard }
condottiere-map-title = Map of the 17 regions of Italy
condottiere-map-region = { $region }: { $owner }
condottiere-map-pope = , the Pope
condottiere-map-contested = , contested
condottiere-map-nobody = nobody
condottiere-map-seat = { $name } ({ $colour }): { $regions ->
        [one] { $regions } region
       *[other] { $regions } regions
    }
condottiere-map-uncontrolled = uncontrolled
condottiere-map-token = Condottiere token (contested region, dashed ring)
condottiere-map-pope-key = Favor of the Pope: no battle there
condottiere-lines = Battle lines
condottiere-line-strength = strength if the battle ended now
condottiere-line-value = { $card } → { $value }: { $reasons }
condottiere-line-hand = { $count ->
        [one] { $count } card in hand
       *[other] { $count } cards in hand
    }
condottiere-line-passed = , passed
condottiere-line-to-play = , to play
condottiere-hand = Your hand ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    })
condottiere-mail-hand = Your hand: { $cards } ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    })
condottiere-mail-card = { $name } ({ $code })
condottiere-mail-lines = Battle lines:
condottiere-mail-line = { $name }: { $cards }, strength { $strength }
condottiere-mail-line-why = {" "}({ $why })
condottiere-mail-face-down = { $card } (face down)
condottiere-mail-regions = Regions held:
condottiere-mail-held = { $name }: { $regions } ({ $count ->
        [one] { $count } region
       *[other] { $count } regions
    })
condottiere-mail-held-none = { $name }: no region
condottiere-every-hand = Every hand
condottiere-deck = Draw pile, top first
condottiere-seed = Seed { $seed }, derived from the revealed secret and the players' contributions.
condottiere-column-regions = Regions
condottiere-column-hand = Cards in hand

## Move forms

condottiere-form-token = Choose the region for the battle
condottiere-form-token-help = Fight the battle for { $region }
condottiere-form-play = Play a card
condottiere-form-play-help = Play { $card }
condottiere-form-pass = Or pass
condottiere-form-pass-button = Pass
condottiere-form-pass-help = Pass for the rest of this battle
condottiere-form-pass-reveal-button = Pass and turn up my face-down card
condottiere-form-pass-reveal-help = Pass, showing your face-down card
condottiere-form-scarecrow = Your Scarecrow takes back
condottiere-form-scarecrow-nothing = Nothing
condottiere-form-scarecrow-nothing-help = Take nothing back
condottiere-form-scarecrow-help = Return { $card } to your hand
condottiere-form-pope = Place the Pope
condottiere-form-pope-off = Off the board
condottiere-form-pope-off-help = Leave the Pope off the board
condottiere-form-pope-help = Protect { $region }
condottiere-form-discard = Your hand has no Mercenary
condottiere-form-discard-yes = Discard my hand
condottiere-form-discard-no = Keep my hand
condottiere-form-keep = Keep up to two cards for the next round
condottiere-form-keep-label = Cards to keep
condottiere-form-keep-button = Keep these
condottiere-form-keep-nothing = Keep nothing
condottiere-form-keep-cards = Keep { $cards }
condottiere-form-draw = Draw cards
condottiere-form-draw-button = Draw { $count }

## Milestones of a replay

condottiere-milestone-battle-won = { $winner } won { $place }
condottiere-milestone-battle-tied = { $place } was tied between { $seats }
condottiere-milestone-place = the battle for { $region }
condottiere-milestone-place-final = the final battle
condottiere-milestone-first-deal = the first deal
condottiere-milestone-deal = cards dealt

## Counters a verifier reports

condottiere-count-games = { $n ->
        [one] { $n } game
       *[other] { $n } games
    }
condottiere-count-rounds = { $n ->
        [one] { $n } round
       *[other] { $n } rounds
    }
condottiere-count-battles = { $n ->
        [one] { $n } battle
       *[other] { $n } battles
    }
condottiere-count-deals = { $n ->
        [one] { $n } deal
       *[other] { $n } deals
    }

# Reply commands (the first word of each; people may write them in any order with their card
# or region, in either language).
condottiere-command-place = place
condottiere-command-play = play
condottiere-command-pass = pass
condottiere-command-reveal = reveal
condottiere-command-scarecrow = scarecrow
condottiere-command-pope = pope
condottiere-command-none = none
condottiere-command-discard-hand = discard hand
condottiere-command-keep-hand = keep hand
condottiere-command-keep = keep
condottiere-command-draw = draw
