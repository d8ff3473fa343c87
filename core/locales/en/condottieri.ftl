## Condottieri: the game of written orders on the map of Renaissance Italy (engine::condottieri).
## Orders are shown in their written form (A MIL - PAV), the same in every language.

condottieri-title = Machiavelli: Renaissance Italy (written orders)
condottieri-tagline = Diplomacy in Renaissance Italy: write secret orders for armies, fleets and garrisons, besiege cities, bribe and buy units, outlast famine, plague and storms.
condottieri-setup = the powers are dealt to the seats and the armies set on the map

## Powers.
condottieri-power-austria = Austria
condottieri-power-florence = Florence
condottieri-power-france = France
condottieri-power-genoa = Genoa
condottieri-power-hre = Holy Roman Empire
condottieri-power-milan = Milan
condottieri-power-naples = Naples
condottieri-power-papacy = Papacy
condottieri-power-savoy = Savoy
condottieri-power-spain = Spanish Empire
condottieri-power-turks = Turks
condottieri-power-venice = Venice
condottieri-autonomous = an autonomous garrison
condottieri-who = { $name } ({ $power })
condottieri-unit-number = unit no. { $id }

## Phases.
condottieri-season-spring = Spring
condottieri-season-summer = Summer
condottieri-season-autumn = Autumn
condottieri-step-orders = orders
condottieri-step-retreats = retreats
condottieri-step-adjustments = adjustments
condottieri-when = { $season } { $year }
condottieri-phase = { $season } { $year }, { $step }

## Options on the create form and on invitations.
condottieri-option-scenario = Scenario
    .help = Each scenario fixes its year, its powers and its number of players.
condottieri-option-scenario-balance = The Balance of Power (1454, 8 players)
condottieri-option-scenario-dukeofmilan = The Death of the Duke of Milan (1402, 6 players)
condottieri-option-scenario-eight-saints = The War of the Eight Saints (1375, 4 players)
condottieri-option-scenario-spanish = The Spanish Preponderance (1521, 6 players)
condottieri-option-scenario-struggle-i = Struggle for Dominance I (1499, 6 players)
condottieri-option-scenario-struggle-ii = Struggle for Dominance II (1513, 6 players)
condottieri-option-scenario-suleiman = The Death of Suleiman (1566, 7 players)
condottieri-option-finances = Finances
    .help = Treasuries, income, upkeep, bribes, rebellions and transfers of ducats.
condottieri-option-famine = Famine
    .help = Each spring some areas starve: units left in them at the end of spring are lost.
condottieri-option-plague = Plague
    .help = Each summer the plague strikes some areas and kills the units in them.
condottieri-option-storms = Storms
    .help = Each autumn storms strike some seas: fleets left in them at the end of autumn sink.
condottieri-option-conquest = Conquest
    .help = A power that holds every home area of an eliminated power conquers it: it may build in its home cities and collects its variable income.
condottieri-option-goal = Goal
    .help = How many cities win the game.
condottieri-option-goal-standard = standard (15 cities)
condottieri-option-goal-long = long (23 cities)
condottieri-option-goal-short = short (12 cities, your home cities among them)
condottieri-option-years-limit = Years limit
    .help = The game ends after this many years; the power with the most cities wins.
condottieri-option-years-limit-target = end after
condottieri-option-years-limit-unit = years
condottieri-option-powers = Powers
    .help = Who plays which power (R8).
