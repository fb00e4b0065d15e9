// The director's console of one club night: calls first (9B, and disputed results, 79B), the
// round and its clock, every table of the round with its boards' status, the move to the next
// round with the choice for unfinished boards (late, 8B2, or not played with the artificial
// score he gives, 12C2a), the end (8C); any table's result entered or corrected in any form of
// Law 12C, with a note, superseding the one in force (79C), after the period with the
// organiser's agreement (79C2); the results log, the guide cards, the hand record, substitutes
// (Law 4). Live through the session's WebSocket (the director's view).
import { WORDS } from "./session-words.js";
import {
  $, el, fillWords, readFragment, sessionIdFromPath, api, follow, setConnection, newer,
  RoundClock, loadLaws, showError, lawNode, prettyText, entryNode, statusWord, pairText, signed, SEATS,
} from "./session-common.js";

const W = WORDS.console;
const C = WORDS.common;
const STRAINS = ["C", "D", "H", "S", "NT"];
const ARTIFICIAL = ["A+", "A", "A-"];
const sessionId = sessionIdFromPath();
const storageKey = "bridgelaw.director"; // the same as the director's console: one login
let token = null;
let view = null;
let log = [];
let loggedVersion = -1;
let editor = null; // the result form's fields: { value() }
let previewSeq = 0;
const clock = new RoundClock($("clock"));

// -- the view -----------------------------------------------------------------------------------

function accept(next) {
  if (!newer(view, next) || !next.slots) return;
  const first = view === null;
  const moved = !first && view.round !== next.round;
  view = next;
  loadLaws(view.edition);
  render();
  if (first) initForms();
  else if (moved) drawSlotChoice(); // the rounds that may be chosen
  if (view.version !== loggedVersion) loadLog();
}

async function refresh() {
  const answer = await api(token, "GET", `/api/sessions/${encodeURIComponent(sessionId)}`);
  if (answer.status === 200) accept(answer.body);
  else if ([401, 403, 404].includes(answer.status)) fatal(answer);
}

function fatal(answer) {
  setConnection($("connection"), C.cannotOpen, "down");
  showError($("error"), answer);
  if (answer.status === 401 || answer.status === 403) {
    sessionStorage.removeItem(storageKey);
    $("no-token").hidden = false;
  }
}

async function loadLog() {
  const version = view.version;
  const answer = await api(token, "GET", `/api/sessions/${encodeURIComponent(sessionId)}/log`);
  if (answer.status !== 200) return;
  loggedVersion = version;
  log = answer.body.results;
  drawLog();
  drawCurrent();
}

function flash(text) {
  const node = $("flash");
  node.textContent = text;
  node.hidden = false;
}

function rounds() {
  return view.rounds.length;
}

function render() {
  document.body.dataset.version = String(view.version);
  document.body.dataset.round = String(view.round);
  $("content").hidden = false;
  $("title").textContent = view.name;
  document.title = `${W.title} · ${view.name}`;
  const named = (names, key) => names[key] || key;
  $("subtitle").textContent = W.subtitle(
    view.date,
    named(W.scoringNames, view.scoring),
    named(W.playNames, view.play),
    named(W.kindNames, view.movement.kind),
    view.movement.tables,
  );
  $("results-link").href = I18N.link(`/results/${encodeURIComponent(sessionId)}/`);
  clock.set(view.clock);
  drawCalls();
  drawRound();
  drawTables();
  drawLate();
}

// -- calls first ---------------------------------------------------------------------------------

