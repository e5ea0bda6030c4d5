/* wsscore report: the sentence browser. Plain ES2017, no libraries, nothing loaded from anywhere.
 *
 * Reads the JSON of the element with id "wsscore-sentences" (a script of type application/json):
 *   {"systems": [name, ...],
 *    "sentences": [[line, gold, [pred, goldCodes, predCodes], ...one triple per system], ...]}
 * gold and pred are words joined by single spaces; goldCodes has one character per gold word
 * ("." correct, "s" split, "m" merged, "c" crossing), predCodes one per predicted word
 * ("." correct, "x" wrong). Missing codes count as ".". The browser is rendered into
 * <div id="wsscore-browser"> in <section id="sentences">, 50 sentences a page. Every piece of
 * data goes into the page as text (textContent, attribute values), never as HTML.
 *
 * Clicking (or pressing Enter on) any element with a data-word="..." attribute anywhere on the
 * page sets the word filter to that word and scrolls to the browser; the element's data-system,
 * data-class and data-pred attributes, where present, set those filters too (a cell of an error
 * table: that gold word, cut that way, by that system).
 *
 * The filters: a gold word (by default only the sentences where the shown systems get that word
 * wrong; "also where right" shows every sentence with it), a predicted word (the sentences where
 * a shown system predicted it wrongly), or both (the gold word, where a system's words over it
 * are the predicted ones, joined by "/" as the error tables show them). The view is kept in the
 * URL fragment, e.g. #system=jieba&pred=%E6%96%B0 with the keys system (name or number), class,
 * word, pred, all (1), differ (1, or "A,B": two systems), sort (errors, disagreements) and
 * text; opening such a link opens the same view, and every change of a filter rewrites it.
 *
 * Self-test hook, for the test-suite (harmless otherwise; it only writes data-* attributes):
 *   - once the browser has rendered, <body data-selftest="ok">; if setting up throws, or any
 *     later uncaught error happens, data-selftest="error: <message>".
 *   - with the URL fragment #selftest=word:XYZ the word filter is set to XYZ (percent-decoded)
 *     before the first render, and data-selftest-count="<number of matching sentences>" is set
 *     (data-selftest-total: all sentences, data-selftest-rows: sentences rendered on the page).
 *     Other controls may be set the same way, joined by "&": word, text, system (index or
 *     name), class (split, merged, crossing, errors, correct), differ (1), a, b (system indexes),
 *     e.g. #selftest=system:1&class:split. "#selftest" alone just records the counts.
 */
