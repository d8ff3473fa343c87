## War com o mod SMART: todas as palavras do apresentador do jogo. Os argumentos de lugar vêm em
## pares: o nome (ou "você" para o lugar de quem lê) e a pessoa, `-p`: "you" ou "other".

war-title = War (mod SMART)
war-tagline = Conquiste o mapa-múndi do clássico brasileiro, com objetivos secretos e poderes nas cartas (Grow, mod SMART 1.0).
war-setup = os objetivos e os territórios são distribuídos e as cartas embaralhadas

## Territórios, continentes, símbolos, cartas, cores, objetivos

war-territory-alasca = Alasca
    .the = o Alasca
    .in = no Alasca
    .from = do Alasca
    .to = para o Alasca
war-territory-mackenzie = Mackenzie
    .the = o Mackenzie
    .in = no Mackenzie
    .from = do Mackenzie
    .to = para o Mackenzie
war-territory-groenlandia = Groenlândia
    .the = a Groenlândia
    .in = na Groenlândia
    .from = da Groenlândia
    .to = para a Groenlândia
war-territory-vancouver = Vancouver
    .the = Vancouver
    .in = em Vancouver
    .from = de Vancouver
    .to = para Vancouver
war-territory-ottawa = Ottawa
    .the = Ottawa
    .in = em Ottawa
    .from = de Ottawa
    .to = para Ottawa
war-territory-labrador = Labrador
    .the = o Labrador
    .in = no Labrador
    .from = do Labrador
    .to = para o Labrador
war-territory-california = Califórnia
    .the = a Califórnia
    .in = na Califórnia
    .from = da Califórnia
    .to = para a Califórnia
war-territory-nova-york = Nova York
    .the = Nova York
    .in = em Nova York
    .from = de Nova York
    .to = para Nova York
war-territory-mexico = México
    .the = o México
    .in = no México
    .from = do México
    .to = para o México
war-territory-venezuela = Venezuela
    .the = a Venezuela
    .in = na Venezuela
    .from = da Venezuela
    .to = para a Venezuela
war-territory-peru = Peru
    .the = o Peru
    .in = no Peru
    .from = do Peru
    .to = para o Peru
war-territory-brasil = Brasil
    .the = o Brasil
    .in = no Brasil
    .from = do Brasil
    .to = para o Brasil
war-territory-argentina = Argentina
    .the = a Argentina
    .in = na Argentina
    .from = da Argentina
    .to = para a Argentina
war-territory-islandia = Islândia
    .the = a Islândia
    .in = na Islândia
    .from = da Islândia
    .to = para a Islândia
war-territory-inglaterra = Inglaterra
    .the = a Inglaterra
    .in = na Inglaterra
    .from = da Inglaterra
    .to = para a Inglaterra
war-territory-suecia = Suécia
    .the = a Suécia
    .in = na Suécia
    .from = da Suécia
    .to = para a Suécia
war-territory-alemanha = Alemanha
    .the = a Alemanha
    .in = na Alemanha
    .from = da Alemanha
    .to = para a Alemanha
war-territory-portugal = Portugal
    .the = Portugal
    .in = em Portugal
    .from = de Portugal
    .to = para Portugal
war-territory-polonia = Polônia
    .the = a Polônia
    .in = na Polônia
    .from = da Polônia
    .to = para a Polônia
war-territory-moscou = Moscou
    .the = Moscou
    .in = em Moscou
    .from = de Moscou
    .to = para Moscou
war-territory-argelia = Argélia
    .the = a Argélia
    .in = na Argélia
    .from = da Argélia
    .to = para a Argélia
war-territory-egito = Egito
    .the = o Egito
    .in = no Egito
    .from = do Egito
    .to = para o Egito
war-territory-sudao = Sudão
    .the = o Sudão
    .in = no Sudão
    .from = do Sudão
    .to = para o Sudão
war-territory-congo = Congo
    .the = o Congo
    .in = no Congo
    .from = do Congo
    .to = para o Congo
war-territory-africa-do-sul = África do Sul
    .the = a África do Sul
    .in = na África do Sul
    .from = da África do Sul
    .to = para a África do Sul
war-territory-madagascar = Madagascar
    .the = Madagascar
    .in = em Madagascar
    .from = de Madagascar
    .to = para Madagascar
war-territory-oriente-medio = Oriente Médio
    .the = o Oriente Médio
    .in = no Oriente Médio
    .from = do Oriente Médio
    .to = para o Oriente Médio
war-territory-aral = Aral
    .the = o Aral
    .in = no Aral
    .from = do Aral
    .to = para o Aral
war-territory-omsk = Omsk
    .the = Omsk
    .in = em Omsk
    .from = de Omsk
    .to = para Omsk
war-territory-dudinka = Dudinka
    .the = Dudinka
    .in = em Dudinka
    .from = de Dudinka
    .to = para Dudinka
war-territory-siberia = Sibéria
    .the = a Sibéria
    .in = na Sibéria
    .from = da Sibéria
    .to = para a Sibéria
war-territory-tchita = Tchita
    .the = Tchita
    .in = em Tchita
    .from = de Tchita
    .to = para Tchita
war-territory-vladivostok = Vladivostok
    .the = Vladivostok
    .in = em Vladivostok
    .from = de Vladivostok
    .to = para Vladivostok
war-territory-mongolia = Mongólia
    .the = a Mongólia
    .in = na Mongólia
    .from = da Mongólia
    .to = para a Mongólia
war-territory-china = China
    .the = a China
    .in = na China
    .from = da China
    .to = para a China
war-territory-india = Índia
    .the = a Índia
    .in = na Índia
    .from = da Índia
    .to = para a Índia
war-territory-japao = Japão
    .the = o Japão
    .in = no Japão
    .from = do Japão
    .to = para o Japão
war-territory-vietna = Vietnã
    .the = o Vietnã
    .in = no Vietnã
    .from = do Vietnã
    .to = para o Vietnã
