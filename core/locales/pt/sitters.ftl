# Substitutos: alguém que um jogador indica para jogar por ele enquanto está fora.

status-sat = { $you ->
        [yes] { $sitter } joga por você até { $until }.
       *[no] { $name }, com { $sitter } jogando por ela até { $until }.
    }
history-sitter = { $you ->
        [yes] Quem joga por você jogou.
       *[no] Quem joga por { $name } jogou.
    }
sitter-day = { $day }
mail-sitter-subject = { $player } pede que você assuma o lugar na partida { $game }
mail-sitter-intro = { $player } vai estar fora e pede que você assuma o lugar em { $game } até { $until } (UTC). Você jogaria pelo seu próprio link; { $player } pode voltar a qualquer momento.
mail-sitter-once = Este é o único e-mail que você recebe sobre isso, a menos que aceite.
mail-sitter-link = Aceite ou veja antes:
mail-sitter-turn-subject = Sua vez no lugar de { $player } em { $game }
mail-sitter-turn-intro = Você joga no lugar de { $player } até { $until } (UTC), e é a vez desse lugar.
mail-sitter-turn-link = Jogue agora:
mail-sitter-reminder-subject = Lembrete: a decisão no lugar de { $player } em { $game } vence em breve
mail-sitter-reminder-intro = Você joga no lugar de { $player } até { $until } (UTC), e a decisão vence { $due }. Se ninguém decidir até lá, o relógio da partida decide por esse lugar.
mail-sitter-accepted-subject = { $sitter } joga no seu lugar em { $game }
mail-sitter-accepted-intro = { $sitter } aceitou: vai jogar no seu lugar pelo próprio link até { $until } (UTC) e receber os avisos de vez em vez de você. Jogue pelo seu link quando quiser e o lugar volta a ser seu.
mail-sitter-accepted-link = Seu lugar:
sitter-heading = Alguém joga por você
sitter-help = Vai viajar? Indique alguém para jogar no seu lugar até uma data (no máximo { $days } dias). A pessoa recebe um só e-mail com o próprio link e joga depois de aceitar; você volta jogando pelo seu link, ou aqui.
sitter-name = Nome
sitter-email = Endereço
sitter-until = Último dia
sitter-button = Pedir que jogue por mim
sitter-named = Pedimos a { $sitter } que jogue por você até { $until }; nada muda até a pessoa aceitar.
sitter-sitting = { $sitter } joga por você até { $until }.
sitter-end = Encerrar
sitter-done = O pedido foi enviado.
sitter-ended = Acabou: o lugar é seu de novo.
sitter-problem = Informe um nome, um endereço e um último dia.
sitter-problem-until = O último dia precisa estar entre hoje e daqui a { $days } dias.
sitter-problem-seat = Só um lugar jogado pela própria pessoa pode ter alguém jogando por ela.
sitter-not-playing = A partida não está em andamento.
sitter-page-title = Jogando por { $player }
sitter-page-intro = Você joga por { $player } (lugar { $seat }) em { $game } até { $until }.
sitter-page-invited = { $player } pede que você assuma o lugar em { $game } até { $until } (UTC). Você jogaria por este link; os e-mails de vez chegam a você enquanto jogar.
sitter-accept = Aceitar
sitter-over = Acabou
    .text = Isto acabou: a pessoa voltou, a data passou ou a partida terminou. Este link não joga mais pelo lugar.
