## Condottieri: o jogo de ordens escritas no mapa da Itália renascentista (engine::condottieri).
## As ordens aparecem na forma escrita (A MIL - PAV), igual em todas as línguas.

condottieri-title = Maquiavel: a Itália renascentista (ordens escritas)
condottieri-tagline = Diplomacia na Itália renascentista: escreva ordens secretas para exércitos, frotas e guarnições, sitie cidades, suborne e compre unidades, resista à fome, à peste e às tempestades.
condottieri-setup = as potências são sorteadas entre os lugares e os exércitos postos no mapa

## Potências.
condottieri-power-austria = Áustria
condottieri-power-florence = Florença
condottieri-power-france = França
condottieri-power-genoa = Gênova
condottieri-power-hre = Sacro Império
condottieri-power-milan = Milão
condottieri-power-naples = Nápoles
condottieri-power-papacy = Papado
condottieri-power-savoy = Saboia
condottieri-power-spain = Império Espanhol
condottieri-power-turks = Turcos
condottieri-power-venice = Veneza
condottieri-autonomous = uma guarnição autônoma
condottieri-who = { $name } ({ $power })
condottieri-unit-number = unidade nº { $id }

## Fases.
condottieri-season-spring = Primavera
condottieri-season-summer = Verão
condottieri-season-autumn = Outono
condottieri-step-orders = ordens
condottieri-step-retreats = retiradas
condottieri-step-adjustments = ajustes
condottieri-when = { $season } de { $year }
condottieri-phase = { $season } de { $year }, { $step }

## Opções no formulário de criação e nos convites.
condottieri-option-scenario = Cenário
    .help = Cada cenário fixa o seu ano, as suas potências e o seu número de jogadores.
condottieri-option-scenario-balance = O Equilíbrio de Poder (1454, 8 jogadores)
condottieri-option-scenario-dukeofmilan = A Morte do Duque de Milão (1402, 6 jogadores)
condottieri-option-scenario-eight-saints = A Guerra dos Oito Santos (1375, 4 jogadores)
condottieri-option-scenario-spanish = A Preponderância Espanhola (1521, 6 jogadores)
condottieri-option-scenario-struggle-i = Luta pela Supremacia I (1499, 6 jogadores)
condottieri-option-scenario-struggle-ii = Luta pela Supremacia II (1513, 6 jogadores)
condottieri-option-scenario-suleiman = A Morte de Solimão (1566, 7 jogadores)
condottieri-option-finances = Finanças
    .help = Tesouros, renda, manutenção, subornos, revoltas e transferências de ducados.
condottieri-option-famine = Fome
    .help = A cada primavera algumas áreas passam fome: as unidades que ficarem nelas no fim da primavera se perdem.
condottieri-option-plague = Peste
    .help = A cada verão a peste atinge algumas áreas e mata as unidades nelas.
condottieri-option-storms = Tempestades
    .help = A cada outono tempestades atingem alguns mares: as frotas que ficarem neles no fim do outono afundam.
condottieri-option-conquest = Conquista
    .help = Uma potência que controla todas as áreas de origem de uma potência eliminada a conquista: pode construir nas cidades de origem dela e recebe a sua renda variável.
condottieri-option-goal = Objetivo
    .help = Quantas cidades vencem o jogo.
condottieri-option-goal-standard = normal (15 cidades)
condottieri-option-goal-long = longo (23 cidades)
condottieri-option-goal-short = curto (12 cidades, entre elas as suas cidades de origem)
condottieri-option-years-limit = Limite de anos
    .help = O jogo termina depois de tantos anos; vence a potência com mais cidades.
condottieri-option-years-limit-target = terminar após
condottieri-option-years-limit-unit = anos
condottieri-option-powers = Potências
    .help = Quem joga qual potência (R8).
condottieri-option-powers-random = sorteadas
condottieri-option-powers-seat_order = na ordem dos lugares (o lugar 1 joga a Áustria, depois em ordem alfabética dos nomes das potências em inglês)
condottieri-option-press = Mensagens
    .help = Quem pode escrever a quem durante o jogo.
