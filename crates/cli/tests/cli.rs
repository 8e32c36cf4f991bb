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
        (vec!["bestmove", "loa", "--set", "lmr=2"], "lmr is 0 or 1"),
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
