//! Any text pasted as a config.json: read or refused in words, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(imported) = inference_sizer::model::import::from_config_json(&text) {
        let _ = inference_sizer::model::param_counts(&imported.arch);
    }
});
