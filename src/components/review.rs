//! The game review: the button, the progress, the evaluation graph, each
//! player's summary and what the review says of the move shown.

use std::fmt::Write as _;

use gloo_timers::callback::Timeout;
use leptos::html::Div;
use leptos::prelude::*;
use rules::Player;
use search::review::{Mark, Summary};
use wasm_bindgen::JsCast;

use crate::session::Intent;
use crate::session::flow::{MAX_REVIEW_WORKERS, ReviewView};
use crate::session::tree::Nav;
use crate::state::AppState;

/// The least time between two drawings of the panel while a review runs, in milliseconds.
const REDRAW_MS: u32 = 250;

/// The graph's size in its own units (drawn at the panel's width).
const W: usize = 3000;
const H: usize = 800;

/// The class of a mark, for its colour.
fn mark_class(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "n1",
        Mark::Mistake => "n2",
        Mark::Blunder => "n3",
    }
}

/// The evaluation graph as SVG markup: Black's win chance per ply as a
/// dark area from the bottom (the light rest is White's), the middle line,
/// marked moves as coloured dots, proven results as squares, the position
/// shown as a line. It carries its number of plies (`data-plies`): a click
/// on it is turned into a ply by its position across.
#[must_use]
pub fn graph(view: &ReviewView, shown: Option<usize>) -> String {
    let n = view.points.len();
    let x = |ply: usize| if n > 1 { ply * W / (n - 1) } else { W / 2 };
    let y = |chance: f64| ((1.0 - chance.clamp(0.0, 1.0)) * H as f64).round() as usize;
    let mut out = format!(
        "<svg viewBox=\"0 0 {W} {H}\" data-plies=\"{n}\" role=\"img\" \
         aria-label=\"Evaluation graph: Black's win chance move by move\">\
         <rect class=\"g-white\" width=\"{W}\" height=\"{H}\"/><polygon class=\"g-black\" points=\"0,{H}"
    );
    let judged: Vec<(usize, f64, Option<Player>)> =
        view.points.iter().enumerate().filter_map(|(i, p)| p.map(|(c, w)| (i, c, w))).collect();
    for &(i, chance, _) in &judged {
        let _ = write!(out, " {},{}", x(i), y(chance));
    }
    let last = judged.last().map_or(0, |j| x(j.0));
    let _ = write!(out, " {last},{H}\"/><line class=\"g-mid\" x1=\"0\" y1=\"{}\" x2=\"{W}\" y2=\"{}\"/>", H / 2, H / 2);
    if let Some(ply) = shown.filter(|&p| p < n) {
        let _ = write!(out, "<line class=\"g-cursor\" x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{H}\"/>", x(ply));
    }
    for &(i, chance, winner) in &judged {
        let (cx, cy) = (x(i), y(chance));
        if winner.is_some() {
            let _ = write!(
                out,
                "<rect class=\"g-proven\" x=\"{}\" y=\"{}\" width=\"60\" height=\"60\"/>",
                cx.saturating_sub(30),
                cy.saturating_sub(30).min(H - 60)
            );
        } else if let Some(mark) = view.mark(i) {
            let _ = write!(out, "<circle class=\"g-mark {}\" cx=\"{cx}\" cy=\"{cy}\" r=\"40\"/>", mark_class(mark));
        }
    }
    out.push_str("</svg>");
    out
}

/// The ply under a point `fraction` (0 to 1) of the way across a graph of `plies` plies.
#[must_use]
pub fn ply_at(fraction: f64, plies: usize) -> usize {
    let last = plies.saturating_sub(1);
    ((fraction.clamp(0.0, 1.0) * last as f64).round() as usize).min(last)
}

/// A loss of win chance as a percentage with one decimal, in whole-number arithmetic.
fn tenths(loss: f64) -> String {
    let t = (loss.clamp(0.0, 1.0) * 1000.0).round() as u32;
    format!("{}.{}%", t / 10, t % 10)
}

/// One player's summary in words.
fn summary_text(player: Player, s: &Summary) -> String {
    let [i, m, b] = s.marks;
    format!(
        "{player}: {i} inaccurac{}, {m} mistake{}, {b} blunder{} · average loss {}",
        if i == 1 { "y" } else { "ies" },
        if m == 1 { "" } else { "s" },
        if b == 1 { "" } else { "s" },
        tenths(s.average_loss)
    )
}

/// How many workers a review uses: the spare cores, at most [`MAX_REVIEW_WORKERS`].
fn review_workers() -> usize {
    crate::web::spare_cores().min(MAX_REVIEW_WORKERS)
}

