// The situation editor by clicks (progressive enhancement of /editor).
// The text fields stay the truth the server reads: the card buttons only write into them, the
// chips under each field only show (and take back) what the field holds, and the counts are
// checked here as the player builds. Without this script the page works by typing.
(function () {
  "use strict";

  var form = document.getElementById("editor");
  if (!form) return;
  var pack = JSON.parse(form.getAttribute("data-pack") || "{}");
  // The family's own names of cards (the classic books' R3 for B): what the buttons write, counted as the card.
  var aliases = JSON.parse(form.getAttribute("data-aliases") || "{}");
  var family = form.getAttribute("data-family") || "";
  var footSize = parseInt(form.getAttribute("data-foot") || "0", 10);
  var deal = parseInt(form.getAttribute("data-deal") || "0", 10);
  var palette = document.getElementById("palette");
  var target = document.getElementById("target");
  var problems = document.getElementById("problems");  // the server's, at the top of the page
  var counted = document.getElementById("palette-problems");  // the counts', beside the card buttons
  var zones = Array.prototype.slice.call(form.querySelectorAll(".zone[data-kind='cards'], .zone[data-kind='melds']"));
  var moveZone = form.querySelector(".zone[data-kind='words']");
  var move = document.getElementById("move");
  // The page's words in its language (data-words, written by the template), English otherwise.
  var said = JSON.parse(form.getAttribute("data-words") || "{}");
  var ENGLISH = {
    takeBack: "Take it back",
    move: "the move",
    put: "Put {card} into {where}",
    checkTable: "Check the table",
    footSize: "{label} has {n} cards: a Foot is dealt {foot} and stays untouched until picked up",
    handSize: "{label} holds {n} cards: more than {most} is not a plausible hand (the deal is {deal})",
    notCard: "“{card}” is not a card of {family}",
    tooMany: "there are {n} cards {card} on this table, but {family} has only {pack}"
  };
  function say(key, values) {
    var text = said[key] || ENGLISH[key];
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(String(values[name])); });
    return text;
  }
  // A meld of a side, and a new one, as the zone names them (data-meld with {n}, data-new-meld).
  function meldName(zone, label, number) {
    var named = zone.getAttribute("data-meld");
    return named ? named.split("{n}").join(String(number)) : label.replace(/melds$/, "meld " + number);
  }
  function newMeldName(zone, label) { return zone.getAttribute("data-new-meld") || label.replace(/melds$/, "new meld"); }

  function input(zone) { return zone.querySelector("input"); }
  function words(text) { return text.replace(/,/g, " ").split(/\s+/).filter(Boolean); }

  // Melds as typed: [7 7 7] [J J 2]; cards outside brackets make one more meld.
  function melds(text) {
    var found = [], rest = text.replace(/\[([^\[\]]*)\]/g, function (_, group) { found.push(words(group)); return " "; });
    rest = words(rest.replace(/[\[\]]/g, " "));
    if (rest.length) found.push(rest);
    return found.filter(function (meld) { return meld.length; });
  }
  function meldText(list) { return list.map(function (meld) { return "[" + meld.join(" ") + "]"; }).join(" "); }

  function button(text, label, onPress) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "chip card";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = say("takeBack");
    b.addEventListener("click", onPress);
    return b;
  }

  // The chips of a zone: one button per card, named like "ann's hand: 9".
  function drawChips(zone) {
    var box = zone.querySelector(".chips"), field = input(zone), label = zone.getAttribute("data-label");
    box.textContent = "";
    if (zone.getAttribute("data-kind") === "melds") {
      melds(field.value).forEach(function (meld, m) {
        var group = document.createElement("span");
        group.className = "meld";
        meld.forEach(function (card, i) {
          group.appendChild(button(card, meldName(zone, label, m + 1) + ": " + card, function () {
            var all = melds(field.value);
            all[m].splice(i, 1);
            field.value = meldText(all.filter(function (x) { return x.length; }));
            changed(zone);
          }));
        });
        box.appendChild(group);
      });
    } else {
      words(field.value).forEach(function (card, i) {
        box.appendChild(button(card, label + ": " + card, function () {
          var all = words(field.value);
          all.splice(i, 1);
          field.value = all.join(" ");
          changed(zone);
          var next = box.querySelectorAll("button")[Math.min(i, all.length - 1)];
          if (next) next.focus(); else field.focus();
        }));
      });
    }
  }

  // The places to put cards: every zone, each meld of a side, and a new meld.
  function fillTargets() {
    var chosen = target.value;
    target.textContent = "";
    zones.forEach(function (zone, z) {
      var label = zone.getAttribute("data-label");
      if (zone.getAttribute("data-kind") === "melds") {
        melds(input(zone).value).forEach(function (_, m) {
          target.appendChild(new Option(meldName(zone, label, m + 1), z + ":" + m));
        });
        target.appendChild(new Option(newMeldName(zone, label), z + ":new"));
      } else {
        target.appendChild(new Option(label, z + ":"));
      }
    });
    if (moveZone) target.appendChild(new Option(say("move"), "move:"));
    if (chosen && Array.prototype.some.call(target.options, function (o) { return o.value === chosen; })) target.value = chosen;
    nameButtons();
  }

  function nameButtons() {
    var where = target.options[target.selectedIndex] ? target.options[target.selectedIndex].text : "";
    Array.prototype.forEach.call(palette.querySelectorAll(".card-button"), function (b) {
      b.setAttribute("aria-label", say("put", { card: b.textContent, where: where }));
    });
  }

  function put(card) {
    var parts = target.value.split(":");
    if (parts[0] === "move") { addWord(card); return; }
    var zone = zones[parseInt(parts[0], 10)], field = input(zone);
    if (zone.getAttribute("data-kind") === "melds") {
      var all = melds(field.value);
      if (parts[1] === "new") { all.push([card]); parts[1] = String(all.length - 1); }
      else all[parseInt(parts[1], 10)].push(card);
      field.value = meldText(all);
      changed(zone);
      target.value = parts[0] + ":" + parts[1];  // the next card goes into the same meld
      nameButtons();
    } else {
      field.value = words(field.value).concat([card]).join(" ");
      changed(zone);
    }
  }

  var ACTIONS = ["draw", "take", "meld", "add", "discard"];

  // One more word of the move; a new action after another is set off by a comma, as a turn line is.
  function addWord(word) {
    var text = move.value.replace(/\s+$/, "");
    if (ACTIONS.indexOf(word) >= 0 && text && !/,$/.test(text)) text += ",";
    if (word === "," || word === "]") text += word;
    else if (/\[$/.test(text)) text += word;
    else text += (text ? " " : "") + word;
    move.value = text;
  }

  // The counts, checked as the player builds: no more of a card than the packs hold, a Foot of
  // the size dealt, a hand no bigger than a hand can be.
  function check() {
    var counts = {}, found = [];
    zones.forEach(function (zone) {
      var field = input(zone), name = field.name, label = zone.getAttribute("data-label");
      var cards = zone.getAttribute("data-kind") === "melds" ? [].concat.apply([], melds(field.value)) : words(field.value);
      cards.forEach(function (card) { card = aliases[card] || card; counts[card] = (counts[card] || 0) + 1; });
      if (name.indexOf("foot.") === 0 && cards.length && cards.length !== footSize) {
        found.push(say("footSize", { label: label, n: cards.length, foot: footSize }));
      }
      if (name.indexOf("hold.") === 0 && deal && cards.length > 4 * deal) {
        found.push(say("handSize", { label: label, n: cards.length, most: 4 * deal, deal: deal }));
      }
    });
    Object.keys(counts).forEach(function (card) {
      if (!(card in pack)) found.push(say("notCard", { card: card, family: family }));
      else if (counts[card] > pack[card]) found.push(say("tooMany", { n: counts[card], card: card, family: family, pack: pack[card] }));
    });
    problems.textContent = "";  // the server's problems were of the table as it came; the counts say now
    counted.textContent = "";
    counted.hidden = !found.length;
    if (!found.length) return;
    var title = document.createElement("p"), list = document.createElement("ul");
    title.className = "banner-title";
    title.textContent = say("checkTable");
    found.forEach(function (text) { var li = document.createElement("li"); li.textContent = text; list.appendChild(li); });
    counted.appendChild(title);
    counted.appendChild(list);
  }

  function changed(zone) { drawChips(zone); fillTargets(); check(); }

  zones.forEach(function (zone) {
    drawChips(zone);
    input(zone).addEventListener("input", function () { changed(zone); });
  });
  palette.hidden = false;
  fillTargets();
  target.addEventListener("change", nameButtons);
  Array.prototype.forEach.call(palette.querySelectorAll(".card-button"), function (b) {
    b.addEventListener("click", function () { put(b.textContent.trim()); });  // the card as the family writes it (R3)
  });
  if (moveZone) {
    var wordBox = moveZone.querySelector(".word-buttons");
    wordBox.hidden = false;
    Array.prototype.forEach.call(wordBox.querySelectorAll(".word-button"), function (b) {
      b.addEventListener("click", function () { addWord(b.getAttribute("data-word")); });
    });
    document.getElementById("move-back").addEventListener("click", function () {
      move.value = move.value.replace(/\s*(\S+|,)\s*$/, "");
    });
  }
})();
