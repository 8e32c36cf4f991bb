//! The `ludoteca` binary end to end: output, exit status and error messages.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use std::process::{Command, Output};

fn ludoteca(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludoteca")).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Bad input: exit status 2, nothing on standard output, `message` on standard error.
fn refused(args: &[&str], message: &str) {
    let out = ludoteca(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} printed {}", stdout(&out));
    assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
}

#[test]
fn play_from_the_start() {
    let out = ludoteca(&["play", "loa", "b1-b3", "a2-c2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("position: 1xxxxxx1/o6o/o6o/o6o/o6o/ox5o/2o4o/2xxxxx1 x\n"), "{text}");
    assert!(text.ends_with("to-move: x\nresult: ongoing\n"));
}

#[test]
fn play_from_a_position() {
    let out = ludoteca(&["play", "loa", "--from", "8/o7/8/8/8/8/4x3/1xx4o x", "e2-d2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("result: x wins (all pieces connected)\n"));
}

#[test]
fn bad_input_exits_2_with_a_message_and_no_output() {
    for (args, message) in [
        (vec!["play", "loa", "b1-b3", "a2-c2", "b1-b9"], "move 3 \"b1-b9\": \"b9\" is not a cell of this board"),
        (vec!["moves", "loa", "b1-b4"], "move 1 \"b1-b4\": not a legal move"),
        (vec!["perft", "nope", "2"], "game spec \"nope\": unknown game"),
        (vec!["play", "loa:simultaneous=yes"], "option simultaneous cannot be \"yes\""),
        (vec!["play", "loa", "--from", "8/8/8 x"], "position \"8/8/8 x\": the board has 3 rows; expected 8"),
        // A line separator in the input is escaped: the message stays one line.
        (vec!["play", "loa", "--from", "3x4/\u{2028}3ooo2 x"], "position \"3x4/\\u{2028}3ooo2 x\""),
        (vec!["moves", "loa", "b1\u{202e}-b3"], "move 1 \"b1\\u{202e}-b3\""),
    ] {
        refused(&args, message);
    }
}

#[test]
fn usage_errors_exit_2() {
    let out = ludoteca(&["perft", "loa", "deep"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn perft_counts_each_depth() {
    let out = ludoteca(&["perft", "loa", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "1 36\n2 1244\n3 44952\n");
}

#[test]
fn games_lists_every_game() {
    let out = ludoteca(&["games"]);
    assert!(stdout(&out).contains("loa — Lines of Action"));
}

#[test]
fn weights_lists_each_evaluation_weight() {
    let out = ludoteca(&["weights", "loa"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for name in ["concentration=", "quads=", "mobility=", "tempo="] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name} missing from {text}");
    }
}

#[test]
fn weight_overrides_change_the_search_and_bad_ones_are_refused() {
    let think = |extra: &[&str]| {
        let mut args = vec!["bestmove", "loa", "--nodes", "3000"];
        args.extend_from_slice(extra);
        let out = ludoteca(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        stdout(&out)
    };
    // Another weighting values the same line differently.
    let plain = think(&[]);
    let tilted = think(&["--set", "mobility=200", "--set", "lmr=0"]);
    assert_ne!(plain, tilted);
    assert!(tilted.lines().last().unwrap().starts_with("bestmove "));
    for (args, message) in [
        (vec!["bestmove", "loa", "--set", "nope=3"], "no evaluation weight \"nope\" (this game has: concentration"),
        (vec!["bestmove", "loa", "--set", "quads"], "\"quads\": expected NAME=VALUE"),
        (vec!["bestmove", "loa", "--set", "lmr=2"], "--set \"lmr=2\": \"2\" is not a whole number from 0 to 1"),
        (
            vec!["match", "ra", "--a", "nodes:100+quads=3", "--b", "random", "--games", "2"],
            "no evaluation weight \"quads\"",
        ),
        (vec!["match", "loa", "--a", "nodes:100+quads=x", "--b", "random"], "\"x\" is not a whole number"),
        (vec!["match", "loa", "--a", "random+quads=3", "--b", "random"], "a baseline has no weights"),
    ] {
        refused(&args, message);
    }
}

#[test]
fn a_match_with_overrides_plays_every_game() {
    let out = ludoteca(&["match", "attract:size=6", "--a", "nodes:200+near=90", "--b", "nodes:200", "--games", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("games 4 for A: "), "{}", stdout(&out));
}

#[test]
fn a_match_resumed_at_a_later_game_plays_those_games_as_the_whole_match_does() {
    // Each game's line on standard error: `game N of M: RESULT for A`.
    let games = |args: &[&str]| {
        let out = ludoteca(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let mut lines: Vec<String> = stderr(&out).lines().map(str::to_owned).collect();
        lines.sort();
        (lines, stdout(&out))
    };
    let whole = ["match", "forms:size=4", "--a", "random", "--b", "nodes:20", "--games", "12", "--seed", "7"];
    let (all, _) = games(&[&whole[..], &["--progress"]].concat());
    let (tail, report) = games(&[&whole[..], &["--progress", "--first-game", "5", "--jobs", "2"]].concat());
    assert_eq!(all.len(), 12, "{all:?}");
    let later: Vec<String> =
        all.iter().filter(|l| !(1..5).any(|n| l.starts_with(&format!("game {n} of")))).cloned().collect();
    assert_eq!(tail, later);
    assert!(report.starts_with("games 8 for A: "), "{report}");
    // Different seeds give different games, so the comparison above can fail.
    let (other, _) =
        games(&["match", "forms:size=4", "--a", "random", "--b", "nodes:20", "--games", "12", "--progress"]);
    assert_ne!(all, other);
    for first in ["0", "13"] {
        refused(&[&whole[..], &["--first-game", first]].concat(), "--first-game");
    }
}

/// Runs `args` and returns standard output, which must be a success.
fn succeeds(args: &[&str]) -> String {
    let out = ludoteca(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The `position: …` line of `ludoteca play`.
fn position_line(play_output: &str) -> String {
    play_output.lines().find_map(|l| l.strip_prefix("position: ")).unwrap().to_owned()
}

#[test]
fn perft_depth_is_bounded_and_a_finished_game_answers_at_once() {
    // Regression: 4294967295 with --divide aborted on a 100 GB allocation,
    // and without it a finished game took time growing as DEPTH squared.
    for depth in ["4294967295", "300000000", "31", "0"] {
        refused(&["perft", "loa", depth, "--divide"], "expected a whole number from 1 to 30");
    }
    let finished = succeeds(&["perft", "loa", "30", "--from", "x7/8/8/8/8/8/8/7o_x", "--divide"]);
    let expected: String = (1..=30).map(|d| format!("{d} 0\n")).collect();
    assert_eq!(finished, expected);
}

#[test]
fn perft_depth_zero_is_refused_and_node_budgets_of_zero_everywhere() {
    // Regression: perft 0 printed nothing with status 0; bench --nodes 0 ran 1 node.
    refused(&["perft", "loa", "0"], "DEPTH \"0\": expected a whole number from 1 to 30");
    for args in [vec!["bench", "loa", "--nodes", "0"], vec!["bestmove", "loa", "--nodes", "0"]] {
        refused(&args, "--nodes \"0\": expected a whole number from 1 to");
    }
    refused(&["match", "loa", "--a", "random", "--b", "random", "--jobs", "0"], "--jobs \"0\"");
    refused(&["match", "loa", "--a", "random", "--b", "random", "--games", "0"], "--games \"0\"");
}

#[test]
fn perft_from_a_position_after_a_match_ending_move_counts_its_moves() {
    // Regression: perft ra 1 printed 1 0 where moves listed 54.
    let args = ["--from", "x1h10/o3k9_x_0-0_1_x", "1h10-j10"];
    let listed = succeeds(&[&["moves", "ra"], &args[..]].concat()).lines().count();
    assert_eq!(listed, 54);
    assert_eq!(succeeds(&[&["perft", "ra", "1"], &args[..]].concat()), format!("1 {listed}\n"));
    let divided = succeeds(&[&["perft", "ra", "2", "--divide"], &args[..]].concat());
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), listed + 2);
    let sum: u64 = lines[..listed].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(lines[listed + 1], format!("2 {sum}"));
}

#[test]
fn a_disconnected_forms_position_is_refused_before_any_output() {
    // Regression: read as ongoing with no legal move; bestmove printed info
    // lines and then failed.
    let from = "1o2/1o2/1ooo/x3_x";
    for command in ["play", "moves", "bestmove"] {
        refused(&[command, "forms:rules=advanced,size=4", "--from", from], "one orthogonally connected group");
    }
}

#[test]
fn what_play_prints_reads_back() {
    // Regression: RA's 1000-999 and match 1000 were printed and then refused,
    // and so was the board of a game won by capturing the last stack.
    for (from, mv) in [("x1h10/o3k9_x_999-999_999_x", "1h10-j10"), ("x1g8/o1g9_x_5-0_2_x", "1g8xg9")] {
        let printed = position_line(&succeeds(&["play", "ra", "--from", from, mv]));
        let again = succeeds(&["play", "ra", "--from", &printed]);
        assert_eq!(position_line(&again), printed);
    }
}

#[test]
fn values_starting_with_a_dash_get_the_message_of_any_bad_value() {
    // Regression: clap's "unexpected argument" with a tip that led to another error.
    for (args, message) in [
        (vec!["perft", "loa", "-1"], "DEPTH \"-1\": expected a whole number from 1 to 30"),
        (vec!["bestmove", "loa", "--time-ms", "-5"], "--time-ms \"-5\": expected a positive number"),
        (vec!["bestmove", "loa", "--seed", "-1"], "--seed \"-1\": expected a whole number from 0 to"),
        (vec!["bestmove", "loa", "--time-ms", "-x"], "--time-ms \"-x\": expected a positive number"),
        (vec!["bestmove", "loa", "--engine", "-1"], "--engine \"-1\": expected one of ab, mcts"),
        (vec!["match", "loa", "--a", "random", "--b", "random", "--games", "-3"], "--games \"-3\""),
        (vec!["play", "ra", "--from", "-_x_0-0_1_x"], "position \"- x 0-0 1 x\": impossible position"),
        (vec!["play", "loa", "-1"], "move 1 \"-1\": not a move"),
        (vec!["play", "-loa"], "unexpected argument \"-loa\""),
        // Clap reads -h1-b3 as -h and more flags: it printed the help with status 0.
        (vec!["play", "loa", "-h1-b3"], "unexpected argument \"-h1-b3\""),
        (vec!["bestmove", "loa", "--set", "-tempo=3"], "no evaluation weight \"-tempo\""),
    ] {
        refused(&args, message);
        let err = stderr(&ludoteca(&args));
        assert!(err.starts_with("ludoteca: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn long_input_is_quoted_shortened() {
    // Regression: a 131,000-byte spec gave a 262 KB error line.
    let long = "x".repeat(131_000);
    let long_move = format!("b1-b{}", "3".repeat(130_000));
    for args in [
        vec!["play", long.as_str()],
        vec!["play", "loa", "--from", long.as_str()],
        vec!["play", "loa", long_move.as_str()],
        vec!["perft", "loa", long.as_str()],
        vec!["bestmove", "loa", "--set", long.as_str()],
        vec![long.as_str()],
    ] {
        let out = ludoteca(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.len() < 400, "{} bytes: {err}", err.len());
        assert!(err.contains(" bytes)"), "{err}");
    }
}

#[test]
fn messages_say_which_player_field_and_option() {
    refused(
        &["play", "ra", "--from", "x3a1/x3a2/x3a3/x1a4/o1h8_x_0-0_1_x"],
        "black has 10 stones; a player has at most 9",
    );
    refused(
        &["play", "ra", "--from", "x3c5/o1h8_x_0-0_007_x"],
        "field match: \"007\" is not a number from 1 to 65535, written without leading zeros",
    );
    refused(&["bestmove", "loa", "--set", "tempo=2147483647"], "--set \"tempo=2147483647\"");
    refused(&["play", "loa", "--from", "_1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/1xxxxxx1_x"], "single spaces");
}

#[test]
fn long_commands_draw_no_progress_on_a_pipe() {
    // Their bars and spinners are drawn only on a terminal: a pipe gets the answer alone.
    for args in [
        &["review", "loa", "b1-b3", "a2-c2", "--nodes", "2000"][..],
        &["solve", "forms:size=4", "--time-ms", "300"],
        &["perft", "loa", "2"],
        &["match", "attract:size=6", "--a", "greedy", "--b", "random", "--games", "2"],
    ] {
        let out = ludoteca(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(!stdout(&out).is_empty(), "{args:?}");
        let err = stderr(&out);
        // perft reports its speed on standard error; nothing else may be there.
        let rest: Vec<&str> = err.lines().filter(|l| !l.starts_with("perft(")).collect();
        assert!(rest.is_empty(), "{args:?} wrote {err:?}");
    }
    // match --progress prints a line per game for pipes.
    let out = ludoteca(&["match", "attract:size=6", "--a", "greedy", "--b", "random", "--games", "2", "--progress"]);
    assert_eq!(stderr(&out).lines().filter(|l| l.starts_with("game ")).count(), 2, "{}", stderr(&out));
}

#[test]
fn a_library_backup_is_listed_exported_and_checked() {
    let dir = std::env::temp_dir().join(format!("ludoteca-backup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("backup.json");
    let game = r#"?game=loa&moves=b1-b3,a2-c2&o=ai:3\n[Game \"loa\"]\n[Black \"human\"]\n[White \"ai:3\"]\n[Result \"ongoing\"]\n\n1. b1-b3 {a classic start} 1... a2-c2\n"#;
    let text = format!(
        r#"{{"format":"ludoteca-library","version":1,"exported":0,"games":[
            {{"id":"aa01","text":"{game}","origin":"played","created":1796407605000,"updated":1796407605000,"starred":true}},
            {{"id":"aa02","text":"?game=ra","origin":"imported","created":0,"updated":0}},
            {{"id":"bad","text":"?rules=ra","origin":"played","created":0,"updated":0}}]}}"#
    );
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    let out = ludoteca(&["library", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    assert!(list.contains("aa01  2026-12-04 18:06  Lines of Action  You (Black) — Computer, level 3 (White)  2 moves  Black to move  played here *"), "{list}");
    assert!(list.contains("left out: game 3 (bad): its text opens no game"), "{list}");
    let out = ludoteca(&["library", path, "--game", "aa01"]);
    assert!(stdout(&out).contains("1. b1-b3 {a classic start} 1... a2-c2"), "{}", stdout(&out));
    let out = ludoteca(&["library", path, "--game", "aa01", "--sgf"]);
    assert!(stdout(&out).starts_with("(;"), "{}", stdout(&out));
    refused(&["library", path, "--game", "aa02", "--sgf"], "Lines of Action only");
    refused(&["library", path, "--game", "zz"], "no game \"zz\" in this backup (2 games)");
    refused(&["library", path, "--check"], "game 3 (bad): its text opens no game");
    std::fs::write(
        &file,
        text.replace(
            r#",
            {"id":"bad","text":"?rules=ra","origin":"played","created":0,"updated":0}"#,
            "",
        ),
    )
    .unwrap();
    let out = ludoteca(&["library", path, "--check"]);
    assert_eq!(stdout(&out), "2 games, every one replays\n", "{}", stderr(&out));
    refused(&["library", dir.join("none.json").to_str().unwrap()], "cannot read");
    std::fs::write(&file, "not json").unwrap();
    refused(&["library", path], "This is not a Ludoteca backup");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn import_reads_what_people_paste_from_a_file_or_standard_input() {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("ludoteca-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;GM[9]PB[Ann]PW[Bob]RE[W+R];B[b1-b3];W[a2-c2]TE[1])").unwrap();
    let path = file.to_str().unwrap();
    let out = ludoteca(&["import", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let record = stdout(&out);
    assert!(record.contains("[BlackName \"Ann\"]\n[WhiteName \"Bob\"]"), "{record}");
    assert!(record.contains("[Ending \"resign-x\"]") && record.contains("1. b1-b3 a2-c2!"), "{record}");
    let out = ludoteca(&["import", path, "--to", "link"]);
    assert_eq!(stdout(&out), "?game=loa&moves=b1-b3,a2-c2&end=resign-x\n");
    // A move list on standard input, read as the game asked for.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludoteca"))
        .args(["import", "-", "--spec", "ra", "--to", "link"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1. B1-B3 a2-c2").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(stdout(&out), "?game=loa&moves=b1-b3,a2-c2\n");
    assert!(stderr(&out).contains("not legal in RA: it is read as Lines of Action"), "{}", stderr(&out));
    refused(
        &["import", path, "--to", "sgf", "--game", "2"],
        "This SGF file cannot be read: the file holds one game: there is no game 2.",
    );
    std::fs::write(&file, "1. b1-b9").unwrap();
    refused(&["import", path], "This record cannot be read: it names no game");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzles_are_the_same_for_the_same_seed_and_read_back() {
    let args = ["puzzles", "loa", "--games", "3", "--seed", "5", "--max-plies", "3"];
    let first = ludoteca(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    assert!(text.starts_with("ludoteca-puzzles 1\n# made by: ludoteca puzzles loa --games 3 --seed 5 --max-plies 3\n"));
    let puzzles = search::puzzle::file::read(&text).unwrap();
    assert!(!puzzles.is_empty(), "{text}");
    for p in &puzzles {
        assert!(p.plies <= 3);
        // The line replays to the end of the game, won by the side to move.
        let spec: rules::GameSpec = p.spec.parse().unwrap();
        let mut game = spec.position(&p.position.replace('_', " ")).unwrap();
        let mover = game.to_move();
        for mv in &p.line {
            game.play_text(mv).unwrap();
        }
        assert_eq!(game.outcome().and_then(rules::Outcome::winner), Some(mover), "{}", p.id);
    }
    assert!(stderr(&first).starts_with("loa: 3 games, "), "{}", stderr(&first));
    assert_eq!(stdout(&ludoteca(&args)), text, "the same seed, the same file");
    refused(&["puzzles", "loa", "--max-plies", "8"], "--max-plies \"8\": expected a whole number from 1 to 7");
    refused(&["puzzles", "chess"], "game spec \"chess\": unknown game");
    refused(&["puzzles"], "missing SPECS");
}

#[test]
fn the_strongest_level_on_lines_of_action_5x5_plays_the_solvers_proven_move() {
    // Black after d1-b3 e3xb3 has a proven win: level 5 says so (the solver's
    // line), level 4 searches.
    let out = ludoteca(&["bestmove", "loa:size=5", "d1-b3", "e3xb3", "--level", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("depth 0 seldepth 0 score win"), "{text}");
    // Level 4, and level 5 with the solver turned off, search.
    for extra in [&["--level", "4"][..], &["--level", "5", "--set", "proof=0"]] {
        let mut args = vec!["bestmove", "loa:size=5", "d1-b3", "e3xb3"];
        args.extend_from_slice(extra);
        let out = ludoteca(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(!text.contains("depth 0 seldepth 0") && text.contains("\nbestmove "), "{extra:?}: {text}");
    }
}

#[test]
fn positions_by_match_is_for_ra_only() {
    let out = std::env::temp_dir().join("ludoteca-by-match-test.txt");
    let out = out.to_string_lossy();
    refused(&["positions", "loa", "--out", &out, "--by-match"], "--by-match is for RA");
}
