// Slider Lab embed helper for the page that holds the iframes.
// Each embedded Slider Lab posts {type: "slider-lab:height", height} when its content
// resizes; this sets the height of the iframe that sent it. Messages whose source is not
// one of this page's Slider Lab iframes are ignored, and nothing is ever sent back.
//
//   <iframe src="https://…/slider-lab/?embed=1&…" width="600" height="720" data-slider-lab></iframe>
//   <script src="https://…/slider-lab/static/embed.js" defer></script>
(function () {
  "use strict";
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "slider-lab:height" || typeof data.height !== "number") return;
    var frames = document.querySelectorAll("iframe[data-slider-lab]");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        var height = Math.max(120, Math.min(Math.ceil(data.height), 4000));
        frames[i].height = String(height);
        frames[i].setAttribute("data-reported-height", String(height));
      }
    }
  });
})();
