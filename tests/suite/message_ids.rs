//! The message-id scan of the source: every id the code names (given to `Message::new`, to `tr`
//! or to a helper that words it) is in both languages, and a misspelled one is caught.

use juiz::i18n::{Lang, has_message};

/// The prefixes (the word before the first `-`) of the message ids of an `.ftl` text.
fn prefixes_of(ftl: &str) -> std::collections::BTreeSet<String> {
    ftl.lines()
        .filter(|l| !l.starts_with([' ', '#']))
        .filter_map(|l| l.split_once(" = ").and_then(|(id, _)| id.split_once('-')).map(|(p, _)| p.to_owned()))
        .collect()
}

/// Each registered game's own message-id prefixes: those of its messages that juiz's own
/// catalogue does not use (`cn` for Canasta, `sj` for Shengji; none for the Buraco games, which
/// speak in juiz's shared words).
fn game_prefixes() -> Vec<(juiz::games::GameKind, std::collections::BTreeSet<String>)> {
    let shared = prefixes_of(include_str!("../../src/i18n/en.ftl"));
    juiz::games::GameKind::ALL
        .iter()
        .map(|&kind| (kind, prefixes_of(kind.def().messages_en).difference(&shared).cloned().collect()))
        .collect()
}

/// The prefixes only message ids use: juiz's own, and every registered game's own (read from
/// the registry, so a new game's ids are scanned without editing this file).
fn message_prefixes() -> Vec<String> {
    let mut prefixes: Vec<String> =
        ["bf", "check", "end", "hint", "narr", "play", "replay", "sb", "table", "view", "viol"]
            .map(String::from)
            .to_vec();
    prefixes.extend(game_prefixes().into_iter().flat_map(|(_, own)| own));
    prefixes
}

/// The message ids a source text names: every `Message::new("…")` and `tr("…")`, and every string
/// literal of the form `<prefix>-…` for the prefixes only message ids use (`table-your-hand`
/// passed to a helper that calls `tr`). Rule ids (`meld-invalid`) and words of the table model
/// use other prefixes.
fn ids_named(text: &str) -> Vec<String> {
    let prefixes = message_prefixes();
    let mut found = Vec::new();
    for opening in ["Message::new(\"", " tr(\"", "(tr(\"", "&tr(\"", "\""] {
        for piece in text.split(opening).skip(1) {
            let id: String = piece.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
            // Split at every quote, a piece is a whole literal (or the text between two).
            let rest = &piece[id.len()..];
            let literal = !id.is_empty() && if opening == "\"" { rest.is_empty() } else { rest.starts_with('"') };
            let prefixed =
                id.split_once('-').is_some_and(|(p, rest)| prefixes.iter().any(|q| q == p) && !rest.is_empty());
            if literal && (opening != "\"" || prefixed) && !found.contains(&id) {
                found.push(id);
            }
        }
    }
    found
}

/// The ids `text` names that a language lacks, as `<id> (<lang>)`.
fn missing_ids(text: &str) -> Vec<String> {
    let mut missing = Vec::new();
    for id in ids_named(text) {
        for lang in [Lang::En, Lang::Pt] {
            if !has_message(lang, &id) {
                missing.push(format!("{id} ({lang:?})"));
            }
        }
    }
    missing
}

/// Every message id written in the code is in both languages.
#[test]
fn every_message_id_in_the_code_is_in_both_languages() {
    let mut files = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    let mut missing = Vec::new();
    let mut seen = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        // i18n.rs tests ids that do not exist on purpose.
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("i18n.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        seen += ids_named(&text).len();
        missing.extend(missing_ids(&text).into_iter().map(|m| format!("{}: {m}", path.display())));
    }
    assert!(seen > 300, "the scan found only {seen} ids");
    assert!(missing.is_empty(), "message ids missing:\n{}", missing.join("\n"));
}

