# Words of the safety and accessibility work (issue 13): the 404 page, labels, the audit section.

page-not-found = Page not found
    .text = There is no page at this address.
    .hint = Check the link, or start again from the home page.

# The accessible name of an option's number field (Play for Points: its target).
option-number-label = { $option }: target in { $unit }

# The seat page's audit section, collapsed at the bottom.
seat-audit = Audit
seat-audit-intro = How anyone can check this game was dealt and played fairly: the log head changes with every move, the deal commitment was published before anyone joined, and the record lets you replay and verify every move.

# The public page's table of players (its name for screen readers: it scrolls on a phone).
public-players = Players
