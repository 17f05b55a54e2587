//! Accounts without passwords: each student's secret link and the instructor's, as random tokens
//! from the operating system of which only the SHA-256 is stored; the roster copied into the
//! database; the form token that guards every state-changing request; the links CSV.

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
        .conn()
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

/// Gives `student` a new secret link (the old one stops working) and returns the token.
pub fn reissue(db: &Db, student: &str) -> Result<String, ServerError> {
    let token = new_token()?;
    let hash = sha256_hex(token.as_bytes());
    let changed = db.tx(|tx| tx.execute("UPDATE students SET token_hash = ?1 WHERE id = ?2", [&hash, student]))?;
    if changed == 0 {
        return Err(ServerError::Other(format!("no student '{student}' on the roster")));
    }
    Ok(token)
}

/// Takes `student`'s link away.
pub fn revoke(db: &Db, student: &str) -> Result<(), ServerError> {
    db.tx(|tx| tx.execute("UPDATE students SET token_hash = NULL WHERE id = ?1", [student]))?;
    Ok(())
}

/// A new admin token (the previous admin link stops working).
pub fn reissue_admin(db: &Db) -> Result<String, ServerError> {
    let token = new_token()?;
    db.set_setting("admin_token_hash", Some(&sha256_hex(token.as_bytes())))?;
    Ok(token)
}

/// New links for everyone on the roster and the instructor, as CSV (`id,name,team,link`; the
/// admin's line has the id `admin`). Every earlier link stops working.
pub fn links_csv(db: &Db, roster: &[Student], base: &str) -> Result<String, ServerError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut line = |cells: [&str; 4]| out.write_record(cells).map_err(|e| ServerError::Other(e.to_string()));
    line(["id", "name", "team", "link"])?;
    let admin = reissue_admin(db)?;
    line(["admin", "instructor", "", &format!("{base}/admin/{admin}")])?;
    for s in roster {
        let token = reissue(db, &s.id)?;
        line([&s.id, &s.name, &s.team, &format!("{base}/s/{token}")])?;
    }
    let bytes = out.into_inner().map_err(|e| ServerError::Other(e.to_string()))?;
    Ok(String::from_utf8(bytes).expect("CSV of text is text"))
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
        let csv = links_csv(&db, &roster, "http://x").unwrap();
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
