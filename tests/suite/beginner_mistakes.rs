//! Issue 35's classes of beginner mistakes, each played through a real bot process in English and
//! in Portuguese (`juiz play`): the fault quotes the evidence juiz gathered (what it sent, what the
//! bot read and when it wrote, what its stderr said, when a card left its hand) and the hint is
//! the one that evidence chooses. No assertion depends on the machine's speed: the timeouts are
//! short, and a fault the host caused (`timeout-overload`) skips the check of that case.

use crate::common;

use common::*;

fn student(mistake: &str) -> String {
    format!("student=python3 {} {mistake}", path_str(&root().join("tests/fixtures/mistakes/student.py")))
}

/// `juiz play` in `lang`: stdout and stderr together.
pub(crate) fn play(lang: &str, args: &[String]) -> String {
    let output = juiz().args(["play", "--lang", lang]).args(args).output().unwrap();
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Seed 3, 1 s a move (start-up included), the template at seat 0 and `bot` at seat 1 (it starts).
pub(crate) fn against_template(bot: String, options: &[&str]) -> Vec<String> {
    let mut args: Vec<String> =
        ["--seed", "3", "--move-timeout", "1s", "--startup-timeout", "1s"].iter().map(|s| s.to_string()).collect();
    args.extend(options.iter().map(|s| s.to_string()));
    args.push(path_str(&c_bot("template")));
    args.push(bot);
    args
}

/// Plays `args` in both languages; each output must hold every text of its language (any of the
/// `|`-separated alternatives). `false` when the host was overloaded (nothing checked).
pub(crate) fn check(name: &str, args: &[String], english: &[&str], portuguese: &[&str]) -> bool {
    for (lang, wanted) in [("en", english), ("pt", portuguese)] {
        let text = play(lang, args);
        if text.contains("timeout-overload") {
            eprintln!("{name}: the host was overloaded, not checked:\n{text}");
            return false;
        }
        for want in wanted {
            assert!(want.split('|').any(|w| text.contains(w)), "{name} ({lang}): {want:?} missing:\n{text}");
        }
        if lang == "pt" {
            assert!(!text.contains("hint:"), "{name}: English left in the Portuguese:\n{text}");
        }
    }
    true
}

#[test]
fn a_bot_that_reads_to_the_end_of_its_input_is_told_so() {
    check(
        "read-all",
        &against_template(student("read-all"), &[]),
        &[
            "; it was waiting to read its input; its read of stdin asks for ",
            "bytes: it reads all of its input at once",
            "hint: it reads its whole input before it answers (sys.stdin.read()",
        ],
        &["a sua leitura de stdin pede ", "dica: ele lê toda a entrada antes de responder"],
    );
}

#[test]
fn a_bot_that_reads_past_its_own_id_is_told_its_id_was_the_last_line() {
    check(
        "fixed-count",
        &against_template(student("fixed-count"), &[]),
        &[
            "; it had read every line sent, the last its own id p2.student, and read on",
            "hint: its own id p2.studen was the last line sent, and it read it without answering",
        ],
        &[
            "a última o seu próprio id p2.student, e continuou lendo",
            "dica: o seu próprio id p2.studen foi a última linha",
        ],
    );
}

#[test]
fn a_bot_whose_answer_stays_in_its_buffer_is_told_it_wrote_nothing() {
    check(
        "no-flush",
        &against_template(student("no-flush"), &[]),
        &[
            "; it wrote nothing this game and had read every line sent, the last its own id p2.student",
            "hint: it wrote nothing this game, though its own id p2.studen was the last line sent: either its answer is still in its stdout buffer",
        ],
        &["ele não escreveu nada nesta partida", "dica: ele não escreveu nada nesta partida, embora o seu próprio id"],
    );
}

#[test]
fn a_bot_that_answers_after_another_players_id_is_told_it_is_out_of_step() {
    // scanf("%s") twice on `p1.student p2.template`: it takes p2.template for its own id. Where
    // its early answer lands decides what the referee sees first (premature output, or the
    // answer taken as its reply and what follows out of step); every outcome says which.
    let mut args = against_template(student("scanf-ids"), &[]);
    let last = args.len() - 1;
    args.swap(last - 1, last);
    check(
        "scanf ids",
        &args,
        &["hint: it is out of step|when it was not its turn (turn 1, while the referee waited for p2.template)"],
        &["dica: ele está fora de compasso|quando não era a sua vez (vez 1, enquanto o juiz esperava p2.template)"],
    );
}

#[test]
fn a_lower_case_command_is_told_commands_are_upper_case() {
    check(
        "lower case",
        &against_template(student("lower-case"), &[]),
        &["(rule unknown-command): get_stock", "hint: commands are upper case: write GET_STOCK, not get_stock"],
        &[
            "dica: os comandos são em maiúsculas: escreva GET_STOCK, não get_stock",
            "falta: p2.student malformed (linha mal formada):",
            "(0 jogadas completas, a falta na jogada 1)",
        ],
    );
}

#[test]
fn a_card_with_a_suit_letter_is_told_suits_are_symbols() {
    check(
        "suit letters",
        &against_template(student("suit-letters"), &[]),
        &["'6H' is not a card", "hint: suits are symbols, not letters: write 6♥, not 6H"],
        &["'6H' não é uma carta", "dica: os naipes são símbolos, não letras: escreva 6♥, não 6H"],
    );
}

#[test]
fn a_card_no_longer_in_hand_says_when_it_left() {
    check(
        "stale hand",
        &against_template(student("stale-hand"), &[]),
        &[
            "3♥ is named 1 time but the hand holds 0; it played it at turn 1 (\"DISCARD 3♥\")",
            "hint: 3♥ left its hand at turn 1",
        ],
        &["; ele a jogou na vez 1 (\"DISCARD 3♥\")", "dica: 3♥ saiu da mão na vez 1"],
    );
}

#[test]
fn a_missing_python_module_is_named_with_where_bots_run() {
    let has_numpy = std::process::Command::new("python3").args(["-c", "import numpy"]).output();
    if has_numpy.is_ok_and(|o| o.status.success()) {
        eprintln!("numpy is installed here: the missing module is not checked");
        return;
    }
    check(
        "numpy",
        &against_template(student("import-numpy"), &[]),
        &[
            "crash: exited with code 1; its stderr says: ModuleNotFoundError: No module named 'numpy'",
            "hint: the module numpy is not installed where bots run: bots have Python's standard library only",
        ],
        &["o seu stderr diz: ModuleNotFoundError", "dica: o módulo numpy não está instalado onde os bots rodam"],
    );
}

#[test]
fn a_python_syntax_error_names_its_line() {
    let bot = format!("python3 {}", path_str(&root().join("tests/fixtures/mistakes/syntax_error.py")));
    check(
        "syntax error",
        &against_template(bot, &[]),
        &["its stderr says: SyntaxError: ", "(syntax_error.py, line 6)", "hint: Python could not read the script"],
        &["o seu stderr diz: SyntaxError: ", "dica: o Python não conseguiu ler o script"],
    );
}

/// `bots/fixtures/leaker.c` with `args`, built once.
fn leaker(args: &str) -> String {
    let leaker = juiz::bot::build_c(&root().join("bots/fixtures/leaker.c"), &bot_cache()).unwrap();
    format!("{} {args}", path_str(&leaker))
}

#[test]
fn a_c_leak_that_crashes_at_the_memory_limit_is_a_memory_fault_naming_what_grew() {
    // 1 MiB a line read, never freed, malloc's NULL never checked: fgets writes through it at
    // the limit (RLIMIT_DATA, root or not) and the bot dies of SIGSEGV.
    check(
        "lazy leak",
        &against_template(leaker("lazy"), &["--memory", "128M"]),
        &[
            "memory: ran out of its memory limit of 128 MiB (killed by signal 11 (SIGSEGV)); the most it was seen to hold: ",
            " of heap (its data segment, what the limit counts), ",
            "hint: it used up its memory limit (128 MiB): its heap grew to ",
        ],
        &[
            "esgotou seu limite de memória de 128 MiB",
            "dica: ele esgotou o limite de memória (128 MiB): o heap cresceu até ",
        ],
    );
    check(
        "touched leak",
        &against_template(leaker("touch"), &["--memory", "128M"]),
        &[
            "memory: ran out of its memory limit of 128 MiB (killed by signal 11 (SIGSEGV))",
            "hint: it used up its memory limit (128 MiB): its heap grew to ",
        ],
        &["dica: ele esgotou o limite de memória (128 MiB)"],
    );
}

#[test]
fn a_python_leak_is_a_memory_fault_naming_what_grew() {
    // A list that grows by 1 MB a step: Python's MemoryError at the limit, its memory resident.
    let bot = format!("python3 {}", path_str(&root().join("tests/fixtures/bot/memory_hog.py")));
    check(
        "python leak",
        &against_template(bot, &["--memory", "128M"]),
        &[
            "memory: ran out of its memory limit of 128 MiB (",
            "; the most it was seen to hold: ",
            "hint: it used up its memory limit (128 MiB): its ",
        ],
        &["esgotou seu limite de memória de 128 MiB", "dica: ele esgotou o limite de memória (128 MiB): "],
    );
}

#[test]
fn a_segmentation_fault_well_below_the_memory_limit_stays_a_crash() {
    // The same leak, but a NULL dereference of its own once it holds 100 MiB of the 128 MiB
    // limit (78 %): not at the limit, so not a memory fault.
    check(
        "segfault below the limit",
        &against_template(leaker("lazy 100"), &["--memory", "128M"]),
        &["crash: killed by signal 11 (SIGSEGV)", "cc -g -fsanitize=address,undefined"],
        &["para achar a linha: recompile com cc -g -fsanitize=address,undefined"],
    );
    let text = play("en", &against_template(leaker("lazy 100"), &["--memory", "128M"]));
    assert!(!text.contains("memory:"), "a crash below the limit named memory:\n{text}");
}

#[test]
fn a_segmentation_fault_says_how_to_find_its_line() {
    let bot = path_str(&root().join("tests/fixtures/bot/segv.sh"));
    check(
        "segfault",
        &against_template(bot, &[]),
        &["killed by signal 11 (SIGSEGV)", "cc -g -fsanitize=address,undefined", "juiz replay LOG --seat N --bot"],
        &["para achar a linha: recompile com cc -g -fsanitize=address,undefined"],
    );
}

/// A Canasta game of `seed`: `canasta_simple.c` at seat 0 and `bot` at seat 1, 1 s a move.
fn canasta(seed: &str, bot: String) -> Vec<String> {
    let simple = path_str(&root().join("bots/canasta_simple.c"));
    ["--game", "canasta", "--seed", seed, "--move-timeout", "1s", "--startup-timeout", "1s", &simple, &bot]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn a_canasta_bot_that_misses_a_red3_line_is_told_a_red_3_draw_gets_two_lines() {
    // The Buraco template's loop in Canasta: after GET_STOCK it takes the RED3 line for its card.
    check(
        "red 3 missed",
        &canasta("1", student("")),
        &[
            "(rule wrong-argument-count): DISCARD RED3 p2.student [ 3",
            "hint: it took a RED3 line for another line",
            "answered by 2 lines, RED3 … and then the card that replaces it, not 1",
        ],
        &["dica: ele tomou uma linha RED3 por outra linha", "é respondido por 2 linhas"],
    );
}

#[test]
fn a_canasta_bot_that_waits_for_a_red3_line_never_sent_is_told_the_draw_was_answered() {
    check(
        "red 3 added",
        &canasta("1", student("red3-always")),
        &[
            "; it was waiting to read its input; it had read the 1 line that answers its \"GET_STOCK\" (\"",
            "hint: it waited for a line the referee does not send: its GET_STOCK was answered in full",
        ],
        &[
            "ele tinha lido a linha que responde ao seu \"GET_STOCK\"",
            "dica: ele esperou uma linha que o juiz não envia",
        ],
    );
}

#[test]
fn a_module_of_the_students_own_beside_the_script_is_told_why_it_was_not_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bot.py"), "import sys\nimport cards\n").unwrap();
    std::fs::write(dir.path().join("cards.py"), "SUITS = 4\n").unwrap();
    // Another program in the folder: the folder is not the bot's own, the script runs alone.
    std::fs::write(dir.path().join("old_bot.c"), "int main(void) { return 0; }\n").unwrap();
    let bot = format!("python3 {}", path_str(&dir.path().join("bot.py")));
    check(
        "own module",
        &against_template(bot, &[]),
        &[
            "its stderr says: ModuleNotFoundError: No module named 'cards'; cards.py is beside bot.py, but juiz ran bot.py alone, from a copy of its own: its folder is not the bot's own (old_bot.c there is another program)",
            "hint: cards.py is the bot's own module, not one to install",
        ],
        &["cards.py está ao lado de bot.py", "dica: cards.py é um módulo do próprio bot, não algo a instalar"],
    );
    assert!(
        !play("en", &against_template(format!("python3 {}", path_str(&dir.path().join("bot.py"))), &[]))
            .contains("not installed where bots run"),
        "a module beside the script is not called missing from where bots run"
    );
}
