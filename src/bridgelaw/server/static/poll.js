// A peer's page of a poll: the question (the hand and the auction before the decision) and his
// answer, sent once. The token comes in the URL fragment, is kept in this tab's sessionStorage
// and leaves the address bar. Every text from the server is put in with textContent. The page's
// words are in the reader's language (i18n.js loads this file once they are in).
"use strict";

const SUITS = ["♠", "♥", "♦", "♣"];
const SEATS = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
const VULNERABLE = { none: _("nobody"), NS: _("North-South"), EW: _("East-West"), both: _("both sides") };
const pollId = location.pathname.split("/").filter(Boolean)[1];
const key = `bridgelaw.poll.${pollId}`;

function token() {
  const params = new URLSearchParams(I18N.hash.slice(1)); // the address as it came (i18n.js)
  const given = params.get("token");
  if (given) sessionStorage.setItem(key, given);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  return sessionStorage.getItem(key);
}

async function api(method, body) {
  const headers = { Authorization: `Bearer ${token()}` };
  if (body) headers["Content-Type"] = "application/json";
  const path = `/api/polls/${encodeURIComponent(pollId)}` + (body ? "/answer" : "");
  const answer = await fetch(I18N.withLang(path), { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await answer.json().catch(() => ({ error: answer.statusText }));
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

function showError(error) {
  const node = document.getElementById("error");
  node.hidden = false;
  node.textContent = error.message;
}

function show(view) {
  const q = view.question;
  document.getElementById("seat-line").textContent = _("You are {seat}", { seat: SEATS[q.seat] });
  document.getElementById("board-line").textContent = _("Dealer {dealer}, vulnerable: {vulnerable}", {
    dealer: SEATS[q.dealer],
    vulnerable: VULNERABLE[q.vulnerable] || q.vulnerable,
  });
  const hand = document.getElementById("hand");
  hand.replaceChildren(
    ...q.hand.split(".").map((cards, i) => {
      const line = document.createElement("div");
      line.textContent = `${SUITS[i]} ${cards || "—"}`;
      return line;
    }),
  );
  document.getElementById("auction").textContent = q.auction.length ? q.auction.join(" – ") : _("you are the first to call");
  document.getElementById("notes").textContent = q.notes || "";
  document.getElementById("question").hidden = false;
  const done = view.answer;
  document.getElementById("answer-box").hidden = Boolean(done);
  document.getElementById("answered").hidden = !done;
  if (done) {
    const also = done.seriously_considered.length ? "; " + _("considered {calls}", { calls: done.seriously_considered.join(", ") }) : "";
    document.getElementById("answered-text").textContent = `${done.would_call}${also}`;
  }
}

async function send(event) {
  event.preventDefault();
  const considered = document.getElementById("considered").value.split(",").map((c) => c.trim()).filter(Boolean);
  try {
    document.getElementById("error").hidden = true;
    await api("POST", { would_call: document.getElementById("would-call").value.trim(), seriously_considered: considered });
    show(await api("GET"));
  } catch (error) {
    showError(error);
  }
}

// i18n.js loads this file once the page has loaded
function start() {
  document.getElementById("answer-form").addEventListener("submit", send);
  if (!token()) return showError(new Error(_("Open this page with the link the director sent you.")));
  api("GET").then(show, showError);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
