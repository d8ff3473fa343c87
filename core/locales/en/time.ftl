## Time: deadlines, reminders, the clock, bots, absences

time-weekday-0 = Monday
time-weekday-1 = Tuesday
time-weekday-2 = Wednesday
time-weekday-3 = Thursday
time-weekday-4 = Friday
time-weekday-5 = Saturday
time-weekday-6 = Sunday
time-month-1 = January
time-month-2 = February
time-month-3 = March
time-month-4 = April
time-month-5 = May
time-month-6 = June
time-month-7 = July
time-month-8 = August
time-month-9 = September
time-month-10 = October
time-month-11 = November
time-month-12 = December
time-clock = { $hour }:{ $minute }
time-zoned = { $time } { $zone }
time-moment = { $weekday } { $time }
time-date = { $weekday } { $day } { $month } { $time }
time-when = { $moment }, { $relative }
time-now = just now
time-in-days = in { $n } days
time-in-hours = { $n ->
    [one] in one hour
   *[other] in { $n } hours
}
time-in-minutes = { $n ->
    [one] in a minute
   *[other] in { $n } minutes
}
time-ago-days = { $n } days ago
time-ago-hours = { $n ->
    [one] an hour ago
   *[other] { $n } hours ago
}
time-ago-minutes = { $n ->
    [one] a minute ago
   *[other] { $n } minutes ago
}

pace-hours = { $hours ->
    [12] 12 hours per decision
    [24] 1 day per decision
    [48] 2 days per decision
    [72] 3 days per decision
    [120] 5 days per decision
    [168] 7 days per decision
    [336] 14 days per decision
   *[other] { $hours } hours per decision
}
pace-none = No deadline (friends who wait for each other)
home-pace = Pace
home-pace-help = Each player has this long for each decision; reminders come before the deadline, and at the deadline the clock plays the rules' default for them.
home-seat-bot = a bot plays this seat
bot-name = Bot { $seat }
create-problem-bot-email = Seat { $seat }: a bot's seat has no email address; leave it empty or untick the bot.
create-problem-creator-bot = You marked seat { $seat } as yourself, but a bot plays it.
create-problem-pace = Choose a pace from { $min } hours to { $max } hours per decision, or no deadline.

mail-reminder-subject = { $game }: your move is due { $due }
mail-reminder-intro = A reminder: in { $game } it is your decision, { $prompt }. It is due { $due }; then the clock plays the rules' default for you.
mail-overdue-subject = { $game }: past due, last chance until { $due }
mail-overdue-intro = Your deadline for { $prompt } in { $game } has passed, but you still have until { $due }; then the clock plays the rules' default for you.
mail-seat-absent-subject = { $you ->
        [yes] { $game }: you are absent, a bot plays for you
       *[no] { $game }: { $name } is absent
    }
mail-seat-absent = { $you ->
        [yes] You missed { $missed ->
            [one] a deadline
           *[other] { $missed } deadlines
        } and are now absent: a bot plays your seat until you act again from your link.
       *[no] { $name } missed { $missed ->
            [one] a deadline
           *[other] { $missed } deadlines
        } and is now absent: a bot plays the seat until they act again from their link.
    }
mail-seat-returned-subject = { $you ->
        [yes] { $game }: you are back
       *[no] { $game }: { $name } is back
    }
mail-seat-returned = { $you ->
        [yes] You are back and play your seat again.
       *[no] { $name } is back and plays their seat again.
    }
mail-seat-resigned-subject = { $you ->
        [yes] { $game }: you resigned
       *[no] { $game }: { $name } resigned
    }
mail-seat-resigned = { $you ->
        [yes] You resigned: a bot plays your seat from now on.
       *[no] { $name } resigned: a bot plays the seat from now on.
    }
mail-seat-resigned-creator = As the game's creator, you may invite someone to take the seat over, from your seat page.
mail-seat-replacement-subject = { $game }: a seat for you
mail-seat-replacement = You took over a seat in this game: it is yours now, and your decisions start now.
mail-seat-replacement-who = { $creator } invites you to take over the seat { $old } left.
mail-seat-replaced-subject = { $game }: { $name } takes over a seat
mail-seat-replaced = { $name } takes over the seat.
mail-seat-replaced-old = They play the seat { $old } left.
mail-seat-your-seat = Your seat in the game:
mail-take-over-subject = { $inviter } invites you to take over a seat in { $game }
mail-take-over-intro = { $inviter } invites you to take over the seat { $old } left in { $game }, a game of { $kind } by email already under way. Nothing changes until you accept: a bot plays the seat meanwhile.
mail-take-over-link = Accept here (the seat and its decisions become yours when you do):
mail-take-over-link-html = Take the seat over
take-over-intro = { $name }: { $inviter } invites you to take over the seat { $old } left in this game of { $kind }.
take-over-what = When you press the button, the seat is yours: a bot stops playing it, everyone at the table is told, and your decisions start with the whole pace.
take-over-button = Take the seat
take-over-done = You took over this seat: it is yours now. Everyone at the table was told.
page-take-over-gone = This seat cannot be taken over
    .text = Someone took it over already, the game is no longer being played, or the link is not one of ours.
