// Trunk post-build hook (Trunk.toml [[hooks]]), run on the staging directory before it becomes dist/:
//   0. the app in modules: Trunk's single wasm (and its wasm-bindgen glue) is replaced by
//      wasm-split's modules, cut from the same compiled wasm (target/wasm32-unknown-unknown/release,
//      linked with its relocations, .cargo/config.toml) at the code's split points: the first
//      holds the core and draws a shared link's verdict card (src/ui/first_card.rs); the
//      interface's (`mount_interface`, src/ui/mod.rs), which the first fetches as soon as it has
//      started; the charts' drawing and the importers', fetched when used; and small modules of
//      code two of them share. Then wasm-bindgen on the first and wasm-opt -Oz on each, into
//      app-HASH/ (a directory named by their content, so each file keeps the name the others
//      import it by);
//   1. the page before the wasm arrives: replaces `<template id="prerendered"></template>` in
//      index.html with what `cargo run --bin prerender` prints (src/bin/prerender.rs: the page's
//      frame and the default scenario's verdict in each language, from the core and the built-in
//      catalogue of this very build, so it never drifts from them);
//   1b. the first paint without a second round trip: the stylesheet and public/shell.js inlined in
//      index.html (a <style> and a classic <script>), each allowed by its SHA-256 in the policy
//      written to csp.txt (and the hashes to csp-hashes.json): a strict policy with hashes, no
//      'unsafe-inline'. Both files stay in dist/: public/boot.js loads them when a host's older
//      policy blocked the inlined copies (the boot tag's data-css and data-shell name them);
//   2. the offers' citations, which the browser's compiled-in catalogue leaves out of the first
//      load (build.rs): catalog-sources.json, each offer's id and source from the catalogue
//      this build shipped (catalog.json, copied from public/), read by the page once it is
//      interactive (src/catalog/sources.rs);
//   3. precompression: writes FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside every text
//      and wasm file, for hosts that serve them as they are (nginx gzip_static/brotli_static,
//      Caddy's `precompressed`, a CDN; README, "Build the static site for hosting"). Both are
//      deterministic: the same input gives the same bytes (gzip's header carries no time or name).
// Usage (by hand): TRUNK_STAGING_DIR=dist node scripts/postbuild.mjs
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import { execFile, execFileSync } from "node:child_process";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { filesUnder } from "./files.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STAGING = resolve(process.env.TRUNK_STAGING_DIR || join(ROOT, "dist"));
const MARKER = /<template id="?prerendered"?>\s*<\/template>/;
const COMPRESS = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".svg", ".txt", ".csv", ".map", ".xml"]);

// 0. The app in modules.
const WASM_OPT = ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types"];
const run = promisify(execFile);
const targetDir =
  process.env.CARGO_TARGET_DIR ||
  JSON.parse(execFileSync("cargo", ["metadata", "--offline", "--format-version", "1", "--no-deps"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 })).target_directory;
