"""The words of the printed ruling record (``record.html`` and ``record.pdf``) in a
language: headings, field names and the fixed values of the record (kinds of score, of
judgement, of ground; who hears an appeal), each a catalog entry with the context
``record.<key>`` and its English as the msgid (docs/languages.md).

What the people wrote (statements, reasoning, grounds, names) and what the record holds as
data (times, clause numbers, seats, scores) are printed as they are.

>>> word("pl", "score.weighted")
'ważony zapisowy wynik rozjemczy'
>>> word("sk", "deadlines", correction="22:30", appeal="22:40")
'opravná lehota (79C) do 22:30, lehota pre odvolanie (92B) do 22:40'
>>> word("en", "entry", number=3)
'Ruling 3'
"""

from __future__ import annotations

from bridgelaw.i18n.catalogs import check_language, translation

CONTEXT = "record"

WORDS: dict[str, str] = {
    "title": "Ruling record: {session}",
    "entry": "Ruling {number}",
    "table": "Table",
    "board": "Board",
    "called_by": "Director called by",
    "called_at": "Called at",
    "decided_by": "Ruled by",
    "decided_at": "Ruled at",
    "edition": "Edition of the Laws",
    "clauses": "Laws applied",
    "reasoning": "Reasoning",
    "supersedes": "Replaces ruling",
    "superseded_by": "Replaced by ruling",
    "applied": "Applied",
    "source.engine": "by the program (mechanical law)",
    "source.judgement": "by the director's judgement",
    "statement": "Statement",
    "agreed": "agreed",
    "not_agreed": "not agreed",
    "score": "Score",
    "score.table": "the table result stands",
    "score.assigned": "assigned adjusted score",
    "score.weighted": "weighted assigned adjusted score",
    "score.split": "different adjusted scores for the two sides",
    "score.artificial": "artificial adjusted score",
    "side.ns": "North-South",
    "side.ew": "East-West",
    "judgement": "Judgement",
    "judgement.unauthorized information": "unauthorized information",
    "judgement.misinformation": "misinformation",
    "judgement.claim": "claim",
    "logical_alternatives": "logical alternatives",
    "suggested": "suggested",
    "damaged": "damage",
    "yes": "yes",
    "no": "no",
    "proposal": "the adjudicator's proposal: {tricks}",
    "decided_tricks": "the director's decision: {tricks}",
    "appeal": "Appeal {number} (Laws 92-93)",
    "against": "Against ruling",
    "appellant": "Appellant",
    "heard_by": "Heard by",
    "heard.committee": "appeals committee",
    "heard.reviewer": "reviewer",
    "heard.director in charge": "director in charge",
    "lodged_at": "Lodged at",
    "grounds": "Grounds",
    "ground.law": "point of law",
    "ground.regulation": "point of regulation",
    "ground.disciplinary": "disciplinary power (Law 91)",
    "ground.judgement": "judgement",
    "deposit": "Deposit",
    "decision": "Decision",
    "pending": "not decided yet",
    "decided": "{by} at {at}",
    "stands": "the score stands",
    "changed": "changed by ruling {number}",
    "deadlines": "correction period (79C) until {correction}, appeal period (92B) until {appeal}",
    "unpublished": "The official results are not published yet: the correction period (79C) "
    "and the appeal period (92B) run from their publication and have not begun.",
    "periods": "The periods set: correction {correction} minutes, appeal {appeal} minutes.",
    "none": "-",
    "who.director": "the director",
    "note.console": "result entered at the console",
    "note.poll": "poll {poll}: {peers} peers",
    "note.weights": "poll {poll} (16B1b): weights {weights}",
    "note.changed": "proposed {proposed}, changed: {reason}",
}
"""Each word's key and its English (the catalog's msgid)."""


def word(lang: str, key: str, **params: object) -> str:
    """The record's word ``key`` in ``lang`` with its parameters filled in (English when the
    catalog has no translation yet)."""
    english = WORDS[key]
    found = None if check_language(lang) == "en" else translation(lang, f"{CONTEXT}.{key}")
    return (found or english).format(**params)
