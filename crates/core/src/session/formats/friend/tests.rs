//! Tests of friends' links: two players exchanging them, and every link
//! that must be refused.

use rules::{ByPlayer, GameSpec, Player, rng::Rng};

use super::*;

const BASE: &str = "https://example.org/ludoteca/";

/// A game Ana (Black) starts with Ben, as her browser keeps it.
fn started(spec: &str) -> GameTree {
    let spec: GameSpec = spec.parse().unwrap();
    let mut tree = GameTree::new(spec.start(), None);
    tree.set_friend(Some(Friend {
        id: "00c0ffee00c0ffee".to_owned(),
        me: Player::Black,
        names: ByPlayer { black: "Ana".to_owned(), white: "Ben".to_owned() },
        days: Some(3),
        since: 1_000,
        offer: None,
    }));
    tree
}

/// The side to move plays a move drawn from `rng`; `false` when the game is over.
fn play_one(tree: &mut GameTree, rng: &mut Rng) -> bool {
    let moves = tree.position().legal_moves();
    if tree.position().outcome().is_some() || moves.is_empty() {
        return false;
    }
    let mv = moves[rng.below(moves.len())];
    tree.play(mv);
    true
}

/// [`play_one`], with a move that does not end the game when there is one.
fn play_on(tree: &mut GameTree, rng: &mut Rng) -> bool {
    let position = tree.position().clone();
    let mut moves = position.legal_moves();
    moves.retain(|&mv| {
        let mut after = position.clone();
        after.play_unchecked(mv);
        after.outcome().is_none()
    });
    if moves.is_empty() {
        return play_one(tree, rng);
    }
    tree.play(moves[rng.below(moves.len())]);
    true
}

/// Every move of `tree`'s player's turn.
fn play_turn(tree: &mut GameTree, rng: &mut Rng) -> bool {
    let me = tree.friend().unwrap().me;
    let mut moved = false;
    while tree.position().to_move() == me && tree.position().outcome().is_none() && play_one(tree, rng) {
        moved = true;
    }
    moved
}

/// The link `tree`'s player sends, read back.
fn letter_of(tree: &GameTree, whole: bool) -> Letter {
    let fragment = write(BASE, tree, tree.friend().unwrap(), whole);
    read(&format!("#{fragment}")).expect("a friend's link").expect("it reads")
}

#[test]
fn two_players_finish_a_game_by_links_alone() {
    for (spec, seed) in [("loa", 1), ("attract", 2), ("forms:size=8", 3), ("ra", 4), ("loa:size=6", 5)] {
        let mut rng = Rng::new(seed);
        let mut ana = started(spec);
        // Ana's first link follows her first move if she has it (in
        // Attract White moves first: she sends the start).
        play_turn(&mut ana, &mut rng);
        let first = receive(&letter_of(&ana, false), None).unwrap();
        assert_eq!(first.arrival, Arrival::New);
        assert!(first.message.starts_with("A game of "), "{}", first.message);
        let mut ben = first.tree;
        assert_eq!(ben.friend().unwrap().me, Player::White);
        assert_eq!(ben.friend().unwrap().names, ana.friend().unwrap().names);
        let mut turns = 0;
        loop {
            // The receiver moves (every move of its turn) and sends.
            let (to, from) =
                if ben.position().to_move() == Player::White { (&mut ben, &mut ana) } else { (&mut ana, &mut ben) };
            if !play_turn(to, &mut rng) {
                break;
            }
            let got = receive(&letter_of(to, false), Some(from)).unwrap();
            assert_eq!(got.arrival, Arrival::News, "{spec}: {}", got.message);
            *from = got.tree;
            assert_eq!(from.main_line_texts(), to.main_line_texts(), "{spec}");
            turns += 1;
            if to.position().outcome().is_some() || turns > 400 {
                break;
            }
        }
        assert!(turns > 3, "{spec}");
        // Opened again, the last link changes nothing.
        let (last_sender, other) =
            if ana.main_line().len() == ben.main_line().len() { (&ana, &ben) } else { unreachable!() };
        let again = receive(&letter_of(last_sender, false), Some(other));
        match again {
            Ok(r) => assert_eq!(r.arrival, Arrival::Nothing),
            // Unless it is the receiver's own link.
            Err(why) => assert!(why.contains("from your side"), "{why}"),
        }
    }
}

