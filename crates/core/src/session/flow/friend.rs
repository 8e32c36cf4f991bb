//! A game with a distant friend, as the session plays it: only this
//! side's moves are made here, at the end of the game (no variation, no
//! take-back: the friend's copy holds every move sent), each move records
//! its time, and resigning, offering a draw and accepting one become part
//! of the game that the next link carries (`formats::friend`).

use rules::Player;

use super::{EndIntent, Session};
use crate::session::formats::friend;
use crate::session::model::ending::Ending;
use crate::session::model::friend::{Friend, about, capital};
use crate::t;

/// What the page's resign and draw buttons do in a game with a friend.
pub(super) enum FriendEnd {
    /// End the game so.
    End(Ending),
    /// The game changed (an offer made or withdrawn): keep it.
    Changed,
    /// Nothing to do.
    Nothing,
}

impl Session {
    /// The game with a distant friend shown, if it is one.
    #[must_use]
    pub fn friend(&self) -> Option<&Friend> {
        self.tree.friend()
    }

    /// The link to send the friend (its fragment, without `#`): the whole
    /// game when `whole`, else as short as the friend's copy allows
    /// ([`friend::write`]); `base` is the site's address.
    #[must_use]
    pub fn friend_link(&self, base: &str, whole: bool) -> Option<String> {
        self.tree.friend().map(|f| friend::write(base, &self.tree, f, whole))
    }

    /// The link *Copy link* shares: the game shown, as a game for anyone
    /// to open (a game with a friend without the players' seats and id,
    /// which are theirs alone).
    #[must_use]
    pub fn shared_query(&self) -> String {
        if self.tree.friend().is_none() {
            return self.query();
        }
        let mut tree = self.tree.clone();
        tree.set_friend(None);
        crate::session::formats::url::encode(&tree, &crate::session::model::seats::Seats::default(), self.view)
    }

    /// Whether it is the friend's turn (this side has moved and sends the
    /// link), in a game with a friend that goes on.
    #[must_use]
    pub fn friend_to_move(&self) -> bool {
        let end = self.tree.main_line().last().map_or(self.tree.start(), |&n| self.tree.position_of(n));
        self.tree.friend().is_some_and(|f| self.tree.finish().is_none() && end.to_move() == f.other())
    }

    /// Whether this is a game by link that goes on: the page offers no
    /// hint, analysis or review on it until it ends.
    #[must_use]
    pub fn friend_playing(&self) -> bool {
        self.tree.friend().is_some() && self.tree.finish().is_none()
    }

    /// A move of this side was played at the end of the game: its time.
    pub(super) fn friend_moved(&mut self) {
        let now = (self.wall_ms / 1000.0).max(0.0) as u64;
        if let Some(f) = self.tree.friend_mut() {
            f.since = f.since.max(now);
        }
    }

    /// `intent` in a game with a friend.
    pub(super) fn friend_end(&mut self, intent: EndIntent) -> FriendEnd {
        let Some(f) = self.tree.friend_mut() else { return FriendEnd::Nothing };
        let (me, offer) = (f.me, f.offer);
        match intent {
            EndIntent::Resign => FriendEnd::End(Ending::Resigned(me)),
            EndIntent::OfferDraw if offer == Some(me.opponent()) => FriendEnd::End(Ending::DrawAgreed),
            EndIntent::OfferDraw if offer.is_none() => {
                f.offer = Some(me);
                FriendEnd::Changed
            }
            EndIntent::AnswerDraw(true) if offer == Some(me.opponent()) => FriendEnd::End(Ending::DrawAgreed),
            // Declined, or this side's own offer taken back.
            EndIntent::AnswerDraw(false) if offer.is_some() => {
                f.offer = None;
                FriendEnd::Changed
            }
            _ => FriendEnd::Nothing,
        }
    }

    /// What this side does now in a game with a friend, in words: move, or
    /// send the link (the page adds the dates).
    #[must_use]
    pub fn friend_status(&self) -> Option<String> {
        let f = self.tree.friend()?;
        let them = &f.names[f.other()];
        Some(if self.tree.finish().is_some() {
            about(
                them,
                || t!("The game is over: send your friend the link, so that their copy ends too."),
                |name| t!("The game is over: send {friend} the link, so that their copy ends too.", friend = name),
            )
        } else if self.friend_to_move() {
            let last = self.tree.main_line().last().and_then(|&n| self.tree.move_of(n));
            match last {
                Some(mv)
                    if self
                        .tree
                        .parent(*self.tree.main_line().last()?)
                        .is_some_and(|p| self.tree.position_of(p).to_move() == f.me) =>
                {
                    about(
                        them,
                        || t!("Send your friend this link: it holds your move {move}. Then wait for theirs.", move = mv),
                        |name| {
                            t!(
                                "Send {friend} this link: it holds your move {move}. Then wait for theirs.",
                                friend = name,
                                move = mv
                            )
                        },
                    )
                }
                _ => about(
                    them,
                    || t!("Send your friend this link to start the game. Your friend moves first."),
                    |name| {
                        t!(
                            "Send {friend} this link to start the game. {Friend} moves first.",
                            friend = name,
                            Friend = capital(name)
                        )
                    },
                ),
            }
        } else if f.offer == Some(f.me) {
            about(
                them,
                || t!("You offered your friend a draw. Your move: make it, then send your friend the link."),
                |name| {
                    t!("You offered {friend} a draw. Your move: make it, then send {friend} the link.", friend = name)
                },
            )
        } else {
            about(
                them,
                || t!("Your move: make it, then send your friend the link."),
                |name| t!("Your move: make it, then send {friend} the link.", friend = name),
            )
        })
    }

    /// The name of `player` in a game with a friend.
    #[must_use]
    pub fn friend_name(&self, player: Player) -> Option<String> {
        self.tree.friend().map(|f| f.name(player))
    }
}
