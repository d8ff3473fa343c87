## Palavras que todas as páginas, mensagens e jogos compartilham.

you = você
list-and = { $first } e { $last }
list-nobody = ninguém

## Cores dos lugares (as seis cores de marcador da caixa)

colour-1 = vermelho
colour-2 = azul
colour-3 = verde
colour-4 = amarelo
colour-5 = roxo
colour-6 = laranja

## O resumo do verificador para um registro correto

verify-summary = Partida de { $game } { $id } (versão das regras { $version }): { $players }
    { $result }
    { $counts }
    hash do registro { $head }
verify-count-actions = { $n ->
        [0] { $n } ações
        [one] { $n } ação
       *[other] { $n } ações
    }

## E-mails

mail-hello = Olá, { $name },
mail-footer = corriere, jogos de tabuleiro sem pressa por e-mail. Mantenha seu link de lugar em segredo: quem tiver o link pode jogar no seu lugar.
mail-footer-settings = Configurações de e-mail (a cada vez, um resumo diário ou só resultados; idioma; silenciar uma partida)
mail-footer-unsubscribe = Nunca mais me envie e-mails
mail-footer-tree-head = O registro público de todas as partidas (veja /transparency no site) na data deste e-mail; guarde-o: ele permite provar que o servidor nunca reescreveu uma partida:
mail-signed-receipt = Recibo assinado (guarde este e-mail: ele prova o que o servidor registrou):
mail-public-page = Página pública da partida:
mail-public-page-link-html = Abrir a página pública da partida
mail-happened = O que aconteceu desde a sua última jogada
mail-receipt = Auditoria: selo do sorteio { $commitment }.
mail-receipt-started = Auditoria: selo do sorteio { $commitment }; jogada { $seq }, hash do registro { $head }…
mail-receipt-move = Auditoria: jogada { $seq }, hash do registro { $head }…
mail-receipt-move-full = Auditoria: jogada { $seq }, hash do registro { $head }
mail-invitation-subject = { $inviter } convida você para { $game }
mail-invitation-intro = { $inviter } ({ $address }) convida você para jogar { $kind } por e-mail: { $game }.
mail-invitation-players = Jogadores
mail-invitation-you = (você)
mail-invitation-options = Opções
mail-invitation-pace = Ritmo: { $pace }
mail-invitation-link = Seu link de lugar (aceite ou recuse aqui; guarde-o em segredo, ele é a sua chave da partida):
mail-invitation-link-html = Abra o seu lugar para aceitar ou recusar
mail-invitation-link-note = (guarde este link em segredo: ele é a sua chave da partida).
mail-invitation-fairness = Sorteio limpo: antes de qualquer pessoa entrar, o servidor guardou um segredo e publicou o selo dele. Ao aceitar, você pode acrescentar uma contribuição sua; o sorteio vem do segredo e da contribuição de cada jogador, e o segredo é revelado no fim da partida para que você possa conferir. Auditoria: selo do sorteio (o SHA-256 do segredo) { $commitment }.
mail-turn-subject = { $game }: sua vez, { $prompt }
mail-turn-intro = É a sua vez em { $game }: { $prompt }.
mail-turn-link = Faça sua jogada aqui (seu link de lugar, só seu):
mail-turn-link-html = Fazer minha jogada
mail-turn-link-note = (seu link de lugar, só seu)
mail-over-subject = { $game } terminou: { $result }
mail-over-intro = { $game } terminou. { $result }
mail-over-replay = Reveja jogada por jogada:
mail-over-replay-html = Rever jogada por jogada
mail-over-record = O registro da partida, que qualquer pessoa pode verificar:
mail-over-record-html = Baixar o registro
mail-over-standings = Classificação
mail-over-review = A partida inteira, com tudo o que estava escondido, já pode ser revista aqui:
mail-over-review-link-html = Rever a partida inteira, com tudo o que estava escondido
mail-over-secret = O segredo do servidor era { $secret }
mail-over-commitment = O SHA-256 dele é o selo do sorteio publicado no início: { $commitment }
mail-cancelled-subject = { $game } foi cancelada
mail-cancelled-intro = { $game } não será jogada.
mail-cancelled-declined = { $name } recusou o convite.
mail-cancelled-operator = O responsável por este servidor cancelou a partida.
mail-relink-subject = Seu novo link para { $game }
mail-relink-intro = Aqui está um novo link secreto para o seu lugar em { $game }. Os links antigos do seu lugar não funcionam mais.
mail-relink-link-html = Abrir meu lugar
mail-started-subject = { $game } começou
mail-started-intro = Todos aceitaram: { $game } começou.
mail-started-yours = Sua decisão: { $prompt }.
mail-started-link-html = Abrir meu lugar
mail-confirm-subject = Confirme sua partida: { $game }
mail-confirm-intro = Você criou { $game }. Para provar que este endereço é seu, siga este link; os convites vão para os outros jogadores assim que você o fizer.
mail-confirm-link-html = Confirmar e enviar os convites
mail-confirm-your-seat = Seu próprio lugar na partida (guarde este link em segredo):
mail-confirm-your-seat-link-html = Abrir o seu lugar na partida
mail-confirm-your-seat-note = (guarde este link em segredo)
mail-confirm-not-you = Se não foi você quem criou esta partida, ignore este e-mail: ninguém será convidado.
mail-sign-in-subject = Suas partidas no corriere
mail-sign-in-intro = Alguém (esperamos que você) pediu as partidas deste endereço. Siga este link para ver todas, com um link para cada um dos seus lugares:
mail-sign-in-link-html = Abrir minhas partidas
mail-sign-in-expiry = O link funciona uma vez, por { $minutes } minutos.
mail-sign-in-not-you = Se você não pediu, ignore este e-mail.
mail-digest-subject = { $count ->
    [0] Suas partidas hoje: { $count } esperam por você
    [one] Suas partidas hoje: uma espera por você
   *[other] Suas partidas hoje: { $count } esperam por você
}
mail-digest-intro = { $count ->
    [0] { $count } partidas esperam por você:
    [one] Uma partida espera por você:
   *[other] { $count } partidas esperam por você:
}
mail-digest-my-games = Todas as suas partidas:
mail-rematch-subject = { $name } propõe uma revanche de { $game }
mail-rematch-intro = { $name } propõe jogar { $game } de novo, com os mesmos jogadores e opções. Abra o seu lugar para aceitar ou recusar; a nova partida começa quando todos tiverem aceitado.
game-name-default = { $game } com { $players }
game-rematch-title = { $number ->
    [1] { $game } (revanche)
   *[other] { $game } (revanche { $number })
}

