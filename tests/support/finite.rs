//! Finds every NaN or infinite number in anything serialisable, by path (`options[3].monthly_cost`).
//!
//! serde_json cannot be used for this: it writes NaN and infinity as `null`, the same as an absent
//! value, so a check on its output passes a report full of NaN. This walks the values serde hands
//! to a serializer instead. Shared by the property tests (`tests/hostile_input.rs`) and the fuzz
//! targets (`fuzz/fuzz_targets/*.rs`, through `#[path]`).

use serde::ser::{self, Serialize};
use std::fmt;

/// The path of every NaN or infinite number in `value`; empty when every figure is finite.
pub fn non_finite_numbers<T: Serialize + ?Sized>(value: &T) -> Vec<String> {
    let mut found = Vec::new();
    // The walker itself never fails; an Err could only come from a type's own Serialize.
    if let Err(e) = value.serialize(Walker {
        path: String::new(),
        found: &mut found,
    }) {
        found.push(format!("(could not walk the value: {e})"));
    }
    found
}

#[derive(Debug)]
pub struct WalkError(String);

impl fmt::Display for WalkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WalkError {}

impl ser::Error for WalkError {
    fn custom<M: fmt::Display>(msg: M) -> Self {
        WalkError(msg.to_string())
    }
}

struct Walker<'a> {
    path: String,
    found: &'a mut Vec<String>,
}

impl<'a> Walker<'a> {
    fn number(self, v: f64) -> Result<(), WalkError> {
        if !v.is_finite() {
            self.found.push(format!("{} = {v}", self.path));
        }
        Ok(())
    }
    fn compound(self) -> Compound<'a> {
        let Walker { path, found } = self;
        Compound {
            path,
            index: 0,
            found,
        }
    }
}

/// A sequence, tuple, map or struct being walked: its elements are numbered, its fields named.
struct Compound<'a> {
    path: String,
    index: usize,
    found: &'a mut Vec<String>,
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WalkError> {
        let path = format!("{}[{}]", self.path, self.index);
        self.index += 1;
        value.serialize(Walker {
            path,
            found: &mut *self.found,
        })
    }
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), WalkError> {
        value.serialize(Walker {
            path: format!("{}.{key}", self.path),
            found: &mut *self.found,
        })
    }
}

macro_rules! integers {
    ($($method:ident: $t:ty),+) => {
        $(fn $method(self, _: $t) -> Result<(), WalkError> { Ok(()) })+
    };
}

impl<'a> ser::Serializer for Walker<'a> {
    type Ok = ();
    type Error = WalkError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    integers!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_char: char, serialize_str: &str, serialize_bytes: &[u8]);

    fn serialize_f32(self, v: f32) -> Result<(), WalkError> {
        self.number(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), WalkError> {
        self.number(v)
    }
    fn serialize_none(self) -> Result<(), WalkError> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), WalkError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), WalkError> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), WalkError> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), WalkError> {
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), WalkError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), WalkError> {
        self.compound().field(variant, value)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, WalkError> {
        Ok(self.compound())
    }
}

macro_rules! elements {
    ($($trait:ident :: $method:ident),+) => {
        $(impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = WalkError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WalkError> {
                self.element(value)
            }
            fn end(self) -> Result<(), WalkError> {
                Ok(())
            }
        })+
    };
}
elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! fields {
    ($($trait:ident),+) => {
        $(impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = WalkError;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), WalkError> {
                self.field(key, value)
            }
            fn end(self) -> Result<(), WalkError> {
                Ok(())
            }
        })+
    };
}
fields!(SerializeStruct, SerializeStructVariant);

/// Map keys and values are numbered in turn (a key's text is not needed to find a NaN).
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = WalkError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), WalkError> {
        self.element(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WalkError> {
        self.element(value)
    }
    fn end(self) -> Result<(), WalkError> {
        Ok(())
    }
}