war-territory-sumatra = Sumatra
    .the = Sumatra
    .in = em Sumatra
    .from = de Sumatra
    .to = para Sumatra
war-territory-borneu = Bornéu
    .the = Bornéu
    .in = em Bornéu
    .from = de Bornéu
    .to = para Bornéu
war-territory-nova-guine = Nova Guiné
    .the = a Nova Guiné
    .in = na Nova Guiné
    .from = da Nova Guiné
    .to = para a Nova Guiné
war-territory-australia = Austrália
    .the = a Austrália
    .in = na Austrália
    .from = da Austrália
    .to = para a Austrália

war-continent-america-do-norte = América do Norte
war-continent-america-do-sul = América do Sul
war-continent-europa = Europa
war-continent-africa = África
war-continent-asia = Ásia
war-continent-oceania = Oceania
war-continent-bonus = { $continent } (+{ $bonus })

war-symbol-triangle = triângulo
war-symbol-square = quadrado
war-symbol-circle = círculo
war-card = { $territory } ({ $symbol })
war-card-joker-1 = Coringa 1
war-card-joker-2 = Coringa 2
war-no-cards = nenhuma carta
war-cards-count = { $count ->
        [0] nenhuma carta
        [one] { $count } carta
       *[other] { $count } cartas
    }
war-armies-count = { $count ->
        [0] { $count } exércitos
        [one] { $count } exército
       *[other] { $count } exércitos
    }
war-territories-count = { $count ->
        [0] { $count } territórios
        [one] { $count } território
       *[other] { $count } territórios
    }

war-colour-branco = branco
war-colour-preto = preto
war-colour-vermelho = vermelho
war-colour-azul = azul
war-colour-amarelo = amarelo
war-colour-verde = verde
war-objective = Destruir totalmente os exércitos de cor { $colour }
war-objective-short = destruir o { $colour } ({ $name })

## Opções

war-option-dealer = Quem distribui (recebe a primeira carta de território)
    .help = Com 4 ou 5 jogadores, o primeiro a jogar senta dois lugares à esquerda de quem distribui; com 3 ou 6, é quem distribui.
war-option-dealer-creator = eu
war-option-dealer-random = um jogador sorteado
war-option-dealer-seat = lugar { $seat }
war-option-round-limit = Limite de rodadas
    .help = Fora das regras: se ninguém for eliminado até o fim desta rodada, territórios, exércitos e cartas decidem.
war-option-round-limit-target = terminar a partida ao fim de
war-option-round-limit-unit = rodadas
war-options-dealer = { $name } distribui os territórios
war-options-dealer-random = quem distribui é sorteado
war-options-round-limit = a partida termina depois da rodada { $rounds } se ninguém for eliminado
war-options-no-round-limit = sem limite de rodadas: a partida termina na primeira eliminação
war-options-colours = cores: { $colours }
war-problem-dealer = Quem distribui tem de ser um dos lugares.
war-problem-round-limit = O limite de rodadas tem de ser um número inteiro de { $min } a { $max }.
war-problem-colours = Cada lugar precisa de uma cor diferente.

## Decisões, como pedidos

war-decision-reinforcements = receber seus reforços: Inteligência, trocas, e depois colocar todos os exércitos
war-decision-combat = atacar, continuar o ataque em aberto ou encerrar a fase de ataque
war-decision-reaction = reagir aos dados: revelar Terreno, jogar de novo ou passar
war-decision-move-in = escolher quantos exércitos vão { $to-to } (de 1 a { $max })
war-decision-movement = remanejar exércitos e usar poderes de movimento, e depois encerrar a sua vez
war-decision-hand-limit = descartar { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    } para ficar com 6

## Ações

war-action-intelligence = converter { $continents } em cartas (Inteligência)
war-action-trade = trocar { $cards }
war-action-place = colocar { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }: { $where }
war-action-attack = atacar { $to-the } a partir { $from-from }
war-action-air-attack = ataque aéreo contra { $to-the } a partir { $from-from }, descartando a carta dele
war-action-continue = continuar o ataque
war-action-end-combat = encerrar a fase de ataque
war-action-reveal-terrain = revelar Conhecimento de Terreno
war-action-reroll = descartar { $card } e jogar de novo { $dice ->
        [0] os dados { $positions }
        [one] o dado { $positions }
       *[other] os dados { $positions }
    }
war-action-no-reaction = nenhuma reação
war-action-occupy = mover { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    } para dentro
war-action-move = mover { $amount } { $from-from } { $to-to }
war-action-hidden-passage = revelar { $card } para a Passagem Oculta
war-action-air-transport-out = descartar { $card } para levar exércitos para fora { $territory-from } (Transporte Aéreo): { $where }
war-action-air-transport-in = descartar { $card } para levar exércitos { $territory-to } (Transporte Aéreo): { $where }
war-action-alliance = descartar { $card } para redistribuir { $continent } (Aliança Continental)
war-action-end-turn = encerrar a vez
war-action-end-turn-discard = encerrar a vez, descartando antes se passar de 6: { $cards }
war-action-discard = descartar { $cards }
war-action-set-orders = mudar as ordens permanentes
war-amount-all = todos os exércitos que ainda não se moveram
war-amount-leave = todos os exércitos que ainda não se moveram menos { $leave }
war-amount-exactly = { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }
war-armies-on = { $armies } { $territory-in }

## Erros de regra

