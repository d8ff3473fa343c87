// The site's one script, served as /static/site.<hash>.js (src/web/assets.rs); the pages
// carry no inline script (the Content Security Policy forbids it).
(function () {
  "use strict";
  // A form's share of the deal's randomness: 32 random bytes from the browser, in hex, in
  // every `input.entropy` (the accept and rematch forms).
  function randomHex() {
    var bytes = new Uint8Array(32);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function fillEntropy() {
    var fields = document.querySelectorAll("input.entropy");
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].value) { fields[i].value = randomHex(); }
    }
  }
  // The replay viewer: arrow keys, Home and End step through the game.
  function replayKeys() {
    if (!document.querySelector(".replay-nav")) { return; }
    document.addEventListener("keydown", function (e) {
      if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) { return; }
      var ids = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};
      var id = ids[e.key];
      var link = id && document.getElementById(id);
      if (link) { window.location = link.href; }
    });
  }
  // A seat page answered to a posted form (a stale or refused move) names its own address:
  // show that one, so that reloading reads the page instead of posting the form again.
  function ownAddress() {
    var own = document.querySelector('link[rel="canonical"]');
    if (own && window.history.replaceState && own.getAttribute("href") !== window.location.pathname) {
      window.history.replaceState(null, "", own.getAttribute("href"));
    }
  }
  function start() { fillEntropy(); replayKeys(); ownAddress(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