## Todas as páginas

site-tagline = jogos de tabuleiro por e-mail
site-footer = Cada partida é refeita a partir do seu registro; as partidas terminadas podem ser
site-verify = verificadas.
page-home = Início
page-game-id = partida { $id }
page-not-started = (não começou)
page-options = Opções: { $options }
page-receipt = Auditoria: jogada { $seq }, hash do registro { $head }; selo do sorteio { $commitment }.
page-receipt-signed = Recibo assinado (guarde-o: ele prova o que o servidor registrou)
table-seat = Lugar
table-player = Jogador
table-status = Situação
table-contribution = Contribuição para o sorteio
history-title = Histórico
history-move = Jogada { $seq } · { $name } · { $time }: { $lines }
history-setup = Preparação: { $lines }

## Páginas de mensagem: um título, `.text`, e `.hint` quando há algo a fazer

page-no-game = Partida não encontrada
    .text = Não há nenhuma partida neste endereço.
    .hint = Confira o link no seu e-mail.
page-bad-link = Este link não é válido
    .text = Este link de lugar não é válido: pode ter sido digitado errado, ou foi substituído por um link mais novo.
    .hint = Use o link do e-mail mais recente sobre esta partida, ou recupere todas as suas partidas: digite seu endereço abaixo e enviaremos um link para elas.
