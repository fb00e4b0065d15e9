"""Table leases on a real PostgreSQL (server/cluster.py): of processes racing for a table one
wins; an owner whose lease was taken stores nothing; a takeover waits for the owner's
transaction under way and then finds the lease renewed. Each "process" here is a
:class:`Cluster` on an engine of its own (the whole processes are in test_server_cluster.py)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from bridgelaw.server.cluster import Cluster, LeaseLost, Owner
from bridgelaw.server.db import open_database
from bridgelaw.server.tables import NewTable, Server

from ..api_client import DEAL, DIRECTOR
from .cluster_support import fresh_database


@pytest.fixture
def url(postgres: str) -> Iterator[str]:
    yield from fresh_database(postgres)


def make_tables(url: str, count: int) -> list[str]:
    server = Server(open_database(url), DIRECTOR)  # alone: no lease taken
    made = [server.create(NewTable(board=1, deal=DEAL))[0] for _ in range(count)]
    server.engine.dispose()
    return made


def test_of_two_processes_racing_for_each_table_exactly_one_wins(url: str) -> None:
    tables = make_tables(url, 30)
    clusters = [Cluster(create_engine(url), f"http://p{n}", lease=30) for n in range(2)]
    results: dict[str, list[Owner | None]] = {name: [] for name in ("p0", "p1")}
    start = threading.Barrier(2)

    def race(cluster: Cluster, name: str, seed: int) -> None:
        order = random.Random(seed).sample(tables, len(tables))
        start.wait()
        results[name] = [cluster.acquire(table) for table in order]

    threads = [threading.Thread(target=race, args=(c, f"p{n}", n)) for n, c in enumerate(clusters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    first, second = clusters
    assert first.owned.isdisjoint(second.owned)
    assert first.owned | second.owned == set(tables)
    wins = sum(r is None for rs in results.values() for r in rs)
    assert wins == len(tables)
    with first.engine.connect() as connection:
        found = connection.execute(text("SELECT table_id, address FROM table_leases")).all()
        rows: dict[str, str] = {row[0]: row[1] for row in found}
    for cluster in clusters:
        for table in cluster.owned:
            assert rows[table] == cluster.address
    for cluster in clusters:
        cluster.engine.dispose()


def test_an_owner_whose_lease_was_taken_over_stores_nothing(url: str) -> None:
    owner = Server(open_database(url), DIRECTOR)
    owner.cluster = Cluster(owner.engine, "http://a", lease=0.5)
    table, _ = owner.create(NewTable(board=1, deal=DEAL))
    assert owner.cluster.owns(table)  # its maker owns it
    owner.store_many([(table, 1, "N 1NT", "N")])
    other = Cluster(create_engine(url), "http://b", lease=30)
    assert other.acquire(table) == Owner(owner.cluster.name, "http://a")  # not expired
    time.sleep(0.8)  # the lease expires unrenewed (the owner paused, or its thread died)
    assert other.acquire(table) is None
    with pytest.raises(LeaseLost):
        owner.store_many([(table, 2, "E pass", "E")])
    assert not owner.cluster.owns(table)
    with owner.engine.connect() as connection:
        stored = connection.execute(
            text('SELECT "index", text FROM events WHERE table_id = :t'), {"t": table}
        ).all()
    assert [tuple(row) for row in stored] == [(1, "N 1NT")]
    owner.engine.dispose()
    other.engine.dispose()


def test_a_takeover_waits_for_the_owners_transaction_and_finds_the_lease_renewed(
    url: str,
) -> None:
    (table,) = make_tables(url, 1)
    owner = Cluster(create_engine(url), "http://a", lease=2.0)
    other = Cluster(create_engine(url), "http://b", lease=30)
    assert owner.acquire(table) is None
    acquired_at = time.monotonic()
    time.sleep(1.0)
    answer: list[Owner | None] = []
    with owner.engine.begin() as connection:
        owner.fence(connection, {table})  # renewed, the row held till the commit
        waiting = threading.Thread(target=lambda: answer.append(other.acquire(table)))
        waiting.start()
        time.sleep(max(0.0, acquired_at + 2.3 - time.monotonic()))  # past the first expiry
        assert waiting.is_alive(), "the takeover did not wait for the owner's transaction"
    waiting.join(timeout=30)
    assert answer == [Owner(owner.name, "http://a")]
    assert owner.owns(table) and not other.owns(table)
    owner.engine.dispose()
    other.engine.dispose()