/// A whole game of `spec` by links from `base`: the longest link over
/// the first 120 moves and over the game, and how many links held only
/// the news.
fn by_links(spec: &str, base: &str, seed: u64) -> (usize, usize, usize, usize) {
    let mut rng = Rng::new(seed);
    let mut ana = started(spec);
    let mut ben: Option<GameTree> = None;
    let (mut longest, mut at_120, mut deltas) = (0, 0, 0);
    for ply in 0..400 {
        let to = if ply % 2 == 0 { &mut ana } else { ben.as_mut().unwrap() };
        if to.position().outcome().is_some() || !play_on(to, &mut rng) {
            break;
        }
        let fragment = write(base, to, to.friend().unwrap(), false);
        longest = longest.max(base.len() + 1 + fragment.len());
        if ply == 119 {
            at_120 = longest;
        }
        deltas += usize::from(fragment.contains("&after="));
        let letter = read(&fragment).unwrap().unwrap();
        if ply % 2 == 0 {
            ben = Some(receive(&letter, ben.as_ref()).unwrap().tree);
        } else {
            ana = receive(&letter, Some(&ana)).unwrap().tree;
        }
    }
    assert_eq!(ana.main_line_texts(), ben.unwrap().main_line_texts());
    (at_120, longest, ana.main_line().len(), deltas)
}

#[test]
fn a_long_forms_game_travels_in_short_links() {
    let (at_120, longest, plies, deltas) = by_links("forms:size=18", BASE, 7);
    eprintln!("forms 18x18: longest link over 120 moves {at_120}, over {plies} {longest} characters");
    // 120 moves travel whole, well under the limit.
    assert!(plies >= 120 && at_120 < MAX_LINK, "{at_120}");
    assert_eq!(deltas, 0);
    // From a site whose own address is long, the later links hold only the news.
    let long_base = format!("https://example.org/{}/", "a".repeat(1_300));
    let (_, longest, plies, deltas) = by_links("forms:size=18", &long_base, 7);
    eprintln!("from a base of {}: longest {longest} over {plies}, {deltas} links of news only", long_base.len());
    assert!(deltas > 0 && longest < MAX_LINK, "{longest} {deltas}");
}

/// Ana's game after `n` random moves, and Ben's copy of it.
fn exchanged(n: usize) -> (GameTree, GameTree) {
    let mut rng = Rng::new(11);
    let mut ana = started("loa");
    let mut ben: Option<GameTree> = None;
    for ply in 0..n {
        let to = if ply % 2 == 0 { &mut ana } else { ben.as_mut().unwrap() };
        play_one(to, &mut rng);
        if ply % 2 == 0 {
            ben = Some(receive(&letter_of(&ana, false), ben.as_ref()).unwrap().tree);
        } else {
            ana = receive(&letter_of(ben.as_ref().unwrap(), false), Some(&ana)).unwrap().tree;
        }
    }
    (ana, ben.unwrap())
}

fn refused(letter: &Letter, kept: Option<&GameTree>) -> String {
    receive(letter, kept).expect_err("refused")
}

#[test]
fn tampered_and_stale_links_are_refused() {
    let (ana, ben) = exchanged(7);
    // Ana (Black) has just moved: her link is what Ben opens.
    let good = letter_of(&ana, false);
    assert!(receive(&good, Some(&ben)).is_ok());
    // An illegal move.
    let mut bad = good.clone();
    *bad.moves.last_mut().unwrap() = "a1-h8".to_owned();
    assert!(refused(&bad, Some(&ben)).contains("is not legal"));
    // A rewritten earlier move (a take-back, or another branch).
    let mut rewrite = good.clone();
    rewrite.moves.truncate(1);
    let other = GameSpec::default_for(rules::GameKind::Loa).start().legal_move_texts();
    rewrite.moves[0] = other.iter().find(|m| **m != good.moves[0]).unwrap().clone();
    let why = refused(&rewrite, Some(&ben));
    assert!(why.contains("older link") || why.contains("replaces move 1"), "{why}");
    // An older link.
    let mut old = good.clone();
    old.moves.truncate(3);
    assert!(refused(&old, Some(&ben)).contains("older link"));
    // Ben opens the link he sent himself.
    let ben_link = letter_of(&ben, false);
    assert!(refused(&ben_link, Some(&ben)).contains("from your side"));
    // A move made for Ben by Ana's link.
    let mut forged = ana.clone();
    let mut rng = Rng::new(3);
    play_one(&mut forged, &mut rng);
    assert!(refused(&letter_of(&forged, false), Some(&ben)).contains("a move for your side"));
    // Another game's spec under the same id.
    let mut spec = good.clone();
    spec.spec = "loa:size=6".parse().unwrap();
    assert!(refused(&spec, Some(&ben)).contains("is loa"));
    // An ending Ben did not agree to.
    let mut resign = good.clone();
    resign.end = Some(Ending::Resigned(Player::White));
    assert!(refused(&resign, Some(&ben)).contains("resigned"));
    let mut draw = good.clone();
    draw.end = Some(Ending::DrawAgreed);
    assert!(refused(&draw, Some(&ben)).contains("did not offer"));
}

