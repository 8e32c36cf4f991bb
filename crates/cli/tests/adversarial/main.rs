//! Seeded adversarial command lines against the `ludoteca` binary: mutated
//! moves, position texts and specs, huge arguments, long move lists,
//! finished and odd positions, values starting with `-`, bad budgets.
//!
//! Every command line must end with status 0 or 2 within the time limit,
//! without a panic; a refusal must print nothing on standard output and one
//! `ludoteca: …` line of at most 1,000 bytes on standard error, and hold
//! at most 1 GB of memory at its peak (read from `/proc` while it runs). Successes are
//! checked against the program itself: what `play` prints reads back, perft(1)
//! equals the number of listed moves, `--divide` adds up, a listed move
//! plays, `bestmove` answers a legal move.
//!
//! `cargo test` runs a few hundred cases. `scripts/adversarial` runs many
//! more against the release binary; these variables set a run:
//! `LUDOTECA_ADVERSARIAL_CASES` (default 300), `LUDOTECA_ADVERSARIAL_SEED`
//! (14), `LUDOTECA_ADVERSARIAL_JOBS` (2), `LUDOTECA_ADVERSARIAL_TIMEOUT_MS`
//! (30000), `LUDOTECA_ADVERSARIAL_BIN` (the binary of this build).
#![allow(clippy::unwrap_used, clippy::expect_used)] // Test harness: a failure here is a failed test.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rules::checks::Rng;

mod generate;
mod import;

use generate::*;

/// The longest refusal message allowed on standard error.
const MESSAGE_LIMIT: usize = 1_000;
/// The most memory a command may hold at its peak, in kilobytes (1 GB).
const MEMORY_LIMIT_KB: u64 = 1 << 20;

/// The process's peak resident memory so far (`VmHWM`), in kilobytes.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// How one run of the binary ended.
struct Run {
    status: Option<i32>,
    signal: Option<i32>,
    timed_out: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    elapsed: Duration,
    /// The peak resident memory seen (read every few milliseconds while it ran), in kilobytes.
    peak_kb: u64,
}

fn run(bin: &str, args: &[OsString], timeout: Duration) -> std::io::Result<Run> {
    let started = Instant::now();
    let mut child =
        Command::new(bin).args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let mut timed_out = false;
    let mut peak = 0;
    let status = loop {
        peak = peak.max(peak_kb(child.id()).unwrap_or(0));
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(if started.elapsed() < Duration::from_millis(50) { 1 } else { 10 }));
    };
    Ok(Run {
        status: status.code(),
        signal: status.signal(),
        timed_out,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        elapsed: started.elapsed(),
        peak_kb: peak,
    })
}

fn shown(args: &[String]) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|a| {
            if a.len() > 60 {
                format!("<{} bytes: {:?}…>", a.len(), a.chars().take(20).collect::<String>())
            } else {
                format!("{a:?}")
            }
        })
        .collect();
    let line = parts.join(" ");
    if line.len() > 600 {
        format!("{}… ({} arguments)", line.chars().take(600).collect::<String>(), args.len())
    } else {
        line
    }
}

/// Checks one finished run; on success, may run follow-up commands.
fn judge(bin: &str, args: &[String], r: &Run, timeout: Duration, extra: &AtomicU64) -> Result<(), String> {
    if r.timed_out {
        return Err(format!("timeout: no answer within {} ms", timeout.as_millis()));
    }
    if let Some(signal) = r.signal {
        return Err(format!("signal: killed by signal {signal}"));
    }
    if r.peak_kb > MEMORY_LIMIT_KB {
        return Err(format!("memory: a peak of {} MB (at most {} MB)", r.peak_kb >> 10, MEMORY_LIMIT_KB >> 10));
    }
    let stderr = String::from_utf8_lossy(&r.stderr);
    let stdout = String::from_utf8_lossy(&r.stdout);
    if stderr.contains("panicked") {
        return Err(format!("panic: {:.300}", stderr));
    }
    let command = args.first().map(String::as_str).unwrap_or_default();
    match r.status {
        Some(2) => {
            if !r.stdout.is_empty() {
                return Err(format!("output on refusal: status 2 with {} bytes on standard output", r.stdout.len()));
            }
            if r.stderr.len() > MESSAGE_LIMIT {
                return Err(format!("oversized message: {} bytes: {:.200}", r.stderr.len(), stderr));
            }
            if !stderr.starts_with("ludoteca: ") || stderr.lines().count() != 1 {
                return Err(format!("message format: not one ludoteca: line: {:.300}", stderr));
            }
            // One line that reads as it is: nothing that breaks or hides (U+2028, direction marks…).
            let body = stderr.strip_suffix('\n').unwrap_or(&stderr);
            if let Some(c) = body.chars().find(|&c| rules::breaks_or_hides(c)) {
                return Err(format!("message format: U+{:04X} raw in {:.300}", u32::from(c), stderr));
            }
            Ok(())
        }
        Some(0) => {
            // (`import` says on standard error what it assumed.)
            let quiet = !matches!(command, "perft" | "match" | "import");
            if quiet && !r.stderr.is_empty() {
                return Err(format!("stderr on success: {:.200}", stderr));
            }
            follow_up(bin, args, &stdout, timeout, extra)
        }
        other => Err(format!("exit status: {other:?}: {:.300}", stderr)),
    }
}

