// The director's console, after the ruling: the disputed claim's proposal (Law 70), the ruling
// record of the table's session or table (81C) with its printable form and its deadlines (79C,
// 92B), polls of peers (16B1b) and their weighted score (12C1c), appeals (92-93).
// Plain JavaScript, no build step; director.js calls window.directorWork.render(state, api)
// after each render of the open table. Every text from the server is put in with textContent.
"use strict";

(function () {
  const work = { table: null, state: null, api: null, claimText: "", recordText: "", record: null, recordKey: "" };

  // el() and $() are the console's own (director.js, loaded before this file)
  const time = (iso) => (iso ? new Date(iso).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "");
  const SEATS = { N: "North", E: "East", S: "South", W: "West" };
  const lawTag = (clause) => el("span", { class: "law" }, "Law " + clause);

  function fail(id, error) {
    const words = error ? error.message : "";
    // the server's words often begin with the clause already ("Law 93B3: ...")
    const prefix = error && error.law && !words.startsWith("Law ") ? `Law ${error.law}: ` : "";
    $(id).textContent = prefix + words;
    $(id).classList.remove("done");
  }

  function done(id, words) {
    $(id).textContent = words;
    $(id).classList.add("done");
  }

  // "120" or "-100": a score for North-South; "1NT N 8": contract, declarer, tricks.
  function resultOf(text, where) {
    const words = text.trim().split(/\s+/);
    if (words.length === 1 && /^-?\d+$/.test(words[0])) return { ns_score: Number(words[0]) };
    if (words.length === 3 && /^\d+$/.test(words[2])) {
      return { contract: words[0].toUpperCase(), declarer: words[1].toUpperCase(), tricks: Number(words[2]) };
    }
    throw new Error(`${where}: a score for North-South (120) or a contract, declarer and tricks (1NT N 8)`);
  }

  function scoreText(score) {
    if (!score) return "";
    const side = (s) => (s.points ? s.points.map(([p, w]) => (w === "1" ? `${p}` : `${p} × ${w}`)).join(" + ") : s.artificial);
    const ns = side(score.ns);
    const ew = side(score.ew);
    return `${score.kind}: ${ns}${ew !== ns ? ` / EW ${ew}` : ""}`;
  }

  // -- Law 70: the adjudicator's proposal, accepted or changed --------------------------------

  function renderClaim(data) {
    const proposal = data.adjudication;
    const text = JSON.stringify(proposal);
    if (text === work.claimText) return;
    work.claimText = text;
    const node = $("claim");
    node.hidden = !proposal;
    if (!proposal) return node.replaceChildren();
    const tricks = el("input", { id: "claim-tricks", type: "number", min: "0", max: "13", value: String(proposal.tricks) });
    const reasoning = el("input", { id: "claim-reasoning", maxlength: "300", placeholder: "why (kept in the record)" });
    const rule = async (changed) => {
      const body = { reasoning: reasoning.value };
      if (changed) body.tricks = Number(tricks.value);
      try {
        fail("claim-error", null);
        await work.api("POST", `/api/tables/${work.table}/claim`, body);
        work.claimText = "";
        await loadRecord();
      } catch (e) {
        fail("claim-error", e);
      }
    };
    node.replaceChildren(
      el("h3", {}, "Disputed claim ", lawTag(proposal.law)),
      el(
        "p",
        { class: "proposal" },
        "The adjudicator proposes ",
        el("strong", { id: "claim-proposed" }, `${proposal.tricks}`),
        " of the remaining tricks to the claimer's side.",
      ),
      el("p", { class: "line" }, "Line assumed: ", proposal.line),
      el("label", {}, "Reasoning ", reasoning),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "button", id: "claim-accept", onclick: () => rule(false) }, "Accept the proposal"),
        el("label", {}, "or change to ", tricks, " tricks "),
        el("button", { type: "button", id: "claim-change", onclick: () => rule(true) }, "Rule the change"),
      ),
      el("p", { id: "claim-error", class: "error", role: "alert" }),
    );
  }

  // -- the ruling record --------------------------------------------------------------------------

  async function loadRecord() {
    const id = work.table;
    if (!id) return;
    let record;
    try {
      record = await work.api("GET", `/api/tables/${id}/record`);
    } catch (e) {
      return fail("record-error", e);
    }
    if (id !== work.table) return;
    const text = JSON.stringify(record);
    if (text === work.recordText) return;
    work.recordText = text;
    work.record = record;
    renderRecord(record);
    renderAppeals(record);
    renderPolls(record);
  }

  function renderRecord(record) {
    const d = record.deadlines;
    const periods = `corrections (79C) ${d.correction_minutes} min, appeals (92B) ${d.appeal_minutes} min`;
    $("deadlines").textContent = d.published
      ? `Results published ${time(d.published)}: corrections (79C) until ${time(d.correction_ends)}, ` +
        `appeals (92B) until ${time(d.appeal_ends)}. A correction after that needs your note (79C2).`
      : `${d.note}. Periods: ${periods}.`;
    $("publish").hidden = Boolean(d.published);
    const entries = record.entries.filter((e) => e.table_id === work.table);
    $("record-entries").replaceChildren(
      ...(entries.length
        ? entries.map((e) =>
            el(
              "li",
              { class: "record-entry" + (e.superseded_by ? " superseded" : ""), value: String(e.number), "data-entry": String(e.number) },
              el("strong", {}, `Ruling ${e.number}`),
              ` · board ${e.board} · called by ${e.called_by} ${time(e.called_at)} · decided by ${e.decided_by}`,
              el("div", { class: "clauses" }, e.clauses.map((c) => lawTag(c))),
              e.score ? el("div", { class: "score" }, "Score ", scoreText(e.score)) : null,
              e.judgement && e.judgement.kind ? el("div", {}, `Judgement: ${e.judgement.kind}`) : null,
              e.reasoning ? el("div", { class: "reasoning" }, e.reasoning) : null,
              e.supersedes ? el("div", { class: "hint" }, `supersedes ruling ${e.supersedes}`) : null,
              e.superseded_by ? el("div", { class: "hint" }, `superseded by ruling ${e.superseded_by}`) : null,
              el(
                "div",
                { class: "actions" },
                el("button", { type: "button", class: "small", onclick: () => startPoll(e.number) }, "Poll peers on it"),
                el("button", { type: "button", class: "small", onclick: () => startAppeal(e.number) }, "Appeal against it"),
              ),
            ),
          )
        : [el("li", { class: "hint" }, "No ruling recorded at this table yet.")]),
    );
  }

  async function openPrintable(kind) {
    try {
      const answer = await fetch(`/api/tables/${work.table}/record.${kind}`, {
        headers: { Authorization: "Bearer " + work.state.token },
      });
      if (!answer.ok) throw new Error((await answer.json()).error || answer.statusText);
      const url = URL.createObjectURL(await answer.blob());
      window.open(url, "_blank");
    } catch (e) {
      fail("record-error", e);
    }
  }

  async function publish() {
    try {
      await work.api("POST", `/api/tables/${work.table}/publish`);
      await loadRecord();
    } catch (e) {
      fail("record-error", e);
    }
  }

  // -- polls ----------------------------------------------------------------------------------

  function startPoll(entry) {
    $("poll-box").open = true;
    $("poll-entry").value = String(entry);
    $("poll-peers").focus();
  }

  async function makePoll(event) {
    event.preventDefault();
    const peers = $("poll-peers").value.split("\n").map((p) => p.trim()).filter(Boolean);
    try {
      fail("poll-error", null);
      const made = await work.api("POST", `/api/tables/${work.table}/polls`, {
        entry: Number($("poll-entry").value),
        calls: Number($("poll-calls").value),
        threshold: $("poll-threshold").value.trim() || "1/5",
        peers,
      });
      $("poll-links").replaceChildren(
        el("li", { class: "hint" }, `Poll ${made.poll}: send each peer his own link (it holds his token).`),
        ...made.links.map((l) => {
          const url = location.origin + l.url;
          return el("li", { class: "poll-link" }, `${l.peer}: `, el("a", { href: url, target: "_blank", rel: "noopener", "data-peer": l.peer }, url));
        }),
      );
      work.recordText = "";
      await loadRecord();
    } catch (e) {
      fail("poll-error", e);
    }
  }

  function renderPolls(record) {
    const mine = record.polls.filter((p) => p.table_id === work.table);
    $("poll-list").replaceChildren(
      ...mine.map((p) =>
        el(
          "div",
          { class: "poll-line" },
          `Poll ${p.poll} on ruling ${p.entry}: ${p.answered} of ${p.asked} answered `,
          el("button", { type: "button", class: "small", "data-poll": String(p.poll), onclick: () => showPoll(p.poll) }, "Answers and weights"),
        ),
      ),
    );
  }

  async function showPoll(poll, excluding) {
    loadRecord(); // the count of answers beside the poll
    let view;
    try {
      fail("poll-error", null);
      const query = excluding ? `?excluding=${encodeURIComponent(excluding)}` : "";
      view = await work.api("GET", `/api/polls/${poll}${query}`);
    } catch (e) {
      return fail("poll-error", e);
    }
    const q = view.question;
    const rows = view.peers.map((p) =>
      el(
        "tr",
        {},
        el("td", {}, p.peer),
        el("td", {}, p.answer ? p.answer.would_call : "waiting"),
        el("td", {}, p.answer ? p.answer.seriously_considered.join(", ") : ""),
      ),
    );
    const detail = [
      el("h4", {}, `Poll ${poll}: ${SEATS[q.seat]} to call, holding ${q.hand}`),
      el("p", { class: "hint" }, `Dealer ${q.dealer}, vulnerable ${q.vulnerable}; auction: ${q.auction.join(" ") || "(none yet)"}`),
      el("table", { class: "log" }, el("tr", {}, el("th", {}, "Peer"), el("th", {}, "Would call"), el("th", {}, "Seriously considered")), rows),
      el("p", {}, `Threshold ${view.threshold.share} (${view.threshold.source})`),
    ];
    if (view.support) {
      detail.push(
        el("p", { id: "poll-support" }, "Chose or considered: ", Object.entries(view.support).map(([c, s]) => `${c} ${s}`).join(", ")),
        el("p", { id: "poll-alternatives" }, "Logical alternatives ", lawTag("16B1b"), ": ", view.logical_alternatives.join(", ")),
      );
    }
    if (view.proposed_weights) {
      const inputs = {};
      const lines = Object.entries(view.proposed_weights).map(([call, weight]) => {
        inputs[call] = {
          weight: el("input", { class: "weight", "data-call": call, value: weight, maxlength: "12", size: "5" }),
          result: el("input", { class: "outcome", "data-call": call, maxlength: "20", placeholder: "120 or 1NT N 8" }),
        };
        return el("li", {}, el("strong", {}, call), " weight ", inputs[call].weight, " probable result ", inputs[call].result);
      });
      const reason = el("input", { id: "poll-reason", maxlength: "300", placeholder: "needed when you change the weights" });
      const exclude = el("input", { id: "poll-exclude", maxlength: "8", size: "5", value: excluding || "" });
      const send = async () => {
        try {
          fail("poll-error", null);
          const outcomes = {};
          const weights = {};
          for (const [call, i] of Object.entries(inputs)) {
            outcomes[call] = resultOf(i.result.value, `result of ${call}`);
            weights[call] = i.weight.value.trim();
          }
          const body = { outcomes, weights, reason: reason.value };
          if (excluding) body.excluding = excluding;
          await work.api("POST", `/api/polls/${poll}/score`, body);
          work.recordText = "";
          await loadRecord();
          done("poll-error", "The weighted score is the board's result now.");
        } catch (e) {
          fail("poll-error", e);
        }
      };
      detail.push(
        el("p", {}, "Proposed weights ", lawTag("12C1c"), " (you may change them, with your reason):"),
        el("ul", { class: "weights" }, lines),
        el("label", {}, "Reason ", reason),
        el("label", {}, " Leave out the call the information suggested ", exclude,
          el("button", { type: "button", class: "small", onclick: () => showPoll(poll, exclude.value.trim()) }, "Recount")),
        el("div", { class: "actions" }, el("button", { type: "button", id: "poll-score", onclick: send }, "Enter the weighted score")),
      );
    } else if (view.problem) {
      detail.push(el("p", { class: "hint" }, view.problem));
    }
    $("poll-detail").replaceChildren(...detail);
  }

  // -- appeals --------------------------------------------------------------------------------

  function startAppeal(entry) {
    $("appeal-box").open = true;
    $("appeal-against").value = String(entry);
    $("appeal-appellant").focus();
  }

  async function lodge(event) {
    event.preventDefault();
    const grounds = [0, 1]
      .map((i) => ({ kind: $(`appeal-kind-${i}`).value, text: $(`appeal-text-${i}`).value.trim() }))
      .filter((g) => g.text);
    const body = {
      against: Number($("appeal-against").value),
      appellant: $("appeal-appellant").value,
      heard_by: $("appeal-body").value,
      grounds,
    };
    const deposit = $("appeal-deposit").value.trim();
    if (deposit) body.deposit = { amount: deposit, currency: "EUR" };
    try {
      fail("appeal-error", null);
      await work.api("POST", `/api/tables/${work.table}/appeals`, body);
      work.recordText = "";
      await loadRecord();
    } catch (e) {
      fail("appeal-error", e);
    }
  }

  function renderAppeals(record) {
    const mine = record.appeals.filter((a) => a.table_id === work.table);
    $("appeal-list").replaceChildren(
      ...mine.map((a) => {
        const head = el(
          "div",
          {},
          el("strong", {}, `Appeal ${a.appeal}`),
          ` against ruling ${a.against} by ${a.appellant}, heard by the ${a.heard_by}, lodged ${time(a.lodged_at)}`,
          a.deposit ? ` · deposit ${a.deposit.amount} ${a.deposit.currency}` : "",
        );
        const grounds = el("ol", {}, a.grounds.map((g) => el("li", {}, `${g.kind}: ${g.text}`)));
        if (a.decision) {
          const d = a.decision;
          return el(
            "li",
            { class: "appeal decided", "data-appeal": String(a.appeal) },
            head,
            grounds,
            el("div", { class: "decision" }, `Decided by ${d.by}: ${d.reasoning}`,
              d.entry ? ` · the score changed: ruling ${d.entry} supersedes ruling ${a.against}` : " · the ruling stands",
              d.recommendation ? ` · recommends: ${d.recommendation}` : ""),
          );
        }
        const by = el("input", { class: "decision-by", maxlength: "80", value: a.heard_by });
        const reasoning = el("input", { class: "decision-reasoning", maxlength: "300" });
        const on = el(
          "select",
          { class: "decision-on" },
          el("option", { value: "" }, "the ruling stands"),
          a.grounds.map((g, i) => el("option", { value: String(i) }, `score changed on ground ${i + 1} (${g.kind})`)),
        );
        const result = el("input", { class: "decision-result", maxlength: "20", placeholder: "120 or 1NT N 8" });
        const returned = el("input", { type: "checkbox", class: "decision-returned" });
        const decide = async () => {
          try {
            fail("appeal-error", null);
            const body = { by: by.value, reasoning: reasoning.value, deposit_returned: returned.checked };
            if (on.value !== "") {
              body.changed_on = Number(on.value);
              body.result = resultOf(result.value, "the new score");
            }
            await work.api("POST", `/api/tables/${work.table}/appeals/${a.appeal}/decision`, body);
            work.recordText = "";
            await loadRecord();
          } catch (e) {
            fail("appeal-error", e);
          }
        };
        return el(
          "li",
          { class: "appeal", "data-appeal": String(a.appeal) },
          head,
          grounds,
          el(
            "div",
            { class: "work-form" },
            el("label", {}, "Decided by ", by),
            el("label", {}, "Reasoning ", reasoning),
            el("label", {}, "Decision ", on),
            el("label", {}, "New score ", result),
            el("label", {}, returned, " deposit returned"),
            el("button", { type: "button", class: "decide", onclick: decide }, "Record the decision"),
          ),
        );
      }),
    );
  }

  // -- wiring ---------------------------------------------------------------------------------

  function render(state, api) {
    work.state = state;
    work.api = api;
    if (state.open !== work.table) {
      work.table = state.open;
      work.claimText = "";
      work.recordText = "";
      work.recordKey = "";
      $("poll-links").replaceChildren();
      $("poll-list").replaceChildren();
      $("poll-detail").replaceChildren();
      fail("poll-error", null);
      fail("appeal-error", null);
      fail("record-error", null);
    }
    if (!state.data) return;
    renderClaim(state.data);
    // the record is asked for again only when a change can have added an entry to it: a call
    // answered, a result entered, a claim ruled (not at every event: the console is pushed)
    const d = state.data;
    const key = JSON.stringify([
      state.open,
      d.calls.filter((c) => c.answered).length,
      d.result && d.result.entries ? d.result.entries.length : 0,
      d.adjudication,
      d.view.phase,
    ]);
    if (key !== work.recordKey) {
      work.recordKey = key;
      loadRecord();
    }
  }

  // the director's log (81C): every ruling of every record matching all the fields filled in
  async function searchLog(event) {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const name of ["clause", "table", "player", "session"]) {
      const value = $("log-" + name).value.trim();
      if (value) query.set(name, value);
    }
    let found;
    try {
      found = (await work.api("GET", `/api/director/log?${query}`)).rulings;
    } catch (e) {
      fail("log-error", e);
      return;
    }
    $("log-error").textContent = "";
    $("log-count").textContent = `${found.length} ruling${found.length === 1 ? "" : "s"} found`;
    $("log-results").replaceChildren(
      ...found.map((r) =>
        el(
          "li",
          { class: "record-entry", "data-record": r.record, "data-entry": String(r.number), "data-table": r.table_id || "" },
          el("strong", {}, `${r.record} · ruling ${r.number}`),
          ` · table ${r.table_id} · board ${r.board} · called by ${r.called_by} ${time(r.called_at)}`,
          el("div", { class: "clauses" }, r.clauses.map((c) => lawTag(c))),
          r.score ? el("div", { class: "score" }, "Score ", scoreText(r.score)) : null,
          r.supersedes ? el("div", { class: "hint" }, `supersedes ruling ${r.supersedes}`) : null,
        ),
      ),
    );
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("log-form").addEventListener("submit", searchLog);
    $("record-html").addEventListener("click", () => openPrintable("html"));
    $("record-pdf").addEventListener("click", () => openPrintable("pdf"));
    $("publish").addEventListener("click", publish);
    $("poll-form").addEventListener("submit", makePoll);
    $("appeal-form").addEventListener("submit", lodge);
  });

  window.directorWork = { render };
})();
