"""Alerts explained, questions and answers (Law 20F; ``server/explanations.py``): a seat's
three requests. Each is checked and stored under the table's lock, then every client of the
table gets its view again (each sees the records it may: ``views.explanations_seen``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from bridgelaw.server import explanations
from bridgelaw.server.roles import AtTable, seat_only, server_of
from bridgelaw.server.tables import Refused

router = APIRouter()
Player = Annotated[
    AtTable,
    Depends(seat_only("the players explain and ask (Law 20F); the director reads them")),
]
"""A seat of the table: the director reads the records, he does not add to them."""


class Explanation(BaseModel):
    call: int = Field(ge=1, le=10_000)
    """The event that made the call (each record of the view's ``auction`` has it)."""
    text: str = Field(min_length=1, max_length=200)


class Question(BaseModel):
    call: int = Field(ge=1, le=10_000)
    text: str = Field(default="", max_length=200)


class Answer(BaseModel):
    text: str = Field(min_length=1, max_length=200)


async def add(
    at: AtTable,
    connection: HTTPConnection,
    kind: str,
    call: int,
    text: str,
    question: int | None = None,
) -> dict[str, Any]:
    words = text.strip()
    if kind != "question" and not words:
        raise Refused(422, "text: nothing said")
    server = server_of(connection)
    live = at.live
    async with live.lock:
        caller = explanations.check(live, at.role, kind, call, question)
        record = await run_in_threadpool(
            explanations.store,
            server.engine,
            live.id,
            kind,
            at.role,
            (call, caller),
            question,
            words,
        )
        live.explanations.append(record)
        await server.push(live, at.role)
    return {"record": record}


@router.post("/api/tables/{table_id}/explanations")
async def explain(at: Player, body: Explanation, connection: HTTPConnection) -> dict[str, Any]:
    """The caller explains his own call, to his opponents only."""
    return await add(at, connection, "explain", body.call, body.text)


@router.post("/api/tables/{table_id}/questions")
async def ask(at: Player, body: Question, connection: HTTPConnection) -> dict[str, Any]:
    """An opponent asks about a call at his turn (20F1, 20F2)."""
    return await add(at, connection, "question", body.call, body.text)


@router.post("/api/tables/{table_id}/questions/{question}/answer")
async def answer(
    at: Player, question: int, body: Answer, connection: HTTPConnection
) -> dict[str, Any]:
    """The caller answers a question about his call, once."""
    asked = [r for r in at.live.explanations if r["id"] == question and r["kind"] == "question"]
    if not asked:
        raise Refused(404, f"no question {question} at this table")
    return await add(at, connection, "answer", asked[0]["call"], body.text, question)
