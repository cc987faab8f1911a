//! A committed verdict's words: what a minimum term binds, what it saves against the best option
//! without one, and which part of the saving the commitment itself buys.

use crate::format::show::percent;
use crate::lang::Lang;
use crate::units::Currency;

/// A committed verdict's term as a cost of flexibility.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Commitment {
    /// The minimum term, months.
    pub term_months: f64,
    /// The verdict's monthly cost, and what the term binds: that over the term, plus setup fees.
    pub monthly: f64,
    pub commitment_total: f64,
    /// The share of the paid capacity the load uses.
    pub utilisation: f64,
    /// The best usable option without a term over a month; `None` when none qualifies.
    pub no_commitment: Option<NoCommitment>,
    /// The same provider's monthly price for the same machines without the term, when it sells
    /// them so: the part of the saving the commitment itself buys.
    pub same_provider_monthly: Option<f64>,
    /// A prepaid term: what is paid on its first day, and when the option without commitment
    /// has cost as much; `None` when the fee is paid month by month.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prepaid: Option<Prepaid>,
    pub currency: Currency,
}

/// A term paid up front: `months` of it, `amount` on the first day (with any setup fee), and
/// `caught_up_after` months, when the option without commitment has cost as much in cash
/// (`None`: within the horizon it never does, or there is none).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Prepaid {
    pub months: f64,
    pub amount: f64,
    pub caught_up_after: Option<f64>,
}

/// The best option without a commitment beside a committed verdict (`recommendation.no_commitment`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct NoCommitment {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    pub monthly_cost: f64,
    /// What the commitment saves a month against it (negative: the commitment costs more).
    pub saving_per_month: f64,
    /// What the commitment binds (the verdict's monthly cost over its term, plus setup fees).
    pub commitment_total: f64,
}

/// A commitment of at least this many months at under [`LOW_UTILISATION`] of its capacity says
/// so before anything else.
pub const LONG_TERM_MONTHS: f64 = 12.0;
pub const LOW_UTILISATION: f64 = 0.5;

impl Commitment {
    pub fn sentence(&self, lang: Lang) -> String {
        use crate::format::show::{amount, money};
        let cur = self.currency;
        let m = |x: f64| money(x, cur, lang).to_string();
        let term = amount(self.term_months, lang);
        let total = m(self.commitment_total);
        let low = self.term_months >= LONG_TERM_MONTHS && self.utilisation < LOW_UTILISATION;
        let u = percent(self.utilisation, lang);
        let mut s = match (lang, low) {
            (Lang::En, true) => format!("Think twice about the term: the load uses {u} of this capacity, and a {term}-month minimum term pays for the idle rest too, {total} in all that cannot be cancelled if the load goes away."),
            (Lang::Es, true) => format!("Piénselo dos veces: la carga usa el {u} de esta capacidad, y una permanencia mínima de {term} meses paga también el resto ocioso, {total} en total que no se pueden cancelar si la carga desaparece."),
            (Lang::En, false) => format!("A {term}-month minimum term commits you to {total}, which cannot be cancelled if the load goes away."),
            (Lang::Es, false) => format!("Una permanencia mínima de {term} meses le compromete a {total}, que no se pueden cancelar si la carga desaparece."),
        };
        match (&self.no_commitment, lang) {
            (Some(n), Lang::En) if n.saving_per_month > 0.0 => s.push_str(&format!(" Without a commitment, the best option is {} {} at {} a month: the term saves {} a month.", n.provider, n.name, m(n.monthly_cost), m(n.saving_per_month))),
            (Some(n), Lang::Es) if n.saving_per_month > 0.0 => s.push_str(&format!(" Sin compromiso, la mejor opción es {} {} por {} al mes: el plazo ahorra {} al mes.", n.provider, n.name, m(n.monthly_cost), m(n.saving_per_month))),
            (Some(n), Lang::En) => s.push_str(&format!(" Without a commitment, {} {} costs {} a month, no more.", n.provider, n.name, m(n.monthly_cost))),
            (Some(n), Lang::Es) => s.push_str(&format!(" Sin compromiso, {} {} cuesta {} al mes, no más.", n.provider, n.name, m(n.monthly_cost))),
            (None, Lang::En) => s.push_str(" No option without a commitment meets the requirements."),
            (None, Lang::Es) => s.push_str(" Ninguna opción sin compromiso cumple los requisitos."),
        }
        if let Some(p) = &self.prepaid {
            let (months, paid) = (amount(p.months, lang), m(p.amount));
            let name = self
                .no_commitment
                .as_ref()
                .map(|n| format!("{} {}", n.provider, n.name));
            s.push_str(&match (lang, p.caught_up_after.zip(name)) {
                (Lang::En, Some((x, n))) => format!(" The first {months} months, {paid}, are paid on the first day: {n} has cost as much only after {} months.", crate::format::show::number(x, 1, lang)),
                (Lang::Es, Some((x, n))) => format!(" Los primeros {months} meses, {paid}, se pagan el primer día: {n} no ha costado lo mismo hasta pasados {} meses.", crate::format::show::number(x, 1, lang)),
                (Lang::En, None) => format!(" The first {months} months, {paid}, are paid on the first day."),
                (Lang::Es, None) => format!(" Los primeros {months} meses, {paid}, se pagan el primer día."),
            });
        }
        // Where the saving comes from: the same machines from the same provider without the
        // term tell the commitment's part from the provider's price.
        if let Some(same) = self.same_provider_monthly {
            let by_term = same - self.monthly;
            s.push_str(&match lang {
                Lang::En if by_term > 0.0 => format!(" The same provider charges {} a month without the term: the commitment itself saves {} a month, the rest of the saving is the provider's price.", m(same), m(by_term)),
                Lang::Es if by_term > 0.0 => format!(" El mismo proveedor cobra {} al mes sin plazo: el compromiso en sí ahorra {} al mes; el resto del ahorro es el precio del proveedor.", m(same), m(by_term)),
                Lang::En => format!(" The same provider charges {} a month without the term: the commitment itself saves nothing.", m(same)),
                Lang::Es => format!(" El mismo proveedor cobra {} al mes sin plazo: el compromiso en sí no ahorra nada.", m(same)),
            });
        }
        s
    }
}
