# Words of the safety and accessibility work (issue 13): the 404 page, labels, the audit section.

page-not-found = Page not found
    .text = There is no page at this address.
    .hint = Check the link, or start again from the home page.

# The accessible name of an option's number field (Play for Points: its target).
option-number-label = { $option }: target in { $unit }

# The seat page's audit section, collapsed at the bottom.
seat-audit = Audit
seat-audit-intro = How anyone can check this game was dealt and played fairly: the log head changes with every move, the deal commitment was published before anyone joined, and the record lets you replay and verify every move.

# The public page's table of players (its name for screen readers: it scrolls on a phone).
public-players = Players

# A game's guide (/guide/<game>): its rules in short and a glossary, linked from the seat page.
# A game has a guide when its catalog has <game>-guide-rule-1 (then -2, -3…) and may add
# <game>-guide-term-1… (each with .term, the name it explains) under <game>-guide-glossary.
guide-title = How to play { $game }
guide-rules = The rules in short
guide-mail = Playing by mail
guide-mail-intro = Answer any mail of the game with your move on the first line: the mail lists the moves you can make then. Case, accents and little words like “the” do not matter; anything after the move goes to the table as a message.
seat-guide = Rules and cards

condottiere-guide-glossary = The cards
condottiere-guide-rule-1 = Whoever holds the Condottiere token chooses a region for the next battle and puts the token on it.
condottiere-guide-rule-2 = In turn, each player plays one card from their hand onto their line, or passes. A player who passes takes no further part in that battle.
condottiere-guide-rule-3 = The battle ends when everyone has passed or someone plays a Surrender. The strongest line wins the region; on a tie nobody does. The cards in the lines are then discarded.
condottiere-guide-rule-4 = The Condottiere token then goes to the player with more Courtesans in their line than anyone else; without one, to the winner of the battle; without a winner, to the next player.
condottiere-guide-rule-5 = With two or three players you win by holding six regions, or four that border one another; with four or more players, five regions, or three that border one another (one more with Bigger Kingdoms).
condottiere-guide-rule-6 = When fewer than two players still hold cards, the round ends: the last player with cards may keep up to two of them, and everyone is dealt new cards.
condottiere-guide-rule-7 = Your hand is secret; the lines, the regions, the Pope and the token are on the board for everyone. Every move is kept in a log that anyone can verify once the game is over.
condottiere-guide-term-1 = Strength as printed. Most of the deck is Mercenaries.
    .term = Mercenary 1, 2, 3, 4, 5, 6, 10 (M1, M2, M3, M4, M5, M6, M10)
condottiere-guide-term-2 = Strength 10. Winter, Spring and the Drummer do not change her.
    .term = Heroine (HE)
condottiere-guide-term-3 = Strength 1. Whoever has more Courtesans in the battle than anyone else takes the Condottiere token.
    .term = Courtesan (CO)
condottiere-guide-term-4 = Doubles the Mercenaries in your own line.
    .term = Drummer (DR)
condottiere-guide-term-5 = Every Mercenary in every line counts 1. It sends a Spring in the lines to the discard pile.
    .term = Winter (WI)
condottiere-guide-term-6 = The Mercenaries with the highest printed value, in every line, count 3 more each. It sends a Winter in the lines to the discard pile.
    .term = Spring (SP)
condottiere-guide-term-7 = Discards every face-up Mercenary of the highest value from all lines; then you move the Pope to a region, where no battle may be fought.
    .term = Bishop (BI)
condottiere-guide-term-8 = Takes one of your face-up Mercenaries back from your line into your hand.
    .term = Scarecrow (SC)
condottiere-guide-term-9 = Ends the battle at once: the strongest line wins.
    .term = Surrender (SU)
condottiere-guide-mail-1 = Put the Condottiere token on a region (by its Italian name).
    .command = place Firenze
condottiere-guide-mail-2 = Play a card, by its code (M1 … M10, HE, CO, DR, WI, SP, BI, SC, SU) or its name, in English or in Portuguese (the glossary above pairs each code with its name).
    .command = play M5 · play Winter
condottiere-guide-mail-3 = Pass for the rest of the battle.
    .command = pass
condottiere-guide-mail-4 = At the end of a round, the cards you keep.
    .command = keep M10 HE
condottiere-guide-mail-5 = How many cards to draw, when you may choose.
    .command = draw 3

# History: the latest ten entries show; older ones are folded under this summary.
history-older = { $count ->
        [one] One earlier move
       *[other] { $count } earlier moves
    }

# History: each finished chapter of a game (a battle) folds under its title, numbered from the first.
history-chapter = Part { $number }
condottiere-history-chapter = Battle { $number }

# History: a page carries only its newest entries; the older ones are behind this link.
history-earlier-link = { $count ->
        [one] One earlier entry of the history
       *[other] { $count } earlier entries of the history
    }
history-page-title = History of { $game }
history-page-intro = Entries { $first } to { $last }, newest first.
history-page-newest = Back to the game
history-page-none = Nothing before this point of the history.
