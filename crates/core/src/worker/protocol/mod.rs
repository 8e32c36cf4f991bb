//! The wire between the UI and the search worker: two serde enums,
//! [`Request`] and [`Response`], sent as bytes in postcard's compact
//! encoding (a message is a few dozen bytes; the encoder and decoder are a
//! fraction of a JSON library's code in each `.wasm`). The worker greets
//! with [`Response::Ready`] carrying [`VERSION`]; the UI checks it before
//! sending anything. Every search request carries an id, echoed in every
//! answer, so the UI can drop answers for a position it no longer shows.
//!
//! Moves travel typed: an [`AnyMove`] is sent as its game and its packed
//! number ([`rules::PackedMove`]), and a pair that writes no move is refused
//! when the message is read. Legality is the reader's check, once, where it
//! plays the move: the worker replays a request's moves checked, the
//! session checks an answer's move in the position it asked about.
//!
//! What the worker does with a request is in `super::service`.

use rules::{AnyMove, GameSpec};
use search::levels::Level;
use search::split::Share;
use serde::{Deserialize, Serialize};

/// The protocol version; the UI refuses a worker that answers another.
/// Version 2: binary messages (version 1 sent JSON text); version 3 adds
/// [`Purpose::Review`], version 4 [`Purpose::Part`], version 5 the
/// solver's scores in analyses and reviews (`search::score::SOLVED_WIN`),
/// version 6 typed moves (a game and a packed number, no notation) and no
/// score in words (the UI words scores itself), version 7 a time cap on a
/// search (the computer's clock in a timed game), version 8 the game
/// library's requests and answers, version 12 a backup read in batches
/// with its progress told (`Answer::Importing`), version 13 the page's
/// language (`Request::Language`), version 14 the library's summaries
/// worded again (`Ask::Reword`), version 15 the language's texts packed
/// (`i18n::file`), no longer JSON.
pub const VERSION: u32 = 15;

/// The largest search request the worker reads, in bytes (a game of 10,000
/// moves takes about 40 KB).
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// The largest request of the game library, in bytes: a backup file read
/// back (10,000 games of 60 moves take about 6 MB).
pub const MAX_LIBRARY_BYTES: usize = 64 * 1024 * 1024;
/// The most moves a search request may replay.
pub const MAX_MOVES: usize = 10_000;
/// The largest benchmark, in nodes (a few tens of seconds in a browser).
pub const MAX_BENCH_NODES: u64 = 50_000_000;

/// How long a hint thinks, in milliseconds.
pub const HINT_MS: f64 = 1_500.0;
/// How long an analysis runs before it settles, in milliseconds.
pub const ANALYSIS_MS: f64 = 60_000.0;
/// How long an analysis or a hint first lets the solver try, on the boards
/// where it settles positions quickly, in milliseconds (and positions at most).
pub const ANALYSIS_SOLVE_MS: f64 = 1_000.0;
/// The longest the player's *Solve* lets the solver run, in milliseconds.
pub const SOLVE_MS: f64 = 60_000.0;
/// The most positions the player's *Solve* lets the solver visit.
pub const SOLVE_NODES: u64 = 40_000_000;
/// The longest one position of a review may take (its budget is in nodes:
/// a fraction of a second in every game).
pub const REVIEW_LIMIT_MS: f64 = 10_000.0;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// The computer's move at a level.
    Move {
        /// The level, sent as its number.
        #[serde(with = "level_number")]
        level: Level,
    },
    /// A hint for the player: a short search.
    Hint,
    /// Open-ended analysis, reported as it deepens until the budget runs out.
    Analyse,
    /// One position of a game review: a fixed node budget, no progress reports.
    Review,
    /// One share of the root moves of the computer's move at a level, when
    /// the move is split over several workers (`search::split`).
    Part {
        /// The level, sent as its number.
        #[serde(with = "level_number")]
        level: Level,
        /// Which share, sent as (part, parts).
        #[serde(with = "share_numbers")]
        share: Share,
    },
    /// The player's *Solve*: the exact value by the solver alone (Forms and
    /// Attract), within [`SOLVE_NODES`] and [`SOLVE_MS`]; an error when it
    /// does not settle.
    Solve,
}