function drawCalls() {
  const list = $("call-list");
  list.replaceChildren();
  const open = view.calls.filter((c) => !c.answered);
  const done = view.calls.filter((c) => c.answered);
  $("calls").classList.toggle("attention", open.length > 0);
  $("calls-title").textContent = open.length ? W.callsOpen(open.length) : W.callsTitle;
  for (const call of open) {
    const where = call.board ? W.tableBoard(call.table, call.board) : W.tableOnly(call.table);
    const item = el(
      "li",
      { class: "call-item open", "data-call": call.call || "", "data-table": call.table, "data-board": call.board || "" },
      el("p", {}, el("strong", { text: where }), ` · ${W.when(call.time)} · ${W.who(call.by)}`),
      call.reason ? el("p", { class: "reason", text: call.reason }) : null,
    );
    if (call.call) {
      const note = el("input", { maxlength: "300", autocomplete: "off", placeholder: W.answerNote, "aria-label": W.answerNote });
      const form = el("form", { class: "row answer-form" }, note, el("button", { type: "submit" }, W.answered));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        post(`/calls/${encodeURIComponent(call.call)}/answer`, { note: note.value.trim() }, W.callAnswered(call.call));
      });
      item.append(lawNode("9B"), form);
    } else {
      // a disputed result: the director accepts it as entered, or enters his own (79B)
      const slot = findDisputed(call);
      item.append(lawNode("79B"));
      if (slot) {
        item.append(
          el(
            "div",
            { class: "actions" },
            el("button", { type: "button", "data-accept-result": slot.result, onclick: () => post(`/results/${encodeURIComponent(slot.result)}/accept`, {}, W.resultAccepted(slot.result)) }, W.acceptAsEntered),
            el("button", { type: "button", class: "primary", "data-correct": slot.result, onclick: () => chooseSlot(slot.round, slot.table, slot.board) }, W.correct),
          ),
        );
      }
    }
    list.append(item);
  }
  for (const call of done.slice(-5)) {
    list.append(
      el("li", { class: "call-item answered", "data-call": call.call }, `${W.tableOnly(call.table)} · ${W.when(call.time)}`, call.reason ? `: ${call.reason}` : "", ` · ${W.answeredAt(W.when(call.answered))}`, call.note ? ` (${call.note})` : ""),
    );
  }
  if (!view.calls.length) list.append(el("li", { class: "note", text: W.noCalls }));
}

function findDisputed(call) {
  const all = [...view.slots, ...view.late];
  const slot = all.find((s) => s.table === call.table && s.board === call.board && s.status === "disputed");
  if (slot) return slot;
  const logged = log.find((r) => r.table === call.table && r.board === call.board && r.status === "disputed");
  return logged ? { result: logged.result, round: logged.round, table: logged.table, board: logged.board } : null;
}

// -- the round and the move ----------------------------------------------------------------------

function drawRound() {
  const ended = view.round === null;
  $("round-title").textContent = ended ? C.ended : C.roundOf(view.round, rounds());
  const progress = Object.entries(view.progress)
    .filter(([status]) => status !== "future")
    .map(([status, n]) => `${statusWord(status)} ${n}`)
    .join(" · ");
  $("progress").textContent = progress ? W.progress(progress) : "";
  $("period").textContent = view.correction_ends ? W.period(W.when(view.correction_ends)) : "";
  $("move-form").hidden = ended;
  if (!ended) {
    const last = view.round === rounds();
    $("move-button").textContent = last ? W.endSession : W.moveTo(view.round + 1);
  }
  $("agreed-label").hidden = !ended;
}

function moveBody() {
  const unfinished = document.querySelector('input[name="unfinished"]:checked').value;
  if (unfinished === "late") return { unfinished };
  return { unfinished, artificial: { NS: $("move-ns").value, EW: $("move-ew").value } };
}

function askMove(event) {
  event.preventDefault();
  const body = moveBody();
  const last = view.round === rounds();
  const what = last ? W.endSession : W.moveTo(view.round + 1);
  const how = body.unfinished === "late" ? W.unfinishedLateShort : W.unfinishedNotPlayedShort(body.artificial.NS, body.artificial.EW);
  $("move-confirm").textContent = W.confirmMove(what, how);
  $("move-confirm").hidden = false;
  $("move-cancel").hidden = false;
  $("move-button").hidden = true;
}

function cancelMove() {
  $("move-confirm").hidden = true;
  $("move-cancel").hidden = true;
  $("move-button").hidden = false;
}

async function move() {
  const last = view.round === rounds();
  const body = moveBody();
  cancelMove();
  const done = await post(last ? "/end" : "/round", body, last ? W.endedFlash : W.moved);
  if (done) {
    // the next move starts from the safe choice again: unfinished boards late (8B2)
    document.querySelector('input[name="unfinished"][value="late"]').checked = true;
    $("move-artificial").hidden = true;
  }
}

// -- the tables of the round ---------------------------------------------------------------------

function chip(slot) {
  const waiting = slot.director ? W.waitingDirector(slot.director) : statusWord(slot.status);
  const button = el(
    "button",
    {
      type: "button",
      class: `chip-button status-${slot.status}${slot.director ? " director" : ""}`,
      "data-round": slot.round,
      "data-table": slot.table,
      "data-board": slot.board,
      "data-status": slot.status,
      onclick: () => chooseSlot(slot.round, slot.table, slot.board),
    },
    el("span", { class: "chip-board", text: C.board(slot.board) }),
    el("span", { class: "chip-status", text: waiting }),
  );
  if (slot.text) button.append(el("span", { class: "chip-entry" }, entryNode(slot.entry, slot.text)));
  if (!slot.table_id) return button;
  // a board played on the table pages: its table in the tables console (rulings, offers)
  const link = el("a", { class: "table-link", href: I18N.link(`/director#table=${encodeURIComponent(slot.table_id)}`), text: W.openTable });
  return el("span", { class: "chip-wrap" }, button, link);
}

