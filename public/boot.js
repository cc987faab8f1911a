// Starts the app from an external module instead of Trunk's inline loader, so the page runs under a
// strict Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval'; no inline script).
// Trunk writes the hashed file names into this tag's data attributes (Trunk.toml, pattern_script);
// they are relative to the page, so the site works from any sub-path and inside an iframe.
const tag = document.querySelector("script[data-js][data-wasm]");
const js = new URL(tag.dataset.js, document.baseURI);
const wasm = new URL(tag.dataset.wasm, document.baseURI);
const { default: init } = await import(js.href);
const exports = await init({ module_or_path: wasm });
dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: exports } }));
