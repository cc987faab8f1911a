//! The kinds of scenario field: a number in a range, a choice among ids, a checked text, a list
//! of ids, and the version. Each kind knows how its value is read from a link, written into one
//! and brought into range; the table in `fields.rs` says which field is of which kind.

use super::codec::{fmt_num, invalid, parse_number, read_number, warning};
use super::{Scenario, Warning, WarningKind, SCENARIO_VERSION};

/// One URL parameter: the codec reads a link, writes one and normalises a scenario by walking
/// [`super::fields::FIELDS`], a list of these.
pub trait Field: Sync {
    /// The URL key (lowercase: keys are read case-insensitively).
    fn key(&self) -> &'static str;
    /// The numbers it accepts, for a number field.
    fn range(&self) -> Option<&Range> {
        None
    }
    /// The ids it accepts, for a choice.
    fn choices(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// Its value in `s` as a number, for a number field that is set.
    fn number(&self, _s: &Scenario) -> Option<f64> {
        None
    }
    /// Reads a link's `raw` value into `s`, with a warning for a value clamped or refused. `d` is
    /// the default scenario: what a refused value falls back to, for the fields where it does.
    fn read(&self, s: &mut Scenario, raw: &str, d: &Scenario, warnings: &mut Vec<Warning>);
    /// The value's text in a link, or `None` when it is the default (and so not written).
    fn write(&self, s: &Scenario, d: &Scenario) -> Option<String>;
    /// Makes the value one a link can carry, as reading the link written from it would: clamped,
    /// rounded, checked; the default where the value could not be read back.
    fn normalise(&self, s: &mut Scenario, d: &Scenario);
}

/// Where a field's value lives in a scenario (`at!(path)` writes one from the field's path).
pub struct Place<T: 'static> {
    pub get: fn(&Scenario) -> &T,
    pub get_mut: fn(&mut Scenario) -> &mut T,
}

/// The [`Place`] of a scenario field: `at!(ctx)`, `at!(assumptions.peak)`.
macro_rules! at {
    ($($field:ident).+) => {
        $crate::scenario::kinds::Place {
            get: |s| &s.$($field).+,
            get_mut: |s| &mut s.$($field).+,
        }
    };
}
pub(crate) use at;

/// What a value a link gives but that cannot be used does to the field: nothing (an earlier
/// value of the same key stays), or the field goes back to its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    Keep,
    Default,
}

/// The numbers a field accepts, and how an input shows them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    pub min: f64,
    pub max: f64,
    /// Whole numbers only: a value is rounded once it is in range.
    pub whole: bool,
    /// How far an input's arrows move the value.
    pub step: f64,
    /// For a value spanning orders of magnitude, the powers of two a logarithmic slider runs
    /// between (the field still accepts the whole range).
    pub log2_span: Option<(f64, f64)>,
}

impl Range {
    /// Any number from `min` to `max`, in steps of 1 for an input's arrows.
    pub const fn new(min: f64, max: f64) -> Range {
        Range {
            min,
            max,
            whole: false,
            step: 1.0,
            log2_span: None,
        }
    }

    /// Whole numbers from `min` to `max`.
    pub const fn whole(min: f64, max: f64) -> Range {
        Range {
            whole: true,
            ..Range::new(min, max)
        }
    }

    pub const fn with_step(self, step: f64) -> Range {
        Range { step, ..self }
    }

    pub const fn with_log2_span(self, low: f64, high: f64) -> Range {
        Range {
            log2_span: Some((low, high)),
            ..self
        }
    }

    /// The nearest accepted number: brought to the nearest bound, rounded if whole.
    pub fn clamp(&self, x: f64) -> f64 {
        let x = x.clamp(self.min, self.max);
        if self.whole {
            x.round()
        } else {
            x
        }
    }

    /// The `min` an input shows: the range's minimum brought down onto the step's grid, because a
    /// browser counts the arrows' steps from `min` (a range from 0.001 in steps of 0.1 would step
    /// 13 -> 13.001). A value typed below the range is clamped by the scenario, as any other.
    pub fn input_min(&self) -> f64 {
        if self.step > 0.0 && self.step.is_finite() {
            (self.min / self.step).floor() * self.step
        } else {
            self.min
        }
    }

