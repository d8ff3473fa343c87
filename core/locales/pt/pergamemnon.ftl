## Pergamemnon: cada palavra que o apresentador do jogo diz. Argumentos de lugar vêm em pares:
## o nome (ou "você" para o próprio lugar de quem lê) e sua pessoa, `-p`: "you" ou "other".
## Os nomes das cartas são dados do conjunto de cartas e nunca se traduzem aqui.

pergamemnon-title = Pergamemnon
pergamemnon-tagline = Monte um exército da Antiguidade, recrute criaturas míticas com carisma e capture as cartas dos rivais em batalhas de ataque e defesa (Irongames 2011), de 2 a 5 jogadores.
pergamemnon-setup = as nações, os baralhos de exército e as criaturas são distribuídos
pergamemnon-history-chapter = Batalha { $number }

## Nações, cidades, armas, defesas, habilidades (§1.3, §3.2, §3.3)

pergamemnon-nation-romans = Romanos
pergamemnon-nation-egyptians = Egípcios
pergamemnon-nation-hellenes = Gregos
pergamemnon-nation-carthaginians = Cartagineses
pergamemnon-nation-persians = Persas
pergamemnon-city-romans = Roma
pergamemnon-city-egyptians = Tebas
pergamemnon-city-hellenes = Atenas
pergamemnon-city-carthaginians = Cartago
pergamemnon-city-persians = Babilônia
pergamemnon-city-front-romans = começou com 5 cartas de carisma
pergamemnon-city-front-egyptians = toma para sua pilha de descarte toda carta inimiga derrotada com Fuga
pergamemnon-city-front-hellenes = +½ ponto por carta que pontua no fim
pergamemnon-city-front-carthaginians = toda criatura custa 1 a menos
pergamemnon-city-front-persians = mão de 4 cartas
pergamemnon-city-back-romans = toda defesa das cartas do romano vale 1 a menos
pergamemnon-city-back-egyptians = não captura mais cartas em fuga (as cartas com Fuga foram expurgadas)
pergamemnon-city-back-hellenes = toda criatura custa 1 a mais, sem bônus no fim
pergamemnon-city-back-carthaginians = todo ataque das cartas do cartaginês vale 1 a menos
pergamemnon-city-back-persians = mão de 3 cartas, e toda carta jogada foge
pergamemnon-weapon-sword = espada
pergamemnon-weapon-spear = lança
pergamemnon-weapon-bow = arco
pergamemnon-defence-helmet = capacete
pergamemnon-defence-armour = armadura
pergamemnon-defence-shield = escudo
pergamemnon-skill-flee = Fuga
pergamemnon-skill-secure = Pontos Assegurados

## Cartas

pergamemnon-charisma-card = carta de carisma
pergamemnon-card-with-id = { $name } ({ $id })
pergamemnon-no-cards = nenhuma carta
pergamemnon-face-creature = criatura
pergamemnon-face-leader = líder
pergamemnon-face-attack = { $weapon } { $value }
pergamemnon-face-defence = capacete { $helmet } · armadura { $armour } · escudo { $shield }
pergamemnon-face-charisma = carisma { $value }
pergamemnon-face-points = { $value ->
        [0] 0 pontos
        [one] 1 ponto
       *[other] { $value } pontos
    }
pergamemnon-face-cost = custo { $cost }
pergamemnon-face-cost-effective = custo { $cost } para você (impresso { $printed })

## O conjunto de cartas (§4.3): nomeado em toda página e todo e-mail.

pergamemnon-card-set-reference = Conjunto de cartas { $id }: conjunto de referência (não são os valores publicados)
pergamemnon-card-set-published = Conjunto de cartas: { $title } ({ $id }), os valores publicados
pergamemnon-card-set-partly-verified = Conjunto de cartas: { $title } ({ $id }), os valores publicados, parcialmente verificados
pergamemnon-card-set-custom = Conjunto de cartas: { $title } ({ $id }), um conjunto personalizado (não são os valores publicados)
pergamemnon-card-set-named = Conjunto de cartas { $id }
pergamemnon-card-set-unknown = Conjunto de cartas: { $id } (desconhecido neste servidor)