page-unreadable-form = Não foi possível ler o formulário
    .text = Não foi possível ler o formulário: ele não chegou como um formulário comum da web.
    .hint = Recarregue a página e use os botões dela.
page-cancelled-declined = Esta partida foi cancelada
    .text = Um jogador recusou o convite, então esta partida não será jogada.
    .hint = Comece uma nova partida na página inicial.
page-cancelled-operator = Esta partida foi cancelada
    .text = O responsável por este site cancelou esta partida, então ela não vai continuar.
    .hint = Comece uma nova partida na página inicial.
page-too-late = Tarde demais para recusar
    .text = Esta partida já começou (ou foi cancelada), então não pode mais ser recusada.
page-broken = Algo deu errado
    .text = Algo deu errado do nosso lado. Tente de novo daqui a pouco.
page-no-step = Jogada não encontrada
    .text = Esta partida não começou, ou o registro dela não tem essa jogada, então não há nada para mostrar aqui.
    .hint = Abra a página da partida e reveja as jogadas a partir dali.

## Quem decide

status-yours = Sua decisão: { $decision }.
status-yours-also = Sua decisão: { $decision }. Esperando também por { $others }.
status-waiting = Esperando { $seats }: { $decision }.
status-over = A partida terminou. { $result }
status-inviting = Esperando o aceite de { $seats }.
status-cancelled-declined = Esta partida foi cancelada: um jogador recusou.
status-cancelled-operator = Esta partida foi cancelada pelo responsável por este site.

## A página inicial e a criação de uma partida

home-title = corriere: jogos sem pressa por e-mail
home-heading = Jogos de tabuleiro por e-mail, uma jogada de cada vez
home-intro = O corriere organiza partidas por correspondência, sem pressa: quando é a sua vez, você recebe um e-mail com o seu próprio link, faz sua jogada na página, e o próximo jogador é avisado. Cada partida é refeita a partir do registro de jogadas, então qualquer pessoa pode conferir uma partida terminada, passo a passo.
home-games = Jogos
home-new-game = Nova partida de { $game }
home-players = Jogadores, na ordem dos turnos (preencha de { $min } a { $max } linhas)
home-seat-name = Lugar { $seat }: nome
home-seat-email = e-mail
home-seat-me = sou eu
home-options = Opções
home-create = Criar a partida e enviar os convites
home-game-title = Nome da partida (opcional; aparece nos e-mails e nas páginas)
home-my-games = Suas partidas
home-my-games-intro = Perdeu seus links? Digite seu endereço: enviaremos um link para todas as suas partidas.
create-problem-game = Não há nenhum jogo chamado "{ $game }" aqui; escolha um da lista.
create-problem-players = { $game } precisa de { $min } a { $max } jogadores; o formulário tem { $given }.
create-problem-creator = Você marcou o lugar { $seat } como seu, mas esse lugar está vazio.
create-problem-gaps = Preencha as linhas de jogadores de cima para baixo, sem pular nenhuma.
create-problem-name = Lugar { $seat }: o nome não é válido ({ $why }).
create-problem-email = Lugar { $seat }: "{ $email }" não é um endereço de e-mail para o qual possamos enviar.
create-problem-number = { $option }: informe um número inteiro de { $min } a { $max }.
create-problem-seat = { $option }: escolha um dos lugares.
create-problem-choice = { $option }: escolha uma destas opções: { $choices }.
create-problem-options = As opções não servem para este jogo: { $why }
create-problem-title = O nome da partida não é válido ({ $why }).
create-problem-suppressed = Lugar { $seat }: este endereço pediu para nunca receber e-mails deste site, então não pode ser convidado. Peça outro endereço ao jogador.

## Convites

