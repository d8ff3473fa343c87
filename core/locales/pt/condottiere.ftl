## Condottiere: todas as palavras do apresentador do jogo. Os argumentos de lugar vêm em pares: o
## nome (ou "você" para o lugar de quem lê) e a pessoa, `-p`: "you" ou "other".

condottiere-title = Condottiere
condottiere-tagline = Dispute as regiões da Itália renascentista com mercenários e cartas especiais (FFG 2006).
condottiere-setup = as cartas são embaralhadas e distribuídas

## Cartas

condottiere-card-M1 = Mercenário 1
condottiere-card-M2 = Mercenário 2
condottiere-card-M3 = Mercenário 3
condottiere-card-M4 = Mercenário 4
condottiere-card-M5 = Mercenário 5
condottiere-card-M6 = Mercenário 6
condottiere-card-M10 = Mercenário 10
condottiere-card-HE = Heroína
condottiere-card-CO = Cortesã
condottiere-card-DR = Tambor
condottiere-card-WI = Inverno
condottiere-card-SP = Primavera
condottiere-card-BI = Bispo
condottiere-card-SC = Espantalho
condottiere-card-SU = Rendição
# Outros nomes que uma resposta pode dar a uma carta (os do livro de regras impresso), cada um
# um código e um nome, separados por vírgulas.
condottiere-card-other-names = DR Percussionista, DR Percurcionista, SU Render
condottiere-no-cards = nenhuma carta
condottiere-face-down-card = uma carta virada para baixo
condottiere-cards-count = { $count ->
        [0] nenhuma carta
        [one] { $count } carta
       *[other] { $count } cartas
    }

## As regiões mantêm os nomes italianos.

condottiere-region-Torino = Torino
condottiere-region-Milano = Milano
condottiere-region-Genova = Genova
condottiere-region-Venezia = Venezia
condottiere-region-Mantova = Mantova
condottiere-region-Ferrara = Ferrara
condottiere-region-Parma = Parma
condottiere-region-Modena = Modena
condottiere-region-Bologna = Bologna
condottiere-region-Lucca = Lucca
condottiere-region-Firenze = Firenze
condottiere-region-Siena = Siena
condottiere-region-Urbino = Urbino
condottiere-region-Ancona = Ancona
condottiere-region-Spoleto = Spoleto
condottiere-region-Roma = Roma
condottiere-region-Napoli = Napoli

## Opções

condottiere-option-draw-after-battle = Comprar após a batalha
    .help = Depois de cada batalha, cada jogador pode comprar até três cartas.
condottiere-option-play-for-points = Jogar por pontos
    .help = Uma série de partidas, com pontuação, até um jogador atingir a meta.
condottiere-option-play-for-points-target = até
condottiere-option-play-for-points-unit = pontos
condottiere-option-bigger-kingdoms = Reinos maiores
    .help = São necessárias mais regiões vizinhas para vencer.
condottiere-option-capturing-regions = Captura de regiões
    .help = Pode haver batalhas por regiões que um jogador já controla.
condottiere-option-hidden-cards = Cartas ocultas
    .help = Mercenários, Tambores, Heroínas e Cortesãs podem ser jogados com a face para baixo.
condottiere-option-first-holder = Quem posiciona o marcador do Condottiere primeiro
condottiere-option-first-holder-creator = eu (o livro de regras o dá ao jogador mais jovem)
condottiere-option-first-holder-random = um jogador sorteado
condottiere-option-first-holder-seat = lugar { $seat }
condottiere-options-points = Jogar por pontos, até { $target ->
        [0] { $target } pontos
        [one] { $target } ponto
       *[other] { $target } pontos
    }
condottiere-options-base = o jogo básico, sem regras opcionais
condottiere-options-holder = { $name } começa com o marcador do Condottiere
condottiere-options-holder-random = quem começa com o marcador do Condottiere é sorteado
condottiere-note-points-capturing = Observação: o livro de regras não recomenda jogar por pontos junto com a captura de regiões.
condottiere-problem-first-holder = Quem começa com o marcador do Condottiere tem de ser um dos lugares.
condottiere-problem-points-target = A meta de pontos tem de ser um número inteiro de { $min } a { $max }.

