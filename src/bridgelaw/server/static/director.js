// The director's console: plain JavaScript, no build step, no CDN.
// The token arrives in the URL fragment (never sent to the server, never logged), is kept in
// this tab's sessionStorage and removed from the address bar; every request sends it as
// "Authorization: Bearer". The list of tables and the open table are polled every 2 s.
"use strict";

const KEY = "bridgelaw.director";
const BACKOFF_MAX_MS = 10000;
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
// the page's words are in the reader's language (i18n.js loads this file once they are)
const SEAT_NAME = { N: _("North"), E: _("East"), S: _("South"), W: _("West"), director: _("director") };
const MODE_NAME = { law: _("law"), strict: _("strict") };
const PHASE_NAME = { auction: _("auction"), play: _("play"), ended: _("ended") };
const VULNERABLE_NAME = { none: _("nobody"), NS: _("North-South"), EW: _("East-West"), both: _("both sides") };

const state = {
  token: null,
  tables: [],
  open: null, // the id of the table shown
  data: null, // its console answer
  chosen: null, // the option picked, waiting for confirmation
  lastList: "",
  lastTable: "",
  resultFormFor: null,
  socket: null, // the console's stream: every change of a table, pushed
  backoff: 500, // the wait before connecting again, doubled at each failure
  reconnect: null,
  loading: false, // the open table's answer on its way
  again: false, // the open table changed while it was on its way
};

// -- small helpers ------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function $(id) {
  return document.getElementById(id);
}

function clear(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
}

// the law book's titles of the open table's edition, in the page's language (GET /api/laws):
// a clause's title shows when the director points at its number
const lawBook = { edition: null, titles: {} };

function lawTitle(clause) {
  for (let key = clause || ""; key.length > 0; key = key.slice(0, -1)) {
    if (lawBook.titles[key]) return lawBook.titles[key];
  }
  return "";
}

async function loadLawTitles(edition) {
  if (!edition || lawBook.edition === edition) return;
  lawBook.edition = edition;
  try {
    lawBook.titles = await api("GET", `/api/laws?edition=${encodeURIComponent(edition)}`);
  } catch (e) {
    lawBook.titles = {}; // the numbers still show; their titles are a help, not the ruling
    return;
  }
  if (state.data) renderTable();
}

function law(clause) {
  if (!clause) return null;
  return el("span", { class: "law", title: lawTitle(clause) || null }, _("Law {law}", { law: clause }));
}

function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return d.toLocaleTimeString(I18N.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

function status(text, bad) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("bad", Boolean(bad));
}

