## Tempo: prazos, lembretes, o relógio, bots, ausências

time-weekday-0 = segunda-feira
time-weekday-1 = terça-feira
time-weekday-2 = quarta-feira
time-weekday-3 = quinta-feira
time-weekday-4 = sexta-feira
time-weekday-5 = sábado
time-weekday-6 = domingo
time-month-1 = janeiro
time-month-2 = fevereiro
time-month-3 = março
time-month-4 = abril
time-month-5 = maio
time-month-6 = junho
time-month-7 = julho
time-month-8 = agosto
time-month-9 = setembro
time-month-10 = outubro
time-month-11 = novembro
time-month-12 = dezembro
time-clock = { $hour }:{ $minute }
time-zoned = { $time } { $zone }
time-moment = { $weekday }, { $time }
time-date = { $weekday }, { $day } de { $month }, { $time }
time-when = { $moment }, { $relative }
time-now = agora mesmo
time-in-days = daqui a { $n } dias
time-in-hours = { $n ->
    [0] daqui a { $n } horas
    [one] daqui a uma hora
   *[other] daqui a { $n } horas
}
time-in-minutes = { $n ->
    [0] daqui a { $n } minutos
    [one] daqui a um minuto
   *[other] daqui a { $n } minutos
}
time-ago-days = há { $n } dias
time-ago-hours = { $n ->
    [0] há { $n } horas
    [one] há uma hora
   *[other] há { $n } horas
}
time-ago-minutes = { $n ->
    [0] há { $n } minutos
    [one] há um minuto
   *[other] há { $n } minutos
}

pace-hours = { $hours ->
    [12] 12 horas por decisão
    [24] 1 dia por decisão
    [48] 2 dias por decisão
    [72] 3 dias por decisão
    [120] 5 dias por decisão
    [168] 7 dias por decisão
    [336] 14 dias por decisão
   *[other] { $hours } horas por decisão
}
pace-none = Sem prazo (amigos que esperam uns pelos outros)
home-pace = Ritmo
home-pace-help = Cada jogador tem este tempo para cada decisão; os lembretes chegam antes do prazo, e no prazo o relógio joga por ele a opção padrão das regras.
home-seat-bot = um bot joga neste lugar
bot-name = Bot { $seat }
create-problem-bot-email = Lugar { $seat }: o lugar de um bot não tem endereço de e-mail; deixe-o vazio ou desmarque o bot.
create-problem-creator-bot = Você marcou o lugar { $seat } como seu, mas um bot joga nele.
create-problem-pace = Escolha um ritmo de { $min } a { $max } horas por decisão, ou sem prazo.

mail-reminder-subject = { $game }: seu prazo termina { $due }
mail-reminder-intro = Um lembrete: em { $game } a decisão é sua, { $prompt }. O prazo termina { $due }; depois disso o relógio joga por você a opção padrão das regras.
mail-overdue-subject = { $game }: prazo vencido, última chance até { $due }
mail-overdue-intro = O seu prazo para { $prompt } em { $game } venceu, mas você ainda tem até { $due }; depois disso o relógio joga por você a opção padrão das regras.
mail-seat-absent-subject = { $you ->
        [yes] { $game }: você está ausente, um bot joga por você
       *[no] { $game }: { $name } está ausente
    }
mail-seat-absent = { $you ->
        [yes] Você perdeu { $missed ->
            [one] um prazo
           *[other] { $missed } prazos
        } e agora está ausente: um bot joga no seu lugar até você voltar a jogar pelo seu link.
       *[no] { $name } perdeu { $missed ->
            [one] um prazo
           *[other] { $missed } prazos
        } e agora está ausente: um bot joga no lugar até essa pessoa voltar a jogar pelo link dela.
    }
mail-seat-returned-subject = { $you ->
        [yes] { $game }: você voltou
       *[no] { $game }: { $name } voltou
    }
mail-seat-returned = { $you ->
        [yes] Você voltou e joga de novo no seu lugar.
       *[no] { $name } voltou e joga de novo no próprio lugar.
    }
