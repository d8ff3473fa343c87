# Notices beyond mail (issue 31, item 7): a game's Atom feed, a person's calendar of deadlines.

# A game's feed of its public events, in a feed reader.
feed-title = { $game }: what happened
feed-entry-title = Move { $move }
# The seat page's section with the feed's address.
feed-heading = Follow this game in a feed reader
feed-help = This Atom feed lists what anyone may see of the game as it happens (never your hand or anything else private). Every player of the game is shown the same feed; anyone with the address can read it. Revoke it to stop every copy of the address working; this page then shows a new one.
feed-revoke = Revoke this feed address
feed-revoked = The old feed address no longer works. Here is the new one.
page-feed-gone = No such feed
    .text = This feed address does not work: it may be mistyped, or it was revoked.
    .hint = Ask a player of the game for its current feed address.

# A person's calendar of deadlines, in a calendar program.
calendar-name = My corriere deadlines
calendar-event-summary = Your move in { $game }
# The mail-settings page's section with the calendar's address.
calendar-heading = Your deadlines in your calendar
calendar-help = Subscribe to this address in your calendar program: each game that waits on you shows as an event at its deadline. The events link to the game's public page, not to your seat. Anyone with the address sees your deadlines; revoke it to stop it working.
calendar-revoke = Revoke this calendar address
calendar-revoked = The old calendar address no longer works. Here is the new one.

# A person's webhook, on the mail-settings page.
webhook-heading = A webhook for your turns, results and private messages
webhook-help = We post to this address when a game waits on you, when a game ends and when a player writes to you privately: a JSON message, or one Discord or Slack show in a channel. It says what the subject of your mail says and links to the game's public page, never to your seat. Leave it empty to stop.
webhook-url = Webhook address (http:// or https://)
webhook-format = Format
webhook-format-json = JSON (corriere's own)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-save = Save the webhook
webhook-last-sent = Last delivered { $when }.
webhook-last-error = Last failed { $when }: { $error }. We try again a few times, waiting longer each time.
webhook-problem-url = a webhook must be an http:// or https:// address of at most 500 characters
webhook-problem-format = a webhook's format must be JSON, Discord or Slack
page-webhook-bad-url = This webhook address cannot be used
    .text = A webhook must be an http:// or https:// address of at most 500 characters. Your settings are unchanged.
    .hint = Go back and paste the address your chat or service gave you.
page-webhook-bad-format = This webhook format is not one we offer
    .text = Choose JSON, Discord or Slack. Your settings are unchanged.
    .hint = Go back and choose one of the formats offered.
