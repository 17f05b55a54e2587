//! What an engine says to people without wording it: a message id of the `i18n` resources
//! (`src/i18n/*.ftl`) and its named arguments. The engine only names them; `i18n` turns a
//! message into text (English for transcripts, the process's language for the terminal).

/// One argument of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Shown as is (cards, ids, a token as the bot wrote it).
    Text(String),
    /// A count: shown as a plain number, and chooses plural forms.
    Number(i64),
    /// Another message, worded in the same language first (a clause of a longer sentence).
    Message(Box<Message>),
}

/// A localizable sentence: `id` names it in every language, `args` fill it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// The message `id` without arguments.
    pub fn new(id: &'static str) -> Message {
        Message { id, args: Vec::new() }
    }

    /// Adds the argument `name`, shown as `value` displays.
    pub fn text(mut self, name: &'static str, value: impl std::fmt::Display) -> Message {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// Adds the count `name`.
    pub fn number(mut self, name: &'static str, value: usize) -> Message {
        self.args.push((name, Arg::Number(i64::try_from(value).unwrap_or(i64::MAX))));
        self
    }

    /// Adds the clause `name`: another message.
    pub fn clause(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((name, Arg::Message(Box::new(value))));
        self
    }

    /// The text argument `name`, if the message has one (for tests and reports).
    pub fn arg_text(&self, name: &str) -> Option<&str> {
        self.args.iter().find_map(|(n, a)| match a {
            Arg::Text(text) if *n == name => Some(text.as_str()),
            _ => None,
        })
    }

    /// The message with every text argument (clauses included) passed through `f`: for example
    /// the referee replacing wire ids by full ids.
    pub fn map_texts(&self, f: &dyn Fn(&str) -> String) -> Message {
        let args = self
            .args
            .iter()
            .map(|(name, arg)| {
                let arg = match arg {
                    Arg::Text(text) => Arg::Text(f(text)),
                    Arg::Number(n) => Arg::Number(*n),
                    Arg::Message(m) => Arg::Message(Box::new(m.map_texts(f))),
                };
                (*name, arg)
            })
            .collect();
        Message { id: self.id, args }
    }
}