condottieri-option-press-full = mensagens públicas e privadas
condottieri-option-press-public = só mensagens para toda a mesa
condottieri-option-press-none = sem mensagens (gunboat)
condottieri-options-scenario = cenário: { $scenario }
condottieri-options-modules = com { $modules }
condottieri-options-no-modules = sem Finanças e sem desastres
condottieri-options-goal = objetivo: { $goal }
condottieri-options-years = o jogo termina após { $years } anos
condottieri-options-no-years = sem limite de anos
condottieri-options-press = { $press }
condottieri-options-powers = potências { $powers }
condottieri-problem-unknown-scenario = Esse cenário não existe: escolha um da lista.
condottieri-problem-years-limit = O limite de anos deve ser de pelo menos 1 e terminar antes do ano 9999.
condottieri-problem-players = Este cenário é para { $needed } jogadores: convide exatamente { $needed } ou escolha outro cenário.

## Decisões e ações.
condottieri-decision-orders = escreva as suas ordens para a { $phase }
condottieri-decision-retreats = retire as suas unidades desalojadas na { $phase }
condottieri-decision-adjustments = construa ou debande unidades para a { $phase }
condottieri-action-write = escrever “{ $line }”
condottieri-action-ready = PRONTO: as minhas ordens são finais
condottieri-action-draw = votar pelo empate
condottieri-action-draw-no = retirar o meu voto pelo empate

