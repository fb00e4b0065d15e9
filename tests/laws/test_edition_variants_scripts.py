"""Each edition variant is tested in both editions by the table scripts.

For every rule the code declares with ``by_edition``: a script of each edition reaches it, and
with that rule's two variants swapped (the other edition's applied, every other rule as it is)
at least one of the scripts of that edition that reach it fails. So applying the wrong
edition's variant of any rule is caught by a script whose expectation comes from the law text.

Where the editions differ only in what a ruling or review says (the clause it points to for
equity, what is unauthorized), a script's expectations name clauses, not words: :data:`WORDS`
adds, for those scripts, the words their rulings must (or must not) carry, each from the law.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bridgelaw.laws.editions import PROBES
from bridgelaw.laws.index import variants
from bridgelaw.table.script import load_script, run_script

from ..table.support import HERE, check

SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml"))

WORDS: dict[str, tuple[tuple[str, str, str, bool], ...]] = {
    # (rulings or reviews, the exact law, words in its text, whether one such entry is there)
    # 2017 15A3: an adjusted score (Law 12); 2007 17D3: an artificial adjusted score
    "boards/l15a3-differing-call-adjusted-score.yaml": (("rulings", "15A3", "artificial", False),),
    "boards/e2007-l17d3-differing-call-artificial-scores.yaml": (
        ("rulings", "17D3", "artificial adjusted scores", True),
    ),
    # 2007 15B: a board played before by one of the four; the others' scores under the same 15B
    "boards/e2007-l15b-played-before-second-score-cancelled.yaml": (
        ("reviews", "15B", "deprived", True),
    ),
    # 2007 61B3: defenders may ask each other unless the regulating authority forbids it;
    # 2017 61B3 has no such reservation
    "dummy/e2007-l61b3-partner-asks.yaml": (("rulings", "61B3", "regulating authority", True),),
    "dummy/l61b3-partner-asks.yaml": (("rulings", "61B3", "regulating authority", False),),
    # 2017 62D2: what the corrected trick-12 card told partner is unauthorized (16C); 2007 62D2:
    # partner may not choose a play the withdrawn card suggested
    "irregular-play/l62d2-trick-12-revoke-corrected-before-partner.yaml": (
        ("reviews", "62D2", "16C", True),
    ),
    "irregular-play/e2007-l62d2-trick-12-revoke.yaml": (("reviews", "62D2", "suggested", True),),
    # 2017 64B3 names dummy's card or a penalty card, equity under 64C1; 2007 64B3: any card faced
    # on the table, and its 64C is one clause
    "play/l64b3-penalty-card-not-played.yaml": (
        ("rulings", "64B3", "64C1", True),
        ("rulings", "64B3", "any card faced", False),
    ),
    "play/e2007-l64b3-penalty-card-not-played.yaml": (
        ("rulings", "64B3", "any card faced on the table", True),
        ("rulings", "64B3", "64C1", False),
    ),
    # 2017 64B7: equity when both sides revoked is 64C2b; 2007: its one 64C
    "play/l64b7-both-sides-revoked.yaml": (("rulings", "64B7", "64C2b", True),),
    "play/e2007-l64b7-different-tricks-no-transfer.yaml": (("rulings", "64B7", "64C2b", False),),
    # 2007 70E1 also accepts an unstated line when not taking it would be irrational; the 2017
    # 70E1 has no such exception, so nothing is noted for it
    "claims/e2007-l68d-disputed-claim.yaml": (("reviews", "70E1", "irrational", True),),
    "claims/l68d2-dummy-disputes-a-defenders-claim.yaml": (("reviews", "70E1", "", False),),
}

UNSEEN = {
    ("31B", 2017): "the 2007 variant asks 29C when the cancelled call armed a lead restriction "
    "(2007 31B); a 2017 table arms none for it at that point (Laws 30-32 of 2017 restrict the "
    "lead only after a call judged not comparable), so both variants give the same in 2017",
}
"""Variants that cannot differ in a table of this edition, with why."""


def words_hold(path: Path) -> None:
    """The :data:`WORDS` expectations of one script."""
    expected = WORDS.get(path.relative_to(HERE / "scripts").as_posix(), ())
    if not expected:
        return
    output = run_script(load_script(path)).to_json()
    for key, law, words, present in expected:
        found = [r for r in output[key] if r["law"] == law and words in r["text"]]
        assert bool(found) == present, (key, law, words, output[key])


@contextmanager
def probe(choose: Callable[[str, int], int]) -> Iterator[None]:
    PROBES.append(choose)
    try:
        yield
    finally:
        PROBES.remove(choose)


def passes(path: Path) -> bool:
    try:
        check(path)
        words_hold(path)
    except (Exception, pytest.fail.Exception):
        return False
    return True


def reached() -> dict[tuple[str, int], list[Path]]:
    """The scripts that reach each rule's variant in their edition, in the scripts' order."""
    found: dict[tuple[str, int], list[Path]] = {}
    current: list[Path] = []

    def record(tag: str, edition: int) -> int:
        scripts = found.setdefault((tag, edition), [])
        if not scripts or scripts[-1] is not current[0]:
            scripts.append(current[0])
        return edition

    with probe(record):
        for path in SCRIPTS:
            current[:] = [path]
            assert passes(path), path
    return found


def swapped_fails(tag: str, scripts: list[Path]) -> Path | None:
    """The first of ``scripts`` that fails with ``tag``'s variants swapped; None if none."""

    def swap(t: str, edition: int) -> int:
        return 2017 + 2007 - edition if t == tag else edition

    with probe(swap):
        return next((p for p in scripts if not passes(p)), None)


def test_every_variant_is_reached_and_checked_in_both_editions() -> None:
    found = reached()
    gaps = []
    for tag in sorted({v.tag for v in variants()}):
        for edition in (2017, 2007):
            scripts = found.get((tag, edition), [])
            if (tag, edition) in UNSEEN:
                continue
            if not scripts:
                gaps.append(f"{tag} {edition}: no script reaches it")
            elif swapped_fails(tag, scripts) is None:
                gaps.append(
                    f"{tag} {edition}: {len(scripts)} scripts reach it, none notices a swap"
                )
    assert not gaps, "\n".join(gaps)


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_words_of_each_edition_s_variant(name: str) -> None:
    words_hold(HERE / "scripts" / name)
