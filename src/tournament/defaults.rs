//! The settings a tournament file left out and juiz applied by default, for the line
//! `juiz tournament` prints before the first game (docs/tournaments.md's tournament-file section lists the
//! same defaults).

use serde_json::Value;

use super::config::Tournament;

/// Top-level keys that have a default, in the canonical order.
const KEYS: [&str; 8] =
    ["game", "seed", "format", "games_per_pairing", "duplicate", "move_timeout", "players", "points"];

/// `key value` for every setting of `t` that its file's `text` did not set, in the canonical
/// order; the limits as `limits.memory 1GiB`. Empty when the file set them all (or is not a
/// JSON object, which `load` has refused anyway).
pub fn applied_defaults(text: &str, t: &Tournament) -> Vec<String> {
    let Ok(Value::Object(file)) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    let Ok(Value::Object(canonical)) = serde_json::from_str::<Value>(&t.to_json()) else {
        return Vec::new();
    };
    let mut applied: Vec<String> = KEYS
        .iter()
        .filter(|key| !file.contains_key(**key))
        .filter_map(|key| match canonical.get(*key) {
            Some(value) => Some(format!("{key} {}", shown(value))),
            // No seed: the deals come from a secret drawn for the run (`secret`).
            None if *key == "seed" => Some("seed none: a secret drawn for the run".to_string()),
            None => None,
        })
        .collect();
    let given = file.get("limits").and_then(Value::as_object);
    let mut limits = canonical.get("limits").and_then(Value::as_object).cloned().unwrap_or_default();
    // The canonical form leaves the disk quota out at its default (see `LimitsConfig::explicit`).
    if !limits.contains_key("disk")
        && let Some(disk) = t.limits.disk_bytes
    {
        limits.insert("disk".into(), Value::String(format!("{}MiB", disk >> 20)));
    }
    for (key, value) in &limits {
        if !given.is_some_and(|g| g.contains_key(key)) {
            applied.push(format!("limits.{key} {}", shown(value)));
        }
    }
    applied
}

/// A JSON value as a person reads it: text without quotes, `{"win": 1.0}` as `win 1`.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.as_f64().filter(|f| f.fract() == 0.0).map_or_else(|| n.to_string(), |f| format!("{f}")),
        Value::Object(map) => map.iter().map(|(k, v)| format!("{k} {}", shown(v))).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_left_out_are_named_with_their_defaults() {
        let text = r#"{"name": "t", "seed": 5, "limits": {"memory": "512MiB"},
            "bots": [{"name": "a", "command": "sh"}, {"name": "b", "command": "sh"}]}"#;
        let t = Tournament::parse(text, false).unwrap();
        let applied = applied_defaults(text, &t);
        assert_eq!(
            applied[..7],
            [
                "game itp-buraco",
                "format round-robin",
                "games_per_pairing 2",
                "duplicate true",
                "move_timeout 3s",
                "players 2",
                "points draw 0.5, loss 0, win 1"
            ]
        );
        assert!(applied.contains(&"limits.cpu_time 60s".to_string()), "{applied:?}");
        assert!(applied.contains(&"limits.startup_timeout 10s".to_string()), "{applied:?}");
        assert!(applied.contains(&"limits.disk 64MiB".to_string()), "{applied:?}");
        assert!(!applied.iter().any(|a| a.starts_with("seed") || a.starts_with("limits.memory")), "{applied:?}");
    }
}
