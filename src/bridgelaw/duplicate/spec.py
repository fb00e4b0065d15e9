"""What the director asks for when he starts a session (``POST /api/sessions``), read and checked.

Every problem is a :class:`SpecError` naming the field (``movement.tables``, ``deals``,
``pairs.7``...), said by id with named parameters (:mod:`bridgelaw.duplicate.spec_problems`),
which the server answers with 422 in the asker's language. The spec's fields are those of
``session-api.md``; the project adds (all optional):

* ``clock``: ``{"seconds_per_board": 420}`` or ``{"seconds_per_round": 1500}``, and
  ``"change_seconds"`` (the time allowed for the move between rounds). The round clock starts
  when the director starts the round (Law 8A1).
* ``robots`` (``law``/``strict`` sessions): the players robots replace, ``"3"`` for both players
  of pair 3, ``"3:2"`` for its second player.
* ``correction_minutes``: the correction period the organiser sets (Law 79C1: 30 minutes after
  the official scores are made available when he sets none).
* ``appeal_minutes``: the appeal period the organiser sets (Law 92B: 30 minutes after the
  official scores are made available when he sets none). The server fills in its own defaults
  for both when the spec leaves them out (``bridgelaw serve --appeal-minutes``), so a session's
  periods are fixed when it starts.
* ``dealer_key``: the key the server deals from (Law 6), hex, when the boards are not given;
  a new secret key when it is missing.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from bridgelaw.cards import Deal
from bridgelaw.duplicate.spec_problems import PREFIX, PROBLEMS, Said, Value, english
from bridgelaw.errors import BridgeLawError
from bridgelaw.tournament.movements import Movement, natural_key
from bridgelaw.tournament.session import SCORINGS

PlayMode = Literal["results", "law", "strict"]
PLAY_MODES: tuple[PlayMode, ...] = ("results", "law", "strict")
MAX_NAME = 100
MAX_PLAYER_NAME = 60
MAX_DEALS_TEXT = 400_000
"""A hand record of a few hundred boards with commentary fits; more is not a session's."""
MAX_SECONDS = 4 * 3600
MAX_PLAYED = 20_000
"""Boards played at tables in one session (a congress section of 60 tables and 27 boards plays
1,620): a bound on what a mistyped movement makes the server hold."""
DEFAULT_CORRECTION_MINUTES = 30
DEFAULT_APPEAL_MINUTES = 30
"""Law 92B's own period, when neither the session nor the server sets another."""
"""Law 79C1: the correction period ends 30 minutes after the official scores are made
available, unless the tournament organiser sets another time."""


class SpecError(ValueError):
    """A field of the session's request that cannot be taken: its name (``where``) and why,
    ``problem`` an id of :data:`~bridgelaw.duplicate.spec_problems.PROBLEMS` said with
    ``params`` (``message``: its English).

    >>> error = SpecError("edition", "edition", value="1997")
    >>> str(error), error.message
    ('edition: 1997 is not 2007 or 2017', '1997 is not 2007 or 2017')
    >>> error.said()
    ('spec.edition', (('field', 'edition'), ('value', '1997')))
    """

    def __init__(self, where: str, problem: str, /, **params: Value) -> None:
        if problem not in PROBLEMS:
            raise KeyError(f"no problem {problem!r} of a spec")
        self.where, self.problem, self.params = where, problem, params
        text = english(self.said())
        super().__init__(text)
        self.message = text.removeprefix(f"{where}: ")

    def said(self) -> Said:
        """The problem as a phrase: its id (``spec.<id>``) and its parameters, the field first."""
        return PREFIX + self.problem, (("field", self.where), *self.params.items())


@dataclass(frozen=True)
class Clock:
    """The round clock as the club sets it: the playing time of a round and the change time."""

    seconds_per_board: int | None = None
    seconds_per_round: int | None = None
    change_seconds: int = 0

    def round_seconds(self, boards: int) -> int | None:
        """The playing time of a round of ``boards`` boards; None: no clock."""
        if self.seconds_per_round is not None:
            return self.seconds_per_round
        if self.seconds_per_board is not None:
            return self.seconds_per_board * boards
        return None

    def as_json(self) -> dict[str, int | None]:
        return {
            "seconds_per_board": self.seconds_per_board,
            "seconds_per_round": self.seconds_per_round,
            "change_seconds": self.change_seconds,
        }


@dataclass(frozen=True)
class Player:
    """A seat in a contestant: pair ``pair``'s first or second player (teams: 1 to 4)."""

    pair: str
    number: int

    @property
    def key(self) -> str:
        return f"{self.pair}:{self.number}"


