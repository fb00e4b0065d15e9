"""``bridgelaw serve``: the web server. FastAPI, SQLAlchemy and uvicorn are imported when the
command runs, so that ``bridgelaw --help`` stays fast.

``--demo`` (``make run``) adds a club night to play against robots (server/demo.py)."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from typing import Annotated

import typer

from bridgelaw.commands.common import CommandError, said

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
            help="Start a club night to play against robots (a 3-table Mitchell played on the "
            "table pages; you are North at table 1) and print your link, the director's "
            "session console and the live results.",
        ),
    ] = False,
) -> None:
    """Run the table server: the API of tables played and directed live."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from bridgelaw.server.app import create_app
    from bridgelaw.server.connections import open_files, uvicorn_options
    from bridgelaw.server.limits import log_config

    if db is None:
        from bridgelaw.server.demo import DEMO_DB

        db = DEMO_DB if demo else DEFAULT_DB
    token = os.environ.get("BRIDGELAW_DIRECTOR_TOKEN", "")
    made = not token
    if made:
        token = secrets.token_urlsafe(24)
    try:
        app = create_app(db, token)
    except (SQLAlchemyError, ImportError, OSError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise CommandError(f"--db {db}: cannot open the database: {first}") from None
    if demo:
        from bridgelaw.server.demo import addresses, make_demo_session

        session = make_demo_session(app)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        base = f"http://{shown}:{port}" if ":" not in shown else f"http://[{shown}]:{port}"
        sys.stdout.write(
            f"bridgelaw demo: a club night in {db}: a 3-table Mitchell, 3 rounds of 2 boards, "
            "played online; you are North at table 1, robots play the other seats. Open your "
            "link to play; the director's console moves the rounds.\n"
        )
        for name, url in addresses(base, session, token):
            sys.stdout.write(f"  {name + ':':12}{url}\n")
        sys.stdout.write("  (Ctrl-C stops the server)\n")
        sys.stdout.flush()
    elif made:
        said(f"director's token (printed once; set BRIDGELAW_DIRECTOR_TOKEN to keep one): {token}")
    said(f"serving on http://{host}:{port} with {db}")
    # the access log never shows a query string: the stream's URL carries a token
    # (server/limits.py); a WebSocket message is at most 4 KiB (the server reads none); no
    # per-message deflate: a view's changes are a few hundred bytes, and compressing each frame
    # for each socket cost more processor time than the frame's sending (docs/benchmarks.md)
    # slow and greedy clients: a deadline for each request's head, a cap of connections per
    # address, the open-file limit raised to the hard one (server/connections.py)
    open_files()
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
        said("stopped")
