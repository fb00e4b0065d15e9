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
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from fractions import Fraction
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import TextIO

from bridgelaw.analysis.ddtable import BoardAnalysis
from bridgelaw.analysis.html import ANALYSIS_CSS, analysis_html, vs_dd, vs_par
from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.calls import Contract
from bridgelaw.cards import Deal, Seat, suit_cards
from bridgelaw.formats.files import Outputs, TreeWriter
from bridgelaw.i18n.words import Speaker
from bridgelaw.scoring.results import Played, Points, ResultLine
from bridgelaw.tournament.session import (
    BoardResults,
    RankEntry,
    ScoredResult,
    TournamentResults,
    number,
    number_text,
    value_texts,
)

ENGLISH = Speaker("en")
"""The site's words in English, the default (made once)."""

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


def _local(texts: tuple[str, ...], w: Speaker) -> tuple[str, ...]:
    """Numbers written in English (the scorers' texts, shared by results played alike) in the
    site's language: the same tuple in English."""
    return texts if w.lang == "en" else tuple(w.number(t) for t in texts)


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


def _head(title: str, depth: int, w: Speaker = ENGLISH) -> str:
    up = "../" * depth
    return (
        f'<!DOCTYPE html>\n<html lang="{w.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n"
        f'<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n'
        f'<nav><a href="{up}index.html">{_e(w("site.ranking"))}</a></nav>\n'
    )


_FOOT = "\n</body>\n</html>\n"


def _page(title: str, body: str, depth: int, w: Speaker = ENGLISH) -> str:
    return _head(title, depth, w) + body + _FOOT


def _pair_link(results: TournamentResults, pair: str, depth: int) -> str:
    return _link(pair, results.names.get(pair), depth)


def _result_text(line: ResultLine) -> str:
    """The traveller's text of a result, escaped; a plain played result (most of them) is
    made once per distinct contract, declarer and tricks, and found by the object the
    readers share among the results played the same way."""
    played = line.played
    if played is not None and _plain(line):
        found = _PLAYED.get(id(played))
        if found is None or found[0] is not played:  # `is`: a reused id is another result
            if len(_PLAYED) >= 1 << 16:
                _PLAYED.clear()  # bounded: a session with more distinct results makes them again
            found = _PLAYED[id(played)] = (
                played,
                _played_text(played.contract, played.declarer, played.tricks),
            )
        return found[1]
    return _e(line.describe())


def _plain(line: ResultLine) -> bool:
    """One side's result for both, not weighted: with a contract played, its text is what
    was played."""
    side = line.ns_side
    return side is line.ew_side and side.__class__ is Points and len(side.components) == 1


_PLAYED: dict[int, tuple[Played, str]] = {}
"""``id(played)`` -> the object (kept, so that its id is not reused) and its escaped text."""


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


def hand_diagram(deal: Deal, speak: Speaker = ENGLISH) -> str:
    """The four hands in the usual cross, North at the top."""
    n, e, s, w = (_hand(deal, seat) for seat in Seat)
    north, east, south, west = (_e(speak(f"site.{seat.name.lower()}")) for seat in Seat)
    return (
        '<table class="diagram">\n'
        f"<tr><td></td><td>{north}<br>{n}</td><td></td></tr>\n"
        f"<tr><td>{west}<br>{w}</td><td></td><td>{east}<br>{e}</td></tr>\n"
        f"<tr><td></td><td>{south}<br>{s}</td><td></td></tr>\n</table>"
    )


def _value_headings(results: TournamentResults) -> list[str]:
    if results.unit == "mp":
        return ["site.ns-mp", "site.ew-mp", "site.ns-percent", "site.ew-percent"]
    if results.unit == "imps":
        return ["site.ns-imps", "site.ew-imps"]
    return []


def _value_count(results: TournamentResults) -> int:
    """How many of :func:`value_texts` a traveller row shows: scores, values, percentages."""
    return {"mp": 6, "imps": 4}.get(results.unit, 2)


def _traveller_cells(
    r: ScoredResult, numbers: tuple[str, ...], analysis: BoardAnalysis | None
) -> str:
    """A traveller row's cells from the result on: the result, the lead and the numbers
    (with the board's analysis, against double dummy and par)."""
    line = r.result
    played = line.played
    cells = (
        f"<td>{_result_text(line)}</td><td>{_e(played.lead if played and played.lead else '')}</td>"
    )
    shown = list(numbers)
    if analysis is not None:
        ns = None if r.ns_score is None or r.ns_score.denominator != 1 else int(r.ns_score)
        shown += [
            "" if played is None else vs_dd(analysis, played.declarer, played.contract.strain,
                                            played.tricks),
            vs_par(analysis, ns),
        ]  # fmt: skip
    return cells + "".join(f'<td class="n">{c}</td>' for c in shown)


