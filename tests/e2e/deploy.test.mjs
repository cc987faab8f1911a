// Recommendations one can deploy (issue 14): the verdict and the comparison say how the copies of
// the model sit on machines, the memory card says the KV cache in flight and at full context in
// one line, and an engine that cannot run on a GPU says why. Every expected text below is what
// `sizer` prints for the same scenario (written against the DOM that src/ui/verdict.rs,
// comparison_row.rs and memory_table.rs render).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

async function showAll(page) {
  await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
  if (await page.locator("#show-all").count()) await page.locator("#show-all").click();
}

describe("deployable recommendations", () => {
  const site = withSite();

  test("the verdict and the table show replicas and machines in words", async () => {
    // sizer: 2,000,000 requests a day of Llama 3.1 8B on H100 SXM: 8 replicas, each on one GPU;
    // an 8-GPU machine (RunPod's pod) runs 8 copies side by side.
    const { page, problems, context } = await openPage(
      site.browser, site.server, "model=llama-3.1-8b&rpd=2000000&gpus=nvidia_h100_sxm");
    await verdictReady(page);
    const hardware = (await page.locator("#verdict-hardware").textContent()).trim();
    assert.match(hardware, /^\d+ replicas, each 1× H100 SXM \(80GB\), on \d+ machines?$/);
    // The reason names the limit that set the copies and each copy at the peak (its concurrency
    // from the rate).
    assert.match(await page.locator("#verdict").textContent(), /The load needs \d+ replicas: .*?; each copy takes [\d.]+ requests\/s at peak, [\d.]+ of its \d+ sequences at once/);
    await showAll(page);
    const box = page.locator('#options-table tr[data-offer="runpod-8x-h100-sxm-pod"] td.gpus');
    assert.equal((await box.textContent()).trim(), "8 replicas, each 1× H100 SXM (80GB), on 1 machine");

    expectNoProblems(problems);
    await context.close();
    // One copy of the default model (Llama 3.3 70B in FP8) split over the GPUs of one machine
    // (sizer: RunPod's 2x MI300X, tensor parallel 2), in Spanish.
    const es = await openPage(site.browser, site.server, "lang=es");
    await verdictReady(es.page);
    assert.equal((await es.page.locator("#verdict-hardware").textContent()).trim(),
      "1 máquina con 2× Instinct MI300X, paralelismo tensorial 2");
    expectNoProblems(es.problems);
    await es.context.close();
  });

  test("the memory card shows the KV cache in flight and at full context", async () => {
    // sizer: 16 requests x 1,250 tokens = 20,000 tokens in flight; 16 x 8,192 full contexts of
    // Llama 3.3 70B at 327,680 B a token would be 40.0 GiB.
    const { page, problems, context } = await openPage(site.browser, site.server, "");
    await verdictReady(page);
    const kv = page.locator("#memory-table tbody tr").filter({ hasText: "tokens in flight" });
    // The verdict can be the pre-rendered one: wait for the live memory table's row.
    await kv.first().waitFor({ timeout: READY });
    assert.equal(await kv.count(), 1);
    assert.match(await kv.textContent(),
      /sized for 20,000 tokens in flight \(16 requests x 1,250 prompt and output tokens, at least one request at the full context\) x 327,680 B\/token; if every request used its full 8,192-token context: 40\.0 GiB/);
    // The memory card chooses what the KV cache is sized for; the link carries it.
    assert.equal(await page.locator("#kv-basis").inputValue(), "inflight");
    await page.locator("#kv-basis").selectOption("full");
    await page.waitForFunction(() => /kv_basis=full/.test(location.search), null, { timeout: 2_000 });
    await page.waitForFunction(
      () => /327,680 B\/token x 8,192 tokens x 16 sequences/.test(document.querySelector("#memory-table")?.textContent ?? ""),
      null, { timeout: 5_000 });
    expectNoProblems(problems);
    await context.close();
    // A v=1 link sized every sequence at its full context, and still does (a page of its own:
    // navigating this one would abort its icon's request, which the problem log counts).
    const v1 = await openPage(site.browser, site.server, "v=1");
    await verdictReady(v1.page);
    assert.match(await v1.page.locator("#memory-table").textContent(), /327,680 B\/token x 8,192 tokens x 16 sequences/);
    assert.equal(await v1.page.locator("#kv-basis").inputValue(), "full");
    expectNoProblems(v1.problems);
    await v1.context.close();
  });

  test("an impossible engine and GPU choice shows why", async () => {
    // sizer: TensorRT-LLM on MI300X only: no verdict, and each MI300X row says why.
    const { page, problems, context } = await openPage(
      site.browser, site.server, "model=llama-3.1-8b&engine=trtllm&gpus=amd_mi300x");
    await page.locator("#verdict .no-verdict").waitFor({ timeout: READY });
    await showAll(page);
    // (Not a spot row: those also say that interruptions are not allowed.)
    const row = page.locator('#options-table tr[data-offer="runpod-1x-mi300x"]');
    assert.equal((await row.locator(".fit-cell").textContent()).trim(), "TensorRT-LLM runs on NVIDIA GPUs only");
    assert.equal(await row.getAttribute("class"), "no-fit");
    assert.match(await page.locator("#notices").textContent(), /TensorRT-LLM runs on NVIDIA GPUs only/);
    expectNoProblems(problems);
    await context.close();
  });
});
