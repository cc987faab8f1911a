// Issue 6: a shared link reproduces the answer. For a few links, the `sizer` command's JSON and
// the page opened on the same link must show the same verdict: offer, provider and monthly cost,
// and the same memory total.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, expectNoProblems, openPage, withSite } from "./helpers.mjs";

const LINKS = [
  "model=llama-3.1-8b&quant=q4_k_m&ctx=8192&lang=en",
  "model=qwen2.5-72b&quant=awq4&ctx=32768&seqs=8&rpd=200000&lang=en",
  "model=mixtral-8x7b&quant=fp8&eu=1&tenancy=single&cur=USD&lang=en",
];

/** What `sizer` prints for a link (the debug build `cargo test` made; built now if missing). */
function sizer(query) {
  const out = execFileSync("cargo", ["run", "--quiet", "--bin", "sizer", "--", "--compact", query], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

/** The first number in a text, read the English way ("€1,234.56" -> 1234.56). */
function numberIn(text) {
  const m = text.replace(/,/g, "").match(/-?\d+(\.\d+)?/);
  assert.ok(m, `no number in "${text}"`);
  return Number(m[0]);
}

describe("a shared link shows what sizer prints", () => {
  const site = withSite();

  for (const link of LINKS) {
    test(link, async () => {
      const expected = sizer(link);
      const v = expected.recommendation;
      assert.ok(v, "sizer recommends something for this link");
      const { page, problems, context } = await openPage(site.browser, site.server, link);
      await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
      const offer = (await page.locator("#verdict").textContent()) ?? "";
      assert.ok(offer.includes(v.provider), `the verdict names ${v.provider}: ${offer}`);
      const cost = numberIn((await page.locator("#verdict-cost").textContent()) ?? "");
      // The page rounds to whole units from 1,000 and to cents below.
      assert.ok(Math.abs(cost - v.monthly_cost) <= Math.max(0.01, v.monthly_cost * 0.0005) + 0.5,
        `monthly cost: page ${cost}, sizer ${v.monthly_cost}`);
      assert.ok(
        (await page.locator("#verdict-cost").textContent()).includes(expected.currency === "USD" ? "$" : "€"),
        "the verdict is in the link's currency",
      );
      // The memory total, in GiB or GB as the page writes it, within rounding of sizer's bytes.
      const memText = (await page.locator("#memory-total").textContent()) ?? "";
      const shown = numberIn(memText);
      const gib = expected.memory.total_bytes / 2 ** 30;
      const gb = expected.memory.total_bytes / 1e9;
      assert.ok(Math.abs(shown - gib) <= 0.06 * Math.max(1, gib) || Math.abs(shown - gb) <= 0.06 * Math.max(1, gb),
        `memory: page "${memText}", sizer ${gib.toFixed(2)} GiB`);
      expectNoProblems(problems);
      await context.close();
    });
  }
});

describe("the scenario file", () => {
  const site = withSite();

  test("exports the scenario and imports it back, through its query", async () => {
    const query = "model=llama-3.1-8b&quant=q4_k_m&ctx=32768&max_term=12&lang=en";
    const { page, problems, context } = await openPage(site.browser, site.server, query);
    await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#export-json").click()]);
    const path = await download.path();
    const file = JSON.parse(await readFile(path, "utf8"));
    // The canonical query, and each parameter under its URL key for a person to read.
    assert.equal(file.query, "v=6&model=llama-3.1-8b&quant=q4_k_m&ctx=32768&max_term=12&lang=en");
    assert.deepEqual(
      { model: file.model, quant: file.quant, ctx: file.ctx, max_term: file.max_term },
      { model: "llama-3.1-8b", quant: "q4_k_m", ctx: 32768, max_term: 12 },
    );
    // Back to the defaults, then the file brings the scenario back.
    await page.locator("#reset").click();
    await page.waitForFunction(() => !/ctx=32768/.test(location.search));
    await page.locator("#import-json").setInputFiles(path);
    await page.waitForFunction(() => /[?&]ctx=32768(&|$)/.test(location.search) && /[?&]max_term=12(&|$)/.test(location.search));
    // A hand-written file: URL parameters as keys.
    const handWritten = join(await mkdtemp(join(tmpdir(), "sizer-")), "mine.json");
    await writeFile(handWritten, JSON.stringify({ model: "qwen2.5-72b", ctx: 16384 }));
    await page.locator("#import-json").setInputFiles(handWritten);
    await page.waitForFunction(() => /[?&]model=qwen2\.5-72b(&|$)/.test(location.search) && /[?&]ctx=16384(&|$)/.test(location.search));
    // Not a scenario: refused in words, the scenario kept.
    const notOne = join(await mkdtemp(join(tmpdir(), "sizer-")), "not.json");
    await writeFile(notOne, "[1, 2, 3]");
    await page.locator("#import-json").setInputFiles(notOne);
    await page.locator(".share-bar .notice.error").waitFor({ state: "visible" });
    assert.match(page.url(), /model=qwen2\.5-72b/);
    expectNoProblems(problems);
    await context.close();
  });
});