class _Shared:
    """What the site's pages repeat, made once: the link to each pair's page from the board
    and pair pages (one folder down)."""

    __slots__ = ("links", "names")

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        self.links: dict[str, str] = {}

    def link(self, pair: str) -> str:
        found = self.links.get(pair)
        if found is None:
            found = self.links[pair] = _link(pair, self.names.get(pair), 1)
        return found


def _board_page(
    results: TournamentResults,
    board: BoardResults,
    previous: int | None,
    following: int | None,
    analysis: BoardAnalysis | None = None,
    shared: _Shared | None = None,
    w: Speaker = ENGLISH,
) -> str:
    shared = shared or _Shared(results.names)
    number_ = board.board
    vulnerable = board_vulnerability(number_).label
    if vulnerable in ("none", "both"):
        vulnerable = w(f"site.vulnerable-{vulnerable}")
    dealer = w(f"site.{board_dealer(number_).name.lower()}")
    parts = [
        f"<h1>{_e(w('site.board-heading', event=results.name, board=number_))}</h1>",
        "<p>"
        + _e(w("site.dealer", dealer=dealer, vulnerable=vulnerable))
        + (_e(w("site.top", top=w.number(_value(board.top)))) if board.top is not None else "")
        + (
            _e(w("site.datum", datum=w.number(_value(board.datum))))
            if board.datum is not None
            else ""
        )
        + "</p>",
    ]
    deal = results.deals.get(number_)
    if deal is not None:
        parts.append(hand_diagram(deal, w))
    if analysis is not None:  # the double-dummy table and par (bridgelaw.analysis.html)
        parts.append(analysis_html(analysis, w.lang))
    headings = ([w("site.match"), w("site.room")] if results.scoring == "teams" else []) + [
        "NS",
        "EW",
        w("site.result"),
        w("site.lead"),
        w("site.ns-score"),
        w("site.ew-score"),
        *(w(h) for h in _value_headings(results)),
        *([w("site.vs-dd"), w("site.vs-par")] if analysis is not None else []),
    ]
    rows = ["<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headings) + "</tr>"]
    shown = _value_count(results)
    teams = results.scoring == "teams"
    link = shared.link
    # a board's results played the same way share their cells (the readers share one object
    # among them, the scorers one tuple of texts): made once, found by the objects (kept)
    made: dict[tuple[int, int], tuple[Played, tuple[str, ...], str]] = {}
    for r in board.results:
        line = r.result
        head = f"<td>{_e(line.match or '')}</td><td>{_e(line.room or '')}</td>" if teams else ""
        played, texts = line.played, value_texts(r)
        if analysis is None and played is not None and _plain(line):
            found = made.get((id(played), id(texts)))
            if found is None or found[0] is not played or found[1] is not texts:
                found = made[id(played), id(texts)] = (
                    played,
                    texts,
                    _traveller_cells(r, _local(texts[:shown], w), analysis),
                )
            tail = found[2]
        else:
            tail = _traveller_cells(r, _local(texts[:shown], w), analysis)
        rows.append(f"<tr>{head}<td>{link(line.ns)}</td><td>{link(line.ew)}</td>{tail}</tr>")
    parts.append('<table class="traveller">\n' + "\n".join(rows) + "\n</table>")
    links = []
    if previous is not None:
        label = _e(w("site.board-link", board=previous))
        links.append(f'<a href="board-{previous}.html">{label}</a>')
    if following is not None:
        label = _e(w("site.board-link", board=following))
        links.append(f'<a href="board-{following}.html">{label}</a>')
    parts.append("<nav>" + " ".join(links) + "</nav>")
    title = w("site.board-title", event=results.name, board=number_)
    return _page(title, "\n".join(parts), 1, w)


class PairIndex:
    """Each pair's score card, made once for the whole site from the boards' results: the pair
    pages then only join their own rows. A row is kept as its three parts (the board's link;
    where the pair sat and against whom; the result and the pair's numbers), each part shared
    by the rows that have it."""

    def __init__(
        self, results: TournamentResults, shared: _Shared | None = None, w: Speaker = ENGLISH
    ) -> None:
        shared = shared or _Shared(results.names)
        mp = results.unit == "mp"
        self.sat: dict[str, list[tuple[str, str, str]]] = {}
        sat = self.sat
        against: tuple[dict[str, str], dict[str, str]] = ({}, {})
        # by board; on a board, the results where the pair sat North-South first
        for board in sorted(results.boards, key=lambda b: b.board):
            number = board.board
            link = f'\n<tr><td><a href="../boards/board-{number}.html">{number}</a></td>'
            # a board's results played the same way share their cells (the readers share one
            # object among them, the scorers one tuple of texts): made once, found by the
            # objects, which are kept so that an id is not reused
            made: dict[tuple[int, int], tuple[Played, tuple[str, ...], str, str]] = {}
            east_west: list[tuple[str, tuple[str, str, str]]] = []
            for r in board.results:
                line = r.result
                texts = _local(value_texts(r), w)
                played = line.played
                if played is not None and _plain(line):
                    found = made.get((id(played), id(texts)))
                    if found is None or found[0] is not played or found[1] is not texts:
                        found = made[id(played), id(texts)] = (
                            played,
                            texts,
                            _scorecard_cells(line, texts, 0, mp),
                            _scorecard_cells(line, texts, 1, mp),
                        )
                    ns_cells, ew_cells = found[2], found[3]
                else:
                    ns_cells = _scorecard_cells(line, texts, 0, mp)
                    ew_cells = _scorecard_cells(line, texts, 1, mp)
                ns, ew = line.ns, line.ew
                ns_against = against[0].get(ew)
                if ns_against is None:
                    ns_against = against[0][ew] = f"<td>NS</td><td>{shared.link(ew)}</td>"
                ew_against = against[1].get(ns)
                if ew_against is None:
                    ew_against = against[1][ns] = f"<td>EW</td><td>{shared.link(ns)}</td>"
                rows = sat.get(ns)
                if rows is None:
                    rows = sat[ns] = []
                rows.append((link, ns_against, ns_cells))
                east_west.append((ew, (link, ew_against, ew_cells)))
            for pair, row in east_west:
                rows = sat.get(pair)
                if rows is None:
                    rows = sat[pair] = []
                rows.append(row)
        self.ranking: dict[str, RankEntry] = {}
        for entry in results.ranking:
            self.ranking.setdefault(entry.pair, entry)

    def pairs(self) -> list[str]:
        return sorted(set(self.sat) | set(self.ranking))

    def rows(self, pair: str) -> list[tuple[str, str, str]]:
        """The parts of each row of the pair's score card: every board it played, by board."""
        return self.sat.get(pair, [])


def _pair_page(
    results: TournamentResults,
    index: PairIndex,
    pair: str,
    stream: TextIO,
    w: Speaker = ENGLISH,
) -> None:
    name = results.names.get(pair)
    title = f"{pair}" + (f" {name}" if name else "")
    words = ("board", "sat", "against", "result", "score", "value")
    headings = [w(f"site.{h}") for h in words]
    if results.unit == "mp":
        headings.append("%")
    summary = ""
    t = index.ranking.get(pair)
    if t is not None:
        summary = (
            "<p>"
            + _e(w("site.place", rank=t.rank, score=w.number(_value(t.score))))
            + (_e(w("site.of-max", max=w.number(_value(t.max)))) if t.max is not None else "")
            + (
                _e(w("site.percent", percent=w.number(_value(t.percent))))
                if t.percent is not None
                else ""
            )
            + "</p>"
        )
    stream.write(_head(f"{results.name} {title}", 1, w))
    stream.write(f"<h1>{_e(results.name)} — {_e(title)}</h1>\n{summary}\n")
    stream.write('<table class="scorecard">\n')
    stream.write("<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headings) + "</tr>")
    stream.write("".join(chain.from_iterable(index.rows(pair))))  # one row a board
    stream.write("\n</table>")
    stream.write(_FOOT)


def _scorecard_cells(line: ResultLine, texts: tuple[str, ...], direction: int, mp: bool) -> str:
    """A pair page's row from the result on: the result, the pair's score and value (and
    percentage), to the row's end."""
    return (
        f"<td>{_result_text(line)}</td><td>{texts[direction]}</td><td>{texts[2 + direction]}</td>"
        + (f"<td>{texts[4 + direction]}</td></tr>" if mp else "</tr>")
    )


def _index(results: TournamentResults, w: Speaker = ENGLISH) -> str:
    title = results.name or w("site.results")
    parts = [f"<h1>{_e(title)}</h1>"]
    n = w.number
    if results.matches:
        heads = ("match", "home", "away", "imps", "vp")
        rows = ["<tr>" + "".join(f"<th>{_e(w(f'site.{h}'))}</th>" for h in heads) + "</tr>"]
        for m in results.matches:
            vp = "" if m.vp is None else f"{n(_value(m.vp[0]))} – {n(_value(m.vp[1]))}"
            rows.append(
                f"<tr><td>{_e(m.match)}</td><td>{_pair_link(results, m.home, 0)}</td>"
                f"<td>{_pair_link(results, m.away, 0)}</td>"
                f'<td class="n">{n(_value(m.imps[0]))} – {n(_value(m.imps[1]))}'
                f'</td><td class="n">{vp}</td></tr>'
            )
        matches = _e(w("site.matches"))
        parts.append(f"<h2>{matches}</h2>\n<table>\n" + "\n".join(rows) + "\n</table>")
    for direction in dict.fromkeys(r.direction for r in results.ranking):
        heading = w("site.ranking-of", direction=direction) if direction else w("site.ranking")
        teams = results.scoring == "teams"
        columns = ("rank", "team" if teams else "pair", "score", "max")
        count = w("site.matches") if teams else w("site.boards")
        rows = [
            "<tr>"
            + "".join(f"<th>{_e(w(f'site.{h}'))}</th>" for h in columns)
            + f"<th>%</th><th>{_e(count)}</th></tr>"
        ]
        for r in results.ranking:
            if r.direction != direction:
                continue
            numbers = [number(r.score), number(r.max), number(r.percent), r.boards]
            rows.append(
                f"<tr><td>{_e(r.rank)}</td><td>{_pair_link(results, r.pair, 0)}</td>"
                + "".join(f'<td class="n">{n(_num(v))}</td>' for v in numbers)
                + "</tr>"
            )
        parts.append(f"<h2>{_e(heading)}</h2>\n<table>\n" + "\n".join(rows) + "\n</table>")
    links = " ".join(f'<a href="boards/board-{b.board}.html">{b.board}</a>' for b in results.boards)
    parts.append(f'<h2>{_e(w("site.boards"))}</h2>\n<p class="boards">{links}</p>')
    return _page(title, "\n".join(parts), 0, w)


def write_site(
    results: TournamentResults,
    open_page: Opener,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    lang: str = "en",
) -> None:
    """Write every page of the site, one at a time, through ``open_page``. With ``analyses``
    (board number -> its double-dummy table and par), each board page shows them and measures
    every traveller line against them. ``lang``: the pages' language: their words
    from the catalogs, numbers in the language's way (``52,35`` in Polish)."""
    results = results.kept()  # the board pages and the pair pages read the same results
    w = ENGLISH if lang == "en" else Speaker(lang)
    with open_page("index.html") as stream:
        stream.write(_index(results, w))
    with open_page("style.css") as stream:
        stream.write(_STYLE + ANALYSIS_CSS)
    numbers = [b.board for b in results.boards]
    shared = _Shared(results.names)
    for i, board in enumerate(results.boards):
        previous = numbers[i - 1] if i > 0 else None
        following = numbers[i + 1] if i + 1 < len(numbers) else None
        analysis = None if analyses is None else analyses.get(board.board)
        with open_page(f"boards/board-{board.board}.html") as stream:
            stream.write(_board_page(results, board, previous, following, analysis, shared, w))
    index = PairIndex(results, shared, w)
    for pair in index.pairs():
        with open_page(f"pairs/{page_name(pair)}") as stream:
            _pair_page(results, index, pair, stream, w)


def render_site(
    results: TournamentResults,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    lang: str = "en",
) -> dict[str, str]:
    """Every page of the site in memory: relative file name -> HTML text (for small tournaments and
    tests; :func:`write_site` writes them one at a time)."""
    pages: dict[str, io.StringIO] = {}

    def open_page(name: str) -> AbstractContextManager[TextIO]:
        pages[name] = io.StringIO()
        return _Keep(pages[name])

    write_site(results, open_page, analyses, lang)
    return {name: page.getvalue() for name, page in pages.items()}


class _Keep(AbstractContextManager[TextIO]):
    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream

    def __enter__(self) -> TextIO:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


def stage_site(
    results: TournamentResults,
    tree: TreeWriter,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    lang: str = "en",
) -> None:
    """Write the site into a folder being built for :class:`~bridgelaw.formats.files.Outputs`."""
    write_site(results, tree.open, analyses, lang)


def write_results_site(
    event_results: TournamentResults,
    out_dir: Path,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    lang: str = "en",
) -> Path:
    """Write the results site into ``out_dir`` (all pages or none; other files in the folder
    stay); returns the path of its ``index.html``."""
    with Outputs() as outputs:
        stage_site(event_results, outputs.tree(Path(out_dir)), analyses, lang)
        outputs.commit()
    return Path(out_dir).resolve() / "index.html"
