## The JSON API's error messages (`{"error": {"code", "message"}}`), in the language of the
## request (`Accept-Language`); the codes stay the same in every language.
api-error-unexpected = something went wrong on our side; try again
api-error-json-invalid = the JSON body is not valid: { $why }
api-error-json-content-type = send the body as JSON with `Content-Type: application/json`
api-error-json-unreadable = the JSON body could not be read
api-error-json-optional = send the body as JSON with `Content-Type: application/json` (or send no body)
api-error-unknown-kind = this game is of a kind this server does not play: { $game }
api-error-no-game = there is no game with this id
api-error-seat-name = `seats[{ $index }].name`: { $why }
api-error-bot-email = `seats[{ $index }]`: a bot's seat has no email
api-error-seat-email-missing = `seats[{ $index }].email`: give the player's address, or `"bot": true`
api-error-seat-email-bad = `seats[{ $index }].email`: not an email address we can send to
api-error-creator-seat = `creator_seat`: not one of the seats
api-error-title = `title`: { $why }
api-error-contribution = `contribution`: 1 to { $max } characters without control characters
api-error-bad-token = this seat token is not valid (it may have been replaced by a newer link)
api-error-missing-token = send the seat token as `Authorization: Bearer SEAT.TOKEN` (the seat number, a dot, and the token from your seat link)
api-error-message-to = `to` is a seat number from 1
api-error-already-accepted = you have already accepted
api-error-not-inviting = this game is no longer waiting for players
api-error-move-shape = send either `action` (one action) or `actions` (a non-empty list)
api-error-action-unreadable = the action is not one of this game's: { $why }
api-error-stale = the game has moved on: it is now at move { $seq }; fetch the seat again
api-error-not-playing = this game is not being played
api-error-unavailable = the database is out of reach for the moment; nothing was changed; try again in a minute
api-error-no-route = there is no such path in the API; its paths are listed in /api/openapi.json
api-error-method = this path takes { $allowed } only; its operations are listed in /api/openapi.json
