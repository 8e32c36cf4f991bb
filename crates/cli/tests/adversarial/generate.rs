//! The adversarial command lines: specs, positions and moves mutated, huge
//! and odd values, long games, every command with its options.

use rules::checks::Rng;
use rules::{AnyGame, GameSpec};

/// Specs of every game, with the options spread.
pub(crate) const SPECS: &[&str] = &[
    "loa",
    "loa:simultaneous=mover",
    "attract:size=6",
    "attract",
    "attract:size=12",
    "attract:size=20",
    "forms:size=4",
    "forms:size=6",
    "forms:size=8",
    "forms",
    "forms:rules=advanced,size=4",
    "forms:rules=advanced,size=6",
    "forms:rules=advanced",
    "ra",
    "ra:target=1,lead=1",
    "ra:target=20,lead=10,first=o",
];

/// Small games, where perft(3) and searches are quick.
pub(crate) const SMALL_SPECS: &[&str] =
    &["loa", "attract:size=6", "forms:size=4", "forms:rules=advanced,size=4", "forms:rules=advanced,size=6", "ra"];

/// Hand-made positions: finished games, passes, impossible counts, broken
/// layouts, near the limits of the numbers.
pub(crate) const ODD_POSITIONS: &[(&str, &str)] = &[
    ("loa", "x7/8/8/8/8/8/8/7o_x"),
    ("loa", "6xo/6xx/8/8/8/8/xx6/ox6_o"),
    ("loa", "x6x/8/8/8/8/8/8/o6o_x"),
    ("loa", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/oooooooo/oooooooo/oooooooo/oooooooo_x"),
    ("loa", "8/8/8/8/8/8/8/8_x"),
    ("loa", "8/o7/8/8/8/8/4x3/1xx4o_x"),
    ("loa:simultaneous=mover", "8/8/8/8/8/8/8/xo6_x"),
    ("attract", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxx1_o"),
    ("attract", "8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8_o"),
    ("attract:size=6", "oooooo/oooooo/xxxxxx/xxxxxx/xxxxx1/oooooo_x"),
    ("attract:size=6", "oooooo/oooooo/xxxxxx/xxxxxx/xxxxxx/oooooo_o"),
    ("forms:rules=advanced,size=4", "1o2/1o2/1ooo/x3_x"),
    ("forms:size=4", "4/4/4/o3_x"),
    ("forms:size=4", "oooo/oooo/xxxx/xxxx_o"),
    ("forms:size=6", "oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx_x"),
    ("forms:rules=advanced,size=4", "x3/oo2/1o2/1x2_x"),
    ("ra", "x1h10/o3k9_x_0-0_1_x"),
    ("ra", "x1h10/o3k9_x_999-999_999_x"),
    ("ra", "x1h10/o3k9_x_65535-65534_65535_x"),
    ("ra", "x1g4/o1m10_x_0-0_65535_x"),
    ("ra", "x1g8/o1g9_x_5-0_2_x"),
    ("ra", "x2j10/o3k9_o_6-1_3_x"),
    ("ra", "x3c5_o_6-1_3_x"),
    ("ra", "x1a1/o2a2/o2b1/o2b2_x_0-0_1_x"),
    ("ra", "-_x_0-0_1_x"),
    ("ra", "x3a1/x3a2/x3a3/x1a4/o1h8_x_0-0_1_x"),
    ("ra:target=1,lead=1", "x1h10/o3k9_x_0-0_1_x"),
];

/// Characters mutations insert.
pub(crate) const ALPHABET: &[char] = &[
    'x', 'o', '0', '1', '2', '3', '9', '/', ' ', '_', '-', ':', ',', '=', '+', 'a', 'h', 'j', 'm', 'z', 'é', '…', '\t',
    '\u{202e}', '\'', '"', '\\', '$', '*',
];

pub(crate) fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(8) {
            0 if at < chars.len() => chars[at] = *rng.pick(ALPHABET),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 => chars.truncate(at),
            3 => {
                let end = (at + 1 + rng.below(8)).min(chars.len());
                let slice = chars[at.min(end)..end].to_vec();
                chars.splice(at..at, slice);
            }
            4 => {
                let digits = *rng.pick(&["0", "65536", "999999999999", "-1", "00"]);
                chars.splice(at..at, digits.chars());
            }
            5 => chars.insert(0, '-'),
            _ => chars.insert(at, *rng.pick(ALPHABET)),
        }
    }
    chars.into_iter().collect()
}

