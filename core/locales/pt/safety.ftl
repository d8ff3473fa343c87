# Palavras do trabalho de segurança e acessibilidade (issue 13): a página 404, rótulos, a auditoria.

page-not-found = Página não encontrada
    .text = Não há nenhuma página neste endereço.
    .hint = Confira o link ou comece de novo pela página inicial.

option-number-label = { $option }: meta em { $unit }

seat-audit = Auditoria
seat-audit-intro = Como qualquer pessoa pode conferir que esta partida foi sorteada e jogada com justiça: o hash do registro muda a cada jogada, o selo do sorteio (o SHA-256 do segredo do servidor) foi publicado antes de alguém entrar, e o registro permite repetir e verificar cada jogada.

public-players = Jogadores

guide-title = Como jogar { $game }
guide-rules = As regras em resumo
guide-mail = Jogar por e-mail
guide-mail-intro = Responda a qualquer e-mail da partida com a sua jogada na primeira linha: o e-mail lista as jogadas que você pode fazer naquele momento. Maiúsculas, acentos e palavrinhas como “o” não importam; o que vier depois da jogada vai para a mesa como mensagem.
seat-guide = Regras e cartas

condottiere-guide-glossary = As cartas
condottiere-guide-rule-1 = Quem tem a ficha do Condottiere escolhe uma região para a próxima batalha e coloca a ficha nela.
condottiere-guide-rule-2 = Na sua vez, cada jogador põe uma carta da mão na sua linha, ou passa. Quem passa não participa mais dessa batalha.
condottiere-guide-rule-3 = A batalha termina quando todos passaram ou alguém joga uma Rendição. A linha mais forte conquista a região; em caso de empate, ninguém. As cartas das linhas vão então para o descarte.
condottiere-guide-rule-4 = A ficha do Condottiere passa então ao jogador com mais Cortesãs na linha do que qualquer outro; se não houver, ao vencedor da batalha; sem vencedor, ao próximo jogador.
condottiere-guide-rule-5 = Com dois ou três jogadores, vence quem tiver seis regiões, ou quatro vizinhas entre si; com quatro ou mais jogadores, cinco regiões, ou três vizinhas entre si (uma a mais com Reinos Maiores).
condottiere-guide-rule-6 = Quando menos de dois jogadores ainda têm cartas, a rodada termina: o último jogador com cartas pode guardar até duas, e todos recebem cartas novas.
condottiere-guide-rule-7 = Sua mão é secreta; as linhas, as regiões, o Papa e a ficha estão no tabuleiro para todos. Cada jogada fica num registro que qualquer pessoa pode verificar quando a partida terminar.
condottiere-guide-term-1 = Força igual ao número impresso. A maior parte do baralho são Mercenários.
    .term = Mercenário 1, 2, 3, 4, 5, 6, 10 (M1, M2, M3, M4, M5, M6, M10)
condottiere-guide-term-2 = Força 10. Inverno, Primavera e o Tambor não a alteram.
    .term = Heroína (HE)
condottiere-guide-term-3 = Força 1. Quem tiver mais Cortesãs na batalha do que qualquer outro fica com a ficha do Condottiere.
    .term = Cortesã (CO)
condottiere-guide-term-4 = Dobra os Mercenários da sua própria linha.
    .term = Tambor (DR)
condottiere-guide-term-5 = Todo Mercenário, em todas as linhas, vale 1. Manda para o descarte uma Primavera que esteja nas linhas.
    .term = Inverno (WI)
condottiere-guide-term-6 = Os Mercenários de maior valor impresso, em todas as linhas, valem 3 a mais cada um. Manda para o descarte um Inverno que esteja nas linhas.
    .term = Primavera (SP)
condottiere-guide-term-7 = Descarta de todas as linhas cada Mercenário virado para cima de maior valor; depois você move o Papa para uma região, onde nenhuma batalha pode acontecer.
    .term = Bispo (BI)
condottiere-guide-term-8 = Devolve à sua mão um dos Mercenários virados para cima da sua linha.
    .term = Espantalho (SC)
condottiere-guide-term-9 = Termina a batalha na hora: a linha mais forte vence.
    .term = Rendição (SU)
condottiere-guide-mail-1 = Coloca a ficha do Condottiere numa região (pelo nome italiano).
    .command = colocar Firenze
condottiere-guide-mail-2 = Joga uma carta, pelo código (M1 … M10, HE, CO, DR, WI, SP, BI, SC, SU) ou pelo nome, em português ou em inglês (o glossário acima mostra o código de cada carta).
    .command = jogar M5 · jogar Inverno
condottiere-guide-mail-3 = Passa pelo resto da batalha.
    .command = passar
condottiere-guide-mail-4 = No fim de uma rodada, as cartas que você guarda.
    .command = manter M10 Heroína
condottiere-guide-mail-5 = Quantas cartas comprar, quando você pode escolher.
    .command = comprar 3

history-older = { $count ->
        [0] { $count } jogadas anteriores
        [one] Uma jogada anterior
       *[other] { $count } jogadas anteriores
    }

history-chapter = Parte { $number }
condottiere-history-chapter = Batalha { $number }

history-earlier-link = { $count ->
        [one] Uma entrada anterior do histórico
       *[other] { $count } entradas anteriores do histórico
    }
history-page-title = Histórico de { $game }
history-page-intro = Entradas { $first } a { $last }, as mais recentes primeiro.
history-page-newest = Voltar à partida
history-page-none = Nada antes deste ponto do histórico.
