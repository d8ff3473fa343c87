# Palavras do trabalho de segurança e acessibilidade (issue 13): a página 404, rótulos, a auditoria.

page-not-found = Página não encontrada
    .text = Não há nenhuma página neste endereço.
    .hint = Confira o link ou comece de novo pela página inicial.

option-number-label = { $option }: meta em { $unit }

public-players = Jogadores
