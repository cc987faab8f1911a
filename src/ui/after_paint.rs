//! Work that can wait for the next frame: what a person reads first (verdict, memory, speed)
//! is painted before the comparison table and the charts are brought up to date; a chart is
//! drawn only once it is on screen or near it ([`on_screen`]).

use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

/// How long a page that paints no frames waits instead: a hidden tab, or a frame of another
/// origin scrolled out of its host's view (Chromium runs no frame callbacks in either).
const NO_FRAME_FALLBACK: Duration = Duration::from_millis(200);

/// Runs `f` once the next frame has been painted (a task queued from a frame callback runs
/// after that frame is painted), or after [`NO_FRAME_FALLBACK`] if no frame comes first.
pub fn after_next_paint<F: FnOnce() + 'static>(f: F) {
    fn run<F: FnOnce()>(once: &Cell<Option<F>>) {
        if let Some(f) = once.take() {
            f();
        }
    }
    let once = Rc::new(Cell::new(Some(f)));
    let from_frame = Rc::clone(&once);
    request_animation_frame(move || {
        set_timeout(move || run(&from_frame), Duration::ZERO);
    });
    set_timeout(move || run(&once), NO_FRAME_FALLBACK);
}

/// Deferred work where only the latest request counts: while a slider moves, the requests
/// queued before the last are dropped when their turn comes.
#[derive(Clone, Copy)]
struct Latest {
    generation: StoredValue<u64>,
}

impl Latest {
    fn new() -> Self {
        Self {
            generation: StoredValue::new(0),
        }
    }

    /// Runs `f` after the next paint, unless `run` was called again in the meantime (or the
    /// owner was disposed).
    fn run(&self, f: impl FnOnce() + 'static) {
        let generation = self.generation;
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        after_next_paint(move || {
            if generation.try_get_value() == Some(mine) {
                f();
            }
        });
    }
}

/// A signal that follows `source` one paint later: it changes (to a new count) after the frame
/// that shows a change of `source` is painted. Readers track it and read `source` untracked.
pub fn painted_after<T>(source: Memo<T>) -> ReadSignal<u64>
where
    T: Send + Sync + 'static,
{
    let (count, set_count) = signal(0u64);
    let latest = Latest::new();
    Effect::new(move |first: Option<()>| {
        source.track();
        // The readers were built with the current value: no second build for it.
        if first.is_some() {
            latest.run(move || set_count.update(|n| *n += 1));
        }
    });
    count
}

/// Whether `node` is on screen or near it (within a screen's height above or below), as an
/// IntersectionObserver reports it; true before printing, and true from the start where there is
/// no observer. Work for something off screen (a chart) can wait until it is scrolled to.
pub fn on_screen(node: NodeRef<leptos::html::Canvas>) -> ReadSignal<bool> {
    use wasm_bindgen::{closure::Closure, JsCast};
    let (seen, set_seen) = signal(false);
    // Printing shows what is off screen: draw it first.
    let _ = window_event_listener_untyped("beforeprint", move |_| set_seen.set(true));
    Effect::new(move |observing: Option<bool>| {
        if observing == Some(true) {
            return true;
        }
        let Some(element) = node.get() else {
            return false;
        };
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let visible = entries.iter().any(|e| {
                e.unchecked_into::<web_sys::IntersectionObserverEntry>()
                    .is_intersecting()
            });
            set_seen.set(visible);
        });
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root_margin("100% 0px");
        match web_sys::IntersectionObserver::new_with_options(
            callback.as_ref().unchecked_ref(),
            &options,
        ) {
            Ok(observer) => {
                observer.observe(&element);
                // The charts live as long as the page: the callback is kept for it.
                callback.forget();
            }
            Err(_) => set_seen.set(true),
        }
        true
    });
    seen
}
