"""What each option of an offer means, in plain words: the offer's typed options.

The engine's offer (:class:`~bridgelaw.table.state.Awaiting`) names, under a clause, the
options it takes. :meth:`Awaiting.choices <bridgelaw.table.state.Awaiting.choices>` gives each
as a :class:`Choice`: the exact event text that chooses it (``S decline``), a short label, the
clause the option applies and its consequence, so that a client renders the options without
knowing any law. A director at the table explains the choice before the player makes it; the
sentences are the project's own summaries of the Laws (2017 unless the table's edition says
otherwise), citing the law, never the law's text.

Each option is explained from its command, never from its words: :data:`EXPLAINERS` has one
function per action the engine can offer (every :data:`~bridgelaw.table.offers.AnswerAction`,
and the calls, cards, revoke corrections and namings of dummy's card of :data:`MOVES`), which
reads what the command names from its typed fields (``suits``, ``number``, ``card``,
``seat_named``, ``strains``...). The tests fail when the engine can offer an action, or an
offer, that this module cannot explain (every ``AnswerAction``, every offer of the table
scripts and every offer the engine's code writes out).

An offer may come as the engine's :class:`~bridgelaw.table.state.Awaiting` or as its JSON (the
script's ``awaiting``), read once into an ``Awaiting`` at the boundary:

>>> offer = {"who": "N", "law": "54", "options": ["accept", "spread", "decline"]}
>>> [(o["event"], o["law"], o["label"]) for o in explain(offer)["options"]]
[('N accept', '54B', 'Accept it'), ('N spread', '54A', 'Spread my hand: I become dummy'), \
('N decline', '54D', 'Do not accept it')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast, get_args

from bridgelaw.cards import Strain, Suit, card_name
from bridgelaw.laws import CLAUSES
from bridgelaw.table.events import LEAD_CHOICES, Action, ScriptError, Who
from bridgelaw.table.rules.registry import DECLARED
from bridgelaw.table.state import Awaiting, Choice, Option

__all__ = [
    "CALL_GROUPS",
    "CALL_GROUP_TITLES",
    "EXPLAINERS",
    "LAYER_TITLES",
    "MOVES",
    "TITLES",
    "as_offer",
    "choice",
    "choices",
    "consequence",
    "explain",
    "groups",
    "label",
    "offer_of",
    "title",
]

Said = tuple[str, str]
"""What an option does: the clause it applies, and the consequence in plain words."""

SUITS: dict[Strain, str] = {
    Strain.SPADES: "spades",
    Strain.HEARTS: "hearts",
    Strain.DIAMONDS: "diamonds",
    Strain.CLUBS: "clubs",
    Strain.NOTRUMP: "no trumps",
}

LAYER_TITLES: dict[str, str] = {
    "26A2": "a lead restriction after a withdrawn call (2007)",
    "26B": "a lead restriction after a withdrawn call",
    "31A1": "a bid out of rotation cancelled: the offender repeats it",
    "31B1": "a bid out of rotation at partner's turn (or LHO's, before the offender had "
    "called) cancelled: partner calls freely",
    "32B1": "a double or redouble out of rotation at partner's turn: partner calls freely",
    "32A1": "a double or redouble out of rotation cancelled: the offender repeats it",
}
"""The titles of the offers a layer makes, not an open matter: declarer's choice of a lead
restriction (Law 26, the engine) and a forced repeat (31A1, 32A1: the auction layer's next
call rule). An open matter's offer declares its own title (``Applies.title``)."""


def _declared_titles() -> dict[str, str]:
    """Each offer's title as its open matter declares it (``bridgelaw.table.rules``), by its
    clause, and by its 2007 number where the table cites it through the law book (13B is
    2007's 13A, 25A6 its 25A4, 71B its 71)."""
    titles: dict[str, str] = {}
    offers = [a for d in DECLARED for a in d.applies if a.title]
    for a in offers:
        titles.setdefault(a.clause, a.title)
    for a in offers:
        for number in CLAUSES[a.clause].numbers[2007] if a.by_book else ():
            titles.setdefault(number, a.title)
    return titles


TITLES: dict[str, str] = {**_declared_titles(), **LAYER_TITLES}
"""What happened, as the director announces the choice he offers, by the offer's clause: the
open matters' declared titles and the layers' own."""

