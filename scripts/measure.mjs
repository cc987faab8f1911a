// Measures the built site (dist/) as people meet it. Informative: scripts/test never fails on it.
//
//   * bytes per file (raw, gzip -9, brotli -11; what dist/ ships precompressed, if it does) and the
//     first load (every file a first visit requests), and the part of it asked for before the
//     live verdict is on screen (the offers' citations come after);
//   * per profile, medians of N cold loads (each in a fresh browser context, cache off):
//       first paint        the first contentful paint (performance "paint" entry);
//       verdict on screen  when a #verdict-cost is first painted (the page's pre-rendered one, when
//                          it has one), and "live verdict", the app's own (Element Timing where
//                          the page marks it, else the first frame painted once it is laid out);
//                          "live verdict in DOM": when the app inserted it, painted or not;
//       interactive        the app has started (TrunkApplicationStarted) and its first effects ran;
//       layout shift       the page's cumulative layout shift (layout-shift entries) by then;
//     for the profiles
//       desktop            1280x900, no throttling, no compression on the wire (a local server);
//       phone+gzip/br      360x740, CDP CPU throttling x4, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s
//                          up, gzip or brotli on the wire (the precompressed .gz/.br beside each
//                          file in dist/, compressed here when dist/ has none);
//     and a static one-paragraph page on the same profiles as the floor;
//   * a shared link's verdict: the same cold loads of a scenario someone shared (SHARED below: no
//     pre-rendered verdict applies, so the verdict on screen is the app's own), its first paint
//     and its verdict;
//   * the next frame after an edit (median of a series of context-length edits), on the desktop
//     and on the phone's CPU.
// Prints a table and writes bench-results/size.json.
// Usage: node scripts/measure.mjs [--loads N] [--only desktop,phone-gzip,phone-br] [--dist DIR] [--out NAME.json]
import { createServer } from "node:http";
import { readFile, writeFile, mkdir, mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { execFileSync } from "node:child_process";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { CSP, DIST as BUILT, ROOT, launchBrowser } from "../tests/e2e/helpers.mjs";
import { filesUnder } from "./files.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const LOADS = Number(arg("--loads")) || 5;
const ONLY = arg("--only")?.split(",");
// Another build to measure (a copy of an older dist/, say); dist/ by default.
const DIST = arg("--dist") ? resolve(arg("--dist")) : BUILT;
const OUT = arg("--out") ?? "size.json";
const VERDICT = "#verdict-cost";
// A scenario as people share it: a small model for many chat users, by the request rate.
const SHARED = "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300";
const LIVE_VERDICT = "#app #verdict-cost";

const PROFILES = {
  desktop: { viewport: { width: 1280, height: 900 }, cpu: 1, network: null, encoding: null },
  "phone-gzip": { viewport: { width: 360, height: 740 }, mobile: true, cpu: 4, network: "4g", encoding: "gzip" },
  "phone-br": { viewport: { width: 360, height: 740 }, mobile: true, cpu: 4, network: "4g", encoding: "br" },
};
// Slow 4G as the issue states it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const NETWORK = { "4g": { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } };

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};
const COMPRESSIBLE = new Set([".html", ".js", ".wasm", ".css", ".json", ".svg"]);

const gzip = (data) => gzipSync(data, { level: 9 });
const brotli = (data) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });


const exists = (path) => stat(path).then(() => true, () => false);

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
      gzip: gzip(data).length,
      brotli: brotli(data).length,
      shipped_gz: (await exists(path + ".gz")) ? (await stat(path + ".gz")).size : null,
      shipped_br: (await exists(path + ".br")) ? (await stat(path + ".br")).size : null,
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

/**
 * Serves `root` under /sizer/ with the strict CSP, the body encoded as `encoding` ("gzip", "br" or
 * null): the precompressed file beside it when there is one (as nginx's gzip_static/brotli_static
 * and Caddy's precompressed do), else compressed once here and kept. Chromium advertises br only
 * over HTTPS, so the encoding is the server's choice, not the request's.
 */
