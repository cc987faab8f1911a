/*! Inference Sizer embed loader, protocol version 1. MIT licence. Our own code, no dependencies.
 *
 * Put on your page:
 *   <div data-inference-sizer data-scenario="model=llama-3.1-8b&quant=q4_k_m"
 *        data-provider="Acme Metal" data-theme="light" data-accent="#0b6bcb"
 *        data-catalog="https://acme.example/sizer-catalog.json"
 *        data-pick="provider" data-compact></div>
 *   <script src="https://sizer.example/embed.js" async></script>
 *
 * Every element with `data-inference-sizer` becomes an iframe of the calculator (from the
 * directory this script was loaded from, or `data-src`). The frame follows its content's height,
 * and the element receives the events `inference-sizer:ready` and `inference-sizer:result`
 * (event.detail: {offer_id, provider, gpu_id, gpu_count, deployment, monthly_cost, currency,
 * scenario, scenario_line, pick, market_offer_id, market_provider, market_monthly_cost}).
 * `data-pick="provider"`: the verdict is your catalogue's best fitting offer (its offer_id in the
 * event, `pick: "provider"`), the market's cheapest beside it (`market_*`); `data-compact`: the
 * verdict, the model, the load and your offers, with a link to the full calculator.
 * Elements added later: `InferenceSizer.mount(element)`.
 *
 * A message is obeyed only when it comes from that frame's window, from the calculator's origin,
 * and has the versioned shape {source: "inference-sizer", version: 1, type, ...}. Everything else
 * is ignored silently. The rules mirror src/embed_protocol.rs.
 */
