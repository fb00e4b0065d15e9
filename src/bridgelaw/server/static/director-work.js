// The director's console, after the ruling: the disputed claim's proposal (Law 70), the ruling
// record of the table's session or table (81C) with its printable form and its deadlines (79C,
// 92B), polls of peers (16B1b) and their weighted score (12C1c), appeals (92-93).
// Plain JavaScript, no build step; director.js calls window.directorWork.render(state, api)
// after each render of the open table. Every text from the server is put in with textContent.
"use strict";

(function () {
  const work = { table: null, state: null, api: null, claimText: "", recordText: "", record: null, recordKey: "" };

  // el() and $() are the console's own (director.js, loaded before this file)
  const time = (iso) => (iso ? new Date(iso).toLocaleString(I18N.lang, { dateStyle: "short", timeStyle: "short" }) : "");
  const SEATS = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
  const lawTag = (clause) => el("span", { class: "law" }, _("Law {law}", { law: clause }));
  // the appeal's grounds and who hears it (the values the API takes, shown in words)
  const GROUNDS = { judgement: _("judgement"), law: _("point of law"), regulation: _("regulation"), disciplinary: _("discipline") };
  const HEARD_BY = { committee: _("an appeals committee"), reviewer: _("a reviewer"), "director in charge": _("the director in charge") };

  function fail(id, error) {
    const words = error ? error.message : "";
    // the server's words often begin with the clause already ("Law 93B3: ...")
    const prefix = error && error.law && !words.includes(error.law) ? `${_("Law {law}", { law: error.law })}: ` : "";
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
    throw new Error(_("{where}: a score for North-South (120) or a contract, declarer and tricks (1NT N 8)", { where }));
  }

  function scoreText(score) {
    if (!score) return "";
    // no template literal inside another: Babel's extractor would lose the rest of the file
    const side = (s) => (s.points ? s.points.map(([p, w]) => (w === "1" ? String(p) : p + " × " + w)).join(" + ") : s.artificial);
    const ns = side(score.ns);
    const ew = side(score.ew);
    return score.kind + ": " + ns + (ew !== ns ? " / EW " + ew : "");
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
    const reasoning = el("input", { id: "claim-reasoning", maxlength: "300", placeholder: _("why (kept in the record)") });
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
      el("h3", {}, _("Disputed claim"), " ", lawTag(proposal.law)),
      el(
        "p",
        { class: "proposal" },
        _("The adjudicator proposes"),
        " ",
        el("strong", { id: "claim-proposed" }, `${proposal.tricks}`),
        " ",
        _("of the remaining tricks to the claimer's side."),
      ),
      el("p", { class: "line" }, _("Line assumed:"), " ", el("span", { "data-from": "server" }, proposal.line)),
      el("label", {}, _("Reasoning"), " ", reasoning),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "button", id: "claim-accept", onclick: () => rule(false) }, _("Accept the proposal")),
        el("label", {}, _("or change to"), " ", tricks, " ", _("tricks"), " "),
        el("button", { type: "button", id: "claim-change", onclick: () => rule(true) }, _("Rule the change")),
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
      record = await work.api("GET", `/api/tables/${id}/record`); // api() adds ?lang=
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
    if (d.published) {
      $("deadlines").textContent = _("Results published {time}: corrections (79C) until {corrections}, appeals (92B) until {appeals}. A correction after that needs your note (79C2).", {
        time: time(d.published),
        corrections: time(d.correction_ends),
        appeals: time(d.appeal_ends),
      });
    } else {
      // the server's note (its words), then the page's own
      $("deadlines").replaceChildren(
        el("span", { "data-from": "server" }, d.note),
        ". ",
        _("Periods: corrections (79C) {corrections} min, appeals (92B) {appeals} min.", {
          corrections: d.correction_minutes,
          appeals: d.appeal_minutes,
        }),
      );
    }
    $("publish").hidden = Boolean(d.published);
    const entries = record.entries.filter((e) => e.table_id === work.table);
    $("record-entries").replaceChildren(
      ...(entries.length
        ? entries.map((e) =>
            el(
              "li",
              { class: "record-entry" + (e.superseded_by ? " superseded" : ""), value: String(e.number), "data-entry": String(e.number) },
              el("strong", {}, _("Ruling {number}", { number: e.number })),
              " · ",
              _("board {board} · called by {who} {time} · decided by {decider}", {
                board: e.board,
                who: e.called_by,
                time: time(e.called_at),
                decider: e.decided_by,
              }),
              el("div", { class: "clauses" }, e.clauses.map((c) => lawTag(c))),
              e.score ? el("div", { class: "score" }, _("Score"), " ", el("span", { translate: "no" }, scoreText(e.score))) : null,
              e.judgement && e.judgement.kind ? el("div", {}, _("Judgement: {kind}", { kind: e.judgement.kind })) : null,
              e.reasoning ? el("div", { class: "reasoning" }, e.reasoning) : null,
              e.supersedes ? el("div", { class: "hint" }, _("supersedes ruling {number}", { number: e.supersedes })) : null,
              e.superseded_by ? el("div", { class: "hint" }, _("superseded by ruling {number}", { number: e.superseded_by })) : null,
              el(
                "div",
                { class: "actions" },
                el("button", { type: "button", class: "small", onclick: () => startPoll(e.number) }, _("Poll peers on it")),
                el("button", { type: "button", class: "small", onclick: () => startAppeal(e.number) }, _("Appeal against it")),
              ),
            ),
          )
        : [el("li", { class: "hint" }, _("No ruling recorded at this table yet."))]),
    );
  }

  async function openPrintable(kind) {
    try {
      const answer = await fetch(I18N.withLang(`/api/tables/${work.table}/record.${kind}`), {
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
        el("li", { class: "hint" }, _("Poll {poll}: send each peer his own link (it holds his token).", { poll: made.poll })),
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
          _("Poll {poll} on ruling {entry}: {answered} of {asked} answered", { poll: p.poll, entry: p.entry, answered: p.answered, asked: p.asked }),
          " ",
          el("button", { type: "button", class: "small", "data-poll": String(p.poll), onclick: () => showPoll(p.poll) }, _("Answers and weights")),
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
    const none = _("(none yet)"); // not inside another _(): Babel's extractor would miss it
    const rows = view.peers.map((p) =>
      el(
        "tr",
        {},
        el("td", {}, p.peer),
        el("td", {}, p.answer ? p.answer.would_call : _("waiting")),
        el("td", {}, p.answer ? p.answer.seriously_considered.join(", ") : ""),
      ),
    );
    const detail = [
      el("h4", {}, _("Poll {poll}: {seat} to call, holding {hand}", { poll, seat: SEATS[q.seat], hand: q.hand })),
      el("p", { class: "hint" }, _("Dealer {dealer}, vulnerable {vulnerable}; auction: {auction}", {
        dealer: SEATS[q.dealer] || q.dealer,
        vulnerable: VULNERABLE_NAME[q.vulnerable] || q.vulnerable, // director.js's words
        auction: q.auction.join(" ") || none,
      })),
      el("table", { class: "log" }, el("tr", {}, el("th", {}, _("Peer")), el("th", {}, _("Would call")), el("th", {}, _("Seriously considered"))), rows),
      el("p", {}, _("Threshold {share}", { share: view.threshold.share }), " (", el("span", { "data-from": "server" }, view.threshold.source), ")"),
    ];
    if (view.support) {
      detail.push(
        el("p", { id: "poll-support" }, _("Chose or considered:"), " ", el("span", { translate: "no" }, Object.entries(view.support).map(([c, s]) => `${c} ${s}`).join(", "))),
        el("p", { id: "poll-alternatives" }, _("Logical alternatives"), " ", lawTag("16B1b"), ": ", el("span", { translate: "no" }, view.logical_alternatives.join(", "))),
      );
    }
    if (view.proposed_weights) {
      const inputs = {};
      const lines = Object.entries(view.proposed_weights).map(([call, weight]) => {
        inputs[call] = {
          weight: el("input", { class: "weight", "data-call": call, value: weight, maxlength: "12", size: "5" }),
          result: el("input", { class: "outcome", "data-call": call, maxlength: "20", placeholder: _("120 or 1NT N 8") }),
        };
        return el("li", {}, el("strong", {}, call), " ", _("weight"), " ", inputs[call].weight, " ", _("probable result"), " ", inputs[call].result);
      });
      const reason = el("input", { id: "poll-reason", maxlength: "300", placeholder: _("needed when you change the weights") });
      const exclude = el("input", { id: "poll-exclude", maxlength: "8", size: "5", value: excluding || "" });
      const send = async () => {
        try {
          fail("poll-error", null);
          const outcomes = {};
          const weights = {};
          for (const [call, i] of Object.entries(inputs)) {
            outcomes[call] = resultOf(i.result.value, _("result of {call}", { call }));
            weights[call] = i.weight.value.trim();
          }
          const body = { outcomes, weights, reason: reason.value };
          if (excluding) body.excluding = excluding;
          await work.api("POST", `/api/polls/${poll}/score`, body);
          work.recordText = "";
          await loadRecord();
          done("poll-error", _("The weighted score is the board's result now."));
        } catch (e) {
          fail("poll-error", e);
        }
      };
      detail.push(
        el("p", {}, _("Proposed weights"), " ", lawTag("12C1c"), " ", _("(you may change them, with your reason):")),
        el("ul", { class: "weights" }, lines),
        el("label", {}, _("Reason"), " ", reason),
        el("label", {}, " ", _("Leave out the call the information suggested"), " ", exclude,
          el("button", { type: "button", class: "small", onclick: () => showPoll(poll, exclude.value.trim()) }, _("Recount"))),
        el("div", { class: "actions" }, el("button", { type: "button", id: "poll-score", onclick: send }, _("Enter the weighted score"))),
      );
    } else if (view.problem) {
      detail.push(el("p", { class: "hint", "data-from": "server" }, view.problem));
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
          el("strong", {}, _("Appeal {appeal}", { appeal: a.appeal })),
          " ",
          _("against ruling {ruling} by {appellant}, heard by {body}, lodged {time}", {
            ruling: a.against,
            appellant: a.appellant,
            body: HEARD_BY[a.heard_by] || a.heard_by,
            time: time(a.lodged_at),
          }),
          a.deposit ? " · " + _("deposit {amount} {currency}", { amount: a.deposit.amount, currency: a.deposit.currency }) : "",
        );
        const grounds = el("ol", {}, a.grounds.map((g) => el("li", {}, `${GROUNDS[g.kind] || g.kind}: ${g.text}`)));
        if (a.decision) {
          const d = a.decision;
          return el(
            "li",
            { class: "appeal decided", "data-appeal": String(a.appeal) },
            head,
            grounds,
            el("div", { class: "decision" }, _("Decided by {who}: {reasoning}", { who: d.by, reasoning: d.reasoning }),
              " · ",
              d.entry ? _("the score changed: ruling {entry} supersedes ruling {against}", { entry: d.entry, against: a.against }) : _("the ruling stands"),
              d.recommendation ? " · " + _("recommends: {recommendation}", { recommendation: d.recommendation }) : ""),
          );
        }
        const by = el("input", { class: "decision-by", maxlength: "80", value: a.heard_by });
        const reasoning = el("input", { class: "decision-reasoning", maxlength: "300" });
        const on = el(
          "select",
          { class: "decision-on" },
          el("option", { value: "" }, _("the ruling stands")),
          a.grounds.map((g, i) => el("option", { value: String(i) }, _("score changed on ground {number} ({kind})", { number: i + 1, kind: GROUNDS[g.kind] || g.kind }))),
        );
        const result = el("input", { class: "decision-result", maxlength: "20", placeholder: _("120 or 1NT N 8") });
        const returned = el("input", { type: "checkbox", class: "decision-returned" });
        const decide = async () => {
          try {
            fail("appeal-error", null);
            const body = { by: by.value, reasoning: reasoning.value, deposit_returned: returned.checked };
            if (on.value !== "") {
              body.changed_on = Number(on.value);
              body.result = resultOf(result.value, _("the new score"));
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
            el("label", {}, _("Decided by"), " ", by),
            el("label", {}, _("Reasoning"), " ", reasoning),
            el("label", {}, _("Decision"), " ", on),
            el("label", {}, _("New score"), " ", result),
            el("label", {}, returned, " ", _("deposit returned")),
            el("button", { type: "button", class: "decide", onclick: decide }, _("Record the decision")),
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
    $("log-count").textContent = ngettext("{count} ruling found", "{count} rulings found", found.length, { count: found.length });
    $("log-results").replaceChildren(
      ...found.map((r) =>
        el(
          "li",
          { class: "record-entry", "data-record": r.record, "data-entry": String(r.number), "data-table": r.table_id || "" },
          el("strong", {}, `${r.record} · `, _("ruling {number}", { number: r.number })),
          " · ",
          _("table {table} · board {board} · called by {who} {time}", { table: r.table_id, board: r.board, who: r.called_by, time: time(r.called_at) }),
          el("div", { class: "clauses" }, r.clauses.map((c) => lawTag(c))),
          r.score ? el("div", { class: "score" }, _("Score"), " ", el("span", { translate: "no" }, scoreText(r.score))) : null,
          r.supersedes ? el("div", { class: "hint" }, _("supersedes ruling {number}", { number: r.supersedes })) : null,
        ),
      ),
    );
  }

  // i18n.js loads this file after the page has loaded: wired at once then
  const wire = () => {
    $("log-form").addEventListener("submit", searchLog);
    $("record-html").addEventListener("click", () => openPrintable("html"));
    $("record-pdf").addEventListener("click", () => openPrintable("pdf"));
    $("publish").addEventListener("click", publish);
    $("poll-form").addEventListener("submit", makePoll);
    $("appeal-form").addEventListener("submit", lodge);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();

  window.directorWork = { render };
})();
