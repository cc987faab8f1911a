// Shows the page before the wasm arrives (issue 19): a classic script right after the templates
// `scripts/postbuild.mjs` writes into index.html from the core (src/bin/prerender.rs), so it runs
// before the first paint; the build inlines it there too, allowed by its hash (dist/csp.txt), so
// the first paint needs no second round trip.
// It puts the frame of the page (header, the input panel with the defaults, the result cards) in
// the visitor's language, and the default scenario's verdict only when the address carries no
// scenario: a shared link never shows the verdict of another scenario. The app replaces it all
// when it mounts (src/ui/mod.rs, `mount`).
(() => {
  // Inlined in index.html (allowed by its hash) and kept as a file that public/boot.js loads when
  // a host's policy blocked the inlined copy: it runs once.
  if (window.__sizerShell) return;
  window.__sizerShell = true;
  // As the page reads them: `lang` from the address, else the browser's; English otherwise.
  const parse = (s) => {
    s = String(s || "").trim().toLowerCase();
    if (s === "en" || s.startsWith("en-")) return "en";
    if (s === "es" || s.startsWith("es-")) return "es";
    return null;
  };
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang");
  const lang = parse(asked) || parse(navigator.language) || "en";
  // Anything in the address but a valid `lang` is a scenario (or a setting) the default's
  // verdict does not answer.
  const scenario = [...params.keys()].some((k) => k !== "lang") || (asked !== null && !parse(asked));
  const frame = document.getElementById("shell-" + lang);
  const verdict = document.getElementById("verdict-" + lang);
  if (!frame) return;
  const page = frame.content.cloneNode(true);
  const slot = page.querySelector("[data-shell-verdict]");
  if (!scenario && verdict && slot) slot.replaceWith(verdict.content.cloneNode(true));
  if (scenario) for (const el of page.querySelectorAll("[data-default]")) el.textContent = "";
  const root = document.documentElement;
  root.lang = lang;
  if (params.get("theme") === "dark") root.dataset.theme = "dark";
  if (params.get("embed") === "1") root.dataset.embed = "1";
  frame.before(page);
})();
