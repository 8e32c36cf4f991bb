//! What a record says about a game besides its moves: who played it,
//! where and when, its name and a comment on the whole game; and the
//! marks a player puts on single moves (`!`, `??`, …).

/// A game's information, as records and SGF files carry it. Every field
/// may be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Black's name (`PB` in SGF).
    pub black: String,
    /// White's name (`PW`).
    pub white: String,
    /// The event (`EV`).
    pub event: String,
    /// Where it was played (`PC`).
    pub site: String,
    /// When (`DT`), as written.
    pub date: String,
    /// The round (`RO`).
    pub round: String,
    /// The game's name (`GN`).
    pub name: String,
    /// A comment on the whole game (`C` of the root).
    pub comment: String,
}

/// The fields of [`GameInfo`]: the record's header for each, its SGF
/// property and how the page names it.
pub const FIELDS: [(&str, &str, &str); 8] = [
    ("BlackName", "PB", "Black"),
    ("WhiteName", "PW", "White"),
    ("Event", "EV", "Event"),
    ("Site", "PC", "Place"),
    ("Date", "DT", "Date"),
    ("Round", "RO", "Round"),
    ("GameName", "GN", "Game name"),
    ("Comment", "C", "Comment"),
];

/// Longest a field may be, in bytes: a name or a comment, not a book.
pub const MAX_FIELD: usize = 2_000;

impl GameInfo {
    /// Whether every field is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.fields().iter().all(|f| f.is_empty())
    }

    /// The fields in the order of [`FIELDS`].
    #[must_use]
    pub fn fields(&self) -> [&str; 8] {
        [&self.black, &self.white, &self.event, &self.site, &self.date, &self.round, &self.name, &self.comment]
    }

    /// The field at `index` of [`FIELDS`], to change.
    pub fn field_mut(&mut self, index: usize) -> Option<&mut String> {
        Some(match index {
            0 => &mut self.black,
            1 => &mut self.white,
            2 => &mut self.event,
            3 => &mut self.site,
            4 => &mut self.date,
            5 => &mut self.round,
            6 => &mut self.name,
            7 => &mut self.comment,
            _ => return None,
        })
    }

    /// Sets field `index` to `value`, its spaces trimmed, line breaks kept
    /// only in the comment (elsewhere they become spaces), cut at
    /// [`MAX_FIELD`] bytes.
    pub fn set(&mut self, index: usize, value: &str) {
        if let Some(field) = self.field_mut(index) {
            *field = clip(value, index == 7);
        }
    }

    /// The one line the page shows above the moves: `Kim – Lee · Open 2024,
    /// round 3 · 2024-05-01`; empty when there is nothing to show.
    #[must_use]
    pub fn line(&self) -> String {
        fn add(out: &mut String, sep: &str, text: &str) {
            if !text.is_empty() {
                if !out.is_empty() {
                    out.push_str(sep);
                }
                out.push_str(text);
            }
        }
        let mut out = match (self.black.is_empty(), self.white.is_empty()) {
            (true, true) => String::new(),
            (false, true) => crate::t!("{name} (Black)", name = self.black),
            (true, false) => crate::t!("{name} (White)", name = self.white),
            (false, false) => format!("{} – {}", self.black, self.white),
        };
        add(&mut out, " · ", &self.name);
        add(&mut out, " · ", &self.event);
        if !self.round.is_empty() {
            let round = crate::t!("round {round}", round = self.round);
            add(&mut out, if self.event.is_empty() { " · " } else { ", " }, &round);
        }
        add(&mut out, " · ", &self.site);
        add(&mut out, " · ", &self.date);
        out
    }
}

/// `value` as a field keeps it: its spaces trimmed, line breaks kept only
/// where `lines` (elsewhere they become spaces), cut at [`MAX_FIELD`] bytes.
fn clip(value: &str, lines: bool) -> String {
    let mut text = value.trim().to_owned();
    if !lines {
        text = text.replace(['\r', '\n'], " ");
    }
    let mut end = text.len().min(MAX_FIELD);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

/// What a player writes on the move shown and on the game (the Notes
/// dialog): the move's mark and comment, and the game's information.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerNotes {
    /// The move's mark (none at the start, where there is no move).
    pub mark: Option<Mark>,
    /// The comment on the move (empty: none).
    pub comment: String,
    /// The game's information.
    pub info: GameInfo,
}