JUDGEMENTS: dict[str, tuple[str, str]] = {
    "comparable": (
        "23A",
        "the new call is comparable to the withdrawn one (same or narrower meaning, or the "
        "same purpose): the auction goes on with no rectification (23B); the director may "
        "adjust at the end if the infraction helped (23C)",
    ),
    "not-comparable": (
        "23A",
        "the new call is not comparable: the offender's partner must pass as the law in "
        "question says (27B2, 30B, 31A2, 32A2...), declarer may restrict the lead (26B), "
        "and the withdrawn call is unauthorized information for the offender's side (16C)",
    ),
    "unintended": (
        "25A1",
        "the first call was a slip: the intended call replaces it with no rectification, "
        "and the next player may take back his call over it (25A6)",
    ),
    "intended": (
        "25B",
        "the change was deliberate: the next player may accept the new call (25B1); "
        "otherwise the first call stands (25B2)",
    ),
    "accepted": (
        "29A",
        "the player in turn meant to call over the call out of rotation: he accepted it, "
        "and it stands as if in rotation",
    ),
    "in-turn": (
        "28B",
        "the player in turn called without regard to the call out of rotation: his call "
        "stands, the call out of rotation is cancelled, and it is unauthorized information "
        "for the offender's side (16C)",
    ),
    "playable": ("13B", "the board is played on as it is, the hand made complete"),
    "not-playable": ("13B", "the board cannot be played normally: an adjusted score (12C)"),
}


def _declared_answers() -> dict[str, dict[str, Said]]:
    """What each answer of each offer of fixed answers does (accept or decline; 54's
    spread), as its open matter declares it (``Applies.means``), by the
    offer's clause and, for an offer cited through the law book, by its 2007 number (25A6 is
    2007's 25A4): the answer's word -> (the clause it applies, what it does)."""
    answers: dict[str, dict[str, Said]] = {}
    offers = [a for d in DECLARED for a in d.applies if a.means]
    for edition in (2017, 2007):
        for a in offers:
            if edition == 2007 and not a.by_book:
                continue
            said = {m.word: (_numbered(m.clause, edition), m.consequence) for m in a.means}
            for number in CLAUSES[a.clause].numbers[edition]:
                answers.setdefault(number, said)
    return answers


def _numbered(key: str, edition: int) -> str:
    """Clause ``key`` of the law book as ``edition`` numbers it (itself if it has no number
    there)."""
    numbers = CLAUSES[key].numbers[edition]
    return numbers[0] if numbers else key


ANSWERS: dict[str, dict[str, Said]] = _declared_answers()
"""For each offer of fixed answers by its clause: each answer's word -> (the clause it
applies, what it does)."""

CLAIM = {
    "agree": ("69A", "the claim stands: the tricks are scored as claimed (69A)"),
    "dispute": ("68D", "play stops and the director decides the tricks (Law 70)"),
}
CLAIM_PLAY_ON = {
    "agree": ("68D2b", "play goes on: the claim is void and the tricks played count"),
    "dispute": ("68D2", "play does not go on: the director decides the tricks (Law 70)"),
}
"""A claim's answers, kept here rather than declared with the claim's offers: the dispute
cites 68D, the heading of the Law (play ceases), which the law book does not hold as a clause
of its own (its 68D2 is 2007's 68D)."""

TRICKS_PRINCIPLE: dict[str, str] = {
    "70": "doubtful points go against the claimer (70A)",
    "69B2": "the side that agreed gets back a trick it would likely have won had play gone on "
    "(69B2)",
    "71B": "the side that conceded gets back a trick it could not have lost by any normal play "
    "(71B)",
    "71": "the side that conceded gets back a trick it could not have lost by any normal play "
    "(2007 Law 71)",
}
"""How the director decides the tricks, by the clause he rules under: a disputed claim (70),
an agreement withdrawn (69B2), a concession cancelled (71B; 2007: 71). A trick already won
(71A) the engine never offers back: the tricks it counts as won stand."""

