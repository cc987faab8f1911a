// Issue 30, items 3 and 4: a page a screen reader, a keyboard and a phone can use.
//  - axe-core (node_modules/axe-core, pinned in package.json) finds no critical, serious or
//    moderate violation on desktop English and on a 360 px phone in Spanish, in the default state
//    and with every panel (<details>) open;
//  - a new verdict is announced in one sentence from a small polite region, not by reading out the
//    whole results column; every explanation once shown only on hover opens by keyboard;
//  - below 600 px the comparison is a list of cards (offer, monthly cost, cost per million tokens,
//    whether it can serve or why not, machines) sorted like the table, with nothing cut off at
//    360 px, nor in the hosted APIs' cards; the counter says how many rows are drawn.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { collectProblems, expectNoProblems, ROOT, screenshot, withSite } from "./helpers.mjs";

const AXE = join(ROOT, "node_modules", "axe-core", "axe.min.js");
const READY = 20_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

/**
 * Opens `query` and waits for the verdict, the comparison's rows and the charts. The context
 * bypasses the page's Content-Security-Policy so that playwright's addScriptTag may inject
 * axe.min.js as an inline script (the app runs as under the policy: it has no inline script).
 */
async function open(site, query, { viewport = DESKTOP, locale = "en-US" } = {}) {
  const context = await site.browser.newContext({ viewport, locale, bypassCSP: true });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(site.server.url + (query ? `?${query}` : ""), { waitUntil: "load" });
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
  await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5, null, { timeout: READY });
  await page.locator("#apis-table").waitFor({ state: "attached", timeout: READY });
  await page.locator("#charts canvas").first().waitFor({ state: "attached", timeout: READY });
  return { context, page, problems };
}

/** Opens every <details> of the page, again until none is left closed (a panel may hold more). */
async function openEveryPanel(page) {
  for (let round = 0; round < 6; round++) {
    const opened = await page.evaluate(() => {
      const closed = [...document.querySelectorAll("details:not([open])")];
      for (const d of closed) d.open = true;
      return closed.length;
    });
    if (opened === 0) break;
    // The panels' contents are built on their toggle event, after this task.
    await page.waitForTimeout(400);
  }
  assert.equal(await page.locator("details:not([open])").count(), 0, "every panel open");
  // The charts' data tables are built when their panel opens.
  await page.waitForFunction(
    () => document.querySelectorAll(".chart details table").length === document.querySelectorAll(".chart details").length,
    null,
    { timeout: READY },
  );
}

/** axe-core's violations of impact critical, serious or moderate, each with a few of its nodes. */
async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
      count: v.nodes.length,
    }));
  });
  return violations.filter((v) => ["critical", "serious", "moderate"].includes(v.impact));
}

/**
 * Elements inside `scope` cut off: wider than the viewport or past its edges, or whose content
 * is wider than their box (scrollWidth over clientWidth). Hidden and visually hidden ones aside.
 */
const clipped = (page, scope) =>
  page.evaluate((scope) => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll(`${scope}, ${scope} *`)) {
      if (el.closest(".visually-hidden") || el.closest("svg")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().replace(/\s+/g, ".") : ""}`;
      const text = (el.textContent || "").trim().slice(0, 40);
      if (box.left < -0.5 || box.right > width + 0.5) out.push(`${name} spans ${box.left.toFixed(0)}..${box.right.toFixed(0)} of ${width}: "${text}"`);
      // A scroll region is allowed to scroll; what it holds is checked on its own.
      const scrolls = ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
      if (!scrolls && el.tagName !== "SELECT" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name} holds ${el.scrollWidth} px in ${el.clientWidth}: "${text}"`);
      }
    }
    return out;
  }, scope);

