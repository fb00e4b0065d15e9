// The table page: one seat's view of a table, kept live through the table's WebSocket.
// Plain JavaScript, no build step. Everything the server sends is put into the page as text
// (textContent), never as HTML: a claim statement or a reason is another player's words.
"use strict";

const SEATS = ["N", "E", "S", "W"];
// the page's own words are written with _() and ngettext() (i18n.js, which loads this script
// once the reader's words are in): the English is the catalog's message id
const SEAT_NAMES = { N: _("North"), E: _("East"), S: _("South"), W: _("West"), director: _("the director") };
const SUITS = ["S", "H", "D", "C"];
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: _("spades"), H: _("hearts"), D: _("diamonds"), C: _("clubs") };
const STRAINS = ["C", "D", "H", "S", "NT"];
const RANKS = "AKQJT98765432";
const RANK_NAMES = { A: _("ace"), K: _("king"), Q: _("queen"), J: _("jack"), T: "10" };
const STATUS_WORDS = { pending: _("pending"), cancelled: _("cancelled"), withdrawn: _("withdrawn"), effective: "" };
const VULNERABLE_WORDS = { none: _("nobody"), NS: _("North-South"), EW: _("East-West"), both: _("both sides") };
const POSITIONS = ["bottom", "left", "top", "right"]; // from this seat, clockwise

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const storageKey = `bridgelaw.token.${tableId}`;
const sessionKey = `bridgelaw.session-of.${tableId}`;
let token = null;
let view = null;
let streamView = null; // the view the stream's changes apply to (the last one it made)
let socket = null;
let backoff = 500;
let reconnectTimer = null;
let streamOwner = null; // the table's owner's address, where a 4307 sent the stream (docs/deployment.md)
let redirects = 0; // 4307s followed since the last view: a bound, should the owners keep changing
let stopped = false;
let alertOn = false;
let lawTitles = {};
let lawEdition = null;
let sending = false;

const $ = (id) => document.getElementById(id);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else if (key === "disabled") node.disabled = Boolean(value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

// -- words ---------------------------------------------------------------------------------

function seatName(seat) {
  return SEAT_NAMES[seat] || seat;
}

function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

function suitSpan(suit) {
  return el("span", { class: `suit suit-${suit}`, "aria-hidden": "true", text: SUIT_SYMBOLS[suit] });
}

// "SA" -> a span "♠A" readable by a screen reader as "ace of spades"
function cardNode(card) {
  if (!card) return el("span", { class: "card-text hidden-card", text: _("face down") });
  const suit = card[0];
  const rank = card.slice(1);
  if (!SUIT_SYMBOLS[suit] || rank === "?") {
    return el("span", { class: "card-text hidden-card", text: "??" });
  }
  return el(
    "span",
    { class: `card-text suit-${suit}` },
    suitSpan(suit),
    el("span", { "aria-hidden": "true", text: rankText(rank) }),
    el("span", { class: "sr", text: cardWords(card) }),
  );
}

function cardWords(card) {
  const suit = card[0];
  const rank = card.slice(1) === "10" ? "T" : card.slice(1);
  const name = RANK_NAMES[rank] || rank;
  if (suit === "S") return _("{rank} of spades", { rank: name });
  if (suit === "H") return _("{rank} of hearts", { rank: name });
  if (suit === "D") return _("{rank} of diamonds", { rank: name });
  return _("{rank} of clubs", { rank: name });
}

function isCall(word) {
  return /^(pass|X|XX|[1-9](C|D|H|S|NT|N))!?$/i.test(word);
}

// "3NT" -> a span "3NT", "2H" -> "2♥"
function callNode(call, alerted = false) {
  const text = call.replace(/!$/, "");
  const node = el("span", { class: "call-text" });
  const bid = /^(\d)(C|D|H|S|NT|N)$/.exec(text);
  if (bid) {
    node.append(bid[1]);
    if (bid[2] === "NT" || bid[2] === "N") node.append("NT");
    else {
      node.append(suitSpan(bid[2]));
      node.append(el("span", { class: "sr", text: ` ${SUIT_NAMES[bid[2]]}` }));
    }
  } else if (text.toLowerCase() === "pass") node.append(_("Pass"));
  else node.append(text);
  if (alerted) {
    node.append(el("span", { class: "alert-mark", "aria-hidden": "true", text: "!" }));
    node.append(el("span", { class: "sr", text: " " + _("(alerted)") }));
  }
  return node;
}

// A sentence from the server, with every card and bid in it made readable (♠A, 2♥)
// (marked as the server's words: the pseudo-locale test knows them from the page's own)
function prettyText(text) {
  const node = el("span", { "data-from": "server" });
  const pattern = /(?<![A-Za-z0-9])([SHDC](?:10|[AKQJT2-9]))(?![A-Za-z0-9])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    node.append(text.slice(last, match.index));
    node.append(cardNode(match[1]));
    last = match.index + match[0].length;
  }
  node.append(text.slice(last));
  return node;
}

function lawTitle(law) {
  if (!law) return "";
  for (let key = law; key.length > 0; key = key.slice(0, -1)) {
    if (lawTitles[key]) return lawTitles[key];
  }
  return "";
}

function lawWords(law) {
  if (!law) return "";
  const title = lawTitle(law);
  return title ? _("Law {law} ({title})", { law, title }) : _("Law {law}", { law });
}

// -- the server ----------------------------------------------------------------------------

async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let answer;
  try {
    answer = await fetch(I18N.withLang(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    return { status: 0, body: { error: _("the server cannot be reached; try again") } };
  }
  let parsed = {};
  try {
    parsed = await answer.json();
  } catch (error) {
    parsed = {};
  }
  return { status: answer.status, body: parsed };
}

async function loadLaws(edition) {
  if (lawEdition === edition) return;
  lawEdition = edition;
  const answer = await api("GET", `/api/laws?edition=${encodeURIComponent(edition)}`);
  if (answer.status === 200) {
    lawTitles = answer.body;
    render();
  }
}

function accept(newView) {
  if (!newView || typeof newView !== "object") return;
  if (view && typeof newView.events === "number" && newView.events < view.events) return;
  view = newView;
  loadLaws(view.edition);
  render();
}

async function refresh() {
  const answer = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  if (answer.status === 200) accept(answer.body);
  else if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
    fatal(answer);
  }
}

function fatal(answer) {
  stopped = true;
  // a token refused (a link re-issued by the director, a table of another server) is not
  // kept: the page asks for the new link instead of trying the old one again
  if (answer.status === 401 || answer.status === 403) localStorage.removeItem(storageKey);
  setConnection(_("cannot open this seat: {why}", { why: answer.body.error || answer.status }), "down");
  showError(answer);
}

// An event goes on the table's stream when it is open (the server answers on it: accepted,
// the update having come first, or refused with the post's status and words); else, or when
// the stream closes before its answer, or another process owns the table, it is posted.
let streamAsked = 0;
const streamWaiting = new Map(); // id -> the answer's resolve

const STREAM_ANSWER_MS = 10000;

function sendOnStream(event) {
  if (!socket || socket.readyState !== WebSocket.OPEN || streamView === null) return null;
  streamAsked += 1;
  const id = streamAsked;
  const sentOn = socket;
  const answered = new Promise((resolve) => {
    streamWaiting.set(id, resolve);
    // a connection that died without closing (a phone changing networks) answers nothing:
    // it is closed, which connects again and fetches the view that tells what was taken
    setTimeout(() => {
      if (!streamWaiting.has(id)) return;
      streamWaiting.delete(id);
      resolve(null);
      sentOn.close();
    }, STREAM_ANSWER_MS);
  });
  socket.send(JSON.stringify({ event, id }));
  return answered;
}

function streamAnswer(message) {
  const answer = message.accepted || message.refused;
  const resolve = answer && streamWaiting.get(answer.id);
  if (!resolve) return;
  streamWaiting.delete(answer.id);
  resolve(message.accepted ? { status: 200, body: null } : { status: answer.status, body: answer });
}

function streamLost() {
  for (const resolve of streamWaiting.values()) resolve(null); // their fate unknown
  streamWaiting.clear();
}

