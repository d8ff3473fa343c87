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
mail-footer-settings = Mail settings (every turn, a daily digest or results only; language; muting a game)
mail-footer-unsubscribe = Never mail me again
mail-footer-tree-head = The public log of every game (see /transparency on the site) as of this mail; keep it, it lets anyone prove the server never rewrote a game:
mail-signed-receipt = Signed receipt (keep this mail: it proves what the server acknowledged):
mail-public-page = Public page of the game:
mail-public-page-link-html = Open the game's public page
mail-happened = What happened since you last acted
mail-receipt = Deal commitment { $commitment }.
mail-receipt-started = Deal commitment { $commitment }. Receipt: move { $seq }, log head { $head }…
mail-receipt-move = Receipt: move { $seq }, log head { $head }…
mail-receipt-move-full = Receipt: move { $seq }, log head { $head }
mail-invitation-subject = { $inviter } invites you to { $game }
mail-invitation-intro = { $inviter } ({ $address }) invites you to play { $kind } by email: { $game }.
mail-invitation-players = Players
mail-invitation-you = (you)
mail-invitation-options = Options
mail-invitation-pace = Pace: { $pace }
mail-invitation-link = Your seat link (accept or decline here; keep it private, it is your key to the game):
mail-invitation-link-html = Open your seat to accept or decline
mail-invitation-link-note = (keep this link private: it is your key to the game).
mail-invitation-fairness = Fairness: the server has committed to a secret before anyone joined. Its SHA-256 is { $commitment }. When you accept you may add a contribution of your own; the deal comes from the secret and every player's contribution, and the secret is revealed when the game ends so you can check.
mail-turn-subject = { $game }: your turn, { $prompt }
mail-turn-intro = It is your turn in { $game }: { $prompt }.
mail-turn-link = Make your move here (your private seat link):
mail-turn-link-html = Make your move
mail-turn-link-note = (your private seat link)
mail-over-subject = { $game } is over: { $result }
mail-over-intro = { $game } is over. { $result }
mail-over-replay = Step through it move by move:
mail-over-replay-html = Replay it move by move
mail-over-record = Its record, which anyone can verify:
mail-over-record-html = Download its record
mail-over-standings = Standings
mail-over-review = The whole game, with everything that was hidden, can now be reviewed here:
mail-over-review-link-html = Review the whole game, with everything that was hidden
mail-over-secret = The server's secret was { $secret }
mail-over-commitment = Its SHA-256 is the commitment announced at the start: { $commitment }
mail-cancelled-subject = { $game } is cancelled
mail-cancelled-intro = { $game } will not be played.
mail-cancelled-declined = { $name } declined the invitation.
mail-cancelled-operator = The operator of this server cancelled the game.
mail-relink-subject = Your new link for { $game }
mail-relink-intro = Here is a fresh private link to your seat in { $game }. Older links to your seat no longer work.
mail-relink-link-html = Open your seat
mail-started-subject = { $game } has started
mail-started-intro = Everyone is in: { $game } has started.
mail-started-yours = Your decision: { $prompt }.
mail-started-link-html = Open your seat
mail-confirm-subject = Confirm your game: { $game }
mail-confirm-intro = You created { $game }. To prove this address is yours, follow this link; the invitations go out to the other players as soon as you do.
mail-confirm-link-html = Confirm and send the invitations
mail-confirm-your-seat = Your own seat in the game (keep this link private):
mail-confirm-your-seat-link-html = Open your seat
mail-confirm-your-seat-note = (keep this link private)
mail-confirm-not-you = If you did not create this game, ignore this mail: nobody will be invited.
mail-sign-in-subject = Your games on corriere
mail-sign-in-intro = Someone (we hope you) asked for the games of this address. Follow this link to see them all, with a link to each of your seats:
mail-sign-in-link-html = Open my games
mail-sign-in-expiry = The link works once, for { $minutes } minutes.
mail-sign-in-not-you = If you did not ask for it, ignore this mail.
mail-digest-subject = { $count ->
    [one] Your games today: one waits on you
   *[other] Your games today: { $count } wait on you
}
mail-digest-intro = { $count ->
    [one] One game waits on you:
   *[other] { $count } games wait on you:
}
mail-digest-my-games = All your games:
mail-rematch-subject = { $name } proposes a rematch of { $game }
mail-rematch-intro = { $name } proposes to play { $game } again, with the same players and options. Open your seat to accept or decline; the new game starts when everyone has accepted.
game-name-default = { $game } with { $players }
game-rematch-title = { $number ->
    [1] { $game } (rematch)
   *[other] { $game } (rematch { $number })
}

