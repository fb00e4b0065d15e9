// A player's page for the whole club night: one link, his own token. Where he sits this round
// (table, seat, opponents, boards, clock), a sit-out, and in a session played on the table pages
// the table of the board to play now (`you.next`): the table page opens with the same token and
// the session's id, and its "next board" button brings him back here, which takes him on to his
// next board as soon as there is one. Live through the session's WebSocket.
import { WORDS } from "./session-words.js";
import {
  $, el, fillWords, readFragment, sessionIdFromPath, api, follow, setConnection, newer,
  RoundClock, loadLaws, showError, statusWord, pairText, wrongPage,
} from "./session-common.js";

const W = WORDS.play;
const C = WORDS.common;
const sessionId = sessionIdFromPath();
const storageKey = `bridgelaw.play.${sessionId}`;
let token = null;
let view = null;
let going = false;
let followNext = false; // came back from a board: go on to the next one as soon as there is one
const clock = new RoundClock($("clock"));

function accept(next) {
  if (next && next.slots) {
    wrongPage($("error"), C.directorTokenHere, `/director/session/${encodeURIComponent(sessionId)}#token=${encodeURIComponent(token)}`);
    return;
  }
  if (next && next.you && next.you.awaiting_acceptance !== undefined) {
    wrongPage($("error"), C.tableTokenHere, `/session/${encodeURIComponent(sessionId)}/device#token=${encodeURIComponent(token)}`);
    return;
  }
  if (!newer(view, next) || !next.you) return;
  view = next;
  loadLaws(view.edition);
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

export function tableUrl(tableId) {
  // the same token, and the session, in the fragment: never sent to the server
  const fragment = new URLSearchParams({ token, session: sessionId });
  return I18N.link(`/table/${encodeURIComponent(tableId)}#${fragment.toString()}`);
}

function go(tableId) {
  if (going) return;
  going = true;
  location.assign(tableUrl(tableId));
}

function nextSlot(you) {
  return [...you.late, ...you.boards].find((s) => s.table_id === you.next) || null;
}

function render() {
  if (!view) return;
  const you = view.you;
  const rounds = view.rounds.length;
  document.body.dataset.version = String(view.version);
  document.body.dataset.round = String(view.round);
  $("content").hidden = false;
  const who = you.name ? W.titleNamed(you.pair, you.name) : W.pairTitle(you.pair);
  $("title").textContent = who;
  document.title = `${who} · ${view.name}`;
  $("subtitle").textContent = view.round === null ? `${view.name} · ${C.ended}` : `${view.name} · ${C.roundOf(view.round, rounds)}`;
  clock.set(view.clock);
  drawMode(view.play);

  // the board to play now
  const slot = you.next ? nextSlot(you) : null;
  $("next").hidden = !slot;
  document.body.dataset.next = you.next || "";
  if (slot) {
    const late = view.round !== null && slot.round < view.round;
    $("next-text").textContent = late ? W.nextLate(slot.board, slot.table, slot.round) : W.nextText(slot.board, slot.table);
    $("next-button").textContent = W.play(slot.board);
    $("next-button").onclick = () => go(you.next);
    if (followNext) go(you.next);
  }

  // what to do otherwise
  const notes = [];
  if (view.round === null) notes.push(W.ended);
  else if (you.sitout) notes.push(W.sitout);
  else if (view.play === "results") notes.push(W.resultsMode(you.table, C.seatNames[you.seat]));
  else if (!slot) notes.push(view.round < rounds ? W.waitMove(view.round + 1) : W.waitEnd);
  $("notice").textContent = notes.join(" ");
  $("notice").hidden = notes.length === 0;

  // where he sits
  $("where-title").textContent = view.round === null ? W.noRound : C.roundOf(view.round, rounds);
  const list = $("where-list");
  list.replaceChildren();
  if (you.table) {
    const side = you.seat === "N" || you.seat === "S" ? "NS" : "EW";
    list.append(
      el("dt", { text: W.table }), el("dd", { "data-what": "table", text: you.table }),
      el("dt", { text: W.seat }), el("dd", { "data-what": "seat", text: W.seatSide(C.seatNames[you.seat], C.sides[side]) }),
      el("dt", { text: W.against }), el("dd", { "data-what": "against", text: pairText(view, you.against) }),
    );
  }
  $("where").hidden = !you.table;
  drawBoards($("board-list"), you.boards, false);
  drawBoards($("late-list"), you.late, true);
  $("late").hidden = you.late.length === 0;
}

// the kind of table this night is played at, where nobody can miss it
function drawMode(play) {
  const words = W.modes[play];
  const label = $("mode-label");
  label.hidden = !words;
  if (!words) return;
  label.dataset.mode = play;
  label.replaceChildren(el("strong", { text: words[0] }), " ", el("span", { class: "mode-text", text: words[1] }));
}

// a demo night of `bridgelaw serve --demo`: the player may start one of the other kind
async function offerDemo() {
  const answer = await api(token, "GET", "/api/demo");
  if (answer.status !== 200 || !answer.body.mode) return; // not a demo, or not its player
  const mode = answer.body.mode;
  const other = Object.keys(answer.body.modes).find((m) => m !== mode);
  if (!other) return;
  $("demo").hidden = false;
  $("demo").dataset.mode = mode;
  const named = (m) => W.modeNames[m] || m;
  $("demo-text").textContent = W.demoText(named(mode), named(other));
  const button = $("demo-button");
  button.textContent = W.demoButton(named(other));
  button.dataset.mode = other;
  button.onclick = async () => {
    button.disabled = true;
    $("demo-answer").textContent = W.demoStarting;
    const made = await api(token, "POST", "/api/demo/sessions", { mode: other });
    if (made.status === 200) {
      going = true;
      location.assign(made.body.play);
    } else {
      button.disabled = false;
      $("demo-answer").textContent = W.demoFailed(made.body.error || made.status);
    }
  };
}

function drawBoards(list, slots, late) {
  list.replaceChildren();
  for (const slot of slots) {
    const item = el(
      "li",
      { class: `board-item status-${slot.status}`, "data-board": slot.board, "data-status": slot.status },
      el("span", { class: "board-name", text: late ? W.lateBoard(slot.round, slot.board, slot.table) : C.board(slot.board) }),
      el("span", { class: `chip status-${slot.status}`, text: slot.phase === "ended" && slot.status === "to-play" ? W.played : statusWord(slot.status) }),
    );
    if (slot.table_id && slot.phase !== "ended" && ["to-play", "late"].includes(slot.status)) {
      item.append(el("button", { type: "button", class: "enter", "data-table": slot.table_id, onclick: () => go(slot.table_id) }, W.open));
    }
    list.append(item);
  }
}

function wire() {
  fillWords(W);
  $("results-link").href = I18N.link(`/results/${encodeURIComponent(sessionId)}/`);
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
  // back from a table page (its browser history): the page is shown again from the cache
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      going = false;
      refresh();
    }
  });
}

function start() {
  const { token: found, params } = readFragment(storageKey);
  token = found;
  followNext = params.has("next");
  if (!token) {
    $("no-token").hidden = false;
    setConnection($("connection"), C.noToken, "down");
    return;
  }
  $("no-token").hidden = true;
  refresh();
  offerDemo();
  follow(sessionId, token, {
    onView: accept,
    // each (re)connection sends the session's view as it is now
    onState: (text, state) => setConnection($("connection"), text, state),
    onFatal: fatal,
  });
}

wire();
start();
