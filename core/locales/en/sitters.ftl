# Sitters: someone a player names to play their seat while they are away.

status-sat = { $you ->
        [yes] You are sat by { $sitter } until { $until }.
       *[no] { $name }, sat by { $sitter } until { $until }.
    }
history-sitter = { $you ->
        [yes] Your sitter played for you.
       *[no] { $name }'s sitter played for them.
    }
sitter-day = { $day }
mail-sitter-subject = { $player } asks you to sit for them in { $game }
mail-sitter-intro = { $player } will be away and asks you to play their seat in { $game } for them until { $until } (UTC). You would play from your own link; they can come back at any time.
mail-sitter-once = This is the only mail you get about it unless you accept.
mail-sitter-link = Accept or look first:
mail-sitter-turn-subject = Your turn for { $player } in { $game }
mail-sitter-turn-intro = You sit for { $player } until { $until } (UTC), and it is their turn.
mail-sitter-turn-link = Play for them:
mail-sitter-reminder-subject = Reminder: { $player }'s decision in { $game } is due soon
mail-sitter-reminder-intro = You sit for { $player } until { $until } (UTC), and their decision is due { $due }. If nobody decides by then, the game's clock decides for the seat.
mail-sitter-accepted-subject = { $sitter } sits for you in { $game }
mail-sitter-accepted-intro = { $sitter } accepted: they play your seat from their own link until { $until } (UTC), and hear of its turns instead of you. Play from your own link at any time and the seat is yours again.
mail-sitter-accepted-link = Your seat:
sitter-heading = Sit for a while
sitter-help = Going away? Name someone to play your seat until a date (at most { $days } days). They get one mail with their own link and play once they accept it; you come back by playing from your link, or here.
sitter-name = Their name
sitter-email = Their address
sitter-until = Last day
sitter-button = Ask them to sit
sitter-named = { $sitter } is asked to sit for you until { $until }; nothing changes until they accept.
sitter-sitting = { $sitter } sits for you until { $until }.
sitter-end = End the sitting
sitter-done = Your sitter was asked.
sitter-ended = The sitting is over: the seat is yours again.
sitter-problem = Give a name, an address and a last day.
sitter-problem-until = The last day must be between today and { $days } days from now.
sitter-problem-seat = Only a seat its player plays can have a sitter.
sitter-not-playing = The game is not being played.
sitter-page-title = Sitting for { $player }
sitter-page-intro = You sit for { $player } (seat { $seat }) in { $game } until { $until }.
sitter-page-invited = { $player } asks you to play their seat in { $game } until { $until } (UTC). You would play from this link; turn mails come to you while you sit.
sitter-accept = Accept
sitter-over = The sitting is over
    .text = This sitting ended: the player is back, the date passed, or the game ended. This link no longer plays the seat.
