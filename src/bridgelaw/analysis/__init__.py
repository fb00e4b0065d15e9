"""Analysis of deals: double-dummy tables and par (and, beside them, claim adjudication).

Only :mod:`bridgelaw.analysis.dds` talks to the solver; everything else uses the value types.
"""
