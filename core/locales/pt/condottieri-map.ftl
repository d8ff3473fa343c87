## O mapa de Condottieri (`present/condottieri/map.rs`): títulos e legenda da figura do
## tabuleiro, e sua alternativa em texto, a lista de unidades e marcadores por área.

condottieri-map-title = O tabuleiro da Itália renascentista, { $season } de { $year }
condottieri-map-season-spring = primavera
condottieri-map-season-summer = verão
condottieri-map-season-autumn = outono

## O título de uma área: nome, código, o que ela é e o que tem.

condottieri-map-area-title = { $name } ({ $code }): { $details }
condottieri-map-mark-title = { $name }: { $what }
condottieri-map-land = terra
condottieri-map-sea = mar
condottieri-map-venice = cidade da laguna (só frotas e guarnições)
condottieri-map-city = cidade
condottieri-map-fortress = cidade fortificada
condottieri-map-port = porto
condottieri-map-controlled = controlada { $slug ->
        [austria] pela Áustria
        [france] pela França
        [savoy] pela Saboia
        [hre] pelo Sacro Império
        [papacy] pelo Papado
        [spain] pelo Império Espanhol
        [turks] pelos Turcos
       *[other] por { $power }
    }
condottieri-map-uncontrolled = sem controle
condottieri-map-disabled = fora de jogo neste cenário
condottieri-map-famine = fome
condottieri-map-storm = tempestade
condottieri-map-rebellion = rebelião contra { $slug ->
        [austria] a Áustria
        [france] a França
        [savoy] a Saboia
        [hre] o Sacro Império
        [papacy] o Papado
        [spain] o Império Espanhol
        [turks] os Turcos
       *[other] { $power }
    }
condottieri-map-rebellion-garrisoned = rebelião contra { $slug ->
        [austria] a Áustria
        [france] a França
        [savoy] a Saboia
        [hre] o Sacro Império
        [papacy] o Papado
        [spain] o Império Espanhol
        [turks] os Turcos
       *[other] { $power }
    }, dona da cidade
condottieri-map-strait = Estreito entre { $first } e { $second }: uma fronteira pela água

## Unidades: da potência, por tipo; o título de uma unidade diz qual é e onde está. As
## mensagens que citam uma potência recebem também seu slug, `$slug`, para o artigo do nome.

condottieri-map-army = exército { $slug ->
        [austria] da Áustria
        [france] da França
        [savoy] da Saboia
        [hre] do Sacro Império
        [papacy] do Papado
        [spain] do Império Espanhol
        [turks] dos Turcos
       *[other] de { $power }
    }
condottieri-map-fleet = frota { $slug ->
        [austria] da Áustria
        [france] da França
        [savoy] da Saboia
        [hre] do Sacro Império
        [papacy] do Papado
        [spain] do Império Espanhol
        [turks] dos Turcos
       *[other] de { $power }
    }
condottieri-map-garrison = guarnição { $slug ->
        [austria] da Áustria
        [france] da França
        [savoy] da Saboia
        [hre] do Sacro Império
        [papacy] do Papado
        [spain] do Império Espanhol
        [turks] dos Turcos
       *[other] de { $power }
    }
condottieri-map-autonomous-garrison = uma guarnição autônoma
condottieri-map-besieging = { $unit }, sitiando a cidade (marcador de cerco { $count })
condottieri-map-retreating = { $unit }: precisa recuar (desalojamento)
condottieri-map-unit-title = { $unit } em { $name } ({ $code })

## Legenda sob a figura.

condottieri-map-legend-army = exército
condottieri-map-legend-fleet = frota
condottieri-map-legend-garrison = guarnição
condottieri-map-legend-city = cidade
condottieri-map-legend-fortress = cidade fortificada
condottieri-map-legend-port = porto
condottieri-map-legend-siege = marcador de cerco
condottieri-map-legend-retreating = em retirada
condottieri-map-legend-rebellion = rebelião
condottieri-map-legend-famine = fome
condottieri-map-legend-storm = tempestade

## A alternativa em texto: uma linha por área com unidades ou marcadores, na ordem dos códigos.

condottieri-map-list-title = Unidades e marcadores por área
condottieri-map-list-line = { $code } { $name }: { $contents }
condottieri-map-list-empty = Nenhuma unidade ou marcador está no tabuleiro.

## Potências: nomes, e as duas letras escritas em suas unidades (a cor nunca é a única pista).