CALL_LAWS: dict[str, str] = {
    "27B": "lowest sufficient bid in the same denomination: no rectification (27B1a); any "
    "other call: the director judges if it is comparable (27B1b), else the partner must "
    "pass throughout (27B2)",
    "27B3": "a sufficient bid or a pass; the offender's partner must pass throughout",
    "36B2": "any legal call; the offender's partner must pass throughout (36B2)",
    "36B4": "the auction goes back to the player in turn; the offender's partner will have "
    "to pass throughout",
    "21B1a": "the new call replaces the one made on misinformation",
    "21B2": "the new call replaces the one made over the changed call",
    "31A1": "the offender must repeat the call made out of rotation: no rectification",
    "31B1": "the bid out of rotation is cancelled: partner calls freely (the cancelled call is "
    "unauthorized information for him, 16C2)",
    "32B1": "the double or redouble out of rotation is cancelled: partner calls freely (the "
    "cancelled call is unauthorized information for him, 16C2)",
    "32A1": "the offender must repeat the double or redouble: no rectification",
    "17D2": "he repeats the call he made over the cancelled one, the only call 2007 17D2 "
    "lets him make; the auction then goes on normally",
}


CALL_GROUP_TITLES: dict[str, str] = {
    "27B1a": "The lowest sufficient bid in the same denomination",
    "27B1b": "Any other bid",
    "27B2": "Pass",
    "27B3": "Double or redouble",
}
"""The heading of each kind of call an offer of many calls sorts its options by (27B: the
offender's replacement of an insufficient bid), by the clause it leads to."""

CALL_GROUPS: dict[str, str] = {
    "27B1a": "it stands with no rectification: the auction goes on normally; the director may "
    "adjust the score at the end if the insufficient bid helped (27D)",
    "27B1b": "the director judges whether it is comparable (23A): if it is, no rectification; "
    "if not, the offender's partner must pass for the rest of the auction (27B2) and declarer "
    "may restrict the opening lead (26B)",
    "27B2": "the director judges it, but a pass is hardly ever comparable to a bid: the "
    "offender's partner must then pass for the rest of the auction, and declarer may restrict the "
    "opening lead (26B)",
    "27B3": "the director judges whether it is comparable; if not, it is cancelled, the offender "
    "calls again (a sufficient bid or a pass) and his partner must pass for the rest of the "
    "auction (27B3)",
}
"""What follows a call of each kind of :data:`CALL_GROUP_TITLES`."""


MOVES: frozenset[Action] = frozenset({Action.CALL, Action.CARD, Action.CORRECT, Action.NAMES})
"""The commands an offer may name besides the answers (:data:`ANSWER_ACTIONS`): a call or a
card the Laws leave to the player (27B, 36B2, 45C4b, 62C1...), a revoke's correction (62A,
62C3) and declarer's naming of dummy's card (46B3b)."""

Translate = Callable[[str], str]
"""A language's translation of an English sentence or template of this module (gettext's
``_``); the English itself by default. Templates name their parameters (``{suits}``) and are
filled after translating (bridgelaw.i18n.offers; docs/languages.md)."""


def english(text: str) -> str:
    """The English of this module's sentences: the default :data:`Translate`."""
    return text


Explainer = Callable[[Awaiting, Option, Translate], Said | None]
"""What one option of an offer does, in the language of its :data:`Translate`; None when this
module has no sentence for it."""


def offer_of(awaiting: Mapping[str, Any]) -> Awaiting:
    """The engine's offer read back from its JSON (``{"who", "law", "options"}``); a
    :class:`ValueError` naming what is wrong if it is not one."""
    who, law, options = awaiting.get("who"), awaiting.get("law"), awaiting.get("options", [])
    if who not in get_args(Who):
        raise ValueError(f"offer: 'who' is a seat (N, E, S, W) or 'director', not {who!r}")
    if not isinstance(law, str) or not law:
        raise ValueError(f"offer: 'law' is a clause like '54', not {law!r}")
    if not isinstance(options, list) or not all(isinstance(w, str) for w in options):
        raise ValueError(f"offer under Law {law}: 'options' is a list of words, not {options!r}")
    return _commanded(Awaiting(cast(Who, who), law, tuple(options)))


