"""The open matters of the board itself (Laws 13-15), one module per law, over the
protocol of :mod:`.layer`: :mod:`.law13` a wrong number of cards, :mod:`.law14` a missing card,
:mod:`.law15a` cards from another board (2007: 17D), :mod:`.law15b` a board not assigned to
the contestants (2007: 15A-15C)."""
