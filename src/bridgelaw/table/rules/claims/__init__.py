"""The open matter of claims and concessions (Laws 68-71): :mod:`.law68_71`, with the protocol
of the table it uses (``ClaimTable``)."""
