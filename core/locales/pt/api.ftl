## As mensagens de erro da API JSON (`{"error": {"code", "message"}}`), no idioma do pedido
## (`Accept-Language`); os códigos são os mesmos em todos os idiomas.
api-error-unexpected = algo deu errado do nosso lado; tente de novo
api-error-json-invalid = o corpo JSON não é válido: { $why }
api-error-json-content-type = envie o corpo como JSON, com `Content-Type: application/json`
api-error-json-unreadable = não foi possível ler o corpo JSON
api-error-json-optional = envie o corpo como JSON, com `Content-Type: application/json` (ou não envie corpo)
api-error-unknown-kind = esta partida é de um jogo que este servidor não joga: { $game }
api-error-no-game = não há partida com este id
api-error-seat-name = `seats[{ $index }].name`: { $why }
api-error-bot-email = `seats[{ $index }]`: o lugar de um robô não tem e-mail
api-error-seat-email-missing = `seats[{ $index }].email`: informe o endereço do jogador, ou `"bot": true`
api-error-seat-email-bad = `seats[{ $index }].email`: não é um endereço para o qual possamos enviar
api-error-creator-seat = `creator_seat`: não é um dos lugares
api-error-title = `title`: { $why }
api-error-contribution = `contribution`: de 1 a { $max } caracteres, sem caracteres de controle
api-error-bad-token = este token de lugar não é válido (pode ter sido substituído por um link mais novo)
api-error-missing-token = envie o token do lugar como `Authorization: Bearer SEAT.TOKEN` (o número do lugar, um ponto e o token do seu link de lugar)
api-error-message-to = `to` é um número de lugar a partir de 1
api-error-already-accepted = você já aceitou
api-error-not-inviting = esta partida não espera mais jogadores
api-error-move-shape = envie `action` (uma ação) ou `actions` (uma lista não vazia)
api-error-action-unreadable = a ação não é uma deste jogo: { $why }
api-error-stale = a partida andou: agora está na jogada { $seq }; busque o lugar de novo
api-error-not-playing = esta partida não está em andamento
api-error-unavailable = o banco de dados está fora de alcance no momento; nada foi alterado; tente de novo daqui a um minuto
api-error-no-route = este caminho não existe na API; os caminhos dela estão em /api/openapi.json
api-error-method = este caminho aceita apenas { $allowed }; as operações dele estão em /api/openapi.json
