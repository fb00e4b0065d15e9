"""The event-results JSON of ``bridgelaw score-event`` (``shared/spec/event-results.md``): reading.

Reading collects every problem with its line, like the PBN reader: a result that cannot exist
(``8S``, 14 tricks, weights not summing to 1, two result forms at once...) is reported and the
rest of the file is still checked. The CSV and PBN readers build the same entries and share
:func:`parse_entry`, so every format is checked by the same rules.

Beyond the spec, the top level may carry (all optional):

* ``"pairs"``: ``{"1": "Ann Smith & Bob Jones", ...}``; when given, every pair must be listed;
* ``"movement"``: ``{"type": "mitchell", "tables": 7, "boards_per_round": 3, "rounds": 7,
  "arrow_switch": [7]}`` (or ``"howell"``, and the other keys of
  :func:`bridgelaw.tournament.movement_spec.movement_from_spec`), or a movement file's content
  (``docs/movements.md``); every result must fit it, and its phantoms are the file's phantoms;
* ``"datum"``: the Butler datum method (``trimmed``, ``trimmed-exact``, ``mean``, ``median``);
* ``"phantoms"``: ``["8"]``, pairs that are only place holders: a row against one is a sit-out,
  which ``"sitouts"`` says how to count (``not-a-result``, the default, or ``not-played``);
* ``"cross_imps_ranking"``: ``average`` (the default: the sum of per-board averages) or ``total``;
* ``"deals"``: ``{"1": "N:AKQ2.KQ2.A32.K32 ..."}`` for the hand diagrams of the results site;
* ``"date"``: the session's date, ``"2026-11-20"`` (written to USEBIO and PBN);
* results may carry ``"round"`` and ``"table"``, and an artificial score may be ``"NP"``: the
  board was not played and is not scored for that side (Law 12C2d, the commentary's advice).

>>> outcome = read_results_json('{"scoring": "matchpoints", "results": [\\n'
...     '{"board": 1, "ns": "1", "ew": "2", "contract": "8S", "declarer": "N", "tricks": 14}]}')
>>> [str(p) for p in outcome.problems]  # doctest: +NORMALIZE_WHITESPACE
["<results>:2: board 1: impossible contract '8S': a bid of more than seven (Law 38)",
 '<results>:2: board 1: tricks must be a whole number from 0 to 13, not 14']
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from sys import intern
from typing import Any, TextIO

from bridgelaw.calls import Contract
from bridgelaw.cards import Deal, Seat, card_name, parse_card
from bridgelaw.dealing.dealer import MAX_BOARD
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.json_text import JsonTexts, board_json_text
from bridgelaw.formats.movement_file import movement_from_json
from bridgelaw.formats.pbn import Problem
from bridgelaw.inputs import fraction, shown, whole_number
from bridgelaw.scoring.butler import DatumMethod
from bridgelaw.scoring.results import (
    Artificial,
    Played,
    Points,
    ResultLine,
    SideResult,
    table_points,
)
from bridgelaw.scoring.vp import MAX_BOARDS as MAX_VP_BOARDS
from bridgelaw.tournament.movement_model import MovementError
from bridgelaw.tournament.movement_spec import movement_from_spec
from bridgelaw.tournament.session import (
    CROSS_IMPS_RANKINGS,
    SCORINGS,
    SITOUTS,
    MatchSpec,
    TournamentInput,
    TournamentResults,
    collector_paused,
)

FORMS = ("contract", "ns_score", "artificial", "weighted", "split")
MAX_POINTS = 100_000
"""An assigned score beyond this is a typing slip (Law 77's largest is 7,600)."""


class LineDict(dict[str, Any]):
    """A JSON object that remembers the line its opening brace is on."""

    line: int = 0


class _LineDecoder(json.JSONDecoder):
    """A decoder whose objects are :class:`LineDict` with the line of their opening brace.

    The standard library's pure-Python scanner (the C one has no hook for an object's start)
    refers to itself, a cycle that the collector alone frees; our hook reaches the text, and
    the line table made from it, only through :attr:`line_of`, which :meth:`forget` drops, so
    they are freed once the reading is done even while the collector is paused."""

    def __init__(self, line_of: Callable[[int], int]) -> None:
        super().__init__(object_pairs_hook=list)  # JSONObject hands back the pairs
        self.line_of: Callable[[int], int] | None = line_of
        json_object = getattr(json.decoder, "JSONObject")  # noqa: B009 (not in the stubs)

        def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[LineDict, int]:
            pairs, end = json_object(s_and_end, *args)
            obj = LineDict(pairs)
            assert self.line_of is not None, "a decoder used after forget()"
            obj.line = self.line_of(s_and_end[1] - 1)
            return obj, end

        # the pure-Python scanner reads these hooks from the decoder when it is made
        setattr(self, "parse_object", parse_object)  # noqa: B010
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]

    def forget(self) -> None:
        self.line_of = None


