"""Group commit: one writer stores the events of every table, several in one transaction.

An event is acknowledged only once the transaction holding it is committed, so the
commit, and SQLite's ``fsync`` with it, lies on the path of every event. With one
commit per event from a pool of threads, the commits of different tables queue on the
database's single write lock, and SQLite's busy handler waits by sleeping in steps of up to
100 ms: under the load benchmark's 200 tables the latency grew without bound and some events
waited past the busy timeout (503). Here a single writer thread takes every event waiting,
stores them in one transaction (one commit, one ``fsync``), and answers each; the events that
arrive meanwhile go together in the next one. An event alone is written at once (no waiting
for company), and a transaction that fails fails for each of its events, none of them stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

Row = TypeVar("Row")


class GroupWriter(Generic[Row]):
    """Stores rows with ``store_many`` (called in the writer's own thread), batching the rows
    that wait while a transaction is under way."""

    def __init__(self, store_many: Callable[[list[Row]], None]) -> None:
        self.store_many = store_many
        self.pending: list[tuple[Row, asyncio.Future[None]]] = []
        self.running: asyncio.Task[None] | None = None
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="bridgelaw-writer")
        self.batches = 0
        """Transactions committed (the benchmark reports rows per transaction)."""

    async def store(self, row: Row) -> None:
        """Returns once ``row`` is committed; raises what the transaction raised."""
        loop = asyncio.get_running_loop()
        running = self.running
        if running is not None and not running.done() and running.get_loop() is not loop:
            # another event loop's writer is busy (a test client's loop per thread): alone
            await loop.run_in_executor(self.thread, self.store_many, [row])
            return
        done: asyncio.Future[None] = loop.create_future()
        self.pending.append((row, done))
        if self.running is None or self.running.done():
            self.running = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await loop.run_in_executor(self.thread, self.store_many, [r for r, _ in batch])
            except Exception as error:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
            else:
                self.batches += 1
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)
