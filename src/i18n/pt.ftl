# O que o juiz diz às pessoas, em português (--lang pt, ou LANG/LC_ALL pt_*). Os ids são os de en.ftl.

fault-spawn = o bot não pôde ser iniciado
fault-timeout = o bot não respondeu a tempo
fault-crash = o processo do bot terminou antes do fim da partida
fault-closed-output = o bot fechou a sua saída padrão (stdout) com a partida em andamento
fault-closed-input = o bot parou de ler a sua entrada padrão (stdin)
fault-oversized-line = o bot escreveu uma linha maior que o limite (faltou um '\n'?)
fault-invalid-utf8 = o bot escreveu uma linha que não é UTF-8 (os naipes ♥ ♦ ♣ ♠ são caracteres UTF-8)
fault-premature-output = o bot escreveu uma linha quando nada lhe foi pedido
fault-malformed = o juiz não conseguiu ler a linha do bot como um comando
fault-illegal = a linha do bot quebra uma regra do jogo
fault-memory = o bot esgotou o seu limite de memória
fault-cpu-time = o bot esgotou o seu limite de tempo de CPU
fault-processes = o bot iniciou mais processos do que o limite permite
fault-file-size = o bot escreveu um arquivo maior que o limite
fault-disk = o bot encheu sua pasta de trabalho (sua cota de disco)
fault-timeout-overload = a jogada demorou demais no relógio com a máquina sobrecarregada (não contado contra o tempo do próprio bot)

hint-segfault = falha de segmentação: um acesso inválido à memória (um índice fora dos limites, um ponteiro NULL, um buffer pequeno demais para uma linha)
hint-exit-code = o bot deve continuar lendo até o juiz fechar a sua entrada, e só então terminar
hint-timeout-computing = ele estava calculando: usou { $cpu }s de CPU dos { $limit } que tinha (um laço sem fim, ou uma busca lenta demais para o limite): pare de buscar bem antes do limite, e procure um laço que nunca termina
hint-timeout-sleeping = ele estava dormindo (sleep, usleep, time.sleep) quando o tempo acabou: nunca durma durante a partida; uma jogada pode levar { $limit } (--move-timeout), e só a primeira resposta tem a tolerância maior de início (10s, salvo --startup-timeout)
hint-timeout-reading = ele esperava ler uma linha enquanto o juiz esperava a sua resposta: a resposta provavelmente ainda está no buffer do stdout (dê flush após cada linha: fflush(stdout) ou setbuf(stdout, NULL) em C, print(..., flush=True) em Python), ou ele lê uma linha que o juiz não envia
hint-timeout-waiting = ele estava esperando, com pouca CPU ({ $cpu }s): por uma linha que nunca chega, ou com a resposta num buffer; a saída está em buffer? dê flush após cada linha (fflush(stdout) em C, print(..., flush=True) em Python)
hint-premature-debug = essa linha não é um comando do protocolo: parece saída de depuração, e o juiz lê cada linha do stdout como uma jogada; escreva a depuração em stderr: fprintf(stderr, "...\n") em C, print(..., file=sys.stderr) em Python
hint-debug-stderr = essa linha não é um comando do protocolo: parece saída de depuração, que vai em stderr, nunca em stdout: fprintf(stderr, "...\n") em C, print(..., file=sys.stderr) em Python
hint-build = compile-o você mesmo (por exemplo cc -Wall -O2 -o bot bot.c) e corrija o primeiro erro que o compilador aponta (o arquivo, a linha e a coluna começam a mensagem)
hint-no-shebang = comece o script com uma linha que nomeie o interpretador, como #!/usr/bin/env python3, ou rode-o pelo interpretador: python3 { $file }
hint-crlf = salve o arquivo com fins de linha do Unix (LF): dos2unix { $file }, ou sed -i 's/\r$//' { $file }
hint-no-interpreter = instale esse interpretador, ou nomeie na linha #! um que exista (#!/usr/bin/env python3)
hint-not-executable = torne-o executável: chmod +x { $file }
hint-other-machine = compile-o nesta máquina a partir do código-fonte (cc -O2 -o bot bot.c), ou entregue o código-fonte
hint-premature = responda só depois que o juiz enviar o seu id (a compra) ou a carta comprada ou o lixo (o resto da vez)
hint-rules = veja protocol.md e bots/README.md para os comandos e as regras

