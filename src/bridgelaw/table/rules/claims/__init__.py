"""The open matter of claims and concessions (Laws 68-71): :mod:`.law68_71`, over the protocol
of :mod:`.layer`."""
