//! The session's search workers on the page (the player's and its helpers',
//! the adviser's and the review's): it carries out the
//! session's search and stop effects, waits out the pace of a
//! computer-against-computer game, and reports every answer and failure back
//! as an intent. It decides nothing.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;

use crate::session::{Engine, Intent};
use crate::worker::client::EngineClient;
use crate::worker::protocol::Request;

type Report = Rc<dyn Fn(Intent)>;

#[derive(Default)]
struct Inner {
    player: Option<EngineClient>,
    adviser: Option<EngineClient>,
    /// `Engine::Helper(k)` at k − 1.
    helpers: Vec<EngineClient>,
    reviewers: Vec<EngineClient>,
    /// Searches waiting for their pace (the review's never wait).
    waiting: Vec<(Engine, Timeout)>,
    report: Option<Report>,
}

/// The workers, created on first use. Cloning gives another handle on the same workers.
#[derive(Clone, Default)]
pub struct Engines(Rc<RefCell<Inner>>);

impl Inner {
    /// `engine`'s worker, if started.
    fn get(&self, engine: Engine) -> Option<EngineClient> {
        match engine {
            Engine::Player => self.player.clone(),
            Engine::Adviser => self.adviser.clone(),
            Engine::Helper(k) => self.helpers.get(usize::from(k).wrapping_sub(1)).cloned(),
            Engine::Reviewer(k) => self.reviewers.get(usize::from(k)).cloned(),
        }
    }
}

impl Engines {
    /// Sends every answer and failure to `report`.
    pub fn connect(&self, report: impl Fn(Intent) + 'static) {
        self.0.borrow_mut().report = Some(Rc::new(report));
    }

    /// The worker of `engine`, started on first use. No borrow is held when
    /// the caller then talks to it, so its callbacks may use these engines again.
    fn client(&self, engine: Engine) -> Option<EngineClient> {
        let existing = self.0.borrow().get(engine);
        if existing.is_some() {
            return existing;
        }
        let report = self.0.borrow().report.clone()?;
        let on_problem = report.clone();
        let client = EngineClient::new(
            move |response| report(Intent::Answer(engine, response)),
            move |problem| on_problem(Intent::Failed(engine, problem)),
        );
        let mut inner = self.0.borrow_mut();
        match engine {
            Engine::Player => inner.player = Some(client.clone()),
            Engine::Adviser => inner.adviser = Some(client.clone()),
            // Helpers and reviewers are started in order, each once.
            Engine::Helper(k) if usize::from(k) == inner.helpers.len() + 1 => inner.helpers.push(client.clone()),
            Engine::Reviewer(k) if usize::from(k) == inner.reviewers.len() => inner.reviewers.push(client.clone()),
            Engine::Helper(_) | Engine::Reviewer(_) => return None,
        }
        Some(client)
    }

    /// Sends `request` to `engine`'s worker after `delay_ms`.
    pub fn search(&self, engine: Engine, request: Request, time_limit_ms: f64, delay_ms: u32) {
        if delay_ms == 0 {
            if let Some(client) = self.client(engine) {
                client.send(request, time_limit_ms);
            }
            return;
        }
        let me = self.clone();
        let timer = Timeout::new(delay_ms, move || {
            me.0.borrow_mut().waiting.retain(|(e, _)| *e != engine);
            if let Some(client) = me.client(engine) {
                client.send(request, time_limit_ms);
            }
        });
        self.0.borrow_mut().waiting.push((engine, timer));
    }

    /// Stops `engine`'s search, and any search waiting for its pace.
    pub fn stop(&self, engine: Engine) {
        // Dropping a Timeout cancels it (clearTimeout: nothing of ours runs).
        self.0.borrow_mut().waiting.retain(|(e, _)| *e != engine);
        let client = self.0.borrow().get(engine);
        if let Some(client) = client {
            client.stop();
        }
    }
}
