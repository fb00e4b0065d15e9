"""How a results file's pair numbers become pairs' names: one rule for every reader.

A pairs tournament's results name each pair by a number. Two kinds of file reuse a number for
different pairs, and then the number alone is not the pair:

* a session in **sections** (each section has its own pair 1): the name starts with the
  section's letter, wherever the file holds more than one section;
* a section whose North-South and East-West pairs are **numbered apart** (a Mitchell numbered
  by direction: North-South pair 1 and East-West pair 1 meet at table 1, and one pair cannot
  play a board against itself, Law 4): the name ends with the direction the pair sits.

So pair 1 North-South of section A is ``A1 NS`` in the Bridgemate databases' reader, the PBN
``ScoreTable`` reader and the USEBIO reader alike, in the ranking and on the results site; a
Howell of one section keeps ``7``. Each reader decides from its own file whether sections and
directions apply (what it records differs), and names the pairs here.

>>> naming = PairNaming(sections=frozenset({"A", "B"}), by_direction=frozenset({"A"}))
>>> naming.name("1", "A", "NS"), naming.name("1", "B", "EW")
('A1 NS', 'B1')
>>> PairNaming(by_direction=frozenset({""})).name("3", "", "EW")
'3 EW'
>>> direction_of("A1 NS"), direction_of("7")
('NS', None)
"""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS = ("NS", "EW")


@dataclass(frozen=True)
class PairNaming:
    """How one file names its pairs (see the module docstring)."""

    sections: frozenset[str] = frozenset()
    """The letters of the sections the file holds (empty: no sections)."""
    by_direction: frozenset[str] = frozenset()
    """The sections (``""`` for a file without sections) numbered by direction."""
    prefixed: bool | None = None
    """Whether names start with the section's letter; by default where there are several
    sections (one section scored alone out of several keeps the names it has in the whole)."""

    def name(self, number: str | int, section: str = "", direction: str = "") -> str:
        """The name of pair ``number`` of ``section`` sitting ``direction`` (``"NS"``/``"EW"``)."""
        prefixed = len(self.sections) > 1 if self.prefixed is None else self.prefixed
        base = f"{section if prefixed else ''}{number}"
        return f"{base} {direction}" if section in self.by_direction and direction else base


def direction_of(name: str) -> str | None:
    """The direction a pair's name ends with (``"NS"``, ``"EW"``), or ``None``."""
    _, _, last = name.rpartition(" ")
    return last if last in DIRECTIONS and " " in name else None
