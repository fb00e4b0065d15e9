"""Claim statements (68C) in the project's words, read into the line the claimer stated.

A statement is cut into clauses at commas, semicolons, full stops and the words "then" and
"and"; each clause is one of the forms below. The stated line binds the claimer (68C, 70D1), so a
clause that cannot be read must never help him (70A: a doubtful point goes against him): the
clauses read before it keep their order, the ones after it keep what they say of a single play
(a finesse taken, a ruff) but lose their place in the order, and the clause itself stands for
any normal play at all (:attr:`Statement.loose`). The adjudicator then takes the worst normal
line that agrees with what was read, never the unstated line that a statement read as none
would let it assume.

* **drawing trumps** ("drawing trumps", "draw the last trump", "trumps first", "pulling
  trumps", or any clause about "the trump"/"trumps"): the claimer mentioned the trumps, so he
  leads trumps, while the opponents hold one, before anything stated after it (70C1).
* **cashing a suit** ("cashing the hearts", "running the spades", "playing clubs"): while his
  side holds a master in the suit, the hand on lead leads that suit if it can.
* **a card first** ("SQ first", "leading the queen of spades", "cashing the HA", "the club
  ace"): that card is led as soon as its hand is on lead.
* **a suit to a card** ("a club to the ace", "club to the ace", "a diamond to the jack", "play
  a heart to the king", "over to the ace of clubs"): the other hand leads the suit towards that
  card, which is played if it beats the card winning the trick (a finesse when it is no master).
* **ruffing** ("ruffing a club", "ruffing two clubs", "ruff the diamonds"): the hand holding
  the suit leads it, and the hand void in it ruffs whenever the suit is led.
* **conceding** ("conceding a spade", "giving up a heart", "losing a diamond", "ducking a
  club"): the suit is led (to lose a trick) before what is stated after it.
* **a finesse** ("finessing the queen of hearts", "finesse the HQ"; "the diamond finesse",
  "taking the heart finesse", "finessing in clubs": the suit alone names the highest card of
  the claimer's side in it that is not a master, found in the position): the other hand leads
  the suit towards that card, which is played unless an opponent has covered (70D1: stated, so
  it is credited as far as the cards allow it to win).
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
_RANK_WORD = r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)"
_CARD = (
    r"([shdc♠♥♦♣](?:a|k|q|j|t|10|[2-9])|(?:a|k|q|j|t|10|[2-9])[shdc♠♥♦♣]"
    r"|" + _RANK_WORD + r" of " + _SUIT + r"|" + _SUIT + r" " + _RANK_WORD + r")"
)
_RANK_LETTERS = "23456789tjqka"


@dataclass(frozen=True)
class Step:
    """One part of the stated line, in the order stated.

    ``kind`` is ``trumps``, ``cash`` (``suit``), ``lead`` (``card``), ``towards`` (``card``: the
    suit led to it), ``ruff`` (``suit``), ``concede`` (``suit``) or ``finesse`` (``card``, or
    only ``suit`` when the statement named the suit: the card is then found in the position)."""

    kind: str
    suit: int = -1
    card: Card = -1


@dataclass(frozen=True)
class Statement:
    """What the adjudicator understood of a claim statement."""

    text: str
    understood: bool
    """Every clause was read."""
    steps: tuple[Step, ...] = ()
    """The stated line in its order: the clauses read before the first one that was not."""
    squeeze: bool = False
    problem: str = ""
    """Why it was not understood: the first clause that was not."""
    loose: tuple[Step, ...] = ()
    """The clauses read after one that was not: what they say of a single play (a finesse, a
    ruff) and of the trumps still binds, their place in the order does not (70A)."""

    @property
    def said(self) -> tuple[Step, ...]:
        """Every step read, in order or not."""
        return self.steps + self.loose

    @property
    def trumps_mentioned(self) -> bool:
        return any(s.kind == "trumps" for s in self.said)

    @property
    def ruff_suits(self) -> frozenset[int]:
        return frozenset(s.suit for s in self.said if s.kind == "ruff")

    @property
    def finesses(self) -> frozenset[Card]:
        return frozenset(s.card for s in self.said if s.kind == "finesse" and s.card >= 0)


def parse_card_words(text: str) -> Card | None:
    """``"SQ"``, ``"q♠"``, ``"queen of spades"`` -> the card; None if it is not one."""
    text = text.strip().lower()
    m = re.fullmatch(r"(\w+) of " + _SUIT, text)
    if m and m.group(1) in RANK_WORDS:
        return card_of(SUIT_WORDS[m.group(2)], RANK_WORDS[m.group(1)])
    m = re.fullmatch(_SUIT + r" (\w+)", text)  # "club ace"
    if m and m.group(2) in RANK_WORDS:
        return card_of(SUIT_WORDS[m.group(1)], RANK_WORDS[m.group(2)])
    m = re.fullmatch(r"([shdc♠♥♦♣])(a|k|q|j|t|10|[2-9])|(a|k|q|j|t|10|[2-9])([shdc♠♥♦♣])", text)
    if not m:
        return None
    suit_text = m.group(1) or m.group(4)
    rank_text = m.group(2) or m.group(3)
    suit = "cdhs".index(suit_text) if suit_text in "cdhs" else SUIT_WORDS[suit_text]
    rank = _RANK_LETTERS.index("t" if rank_text == "10" else rank_text)
    return card_of(suit, rank)


def _rank(text: str) -> int | None:
    """``"ace"``, ``"a"``, ``"10"``, ``"ten"`` -> the rank (0 the two); None if not one."""
    if text in RANK_WORDS:
        return RANK_WORDS[text]
    text = "t" if text == "10" else text
    return _RANK_LETTERS.index(text) if len(text) == 1 and text in _RANK_LETTERS else None


_TOWARDS = re.compile(
    r"(?:(?:play|playing|lead|leading|cross|crossing|go|going|get|getting)\s+)?(?:over\s+)?"
    r"(?:(?:a|an|one|the|low|small|little|my)\s+)?(?:(?P<suit>" + _SUIT[1:-1] + r")\s+)?"
    r"to\s+(?:the\s+|dummy's\s+|my\s+|partner's\s+|his\s+)?(?P<card>.+)"
)


def _towards(clause: str) -> list[Step] | None:
    """ "a diamond to the jack", "club to the ace", "over to the ace of clubs": the step, or
    None when the clause is not of this form or names no card."""
    m = _TOWARDS.fullmatch(clause)
    if m is None:
        return None
    target = m.group("card")
    card = parse_card_words(target)
    suit_text = m.group("suit")
    if card is None and suit_text is not None:
        rank = _rank(target)
        if rank is not None:
            card = card_of(SUIT_WORDS[suit_text], rank)
    if card is None or (suit_text is not None and card // 13 != SUIT_WORDS[suit_text]):
        return None
    return [Step("towards", card=card)]


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
    m = re.fullmatch(
        r"(?:(?:taking|take|by|with|on|and)\s+)*(?:the |a )?" + _SUIT + r" finesses?", c
    ) or re.fullmatch(
        r"(?:taking |take |by )?(?:finess(?:ing|e)|finesses|a finesse)(?: in| the| in the)? "
        + _SUIT,
        c,
    )
    if m:  # the suit alone: the card is found in the position (the adjudicator)
        return [Step("finesse", SUIT_WORDS[m.group(1)])]
    towards = _towards(c)
    if towards is not None:
        return towards
    if re.fullmatch(r"(?:.* )?trumps?(?: .*)?", c):  # drawing trumps, the last trump...
        return [Step("trumps")]
    m = re.fullmatch(r"(?:cashing|cash|leading|lead|playing|play|running|run)(?: the)? " + _CARD, c)
    if m is None:
        m = re.fullmatch(r"(?:the )?" + _CARD, c)
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
        r"(?:conceding|concede|giving up|give up|losing|lose|ducking|duck)(?: (a|an|one|the|two))? "
        + _SUIT
        + r"(?: trick)?",
        c,
    )
    if m:
        count = COUNT_WORDS.get(m.group(1) or "a", 1) or 1
        return [Step("concede", SUIT_WORDS[m.group(2)])] * count
    return None


def parse_statement(text: str) -> Statement:
    """Read a claim statement. A clause not understood makes the statement not understood, but
    the clauses read still bind (68C): those before it in their order, those after it for what
    they say of single plays (:attr:`Statement.loose`); the adjudicator lets any normal play
    stand for the clause itself (70A)."""
    if not text.strip():
        return Statement(text, True)
    lowered = text.lower().replace("—", ",").replace(":", ",")
    clauses = re.split(r"[,;.!]|\bthen\b|\band\b|\bafter that\b|\bfollowed by\b", lowered)
    steps: list[Step] = []
    loose: list[Step] = []
    squeeze = False
    problem = ""
    for clause in clauses:
        read = _clause(clause)
        if read is None:
            problem = problem or clause.strip() or text.strip()
            continue
        if read == "squeeze":
            squeeze = True
        else:
            assert not isinstance(read, str)
            (loose if problem else steps).extend(read)
    return Statement(text, not problem, tuple(steps), squeeze, problem, tuple(loose))
