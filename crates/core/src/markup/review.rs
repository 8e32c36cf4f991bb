//! The review's panel as markup: its buttons (`data-action`), and with a
//! review its progress, the evaluation graph, the proven result of the
//! position shown, each player's summary and what the review says of the
//! move shown.

use rules::Player;
use search::review::{Mark, Summary};

use super::Markup;
use crate::session::flow::ReviewView;
use crate::view::player_name;
use crate::{t, tn};

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

/// The evaluation graph as SVG: Black's win chance per ply as a dark area
/// from the bottom (the light rest is White's), the middle line, marked
/// moves as coloured dots, proven results as squares, the position shown as
/// a line. It carries its number of plies (`data-plies`): a click on it is
/// turned into a ply by its position across ([`ply_at`]).
#[must_use]
pub fn graph(view: &ReviewView, shown: Option<usize>) -> Markup {
    let n = view.points.len();
    let x = |ply: usize| if n > 1 { ply * W / (n - 1) } else { W / 2 };
    let y = |chance: f64| ((1.0 - chance.clamp(0.0, 1.0)) * H as f64).round() as usize;
    let judged: Vec<(usize, f64, Option<Player>)> =
        view.points.iter().enumerate().filter_map(|(i, p)| p.map(|(c, w)| (i, c, w))).collect();
    let mut points = format!("0,{H}");
    for &(i, chance, _) in &judged {
        points.push_str(&format!(" {},{}", x(i), y(chance)));
    }
    let last = judged.last().map_or(0, |j| x(j.0));
    points.push_str(&format!(" {last},{H}"));
    let mut m = Markup::new();
    m.open("svg")
        .attr("viewBox", format_args!("0 0 {W} {H}"))
        .attr("data-plies", n)
        .attr("role", "img")
        .attr("aria-label", t!("Evaluation graph: Black's win chance move by move"))
        .body();
    m.open("rect").attr("class", "g-white").attr("width", W).attr("height", H).empty();
    m.open("polygon").attr("class", "g-black").attr("points", points).empty();
    m.open("line").attr("class", "g-mid").attr("x1", 0).attr("y1", H / 2).attr("x2", W).attr("y2", H / 2).empty();
    if let Some(ply) = shown.filter(|&p| p < n) {
        m.open("line")
            .attr("class", "g-cursor")
            .attr("x1", x(ply))
            .attr("y1", 0)
            .attr("x2", x(ply))
            .attr("y2", H)
            .empty();
    }
    for &(i, chance, winner) in &judged {
        let (cx, cy) = (x(i), y(chance));
        if winner.is_some() {
            m.open("rect")
                .attr("class", "g-proven")
                .attr("x", cx.saturating_sub(30))
                .attr("y", cy.saturating_sub(30).min(H - 60))
                .attr("width", 60)
                .attr("height", 60)
                .empty();
        } else if let Some(mark) = view.mark(i) {
            m.open("circle")
                .attr("class", format_args!("g-mark {}", mark_class(mark)))
                .attr("cx", cx)
                .attr("cy", cy)
                .attr("r", 40)
                .empty();
        }
    }
    m.end("svg");
    m
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
    t!(
        "{player}: {inaccuracies}, {mistakes}, {blunders} · average loss {loss}",
        player = player_name(player),
        inaccuracies = tn!(i, "{n} inaccuracy", "{n} inaccuracies"),
        mistakes = tn!(m, "{n} mistake", "{n} mistakes"),
        blunders = tn!(b, "{n} blunder", "{n} blunders"),
        loss = tenths(s.average_loss)
    )
}

/// What the review says of a move: its mark, who played it and the win
/// chance it gave away.
fn judged_text(mark: Mark, mover: Player, loss: f64) -> String {
    let (player, loss) = (player_name(mover), tenths(loss));
    match mark {
        Mark::Inaccuracy => t!("Inaccuracy: {player} gave away {loss} of win chance.", player = player, loss = loss),
        Mark::Mistake => t!("Mistake: {player} gave away {loss} of win chance.", player = player, loss = loss),
        Mark::Blunder => t!("Blunder: {player} gave away {loss} of win chance.", player = player, loss = loss),
    }
}

/// `text` with a capital first letter.
#[cfg(test)]
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// A button of the panel, for its click handler.
fn button(m: &mut Markup, action: &'static str, class: Option<&'static str>, disabled: bool, label: &str) {
    button_why(m, action, class, disabled.then_some(""), label);
}

/// A button, disabled when there is a reason `why` (said as its tooltip and
/// description when it is not empty).
fn button_why(m: &mut Markup, action: &'static str, class: Option<&'static str>, why: Option<&str>, label: &str) {
    let title = why.filter(|w| !w.is_empty());
    m.open("button")
        .attr_some("class", class)
        .attr("data-action", action)
        .attr_some("title", title)
        .flag("disabled", why.is_some())
        .body();
    m.text(label).end("button");
}

