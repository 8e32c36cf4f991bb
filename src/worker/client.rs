//! The UI's side of the search worker: starts it (as a classic worker, which
//! Trunk's loader shim needs), checks its greeting, sends requests, and
//! restarts it when it crashes, hangs past its budget, or must be stopped.
//! Stopping is done by terminating the worker: a search never yields, so a
//! stop flag could not be seen, but termination is immediate.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use ludoteca_core::t;
use ludoteca_core::worker::protocol::{Request, Response, VERSION, decode_response, encode_request};

/// The worker script Trunk writes next to the page, when the page does not
/// name it: the post-build hook gives the worker's files content hashes and
/// writes the loader's name into `<meta name="ludoteca-worker">`, so a tab
/// always starts the worker of its own build.
const SCRIPT: &str = "./search_worker_loader.js";

/// The worker script of this page's build.
fn script() -> String {
    leptos::prelude::document()
        .query_selector("meta[name=ludoteca-worker]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|name| name.starts_with("./search_worker_loader") && name.ends_with(".js"))
        .unwrap_or_else(|| SCRIPT.to_owned())
}
/// The page's language as the workers must know it (`Request::Language`):
/// its code and its file's text, and every worker that has greeted, so a
/// change reaches them all.
struct Language {
    code: String,
    texts: Rc<str>,
    workers: Vec<std::rc::Weak<RefCell<Inner>>>,
}

thread_local! {
    static LANGUAGE: RefCell<Language> =
        RefCell::new(Language { code: "en".to_owned(), texts: Rc::from(""), workers: Vec::new() });
}

/// The page's language changed to `lang` (`texts`: its file, none for
/// English and the pseudo-language): every live worker is told, and each
/// that starts later is told when it greets.
pub fn tell_language(lang: ludoteca_core::i18n::Lang, texts: Option<String>) {
    let workers = LANGUAGE.with(|l| {
        let mut l = l.borrow_mut();
        l.code = lang.code().to_owned();
        l.texts = Rc::from(texts.unwrap_or_default());
        l.workers.retain(|w| w.strong_count() > 0);
        l.workers.clone()
    });
    for inner in workers.iter().filter_map(std::rc::Weak::upgrade) {
        WorkerClient(inner).post_language();
    }
}

/// How long a worker may take to greet before it counts as failed to start.
const START_MS: u32 = 15_000;
/// Extra time past a search's budget before it counts as hung.
const MARGIN_MS: f64 = 5_000.0;

type Handler = Rc<dyn Fn(Response)>;
type Problem = Rc<dyn Fn(String)>;

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    /// Requests waiting for the greeting: the last one only, unless the
    /// client keeps them all (`queued`).
    pending: Vec<(Request, f64)>,
    queued: bool,
    on_response: Handler,
    on_problem: Problem,
    watchdog: Option<Timeout>,
    /// The budget of the last request sent: a request that tells its
    /// progress gets it again from each progress message.
    budget_ms: f64,
    /// Keeps the event handlers alive as long as their worker.
    closures: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    message_closure: Option<Closure<dyn FnMut(MessageEvent)>>,
}

/// A handle on one worker.
#[derive(Clone)]
pub struct WorkerClient(Rc<RefCell<Inner>>);

impl WorkerClient {
    /// A client; the worker starts with the first request.
    pub fn new(on_response: impl Fn(Response) + 'static, on_problem: impl Fn(String) + 'static) -> WorkerClient {
        WorkerClient(Rc::new(RefCell::new(Inner {
            worker: None,
            ready: false,
            pending: Vec::new(),
            queued: false,
            on_response: Rc::new(on_response),
            on_problem: Rc::new(on_problem),
            watchdog: None,
            budget_ms: 0.0,
            closures: Vec::new(),
            message_closure: None,
        })))
    }

    /// A client that sends every request made before the worker greets,
    /// in order (the library's), not only the last (a search's).
    #[must_use]
    pub fn queued(self) -> WorkerClient {
        self.0.borrow_mut().queued = true;
        self
    }

    /// Sends `request`, which should finish within `budget_ms` (plus a margin).
    pub fn send(&self, request: Request, budget_ms: f64) {
        if self.0.borrow().worker.is_none() {
            self.start();
        }
        let ready = self.0.borrow().ready;
        if ready {
            self.post(&request, budget_ms);
        } else {
            let mut inner = self.0.borrow_mut();
            if !inner.queued {
                inner.pending.clear();
            }
            inner.pending.push((request, budget_ms));
        }
    }

