//! One page per game: the rules in our own words, the start position drawn by
//! the board component, a worked example, the options and the house rules.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::components::board::Board;
use crate::markup::board::Marks;
use crate::session::model::seats::Seats;
use crate::state::AppState;
use crate::view::animation::animate;
use crate::view::{Layout, info::info, pieces};

/// A small board showing `position` (in the game's position text) after `moves`.
#[component]
fn Diagram(
    spec: &'static str,
    position: Option<&'static str>,
    moves: &'static [&'static str],
    caption: &'static str,
    /// A move to show as an arrow instead of playing it.
    #[prop(optional)]
    arrow: Option<&'static str>,
) -> impl IntoView {
    let Ok(spec) = spec.parse::<GameSpec>() else { return view! { <p>"(diagram unavailable)"</p> }.into_any() };
    // The position before the last move, and that move.
    let Ok(before) = spec.replay(position, moves.iter().take(moves.len().saturating_sub(1)).copied(), |_, _| {}) else {
        return view! { <p>"(diagram unavailable)"</p> }.into_any();
    };
    let mut game = before.clone();
    let mut marks = Marks::default();
    let mut animation = None;
    if let Some(last) = moves.last()
        && let Ok(mv) = before.parse_move(last)
    {
        let parts = before.move_parts(mv);
        game.play_unchecked(mv);
        marks.last = parts.from.into_iter().chain(parts.to).collect();
        animation = Some(animate(&before, &game, &parts));
    }
    if let Some(mv) = arrow
        && let Ok(mv) = game.parse_move(mv)
        && let (from, Some(to)) = mv.cells(&spec)
    {
        marks.hint = Some((from, to));
    }
    view! {
        <figure class="diagram">
            <Board still=true layout=Signal::stored(Arc::new(Layout::of(&spec))) pieces=Signal::stored(pieces(&game))
                marks=Signal::stored(marks) flipped=Signal::stored(false) animation=Signal::stored(animation)
                on_cell=Callback::new(|_| {}) label=Signal::stored(caption.to_owned())/>
            <figcaption>{caption}</figcaption>
        </figure>
    }
    .into_any()
}

fn attract() -> impl IntoView {
    view! {
        <h2>"The aim"</h2>
        <p>"A stone of yours is a " <em>"winning piece"</em> " when all four of its diagonal neighbours hold enemy stones. \
            Stones on the edge of the board have fewer than four diagonal neighbours, so they never count. After every move both \
            sides count their winning pieces; whoever has more wins at once — even if the move that made it was the opponent's."</p>
        <h2>"Play"</h2>
        <p>"The board starts empty and White begins. On your turn you put one stone of your colour on any empty cell; there is no passing."</p>
        <p>"Then the new stone " <strong>"pulls"</strong> ". Look along each of the four straight lines leaving it (up, down, left, right) and \
            go outward one cell at a time, nearest first. Every stone you meet, of either colour, slides one cell toward the new stone if \
            the cell on that side of it is empty at that moment. No stone moves more than once, the new stone never moves, and diagonals \
            are left alone. Stones already touching the new stone stay put, while a chain further out shifts inward as a whole."</p>
        <h2>"The end"</h2>
        <p>"When the counts of winning pieces differ, the side with more wins. If the board fills up with the counts equal, the game is a draw."</p>
        <h2>"Example"</h2>
        <div class="diagrams">
            <Diagram spec="attract" position=Some("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o") moves=&[] caption="White to move."/>
            <Diagram spec="attract" position=Some("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o") moves=&["d4"]
                caption="White plays d4: b4 slides to c4, the d6–d7 chain drops one cell, d2 rises to d3. White's c4 now has Black on all four diagonals: White wins."/>
        </div>
        <h2>"Options"</h2>
        <p><strong>"Board size"</strong> " — 6×6 for a quick game, 8×8 to learn, 10×10 for beginners, 12×12 is the usual game; 14×14 up to 20×20 for experts."</p>
        <h2>"Our decisions"</h2>
        <p>"The original texts do not say what happens on a full board; we call it a draw. White moves first, as in the designer's own examples."</p>
    }
}

fn forms() -> impl IntoView {
    view! {
        <h2>"The aim"</h2>
        <p>"Lose all your stones. You win when the move your opponent makes leaves you without a stone on the board — so the player who is forced to take the last enemy stone loses."</p>
        <h2>"Clean-up"</h2>
        <p>"Stones that touch side by side (not diagonally) belong to the same " <em>"form"</em> ". After every move, every stone — of either colour — \
            that is not in the same form as the stone that just moved is taken off the board. The moved stone always stays, so the mover \
            always keeps at least one stone."</p>
        <h2>"Standard rules (2007)"</h2>
        <p>"Black fills the lower half of the board and White the upper half; Black moves first. A move takes one of your stones to " <em>"any"</em>
            " enemy stone anywhere on the board and captures it. Every move is a capture, written like " <code>"d3xf6"</code> "."</p>
        <h2>"Advanced rules (2011)"</h2>
        <p>"The board starts as a checkerboard, with White on a1. A move is either a capture of an enemy stone right next to yours " <code>"e4xe5"</code>
            ", or a slide " <code>"e4-e2"</code> " to an empty cell along a path of empty cells that may turn corners but never passes a stone. \
            A slide is only allowed if its clean-up removes at least one stone."</p>
        <h2>"Example"</h2>
        <div class="diagrams">
            <Diagram spec="forms:size=6" position=Some("oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx x") moves=&[] caption="Standard rules, Black to move."/>
            <Diagram spec="forms:size=6" position=Some("oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx x") moves=&["d3xf6"]
                caption="Black d3xf6. Everything no longer joined to the stone on f6 is removed — thirteen stones, most of them Black's."/>
        </div>
        <h2>"Options"</h2>
        <p><strong>"Rules"</strong> " — standard or advanced. " <strong>"Board size"</strong> " — even, from 4×4 to 18×18: 4×4 and 6×6 for quick games, 18×18 is the tournament board."</p>
        <h2>"Our decisions"</h2>
        <p>"The advanced checkerboard has White on a1 on every board size. There are no draws and no passes: while both colours are on the board, someone can always move."</p>
    }
}

