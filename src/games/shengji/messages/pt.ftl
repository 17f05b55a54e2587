# What the shengji engines, views and check plan say, in Portuguese. Each id must also be in en.ftl
# (src/games/shengji/messages/); the tests of i18n and tests/conformance.rs check it.
check-title-shengji-follow-suit = sai A♠; você tem 5♠ e 7♠: siga o naipe
check-title-shengji-follow-pair = sai o par 9♠ 9♠; você tem K♠ K♠ 4♠ 6♠: um par se responde com o seu par
check-title-shengji-follow-tractor = sai o trator 9♠ 9♠ 10♠ 10♠; você tem o trator 5♠ 5♠ 6♠ 6♠: jogue-o
check-title-shengji-declare-and-bury = você recebe todas as cartas do nível e os curingas: declare (só cartas que tem) e enterre exatamente 8
sj-card-jk = os curingas do Shengji são SJ (pequeno) e BJ (grande)
sj-viol-pass-args = PASS não leva argumentos
sj-viol-missing-brackets = as cartas vão entre colchetes: DECLARE, BURY ou PLAY [ c1 c2 ... ]
sj-viol-unknown-command = comando desconhecido '{ $command }' (esperado PASS, DECLARE, BURY ou PLAY)
sj-viol-not-your-turn = nenhuma linha foi pedida a este lugar
sj-viol-wrong-phase = { $command } não é permitido agora (esperado { $expected })
sj-viol-not-held = { $cards }: nem todas estas cartas estão na sua mão
sj-viol-empty-play = uma saída precisa de pelo menos uma carta
sj-viol-mixed-lead = { $cards }: uma saída deve ser de um só naipe (todos os trunfos contam como um naipe)
sj-viol-count = jogue exatamente { $count } cartas, tantas quantas saíram
sj-viol-follow-suit = você tem cartas do naipe de saída: { $count } das suas cartas { $count ->
    [1] deve
   *[other] devem
} ser dele
sj-viol-follow-shape = { $cards } não segue a forma da saída ({ $shape }) tanto quanto suas cartas do naipe permitem (um par para um par, uma trinca ou um par para uma trinca, tantos pares quantos um trator pede)
sj-viol-bad-tractor = { $cards } não é um trator, e você tem um no naipe de saída: um trator ({ $shape }) deve ser respondido com um trator (pares consecutivos)
sj-viol-declare-empty = DECLARE precisa de cartas
sj-viol-declare-mixed = { $cards }: uma declaração é de cartas idênticas (mesmo valor e naipe, ou o mesmo curinga)
sj-viol-declare-not-held = { $cards }: você tem só { $held } destas
sj-viol-declare-not-level = { $cards }: declare com cartas do nível ({ $level }) ou um par de curingas idênticos
sj-viol-declare-weaker = { $cards } não é mais forte que { $standing } (mais cartas, ou o mesmo número de curingas: um par de curingas pequenos vence um par do nível, um par de curingas grandes vence ambos)
sj-viol-declare-reinforce = { $cards }: você já declarou { $standing } e só pode reforçar (mais cópias da mesma carta)
sj-viol-kitty-size = enterre exatamente { $count } cartas, tantas quantas o monte tinha, não { $got }
sj-narr-pass = passa
sj-narr-declare = declara { $cards }
sj-narr-redeal = { $said }; ninguém declarou: as cartas são distribuídas de novo
sj-narr-kitty-turned = { $said }; ninguém declarou: vira-se o { $card } do monte
sj-narr-trump = { $said }; trunfo { $trump }, o banqueiro { $banker } pega o monte
sj-narr-bury = enterra { $count } cartas
sj-narr-play = joga { $cards }
sj-narr-throw-failed = lança { $cards }, que outra mão pode vencer: joga { $forced }
sj-narr-trick = { $said }; { $player } leva a vaza ({ $points } pontos)
sj-narr-deal-end = { $said }; a mão { $deal } termina: os atacantes têm { $points } pontos, níveis { $level0 } e { $level1 }
sj-end-ace = a dupla de { $player } defendeu o nível A
sj-end-deals = a última de { $deals } mãos foi jogada
sj-end-match = { $reason }: níveis { $level0 } e { $level1 }, pontos como atacantes { $points0 } e { $points1 }
sj-hint-wait = espere a sua vez
sj-hint-declare = PASS, ou DECLARE [ c … ] com cartas do nível ({ $level }) ou um par de curingas idênticos
sj-hint-bury = BURY [ c … ] com exatamente { $count } cartas
sj-hint-lead = saída: PLAY [ c … ] (uma carta, um par, um trator ou um lançamento de um só naipe)
sj-hint-follow = siga { $cards }: PLAY [ c … ] com { $count } cartas (primeiro o naipe de saída, pares para pares)

# The terminal drawing of the table (table_text.rs).
table-sj-status = mão { $deal } · carta do nível { $level } · trunfo { $trump } · banqueiro { $banker } · { $player }
table-sj-team = dupla { $side } ({ $ids }): nível { $level }, { $points } pontos nesta mão, { $total } como atacantes na partida
table-sj-declaration = declarado: { $declaration }
table-sj-trick = vaza: { $plays }
table-sj-kitty = monte ({ $count }): { $cards }
