"""The duplicate session, live: the same boards at many tables, moving by a movement.

What the Laws are about beyond one table (Laws 2-8, 12, 78, 79): the session's contestants sit
where the movement puts them round after round (Law 4, 5), the director ends each round
(Law 8), every result is agreed at the table (79A), compared with the others on the board
(78), corrected within the correction period (79C) and published.

This package holds the session without the web: :mod:`.spec` reads and checks what the director
asks for, :mod:`.records` is the session's append-only log, and :mod:`.state` replays that log
and decides what each role may do next, each refusal with its reason and, where a law decides
it, the law. The server (:mod:`bridgelaw.server.sessions`) stores the records and answers the
HTTP API of ``session-api.md``.
"""
