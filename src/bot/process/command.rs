//! What a bot process is started from: its command line, already split and resolved (parsing
//! one, and building a lone source first, is `build/command.rs`'s).

/// A bot's command line: `argv[0]` is the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotCommand {
    pub argv: Vec<String>,
    /// The command as the user wrote it, for messages and results.
    pub display: String,
}
