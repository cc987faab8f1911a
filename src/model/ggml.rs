//! ggml's tensor types: their GGUF ids, block sizes and bytes per block (`ggml-common.h`), and
//! llama.cpp's fallback when a row does not divide into blocks.

/// ggml tensor types with their block size and bytes per block (`ggml-common.h`).
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GgmlType {
    F32,
    F16,
    BF16,
    F64,
    I8,
    I16,
    I32,
    I64,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q8_1,
    Q2_K,
    Q3_K,
    Q4_K,
    Q5_K,
    Q6_K,
    Q8_K,
    IQ2_XXS,
    IQ2_XS,
    IQ2_S,
    IQ3_XXS,
    IQ3_S,
    IQ1_S,
    IQ1_M,
    IQ4_NL,
    IQ4_XS,
    TQ1_0,
    TQ2_0,
    MXFP4,
}

impl GgmlType {
    /// The type for a GGUF `ggml_type` id (`ggml.h` enum; removed ids 4, 5, 31-33, 36-38 are None).
    pub fn from_id(id: u32) -> Option<GgmlType> {
        use GgmlType::*;
        Some(match id {
            0 => F32,
            1 => F16,
            2 => Q4_0,
            3 => Q4_1,
            6 => Q5_0,
            7 => Q5_1,
            8 => Q8_0,
            9 => Q8_1,
            10 => Q2_K,
            11 => Q3_K,
            12 => Q4_K,
            13 => Q5_K,
            14 => Q6_K,
            15 => Q8_K,
            16 => IQ2_XXS,
            17 => IQ2_XS,
            18 => IQ3_XXS,
            19 => IQ1_S,
            20 => IQ4_NL,
            21 => IQ3_S,
            22 => IQ2_S,
            23 => IQ4_XS,
            24 => I8,
            25 => I16,
            26 => I32,
            27 => I64,
            28 => F64,
            29 => IQ1_M,
            30 => BF16,
            34 => TQ1_0,
            35 => TQ2_0,
            39 => MXFP4,
            _ => return None,
        })
    }
    /// (elements per block, bytes per block).
    pub fn block(self) -> (u64, u64) {
        use GgmlType::*;
        match self {
            F32 | I32 => (1, 4),
            F16 | BF16 | I16 => (1, 2),
            F64 | I64 => (1, 8),
            I8 => (1, 1),
            Q4_0 => (32, 18),
            Q4_1 => (32, 20),
            Q5_0 => (32, 22),
            Q5_1 => (32, 24),
            Q8_0 => (32, 34),
            Q8_1 => (32, 36),
            IQ4_NL => (32, 18),
            MXFP4 => (32, 17),
            Q2_K => (256, 84),
            Q3_K => (256, 110),
            Q4_K => (256, 144),
            Q5_K => (256, 176),
            Q6_K => (256, 210),
            Q8_K => (256, 292),
            IQ2_XXS => (256, 66),
            IQ2_XS => (256, 74),
            IQ2_S => (256, 82),
            IQ3_XXS => (256, 98),
            IQ3_S => (256, 110),
            IQ1_S => (256, 50),
            IQ1_M => (256, 56),
            IQ4_XS => (256, 136),
            TQ1_0 => (256, 54),
            TQ2_0 => (256, 66),
        }
    }
    /// Bits per weight.
    pub fn bits(self) -> f64 {
        let (b, s) = self.block();
        8.0 * s as f64 / b as f64
    }
    /// Bytes of a tensor of `elems` elements (rows of `ne0`), rounded to whole blocks per row.
    pub fn tensor_bytes(self, ne0: u64, elems: u64) -> f64 {
        let (b, s) = self.block();
        if ne0 == 0 || b == 1 {
            return elems as f64 * s as f64;
        }
        let rows = elems as f64 / ne0 as f64;
        rows * ne0.div_ceil(b) as f64 * s as f64
    }
    /// llama.cpp's `tensor_type_fallback`: a k-quant needs rows divisible by 256.
    pub(super) fn fallback(self, ne0: u64) -> GgmlType {
        use GgmlType::*;
        let (b, _) = self.block();
        if ne0 == 0 || ne0 % b == 0 {
            return self;
        }
        let f = match self {
            IQ1_S | IQ1_M | IQ2_XXS | IQ2_XS | IQ2_S | IQ3_XXS | IQ3_S | IQ4_XS => IQ4_NL,
            Q2_K | Q3_K | TQ1_0 | TQ2_0 => Q4_0,
            Q4_K => Q5_0,
            Q5_K => Q5_1,
            Q6_K => Q8_0,
            _ => F16,
        };
        if ne0 % f.block().0 == 0 {
            f
        } else {
            F16
        }
    }
    /// Whether this is a quantised (block) type.
    pub fn is_quantized(self) -> bool {
        self.block().0 > 1
    }
}
