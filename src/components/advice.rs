//! Hints and the analysis panel: the evaluation bar, the win chance or the
//! proven result, the depth and the principal variation of the position shown.

use leptos::prelude::*;
use rules::Player;
use search::review::Verdict;
use search::score::{SOLVED_DRAW, SOLVED_WIN, is_settled, percent, plies_to_end, win_chance};

use crate::game_view::GameView;
use crate::state::AppState;
use ludoteca_core::session::Intent;
use ludoteca_core::session::Session;
use ludoteca_core::session::flow::AdviceIntent;
use ludoteca_core::session::flow::Analysis;
use ludoteca_core::session::model::seats::colour;
use ludoteca_core::{t, tn};

/// The Hint button and the hint shown (in a challenge, with *Solution*).
#[component]
pub fn HintButton(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let pending = state.derive(Session::hint_pending);
    let hint_move = state.derive(|s| s.hint().map(|h| h.mv.to_string()));
    let hint_score = state.derive(|s| s.hint().map(|h| h.score_text.clone()));
    let pending = move || pending.get();
    // A challenge (`solve=`) may also be played out.
    let challenge = state.derive(Session::challenge_on);
    let hint = move || {
        hint_move.get().zip(hint_score.get()).map(|(mv, score)| {
            // The move stands out: the sentence is cut where it goes.
            let words = t!("Try {move} ({score})", score = score);
            let (before, after) = words.split_once("{move}").unwrap_or((&words, ""));
            let (before, after) = (before.to_owned(), after.to_owned());
            view! { <span class="hint-text" data-testid="hint">{before}<strong>{mv}</strong>{after}</span> }
        })
    };
    view! {
        <div class="advice">
            <button on:click=move |_| state.dispatch(Intent::Advice(AdviceIntent::Hint))
                disabled=move || game.position.with(|g| g.outcome().is_some()) || pending()
                title=move || if game.position.with(|g| g.outcome().is_some()) {
                    t!("The game is over: there is no move to suggest")
                } else if pending() {
                    t!("Working out a hint…")
                } else {
                    t!("Suggest a move for the side to move")
                }>
                {move || if pending() { t!("Thinking…") } else { t!("Hint") }}
            </button>
            <button class="secondary" hidden=move || !challenge.get()
                on:click=move |_| state.dispatch(Intent::Solution)>{t!("Solution")}</button>
            {hint}
        </div>
    }
}

/// A settled result in words, in the reader's language, as
/// [`Verdict::proven_text`] says it in English: `Black wins in 7 (proven)`,
/// `Black has won`, `Black wins with perfect play`, `A draw with perfect play`.
fn proven_words(v: &Verdict) -> Option<String> {
    if v.score == SOLVED_DRAW {
        return Some(t!("A draw with perfect play"));
    }
    let winner = colour(if v.score > 0 { v.to_move } else { v.to_move.opponent() });
    if v.score.abs() == SOLVED_WIN {
        return Some(t!("{player} wins with perfect play", player = winner));
    }
    let n = plies_to_end(v.score)?.unsigned_abs();
    Some(if n == 0 {
        t!("{player} has won", player = winner)
    } else {
        tn!(n, "{player} wins in {n} (proven)", "{player} wins in {n} (proven)", player = winner)
    })
}

/// The verdict of an analysis in words: the settled result and the best
/// move, or the score and the win chance.
fn verdict(a: &Analysis) -> String {
    let settled = Verdict { to_move: a.side, score: a.score, best: None };
    match proven_words(&settled) {
        Some(result) => match a.pv.first() {
            Some(best) => t!("{result}; best {move}", result = result, move = best),
            None => result,
        },
        None => t!(
            "{score} for {player} · win chance about {percent}%",
            score = a.score_text,
            player = colour(a.side),
            percent = ludoteca_core::i18n::intl::count(u64::from(percent(win_chance(a.score))))
        ),
    }
}

