// Measures the built site (dist/): transfer size of wasm, JS and CSS (raw, gzip -9, brotli -11) and
// the first-render time in headless Chromium (median of 5 cold loads, each in a fresh browser
// context), and the time an edit takes to reach the page (median of a series of context-length
// edits). Prints a table and writes bench-results/size.json. Informative: scripts/test does not
// fail on it. Usage: node scripts/measure.mjs [--loads N]
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import { extname, join, relative } from "node:path";
import { execFileSync } from "node:child_process";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { DIST, ROOT, launchBrowser, startServer } from "../tests/e2e/helpers.mjs";

const LOADS = Number(process.argv[process.argv.indexOf("--loads") + 1]) || 5;
// The first thing a person sees, then the first computed answer (once the UI has one).
const TITLE_SELECTOR = "h1";
const RESULT_SELECTOR = "#verdict";

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

async function sizes() {
  const kinds = { ".wasm": "wasm", ".js": "js", ".css": "css", ".html": "html", ".json": "json" };
  const files = [];
  for (const path of await filesUnder(DIST)) {
    const kind = kinds[extname(path)];
    if (!kind) continue;
    const data = await readFile(path);
    files.push({
      file: relative(DIST, path),
      kind,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }).length,
    });
  }
  const totals = {};
  for (const f of files) {
    for (const key of [f.kind, "all"]) {
      totals[key] ??= { raw: 0, gzip: 0, brotli: 0 };
      for (const m of ["raw", "gzip", "brotli"]) totals[key][m] += f[m];
    }
  }
  return { files, totals };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

// Records, in the page, the time (ms since navigation start) at which each selector first matches a
// rendered element. Runs before the page's own scripts; init scripts are not subject to the page's CSP.
const recorder = (selectors) => {
  window.__firstSeen = {};
  const check = () => {
    for (const sel of selectors) {
      if (window.__firstSeen[sel] !== undefined) continue;
      const el = document.querySelector(sel);
      if (el && el.getClientRects().length > 0) window.__firstSeen[sel] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
};

async function firstRender() {
  const server = await startServer();
  const browser = await launchBrowser();
  const title = [];
  const result = [];
  const requested = new Set();
  let resultPresent = true;
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(recorder, [TITLE_SELECTOR, RESULT_SELECTOR]);
      // What a first visit fetches, by path under the site's base (`/sizer/`).
      page.on("request", (req) => requested.add(decodeURIComponent(new URL(req.url()).pathname)));
      await page.goto(server.url);
      await page.locator(TITLE_SELECTOR).first().waitFor({ state: "visible", timeout: 30_000 });
      if (resultPresent) {
        resultPresent = await page
          .locator(RESULT_SELECTOR)
          .first()
          .waitFor({ state: "visible", timeout: i === 0 ? 5_000 : 30_000 })
          .then(() => true, () => false);
      }
      const seen = await page.evaluate(() => window.__firstSeen);
      title.push(Math.round(seen[TITLE_SELECTOR]));
      if (resultPresent && seen[RESULT_SELECTOR] !== undefined) result.push(Math.round(seen[RESULT_SELECTOR]));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const base = new URL(server.url).pathname;
  const fetched = [...requested].map((p) => (p === base ? "index.html" : p.slice(base.length)));
  return {
    fetched,
    title: { selector: TITLE_SELECTOR, median_ms: median(title), samples_ms: title },
    result: result.length ? { selector: RESULT_SELECTOR, median_ms: median(result), samples_ms: result } : null,
  };
}

// The edits: context lengths typed into the number field, each different from the one before.
const EDITS = [16384, 4096, 32768, 2048, 65536, 8192, 12000, 24000, 3000, 100000, 6000, 50000];

// In the page, for each edit: the time from dispatching the `input` event to (a) the first change
// in the results (a MutationObserver, which runs right after the update's microtasks): the
// verdict, memory and speed, (b) the next paint: a requestAnimationFrame callback runs before the
// frame is painted, and a task queued from it runs after, so (b) covers every effect the edit
// started before that frame, and (c) the first change in the comparison table, which (like the
// charts) follows once that frame is painted.
const editInPage = async (values) => {
  const input = document.querySelector("#ctx");
  const results = document.querySelector(".results");
  const table = document.querySelector("#options-table tbody");
  const out = [];
  for (const v of values) {
    await new Promise((r) => setTimeout(r, 60));
    let changed = null;
    let tableChanged = null;
    const observer = new MutationObserver(() => {
      if (changed === null) changed = performance.now();
    });
    const tableObserver = new MutationObserver(() => {
      if (tableChanged === null) tableChanged = performance.now();
    });
    observer.observe(results, { subtree: true, childList: true, characterData: true, attributes: true });
    if (table) tableObserver.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
    const t0 = performance.now();
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const painted = performance.now();
    // Give the table its frame.
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    tableObserver.disconnect();
    out.push({
      results_changed_ms: changed === null ? null : changed - t0,
      painted_ms: painted - t0,
      table_changed_ms: tableChanged === null ? null : tableChanged - t0,
    });
  }
  return out;
};

async function editLatency() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator(RESULT_SELECTOR).first().waitFor({ state: "visible", timeout: 30_000 });
    await page.waitForTimeout(500);
    // One edit first, not counted: the first run of each code path compiles it.
    await page.evaluate(editInPage, [EDITS[EDITS.length - 1] + 1]);
    const samples = await page.evaluate(editInPage, EDITS);
    const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
    const changed = samples.map((s) => s.results_changed_ms).filter((x) => x !== null);
    const painted = samples.map((s) => s.painted_ms);
    const table = samples.map((s) => s.table_changed_ms).filter((x) => x !== null);
    return {
      edit: "context length typed into #ctx",
      results_changed: { median_ms: round(median(changed)), samples_ms: changed.map(round) },
      painted: { median_ms: round(median(painted)), samples_ms: painted.map(round) },
      table_changed: table.length ? { median_ms: round(median(table)), samples_ms: table.map(round) } : null,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const commit = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  } catch {
    return null;
  }
})();

