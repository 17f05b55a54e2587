//! `juiz bench --house`: the house bots' strength kept in a benchmark rather than claimed: for
//! each game, a duplicate round-robin of `house:easy`, `house:medium` and `house:hard` (or the
//! levels `--house-levels` names) played by `juiz tournament` as real sandboxed processes, then
//! `bench::house`'s table.

use std::process::{Command, ExitCode, Stdio};

use juiz::bench::house::{self, HouseStrength};
use juiz::games::GameKind;

use super::{Failure, Outcome, SUCCESS};
use crate::cli::BenchArgs;

/// The deals' seed: the bundled `tournaments/house-*.json` use it too.
const SEED: u64 = 23;

pub fn bench_house(args: &BenchArgs, named: &[GameKind]) -> Outcome {
    let games: Vec<GameKind> = if named.is_empty() {
        juiz::games::registry::GAMES.iter().copied().filter(|&g| juiz::house::has_house_bots(g)).collect()
    } else {
        named.to_vec()
    };
    if let Some(g) = games.iter().find(|&&g| !juiz::house::has_house_bots(g)) {
        return Err(Failure::input(format!("{g} has no house bots yet (--house)")));
    }
    let mut levels = args.house_levels.clone();
    levels.sort();
    levels.dedup();
    if levels.len() < 2 {
        return Err(Failure::input("--house-levels needs two levels or more, e.g. medium,hard".to_string()));
    }
    let pairings = levels.len() * (levels.len() - 1) / 2;
    let scratch = args.scratch_dir()?;
    let per_pairing = args.house_games.div_ceil(2) * 2;
    let jobs = args.jobs_list.first().map_or_else(juiz::bench::cores, |&n| n as usize);
    let me = std::env::current_exe().map_err(|e| Failure::input(e.to_string()))?;
    let mut measured: Vec<HouseStrength> = Vec::new();
    for game in games {
        let t = serde_json::json!({
            "name": format!("house-{}", game.name()),
            "game": game.name(),
            "seed": SEED,
            "format": "round-robin",
            "games_per_pairing": per_pairing,
            "duplicate": true,
            "players": game.usual_seats(),
            "house": levels.iter().map(|l| l.name()).collect::<Vec<_>>(),
        });
        let file = scratch.path().join(format!("house-{}.json", game.name()));
        let out = scratch.path().join(format!("house-{}", game.name()));
        std::fs::write(&file, t.to_string()).map_err(|e| Failure::input(e.to_string()))?;
        eprintln!("bench: {} games of {game}'s house bots at --jobs {jobs}", per_pairing * pairings as u64);
        let status = Command::new(&me)
            .arg("tournament")
            .arg(&file)
            .arg("--out")
            .arg(&out)
            .arg("--jobs")
            .arg(jobs.to_string())
            .stdout(Stdio::null())
            .status()
            .map_err(|e| Failure::input(e.to_string()))?;
        let rows = juiz::tournament::read_games(&out.join("games.csv"))
            .map_err(|e| Failure::input(format!("{game}'s house tournament ({status}): {e}")))?;
        measured.push(house::strength(game, &levels, &rows, &out));
    }
    print!("{}", house::to_table(&measured, per_pairing as usize, jobs));
    Ok(ExitCode::from(SUCCESS))
}
