//! `ludoteca positions`: positions with the results of the games they came
//! from, for fitting the evaluation's weights (`ludoteca fit`). The engine
//! plays itself from random openings of varied length, each side at a node
//! budget drawn from a list, so the games mix strong and weak play; every
//! position an engine moved from is written with the game's result for the
//! side to move there.

use std::fmt::Write as _;
use std::sync::Mutex;

use rules::{AnyGame, ByPlayer, GameSpec, Player, quote};
use search::eval::AnyEval;
use search::rng::Rng;

use crate::contestant::Contestant;
use crate::matches::play_out;

/// The first line of a positions file, naming its format.
pub const HEADER: &str = "# ludoteca positions 1";

/// What to play.
pub struct Plan {
    /// The game and its options.
    pub spec: GameSpec,
    /// How many games.
    pub games: u64,
    /// The node budgets a side may get, one drawn per side and game.
    pub nodes: Vec<u64>,
    /// The most random opening plies; each pair of games draws from 1 to it.
    pub opening: usize,
    /// The seed of everything random.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Only quiet positions: none where a move the quiescence search
    /// follows is legal ([`AnyEval::is_quiet`]).
    pub quiet: bool,
    /// RA: each position with the result of its own match (a game is
    /// matches up to a target score) instead of the whole game's.
    pub by_match: bool,
    /// The command line, written into the file's head.
    pub command: String,
}

/// A position seen in a game: who moved from it, its text, and in RA the
/// match it is in and the score then.
struct Seen {
    player: Player,
    text: String,
    round: Option<(u16, ByPlayer<u16>)>,
}

/// Who won the match that position `i` of `seen` is in: the side whose
/// score has grown at the next match's first position (neither: a drawn
/// match); the game's winner for its last match.
fn match_winner(seen: &[Seen], i: usize, game_winner: Option<Player>) -> Option<Player> {
    let Some((number, score)) = seen[i].round else { return game_winner };
    let after = seen[i + 1..].iter().find_map(|s| s.round.filter(|(m, _)| *m > number).map(|(_, s)| s));
    let Some(after) = after else { return game_winner };
    let gained = |p: Player| after[p] > score[p];
    match (gained(Player::Black), gained(Player::White)) {
        (true, false) => Some(Player::Black),
        (false, true) => Some(Player::White),
        _ => None,
    }
}

/// A position's line: the game's number, the result for the side to move
/// (1 a win, 0.5 a draw, 0 a loss), the position text.
fn line(game: u64, result: f32, position: &str) -> String {
    format!("{game}\t{result}\t{position}\n")
}

