// The session console's ruling record (Law 81C): every ruling of the session's tables, the
// publication of the results (the correction period, 79C, and the appeal period, 92B, count
// from it) and the printable form. Texts from the server go in with textContent.
import { api, sessionIdFromPath } from "./session-common.js";

const storageKey = "bridgelaw.director"; // the console's own token (session-console.js)
const session = sessionIdFromPath();
const SETTLE_MS = 300;
let lastText = "";

function $(id) {
  return document.getElementById(id);
}

function item(entry) {
  const li = document.createElement("li");
  li.className = "record-entry";
  li.style.marginBottom = "0.4rem";
  const score = entry.score ? ` · ${entry.score.kind}` : "";
  const superseded = entry.superseded_by ? " · " + _("superseded by ruling {number}", { number: entry.superseded_by }) : "";
  li.textContent =
    _("Ruling {number} · table {table} · board {board} · Law {law}", {
      number: entry.number,
      table: entry.table_id,
      board: entry.board,
      law: entry.clauses.join(", ") || "—",
    }) +
    score +
    superseded +
    (entry.reasoning ? ` · ${entry.reasoning}` : "");
  return li;
}

async function load() {
  const token = sessionStorage.getItem(storageKey);
  if (!token || !session) return;
  const answer = await api(token, "GET", `/api/sessions/${encodeURIComponent(session)}/record`);
  if (answer.status !== 200) {
    $("record-error").textContent = answer.body.error || "";
    return;
  }
  const text = JSON.stringify(answer.body);
  if (text === lastText) return;
  lastText = text;
  const record = answer.body;
  const d = record.deadlines;
  const at = (iso) => new Date(iso).toLocaleString(I18N.lang, { dateStyle: "short", timeStyle: "short" });
  const node = $("record-deadlines");
  if (d.published) {
    node.textContent = _("Results published {time}: corrections (79C) until {corrections}, appeals (92B) until {appeals}.", {
      time: at(d.published),
      corrections: at(d.correction_ends),
      appeals: at(d.appeal_ends),
    });
  } else {
    // the server's note (its words), then the page's own
    const note = document.createElement("span");
    note.dataset.from = "server";
    note.textContent = d.note;
    const periods = _("Periods: corrections (79C) {corrections} min, appeals (92B) {appeals} min.", {
      corrections: d.correction_minutes,
      appeals: d.appeal_minutes,
    });
    node.replaceChildren(note, ". ", periods);
  }
  $("record-publish").hidden = Boolean(d.published);
  const list = $("record-list");
  list.replaceChildren(...record.entries.map(item));
  if (!record.entries.length) {
    const li = document.createElement("li");
    li.textContent = _("No ruling recorded in this session yet.");
    list.append(li);
  }
}

async function printable(kind) {
  const token = sessionStorage.getItem(storageKey);
  const answer = await fetch(I18N.withLang(`/api/sessions/${encodeURIComponent(session)}/record.${kind}`), {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!answer.ok) {
    $("record-error").textContent = answer.statusText;
    return;
  }
  window.open(URL.createObjectURL(await answer.blob()), "_blank");
}

async function publish() {
  const token = sessionStorage.getItem(storageKey);
  const answer = await api(token, "POST", `/api/sessions/${encodeURIComponent(session)}/publish`);
  $("record-error").textContent = answer.status === 200 ? "" : answer.body.error || "";
  lastText = "";
  await load();
}

$("record-publish").addEventListener("click", publish);
$("record-print").addEventListener("click", () => printable("html"));
$("record-pdf").addEventListener("click", () => printable("pdf"));
load();
// The console is pushed, not polled: the record is asked for again when the session console
// shows a change that can add a ruling (its results log, its calls), once the change settles.
let waiting = null;
const observer = new MutationObserver(() => {
  clearTimeout(waiting);
  waiting = setTimeout(load, SETTLE_MS);
});
for (const id of ["log", "call-list"]) {
  const node = $(id);
  if (node) observer.observe(node, { childList: true, subtree: true, characterData: true });
}