function drawTables() {
  const shown = view.round === null ? rounds() : view.round;
  $("tables-title").textContent = W.tablesOf(shown);
  const seatings = view.rounds[shown - 1].tables;
  const list = $("table-list");
  list.replaceChildren();
  for (const seating of seatings) {
    const slots = view.slots.filter((s) => s.table === seating.table);
    const attention = slots.some((s) => s.status === "disputed" || s.director);
    const done = slots.length > 0 && slots.every((s) => s.status === "accepted");
    const item = el(
      "li",
      { class: `table-item${attention ? " attention" : ""}${done ? " done" : ""}`, "data-table": seating.table },
      el("p", { class: "table-head" }, el("strong", { text: W.tableName(seating.table) }), seating.room ? ` · ${seating.room}` : ""),
      el("p", { class: "table-pairs" }, `${C.sides.NS} ${pairText(view, seating.ns)} · ${C.sides.EW} ${pairText(view, seating.ew)}`),
    );
    if (seating.sitout) item.append(el("p", { class: "note", text: W.sitout }));
    else item.append(el("div", { class: "chips" }, slots.map(chip)));
    list.append(item);
  }
}

function drawLate() {
  $("late").hidden = view.late.length === 0;
  $("late-list").replaceChildren(...view.late.map((slot) => el("li", {}, el("span", { class: "note", text: W.lateWhere(slot.round, slot.table) }), chip(slot))));
}

// -- entering or correcting a result (Law 12C, 79C) -----------------------------------------------

function options(select, values, labels) {
  const keep = select.value;
  select.replaceChildren(...values.map((v, i) => el("option", { value: v, text: labels ? labels[i] : String(v) })));
  if (values.map(String).includes(keep)) select.value = keep;
}

function initForms() {
  options($("result-kind"), ["table", "ns_score", "artificial", "weighted", "split", "json"], ["table", "ns_score", "artificial", "weighted", "split", "json"].map((k) => W.kinds[k]));
  for (const id of ["move-ns", "move-ew"]) options($(id), ARTIFICIAL, ARTIFICIAL.map((a) => W.artificialNames[a]));
  $("move-ns").value = "A";
  $("move-ew").value = "A";
  options($("sub-pair"), Object.keys(view.pairs), Object.keys(view.pairs).map((p) => pairText(view, p)));
  const players = view.scoring === "teams" ? [1, 2, 3, 4] : [1, 2];
  options($("sub-player"), players);
  $("sub-robot-label").hidden = view.play === "results";
  drawSlotChoice();
  drawFields();
}

function drawSlotChoice() {
  const last = view.round === null ? rounds() : view.round;
  const round = $("result-round");
  options(round, Array.from({ length: last }, (_, i) => i + 1));
  const seatings = view.rounds[Number(round.value) - 1].tables.filter((t) => !t.sitout);
  const table = $("result-table");
  options(table, seatings.map((t) => t.table));
  const seating = seatings.find((t) => t.table === table.value) || seatings[0];
  options($("result-board"), seating ? seating.boards : []);
  drawCurrent();
}

function chooseSlot(round, table, board) {
  $("result-round").value = String(round);
  drawSlotChoice();
  $("result-table").value = String(table);
  drawSlotChoice();
  $("result-board").value = String(board);
  drawCurrent();
  $("result").scrollIntoView({ block: "start" });
  $("result").classList.add("chosen");
}

function chosenSlot() {
  return { round: Number($("result-round").value), table: $("result-table").value, board: Number($("result-board").value) };
}

// The result in force at the chosen board (from the log): a new entry supersedes it (79C)
function inForce() {
  const slot = chosenSlot();
  const here = log.filter((r) => r.round === slot.round && r.table === slot.table && r.board === slot.board && r.status !== "superseded");
  return here.length ? here[here.length - 1] : null;
}