/// The result of a game won by `winner` (none: a draw) for `player`.
fn result_for(winner: Option<Player>, player: Player) -> f32 {
    match winner {
        Some(w) if w == player => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Plays game `index` and gives its lines.
fn game_lines(plan: &Plan, index: u64) -> Result<String, String> {
    let mut rng = Rng::new(plan.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut budget = || format!("nodes:{}", plan.nodes[rng.below(plan.nodes.len())]);
    let a: Contestant = budget().parse()?;
    let b: Contestant = budget().parse()?;
    // Both games of a pair start from the same opening, colours swapped.
    let plies = 1 + (Rng::new(plan.seed.wrapping_add(index / 2)).below(plan.opening.max(1)));
    let mut seen = Vec::new();
    let eval = AnyEval::for_spec(&plan.spec);
    let played = play_out(&plan.spec, [&a, &b], index, plan.seed, plies, 64, &mut |g| {
        let round = match g {
            AnyGame::Ra(r) if plan.by_match => Some((r.match_number(), r.score())),
            _ => None,
        };
        // (Every position is kept until the labels are known: a match's
        // winner is read from the next match's first position.)
        let text = if plan.quiet && !eval.is_quiet(g) { String::new() } else { g.position_text() };
        seen.push(Seen { player: g.to_move(), text, round });
    })?;
    let winner = played.winner();
    let mut out = String::new();
    for (i, s) in seen.iter().enumerate().filter(|(_, s)| !s.text.is_empty()) {
        out.push_str(&line(index, result_for(match_winner(&seen, i, winner), s.player), &s.text));
    }
    Ok(out)
}

/// Plays the games and writes their positions to `out`; returns a summary.
///
/// # Errors
/// An engine that cannot be made, or a failed write.
pub fn generate(plan: &Plan, out: &mut (dyn std::io::Write + Send)) -> Result<String, String> {
    if plan.nodes.is_empty() {
        return Err("--nodes needs at least one budget".to_owned());
    }
    let write_error = |e: std::io::Error| format!("could not write the positions: {e}");
    writeln!(out, "{HEADER}").map_err(write_error)?;
    writeln!(out, "# {}", plan.command).map_err(write_error)?;
    writeln!(out, "# game\tresult for the side to move\tposition").map_err(write_error)?;
    let bar = crate::progress::bar(plan.games, "games");
    let shared = Mutex::new((out, 0u64, 0u64, None::<String>));
    let jobs = plan.jobs.clamp(1, 64) as u64;
    std::thread::scope(|scope| {
        for job in 0..jobs {
            let (shared, bar) = (&shared, &bar);
            scope.spawn(move || {
                for index in (0..plan.games).filter(|i| i % jobs == job) {
                    let lines = game_lines(plan, index);
                    let Ok(mut state) = shared.lock() else { return };
                    if state.3.is_some() {
                        return;
                    }
                    match lines {
                        Ok(text) => {
                            if let Err(e) = state.0.write_all(text.as_bytes()) {
                                state.3 = Some(write_error(e));
                                return;
                            }
                            state.1 += 1;
                            state.2 += text.lines().count() as u64;
                        }
                        Err(e) => {
                            state.3 = Some(e);
                            return;
                        }
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let (out, games, positions, failure) = shared.into_inner().map_err(|_| "a game's thread failed".to_owned())?;
    if let Some(failure) = failure {
        return Err(failure);
    }
    out.flush().map_err(write_error)?;
    let mut summary = String::new();
    let _ = writeln!(summary, "games {games} positions {positions} ({})", quote(&plan.spec.to_string()));
    Ok(summary)
}

/// `ludoteca positions`' arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game and its options.
    #[arg(allow_negative_numbers = true)]
    spec: String,
    /// The file to write (replaced if it is there).
    #[arg(long)]
    out: std::path::PathBuf,
    /// How many games, at least 1.
    #[arg(long, default_value_t = 1000, value_parser = crate::args::count, allow_hyphen_values = true)]
    games: u64,
    /// The node budgets a side may get, comma-separated: each side of each game draws one.
    #[arg(long, default_value = "1000,4000,16000", allow_hyphen_values = true)]
    nodes: String,
    /// The most random plies of an opening, 1 to 1000: each pair of games draws from 1 to it.
    #[arg(long, default_value_t = 8, value_parser = crate::args::opening, allow_hyphen_values = true)]
    opening: usize,
    /// The random seed of the openings, the budgets and the engines.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// Games played at once, 1 to 64.
    #[arg(long, default_value_t = 1, value_parser = crate::args::jobs, allow_hyphen_values = true)]
    jobs: usize,
    /// Only quiet positions: none where a capture (or in RA a move onto the RA cell) is legal.
    #[arg(long)]
    quiet: bool,
    /// RA: each position with the result of its own match, not the whole game's.
    #[arg(long)]
    by_match: bool,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A bad spec or budget, an engine that cannot be made, a file that cannot be written.
    pub fn run(&self, command_line: &str) -> Result<String, String> {
        let spec = crate::inputs::spec(&self.spec)?;
        if self.by_match && !matches!(spec, GameSpec::Ra(_)) {
            return Err("--by-match is for RA, whose games are matches up to a target score".to_owned());
        }
        let nodes = self
            .nodes
            .split(',')
            .map(|n| crate::args::count(n.trim()).map_err(|e| format!("--nodes {}: {e}", quote(n))))
            .collect::<Result<Vec<u64>, String>>()?;
        let plan = Plan {
            spec,
            games: self.games,
            nodes,
            opening: self.opening.max(1),
            seed: self.seed,
            jobs: self.jobs,
            quiet: self.quiet,
            by_match: self.by_match,
            command: format!("ludoteca {command_line}"),
        };
        let file = std::fs::File::create(&self.out)
            .map_err(|e| format!("could not write {}: {e}", quote(&self.out.display().to_string())))?;
        let mut out = std::io::BufWriter::new(file);
        generate(&plan, &mut out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(games: u64, jobs: usize) -> Plan {
        Plan {
            spec: "loa:size=6".parse().unwrap(),
            games,
            nodes: vec![50, 200],
            opening: 4,
            seed: 7,
            jobs,
            quiet: false,
            by_match: false,
            command: "test".to_owned(),
        }
    }

    #[test]
    fn every_position_reads_back_with_its_game_result() {
        let mut out = Vec::new();
        let summary = generate(&plan(4, 1), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(HEADER), "{text}");
        let spec: GameSpec = "loa:size=6".parse().unwrap();
        let rows: Vec<Vec<&str>> =
            text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').collect()).collect();
        assert!(summary.contains(&format!("positions {}", rows.len())), "{summary}");
        assert!(rows.len() > 8);
        for row in &rows {
            let game = spec.position(row[2]).unwrap();
            assert!(game.outcome().is_none());
            assert!(["1", "0.5", "0"].contains(&row[1]), "{row:?}");
        }
        // Within a game, the results alternate with the side to move (or
        // are all draws).
        let first: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0] == "0").collect();
        for pair in first.windows(2) {
            let to_move = |r: &Vec<&str>| spec.position(r[2]).unwrap().to_move();
            if to_move(pair[0]) == to_move(pair[1]) {
                assert_eq!(pair[0][1], pair[1][1]);
            } else if pair[0][1] != "0.5" {
                assert_ne!(pair[0][1], pair[1][1]);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_positions_however_many_jobs() {
        let sorted = |jobs| {
            let mut out = Vec::new();
            generate(&plan(4, jobs), &mut out).unwrap();
            let mut lines: Vec<String> = String::from_utf8(out).unwrap().lines().map(str::to_owned).collect();
            lines.sort();
            lines
        };
        assert_eq!(sorted(1), sorted(2));
    }

    /// The rows of a generated file: game, result, position.
    fn rows(plan: &Plan) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        generate(plan, &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let mut f = l.split('\t').map(str::to_owned);
                (f.next().unwrap(), f.next().unwrap(), f.next().unwrap())
            })
            .collect()
    }

    #[test]
    fn quiet_keeps_only_the_positions_without_a_capture_or_a_scoring_move() {
        let ra = Plan { spec: "ra".parse().unwrap(), nodes: vec![200], quiet: false, ..plan(2, 1) };
        let all = rows(&ra);
        let quiet = rows(&Plan { quiet: true, ..ra });
        assert!(!quiet.is_empty() && quiet.len() < all.len(), "{} of {}", quiet.len(), all.len());
        let eval = AnyEval::new(rules::GameKind::Ra);
        let spec: GameSpec = "ra".parse().unwrap();
        for (_, _, text) in &quiet {
            assert!(eval.is_quiet(&spec.position(text).unwrap()), "{text}");
        }
        // The same positions, the same results: a subset of the whole.
        assert!(quiet.iter().all(|r| all.contains(r)));
    }

    #[test]
    fn by_match_gives_each_ra_position_its_own_matchs_result() {
        let spec: GameSpec = "ra".parse().unwrap();
        let ra = Plan { spec, nodes: vec![200], ..plan(2, 1) };
        let whole = rows(&ra);
        let by_match = rows(&Plan { by_match: true, ..ra });
        assert_eq!(whole.len(), by_match.len());
        // Within a game the labels change only where a match ends, and every
        // position of the last match has the game's own result.
        let number = |text: &str| match spec.position(text).unwrap() {
            AnyGame::Ra(r) => r.match_number(),
            _ => unreachable!(),
        };
        let mut differ = 0;
        for game in ["0", "1"] {
            let w: Vec<_> = whole.iter().filter(|r| r.0 == game).collect();
            let m: Vec<_> = by_match.iter().filter(|r| r.0 == game).collect();
            let last = m.iter().map(|r| number(&r.2)).max().unwrap();
            for (a, b) in w.iter().zip(&m) {
                assert_eq!(a.2, b.2);
                if number(&b.2) == last {
                    assert_eq!(a.1, b.1, "{}", b.2);
                }
                differ += usize::from(a.1 != b.1);
            }
        }
        // These games run to several matches, and not every one goes to the game's winner.
        assert!(by_match.iter().any(|r| number(&r.2) > 1));
        assert!(differ > 0, "some match went the other way");
    }
}
