"""The results site: static HTML pages for a scored session.

* ``index.html`` -- the ranking (one per direction for a Mitchell), the matches for teams, and
  links to every board and every pair;
* ``boards/board-N.html`` -- the board's markings (Law 2), its hand diagram when the deal is
  known, and its traveller with every side's score;
* ``pairs/pair-X.html`` -- a pair's (or team's) personal score card: each board it played,
  against whom, the result and its score.

All text is escaped; the pages need nothing but a browser (one small stylesheet).
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from fractions import Fraction
from functools import lru_cache
from heapq import merge
from pathlib import Path
from typing import TextIO

from bridgelaw.analysis.ddtable import BoardAnalysis
from bridgelaw.analysis.html import ANALYSIS_CSS, analysis_html, vs_dd, vs_par
from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.calls import Contract
from bridgelaw.cards import Deal, Seat, suit_cards
from bridgelaw.events.session import (
    BoardResults,
    EventResults,
    RankEntry,
    ScoredResult,
    number,
    number_text,
    value_texts,
)
from bridgelaw.formats.files import Outputs, TreeWriter
from bridgelaw.scoring.results import Played, Points, ResultLine

Opener = Callable[[str], AbstractContextManager[TextIO]]
"""Where pages go: relative file name -> a text stream for it (a :class:`TreeWriter`'s open)."""

_STYLE = """body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em;
  padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #eee; }
.diagram td { border: none; vertical-align: top; padding: 0.2em 1em; white-space: nowrap; }
.boards a { display: inline-block; min-width: 2.6em; padding: 0.35em 0.2em; margin: 0.15em;
  border: 1px solid #bbb; border-radius: 4px; text-align: center; text-decoration: none; }
@media (max-width: 40em) {  /* a phone: wide tables scroll sideways instead of being cut */
  body { margin: 0.5em auto; padding: 0 0.5em; }
  h1 { font-size: 1.5em; margin: 0.3em 0; }
  h2 { font-size: 1.2em; }
  table:not(.diagram) { display: block; overflow-x: auto; max-width: 100%; font-size: 0.92em; }
  th, td { padding: 0.3em 0.35em; }
  .diagram td { padding: 0.2em 0.4em; }
  nav a { display: inline-block; min-height: 44px; line-height: 44px; }
  .boards a { min-width: 44px; min-height: 44px; line-height: 44px; padding: 0; }
}
.red { color: #c00; }
nav a { margin-right: 1em; }
"""

_SUITS = (("♠", 3, ""), ("♥", 2, "red"), ("♦", 1, "red"), ("♣", 0, ""))


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(value: object) -> str:
    return number_text(value)


def _value(value: Fraction | int | None) -> str:
    """``number_text(number(value))``, with the whole numbers most cells hold made directly."""
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    if type(value) is Fraction and value.denominator == 1:
        return str(value.numerator)
    return number_text(number(value))


def page_name(pair: str) -> str:
    """A safe file name for a pair's page (any other character is written as its code)."""
    return "pair-" + re.sub(r"[^A-Za-z0-9_-]", lambda m: f"~{ord(m.group()):x}", pair) + ".html"


def _head(title: str, depth: int) -> str:
    up = "../" * depth
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n"
        f'<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n'
        f'<nav><a href="{up}index.html">Ranking</a></nav>\n'
    )


_FOOT = "\n</body>\n</html>\n"


def _page(title: str, body: str, depth: int) -> str:
    return _head(title, depth) + body + _FOOT


def _pair_link(results: EventResults, pair: str, depth: int) -> str:
    return _link(pair, results.names.get(pair), depth)


def _result_text(line: ResultLine) -> str:
    """The traveller's text of a result, escaped; a plain played result (most of them) is
    made once per distinct contract, declarer and tricks."""
    played = line.played
    side = line.ns_side
    # one side's result for both, not weighted: the text is what was played
    plain = isinstance(side, Points) and side is line.ew_side and len(side.components) == 1
    if played is not None and plain:
        return _played_text(played.contract, played.declarer, played.tricks)
    return _e(line.describe())


