//! Work that can wait for the next frame: what a person reads first (verdict, memory, speed)
//! is painted before the comparison table and the charts are brought up to date.

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
