"""``bridgelaw serve``: the web server (issue 14, in progress). FastAPI, SQLAlchemy and uvicorn
are imported when the command runs, so that ``bridgelaw --help`` stays fast."""

from __future__ import annotations

import os
import secrets
from typing import Annotated

import typer

from bridgelaw.commands.common import CommandError, said


def serve(
    db: Annotated[
        str,
        typer.Option(
            "--db",
            help="Database URL: an SQLite file (sqlite:///path.db, the default: bridgelaw.db "
            "in the working folder) or postgresql://...",
        ),
    ] = "sqlite:///bridgelaw.db",
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
) -> None:
    """Run the table server: the API of tables played and directed live."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from bridgelaw.server.app import create_app
    from bridgelaw.server.limits import log_config

    token = os.environ.get("BRIDGELAW_DIRECTOR_TOKEN", "")
    made = not token
    if made:
        token = secrets.token_urlsafe(24)
    try:
        app = create_app(db, token)
    except (SQLAlchemyError, ImportError, OSError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise CommandError(f"--db {db}: cannot open the database: {first}") from None
    if made:
        said(f"director's token (printed once; set BRIDGELAW_DIRECTOR_TOKEN to keep one): {token}")
    said(f"serving on http://{host}:{port} with {db}")
    # the access log never shows a query string: the stream's URL carries a token (issue 14,
    # item 6); a WebSocket message is at most 4 KiB (the server reads none yet)
    uvicorn.run(app, host=host, port=port, log_config=log_config(), ws_max_size=4096)