function drawCurrent() {
  const node = $("result-current");
  const current = view ? inForce() : null;
  node.replaceChildren();
  node.dataset.result = current ? current.result : "";
  if (!current) {
    node.append(el("p", { class: "note", text: W.noResult }));
  } else {
    node.append(
      el("p", {}, el("strong", { text: W.resultNumber(current.result) }), " ", entryNode(current.entry, current.text), ` · ${statusWord(current.status)} · ${W.who(current.by)}`),
      el("p", { class: "note" }, W.supersedes(current.result), " ", lawNode("79C")),
    );
    if (current.status === "entered" || current.status === "disputed") {
      node.append(el("button", { type: "button", "data-accept-result": current.result, onclick: () => post(`/results/${encodeURIComponent(current.result)}/accept`, {}, W.resultAccepted(current.result)) }, W.acceptAsEntered));
    }
  }
  schedulePreview();
}

function select(id, values, labels, value) {
  const node = el("select", { id });
  options(node, values, labels);
  if (value !== undefined) node.value = String(value);
  node.addEventListener("change", schedulePreview);
  return node;
}

function labelled(text, control) {
  return el("label", {}, el("span", { text }), " ", control);
}

// contract, declarer, tricks (and lead) or passed out: a table result or one outcome
function contractEditor(prefix, withLead) {
  const level = select(`${prefix}-level`, [1, 2, 3, 4, 5, 6, 7], null, 4);
  const strain = select(`${prefix}-strain`, STRAINS, STRAINS.map((s) => C.strainNames[s]), "S");
  const double = select(`${prefix}-double`, ["", "X", "XX"], [W.undoubled, "X", "XX"]);
  const declarer = select(`${prefix}-declarer`, SEATS, SEATS.map((s) => C.seatNames[s]));
  const tricks = select(`${prefix}-tricks`, Array.from({ length: 14 }, (_, i) => i), null, 10);
  const passed = el("input", { type: "checkbox", id: `${prefix}-passed` });
  const lead = el("input", { id: `${prefix}-lead`, maxlength: "3", size: "4", autocomplete: "off", placeholder: "SA" });
  for (const node of [passed, lead]) node.addEventListener("input", schedulePreview);
  const node = el(
    "div",
    { class: "row" },
    labelled(W.level, level), labelled(W.strain, strain), labelled(W.double, double),
    labelled(C.declarer, declarer), labelled(C.tricksWord, tricks),
    withLead ? labelled(W.leadCard, lead) : null,
    el("label", { class: "choice" }, passed, " ", C.passedOut),
  );
  return {
    node,
    value() {
      if (passed.checked) return { contract: "passed-out" };
      const entry = { contract: `${level.value}${strain.value}${double.value}`, declarer: declarer.value, tricks: Number(tricks.value) };
      const card = lead.value.trim().toUpperCase();
      if (withLead && card) entry.lead = card;
      return entry;
    },
  };
}

function scoreEditor(prefix) {
  const input = el("input", { id: `${prefix}-ns-score`, type: "number", step: "10", value: "0", inputmode: "numeric" });
  input.addEventListener("input", schedulePreview);
  return { node: labelled(W.nsScore, input), value: () => ({ ns_score: Number(input.value) }) };
}

function artificialEditor(prefix, side) {
  const kind = select(`${prefix}-art-${side}`, [...ARTIFICIAL, "%"], [...ARTIFICIAL.map((a) => W.artificialNames[a]), W.percent]);
  const percent = el("input", { id: `${prefix}-pct-${side}`, type: "number", min: "0", max: "100", value: "50", size: "4", hidden: true });
  kind.addEventListener("change", () => { percent.hidden = kind.value !== "%"; });
  percent.addEventListener("input", schedulePreview);
  return { node: el("span", { class: "artificial" }, labelled(C.sides[side], kind), percent), value: () => (kind.value === "%" ? `${percent.value}%` : kind.value) };
}

// one side of a split score: a table result, an assigned score or an artificial score
function sideEditor(prefix, side) {
  const kinds = ["table", "ns_score", "artificial"];
  const kind = select(`${prefix}-kind`, kinds, kinds.map((k) => W.kinds[k]));
  const holder = el("div");
  let inner = null;
  const draw = () => {
    inner = kind.value === "table" ? contractEditor(prefix, false) : kind.value === "ns_score" ? scoreEditor(prefix) : artificialEditor(prefix, side);
    holder.replaceChildren(inner.node);
    schedulePreview();
  };
  kind.addEventListener("change", draw);
  draw();
  return { node: el("fieldset", {}, el("legend", { text: C.sides[side] }), kind, holder), value: () => inner.value() };
}