## Opções

pergamemnon-option-card-set = Conjunto de cartas
    .help = Os valores das cartas são dados. O conjunto de referência é nosso, feito para que o jogo possa ser jogado: não é o conjunto de cartas publicado.
pergamemnon-option-card-set-reference-1 = Conjunto de referência 1 (não são os valores publicados)
pergamemnon-option-card-set-reference-2 = Conjunto de referência 2 (não são os valores publicados; equilibrado por simulação)
pergamemnon-option-first-player = Quem começa
    .help = As regras fazem começar o jogador mais carismático: os Romanos, se jogarem; senão, um jogador sorteado.
pergamemnon-option-first-player-creator = eu
pergamemnon-option-first-player-random = quem tem mais carisma (os Romanos), senão por sorteio
pergamemnon-option-first-player-seat = lugar { $seat }
pergamemnon-options-card-set = { $set }
pergamemnon-options-nations = Nações: { $nations }
pergamemnon-options-nations-random = Nações distribuídas ao acaso
pergamemnon-options-first = { $name } começa
pergamemnon-options-first-charisma = O jogador mais carismático começa (os Romanos, se jogarem; senão, por sorteio)
pergamemnon-problem-unknown-card-set = Não há conjunto de cartas “{ $id }” neste servidor. Escolha um dos conjuntos que o formulário oferece.
pergamemnon-problem-card-set-hash = O conjunto de cartas { $id } daqui não é o que o jogo nomeia (seu hash é { $found }, o do jogo { $expected }). Reproduza-o com o conjunto com que foi criado.
pergamemnon-problem-card-set-invalid = O conjunto de cartas não carrega: { $why }. Corrija o conjunto e crie o jogo de novo.
pergamemnon-problem-nations = Dê uma nação por lugar, cada nação no máximo uma vez, ou deixe as nações serem distribuídas ao acaso.
pergamemnon-problem-first-player = Quem começa deve ser um dos lugares: escolha um lugar desta mesa.
pergamemnon-problem-players = Pergamemnon é para 2 a 5 jogadores: convide entre 2 e 5.

## Decisões (§10.1), como pedidos

pergamemnon-decision-turn = recrutar uma criatura ou atacar um jogador (passar a vez não é permitido)
pergamemnon-decision-defend = defender-se do ataque de { $weapon } de { $attacker } (conta o seu { $defence }): escolha sua primeira carta e seu plano de batalha
pergamemnon-decision-reinforce = a carta atual não resiste a { $weapon } { $value } ({ $defence }): reforce com uma carta que faça a defesa dar certo, ou com nenhuma e perca a batalha
pergamemnon-decision-dispose = escolha para onde vai cada carta capturada ({ $cards }): sua pilha de descarte, ou parcialmente debaixo da sua cidade, pelo carisma
pergamemnon-decision-discard = depois da batalha perdida você pode descartar cartas da mão, ou nenhuma
pergamemnon-decision-name-d1 = a ação da vez
pergamemnon-decision-name-d2 = a defesa
pergamemnon-decision-name-d3 = o reforço
pergamemnon-decision-name-d4 = o destino das cartas capturadas
pergamemnon-decision-name-d5 = o descarte depois de uma batalha perdida
pergamemnon-decision-name-d6 = as ordens permanentes
pergamemnon-decision-name-other = a decisão { $id }

## Eventos

pergamemnon-seat-label = { $name } ({ $nation })
pergamemnon-ev-setup = O jogo começa. { $set }. Nações: { $nations }. Primeiro a jogar: { $first }.
pergamemnon-ev-drew = { $seat } comprou { $cards }.
pergamemnon-ev-drew-count = { $seat } comprou { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }.
pergamemnon-ev-reshuffled = { $seat } embaralhou { $seat-p ->
        [you] sua
       *[other] a sua
    } pilha de descarte ({ $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }) como nova pilha de compra.
