"""``bridgelaw serve``: the web server. FastAPI, SQLAlchemy and uvicorn are imported when the
command runs, so that ``bridgelaw --help`` stays fast.

``--demo`` (``make run``) adds a club night to play against robots (server/demo.py), at strict
tables unless ``--demo-mode law``. On
PostgreSQL the process is one of several that may share the database (server/cluster.py,
docs/deployment.md): ``--workers N`` starts N of them here, on consecutive ports."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import secrets
import signal
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

from bridgelaw.commands.common import CommandError, said, worded

DEFAULT_DB = "sqlite:///bridgelaw.db"


def token_file(db: str) -> Path:
    """Where the director's token of the database ``db`` is kept between starts: beside an
    SQLite file (``bridgelaw.db.director-token``), else in the user's state folder, one file
    per database (named by a digest of its address, which may hold a password)."""
    if db.startswith("sqlite:///") and db != "sqlite:///:memory:":
        return Path(db.removeprefix("sqlite:///") + ".director-token")
    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    digest = hashlib.sha256(db.encode()).hexdigest()[:16]
    return state / "bridgelaw" / f"director-token-{digest}"


def kept_token(path: Path) -> tuple[str, bool]:
    """The director's token kept in ``path``, made (and kept, readable by its owner only) on
    the first start: an open console keeps working across restarts. True if made now."""
    with contextlib.suppress(FileNotFoundError):
        token = path.read_text(encoding="utf-8").strip()
        if token:
            return token, False
    token = secrets.token_urlsafe(24)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(token + "\n")
    except OSError as error:
        raise CommandError(worded("cli.token-file", path=str(path), reason=str(error))) from None
    return token, True


def serve(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL: an SQLite file (sqlite:///path.db, the default: bridgelaw.db "
            "in the working folder, bridgelaw-demo.db with --demo) or postgresql://...",
            show_default=False,
        ),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    demo: Annotated[
        bool,
        typer.Option(
            "--demo",
            help="Start a club night to play against robots (a 3-table Mitchell played on the "
            "table pages; you are North at table 1) and print your link, the director's "
            "session console and the live results.",
        ),
    ] = False,
    demo_mode: Annotated[
        str,
        typer.Option(
            "--demo-mode",
            help="With --demo: the kind of table the night is played at: strict (what the "
            "Laws forbid is refused with its law: for a first game) or law (irregularities are "
            "allowed and the Laws rectify them, the director rules).",
        ),
    ] = "strict",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Processes to start on one PostgreSQL database, on consecutive ports from "
            "--port (each owns some tables; a reverse proxy spreads the clients: "
            "docs/deployment.md).",
        ),
    ] = 1,
    advertise: Annotated[
        str | None,
        typer.Option(
            "--advertise",
            help="On PostgreSQL: the address the other processes send this one's clients to "
            "(default http://<host>:<port>).",
            show_default=False,
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            "--lease",
            min=0.5,
            max=60.0,
            help="On PostgreSQL: seconds a table's lease lasts unrenewed; a process killed "
            "loses its tables to the others after it.",
        ),
    ] = 3.0,
    correction_minutes: Annotated[
        int | None,
        typer.Option(
            "--correction-minutes",
            min=0,
            max=14400,
            help="The correction period (Law 79C1) after the results' publication for a "
            "session that sets none and for a lone table (default: the Laws' 30 minutes).",
            show_default=False,
        ),
    ] = None,
    appeal_minutes: Annotated[
        int | None,
        typer.Option(
            "--appeal-minutes",
            min=0,
            max=14400,
            help="The appeal period (Law 92B) after the results' publication for a session "
            "that sets none and for a lone table (default: the Laws' 30 minutes).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the table server: the API of tables played and directed live."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from bridgelaw.server.app import Several, create_app
    from bridgelaw.server.connections import open_files, uvicorn_options
    from bridgelaw.server.director_work import server_periods
    from bridgelaw.server.limits import log_config

    if demo_mode not in ("strict", "law"):
        raise CommandError(worded("cli.demo-mode", mode=demo_mode))
    if db is None:
        from bridgelaw.server.demo import DEMO_DB

        db = DEMO_DB if demo else DEFAULT_DB
    token = os.environ.get("BRIDGELAW_DIRECTOR_TOKEN", "")
    made, kept_in = False, None
    if not token:
        kept_in = token_file(db)
        token, made = kept_token(kept_in)
    several = None
    if db.startswith("postgresql"):
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        several = Several(advertise or f"http://{shown}:{port}", lease)
    elif workers > 1:
        raise CommandError(worded("cli.workers-need-postgresql", workers=workers))
    if advertise is not None and workers > 1:
        raise CommandError(worded("cli.advertise-one"))
    try:
        periods = server_periods(correction_minutes, appeal_minutes)
        app = create_app(db, token, several, periods)
    except (SQLAlchemyError, ImportError, OSError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise CommandError(worded("cli.db-cannot-open", db=db, reason=first)) from None
    if demo:
        from bridgelaw.server.demo import MODES, addresses
        from bridgelaw.server.routes import demo as demo_routes

        session = demo_routes.install(app, demo_mode)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        base = f"http://{shown}:{port}" if ":" not in shown else f"http://[{shown}]:{port}"
        title, meaning = MODES[demo_mode]
        switch = next(m for m in MODES if m != demo_mode)
        sys.stdout.write(
            f"bridgelaw demo: a club night in {db}: a 3-table Mitchell, 3 rounds of 2 boards, "
            "played online; you are North at table 1, robots play the other seats. Open your "
            "link to play; the director's console moves the rounds.\n"
            f"  {title}: {meaning}.\n"
            f"  (--demo-mode {switch}, or the button on your page, for a {switch} table)\n"
        )
        for name, url in addresses(base, session, token):
            sys.stdout.write(f"  {name + ':':12}{url}\n")
        sys.stdout.write("  (Ctrl-C stops the server)\n")
        sys.stdout.flush()
    elif made:
        said(f"director's token (printed once; kept in {kept_in} for the next starts): {token}")
    elif kept_in is not None:
        said(f"director's token: the one kept in {kept_in}")
    periodic = []  # the other processes take the same default periods
    for flag, value in (
        ("--correction-minutes", correction_minutes),
        ("--appeal-minutes", appeal_minutes),
    ):
        if value is not None:
            periodic += [flag, str(value)]
    others = start_workers(db, host, port, workers, lease, token, periodic)
    said(f"serving on http://{host}:{port} with {db}")
    # the access log never shows a query string: the stream's URL carries a token
    # (server/limits.py); a WebSocket message is at most 4 KiB (the server reads none); no
    # per-message deflate: a view's changes are a few hundred bytes, and compressing each frame
    # for each socket cost more processor time than the frame's sending (docs/benchmarks.md)
    # slow and greedy clients: a deadline for each request's head, a cap of connections per
    # address, the open-file limit raised to the hard one (server/connections.py)
    open_files()
    # what was made to start (the modules, the application: some 130,000 objects) lives as
    # long as the process: frozen out of the cyclic collector, whose every full pass walked it
    # (some 130 ms on the loaded 2-core machine, the event loop stopped meanwhile)
    gc.collect()
    gc.freeze()
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn stops, raises it again
            uvicorn.run(
                app,
                host=host,
                port=port,
                log_config=log_config(),
                ws_max_size=4096,
                ws_per_message_deflate=False,
                **uvicorn_options(),
            )
    finally:
        for other in others:  # Ctrl-C stops them too (each gives up its leases)
            other.send_signal(signal.SIGINT)
        for other in others:
            try:
                other.wait(timeout=10)
            except subprocess.TimeoutExpired:
                other.kill()
        said("stopped")


def start_workers(
    db: str,
    host: str,
    port: int,
    workers: int,
    lease: float,
    token: str,
    more: list[str] | None = None,
) -> list[subprocess.Popen[bytes]]:
    """The other ``workers - 1`` processes, each a ``bridgelaw serve`` of its own on the next
    port (the same database and director's token)."""
    started = []
    for offset in range(1, workers):
        command = [sys.executable, "-m", "bridgelaw", "serve", "--db", db, "--host", host]
        command += ["--port", str(port + offset), "--lease", str(lease), *(more or [])]
        env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": token}
        started.append(subprocess.Popen(command, env=env))
    return started
