//! Test-only: Scratch Rummy's rule table: each line against a fixed deal, with the rule it breaks
//! or what it does.

use juiz::games::{Engine, TableSetup};

use super::{ScratchEngine, ScratchRules};

const DEAL: &str = "[ 7♥ 7♦ 7♣ 2♠ 9♦ J♣ K♥ ]\n[ 3♥ 5♦ 8♣ 10♠ Q♦ A♣ 4♠ ]\n[ 6♥ ]\n0\n[ 7♠ 9♥ 2♦ 3♣ ]\n";

fn engine() -> ScratchEngine {
    let setup = TableSetup {
        wire_ids: vec!["p1.a".into(), "p2.b".into()],
        seed: 1,
        deal: Some(DEAL.into()),
        options: Default::default(),
    };
    ScratchEngine::new(ScratchRules::default(), &setup).unwrap()
}

/// Plays `lines` from seat 0 and returns the last one's rule (`ok` when accepted).
fn rule_after(lines: &[&str]) -> &'static str {
    let mut e = engine();
    let mut last = "ok";
    for line in lines {
        last = e.submit(0, line).map_or_else(|v| v.rule, |_| "ok");
    }
    last
}

#[test]
fn each_rule_refuses_its_line() {
    for (lines, rule) in [
        (&["LAY [ 7♥ 7♦ 7♣ ]"][..], "draw-first"),
        (&["DRAW", "TAKE"], "already-drew"),
        (&["TAKE [ 7♥ ]"], "take-alone"),
        (&["DRAW", "LAY [ 7♥ 7♦ 2♠ ]"], "not-a-meld"),
        (&["DRAW", "LAY [ 7♥ 7♦ 7♠ ]"], "ok"),
        (&["DRAW", "LAY [ 8♥ 8♦ 8♣ ]"], "card-not-in-hand"),
        (&["DRAW", "ADD 0 [ 7♠ ]"], "no-such-meld"),
        (&["DRAW", "LAY [ 7♥ 7♦ 7♣ ]", "ADD 0 [ 7♠ ]"], "ok"),
        (&["DRAW", "LAY [ 7♥ 7♦ 7♣ ]", "ADD 0 [ 9♦ ]"], "not-a-meld"),
        (&["DRAW", "GET_STOCK"], "unknown-command"),
        (&["DRAW", "DROP 2♠"], "ok"),
    ] {
        assert_eq!(rule_after(lines), rule, "{lines:?}");
    }
}
