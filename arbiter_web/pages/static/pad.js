// The score pad's quick entry (arbiter_web/pages/pad.py): steppers beside each count, the game kept on
// this device between visits (localStorage), the print button. The page works without it: the
// counts are number fields, and every action is a plain form.
(function () {
  "use strict";
  var KEY = "arbiter-pad-record";

  function store(value) {
    try {
      if (value) { window.localStorage.setItem(KEY, value); } else { window.localStorage.removeItem(KEY); }
    } catch (error) { /* storage refused (private mode, full): the page still works */ }
  }

  function kept() {
    try { return window.localStorage.getItem(KEY) || ""; } catch (error) { return ""; }
  }

  function say(template, what) { return template.replace("{what}", what); }

  function stepper(input, words) {
    var label = document.querySelector("label[for='" + input.id + "']");
    var what = label ? label.textContent : input.name;
    var step = Number(input.step) || 1;
    function button(text, sign, template) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "pad-step";
      b.textContent = text;
      b.setAttribute("aria-label", say(template, what));
      b.addEventListener("click", function () {
        var value = Math.max(0, Math.min(Number(input.max) || 9999, (Number(input.value) || 0) + sign * step));
        input.value = value || input.hasAttribute("data-keeps-zero") ? String(value) : "";  // points left: 0 is written
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    }
    var group = document.createElement("span");
    group.className = "pad-stepper";
    input.parentNode.insertBefore(group, input);
    group.appendChild(button("−", -1, words.less));
    group.appendChild(input);
    group.appendChild(button("+", 1, words.more));
  }

  var entry = document.getElementById("pad-entry");
  if (entry) {
    var words = JSON.parse(entry.getAttribute("data-words") || "{}");
    Array.prototype.forEach.call(entry.querySelectorAll("input[data-stepper]"), function (input) { stepper(input, words); });
  }

  var record = document.getElementById("pad-record") || document.querySelector(".pad-actions textarea[name=record]");
  if (record && record.value.trim()) { store(record.value); }

  var resume = document.getElementById("pad-resume");
  if (resume && kept()) {
    resume.querySelector("input[name=record]").value = kept();
    resume.hidden = false;
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-forget]"), function (link) {
    link.addEventListener("click", function () { store(""); });
  });
})();
