//! Tests of `alphabeta`.

#[test]
fn helpers_start_their_root_moves_at_other_places() {
    let moves: Vec<u8> = (0..7).collect();
    let staggered = |at| {
        let mut m = moves.clone();
        super::stagger(&mut m, at);
        m
    };
    // The main thread and a single thread keep the order.
    assert_eq!(staggered((0, 2)), moves);
    assert_eq!(staggered((0, 1)), moves);
    // The first move stays first; the others start 1/2, 1/3, 2/3 along.
    assert_eq!(staggered((1, 2)), [0, 4, 5, 6, 1, 2, 3]);
    assert_eq!(staggered((1, 3)), [0, 3, 4, 5, 6, 1, 2]);
    assert_eq!(staggered((2, 3)), [0, 5, 6, 1, 2, 3, 4]);
    let mut two = [5u8, 9];
    super::stagger(&mut two, (1, 2));
    assert_eq!(two, [5, 9]);
}
