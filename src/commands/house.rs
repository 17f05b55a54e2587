//! `juiz bot`: this process becomes a house bot, speaking the protocol on stdin/stdout.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use juiz::house::{self, Budget};

use super::{Failure, Outcome, SUCCESS};
use crate::cli::BotArgs;

pub fn house_bot(args: BotArgs) -> Outcome {
    let budget = Budget { playouts: args.playouts, max_ms: args.max_ms };
    let options = super::play::rule_options(args.game, &args.rules)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = BufWriter::new(io::stdout().lock());
    house::run(args.game, args.level, budget, &options, &mut input, &mut output)
        .map_err(|e| Failure { status: 1, message: format!("house bot {} of {}: {e}", args.level, args.game) })?;
    Ok(ExitCode::from(SUCCESS))
}