/// A random legal game of `spec`: the moves and the position they reach.
pub(crate) fn random_game(spec: &GameSpec, plies: usize, rng: &mut Rng) -> (Vec<String>, AnyGame) {
    let mut game = spec.start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_move_texts();
        if legal.is_empty() {
            break;
        }
        let mv = rng.pick(&legal).clone();
        game.play_text(&mv).unwrap();
        moves.push(mv);
    }
    (moves, game)
}

/// The position `spec`, `from` and `moves` describe, if they are all good.
pub(crate) fn reached(spec: &str, from: Option<&str>, moves: &[String]) -> Option<AnyGame> {
    let spec: GameSpec = spec.parse().ok()?;
    let mut game = match from {
        Some(text) => spec.position(&text.replace('_', " ")).ok()?,
        None => spec.start(),
    };
    for mv in moves {
        game.play_text(mv).ok()?;
    }
    Some(game)
}

pub(crate) fn spec_text(rng: &mut Rng) -> String {
    match rng.below(12) {
        0 => {
            let spec = *rng.pick(SPECS);
            mutate(spec, rng)
        }
        1 => rng
            .pick(&["", "-loa", "loa:", "loa:simultaneous", "ra:target=0", "forms:size=5,size=4", "LOA", "loa "])
            .to_string(),
        _ => rng.pick(SPECS).to_string(),
    }
}

/// A `--from` value (or none) and moves for `spec`.
pub(crate) fn setup(spec: &str, rng: &mut Rng, long_games: &[Vec<String>]) -> (Option<String>, Vec<String>) {
    let Ok(parsed) = spec.parse::<GameSpec>() else {
        return (None, (0..rng.below(3)).map(|_| mutate("b1-b3", rng)).collect());
    };
    match rng.below(10) {
        // Moves from the start, maybe spoilt.
        0..=3 => {
            let (mut moves, _) = random_game(&parsed, rng.below(80), rng);
            if !moves.is_empty() && rng.chance(3) {
                let at = rng.below(moves.len());
                moves[at] = mutate(&moves[at], rng);
            }
            if rng.chance(5) {
                let mv = *rng.pick(&["pass", "b1-b3", "e2", "1c5-c8", "d3xf6"]);
                moves.push(mutate(mv, rng));
            }
            (None, moves)
        }
        // A reached position as --from, maybe spoilt, and a few moves after it.
        4..=6 => {
            let (_, game) = random_game(&parsed, rng.below(120), rng);
            let mut text = game.position_text().replace(' ', if rng.chance(2) { "_" } else { " " });
            if rng.chance(2) {
                text = mutate(&text, rng);
            }
            let (after, _) = random_game(&game.spec(), 0, rng);
            let mut moves = after;
            if let Ok(again) = parsed.position(&text.replace('_', " ")) {
                let legal = again.legal_move_texts();
                for _ in 0..rng.below(3) {
                    if !legal.is_empty() {
                        moves.push(rng.pick(&legal).clone());
                    }
                }
            }
            (Some(text), moves)
        }
        // An odd hand-made position, and maybe a legal move or two after it.
        7 | 8 => {
            let (odd_spec, text) = *rng.pick(ODD_POSITIONS);
            let text = if odd_spec == spec && !rng.chance(4) { text.to_owned() } else { mutate(text, rng) };
            let mut moves = Vec::new();
            if let Ok(mut game) = parsed.position(&text.replace('_', " ")) {
                for _ in 0..rng.below(3) {
                    let legal = game.legal_move_texts();
                    if legal.is_empty() {
                        break;
                    }
                    let mv = rng.pick(&legal).clone();
                    game.play_text(&mv).unwrap();
                    moves.push(mv);
                }
            }
            (Some(text), moves)
        }
        // A very long move list.
        _ => {
            let mut moves = rng.pick(long_games).clone();
            if rng.chance(2) {
                moves.push(mutate("b1-b3", rng));
            }
            (None, moves)
        }
    }
}

pub(crate) fn huge(rng: &mut Rng) -> String {
    let unit = rng.pick(&["x", "loa:", "b1-b3", "o6o/", "9", "-", "é", "_"]);
    // The longest single argument Linux passes is 131,072 bytes with its end mark.
    unit.repeat(131_000 / unit.len())
}

pub(crate) fn number_text(rng: &mut Rng, good: &[&str]) -> String {
    match rng.below(4) {
        0 => rng
            .pick(&[
                "0",
                "-1",
                "-0",
                "18446744073709551616",
                "1e3",
                "NaN",
                "inf",
                "-inf",
                "1e309",
                "",
                " 1",
                "+1",
                "٣",
                "0x10",
                "--",
                "-5",
            ])
            .to_string(),
        _ => rng.pick(good).to_string(),
    }
}

