"""The web server around the table engine (issue 14, in progress).

:mod:`~bridgelaw.server.db` stores tables, hashed seat tokens and the events of each table,
appended only; :mod:`~bridgelaw.server.views` narrows a table to what one role may see;
:mod:`~bridgelaw.server.app` is the FastAPI application of ``../shared/spec/table-api.md``.
Nothing here is imported by ``bridgelaw --help``: the command imports it when it runs.
"""