    pub fn contains(&self, x: f64) -> bool {
        (self.min..=self.max).contains(&x) && (!self.whole || x.fract() == 0.0)
    }
}

/// How a number field stores its value: `f64`, `u64`, or either optional (`None`: the default).
pub trait NumberSlot: Copy + PartialEq + 'static {
    /// The value as a number; `None` when unset.
    fn number(self) -> Option<f64>;
    /// An accepted number (already clamped and, for whole ranges, rounded) as stored.
    fn from_number(x: f64) -> Self;
    /// The value as a link writes it; `None` when unset.
    fn text(self) -> Option<String>;
}

impl NumberSlot for f64 {
    fn number(self) -> Option<f64> {
        Some(self)
    }
    fn from_number(x: f64) -> Self {
        x
    }
    fn text(self) -> Option<String> {
        Some(fmt_num(self))
    }
}

impl NumberSlot for u64 {
    fn number(self) -> Option<f64> {
        Some(self as f64)
    }
    fn from_number(x: f64) -> Self {
        x.round() as u64
    }
    fn text(self) -> Option<String> {
        Some(self.to_string())
    }
}

impl<T: NumberSlot> NumberSlot for Option<T> {
    fn number(self) -> Option<f64> {
        self.and_then(T::number)
    }
    fn from_number(x: f64) -> Self {
        Some(T::from_number(x))
    }
    fn text(self) -> Option<String> {
        self.and_then(T::text)
    }
}

/// A number in a [`Range`]: clamped into it with a warning, unreadable text refused.
pub struct Number<T: 'static> {
    pub key: &'static str,
    pub range: Range,
    pub at: Place<T>,
    pub refused: Refused,
}

impl<T> Number<T> {
    /// A number whose unreadable value leaves the field as it was.
    pub const fn new(key: &'static str, at: Place<T>, range: Range) -> Self {
        Number {
            key,
            range,
            at,
            refused: Refused::Keep,
        }
    }

    /// The same, an unreadable value sending the field back to its default.
    pub const fn refused_to_default(self) -> Self {
        Number {
            refused: Refused::Default,
            ..self
        }
    }
}

impl<T: NumberSlot> Field for Number<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn range(&self) -> Option<&Range> {
        Some(&self.range)
    }
    fn number(&self, s: &Scenario) -> Option<f64> {
        (self.at.get)(s).number()
    }
    fn read(&self, s: &mut Scenario, raw: &str, d: &Scenario, warnings: &mut Vec<Warning>) {
        let slot = (self.at.get_mut)(s);
        match read_number(self.key, raw, &self.range, warnings) {
            Some(x) => *slot = T::from_number(self.range.clamp(x)),
            None if self.refused == Refused::Default => *slot = *(self.at.get)(d),
            None => {}
        }
    }
    fn write(&self, s: &Scenario, d: &Scenario) -> Option<String> {
        let v = *(self.at.get)(s);
        (v != *(self.at.get)(d)).then(|| v.text()).flatten()
    }
    fn normalise(&self, s: &mut Scenario, d: &Scenario) {
        let default = *(self.at.get)(d);
        let slot = (self.at.get_mut)(s);
        // The number as its link carries it (six decimals at most), then in range.
        let carried = (*slot != default)
            .then(|| slot.text())
            .flatten()
            .and_then(|text| parse_number(&text));
        *slot = match carried {
            Some(x) => T::from_number(self.range.clamp(x)),
            None => default,
        };
    }
}

/// A value among a fixed set of ids: an enum of the model or the page, or a 0/1 flag.
pub trait Pick: Copy + PartialEq + 'static {
    /// Every value.
    const ALL: &'static [Self];
    /// The values accepted, as a warning says them.
    const EXPECTED: &'static str;
    /// The id a link writes.
    fn id(self) -> &'static str;
    /// The value a link's text stands for.
    fn read(text: &str) -> Option<Self>;
}

