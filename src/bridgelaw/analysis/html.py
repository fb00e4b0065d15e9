"""The double-dummy table and par as HTML, for hand records and the results site; and each
traveller line measured against them (as JFR and Bridgewebs pages do).

* under a board: a small table (rows N, S, E, W; columns NT, ♠, ♥, ♦, ♣) of the tricks each
  declarer takes double dummy, then ``Par NS +420: 4♠N, 4♠S``;
* on a traveller line: **vs DD**, the tricks declarer took less the double-dummy number for his
  seat and strain (``+1``, ``=``, ``-2``), and **vs par**, North-South's score less the par
  (``+30``: North-South did 30 points better than par). A passed-out board or an artificial score
  has no tricks to compare: the cell stays empty (the par difference of a pass-out is shown).

All text is escaped by the caller's rules: nothing here comes from a file but numbers and seat
and strain letters.

>>> from bridgelaw.analysis.ddtable import BoardAnalysis, DDTable, Par
>>> a = BoardAnalysis(1, DDTable(((7,) * 5,) * 4), Par(0, ()))
>>> "Par 0: passed out" in analysis_html(a)
True
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from bridgelaw.analysis.ddtable import BoardAnalysis, Par
from bridgelaw.cards import Seat, Strain

__all__ = ["ANALYSIS_CSS", "analysis_html", "par_text", "signed", "vs_dd", "vs_par"]

ANALYSIS_CSS = """
.dd { margin-top: 1mm; font-size: 0.85em; }
.dd table.ddtable { border-collapse: collapse; margin: 0; }
.dd table.ddtable th, .dd table.ddtable td { border: 1px solid #bbb; padding: 0 0.35em;
  text-align: center; font-variant-numeric: tabular-nums; background: none; }
.dd .red { color: #c1121f; }
.dd .par { margin: 0.3em 0 0 0; }
"""

_COLUMNS = ((Strain.NOTRUMP, "NT", ""), (Strain.SPADES, "\u2660", ""),
            (Strain.HEARTS, "\u2665", "red"), (Strain.DIAMONDS, "\u2666", "red"),
            (Strain.CLUBS, "\u2663", ""))  # fmt: skip
_SYMBOL = {Strain.SPADES: "\u2660", Strain.HEARTS: "\u2665", Strain.DIAMONDS: "\u2666",
           Strain.CLUBS: "\u2663", Strain.NOTRUMP: "NT"}  # fmt: skip
_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


def signed(value: int) -> str:
    """``+1``, ``=`` or ``-2`` (a true minus sign is not used: the page stays ASCII-searchable)."""
    return "=" if value == 0 else f"{value:+d}"


def par_text(par: Par, lang: str = "en") -> str:
    """``Par NS +420: 4♠N, 4♠S`` (suit symbols), or ``Par 0: passed out``; the words in
    ``lang`` (phrases ``dd.*``), sides, scores and contracts as they are."""
    from bridgelaw.i18n.words import Speaker

    speak = Speaker(lang)
    return speak("dd.par", par=_par_body(par, speak))


def _par_body(par: Par, speak: Callable[..., str]) -> str:
    """What follows "Par": ``NS +420: 4♠N, 4♠S``, and the par with East-West bidding first."""
    who = "NS" if par.score >= 0 else "EW"
    if not par.contracts:
        return speak("dd.passed-out") if par.score == 0 else f"{who} {abs(par.score):+d}"
    contracts = ", ".join(
        f"{c.level}{_SYMBOL[c.strain]}{'x' if c.doubled else ''}{c.declarer.letter}"
        + (f"{c.result:+d}" if c.result else "")
        for c in par.contracts
    )
    text = f"{who} {abs(par.score):+d}: {contracts}"
    if par.ew_first is not None:
        text = speak("dd.ew-first", par=text, other=_par_body(par.ew_first, speak))
    return text


def analysis_html(analysis: BoardAnalysis, lang: str = "en") -> str:
    """The table and the par of one board (its words in ``lang``)."""
    from bridgelaw.i18n.words import Speaker

    head = "".join(
        f"<th{f' class={chr(34)}{css}{chr(34)}' if css else ''}>{label}</th>"
        for _, label, css in _COLUMNS
    )
    rows = [f"<tr><th></th>{head}</tr>"]
    for seat in _ROWS:
        cells = "".join(f"<td>{analysis.table.tricks_for(seat, s)}</td>" for s, _, _ in _COLUMNS)
        rows.append(f"<tr><th>{seat.letter}</th>{cells}</tr>")
    label = Speaker(lang)("dd.label")
    return (
        f'<div class="dd" aria-label="{escape(label)}">'
        f'<table class="ddtable">{"".join(rows)}</table>'
        f'<p class="par">{escape(par_text(analysis.par, lang), quote=False)}</p></div>'
    )


def vs_dd(
    analysis: BoardAnalysis, declarer: Seat | None, strain: Strain, tricks: int | None
) -> str:
    """Tricks taken against the double-dummy number, or ``""`` if nothing was played."""
    if declarer is None or tricks is None:
        return ""
    return signed(analysis.tricks_against_dd(declarer, strain, tricks))


def vs_par(analysis: BoardAnalysis, ns_score: int | None) -> str:
    """North-South's score against the par, or ``""`` without a score."""
    if ns_score is None:
        return ""
    return signed(analysis.score_against_par(ns_score))