## Decisões, como pedidos

condottiere-decision-first-battle-region = escolher onde será a primeira batalha
condottiere-decision-play-or-pass = jogar uma carta ou passar
condottiere-decision-scarecrow-target = escolher qual Mercenário o Espantalho pega de volta
condottiere-decision-pope-placement = escolher onde fica o Papa
condottiere-decision-next-battle-region = escolher onde será a próxima batalha
condottiere-decision-discard-hand = decidir se descarta uma mão sem Mercenários
condottiere-decision-keep-cards = escolher até duas cartas para guardar para a próxima rodada
condottiere-decision-draw-count = escolher quantas cartas comprar
condottiere-decision-defender-play-or-pass = defender a região: jogar uma carta ou passar
condottiere-decision-final-battle-play-or-pass = jogar uma carta ou passar na batalha final

## Ações

condottiere-action-place-token = colocar o marcador do Condottiere em { $region }
condottiere-action-play = jogar { $card }
condottiere-action-pass = passar
condottiere-action-pass-reveal = passar e desvirar a carta virada para baixo
condottiere-action-scarecrow = pegar de volta { $card } com o Espantalho
condottiere-action-scarecrow-nothing = não pegar nada de volta com o Espantalho
condottiere-action-pope = colocar o Papa em { $region }
condottiere-action-pope-off = deixar o Papa fora do tabuleiro
condottiere-action-discard-hand = descartar a mão
condottiere-action-keep-hand = ficar com a mão
condottiere-action-keep = guardar { $cards }
condottiere-action-keep-nothing = não guardar nenhuma carta
condottiere-action-draw = comprar { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    }

## Erros de regra

condottiere-error-game-over = a partida terminou: nenhuma ação é mais aceita
condottiere-error-no-such-seat = não existe o lugar { $seat } nesta partida
condottiere-error-not-your-turn = agora a decisão não é sua: a partida espera por { $waiting }
condottiere-error-wrong-decision = essa não é a decisão pedida: você precisa { $expected }
condottiere-error-card-not-in-hand = você não tem { $card } na mão (§3.5)
condottiere-error-token-target = o marcador do Condottiere não pode ir para { $region }: { $reason } (§3.4, R11)
condottiere-error-scarecrow-target = o Espantalho só pode devolver um Mercenário virado para cima da sua própria linha (§3.7, R6)
condottiere-error-pope-target = o Papa não pode ir para { $region }: { $reason } (§3.11, R5)
condottiere-error-nothing-to-reveal = você não tem nenhuma carta virada para baixo para desvirar (§3.19.5, R24)
condottiere-error-keep-cards = você pode guardar no máximo duas cartas, e só cartas da sua mão (§3.12, R16)
condottiere-error-draw-count = você pode comprar de 0 a { $max ->
        [0] { $max } cartas
        [one] { $max } carta
       *[other] { $max } cartas
    } (§3.19.1, R25)
condottiere-error-holds-mercenary = você tem um Mercenário: só uma mão sem nenhum pode ser descartada (§3.9 passo 4, R15)
condottiere-error-no-cards = você não tem cartas para descartar (§3.9 passo 4, R15)
condottiere-error-hand-full = sua mão está no limite de 10 mais as suas regiões: você não pode comprar cartas (§3.19.1, R25)
condottiere-reason-contested = é a região disputada
condottiere-reason-controlled = um jogador a controla
condottiere-reason-pope = o Papa a protege
condottiere-reason-yours = você a controla
condottiere-reason-not-capturing = outro jogador a controla e a captura de regiões está desligada

## Como uma partida terminou

