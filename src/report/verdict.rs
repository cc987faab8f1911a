//! The verdict, built once: the plan's choice ([`Decided`]) with what the report learns after it
//! (the slice the offer rents, how buying compares, the cheaper path), put in the order the page
//! lists them, then written as a [`Recommendation`] when the report is complete ([`finish`]).
//! Nothing edits a recommendation after it is built.

use super::alternative::CheaperPath;
use super::Report;
use crate::cost::OptionCost;
use crate::lang::Lang;
use crate::plan::{Job, Reason, Recommendation, RunnerUp};

/// What the plan decided, kept before the options become the report's rows.
pub(super) struct Decided {
    pub chosen: OptionCost,
    /// The plan's reasons: the headline first.
    pub reasons: Vec<Reason>,
    /// The per-token basis when no request rate is given (after the headline).
    pub per_token: Option<Reason>,
    /// What the engine, format and GPU give up (after the plan's and the slice's reasons).
    pub caveat: Option<Reason>,
    pub runner_ups: Vec<RunnerUp>,
    pub job: Option<Job>,
}

/// The verdict's reasons in their order, waiting only for the cheaper path.
pub(super) struct Draft {
    pub offer_id: String,
    pub gpu_id: Option<String>,
    /// What the verdict costs: the month's, or the job's when fine-tuning.
    pub cost: f64,
    reasons: Vec<Reason>,
    runner_ups: Vec<RunnerUp>,
    job: Option<Job>,
    lang: Lang,
}

impl Decided {
    /// The reasons in the order the page lists them: what is said before the price (an API far
    /// cheaper, a machine barely used), the headline, the per-token basis, the
    /// plan's other reasons, what the context was sized for, the slice's, the engine's caveat,
    /// how buying compares.
    pub fn draft(
        self,
        leads: Vec<Reason>,
        context: Vec<Reason>,
        slice: Option<Reason>,
        own: Option<Reason>,
        lang: Lang,
    ) -> Draft {
        let mut plan = self.reasons.into_iter();
        let headline = plan.next();
        // How buying compares, then why the verdict stays the rental.
        let own = own
            .into_iter()
            .flat_map(|compared| [compared, Reason::OwnComparedNotChosen]);
        let reasons = leads
            .into_iter()
            .chain(headline)
            .chain(self.per_token)
            .chain(plan)
            .chain(context)
            .chain(slice)
            .chain(self.caveat)
            .chain(own)
            .collect();
        Draft {
            cost: self.job.map_or(self.chosen.monthly.amount(), |j| j.cost),
            offer_id: self.chosen.offer_id,
            gpu_id: self.chosen.gpu_id,
            reasons,
            runner_ups: self.runner_ups,
            job: self.job,
            lang,
        }
    }
}

/// The report with its verdict, built from `draft` and the chosen option's row, the cheaper
/// path (if any) its last reason.
pub(super) fn finish(
    (report, draft): (Report, Option<Draft>),
    path: Option<(CheaperPath, Reason)>,
) -> Report {
    let (cheaper_path, path_reason) = path.unzip();
    let recommendation = draft.and_then(|d| {
        let option = report.options.iter().find(|o| o.offer_id == d.offer_id)?;
        let reasons = d.reasons.into_iter().chain(path_reason).collect();
        Some(Recommendation::new(
            option.clone(),
            reasons,
            d.runner_ups,
            d.job,
            d.lang,
        ))
    });
    Report {
        recommendation,
        cheaper_path,
        ..report
    }
}