war-error-game-over = a partida terminou: nenhuma ação é mais aceita (§6.1)
war-error-no-such-seat = não existe o lugar { $seat } nesta partida (§4.1)
war-error-not-your-turn = agora a decisão não é sua: só o jogador da vez, { $active }, decide (§9.1)
war-error-wrong-decision = essa não é a decisão pedida: você precisa { $expected } (§9.1)
war-error-card-not-in-hand = { $card } não está na sua mão (§3.4)
war-error-duplicate-card = { $card } aparece duas vezes (§3.4)
war-error-intelligence-once = a Inteligência é usada no máximo uma vez por vez (§5.2.2, R7)
war-error-intelligence-continents = a Inteligência converte continentes inteiros que são totalmente seus, pelo menos um: { $why } (§5.2.2, R7)
war-error-trade-size = uma troca é um grupo de 1 a 6 cartas (§5.3, R8)
war-error-trade-mixed = as cartas de uma troca precisam ter todas o mesmo símbolo, ou 2 ou 3 símbolos diferentes; divida cartas misturadas em várias trocas (§5.3, R8)
war-error-intelligence-card = { $card } foi comprada pela Inteligência nesta vez e só pode ser trocada numa vez seguinte (§5.2.2, R7)
war-error-placement = essa colocação não vale: { $why } (§5.2.3, R6)
war-error-no-combat-in-round-one = a rodada 1 não tem fase de ataque: nenhum tipo de ataque (§5.4.2, R34)
war-error-attack-limit = a rodada { $round } permite { $limit ->
        [0] { $limit } ataques
        [one] { $limit } ataque
       *[other] { $limit } ataques
    } por vez e eles já foram usados (§5.4.2, R10)
war-error-attack-source = um ataque sai de um território seu com pelo menos 2 exércitos (§5.4.3)
war-error-attack-target = o alvo tem de ser de outro jogador e fazer fronteira com a origem, a não ser num ataque aéreo (§5.4.3, R1)
war-error-air-card = um ataque aéreo descarta uma carta não usada do território alvo, que é de outro jogador (§5.4.3, R18, R15)
war-error-plan = o plano de ataque não é válido: { $why } (§9.4)
war-error-no-open-attack = não há ataque em aberto para continuar: um ataque se fecha com uma conquista, quando a origem fica com 1 exército, ou com qualquer outra ação (§5.4.1, R10)
war-error-battle-under-way = termine antes a batalha ou a conquista (§5.4.5, §5.4.8)
war-error-terrain-card = você não pode revelar Conhecimento de Terreno: é preciso ter a carta não usada do território atacado (§5.4.6, R14, R15)
war-error-reroll = essa nova jogada de dados não vale: { $why } (§5.4.7, R16)
war-error-occupy = { $max ->
        [one] mova 1 exército para dentro
       *[other] mova para dentro de 1 a { $max } exércitos
    } (§5.4.8, R20)
war-error-move-territories = um remanejamento é entre dois territórios seus (§5.5.1)
war-error-move-amount = essa quantidade não pode ser movida: cada exército se move uma vez e 1 exército fica para trás ({ $why }) (§5.5.1, R22)
war-error-move-path = não há caminho { $from-from } { $to-to }: o destino precisa fazer fronteira ou ser alcançado por territórios que você revelou para a Passagem Oculta (§5.5.3, R23)
war-error-power-card = { $card } não pode ativar um poder: ela precisa ser uma carta de território não usada da sua mão (§5.7, R15)
war-error-transport = Transporte Aéreo: { $why } (§5.5.4, R24)
war-error-alliance = Aliança Continental: { $why } (§5.5.2, R25)
war-error-hand-limit = descarte exatamente { $excess ->
        [0] { $excess } cartas
        [one] { $excess } carta
       *[other] { $excess } cartas
    } da sua mão, ficando com 6 (§5.6, R26)
war-error-orders = as ordens permanentes não são válidas: { $why } (§9.3)
war-why-name-a-continent = indique pelo menos um
war-why-continent-twice = um continente aparece duas vezes
war-why-continent-not-owned = você não domina totalmente um dos continentes indicados
war-why-dice = os dados têm de ser 1, 2 ou 3
war-why-stop-at = "parar em" tem de ser pelo menos 1
war-why-max-battles = o máximo de batalhas tem de ser pelo menos 1
war-why-losing-territory = "perder o território" é um gatilho de quem defende, não disponível num plano
war-why-occupy-zero = ao entrar é preciso mover pelo menos 1 exército
war-why-class-twice = uma classe de cartas aparece duas vezes
war-why-card-used = essa carta já ativou um poder nesta vez (R15)
war-why-name-a-die = indique pelo menos um dado
war-why-too-many-dice = a classe dessa carta joga de novo menos dados
war-why-die-twice = um dado aparece duas vezes
war-why-own-dice = só os seus próprios dados desta batalha, numerados a partir de 1
war-why-transport-card = a carta tem de ser de um território seu
war-why-carry-one = leve pelo menos 1 exército
war-why-transport-between = os exércitos vão entre esse território e os seus outros territórios
war-why-transport-out = só vão exércitos que ainda não se moveram, e 1 exército fica no território da carta
war-why-transport-in = só vão exércitos que ainda não se moveram, e 1 exército fica em cada origem
war-why-alliance-continent = você precisa dominar o continente inteiro da carta
war-why-alliance-territories = indique todos os territórios do continente, e só eles
war-why-alliance-one = cada território fica com pelo menos 1 exército
war-why-alliance-totals = os exércitos do continente que já se moveram e os que ainda não se moveram mantêm os totais
war-why-other = { $text }
war-why-not-yours = { $territory } não é seu
war-why-trade-armies = { $territory } tem de receber { $armies ->
        [one] pelo menos o seu exército de troca
       *[other] pelo menos os seus { $armies } exércitos de troca
    }
war-why-bonus = { $continent } tem de receber { $armies ->
        [one] o seu exército de bônus
       *[other] os seus { $armies } exércitos de bônus
    } (ou converta-o inteiro pela Inteligência, R7)
war-why-total = todos os exércitos disponíveis são colocados: { $expected }, não { $placed }
war-why-nothing-to-move = { $amount } não deixa nada para mover { $from-from }
war-why-too-many = { $from } tem { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }, { $fresh } deles ainda sem se mover

