"""``bridgelaw serve``: the web server (issue 14, in progress). FastAPI, SQLAlchemy and uvicorn
are imported when the command runs, so that ``bridgelaw --help`` stays fast.

``--demo`` (``make run``) adds a table ready to play against three robots and the sample
session's results site (server/demo.py)."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgelaw.commands.common import CommandError, said

if TYPE_CHECKING:
    from bridgelaw.server.demo import ResultsSite

DEFAULT_DB = "sqlite:///bridgelaw.db"


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
            help="Make a table to play South against three robots (board 1 of the sample "
            "session), serve the sample session's results site at /results/, print the "
            "addresses to open.",
        ),
    ] = False,
    site: Annotated[
        Path, typer.Option("--site", help="With --demo: where to write the results site.")
    ] = Path("out") / "sample-session",
) -> None:
    """Run the table server: the API of tables played and directed live."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from bridgelaw.server.app import create_app
    from bridgelaw.server.limits import log_config

    if db is None:
        from bridgelaw.server.demo import DEMO_DB

        db = DEMO_DB if demo else DEFAULT_DB
    if demo and site.exists() and not site.is_dir():
        raise typer.BadParameter(f"--site: {site} is not a directory")
    token = os.environ.get("BRIDGELAW_DIRECTOR_TOKEN", "")
    made = not token
    if made:
        token = secrets.token_urlsafe(24)
    try:
        app = create_app(db, token)
    except (SQLAlchemyError, ImportError, OSError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise CommandError(f"--db {db}: cannot open the database: {first}") from None
    results: ResultsSite | None = None
    if demo:
        from bridgelaw.server.demo import ResultsSite, addresses, make_demo_table

        table = make_demo_table(app)
        results = ResultsSite(app, site)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        base = f"http://{shown}:{port}" if ":" not in shown else f"http://[{shown}]:{port}"
        sys.stdout.write(
            f"bridgelaw demo: board 1 of the sample session, a new table in {db}; you play "
            "South, robots play North, East and West.\n"
        )
        for name, url in addresses(base, table, token):
            sys.stdout.write(f"  {name + ':':12}{url}\n")
        sys.stdout.write(
            "  (the results site is being written in the background; Ctrl-C stops the server)\n"
        )
        sys.stdout.flush()
    elif made:
        said(f"director's token (printed once; set BRIDGELAW_DIRECTOR_TOKEN to keep one): {token}")
    said(f"serving on http://{host}:{port} with {db}")
    # the access log never shows a query string: the stream's URL carries a token (issue 14,
    # item 6); a WebSocket message is at most 4 KiB (the server reads none yet)
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn stops, raises it again
            uvicorn.run(app, host=host, port=port, log_config=log_config(), ws_max_size=4096)
    finally:  # stopped, or could not start (the port taken): no site writer left behind
        if results is not None:
            results.stop()
    said("stopped")