check-header = verificando { $bot }: { $scripted } partidas roteirizadas, depois { $random } partidas aleatórias (semente { $seed }), contra os bots { $opponents }; limite por jogada { $limit }
check-seed = semente { $seed }
check-game-ended = a partida terminou
check-not-asked = { $ending } antes de o seu bot ser chamado a jogar
check-played = { $ending }; { $replies } respostas, a mais lenta { $slowest }; o seu bot usou { $commands }
check-opponent-fault = um bot adversário cometeu uma falta ({ $fault }): não é culpa do seu bot
check-the-line = a linha:
check-why = por quê:
check-the-rule = a regra:
check-saw = o que o juiz viu: { $detail }
check-last-sent = a última linha que o juiz lhe enviou: { $line }
check-hint = dica: { $hint }
check-see-again = veja de novo: { $command }
check-feed-fixed = depois de corrigir, dê ao seu bot a mesma entrada: { $command }
check-timing = tempo:   { $moves } jogadas; mediana { $median }, a mais lenta { $slowest }, com limite de { $limit } por jogada
check-first-replies = primeiras respostas (com a inicialização): a mais lenta { $slowest }, com limite de { $limit }
check-slow-warning = atenção: algumas respostas levaram mais da metade do limite; numa máquina mais ocupada podem estourar o tempo
check-no-stderr = stderr:  nada (é lá que vai a saída de depuração, nunca em stdout)
check-stderr = stderr:  { $bytes } em { $games } partidas; as últimas linhas (partida { $game }):
check-logs = logs:    { $dir } (juiz replay <arquivo>.csv)
check-house = casa:    { $games } partidas contra easy/medium/hard: venceu { $won }
check-passed = veredito: APROVADO: { $bot } seguiu o protocolo nas { $games } partidas
check-failed = veredito: REPROVADO: { $failed } de { $games } partidas terminaram com uma falta de { $bot } ({ $failed ->
        [one] partida
       *[other] partidas
    } { $list })
check-rerun = repita as mesmas partidas com: { $command }

play-fault = { $id }: { $explanation }
play-waiting = o juiz esperava uma linha dele: { $expected }
play-last-sent = a última linha enviada a ele: { $line }
play-last-wrote = a última linha que ele escreveu: { $line }
play-none-yet = (nenhuma ainda)
play-log = log: { $log } (repita com: juiz replay { $log })

# O que os motores de jogo dizem (narração, fins de partida, linhas recusadas). Os registros
# (logs) guardam sempre o inglês. `empty` é uma oração ausente.
empty = { "" }
narr-out-none = { "" }
narr-out-morto = { " " }e pega o morto
narr-out-morto-playing-on = { " " }e pega o morto, continuando a jogada
narr-out-goes-out = { " " }e bate
narr-draws = compra do monte: { $card }
narr-empty-stock = pede uma carta do monte vazio: a partida termina
narr-takes-pile = pega o lixo ({ $taken } cartas) com { $cards } (jogo { $index }: { $meld }){ $out }
narr-takes-pile-joining = pega o lixo ({ $taken } cartas), e a carta de cima { $top } entra no jogo { $index } → { $meld }
narr-melds = baixa { $meld } (jogo { $index }){ $out }
narr-adds = acrescenta { $cards } ao jogo { $index } → { $meld }{ $out }
narr-discards = descarta { $card }{ $out }
narr-discards-stock-out = descarta { $card }{ $out }; o monte acabou: a partida termina
end-went-out = { $player } bateu
end-empty-stock = { $player } pediu uma carta do monte vazio
end-stock-out = o monte acabou

