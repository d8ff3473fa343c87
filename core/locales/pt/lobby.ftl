# O saguão: jogos listados com lugares abertos, e reivindicar um lugar.
home-lobby-link = Jogos abertos: encontre uma mesa com lugar livre
home-seat-open = deixar este lugar aberto para quem quiser ocupá-lo
home-open-seats = Lugares abertos
home-listed = Listar o jogo no saguão enquanto tiver lugares abertos
home-listed-help = Sem listar, só as pessoas a quem você passar a página do jogo podem ocupar os lugares abertos.
home-claims = Quem fica com um lugar aberto:
home-claims-first = a primeira pessoa que confirmar o endereço
home-claims-approve = alguém que eu aprovar (recebo um e-mail a cada pedido)
create-problem-open-named = Lugar { $seat }: um lugar aberto não tem nome, endereço nem bot; quem o ocupar diz o próprio nome.
create-problem-creator-open = Você marcou o lugar { $seat } como seu, mas ele está aberto.
api-error-open-seat = `seats[{ $index }]`: um lugar aberto não tem nome, e-mail nem bot
lobby-title = Jogos abertos
lobby-intro = Jogos esperando jogadores. Ocupe um lugar livre: você informa seu nome e endereço, e enviamos um link que o confirma. O jogo começa quando todos os lugares estiverem ocupados.
lobby-filter-game = Jogo
lobby-filter-language = Idioma
lobby-filter-any = qualquer
lobby-filter-button = Mostrar
lobby-empty = Nenhum jogo listado tem lugar livre no momento.
lobby-game = Jogo
lobby-pace = Ritmo
lobby-language = Idioma
lobby-options = Opções
lobby-no-options = nenhuma
lobby-players = Jogadores até agora
lobby-player = Lugar { $seat }: { $name }
lobby-open-seats = Lugares abertos
lobby-open-seat = Lugar { $seat }
lobby-claims = Quem fica com um lugar
lobby-claims-first = A primeira pessoa que confirmar o endereço.
lobby-claims-approve = Quem criou o jogo aprova cada jogador.
lobby-standin = Procura-se substituto
lobby-standin-at = Uma partida em andamento, na jogada { $seq }: quem jogava desistiu e um bot joga pelo lugar enquanto isso. Quem o assumir continua dali.
lobby-claim-link = Ocupar um lugar
claim-seat = Lugar
claim-name = Seu nome
claim-email = Seu endereço de e-mail
claim-email-help = Enviamos um link para este endereço; o lugar só é seu quando você o seguir.
claim-button = Pedir o lugar
claim-problem-name = O nome não é válido ({ $why }).
claim-problem-email = Esse não é um endereço de e-mail para o qual possamos enviar.
claim-problem-email-ours = Esse endereço é do próprio serviço; informe o seu.
claim-problem-seat = Escolha um dos lugares abertos.
claim-confirm-intro = { $name }, confirme que você quer o lugar { $seat } deste jogo.
claim-confirm-button = Confirmar e ficar com o lugar
claim-approve-intro = { $name } pede o lugar { $seat } do seu jogo e confirmou o endereço.
claim-approve-button = Aprovar: dar o lugar
claim-decline-button = Recusar
page-claim-mailed = Confira seu e-mail
    .text = Enviamos um link para o endereço que você informou. Siga-o para confirmar o pedido; nada acontece antes disso.
page-claim-approved = O lugar foi dado
    .text = A pessoa ficou com o lugar e recebeu o link dele por e-mail. O jogo começa quando todos os lugares estiverem ocupados.
page-claim-asked = Seu pedido foi enviado a quem criou o jogo
    .text = Seu endereço está confirmado. Quem criou o jogo aprova cada jogador; enviaremos a resposta por e-mail.
page-claim-declined = O pedido foi recusado
    .text = Avisamos a pessoa que pediu o lugar.
page-claim-taken = O lugar já foi ocupado
    .text = Outra pessoa pediu este lugar antes. Outros jogos do saguão podem ter lugar livre.
page-claim-closed = Este jogo não tem lugar aberto
    .text = Os lugares estão todos ocupados, ou o jogo começou, ou foi cancelado.
