## Table talk: messages between seats, and moves and messages by reply.

home-private-table = Private table
home-private-table-help = Only the players read the table's messages; spectators see the game but not the talk.

talk-title = Table talk
talk-empty = Nobody has said anything yet.
talk-heading = { $from } · move { $move }
talk-heading-private = { $from } → { $to } (private) · move { $move }
talk-label-text = Your message
talk-label-to = To
talk-to-everyone = Everyone at the table
talk-to-private = { $name } only (private)
talk-send = Send message
talk-help = Messages are not part of the game's log. A private message is read only by the two of you. You can also answer any mail from this game.
talk-problem-empty = Write something before sending the message.
talk-problem-too-long = That message is too long: shorten it and send it again (your text is still in the box).
talk-problem-unprintable = That message holds control characters or characters that reorder text: remove them and send it again.
talk-problem-no-such-seat = Choose a player at this table (or everyone) to send the message to.
talk-problem-limited = You have sent many messages in the last hour: wait a while, then send it again.
talk-problem-no-press = This table plays without messages (the creator chose “no press”): your orders are all the others will see of you.
talk-problem-public-only = This table allows messages to everyone only (the creator chose “public press”): send it to everyone, or keep it to yourself.
talk-off = This table plays without messages (no press).
talk-public-only = At this table messages go to everyone (public press).

talk-mail-subject = { $game }: new messages at the table
talk-mail-intro = New messages at the table of { $game }:
talk-mail-line = { $name }: { $text }
talk-mail-line-private = { $name } (only to you): { $text }
talk-mail-reply-hint = Answer this mail to write back (to the table, or privately if the last message was private to you).

mail-turn-talk = Messages at the table since you last played:
mail-turn-commands = You can answer this mail with your move on the first line, for example:

# Words people leave out of reply commands ("place on Firenze"), space-separated.
reply-filler-words = the a an on to with and card cards my

# A player's address that is one of the site's own (its From, or at its reply domain): mail to
# it would come back to the site.
create-problem-email-ours = Seat { $seat }: "{ $email }" is an address of this site, not a player's. Give the player's own email address.
api-error-seat-email-ours = `seats[{ $index }].email`: an address of this site, not a player's; give the player's own address
replace-problem-email-ours = "{ $email }" is an address of this site, not a player's. Give the newcomer's own email address.

## A seat's private notes: its page only, never in a record, an export or a mail.
notes-title = My private notes
notes-label = Notes for yourself about this game (plans, promises, what others said)
notes-save = Save my notes
notes-help = Only this seat's page shows them: not the other players, not the public page, not the game's record, not any mail. They stay with the seat: whoever plays it after you reads them. Empty the box and save to erase them.
notes-saved = Your notes are saved.
notes-problem-too-long = Those notes are longer than { $max } characters: shorten them and save again. The notes saved before are unchanged.
notes-problem-unprintable = Those notes hold control characters or characters that reorder text: remove them and save again. The notes saved before are unchanged.

# Talk: a page carries only its newest messages; the older ones are behind this link, and on pages of their own.
talk-earlier-link = { $count ->
        [one] One earlier message
       *[other] { $count } earlier messages
    }
talk-page-title = Table talk of { $game }