/// One adversarial command line.
pub(crate) fn command_line(rng: &mut Rng, long_games: &[Vec<String>], files: &std::path::Path) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    let from_and_moves = |args: &mut Vec<String>, spec: &str, rng: &mut Rng| {
        let (from, moves) = setup(spec, rng, long_games);
        if let Some(from) = from {
            args.push("--from".to_owned());
            args.push(from);
        }
        args.extend(moves);
    };
    match rng.below(118) {
        // Records from the world: `import` of a file a person might paste.
        112..=117 => super::import::import_file(&mut args, rng, files),
        // The families of the hardening's second round: threads, workers
        // and jobs together; depth budgets for every engine; solve and
        // review on real positions, mutated or not.
        100..=103 => threads_and_jobs(&mut args, rng),
        104..=107 => depth_budgets(&mut args, rng),
        108..=111 => solve_and_review(&mut args, rng),
        0..=21 => {
            let spec = spec_text(rng);
            args.extend(["play".to_owned(), spec.clone()]);
            from_and_moves(&mut args, &spec, rng);
        }
        22..=35 => {
            let spec = spec_text(rng);
            args.extend(["moves".to_owned(), spec.clone()]);
            from_and_moves(&mut args, &spec, rng);
        }
        36..=55 => {
            let small = rng.chance(2);
            let spec = if small { rng.pick(SMALL_SPECS).to_string() } else { spec_text(rng) };
            let (from, moves) = setup(&spec, rng, long_games);
            // Deep counts only where the game is over, so that they end at once.
            let finished = reached(&spec, from.as_deref(), &moves).is_some_and(|g| g.outcome().is_some());
            let depth = match (rng.below(4), small, finished) {
                // Refused depths, or depth 1 and 2 (a valid depth of 30 on a
                // game going on would rightly run for ages).
                (0, _, _) => number_text(rng, &["1", "2", "31", "300000000", "4294967295"]),
                (_, _, true) => rng.below(31).to_string(),
                (_, true, _) => (1 + rng.below(3)).to_string(),
                _ => (1 + rng.below(2)).to_string(),
            };
            args.extend(["perft".to_owned(), spec, depth.clone()]);
            if let Some(from) = from {
                args.extend(["--from".to_owned(), from]);
            }
            args.extend(moves);
            if rng.chance(3) {
                args.push("--divide".to_owned());
            }
            // Playing every leaf of depth 2 of Forms 18x18 would take minutes.
            if rng.chance(4) && (depth == "1" || small) {
                args.push("--play-leaves".to_owned());
            }
        }
        56..=71 if rng.chance(2) => {
            // A search that must succeed: a small game, a legal line, sound settings.
            let spec = rng.pick(SMALL_SPECS).to_string();
            let (moves, game) = random_game(&spec.parse().unwrap(), rng.below(30), rng);
            args.extend(["bestmove".to_owned(), spec.clone()]);
            if game.outcome().is_none() {
                args.extend(moves);
            }
            match rng.below(3) {
                0 => args.extend(["--nodes".to_owned(), (1 + rng.below(1500)).to_string()]),
                1 => args.extend(["--level".to_owned(), (1 + rng.below(2)).to_string()]),
                _ => args.extend(["--time-ms".to_owned(), (1 + rng.below(30)).to_string()]),
            }
            if rng.chance(2) {
                args.extend(["--seed".to_owned(), rng.next_u64().to_string()]);
            }
            if rng.chance(3) {
                args.extend(["--engine".to_owned(), rng.pick(&["ab", "mcts"]).to_string()]);
            }
            let names: &[&str] = match spec.split(':').next().unwrap_or_default() {
                "loa" => &["concentration", "mobility", "quads", "tempo", "lmr"],
                "attract" => &["near", "half", "centre"],
                "forms" => &["stone", "last_stones"],
                _ => &["game_point", "stone", "approach", "exposed", "lmr"],
            };
            for _ in 0..rng.below(3) {
                let name = *rng.pick(names);
                let value = if name == "lmr" { rng.below(2) as i64 } else { rng.below(20_001) as i64 - 10_000 };
                args.extend(["--set".to_owned(), format!("{name}={value}")]);
            }
        }
        56..=71 => {
            let spec = if rng.chance(2) { rng.pick(SMALL_SPECS).to_string() } else { spec_text(rng) };
            args.extend(["bestmove".to_owned(), spec.clone()]);
            from_and_moves(&mut args, &spec, rng);
            match rng.below(5) {
                0 => args.extend(["--nodes".to_owned(), number_text(rng, &["1", "2", "50", "700", "2000"])]),
                1 => args.extend(["--level".to_owned(), number_text(rng, &["1", "2", "6", "0"])]),
                // Not number_text: 18446744073709551616 ms is a valid (and endless) budget.
                2 => {
                    let bad = ["0", "-5", "-0", "NaN", "inf", "-inf", "1e309", "", "five", "-x"];
                    let time = if rng.chance(4) { *rng.pick(&bad) } else { *rng.pick(&["1", "5", "0.5", "40"]) };
                    args.extend(["--time-ms".to_owned(), time.to_owned()]);
                }
                3 => args.extend(["--nodes".to_owned(), "300".to_owned(), "--level".to_owned(), "1".to_owned()]),
                _ => args.extend(["--nodes".to_owned(), (1 + rng.below(1500)).to_string()]),
            }
            if rng.chance(3) {
                args.extend(["--seed".to_owned(), number_text(rng, &["0", "7", "18446744073709551615"])]);
            }
            if rng.chance(4) {
                args.extend(["--engine".to_owned(), rng.pick(&["ab", "mcts", "AB", "", "-1"]).to_string()]);
            }
            for _ in 0..rng.below(3) {
                let name = rng.pick(&["tempo", "quads", "stone", "near", "game_point", "lmr", "nope", "", "-tempo"]);
                let value = number_text(rng, &["0", "1", "-10000", "10000", "10001", "2147483647", "-2147483648", "x"]);
                let set =
                    if rng.chance(8) { mutate(&format!("{name}={value}"), rng) } else { format!("{name}={value}") };
                args.extend(["--set".to_owned(), set]);
            }
        }
        72..=79 if rng.chance(2) => {
            // A match that must be played: small games, sound engines and settings.
            let spec = rng.pick(SMALL_SPECS).to_string();
            let tweak = match spec.split(':').next().unwrap_or_default() {
                "loa" => "+tempo=30+lmr=0",
                "attract" => "+near=80",
                "forms" => "+stone=30",
                _ => "+approach=60",
            };
            let engine = |rng: &mut Rng| {
                let base =
                    *rng.pick(&["random", "greedy", "nodes:60", "ab:nodes:80", "mcts:nodes:40", "level:1", "depth:2"]);
                if base.contains(':') && rng.chance(3) { format!("{base}{tweak}") } else { base.to_owned() }
            };
            let (a, b) = (engine(rng), engine(rng));
            args.extend(["match".to_owned(), spec, "--a".to_owned(), a, "--b".to_owned(), b]);
            args.extend(["--games".to_owned(), (1 + rng.below(2)).to_string()]);
            args.extend(["--jobs".to_owned(), (1 + rng.below(2)).to_string()]);
            args.extend(["--opening".to_owned(), rng.pick(&["0", "3", "9", "1000"]).to_string()]);
            args.extend(["--seed".to_owned(), rng.next_u64().to_string()]);
            if rng.chance(4) {
                args.push("--progress".to_owned());
            }
        }
        72..=79 => {
            let spec = if rng.chance(3) { spec_text(rng) } else { rng.pick(SMALL_SPECS).to_string() };
            // Two plies a move over a whole game of Forms 18×18 is minutes of
            // work, rightly: on boards that are not small, one ply.
            let small = SMALL_SPECS.contains(&spec.as_str());
            let engine = |rng: &mut Rng| {
                let base =
                    *rng.pick(&["random", "greedy", "nodes:50", "ab:nodes:80", "mcts:nodes:40", "level:1", "depth:2"]);
                let base = if base == "depth:2" && !small { "depth:1" } else { base };
                match rng.below(6) {
                    0 => format!("{base}+tempo=5"),
                    // A mutation that grows a budget (nodes:50 to nodes:5065536) asks for a
                    // long search, rightly: such mutations are refused ones only.
                    1 => Some(mutate(base, rng))
                        .filter(|m| m.split(|c: char| !c.is_ascii_digit()).all(|run| run.len() <= 4))
                        // A mutated depth stays shallow too (depth:22 is a valid, endless match).
                        .filter(|m| !m.contains("depth") || shallow_depths(m))
                        .unwrap_or_else(|| format!("{base}:")),
                    2 => rng
                        .pick(&[
                            "nodes:0",
                            "time:-1",
                            "level:9",
                            "depth:0",
                            "mcts:depth:3",
                            "ab:",
                            "+",
                            "-x",
                            "nodes:50+lmr=2",
                            "nodes:1+stone=99999",
                        ])
                        .to_string(),
                    _ => base.to_string(),
                }
            };
            args.extend(["match".to_owned(), spec, "--a".to_owned(), engine(rng), "--b".to_owned(), engine(rng)]);
            args.extend(["--games".to_owned(), number_text(rng, &["1", "2"])]);
            if rng.chance(2) {
                args.extend(["--jobs".to_owned(), number_text(rng, &["1", "2", "65", "64"])]);
            }
            if rng.chance(2) {
                args.extend(["--opening".to_owned(), number_text(rng, &["0", "2", "1000", "1001"])]);
            }
            if rng.chance(3) {
                args.extend(["--seed".to_owned(), number_text(rng, &["3", "18446744073709551615"])]);
            }
        }
        80..=83 => args.extend(["weights".to_owned(), spec_text(rng)]),
        84..=87 => {
            let spec = if rng.chance(3) { spec_text(rng) } else { rng.pick(SMALL_SPECS).to_string() };
            args.extend(["bench".to_owned(), spec, "--nodes".to_owned(), number_text(rng, &["1", "40", "300"])]);
            if rng.chance(3) {
                args.extend(["--engine".to_owned(), rng.pick(&["ab", "mcts", "x"]).to_string()]);
            }
        }
        88..=91 => {
            // A huge argument somewhere.
            let command = rng.pick(&["play", "moves", "perft", "bestmove", "weights", "match", "bench"]).to_string();
            args.push(command.clone());
            let h = huge(rng);
            match rng.below(5) {
                0 => args.push(h),
                1 => args.extend(["loa".to_owned(), "--from".to_owned(), h]),
                2 => args.extend(["loa".to_owned(), h]),
                3 => args.extend(["loa".to_owned(), "--set".to_owned(), h]),
                _ => args.extend(["loa".to_owned(), "--a".to_owned(), h.clone(), "--b".to_owned(), h]),
            }
        }
        _ => {
            // Shapes the parser of the command line must handle.
            let shapes: &[&[&str]] = &[
                &[],
                &["games"],
                &["games", "extra"],
                &["--help"],
                &["--version"],
                &["help"],
                &["play"],
                &["play", "--from"],
                &["play", "loa", "--from", "--divide"],
                &["play", "loa", "--", "-b1-b3"],
                &["play", "loa", "-b1-b3"],
                &["perft", "loa"],
                &["perft", "loa", "1", "--divide", "--divide"],
                &["bestmove", "loa", "--nodes"],
                &["bestmove", "loa", "--level", "1", "--time-ms", "5"],
                &["match", "loa"],
                &["match", "loa", "--a", "random"],
                &["frob"],
                &["-"],
                &["--"],
                &["play", "loa", "--from=8/8/8/8/8/8/8/8 x"],
                &["play", "loa", "--frm", "x"],
            ];
            args.extend(rng.pick(shapes).iter().map(|s| (*s).to_owned()));
            if rng.chance(3) {
                args.push(mutate("--from", rng));
            }
        }
    }
    args
}