impl Purpose {
    /// The longest a search for this purpose should take in `spec`, for the
    /// UI's watchdog.
    #[must_use]
    pub fn time_limit_ms(self, spec: &GameSpec) -> f64 {
        match self {
            Purpose::Move { level } | Purpose::Part { level, .. } => level.settings(spec).time_limit_ms(),
            Purpose::Hint => ANALYSIS_SOLVE_MS + HINT_MS,
            Purpose::Analyse => ANALYSIS_SOLVE_MS + ANALYSIS_MS,
            Purpose::Review => REVIEW_LIMIT_MS,
            Purpose::Solve => SOLVE_MS + HINT_MS,
        }
    }
}

/// A [`Share`] travels as two numbers; a share that does not exist is
/// refused when the request is read.
mod share_numbers {
    use search::split::Share;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(share: &Share, to: S) -> Result<S::Ok, S::Error> {
        (share.part(), share.parts()).serialize(to)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Share, D::Error> {
        let (part, parts) = <(u8, u8)>::deserialize(from)?;
        Share::new(part, parts).ok_or_else(|| serde::de::Error::custom(format!("no share {part} of {parts}")))
    }
}

/// A [`Level`] travels as its number; a number outside 1–5 is refused when
/// the request is read.
mod level_number {
    use search::levels::Level;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(level: &Level, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_u8(level.number())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Level, D::Error> {
        let n = u8::deserialize(from)?;
        Level::new(n).ok_or_else(|| serde::de::Error::custom(format!("{n} is not a level (1 to 5)")))
    }
}

/// A game spec travels as its text (`loa`, `forms:size=8`); a text that
/// names no game is refused when the request is read.
mod wire_spec {
    use rules::GameSpec;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(spec: &GameSpec, to: S) -> Result<S::Ok, S::Error> {
        to.collect_str(spec)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<GameSpec, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(from)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Moves travel as two numbers: the game (its place in
/// [`rules::GameKind::ALL`]) and the packed move. A pair that writes no move
/// is refused when the message is read.
mod wire_move {
    use rules::{AnyMove, GameKind};
    use serde::{Deserialize, Deserializer, Serializer};

    fn to_wire(mv: AnyMove) -> (u8, u32) {
        let kind = GameKind::ALL.iter().position(|&k| k == mv.kind()).unwrap_or_default();
        (kind as u8, mv.pack())
    }

    fn from_wire<E: serde::de::Error>((kind, code): (u8, u32)) -> Result<AnyMove, E> {
        let game = GameKind::ALL.get(usize::from(kind)).ok_or_else(|| E::custom(format!("no game number {kind}")))?;
        AnyMove::unpack(*game, code).ok_or_else(|| E::custom(format!("{code} is not a move of {}", game.name())))
    }

    /// One move.
    pub mod one {
        use super::*;

        pub fn serialize<S: Serializer>(mv: &AnyMove, to: S) -> Result<S::Ok, S::Error> {
            serde::Serialize::serialize(&to_wire(*mv), to)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<AnyMove, D::Error> {
            from_wire(<(u8, u32)>::deserialize(from)?)
        }
    }

    /// A list of moves.
    pub mod many {
        use super::*;

        pub fn serialize<S: Serializer>(moves: &[AnyMove], to: S) -> Result<S::Ok, S::Error> {
            to.collect_seq(moves.iter().map(|&mv| to_wire(mv)))
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<AnyMove>, D::Error> {
            Vec::<(u8, u32)>::deserialize(from)?.into_iter().map(from_wire).collect()
        }
    }
}

/// A request from the UI.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Search a position.
    Search {
        /// Echoed in every answer.
        id: u64,
        /// The game, e.g. `loa`.
        #[serde(with = "wire_spec")]
        spec: GameSpec,
        /// The start position text, if not the initial position.
        from: Option<String>,
        /// The moves from the start to the position.
        #[serde(with = "wire_move::many")]
        moves: Vec<AnyMove>,
        /// What the search is for.
        purpose: Purpose,
        /// The random seed.
        seed: u64,
        /// At most this many milliseconds, whatever the purpose allows (the
        /// computer's share of its clock in a timed game).
        max_ms: Option<u32>,
    },
    /// Measure search speed: `nodes` nodes on the start position of `spec`.
    Bench {
        /// Echoed in the answer.
        id: u64,
        /// The game.
        #[serde(with = "wire_spec")]
        spec: GameSpec,
        /// The node budget.
        nodes: u64,
    },
    /// A request to the game library (served by the library's own worker).
    Library(Box<crate::library::wire::Ask>),
    /// The page's language: what the worker writes for a person (the
    /// library's rows and messages, the solver's words) reads in it from
    /// now on. No answer.
    Language {
        /// Its code (`ru`; `en` for English).
        code: String,
        /// Its texts as the page fetched them, packed (`i18n::file`; empty
        /// for English and the pseudo-language).
        texts: String,
    },
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has started.
    Ready {
        /// Its protocol version.
        version: u32,
    },
    /// Progress of a search.
    Info {
        /// The request's id.
        id: u64,
        /// Depth reached.
        depth: u32,
        /// Score for the side to move (see `search::score`).
        score: i32,
        /// Nodes searched.
        nodes: u64,
        /// The principal variation.
        #[serde(with = "wire_move::many")]
        pv: Vec<AnyMove>,
    },
    /// The search's answer.
    Done {
        /// The request's id.
        id: u64,
        /// The move found.
        #[serde(with = "wire_move::one")]
        best: AnyMove,
        /// Its score for the side to move.
        score: i32,
        /// Depth reached.
        depth: u32,
        /// The principal variation.
        #[serde(with = "wire_move::many")]
        pv: Vec<AnyMove>,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        elapsed_ms: f64,
    },
    /// A benchmark's result.
    Bench {
        /// The request's id.
        id: u64,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        elapsed_ms: f64,
    },
    /// The request could not be served.
    Error {
        /// The request's id (0 if it could not be read).
        id: u64,
        /// Why.
        message: String,
    },
    /// An answer of the game library.
    Library(Box<crate::library::wire::Answer>),
}

impl Request {
    /// Caps a search's time at `max_ms` (nothing for `None`, or a benchmark).
    pub fn cap_time(&mut self, max_ms: Option<u32>) {
        if let Request::Search { max_ms: cap, .. } = self {
            *cap = max_ms;
        }
    }
}

impl Response {
    /// The id of the request answered (none for the greeting).
    #[must_use]
    pub fn id(&self) -> Option<u64> {
        match self {
            Response::Ready { .. } | Response::Library(_) => None,
            Response::Info { id, .. }
            | Response::Done { id, .. }
            | Response::Bench { id, .. }
            | Response::Error { id, .. } => Some(*id),
        }
    }
}

/// Reads a request; one that cannot be read is answered with an error.
///
/// # Errors
/// The [`Response::Error`] to send back.
pub fn decode_request(bytes: &[u8]) -> Result<Request, Response> {
    let too_large = |most: usize| {
        let message = crate::tn!(
            bytes.len(),
            "request too large: {n} byte, at most {most}",
            "request too large: {n} bytes, at most {most}",
            most = most
        );
        Response::Error { id: 0, message }
    };
    if bytes.len() > MAX_LIBRARY_BYTES {
        return Err(too_large(MAX_LIBRARY_BYTES));
    }
    let request: Request = postcard::from_bytes(bytes)
        .map_err(|e| Response::Error { id: 0, message: crate::t!("bad request: {reason}", reason = e) })?;
    match request {
        Request::Library(_) | Request::Language { .. } => Ok(request),
        _ if bytes.len() > MAX_REQUEST_BYTES => Err(too_large(MAX_REQUEST_BYTES)),
        _ => Ok(request),
    }
}

/// The bytes of a request.
#[must_use]
pub fn encode_request(request: &Request) -> Vec<u8> {
    // Encoding into a growing vector cannot fail for these plain types.
    postcard::to_allocvec(request).unwrap_or_default()
}

/// Reads a response.
///
/// # Errors
/// Why the bytes are not a response.
pub fn decode_response(bytes: &[u8]) -> Result<Response, postcard::Error> {
    postcard::from_bytes(bytes)
}

/// The bytes of a response.
#[must_use]
pub fn encode_response(response: &Response) -> Vec<u8> {
    postcard::to_allocvec(response).unwrap_or_default()
}

#[cfg(test)]
mod tests;
