//! Any bytes as the start of a GGUF file: a header or an error saying what is wrong.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = inference_sizer::model::gguf::read_header(data);
});
