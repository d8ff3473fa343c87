## The Condottieri map (`present/condottieri/map.rs`): the board picture's titles and legend,
## and its text alternative, the list of units and markers by area.

condottieri-map-title = The board of Renaissance Italy, { $season } { $year }
condottieri-map-season-spring = Spring
condottieri-map-season-summer = Summer
condottieri-map-season-autumn = Autumn

## An area's title: its name, code and what it is and holds.

condottieri-map-area-title = { $name } ({ $code }): { $details }
condottieri-map-mark-title = { $name }: { $what }
condottieri-map-land = land
condottieri-map-sea = sea
condottieri-map-venice = lagoon city (fleets and garrisons only)
condottieri-map-city = city
condottieri-map-fortress = fortified city
condottieri-map-port = port
condottieri-map-controlled = controlled by { $slug ->
        [hre] the Holy Roman Empire
        [papacy] the Papacy
        [spain] the Spanish Empire
        [turks] the Turks
       *[other] { $power }
    }
condottieri-map-uncontrolled = not controlled
condottieri-map-disabled = out of play in this scenario
condottieri-map-famine = famine
condottieri-map-storm = storm
condottieri-map-rebellion = rebellion against { $slug ->
        [hre] the Holy Roman Empire
        [papacy] the Papacy
        [spain] the Spanish Empire
        [turks] the Turks
       *[other] { $power }
    }
condottieri-map-rebellion-garrisoned = rebellion against { $slug ->
        [hre] the Holy Roman Empire
        [papacy] the Papacy
        [spain] the Spanish Empire
        [turks] the Turks
       *[other] { $power }
    }, holding the city
condottieri-map-strait = Strait between { $first } and { $second }: a border across the water

## Units: the power's, by type; a unit's title names it and where it stands. Messages that
## name a power also get its slug, `$slug`, for the article a name takes.

condottieri-map-army = { $slug ->
        [hre] the Holy Roman Empire's
        [papacy] the Papacy's
        [spain] the Spanish Empire's
        [turks] the Turks'
       *[other] { $power }'s
    } army
condottieri-map-fleet = { $slug ->
        [hre] the Holy Roman Empire's
        [papacy] the Papacy's
        [spain] the Spanish Empire's
        [turks] the Turks'
       *[other] { $power }'s
    } fleet
condottieri-map-garrison = { $slug ->
        [hre] the Holy Roman Empire's
        [papacy] the Papacy's
        [spain] the Spanish Empire's
        [turks] the Turks'
       *[other] { $power }'s
    } garrison
condottieri-map-autonomous-garrison = an autonomous garrison
condottieri-map-besieging = { $unit }, besieging the city (siege counter { $count })
condottieri-map-retreating = { $unit }, dislodged, must retreat
condottieri-map-unit-title = { $unit } in { $name } ({ $code })

## Legend under the picture.

condottieri-map-legend-army = army
condottieri-map-legend-fleet = fleet
condottieri-map-legend-garrison = garrison
condottieri-map-legend-city = city
condottieri-map-legend-fortress = fortified city
condottieri-map-legend-port = port
condottieri-map-legend-siege = siege counter
condottieri-map-legend-retreating = dislodged
condottieri-map-legend-rebellion = rebellion
condottieri-map-legend-famine = famine
condottieri-map-legend-storm = storm

## The text alternative: one line per area with units or markers, in code order.

condottieri-map-list-title = Units and markers by area
condottieri-map-list-line = { $code } { $name }: { $contents }
condottieri-map-list-empty = No unit or marker stands on the board.

## Powers: names, and the two letters written on their units (so colour is never the only cue).

condottieri-map-power-austria = Austria
condottieri-map-power-florence = Florence
condottieri-map-power-france = France
condottieri-map-power-genoa = Genoa
condottieri-map-power-hre = Holy Roman Empire
condottieri-map-power-milan = Milan
condottieri-map-power-naples = Naples
condottieri-map-power-papacy = Papacy
condottieri-map-power-savoy = Savoy
condottieri-map-power-spain = Spanish Empire
condottieri-map-power-turks = Turks
condottieri-map-power-venice = Venice