## Recusas: o que estava errado e o que fazer.
condottieri-error-game-over = O jogo acabou: não há mais ordens.
condottieri-error-no-such-seat = Esse lugar não existe neste jogo.
condottieri-error-not-asked = A sua potência não tem nada a decidir nesta fase: espere a próxima.
condottieri-error-too-long = Essa linha tem mais de { $limit } caracteres: escreva uma ordem por linha.
condottieri-error-line-empty = A linha está vazia: escreva uma ordem como A MIL - PAV.
condottieri-error-line-area = “{ $name }” não é uma área: use um código como MIL ou um nome como Milão.
condottieri-error-line-area-ambiguous = “{ $name }” pode ser { $candidates }: escreva o código da área.
condottieri-error-line-expected-area = Falta uma área: escreva o seu código, p. ex. A MIL - PAV.
condottieri-error-line-expected-type = Falta o tipo da unidade: A ou E (exército), F (frota) ou G (guarnição).
condottieri-error-line-expected-action = O que a unidade deve fazer? Escreva depois dela H, - área, S, C, B, L ou = tipo, p. ex. A MIL H.
condottieri-error-line-trailing = A linha é uma ordem, mas sobra “{ $text }”: tire isso.
condottieri-error-line-ambiguous-unit = Você tem mais de uma unidade ali: escreva o tipo (A, F ou G) antes da área.
condottieri-error-illegal-no-such-unit = Não há unidade desse tipo ali: confira o mapa.
condottieri-error-illegal-not-your-unit = Essa unidade não é sua para dar ordens.
condottieri-error-illegal-wrong-unit-type = Essa unidade não pode receber essa ordem (p. ex. só frotas comboiam, só exércitos e frotas sitiam).
condottieri-error-illegal-same-area = Uma unidade não pode avançar para a sua própria área.
condottieri-error-illegal-not-adjacent = Essa área não faz fronteira com a da unidade (um exército além-mar precisa de comboio: acrescente VIA COMBOIO).
condottieri-error-illegal-cannot-stand = Esse tipo de unidade não pode ficar nessa área (exércitos ficam em terra, frotas no mar e nas costas).
condottieri-error-illegal-disabled = Essa área está fora de jogo neste cenário.
condottieri-error-illegal-convoy-from-land = Só uma frota no mar (ou em Veneza) pode comboiar.
condottieri-error-illegal-convoy-route = Esse comboio não pode levar esse exército até lá: comboie um exército de uma costa junto ao mar da frota para outra costa.
condottieri-error-illegal-support-target = Não há unidade ali para apoiar.
condottieri-error-illegal-support-sub-order = A unidade apoiada não pode fazer o que o apoio diz.
condottieri-error-illegal-support-reach = A unidade que apoia não poderia ela mesma entrar na área para onde apoia.
condottieri-error-illegal-no-siege = Não há o que sitiar ali: um cerco precisa de uma guarnição inimiga ou de uma cidade rebelde na área da unidade.
condottieri-error-illegal-bad-conversion = Essa conversão não é permitida (uma guarnição vira exército ou, num porto, frota; um exército ou frota vira guarnição numa cidade fortificada vazia).
condottieri-error-illegal-city-occupied = A cidade já está ocupada: uma unidade só vira guarnição numa cidade vazia.
condottieri-error-illegal-storm = Há uma tempestade ali: frotas não podem entrar nesse mar nesta fase.
condottieri-error-money-syntax = Essa linha de dinheiro não se lê: escreva p. ex. GASTAR 6 COMPRAR G FER, GASTAR 3 ALIVIO MIL ou DAR 3 A VENEZA.
condottieri-error-money-amount = Os valores são múltiplos de 3 ducados (uma transferência, pelo menos 1).
condottieri-error-money-below-minimum = Isso custa pelo menos { $minimum } ducados: pague mais ou escolha outro alvo.
condottieri-error-money-target = Essa despesa não pode mirar ali: confira para que serve a despesa.
condottieri-error-money-twice = Você já tem essa despesa nesse alvo nesta fase.
condottieri-error-money-funds = O seu tesouro não tem tanto depois das outras despesas: pague menos ou limpe uma despesa (LIMPAR GASTO 1).
condottieri-error-money-receiver = Os ducados vão para outra potência ainda em jogo: nomeie-a, p. ex. DAR 3 A VENEZA.
condottieri-error-no-finances = Este jogo é sem Finanças: não há ducados para gastar.
condottieri-error-retreat-no-such-unit = Nenhuma das suas unidades desalojadas está ali.
condottieri-error-retreat-not-an-option = Essa não é uma das retiradas da unidade: veja as opções listadas ou escreva D para debandá-la.
condottieri-error-adjust-syntax = Esse ajuste não se lê: escreva CONSTRUIR A MIL, DEBANDAR F NAP, PAGAR TODAS ou RENUNCIAR.
condottieri-error-adjust-build-there = Você não pode construir ali: construa numa cidade de origem livre que você controla.
condottieri-error-adjust-second-build = Você já constrói nessa área nesta fase.
condottieri-error-adjust-too-many-builds = Você não tem mais construções nesta fase.
condottieri-error-adjust-no-disband-due = Você não precisa debandar mais unidades.
condottieri-error-adjust-not-your-unit = Você não tem essa unidade.
condottieri-error-adjust-funds = O seu tesouro não paga isso: debande unidades ou construa menos.
condottieri-error-already-ready = Você já está PRONTO: escreva uma linha para mudar as ordens e depois PRONTO de novo.
condottieri-error-vote-unchanged = O seu voto pelo empate já está assim.
condottieri-error-eliminated = A sua potência está fora do jogo: não vota mais.
condottieri-form-problem-empty = Escreva uma linha ou escolha uma ordem antes de enviar.

