// Quiet links (issue 30 item 7): the tracking parameters that sharing tools add to a link
// (utm_*, fbclid, gclid, ref) are ignored without a notice; an old link's "prices changed" is
// said once (the page had printed its own paragraph beside the report's warning of the same);
// Spanish addresses the reader as usted and translates the catalogue's words.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

describe("quiet links", () => {
  const site = withSite();

  // (The link the page writes drops them: Scenario::to_query, tests/scenario.rs.)
  test("tracking parameters produce no notice", async () => {
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "model=llama-3.1-8b&utm_source=newsletter&utm_medium=email&utm_campaign=dec&fbclid=IwAR0x&gclid=Cj0K&ref=hn",
    );
    await verdictReady(page);
    // The model in the link is read; nothing else is said about it.
    assert.match(await page.locator("#verdict").textContent(), /Llama 3\.1 8B/);
    assert.equal(await page.locator("#warnings").count(), 0, "no warnings list");
    const notices = await page.locator("#notices").textContent();
    assert.doesNotMatch(notices, /utm_|fbclid|gclid|ref\b/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an unknown parameter is still named, once", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&utm_source=x&foo=1");
    await verdictReady(page);
    const items = await page.locator("#warnings li").allTextContents();
    assert.equal(items.length, 1, items.join(" | "));
    assert.match(items[0], /foo/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an old link says the prices changed once", async () => {
    // asof=2001-01-01: the link was made against a catalogue of that date; the report warns.
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&asof=2001-01-01");
    await verdictReady(page);
    await page.locator("#warnings").waitFor({ state: "visible", timeout: READY });
    const text = await page.locator("#notices").textContent();
    const said = text.split("Prices have changed since this link was made").length - 1;
    assert.equal(said, 1, text);
    assert.match(text, /Prices have changed since this link was made \(2001-01-01\); they are now as of \d{4}-\d{2}-\d{2}\./);
    expectNoProblems(problems);
    await context.close();
  });

  test("Spanish: usted, and the catalogue's words translated", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&quant=fp8&lang=es");
    await verdictReady(page);
    assert.equal((await page.locator("#inputs-title").textContent()).trim(), "Su modelo y su carga");
    assert.match(await page.locator(".page-footer").textContent(), /Todo se calcula en su navegador; nada de lo que introduce se envía/);
    // The comparison's rows and the hosted APIs (sizer: OVHcloud's l40s-90 on monthly billing,
    // OpenRouter the aggregator).
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 0, null, { timeout: READY });
    const all = page.locator("#show-all");
    if (await all.count()) await all.click();
    const row = page.locator('#options-table tr[data-offer="ovhcloud-l40s-90-monthly-billing"]');
    assert.match(await row.textContent(), /l40s-90 \(facturación mensual\)/);
    assert.match(await page.locator("body").textContent(), /OpenRouter \(agregador\)/);
    assert.doesNotMatch(await page.locator("body").textContent(), /\((monthly billing|aggregator)\)/);
    expectNoProblems(problems);
    await context.close();
  });
});
