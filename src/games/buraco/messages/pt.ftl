# What the buraco engines, views and check plan say, in Portuguese. Each id must also be in en.ftl
# (src/games/buraco/messages/); the tests of i18n and tests/conformance.rs check it.
narr-out-morto = { " " }e pega o morto
narr-out-morto-playing-on = { " " }e pega o morto, continuando a jogada
narr-draws = compra do monte: { $card }
narr-empty-stock = pede uma carta do monte vazio: a partida termina
narr-takes-pile = pega o lixo ({ $taken } cartas) com { $cards } (jogo { $index }: { $meld }){ $out }
narr-takes-pile-joining = pega o lixo ({ $taken } cartas), e a carta de cima { $top } entra no jogo { $index } → { $meld }
narr-discards-stock-out = descarta { $card }{ $out }; o monte acabou: a partida termina
end-empty-stock = { $player } pediu uma carta do monte vazio
end-stock-out = o monte acabou
viol-empty-hand-needs-clean-canastra = você só pode esvaziar a mão depois que seu lado pegou o morto e tem uma canastra limpa
viol-last-card-needs-clean-canastra = isto deixaria você com uma só carta para descartar, e seu lado não pode bater sem uma canastra limpa
viol-discard-needs-cards = GET_DISCARD precisa de pelo menos { $min } cartas da mão para formar um jogo com a carta de cima do lixo
viol-team-note = ; o índice conta os jogos da sua dupla na ordem em que foram feitos, incluindo os do parceiro{ $partner }{ $yours }
viol-team-note-partner = : o jogo { $index } é do seu parceiro ({ $partner })
viol-team-note-yours = , { $count ->
        [1] o seu é o
       *[other] os seus são os
    } { $list }
viol-wild-top-card = a carta de cima { $top } é um coringa: só pode começar um jogo novo (GET_DISCARD [ … ])
meld-too-long = um jogo tem no máximo { $max } cartas, não { $len }
meld-only-wilds = um jogo precisa de pelo menos uma carta natural além dos coringas
meld-mixed-suits = { $card } não é do naipe do jogo, { $suit }
meld-too-many-aces = um jogo tem no máximo dois ases
meld-too-many-wilds = no máximo { $max } coringa(s) por jogo, e um segundo 2 tem de ser o 2 natural do naipe do jogo
meld-duplicate = { $card } aparece duas vezes na sequência
meld-gap = a sequência tem um buraco entre { $below } e { $above }
meld-ace-out-of-place = o ás não cabe em nenhuma das pontas da sequência
meld-no-room-for-wild = o coringa não tem lugar na sequência
hint-top-card = a carta de cima { $card }
hint-no-top-card = nenhuma carta de cima
hint-draw = compre: GET_STOCK ou GET_DISCARD [ c1 c2 … ] (duas ou mais cartas da mão formando um jogo com { $top }){ $join }
hint-draw-join = , ou GET_DISCARD_JOIN <índice> (a carta de cima entra nesse jogo)
hint-draw-pair = { " " }(exatamente duas cartas naturais)
check-title-opponent-takes-the-pile = o adversário pega o lixo (GET_DISCARD)
check-title-opponent-melds-and-joins = o adversário baixa um jogo e depois o aumenta (MELD_NEW, MELD_JOIN)
check-title-opponent-goes-out = o adversário bate na primeira jogada (a partida termina na hora)
check-title-you-can-take-the-pile = você pode pegar o lixo: 5♠ no lixo, 6♠ 7♠ na sua mão
check-title-you-can-go-out = você pode baixar e bater: o 6♥ do monte completa 3♥ 4♥ 5♥, 7♠-10♠ e J♦ Q♦ K♦
check-title-four-players-team-melds = 4 jogadores: os parceiros compartilham os jogos (GET_DISCARD, MELD_JOIN nos jogos da dupla)
check-title-stbl-morto-and-no-going-out = você pode esvaziar a mão (6♥ no monte): vem o morto (MORTO [ … ]), e sem canastra limpa você não pode bater
check-title-stbl-joker-on-the-pile = a carta de cima do lixo fechado é um coringa (JK): só pode começar uma sequência nova, com 4♣ 5♣ da sua mão
check-title-stbl-take-the-closed-pile = a carta de cima do lixo fechado, 9♥, forma uma sequência com 7♥ 8♥ da sua mão (GET_DISCARD)
check-title-schwab-natural-pair = a carta virada 9♥ pode ser pega com o par natural 9♣ 9♠ (GET_DISCARD [ 9♣ 9♠ ]), nunca com o coringa
check-title-schwab-seven-at-most = 3♥ a 10♥ na mão: um jogo tem no máximo 7 cartas (com 7 ele é um cerrado)
check-title-schwab-buraco = baixar 3♠ 4♠ 5♠, 8♦ 8♣ 8♥ e J♥ Q♥ K♥ deixa JK 2♣: vem o buraco (MORTO [ … ]) e a vez continua
narr-takes-up-card = pega a carta virada { $card } para a mão
narr-hand-ends = { $said }; a mão { $hand } termina: { $score0 } a { $score1 }, totais { $total0 } a { $total1 }
narr-hand-dealt = { $said }; a mão { $hand } é distribuída, { $player } começa
end-match = { $reason }; a partida termina depois de { $hands } mão(s)
viol-pickup-mono = a carta do topo { $top } é um curinga ou um 2: o lixo não pode ser comprado com um curinga no topo
viol-pickup-natural-pair = comprar o lixo exige exatamente duas cartas naturais (nem curinga, nem 2) que formem um jogo com a carta do topo { $top }, não { $cards }
viol-pickup-would-end = o lixo e sua mão somam { $held } cartas, menos de { $min }, e sua dupla já pegou o buraco sem ter um cerrado: você não conseguiria terminar a mão
viol-unfinished-wilds = o jogo só de curingas da sua dupla ainda não está fechado (menos de { $len } cartas): feche-o antes de ficar com a última carta
viol-empty-hand-needs-cerrado = você só pode esvaziar a mão depois que sua dupla pegou o buraco e tem um cerrado (um jogo fechado de 7 cartas)
viol-last-card-needs-cerrado = isto deixaria você com uma só carta para descartar, e sua dupla não pode bater sem um cerrado (um jogo fechado de 7 cartas)
meld-set-too-many-wilds = um jogo de cartas do mesmo valor leva no máximo { $max } curinga(s)

# What the terminal's table calls a meld, by its first two tags (src/report/table_text.rs).
table-meld-canastra-clean = canastra limpa
table-meld-canastra-dirty = canastra suja

# game-neutral: how the terminal names Buraco's closed pile, its mortos and their points.
table-discard-closed = { " " }(fechado)
table-zones-morto = mortos: { $zones }
table-zone-morto = lado { $side } { $state }
table-zone-morto-untagged = esperando
table-zone-morto-taken = pego
table-zone-morto-became-stock = virou monte
table-counter-morto = morto { $value }