accept-title = Convite: { $game }
accept-heading = Você recebeu um convite para { $game }
accept-heading-creator = Você criou esta partida de { $game }.
accept-public-page = Página pública para os espectadores:
accept-next = Aperte “Estou dentro” aqui embaixo para ocupar o seu lugar. A partida começa quando todos os jogadores tiverem aceitado.
accept-next-creator = O seu próprio lugar ainda não está ocupado: aperte “Estou dentro” aqui embaixo para ocupá-lo, como cada convidado também vai fazer. A partida começa quando todos os jogadores tiverem aceitado.
accept-next-starts = Todos os outros lugares estão ocupados: a partida começa assim que você apertar “Estou dentro” aqui embaixo.
accept-you-are = Você é { $name }, lugar { $seat } de { $players }.
accept-status-in = aceitou
accept-status-invited = convite pendente
accept-status-creator = ainda não entrou: aperte “Estou dentro”
accept-fairness = Sorteio limpo: as cartas e os lugares são sorteados a partir de um segredo do servidor, lacrado antes de alguém entrar, junto com a contribuição de cada jogador, então ninguém, nem o servidor, pode escolher o resultado. Auditoria: selo do sorteio { $commitment }.
accept-in = Você está dentro. A partida começa quando todos os jogadores tiverem aceitado.
accept-phrase = Sua contribuição para o sorteio (opcional, qualquer frase):
accept-phrase-note = Seu navegador também acrescenta um valor aleatório aqui. As contribuições são públicas a partir do momento em que você aceita.
accept-button = Estou dentro
accept-decline = Recusar (cancela a partida para todos)
accept-bad-phrase = Sua frase é longa demais ou tem caracteres de controle: use no máximo { $max } caracteres, entre letras, algarismos, espaços e pontuação.
accept-not-inviting = Esta partida não está mais esperando jogadores.

## A página do lugar e as jogadas

seat-you-are = Você é { $name } (lugar { $seat }).
seat-public-page = Página pública
seat-your-move = Sua jogada
seat-created-confirm = Você criou esta partida. Confira seu e-mail: enviamos um link para confirmar seu endereço, e os convites vão para os outros jogadores assim que você o seguir. O seu link de lugar é o endereço desta página: { $seat_url } (guarde-o em segredo).
seat-created-confirm-bots = Você criou esta partida. Confira seu e-mail: enviamos um link para confirmar seu endereço; depois aperte “Estou dentro” e a partida começa, já que os seus adversários são robôs. O seu link de lugar é o endereço desta página: { $seat_url } (guarde-o em segredo).
seat-confirmed = Seu endereço foi confirmado: os convites estão a caminho.
seat-confirmed-bots = Seu endereço foi confirmado. Os seus adversários são robôs: a partida começa assim que você apertar “Estou dentro”.
seat-created = Você criou esta partida, e os convites estão a caminho. O seu link de lugar é o endereço desta página: { $seat_url } (guarde-o em segredo).
seat-created-bots = Você criou esta partida. Os seus adversários são robôs, então não há ninguém para convidar: a partida começa assim que você apertar “Estou dentro”. O seu link de lugar é o endereço desta página: { $seat_url } (guarde-o em segredo).
seat-moved = Sua jogada foi registrada como a jogada { $seq }.
seat-last-move = O que a sua jogada fez:
move-no-seq = O formulário não disse para qual jogada ele foi feito; recarregue a página e tente de novo.
move-lines-too-long = São mais de 6000 caracteres de linhas: envie as ordens em duas partes.
move-unknown-action = O formulário não indicou uma jogada que entendemos; recarregue a página e use os botões dela.
move-stale = A partida avançou desde que esta página foi montada (agora está na jogada { $seq }): nada foi aplicado. Aqui está a situação atual.
move-illegal = Essa jogada não é permitida: { $why }. Nada foi aplicado.
move-not-playing = Esta partida não está em andamento, então nenhuma jogada pode ser feita.
move-resigned = Você abandonou este lugar, e agora um robô joga por ele: seu link não faz mais jogadas nem vota. Quem criou a partida pode convidar alguém para assumi-lo.

## A página pública

