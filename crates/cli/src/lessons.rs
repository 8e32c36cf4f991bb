//! `ludoteca lessons FILE…`: checks the lessons' data (`data/lessons/`,
//! the Learn page's steps) against the rules. Each step is a position and a
//! goal the learner meets with one move; the file lists every move that
//! meets it, and this command works the set out again from the rules and
//! requires the two to be the same, so that the page accepts exactly the
//! moves the goal describes. It also opens each step as the app's challenge
//! would (`solve=`), and keeps the texts short.
//!
//! The format, one step per line, fields split by tabs (shown as `→`):
//!
//! ```text
//! ludoteca-lessons 1
//! # a comment
//! lesson→GAME→TITLE→INTRO
//! step→SPEC→POSITION→GOAL→ACCEPT→TASK→HINT→DONE→SECTION
//! ```
//!
//! GOAL is a list of conditions the move meets, all of them: `win` (it wins
//! the game at once, in RA the game or the match it ends), `capture` (the
//! other side has fewer stones after it), `from=CELL`, `to=CELL`,
//! `stones=N` (RA), or `any`. ACCEPT: the moves that meet it, split by `|`
//! (the first is the one a hint shows). SECTION: the rules page's heading
//! the step teaches.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use ludoteca_core::session::model::challenge::Challenge;
use rules::{AnyGame, AnyMove, GameSpec, Player};

/// The first line of a lessons file.
pub const HEADER: &str = "ludoteca-lessons 1";
/// The longest task, in characters.
pub const MAX_TASK: usize = 90;
/// The longest hint, in characters.
pub const MAX_HINT: usize = 110;
/// The longest line after success, in characters.
pub const MAX_DONE: usize = 140;
/// How many steps a lesson has, at least and at most.
pub const STEPS: std::ops::RangeInclusive<usize> = 6..=12;

/// One step of a lesson, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The game and its options.
    pub spec: String,
    /// The position (spaces written `_`).
    pub position: String,
    /// The goal's conditions.
    pub goal: String,
    /// The moves that meet it, split by `|`.
    pub accept: String,
    /// What to do.
    pub task: String,
    /// Said after a wrong try.
    pub hint: String,
    /// Said after success.
    pub done: String,
    /// The rules page's section it teaches.
    pub section: String,
}

/// One game's lesson.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lesson {
    /// The game's id (`loa`, `ra`, `attract`, `forms`).
    pub game: String,
    /// Its title.
    pub title: String,
    /// What the game is about, in a sentence or two.
    pub intro: String,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// Reads a lessons file.
///
/// # Errors
/// The first line that does not read, by number.
pub fn read(text: &str) -> Result<Vec<Lesson>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, first)) if first.trim_end() == HEADER => {}
        _ => return Err(format!("line 1: not a lessons file (it begins with \"{HEADER}\")")),
    }
    let mut lessons: Vec<Lesson> = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.as_slice() {
            ["lesson", game, title, intro] => lessons.push(Lesson {
                game: (*game).to_owned(),
                title: (*title).to_owned(),
                intro: (*intro).to_owned(),
                steps: Vec::new(),
            }),
            ["step", spec, position, goal, accept, task, hint, done, section] => {
                let lesson = lessons.last_mut().ok_or_else(|| format!("line {n}: a step before any lesson line"))?;
                lesson.steps.push(Step {
                    spec: (*spec).to_owned(),
                    position: (*position).to_owned(),
                    goal: (*goal).to_owned(),
                    accept: (*accept).to_owned(),
                    task: (*task).to_owned(),
                    hint: (*hint).to_owned(),
                    done: (*done).to_owned(),
                    section: (*section).to_owned(),
                });
            }
            [kind, ..] => {
                return Err(format!(
                    "line {n}: {kind:?} with {} fields (a lesson line has 4, a step 9, split by tabs)",
                    fields.len()
                ));
            }
            [] => {}
        }
    }
    Ok(lessons)
}

/// A goal's condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Condition {
    Win,
    Capture,
    From(rules::CellId),
    To(rules::CellId),
    Stones(u8),
    Any,
}

fn conditions(spec: &GameSpec, goal: &str) -> Result<Vec<Condition>, String> {
    let cell = |name: &str| spec.cell_named(name).ok_or_else(|| format!("{name:?} is not a cell of this board"));
    let read = goal
        .split_whitespace()
        .map(|word| match word.split_once('=') {
            None if word == "win" => Ok(Condition::Win),
            None if word == "capture" => Ok(Condition::Capture),
            None if word == "any" => Ok(Condition::Any),
            Some(("from", name)) => cell(name).map(Condition::From),
            Some(("to", name)) => cell(name).map(Condition::To),
            Some(("stones", n)) => n.parse().map(Condition::Stones).map_err(|_| format!("stones={n}: not a number")),
            _ => Err(format!("{word:?} is not a condition (win, capture, from=, to=, stones=, any)")),
        })
        .collect::<Result<Vec<_>, String>>()?;
    if read.is_empty() { Err("no goal".to_owned()) } else { Ok(read) }
}