## Every page

site-tagline = play-by-email board games
site-footer = Every game is replayed from its log; finished games can be
site-verify = verified.
page-home = Home
page-game-id = game { $id }
page-not-started = (not started)
page-options = Options: { $options }
page-receipt = Move { $seq }, log head { $head }. Deal commitment { $commitment }.
page-receipt-signed = Signed receipt (keep it: it proves what the server acknowledged)
table-seat = Seat
table-player = Player
table-status = Status
table-contribution = Contribution to the deal
history-title = History
history-move = Move { $seq } · { $name } · { $time }: { $lines }
history-setup = Setup: { $lines }

## Message pages: a title, `.text`, and `.hint` where there is something to do

page-no-game = No such game
    .text = There is no game at this address.
    .hint = Check the link in your mail.
page-bad-link = This link is not valid
    .text = This seat link is not valid: it may be mistyped, or it was replaced by a newer link.
    .hint = Use the link in the most recent mail about this game, or get all your games back: type your address below and we mail you a link to them.
page-unreadable-form = The form could not be read
    .text = The form could not be read: it did not arrive as an ordinary web form.
    .hint = Reload the page and use its buttons.
page-cancelled-declined = This game was cancelled
    .text = A player declined the invitation, so this game will not be played.
    .hint = Start a new game from the home page.
page-cancelled-operator = This game was cancelled
    .text = The operator of this site cancelled this game, so it will not be continued.
    .hint = Start a new game from the home page.
page-too-late = Too late to decline
    .text = This game has already started (or was cancelled), so it can no longer be declined.
page-broken = Something went wrong
    .text = Something went wrong on our side. Please try again in a moment.
page-no-step = No such move
    .text = This game has not started, or its log has no such move, so there is nothing to show here.
    .hint = Open the game's page and step through its replay from there.

## Who decides

status-yours = Your decision: { $decision }.
status-yours-also = Your decision: { $decision }. Also waiting for { $others }.
status-waiting = Waiting for { $seats } to { $decision }.
status-over = The game is over. { $result }
status-inviting = Waiting for { $seats } to accept the invitation.
status-cancelled-declined = This game was cancelled: a player declined.
status-cancelled-operator = This game was cancelled by the operator of this site.

## The home page and creating a game

home-title = corriere: slow games by email
home-heading = Board games by email, one move at a time
home-intro = corriere runs slow correspondence games: when it is your turn you get an email with your own link, you make your move on the page, and the next player is told. Every game is rebuilt from its move log, so anyone can check a finished game, step by step.
home-games = Games
home-new-game = New game of { $game }
home-players = Players, in turn order (fill { $min } to { $max } rows)
home-seat-name = Seat { $seat }: name
home-seat-email = email
home-seat-me = this is me
home-options = Options
home-create = Create the game and send the invitations
home-game-title = Name of the game (optional; mails and pages show it)
home-my-games = Your games
home-my-games-intro = Lost your links? Type your address: we mail you a link to all your games.
create-problem-game = There is no game called "{ $game }" here; choose one from the list.
create-problem-players = { $game } needs { $min } to { $max } players; the form names { $given }.
create-problem-creator = You marked seat { $seat } as yourself, but that seat is empty.
create-problem-gaps = Fill the player rows from the top, without gaps.
create-problem-name = Seat { $seat }: the name is not valid ({ $why }).
create-problem-email = Seat { $seat }: "{ $email }" is not an email address we can send to.
create-problem-number = { $option }: give a whole number from { $min } to { $max }.
create-problem-seat = { $option }: choose one of the seats.
create-problem-choice = { $option }: choose one of { $choices }.
create-problem-options = The options do not fit this game: { $why }
create-problem-title = The name of the game is not valid ({ $why }).
create-problem-suppressed = Seat { $seat }: this address asked never to receive mail from this site, so it cannot be invited. Ask the player for another address.

