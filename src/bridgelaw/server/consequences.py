"""What each option of the engine's ``awaiting`` means, in plain words, for the director.

The engine offers words (``accept``, ``spread``, ``forbid S``, ``tricks 9``...) under a clause.
A director at the table explains the choice before the player makes it; the console shows the
same: what happened (the offer's title), and for every option what follows from it and under
which clause. The sentences are the project's own summaries of the Laws (2017 unless the
table's edition says otherwise), citing the law, never the law's text.

>>> offer = {"who": "N", "law": "54", "options": ["accept", "spread", "decline"]}
>>> [(o["option"], o["law"]) for o in explain(offer)["options"]]
[('accept', '54B'), ('spread', '54A'), ('decline', '54D')]
"""

from __future__ import annotations

from typing import Any

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps"}

TITLES: dict[str, str] = {
    "13A": "a hand with the wrong number of cards",
    "13B": "a hand with the wrong number of cards: can the board still be played normally?",
    "17D2": "a call on cards from another board (2007): the LHO repeats his call over it",
    "21B1a": "misinformation: the player may change his last call",
    "21B2": "a call changed after misinformation: the next player may change his own call",
    "25A": "a call replaced at once: was the first call unintended (a slip)?",
    "25A6": "an unintended call corrected: the next player may take back his call over it",
    "25B1": "a deliberate change of call",
    "26A2": "a lead restriction after a withdrawn call (2007)",
    "26B": "a lead restriction after a withdrawn call",
    "27A1": "an insufficient bid",
    "27B": "an insufficient bid not accepted: the offender replaces it",
    "27B1b": "an insufficient bid replaced: is the replacement comparable?",
    "27B3": "an insufficient bid replaced by a double or redouble that is not comparable",
    "27B4": "an insufficient bid replaced by another insufficient bid",
    "27C": "an insufficient bid replaced before the director ruled",
    "28B": "a call out of rotation, then the player in turn called",
    "29A": "a call out of rotation",
    "29C": "an artificial call out of rotation: what did it show?",
    "30B1b": "a pass out of rotation cancelled: is the offender's new call comparable?",
    "31A1": "a bid out of rotation cancelled: the offender repeats it",
    "31A2": "a bid out of rotation cancelled: is the offender's new call comparable?",
    "31B2": "a bid out of rotation cancelled: is the offender's new call comparable?",
    "31B1": "a bid out of rotation at partner's turn cancelled: partner calls freely",
    "32B1": "a double or redouble out of rotation at partner's turn: partner calls freely",
    "32A1": "a double or redouble out of rotation cancelled: the offender repeats it",
    "32A2": "a double or redouble out of rotation cancelled: is the new call comparable?",
    "32B2": "a double or redouble out of rotation cancelled: is the new call comparable?",
    "36B2": "an inadmissible double or redouble: the offender calls again",
    "36B4": "an inadmissible double or redouble out of rotation: the player in turn calls",
    "37": "a call by a player who had to pass",
    "38": "a bid of more than seven",
    "43B2a": "dummy broke his limitations: a defender chooses the hand to lead from",
    "45C4b": "a card named unintentionally",
    "46B3b": "declarer named a rank only: which card is meant",
    "46B5": "declarer named no suit and no rank: a defender designates dummy's card",
    "50D2": "a major penalty card, and its owner's partner is on lead",
    "51A": "several penalty cards: declarer designates the one to play",
    "51B": "several major penalty cards, and their owner's partner is on lead",
    "52B1a": "a penalty card not played when it had to be",
    "54": "an opening lead out of turn, faced",
    "55A": "declarer led out of turn",
    "56": "a defender led out of turn",
    "57A": "a defender led or played before his partner had played",
    "58B2": "several cards played at once: which one is played",
    "58B3": "a card withdrawn after several cards were played: the next player may change",
    "62A": "a revoke not yet established: it must be corrected",
    "62C1": "a revoke corrected: the non-offenders may change the cards they played after it",
    "62C2": "a revoke corrected: the offender's partner may change his card",
    "62C3": "a revoke corrected at the twelfth trick",
    "68D2b": "a claim disputed: play on, if all four agree?",
    "69A": "a claim or concession: do the opponents agree?",
    "69B2": "an agreement to a claim withdrawn: the director decides the tricks",
    "70": "a claim disputed: the director decides the tricks",
    "71": "a concession cancelled: the director decides the tricks",
    "71B": "a concession cancelled: the director decides the tricks",
}

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

