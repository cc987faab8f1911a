//! The web app: mounts the Leptos UI. On native targets, points to the `sizer` command.

#[cfg(target_arch = "wasm32")]
fn main() {
    inference_sizer::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("inference-sizer is a web app: build it with Trunk (see README.md). For the command line, run `cargo run --bin sizer -- 'model=...'`.");
}
