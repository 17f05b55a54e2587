//! Accounts without passwords: each student's secret link and the instructor's, as random tokens
//! from the operating system of which only the SHA-256 is stored; the roster copied into the
//! database; the form token that guards every state-changing request; the links CSV, which
//! gives links to students who have none and replaces one only when asked (`Reissue`). The
//! tokens themselves are kept too (the database is the server user's alone), so that a lost
//! link can be looked up and the admin link survives restarts.

use rand::TryRng;
use rusqlite::OptionalExtension;
use sha2::{Digest, Sha256};

use super::db::Db;
use super::error::ServerError;
use super::roster::Student;

/// Who a token belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    Admin,
    Student(String),
}

/// A new secret: 32 bytes from the operating system, as 64 hex digits.
pub fn new_token() -> Result<String, ServerError> {
    let mut bytes = [0u8; 32];
    rand::rngs::SysRng.try_fill_bytes(&mut bytes).map_err(|e| ServerError::Other(format!("no randomness: {e}")))?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of `text`, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Who holds `token`, if anyone (unknown or revoked tokens hold nothing).
pub fn who(db: &Db, token: &str) -> Result<Option<Who>, ServerError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let hash = sha256_hex(token.as_bytes());
    if db.setting("admin_token_hash")?.as_deref() == Some(hash.as_str()) {
        return Ok(Some(Who::Admin));
    }
    let student: Option<String> = db
        .read()
        .query_row("SELECT id FROM students WHERE token_hash = ?1 AND on_roster = 1", [&hash], |r| r.get(0))
        .optional()?;
    Ok(student.map(Who::Student))
}

/// The form token of the holder of `token`: a keyed hash no other page can compute.
pub fn form_token(db: &Db, token: &str) -> Result<String, ServerError> {
    let secret = match db.setting("form_secret")? {
        Some(s) => s,
        None => {
            let s = new_token()?;
            db.set_setting("form_secret", Some(&s))?;
            s
        }
    };
    Ok(sha256_hex(format!("form\0{secret}\0{token}").as_bytes()))
}

/// Copies the roster into the database: new students added, names and teams updated, students
/// no longer on it kept (their versions and games stay) but locked out.
pub fn sync_roster(db: &Db, roster: &[Student]) -> Result<(), ServerError> {
    db.tx(|tx| {
        tx.execute("UPDATE students SET on_roster = 0", [])?;
        for s in roster {
            tx.execute(
                "INSERT INTO students (id, name, team) VALUES (?1, ?2, ?3)
                 ON CONFLICT(id) DO UPDATE SET name = ?2, team = ?3, on_roster = 1",
                [&s.id, &s.name, &s.team],
            )?;
        }
        Ok(())
    })
}

/// Gives `student` a new secret link (the old one stops working) and returns the token. The
/// token is kept beside its hash so that the instructor can look the link up again (the
/// database is private to the server's user: `tidy::make_private`).
pub fn reissue(db: &Db, student: &str) -> Result<String, ServerError> {
    let token = new_token()?;
    let hash = sha256_hex(token.as_bytes());
    let changed = db.tx(|tx| {
        tx.execute("UPDATE students SET token_hash = ?1, token = ?3 WHERE id = ?2", [&hash, student, &token])
    })?;
    if changed == 0 {
        return Err(ServerError::Other(format!("no student '{student}' on the roster")));
    }
    Ok(token)
}

/// `student`'s link as it stands: `Some(token)` when it has one that was kept, `Ok(None)` when it
/// has none; a link issued before links were kept cannot be shown (`Err(())`: reissue it).
pub fn link_of(db: &Db, student: &str) -> Result<Result<Option<String>, ()>, ServerError> {
    let found: Option<(Option<String>, Option<String>)> = db
        .read()
        .query_row("SELECT token_hash, token FROM students WHERE id = ?1", [student], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(match found {
        None | Some((None, _)) => Ok(None),
        Some((Some(hash), Some(token))) if sha256_hex(token.as_bytes()) == hash => Ok(Some(token)),
        Some(_) => Err(()),
    })
}

/// Takes `student`'s link away.
pub fn revoke(db: &Db, student: &str) -> Result<(), ServerError> {
    db.tx(|tx| tx.execute("UPDATE students SET token_hash = NULL, token = NULL WHERE id = ?1", [student]))?;
    Ok(())
}

/// A new admin token (the previous admin link stops working), kept for the next start.
pub fn reissue_admin(db: &Db) -> Result<String, ServerError> {
    let token = new_token()?;
    db.tx(|tx| {
        for (key, value) in [("admin_token_hash", sha256_hex(token.as_bytes())), ("admin_token", token.clone())] {
            tx.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)", [key, &value])?;
        }
        Ok(())
    })?;
    Ok(token)
}

