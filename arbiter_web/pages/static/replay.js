// Stepping through a hand on the ruling page. Without this script every turn is a link and CSS
// `:target` shows its table; with it, the Back and Forward buttons and the arrow keys step without
// jumping about the page, and the turn's line in the record is highlighted.
"use strict";

(function () {
  const HERE = "replay-here";

  function frames(replay) {
    return Array.from(replay.querySelectorAll(".frame"));
  }

  function show(replay, frame, focus) {
    for (const other of frames(replay)) {
      other.classList.toggle("current", other === frame);
    }
    for (const link of replay.querySelectorAll(".turn-link")) {
      if (link.dataset.frame === frame.id) {
        link.setAttribute("aria-current", "step");
      } else {
        link.removeAttribute("aria-current");
      }
    }
    for (const line of document.querySelectorAll(".line." + HERE)) {
      line.classList.remove(HERE);
    }
    const line = frame.dataset.line && document.getElementById("L" + frame.dataset.line);
    if (line) {
      line.classList.add(HERE);
    }
    replay.dataset.current = frame.id;
    if (focus) {
      replay.focus({ preventScroll: true });
    }
  }

  function step(replay, by) {
    const all = frames(replay);
    const at = all.findIndex((frame) => frame.id === replay.dataset.current);
    const next = all[at + by];
    if (next) {
      show(replay, next, true);
    }
  }

  function start(replay) {
    const all = frames(replay);
    if (!all.length) {
      return;
    }
    replay.classList.add("js");
    const targeted = all.find((frame) => "#" + frame.id === window.location.hash);
    const first = targeted || all.find((frame) => frame.classList.contains("start")) || all[0];
    show(replay, first, false);
    replay.addEventListener("click", (event) => {
      const link = event.target.closest("a");
      if (!link || !replay.contains(link)) {
        return;
      }
      if (link.dataset.step) {
        event.preventDefault();
        step(replay, Number(link.dataset.step));
      } else if (link.dataset.frame) {
        event.preventDefault();
        show(replay, document.getElementById(link.dataset.frame), true);
      }
    });
    replay.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        step(replay, event.key === "ArrowLeft" ? -1 : 1);
      }
    });
  }

  function follow() {
    const frame = window.location.hash && document.getElementById(window.location.hash.slice(1));
    const replay = frame && frame.classList.contains("frame") && frame.closest(".replay.js");
    if (replay) {
      show(replay, frame, false);
    }
  }

  document.querySelectorAll(".replay").forEach(start);
  window.addEventListener("hashchange", follow);
})();
