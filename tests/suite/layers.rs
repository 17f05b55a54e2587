//! The library's layers, read from the sources: which top-level module names which
//! (`crate::<module>` anywhere in its files), and that no two of them name each other through
//! any chain (no cycle), so the code reads top-down as `lib.rs` and `docs/reference.md` draw it.
//! Test-only code is left out (a file whose `//!` line starts "Test-only", and `tests.rs` /
//! `*_tests.rs` files): a test may reach up. The binary's modules (`cli`, `commands`) are
//! checked the same way, and so are the rooms of `src/bot/` (its sub-folders), through the
//! names `bot/mod.rs` re-exports too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn test_only(path: &Path, text: &str) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name == "tests.rs" || name.ends_with("_tests.rs") || text.trim_start().starts_with("//! Test-only")
}

/// The top-level modules `text` names (`crate::x`, or `x` inside `use crate::{…}`).
fn named(text: &str, tops: &BTreeSet<String>) -> BTreeSet<String> {
    named_under(text, "crate::", tops)
}

/// The modules of `tops` that `text` names right after `prefix` (alone or in a `{…}` group).
fn named_under(text: &str, prefix: &str, tops: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        rest = &rest[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let word: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if tops.contains(&word) {
                    found.insert(word);
                }
            }
        } else {
            let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if tops.contains(&word) {
                found.insert(word);
            }
        }
    }
    found
}

/// The module graph of `src/`: each top-level module and the ones its files name, with one
/// file per edge for the message.
fn graph() -> BTreeMap<String, BTreeMap<String, String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut tops = BTreeSet::new();
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() || (path.extension().is_some_and(|e| e == "rs") && stem != "lib" && stem != "main") {
            tops.insert(stem);
        }
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeMap<String, String>> =
        tops.iter().map(|t| (t.clone(), BTreeMap::new())).collect();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        let top = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
        if !tops.contains(&top) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        if test_only(&file, &text) {
            continue;
        }
        for other in named(&text, &tops) {
            if other != top {
                edges.get_mut(&top).unwrap().entry(other).or_insert_with(|| rel.display().to_string());
            }
        }
    }
    edges
}

/// A chain of edges from `from` back to `to`, if there is one.
fn path_to(
    edges: &BTreeMap<String, BTreeMap<String, String>>,
    from: &str,
    to: &str,
    seen: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if from == to {
        return Some(vec![to.to_owned()]);
    }
    if !seen.insert(from.to_owned()) {
        return None;
    }
    for next in edges[from].keys() {
        if let Some(mut rest) = path_to(edges, next, to, seen) {
            rest.insert(0, from.to_owned());
            return Some(rest);
        }
    }
    None
}

#[test]
fn no_top_level_module_reaches_back_to_itself() {
    let edges = graph();
    let mut cycles = Vec::new();
    for (from, targets) in &edges {
        for (to, file) in targets {
            if let Some(back) = path_to(&edges, to, from, &mut BTreeSet::new()) {
                cycles.push(format!("{from} -> {} (in {file})", back.join(" -> ")));
            }
        }
    }
    assert!(cycles.is_empty(), "module cycles (a lower layer names a higher one):\n{}", cycles.join("\n"));
}

#[test]
fn the_check_sees_a_cycle_when_there_is_one() {
    let tops: BTreeSet<String> = ["games", "house"].iter().map(|s| s.to_string()).collect();
    assert_eq!(named("use crate::{games::GameKind, house};", &tops), tops);
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    edges.entry("games".into()).or_default().insert("house".into(), "games/x.rs".into());
    edges.entry("house".into()).or_default().insert("games".into(), "house/y.rs".into());
    assert_eq!(path_to(&edges, "house", "games", &mut BTreeSet::new()), Some(vec!["house".into(), "games".into()]));
    // The engines stay below the house bots and the processes.
    let real = graph();
    for pure in ["cards", "games"] {
        for above in ["house", "bot", "referee", "tournament", "server", "i18n"] {
            assert!(!real[pure].contains_key(above), "{pure} names {above} in {}", real[pure][above]);
        }
    }
}

/// The rooms of `src/bot/` and, for each, the rooms its files name: `crate::bot::room`, or an
/// item `bot/mod.rs` re-exports from that room. A file's `#[cfg(test)] mod tests` is left out.
fn bot_rooms() -> (Vec<String>, BTreeMap<String, BTreeMap<String, String>>) {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bot");
    let mut loose = Vec::new();
    let mut rooms = BTreeSet::new();
    for entry in fs::read_dir(&bot).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            rooms.insert(name);
        } else if name != "mod.rs" {
            loose.push(name);
        }
    }
    // `pub use room::…::{A, B as C};` in bot/mod.rs: A and C live in `room`.
    let face = fs::read_to_string(bot.join("mod.rs")).unwrap();
    let mut home: BTreeMap<String, String> = BTreeMap::new();
    for export in face.split("use ").skip(1) {
        let export = &export[..export.find(';').unwrap_or(export.len())];
        let room: String = export.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !rooms.contains(&room) {
            continue;
        }
        let items =
            export.rsplit("::").next().unwrap().trim_matches(|c: char| c == '{' || c == '}' || c.is_whitespace());
        for item in items.split(',') {
            if let Some(name) = item.split_whitespace().last() {
                home.insert(name.to_owned(), room.clone());
            }
        }
    }
    let names: BTreeSet<String> = rooms.iter().cloned().chain(home.keys().cloned()).collect();
    let mut edges: BTreeMap<String, BTreeMap<String, String>> =
        rooms.iter().map(|r| (r.clone(), BTreeMap::new())).collect();
    for room in &rooms {
        let mut files = Vec::new();
        rust_files(&bot.join(room), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            if test_only(&file, &text) {
                continue;
            }
            let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
            for name in named_under(code, "crate::bot::", &names) {
                let other = home.get(&name).unwrap_or(&name);
                if other != room {
                    let rel = file.strip_prefix(&bot).unwrap().display().to_string();
                    edges.get_mut(room).unwrap().entry(other.clone()).or_insert(rel);
                }
            }
        }
    }
    (loose, edges)
}

#[test]
fn the_bot_module_is_in_rooms_that_never_reach_back() {
    let (loose, edges) = bot_rooms();
    assert!(loose.is_empty(), "src/bot/ holds files outside its rooms: {loose:?}");
    assert!(edges.len() >= 5, "src/bot/ has too few rooms: {:?}", edges.keys());
    let mut cycles = Vec::new();
    for (from, targets) in &edges {
        for (to, file) in targets {
            if let Some(back) = path_to(&edges, to, from, &mut BTreeSet::new()) {
                cycles.push(format!("{from} -> {} (in {file})", back.join(" -> ")));
            }
        }
    }
    assert!(cycles.is_empty(), "cycles between the rooms of src/bot/:\n{}", cycles.join("\n"));
    // The check sees what is there: the running bot is confined by the sandbox.
    assert!(edges["process"].contains_key("sandbox"), "{edges:?}");
    // The words of faults name no process, and the host's wrappers no box or sandbox.
    for (low, high) in [("faults", "process"), ("faults", "sandbox"), ("host", "boxes"), ("host", "sandbox")] {
        assert!(!edges[low].contains_key(high), "{low} names {high} in {}", edges[low][high]);
    }
}