ACCEPT: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # law: ((clause, what accepting does), (clause, what declining does))
    "27A1": (
        ("27A1", "the insufficient bid stands as a legal bid, and the auction goes on"),
        ("27B", "the offender must replace it with a legal call; the director then rules"),
    ),
    "27B4": (
        ("27A1", "the second insufficient bid stands as a legal bid"),
        ("27B3", "the offender must replace it; his partner must pass for the rest of the auction"),
    ),
    "27C": (
        ("27C", "the insufficient bid stands, and the offender's early replacement goes"),
        ("27C", "the early replacement stands, and the director rules on it under 27B"),
    ),
    "29A": (
        (
            "29A",
            "the call out of rotation stands as if in rotation; the auction goes on "
            "from the next player",
        ),
        (
            "29B",
            "the call is cancelled and the turn goes back to the player in turn; the "
            "offender is then restricted under Laws 30 to 32",
        ),
    ),
    "25B1": (
        ("25B1", "the second call stands and the first is withdrawn (26 may apply)"),
        ("25B2", "the second call is cancelled and the first call stands (26 may apply)"),
    ),
    "25A6": (
        ("25A6", "the call made over the slip stands"),
        ("25A6", "the player takes back his call and calls again"),
    ),
    "37": (
        ("37A", "the call and everything after it stand"),
        (
            "37B",
            "the call is cancelled and replaced by a pass; both offenders must pass for "
            "the rest of the auction, and declarer may restrict the lead (26B)",
        ),
    ),
    "21B1a": (
        ("21B1a", "the player keeps his call"),
        ("21B1a", "the player changes his call"),
    ),
    "21B2": (
        ("21B2", "the player keeps the call he made over the changed call"),
        ("21B2", "the player changes his call"),
    ),
    "45C4b": (
        ("45C4b", "the card stays played"),
        ("45C4b", "the card is taken back and the right one played"),
    ),
    "52B1a": (
        ("52B1a", "the card played stands, and the penalty card stays on the table"),
        (
            "52B2",
            "the penalty card must be played instead, and the card played in error "
            "becomes a major penalty card",
        ),
    ),
    "55A": (
        ("55A", "the lead stands as if in turn (53A)"),
        ("55B", "declarer takes his card back (no penalty card) and the right hand leads"),
    ),
    "56": (
        ("56", "the lead stands as if in turn (53A)"),
        (
            "56",
            "the card becomes a major penalty card (50D); if the right leader is the "
            "offender's partner, declarer then chooses lead restrictions (50D2)",
        ),
    ),
    "58B3": (
        ("58B3", "the next player keeps his card"),
        ("58B3", "the next player takes his card back and plays another, with no penalty"),
    ),
    "62C1": (
        ("62C1", "the card played stays"),
        ("62C1", "the card is taken back and another played, with no penalty"),
    ),
    "62C2": (
        ("62C2", "the card played stays"),
        ("62C2", "the card is taken back and another played; it is unauthorized information"),
    ),
}

LEAD_54 = {
    "accept": (
        "54B",
        "declarer accepts the lead: dummy is spread, and declarer plays the second card to "
        "the trick from his own hand",
    ),
    "spread": (
        "54A",
        "declarer spreads his hand and becomes dummy: his partner declares, and the lead "
        "stands in turn",
    ),
    "decline": (
        "54D",
        "declarer does not accept the lead: the card becomes a major penalty card, the right "
        "defender leads, and declarer may then require or forbid that suit (50D2)",
    ),
}

CLAIM = {
    "agree": ("69A", "the claim stands: the tricks are scored as claimed (69A)"),
    "dispute": ("68D", "play stops and the director decides the tricks (Law 70)"),
}
CLAIM_PLAY_ON = {
    "agree": ("68D2b", "play goes on: the claim is void and the tricks played count"),
    "dispute": ("68D2", "play does not go on: the director decides the tricks (Law 70)"),
}

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
    "17D2": "he repeats the call he made over the cancelled one, as 2007 17D2 requires",
    "31A1": "the offender must repeat the call made out of rotation: no rectification",
    "31B1": "a bid out of rotation at partner's turn cancelled: partner calls freely",
    "32B1": "a double or redouble out of rotation at partner's turn: partner calls freely",
    "32A1": "the offender must repeat the double or redouble: no rectification",
}


def explain(awaiting: dict[str, Any] | None) -> dict[str, Any] | None:
    """``awaiting`` (the view's) with a title and, per option, its consequence and clause:
    ``{"who", "law", "title", "options": [{"option", "consequence", "law"}]}``."""
    if awaiting is None:
        return None
    law = str(awaiting["law"])
    who = str(awaiting["who"])
    options = [_option(law, str(word), who) for word in awaiting.get("options", [])]
    return {
        "who": who,
        "law": law,
        "title": TITLES.get(law) or TITLES.get(_base(law)) or f"an offer under Law {law}",
        "options": options,
    }