## Como uma partida terminou

war-ending-objective = cumpriu o objetivo secreto
war-ending-tie-break = decidido pelo desempate depois da primeira eliminação
war-ending-round-limit = decidido pelo desempate no limite de rodadas
war-criterion-1 = 24 territórios ou mais
war-criterion-2 = mais territórios
war-criterion-3 = mais exércitos no tabuleiro
war-criterion-4 = mais cartas na mão
war-criterion-5 = empate mesmo assim: vitória dividida
war-outcome = { $count ->
        [0] { $who } dividem a vitória ({ $ending }).
        [one] { $who } venceu ({ $ending }).
       *[other] { $who } dividem a vitória ({ $ending }).
    }
war-outcome-criterion = { $ending }: { $criterion }
war-outcome-eliminated = { $eliminator } eliminou { $eliminated }.
war-standing = { $name }: { $territories ->
        [0] { $territories } territórios
        [one] { $territories } território
       *[other] { $territories } territórios
    }, { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }, { $cards ->
        [0] { $cards } cartas
        [one] { $cards } carta
       *[other] { $cards } cartas
    }; objetivo: { $objective }
war-standing-eliminated = { $name }: fora da partida; objetivo: { $objective }

## Eventos

war-ev-game-started = A partida começou: { $dealer } distribuiu os territórios e { $first } { $first-p ->
        [you] joga
       *[other] joga
    } primeiro. Cores: { $colours }.
war-ev-objective-dealt = Seu objetivo secreto: { $objective }.
war-ev-objective-dealt-other = Objetivo secreto de { $seat }: { $objective }.
war-ev-territories-dealt = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } recebeu { $count ->
        [0] { $count } territórios
        [one] { $count } território
       *[other] { $count } territórios
    }: { $territories }.
war-ev-round-started = A rodada { $round } começou.
war-ev-turn-started = { $seat-p ->
        [you] Sua vez começou
       *[other] A vez de { $seat } começou
    } (rodada { $round }).
war-ev-entitlement = { $seat-p ->
        [you] Você tem
       *[other] { $seat } tem
    } { $territories ->
        [0] { $territories } territórios
        [one] { $territories } território
       *[other] { $territories } territórios
    }: { $base ->
        [0] { $base } exércitos de base
        [one] { $base } exército de base
       *[other] { $base } exércitos de base
    }{ $continents ->
        [none] .
       *[other] , e todo o continente { $continents }.
    }
war-ev-converted = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } converteu { $continents } em { $cards ->
        [0] { $cards } cartas
        [one] { $cards } carta
       *[other] { $cards } cartas
    } (Inteligência).
war-ev-drew = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } comprou uma carta ({ $reason }).
war-ev-received = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } comprou { $card } ({ $reason }).
war-reason-intelligence = Inteligência
war-reason-conquest = uma conquista
war-ev-draw-lost = Os dois montes estavam vazios: { $seat } não comprou nada.
war-ev-reshuffled = A pilha de descarte, { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    }, foi embaralhada num novo monte de compra.
war-ev-traded = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } trocou { $cards } por { $value ->
        [0] { $value } exércitos
        [one] { $value } exército
       *[other] { $value } exércitos
    } ({ $base } pelo grupo{ $jokers ->
        [0] {""}
       *[other] , { $jokers } pelos coringas
    }{ $own ->
        [none] {""}
       *[other] , 2 cada em { $own }
    }).
war-ev-placed = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } colocou { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }: { $where }.
war-ev-combat-started = { $seat-p ->
        [you] Sua fase de ataque começou
       *[other] A fase de ataque de { $seat } começou
    }{ $limit ->
        [none] {""}
       *[other] {" "}(no máximo { $limit ->
            [0] { $limit } ataques
            [one] { $limit } ataque
           *[other] { $limit } ataques
        } nesta rodada)
    }.
war-ev-attack-declared = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } atacou { $defender-p ->
        [you] o seu território { $to }
       *[other] { $to-the }, de { $defender },
    } a partir { $from-from } (ataque { $number } nesta vez).
war-ev-air-attack-declared = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } lançou um ataque aéreo contra { $defender-p ->
        [you] o seu território { $to }
       *[other] { $to-the }, de { $defender },
    } a partir { $from-from }, descartando { $card } (ataque { $number } nesta vez).
war-ev-attack-continued = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } continuou atacando { $to-the } a partir { $from-from }.
war-ev-terrain-revealed = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } revelou { $card } para o Conhecimento de Terreno ({ $side }).
war-side-attacker = no ataque
war-side-defender = na defesa
war-ev-rolled = Dados do ataque { $from-from } contra { $to-the }: o ataque tirou { $attack }; a defesa tirou { $defence }.
war-ev-rerolled = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $card } ({ $class }) e jogou de novo: { $dice }; os dados { $side } agora são { $now }.
war-class-unowned = um território que não é dele: 1 dado, pelo menos 2
war-class-owned = um território dele: até 2 dados, pelo menos 3
war-class-joker = um coringa: até 3 dados, pelo menos 4
war-rerolled-die = o dado { $position } virou { $value } (pelo menos { $min })
war-side-dice-attacker = do ataque
war-side-dice-defender = da defesa
war-ev-battle-resolved = Resultado: o ataque perdeu { $attacker }, a defesa perdeu { $defender }{ $notes }. { $from } agora tem { $armies-from }, { $to } tem { $armies-to }.
war-note-attacker-terrain = , com o Conhecimento de Terreno do atacante (empates para o ataque, um defensor a mais perdido)
war-note-defender-terrain = , com o Conhecimento de Terreno do defensor (uma perda a menos)
war-note-no-occupant = ; um exército fica no alvo porque ninguém pôde entrar (R19)
war-ev-conquered = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } conquistou { $territory-the } de { $from-p ->
        [you] você
       *[other] { $from }
    }.
