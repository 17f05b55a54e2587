//! The end-of-run summary handed to the report module (which prints it): the standings, the
//! faults per bot, and for each faulted game the commands that reproduce it, also written to
//! `faults.csv`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::config::{BotRun, Tournament};
use super::rows::GameRow;
use super::standings::{StandingsRow, standings};
use super::unexpected::{PairTally, UnexpectedPair};
use crate::bot::{BotCommand, Limits};
use crate::referee::bot_name_from_command;

/// A game in which a bot faulted, and how to see it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultedGame {
    pub game_id: String,
    pub bot: String,
    /// The fault kind (`timeout`, `crash`, `build`...) and what happened.
    pub kind: String,
    pub detail: String,
    /// `juiz replay <out>/games/<id>.csv`: the recorded game, turn by turn (`None` if unplayed).
    pub replay: Option<String>,
    /// What to try, chosen from the fault's evidence, in English and in Portuguese (empty when
    /// there is no hint).
    pub hint: String,
    pub hint_pt: String,
    /// The attempts of the game set aside because the host spoiled them (`GameRow::replays`);
    /// empty when the first attempt counted.
    pub replays: String,
    /// `juiz play --game G --seed S --move-timeout T --log <id>.csv BOT...`: the game played
    /// again with the same bots in the same seats; empty when a seat's submission has no bot.
    pub play: String,
}

/// The games a merge could not find, and which shards they belong to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub games: usize,
    /// The first few missing games, in schedule order.
    pub first: Vec<String>,
    /// Shards of the split the inputs were run with (`--shard I/N`) that no input holds.
    pub absent_shards: Vec<super::schedule::Shard>,
    /// Shards among the inputs that lack games (an unfinished run), with how many.
    pub short_shards: Vec<(super::schedule::Shard, usize)>,
}

/// What a run or a merge ends with.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub name: String,
    /// The results directory.
    pub out: PathBuf,
    /// Games of this run's schedule (the shard's), and how many of them are in `games.csv`.
    pub total: usize,
    pub done: usize,
    /// True when the run was stopped (Ctrl-C) before the end: `--resume` finishes it.
    pub cancelled: bool,
    /// Games of this run found in `games.csv` already (a resumed or repeated run), not played
    /// again, and when that file was last written before this run.
    pub reused: usize,
    pub reused_written: Option<std::time::SystemTime>,
    /// For a merge: the games of the schedule that none of the folders holds.
    pub missing: Option<Missing>,
    /// The standings over every game in `games.csv`, best first.
    pub standings: Vec<StandingsRow>,
    /// Faults per bot, by kind; only bots that faulted.
    pub faults: BTreeMap<String, BTreeMap<String, u32>>,
    pub faulted: Vec<FaultedGame>,
    /// Pairs whose results are far from what their ratings predict (`unexpected.rs`).
    pub unexpected: Vec<UnexpectedPair>,
}

impl Summary {
    /// Flags the pairs of `pairs` whose results are far from the standings' ratings.
    pub fn flag_pairs(&mut self, pairs: &PairTally) {
        self.unexpected = pairs.flagged(self.standings.iter().map(|s| (s.bot.as_str(), s.rating.elo)));
    }
}