/// A thread count: sound ones mostly, the limits, and beyond them.
fn threads(rng: &mut Rng) -> String {
    number_text(rng, &["1", "2", "3", "4", "8", "64", "65", "0", "1000"])
}

/// `bestmove`, `bench` and `match` with threads (`--threads`, `+threads=`),
/// workers (`+workers=`) and jobs (`--jobs`) together: within the machine's
/// reason they run, beyond it they are refused naming the numbers.
fn threads_and_jobs(args: &mut Vec<String>, rng: &mut Rng) {
    let spec = rng.pick(SMALL_SPECS).to_string();
    match rng.below(3) {
        0 => {
            let (moves, game) = random_game(&spec.parse().unwrap(), rng.below(20), rng);
            args.extend(["bestmove".to_owned(), spec]);
            if game.outcome().is_none() {
                args.extend(moves);
            }
            args.extend([
                "--nodes".to_owned(),
                (1 + rng.below(3000)).to_string(),
                "--threads".to_owned(),
                threads(rng),
            ]);
        }
        1 => {
            args.extend(["bench".to_owned(), spec, "--nodes".to_owned(), (1 + rng.below(3000)).to_string()]);
            args.extend(["--threads".to_owned(), threads(rng)]);
        }
        _ => {
            let engine = |rng: &mut Rng| {
                let base = *rng.pick(&["ab:nodes:80", "nodes:60", "level:1", "depth:2", "mcts:nodes:40"]);
                match rng.below(4) {
                    0 => format!("{base}+threads={}", threads(rng)),
                    1 => format!("{base}+workers={}", number_text(rng, &["1", "2", "4", "8", "0", "9"])),
                    2 => format!("{base}+threads={}+workers={}", threads(rng), number_text(rng, &["1", "2", "3"])),
                    _ => base.to_owned(),
                }
            };
            args.extend(["match".to_owned(), spec, "--a".to_owned(), engine(rng), "--b".to_owned(), engine(rng)]);
            args.extend(["--games".to_owned(), "1".to_owned(), "--jobs".to_owned(), threads(rng)]);
            if rng.chance(2) {
                args.extend([
                    "--memory-mb".to_owned(),
                    number_text(rng, &["1", "16", "64", "512", "4096", "0", "5000"]),
                ]);
            }
        }
    }
}