def _commanded(offer: Awaiting) -> Awaiting:
    """``offer``, once each of its options is known to be a command."""
    # a function of its own: the law index (bridgelaw.laws.index) recurses without end on an
    # Awaiting(...) assigned to a name in a function where its law is a local name
    try:
        offer.commands()
    except ScriptError as error:
        raise ValueError(
            f"offer under Law {offer.law}: an option is not a command: {error}"
        ) from None
    return offer


def explain(
    awaiting: Awaiting | Mapping[str, Any] | None, tr: Translate = english
) -> dict[str, Any] | None:
    """The offer with a title and, per option of the party it waits for (``who``), its event
    text, label, clause and consequence: ``{"who", "law", "title", "options": [{"event",
    "label", "law", "consequence", "who", "option"}]}`` (``option``: the word of the script's
    ``awaiting``). :func:`as_offer` gives every party's options."""
    if awaiting is None:
        return None
    offer = awaiting if isinstance(awaiting, Awaiting) else offer_of(awaiting)
    return as_offer(offer, offer.who, tr)


def choices(offer: Awaiting, tr: Translate = english) -> tuple[Choice, ...]:
    """Every option of every party (``who`` first) as a client shows it: the event text that
    chooses it, its label, clause and consequence. (Here, not on :class:`Awaiting`: the offer
    is the engine's state, its meanings are words about it.)"""
    return tuple(choice(offer, o, tr) for o in offer.commands())


def as_offer(offer: Awaiting, party: Who | None = None, tr: Translate = english) -> dict[str, Any]:
    """The offer on the wire (``table-api.md``): ``{"who", "law", "title", "options":
    [{"event", "label", "law", "consequence", "who", "option"}]}``, with the options of
    ``party`` only, or of every party when None (the director's view)."""
    data: dict[str, Any] = {
        "who": offer.who,
        "law": offer.law,
        "title": title(offer, tr),
        "options": [c.as_json() for c in choices(offer, tr) if party in (None, c.who)],
    }
    if offer.groups and party in (None, offer.who):
        data["groups"] = groups(offer, tr)
    return data


def title(offer: Awaiting, tr: Translate = english) -> str:
    """What happened, as the director announces the choice he offers."""
    found = TITLES.get(offer.law) or TITLES.get(_base(offer.law))
    return tr(found) if found else tr("an offer under Law {law}").format(law=offer.law)


def choice(offer: Awaiting, option: Option, tr: Translate = english) -> Choice:
    """``option`` of ``offer`` as a client shows it: its event text, label, clause and
    consequence."""
    said = consequence(offer, option, tr)
    if said is None:  # an offer the engine makes and no sentence here covers
        said = offer.law, f"{option.who} {option.word} (Law {offer.law})"
    clause, text = said
    group = _group_of(offer, option)
    return Choice(
        option.who,
        f"{option.who} {option.word}",
        label(option, tr),
        clause,
        text,
        option.word,
        group,
    )


def _group_of(offer: Awaiting, option: Option) -> str:
    """The key of :data:`CALL_GROUPS` the offer gives ``option`` (its party's), or ""."""
    if option.who != offer.who:
        return ""
    for word, key in offer.groups:
        if word == option.word:
            return key
    return ""


def groups(offer: Awaiting, tr: Translate = english) -> list[dict[str, str]]:
    """The groups of an offer of many options (:attr:`Awaiting.groups`), in the order of
    :data:`CALL_GROUPS`, those with options only: ``[{"group", "law", "title",
    "consequence"}]`` (``group``: the key each option's ``group`` names); [] for any other
    offer."""
    present = {key for _, key in offer.groups}
    return [
        {"group": key, "law": key, "title": tr(title), "consequence": tr(CALL_GROUPS[key])}
        for key, title in CALL_GROUP_TITLES.items()
        if key in present
    ]


def consequence(offer: Awaiting, option: Option, tr: Translate = english) -> Said | None:
    """What ``option`` of ``offer`` does, from its command; None if this module cannot say
    (the console then shows a bare sentence naming the law, and the tests fail)."""
    explainer = EXPLAINERS.get(option.command.action)
    return None if explainer is None else explainer(offer, option, tr)


