## Words every page, mail and game shares.

you = you
list-and = { $first } and { $last }
list-nobody = nobody

## Seat colours (the six marker colours of the box)

colour-1 = red
colour-2 = blue
colour-3 = green
colour-4 = yellow
colour-5 = purple
colour-6 = orange

## The verifier's summary of a sound record

verify-summary = { $game } game { $id } (rules version { $version }): { $players }
    { $result }
    { $counts }
    head { $head }
verify-count-actions = { $n ->
        [one] { $n } action
       *[other] { $n } actions
    }

## Mails

mail-hello = Hello { $name },
mail-footer = corriere, play-by-email for slow board games. Keep your seat link private: anyone holding it can play your seat.
mail-public-page = Public page of the game:
mail-happened = What happened since you last acted
mail-receipt = Deal commitment { $commitment }.
mail-receipt-started = Deal commitment { $commitment }. Receipt: move { $seq }, log head { $head }…
mail-receipt-move = Receipt: move { $seq }, log head { $head }…
mail-receipt-move-full = Receipt: move { $seq }, log head { $head }
mail-invitation-subject = { $inviter } invites you to { $game } (game { $id })
mail-invitation-intro = { $inviter } invites you to a game of { $game } by email (game { $id }).
mail-invitation-players = Players
mail-invitation-you = (you)
mail-invitation-options = Options
mail-invitation-link = Your seat link (accept or decline here; keep it private, it is your key to the game):
mail-invitation-link-html = Open your seat to accept or decline
mail-invitation-link-note = (keep this link private: it is your key to the game).
mail-invitation-fairness = Fairness: the server has committed to a secret before anyone joined. Its SHA-256 is { $commitment }. When you accept you may add a contribution of your own; the deal comes from the secret and every player's contribution, and the secret is revealed when the game ends so you can check.
mail-turn-subject = Your turn in game { $id }: { $prompt }
mail-turn-intro = It is your turn in { $game } game { $id }: { $prompt }.
mail-turn-link = Make your move here (your private seat link):
mail-turn-link-html = Make your move
mail-turn-link-note = (your private seat link)
mail-over-subject = Game { $id } is over: { $result }
mail-over-intro = { $game } game { $id } is over. { $result }
mail-over-standings = Standings
mail-over-review = The whole game, with everything that was hidden, can now be reviewed here:
mail-over-secret = The server's secret was { $secret }
mail-over-commitment = Its SHA-256 is the commitment announced at the start: { $commitment }
mail-cancelled-subject = Game { $id } is cancelled
mail-cancelled-intro = { $name } declined the invitation, so { $game } game { $id } will not be played.
mail-relink-subject = Your new link for game { $id }
mail-relink-intro = Here is a fresh private link to your seat in { $game } game { $id }. Older links to your seat no longer work.
mail-relink-link-html = Open your seat