/// The review's buttons: *Review game* (disabled with its reason) and,
/// while the review is open, *Close review*.
#[must_use]
pub fn actions(review: Option<&ReviewView>, has_moves: bool) -> Markup {
    let mut m = Markup::new();
    m.open("div").attr("class", "review-actions").body();
    let why = if !has_moves {
        Some(t!("No moves to review yet"))
    } else if review.is_some_and(|r| r.running) {
        Some(t!("The review is running"))
    } else {
        None
    };
    button_why(&mut m, "review", None, why.as_deref(), &t!("Review game"));
    if review.is_some() {
        button(&mut m, "close", None, false, &t!("Close review"));
    }
    m.end("div");
    m
}

/// What the review found (see the module's documentation), shown near the
/// top of the side panel so that it sits beside the board (under it on a
/// phone); `shown` is the move shown's place on the main line. Empty while
/// no review is open.
#[must_use]
pub fn panel(review: Option<&ReviewView>, shown: Option<usize>) -> Markup {
    let mut m = Markup::new();
    let Some(r) = review else { return m };
    m.open("section").attr("class", "review").attr("aria-label", t!("Review")).body();
    if r.running {
        m.open("div").attr("class", "review-progress").body();
        m.open("progress").attr("max", r.total).attr("value", r.done).attr("aria-label", t!("Review progress")).empty();
        m.open("span").body();
        m.text(t!("{done} of {total}", done = r.done, total = r.total)).end("span");
        button(&mut m, "stop", Some("small-button"), false, &t!("Stop"));
        m.end("div");
    }
    m.open("div").attr("class", "graph").body();
    m.append(&graph(r, shown)).end("div");
    m.open("p").attr("class", "graph-tip small muted").body();
    m.text(t!("Click the graph to go to a move.")).end("p");
    if let Some(proven) = &r.proven {
        m.open("p").attr("class", "verdict").body();
        m.text(proven).end("p");
    }
    let judged = shown.filter(|&p| p > 0).and_then(|p| r.moves.get(p - 1)).and_then(Option::as_ref);
    if let Some((judged, mark)) = judged.and_then(|j| Some((j, j.mark?))) {
        m.open("p").attr("class", "review-move").body();
        m.open("span").attr("class", format_args!("nag {}", mark_class(mark))).body();
        m.text(mark.symbol()).end("span");
        m.text(" ").text(judged_text(mark, judged.mover, judged.loss));
        if let Some(better) = judged.better {
            // The move, in bold, after the word.
            m.text(" ").text(t!("Better:")).text(" ").open("strong").body();
            m.text(better).end("strong").text(" ");
            button(&mut m, "better", Some("small-button"), false, &t!("Show as variation"));
        }
        m.end("p");
    }
    if r.done > 0 {
        for (player, summary) in Player::ALL.into_iter().zip(&r.summaries) {
            m.open("p").attr("class", "small").body();
            m.text(summary_text(player, summary)).end("p");
        }
    }
    m.end("section");
    m
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
        let svg = graph(&v, Some(1)).into_string();
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
            actions(None, false).into_string(),
            "<div class=\"review-actions\"><button data-action=\"review\" title=\"No moves to review yet\" \
             disabled>Review game</button></div>"
        );
        assert!(!actions(None, true).as_str().contains("disabled"));
        assert!(panel(None, None).is_empty());
        let mut v = view(&[Some(0.5), Some(0.2)], &[Some(Mark::Blunder)]);
        v.running = true;
        v.total = 2;
        v.done = 1;
        v.moves[0].as_mut().unwrap().better =
            Some("loa".parse::<rules::GameSpec>().unwrap().start().parse_move("b1-b3").unwrap());
        v.moves[0].as_mut().unwrap().loss = 0.3;
        v.summaries[0].marks = [0, 0, 1];
        let buttons = actions(Some(&v), true).into_string();
        assert!(buttons.contains("title=\"The review is running\" disabled>Review game"), "{buttons}");
        assert!(buttons.contains("data-action=\"close\""), "{buttons}");
        let html = panel(Some(&v), Some(1)).into_string();
        assert!(html.contains("<progress max=\"2\" value=\"1\""), "{html}");
        assert!(html.contains("data-action=\"stop\""), "{html}");
        assert!(
            html.contains("Blunder: Black gave away 30.0% of win chance. Better: <strong>b1-b3</strong>"),
            "{html}"
        );
        assert!(html.contains("data-action=\"better\""), "{html}");
        assert!(html.contains("Black: 0 inaccuracies, 0 mistakes, 1 blunder"), "{html}");
        // At the start there is no move to judge.
        assert!(!panel(Some(&v), Some(0)).as_str().contains("review-move"));
    }

    #[test]
    fn summaries_and_losses_in_words() {
        let s = Summary { moves: 10, marks: [1, 0, 2], average_loss: 0.0417 };
        assert_eq!(summary_text(Player::White, &s), "White: 1 inaccuracy, 0 mistakes, 2 blunders · average loss 4.2%");
        assert_eq!(tenths(0.3), "30.0%");
        assert_eq!(capitalised("blunder"), "Blunder");
    }
}
