//! Rule options as data (`juiz play --rule NAME=VALUE`, a tournament's `"rules"`): each game
//! declares its options with their type, default and help; `read_options` checks every value
//! given against them before the game applies any, and words the errors the same way for every
//! game.

use crate::games::{RuleOptions, SetupError};

/// What values an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionType {
    /// A whole number from `min` to `max`.
    Number { min: i64, max: i64 },
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// One rule option of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOption {
    pub name: &'static str,
    pub kind: OptionType,
    /// The value the game plays with when the option is not given, as it would be written.
    pub default: &'static str,
    /// What the option sets, for help texts.
    pub help: &'static str,
}

/// A value given for an option, checked against its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValue<'a> {
    Number(i64),
    /// One of the option's words.
    Word(&'a str),
}

impl<'a> OptionValue<'a> {
    /// The number of a `Number` option (0 for a word: never, once checked).
    pub fn number(self) -> i64 {
        match self {
            OptionValue::Number(n) => n,
            OptionValue::Word(_) => 0,
        }
    }

    /// The word of a `Choice` option (empty for a number: never, once checked).
    pub fn word(self) -> &'a str {
        match self {
            OptionValue::Word(word) => word,
            OptionValue::Number(_) => "",
        }
    }
}

/// The error `message` about `game`'s options, naming the options it has.
pub fn option_error(game: &str, known: &[RuleOption], message: String) -> SetupError {
    let names: Vec<&str> = known.iter().map(|o| o.name).collect();
    let names = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
    SetupError::RuleOption { message: format!("{message} ({game}'s rule options: {names})") }
}

/// Checks every option `given` against `known` (the options of `game`), in name order, and returns
/// each with its value; the first unknown option or bad value is the error. Nothing is applied
/// until everything is checked.
pub fn read_options<'a>(
    game: &str,
    known: &'static [RuleOption],
    given: &'a RuleOptions,
) -> Result<Vec<(&'static str, OptionValue<'a>)>, SetupError> {
    let mut read = Vec::with_capacity(given.len());
    for (name, value) in given {
        let Some(option) = known.iter().find(|o| o.name == name) else {
            return Err(option_error(game, known, format!("unknown rule option '{name}'")));
        };
        let parsed = match option.kind {
            OptionType::Number { min, max } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => OptionValue::Number(n),
                _ => {
                    let message = format!("rule option {name}={value}: expected a whole number from {min} to {max}");
                    return Err(option_error(game, known, message));
                }
            },
            OptionType::Choice(words) => match words.iter().find(|w| **w == value) {
                Some(_) => OptionValue::Word(value.as_str()),
                None => {
                    let message = format!("rule option {name}={value}: expected {}", or_list(words));
                    return Err(option_error(game, known, message));
                }
            },
        };
        read.push((option.name, parsed));
    }
    Ok(read)
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[RuleOption] = &[
        RuleOption { name: "size", kind: OptionType::Number { min: 1, max: 3 }, default: "2", help: "" },
        RuleOption { name: "mode", kind: OptionType::Choice(&["a", "b", "c"]), default: "a", help: "" },
    ];

    fn given(pairs: &[(&str, &str)]) -> RuleOptions {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn values_are_checked_by_type_and_errors_name_the_known_options() {
        let options = given(&[("size", "3"), ("mode", "b")]);
        let read = read_options("g", KNOWN, &options).unwrap();
        assert_eq!(read, [("mode", OptionValue::Word("b")), ("size", OptionValue::Number(3))]);
        for (pairs, expected) in [
            (
                vec![("size", "4")],
                "rule option size=4: expected a whole number from 1 to 3 (g's rule options: size, mode)",
            ),
            (vec![("mode", "d")], "rule option mode=d: expected a, b or c (g's rule options: size, mode)"),
            (vec![("other", "1")], "unknown rule option 'other' (g's rule options: size, mode)"),
        ] {
            assert_eq!(read_options("g", KNOWN, &given(&pairs)).unwrap_err().to_string(), expected);
        }
        let none = read_options("h", &[], &given(&[("x", "1")])).unwrap_err();
        assert_eq!(none.to_string(), "unknown rule option 'x' (h's rule options: none)");
        assert_eq!(or_list(&["true", "false"]), "true or false");
    }
}
