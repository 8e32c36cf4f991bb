//! The session's search workers on the page (the player's and its helpers',
//! the adviser's and the review's): it carries out the
//! session's search and stop effects, waits out the pace of a
//! computer-against-computer game, and reports every answer and failure
//! back with the worker's role. It decides nothing.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;

use crate::worker::client::WorkerClient;
use ludoteca_core::worker::Role;
use ludoteca_core::worker::protocol::{Request, Response};

/// What a worker said: an answer, or what went wrong with it.
pub type Reply = Result<Response, String>;

type Report = Rc<dyn Fn(Role, Reply)>;

#[derive(Default)]
struct Inner {
    player: Option<WorkerClient>,
    adviser: Option<WorkerClient>,
    /// `Role::Helper(k)` at k − 1.
    helpers: Vec<WorkerClient>,
    reviewers: Vec<WorkerClient>,
    /// Searches waiting for their pace (the review's never wait).
    waiting: Vec<(Role, Timeout)>,
    report: Option<Report>,
}

/// The workers by role, created on first use. Cloning gives another handle on the same workers.
#[derive(Clone, Default)]
pub struct WorkerPool(Rc<RefCell<Inner>>);

impl Inner {
    /// the worker of `role`, if started.
    fn get(&self, role: Role) -> Option<WorkerClient> {
        match role {
            Role::Computer => self.player.clone(),
            Role::Adviser => self.adviser.clone(),
            Role::Helper(k) => self.helpers.get(usize::from(k).wrapping_sub(1)).cloned(),
            Role::Reviewer(k) => self.reviewers.get(usize::from(k)).cloned(),
        }
    }
}

impl WorkerPool {
    /// Sends every answer and failure to `report`.
    pub fn connect(&self, report: impl Fn(Role, Reply) + 'static) {
        self.0.borrow_mut().report = Some(Rc::new(report));
    }

    /// The worker of `role`, started on first use. No borrow is held when
    /// the caller then talks to it, so its callbacks may use this pool again.
    fn client(&self, role: Role) -> Option<WorkerClient> {
        let existing = self.0.borrow().get(role);
        if existing.is_some() {
            return existing;
        }
        let report = self.0.borrow().report.clone()?;
        let on_problem = report.clone();
        let client = WorkerClient::new(
            move |response| report(role, Ok(response)),
            move |problem| on_problem(role, Err(problem)),
        );
        let mut inner = self.0.borrow_mut();
        match role {
            Role::Computer => inner.player = Some(client.clone()),
            Role::Adviser => inner.adviser = Some(client.clone()),
            // Helpers and reviewers are started in order, each once.
            Role::Helper(k) if usize::from(k) == inner.helpers.len() + 1 => inner.helpers.push(client.clone()),
            Role::Reviewer(k) if usize::from(k) == inner.reviewers.len() => inner.reviewers.push(client.clone()),
            Role::Helper(_) | Role::Reviewer(_) => return None,
        }
        Some(client)
    }

    /// Sends `request` to the worker of `role` after `delay_ms`.
    pub fn search(&self, role: Role, request: Request, time_limit_ms: f64, delay_ms: u32) {
        if delay_ms == 0 {
            if let Some(client) = self.client(role) {
                client.send(request, time_limit_ms);
            }
            return;
        }
        let me = self.clone();
        let timer = Timeout::new(delay_ms, move || {
            me.0.borrow_mut().waiting.retain(|(e, _)| *e != role);
            if let Some(client) = me.client(role) {
                client.send(request, time_limit_ms);
            }
        });
        self.0.borrow_mut().waiting.push((role, timer));
    }

    /// Stops `role`'s search, and any search waiting for its pace.
    pub fn stop(&self, role: Role) {
        // Dropping a Timeout cancels it (clearTimeout: nothing of ours runs).
        self.0.borrow_mut().waiting.retain(|(e, _)| *e != role);
        let client = self.0.borrow().get(role);
        if let Some(client) = client {
            client.stop();
        }
    }
}
