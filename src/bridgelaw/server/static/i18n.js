// The pages' own words in the reader's language (docs/languages.md).
// Every page loads this script first, and only this one: it chooses the language (`?lang=`,
// else the one picked on this browser, else the browser's, else English), fetches that
// language's page words from the server (GET /api/page-words?lang=..., made from the gettext
// catalogs), translates the page's own HTML, puts the language picker on the page, and then
// loads the page's scripts (data-main), which write their words with `_()` and `ngettext()`:
// the English is the message id (gettext's way), extracted by Babel's JavaScript extractor
// (`make catalogs`). Parameters are named: _("Board {board}", { board: 3 }).
"use strict";
(function () {
  const KNOWN = ["en", "pl", "hu", "sk"];
  // each language named in itself, as a picker shows them (the same in every language)
  const NAMES = { en: "English", pl: "Polski", hu: "Magyar", sk: "Slovenčina" };
  const STORE = "bridgelaw.lang";
  const script = document.currentScript;
  const mains = ((script && script.dataset.main) || "").split(/\s+/).filter(Boolean);
  const modules = Boolean(script && script.dataset.module);

  // A token in the address (#token=...) leaves the address bar at once, before the words are
  // fetched (the history, a bookmark, a screenshot never keep it); the page's scripts read
  // the fragment as it came from I18N.hash.
  const hash = location.hash;
  const fragment = new URLSearchParams(hash.slice(1));
  if (fragment.has("token")) {
    fragment.delete("token");
    const rest = fragment.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  }

  let lang = "en";
  let words = {};
  let plural = (n) => (n === 1 ? 0 : 1);
  let refusal = null; // the server's words when `?lang=` names a language it does not have

  // -- gettext ---------------------------------------------------------------------------------

  function format(text, params) {
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? shown(params[name]) : whole));
  }

  // a parameter as the page prints it: a fraction in the language's way (decimal comma)
  function shown(value) {
    if (typeof value === "number" && !Number.isInteger(value)) return number(value);
    return String(value);
  }

  function number(value, digits = 2) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value ?? "");
    return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false }).format(value);
  }

  function gettext(msgid, params) {
    const found = words[msgid];
    return format(typeof found === "string" && found ? found : msgid, params);
  }

  function ngettext(one, other, n, params) {
    const forms = words[one];
    let text = n === 1 ? one : other;
    if (Array.isArray(forms)) {
      const form = forms[plural(n)];
      if (form) text = form;
    }
    return format(text, params);
  }

  // -- the catalog's plural rule (its Plural-Forms header: a C expression of n) -------------------
  // Read with a small parser of its own: the pages' Content-Security-Policy forbids eval.

  function pluralRule(expression) {
    const tokens = expression.match(/\d+|n|\|\||&&|==|!=|<=|>=|[<>?:%()!+\-*/]/g) || [];
    let at = 0;
    const peek = () => tokens[at];
    const take = (token) => {
      if (tokens[at] !== token) throw new Error(`plural rule: ${token} expected`);
      at += 1;
    };
    const binary = (next, ops) => () => {
      let left = next();
      while (ops[peek()]) {
        const op = ops[tokens[at++]];
        const a = left;
        const b = next();
        left = (n) => op(a(n), b(n));
      }
      return left;
    };
    let ternary = null;
    const primary = () => {
      const token = tokens[at++];
      if (token === "n") return (n) => n;
      if (token === "(") {
        const inner = ternary();
        take(")");
        return inner;
      }
      if (token === "!") {
        const inner = primary();
        return (n) => (inner(n) ? 0 : 1);
      }
      if (/^\d+$/.test(token || "")) return () => Number(token);
      throw new Error(`plural rule: unexpected ${token}`);
    };
    const mul = binary(primary, { "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b });
    const add = binary(mul, { "+": (a, b) => a + b, "-": (a, b) => a - b });
    const rel = binary(add, { "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b) });
    const eq = binary(rel, { "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b) });
    const and = binary(eq, { "&&": (a, b) => +(a && b) });
    const or = binary(and, { "||": (a, b) => +(a || b) });
    ternary = () => {
      const test = or();
      if (peek() !== "?") return test;
      at += 1;
      const yes = ternary();
      take(":");
      const no = ternary();
      return (n) => (test(n) ? yes(n) : no(n));
    };
    const rule = ternary();
    if (at !== tokens.length) throw new Error("plural rule: trailing tokens");
    return (n) => Number(rule(Math.abs(Math.trunc(n))));
  }

  // -- which language ----------------------------------------------------------------------------

  function stored() {
    try {
      const value = localStorage.getItem(STORE);
      return KNOWN.includes(value) ? value : null;
    } catch (error) {
      return null;
    }
  }

  function browserLanguage() {
    const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (const tag of tags) {
      const primary = String(tag || "").toLowerCase().split("-")[0];
      if (KNOWN.includes(primary)) return primary;
    }
    return null;
  }

  async function fetchWords(code) {
    const answer = await fetch(`/api/page-words?lang=${encodeURIComponent(code)}`, { cache: "no-store" });
    let body = {};
    try {
      body = await answer.json();
    } catch (error) {
      body = {};
    }
    return { status: answer.status, body };
  }

  async function choose() {
    const asked = new URLSearchParams(location.search).get("lang");
    const fallback = stored() || browserLanguage() || "en";
    let code = fallback;
    if (asked !== null) {
      const trimmed = asked.trim().toLowerCase();
      if (KNOWN.includes(trimmed)) code = trimmed;
      else {
        // the server refuses it with the list of the languages it has (in the browser's
        // language, by Accept-Language); the page says so and goes on in the fallback
        const answer = await fetchWords(asked);
        refusal = (answer.body && answer.body.error) || `no language '${asked}': ${KNOWN.join(", ")}`;
      }
    }
    try {
      const answer = await fetchWords(code);
      if (answer.status === 200 && answer.body && answer.body.words) {
        lang = code;
        words = answer.body.words;
        plural = pluralRule(answer.body.plural || "(n != 1)");
      }
    } catch (error) {
      // no words from the server (it cannot be reached): the page stays English
      lang = "en";
    }
  }

  // -- the page's own HTML -------------------------------------------------------------------------

  const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

  function key(text) {
    return text.replace(/\s+/g, " ").trim();
  }

  function translateTree(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
      acceptNode(node) {
        if (node.nodeType === Node.ELEMENT_NODE) {
          const tag = node.tagName;
          if (tag === "SCRIPT" || tag === "STYLE" || node.getAttribute("translate") === "no") return NodeFilter.FILTER_REJECT;
          return NodeFilter.FILTER_ACCEPT;
        }
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = key(node.nodeValue);
        if (text && words[text] && typeof words[text] === "string") {
          const lead = /^\s*/.exec(node.nodeValue)[0];
          const tail = /\s*$/.exec(node.nodeValue)[0];
          node.nodeValue = lead + words[text] + tail;
        }
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        for (const name of ATTRIBUTES) {
          const value = node.getAttribute(name);
          if (value && typeof words[key(value)] === "string") node.setAttribute(name, words[key(value)]);
        }
      }
    }
  }

  // -- the picker ----------------------------------------------------------------------------------

  function picker() {
    const box = document.createElement("div");
    box.className = "lang-picker";
    box.setAttribute("translate", "no");
    const label = document.createElement("label");
    label.htmlFor = "lang-picker";
    label.textContent = gettext("Language");
    const select = document.createElement("select");
    select.id = "lang-picker";
    for (const code of KNOWN) {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = NAMES[code];
      select.append(option);
    }
    select.value = lang;
    select.addEventListener("change", () => {
      try {
        localStorage.setItem(STORE, select.value);
      } catch (error) {
        // a browser that keeps nothing: the choice holds for this address only
      }
      const url = new URL(location.href);
      url.searchParams.set("lang", select.value);
      location.replace(url.toString());
    });
    box.append(label, " ", select);
    if (refusal) {
      const note = document.createElement("p");
      note.className = "lang-refused";
      note.setAttribute("role", "alert");
      note.dataset.from = "server";
      note.textContent = refusal;
      box.append(note);
    }
    const slot = document.getElementById("lang-slot");
    if (slot) slot.append(box);
    else document.body.prepend(box);
  }

  // -- the server's views in the same language -------------------------------------------------------

  // a path or URL of the API with `lang` added, so that rulings and offers agree with the page
  function withLang(path) {
    const url = new URL(path, location.href);
    url.searchParams.set("lang", lang);
    return url.protocol.startsWith("ws") || url.origin !== location.origin ? url.toString() : url.pathname + url.search;
  }

  // a link to another page of the project: with this page's `?lang=` when its address has one
  // (a language the reader asked for in the address goes with him; else each page chooses)
  function link(path) {
    if (!new URLSearchParams(location.search).has("lang")) return path;
    const url = new URL(path, location.href);
    url.searchParams.set("lang", lang);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : url.toString();
  }

  function loadMains() {
    for (const src of mains) {
      const node = document.createElement("script");
      if (modules) node.type = "module";
      node.async = false; // in their order, as the page lists them
      node.src = src;
      document.body.append(node);
    }
  }

  const ready = new Promise((resolve) => {
    const go = async () => {
      await choose();
      document.documentElement.lang = lang;
      translateTree(document.body);
      document.title = gettext(key(document.title)) || document.title;
      picker();
      resolve(lang);
      loadMains();
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go);
    else go();
  });

  window.I18N = {
    KNOWN,
    get lang() {
      return lang;
    },
    ready,
    hash,
    format,
    number,
    withLang,
    link,
    translateTree,
    pluralRule,
  };
  window._ = gettext;
  window.ngettext = ngettext;
})();
