// Trunk post-build hook (Trunk.toml [[hooks]]), run on the staging directory before it becomes dist/:
//   1. the page before the wasm arrives: replaces `<template id="prerendered"></template>` in
//      index.html with what `cargo run --bin prerender` prints (src/bin/prerender.rs: the page's
//      frame and the default scenario's verdict in each language, from the core and the built-in
//      catalogue of this very build, so it never drifts from them);
//   2. the offers' citations, which the browser's compiled-in catalogue leaves out of the first
//      load (build.rs): catalog-sources.json, each offer's id and source from the catalogue
//      this build shipped (catalog.json, copied from public/), read by the page once it is
//      interactive (src/catalog/sources.rs);
//   3. precompression: writes FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside every text
//      and wasm file, for hosts that serve them as they are (nginx gzip_static/brotli_static,
//      Caddy's `precompressed`, a CDN; README, "Build the static site for hosting"). Both are
//      deterministic: the same input gives the same bytes (gzip's header carries no time or name).
// Usage (by hand): TRUNK_STAGING_DIR=dist node scripts/postbuild.mjs
import { readFile, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { filesUnder } from "./files.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STAGING = resolve(process.env.TRUNK_STAGING_DIR || join(ROOT, "dist"));
const MARKER = /<template id="?prerendered"?>\s*<\/template>/;
const COMPRESS = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".svg", ".txt", ".csv", ".map", ".xml"]);

// 1. The pre-rendered page. A native build of the core (dev profile: it runs once, in well under
// a second), offline like the rest of the build.
const index = join(STAGING, "index.html");
const html = await readFile(index, "utf8");
if (!MARKER.test(html)) {
  console.error(`postbuild: ${index} has no <template id="prerendered"></template> to fill`);
  process.exit(1);
}
const templates = execFileSync("cargo", ["run", "--quiet", "--offline", "--bin", "prerender"], {
  cwd: ROOT,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
  maxBuffer: 16 << 20,
});
if (!templates.includes('<template id="verdict-en">')) {
  console.error("postbuild: the prerender binary printed no verdict template");
  process.exit(1);
}
await writeFile(index, html.replace(MARKER, () => templates.trim()));

// 2. The offers' citations, in the catalogue's order.
const catalog = JSON.parse(await readFile(join(STAGING, "catalog.json"), "utf8"));
const sources = Object.fromEntries(catalog.offers.map((o) => [o.id, o.source]));
await writeFile(join(STAGING, "catalog-sources.json"), JSON.stringify(sources));

// 3. Precompressed copies.
let count = 0;
for (const path of (await filesUnder(STAGING)).sort()) {
  if (!COMPRESS.has(extname(path))) continue;
  const data = await readFile(path);
  await writeFile(path + ".gz", gzipSync(data, { level: 9 }));
  await writeFile(
    path + ".br",
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: extname(path) === ".wasm" ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
  );
  count++;
}
console.log(`postbuild: pre-rendered page in index.html; .br and .gz beside ${count} files`);