## Invitations

accept-title = Invitation: { $game }
accept-heading = You are invited to { $game }
accept-heading-creator = You created this game of { $game }.
accept-public-page = Public page for spectators:
accept-next = Press “I'm in” below to take your seat. The game starts when every player has accepted.
accept-next-creator = Your own seat is not taken yet: press “I'm in” below to take it, as each invited player will. The game starts when every player has accepted.
accept-next-starts = Every other seat is taken: the game starts as soon as you press “I'm in” below.
accept-you-are = You are { $name }, seat { $seat } of { $players }.
accept-status-in = in
accept-status-invited = invited
accept-status-creator = not in yet: press “I'm in”
accept-fairness = Deal commitment { $commitment }. The deals come from the server's committed secret together with every player's contribution, so nobody, the server included, can choose them.
accept-in = You are in. The game starts when every player has accepted.
accept-phrase = Your contribution to the deal (optional, any phrase):
accept-phrase-note = Your browser also adds a random value here. Contributions are public from the moment you accept.
accept-button = I'm in
accept-decline = Decline (cancels the game for everyone)
accept-bad-phrase = Your phrase is too long or has control characters: use at most { $max } characters, letters, digits, spaces and punctuation.
accept-not-inviting = This game is no longer waiting for players.

## The seat page and moves

seat-you-are = You are { $name } (seat { $seat }).
seat-public-page = Public page
seat-your-move = Your move
seat-created-confirm = You created this game. Check your mail: we sent you a link to confirm your address, and the invitations go out to the other players as soon as you follow it. Your own seat link is this page's address: { $seat_url } (keep it private).
seat-created-confirm-bots = You created this game. Check your mail: we sent you a link to confirm your address; then press “I'm in” and the game starts, as your opponents are bots. Your own seat link is this page's address: { $seat_url } (keep it private).
seat-confirmed = Your address is confirmed: the invitations are on their way.
seat-confirmed-bots = Your address is confirmed. Your opponents are bots: the game starts as soon as you press “I'm in”.
seat-created = You created this game, and the invitations are on their way. Your own seat link is this page's address: { $seat_url } (keep it private).
seat-created-bots = You created this game. Your opponents are bots, so nobody needs inviting: the game starts as soon as you press “I'm in”. Your own seat link is this page's address: { $seat_url } (keep it private).
seat-moved = Your move was recorded as move { $seq }.
seat-last-move = What your move did:
move-no-seq = The form did not say which move it was made for; reload the page and try again.
move-lines-too-long = That is more than 6000 characters of lines: send the orders in two parts.
move-unknown-action = The form did not name a move we understand; reload the page and use its buttons.
move-stale = The game moved on since this page was drawn (it is now at move { $seq }): nothing was applied. Here is the current state.
move-illegal = That move is not allowed: { $why }. Nothing was applied.
move-not-playing = This game is not being played, so no move can be made.
move-resigned = You resigned this seat, so a bot plays it now: your link no longer moves or votes. The game’s creator may invite someone to take it over.

## The public page

public-audit = Audit: check the deal yourself
public-audit-intro = Before the first deal the server published a promise (a hash of its secret) and each player added a contribution; together they fix every shuffle. Once the game is over the secret is revealed, and anyone can check with the record that no deal was changed.
public-commitment = Deal commitment { $commitment }.
public-secret = Revealed secret:
public-contribution-server = { $value } (drawn by the server)
public-contribution-none = not yet
public-result = Result
public-record = Download the game record
public-replay = Step through the game
public-verify = Verify a record
public-milestones = Milestones
public-record-so-far = Record so far
public-replay-so-far = Replay so far
milestone-setup = Setup: { $label }
milestone-move = Move { $seq }: { $label }