async function send(event) {
  if (sending) return;
  sending = true;
  document.body.classList.add("busy");
  try {
    const onStream = sendOnStream(event); // null: the stream is not open
    let answer = onStream === null ? null : await onStream;
    if (onStream !== null && answer === null) {
      // the stream closed before its answer: the event may have been taken; the view now
      // tells, and it is not sent twice
      await refresh();
      return;
    }
    if (answer === null || answer.status === 307) {
      answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/events`, { event });
    }
    if (answer.status === 200) {
      clearError();
      if (answer.body) accept(answer.body); // a post's answer; the stream's came as its update
    } else {
      showError(answer, event);
      refresh();
    }
  } finally {
    sending = false;
    document.body.classList.remove("busy");
  }
}

function connect() {
  if (stopped) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const base = streamOwner || `${scheme}//${location.host}`;
  const url = `${base}/api/tables/${encodeURIComponent(tableId)}/stream?token=${encodeURIComponent(token)}&changes=1&lang=${encodeURIComponent(I18N.lang)}`;
  setConnection(_("connecting…"), "wait");
  streamView = null; // the stream starts again from a whole view
  socket = new WebSocket(url);
  socket.onopen = () => {
    backoff = 500;
    setConnection(_("live"), "up");
  };
  socket.onmessage = (message) => {
    redirects = 0;
    try {
      const data = JSON.parse(message.data);
      if (data.accepted || data.refused) {
        streamAnswer(data); // an answer to an event sent on the stream, not a view
        return;
      }
      streamView = applyChanges(streamView, data);
    } catch (error) {
      socket.close(); // not a view nor its changes: connect again, which starts with a view
      return;
    }
    accept(streamView);
  };
  socket.onclose = (closed) => {
    socket = null;
    streamLost();
    // another process owns the table: the stream opened at once at the owner's address
    const owner = /^https?:\/\/\S+$/.test(closed.reason || "") ? closed.reason : null;
    if (closed.code === 4307 && owner && redirects < 3 && !stopped) {
      redirects += 1;
      streamOwner = owner.replace(/^http/, "ws").replace(/\/+$/, "");
      connect();
      return;
    }
    // any other end (the owner gone, its lease moved): back to the page's own address, which
    // sends the stream on to the table's owner then
    streamOwner = null;
    redirects = 0;
    if (closed.code >= 4400 && closed.code < 4500) {
      fatal({ status: closed.code - 4000, body: { error: closed.reason || _("refused") } });
      return;
    }
    if (stopped) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, 10000);
    setConnection(_("connection lost; trying again in {seconds} s", { seconds: Math.round(wait / 1000) || 1 }), "down");
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      connect();
      refresh(); // the view as it is now, whatever was missed
    }, wait);
  };
}

// The stream's message applied to the view it made last: a whole view (the first message) is
// taken as it is; changes (server/push.py) set, extend or remove fields of it.
function applyChanges(held, message) {
  const change = message.changes;
  if (!change) return message;
  if (!held) throw new Error("changes before a view");
  const result = { ...held };
  for (const key of change.unset) delete result[key];
  Object.assign(result, change.set);
  for (const [key, entries] of Object.entries(change.append)) result[key] = [...result[key], ...entries];
  return result;
}

function setConnection(text, state) {
  const node = $("connection");
  node.textContent = text;
  node.dataset.state = state;
}

// -- errors --------------------------------------------------------------------------------

function showError(answer, event) {
  const body = answer.body || {};
  const titles = {
    0: _("No answer from the server"),
    401: _("No seat"),
    403: _("Not allowed"),
    422: _("The table refused it"),
    429: _("Too fast"),
  };
  $("error-title").textContent = titles[answer.status] || _("Error {status}", { status: answer.status });
  const text = $("error-text");
  text.replaceChildren();
  if (event) {
    text.append(el("strong", {}, isCall(event) ? callNode(event, event.endsWith("!")) : prettyText(event)), ": ");
  }
  text.append(prettyText(String(body.error || _("answer {status}", { status: answer.status }))));
  const law = $("error-law");
  law.replaceChildren();
  if (body.law) {
    const title = lawTitle(body.law);
    law.append(
      el("span", { class: "law", "data-law": body.law, text: _("Law {law}", { law: body.law }) }),
      title ? `: ${title}` : "",
    );
  }
  $("error").hidden = false;
  // a refusal is seen where the player is (on a phone he clicked far below it): brought into
  // view below the status line
  $("error").scrollIntoView({ block: "nearest" });
}

function clearError() {
  $("error").hidden = true;
  $("error-text").replaceChildren();
  $("error-law").replaceChildren();
}

// -- what may be clicked -------------------------------------------------------------------

