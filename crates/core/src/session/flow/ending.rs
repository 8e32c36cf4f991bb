//! Ending a game as players do, beside the rules: a resignation, a draw
//! offered and accepted (by the other person at the same screen, or by the
//! computer when its own evaluation says the game is even or lost for it).
//! The feature decides; the session writes the ending into the tree.

use rules::Player;
use search::score;

use super::{EndIntent, Shown};
use crate::session::model::ending::Ending;
use crate::session::model::seats::{self, Seat, colour};
use crate::t;

/// The computer accepts a draw when its win chance is at most this.
pub const DRAW_ACCEPT_CHANCE: f64 = 0.55;

/// What happened to an intent, for the session to carry out.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// Nothing to do (an intent that does not apply now).
    Nothing,
    /// End the game so.
    End(Ending),
    /// Say this, and go on playing.
    Say(String),
}

/// The ending feature's state: a draw offered between two people.
#[derive(Debug, Default)]
pub(super) struct Endings {
    /// Who offered a draw that the other person has not answered yet.
    offer: Option<Player>,
}

impl Endings {
    /// Who offered a draw still waiting for an answer.
    pub(super) fn offer(&self) -> Option<Player> {
        self.offer
    }

    /// Any move, or another game, withdraws an offer.
    pub(super) fn moved(&mut self) {
        self.offer = None;
    }

    /// The person the page acts for: the only person at the board, or, when
    /// two people share it, the side to move at the end of the game.
    /// `None` when the computer plays both sides.
    pub(super) fn person(shown: Shown<'_>) -> Option<Player> {
        let people = Player::ALL.into_iter().filter(|&p| shown.seats[p] == Seat::Human).count();
        if people == 2 {
            let end = shown.tree.main_line().last().map_or(shown.tree.start(), |&n| shown.tree.position_of(n));
            return Some(end.to_move());
        }
        seats::person(&shown.seats)
    }

    /// Carries out `intent` for the game `shown`, whose computer last judged
    /// its position at `computer_score` (for itself).
    pub(super) fn apply(&mut self, intent: EndIntent, shown: Shown<'_>, computer_score: Option<i32>) -> Decision {
        if shown.tree.finish().is_some() || !shown.on_page {
            return Decision::Nothing;
        }
        let Some(me) = Endings::person(shown) else { return Decision::Nothing };
        let other = me.opponent();
        let against_computer = shown.seats[other] != Seat::Human;
        match intent {
            EndIntent::Resign => {
                self.offer = None;
                Decision::End(Ending::Resigned(me))
            }
            EndIntent::OfferDraw if against_computer => match computer_score {
                None => Decision::Say(t!("The computer declines the draw: it has not judged the game yet.")),
                Some(s) if score::win_chance(s) <= DRAW_ACCEPT_CHANCE => Decision::End(Ending::DrawAgreed),
                Some(s) => Decision::Say(t!(
                    "The computer declines the draw: it thinks it is better ({score}, about {percent}% to win).",
                    score = crate::i18n::intl::evaluation(s),
                    percent = crate::i18n::intl::count(u64::from(score::percent(score::win_chance(s))))
                )),
            },
            EndIntent::OfferDraw => {
                self.offer = Some(me);
                Decision::Nothing
            }
            EndIntent::AnswerDraw(accepted) => match self.offer.take() {
                Some(_) if accepted => Decision::End(Ending::DrawAgreed),
                Some(by) => Decision::Say(t!(
                    "{player} declines the draw {opponent} offered.",
                    player = colour(by.opponent()),
                    opponent = colour(by)
                )),
                None => Decision::Nothing,
            },
        }
    }
}