@dataclass(frozen=True)
class SessionSpec:
    """The session as the director asked for it, checked."""

    name: str
    date: str
    scoring: str
    movement: Movement
    movement_request: dict[str, Any]
    deals: dict[int, Deal]
    names: dict[str, list[str]]
    play: PlayMode
    edition: int
    clock: Clock = field(default_factory=Clock)
    robots: frozenset[Player] = frozenset()
    correction_minutes: int = DEFAULT_CORRECTION_MINUTES
    appeal_minutes: int = DEFAULT_APPEAL_MINUTES
    dealt_by: str = "given"
    """``given`` (the director's PBN) or the dealer's commitment (Law 6, dealt by the server)."""

    @property
    def teams(self) -> bool:
        return self.scoring == "teams"

    @property
    def pairs(self) -> list[str]:
        """The contestants (pairs, or teams), without the movement's phantom pairs."""
        phantoms = phantoms_of(self.movement)
        return [p for p in self.movement.pairs if p not in phantoms]

    @property
    def players_per_pair(self) -> int:
        return 4 if self.teams else 2

    def players(self) -> list[Player]:
        return [Player(p, n) for p in self.pairs for n in range(1, self.players_per_pair + 1)]

    def as_json(self) -> dict[str, Any]:
        """What is stored, and read back by :func:`read_spec` to the same spec."""
        return {
            "name": self.name,
            "date": self.date,
            "scoring": self.scoring,
            "movement": self.movement_request,
            "deals": "\n".join(
                f'[Board "{b}"]\n[Deal "{self.deals[b].pbn()}"]\n' for b in sorted(self.deals)
            ),
            "pairs": self.names,
            "play": self.play,
            "edition": self.edition,
            "clock": self.clock.as_json(),
            "robots": sorted(p.key for p in self.robots),
            "correction_minutes": self.correction_minutes,
            "appeal_minutes": self.appeal_minutes,
            "dealt_by": self.dealt_by,
        }


def phantoms_of(movement: Movement) -> frozenset[str]:
    """The movement's place-holder pairs: the pair meeting one sits out."""
    return movement.phantoms


def read_spec(body: object, stored: bool = False) -> SessionSpec:
    """The director's request checked field by field; the first problem raises :class:`SpecError`.

    Without ``deals`` the boards are dealt here by Law 6 from ``dealer_key`` (hex) or a new
    key. ``stored``: ``body`` is a spec this module wrote (:meth:`SessionSpec.as_json`)."""
    if not isinstance(body, Mapping):
        raise SpecError("body", "body-object")
    unknown = sorted(set(body) - KNOWN_FIELDS - ({"dealt_by"} if stored else set()))
    if unknown:
        fields = ", ".join(sorted(KNOWN_FIELDS))
        raise SpecError(unknown[0], "unknown-field-expected", fields=fields)
    name = _text(body.get("name", "Duplicate session"), "name", MAX_NAME)
    date = _date(body.get("date"))
    scoring = body.get("scoring", "matchpoints")
    if scoring not in SCORINGS:
        raise SpecError("scoring", "not-one-of", value=_shown(scoring), choices=", ".join(SCORINGS))
    request = body.get("movement")
    movement = _movement(request, scoring)
    assert isinstance(request, dict)
    play = body.get("play", "results")
    if play not in PLAY_MODES:
        raise SpecError("play", "not-one-of", value=_shown(play), choices=", ".join(PLAY_MODES))
    edition = body.get("edition", 2017)
    if edition not in (2007, 2017) or isinstance(edition, bool):
        raise SpecError("edition", "edition", value=_shown(edition))
    deals, dealt_by = _deals(body.get("deals"), movement, body.get("dealer_key"))
    if stored:
        dealt_by = str(body.get("dealt_by", dealt_by))
    spec = SessionSpec(
        name=name,
        date=date,
        scoring=str(scoring),
        movement=movement,
        movement_request=dict(request),
        deals=deals,
        names={},
        play=play,
        edition=int(edition),
        clock=_clock(body.get("clock")),
        correction_minutes=_whole(
            body.get("correction_minutes", DEFAULT_CORRECTION_MINUTES), "correction_minutes", 0
        ),
        appeal_minutes=_whole(
            body.get("appeal_minutes", DEFAULT_APPEAL_MINUTES), "appeal_minutes", 0
        ),
        dealt_by=dealt_by,
    )
    names = _names(body.get("pairs"), spec)
    robots = _robots(body.get("robots"), spec)
    if robots and play == "results":
        raise SpecError("robots", "robots-at-tables")
    return SessionSpec(**{**spec.__dict__, "names": names, "robots": robots})


