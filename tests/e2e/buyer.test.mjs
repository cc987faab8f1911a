// What a buyer would sign (issue 17): interruptible (spot, preemptible) capacity is the user's
// call. Every expected text below is what `sizer` prints for the same scenario (written against
// the DOM that src/ui/constraints.rs, verdict.rs and comparison_row.rs render).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

// Run in the page with the pattern's source as its argument.
const offerIs = (source) =>
  new RegExp(source).test(document.querySelector("#verdict-offer")?.textContent ?? "");

describe("interruptible capacity", () => {
  const site = withSite();

  test("the spot checkbox changes the verdict and the link", async () => {
    // sizer: a 70B in FP8 on GH200s is served on Lambda's GH200 (1,478 EUR a month); with spot=1
    // Vultr's preemptible GH200 (1,477 EUR, the 15% allowance included) is the cheaper.
    const q = "model=llama-3.3-70b&quant=fp8&gpus=nvidia_gh200";
    const { page, problems, context } = await openPage(site.browser, site.server, q);
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /^Lambda /);
    // The spot row stays in the table, with its reason.
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 1);
    if (await page.locator("#show-all").count()) await page.locator("#show-all").click();
    const spotRow = page.locator('#options-table tr[data-offer="vultr-vbm-72c-480gb-gh200-gpu-spot"] td.fit-cell');
    assert.match(await spotRow.textContent(), /interruptible capacity \(spot\): allow interruptions in Constraints to use it/);

    await page.locator("#constraints > summary").click();
    await page.locator("#spot").waitFor();
    assert.equal(await page.locator("#spot").isChecked(), false);
    await page.locator("#spot").check();
    await page.waitForFunction(offerIs, "^Vultr ");
    await page.waitForFunction(() => /[?&]spot=1/.test(location.search));
    assert.match(await page.locator("#verdict").textContent(), /you allow/);

    await page.locator("#spot").uncheck();
    await page.waitForFunction(offerIs, "^Lambda ");
    await page.waitForFunction(() => /[?&]spot=0/.test(location.search));
    expectNoProblems(problems);
    await context.close();
  });

  test("the longest commitment accepted changes the verdict and the link", async () => {
    // sizer: the prompt-heavy RAG load goes to Vultr's 8x B200 on a 36-month term (14,550 EUR a
    // month); with max_term=12, to RunPod's 4x B300 (19,898 EUR; Hot Aisle's 8x MI300X at 20,095
    // EUR between the attention kernels' KV read and the expert exchange's fitted cost, which
    // moved vLLM's factor from 1.07 to 1.11), and the Vultr row says why.
    // With 32 sequences on every copy (`conc=stated`, a link's meaning before version 4).
    const rag = "model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32&conc=stated";
    const { page, problems, context } = await openPage(site.browser, site.server, rag);
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /^Vultr /);
    // The committed headline says what it binds, and the best option without the term, in the card.
    const commitment = await page.locator("#verdict-commitment").textContent();
    assert.match(commitment, /^Think twice about the term: the load uses 24% of this capacity, and a 36-month minimum term/);
    assert.match(commitment, /Without a commitment, the best option is RunPod 4x B300 SXM6 \(Secure Cloud\) at €19,898 a month: the term saves €5,348 a month\./);
    await page.locator("#constraints > summary").click();
    await page.locator("#max-term").waitFor();
    assert.equal(await page.locator("#max-term").getAttribute("placeholder"), "any");
    await page.locator("#max-term").fill("12");
    await page.locator("#max-term").press("Tab");
    await page.waitForFunction(() => /[?&]max_term=12(&|$)/.test(location.search));
    await page.waitForFunction(offerIs, "^RunPod 4x B300 ");
    // No term, no commitment box.
    assert.equal(await page.locator("#verdict-commitment").count(), 0);
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
    if (await page.locator("#show-all").count()) await page.locator("#show-all").click();
    const vultr = page.locator('#options-table tr[data-offer="vultr-vbm-256c-3072gb-8-b200-gpu"] td.fit-cell');
    assert.match(await vultr.textContent(), /a 36-month minimum term, longer than the 12 months accepted/);
    expectNoProblems(problems);
    await context.close();
  });

  test("the community checkbox changes the verdict and the link", async () => {
    // sizer 'model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000' (issue 29): a team's 70B around the
    // clock goes to Hetzner's GEX63 (one RTX PRO 6000 Blackwell Max-Q on bare metal, 1,025 EUR a
    // month); with community=1 to RunPod's 4x RTX 4090 (Community Cloud, 892.45 EUR), hosts
    // without a datacentre SLA.
    const team = "model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000";
    const { page, problems, context } = await openPage(site.browser, site.server, team);
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /^Hetzner GEX63$/);
    // The community rows stay in the table, with their reason.
    await page.waitForFunction(() => document.querySelectorAll("#options-table tbody tr").length > 5);
    if (await page.locator("#show-all").count()) await page.locator("#show-all").click();
    const row = page.locator('#options-table tr[data-offer="runpod-4x-rtx-4090-community-cloud"] td.fit-cell');
    assert.match(await row.textContent(), /community hosts \(individuals' hardware\) without a datacentre SLA, for a 24\/7 service: allow them in Constraints to use them/);

    await page.locator("#constraints > summary").click();
    await page.locator("#community").waitFor();
    assert.equal(await page.locator("#community").isChecked(), false);
    await page.locator("#community").check();
    await page.waitForFunction(offerIs, "RTX 4090 \\(Community Cloud\\)");
    await page.waitForFunction(() => /[?&]community=1(&|$)/.test(location.search));

    await page.locator("#community").uncheck();
    await page.waitForFunction(offerIs, "^Hetzner GEX63$");
    await page.waitForFunction(() => !/[?&]community=/.test(location.search));
    expectNoProblems(problems);
    await context.close();
  });

  test("a link made before version 3 keeps community hosts as it showed them", async () => {
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "v=2&model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000",
    );
    await verdictReady(page);
    assert.match(await page.locator("#verdict-offer").textContent(), /RTX 4090 \(Community Cloud\)/);
    await page.locator("#constraints > summary").click();
    await page.locator("#community").waitFor();
    assert.equal(await page.locator("#community").isChecked(), true);
    expectNoProblems(problems);
    await context.close();
  });

  test("fine-tuning allows interruptions by default", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&task=lora");
    await verdictReady(page);
    await page.locator("#constraints > summary").click();
    await page.locator("#spot").waitFor();
    assert.equal(await page.locator("#spot").isChecked(), true);
    assert.doesNotMatch(page.url(), /spot=/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an embedding model's speed card shows requests, not tokens per user", async () => {
    // sizer: all-MiniLM-L6-v2 with a lax 2 s target (its default is 200 ms, which shared vCPUs
    // cannot promise) on Hetzner's CX23: 3.27 requests/s per copy, 1,674 tokens read per second,
    // 306 ms to answer a request; it generates no tokens.
    const { page, problems, context } = await openPage(site.browser, site.server, "model=all-minilm-l6-v2&ttft=2000");
    await verdictReady(page);
    assert.equal((await page.locator("#speed-user").textContent()).trim(), "3.27 req/s");
    assert.equal((await page.locator("#speed-aggregate").textContent()).trim(), "1,674 tok/s");
    assert.equal((await page.locator("#speed-ttft").textContent()).trim(), "306 ms");
    assert.match(await page.locator("#speed").textContent(), /Time to answer a request/);
    assert.doesNotMatch(await page.locator("#speed").textContent(), /Time to first token/);
    assert.match(await page.locator("#verdict").textContent(), /An embedding model generates no tokens/);
    expectNoProblems(problems);
    await context.close();
  });

  test("an encoder's default latency target is 200 ms, which shared vCPUs cannot promise", async () => {
    // sizer: 3 million embeddings a day of 200 tokens with all-MiniLM-L6-v2 and no ttft in the
    // link (scenario version 5): OVHcloud RISE-S, 4 ms at P95 within the 200 ms target, not five
    // shared-vCPU Hetzner CX33; the ttft field stays empty and names its defaults.
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "model=all-minilm-l6-v2&rpd=3000000&in=200&out=1",
    );
    await verdictReady(page);
    const verdict = await page.locator("#verdict").textContent();
    assert.match(verdict, /OVHcloud RISE-S/);
    assert.match(verdict, /within the 200 ms target/);
    assert.equal(await page.locator("#ttft").inputValue(), "");
    assert.equal(await page.locator("#ttft").getAttribute("placeholder"), "2000 (an encoder: 200)");
    expectNoProblems(problems);
    await context.close();
  });
});

