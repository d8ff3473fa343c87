# O clube em volta da mesa: a confiabilidade ao lado de um nome, e a preferência que a esconde.
reliability-line = { $finished ->
    [one] 1 partida terminada
   *[other] { $finished } partidas terminadas
} · { $missed ->
    [one] 1 prazo perdido
   *[other] { $missed } prazos perdidos
} · { $resigned ->
    [one] 1 desistência
   *[other] { $resigned } desistências
} · { $abandoned ->
    [one] 1 partida deixada a um bot
   *[other] { $abandoned } partidas deixadas a um bot
}
reliability-label = Confiabilidade
reliability-setting = Mostrar minha confiabilidade (partidas terminadas, prazos perdidos, desistências, partidas deixadas a um bot) ao lado do meu nome
reliability-setting-help = Ela é contada a partir das suas partidas, nunca digitada. Escondê-la também fecha para você as partidas cujo criador pede um mínimo.
