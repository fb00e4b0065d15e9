// The director's list of sessions: each with its round, what is left to do and its open calls,
// and a link to its console. Polled every few seconds.
import { WORDS } from "./session-words.js";
import { $, el, fillWords, readFragment, api, setConnection, showError, statusWord } from "./session-common.js";

const W = WORDS.list;
const C = WORDS.common;
const storageKey = "bridgelaw.director";
let token = null;
let timer = null;

async function load() {
  const answer = await api(token, "GET", "/api/sessions");
  if (answer.status !== 200) {
    setConnection($("connection"), C.cannotOpen, "down");
    showError($("error"), answer);
    if (answer.status === 401 || answer.status === 403) {
      sessionStorage.removeItem(storageKey);
      clearInterval(timer);
      $("no-token").hidden = false;
    }
    return;
  }
  setConnection($("connection"), W.updated(new Date().toLocaleTimeString(I18N.lang)), "up");
  $("error").hidden = true;
  $("sessions").hidden = false;
  const list = $("session-list");
  const sessions = [...answer.body.sessions].reverse(); // the newest first
  list.replaceChildren(
    ...sessions.map((s) => {
      const progress = Object.entries(s.progress)
        .filter(([status]) => status !== "future")
        .map(([status, n]) => `${statusWord(status)} ${n}`)
        .join(" · ");
      return el(
        "li",
        { class: `table-item${s.calls ? " attention" : ""}`, "data-session": s.session },
        el("p", { class: "table-head" }, el("a", { href: I18N.link(`/director/session/${encodeURIComponent(s.session)}`), class: "session-link", text: s.name })),
        el("p", { class: "note", text: `${s.date} · ${s.play} · ${s.round === null ? C.ended : C.roundOf(s.round, s.rounds)}` }),
        progress ? el("p", { class: "note", text: progress }) : null,
        s.calls ? el("p", { class: "calls-count", text: W.calls(s.calls) }) : null,
        el("p", {}, el("a", { href: I18N.link(`/results/${encodeURIComponent(s.session)}/`), text: W.results })),
      );
    }),
  );
  if (!sessions.length) list.append(el("li", { class: "note", text: W.none }));
}

function start() {
  token = readFragment(storageKey).token;
  if (!token) {
    $("no-token").hidden = false;
    setConnection($("connection"), C.noToken, "down");
    return;
  }
  $("no-token").hidden = true;
  load();
  clearInterval(timer);
  timer = setInterval(load, 5000);
}

fillWords(W);
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const given = $("token-input").value.trim();
  if (!given) return;
  sessionStorage.setItem(storageKey, given);
  $("token-input").value = "";
  start();
});
start();