/// The scan above catches a misspelled id, whether it is given to `Message::new`, to `tr` or to a
/// helper that words it.
#[test]
fn the_message_id_scan_catches_a_misspelled_id() {
    let good = r#"Message::new("viol-not-a-meld"); tr("table-game-over", &[]); say(out, "", "table-stock", &a);"#;
    assert_eq!(missing_ids(good), Vec::<String>::new());
    assert_eq!(ids_named(good), ["viol-not-a-meld", "table-game-over", "table-stock"]);
    for bad in
        [r#"Message::new("viol-not-a-mold")"#, r#"x(tr("table-game-ovr", &[]))"#, r#"say(out, "", "table-stok")"#]
    {
        assert_eq!(missing_ids(bad).len(), 2, "{bad}: missing in both languages");
    }
    assert_eq!(ids_named(r#"Violation::illegal("meld-invalid", d)"#), Vec::<String>::new(), "a rule id is no message");
}

/// The shared rummy parser words its refusals with the game's own command words: with ITP's
/// words they read exactly as they always did (both languages), and with another game's words
/// no ITP word is left in them.
#[test]
fn the_rummy_parser_names_the_games_own_commands() {
    use juiz::games::rummy::{Commands, read};
    use juiz::i18n::say_in;
    let said = |lang, line: &str, words: &Commands| say_in(lang, &read(line, words).unwrap_err().detail);
    let itp = Commands::ITP_CLOSED_PILE;
    for (line, en, pt) in [
        (
            "FOO",
            "unknown command 'FOO' (expected GET_STOCK, GET_DISCARD, MELD_NEW, MELD_JOIN or DISCARD)",
            "comando desconhecido 'FOO' (esperava-se GET_STOCK, GET_DISCARD, MELD_NEW, MELD_JOIN ou DISCARD)",
        ),
        (
            "DISCARD",
            "DISCARD takes exactly one card, got 0 arguments",
            "DISCARD recebe exatamente uma carta, mas recebeu 0 argumentos",
        ),
        (
            "GET_DISCARD_JOIN 1 2",
            "GET_DISCARD_JOIN takes exactly one meld index, got 2 arguments",
            "GET_DISCARD_JOIN recebe exatamente um índice de jogo, mas recebeu 2 argumentos",
        ),
        (
            "MELD_JOIN",
            "MELD_JOIN needs a meld index and a list of cards",
            "MELD_JOIN precisa de um índice de jogo e de uma lista de cartas",
        ),
        (
            "MELD_JOIN 0 8♣",
            "MELD_JOIN needs its cards between brackets: MELD_JOIN <index> [ c1 c2 ... ]",
            "MELD_JOIN precisa das cartas entre colchetes: MELD_JOIN <índice> [ c1 c2 ... ]",
        ),
    ] {
        assert_eq!(said(Lang::En, line, &itp), en, "{line}");
        assert_eq!(said(Lang::Pt, line, &itp), pt, "{line}");
    }
    let other = Commands {
        draw_stock: "DRAW",
        take_discard: "TAKE",
        take_discard_join: None,
        meld_new: "LAY",
        meld_join: "ADD",
        discard: "DROP",
    };
    assert_eq!(
        said(Lang::En, "GET_STOCK", &other),
        "unknown command 'GET_STOCK' (expected DRAW, TAKE, LAY, ADD or DROP)"
    );
    assert_eq!(said(Lang::En, "DROP 1♣ 2♣", &other), "DROP takes exactly one card, got 2 arguments");
    assert_eq!(
        said(Lang::Pt, "ADD 0 5♣", &other),
        "ADD precisa das cartas entre colchetes: ADD <índice> [ c1 c2 ... ]"
    );
    assert!(read("GET_DISCARD_JOIN 0", &other).is_err() && read("DRAW", &other).is_ok());
}

/// A game's own message ids have a prefix of its own (the doc's step): no two games share one,
/// and the scan above reads them from the registry (Canasta's `cn`, Shengji's `sj`).
#[test]
fn each_games_own_prefixes_are_its_alone_and_scanned() {
    let games = game_prefixes();
    for (i, (kind, own)) in games.iter().enumerate() {
        for (other, theirs) in &games[i + 1..] {
            // The Buraco variants share one folder and one messages file.
            if kind.def().messages_en != other.def().messages_en {
                assert!(
                    own.is_disjoint(theirs),
                    "{kind} and {other} share the prefixes {:?}",
                    own.intersection(theirs)
                );
            }
        }
    }
    let scanned = message_prefixes();
    assert!(["cn", "sj"].iter().all(|p| scanned.iter().any(|q| q == p)), "{scanned:?}");
    assert_eq!(ids_named(r#"x("cn-hint-wait-for-it")"#), ["cn-hint-wait-for-it"], "a game's prefix is scanned");
}