def _line_decoder(text: str, line_at: Callable[[int], int] | None = None) -> _LineDecoder:
    if line_at is not None:
        return _LineDecoder(line_at)
    starts = [0]
    position = text.find("\n")
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\n", position + 1)

    def line_of(index: int) -> int:
        low, high = 0, len(starts)
        while low + 1 < high:
            mid = (low + high) // 2
            if starts[mid] <= index:
                low = mid
            else:
                high = mid
        return low + 1

    return _LineDecoder(line_of)


@dataclass
class ReadOutcome:
    """What a reader found: the tournament (``None`` when it cannot be built) and every problem."""

    tournament: TournamentInput | None
    problems: list[Problem] = field(default_factory=list)
    partial: TournamentInput | None = None
    """The tournament built from the lines that could be read, so that the checks of the
    tournament as a whole (pairs, movement, duplicates) can run in the same pass and report
    everything."""
    notes: list[str] = field(default_factory=list)
    """What the reader read past, left out or worked around on purpose (a PBN Date it cannot
    read, a Bridgemate database's erased results), each naming its file (and line, where it has
    one), to tell the user; never a problem."""


Report = Callable[[int, str], None]


def _int(value: Any) -> int | None:
    """A whole number given as a JSON number or as ASCII digits (18 at most: ``"1²"`` and a
    4,301-digit string are not numbers, and 2**63 does not fit the scorer)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) < 10**18 else None
    if isinstance(value, str):
        return whole_number(value, signed=True)
    return None


def _pair(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _artificial(value: Any) -> Artificial | None:
    if not isinstance(value, str):
        return None
    word = value.strip().upper().replace("AVE", "A").replace("AV", "A")
    if word in ("A+", "A", "A-", "NP"):
        return Artificial(word)  # type: ignore[arg-type]
    if word.endswith("%"):
        percent = fraction(word[:-1])
        if percent is not None and 0 <= percent <= 100:
            return Artificial("%", percent)
    return None


def _outcome(
    obj: dict[str, Any], board: int, line: int, report: Report
) -> tuple[Points, Played | None] | None:
    """One outcome: ``contract`` (+ ``declarer``, ``tricks``, ``lead``) or ``ns_score``."""
    if "ns_score" not in obj:
        known = _known_outcome(
            obj.get("contract"), obj.get("declarer"), obj.get("tricks"), obj.get("lead"), board
        )
        if known is not None:
            return known
    return _read_outcome(obj, board, line, report)


_OUTCOMES: dict[tuple[str, str, int, str | None, int], tuple[Points, Played | None]] = {}


def _known_outcome(
    contract: Any, declarer: Any, tricks: Any, lead: Any, board: int
) -> tuple[Points, Played | None] | None:
    """A table result as most files hold it (text, text, whole number), from a cache: the same
    few contracts recur on every board, and the outcome depends on the board only through its
    vulnerability, which repeats every 16 boards (Law 2). ``None`` when not valid (the full
    reading then reports why)."""
    if (
        type(contract) is not str
        or type(declarer) is not str
        or type(tricks) is not int
        or (lead is not None and type(lead) is not str)
    ):
        return None
    key = (contract, declarer, tricks, lead, (board - 1) % 16)
    found = _OUTCOMES.get(key)
    if found is not None:
        return found
    outcome = _cached_outcome(contract, declarer, tricks, (board - 1) % 16 + 1)
    if outcome is not None and lead is not None:
        lead_text = _lead_name(lead)
        points, played = outcome
        if lead_text is None or played is None:
            return None
        outcome = points, Played(played.contract, played.declarer, played.tricks, lead_text)
    if outcome is not None:
        if len(_OUTCOMES) >= 1 << 16:
            _OUTCOMES.clear()  # bounded: a file with more distinct results reads them again
        _OUTCOMES[key] = outcome
    return outcome


@lru_cache(maxsize=8192)
def _cached_outcome(
    contract: str, declarer: str, tricks: int, board: int
) -> tuple[Points, Played | None] | None:
    failed: list[str] = []
    obj = {"contract": contract, "declarer": declarer, "tricks": tricks}
    outcome = _read_outcome(obj, board, 0, lambda _line, message: failed.append(message))
    return None if failed else outcome


@lru_cache(maxsize=256)
def _lead_name(lead: str) -> str | None:
    try:
        return card_name(parse_card(lead))
    except BridgeLawError:
        return None


def _read_outcome(
    obj: dict[str, Any], board: int, line: int, report: Report
) -> tuple[Points, Played | None] | None:
    if "ns_score" in obj and "contract" not in obj:
        score = _int(obj["ns_score"])
        if score is None or abs(score) > MAX_POINTS:
            report(
                line,
                f"board {board}: ns_score must be a whole number of points (at most "
                f"{MAX_POINTS:,} either way), not {shown(obj['ns_score'])}",
            )
            return None
        return Points.single(score), None  # Law 12C1: an assigned score in points
    if "contract" not in obj:
        report(line, f"board {board}: a result needs one of {', '.join(FORMS)}")
        return None
    text = obj["contract"]
    ok = True
    try:
        contract = Contract.parse(str(text))
    except BridgeLawError as error:
        report(line, f"board {board}: {error}")
        contract, ok = None, False
    lead = obj.get("lead")
    lead_text: str | None = None
    if lead is not None:
        try:
            lead_text = card_name(parse_card(str(lead)))
        except BridgeLawError:
            report(line, f"board {board}: the lead {shown(lead)} is not a card (like SA or H10)")
            ok = False
    if contract is not None and contract.is_passed_out:
        if obj.get("declarer") not in (None, "") or obj.get("tricks") not in (None, ""):
            report(line, f"board {board}: a passed-out board has no declarer and no tricks")
            return None
        return (Points.single(0), Played(contract, None, None, lead_text)) if ok else None
    declarer: Seat | None = None
    try:
        declarer = Seat.parse(str(obj.get("declarer", "")))
    except BridgeLawError:
        report(
            line, f"board {board}: declarer must be N, E, S or W, not {shown(obj.get('declarer'))}"
        )
        ok = False
    tricks = _int(obj.get("tricks"))
    if tricks is None or not 0 <= tricks <= 13:
        report(
            line,
            f"board {board}: tricks must be a whole number from 0 to 13, "
            f"not {shown(obj.get('tricks'))}",
        )
        ok = False
    if not ok or contract is None or declarer is None or tricks is None:
        return None
    points = table_points(board, contract, declarer, tricks)  # Law 77 with Law 2's vulnerability
    return Points.single(points), Played(contract, declarer, tricks, lead_text)


def _weight(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    weight = fraction(str(value))
    return weight if weight is not None and 0 < weight <= 1 else None


def _weighted(items: Any, board: int, line: int, report: Report) -> Points | None:
    if not isinstance(items, list) or not items:
        report(line, f"board {board}: weighted must be a list of outcomes with weights")
        return None
    parts: list[tuple[int, Fraction]] = []
    ok = True
    for item in items:
        where = getattr(item, "line", line)
        if not isinstance(item, dict):
            report(where, f"board {board}: each weighted outcome is an object with a weight")
            ok = False
            continue
        weight = _weight(item.get("weight"))
        if weight is None:
            report(
                where,
                f"board {board}: a weight must be a fraction or decimal above 0 and "
                f"at most 1, not {shown(item.get('weight'))}",
            )
            ok = False
        outcome = _outcome(item, board, where, report)
        if outcome is None:
            ok = False
        elif weight is not None:
            parts.append((outcome[0].components[0][0], weight))
    if not ok:
        return None
    total = sum((w for _, w in parts), Fraction(0))
    if total != 1:
        report(line, f"board {board}: the weights sum to {total}, not 1 (Law 12C1c)")
        return None
    return Points(tuple(parts))


def _side(
    obj: Any, direction: str, board: int, line: int, report: Report
) -> tuple[SideResult, Played | None] | None:
    """One side of a split score: any single form but another split."""
    if isinstance(obj, str):
        art = _artificial(obj)
        if art is None:
            report(
                line,
                f"board {board}: {direction}: not an artificial score: {shown(obj)} "
                "(expected A+, A, A-, NP or a percentage like 55%)",
            )
            return None
        return art, None
    if not isinstance(obj, dict):
        report(line, f"board {board}: split {direction} must be a result object")
        return None
    where = getattr(obj, "line", line)
    if "split" in obj:
        report(where, f"board {board}: a split score cannot contain another split")
        return None
    if "artificial" in obj:
        value = obj["artificial"]
        if isinstance(value, dict):
            value = value.get(direction)
        return _side(value, direction, board, where, report)
    if "weighted" in obj:
        weighted = _weighted(obj["weighted"], board, where, report)
        return None if weighted is None else (weighted, None)
    return _outcome(obj, board, where, report)


def _plain_entry(obj: dict[str, Any], line: int) -> ResultLine | None:
    """The commonest result, a pairs table result with nothing else, read without any checks
    that cannot fail for it; ``None`` for anything else (read by :func:`parse_entry`)."""
    get = obj.get
    board, ns, ew, contract = get("board"), get("ns"), get("ew"), get("contract")
    if type(board) is not int or not 1 <= board <= MAX_BOARD:
        return None  # out of range: parse_entry reports it (the scorer's arrays are 64-bit)
    if type(ns) is not str or type(ew) is not str:
        return None
    declarer, tricks, lead = get("declarer"), get("tricks"), get("lead")
    if contract is None or len(obj) != 4 + (declarer is not None) + (tricks is not None) + (
        lead is not None
    ):
        return None  # another key (or one that is null): another form, or more to check
    ns, ew = _PAIRS.get(ns) or _plain_pair(ns), _PAIRS.get(ew) or _plain_pair(ew)
    if ns is None or ew is None:
        return None
    known = None
    if (  # only the types the cache holds (True == 1 and 1.0 == 1 would find int entries)
        type(contract) is str
        and type(declarer) is str
        and type(tricks) is int
        and (lead is None or type(lead) is str)
    ):
        known = _OUTCOMES.get((contract, declarer, tricks, lead, (board - 1) % 16))
    if known is None:
        known = _known_outcome(contract, declarer, tricks, lead, board)
        if known is None:
            return None
    points, played = known
    return ResultLine(board, ns, ew, points, points, line, played)


_PAIRS: dict[str, str] = {}
"""A pair's text as a file gives it -> its name: one string per pair, not one per result."""