impl PlayerNotes {
    /// The notes a form holds: `value(id)` is the value of its field `id`
    /// (`note-mark`, `note-comment`, `info-0` … `info-7`, as
    /// `crate::markup::notes` writes them).
    pub fn read(value: impl Fn(&str) -> String) -> PlayerNotes {
        let mut info = GameInfo::default();
        for i in 0..FIELDS.len() {
            info.set(i, &value(&format!("info-{i}")));
        }
        // The move's comment is kept as the game's comment is.
        PlayerNotes { mark: Mark::from_text(&value("note-mark")), comment: clip(&value("note-comment"), true), info }
    }
}

/// A mark on a move, as annotators write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `!!`
    Brilliant,
    /// `!`
    Good,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// Every mark, best first.
    pub const ALL: [Mark; 6] =
        [Mark::Brilliant, Mark::Good, Mark::Interesting, Mark::Dubious, Mark::Mistake, Mark::Blunder];

    /// As written after a move.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Mark::Brilliant => "!!",
            Mark::Good => "!",
            Mark::Interesting => "!?",
            Mark::Dubious => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// In words, for screen readers and menus.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Mark::Brilliant => "brilliant move",
            Mark::Good => "good move",
            Mark::Interesting => "interesting move",
            Mark::Dubious => "dubious move",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Reads [`Mark::text`].
    #[must_use]
    pub fn from_text(text: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.text() == text)
    }

    /// Splits the marks off the end of a written move: `b1-b3!?` →
    /// (`b1-b3`, `!?`). Anything after the move made of `!`, `?`, `+` and
    /// `#` is taken off; only a mark this app knows is kept.
    #[must_use]
    pub fn split(word: &str) -> (&str, Option<Mark>) {
        let bare = word.trim_end_matches(['!', '?', '+', '#']);
        let tail: String = word[bare.len()..].chars().filter(|c| matches!(c, '!' | '?')).collect();
        (bare, Mark::from_text(&tail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_from_a_form_are_trimmed_and_cut() {
        let long = "é".repeat(MAX_FIELD);
        let notes = PlayerNotes::read(|id| match id {
            "note-mark" => "!?".to_owned(),
            "note-comment" => format!("  {long}  "),
            "info-0" => " Kim\nLee ".to_owned(),
            "info-7" => "line one\nline two".to_owned(),
            _ => String::new(),
        });
        assert_eq!(notes.mark, Some(Mark::Interesting));
        assert!(notes.comment.len() <= MAX_FIELD && notes.comment.starts_with('é'));
        assert_eq!(notes.info.black, "Kim Lee");
        assert_eq!(notes.info.comment, "line one\nline two");
        assert_eq!(PlayerNotes::read(|_| String::new()), PlayerNotes::default());
    }

    #[test]
    fn marks_read_back_and_split_off_moves() {
        for m in Mark::ALL {
            assert_eq!(Mark::from_text(m.text()), Some(m));
            let word = format!("b1-b3{}", m.text());
            assert_eq!(Mark::split(&word), ("b1-b3", Some(m)));
        }
        assert_eq!(Mark::split("b1xb3#"), ("b1xb3", None));
        assert_eq!(Mark::split("b1-b3+!"), ("b1-b3", Some(Mark::Good)));
        assert_eq!(Mark::split("b1-b3???"), ("b1-b3", None));
        assert_eq!(Mark::split("b1-b3"), ("b1-b3", None));
        assert_eq!(Mark::split("!?"), ("", Some(Mark::Interesting)));
    }

    #[test]
    fn the_line_above_the_moves() {
        let mut info = GameInfo::default();
        assert!(info.is_empty());
        assert_eq!(info.line(), "");
        info.set(0, "  Kim\nHa ");
        assert_eq!(info.black, "Kim Ha");
        assert_eq!(info.line(), "Kim Ha (Black)");
        info.set(1, "Lee");
        info.set(2, "Open");
        info.set(5, "3");
        info.set(4, "2024-05-01");
        assert_eq!(info.line(), "Kim Ha – Lee · Open, round 3 · 2024-05-01");
        info.set(7, " two\nlines ");
        assert_eq!(info.comment, "two\nlines");
        info.set(6, &"é".repeat(MAX_FIELD));
        assert_eq!(info.name.len(), MAX_FIELD);
        info.set(99, "nothing");
        assert!(!info.is_empty());
    }
}