#[test]
fn links_of_moves_after_a_start_check_it() {
    let (ana, ben) = exchanged(9);
    let texts = ana.main_line_texts();
    let n = 8;
    let mut delta = letter_of(&ana, true);
    delta.moves = texts[n..].to_vec();
    delta.after = Some((n, line_hash(&ana.spec(), &texts[..n])));
    let got = receive(&delta, Some(&ben)).unwrap();
    assert_eq!(got.tree.main_line_texts(), texts);
    // On a browser that has not the game.
    assert!(refused(&delta, None).contains("does not have"));
    // From a start the receiver's copy does not have.
    let mut wrong = delta.clone();
    wrong.after = Some((n, line_hash(&ana.spec(), &texts[..n]) ^ 1));
    assert!(refused(&wrong, Some(&ben)).contains("another copy"));
    let mut beyond = delta;
    beyond.after = Some((20, 0));
    assert!(refused(&beyond, Some(&ben)).contains("another copy"));
}

#[test]
fn resignations_and_draws_travel() {
    let (mut ana, ben) = exchanged(4);
    // Ana offers a draw with no move: Ben sees the offer.
    ana.friend_mut().unwrap().offer = Some(Player::Black);
    let got = receive(&letter_of(&ana, false), Some(&ben)).unwrap();
    assert_eq!(got.arrival, Arrival::News);
    assert!(got.message.contains("Ana offers a draw"), "{}", got.message);
    let mut ben = got.tree;
    assert_eq!(ben.friend().unwrap().offer, Some(Player::Black));
    // Ben accepts: the draw comes back to Ana.
    ben.friend_mut().unwrap().offer = None;
    ben.set_ending(Some(Ending::DrawAgreed));
    let back = receive(&letter_of(&ben, false), Some(&ana)).unwrap();
    assert_eq!(back.tree.ending(), Some(Ending::DrawAgreed));
    assert!(back.message.contains("Drawn"), "{}", back.message);
    // Moves after the end are refused.
    let (ana, mut ben) = exchanged(5);
    ben.set_ending(Some(Ending::Resigned(Player::White)));
    let resigned = receive(&letter_of(&ben, false), Some(&ana)).unwrap();
    assert_eq!(resigned.tree.finish().and_then(|f| f.winner()), Some(Player::Black));
    let ended = resigned.tree;
    let mut later = ben.clone();
    later.set_ending(None);
    play_one(&mut later, &mut Rng::new(1));
    assert!(refused(&letter_of(&later, false), Some(&ended)).contains("after the game ended"));
}

#[test]
fn a_move_declines_an_offer() {
    let (mut ana, ben) = exchanged(4);
    // Ben (to move) offered a draw before: Ana kept his offer; her move declines it.
    let mut ben_offered = ben.clone();
    ben_offered.friend_mut().unwrap().offer = Some(Player::White);
    ana = receive(&letter_of(&ben_offered, false), Some(&ana)).unwrap().tree;
    assert_eq!(ana.friend().unwrap().offer, Some(Player::White));
    let _ = &ben;
}

proptest::proptest! {
    /// Whatever a fragment holds, reading it and taking it in never panics.
    #[test]
    fn any_fragment_is_read_or_refused(text in "\\PC{0,200}", keep in proptest::bool::ANY) {
        let (_, ben) = exchanged(3);
        for fragment in [text.clone(), format!("friend=1&id=00c0ffee00c0ffee&game=loa&by=x&{text}")] {
            if let Some(Ok(letter)) = read(&fragment) {
                let _ = receive(&letter, keep.then_some(&ben));
            }
        }
    }

    /// A good link with one character changed is read, refused or taken in:
    /// never a panic, and a refusal says what to do.
    #[test]
    fn a_changed_character_is_caught(at in 0usize..400, ch in "[a-z0-9,.&=%-]") {
        let (ana, ben) = exchanged(5);
        let fragment = write(BASE, &ana, ana.friend().unwrap(), false);
        let at = at % fragment.len();
        let changed = format!("{}{}{}", &fragment[..at], ch, &fragment[at + 1..]);
        match read(&changed) {
            None => {}
            Some(Err(why)) => proptest::prop_assert!(why.starts_with("This friend's link cannot be used")),
            Some(Ok(letter)) => {
                if let Err(why) = receive(&letter, Some(&ben)) {
                    proptest::prop_assert!(why.ends_with('.'), "{}", why);
                }
            }
        }
    }
}
