"""Group commit (``server/writer.py``): an event alone is written at once, the events that
arrive during a transaction go together in the next one, each is answered only after its own
transaction, and a failed transaction fails every event in it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from bridgelaw.server.writer import GroupWriter

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright keeps an event
    loop running in the main thread for the whole session, where asyncio.run is refused."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_events_waiting_go_together_and_each_waits_for_its_commit() -> None:
    batches: list[list[int]] = []
    release = threading.Event()

    def store_many(rows: list[int]) -> None:
        if not batches:
            release.wait(5)  # the first transaction is slow: the others queue meanwhile
        batches.append(rows)

    async def scenario() -> list[int]:
        writer: GroupWriter[int] = GroupWriter(store_many)
        done: list[int] = []

        async def one(row: int) -> None:
            await writer.store(row)
            assert any(row in batch for batch in batches)  # answered after its commit
            done.append(row)

        first = asyncio.create_task(one(0))
        await asyncio.sleep(0.05)
        rest = [asyncio.create_task(one(r)) for r in range(1, 6)]
        await asyncio.sleep(0.05)
        assert done == []  # nobody answered while the first transaction runs
        release.set()
        await asyncio.gather(first, *rest)
        assert writer.batches == 2
        return done

    done = run_apart(scenario())
    assert batches == [[0], [1, 2, 3, 4, 5]]
    assert sorted(done) == [0, 1, 2, 3, 4, 5]


def test_a_failed_transaction_fails_each_of_its_events() -> None:
    def store_many(rows: list[int]) -> None:
        if 2 in rows:
            raise OSError("disk full")

    async def scenario() -> list[BaseException | None]:
        writer: GroupWriter[int] = GroupWriter(store_many)
        await writer.store(1)
        results = await asyncio.gather(writer.store(2), writer.store(3), return_exceptions=True)
        return [r if isinstance(r, BaseException) else None for r in results]

    results = run_apart(scenario())
    assert all(isinstance(r, OSError) for r in results)  # 2 and 3 were in one transaction


def test_the_writer_store_many_error_type_is_kept() -> None:
    def store_many(_rows: list[int]) -> None:
        raise ValueError("bad row")

    with pytest.raises(ValueError, match="bad row"):
        run_apart(GroupWriter(store_many).store(1))


def test_an_event_from_another_event_loop_is_stored_alone() -> None:
    """Two event loops (a test client's loop per thread): the second never hands its event to
    the first loop's writer task, whose futures belong to the first loop."""
    batches: list[list[int]] = []
    release, started = threading.Event(), threading.Event()

    def store_many(rows: list[int]) -> None:
        if rows == [1]:
            started.set()
            release.wait(5)
        batches.append(rows)

    writer: GroupWriter[int] = GroupWriter(store_many)
    first = threading.Thread(target=lambda: asyncio.run(writer.store(1)))
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=lambda: asyncio.run(writer.store(2)))
    second.start()
    release.set()
    first.join(5)
    second.join(5)
    assert not first.is_alive() and not second.is_alive()
    assert batches == [[1], [2]]
