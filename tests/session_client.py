"""What the session tests share: starting a session through the API, random table results that
could have happened (a contract, declarer and tricks, an opening lead the leader held), and the
scorer's reading of the session's ``results.json`` (what ``score-event`` prints)."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from tests.api_client import DIRECTOR, auth

STRAINS = ("C", "D", "H", "S", "NT")


def start(client: TestClient, **spec: Any) -> dict[str, Any]:
    """A new session (the director's request ``spec``); the answer: ids and tokens."""
    body = {"name": "Test pairs", "date": "2026-11-24", "scoring": "matchpoints"} | spec
    answer = client.post("/api/sessions", json=body, headers=auth(DIRECTOR))
    assert answer.status_code == 200, answer.text
    started: dict[str, Any] = answer.json()
    return started


def table_result(rng: random.Random) -> dict[str, Any]:
    """A random table result (Law 77 can score every one): mostly contracts, some passed out."""
    if rng.random() < 0.05:
        return {"contract": "passed-out"}
    level = rng.randint(1, 7)
    contract = f"{level}{rng.choice(STRAINS)}" + rng.choice(["", "", "", "X", "XX"])
    return {
        "contract": contract,
        "declarer": rng.choice("NESW"),
        "tricks": rng.randint(max(0, level + 6 - 4), min(13, level + 6 + 2)),
    }


def adjusted(rng: random.Random) -> dict[str, Any]:
    """A random adjusted score of a Law 12 form."""
    kind = rng.choice(["ns_score", "artificial", "weighted", "split"])
    if kind == "ns_score":
        return {"ns_score": rng.choice([-620, -100, 0, 110, 420, 1430])}
    if kind == "artificial":
        return {
            "artificial": {
                "NS": rng.choice(["A+", "A", "A-", "55%"]),
                "EW": rng.choice(["A+", "A", "A-"]),
            }
        }
    if kind == "weighted":
        return {
            "weighted": [
                {"weight": "1/3", "contract": "3NT", "declarer": "N", "tricks": 9},
                {"weight": "2/3", "contract": "3NT", "declarer": "N", "tricks": 8},
            ]
        }
    return {
        "split": {
            "NS": {"contract": "4S", "declarer": "E", "tricks": 10},
            "EW": {"contract": "4S", "declarer": "E", "tricks": 9},
        }
    }


def scored(client: TestClient, session: str) -> dict[str, Any]:
    """What ``score-event`` gives on the session's ``results.json`` (read by the project's
    reader, scored by its scorer, written as ``--json`` writes it)."""
    import io

    from bridgelaw.formats.results_json import read_results_json, write_results_json
    from bridgelaw.tournament.session import check_tournament, score_tournament

    text = client.get(f"/api/sessions/{session}/results.json").text
    outcome = read_results_json(text, "results.json")
    assert outcome.tournament is not None, outcome.problems
    assert not check_tournament(outcome.tournament), check_tournament(outcome.tournament)
    stream = io.StringIO()
    write_results_json(score_tournament(outcome.tournament), stream)
    data: dict[str, Any] = json.loads(stream.getvalue())
    return data


def ranking(client: TestClient, session: str) -> dict[str, Any]:
    answer = client.get(f"/api/sessions/{session}/ranking")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data
