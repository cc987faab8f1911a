/* The demo host page's own script: logs what the embedded calculator reports.
 * A real host would use the result to preselect a server in its order form. */
(function () {
  "use strict";
  var sizer = document.getElementById("sizer");
  var log = document.getElementById("events");
  if (!sizer || !log) return;

  function money(amount, currency) {
    if (typeof amount !== "number") return "no price";
    try {
      return new Intl.NumberFormat("en", { style: "currency", currency: currency, maximumFractionDigits: 0 }).format(amount);
    } catch (e) {
      return Math.round(amount) + " " + currency;
    }
  }

  function add(type, text, detail) {
    var li = document.createElement("li");
    li.setAttribute("data-type", type);
    li.setAttribute("data-detail", JSON.stringify(detail));
    // textContent, never innerHTML: the detail comes from another origin.
    li.textContent = new Date().toLocaleTimeString("en-GB") + " " + type + ": " + text;
    log.appendChild(li);
  }

  sizer.addEventListener("inference-sizer:ready", function (e) {
    add("ready", "the calculator is ready (protocol v" + e.detail.version + ")", e.detail);
  });
  sizer.addEventListener("inference-sizer:result", function (e) {
    var r = e.detail;
    var text = r.offer_id
      ? r.gpu_count + "x " + (r.gpu_id || "CPU") + " at " + r.provider + " (" + r.offer_id + "), " +
        money(r.monthly_cost, r.currency) + " per month, " + r.deployment
      : "nothing fits this scenario";
    // Provider mode: our offer leads; the market's cheapest is shown beside it, never hidden.
    if (r.pick === "provider" && r.market_offer_id && r.market_offer_id !== r.offer_id) {
      text += "; the market's cheapest: " + r.market_provider + " (" + r.market_offer_id + "), " +
        money(r.market_monthly_cost, r.currency) + " per month";
    }
    add("result", text, r);
  });
})();
