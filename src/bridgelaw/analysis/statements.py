"""Claim statements (68C) in the project's words, read into the line the claimer stated.

A statement is cut into clauses at commas, semicolons, full stops and the words "then" and
"and"; each clause must be one of the forms below, or the whole statement is not understood and
the adjudicator treats the claim as made without a statement (70A: the doubtful point goes
against the claimer, so he gets the most unfavourable normal line).

* **drawing trumps** ("drawing trumps", "draw the last trump", "trumps first", "pulling
  trumps", or any clause about "the trump"/"trumps"): the claimer mentioned the trumps, so he
  leads trumps, while the opponents hold one, before anything stated after it (70C1).
* **cashing a suit** ("cashing the hearts", "running the spades", "playing clubs"): while his
  side holds a master in the suit, the hand on lead leads that suit if it can.
* **a card first** ("SQ first", "leading the queen of spades", "cashing the HA"): that card is
  led as soon as its hand is on lead.
* **ruffing** ("ruffing a club", "ruffing two clubs", "ruff the diamonds"): the hand holding
  the suit leads it, and the hand void in it ruffs whenever the suit is led.
* **conceding** ("conceding a spade", "giving up a heart", "losing a diamond"): the suit is led
  (to lose a trick) before what is stated after it.
* **a finesse** ("finessing the queen of hearts", "finesse the HQ"): the other hand leads the
  suit towards that card, which is played unless an opponent has covered (70D1: stated, so it
  is credited as far as the cards allow it to win).
* **a squeeze** ("on a squeeze", "squeezing West"): the claimer's side plays its normal plays
  well (the best of them), so a squeeze or endplay that works against any defence is credited.
* **descriptions** that state no line ("all", "the rest", "all mine", "hearts are good",
  "top tricks", "all but a club", "high"): understood; they add nothing to the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgelaw.cards import Card, card_of

SUIT_WORDS = {
    "spade": 3,
    "spades": 3,
    "♠": 3,
    "heart": 2,
    "hearts": 2,
    "♥": 2,
    "diamond": 1,
    "diamonds": 1,
    "♦": 1,
    "club": 0,
    "clubs": 0,
    "♣": 0,
}
RANK_WORDS = {
    "ace": 12,
    "king": 11,
    "queen": 10,
    "jack": 9,
    "ten": 8,
    "nine": 7,
    "eight": 6,
    "seven": 5,
    "six": 4,
    "five": 3,
    "four": 2,
    "three": 1,
    "two": 0,
}
COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "the": 0, "two": 2, "three": 3, "four": 4, "both": 2}

_SUIT = r"(spades?|hearts?|diamonds?|clubs?|♠|♥|♦|♣)"
_CARD = (
    r"([shdc♠♥♦♣](?:a|k|q|j|t|10|[2-9])|(?:a|k|q|j|t|10|[2-9])[shdc♠♥♦♣]"
    r"|(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of " + _SUIT + r")"
)


@dataclass(frozen=True)
class Step:
    """One part of the stated line, in the order stated.

    ``kind`` is ``trumps``, ``cash`` (``suit``), ``lead`` (``card``), ``ruff`` (``suit``),
    ``concede`` (``suit``) or ``finesse`` (``card``)."""

    kind: str
    suit: int = -1
    card: Card = -1


@dataclass(frozen=True)
class Statement:
    """What the adjudicator understood of a claim statement."""

    text: str
    understood: bool
    steps: tuple[Step, ...] = ()
    squeeze: bool = False
    problem: str = ""
    """Why it was not understood: the clause that was not."""

    @property
    def trumps_mentioned(self) -> bool:
        return any(s.kind == "trumps" for s in self.steps)

    @property
    def ruff_suits(self) -> frozenset[int]:
        return frozenset(s.suit for s in self.steps if s.kind == "ruff")

    @property
    def finesses(self) -> frozenset[Card]:
        return frozenset(s.card for s in self.steps if s.kind == "finesse")


def parse_card_words(text: str) -> Card | None:
    """``"SQ"``, ``"q♠"``, ``"queen of spades"`` -> the card; None if it is not one."""
    text = text.strip().lower()
    m = re.fullmatch(r"(\w+) of " + _SUIT, text)
    if m and m.group(1) in RANK_WORDS:
        return card_of(SUIT_WORDS[m.group(2)], RANK_WORDS[m.group(1)])
    m = re.fullmatch(r"([shdc♠♥♦♣])(a|k|q|j|t|10|[2-9])|(a|k|q|j|t|10|[2-9])([shdc♠♥♦♣])", text)
    if not m:
        return None
    suit_text = m.group(1) or m.group(4)
    rank_text = m.group(2) or m.group(3)
    suit = "cdhs".index(suit_text) if suit_text in "cdhs" else SUIT_WORDS[suit_text]
    rank = "23456789tjqka".index("t" if rank_text == "10" else rank_text)
    return card_of(suit, rank)


_FILLER = re.compile(
    r"^(?:(?:i will|i'll|i am|i'm|we will|by|after|first|then|and|now|claiming|"
    r"claim|starting with|start by|beginning with|with)\s+)+"
)
_TRAILING = re.compile(r"\s+(?:first|now|later|next|at the end|from the top|afterwards)$")

_DESCRIPTIONS = [
    r"(?:all|the rest|all the rest|the remainder|everything|all mine|all tricks|all good|"
    r"all high|high|good|top tricks|all top tricks|on top|all the tricks|the rest are mine|"
    r"the rest are good|all winners|winners|claim|claiming)",
    r"(?:the )?" + _SUIT + r" (?:are|is) (?:good|high|established|all good|winners|running)",
    r"all but (?:a|one|the|two|\w+)(?: " + _SUIT + r"| tricks?| trick)?",
    r"(?:all )?(?:the )?rest (?:are|is) (?:good|high|mine|ours|winners)",
]


def _clause(clause: str) -> list[Step] | str | None:
    """One clause -> its steps, "squeeze", or None if not understood."""
    c = _TRAILING.sub("", _FILLER.sub("", clause.strip())).strip()
    if not c:
        return []
    for pattern in _DESCRIPTIONS:
        if re.fullmatch(pattern, c):
            return []
    if re.fullmatch(r"(?:on |by |with )?(?:a )?squeez(?:e|es|ing)(?: \w+)*", c):
        return "squeeze"
    if re.fullmatch(r"(?:on |by |with )?(?:an? )?(?:end ?play|throw[- ]in)(?: \w+)*", c):
        return "squeeze"
    m = re.fullmatch(
        r"(?:taking |take |by )?(?:finess(?:ing|e)|finesses)(?: the| against)? " + _CARD, c
    )
    if m:
        card = parse_card_words(m.group(1))
        return None if card is None else [Step("finesse", card=card)]
    if re.fullmatch(r"(?:.* )?trumps?(?: .*)?", c):  # drawing trumps, the last trump...
        return [Step("trumps")]
    m = re.fullmatch(r"(?:cashing|cash|leading|lead|playing|play|running|run)(?: the)? " + _CARD, c)
    if m is None:
        m = re.fullmatch(_CARD, c)
    if m:
        card = parse_card_words(m.group(1))
        return None if card is None else [Step("lead", card=card)]
    m = re.fullmatch(r"(?:the )?" + _SUIT, c)
    if m:
        return [Step("cash", SUIT_WORDS[m.group(1)])]
    m = re.fullmatch(
        r"(?:cashing|cash|running|run|playing|play|taking|take)(?: all)?(?: the| my| dummy's)? "
        + _SUIT
        + r"(?: winners| tricks)?",
        c,
    )
    if m:
        return [Step("cash", SUIT_WORDS[m.group(1)])]
    m = re.fullmatch(
        r"(?:ruffing|ruff|ruffs|trumping|trump)(?: (a|an|one|the|two|three|four|both))? "
        + _SUIT
        + r"(?: in (?:dummy|hand|the dummy|my hand))?",
        c,
    )
    if m:
        count = COUNT_WORDS.get(m.group(1) or "a", 1) or 1
        return [Step("ruff", SUIT_WORDS[m.group(2)])] * count
    m = re.fullmatch(
        r"(?:conceding|concede|giving up|give up|losing|lose)(?: (a|an|one|the|two))? "
        + _SUIT
        + r"(?: trick)?",
        c,
    )
    if m:
        count = COUNT_WORDS.get(m.group(1) or "a", 1) or 1
        return [Step("concede", SUIT_WORDS[m.group(2)])] * count
    return None


def parse_statement(text: str) -> Statement:
    """Read a claim statement; a clause not understood makes the whole statement not
    understood (so it counts as no statement, 70A)."""
    if not text.strip():
        return Statement(text, True)
    lowered = text.lower().replace("—", ",").replace(":", ",")
    clauses = re.split(r"[,;.!]|\bthen\b|\band\b|\bafter that\b|\bfollowed by\b", lowered)
    steps: list[Step] = []
    squeeze = False
    for clause in clauses:
        read = _clause(clause)
        if read is None:
            return Statement(text, False, problem=clause.strip())
        if read == "squeeze":
            squeeze = True
        else:
            assert not isinstance(read, str)
            steps.extend(read)
    return Statement(text, True, tuple(steps), squeeze)
