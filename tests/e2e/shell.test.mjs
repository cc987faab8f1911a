// Issue 19: the page before the wasm arrives, and the phone layout. The page is on screen (its
// frame, and for an address with no scenario the default scenario's verdict, written by the core
// at build time) while the wasm is held back; the live app then shows the same verdict, with
// nothing moving; a shared link never shows the verdict of another scenario; at 360 px no card or
// memory-table column is cut off. All under the strict CSP, with no console error.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  LEGACY_CSP,
  collectProblems,
  expectNoProblems,
  openPage,
  ROOT,
  screenshot,
  startServer,
  withSite,
} from "./helpers.mjs";

/** Waits for the app's own verdict (not the pre-rendered one). */
const liveVerdict = (page) => page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 60_000 });

const PHONE = { width: 360, height: 740 };

/** The verdict's texts, as a person reads them: every line the card shows. */
const verdictTexts = (page, scope) =>
  page.evaluate((scope) => {
    const card = document.querySelector(`${scope} #verdict`);
    if (!card) return null;
    const text = (sel) => card.querySelector(sel)?.textContent.replace(/\s+/g, " ").trim() ?? null;
    return {
      title: text("#verdict-title"),
      hardware: text("#verdict-hardware"),
      offer: text("#verdict-offer"),
      cost: text("#verdict-cost"),
      note: text("#verdict-price-note"),
      why: text("#verdict-why"),
      api: text("#verdict-api"),
      reasons: [...card.querySelectorAll(".reasons li")].map((li) => li.textContent.trim()),
      runnerUps: [...card.querySelectorAll("#runner-ups li")].map((li) => li.textContent.replace(/\s+/g, " ").trim()),
      asOf: text("#verdict-as-of"),
    };
  }, scope);

/**
 * Opens `query` with the files matching `hold` (by default every wasm module) held back until
 * `release()` is called: what the page shows before they arrive. Records which files the page
 * asked for, and the layout shifts from the start; waits for `ready` (the frame) unless null.
 */
