# ruff: noqa: E501  (one line per difference, as the list in docs/law-coverage.md shows it)
"""What differs between the 2017 and 2007 editions, in the project's words: one line for each tag
the code declares edition variants with (``by_edition``; :mod:`bridgelaw.laws.editions`).

Columns: the tag (a clause of the law book, or several separated by one space), then, after two
spaces or more, what differs. Where the variants are is not written here: it is found in the
code (:func:`bridgelaw.laws.index.variants`); ``tests/laws/test_editions.py`` checks that the two
name the same tags and that the law book flags each of their clauses as differing.
"""

DIFFERENCES = """
13A2       a wrong count found before any call: 2017 13A1/13A2 correct it and play the board (a card seen: reviewed); 2007 cites 13D1/13D2a for the same correction
2007/13D2b  a card seen before any call that gives serious information: 2007 an artificial adjusted score at once; 2017 plays the board and reviews it (13A2)
2007/13E   2007 only: the director's moving a card is unauthorized information for the partners of the players concerned
15A        a call on cards from another board: 2017 cancels it and every later call, then the offender calls again or an adjusted score (15A1, 15A2); 2007 17D cancels his call only, his LHO repeats his, a differing call means artificial scores
15A3       a differing call on the board the cards came from: 2017 an adjusted score; 2007 (17D3) artificial adjusted scores
2007/15C   2007 only: a board not assigned found in the auction: the auction restarts with the right pair, the pair that stays repeats its calls
15B3       those deprived of a board one of the four had played before: 2017 15B3; 2007 cites its 15B
26         the lead restriction after a withdrawn call: 2017 always 26B; 2007 26A when the call showed only a suit or suits (26A2: require or forbid one of them)
26B        the suits declarer may forbid: 2017 those the offender did not specify legally; 2007 any suit
27B1a      the lowest sufficient bid in the same denomination: 2017 whatever the bids meant; 2007 only when both bids are natural
30 31 32   calls out of rotation cancelled: 2017 compares the offender's next call (23A), partner passing once at most; 2007 has no comparable call: longer silences for partner (throughout) and lead restrictions
30A        a pass out of rotation at RHO's turn after a bid (17D3 too): 2017 30A; 2007 30B1, the same silence at his next turn
30C        a pass out of rotation of an artificial call is ruled as a bid: 2017 anyone's artificial call; 2007 only partner's
31A2       RHO called over a cancelled bid: 2017 the director compares the offender's call (comparable: no rectification); 2007 repeating the denomination silences partner once, anything else throughout
31B        an artificial bid out of rotation at partner's or LHO's turn: 2007 asks what it showed for the lead restriction (26A or 26B); 2017 only when the next call depends on it
32A2       RHO called over a cancelled double or redouble: 2017 the offender's call is compared; 2007 (32B2) partner passes throughout whatever he calls
36C        an inadmissible double first noticed after the opening lead: 2017 scored as if not made; 2007 has no rule (refused as not handled)
39C        a defender's call after the final pass: 2017 Law 26 as 26B; 2007 the whole of 26: 26A for a call naming a suit
43B3       a defender's irregularity after dummy broke his limitations: 2017 only the defenders' score is adjusted; 2007 the director may adjust under 12B1
45C4b      an unintended designation changed: 2017 declarer's designation of dummy's card (his RHO's card played since may be replaced); 2007 any player's last card named
45D2       dummy's card not designated, found after both sides played on: 2017 45D2, it stands; 2007 the same under 45D, which has no 45D2
50E        what a penalty card tells: 2017 authorized for all while it is on the table; 2007 only the obligation to play it is authorized for partner (noted for the director)
53A        a lead out of turn to trick 13: 2017 withdrawn, never accepted; 2007 may be accepted like any other
55C        what declarer learnt from his lead out of turn: 2017 unauthorized for him (16C); 2007 the director may adjust
57A        declarer's choices after a defender's premature play: 2017 highest, lowest, require or forbid a suit; 2007 no requiring another suit
57D        a card shown at RHO's turn: 2017 played at his turn if legal, else a major penalty card; 2007 has no 57D: an exposed card, a major penalty card (49)
61A        a card not as the opponent demanded in a rectification (highest, lowest): 2007 a revoke; 2017 only a required or specified suit makes one (the card is refused)
61B3       a defender asks his partner about a revoke: 2007 allowed unless the regulating authority forbids it; 2017 information only
62C3       both sides revoked in one trick: 2017 both corrected; 2007 has no such clause
62D2       a trick-12 revoke corrected before partner played: 2017 what partner learnt is unauthorized (16C); 2007 he may not choose a play it suggested
64B2       a second revoke in the same suit by the same player: 2017 after an established first one; 2007 after any earlier one, even corrected; equity under 64C2a (2007: 64C)
64B3       a failure to play dummy's card or a penalty card: 2007 any card faced on the table; equity under 64C1 (2007: 64C)
64B7       both sides made established revokes: equity under 64C2b (2007: 64C)
65B3       a card turned the wrong way pointed out late: 2017 in time only until his side plays to the next trick; 2007 declarer at any time
68D2b      after a disputed claim: 2017 the opponents may ask to play on; 2007 has no playing on
70D3       a card played after a claim: 2007 kept as evidence for the director, not played; 2017 refused (play has stopped, 68D)
70E1       an unstated line in a disputed claim: 2007 accepted also when not taking it would be irrational (a review says so, and the adjudicator takes such a finesse); 2017 (the Hungarian text) has no such exception
"""
