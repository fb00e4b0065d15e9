"""Every open matter's declaration, the law book's index reads them
(:func:`bridgelaw.laws.index.code_citations`). A matter moved into ``rules`` adds its
module's ``DECLARED`` here."""

from __future__ import annotations

from bridgelaw.table.rules.auction import law21, law23, law25, law27, law28_32, law36, law37, law38
from bridgelaw.table.rules.board import law13, law14, law15a, law15b
from bridgelaw.table.rules.claims import law68_71
from bridgelaw.table.rules.declared import Declared
from bridgelaw.table.rules.play import (
    law42_43,
    law45c4b,
    law45d_45f,
    law45e,
    law46,
    law47e,
    law50d2,
    law51a,
    law52,
    law53_56,
    law57,
    law58,
    law61b,
    law62,
    law65_66,
    law67,
)

DECLARED: tuple[Declared, ...] = (
    law13.DECLARED,
    law14.DECLARED,
    law15a.DECLARED,
    law15b.DECLARED,
    law21.DECLARED,
    law23.DECLARED,
    law25.DECLARED,
    law27.DECLARED,
    law28_32.DECLARED,
    law36.DECLARED,
    law37.DECLARED,
    law38.DECLARED,
    law42_43.DECLARED,
    law45c4b.DECLARED,
    law45d_45f.DECLARED,
    law45e.DECLARED,
    law46.DECLARED,
    law47e.DECLARED,
    law50d2.DECLARED,
    law51a.DECLARED,
    law52.DECLARED,
    law53_56.DECLARED,
    law57.DECLARED,
    law58.DECLARED,
    law61b.DECLARED,
    law62.DECLARED,
    law65_66.DECLARED,
    law67.DECLARED,
    law68_71.DECLARED,
)

__all__ = ["DECLARED"]