function weightedEditor() {
  const rows = [];
  const list = el("div", { class: "weighted" });
  const add = (weight) => {
    const n = rows.length + 1;
    const w = el("input", { id: `f-w${n}-weight`, value: weight, size: "5", autocomplete: "off" });
    w.addEventListener("input", schedulePreview);
    const outcome = contractEditor(`f-w${n}`, false);
    rows.push({ w, outcome });
    list.append(el("fieldset", {}, el("legend", { text: W.outcome(n) }), labelled(W.weight, w), outcome.node));
    schedulePreview();
  };
  add("1/2");
  add("1/2");
  const more = el("button", { type: "button", onclick: () => add("") }, W.addOutcome);
  return { node: el("div", {}, list, more), value: () => ({ weighted: rows.map((r) => ({ weight: r.w.value.trim(), ...r.outcome.value() })) }) };
}

function drawFields() {
  const kind = $("result-kind").value;
  const holder = $("result-fields");
  if (kind === "table") editor = contractEditor("f", true);
  else if (kind === "ns_score") editor = scoreEditor("f");
  else if (kind === "artificial") {
    const ns = artificialEditor("f", "NS");
    const ew = artificialEditor("f", "EW");
    editor = { node: el("div", { class: "row" }, ns.node, ew.node), value: () => ({ artificial: { NS: ns.value(), EW: ew.value() } }) };
  } else if (kind === "weighted") editor = weightedEditor();
  else if (kind === "split") {
    const ns = sideEditor("f-ns", "NS");
    const ew = sideEditor("f-ew", "EW");
    editor = { node: el("div", {}, ns.node, ew.node), value: () => ({ split: { NS: ns.value(), EW: ew.value() } }) };
  } else {
    const text = el("textarea", { id: "f-json", rows: "4", placeholder: '{"ns_score": 420}' });
    text.addEventListener("input", schedulePreview);
    editor = {
      node: text,
      value: () => JSON.parse(text.value || "{}"),
    };
  }
  holder.replaceChildren(editor.node);
  schedulePreview();
}

function resultBody() {
  const entry = editor.value();
  const slot = chosenSlot();
  const body = { ...entry, round: slot.round, table: slot.table, board: slot.board };
  const current = inForce();
  if (current) body.supersedes = current.result;
  const note = $("result-note").value.trim();
  if (note) body.note = note;
  if (!$("agreed-label").hidden && $("result-agreed").checked) body.organiser_agreed = true;
  return body;
}

let previewTimer = null;
function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 250);
}

