// The copy buttons (issue 59): a button with data-copy="ID" copies the text of the element ID (a
// code, a link) to the clipboard and says so in its status (data-status, a polite live region).
// Without a clipboard it selects the text, so that the device's own copy takes it. The buttons
// are hidden until this script shows them: without scripts the text is there to copy by hand.
(function () {
  "use strict";

  function textOf(target) {
    return target.tagName === "INPUT" ? target.value : target.textContent.trim();
  }

  function select(target) {
    if (target.tagName === "INPUT") {
      target.select();
    } else {
      const range = document.createRange();
      range.selectNodeContents(target);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    }
    try {
      return document.execCommand("copy");
    } catch (_) {
      return false;
    }
  }

  function say(button, copied) {
    const status = document.getElementById(button.dataset.status);
    if (status) {
      status.textContent = copied ? button.dataset.copied : button.dataset.failed;
    }
  }

  function copy(button) {
    const target = document.getElementById(button.dataset.copy);
    if (!target) {
      return;
    }
    const text = textOf(target);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { say(button, true); },
        function () { say(button, select(target)); }
      );
    } else {
      say(button, select(target));
    }
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copy(button); });
  });
})();
