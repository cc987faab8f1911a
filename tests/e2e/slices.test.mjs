// GPU slices and the decision matrix by workload (issue 18): a 1B model's verdict can be a slice
// of one GPU, said in words in the verdict and the comparison table, and the decision matrix's
// reason follows the verdict's headline when the recommendation follows it; constraints that
// push against it are a notice. Every expected text below is what `sizer --compact` prints for the same scenario
// (written against the DOM that src/ui/verdict.rs, comparison_row.rs and notices.rs render).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

describe("GPU slices and the decision matrix", () => {
  const site = withSite();

  test("a 1B model's verdict is half an RTX PRO 6000 as a MIG slice, in words", async () => {
    // sizer: Llama 3.2 1B, 8 hours a day at 500 requests, among the RTX PRO 6000 offers: RunPod's
    // MIG 2g.48gb at 1.09 USD/h, a development load.
    const { page, problems, context } = await openPage(site.browser, site.server,
      "model=llama-3.2-1b&hours=8&rpd=500&gpus=nvidia_rtx_pro_6000_blackwell_server");
    await verdictReady(page);
    assert.equal((await page.locator("#verdict-hardware").textContent()).trim(),
      "½ of an RTX PRO 6000 Blackwell Server Edition (MIG 2g.48gb, isolated)");
    // The headline leads; the decision matrix is the reason after it.
    assert.match(await page.locator("#verdict-why").textContent(),
      /^RunPod RTX PRO 6000 MIG 48GB \(1\/2 GPU\) is the cheapest of 22 options that meet the requirements: €265\.00 a month/);
    assert.match(await page.locator("#verdict").textContent(),
      /Decision matrix: development and experimentation \(500 requests a day, 8 hours a day\) fits a GPU slice \(MIG or vGPU\) or a small instance by the hour: a whole GPU would sit idle most of the time\. The recommendation is of that kind\./);
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 0);
    const row = page.locator('#options-table tr[data-offer="runpod-rtx-pro-6000-mig-48gb"] td.gpus');
    assert.equal((await row.textContent()).trim(),
      "½ of an RTX PRO 6000 Blackwell Server Edition (MIG 2g.48gb, isolated)");
    expectNoProblems(problems);
    await context.close();
  });

  test("the decision matrix follows the headline, and constraints against it are a notice", async () => {
    // sizer: Llama 3.1 8B 8 hours a day at 50,000 requests: bursty inference, an hourly cloud
    // (RunPod's 4x RTX 4090 on its Community Cloud, allowed for a service of 8 hours a day: with
    // each copy's concurrency from the rate, 2.2% dearer than two of Vast.ai's RTX 6000 Ada and
    // chosen for its one machine instead of two).
    const a = await openPage(site.browser, site.server, "model=llama-3.1-8b&hours=8&rpd=50000");
    await verdictReady(a.page);
    assert.match(await a.page.locator("#verdict-offer").textContent(), /^RunPod 4x RTX 4090 \(Community Cloud\)$/);
    assert.match(await a.page.locator("#verdict-why").textContent(), /^A near-tie: .* within 10% the plan prefers fewer machines \(1 machine instead of 2\)\./);
    assert.match(await a.page.locator("#verdict").textContent(),
      /Decision matrix: bursty inference \(8 hours a day\) fits capacity paid by the hour \(on-demand cloud, or a per-token API\)/);
    expectNoProblems(a.problems);
    await a.context.close();
    // sizer: 2 hours a day but only EU bare metal with L40S: a monthly server, and a warning.
    const b = await openPage(site.browser, site.server,
      "model=llama-3.1-8b&hours=2&kinds=bare_metal&eu=1&gpus=nvidia_l40s&lang=es");
    await verdictReady(b.page);
    await b.page.waitForFunction(
      () => document.body.textContent.includes("van contra la matriz de decisión"), null, { timeout: READY });
    assert.match(await b.page.locator("body").textContent(),
      /Sus restricciones \(los tipos de oferta permitidos\) van contra la matriz de decisión: pone inferencia intermitente \(2 horas al día\)/);
    expectNoProblems(b.problems);
    await b.context.close();
  });
});
