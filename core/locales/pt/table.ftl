## Votos à mesa (core/src/kinds/table.rs), iguais em todos os jogos

table-proposes = propõe { $proposal }
table-agrees = aceita a proposta
table-declines = recusa a proposta
table-resumes = retoma o relógio
table-proposal-draw = um empate
table-proposal-cancel = cancelar a partida
table-proposal-concede = conceder a partida a { $seat }
table-proposal-pause = pausar o relógio por { $hours ->
    [one] uma hora
   *[other] { $hours } horas
}
table-outcome-draw = Os jogadores combinaram um empate.
table-outcome-cancelled = Os jogadores combinaram cancelar a partida: ela não tem resultado.
table-outcome-conceded = A partida foi concedida: { $seat } vence.
table-over-error = A partida terminou.
table-pending-error = Já há uma proposta esperando respostas.
table-nothing-pending-error = Não há proposta agora (uma proposta caduca depois de 72 horas, ou quando recusada).
table-agreed-already-error = Você já aceitou.
table-bad-concession-error = Conceda a outro lugar desta mesa.
table-error-pause-length = Uma pausa dura de 1 a { $hours } horas.
table-paused-already-error = O relógio já está pausado.
table-not-paused-error = O relógio não está pausado.
table-clock-paused-error = O relógio está pausado.
table-not-here-error = Um voto não é uma jogada da partida.
table-pending-line = { $name } propõe { $proposal } (aberto até { $due }).
table-pending-votes = Aceitaram: { $agreed }. Falta: { $waiting }.
table-paused-line = O relógio está pausado até { $until }.
table-heading = Votos à mesa
table-agree = Aceitar
table-decline = Recusar
table-resume = Retomar o relógio agora
table-propose-draw = Propor empate
table-propose-cancel = Propor cancelar a partida
table-propose-concede = Conceder a partida a
table-propose-concede-button = Conceder
table-propose-pause = Pausar o relógio por (horas)
table-propose-pause-button = Propor pausa
table-help = Empate, cancelamento ou pausa precisam do acordo de todos os jogadores ainda na partida; uma concessão, de todos eles menos o vencedor. Uma proposta caduca depois de 72 horas; qualquer um pode recusá-la.
table-voted = Seu voto está no registro da partida.
mail-table-vote-subject = { $game }: um voto à mesa
mail-table-answer-by = Responda antes de { $due }: na página do seu lugar, ou respondendo a este e-mail com “aceito” ou “recuso”.
mail-table-lapsed-subject = { $game }: uma proposta caducou
mail-table-lapsed = { $name } propôs { $proposal }; nem todos concordaram em 72 horas, então a proposta caducou e nada mudou. Qualquer um pode propor de novo na página do seu lugar.

# Votes by reply mail: each key lists the words of one part of a vote, alternatives separated by "|"
# (read without case, accents, punctuation or the filler words of reply-filler-words). A proposal
# always starts with table-reply-propose ("propor empate"); a concession may be said alone.
table-reply-agree = aceito | concordo | aceitar | concordar | eu aceito | eu concordo
table-reply-decline = recuso | recusar | não aceito | eu recuso
table-reply-resume = retomar | retomo | retomar o relógio
table-reply-propose = propor | proponho | eu proponho
table-reply-draw = empate
table-reply-cancel = cancelar | cancelamento | cancelar a partida
table-reply-pause = pausa | pausar | pausa por | pausa de | pausar o relógio por
table-reply-hours = horas | hora | h
table-reply-concede = concedo | conceder | concedo a partida | desisto em favor de