## The replay viewer

replay-heading = game { $id }, replay
replay-game-page = Game page
replay-record = Record
replay-steps = Steps
replay-first = first
replay-prev = previous
replay-next = next
replay-last = last
replay-position = move { $seq } of { $last }
replay-step = Move { $seq } · { $name }: { $action }
replay-step-hidden = Move { $seq } · { $name }: a hidden choice
replay-setup = The setup: the first deal
replay-finished = The game is over: everything that was hidden is shown at every step.
replay-running = The game is still being played: this replay shows what spectators see.

## Verifying a record

verify-title = Verify a game record
verify-intro = Upload a corriere-record/1 file (download one from any finished game's page). The server checks it exactly as "corriere verify RECORD.json" does on your own machine: the commitment against the revealed secret, the seed derivation, the hash chain, and every action replayed through the rules. Paste the mails you kept to check their signed receipts, alone or against the record.
verify-ok = The record checks out.
verify-bad = The record does not check out.
verify-file = Record file
verify-paste = or paste it here
verify-button = Verify
verify-nothing = No record was sent: choose a record file or paste its text.
verify-problem-malformed = The file is not a readable record: { $detail }
verify-problem-unknown-format = The record's format { $format } is not known (this verifier reads { $known }).
verify-problem-unknown-game = The game { $game } is not one this server knows (it knows { $known }).
verify-problem-unknown-rules-version = Rules version { $version } is not known (this server plays { $known }).
verify-problem-options = The game's options do not read: { $detail }
verify-problem-bad-entry = Action { $position } is not a valid log entry: { $detail }
verify-problem-not-finished = The game is not finished yet: its { $actions ->
        [one] one action and the log check out
       *[other] { $actions } actions and the log check out
    }; the deal can be checked once the game is over.
verify-problem-outcome-without-secret = The record gives a result but not the secret that proves the deal: a finished game's record reveals it.
verify-problem-secret-not-hex = The revealed secret is not 64 hexadecimal digits.
verify-problem-commitment = The secret does not match what the server promised before the first deal.
verify-problem-seats = The seats do not read: { $detail }
verify-problem-contribution = The contribution of seat { $seat } is missing or wrong: { $detail }
verify-problem-genesis = The start of the log does not match the setup (the seats, options, promise or contributions were changed).
verify-problem-sequence = Action { $position } carries number { $found } where { $position } was expected.
verify-problem-redacted = Action { $position } is blanked out, but a finished game's record must show every action.
verify-problem-hash-mismatch = Action { $position } does not match the chain: it or an earlier action was changed.
verify-problem-time-backwards = Action { $position } is dated { $at }, before the previous action ({ $previous }).
verify-problem-time-text = Action { $position }: the written time { $text } does not say the same instant as { $at }.
verify-problem-before-deadline = Action { $position }: the clock acted at { $at }, before its deadline { $deadline }.
verify-problem-deadline-text = Action { $position }: the written deadline { $text } does not say the same instant as { $deadline }.
verify-problem-not-the-default = { $owed ->
        [yes] Action { $position }: the clock played { $played }, but the game's default there is { $default }.
       *[no] Action { $position }: the clock played { $played }, but the seat owed no decision there.
    }
verify-problem-setup = The rules refuse to set this game up: { $detail }
verify-problem-illegal = Action { $position } is not allowed by the rules: { $detail }
verify-problem-outcome = The record says the result was { $recorded }, but replaying the actions gives { $replayed }.
verify-problem-revealed-too-early = The secret is revealed, but the game is not over after its { $actions ->
        [one] one action
       *[other] { $actions } actions
    } (a record reveals the secret only once the game has ended).
verify-problem-head = The log's last hash does not match its last action.
record-step = { $name }: { $action }
page-unknown-kind = A game this server does not play
    .text = This game is a game of { $game }, which this server does not play (it may come from a newer version of corriere).
    .hint = Ask the operator of this server.
create-problem-same-address = Seats { $first } and { $second } have the same email address; each player needs an address of their own.
name-problem-empty = it is empty or shows nothing
name-problem-too-long = it is longer than { $max } characters
name-problem-control = it holds control characters
name-problem-reordering = it holds characters that reorder text
page-cross-site = This form came from another site
    .text = This form was sent from a page of another site, so nothing was done: corriere only takes forms from its own pages.
    .hint = Open the game from your mail and use the page's own buttons.
mail-failed-subject = Mail to { $name } about { $game } could not be delivered
mail-failed-intro = A mail to { $name } about { $game } could not be delivered, and will not be tried again. The mail server said:
mail-failed-what-now = Check the address with { $name }: until mail reaches them, they will not hear when it is their turn.
mail-failed-your-seat = Your seat in the game:
page-undelivered = Mail to { $name } could not be delivered.
page-undelivered-why = Mail to { $name } could not be delivered: { $reason }

## People: my games, preferences, unsubscribing

nav-my-games = My games
me-title = My games
me-intro = Type the address your invitations went to. If it has games here, we mail it a link that opens all of them (no password: the link is your key, it works once, for a short while).
me-address = Your email address
me-send-link = Mail me the link
me-sent = If that address has games here, a link is on its way. It works once; check your spam folder if it does not arrive.
me-bad-address = That does not look like an email address (expected name@example.org).
me-link-spent = This link was used already or has expired. Ask for a new one below.
me-link-invalid = This link is not valid. Ask for a new one below.
me-saved = Your settings are saved.
me-running = Games in play
me-invitations = Invitations
me-finished = Finished games
me-none = None.
me-your-turn = Your turn:
me-waiting = waiting on { $seats } since { $since }
me-waiting-accept = waiting for { $seats } to accept
me-answer = accept or decline
me-public = public page
me-mute = Mute
me-unmute = Unmute
me-cancelled = cancelled
me-replay = replay
me-record = record
me-seat = your seat
me-preferences = Mail settings
me-sign-out = Sign out
prefs-mode = How often we mail you
prefs-mode-every_turn = Every turn: a mail each time a game waits on you
prefs-mode-digest = A daily digest: one mail a day listing every game waiting on you
prefs-mode-results = Only deadlines and game results
prefs-hour = Hour of the daily digest
prefs-zone = Your time zone
prefs-zone-region = Your region
prefs-zone-all = All zones
prefs-zone-guessed = Guessed from your browser: { $zone }. Save to keep it, or choose yours.
prefs-zone-unknown = Not set yet: times are shown in UTC. Choose yours and save.
prefs-language = Language of pages and mails
prefs-language-browser = As my browser asks
prefs-never = Never mail me again (no game, no invitation)
prefs-save = Save
prefs-problem-mode = Choose how often we mail you.
prefs-problem-hour = Choose an hour from 00:00 to 23:00.
prefs-problem-zone = Choose a time zone from the list.
prefs-problem-language = Choose a language from the list.
language-en = English
language-pt = Português (Brasil)
language-switch = Language:
settings-title = Mail settings
settings-intro = How this address hears from us. These settings hold for every game you play here.
settings-my-games = All my games
settings-mute-heading = Muting a game
settings-mute-help = A muted game sends you no turn mails and stays out of your digest; its deadlines and result still come.
settings-muted = (muted)
unsubscribe-title = Stop all mail
unsubscribe-intro = Press the button and this site will never mail this address again: no turns, no results, no invitations. You can undo it from your mail settings.
unsubscribe-button = Never mail me again
unsubscribe-done = Done: this site will not mail this address again.
unsubscribe-games = Games that still wait on you
unsubscribe-games-meaning = You get no mail about these games any more: no turns, no reminders. Each still waits on you: where it has deadlines, the clock plays the rules' default for you when one passes, and after { $missed ->
        [one] one missed deadline
       *[other] { $missed } missed deadlines
    } a bot plays your seat. Their creators have been told. To play on, open your seats from “my games”; to leave a game, resign from its seat page.
