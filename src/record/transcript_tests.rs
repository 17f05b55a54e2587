//! Tests of the transcript writer: rows on finish and on drop, missing folders, the `seq` and
//! `ms` columns, and a file hidden until its game ends.

use super::*;

fn rows_in(path: &Path) -> usize {
    std::fs::read_to_string(path).unwrap().lines().count()
}

#[test]
fn rows_reach_the_file_on_finish_and_on_drop() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.csv");
    let mut log = TranscriptWriter::create(&path).unwrap();
    log.meta("", "format", FORMAT);
    log.row("p1.a", Direction::ToSeat, "p1.a p2.b");
    assert!(!path.exists(), "the rows stay private until the game ends");
    log.row("p1.a", Direction::FromSeat, "GET_STOCK");
    log.finish().unwrap();
    assert_eq!(rows_in(&path), 4);

    let dropped = dir.path().join("dropped.csv");
    let mut log = TranscriptWriter::create(&dropped).unwrap();
    for seq in 0..2000 {
        log.row("p2.b", Direction::Event, &format!("row {seq}"));
    }
    drop(log);
    assert_eq!(rows_in(&dropped), 2001, "an early return still writes every row");
}

#[test]
fn missing_folders_are_made_for_the_first_transcript_and_found_for_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a").join("b").join("game.csv");
    let mut log = TranscriptWriter::create(&path).unwrap();
    log.row("p1.a", Direction::ToSeat, "p1.a p2.b");
    log.finish().unwrap();
    let next = dir.path().join("a").join("b").join("next.csv");
    TranscriptWriter::create(&next).unwrap().finish().unwrap();
    assert_eq!(rows_in(&path), 2);
    assert_eq!(rows_in(&next), 1);
    // A file where a folder should be is an error, not a retry.
    std::fs::write(dir.path().join("f"), "").unwrap();
    assert!(TranscriptWriter::create(&dir.path().join("f").join("game.csv")).is_err());
}

#[test]
fn seq_and_ms_columns_are_numbers_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.csv");
    let mut log = TranscriptWriter::create(&path).unwrap();
    log.meta("", "format", FORMAT);
    log.meta("", "game", "itp-buraco");
    log.meta("", "seed", "7");
    log.meta("p1.a", "wire-id", "p1.a");
    for seq in 0..12 {
        log.row("p1.a", Direction::ToSeat, &format!("line, \"{seq}\""));
    }
    log.finish().unwrap();
    let transcript = Transcript::read(&path).unwrap();
    let seqs: Vec<u64> = transcript.rows.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (1..=16).collect::<Vec<_>>());
    assert_eq!(transcript.rows[15].text, "line, \"11\"");
    assert!(transcript.rows.iter().all(|r| r.ms < 10_000));
}

#[test]
fn the_file_cannot_be_found_until_the_game_ends() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.csv");
    let mut log = TranscriptWriter::create(&path).unwrap();
    log.row("p1.a", Direction::ToSeat, "p1.a p2.b");
    assert!(!path.exists(), "no transcript to open while the game runs");
    log.finish().unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().ends_with("p1.a p2.b\n"));
    // A file left by an earlier game is replaced, and a dropped writer leaves its rows too.
    let log = TranscriptWriter::create(&path).unwrap();
    drop(log);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "seq,ms,seat,dir,text\n");
}