function sideOf(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

function partnerOf(seat) {
  return SEATS[(SEATS.indexOf(seat) + 2) % 4];
}

function dummySeat() {
  return view.declarer ? partnerOf(view.declarer) : null;
}

// The calls and cards this seat may send now: the server's `legal` (the Laws applied there,
// never here); in law mode anything may be sent, and the director rules on it.
function legalNow() {
  return new Set(view.legal || []);
}

// Which calls this seat may make now (strict mode: those in `legal`).
function allowedCalls() {
  if (view.phase !== "auction") return { bids: () => false, pass: false, X: false, XX: false };
  if (view.mode === "law") return { bids: () => true, pass: true, X: true, XX: true };
  const legal = legalNow();
  return { bids: (call) => legal.has(call), pass: legal.has("pass"), X: legal.has("X"), XX: legal.has("XX") };
}

// Whether the cards of `owner` can be clicked by this seat now, and which (a filter).
function playableCards(owner, cards) {
  const none = () => false;
  if (view.phase !== "play" || view.claim) return none;
  const me = view.seat;
  const dummy = dummySeat();
  const mine = owner === me && me !== dummy; // dummy does not play (45A)
  const declarers = owner === dummy && me === view.declarer && dummy !== null;
  if (!mine && !declarers) return none;
  if (view.mode === "law") return () => true; // anything, at any time: the Laws rule on it
  if (view.turn !== owner) return none;
  const legal = legalNow();
  return (card) => legal.has(card);
}

// -- drawing -------------------------------------------------------------------------------

function parseHand(pbn) {
  const suits = {};
  const parts = (pbn || "...").split(".");
  SUITS.forEach((suit, i) => {
    suits[suit] = (parts[i] || "").split("").filter((r) => RANKS.includes(r));
  });
  return suits;
}

function handCards(pbn) {
  const suits = parseHand(pbn);
  return SUITS.flatMap((suit) => suits[suit].map((rank) => suit + rank));
}

function drawHand(container, pbn, owner, role) {
  container.replaceChildren();
  const cards = handCards(pbn);
  const playable = playableCards(owner, cards);
  const penalties = new Set(
    view.penalty_cards.filter((p) => p.seat === owner).map((p) => p.card),
  );
  const suits = parseHand(pbn);
  for (const suit of SUITS) {
    const row = el("div", { class: "suit-row", role: "group", "aria-label": SUIT_NAMES[suit] });
    row.append(el("span", { class: `suit-label suit-${suit}`, "aria-hidden": "true", text: SUIT_SYMBOLS[suit] }));
    if (suits[suit].length === 0) {
      row.append(el("span", { class: "void", text: "—" }), el("span", { class: "sr", text: _("none") }));
    }
    for (const rank of suits[suit]) {
      const card = suit + rank;
      const enabled = playable(card);
      const button = el(
        "button",
        {
          type: "button",
          class: `card suit-${suit}${penalties.has(card) ? " penalty" : ""}`,
          "data-card": card,
          "data-owner": owner,
          "aria-label": penalties.has(card) ? _("{card} (penalty card)", { card: cardWords(card) }) : cardWords(card),
          disabled: !enabled,
        },
        el("span", { class: "rank", "aria-hidden": "true", text: rankText(rank) }),
        el("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOLS[suit] }),
      );
      button.addEventListener("click", () => send(card));
      row.append(button);
    }
    container.append(row);
  }
  container.dataset.role = role;
  // a hand with no card to play now is shown at full strength (it is still read);
  // a hand with some cards to play greys out the others
  container.classList.toggle("has-playable", container.querySelector("button.card:enabled") !== null);
}

function drawBiddingBox() {
  const allowed = allowedCalls();
  const bids = $("bids");
  bids.replaceChildren();
  for (let level = 1; level <= 7; level++) {
    for (const strain of STRAINS) {
      const call = `${level}${strain}`;
      const button = el(
        "button",
        { type: "button", class: `call bid strain-${strain}`, "data-call": call, disabled: !allowed.bids(call) },
        callNode(call),
      );
      button.addEventListener("click", () => makeCall(call));
      bids.append(button);
    }
  }
  for (const button of document.querySelectorAll(".other-calls .call")) {
    button.disabled = !allowed[button.dataset.call];
  }
  const toggle = $("alert-toggle");
  toggle.setAttribute("aria-pressed", String(alertOn));
  toggle.disabled = view.phase !== "auction";
  $("alert-explanation-row").hidden = !alertOn;
}

function makeCall(call) {
  const text = alertOn ? `${call}!` : call;
  const explanation = alertOn ? $("alert-explanation").value.trim() : "";
  alertOn = false;
  $("alert-explanation").value = "";
  if (explanation) sendExplained(text, explanation);
  else send(text);
}

// -- alerts explained, questions and answers (Law 20F), a mistaken call (Law 25A) ------------
// The server decides who sees what: the page shows the records of the view as they come.

async function sendExplained(text, explanation) {
  const before = view.events;
  await send(text);
  if (view.events === before) return; // refused: nothing to explain
  const mine = view.auction.filter((r) => r.seat === view.seat);
  if (mine.length) await postRecord("explanations", { call: mine[mine.length - 1].event, text: explanation });
}

async function postRecord(path, body) {
  const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/${path}`, body);
  if (answer.status === 200) clearError();
  else showError(answer);
  refresh(); // the records reach every page by the stream; this page at once
  return answer;
}

// "2C" -> "2♣", "pass" -> "Pass": a call as plain text (an option of a list, a sentence)
function callText(call) {
  if (call === "pass") return _("Pass");
  const suit = SUIT_SYMBOLS[call.slice(-1)];
  return suit && call.length === 2 ? call[0] + suit : call;
}

function callWords(record) {
  if (record.seat === view.seat) return _("Your {call}", { call: callText(record.call) });
  return _("{seat}'s {call}", { seat: seatName(record.seat), call: callText(record.call) });
}

function recordForm(className, label, buttonText, onSubmit) {
  const input = el("input", { maxlength: "200", autocomplete: "off", "aria-label": label });
  const form = el("form", { class: className }, input, el("button", { type: "submit", text: buttonText }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit(input.value.trim());
  });
  return form;
}

function drawExplanations() {
  const list = $("explanations");
  list.replaceChildren();
  const records = view.explanations || [];
  const me = view.seat;
  const askNow = view.turn === me || (view.declarer === me && view.turn === dummySeat());
  for (const call of view.auction) {
    const about = records.filter((r) => r.call === call.event);
    const mine = call.seat === me;
    if (!call.alert && about.length === 0) continue;
    if (call.seat === partnerOf(me)) continue; // never sent; nothing to show
    const item = el("li", { "data-event": String(call.event) }, el("strong", {}, callWords(call)), call.alert ? " " + _("(alerted)") : "");
    for (const r of about) {
      const mineToo = r.seat === me;
      const who = seatName(r.seat);
      let words;
      if (r.kind === "explain") words = mineToo ? _("explained by you") : _("explained by {seat}", { seat: who });
      else if (r.kind === "question") words = mineToo ? _("you asked") : _("{seat} asked", { seat: who });
      else words = mineToo ? _("you answered") : _("{seat} answered", { seat: who });
      const said = r.text ? el("span", { "data-from": "server" }, `“${r.text}”`) : _("(what does it mean?)");
      item.append(el("div", { class: `explanation ${r.kind}`, "data-kind": r.kind }, `${words}: `, said));
      const answered = records.some((a) => a.kind === "answer" && a.question === r.id);
      if (r.kind === "question" && mine && !answered) {
        item.append(recordForm("ask-form answer-form", _("Your answer"), _("Answer"), (text) => {
          if (text) postRecord(`questions/${r.id}/answer`, { text });
        }));
      }
    }
    if (mine && call.alert && !about.some((r) => r.kind === "explain")) {
      item.append(recordForm("explain-form", _("Explain your call to the opponents"), _("Explain"), (text) => {
        if (text) postRecord("explanations", { call: call.event, text });
      }));
    }
    if (!mine && askNow) {
      const ask = el("button", { type: "button", class: "ask-button", "data-call": call.call, text: _("Ask what it means (Law {law})", { law: "20F" }) });
      ask.addEventListener("click", () => postRecord("questions", { call: call.event }));
      item.append(ask);
    }
    list.append(item);
  }
  $("explanations-panel").hidden = list.children.length === 0;
}

function drawChange() {
  const offer = view.change;
  const records = view.call_changes || [];
  $("change").hidden = !offer && records.length === 0;
  $("change-form").hidden = !offer;
  if (offer) {
    const law = el("span", { class: "law", "data-law": offer.law, text: lawWords(offer.law) });
    const how = offer.how === "event" ? _("the director then judges whether it was a slip") : _("the director decides");
    const [before, after] = _("Your {call} was a slip? Until your partner calls you may change it ({law}); {how}.", { call: callText(offer.call), how }).split("{law}");
    $("change-text").replaceChildren(before, law, after || "");
    const select = $("change-call");
    const chosen = select.value;
    select.replaceChildren(...offer.calls.map((c) => el("option", { value: c, text: callText(c) })));
    if (offer.calls.includes(chosen)) select.value = chosen;
  } else $("change-text").replaceChildren();
  const list = $("change-records");
  list.replaceChildren();
  for (const r of records.slice(-3)) {
    let text;
    if (r.kind === "request") {
      text = _("{seat} asked the director to change a call to {call} (Law {law}).", { seat: seatName(r.seat), call: callText(r.text), law: "25A" });
    } else if (r.kind === "allow") text = r.text ? _("The director allowed the change: “{note}”.", { note: r.text }) : _("The director allowed the change.");
    else text = r.text ? _("The director refused the change: “{note}”.", { note: r.text }) : _("The director refused the change.");
    list.append(el("li", { "data-kind": r.kind, "data-from": r.text && r.kind !== "request" ? "server" : null }, text));
  }
}

function drawAuction() {
  const head = $("auction-head");
  const body = $("auction-body");
  const order = ["W", "N", "E", "S"];
  head.replaceChildren(...order.map((s) => el("th", { scope: "col", text: s === view.seat ? _("{seat} (you)", { seat: s }) : s })));
  body.replaceChildren();
  let row = null;
  let column = 4;
  const dealerColumn = order.indexOf(view.dealer);
  const records = view.auction;
  const start = () => {
    row = el("tr");
    body.append(row);
    column = 0;
  };
  if (records.length > 0) {
    start();
    const firstColumn = order.indexOf(records[0].seat);
    const from = Math.min(firstColumn, dealerColumn);
    for (; column < from; column++) row.append(el("td"));
  }
  let lastCell = null;
  let lastSeat = null;
  for (const record of records) {
    const at = order.indexOf(record.seat);
    if (lastCell && lastSeat === record.seat && lastCell.classList.contains("struck")) {
      // a call that replaces a cancelled or withdrawn one is written under it
      lastCell.append(el("br"), callNode(record.call, record.alert));
      if (record.status !== "effective") {
        lastCell.append(el("span", { class: "call-status", text: ` ${STATUS_WORDS[record.status] ?? record.status}` }));
      }
      lastCell.dataset.replacement = record.call;
      continue;
    }
    if (at < column) {
      for (; column < 4; column++) row.append(el("td"));
      start();
    }
    for (; column < at; column++) row.append(el("td"));
    const status = record.status;
    const cell = el("td", { class: `status-${status}`, "data-seat": record.seat, "data-call": record.call });
    cell.append(callNode(record.call, record.alert));
    if (status !== "effective") {
      cell.append(el("span", { class: "call-status", text: ` ${STATUS_WORDS[status] ?? status}` }));
      if (status === "cancelled" || status === "withdrawn") cell.classList.add("struck");
    }
    row.append(cell);
    lastCell = cell;
    lastSeat = record.seat;
    column = at + 1;
  }
  if (row) for (; column < 4; column++) row.append(el("td"));
  const notes = $("auction-notes");
  notes.replaceChildren();
  for (const b of view.barred) {
    const text = b.until === "next-turn"
      ? _("{seat} must pass at the next turn.", { seat: seatName(b.seat) })
      : _("{seat} must pass for the rest of the auction.", { seat: seatName(b.seat) });
    notes.append(el("span", { class: "barred", text: `${text} ` }));
  }
  for (const r of view.lead_restrictions) {
    const params = { seat: seatName(r.seat), suit: SUIT_NAMES[r.suit] || r.suit, law: lawWords(r.law) };
    let text;
    if (r.kind === "forbid") text = r.suit ? _("{seat}: a lead of {suit} forbidden ({law}).", params) : _("{seat}: lead forbidden ({law}).", params);
    else text = r.suit ? _("{seat}: a lead of {suit} required ({law}).", params) : _("{seat}: lead required ({law}).", params);
    notes.append(el("span", { class: "restriction", text: `${text} ` }));
  }
}

function drawTable() {
  const me = view.seat;
  const dummy = dummySeat();
  const played = {};
  let note = "";
  let last = false;
  if (view.trick_cards.length > 0) {
    for (const t of view.trick_cards) played[t.seat] = t.card;
    note = _("Trick {trick}", { trick: view.quitted.length + 1 });
  } else if (view.quitted.length > 0) {
    const trick = view.quitted[view.quitted.length - 1];
    const leader = SEATS.indexOf(trick.leader);
    trick.cards.forEach((card, i) => {
      played[SEATS[(leader + i) % 4]] = card;
    });
    note = _("Trick {trick} won by {seat}", { trick: view.quitted.length, seat: seatName(trick.winner) });
    last = true;
  }
  const myIndex = SEATS.indexOf(me);
  SEATS.forEach((seat, index) => {
    const position = POSITIONS[(index - myIndex + 4) % 4];
    const slot = $(`slot-${position}`);
    slot.replaceChildren();
    const roles = [];
    if (seat === me) roles.push(_("you"));
    if (seat === view.declarer) roles.push(_("declarer"));
    if (seat === dummy) roles.push(_("dummy"));
    const label = el("span", { class: "seat-name" }, seatName(seat));
    if (roles.length) label.append(el("span", { class: "seat-role", text: ` (${roles.join(", ")})` }));
    if (view.turn === seat && view.phase !== "ended" && !view.claim) {
      label.append(el("span", { class: "to-act", text: " ● " + _("to act") }));
      slot.classList.add("acting");
    } else slot.classList.remove("acting");
    slot.append(label);
    const faced = view.penalty_cards.filter((p) => p.seat === seat);
    if (faced.length) {
      // penalty cards lie face up in front of their player (Law 50)
      const line = el("div", { class: "faced", "data-seat": seat }, _("penalty:") + " ");
      for (const p of faced) line.append(cardNode(p.card), " ");
      slot.append(line);
    }
    const onTable = (view.faced || []).filter((f) => f.seat === seat);
    if (onTable.length) {
      // a card face up out of the tricks (a lead out of turn, 54-56; played early, 57): all see it
      const line = el("div", { class: "faced on-table", "data-seat": seat }, _("face up:") + " ");
      for (const f of onTable) line.append(cardNode(f.card), " ");
      slot.append(line);
    }
    if (seat in played) {
      slot.append(el("div", { class: `played${last ? " last-trick" : ""}`, "data-seat": seat }, cardNode(played[seat])));
    }
  });
  $("trick-note").textContent = note;
}

function drawStatus() {
  const me = view.seat;
  const dummy = dummySeat();
  let turn = "";
  if (view.phase === "auction") {
    turn = view.turn === me ? _("Your call") : _("{seat} to call", { seat: seatName(view.turn) });
  } else if (view.phase === "play") {
    if (view.claim) turn = _("Play has stopped: a claim is open (Law {law})", { law: "68D" });
    else if (view.turn === me && me !== dummy) turn = view.play && view.play.length ? _("Your turn to play") : _("Your turn: the opening lead");
    else if (view.turn === dummy && me === view.declarer) turn = _("Your turn: play a card from dummy");
    else if (view.turn === dummy) turn = _("Dummy ({seat}) to play: declarer plays it", { seat: seatName(dummy) });
    else turn = _("{seat} to play", { seat: seatName(view.turn) });
  } else turn = _("The board is over");
  // the player's own turn or choice is marked (table.css); not read from the words, which
  // differ by language
  let mine = view.phase !== "ended" && !view.claim && view.turn === me && (view.phase === "auction" || me !== dummy);
  if (view.phase === "play" && view.turn === dummy && me === view.declarer && !view.claim) mine = true;
  const awaiting = view.awaiting;
  if (awaiting && view.phase !== "ended") {
    // an offer is answered before anyone calls or plays on
    mine = awaiting.who === me;
    if (awaiting.who === me) turn = _("Your choice (Law {law})", { law: awaiting.law });
    else if (awaiting.who === "director") turn = _("Waiting for the director (Law {law})", { law: awaiting.law });
    else turn = _("Waiting for {seat}'s choice (Law {law})", { seat: seatName(awaiting.who), law: awaiting.law });
  }
  const line = $("turn-line");
  line.textContent = turn;
  line.classList.toggle("mine", mine);
  const contract = $("contract-line");
  contract.replaceChildren();
  if (view.contract === "passed-out") contract.append(_("Passed out"));
  else if (view.contract) {
    const [before, after] = _("Contract {contract} by {seat}", { seat: seatName(view.declarer) }).split("{contract}");
    contract.append(before, contractNode(view.contract), after || "");
  }
  const tricks = $("tricks-line");
  // once play has ceased, the server's count is the tricks credited (a claim's too, 69-71)
  const counts = view.won ? { ns: view.won.NS, ew: view.won.EW, side: sideOf(me) } : null;
  tricks.textContent = !counts
    ? ""
    : view.phase === "ended"
      ? _("Tricks won: NS {ns} · EW {ew}, as credited (you are {side})", counts)
      : _("Tricks won: NS {ns} · EW {ew} (you are {side})", counts);
}

function contractNode(contract) {
  const match = /^(\d(?:C|D|H|S|NT))(X{0,2})$/.exec(contract);
  if (!match) return el("span", { text: contract });
  const node = el("span", { class: "contract" }, callNode(match[1]));
  if (match[2]) node.append(match[2]);
  return node;
}

function drawAwaiting() {
  const box = $("awaiting");
  const awaiting = view.awaiting;
  if (!awaiting) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const options = $("awaiting-options");
  options.replaceChildren();
  const text = $("awaiting-text");
  const law = el("span", { class: "law", "data-law": awaiting.law, text: lawWords(awaiting.law) });
  box.dataset.who = awaiting.who;
  const offer = view.offer; // this seat's options, with their words and clauses (server-made)
  if (offer && offer.options.length) {
    box.classList.add("mine");
    $("awaiting-title").textContent = _("Your choice");
    if (offer.groups && offer.groups.length) {
      // many options: the offer in a few words, what follows said by each group
      const clause = el("span", { class: "law", "data-law": awaiting.law, text: _("Law {law}", { law: awaiting.law }) });
      const [before, after] = _("{title} ({law}). Choose:").split("{law}");
      const [lead, rest] = before.split("{title}");
      text.replaceChildren(lead, prettyText(offer.title), rest || "", clause, after || "");
      options.append(...groupedOptions(offer));
    } else {
      const [before, after] = _("{title}: the director would offer you these options under {law}:").split("{law}");
      const [lead, rest] = before.split("{title}");
      text.replaceChildren(lead, prettyText(offer.title), rest || "", law, after || "");
      for (const option of offer.options) options.append(optionButton(option));
    }
    options.classList.toggle("grouped", Boolean(offer.groups && offer.groups.length));
  } else {
    box.classList.remove("mine");
    $("awaiting-title").textContent = awaiting.who === "director" ? _("Waiting for the director") : _("Waiting for {seat}", { seat: seatName(awaiting.who) });
    const words = awaiting.who === "director" ? _("The director decides under {law}.") : _("{seat} chooses under {law}.", { seat: seatName(awaiting.who) });
    const [before, after] = words.split("{law}");
    text.replaceChildren(before, law, after || "");
  }
}

// One option of an offer (server-made: its event, label, consequence and clause) as a button
// that sends its event.
function optionButton(option) {
  const button = el(
    "button",
    {
      type: "button",
      class: "option",
      "data-option": option.event,
      title: _("{consequence} (Law {law})", { consequence: option.consequence, law: option.law }),
      "data-title-from": "server", // the tooltip is the server's sentence
    },
    el("span", {}, prettyText(option.label)),
    el("span", { class: "consequence" }, prettyText(option.consequence), " ", el("span", { class: "option-law", "data-law": option.law, text: _("Law {law}", { law: option.law }) })),
  );
  button.addEventListener("click", () => send(option.event));
  return button;
}

// An offer of many options (27B: some thirty replacement calls) sorted by what follows them
// (server-made groups, each with its clause): what follows is said once per group, and the
// group's options are small buttons with their call alone, so that a phone shows it all.
function groupedOptions(offer) {
  const nodes = [];
  const known = new Set(offer.groups.map((g) => g.group));
  for (const group of offer.groups) {
    const members = offer.options.filter((o) => o.group === group.group);
    if (!members.length) continue;
    const id = `group-${group.group}`;
    const row = el("div", { class: "group-options" });
    for (const option of members) row.append(compactOption(option, id));
    const words = el(
      "div",
      { class: "group-text" },
      el(
        "h3",
        { id: `${id}-title` },
        prettyText(group.title),
        " ",
        el("span", { class: "option-law", "data-law": group.law, text: _("Law {law}", { law: group.law }) }),
      ),
      el("p", { class: "consequence", id: `${id}-text` }, prettyText(group.consequence)),
    );
    // a group of one call has its button beside its words, a group of many below them
    const single = members.length === 1;
    nodes.push(
      el(
        "div",
        {
          class: `option-group${single ? " single" : ""}`,
          role: "group",
          "aria-labelledby": `${id}-title`,
          "data-group": group.group,
        },
        ...(single ? [row, words] : [words, row]),
      ),
    );
  }
  for (const option of offer.options) if (!known.has(option.group)) nodes.push(optionButton(option));
  return nodes;
}

function compactOption(option, groupId) {
  const word = option.option;
  const button = el(
    "button",
    {
      type: "button",
      class: "option compact",
      "data-option": option.event,
      "data-group": option.group,
      title: _("{consequence} (Law {law})", { consequence: option.consequence, law: option.law }),
      "data-title-from": "server", // the tooltip is the server's sentence
      "aria-describedby": `${groupId}-text`,
    },
    isCall(word) ? callNode(word) : prettyText(option.label),
  );
  button.addEventListener("click", () => send(option.event));
  return button;
}

function drawCorrection() {
  // the player's own revoke, not yet established (62A): he may correct it (server-made options)
  const box = $("correction");
  const offer = view.correction;
  box.hidden = !(offer && offer.options.length);
  const options = $("correction-options");
  options.replaceChildren();
  if (box.hidden) return;
  const law = el("span", { class: "law", "data-law": offer.law, text: lawWords(offer.law) });
  const [before, after] = _("{title}: you may correct it under {law}:").split("{law}");
  const [lead, rest] = before.split("{title}");
  $("correction-text").replaceChildren(lead, prettyText(offer.title), rest || "", law, after || "");
  for (const option of offer.options) options.append(optionButton(option));
}

function drawClaim() {
  const me = view.seat;
  const dummy = dummySeat();
  const open = view.claim;
  $("claim").hidden = !(view.phase === "play" && !open && me !== dummy && view.declarer);
  const remaining = 13 - view.quitted.length;
  const number = $("claim-number");
  number.max = String(remaining);
  if (Number(number.value) > remaining) number.value = String(remaining);
  const box = $("open-claim");
  box.hidden = !open;
  if (open) {
    const params = { seat: seatName(open.claimer), number: open.number };
    const text = $("open-claim-text");
    text.replaceChildren(
      open.kind === "claim"
        ? ngettext("{seat} claims {number} of the remaining tricks", "{seat} claims {number} of the remaining tricks", open.number, params)
        : ngettext("{seat} concedes {number} of the remaining tricks", "{seat} concedes {number} of the remaining tricks", open.number, params),
    );
    if (open.statement) text.append(": “", prettyText(open.statement), "”");
    text.append(".");
  }
  drawClaimedHand(open || view.claimed);
}

// The claimer faces his cards with his statement (2017 Law 68C): the whole table sees them,
// read-only, while the claim is answered and once it is settled.
function drawClaimedHand(claim) {
  const box = $("claim-hand");
  if (!box) return;
  const shown = claim && claim.hand && claim.claimer !== view.seat && handCards(claim.hand).length > 0;
  box.hidden = !shown;
  const cards = $("claim-hand-cards");
  cards.replaceChildren();
  if (!shown) return;
  const params = { seat: seatName(claim.claimer), law: "68C" };
  $("claim-hand-title").textContent = claim.kind === "claim"
    ? _("{seat}'s cards, faced as he claims (Law {law})", params)
    : _("{seat}'s cards, faced as he concedes (Law {law})", params);
  if (claim.statement && !view.claim) {
    cards.append(el("p", { class: "claim-statement" }, "“", prettyText(claim.statement), "”"));
  }
  const suits = parseHand(claim.hand);
  for (const suit of SUITS) {
    const row = el("div", { class: "suit-row", role: "group", "aria-label": SUIT_NAMES[suit] });
    row.append(el("span", { class: `suit-label suit-${suit}`, "aria-hidden": "true", text: SUIT_SYMBOLS[suit] }));
    if (suits[suit].length === 0) row.append(el("span", { class: "void", text: "—" }));
    for (const rank of suits[suit]) row.append(el("span", { class: "faced-card", "data-card": suit + rank }, cardNode(suit + rank)));
    cards.append(row);
  }
}

function drawResult() {
  const box = $("result");
  const adjusted = view.adjusted;
  box.hidden = view.phase !== "ended" && !adjusted;
  if (box.hidden) return;
  const text = $("result-text");
  text.replaceChildren();
  if (adjusted) {
    // the director's result in force supersedes the table's (Law 12C)
    text.append(
      el("span", { class: "law", text: lawWords(adjusted.law) }),
      ": ",
      el("span", { "data-from": "server" }, _("the director's score: {score}.", { score: adjusted.text })),
    );
    if (adjusted.note) text.append(" ", el("span", { "data-from": "server" }, `“${adjusted.note}”`));
    return;
  }
  if (view.contract === "passed-out") text.append(_("Passed out.") + " ");
  else if (view.contract) {
    text.append(contractNode(view.contract), " " + _("by {seat}:", { seat: seatName(view.declarer) }) + " ");
    if (view.tricks !== null) text.append(ngettext("{count} trick.", "{count} tricks.", view.tricks, { count: view.tricks }) + " ");
  }
  if (view.score) text.append(_("Score NS {ns}, EW {ew}.", { ns: signed(view.score.NS), ew: signed(view.score.EW) }).replace(/(NS|EW) /g, "$1\u00a0"));
  else text.append(_("The score is the director's (an adjusted score)."));
}

// Every call of the director at this table, as the whole table hears it (Law 9B): who called
// and whether the director has come (answered) yet; the latest few.
function drawDirectorCalls() {
  const list = $("director-calls");
  list.replaceChildren();
  for (const call of (view.director_calls || []).slice(-3)) {
    const time = new Date(call.time).toLocaleTimeString(I18N.lang, { hour: "2-digit", minute: "2-digit" });
    const params = { seat: seatName(call.seat), time };
    let words;
    if (call.seat === view.seat) words = call.answered ? _("You called the director at {time}: the director has answered.", params) : _("You called the director at {time}: waiting for the director.", params);
    else words = call.answered ? _("{seat} called the director at {time}: the director has answered.", params) : _("{seat} called the director at {time}: waiting for the director.", params);
    list.append(el("li", { class: call.answered ? "answered" : "open" }, words));
  }
  // the latest call in the status line too (on a phone it stays in sight): the table hears
  // the call, and sees it acknowledged once the director has come (9B)
  const line = $("director-line");
  const latest = (view.director_calls || []).slice(-1)[0];
  line.hidden = !latest;
  if (!latest) return;
  const yours = latest.seat === view.seat;
  const seat = seatName(latest.seat);
  if (latest.answered) line.textContent = yours ? _("The director has answered the call (yours).") : _("The director has answered the call ({seat}).", { seat });
  else line.textContent = yours ? _("You called the director: waiting for him.") : _("{seat} called the director: waiting for him.", { seat });
  line.classList.toggle("answered", Boolean(latest.answered));
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function drawRulings() {
  const list = $("rulings");
  list.replaceChildren();
  for (const ruling of view.rulings) {
    list.append(el("li", {}, el("span", { class: "law", text: lawWords(ruling.law) }), ": ", prettyText(ruling.text)));
  }
  if (!view.rulings.length) list.append(el("li", { class: "note", text: _("none") }));
}

function drawQuitted() {
  const list = $("quitted");
  list.replaceChildren();
  document.querySelector(".tricks-panel").hidden = view.quitted.length === 0;
  for (const trick of view.quitted) {
    const leader = SEATS.indexOf(trick.leader);
    const item = el("li");
    trick.cards.forEach((card, i) => {
      const seat = SEATS[(leader + i) % 4];
      const part = el("span", { class: `trick-card${seat === trick.winner ? " winner" : ""}` }, `${seat} `, cardNode(card));
      item.append(part, " ");
    });
    item.append(el("span", { class: "note", text: _("won by {seat}", { seat: seatName(trick.winner) }) }));
    list.append(item);
  }
}

// -- focus and attention -------------------------------------------------------------------

// Where the skip link takes the keyboard: the player's choice if one is asked of him, else the
// first call or card he may use now (Pass in the auction), else his hand.
function skipTarget() {
  const usable = (selector) => [...document.querySelectorAll(selector)].find((b) => !b.disabled && !b.closest("[hidden]"));
  return (
    usable("#awaiting-options button, #correction-options button") ||
    usable("#bidding .call") ||
    usable("#dummy-hand button.card, #my-hand button.card") ||
    $("my-hand")
  );
}
// The page is drawn again after every event. The control that had the focus is found again by
// what it stands for (a card, a call, an option, an id), so that a keyboard user keeps his
// place; a card played or an option gone leaves the focus in the same hand or list (its first
// control that may be used), else on the player's next control or his hand (skipTarget), never
// at the start of the page.

function focusPlace() {
  const node = document.activeElement;
  if (!node || node === document.body || !node.closest) return null;
  const area = node.closest("[data-focus-area]");
  const areaId = area ? area.id : null;
  const d = node.dataset || {};
  if (d.card) return { selector: `button.card[data-card="${d.card}"][data-owner="${d.owner}"]`, areaId };
  if (d.call) return { selector: `button.call[data-call="${d.call}"]`, areaId };
  if (d.option) return { selector: `button.option[data-option="${CSS.escape(d.option)}"]`, areaId };
  if (node.id) return { selector: `#${CSS.escape(node.id)}`, areaId };
  return areaId ? { selector: null, areaId } : null;
}

function restoreFocus(place) {
  if (!place) return;
  const now = document.activeElement;
  if (now && now !== document.body && now.isConnected) return; // the focus survived
  const usable = (node) => node && node.isConnected && !node.disabled && !node.closest("[hidden]");
  const found = place.selector ? document.querySelector(place.selector) : null;
  if (usable(found)) {
    found.focus({ preventScroll: true });
    return;
  }
  const area = place.areaId ? $(place.areaId) : null;
  if (!area || area.closest("[hidden]")) {
    // its whole area has gone (an offer answered, the auction over): the player's next
    // control, as the skip link finds it (else his hand)
    if (place.areaId) skipTarget().focus({ preventScroll: true });
    return;
  }
  const first = [...area.querySelectorAll("button, input")].find(usable);
  (first || skipTarget()).focus({ preventScroll: true });
}

// A notice that asks this player for something (his choice, his revoke's correction) or tells
// the end of the board is brought into view when it appears (the player may be looking at his
// hand, below it on a phone), the first of its options focused for the keyboard.
let noticeSeen = "";

function drawAttention() {
  const me = view.seat;
  let key = "";
  let box = null;
  if (view.offer && view.offer.options.length) {
    key = `offer ${view.events} ${view.offer.law}`;
    box = $("awaiting");
  } else if (view.correction && view.correction.options.length) {
    key = `correction ${view.correction.options.map((o) => o.event).join(" ")}`;
    box = $("correction");
  } else if (view.claim && view.claim.claimer !== me) {
    key = `claim ${view.claim.claimer} ${view.claim.number}`;
    box = $("open-claim");
  } else if (view.phase === "ended" || view.adjusted) {
    key = `result ${view.adjusted ? JSON.stringify(view.adjusted) : ""}`;
    box = $("result");
  }
  if (key === noticeSeen) return;
  noticeSeen = key;
  if (!box || box.hidden) return;
  const rect = box.getBoundingClientRect();
  const top = $("status").getBoundingClientRect().bottom;
  if (rect.top < top || rect.bottom > window.innerHeight) {
    box.scrollIntoView({ block: rect.height > window.innerHeight - top ? "start" : "center" });
  }
  const typing = document.activeElement && ["INPUT", "TEXTAREA"].includes(document.activeElement.tagName);
  if (typing) return;
  const first = box.querySelector("button:enabled");
  if (first) first.focus({ preventScroll: true });
  else {
    box.setAttribute("tabindex", "-1");
    box.focus({ preventScroll: true });
  }
}

function render() {
  if (!view) return;
  const place = focusPlace();
  if (!draw()) return;
  restoreFocus(place);
  drawAttention();
}

function draw() {
  const me = view.seat;
  if (!SEATS.includes(me)) {
    // the director's token: his console shows the whole table, this page is a seat's
    setConnection(_("this is the director's token: open /director"), "down");
    stopped = true;
    if (socket) socket.close();
    return false;
  }
  const dummy = dummySeat();
  const heading = _("Board {board} · {seat}", { board: view.board, seat: seatName(me) });
  document.title = `${heading} · bridgelaw`;
  $("title").textContent = heading;
  const mode = view.mode === "law" ? _("law mode (irregularities allowed, the director rules)") : _("strict mode");
  $("board-line").textContent = _("Dealer {dealer} · Vulnerable: {vulnerable} · {mode} · Laws {edition}", {
    dealer: seatName(view.dealer),
    vulnerable: VULNERABLE_WORDS[view.vulnerable] || view.vulnerable,
    mode,
    edition: view.edition,
  });
  document.body.dataset.mode = view.mode;
  document.body.dataset.events = String(view.events); // how far this page has seen the table
  document.body.dataset.phase = view.phase;
  $("seated").hidden = false;
  drawStatus();
  drawAwaiting();
  drawCorrection();
  drawResult();
  drawDirectorCalls();
  $("table-area").hidden = view.phase === "auction"; // no trick on the table yet
  drawTable();
  const dummyBox = $("dummy");
  dummyBox.hidden = !(view.dummy && dummy && dummy !== me) || handCards(view.dummy).length === 0;
  if (!dummyBox.hidden) {
    $("dummy-title").textContent =
      me === view.declarer ? _("Dummy ({seat}): you play its cards", { seat: seatName(dummy) }) : _("Dummy ({seat})", { seat: seatName(dummy) });
    drawHand($("dummy-hand"), view.dummy, dummy, "dummy");
  } else $("dummy-hand").replaceChildren(); // no card of an earlier view stays behind
  $("hand-title").textContent = me === dummy ? _("Your hand (you are dummy: declarer plays it)") : _("Your hand");
  drawHand($("my-hand"), view.hand, me, "mine");
  $("hand").hidden = view.phase === "ended" && handCards(view.hand).length === 0; // all played
  const penalties = view.penalty_cards;
  const penaltyLine = $("penalty-line");
  penaltyLine.hidden = penalties.length === 0;
  penaltyLine.replaceChildren();
  for (const p of penalties) {
    const words = p.kind === "major" ? _("{seat}: major penalty card {card}.", { seat: seatName(p.seat) }) : _("{seat}: minor penalty card {card}.", { seat: seatName(p.seat) });
    const [before, after] = words.split("{card}");
    penaltyLine.append(before, cardNode(p.card), after || "", " ");
  }
  $("skip").textContent = view.phase === "auction" ? _("Skip to the bidding box") : _("Skip to your cards");
  $("bidding").hidden = view.phase !== "auction";
  if (view.phase === "auction") drawBiddingBox();
  drawClaim();
  drawChange();
  drawAuction();
  drawExplanations();
  drawRulings();
  drawQuitted();
  drawSessionBar();
  drawMode();
  drawAfterBoard();
  return true;
}

// -- the session bar -----------------------------------------------------------------------
// A table of a club night (the player's page opened it with "&session=<id>" in the fragment):
// the round, the table, which of the round's boards this is, the round's clock, and once the
// board is over a button back to the player's page, which takes him to his next board.

const SESSION_WORDS = {
  page: _("My session"),
  next: _("Next board →"),
  where: (round, table, board, k, n) => _("Round {round} · Table {table} · Board {board} ({k} of {n})", { round, table, board, k, n }),
  late: (round, table, board) => _("Table {table} · Board {board}: late, from round {round} (Law {law})", { round, table, board, law: "8B2" }),
  ended: _("The session has ended"),
  left: (time) => _("{time} left", { time }),
  change: (time) => _("move: play starts in {time}", { time }),
  over: (time) => _("time is up ({time} over)", { time }),
};
let sessionView = null;
let sessionClockAt = 0;
let sessionBackoff = 500;

function sessionId() {
  return localStorage.getItem(sessionKey);
}

function playerPage(next) {
  const fragment = new URLSearchParams({ token });
  if (next) fragment.set("next", "1");
  return `/session/${encodeURIComponent(sessionId())}/play#${fragment.toString()}`;
}

function startSessionBar() {
  const id = sessionId();
  if (!id) return;
  $("session-page").textContent = SESSION_WORDS.page;
  $("session-next").textContent = SESSION_WORDS.next;
  $("session-page").addEventListener("click", (event) => {
    event.preventDefault();
    location.assign(playerPage(false));
  });
  $("session-next").addEventListener("click", () => location.assign(playerPage(true)));
  setInterval(drawSessionClock, 1000);
  fetchSession();
  connectSession();
}

async function fetchSession() {
  const answer = await api("GET", `/api/sessions/${encodeURIComponent(sessionId())}`);
  if (answer.status === 200) acceptSession(answer.body);
}

function acceptSession(data) {
  if (!data || !data.you || (sessionView && data.version < sessionView.version)) return;
  sessionView = data;
  sessionClockAt = Date.now();
  drawSessionBar();
  if (view && view.phase === "ended") fetchAfter(); // a result of another table, the move
}

function connectSession() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/api/sessions/${encodeURIComponent(sessionId())}/stream?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(I18N.lang)}`;
  const socket = new WebSocket(url);
  socket.onopen = () => {
    sessionBackoff = 500;
  };
  socket.onmessage = (message) => {
    try {
      acceptSession(JSON.parse(message.data));
    } catch (error) {
      // not a view
    }
  };
  socket.onclose = (closed) => {
    if (closed.code >= 4400 && closed.code < 4500) return; // not this session's token
    const wait = sessionBackoff;
    sessionBackoff = Math.min(sessionBackoff * 2, 10000);
    setTimeout(connectSession, wait);
  };
}

function drawSessionBar() {
  const data = sessionView;
  if (!data) return;
  const you = data.you;
  const bar = $("session-bar");
  bar.hidden = false;
  const boards = you.boards || [];
  const index = boards.findIndex((slot) => slot.table_id === tableId);
  const late = (you.late || []).find((slot) => slot.table_id === tableId);
  let where = SESSION_WORDS.ended;
  if (index >= 0) {
    where = SESSION_WORDS.where(data.round, you.table, boards[index].board, index + 1, boards.length);
  } else if (late) where = SESSION_WORDS.late(late.round, late.table, late.board);
  else if (data.round !== null) where = _("Round {round}", { round: data.round });
  $("session-where").textContent = where;
  const slot = index >= 0 ? boards[index] : late;
  // over: the play has ended here, or the session has this board's result (the director's, say)
  const over = (view && view.phase === "ended") || !slot || !["to-play", "late"].includes(slot.status);
  $("session-next").hidden = !over;
  bar.dataset.over = String(over);
  drawSessionClock();
}

function drawSessionClock() {
  const node = $("session-clock");
  const clock = sessionView && sessionView.clock;
  if (!clock) {
    node.textContent = "";
    return;
  }
  const left = clock.remaining - (Date.now() - sessionClockAt) / 1000;
  const length = (Date.parse(clock.ends) - Date.parse(clock.play_from)) / 1000;
  const time = (seconds) => {
    const s = Math.abs(Math.trunc(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  if (left > length) node.textContent = SESSION_WORDS.change(time(left - length));
  else if (left >= 0) node.textContent = SESSION_WORDS.left(time(left));
  else node.textContent = SESSION_WORDS.over(time(left));
}

// -- the table's mode ------------------------------------------------------------------------
// What kind of table this is, where nobody can miss it: at a law table a mis-click stands as
// an irregularity and is ruled; at a strict table what the Laws forbid is refused.

const MODE_WORDS = {
  law: {
    title: _("Law table: irregularities are allowed and ruled"),
    text: _("A call or card out of turn, an insufficient bid or a failure to follow suit stands as made, and the Laws' rectification follows: the player the Law names chooses, or the director rules (Laws 9-12)."),
  },
  strict: {
    title: _("Strict table: illegal actions refused"),
    text: _("A call or card the Laws do not allow now (out of turn, insufficient, not following suit) is refused with the law that forbids it, and nothing changes at the table."),
  },
};

function drawMode() {
  const words = MODE_WORDS[view.mode];
  const label = $("mode-label");
  label.hidden = !words;
  if (!words) return;
  label.dataset.mode = view.mode;
  label.title = words.text; // on a phone the sentence is hidden (table.css)
  label.replaceChildren(el("strong", { text: words.title }), " ", el("span", { class: "mode-text", text: words.text }));
}

// -- after the board -------------------------------------------------------------------------
// Once the board is over every card may be inspected (Law 66D): the view carries the deal,
// and /after adds the double-dummy table, the session's traveller of the board and where this
// player goes next (server/after.py).

let afterData = null;
let afterEvents = null; // the table's events when /after was last asked for
let afterAsking = false;
let afterAgain = false;

function drawAfterBoard() {
  const box = $("after");
  if (view.phase !== "ended" || !view.deal) {
    box.hidden = true;
    afterData = null;
    afterEvents = null;
    return;
  }
  box.hidden = false;
  drawAfterHands(view.deal);
  if (afterEvents !== view.events) {
    afterEvents = view.events;
    fetchAfter();
  }
  drawAfterRest();
}

async function fetchAfter() {
  if (afterAsking) {
    afterAgain = true; // asked again meanwhile: once more when this answer is in
    return;
  }
  afterAsking = true;
  try {
    const answer = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/after`);
    if (answer.status === 200) {
      afterData = answer.body;
      drawAfterRest();
      // the double-dummy solve goes on at the server: ask again in a moment
      if (afterData.analysis && afterData.analysis.pending) setTimeout(fetchAfter, 1500);
    }
  } finally {
    afterAsking = false;
  }
  if (afterAgain) {
    afterAgain = false;
    fetchAfter();
  }
}