pergamemnon-ev-reactivated = Todas as cartas de nação voltam a ficar ativas.
pergamemnon-ev-nation-inactive = { $seat-p ->
        [you] Sua carta de nação fica inativa.
       *[other] A carta de nação de { $seat } fica inativa.
    }
pergamemnon-ev-at-turn = { $seat-p ->
        [you] É a sua vez.
       *[other] É a vez de { $seat }.
    }
pergamemnon-ev-recruited = { $seat } recrutou { $creature }, pagando com { $payment }; a mão ({ $discarded }) e a criatura foram para a pilha de descarte.
pergamemnon-ev-refill = { $creature } entra na mostra.
pergamemnon-ev-no-refill = O baralho de criaturas está vazio: a mostra diminui.
pergamemnon-ev-attacked = { $attacker } atacou { $target } com { $weapon }.
pergamemnon-ev-revealed = As primeiras cartas são reveladas: { $attack } ataca, { $defence } defende.
pergamemnon-ev-defended-alone = { $seat } resistiu a { $weapon } { $value } com o { $defence } da carta atual.
pergamemnon-ev-reinforced = { $seat } reforçou com { $card } contra { $weapon } { $value } ({ $defence }).
pergamemnon-ev-countered = { $seat } contra-atacou: { $weapon } { $value }.
pergamemnon-ev-tie = A batalha terminou empatada.
pergamemnon-ev-won = { $winner } venceu a batalha contra { $loser }.
pergamemnon-ev-fates = { $seat-p ->
        [you] Suas cartas
       *[other] As cartas de { $seat }
    }: { $fates }.
pergamemnon-fate-secured = { $card } assegurada debaixo da cidade
pergamemnon-fate-fled = { $card } fugiu para a caixa
pergamemnon-fate-taken-by-egypt = { $card } fugiu e foi tomada pelo Egito
pergamemnon-fate-captured = { $card } capturada
pergamemnon-ev-city-turned = { $seat-p ->
        [you] Seu líder foi capturado
       *[other] O líder de { $seat } foi capturado
    }: a cidade vira para o verso até o fim do jogo.
pergamemnon-ev-purged = Expurgo do Egito: { $cards } de { $seat } saíram do jogo.
pergamemnon-ev-disposed = { $seat } guardou as cartas capturadas: parcialmente debaixo da cidade { $tucked }; pilha de descarte { $discarded }.
pergamemnon-ev-charisma = { $seat } pegou uma carta de carisma da reserva.
pergamemnon-ev-charisma-none = A reserva está vazia: { $seat } não pegou carta de carisma.
pergamemnon-ev-discarded = { $seat } descartou { $cards }.
pergamemnon-ev-discarded-nothing = { $seat } não descartou nada.
pergamemnon-ev-orders-changed = { $seat } mudou { $seat-p ->
        [you] suas
       *[other] as suas
    } ordens permanentes.
pergamemnon-ev-defaulted = O serviço escolheu { $decision } por { $seat } (o prazo passou, ou as ordens permanentes mandavam).
pergamemnon-ev-ended = O jogo terminou. { $outcome }

## Ações

pergamemnon-action-recruit = recrutar { $creature }, pagando com { $payment }
pergamemnon-action-attack = atacar { $target } com { $weapon } ({ $card })
pergamemnon-action-defend = defender com { $card }
pergamemnon-action-reinforce = reforçar com { $card }
pergamemnon-action-reinforce-none = não reforçar
pergamemnon-action-dispose = guardar as cartas capturadas: { $cards }
pergamemnon-action-dispose-discard = { $card } na pilha de descarte
pergamemnon-action-dispose-tuck = { $card } parcialmente debaixo da cidade
pergamemnon-action-discard = descartar { $cards }
pergamemnon-action-discard-nothing = não descartar nada
pergamemnon-action-orders = mudar as ordens permanentes
pergamemnon-action-pass = passar a vez

