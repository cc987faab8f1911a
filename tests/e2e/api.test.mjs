// The hosted-API baseline and honest prices (issue 17, items 5 and 6). Every expected text is
// what `sizer` prints for the same scenario (the report's `api_reference`, `api_verdict` and the
// recommendation's `price_note`), written against the DOM of src/ui/api_table.rs and verdict.rs.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

describe("hosted APIs beside the options", () => {
  const site = withSite();

  test("a 70B model at 5,000 requests a day shows the APIs with a price to check by hand", async () => {
    // DeepInfra sells Llama 3.3 70B at 0.10 / 0.32 USD per million input / output tokens. One
    // request of 1,000 prompt and 250 output tokens (the defaults): 1,000 x 0.10 / 10^6 +
    // 250 x 0.32 / 10^6 = 0.00018 USD; a month: 5,000 x 0.00018 x 365/12 = 27.375 USD, at the
    // catalogue's 1.16 USD per EUR = 23.60 EUR.
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "model=llama-3.3-70b&rpd=5000",
    );
    await verdictReady(page);
    const api = page.locator("#verdict-api");
    await api.waitFor({ state: "visible", timeout: READY });
    assert.match(
      await api.textContent(),
      /^A hosted API is cheaper: DeepInfra sells Llama 3\.3 70B at \$0\.10 \/ \$0\.32 per million input \/ output tokens, about €23\.60 a month at 5,000 requests a day: /,
    );
    assert.match(await api.textContent(), /Self-hosting gives in return: the data stays in your jurisdiction/);
    // A team's load: the API is the answer first, above the self-hosted price.
    const lead = page.locator("#verdict-lead");
    assert.match(await lead.textContent(), /^At this load a hosted API is the cheaper answer: DeepInfra serves Llama 3\.3 70B for about €23\.60 a month, \d+ times less than self-hosting/);
    const [leadBox, costBox] = [await lead.boundingBox(), await page.locator("#verdict-cost").boundingBox()];
    assert.ok(leadBox.y < costBox.y, "said before the price");

    const table = page.locator("#apis-table");
    await table.waitFor({ state: "visible", timeout: READY });
    assert.equal((await page.locator("#apis-title").textContent()).trim(), "Hosted APIs for Llama 3.3 70B");
    assert.equal((await page.locator("#apis-load").textContent()).trim(), "Monthly cost at 5,000 requests a day");
    const first = page.locator("#apis-table tbody tr").first();
    assert.equal(await first.getAttribute("data-api"), "DeepInfra");
    const cells = await first.locator("td").allTextContents();
    assert.equal(cells[0].trim(), "€23.60");
    assert.equal(cells[1].trim(), "$0.10 / $0.32");
    // At most five, plus the cheapest under EU law: Nebius (NL), 0.13 / 0.40 USD = €30.15.
    const rows = await page.locator("#apis-table tbody tr").count();
    assert.ok(rows >= 5 && rows <= 6, `${rows} rows`);
    const nebius = page.locator('#apis-table tr[data-api="Nebius AI Studio / Token Factory"] td').first();
    assert.equal((await nebius.textContent()).trim(), "€30.15");
    expectNoProblems(problems);
    await context.close();
  });

  test("with EU jurisdiction only APIs under EU law are shown, and the verdict compares with them", async () => {
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "model=llama-3.3-70b&rpd=5000&eu=1",
    );
    await verdictReady(page);
    await page.locator("#verdict-api").waitFor({ state: "visible", timeout: READY });
    assert.match(
      await page.locator("#verdict-api").textContent(),
      /^A hosted API is cheaper: Nebius AI Studio \/ Token Factory sells Llama 3\.3 70B at \$0\.13 \/ \$0\.40 per million input \/ output tokens, about €30\.15 a month .* the data stays on machines you control/,
    );
    await page.locator("#apis-table").waitFor({ state: "visible", timeout: READY });
    const providers = await page.locator("#apis-table tbody tr").evaluateAll((rows) =>
      rows.map((r) => r.getAttribute("data-api")),
    );
    assert.deepEqual(providers, [
      "Nebius AI Studio / Token Factory",
      "STACKIT Model Serving",
      "OVHcloud AI Endpoints",
      "Berget AI",
      "Regolo.ai",
    ]);
    expectNoProblems(problems);
    await context.close();
  });

  test("an approximate price is marked in the verdict with what it leaves out", async () => {
    // sizer: a LoRA job on Llama 3.1 8B runs on Salad's RTX 5090, whose GPU-only rate is priced
    // with its published add-ons: approximate, and the note says what it leaves out.
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&task=lora&train_tokens=50000000");
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /^Salad RTX 5090 32GB/);
    assert.match(await page.locator("#verdict-cost").textContent(), /≈/);
    assert.match(
      (await page.locator("#verdict-price-note").textContent()).trim(),
      /^Approximate price: a GPU-only rate with the provider's published vCPU and RAM add-ons priced in/,
    );
    expectNoProblems(problems);
    await context.close();
  });
});