/// Single-quotes a word for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The flags of `juiz play` that set `limits` where they differ from play's defaults (the move
/// timeout always).
fn limit_flags(limits: &Limits) -> Vec<String> {
    let default = Limits::default();
    let duration = |d: std::time::Duration| humantime::format_duration(d).to_string();
    let cap = |v: Option<u64>, f: &dyn Fn(u64) -> String| v.map_or("unlimited".to_string(), f);
    let bytes = |b: u64| if b.is_multiple_of(1 << 20) { format!("{}MiB", b >> 20) } else { b.to_string() };
    let mut flags = vec!["--move-timeout".to_string(), duration(limits.move_timeout)];
    let mut add = |flag: &str, differs: bool, value: String| {
        if differs {
            flags.extend([flag.to_string(), value]);
        }
    };
    add("--startup-timeout", limits.startup_timeout != default.startup_timeout, duration(limits.startup_timeout));
    add("--memory", limits.memory_bytes != default.memory_bytes, cap(limits.memory_bytes, &bytes));
    add("--cpu-time", limits.cpu_seconds != default.cpu_seconds, cap(limits.cpu_seconds, &|s| format!("{s}s")));
    add(
        "--max-processes",
        limits.max_processes != default.max_processes,
        cap(limits.max_processes, &|n| n.to_string()),
    );
    add("--file-size", limits.file_size_bytes != default.file_size_bytes, cap(limits.file_size_bytes, &bytes));
    add("--open-files", limits.open_files != default.open_files, cap(limits.open_files, &|n| n.to_string()));
    add("--wall-factor", limits.wall_factor != default.wall_factor, limits.wall_factor.to_string());
    if !limits.sandbox {
        flags.push("--no-sandbox".to_string());
    }
    flags
}

/// A seat of `juiz play`: the bot's command, as `NAME=COMMAND` when the name `juiz play` would
/// derive from the command is not the bot's tournament name (the wire ids depend on it).
fn seat_word(name: &str, command: &str) -> String {
    let derived = bot_name_from_command(&BotCommand { argv: Vec::new(), display: command.to_string() });
    if derived == name { command.to_string() } else { format!("{name}={command}") }
}

/// The command that plays `row`'s game again with the same seed, limits and bots in the same
/// seats, under the same names.
pub fn play_command(t: &Tournament, row: &GameRow) -> String {
    let mut words = vec!["juiz".to_string(), "play".to_string(), "--game".to_string(), t.game.name().to_string()];
    words.extend(["--seed".to_string(), row.seed.to_string()]);
    words.extend(limit_flags(&t.limits));
    if t.anonymous_seats {
        // The bots learn seat ids only, as in the tournament: a bot that reads names replays alike.
        words.push("--anonymous-seats".to_string());
    }
    words.extend(["--log".to_string(), format!("{}.csv", row.game_id)]);
    for name in row.seat_bots() {
        words.push(t.bot(name).map_or(name.to_string(), |b| seat_word(name, &b.command_text())));
    }
    words.iter().map(|w| shell_word(w)).collect::<Vec<_>>().join(" ")
}

fn row_has_unusable_bot(t: &Tournament, row: &GameRow) -> bool {
    row.seat_bots().iter().any(|name| t.bot(name).is_some_and(|b| matches!(b.run, BotRun::Unusable(_))))
}

/// The summary of `t`'s results in `out` (`rows`: every row of `games.csv`; `total` and `done`:
/// games in the run's schedule or shard, and how many of them have a row).
pub fn summarize(t: &Tournament, out: &Path, rows: &[GameRow], counts: (usize, usize), cancelled: bool) -> Summary {
    let faulted = rows.iter().filter_map(|r| faulted_game(t, out, r)).collect();
    let mut summary = assemble(t, out, standings(t, rows), faulted, counts, cancelled);
    let mut pairs = PairTally::default();
    for row in rows {
        pairs.add(row);
    }
    summary.flag_pairs(&pairs);
    summary
}

