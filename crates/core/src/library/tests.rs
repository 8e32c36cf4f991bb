//! The library's entries, writes, imports and backups.

use super::backup;
use super::listing::Filter;
use super::service::{Imported, Library, combine, import_one, put};
use super::summary::{Opponent, Standing, summarize};
use super::wire::Answer;
use super::*;
use crate::session::formats::saved::Kept;

fn entry(id: &str, text: &str, at: f64) -> Entry {
    Entry::new(id, text, Origin::Played, at)
}

#[test]
fn a_game_is_summed_up_for_the_list() {
    let e = entry("a1", "?game=loa&moves=b1-b3,a2-c2&o=ai:3", 5.0);
    let s = summarize(&e).unwrap();
    assert_eq!(s.title, "Lines of Action");
    assert_eq!(s.players, "You (Black) — Computer, level 3 (White)");
    assert_eq!(s.result, "Black to move");
    assert_eq!((s.moves, s.standing, s.opponent), (2, Standing::Playing, Opponent::Computer));
    let resigned = summarize(&entry("a2", "?game=loa&moves=b1-b3&end=resign-x&o=ai:3", 5.0)).unwrap();
    assert_eq!((resigned.standing, resigned.result.as_str()), (Standing::Lost, "White wins: Black resigned"));
    let forms = summarize(&entry("a3", "?game=forms:size=8", 5.0)).unwrap();
    assert_eq!((forms.title.as_str(), forms.opponent), ("Forms — 8 × 8 board", Opponent::Friend));
    assert!(summarize(&entry("a4", "?rules=loa", 5.0)).is_none());
}

#[test]
fn ids_are_checked() {
    assert!(valid_id(&new_id(u64::MAX)));
    assert_eq!(new_id(255), "00000000000000ff");
    for bad in ["", "a b", "<x>", &"a".repeat(MAX_ID + 1)] {
        assert!(!valid_id(bad), "{bad}");
    }
}

#[test]
fn a_write_keeps_the_origin_star_and_first_date_and_merges_the_moves() {
    let (first, _) = put(None, "g", &Kept::link("?game=loa&moves=b1-b3,a2-c2"), Origin::Link, 10.0, None).unwrap();
    let starred = Entry { starred: true, ..first };
    let (second, summary) =
        put(Some(starred), "g", &Kept::link("?game=loa&moves=b1-b3,h2-f2"), Origin::Played, 20.0, None).unwrap();
    assert_eq!((second.origin, second.created, second.updated, second.starred), (Origin::Link, 10.0, 20.0, true));
    assert_eq!(second.text, "?game=loa&moves=b1-b3,h2-f2(a2-c2)");
    assert!(summary.starred);
    // A late write (an older tab) adds its line without taking the lead.
    let (third, _) =
        put(Some(second), "g", &Kept::link("?game=loa&moves=b1-b3,h7-f7"), Origin::Played, 15.0, None).unwrap();
    assert_eq!(third.text, "?game=loa&moves=b1-b3,h2-f2(a2-c2)(h7-f7)");
    assert_eq!((third.updated, third.rev), (20.0, 3));
    // A tab that had seen the latest version replaces it: a move taken back stays so.
    let (fourth, _) =
        put(Some(third), "g", &Kept::link("?game=loa&moves=b1-b3"), Origin::Played, 30.0, Some(3)).unwrap();
    assert_eq!((fourth.text.as_str(), fourth.rev), ("?game=loa&moves=b1-b3", 4));
    // One that had not is merged: nothing is lost.
    let (fifth, _) = put(Some(fourth), "g", &Kept::link("?game=loa"), Origin::Played, 40.0, Some(3)).unwrap();
    assert_eq!(fifth.text, "?game=loa&moves=b1-b3&ply=0");
}

#[test]
fn bad_writes_are_refused_with_a_reason() {
    assert!(put(None, "bad id", &Kept::link("?game=loa"), Origin::Played, 1.0, None).unwrap_err().contains("id"));
    assert!(put(None, "g", &Kept::link("?rules=loa"), Origin::Played, 1.0, None).unwrap_err().contains("no game"));
    let long = format!("?game=loa&moves={}", "b1-b3,".repeat(backup::MAX_TEXT / 6 + 1));
    assert!(put(None, "g", &Kept::link(&long), Origin::Played, 1.0, None).unwrap_err().contains("longer"));
}

