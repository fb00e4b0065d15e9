"""The web server around the table engine and the duplicate session.

:mod:`~bridgelaw.server.app` puts the FastAPI application together: the routers of
:mod:`~bridgelaw.server.routes` (the APIs of ``../shared/spec/table-api.md`` and
``session-api.md``, the director's console, the pages), each route taking its role from
:mod:`~bridgelaw.server.roles`; the tables in memory (:mod:`~bridgelaw.server.tables`), the
sessions (:mod:`~bridgelaw.server.sessions`) and the robots (:mod:`~bridgelaw.server.robots`);
the database's tables are :mod:`~bridgelaw.server.models`, appended only. Nothing here is
imported by ``bridgelaw --help``: the command imports it when it runs.
"""
