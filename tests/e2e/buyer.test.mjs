// What a buyer would sign (issue 17): interruptible (spot, preemptible) capacity is the user's
// call. Every expected text below is what `sizer` prints for the same scenario (written against
// the DOM that src/ui/constraints.rs, verdict.rs and comparison_row.rs render).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#verdict-cost").waitFor({ state: "visible", timeout: READY });
}

// Run in the page with the pattern's source as its argument.
const offerIs = (source) =>
  new RegExp(source).test(document.querySelector("#verdict-offer")?.textContent ?? "");

describe("interruptible capacity", () => {
  const site = withSite();

  test("the spot checkbox changes the verdict and the link", async () => {
    // sizer: Kimi K2 is served on RunPod's 8x MI300X (12,267 EUR a month); with spot=1 Vultr's
    // preemptible 8x MI300X bare metal is cheaper (10,945 EUR, the 15% allowance included).
    const { page, problems, context } = await openPage(site.browser, site.server, "model=kimi-k2");
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /^RunPod /);
    // The spot rows stay in the table, with their reason.
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
    if (await page.locator("#show-all").count()) await page.locator("#show-all").click();
    const spotRow = page.locator('#options-table tr[data-offer="vultr-vbm-256c-2048gb-8-mi300x-gpu-spot"] td.fit-cell');
    assert.match(await spotRow.textContent(), /interruptible capacity \(spot\): allow interruptions in Constraints to use it/);

    await page.locator("#constraints > summary").click();
    await page.locator("#spot").waitFor();
    assert.equal(await page.locator("#spot").isChecked(), false);
    await page.locator("#spot").check();
    await page.waitForFunction(offerIs, "^Vultr ");
    await page.waitForFunction(() => /[?&]spot=1/.test(location.search));
    assert.match(await page.locator("#verdict").textContent(), /you allowed interruptions/);

    await page.locator("#spot").uncheck();
    await page.waitForFunction(offerIs, "^RunPod ");
    await page.waitForFunction(() => /[?&]spot=0/.test(location.search));
    expectNoProblems(problems);
    await context.close();
  });

  test("fine-tuning allows interruptions by default", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&task=lora");
    await verdictReady(page);
    await page.locator("#constraints > summary").click();
    await page.locator("#spot").waitFor();
    assert.equal(await page.locator("#spot").isChecked(), true);
    assert.doesNotMatch(page.url(), /spot=/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an embedding model's speed card shows requests, not tokens per user", async () => {
    // sizer: all-MiniLM-L6-v2 on Hetzner's CX23: 3.27 requests/s per copy, 1,674 tokens read
    // per second, 306 ms to answer a request; it generates no tokens.
    const { page, problems, context } = await openPage(site.browser, site.server, "model=all-minilm-l6-v2");
    await verdictReady(page);
    assert.equal((await page.locator("#speed-user").textContent()).trim(), "3.27 req/s");
    assert.equal((await page.locator("#speed-aggregate").textContent()).trim(), "1,674 tok/s");
    assert.equal((await page.locator("#speed-ttft").textContent()).trim(), "306 ms");
    assert.match(await page.locator("#speed").textContent(), /Time to answer a request/);
    assert.doesNotMatch(await page.locator("#speed").textContent(), /Time to first token/);
    assert.match(await page.locator("#verdict").textContent(), /An embedding model generates no tokens/);
    expectNoProblems(problems);
    await context.close();
  });
});