/// A depth budget for every engine: `bench --depth` with either engine,
/// `depth:` and `mcts:depth:` contestants in a match.
fn depth_budgets(args: &mut Vec<String>, rng: &mut Rng) {
    let spec = rng.pick(SMALL_SPECS).to_string();
    let depth = |rng: &mut Rng| number_text(rng, &["1", "2", "3", "4", "0", "31", "99"]);
    if rng.chance(2) {
        // Deep searches only on the smallest boards, where they end soon.
        let d = if spec.contains("size=4") { depth(rng) } else { number_text(rng, &["1", "2", "3", "0", "31"]) };
        args.extend(["bench".to_owned(), spec, "--depth".to_owned(), d]);
        if rng.chance(2) {
            args.extend(["--engine".to_owned(), rng.pick(&["ab", "mcts"]).to_string()]);
        }
    } else {
        // Whole games are played only at shallow depths; 0, 31 and 99 are refused.
        let depth = |rng: &mut Rng| number_text(rng, &["1", "2", "0", "31", "99"]);
        let engine = |rng: &mut Rng| format!("{}{}", rng.pick(&["depth:", "ab:depth:", "mcts:depth:"]), depth(rng));
        let sane = |e: String| if shallow_depths(&e) { e } else { "depth:1".to_owned() };
        let (a, b) = (sane(engine(rng)), sane(engine(rng)));
        args.extend([
            "match".to_owned(),
            spec,
            "--a".to_owned(),
            a,
            "--b".to_owned(),
            b,
            "--games".to_owned(),
            "1".to_owned(),
        ]);
    }
}