@lru_cache(maxsize=4096)
def _played_text(contract: Contract, declarer: Seat | None, tricks: int | None) -> str:
    return _e(Played(contract, declarer, tricks).text())


@lru_cache(maxsize=16384)
def _link(pair: str, name: str | None, depth: int) -> str:
    """A link to a pair's page; made once per pair, not once per result it appears in."""
    up = "../" * depth
    label = _e(pair) + (f" {_e(name)}" if name else "")
    return f'<a href="{up}pairs/{page_name(pair)}">{label}</a>'


def _hand(deal: Deal, seat: Seat) -> str:
    rows = []
    for symbol, suit, css in _SUITS:
        cards = "".join("23456789TJQKA"[c % 13] for c in reversed(suit_cards(deal[seat], suit)))
        cls = f' class="{css}"' if css else ""
        rows.append(f"<span{cls}>{symbol}</span> {_e(cards.replace('T', '10') or '—')}")
    return "<br>".join(rows)


def hand_diagram(deal: Deal) -> str:
    """The four hands in the usual cross, North at the top."""
    n, e, s, w = (_hand(deal, seat) for seat in Seat)
    return (
        '<table class="diagram">\n'
        f"<tr><td></td><td>North<br>{n}</td><td></td></tr>\n"
        f"<tr><td>West<br>{w}</td><td></td><td>East<br>{e}</td></tr>\n"
        f"<tr><td></td><td>South<br>{s}</td><td></td></tr>\n</table>"
    )


def _value_headings(results: EventResults) -> list[str]:
    if results.unit == "mp":
        return ["NS MP", "EW MP", "NS %", "EW %"]
    if results.unit == "imps":
        return ["NS IMPs", "EW IMPs"]
    return []


def _value_count(results: EventResults) -> int:
    """How many of :func:`value_texts` a traveller row shows: scores, values, percentages."""
    return {"mp": 6, "imps": 4}.get(results.unit, 2)


