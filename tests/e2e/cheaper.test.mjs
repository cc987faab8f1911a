// A cheaper path beside the verdict (report.cheaper_path): a GGUF file on vLLM names the same
// load with AWQ weights, and its button takes it. Every expected text is what `sizer` prints for
// the same scenario, written against the DOM of src/ui/verdict.rs.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

describe("a cheaper path", () => {
  const site = withSite();

  test("GGUF on vLLM names AWQ on vLLM, and the button switches to it", async () => {
    // sizer: an 8B chat at 200,000 requests a day as Q4_K_M on vLLM: each copy's concurrency
    // from the rate (scenario version 4), prefill binds on the GGUF path and the load needs three
    // H100s (Latitude.sh's annual prepaid g3.h100.small, EUR 2,226.72 a month); with AWQ 4-bit
    // weights one L40S (Latitude.sh's VM) serves it for EUR 406.62, 82% less. (RunPod's 2x MI300X
    // with 64 sequences on every copy, before version 4.)
    const { page, problems, context } = await openPage(site.browser, site.server,
      "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
    assert.match(await page.locator("#verdict-offer").textContent(), /^Latitude\.sh g3\.h100\.small \(annual prepaid\)$/);
    // Beside the headline, in its own box with the button that takes it.
    assert.match(await page.locator("#cheaper-path").textContent(),
      /^A cheaper path: with AWQ 4-bit weights on vLLM instead of the GGUF file, the same load runs on 1 machine with 1× L40S \(Latitude\.sh vm\.l40s\.small\) for €406\.62 a month, 82% less\./);
    const button = page.locator("#take-cheaper-path");
    assert.equal((await button.textContent()).trim(), "Use AWQ 4-bit weights on vLLM");
    await button.click();
    await page.waitForFunction(
      () => /^Latitude\.sh vm\.l40s\.small$/.test(document.querySelector("#verdict-offer")?.textContent ?? ""),
      null, { timeout: READY });
    // Latitude.sh's price is a listed one: no approximate mark before the amount.
    assert.equal((await page.locator("#verdict-cost").textContent()).trim(), "€406.62 per month");
    await page.waitForFunction(() => /quant=awq4/.test(location.search), null, { timeout: 2_000 });
    // The path taken has no path of its own.
    assert.equal(await page.locator("#cheaper-path").count(), 0);
    expectNoProblems(problems);
    await context.close();
  });
});
