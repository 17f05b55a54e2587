//! Issue 38: the docs that list the games list the registered ones, read from the registry
//! (`GameKind::ALL`): `docs/playing.md`'s `--game` synopsis and its paragraph of rule options,
//! `docs/tournaments.md`'s `game` key and `protocol.md`'s section per game. Adding a game fails
//! here, naming the file, until its docs are written. (The README's table of games and
//! `docs/rules/` are checked by `scratch_game.rs`.)

use juiz::games::GameKind;

use crate::common::root;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The registered games' names, in the registry's order.
fn names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// The words in backticks of `text`, in order.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

#[test]
fn playing_md_synopsis_lists_every_registered_game() {
    let doc = read("docs/playing.md");
    let synopsis = format!("juiz play [--game {}]", names().join("|"));
    assert!(
        doc.contains(&synopsis),
        "docs/playing.md: the synopsis of `juiz play` should read `{synopsis}` (the registry's games, in its order)"
    );
}

#[test]
fn playing_md_names_every_games_rule_options() {
    let doc = read("docs/playing.md");
    let paragraph: String = doc
        .split("**Rule options.**")
        .nth(1)
        .expect("docs/playing.md has a paragraph **Rule options.**")
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    for kind in GameKind::ALL {
        let name = kind.name();
        let at = paragraph
            .find(&format!(" {name} "))
            .unwrap_or_else(|| panic!("docs/playing.md: the paragraph of rule options does not name {name}"));
        // The game's options follow its name, up to the next game named.
        let rest = &paragraph[at + name.len() + 2..];
        let end = names()
            .iter()
            .filter_map(|other| rest.find(&format!(" {other} ")).or_else(|| rest.find(&format!("; {other} "))))
            .min()
            .unwrap_or(rest.len());
        let own = &rest[..end];
        if kind.options().is_empty() {
            assert!(
                own.starts_with("none"),
                "docs/playing.md: {name} has no rule options, the paragraph should say `{name} none`"
            );
        }
        for option in kind.options() {
            assert!(
                quoted(own).contains(&option.name),
                "docs/playing.md: the paragraph of rule options does not name {name}'s `{}`",
                option.name
            );
        }
    }
}

#[test]
fn tournaments_md_game_key_lists_every_registered_game() {
    let doc = read("docs/tournaments.md");
    let row =
        doc.lines().find(|l| l.starts_with("| `game` |")).expect("docs/tournaments.md has a row for the `game` key");
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(
        cells.get(2).copied(),
        Some(format!("`{}`", GameKind::DEFAULT.name()).as_str()),
        "docs/tournaments.md: the `game` key's default is the registry's first game"
    );
    let listed = quoted(cells.get(3).copied().unwrap_or_default());
    assert_eq!(
        listed,
        names(),
        "docs/tournaments.md: the `game` key should list the registered games, in the registry's order"
    );
}

#[test]
fn protocol_md_has_a_section_per_registered_game() {
    let doc = read("protocol.md");
    let headed: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("## "))
        .filter_map(|l| l.split("(`--game ").nth(1))
        .filter_map(|rest| rest.split_once("`)").map(|(name, _)| name))
        .collect();
    for name in names() {
        assert!(headed.contains(&name), "protocol.md has no section headed (`--game {name}`)");
    }
    for name in &headed {
        assert!(names().contains(name), "protocol.md has a section for {name}, which is not registered");
    }
}