condottieri-option-powers-random = drawn at random
condottieri-option-powers-seat_order = in seat order (seat 1 plays Austria, then alphabetical by the powers' names in English)
condottieri-option-press = Messages
    .help = Who may write to whom while the game is on.
condottieri-option-press-full = public and private messages
condottieri-option-press-public = messages to the whole table only
condottieri-option-press-none = no messages (gunboat)
condottieri-options-scenario = scenario: { $scenario }
condottieri-options-modules = with { $modules }
condottieri-options-no-modules = no Finances and no disasters
condottieri-options-goal = goal: { $goal }
condottieri-options-years = the game ends after { $years } years
condottieri-options-no-years = no years limit
condottieri-options-press = { $press }
condottieri-options-powers = powers { $powers }
condottieri-problem-unknown-scenario = There is no such scenario: choose one from the list.
condottieri-problem-years-limit = The years limit must be at least 1 and end before the year 9999.
condottieri-problem-players = This scenario is for { $needed } players: invite exactly { $needed }, or choose another scenario.

## Decisions and actions.
condottieri-decision-orders = write your orders for { $phase }
condottieri-decision-retreats = retreat your dislodged units in { $phase }
condottieri-decision-adjustments = build or disband units for { $phase }
condottieri-action-write = write “{ $line }”
condottieri-action-ready = READY: my orders are final
condottieri-action-draw = vote for a draw
condottieri-action-draw-no = withdraw my draw vote

## Refusals: what was wrong and what to do.
condottieri-error-game-over = The game is over: no more orders.
condottieri-error-no-such-seat = There is no such seat in this game.
condottieri-error-not-asked = Your power has nothing to decide in this phase: wait for the next one.
condottieri-error-too-long = That line is longer than { $limit } characters: write one order per line.
condottieri-error-line-empty = The line is empty: write an order such as A MIL - PAV.
condottieri-error-line-area = “{ $name }” is no area: use a code such as MIL or a name such as Milan.
condottieri-error-line-area-ambiguous = “{ $name }” could be { $candidates }: write the area's code.
condottieri-error-line-expected-area = An area is missing: write its code, e.g. A MIL - PAV.
condottieri-error-line-expected-type = A unit type is missing: A (army), F (fleet) or G (garrison).
condottieri-error-line-expected-action = What should the unit do? Write H, - area, S, C, B, L or = type after it, e.g. A MIL H.
condottieri-error-line-trailing = The line reads as an order, but “{ $text }” is left over: remove it.
condottieri-error-line-ambiguous-unit = You have more than one unit there: write its type (A, F or G) before the area.
condottieri-error-illegal-no-such-unit = No unit of that type stands there: check the map.
condottieri-error-illegal-not-your-unit = That unit is not yours to order.
condottieri-error-illegal-wrong-unit-type = That unit cannot take this order (e.g. only fleets convoy, only armies and fleets besiege).
condottieri-error-illegal-same-area = A unit cannot advance into its own area.
condottieri-error-illegal-not-adjacent = That area does not border the unit's (an army overseas needs a convoy: add VIA CONVOY).
condottieri-error-illegal-cannot-stand = That unit type cannot stand in that area (armies stay on land, fleets on the sea and coasts).
condottieri-error-illegal-disabled = That area is out of play in this scenario.
condottieri-error-illegal-convoy-from-land = Only a fleet at sea (or in Venice) may convoy.
condottieri-error-illegal-convoy-route = That convoy cannot carry that army there: convoy an army from a coast next to the fleet's sea to another coast.
condottieri-error-illegal-support-target = There is no unit there to support.
condottieri-error-illegal-support-sub-order = The supported unit cannot do what the support says.
condottieri-error-illegal-support-reach = The supporting unit could not itself enter the area it supports into.
condottieri-error-illegal-no-siege = There is nothing to besiege there: a siege needs an enemy garrison or a rebel city in the unit's area.
condottieri-error-illegal-bad-conversion = That conversion is not allowed (a garrison becomes an army or, in a port, a fleet; an army or fleet becomes a garrison in an empty fortified city).
condottieri-error-illegal-city-occupied = The city is already held: a unit can only become a garrison in an empty city.
condottieri-error-illegal-storm = A storm rages there: fleets cannot enter that sea this phase.
condottieri-error-money-syntax = That money line does not read: write e.g. PAY 6 BUY G FER, PAY 3 RELIEF MIL or GIVE 3 TO VENICE.
condottieri-error-money-amount = Amounts are multiples of 3 ducats (a transfer at least 1).
condottieri-error-money-below-minimum = That costs at least { $minimum } ducats: pay more, or choose another target.
condottieri-error-money-target = That expense cannot aim there: check what the expense is for.
condottieri-error-money-twice = You already have that expense on that target this phase.
condottieri-error-money-funds = Your treasury does not hold that much after your other expenses: pay less, or clear an expense (CLEAR EXPENSE 1).
condottieri-error-money-receiver = Ducats go to another power still in the game: name it, e.g. GIVE 3 TO VENICE.
condottieri-error-no-finances = This game is played without Finances: there are no ducats to spend.
condottieri-error-retreat-no-such-unit = None of your dislodged units stands there.
condottieri-error-retreat-not-an-option = That is not one of the unit's retreats: see the options listed, or write D to disband it.
condottieri-error-adjust-syntax = That adjustment does not read: write BUILD A MIL, DISBAND F NAP, MAINTAIN ALL or WAIVE.
condottieri-error-adjust-build-there = You cannot build there: build in a free home city you control.
condottieri-error-adjust-second-build = You already build in that area this phase.
condottieri-error-adjust-too-many-builds = You have no more builds this phase.
condottieri-error-adjust-no-disband-due = You do not have to disband any more units.
condottieri-error-adjust-not-your-unit = You have no such unit.
condottieri-error-adjust-funds = Your treasury cannot pay for that: disband units or build fewer.
condottieri-error-already-ready = You are already READY: write a line to change your orders, then READY again.
condottieri-error-vote-unchanged = Your draw vote is already so.
condottieri-error-eliminated = Your power is out of the game: it votes no more.
condottieri-form-problem-empty = Write a line, or choose an order, before sending.

## Events and the result report.
condottieri-ev-seated = { $person ->
    [you] you play { $power }
   *[other] { $who } plays { $power }
}
condottieri-ev-wrote-order = { $power } wrote: { $line }
condottieri-ev-wrote-cleared-all = { $power } cleared all its orders ({ $count })
condottieri-ev-wrote-money = { $power } wrote: { $line }
condottieri-ev-wrote-refunded = { $power } cleared an expense of { $amount } ducats
condottieri-ev-wrote-retreat = { $power } wrote: { $line }
condottieri-ev-wrote-adjustment = { $power } wrote: { $line }
condottieri-ev-ready = { $power } is READY
condottieri-ev-not-ready = { $power } is no longer READY
condottieri-ev-voted-draw = { $power } votes for a draw
condottieri-ev-withdrew-draw = { $power } withdraws its draw vote
condottieri-ev-resolved = { $phase } resolved; now { $next }
condottieri-ev-resolved-last = { $phase } resolved
condottieri-ev-draw-agreed = Every surviving power voted for a draw.
condottieri-ev-built = { $power } builds { $unit }.
condottieri-ev-adjust-disbanded = { $count ->
    [1] One unit is disbanded.
   *[other] { $count } units are disbanded.
}
condottieri-ev-adjust-defaulted = { $count ->
    [1] One unit is disbanded by default.
   *[other] { $count } units are disbanded by default.
}
condottieri-ev-upkeep-paid = { $power } pays { $amount } ducats for its units.
condottieri-ev-adjust-nothing = No builds and no disbands.
condottieri-ev-expense-succeeded = { $power } paid { $amount } ducats to { $kind } { $target }: it worked.
condottieri-ev-expense-failed = { $power } paid { $amount } ducats to { $kind } { $target }: it failed.
condottieri-ev-transfer = { $amount ->
    [1] { $from } gave 1 ducat to { $to }.
   *[other] { $from } gave { $amount } ducats to { $to }.
}
condottieri-ev-rebellions = Rebellion in { $areas }.
condottieri-ev-bribe-disbanded = { $count ->
    [1] One bribed unit is disbanded.
   *[other] { $count } bribed units are disbanded.
}
condottieri-ev-bought = A bribed unit now serves { $power }.
condottieri-ev-freed = { $count ->
    [1] One bribed garrison is freed.
   *[other] { $count } bribed garrisons are freed.
}
condottieri-ev-money-nothing = Nobody spent any ducats.
condottieri-ev-retreated = { $power }: { $unit } retreated to { $to }.
condottieri-ev-retreated-city = { $power }: { $unit } retreated into its city.
condottieri-ev-retreat-disbanded = { $count ->
    [1] One dislodged unit is disbanded.
   *[other] { $count } dislodged units are disbanded.
}
condottieri-ev-retreats-nothing = No unit retreated.
condottieri-ev-liberated = Rebellion lifted in { $areas }.
condottieri-ev-famine-losses-none = Famine in { $areas }: no unit starved.
condottieri-ev-famine-losses = Famine in { $areas }: { $count ->
    [1] one unit starved.
   *[other] { $count } units starved.
}
condottieri-disaster-famine = Famine
condottieri-disaster-plague = Plague
condottieri-disaster-storms = Storms
condottieri-ev-roll = { $disaster }: the die shows { $die }; it strikes { $areas }.
condottieri-ev-roll-none = { $disaster }: the die shows { $die }; nothing is struck this year.
condottieri-ev-plague-losses-none = The plague killed no unit.
condottieri-ev-plague-losses = { $count ->
    [1] The plague killed one unit.
   *[other] The plague killed { $count } units.
}
condottieri-ev-storm-losses-none = No fleet was lost at sea.
condottieri-ev-storm-losses = { $count ->
    [1] A storm sank one fleet.
   *[other] Storms sank { $count } fleets.
}
condottieri-ev-eliminated = { $powers } eliminated ({ $count } units removed).
condottieri-ev-control = { $power } now controls { $areas }.
condottieri-ev-control-lost = Nobody controls { $areas } any more.
condottieri-ev-conquest = { $by } conquers { $conquered }: it may build in its home cities.
condottieri-ev-income-die = Income die: { $die }.
condottieri-ev-income = { $power } receives { $total } ducats (control { $control }, major cities { $major }, occupation { $occupation }, garrisons { $garrisons }, variable { $variable }).
condottieri-ev-ended-winner = The game is over: { $power } wins.
condottieri-ev-ended-draw = The game is over: a draw between { $powers }.
condottieri-expense-relief = relieve famine in
condottieri-expense-pacify = pacify
condottieri-expense-rebel = raise a rebellion in
condottieri-expense-counter = counter-bribe
condottieri-expense-disband = bribe away
condottieri-expense-buy = buy
condottieri-expense-free = free
condottieri-ev-standoffs = Standoff in { $areas }: nobody entered.
condottieri-retreat-city = its own city
condottieri-ev-must-retreat = { $power }: { $unit } must retreat: { $options }, or disband.
condottieri-ev-disbanded-no-retreat = { $power }: { $unit } had nowhere to retreat and is disbanded.
condottieri-ev-besieged-out = { $power }: the garrison { $unit } fell to the siege.
condottieri-ev-rebellions-ended = The rebellion ended in { $areas }.
condottieri-report-line = { $power }: { $order }: { $result }.
condottieri-report-no-order = { $unit } (no order: holds)
condottieri-report-idle = { $power }, without orders, held: { $units }.
condottieri-report-void = void, { $reason }, so it held
condottieri-void-illegal = the order was illegal
condottieri-void-no-route = no convoy route
condottieri-void-unmatched-convoy = the army did not go where the convoy said
condottieri-void-no-siege-target = nothing left to besiege
condottieri-void-unmatched-support = the supported unit did something else
condottieri-void-rebel-city = a rebellion took the city first
condottieri-result-held = held
condottieri-result-moved = advanced
condottieri-result-moved-strength = advanced (strength { $attack } against { $against })
condottieri-result-bounced = bounced
condottieri-result-bounced-strength = bounced (strength { $attack } against { $against })
condottieri-result-bounced-against = bounced against { $units } (strength { $attack } against { $against })
condottieri-result-garrisoned = entered the city
condottieri-result-converted = converted
condottieri-result-support-given = support given
condottieri-result-support-cut = support cut
condottieri-result-support-cut-by = support cut by the attack of { $units }
condottieri-result-convoy-effective = convoyed
condottieri-result-convoy-disrupted = convoy disrupted
condottieri-result-besieging = besieging
condottieri-siege-begun = siege begun
condottieri-siege-completed = siege completed: the garrison is eliminated
condottieri-siege-interrupted = siege interrupted
condottieri-report-dislodged = dislodged by { $by }
condottieri-report-dislodged-supported = dislodged by { $by } supported by { $supporters }
condottieri-report-dislodged-from = dislodged by the attack from { $area }

## Replays, the table and the end.
condottieri-milestone-phase = { $phase }
condottieri-milestone-eliminated = { $powers } eliminated
condottieri-milestone-end = the end
condottieri-situation = { $phase }: { $ready } of { $asked } powers READY
condottieri-situation-over = The game ended in { $phase }.
condottieri-outcome-winner = { $winner } wins with { $power } and { $cities } cities.
condottieri-outcome-draw = A draw between { $names } ({ $powers }).
condottieri-standing = { $name } ({ $power }): { $cities } cities
condottieri-column-power = Power
condottieri-column-cities = Cities
condottieri-column-units = Units
condottieri-column-ready = Orders
condottieri-cell-ready = READY
condottieri-cell-writing = writing
condottieri-cell-not-asked = —
condottieri-cell-eliminated = eliminated

## The seat's sheet (its page and its mail).
condottieri-sheet-title = { $power }: your submission for { $phase }
condottieri-sheet-not-asked = You have nothing to decide in { $phase }.
condottieri-sheet-default-hold = { $unit } H (no order yet: it will hold)
condottieri-sheet-default-disband = { $unit } (no retreat yet: it will be disbanded)
condottieri-sheet-bought = { $line } (a unit you are buying)
condottieri-sheet-treasury = Treasury: { $treasury } ducats, { $spent } of them spent this phase.
condottieri-sheet-expense = Expense { $number }: { $amount } ducats to { $kind } { $target }
condottieri-sheet-transfer = { $amount ->
    [1] Give 1 ducat to { $to }
   *[other] Give { $amount } ducats to { $to }
}
condottieri-sheet-must-disband = You must disband { $count ->
    [1] one unit
   *[other] { $count } units
}.
condottieri-sheet-may-build = You may build { $count ->
    [1] one unit
   *[other] { $count } units
} in { $areas }.
condottieri-sheet-adjust-treasury = Treasury: { $treasury } ducats (each unit costs 3 a year).
condottieri-sheet-adjust-default = No adjustment lines yet: without them no unit is built, and the newest units go first if any must be disbanded.
condottieri-sheet-ready = You are READY.
condottieri-sheet-not-ready = Not READY yet: the phase waits for you until its deadline.
condottieri-sheet-draw-yes = You vote for a draw.
condottieri-sheet-draw-no = You do not vote for a draw.
condottieri-review-treasury = { $power }: { $treasury } ducats
condottieri-review-draw = Draw votes: { $powers }

## Forms.
condottieri-form-unit = { $unit } ({ $area })
condottieri-form-retreat = Retreat of { $unit } ({ $area })
condottieri-form-adjustment = Adjustments
condottieri-form-order-label = Order:
condottieri-form-send = Send
condottieri-form-line = Write your lines
condottieri-form-line-label = Lines, one per order:
condottieri-form-line-example-orders = A MIL - PAV
condottieri-form-line-example-retreats = A MOD - BOL
condottieri-form-line-example-adjustments = BUILD A MIL
condottieri-form-line-help = As in a mail, one line each: orders (A PAR S A MIL - PAV), CLEAR A MIL, money lines (PAY 6 BUY G FER, GIVE 3 TO VENICE), in English or Portuguese; each line gets its verdict, and a refused line changes nothing.
condottieri-form-ready = Ready
condottieri-form-ready-button = READY
condottieri-form-ready-help = Your orders are final: the phase resolves as soon as every power is READY. A later line takes it back.
condottieri-form-draw = Draw
condottieri-form-draw-vote = Vote for a draw
condottieri-form-draw-withdraw = Withdraw my draw vote
condottieri-form-draw-help = The game ends in a draw when every surviving power votes for it. Your vote is secret.

## The phase mail.
condottieri-mail-units = Your units and the orders they may take (H hold, - advance to, S support, C convoy, B besiege, L lift siege, = convert):
condottieri-mail-unit = { $unit }: { $orders }
condottieri-mail-retreats = Your dislodged units and where they may go:
condottieri-mail-adjustments = Your units:
condottieri-mail-sheet = Your submission so far:
condottieri-mail-how-orders = Reply with one order per line (A MIL - PAV, A PAR S A MIL - PAV, F TS C A ROME - COR, G MIL = A), then READY. Each line is answered on its own; a later line for a unit replaces its order.
condottieri-mail-how-retreats = Reply with one retreat per line (A MOD - BOL, A MOD = G, A MOD D), then READY.
condottieri-mail-how-adjustments = Reply with one adjustment per line (BUILD A MIL, DISBAND F NAP, MAINTAIN ALL, WAIVE), then READY.

## Reply commands.
condottieri-command-ready = READY
condottieri-command-draw = DRAW
condottieri-command-draw-no = DRAW NO
condottieri-command-words = READY DRAW CLEAR PAY GIVE BUILD DISBAND MAINTAIN WAIVE

## The guide for newcomers (/guide/condottieri).
condottieri-guide-glossary = Orders, by example
condottieri-guide-rule-1 = Each player is a power of Renaissance Italy with armies (A), fleets (F) and garrisons (G). The goal is to hold cities: 15 in the standard game (23 long, 12 short).
condottieri-guide-rule-2 = A year has three seasons, Spring, Summer and Autumn. In each one every power writes orders for all its units at once, in secret; then all orders are revealed and resolved together.
condottieri-guide-rule-3 = A unit advances into a bordering area; the strongest entry wins. Strength is 1 plus one for each valid support. Equal strengths bounce and nobody moves. A unit attacked by a stronger entry is dislodged and must retreat or be disbanded.
condottieri-guide-rule-4 = Garrisons hold the cities of fortified areas. An army or fleet besieges an enemy garrison: two sieges in a row eliminate it. A garrison can become an army, an army a garrison.
condottieri-guide-rule-5 = After Autumn each power's cities are counted: it builds new units in its free home cities or disbands what it cannot keep. With Finances, units cost 3 ducats a year and ducats buy relief, rebellions and bribes.
condottieri-guide-rule-6 = Write your orders on your page (a list per unit, or a line box) or reply to the phase mail, one order per line. Send READY when you are done: the phase resolves as soon as every power is READY, or at the deadline; units without orders hold.
condottieri-guide-term-1 = A MIL - PAV (EXERCITO MIL PARA PAV): the army in Milan advances to Pavia. Add VIA CONVOY to cross the sea.
    .term = Advance
condottieri-guide-term-2 = A PAR S A MIL - PAV (E PAR APOIA E MIL PARA PAV): the army in Parma supports Milan's advance to Pavia. A PAR S A MIL supports it holding.
    .term = Support
condottieri-guide-term-3 = F TS C A ROME - COR (FROTA TS COMBOIA E ROME PARA COR): the fleet in the Tyrrhenian Sea carries the army of Rome to Corsica.
    .term = Convoy
condottieri-guide-term-4 = A MOD B (E MOD SITIAR) besieges the enemy garrison in Modena; A MOD L (E MOD LEVANTAR CERCO) lifts the siege.
    .term = Besiege, lift siege
condottieri-guide-term-5 = G MIL = A (GUARNICAO MIL CONVERTER EM E): the garrison of Milan becomes an army in the field; A MIL = G the other way round.
    .term = Convert
condottieri-guide-term-6 = A MIL H (E MIL MANTER): the army stays where it is. A unit without an order holds.
    .term = Hold
condottieri-guide-mail-1 = Move the army of Milan to Pavia. Areas may be named by code, or in English, Spanish or Portuguese: A Milan - Pavia, E Milão PARA Pavia.
    .command = A MIL - PAV
condottieri-guide-mail-2 = Remove the order of one unit; CLEAR alone removes them all (LIMPAR in Portuguese).
    .command = CLEAR A MIL
condottieri-guide-mail-3 = Finances: pay 6 ducats to buy the garrison of Ferrara; GIVE 3 TO VENICE sends ducats (GASTAR, DAR in Portuguese).
    .command = PAY 6 BUY G FER
condottieri-guide-mail-4 = Adjustments: build an army in Milan; DISBAND F NAP, MAINTAIN ALL, WAIVE (CONSTRUIR, DEBANDAR, PAGAR, RENUNCIAR).
    .command = BUILD A MIL
condottieri-guide-mail-5 = Your orders are final (PRONTO in Portuguese); DRAW votes for a draw, DRAW NO withdraws the vote.
    .command = READY
