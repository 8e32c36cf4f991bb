//! The game review's panel on the page: its markup (`ludoteca_core::markup::review`)
//! drawn at most every so often while a review runs, and one click handler
//! for its buttons and its graph.

use gloo_timers::callback::Timeout;
use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;
use ludoteca_core::markup::review::{actions, panel, ply_at};
use ludoteca_core::session::Intent;
use ludoteca_core::session::flow::{MAX_REVIEW_WORKERS, ReviewIntent, ReviewView};
use ludoteca_core::session::model::tree::Nav;

/// The least time between two drawings of the panel while a review runs, in milliseconds.
const REDRAW_MS: u32 = 250;

/// How many workers a review uses: the spare cores, at most [`MAX_REVIEW_WORKERS`].
fn review_workers() -> usize {
    crate::web::spare_cores().min(MAX_REVIEW_WORKERS)
}

/// The review: its buttons (`findings` false: *Review game*, *Close
/// review*), or what it found (`findings` true: its progress, graph and
/// verdicts). Written as markup (see [`panel`] and [`actions`]) with one
/// click handler for its buttons and the graph's columns; a button that had
/// the focus has it again after the panel is redrawn.
#[component]
pub fn ReviewPanel(
    /// The review, if its panel is open.
    review: Memo<Option<ReviewView>>,
    /// Which part: what it found, or its buttons.
    findings: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let markup = state.derive_with(move |s| {
        review.with(|r| {
            if findings {
                panel(r.as_ref(), s.tree().main_ply())
            } else {
                actions(r.as_ref(), !s.tree().main_line().is_empty())
            }
        })
    });
    let root = NodeRef::<Div>::new();
    let draw = move || {
        let Some(el) = root.try_get_untracked().flatten() else { return };
        let focused =
            document().active_element().filter(|a| el.contains(Some(a))).and_then(|a| a.get_attribute("data-action"));
        if markup.try_with_untracked(|m| crate::web::set_markup(&el, m)).is_none() {
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
            Some("review") => Intent::Review(ReviewIntent::Start { workers: review_workers() }),
            Some("stop") => Intent::Review(ReviewIntent::Stop),
            Some("close") => Intent::Review(ReviewIntent::Close),
            Some("better") => Intent::Review(ReviewIntent::PlayBetter),
            _ => return,
        };
        state.dispatch(intent);
    };
    view! { <div class=if findings { "review-panel review-findings" } else { "review-panel" } node_ref=root on:click=click></div> }
}