## Recusas: o que estava errado, e o que fazer

pergamemnon-error-game-over = O jogo terminou: não há mais jogadas.
pergamemnon-error-no-such-seat = Não há lugar { $seat } neste jogo: nomeie um lugar desta mesa.
pergamemnon-error-not-your-turn = Esta decisão não é sua agora: espere o e-mail que pede a sua.
pergamemnon-error-wrong-decision = Não é essa a decisão que se pede de você agora: o jogo espera { $expected }.
pergamemnon-error-unknown-card = Não há carta “{ $card }” no conjunto de cartas deste jogo: escreva o código da carta como o e-mail mostra.
pergamemnon-error-not-in-hand = { $card } não está na sua mão: escolha uma das cartas que seu e-mail ou sua página listam.
pergamemnon-error-no-pass = Passar a vez nunca é permitido: recrute uma criatura ou ataque um jogador.
pergamemnon-error-bad-target = O lugar { $seat } não pode ser atacado: é você, ou a carta de nação dele está inativa. Ataque um jogador cuja carta de nação esteja ativa.
pergamemnon-error-wrong-weapon = { $card } não leva { $weapon }: anuncie a arma que a carta leva, ou escolha uma carta dessa arma.
pergamemnon-error-not-on-display = { $card } não está na mostra: recrute uma das criaturas da mostra.
pergamemnon-error-not-tucked = { $card } não está parcialmente debaixo da sua cidade: pague só com as cartas de lá.
pergamemnon-error-empty-payment = Um recrutamento precisa de pelo menos uma carta de debaixo da cidade além da mão: nomeie as cartas com que paga.
pergamemnon-error-payment-too-low = O pagamento chega a { $reached } de carisma, a criatura custa { $cost }: acrescente cartas, ou escolha uma criatura mais barata.
pergamemnon-error-payment-not-minimal = O pagamento é mais do que o necessário: { $card } poderia ficar de fora. Pague com menos cartas (não há troco).
pergamemnon-error-no-reinforcement-needed = A carta atual resiste sozinha: não há o que reforçar agora.
pergamemnon-error-reinforcement-too-weak = { $card } não faz a defesa dar certo ({ $total } é menos que { $value }): escolha uma carta mais forte, ou nenhuma.
pergamemnon-error-not-captured = { $card } não foi capturada nesta batalha, ou não está em questão: decida só sobre as cartas que a decisão lista.
pergamemnon-error-disposal-incomplete = Diga para onde vai cada carta capturada, cada uma uma vez.
pergamemnon-error-cannot-tuck = { $card } não pode ir para debaixo da cidade (carisma 0, ou uma carta em fuga que o Egito tomou): mande-a para a pilha de descarte.
pergamemnon-error-repeated = Uma carta foi nomeada duas vezes: nomeie cada carta uma vez.

## O resultado e a classificação

pergamemnon-ending-creatures = a mostra ficou com menos de uma criatura por jogador
pergamemnon-ending-exhaustion = { $seats } não { $count ->
        [one] conseguiu completar a mão
       *[other] conseguiram completar a mão
    }
pergamemnon-points-whole = { $whole }
pergamemnon-points-half = { $whole },5
pergamemnon-score = { $name } { $points }
pergamemnon-outcome = { $who } { $count ->
        [one] venceu
       *[other] dividem a vitória
    } ({ $ending }).
pergamemnon-outcome-scores = Pontos: { $scores }.
pergamemnon-standing = { $name } ({ $nation }): pontuação { $points }
pergamemnon-standing-running = { $name } ({ $nation })
pergamemnon-scores-title = Pontos
pergamemnon-score-line = { $seat }: pontuação { $points }
pergamemnon-score-creatures = ; criaturas por custo { $costs }
pergamemnon-score-winner = , vencedor

## O tabuleiro

