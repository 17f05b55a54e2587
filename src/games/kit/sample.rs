//! Helpers of the engines' sample lines (`Engine::sample_lines`): shuffling with the caller's
//! random picks, so that the engines stay free of any generator of their own.

/// Shuffles `items` (Fisher–Yates) with `pick(n)`, a random index below `n`.
pub fn shuffle<T>(items: &mut [T], pick: &mut dyn FnMut(usize) -> usize) {
    for i in (1..items.len()).rev() {
        let j = pick(i + 1).min(i);
        items.swap(i, j);
    }
}
