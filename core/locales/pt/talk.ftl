## Conversa à mesa: mensagens entre lugares, e jogadas e mensagens por resposta.

home-private-table = Mesa privada
home-private-table-help = Só os jogadores leem as mensagens da mesa; espectadores veem a partida, mas não a conversa.

talk-title = Conversa à mesa
talk-empty = Ninguém disse nada ainda.
talk-heading = { $from } · jogada { $move }
talk-heading-private = { $from } → { $to } (privada) · jogada { $move }
talk-label-text = Sua mensagem
talk-label-to = Para
talk-to-everyone = Todos à mesa
talk-to-private = Só { $name } (privada)
talk-send = Enviar mensagem
talk-help = As mensagens não fazem parte do registro da partida. Uma mensagem privada só é lida por vocês dois. Você também pode responder a qualquer e-mail desta partida.
talk-problem-empty = Escreva algo antes de enviar a mensagem.
talk-problem-too-long = Essa mensagem é longa demais: encurte-a e envie de novo (seu texto continua na caixa).
talk-problem-unprintable = Essa mensagem tem caracteres de controle ou que invertem o texto: remova-os e envie de novo.
talk-problem-no-such-seat = Escolha um jogador desta mesa (ou todos) para receber a mensagem.
talk-problem-limited = Você enviou muitas mensagens na última hora: espere um pouco e envie de novo.
talk-problem-no-press = Esta mesa joga sem mensagens (quem criou o jogo escolheu “sem imprensa”): suas ordens são tudo o que os outros verão de você.
talk-problem-public-only = Esta mesa só permite mensagens para todos (quem criou o jogo escolheu “imprensa pública”): envie para todos, ou guarde para você.
talk-off = Esta mesa joga sem mensagens (sem imprensa).
talk-public-only = Nesta mesa as mensagens vão para todos (imprensa pública).

talk-mail-subject = { $game }: novas mensagens à mesa
talk-mail-intro = Novas mensagens à mesa de { $game }:
talk-mail-line = { $name }: { $text }
talk-mail-line-private = { $name } (só para você): { $text }
talk-mail-reply-hint = Responda a este e-mail para escrever de volta (à mesa, ou em particular se a última mensagem foi só para você).

mail-turn-talk = Mensagens à mesa desde a sua última jogada:
mail-turn-commands = Você pode responder a este e-mail com a sua jogada na primeira linha, por exemplo:

# Palavras que as pessoas deixam de fora dos comandos ("colocar em Firenze"), separadas por espaço.
reply-filler-words = o a os as um uma em no na com e de do da carta cartas minha meu

# A player's address that is one of the site's own (its From, or at its reply domain): mail to
# it would come back to the site.
create-problem-email-ours = Lugar { $seat }: "{ $email }" é um endereço deste site, não de um jogador. Informe o e-mail do próprio jogador.
api-error-seat-email-ours = `seats[{ $index }].email`: é um endereço deste site, não de um jogador; informe o endereço do próprio jogador
replace-problem-email-ours = "{ $email }" é um endereço deste site, não de um jogador. Informe o e-mail de quem vai entrar.

## As anotações privadas de um lugar: só na página dele, nunca num registro, numa exportação ou num e-mail.
notes-title = Minhas anotações privadas
notes-label = Anotações para você sobre esta partida (planos, promessas, o que os outros disseram)
notes-save = Salvar minhas anotações
notes-help = Só a página deste lugar as mostra: nem os outros jogadores, nem a página pública, nem o registro da partida, nem qualquer e-mail. Elas ficam com o lugar: quem jogar nele depois de você as lê. Esvazie a caixa e salve para apagá-las.
notes-saved = Suas anotações foram salvas.
notes-problem-too-long = Essas anotações passam de { $max } caracteres: encurte-as e salve de novo. As anotações salvas antes continuam as mesmas.
notes-problem-unprintable = Essas anotações têm caracteres de controle ou que reordenam o texto: remova-os e salve de novo. As anotações salvas antes continuam as mesmas.

# Talk: a page carries only its newest messages; the older ones are behind this link, and on pages of their own.
talk-earlier-link = { $count ->
        [one] Uma mensagem anterior
       *[other] { $count } mensagens anteriores
    }
talk-page-title = Conversa à mesa de { $game }
