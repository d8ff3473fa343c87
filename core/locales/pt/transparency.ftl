## O registro público de transparência na web (/transparency, suas respostas JSON e o feed) e os
## recibos e provas que a página /verify confere.

transparency-title = O registro público de transparência
transparency-protects = Cada jogada sua fica guardada numa cadeia de hashes, e o servidor assina um recibo dela: “jogada N, hash do registro …”. Ele também anota cada jogada guardada num registro público de transparência, cujo estado assinado (um “resumo assinado”) qualquer pessoa pode baixar e guardar. Juntos, eles protegem você da única coisa que um registro correto não pega: o servidor reescrever às escondidas uma partida já jogada e entregar um registro novo que é coerente consigo mesmo. Uma partida reescrita contradiz os recibos que você já tem, e o registro público não consegue perder nem mudar uma jogada sem que os resumos assinados o denunciem.
transparency-how = Como conferir: guarde seus e-mails. Cada um traz um recibo assinado e o resumo assinado mais recente do registro público. Depois, quando quiser:
transparency-how-verify = cole-os junto com o registro da partida no verificador:
transparency-verify-link = verificar um registro e seus recibos
transparency-how-command = ou confira no seu próprio computador:
transparency-how-proofs = cada partida oferece o seu registro e as provas de que está no registro público:
transparency-head-title = Resumo assinado mais recente
transparency-head-size = Entradas no registro público
transparency-head-root = Hash da raiz
transparency-head-time = Assinada em (UTC)
transparency-head-key = Assinada com a chave
transparency-head-line = Numa linha só, como vai nos e-mails:
transparency-head-none = O registro público ainda não tem um resumo assinado: ele ganha um logo depois da primeira jogada de qualquer partida.
transparency-keys-title = Chaves de assinatura
transparency-keys-none = Nenhuma chave foi publicada ainda.
transparency-key-current = em uso desde { $from }
transparency-key-retired = válida de { $from } até { $until }
transparency-links-title = Para programas
transparency-link-head = o resumo assinado mais recente (acrescente ?size=N para um dos 50 mais recentes)
transparency-link-feed = um feed com os 50 resumos assinados mais recentes
transparency-link-keys = todas as chaves com que o serviço assina ou já assinou
transparency-ask-title = Pedir uma prova
transparency-ask-inclusion = Prova de que uma jogada de uma partida está no registro público, sob o resumo assinado mais recente:
transparency-ask-game = Código da partida
transparency-ask-seq = Número da jogada
transparency-ask-inclusion-button = Pedir a prova de inclusão
transparency-ask-consistency = Prova de que o registro público de um tamanho anterior continua sendo o começo do registro público de um tamanho posterior (nada foi tirado nem mudado no meio):
transparency-ask-first = Tamanho anterior
transparency-ask-second = Tamanho posterior
transparency-ask-consistency-button = Pedir a prova de consistência
transparency-feed-title = corriere: resumos assinados do registro público de transparência
transparency-feed-subtitle = Cada entrada é um resumo que o serviço assinou; guarde-os para conferir depois que o registro público só cresceu.
transparency-feed-entry = Resumo assinado com { $size } entradas

## Os erros JSON de /transparency/… (`{"error": {"code", "message"}}`).
transparency-error-game-missing = falta `game`: envie game=ID, o código da partida (como no endereço /games/ID)
transparency-error-game = `game`: “{ $value }” não é um código de partida: envie game=ID, o código do endereço da partida /games/ID
transparency-error-seq-missing = falta `seq`: envie seq=N, o número da jogada (0 ou mais)
transparency-error-seq = `seq`: “{ $value }” não é um número de jogada: envie seq=N, um número inteiro a partir de 0
transparency-error-size = `size`: “{ $value }” não é um tamanho do registro público: envie size=N, um número inteiro a partir de 1, ou deixe de fora para o resumo mais recente
transparency-error-first-missing = falta `first`: envie first=M e second=N, dois tamanhos do registro público com M ≤ N
transparency-error-first = `first`: “{ $value }” não é um tamanho do registro público: envie first=M, um número inteiro a partir de 1
transparency-error-second-missing = falta `second`: envie first=M e second=N, dois tamanhos do registro público com M ≤ N
transparency-error-second = `second`: “{ $value }” não é um tamanho do registro público: envie second=N, um número inteiro a partir de 1
transparency-error-bad-sizes = o registro público não pode provar { $first } contra { $second }: envie 1 ≤ first ≤ second ≤ o tamanho do registro público (veja /transparency/tree-head.json)
transparency-error-no-proof = não dá para dar uma prova: { $detail }
transparency-error-not-logged = a jogada { $seq } da partida { $game } (ainda) não está no registro público: as jogadas entram nele mais ou menos um minuto depois de feitas
transparency-error-no-tree-head = o registro público não tem um resumo assinado com { $size } entradas: peça sem `size` para o mais recente
transparency-error-empty = o registro público ainda não tem um resumo assinado: ele ganha um logo depois da primeira jogada de qualquer partida
transparency-error-no-recent-tree-head = nenhum dos { $count } resumos assinados mais recentes tem { $size } entradas: peça sem `size` para o mais recente, ou veja o feed /transparency/tree-heads.atom

## /verify: recibos e provas.
verify-receipts = Recibos (opcional): cole um ou mais dos seus e-mails, ou as linhas dos recibos
verify-proofs = As provas da partida (opcional, o seu proofs.json)
verify-proofs-where = As provas de uma partida ficam em /games/ID/proofs.json, ao lado do registro da partida; veja
verify-transparency-link = o registro público de transparência
verify-keys = As chaves com que os recibos são conferidos (todas as chaves que o serviço já usou para assinar, e quando):
verify-receipts-title = Seus recibos
verify-receipts-none = Nenhum recibo foi encontrado no texto que você colou: um recibo é uma linha que começa com “corriere-receipt/1”.
verify-receipts-too-long = O texto dos recibos passa de { $max } bytes: cole menos e-mails de cada vez. Os recibos não foram conferidos.
verify-receipt-unreadable = Um recibo não pôde ser lido: talvez tenha sido cortado ou mudado pelo programa de e-mail. Cole a linha inteira, como está no e-mail.
verify-receipt-other-game = O recibo da jogada { $seq } é de outra partida ({ $game }): ele não foi comparado com este registro.
verify-receipt-bad = O recibo da jogada { $seq }: { $problem }
verify-receipt-ok = O recibo da jogada { $seq } foi assinado pelo serviço e confere com o registro.
verify-receipts-agree = { $count ->
    [one] O registro confere com o seu recibo assinado.
   *[other] O registro confere com todos os seus { $count } recibos assinados.
  }
verify-rewritten-title = Prova de que a partida foi reescrita
verify-rewritten = O servidor assinou um recibo que diz algo diferente deste registro: a história da partida foi mudada depois de jogada.
verify-proofs-title = O registro público
verify-proofs-unreadable = O arquivo de provas não pôde ser lido: { $detail }
verify-proofs-ok = Todas as jogadas deste registro da partida estão no registro público de transparência, sob o resumo de { $size } entradas assinado em { $time } com a chave { $key }.
verify-proofs-bad = As provas não conferem: { $problem }

## A página pública da partida (o modelo põe o link ao lado do registro).
public-proofs = As provas no registro público