async function openHeld(
  browser,
  server,
  query,
  { viewport = { width: 1280, height: 900 }, locale = "en-US", hold = "**/*.wasm", ready = "#shell h1" } = {},
) {
  const context = await browser.newContext({ viewport, locale });
  await context.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  let release;
  const held = new Promise((ok) => (release = ok));
  await context.route(hold, async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  const problems = collectProblems(page);
  const asked = [];
  page.on("request", (req) => asked.push(new URL(req.url()).pathname.split("/").pop()));
  await page.goto(server.url + (query ? `?${query}` : ""), { waitUntil: "domcontentloaded" });
  if (ready) await page.locator(ready).waitFor({ state: "visible", timeout: 20_000 });
  return { context, page, problems, release, asked };
}

/** The same with only the interface's module held: what the first module alone shows. */
const openFirstModuleOnly = (browser, server, query, options = {}) =>
  openHeld(browser, server, query, { ...options, hold: "**/split_mount_interface_*.wasm", ready: null });

describe("the page before the wasm arrives", () => {
  const site = withSite();

  for (const [locale, lang, title] of [["en-US", "en", "Verdict"], ["es-ES", "es", "Veredicto"]]) {
    test(`shows the default scenario's verdict at once, the same the live page shows (${lang})`, async () => {
      const { context, page, problems, release } = await openHeld(site.browser, site.server, "", { locale });
      assert.equal(await page.locator("#app").count(), 0, "the app is not running yet");
      assert.equal(await page.locator(`#shell [data-prerendered="${lang}"]`).count(), 1, "the pre-rendered verdict is shown");
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      const before = await verdictTexts(page, "#shell");
      const shellHtml = await page.locator("#shell #verdict").innerHTML();
      assert.equal(before.title, title);
      assert.ok(before.cost && /\d/.test(before.cost), `a cost: ${before.cost}`);
      await screenshot(page, `shell-${lang}`);
      release();
      await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 30_000 });
      assert.equal(await page.locator("#shell").count(), 0, "the app replaced the page shown before it");
      const after = await verdictTexts(page, "#app");
      assert.deepEqual(before, after, "the pre-rendered verdict is the live one");
      // Drawn by the same function: the same markup, not only the same words.
      // Leptos marks the section's (empty) view with a comment: not the card's markup.
      const live = (await page.locator("#app #verdict").innerHTML()).replace(/<!---->/g, "");
      assert.equal(live, shellHtml, "the pre-rendered card's markup is the live one's");
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift < 0.05, `layout shift ${shift} when the app mounts`);
      expectNoProblems(problems);
      await context.close();
    });
  }

  test("a shared link shows the frame but never the default's verdict", async () => {
    for (const query of ["model=llama-3.3-70b&quant=fp8", "ctx=65536", "lang=es&cur=USD", "lang=xx", "embed=1"]) {
      const { context, page, problems, release } = await openHeld(site.browser, site.server, query);
      assert.equal(await page.locator("[data-prerendered]").count(), 0, `${query}: no pre-rendered verdict`);
      assert.equal(await page.locator("#verdict-cost").count(), 0, `${query}: no cost before the app runs`);
      // The input panel's frame shows no value of the default scenario either.
      const values = await page.locator("#shell [data-default]").allInnerTexts();
      assert.deepEqual(values.filter((v) => v.trim()), [], `${query}: no default value in the frame`);
      release();
      await page.locator("#app #verdict").waitFor({ state: "visible", timeout: 30_000 });
      expectNoProblems(problems);
      await context.close();
    }
  });

  test("on a phone, the verdict comes first and nothing moves when the app mounts", async () => {
    const { context, page, problems, release } = await openHeld(site.browser, site.server, "", { viewport: PHONE });
    const top = await page.locator("#shell #verdict").boundingBox();
    assert.ok(top && top.y < PHONE.height / 2, `the verdict is at the top of the screen (y=${top?.y})`);
    release();
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 30_000 });
    const live = await page.locator("#app #verdict").boundingBox();
    assert.ok(Math.abs(live.y - top.y) < 2, `the verdict stays where it was (${top.y} -> ${live.y})`);
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift < 0.05, `layout shift ${shift}`);
    expectNoProblems(problems);
    await context.close();
  });
});

/** The card's content for `query` as the core draws it at build time (`prerender --card`). */
const coreCard = (query) =>
  execFileSync("cargo", ["run", "--quiet", "--offline", "--bin", "prerender", "--", "--card", query], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });

describe("the first paint in one round trip (issue 30 item 8)", () => {
  const site = withSite();

  test("the stylesheet and the frame come inlined in the page, allowed by their hashes", async () => {
    // Under the policy the build writes (dist/csp.txt, the hashes of the two inlined copies), the
    // page paints its styled frame from index.html alone: neither file is asked for, no policy
    // error, and the app starts as before.
    const { page, problems, context } = await (async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      const page = await context.newPage();
      const problems = collectProblems(page);
      const asked = [];
      page.on("request", (req) => asked.push(new URL(req.url()).pathname));
      await page.goto(site.server.url, { waitUntil: "load" });
      page.asked = asked;
      return { page, problems, context };
    })();
    await liveVerdict(page);
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--sizer-css").trim()), "1");
    assert.deepEqual(page.asked.filter((p) => /\/(main-[0-9a-f]+\.css|shell\.js)$/.test(p)), []);
    expectNoProblems(problems);
    await context.close();
  });

  test("a host that still sends the policy without the hashes gets the styled page and the verdict", async () => {
    // The older policy blocks the two inlined copies (the browser says so in the console): boot.js
    // then loads the stylesheet and the frame's script from their files, and the page is what it is
    // under the new policy.
    const legacy = await startServer({ csp: LEGACY_CSP });
    try {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(legacy.url + "?model=llama-3.1-8b&quant=q4_k_m", { waitUntil: "load" });
      await liveVerdict(page);
      assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--sizer-css").trim()), "1");
      assert.equal(await page.evaluate(() => window.__sizerShell), true);
      assert.match(await page.locator("#app #verdict-cost").textContent(), /€|\$/);
      const blocked = problems.filter((p) => /Content Security Policy/.test(p));
      assert.equal(blocked.length, 2, problems.join("\n"));
      expectNoProblems(problems.filter((p) => !blocked.includes(p)));
      await context.close();
    } finally {
      await legacy.close();
    }
  });
});