def _base(law: str) -> str:
    """``30B1bii`` -> ``30B1b``; ``70D1`` -> ``70``: the nearest clause the tables name."""
    for size in range(len(law), 1, -1):
        if law[:size] in TITLES:
            return law[:size]
    return law


def _option(law: str, word: str, who: str) -> dict[str, str]:
    clause, text = _consequence(law, word, who)
    return {"option": word, "consequence": text, "law": clause}


def _consequence(law: str, word: str, who: str) -> tuple[str, str]:
    first, _, rest = word.partition(" ")
    if word in JUDGEMENTS:
        clause, text = JUDGEMENTS[word]
        return (law if clause == "23A" else clause), text
    if law == "54" and word in LEAD_54:
        return LEAD_54[word]
    if law in ("69A",) and word in CLAIM:
        return CLAIM[word]
    if law == "68D2b" and word in CLAIM_PLAY_ON:
        return CLAIM_PLAY_ON[word]
    if law == "38" and word == "decline":
        return (
            "38B",
            "the bid above seven and every later call are cancelled; a pass replaces it, and "
            "both offenders must pass for the rest of the auction (38C)",
        )
    if word in ("accept", "decline"):
        pair = ACCEPT.get(law) or ACCEPT.get(_base(law))
        if pair is not None:
            return pair[0] if word == "accept" else pair[1]
        return law, f"{who} {word}s (Law {law})"
    if first == "tricks" and rest.isdigit():
        return (
            law,
            f"declarer's side is credited {rest} of the remaining tricks; doubtful points go "
            "against the claimer (70A)",
        )
    if first in ("forbid", "require") and rest:
        return _lead_choice(law, first, rest.split())
    if word == "no-restriction":
        if law in ("50D2", "51B"):
            return law, (
                "no restriction: the partner leads any card, and the penalty cards stay on "
                "the table (to be played at the first legal opportunity)"
            )
        return law, "no restriction on the lead"
    if word in ("highest", "lowest"):
        return "57A", f"the offender's partner must play his {word} card of the suit led"
    if first == "designate" and rest:
        return law, f"{rest} is the card played"
    if first == "correct" and rest:
        return law, f"the revoke is corrected: {rest} is played instead (62B)"
    if first == "names" and rest:
        return law, f"dummy plays {rest}"
    if first == "lead-hand" and rest:
        return law, f"declarer must lead from {rest}'s hand"
    if first == "shows":
        shown = " and ".join(SUITS.get(x, x) for x in rest.split()) or "nothing"
        return law, f"the call showed {shown}: Laws 30 to 32 treat it as such a call"
    if law in CALL_LAWS:
        return law, f"{who} calls {word}: {CALL_LAWS[law]}"
    if _is_card(word):
        if law == "45C4b":
            return law, f"declarer names dummy's card again: {word} is played"
        if law in ("58B3", "62C1", "62C2"):
            return law, f"{who} plays {word} in place of the card he takes back, with no penalty"
        return law, f"{who} plays {word}"
    if _is_call(word):
        return law, f"{who} calls {word}, legal in turn; the auction goes on from there"
    return law, f"{who} {word} (Law {law})"


def _lead_choice(law: str, verb: str, suits: list[str]) -> tuple[str, str]:
    named = " and ".join(SUITS.get(s, s) for s in suits)
    if law in ("50D2", "51B"):
        clause = "50D2a" if law == "50D2" else ("51B2a" if verb == "require" else "51B2b")
        if verb == "require":
            return clause, (
                f"the partner must lead {named}; the penalty cards of {named} are picked up"
            )
        return clause, (
            f"the partner may not lead {named} while he keeps the lead; the penalty cards of "
            f"{named} are picked up"
        )
    if law == "57A":
        if verb == "require":
            return law, f"the offender's partner must play {named} (if void in the suit led)"
        return law, f"the offender's partner may not play {named}"
    if verb == "require":
        return law, f"the offender's partner must lead {named} at his first turn to lead"
    return law, (
        f"the offender's partner may not lead {named} at his first turn to lead, for as long "
        "as he keeps the lead"
    )


def _is_call(word: str) -> bool:
    if word in ("pass", "X", "XX"):
        return True
    return len(word) >= 2 and word[0] in "1234567" and word[1:] in ("C", "D", "H", "S", "NT")


def _is_card(word: str) -> bool:
    return (
        len(word) in (2, 3)
        and word[0] in "SHDC"
        and word[1:] in ("A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    )