mail-seat-resigned-subject = { $you ->
        [yes] { $game }: você desistiu
       *[no] { $game }: { $name } desistiu
    }
mail-seat-resigned = { $you ->
        [yes] Você desistiu: a partir de agora um bot joga no seu lugar.
       *[no] { $name } desistiu: a partir de agora um bot joga no lugar.
    }
mail-seat-resigned-creator = Como quem criou a partida, você pode convidar alguém para assumir o lugar, pela página do seu lugar.
mail-seat-replacement-subject = { $game }: um lugar para você
mail-seat-replacement = Você assumiu um lugar nesta partida: agora ele é seu, e as suas decisões começam agora.
mail-seat-replacement-who = { $creator } convida você para assumir o lugar que { $old } deixou.
mail-seat-replaced-subject = { $game }: { $name } assume um lugar
mail-seat-replaced = { $name } assume o lugar.
mail-seat-replaced-old = Essa pessoa joga no lugar que { $old } deixou.
mail-seat-your-seat = Seu lugar na partida:
mail-take-over-subject = { $inviter } convida você para assumir um lugar em { $game }
mail-take-over-intro = { $inviter } convida você para assumir o lugar que { $old } deixou em { $game }, uma partida de { $kind } por e-mail já em andamento. Nada muda até você aceitar: enquanto isso, um bot joga no lugar.
mail-take-over-link = Aceite aqui (o lugar e as decisões dele passam a ser seus quando você aceitar):
mail-take-over-link-html = Assumir o lugar
take-over-intro = { $name }: { $inviter } convida você para assumir o lugar que { $old } deixou nesta partida de { $kind }.
take-over-what = Quando você apertar o botão, o lugar passa a ser seu: o bot para de jogar nele, todos na mesa são avisados e as suas decisões começam com o prazo inteiro.
take-over-button = Assumir o lugar
take-over-done = Você assumiu este lugar: agora ele é seu. Todos na mesa foram avisados.
page-take-over-gone = Este lugar não pode ser assumido
    .text = Alguém já o assumiu, a partida não está mais em andamento, ou o link não é um dos nossos.
mail-seat-unsubscribed-subject = { $game }: { $name } não recebe mais e-mails
mail-seat-unsubscribed = { $name } pediu a este site que nunca mais lhe envie e-mails, então não recebe nada sobre esta partida: nem avisos de vez, nem lembretes. A partida continua esperando por essa pessoa: onde há prazos, o relógio joga por ela a opção padrão das regras quando um prazo passa, e depois de { $missed ->
        [one] um prazo perdido
       *[other] { $missed } prazos perdidos
    } um bot joga no lugar dela. Talvez valha a pena falar com ela de outro jeito.

history-clock = { $you ->
        [yes] O seu tempo acabou: o relógio jogou por você a opção padrão das regras.
       *[no] O tempo de { $name } acabou: o relógio jogou a opção padrão das regras.
    }
history-bot = { $you ->
        [yes] Um bot jogou por você.
       *[no] Um bot jogou por { $name }.
    }
status-due = Prazo: { $due }.
status-waiting-since = Esperando { $seats } desde { $since }.
status-away = { $you ->
        [yes] Você está fora até { $until }.
       *[no] { $name } está fora até { $until }.
    }
status-zone-guessed = Horários no fuso { $zone }, deduzido pelo idioma do seu navegador; escolha o seu em Minhas partidas.
status-absent = { $you ->
        [yes] Você está ausente: um bot joga no seu lugar até você voltar a jogar.
       *[no] { $name } está ausente: um bot joga no lugar até essa pessoa voltar a jogar.
    }
status-resigned = { $you ->
        [yes] Você desistiu: um bot joga no seu lugar.
       *[no] { $name } desistiu: um bot joga no lugar.
    }
status-bot = { $you ->
        [yes] Um bot joga no seu lugar.
       *[no] Um bot joga no lugar de { $name }.
    }
mail-turn-due = Prazo: { $due }; depois disso o relógio joga por você a opção padrão das regras.

