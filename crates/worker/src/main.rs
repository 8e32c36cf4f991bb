//! The worker's program: registers `onmessage`, greets the UI, and hands
//! every search request to `ludoteca_core::worker::service::handle`; the
//! library's worker (the same program) hands the library's to `store`,
//! the IndexedDB side of `ludoteca_core::library::service`.

#![cfg_attr(target_arch = "wasm32", no_main)]

/// Starts as wasm-bindgen's start function, without the standard library's
/// `main` and its set-up of standard output.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn start() {
    use ludoteca_core::library::wire::Ask;
    use ludoteca_core::worker::protocol::{self, Response, VERSION};
    use ludoteca_core::worker::service;
    use std::cell::RefCell;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Time from the worker's own `performance.now()`.
    struct PerformanceClock(web_sys::Performance);
    impl search::Clock for PerformanceClock {
        fn now_ms(&self) -> f64 {
            self.0.now()
        }
    }

    // The release build stops at a panic without a message (scripts/build/release).
    #[cfg(not(panic = "immediate-abort"))]
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let Some(performance) = scope.performance() else {
        let bytes = protocol::encode_response(&Response::Error { id: 0, message: "no clock".into() });
        let _ = scope.post_message(&js_sys::Uint8Array::from(bytes.as_slice()));
        return;
    };
    let clock = PerformanceClock(performance);
    let state = RefCell::new(service::WorkerState::default());
    let poster = scope.clone();
    let post = move |r: Response| {
        let _ = poster.post_message(&js_sys::Uint8Array::from(protocol::encode_response(&r).as_slice()));
    };
    let post_ready = post.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
        let mut send = post.clone();
        match protocol::decode_request(&bytes) {
            // The library's worker: its requests are served in order, asynchronously.
            Ok(protocol::Request::Library(ask)) => {
                let post = post.clone();
                ludoteca_worker::store::serve(*ask, move |answer| post(Response::Library(Box::new(answer))));
            }
            // A language learnt: in the library's worker, once the library
            // is open, its summaries follow it (after the requests before,
            // before the ones after; a library opened later follows it as
            // it opens).
            Ok(request @ protocol::Request::Language { .. }) => {
                service::handle(&mut state.borrow_mut(), request, &clock, &mut send);
                if ludoteca_worker::store::opened() {
                    let post = post.clone();
                    ludoteca_worker::store::serve(Ask::Reword, move |answer| post(Response::Library(Box::new(answer))));
                }
            }
            Ok(request) => service::handle(&mut state.borrow_mut(), request, &clock, &mut send),
            Err(error) => send(error),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post_ready(Response::Ready { version: VERSION });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the search worker runs in a browser; build it with trunk");
}
