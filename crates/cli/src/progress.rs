//! Progress on standard error for the long commands (`match`, `review`,
//! `solve`, `perft`): a bar or a spinner, drawn only when standard error is
//! a terminal — indicatif hides it otherwise, so pipes and files get
//! nothing (`match --progress` prints a line per game for them).

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// How often a spinner moves.
const TICK: Duration = Duration::from_millis(200);

/// A bar over `total` steps, `what` naming them (`games`, `positions`).
#[must_use]
pub fn bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template = format!("{{bar:32}} {{pos}} of {{len}} {what} · {{elapsed}} (about {{eta}} left)");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A spinner saying `message`, with the time spent so far.
#[must_use]
pub fn spinner(message: String) -> ProgressBar {
    let spinner = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} · {elapsed}") {
        spinner.set_style(style);
    }
    spinner.set_message(message);
    spinner.enable_steady_tick(TICK);
    spinner
}
