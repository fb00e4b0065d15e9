// The device at a table of a club night (results mode): the round, the pairs, the clock, the
// boards and their status; a result entered with its score shown before it is sent (the server
// scores it: POST /api/sessions/{id}/score-preview), then accepted or disputed by the other side
// (Laws 79A, 79B); late boards (8B2); calling the director (9B). Live through the session's
// WebSocket. Nothing of the Laws is computed here.
import { WORDS } from "./session-words.js";
import {
  $, el, fillWords, readFragment, sessionIdFromPath, api, follow, setConnection, newer,
  RoundClock, loadLaws, showError, lawNode, prettyText, entryNode, statusWord, pairText, signed,
  SEATS, SUITS, SUIT_SYMBOLS, suitNode, wrongPage,
} from "./session-common.js";

const W = WORDS.device;
const C = WORDS.common;
const STRAINS = ["C", "D", "H", "S", "NT"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

const sessionId = sessionIdFromPath();
const storageKey = `bridgelaw.device.${sessionId}`;
let token = null;
let view = null;
let form = null; // the result being entered
let previewSeq = 0;
const scores = new Map(); // result number -> the server's score of it (for the other side)
const clock = new RoundClock($("clock"));

// -- the view -----------------------------------------------------------------------------------

function accept(next) {
  if (next && next.slots) {
    wrongPage($("error"), C.directorTokenHere, `/director/session/${encodeURIComponent(sessionId)}#token=${encodeURIComponent(token)}`);
    return;
  }
  if (next && next.you && next.you.pair !== undefined) {
    // a player's token: his page is the player's page (the token stays in the fragment only)
    wrongPage($("error"), C.playerTokenHere, `/session/${encodeURIComponent(sessionId)}/play#token=${encodeURIComponent(token)}`);
    return;
  }
  if (!newer(view, next) || !next.you) return;
  view = next;
  loadLaws(view.edition).then(render);
  render();
}

async function refresh() {
  const answer = await api(token, "GET", `/api/sessions/${encodeURIComponent(sessionId)}`);
  if (answer.status === 200) accept(answer.body);
  else if ([401, 403, 404].includes(answer.status)) fatal(answer);
}

function fatal(answer) {
  setConnection($("connection"), C.cannotOpen, "down");
  showError($("error"), answer);
}

function render() {
  if (!view) return;
  const you = view.you;
  document.body.dataset.version = String(view.version);
  $("content").hidden = false;
  $("title").textContent = W.tableTitle(you.table);
  document.title = `${W.tableTitle(you.table)} · ${view.name}`;
  $("subtitle").textContent =
    view.round === null ? `${view.name} · ${C.ended}` : `${view.name} · ${C.roundOf(view.round, view.rounds.length)}`;
  clock.set(view.clock);
  const notice = $("notice");
  const notes = [];
  if (view.play !== "results") notes.push(W.onlineSession);
  if (you.sitout) notes.push(W.sitout);
  if (view.round === null) notes.push(W.endedNote);
  notice.textContent = notes.join(" ");
  notice.hidden = notes.length === 0;
  drawPairs(you);
  drawAcceptance(you);
  drawBoards($("board-list"), you.boards, false);
  drawBoards($("late-list"), you.late, true);
  $("late").hidden = you.late.length === 0;
  $("boards").hidden = view.round === null;
  if (form && !enterable(form.round, form.board)) closeEntry();
}

function drawPairs(you) {
  const list = $("pair-list");
  list.replaceChildren();
  if (!you.ns || you.sitout) {
    list.append(el("dd", { text: W.noPairs }));
    return;
  }
  list.append(
    el("dt", { text: C.sides.NS }), el("dd", { "data-side": "NS", text: pairText(view, you.ns) }),
    el("dt", { text: C.sides.EW }), el("dd", { "data-side": "EW", text: pairText(view, you.ew) }),
  );
}

function slotOf(round, board) {
  const you = view.you;
  return [...you.boards, ...you.late].find((s) => s.round === round && s.board === board);
}

function enterable(round, board) {
  const slot = view && slotOf(round, board);
  return Boolean(slot) && view.play === "results" && (slot.status === "to-play" || slot.status === "late");
}

function drawBoards(list, slots, late) {
  list.replaceChildren();
  for (const slot of slots) {
    const item = el(
      "li",
      { class: `board-item status-${slot.status}`, "data-board": slot.board, "data-round": slot.round, "data-status": slot.status },
      el("span", { class: "board-name", text: late ? W.lateBoard(slot.round, slot.board) : C.board(slot.board) }),
      el("span", { class: `chip status-${slot.status}`, text: statusWord(slot.status) }),
    );
    if (slot.entry) item.append(el("span", { class: "board-entry" }, entryNode(slot.entry, slot.text)));
    if (enterable(slot.round, slot.board)) {
      item.append(
        el("button", { type: "button", class: "primary enter", "data-enter": slot.board, onclick: () => openEntry(slot.round, slot.board) }, W.enter),
      );
    }
    list.append(item);
  }
  if (!slots.length && !late) list.append(el("li", { class: "note", text: W.noBoards }));
}

// -- the other side's acceptance (79A) or dispute (79B) ------------------------------------------

function drawAcceptance(you) {
  const waiting = you.awaiting_acceptance;
  $("accept").hidden = waiting.length === 0;
  const list = $("accept-list");
  const open = list.querySelector(".dispute-form:not([hidden])");
  const keep = open ? open.dataset.result : null; // a dispute being written stays open
  const written = open ? open.querySelector("input").value : "";
  list.replaceChildren();
  for (const slot of waiting) {
    const number = slot.result;
    const score = el("p", { class: "score", "data-score": number });
    drawScore(score, number);
    const item = el(
      "li",
      { class: `accept-item status-${slot.status}`, "data-result": number, "data-board": slot.board },
      el("p", {}, el("strong", { text: `${C.board(slot.board)}: ` }), entryNode(slot.entry, slot.text)),
      score,
    );
    if (slot.status === "disputed") {
      item.append(el("p", { class: "disputed-note" }, W.disputed, " ", lawNode("79B")));
    } else {
      const reason = el("input", { maxlength: "300", autocomplete: "off", "aria-label": W.disputeReason, placeholder: W.disputeReason });
      const dispute = el(
        "form",
        { class: "dispute-form", "data-result": number, hidden: true },
        reason,
        el("button", { type: "submit", class: "danger", "data-send-dispute": number }, W.sendDispute),
      );
      dispute.addEventListener("submit", (event) => {
        event.preventDefault();
        answerResult(number, "dispute", { reason: reason.value.trim() });
      });
      if (keep === number) {
        dispute.hidden = false;
        reason.value = written;
      }
      item.append(
        el(
          "div",
          { class: "actions" },
          el("button", { type: "button", class: "primary", "data-accept": number, onclick: () => answerResult(number, "accept") }, W.acceptButton),
          el("button", { type: "button", "data-dispute": number, onclick: () => { dispute.hidden = !dispute.hidden; if (!dispute.hidden) reason.focus(); } }, W.disputeButton),
        ),
        dispute,
      );
    }
    list.append(item);
  }
}

async function drawScore(node, number) {
  if (!scores.has(number)) {
    const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/score-preview`, { result: number });
    if (answer.status !== 200) return;
    scores.set(number, answer.body);
  }
  node.replaceChildren(scoreNode(scores.get(number)));
}

function scoreNode(preview) {
  if (preview.score) {
    return el(
      "span",
      { class: "points" },
      el("span", { "data-side": "NS", text: `${C.sides.NS} ${signed(preview.score.NS)}` }),
      " · ",
      el("span", { "data-side": "EW", text: `${C.sides.EW} ${signed(preview.score.EW)}` }),
    );
  }
  return el("span", { text: preview.text });
}

async function answerResult(number, what, body) {
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/results/${encodeURIComponent(number)}/${what}`, body || {});
  if (answer.status === 200) {
    $("error").hidden = true;
    flash(what === "accept" ? W.accepted(number) : W.disputeSent);
    refresh();
  } else showError($("error"), answer);
}

function flash(text) {
  const node = $("flash");
  node.textContent = text;
  node.hidden = false;
}

// -- entering a result -----------------------------------------------------------------------------

function openEntry(round, board) {
  form = { round, board, level: null, strain: null, double: "", passed: false, declarer: null, tricks: null, leadSuit: null, leadRank: null };
  $("entry").hidden = false;
  $("entry").dataset.board = String(board);
  $("entry").dataset.round = String(round);
  $("entry-title").textContent = W.entryTitle(board, round);
  $("error").hidden = true;
  drawEntry();
  $("entry").scrollIntoView({ block: "start" });
}

function closeEntry() {
  form = null;
  previewSeq += 1;
  $("entry").hidden = true;
}

function toggle(attributes, label, pressed, onclick, disabled = false) {
  return el("button", { type: "button", class: "toggle", "aria-pressed": String(pressed), disabled, onclick, ...attributes }, label);
}

function drawEntry() {
  const f = form;
  const playing = !f.passed;
  const levels = $("levels");
  levels.replaceChildren(
    ...[1, 2, 3, 4, 5, 6, 7].map((level) =>
      toggle({ "data-level": level, "aria-label": W.level(level) }, String(level), f.level === level, () => set({ level, passed: false })),
    ),
  );
  $("strains").replaceChildren(
    ...STRAINS.map((strain) =>
      toggle(
        { "data-strain": strain, "aria-label": C.strainNames[strain], class: `toggle strain strain-${strain}` },
        strain === "NT" ? "NT" : suitNode(strain),
        f.strain === strain,
        () => set({ strain, passed: false }),
      ),
    ),
  );
  $("doubles").replaceChildren(
    ...[["", W.undoubled], ["X", W.doubled], ["XX", W.redoubled]].map(([double, label]) =>
      toggle({ "data-double": double }, label, playing && f.double === double, () => set({ double, passed: false })),
    ),
  );
  const passed = $("passed-out");
  passed.setAttribute("aria-pressed", String(f.passed));
  passed.onclick = () => set({ passed: !f.passed });
  $("declarer-set").hidden = !playing;
  $("tricks-set").hidden = !playing;
  $("lead-set").hidden = !playing;
  $("declarers").replaceChildren(
    ...SEATS.map((seat) => toggle({ "data-declarer": seat }, C.seatNames[seat], f.declarer === seat, () => set({ declarer: seat }))),
  );
  $("tricks").replaceChildren(
    ...Array.from({ length: 14 }, (_, tricks) =>
      toggle({ "data-tricks": tricks, "aria-label": C.tricks(tricks) }, String(tricks), f.tricks === tricks, () => set({ tricks })),
    ),
  );
  $("lead-suits").replaceChildren(
    ...SUITS.map((suit) =>
      toggle({ "data-lead-suit": suit, "aria-label": C.suitNames[suit], class: `toggle suit-button suit-${suit}` }, SUIT_SYMBOLS[suit], f.leadSuit === suit, () => set({ leadSuit: f.leadSuit === suit ? null : suit })),
    ),
  );
  $("lead-ranks").replaceChildren(
    ...RANKS.map((rank) =>
      toggle({ "data-lead-rank": rank }, rank === "T" ? "10" : rank, f.leadRank === rank, () => set({ leadRank: f.leadRank === rank ? null : rank })),
    ),
  );
  updatePreview();
}

function set(change) {
  Object.assign(form, change);
  drawEntry();
}

// The body of POST .../results, or a word saying what is still to choose
function entryBody() {
  const f = form;
  const base = { round: f.round, board: f.board };
  if (f.passed) return { body: { ...base, contract: "passed-out" } };
  const missing = [];
  if (!f.level || !f.strain) missing.push(W.missingContract);
  if (!f.declarer) missing.push(W.missingDeclarer);
  if (f.tricks === null) missing.push(W.missingTricks);
  if (Boolean(f.leadSuit) !== Boolean(f.leadRank)) missing.push(f.leadSuit ? W.missingRank : W.missingSuit);
  if (missing.length) return { missing };
  const body = { ...base, contract: `${f.level}${f.strain}${f.double}`, declarer: f.declarer, tricks: f.tricks };
  if (f.leadSuit) body.lead = f.leadSuit + f.leadRank;
  return { body };
}

async function updatePreview() {
  const box = $("preview");
  const send = $("send");
  const { body, missing } = entryBody();
  send.disabled = true;
  box.dataset.state = "incomplete";
  if (!body) {
    box.replaceChildren(el("p", { class: "note", text: W.choose(missing) }));
    return;
  }
  const seq = ++previewSeq;
  box.dataset.state = "waiting";
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/score-preview`, body);
  if (seq !== previewSeq || !form) return; // a newer choice is being scored
  if (answer.status === 200) {
    const p = answer.body;
    box.dataset.state = "ok";
    box.replaceChildren(
      el("p", { class: "preview-entry" }, entryNode({ ...body }, p.text)),
      el("p", { class: "note", text: W.dealerVul(C.seatNames[p.dealer], C.vulnerable[p.vulnerable]) }),
      el("p", { class: "preview-score" }, scoreNode(p)),
    );
    send.disabled = false;
  } else {
    box.dataset.state = "refused";
    const error = answer.body || {};
    box.replaceChildren(
      el("p", { class: "preview-refused" }, prettyText(error.error || C.errorStatus(answer.status))),
      error.law ? el("p", { class: "law-line" }, lawNode(error.law)) : null,
    );
    box.dataset.law = error.law || "";
  }
}

async function sendEntry() {
  const { body } = entryBody();
  if (!body) return;
  const send = $("send");
  send.disabled = true;
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/results`, body);
  if (answer.status === 200) {
    closeEntry();
    flash(W.sent(body.board));
    refresh();
  } else {
    send.disabled = false;
    showError($("error"), answer, C.board(body.board));
    $("error").scrollIntoView({ block: "nearest" });
  }
}

// -- start ----------------------------------------------------------------------------------------

function wire() {
  fillWords(W);
  $("send").addEventListener("click", sendEntry);
  $("cancel").addEventListener("click", closeEntry);
  $("director-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = $("director-reason").value.trim();
    const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(sessionId)}/calls`, { reason });
    const line = $("director-answer");
    if (answer.status === 200) {
      line.textContent = C.called(answer.body.call);
      $("director-reason").value = "";
    } else line.textContent = C.callFailed(answer.body.error || answer.status);
  });
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const given = $("token-input").value.trim();
    if (!given) return;
    sessionStorage.setItem(storageKey, given);
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
  refresh();
  follow(sessionId, token, {
    onView: accept,
    // each (re)connection sends the session's view as it is now
    onState: (text, state) => setConnection($("connection"), text, state),
    onFatal: fatal,
  });
}

wire();
start();