public-audit = Auditoria: confira a distribuição você mesmo
public-audit-intro = Antes da primeira distribuição, o servidor publicou um selo do sorteio (um hash do seu segredo) e cada jogador acrescentou uma contribuição; juntas, elas fixam cada embaralhamento. Quando a partida termina, o segredo é revelado, e qualquer pessoa pode conferir com o registro que nenhuma distribuição foi mudada.
public-commitment = Auditoria: selo do sorteio { $commitment }.
public-secret = Segredo revelado:
public-contribution-server = { $value } (sorteado pelo servidor)
public-contribution-none = ainda não
public-result = Resultado
public-record = Baixar o registro da partida
public-replay = Rever a partida passo a passo
public-verify = Verificar um registro
public-milestones = Momentos marcantes
public-record-so-far = Registro até agora
public-replay-so-far = Replay até agora
milestone-setup = Preparação: { $label }
milestone-move = Jogada { $seq }: { $label }

## O visualizador de replay

replay-heading = partida { $id }, replay
replay-game-page = Página da partida
replay-record = Registro
replay-steps = Passos
replay-first = primeira
replay-prev = anterior
replay-next = próxima
replay-last = última
replay-position = jogada { $seq } de { $last }
replay-step = Jogada { $seq } · { $name }: { $action }
replay-step-hidden = Jogada { $seq } · { $name }: uma escolha escondida
replay-setup = A preparação: a primeira distribuição
replay-finished = A partida terminou: tudo o que estava escondido aparece em cada passo.
replay-running = A partida ainda está em andamento: este replay mostra o que os espectadores veem.

## Verificação de um registro

verify-title = Verificar o registro de uma partida
verify-intro = Envie um arquivo corriere-record/1 (baixe um na página de qualquer partida terminada). O servidor o confere exatamente como "corriere verify REGISTRO.json" faz no seu próprio computador: o selo do sorteio contra o segredo revelado, a derivação da semente, a cadeia de hashes e cada ação refeita pelas regras. Cole os e-mails que você guardou para conferir os recibos assinados, sozinhos ou contra o registro.
verify-ok = O registro está correto.
verify-bad = O registro não está correto.
verify-file = Arquivo de registro
verify-paste = ou cole o texto aqui
verify-button = Verificar
verify-nothing = Nenhum registro foi enviado: escolha um arquivo de registro ou cole o texto dele.
verify-problem-malformed = O arquivo não é um registro legível: { $detail }
verify-problem-unknown-format = O formato { $format } do registro não é conhecido (este verificador lê { $known }).
verify-problem-unknown-game = O jogo { $game } não é um dos que este servidor conhece (ele conhece { $known }).
verify-problem-unknown-rules-version = A versão { $version } das regras não é conhecida (este servidor joga { $known }).
verify-problem-options = As opções da partida não podem ser lidas: { $detail }
verify-problem-bad-entry = A ação { $position } não é uma entrada válida do registro: { $detail }
verify-problem-not-finished = A partida ainda não terminou: { $actions ->
        [0] nenhuma ação até agora, e o registro confere
        [one] a única ação e o registro conferem
       *[other] as { $actions } ações e o registro conferem
    }; a distribuição poderá ser conferida quando a partida acabar.
verify-problem-outcome-without-secret = O registro dá um resultado, mas não o segredo que comprova a distribuição: o registro de uma partida terminada o revela.
verify-problem-secret-not-hex = O segredo revelado não tem 64 dígitos hexadecimais.
verify-problem-commitment = O segredo não corresponde ao que o servidor prometeu antes da primeira distribuição.
verify-problem-seats = Os lugares não podem ser lidos: { $detail }
verify-problem-contribution = A contribuição do lugar { $seat } está faltando ou errada: { $detail }
verify-problem-genesis = O início do registro não corresponde à preparação (os lugares, as opções, o selo do sorteio ou as contribuições foram mudados).
verify-problem-sequence = A ação { $position } traz o número { $found } onde se esperava { $position }.
verify-problem-redacted = A ação { $position } está apagada, mas o registro de uma partida terminada precisa mostrar todas as ações.
verify-problem-hash-mismatch = A ação { $position } não confere com a cadeia: ela ou uma ação anterior foi mudada.
verify-problem-time-backwards = A ação { $position } tem a data { $at }, anterior à da ação de antes ({ $previous }).
verify-problem-time-text = Ação { $position }: a hora escrita { $text } não diz o mesmo instante que { $at }.
verify-problem-before-deadline = Ação { $position }: o relógio agiu em { $at }, antes do prazo { $deadline }.
verify-problem-deadline-text = Ação { $position }: o prazo escrito { $text } não diz o mesmo instante que { $deadline }.
verify-problem-not-the-default = { $owed ->
        [yes] Ação { $position }: o relógio jogou { $played }, mas a jogada padrão ali é { $default }.
       *[no] Ação { $position }: o relógio jogou { $played }, mas o lugar não devia nenhuma decisão ali.
    }
