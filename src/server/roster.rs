//! The roster: a CSV of students (`id,name[,team]`, with a header line), ids checked (plain
//! names, no duplicates) before anything is served; and the names of students' versions.

use std::path::Path;

use super::error::ServerError;

/// One student of the roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Student {
    /// Plain: letters, digits, `_` and `-` (it names files and the student's bots).
    pub id: String,
    pub name: String,
    /// Empty when the roster has no team column or the cell is empty.
    pub team: String,
}

/// A student id: 1 to 40 letters, digits, `_` or `-`, not starting with `-`.
pub fn id_ok(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && !id.starts_with('-')
        && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
}

/// The bot name of a student's version: `alice.v3`.
pub fn version_name(student: &str, number: i64) -> String {
    format!("{student}.v{number}")
}

/// Whether `name` has the shape of a version's name (house bots must not).
pub fn is_version_name(name: &str) -> bool {
    name.rsplit_once(".v").is_some_and(|(_, n)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Reads the roster at `path`.
pub fn read_roster(path: &Path) -> Result<Vec<Student>, ServerError> {
    let bad = |message: String| ServerError::Roster { path: path.to_path_buf(), message };
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read it: {e}")))?;
    parse_roster(&text).map_err(bad)
}

/// Parses a roster's text; the first line is the header (`id,name,team`).
pub fn parse_roster(text: &str) -> Result<Vec<Student>, String> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| format!("bad header: {e}"))?.clone();
    let column = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (Some(id_col), Some(name_col)) = (column("id"), column("name")) else {
        return Err("the header must name the columns id and name (and optionally team)".into());
    };
    let team_col = column("team");
    let mut students: Vec<Student> = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.map_err(|e| format!("line {line}: {e}"))?;
        let cell = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or_default().to_string();
        let id = cell(Some(id_col));
        if !id_ok(&id) {
            return Err(format!("line {line}: id '{id}' is not allowed: use letters, digits, '_' or '-'"));
        }
        if students.iter().any(|s| s.id == id) {
            return Err(format!("line {line}: id '{id}' appears twice: each student needs an id of their own"));
        }
        let name = cell(Some(name_col));
        students.push(Student { id, name, team: cell(team_col) });
    }
    if students.is_empty() {
        return Err("no students: add one line per student under the header".into());
    }
    Ok(students)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rosters() {
        let r = parse_roster("id,name,team\nana,Ana Souza,t1\nbia, Bia ,\n").unwrap();
        assert_eq!(r[1], Student { id: "bia".into(), name: "Bia".into(), team: String::new() });
        assert_eq!(parse_roster("id,name\nana,Ana\n").unwrap()[0].team, "");
        assert!(parse_roster("id,name\nana,A\nana,B\n").unwrap_err().contains("appears twice"));
        assert!(parse_roster("id,name\n../x,A\n").unwrap_err().contains("not allowed"));
        assert!(parse_roster("name\nA\n").unwrap_err().contains("id and name"));
    }

    #[test]
    fn version_names() {
        assert_eq!(version_name("ana", 3), "ana.v3");
        assert!(is_version_name("ana.v3") && !is_version_name("smart") && !is_version_name("a.v"));
    }
}
