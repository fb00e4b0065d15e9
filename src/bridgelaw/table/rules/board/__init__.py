"""The open matters of the board itself (Laws 13-15), one module per law: :mod:`.law14` so far,
over the protocol of :mod:`.layer`."""