describe("jobs and loads", () => {
  const site = withSite();

  test("a fine-tuning verdict leads with the job's duration and cost", async () => {
    // sizer 'model=llama-3.1-8b&task=lora&train_tokens=50000000': one epoch on Salad's RTX 5090
    // takes 3.1 hours and costs 2.04 EUR (its GPU-only rate with 8 vCPUs and 32 GB of RAM priced
    // in, half an hour to start, 15% for interruptions), billed by the hour; no monthly figure.
    const { page, problems, context } = await openPage(
      site.browser,
      site.server,
      "model=llama-3.1-8b&task=lora&train_tokens=50000000",
    );
    await verdictReady(page);
    assert.match(
      await page.locator("#verdict-why").textContent(),
      /^About 3\.1 hours, €2\.04 on Salad RTX 5090 32GB \(High priority\): 1 epoch of 50 million tokens; the cheapest of 273 options that can run the job\./,
    );
    assert.equal((await page.locator("#verdict-cost").textContent()).trim(), "≈ €2.04 for the job");
    assert.match(await page.locator("#verdict").textContent(), /Billed by the hour: \(3\.1 hours of training \+ 0\.5 to start: boot the machine, pull the image, load the weights\) x €0\.4931 an hour/);
    // The epochs field shows for fine-tuning, and the typical loads do not.
    await page.locator("#epochs").waitFor();
    assert.equal(await page.locator("#preset-team_chat").count(), 0);
    expectNoProblems(problems);
    await context.close();
  });

  test("per-token figures say 'at full load' until a request rate is given", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "");
    await verdictReady(page);
    assert.equal((await page.locator("#per-token-basis").textContent()).trim(), "(at full load)");
    // sizer '': 2.84 EUR per million at full load, 80.45 at a team chat's 5,000 requests a day.
    assert.match(
      await page.locator("#verdict").textContent(),
      /At a realistic load, 5,000 requests a day \(team chat\), the same deployment costs €80\.45 per million/,
    );
    expectNoProblems(problems);
    await context.close();

    const given = await openPage(site.browser, site.server, "rpd=5000");
    await verdictReady(given.page);
    assert.equal(await given.page.locator("#per-token-basis").count(), 0);
    expectNoProblems(given.problems);
    await given.context.close();
  });

  test("a typical-load button sets the load through the link", async () => {
    const { page, problems, context } = await openPage(site.browser, site.server, "");
    await verdictReady(page);
    await page.locator("#preset-team_chat").click();
    await page.waitForFunction(() => /[?&]rpd=5000(&|$)/.test(location.search));
    assert.equal(await page.locator("#preset-team_chat").getAttribute("aria-pressed"), "true");
    await page.waitForFunction(() => !document.querySelector("#per-token-basis"));
    await page.locator("#preset-batch_job").click();
    await page.waitForFunction(
      () => /rpd=200000/.test(location.search) && /hours=8/.test(location.search) && /ttft=60000/.test(location.search),
    );
    assert.equal(await page.locator("#preset-team_chat").getAttribute("aria-pressed"), "false");
    expectNoProblems(problems);
    await context.close();
  });
});
