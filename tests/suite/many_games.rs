//! A thousand games between the bundled bots, 2 and 4 players, in parallel: no hang, no fault, no
//! process left behind, and the same seeds give the same results when played again.

use crate::common;

use rayon::prelude::*;

use juiz::bot::BotCommand;
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet};

fn spec(name: &str, path: &std::path::Path, marker: &str) -> PlayerSpec {
    // The marker argument is ignored by the bots; it lets the test find their processes.
    let command = BotCommand::parse(&format!("{} {marker}", path.display())).unwrap().resolve().unwrap();
    PlayerSpec { name: name.into(), player: Player::Bot(command) }
}

fn results(seeds: std::ops::Range<u64>, seats: usize, marker: &str) -> Vec<String> {
    let template = common::c_bot("template");
    let smart = common::c_bot("smart");
    seeds
        .into_par_iter()
        .map(|seed| {
            let players = (0..seats)
                .map(|s| {
                    if (s + seed as usize).is_multiple_of(2) {
                        spec("smart", &smart, marker)
                    } else {
                        spec("template", &template, marker)
                    }
                })
                .collect();
            let report = referee::play(&GameConfig::new(GameKind::ItpBuraco, seed, players), &mut Quiet).unwrap();
            assert!(report.fault.is_none(), "seed {seed}, {seats} players: {:?}", report.fault);
            report.result_line()
        })
        .collect()
}

#[test]
fn a_thousand_games_without_a_fault_or_a_leftover_process() {
    let marker = format!("juiz-many-{}", std::process::id());
    let two = results(0..600, 2, &marker);
    let four = results(0..400, 4, &marker);
    assert_eq!(two.len() + four.len(), 1000);
    assert!(common::processes_mentioning(&marker).is_empty(), "bot processes were left behind");
    // Deterministic: a sample played again gives the same lines.
    assert_eq!(results(0..40, 2, &marker), two[..40]);
    assert_eq!(results(0..20, 4, &marker), four[..20]);
    // The smart bot beats the template bot most of the time.
    let smart_wins = two.iter().filter(|l| l.ends_with(".smart")).count();
    assert!(smart_wins > two.len() * 3 / 4, "smart won only {smart_wins} of {}", two.len());
}
