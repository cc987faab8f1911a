//! Browser component tests: run in headless Chromium by wasm-bindgen-test-runner through
//! chromedriver (`./scripts/test`, or `cargo test --target wasm32-unknown-unknown --test web`
//! with the environment of `scripts/env.sh`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The text of the first element matching `selector`, or `None` when there is none.
fn text_of(selector: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    document.query_selector(selector).ok()??.text_content()
}

/// Resolves after the tasks queued so far have run (a zero-delay timer).
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |done, _| {
        let _ = web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&done, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

#[wasm_bindgen_test]
async fn mounting_the_app_shows_its_title() {
    assert_eq!(text_of("h1"), None, "the test page starts without a title");
    // The interface mounts from a task (in the web build, once its module has arrived).
    inference_sizer::ui::mount();
    assert_eq!(
        text_of("h1"),
        None,
        "mounted from a task, not within `mount`"
    );
    next_task().await;
    assert_eq!(text_of("h1").as_deref(), Some("Inference Sizer"));
    assert_eq!(text_of("main#app h1").as_deref(), Some("Inference Sizer"));
}
