//! Faults and their hints: what a bot did wrong (`fault.rs`), the evidence read about it (where it
//! was blocked, what its stderr says, why its program could not start), and the hint that
//! names the fix (`fault_hint.rs`). Words only: nothing here starts, watches or charges a bot.

pub(in crate::bot) mod blocked;
pub(in crate::bot) mod exec_check;
pub(in crate::bot) mod fault;
pub(in crate::bot) mod fault_hint;
pub(in crate::bot) mod hint_evidence;