fn library(entries: &[Entry]) -> Library {
    let stored = entries.iter().map(|e| (e.id.clone(), serde_json::to_string(&summarize(e).unwrap()).unwrap()));
    Library::load(stored).0
}

fn listed(library: &Library, filter: &Filter) -> (String, u32, u32) {
    match library.list(filter, 50, false, 0, 0.0) {
        Answer::Listed { markup, count, total, .. } => (markup, count, total),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_list_is_newest_first_and_filters_narrow_it() {
    let games = [
        entry("old", "?game=loa&moves=b1-b3&o=ai:2", 1.0),
        entry("new", "?game=forms:size=8&moves=a1", 3.0),
        entry("mid", "?game=loa&moves=b1-b3&end=resign-o&x=ai:4", 2.0),
    ];
    let lib = library(&games);
    let (markup, count, total) = listed(&lib, &Filter::default());
    assert_eq!((count, total), (3, 3));
    let order: Vec<usize> =
        ["data-id=\"new\"", "data-id=\"mid\"", "data-id=\"old\""].iter().map(|id| markup.find(id).unwrap()).collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{markup}");
    let count_of = |f: Filter| listed(&lib, &f).1;
    assert_eq!(count_of(Filter { game: "loa".into(), ..Filter::default() }), 2);
    assert_eq!(count_of(Filter { state: "finished".into(), ..Filter::default() }), 1);
    assert_eq!(count_of(Filter { result: "lost".into(), ..Filter::default() }), 1);
    assert_eq!(count_of(Filter { opponent: "friend".into(), ..Filter::default() }), 1);
    assert_eq!(count_of(Filter { text: "LEVEL 4".into(), ..Filter::default() }), 1);
    assert_eq!(count_of(Filter { text: "forms 8".into(), ..Filter::default() }), 1);
    assert_eq!(count_of(Filter { starred: true, ..Filter::default() }), 0);
}

#[test]
fn imported_names_and_events_are_shown_and_searched() {
    let record = "[Game \"loa\"]\n[BlackName \"Ann Kowalska\"]\n[Event \"Club night\"]\n[Round \"2\"]\n\n1. b1-b3\n";
    let imported = Entry::new("imp", &format!("?game=loa&moves=b1-b3\n{record}"), Origin::Imported, 2.0);
    let s = summarize(&imported).unwrap();
    assert_eq!((s.players.as_str(), s.about.as_str()), ("Ann Kowalska (Black) — ? (White)", "Club night, round 2"));
    let lib = library(&[imported, entry("other", "?game=loa&moves=b1-b3", 1.0)]);
    let count_of = |text: &str| listed(&lib, &Filter { text: text.into(), ..Filter::default() }).1;
    assert_eq!((count_of("kowalska"), count_of("CLUB NIGHT"), count_of("round 2"), count_of("nobody")), (1, 1, 1, 0));
    assert!(
        listed(&lib, &Filter::default())
            .0
            .contains("<span class=\"game-about small muted\">Club night, round 2</span>")
    );
    // A summary kept before game information existed reads, with none.
    let mut old = serde_json::to_value(summarize(&entry("o", "?game=loa", 1.0)).unwrap()).unwrap();
    old.as_object_mut().unwrap().remove("about");
    let (lib, skipped) = Library::load([("o".to_owned(), old.to_string())]);
    assert!(skipped.is_empty() && lib.len() == 1);
}

#[test]
fn rows_escape_what_they_show_and_name_their_buttons() {
    let mut s = summarize(&entry("x", "?game=loa&moves=b1-b3", 1.0)).unwrap();
    s.title = "<img src=x onerror=alert(1)>".to_owned();
    let rows = crate::markup::library::rows(&[&s], 0, false).into_string();
    assert!(!rows.contains("<img src=x") && rows.contains("&lt;img src=x onerror"), "{rows}");
    assert!(rows.contains("data-open=\"x\"") && rows.contains("data-star=\"x\"") && rows.contains("data-delete=\"x\""));
    let home = crate::markup::library::rows(&[&s], 0, true).into_string();
    assert!(home.contains("Continue") && !home.contains("data-delete"));
}

#[test]
fn unreadable_summaries_are_named_and_skipped() {
    let good = serde_json::to_string(&summarize(&entry("g", "?game=loa", 1.0)).unwrap()).unwrap();
    let (lib, skipped) = Library::load([
        ("g".to_owned(), good.clone()),
        ("bad".to_owned(), "{not json".to_owned()),
        ("other".to_owned(), good),
    ]);
    assert_eq!((lib.len(), skipped), (1, vec!["bad".to_owned(), "other".to_owned()]));
}

#[test]
fn a_backup_round_trips_every_field() {
    let mut a = entry("a", "?game=loa&moves=b1-b3\n[Game \"loa\"]\n[Result \"ongoing\"]\n\n1. b1-b3 {note}\n", 1500.0);
    a.starred = true;
    let b = Entry { origin: Origin::Imported, ..entry("b", "?game=ra", 2.0) };
    let text = backup::write(&[a.clone(), b.clone()], 3.0);
    let back = backup::read(&text).unwrap();
    assert_eq!(back.games, vec![a, b]);
    assert!(back.problems.is_empty());
}

#[test]
fn a_damaged_backup_gives_what_it_can_and_names_the_rest() {
    let text = r#"{"format":"ludoteca-library","version":1,"exported":0,"games":[
        {"id":"ok","text":"?game=loa","origin":"played","created":1,"updated":1},
        {"id":"no game","text":"?game=loa","origin":"played","created":1,"updated":1},
        {"id":"nogame","text":"?rules=loa","origin":"played","created":1,"updated":1},
        {"id":"ok","text":"?game=ra","origin":"played","created":1,"updated":1},
        {"text":"?game=loa"}]}"#;
    let back = backup::read(text).unwrap();
    assert_eq!(back.games.len(), 1);
    assert_eq!(back.problems.len(), 4, "{:?}", back.problems);
    assert!(back.problems[0].starts_with("game 2"));
    assert!(backup::read("[1,2]").unwrap_err().contains("not a Ludoteca backup"));
    // A file that is not JSON is said so in words, not the parser's.
    for broken in [r#"{"format":"ludoteca-library","games":[{"id":"#, "\u{ff}\u{fe}x", "", "{,}"] {
        assert_eq!(
            backup::read(broken).unwrap_err(),
            "This is not a Ludoteca backup: it is not JSON: the file is damaged, cut short, or of another kind.",
            "{broken:?}"
        );
    }
    assert!(backup::read(r#"{"format":"other","version":1,"games":[]}"#).unwrap_err().contains("other"));
    let newer = r#"{"format":"ludoteca-library","version":9,"games":[]}"#;
    assert!(backup::read(newer).unwrap_err().contains("newer"));
}

#[test]
fn importing_merges_by_id_without_duplicates() {
    let stored = entry("g", "?game=loa&moves=b1-b3,a2-c2", 10.0);
    // The same game again: nothing to do.
    assert_eq!(combine(Some(&stored), stored.clone()), None);
    // A newer copy from another browser leads; the stored line stays a variation.
    let newer = Entry { starred: true, ..entry("g", "?game=loa&moves=b1-b3,h2-f2", 20.0) };
    let kept = combine(Some(&stored), newer).unwrap();
    assert_eq!(kept.text, "?game=loa&moves=b1-b3,h2-f2(a2-c2)");
    assert!(kept.starred && kept.updated == 20.0 && kept.created == 10.0);
    // An older copy adds only what it has that the library lacks.
    let older = entry("g", "?game=loa&moves=b1-b3,h7-f7", 5.0);
    let kept = combine(Some(&stored), older).unwrap();
    assert_eq!((kept.text.as_str(), kept.created, kept.updated), ("?game=loa&moves=b1-b3,a2-c2(h7-f7)", 5.0, 10.0));
    assert_eq!(combine(None, stored.clone()), Some(stored));
}

#[test]
fn another_game_with_a_known_id_is_kept_beside_never_merged() {
    let stored = entry("g", "?game=loa&moves=b1-b3,a2-c2", 10.0);
    let summed = |e: &Entry| summarize(e).unwrap();
    let import = |incoming: Entry| {
        let checked = summed(&incoming);
        import_one(Some(&stored), incoming, checked, || "fresh".to_owned())
    };
    // Another game, another start of the same game, other options: kept beside, under a new id.
    for text in [
        "?game=attract:size=8&moves=d4",
        "?game=loa&from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o&moves=d7xd4",
        "?game=forms:size=8",
    ] {
        let Ok(Imported::Beside(kept, summary)) = import(entry("g", text, 20.0)) else { panic!("{text}: not beside") };
        assert_eq!((kept.id.as_str(), summary.id.as_str(), kept.text.as_str()), ("fresh", "fresh", text));
    }
    // The same game (other moves): merged, as before; the same again: nothing.
    let Ok(Imported::Merged(kept, _)) = import(entry("g", "?game=loa&moves=b1-b3,h2-f2", 20.0)) else {
        panic!("not merged")
    };
    assert_eq!((kept.id.as_str(), kept.text.as_str()), ("g", "?game=loa&moves=b1-b3,h2-f2(a2-c2)"));
    assert_eq!(import(stored.clone()), Ok(Imported::Known));
    let new = entry("h", "?game=ra", 1.0);
    let checked = summed(&new);
    assert_eq!(import_one(None, new.clone(), checked.clone(), || unreachable!()), Ok(Imported::Added(new, checked)));
}

#[test]
fn a_record_too_long_to_keep_is_refused_when_read_with_the_true_reason() {
    let comment = "x".repeat(backup::MAX_TEXT + 10);
    let text = format!("1. b1-b3 {{{comment}}} a2-c2");
    let Answer::Unreadable { message } = super::service::read_record(&text, "loa", None) else {
        panic!("a game over the limit was read")
    };
    assert!(message.contains("KB long") && message.contains("1024 KB can be kept"), "{message}");
    assert!(matches!(super::service::read_record("1. b1-b3 {short} a2-c2", "loa", None), Answer::Record { .. }));
}

#[test]
fn backup_names_carry_the_day() {
    assert_eq!(service::backup_name(None, 1_796_407_605_000.0, 0, false), "ludoteca-games-2026-12-04.json");
    assert_eq!(service::backup_name(Some("ab"), 0.0, 0, false), "ludoteca-game-ab-1970-01-01.json");
    assert_eq!(service::backup_name(None, 0.0, 0, true), "ludoteca-loa-games-1970-01-01.sgf");
}

#[test]
fn the_lines_of_action_games_make_one_sgf_collection() {
    let games = [
        entry("a", "?game=loa&moves=b1-b3", 1.0),
        entry("b", "?game=ra&moves=1c5-c8", 2.0),
        entry("c", "?game=loa&moves=b1-b3,a2-c2", 3.0),
    ];
    let (text, count) = service::sgf_collection(&games);
    assert_eq!(count, 2);
    assert_eq!(text.matches("(;FF[4]GM[9]").count(), 2, "{text}");
    let first = text.find(")\n(;").map(|i| &text[..=i]).unwrap_or_default();
    assert!(read(first).unwrap().0.query.starts_with("?game=loa&moves=b1-b3"), "{text}");
    // The whole collection: one game to choose.
    match service::read_record(&text, "loa", None) {
        Answer::Choose { markup } => {
            assert_eq!(markup.matches("<button type=\"button\" class=\"secondary\" data-pick=").count(), 2, "{markup}");
            assert!(
                markup.contains("data-pick=\"1\">Game 2: Lines of Action, b1-b3 a2-c2 … (2 moves)</button>"),
                "{markup}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_backup_reminder_counts_the_games_changed_since_the_last_backup() {
    let lib = library(&[entry("a", "?game=loa", 10.0), entry("b", "?game=ra", 20.0)]);
    let unsaved = |since| match lib.list(&Filter::default(), 5, true, 0, since) {
        Answer::Listed { unsaved, .. } => unsaved,
        other => panic!("{other:?}"),
    };
    assert_eq!((unsaved(0.0), unsaved(15.0), unsaved(20.0)), (2, 1, 0));
}

/// Reads pasted text with Lines of Action on screen, one game.
fn read(text: &str) -> Result<(Kept, Vec<String>), String> {
    match service::read_record(text, "loa", None) {
        Answer::Record { kept, notices } => Ok((kept, notices)),
        Answer::Unreadable { message } => Err(message),
        other => panic!("{other:?}"),
    }
}

#[test]
fn records_and_sgf_files_read_into_a_game_and_write_back() {
    let record = "[Game \"loa\"]\n[White \"ai:2\"]\n\n1. b1-b3 {a classic start} a2-c2\n";
    let (kept, notices) = read(record).unwrap();
    assert!(notices.is_empty());
    assert_eq!(kept.query, "?game=loa&moves=b1-b3,a2-c2&o=ai:2");
    assert_eq!(kept.notes.comments, [(1, "a classic start".to_owned())]);
    let (name, text) = service::write_record(&kept, false).unwrap();
    assert_eq!(name, "ludoteca-loa.txt");
    assert!(text.contains("1. b1-b3 {a classic start} 1... a2-c2"), "{text}");
    let (name, sgf) = service::write_record(&kept, true).unwrap();
    assert_eq!(name, "ludoteca-loa.sgf");
    let (back, _) = read(&sgf).unwrap();
    assert!(back.query.starts_with("?game=loa&moves=b1-b3,a2-c2"), "{}", back.query);
    assert!(service::write_record(&Kept::link("?game=ra"), true).unwrap_err().contains("Lines of Action only"));
    assert!(read("[Game \"chess\"]").unwrap_err().starts_with("This record cannot be read"));
    assert!(read("(;GM[1]").unwrap_err().starts_with("This SGF file cannot be read"));
    // A move list names no game: the one on screen is assumed, and said.
    let (kept, notices) = read("1.b1-b3 a2-c2 (1... h2-f2!?) 1-0").unwrap();
    assert_eq!(kept.query, "?game=loa&moves=b1-b3,a2-c2(h2-f2)&end=resign-o");
    assert_eq!(kept.notes.marks.len(), 1);
    assert!(notices[0].contains("the game on screen"), "{notices:?}");
    // An SGF file's variations come in another order than a link writes
    // them: the notes follow their moves, not the file's numbering.
    let (kept, _) = read("(;GM[9];B[b1-b3];W[a2-c2](;B[c1-a3]C[main];W[h2-f2])(;B[e1-e3]TE[1]C[side]))").unwrap();
    assert_eq!(kept.query, "?game=loa&moves=b1-b3,a2-c2,c1xa3(e1-e3),h2-f2");
    let crate::session::formats::url::Route::Play { mut tree, .. } = crate::session::formats::url::decode(&kept.query)
    else {
        panic!()
    };
    crate::session::formats::saved::apply_notes(&mut tree, kept.notes);
    let by_move = |text: &str| tree.nodes().find(|&n| tree.move_of(n).is_some_and(|m| m.to_string() == text)).unwrap();
    assert_eq!(tree.comment(by_move("c1xa3")), Some("main"));
    assert_eq!(tree.comment(by_move("e1-e3")), Some("side"));
    assert_eq!(tree.mark(by_move("e1-e3")), Some(crate::session::model::info::Mark::Good));
    assert_eq!(tree.mark(by_move("h2-f2")), None);
    // Game information comes with it.
    let (kept, _) = read("(;GM[9]PB[Ann]EV[Club];B[b1-b3])").unwrap();
    assert_eq!((kept.notes.info.black.as_str(), kept.notes.info.event.as_str()), ("Ann", "Club"));
}

/// The stored text is the JSON serde wrote before the worker read and
/// wrote it field by field (`json`): the same fields in the same order,
/// read back either way.
#[test]
fn entries_and_summaries_are_stored_as_serde_wrote_them() {
    let mut e = entry("same", "?game=loa&moves=b1-b3", 1_796_407_605_000.0);
    e.starred = true;
    e.rev = 7;
    let by_links = entry("f", "?game=loa&moves=b1-b3&friend=00c0ffee00c0ffee&me=o&xn=Ben&since=1796407605", 1.0);
    for e in [e.clone(), Entry { deleted: Some(1_796_407_605_123.0), ..e }, by_links] {
        let text = json::of_entry(&e).text(false);
        assert_eq!(text, serde_json::to_string(&e).unwrap());
        assert_eq!(json::entry(&json::Obj::parse(&text).unwrap()).unwrap(), e);
        let s = summarize(&e).unwrap();
        let text = json::of_summary(&s).text(false);
        assert_eq!(text, serde_json::to_string(&s).unwrap());
        assert_eq!(json::summary(&json::Obj::parse(&text).unwrap()).unwrap(), s);
    }
    let s = summarize(&entry("f", "?game=loa&moves=b1-b3&friend=00c0ffee00c0ffee&me=o&xn=Ben&since=1796407605", 1.0))
        .unwrap();
    assert_eq!((s.result.as_str(), s.since), ("Your move", 1_796_407_605_000.0));
    assert_eq!(s.players, "Ben (Black) — You (White), by links");
    // What older versions left out reads as before; what is wrong is named.
    let old = json::Obj::parse(r#"{"id":"a","text":"?game=loa","origin":"link","created":1,"updated":2}"#).unwrap();
    let read = json::entry(&old).unwrap();
    assert_eq!((read.starred, read.deleted, read.rev), (false, None, 0));
    let bad = json::Obj::parse(r#"{"id":"a","text":"?game=loa","origin":"mail","created":1,"updated":2}"#).unwrap();
    assert_eq!(json::entry(&bad).unwrap_err(), "`origin` is not one of its words");
    let bad = json::Obj::parse(r#"{"id":"a","text":"?game=loa","origin":"link","created":-1,"updated":2}"#).unwrap();
    assert_eq!(json::entry(&bad).unwrap_err(), "no time `created`");
    assert_eq!(json::Obj::parse("[1]").err().unwrap(), "it is not a JSON object");
}

/// The dots of one kind in a summary's picture: the `M` commands of its path.
fn dots(svg: &str, class: &str) -> usize {
    let Some(at) = svg.find(&format!("class='{class}' d='")) else { return 0 };
    let rest = &svg[at + class.len() + 12..];
    rest[..rest.find('\'').unwrap()].matches('M').count()
}

#[test]
fn a_summary_keeps_the_position_the_list_pictures() {
    // Lines of Action after b1-b3 h2-f2 b3xh3? No: after two quiet moves, 12 pieces each.
    let s = summarize(&entry("p", "?game=loa&moves=b1-b3,h2-f2", 1.0)).unwrap();
    assert_eq!(s.spec, "loa");
    assert_eq!(s.cells.len(), 64);
    assert_eq!((s.cells.matches('b').count(), s.cells.matches('w').count()), (12, 12));
    // b1 is cell 1 (files then ranks from a1): empty now; b3 (cell 17) holds the piece.
    assert_eq!((&s.cells[1..2], &s.cells[17..18]), (".", "b"));
    let forms = summarize(&entry("f", "?game=forms:size=8", 1.0)).unwrap();
    assert_eq!((forms.spec.as_str(), forms.cells.len()), ("forms:size=8", 64));
    // RA's 127 cells; its stacks are capital letters.
    let ra = summarize(&entry("r", "?game=ra", 1.0)).unwrap();
    assert_eq!(ra.cells.len(), 127);
    assert!(ra.pictured() && forms.pictured());
    let stack = summary::cells_text(&[Some(rules::Piece { owner: rules::Player::White, height: 3 }), None]);
    assert_eq!(stack, "W.");
}

#[test]
fn each_row_pictures_its_game_and_a_summary_without_a_picture_shows_none() {
    use crate::markup::library::{rows, thumbnail_svg};
    let s = summarize(&entry("p", "?game=loa&moves=b1-b3,h2-f2", 1.0)).unwrap();
    let svg = thumbnail_svg(&s.spec, &s.cells).unwrap();
    assert_eq!((dots(&svg, "thumb-black"), dots(&svg, "thumb-white"), dots(&svg, "thumb-stack")), (12, 12, 0));
    assert_eq!(dots(&svg, "thumb-edge"), 12, "each white stone edged");
    // 7 lines each way between 8 squares.
    assert_eq!(dots(&svg, "thumb-grid"), 14);
    // In the row: an image of it, its address escaped as a data address.
    let row = rows(&[&s], 0, false).into_string();
    assert!(row.contains("<img class=\"game-thumb loa\" src=\"data:image/svg+xml,%3Csvg xmlns=&#39;"), "{row}");
    assert!(row.contains("alt=\"\" loading=\"lazy\""), "{row}");
    assert!(!row.contains("<svg") && !row.contains("<path"), "no markup of the picture in the page");
    let ra = summarize(&entry("r", "?game=ra", 1.0)).unwrap();
    let svg = thumbnail_svg(&ra.spec, &ra.cells).unwrap();
    assert_eq!(dots(&svg, "thumb-cells"), 127, "a faint dot on each hexagonal cell");
    // Kept before the pictures, or not matching its game: no picture, the row as before.
    for (spec, cells) in [("", ""), ("loa", "bw"), ("chess", &*s.cells)] {
        assert!(thumbnail_svg(spec, cells).is_none());
        let mut old = s.clone();
        (old.spec, old.cells) = (spec.to_owned(), cells.to_owned());
        let row = rows(&[&old], 0, false).into_string();
        assert!(!row.contains("<img") && row.contains("data-open=\"p\""), "{spec} {cells}: {row}");
    }
}

#[test]
fn summaries_kept_before_the_pictures_are_found_and_worked_out_again_once() {
    let new = summarize(&entry("n", "?game=loa", 1.0)).unwrap();
    // A version 1 summary, as the library stored it: no `spec`, no `cells`.
    let mut v1 = json::of_summary(&summarize(&entry("o", "?game=loa&moves=b1-b3", 1.0)).unwrap());
    let text = v1.text(false).replace(",\"spec\":\"loa\"", "");
    let text = text[..text.find(",\"cells\"").unwrap()].to_owned() + "}";
    v1 = json::Obj::parse(&text).unwrap();
    let old = json::summary(&v1).unwrap();
    assert!(!old.pictured() && old.cells.is_empty());
    let (mut lib, skipped) =
        Library::load([("o".to_owned(), text.clone()), ("n".to_owned(), json::of_summary(&new).text(false))]);
    assert!(skipped.is_empty());
    assert_eq!(lib.unpictured(), vec!["o".to_owned()]);
    // Worked out again from its game: kept.
    let again = summarize(&entry("o", "?game=loa&moves=b1-b3", 1.0)).unwrap();
    lib.keep_pictured(again.clone());
    assert!(lib.unpictured().is_empty());
    // A game written since (its summary has a picture) is not overwritten by
    // a late one, and a game gone is not brought back.
    let mut late = again.clone();
    late.moves = 99;
    lib.keep_pictured(late);
    let gone = summarize(&entry("gone", "?game=loa", 1.0)).unwrap();
    lib.keep_pictured(gone);
    assert_eq!(lib.len(), 2);
    let rows = lib.list(&Filter::default(), 10, false, 0, 0.0);
    let Answer::Listed { markup, .. } = rows else { panic!("{rows:?}") };
    assert!(!markup.contains("99 moves") && markup.matches("<img class=\"game-thumb").count() == 2);
}

#[test]
fn a_backup_read_in_batches_is_the_backup_read_at_once() {
    let mut games: Vec<Entry> = (0..7u64).map(|i| entry(&new_id(i + 1), "?game=loa&moves=b1-b3", i as f64)).collect();
    // A game that opens none, and an id met again in a later batch.
    games.push(entry(&new_id(100), "?rules=loa", 1.0));
    games.push(entry(&new_id(1), "?game=loa", 1.0));
    let text = backup::write(&games, 1.0);
    let whole = backup::read(&text).unwrap();
    assert_eq!((whole.games.len(), whole.problems.len()), (7, 2));
    for size in [1, 2, 3, 4, 9, 100] {
        let mut reading = backup::open(&text).unwrap();
        assert_eq!((reading.total(), reading.done()), (9, 0));
        let (mut ids, mut problems, mut steps) = (Vec::new(), Vec::new(), 0);
        while !reading.finished() {
            let part = reading.next(size);
            assert!(part.games.len() + part.problems.len() <= size);
            assert_eq!(part.games.len(), part.summaries.len());
            ids.extend(part.games.into_iter().map(|g| g.id));
            problems.extend(part.problems);
            steps += 1;
        }
        assert_eq!(steps, 9usize.div_ceil(size), "batches of {size}");
        assert_eq!(ids, whole.games.iter().map(|g| g.id.clone()).collect::<Vec<_>>(), "batches of {size}");
        assert_eq!(problems, whole.problems, "batches of {size}: the same reasons, numbered in the whole file");
    }
    assert!(whole.problems[1].starts_with("game 9 (") && whole.problems[1].ends_with("the same id twice"));
}

#[test]
fn a_text_too_long_to_be_a_record_is_refused_with_its_length() {
    let long = "1. b1-b3 ".repeat(service::MAX_RECORD_BYTES / 9 + 1);
    let Answer::Unreadable { message } = service::read_record(&long, "loa", None) else { panic!("read") };
    assert!(message.starts_with("This text is 4097 KB long") && message.contains("at most 4096 KB"), "{message}");
    // Just under the limit, a text is read (here: refused for what it is, not its length).
    let junk = "\u{FFFD}".repeat(400_000);
    let Answer::Unreadable { message } = service::read_record(&junk, "loa", None) else { panic!("read") };
    assert!(!message.contains("KB long"), "{message}");
}

#[test]
fn a_game_too_long_to_keep_is_named_with_its_length_before_any_write() {
    assert!(service::too_long(&Kept::link("?game=loa&moves=b1-b3")).is_none());
    // A game whose saved text passes the limit (its link alone, here).
    let long = format!("?game=loa&moves=b1-b3&x={}", "y".repeat(backup::MAX_TEXT));
    let why = service::too_long(&Kept::link(&long)).unwrap();
    assert!(why.starts_with("This game is 1025 KB long") && why.ends_with("at most 1024 KB"), "{why}");
}

#[test]
fn summaries_say_their_language_and_are_worded_again_in_another() {
    use crate::i18n::{self, Lang, file};
    let e = entry("w1", "?game=loa&moves=b1-b3&o=ai:3", 5.0);
    let english = summarize(&e).unwrap();
    assert!(english.worded_in(Lang::En) && !english.worded_in(Lang::De));
    // A summary kept before the languages (no `lang`) reads as English.
    let json = serde_json::to_string(&english).unwrap().replace(r#","lang":"en""#, "");
    assert!(!json.contains("lang"), "{json}");
    let mut library = Library::load([("w1".to_owned(), json)]).0;
    assert!(library.worded_otherwise(Lang::En).is_empty());
    assert_eq!(library.worded_otherwise(Lang::De), ["w1"]);
    // Worded again in German: kept, and its words are German.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../i18n/de/app.json");
    let catalogue = file::read_source(&std::fs::read_to_string(path).unwrap()).unwrap();
    i18n::install(Lang::De, catalogue, file::plural_rule(Lang::De));
    let german = summarize(&e).unwrap();
    i18n::install(Lang::En, i18n::Catalogue::default(), i18n::english_plural());
    assert_eq!(german.lang, "de");
    assert_ne!(german.players, english.players, "{}", german.players);
    library.keep_pictured(german.clone());
    assert!(library.worded_otherwise(Lang::De).is_empty());
    // The stored form keeps the language.
    let back = json::summary(&json::Obj::parse(&json::of_summary(&german).text(false)).unwrap()).unwrap();
    assert_eq!(back, german);
}
