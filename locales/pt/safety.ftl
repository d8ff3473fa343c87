# Palavras do trabalho de segurança e acessibilidade (issue 13): a página 404, rótulos, a auditoria.

page-not-found = Página não encontrada
    .text = Não há nenhuma página neste endereço.
    .hint = Confira o link ou comece de novo pela página inicial.

option-number-label = { $option }: meta em { $unit }

seat-audit = Auditoria
seat-audit-intro = Como qualquer pessoa pode conferir que esta partida foi distribuída e jogada com justiça: a cabeça do registro muda a cada jogada, o compromisso da distribuição foi publicado antes de alguém entrar, e o registro permite repetir e verificar cada jogada.

public-players = Jogadores
