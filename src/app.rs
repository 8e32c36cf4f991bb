//! The application shell.

use leptos::prelude::*;
use rules::Game;
use rules::loa::{Loa, LoaOptions};

use crate::components::square_board::SquareBoard;
use crate::games::loa::board_view;

/// The whole app. For now it shows the Lines of Action start position.
#[component]
pub fn App() -> impl IntoView {
    let position = Loa::new(LoaOptions::default());
    let board = Signal::derive(move || board_view(&position));
    view! {
        <header class="top">
            <a class="brand" href="./">"Ludoteca"</a>
            <span class="tagline">"Abstract strategy games in your browser"</span>
        </header>
        <main class="page">
            <section class="game">
                <h1>"Lines of Action"</h1>
                <p class="lede">
                    "Claude Soucie's game of connection: bring all your stones together into one group. "
                    "Black moves first."
                </p>
                <div class="board-wrap">
                    <SquareBoard board=board label="Lines of Action board, start position"/>
                </div>
            </section>
        </main>
    }
}
