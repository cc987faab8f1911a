// The verdict names its question, and the first screen a person needs (issue 30, items 1, 2
// and 5): the scenario line on the card and on paper, the hosted API said first for a team of
// 30 people, the load and the EU and single-tenant constraints near the top of the inputs, the
// "your scenario" bar under the verdict on a phone that jumps to the inputs, the skip links, and
// Tab in the order a person sees. Expected texts are what `sizer` prints for the same links
// (written against the DOM of src/ui/app.rs, scenario_bar.rs, workload_inputs.rs, constraints.rs
// and the core's verdict card, src/markup.rs).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, screenshot, withSite } from "./helpers.mjs";

const READY = 20_000;
const PHONE = { width: 360, height: 800 };

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
  // The live card (not the pre-render) is on screen.
  await page.locator("#app #verdict").waitFor({ state: "attached", timeout: READY });
}

describe("the verdict's question and the first screen", () => {
  const site = withSite();

  test("a team of 30 people: the question above the amount, the hosted API said first", async () => {
    // sizer "users=30": 30 people chatting (the chat use case's share active and requests a
    // minute) make about 5,400 requests a day; DeepInfra serves Llama 3.3 70B for about €25 a
    // month, some 60 times less than the cheapest self-hosted option (RunPod's MI300X, €1,555).
    const { page, problems, context } = await openPage(site.browser, site.server, "users=30");
    await verdictReady(page);
    const question = page.locator("#verdict-question");
    assert.match(
      (await question.textContent()).trim(),
      /^Llama 3\.3 70B, BF16 on vLLM · 30 people \(chat\), about [\d,]+ requests a day \(1,000 \+ 250 tokens\), 24 h a day$/,
    );
    const lead = page.locator("#verdict-lead");
    assert.match(
      await lead.textContent(),
      /^At this load a hosted API is the cheaper answer: DeepInfra serves Llama 3\.3 70B for about €[\d.]+ a month, \d+ times less than self-hosting/,
    );
    const [q, l, cost] = [
      await question.boundingBox(),
      await lead.boundingBox(),
      await page.locator("#verdict-cost").boundingBox(),
    ];
    assert.ok(q.y < l.y && l.y < cost.y, "the question, then the API, then the price");
    expectNoProblems(problems);
    await context.close();
  });

  test("the load and the constraints a buyer states first sit near the top of the inputs", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "");
    await verdictReady(page);
    const top = async (sel) => (await page.locator(sel).first().boundingBox()).y;
    // The model, then the load (people, requests a day, hours), then where it may run, all
    // above the weight format; the EU and single-tenant boxes visible without opening a panel.
    const [model, users, rpd, hours, eu, single, format] = await Promise.all(
      ["#model-search, .model-picker", "#users", "#rpd", "#hours", "#eu", "#single-tenant", "#quant"].map(top),
    );
    assert.ok(model < users && users < eu && rpd < eu && hours < eu, "the load after the model, before the constraints");
    assert.ok(eu < format && single < format, "EU and single tenant above the weight format");
    assert.ok(await page.locator("#eu").isVisible(), "the EU box needs no panel opened");
    assert.ok(await page.locator("#single-tenant").isVisible());
    // Each typical load explains itself in visible text, not in a tooltip.
    const summary = page.locator("#preset-team_chat-summary");
    assert.ok(await summary.isVisible());
    assert.equal((await summary.textContent()).trim(), "5,000 requests a day, 1,000 tokens in, 250 out");
    // On a wide screen the inputs sit beside the verdict: no scenario bar.
    assert.equal(await page.locator("#scenario-bar").isVisible(), false);
    expectNoProblems(problems);
    await context.close();
  });

  test("on a phone: the verdict, a bar with the scenario that jumps to the inputs, then the inputs", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "users=30&eu=1", { viewport: PHONE });
    await verdictReady(page);
    const bar = page.locator("#scenario-bar");
    await bar.waitFor({ state: "visible", timeout: READY });
    const [verdict, barBox, inputs] = [
      await page.locator("#app #verdict").boundingBox(),
      await bar.boundingBox(),
      await page.locator("#inputs-title").boundingBox(),
    ];
    assert.ok(verdict.y + verdict.height <= barBox.y + 1, "the bar under the verdict");
    assert.ok(barBox.y < inputs.y, "the inputs follow the bar");
    assert.ok(inputs.y - (barBox.y + barBox.height) < 200, "and follow it closely, not after the charts");
    assert.equal(
      (await page.locator("#scenario-bar-line").textContent()).trim(),
      (await page.locator("#verdict-question").textContent()).trim(),
    );
    assert.match(await page.locator("#scenario-bar-line").textContent(), /· EU jurisdiction$/);
    // Nothing on the bar is cut off at 360 px.
    const overflow = await bar.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `the bar overflows by ${overflow}px`);
    await page.locator("#scenario-bar a").click();
    await page.waitForFunction(() => location.hash === "#inputs-title" || document.activeElement?.id === "inputs-title");
    const after = await page.locator("#inputs-title").boundingBox();
    assert.ok(after.y >= -1 && after.y < PHONE.height, `the inputs' heading on screen (y = ${after.y})`);
    await screenshot(page, "phone-scenario-bar");
    expectNoProblems(problems);
    await context.close();
  });

  test("skip links first for Tab, and Tab follows the order on screen", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "", { viewport: PHONE });
    await verdictReady(page);
    await page.keyboard.press("Tab");
    const skip = page.locator(".skip-links a").first();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to the verdict");
    assert.ok(await skip.isVisible(), "a focused skip link is on screen");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "verdict");
    // From the top, 30 stops of Tab go down the page, never back up (fields side by side share
    // a line; the skip links are above everything).
    await page.evaluate(() => {
      document.activeElement?.blur();
      window.scrollTo(0, 0);
    });
    await page.locator("h1").click();
    const seen = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          const r = el.getBoundingClientRect();
          return {
            y: r.top + window.scrollY,
            what: `${el.tagName.toLowerCase()}#${el.id}`,
            bar: !!el.closest("#scenario-bar"),
            input: !!el.closest(".inputs"),
          };
        }),
      );
    }
    for (let i = 1; i < seen.length; i++) {
      assert.ok(
        seen[i].y >= seen[i - 1].y - 8,
        `Tab went up the page: ${seen[i - 1].what} at ${seen[i - 1].y} then ${seen[i].what} at ${seen[i].y}`,
      );
    }
    // The settings, then the verdict's scenario bar, then the inputs (which follow it on screen).
    const bar = seen.findIndex((s) => s.bar);
    const firstInput = seen.findIndex((s) => s.input);
    assert.ok(seen.slice(0, 2).every((s) => s.what === "select#lang" || s.what === "select#cur"), JSON.stringify(seen.slice(0, 3)));
    assert.ok(bar > 1 && firstInput > bar, `the bar at stop ${bar}, the first input at ${firstInput}`);
    assert.ok(seen[firstInput].y < seen[bar].y + 400, "the inputs right under the bar");
    expectNoProblems(problems);
    await context.close();
  });

  test("printing carries the scenario line, the reasons and the chart's legend", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-70b&quant=q4_k_m");
    await verdictReady(page);
    await page.locator("#charts canvas").first().waitFor();
    await page.emulateMedia({ media: "print" });
    assert.ok(await page.locator("#verdict-question").isVisible(), "the question on paper");
    assert.match(await page.locator("#verdict-question").textContent(), /^Llama 3\.1 70B, Q4_K_M on vLLM/);
    const reasons = page.locator("#verdict .reasons li");
    assert.ok((await reasons.count()) >= 3);
    assert.ok(await reasons.first().isVisible(), "the reasons on paper");
    const legend = page.locator("#charts .chart-legend").first();
    assert.ok(await legend.isVisible(), "the chart's legend on paper");
    assert.ok((await legend.locator("li").count()) >= 1);
    assert.equal(await page.locator("#scenario-bar").isVisible(), false);
    assert.equal(await page.locator(".skip-links").isVisible(), false);
    expectNoProblems(problems);
    await context.close();
  });
});
