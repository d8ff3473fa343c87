## Conjuntos de cartas do Pergamemnon: os problemas que a validação de um conjunto encontra,
## para o operador que carrega ou transcreve um (referência das regras §4.2, V1–V12, e as
## restrições de identidade I1–I10 da §4.5). Toda mensagem recebe `$at` (onde: um caminho JSON,
## o id e o campo de uma carta, ou as cartas de uma nação como army[nation=romans]), `$found`
## (o que o arquivo tem) e `$expected`.

pergamemnon-cardset-v1 = Em { $at } o arquivo não segue o formato de conjunto de cartas: encontrado { $found }, mas o formato exige { $expected }. Corrija o JSON nesse ponto (o esquema está na §4.1 da referência das regras) e carregue o conjunto de novo.
pergamemnon-cardset-v2 = { $at }: o id de carta { $found } não pode ser usado, esperado { $expected }. Cada carta precisa de um id próprio, e os ids que começam com chr_ são das cartas de carisma: renomeie a carta.
pergamemnon-cardset-v3 = { $at }: encontrado { $found }, esperado { $expected }. Cada nação precisa de exatamente 11 cartas de exército, exatamente uma delas com "leader": true, chamada Caesar, Nefertiti, Agamemnon, Hannibal ou Xerxes conforme a nação. Corrija a nação, o líder ou o nome dessas cartas.
pergamemnon-cardset-v4 = As tropas de { $at } não batem com a lista da nação: o arquivo tem { $found } a mais e { $expected } a menos. Corrija os nomes ou as nações dessas cartas para que as tropas sejam as da §3.2.
pergamemnon-cardset-v5 = { $at }: encontrado { $found } entre as criaturas, esperado { $expected }. Os nomes das criaturas não podem se repetir, e um conjunto publicado ou de referência precisa incluir Orthos, Dryad, Centaur, Minotaur, Cyclops e Sphinx: corrija os nomes das criaturas.
pergamemnon-cardset-v6 = { $at } vale { $found }, mas o livro de regras imprime { $expected } (o carisma de Agamemnon é 5, o Centaur custa 6). Confira a carta e corrija o valor.
pergamemnon-cardset-v7 = { $at } vale { $found }, fora da faixa usual { $expected }. O conjunto carrega, mas confira a carta: provavelmente é um erro de digitação.
pergamemnon-cardset-v8 = { $at } é { $found }: a carta tem Fuga e Pontos Assegurados ao mesmo tempo, quando uma carta costuma ter só um de { $expected }. O conjunto carrega; confira a carta (a decisão R12 diz o que acontece com ela).
pergamemnon-cardset-v9 = { $at } é { $found }, esperado { $expected }: este líder foge, então só o Egito poderia capturá-lo e sua cidade quase nunca viraria. O conjunto carrega; confira a carta.
pergamemnon-cardset-v10 = Cartas deste conjunto publicado sem "verified": true: { $found } (a primeira em { $at }), esperado { $expected }. O conjunto carrega e aparece como parcialmente verificado: confira cada carta com o baralho físico e marque-a como verificada.
pergamemnon-cardset-v11 = { $at } vale { $found }, esperado { $expected }: este conjunto de referência quebra uma restrição de identidade (I1–I10 da §4.5) que mantém os perfis das nações do livro de regras. Mude os valores até a restrição valer de novo.
pergamemnon-cardset-v12 = Em { $at } o arquivo tem { $found } onde deveria estar { $expected }. As cartas de exército vão na ordem das nações romans, egyptians, hellenes, carthaginians, persians, com o líder de cada nação primeiro: mova as cartas para essa ordem.
pergamemnon-cardset-i1 = A média de ataque de { $at } é { $found }, mas precisa ser { $expected }: nenhuma nação pode atacar mais forte, em média, que os Persas (I1). Diminua esses valores de arma ou aumente os dos Persas.
pergamemnon-cardset-i2 = A média de { $at } é { $found }, mas precisa ser { $expected }: o capacete dos Persas precisa ser a defesa mais fraca deles e o capacete mais fraco de todas as nações (I2). Mude os valores de capacete.
pergamemnon-cardset-i3 = A média de ataque de { $at } é { $found }, mas precisa ser { $expected }: os Egípcios precisam ter a menor média de ataque (I3). Diminua os valores de arma egípcios ou aumente os da outra nação.
pergamemnon-cardset-i4 = A média de { $at } é { $found }, mas precisa ser { $expected }: a armadura dos Egípcios precisa ser a defesa mais fraca deles, e o capacete e o escudo pelo menos a média de todas as cartas de exército (I4). Mude os valores de defesa egípcios.
pergamemnon-cardset-i5 = { $at } vale { $found }, mas precisa ser { $expected }: Nefertiti precisa ter o maior carisma de todas as cartas de exército (I5). Diminua o carisma desta carta ou aumente o de Nefertiti.
pergamemnon-cardset-i6 = A média de { $at } é { $found }, mas precisa ser { $expected }: a armadura dos Gregos precisa ser a defesa mais fraca deles, e o carisma deles o menor de todas as nações (I6). Mude os valores gregos.
pergamemnon-cardset-i7 = { $at } vale { $found }, mas precisa ser { $expected }: Hercules precisa ter o maior valor de ataque entre as cartas gregas (I7). Diminua o valor de arma desta carta ou aumente o de Hercules.
pergamemnon-cardset-i8 = A média de { $at } é { $found }, mas precisa ser { $expected }: o escudo dos Cartagineses precisa ser a defesa mais fraca deles (I8). Mude os valores de defesa cartagineses.
pergamemnon-cardset-i9 = A média de ataque de { $at } é { $found }, mas precisa ser { $expected }: os Romanos precisam atacar abaixo da média de todas as cartas de exército (I9). Diminua os valores de arma romanos.
pergamemnon-cardset-i10 = { $at } vale { $found }, mas os exemplos do livro de regras o fixam em { $expected } (I10). Um conjunto de referência nunca muda esses valores: volte ao valor fixado.