/// The faulted game of `row`, if a bot faulted in it or an attempt of it was set aside (then
/// the first attempt set aside is named, and the detail says the game was played again).
pub(super) fn faulted_game(t: &Tournament, out: &Path, r: &GameRow) -> Option<FaultedGame> {
    let (bot, kind, detail) = if !r.fault_kind.is_empty() {
        let detail = if r.is_void() {
            format!("void, counted for nobody: the host spoiled every attempt; {}", r.fault_detail)
        } else {
            r.fault_detail.clone()
        };
        (r.faulty_bot.clone(), r.fault_kind.clone(), detail)
    } else if let Some(first) = r.replays.split("; ").next().filter(|f| !f.is_empty()) {
        let (kind, bot) = first.split_once(" by ").unwrap_or((first, ""));
        let detail = "an attempt set aside (the host kept the CPU from the bot on move) and the game played again; \
                      the last attempt counted"
            .to_string();
        (bot.to_string(), kind.to_string(), detail)
    } else {
        return None;
    };
    let (hint, hint_pt) = crate::bot::recorded_hint_texts(&kind, &detail).unwrap_or_default();
    Some(FaultedGame {
        game_id: r.game_id.clone(),
        bot,
        kind,
        detail,
        hint,
        hint_pt,
        replays: r.replays.clone(),
        replay: (!r.log.is_empty())
            .then(|| format!("juiz replay {}", shell_word(&out.join(&r.log).display().to_string()))),
        // A submission with no bot in it has nothing to play again.
        play: if row_has_unusable_bot(t, r) { String::new() } else { play_command(t, r) },
    })
}

/// The summary from the standings and the faulted games (in `games.csv` order).
pub(super) fn assemble(
    t: &Tournament,
    out: &Path,
    standings: Vec<StandingsRow>,
    faulted: Vec<FaultedGame>,
    (total, done): (usize, usize),
    cancelled: bool,
) -> Summary {
    let faults = standings.iter().filter(|s| s.fault_count() > 0).map(|s| (s.bot.clone(), s.faults.clone())).collect();
    Summary {
        name: t.name.clone(),
        out: out.to_path_buf(),
        total,
        done,
        cancelled,
        reused: 0,
        reused_written: None,
        missing: None,
        standings,
        faults,
        faulted,
        unexpected: Vec::new(),
    }
}

/// `faults.csv`: every faulted game, in schedule order, with the commands that reproduce it.
pub(super) fn faults_csv(faulted: &[FaultedGame]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["game_id", "bot", "kind", "detail", "replay", "play", "hint", "hint_pt", "replays"])
        .expect("writing to memory cannot fail");
    for f in faulted {
        let replay = f.replay.as_deref().unwrap_or_default();
        let detail = crate::record::cell::escape_controls(&f.detail);
        let detail = crate::record::cell::to_cell(&detail);
        let replays = crate::record::cell::to_cell(&f.replays);
        w.write_record([f.game_id.as_str(), &f.bot, &f.kind, &detail, replay, &f.play, &f.hint, &f.hint_pt, &replays])
            .expect("writing to memory cannot fail");
    }
    w.into_inner().expect("writing to memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Verdict;

    fn row() -> GameRow {
        GameRow {
            game_id: "g1".into(),
            pairing: "a-b".into(),
            deal: 1,
            seats: "a b".into(),
            seed: 7,
            score0: 0,
            score1: 0,
            winner: "b".into(),
            verdict: Verdict::Nok,
            fault_kind: "crash".into(),
            faulty_bot: "a".into(),
            fault_detail: String::new(),
            turns: 1,
            duration_ms: 0,
            log: String::new(),
            replays: String::new(),
            check: String::new(),
        }
    }

    fn tournament(extra: &str) -> Tournament {
        let text = format!(
            r#"{{"name": "t", "game": "itp-buraco", "players": 2, {extra}
                "bots": [{{"name": "a", "command": "sh"}}, {{"name": "b", "command": "sh"}}]}}"#
        );
        Tournament::parse(&text, false).unwrap()
    }

    #[test]
    fn the_repro_command_of_a_graded_run_keeps_its_anonymous_seats() {
        let anonymous = play_command(&tournament(r#""anonymous_seats": true,"#), &row());
        assert!(anonymous.contains(" --anonymous-seats --log g1.csv "), "{anonymous}");
        let named = play_command(&tournament(r#""anonymous_seats": false,"#), &row());
        assert!(!named.contains("--anonymous-seats"), "{named}");
    }
}