viol-empty-line = a linha está vazia; esperava-se um comando
viol-discard-join-args = GET_DISCARD_JOIN recebe exatamente um índice de jogo, mas recebeu { $count } argumento(s)
viol-discard-args = DISCARD recebe exatamente uma carta, mas recebeu { $count } argumento(s)
viol-unknown-command = comando desconhecido '{ $command }' (esperava-se GET_STOCK, GET_DISCARD, MELD_NEW, MELD_JOIN ou DISCARD)
viol-meld-join-args = MELD_JOIN precisa de um índice de jogo e de uma lista de cartas
viol-missing-brackets = MELD_JOIN precisa das cartas entre colchetes: MELD_JOIN <índice> [ c1 c2 ... ]
viol-index-not-integer = o índice de jogo '{ $index }' não é um número inteiro decimal simples
viol-bad-card = '{ $token }' não é uma carta: { $reason }
card-empty = texto vazio
card-after-suit = há caracteres depois do naipe
card-no-suit = falta o naipe (♥ ♦ ♣ ♠)
card-no-value = falta o valor antes do naipe
card-bad-value = o valor deve ser 2-10, J, Q, K ou A
viol-game-over = a partida já terminou
viol-not-your-turn = é a vez de { $current }, não de { $seat }
viol-draw-first = a jogada começa com GET_STOCK ou GET_DISCARD
viol-already-drew = você já comprou nesta jogada
viol-card-not-in-hand = { $card } aparece { $named } vez(es), mas a mão tem { $held }
viol-empty-hand-needs-clean-canastra = você só pode esvaziar a mão depois que seu lado pegou o morto e tem uma canastra limpa
viol-last-card-needs-clean-canastra = isto deixaria você com uma só carta para descartar, e seu lado não pode bater sem uma canastra limpa
viol-discard-needs-cards = GET_DISCARD precisa de pelo menos { $min } cartas da mão para formar um jogo com a carta de cima do lixo
viol-discard-pile-empty = o lixo está vazio
viol-not-a-meld = { $cards } não é um jogo: { $why }
viol-no-melds-yet = índice de jogo { $index }: seu lado ainda não tem jogos{ $note }
viol-index-out-of-range = o índice de jogo { $index } está fora do intervalo (os jogos do seu lado vão de 0 a { $last }){ $note }
viol-team-note = ; o índice conta os jogos da sua dupla na ordem em que foram feitos, incluindo os do parceiro{ $partner }{ $yours }
viol-team-note-partner = : o jogo { $index } é do seu parceiro ({ $partner })
viol-team-note-yours = , { $count ->
        [one] o seu é o
       *[other] os seus são os
    } { $list }
viol-wild-top-card = a carta de cima { $top } é um coringa: só pode começar um jogo novo (GET_DISCARD [ … ])
viol-top-card-cannot-join = a carta de cima { $top } tem de ser usada na hora, mas não pode entrar no jogo { $index }: { $why }
viol-join-not-a-meld = acrescentar { $cards } ao jogo { $index } não forma um jogo: { $why }{ $note }
meld-too-short = um jogo precisa de pelo menos { $min } cartas, não { $len }
meld-too-long = um jogo tem no máximo { $max } cartas, não { $len }
meld-only-wilds = um jogo precisa de pelo menos uma carta natural além dos coringas
meld-mixed-suits = { $card } não é do naipe do jogo, { $suit }
meld-too-many-aces = um jogo tem no máximo dois ases
meld-too-many-wilds = no máximo { $max } coringa(s) por jogo, e um segundo 2 tem de ser o 2 natural do naipe do jogo
meld-duplicate = { $card } aparece duas vezes na sequência
meld-gap = a sequência tem um buraco entre { $below } e { $above }
meld-ace-out-of-place = o ás não cabe em nenhuma das pontas da sequência
meld-no-room-for-wild = o coringa não tem lugar na sequência

# O que um assento pode enviar agora (o prompt do humano; o que se esperava de um bot que estourou o tempo).
hint-game-over = a partida terminou
hint-wait = espere: é a vez de { $player }
hint-top-card = a carta de cima { $card }
hint-no-top-card = nenhuma carta de cima
hint-draw = compre: GET_STOCK ou GET_DISCARD [ c1 c2 … ] (duas ou mais cartas da mão formando um jogo com { $top }){ $join }
hint-draw-join = , ou GET_DISCARD_JOIN <índice> (a carta de cima entra nesse jogo)
hint-draw-pair = { " " }(exatamente duas cartas naturais)
hint-meld-or-discard = baixe ou descarte: MELD_NEW [ c1 c2 c3 … ], MELD_JOIN <índice> [ c … ] ou DISCARD <carta> (encerra a jogada)

# A partida no terminal (juiz play, juiz replay).
view-seat = assento { $seat }: { $id }{ $wire }, lado { $side }, { $command }
view-on-the-wire = { " " }(no protocolo: { $wire })
view-fault = falta: { $id } { $kind }: { $detail }
view-forfeits = { $id } perde por falta
view-draw = empate
view-winner = vencedor: { $winner }
view-turns = { $turns ->
        [one] { $turns } jogada
       *[other] { $turns } jogadas
    }
view-turns-fault = { $turns ->
        [one] { $turns } jogada completa
       *[other] { $turns } jogadas completas
    }, a falta na jogada { $next }
view-summary = { $ending }. { $scores } — { $winner } ({ $turns })
view-not-accepted = não aceito: { $problem } (regra { $rule })
view-prompt = { $hint }; cartas como 5♥ ou 5h (h d c s para ♥ ♦ ♣ ♠)
view-referee = juiz: { $line }
view-stderr = stderr de { $id }:
view-stderr-last = stderr de { $id } (últimas { $shown } de { $total } linhas):
play-stderr-kept = (tudo: { $path })
play-header = { $game } · semente { $seed }
view-refused = { $detail } (regra { $rule }): { $line }

