## Pergamemnon card sets: the problems the validation of a card set finds, for the operator who
## loads or transcribes one (rules reference §4.2, V1–V12, and the identity constraints I1–I10
## of §4.5). Every message takes `$at` (where: a JSON path, a card id and field, or a nation's
## cards such as army[nation=romans]), `$found` (what the file has) and `$expected`.

pergamemnon-cardset-v1 = At { $at } the file does not follow the card-set format: found { $found }, but the format requires { $expected }. Correct the JSON there (the schema is §4.1 of the rules reference) and load the set again.
pergamemnon-cardset-v2 = { $at }: the card id { $found } cannot be used, expected { $expected }. Every card needs an id of its own, and ids starting with chr_ belong to the charisma cards: rename the card.
pergamemnon-cardset-v3 = { $at }: found { $found }, expected { $expected }. Each nation needs exactly 11 army cards, exactly one of them with "leader": true, named Caesar, Nefertiti, Agamemnon, Hannibal or Xerxes after its nation. Correct the nation, leader or name of these cards.
pergamemnon-cardset-v4 = The troops of { $at } do not match the nation's roster: the file has { $found } too many and { $expected } too few. Correct the names or nations of these cards so the troops are the roster of §3.2.
pergamemnon-cardset-v5 = { $at }: found { $found } among the creatures, expected { $expected }. Creature names must be unique, and a published or reference set must include Orthos, Dryad, Centaur, Minotaur, Cyclops and Sphinx: correct the creature names.
pergamemnon-cardset-v6 = { $at } is { $found }, but the rulebook prints { $expected } (Agamemnon's charisma is 5, the Centaur costs 6). Check the card and correct the value.
pergamemnon-cardset-v7 = { $at } is { $found }, outside the usual range { $expected }. The set loads, but check the card: this is most likely a typing mistake.
pergamemnon-cardset-v8 = { $at } is { $found }: the card both flees and secures its points, where a card usually has one of { $expected }. The set loads; check the card (ruling R12 decides what becomes of it).
pergamemnon-cardset-v9 = { $at } is { $found }, expected { $expected }: this leader flees, so only Egypt could ever capture it and its city would hardly ever turn. The set loads; check the card.
pergamemnon-cardset-v10 = { $found } cards of this published set are not marked "verified": true (the first at { $at }), expected { $expected }. The set loads and is shown as partly verified: check each card against the physical deck and mark it verified.
pergamemnon-cardset-v11 = { $at } is { $found }, expected { $expected }: this reference set breaks an identity constraint (I1–I10 of §4.5) that keeps the nations' profiles from the rulebook. Change the values until the constraint holds again.
pergamemnon-cardset-v12 = At { $at } the file has { $found } where { $expected } belongs. Army cards go in the nation order romans, egyptians, hellenes, carthaginians, persians, each nation's leader first: move the cards into this order.
pergamemnon-cardset-i1 = The mean attack value of { $at } is { $found }, but it must be { $expected }: no nation may hit harder on average than the Persians (I1). Lower these weapon values or raise the Persians'.
pergamemnon-cardset-i2 = The mean of { $at } is { $found }, but it must be { $expected }: the Persians' helmet must be their weakest defence and the weakest helmet of all nations (I2). Change the helmet values.
pergamemnon-cardset-i3 = The mean attack value of { $at } is { $found }, but it must be { $expected }: the Egyptians must have the lowest mean attack value (I3). Lower the Egyptian weapon values or raise the other nation's.
pergamemnon-cardset-i4 = The mean of { $at } is { $found }, but it must be { $expected }: the Egyptians' armour must be their weakest defence, and their helmet and shield at least the mean over all army cards (I4). Change the Egyptian defence values.
pergamemnon-cardset-i5 = { $at } is { $found }, but it must be { $expected }: Nefertiti must have the highest charisma of all army cards (I5). Lower this card's charisma or raise Nefertiti's.
pergamemnon-cardset-i6 = The mean of { $at } is { $found }, but it must be { $expected }: the Hellenes' armour must be their weakest defence, and their charisma the lowest of all nations (I6). Change the Hellene values.
pergamemnon-cardset-i7 = { $at } is { $found }, but it must be { $expected }: Hercules must have the highest attack value of the Hellene cards (I7). Lower this card's weapon value or raise Hercules'.
pergamemnon-cardset-i8 = The mean of { $at } is { $found }, but it must be { $expected }: the Carthaginians' shield must be their weakest defence (I8). Change the Carthaginian defence values.
pergamemnon-cardset-i9 = The mean attack value of { $at } is { $found }, but it must be { $expected }: the Romans must hit below the mean over all army cards (I9). Lower the Roman weapon values.
pergamemnon-cardset-i10 = { $at } is { $found }, but the rulebook's examples fix it at { $expected } (I10). A reference set never changes these values: put it back.
