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

hint-segfault = falha de segmentação: um acesso inválido à memória (um índice fora dos limites, um ponteiro NULL, um buffer pequeno demais para uma linha); para achar a linha: recompile com cc -g -fsanitize=address,undefined e alimente-o com a partida: juiz replay LOG --seat N --bot ./meubot (o relatório em stderr aponta a linha)
hint-exit-code = o bot deve continuar lendo até o juiz fechar a sua entrada, e só então terminar; para achar a linha: recompile com cc -g -fsanitize=address,undefined e alimente-o com a partida: juiz replay LOG --seat N --bot ./meubot (o relatório em stderr aponta a linha)
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
check-rules = todas as partidas com as opções de regra { $rules }
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
check-slow-warning = atenção: algumas respostas levaram mais da metade do limite; a máquina de correção cobra o relógio quando está ociosa, e uma mais lenta ou ocupada dá menos: mantenha cada jogada bem abaixo do limite
check-no-stderr = stderr:  nada (é lá que vai a saída de depuração, nunca em stdout)
check-stderr = stderr:  { $bytes } em { $games } partidas; as últimas linhas (partida { $game }):
check-logs = logs:    { $dir } (juiz replay <arquivo>.csv)
check-house = casa:    { $games } partidas contra easy/medium/hard: venceu { $won }
check-passed = veredito: APROVADO: { $bot } seguiu o protocolo nas { $games } partidas
check-failed = veredito: REPROVADO: { $failed } de { $games } partidas terminaram com uma falta de { $bot } ({ $failed ->
        [1] partida
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
narr-out-goes-out = { " " }e bate
narr-melds = baixa { $meld } (jogo { $index }){ $out }
narr-adds = acrescenta { $cards } ao jogo { $index } → { $meld }{ $out }
narr-discards = descarta { $card }{ $out }
end-went-out = { $player } bateu

viol-empty-line = a linha está vazia; esperava-se um comando
viol-discard-join-args = { $command } recebe exatamente um índice de jogo, mas recebeu { $count } { $count ->
        [1] argumento
       *[other] argumentos
    }
viol-discard-args = { $command } recebe exatamente uma carta, mas recebeu { $count } { $count ->
        [1] argumento
       *[other] argumentos
    }
viol-unknown-command = comando desconhecido '{ $command }' (esperava-se { $expected })
viol-meld-join-args = { $command } precisa de um índice de jogo e de uma lista de cartas
viol-missing-brackets = { $command } precisa das cartas entre colchetes: { $command } <índice> [ c1 c2 ... ]
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
viol-card-not-in-hand = { $card } aparece { $named } { $named ->
        [1] vez
       *[other] vezes
    }, mas a mão tem { $held }
viol-discard-pile-empty = o lixo está vazio
viol-not-a-meld = { $cards } não é um jogo: { $why }
viol-no-melds-yet = índice de jogo { $index }: seu lado ainda não tem jogos{ $note }
viol-index-out-of-range = o índice de jogo { $index } está fora do intervalo (os jogos do seu lado vão de 0 a { $last }){ $note }
viol-top-card-cannot-join = a carta de cima { $top } tem de ser usada na hora, mas não pode entrar no jogo { $index }: { $why }
viol-join-not-a-meld = acrescentar { $cards } ao jogo { $index } não forma um jogo: { $why }{ $note }
meld-too-short = um jogo precisa de pelo menos { $min } cartas, não { $len }

# O que um assento pode enviar agora (o prompt do humano; o que se esperava de um bot que estourou o tempo).
hint-game-over = a partida terminou
hint-wait = espere: é a vez de { $player }
hint-meld-or-discard = baixe ou descarte: MELD_NEW [ c1 c2 c3 … ], MELD_JOIN <índice> [ c … ] ou DISCARD <carta> (encerra a jogada)

# A partida no terminal (juiz play, juiz replay).
view-seat = assento { $seat }: { $id }{ $wire }, lado { $side }, { $command }
view-on-the-wire = { " " }(no protocolo: { $wire })
view-fault = falta: { $id } { $kind }: { $detail }
view-forfeits = { $id } perde por falta
view-draw = empate
view-winner = vencedor: { $winner }
view-turns = { $turns ->
        [1] { $turns } jogada
       *[other] { $turns } jogadas
    }
view-turns-fault = { $turns ->
        [1] { $turns } jogada completa
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
table-discard = lixo{ $closed } ({ $count }, a de cima por último): { $cards }
table-stock = monte: { $count ->
        [1] { $count } carta
       *[other] { $count } cartas
    }
table-your-hand = { $id } — sua mão ({ $count }): { $cards }
table-other-hands = outras mãos: { $hands }
table-side-score = lado { $side } { $score }
table-scores = placar: { $scores }
table-match = mão { $hand } · totais da partida: { $totals }
table-match-round = rodada { $hand } · totais da partida: { $totals }
table-side = lado { $side } ({ $ids }): { $score } ({ $parts })
table-hand = mão de { $id } ({ $count }): { $cards }
view-human-left = o jogador humano saiu (fim da entrada)

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
bf-memory-used = esgotou seu limite de memória de { $limit } (seus processos usaram { $used })
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

# As mensagens de cada jogo estão na sua pasta (src/games/<jogo>/messages/).

# Um bot nomeado na linha de comando que não pode ser iniciado (play, check, replay --bot).
bot-not-found = o programa do bot { $path } não existe (confira o caminho: ele é lido a partir da pasta atual)
bot-not-a-file = o programa do bot { $path } não é um arquivo
bot-not-executable = o programa do bot { $path } não é executável (dê chmod +x nele)
bot-not-in-path = o programa do bot `{ $name }` não é um arquivo da pasta atual nem está no PATH
bot-script-not-found = o script do bot { $path } não existe (confira o caminho: ele é lido a partir da pasta atual)
bot-compile-failed = a compilação de { $path } falhou ({ $status }):

# --- issue 35 (ramo messages): a evidência de um tempo esgotado enquanto o bot esperava ler
# (src/referee/diagnosis.rs), e as dicas escolhidas por ela e pela evidência de outras faltas.
bf-reads-to-end = ; a sua leitura de stdin pede { $bytes } bytes: ele lê toda a entrada de uma vez e espera o fim dela
bf-answered-early = ; ele respondeu "{ $reply }" logo depois de "{ $after }"{ $whose }, antes de ler { $unread }
bf-own-id = { " " }(o seu próprio id)
bf-other-id = { " " }(o id de outro jogador)
bf-wrote-nothing = ; ele não escreveu nada nesta partida e tinha lido todas as linhas enviadas (a última: "{ $last }")
bf-read-past-turn = ; ele tinha lido todas as linhas enviadas, a última o seu próprio id { $id }, e continuou lendo
bf-read-everything = ; ele tinha lido todas as linhas enviadas (a última: "{ $last }") e não escreveu resposta
hint-timeout-read-all = ele lê toda a entrada antes de responder (sys.stdin.read(), open(0).read(), sys.stdin.readlines(), um fread grande), mas o juiz só fecha a entrada quando a partida acaba: leia uma linha por vez (input() ou sys.stdin.readline() em Python, fgets em C) e responda assim que uma linha for o seu próprio id
hint-timeout-early = ele está fora de compasso: respondeu logo depois de "{ $after }", não depois do seu próprio id, e por isso lê cada linha seguinte com um passo de atraso; leia a linha dos ids como uma linha inteira (fgets: scanf("%s") lê só uma palavra de "p1.a p2.b"), guarde o seu id da segunda linha, e responda só depois de uma linha igual a ele
hint-timeout-past-turn = o seu próprio id { $id } foi a última linha enviada, e ele a leu sem responder: tomou o id por outra linha (ele lê um número fixo de linhas depois de cada vez do adversário? uma vez envia um número variável): leia linha por linha e responda sempre que uma linha for igual ao seu id
hint-timeout-nothing = ele não escreveu nada nesta partida: a primeira resposta provavelmente ainda está no buffer do stdout (dê flush após cada linha: fflush(stdout) ou setbuf(stdout, NULL) em C, print(..., flush=True) em Python); se ele dá flush, leu o próprio id como mais uma linha do início: conte as linhas que ele lê no começo (protocol.md)
bf-stderr-says = ; o seu stderr diz: { $line }
bf-card-played = ; ele a jogou na vez { $turn } ("{ $line }")
bf-card-never = ; ele não a jogou nesta partida
hint-overload = a máquina estava sobrecarregada: o bot não usou todo o seu tempo, o relógio acabou enquanto ele esperava um processador; a culpa não é do bot: rode de novo com a máquina ociosa (um torneio joga essa partida de novo)
hint-upper-case = os comandos são em maiúsculas: escreva { $command }, não { $word } (o juiz compara cada comando exatamente como protocol.md o escreve)
hint-card-suit-letter = os naipes são símbolos, não letras: escreva { $card }, não { $token } (♥ ♦ ♣ ♠ são caracteres UTF-8 de 3 bytes cada: copie-os de protocol.md)
hint-card-notation = uma carta é o valor e depois o símbolo do naipe, sem espaço: A♠, 10♥, Q♦ (os naipes ♥ ♦ ♣ ♠ são caracteres UTF-8 de 3 bytes cada: guarde-os como strings, nunca como um char)
hint-card-left = { $card } saiu da mão na vez { $turn }, com a linha citada: mantenha a cópia da mão em dia depois de cada linha enviada (tire o que baixa e descarta, some o que compra ou pega do lixo)
hint-card-never = ele nunca jogou { $card } e não a tem: confira como ele lê a mão, a carta comprada e o lixo que pega (uma carta lida na linha de outro jogador não é dele)
hint-memory = ele esgotou o limite de memória ({ $limit }): algo cresce sem fim — um vetor ou lista que aumenta a cada vez e nunca se esvazia, malloc sem free, uma recursão que não volta; escreva os tamanhos dos dados em stderr a cada vez, ou repita a partida com --bot "valgrind ./meubot" para ver onde cresce
hint-cpu-time = ele esgotou o tempo de CPU da partida inteira: uma busca que cresce a cada vez, ou processos auxiliares que continuam rodando; busque menos por jogada
hint-processes = ele iniciou processos ou threads demais ao mesmo tempo: um bot não precisa de nenhum (fork e threads não ganham nada: a partida roda num só núcleo)
hint-disk = ele escreveu demais em disco: um bot não precisa de arquivos; escreva a depuração em stderr, e pouca
hint-closed = o bot deve manter a entrada e a saída padrão abertas até o juiz fechar a sua entrada no fim da partida (nunca fclose(stdout) nem close(0))
hint-oversized = toda linha tem um limite de tamanho (na falta): termine cada linha com \n, um comando por linha
hint-utf8 = escreva só texto UTF-8: os naipes são os caracteres UTF-8 ♥ ♦ ♣ ♠, copiados inteiros (3 bytes cada), nunca um char deles
hint-python-module = o módulo { $module } não está instalado onde os bots rodam: os bots têm só a biblioteca padrão do Python (bots/README.md); escreva o bot sem { $module }
hint-python-syntax = o Python não conseguiu ler o script: corrija a linha que o erro aponta (python3 -m py_compile bot.py mostra antes de qualquer partida)

hint-early-own = ele está fora de compasso: escreveu "{ $reply }" antes de ler { $unread }, que o juiz já tinha enviado para aquele momento, e respondeu pensando numa linha anterior; uma causa comum é uma resposta anterior depois do id de outro jogador (scanf("%s") lê só uma palavra da linha dos ids "p1.a p2.b"): leia linhas inteiras (fgets) e responda só depois do seu próprio id, lendo a linha que responde a cada comando seu
hint-out-of-step-card = ele está fora de compasso: pôs "{ $token }", uma linha do protocolo, onde vai uma carta: tomou uma linha de outro momento pela sua carta; depois de GET_STOCK a linha que o responde é a sua carta (na Canastra, depois das linhas RED3), e as jogadas de outro jogador só vêm depois do id dele (scanf("%s") lê só uma palavra da linha dos ids "p1.a p2.b")
check-status-undecided = INDECISO
check-slow-by-clock = veredito: NÃO APROVADO: { $bot } seguiu o protocolo, mas uma jogada da partida { $game } levou { $wall } no relógio, acima do limite de { $limit }; aqui foram cobrados só { $charged } porque esta máquina está ocupada (o bot esperou por um processador), mas uma máquina de correção ociosa cobra o relógio, e lá essa jogada estoura o tempo: pare a busca bem antes de { $limit } no relógio
check-undecided = veredito: INDECISO: a máquina estava sobrecarregada em { $count } de { $games } partidas ({ $list }): uma jogada esgotou o tempo no relógio sem que { $bot } usasse o seu próprio tempo, o que não diz nada do bot; rode a verificação de novo com a máquina ociosa
check-undecided-also = indeciso: a máquina estava sobrecarregada em { $count } de { $games } partidas ({ $list }): rode a verificação de novo com a máquina ociosa
check-busy-warning = ; mas uma jogada da partida { $game } levou { $wall } no relógio, acima do limite de { $limit }, dos quais calculou { $charged }: esperou por um processador nesta máquina ocupada; rode a verificação de novo com a máquina ociosa para ter certeza
# O tipo de uma falta no terminal: o nome dos logs e arquivos CSV (em inglês) com a tradução.
kind-spawn = spawn (não iniciou)
kind-timeout = timeout (tempo esgotado)
kind-crash = crash (terminou)
kind-closed-output = closed-output (saída fechada)
kind-closed-input = closed-input (entrada fechada)
kind-oversized-line = oversized-line (linha longa demais)
kind-invalid-utf8 = invalid-utf8 (não é UTF-8)
kind-premature-output = premature-output (fora da vez)
kind-malformed = malformed (linha mal formada)
kind-illegal = illegal (jogada ilegal)
kind-memory = memory (memória)
kind-cpu-time = cpu-time (tempo de CPU)
kind-processes = processes (processos)
kind-file-size = file-size (tamanho de arquivo)
kind-disk = disk (disco)
kind-timeout-overload = timeout-overload (máquina sobrecarregada)

# --- messages2 branch (issues 35, 37): sources named as students name them, the compiler's
# output as the student wrote it (src/commands/build_words.rs, src/bot/command.rs).
build-warnings = o compilador deu avisos sobre { $path } ({ $count ->
        [one] 1 aviso
       *[other] { $count } avisos
    }; o bot foi compilado e roda):
build-warnings-more = { "  " }… mais { $lines } linhas (compile você mesmo com cc -Wall para ver todas)
build-cpp-in-c = { $path } é C++ (usa iostream, std:: ou cout), salvo como arquivo C: renomeie-o para { $renamed } e o juiz o compila como C++
build-first-error = corrija primeiro o primeiro erro, os outros muitas vezes decorrem dele: { $error }
bot-unrecognised = o arquivo do bot { $path } não é executável e o juiz não sabe em que linguagem está: chame um fonte C de bot.c, C++ de bot.cpp (ou .cc, .C), Python de bot.py, ou dê chmod +x num programa
# juiz replay: o que a reprodução achou (lead, issue 35).
replay-wrote = escrito { $path } ({ $kb } KB)
replay-bad-seat = --seat { $seat }: o jogo em { $log } tem os lugares 0 a { $last }
replay-header = { $game } · semente { $seed } · reprodução de { $log }
replay-diverged = a reprodução divergiu: { $why }
replay-matches = a reprodução chegou ao resultado registrado: { $result }
replay-differs = o resultado difere: registrado '{ $recorded }', reproduzido '{ $result }'
replay-no-result = o registro não tem resultado (o jogo foi interrompido); reproduzido: { $result }
replay-lines = { $lines ->
        [one] 1 linha registrada
       *[other] { $lines } linhas registradas
    }
replay-same = igual: o bot escreveu { $lines } do lugar { $seat }
replay-feed-differs = difere na linha { $seq } (depois de { $before } linhas iguais):
replay-recorded = {"  "}registrado: { $line }
replay-bot-now = {"  "}o bot agora: { $line }
replay-bot-failed = o bot falhou na linha { $seq } (depois de { $before } linhas iguais): { $fault }
replay-still-faults = ainda falha: depois de { $lines } o bot comete de novo a falta registrada (linha { $seq })
replay-faults-differently = falha de outro jeito: onde o registro tem { $recorded } (linha { $seq }), o bot agora comete
replay-gets-past = passa da falta registrada (linha { $seq }: { $recorded })
replay-alive = {"  "}o bot está vivo e esperando a entrada ali, como deve
replay-writes = {"  "}ele escreve: { $line }
replay-then-fails = {"  "}e depois falha: { $fault }
replay-followed = {"  "}(o jogo só é seguido até onde o registro vai)

# messages3 (issue 35: memória, linhas RED3 da Canastra, um módulo ao lado do script, replay --bot)
bf-memory-peak = ; o máximo que se viu ocupado: { $heap } de heap (o segmento de dados, o que o limite conta), { $resident } residentes
bf-memory-peak-resident = ; o máximo que se viu ocupado: { $resident } residentes
hint-memory-heap = ele esgotou o limite de memória ({ $limit }): o heap cresceu até { $heap }, memória que ele mesmo alocou (malloc ou new sem free, um vetor ou lista que aumenta a cada vez, uma recursão que não volta), não arquivos; no limite o malloc devolve NULL, e usar esse ponteiro é a falha de segmentação: escreva os tamanhos dos dados em stderr a cada vez, ou repita a partida com --bot "valgrind ./meubot" para ver onde cresce
hint-memory-resident = ele esgotou o limite de memória ({ $limit }): a memória cresceu até { $resident }, memória que ele mesmo alocou (um vetor ou lista que aumenta a cada vez, malloc ou new sem free, uma recursão que não volta), não arquivos: escreva os tamanhos dos dados em stderr a cada vez, ou repita a partida com --bot "valgrind ./meubot" para ver onde cresce
bf-module-beside = ; { $file } está ao lado de { $script }, mas o juiz rodou { $script } sozinho, de uma cópia só dele: a pasta não é só do bot{ $why }
bf-not-own-program = { " " }({ $name } ali é outro programa)
bf-not-own-module = { " " }({ $name } lê stdin ou tem um bloco __main__: é um programa, não um módulo)
hint-python-own-module = { $file } é um módulo do próprio bot, não algo a instalar: um bot de vários arquivos roda com os seus módulos só de uma pasta só dele, com o script e os módulos que ele importa e nenhum outro programa, sem módulo que leia stdin ou tenha um bloco __main__ (ou uma pasta marcada com um arquivo vazio chamado .juiz-bot-folder); tire os outros programas da pasta (docs/playing.md), ou ponha o código do módulo no script
bf-read-past-answer = ; ele tinha lido { $count ->
        [one] a linha que responde
       *[other] as { $count } linhas que respondem
    } ao seu "{ $reply }" ({ $lines }) e continuou lendo
hint-read-past-answer = ele esperou uma linha que o juiz não envia: o seu { $reply } foi respondido por inteiro, e nada mais chega até o próximo comando dele; uma compra é respondida por uma linha (a carta comprada, ou as cartas pegas), e na Canastra uma linha RED3 vem antes dela só quando um 3 vermelho foi comprado (então depois de GET_STOCK leia linhas até uma que não seja RED3, nunca um número fixo): leia exatamente as linhas que cada comando recebe, e então envie o próximo
hint-red3-missed = ele tomou uma linha RED3 por outra linha: um 3 vermelho nunca fica na mão, ele é baixado para o seu jogador e anunciado aos dois bots como RED3 <id> [ 3♥ … ] (depois das linhas iniciais, quando um 3 vermelho é comprado, quando há um num lixo pego); um GET_STOCK que compra um 3 vermelho é respondido por 2 linhas, RED3 … e depois a carta que o repõe, não 1: depois de GET_STOCK leia linhas até uma que não seja RED3 (protocol.md §8.2)
# game-neutral: uma lista de palavras terminada em "ou" (os comandos que um jogo de rummy espera).
words-or = { $first } ou { $last }
# game-neutral: as palavras do terminal para os contadores que todo jogo de rummy nomeia
# (`table-counter-<id>`) e para a linha dos contadores da própria mesa.
table-counter-melds = jogos { $value }
table-counter-hands = na mão { $value }
table-counters = { $counters }

# fixes (lead, issue 35): Canasta's lines after the stock ran out, and the refused draw then.
hint-stock-empty-line = ele tomou "{ $token }", uma linha do protocolo da Canastra, por uma carta: quando o monte acaba os dois bots recebem STOCK_EMPTY (uma vez, antes do id do próximo turno), e PASS <id> quando um jogador não pode pegar o lixo; leia cada linha e aja pela primeira palavra, uma carta só vem como resposta à sua compra (protocol.md, The empty stock)
hint-stock-empty = depois de STOCK_EMPTY o monte acabou: enquanto o topo do lixo puder ser pego, GET_STOCK é recusado e o turno deve pegar o lixo (GET_DISCARD com as cartas que o baixam, como o exemplo da mensagem); quando não puder, o próprio juiz passa a vez (PASS <id>) e não pergunta nada

# msgs35 (issue 35, os erros de iniciante jogados de novo): uma vez tomada, um id não reconhecido.
bf-premature-other-turn = ; o primeiro lance de uma vez, logo depois de "{ $after }" (o id de outro jogador: o seu é { $own })
bf-wrote-nothing-own = ; ele não escreveu nada nesta partida e tinha lido todas as linhas enviadas, a última o seu próprio id { $id }
hint-premature-other-turn = ele tomou a vez de { $after } pela sua: o seu id é { $own }, a segunda linha inteira do início; uma causa comum é scanf("%s") na linha dos ids "p1.a p2.b", que lê só uma palavra dela: leia linhas inteiras (fgets), guarde a segunda linha como o seu id, e responda só depois de uma linha igual a ele
hint-timeout-nothing-own = ele não escreveu nada nesta partida, embora o seu próprio id { $id } tenha sido a última linha enviada: ou a resposta ainda está no buffer do stdout (dê flush após cada linha: fflush(stdout) ou setbuf(stdout, NULL) em C, print(..., flush=True) em Python), ou ele não reconheceu essa linha como o seu id: o id é a segunda linha inteira do início (scanf("%s") lê só uma palavra da linha dos ids "p1.a p2.b"; leia linhas inteiras com fgets), comparada sem o seu \n (tire-o: o readline do Python o mantém), e o jogo envia 4 linhas de início antes do id da primeira vez
hint-no-newline = ele escreveu { $bytes } bytes mas nenhum fim de linha: o juiz só lê uma linha quando chega o seu \n; termine cada comando com \n (printf("GET_STOCK\n"); em Python o print() já o põe)
hint-text-before-command = a linha traz { $command } depois de "{ $before }": uma linha deve começar pelo seu comando, sem nada antes; escreva só o comando (printf("{ $command }…\n")) e mande qualquer outro texto para stderr
hint-exit-zero = ele terminou sozinho (código 0: o main retornou, ou exit(0)) antes do fim da partida: o laço principal parou cedo (um laço que acaba depois da primeira vez, um return ou break dentro dele, um exit quando uma leitura falha antes do fim); continue lendo linhas até o juiz fechar a entrada (fgets devolve NULL, input() lança EOFError)
hint-null-string = ele imprimiu um ponteiro NULL como string: printf("%s", p) escreve (null) quando p é NULL, então a variável da carta nunca recebeu valor (um char * não inicializado, uma busca que não achou nada); dê memória a ela (char carta[8]) e confira que foi achada
hint-build-cpp = o compilador não conhece C++ num arquivo .c (iostream, std::, cout): é C++, então renomeie o arquivo para .cpp e o juiz o compila com c++ (ou escreva-o em C, com stdio.h)
hint-timeout-unanswered = a última linha enviada, "{ $line }", pede uma resposta, e ele não escreveu nenhuma: no Shengji CARD e LAST_CALL recebem PASS ou DECLARE [ … ], KITTY recebe BURY [ … ], LEAD e FOLLOW recebem PLAY [ … ], uma linha cada (protocol.md §9.2)
hint-already-drew = uma vez compra uma só vez, primeiro (GET_STOCK ou GET_DISCARD); depois da compra só MELD_NEW [ … ], MELD_JOIN i [ … ] e o DISCARD final: para baixar cartas escreva MELD_NEW, não uma segunda compra
hint-missing-brackets = as cartas de um comando vão entre colchetes, com espaços: PLAY [ 7♣ ], BURY [ 5♠ 9♦ ], MELD_NEW [ 3♥ 4♥ 5♥ ], MELD_JOIN 0 [ 6♥ ] (também uma carta só)
hint-must-follow-suit = ele deve seguir o naipe de saída: enquanto a mão tiver cartas desse naipe (trunfos, cartas do nível e curingas contam todos como o naipe de trunfo), as cartas jogadas devem ser dele, tantas quantas tiver até o número jogado na saída; tire o naipe de saída da primeira linha PLAY da vaza (protocol.md §9.3)
hint-closed-pile = neste jogo o lixo é fechado: só é pego para usar a carta do topo na hora, num jogo válido com as cartas da mão citadas (ou juntada a um jogo da dupla); a mensagem diz por que esse jogo não é válido: confira o jogo antes do GET_DISCARD, ou compre do monte (protocol.md §6)
hint-wrong-card-count = um FOLLOW é respondido com tantas cartas quantas saíram: conte as cartas da primeira linha PLAY da vaza (um par pede 2, um trator 4) e jogue essa quantidade (protocol.md §9.2)
hint-discard-pile-empty = o lixo estava vazio, então não havia o que pegar (no Buraco Fechado ele começa vazio, [  ] na quarta linha do início, e quem o pega o esvazia): acompanhe o lixo pelas linhas enviadas e compre do monte (GET_STOCK) enquanto ele estiver vazio

# --- lead: uma linha escrita antes de o bot ler qualquer coisa
bf-answered-at-start = ; ele escreveu "{ $reply }" no início, antes de ler uma única linha (por isso o juiz a tomou como a primeira jogada), e não tinha lido { $unread }

# --- lead4: o que um bot fez depois que a entrada fechou no fim da partida (um aviso, não uma falta)
bf-after-end-running = depois do fim da partida, com a entrada fechada, ele não terminou e usou { $cpu } s de CPU no meio segundo que o juiz esperou antes de pará-lo (o laço principal não termina com a entrada: em C, pare quando fgets devolver NULL ou scanf devolver EOF; em Python, pare quando readline devolver "" ou em EOFError, nunca com `continue`)
bf-after-end-signaled = depois do fim da partida, com a entrada fechada, ele foi { $how }: continuou lendo depois do fim da entrada sem olhar o que a leitura devolveu (em C, fgets devolve NULL e scanf devolve EOF ali: confira antes de usar a linha)
check-after-end = aviso (não é uma falta, a partida vale): { $what }
