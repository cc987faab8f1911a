// Planning from the traffic (issue 28): a load given as people, and a day with busy hours, change
// the verdict and the link. Every expected text below is what `sizer` prints for the same
// scenario (the Workload panel of src/ui/workload_inputs.rs, the verdict of src/markup.rs).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { expectNoProblems, openPage, withSite } from "./helpers.mjs";

const READY = 20_000;

async function verdictReady(page) {
  await page.locator("#app #verdict-cost").waitFor({ state: "visible", timeout: READY });
}

const offerIs = (pattern) =>
  new RegExp(pattern).test(document.querySelector("#verdict-offer")?.textContent ?? "");

describe("planning from the traffic", () => {
  const site = withSite();

  test("people and busy hours change the verdict and the link", async () => {
    // sizer: the team's 70B FP8 for 40 people chatting: 40 x 0.25 x (1/6) / 60 = 0.0278
    // requests a second at peak (Red Hat's Compass planner: 40 x 10 a day in 8 hours at twice
    // the mean), about 1,200 a day: one GPU (Hetzner's GEX63 on bare metal). For 12,000 people,
    // 8.33 a second, 360,000 a day: Hot Aisle's 8x MI300X. Busy 9-18 h with a tenth outside, the copies follow
    // the day on RunPod's MI300X by the hour: 7 machines then, 1 outside. (At 40 people the
    // cheapest is Hetzner's GEX63, one RTX PRO 6000 Blackwell Max-Q at 20 tokens/s per user.)
    const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.3-70b&quant=fp8");
    await verdictReady(page);
    await page.locator("#users").fill("40");
    await page.locator("#users").press("Tab");
    await page.waitForFunction(() => /[?&]users=40(&|$)/.test(location.search));
    await page.waitForFunction(offerIs, "^Hetzner GEX63");
    assert.match(await page.locator("#derived-load").textContent(), /^≈ 1,200 requests a day, 0\.0278 a second at the busiest hour$/);
    assert.match(await page.locator("#verdict").textContent(), /40 people \(chat\), about 1,200 requests a day/);
    await page.locator("#users").fill("12000");
    await page.locator("#users").press("Tab");
    await page.waitForFunction(() => /[?&]users=12000(&|$)/.test(location.search));
    await page.waitForFunction(offerIs, "^Hot Aisle 8x MI300X");
    // Busy 9-18 h: the verdict follows the day and says what is billed.
    await page.locator("#busy-from").fill("9");
    await page.locator("#busy-from").press("Tab");
    await page.locator("#busy-to").fill("18");
    await page.locator("#busy-to").press("Tab");
    await page.waitForFunction(() => /[?&]busy_from=9&busy_to=18(&|$)/.test(location.search));
    await page.waitForFunction(offerIs, "^RunPod 1x MI300X");
    await page.waitForFunction(() =>
      /Busy 9 h a day: 7 machines then and 1 outside, 2,384 machine-hours billed a month/.test(
        document.querySelector("#verdict")?.textContent ?? ""));
    // Nothing outside the busy hours, scaled to zero: no machine then, and the link says so.
    await page.locator("#offpeak").fill("0");
    await page.locator("#offpeak").press("Tab");
    await page.locator("#scale-to-zero").check();
    await page.waitForFunction(() => /[?&]offpeak=0&min_replicas=0(&|$)/.test(location.search));
    await page.waitForFunction(() =>
      /none outside \(scaled to zero\)/.test(document.querySelector("#verdict")?.textContent ?? ""));
    expectNoProblems(problems);
    await context.close();
  });
});