function dealHands(deal) {
  // "N:AKQ2.KQ2.A32.K32 JT9... ..." -> {N: "AKQ2.KQ2.A32.K32", E: ..., S: ..., W: ...}
  const first = SEATS.indexOf(deal[0]);
  const hands = {};
  deal.slice(2).split(" ").forEach((hand, i) => {
    hands[SEATS[(first + i) % 4]] = hand;
  });
  return hands;
}

function drawAfterHands(deal) {
  const box = $("after-hands");
  box.replaceChildren();
  const hands = dealHands(deal);
  for (const seat of SEATS) {
    const roles = [];
    if (seat === view.seat) roles.push(_("you"));
    if (seat === view.declarer) roles.push(_("declarer"));
    if (view.declarer && seat === SEATS[(SEATS.indexOf(view.declarer) + 2) % 4]) roles.push(_("dummy"));
    const hand = el("div", { class: `after-hand at-${seat}`, "data-seat": seat });
    hand.append(el("h4", { text: roles.length ? `${seatName(seat)} (${roles.join(", ")})` : seatName(seat) }));
    const suits = parseHand(hands[seat] || "...");
    for (const suit of SUITS) {
      const ranks = suits[suit].map(rankText).join(" ");
      hand.append(
        el(
          "div",
          { class: "after-suit", "data-suit": suit },
          suitSpan(suit),
          el("span", { class: "sr", text: `${SUIT_NAMES[suit]}: ` }),
          ` ${ranks || "—"}`,
        ),
      );
    }
    box.append(hand);
  }
  const centre = [
    _("Board {board}", { board: view.board }),
    _("Dealer {seat}", { seat: seatName(view.dealer) }),
    _("Vul: {vulnerable}", { vulnerable: VULNERABLE_WORDS[view.vulnerable] || view.vulnerable }),
  ];
  box.append(el("div", { class: "after-centre", text: centre.join("\n") }));
}