async function preview() {
  if (!editor || !view) return;
  const box = $("result-preview");
  let body;
  try {
    body = resultBody();
  } catch (error) {
    box.replaceChildren(el("p", { class: "preview-refused", text: W.notJson(error.message) }));
    return;
  }
  const seq = ++previewSeq;
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/score-preview`, body);
  if (seq !== previewSeq) return;
  if (answer.status === 200) {
    const p = answer.body;
    box.dataset.state = "ok";
    const sides = p.score
      ? `${C.sides.NS} ${signed(p.score.NS)} · ${C.sides.EW} ${signed(p.score.EW)}`
      : W.sidesText(sideText(p.NS, "NS"), sideText(p.EW, "EW"));
    box.replaceChildren(el("p", { class: "preview-entry", text: p.text }), el("p", { class: "preview-score", text: sides }));
  } else {
    box.dataset.state = "refused";
    box.replaceChildren(
      el("p", { class: "preview-refused", "data-from": "server" }, prettyText((answer.body && answer.body.error) || C.errorStatus(answer.status))),
      answer.body && answer.body.law ? el("p", { class: "law-line" }, lawNode(answer.body.law)) : null,
    );
  }
}

// A side's points come in North-South's terms (the scorer's): East-West's own are their negation.
function sideText(side, direction) {
  if (side.artificial) return side.artificial;
  const expected = direction === "EW" ? (side.expected.startsWith("-") ? side.expected.slice(1) : side.expected === "0" ? "0" : `-${side.expected}`) : side.expected;
  if (side.weighted) return W.expected(expected);
  return signed(Number(expected));
}

async function record(event) {
  event.preventDefault();
  let body;
  try {
    body = resultBody();
  } catch (error) {
    showError($("error"), { status: 422, body: { error: W.notJson(error.message) } });
    return;
  }
  const done = await post("/results", body, null);
  if (done) {
    flash(W.recorded(done.result, C.board(body.board), body.table));
    $("result-note").value = "";
    $("result-agreed").checked = false;
  }
}

// -- the log, the guide cards, the hand record, substitutes ----------------------------------------

function drawLog() {
  const head = el("tr", {}, ...W.logColumns.map((c) => el("th", { scope: "col", text: c })));
  const rows = [...log].reverse().map((r) =>
    el(
      "tr",
      { class: `status-${r.status}`, "data-result": r.result },
      el("td", { text: r.result }),
      el("td", { text: `${r.round}/${r.table}/${r.board}` }),
      el("td", {}, entryNode(r.entry, r.text)),
      el("td", { text: statusWord(r.status) + (r.superseded_by ? ` → ${r.superseded_by}` : "") + (r.supersedes ? ` (← ${r.supersedes})` : "") }),
      el("td", { text: `${W.who(r.by)} ${W.when(r.time)}` + (r.accepted_by && r.accepted_by !== r.by ? `; ${W.acceptedBy(W.who(r.accepted_by))}` : "") }),
      el("td", { text: [r.note, r.late ? W.latePlay : "", r.after_period ? W.afterPeriod : "", ...r.disputes.map((d) => W.disputeNote(d.reason))].filter(Boolean).join(" · ") }),
    ),
  );
  $("log").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
  $("log-box").querySelector("summary").textContent = W.logCount(log.length);
}

async function loadText(path, node) {
  if (node.dataset.loaded) return;
  const answer = await api(token, "GET", `/api/sessions/${encodeURIComponent(sessionId)}/${path}`);
  node.textContent = answer.status === 200 ? answer.body.text : String(answer.body.error || answer.status);
  node.dataset.loaded = "1";
}

async function substitute(event) {
  event.preventDefault();
  const body = {
    pair: $("sub-pair").value,
    player: Number($("sub-player").value),
    name: $("sub-name").value.trim(),
    robot: !$("sub-robot-label").hidden && $("sub-robot").checked,
  };
  const done = await post("/players", body, W.substituted(body.pair, body.player));
  if (!done) return;
  const link = `${location.origin}/session/${encodeURIComponent(sessionId)}/play#token=${encodeURIComponent(done.token)}`;
  $("sub-answer").replaceChildren(
    el("p", { text: W.newToken(done.pair, done.player) }),
    el("input", { readonly: true, class: "copy", id: "sub-link", value: link, "aria-label": W.newLink }),
  );
  $("sub-name").value = "";
}

// A director's request: the answer, or the refusal shown with its law
async function post(path, body, done) {
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}${path}`, body);
  if (answer.status !== 200) {
    showError($("error"), answer);
    $("error").scrollIntoView({ block: "nearest" });
    return null;
  }
  $("error").hidden = true;
  if (done) flash(done);
  if (path === "/round" || path === "/end") accept(answer.body);
  else refresh();
  return answer.body;
}

// -- start ------------------------------------------------------------------------------------------

function wire() {
  fillWords(W);
  $("move-form").addEventListener("submit", askMove);
  $("move-confirm").addEventListener("click", move);
  $("move-cancel").addEventListener("click", cancelMove);
  for (const radio of document.querySelectorAll('input[name="unfinished"]')) {
    radio.addEventListener("change", () => {
      $("move-artificial").hidden = moveBody().unfinished !== "not-played";
    });
  }
  $("result-round").addEventListener("change", drawSlotChoice);
  $("result-table").addEventListener("change", drawSlotChoice);
  $("result-board").addEventListener("change", drawCurrent);
  $("result-kind").addEventListener("change", drawFields);
  $("result-form").addEventListener("submit", record);
  $("result-check").addEventListener("click", preview);
  $("result-agreed").addEventListener("change", schedulePreview);
  $("substitute-form").addEventListener("submit", substitute);
  $("guide-box").addEventListener("toggle", () => loadText("guide", $("guide")));
  $("deals-box").addEventListener("toggle", () => loadText("deals", $("deals")));
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const given = $("token-input").value.trim();
    if (!given) return;
    sessionStorage.setItem(storageKey, given);
    $("token-input").value = "";
    start();
  });
}

function start() {
  token = readFragment(storageKey).token;
  if (!token) {
    $("no-token").hidden = false;
    setConnection($("connection"), C.noToken, "down");
    return;
  }
  $("no-token").hidden = true;
  $("error").hidden = true;
  refresh();
  follow(sessionId, token, {
    onView: accept,
    onState: (text, state) => setConnection($("connection"), text, state),
    onFatal: fatal,
  });
}

wire();
start();