def _plain_pair(value: str) -> str | None:
    """A pair's name (stripped; ``None`` when empty), remembered."""
    name = intern(value.strip())
    if not name:
        return None
    if len(_PAIRS) >= 1 << 16:
        _PAIRS.clear()  # bounded: a file with more distinct pairs strips them again
    _PAIRS[value] = name
    return name


def parse_entry(obj: Any, line: int, report: Report, teams: bool = False) -> ResultLine | None:
    """One result object (spec) -> a :class:`ResultLine`, or ``None`` after reporting why."""
    if not teams and type(obj) is LineDict:
        plain = _plain_entry(obj, obj.line or line)
        if plain is not None:
            return plain
    if not isinstance(obj, dict):
        report(line, "each result must be an object")
        return None
    line = getattr(obj, "line", line) or line
    board = _int(obj.get("board"))
    if board is None or not 1 <= board <= MAX_BOARD:
        bad = shown(obj.get("board"))
        report(line, f"board must be a board number (1 to {MAX_BOARD}), not {bad}")
        return None
    ns, ew = _pair(obj.get("ns")), _pair(obj.get("ew"))
    if ns is None or ew is None:
        report(line, f"board {board}: ns and ew must name the pairs (strings)")
        return None
    extras: dict[str, Any] = {}
    for key in ("round", "table"):
        if obj.get(key) is not None:
            value = _int(obj[key])
            if value is None or not 1 <= value <= MAX_BOARD:
                report(line, f"board {board}: {key} must be a number (1 to {MAX_BOARD})")
                return None
            extras[key] = value
    if teams:
        room = obj.get("room")
        if room not in ("open", "closed"):
            report(line, f'board {board}: room must be "open" or "closed", not {shown(room)}')
            return None
        match = _pair(obj.get("match"))
        if match is None:
            report(line, f'board {board}: a teams result needs "match"')
            return None
        extras |= {"room": room, "match": match}
    forms = [f for f in FORMS if f in obj]
    if "ns_score" in forms and "contract" in forms:
        forms.remove("ns_score")  # a played contract may carry its score; it is recomputed
    if len(forms) != 1:
        report(
            line,
            f"board {board}: a result is exactly one of {', '.join(FORMS)}; "
            f"found {', '.join(forms) if forms else 'none'}",
        )
        return None
    form = forms[0]
    if form == "artificial":
        value = obj["artificial"]
        if not isinstance(value, dict) or "NS" not in value or "EW" not in value:
            report(
                line,
                f"board {board}: artificial needs a score for each side, like "
                '{"NS": "A+", "EW": "A-"}',
            )
            return None
        ns_art, ew_art = _artificial(value["NS"]), _artificial(value["EW"])
        for side, art, raw in (("NS", ns_art, value["NS"]), ("EW", ew_art, value["EW"])):
            if art is None:
                report(
                    line,
                    f"board {board}: {side}: not an artificial score: {shown(raw)} "
                    "(expected A+, A, A-, NP or a percentage like 55%)",
                )
        if ns_art is None or ew_art is None:
            return None
        return ResultLine(board, ns, ew, ns_art, ew_art, line, **extras)  # Law 12C2
    if form == "weighted":
        weighted = _weighted(obj["weighted"], board, line, report)  # Law 12C1c
        if weighted is None:
            return None
        return ResultLine(board, ns, ew, weighted, weighted, line, **extras)
    if form == "split":
        value = obj["split"]
        if not isinstance(value, dict) or "NS" not in value or "EW" not in value:
            report(
                line,
                f"board {board}: split needs a result for each side: "
                '{"NS": {...}, "EW": {...}}',
            )
            return None
        ns_part = _side(value["NS"], "NS", board, line, report)  # Law 12C1b
        ew_part = _side(value["EW"], "EW", board, line, report)
        if ns_part is None or ew_part is None:
            return None
        return ResultLine(
            board,
            ns,
            ew,
            ns_part[0],
            ew_part[0],
            line,
            ns_played=ns_part[1],
            ew_played=ew_part[1],
            **extras,
        )
    outcome = _outcome(obj, board, line, report)
    if outcome is None:
        return None
    points, played = outcome
    given = _int(obj.get("ns_score")) if "ns_score" in obj else None
    if given is not None and played is not None and given != points.components[0][0]:
        report(
            line,
            f"board {board}: ns_score {given} does not match {played.text()} "
            f"({points.components[0][0]:+d} for NS by Law 77)",
        )
        return None
    return ResultLine(board, ns, ew, points, points, line, played=played, **extras)


