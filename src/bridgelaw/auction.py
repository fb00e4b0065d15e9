"""The strict auction: Laws 17-22 for online play, simulation and the table engine's legal core.

:class:`Auction` accepts only legal calls, in rotation. Anything else raises an
:class:`~bridgelaw.errors.IllegalCall` naming the law it breaks; the table engine (a later layer)
is the one that accepts irregular calls and rectifies them.

>>> a = Auction(Seat.NORTH)
>>> for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
...     a.push_text(c)
>>> str(a.contract), a.declarer.letter, a.is_over
('3NT', 'N', True)
>>> a = Auction(Seat.EAST)
>>> a.push_text("1H")
>>> len(a.legal_calls()), parse_call("X") in a.legal_calls(), parse_call("1D") in a.legal_calls()
(34, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bridgelaw.calls import (
    DOUBLE,
    PASS,
    PASSED_OUT,
    REDOUBLE,
    Call,
    Contract,
    call_name,
    parse_call,
)
from bridgelaw.cards import SEATS, STRAINS, Seat
from bridgelaw.errors import IllegalCall

_OUT_OF_ROTATION_LAW = {PASS: "30", DOUBLE: "32", REDOUBLE: "32"}  # bids: 31

# The legal calls for each lowest sufficient bid, built once: pass, the double or redouble if
# allowed, then the bids from the lowest sufficient one up.
_PASS_AND_BIDS = tuple((PASS, *range(k, 35)) for k in range(36))
_WITH_DOUBLE = tuple((PASS, DOUBLE, *range(k, 35)) for k in range(36))
_WITH_REDOUBLE = tuple((PASS, REDOUBLE, *range(k, 35)) for k in range(36))


class Auction:
    """A legal auction from the dealer's first call to its end (Law 22)."""

    __slots__ = (
        "_doubled",
        "_first_in_strain",
        "_last_bid",
        "_last_bidder",
        "_passes",
        "_undo",
        "calls",
        "dealer",
    )

    def __init__(self, dealer: Seat | int, calls: Iterable[Call] = ()) -> None:
        self.dealer: Seat = SEATS[dealer]  # Law 17B: the dealer makes the first call
        self.calls: list[Call] = []
        self._last_bid = -1
        self._last_bidder = -1
        self._doubled = 0  # 0 none, 1 doubled, 2 redoubled (of the last bid)
        self._passes = 0  # consecutive passes at the end of the auction
        # Law 22: declarer is the first of his side to name the final strain; [side*5 + strain]
        self._first_in_strain = [-1] * 10
        self._undo: list[tuple[int, int, int, int, int]] = []
        for call in calls:
            self.push(call)

    # -- the state ---------------------------------------------------------------------------

    @property
    def turn(self) -> Seat:
        """Law 17C: the calls go clockwise from the dealer."""
        return Seat((self.dealer + len(self.calls)) & 3)

    @property
    def is_over(self) -> bool:
        """Law 22: three passes in rotation after a bid, or four passes and no bid."""
        return self._passes >= 4 or (self._passes == 3 and self._last_bid >= 0)

    @property
    def is_passed_out(self) -> bool:
        """Law 22B: four passes, no bid."""
        return self._passes >= 4 and self._last_bid < 0

    @property
    def last_bid(self) -> Call | None:
        return self._last_bid if self._last_bid >= 0 else None

    @property
    def last_bidder(self) -> Seat | None:
        return Seat(self._last_bidder) if self._last_bidder >= 0 else None

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the state of the last bid (Law 19)."""
        return self._doubled

    @property
    def contract(self) -> Contract | None:
        """Law 22A: the last bid with its double or redouble; ``None`` while the auction lasts."""
        if not self.is_over:
            return None
        if self._last_bid < 0:
            return PASSED_OUT
        return Contract(self._last_bid // 5 + 1, STRAINS[self._last_bid % 5], self._doubled)

    @property
    def declarer(self) -> Seat | None:
        """Law 22 (with Law 53's sense of "declarer"): of the side that made the final bid, the
        player who first named its strain. ``None`` until the end or if passed out."""
        if not self.is_over or self._last_bid < 0:
            return None
        key = (self._last_bidder & 1) * 5 + self._last_bid % 5
        return SEATS[self._first_in_strain[key]]

    # -- what may be called ------------------------------------------------------------------

    def can_double(self) -> bool:
        """Law 19A1: only the last bid, only an opponent's, and only passes since it."""
        turn = (self.dealer + len(self.calls)) & 3
        return self._last_bid >= 0 and self._doubled == 0 and (self._last_bidder ^ turn) & 1 == 1

    def can_redouble(self) -> bool:
        """Law 19B1: only an opponent's double of one's own side's bid, only passes since it."""
        turn = (self.dealer + len(self.calls)) & 3
        return self._doubled == 1 and (self._last_bidder ^ turn) & 1 == 0

    def is_sufficient(self, call: Call) -> bool:
        """Law 18B/18D: a bid is sufficient if it outranks the last bid (pass, X, XX always are)."""
        return call > self._last_bid

    def legal_calls(self) -> LegalCalls:
        return LegalCalls(self)

    def illegality(self, call: Call, seat: Seat | int | None = None) -> IllegalCall | None:
        """Why ``call`` (by ``seat``, default the player in turn) would be illegal, or ``None``."""
        if not 0 <= call <= REDOUBLE:
            return IllegalCall("18", "illegal.not-a-call", call=call)
        if self.is_over:
            return IllegalCall("39", "illegal.after-final-pass", call=call_name(call))
        turn = (self.dealer + len(self.calls)) & 3
        if seat is not None and seat != turn:
            law = _OUT_OF_ROTATION_LAW.get(call, "31")
            return IllegalCall(
                law,
                "illegal.call-out-of-turn",
                call=call_name(call),
                seat=Seat(seat).letter,
                turn=Seat(turn).letter,
            )
        if call < 35:
            if call <= self._last_bid:
                return IllegalCall(
                    "27",
                    "illegal.insufficient",
                    call=call_name(call),
                    last=call_name(self._last_bid),
                )
            return None
        if call == DOUBLE and not self.can_double():
            return IllegalCall("36", "illegal.double")
        if call == REDOUBLE and not self.can_redouble():
            return IllegalCall("36", "illegal.redouble")
        return None

    # -- making and taking back calls --------------------------------------------------------

    def push(self, call: Call, seat: Seat | int | None = None) -> None:
        """Make ``call`` for the player in turn (or check that ``seat`` is in turn)."""
        passes = self._passes
        if seat is not None or passes >= 3 or call <= self._last_bid or call >= DOUBLE:
            error = self.illegality(call, seat)
            if error is not None:
                raise error
        undo = (self._last_bid, self._last_bidder, self._doubled, passes, -1)
        if call == PASS:
            self._passes = passes + 1
        else:
            self._passes = 0
            if call < 35:
                seat_now = (self.dealer + len(self.calls)) & 3
                self._last_bid = call
                self._last_bidder = seat_now
                self._doubled = 0  # Law 19C: a later bid cancels earlier doubles
                key = (seat_now & 1) * 5 + call % 5
                if self._first_in_strain[key] < 0:
                    self._first_in_strain[key] = seat_now
                    undo = (*undo[:4], key)
            else:
                self._doubled = call - 35
        self._undo.append(undo)
        self.calls.append(call)

    def push_text(self, text: str, seat: Seat | int | None = None) -> None:
        self.push(parse_call(text), seat)

    def pop(self) -> Call:
        """Take back the last call (undo)."""
        if not self.calls:
            raise IndexError("pop from an empty auction")
        call = self.calls.pop()
        self._last_bid, self._last_bidder, self._doubled, self._passes, key = self._undo.pop()
        if key >= 0:
            self._first_in_strain[key] = -1
        return call

    def copy(self) -> Auction:
        return Auction(self.dealer, self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def __repr__(self) -> str:
        return f"Auction({self.dealer.letter}: {' '.join(call_name(c) for c in self.calls)})"


class LegalCalls:
    """A lazy view of the calls the player in turn may make, in the order pass, X, XX, bids."""

    __slots__ = ("_auction",)

    def __init__(self, auction: Auction) -> None:
        self._auction = auction

    def __iter__(self) -> Iterator[Call]:
        a = self._auction
        if a.is_over:
            return iter(())
        first = a._last_bid + 1
        if a.can_double():
            return iter(_WITH_DOUBLE[first])
        if a.can_redouble():
            return iter(_WITH_REDOUBLE[first])
        return iter(_PASS_AND_BIDS[first])

    def __len__(self) -> int:
        a = self._auction
        if a.is_over:
            return 0
        return 35 - a._last_bid + (a.can_double() or a.can_redouble())

    def __contains__(self, call: object) -> bool:
        return isinstance(call, int) and self._auction.illegality(call) is None

    def __repr__(self) -> str:
        return f"<LegalCalls: {' '.join(call_name(c) for c in self)}>"