const { files, totals } = await sizes();
const render = await firstRender();
// The first load: every file the page requested, as served (index.html for the base address).
const firstLoad = { raw: 0, gzip: 0, brotli: 0, files: [] };
for (const f of files) {
  if (!render.fetched.includes(f.file)) continue;
  for (const m of ["raw", "gzip", "brotli"]) firstLoad[m] += f[m];
  firstLoad.files.push(f.file);
}
const edit = await editLatency().catch((e) => ({ error: String(e) }));
const report = {
  measured_at: new Date().toISOString(),
  commit,
  chromium: execFileSync(process.env.CHROMIUM || "/usr/bin/chromium", ["--version"]).toString().trim(),
  totals,
  first_load: firstLoad,
  files,
  first_render: render,
  edit,
};

console.log("transfer size of dist/     raw       gzip     brotli");
for (const kind of ["wasm", "js", "css", "html", "json", "all"]) {
  const t = totals[kind];
  if (t) console.log(`  ${kind.padEnd(6)}           ${kb(t.raw)} ${kb(t.gzip)} ${kb(t.brotli)}`);
}
console.log(
  `  first load (${firstLoad.files.join(", ")})\n                   ${kb(firstLoad.raw)} ${kb(firstLoad.gzip)} ${kb(firstLoad.brotli)}`,
);
console.log(
  `first render (${render.title.selector} visible, median of ${LOADS} cold loads): ${render.title.median_ms} ms  [${render.title.samples_ms.join(", ")}]`,
);
if (render.result) {
  console.log(
    `first result (${render.result.selector} visible, median of ${render.result.samples_ms.length}): ${render.result.median_ms} ms  [${render.result.samples_ms.join(", ")}]`,
  );
} else {
  console.log(`first result: ${RESULT_SELECTOR} not on the page yet; not measured`);
}
if (edit.error) {
  console.log(`edit: not measured (${edit.error})`);
} else {
  console.log(
    `edit (${edit.edit}, median of ${edit.painted.samples_ms.length}): results changed after ${edit.results_changed.median_ms} ms, painted after ${edit.painted.median_ms} ms  [${edit.painted.samples_ms.join(", ")}], comparison table changed after ${edit.table_changed?.median_ms ?? "-"} ms`,
  );
}
await mkdir(join(ROOT, "bench-results"), { recursive: true });
await writeFile(join(ROOT, "bench-results", "size.json"), JSON.stringify(report, null, 2) + "\n");
console.log("written to bench-results/size.json");
