//! `sizer`: evaluates a scenario (query string or share URL) against a catalogue and prints the report as JSON.

fn main() {}
