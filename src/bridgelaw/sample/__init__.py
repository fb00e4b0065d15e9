"""A bundled sample pairs session, written by the project itself (sample data, not a dealer).

``python -m bridgelaw.sample`` regenerates ``bridgelaw/data/sample-session.pbn``: twelve
boards (Law 2 dealer and vulnerability), each played at the four tables of a small club pairs
session, bid by a natural bidding bot and played card by card by a heuristic player. The deals
come from a public label through SHA-256, so they are reproducible and *only* for samples.

>>> sample_session_path().name
'sample-session.pbn'
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from bridgelaw.sample.session import session_games, session_text

DATA_FILE = "sample-session.pbn"

__all__ = ["DATA_FILE", "sample_session_path", "session_games", "session_text", "write_session"]


def sample_session_path() -> Path:
    """The bundled sample session file, where the installed package keeps its data."""
    resource = files("bridgelaw") / "data" / DATA_FILE
    if not isinstance(resource, Path):  # pragma: no cover - a zipped install
        raise FileNotFoundError(f"bridgelaw's data is not on the file system: {resource}")
    return resource


def write_session(path: Path | None = None) -> Path:
    """Write the sample session (by default over the bundled file); returns the path."""
    target = sample_session_path() if path is None else path
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8", newline="\n") as out:
        out.write(session_text())
    return target