unsubscribe-undo = Changed your mind? Your mail settings
unsubscribe-settings = Or choose fewer mails instead
page-bad-mail-link = This link is not valid
    .text = This mail-settings link is not valid: it may be mistyped, or you signed out everywhere since.
    .hint = Use the link in your most recent mail, or sign in from "My games".
page-bad-confirm = This confirmation link is not valid
    .text = This link does not confirm this game: it may be mistyped.
    .hint = Use the link in the confirmation mail.
page-too-many = Too many requests
limit-games = You created many games in a short time. Try again in { $minutes } minutes.
limit-sign_ins = We mailed this address several links in the last hour. Use the newest, or try again in { $minutes } minutes.
limit-invitations = One of the addresses has been invited several times today and never answered. Try again in { $minutes } minutes, or check the address.
rematch-heading = Play again?
rematch-same-order = Same seat order
rematch-random-order = A new random order
rematch-button = Propose a rematch
rematch-proposed = A rematch was proposed.
rematch-open = Open your seat in it
rematch-not-over = A rematch can be proposed once the game is over.
page-unavailable = Back in a moment
    .text = We cannot reach our database right now, so nothing was changed. Please try again in a minute.
me-sign-out-everywhere = Sign out everywhere
me-sign-out-everywhere-help = Ends your session on every browser and device, and makes the mail-settings links in your past mails stop working (the next mail brings a new one). A session also ends by itself after { $idle } days unused, and { $lifetime } days after you signed in.
me-signed-out-everywhere = You are signed out on every browser. Your old mail-settings links no longer work.
export-never-started = Game { $game } was cancelled before it started: it never had a log, so there is no record to export.
export-not-started = Game { $game } has not started yet (it waits for every seat to accept): there is no record to export until it starts.
signature-problem-unknown-key = It is signed with key { $key }, which this server never published: it is not one of the server's signatures.
signature-problem-outside-validity = { $current ->
        [yes] It is dated { $at }, but key { $key } only came into use on { $from }: the server could not have signed it then.
       *[other] It is dated { $at }, but key { $key } signed only from { $from } until { $until }: the server could not have signed it then.
    }
