"""The server's routes, one router per concern; a route that needs a role names it in its
signature, as a dependency of :mod:`bridgelaw.server.roles` (the public ones, the pages, the
results and the operations endpoints, take none):

* :mod:`.tables`: the table API of ``table-api.md`` and a seat's call to the director;
* :mod:`.call_changes`: a mistaken call at a strict table, asked and decided (Law 25A);
* :mod:`.explanations`: alerts explained, questions and answers (Law 20F);
* :mod:`.director`: the director's console API (his alone) and its stream;
* :mod:`.director_work`: publication, a session's ruling record, polls of peers, appeals;
* :mod:`.sessions`: the session API of ``session-api.md`` and the session pages' score preview;
* :mod:`.results`: the session's public results pages;
* :mod:`.pages`: the pages and their static files, and the law book's titles they show;
* :mod:`.operations`: the health and metrics endpoints a load balancer and a monitor read;
* :mod:`.demo`: the demo night's offer of another (``serve --demo``): a demo server's alone,
  added by its ``install``, not one of :data:`ROUTERS`.
"""

from __future__ import annotations

from fastapi import APIRouter

from bridgelaw.server.routes import (
    call_changes,
    director,
    director_work,
    explanations,
    operations,
    pages,
    results,
    sessions,
    tables,
)

ROUTERS: tuple[APIRouter, ...] = (
    tables.router,
    explanations.router,
    call_changes.router,
    director.router,
    director.consoles,
    director_work.router,
    sessions.router,
    results.router,
    pages.router,
    operations.router,
)
"""Every router of the application (:func:`bridgelaw.server.app.create_app` includes them)."""
