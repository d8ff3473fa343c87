## Votes at the table (core/src/kinds/table.rs), the same for every game

table-proposes = proposes { $proposal }
table-agrees = agrees to the proposal
table-declines = declines the proposal
table-resumes = resumes the clock
table-proposal-draw = a draw
table-proposal-cancel = to cancel the game
table-proposal-concede = to concede the game to { $seat }
table-proposal-pause = to pause the clock for { $hours ->
    [one] one hour
   *[other] { $hours } hours
}
table-outcome-draw = The players agreed a draw.
table-outcome-cancelled = The players agreed to cancel the game: it has no result.
table-outcome-conceded = The game was conceded: { $seat } wins.
table-over-error = The game is over.
table-pending-error = A proposal is waiting for answers already.
table-nothing-pending-error = Nothing is proposed now (a proposal lapses after 72 hours, or once declined).
table-agreed-already-error = You agreed already.
table-bad-concession-error = Concede to another seat at this table.
table-error-pause-length = A pause lasts from 1 to { $hours } hours.
table-paused-already-error = The clock is paused already.
table-not-paused-error = The clock is not paused.
table-clock-paused-error = The clock is paused.
table-not-here-error = A vote is not a move of the game.
table-pending-line = { $name } proposes { $proposal } (open until { $due }).
table-pending-votes = Agreed: { $agreed }. Waiting for: { $waiting }.
table-paused-line = The clock is paused until { $until }.
table-heading = Votes at the table
table-agree = Agree
table-decline = Decline
table-resume = Resume the clock now
table-propose-draw = Propose a draw
table-propose-cancel = Propose to cancel the game
table-propose-concede = Concede the game to
table-propose-concede-button = Concede
table-propose-pause = Pause the clock for (hours)
table-propose-pause-button = Propose a pause
table-help = A draw, a cancel or a pause needs the agreement of every player still in the game; a concession, of all of them but the winner. A proposal lapses after 72 hours; anyone may decline it.
table-voted = Your vote is in the game's log.
mail-table-vote-subject = { $game }: a vote at the table
mail-table-answer-by = Answer before { $due }: from your seat page, or reply to this mail with “agree” or “decline”.
mail-table-lapsed-subject = { $game }: a proposal lapsed
mail-table-lapsed = { $name } proposed { $proposal }; not everyone agreed within 72 hours, so the proposal lapsed and nothing changed. Anyone may propose again from their seat page.

# Votes by reply mail: each key lists the words of one part of a vote, alternatives separated by "|"
# (read without case, accents, punctuation or the filler words of reply-filler-words). A proposal
# always starts with table-reply-propose ("propose a draw"); a concession may be said alone.
table-reply-agree = agree | i agree | accept | i accept
table-reply-decline = decline | i decline | refuse | i refuse
table-reply-resume = resume | resume the clock
table-reply-propose = propose | i propose
table-reply-draw = draw
table-reply-cancel = cancel | cancel the game
table-reply-pause = pause | pause of | pause for | pause the clock for
table-reply-hours = hours | hour | h
table-reply-concede = concede | i concede | concede the game