## Eventos e o relatório de resultados.
condottieri-ev-seated = { $person ->
    [you] você joga com { $power }
   *[other] { $who } joga com { $power }
}
condottieri-ev-wrote-order = { $power } escreveu: { $line }
condottieri-ev-wrote-cleared-all = { $power } limpou todas as suas ordens ({ $count })
condottieri-ev-wrote-money = { $power } escreveu: { $line }
condottieri-ev-wrote-refunded = { $power } limpou uma despesa de { $amount } ducados
condottieri-ev-wrote-retreat = { $power } escreveu: { $line }
condottieri-ev-wrote-adjustment = { $power } escreveu: { $line }
condottieri-ev-ready = { $power }: PRONTO
condottieri-ev-not-ready = { $power }: não mais PRONTO
condottieri-ev-voted-draw = { $power } vota pelo empate
condottieri-ev-withdrew-draw = { $power } retira o seu voto pelo empate
condottieri-ev-resolved = Fase resolvida: { $phase }; agora { $next }
condottieri-ev-resolved-last = Fase resolvida: { $phase }
condottieri-ev-draw-agreed = Todas as potências sobreviventes votaram pelo empate.
condottieri-ev-built = { $power } constrói { $unit }.
condottieri-ev-adjust-disbanded = { $count ->
    [1] Uma unidade é debandada.
   *[other] { $count } unidades são debandadas.
}
condottieri-ev-adjust-defaulted = { $count ->
    [1] Uma unidade é debandada por omissão.
   *[other] { $count } unidades são debandadas por omissão.
}
condottieri-ev-upkeep-paid = { $power } paga { $amount } ducados pelas suas unidades.
condottieri-ev-adjust-nothing = Nenhuma construção e nenhuma debandada.
condottieri-ev-expense-succeeded = { $power } pagou { $amount } ducados para { $kind } { $target }: deu certo.
condottieri-ev-expense-failed = { $power } pagou { $amount } ducados para { $kind } { $target }: não deu certo.
condottieri-ev-transfer = { $amount ->
    [1] { $from } deu 1 ducado a { $to }.
   *[other] { $from } deu { $amount } ducados a { $to }.
}
condottieri-ev-rebellions = Revolta em { $areas }.
condottieri-ev-bribe-disbanded = { $count ->
    [1] Uma unidade subornada é debandada.
   *[other] { $count } unidades subornadas são debandadas.
}
condottieri-ev-bought = Uma unidade subornada agora serve { $power }.
condottieri-ev-freed = { $count ->
    [1] Uma guarnição subornada é libertada.
   *[other] { $count } guarnições subornadas são libertadas.
}
condottieri-ev-money-nothing = Ninguém gastou ducados.
condottieri-ev-retreated = { $power }: { $unit } recuou para { $to }.
condottieri-ev-retreated-city = { $power }: { $unit } recuou para a sua cidade.
condottieri-ev-retreat-disbanded = { $count ->
    [1] Uma unidade desalojada é debandada.
   *[other] { $count } unidades desalojadas são debandadas.
}
condottieri-ev-retreats-nothing = Nenhuma unidade recuou.
condottieri-ev-liberated = Revolta encerrada em { $areas }.
condottieri-ev-famine-losses-none = Fome em { $areas }: nenhuma unidade morreu de fome.
condottieri-ev-famine-losses = Fome em { $areas }: { $count ->
    [1] uma unidade morreu de fome.
   *[other] { $count } unidades morreram de fome.
}
condottieri-disaster-famine = Fome
condottieri-disaster-plague = Peste
condottieri-disaster-storms = Tempestades
condottieri-ev-roll = { $disaster }: o dado mostra { $die }; atinge { $areas }.
condottieri-ev-roll-none = { $disaster }: o dado mostra { $die }; nada é atingido este ano.
condottieri-ev-plague-losses-none = A peste não matou nenhuma unidade.
condottieri-ev-plague-losses = { $count ->
    [1] A peste matou uma unidade.
   *[other] A peste matou { $count } unidades.
}
condottieri-ev-storm-losses-none = Nenhuma frota se perdeu no mar.
condottieri-ev-storm-losses = { $count ->
    [1] Uma tempestade afundou uma frota.
   *[other] Tempestades afundaram { $count } frotas.
}
condottieri-ev-eliminated = { $powers } eliminada(s) ({ $count ->
        [0] { $count } unidades removidas
        [one] { $count } unidade removida
       *[other] { $count } unidades removidas
    }).