condottieri-map-abbr-austria = AU
condottieri-map-abbr-florence = FL
condottieri-map-abbr-france = FR
condottieri-map-abbr-genoa = GE
condottieri-map-abbr-hre = HR
condottieri-map-abbr-milan = MI
condottieri-map-abbr-naples = NA
condottieri-map-abbr-papacy = PA
condottieri-map-abbr-savoy = SA
condottieri-map-abbr-spain = SP
condottieri-map-abbr-turks = TU
condottieri-map-abbr-venice = VE
# Written on an autonomous garrison.
condottieri-map-abbr-autonomous = AG

## The 73 areas (§3.2).

condottieri-map-area-alb = Albania
condottieri-map-area-anc = Ancona
condottieri-map-area-aqu = Aquila
condottieri-map-area-are = Arezzo
condottieri-map-area-aus = Austria
condottieri-map-area-avi = Avignon
condottieri-map-area-bari = Bari
condottieri-map-area-ber = Bergamo
condottieri-map-area-bol = Bologna
condottieri-map-area-bos = Bosnia
condottieri-map-area-cap = Capua
condottieri-map-area-car = Carniola
condottieri-map-area-carin = Carinthia
condottieri-map-area-cm = Central Mediterranean
condottieri-map-area-como = Como
condottieri-map-area-cor = Corsica
condottieri-map-area-cre = Cremona
condottieri-map-area-cro = Croatia
condottieri-map-area-dal = Dalmatia
condottieri-map-area-dur = Durazzo
condottieri-map-area-fer = Ferrara
condottieri-map-area-flo = Florence
condottieri-map-area-for = Fornovo
condottieri-map-area-fri = Friuli
condottieri-map-area-gen = Genoa
condottieri-map-area-gol = Gulf of Lions
condottieri-map-area-gon = Gulf of Naples
condottieri-map-area-her = Herzegovina
condottieri-map-area-hun = Hungary
condottieri-map-area-is = Ionian Sea
condottieri-map-area-ist = Istria
condottieri-map-area-la = Lower Adriatic
condottieri-map-area-ls = Ligurian Sea
condottieri-map-area-luc = Lucca
condottieri-map-area-man = Mantua
condottieri-map-area-mar = Marseille
condottieri-map-area-mes = Messina
condottieri-map-area-mil = Milan
condottieri-map-area-mod = Modena
condottieri-map-area-mon = Montferrat
condottieri-map-area-nap = Naples
condottieri-map-area-otr = Otranto
condottieri-map-area-pad = Padua
condottieri-map-area-pal = Palermo
condottieri-map-area-par = Parma
condottieri-map-area-pat = Patrimony
condottieri-map-area-pav = Pavia
condottieri-map-area-per = Perugia
condottieri-map-area-pio = Piombino
condottieri-map-area-pis = Pistoia
condottieri-map-area-pisa = Pisa
condottieri-map-area-pro = Provence
condottieri-map-area-rag = Ragusa
condottieri-map-area-rome = Rome
condottieri-map-area-sal = Salerno
condottieri-map-area-salz = Saluzzo
condottieri-map-area-sar = Sardinia
condottieri-map-area-sav = Savona
condottieri-map-area-sie = Siena
condottieri-map-area-sla = Slavonia
condottieri-map-area-spo = Spoleto
condottieri-map-area-swi = Swiss
condottieri-map-area-tre = Treviso
condottieri-map-area-trent = Trent
condottieri-map-area-ts = Tyrrhenian Sea
condottieri-map-area-tun = Tunis
condottieri-map-area-tur = Turin
condottieri-map-area-tyr = Tyrol
condottieri-map-area-ua = Upper Adriatic
condottieri-map-area-urb = Urbino
condottieri-map-area-ven = Venice
condottieri-map-area-ver = Verona
condottieri-map-area-wm = Western Mediterranean