def build_tournament(
    data: Any,
    source: str,
    report: Report,
    scoring_default: str = "matchpoints",
    entries: Sequence[Any] | None = None,
    lines: list[ResultLine] | None = None,
) -> TournamentInput | None:
    """The top-level object (spec plus the extensions above) -> a tournament, reporting problems.

    ``None`` only when the object's shape is wrong; otherwise the tournament of the lines that could
    be read, which the caller must refuse if any problem was reported. ``entries``, when given,
    stands for the ``"results"`` list (the fast reader decodes its items one at a time), and
    ``lines`` for the results already read from it (as the fast reader stepped over them)."""
    if not isinstance(data, dict):
        report(1, "the results file must hold one JSON object")
        return None
    line = getattr(data, "line", 1)
    scoring = data.get("scoring", scoring_default)
    if not isinstance(scoring, str) or scoring not in SCORINGS:
        report(line, f"unknown scoring {shown(scoring)} (expected {', '.join(SCORINGS)})")
        return None
    results: Sequence[Any] | None = data.get("results") if entries is None else entries
    if results is None or (entries is None and not isinstance(results, list)):
        report(line, 'the file needs a "results" list')
        return None
    name = data.get("event", "")
    if not isinstance(name, str):
        report(line, f'"event" must be the tournament\'s name (a string), not {shown(name)}')
        name = ""
    tournament = TournamentInput(name, scoring, [], source=source)
    if lines is not None:
        tournament.lines = lines
    for item in results if lines is None else ():
        parsed = parse_entry(item, getattr(item, "line", line), report, scoring == "teams")
        if parsed is not None:  # a bad line was reported; the rest is still checked
            tournament.lines.append(parsed)
    if not results:
        report(line, "the results list is empty")
    _read_extensions(data, tournament, line, report)
    _read_date(data, tournament, line, report)
    return tournament  # possibly partial: the caller refuses it if anything was reported


