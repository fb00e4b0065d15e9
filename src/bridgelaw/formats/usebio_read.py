"""USEBIO 1.2 and 1.3 results read into the scorer's tournament (``score-event FILE.xml``).

The reader takes what USEBIO files hold and :mod:`bridgelaw.formats.usebio` writes:

* ``EVENT`` (its ``EVENT_TYPE``: pairs, or ``TEAMS``/``TEAMS_OF_FOUR``/``SWISS_TEAMS``...),
  ``EVENT_DESCRIPTION``, ``DATE`` (ISO as in 1.3, or ``dd/mm/yyyy`` as in 1.2),
  ``BOARD_SCORING_METHOD`` and ``MATCH_SCORING_METHOD`` (``VPS``: victory points, WBF scale);
* ``PARTICIPANTS``: each ``PAIR`` (``PAIR_NUMBER``, ``DIRECTION``) or ``TEAM`` (``TEAM_ID``)
  with its players' names; a pair number used by a North-South and an East-West pair (a
  Mitchell numbered per direction) becomes two pairs, ``1 NS`` and ``1 EW``;
* each ``BOARD``'s ``TRAVELLER_LINE``: pairs, ``ROUND_NUMBER``, ``TABLE_NUMBER``, the
  contract, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (``A6040``: artificial scores),
  ``NS_SCORE``/``EW_SCORE`` (each side its own score: a split score, or artificial scores
  such as ``55%``); a ``Bye`` is a sit-out, no result;
* teams: each ``MATCH`` with its ``TEAM`` (home) and ``OPPOSING_TEAM`` and its boards, whose
  lines say in ``DIRECTION`` where the home team sat (North-South: the open room);
* bridgelaw's processing instructions (``<?bridgelaw {...}?>``, see the writer).

Every line is then checked by the rules of the event-results JSON
(:func:`bridgelaw.formats.results_json.build_tournament`), so a contract or a score that cannot
exist is reported with the line of its ``TRAVELLER_LINE``. The XML is read with
:mod:`bridgelaw.formats.xml_safe`: a document declaring entities or referring to outside files
is refused, never expanded or fetched.

Not read, with a problem saying so: individual tournaments, Swiss pairs (matches between pairs),
teams scored otherwise than by IMPs, and files of several sessions or sections.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from typing import Any

from bridgelaw.formats.pair_names import DIRECTIONS, PairNaming
from bridgelaw.formats.pbn import Problem
from bridgelaw.formats.result_forms import sides_form
from bridgelaw.formats.results_json import (
    FORMS,
    LineDict,
    ReadOutcome,
    build_tournament,
    parse_entry,
)
from bridgelaw.formats.usebio import INSTRUCTION, score_elements
from bridgelaw.formats.xml_safe import Node, read_xml
from bridgelaw.inputs import shown, whole_number
from bridgelaw.scoring.results import Points
from bridgelaw.tournament.session import TournamentInput

_PAIRS_METHODS = {
    "MATCH_POINTS": "matchpoints",
    "MATCHPOINTS": "matchpoints",
    "MP": "matchpoints",
    "BUTLER_IMPS": "imps-datum",
    "BUTLER": "imps-datum",
    "IMPS": "imps-datum",
    "IMP": "imps-datum",
    "CROSS_IMPS": "cross-imps",
    "XIMPS": "cross-imps",
    "XIMP": "cross-imps",
    "AGGREGATE": "total-points",
    "TOTAL_POINTS": "total-points",
    "TOTAL": "total-points",
}
_TEAMS_TYPES = {"TEAMS", "TEAMS_OF_FOUR", "SWISS_TEAMS", "MULTI_TEAMS", "KNOCKOUT", "KO"}
_NOT_READ = {
    "INDIVIDUAL": "an individual tournament (players, not pairs, at the table)",
    "SWISS_PAIRS": "Swiss pairs (matches between pairs, scored in victory points)",
}
_PASSED = {"PASS", "PASSED", "P", "AP", "ALL PASS", "PASSED OUT", "PASSED-OUT", "PASSOUT"}
_A_CODE = re.compile(r"A([0-9]{2})([0-9]{2})")
_STRUCTURE = {"HANDSET", "EVENT", "BOARD", "MATCH", "PARTICIPANTS"}
"""The elements :meth:`_Reader.keep` looks at; every other element stays in its parent."""
_EVENT_KEYS = {"event", "datum", "cross_imps_ranking", "phantoms", "sitouts", "vp"}


def read_usebio(
    data: bytes,
    filename: str = "<usebio>",
    scoring: str | None = None,
    event_name: str | None = None,
) -> ReadOutcome:
    """Results from a USEBIO document's bytes (the XML declaration names their encoding);
    ``scoring`` and ``event_name`` replace the file's own, as for CSV and PBN."""
    reader = _Reader(filename)
    root, xml_problems = read_xml(data, reader.keep)
    for line, message in xml_problems:
        reader.report(line, message)
    if root is None:
        return ReadOutcome(None, reader.problems)
    top = reader.tournament_object(root, scoring, event_name)
    if top is None:
        return ReadOutcome(None, sorted(reader.problems, key=lambda p: p.line))
    built = build_tournament(top, filename, reader.report)
    if built is not None:
        reader.check_scores(built)
    problems = sorted(reader.problems, key=lambda p: p.line)
    return ReadOutcome(built if not problems else None, problems, partial=built)