/// `solve` and `review` on positions reached by real play, as they are or
/// mutated, with node and memory budgets.
fn solve_and_review(args: &mut Vec<String>, rng: &mut Rng) {
    let spec = rng.pick(SMALL_SPECS).to_string();
    let parsed: GameSpec = spec.parse().unwrap();
    let (moves, game) = random_game(&parsed, rng.below(40), rng);
    if rng.chance(2) {
        args.extend(["solve".to_owned(), spec]);
        let position = game.position_text();
        let position = if rng.chance(3) { mutate(&position, rng) } else { position };
        args.extend(["--from".to_owned(), position]);
        args.extend(["--nodes".to_owned(), number_text(rng, &["1", "500", "20000", "0"])]);
        if rng.chance(2) {
            args.extend(["--memory-mb".to_owned(), number_text(rng, &["1", "16", "64", "0", "100000"])]);
        }
        if rng.chance(3) {
            args.extend(["--time-ms".to_owned(), rng.pick(&["1", "50", "500", "0", "-1"]).to_string()]);
        }
    } else {
        args.extend(["review".to_owned(), spec]);
        let mut moves = moves;
        if rng.chance(3) && !moves.is_empty() {
            let at = rng.below(moves.len());
            moves[at] = mutate(&moves[at], rng);
        }
        args.extend(moves);
        args.extend(["--nodes".to_owned(), number_text(rng, &["1", "30", "300", "0"])]);
    }
}

/// Whether every number in an engine text is a shallow depth (at most 2)
/// or one the program refuses (0, or over 30): a match at a deeper one is
/// a valid request that rightly runs for minutes.
fn shallow_depths(engine: &str) -> bool {
    engine
        .split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .all(|run| run.len() > 2 || run.parse::<u32>().is_ok_and(|d| d <= 2 || d > 30))
}
