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
hint-timeout = ele espera uma linha que nunca chega, ou a saída está em buffer? dê flush após cada linha (fflush(stdout) em C, print(..., flush=True) em Python)
hint-premature = responda só depois que o juiz enviar o seu id (a compra) ou a carta comprada ou o lixo (o resto da vez)
hint-rules = veja protocol.md e bots/README.md para os comandos e as regras

check-header = verificando { $bot }: { $scripted } partidas roteirizadas, depois { $random } partidas aleatórias (seed { $seed }), contra os bots { $opponents }; limite por jogada { $limit }
check-seed = seed { $seed }
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