fn ra() -> impl IntoView {
    view! {
        <h2>"The board"</h2>
        <p>"A hexagon of 127 hexagonal cells. Cells are named by a letter a–m and a number 1–13; the middle row runs a1, b2, c3 … m13. \
            Black's RA cell is d4 and White's is j10. Each side starts with three stacks of three stones around its own RA cell."</p>
        <h2>"Moving"</h2>
        <p>"Take 1, 2 or 3 stones off the top of one of your stacks and move them together in a straight line in any of the six directions. \
            One stone travels exactly 3 cells, two stones 2 cells, three stones 1 cell, over empty cells only. The move stops early only when it \
            meets the board's edge (it stops on the last cell), enters the enemy RA cell, or runs into another stack (it may stop in front of it). \
            You may capture an enemy stack no taller than the stones you move, anywhere within range. You may join a stack of your own only at \
            exactly full range, and only up to three stones. Your own RA cell is an ordinary cell for you."</p>
        <h2>"Scoring"</h2>
        <p>"A match ends as soon as a stack reaches the enemy RA cell — 1 point for one stone, 3 for two, 6 for three — or captures the last \
            enemy stack (3 points; if both happen at once, the RA score counts). The board is then set up again and the loser of the match moves first. \
            The game ends after a match when a player has reached the target (6 points unless chosen otherwise) with the lead \
            needed (2 unless chosen otherwise). A player with no legal move passes."</p>
        <h2>"Example"</h2>
        <div class="diagrams">
            <Diagram spec="ra" position=None moves=&[] caption="The start of every match."/>
            <Diagram spec="ra" position=Some("x1h10/x3c5/o3k9/o3h8 x 0-0 1 x") moves=&[] arrow="1h10-j10"
                caption="A single Black stone two cells from j10 may move in and stop there, short of its three cells: Black would score 1, and a new match would begin with White to move."/>
        </div>
        <h2>"Options"</h2>
        <p><strong>"Points to win"</strong> " (default 6), " <strong>"lead needed"</strong> " (default 2), and " <strong>"who starts match 1"</strong> " (default Black)."</p>
        <section class="house">
        <h2>"House rules"</h2>
        <p>"The original rules never end a match that goes round in circles. Here, if the same position with the same player to move \
            occurs a third time in a match, the match is drawn with no points and the player who did not start it starts the next."</p>
        </section>
    }
}

fn loa() -> impl IntoView {
    view! {
        <h2>"The aim"</h2>
        <p>"Bring all your pieces together into a single group, where every piece touches another across a side or a corner."</p>
        <h2>"Moving"</h2>
        <p>"Black starts. A piece moves in a straight line — along its row, column or either diagonal — exactly as many squares as there are pieces, \
            of both colours, on that whole line. It may jump over its own pieces but not over enemy pieces, and it captures an enemy piece by landing on it."</p>
        <h2>"The end"</h2>
        <p>"After every move, check both sides. A player whose pieces are all connected wins — even if the opponent made the move, for instance by \
            capturing that player's last straggler. A single piece left alone counts as connected. If both sides become connected by the same move, \
            the game is drawn (or, with the option below, won by the player who moved)."</p>
        <h2>"Example"</h2>
        <div class="diagrams">
            <Diagram spec="loa" position=None moves=&[] caption="The start: Black on the top and bottom rows, White on the sides."/>
            <Diagram spec="loa" position=None moves=&["c1xa3"] caption="c1xa3: the diagonal through c1 holds two pieces, c1 and a3, so c1 moves two squares and captures on a3."/>
        </div>
        <h2>"Options"</h2>
        <p><strong>"When both connect at once"</strong> " — a draw (the usual tournament rule) or a win for the player who moved (the rule of the book's second edition)."</p>
        <section class="house">
            <h2>"Tournament rules we follow"</h2>
            <p>"A player who cannot move passes, and the third occurrence of the same position with the same player to move is a draw, as in the Computer Olympiad rules."</p>
        </section>
    }
}

/// The rules page of `kind`.
#[component]
pub fn RulesPage(
    /// Which game.
    kind: GameKind,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let card = info(kind);
    let body = match kind {
        GameKind::Attract => attract().into_any(),
        GameKind::Forms => forms().into_any(),
        GameKind::Ra => ra().into_any(),
        GameKind::Loa => loa().into_any(),
    };
    let spec = GameSpec::default_for(kind);
    view! {
        <article class="rules">
            <h1>{kind.name()}</h1>
            <p class="credit">"Designed by " {card.designer} ", " {card.year} ". Rules written for Ludoteca."</p>
            <p class="lede">{card.tagline}</p>
            <button class="primary" on:click=move |_| state.new_game(spec, Seats::default(), None)>"Play " {kind.name()}</button>
            {body}
        </article>
    }
}