/// Runs `args` (a follow-up) and returns its standard output if it succeeded.
fn again(bin: &str, args: &[String], timeout: Duration, extra: &AtomicU64) -> Result<String, String> {
    extra.fetch_add(1, Ordering::Relaxed);
    let os: Vec<OsString> = args.iter().map(OsString::from).collect();
    let r = run(bin, &os, timeout).map_err(|e| format!("follow-up failed: {}: {e}", shown(args)))?;
    if r.status != Some(0) {
        return Err(format!("follow-up failed: {}: {:.300}", shown(args), String::from_utf8_lossy(&r.stderr)));
    }
    Ok(String::from_utf8_lossy(&r.stdout).into_owned())
}

/// `args` with the command replaced, and the options that only it takes removed.
fn as_command(args: &[String], command: &str) -> Vec<String> {
    let mut out = vec![command.to_owned()];
    // perft's DEPTH follows the spec.
    let depth = usize::from(args.first().is_some_and(|c| c == "perft"));
    let mut rest = args.iter().enumerate().filter(|&(i, _)| i == 0 || i != 2 * depth).map(|(_, a)| a).skip(1);
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--divide" | "--play-leaves" => {}
            "--nodes" | "--level" | "--time-ms" | "--seed" | "--engine" | "--set" | "--threads" => {
                rest.next();
            }
            _ => out.push(a.clone()),
        }
    }
    out
}

