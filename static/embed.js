// Slider Lab embed helper for the page that holds the iframes.
// Each embedded Slider Lab posts {type: "slider-lab:height", height} when its content
// resizes; this sets the height of the iframe that sent it. A message counts only if it comes
// from one of this page's iframe[data-slider-lab] whose address has the same origin as this
// script (an iframe marked by mistake, or by someone else, from another site is ignored), and
// only if its height is a finite number. Nothing is ever sent back.
//
//   <iframe src="https://…/slider-lab/?embed=1&…" width="600" height="960" data-slider-lab></iframe>
//   <script src="https://…/slider-lab/static/embed.js" defer></script>
(function () {
  "use strict";
  var script = document.currentScript;
  var labOrigin = new URL(script ? script.src : location.href, location.href).origin;
  var originOf = function (address) {
    try {
      return new URL(address, location.href).origin;
    } catch (error) {
      return null;
    }
  };
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "slider-lab:height" || !Number.isFinite(data.height)) return;
    if (event.origin !== labOrigin) return;
    var frames = document.querySelectorAll("iframe[data-slider-lab]");
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow === event.source && originOf(frame.src) === labOrigin) {
        var height = Math.max(120, Math.min(Math.ceil(data.height), 4000));
        frame.height = String(height);
        frame.setAttribute("data-reported-height", String(height));
      }
    }
  });
})();