function drawAfterRest() {
  drawAfterNext();
  drawAfterSession();
  drawAfterDD();
}

function drawAfterNext() {
  const box = $("after-next");
  box.replaceChildren();
  const data = afterData;
  if (!data) return;
  if (data.next) {
    const next = data.next;
    const fragment = new URLSearchParams({ token, session: data.session ? data.session.id : "" });
    const words = next.late
      ? _("Next: board {board} at table {table} (late, from round {round}) →", next)
      : _("Next: board {board} at table {table} →", next);
    const button = el("button", { type: "button", id: "after-next-button", class: "after-next-button" }, words);
    button.addEventListener("click", () => location.assign(`/table/${encodeURIComponent(next.table_id)}#${fragment.toString()}`));
    box.append(button);
  } else if (data.session) {
    box.append(el("p", { class: "note", text: _("Your boards of this round are played: the next board comes when the director calls the move (Law {law}); this page shows it then.", { law: "8A1" }) }));
  } else {
    box.append(el("p", { class: "note", text: _("This table plays one board: the next board is a new table, whose link the director gives each seat.") }));
  }
}

const SCORING_WORDS = {
  matchpoints: _("matchpoints"),
  "imps-datum": _("IMPs against a datum"),
  "cross-imps": _("cross-IMPs"),
  "total-points": _("total points"),
  teams: _("teams"),
};
const UNIT_WORDS = { mp: _("MP"), imps: _("IMPs"), points: _("points") };
const UNIT_KEYS = { mp: ["ns_mp", "ew_mp"], imps: ["ns_imps", "ew_imps"], points: ["ns_points", "ew_points"] };