seat-time-heading = Seu lugar
away-legend = Vai viajar? Seus prazos em todas as partidas passam para depois da sua ausência.
away-from = De
away-to = a
away-button = Declarar a ausência
away-help = Os outros jogadores veem que você está fora até lá. No máximo 14 dias por ano.
away-problem-dates = Informe duas datas, a primeira de hoje em diante, a segunda não antes da primeira.
away-problem-long = Isso passa dos { $days } dias de ausência permitidos por ano: restam { $left } dias este ano.
away-mine = Suas ausências declaradas
away-listed = Ausente de { $from } até { $until }.
away-withdraw = Retirar
away-declared = Sua ausência foi registrada: seus prazos em todas as partidas passam para depois dela. Ela aparece em “Suas ausências declaradas”, onde você pode retirá-la.
away-withdrawn = Sua ausência foi retirada: seus prazos contam como se você nunca a tivesse declarado.
away-not-found = Não havia essa ausência para retirar: ela já foi retirada ou já terminou.
replace-done = Enviamos o seu convite para assumir o lugar { $seat }. O lugar continua como está, jogado por um bot, até a pessoa aceitar; aí todos na mesa são avisados.
resign-button = Desistir…
cancel-button = Cancelar a partida…
replace-legend = Convidar alguém para assumir um lugar de quem desistiu
replace-seat = Lugar
replace-name = Nome da pessoa
replace-email = E-mail da pessoa
replace-button = Convidar
standin-list = Anunciar o lugar { $seat } (de { $name }, que desistiu) no saguão para um substituto
standin-listed = O lugar { $seat } (de { $name }, que desistiu) está anunciado no saguão: quem pedir por ele lá e seguir o link recebido por e-mail primeiro assume o lugar.
standin-withdraw = Retirar o anúncio
standin-done = O lugar { $seat } está anunciado no saguão: qualquer um pode pedi-lo lá e recebe um link por e-mail; quem seguir um primeiro assume o lugar.
standin-withdrawn = O lugar não está mais anunciado no saguão.
standin-problem = Escolha um dos lugares de quem desistiu para anunciar.
replace-problem = Escolha um lugar de quem desistiu e informe o nome e um endereço de e-mail válido de quem vai entrar.
replace-not-playing = Esta partida não está mais em andamento, então os lugares dela não podem ser passados para outra pessoa.
confirm-back = Não, voltar para a partida
confirm-resign = Desistir desta partida?
    .text = A partir de agora um bot joga no seu lugar, até o fim; não é possível voltar atrás. Quem criou a partida pode convidar alguém para assumir o lugar.
    .button = Sim, desistir
confirm-decline = Recusar este convite?
    .text = A partida é cancelada para todos os jogadores, e todos são avisados por e-mail. Isso não pode ser desfeito.
    .button = Sim, recusar
confirm-cancel = Cancelar esta partida para todos?
    .text = A partida termina aqui, para todos os jogadores, e todos são avisados por e-mail. Isso não pode ser desfeito.
    .button = Sim, cancelar a partida
time-not-playing = Esta partida não está em andamento, então não há do que desistir.
time-not-cancellable = Esta partida já terminou ou foi cancelada.
mail-cancelled-creator = { $you ->
        [yes] Você cancelou a partida.
       *[no] A partida foi cancelada por { $name }, que a criou.
    }
page-cancelled-creator = Esta partida foi cancelada
    .text = Quem a criou cancelou esta partida, então ela não vai continuar.
    .hint = Comece uma nova partida na página inicial.
status-cancelled-creator = Esta partida foi cancelada por quem a criou.
back-text = Você perdeu prazos demais, então um bot joga no seu lugar.
back-button = Voltei: quero meu lugar de volta
back-done = Bem-vindo de volta: o lugar é seu de novo, todos na mesa foram avisados, e uma decisão pendente sua ganhou o prazo inteiro outra vez.
resign-done = Você desistiu: um bot joga no seu lugar a partir de agora, e todos na mesa foram avisados.