async function api(method, path, body) {
  const init = { method, headers: { Authorization: "Bearer " + state.token } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  // the page's language rides along: rulings, offers and refusals come in it
  const answer = await fetch(I18N.withLang(path), init);
  let data = null;
  try {
    data = await answer.json();
  } catch (e) {
    data = { error: answer.statusText };
  }
  if (!answer.ok) {
    const error = new Error((data && data.error) || answer.statusText);
    error.status = answer.status;
    error.law = data && data.law;
    throw error;
  }
  return data;
}

// -- the token and the address --------------------------------------------------------------------

function readFragment() {
  const params = new URLSearchParams(I18N.hash.slice(1)); // the address as it came (i18n.js)
  const token = params.get("token");
  if (token) {
    sessionStorage.setItem(KEY, token);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  }
  state.token = sessionStorage.getItem(KEY);
  return params.get("table");
}

function showTableInAddress(id) {
  history.replaceState(null, "", location.pathname + location.search + (id ? "#table=" + id : ""));
}

// -- the list of tables ---------------------------------------------------------------------------

function sortTables(tables) {
  const firstCall = (t) => (t.calls.length ? t.calls[0].time : null);
  return [...tables].sort((a, b) => {
    const ca = firstCall(a);
    const cb = firstCall(b);
    if (ca && !cb) return -1;
    if (cb && !ca) return 1;
    if (ca && cb) return ca < cb ? -1 : 1;
    return a.created < b.created ? -1 : 1;
  });
}

function tableLine(t) {
  const where = PHASE_NAME[t.phase === "auction" || t.phase === "play" ? t.phase : "ended"];
  const contract = t.contract ? `${t.contract}${t.declarer ? " " + t.declarer : ""}` : "";
  const calls = t.calls.map((c) =>
    el(
      "li",
      { class: "call" },
      el("strong", {}, _("{seat} called", { seat: SEAT_NAME[c.seat] })),
      " ",
      _("at {time}", { time: when(c.time) }),
      c.reason ? el("span", { class: "reason", "data-from": "server" }, `: “${c.reason}”`) : "", // the player's words
    ),
  );
  return el(
    "li",
    { class: "table-item" + (t.calls.length ? " calling" : "") + (state.open === t.table ? " open" : "") },
    el(
      "button",
      { type: "button", class: "table-button", "data-table": t.table, onclick: () => openTable(t.table) },
      el("span", { class: "board" }, _("Board {board}", { board: t.board })),
      el("span", { class: "mode " + t.mode }, MODE_NAME[t.mode] || t.mode),
      el("span", { class: "phase" }, [where, contract].filter(Boolean).join(" · ")),
      t.turn ? el("span", { class: "turn" }, _("turn: {seat}", { seat: t.turn })) : "",
      t.awaiting ? el("span", { class: "waiting" }, _("waiting: {who} · Law {law}", { who: SEAT_NAME[t.awaiting.who] || t.awaiting.who, law: t.awaiting.law })) : "",
      el("span", { class: "id" }, _("table"), " ", el("span", { translate: "no" }, t.table)), // an id, not a word
    ),
    calls.length ? el("ul", { class: "calls-list" }, calls) : "",
  );
}

// The list's filter: a state (ended tables hidden by default: a night's finished boards would
// bury the live ones; a table calling the director is always shown) and words to find.
const FILTERS = {
  active: (t) => t.phase !== "ended" || t.calls.length > 0,
  calling: (t) => t.calls.length > 0,
  waiting: (t) => Boolean(t.awaiting),
  auction: (t) => t.phase === "auction",
  play: (t) => t.phase === "play",
  ended: (t) => t.phase === "ended",
  all: () => true,
};

function tableWords(t) {
  const seats = t.calls.map((c) => `${c.seat} ${SEAT_NAME[c.seat]} ${c.reason || ""}`);
  return [`board ${t.board}`, _("Board {board}", { board: t.board }), t.table, t.mode, MODE_NAME[t.mode] || "", t.phase, PHASE_NAME[t.phase] || "", t.contract || "", t.declarer || "", ...seats]
    .join(" ")
    .toLowerCase();
}

function filtered(list) {
  const kind = $("filter-state").value;
  const test = FILTERS[kind] || FILTERS.active;
  const words = $("filter-text").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((t) => test(t) && words.every((w) => tableWords(t).includes(w)));
}

function renderTables() {
  const all = sortTables(state.tables);
  const list = filtered(all);
  const calls = all.reduce((n, t) => n + t.calls.length, 0);
  const open = calls ? ngettext("{count} open call", "{count} open calls", calls, { count: calls }) : _("no open call");
  $("tables-title").replaceChildren(_("Tables"), " ", el("span", { class: "count" }, `${all.length} · ${open}`));
  const hidden = all.length - list.length;
  const ended = all.filter((t) => !FILTERS.active(t)).length;
  $("filter-note").textContent = hidden
    ? _("Showing {shown} of {all}", { shown: list.length, all: all.length }) +
      ($("filter-state").value === "active" && ended ? " " + _("({count} ended hidden: Show “all”)", { count: ended }) : "")
    : "";
  if (!all.length) {
    clear($("tables"), el("li", { class: "empty" }, _("No table yet. Tables are made with POST /api/tables.")));
    return;
  }
  if (!list.length) {
    clear($("tables"), el("li", { class: "empty" }, _("No table matches the filter.")));
    return;
  }
  clear($("tables"), list.map(tableLine));
}

async function pollTables() {
  const data = await api("GET", "/api/tables");
  showList(data.tables);
}

function showList(tables) {
  const text = JSON.stringify(tables);
  state.tables = tables;
  if (text !== state.lastList) {
    state.lastList = text;
    renderTables();
  }
  const calling = state.tables.filter((t) => t.calls.length).length;
  document.title = (calling ? `(${calling}) ` : "") + _("Director's console · bridgelaw");
}

// -- one table ------------------------------------------------------------------------------------

function openTable(id) {
  clear($("seat-links"));
  state.open = id;
  state.data = null;
  state.chosen = null;
  state.lastTable = "";
  showTableInAddress(id);
  $("table-pane").hidden = false;
  document.body.classList.add("table-open");
  renderTables();
  pollTable().catch(report);
}

function closeTable() {
  clear($("seat-links")); // a link given is the table's: not shown at another
  state.open = null;
  state.data = null;
  showTableInAddress(null);
  $("table-pane").hidden = true;
  document.body.classList.remove("table-open");
  renderTables();
}

async function pollTable() {
  if (!state.open) return;
  const id = state.open;
  const data = await api("GET", `/api/tables/${id}/console`);
  if (state.open !== id) return;
  const text = JSON.stringify(data);
  if (text === state.lastTable) return;
  state.lastTable = text;
  state.data = data;
  renderTable();
}

function renderTable() {
  const d = state.data;
  const v = d.view;
  loadLawTitles(v.edition);
  const contract = !v.contract
    ? _("no contract yet")
    : v.declarer
      ? _("{contract} by {seat}", { contract: v.contract, seat: SEAT_NAME[v.declarer] })
      : v.contract;
  // the view's own turn (the page's public fields), else the list's: never an older answer's
  const listed = state.tables.find((t) => t.table === state.open);
  const seat = v.turn !== undefined ? v.turn : listed && listed.turn;
  const turn = !seat ? "" : v.phase === "auction" ? _("{seat} to call", { seat: SEAT_NAME[seat] }) : _("{seat} to play", { seat: SEAT_NAME[seat] });
  clear(
    $("table-head"),
    el("h2", {}, _("Board {board}", { board: v.board })),
    el(
      "p",
      { class: "facts" },
      el("span", { class: "mode " + v.mode }, MODE_NAME[v.mode] || v.mode),
      " ",
      _("dealer {dealer} · vulnerable {vulnerable} · {phase} · {contract}", {
        dealer: SEAT_NAME[v.dealer] || v.dealer,
        vulnerable: VULNERABLE_NAME[v.vulnerable] || v.vulnerable,
        phase: PHASE_NAME[v.phase] || v.phase,
        contract,
      }),
      turn ? ` · ${turn}` : "",
      v.phase === "ended" && v.tricks !== null ? " · " + ngettext("{count} trick", "{count} tricks", v.tricks, { count: v.tricks }) : "",
    ),
  );
  renderCalls(d.calls);
  renderSaid(d.explanations || [], d.call_changes || [], v);
  renderOffer(v.offer, v); // every party's options, each with the event that chooses it
  renderDeal(v);
  renderAuction(v);
  renderPlay(v);
  renderRulings(d.rulings);
  renderResult(d.result, v);
  renderEvents(d.events);
  renderSeatLinks();
  if (window.directorWork) window.directorWork.render(state, api); // director-work.js
}

function renderSeatLinks() {
  const box = $("seat-links");
  if (box.childElementCount) return; // the buttons stay; a link given stays shown
  for (const seat of ["N", "E", "S", "W"]) {
    const shown = el("input", { readonly: "", class: "seat-link", "aria-label": _("{seat}'s new link", { seat: SEAT_NAME[seat] }) });
    shown.hidden = true;
    const button = el("button", { type: "button", "data-seat": seat }, _("New link for {seat}", { seat: SEAT_NAME[seat] }));
    button.addEventListener("click", async () => {
      $("seat-link-error").textContent = "";
      try {
        const table = state.open;
        const path = `/api/tables/${encodeURIComponent(table)}/seats/${seat}/token`;
        const given = await api("POST", path, {});
        shown.value = `${location.origin}/table/${encodeURIComponent(table)}#token=${encodeURIComponent(given.token)}`;
        shown.hidden = false;
        shown.select();
      } catch (e) {
        $("seat-link-error").textContent = e.message;
      }
    });
    box.append(el("p", {}, button, " ", shown));
  }
}

function renderCalls(calls) {
  const open = calls.filter((c) => !c.answered);
  const done = calls.filter((c) => c.answered);
  const node = $("calls");
  if (!calls.length) {
    clear(node, el("h3", {}, _("Calls")), el("p", { class: "hint" }, _("Nobody has called the director at this table.")));
    return;
  }
  clear(
    node,
    el("h3", {}, _("Calls"), " ", law("9B")),
    el(
      "ul",
      { class: "calls-list" },
      open.map((c) =>
        el(
          "li",
          { class: "call" },
          el("strong", {}, _("{seat} called", { seat: SEAT_NAME[c.seat] })),
          " ",
          _("at {time}", { time: when(c.time) }),
          c.reason ? el("span", { class: "reason", "data-from": "server" }, `: “${c.reason}”`) : "",
          c.law_note ? el("div", { class: "law-note", "data-from": "server" }, c.law_note) : "",
          " ",
          el("button", { type: "button", class: "small", onclick: () => answerCall(c.call) }, _("Mark answered")),
        ),
      ),
      done.map((c) =>
        el(
          "li",
          { class: "call answered" },
          _("{seat} called at {time}", { seat: SEAT_NAME[c.seat], time: when(c.time) }),
          c.reason ? el("span", { "data-from": "server" }, `: “${c.reason}”`) : "",
          " · ",
          _("answered {time}", { time: when(c.answered) }),
          c.note ? ` (${c.note})` : "",
        ),
      ),
    ),
  );
}

// What was said at the table beside its events: the alerts' explanations, questions and
// answers (Law 20F: the facts of a Law 21 ruling, each with who and when), and the requests to
// change a mistaken call at a strict table with the director's decision (Law 25A).
function renderSaid(records, changes, v) {
  const node = $("said");
  node.hidden = !records.length && !changes.length;
  if (node.hidden) return clear(node);
  const callOf = (event) => {
    const found = (v.auction || []).find((a) => a.event === event);
    return found ? _("{seat}'s {call}", { seat: SEAT_NAME[found.seat], call: found.call }) : _("the call of event {event}", { event });
  };
  const words = { explain: _("explained"), question: _("asked about"), answer: _("answered about") };
  const decided = (id) => changes.find((c) => c.request === id);
  clear(
    node,
    records.length ? el("h3", {}, _("Explanations"), " ", law("20F")) : null,
    records.length
      ? el("ul", { class: "said-list" }, records.map((r) =>
        el("li", { "data-kind": r.kind }, `${when(r.time)} ${SEAT_NAME[r.seat]} ${words[r.kind] || r.kind} ${callOf(r.call)}`, r.text ? `: “${r.text}”` : ""),
      ))
      : null,
    changes.length ? el("h3", {}, _("Mistaken calls"), " ", law("25A")) : null,
    changes.length
      ? el("ul", { class: "said-list" }, changes.filter((c) => c.kind === "request").map((c) => {
        const decision = decided(c.id);
        return el(
          "li",
          { "data-request": c.id },
          `${when(c.time)} `,
          _("{seat} asks to change {call} to {new}", { seat: SEAT_NAME[c.seat], call: callOf(c.call), new: c.text }),
          decision ? ` · ${decision.kind === "allow" ? _("allowed") : _("refused")} ${when(decision.time)}` : " ",
          decision ? "" : el("button", { type: "button", class: "small", onclick: () => decideChange(c.id, true) }, _("Allow (25A1)")),
          decision ? "" : el("button", { type: "button", class: "small", onclick: () => decideChange(c.id, false) }, _("Refuse")),
        );
      }))
      : null,
  );
}

async function decideChange(request, allow) {
  try {
    await api("POST", `/api/tables/${state.open}/call-changes/${request}/decision`, { allow });
    await Promise.all([pollTables(), pollTable()]);
  } catch (e) {
    report(e);
  }
}

async function answerCall(call) {
  try {
    await api("POST", `/api/tables/${state.open}/calls/${call}/answer`, { note: "" });
    await Promise.all([pollTables(), pollTable()]);
  } catch (e) {
    report(e);
  }
}

function renderOffer(offer, v) {
  const node = $("offer");
  if (!offer) {
    clear(
      node,
      el("h3", {}, _("Waiting for")),
      el("p", { class: "hint" }, v.phase === "ended" ? _("The board is over.") : _("Nothing: the table plays on normally.")),
    );
    return;
  }
  const whose = offer.who === "director"
    ? [el("strong", {}, _("Your judgement."))]
    : [
        el("strong", {}, _("{seat}'s choice.", { seat: SEAT_NAME[offer.who] })),
        " ",
        _("Explain every option to him"),
        " ",
        law("10C1"),
        "; ",
        _("he chooses without consulting his partner"),
        " ",
        law("10C2"),
        ". ",
        _("Enter his choice here."),
      ];
  // an option is its event text, made by the server (the words the table takes)
  const chosen = state.chosen && state.chosen.law === offer.law ? state.chosen.event : null;
  const events = state.data ? state.data.events : [];
  const last = events.length ? events[events.length - 1] : null;
  clear(
    node,
    el("h3", {}, _("Waiting for:"), " ", el("span", { "data-from": "server" }, offer.title), " ", law(offer.law)),
    last
      ? el(
          "p",
          { class: "last-event" },
          _("After event {index}:", { index: last.index }),
          " ",
          el("code", { translate: "no" }, last.text),
          " ",
          _("(sent by {who} at {time})", { who: SEAT_NAME[last.sent_by] || last.sent_by, time: when(last.time) }),
        )
      : "",
    el("p", { class: "whose" }, whose),
    offerOptions(offer, v, chosen),
    chosen
      ? el(
          "div",
          { class: "confirm" },
          el(
            "button",
            { type: "button", class: "primary", id: "confirm-option", onclick: () => sendEvent(chosen, "offer-error") },
            _("Confirm: {event}", { event: chosen }),
          ),
          el("button", { type: "button", onclick: () => { state.chosen = null; renderOffer(offer, v); } }, _("Cancel")),
        )
      : "",
    el("p", { id: "offer-error", class: "error", role: "alert" }),
  );
}

function optionButton(offer, v, chosen, o, words) {
  return el(
    "button",
    {
      type: "button",
      class: "option-button",
      "data-option": o.option,
      "data-event": o.event,
      "aria-pressed": chosen === o.event ? "true" : "false",
      "data-from": "server",
      onclick: () => {
        state.chosen = { law: offer.law, event: o.event };
        renderOffer(offer, v);
      },
    },
    words,
  );
}

// The offer's options, each with what follows it; an offer of many options (27B: the
// offender's thirty-odd replacements) comes in groups (server-made, by clause): what follows is
// said once per group, its options are small buttons.
function offerOptions(offer, v, chosen) {
  const groups = offer.groups || [];
  const known = new Set(groups.map((g) => g.group));
  const single = offer.options.filter((o) => !known.has(o.group));
  const items = single.map((o) =>
    el(
      "li",
      { class: "option" + (chosen === o.event ? " chosen" : "") },
      optionButton(offer, v, chosen, o, o.who === offer.who ? o.label : `${SEAT_NAME[o.who] || o.who}: ${o.label}`),
      el("span", { class: "consequence" }, el("span", { "data-from": "server" }, o.consequence), " ", law(o.law)),
    ),
  );
  const grouped = groups.map((g) => {
    const members = offer.options.filter((o) => o.group === g.group);
    return el(
      "li",
      { class: "option option-group", "data-group": g.group },
      el("strong", {}, `${SEAT_NAME[offer.who] || offer.who}: `, el("span", { "data-from": "server" }, g.title), " ", law(g.law)),
      el("span", { class: "consequence", "data-from": "server" }, g.consequence),
      el(
        "span",
        { class: "group-options" },
        members.map((o) => optionButton(offer, v, chosen, o, o.option)),
      ),
    );
  });
  return el("ul", { class: "options" }, grouped, items);
}

async function sendEvent(text, errorId) {
  const error = $(errorId);
  if (error) error.textContent = "";
  try {
    await api("POST", `/api/tables/${state.open}/events`, { event: text });
    state.chosen = null;
    await Promise.all([pollTables(), pollTable()]);
    if (errorId === "free-error") $("free-event").value = "";
  } catch (e) {
    if (error) error.textContent = e.message + (e.law ? ` (${_("Law {law}", { law: e.law })})` : "");
  }
}

function suitLines(pbn) {
  const suits = (pbn || "...").split(".");
  return ["S", "H", "D", "C"].map((s, i) =>
    el("div", { class: "suit " + s }, el("span", { class: "sym" }, SUIT_SYMBOL[s]), " ", suits[i] || "—"),
  );
}

function renderDeal(v) {
  const hands = v.hands || {};
  const original = {};
  if (v.deal) {
    const first = v.deal[0];
    const order = ["N", "E", "S", "W"];
    const start = order.indexOf(first);
    v.deal.slice(2).split(" ").forEach((h, i) => (original[order[(start + i) % 4]] = h));
  }
  const hand = (seat) =>
    el(
      "div",
      { class: "hand seat-" + seat },
      el("div", { class: "seat" }, SEAT_NAME[seat], v.declarer === seat ? " " + _("(declarer)") : "", v.declarer && v.dummy && seat !== v.declarer && isDummy(v, seat) ? " " + _("(dummy)") : ""),
      suitLines(hands[seat]),
    );
  clear(
    $("deal"),
    el("h3", {}, _("The deal"), " ", el("span", { class: "hint" }, _("(cards still held)"))),
    el("div", { class: "compass" }, hand("N"), hand("W"), el("div", { class: "centre" }, _("Board {board}", { board: v.board })), hand("E"), hand("S")),
    v.deal ? el("details", {}, el("summary", {}, _("As dealt")), el("code", { class: "pbn", translate: "no" }, v.deal)) : "",
  );
}

function isDummy(v, seat) {
  const partner = { N: "S", S: "N", E: "W", W: "E" };
  return partner[v.declarer] === seat;
}

// a call's status in the auction's history (the view's words)
const CALL_STATUS = { cancelled: _("cancelled"), withdrawn: _("withdrawn"), pending: _("pending") };

function renderAuction(v) {
  const rows = (v.history || []).map((h) =>
    el(
      "li",
      { class: "call-record " + h.status },
      el("span", { class: "who" }, h.seat),
      " ",
      el(h.status === "cancelled" || h.status === "withdrawn" ? "s" : "span", {}, h.call === "pass" ? _("pass") : h.call),
      h.status !== "made" && h.status !== "effective" ? el("span", { class: "status-word" }, ` ${CALL_STATUS[h.status] || h.status}`) : "",
      h.law ? [" ", law(h.law)] : "",
    ),
  );
  clear(
    $("auction"),
    el("h3", {}, _("Auction")),
    rows.length ? el("ol", { class: "auction-list" }, rows) : el("p", { class: "hint" }, _("No call yet.")),
    v.barred && v.barred.length
      ? el("p", {}, _("Must pass:"), " ", el("span", { translate: "no" }, v.barred.map((b) => `${b.seat} (${b.until})`).join(", ")))
      : "",
    v.lead_restrictions && v.lead_restrictions.length
      ? el("p", {}, _("Lead restrictions:"), " ", v.lead_restrictions.map((r) => `${r.seat} ${r.kind} ${r.suit || ""} (${_("Law {law}", { law: r.law })})`).join(", "))
      : "",
  );
}

function cardText(card) {
  if (!card) return el("span", { class: "card missing" }, "—"); // a card missing (67)
  const suit = card[0];
  const rank = card.slice(1) === "T" ? "10" : card.slice(1);
  return el("span", { class: "card " + suit }, el("span", { class: "sym" }, SUIT_SYMBOL[suit] || suit), rank);
}

// The play record as the tricks were quitted: each card with its seat from the trick's leader,
// the winner marked (Law 44); then the trick on the table. (Not the bare list of cards played:
// a card played out of turn or taken back would shift every later trick.)
function renderPlay(v) {
  const order = ["N", "E", "S", "W"];
  const quitted = v.quitted || [];
  const rows = quitted.map((trick, number) => {
    const leader = order.indexOf(trick.leader);
    return el(
      "li",
      { class: "trick", "data-winner": trick.winner },
      trick.cards.map((card, i) => {
        const seat = order[(leader + i) % 4];
        return el("span", { class: "trick-card" + (seat === trick.winner ? " winner" : ""), "data-seat": seat }, `${seat} `, cardText(card), " ");
      }),
      el("span", { class: "won-by" }, _("won by {seat}", { seat: SEAT_NAME[trick.winner] })),
    );
  });
  const current = v.trick_cards || [];
  const won = v.won ? el("p", { class: "won" }, _("Tricks: NS {ns} · EW {ew}", { ns: v.won.NS, ew: v.won.EW })) : "";
  clear(
    $("play"),
    el("h3", {}, _("Play")),
    rows.length ? el("ol", { class: "tricks" }, rows) : "",
    current.length
      ? el("p", { class: "trick-now" }, _("Trick {trick}:", { trick: quitted.length + 1 }), " ", current.map((c) => el("span", { class: "trick-card", "data-seat": c.seat }, `${c.seat} `, cardText(c.card), " ")))
      : "",
    won,
    rows.length || current.length
      ? ""
      : el("p", { class: "hint" }, v.phase === "auction" ? _("The auction is not over.") : _("No card played yet.")),
    v.penalty_cards && v.penalty_cards.length
      ? el("p", {}, _("Penalty cards:"), " ", v.penalty_cards.map((p) => `${p.seat} ${p.card} (${PENALTY_KIND[p.kind] || p.kind})`).join(", "), " ", law("50"))
      : "",
    v.revokes && v.revokes.length
      ? el("p", {}, _("Revokes:"), " ", v.revokes.map(revokeText).join(", "))
      : "",
  );
}

const PENALTY_KIND = { major: _("major"), minor: _("minor") };

function revokeText(r) {
  const words = [`${r.seat} ${r.card}`, _("trick {trick}", { trick: r.trick })];
  if (r.established) words.push(_("established"));
  if (r.corrected) words.push(_("corrected"));
  return words.join(" ");
}

function renderRulings(rulings) {
  const node = $("rulings");
  if (!rulings.length) {
    clear(node, el("h3", {}, _("Rulings")), el("p", { class: "hint" }, _("No ruling yet.")));
    return;
  }
  clear(
    node,
    el("h3", {}, _("Rulings")),
    el(
      "table",
      { class: "log", id: "rulings-log" },
      el("thead", {}, el("tr", {}, el("th", {}, _("time")), el("th", {}, _("clause")), el("th", {}, _("ruling")), el("th", {}, _("decided by")))),
      el(
        "tbody",
        {},
        rulings.map((r) =>
          el(
            "tr",
            {},
            el("td", { class: "time" }, when(r.time)),
            el("td", {}, law(r.law)),
            el("td", {}, el("span", { "data-from": "server" }, r.text), r.seat ? el("span", { class: "offender" }, " ", _("(offender {seat})", { seat: r.seat })) : ""),
            el(
              "td",
              {},
              r.decided_by ? SEAT_NAME[r.decided_by] || r.decided_by : "",
              r.sent_by && r.sent_by !== r.decided_by ? el("span", { class: "hint" }, " ", _("entered by {who}", { who: SEAT_NAME[r.sent_by] || r.sent_by })) : "",
            ),
          ),
        ),
      ),
    ),
  );
}

// A side's points come in North-South's terms (the scorer's); East-West's own score is their
// negation, so the console shows each side its own sign (NS +630 · EW −630).
function negated(text) {
  return text === "0" ? text : text.startsWith("-") ? text.slice(1) : `-${text}`;
}

function sideText(side, direction) {
  if (side.artificial) return side.artificial;
  const own = (s) => (direction === "EW" ? -s : s);
  const signed = (s) => `${own(s) > 0 ? "+" : ""}${own(s)}`;
  const expected = direction === "EW" ? negated(side.expected) : side.expected;
  if (side.weighted)
    return side.points.map(([s, w]) => _("{weight} of {score}", { weight: w, score: signed(s) })).join(", ") + " " + _("(expected {score})", { score: expected });
  return signed(side.points[0][0]);
}

function renderResult(result, v) {
  const now = result.result;
  clear(
    $("result-now"),
    now
      ? el(
          "p",
          { class: "in-force" },
          el("strong", { "data-from": "server" }, now.text),
          ` · NS ${sideText(now.NS, "NS")} · EW ${sideText(now.EW, "EW")}`,
          el("span", { class: "hint" }, " ", result.by === "director" ? _("(entered by the director)") : _("(the table's result, Law 77)")),
        )
      : el("p", { class: "hint" }, result.score_cancelled
          ? _("The table's score is cancelled (Law {law}): enter an adjusted score.", { law: result.score_cancelled })
          : _("No result yet: the board is not over.")),
  );
  clear(
    $("result-entries"),
    result.entries.map((e) =>
      el("li", {}, `${when(e.time)} · `, el("span", { "data-from": "server" }, e.result.text), e.supersedes ? " " + _("(supersedes entry {entry})", { entry: e.supersedes }) : "", e.note ? ` · ${e.note}` : ""),
    ),
  );
  if (state.resultFormFor !== state.open) {
    state.resultFormFor = state.open;
    renderResultFields(v);
  }
}

// -- the result form --------------------------------------------------------------------------------

function outcomeFields(prefix, v) {
  const seatSelect = el("select", { name: prefix + "declarer" }, ["N", "E", "S", "W"].map((s) => el("option", { value: s, selected: v.declarer === s }, s)));
  return el(
    "span",
    { class: "outcome" },
    el("label", {}, _("Contract"), " ", el("input", { name: prefix + "contract", size: 6, value: v.contract && v.contract !== "passed-out" ? v.contract : "", placeholder: "4S" })),
    el("label", {}, _("Declarer"), " ", seatSelect),
    el("label", {}, _("Tricks"), " ", el("input", { name: prefix + "tricks", type: "number", min: 0, max: 13, size: 3, value: v.tricks === null || v.tricks === undefined ? "" : v.tricks })),
  );
}

function artificialSelect(name) {
  return el(
    "select",
    { name },
    ["A+", "A", "A-", "NP"].map((k) => el("option", { value: k }, k === "NP" ? _("NP (not scored)") : k)),
    el("option", { value: "%" }, _("percentage…")),
  );
}

function sideFields(side, v) {
  const box = el("fieldset", { class: "side" }, el("legend", {}, side));
  const kind = el("select", { name: side + "-kind" }, el("option", { value: "contract" }, _("contract")), el("option", { value: "ns_score" }, _("points for NS")), el("option", { value: "artificial" }, _("artificial")));
  const body = el("div");
  const draw = () => {
    if (kind.value === "contract") clear(body, outcomeFields(side + "-", v));
    else if (kind.value === "ns_score") clear(body, el("label", {}, _("Points for NS"), " ", el("input", { name: side + "-ns_score", type: "number", step: 10 })));
    else clear(body, el("label", {}, _("Score"), " ", artificialSelect(side + "-art")), el("label", {}, " % ", el("input", { name: side + "-percent", type: "number", min: 0, max: 100, size: 4 })));
  };
  kind.addEventListener("change", draw);
  draw();
  box.append(el("label", {}, _("Kind"), " ", kind), body);
  return box;
}

function weightRow(v, weight) {
  return el("div", { class: "weight-row" }, el("label", {}, _("Weight"), " ", el("input", { name: "weight", size: 5, value: weight, placeholder: "2/3" })), outcomeFields("w-", v));
}

function renderResultFields(v) {
  const kind = $("result-kind").value;
  const box = $("result-fields");
  if (kind === "contract") clear(box, outcomeFields("", v));
  else if (kind === "ns_score") clear(box, el("label", {}, _("Points for NS"), " ", el("input", { name: "ns_score", type: "number", step: 10, placeholder: "420" })));
  else if (kind === "artificial")
    clear(
      box,
      el("label", {}, "NS ", artificialSelect("art-NS")),
      el("label", {}, " % ", el("input", { name: "percent-NS", type: "number", min: 0, max: 100, size: 4 })),
      el("label", {}, " EW ", artificialSelect("art-EW")),
      el("label", {}, " % ", el("input", { name: "percent-EW", type: "number", min: 0, max: 100, size: 4 })),
    );
  else if (kind === "weighted") {
    const rows = el("div", { id: "weight-rows" }, weightRow(v, "2/3"), weightRow(v, "1/3"));
    clear(box, rows, el("button", { type: "button", class: "small", onclick: () => rows.append(weightRow(v, "")) }, _("Add an outcome")));
  } else if (kind === "split") clear(box, sideFields("NS", v), sideFields("EW", v));
  else clear(box, el("textarea", { name: "json", rows: 4, cols: 40, placeholder: '{"artificial": {"NS": "A+", "EW": "A-"}}' }));
}

function field(scope, name) {
  const node = scope.querySelector(`[name="${name}"]`);
  return node ? node.value.trim() : "";
}

function outcomeOf(scope, prefix) {
  const contract = field(scope, prefix + "contract");
  if (contract.toLowerCase() === "passed-out" || contract.toLowerCase() === "pass") return { contract: "passed-out" };
  return { contract, declarer: field(scope, prefix + "declarer"), tricks: Number(field(scope, prefix + "tricks")) };
}

function artificialOf(scope, select, percent) {
  const k = field(scope, select);
  return k === "%" ? `${field(scope, percent)}%` : k;
}

function resultBody() {
  const kind = $("result-kind").value;
  const box = $("result-fields");
  if (kind === "contract") return outcomeOf(box, "");
  if (kind === "ns_score") return { ns_score: Number(field(box, "ns_score")) };
  if (kind === "artificial") return { artificial: { NS: artificialOf(box, "art-NS", "percent-NS"), EW: artificialOf(box, "art-EW", "percent-EW") } };
  if (kind === "weighted")
    return { weighted: [...box.querySelectorAll(".weight-row")].map((row) => ({ weight: field(row, "weight"), ...outcomeOf(row, "w-") })) };
  if (kind === "split") {
    const side = (s) => {
      const scope = [...box.querySelectorAll("fieldset")].find((f) => f.querySelector("legend").textContent === s);
      const k = field(scope, s + "-kind");
      if (k === "contract") return outcomeOf(scope, s + "-");
      if (k === "ns_score") return { ns_score: Number(field(scope, s + "-ns_score")) };
      return artificialOf(scope, s + "-art", s + "-percent");
    };
    return { split: { NS: side("NS"), EW: side("EW") } };
  }
  return JSON.parse(field(box, "json") || "{}");
}

async function submitResult(event) {
  event.preventDefault();
  $("result-error").textContent = "";
  let body;
  try {
    body = resultBody();
  } catch (e) {
    $("result-error").textContent = _("not JSON: {error}", { error: e.message });
    return;
  }
  const note = $("result-note").value.trim();
  if (note) body.note = note;
  const result = state.data && state.data.result;
  body.supersedes = result ? result.in_force : null;
  try {
    await api("POST", `/api/tables/${state.open}/result`, body);
    $("result-note").value = "";
    await pollTable();
  } catch (e) {
    $("result-error").textContent = e.message;
  }
}

function renderEvents(events) {
  clear(
    $("events"),
    el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, _("event")), el("th", {}, _("sent by")), el("th", {}, _("time")))),
    el("tbody", {}, events.map((e) => el("tr", {}, el("td", {}, e.index), el("td", {}, el("code", { translate: "no" }, e.text)), el("td", {}, SEAT_NAME[e.sent_by] || e.sent_by), el("td", { class: "time" }, when(e.time))))),
  );
}

