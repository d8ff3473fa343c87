## The transparency log on the web (/transparency, its JSON answers and feed) and the receipts
## and proofs the /verify page checks.

transparency-title = The public transparency log
transparency-protects = Every move you make is stored in a chain of hashes, and the server signs a receipt for it: “move N, log head …”. It also writes every stored move into a public transparency log, whose signed state (a “tree head”) anyone can fetch and keep. Together they protect you from the one thing a record that checks out cannot: the server quietly rewriting a game after the fact and handing out a new record that is consistent with itself. A rewritten game contradicts the receipts you already hold, and the log cannot drop or change a move without its signed tree heads giving it away.
transparency-how = How to check: keep your mails. Each one carries a signed receipt and the newest tree head. Then, at any time:
transparency-how-verify = paste them with the game's record into the verifier:
transparency-verify-link = verify a record and its receipts
transparency-how-command = or check on your own computer:
transparency-how-proofs = each game offers its record and its proofs of being in the log:
transparency-head-title = Newest signed tree head
transparency-head-size = Entries in the log
transparency-head-root = Root hash
transparency-head-time = Signed at (UTC)
transparency-head-key = Signed with key
transparency-head-line = As a line, the way mails carry it:
transparency-head-none = The log has no signed tree head yet: it gets one shortly after the first move of any game.
transparency-keys-title = Signing keys
transparency-keys-none = No key is published yet.
transparency-key-current = in use since { $from }
transparency-key-retired = valid from { $from } until { $until }
transparency-links-title = For programs
transparency-link-head = the newest signed tree head (add ?size=N for one of the newest 50)
transparency-link-feed = a feed of the newest 50 signed tree heads
transparency-link-keys = every key the service signs or signed with
transparency-ask-title = Ask for a proof
transparency-ask-inclusion = Proof that a move of a game is in the log, under the newest tree head:
transparency-ask-game = Game id
transparency-ask-seq = Move number
transparency-ask-inclusion-button = Get the inclusion proof
transparency-ask-consistency = Proof that the log of an earlier size is still the start of the log of a later size (nothing was removed or changed in between):
transparency-ask-first = Earlier size
transparency-ask-second = Later size
transparency-ask-consistency-button = Get the consistency proof
transparency-feed-title = corriere: signed tree heads of the transparency log
transparency-feed-subtitle = Each entry is a tree head the service signed; keep them to check later that the log only ever grew.
transparency-feed-entry = Tree head of { $size } entries

## The JSON errors of /transparency/… (`{"error": {"code", "message"}}`).
transparency-error-game-missing = `game` is missing: send game=ID, the id of the game (as in its address /games/ID)
transparency-error-game = `game`: “{ $value }” is not a game id: send game=ID, the id from the game's address /games/ID
transparency-error-seq-missing = `seq` is missing: send seq=N, the move number (0 or more)
transparency-error-seq = `seq`: “{ $value }” is not a move number: send seq=N, a whole number from 0
transparency-error-size = `size`: “{ $value }” is not a size of the log: send size=N, a whole number from 1, or leave it out for the newest tree head
transparency-error-first-missing = `first` is missing: send first=M and second=N, two sizes of the log with M ≤ N
transparency-error-first = `first`: “{ $value }” is not a size of the log: send first=M, a whole number from 1
transparency-error-second-missing = `second` is missing: send first=M and second=N, two sizes of the log with M ≤ N
transparency-error-second = `second`: “{ $value }” is not a size of the log: send second=N, a whole number from 1
transparency-error-bad-sizes = the log cannot prove { $first } against { $second }: send 1 ≤ first ≤ second ≤ the size of the log (see /transparency/tree-head.json)
transparency-error-no-proof = no proof can be given: { $detail }
transparency-error-not-logged = move { $seq } of game { $game } is not in the log (yet): moves are logged within a minute or so of being made
transparency-error-no-tree-head = the log has no signed tree head of { $size } entries: ask without `size` for the newest one
transparency-error-empty = the log has no signed tree head yet: it gets one shortly after the first move of any game
transparency-error-no-recent-tree-head = none of the newest { $count } signed tree heads is of { $size } entries: ask without `size` for the newest one, or see the feed /transparency/tree-heads.atom

## /verify: receipts and proofs.
verify-receipts = Receipts (optional): paste one or more of your mails, or their receipt lines
verify-proofs = The game's proofs (optional, its proofs.json)
verify-proofs-where = A game's proofs are at /games/ID/proofs.json, beside its record; see
verify-transparency-link = the public transparency log
verify-keys = The keys receipts are checked with (every key the service signed with, and when):
verify-receipts-title = Your receipts
verify-receipts-none = No receipt was found in the text you pasted: a receipt is a line that starts with “corriere-receipt/1”.
verify-receipts-too-long = The receipts text is longer than { $max } bytes: paste fewer mails at a time. The receipts were not checked.
verify-receipt-unreadable = A receipt does not read: it may have been cut short or changed by a mail program. Paste the whole line, as it is in the mail.
verify-receipt-other-game = The receipt for move { $seq } is for another game ({ $game }): it was not compared with this record.
verify-receipt-bad = The receipt for move { $seq }: { $problem }
verify-receipt-ok = The receipt for move { $seq } is signed by the service and agrees with the record.
verify-receipts-agree = { $count ->
    [one] The record agrees with your signed receipt.
   *[other] The record agrees with all { $count } of your signed receipts.
  }
verify-rewritten-title = Proof of a rewrite
verify-rewritten = The server signed a receipt that says something different from this record: the game's history was changed after the fact.
verify-proofs-title = The public log
verify-proofs-unreadable = The proofs file does not read: { $detail }
verify-proofs-ok = Every move of the record is in the public log, under the tree head of { $size } entries signed { $time } with key { $key }.
verify-proofs-bad = The proofs do not hold: { $problem }

## The game's public page (its template adds the link beside the record's).
public-proofs = Its proofs in the public log