condottiere-ending-total-regions = pelo total de regiões
condottiere-ending-connected-regions = por regiões vizinhas
condottiere-ending-all-regions-taken = todas as regiões foram tomadas: vence quem tem mais regiões
condottiere-ending-final-battle = na batalha final de desempate
condottiere-ending-shared-victory = vitória dividida depois de uma batalha final empatada
condottiere-ending-points-target = atingiu a meta de pontos com mais pontos
condottiere-outcome = { $count ->
        [0] { $who } dividem a vitória ({ $ending }).
        [one] { $who } venceu ({ $ending }).
       *[other] { $who } dividem a vitória ({ $ending }).
    }
condottiere-outcome-points = Pontos finais: { $scores }.
condottiere-score = { $name } { $points }
condottiere-standing = { $name }: { $regions ->
        [0] nenhuma região
        [one] { $regions } região
       *[other] { $regions } regiões
    }
condottiere-standing-points = { $name }: { $points ->
        [0] { $points } pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }, { $regions ->
        [0] { $regions } regiões
        [one] { $regions } região
       *[other] { $regions } regiões
    } no final

## Eventos

condottiere-ev-game-started = A partida começou; { $holder } { $holder-p ->
        [you] está
       *[other] está
    } com o marcador do Condottiere.
condottiere-ev-series-game-started = A partida { $game } da série começou; { $holder } { $holder-p ->
        [you] está
       *[other] está
    } com o marcador do Condottiere.
condottiere-ev-dealt = { $seat } recebeu { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    }.
condottiere-ev-received = { $seat } recebeu { $cards }.
condottiere-ev-reshuffled = { $count ->
        [0] { $count } cartas foram embaralhadas
        [one] { $count } carta foi embaralhada
       *[other] { $count } cartas foram embaralhadas
    } num novo monte de compra.
condottiere-ev-token-placed = { $seat } colocou o marcador do Condottiere em { $region }.
condottiere-ev-token-placed-defended = { $seat } colocou o marcador do Condottiere em { $region }, que { $defender } { $defender-p ->
        [you] defende
       *[other] defende
    }.
condottiere-ev-battle-started = A batalha por { $region } começou entre { $seats }.
condottiere-ev-battle-started-anywhere = Uma batalha começou entre { $seats }.
condottiere-ev-out-of-cards = { $seat-p ->
        [you] Você não tem mais cartas e passa.
       *[other] { $seat } não tem mais cartas e passa.
    }
condottiere-ev-played = { $seat } jogou { $card }.
condottiere-ev-played-face-down-own = { $seat } jogou { $card } com a face para baixo.
condottiere-ev-played-face-down = { $seat } jogou uma carta virada para baixo.
condottiere-ev-removed-nothing = { $by } não levou nenhuma carta à pilha de descarte.
condottiere-ev-removed = { $by } levou à pilha de descarte: { $cards }.
condottiere-ev-removed-card = { $owner-p ->
        [you] seu { $card }
       *[other] { $card } de { $owner }
    }
condottiere-ev-scarecrow-returned = { $seat-p ->
        [you] Você pegou { $card } de volta para a sua mão com o Espantalho.
       *[other] { $seat } pegou { $card } de volta para a mão com o Espantalho.
    }
condottiere-ev-scarecrow-nothing = { $seat-p ->
        [you] Seu Espantalho não pegou nada de volta.
       *[other] O Espantalho de { $seat } não pegou nada de volta.
    }
condottiere-ev-pope-moved = { $seat } colocou o Papa em { $region }.
condottiere-ev-pope-removed = { $seat } tirou o Papa do tabuleiro.
condottiere-ev-turned-up = { $seat-p ->
        [you] Você desvirou a sua carta virada para baixo: { $card }.
       *[other] { $seat } desvirou a carta virada para baixo: { $card }.
    }
condottiere-ev-passed = { $seat } passou.
condottiere-ev-passed-provisional = { $seat } passou por enquanto (a vez de quem defende ainda volta).
condottiere-ev-revealed = { $seat } revelou uma carta virada para baixo: { $cards }.
condottiere-ev-battle-ended = { $place } { $result } (forças: { $scores }).
condottiere-ev-token-to = { $token } { $token-p ->
        [you] fica
       *[other] fica
    } com o marcador do Condottiere.
