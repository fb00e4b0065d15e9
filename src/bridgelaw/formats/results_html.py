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
import re
from collections.abc import Mapping
from pathlib import Path

from bridgelaw.analysis.ddtable import BoardAnalysis
from bridgelaw.analysis.html import ANALYSIS_CSS, analysis_html, vs_dd, vs_par
from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.cards import Deal, Seat, suit_cards
from bridgelaw.events.session import BoardResults, EventResults, ScoredResult, number, number_text
from bridgelaw.formats.files import write_tree_atomic

_STYLE = """body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em;
  padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #eee; }
.diagram td { border: none; vertical-align: top; padding: 0.2em 1em; }
.red { color: #c00; }
nav a { margin-right: 1em; }
"""

_SUITS = (("♠", 3, ""), ("♥", 2, "red"), ("♦", 1, "red"), ("♣", 0, ""))


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(value: object) -> str:
    return number_text(value)


def page_name(pair: str) -> str:
    """A safe file name for a pair's page (any other character is written as its code)."""
    return "pair-" + re.sub(r"[^A-Za-z0-9_-]", lambda m: f"~{ord(m.group()):x}", pair) + ".html"


def _page(title: str, body: str, depth: int) -> str:
    up = "../" * depth
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(title)}</title>\n"
        f'<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n'
        f'<nav><a href="{up}index.html">Ranking</a></nav>\n{body}\n</body>\n</html>\n'
    )


def _pair_link(results: EventResults, pair: str, depth: int) -> str:
    up = "../" * depth
    name = results.names.get(pair)
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


def _value_cells(results: EventResults, r: ScoredResult) -> list[str]:
    if results.unit == "mp":
        return [_num(number(v)) for v in (r.ns_value, r.ew_value, r.ns_percent, r.ew_percent)]
    if results.unit == "imps":
        return [_num(number(v)) for v in (r.ns_value, r.ew_value)]
    return []


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
        + (f"; top {_num(number(board.top))}" if board.top is not None else "")
        + (f"; datum {_num(number(board.datum))}" if board.datum is not None else "")
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
    for r in board.results:
        line = r.result
        cells = [_e(line.match or ""), _e(line.room or "")] if results.scoring == "teams" else []
        cells += [
            _pair_link(results, line.ns, 1),
            _pair_link(results, line.ew, 1),
            _e(line.describe()),
            _e(line.played.lead if line.played and line.played.lead else ""),
        ]
        numbers = [_num(number(r.ns_score)), _num(number(r.ew_score)), *_value_cells(results, r)]
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


def _pair_page(results: EventResults, pair: str) -> str:
    name = results.names.get(pair)
    title = f"{pair}" + (f" {name}" if name else "")
    headings = ["Board", "Sat", "Against", "Result", "Score", "Value"]
    if results.unit == "mp":
        headings.append("%")
    rows = ["<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headings) + "</tr>"]
    for board in results.boards:
        for r in board.results:
            line = r.result
            for direction, sat in ((0, "NS"), (1, "EW")):
                if line.pair(direction) != pair:
                    continue
                other = line.pair(1 - direction)
                score = r.ns_score if direction == 0 else r.ew_score
                value = r.ns_value if direction == 0 else r.ew_value
                cells = [
                    f'<a href="../boards/board-{board.board}.html">{board.board}</a>',
                    sat,
                    _pair_link(results, other, 1),
                    _e(line.describe()),
                    _num(number(score)),
                    _num(number(value)),
                ]
                if results.unit == "mp":
                    cells.append(_num(number(r.ns_percent if direction == 0 else r.ew_percent)))
                rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    totals = [r for r in results.ranking if r.pair == pair]
    summary = ""
    if totals:
        t = totals[0]
        summary = (
            f"<p>Place {_e(t.rank)}: {_num(number(t.score))}"
            + (f" of {_num(number(t.max))}" if t.max is not None else "")
            + (f" ({_num(number(t.percent))} %)" if t.percent is not None else "")
            + "</p>"
        )
    body = (
        f"<h1>{_e(results.event)} — {_e(title)}</h1>\n{summary}\n"
        f'<table class="scorecard">\n' + "\n".join(rows) + "\n</table>"
    )
    return _page(f"{results.event} {title}", body, 1)


def _index(results: EventResults) -> str:
    parts = [f"<h1>{_e(results.event or 'Results')}</h1>"]
    if results.matches:
        rows = ["<tr><th>Match</th><th>Home</th><th>Away</th><th>IMPs</th><th>VP</th></tr>"]
        for m in results.matches:
            vp = "" if m.vp is None else f"{_num(number(m.vp[0]))} – {_num(number(m.vp[1]))}"
            rows.append(
                f"<tr><td>{_e(m.match)}</td><td>{_pair_link(results, m.home, 0)}</td>"
                f"<td>{_pair_link(results, m.away, 0)}</td>"
                f'<td class="n">{_num(number(m.imps[0]))} – {_num(number(m.imps[1]))}'
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
    parts.append(f"<h2>Boards</h2>\n<p>{links}</p>")
    return _page(results.event or "Results", "\n".join(parts), 0)


def render_site(
    results: EventResults, analyses: Mapping[int, BoardAnalysis] | None = None
) -> dict[str, str]:
    """Every page of the site: relative file name -> HTML text. With ``analyses`` (board number
    -> its double-dummy table and par), each board page shows them and measures every
    traveller line against them."""
    files = {"index.html": _index(results), "style.css": _STYLE + ANALYSIS_CSS}
    numbers = [b.board for b in results.boards]
    for i, board in enumerate(results.boards):
        previous = numbers[i - 1] if i > 0 else None
        following = numbers[i + 1] if i + 1 < len(numbers) else None
        analysis = None if analyses is None else analyses.get(board.board)
        files[f"boards/board-{board.board}.html"] = _board_page(
            results, board, previous, following, analysis
        )
    pairs = {r.result.pair(d) for b in results.boards for r in b.results for d in (0, 1)}
    pairs |= {r.pair for r in results.ranking}
    for pair in sorted(pairs):
        files[f"pairs/{page_name(pair)}"] = _pair_page(results, pair)
    return files


def write_results_site(
    event_results: EventResults,
    out_dir: Path,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> Path:
    """Write the results site to ``out_dir`` (replacing it whole, never half-written);
    returns the path of its ``index.html``."""
    write_tree_atomic(Path(out_dir), render_site(event_results, analyses))
    return Path(out_dir).resolve() / "index.html"
