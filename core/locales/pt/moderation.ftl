## Bloquear, silenciar e denunciar: os bloqueios de uma pessoa, denúncias de mensagens, os bloqueios do operador.

moderation-actions = Bloquear ou denunciar
moderation-report = Denunciar esta mensagem
moderation-report-reason = Por quê (opcional, para o operador do site)
moderation-block = Bloquear este jogador
moderation-block-help = As mensagens, os convites e as revanches dele não chegarão mais a você. Ele não é avisado.
moderation-blocked = Bloqueado: as mensagens, os convites e as revanches desse jogador não chegam mais a você. Você pode desfazer isso nas suas configurações de e-mail.
moderation-reported = Obrigado: o operador do site vai ler a sua denúncia.
moderation-no-such-seat = Não há outro jogador nesse lugar para bloquear.
moderation-no-such-message = Não há essa mensagem nesta mesa.
moderation-reason-too-long = O motivo pode ter no máximo { $max } caracteres: encurte-o e denuncie de novo.
moderation-reason-unprintable = Esse motivo contém caracteres de controle ou que reordenam o texto: remova-os e denuncie de novo.
moderation-already-reported = Você já denunciou esta mensagem.
moderation-limited = Você enviou muitas denúncias na última hora: espere um pouco e denuncie de novo.
moderation-address-blocked = Este endereço não pode participar de partidas neste site.
moderation-no-such-block = Você não tem esse bloqueio (ele já foi desfeito).
moderation-blocked-heading = Jogadores que você bloqueou
moderation-blocked-help = Nada deles chega a você: nem mensagens, nem convites, nem revanches. Desfazer um bloqueio deixa que cheguem de novo.
moderation-blocked-none = Você não bloqueou ninguém.
moderation-unblock = Desbloquear
moderation-block-address = Bloquear um endereço:
moderation-block-address-button = Bloquear
moderation-block-address-help = Alguém de quem você não quer notícias, mesmo antes de um convite: convites, revanches e mensagens dessa pessoa não chegam a você. Ela não é avisada.
moderation-block-bad-address = Isso não parece um endereço de e-mail (esperado nome@exemplo.org). Nada foi bloqueado; confira e tente de novo.
moderation-block-own-address = Esse é o seu próprio endereço, então não pode ser bloqueado. Nada foi bloqueado.

create-problem-cannot-invite = Lugar { $seat }: este jogador não pode ser convidado para as suas partidas. Convide outra pessoa.
create-problem-creator-blocked = Este endereço não pode criar partidas neste site.
talk-blocked = Este endereço não pode escrever nas mesas deste site; você ainda pode ler a mesa e jogar o seu lugar.
