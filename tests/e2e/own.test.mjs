// Owned hardware (issue 18 item 1): "Include buying the hardware" adds bought-and-colocated
// options to the comparison and the cumulative chart, the verdict says how buying compares, the
// link keeps the choice, and the assumptions panel shows and edits every owned-hardware default.
// Every expected text below is what `sizer` prints for the same scenario (written against the
// DOM that src/ui/constraints.rs, own_assumptions.rs, verdict.rs, comparison_row.rs and
// charts.rs render).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;
// Llama 3.1 405B in FP8 on 8x H100: sizer's verdict is Denvr's 8x H100 SXM node (EUR 12,441 a
// month, a 2026-12-02 row); the HGX H100 server bought and colocated in Frankfurt costs EUR 8,283
// a month.
const SCENARIO = "model=llama-3.1-405b&quant=fp8&gpus=nvidia_h100_sxm";
const OWN_ROW = '#options-table tr[data-offer="own-hgx-h100-8x"]';
const BUYING =
  "Buying 8x H100 SXM server (HGX, Thinkmate quote) takes €275,259 up front and pays for itself against " +
  "renting Denvr Dataworks 8x H100 SXM node (per-GPU price x 8) in 151 weeks; over 36 months it costs " +
  "€298,681 (after selling it for €140,054) against €447,872 rented.";

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

async function tableReady(page) {
  await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 3, null, {
    timeout: READY,
  });
}

describe("owned hardware", () => {
  const site = withSite();

  test("the checkbox adds owned options, the verdict compares them, the chart shows the break-even", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, SCENARIO);
    await verdictReady(page);
    await tableReady(page);
    assert.equal(await page.locator(OWN_ROW).count(), 0, "no owned option without own=1");
    assert.doesNotMatch(await page.locator("#verdict").textContent(), /Buying /);

    await page.locator("#constraints > summary").click();
    await page.locator("#own").waitFor();
    assert.equal(await page.locator("#own").isChecked(), false);
    await page.locator("#own").check();
    await page.waitForFunction(() => /[?&]own=1(&|$)/.test(location.search));
    await page.locator(OWN_ROW).waitFor({ timeout: READY });
    // The headline stays the rental; the verdict says how buying compares, and why it is only
    // compared.
    assert.match(await page.locator("#verdict-offer").textContent(), /^Denvr Dataworks /);
    await page.waitForFunction((s) => document.querySelector("#verdict")?.textContent.includes(s), BUYING);
    assert.match(await page.locator("#verdict").textContent(), /Buying is compared, not recommended/);
    assert.match(await page.locator(OWN_ROW).textContent(), /€8,283/);

    // The cumulative chart: the purchase's cash line and its break-even against the rental.
    await page.locator("#chart-cumulative canvas").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (s) => document.querySelector("#chart-cumulative-summary")?.textContent.trim() === s,
      BUYING,
      { timeout: READY },
    );
    await page.locator("#chart-cumulative details > summary").click();
    await page.locator("#chart-cumulative table tbody tr").first().waitFor({ timeout: 5_000 });
    const head = await page.locator("#chart-cumulative table thead").textContent();
    assert.match(head, /8x H100 SXM server \(HGX, Thinkmate quote\)/);
    assert.match(head, /Denvr Dataworks 8x H100 SXM node/);
    // Month 0: the purchase and its setup, EUR 275,259.
    assert.match(await page.locator("#chart-cumulative table tbody tr").first().textContent(), /€275,259/);

    // Unticked: the owned options leave.
    await page.locator("#own").uncheck();
    await page.waitForFunction(() => !/[?&]own=1/.test(location.search));
    await page.waitForFunction((sel) => !document.querySelector(sel), OWN_ROW, { timeout: READY });
    expectNoProblems(problems);
    await context.close();
  });

  test("the link keeps the choice", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, `${SCENARIO}&own=1`);
    await verdictReady(page);
    await page.locator(OWN_ROW).waitFor({ timeout: READY });
    await page.locator("#constraints > summary").click();
    await page.locator("#own").waitFor();
    assert.equal(await page.locator("#own").isChecked(), true);
    assert.match(page.url(), /[?&]own=1(&|$)/);
    expectNoProblems(problems);
    await context.close();
  });

  test("the assumptions panel shows every owned-hardware default and edits it", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, `${SCENARIO}&own=1`);
    await verdictReady(page);
    await page.locator("#assumptions > summary").click();
    // sizer's own_assumptions: 48 months to a 35% residual, Frankfurt at EUR 155 per kW-month,
    // energy at EUR 0.1677 per kWh, operations EUR 987.07, setup EUR 1,982.76, no loan, each
    // server's own draw beyond its GPUs.
    const expected = {
      "#amort-months": "48",
      "#residual": "0.35",
      "#colo-kw": "155",
      "#own-kwh": "0.1677",
      "#ops": "987",
      "#setup": "1,983",
      "#finance": "0",
      "#overhead-w": "each server's own",
    };
    for (const [id, placeholder] of Object.entries(expected)) {
      await page.locator(id).waitFor();
      assert.equal(await page.locator(id).getAttribute("placeholder"), placeholder, id);
      assert.equal(await page.locator(id).inputValue(), "", `${id} empty: the default`);
    }
    assert.match(await page.locator(".own-assumptions legend").textContent(), /Frankfurt colocation/);
    // One control for the energy price: the general field gives way to the owned-hardware one,
    // which shows the site's rate as its default.
    assert.equal(await page.locator("#kwh-price").count(), 0, "one energy-price field with own=1");
    // 36 months: the residual follows the resale curve to 46%, the server is worth EUR 125,707
    // at the end of the horizon.
    await page.locator("#amort-months").fill("36");
    await page.locator("#amort-months").press("Tab");
    await page.waitForFunction(() => /[?&]amort_months=36(&|$)/.test(location.search));
    await page.waitForFunction(
      () => document.querySelector("#verdict")?.textContent.includes("over 36 months it costs €313,028 (after selling it for €125,707)"),
      null,
      { timeout: READY },
    );
    await page.waitForFunction(() => document.querySelector("#residual")?.getAttribute("placeholder") === "0.46");
    // A loan at 6% a year adds a financing line.
    await page.locator("#finance").fill("6");
    await page.locator("#finance").press("Tab");
    await page.waitForFunction(() => /[?&]finance=6(&|$)/.test(location.search));
    expectNoProblems(problems);
    await context.close();
  });
});
