"""The catalogs are complete and keep every parameter; plural forms follow CLDR."""

from __future__ import annotations

import pytest
from babel import Locale
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cards import Seat, parse_card
from bridgelaw.i18n import LANGUAGES, UnknownLanguage, count_text, render
from bridgelaw.i18n.catalogs import (
    CALL_WORDS,
    COUNTS,
    EDITIONS,
    PLURAL_BY,
    WORDS,
    fields,
    load,
    plural_index,
    translation,
)
from bridgelaw.table.messages import CATALOG, MESSAGES, Kind, Said, say

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
NUMBERS = (1, 2, 5, 22, 112)


def contexts() -> list[tuple[str, tuple[str, ...]]]:
    """Every catalog entry's context with its English forms."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for message in MESSAGES:
        found.append((message.id, (message.template,)))
        for edition in EDITIONS.get(message.id, ()):
            found.append((f"{message.id}|{edition}", (message.template,)))
    found += [(f"word.{w}", (w,)) for w in WORDS]
    found += [(f"call.{c}", (c,)) for c in CALL_WORDS]
    found += list(COUNTS.items())
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation(lang: str) -> None:
    entries = load(lang).entries
    missing = [context for context, _ in contexts() if context not in entries]
    assert not missing, f"{lang}: {len(missing)} untranslated (or fuzzy): {missing[:10]}"
    nplurals = {"pl": 3, "sk": 3, "hu": 2}[lang]
    for context in [*PLURAL_BY, *COUNTS]:
        forms = entries[context]
        assert isinstance(forms, tuple) and len(forms) == nplurals and all(forms), context


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_drops_or_adds_a_parameter(lang: str) -> None:
    entries = load(lang).entries
    wrong = []
    for context, english in contexts():
        want = fields(english[0])
        found = entries.get(context)
        forms = found if isinstance(found, tuple) else (found or english[0],)
        wrong += [(context, form) for form in forms if fields(form) != want]
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_a_dropped_parameter_is_seen() -> None:
    # the check above compares the names; it would see this translation
    assert fields("{seat} exposed {what}") != fields("{seat} odsłonił kartę")


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    said = say("law67-omit", seat=Seat.EAST, trick=4)
    with pytest.raises(UnknownLanguage, match="en, pl, hu, sk"):
        render(said, "de", 2017)
    with pytest.raises(UnknownLanguage):
        translation("xx", "law67-omit")


# Plural forms at 1, 2, 5, 22 and 112, written from each language's grammar.
TRICKS = {
    "en": ("1 trick", "2 tricks", "5 tricks", "22 tricks", "112 tricks"),
    "pl": ("1 lewa", "2 lewy", "5 lew", "22 lewy", "112 lew"),
    "hu": ("1 ütés", "2 ütés", "5 ütés", "22 ütés", "112 ütés"),
    "sk": ("1 zdvih", "2 zdvihy", "5 zdvihov", "22 zdvihov", "112 zdvihov"),
}
MATCHPOINTS = {
    "en": ("1 matchpoint", "2 matchpoints", "5 matchpoints", "22 matchpoints", "112 matchpoints"),
    "pl": ("1 punkt", "2 punkty", "5 punktów", "22 punkty", "112 punktów"),
    "hu": ("1 pont", "2 pont", "5 pont", "22 pont", "112 pont"),
    "sk": ("1 bod", "2 body", "5 bodov", "22 bodov", "112 bodov"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_at_1_2_5_22_112(lang: str) -> None:
    assert tuple(count_text(lang, "tricks", n) for n in NUMBERS) == TRICKS[lang]
    assert tuple(count_text(lang, "matchpoints", n) for n in NUMBERS) == MATCHPOINTS[lang]


# The tricks given back (71): the noun agrees with {back}.
GIVEN_BACK = {
    "pl": ("1 lewę, których", "2 lewy, których", "5 lew, których", "22 lewy", "112 lew"),
    "sk": ("1 zdvih, ktorého", "2 zdvihy, ktorých", "5 zdvihov", "22 zdvihov", "112 zdvihov"),
    "hu": ("1 ütést, amelyről", "2 ütést, amelyekről", "5 ütést", "22 ütést", "112 ütést"),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_ruling_agrees_with_its_count(lang: str) -> None:
    tally = say("settle.tally", side="NS", credited=1, remaining=1, total=9)
    for number, words in zip(NUMBERS, GIVEN_BACK[lang], strict=True):
        said = say("settle.back.71.many", side="EW", back=number, tally=tally)
        text = render(said, lang, 2017)
        if lang == "pl" and number == 1:
            words = "1 lewę, której"  # the .many message at 1 still takes the singular
        assert words in text, (number, text)


def test_polish_remaining_tricks_agree() -> None:
    for remaining, words in ((1, "z 1 pozostałej lewy"), (4, "z 4 pozostałych lew")):
        said = say("settle.tally", side="NS", credited=1, remaining=remaining, total=9)
        assert words in render(said, "pl", 2017)


# CLDR's categories for whole numbers, and the form each takes in the catalog's header.
FORM_OF_CATEGORY = {
    "pl": {"one": 0, "few": 1, "many": 2},
    "sk": {"one": 0, "few": 1, "other": 2},
    "hu": {"one": 0, "other": 1},
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogs_plural_rule_is_cldrs(lang: str) -> None:
    locale = Locale.parse(lang)
    for n in range(0, 1001):
        assert plural_index(lang, n) == FORM_OF_CATEGORY[lang][locale.plural_form(n)], n


def test_the_editions_term_decides() -> None:
    # Law 90: "kary porządkowe" in the Polish 2007 Laws, "kara proceduralna" in Polish 2017 (15A3)
    said = say("law43a2-broken.dummy-may-get-procedural", dummy=Seat.NORTH)
    assert "karę porządkową" in render(said, "pl", 2007)
    assert "karę proceduralną" in render(said, "pl", 2017)


def test_english_is_the_catalogs_own() -> None:
    said = say("revoke", seat=Seat.NORTH, card=parse_card("SA"), trick=3)
    assert render(said, "en", 2017) == said.text() == "N's SA on trick 3"


def test_calls_and_words_are_translated() -> None:
    said = say("law21b-event.keeps", offender=Seat.WEST, call="pass")
    assert render(said, "pl", 2017) == "W pozostaje przy swojej zapowiedzi pas."
    assert "passz" in render(said, "hu", 2017)
    choose = say("law57-choose", seat=Seat.EAST, word="lowest")
    assert render(choose, "sk", 2017) == "hlavný hráč volí za hráča E: najnižšia."


# Any message with any values: each value a reader must see is in the text, in every language.
SHOWN = (Kind.SEAT, Kind.CARD, Kind.NUMBER, Kind.CLAUSE, Kind.SIDE)


def _value(kind: Kind, draw: st.DrawFn) -> object:
    if kind == Kind.SEAT:
        return draw(st.sampled_from(list(Seat)))
    if kind == Kind.CARD:
        return parse_card(draw(st.sampled_from(["SA", "HT", "D2", "CK", "S9"])))
    if kind == Kind.NUMBER:
        return draw(st.integers(0, 200))
    if kind == Kind.CARDS:
        return (parse_card("SA"), parse_card("H3"))
    if kind == Kind.SEATS:
        return (Seat.NORTH, Seat.SOUTH)
    if kind == Kind.SUIT:
        return "S"
    if kind in (Kind.CALL, Kind.CONTRACT):
        return draw(st.sampled_from(["1NT", "pass", "X", "4S"]))
    if kind == Kind.CLAUSE:
        return draw(st.sampled_from(["16C2", "26B", "50D2"]))
    if kind == Kind.SIDE:
        return draw(st.sampled_from(["NS", "EW"]))
    if kind == Kind.WORD:
        return draw(st.sampled_from([*WORDS, "forbid S", "Q"]))
    if kind == Kind.MESSAGE:
        return say("law67-omit", seat=Seat.EAST, trick=7)
    return "free words"


@st.composite
def said(draw: st.DrawFn) -> tuple[Said, dict[str, object]]:
    message = draw(st.sampled_from(MESSAGES))
    values = {name: _value(kind, draw) for name, kind in message.params}
    return say(message.id, **values), values


@settings(max_examples=300, deadline=None)
@given(said(), st.sampled_from(TRANSLATED), st.sampled_from([2007, 2017]))
def test_every_shown_value_is_in_the_text(
    case: tuple[Said, dict[str, object]], lang: str, edition: int
) -> None:
    spoken, _ = case
    text = render(spoken, lang, edition)
    assert "{" not in text and "}" not in text, text
    kinds = dict(CATALOG[spoken.message].params)
    for name, value in spoken.params:
        if kinds[name] in SHOWN:
            assert str(value) in text, (spoken.message, name, value, text)