describe("accessible by default (axe-core, keyboard, screen reader)", () => {
  const site = withSite();

  for (const [name, query, options] of [
    ["desktop, English", "", { viewport: DESKTOP, locale: "en-US" }],
    ["phone (360 px), Spanish", "lang=es", { viewport: PHONE, locale: "es-ES" }],
  ]) {
    test(`axe-core: no serious or moderate violation on ${name}, by default and with every panel open`, async () => {
      const { page, problems, context } = await open(site, query, options);
      const atFirst = await axeViolations(page);
      assert.deepEqual(atFirst, [], `${name}, default state:\n${JSON.stringify(atFirst, null, 2)}`);
      await openEveryPanel(page);
      const allOpen = await axeViolations(page);
      assert.deepEqual(allOpen, [], `${name}, every panel open:\n${JSON.stringify(allOpen, null, 2)}`);
      expectNoProblems(problems);
      await context.close();
    });
  }

  test("a new verdict is announced in one sentence, politely; the results column is not a live region", async () => {
    const { page, problems, context } = await open(site, "model=llama-3.1-8b&quant=q4_k_m");
    assert.equal(await page.locator(".results").getAttribute("aria-live"), null);
    assert.equal(await page.locator("[aria-live]:not([aria-live='off'])").count(), 1, "one live region");
    const region = page.locator("#verdict-announcement");
    assert.equal(await region.getAttribute("role"), "status");
    assert.equal(await region.getAttribute("aria-live"), "polite");
    // Visually hidden, yet in the accessibility tree.
    const box = await region.boundingBox();
    assert.ok(box && box.width <= 1 && box.height <= 1, `hidden: ${JSON.stringify(box)}`);
    // sizer "model=llama-3.1-8b&quant=q4_k_m" (tests/verdict.rs): the card's hardware, offer and amount.
    const before = (await region.textContent()).trim();
    assert.match(before, /^Recommended: 1 machine with 1× GeForce RTX 5090 on RunPod 1x RTX 5090 \(Secure Cloud\), €[\d,.]+ per month\.$/);
    const cost = (await page.locator("#verdict-cost strong").textContent()).trim();
    assert.ok(before.includes(`, ${cost} per month.`), `${before} says the card's ${cost}`);
    // Another format: a new verdict, a new sentence (and only one).
    await page.locator("#quant").selectOption("fp16");
    await page.waitForFunction((old) => document.querySelector("#verdict-announcement").textContent.trim() !== old, before, {
      timeout: READY,
    });
    const after = (await region.textContent()).trim();
    assert.match(after, /^Recommended: .+ on .+, .+ per month\.$/);
    assert.ok(after.length < 200, `one short sentence: ${after}`);
    expectNoProblems(problems);
    await context.close();
  });

  test("explanations once shown on hover open by keyboard; no hover-only text is left", async () => {
    // Llama 3.3 70B in FP8 at 40 tokens/s: caveats (⚠) on usable rows and citations of every kind.
    const { page, problems, context } = await open(site, "model=llama-3.3-70b&quant=fp8");
    await page.locator("#show-all").click();
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 25);
    // No title= tooltip in the results (the presets' own explanations are the inputs' to show).
    const titled = await page.locator(".results [title]").evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(titled, []);
    assert.equal(await page.locator(".results span[aria-label]").count(), 0, "no aria-label on a span");
    const tips = page.locator(".results details.tip");
    assert.ok((await tips.count()) > 0, "explanations to open");
    const first = tips.first();
    const summary = first.locator("summary");
    await summary.focus();
    assert.equal(await summary.evaluate((s) => s === document.activeElement), true, "the mark takes focus");
    assert.equal(await first.evaluate((d) => d.open), false);
    await page.keyboard.press("Enter");
    assert.equal(await first.evaluate((d) => d.open), true, "Enter opens it");
    const text = first.locator(".tip-text");
    assert.ok(await text.isVisible());
    assert.ok((await text.textContent()).trim().length > 3);
    await page.keyboard.press("Enter");
    assert.equal(await first.evaluate((d) => d.open), false, "and closes it");
    // The scroll regions take focus and are named apart from their sections.
    const regions = await page.locator("[role=region]").evaluateAll((els) =>
      els.map((e) => [e.tabIndex, e.getAttribute("aria-labelledby")]),
    );
    for (const [tabIndex, labelledBy] of regions) {
      assert.equal(tabIndex, 0, `${labelledBy} focusable`);
      assert.ok(labelledBy.includes(" "), `${labelledBy}: the section's title and more`);
    }
    expectNoProblems(problems);
    await context.close();
  });

  test("the counter says how many rows are drawn", async () => {
    const { page, problems, context } = await open(site, "");
    const total = await page.evaluate(() => document.querySelectorAll("#options-table tbody tr").length);
    assert.equal(total, 25, "the first 25 rows");
    const count = (await page.locator("#comparison-count").textContent()).trim();
    const [, drawn, all] = count.match(/^Showing (\d+) of (\d+)$/);
    assert.equal(Number(drawn), 25);
    assert.ok(Number(all) > 25, count);
    await page.locator("#show-all").click();
    await page.waitForFunction((n) => document.querySelectorAll("#options-table tbody tr").length === n, Number(all));
    assert.equal((await page.locator("#comparison-count").textContent()).trim(), `Showing ${all} of ${all}`);
    expectNoProblems(problems);
    await context.close();
  });
});