condottieri-ev-control = { $power } agora controla { $areas }.
condottieri-ev-control-lost = Ninguém mais controla { $areas }.
condottieri-ev-conquest = { $by } conquista { $conquered }: pode construir nas cidades de origem dela.
condottieri-ev-income-die = Dado da renda: { $die }.
condottieri-ev-income = { $power } recebe { $total } ducados (controle { $control }, cidades principais { $major }, ocupação { $occupation }, guarnições { $garrisons }, variável { $variable }).
condottieri-ev-ended-winner = O jogo acabou: { $power } vence.
condottieri-ev-ended-draw = O jogo acabou: empate entre { $powers }.
condottieri-expense-relief = aliviar a fome em
condottieri-expense-pacify = pacificar
condottieri-expense-rebel = provocar uma revolta em
condottieri-expense-counter = contrassubornar
condottieri-expense-disband = subornar para debandar
condottieri-expense-buy = comprar
condottieri-expense-free = libertar
condottieri-ev-standoffs = Empate de forças em { $areas }: ninguém entrou.
condottieri-retreat-city = a sua própria cidade
condottieri-ev-must-retreat = { $power }: { $unit } deve recuar: { $options }, ou debandar.
condottieri-ev-disbanded-no-retreat = { $power }: { $unit } não tinha para onde recuar e é debandada.
condottieri-ev-besieged-out = { $power }: a guarnição { $unit } caiu com o cerco.
condottieri-ev-rebellions-ended = A revolta terminou em { $areas }.
condottieri-report-line = { $power }: { $order }: { $result }.
condottieri-report-no-order = { $unit } (sem ordem: mantém)
condottieri-report-idle = { $power }, sem ordens, manteve: { $units }.
condottieri-report-void = anulada, { $reason }, então manteve
condottieri-void-illegal = a ordem era ilegal
condottieri-void-no-route = não há rota de comboio
condottieri-void-unmatched-convoy = o exército não foi aonde o comboio dizia
condottieri-void-no-siege-target = não restou o que sitiar
condottieri-void-unmatched-support = a unidade apoiada fez outra coisa
condottieri-void-rebel-city = uma revolta tomou a cidade antes
condottieri-result-held = manteve
condottieri-result-moved = avançou
condottieri-result-moved-strength = avançou (força { $attack } contra { $against })
condottieri-result-bounced = foi repelida
condottieri-result-bounced-strength = foi repelida (força { $attack } contra { $against })
condottieri-result-bounced-against = foi repelida por { $units } (força { $attack } contra { $against })
condottieri-result-garrisoned = entrou na cidade
condottieri-result-converted = se converteu
condottieri-result-support-given = apoio dado
condottieri-result-support-cut = apoio cortado
condottieri-result-support-cut-by = apoio cortado pelo ataque de { $units }
condottieri-result-convoy-effective = comboiou
condottieri-result-convoy-disrupted = comboio interrompido
condottieri-result-besieging = sitiando
condottieri-siege-begun = cerco iniciado
condottieri-siege-completed = cerco concluído: a guarnição é eliminada
condottieri-siege-interrupted = cerco interrompido
condottieri-report-dislodged = desalojada por { $by }
condottieri-report-dislodged-supported = desalojada por { $by } com o apoio de { $supporters }
condottieri-report-dislodged-from = desalojada pelo ataque vindo de { $area }

## Replays, a mesa e o fim.
condottieri-milestone-phase = { $phase }
condottieri-milestone-eliminated = { $powers } eliminada(s)
condottieri-milestone-end = o fim
condottieri-situation = { $phase }: { $ready } de { $asked } potências PRONTAS
condottieri-situation-over = O jogo terminou em { $phase }.
condottieri-outcome-winner = { $winner } vence com { $power } e { $cities ->
        [0] { $cities } cidades
        [one] { $cities } cidade
       *[other] { $cities } cidades
    }.
condottieri-outcome-draw = Empate entre { $names } ({ $powers }).
condottieri-standing = { $name } ({ $power }): { $cities ->
        [0] { $cities } cidades
        [one] { $cities } cidade
       *[other] { $cities } cidades
    }
condottieri-column-power = Potência
condottieri-column-cities = Cidades
condottieri-column-units = Unidades
condottieri-column-ready = Ordens
condottieri-cell-ready = PRONTO
condottieri-cell-writing = escrevendo
condottieri-cell-not-asked = —
condottieri-cell-eliminated = eliminada