war-ev-terrain-card-passed = { $card } passou de { $from } para { $to } junto com o território.
war-ev-moved-in = { $armies ->
        [0] { $armies } exércitos passaram
        [one] { $armies } exército passou
       *[other] { $armies } exércitos passaram
    } { $from-from } { $to-to }.
war-ev-attack-stopped = O ataque contra { $to-the } a partir { $from-from } parou como o plano mandava; ele pode ser continuado.
war-ev-attack-closed = O ataque contra { $to-the } a partir { $from-from } acabou: { $reason }.
war-end-stopped = o plano o parou
war-end-conquest = o território foi conquistado
war-end-source-exhausted = a origem ficou com 1 exército
war-end-other-action = o atacante fez outra coisa
war-ev-movement-started = { $seat-p ->
        [you] Sua fase de remanejamento começou.
       *[other] A fase de remanejamento de { $seat } começou.
    }
war-ev-moved = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } moveu { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    } { $from-from } { $to-to }.
war-ev-passage-revealed = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } revelou { $card } para a Passagem Oculta.
war-ev-transported-out = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $card } e levou exércitos { $territory-from } por via aérea: { $where }.
war-ev-transported-in = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $card } e levou exércitos { $territory-to } por via aérea: { $where }.
war-ev-redistributed = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $card } e redistribuiu { $continent } (Aliança Continental): { $where }.
war-split = { $territory } { $fresh } ainda sem se mover, { $moved } já movidos
war-ev-cards-returned = As cartas reveladas voltaram para as mãos: { $cards }.
war-ev-hand-limit-discarded = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    } com a face para baixo, pelo limite de mão.
war-ev-hand-limit-cards = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } descartou { $cards } com a face para baixo, pelo limite de mão.
war-ev-turn-ended = { $seat-p ->
        [you] Sua vez terminou.
       *[other] A vez de { $seat } terminou.
    }
war-ev-orders-changed = { $seat-p ->
        [you] Você mudou as suas ordens permanentes.
       *[other] { $seat } mudou as ordens permanentes.
    }
war-ev-eliminated = { $by-p ->
        [you] Você
       *[other] { $by }
    } eliminou { $seat }.
war-ev-cards-taken = { $to-p ->
        [you] Você
       *[other] { $to }
    } ficou com as cartas de { $from }: { $cards }.
war-ev-game-over = A partida terminou. { $outcome }

## Situação, tabuleiro e mesa

war-situation = Rodada { $round }, vez de { $seat }: { $phase }
war-phase-reinforce = reforços ({ $armies ->
        [0] { $armies } exércitos a colocar
        [one] { $armies } exército a colocar
       *[other] { $armies } exércitos a colocar
    })
war-phase-combat = ataque ({ $attacks ->
        [0] nenhum ataque declarado
        [one] { $attacks } ataque declarado
       *[other] { $attacks } ataques declarados
    }{ $limit ->
        [none] {""}
       *[other] {" "}de { $limit }
    })
war-phase-movement = remanejamento
war-phase-hand-limit = descartando até ficar com 6 cartas
war-phase-over = a partida terminou
war-map-title = O mapa-múndi: quem domina cada território e com quantos exércitos
war-map-enlarge = Ampliar o mapa
war-map-fit = Ajustar o mapa à tela
war-territory-title = { $territory } ({ $continent }): { $owner }, { $colour }, { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }
war-legend-seat = { $name } ({ $colour })
war-table-title = A mesa
war-table-seat = Jogador
war-table-territories = Territórios
war-table-armies = Exércitos
war-table-cards = Cartas na mão
war-table-continents = Continentes
war-table-revealed = Reveladas
war-turn-line = Rodada { $round }, vez { $turn }: { $seat }, fase de { $phase }.
war-attacks-line = Ataques nesta vez: { $attacks }{ $limit ->
        [none] {" "}(sem limite)
       *[other] {" "}de { $limit }
    }.
war-open-attack = Ataque em aberto: { $from } ({ $armies-from }) contra { $to } ({ $armies-to }, { $defender }), { $battles ->
        [0] { $battles } batalhas
        [one] { $battles } batalha
       *[other] { $battles } batalhas
    } até agora{ $air ->
        [yes] , por via aérea
       *[no] {""}
    }.
war-open-attack-dice = Dados da batalha em andamento: ataque { $attack }, defesa { $defence }.
war-pools = A colocar: { $total } ({ $parts }).
war-pool-free = { $armies } em qualquer lugar
war-pool-continent = { $armies } na { $continent }
war-pool-territory = { $armies } { $territory-in }
war-piles = Monte de compra { $draw }, pilha de descarte { $discard } ({ $face-down } com a face para baixo).
war-discard-top = Descartes com a face para cima: { $cards }.
war-revealed-line = Reveladas nesta vez: { $cards }.
war-moved-note = Na fase de remanejamento, um número como 2/5 quer dizer que 2 dos 5 exércitos já se moveram.

## A parte secreta do lugar e a parte de quem revê

war-private-title = Seu objetivo secreto e suas cartas
war-private-objective = Seu objetivo: { $objective } ({ $short }).
war-private-hand = Suas cartas: { $cards }.
war-private-intelligence = Compradas pela Inteligência nesta vez (não podem ser trocadas nesta vez): { $cards }.
war-private-orders = Suas ordens permanentes: { $orders }
war-review-title = Objetivos e mãos
war-review-seat = { $name }: { $objective }; cartas: { $cards }
war-review-draw = Monte de compra, do topo para baixo: { $cards }
war-review-seed = Semente: { $seed }

## Ordens permanentes por extenso