def _read_extensions(
    data: dict[str, Any], tournament: TournamentInput, line: int, report: Report
) -> bool:
    ok = True
    matches = data.get("matches") or []
    if not isinstance(matches, list):
        report(getattr(matches, "line", line), f'"matches" must be a list, not {shown(matches)}')
        matches, ok = [], False
    if tournament.scoring == "teams":
        for m in matches:
            where = getattr(m, "line", line)
            name = _pair(m.get("match")) if isinstance(m, dict) else None
            home = _pair(m.get("home")) if isinstance(m, dict) else None
            away = _pair(m.get("away")) if isinstance(m, dict) else None
            boards = _int(m.get("boards")) if isinstance(m, dict) and "boards" in m else None
            given = isinstance(m, dict) and "boards" in m
            bad_boards = given and (boards is None or not 1 <= boards <= MAX_VP_BOARDS)
            if name is None or home is None or away is None or bad_boards:
                report(where, 'each match needs "match", "home" and "away" (and "boards", '
                       f"1 to {MAX_VP_BOARDS})")  # fmt: skip
                ok = False
                continue
            tournament.matches.append(MatchSpec(name, home, away, boards, where))
        vp_scale = data.get("vp")
        if vp_scale not in (None, "wbf"):
            report(line, f'unknown vp scale {shown(vp_scale)} (expected "wbf")')
            ok = False
        tournament.vp = vp_scale
    if "datum" in data:
        methods = [m.value for m in DatumMethod]
        if isinstance(data["datum"], str) and data["datum"] in methods:
            tournament.datum = DatumMethod(data["datum"])
        else:
            expected = ", ".join(methods)
            report(line, f"unknown datum method {shown(data['datum'])} (expected {expected})")
            ok = False
    ok = _read_conventions(data, tournament, line, report) and ok
    pairs = data.get("pairs")
    if isinstance(pairs, dict) and all(isinstance(v, str | int | float) for v in pairs.values()):
        tournament.names = {str(k): str(v) for k, v in pairs.items()}
    elif pairs is not None:
        report(getattr(pairs, "line", line), "pairs must map each pair to its players' names")
        ok = False
    movement = data.get("movement")
    if movement is not None:
        ok = _read_movement(movement, tournament, line, report) and ok
    deals = data.get("deals")
    if isinstance(deals, dict):
        for key, text in deals.items():
            number = _int(key)
            try:
                if number is None or number < 1:
                    raise BridgeLawError(f"{shown(key)} is not a board number")
                tournament.deals[number] = Deal.from_pbn(str(text))
            except BridgeLawError as error:
                report(getattr(deals, "line", line), f"deal of board {key}: {error}")
                ok = False
    return ok


