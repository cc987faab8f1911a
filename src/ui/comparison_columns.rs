//! The comparison's columns: their order, titles and ids, how each sorts, and the header row
//! whose buttons sort the table.

use super::app::{ctx, handler};
use super::i18n::T;
use crate::report::OptionReport;
use leptos::prelude::*;
use std::cmp::Ordering;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Col {
    Offer,
    Kind,
    Gpus,
    Fits,
    Monthly,
    PerGpuHour,
    PerHour,
    PerMillion,
    BreakEven,
    Jurisdiction,
    AsOf,
}

/// The column sorted by and whether ascending; `None`: the report's order.
pub type SortOrder = Option<(Col, bool)>;

impl Col {
    /// In the order shown: what decides first (price and fit), so they are on screen without
    /// scrolling the table sideways; then the hardware and the finer prices.
    pub const ALL: [Col; 11] = [
        Col::Offer,
        Col::Monthly,
        Col::PerMillion,
        Col::Fits,
        Col::Gpus,
        Col::Kind,
        Col::PerGpuHour,
        Col::PerHour,
        Col::BreakEven,
        Col::Jurisdiction,
        Col::AsOf,
    ];
    fn title(self) -> T {
        match self {
            Col::Offer => T::Offer,
            Col::Kind => T::FilterKind,
            Col::Gpus => T::Gpus,
            Col::Fits => T::Fits,
            Col::Monthly => T::Monthly,
            Col::PerGpuHour => T::PerGpuHour,
            Col::PerHour => T::PerInstanceHour,
            Col::PerMillion => T::PerMillionTokens,
            Col::BreakEven => T::BreakEven,
            Col::Jurisdiction => T::FilterJurisdiction,
            Col::AsOf => T::AsOf,
        }
    }
    fn numeric(self) -> bool {
        matches!(
            self,
            Col::Monthly | Col::PerGpuHour | Col::PerHour | Col::PerMillion | Col::BreakEven
        )
    }
    fn id(self) -> &'static str {
        match self {
            Col::Offer => "offer",
            Col::Kind => "kind",
            Col::Gpus => "gpus",
            Col::Fits => "fits",
            Col::Monthly => "monthly",
            Col::PerGpuHour => "per-gpu-hour",
            Col::PerHour => "per-hour",
            Col::PerMillion => "per-million",
            Col::BreakEven => "break-even",
            Col::Jurisdiction => "jurisdiction",
            Col::AsOf => "as-of",
        }
    }

    /// How two options compare in this column (ascending).
    pub fn compare(self, a: &OptionReport, b: &OptionReport) -> Ordering {
        match self {
            Col::Offer => (&a.provider, &a.name).cmp(&(&b.provider, &b.name)),
            Col::Kind => a.kind.id().cmp(b.kind.id()),
            Col::Gpus => a.gpu_count.cmp(&b.gpu_count),
            // Usable first, then those that at least fit in memory.
            Col::Fits => (b.usable, b.fits).cmp(&(a.usable, a.fits)),
            Col::Monthly => cmp_opt(Some(a.monthly_cost), Some(b.monthly_cost)),
            Col::PerGpuHour => cmp_opt(a.price_per_gpu_hour, b.price_per_gpu_hour),
            Col::PerHour => cmp_opt(Some(a.price_per_hour), Some(b.price_per_hour)),
            Col::PerMillion => cmp_opt(a.cost_per_million_tokens, b.cost_per_million_tokens),
            Col::BreakEven => cmp_opt(a.break_even_weeks, b.break_even_weeks),
            Col::Jurisdiction => (&a.jurisdiction, &a.region).cmp(&(&b.jurisdiction, &b.region)),
            Col::AsOf => a.as_of.cmp(&b.as_of),
        }
    }
}

/// Missing numbers sort last whichever the direction.
fn cmp_opt(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a.filter(|x| x.is_finite()), b.filter(|x| x.is_finite())) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The header row: a button per column that sorts by it, ascending first, then descending.
#[component]
pub fn HeaderRow(sort: RwSignal<SortOrder>) -> impl IntoView {
    let c = ctx();
    view! {
        <tr>
            {Col::ALL
                .iter()
                .map(|&col| {
                    let aria = move || match sort.get() {
                        Some((c2, true)) if c2 == col => "ascending",
                        Some((c2, false)) if c2 == col => "descending",
                        _ => "none",
                    };
                    view! {
                        <th scope="col" aria-sort=aria class:num=col.numeric()>
                            <button
                                type="button"
                                class="sort"
                                id=format!("sort-{}", col.id())
                                on:click=handler(move |_| {
                                    sort.update(|s| {
                                        *s = match *s {
                                            Some((c2, asc)) if c2 == col => Some((col, !asc)),
                                            _ => Some((col, true)),
                                        }
                                    })
                                })
                            >
                                {c.text(col.title())}
                                // The per-token figures with no request rate: at full load.
                                {move || {
                                    let full = col == Col::PerMillion
                                        && c.report.with(|r| {
                                            r.per_token_basis
                                                == crate::report::PerTokenBasis::FullLoad
                                        });
                                    full.then(|| {
                                        view! {
                                            <span class="basis" id="per-token-basis">
                                                {c.t(T::AtFullLoad)}
                                            </span>
                                        }
                                    })
                                }}
                            </button>
                        </th>
                    }
                })
                .collect_view()}
            <th scope="col">{c.text(T::Source)}</th>
        </tr>
    }
}