(function (window, document) {
  "use strict";

  if (window.InferenceSizer && window.InferenceSizer.version === 1) {
    // Loaded twice: the first copy already listens; just mount what is new.
    window.InferenceSizer.mountAll();
    return;
  }

  var SOURCE = "inference-sizer";
  var VERSION = 1;
  var MAX_HEIGHT = 20000;
  var MAX_FIELD = 200;
  var MAX_SCENARIO = 4096;
  var MAX_GPUS = 1000000;
  var MOUNTED = "data-inference-sizer-mounted";

  /** Frames we created: [{ el, iframe, origin }]. */
  var frames = [];

  /** The directory this script came from: the calculator's address unless `data-src` says otherwise. */
  var scriptBase = (function () {
    var s = document.currentScript;
    if (!s) {
      var all = document.getElementsByTagName("script");
      for (var i = all.length - 1; i >= 0; i--) {
        if (/(^|\/)embed\.js(\?|#|$)/.test(all[i].src || "")) {
          s = all[i];
          break;
        }
      }
    }
    var src = s && s.src ? s.src : "";
    return src ? src.replace(/[?#].*$/, "").replace(/[^\/]*$/, "") : "";
  })();

  /** Absolute http(s) URL and its origin, or null. */
  function resolve(url) {
    var a = document.createElement("a");
    a.href = url;
    var protocol = a.protocol;
    if (protocol !== "https:" && protocol !== "http:") return null;
    var port = a.port;
    if ((protocol === "https:" && port === "443") || (protocol === "http:" && port === "80")) port = "";
    var origin = protocol + "//" + a.hostname + (port ? ":" + port : "");
    return { href: a.href, origin: origin };
  }

  function isText(v, max) {
    return typeof v === "string" && v.length <= max;
  }

  function isOptionalText(v, max) {
    return v === null || v === undefined || isText(v, max);
  }

  function isFiniteNumber(v) {
    return typeof v === "number" && isFinite(v);
  }

  /** The summary as the host will see it: only known fields, checked; null if the shape is wrong. */
  function cleanSummary(s) {
    if (!s || typeof s !== "object") return null;
    var ok =
      isOptionalText(s.offer_id, MAX_FIELD) &&
      isOptionalText(s.provider, MAX_FIELD) &&
      isOptionalText(s.gpu_id, MAX_FIELD) &&
      isFiniteNumber(s.gpu_count) && s.gpu_count >= 0 && s.gpu_count <= MAX_GPUS &&
      Math.floor(s.gpu_count) === s.gpu_count &&
      isOptionalText(s.deployment, MAX_FIELD) &&
      (s.monthly_cost === null || s.monthly_cost === undefined ||
        (isFiniteNumber(s.monthly_cost) && s.monthly_cost >= 0)) &&
      isText(s.currency, MAX_FIELD) &&
      isText(s.scenario, MAX_SCENARIO) &&
      isOptionalText(s.scenario_line, MAX_SCENARIO) &&
      (s.pick === null || s.pick === undefined || s.pick === "market" || s.pick === "provider") &&
      isOptionalText(s.market_offer_id, MAX_FIELD) &&
      isOptionalText(s.market_provider, MAX_FIELD) &&
      (s.market_monthly_cost === null || s.market_monthly_cost === undefined ||
        (isFiniteNumber(s.market_monthly_cost) && s.market_monthly_cost >= 0));
    if (!ok) return null;
    var nul = function (v) { return v === undefined ? null : v; };
    return {
      offer_id: nul(s.offer_id),
      provider: nul(s.provider),
      gpu_id: nul(s.gpu_id),
      gpu_count: s.gpu_count,
      deployment: nul(s.deployment),
      monthly_cost: nul(s.monthly_cost),
      currency: s.currency,
      scenario: s.scenario,
      // The question the verdict answers, in words (empty from a page older than it).
      scenario_line: s.scenario_line == null ? "" : s.scenario_line,
      // Whose offer offer_id is ("provider" with data-pick="provider" and one of yours fits), and
      // the market's cheapest beside it (absent from a page older than them: "market", nulls).
      pick: s.pick == null ? "market" : s.pick,
      market_offer_id: nul(s.market_offer_id),
      market_provider: nul(s.market_provider),
      market_monthly_cost: nul(s.market_monthly_cost)
    };
  }

  /**
   * Checks a message's shape (not its origin). Returns {type, height} / {type, summary} / {type},
   * or null for anything that is not a version-1 message of ours.
   */
  function readMessage(data) {
    if (!data || typeof data !== "object") return null;
    if (data.source !== SOURCE || data.version !== VERSION) return null;
    if (data.type === "ready") return { type: "ready" };
    if (data.type === "resize") {
      var h = data.height;
      if (!isFiniteNumber(h) || h < 0 || h > MAX_HEIGHT) return null;
      return { type: "resize", height: h };
    }
    if (data.type === "result") {
      var summary = cleanSummary(data.summary);
      return summary ? { type: "result", summary: summary } : null;
    }
    return null;
  }

  function fire(el, name, detail) {
    var ev;
    if (typeof window.CustomEvent === "function") {
      ev = new window.CustomEvent(name, { detail: detail, bubbles: true });
    } else {
      ev = document.createEvent("CustomEvent");
      ev.initCustomEvent(name, true, false, detail);
    }
    el.dispatchEvent(ev);
  }

  function onMessage(event) {
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      // Both checks: the sender is this frame's window (not the host page, another frame or a
      // popup), and the document in it is still the calculator (not a page it navigated to).
      if (event.source !== f.iframe.contentWindow || event.origin !== f.origin) continue;
      var msg = readMessage(event.data);
      if (!msg) return;
      if (msg.type === "resize") {
        f.iframe.style.height = Math.ceil(msg.height) + "px";
      } else if (msg.type === "ready") {
        fire(f.el, "inference-sizer:ready", { version: VERSION });
      } else if (msg.type === "result") {
        fire(f.el, "inference-sizer:result", msg.summary);
      }
      return;
    }
  }

  function attr(el, name) {
    var v = el.getAttribute(name);
    return v === null ? "" : String(v).replace(/^\s+|\s+$/g, "");
  }

  /** The iframe's address: the calculator, the scenario, then the embedding parameters. */
  function frameUrl(el, base) {
    var parts = [];
    var scenario = attr(el, "data-scenario").replace(/^[?#]/, "");
    if (scenario) parts.push(scenario);
    parts.push("embed=1");
    var extra = [
      ["provider", "data-provider"],
      ["pick", "data-pick"],
      ["theme", "data-theme"],
      ["accent", "data-accent"],
      ["catalog", "data-catalog"],
      ["lang", "data-lang"],
      ["cur", "data-currency"]
    ];
    for (var i = 0; i < extra.length; i++) {
      var v = attr(el, extra[i][1]);
      if (v) parts.push(extra[i][0] + "=" + encodeURIComponent(v));
    }
    // A flag: present (empty, "1" or "true") asks for the compact layout.
    if (el.hasAttribute("data-compact") && !/^(0|false|no|off)$/i.test(attr(el, "data-compact"))) {
      parts.push("compact=1");
    }
    return base.replace(/[?#].*$/, "") + "?" + parts.join("&");
  }

  /** Turns one element into the calculator's iframe. Returns the iframe, or null if it cannot. */
  function mount(el) {
    if (!el || el.nodeType !== 1) return null;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].el === el) return frames[i].iframe;
    }
    var base = resolve(attr(el, "data-src") || scriptBase || "./");
    if (!base) {
      if (window.console) window.console.warn("Inference Sizer: data-src must be an http(s) address");
      return null;
    }
    var iframe = document.createElement("iframe");
    iframe.src = frameUrl(el, base.href);
    iframe.title = attr(el, "data-title") || "Inference Sizer: AI hardware and cost calculator";
    iframe.setAttribute("loading", "lazy");
    iframe.setAttribute("width", "100%");
    iframe.setAttribute("frameborder", "0");
    // The host's origin (not its path) lets the calculator address its messages to this page only.
    iframe.setAttribute("referrerpolicy", "strict-origin");
    // "Copy link" inside the frame.
    iframe.setAttribute("allow", "clipboard-write");
    iframe.style.width = "100%";
    iframe.style.border = "0";
    iframe.style.display = "block";
    iframe.style.height = (parseInt(attr(el, "data-height"), 10) || 600) + "px";
    frames.push({ el: el, iframe: iframe, origin: base.origin });
    el.setAttribute(MOUNTED, "");
    el.appendChild(iframe);
    return iframe;
  }

  function mountAll() {
    var els = document.querySelectorAll("[data-inference-sizer]");
    for (var i = 0; i < els.length; i++) mount(els[i]);
  }

  window.addEventListener("message", onMessage, false);

  window.InferenceSizer = {
    version: VERSION,
    mount: mount,
    mountAll: mountAll,
    /** The shape check alone (for tests and for hosts that listen themselves). */
    readMessage: readMessage
  };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll, false);
  } else {
    mountAll();
  }
})(window, document);
