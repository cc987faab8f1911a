// Starts the app from an external module instead of Trunk's inline loader, so the page runs under a
// strict Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval'; no inline script).
// Trunk writes the hashed file names into this tag's data attributes (Trunk.toml, pattern_script);
// they are relative to the page, so the site works from any sub-path and inside an iframe.
const tag = document.querySelector("script[data-js][data-wasm]");
// The stylesheet and the frame's script are inlined in index.html for the first paint, allowed by
// their hashes in the policy the build writes (dist/csp.txt; scripts/postbuild.mjs). A host that
// sends an older policy blocks them: then they come from their files (data-css, data-shell), the
// first paint unstyled and without the frame until they arrive, the app the same.
const fromFile = (name) => new URL(name, document.baseURI).href;
if (tag.dataset.css && !getComputedStyle(document.documentElement).getPropertyValue("--sizer-css")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = fromFile(tag.dataset.css);
  document.head.append(link);
}
if (tag.dataset.shell && !window.__sizerShell) {
  await new Promise((done) => {
    const script = document.createElement("script");
    script.src = fromFile(tag.dataset.shell);
    script.onload = script.onerror = done;
    document.body.append(script);
  });
}
// The first module fetches the interface's module, draws a shared link's verdict meanwhile and
// mounts the interface when it arrives (scripts/postbuild.mjs, src/ui/mod.rs): the app has
// started when the interface has mounted.
const mounted = new Promise((done) => addEventListener("sizer-mounted", done, { once: true }));
const js = new URL(tag.dataset.js, document.baseURI);
const wasm = new URL(tag.dataset.wasm, document.baseURI);
const { default: init } = await import(js.href);
const exports = await init({ module_or_path: wasm });
await mounted;
dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: exports } }));
