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
