"""Hidden information over every message: each seat records everything the
server sends it during whole boards (the answers to its requests, error messages included,
the views it asks for, and every WebSocket push) and no message may hold a card that seat
could not see at that moment at a real table, nor a fact it could not know; and no view may
deny it a card faced on the table.

What a seat could see is the test's own rule, from the spec and the Laws, not the server's:
its own thirteen cards; every card faced on the table so far: every card an accepted event
played, whether to a trick or not (a lead out of turn, 54-56, a card played early, 57, cards
played at once, 58B: Law 45A faces every card played), a revoke's correction and any
``expose`` (Laws 24, 49); penalty cards (Law 50); dummy's thirteen cards once the opening lead
is faced (Law 41B, dummy spread); every card once the board is over (66D: after play all the
cards may be inspected); in an error message answering its own request, the cards it named
itself. The facts (which cards are penalty cards, who is dummy, the revokes) are read
from the director's view, which holds the whole record.

What a seat could know of the revokes (Laws 61-64, 66): its own (it knows what it held); one
from dummy's hand, face up; one corrected (62A: attention was drawn to it); every one once
play is over (66C, 66D: the tricks may be inspected). No view may carry another: neither in
``revokes`` nor in a ruling or review that names it.

Denied: every card public by the rule above that the director's view names in a field of the
table (the faced cards, rulings, reviews, penalty cards, the tricks...) must be named in the
same field of each seat's view (a ruling or review: the same record, if the seat has it).

Asking (Law 45B and every hand a seat cannot see): at random moments a seat names two cards it
cannot see, as the same event; the two answers must be the same but for the card's name.

The boards: random legal boards, random irregular boards (calls out of turn, insufficient
bids, leads and plays out of turn, revokes, exposed cards, claims and concessions, each
question of the table answered at random by the seat or the director it concerns), and the
project's law scripts of irregularities replayed through the API (each event sent by its
seat's token, dummy's cards by declarer's, and by the director when a seat may not send it).
``BRIDGELAW_HIDDEN_ALL=1`` replays every script instead of a sample.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from bridgelaw.cards import Card, Deal, Seat, card_name, cards_in, parse_card, parse_hand_pbn
from bridgelaw.errors import BridgeLawError
from bridgelaw.server.app import create_app
from bridgelaw.server.push import apply
from bridgelaw.server.random_player import random_event
from bridgelaw.server.views import view_for
from tests.helpers import random_deal

DIRECTOR = "hidden-director"
SCRIPTS = Path(__file__).parents[1] / "scripts"
CARD = re.compile(r"(?<![A-Za-z0-9])([SHDC](?:10|[AKQJT2-9]))(?![A-Za-z0-9])")
PBN_HAND = re.compile(r"[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*")
IRREGULAR_SCRIPT = re.compile(r"l(2[3-9]|3[0-9]|4[1-9]|5[0-9]|6[0-9]|7[01])")
"""Scripts of the auction's and the play's irregularities, leads, revokes, claims."""


FACING = ("expose", "correct", "again", "cards")
"""The words of events that face their cards on the table (Laws 24, 49, 58B, 62, 67B3)."""
PRIVATE = frozenset(
    ("deal", "hands", "hand", "dummy", "legal", "offer", "correction", "awaiting", "seat")
)
"""The fields of a view that differ by role by design (each role's own part); the records
(``revokes``, ``rulings``, ``reviews``) are compared record by record."""
RECORDS = ("rulings", "reviews")


def faced_by(text: str) -> set[Card]:
    """The cards an accepted event ``text`` faces on the table (the test's own rule): a card
    played (45A), exposed, a correction, a card played again, several at once; not a
    director's finding nor a face-down lead (41A)."""
    words = text.split()
    if words and words[0] in ("N", "E", "S", "W"):
        words = words[1:]
    elif words and words[0] == "director":
        return set()
    if len(words) == 1:
        with contextlib.suppress(BridgeLawError):
            return {parse_card(words[0])}
    if len(words) > 1 and words[0] in FACING:
        with contextlib.suppress(BridgeLawError):
            return {parse_card(w) for w in words[1:]}
    return set()


def revoke_key(value: Any) -> tuple[str, str, int] | None:
    """A revoke as a message names it (``{"message": "revoke", "params": ...}``)."""
    if isinstance(value, dict) and value.get("message") == "revoke":
        p = value["params"]
        return (str(p["seat"]), str(p["card"]), int(p["trick"]))
    return None


def revokes_named(value: Any) -> set[tuple[str, str, int]]:
    """Every revoke a record names, in nested messages too."""
    found: set[tuple[str, str, int]] = set()
    key = revoke_key(value)
    if key is not None:
        found.add(key)
    if isinstance(value, dict):
        for v in value.values():
            found |= revokes_named(v)
    elif isinstance(value, list):
        for v in value:
            found |= revokes_named(v)
    return found


def unnamed(text: str, card: Card) -> str:
    """``text`` with ``card``'s name (``HT`` or ``H10``) in place of ``<card>``."""
    return CARD.sub(lambda m: "<card>" if parse_card(m.group(1)) == card else m.group(1), text)


def record_key(record: dict[str, Any]) -> tuple[Any, ...]:
    return (record["event"], record["law"], record.get("message"), record.get("seat"))


def cards_named(message: Any) -> set[Card]:
    """Every card a message names: card words, hands and deals written in PBN."""
    found: set[Card] = set()
    if isinstance(message, dict):
        for value in message.values():
            found |= cards_named(value)
    elif isinstance(message, list):
        for value in message:
            found |= cards_named(value)
    elif isinstance(message, str):
        found |= {parse_card(m) for m in CARD.findall(message)}
        for hand in PBN_HAND.findall(message):
            found |= set(cards_in(parse_hand_pbn(hand)))
    return found


class Witness:
    """A table played through the API, every message to each seat checked as it arrives."""

    def __init__(self, client: TestClient, board: int, deal: str, edition: int = 2017) -> None:
        self.client, self.deal = client, Deal.from_pbn(deal)
        body = {"board": board, "deal": deal, "edition": edition, "mode": "law"}
        answer = client.post("/api/tables", json=body, headers=self.auth(DIRECTOR))
        assert answer.status_code == 200, answer.text
        self.table: str = answer.json()["table"]
        self.seats: dict[str, str] = answer.json()["seats"]
        self.public: set[Card] = set()
        self.known: dict[str, Any] = {}
        """The director's view after the last accepted event (the whole record)."""
        self.unknown: dict[str, set[tuple[str, str, int]]] = {s: set() for s in "NESW"}
        """The revokes each seat cannot know of now (seat, card, trick)."""
        self.shown: dict[str, Any] = {}
        """The public cards each field of the table names (each record's, by record), from
        the director's view after the last accepted event."""
        self.facts = 0
        """Views checked for facts and denied cards."""
        self.probes = 0
        self.messages = 0
        self.accepted = 0
        self.streams: dict[str, WebSocketTestSession] = {}
        self.changing: dict[str, WebSocketTestSession] = {}
        """Each seat's second stream, of changes (``?changes=1``), and the view they make."""
        self.held: dict[str, dict[str, Any]] = {}
        self._contexts: list[Any] = []
        self.said: dict[str, str] = {}
        """Each explanation or answer given (its words, each unique) and whose call it was
        about: the caller's partner may never receive those words (20F online, 16B)."""
        self.talks = 0

    @staticmethod
    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def __enter__(self) -> Witness:
        for seat, token in self.seats.items():
            context = self.client.websocket_connect(
                f"/api/tables/{self.table}/stream?token={token}"
            )
            self._contexts.append(context)
            self.streams[seat] = context.__enter__()
            context = self.client.websocket_connect(
                f"/api/tables/{self.table}/stream?token={token}&changes=1"
            )
            self._contexts.append(context)
            self.changing[seat] = context.__enter__()
        self.learn()
        for seat in "NESW":
            self.check(seat, self.streams[seat].receive_json())
            self.held[seat] = self.changing[seat].receive_json()
            self.check(seat, self.held[seat])
        return self

    def receive(self, seat: str) -> None:
        """The seat's push on both streams: each checked; the changes, applied to the view
        the seat held, make the whole view pushed, and that is the view made without any
        memory of earlier views (``views.view_for`` with plain blotting)."""
        whole = self.streams[seat].receive_json()
        self.check(seat, whole)
        change = self.changing[seat].receive_json()
        assert "changes" in change, change
        self.check(seat, change)
        self.held[seat] = apply(self.held[seat], change)
        assert self.held[seat] == whole
        self.check_view(seat, whole)
        live = self.client.app.state.server.live[self.table]  # type: ignore[attr-defined]
        made = view_for(live.table, seat, live.mode, live.robots)
        # and the director's records the table sees: his result (Law 12) and the calls (9B);
        # the stream adds the table's sequence number (docs/deployment.md)
        assert whole == {
            **made,
            "adjusted": live.adjusted,
            "director_calls": live.director_calls,
            "explanations": whole["explanations"],
            "call_changes": live.changes,
            "seq": whole["seq"],
        }
        assert whole["seq"] == len(live.table.events)

    def __exit__(self, *_exc: object) -> None:
        for context in self._contexts:
            context.__exit__(None, None, None)

    def director(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{self.table}", headers=self.auth(DIRECTOR))
        view: dict[str, Any] = answer.json()
        return view

    def learn(self) -> None:
        """What became public with the last event: faced cards, penalty cards, dummy; and
        the revokes each seat cannot know of."""
        view = self.known = self.director()
        for name in view["play"] or []:
            with contextlib.suppress(BridgeLawError):  # no card (a place in a trick)
                self.public.add(parse_card(name))
        self.public |= {parse_card(p["card"]) for p in view["penalty_cards"]}
        dummy: str | None = None
        if view["phase"] != "auction" and view["play"] and view["declarer"]:
            spread = Seat("NESW".index(view["declarer"])).partner
            self.public |= set(cards_in(self.deal.hands[spread]))
            dummy = spread.letter
        if view["phase"] == "ended":
            self.public |= set(range(52))  # 66D
        self.shown = {}
        for key, value in view.items():
            if key in RECORDS:
                self.shown[key] = {
                    record_key(r): (r, cards)
                    for r in value
                    if (cards := cards_named(r) & self.public)
                }
            elif key not in PRIVATE and key != "revokes" and (cards := cards_named(value)):
                self.shown[key] = cards & self.public
        over = view["phase"] == "ended" or len(view["quitted"]) == 13  # 66C, 66D
        for seat in "NESW":
            self.unknown[seat] = {
                (r["seat"], r["card"], r["trick"])
                for r in view["revokes"]
                if not over and not r["corrected"] and r["seat"] not in (seat, dummy)
            }

    def claimed_hand(self, text: str) -> set[Card]:
        """The cards a claim or concession ``text`` faces (2017 68C: the claimer faces his
        cards): all the claimer still holds, when the director's record shows the claim made
        (a word on the trick in progress alone is no claim, 68)."""
        words = text.split()
        seat = words[0] if words[0] in ("N", "E", "S", "W") else None
        if seat is None or len(words) < 2 or words[1] not in ("claim", "concede"):
            return set()
        claim = self.known.get("claim") or self.known.get("claimed")
        if not claim or claim["claimer"] != seat:
            return set()
        return set(cards_in(parse_hand_pbn(self.known["hands"][seat])))

    def check_view(self, seat: str, view: dict[str, Any]) -> None:
        """A whole view of ``seat``: no revoke it cannot know of; no public card denied."""
        if not self.known or view.get("events") != self.known.get("events"):
            return  # (a view of another moment than the record learnt)
        unknown = self.unknown[seat]
        told = {(r["seat"], r["card"], r["trick"]) for r in view["revokes"]} & unknown
        assert not told, (seat, "revokes", sorted(told), view["revokes"])
        for name in RECORDS:
            for record in view[name]:
                told = revokes_named(record) & unknown
                assert not told, (seat, name, sorted(told), record)
        for key, shown in self.shown.items():
            if key in RECORDS:
                theirs = {record_key(r): r for r in view[key]}
                for at, (record, cards) in shown.items():
                    seen = theirs.get(at)
                    if seen is not None:
                        denied = cards - cards_named(seen)
                        assert not denied, (seat, key, sorted(denied), record, seen)
            else:
                denied = shown - cards_named(view[key])
                assert not denied, (seat, key, sorted(denied), self.known[key], view[key])
        self.facts += 1

    def check(self, seat: str, message: Any, named: frozenset[Card] = frozenset()) -> None:
        own = set(cards_in(self.deal.hands[Seat("NESW".index(seat))]))
        leaked = cards_named(message) - own - self.public - named
        assert not leaked, (seat, sorted(leaked), message)
        # online, a player never learns his own side's explanations (20F, 16B) nor alerts
        partner = Seat("NESW".index(seat)).partner.letter
        text = json.dumps(message)
        told = [words for words, caller in self.said.items() if caller == partner and words in text]
        assert not told, (seat, "his partner's explanation", told, message)
        if isinstance(message, dict) and isinstance(message.get("auction"), list):
            alerted = [r for r in message["auction"] if r["seat"] == partner and r["alert"]]
            assert not alerted, (seat, "his partner's alert", alerted)
        self.messages += 1

    def talk(self, rng: random.Random) -> None:
        """Explanations, a question and its answer (20F), each with words of its own; the
        caller's partner tries to explain, ask and answer for him (refused, and told nothing);
        every message checked, every push received."""
        known = self.director()
        calls = [r for r in known["auction"] if r["status"] == "effective"]
        if not calls:
            return
        record = rng.choice(calls)
        caller, event = record["seat"], record["event"]
        partner = Seat("NESW".index(caller)).partner.letter
        words = f"explained-{self.talks}-{rng.randrange(1 << 30)}"
        self.said[words] = caller
        self.talks += 1
        if self.post(caller, "explanations", {"call": event, "text": words}) == 200:
            self.talks += 1
        for path, body in (
            ("explanations", {"call": event, "text": "partner's"}),
            ("questions", {"call": event}),
        ):
            assert self.post(partner, path, body) in (403, 422)
        asker = known["turn"]
        if asker is None or asker in (caller, partner):
            return
        if self.post(asker, "questions", {"call": event, "text": "what is it?"}) != 200:
            return
        question = self.records[-1]["id"]
        answer = f"answered-{self.talks}-{rng.randrange(1 << 30)}"
        self.said[answer] = caller
        assert self.post(partner, f"questions/{question}/answer", {"text": "no"}) == 403
        assert self.post(caller, f"questions/{question}/answer", {"text": answer}) == 200

    @property
    def records(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.director()["explanations"]
        return found

    def post(self, seat: str, path: str, body: dict[str, Any]) -> int:
        """A seat's explanation, question or answer: its answer checked; once accepted, every
        seat's push received and checked."""
        answer = self.client.post(
            f"/api/tables/{self.table}/{path}", json=body, headers=self.auth(self.seats[seat])
        )
        self.check(seat, answer.json())
        if answer.status_code == 200:
            for other in "NESW":
                self.receive(other)
        status: int = answer.status_code
        return status

    def send(self, role: str, text: str) -> int:
        """``text`` sent with ``role``'s token; every message it brings checked."""
        token = DIRECTOR if role == "director" else self.seats[role]
        answer = self.client.post(
            f"/api/tables/{self.table}/events", json={"event": text}, headers=self.auth(token)
        )
        if answer.status_code == 200:
            self.accepted += 1
            self.public |= faced_by(text)
            self.learn()
            full = text if role == "director" else f"{role} {text}"
            self.public |= self.claimed_hand(full)
            self.learn()
            for seat in "NESW":
                self.receive(seat)
        if role != "director":
            self.check(role, answer.json(), frozenset(cards_named(text)))
            if answer.status_code == 200:
                self.check_view(role, answer.json())
        status: int = answer.status_code
        return status

    def probe(self, rng: random.Random, seat: str | None = None) -> None:
        """A seat names two cards it cannot see, as the same event: the same answer but for
        the card's name (45B and every hidden hand); nothing accepted."""
        seat = seat or rng.choice("NESW")
        own = set(cards_in(self.deal.hands[Seat("NESW".index(seat))]))
        hidden = sorted(set(range(52)) - own - self.public)
        if len(hidden) < 2:
            return
        form = rng.choice(["{}", "{}", "expose {}", "correct {}", "cards {} {}"])
        answers = []
        for card in rng.sample(hidden, 2):
            name = card_name(card)
            text = form.format(name, name)
            if form.startswith("cards"):  # with one of his own, that he may have played
                text = f"cards {card_name(min(own))} {name}"
            answer = self.client.post(
                f"/api/tables/{self.table}/events",
                json={"event": text},
                headers=self.auth(self.seats[seat]),
            )
            assert answer.status_code != 200, (seat, text, "a card it does not hold accepted")
            self.check(seat, answer.json(), frozenset({card, min(own)}))
            body = unnamed(answer.text, card)
            answers.append((answer.status_code, body))
        assert answers[0] == answers[1], (seat, form, answers)
        self.probes += 1

    def look(self) -> dict[str, dict[str, Any]]:
        """Each seat asks for its view (checked); the views by seat."""
        views = {}
        for seat, token in self.seats.items():
            answer = self.client.get(f"/api/tables/{self.table}", headers=self.auth(token))
            self.check(seat, answer.json())
            self.check_view(seat, answer.json())
            views[seat] = answer.json()
        return views

    def send_as(self, seat: str, action: str, declarer: str | None) -> int:
        """A seat's event: by its token, else dummy's card by declarer's, else by the
        director (who may send any event)."""
        status = self.send(seat, action)
        if status == 403 and declarer is not None:
            status = self.send(declarer, action)
        if status in (403, 422):
            status = self.send("director", f"{seat} {action}")
        return status


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", DIRECTOR)
    app.state.limits.rate, app.state.limits.burst = 1e6, 10**6  # not under test here
    yield TestClient(app)
    app.state.server.engine.dispose()


def answer_awaiting(witness: Witness, awaiting: dict[str, Any], rng: random.Random) -> None:
    option = rng.choice(awaiting["options"])
    if awaiting["who"] == "director":
        witness.send("director", f"director {option}")
    else:
        witness.send_as(awaiting["who"], option, None)


def irregular_event(view: dict[str, Any], rng: random.Random) -> str:
    """Something a player may do at a real table, in turn or not, legal or not."""
    if view["phase"] == "auction":
        return rng.choice(["pass", "1C", "1D", "1NT", "2C", "X", "XX", "4S"])
    hand = list(cards_in(parse_hand_pbn(view["hand"]))) if view["hand"] else []
    if not hand:
        return "claim 1"
    card = rng.choice(hand)
    return rng.choice([card_name(card)] * 4 + [f"expose {card_name(card)}", "claim 3", "concede 1"])


def play_random_board(witness: Witness, rng: random.Random, irregular: float) -> None:
    """Up to 160 steps: answer what the table waits for, else a random legal event, and with
    probability ``irregular`` an irregular one from a random seat."""
    for _ in range(160):
        table = witness.director()
        if table["phase"] == "ended":
            return
        if table["awaiting"] is not None:
            answer_awaiting(witness, table["awaiting"], rng)
            continue
        views = witness.look()
        if table["phase"] == "play" and not table["play"] and table["declarer"]:
            witness.probe(rng, table["declarer"])  # dummy not yet spread: hidden (41B, 45B)
        elif rng.random() < 0.1:
            witness.probe(rng)
        if rng.random() < irregular:
            seat = rng.choice("NESW")
            witness.send(seat, irregular_event(views[seat], rng))
            continue
        if rng.random() < 0.1:
            witness.talk(rng)
        for seat in rng.sample("NESW", 4):
            event = random_event(views[seat], rng)
            if event is not None:
                if table["phase"] == "auction" and rng.random() < 0.3:
                    event += "!"  # alerted (Law 40B: an artificial call)
                witness.send(seat, event)
                break
        else:
            seat = rng.choice("NESW")
            witness.send(seat, irregular_event(views[seat], rng))


@pytest.mark.parametrize("irregular", [0.0, 0.15])
def test_random_boards_leak_no_card(client: TestClient, irregular: float) -> None:
    # BRIDGELAW_SEED=<the seed a failure printed> runs that failure again
    seed = int(os.environ.get("BRIDGELAW_SEED") or random.randrange(1 << 30))
    rng = random.Random(seed)
    rulings = probes = talks = 0
    for board in range(1, 4):
        deal = random_deal(rng).pbn()
        with Witness(client, board, deal) as witness:
            play_random_board(witness, rng, irregular)
            assert witness.messages >= 4 * witness.accepted, seed  # a push to each seat
            assert witness.facts >= 4 * witness.accepted, seed  # each push's facts checked
            probes += witness.probes
            talks += witness.talks
            final = witness.director()
            rulings += len(final["rulings"])
            if irregular == 0.0:  # no irregularity: nothing ruled but a pass-out's end (22B)
                ruled = [r["law"] for r in final["rulings"] if r["law"] != "22B"]
                assert final["phase"] == "ended" and not ruled, seed
    assert probes > 0 and talks > 0, seed
    if irregular:
        # irregularities happened and were ruled on (an irregular board may stop where the
        # engine does not handle a case: its messages were checked up to there)
        assert rulings > 0, seed


def irregular_scripts() -> list[Path]:
    every = sorted(SCRIPTS.rglob("*.yaml"))
    if os.environ.get("BRIDGELAW_HIDDEN_ALL"):
        return every
    chosen = [p for p in every if IRREGULAR_SCRIPT.search(p.stem)]
    return chosen[:: max(1, len(chosen) // 25)]  # some 25 scripts, every kind of law among them


@pytest.mark.parametrize("script", irregular_scripts(), ids=lambda p: p.stem)
def test_law_scripts_leak_no_card(client: TestClient, script: Path) -> None:
    data = yaml.safe_load(script.read_text())
    if "dealer" in data or "vulnerable" in data:
        pytest.skip("a dealer or vulnerability other than Law 2's: not a server table")
    with Witness(client, int(data["board"]), data["deal"], int(data.get("edition", 2017))) as w:
        for event in data["events"]:
            who, _, action = str(event).partition(" ")
            if who not in ("N", "E", "S", "W"):  # the director, or not a seat at all
                w.send("director", str(event))
            else:
                declarer = w.director()["declarer"]
                w.send_as(who, action, declarer)
            w.look()
        assert w.messages > 0
