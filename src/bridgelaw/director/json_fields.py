"""Reading JSON leniently: each field read with its path, each problem noted with the field it
is in, and a stand-in of the right type returned so that reading goes on and every problem of a
record is found in one pass (the caller never builds a value from a record with problems).

Every reader bounds its work: strings, lists and numbers are limited before use.

>>> problems: list[tuple[str, str]] = []
>>> fields = Fields({"tricks": "ten"}, "judgement", problems)
>>> fields.get("tricks", read_int, 0), problems
(0, [('judgement.tricks', 'a whole number expected, not str')])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from fractions import Fraction
from typing import TypeVar

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat

MAX_STRING = 20_000
MAX_ITEMS = 1_000
_FRACTION = re.compile(r"-?\d{1,12}(?:/\d{1,12}|\.\d{1,12})?")
T = TypeVar("T")


class FieldError(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class Fields:
    """One JSON object's fields, read with a path for messages. A field that cannot be read is
    noted in ``problems`` and a stand-in of the right type returned, so that every problem of an
    entry is found in one pass; an entry with problems is never built."""

    def __init__(self, data: object, path: str, problems: list[tuple[str, str]]) -> None:
        self.path = path
        self.problems = problems
        if isinstance(data, dict):
            self.data: dict[str, object] = data
        else:
            self.data = {}
            problems.append((path or "entry", f"an object expected, not {kind_of(data)}"))

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    @contextmanager
    def reading(self) -> Iterator[None]:
        try:
            yield
        except FieldError as bad:
            self.problems.append((bad.field, bad.message))

    def get(self, key: str, read: Callable[[object, str], T], default: T) -> T:
        value = default
        with self.reading():
            value = read(self.data.get(key), self.name(key))
        return value

    def optional(self, key: str, read: Callable[[object, str], T]) -> T | None:
        value: T | None = None
        with self.reading():
            raw = self.data.get(key)
            value = None if raw is None else read(raw, self.name(key))
        return value

    def items(self, key: str, read: Callable[[Fields], T]) -> tuple[T, ...]:
        raw = self.data.get(key, [])
        if not isinstance(raw, list):
            self.problems.append((self.name(key), f"a list expected, not {kind_of(raw)}"))
            return ()
        if len(raw) > MAX_ITEMS:
            self.problems.append((self.name(key), f"{len(raw)} items; at most {MAX_ITEMS}"))
            return ()
        found = []
        for index, item in enumerate(raw):
            before = len(self.problems)
            value = read(Fields(item, f"{self.name(key)}[{index}]", self.problems))
            if len(self.problems) == before:
                found.append(value)
        return tuple(found)

    def sub(self, key: str) -> Fields | None:
        raw = self.data.get(key)
        return None if raw is None else Fields(raw, self.name(key), self.problems)


def kind_of(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


def read_str(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise FieldError(field, f"text expected, not {kind_of(value)}")
    if len(value) > MAX_STRING:
        raise FieldError(field, f"{len(value)} characters; at most {MAX_STRING}")
    return value


def read_text(value: object, field: str) -> str:
    return "" if value is None else read_str(value, field)


def read_int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, f"a whole number expected, not {kind_of(value)}")
    if abs(value) > 10**9:
        raise FieldError(field, f"{value} is out of range")
    return value


def read_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise FieldError(field, f"true or false expected, not {kind_of(value)}")
    return value


def read_flag(value: object, field: str) -> bool:
    """A flag that may be left out (false)."""
    return False if value is None else read_bool(value, field)


def read_fraction(value: object, field: str) -> Fraction:
    text = read_str(value, field) if not isinstance(value, int) or isinstance(value, bool) else None
    if text is None:
        return Fraction(read_int(value, field))
    if _FRACTION.fullmatch(text) is None:
        raise FieldError(field, f"{text[:40]!r} is no fraction (as 2/3 or 0.5)")
    if "/" in text and int(text.split("/")[1]) == 0:
        raise FieldError(field, f"{text!r} divides by zero")
    return Fraction(text)


def read_time(value: object, field: str) -> datetime:
    text = read_str(value, field)
    try:
        when = datetime.fromisoformat(text) if len(text) <= 40 else None
    except ValueError:
        when = None
    if when is None:
        raise FieldError(field, f"{text[:40]!r} is no ISO 8601 time")
    if when.tzinfo is None:
        raise FieldError(field, f"{text!r} has no time zone")
    return when


def choice(options: tuple[str, ...]) -> Callable[[object, str], str]:
    def read(value: object, field: str) -> str:
        text = read_str(value, field)
        if text not in options:
            raise FieldError(field, f"{text[:40]!r}; one of {', '.join(options)}")
        return text

    return read


def read_seat(value: object, field: str) -> Seat:
    text = choice(("N", "E", "S", "W"))(value, field)
    return Seat("NESW".index(text))


def read_contract(value: object, field: str) -> Contract:
    text = read_str(value, field)
    if len(text) > 8:
        raise FieldError(field, f"{text[:20]!r} is no contract")
    try:
        return Contract.parse(text)
    except ValueError as error:
        raise FieldError(field, f"{text[:20]!r} is no contract ({error})") from None


def read_strings(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise FieldError(field, f"a list of at most {MAX_ITEMS} texts expected")
    return tuple(read_str(item, f"{field}[{i}]") for i, item in enumerate(value))