KNOWN_FIELDS = frozenset(
    {
        "name",
        "date",
        "scoring",
        "movement",
        "deals",
        "pairs",
        "play",
        "edition",
        "clock",
        "robots",
        "correction_minutes",
        "appeal_minutes",
        "dealer_key",
    }
)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _text(value: object, where: str, longest: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SpecError(where, "text-needed", value=_shown(value))
    if len(value) > longest or any(ord(c) < 32 for c in value):
        raise SpecError(where, "text-too-long", most=longest)
    return value.strip()


def _whole(value: object, where: str, least: int, most: int = MAX_SECONDS) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise SpecError(where, "whole-number", least=least, most=most, value=_shown(value))
    return value


def _date(value: object) -> str:
    if value is None:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise SpecError("date", "date", value=_shown(value)) from None


def _movement(request: object, scoring: str) -> Movement:
    """The movement asked for (``docs/movements.md``: made by rule, or a club's movement file
    under ``"kind": "file"``), checked like every movement file."""
    from bridgelaw.tournament.movement_spec import movement_from_spec
    from bridgelaw.tournament.movements import MovementError

    if not isinstance(request, Mapping):
        raise SpecError("movement", "movement-object")
    try:
        movement = movement_from_spec(dict(request))
    except MovementError as error:
        if not error.problems:
            raise SpecError(error.field, "movement", problem=error.said()) from None
        # a movement file's first problems, each with its line (its reader's English words)
        lines: list[Said] = [
            ("movement.file-line", (("line", p.line), ("problem", p.message)))
            for p in error.problems[:5]
        ]
        raise SpecError(error.field, "movement-lines", problem=error.said(), lines=lines) from None
    played = sum(len(s.boards) for s in movement.seatings)
    if played > MAX_PLAYED:
        raise SpecError(
            "movement", "movement-too-large", played=Decimal(played), most=Decimal(MAX_PLAYED)
        )
    if (movement.kind == "teams") != (scoring == "teams"):
        raise SpecError("movement.kind", "movement-scoring")
    return movement


def _deals(text: object, movement: Movement, key: object) -> tuple[dict[int, Deal], str]:
    boards = movement.boards
    if text is None:
        from bridgelaw.dealing.dealer import KeyProblem, SecureDealer, new_key, parse_key

        try:
            dealer = SecureDealer(parse_key(str(key)) if key else new_key())
        except KeyProblem as error:
            raise SpecError("dealer_key", "dealer-key", problem=error.said()) from None
        return {b: dealer.deal(b) for b in boards}, f"Law 6, commitment {dealer.commitment}"
    if not isinstance(text, str) or len(text) > MAX_DEALS_TEXT:
        raise SpecError("deals", "deals-text", most=Decimal(MAX_DEALS_TEXT))
    from bridgelaw.formats.pbn import read_pbn

    parsed = read_pbn(text, "deals")
    deals: dict[int, Deal] = {}
    for game in parsed.games:
        number, deal = game.board_number, game.tags.get("Deal")
        if number is None or deal is None:
            continue
        try:
            deals[number] = Deal.from_pbn(deal)
        except BridgeLawError as error:  # the deal reader's English words
            line = game.tag_lines.get("Deal", game.line)
            raise SpecError("deals", "deal", line=line, board=number, problem=str(error)) from None
    missing = [b for b in boards if b not in deals]
    if missing:
        listed = ", ".join(str(b) for b in missing[:10])
        raise SpecError("deals", "deals-missing", boards=_span(boards), missing=listed)
    return {b: deals[b] for b in boards}, "given"


def _span(boards: list[int]) -> str:
    return f"{boards[0]}-{boards[-1]}" if boards else "none"


def _clock(value: object) -> Clock:
    if value is None:
        return Clock()
    if not isinstance(value, Mapping):
        raise SpecError("clock", "clock-object")
    unknown = sorted(set(value) - {"seconds_per_board", "seconds_per_round", "change_seconds"})
    if unknown:
        raise SpecError(f"clock.{unknown[0]}", "unknown-field")
    per_board, per_round = value.get("seconds_per_board"), value.get("seconds_per_round")
    return Clock(
        None if per_board is None else _whole(per_board, "clock.seconds_per_board", 30),
        None if per_round is None else _whole(per_round, "clock.seconds_per_round", 60),
        _whole(value.get("change_seconds", 0), "clock.change_seconds", 0),
    )


def _names(value: object, spec: SessionSpec) -> dict[str, list[str]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise SpecError("pairs", "pairs-object")
    known = set(spec.pairs)
    names: dict[str, list[str]] = {}
    for key in sorted(value, key=lambda k: natural_key(str(k))):
        where = f"pairs.{key}"
        if str(key) not in known:
            raise SpecError(where, "not-a-team" if spec.teams else "not-a-pair")
        players = value[key]
        if isinstance(players, str):
            players = [players]
        if not isinstance(players, list) or not 1 <= len(players) <= spec.players_per_pair + 2:
            raise SpecError(where, "players-list")
        names[str(key)] = [_text(p, where, MAX_PLAYER_NAME) for p in players]
    return names


ROBOT = re.compile(r"^([^:\s]{1,12})(?::([1-4]))?$")


def _robots(value: object, spec: SessionSpec) -> frozenset[Player]:
    if value is None:
        return frozenset()
    if not isinstance(value, list) or len(value) > 4 * len(spec.pairs):
        raise SpecError("robots", "robots-list")
    robots: set[Player] = set()
    known = set(spec.pairs)
    for item in value:
        match = ROBOT.match(item) if isinstance(item, str) else None
        if match is None or match.group(1) not in known:
            raise SpecError("robots", "not-a-player", player=_shown(item))
        numbers = (
            [int(match.group(2))] if match.group(2) else list(range(1, spec.players_per_pair + 1))
        )
        if numbers[0] > spec.players_per_pair:
            raise SpecError(
                "robots", "pair-players", player=_shown(item), players=spec.players_per_pair
            )
        robots.update(Player(match.group(1), n) for n in numbers)
    return frozenset(robots)
