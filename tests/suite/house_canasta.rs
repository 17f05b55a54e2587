//! The house Canasta bots as real processes (`juiz bot LEVEL --game canasta` under the sandbox):
//! every level plays whole matches against the others and a bundled bot without a fault, and the
//! same seed gives the same transcript twice.

use crate::common;

use common::*;

fn house(level: &str) -> String {
    format!("{} bot {level} --game canasta", env!("CARGO_BIN_EXE_juiz"))
}

/// A transcript without what the clock decides (the `ms` column of `seq,ms,seat,dir,text` and the
/// bots' `timing` rows): what must repeat exactly.
fn without_times(log: &std::path::Path) -> String {
    let text = std::fs::read_to_string(log).unwrap();
    text.lines()
        .filter(|line| !line.contains(",*,timing "))
        .map(|line| {
            let mut fields = line.splitn(3, ',');
            let (seq, _ms, rest) = (fields.next().unwrap_or(""), fields.next(), fields.next().unwrap_or(""));
            format!("{seq},{rest}\n")
        })
        .collect()
}

#[test]
fn every_level_plays_whole_matches_without_a_fault() {
    let dir = tempfile::tempdir().unwrap();
    let smart = path_str(&c_bot("canasta_smart"));
    let games = [
        (house("easy"), house("medium"), 1),
        (house("medium"), house("hard"), 2),
        (house("hard"), house("easy"), 3),
        (house("hard"), smart.clone(), 4),
    ];
    for (a, b, seed) in games {
        let log = play_logged(dir.path(), "canasta", seed, &[&a, &b]);
        let text = std::fs::read_to_string(&log).unwrap();
        let result = text.lines().find(|line| line.contains(",=,")).unwrap_or_default();
        assert!(!text.contains(",!,"), "seed {seed}: a fault in {}", log.display());
        assert!(result.contains(",=,OK "), "seed {seed}: {result}");
        assert!(text.contains(">,HAND_END "), "seed {seed}: a match of one round only");
    }
}

#[test]
fn the_same_seed_gives_the_same_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let (hard, medium) = (house("hard"), house("medium"));
    let first = play_logged(dir.path(), "canasta", 7, &[&hard, &medium]);
    let first = without_times(&first);
    let again = play_logged(dir.path(), "canasta", 7, &[&hard, &medium]);
    assert_eq!(first, without_times(&again));
    assert!(first.contains("GET_STOCK") && first.contains("DISCARD"));
}