/// The panel's markup: the buttons (`data-action`), and with a review its
/// progress, graph, the proven result of the position shown, each player's
/// summary and what the review says of the move shown (`shown`: its place
/// on the main line).
#[must_use]
pub fn panel(review: Option<&ReviewView>, shown: Option<usize>, has_moves: bool) -> String {
    let mut out = String::from("<div class=\"review-actions\">");
    let running = review.is_some_and(|r| r.running);
    let disabled = if has_moves && !running { "" } else { " disabled" };
    let _ = write!(out, "<button data-action=\"review\"{disabled}>Review game</button>");
    let Some(r) = review else {
        out.push_str("</div>");
        return out;
    };
    out.push_str(
        "<button data-action=\"close\">Close review</button></div><section class=\"review\" aria-label=\"Review\">",
    );
    if r.running {
        let _ = write!(
            out,
            "<div class=\"review-progress\"><progress max=\"{0}\" value=\"{1}\" aria-label=\"Review progress\"></progress>\
             <span>{1} of {0}</span><button class=\"small-button\" data-action=\"stop\">Stop</button></div>",
            r.total, r.done
        );
    }
    let _ = write!(
        out,
        "<div class=\"graph\">{}</div><p class=\"graph-tip small muted\">Click the graph to go to a move.</p>",
        graph(r, shown)
    );
    if let Some(proven) = &r.proven {
        let _ = write!(out, "<p class=\"verdict\">{proven}</p>");
    }
    let judged = shown.filter(|&p| p > 0).and_then(|p| r.moves.get(p - 1)).and_then(Option::as_ref);
    if let Some((m, mark)) = judged.and_then(|m| Some((m, m.mark?))) {
        let _ = write!(
            out,
            "<p class=\"review-move\"><span class=\"nag {}\">{}</span> {}: {} gave away {} of win chance.",
            mark_class(mark),
            mark.symbol(),
            capitalised(mark.name()),
            m.mover,
            tenths(m.loss)
        );
        if let Some(better) = &m.better {
            let _ = write!(
                out,
                " Better: <strong>{better}</strong> <button class=\"small-button\" data-action=\"better\">Show as variation</button>"
            );
        }
        out.push_str("</p>");
    }
    if r.done > 0 {
        for (player, summary) in Player::ALL.into_iter().zip(&r.summaries) {
            let _ = write!(out, "<p class=\"small\">{}</p>", summary_text(player, summary));
        }
    }
    out.push_str("</section>");
    out
}

/// The review: a button to start it; then its progress, graph and findings.
/// Written as markup (see [`panel`]) with one click handler for its buttons
/// and the graph's columns; a button that had the focus has it again after
/// the panel is redrawn.
#[component]
pub fn ReviewPanel(
    /// The review, if its panel is open.
    review: Memo<Option<ReviewView>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let markup = state
        .derive(move |s| review.with(|r| panel(r.as_ref(), s.tree().main_ply(), !s.tree().main_line().is_empty())));
    let root = NodeRef::<Div>::new();
    let draw = move || {
        let Some(el) = root.try_get_untracked().flatten() else { return };
        let focused =
            document().active_element().filter(|a| el.contains(Some(a))).and_then(|a| a.get_attribute("data-action"));
        if markup.try_with_untracked(|m| el.set_inner_html(m)).is_none() {
            return;
        }
        let again = focused.and_then(|action| el.query_selector(&format!("[data-action=\"{action}\"]")).ok().flatten());
        if let Some(button) = again.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = button.focus();
        }
    };
    // While the workers report, the panel is drawn at most every
    // `REDRAW_MS` (at once, then once more with what came meanwhile):
    // drawing it for every position made the page's tasks long on slow machines.
    let throttle: StoredValue<(Option<Timeout>, bool), LocalStorage> = StoredValue::new_local((None, false));
    Effect::new(move |_| {
        markup.track();
        let running = review.with_untracked(|r| r.as_ref().is_some_and(|r| r.running));
        let waiting = throttle.with_value(|(timer, _)| timer.is_some());
        if running && waiting {
            throttle.update_value(|(_, dirty)| *dirty = true);
            return;
        }
        draw();
        if running {
            let timer = Timeout::new(REDRAW_MS, move || {
                let dirty = throttle.try_update_value(|(timer, dirty)| {
                    *timer = None;
                    std::mem::take(dirty)
                });
                if dirty == Some(true) {
                    draw();
                }
            });
            throttle.set_value((Some(timer), false));
        } else {
            throttle.set_value((None, false));
        }
    });
    // Where across the graph the pointer is, as a ply.
    let ply_under = |ev: &web_sys::MouseEvent| {
        let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
        let svg = target.closest("svg[data-plies]").ok()??;
        let plies = svg.get_attribute("data-plies")?.parse().ok()?;
        let rect = svg.get_bounding_client_rect();
        (rect.width() > 0.0).then(|| ply_at((f64::from(ev.client_x()) - rect.left()) / rect.width(), plies))
    };
    let click = move |ev: web_sys::MouseEvent| {
        if let Some(ply) = ply_under(&ev) {
            return state.dispatch(Intent::Navigate(Nav::To(ply)));
        }
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let action = target.closest("[data-action]").ok().flatten().and_then(|b| b.get_attribute("data-action"));
        let intent = match action.as_deref() {
            Some("review") => Intent::Review { workers: review_workers() },
            Some("stop") => Intent::StopReview,
            Some("close") => Intent::CloseReview,
            Some("better") => Intent::PlayBetter,
            _ => return,
        };
        state.dispatch(intent);
    };
    view! { <div class="review-panel" node_ref=root on:click=click></div> }
}