function afterNumber(n) {
  if (n === null || n === undefined) return "";
  return Number.isInteger(n) ? String(n) : I18N.number(n, 2);
}

function drawAfterSession() {
  const box = $("after-session");
  box.replaceChildren();
  const session = afterData && afterData.session;
  if (!session) return;
  const unit = UNIT_WORDS[session.unit] || session.unit;
  const keys = UNIT_KEYS[session.unit] || UNIT_KEYS.points;
  const scoring = SCORING_WORDS[session.scoring] || session.scoring;
  const params = { board: session.board, scoring, top: afterNumber(session.top) };
  const heading = session.results.length > 1 && typeof session.top === "number"
    ? _("Board {board} at every table ({scoring}, top {top})", params)
    : _("Board {board} at every table ({scoring})", params);
  box.append(el("h3", { text: heading }));
  const table = el("table", { class: "traveller", id: "after-traveller" });
  table.append(
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ...[_("Table"), _("NS–EW"), _("Result"), _("Score NS"), _("{unit} NS", { unit }), _("{unit} EW", { unit })].map((t) => el("th", { scope: "col", text: t })),
      ),
    ),
  );
  const body = el("tbody");
  for (const row of session.results) {
    const score = row.ns_score === null || row.ns_score === undefined ? "" : signed(row.ns_score);
    body.append(
      el(
        "tr",
        { class: row.you ? "you" : "", "data-you": row.you ? "true" : "false" },
        el("td", { text: row.you ? _("{table} (you)", { table: row.table }) : String(row.table ?? "") }),
        el("td", { text: `${row.ns}–${row.ew}` }),
        el("td", {}, prettyText(row.result)),
        el("td", { class: "num", text: score }),
        el("td", { class: "num", text: afterNumber(row[keys[0]]) }),
        el("td", { class: "num", text: afterNumber(row[keys[1]]) }),
      ),
    );
  }
  table.append(body);
  box.append(table);
  if (session.results.length <= 1) {
    box.append(el("p", { class: "note", text: _("No other table has a result on this board yet: the scores change as the other tables finish it.") }));
  }
}

