//! Any text as a provider catalogue: loaded over the built-in one or refused, never a panic.
#![no_main]
use inference_sizer::catalog::Catalog;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = Catalog::load_over(&Catalog::empty(), &text);
});