/// The analysis toggle and, when on, the panel.
#[component]
pub fn AnalysisPanel(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let on = state.derive(Session::analysis_on);
    let analysis = state.derive(|s| s.analysis().cloned());
    let playable = state.derive(Session::line_playable);
    // The best line: each move a button that plays the line up to it, when
    // the line may be played here; otherwise text.
    let line = move |a: &Analysis| {
        let moves: Vec<String> = a.pv.iter().take(10).map(ToString::to_string).collect();
        if !playable.get() {
            return view! { <p class="pv">{moves.join(" ")}</p> }.into_any();
        }
        let buttons = moves
            .into_iter()
            .enumerate()
            .map(|(k, mv)| {
                let label = t!("Play the line up to {move}", move = mv);
                view! {
                    <button type="button" class="pv-move" title=label.clone() aria-label=label
                        on:click=move |_| state.dispatch(Intent::Advice(AdviceIntent::Line(k)))>{mv}</button>
                }
            })
            .collect_view();
        view! { <p class="pv" role="group" aria-label=t!("Best line: press a move to play the line up to it")>{buttons}</p> }.into_any()
    };
    let body = move || {
        let over = game.position.with(|g| g.outcome().is_some());
        match analysis.get() {
            None if over => view! { <p class="muted">{t!("The game is over.")}</p> }.into_any(),
            None => view! { <p class="muted">{t!("Analysing…")}</p> }.into_any(),
            Some(a) => {
                let chance = win_chance(a.score);
                // The bar shows Black's share from the left.
                let black = if a.side == Player::Black { chance } else { 1.0 - chance };
                let label = t!("Black {black}%, White {white}%", black = percent(black), white = 100 - percent(black));
                // A settled result at depth 0 is the solver's answer.
                let stats = if a.depth == 0 && is_settled(a.score) && a.nodes == 0 {
                    t!("solved (a known start)")
                } else if a.depth == 0 && is_settled(a.score) {
                    tn!(a.nodes, "solved · {n} position", "solved · {n} positions")
                } else if a.done {
                    tn!(a.nodes, "depth {depth} · {n} node · done", "depth {depth} · {n} nodes · done", depth = a.depth)
                } else {
                    tn!(a.nodes, "depth {depth} · {n} node", "depth {depth} · {n} nodes", depth = a.depth)
                };
                view! {
                    <div class="eval-bar" role="img" aria-label=label>
                        <div class="eval-black" style=("width", format!("{}%", percent(black)))></div>
                    </div>
                    <p class="verdict" data-testid="analysis">{verdict(&a)}</p>
                    <p class="muted small">{stats}</p>
                    {line(&a)}
                }
                .into_any()
            }
        }
    };
    view! {
        <label class="toggle">
            <input type="checkbox" prop:checked=move || on.get() on:change=move |ev| state.dispatch(Intent::Advice(AdviceIntent::Analysis(event_target_checked(&ev))))/>
            " " {t!("Analysis")}
        </label>
        {move || on.get().then(|| view! { <section class="analysis" aria-label=t!("Analysis")>{body}</section> })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(score: i32, score_text: &str) -> Analysis {
        Analysis {
            depth: 3,
            score,
            score_text: score_text.to_owned(),
            pv: vec![
                "forms:rules=advanced,size=4".parse::<rules::GameSpec>().unwrap().start().parse_move("d3xc3").unwrap(),
            ],
            nodes: 9,
            side: Player::White,
            done: false,
        }
    }

    #[test]
    fn verdicts() {
        assert_eq!(verdict(&analysis(0, "+0.00")), "+0.00 for White · win chance about 50%");
        assert_eq!(verdict(&analysis(search::score::WIN - 3, "win in 3")), "White wins in 3 (proven); best d3xc3");
        assert_eq!(verdict(&analysis(-search::score::SOLVED_WIN, "loss")), "Black wins with perfect play; best d3xc3");
        assert_eq!(verdict(&analysis(search::score::SOLVED_DRAW, "draw")), "A draw with perfect play; best d3xc3");
        let mut lost = analysis(-search::score::SOLVED_WIN, "loss");
        lost.pv.clear();
        assert_eq!(verdict(&lost), "Black wins with perfect play");
    }
}
