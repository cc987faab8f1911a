// Issue 7: privacy and injection. The page requests nothing from any origin but its own, and text
// from URLs, a config.json and catalogue names is shown as text, never run as script or HTML.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { collectProblems, expectNoProblems, launchBrowser, openPage, startServer } from "./helpers.mjs";

const PAYLOAD = `"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

describe("privacy and injection", () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("a whole journey requests nothing from any other origin", async () => {
    // Listen before the first request: a new page, then the address.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(server.url, { waitUntil: "load" });
    await page.locator("#verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    // Change the model, the format, the language and the currency, as a visitor would.
    await page.locator("#model").selectOption("llama-3.1-8b");
    await page.locator("#quant").selectOption("q4_k_m");
    await page.locator("#verdict-cost").waitFor({ state: "visible" });
    const origin = new URL(server.url).origin;
    const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:"));
    assert.deepEqual(foreign, [], "requests to other origins");
    assert.ok(requests.length > 0, "the page's own files were seen");
    // What a visitor types never leaves the page: no request carries the scenario.
    assert.ok(!requests.some((u) => u.includes("q4_k_m")), "the scenario was sent in a request");
    expectNoProblems(problems);
    await context.close();
  });

  test("HTML and script in a link's text parameters are shown as text", async () => {
    const q = new URLSearchParams({ provider: PAYLOAD, model: PAYLOAD, accent: PAYLOAD, catalog: "javascript:alert(1)" });
    const { page, problems, context } = await openPage(browser, server, q.toString());
    await page.locator("#verdict").waitFor({ state: "visible", timeout: 20_000 });
    await page.locator("#warnings").waitFor({ state: "visible", timeout: 5_000 });
    assert.equal(await page.evaluate(() => window.__pwned), undefined, "a payload ran");
    assert.equal(await page.locator("img[src='x']").count(), 0, "a payload became an element");
    // The refusal is explained in words.
    const warnings = await page.locator("#warnings").textContent();
    assert.ok(/not valid|unknown|ignored/i.test(warnings), warnings);
    expectNoProblems(problems.filter((p) => !/404|ERR_|Failed to load resource/.test(p)));
    await context.close();
  });

  test("HTML and script in a pasted config.json are shown as text", async () => {
    const { page, problems, context } = await openPage(browser, server, "model=llama-3.1-8b");
    await page.locator("#verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const config = {
      architectures: [PAYLOAD],
      model_type: PAYLOAD,
      hidden_size: 4096,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      intermediate_size: 14336,
      vocab_size: 128256,
      [PAYLOAD]: PAYLOAD,
    };
    await page.locator("details.custom-model > summary").click();
    await page.locator("#config-json").fill(JSON.stringify(config));
    await page.locator("#config-apply").click();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, "a payload ran");
    assert.equal(await page.locator("img[src='x']").count(), 0, "a payload became an element");
    expectNoProblems(problems);
    await context.close();
  });

  for (const [name, url] of [
    ["missing (404)", "no-such-catalog.json"],
    ["not JSON", "index.html"],
    ["JSON of the wrong schema", "embed-config.json"],
  ]) {
    test(`a provider catalogue that is ${name} leaves the built-in prices in use, with a notice`, async () => {
      const { page, problems, context } = await openPage(browser, server, `model=llama-3.1-8b&catalog=${url}`);
      const status = page.locator("#catalog-status.error");
      await status.waitFor({ state: "visible", timeout: 20_000 });
      assert.ok((await status.textContent()).trim().length > 10, "the notice says what happened");
      // The calculator keeps working on the built-in catalogue.
      await page.locator("#verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      // The 404 itself is the only problem the browser may report.
      expectNoProblems(problems.filter((p) => !/404|Failed to load resource/.test(p)));
      await context.close();
    });
  }
});