describe("a table for a phone", () => {
  const site = withSite();

  test("at 360 px the comparison is cards sorted like the table, and nothing is cut off", async () => {
    const { page, problems, context } = await open(site, "lang=es", { viewport: PHONE, locale: "es-ES" });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scrolling: the page is ${width} px wide`);
    assert.match((await page.locator("#comparison-count").textContent()).trim(), /^Mostrando 25 de \d+$/);

    // A card: the offer across the top, then each figure under its label; the finer columns hidden.
    const cards = page.locator("#options-table tbody tr");
    const card = cards.first();
    assert.equal(await card.evaluate((tr) => getComputedStyle(tr).display), "grid");
    const offer = await card.locator("th").boundingBox();
    assert.ok(offer.width > PHONE.width * 0.7, `the offer spans the card: ${offer.width} px`);
    const labels = await card.locator("td").evaluateAll((tds) =>
      tds.filter((td) => td.getClientRects().length > 0).map((td) => getComputedStyle(td, "::before").content),
    );
    assert.deepEqual(labels, ['"Mensual"', '"Por millón de tokens"', '"Válida"', '"GPU"']);
    const monthly = async () =>
      cards.evaluateAll((trs) =>
        trs.map((tr) => Number(tr.children[1].textContent.replace(/[^\d,]/g, "").replace(",", "."))),
      );
    // Sorted like the table: the header row is the cards' sort buttons.
    const sort = page.locator("#sort-monthly");
    assert.ok(await sort.isVisible());
    await sort.click();
    await page.waitForFunction(() => document.querySelector("#sort-monthly").parentElement.getAttribute("aria-sort") === "ascending");
    const ascending = await monthly();
    assert.ok(ascending.length === 25 && ascending.every((x) => x > 0), `${ascending}`);
    assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b));
    // No clipped header, card, cell or text, in the comparison or in the hosted APIs' cards.
    assert.deepEqual(await clipped(page, "#comparison"), []);
    await page.locator("#apis-table tbody tr").first().waitFor({ state: "visible", timeout: READY });
    assert.equal(await page.locator("#apis-table tbody tr").first().evaluate((tr) => getComputedStyle(tr).display), "grid");
    assert.deepEqual(await clipped(page, "#apis"), []);
    // Opened explanations fit too.
    await page.evaluate(() => document.querySelectorAll("#comparison details.tip, #apis details.tip").forEach((d) => (d.open = true)));
    assert.deepEqual(await clipped(page, "#comparison"), []);
    assert.deepEqual(await clipped(page, "#apis"), []);
    await screenshot(page, "phone-cards");
    expectNoProblems(problems);
    await context.close();
  });
});
