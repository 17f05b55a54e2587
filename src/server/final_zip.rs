//! `final.zip`: the final tournament's folder (`tournament.json` of relative paths, the bots'
//! sources in `bots/`, `results/` with the report and the published deal secret, a README with
//! the command that replays it), every server path taken out of its text files, written whole.

use std::io::Write;
use std::path::Path;

use super::error::ServerError;

/// Copies the file or folder `from` to `to` (a folder's files and subfolders, recursively).
pub fn copy_into(from: &Path, to: &Path) -> Result<(), ServerError> {
    if from.is_dir() {
        std::fs::create_dir_all(to).map_err(ServerError::io(to))?;
        for entry in std::fs::read_dir(from).map_err(ServerError::io(from))? {
            let entry = entry.map_err(ServerError::io(from))?;
            if entry.file_type().map_err(ServerError::io(from))?.is_symlink() {
                continue;
            }
            copy_into(&entry.path(), &to.join(entry.file_name()))?;
        }
        Ok(())
    } else {
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(ServerError::io(parent))?;
        }
        std::fs::copy(from, to).map(|_| ()).map_err(ServerError::io(from))
    }
}

/// How to replay the final from the unpacked zip.
pub const README: &str = "The final tournament, self-contained.\n\n\
    tournament.json  the tournament, its bots' paths relative to this folder\n\
    bots/            each bot's sources\n\
    results/         games.csv, standings, the report (index.html), the logs, the deal secret\n\n\
    Replay the same games (the same deals, from the published secret) on any machine with juiz:\n\n\
    \x20   cd final && chmod 600 results/deal-secret\n\
    \x20   juiz tournament tournament.json --secret results/deal-secret --out replay\n\n\
    replay/games.csv then has the games of results/games.csv.\n";

/// Zips `dir` (the final's folder) into `dir/final.zip` under `final/`: its files in name order,
/// the builds and the zip itself left out, the server's folders (`dir`, `data`) removed from
/// every text file.
pub fn zip_final(dir: &Path, data: &Path) -> Result<(), ServerError> {
    let out = dir.join("final.zip");
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    files.retain(|f| !f.starts_with("final.zip") && f != "README.txt" && f != super::final_run::SOURCES_KEY);
    files.sort();
    let tmp = out.with_extension("zip.tmp");
    let file = std::fs::File::create(&tmp).map_err(ServerError::io(&tmp))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let zip_err = |e: zip::result::ZipError| ServerError::Other(format!("writing final.zip: {e}"));
    let prefixes = [format!("{}/", dir.display()), format!("{}/", data.display())];
    zip.start_file("final/README.txt", options).map_err(zip_err)?;
    zip.write_all(README.as_bytes()).map_err(ServerError::io(&tmp))?;
    for rel in files {
        // The deal secret stays private once unpacked (`--secret` refuses a file others read).
        let mode = if rel.ends_with(crate::tournament::SECRET_FILE) { 0o600 } else { 0o644 };
        zip.start_file(format!("final/{rel}"), options.unix_permissions(mode)).map_err(zip_err)?;
        let bytes = std::fs::read(dir.join(&rel)).map_err(ServerError::io(dir))?;
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => prefixes.iter().fold(text, |t, p| t.replace(p.as_str(), "")).into_bytes(),
            Err(e) => e.into_bytes(),
        };
        zip.write_all(&bytes).map_err(ServerError::io(&tmp))?;
    }
    zip.finish().map_err(zip_err)?;
    std::fs::rename(&tmp, &out).map_err(ServerError::io(&out))
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), ServerError> {
    for entry in std::fs::read_dir(dir).map_err(ServerError::io(dir))? {
        let path = entry.map_err(ServerError::io(dir))?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "build") {
                collect(root, &path, out)?;
            }
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.display().to_string());
        }
    }
    Ok(())
}