    /// Stops whatever the worker is doing, at once, by terminating it. The
    /// next request starts a fresh worker.
    pub fn stop(&self) {
        let mut inner = self.0.borrow_mut();
        if let Some(worker) = inner.worker.take() {
            // Unhook first: a message the worker sent just before may still be
            // waiting to be delivered, and must not reach a dropped handler.
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
        inner.ready = false;
        inner.pending.clear();
        inner.watchdog = None;
        inner.closures.clear();
        inner.message_closure = None;
    }

    fn fail(&self, message: &str) {
        self.stop();
        let on_problem = self.0.borrow().on_problem.clone();
        on_problem(message.to_owned());
    }

    /// Tells a worker that has greeted the page's language (no answer
    /// comes, so no watchdog), and keeps it in the list to tell of a change.
    fn post_language(&self) {
        let (code, texts) = LANGUAGE.with(|l| {
            let mut l = l.borrow_mut();
            if !l.workers.iter().any(|w| w.as_ptr() == Rc::as_ptr(&self.0)) {
                l.workers.push(Rc::downgrade(&self.0));
            }
            (l.code.clone(), l.texts.to_string())
        });
        let bytes = js_sys::Uint8Array::from(encode_request(&Request::Language { code, texts }).as_slice());
        if let Some(worker) = self.0.borrow().worker.as_ref() {
            let _ = worker.post_message(&bytes);
        }
    }

    fn post(&self, request: &Request, budget_ms: f64) {
        let bytes = js_sys::Uint8Array::from(encode_request(request).as_slice());
        let sent = self.0.borrow().worker.as_ref().map(|w| w.post_message(&bytes).is_ok());
        if sent != Some(true) {
            self.fail(&t!("The computer could not be reached; it has been restarted."));
            return;
        }
        self.0.borrow_mut().budget_ms = budget_ms;
        self.watch(budget_ms);
    }

    /// Restarts the worker unless it answers within `budget_ms` (and the margin).
    fn watch(&self, budget_ms: f64) {
        let me = self.clone();
        let wait = (budget_ms + MARGIN_MS).min(f64::from(u32::MAX)) as u32;
        let timer = Timeout::new(wait, move || me.fail(&t!("The computer took too long and was restarted.")));
        self.0.borrow_mut().watchdog = Some(timer);
    }

    fn start(&self) {
        let worker = match Worker::new(&script()) {
            Ok(w) => w,
            Err(_) => {
                let on_problem = self.0.borrow().on_problem.clone();
                on_problem(t!("The computer player could not be started in this browser."));
                return;
            }
        };
        let me = self.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
            match decode_response(&bytes) {
                Ok(Response::Ready { version }) if version == VERSION => {
                    let pending = {
                        let mut inner = me.0.borrow_mut();
                        inner.ready = true;
                        inner.watchdog = None;
                        std::mem::take(&mut inner.pending)
                    };
                    me.post_language();
                    for (request, budget) in pending {
                        me.post(&request, budget);
                    }
                }
                Ok(Response::Ready { version }) => {
                    me.fail(&t!(
                        "The computer player is version {version}, not {wanted}; reload the page.",
                        version = version,
                        wanted = VERSION
                    ));
                }
                Ok(Response::Library(answer)) if answer.is_progress() => {
                    // Still under way: its budget starts again.
                    let budget = me.0.borrow().budget_ms;
                    me.watch(budget);
                    let handler = me.0.borrow().on_response.clone();
                    handler(Response::Library(answer));
                }
                Ok(response) => {
                    if matches!(
                        response,
                        Response::Done { .. } | Response::Error { .. } | Response::Bench { .. } | Response::Library(_)
                    ) {
                        me.0.borrow_mut().watchdog = None;
                    }
                    let handler = me.0.borrow().on_response.clone();
                    handler(response);
                }
                Err(_) => me.fail(&t!("The computer player sent something unreadable and was restarted.")),
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let me = self.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let detail = event.dyn_ref::<ErrorEvent>().map(ErrorEvent::message).unwrap_or_default();
            me.fail(&t!("The computer player stopped ({detail}) and was restarted.", detail = detail));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let me = self.clone();
        let start_timer = Timeout::new(START_MS, move || {
            if !me.0.borrow().ready {
                me.fail(&t!("The computer player did not start; it will be tried again."));
            }
        });
        let mut inner = self.0.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner.watchdog = Some(start_timer);
        inner.closures = vec![on_error];
        inner.message_closure = Some(on_message);
    }
}
