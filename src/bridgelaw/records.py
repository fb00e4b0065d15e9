"""Hand records: a printable HTML page of a session's deals, for the players after the session.

Each board is drawn in the usual diagram: North at the top, West and East at the sides, South at
the bottom; the board number, dealer and vulnerability (Law 2's markings, or the file's) in the
top-left corner; each hand's high-card points (A=4, K=3, Q=2, J=1) in a small compass in the
middle. Boards sit two or four to the width of the page, and a board never splits across pages
when printed. The page is one self-contained file (its styles inline, no scripts, no fetches),
and every piece of text in it is HTML-escaped.

>>> from bridgelaw.boards import Board
>>> from bridgelaw.cards import Deal
>>> d = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
>>> page = hand_records_html([Board.numbered(1, d)], title="Club <night>")
>>> "Club &lt;night&gt;" in page and "<script" not in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape

from bridgelaw.analysis.ddtable import BoardAnalysis
from bridgelaw.analysis.html import ANALYSIS_CSS, analysis_html
from bridgelaw.boards import Board
from bridgelaw.cards import RANK_CHARS, Hand, high_card_points
from bridgelaw.errors import BridgeLawError

__all__ = ["PdfUnavailable", "hand_records_html", "hand_records_pdf"]

_SUITS = (("\u2660", "spades", 3), ("\u2665", "hearts", 2), ("\u2666", "diamonds", 1),
          ("\u2663", "clubs", 0))  # fmt: skip
_SEAT_NAMES = ("North", "East", "South", "West")
_VUL_WORDS = ("None", "N-S", "E-W", "All")
_VOID = '<span class="void">\u2014</span>'
_ENGLISH_TITLES = {name: name for _, name, _ in _SUITS}
"""Each suit's tooltip, in English (its name, as the class has it)."""

_STYLE = """
:root { --ink: #111; --red: #c1121f; --rule: #9a9a9a; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: var(--ink);
       margin: 12mm; }
h1 { font-size: 14pt; margin: 0 0 4mm 0; }
.boards { display: grid; gap: 4mm; }
.cols-2 { grid-template-columns: repeat(2, 1fr); font-size: 10pt; }
.cols-4 { grid-template-columns: repeat(4, 1fr); font-size: 7.5pt; }
.board { border: 0.3mm solid var(--rule); padding: 1.5mm; break-inside: avoid;
         page-break-inside: avoid; }
.diagram { border-collapse: collapse; width: 100%; }
.diagram td { vertical-align: middle; padding: 0.5mm 1mm; white-space: nowrap; }
.info { font-size: 0.85em; line-height: 1.3; vertical-align: top; }
.info .number { font-weight: bold; font-size: 1.3em; }
.hand .line { line-height: 1.25; }
.suit { display: inline-block; width: 1.2em; }
.hearts, .diamonds { color: var(--red); }
.void { color: #777; }
.compass { border-collapse: collapse; margin: auto; font-size: 0.85em; }
.compass td { width: 1.7em; height: 1.4em; text-align: center; padding: 0; }
.compass .centre { border: 0.3mm solid var(--rule); background: #f2f2f2; }
@media print {
  body { margin: 0; }
  @page { size: A4; margin: 10mm; }
  .board { border-color: #666; }
  /* four boards across A4 leave about 45 mm a board: the screen's 7.5pt does not fit */
  .cols-4 { font-size: 6.2pt; gap: 2.5mm; }
  .cols-4 .board { padding: 1mm; }
  .cols-4 .diagram td { padding: 0.3mm 0.4mm; }
}
"""


@lru_cache(maxsize=4 * 8192)
def _suit_text(ranks: int, spacing: str) -> str:
    """A suit's cards as the diagram prints them, from its 13 rank bits (the ace highest): a
    suit holding is one of 8,192, so each is built once (a file of 10,000 boards has 40,000
    hands). Rank characters need no HTML escaping."""
    cards = ["10" if RANK_CHARS[r] == "T" else RANK_CHARS[r] for r in range(12, -1, -1)
             if ranks >> r & 1]  # fmt: skip
    return spacing.join(cards) if cards else _VOID


def _hand_html(hand: Hand, seat: int, spacing: str, titles: dict[str, str]) -> str:
    lines = []
    for symbol, name, suit in _SUITS:
        text = _suit_text(hand >> (13 * suit) & 0x1FFF, spacing)
        lines.append(
            f'<div class="line"><span class="suit {name}" title="{escape(titles[name])}">'
            f"{symbol}</span>{text}</div>"
        )
    return f'<div class="hand {_SEAT_NAMES[seat].lower()}">{"".join(lines)}</div>'