pergamemnon-situation-at-turn = na vez: { $seat }
pergamemnon-situation-battle = batalha: { $attacker } ataca { $defender } com { $weapon }
pergamemnon-situation-piles = mostra { $display }, baralho de criaturas { $deck }, reserva { $supply }
pergamemnon-display-title = Mostra: { $count } criaturas (baralho de criaturas: { $deck })
pergamemnon-display-your-costs = Os custos mostrados são os seus, com o modificador da sua nação.
pergamemnon-piles = Cartas de carisma na reserva: { $supply } · criaturas retiradas sem ver: { $removed } · cartas na caixa: { $box }
pergamemnon-seat-at-turn = , na vez
pergamemnon-seat-city-front = Cidade { $city }, frente: { $effect }
pergamemnon-seat-city-back = Cidade { $city }, verso (líder capturado): { $effect }
pergamemnon-seat-active = Carta de nação ativa
pergamemnon-seat-inactive = Carta de nação inativa (não pode ser atacado)
pergamemnon-seat-piles = Mão { $hand } de { $size } · pilha de compra { $draw }
pergamemnon-zone-hand = Mão ({ $count })
pergamemnon-zone-discard = Pilha de descarte ({ $count })
pergamemnon-zone-tucked = Parcialmente debaixo da cidade ({ $count }): { $charisma } de carisma
pergamemnon-zone-secured = Assegurado debaixo da cidade ({ $count })
pergamemnon-zone-box = Caixa ({ $count })
pergamemnon-battle-title = A batalha
pergamemnon-battle-head = { $attacker } ataca { $defender } com { $weapon }
pergamemnon-battle-hidden-card = A primeira carta do atacante fica virada para baixo até o defensor escolher a sua.
pergamemnon-battle-your-hidden-card = Sua primeira carta, ainda virada para baixo: { $card }
pergamemnon-battle-used = { $seat } jogou { $cards }
pergamemnon-battle-incoming = { $seat } precisa resistir a { $weapon } { $value } ({ $defence })
pergamemnon-battle-winner = { $seat } venceu a batalha
pergamemnon-battle-captured = Capturadas, a guardar: { $cards }
pergamemnon-review-hand = { $seat }: mão ({ $count })
pergamemnon-review-draw = { $seat }: pilha de compra, do topo ({ $count })
pergamemnon-review-creature-deck = Baralho de criaturas, do topo ({ $count })
pergamemnon-review-removed = Criaturas retiradas na preparação ({ $count })
pergamemnon-review-seed = Semente: { $seed }
pergamemnon-column-nation = Nação
pergamemnon-column-hand = Mão
pergamemnon-column-charisma = Carisma

## Planos e ordens permanentes (§10.3)

pergamemnon-reinforce-auto = automaticamente (a carta que dá certo e mais ameaça)
pergamemnon-reinforce-never = nunca
pergamemnon-reinforce-ask = perguntar a cada vez
pergamemnon-reinforce-prefer = as cartas que prefiro, em ordem
pergamemnon-capture-discard = todas para minha pilha de descarte
pergamemnon-capture-tuck = pôr debaixo da cidade toda carta que puder
pergamemnon-capture-tuck-zero-points = pôr debaixo da cidade as cartas que não valem pontos
pergamemnon-capture-ask = perguntar
pergamemnon-plan-reinforce = reforçar: { $mode }
pergamemnon-plan-prefer = preferidas: { $cards }
pergamemnon-plan-fallback-auto = se nenhuma delas der certo: automaticamente
pergamemnon-plan-fallback-none = se nenhuma delas der certo: sem reforço
pergamemnon-plan-keep = nunca jogar: { $cards }
pergamemnon-plan-capture = capturas: { $mode }
pergamemnon-orders-title = Suas ordens permanentes
pergamemnon-orders-respond-ask = Quando atacado: perguntar minha primeira carta
pergamemnon-orders-respond-auto = Quando atacado: defender automaticamente com meu plano permanente
pergamemnon-orders-plan = Plano permanente: { $plan }
pergamemnon-orders-after-loss-none = Depois de uma batalha perdida: não descartar nada
pergamemnon-orders-after-loss-ask = Depois de uma batalha perdida: perguntar o que descartar

