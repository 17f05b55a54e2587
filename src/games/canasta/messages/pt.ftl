# What the canasta engines, views and check plan say, in Portuguese. Each id must also be in en.ftl
# (src/games/canasta/messages/); the tests of i18n and tests/conformance.rs check it.
cn-meld-too-short = um jogo precisa de pelo menos 3 cartas, não { $len }
cn-meld-red-three = { $card } é um 3 vermelho: 3 vermelhos nunca entram em jogos (são baixados para você assim que você os recebe)
cn-meld-two-naturals = um jogo precisa de pelo menos duas cartas naturais do seu valor (os curingas são os 2 e os jokers)
cn-meld-mixed-ranks = { $first } e { $other } são de valores diferentes: um jogo de Canastra é de cartas de um só valor, nunca uma sequência
cn-meld-too-many-wilds = um jogo tem no máximo { $max } curingas (2 e jokers), e este teria { $wilds }
cn-meld-black-threes = 3 pretos só se baixam com 3 pretos: nenhum curinga num jogo de 3
cn-viol-pile-frozen = o lixo está congelado: a carta de cima { $top } é um curinga ou um 3 preto, e ninguém pode pegá-lo até uma carta natural cobri-la; compre com GET_STOCK
cn-viol-rank-already-melded = você já tem um jogo do valor de { $card } (jogo { $index }): acrescente a ele (MELD_JOIN { $index } [ … ], ou GET_DISCARD_JOIN { $index } para pegar o lixo) em vez de começar outro
cn-viol-red-three-discard = { $card } é um 3 vermelho: 3 vermelhos nunca podem ser descartados (são baixados assim que você os recebe, então você nunca tem um na mão)
cn-viol-empty-hand-needs-canasta = você só pode esvaziar a mão (bater) quando tiver uma canastra (um jogo de 7 cartas ou mais)
cn-viol-last-card-needs-canasta = isto deixaria uma única carta, que você só poderia descartar, e você não pode bater antes de ter uma canastra (um jogo de 7 cartas ou mais)
cn-viol-stock-empty = o monte acabou e você pode usar a carta de cima do lixo, então deve pegá-lo (por exemplo { $example })
cn-narr-draws = compra do monte: { $card }{ $reds }
cn-narr-draws-last-red-three = compra a última carta do monte{ $reds }: um 3 vermelho sem reposição, a rodada termina
cn-narr-red-threes = { " " }(baixando { $cards })
cn-narr-takes-pile = pega o lixo ({ $taken } cartas): a carta de cima { $top } com { $cards } forma o jogo { $index } { $meld }{ $reds }{ $out }
cn-narr-takes-pile-joining = pega o lixo ({ $taken } cartas): a carta de cima { $top } entra no jogo { $index } → { $meld }{ $reds }{ $out }
cn-narr-round-ends = { $said }; a rodada { $round } termina: { $score0 } a { $score1 }, totais { $total0 } a { $total1 }
cn-narr-round-dealt = { $said }; a rodada { $round } é distribuída, { $player } começa
cn-end-match = { $reason }; a partida termina após { $rounds } rodada(s)
cn-end-stock-out = o monte acabou e nenhum jogador pode usar a carta de cima do lixo
cn-end-last-red-three = { $player } comprou um 3 vermelho como última carta do monte
cn-hint-draw = compre: GET_STOCK{ $pile }
cn-hint-take = , ou pegue o lixo, por exemplo { $example } (GET_DISCARD [ c1 c2 ] forma um jogo novo com a carta de cima, GET_DISCARD_JOIN <índice> a acrescenta ao seu jogo do mesmo valor)
cn-hint-frozen = { " " }(o lixo está congelado: { $top } está em cima)
cn-hint-cannot-take = { " " }(você não pode usar a carta de cima { $top } do lixo)
cn-hint-must-take = o monte acabou: pegue o lixo, por exemplo { $example }
check-title-canasta-frozen-pile = o lixo está congelado (um joker em cima): compre do monte mesmo com um par de noves na mão
check-title-canasta-red-three = um 3 vermelho comprado (3♦) é baixado para você (RED3) e reposto: nunca o descarte
check-title-canasta-wilds-and-going-out = três damas naturais e três curingas: um jogo tem no máximo três curingas, e sem canastra a mão não pode ser esvaziada
cn-viol-initial-meld = o seu primeiro jogo da rodada deve valer pelo menos { $min } pontos de cartas com um total de { $total } (opção initial-meld=classic), e { $meld } vale { $points }
cn-viol-initial-melds = os jogos que você baixa no seu primeiro turno de jogos da rodada devem valer juntos pelo menos { $min } pontos de cartas com um total de { $total } (opção initial-meld=classic), e { $melds } valem { $points }: baixe mais antes de terminar o turno
check-title-canasta-no-canasta-no-going-out = cinco trincas naturais e K♠ comprado: baixar todas deixaria uma carta, e não se bate sem canastra

# What the terminal's table calls a meld, by its first two tags (src/report/table_text.rs).
table-meld-canasta-natural = canastra natural
table-meld-canasta-mixed = canastra mista

# game-neutral: how the terminal names Canasta's frozen pile.
table-discard-frozen = { " " }(congelado)