page-claim-bad-link = Este link não é nosso
    .text = Copie o link inteiro do e-mail, ou peça o lugar de novo pelo saguão.
page-claim-at-table = Você já tem um lugar nesta mesa
    .text = Cada pessoa joga um único lugar de um jogo.
page-claim-suppressed = Não enviamos e-mails para esse endereço
    .text = Esse endereço pediu para nunca receber e-mails deste site.
page-claim-limited = Pedidos demais
    .text = Esse endereço recebeu links demais nos últimos tempos. Tente de novo amanhã.
page-claim-gone = Este lugar não está mais aberto
    .text = Alguém o ocupou, o jogo começou ou foi cancelado, ou o link não é nosso.
mail-claim-confirm-subject = Confirme seu lugar em { $game }
mail-claim-confirm-intro = Você pediu o lugar { $seat } de { $game }. Siga o link para confirmar seu endereço e ficar com ele. Se não foi você, ignore este e-mail: nada acontece.
mail-claim-confirm-link = Confirmar e ficar com o lugar:
mail-claim-request-subject = { $name } pede um lugar em { $game }
mail-claim-request-intro = { $name } pede o lugar { $seat } de { $game } e confirmou o endereço. Aprove ou recuse na página deste link.
mail-claim-request-link = Aprovar ou recusar:
mail-claim-seated-subject = O lugar { $seat } de { $game } é seu
mail-claim-seated-intro = O lugar é seu. O jogo começa quando todos os lugares estiverem ocupados; avisaremos por e-mail. Guarde o link do lugar só para você: quem o tiver pode jogar no seu lugar.
mail-claim-seated-link = Seu lugar:
mail-claim-taken-subject = { $game }: o lugar já foi ocupado
mail-claim-taken = Outra pessoa ficou com o lugar que você pediu em { $game }. Outros jogos do saguão podem ter lugar livre.
mail-claim-declined-subject = { $game }: seu pedido foi recusado
mail-claim-declined = Quem criou { $game } recusou seu pedido de lugar. Outros jogos do saguão podem ter lugar livre.
seat-open-name = (lugar aberto)
accept-claim-page = O jogo espera que os lugares abertos sejam ocupados. Quem receber esta página pode pedir um:
home-min-finished = Jogos que um jogador precisa ter terminado para ocupar um lugar aberto
home-min-finished-help = Deixe vazio para aceitar qualquer pessoa. Contamos os jogos de cada pessoa neste site; quem esconde o próprio histórico não pode pedir o lugar.
create-problem-min-finished = Peça de { $min } a { $max } jogos terminados, ou deixe o campo vazio para aceitar qualquer pessoa.
lobby-min-finished = { $required ->
    [one] Só para quem já terminou um jogo aqui.
   *[other] Só para quem já terminou { $required } jogos aqui.
}
claim-min-finished-help = Verificamos quando você seguir o link que enviamos por e-mail.
page-claim-hidden = Este jogo pede um histórico
    .text = { $required ->
        [one] Quem criou o jogo pede jogadores que já terminaram um jogo aqui, e você esconde o seu histórico. Mostre-o nas suas preferências de e-mail e siga o link de novo.
       *[other] Quem criou o jogo pede jogadores que já terminaram { $required } jogos aqui, e você esconde o seu histórico. Mostre-o nas suas preferências de e-mail e siga o link de novo.
    }
page-claim-too-few = Ainda faltam jogos terminados
    .text = { $required ->
        [one] Quem criou o jogo pede jogadores que já terminaram um jogo aqui; você terminou { $finished }. Procure no saguão um jogo que não peça nenhum.
       *[other] Quem criou o jogo pede jogadores que já terminaram { $required } jogos aqui; você terminou { $finished }. Procure no saguão um jogo que peça menos.
    }
mail-claim-joined-subject = { $name } entrou em { $game }
mail-claim-joined-intro = { $name } ficou com o lugar { $seat }. { $open ->
    [one] Ainda há um lugar aberto; o jogo começa quando ele for ocupado.
   *[other] Ainda há { $open } lugares abertos; o jogo começa quando forem ocupados.
}
mail-claim-joined-link = Seu lugar:
