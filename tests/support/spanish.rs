//! "No English word left in a Spanish message", for the tests of typed messages: each test file
//! passes the words of its own English messages (the words the two languages share are left out
//! of those lists, and so are names between backticks here).

/// The words of `english` (whitespace separated) found in `text` outside backticks, ignoring case.
/// `names` are removed from `text` first (file names such as `config.json`).
pub fn english_words_in(text: &str, english: &str, names: &[&str]) -> Vec<String> {
    let mut outside: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    for name in names {
        outside = outside.replace(name, " ");
    }
    outside
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            english
                .split_whitespace()
                .any(|e| e.eq_ignore_ascii_case(w))
        })
        .map(str::to_string)
        .collect()
}

/// Fails, naming the words, when `text` keeps any of `english` (see [`english_words_in`]).
#[track_caller]
pub fn assert_no_english(text: &str, english: &str, names: &[&str]) {
    let left = english_words_in(text, english, names);
    assert!(left.is_empty(), "English words {left:?} in: {text}");
}