fn follow_up(bin: &str, args: &[String], stdout: &str, timeout: Duration, extra: &AtomicU64) -> Result<(), String> {
    let command = args.first().map(String::as_str).unwrap_or_default();
    if args.iter().take_while(|a| *a != "--").any(|a| ["-h", "--help", "-V", "--version"].contains(&a.as_str())) {
        return Ok(());
    }
    match command {
        // What play prints reads back, to the same position.
        "play" if args.len() >= 2 => {
            let Some(position) = stdout.lines().find_map(|l| l.strip_prefix("position: ")) else {
                return Err("play output: no position line".to_owned());
            };
            let spec = args[1].clone();
            let reread =
                again(bin, &["play".to_owned(), spec, "--from".to_owned(), position.to_owned()], timeout, extra)?;
            let back = reread.lines().find_map(|l| l.strip_prefix("position: ")).unwrap_or_default();
            if back != position {
                return Err(format!("read-back: position {position:?} reads back as {back:?}"));
            }
            Ok(())
        }
        // perft(1) is the number of listed moves; --divide adds up.
        "perft" => {
            let lines: Vec<&str> = stdout.lines().collect();
            let depth_lines: Vec<(u64, u64)> = lines
                .iter()
                .filter_map(|l| {
                    let (a, b) = l.split_once(' ')?;
                    Some((a.parse().ok()?, b.parse().ok()?))
                })
                .collect();
            if args.iter().any(|a| a == "--divide") {
                let depth = depth_lines.last().map(|d| d.1).unwrap_or_default();
                let divided: u64 = lines
                    .iter()
                    .take_while(|l| l.split_once(' ').is_none_or(|(a, _)| a.parse::<u64>().is_err()))
                    .filter_map(|l| l.split_once(' ')?.1.parse::<u64>().ok())
                    .sum();
                if divided != depth {
                    return Err(format!("divide sum: --divide adds up to {divided}, perft says {depth}"));
                }
            }
            if let Some(&(1, count)) = depth_lines.first() {
                let listed = again(bin, &as_command(args, "moves")[..], timeout, extra)?.lines().count() as u64;
                if listed != count {
                    return Err(format!("perft(1) vs moves: perft(1) is {count} but {listed} moves are listed"));
                }
            }
            Ok(())
        }
        // A listed move plays.
        "moves" if !stdout.is_empty() => {
            let moves: Vec<&str> = stdout.lines().collect();
            let mv = moves[moves.len() / 2];
            let mut play = as_command(args, "play");
            play.push(mv.to_owned());
            again(bin, &play, timeout, extra).map(|_| ())
        }
        // The best move is a legal move.
        "bestmove" => {
            let Some(best) = stdout.lines().last().and_then(|l| l.strip_prefix("bestmove ")) else {
                return Err(format!("bestmove output: ended without a move: {:.200}", stdout));
            };
            let listed = again(bin, &as_command(args, "moves"), timeout, extra)?;
            if !listed.lines().any(|l| l == best) {
                return Err(format!("bestmove illegal: {best} is not a legal move"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[test]
fn adversarial_command_lines_are_answered_or_refused_cleanly() {
    let cases = env_number("LUDOTECA_ADVERSARIAL_CASES", 300);
    let seed = env_number("LUDOTECA_ADVERSARIAL_SEED", 14);
    let jobs = env_number("LUDOTECA_ADVERSARIAL_JOBS", 2).clamp(1, 64);
    let timeout = Duration::from_millis(env_number("LUDOTECA_ADVERSARIAL_TIMEOUT_MS", 30_000));
    let bin = std::env::var("LUDOTECA_ADVERSARIAL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ludoteca").to_owned());

    // Long legal move lists, made once: random RA games of many matches
    // (target 20, lead 10), up to 100,000 moves.
    let mut rng = Rng::new(seed ^ 0x5EED);
    let long_games: Vec<Vec<String>> = [100_000, 20_000, 3_000]
        .iter()
        .map(|&plies| random_game(&"ra:target=20,lead=10".parse().unwrap(), plies, &mut rng).0)
        .collect();

    // Where `import`'s files are written, removed at the end.
    let files = std::env::temp_dir().join(format!("ludoteca-adversarial-{}", std::process::id()));
    std::fs::create_dir_all(&files).unwrap();
    let next = AtomicU64::new(0);
    let extra = AtomicU64::new(0);
    let findings: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let tally: Mutex<BTreeMap<String, u64>> = Mutex::new(BTreeMap::new());
    let slowest: Mutex<(Duration, String)> = Mutex::new((Duration::ZERO, String::new()));
    let longest_message = AtomicU64::new(0);
    let most_memory: Mutex<(u64, String)> = Mutex::new((0, String::new()));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let case = next.fetch_add(1, Ordering::Relaxed);
                    if case >= cases {
                        break;
                    }
                    let mut rng = Rng::new(seed ^ case.wrapping_mul(0xA076_1D64_78BD_642F));
                    let args = command_line(&mut rng, &long_games, &files);
                    // One case in 500 carries an argument that is not UTF-8.
                    let mut os: Vec<OsString> = args.iter().map(OsString::from).collect();
                    if rng.chance(500) && !os.is_empty() {
                        let at = rng.below(os.len());
                        os[at] = OsString::from_vec(vec![b'l', 0xFF, b'a']);
                    }
                    let command = args.first().cloned().unwrap_or_default();
                    let outcome = match run(&bin, &os, timeout) {
                        // An argument list too long for the system is not the program's doing.
                        Err(e) => Err(format!("spawn: {e}")),
                        Ok(r) => {
                            if r.status == Some(2) {
                                longest_message.fetch_max(r.stderr.len() as u64, Ordering::Relaxed);
                            }
                            let mut slow = slowest.lock().unwrap();
                            if r.elapsed > slow.0 {
                                *slow = (r.elapsed, shown(&args));
                            }
                            drop(slow);
                            let mut most = most_memory.lock().unwrap();
                            if r.peak_kb > most.0 {
                                *most = (r.peak_kb, shown(&args));
                            }
                            drop(most);
                            const COMMANDS: [&str; 12] = [
                                "games", "play", "moves", "perft", "bestmove", "match", "weights", "bench", "help",
                                "solve", "review", "import",
                            ];
                            let name = if COMMANDS.contains(&command.as_str()) { command.as_str() } else { "(other)" };
                            let key =
                                format!("{name}: status {}", r.status.map_or("none".to_owned(), |c| c.to_string()));
                            *tally.lock().unwrap().entry(key).or_default() += 1;
                            judge(&bin, &args, &r, timeout, &extra).map_err(|e| format!("case {case}: {e}"))
                        }
                    };
                    if let Err(e) = outcome {
                        if e.starts_with("spawn:") {
                            *tally.lock().unwrap().entry(format!("{command} not started ({e})")).or_default() += 1;
                        } else {
                            findings.lock().unwrap().push(format!("{e}\n    {}", shown(&args)));
                        }
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&files);
    let findings = findings.into_inner().unwrap();
    println!(
        "{cases} cases (seed {seed}, {jobs} jobs) and {} follow-up runs in {:.0} s against {bin}",
        extra.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
    for (key, n) in tally.into_inner().unwrap() {
        println!("  {key}: {n}");
    }
    let (slow, slow_args) = slowest.into_inner().unwrap();
    println!("  slowest: {:.2} s: {slow_args}", slow.as_secs_f64());
    println!("  longest refusal message: {} bytes", longest_message.load(Ordering::Relaxed));
    let (most, most_args) = most_memory.into_inner().unwrap();
    println!("  most memory: {} MB at its peak: {most_args}", most >> 10);
    println!("  findings: {}", findings.len());
    // Each kind of finding, counted, with its first three examples.
    let mut kinds: BTreeMap<&str, Vec<&String>> = BTreeMap::new();
    for f in &findings {
        let kind = f.split_once(": ").map_or("", |(_, rest)| rest.split(':').next().unwrap_or_default());
        kinds.entry(kind).or_default().push(f);
    }
    for (kind, examples) in &kinds {
        println!("  {kind}: {}", examples.len());
        for f in examples.iter().take(3) {
            println!("    {f}");
        }
    }
    assert!(findings.is_empty(), "{} findings", findings.len());
}