def _nearest(table: Mapping[str, str], law: str) -> str | None:
    """The entry of ``table`` for ``law`` or the nearest clause above it (``71B`` -> ``71``)."""
    for size in range(len(law), 1, -1):
        if law[:size] in table:
            return table[law[:size]]
    return None


def _base(law: str) -> str:
    """``30B1bii`` -> ``30B1b``; ``70D1`` -> ``70``: the nearest clause the tables name."""
    for size in range(len(law), 1, -1):
        if law[:size] in TITLES:
            return law[:size]
    return law


def _in(tr: Translate, said: Said) -> Said:
    """A table's (clause, sentence) with the sentence translated."""
    return said[0], tr(said[1])


def _suits(tr: Translate, strains: Iterable[Strain]) -> str:
    """Suits' names joined with "and", in the language of ``tr``."""
    return tr(" and ").join(tr(SUITS[s]) for s in strains)


# -- one explainer per action -------------------------------------------------------------------


def _declared(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    """An answer of an offer of fixed answers, as the offer's open matter declares it
    (:data:`ANSWERS`: accept or decline, 54's spread)."""
    answers = ANSWERS.get(offer.law) or ANSWERS.get(_base(offer.law))
    said = None if answers is None else answers.get(option.command.action.value)
    return None if said is None else _in(tr, said)


def _claim_answer(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    answers = {"69A": CLAIM, "68D2b": CLAIM_PLAY_ON}.get(offer.law)
    return None if answers is None else _in(tr, answers[option.command.action])


SLIP_BEFORE_27: dict[Action, Said] = {
    Action.UNINTENDED: (
        "25A1",
        "the insufficient bid was a slip: the call intended replaces it where it stands, "
        "subject to the law that applies to it there, with no lead restriction (26); no "
        "insufficient bid is left for Law 27",
    ),
    Action.INTENDED: (
        "27C",
        "the insufficient bid was meant: the second call is an early replacement; the next "
        "player may still accept the insufficient bid (27A1), otherwise the replacement "
        "stands and is ruled on under 27B",
    ),
}
"""The director's 25A finding beside a 27C offer: an insufficient bid replaced at once may
have been a slip (25A comes before 27)."""


def _judgement(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    action = option.command.action
    if offer.law == "27C" and action in SLIP_BEFORE_27:
        return _in(tr, SLIP_BEFORE_27[action])
    clause, text = JUDGEMENTS[action]
    # 23A defines comparable; the clause applied is the offer's (27B1b, 30B1b, 31A2...)
    return (offer.law if clause == "23A" else clause), tr(text)


def _tricks(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    number = option.command.number
    principle = _nearest(TRICKS_PRINCIPLE, offer.law)
    if number is None or principle is None:
        return None
    template = tr("declarer's side is credited {number} of the remaining tricks; {principle}")
    return offer.law, template.format(number=number, principle=tr(principle))


LEAD_CHOICE_TEXTS: dict[str, str] = {
    "penalty-require": "the partner must lead {suits}; the penalty cards of {suits} are picked up",
    "penalty-forbid": "the partner may not lead {suits} while he keeps the lead; the penalty "
    "cards of {suits} are picked up",
    "57A-require": "the offender's partner must play {suits} (if void in the suit led)",
    "57A-forbid": "the offender's partner may not play {suits}",
    "require": "the offender's partner must lead {suits} at his first turn to lead",
    "forbid": "the offender's partner may not lead {suits} at his first turn to lead, for as "
    "long as he keeps the lead",
}
"""What declarer's requiring or forbidding a suit does, by the law offering it."""


def _lead_choice(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    law, verb, suits = offer.law, option.command.action, option.command.suits
    named = _suits(tr, (Strain(suit) for suit in suits))
    word = "require" if verb is Action.REQUIRE else "forbid"
    if law in ("50D2", "51B"):
        if law == "50D2":
            clause = "50D2a"
        elif len(_penalty_suits(offer)) == 1:  # 51B1: the penalty cards all of one suit
            clause = "51B1a" if verb is Action.REQUIRE else "51B1b"
        else:  # 51B2: of several suits
            clause = "51B2a" if verb is Action.REQUIRE else "51B2b"
        return clause, tr(LEAD_CHOICE_TEXTS[f"penalty-{word}"]).format(suits=named)
    if law == "57A":
        return law, tr(LEAD_CHOICE_TEXTS[f"57A-{word}"]).format(suits=named)
    return law, tr(LEAD_CHOICE_TEXTS[word]).format(suits=named)


def _penalty_suits(offer: Awaiting) -> set[Suit]:
    """The suits a 50D2/51B offer lets declarer require or forbid: those of the penalty cards."""
    commands = offer.commands()
    return {s for o in commands if o.command.action in LEAD_CHOICES for s in o.command.suits}


def _no_restriction(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    if offer.law in ("50D2", "51B"):
        several_suits = offer.law == "51B" and len(_penalty_suits(offer)) != 1
        return ("51B2c" if several_suits else "50D2b"), tr(
            "no restriction: the partner leads any card, and the penalty cards stay on "
            "the table (to be played at the first legal opportunity)"
        )
    return offer.law, tr("no restriction on the lead")


def _highest_or_lowest(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    if option.command.action is Action.HIGHEST:
        return "57A", tr("the offender's partner must play his highest card of the suit led")
    return "57A", tr("the offender's partner must play his lowest card of the suit led")


def _designate(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    card = option.command.card
    if card is None:
        return None
    if offer.law == "58B2":
        return offer.law, tr(
            "{card} is the card played; a defender's other cards seen become penalty cards"
        ).format(card=card_name(card))
    return offer.law, tr("{card} is the card played").format(card=card_name(card))


def _lead_hand(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    seat = option.command.seat_named
    if seat is None:
        return None
    return offer.law, tr("declarer must lead from {seat}'s hand").format(seat=seat.letter)


def _shows(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    shown = _suits(tr, option.command.strains) or tr("nothing")
    template = tr("the call showed {shown}: Laws 30 to 32 treat it as such a call")
    return offer.law, template.format(shown=shown)


def _call(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    call = option.command.call
    if call is None:
        return None
    # a pass is a word, translated; 1NT, X and XX read the same in every language
    written = tr("pass") if call.text == "pass" else call.text
    key = _group_of(offer, option)
    if key in CALL_GROUPS:  # what follows this call, not the whole offer's rule
        template = tr("{seat} calls {call}: {meaning}")
        meaning = tr(CALL_GROUPS[key])
        return key, template.format(seat=option.who, call=written, meaning=meaning)
    if offer.law in CALL_LAWS:
        template = tr("{seat} calls {call}: {meaning}")
        meaning = tr(CALL_LAWS[offer.law])
        return offer.law, template.format(seat=option.who, call=written, meaning=meaning)
    template = tr("{seat} calls {call}, legal in turn; the auction goes on from there")
    return offer.law, template.format(seat=option.who, call=written)


CARD_TEXTS: dict[str, str] = {
    "45C4b": "declarer names dummy's card again: {card} is played",
    "58B3": "{seat} plays {card} in place of the card he takes back, with no penalty",
    "62C1": "{seat} plays {card} in place of the card he takes back, with no penalty",
    "62C2": "{seat} plays {card} in place of the card he takes back; if he is a defender, the "
    "card taken back becomes a major penalty card",
}
"""What playing a card does, by the law offering it (any other: the card is played)."""


def _card(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    card = option.command.card
    if card is None:
        return None
    template = tr(CARD_TEXTS.get(offer.law, "{seat} plays {card}"))
    return offer.law, template.format(seat=option.who, card=card_name(card))


def _correct(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    card = option.command.card
    if card is None:
        return None
    template = tr("the revoke is corrected: {card} is played instead (62B)")
    return offer.law, template.format(card=card_name(card))


NAMED: dict[str, str] = {
    "high": "its highest card",
    "high-suit": "its highest card of {suit}",
    "low": "its lowest card",
    "low-suit": "its lowest card of {suit}",
    "suit": "a card of {suit}",
    "rank": "a card of rank {rank}",
    "win": "a card that wins the trick",
    "any": "any card",
}
"""What declarer's naming of dummy's card names, by the kind of designation (46B)."""


def _names(offer: Awaiting, option: Option, tr: Translate) -> Said | None:
    command = option.command
    kind = command.designation
    if kind == "card" and command.card is not None:
        named = card_name(command.card)
    elif kind in ("high", "low", "suit") and (command.text or kind != "suit"):
        key = f"{kind}-suit" if command.text and kind != "suit" else kind
        suit = tr(SUITS[Strain.parse(command.text)]) if command.text else ""
        named = tr(NAMED[key]).format(suit=suit)
    elif kind == "rank":
        named = tr(NAMED["rank"]).format(rank=command.text)
    elif kind in ("win", "any"):
        named = tr(NAMED[kind])
    else:
        return None
    return offer.law, tr("dummy plays {named}").format(named=named)


# -- the short label of each option -------------------------------------------------------------

PLAIN_LABELS: dict[str, str] = {
    "accept": "Accept it",
    "decline": "Do not accept it",
    "agree": "Agree",
    "dispute": "Dispute it: the director decides",
    "spread": "Spread my hand: I become dummy",
    "no-restriction": "No restriction",
    "playable": "The board can be played",
    "not-playable": "The board cannot be played",
    "comparable": "Comparable",
    "not-comparable": "Not comparable",
    "unintended": "Unintended (a slip)",
    "intended": "Intended",
    "accepted": "He accepted it",
    "in-turn": "He called in turn",
    "highest": "His highest card of the suit",
    "lowest": "His lowest card of the suit",
}


def label(option: Option, tr: Translate = english) -> str:
    """A button's words for ``option``: what the person choosing it does."""
    command = option.command
    action = command.action
    plain = PLAIN_LABELS.get(action)
    if plain is not None:
        return tr(plain)
    card = None if command.card is None else card_name(command.card)
    if action in LEAD_CHOICES and command.suits:
        named = _suits(tr, (Strain(suit) for suit in command.suits))
        verb = "Forbid {suits}" if action is Action.FORBID else "Require {suits}"
        return tr(verb).format(suits=named)
    if action is Action.CALL and command.call is not None:
        if command.call.text == "pass":
            return tr("Pass")
        return tr("Call {call}").format(call=command.call.text)
    if action is Action.CARD and card is not None:
        return tr("Play {card}").format(card=card)
    if action is Action.CORRECT and card is not None:
        return tr("Correct: play {card} instead").format(card=card)
    if action is Action.DESIGNATE and card is not None:
        return tr("{card} is the card played").format(card=card)
    if action is Action.TRICKS and command.number is not None:
        return tr("{number} tricks to declarer's side").format(number=command.number)
    if action is Action.LEAD_HAND and command.seat_named is not None:
        return tr("Lead from {seat}'s hand").format(seat=command.seat_named.letter)
    if action is Action.SHOWS:
        shown = _suits(tr, command.strains) or tr("nothing")
        return tr("It showed {shown}").format(shown=shown)
    if action is Action.NAMES:  # declarer names dummy's card (46B): as he says it
        return tr("Name {words}").format(words=option.word.partition(" ")[2])
    return option.word


EXPLAINERS: dict[Action, Explainer] = {
    Action.ACCEPT: _declared,
    Action.DECLINE: _declared,
    Action.SPREAD: _declared,
    Action.AGREE: _claim_answer,
    Action.DISPUTE: _claim_answer,
    Action.COMPARABLE: _judgement,
    Action.NOT_COMPARABLE: _judgement,
    Action.UNINTENDED: _judgement,
    Action.INTENDED: _judgement,
    Action.ACCEPTED: _judgement,
    Action.IN_TURN: _judgement,
    Action.PLAYABLE: _judgement,
    Action.NOT_PLAYABLE: _judgement,
    Action.TRICKS: _tricks,
    Action.FORBID: _lead_choice,
    Action.REQUIRE: _lead_choice,
    Action.NO_RESTRICTION: _no_restriction,
    Action.HIGHEST: _highest_or_lowest,
    Action.LOWEST: _highest_or_lowest,
    Action.DESIGNATE: _designate,
    Action.LEAD_HAND: _lead_hand,
    Action.SHOWS: _shows,
    Action.CALL: _call,
    Action.CARD: _card,
    Action.CORRECT: _correct,
    Action.NAMES: _names,
}
"""The explainer of each action an offer may name: every answer (:data:`ANSWER_ACTIONS`) and
every move (:data:`MOVES`), no other."""
