"""Groups of CLI commands, each registered on the main Typer app by :mod:`bridgelaw.cli`."""