condottieri-map-power-austria = Áustria
condottieri-map-power-florence = Florença
condottieri-map-power-france = França
condottieri-map-power-genoa = Gênova
condottieri-map-power-hre = Sacro Império
condottieri-map-power-milan = Milão
condottieri-map-power-naples = Nápoles
condottieri-map-power-papacy = Papado
condottieri-map-power-savoy = Saboia
condottieri-map-power-spain = Império Espanhol
condottieri-map-power-turks = Turcos
condottieri-map-power-venice = Veneza

condottieri-map-abbr-austria = AU
condottieri-map-abbr-florence = FL
condottieri-map-abbr-france = FR
condottieri-map-abbr-genoa = GE
condottieri-map-abbr-hre = SI
condottieri-map-abbr-milan = MI
condottieri-map-abbr-naples = NA
condottieri-map-abbr-papacy = PA
condottieri-map-abbr-savoy = SA
condottieri-map-abbr-spain = IE
condottieri-map-abbr-turks = TU
condottieri-map-abbr-venice = VE
# Escrito numa guarnição autônoma.
condottieri-map-abbr-autonomous = GA

## As 73 áreas (§3.2).

condottieri-map-area-alb = Albânia
condottieri-map-area-anc = Ancona
condottieri-map-area-aqu = Áquila
condottieri-map-area-are = Arezzo
condottieri-map-area-aus = Áustria
condottieri-map-area-avi = Avinhão
condottieri-map-area-bari = Bari
condottieri-map-area-ber = Bérgamo
condottieri-map-area-bol = Bolonha
condottieri-map-area-bos = Bósnia
condottieri-map-area-cap = Cápua
condottieri-map-area-car = Carníola
condottieri-map-area-carin = Caríntia
condottieri-map-area-cm = Mediterrâneo Central
condottieri-map-area-como = Como
condottieri-map-area-cor = Córsega
condottieri-map-area-cre = Cremona
condottieri-map-area-cro = Croácia
condottieri-map-area-dal = Dalmácia
condottieri-map-area-dur = Durazzo
condottieri-map-area-fer = Ferrara
condottieri-map-area-flo = Florença
condottieri-map-area-for = Fornovo
condottieri-map-area-fri = Friul
condottieri-map-area-gen = Gênova
condottieri-map-area-gol = Golfo de Leão
condottieri-map-area-gon = Golfo de Nápoles
condottieri-map-area-her = Herzegovina
condottieri-map-area-hun = Hungria
condottieri-map-area-is = Mar Jônico
condottieri-map-area-ist = Ístria
condottieri-map-area-la = Baixo Adriático
condottieri-map-area-ls = Mar da Ligúria
condottieri-map-area-luc = Luca
condottieri-map-area-man = Mântua
condottieri-map-area-mar = Marselha
condottieri-map-area-mes = Messina
condottieri-map-area-mil = Milão
condottieri-map-area-mod = Módena
condottieri-map-area-mon = Monferrato
condottieri-map-area-nap = Nápoles
condottieri-map-area-otr = Otranto
condottieri-map-area-pad = Pádua
condottieri-map-area-pal = Palermo
condottieri-map-area-par = Parma
condottieri-map-area-pat = Patrimônio
condottieri-map-area-pav = Pavia
condottieri-map-area-per = Perúgia
condottieri-map-area-pio = Piombino
condottieri-map-area-pis = Pistoia
condottieri-map-area-pisa = Pisa
condottieri-map-area-pro = Provença
condottieri-map-area-rag = Ragusa
condottieri-map-area-rome = Roma
condottieri-map-area-sal = Salerno
condottieri-map-area-salz = Saluzzo
condottieri-map-area-sar = Sardenha
condottieri-map-area-sav = Savona
condottieri-map-area-sie = Siena
condottieri-map-area-sla = Eslavônia
condottieri-map-area-spo = Espoleto
condottieri-map-area-swi = Suíça
condottieri-map-area-tre = Treviso
condottieri-map-area-trent = Trento
condottieri-map-area-ts = Mar Tirreno
condottieri-map-area-tun = Túnis
condottieri-map-area-tur = Turim
condottieri-map-area-tyr = Tirol
condottieri-map-area-ua = Alto Adriático
condottieri-map-area-urb = Urbino
condottieri-map-area-ven = Veneza
condottieri-map-area-ver = Verona
condottieri-map-area-wm = Mediterrâneo Ocidental