def _board_page(
    results: EventResults,
    board: BoardResults,
    previous: int | None,
    following: int | None,
    analysis: BoardAnalysis | None = None,
) -> str:
    number_ = board.board
    parts = [
        f"<h1>{_e(results.event)} — board {number_}</h1>",
        f"<p>Dealer {board_dealer(number_).name.title()}, vulnerable: "
        f"{_e(board_vulnerability(number_).label)}"
        + (f"; top {_value(board.top)}" if board.top is not None else "")
        + (f"; datum {_value(board.datum)}" if board.datum is not None else "")
        + "</p>",
    ]
    deal = results.deals.get(number_)
    if deal is not None:
        parts.append(hand_diagram(deal))
    if analysis is not None:  # the double-dummy table and par (bridgelaw.analysis.html)
        parts.append(analysis_html(analysis))
    headings = (["Match", "Room"] if results.scoring == "teams" else []) + [
        "NS",
        "EW",
        "Result",
        "Lead",
        "NS score",
        "EW score",
        *_value_headings(results),
        *(["vs DD", "vs par"] if analysis is not None else []),
    ]
    rows = ["<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headings) + "</tr>"]
    shown = _value_count(results)
    for r in board.results:
        line = r.result
        cells = [_e(line.match or ""), _e(line.room or "")] if results.scoring == "teams" else []
        cells += [
            _pair_link(results, line.ns, 1),
            _pair_link(results, line.ew, 1),
            _result_text(line),
            _e(line.played.lead if line.played and line.played.lead else ""),
        ]
        numbers = list(value_texts(r)[:shown])
        if analysis is not None:
            played = line.played
            ns = None if r.ns_score is None or r.ns_score.denominator != 1 else int(r.ns_score)
            numbers += [
                "" if played is None else vs_dd(analysis, played.declarer,
                                                played.contract.strain, played.tricks),
                vs_par(analysis, ns),
            ]  # fmt: skip
        rows.append(
            "<tr>"
            + "".join(f"<td>{c}</td>" for c in cells)
            + "".join(f'<td class="n">{c}</td>' for c in numbers)
            + "</tr>"
        )
    parts.append('<table class="traveller">\n' + "\n".join(rows) + "\n</table>")
    links = []
    if previous is not None:
        links.append(f'<a href="board-{previous}.html">Board {previous}</a>')
    if following is not None:
        links.append(f'<a href="board-{following}.html">Board {following}</a>')
    parts.append("<nav>" + " ".join(links) + "</nav>")
    return _page(f"{results.event} board {number_}", "\n".join(parts), 1)


class PairIndex:
    """Each pair's results, found once for the whole site: the pair pages then read only their
    own results (not every result of the event for every pair)."""

    def __init__(self, results: EventResults) -> None:
        self.sat: dict[str, tuple[list[ScoredResult], list[ScoredResult]]] = {}
        for board in results.boards:  # boards in order, so each list is in board order
            for r in board.results:
                self.sat.setdefault(r.result.ns, ([], []))[0].append(r)
                self.sat.setdefault(r.result.ew, ([], []))[1].append(r)
        self.ranking: dict[str, RankEntry] = {}
        for entry in results.ranking:
            self.ranking.setdefault(entry.pair, entry)

    def pairs(self) -> list[str]:
        return sorted(set(self.sat) | set(self.ranking))

    def rows(self, pair: str) -> Iterator[tuple[int, ScoredResult]]:
        """(direction, result) of every board the pair played, by board."""
        ns, ew = self.sat.get(pair, ([], []))
        yield from merge(
            ((0, r) for r in ns), ((1, r) for r in ew), key=lambda item: item[1].result.board
        )


def _pair_page(results: EventResults, index: PairIndex, pair: str, stream: TextIO) -> None:
    name = results.names.get(pair)
    title = f"{pair}" + (f" {name}" if name else "")
    headings = ["Board", "Sat", "Against", "Result", "Score", "Value"]
    if results.unit == "mp":
        headings.append("%")
    summary = ""
    t = index.ranking.get(pair)
    if t is not None:
        summary = (
            f"<p>Place {_e(t.rank)}: {_value(t.score)}"
            + (f" of {_value(t.max)}" if t.max is not None else "")
            + (f" ({_value(t.percent)} %)" if t.percent is not None else "")
            + "</p>"
        )
    stream.write(_head(f"{results.event} {title}", 1))
    stream.write(f"<h1>{_e(results.event)} — {_e(title)}</h1>\n{summary}\n")
    stream.write('<table class="scorecard">\n')
    stream.write("<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headings) + "</tr>")
    names, mp = results.names, results.unit == "mp"
    for direction, r in index.rows(pair):  # one row a board: the hot loop of a large site
        line = r.result
        board = line.board
        texts = value_texts(r)
        sat, other = ("NS", line.ew) if direction == 0 else ("EW", line.ns)
        stream.write(
            f'\n<tr><td><a href="../boards/board-{board}.html">{board}</a></td><td>{sat}</td>'
            f"<td>{_link(other, names.get(other), 1)}</td><td>{_result_text(line)}</td>"
            f"<td>{texts[direction]}</td><td>{texts[2 + direction]}</td>"
            + (f"<td>{texts[4 + direction]}</td></tr>" if mp else "</tr>")
        )
    stream.write("\n</table>")
    stream.write(_FOOT)


def _index(results: EventResults) -> str:
    parts = [f"<h1>{_e(results.event or 'Results')}</h1>"]
    if results.matches:
        rows = ["<tr><th>Match</th><th>Home</th><th>Away</th><th>IMPs</th><th>VP</th></tr>"]
        for m in results.matches:
            vp = "" if m.vp is None else f"{_value(m.vp[0])} – {_value(m.vp[1])}"
            rows.append(
                f"<tr><td>{_e(m.match)}</td><td>{_pair_link(results, m.home, 0)}</td>"
                f"<td>{_pair_link(results, m.away, 0)}</td>"
                f'<td class="n">{_value(m.imps[0])} – {_value(m.imps[1])}'
                f'</td><td class="n">{vp}</td></tr>'
            )
        parts.append("<h2>Matches</h2>\n<table>\n" + "\n".join(rows) + "\n</table>")
    for direction in dict.fromkeys(r.direction for r in results.ranking):
        heading = "Ranking" + (f" {direction}" if direction else "")
        who, count = ("Team", "Matches") if results.scoring == "teams" else ("Pair", "Boards")
        rows = [
            f"<tr><th>Rank</th><th>{who}</th><th>Score</th><th>Max</th><th>%</th>"
            f"<th>{count}</th></tr>"
        ]
        for r in results.ranking:
            if r.direction != direction:
                continue
            numbers = [number(r.score), number(r.max), number(r.percent), r.boards]
            rows.append(
                f"<tr><td>{_e(r.rank)}</td><td>{_pair_link(results, r.pair, 0)}</td>"
                + "".join(f'<td class="n">{_num(v)}</td>' for v in numbers)
                + "</tr>"
            )
        parts.append(f"<h2>{_e(heading)}</h2>\n<table>\n" + "\n".join(rows) + "\n</table>")
    links = " ".join(f'<a href="boards/board-{b.board}.html">{b.board}</a>' for b in results.boards)
    parts.append(f'<h2>Boards</h2>\n<p class="boards">{links}</p>')
    return _page(results.event or "Results", "\n".join(parts), 0)


def write_site(
    results: EventResults,
    open_page: Opener,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> None:
    """Write every page of the site, one at a time, through ``open_page``. With ``analyses``
    (board number -> its double-dummy table and par), each board page shows them and measures
    every traveller line against them."""
    results = results.kept()  # the board pages and the pair pages read the same results
    with open_page("index.html") as stream:
        stream.write(_index(results))
    with open_page("style.css") as stream:
        stream.write(_STYLE + ANALYSIS_CSS)
    numbers = [b.board for b in results.boards]
    for i, board in enumerate(results.boards):
        previous = numbers[i - 1] if i > 0 else None
        following = numbers[i + 1] if i + 1 < len(numbers) else None
        analysis = None if analyses is None else analyses.get(board.board)
        with open_page(f"boards/board-{board.board}.html") as stream:
            stream.write(_board_page(results, board, previous, following, analysis))
    index = PairIndex(results)
    for pair in index.pairs():
        with open_page(f"pairs/{page_name(pair)}") as stream:
            _pair_page(results, index, pair, stream)


def render_site(
    results: EventResults, analyses: Mapping[int, BoardAnalysis] | None = None
) -> dict[str, str]:
    """Every page of the site in memory: relative file name -> HTML text (for small events and
    tests; :func:`write_site` writes them one at a time)."""
    pages: dict[str, io.StringIO] = {}

    def open_page(name: str) -> AbstractContextManager[TextIO]:
        pages[name] = io.StringIO()
        return _Keep(pages[name])

    write_site(results, open_page, analyses)
    return {name: page.getvalue() for name, page in pages.items()}


class _Keep(AbstractContextManager[TextIO]):
    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream

    def __enter__(self) -> TextIO:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


def stage_site(
    results: EventResults,
    tree: TreeWriter,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> None:
    """Write the site into a folder being built for :class:`~bridgelaw.formats.files.Outputs`."""
    write_site(results, tree.open, analyses)


def write_results_site(
    event_results: EventResults,
    out_dir: Path,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> Path:
    """Write the results site into ``out_dir`` (all pages or none; other files in the folder
    stay); returns the path of its ``index.html``."""
    with Outputs() as outputs:
        stage_site(event_results, outputs.tree(Path(out_dir)), analyses)
        outputs.commit()
    return Path(out_dir).resolve() / "index.html"