## Formulários

pergamemnon-form-recruit = Recrutar uma criatura
pergamemnon-form-recruit-help = Cada botão paga com o pagamento mais barato que funciona; toda a sua mão vai para a pilha de descarte com a criatura.
pergamemnon-form-recruit-button = { $creature }, custo { $cost }: pagar com { $payment }
pergamemnon-form-recruit-none = Nenhuma criatura da mostra pode ser paga agora: ataque.
pergamemnon-form-recruit-other = Recrutar com outro pagamento
pergamemnon-form-recruit-submit = Recrutar
pergamemnon-form-creature = Criatura
pergamemnon-form-payment = Pagar com estas cartas de debaixo da cidade
pergamemnon-form-attack = Atacar um jogador
pergamemnon-form-target = Quem atacar
pergamemnon-form-attack-card = Sua primeira carta (a arma dela é a que você anuncia)
pergamemnon-form-attack-submit = Atacar
pergamemnon-form-plan = Plano de batalha
pergamemnon-form-reinforce = Reforçar
pergamemnon-form-prefer = Reforços preferidos, na ordem da mão
pergamemnon-form-fallback = Se nenhuma carta preferida der certo
pergamemnon-form-keep = Nunca jogar estas como reforço nem como defesa automática
pergamemnon-form-capture = Cartas capturadas
pergamemnon-form-defend = Defender
pergamemnon-form-defend-help = { $attacker } ataca você com { $weapon }: sua primeira carta defende com o { $defence }.
pergamemnon-form-defend-card = Sua primeira carta
pergamemnon-form-defend-submit = Defender
pergamemnon-form-reinforce-title = Reforçar
pergamemnon-form-reinforce-with = Reforçar com { $card }
pergamemnon-form-reinforce-none = Sem reforço (a batalha está perdida)
pergamemnon-form-dispose = Guardar as cartas capturadas
pergamemnon-form-to-discard = pilha de descarte (pontua e entra no seu baralho)
pergamemnon-form-to-tuck = debaixo da cidade (carisma para recrutar)
pergamemnon-form-dispose-submit = Guardar
pergamemnon-form-discard = Descartar depois da batalha perdida
pergamemnon-form-discard-cards = Cartas a descartar (nenhuma marcada: ficar com todas)
pergamemnon-form-discard-submit = Descartar
pergamemnon-form-orders = Ordens permanentes
pergamemnon-form-orders-help = O que o serviço faz por você sem perguntar; uma mudança vale a partir da próxima decisão.
pergamemnon-form-respond = Quando atacado
pergamemnon-form-after-loss = Depois de uma batalha perdida
pergamemnon-form-orders-submit = Salvar as ordens permanentes
pergamemnon-form-problem-unknown = “{ $value }” não é uma das escolhas deste formulário: recarregue a página e escolha de novo.
pergamemnon-form-problem-choose = Escolha: { $field }.
pergamemnon-form-problem-payment = Marque pelo menos uma carta de debaixo da cidade para pagar.
pergamemnon-form-problem-prefer = Com “as cartas que prefiro”, marque pelo menos uma carta preferida.

## E-mail

pergamemnon-mail-you-are = Você joga com os { $nation } de { $city }.
pergamemnon-mail-captured = As cartas capturadas a guardar
pergamemnon-mail-table = Os outros jogadores

## Comandos de resposta: alternativas separadas por | (os e-mails mostram a primeira); a leitura
## ignora maiúsculas, acentos e palavras de enchimento. As cartas se escrevem pelo código (como
## os e-mails mostram) ou, quando não há ambiguidade, pelo nome.

pergamemnon-command-recruit = recrutar
pergamemnon-command-pay = pagar
pergamemnon-command-attack = atacar
pergamemnon-command-defend = defender
pergamemnon-command-reinforce = reforçar
pergamemnon-command-tuck = guardar
pergamemnon-command-discard = descartar
pergamemnon-command-orders = ordens
pergamemnon-command-pass = passo | passar | passa
pergamemnon-command-none = nenhum | nenhuma | nada
pergamemnon-command-auto = auto | automático
pergamemnon-command-never = nunca
pergamemnon-command-ask = perguntar
pergamemnon-command-prefer = preferir
pergamemnon-command-fallback = senão
pergamemnon-command-keep = poupar
pergamemnon-command-capture = capturas | captura
pergamemnon-command-tuck-zero = guardar zero
pergamemnon-command-respond = responder
pergamemnon-command-after-loss = após derrota | derrota
pergamemnon-command-charisma = carisma
pergamemnon-command-sword = espada
pergamemnon-command-spear = lança
pergamemnon-command-bow = arco

## Marcos e contadores

pergamemnon-milestone-setup = A distribuição
pergamemnon-milestone-recruited = { $seat } recruta { $creature }
pergamemnon-milestone-won = { $winner } vence { $loser }
pergamemnon-milestone-tie = Uma batalha termina empatada
pergamemnon-milestone-leader = { $seat } perde o líder
pergamemnon-milestone-end = O fim
pergamemnon-count-turns = { $n ->
        [one] 1 vez
       *[other] { $n } vezes
    }
pergamemnon-count-battles = { $n ->
        [one] 1 batalha
       *[other] { $n } batalhas
    }

## O guia

pergamemnon-guide-glossary = Termos
pergamemnon-guide-rule-1 = Cada jogador comanda uma nação da Antiguidade: um baralho de exército de 11 cartas, com um líder, e uma carta de cidade. O objetivo é ter mais pontos nas suas cartas no fim.
pergamemnon-guide-rule-2 = Na sua vez você faz exatamente uma coisa: recruta uma criatura da mostra, ou ataca um jogador cuja carta de nação esteja ativa. Passar a vez nunca é permitido.
pergamemnon-guide-rule-3 = Recrutar: o carisma da melhor carta da sua mão mais as cartas de debaixo da cidade que você escolher devem alcançar o custo da criatura, sem carta a mais. Toda a mão e a criatura vão para a pilha de descarte, e você compra uma mão nova.
pergamemnon-guide-rule-4 = Atacar: anuncie uma arma (espada, lança ou arco) e ponha uma carta dessa arma virada para baixo; o defensor põe qualquer carta; as duas são reveladas juntas. A espada enfrenta o capacete, a lança a armadura, o arco o escudo.
pergamemnon-guide-rule-5 = Uma carta que resiste ao ataque contra-ataca com a própria arma. Uma carta que não resiste pode ser reforçada por uma carta da mão cujo valor somado faça a defesa dar certo; senão, a batalha está perdida. A primeira carta do defensor é a única que contra-ataca depois de resistir sozinha: qualquer outra que resista sozinha termina a batalha empatada.
pergamemnon-guide-rule-6 = O vencedor captura as cartas que o perdedor jogou na batalha e põe cada uma na pilha de descarte (pontua) ou, se tiver carisma, parcialmente debaixo da cidade (carisma para recrutar). Cartas com Fuga vão para a caixa; cartas com Pontos Assegurados, para debaixo da cidade do dono.
pergamemnon-guide-rule-7 = As cartas de nação decidem quem pode ser atacado e quem joga depois: a carta de quem perde ou recruta fica inativa; quando só quem está na vez está ativo, todas voltam a ficar ativas. O atacante que vence joga de novo; depois de um empate ou de um ataque perdido, joga o defensor.
pergamemnon-guide-rule-8 = Cada nação tem uma vantagem na frente da sua cidade; quando seu líder é capturado, a cidade vira para o verso, com uma penalidade, para sempre.
pergamemnon-guide-rule-9 = O jogo termina quando a mostra tem menos criaturas que jogadores, ou quando um jogador não consegue completar a mão. Contam os pontos das cartas que você tem; os Gregos com Agamêmnon somam meio ponto por carta que pontua. Empates vão para a criatura mais poderosa.
pergamemnon-guide-rule-10 = Por e-mail, uma batalha custa duas mensagens: o atacante manda sua carta com um plano de batalha, o defensor sua primeira carta com o plano dele, e o serviço joga a troca até o fim. Ordens permanentes podem defender por você sem perguntar. Os valores das cartas são os do conjunto de cartas que o jogo nomeia; o conjunto de referência é nosso, não são os valores publicados.
pergamemnon-guide-term-1 = As cartas postas parcialmente debaixo da sua cidade: cartas de carisma e cartas capturadas guardadas pelo carisma. Pagam criaturas.
    .term = Parcialmente debaixo da cidade
pergamemnon-guide-term-2 = Cartas postas inteiramente debaixo da cidade pela habilidade Pontos Assegurados: só pontuam.
    .term = Assegurado debaixo da cidade
pergamemnon-guide-term-3 = O lado de uma carta de nação: só jogadores com a carta ativa podem ser atacados ou ter a vez.
    .term = Ativa, inativa
pergamemnon-guide-term-4 = A última carta que um lado jogou na batalha: defende junto com um reforço, e contra-ataca.
    .term = Carta atual
pergamemnon-guide-term-5 = Uma carta da mão somada à carta atual quando esta sozinha não resiste; precisa fazer a defesa dar certo.
    .term = Reforço
pergamemnon-guide-term-6 = Como o seu lado da batalha é jogado sem perguntar a você: reforçar automaticamente, nunca, com cartas preferidas, ou perguntar; as cartas que nunca jogar; para onde vão as capturadas.
    .term = Plano de batalha
pergamemnon-guide-term-7 = Seu plano quando você é atacado, se o serviço escolhe sua primeira carta por você, e se pergunta o que descartar depois de uma batalha perdida.
    .term = Ordens permanentes
pergamemnon-guide-term-8 = Uma carta com Fuga que perde uma batalha vai para a caixa em vez de ser capturada (salvo pelos Egípcios com a cidade de frente).
    .term = Fuga
pergamemnon-guide-term-9 = Uma carta com Pontos Assegurados que perde uma batalha vai para debaixo da cidade do dono e pontua para ele.
    .term = Pontos Assegurados
pergamemnon-guide-term-10 = Os valores de todas as cartas de um jogo. O conjunto de referência é nosso, não são os valores publicados.
    .term = Conjunto de cartas
pergamemnon-guide-mail-1 = Recrutar o Centaur, pagando com a carta de carisma chr_01 (sem “pagar”, o pagamento mais barato que funciona).
    .command = recrutar cr_centaur pagar chr_01
pergamemnon-guide-mail-2 = Atacar o lugar 2 com espada, primeira carta Caesar; nunca jogar Praetorian como reforço; pôr as capturadas debaixo da cidade.
    .command = atacar 2 espada rom_caesar poupar rom_praetorian capturas guardar
pergamemnon-guide-mail-3 = Defender com a Sphinx; reforçar com a Mummy se for preciso. Sem palavras de plano, vale o seu plano permanente.
    .command = defender cr_sphinx preferir egy_mummy_1
pergamemnon-guide-mail-4 = Reforçar com uma carta, ou não reforçar.
    .command = reforçar egy_mummy_1 | reforçar nenhum
pergamemnon-guide-mail-5 = Guardar as capturadas: a Guard debaixo da cidade, a Sphinx na pilha de descarte (as não nomeadas vão para a pilha de descarte).
    .command = guardar egy_guard descartar cr_sphinx
pergamemnon-guide-mail-6 = Depois de uma batalha perdida: descartar cartas da mão, ou nenhuma.
    .command = descartar rom_bowman_1 | descartar nenhuma
pergamemnon-guide-mail-7 = Ordens permanentes: defender automaticamente, nunca jogar Caesar, guardar as cartas que não valem pontos, perguntar o que descartar depois de uma derrota.
    .command = ordens responder auto poupar rom_caesar capturas guardar zero após derrota perguntar