verify-problem-setup = As regras recusam preparar esta partida: { $detail }
verify-problem-illegal = A ação { $position } não é permitida pelas regras: { $detail }
verify-problem-outcome = O registro diz que o resultado foi { $recorded }, mas refazer as ações dá { $replayed }.
verify-problem-revealed-too-early = O segredo foi revelado, mas a partida não terminou depois { $actions ->
        [one] da sua única ação
       *[other] das suas { $actions } ações
    } (um registro só revela o segredo quando a partida termina).
verify-problem-head = O último hash do registro não corresponde à sua última ação.
record-step = { $name }: { $action }
page-unknown-kind = Um jogo que este servidor não oferece
    .text = Esta é uma partida de { $game }, um jogo que este servidor não oferece (ela pode vir de uma versão mais nova do corriere).
    .hint = Pergunte ao responsável por este servidor.
create-problem-same-address = Os lugares { $first } e { $second } têm o mesmo endereço de e-mail; cada jogador precisa de um endereço próprio.
name-problem-empty = está vazio ou não mostra nada
name-problem-too-long = tem mais de { $max } caracteres
name-problem-control = contém caracteres de controle
name-problem-reordering = contém caracteres que reordenam o texto
page-cross-site = Este formulário veio de outro site
    .text = Este formulário foi enviado de uma página de outro site, então nada foi feito: o corriere só aceita formulários das suas próprias páginas.
    .hint = Abra a partida pelo seu e-mail e use os botões da própria página.
mail-failed-subject = Não foi possível entregar o e-mail para { $name } sobre { $game }
mail-failed-intro = Não foi possível entregar um e-mail para { $name } sobre { $game }, e não haverá nova tentativa. O servidor de e-mail respondeu:
mail-failed-what-now = Confira o endereço com { $name }: enquanto os e-mails não chegarem, essa pessoa não saberá quando for a vez dela.
mail-failed-your-seat = Seu lugar na partida:
page-undelivered = Não foi possível entregar o e-mail para { $name }.
page-undelivered-why = Não foi possível entregar o e-mail para { $name }: { $reason }

## Pessoas: minhas partidas, preferências, cancelar e-mails