signature-problem-bad-signature = Its signature is not the server's: it was changed after it was signed, or forged.
receipt-contradiction-rewritten = { $seq ->
        [0] The start of the game was rewritten: the server signed log head { $signed } for it, but this record has { $recorded }. The seats, options or contributions were changed after the server acknowledged them.
       *[other] Move { $seq } was rewritten: the server signed log head { $signed } for it, but this record has { $recorded }. The history up to move { $seq } was changed after the server acknowledged it { $agrees ->
            [none] (no earlier receipt still agrees with this record).
            [0] (it still agreed at the start of the game).
           *[other] (it still agreed at move { $agrees }).
        }
    }
receipt-contradiction-dropped = The server acknowledged move { $seq }, but this record { $recorded ->
        [0] has no moves at all
       *[other] ends at move { $recorded }
    }: moves the server had accepted were removed from the history.
log-problem-other-game = These proofs are for another game than this record.
log-problem-tree-head = The signed tree head of the server's public log, given with the proofs, does not read: { $detail }
log-problem-signature = The tree head of the server's public log, given with the proofs, is not vouched for by the server: { $detail }
log-problem-not-logged = Move { $seq } has no proof that it is in the server's public log.
log-problem-wrong-leaf = Move { $seq }: the proof is for another entry than this record's: the move recorded here is not the one the server wrote in its public log.
log-problem-proof = Move { $seq } is not proved to be in the server's public log: { $detail }
log-problem-proof-out-of-range = position { $index } is beyond a log of { $size } entries.
log-problem-proof-bad-sizes = a log of { $first } entries cannot be checked against one of { $second }.
log-problem-proof-wrong-length = the proof has { $got ->
        [one] one hash
       *[other] { $got } hashes
    } where { $want } were expected.
log-problem-proof-mismatch = the proof does not lead to the root the server signed.
log-problem-proof-missing = a part of the log (level { $level }, node { $index }) could not be read.
