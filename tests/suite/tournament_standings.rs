//! Standings from a hand-written `games.csv`, and reading `games.csv` back with a torn last line.

use std::path::Path;

use juiz::tournament::{Tournament, decode, repair_games, standings, standings_csv};

const HEADER: &str = "game_id,pairing,deal,seats,seed,score0,score1,winner,verdict,fault_kind,faulty_bot,fault_detail,turns,duration_ms,log,replays,check\n";

fn tournament(points: &str) -> Tournament {
    let text = format!(
        r#"{{"name": "t", "games_per_pairing": 4, {points}
            "bots": [{{"name": "ann", "command": "a"}}, {{"name": "ben", "command": "b"}}, {{"name": "cat", "command": "c"}}]}}"#
    );
    Tournament::parse(&text, false).unwrap()
}

/// ann beats ben in 3 of 4 games and draws 1; ann and cat split; cat beats ben twice, one by a
/// timeout of ben's.
fn games_csv() -> String {
    let rows = [
        "r0001-ann-ben-d001-s0,ann-ben,1,ann ben,11,300,100,ann,OK,,,,40,5,games/r0001-ann-ben-d001-s0.csv,,",
        "r0001-ann-ben-d001-s1,ann-ben,1,ben ann,11,150,250,ann,OK,,,,41,5,games/r0001-ann-ben-d001-s1.csv,,",
        "r0001-ann-ben-d002-s0,ann-ben,2,ann ben,12,200,200,,OK,,,,30,5,games/r0001-ann-ben-d002-s0.csv,,",
        "r0001-ann-ben-d002-s1,ann-ben,2,ben ann,12,90,310,ann,OK,,,,33,5,games/r0001-ann-ben-d002-s1.csv,,",
        "r0002-ann-cat-d001-s0,ann-cat,1,ann cat,13,100,200,cat,OK,,,,20,5,games/r0002-ann-cat-d001-s0.csv,,",
        "r0002-ann-cat-d001-s1,ann-cat,1,cat ann,13,120,220,ann,OK,,,,21,5,games/r0002-ann-cat-d001-s1.csv,,",
        "r0003-ben-cat-d001-s0,ben-cat,1,ben cat,14,50,60,cat,NOK,timeout,ben,\"timeout: no line within 3s\",9,3000,games/r0003-ben-cat-d001-s0.csv,,",
        "r0003-ben-cat-d001-s1,ben-cat,1,cat ben,14,210,20,cat,OK,,,,25,5,games/r0003-ben-cat-d001-s1.csv,,",
    ];
    format!("{HEADER}{}\n", rows.join("\n"))
}

#[test]
fn standings_count_wins_points_scores_and_faults() {
    let t = tournament("");
    let (rows, good) = decode(games_csv().as_bytes(), Path::new("games.csv")).unwrap();
    assert_eq!((rows.len(), good), (8, games_csv().len()));
    let s = standings(&t, &rows);
    let names: Vec<&str> = s.iter().map(|l| l.bot.as_str()).collect();
    assert_eq!(names, ["ann", "cat", "ben"]);
    let ann = &s[0];
    assert_eq!((ann.rank, ann.games, ann.wins, ann.draws, ann.losses), (1, 6, 4, 1, 1));
    assert_eq!(ann.points, 4.5);
    assert_eq!(
        (ann.score_for, ann.score_against),
        (300 + 250 + 200 + 310 + 100 + 220, 100 + 150 + 200 + 90 + 200 + 120)
    );
    let cat = &s[1];
    assert_eq!((cat.wins, cat.losses, cat.points), (3, 1, 3.0));
    let ben = &s[2];
    assert_eq!((ben.games, ben.wins, ben.draws, ben.losses, ben.points), (6, 0, 1, 5, 0.5));
    assert_eq!(ben.faults.get("timeout"), Some(&1));
    assert_eq!(ann.fault_count() + cat.fault_count(), 0);
    // Ratings: ann and cat (75% each, one win each head to head) well above ben; all finite.
    assert!(ann.rating.elo > ben.rating.elo + 200.0 && cat.rating.elo > ben.rating.elo + 200.0, "{s:?}");
    assert!((ann.rating.elo - cat.rating.elo).abs() < 50.0, "{s:?}");
    assert!(s.iter().all(|l| l.rating.ci95.is_finite() && l.rating.ci95 > 0.0));
    // Pairs, in game points: ann-ben deal 1 won twice (2), deal 2 a draw and a win (1.5); ann-cat
    // deal 1 one win each (1). ben-cat deal 1: cat won both (ben 0), one by ben's timeout.
    let pairs = ann.pairs.unwrap();
    assert_eq!((pairs.n, pairs.mean), (3, 1.5));
    assert_eq!(ann.pentanomial, [0, 0, 1, 1, 1]);
    assert_eq!((ben.pentanomial, ben.pairs.unwrap().n), ([2, 1, 0, 0, 0], 3));
    assert!((ben.pairs.unwrap().mean - 0.5 / 3.0).abs() < 1e-9);
    // Margin over fault-free pairs: ann-ben deal 1: (300-100) + (250-150) = 300; deal 2: 0 + 220
    // = 220; ann-cat deal 1: (100-200) + (220-120) = 0. ben-cat's pair had a fault: left out.
    let margin = ann.margin.unwrap();
    assert_eq!(margin.n, 3);
    assert!((margin.mean - (300.0 + 220.0 + 0.0) / 3.0).abs() < 1e-9);
    assert!(margin.ci95.unwrap() > 0.0);
    assert_eq!((ben.margin.unwrap().n, cat.margin.unwrap().n), (2, 1));
}

