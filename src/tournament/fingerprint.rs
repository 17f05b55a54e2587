//! What each bot of a tournament is made of, recorded with its results: a digest of every file of
//! the bot's own (its C or Python source, its program when given as a path, files named in its
//! command), kept in `bots.csv`. Games played by one version of a bot are never mixed with games
//! of another: a run in a folder whose bots have changed is refused, naming the bot.
//! Programs found in `PATH` (`python3`) belong to the system and are not recorded.

use std::path::{Path, PathBuf};

use super::config::{BotRun, BotSpec};
use super::error::TournamentError;
use super::rows::{digest, write_atomic};

/// One file of a bot, with its digest (`missing` when it cannot be read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePrint {
    pub bot: String,
    pub path: PathBuf,
    pub digest: String,
}

/// The files of `spec`, in the order its command names them.
fn bot_files(spec: &BotSpec) -> Vec<PathBuf> {
    match &spec.run {
        BotRun::Build(source) => vec![source.clone()],
        BotRun::Unusable(_) => Vec::new(),
        BotRun::Command(text) => {
            let words = shlex::split(text).unwrap_or_default();
            words
                .iter()
                .enumerate()
                .filter(|(i, word)| (*i > 0 || word.contains('/') || words.len() == 1) && !word.starts_with('-'))
                .map(|(_, word)| PathBuf::from(word))
                .filter(|path| path.is_file())
                .collect()
        }
    }
}

/// Every bot's files with their digests, bots in tournament order.
pub fn fingerprints(bots: &[BotSpec]) -> Vec<FilePrint> {
    let mut prints = Vec::new();
    for spec in bots {
        for path in bot_files(spec) {
            let digest = std::fs::read(&path).map_or_else(|_| "missing".to_string(), |bytes| digest(&[&bytes]));
            prints.push(FilePrint { bot: spec.name.clone(), path, digest });
        }
    }
    prints
}

fn encode(prints: &[FilePrint]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["bot", "file", "digest"]).expect("writing to memory cannot fail");
    for p in prints {
        w.write_record([p.bot.as_str(), &p.path.to_string_lossy(), p.digest.as_str()])
            .expect("writing to memory cannot fail");
    }
    w.into_inner().expect("writing to memory cannot fail")
}

fn decode(bytes: &[u8]) -> Vec<FilePrint> {
    let mut reader = csv::Reader::from_reader(bytes);
    reader
        .records()
        .filter_map(Result::ok)
        .filter(|r| r.len() == 3)
        .map(|r| FilePrint { bot: r[0].to_string(), path: PathBuf::from(&r[1]), digest: r[2].to_string() })
        .collect()
}

/// The first bot whose files differ between `recorded` and `now`, with the file that differs.
fn first_change<'a>(recorded: &'a [FilePrint], now: &'a [FilePrint]) -> Option<(&'a str, PathBuf)> {
    let bots = now.iter().map(|p| p.bot.as_str());
    for bot in bots {
        let of = |list: &'a [FilePrint]| list.iter().filter(move |p| p.bot == bot);
        let (old, new): (Vec<_>, Vec<_>) = (of(recorded).collect(), of(now).collect());
        if let Some(p) = new.iter().find(|p| !old.contains(p)) {
            return Some((bot, p.path.clone()));
        }
        if let Some(p) = old.iter().find(|p| !new.contains(p)) {
            return Some((bot, p.path.clone()));
        }
    }
    None
}

/// Checks the bots against `out/bots.csv` when `out` holds games (`has_games`), and records
/// them there. A changed bot is an error naming it and how to start afresh.
pub fn check_and_record(bots: &[BotSpec], out: &Path, has_games: bool) -> Result<(), TournamentError> {
    let path = out.join("bots.csv");
    let now = fingerprints(bots);
    if has_games {
        match std::fs::read(&path) {
            Ok(bytes) => {
                if let Some((bot, file)) = first_change(&decode(&bytes), &now) {
                    return Err(TournamentError::BotChanged { dir: out.to_path_buf(), bot: bot.to_string(), file });
                }
                return Ok(());
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(TournamentError::io(&path)(e)),
        }
    }
    write_atomic(&path, &encode(&now))
}

/// For a merge: the bots of every folder that recorded them must be the same; `out` gets them.
pub fn merge_check(dirs: &[PathBuf], out: &Path) -> Result<(), TournamentError> {
    let mut first: Option<(&PathBuf, Vec<u8>)> = None;
    for dir in dirs {
        let Ok(bytes) = std::fs::read(dir.join("bots.csv")) else { continue };
        match &first {
            None => first = Some((dir, bytes)),
            Some((first_dir, recorded)) => {
                if let Some((bot, file)) = first_change(&decode(recorded), &decode(&bytes)) {
                    return Err(TournamentError::Merge(format!(
                        "bot '{bot}' differs between {} and {} ({} changed between the runs): \
                         play its games again with one version",
                        first_dir.display(),
                        dir.display(),
                        file.display()
                    )));
                }
            }
        }
    }
    match first {
        Some((_, bytes)) => write_atomic(&out.join("bots.csv"), &bytes),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str, command: &str) -> BotSpec {
        BotSpec {
            name: name.into(),
            run: BotRun::Command(command.into()),
            workdir: None,
            limits_config: None,
            limits: None,
        }
    }

    #[test]
    fn a_changed_script_is_found_and_system_programs_are_not_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("bot.py");
        std::fs::write(&script, "print('v1')").unwrap();
        let bots = [spec("a", &format!("python3 -u {}", script.display())), spec("b", "sh")];
        let first = fingerprints(&bots);
        assert_eq!(first.len(), 1, "{first:?}");
        assert_eq!(first[0].path, script);
        check_and_record(&bots, dir.path(), false).unwrap();
        check_and_record(&bots, dir.path(), true).unwrap();
        std::fs::write(&script, "print('v2')").unwrap();
        match check_and_record(&bots, dir.path(), true) {
            Err(TournamentError::BotChanged { bot, file, .. }) => assert_eq!((bot.as_str(), file), ("a", script)),
            other => panic!("expected BotChanged, got {other:?}"),
        }
    }
}
