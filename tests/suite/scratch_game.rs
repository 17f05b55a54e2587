//! Issue 38: a sixth game kept in the test tree, Scratch Rummy (`tests/suite/scratch_rummy/`, never
//! shipped), written by following `docs/adding-a-game.md` literally, proves what the doc says:
//! the game is its folder and its registry entry (a `GameDef`), compiled against the library as
//! it is, and the registry-driven checks run on it as on every registered game: the engine
//! conformance properties (random legal play ends without error, a refused line changes nothing,
//! every card in exactly one place, same seed same game, replay from the deal text), the table
//! model (each seat sees the omniscient table redacted for it), its registry entry's promises,
//! its messages in both languages, the shared rummy parser's refusals in its own command words,
//! and the terminal view naming its own counters and phases.

#[path = "scratch_rummy/mod.rs"]
mod scratch;

use std::collections::BTreeSet;
use std::path::Path;

use juiz::games::conformance::{Made, conform, registry_promises, setup};
use juiz::games::{Engine, GameKind, new_engine};
use juiz::i18n::{Lang, has_message, say_in, with_game_messages};

use scratch::SCRATCH;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `f` with Scratch Rummy's messages added to juiz's (the registry does not list it).
fn with_its_messages<R>(f: impl FnOnce() -> R) -> R {
    with_game_messages(SCRATCH.def().messages_en, SCRATCH.def().messages_pt, f)
}

fn engine(seed: u64) -> Box<dyn Engine> {
    new_engine(SCRATCH, &setup(2, seed, None)).unwrap()
}

#[test]
fn the_scratch_game_passes_the_conformance_suite() {
    let make: Made = Box::new(|s| new_engine(SCRATCH, s).unwrap_or_else(|e| panic!("{e}")));
    let mut used = BTreeSet::new();
    conform(&make, SCRATCH.seat_counts(), 8, &mut used).unwrap_or_else(|e| panic!("scratch-rummy: {e}"));
    // The seeds reach its every kind of line: draws, takes, lays, adds, drops, going out or not.
    for id in ["sr-narr-draw", "sr-narr-take", "sr-narr-lay", "sr-narr-drop", "sr-viol-take-alone"] {
        assert!(used.contains(id), "the seeds never reach {id}: {used:?}");
    }
    with_its_messages(|| {
        for id in &used {
            for lang in [Lang::En, Lang::Pt] {
                assert!(has_message(lang, id), "message '{id}' is missing in {lang:?}");
            }
        }
    });
    // Without its messages the ids are unknown: the check above is not vacuous.
    assert!(!has_message(Lang::En, "sr-narr-draw"));
}

#[test]
fn its_registry_entry_keeps_the_registrys_promises() {
    let games: Vec<GameKind> = GameKind::ALL.iter().copied().chain([SCRATCH]).collect();
    for &kind in &games {
        let titles = registry_promises(kind, &games, root()).unwrap_or_else(|e| panic!("{e}"));
        if kind == SCRATCH {
            assert_eq!(titles, ["check-title-scratch-lay-a-set"]);
            with_its_messages(|| assert!(titles.iter().all(|id| has_message(Lang::Pt, id))));
        }
    }
    // It is not shipped: no command knows it, and no file of the library names it.
    assert!("scratch-rummy".parse::<GameKind>().is_err() && !GameKind::ALL.contains(&SCRATCH));
    let mut files = vec![root().join("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            assert!(
                !text.contains("scratch-rummy") && !text.contains("sr-narr"),
                "{} names the scratch game",
                path.display()
            );
        }
    }
}

#[test]
fn its_messages_are_the_same_ids_in_both_languages_and_clash_with_none() {
    let ids = |text: &str| -> BTreeSet<String> {
        text.lines().filter_map(|l| l.split_once(" = ")).map(|(id, _)| id.to_owned()).collect()
    };
    let def = SCRATCH.def();
    assert_eq!(ids(def.messages_en), ids(def.messages_pt));
    // Added to juiz's own (every registered game's included), no id is defined twice: the bundle
    // would refuse it.
    with_its_messages(|| assert!(has_message(Lang::Pt, "sr-end-stock") && has_message(Lang::Pt, "viol-game-over")));
}