#[test]
fn a_fault_cannot_flatter_the_pair_statistics() {
    // flaky forfeits early in the first game (scores frozen at 0-10), then beats weak by 600:
    // as a score difference weak would look 590 points worse; in game points the pair is even
    // (a win each), and the margin leaves the faulted pair out.
    let t = Tournament::parse(
        r#"{"name": "t", "games_per_pairing": 2,
            "bots": [{"name": "flaky", "command": "a"}, {"name": "weak", "command": "b"}]}"#,
        false,
    )
    .unwrap();
    let text = format!(
        "{HEADER}r0001-flaky-weak-d001-s0,flaky-weak,1,flaky weak,7,0,10,weak,NOK,crash,flaky,exited,2,5,,,\n\
         r0001-flaky-weak-d001-s1,flaky-weak,1,weak flaky,7,100,700,flaky,OK,,,,80,5,,,\n"
    );
    let (rows, _) = decode(text.as_bytes(), Path::new("games.csv")).unwrap();
    let s = standings(&t, &rows);
    for line in &s {
        assert_eq!((line.pairs.unwrap().mean, line.pentanomial), (1.0, [0, 0, 1, 0, 0]), "{line:?}");
        assert!(line.margin.is_none(), "{line:?}");
    }
}

#[test]
fn points_follow_the_file_and_csv_has_one_column_per_fault_kind() {
    let t = tournament(r#""points": {"win": 3, "draw": 1, "loss": -1},"#);
    let (rows, _) = decode(games_csv().as_bytes(), Path::new("games.csv")).unwrap();
    let s = standings(&t, &rows);
    assert_eq!(s[0].points, 3.0 * 4.0 + 1.0 - 1.0);
    let csv = String::from_utf8(standings_csv(&s)).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "rank,bot,games,wins,draws,losses,points,score_for,score_against,faults,faults_timeout,\
         elo,elo_ci95,pairs,pair_points,pair_points_ci95,pair_points_low,pair_points_high,pairs_ll,pairs_ld,pairs_even,pairs_wd,pairs_ww,\
         margin_pairs,margin,margin_ci95"
    );
    let ben = lines.find(|l| l.contains(",ben,")).unwrap();
    assert!(ben.starts_with("3,ben,6,0,1,5,-4,"), "{ben}");
    assert!(ben.contains(",1,1,"), "fault total and timeout column: {ben}");
}

#[test]
fn a_bot_without_games_is_listed_last_with_empty_statistics() {
    let t = tournament("");
    let s = standings(&t, &[]);
    assert_eq!(s.len(), 3);
    assert!(s.iter().all(|l| l.games == 0 && l.pairs.is_none() && l.margin.is_none()));
    assert!((s[0].rating.elo - 1500.0).abs() < 1e-9);
}

