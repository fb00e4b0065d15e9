"""Command-line commands kept apart from :mod:`bridgelaw.cli`, which registers them."""
