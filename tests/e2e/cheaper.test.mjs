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
    // sizer: an 8B chat at 200,000 requests a day as Q4_K_M on vLLM needs RunPod's 4x RTX 5090
    // on its Secure Cloud (EUR 2,515 a month; community hosts no longer carry a 24/7 service by
    // default); with AWQ 4-bit weights one RTX 4090 (Database Mart's dedicated server)
    // serves it for EUR 352.41 (one L40S at EUR 406.62 before issue 26's vLLM efficiency).
    const { page, problems, context } = await openPage(site.browser, site.server,
      "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300");
    await page.locator("#verdict-cost").waitFor({ state: "visible", timeout: READY });
    assert.match(await page.locator("#verdict-offer").textContent(), /^RunPod 4x RTX 5090 \(Secure Cloud\)$/);
    // Beside the headline, in its own box with the button that takes it.
    assert.match(await page.locator("#cheaper-path").textContent(),
      /^A cheaper path: with AWQ 4-bit weights on vLLM instead of the GGUF file, the same load runs on 1 machine with 1× GeForce RTX 4090 \(Database Mart \(GPU Mart\) 1x RTX 4090 dedicated server\) for €352\.41 a month, 86% less\./);
    const button = page.locator("#take-cheaper-path");
    assert.equal((await button.textContent()).trim(), "Use AWQ 4-bit weights on vLLM");
    await button.click();
    await page.waitForFunction(
      () => /^Database Mart \(GPU Mart\) 1x RTX 4090 dedicated server$/.test(document.querySelector("#verdict-offer")?.textContent ?? ""),
      null, { timeout: READY });
    // Database Mart's price is marked approximate (its notes say so) before the amount.
    assert.equal((await page.locator("#verdict-cost").textContent()).trim(), "≈ €352.41 per month");
    await page.waitForFunction(() => /quant=awq4/.test(location.search), null, { timeout: 2_000 });
    // The path taken has no path of its own.
    assert.equal(await page.locator("#cheaper-path").count(), 0);
    expectNoProblems(problems);
    await context.close();
  });
});
