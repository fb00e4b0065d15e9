"""Dummy and declarer's designations at the table: the router of Laws 42, 43, 45D, 45F, 46 and 61B,
whose rules are open matters under ``rules/play`` (``law42_43``, ``law45d_45f``, ``law46``,
``law61b``).

The project's words (the spec leaves them to the project):

* ``<dummy> warns``: dummy warns declarer against leading from the wrong hand (42B2). After
  dummy broke a 43A2 limitation, either defender chooses the hand (43B2a): ``<defender>
  lead-hand <seat>``.
* ``<seat> asks [<seat>]``: a question about a possible revoke: declarer asks a defender (61B1),
  dummy asks declarer (42B1, 61B2a; a defender: 61B2b), a defender asks declarer or his partner
  (61B3). Dummy asks declarer when no seat is named. A question establishes nothing; if the
  player asked did revoke, attention is drawn and he corrects (62A), offered as
  ``correct <card>``; after dummy broke a limitation his question makes Law 64 apply to
  declarer's corrected revoke as if it were established (43B2b).
* ``<dummy> attention``: dummy draws attention to an irregularity during the play (43A1b);
  after he broke a limitation and the irregularity is a defender's, it is not rectified (43B3).
* ``<dummy> suggests [<card>]``: dummy touches or suggests a card without instruction (45F).
* ``<declarer> names <designation>``: declarer designates dummy's card incompletely (46B):
  ``high [suit]``/``top``, ``low [suit]``/``small``, ``win``, ``any``/``anything``, a suit
  (``H``), a rank (``7``, ``K``) or a card (``HK``, the proper form of 46A).
* ``director dummy-looked`` (43A2 broken), ``director not-designated [<card>]`` (45D: dummy's
  last card, or the card named, was not the one declarer designated), ``director
  incontrovertible <card>`` (46B: declarer's different intention is beyond doubt; that card
  replaces the one 46B deemed designated).
"""

from __future__ import annotations

from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.revokes import RevokeRules
from bridgelaw.table.rules.play.law42_43 import DummyLimitations
from bridgelaw.table.rules.play.law45d_45f import DummyCardNotDesignated
from bridgelaw.table.rules.play.law46 import IncompleteDesignation
from bridgelaw.table.rules.play.law61b import RevokeQuestion
from bridgelaw.table.rules.play.layer import DummyTable
from bridgelaw.table.state import Awaiting, DummyOffer

DUMMY_WORDS = frozenset(
    {"warns", "asks", "attention", "suggests", "names", "lead-hand", "designate", "correct"}
)
DUMMY_FINDINGS = frozenset({"dummy-looked", "not-designated", "incontrovertible"})


_DUMMY_ACTIONS = DUMMY_WORDS - {"designate", "correct"}
"""The dummy words this module takes itself (designate and correct go to the play rules)."""


class DummyRules(RevokeRules):
    """The router of Laws 42-43, 45D, 45F, 46 and 61B; the layer over the revoke rules."""

    def dummy_awaiting(self) -> Awaiting | None:
        return self.dummy_offer

    def dummy_event(self, event: Event) -> bool:
        """Handle ``event`` if it is one of the dummy laws' (True), else leave it (False)."""
        if self.dummy_offer is not None:
            return self._dummy_offer_answer(event)
        if event.who == "director":
            if event.action not in DUMMY_FINDINGS:
                return False
            if event.action is Action.DUMMY_LOOKED:
                DummyLimitations.answer(self, event)  # 43A2
            elif event.action is Action.NOT_DESIGNATED:
                DummyCardNotDesignated.answer(self, event)  # 45D
            else:
                IncompleteDesignation.answer(self, event)  # 46B
            return True
        if self.law45d_back and event.action is Action.CARD:
            DummyCardNotDesignated.replaced(self, event)
        if self.law45d_rho is not None:
            DummyCardNotDesignated.rho_plays(self, event)
        if event.action not in _DUMMY_ACTIONS:
            return False
        if self.play is None or self.declarer is None:
            raise ScriptError(
                event.index, refuse("event.after-the-lead", who=event.who, action=event.action)
            )
        if event.action is Action.NAMES:
            IncompleteDesignation.answer(self, event)
        elif event.action is Action.ASKS:
            RevokeQuestion.answer(self, event)
        elif event.action is Action.LEAD_HAND:
            raise ScriptError(event.index, refuse("event.nobody-chooses-hand"))
        else:
            dummy = self.declarer.partner
            if event.seat != dummy:
                raise ScriptError(
                    event.index,
                    refuse("event.dummys-word", action=event.action, dummy=dummy.letter),
                )
            if event.action is Action.SUGGESTS:
                DummyCardNotDesignated.answer(self, event)  # 45F
            else:
                DummyLimitations.answer(self, event)  # 42B2, 43A1b
        return True

    def _dummy_offer_answer(self, event: Event) -> bool:
        """The answer to the dummy laws' open offer, routed by what it asks; False for a
        correction (62A), which goes on to Law 62 itself."""
        offer, kind = self.dummy_offer, self.dummy_offer_kind
        assert offer is not None and kind is not None and self.play is not None
        if not offer.takes(event):
            options = ", ".join(offer.options)
            if offer.others:  # the defenders (43B2a, 46B5): either answers
                said = refuse(
                    "event.dummy-offer-waits-two",
                    seat=offer.who,
                    other=offer.others[0][0],
                    options=options,
                    law=offer.law,
                )
            else:
                said = refuse(
                    "event.dummy-offer-waits", seat=offer.who, options=options, law=offer.law
                )
            raise ScriptError(event.index, said)
        self.dummy_offer = None
        self.dummy_offer_kind = None
        if kind is DummyOffer.CORRECTION:
            return False  # the correction itself is Law 62's (rules/play/law62.py)
        if kind is DummyOffer.LEAD_HAND:
            DummyLimitations.answer(self, event)  # 43B2a
        else:
            IncompleteDesignation.offer_answered(self, kind, event)  # 46B3b, 46B5
        return True


def dummy_table(table: DummyRules) -> DummyTable:
    """The dummy layer as the matters in ``rules/play`` that need it see it: mypy checks here
    that the layer has every field and rule the protocol names."""
    return table


__all__ = ["DUMMY_FINDINGS", "DUMMY_WORDS", "DummyRules"]
