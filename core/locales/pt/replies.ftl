# A resposta a uma resposta por e-mail (service/replies.rs, templates/mail/answer/): o que
# aconteceu com ela, linha por linha; quando o lugar precisa decidir, é também o aviso da sua vez.

answer-mail-subject = { $game }: sua resposta
answer-mail-subject-turn = { $game }: sua resposta, e é a sua vez
answer-mail-decide = Agora: { $prompt }
answer-mail-due = Prazo: { $due }
answer-applied = Aplicada: sua jogada é a jogada { $seq }.
answer-refused = Não aplicada: as regras não permitem essa jogada agora. Nada foi jogado.
answer-not-understood = Não aplicada: sua resposta tem uma linha que parece uma jogada, mas não é nenhuma das suas jogadas permitidas. Nada foi jogado.
answer-stale = A partida seguiu (está agora na jogada { $seq }): sua resposta era para uma decisão anterior, então nada foi jogado.
answer-not-playing = Não aplicada: esta partida não está em andamento.
answer-message-table = Sua mensagem foi para todos à mesa.
answer-message-private = Sua mensagem foi só para { $name }.
answer-message-refused = Sua mensagem não foi enviada.
answer-why-not-played = Não foi possível jogá-la por e-mail: abra a página do seu lugar e jogue por lá.
answer-why-not-posted = Não foi possível enviá-la por e-mail: abra a página do seu lugar e escreva por lá.

# Uma linha de uma resposta com comandos, e o que aconteceu com ela.
answer-line-applied = ✓ “{ $line }”: jogada feita.
answer-line-refused = ✗ “{ $line }”: recusada. { $rule }
answer-line-not-understood = ? “{ $line }”: não entendi. Os comandos mais próximos que você pode dar agora: { $nearest }.
answer-line-not-understood-alone = ? “{ $line }”: não entendi, e agora você não tem jogada a fazer por e-mail.
answer-line-stale = ✗ “{ $line }”: tarde demais, a partida já passou da decisão a que ela respondia.
answer-line-unplayed = – “{ $line }”: não jogada, porque uma linha anterior não foi.
answer-line-aside = – “{ $line }”: não é um comando; ficou de lado.
answer-nothing-posted = Nada desta resposta foi para a mesa: uma resposta com jogadas nunca é publicada, para que nenhuma linha dela revele a sua mão. Para escrever à mesa, responda só com a mensagem, ou escreva na página do seu lugar.
