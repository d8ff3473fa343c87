# Avisos além do e-mail (issue 31, item 7): o feed Atom de uma partida, a agenda de prazos de uma pessoa.

# O feed dos acontecimentos públicos de uma partida, num leitor de feeds.
feed-title = { $game }: o que aconteceu
feed-entry-title = Jogada { $move }
# A seção da página do lugar com o endereço do feed.
feed-heading = Acompanhe esta partida num leitor de feeds
feed-help = Este feed Atom lista o que qualquer pessoa pode ver da partida enquanto ela acontece (nunca a sua mão nem nada privado). Todos os jogadores da partida veem o mesmo feed; quem tiver o endereço pode lê-lo. Revogue-o para que nenhuma cópia do endereço funcione mais; esta página mostra então um novo.
feed-revoke = Revogar este endereço do feed
feed-revoked = O endereço antigo do feed não funciona mais. Aqui está o novo.
page-feed-gone = Feed não encontrado
    .text = Este endereço de feed não funciona: pode ter sido digitado errado, ou foi revogado.
    .hint = Peça o endereço atual do feed a um jogador da partida.

# A agenda de prazos de uma pessoa, num programa de agenda.
calendar-name = Meus prazos no corriere
calendar-event-summary = Sua vez em { $game }
# A seção da página de configurações de e-mail com o endereço da agenda.
calendar-heading = Seus prazos na sua agenda
calendar-help = Assine este endereço no seu programa de agenda: cada partida que espera por você aparece como um evento no prazo dela. Os eventos levam à página pública da partida, não ao seu lugar. Quem tiver o endereço vê os seus prazos; revogue-o para que ele pare de funcionar.
calendar-revoke = Revogar este endereço da agenda
calendar-revoked = O endereço antigo da agenda não funciona mais. Aqui está o novo.

# O webhook de uma pessoa, na página de configurações de e-mail.
webhook-heading = Um webhook para as suas vezes, resultados e mensagens privadas
webhook-help = Enviamos uma mensagem a este endereço quando uma partida espera por você, quando uma partida termina e quando um jogador escreve para você em particular: uma mensagem JSON, ou uma que o Discord ou o Slack mostram num canal. Ela diz o que diz o assunto do seu e-mail e leva à página pública da partida, nunca ao seu lugar. Deixe vazio para parar.
webhook-url = Endereço do webhook (http:// ou https://)
webhook-format = Formato
webhook-format-json = JSON (o do corriere)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-save = Salvar o webhook
webhook-last-sent = Última entrega { $when }.
webhook-last-error = Última falha { $when }: { $error }. Tentamos de novo algumas vezes, esperando mais a cada vez.
webhook-problem-url = um webhook precisa ser um endereço http:// ou https:// de no máximo 500 caracteres
webhook-problem-format = o formato de um webhook precisa ser JSON, Discord ou Slack
page-webhook-bad-url = Este endereço de webhook não pode ser usado
    .text = Um webhook precisa ser um endereço http:// ou https:// de no máximo 500 caracteres. As suas configurações não mudaram.
    .hint = Volte e cole o endereço que o seu chat ou serviço lhe deu.
page-webhook-bad-format = Este formato de webhook não é um dos que oferecemos
    .text = Escolha JSON, Discord ou Slack. As suas configurações não mudaram.
    .hint = Volte e escolha um dos formatos oferecidos.
