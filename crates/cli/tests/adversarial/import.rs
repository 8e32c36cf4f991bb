//! The adversarial family for `import`: a file as a person might paste
//! it — a record, a move list as web pages write them, two games, SGF —
//! mutated or not, with the command's options spread.

use rules::checks::Rng;

use crate::generate::{SMALL_SPECS, mutate, number_text, random_game, spec_text};

/// `import FILE`: a random game written as a record of ours, as a move
/// list the way web pages write them (numbers glued or none, upper case,
/// marks, comments, a result, sometimes a second game), or as SGF;
/// mutated or not; with the options spread.
pub(crate) fn import_file(args: &mut Vec<String>, rng: &mut Rng, files: &std::path::Path) {
    let spec = rng.pick(SMALL_SPECS).to_string();
    let (moves, _) = random_game(&spec.parse().unwrap(), rng.below(40), rng);
    let numbered = |rng: &mut Rng| {
        let mut out = String::new();
        for (ply, mv) in moves.iter().enumerate() {
            if ply % 2 == 0 {
                out.push_str(&format!("{}.{}", ply / 2 + 1, if rng.chance(2) { " " } else { "" }));
            }
            out.push_str(&if rng.chance(3) { mv.to_ascii_uppercase() } else { mv.clone() });
            let mark: &&str = rng.pick(&["", "", "", "!", "?", "!?", "??", "+"]);
            out.push_str(mark);
            if rng.chance(8) {
                out.push_str(" {a note}");
            }
            out.push(' ');
        }
        out
    };
    let result = *rng.pick(&["", "1-0", "0-1", "1/2-1/2", "*", "B+R", "W+T"]);
    let text = match rng.below(4) {
        0 => format!("[Game \"{spec}\"]\n[Black \"Kim\"]\n[Event \"Club\"]\n\n{}{result}\n", numbered(rng)),
        1 => format!("{}{result}\n", numbered(rng)),
        2 => format!("{}1-0\n{}0-1\n", numbered(rng), numbered(rng)),
        _ => {
            let mut sgf = String::from("(;GM[9]PB[Ann]");
            for (ply, mv) in moves.iter().enumerate() {
                sgf.push_str(&format!(";{}[{mv}]", if ply % 2 == 0 { 'B' } else { 'W' }));
            }
            sgf.push(')');
            sgf
        }
    };
    let text = if rng.chance(2) { mutate(&text, rng) } else { text };
    let path = files.join(format!("{:016x}.txt", rng.next_u64()));
    std::fs::write(&path, text).unwrap();
    args.extend(["import".to_owned(), path.to_string_lossy().into_owned()]);
    if rng.chance(2) {
        args.extend(["--to".to_owned(), rng.pick(&["record", "link", "sgf", "pgn"]).to_string()]);
    }
    if rng.chance(3) {
        args.extend(["--spec".to_owned(), if rng.chance(2) { spec } else { spec_text(rng) }]);
    }
    if rng.chance(3) {
        args.extend(["--game".to_owned(), number_text(rng, &["1", "2", "3"])]);
    }
}
