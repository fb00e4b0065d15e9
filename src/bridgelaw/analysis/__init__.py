"""Double-dummy analysis: the only package of bridgelaw that calls the DDS solver (endplay)."""
