//! The `games` and `weights` commands: what can be played, and the
//! evaluation weights a game's searcher uses.

use std::fmt::Write as _;

use rules::{GameKind, GameSpec};

/// The text of `ludoteca games`.
pub fn games() -> String {
    let mut out = String::new();
    for kind in GameKind::ALL {
        let _ = writeln!(out, "{} — {}", kind.id(), kind.name());
        if kind.options().is_empty() {
            let _ = writeln!(out, "    (no options)");
        }
        for option in kind.options() {
            let _ = writeln!(
                out,
                "    {}={}  (default {}): {}",
                option.key,
                option.values.join("|"),
                option.default,
                option.help
            );
        }
    }
    out
}

/// The `weights` command: the game's evaluation weights, one `NAME=VALUE` a line.
pub fn weights(spec: &GameSpec) -> String {
    let w = search::weights_for(spec);
    let mut out = String::new();
    for name in w.names() {
        let _ = writeln!(out, "{name}={}", w.get(name).unwrap_or_default());
    }
    out
}

/// `ludoteca weights`'s arguments.
#[derive(clap::Args, Debug)]
pub struct WeightsArgs {
    /// The game and its options.
    #[arg(allow_negative_numbers = true)]
    spec: String,
}

impl WeightsArgs {
    /// Runs the command.
    ///
    /// # Errors
    /// A spec that does not read.
    pub fn run(&self) -> Result<String, String> {
        crate::inputs::spec(&self.spec).map(|spec| weights(&spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_lists_options_and_defaults() {
        let out = games();
        assert!(out.contains("loa — Lines of Action"));
        assert!(out.contains("simultaneous=draw|mover  (default draw)"));
        for line in ["attract — Attract", "forms — Forms", "ra — RA", "rules=standard|advanced  (default standard)"]
        {
            assert!(out.contains(line), "{line}");
        }
    }
}