# As partidas do juiz check (`check-title-` + o nome curto da partida).
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
check-title-shengji-follow-suit = sai A♠; você tem 5♠ e 7♠: siga o naipe
check-title-shengji-follow-pair = sai o par 9♠ 9♠; você tem K♠ K♠ 4♠ 6♠: um par se responde com o seu par
check-title-shengji-follow-tractor = sai o trator 9♠ 9♠ 10♠ 10♠; você tem o trator 5♠ 5♠ 6♠ 6♠: jogue-o
check-title-shengji-declare-and-bury = você recebe todas as cartas do nível e os curingas: declare (só cartas que tem) e enterre exatamente 8
check-title-random = mão aleatória, { $players } jogadores, contra { $opponent }
check-status-ok = OK
check-status-failed = FALHOU
check-status-unsure = OK?
check-and = { $a } e { $b }
check-no-line = (nenhuma)

# A mesa no terminal (src/report/table_text.rs), desenhada a partir do modelo da mesa.
table-game-over = fim de partida
table-status = jogada { $turn } · vez de { $player } ({ $phase })
table-phase-draw = comprar
table-phase-meld-or-discard = baixar ou descartar
table-phase-declare = declarar ou passar
table-phase-bury = enterrar
table-phase-play = jogar
table-hidden = { $count } ocultas
table-melds-none = { $heading }: nenhum
table-melds = { $heading }:
table-your-melds = jogos do seu lado
table-their-melds = jogos dos adversários
table-melds-heading = jogos
table-clean-canastra = canastra limpa
table-dirty-canastra = canastra suja
table-closed = { " " }(fechado)
table-frozen = { " " }(congelado)
table-natural-canasta = canastra natural
table-mixed-canasta = canastra mista
table-discard = lixo{ $closed } ({ $count }, a de cima por último): { $cards }
table-stock = monte: { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }
table-morto = lado { $side } { $state }
table-morto-waiting = esperando
table-morto-taken = pego
table-morto-stock = virou monte
table-mortos = mortos: { $mortos }
table-your-hand = { $id } — sua mão ({ $count }): { $cards }
table-other-hands = outras mãos: { $hands }
table-side-score = lado { $side } { $score }
table-scores = placar: { $scores }
table-match = mão { $hand } · totais da partida: { $totals }
table-match-round = rodada { $hand } · totais da partida: { $totals }
table-side = lado { $side } ({ $ids }): { $score } ({ $parts })
table-melds-points = jogos { $points }
table-hands-points = na mão { $points }
table-morto-points = morto { $points }
table-hand = mão de { $id } ({ $count }): { $cards }
view-human-left = o jogador humano saiu (fim da entrada)

# Buraco de Schwab e partidas de várias mãos
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

# O que um bot fez de errado fora das regras (src/bot/: tempo, quedas, limites); os logs e o CSV
# guardam o inglês.
bf-ended-unknown = o processo do bot terminou (situação desconhecida)
bf-exited = saiu com o código { $code }
bf-signaled = morto pelo sinal { $signal } ({ $name })
bf-signaled-core = morto pelo sinal { $signal } ({ $name }), com core dump
bf-cpu-used-up = esgotou seu limite de tempo de cpu de { $secs }s ({ $term })
bf-file-size = escreveu um arquivo acima do seu limite de tamanho de { $size } ({ $term })
bf-memory-out = esgotou seu limite de memória de { $size } ({ $term })
bf-shut-down = o bot foi encerrado
bf-input-closed = a entrada do bot está fechada
bf-not-reading = o bot não leu sua entrada por { $duration }
bf-closed-input = o bot fechou sua entrada
bf-cannot-write = não foi possível escrever para o bot: { $error }
bf-closed-output = o bot fechou sua saída{ $partial }
bf-unfinished-line = { " " }({ $bytes } bytes de uma linha inacabada)
bf-no-newline = mais de { $cap } bytes sem uma quebra de linha ({ $seen } bytes lidos)
bf-line-too-long = uma linha de { $bytes } bytes, acima do limite de { $cap }
bf-not-utf8 = a linha não é UTF-8 (byte { $byte } na posição { $at })
bf-task-limit-hit = um processo ou thread não pôde começar no seu limite de tarefas{ $limit }
bf-task-limit-of = { " " }(limite de { $processes } processos, { $tasks } tarefas)
bf-oom-killed = o kernel matou um processo dele no seu limite de memória{ $limit } (memória compartilhada e arquivos da pasta de trabalho incluídos)
bf-of-size = { " " }de { $size }
bf-disk-full = encheu sua pasta de trabalho (cota de { $size })
bf-task-limit = atingiu seu limite de tarefas: { $threads } threads (limite de { $processes } processos, { $tasks } tarefas)
bf-processes = teve { $count } processos ao mesmo tempo (limite { $max })
bf-memory-used = seus processos usaram { $used } de memória (limite { $limit })
bf-cpu-time = seus processos usaram { $used }s de tempo de cpu (limite { $limit }s)
bf-timeout = nenhuma linha em { $timeout } ({ $charged }s cobrados, { $cpu }s de cpu, { $wall }s de relógio){ $note }
bf-overload = máquina sobrecarregada: { $charged }s cobrados e { $cpu }s de cpu de { $timeout }, { $wall }s de relógio, carga { $load } em { $cores } núcleos{ $note }
bf-premature = escreveu "{ $line }" quando não era a sua vez (vez { $turn }, enquanto o juiz esperava { $waiting })
bf-two-notes = { $first }{ $second }
bf-was-running = ; ele estava calculando
bf-was-sleeping = ; ele estava dormindo
bf-was-reading = ; ele esperava ler a sua entrada
bf-cannot-start = não foi possível iniciar `{ $command }`: { $error }: { $why }
bf-will-not-start = não foi possível iniciar `{ $command }`: { $why }
bf-exec-no-shebang = { $file } não tem uma linha #! que nomeie o seu interpretador, e não é um programa
bf-exec-crlf = { $file } tem fins de linha do Windows: a sua linha #! termina num retorno de carro (\r), e o nome do interpretador também
bf-exec-no-interpreter = { $file } nomeia o interpretador { $interpreter } na sua linha #!, que não existe aqui
bf-exec-not-executable = { $file } não é executável
bf-exec-other-machine = { $file } é um programa para outra máquina ({ $machine }; esta é { $here })

