"""What several modules of the server's tests share: a random event played through the API
(``test_server_sequence.py``, ``test_server_operations.py``) and the text of a printed PDF
(``test_record_languages.py``, ``test_director_work.py``)."""

from __future__ import annotations

import io
import random

import pypdf
from fastapi.testclient import TestClient

from bridgelaw.server.random_player import random_event

from ..api_client import auth


def play_one(client: TestClient, table: str, seats: dict[str, str], rng: random.Random) -> int:
    """One random legal event from the seat whose turn it is: its sequence number."""
    for token in seats.values():
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        event = random_event(view, rng)
        if event is not None:
            answer = client.post(
                f"/api/tables/{table}/events", json={"event": event}, headers=auth(token)
            )
            assert answer.status_code == 200, answer.text
            sequence: int = answer.json()["seq"]
            return sequence
    raise AssertionError(f"no seat to act at {table}")


def pdf_text(data: bytes) -> str:
    """The text of every page of a PDF, read back by pypdf."""
    assert data.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 1
    return "\n".join(page.extract_text() for page in reader.pages)