condottiere-ev-battle-place = A batalha por { $region }
condottiere-ev-battle-place-final = A batalha final
condottiere-ev-won = terminou: { $seats } venceu
condottiere-ev-tied = empatou entre { $seats }: ninguém conquista
condottiere-ev-tied-shared = empatou entre { $seats }, que dividem a vitória
condottiere-ev-conquered-from = { $seat } tomou { $region } de { $from }.
condottiere-ev-conquered = { $seat } conquistou { $region }.
condottiere-ev-lines-discarded = Todas as linhas de batalha foram para a pilha de descarte.
condottiere-ev-answered = { $seat-p ->
        [you] Você respondeu.
       *[other] { $seat } respondeu.
    }
condottiere-ev-answer-revised = { $seat-p ->
        [you] Você mudou a sua resposta.
       *[other] { $seat } mudou a resposta.
    }
condottiere-ev-keeper-discarded = { $seat-p ->
        [you] Você descartou o resto da sua mão no fim da rodada: { $cards }.
       *[other] { $seat } descartou o resto da mão no fim da rodada: { $cards }.
    }
condottiere-ev-hand-discarded = { $seat-p ->
        [you] Você descartou a sua mão: { $cards }.
       *[other] { $seat } descartou a mão: { $cards }.
    }
condottiere-ev-kept-count = { $seat } guardou { $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    } para a próxima rodada.
condottiere-ev-kept = { $seat } guardou { $cards }.
condottiere-ev-round-started = A rodada { $round } começou.
condottiere-ev-final-battle-started = Uma batalha final começou entre { $seats }.
condottiere-ev-series-game-ended = A partida { $game } da série terminou: { $winners } ({ $ending }). Pontos: { $points }.
condottiere-ev-game-over = A partida terminou: { $outcome }

## A mesa

condottiere-situation-series = Partida { $game } da série, pontos: { $scores }
condottiere-situation-round = Rodada { $round }
condottiere-situation-final = Batalha final de desempate entre { $seats }
condottiere-situation-battle-defended = Batalha por { $region }, defendida por { $defender }
condottiere-situation-battle = Batalha por { $region }
condottiere-situation-next = Próxima batalha: { $region }
condottiere-situation-holder = { $holder } está com o marcador do Condottiere
condottiere-situation-pope = o Papa está em { $region }
condottiere-situation-pope-off = o Papa está fora do tabuleiro
condottiere-situation-piles = monte de compra { $draw }, pilha de descarte { $discard }
condottiere-map-title = Mapa das 17 regiões da Itália
condottiere-map-region = { $region }: { $owner }
condottiere-map-pope = , o Papa
condottiere-map-contested = , em disputa
condottiere-map-nobody = ninguém
condottiere-map-seat = { $name } ({ $colour }): { $regions ->
        [0] nenhuma região
        [one] { $regions } região
       *[other] { $regions } regiões
    }
condottiere-map-uncontrolled = sem dono
condottiere-map-token = Marcador do Condottiere (região em disputa, anel tracejado)
condottiere-map-pope-key = Favor do Papa: nenhuma batalha ali
condottiere-lines = Linhas de batalha
condottiere-line-strength = força se a batalha terminasse agora
condottiere-line-value = { $card } → { $value }: { $reasons }
condottiere-line-hand = { $count ->
        [0] nenhuma carta na mão
        [one] { $count } carta na mão
       *[other] { $count } cartas na mão
    }
condottiere-line-passed = , passou
condottiere-line-to-play = , na vez de jogar
condottiere-hand = Sua mão ({ $count ->
        [0] nenhuma carta
        [one] { $count } carta
       *[other] { $count } cartas
    })
condottiere-mail-hand = Sua mão: { $cards } ({ $count ->
        [0] { $count } cartas
        [one] { $count } carta
       *[other] { $count } cartas
    })