## A folha do lugar (a sua página e o seu e-mail).
condottieri-sheet-title = { $power }: as suas ordens para { $phase }
condottieri-sheet-not-asked = Você não tem nada a decidir em { $phase }.
condottieri-sheet-default-hold = { $unit } H (sem ordem ainda: vai manter)
condottieri-sheet-default-disband = { $unit } (sem retirada ainda: será debandada)
condottieri-sheet-bought = { $line } (uma unidade que você está comprando)
condottieri-sheet-treasury = Tesouro: { $treasury } ducados, { $spent } deles gastos nesta fase.
condottieri-sheet-expense = Despesa { $number }: { $amount } ducados para { $kind } { $target }
condottieri-sheet-transfer = { $amount ->
    [1] Dar 1 ducado a { $to }
   *[other] Dar { $amount } ducados a { $to }
}
condottieri-sheet-must-disband = Você deve debandar { $count ->
    [1] uma unidade
   *[other] { $count } unidades
}.
condottieri-sheet-may-build = Você pode construir { $count ->
    [1] uma unidade
   *[other] { $count } unidades
} em { $areas }.
condottieri-sheet-adjust-treasury = Tesouro: { $treasury } ducados (cada unidade custa 3 por ano).
condottieri-sheet-adjust-default = Nenhuma linha de ajuste ainda: sem elas nada é construído e, se for preciso debandar, as unidades mais novas saem primeiro.
condottieri-sheet-ready = Você está PRONTO.
condottieri-sheet-not-ready = Ainda não está PRONTO: a fase espera por você até o prazo.
condottieri-sheet-draw-yes = Você vota pelo empate.
condottieri-sheet-draw-no = Você não vota pelo empate.
condottieri-review-treasury = { $power }: { $treasury } ducados
condottieri-review-draw = Votos pelo empate: { $powers }

## Formulários.
condottieri-form-unit = { $unit } ({ $area })
condottieri-form-retreat = Retirada de { $unit } ({ $area })
condottieri-form-adjustment = Ajustes
condottieri-form-order-label = Ordem:
condottieri-form-send = Enviar
condottieri-form-line = Escreva suas linhas
condottieri-form-line-label = Linhas, uma por ordem:
condottieri-form-line-example-orders = E MIL PARA PAV
condottieri-form-line-example-retreats = E MOD PARA BOL
condottieri-form-line-example-adjustments = CONSTRUIR E MIL
condottieri-form-line-help = Como num e-mail, uma por linha: ordens (E PAR APOIA E MIL PARA PAV), LIMPAR E MIL, linhas de dinheiro (GASTAR 6 COMPRAR G FER, DAR 3 A VENEZA), em português ou inglês; cada linha recebe seu veredito, e uma linha recusada não muda nada.
condottieri-form-ready = Pronto
condottieri-form-ready-button = PRONTO
condottieri-form-ready-help = As suas ordens são finais: a fase se resolve assim que todas as potências estiverem PRONTAS. Uma linha nova desfaz isso.
condottieri-form-draw = Empate
condottieri-form-draw-vote = Votar pelo empate
condottieri-form-draw-withdraw = Retirar o meu voto pelo empate
condottieri-form-draw-help = O jogo termina empatado quando todas as potências sobreviventes votam por isso. O seu voto é secreto.

## O e-mail da fase.
condottieri-mail-units = As suas unidades e as ordens que podem receber (H manter, - avançar para, S apoiar, C comboiar, B sitiar, L levantar cerco, = converter):
condottieri-mail-unit = { $unit }: { $orders }
condottieri-mail-retreats = As suas unidades desalojadas e para onde podem ir:
condottieri-mail-adjustments = As suas unidades:
condottieri-mail-sheet = As suas ordens até agora:
condottieri-mail-how-orders = Responda com uma ordem por linha (A MIL - PAV ou E MIL PARA PAV, E PAR APOIA E MIL PARA PAV, FROTA TS COMBOIA E ROME PARA COR, G MIL = A), depois PRONTO. Cada linha é respondida por si; uma linha nova para uma unidade substitui a sua ordem.
condottieri-mail-how-retreats = Responda com uma retirada por linha (E MOD PARA BOL, E MOD = G, E MOD D), depois PRONTO.
condottieri-mail-how-adjustments = Responda com um ajuste por linha (CONSTRUIR E MIL, DEBANDAR F NAP, PAGAR TODAS, RENUNCIAR), depois PRONTO.

## Comandos de resposta.
condottieri-command-ready = PRONTO
condottieri-command-draw = EMPATE
condottieri-command-draw-no = EMPATE NÃO
condottieri-command-words = PRONTO EMPATE LIMPAR GASTAR DAR CONSTRUIR DEBANDAR PAGAR RENUNCIAR

