"""The engine's refusals of an event that does not fit the table (a :class:`ScriptError`):
each sentence by id, with named parameters, so that a refusal can be written in the reader's
language at the edge (docs/languages.md), the way a ruling's message is.

The parameters are plain values the same in every language: seats' letters, cards' names,
calls and clauses as written, an event's own words (``accept``, ``tricks 9``), numbers. A
variant of a sentence is a refusal of its own, never an English word put into one.

>>> refuse("event.does-not-hold", seat="N", card="SA").text()
'N does not hold SA'
>>> refuse("event.not-a-card", word="X1").text()
"'X1' is not a card (like SA, HT or H10)"
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.errors import ILLEGAL, IllegalAction

REFUSALS: dict[str, str] = {
    "event.auction-waits": (
        "'{who} {action}' does not fit: the director is waiting for {wanted} (Law {law})"
    ),
    "event.cannot-replace": "{call} cannot stand in place of {offender}'s {replaced} (Law {law})",
    "event.no-inadmissible-double": "no unnoticed inadmissible double or redouble (Law 36)",
    "event.law36-2007-after-lead": (
        "the 2007 Law 36 has no rule for an inadmissible double first noticed after the opening "
        "lead (36C is 2017): not handled"
    ),
    "event.does-not-hold": "{seat} does not hold {card}",
    "event.already-exposed": "{card} is already exposed",
    "event.must-repeat": "{seat} must repeat {call} (Law {law})",
    "event.card-in-auction": (
        "a card played during the auction; a card shown or dropped is written 'expose <card>' "
        "(Law 24)"
    ),
    "event.nothing-pending": "'{action}' but no irregularity is pending",
    "event.waits-playable": "waiting for the director: playable or not-playable (Law {law})",
    "event.missing-from-hand": "{card} is missing from {who}'s hand",
    "event.no-wrong-count": "'director {action}': no wrong count is being ruled",
    "event.not-seats-card": "{card} is not {seat}'s card",
    "event.already-missing": "{card} is already missing",
    "event.missing-before-lead": (
        "a missing card is a fact about the hand as taken out of the board: it is stated before "
        "the opening lead is faced (Law 14)"
    ),
    "event.card-seen": "{card} has been seen at the table",
    "event.not-missing": "{card} is not missing",
    "event.board-over": "the board is over",
    "event.own-card-not-wrong-count": (
        "{card} is {seat}'s own card: a wrong count means a card of another hand (a card of no "
        "hand of the deal: 'director surplus')"
    ),
    "event.card-missing": "{card} is missing (Law 14)",
    "event.played-not-wrong-count": (
        "{card} has been played (by {owner}): not handled as a wrong count"
    ),
    "event.no-card-yet": "no card has been played yet",
    "event.law15a-auction-only": "Law 15A is handled during the auction only",
    "event.no-call-to-cancel": "{seat} has made no call to cancel",
    "event.has-not-called": "{seat} has not called on this board",
    "event.already-adjusted": "the board already has an adjusted score",
    "event.wrong-board-found": "the wrong board has already been found",
    "event.wrong-table-words": (
        "'director wrong-table' takes played-before or not-played (NS/EW: the 2007 Law 15C, in "
        "the auction)"
    ),
    "event.nothing-to-find-among": "no card has been played: nothing to find it among",
    "event.not-among-played": (
        "{owner} has played a card to every trick: the missing card cannot be among the played "
        "cards"
    ),
    "event.calls-again-first": "{seat} calls again first (2007 Law 17D2)",
    "event.repeats-call": "{lho} repeats his {call} (2007 17D2)",
    "event.must-repeat-call": "{lho} must repeat his {call} (2007 Law 17D2)",
    "event.wrong-table-pair": (
        "2007 Law 15C: in the auction say which pair is replaced ('director wrong-table NS' or "
        "'EW')"
    ),
    "event.not-an-answerer": "{seat} does not answer {claimer}'s claim: {who} answer (Law 69A)",
    "event.no-claim": "'{who} {action}': there is no claim or concession to answer",
    "event.claim-open": "{claimer}'s claim is still open: play has stopped (Law 68D)",
    "event.dummy-claims": (
        "{seat} is dummy: only declarer or a defender claims or concedes (Law 68A, 68B1)"
    ),
    "event.claim-waits": (
        "{claimer}'s claim waits for the opponents' answers (Law 69A): {waiting} agree or dispute"
    ),
    "event.no-play-on-2007": (
        "the 2007 Laws have no playing on after a disputed claim (68D2b is 2017): the director "
        "rules (Law 70)"
    ),
    "event.over-director-rules": "the board is over: the director rules (Law 70)",
    "event.play-on-opponents": "only {claimer}'s opponents may ask to play on (Law 68D2b)",
    "event.play-on-refused": (
        "a player has already refused to play on: the director rules (Law 68D2bi)"
    ),
    "event.play-on-asked": "{asker} asked to play on: {waiting} agrees or not (Law 68D2b)",
    "event.play-on-no-answer": (
        "{seat} has no answer to give about playing on: {waiting} answers (Law 68D2b)"
    ),
    "event.director-rules-claim": "the director rules on {claimer}'s claim (Law {law}): {options}",
    "event.director-decision": "the director's decision (Law {law}) is one of: {options}",
    "event.nothing-to-withdraw": (
        "the agreeing side agreed to lose no trick: nothing to withdraw (Law 69B)"
    ),
    "event.nothing-to-cancel": "{claimer}'s side conceded no trick: nothing to cancel (Law 71)",
    "event.did-not-agree": (
        "{seat} did not agree to {claimer}'s claim, so has nothing to object to (69A)"
    ),
    "event.waits-which-card": "waiting for {seat} to say which card he played: {options} (58B2)",
    "event.no-fifth-card": (
        "45E: there is no card played after a completed trick for the director to judge (only a "
        "card waiting as a lead out of turn can be a fifth card)"
    ),
    "event.no-lead-waiting": "47E1: no lead out of turn is waiting to be settled",
    "event.no-card-played": "no card has been played",
    "event.seat-played-none": "{seat} has played no card",
    "event.none-to-this-trick": "{seat} played no card to this trick",
    "event.answer-first": (
        "47E2a: {offender}'s {card} waits for an answer (Law {law}); a card of {seat}'s own side "
        "played after the card to take back is not handled: answer it first"
    ),
    "event.not-played-card": "{seat} has not played {card} to a trick",
    "event.played-again-in-turn": (
        "67B3: a card played again is handled when its player is in turn to play to a trick that "
        "has been led to"
    ),
    "event.no-trick-completed": "no trick has been completed yet",
    "event.several-out-of-turn": (
        "{seat} plays several cards at {turn}'s turn: 58B is handled for the player in turn only"
    ),
    "event.no-surplus": "{seat} has no surplus card on any trick (67)",
    "event.ruling-first": "the card shown as played needs a ruling first (58B2)",
    "event.after-the-lead": "'{who} {action}' belongs to the play, after the lead",
    "event.no-dummy-yet": "there is a dummy only in the play period",
    "event.dummy-warns": (
        "dummy can warn against leading from the wrong hand only when declarer's side is to lead "
        "(42B2)"
    ),
    "event.dummy-played-none": "dummy has played no card",
    "event.dummy-faced-after-lead": "dummy is faced only after the opening lead (45F)",
    "event.dummy-does-not-hold": "dummy does not hold {card}",
    "event.declarer-designates": "only declarer ({declarer}) designates dummy's cards",
    "event.not-dummys-turn": "it is not dummy's turn to play",
    "event.win-when-dummy-leads": "'win' when dummy leads: declarer names a card",
    "event.law46b-last-card": (
        "46B: the last card played must be the one an incomplete designation of dummy's card "
        "deemed designated"
    ),
    "event.cannot-ask": "{asker} cannot ask {target} (61B)",
    "event.nothing-to-ask": (
        "{target} has not failed to follow suit to this trick or the last one: nothing to ask (61B)"
    ),
    "event.name-a-suit": "'{word}' when dummy leads: declarer must name a suit (46A)",
    "event.asks-names": "'asks' names the player asked (61B)",
    "event.last-place-empty": "45C4b: the last place holds no card",
    "event.nobody-chooses-hand": "nobody is choosing the hand to lead from (43B2a)",
    "event.dummys-word": "'{action}' is dummy's word; dummy is {dummy}",
    "event.no-more-events": "the board is over; no more events",
    "event.inadmissible-double-late": (
        "attention drawn to an inadmissible double in the clarification period after other events"
        " since the final pass is not handled"
    ),
    "event.director-not-in-play": "'director {action}' does not fit the play",
    "event.before-the-lead": "'{who} {action}' before the opening lead",
    "event.tricks-range": "{tricks} tricks is not 0 to 13",
    "event.no-card-on-board": "no card was played on this board",
    "event.no-established-revoke": "there is no established revoke on this board",
    "event.call-in-play": "a call during the play",
    "event.nothing-offered": "'{who} {action}' does not fit: nothing is offered now",
    "event.unknown-action": "{text!r}: not a call, a card or a known action",
    "event.names-words": (
        "{text!r}: names takes high/low [suit], win, any, a suit, a rank or a card"
    ),
    "event.unknown-finding": "'director {finding}' is not a finding the engine knows ({known})",
    "event.not-a-string": "an event is a string like 'N 1NT', not {text}",
    "event.who-action": "{text!r}: expected '<who> <action>'",
    "event.not-a-seat": "{word!r} is not a seat (N, E, S, W) or 'director'",
    "event.expected": "expected '{usage}'",
    "event.names-a-seat": "{text!r}: {key} names a seat (N, E, S or W)",
    "event.shows-words": "'director shows' takes suits (S H D C), NT or none",
    "event.cards-words": "{text!r}: 'cards' names two or more different cards",
    "event.takes-a-suit": "{text!r}: {key} takes a suit S, H, D or C",
    "event.takes-tricks": "{text!r}: {key} takes a number of tricks from 0 to 13",
    "event.not-a-card": "{word!r} is not a card (like SA, HT or H10)",
    "event.director-tricks": "'director tricks' takes 0 to 13 tricks, not {argument!r}",
    "event.director-names-seat": "'director {key}' names a seat (N, E, S or W)",
    "event.revoke-found-words": "'director revoke-found' takes next-deal or end-of-round",
    "event.law45c4b-only-designation": (
        "45C4b: only declarer's designation of dummy's card can be changed, and only before "
        "declarer plays again from either hand"
    ),
    "event.names-again-first": (
        "declarer first names dummy's card again (45C4b); then {rho} decides about his {card}"
    ),
    "event.as-declarer-chose": "{seat} must play as declarer chose ({choice}, Law 57A)",
    "event.already-on-table": "{card} is already on the table",
    "event.waits-law52": (
        "waiting for declarer ({declarer}): accept or decline the card played instead of the "
        "penalty card (Law 52)"
    ),
    "event.none-in-turn": (
        "'{seat} none': only the player in turn can fail to play to a trick that has been led to"
    ),
    "event.already-owes": "{seat} already owes a card (67)",
    "event.must-add-suit": "{seat} holds the suit led to that trick and must add a card of it (67)",
    "event.premature-waits": (
        "{seat} plays {card} at {turn}'s turn while an earlier premature card waits (57): not "
        "handled"
    ),
    "event.nothing-to-take-back": "45C4b: {seat} has no card to take back",
    "event.waits-rho-45c4b": (
        "waiting for {rho}: keep (accept) or take back (decline) {card} (Law 45C4b)"
    ),
    "event.must-play-card": "{seat} must play {card} now (Law {law})",
    "event.no-revoke": "{seat} has no revoke to correct",
    "event.revoke-established": "the revoke is established: it can no longer be corrected (63B)",
    "event.correction-demanded": (
        "the correction must be {card}, the card declarer demanded (62B, 2007 57A)"
    ),
    "event.correction-legal": (
        "{card} does not follow suit: the correction must be a legal card (62B)"
    ),
    "event.correction-missing-card": (
        "a correction while the next trick holds a missing card (67) is not handled"
    ),
    "event.replace-insufficient": (
        "{offender} must replace the insufficient bid with a legal call (Law 27B)"
    ),
    "event.lho-accepts-first": (
        "{lho} must first accept or decline the insufficient {call} (Law 27C)"
    ),
    "event.insufficient-too": (
        "{call} is insufficient too; {offender} must make a sufficient bid or pass (Law 27B3)"
    ),
    "event.claim-before-lead": (
        "{seat} claims before the opening lead: claims and concessions belong to the play period,"
        " which begins when the opening lead is faced (Laws 17D, 68)"
    ),
    "event.concede-before-lead": (
        "{seat} concedes before the opening lead: claims and concessions belong to the play "
        "period, which begins when the opening lead is faced (Laws 17D, 68)"
    ),
    "event.claim-range": (
        "{seat} may claim {low} to {remaining} tricks: {remaining} remain, the trick in progress "
        "included"
    ),
    "event.concede-range": (
        "{seat} may concede {low} to {remaining} tricks: {remaining} remain, the trick in "
        "progress included"
    ),
    "event.player-cannot-object": (
        "the board is over, and not by an agreed claim or concession the player could object to "
        "(Laws 69, 71)"
    ),
    "event.director-cannot-correct": (
        "the board is over, and not by an agreed claim or concession the director could correct "
        "(Laws 69, 71)"
    ),
    "event.dummy-offer-waits": "waiting for {seat}: {options} (Law {law})",
    "event.dummy-offer-waits-two": "waiting for {seat} or {other}: {options} (Law {law})",
    "event.dummy-played-no-card": "dummy has played no {card}",
    "event.waits-revoke-too": "waiting for {seat} to correct his revoke too: {options} ({law})",
    "event.waits-card-after-revoke": (
        "waiting for {chooser}: keep (accept) or take back (decline) the card played after the "
        "revoke ({law})"
    ),
    "event.waits-card-after-revoke-dummy": (
        "waiting for {chooser} for dummy ({seat}): keep (accept) or take back (decline) the card "
        "played after the revoke ({law})"
    ),
    "event.waits-play-again": (
        "waiting for {seat} to play again in place of {card}: {options} ({law})"
    ),
    "event.none-playable": (
        "{seat} must play {what} now (Law {law}): none of {cards} can be the card he played"
    ),
    "event.declarer-chooses-first": "declarer ({declarer}) chooses first: {options} (Law {law})",
    "event.declarer-designates-first": (
        "declarer ({declarer}) designates first: {options} (Law 51A)"
    ),
    "event.play-waits": (
        "'{who} {action}' does not fit: waiting for {waiting} ({options}, Law {law})"
    ),
    "event.nothing-to-answer": "{who} {action}: nothing is offered to answer",
    "event.not-on-offer": (
        "{who} {action}: not an answer on offer; waiting for {waiting}: {options} (Law {law})"
    ),
}
"""Every refusal by id: its English template (``{text!r}`` quotes a value as Python does)."""


STRICT_REFUSALS: dict[str, str] = {key: "Law {law}: " + text for key, text in ILLEGAL.items()}
"""The strict machines' refusals (:data:`bridgelaw.errors.ILLEGAL`: a call or card the Laws do
not allow, met by a rule of the engine), each with the clause it breaks before it."""

TEMPLATES: dict[str, str] = {**REFUSALS, **STRICT_REFUSALS}


def strict_refusal(error: IllegalAction) -> Refusal | str:
    """A strict machine's refusal as a refusal said (its id, the clause and its parameters),
    or its English words when its raiser gave words of its own."""
    if error.refusal is None:
        return str(error)
    key, params = error.refusal
    return Refusal(key, (("law", error.law), *params))


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refusal said: its id (of :data:`REFUSALS`) and its parameters, by name."""

    id: str
    params: tuple[tuple[str, str | int], ...]

    def text(self) -> str:
        """The English sentence."""
        values: dict[str, str | int] = {}
        for name, value in self.params:
            values[name] = value
        return TEMPLATES[self.id].format_map(values)


def refuse(refusal: str, **params: str | int) -> Refusal:
    """The refusal ``refusal`` said with ``params`` (a test reads every call in the engine's
    sources and checks the names against the template's)."""
    if refusal not in REFUSALS:
        raise KeyError(f"no refusal {refusal!r}")
    return Refusal(refusal, tuple(params.items()))