/// How a choice stores its value: a [`Pick`], or an optional one (`None`: the default).
pub trait ChoiceSlot: Copy + PartialEq + 'static {
    type Item: Pick;
    fn item(self) -> Option<Self::Item>;
    fn from_item(item: Self::Item) -> Self;
}

impl<P: Pick> ChoiceSlot for P {
    type Item = P;
    fn item(self) -> Option<P> {
        Some(self)
    }
    fn from_item(item: P) -> Self {
        item
    }
}

impl<P: Pick> ChoiceSlot for Option<P> {
    type Item = P;
    fn item(self) -> Option<P> {
        self
    }
    fn from_item(item: P) -> Self {
        Some(item)
    }
}

/// One of a set of ids; an unknown id is refused and the field left as it was.
pub struct Choice<T: 'static> {
    pub key: &'static str,
    pub at: Place<T>,
}

impl<T> Choice<T> {
    pub const fn new(key: &'static str, at: Place<T>) -> Self {
        Choice { key, at }
    }
}

impl<T: ChoiceSlot> Field for Choice<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn choices(&self) -> Vec<&'static str> {
        T::Item::ALL.iter().map(|v| v.id()).collect()
    }
    fn read(&self, s: &mut Scenario, raw: &str, _d: &Scenario, warnings: &mut Vec<Warning>) {
        match T::Item::read(raw) {
            Some(v) => *(self.at.get_mut)(s) = T::from_item(v),
            None => invalid(warnings, self.key, raw, T::Item::EXPECTED),
        }
    }
    fn write(&self, s: &Scenario, d: &Scenario) -> Option<String> {
        let v = *(self.at.get)(s);
        (v != *(self.at.get)(d))
            .then(|| v.item())
            .flatten()
            .map(|item| item.id().to_string())
    }
    /// A typed choice is always one a link can carry.
    fn normalise(&self, _s: &mut Scenario, _d: &Scenario) {}
}

/// What a text field's check makes of a value.
#[derive(Clone, Debug, PartialEq)]
pub enum Checked {
    /// The value to keep (trimmed or lowercased as the check decides).
    Valid(String),
    /// Nothing given: no value, no warning.
    Empty,
    /// Refused: the text the warning shows and what was expected.
    Invalid { given: String, expected: String },
}

/// How a text field stores its value: a `String`, or an optional one (`None`: the default).
pub trait TextSlot: Clone + PartialEq + 'static {
    fn text(&self) -> Option<&str>;
    fn from_text(text: String) -> Self;
}

impl TextSlot for String {
    fn text(&self) -> Option<&str> {
        Some(self)
    }
    fn from_text(text: String) -> Self {
        text
    }
}

impl TextSlot for Option<String> {
    fn text(&self) -> Option<&str> {
        self.as_deref()
    }
    fn from_text(text: String) -> Self {
        Some(text)
    }
}

/// A text that must pass a check (an id, a colour, a URL, a date).
pub struct Text<T: 'static> {
    pub key: &'static str,
    pub at: Place<T>,
    pub check: fn(&str) -> Checked,
    pub refused: Refused,
}

impl<T> Text<T> {
    /// A text whose refused or empty value leaves the field as it was.
    pub const fn new(key: &'static str, at: Place<T>, check: fn(&str) -> Checked) -> Self {
        Text {
            key,
            at,
            check,
            refused: Refused::Keep,
        }
    }

    /// The same, a refused or empty value sending the field back to its default.
    pub const fn refused_to_default(self) -> Self {
        Text {
            refused: Refused::Default,
            ..self
        }
    }
}

impl<T: TextSlot> Field for Text<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn read(&self, s: &mut Scenario, raw: &str, d: &Scenario, warnings: &mut Vec<Warning>) {
        let value = match (self.check)(raw) {
            Checked::Valid(text) => Some(T::from_text(text)),
            Checked::Empty => None,
            Checked::Invalid { given, expected } => {
                invalid(warnings, self.key, &given, &expected);
                None
            }
        };
        match (value, self.refused) {
            (Some(v), _) => *(self.at.get_mut)(s) = v,
            (None, Refused::Default) => *(self.at.get_mut)(s) = (self.at.get)(d).clone(),
            (None, Refused::Keep) => {}
        }
    }
    fn write(&self, s: &Scenario, d: &Scenario) -> Option<String> {
        let v = (self.at.get)(s);
        (v != (self.at.get)(d))
            .then(|| v.text().map(str::to_string))
            .flatten()
    }
    fn normalise(&self, s: &mut Scenario, d: &Scenario) {
        let default = (self.at.get)(d);
        let slot = (self.at.get_mut)(s);
        if *slot == *default {
            return;
        }
        *slot = match slot.text().map(self.check) {
            Some(Checked::Valid(text)) => T::from_text(text),
            _ => default.clone(),
        };
    }
}

