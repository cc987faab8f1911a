// Issue 27: a hybrid Mamba model's config pasted in the page is sized with its state (the KV
// cache term says it) and its warnings in the reader's language; a refused architecture is
// refused in words; `chunk=0` stays in the link.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ROOT, expectNoProblems, openPage, withSite } from "./helpers.mjs";

async function pasteConfig(page, text) {
  await page.locator("details.custom-model > summary").click();
  await page.locator("#config-json").fill(text);
  await page.locator("#config-apply").click();
}

describe("config import of today's architectures", () => {
  const site = withSite();

  test("a Granite-4.0-H config shows its Mamba state in the KV cache term", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&ctx=32768");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const config = await readFile(join(ROOT, "tests", "data", "cases", "granite-4.0-h-tiny.json"), "utf8");
    await pasteConfig(page, config);
    // The link carries the Mamba layers (36 of 40) and the KV cache is that of 4 layers.
    await page.waitForFunction(() => /mamba_layers=36/.test(location.search), null, { timeout: 20_000 });
    const kvRow = page.locator("#memory-table tbody tr").filter({ hasText: "Mamba state" });
    await kvRow.waitFor({ state: "visible", timeout: 20_000 });
    const basis = (await kvRow.textContent()).replace(/\s+/g, " ");
    assert.match(basis, /linear-attention or Mamba state per sequence/);
    expectNoProblems(problems);
    await context.close();
  });

  test("a Gemma-3n config names what it does not count, in Spanish too", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&lang=es");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const config = await readFile(join(ROOT, "tests", "data", "cases", "gemma-3n-e4b.json"), "utf8");
    await pasteConfig(page, config);
    const notice = page.locator(".config-import .notice.ok");
    await notice.waitFor({ state: "visible", timeout: 20_000 });
    const text = await notice.textContent();
    assert.match(text, /`altup_num_inputs`: no se modela; los pesos pueden quedar cortos/);
    assert.match(text, /`laurel_rank`: no se modela/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an architecture it cannot size is refused in words, and the model stays as it was", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const config = await readFile(join(ROOT, "tests", "data", "configs", "lfm2-1.2b.json"), "utf8");
    await pasteConfig(page, config);
    const error = page.locator(".config-import .notice.error");
    await error.waitFor({ state: "visible", timeout: 20_000 });
    assert.match(await error.textContent(), /is not sized: it has layers of kind `conv/);
    assert.match(page.url(), /model=llama-3\.1-8b/);
    assert.doesNotMatch(page.url(), /name=/);
    expectNoProblems(problems);
    await context.close();
  });

  test("chunk=0 stays in the link: Maverick without its chunked attention", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-4-maverick&chunk=0");
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    assert.match(page.url(), /chunk=0/);
    expectNoProblems(problems);
    await context.close();
  });
});