war-orders-block = { $terrain }; novas jogadas de dados { $reroll }
war-orders-territory = { $territory-in }: { $block }
war-orders-terrain-never = nunca revelar Terreno
war-orders-terrain-when-needed = revelar Terreno quando isso poupa exércitos
war-orders-terrain-always = sempre revelar Terreno
war-orders-reroll-never = nunca
war-orders-reroll = quando { $when }, com { $classes }, no máximo { $max } por vez, guardando { $reserve ->
        [0] { $reserve } cartas
        [one] { $reserve } carta
       *[other] { $reserve } cartas
    }
war-when-never = nunca
war-when-loss-1 = prestes a perder 1 exército ou mais
war-when-loss-2 = prestes a perder 2 exércitos ou mais
war-when-loss-3 = prestes a perder 3 exércitos ou mais
war-when-losing-territory = prestes a perder o território
war-class-name-unowned = cartas de territórios que não são meus
war-class-name-owned = cartas dos meus territórios
war-class-name-joker = coringas

## E-mail

war-mail-situation = Você domina { $territories ->
        [0] { $territories } territórios
        [one] { $territories } território
       *[other] { $territories } territórios
    } com { $armies ->
        [0] { $armies } exércitos
        [one] { $armies } exército
       *[other] { $armies } exércitos
    }.
war-mail-objective = Seu objetivo: { $objective }.
war-mail-hand = Suas cartas: { $cards }.
war-mail-territories = Seus territórios (exércitos) e os territórios inimigos que fazem fronteira com cada um:
war-mail-territory = { $territory } ({ $armies }): { $enemies }
war-mail-territory-safe = { $territory } ({ $armies }): nenhuma fronteira inimiga
war-mail-enemy = { $territory } ({ $owner }, { $armies })
war-mail-battle = { $seat-p ->
        [you] Você
       *[other] { $seat }
    } atacou { $defender-p ->
        [you] o seu território { $to }
       *[other] { $to-the }, de { $defender },
    } a partir { $from-from }: o ataque perdeu { $attack-lost }, a defesa perdeu { $defence-lost }{ $conquest ->
        [yes] ; { $to } caiu
       *[no] {""}
    }.

## As colunas da página pública

war-column-territories = Territórios
war-column-armies = Exércitos
war-column-cards = Cartas

## Formulários de jogada

war-form-intelligence = Inteligência: converter bônus de continente em cartas
war-form-intelligence-help = Cada continente é convertido inteiro, uma vez por vez: metade do bônus em cartas, arredondada para baixo no conjunto.
war-form-intelligence-button = Converter os continentes marcados
war-form-trade = Trocar cartas por exércitos
war-form-trade-help = Um grupo de 1 a 6 cartas: todas do mesmo símbolo, ou 2 ou 3 símbolos diferentes; os coringas valem qualquer símbolo (+10, +25 com dois). Cartas dos seus territórios põem 2 exércitos a mais neles.
war-form-trade-button = Trocar as cartas marcadas
war-form-place = Coloque seus reforços
war-form-place-help = Coloque todos os exércitos nos seus próprios territórios. { $pools } Os números já preenchidos são a colocação padrão.
war-form-place-button = Colocar estes exércitos
war-form-attack = Atacar
war-form-attack-route = De onde e para onde
war-form-attack-button = Declarar o ataque
war-form-route = { $from } ({ $armies-from }) → { $to } ({ $armies-to }, { $owner })
war-form-air-attack = Ataque aéreo (Ataque Aéreo): descarte a carta do alvo
war-form-air-card = Alvo (a carta dele é descartada)
war-form-air-source = De
war-form-air-button = Declarar o ataque aéreo
war-form-air-target = { $territory } ({ $armies }, { $owner })
war-form-source = { $territory } ({ $armies })
war-form-continue = Continuar o ataque em aberto
war-form-continue-button = Seguir lutando
war-form-plan = O plano para as batalhas
war-form-plan-dice = Dados para jogar (no máximo exércitos − 1)
war-form-plan-stop-at = Parar quando a origem ficar com
war-form-plan-max-battles = No máximo esta quantidade de batalhas (vazio: sem limite)
war-form-plan-terrain = Conhecimento de Terreno
war-form-plan-terrain-never = não revelar
war-form-plan-terrain-at-declaration = revelar agora, se eu tiver a carta
war-form-plan-terrain-when-needed = revelar quando ajudar
war-form-plan-react = Reações durante as batalhas
war-form-plan-react-auto = por este plano
war-form-plan-react-ask = perguntar a cada passo
war-form-plan-occupy = Exércitos que entram depois de uma conquista
war-form-plan-occupy-dice = tantos quantos os dados jogados
war-form-plan-occupy-all = todos menos 1
war-form-plan-occupy-min = 1
war-form-plan-occupy-ask = perguntar
war-form-plan-occupy-exactly = exatamente este número:
war-form-plan-occupy-leave = deixar este número para trás:
war-form-plan-occupy-number = Número para "exatamente" ou "deixar"
war-form-reroll = Terreno, reações e novas jogadas de dados (Conhecimento de Terreno, Reagrupamento Tático)
war-form-reroll-when = Jogar de novo quando
war-form-reroll-classes = Gastar
war-form-reroll-max = No máximo esta quantidade de cartas
war-form-reroll-max-turn = No máximo esta quantidade de cartas por vez de adversário
war-form-reroll-reserve = Manter pelo menos esta quantidade de cartas na mão
war-form-reroll-keep = Nunca gastar
war-form-end-combat = Ou encerre a fase de ataque
war-form-end-combat-button = Encerrar o ataque, ir para o remanejamento
war-form-reaction = Sua reação a estes dados: ataque { $attack }, defesa { $defence }
war-form-reveal-terrain-button = Revelar Conhecimento de Terreno
war-form-reroll-choice = Jogar de novo
war-form-reroll-button = Descartar e jogar de novo
war-form-reroll-option = descartar { $card } ({ $class }), jogar de novo { $dice ->
        [0] os dados { $positions }
        [one] o dado { $positions }
       *[other] os dados { $positions }
    }