def _read_movement(movement: Any, tournament: TournamentInput, line: int, report: Report) -> bool:
    """The ``movement`` extension: a movement made by rule (``{"type": "mitchell", ...}``, the
    keys of :func:`movement_from_spec`) or a movement file's content, checked with its lines."""
    where = getattr(movement, "line", line)
    if isinstance(movement, dict) and "schedule" in movement:
        count = [0]

        def counted(at: int, message: str) -> None:
            count[0] += 1
            report(at, f"movement: {message}")

        made = movement_from_json(movement, counted, where)
        if count[0]:
            return False
    else:
        try:
            made = movement_from_spec(movement)
        except MovementError as error:
            for problem in error.problems:
                report(where, f"movement: {problem.message}")
            if not error.problems:
                report(where, f"movement: {error}")
            return False
    if made is None:
        return False
    tournament.movement = made
    tournament.phantoms = tournament.phantoms | made.phantoms  # a row against one is a sit-out
    return True


def _read_date(
    data: dict[str, Any], tournament: TournamentInput, line: int, report: Report
) -> None:
    value = data.get("date")
    if value is None:
        return
    try:
        tournament.date = datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        report(line, f"date must be a date like 2026-11-20, not {value!r}")


def _read_conventions(
    data: dict[str, Any], tournament: TournamentInput, line: int, report: Report
) -> bool:
    """The scoring conventions a file may choose (see ``SITOUTS`` and ``CROSS_IMPS_RANKINGS``)."""
    ok = True
    phantoms = data.get("phantoms")
    if phantoms is not None:
        names = [_pair(p) for p in phantoms] if isinstance(phantoms, list) else [None]
        if None in names:
            report(getattr(phantoms, "line", line), "phantoms must list pair names")
            ok = False
        else:
            tournament.phantoms = frozenset(n for n in names if n is not None)
    for key, choices in (("sitouts", SITOUTS), ("cross_imps_ranking", CROSS_IMPS_RANKINGS)):
        if key not in data:
            continue
        if data[key] not in choices:
            report(line, f"unknown {key} {data[key]!r} (expected {', '.join(choices)})")
            ok = False
        else:
            setattr(tournament, key, data[key])
    return ok


