//! The browser entry point: install the panic hook, then mount the app.

fn main() {
    // The release build stops at a panic without a message (see
    // scripts/build/release): no hook to install, and none of its code.
    #[cfg(not(panic = "immediate-abort"))]
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(ludoteca_app::App);
}