war-form-no-reaction-button = Nenhuma reação
war-form-occupy = Mover exércitos { $to-to }
war-form-occupy-label = Exércitos (de 1 a { $max })
war-form-occupy-button = Entrar
war-form-move = Remanejar exércitos
war-form-move-help = Cada exército se move uma vez por vez; 1 exército sempre fica para trás. Exércitos que ainda não se moveram: { $fresh }.
war-form-move-route = De onde e para onde
war-form-move-route-option = { $from } ({ $fresh } de { $armies } ainda sem se mover) → { $to }
war-form-move-amount = Exércitos (um número, ou "todos")
war-form-move-all = todos
war-form-move-button = Mover
war-form-passage = Passagem Oculta: revele uma carta para passar pelo território dela
war-form-passage-button = Revelar
war-form-transport = Transporte Aéreo: descarte a carta { $territory-from } para levar por via aérea exércitos que ainda não se moveram
war-form-transport-out = { $territory-from } para os territórios abaixo
war-form-transport-in = { $territory-to } a partir dos territórios abaixo
war-form-transport-button = Levar
war-form-alliance = Aliança Continental: descarte { $card } para redistribuir { $continent }
war-form-alliance-help = Dê a cada território seus exércitos que ainda não se moveram e os que já se moveram; os totais se mantêm ({ $fresh } ainda sem se mover, { $moved } já movidos) e cada um fica com pelo menos 1.
war-form-alliance-field = { $territory }, { $kind }
war-form-fresh = { $territory } ({ $fresh } de { $armies } ainda sem se mover)
war-form-alliance-fresh = ainda sem se mover
war-form-alliance-moved = já movidos
war-form-alliance-button = Redistribuir
war-form-end-turn = Encerre a sua vez
war-form-end-turn-help = Se você terminar com mais de 6 cartas, descarta até ficar com 6: marque antes as cartas a descartar (opcional).
war-form-end-turn-button = Encerrar a vez
war-form-discard = Descarte { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    } com a face para baixo, para ficar com 6
war-form-discard-button = Descartar as cartas marcadas
war-form-orders = Ordens permanentes: como os seus territórios se defendem na vez dos outros jogadores
war-form-orders-help = Elas agem por você quando você é atacado; ninguém mais as vê até a partida terminar.
war-form-orders-default = Todos os territórios
war-form-orders-block = Só { $territory }
war-form-orders-drop = remover este bloco
war-form-orders-new = Acrescentar ordens para um território
war-form-orders-new-none = nenhum
war-form-orders-terrain = Conhecimento de Terreno
war-form-orders-terrain-never = nunca revelar
war-form-orders-terrain-when-needed = revelar quando isso poupa exércitos
war-form-orders-terrain-always = sempre revelar
war-form-orders-button = Salvar as ordens permanentes
war-form-when-never = nunca
war-form-when-loss-1 = prestes a perder 1 ou mais
war-form-when-loss-2 = prestes a perder 2 ou mais
war-form-when-loss-3 = prestes a perder 3 ou mais
war-form-when-losing-territory = prestes a perder o território
war-form-class-unowned = cartas de territórios que não são meus (1 dado, pelo menos 2)
war-form-class-owned = cartas dos meus territórios (2 dados, pelo menos 3)
war-form-class-joker = coringas (3 dados, pelo menos 4)

## O que há de errado num formulário

war-form-problem-number = “{ $field }” tem de ser um número inteiro; escreva um e envie o formulário de novo.
war-form-problem-choose = Escolha { $field } e envie o formulário de novo.
war-form-problem-no-cards = Marque pelo menos uma carta e envie o formulário de novo.
war-form-problem-no-continents = Marque pelo menos um continente e envie o formulário de novo.
war-form-problem-unknown = O formulário enviou algo que este jogo não conhece ({ $value }); recarregue a página e tente de novo.
war-form-problem-amount = Escreva quantos exércitos se movem: um número a partir de 1, ou “todos”.
war-form-problem-occupy-number = Escreva o número para “exatamente” ou “deixar” e envie o formulário de novo.

## Momentos marcantes de um replay

war-milestone-round = rodada { $round }
war-milestone-continent = { $seat } conquistou toda a { $continent }
war-milestone-elimination = { $by } eliminou { $seat }

## Contadores que o verificador mostra

war-count-games = { $n ->
        [0] { $n } partidas
        [one] { $n } partida
       *[other] { $n } partidas
    }
war-count-rounds = { $n ->
        [0] { $n } rodadas
        [one] { $n } rodada
       *[other] { $n } rodadas
    }
war-count-turns = { $n ->
        [0] { $n } vezes
        [one] { $n } vez
       *[other] { $n } vezes
    }
war-count-attacks = { $n ->
        [0] { $n } ataques
        [one] { $n } ataque
       *[other] { $n } ataques
    }
war-count-battles = { $n ->
        [0] { $n } batalhas
        [one] { $n } batalha
       *[other] { $n } batalhas
    }
war-count-conquests = { $n ->
        [0] { $n } conquistas
        [one] { $n } conquista
       *[other] { $n } conquistas
    }
war-count-trades = { $n ->
        [0] { $n } trocas
        [one] { $n } troca
       *[other] { $n } trocas
    }
war-count-reshuffles = { $n ->
        [0] { $n } reembaralhamentos
        [one] { $n } reembaralhamento
       *[other] { $n } reembaralhamentos
    }

