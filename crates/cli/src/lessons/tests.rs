use super::*;

/// A lesson file of one step (Lines of Action), its goal and accepted moves given.
fn one_step(goal: &str, accept: &str) -> String {
    let step =
        ["step", "loa", "7x/8/8/3x4/8/3o4/8/1o4x1_o", goal, accept, "Do it.", "Try again.", "Well done.", "Moving"];
    let mut text = format!("{HEADER}\nlesson\tloa\tLines of Action\tConnect your pieces.\n");
    for _ in 0..6 {
        text.push_str(&step.join("\t"));
        text.push('\n');
    }
    text
}

#[test]
fn the_accepted_moves_must_be_exactly_the_goals() {
    // White's d3 sees one piece on its file (itself and d5: two), so it moves 2 up to d5, capturing.
    assert_eq!(check(&one_step("capture", "d3xd5")).unwrap(), "loa: 6 steps, each goal's moves as listed\n");
    let missing = check(&one_step("from=d3", "d3xd5")).unwrap_err();
    assert!(missing.contains("moves that meet the goal but are not listed: "), "{missing}");
    let extra = check(&one_step("capture", "d3xd5|b1-b2")).unwrap_err();
    assert!(extra.contains("listed moves that do not meet the goal (or are not legal): b1-b2"), "{extra}");
    let none = check(&one_step("win", "d3xd5")).unwrap_err();
    assert!(none.contains("no legal move meets its goal \"win\""), "{none}");
    let bad = check(&one_step("fly", "d3xd5")).unwrap_err();
    assert!(bad.contains("\"fly\" is not a condition"), "{bad}");
}

#[test]
fn bad_files_are_named() {
    assert!(read("lesson\tloa\tx\ty").unwrap_err().starts_with("line 1: not a lessons file"));
    let stray = format!("{HEADER}\nstep\tloa");
    assert_eq!(
        read(&stray).unwrap_err(),
        "line 2: \"step\" with 2 fields (a lesson line has 4, a step 9, split by tabs)"
    );
    let orphan = format!("{HEADER}\nstep\ta\tb\tc\td\te\tf\tg\th");
    assert_eq!(read(&orphan).unwrap_err(), "line 2: a step before any lesson line");
    let short = one_step("capture", "d3xd5").replace("Do it.", &"x".repeat(MAX_TASK + 1));
    assert!(check(&short).unwrap_err().contains("its task has 91 characters (1 to 90)"));
    let wrong_game = one_step("capture", "d3xd5").replace("\tloa\t7x/", "\tattract\t7x/");
    assert!(check(&wrong_game).unwrap_err().contains("its game attract is not the lesson's loa"));
}

/// The shipped lessons (`data/lessons/`): every step checked, every
/// section a heading of the game's rules page, every game's lesson there.
#[test]
fn the_shipped_lessons_are_right() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rules = std::fs::read_to_string(root.join("public/rules.txt")).unwrap();
    for game in ["attract", "forms", "ra", "loa"] {
        let text = std::fs::read_to_string(root.join(format!("data/lessons/{game}.txt"))).unwrap();
        let checked = check(&text);
        assert!(checked.is_ok(), "{game}:\n{}", checked.unwrap_err());
        let lessons = read(&text).unwrap();
        assert_eq!(lessons.len(), 1, "{game}: one lesson a file");
        let page = rules.split("=== ").find(|part| part.starts_with(&format!("{game}\n"))).unwrap();
        for step in &lessons[0].steps {
            // A heading, or the house rules' (`!## `).
            let heading = |mark: &str| page.contains(&format!("\n{mark} {}\n", step.section));
            assert!(heading("##") || heading("!##"), "{game}: no section {:?}", step.section);
        }
    }
}