/// The other side's stones on the board.
fn stones_of(game: &AnyGame, player: Player) -> u32 {
    let spec = game.spec();
    spec.cells().filter_map(|c| game.piece_at(c)).filter(|p| p.owner == player).map(|p| u32::from(p.height)).sum()
}

fn meets(game: &AnyGame, mv: AnyMove, goal: &[Condition]) -> bool {
    let parts = game.move_parts(mv);
    let learner = game.to_move();
    let mut after = game.clone();
    after.play_unchecked(mv);
    goal.iter().all(|c| match *c {
        Condition::Win => after.decided() == Some(Some(learner)),
        Condition::Capture => stones_of(&after, learner.opponent()) < stones_of(game, learner.opponent()),
        Condition::From(cell) => parts.from == Some(cell),
        Condition::To(cell) => parts.to == Some(cell),
        Condition::Stones(n) => parts.stones == Some(n),
        Condition::Any => true,
    })
}

/// What is wrong with a step, in words (none: it is right).
#[must_use]
pub fn problems(lesson: &Lesson, step: &Step) -> Vec<String> {
    let mut out = Vec::new();
    let spec: GameSpec = match step.spec.parse() {
        Ok(spec) => spec,
        Err(e) => return vec![format!("its game {:?}: {e}", step.spec)],
    };
    if spec.kind().id() != lesson.game {
        out.push(format!("its game {} is not the lesson's {}", spec.kind().id(), lesson.game));
    }
    let game = match spec.position(&step.position.replace('_', " ")) {
        Ok(game) => game,
        Err(e) => {
            out.push(format!("its position: {e}"));
            return out;
        }
    };
    if game.decided().is_some() || game.outcome().is_some() {
        out.push("the game is already over in its position".to_owned());
    }
    let goal = match conditions(&spec, &step.goal) {
        Ok(goal) => goal,
        Err(e) => {
            out.push(format!("its goal: {e}"));
            return out;
        }
    };
    let wanted: Vec<String> =
        game.legal_moves().into_iter().filter(|&mv| meets(&game, mv, &goal)).map(|mv| mv.to_string()).collect();
    let listed: Vec<String> = step.accept.split('|').map(str::to_owned).collect();
    let (w, l): (BTreeSet<&String>, BTreeSet<&String>) = (wanted.iter().collect(), listed.iter().collect());
    let missing: Vec<&str> = w.difference(&l).map(|s| s.as_str()).collect();
    let extra: Vec<&str> = l.difference(&w).map(|s| s.as_str()).collect();
    if wanted.is_empty() {
        out.push(format!("no legal move meets its goal {:?}", step.goal));
    }
    if !missing.is_empty() {
        out.push(format!("moves that meet the goal but are not listed: {}", missing.join(" ")));
    }
    if !extra.is_empty() {
        out.push(format!("listed moves that do not meet the goal (or are not legal): {}", extra.join(" ")));
    }
    if l.len() != listed.len() {
        out.push("a move listed twice".to_owned());
    }
    if let Err(e) = Challenge::new(&game, [step.accept.as_str()]) {
        out.push(format!("the app cannot open it as a challenge: {e}"));
    }
    for (what, text, most) in
        [("task", &step.task, MAX_TASK), ("hint", &step.hint, MAX_HINT), ("line after success", &step.done, MAX_DONE)]
    {
        let n = text.chars().count();
        if n == 0 || n > most {
            out.push(format!("its {what} has {n} characters (1 to {most})"));
        }
    }
    out
}

/// Checks every lesson of a file; the problems, or one line per lesson.
///
/// # Errors
/// Every problem found, one per line, by lesson and step.
pub fn check(text: &str) -> Result<String, String> {
    let lessons = read(text)?;
    if lessons.is_empty() {
        return Err("no lesson in the file".to_owned());
    }
    let (mut out, mut bad) = (String::new(), String::new());
    for lesson in &lessons {
        if !STEPS.contains(&lesson.steps.len()) {
            let _ =
                writeln!(bad, "{}: {} steps ({} to {})", lesson.game, lesson.steps.len(), STEPS.start(), STEPS.end());
        }
        for (i, step) in lesson.steps.iter().enumerate() {
            for problem in problems(lesson, step) {
                let _ = writeln!(bad, "{} step {}: {problem}", lesson.game, i + 1);
            }
        }
        let _ = writeln!(out, "{}: {} steps, each goal's moves as listed", lesson.game, lesson.steps.len());
    }
    if bad.is_empty() { Ok(out) } else { Err(bad.trim_end().to_owned()) }
}

/// `ludoteca lessons`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The lesson files.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
}

impl Args {
    /// Runs the command: checks every file in turn.
    ///
    /// # Errors
    /// A file that cannot be read, and the first file's problems, as [`check`].
    pub fn run(&self) -> Result<String, String> {
        self.files.iter().try_fold(String::new(), |out, file| {
            let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let said = check(&text).map_err(|e| format!("{}:\n{e}", file.display()))?;
            Ok(out + &said)
        })
    }
}

#[cfg(test)]
mod tests;
