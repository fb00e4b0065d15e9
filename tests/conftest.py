"""Test configuration: under CI the property tests use a fixed sequence of examples, so a run
is reproducible; elsewhere hypothesis explores new examples each time (and
BRIDGELAW_PROPERTY_EXAMPLES makes the table's searches longer)."""

import os
import secrets
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from bridgelaw.table import events

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# -- the two builds (Makefile: unit, unit-compiled) ------------------------------------------
#
# The compiled build compiles the strict core and the table engine (setup.py); every test of
# them runs in both builds. These modules check what lies above the compiled code: whole
# processes started, killed and restarted, a real browser, HTTP sessions through their
# endpoints, files other programs wrote through every command. They run in the pure build;
# the compiled build deselects them (``-m "not pure_build_only"``), which halves their cost.
# Paths under tests/: a folder stands for every module in it.
PURE_BUILD_ONLY = frozenset(
    {
        "browser",  # tests/browser/: chromium driving the pages
        "server/test_serve_demo.py",  # `bridgelaw serve --demo` as a process, stopped by SIGINT
        "server/test_server_durability.py",  # the server killed with SIGKILL and restarted
        "server/test_server_cluster.py",  # several servers on PostgreSQL, killed with SIGKILL
        "server/test_server_cluster_sessions.py",  # a session over two servers, one killed
        "server/test_server_hostile.py",  # slow and flooding clients against a server process
        "server/test_demo_modes.py",  # the demo's routes over HTTP
        "server/test_server_hidden.py",  # every message to every seat of random boards
        "server/test_server_seats.py",  # each seat's view over HTTP and WebSocket
        "commands/test_cli_fuzz.py",  # any argument to any command
        "server/test_session_durability.py",  # a session's server killed mid-round
        "duplicate/test_session_api.py",  # whole sessions through the session API
        "server/test_session_pages.py",  # the session's pages and consoles over HTTP
        "server/test_record_languages.py",  # the printed record over HTTP, its PDF by WeasyPrint
        "duplicate/test_session_fuzz.py",  # any body to any session endpoint
        "commands/test_real_files.py",  # every real file through every command
        "core/test_import_cycles.py",  # reads the sources' imports: the same in both builds
        "test_test_layout.py",  # reads the tests' imports: the same in both builds
        "formats/test_bws.py",  # Bridgemate's Access databases (pure readers of their own)
        "formats/test_pbn_fuzz.py",  # random PBN text into a pure-Python reader
        "commands/test_law_command.py",  # the law book's navigator, which reads no compiled code
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    if missing := sorted(p for p in PURE_BUILD_ONLY if not (tests / p).exists()):
        raise pytest.UsageError(f"tests/conftest.py: PURE_BUILD_ONLY names nothing at {missing}")
    for item in items:
        if not item.path.is_relative_to(tests):
            continue
        parts = item.path.relative_to(tests).parts
        paths = {"/".join(parts[:n]) for n in range(1, len(parts) + 1)}
        if paths & PURE_BUILD_ONLY:
            item.add_marker(pytest.mark.pure_build_only)


@pytest.fixture(autouse=True)
def _fresh_event_parses() -> None:
    """Each test reads its events anew: the parse cache of ``bridgelaw.table.events`` outlives a
    test, so without this a test would only see the parses of the tests before it (and a
    mutation run, whose mutants fork from a process that ran every test, would find the parser's
    mutants unreachable)."""
    events._PARSED.clear()


# -- the server's databases: every server test runs on SQLite and on PostgreSQL --------------------


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the whole session (``pgserver``: PostgreSQL in a wheel,
    started as a subprocess), as the URL of its ``postgres`` database.

    PostgreSQL refuses to run as root; pgserver, run by root, makes a system user
    ``pgserver`` (``useradd``), gives it the data folder and runs ``initdb`` and ``pg_ctl`` as
    that user, opening the folders above the data folder and its own binaries to others for
    reading and traversal. The data folder is therefore a fresh folder of its own under the
    system's temporary folder (never pytest's, which is private to root). Under CI a server
    that cannot start fails the tests; elsewhere they are skipped with the reason."""
    parent = Path(tempfile.mkdtemp(prefix="bridgelaw-pg-"))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs: no XDG_RUNTIME_DIR for root
            from pgserver.postgres_server import get_server

            server: Any = get_server(parent / "pgdata", cleanup_mode="delete")
        url = str(server.get_uri())
    except Exception as error:
        shutil.rmtree(parent, ignore_errors=True)
        message = f"PostgreSQL (pgserver) could not start: {type(error).__name__}: {error}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield url
    finally:
        server.cleanup()
        shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database for one test: an SQLite file, or a new database on the session's
    PostgreSQL server (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(request.getfixturevalue("postgres"))
    name = f"t_{secrets.token_hex(6)}"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    yield base.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"DROP DATABASE {name} WITH (FORCE)")