function drawAfterDD() {
  const box = $("after-dd");
  box.replaceChildren();
  const analysis = afterData && afterData.analysis;
  if (!analysis || analysis.pending) {
    box.append(el("p", { class: "note", text: _("solving…") }));
    return;
  }
  if (analysis.error) {
    box.append(el("p", { class: "note", "data-from": "server", text: analysis.error }));
    return;
  }
  const strains = ["NT", "S", "H", "D", "C"];
  const table = el("table", { class: "dd", id: "after-dd-table" });
  const head = el("tr", {}, el("th", { scope: "col", text: _("Tricks") }));
  for (const strain of strains) {
    head.append(el("th", { scope: "col" }, strain === "NT" ? "NT" : suitSpan(strain), strain === "NT" ? "" : el("span", { class: "sr", text: SUIT_NAMES[strain] })));
  }
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const seat of ["N", "S", "E", "W"]) {
    const row = el("tr", { "data-seat": seat }, el("th", { scope: "row", text: seatName(seat) }));
    for (const strain of strains) row.append(el("td", { class: "num", "data-strain": strain, text: String(analysis.dd[seat][strain]) }));
    body.append(row);
  }
  table.append(body);
  box.append(table);
  const par = analysis.par;
  const who = par.score >= 0 ? "NS" : "EW";
  const contracts = par.contracts.length ? `: ${par.contracts.join(", ")}` : "";
  box.append(el("p", { class: "note", id: "after-par", text: _("Par {side} {score}{contracts}", { side: who, score: Math.abs(par.score), contracts }) }));
}

