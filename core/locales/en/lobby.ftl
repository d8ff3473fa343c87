# The lobby: games listed with open seats, and claiming a seat.
home-lobby-link = Open games: find a table with a free seat
home-seat-open = leave this seat open for anyone to claim
home-open-seats = Open seats
home-listed = List the game in the lobby while it has open seats
home-listed-help = Unlisted, only the people you give the game's claim page to can take its open seats.
home-claims = Who gets an open seat:
home-claims-first = the first person who confirms their address
home-claims-approve = someone I approve (I am mailed each claim)
create-problem-open-named = Seat { $seat }: an open seat has no name, address or bot; its taker names themselves.
create-problem-creator-open = You marked seat { $seat } as yourself, but it is left open.
api-error-open-seat = `seats[{ $index }]`: an open seat has no name, email or bot
lobby-title = Open games
lobby-intro = Games waiting for players. Take a free seat: you give your name and address, and we mail you a link that confirms it. The game starts when every seat is taken.
lobby-filter-game = Game
lobby-filter-language = Language
lobby-filter-any = any
lobby-filter-button = Show
lobby-empty = No listed game has a free seat at the moment.
lobby-game = Game
lobby-pace = Pace
lobby-language = Language
lobby-options = Options
lobby-no-options = none
lobby-players = Players so far
lobby-player = Seat { $seat }: { $name }
lobby-open-seats = Open seats
lobby-open-seat = Seat { $seat }
lobby-claims = Who gets a seat
lobby-claims-first = The first person who confirms their address.
lobby-claims-approve = The creator approves each player.
lobby-standin = Stand-in wanted
lobby-standin-at = A game under way, at move { $seq }: its player resigned and a bot plays the seat meanwhile. Whoever takes it over plays on from there.
lobby-claim-link = Take a seat
claim-seat = Seat
claim-name = Your name
claim-email = Your email address
claim-email-help = We mail a link to this address; the seat is claimed only when you follow it.
claim-button = Claim the seat
claim-problem-name = The name is not valid ({ $why }).
claim-problem-email = That is not an email address we can send to.
claim-problem-email-ours = That address is this service's own; give yours.
claim-problem-seat = Choose one of the open seats.
claim-confirm-intro = { $name }, confirm that you claim seat { $seat } of this game.
claim-confirm-button = Confirm and claim the seat
claim-approve-intro = { $name } claims seat { $seat } of your game and confirmed their address.
claim-approve-button = Approve: give them the seat
claim-decline-button = Decline
page-claim-mailed = Check your mail
    .text = We mailed a link to the address you gave. Follow it to confirm the claim; nothing happens until you do.
page-claim-approved = The seat is given
    .text = The player has the seat and was mailed its link. The game starts when every seat is taken.
page-claim-asked = Your claim was sent to the creator
    .text = Your address is confirmed. The game's creator approves each player; we mail you their answer.
page-claim-declined = The claim is declined
    .text = We told the person who claimed the seat.
page-claim-taken = The seat was taken
    .text = Someone else claimed this seat first. Other games in the lobby may have a free seat.
page-claim-closed = This game has no open seat
    .text = Its seats are all taken, or it started, or it was called off.
page-claim-bad-link = This link is not one of ours
    .text = Copy the whole link from the mail, or claim the seat again from the lobby.
page-claim-at-table = You already have a seat at this table
    .text = One person plays one seat of a game.
page-claim-suppressed = We do not mail that address
    .text = That address asked never to be mailed by this site.
page-claim-limited = Too many claims
    .text = That address was sent too many links lately. Try again tomorrow.
page-claim-gone = This seat is no longer open
    .text = Someone took it, the game started or was called off, or the link is not one of ours.
mail-claim-confirm-subject = Confirm your seat in { $game }
mail-claim-confirm-intro = You asked for seat { $seat } of { $game }. Follow the link to confirm your address and claim it. If you did not ask, ignore this mail: nothing happens.
mail-claim-confirm-link = Confirm and claim the seat:
mail-claim-request-subject = { $name } asks for a seat in { $game }
mail-claim-request-intro = { $name } asks for seat { $seat } of { $game } and confirmed their address. Approve or decline on the page of this link.
mail-claim-request-link = Approve or decline:
mail-claim-seated-subject = Seat { $seat } of { $game } is yours
mail-claim-seated-intro = The seat is yours. The game starts when every seat is taken; we mail you then. Keep the seat's link private: anyone holding it can play your seat.
mail-claim-seated-link = Your seat:
mail-claim-taken-subject = { $game }: the seat was taken
mail-claim-taken = Someone else took the seat you asked for in { $game }. Other games in the lobby may have a free seat.
mail-claim-declined-subject = { $game }: your claim was declined
mail-claim-declined = The creator of { $game } declined your claim of a seat. Other games in the lobby may have a free seat.
seat-open-name = (open seat)
accept-claim-page = The game waits for its open seats. Anyone given this page can claim one:
home-min-finished = Games a player must have finished to claim an open seat
home-min-finished-help = Leave empty to let anyone claim. Counted from each person's games on this site; someone who hides their record cannot claim.
create-problem-min-finished = Ask for { $min } to { $max } finished games, or leave the field empty to let anyone claim.
lobby-min-finished = { $required ->
    [one] Only for players who have finished a game here.
   *[other] Only for players who have finished { $required } games here.
}
claim-min-finished-help = It is checked when you follow the link we mail you.
page-claim-hidden = This game asks for a record
    .text = { $required ->
        [one] The creator asks for players who have finished a game here, and you hide your record. Show it in your mail settings, then follow the link again.
       *[other] The creator asks for players who have finished { $required } games here, and you hide your record. Show it in your mail settings, then follow the link again.
    }
page-claim-too-few = Not enough finished games yet
    .text = { $required ->
        [one] The creator asks for players who have finished a game here; you have finished { $finished }. Look in the lobby for a game that asks for none.
       *[other] The creator asks for players who have finished { $required } games here; you have finished { $finished }. Look in the lobby for a game that asks for fewer.
    }
mail-claim-joined-subject = { $name } joined { $game }
mail-claim-joined-intro = { $name } took seat { $seat }. { $open ->
    [one] One seat is still open; the game starts when it is taken.
   *[other] { $open } seats are still open; the game starts when they are taken.
}
mail-claim-joined-link = Your seat:
