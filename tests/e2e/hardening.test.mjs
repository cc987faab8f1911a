// Issue 7: privacy and injection. The page requests nothing from any origin but its own, and text
// from URLs, a config.json and catalogue names is shown as text, never run as script or HTML.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ROOT, collectProblems, expectNoProblems, openPage, withSite } from "./helpers.mjs";

const PAYLOAD = `"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
/** A second payload with no "/" (it can be a file name) and no quotes. */
const IMG_PAYLOAD = "<img src=x onerror=window.__pwned=3>";

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Asserts that no payload ran or became an element, and that the page reported no problem. */
async function expectNothingInjected(page, problems) {
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "a payload ran");
  assert.equal(await page.locator("img[src='x']").count(), 0, "a payload became an element");
  // The page's one inline script is its own frame's (public/shell.js, inlined by the build).
  assert.equal(await page.locator("script:not([src]):not(#shell-script)").count(), 0, "a script element was injected");
  assert.equal(await page.locator("a[href^='javascript:' i]").count(), 0, "a javascript: link was made");
  // A blocked inline script or handler is a console error ("Refused to execute ..."): none may appear.
  expectNoProblems(problems);
}

/**
 * Opens the app like openPage, but with `routes` ([[pattern, handler]]) installed on the context
 * before the first request, so the page's own fetches (the catalogue) can be held, failed or replaced.
 */
async function openRouted(browser, server, query, routes) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  for (const [pattern, handler] of routes) await context.route(pattern, handler);
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(`${server.url}?${query}`, { waitUntil: "load" });
  return { context, page, problems };
}

/** GGUF metadata value types (gguf.md): uint32 and string are all these files need. */
const GGUF_U32 = 4;
const GGUF_STRING = 8;

/**
 * A GGUF v3 header, the bytes the page reads: `metadata` as [key, string | number] pairs, `tensors`
 * as [name, dims, ggml type]. The same layout as tests/hostile_input.rs's tiny_gguf().
 */
function ggufHeader(metadata, tensors) {
  const parts = [];
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
  const u64 = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); };
  const str = (s) => { const b = Buffer.from(s, "utf8"); u64(b.length); parts.push(b); };
  parts.push(Buffer.from("GGUF"));
  u32(3);
  u64(tensors.length);
  u64(metadata.length);
  for (const [key, value] of metadata) {
    str(key);
    if (typeof value === "string") {
      u32(GGUF_STRING);
      str(value);
    } else {
      u32(GGUF_U32);
      u32(value);
    }
  }
  for (const [name, dims, type] of tensors) {
    str(name);
    u32(dims.length);
    dims.forEach(u64);
    u32(type);
    u64(0); // offset
  }
  return Buffer.concat(parts);
}

describe("privacy and injection", () => {
  const site = withSite();

  test("a whole journey requests nothing from any other origin", async () => {
    // Listen before the first request: a new page, then the address.
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(site.server.url, { waitUntil: "load" });
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    // Change the model, the format, the language and the currency, as a visitor would.
    await page.locator("#model").selectOption("llama-3.1-8b");
    await page.locator("#quant").selectOption("q4_k_m");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible" });
    const origin = new URL(site.server.url).origin;
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
    const { page, problems, context } = await openPage(site.browser, site.server, q.toString());
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
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
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
      const { page, problems, context } = await openPage(site.browser, site.server, `model=llama-3.1-8b&catalog=${url}`);
      const status = page.locator("#catalog-status.error");
      await status.waitFor({ state: "visible", timeout: 20_000 });
      assert.ok((await status.textContent()).trim().length > 10, "the notice says what happened");
      // The calculator keeps working on the built-in catalogue.
      await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      // The 404 itself is the only problem the browser may report.
      expectNoProblems(problems.filter((p) => !/404|Failed to load resource/.test(p)));
      await context.close();
    });
  }

  // The catalogue's route is held until the test has seen the page working without it.
  test("a slow provider catalogue: the built-in verdict at once, a progress notice, then the provider's prices", async () => {
    let release;
    const held = new Promise((ok) => (release = ok));
    let answered = false;
    const { page, problems, context } = await openRouted(
      site.browser,
      site.server,
      "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&catalog=demo-provider-catalog.json",
      [["**/demo-provider-catalog.json", async (route) => {
        await Promise.all([held, sleep(3_000)]); // at least 3 s, and until the checks below are done
        answered = true;
        await route.continue();
      }]],
    );
    // While the catalogue is on its way: a verdict from the built-in catalogue and a visible progress.
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const loading = page.locator("#catalog-status.info");
    await loading.waitFor({ state: "visible", timeout: 5_000 });
    assert.ok(await loading.locator("progress").isVisible(), "a progress bar is shown");
    assert.match(await loading.textContent(), /Loading the price catalogue of demo-provider-catalog\.json/);
    assert.equal(answered, false, "the catalogue had not arrived yet");
    assert.doesNotMatch(await page.locator("#verdict").textContent(), /Acme/, "the first verdict is the built-in one");
    assert.equal(await page.locator('tr[data-offer^="acme-metal-"]').count(), 0);
    release();
    // Once it arrives: the provider's offers, and the verdict recomputed on them (Acme's 4x L40S,
    // as tests/embed_protocol.rs works out for this scenario).
    const loaded = page.locator("#catalog-status.ok");
    await loaded.waitFor({ state: "visible", timeout: 20_000 });
    assert.ok(answered);
    // Named by its publisher, not by its address.
    assert.match(await loaded.textContent(), /Prices from Acme Metal\./);
    assert.doesNotMatch(await loaded.textContent(), /demo-provider-catalog\.json/);
    await page.locator('tr[data-offer^="acme-metal-"]').first().waitFor({ timeout: 5_000 });
    assert.match(await page.locator("#verdict").textContent(), /Acme Metal/);
    expectNoProblems(problems);
    await context.close();
  });

  test("a provider catalogue cut off by the network leaves the built-in prices in use, with a notice", async () => {
    const { page, problems, context } = await openRouted(
      site.browser,
      site.server,
      "model=llama-3.3-70b&quant=fp8&catalog=demo-provider-catalog.json",
      [["**/demo-provider-catalog.json", (route) => route.abort("internetdisconnected")]],
    );
    const status = page.locator("#catalog-status.error");
    await status.waitFor({ state: "visible", timeout: 20_000 });
    assert.match(await status.textContent(), /could not be loaded; showing the built-in prices/);
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    await page.locator("#show-all").click();
    assert.equal(await page.locator('tr[data-offer^="acme-metal-"]').count(), 0);
    // Hetzner is in the built-in catalogue only (not a reference offer a provider catalogue keeps).
    assert.ok((await page.locator('tr[data-offer^="hetzner-"]').count()) > 0, "the built-in offers stay");
    // The cut-off request itself is the only problem the browser may report.
    const cut = /ERR_INTERNET_DISCONNECTED/;
    assert.ok(problems.some((p) => cut.test(p)), "the request was cut off");
    expectNoProblems(problems.filter((p) => !cut.test(p)));
    await context.close();
  });

  test("a provider catalogue that never arrives is given up after 10 s, and a late answer is ignored", async () => {
    let release;
    const held = new Promise((ok) => (release = ok));
    const { page, problems, context } = await openRouted(
      site.browser,
      site.server,
      "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&catalog=demo-provider-catalog.json",
      [["**/demo-provider-catalog.json", async (route) => {
        await held;
        await route.continue().catch(() => {}); // the page may be gone by then
      }]],
    );
    const started = Date.now();
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    await page.locator("#catalog-status.info progress").waitFor({ state: "visible", timeout: 5_000 });
    const timedOut = page.locator("#catalog-status.error");
    await timedOut.waitFor({ state: "visible", timeout: 20_000 });
    const waited = Date.now() - started;
    assert.ok(waited >= 8_000, `gave up after ${waited} ms, before the 10 s timeout`);
    assert.match(await timedOut.textContent(), /did not arrive within 10 seconds; showing the built-in prices/);
    // The answer arrives after all: the page keeps what it said it shows.
    release();
    await page.waitForResponse("**/demo-provider-catalog.json", { timeout: 10_000 });
    await sleep(500);
    assert.equal(await page.locator("#catalog-status.error").count(), 1, "the timeout notice stays");
    assert.equal(await page.locator('tr[data-offer^="acme-metal-"]').count(), 0, "the late catalogue was not used");
    assert.doesNotMatch(await page.locator("#verdict").textContent(), /Acme/);
    expectNoProblems(problems);
    await context.close();
  });

  test("HTML and script in a GGUF file's metadata and tensor names are shown as text", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    await page.locator("details.custom-model > summary").click();
    const input = page.locator("#gguf-file");
    const outcome = page.locator(".gguf-open .notice");
    // A valid llama header whose name and one tensor's name (of a type the reader does not know,
    // so the page names it in a warning) carry the payloads; the file name carries one too.
    const llama = ggufHeader(
      [
        ["general.architecture", "llama"],
        ["general.name", PAYLOAD],
        ["llama.block_count", 2],
        ["llama.embedding_length", 256],
        ["llama.attention.head_count", 8],
        ["llama.feed_forward_length", 512],
        ["llama.vocab_size", 1000],
      ],
      [["token_embd.weight", [256, 1000], 1], [PAYLOAD, [256, 256], 999]],
    );
    await input.setInputFiles({ name: `${IMG_PAYLOAD}.gguf`, mimeType: "application/octet-stream", buffer: llama });
    await page.locator(".gguf-open .notice.ok").waitFor({ state: "visible", timeout: 10_000 });
    let text = await outcome.textContent();
    assert.ok(text.includes(`${IMG_PAYLOAD}.gguf (llama,`), `the file name is shown as text: ${text}`);
    assert.ok(text.includes(`tensor \`${PAYLOAD}\` has ggml type 999`), `the tensor name is shown as text: ${text}`);
    await expectNothingInjected(page, problems);
    // A second file whose architecture is the payload: shown in the outcome and its warnings.
    const hostileArch = ggufHeader([["general.architecture", PAYLOAD], ["general.name", IMG_PAYLOAD]], [["token_embd.weight", [64, 100], 1]]);
    await input.setInputFiles({ name: "second.gguf", mimeType: "application/octet-stream", buffer: hostileArch });
    await page.waitForFunction(() => document.querySelector(".gguf-open .notice")?.textContent.includes("second.gguf"), null, { timeout: 10_000 });
    text = await outcome.textContent();
    assert.ok(text.includes(`second.gguf (${PAYLOAD},`), `the architecture is shown as text: ${text}`);
    assert.ok(text.includes(`\`${PAYLOAD}.block_count\` missing`), `the warning quotes it as text: ${text}`);
    await expectNothingInjected(page, problems);
    await context.close();
  });

  test("HTML and script in a provider catalogue's names and sources are shown as text", async () => {
    const demo = JSON.parse(await readFile(join(ROOT, "public", "demo-provider-catalog.json"), "utf8"));
    const builtin = JSON.parse(await readFile(join(ROOT, "public", "catalog.json"), "utf8"));
    const l40s = builtin.gpus.find((g) => g.id === "nvidia_l40s");
    const hostile = {
      ...demo,
      publisher: PAYLOAD,
      // The provider's own GPU, whose name the table and verdict show.
      gpus: [{ ...l40s, id: "hostile_gpu", name: `${IMG_PAYLOAD} GPU`, source: PAYLOAD }],
      offers: demo.offers.map((o, i) => ({
        ...o,
        id: `hostile-${i}`,
        provider: PAYLOAD,
        name: `${IMG_PAYLOAD} offer ${i}`,
        region: PAYLOAD,
        cpu: PAYLOAD,
        gpu: i === 0 ? { id: "hostile_gpu", count: 1 } : o.gpu,
        // A source that looks like a link but runs script: it must not become one.
        source: i === 1 ? "javascript:window.__pwned=4" : PAYLOAD,
      })),
    };
    const { page, problems, context } = await openRouted(
      site.browser,
      site.server,
      "model=llama-3.1-8b&catalog=hostile-catalog.json",
      [["**/hostile-catalog.json", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(hostile) })]],
    );
    await page.locator("#catalog-status.ok").waitFor({ state: "visible", timeout: 20_000 });
    const showAll = page.locator("#show-all");
    if (await showAll.count()) await showAll.click();
    const rows = page.locator('tr[data-offer^="hostile-"]');
    await rows.first().waitFor({ timeout: 10_000 });
    assert.equal(await rows.count(), 3, "every hostile offer is listed");
    const row0 = await page.locator('tr[data-offer="hostile-0"]').textContent();
    assert.ok(row0.includes(PAYLOAD), `the provider name is shown as text: ${row0}`);
    assert.ok(row0.includes(`${IMG_PAYLOAD} offer 0`), `the offer name is shown as text: ${row0}`);
    assert.ok(row0.includes(`${IMG_PAYLOAD} GPU`), `the GPU name is shown as text: ${row0}`);
    const row1 = await page.locator('tr[data-offer="hostile-1"]').textContent();
    assert.ok(row1.includes("javascript:window.__pwned=4"), `the source is shown as text: ${row1}`);
    await expectNothingInjected(page, problems);
    await context.close();
  });
});