const compiled = join(targetDir, "wasm32-unknown-unknown", "release", "inference-sizer.wasm");
const work = await mkdtemp(join(tmpdir(), "sizer-split-"));
try {
  const out = join(work, "out");
  await run("wasm-split-cli", [compiled, out, "--out-name", "sizer"]);
  await run("wasm-bindgen", ["--target", "web", "--keep-lld-exports", "--no-demangle", "--no-typescript", "--out-name", "sizer", "--out-dir", out, join(out, "sizer.wasm")]);
  await rm(join(out, "sizer.wasm"));
  const modules = (await readdir(out)).filter((f) => f.endsWith(".wasm"));
  if (!modules.includes("sizer_bg.wasm") || modules.length < 2) {
    console.error(`postbuild: wasm-split gave ${modules.join(", ")}, not the first module and the others`);
    process.exit(1);
  }
  await Promise.all(modules.map((f) => run("wasm-opt", [...WASM_OPT, join(out, f), "-o", join(out, f)])));
  const files = (await readdir(out)).sort();
  const digest = createHash("sha256");
  for (const f of files) digest.update(f).update(await readFile(join(out, f)));
  const dir = `app-${digest.digest("hex").slice(0, 16)}`;
  await rename(out, join(STAGING, dir));
  // Trunk's single module out, the first module in: the boot tag names it, the page preloads it
  // (the others are fetched by the first: the interface's as soon as it has started).
  let page = await readFile(join(STAGING, "index.html"), "utf8");
  const trunkJs = page.match(/data-js="\.\/(inference-sizer-[0-9a-f]+\.js)"/)?.[1];
  const trunkWasm = page.match(/data-wasm="\.\/(inference-sizer-[0-9a-f]+_bg\.wasm)"/)?.[1];
  if (!trunkJs || !trunkWasm) {
    console.error("postbuild: index.html's boot tag names no Trunk module to replace");
    process.exit(1);
  }
  page = page
    .replace(`data-js="./${trunkJs}"`, `data-js="./${dir}/sizer.js"`)
    .replace(`data-wasm="./${trunkWasm}"`, `data-wasm="./${dir}/sizer_bg.wasm"`)
    .replace(/<link rel="modulepreload" href="\.\/inference-sizer-[^>]*>/, `<link rel="modulepreload" href="./${dir}/sizer.js">`)
    .replace(/<link rel="preload" href="\.\/inference-sizer-[^>]*>/, `<link rel="preload" href="./${dir}/sizer_bg.wasm" crossorigin="anonymous" as="fetch" type="application/wasm">`);
  if (page.includes("inference-sizer-")) {
    console.error("postbuild: index.html still names Trunk's module");
    process.exit(1);
  }
  await writeFile(join(STAGING, "index.html"), page);
  await rm(join(STAGING, trunkJs));
  await rm(join(STAGING, trunkWasm));
} finally {
  await rm(work, { recursive: true, force: true });
}

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
let page = html.replace(MARKER, () => templates.trim());

// 1b. The stylesheet and the frame's script inlined, and the policy that allows them.
const sha = (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
const cssLink = page.match(/<link rel="stylesheet" href="\.\/(main-[0-9a-f]+\.css)"[^>]*>/);
const shellTag = '<script src="shell.js"></script>';
const boot = page.match(/<script type="module" src="\.\/boot\.js"/);
if (!cssLink || !page.includes(shellTag) || !boot) {
  console.error("postbuild: index.html lacks the stylesheet link, the shell script or the boot tag to inline");
  process.exit(1);
}
// Inlined without their comments and indentation (the files keep them): a first load no larger
// than the two files were.
const css = (await readFile(join(STAGING, cssLink[1]), "utf8"))
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\n\s*/g, "\n")
  .replace(/\n+/g, "\n")
  .trim();
const shell = (await readFile(join(STAGING, "shell.js"), "utf8"))
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("//"))
  .join("\n");
if (css.includes("</style") || shell.includes("</script")) {
  console.error("postbuild: the stylesheet or shell.js would end its inline element early");
  process.exit(1);
}
page = page
  .replace(cssLink[0], () => `<style>${css}</style>`)
  .replace(shellTag, () => `<script id="shell-script">${shell}</script>`)
  .replace(boot[0], () => `${boot[0]} data-css="./${cssLink[1]}" data-shell="./shell.js"`);
const hashes = { style: sha(css), script: sha(shell) };
await writeFile(join(STAGING, "csp-hashes.json"), JSON.stringify(hashes) + "\n");
await writeFile(
  join(STAGING, "csp.txt"),
  `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' '${hashes.script}'; style-src 'self' '${hashes.style}'; img-src 'self' data: blob:; frame-ancestors *\n`,
);
await writeFile(index, page);

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
console.log(`postbuild: pre-rendered page, stylesheet and shell inlined in index.html (csp.txt); .br and .gz beside ${count} files`);