## Comandos por resposta: as palavras que começam a linha de uma resposta, e as de dentro dela.
## Alternativas separadas por | ; a primeira é a que os e-mails mostram.
war-command-trade = trocar
war-command-intelligence = inteligência
war-command-place = colocar
war-command-attack = atacar
war-command-continue = continuar
war-command-end-attacks = encerrar ataques | encerrar combate
war-command-reveal-terrain = revelar terreno
war-command-no-reaction = sem reação
war-command-reroll = relançar
war-command-occupy = ocupar
war-command-move = mover
war-command-passage = passagem
war-command-transport = transportar
war-command-out = fora | saindo
war-command-in = dentro | entrando
war-command-end-turn = encerrar a vez | encerrar turno | passar a vez
war-command-discard = descartar
war-command-joker = coringa
war-command-air = aéreo
war-command-all = todos | tudo
war-command-leave = deixar
war-command-dice = dados | dado
war-command-battles = batalhas | batalha
war-command-stop = parar | parar com
war-command-ask = perguntar
war-command-connectors = para desde até

## O guia para quem começa (/guide/war): as regras em resumo, depois os poderes das cartas.
war-guide-glossary = As cartas e seus poderes
war-guide-rule-1 = Cada jogador tem territórios com exércitos e um objetivo secreto: destruir os exércitos de uma cor. Joga-se uma vez de cada jogador, ao redor da mesa; cada vez tem três fases: reforços, combate, movimentação.
war-guide-rule-2 = Reforços: você recebe metade dos seus territórios em exércitos (no mínimo 3), mais o bônus de cada continente que domina inteiro. Pode trocar cartas por mais exércitos; depois coloca todos os exércitos de uma vez.
war-guide-rule-3 = Uma troca leva de 1 a 6 cartas: cartas de um só símbolo valem o quadrado da quantidade (3 quadrados: 9), cartas de símbolos diferentes 1, 3 ou 6; um coringa soma 10, dois somam 25, e cada carta de território seu põe 2 exércitos nele. Trocar nunca é obrigatório.
war-guide-rule-4 = Combate: ataque um território inimigo vizinho a partir de um seu com pelo menos 2 exércitos. Em cada batalha você rola até 3 dados (um a menos que seus exércitos), o defensor até 3; os maiores dados são comparados par a par e o empate é do defensor. Seu plano de ataque trava batalha após batalha até o território cair ou você parar.
war-guide-rule-5 = Não há ataques na rodada 1; nas rodadas 2, 3 e 4 você pode fazer 1, 2 e 3 ataques; da rodada 5 em diante, quantos quiser. Cada território conquistado lhe dá uma carta na hora, e você ocupa com 1 ou mais exércitos.
war-guide-rule-6 = Movimentação: cada exército move uma vez, para um território seu vizinho, e todo território fica com pelo menos um exército. No fim da sua vez você pode ter no máximo 6 cartas.
war-guide-rule-7 = A partida acaba na primeira eliminação. Se a cor eliminada era o objetivo de quem eliminou, ele vence sozinho; senão vence quem tem mais territórios (24 ou mais vence direto), depois mais exércitos, depois mais cartas.
war-guide-rule-8 = Seu objetivo, suas cartas e suas ordens permanentes são secretos. Você se defende por ordens permanentes definidas na página do seu lugar, para ninguém esperar por você quando é atacado. Cada dado e cada carta comprada ficam num registro que qualquer pessoa pode conferir quando a partida acaba.
war-guide-term-1 = Cada território tem uma carta com um símbolo (triângulo, quadrado ou círculo); os dois coringas valem qualquer símbolo. Você compra uma carta por território conquistado.
    .term = Cartas
war-guide-term-2 = Em vez de colocar os exércitos de bônus de um continente, transforme os bônus dos continentes que escolher em cartas: metade do bônus, arredondada para baixo, uma vez por vez. Essas cartas não podem ser trocadas na mesma vez.
    .term = Inteligência
war-guide-term-3 = Descarte a carta de um território inimigo para atacá-lo a partir de qualquer território seu, mesmo sem fronteira.
    .term = Ataque Aéreo
war-guide-term-4 = Revele a carta do território atacado, como atacante ou defensor, até o fim da vez. Para o atacante, os empates são dele e cada batalha tira um defensor a mais; para o defensor, cada batalha custa um exército a menos, a não ser que tome o território.
    .term = Conhecimento de Terreno
war-guide-term-5 = Descarte uma carta para rolar de novo alguns dos seus dados depois de vê-los: 1 dado, no mínimo 2, com a carta de um território inimigo; até 2 dados, no mínimo 3, com a de um seu; até 3 dados, no mínimo 4, com um coringa.
    .term = Reagrupamento Tático
war-guide-term-6 = Na movimentação: descarte a carta de um continente que domina inteiro e redistribua seus exércitos dentro dele como quiser, sem olhar fronteiras.
    .term = Aliança Continental
war-guide-term-7 = Na movimentação: revele qualquer carta de território; até o fim da vez seus movimentos podem passar por esse território, seja de quem for.
    .term = Passagem Oculta
war-guide-term-8 = Na movimentação: descarte a carta de um território seu e leve exércitos dele para seus outros territórios, ou deles para ele, sem olhar fronteiras.
    .term = Transporte Aéreo
war-guide-mail-1 = Coloca todos os seus reforços: um número e um território, quantos precisar.
    .command = colocar 3 Brasil 2 Peru
war-guide-mail-2 = Troca um grupo de cartas, pelos nomes dos territórios; um coringa é “coringa”.
    .command = trocar Brasil Peru coringa
war-guide-mail-3 = Ataca com 3 dados até o território cair ou você ficar com 1 exército; depois ocupa com tantos exércitos quantos dados rolou.
    .command = atacar Brasil Argentina
war-guide-mail-4 = O mesmo com um plano: os dados, um limite de batalhas, parar quando a origem tiver esse número de exércitos ou menos, quantos ocupam (um número, todos, deixar 2).
    .command = atacar Brasil Argentina 2 dados 3 batalhas parar 4 ocupar todos
war-guide-mail-5 = Move exércitos: um número, todos, ou “deixar 2”.
    .command = mover todos de Brasil para Peru
war-guide-mail-6 = Encerra a fase de combate, ou a sua vez.
    .command = encerrar ataques · encerrar a vez
