//! RA's score board and, after a match, what happened.

use leptos::prelude::*;
use ludoteca_core::session::model::seats::colour as player;
use ludoteca_core::{t, tn};
use rules::{AnyGame, EndReason, Game, Outcome, Player};

/// Why a match of RA ended, in words (as the rules' `reason_text` says it
/// in English).
fn reason_words(winner: Player, reason: EndReason) -> String {
    match reason {
        EndReason::ReachedRa { stones } => {
            tn!(stones, "a stack of {n} reached the enemy RA cell", "a stack of {n} reached the enemy RA cell")
        }
        EndReason::CapturedAll => t!("captured the last enemy stack"),
        // No other reason ends a match of RA.
        other => Outcome::Win { winner, reason: other }.reason_text(),
    }
}

/// What the last match's end says between matches, if a match just ended.
fn interlude(game: &AnyGame) -> Option<String> {
    let AnyGame::Ra(ra) = game else { return None };
    let end = ra.last_match().filter(|_| ra.outcome().is_none())?;
    let (ended, next) = (ra.match_number() - 1, ra.match_number());
    Some(match end.winner {
        Some(w) => t!(
            "Match {ended} to {player}: {reason} (+{points}). Match {next} begins; {first} moves first.",
            ended = ended,
            player = player(w),
            reason = reason_words(w, end.reason),
            points = end.points,
            next = next,
            first = player(ra.to_move())
        ),
        None => t!(
            "Match {ended} is drawn by threefold repetition (house rule): no points. Match {next} begins; {first} moves first.",
            ended = ended,
            next = next,
            first = player(ra.to_move())
        ),
    })
}

/// The score board of an RA game; nothing for the other games.
#[component]
pub fn Scoreboard(
    /// The position shown.
    #[prop(into)]
    position: Signal<AnyGame>,
) -> impl IntoView {
    move || {
        position.with(|game| {
            let AnyGame::Ra(ra) = game else { return None };
            let score = ra.score();
            let options = *ra.options();
            let interlude = interlude(game).map(|text| view! { <p class="interlude" role="status">{text}</p> });
            Some(view! {
                <div class="scoreboard" aria-label=t!("Score")>
                    <span class="side black"><span class="dot black"></span>{player(Player::Black)}" "<strong>{score.black}</strong></span>
                    <span class="side white"><span class="dot white"></span>{player(Player::White)}" "<strong>{score.white}</strong></span>
                    <span class="match">{t!("Match {n}", n = ra.match_number())}</span>
                    <span class="target">{t!("First to {target} with a lead of {lead}", target = options.target, lead = options.lead)}</span>
                </div>
                {interlude}
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    #[test]
    fn a_match_that_ends_is_told() {
        let spec: GameSpec = "ra".parse().unwrap();
        let game = spec.replay(Some("x1h10/x3c5/o3k9/o3h8 x 0-0 1 x"), ["1h10-j10"], |_, _| {}).unwrap();
        assert_eq!(
            interlude(&game).as_deref(),
            Some("Match 1 to Black: a stack of 1 reached the enemy RA cell (+1). Match 2 begins; White moves first.")
        );
        assert_eq!(interlude(&spec.start()), None);
    }
}