describe("a shared link's verdict from the first module (issue 30 item 8)", () => {
  const site = withSite();

  // A phone user's shared link (English, cheaper path and API comparison), a Spanish team link by
  // people, a dollar link with an ignored tracking parameter, a fine-tuning job.
  for (const [query, lang] of [
    ["model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300", "en"],
    ["model=llama-3.3-70b&quant=fp8&users=30&usecase=chat&lang=es", "es"],
    ["model=qwen3-32b&quant=awq4&rpd=5000&cur=USD&utm_source=newsletter", "en"],
    ["model=llama-3.1-8b&task=lora&train_tokens=50000000", "en"],
  ]) {
    test(`the card comes before the interface, as the live page draws it (${query})`, async () => {
      const { context, page, problems, release, asked } = await openFirstModuleOnly(site.browser, site.server, query);
      await page.locator("#shell #verdict-cost").waitFor({ state: "visible", timeout: 30_000 });
      assert.equal(await page.locator("#app").count(), 0, "the interface is not mounted yet");
      assert.equal(await page.locator(`#shell #verdict[data-prerendered="${lang}"]`).count(), 1, "the first module's card, in the link's language");
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      const before = await verdictTexts(page, "#shell");
      assert.ok(before.cost && /\d/.test(before.cost), `a cost: ${before.cost}`);
      assert.ok(before.reasons.length > 0, "with its reasons");
      const firstHtml = await page.locator("#shell #verdict").innerHTML();
      // Only the first module and the interface's have been asked for: no importer.
      assert.deepEqual(asked.filter((f) => /^split_import_/.test(f)), []);
      // The card moved the frame below it when it came (as the live card does); from here on,
      // nothing may move.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.evaluate(() => (window.__shift = 0));
      release();
      await liveVerdict(page);
      assert.equal(await page.locator("#shell").count(), 0, "the interface replaced the frame");
      const after = await verdictTexts(page, "#app");
      assert.deepEqual(before, after, "the first card is the live card");
      const live = (await page.locator("#app #verdict").innerHTML()).replace(/<!---->/g, "");
      assert.equal(live, firstHtml, "the same markup, not only the same words");
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift < 0.05, `layout shift ${shift} when the interface mounts`);
      expectNoProblems(problems);
      await context.close();
    });
  }

  test("a provider's catalogue is fetched: its verdict waits for the interface, no other verdict before", async () => {
    const { context, page, problems, release, asked } = await openFirstModuleOnly(
      site.browser,
      site.server,
      "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&embed=1&provider=Acme%20Metal&pick=provider&theme=light&accent=%23c2410c&catalog=demo-provider-catalog.json",
    );
    // The first module has run (it asked for the interface's module) and drew nothing.
    for (let i = 0; i < 300 && !asked.some((f) => /^split_mount_interface_/.test(f)); i++) await page.waitForTimeout(100);
    assert.ok(asked.some((f) => /^split_mount_interface_/.test(f)), "the first module ran");
    await page.waitForTimeout(300);
    assert.equal(await page.locator("#verdict-cost").count(), 0, "no verdict before the provider's catalogue");
    release();
    await page.waitForFunction(() => /Acme Metal/.test(document.querySelector("#app #verdict")?.textContent ?? ""), null, { timeout: 30_000 });
    expectNoProblems(problems);
    await context.close();
  });

  test("on a phone, the charts' module comes when a chart nears the screen, not with the page", async () => {
    const { context, page, problems, release, asked } = await openFirstModuleOnly(site.browser, site.server, "model=llama-3.1-8b", { viewport: PHONE });
    release();
    await liveVerdict(page);
    await page.waitForTimeout(500);
    assert.deepEqual(asked.filter((f) => /^split_charts\b/.test(f)), [], "no chart drawn off screen");
    await page.locator("#chart-cumulative canvas, canvas#chart-cumulative").first().scrollIntoViewIfNeeded();
    for (let i = 0; i < 100 && !asked.some((f) => /^split_charts\b/.test(f)); i++) await page.waitForTimeout(100);
    assert.equal(asked.filter((f) => /^split_charts\b/.test(f)).length, 1, "fetched once, when near the screen");
    // Drawn: the canvas is no longer blank.
    await page.waitForFunction(() => {
      const canvas = document.querySelector("#charts canvas");
      const data = canvas?.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      return data && data.some((v, i) => i % 4 === 3 && v > 0);
    }, null, { timeout: 20_000 });
    expectNoProblems(problems);
    await context.close();
  });

  test("a charts' module that does not arrive leaves the page working, the charts' data tables in place", async () => {
    const { context, page, problems, release } = await openFirstModuleOnly(site.browser, site.server, "model=llama-3.1-8b", { viewport: PHONE });
    await context.route("**/split_charts*.wasm", (route) => route.abort("internetdisconnected"));
    release();
    await liveVerdict(page);
    await page.locator("#charts").scrollIntoViewIfNeeded();
    await page.waitForTimeout(1_000);
    // No panic: the page still answers an edit, and each chart keeps its data table.
    assert.equal(await page.locator("#panic-panel").count(), 0, "no panic");
    await page.locator("#ctx").fill("131072");
    await page.waitForFunction(() => /ctx=131072/.test(location.search), null, { timeout: 10_000 });
    await page.locator("#memory-table").waitFor({ state: "attached", timeout: 10_000 });
    assert.match(await page.locator("#memory-table").textContent(), /131,072|131072/);
    assert.equal(await page.locator("#panic-panel").count(), 0, "no panic after the edit");
    assert.equal(await page.locator("#charts table, #charts details").count() > 0, true, "the charts' data tables");
    const unexpected = problems.filter((p) => !/split_charts|internetdisconnected|ERR_INTERNET_DISCONNECTED|Failed to fetch|TypeError/.test(p));
    expectNoProblems(unexpected);
    await context.close();
  });

  test("an importer's module that does not arrive is said in words, and the next import fetches it again", async () => {
    const { context, page, problems, release } = await openFirstModuleOnly(site.browser, site.server, "model=llama-3.1-8b&lang=es");
    release();
    await liveVerdict(page);
    // The network fails for the importer's module, once.
    let failures = 0;
    await context.route("**/split_import_config*.wasm", async (route) => {
      if (failures++ === 0) return route.abort("internetdisconnected");
      return route.continue();
    });
    const config = await readFile(join(ROOT, "tests", "data", "configs", "qwen2.5-7b.json"), "utf8");
    await page.locator("details.custom-model > summary").click();
    await page.locator("#config-json").fill(config);
    await page.locator("#config-apply").click();
    const error = page.locator(".config-import .notice.error");
    await error.waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await error.textContent(), /no se pudo cargar el importador/);
    // The page goes on: the verdict is still there, and trying again imports the model.
    assert.equal(await page.locator("#app #verdict-cost").count(), 1);
    await page.locator("#config-apply").click();
    await page.locator(".config-import .notice.ok").waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await page.locator(".config-import .notice.ok").textContent(), /Qwen/i);
    // The failed fetch is the only problem (the request, and the loader's console error).
    const unexpected = problems.filter((p) => !/split_import_config|internetdisconnected|ERR_INTERNET_DISCONNECTED|Failed to fetch|TypeError/.test(p));
    expectNoProblems(unexpected);
    await context.close();
  });

  test("an importer's module is fetched when a person imports, not with the page", async () => {
    const { context, page, problems, release, asked } = await openFirstModuleOnly(site.browser, site.server, "model=llama-3.1-8b");
    release();
    await liveVerdict(page);
    assert.deepEqual(asked.filter((f) => /^split_import_config\b/.test(f)), [], "not with the page");
    const config = await readFile(join(ROOT, "tests", "data", "configs", "qwen2.5-7b.json"), "utf8");
    await page.locator("details.custom-model > summary").click();
    await page.locator("#config-json").fill(config);
    await page.locator("#config-apply").click();
    await page.locator(".config-import .notice.ok").waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(asked.filter((f) => /^split_import_config\b/.test(f)).length, 1, "fetched once, on import");
    expectNoProblems(problems);
    await context.close();
  });
});