# A linha do sandbox do juiz play (src/bot/support.rs): o que protege os bots uns dos outros.
sb-off = sandbox desligado (--no-sandbox): os bots podem ler qualquer arquivo que { $who } pode ler, inclusive os logs dos outros jogadores, e usar a rede; { $identity }
sb-any-user = qualquer usuário
sb-you = você
sb-landlock = landlock abi { $abi }
sb-no-landlock = sem landlock (kernel antigo demais ou landlock desligado): os bots podem ler qualquer arquivo que você pode, inclusive os logs das partidas, e o /proc do juiz e dos outros bots
sb-seccomp = sem sockets, sem travas ou prioridades compartilhadas
sb-no-network = sem rede
sb-no-tcp = sem tcp
sb-udp = sem user namespaces: os bots ainda podem usar udp
sb-network = sem user namespaces: os bots podem usar a rede
sb-none = nenhum
sb-line = sandbox: { $parts }
sb-uids-cgroups = bots com uids { $first }-{ $last }, sem capabilities, { $cgroups }, ipc privado, pastas de trabalho em tmpfs com cota de disco
sb-uids = bots com uids { $first }-{ $last }, sem capabilities, ipc privado, pastas de trabalho em tmpfs com cota de disco; sem cgroups utilizáveis: processos contados por grupo e uid, cpu e memória por processo
sb-root = bots como root (JUIZ_BOT_UIDS=off): sem identidades separadas, sem cgroups, sem cota de disco
sb-userns = sem root: os bots compartilham seu uid em user namespaces próprios, ipc privado; sem cgroups (os processos de cada bot contados no seu user namespace, cpu e memória por processo), sem cota de disco
sb-userns-tmpfs = sem root: os bots compartilham seu uid em user namespaces próprios, ipc privado, pastas de trabalho em tmpfs com cota de disco; sem cgroups (os processos de cada bot contados no seu user namespace, cpu e memória por processo)
sb-shared = sem root e sem user namespaces: os bots compartilham seu uid e o ipc; sem cgroups, sem cota de disco

# Canastra (--game canasta): jogos, linhas recusadas, narração, fins, dicas.
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
## Shengji (src/games/shengji)
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
sj-viol-follow-suit = você tem cartas do naipe de saída: { $count } das suas cartas devem ser dele
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
table-sj-status = mão { $deal } · carta do nível { $level } · trunfo { $trump } · banqueiro { $banker } · { $player }
table-sj-team = dupla { $side } ({ $ids }): nível { $level }, { $points } pontos nesta mão, { $total } como atacantes na partida
table-sj-declaration = declarado: { $declaration }
table-sj-trick = vaza: { $plays }
table-sj-kitty = monte ({ $count }): { $cards }
check-title-canasta-no-canasta-no-going-out = cinco trincas naturais e K♠ comprado: baixar todas deixaria uma carta, e não se bate sem canastra
