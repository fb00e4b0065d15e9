"""What a monitoring system and a load balancer read: ``/healthz`` (is this process serving,
can it reach its database) and ``/metrics`` (events per second, latency, tables owned, in
Prometheus's text format). Neither needs a token, and neither shows a table or a token."""

from __future__ import annotations

from fastapi import APIRouter
from sqlalchemy import text
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, PlainTextResponse

from bridgelaw.server.roles import server_of
from bridgelaw.server.tables import Server

router = APIRouter()


def _database_answers(server: Server) -> bool:
    try:
        with server.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:
        return False
    return True


@router.get("/healthz")
async def health(connection: HTTPConnection) -> JSONResponse:
    """200 while this process serves and reaches its database, else 503 (take it out)."""
    import asyncio

    server = server_of(connection)
    database = await asyncio.to_thread(_database_answers, server)
    cluster = server.cluster
    body = {
        "status": "ok" if database else "database unreachable",
        "database": database,
        "process": None if cluster is None else cluster.name,
        "tables_owned": len(server.live) if cluster is None else len(cluster.owned),
        "tables_held": len(server.live),
    }
    return JSONResponse(body, status_code=200 if database else 503)


@router.get("/metrics")
async def metrics(connection: HTTPConnection) -> PlainTextResponse:
    server = server_of(connection)
    stats, cluster = server.stats, server.cluster
    owned = len(server.live) if cluster is None else len(cluster.owned)
    lines = [
        "# HELP bridgelaw_events_total Events accepted by this process.",
        "# TYPE bridgelaw_events_total counter",
        f"bridgelaw_events_total {stats.events}",
        "# HELP bridgelaw_events_per_second Events accepted per second, the last 10 s.",
        "# TYPE bridgelaw_events_per_second gauge",
        f"bridgelaw_events_per_second {stats.per_second():.3f}",
        "# HELP bridgelaw_event_latency_seconds From an event's arrival to every client's view"
        " handed over (the last 10,000 events).",
        "# TYPE bridgelaw_event_latency_seconds summary",
    ]
    for quantile in (0.5, 0.9, 0.99):
        lines.append(
            f'bridgelaw_event_latency_seconds{{quantile="{quantile}"}} '
            f"{stats.latency(quantile):.6f}"
        )
    lines += [
        "# HELP bridgelaw_tables_owned Tables whose events this process accepts.",
        "# TYPE bridgelaw_tables_owned gauge",
        f"bridgelaw_tables_owned {owned}",
        "# HELP bridgelaw_tables_held Tables in this process's memory (owned or replicas).",
        "# TYPE bridgelaw_tables_held gauge",
        f"bridgelaw_tables_held {len(server.live)}",
        "# HELP bridgelaw_takeovers_total Tables taken over from a process gone.",
        "# TYPE bridgelaw_takeovers_total counter",
        f"bridgelaw_takeovers_total {0 if cluster is None else cluster.takeovers}",
    ]
    return PlainTextResponse("\n".join(lines) + "\n", media_type="text/plain; version=0.0.4")
