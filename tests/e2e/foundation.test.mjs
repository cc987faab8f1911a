// Foundation: the release build in dist/ starts in Chromium from a sub-path and inside an iframe,
// under a strict Content-Security-Policy, without a console error or a panic.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { collectProblems, expectNoProblems, openPage, screenshot, withSite } from "./helpers.mjs";

describe("the built site", () => {
  const site = withSite();

  test("shows its title from a sub-path, with no console error or panic", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server);
    const title = page.locator("h1");
    await title.waitFor({ state: "visible", timeout: 20_000 });
    assert.equal((await title.innerText()).trim(), "Inference Sizer");
    assert.equal(await page.title(), "Inference Sizer");
    // Every asset came relative to the page, from under the sub-path.
    const outside = site.server.requests.filter((p) => !p.startsWith("/sizer/"));
    assert.deepEqual(outside, [], "requests outside the sub-path");
    assert.ok(site.server.requests.some((p) => p.endsWith(".wasm")), "the wasm module was fetched");
    const shot = await screenshot(page, "foundation");
    assert.ok(shot.endsWith("foundation.png"));
    expectNoProblems(problems);
    await context.close();
  });

  test("asks for the offers' citations once interactive, and shows them in the comparison", async () => {
    // The compiled-in catalogue leaves the offers' sources out of the first load (build.rs);
    // catalog-sources.json, written beside the page, brings them back (src/catalog/sources.rs).
    const seen = site.server.requests.length;
    const { page, problems, context } = await openPage(site.browser, site.server);
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
    // Every row's source cell ends as a citation (a link to its page, or its text), never the
    // stand-in link to catalog.json.
    await page.waitForFunction(() => !document.querySelector("#options-table a.source-file"), null, { timeout: 20_000 });
    const cells = await page.locator("#options-table tbody tr").evaluateAll((rows) =>
      rows.map((r) => r.querySelector("a[href^='http'], .source-note") !== null),
    );
    assert.ok(cells.length > 5 && cells.every(Boolean), `citations in every row: ${cells}`);
    // This page's requests: the citations come after the wasm, once.
    const requests = site.server.requests.slice(seen);
    const wasm = requests.findIndex((p) => p.endsWith(".wasm"));
    const sources = requests.findIndex((p) => p.endsWith("/catalog-sources.json"));
    assert.ok(wasm >= 0 && sources > wasm, `the citations are asked for after the wasm: ${requests}`);
    assert.equal(requests.filter((p) => p.endsWith("/catalog-sources.json")).length, 1);
    expectNoProblems(problems);
    await context.close();
  });

  test("without the citations file the comparison links each source to catalog.json", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "", {
      initScript: () => {
        // The host did not publish catalog-sources.json: the request answers 404.
        const real = window.fetch;
        window.fetch = (input, init) =>
          String(input?.url ?? input).endsWith("catalog-sources.json")
            ? Promise.resolve(new Response("not found", { status: 404 }))
            : real(input, init);
      },
    });
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
    await page.waitForTimeout(500);
    const links = await page.locator("#options-table a.source-file").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.ok(links.length > 5 && links.every((h) => h === "catalog.json"), `links: ${links}`);
    expectNoProblems(problems);
    await context.close();
  });

  test("starts inside an iframe on another page", async () => {
    // The host page lives on another origin (another port), as a provider's site would.
    const host = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>host</title><iframe src="${site.server.url}" width="900" height="600" title="sizer"></iframe>`);
    });
    await new Promise((ok) => host.listen(0, "127.0.0.1", ok));
    try {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`http://127.0.0.1:${host.address().port}/`);
      const frame = page.frameLocator("iframe");
      await frame.locator("h1").waitFor({ state: "visible", timeout: 20_000 });
      assert.equal((await frame.locator("h1").innerText()).trim(), "Inference Sizer");
      expectNoProblems(problems);
      await context.close();
    } finally {
      await new Promise((ok) => host.close(ok));
    }
  });

  test("the harness itself notices a console error and an uncaught exception", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server);
    await page.locator("h1").waitFor();
    await page.evaluate(() => console.error("deliberate error"));
    await page.evaluate(() => setTimeout(() => { throw new Error("deliberate throw"); }, 0));
    await page.waitForTimeout(100);
    assert.equal(problems.length, 2, problems.join("\n"));
    assert.match(problems[0], /deliberate error/);
    assert.match(problems[1], /deliberate throw/);
    assert.throws(() => expectNoProblems(problems), /deliberate error/);
    await context.close();
  });
});