def read_results_json(text: str, filename: str = "<results>") -> ReadOutcome:
    """Read a results file; the tournament is ``None`` unless it could be built without problems.

    A file without problems is read by the fast path (the standard library's C decoder, one
    result at a time); a file with any problem is read again by the line-tracking decoder, so
    that every problem names its exact line."""
    with collector_paused():
        fast = _read_fast(text, filename)
    if fast is not None:
        return fast
    return _read_tracking_lines(text, filename)


def _read_tracking_lines(text: str, filename: str) -> ReadOutcome:
    problems: list[Problem] = []

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, line, message))

    decoder = _line_decoder(text)
    try:
        data, end = decoder.raw_decode(text, _skip_space(text, 0))
        rest = _skip_space(text, end)
        if rest < len(text):
            raise json.JSONDecodeError("extra data after the results object", text, rest)
    except json.JSONDecodeError as error:
        report(error.lineno, f"not valid JSON: {error.msg} (column {error.colno})")
        return ReadOutcome(None, problems)
    except RecursionError:
        report(1, "not valid JSON: nested too deeply")
        return ReadOutcome(None, problems)
    except ValueError:  # only a number too long for Python's int (over 4,300 digits) gets here
        long = re.search(r"[0-9]{4300}", text)
        where = text.count("\n", 0, long.start()) + 1 if long else 1
        report(where, "not valid JSON for a results file: a number of more than 4,300 digits")
        return ReadOutcome(None, problems)
    finally:
        decoder.forget()
    tournament = build_tournament(data, filename, report)
    problems.sort(key=lambda p: p.line)
    return ReadOutcome(tournament if not problems else None, problems, partial=tournament)


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


# -- writing -----------------------------------------------------------------------------------


def write_results_json(results: TournamentResults, stream: TextIO) -> None:
    """Write :meth:`TournamentResults.to_json` to ``stream`` board by board, so that a large
    tournament is never held twice in memory as one text; the text is the same as ``json.dumps``
    of the whole object, each board's made straight from its results (:mod:`.json_text`)."""
    empty = dataclasses.replace(results, boards=[])
    head, tail = _split_at_boards(json.dumps(empty.to_json(), ensure_ascii=False))
    stream.write(head)
    texts = JsonTexts(results.unit)  # each board's text made straight from its results
    for index, board in enumerate(results.boards):
        if index:
            stream.write(", ")
        stream.write(board_json_text(board, texts))
    stream.write(tail)


def _split_at_boards(text: str) -> tuple[str, str]:
    """The object's text before and after the inside of its (empty) ``"boards"`` list. Inside a
    JSON string a quote is escaped, so the first ``"boards": [`` is the key itself."""
    key = '"boards": ['
    at = text.index(key) + len(key)
    return text[:at], text[at:]


# -- the fast path ------------------------------------------------------------------------------

_SPACE = re.compile(r"[ \t\n\r]*")
_BLANKS = " \t\n\r"
# the C scanner and string reader where available (the stubs do not know these two names)
# (objects are made as LineDict straight away; only a result's own object gets its line, the
# objects inside it keep line 0: a file with any problem is read again by the tracking reader)
_scan_value: Callable[[str, int], tuple[Any, int]] = json.scanner.make_scanner(
    json.JSONDecoder(object_pairs_hook=LineDict)  # type: ignore[arg-type]
)
_scan_key: Callable[[str, int], tuple[str, int]] = getattr(json.decoder, "scanstring")  # noqa: B009