async function startSite(root, encoding) {
  const rootDir = resolve(root);
  const base = "/sizer/";
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    let file = normalize(join(rootDir, path.slice(base.length)));
    if (!path.startsWith(base) || (file !== rootDir && !file.startsWith(rootDir + sep))) {
      res.writeHead(404);
      return res.end();
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      let body = await readFile(file);
      const headers = {
        "content-type": MIME[extname(file)] ?? "application/octet-stream",
        "content-security-policy": CSP,
        "cache-control": "no-store",
        vary: "accept-encoding",
      };
      if (encoding && COMPRESSIBLE.has(extname(file))) {
        const suffix = encoding === "br" ? ".br" : ".gz";
        const key = file + suffix;
        if (!cache.has(key)) {
          cache.set(key, (await exists(key)) ? await readFile(key) : encoding === "br" ? brotli(body) : gzip(body));
        }
        body = cache.get(key);
        headers["content-encoding"] = encoding;
      }
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${server.address().port}${base}`,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const round = (x) => (x === null || x === undefined ? null : Math.round(x));

// Runs in the page before its own scripts (init scripts are not subject to the page's CSP):
// records when each selector is first laid out in a painted frame (checked in a frame callback,
// time taken in a task queued from it, which runs once that frame is painted), when the app
// started, and the layout shifts.
const recorder = (selectors) => {
  window.__seen = {};
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  addEventListener("TrunkApplicationStarted", () => {
    setTimeout(() => { window.__seen.interactive = performance.now(); }, 0);
  });
  // Each #verdict-cost (pre-rendered and live) is marked elementtiming="verdict-cost" as it is
  // inserted (a mutation observer runs before the next paint): the Element Timing API then gives
  // the time it was painted, unaffected by a long task after the frame (the frame-callback method
  // below, kept as a fallback, can be).
  window.__painted = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === "verdict-cost") window.__painted.push({ t: e.renderTime || e.loadTime, live: !!e.element?.closest("#app") });
    }
  }).observe({ type: "element", buffered: true });
  // When each selector is first in the DOM (laid out or not): the gap to its first painted
  // frame is what runs between its insertion and its paint.
  new MutationObserver(() => {
    for (const el of document.querySelectorAll("#verdict-cost:not([elementtiming])")) el.setAttribute("elementtiming", "verdict-cost");
    for (const s of selectors) if (window.__seen["dom " + s] === undefined && document.querySelector(s)) window.__seen["dom " + s] = performance.now();
  }).observe(document, { childList: true, subtree: true });
  window.__frame = {};
  const frame = () => {
    const found = selectors.filter((s) => window.__seen[s] === undefined && document.querySelector(s)?.getClientRects().length);
    for (const s of found) window.__frame[s] ??= performance.now();
    if (found.length) setTimeout(() => { for (const s of found) window.__seen[s] ??= performance.now(); }, 0);
    if (selectors.some((s) => window.__seen[s] === undefined)) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

async function newContext(browser, profile) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: !!profile.mobile,
    hasTouch: !!profile.mobile,
    deviceScaleFactor: profile.mobile ? 2 : 1,
    locale: "en-US",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (profile.cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
  if (profile.network) await cdp.send("Network.emulateNetworkConditions", NETWORK[profile.network]);
  return { context, page };
}

/** N cold loads of `url` on `profile`: medians and samples of each figure. */
async function coldLoads(browser, url, profile, { app }) {
  const samples = [];
  const fetched = new Set();
  for (let i = 0; i < LOADS; i++) {
    const { context, page } = await newContext(browser, profile);
    await page.addInitScript(recorder, app ? [VERDICT, LIVE_VERDICT] : []);
    page.on("request", (req) => fetched.add(decodeURIComponent(new URL(req.url()).pathname)));
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (app) {
      await page.waitForFunction((s) => window.__seen[s] !== undefined && window.__seen.interactive !== undefined, LIVE_VERDICT, {
        timeout: 120_000,
      });
    }
    await page.waitForTimeout(100);
    samples.push(
      await page.evaluate(() => ({
        first_paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        ...window.__seen,
        // The first verdict: painted in the frame that began when it was first laid out (the
        // pre-rendered one's Element Timing entry is lost when the app replaces it before the
        // entry is reported, as on a fast desktop), or its Element Timing entry if earlier.
        // Never before the first contentful paint: a frame's callbacks run before it is painted.
        "#verdict-cost": Math.max(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0, Math.min(
          window.__frame["#verdict-cost"] ?? Infinity,
          window.__painted.find((p) => !p.live)?.t ?? Infinity,
          window.__painted.find((p) => p.live)?.t ?? window.__seen["#verdict-cost"] ?? Infinity,
        )),
        "#app #verdict-cost": window.__painted.find((p) => p.live)?.t ?? window.__seen["#app #verdict-cost"],
        layout_shift: window.__shift,
        // Files the page asked for only once its live verdict was in the page (the offers'
        // citations, asked for after its first paint): part of a first visit, not of what the
        // verdict waits for.
        after_verdict: performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime >= (window.__seen["dom #app #verdict-cost"] ?? Infinity))
          .map((e) => decodeURIComponent(new URL(e.name).pathname)),
      })),
    );
    await context.close();
  }
  const figure = (key) => ({ median_ms: round(median(samples.map((s) => s[key]))), samples_ms: samples.map((s) => round(s[key])) });
  const out = { first_paint: figure("first_paint") };
  if (app) {
    out.verdict = figure(VERDICT);
    out.live_verdict = figure(LIVE_VERDICT);
    out.live_verdict_in_dom = figure("dom " + LIVE_VERDICT);
    out.interactive = figure("interactive");
    out.layout_shift = { median: median(samples.map((s) => s.layout_shift)), samples: samples.map((s) => Math.round(s.layout_shift * 1e4) / 1e4) };
  }
  // A file counts as asked for after the verdict when every load asked for it after.
  const after = [...fetched].filter((f) => samples.length && samples.every((s) => (s.after_verdict ?? []).includes(f)));
  return { out, fetched: [...fetched], after };
}

// The edits: context lengths typed into the number field, each different from the one before.
const EDITS = [16384, 4096, 32768, 2048, 65536, 8192, 12000, 24000, 3000, 100000, 6000, 50000];

// In the page, for each edit: the time from dispatching the `input` event to (a) the first change
// in the results (a MutationObserver, which runs right after the update's microtasks), (b) the
// next paint: a requestAnimationFrame callback runs before the frame is painted, and a task queued
// from it runs after, so (b) covers every effect the edit started before that frame, and (c) the
// first change in the comparison table, which (like the charts) follows once that frame is painted.
const editInPage = async (values) => {
  const input = document.querySelector("#ctx");
  const results = document.querySelector(".results");
  const table = document.querySelector("#options-table tbody");
  const out = [];
  for (const v of values) {
    await new Promise((r) => setTimeout(r, 60));
    let changed = null;
    let tableChanged = null;
    const observer = new MutationObserver(() => { if (changed === null) changed = performance.now(); });
    const tableObserver = new MutationObserver(() => { if (tableChanged === null) tableChanged = performance.now(); });
    observer.observe(results, { subtree: true, childList: true, characterData: true, attributes: true });
    if (table) tableObserver.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
    const t0 = performance.now();
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const painted = performance.now();
    await new Promise((r) => setTimeout(r, 200));
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

async function editLatency(browser, url, profile) {
  const { context, page } = await newContext(browser, { ...profile, network: null });
  try {
    await page.goto(url);
    await page.locator(LIVE_VERDICT).first().waitFor({ state: "visible", timeout: 60_000 });
    await page.waitForTimeout(1000);
    // One edit first, not counted: the first run of each code path compiles it.
    await page.evaluate(editInPage, [EDITS[EDITS.length - 1] + 1]);
    const samples = await page.evaluate(editInPage, EDITS);
    const r1 = (x) => (x === null ? null : Math.round(x * 10) / 10);
    const fig = (key) => {
      const xs = samples.map((s) => s[key]).filter((x) => x !== null);
      return xs.length ? { median_ms: r1(median(xs)), samples_ms: xs.map(r1) } : null;
    };
    return {
      edit: "context length typed into #ctx",
      results_changed: fig("results_changed_ms"),
      painted: fig("painted_ms"),
      table_changed: fig("table_changed_ms"),
    };
  } finally {
    await context.close();
  }
}

const kb = (n) => (n === null || n === undefined ? "-" : `${(n / 1024).toFixed(1)} KB`).padStart(10);
const ms = (f) => (f?.median_ms === null || f?.median_ms === undefined ? "-" : `${f.median_ms} ms`).padStart(9);
const commit = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  } catch {
    return null;
  }
})();

const { files, totals } = await sizes();
// The floor: one paragraph, no script, no stylesheet.
const staticRoot = await mkdtemp(join(tmpdir(), "sizer-static-"));
await writeFile(
  join(staticRoot, "index.html"),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head><body><p>What hardware does an AI model need, and is it cheaper in the cloud or on bare metal? A static page of one paragraph, the floor a page can reach.</p></body></html>`,
);

const browser = await launchBrowser();
const profiles = {};
let fetched = [];
let afterVerdict = [];
try {
  for (const [name, profile] of Object.entries(PROFILES)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const site = await startSite(DIST, profile.encoding);
    const floor = await startSite(staticRoot, profile.encoding);
    try {
      const page = await coldLoads(browser, site.url, profile, { app: true });
      const base = new URL(site.url).pathname;
      const local = (p) => (p === base ? "index.html" : p.slice(base.length));
      if (!fetched.length) {
        fetched = page.fetched.map(local);
        afterVerdict = page.after.map(local);
      }
      const stat = await coldLoads(browser, floor.url, profile, { app: false });
      const shared = await coldLoads(browser, `${site.url}?${SHARED}`, profile, { app: true });
      profiles[name] = {
        ...page.out,
        static_first_paint: stat.out.first_paint,
        shared: {
          query: SHARED,
          first_paint: shared.out.first_paint,
          // Its verdict on screen: the first module's card (src/ui/first_card.rs), else the app's.
          verdict: shared.out.verdict,
          live_verdict: shared.out.live_verdict,
          interactive: shared.out.interactive,
        },
      };
      profiles[name].edit = await editLatency(browser, site.url, profile).catch((e) => ({ error: String(e) }));
    } finally {
      await site.close();
      await floor.close();
    }
  }
} finally {
  await browser.close();
}

// The first load: every file the page requested, as served (index.html for the base address).
const firstLoad = { raw: 0, gzip: 0, brotli: 0, files: [] };
// What the first verdict waits for: the first load but the files asked for after it.
const beforeVerdict = { raw: 0, gzip: 0, brotli: 0, files: [] };
for (const f of files) {
  if (!fetched.includes(f.file)) continue;
  for (const m of ["raw", "gzip", "brotli"]) firstLoad[m] += f[m];
  firstLoad.files.push(f.file);
  if (afterVerdict.includes(f.file)) continue;
  for (const m of ["raw", "gzip", "brotli"]) beforeVerdict[m] += f[m];
  beforeVerdict.files.push(f.file);
}
const report = {
  measured_at: new Date().toISOString(),
  commit,
  machine: `${execFileSync("nproc").toString().trim()} cores`,
  chromium: execFileSync(process.env.CHROMIUM || "/usr/bin/chromium", ["--version"]).toString().trim(),
  loads: LOADS,
  network: NETWORK,
  totals,
  first_load: firstLoad,
  before_live_verdict: beforeVerdict,
  after_live_verdict: afterVerdict,
  files,
  profiles,
};

console.log("bytes per file                    raw       gzip     brotli   shipped .gz  shipped .br");
for (const f of files.filter((f) => f.raw > 2048 || fetched.includes(f.file))) {
  console.log(`  ${f.file.slice(0, 28).padEnd(28)}${kb(f.raw)} ${kb(f.gzip)} ${kb(f.brotli)}   ${kb(f.shipped_gz)}   ${kb(f.shipped_br)}`);
}
for (const kind of ["wasm", "js", "css", "html", "json", "all"]) {
  const t = totals[kind];
  if (t) console.log(`  all ${kind.padEnd(24)}${kb(t.raw)} ${kb(t.gzip)} ${kb(t.brotli)}`);
}
console.log(`  first load (${firstLoad.files.length} files)`.padEnd(30) + `${kb(firstLoad.raw)} ${kb(firstLoad.gzip)} ${kb(firstLoad.brotli)}`);
console.log(
  `  before the live verdict (${beforeVerdict.files.length})`.padEnd(30) +
    `${kb(beforeVerdict.raw)} ${kb(beforeVerdict.gzip)} ${kb(beforeVerdict.brotli)}` +
    (afterVerdict.length ? `   (after it: ${afterVerdict.join(", ")})` : ""),
);
console.log(`\nmedians of ${LOADS} cold loads  first paint  static page   verdict  live in DOM  live verdict  interactive  layout shift  edit->frame`);
for (const [name, p] of Object.entries(profiles)) {
  console.log(
    `  ${name.padEnd(24)}${ms(p.first_paint)}    ${ms(p.static_first_paint)} ${ms(p.verdict)}   ${ms(p.live_verdict_in_dom)}    ${ms(p.live_verdict)}    ${ms(p.interactive)}       ${(p.layout_shift?.median ?? 0).toFixed(3)}     ${p.edit?.painted ? `${p.edit.painted.median_ms} ms` : "-"}`,
  );
}
console.log(`\na shared link (?${SHARED}), medians of ${LOADS} cold loads: first paint, verdict on screen, live verdict, interactive`);
for (const [name, p] of Object.entries(profiles)) {
  console.log(`  ${name.padEnd(24)}${ms(p.shared?.first_paint)}    ${ms(p.shared?.verdict)}    ${ms(p.shared?.live_verdict)}    ${ms(p.shared?.interactive)}`);
}
for (const [name, p] of Object.entries(profiles)) {
  const e = p.edit;
  if (e?.error) console.log(`edit on ${name}: not measured (${e.error})`);
  else if (e) {
    console.log(
      `edit on ${name} (${e.edit}, median of ${e.painted.samples_ms.length}): results changed after ${e.results_changed?.median_ms ?? "-"} ms, next frame after ${e.painted.median_ms} ms, comparison table changed after ${e.table_changed?.median_ms ?? "-"} ms`,
    );
  }
}
await mkdir(join(ROOT, "bench-results"), { recursive: true });
await writeFile(join(ROOT, "bench-results", OUT), JSON.stringify(report, null, 2) + "\n");
console.log(`written to bench-results/${OUT}`);