def _compass_html(board: Board, label: str = "high-card points") -> str:
    hcp = [high_card_points(board.deal[seat]) for seat in range(4)]
    return (
        f'<table class="compass" aria-label="{escape(label)}">'
        f'<tr><td></td><td class="hcp-n">{hcp[0]}</td><td></td></tr>'
        f'<tr><td class="hcp-w">{hcp[3]}</td><td class="centre"></td>'
        f'<td class="hcp-e">{hcp[1]}</td></tr>'
        f'<tr><td></td><td class="hcp-s">{hcp[2]}</td><td></td></tr></table>'
    )


def _board_html(
    board: Board, spacing: str, analysis: BoardAnalysis | None = None, lang: str = "en"
) -> str:
    number = escape(str(board.number))
    titles, hcp = _ENGLISH_TITLES, "high-card points"
    if lang == "en":
        words = (f"Board {number}", f"Dealer: {_SEAT_NAMES[board.dealer]}",
                 f"Vul: {_VUL_WORDS[board.vulnerability]}")  # fmt: skip
    else:  # the catalogs' words (bridgelaw.i18n.words)
        from bridgelaw.i18n.words import Speaker

        w = Speaker(lang)
        dealer = w(f"site.{_SEAT_NAMES[board.dealer].lower()}")
        vulnerable = _VUL_WORDS[board.vulnerability]
        if vulnerable in ("None", "All"):
            vulnerable = w(f"records.vul-{vulnerable.lower()}")
        words = (w("records.board", board=board.number), w("records.dealer", dealer=dealer),
                 w("records.vulnerable", vulnerable=vulnerable))  # fmt: skip
        titles = {name: w(f"records.{name}") for name in _ENGLISH_TITLES}  # the suits' tooltips
        hcp = w("records.hcp")
    info = (
        f'<div class="number">{escape(words[0])}</div>'
        f"<div>{escape(words[1])}</div>"
        f"<div>{escape(words[2])}</div>"
    )
    hand = [_hand_html(board.deal[seat], seat, spacing, titles) for seat in range(4)]
    return (
        f'<section class="board" id="board-{number}">'
        '<table class="diagram">'
        f'<tr><td class="info">{info}</td><td>{hand[0]}</td><td></td></tr>'
        f"<tr><td>{hand[3]}</td><td>{_compass_html(board, hcp)}</td><td>{hand[1]}</td></tr>"
        f"<tr><td></td><td>{hand[2]}</td><td></td></tr>"
        "</table>" + ("" if analysis is None else analysis_html(analysis, lang)) + "</section>"
    )


def hand_records_html(
    boards: Sequence[Board],
    title: str = "Hand records",
    columns: int = 2,
    analyses: Sequence[BoardAnalysis] | None = None,
    lang: str = "en",
) -> str:
    """The page, boards in the order given, ``columns`` (2 or 4) to the width of the page;
    with ``analyses`` (one a board, in the same order) each board's double-dummy table and par
    under its diagram. ``lang``: the language of the boards' words."""
    if columns not in (2, 4):
        raise ValueError(f"hand records are laid out 2 or 4 boards wide, not {columns}")
    # Two boards across leave room to space the cards; four across (about 45 mm a board on A4)
    # need them close, as printed hand records usually set them.
    spacing = " " if columns == 2 else ""
    if analyses is not None and len(analyses) != len(boards):
        raise ValueError(f"{len(analyses)} analyses for {len(boards)} boards")
    body = "\n".join(
        _board_html(b, spacing, None if analyses is None else analyses[i], lang)
        for i, b in enumerate(boards)
    )
    heading = escape(title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{heading}</title>\n<style>{_STYLE}{ANALYSIS_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{heading}</h1>\n"
        f'<main class="boards cols-{columns}">\n{body}\n</main>\n</body>\n</html>\n'
    )


class PdfUnavailable(BridgeLawError):
    """WeasyPrint (or the Pango library it draws text with) cannot run here."""


def hand_records_pdf(page: str) -> bytes:
    """The page as a PDF (A4, the print styles above), drawn by WeasyPrint."""
    try:
        from weasyprint import HTML  # imported here: it loads Pango, slow to start
    except (ImportError, OSError) as error:
        raise PdfUnavailable(f"cannot write a PDF: WeasyPrint does not load ({error})") from None
    data = HTML(string=page).write_pdf()
    assert isinstance(data, bytes)
    return data