nav-my-games = Minhas partidas
me-title = Minhas partidas
me-intro = Digite o endereço para o qual foram os seus convites. Se houver partidas dele aqui, enviaremos um link que abre todas elas (sem senha: o link é a sua chave, funciona uma vez, por pouco tempo).
me-address = Seu endereço de e-mail
me-send-link = Enviar o link
me-sent = Se esse endereço tiver partidas aqui, um link está a caminho. Ele funciona uma vez; confira a pasta de spam se ele não chegar.
me-bad-address = Isso não parece um endereço de e-mail (esperávamos nome@exemplo.org).
me-link-spent = Este link já foi usado ou expirou. Peça um novo abaixo.
me-link-invalid = Este link não é válido. Peça um novo abaixo.
me-saved = Suas configurações foram salvas.
me-running = Partidas em andamento
me-invitations = Convites
me-finished = Partidas terminadas
me-none = Nada por aqui.
me-your-turn = Sua vez:
me-waiting = esperando { $seats } desde { $since }
me-waiting-accept = esperando o aceite de { $seats }
me-answer = aceitar ou recusar
me-public = página pública
me-mute = Silenciar
me-unmute = Reativar
me-cancelled = cancelada
me-replay = replay
me-record = registro
me-seat = seu lugar
me-preferences = Configurações de e-mail
me-sign-out = Sair
prefs-mode = Com que frequência enviamos e-mails
prefs-mode-every_turn = A cada vez: um e-mail sempre que uma partida espera por você
prefs-mode-digest = Um resumo diário: um e-mail por dia com todas as partidas que esperam por você
prefs-mode-results = Só prazos e resultados das partidas
prefs-hour = Hora do resumo diário
prefs-zone = Seu fuso horário
prefs-zone-region = Sua região
prefs-zone-all = Todos os fusos
prefs-zone-guessed = Deduzido pelo seu navegador: { $zone }. Salve para manter, ou escolha o seu.
prefs-zone-unknown = Ainda não definido: os horários aparecem em UTC. Escolha o seu e salve.
prefs-language = Idioma das páginas e dos e-mails
prefs-language-browser = O que o meu navegador pedir
prefs-never = Nunca mais me envie e-mails (nenhuma partida, nenhum convite)
prefs-save = Salvar
prefs-problem-mode = Escolha com que frequência enviamos e-mails.
prefs-problem-hour = Escolha uma hora de 00:00 a 23:00.
prefs-problem-zone = Escolha um fuso horário da lista.
prefs-problem-language = Escolha um idioma da lista.
language-en = English
language-pt = Português (Brasil)
language-switch = Idioma:
settings-title = Configurações de e-mail
settings-intro = Como este endereço recebe notícias nossas. Estas configurações valem para todas as partidas que você joga aqui.
settings-my-games = Todas as minhas partidas
settings-mute-heading = Silenciar uma partida
settings-mute-help = Uma partida silenciada não manda e-mails a cada vez e fica fora do seu resumo diário; os prazos e o resultado continuam chegando.
settings-muted = (silenciada)
unsubscribe-title = Parar todos os e-mails
unsubscribe-intro = Aperte o botão e este site nunca mais enviará e-mails para este endereço: nem vezes, nem resultados, nem convites. Você pode desfazer isso nas suas configurações de e-mail.
unsubscribe-button = Nunca mais me envie e-mails
unsubscribe-done = Pronto: este site não enviará mais e-mails para este endereço.
unsubscribe-games = Partidas que ainda esperam por você
unsubscribe-games-meaning = Você não recebe mais e-mails sobre estas partidas: nem avisos de vez, nem lembretes. Cada uma continua esperando por você: onde há prazos, o relógio joga por você a opção padrão das regras quando um prazo passa, e depois de { $missed ->
        [one] um prazo perdido
       *[other] { $missed } prazos perdidos
    } um bot joga no seu lugar. Quem criou cada partida foi avisado. Para continuar jogando, abra seus lugares em “Minhas partidas”; para sair de uma partida, desista pela página do seu lugar.
unsubscribe-undo = Mudou de ideia? Suas configurações de e-mail
unsubscribe-settings = Ou escolha receber menos e-mails
page-bad-mail-link = Este link não é válido
    .text = Este link de configurações de e-mail não é válido: pode ter sido digitado errado, ou você saiu de todos os lugares desde então.
    .hint = Use o link do seu e-mail mais recente, ou entre por "Minhas partidas".
page-bad-confirm = Este link de confirmação não é válido
    .text = Este link não confirma esta partida: pode ter sido digitado errado.
    .hint = Use o link do e-mail de confirmação.
page-too-many = Pedidos demais
limit-games = Você criou muitas partidas em pouco tempo. Tente de novo daqui a { $minutes } minutos.
limit-sign_ins = Enviamos vários links para este endereço na última hora. Use o mais novo, ou tente de novo daqui a { $minutes } minutos.
limit-invitations = Um dos endereços foi convidado várias vezes hoje e nunca respondeu. Tente de novo daqui a { $minutes } minutos, ou confira o endereço.
rematch-heading = Jogar de novo?
rematch-same-order = Mesma ordem de lugares
rematch-random-order = Uma nova ordem sorteada
rematch-button = Propor uma revanche
rematch-proposed = Uma revanche foi proposta.
rematch-open = Abrir o seu lugar nela
rematch-not-over = Uma revanche pode ser proposta quando a partida terminar.
page-unavailable = Voltamos já
    .text = Não conseguimos acessar nosso banco de dados agora, então nada foi alterado. Tente de novo daqui a um minuto.