## O guia para iniciantes (/guide/condottieri).
condottieri-guide-glossary = As ordens, por exemplo
condottieri-guide-rule-1 = Cada jogador é uma potência da Itália renascentista com exércitos (A ou E), frotas (F) e guarnições (G). O objetivo é ter cidades: 15 no jogo normal (23 no longo, 12 no curto).
condottieri-guide-rule-2 = Um ano tem três estações, Primavera, Verão e Outono. Em cada uma, todas as potências escrevem ao mesmo tempo, em segredo, as ordens de todas as suas unidades; depois todas as ordens são reveladas e resolvidas juntas.
condottieri-guide-rule-3 = Uma unidade avança para uma área vizinha; a entrada mais forte vence. A força é 1 mais um por apoio válido. Forças iguais se repelem e ninguém se move. Uma unidade atacada por uma entrada mais forte é desalojada e deve recuar ou ser debandada.
condottieri-guide-rule-4 = As guarnições ocupam as cidades das áreas fortificadas. Um exército ou uma frota sitia uma guarnição inimiga: dois cercos seguidos a eliminam. Uma guarnição pode virar exército, e um exército guarnição.
condottieri-guide-rule-5 = Depois do Outono as cidades de cada potência são contadas: ela constrói unidades novas nas suas cidades de origem livres ou debanda o que não pode manter. Com Finanças, cada unidade custa 3 ducados por ano e os ducados compram alívio, revoltas e subornos.
condottieri-guide-rule-6 = Escreva as suas ordens na sua página (uma lista por unidade, ou uma caixa de linha) ou responda ao e-mail da fase, uma ordem por linha. Mande PRONTO quando terminar: a fase se resolve assim que todas as potências estiverem PRONTAS, ou no prazo; unidades sem ordem mantêm.
condottieri-guide-term-1 = E MIL PARA PAV (A MIL - PAV): o exército de Milão avança para Pavia. Acrescente VIA COMBOIO para cruzar o mar.
    .term = Avançar
condottieri-guide-term-2 = E PAR APOIA E MIL PARA PAV (A PAR S A MIL - PAV): o exército de Parma apoia o avanço de Milão para Pavia. E PAR APOIA E MIL o apoia enquanto ele mantém a posição.
    .term = Apoiar
condottieri-guide-term-3 = FROTA TS COMBOIA E ROME PARA COR (F TS C A ROME - COR): a frota do Mar Tirreno leva o exército de Roma à Córsega.
    .term = Comboiar
condottieri-guide-term-4 = E MOD SITIAR (A MOD B) sitia a guarnição inimiga de Módena; E MOD LEVANTAR CERCO (A MOD L) levanta o cerco.
    .term = Sitiar, levantar cerco
condottieri-guide-term-5 = GUARNICAO MIL CONVERTER EM E (G MIL = A): a guarnição de Milão vira um exército no campo; A MIL = G faz o contrário.
    .term = Converter
condottieri-guide-term-6 = E MIL MANTER (A MIL H): o exército fica onde está. Uma unidade sem ordem mantém.
    .term = Manter
condottieri-guide-mail-1 = Leva o exército de Milão para Pavia. As áreas podem ser nomeadas pelo código ou em português, inglês ou espanhol: E Milão PARA Pavia, A Milan - Pavia.
    .command = E MIL PARA PAV
condottieri-guide-mail-2 = Tira a ordem de uma unidade; LIMPAR sozinho tira todas (CLEAR em inglês).
    .command = LIMPAR E MIL
condottieri-guide-mail-3 = Finanças: paga 6 ducados para comprar a guarnição de Ferrara; DAR 3 A VENEZA envia ducados (PAY, GIVE em inglês).
    .command = GASTAR 6 COMPRAR G FER
condottieri-guide-mail-4 = Ajustes: constrói um exército em Milão; DEBANDAR F NAP, PAGAR TODAS, RENUNCIAR (BUILD, DISBAND, MAINTAIN, WAIVE).
    .command = CONSTRUIR E MIL
condottieri-guide-mail-5 = As suas ordens são finais (READY em inglês); EMPATE vota pelo empate, EMPATE NÃO retira o voto.
    .command = PRONTO