// -- start ---------------------------------------------------------------------------------

function readToken() {
  // the address as it came (i18n.js took the token out of it), or a link pasted since
  const fragment = new URLSearchParams((location.hash.includes("token=") ? location.hash : I18N.hash).slice(1));
  const given = fragment.get("token");
  const session = fragment.get("session");
  if (session) localStorage.setItem(sessionKey, session);
  if (given) {
    localStorage.setItem(storageKey, given);
    // the token leaves the address bar (and so the history, a bookmark, a screenshot)
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(storageKey);
}

function wire() {
  $("alert-toggle").addEventListener("click", () => {
    alertOn = !alertOn;
    $("alert-toggle").setAttribute("aria-pressed", String(alertOn));
    $("alert-explanation-row").hidden = !alertOn;
  });
  $("change-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const call = $("change-call").value;
    if (!view.change || !call) return;
    // a law table: the call meant, said (the engine's Law 25 path); strict: asked of the director
    if (view.change.how === "event") send(call);
    else postRecord("call-changes", { call });
  });
  for (const button of document.querySelectorAll(".other-calls .call")) {
    button.addEventListener("click", () => makeCall(button.dataset.call));
  }
  $("error-close").addEventListener("click", clearError);
  $("skip").addEventListener("click", (event) => {
    event.preventDefault();
    const target = skipTarget();
    target.setAttribute("tabindex", target.getAttribute("tabindex") || "-1");
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  });
  $("claim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = $("claim-number").value;
    const statement = $("claim-statement").value.trim();
    send(statement ? `claim ${number}: ${statement}` : `claim ${number}`);
  });
  $("concede-button").addEventListener("click", () => send(`concede ${$("claim-number").value}`));
  $("director-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = $("director-reason").value.trim();
    const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/calls`, reason ? { reason } : {});
    const line = $("director-answer");
    if (answer.status === 200) {
      line.textContent = _("The director has been called (call {call}). Stay at the table.", { call: answer.body.call });
      $("director-reason").value = "";
    } else if (answer.status === 404 || answer.status === 405) {
      line.textContent = _("This server does not take calls for the director: call him at the table.");
    } else {
      line.textContent = _("The call did not go through: {why}", { why: answer.body.error || answer.status });
    }
  });
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const given = $("token-input").value.trim();
    if (!given) return;
    localStorage.setItem(storageKey, given);
    start();
  });
}

function start() {
  token = readToken();
  if (!token) {
    $("no-token").hidden = false;
    setConnection(_("no seat token"), "down");
    return;
  }
  $("no-token").hidden = true;
  stopped = false;
  refresh();
  connect();
  startSessionBar();
}

wire();
start();
// a new link pasted into this tab (the director re-issued the seat's) changes only the
// fragment, which reloads nothing: the page starts again with the token it brings
window.addEventListener("hashchange", () => {
  if (!new URLSearchParams(location.hash.slice(1)).get("token")) return;
  if (socket) {
    socket.onclose = null; // the old stream ends here: no reconnecting with the old token
    socket.close();
    socket = null;
  }
  clearTimeout(reconnectTimer);
  clearError();
  start();
});