class _Lines:
    """Line numbers of positions met roughly in order: counted from the last position asked."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.line = 1

    def at(self, index: int) -> int:
        if index >= self.index:
            self.line += self.text.count("\n", self.index, index)
        else:
            self.line -= self.text.count("\n", index, self.index)
        self.index = index
        return self.line


class _Entries(Sequence[Any]):
    """The items of the ``"results"`` list, decoded one at a time when read (each a
    :class:`LineDict` with the line of its opening brace), so the file's objects never all
    stand in memory together."""

    def __init__(self, text: str, starts: list[int], lines: _Lines) -> None:
        self.text = text
        self.starts = starts
        self.lines = lines

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: int) -> Any:  # type: ignore[override]
        start = self.starts[index]
        value = _scan_value(self.text, start)[0]
        if type(value) is LineDict:
            value.line = self.lines.at(start)
        return value

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self.starts)):
            yield self[index]


def _read_fast(text: str, filename: str) -> ReadOutcome | None:
    """The tournament when the file is valid JSON of the expected shape and has no problem at all;
    ``None`` otherwise (the line-tracking reader then reports exactly what and where)."""
    problems: list[Problem] = []

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, line, message))

    stream = _Stream(text, report)
    try:
        data, starts = _scan_top_level(text, stream)
    except (ValueError, IndexError, StopIteration, RecursionError):
        return None  # not JSON, or not an object: the full reader says what is wrong
    if problems:
        return None
    entries = _Entries(text, starts, _Lines(text)) if starts is not None else None
    streamed = None
    if starts is not None and stream.teams == (data.get("scoring") == "teams"):
        streamed = stream.lines  # read with the right scoring as the list was stepped over
        _number_lines(text, starts, streamed)
    tournament = build_tournament(data, filename, report, entries=entries, lines=streamed)
    if problems or tournament is None:
        return None
    return ReadOutcome(tournament, [], partial=tournament)


class _Stream:
    """Reads each result as the fast reader steps over it, with the scoring known so far
    (usually named before the results); the reader decodes the list again if it was not."""

    def __init__(self, text: str, report: Report) -> None:
        self.report = report
        self.teams: bool | None = None
        self.lines: list[ResultLine] = []

    def begin(self, data: dict[str, Any]) -> None:
        self.teams = data.get("scoring") == "teams"
        self.lines = []

    def __call__(self, value: Any, start: int) -> None:
        # the line numbers are given once the list is read (_number_lines): a problem found
        # here sends the whole file to the line-tracking reader, which reports it at its line
        if not self.teams and type(value) is LineDict:
            parsed = _plain_entry(value, 0)
            if parsed is not None:
                self.lines.append(parsed)
                return
        parsed = parse_entry(value, 0, self.report, bool(self.teams))
        if parsed is not None:
            self.lines.append(parsed)


def _number_lines(text: str, starts: list[int], lines: list[ResultLine]) -> None:
    """Give each result the line its object starts on (``starts``: one result per item)."""
    count = text.count
    line, previous = 1, 0
    for start, result in zip(starts, lines, strict=True):
        line += count("\n", previous, start)
        previous = start
        result.line = line


def _scan_top_level(text: str, stream: _Stream) -> tuple[LineDict, list[int] | None]:
    """The top-level object with its ``"results"`` list left out, and where that list's items
    start. Every value but the results is read by the line-tracking decoder (they are small),
    so their objects know their lines; the results go to ``stream`` as they are stepped over."""
    lines = _Lines(text)
    decoder = _line_decoder(text, lines.at)
    try:
        return _scan_object(text, stream, lines, decoder)
    finally:
        decoder.forget()  # the text and its line table freed now, not at a collector's pass


def _scan_object(
    text: str, stream: _Stream, lines: _Lines, decoder: _LineDecoder
) -> tuple[LineDict, list[int] | None]:
    index = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
    if text[index] != "{":
        raise ValueError("not an object")
    data = LineDict()
    data.line = lines.at(index)
    starts: list[int] | None = None
    index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    if text[index] == "}":
        index += 1
    else:
        while True:
            if text[index] != '"':
                raise ValueError("expected a key")
            key, index = _scan_key(text, index + 1)
            index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
            if text[index] != ":":
                raise ValueError("expected a colon")
            index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
            if key == "results" and text[index] == "[":
                stream.begin(data)
                starts, index = _step_over_items(text, index, stream)
                data[key] = []
            else:
                data[key], index = decoder.scan_once(text, index)
                if key == "results":
                    starts = None
            index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
            if text[index] == ",":
                index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
                continue
            if text[index] != "}":
                raise ValueError("expected , or }")
            index += 1
            break
    if _SPACE.match(text, index).end() != len(text):  # type: ignore[union-attr]
        raise ValueError("extra data")
    return data, starts


def _step_over_items(
    text: str, index: int, read: Callable[[Any, int], None]
) -> tuple[list[int], int]:
    """Where each item of the list at ``index`` starts, and the index after the list; each item
    is handed to ``read`` with its start as it is decoded."""
    starts: list[int] = []
    index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    if text[index] == "]":
        return starts, index + 1
    append, scan, space = starts.append, _scan_value, _SPACE.match
    while True:
        append(index)
        value, end = scan(text, index)
        read(value, index)
        if text[end] in _BLANKS:  # the separators most files use (", " or ",\n") need no regex
            end = space(text, end).end()  # type: ignore[union-attr]
        if text[end] == ",":
            index = end + 1
            if text[index] in _BLANKS:
                index += 1
                if text[index] in _BLANKS:
                    index = space(text, index).end()  # type: ignore[union-attr]
        elif text[end] == "]":
            return starts, end + 1
        else:
            raise ValueError("expected , or ]")