(function () {
  "use strict";

  var body = document.body;
  var PAGE_SIZE = 50;
  // Beyond this many characters a column of the interlinear layout wraps: rows shown whole.
  var MAX_COLUMN_CHARS = 12;
  var DEBOUNCE_MS = 150;
  var CLASS_NAMES = { s: "split", m: "merged", c: "crossing" };
  var CLASS_BITS = { split: 1, merged: 2, crossing: 4 };
  var PRED_WRONG_BIT = 8;
  var EMPTY = [];
  var STATE_KEYS = ["system", "class", "word", "pred", "all", "differ", "sort", "text"];
  var SORTS = { errors: 1, disagreements: 1 };

  function setSelftest(value) {
    if (body) body.setAttribute("data-selftest", value);
  }

  window.addEventListener("error", function (ev) {
    setSelftest("error: " + ((ev && ev.message) || "unknown error"));
  });

  // ---- small helpers ----

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        if (!Object.prototype.hasOwnProperty.call(attrs, key)) continue;
        var value = attrs[key];
        if (value === null || value === undefined || value === false) continue;
        if (key === "text") node.textContent = String(value);
        else if (key === "class") node.className = value;
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  // A word that starts with a character that joins the one before it (a piece of a cut grapheme
  // cluster: a combining mark, Thai SARA AM, a joiner, a skin tone) is shown after U+25CC
  // DOTTED CIRCLE, which the mark then sits on, as a mark alone is written; otherwise it
  // renders on the word before or on nothing. The page replaces this line by the characters of
  // the pinned Unicode tables that wsscore.core.units.joins_before takes (Extend, ZWJ,
  // SpacingMark); tests/output/test_report_marks.py compares them in Chromium.
  var JOINS_BEFORE = /^[\p{Mn}\p{Mc}\p{Me}\u0E33\u0EB3\u200C\u200D\uFF9E\uFF9F\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

  function shown(word) {
    return JOINS_BEFORE.test(word) ? "\u25CC" + word : word;
  }

  function str(value) {
    if (typeof value === "string") return value;
    if (value === null || value === undefined) return "";
    return String(value);
  }

  function splitWords(text) {
    if (!text) return EMPTY;
    var parts = text.split(" ");
    var words = [];
    for (var i = 0; i < parts.length; i++) if (parts[i] !== "") words.push(parts[i]);
    return words;
  }

  // whole-word occurrence of word in a space-separated gold line, without building anything
  function hasWord(gold, word) {
    var n = word.length;
    var at = gold.indexOf(word);
    while (at !== -1) {
      if ((at === 0 || gold.charCodeAt(at - 1) === 32) &&
          (at + n === gold.length || gold.charCodeAt(at + n) === 32)) return true;
      at = gold.indexOf(word, at + 1);
    }
    return false;
  }

  function debounce(fn, ms) {
    var timer = 0;
    function run() {
      timer = 0;
      fn();
    }
    run.schedule = function () {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, ms);
    };
    run.cancel = function () {
      if (timer) clearTimeout(timer);
      timer = 0;
    };
    return run;
  }

  function readJSON(id) {
    var node = document.getElementById(id);
    if (!node) return { value: null };
    var text = node.textContent.trim();
    if (!text || text.indexOf("\x3c!--slot:") === 0) return { value: null };
    try {
      return { value: JSON.parse(text) };
    } catch (err) {
      return { error: (err && err.message) || String(err) };
    }
  }

  function decode(part) {
    try {
      return decodeURIComponent(part.replace(/\+/g, " "));
    } catch (err) {
      return part;
    }
  }

  function selftestSettings() {
    var hash = window.location.hash || "";
    if (hash.slice(0, 9) !== "#selftest") return null;
    var settings = [];
    if (hash.charAt(9) === "=") {
      hash.slice(10).split("&").forEach(function (part) {
        var colon = part.indexOf(":");
        if (colon > 0) settings.push([decode(part.slice(0, colon)), decode(part.slice(colon + 1))]);
      });
    }
    return settings;
  }

  // ---- the browser ----

  function init() {
    var h1 = document.querySelector("header h1");
    var title = h1 ? h1.textContent.trim() : "";
    if (title) document.title = title;

    var section = document.getElementById("sentences");
    if (!section) return;
    var root = document.getElementById("wsscore-browser");
    if (!root) {
      root = el("div", { id: "wsscore-browser" });
      section.appendChild(root);
    }

    var parsed = readJSON("wsscore-sentences");
    if (parsed.error) {
      root.appendChild(el("p", { class: "sb-msg", text: "The sentence data could not be read: " + parsed.error }));
      setSelftest("error: sentence data: " + parsed.error);
      return;
    }
    var data = parsed.value && typeof parsed.value === "object" ? parsed.value : {};
    var sentences = Array.isArray(data.sentences) ? data.sentences : EMPTY;
    var systems = Array.isArray(data.systems) ? data.systems.map(str) : [];
    if (!systems.length && sentences.length && Array.isArray(sentences[0])) {
      for (var k0 = 2; k0 < sentences[0].length; k0++) systems.push("system " + (k0 - 1));
    }
    var total = sentences.length;
    var nsys = systems.length;

    // -- accessors, defensive about every field --
    function sentence(i) {
      var s = sentences[i];
      return Array.isArray(s) ? s : EMPTY;
    }
    function lineOf(i) {
      var v = sentence(i)[0];
      return typeof v === "number" || (typeof v === "string" && v !== "") ? v : i + 1;
    }
    function goldOf(i) {
      return str(sentence(i)[1]);
    }
    function triple(i, k) {
      var t = sentence(i)[2 + k];
      return Array.isArray(t) ? t : EMPTY;
    }
    function predOf(i, k) {
      return str(triple(i, k)[0]);
    }
    function goldCodesOf(i, k) {
      return str(triple(i, k)[1]);
    }
    function predCodesOf(i, k) {
      return str(triple(i, k)[2]);
    }

    // -- lazily built indexes --
    var masks = null; // per sentence and system: split 1, merged 2, crossing 4, wrong pred 8
    function getMasks() {
      if (masks) return masks;
      masks = new Uint8Array(total * nsys);
      for (var i = 0; i < total; i++) {
        for (var k = 0; k < nsys; k++) {
          var g = goldCodesOf(i, k);
          var m = 0;
          if (g.indexOf("s") !== -1) m |= 1;
          if (g.indexOf("m") !== -1) m |= 2;
          if (g.indexOf("c") !== -1) m |= 4;
          if (predCodesOf(i, k).indexOf("x") !== -1) m |= PRED_WRONG_BIT;
          masks[i * nsys + k] = m;
        }
      }
      return masks;
    }
    var flat = null; // gold text without spaces
    function getFlat() {
      if (flat) return flat;
      flat = new Array(total);
      for (var i = 0; i < total; i++) flat[i] = goldOf(i).replace(/\s+/g, "");
      return flat;
    }

    // -- controls --
    var uid = 0;
    function field(labelText, control) {
      var id = "sb-" + control.getAttribute("name") + "-" + ++uid;
      control.id = id;
      return el("div", { class: "sb-field" }, el("label", { for: id, text: labelText }), control);
    }
    function systemOptions(select, withAll) {
      if (withAll) select.appendChild(el("option", { value: "", text: "All systems" }));
      systems.forEach(function (name, k) {
        select.appendChild(el("option", { value: String(k), text: name || "system " + (k + 1) }));
      });
      return select;
    }

    var sysSelect = systemOptions(el("select", { name: "system" }), true);
    var classSelect = el("select", { name: "class" },
      el("option", { value: "", text: "Any" }),
      el("option", { value: "errors", text: "With errors" }),
      el("option", { value: "split", text: "Split" }),
      el("option", { value: "merged", text: "Merged" }),
      el("option", { value: "crossing", text: "Crossing" }),
      el("option", { value: "correct", text: "Correct sentences only" }));
    var wordInput = el("input", {
      type: "search", name: "word", autocomplete: "off", spellcheck: "false",
      placeholder: "a gold word", title: "Sentences whose gold segmentation has this exact word (by default only where the systems shown get it wrong)",
    });
    var predInput = el("input", {
      type: "search", name: "pred", autocomplete: "off", spellcheck: "false",
      placeholder: "a predicted word",
      title: "Sentences where a system shown predicted this word wrongly; with a gold word: that gold word cut this way (words joined by /)",
    });
    var allBox = el("input", {
      type: "checkbox", name: "all", id: "sb-all",
      title: "Also the sentences where the word is right (by default only those where it is wrong)",
    });
    var sortSelect = el("select", { name: "sort", title: "The order of the sentences" },
      el("option", { value: "", text: "Line order" }),
      el("option", { value: "errors", text: "Most wrong gold words first" }),
      el("option", { value: "disagreements", text: "Most disagreements first" }));
    var textInput = el("input", {
      type: "search", name: "text", autocomplete: "off", spellcheck: "false",
      placeholder: "characters", title: "Sentences whose text (without spaces) contains this",
    });
    var resetButton = el("button", { type: "button", text: "Clear filters" });

    var form = el("form", { class: "sb-controls", role: "search", "aria-label": "Filter the sentences", novalidate: true },
      field("System", sysSelect),
      field("Errors", classSelect),
      field("Gold word", wordInput),
      field("Predicted word", predInput),
      el("div", { class: "sb-field sb-check" }, allBox,
        el("label", { for: "sb-all", text: "also where right" })),
      field("Text contains", textInput),
      field("Sort", sortSelect));

    var differBox = null;
    var differA = null;
    var differB = null;
    if (nsys >= 2) {
      differBox = el("input", { type: "checkbox", name: "differ", id: "sb-differ" });
      differA = systemOptions(el("select", { name: "a", id: "sb-differ-a", "aria-label": "first system" }), false);
      differB = systemOptions(el("select", { name: "b", id: "sb-differ-b", "aria-label": "second system" }), false);
      differA.value = "0";
      differB.value = "1";
      form.appendChild(el("fieldset", { class: "sb-differ" },
        el("legend", { text: "Where systems differ" }),
        differBox,
        el("label", { for: "sb-differ", text: "only sentences where" }),
        differA,
        el("span", { text: "and" }),
        differB,
        el("span", { text: "differ" })));
    }
    form.appendChild(el("div", { class: "sb-field" }, resetButton));

    var count = el("p", { class: "sb-count", role: "status", "aria-live": "polite" });
    var legend = el("ul", { class: "sb-legend", "aria-label": "Legend" },
      el("li", null, el("span", { class: "w err-split", text: "split" })),
      el("li", null, el("span", { class: "w err-merged", text: "merged" })),
      el("li", null, el("span", { class: "w err-crossing", text: "crossing" })),
      el("li", null, el("span", { class: "w ok", text: "correct" })),
      el("li", null, el("span", { class: "w wrong", text: "wrong predicted word" })));

    var pageInput = el("input", { type: "number", min: "1", step: "1", value: "1", id: "sb-page", name: "page" });
    var prevTop = el("button", { type: "button", text: "\u2039 Previous" });
    var nextTop = el("button", { type: "button", text: "Next \u203a" });
    var pagesTop = el("span");
    var pagerTop = el("nav", { class: "sb-pager", "aria-label": "Sentence pages" },
      prevTop, el("label", { for: "sb-page", text: "Page" }), pageInput, pagesTop, nextTop);
    var prevBottom = el("button", { type: "button", text: "\u2039 Previous" });
    var nextBottom = el("button", { type: "button", text: "Next \u203a" });
    var pageBottom = el("span");
    var pagerBottom = el("nav", { class: "sb-pager", "aria-label": "Sentence pages (bottom)" },
      prevBottom, pageBottom, nextBottom);
    var list = el("div", { class: "sb-list" });

    root.textContent = "";
    root.appendChild(form);
    root.appendChild(el("div", { class: "sb-status" }, count, legend));
    root.appendChild(pagerTop);
    root.appendChild(list);
    root.appendChild(pagerBottom);

    // -- filtering --
    var selftest = (window.location.hash || "").slice(0, 9) === "#selftest";
    var matches = [];
    var page = 0;

    function currentFilter() {
      var sys = sysSelect.value === "" ? -1 : Number(sysSelect.value);
      return {
        sys: sys >= 0 && sys < nsys ? sys : -1,
        cls: classSelect.value,
        word: wordInput.value.trim(),
        pred: predInput.value.replace(/\s+/g, ""),
        all: allBox.checked,
        sort: SORTS[sortSelect.value] ? sortSelect.value : "",
        text: textInput.value.replace(/\s+/g, ""),
        differ: !!(differBox && differBox.checked),
        a: differA ? Number(differA.value) : 0,
        b: differB ? Number(differB.value) : 0,
      };
    }

    function filterSentences(f) {
      var out = [];
      var ks = [];
      if (f.sys >= 0) ks.push(f.sys);
      else for (var k = 0; k < nsys; k++) ks.push(k);
      var bits = CLASS_BITS[f.cls] || 0;
      var byClass = f.cls === "errors" || f.cls === "correct" || bits !== 0;
      var m = byClass ? getMasks() : null;
      var texts = f.text ? getFlat() : null;
      for (var i = 0; i < total; i++) {
        if (byClass) {
          var ok;
          var base = i * nsys;
          if (f.cls === "correct") {
            ok = true;
            for (var c = 0; c < ks.length; c++) if (m[base + ks[c]] !== 0) { ok = false; break; }
          } else {
            ok = false;
            var want = bits || 0xff;
            for (var d = 0; d < ks.length; d++) if (m[base + ks[d]] & want) { ok = true; break; }
          }
          if (!ok) continue;
        }
        if (f.word && !hasWord(goldOf(i), f.word)) continue;
        if (f.pred && !f.word && !anyHasPred(i, ks, f.pred)) continue;
        if (texts && texts[i].indexOf(f.text) === -1) continue;
        if (f.differ && predOf(i, f.a) === predOf(i, f.b)) continue;
        if ((f.word || f.pred) && !wordHits(i, ks, f).found) continue;
        out.push(i);
      }
      return f.sort ? sortedBy(out, ks, f.sort) : out;
    }

    function anyHasPred(i, ks, pred) {
      for (var k = 0; k < ks.length; k++) if (predOf(i, ks[k]).indexOf(pred) !== -1) return true;
      return false;
    }

    // -- the words a filter is about, as character ranges of the sentence --
    function spansOf(words) {
      var out = new Array(words.length);
      var at = 0;
      for (var j = 0; j < words.length; j++) {
        out[j] = [at, at + words[j].length];
        at += words[j].length;
      }
      return out;
    }

    // The system's words over characters [start, end), joined by "/" as the error tables show
    // them ("…" first where the texts differ and no word of the system starts there).
    function cutOver(words, spans, start, end) {
      var over = [];
      var first = -1;
      for (var j = 0; j < words.length; j++) {
        if (spans[j][1] > start && spans[j][0] < end) {
          if (first < 0) first = spans[j][0];
          over.push(words[j]);
        }
      }
      var cut = over.join("/");
      return first < 0 || first > start ? (cut ? "\u2026/" + cut : "\u2026") : cut;
    }

    // Where sentence i matches the word filters for the systems ks: found, and the character
    // ranges to highlight (gold words, and each system's predicted words).
    function wordHits(i, ks, f) {
      var goldWords = splitWords(goldOf(i));
      var goldSpans = spansOf(goldWords);
      var want = CLASS_BITS[f.cls] ? f.cls.charAt(0) : "";
      var hits = { found: false, gold: [], pred: {} };
      for (var r = 0; r < ks.length; r++) {
        var k = ks[r];
        var words = splitWords(predOf(i, k));
        var spans = spansOf(words);
        var gcodes = goldCodesOf(i, k);
        var pcodes = predCodesOf(i, k);
        var marks = [];
        if (f.word) {
          for (var j = 0; j < goldWords.length; j++) {
            if (goldWords[j] !== f.word) continue;
            var code = gcodes.charAt(j) || ".";
            if (!f.all && (code === "." || (want && code !== want))) continue;
            var range = goldSpans[j];
            if (f.pred && cutOver(words, spans, range[0], range[1]) !== f.pred) continue;
            hits.gold.push(range);
            marks.push(range);
          }
        } else {
          for (var p = 0; p < words.length; p++) {
            if (words[p] !== f.pred || (!f.all && pcodes.charAt(p) !== "x")) continue;
            hits.gold.push(spans[p]);
            marks.push(spans[p]);
          }
        }
        if (marks.length) hits.found = true;
        hits.pred[k] = marks;
      }
      return hits;
    }

    function overlaps(ranges, start, end) {
      for (var n = 0; n < ranges.length; n++) if (ranges[n][1] > start && ranges[n][0] < end) return true;
      return false;
    }

    // -- sorting: by wrong gold words of the systems shown, or by the boundaries they disagree on --
    function wrongGold(i, ks) {
      var n = 0;
      for (var r = 0; r < ks.length; r++) {
        var codes = goldCodesOf(i, ks[r]);
        for (var c = 0; c < codes.length; c++) if (codes.charAt(c) !== ".") n++;
      }
      return n;
    }

    function disagreements(i, ks) {
      if (ks.length < 2) return 0;
      var seen = {};
      for (var r = 0; r < ks.length; r++) {
        var words = splitWords(predOf(i, ks[r]));
        var at = 0;
        for (var j = 0; j + 1 < words.length; j++) {
          at += words[j].length;
          seen[at] = (seen[at] || 0) + 1;
        }
      }
      var n = 0;
      for (var key in seen) if (seen[key] !== ks.length) n++;
      return n;
    }

    function sortedBy(found, ks, sort) {
      var measure = sort === "errors" ? wrongGold : disagreements;
      var keyed = found.map(function (i) { return [measure(i, ks), i]; });
      keyed.sort(function (x, y) { return y[0] - x[0] || x[1] - y[1]; });
      return keyed.map(function (pair) { return pair[1]; });
    }

    function shownSystems(f) {
      var ks = [];
      for (var k = 0; k < nsys; k++) {
        if (f.sys < 0 || k === f.sys || (f.differ && (k === f.a || k === f.b))) ks.push(k);
      }
      return ks;
    }

    // -- rendering one sentence --
    function ends(words) {
      var out = new Array(words.length);
      var at = 0;
      for (var i = 0; i < words.length; i++) {
        at += words[i].length;
        out[i] = at;
      }
      return out;
    }

    function renderSentence(i, ks, f) {
      var hits = f.word || f.pred ? wordHits(i, ks, f) : { gold: EMPTY, pred: {} };
      var goldWords = splitWords(goldOf(i));
      var goldEnds = ends(goldWords);
      var goldLength = goldEnds.length ? goldEnds[goldEnds.length - 1] : 0;
      var goldFlat = goldWords.join("");
      var rows = [];
      for (var r = 0; r < ks.length; r++) {
        var words = splitWords(predOf(i, ks[r]));
        var e = ends(words);
        rows.push({
          k: ks[r],
          words: words,
          ends: e,
          codes: predCodesOf(i, ks[r]),
          gcodes: goldCodesOf(i, ks[r]),
          length: e.length ? e[e.length - 1] : 0,
          mismatch: words.join("") !== goldFlat,
        });
      }

      // cut points: gold word ends where every shown system with the same length also ends a word
      var cutSets = [];
      rows.forEach(function (row) {
        if (row.length === goldLength && row.length > 0) {
          var set = new Set(row.ends);
          cutSets.push(set);
        }
      });
      var cuts = [];
      for (var g = 0; g < goldEnds.length; g++) {
        var p = goldEnds[g];
        var all = true;
        for (var s = 0; s < cutSets.length; s++) if (!cutSets[s].has(p)) { all = false; break; }
        if (all) cuts.push(p);
      }
      var nchunks = Math.max(1, cuts.length);
      var chunks = new Array(nchunks);
      for (var c = 0; c < nchunks; c++) {
        chunks[c] = [];
        for (var q = 0; q <= rows.length; q++) chunks[c].push(null);
      }
      function place(rowIndex, words, wordEnds, makeSpan) {
        var chunk = 0;
        for (var j = 0; j < words.length; j++) {
          var start = wordEnds[j] - words[j].length;
          while (chunk < cuts.length && cuts[chunk] <= start) chunk++;
          var at = Math.min(chunk, nchunks - 1);
          if (!chunks[at][rowIndex]) chunks[at][rowIndex] = [];
          chunks[at][rowIndex].push(makeSpan(j));
        }
      }

      var multi = rows.length > 1;
      place(0, goldWords, goldEnds, function (j) {
        var span = el("span", { class: "w", text: shown(goldWords[j]) });
        var counts = {};
        var best = "";
        var lines = [];
        var marks = multi ? el("span", { class: "sb-mk", "aria-hidden": "true" }) : null;
        for (var r2 = 0; r2 < rows.length; r2++) {
          var cls = CLASS_NAMES[rows[r2].gcodes.charAt(j)] || "";
          if (cls) {
            counts[cls] = (counts[cls] || 0) + 1;
            if (!best || counts[cls] > counts[best]) best = cls;
          }
          if (multi) {
            lines.push(systems[rows[r2].k] + ": " + (cls || "correct"));
            marks.appendChild(el("i", { class: cls ? "err-" + cls : null }));
          }
        }
        span.className = (best ? "w err-" + best : "w ok") + (overlaps(hits.gold, goldEnds[j] - goldWords[j].length, goldEnds[j]) ? " hit" : "");
        if (multi) {
          span.title = lines.join("\n");
          if (best) span.appendChild(marks);
        } else if (rows.length === 1) {
          span.title = best || "correct";
        }
        return span;
      });
      rows.forEach(function (row, r3) {
        var marked = hits.pred[row.k] || EMPTY;
        place(r3 + 1, row.words, row.ends, function (j) {
          var wrong = row.codes.charAt(j) === "x";
          var hit = overlaps(marked, row.ends[j] - row.words[j].length, row.ends[j]) ? " hit" : "";
          return el("span", {
            class: (wrong ? "w wrong" : "w ok") + hit,
            title: wrong ? "wrong: not a word of the gold segmentation" : null,
            text: shown(row.words[j]),
          });
        });
      });

      var lines = el("div", { class: multi ? "sb-lines has-marks" : "sb-lines" });
      var labelCells = [el("div", { class: "sb-cell sb-g", text: "gold" })];
      rows.forEach(function (row) {
        var name = systems[row.k] || "system " + (row.k + 1);
        var cell = el("div", { class: "sb-cell", title: name, text: name });
        if (!row.words.length && goldWords.length) {
          cell.appendChild(el("span", { class: "sb-flag", title: "no output for this sentence", text: "\u2205" }));
        } else if (row.mismatch) {
          cell.appendChild(el("span", { class: "sb-flag", title: "its characters differ from the gold's", text: "\u2260" }));
        }
        labelCells.push(cell);
      });
      // A piece on which the rows agree only at its ends is a column that wraps inside itself,
      // and its rows would no longer be level with their labels: then each row is shown whole
      // beside its label (words no longer under their gold words, but every row labelled).
      var widest = 0;
      for (var w = 0, before = 0; w < cuts.length; w++) {
        widest = Math.max(widest, cuts[w] - before);
        before = cuts[w];
      }
      if (widest > MAX_COLUMN_CHARS || !cuts.length) {
        lines.className += " sb-stacked";
        for (var r5 = 0; r5 <= rows.length; r5++) {
          lines.appendChild(el("div", { class: "sb-lab" }, labelCells[r5]));
          var whole = el("div", { class: r5 === 0 ? "sb-cell sb-g sb-row" : "sb-cell sb-row" });
          for (var c3 = 0; c3 < nchunks; c3++) {
            var pieces = chunks[c3][r5];
            if (pieces) for (var y = 0; y < pieces.length; y++) whole.appendChild(pieces[y]);
          }
          lines.appendChild(whole);
        }
        return el("article", { class: "sb-sent", "aria-label": "Sentence " + lineOf(i) },
          sentenceHead(i, ks),
          lines);
      }
      var labels = el("div", { class: "sb-chunk sb-lab" });
      labelCells.forEach(function (cell) { labels.appendChild(cell); });
      lines.appendChild(labels);
      var flow = el("div", { class: "sb-flow" });
      lines.appendChild(flow);
      var rowNames = ["gold"];
      rows.forEach(function (row) { rowNames.push(systems[row.k] || "system " + (row.k + 1)); });
      for (var c2 = 0; c2 < nchunks; c2++) {
        var col = el("div", { class: "sb-chunk" });
        for (var r4 = 0; r4 <= rows.length; r4++) {
          var cell2 = el("div", { class: r4 === 0 ? "sb-cell sb-g" : "sb-cell", title: rowNames[r4] });
          var spans = chunks[c2][r4];
          if (spans) for (var x = 0; x < spans.length; x++) cell2.appendChild(spans[x]);
          else if (c2 === 0 && r4 === 0 && !goldWords.length) {
            cell2.appendChild(el("span", { class: "sb-empty", text: "(empty line)" }));
          }
          col.appendChild(cell2);
        }
        flow.appendChild(col);
      }

      return el("article", { class: "sb-sent", "aria-label": "Sentence " + lineOf(i) },
        sentenceHead(i, ks),
        lines);
    }

    function sentenceHead(i, ks) {
      var names = ks.map(function (k) { return systems[k] || "system " + (k + 1); }).join(", ");
      var wrong = wrongGold(i, ks);
      var head = el("div", { class: "sb-head" },
        el("span", { class: "sb-no", title: "line " + lineOf(i) + " of the gold file", text: "#" + lineOf(i) }),
        el("span", {
          class: "sb-n", "data-errors": String(wrong),
          title: "gold words that " + names + " got wrong in this sentence (split, merged or crossing), summed over the systems shown",
          text: wrong + (wrong === 1 ? " wrong gold word" : " wrong gold words"),
        }));
      if (ks.length > 1) {
        var differ = disagreements(i, ks);
        head.appendChild(el("span", {
          class: "sb-n", "data-disagreements": String(differ),
          title: "places between two characters where some of " + names + " put a word boundary and others do not",
          text: differ + (differ === 1 ? " disagreement" : " disagreements"),
        }));
      }
      return head;
    }

    // -- rendering a page --
    // 1,944 rather than 1944, whatever the reader's locale: the page reads the same for everyone.
    function grouped(n) {
      return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    }

    function pageCount() {
      return Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
    }

    function render() {
      var f = currentFilter();
      var pages = pageCount();
      if (page >= pages) page = pages - 1;
      if (page < 0) page = 0;
      count.textContent = grouped(matches.length) + " of " + grouped(total) + " sentences";
      var from = page * PAGE_SIZE;
      var to = Math.min(matches.length, from + PAGE_SIZE);
      pageInput.value = String(page + 1);
      pageInput.max = String(pages);
      pagesTop.textContent = "of " + grouped(pages) + (matches.length ? " (sentences " + grouped(from + 1) + "\u2013" + grouped(to) + ")" : "");
      pageBottom.textContent = "Page " + (page + 1) + " of " + pages;
      prevTop.disabled = prevBottom.disabled = page === 0;
      nextTop.disabled = nextBottom.disabled = page >= pages - 1;
      pagerTop.hidden = pagerBottom.hidden = pages <= 1;

      var ks = shownSystems(f);
      var fragment = document.createDocumentFragment();
      for (var n = from; n < to; n++) fragment.appendChild(renderSentence(matches[n], ks, f));
      if (!matches.length) {
        fragment.appendChild(el("p", { class: "sb-msg", text: total ? "No sentence matches these filters." : "There are no sentences." }));
      }
      list.textContent = "";
      list.appendChild(fragment);
    }

    function apply() {
      matches = filterSentences(currentFilter());
      page = 0;
      render();
      writeState();
    }

    // -- the view in the URL fragment --
    function systemKey(k) {
      return systems[k] || String(k);
    }

    function stateOf() {
      var f = currentFilter();
      var pairs = [];
      if (f.sys >= 0) pairs.push(["system", systemKey(f.sys)]);
      if (f.cls) pairs.push(["class", f.cls]);
      if (f.word) pairs.push(["word", f.word]);
      if (f.pred) pairs.push(["pred", f.pred]);
      if (f.all) pairs.push(["all", "1"]);
      if (f.differ) pairs.push(["differ", f.a === 0 && f.b === 1 ? "1" : systemKey(f.a) + "," + systemKey(f.b)]);
      if (f.sort) pairs.push(["sort", f.sort]);
      if (f.text) pairs.push(["text", f.text]);
      return pairs.map(function (pair) {
        return pair[0] + "=" + encodeURIComponent(pair[1]);
      }).join("&");
    }

    var written = null;
    function writeState() {
      if (selftest || !window.history || !history.replaceState) return;
      var state = stateOf();
      var hash = window.location.hash || "";
      // A section's anchor (#errors) stays until a filter is set: the state replaces it then.
      if (state === written || (!state && hash.indexOf("=") === -1)) return;
      written = state;
      var url = window.location.pathname + window.location.search + (state ? "#" + state : "");
      try {
        history.replaceState(null, "", url);
      } catch (err) {
        /* a file: URL the browser will not rewrite: the view works, the link stays as it was */
      }
    }

    function systemIndex(value) {
      var index = systems.indexOf(value);
      if (index !== -1) return index;
      return /^[0-9]+$/.test(value) && Number(value) < nsys ? Number(value) : -1;
    }

    function readState(hash) {
      var state = {};
      hash.replace(/^#/, "").split("&").forEach(function (part) {
        var eq = part.indexOf("=");
        if (eq > 0) state[decode(part.slice(0, eq))] = decode(part.slice(eq + 1));
      });
      return state;
    }

    function setState(state) {
      var sys = systemIndex(state.system || "");
      sysSelect.value = sys >= 0 ? String(sys) : "";
      classSelect.value = state["class"] || "";
      if (classSelect.selectedIndex < 0) classSelect.value = "";
      wordInput.value = state.word || "";
      predInput.value = state.pred || "";
      allBox.checked = !!state.all && state.all !== "0";
      textInput.value = state.text || "";
      sortSelect.value = SORTS[state.sort] ? state.sort : "";
      if (differBox) {
        var pair = (state.differ || "").split(",");
        var a = pair.length === 2 ? systemIndex(pair[0]) : 0;
        var b = pair.length === 2 ? systemIndex(pair[1]) : 1;
        differBox.checked = !!state.differ && state.differ !== "0";
        differA.value = String(a >= 0 ? a : 0);
        differB.value = String(b >= 0 ? b : 1);
      }
    }

    function stateInHash() {
      var hash = window.location.hash || "";
      if (hash.indexOf("=") === -1 || selftest) return null;
      var state = readState(hash);
      for (var key in state) if (STATE_KEYS.indexOf(key) !== -1) return state;
      return null;
    }

    function goTo(newPage, scroll) {
      page = newPage;
      render();
      if (scroll && pagerTop.scrollIntoView) pagerTop.scrollIntoView({ block: "start" });
    }

    // -- events --
    var delayed = debounce(apply, DEBOUNCE_MS);
    wordInput.addEventListener("input", delayed.schedule);
    predInput.addEventListener("input", delayed.schedule);
    textInput.addEventListener("input", delayed.schedule);
    [sysSelect, classSelect, allBox, sortSelect, differBox, differA, differB].forEach(function (control) {
      if (control) control.addEventListener("change", function () {
        delayed.cancel();
        apply();
      });
    });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      delayed.cancel();
      apply();
    });
    resetButton.addEventListener("click", function () {
      delayed.cancel();
      sysSelect.value = "";
      classSelect.value = "";
      wordInput.value = "";
      predInput.value = "";
      allBox.checked = false;
      sortSelect.value = "";
      textInput.value = "";
      if (differBox) {
        differBox.checked = false;
        differA.value = "0";
        differB.value = "1";
      }
      apply();
    });
    prevTop.addEventListener("click", function () { goTo(page - 1, false); });
    nextTop.addEventListener("click", function () { goTo(page + 1, false); });
    prevBottom.addEventListener("click", function () { goTo(page - 1, true); });
    nextBottom.addEventListener("click", function () { goTo(page + 1, true); });
    pageInput.addEventListener("change", function () {
      var wanted = Math.floor(Number(pageInput.value));
      goTo(isFinite(wanted) ? wanted - 1 : page, false);
    });
    pageInput.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        ev.preventDefault();
        var wanted = Math.floor(Number(pageInput.value));
        goTo(isFinite(wanted) ? wanted - 1 : page, false);
      }
    });

    // A word of a table: that gold word, and the system, error class and cut the cell is about.
    function setWord(node) {
      delayed.cancel();
      setState({
        word: node.getAttribute("data-word") || "",
        pred: node.getAttribute("data-pred") || "",
        system: node.getAttribute("data-system") || "",
        "class": node.getAttribute("data-class") || "",
        sort: sortSelect.value,
      });
      apply();
      if (section.scrollIntoView) section.scrollIntoView({ block: "start" });
      try {
        wordInput.focus({ preventScroll: true });
      } catch (err) {
        /* focus options unsupported: leave the focus where it is */
      }
    }

    function wordTarget(ev) {
      var target = ev.target;
      if (!target || typeof target.closest !== "function") return null;
      var node = target.closest("[data-word]");
      return node && !root.contains(node) ? node : null;
    }

    document.addEventListener("click", function (ev) {
      if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
      var node = wordTarget(ev);
      if (!node) return;
      ev.preventDefault();
      setWord(node);
    });
    // Keyboard: data-word elements that are not buttons or links get focus and react to Enter/Space.
    var NATIVE = { A: 1, BUTTON: 1, INPUT: 1, SELECT: 1, TEXTAREA: 1 };
    var wordNodes = document.querySelectorAll("[data-word]");
    for (var w = 0; w < wordNodes.length; w++) {
      var node = wordNodes[w];
      if (root.contains(node) || NATIVE[node.tagName.toUpperCase()]) continue;
      if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
      if (!node.hasAttribute("role")) node.setAttribute("role", "button");
      if (!node.hasAttribute("title") && !node.querySelector("title")) node.setAttribute("title", "Show the sentences with this word");
    }
    document.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      var node = wordTarget(ev);
      if (!node || node !== ev.target || NATIVE[node.tagName.toUpperCase()]) return;
      ev.preventDefault();
      setWord(node);
    });
    window.addEventListener("hashchange", function () {
      var state = stateInHash();
      if (!state || stateOf() === (window.location.hash || "").slice(1)) return;
      delayed.cancel();
      setState(state);
      apply();
    });

    // -- first render, with the self-test settings if any --
    var settings = selftestSettings();
    var opened = stateInHash();
    if (opened) setState(opened);
    if (settings) {
      settings.forEach(function (pair) {
        var control = form.elements.namedItem(pair[0]);
        if (!control || control.length && !control.tagName) return;
        if (control.type === "checkbox") {
          control.checked = pair[1] !== "" && pair[1] !== "0" && pair[1] !== "false";
        } else if (control.tagName === "SELECT") {
          var index = systems.indexOf(pair[1]);
          control.value = pair[0] !== "class" && index !== -1 && !/^[0-9]+$/.test(pair[1]) ? String(index) : pair[1];
        } else {
          control.value = pair[1];
        }
      });
    }
    apply();
    if (settings) {
      body.setAttribute("data-selftest-count", String(matches.length));
      body.setAttribute("data-selftest-total", String(total));
      body.setAttribute("data-selftest-rows", String(list.querySelectorAll(".sb-sent").length));
    }
  }

  try {
    init();
    if (!body.hasAttribute("data-selftest")) setSelftest("ok");
  } catch (err) {
    setSelftest("error: " + ((err && err.message) || String(err)));
    var root = document.getElementById("wsscore-browser");
    if (root) {
      root.appendChild(el("p", { class: "sb-msg", text: "The sentence browser failed: " + ((err && err.message) || String(err)) }));
    }
    if (window.console && console.error) console.error(err);
  }
})();