mail-seat-unsubscribed-subject = { $game }: { $name } gets no more mail
mail-seat-unsubscribed = { $name } asked this site never to mail them again, so they get no mail about this game: no turns, no reminders. The game still waits on them: where it has deadlines, the clock plays the rules' default for them when one passes, and after { $missed ->
        [one] one missed deadline
       *[other] { $missed } missed deadlines
    } a bot plays their seat. You may want to reach them another way.

history-clock = { $you ->
        [yes] Your time ran out: the clock played the rules' default for you.
       *[no] { $name }'s time ran out: the clock played the rules' default.
    }
history-bot = { $you ->
        [yes] A bot played for you.
       *[no] A bot played for { $name }.
    }
status-due = Due { $due }.
status-waiting-since = Waiting on { $seats } since { $since }.
status-away = { $you ->
        [yes] You are away until { $until }.
       *[no] { $name } is away until { $until }.
    }
status-zone-guessed = Times are in { $zone }, guessed from your browser's language; choose your own time zone under My games.
status-absent = { $you ->
        [yes] You are absent: a bot plays your seat until you act again.
       *[no] { $name } is absent: a bot plays the seat until they act again.
    }
status-resigned = { $you ->
        [yes] You resigned: a bot plays your seat.
       *[no] { $name } resigned: a bot plays the seat.
    }
status-bot = { $you ->
        [yes] A bot plays your seat.
       *[no] A bot plays { $name }'s seat.
    }
mail-turn-due = Due { $due }; then the clock plays the rules' default for you.

seat-time-heading = Your seat
away-legend = Going away? Your deadlines in every game move past your absence.
away-from = From
away-to = to
away-button = Declare the absence
away-help = Other players see that you are away until then. At most 14 days a year.
away-problem-dates = Give two dates, the first from today on, the second not before the first.
away-problem-long = That is more than the { $days } days of absence a year allow: { $left } days are left this year.
away-mine = Your declared absences
away-listed = Away from { $from } until { $until }.
away-withdraw = Withdraw
away-declared = Your absence is recorded: your deadlines in every game move past it. It is listed under “Your declared absences”, where you can withdraw it.
away-withdrawn = Your absence is withdrawn: your deadlines count as if you had never declared it.
away-not-found = There was no such absence to withdraw: it was withdrawn already, or it is over.
replace-done = We mailed your invitation to take over seat { $seat }. The seat stays as it is, played by a bot, until they accept; everyone at the table is told then.
resign-button = Resign…
cancel-button = Cancel the game…
replace-legend = Invite someone to take over a resigned seat
replace-seat = Seat
replace-name = Their name
replace-email = Their email
replace-button = Invite them
standin-list = List seat { $seat } ({ $name }'s, resigned) in the lobby for a stand-in
standin-listed = Seat { $seat } ({ $name }'s, resigned) is listed in the lobby for a stand-in: the first to ask for it there and follow the mailed link takes it over.
standin-withdraw = Withdraw it
standin-done = Seat { $seat } is listed in the lobby: anyone may ask for it there, and gets a link by mail; the first to follow one takes the seat over.
standin-withdrawn = The seat is no longer listed in the lobby.
standin-problem = Choose one of the resigned seats to list.
replace-problem = Choose a resigned seat and give the newcomer's name and a valid email address.
replace-not-playing = This game is no longer being played, so its seats cannot be handed to anyone else.
confirm-back = No, go back to the game
confirm-resign = Resign this game?
    .text = A bot plays your seat from now on, to the end; you cannot take it back. The game's creator may invite someone to take it over.
    .button = Yes, resign
confirm-decline = Decline this invitation?
    .text = The game is cancelled for every player, and everyone is told by mail. This cannot be undone.
    .button = Yes, decline
confirm-cancel = Cancel this game for everyone?
    .text = The game ends here, for every player, and everyone is told by mail. This cannot be undone.
    .button = Yes, cancel the game
time-not-playing = This game is not being played, so there is nothing to resign from.
time-not-cancellable = This game is already over or cancelled.
mail-cancelled-creator = { $you ->
        [yes] You cancelled the game.
       *[no] { $name }, who created the game, cancelled it.
    }
page-cancelled-creator = This game was cancelled
    .text = Its creator cancelled this game, so it will not be continued.
    .hint = Start a new game from the home page.
status-cancelled-creator = This game was cancelled by its creator.
back-text = You missed too many deadlines, so a bot plays your seat.
back-button = I'm back: give me my seat
back-done = Welcome back: the seat is yours again, everyone at the table was told, and a decision you owe has its whole pace again.
resign-done = You resigned: a bot plays your seat from now on, and everyone at the table was told.
