"""The director's job as a record the Laws can be read from: the rulings record
(:mod:`~bridgelaw.director.record`), the score effects of Law 12C
(:mod:`~bridgelaw.director.effects`), the judgement rulings (:mod:`~bridgelaw.director.judgement`),
polls for logical alternatives (:mod:`~bridgelaw.director.poll`), the correction and appeal
periods (:mod:`~bridgelaw.director.deadlines`), appeals (:mod:`~bridgelaw.director.appeals`),
the casebook's JSON (:mod:`~bridgelaw.director.casebook`, with the appeals
:mod:`~bridgelaw.director.appeals_json`, read by :mod:`~bridgelaw.director.json_fields`) and the
log across sessions
(:mod:`~bridgelaw.director.log`).

Distinct from :mod:`bridgelaw.server.director`, the console's server code, which will sit on it.
"""