/// `text` with a capital first letter.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::review::MoveReview;

    fn view(points: &[Option<f64>], marks: &[Option<Mark>]) -> ReviewView {
        ReviewView {
            points: points.iter().map(|p| p.map(|c| (c, (c == 1.0).then_some(Player::Black)))).collect(),
            moves: marks
                .iter()
                .map(|&mark| {
                    Some(MoveReview { mover: Player::Black, before: 0.5, after: 0.5, loss: 0.0, mark, better: None })
                })
                .collect(),
            ..ReviewView::default()
        }
    }

    #[test]
    fn the_graph_draws_what_was_judged_and_turns_positions_into_plies() {
        let v = view(&[Some(0.5), Some(0.25), None, Some(1.0)], &[Some(Mark::Blunder), None, None]);
        let svg = graph(&v, Some(1));
        assert!(svg.contains("data-plies=\"4\""), "{svg}");
        // Black's area follows the judged points only: 50% at x 0, 25% at x 1000, 100% at x 3000.
        assert!(svg.contains("points=\"0,800 0,400 1000,600 3000,0 3000,800\""), "{svg}");
        assert!(svg.contains("<circle class=\"g-mark n3\" cx=\"1000\" cy=\"600\""), "{svg}");
        assert!(svg.contains("<rect class=\"g-proven\""), "{svg}");
        assert!(svg.contains("<line class=\"g-cursor\" x1=\"1000\""), "{svg}");
        assert_eq!((ply_at(0.0, 4), ply_at(0.49, 4), ply_at(0.51, 4), ply_at(1.0, 4), ply_at(7.0, 4)), (0, 1, 2, 3, 3));
        assert_eq!(ply_at(0.5, 0), 0);
    }

    #[test]
    fn the_panel_offers_what_can_be_done() {
        assert_eq!(
            panel(None, None, false),
            "<div class=\"review-actions\"><button data-action=\"review\" disabled>Review game</button></div>"
        );
        assert!(!panel(None, None, true).contains("disabled"));
        let mut v = view(&[Some(0.5), Some(0.2)], &[Some(Mark::Blunder)]);
        v.running = true;
        v.total = 2;
        v.done = 1;
        v.moves[0].as_mut().unwrap().better = Some("b1-b3".to_owned());
        v.moves[0].as_mut().unwrap().loss = 0.3;
        v.summaries[0].marks = [0, 0, 1];
        let html = panel(Some(&v), Some(1), true);
        assert!(html.contains("data-action=\"review\" disabled"), "{html}");
        assert!(html.contains("<progress max=\"2\" value=\"1\""), "{html}");
        assert!(html.contains("data-action=\"stop\""), "{html}");
        assert!(
            html.contains("Blunder: Black gave away 30.0% of win chance. Better: <strong>b1-b3</strong>"),
            "{html}"
        );
        assert!(html.contains("data-action=\"better\""), "{html}");
        assert!(html.contains("Black: 0 inaccuracies, 0 mistakes, 1 blunder"), "{html}");
        // At the start there is no move to judge.
        assert!(!panel(Some(&v), Some(0), true).contains("review-move"));
    }

    #[test]
    fn summaries_and_losses_in_words() {
        let s = Summary { moves: 10, marks: [1, 0, 2], average_loss: 0.0417 };
        assert_eq!(summary_text(Player::White, &s), "White: 1 inaccuracy, 0 mistakes, 2 blunders · average loss 4.2%");
        assert_eq!(tenths(0.3), "30.0%");
        assert_eq!(capitalised("blunder"), "Blunder");
    }
}