// -- start ------------------------------------------------------------------------------------------

function report(e) {
  if (e && (e.status === 401 || e.status === 403)) {
    sessionStorage.removeItem(KEY);
    state.token = null;
    $("console").hidden = true;
    $("login").hidden = false;
    status(_("the token was refused: not the director's"), true);
    return;
  }
  status(_("connection problem: {error}; trying again", { error: e && e.message ? e.message : e }), true);
}

// -- live: the console's WebSocket ----------------------------------------------------------------
// The server pushes every table's line at connection, then a table's new line after each change
// (an event, a call and its answer, a result); the open table is fetched again when it changes.
// Nothing is polled. A lost connection is tried again after 0.5 s, 1 s, 2 s... up to 10 s.

function connect() {
  if (!state.token || state.socket) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/api/director/stream?token=${encodeURIComponent(state.token)}`;
  const socket = new WebSocket(I18N.withLang(url)); // the lines in the page's language
  state.socket = socket;
  socket.onmessage = (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch (e) {
      return; // not a message of the console's: the next one brings the table again
    }
    if (Array.isArray(data.tables)) {
      state.backoff = 500;
      showList(data.tables);
      refreshOpen(); // whatever was missed while the connection was down
      status(_("live since {time}", { time: when(new Date().toISOString()) }));
    } else if (data.table) {
      acceptLine(data);
    }
  };
  let opened = false;
  socket.onopen = () => {
    opened = true;
  };
  socket.onclose = async (closed) => {
    if (state.socket === socket) state.socket = null;
    if (closed.code === 4401 || closed.code === 4403) {
      report({ status: closed.code - 4000 });
      return;
    }
    if (!opened && state.token) {
      // refused at the handshake, where a browser learns no reason: the API says why
      try {
        await pollTables();
      } catch (e) {
        report(e); // a refused token shows the login and ends here
      }
    }
    if (!state.token) return;
    const wait = state.backoff;
    state.backoff = Math.min(wait * 2, BACKOFF_MAX_MS);
    status(_("connection lost; trying again in {seconds} s", { seconds: Math.max(1, Math.round(wait / 1000)) }), true);
    clearTimeout(state.reconnect);
    state.reconnect = setTimeout(connect, wait);
  };
}

// A table's new line: merged into the list (its calls and creation time kept unless sent), the
// open table fetched again; a table the list does not know yet brings the whole list.
function acceptLine(message) {
  const line = message.table;
  const known = state.tables.find((t) => t.table === line.table);
  if (!known) {
    pollTables().catch(report);
    return;
  }
  const merged = { ...known, ...line };
  if (message.calls) merged.calls = message.calls;
  showList(state.tables.map((t) => (t === known ? merged : t)));
  if (line.table === state.open) refreshOpen();
}

// The open table's console answer: one request at a time, one more if it changed meanwhile.
async function refreshOpen() {
  if (state.loading) {
    state.again = true;
    return;
  }
  state.loading = true;
  try {
    do {
      state.again = false;
      await pollTable();
    } while (state.again);
  } catch (e) {
    report(e);
  } finally {
    state.loading = false;
  }
}

function start() {
  const table = readFragment();
  $("login-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, $("token-input").value.trim());
    state.token = sessionStorage.getItem(KEY);
    $("token-input").value = "";
    begin(null);
  });
  $("back").addEventListener("click", closeTable);
  $("table-filter").addEventListener("submit", (event) => event.preventDefault());
  $("filter-text").addEventListener("input", renderTables);
  $("filter-state").addEventListener("change", renderTables);
  $("free-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("free-event").value.trim();
    if (text) sendEvent(text, "free-error");
  });
  $("result-kind").addEventListener("change", () => state.data && renderResultFields(state.data.view));
  $("result-form").addEventListener("submit", submitResult);
  if (!state.token) {
    $("login").hidden = false;
    status(_("no token"));
    return;
  }
  begin(table);
}

function begin(table) {
  $("login").hidden = true;
  $("console").hidden = false;
  if (table) openTable(table);
  connect();
}

start();