/// The values a list field keeps, beyond being ids.
pub struct Allowed {
    pub is: fn(&str) -> bool,
    /// The values accepted, as a warning says them.
    pub expected: &'static str,
}

/// A comma-separated list of ids (at most [`MAX_LIST`], each once); the list given replaces any
/// earlier one, without the ids refused.
pub struct IdList {
    pub key: &'static str,
    pub at: Place<Vec<String>>,
    pub id: fn(&str) -> Checked,
    pub allowed: Option<Allowed>,
}

/// Most ids in a list value (`gpus=`, `kinds=`).
pub const MAX_LIST: usize = 64;

impl IdList {
    /// The ids kept from a list's parts (split at commas), with a warning for each refused.
    fn ids<'a>(
        &self,
        parts: impl Iterator<Item = &'a str>,
        warnings: &mut Vec<Warning>,
    ) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for part in parts.filter(|p| !p.trim().is_empty()).take(MAX_LIST) {
            match (self.id)(part) {
                Checked::Valid(id) if !out.contains(&id) => out.push(id),
                Checked::Valid(_) | Checked::Empty => {}
                Checked::Invalid { given, expected } => {
                    invalid(warnings, self.key, &given, &expected)
                }
            }
        }
        if let Some(allowed) = &self.allowed {
            out.retain(|id| {
                let ok = (allowed.is)(id);
                if !ok {
                    invalid(warnings, self.key, id, allowed.expected);
                }
                ok
            });
        }
        out
    }
}

impl Field for IdList {
    fn key(&self) -> &'static str {
        self.key
    }
    fn read(&self, s: &mut Scenario, raw: &str, _d: &Scenario, warnings: &mut Vec<Warning>) {
        *(self.at.get_mut)(s) = self.ids(raw.split(','), warnings);
    }
    fn write(&self, s: &Scenario, d: &Scenario) -> Option<String> {
        let v = (self.at.get)(s);
        (v != (self.at.get)(d)).then(|| v.join(","))
    }
    fn normalise(&self, s: &mut Scenario, _d: &Scenario) {
        let list = (self.at.get)(s);
        // The parts a link written from the list would carry: its ids joined, split at commas.
        let kept = self.ids(list.iter().flat_map(|id| id.split(',')), &mut Vec::new());
        *(self.at.get_mut)(s) = kept;
    }
}

/// The schema version, `v`: always written, first, as the current version. An earlier version
/// is kept in the scenario until the link is read whole, then migrated ([`Scenario::from_query`]:
/// `v=1` sizes the KV cache for every sequence at its full context); any other value is read as
/// the current version, with a warning.
pub struct Version {
    pub key: &'static str,
}

impl Field for Version {
    fn key(&self) -> &'static str {
        self.key
    }
    fn read(&self, s: &mut Scenario, raw: &str, _d: &Scenario, warnings: &mut Vec<Warning>) {
        // The last `v` of a link counts, as for every other key.
        if let Some(v) = (1..=SCENARIO_VERSION).find(|v| raw.trim() == v.to_string()) {
            s.v = v;
        } else {
            s.v = SCENARIO_VERSION;
            let given = raw.chars().take(10).collect();
            warnings.push(warning(self.key, WarningKind::Version { given }));
        }
    }
    fn write(&self, _s: &Scenario, _d: &Scenario) -> Option<String> {
        Some(SCENARIO_VERSION.to_string())
    }
    fn normalise(&self, s: &mut Scenario, _d: &Scenario) {
        s.v = SCENARIO_VERSION;
    }
}
