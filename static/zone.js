// The reader's time zone, as the browser knows it (served as /static/zone.<hash>.js, see
// src/web/assets.rs; no inline script: the Content Security Policy forbids it). It fills every
// `input.browser-zone` of the forms a person submits (accepting an invitation), so the service
// stores the zone for them, and chooses it in a zone list that still shows only a guess
// (`select[data-zone-unknown]`, the settings). Without script the forms work as they are.
(function () {
  "use strict";
  function browserZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      return "";
    }
  }
  function fill() {
    var zone = browserZone();
    if (!zone) { return; }
    var fields = document.querySelectorAll("input.browser-zone");
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].value) { fields[i].value = zone; }
    }
    var lists = document.querySelectorAll("select[data-zone-unknown]");
    for (var j = 0; j < lists.length; j++) {
      var options = lists[j].options;
      for (var k = 0; k < options.length; k++) {
        if (options[k].value === zone) {
          lists[j].value = zone;
          break;
        }
      }
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fill);
  } else {
    fill();
  }
})();
