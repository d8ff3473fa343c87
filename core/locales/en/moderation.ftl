## Block, mute and report: a person's blocks, reports of messages, the operator's blocks.

moderation-actions = Block or report
moderation-report = Report this message
moderation-report-reason = Why (optional, for the site's operator)
moderation-block = Block this player
moderation-block-help = Their messages, invitations and rematches will no longer reach you. They are not told.
moderation-blocked = Blocked: that player's messages, invitations and rematches no longer reach you. You can lift it in your mail settings.
moderation-reported = Thank you: the site's operator will read your report.
moderation-no-such-seat = There is no other player at that seat to block.
moderation-no-such-message = There is no such message at this table.
moderation-reason-too-long = A reason may have at most { $max } characters: shorten it and report again.
moderation-reason-unprintable = That reason holds control characters or characters that reorder text: remove them and report again.
moderation-already-reported = You reported this message already.
moderation-limited = You have sent many reports in the last hour: wait a while, then report again.
moderation-address-blocked = This address may not take part in games on this site.
moderation-no-such-block = You have no such block (it was lifted already).
moderation-blocked-heading = Players you blocked
moderation-blocked-help = Nothing of theirs reaches you: their messages, invitations and rematches. Lifting a block lets it reach you again.
moderation-blocked-none = You have blocked nobody.
moderation-unblock = Unblock
moderation-block-address = Block an address:
moderation-block-address-button = Block
moderation-block-address-help = Someone you do not want to hear from, even before they invite you: their invitations, rematches and messages will not reach you. They are not told.
moderation-block-bad-address = That does not look like an email address (expected name@example.org). Nothing was blocked; check it and try again.
moderation-block-own-address = That is your own address, so it cannot be blocked. Nothing was blocked.

create-problem-cannot-invite = Seat { $seat }: this player cannot be invited to your games. Invite someone else.
create-problem-creator-blocked = This address may not create games on this site.
talk-blocked = This address may not write to tables on this site; you can still read the table and play your seat.
