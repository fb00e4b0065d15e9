"""Edition variants (issue 12): the law book's flags, the project's words for what differs and
the code's ``by_edition`` declarations agree, both ways.

A clause the law book flags as differing (``d``) has variants in the code, unless the book says
one code applies both editions (``s``); every tag the code declares is a differing clause, with
its words in :mod:`bridgelaw.laws.differences`.
"""

from __future__ import annotations

from bridgelaw.laws import CLAUSES, VARIANT_WORDS
from bridgelaw.laws.editions import PROBES, by_edition
from bridgelaw.laws.index import cited_in_variants, variants, variants_of


def _ruled_by_variants(key: str) -> bool:
    return bool(variants_of(key)) or key in cited_in_variants()


def test_by_edition_picks_the_edition_s_variant() -> None:
    assert by_edition("57A", 2017, e2017="a", e2007="b") == "a"
    assert by_edition("57A", 2007, e2017="a", e2007="b") == "b"
    PROBES.append(lambda tag, edition: 2007 if tag == "57A" else edition)
    try:
        assert by_edition("57A", 2017, e2017="a", e2007="b") == "b"
        assert by_edition("57D", 2017, e2017="a", e2007="b") == "a"
    finally:
        PROBES.pop()


def test_the_code_declares_variants_in_both_editions() -> None:
    found = variants()
    assert len({v.tag for v in found}) >= 35
    for tag in {v.tag for v in found}:
        assert {v.edition for v in found if v.tag == tag} == {2007, 2017}, tag
    for v in found:
        assert v.file.startswith("src/bridgelaw/") and v.line > 0 and v.function, v


def test_every_tag_is_a_differing_clause_with_its_words() -> None:
    tags = {v.tag for v in variants()}
    assert tags == set(VARIANT_WORDS), tags ^ set(VARIANT_WORDS)
    for tag in tags:
        for key in tag.split():
            c = CLAUSES[key]
            assert c.differs and not c.one_code, f"{key}: variants in the code, not flagged d"


def test_every_differing_clause_has_variants_unless_one_code_applies_both() -> None:
    missing = [k for k, c in CLAUSES.items() if c.differs and not c.one_code and not
               _ruled_by_variants(k)]  # fmt: skip
    assert not missing, f"flagged d without a variant in the code (by_edition): {missing}"
    wrong = [k for k, c in CLAUSES.items() if c.one_code and variants_of(k)]
    assert not wrong, f"flagged s (one code for both editions) but with variants: {wrong}"
    stray = [k for k, c in CLAUSES.items() if c.one_code and not c.differs]
    assert not stray, f"flagged s without d: {stray}"
