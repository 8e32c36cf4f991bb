//! The page's side of the library: its worker (started after the first
//! board, requests queued until it greets), the journal, and the other
//! tabs.
//!
//! **The journal.** A game's link is written to local storage
//! (`ludoteca.unsaved.<id>`, synchronously, in the same task as the write
//! the session asked for) before it goes to the worker, and taken away
//! when the worker says that write is kept. A tab closed or crashed
//! before the worker's transaction ends leaves its last write in the
//! journal, and the next start hands it to the library. So at most the
//! last write's delay (120 ms) of play is ever lost.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::web;
use crate::worker::client::WorkerClient;
use ludoteca_core::library::Origin;
use ludoteca_core::library::wire::{Answer, Ask};
use ludoteca_core::session::formats::saved::{self, Kept};
use ludoteca_core::worker::protocol::{Request, Response};

/// Where a write waits in local storage until the library keeps it.
pub const JOURNAL: &str = "ludoteca.unsaved.";

/// The longest a library request may take before its worker is restarted, in ms.
const BUDGET_MS: f64 = 60_000.0;

/// A journal entry: when, where from, and the saved text (a link, or a
/// link and its record: `session::formats::saved`).
#[must_use]
pub fn journal_text(at: f64, origin: Origin, text: &str) -> String {
    format!("{}\n{}\n{text}", at as u64, origin.letter())
}

/// Reads [`journal_text`].
#[must_use]
pub fn read_journal(entry: &str) -> Option<(f64, Origin, &str)> {
    let (at, rest) = entry.split_once('\n')?;
    let (origin, text) = rest.split_once('\n')?;
    let mut letters = origin.chars();
    let origin = Origin::from_letter(letters.next()?).filter(|_| letters.next().is_none())?;
    Some((at.parse::<u64>().ok()? as f64, origin, text))
}

/// Writes game `id`'s journal entry; `false` when local storage refused it.
pub fn journal(id: &str, at: f64, origin: Origin, text: &str) -> bool {
    web::save(&format!("{JOURNAL}{id}"), &journal_text(at, origin, text))
}

/// The page's handle on the library.
#[derive(Clone)]
pub struct Library {
    worker: WorkerClient,
    /// This tab, in the library's messages to the other tabs.
    tab: u64,
    started: Rc<Cell<bool>>,
    held: Rc<std::cell::RefCell<Vec<Ask>>>,
}

impl Library {
    /// A handle whose answers go to `on_answer`; `on_problem` hears that
    /// the worker failed (it restarts with the next request).
    pub fn new(on_answer: impl Fn(Answer) + 'static, on_problem: impl Fn() + 'static) -> Library {
        let worker = WorkerClient::new(
            move |response| match response {
                Response::Library(answer) => on_answer(*answer),
                // A request the worker could not read (too large, say).
                Response::Error { message, .. } => on_answer(Answer::Failed { message }),
                _ => {}
            },
            move |_| on_problem(),
        )
        .queued();
        Library { worker, tab: web::random_seed(), started: Rc::default(), held: Rc::default() }
    }

    /// Starts the worker (after the first board: its files load then) and
    /// sends what was asked before.
    pub fn start(&self) {
        if !self.started.replace(true) {
            for ask in self.held.take() {
                self.ask(ask);
            }
        }
    }

    /// Sends a request (held until [`Library::start`]).
    pub fn ask(&self, ask: Ask) {
        if self.started.get() {
            self.worker.send(Request::Library(Box::new(ask)), BUDGET_MS);
        } else {
            self.held.borrow_mut().push(ask);
        }
    }

    /// Keeps a game (`base`: the version of it this tab had seen): its link in the journal now (the notes, which change
    /// only with a comment or a review, go to the library alone), the
    /// whole game in the library soon. `false` when local storage refused
    /// the journal entry.
    pub fn put(&self, id: &str, kept: Kept, origin: Origin, at: f64, base: Option<u64>) -> bool {
        let journaled = journal(id, at, origin, &saved::journal_of(&kept));
        self.ask(Ask::Put { id: id.to_owned(), kept, origin, at, tab: self.tab, base });
        journaled
    }

    /// The library kept the write of game `id` made at `at`: its journal
    /// entry goes, unless a later write replaced it.
    pub fn kept(id: &str, at: f64) {
        let key = format!("{JOURNAL}{id}");
        if web::load(&key).as_deref().and_then(read_journal).is_some_and(|(when, _, _)| when <= at) {
            web::forget(&key);
        }
    }

    /// Hands the library every write a closed tab left in the journal,
    /// before anything asked so far (a list must show those games).
    pub fn replay_journal(&self) {
        let asked = self.held.take();
        for key in web::keys(JOURNAL) {
            let Some(id) = key.strip_prefix(JOURNAL) else { continue };
            let Some(entry) = web::load(&key) else { continue };
            match read_journal(&entry) {
                Some((at, origin, text)) if ludoteca_core::library::valid_id(id) => {
                    self.ask(Ask::PutText { id: id.to_owned(), text: text.to_owned(), origin, at });
                }
                // Not ours to read: left as it is.
                _ => {}
            }
        }
        self.held.borrow_mut().extend(asked);
    }

    /// Calls `on_change` with the id of every game another tab of this
    /// site writes.
    pub fn listen(&self, on_change: impl Fn(String) + 'static) {
        let name = ludoteca_core::library::library_name(&web::folder());
        let Ok(channel) = web_sys::BroadcastChannel::new(&name) else { return };
        let tab = self.tab.to_string();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(text) = event.data().as_string() else { return };
            if let Some((id, from)) = text.split_once(' ')
                && from != tab
            {
                on_change(id.to_owned());
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // Both live as long as the page.
        on_message.forget();
        std::mem::forget(channel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journal_entries_read_back() {
        let text = "?game=loa&moves=b1-b3\n[Game \"loa\"]\n";
        let entry = journal_text(1_796_407_605_123.0, Origin::Link, text);
        assert_eq!(read_journal(&entry), Some((1_796_407_605_123.0, Origin::Link, text)));
        for bad in ["", "12", "12\nx\n?game=loa", "x\np\n?game=loa", "12\npp\n?game=loa"] {
            assert_eq!(read_journal(bad), None, "{bad:?}");
        }
    }
}
