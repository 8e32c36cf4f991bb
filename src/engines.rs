//! The session's two search workers on the page: it carries out the
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
    /// A search waiting for its pace, per engine.
    waiting: [Option<Timeout>; 2],
    report: Option<Report>,
}

/// The workers, created on first use. Cloning gives another handle on the same workers.
#[derive(Clone, Default)]
pub struct Engines(Rc<RefCell<Inner>>);

fn slot(engine: Engine) -> usize {
    match engine {
        Engine::Player => 0,
        Engine::Adviser => 1,
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
        let existing = {
            let inner = self.0.borrow();
            match engine {
                Engine::Player => inner.player.clone(),
                Engine::Adviser => inner.adviser.clone(),
            }
        };
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
            me.0.borrow_mut().waiting[slot(engine)] = None;
            if let Some(client) = me.client(engine) {
                client.send(request, time_limit_ms);
            }
        });
        self.0.borrow_mut().waiting[slot(engine)] = Some(timer);
    }

    /// Stops `engine`'s search, and any search waiting for its pace.
    pub fn stop(&self, engine: Engine) {
        // Dropping a Timeout cancels it.
        let waiting = self.0.borrow_mut().waiting[slot(engine)].take();
        drop(waiting);
        let client = {
            let inner = self.0.borrow();
            match engine {
                Engine::Player => inner.player.clone(),
                Engine::Adviser => inner.adviser.clone(),
            }
        };
        if let Some(client) = client {
            client.stop();
        }
    }
}