#[test]
fn the_shared_rummy_parser_refuses_in_its_own_words() {
    let mut e = engine(3);
    let at = match e.awaiting() {
        juiz::games::Awaiting::One(seat) => seat,
        juiz::games::Awaiting::Nobody => unreachable!("a new game awaits a seat"),
    };
    for (line, en) in [
        ("GET_STOCK", "unknown command 'GET_STOCK' (expected DRAW, TAKE, LAY, ADD or DROP)"),
        ("DROP", "DROP takes exactly one card, got 0 arguments"),
        ("ADD", "ADD needs a meld index and a list of cards"),
        ("ADD 0 7♠", "ADD needs its cards between brackets: ADD <index> [ c1 c2 ... ]"),
        ("LAY [ 1♠ ]", "'1♠' is not a card: value must be 2-10, J, Q, K or A"),
        ("LAY [ 7♠ 7♥ 7♦ ]", "the turn starts with DRAW or TAKE"),
    ] {
        let refused = with_its_messages(|| e.submit(at, line)).unwrap_err();
        let (english, portuguese) =
            with_its_messages(|| (say_in(Lang::En, &refused.detail), say_in(Lang::Pt, &refused.detail)));
        assert_eq!(english, en, "{line}");
        for itp in ["GET_", "MELD_", "DISCARD"] {
            assert!(!portuguese.contains(itp) && !english.contains(itp) || line.contains(itp), "{line}: {portuguese}");
        }
    }
    let pt = with_its_messages(|| say_in(Lang::Pt, &e.submit(at, "NADA").unwrap_err().detail));
    assert_eq!(pt, "comando desconhecido 'NADA' (esperava-se DRAW, TAKE, LAY, ADD ou DROP)");
}

#[test]
fn the_terminal_view_names_its_counters_and_phases() {
    let mut e = engine(5);
    let juiz::games::Awaiting::One(seat) = e.awaiting() else { unreachable!("a new game awaits a seat") };
    e.submit(seat, "DRAW").unwrap();
    let (seat_view, full) = with_its_messages(|| {
        juiz::i18n::with_lang(Lang::Pt, || {
            (juiz::report::table_text(&e.table(Some(seat))), juiz::report::table_text(&e.table(None)))
        })
    });
    assert!(seat_view.contains("(baixar, juntar ou descartar)") && seat_view.contains("7 cartas dadas"), "{seat_view}");
    assert!(full.contains("batida 0") && full.contains("jogos 0, na mão -"), "{full}");
    // The words are the game's: without its messages, the view shows neither.
    let bare = juiz::report::table_text(&e.table(None));
    assert!(!bare.contains("going out") && !bare.contains("cards dealt"), "{bare}");
    let english = with_its_messages(|| juiz::report::table_text(&e.table(None)));
    assert!(english.contains("going out 0") && english.contains("7 cards dealt"), "{english}");
}

/// The steps of `docs/adding-a-game.md` outside the folder, checked for every registered game
/// (read from the registry): its rules file and its row in `docs/rules/README.md`, its row in the
/// README's table of games; and the page itself linked from the README and `docs/reference.md`.
#[test]
fn the_docs_name_every_registered_game_and_link_the_page() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap();
    let readme = read("README.md");
    let table: Vec<&str> = readme
        .split("## The games")
        .nth(1)
        .expect("the README has a section of games")
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let rules_index = read("docs/rules/README.md");
    for kind in GameKind::ALL {
        let name = kind.name();
        let cell = format!("| `{name}` |");
        assert!(table.iter().any(|row| row.contains(&cell)), "the README's table of games has no row for {name}");
        assert!(root().join(format!("docs/rules/{name}.md")).is_file(), "docs/rules/{name}.md is missing");
        assert!(rules_index.contains(&format!("[{name}.md]({name}.md)")), "docs/rules/README.md does not list {name}");
    }
    assert_eq!(table.len(), GameKind::ALL.len() + 2, "the README's table of games has rows for games not registered");
    assert!(readme.contains("(docs/adding-a-game.md)"), "the README does not link docs/adding-a-game.md");
    assert!(read("docs/reference.md").contains("(adding-a-game.md)"), "docs/reference.md does not link the page");
    let page = read("docs/adding-a-game.md");
    for file in ["rules.rs", "deal.rs", "game.rs", "view.rs", "sample.rs", "check.rs", "bots.rs", "tests.rs", "def.rs"]
    {
        assert!(page.contains(&format!("`{file}`")), "the page no longer names {file}");
        assert!(root().join("tests/suite/scratch_rummy").join(file).is_file(), "the scratch game has no {file}");
    }
}
