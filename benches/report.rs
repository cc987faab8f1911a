//! End to end: one scenario evaluated against the whole shipped catalogue (sizing every offer,
//! costing it, planning the verdict, building the chart curves). Target: under 1 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use inference_sizer::catalog::Catalog;
use inference_sizer::report::evaluate;
use inference_sizer::scenario::Scenario;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let catalog = Catalog::builtin();
    for q in [
        "model=llama-3.1-8b&quant=q4_k_m",
        "v=1",
        "model=deepseek-v3&quant=fp8&rpd=100000",
        // Owned hardware: five servers more, sized, costed and compared with the verdict.
        "model=llama-3.1-8b&quant=q4_k_m&own=1",
    ] {
        let (s, _) = Scenario::from_query(q);
        c.bench_function(&format!("evaluate {q}"), |b| {
            b.iter(|| evaluate(black_box(&s), black_box(&catalog)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