/// The admin token: the kept one (it survives restarts), else a new one.
pub fn admin_token(db: &Db) -> Result<String, ServerError> {
    match (db.setting("admin_token")?, db.setting("admin_token_hash")?) {
        (Some(token), Some(hash)) if sha256_hex(token.as_bytes()) == hash => Ok(token),
        _ => reissue_admin(db),
    }
}

/// Whose links `links_csv` replaces (`--reissue`): nobody's, everyone's, or one id's (`admin`
/// for the instructor's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reissue {
    Nobody,
    Everyone,
    One(String),
}

/// Everyone's link as CSV (`id,name,team,link`; the admin's line has the id `admin`): the links
/// that exist, kept, and new ones for students who have none; `reissue` replaces links (the old
/// ones stop working). Also the students whose old link cannot be shown (issued before links
/// were kept), left out of the CSV.
pub fn links_csv(
    db: &Db,
    roster: &[Student],
    base: &str,
    reissue: &Reissue,
) -> Result<(String, Vec<String>), ServerError> {
    let again = |id: &str| match reissue {
        Reissue::Nobody => false,
        Reissue::Everyone => true,
        Reissue::One(one) => one == id,
    };
    if let Reissue::One(id) = reissue
        && id != "admin"
        && !roster.iter().any(|s| &s.id == id)
    {
        return Err(ServerError::Other(format!("--reissue {id}: no student '{id}' on the roster")));
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut line = |cells: [&str; 4]| out.write_record(cells).map_err(|e| ServerError::Other(e.to_string()));
    line(["id", "name", "team", "link"])?;
    let admin = if again("admin") { reissue_admin(db)? } else { admin_token(db)? };
    line(["admin", "instructor", "", &format!("{base}/admin/{admin}")])?;
    let mut hidden = Vec::new();
    for s in roster {
        let token = match (again(&s.id), link_of(db, &s.id)?) {
            (false, Ok(Some(token))) => token,
            (false, Err(())) => {
                hidden.push(s.id.clone());
                continue;
            }
            _ => super::accounts::reissue(db, &s.id)?,
        };
        line([&s.id, &s.name, &s.team, &format!("{base}/s/{token}")])?;
    }
    let bytes = out.into_inner().map_err(|e| ServerError::Other(e.to_string()))?;
    Ok((String::from_utf8(bytes).expect("CSV of text is text"), hidden))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_checked_by_hash_and_revocable() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        let roster = vec![Student { id: "ana".into(), name: "Ana".into(), team: String::new() }];
        sync_roster(&db, &roster).unwrap();
        let (csv, _) = links_csv(&db, &roster, "http://x", &Reissue::Nobody).unwrap();
        let (again, hidden) = links_csv(&db, &roster, "http://x", &Reissue::Nobody).unwrap();
        assert_eq!((again.as_str(), hidden.len()), (csv.as_str(), 0), "a second --links revokes nothing");
        let (other, _) = links_csv(&db, &roster, "http://x", &Reissue::One("ana".into())).unwrap();
        assert_eq!(other.lines().nth(1), csv.lines().nth(1), "the admin's link is kept");
        assert_ne!(other.lines().nth(2), csv.lines().nth(2), "ana's is new");
        let csv = other;
        let token = csv.lines().nth(2).unwrap().rsplit('/').next().unwrap().to_string();
        assert_eq!(who(&db, &token).unwrap(), Some(Who::Student("ana".into())));
        let stored: String = db.conn().query_row("SELECT token_hash FROM students", [], |r| r.get(0)).unwrap();
        assert_ne!(stored, token, "only the hash is stored");
        let admin = csv.lines().nth(1).unwrap().rsplit('/').next().unwrap().to_string();
        assert_eq!(who(&db, &admin).unwrap(), Some(Who::Admin));
        revoke(&db, "ana").unwrap();
        assert_eq!(who(&db, &token).unwrap(), None);
        assert_eq!(who(&db, "nonsense").unwrap(), None);
        assert_ne!(form_token(&db, &token).unwrap(), form_token(&db, &admin).unwrap());
    }
}