#[test]
fn torn_last_lines_are_detected() {
    let full = games_csv();
    let last_start = full[..full.len() - 1].rfind('\n').unwrap() + 1;
    let path = Path::new("games.csv");
    // Cut anywhere inside the last row: no newline at the end.
    for cut in [last_start + 1, last_start + 20, full.len() - 1] {
        let (rows, good) = decode(&full.as_bytes()[..cut], path).unwrap();
        assert_eq!((rows.len(), good), (7, last_start), "cut at {cut}");
    }
    // A complete line with too few fields (a partial write followed by a newline).
    let short = format!("{}r0003-ben-cat-d001-s1,ben-cat,1\n", &full[..last_start]);
    let (rows, good) = decode(short.as_bytes(), path).unwrap();
    assert_eq!((rows.len(), good), (7, last_start));
    // A bad line before the last is damage, not a torn write.
    let damaged = full.replacen("ann-ben,1,ann ben,11,300", "ann-ben,1,ann ben,eleven,300", 1);
    let err = decode(damaged.as_bytes(), path).unwrap_err().to_string();
    assert!(err.starts_with("games.csv, line 2:"), "{err}");
    // A torn header is an empty file.
    assert_eq!(decode(&HEADER.as_bytes()[..10], path).unwrap().0.len(), 0);
}

#[test]
fn repair_cuts_the_file_to_its_last_good_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.csv");
    let full = games_csv();
    std::fs::write(&path, &full[..full.len() - 15]).unwrap();
    let (rows, torn) = repair_games(&path).unwrap();
    assert!(torn);
    assert_eq!(rows.len(), 7);
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(full.starts_with(&kept) && kept.ends_with('\n'));
    assert_eq!(kept.lines().count(), 8);
    let (_, torn_again) = repair_games(&path).unwrap();
    assert!(!torn_again);
}

#[test]
fn standings_do_not_depend_on_the_order_of_the_rows() {
    let t = tournament("");
    let (rows, _) = decode(games_csv().as_bytes(), Path::new("games.csv")).unwrap();
    let expected = standings_csv(&standings(&t, &rows));
    let mut reversed = rows.clone();
    reversed.reverse();
    // The two games of each deal far apart: every even row first, then every odd one.
    let spread: Vec<_> = rows.iter().step_by(2).chain(rows.iter().skip(1).step_by(2)).cloned().collect();
    for order in [reversed, spread] {
        assert_eq!(String::from_utf8(standings_csv(&standings(&t, &order))), String::from_utf8(expected.clone()));
    }
}

#[test]
fn a_game_neither_side_could_play_is_a_loss_for_both() {
    // ben and cat do not build: their deal is lost by both, 0 points each; ann beats both.
    let t = tournament("");
    let build = |id: &str, seats: &str, winner: &str, faulty: &str| {
        let pairing = id.split('-').skip(1).take(2).collect::<Vec<_>>().join("-");
        let deal = "1";
        format!("{id},{pairing},{deal},{seats},7,0,0,{winner},NOK,build,{faulty},compiling failed,0,0,,,")
    };
    let rows = [
        build("r0001-ann-ben-d001-s0", "ann ben", "ann", "ben"),
        build("r0001-ann-ben-d001-s1", "ben ann", "ann", "ben"),
        build("r0002-ann-cat-d001-s0", "ann cat", "ann", "cat"),
        build("r0002-ann-cat-d001-s1", "cat ann", "ann", "cat"),
        build("r0003-ben-cat-d001-s0", "ben cat", "", "ben"),
        build("r0003-ben-cat-d001-s1", "cat ben", "", "cat"),
    ];
    let text = format!("{HEADER}{}\n", rows.join("\n"));
    let (rows, _) = decode(text.as_bytes(), Path::new("games.csv")).unwrap();
    assert!(rows[4].lost_by_both() && !rows[0].lost_by_both());
    let s = standings(&t, &rows);
    for line in &s[1..] {
        assert_eq!((line.games, line.wins, line.draws, line.losses, line.points), (4, 0, 0, 4, 0.0), "{line:?}");
        let pairs = line.pairs.unwrap();
        assert_eq!((pairs.mean, pairs.ci95), (0.0, Some(0.0)), "{line:?}");
        assert_eq!(line.pentanomial, [2, 0, 0, 0, 0]);
    }
    assert_eq!((s[0].bot.as_str(), s[0].wins, s[0].points), ("ann", 4, 4.0));
    // Both lose rating to the loss, equally; the fit stays finite.
    assert!((s[1].rating.elo - s[2].rating.elo).abs() < 1e-6 && s[1].rating.elo < s[0].rating.elo - 200.0, "{s:?}");
    assert!(s.iter().all(|l| l.rating.ci95.is_finite()));
}
