// What the pages of a club night share: building nodes (text only: everything the server sends
// is put into the page with textContent, never as HTML), the token from the URL fragment, the
// REST API, the session's WebSocket with reconnection, the clock, cards and contracts.
// Plain JavaScript modules, no build step. Words come from session-words.js.
import { WORDS } from "./session-words.js";

const W = WORDS.common;
export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export const $ = (id) => document.getElementById(id);

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "disabled") node.disabled = Boolean(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Every element marked data-word="key" gets the word of `words` (the page's static text).
export function fillWords(words) {
  for (const node of document.querySelectorAll("[data-word]")) {
    const word = words[node.dataset.word] ?? W[node.dataset.word];
    if (typeof word === "string") node.textContent = word;
  }
  for (const node of document.querySelectorAll("[data-placeholder]")) {
    const word = words[node.dataset.placeholder] ?? W[node.dataset.placeholder];
    if (typeof word === "string") node.placeholder = word;
  }
}

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export function suitNode(suit) {
  return el("span", { class: `suit suit-${suit}`, "aria-label": W.suitNames[suit], text: SUIT_SYMBOLS[suit] });
}

export function cardNode(card) {
  if (!card || !SUIT_SYMBOLS[card[0]]) return el("span", { text: card || "" });
  const rank = card.slice(1) === "T" ? "10" : card.slice(1);
  return el("span", { class: "card-text" }, suitNode(card[0]), rank);
}

// "4HX" -> 4♥X ; "3NT" -> 3NT ; "passed-out" -> the word
export function contractNode(contract) {
  if (contract === "passed-out") return el("span", { text: W.passedOut });
  const match = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(contract || "");
  if (!match) return el("span", { text: contract || "" });
  const node = el("span", { class: "contract" }, match[1]);
  node.append(match[2] === "NT" ? "NT" : suitNode(match[2]));
  if (match[3]) node.append(match[3]);
  return node;
}

// A table result entry as the table entered it: 4♥ by South, 10 tricks, lead ♠5
export function entryNode(entry, text) {
  if (!entry) return el("span", { text: text || "" });
  if (entry.contract === "passed-out") return el("span", { text: W.passedOut });
  if (entry.contract && entry.declarer) {
    const node = el("span", { class: "entry" }, contractNode(entry.contract), ` ${W.by(W.seatNames[entry.declarer])}, ${W.tricks(entry.tricks)}`);
    if (entry.lead) node.append(`, ${W.lead} `, cardNode(entry.lead));
    return node;
  }
  return el("span", { class: "entry", text: text || JSON.stringify(entry) });
}

export function statusWord(status) {
  return W.status[status] || status;
}

export function pairText(view, pair) {
  const names = (view.pairs && view.pairs[pair]) || [];
  if (view.scoring === "teams") return names.length ? W.teamNamed(pair, names.join(", ")) : W.team(pair);
  return names.length ? W.pairNamed(pair, names.join(" & ")) : W.pair(pair);
}

// The page of a token that is not this page's kind (a player's token on the device's page...)
export function wrongPage(node, text, href) {
  node.replaceChildren(el("p", { text }), el("p", {}, el("a", { href: I18N.link(href), class: "button-link", text: W.openRightPage })));
  node.hidden = false;
}

// -- the token ----------------------------------------------------------------------------------

// The token (and any other parameter) from the fragment; the token is kept in this tab's
// sessionStorage under `key` and leaves the address bar (the history, a bookmark, a screenshot).
export function readFragment(key) {
  const params = new URLSearchParams(I18N.hash.slice(1)); // the address as it came (i18n.js)
  const given = params.get("token");
  if (given) sessionStorage.setItem(key, given);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  return { token: sessionStorage.getItem(key), params };
}

export function sessionIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  // /session/{id}/device, /session/{id}/play, /director/session/{id}
  const at = parts.indexOf("session");
  return at >= 0 && parts[at + 1] ? decodeURIComponent(parts[at + 1]) : "";
}

// -- the server ---------------------------------------------------------------------------------

export async function api(token, method, path, body) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let answer;
  try {
    answer = await fetch(I18N.withLang(path), { // the page's language: the server's words in it
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    return { status: 0, body: { error: W.unreachable } };
  }
  const type = answer.headers.get("content-type") || "";
  let parsed = {};
  try {
    parsed = type.includes("json") ? await answer.json() : { text: await answer.text() };
  } catch (error) {
    parsed = {};
  }
  return { status: answer.status, body: parsed };
}

let lawTitles = {};
let lawEdition = null;

export async function loadLaws(edition) {
  if (lawEdition === edition) return;
  lawEdition = edition;
  const answer = await api(null, "GET", `/api/laws?edition=${encodeURIComponent(edition)}`);
  if (answer.status === 200) lawTitles = answer.body;
}

// The clause's title: the session's clauses from the words, the engine's from the server (the
// clause itself only: a shorter number's title may say something else)
export function lawTitle(law) {
  return W.lawTitles[law] || lawTitles[law] || "";
}

// A sentence from the server with its cards made readable: "SA" -> ♠A
export function prettyText(text) {
  const node = el("span");
  const pattern = /(?<![A-Za-z0-9])([SHDC])(10|[AKQJT2-9])(?![A-Za-z0-9])/g;
  let last = 0;
  for (const match of String(text).matchAll(pattern)) {
    node.append(String(text).slice(last, match.index), cardNode(match[1] + match[2]));
    last = match.index + match[0].length;
  }
  node.append(String(text).slice(last));
  return node;
}

export function lawNode(law) {
  if (!law) return null;
  const title = lawTitle(law);
  return el("span", { class: "law-ref" }, el("span", { class: "law", "data-law": law, text: W.law(law) }), title ? `: ${title}` : "");
}

// A refusal in a panel: its title by status, the server's sentence, and its law with its title.
export function showError(panel, answer, what) {
  const body = answer.body || {};
  panel.replaceChildren(
    el("h2", { class: "error-title", text: W.errorTitles[answer.status] || W.errorStatus(answer.status) }),
    el("p", { class: "error-text", "data-from": "server" }, what ? el("strong", { text: `${what}: ` }) : null, prettyText(body.error || W.errorStatus(answer.status))),
    body.law ? el("p", { class: "law-line" }, lawNode(body.law)) : null,
    el("button", { type: "button", class: "small", onclick: () => { panel.hidden = true; } }, W.dismiss),
  );
  panel.dataset.law = body.law || "";
  panel.hidden = false;
}

// -- following the session ----------------------------------------------------------------------

// The session's view through its WebSocket (the role's view again after every change), with
// reconnection: each (re)connection sends the view as it is now, so nothing missed is lost.
export function follow(sessionId, token, { onView, onState, onFatal }) {
  let backoff = 500;
  let stopped = false;
  let timer = null;
  let socket = null;
  function connect() {
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(I18N.withLang(`${scheme}//${location.host}/api/sessions/${encodeURIComponent(sessionId)}/stream${query}`));
    onState(W.connecting, "wait");
    socket.onopen = () => {
      backoff = 500;
      onState(W.live, "up");
    };
    socket.onmessage = (message) => {
      try {
        onView(JSON.parse(message.data));
      } catch (error) {
        // not a view: the next one brings the session again
      }
    };
    socket.onclose = (closed) => {
      socket = null;
      if (closed.code >= 4400 && closed.code < 4500) {
        stopped = true;
        onFatal({ status: closed.code - 4000, body: { error: closed.reason || W.refused } });
        return;
      }
      if (stopped) return;
      const wait = backoff;
      backoff = Math.min(backoff * 2, 10000);
      onState(W.reconnecting(Math.max(1, Math.round(wait / 1000))), "down");
      clearTimeout(timer);
      timer = setTimeout(connect, wait);
    };
  }
  connect();
  return {
    stop() {
      stopped = true;
      if (socket) socket.close();
    },
  };
}

export function setConnection(node, text, state) {
  node.textContent = text;
  node.dataset.state = state;
}

// A newer view only (the version grows with every change)
export function newer(current, next) {
  return next && typeof next === "object" && (!current || typeof next.version !== "number" || next.version >= current.version);
}

// -- the clock ----------------------------------------------------------------------------------

function minutes(seconds) {
  const s = Math.abs(Math.trunc(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The round's clock, counted down here from the server's `remaining` (no clock of this device
// is trusted beyond the seconds since the view came).
export class RoundClock {
  constructor(node) {
    this.node = node;
    this.clock = null;
    this.received = 0;
    setInterval(() => this.draw(), 1000);
  }

  set(clock) {
    this.clock = clock || null;
    this.received = Date.now();
    this.draw();
  }

  draw() {
    const node = this.node;
    const clock = this.clock;
    if (!clock) {
      node.hidden = true;
      return;
    }
    node.hidden = false;
    const left = clock.remaining - (Date.now() - this.received) / 1000;
    const length = (Date.parse(clock.ends) - Date.parse(clock.play_from)) / 1000;
    let state = "running";
    let text;
    if (left > length) {
      state = "change";
      text = W.clockChange(minutes(left - length));
    } else if (left >= 0) {
      text = W.clockLeft(minutes(left));
      if (left < 120) state = "short";
    } else {
      state = "over";
      text = W.clockOver(minutes(left));
    }
    node.textContent = text;
    node.dataset.state = state;
  }
}