describe("one renderer for the card", () => {
  const site = withSite();

  // A Spanish shared link with an API comparison and a cheaper path; an English fine-tuning job
  // at an approximate price, with its runner-ups.
  for (const query of [
    "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300&lang=es",
    "model=llama-3.1-8b&task=lora&train_tokens=50000000&lang=en",
  ]) {
    test(`the live card is the markup the core draws (${query})`, async () => {
      const { context, page, problems } = await openPage(site.browser, site.server, query);
      await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 30_000 });
      // Leptos marks the section's (empty) view with a comment: not the card's markup.
      const live = (await page.locator("#app #verdict").innerHTML()).replace(/<!---->/g, "");
      // Read back through the browser's parser, as the page's own markup was.
      const drawn = await page.evaluate((html) => {
        const t = document.createElement("template");
        t.innerHTML = html;
        return t.innerHTML;
      }, coreCard(query));
      assert.equal(live, drawn);
      assert.ok(live.includes('id="verdict-why"'), "a verdict with its reasons");
      expectNoProblems(problems);
      await context.close();
    });
  }
});

describe("the phone layout at 360 px", () => {
  const site = withSite();

  test("no card is wider than the screen and no memory-table column is cut off", async () => {
    const context = await site.browser.newContext({ viewport: PHONE, locale: "en-US" });
    const page = await context.newPage();
    const problems = collectProblems(page);
    // A model with every memory term, so the table has its longest bases.
    await page.goto(`${site.server.url}?model=llama-3.3-70b&quant=fp8&ctx=32768`, { waitUntil: "load" });
    await page.locator("#app #memory-table").waitFor({ state: "visible", timeout: 30_000 });
    await page.locator("#comparison").waitFor({ state: "visible", timeout: 30_000 });
    const report = await page.evaluate(() => {
      const over = (el) => el.scrollWidth - el.clientWidth;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        cards: [...document.querySelectorAll(".card, .panel")]
          .filter((el) => el.getClientRects().length)
          .map((el) => ({ id: el.id || el.className, over: over(el) }))
          .filter((c) => c.over > 1),
        memory: over(document.querySelector(".memory-scroll")),
        // Each basis cell within the table's width, and its row no taller than its text needs.
        basis: [...document.querySelectorAll("#memory-table tbody tr")].map((tr) => {
          const cells = [...tr.children];
          const basis = cells[cells.length - 1].getBoundingClientRect();
          const figure = cells[1].getBoundingClientRect();
          return { below: basis.top >= figure.bottom - 1, right: basis.right, width: basis.width };
        }),
        tableRight: document.querySelector("#memory-table").getBoundingClientRect().right,
        scrollRight: document.querySelector(".memory-scroll").getBoundingClientRect().right,
      };
    });
    assert.ok(report.page <= 0, `the page scrolls sideways by ${report.page} px`);
    assert.deepEqual(report.cards, [], "cards wider than their box");
    assert.ok(report.memory <= 1, `the memory table is cut by ${report.memory} px`);
    for (const b of report.basis) {
      assert.ok(b.below, "the basis sits under the figure");
      assert.ok(b.right <= report.scrollRight + 1, "the basis is inside the card");
    }
    await screenshot(page, "phone-360");
    expectNoProblems(problems);
    await context.close();
  });
});