def _upper(node: Node) -> str:
    return node.tag.upper()


def _values(node: Node) -> dict[str, str]:
    """A line's child elements by tag (the first of each)."""
    found: dict[str, str] = {}
    for child in node.children:
        found.setdefault(child.tag.upper(), child.text)
    return found


class _Reader:
    """What the document holds, gathered as its elements end (boards and matches are made
    into results at once and not kept)."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[Problem] = []
        self.lines: list[tuple[Node, dict[str, Any]]] = []
        """Each traveller line with what its board or match says: ``board``, teams, room."""
        self.matches: list[LineDict] = []
        self.participants: list[Node] = []
        self.events = 0
        self.sections: set[tuple[str, ...]] = set()
        self.scores: list[tuple[int, int]] = []
        """The ``SCORE`` of each line with a contract: its line, the points."""

    def report(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.filename, line, message))

    def check_scores(self, tournament: TournamentInput) -> None:
        """Each contract's ``SCORE`` must be the score Law 77 gives it (with Law 2's
        vulnerability): another number is a mistake in the file, or another board."""
        by_line = {r.line: r for r in tournament.lines}
        for line, points in self.scores:
            result = by_line.get(line)
            side = None if result is None else result.ns_side
            if result is None or result.played is None or not isinstance(side, Points):
                continue
            expected = side.components[0][0]
            if points != expected:
                self.report(line, f"board {result.board}: SCORE {points} does not match "
                            f"{result.played.text()} ({expected:+d} for NS by Law 77)")  # fmt: skip

    # -- as the elements end ------------------------------------------------------------------

    def keep(self, node: Node, open_: list[Node]) -> bool:
        tag = node.tag.upper()
        if tag not in _STRUCTURE:
            return True  # kept in its parent, read with it (most elements: once, cheaply)
        if tag == "HANDSET":
            return False  # hand records: not results
        if tag == "EVENT":
            self.events += 1
            return True
        if any(n.tag.upper() == "HANDSET" for n in open_):
            return False
        if tag == "PARTICIPANTS":
            self.participants.append(node)
            return False
        self.sections.add(self._section(open_))
        if tag == "BOARD" and not any(n.tag.upper() == "MATCH" for n in open_):
            self._board(node, {})
            return False
        if tag == "MATCH":
            self._match(node)
            return False
        return True

    @staticmethod
    def _section(open_: list[Node]) -> tuple[str, ...]:
        """Which session and section an element is in (their ids, or their place)."""
        return tuple(
            f"{_upper(n)}:{n.attrs.get('SESSION_ID') or n.attrs.get('SECTION_ID') or id(n)}"
            for n in open_
            if _upper(n) in ("SESSION", "SECTION")
        )

    def _board(self, node: Node, context: dict[str, Any]) -> None:
        number = node.value("BOARD_NUMBER")
        if number is None:
            self.report(node.line, "a BOARD needs its BOARD_NUMBER")
            return
        for line in node.children:
            if _upper(line) == "TRAVELLER_LINE":
                self.lines.append((line, context | {"board": number}))

    def _match(self, node: Node) -> None:
        values = _values(node)
        note = self._note(node, {"match", "boards"})
        home, away = values.get("TEAM"), values.get("OPPOSING_TEAM")
        if not home or not away:
            what = "between pairs (Swiss pairs)" if "NS_PAIR_NUMBER" in values else ""
            self.report(
                node.line,
                f"a MATCH {what} needs its TEAM and OPPOSING_TEAM: only teams matches are "
                "read".replace("  ", " "),
            )
            return
        name = note.get("match", str(len(self.matches) + 1))
        spec = LineDict({"match": name, "home": home, "away": away})
        spec.line = node.line
        if note.get("boards") is not None:
            spec["boards"] = note["boards"]
        self.matches.append(spec)
        context = {"match": name, "home": home, "away": away}
        for board in node.children:
            if _upper(board) == "BOARD":
                self._board(board, context)

    def _note(self, node: Node, allowed: set[str]) -> dict[str, Any]:
        """bridgelaw's processing instruction in ``node``: a JSON object of ``allowed`` keys."""
        found: dict[str, Any] = {}
        for line, target, data in node.instructions:
            if target != INSTRUCTION:
                continue  # another program's: not ours to read
            try:
                value = json.loads(data)
            except (ValueError, RecursionError):
                self.report(line, f"a bridgelaw instruction must hold a JSON object: {shown(data)}")
                continue
            if not isinstance(value, dict) or not set(value) <= allowed:
                extra = sorted(set(value) - allowed) if isinstance(value, dict) else []
                self.report(
                    line,
                    f"a bridgelaw instruction in {node.tag} may give "
                    f"{', '.join(sorted(allowed))}, not {shown(extra or value)}",
                )
                continue
            found |= value
        return found

    # -- the tournament ------------------------------------------------------------------------

    def tournament_object(
        self, root: Node, scoring: str | None, event_name: str | None
    ) -> LineDict | None:
        """The document as the event-results JSON's top-level object."""
        if _upper(root) != "USEBIO":
            self.report(
                root.line, f"not a USEBIO document: its root element is {root.tag}, not USEBIO"
            )
            return None
        version = root.attrs.get("Version") or root.attrs.get("VERSION") or "1.3"
        if not re.fullmatch(r"1(\.[0-9]+)?", version.strip()):
            self.report(root.line, f"USEBIO version {shown(version)}: this reader knows 1.0 to 1.3")
        events = [c for c in root.children if _upper(c) == "EVENT"]
        if self.events != 1 or len(events) != 1:
            self.report(
                root.line, f"a USEBIO file for bridgelaw holds one EVENT, not {self.events}"
            )
            return None
        node = events[0]
        if len(self.sections) > 1:
            self.report(
                node.line,
                f"this tournament has {len(self.sections)} sessions or sections: "
                "bridgelaw scores one at a time (give each its own file)",
            )
        top = LineDict({"results": []})
        top.line = node.line
        top |= self._note(node, _EVENT_KEYS)
        kind = (node.attrs.get("EVENT_TYPE") or "").strip().upper()
        if kind in _NOT_READ:
            self.report(
                node.line, f"EVENT_TYPE {kind}: {_NOT_READ[kind]} is not scored by bridgelaw"
            )
            return None
        teams = kind in _TEAMS_TYPES or (not kind and bool(self.matches))
        values = _values(node)
        top["scoring"] = scoring or self._scoring(node, values, teams)
        if event_name is not None:
            top["event"] = event_name
        elif "event" not in top:
            top["event"] = values.get("EVENT_DESCRIPTION") or ""
        date = values.get("DATE")
        if date:
            top["date"] = _iso_date(date) or date  # a date that is none: the JSON rules report it
        if (values.get("MATCH_SCORING_METHOD") or "").upper() in ("VPS", "VP") and "vp" not in top:
            top["vp"] = "wbf"
        names, number_of = self._names()
        if names:
            top["pairs"] = names
        top["results"] = [
            entry
            for line, context in self.lines
            if (entry := self._entry(line, context, number_of)) is not None
        ]
        if top["scoring"] == "teams":
            top["matches"] = self.matches or _matches_from_rooms(top["results"])
        if not self.lines:
            self.report(node.line, "no results in this USEBIO file (no TRAVELLER_LINE)")
            return None
        return top

    def _scoring(self, node: Node, values: dict[str, str], teams: bool) -> str:
        method = (values.get("BOARD_SCORING_METHOD") or "").strip().upper()
        if teams:
            if method not in ("", "IMPS", "IMP"):
                self.report(
                    node.line,
                    f"BOARD_SCORING_METHOD {method} for teams: bridgelaw "
                    "scores teams by IMPs (then victory points)",
                )
            return "teams"
        if method and method not in _PAIRS_METHODS:
            known = ", ".join(sorted(_PAIRS_METHODS))
            self.report(
                node.line, f"unknown BOARD_SCORING_METHOD {shown(method)} (expected one of {known})"
            )
        return _PAIRS_METHODS.get(method, "matchpoints")

    def _names(self) -> tuple[dict[str, str], Callable[[str, str], str]]:
        """Each participant's players, and how a traveller's pair number (and its direction)
        names a participant."""
        entries: list[tuple[str, str, str]] = []  # number, direction, names
        for participants in self.participants:
            for node in participants.children:
                tag = _upper(node)
                if tag not in ("PAIR", "TEAM"):
                    continue
                number = (
                    node.attrs.get("TEAM_ID")
                    or node.attrs.get("PAIR_NUMBER")
                    or node.value("PAIR_NUMBER")
                    or node.value("TEAM_NUMBER")
                    or node.value("TEAM_ID")
                    or node.attrs.get("TEAM_NAME")
                    or node.value("TEAM_NAME")
                )
                if not number:
                    self.report(node.line, f"a {tag} needs its number ({tag}_NUMBER)")
                    continue
                direction = (node.value("DIRECTION") or node.attrs.get("DIRECTION") or "").upper()
                note = self._note(node, {"names"})
                players = [
                    p.value("PLAYER_NAME") or ""
                    for holder in (node, *[c for c in node.children if _upper(c) == "PAIR"])
                    for p in holder.children
                    if _upper(p) == "PLAYER"
                ]
                names = note.get("names", " & ".join(p for p in players if p))
                entries.append((number, direction, str(names)))
        # a number both North-South and East-West: the pairs are numbered by direction
        twice = {n for n, d, _ in entries if d == "NS"} & {n for n, d, _ in entries if d == "EW"}
        naming = PairNaming(by_direction=frozenset({""}) if twice else frozenset())

        def named(number: str, direction: str) -> str:
            return naming.name(number, "", direction if direction in DIRECTIONS else "")

        return {named(n, d): names for n, d, names in entries}, named

    def _entry(
        self, node: Node, context: dict[str, Any], named: Callable[[str, str], str]
    ) -> LineDict | None:
        """One traveller line as a results entry (checked later by the JSON rules)."""
        values = _values(node)
        entry = LineDict({"board": _number(context["board"])})
        entry.line = node.line
        ns, ew = values.get("NS_PAIR_NUMBER"), values.get("EW_PAIR_NUMBER")
        if "match" in context:
            direction = (values.get("DIRECTION") or "").upper()
            if direction not in ("NS", "EW"):
                self.report(
                    node.line,
                    "a line of a teams match needs DIRECTION NS or EW (where "
                    f"the match's TEAM sat), not {shown(values.get('DIRECTION'))}",
                )
                return None
            home_ns = direction == "NS"
            if not ns or not ew or ns == ew:  # no pairs of their own: the teams sat there
                ns, ew = (context["home"], context["away"])[:: 1 if home_ns else -1]
            entry |= {"match": context["match"], "room": "open" if home_ns else "closed"}
        else:
            for tag, key in (("MATCH_ID", "match"), ("ROOM", "room")):
                if values.get(tag):
                    entry[key] = values[tag].lower() if key == "room" else values[tag]
        entry["ns"] = named(ns, "NS") if ns else ns
        entry["ew"] = named(ew, "EW") if ew else ew
        for tag, key in (("ROUND_NUMBER", "round"), ("TABLE_NUMBER", "table")):
            if values.get(tag):
                entry[key] = values[tag]
        note = self._note(node, set(FORMS))
        if note:  # bridgelaw's exact result; the elements must say the same to other programs
            self._agrees(node, entry | note, values)
            entry.update(note)
            return entry
        form = self._form(node, values)
        if form is None:
            return None  # a sit-out, or a problem reported
        entry.update(form)
        return entry

    def _form(self, node: Node, values: dict[str, str]) -> dict[str, Any] | None:
        """The result the standard elements say, in the JSON's words; ``None`` after a problem
        or for a sit-out."""
        score = (values.get("SCORE") or "").strip()
        ns_score, ew_score = values.get("NS_SCORE"), values.get("EW_SCORE")
        if "BYE" in (score.upper(), (ns_score or "").upper(), (ew_score or "").upper()):
            return None  # a sit-out: no table, no result
        code = _A_CODE.fullmatch(score.upper())
        if code is not None:
            return {"artificial": {"NS": _percent(code[1]), "EW": _percent(code[2])}}
        if score[:1] in ("A", "a"):
            self.report(node.line, f"SCORE {shown(score)} is not an artificial score (A, then "
                        "each side's percentage: A6040)")  # fmt: skip
            return None
        if ns_score or ew_score:
            return self._sides(node, ns_score, ew_score)
        contract = re.sub(r"\s+", " ", (values.get("CONTRACT") or "").strip().upper())
        if contract in ("NP", "NOT PLAYED"):
            return {"artificial": {"NS": "NP", "EW": "NP"}}
        if contract in _PASSED:
            return {"contract": "passed-out"}
        if contract:
            tricks = values.get("TRICKS", "")
            form: dict[str, Any] = {
                "contract": contract.replace("**", "XX").replace("*", "X"),
                "declarer": values.get("PLAYED_BY", ""),
                # a number as a number: the JSON rules read a plain result the quick way
                "tricks": _number(tricks),
            }
            if values.get("LEAD"):
                form["lead"] = values["LEAD"]
            points = whole_number(score, signed=True)
            if points is not None:
                self.scores.append((node.line, points))  # checked by Law 77 once built
            elif score:
                self.report(node.line, f"SCORE {shown(score)} is not a score in points")
                return None
            return form
        if score:
            return {"ns_score": score}  # an assigned score (Law 12C1)
        self.report(node.line, "a TRAVELLER_LINE needs a CONTRACT or a SCORE")
        return None

    def _sides(self, node: Node, ns_text: str | None, ew_text: str | None) -> dict[str, Any] | None:
        """``NS_SCORE`` and ``EW_SCORE``: each side's own score (Law 12C1b) or artificial."""
        form = sides_form(ns_text or "", ew_text or "")
        if form is None:
            self.report(
                node.line,
                "NS_SCORE and EW_SCORE must each be a score in points, A+, A, A-, NP or a "
                f"percentage like 55%, not {shown(ns_text)} and {shown(ew_text)}",
            )
        return form

    def _agrees(self, node: Node, entry: dict[str, Any], values: dict[str, str]) -> None:
        """The instruction's exact result must be the one the elements give other programs."""
        failed: list[str] = []
        line = parse_entry(entry, node.line, lambda _l, m: failed.append(m), "room" in entry)
        if line is None:
            return  # the JSON rules report it again when the tournament is built
        for tag, value in score_elements(line):
            given = values.get(tag)
            if tag in ("SCORE", "NS_SCORE", "EW_SCORE") and given != str(value):
                self.report(
                    node.line,
                    f"{tag} {shown(given)} is not the bridgelaw instruction's result ({value})",
                )
                return


def _number(text: str) -> int | str:
    """Digits as a whole number, anything else as it is (for the JSON rules to report)."""
    value = whole_number(text)
    return text if value is None else value


def _percent(digits: str) -> str:
    """A side of an ``A`` code: 60, 50 and 40 are average-plus, average and average-minus."""
    return {"60": "A+", "50": "A", "40": "A-"}.get(digits, f"{int(digits)}%")


def _iso_date(text: str) -> str | None:
    """A date as USEBIO 1.3 (ISO) or 1.2 (``dd/mm/yyyy``) writes it, as an ISO date."""
    text = text.strip()
    for pattern in ("%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y", "%d.%m.%Y"):
        try:
            return datetime.datetime.strptime(text, pattern).date().isoformat()
        except ValueError:
            continue
    return None


def _matches_from_rooms(results: list[LineDict]) -> list[dict[str, Any]]:
    """Without ``MATCH`` elements (lines naming their match and room): each match's home team
    is North-South in its open room."""
    found: dict[str, dict[str, Any]] = {}
    for r in results:
        match = r.get("match")
        if match is not None and r.get("room") == "open" and match not in found:
            found[match] = {"match": match, "home": r.get("ns"), "away": r.get("ew")}
    return list(found.values())
