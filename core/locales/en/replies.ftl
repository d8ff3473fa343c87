# The answer to a reply by mail (service/replies.rs, templates/mail/answer/): what became of
# the reply, line by line; when the seat must decide, it is the seat's turn mail too.

answer-mail-subject = { $game }: your reply
answer-mail-subject-turn = { $game }: your reply, and your turn
answer-mail-decide = Now: { $prompt }
answer-mail-due = Due: { $due }
answer-applied = Applied: your move is move { $seq }.
answer-refused = Not applied: the rules do not allow that move now. Nothing was played.
answer-not-understood = Not applied: your reply has a line that looks like a move but is none of your legal moves. Nothing was played.
answer-stale = The game moved on (it is now at move { $seq }): your reply answered an older decision, so nothing was played.
answer-not-playing = Not applied: this game is not being played now.
answer-message-table = Your message went to everyone at the table.
answer-message-private = Your message went to { $name } only.
answer-message-refused = Your message was not sent.
answer-why-not-played = It could not be played from a mail: open your seat page and play it there.
answer-why-not-posted = It could not be posted from a mail: open your seat page and write it there.

# One line of a reply with commands, and what became of it.
answer-line-applied = ✓ “{ $line }”: played.
answer-line-refused = ✗ “{ $line }”: refused. { $rule }
answer-line-not-understood = ? “{ $line }”: not understood. The nearest commands you can give now: { $nearest }.
answer-line-not-understood-alone = ? “{ $line }”: not understood, and you have no move to make by mail now.
answer-line-stale = ✗ “{ $line }”: too late, the game has moved past the decision it answered.
answer-line-unplayed = – “{ $line }”: not played, because a line before it was not.
answer-line-aside = – “{ $line }”: not a command; set aside.
answer-nothing-posted = Nothing of this reply went to the table: a reply with moves is never posted, so that no line of it gives your hand away. To write to the table, answer with a message alone, or write on your seat page.
