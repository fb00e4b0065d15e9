"""One rule names the pairs of a session in sections or numbered by direction, whatever file
it comes from: a Bridgemate database, a PBN ``ScoreTable`` and a
USEBIO file of the same session give the same pairs (:mod:`bridgelaw.formats.pair_names`).

Where North-South pair 1 and East-West pair 1 both play (a Mitchell numbered by direction)
they are two pairs, since one pair cannot play a board against itself (Law 4): every pair of
that section carries its direction, also one whose number the other direction does not use
(a field of unequal size). The section's letter comes first where the session has more than
one section, since each section has its own pair 1.
"""

from __future__ import annotations

from bridgelaw.formats.bws import BwsResult, BwsRound, BwsSection, BwsSession, session_tournament
from bridgelaw.formats.results_json import ReadOutcome
from bridgelaw.formats.results_pbn import read_results_pbn
from bridgelaw.formats.usebio_read import read_usebio
from bridgelaw.tournament.session import TournamentInput

# (section letter, table, North-South pair, East-West pair): one round, boards 1-2
ONE_SECTION = [("A", 1, 1, 1), ("A", 2, 3, 4)]  # pair 1 both ways; 3 and 4 one way each
TWO_SECTIONS = [("A", 1, 1, 1), ("A", 2, 2, 2), ("B", 1, 1, 1), ("B", 2, 2, 2)]


def _pairs(outcome: ReadOutcome) -> set[str]:
    assert outcome.problems == [], [str(p) for p in outcome.problems]
    tournament = outcome.tournament
    assert isinstance(tournament, TournamentInput)
    return {pair for line in tournament.lines for pair in (line.ns, line.ew)}


def from_bws(tables: list[tuple[str, int, int, int]]) -> set[str]:
    session = BwsSession("club.bws", "Monday", "2026-01-26")
    ids = {letter: i for i, letter in enumerate(sorted({t[0] for t in tables}), 1)}
    session.sections = {i: BwsSection(i, letter, 2) for letter, i in ids.items()}
    session.rounds = [BwsRound(ids[s], t, 1, ns, ew, 1, 2, n)
                      for n, (s, t, ns, ew) in enumerate(tables, 1)]  # fmt: skip
    session.results = [BwsResult(n, ids[s], t, 1, 1, ns, ew, "N", "4 S", "=", "", "", False)
                       for n, (s, t, ns, ew) in enumerate(tables, 1)]  # fmt: skip
    return _pairs(session_tournament(session))


def from_pbn(tables: list[tuple[str, int, int, int]]) -> set[str]:
    rows = "".join(f"{s} {ns} {ew} 4S N 10\n" for s, _, ns, ew in tables)
    text = (
        '[Event "Monday"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Scoring "MatchPoints"]\n'
        '[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result"]\n' + rows
    )
    return _pairs(read_results_pbn(text, "club.pbn"))


def from_usebio(tables: list[tuple[str, int, int, int]]) -> set[str]:
    pairs = sorted({(ns, "NS") for _, _, ns, _ in tables} | {(ew, "EW") for _, _, _, ew in tables})
    participants = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION></PAIR>" for n, d in pairs
    )
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        "</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
        "<SCORE>420</SCORE></TRAVELLER_LINE>"
        for _, _, ns, ew in tables
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?><USEBIO Version="1.2">'
        '<EVENT EVENT_TYPE="MP_PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>'
        '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">'
        f"<PARTICIPANTS>{participants}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>"
        "</SECTION></SESSION></EVENT></USEBIO>"
    )
    return _pairs(read_usebio(xml.encode(), "club.xml"))


def test_one_section_numbered_by_direction_is_named_alike_by_every_reader() -> None:
    # one section: no letter; numbered by direction: every pair with its direction (the
    # unequal field's pairs 3 NS and 4 EW too, as the other pairs of their section)
    expected = {"1 NS", "1 EW", "3 NS", "4 EW"}
    assert from_bws(ONE_SECTION) == expected
    assert from_pbn(ONE_SECTION) == expected
    assert from_usebio(ONE_SECTION) == expected


def test_two_sections_are_named_alike_by_the_database_and_pbn_readers() -> None:
    expected = {f"{s}{n} {d}" for s in "AB" for n in (1, 2) for d in ("NS", "EW")}
    assert from_bws(TWO_SECTIONS) == expected
    assert from_pbn(TWO_SECTIONS) == expected