condottiere-mail-card = { $name } ({ $code })
condottiere-mail-lines = Linhas de batalha:
condottiere-mail-line = { $name }: { $cards }, força { $strength }
condottiere-mail-line-why = {" "}({ $why })
condottiere-mail-face-down = { $card } (virada para baixo)
condottiere-mail-regions = Regiões dominadas:
condottiere-mail-held = { $name }: { $regions } ({ $count ->
        [0] { $count } regiões
        [one] { $count } região
       *[other] { $count } regiões
    })
condottiere-mail-held-none = { $name }: nenhuma região
condottiere-every-hand = Todas as mãos
condottiere-deck = Monte de compra, do topo para baixo
condottiere-seed = Semente { $seed }, derivada do segredo revelado e das contribuições dos jogadores.
condottiere-column-regions = Regiões
condottiere-column-hand = Cartas na mão

## Formulários de jogada

condottiere-form-token = Escolha a região da batalha
condottiere-form-token-help = Travar a batalha por { $region }
condottiere-form-play = Jogar uma carta
condottiere-form-play-help = Jogar { $card }
condottiere-form-pass = Ou passar
condottiere-form-pass-button = Passar
condottiere-form-pass-help = Passar pelo resto desta batalha
condottiere-form-pass-reveal-button = Passar e desvirar minha carta virada para baixo
condottiere-form-pass-reveal-help = Passar, mostrando a sua carta virada para baixo
condottiere-form-scarecrow = Seu Espantalho pega de volta
condottiere-form-scarecrow-nothing = Nada
condottiere-form-scarecrow-nothing-help = Não pegar nada de volta
condottiere-form-scarecrow-help = Devolver { $card } para a sua mão
condottiere-form-pope = Posicione o Papa
condottiere-form-pope-off = Fora do tabuleiro
condottiere-form-pope-off-help = Deixar o Papa fora do tabuleiro
condottiere-form-pope-help = Proteger { $region }
condottiere-form-discard = Sua mão não tem Mercenário
condottiere-form-discard-yes = Descartar minha mão
condottiere-form-discard-no = Ficar com minha mão
condottiere-form-keep = Guarde até duas cartas para a próxima rodada
condottiere-form-keep-label = Cartas a guardar
condottiere-form-keep-button = Guardar estas
condottiere-form-keep-nothing = Não guardar nada
condottiere-form-keep-cards = Guardar { $cards }
condottiere-form-draw = Comprar cartas
condottiere-form-draw-button = Comprar { $count }

## Momentos marcantes de um replay

condottiere-milestone-battle-won = { $winner } venceu { $place }
condottiere-milestone-battle-tied = { $place } empatou entre { $seats }
condottiere-milestone-place = a batalha por { $region }
condottiere-milestone-place-final = a batalha final
condottiere-milestone-first-deal = a primeira distribuição
condottiere-milestone-deal = cartas distribuídas

## Contadores que o verificador mostra

condottiere-count-games = { $n ->
        [0] { $n } partidas
        [one] { $n } partida
       *[other] { $n } partidas
    }
condottiere-count-rounds = { $n ->
        [0] { $n } rodadas
        [one] { $n } rodada
       *[other] { $n } rodadas
    }
condottiere-count-battles = { $n ->
        [0] { $n } batalhas
        [one] { $n } batalha
       *[other] { $n } batalhas
    }
condottiere-count-deals = { $n ->
        [0] { $n } distribuições
        [one] { $n } distribuição
       *[other] { $n } distribuições
    }

# Comandos por resposta.
condottiere-command-place = colocar
condottiere-command-play = jogar
condottiere-command-pass = passar
condottiere-command-reveal = revelar
condottiere-command-scarecrow = espantalho
condottiere-command-pope = papa
condottiere-command-none = nenhum
condottiere-command-discard-hand = descartar mão
condottiere-command-keep-hand = manter mão
condottiere-command-keep = manter
condottiere-command-draw = comprar
