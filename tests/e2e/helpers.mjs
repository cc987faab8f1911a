// Shared helpers for the end-to-end tests (node --test tests/e2e/) and scripts/measure.mjs.
//
// The tests drive Debian's Chromium through playwright-core against the release build in dist/,
// served on 127.0.0.1 by a tiny static server with the strict Content-Security-Policy a host would
// use. Any console error, page error, failed request or Rust panic fails the test.
//
//   import { describe, test } from "node:test";
//   import { expectNoProblems, openPage, screenshot, withSite } from "./helpers.mjs";
//   describe("my journeys", () => {
//     const site = withSite();   // before: serve dist/ under /sizer/ on a free port, launch Chromium;
//                                // after: close both
//     test("my journey", async () => {
//       const { page, problems, context } = await openPage(site.browser, site.server, "model=llama-3.1-8b&quant=q4_k_m");
//       await page.getByRole("heading", { level: 1 }).waitFor();
//       expectNoProblems(problems);
//       await screenshot(page, "my-journey");
//       await context.close();
//     });
//   });
//
// Outside node:test (scripts/measure.mjs), start and close them by hand:
//   const server = await startServer();
//   const browser = await launchBrowser();
//   ...
//   await browser.close(); await server.close();

import { createServer } from "node:http";
import { createReadStream, readFileSync } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DIST = join(ROOT, "dist");
export const SCREENSHOTS = join(ROOT, "tests", "e2e", "screenshots");

/** The policy hosts sent before the build inlined the stylesheet and the frame's script: no inline
 * script or style at all. The site must still work under it (public/boot.js loads both files). */
export const LEGACY_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; frame-ancestors *";

/** The policy the site must run under, as the build writes it (dist/csp.txt): no inline script or
 * style but the two inlined copies, allowed by their hashes (dist/csp-hashes.json); wasm allowed. */
export const CSP = (() => {
  try {
    const h = JSON.parse(readFileSync(join(DIST, "csp-hashes.json"), "utf8"));
    return `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' '${h.script}'; style-src 'self' '${h.style}'; img-src 'self' data: blob:; frame-ancestors *`;
  } catch {
    return LEGACY_CSP;
  }
})();

/** Flags for Debian's Chromium on a machine without internet (and often as root, hence no sandbox). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
];

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Serves `root` (default dist/) at `base` (default "/sizer/", a sub-path, as a host might) on
 * 127.0.0.1 and a free port. Returns { url, origin, port, requests, close }; `url` ends with "/".
 * `requests` lists every path asked for, so a test can check what the page fetched.
 */
export async function startServer({ root = DIST, base = "/sizer/", csp = CSP } = {}) {
  const rootDir = resolve(root);
  await stat(join(rootDir, "index.html")).catch(() => {
    throw new Error(`${rootDir}/index.html not found: build the site first (trunk build, see scripts/test)`);
  });
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    requests.push(path);
    if (!path.startsWith(base)) {
      res.writeHead(path === base.slice(0, -1) ? 301 : 404, path === base.slice(0, -1) ? { location: base } : {});
      return res.end();
    }
    let file = normalize(join(rootDir, path.slice(base.length)));
    if (file !== rootDir && !file.startsWith(rootDir + sep)) {
      res.writeHead(403);
      return res.end();
    }
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
      res.writeHead(200, {
        "content-type": MIME[extname(file)] ?? "application/octet-stream",
        "content-length": info.size,
        "content-security-policy": csp,
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
      });
      if (req.method === "HEAD") return res.end();
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    url: origin + base,
    requests,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

/** Launches headless Chromium (Debian's, $CHROMIUM or /usr/bin/chromium) with a fresh profile. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Registers, in the describe block it is called from, a `before` hook that starts the static server
 * (startServer with the `server` options) and launches Chromium (launchBrowser), and an `after` hook
 * that closes both. Returns an object whose `server` and `browser` getters the tests and later
 * hooks of that block read once the `before` hook has run (reading one that is not there throws).
 * `server: false` launches the browser only, for a block that serves its own pages. Call it before
 * the block's own hooks: node:test runs hooks in the order they are registered, so a later `before`
 * can use `site.server`, and a later `after` runs once the browser and server are closed.
 *
 * Nothing is left open on failure: if the browser does not launch, the server just started is
 * closed before the error is rethrown; the `after` hook closes the server even if closing the
 * browser throws.
 */
export function withSite({ server: serverOptions = {} } = {}) {
  let server;
  let browser;
  before(async () => {
    if (serverOptions !== false) server = await startServer(serverOptions);
    try {
      browser = await launchBrowser();
    } catch (err) {
      await server?.close();
      server = undefined;
      throw err;
    }
  });
  after(async () => {
    const [b, s] = [browser, server];
    browser = server = undefined;
    try {
      await b?.close();
    } finally {
      await s?.close();
    }
  });
  return {
    get server() {
      if (!server) throw new Error("withSite: no server (server: false, or its before hook has not run or failed)");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("withSite: no browser (its before hook has not run or failed)");
      return browser;
    },
  };
}

/**
 * Starts collecting what must never happen on the page: console errors, uncaught exceptions,
 * Rust panics (console_error_panic_hook's "panicked at", or a wasm `unreachable` trap), failed
 * requests and HTTP errors. Returns the array it fills.
 */
export function collectProblems(page) {
  const problems = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" || /panicked at/.test(text)) problems.push(`console.${msg.type()}: ${text}`);
  });
  page.on("pageerror", (err) => problems.push(`uncaught: ${err.stack || err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on("crash", () => problems.push("page crashed"));
  return problems;
}

/**
 * Opens the app with an optional query string ("model=...&quant=...", with or without "?") in a
 * new browser context (fresh storage). Returns { context, page, problems }.
 */
export async function openPage(
  browser,
  server,
  query = "",
  { viewport = { width: 1280, height: 900 }, locale = "en-US", initScript = null } = {},
) {
  const context = await browser.newContext({ viewport, locale });
  // Runs in the page before its own scripts (not subject to its CSP): to stub a browser API.
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = collectProblems(page);
  const q = String(query).replace(/^\?/, "");
  await page.goto(server.url + (q ? `?${q}` : ""), { waitUntil: "load" });
  return { context, page, problems };
}

/** Fails with every problem seen on the page, one per line. */
export function expectNoProblems(problems) {
  assert.deepEqual(problems, [], `the page reported problems:\n  ${problems.join("\n  ")}`);
}

/** Saves a full-page PNG to tests/e2e/screenshots/NAME.png (and to `alsoTo`, if given). Returns the path. */
export async function screenshot(page, name, { alsoTo } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (alsoTo) {
    await mkdir(dirname(alsoTo), { recursive: true });
    await page.screenshot({ path: alsoTo, fullPage: true });
  }
  return path;
}
