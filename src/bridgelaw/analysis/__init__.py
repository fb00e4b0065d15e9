"""Analysis of deals: double-dummy tables and par, and the Law 70 adjudication of claims.

Only the modules of this package call the DDS solver (endplay): :mod:`bridgelaw.analysis.dds`
for tables and par, :mod:`bridgelaw.analysis.positions` for positions with a trick in progress;
everything else uses the value types.
"""
