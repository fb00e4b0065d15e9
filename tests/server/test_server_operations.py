"""What a load balancer and a monitor read: ``/healthz`` and ``/metrics`` (docs/deployment.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from bridgelaw.server.app import create_app

from ..api_client import DIRECTOR, new_table
from .support import play_one


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found is not None, (name, text)
    return float(found.group(1))


def test_metrics_count_the_events_and_the_tables(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ops.db'}", DIRECTOR)) as client:
        rng = random.Random(3)
        tables = [new_table(client) for _ in range(2)]
        for table, seats in tables:
            for _ in range(4):
                play_one(client, table, seats, rng)
        health = client.get("/healthz")
        assert health.status_code == 200
        assert health.json()["database"] is True
        assert health.json()["tables_owned"] == 2
        text = client.get("/metrics").text
        assert metric(text, "bridgelaw_events_total") == 8
        assert metric(text, "bridgelaw_tables_owned") == 2
        assert 0 < metric(text, "bridgelaw_events_per_second") <= 8 / 10
        p50 = metric(text, 'bridgelaw_event_latency_seconds{quantile="0.5"}')
        p99 = metric(text, 'bridgelaw_event_latency_seconds{quantile="0.99"}')
        assert 0 < p50 <= p99


def test_health_answers_503_when_the_database_is_gone(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'ops.db'}", DIRECTOR)
    # the server's database replaced by one that cannot be opened (a folder missing)
    app.state.server.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'x.db'}")
    with TestClient(app) as client:
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json()["database"] is False