me-sign-out-everywhere = Sair de todos os lugares
me-sign-out-everywhere-help = Encerra a sua sessão em todos os navegadores e aparelhos, e faz os links de configurações de e-mail dos seus e-mails antigos pararem de funcionar (o próximo e-mail traz um novo). Uma sessão também termina sozinha depois de { $idle } dias sem uso, e { $lifetime } dias depois que você entrou.
me-signed-out-everywhere = Você saiu em todos os navegadores. Os seus links antigos de configurações de e-mail não funcionam mais.
export-never-started = A partida { $game } foi cancelada antes de começar: ela nunca teve um registro de jogadas, então não há registro para exportar.
export-not-started = A partida { $game } ainda não começou (espera que todos os lugares aceitem): não há registro para exportar até ela começar.
signature-problem-unknown-key = Está assinado com a chave { $key }, que este servidor nunca publicou: não é uma assinatura do servidor.
signature-problem-outside-validity = { $current ->
        [yes] A data é { $at }, mas a chave { $key } só começou a ser usada em { $from }: o servidor não pode ter assinado isso nessa data.
       *[other] A data é { $at }, mas a chave { $key } só assinou de { $from } até { $until }: o servidor não pode ter assinado isso nessa data.
    }
signature-problem-bad-signature = A assinatura não é do servidor: o conteúdo foi mudado depois de assinado, ou a assinatura é falsa.
receipt-contradiction-rewritten = { $seq ->
        [0] O início da partida foi reescrito: o servidor assinou o hash { $signed } para ele, mas este registro tem { $recorded }. Os lugares, as opções ou as contribuições foram mudados depois que o servidor os confirmou.
       *[other] A jogada { $seq } foi reescrita: o servidor assinou o hash { $signed } para ela, mas este registro tem { $recorded }. O histórico até a jogada { $seq } foi mudado depois que o servidor o confirmou { $agrees ->
            [none] (nenhum recibo anterior ainda confere com este registro).
            [0] (ele ainda conferia no início da partida).
           *[other] (ele ainda conferia na jogada { $agrees }).
        }
    }
receipt-contradiction-dropped = O servidor confirmou a jogada { $seq }, mas este registro { $recorded ->
        [0] não tem nenhuma jogada
       *[other] termina na jogada { $recorded }
    }: jogadas que o servidor já tinha aceitado foram tiradas do histórico.
log-problem-other-game = Estas provas são de outra partida, não da deste registro.
log-problem-tree-head = O resumo assinado do diário público do servidor, que vem com as provas, não pode ser lido: { $detail }
log-problem-signature = O resumo do diário público do servidor, que vem com as provas, não é garantido pelo servidor: { $detail }
log-problem-not-logged = A jogada { $seq } não tem prova de que está no diário público do servidor.
log-problem-wrong-leaf = Jogada { $seq }: a prova é de outra entrada, não da deste registro: a jogada registrada aqui não é a que o servidor escreveu no seu diário público.
log-problem-proof = Não está provado que a jogada { $seq } está no diário público do servidor: { $detail }
log-problem-proof-out-of-range = a posição { $index } fica além de um diário de { $size } entradas.
log-problem-proof-bad-sizes = um diário de { $first } entradas não pode ser conferido com um de { $second }.
log-problem-proof-wrong-length = a prova tem { $got ->
        [one] um hash
       *[other] { $got } hashes
    } onde se esperavam { $want }.
log-problem-proof-mismatch = a prova não leva à raiz que o servidor assinou.
log-problem-proof-missing = uma parte do diário (nível { $level }, nó { $index }) não pôde ser lida.
