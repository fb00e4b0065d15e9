# ruff: noqa: E501  (the rows are table cells, one string each, as docs/law-coverage.md shows them)
"""The law coverage table (docs/law-coverage.md), generated from here (``bridgelaw.laws.coverage``).

Each row: the laws, what the code does with them (the project's words), and the modules that do
it. Every clause a row names must be in the law book (:mod:`bridgelaw.laws`); the page's table
is this one, rendered, with the law book's counts by status (a test fails when they differ).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str], ...] = (
    (
        "1, 2",
        "the pack; dealer and vulnerability for every board number, overrides for boards marked otherwise",
        "`cards`, `boards`",
    ),
    (
        "6",
        "secure, reproducible, numbered deals; commit-and-reveal; dealing-machine files; hand records",
        "`dealing`, `formats`",
    ),
    (
        "8, 79",
        "a duplicate session live: rounds moved by the director (8A1), unfinished boards deferred as late plays or cancelled with the director's artificial score (8B1, 8B2, 12C2a), the session's end (8C); results entered at the table and accepted by the other side (79A) or disputed to the director (79B), corrected by supersession within the correction period or after it with the organiser's agreement (79C, 79C1, 79C2)",
        "`duplicate`, `server.sessions`",
    ),
    (
        "12C, 16B, 20F, 21B3, 40B4, 70, 75, 79C, 90-93",
        "the director's record of rulings, appended and superseded, never rewritten: the score effect on the scorers' types (assigned 12C1a, weighted 12C1c, split 12C1e / 2007 12C1b and 12C1f with a redress in IMPs for the infraction's part, knockout 12C4, artificial 12C2a), unauthorized information (16B1a, 16B3), misinformation (20F, 21B3, 40B4, 75) and claims (70A) as the director found them, polls for logical alternatives with the authority's threshold, the correction and appeal periods (79C1, 79C2, 92B), appeals (92A; a committee may not overrule a point of law, 93B3; the director in charge, 93A), the casebook's JSON (see [the director's record](director.md))",
        "`director`",
    ),
    (
        "13",
        "a wrong number of cards: corrected before a call by the players concerned (13A1; a card seen: played and reviewed, 13A2), after one called the director's choice (13B1 play on, 13B2 adjusted score), found after the play the score cancelled (13D); a surplus card of no hand removed (13C); 2007: 13A-13F (13D2b an artificial score at once, 13E unauthorized information)",
        "`table.rules.board.law13`",
    ),
    (
        "14",
        "a missing card off the table: found before the opening lead is faced, back with the calls standing (14A); later, held throughout (14B2, 14B4): revokes on the tricks it would have followed, established by 63A, transferred by 64; among the played cards, Law 67 (14B1); still missing at the end, restored (14B3); 14C unauthorized information",
        "`table.rules.board.law14`",
    ),
    (
        "15",
        "15A: a call on cards from another board: it and the later calls cancelled; the offender calls again (15A2b), or an adjusted score if his partner had called (15A2a); on the other board a differing call, an adjusted score (15A3); 15B: a board not assigned: cancelled if one of the four played it before (15B1), else the score stands (15B2), artificial scores to those deprived (15B3, a review); 2007: 17D (the LHO repeats his call; a differing call or a partner's call, artificial scores), 15A/15B, 15C (the auction restarts, the staying pair repeats its calls, a differing call cancels the board)",
        "`table.rules.board.law15a`, `table.rules.board.law15b`",
    ),
    (
        "16C",
        "information from withdrawn actions recorded as unauthorized for the offending side (16C2; 2007 16D), authorized for the other (16C1): cancelled and withdrawn calls; withdrawn cards: 45C4b (the RHO's card), 45D1, 45E2, 47D (after 47E2a), 47E1, 47E2a, 53A (trick 13), 53B, 55B, 58B2 (declarer's), 58B3, 60C (declarer's), 62B2, 62C1, 62C2, 62C3 (each side's own), 62D2 (2017), a lead to the next trick that goes back after a corrected revoke; a card that stays as a penalty card is Law 50E's",
        "`table`",
    ),
    (
        "17, 22",
        "rotation, the end of the auction, contract and declarer; 17D3 (a pass out of rotation among the three passes that follow a call, a first pass too; 2007: 17E2)",
        "`auction`, `table`",
    ),
    (
        "21B",
        "a call misinformation could have influenced: changed (21B1a), then the LHO's call over it (21B2), withdrawn calls under 16C (2007: 16D); 21B3 reviewed",
        "`table`",
    ),
    (
        "29C, 30C",
        "an artificial call out of rotation: the director says what it specified and Laws 30-32 work with that (a natural bid in a shown denomination repeats it: 31A1, 2007 31A2a; in 2007 the lead restriction after it is 26A when it showed only suits, 26B otherwise); a pass out of rotation of an artificial call (2007: of partner's) is ruled by Law 31",
        "`table`",
    ),
    (
        "18, 19",
        "sufficiency; when a double or redouble is allowed",
        "`auction`, `table.state`",
    ),
    (
        "24",
        "a card exposed in the auction (and the declaring side's attempted opening lead, 54E): A/B/C, partner's pass, 24D back to hand, 24E penalty cards; what it shows recorded as unauthorized for the offenders (24)",
        "`table`",
    ),
    (
        "28A",
        "a call at a silenced player's turn is in rotation, his pass inferred",
        "`table`",
    ),
    (
        "36, 37, 38, 39",
        "inadmissible doubles (36A, also noticed in the clarification period; 36B2, 36B4; 36C noticed after the opening lead: scored as if not made), calls by silenced players (37A/B), bids above seven (38B-D), calls after the final pass (39A-C; 2007 39C with the whole of 26: 26A for a call showing one suit)",
        "`table`",
    ),
    (
        "41A, 44",
        "opening leader; following suit; trick winner; the winner leads",
        "`play`, `table.play_state`",
    ),
    (
        "48, 49, 50B",
        "declarer's exposed cards (no rectification); a defender's exposed card becomes a penalty card, minor or major",
        "`table.play_rules`",
    ),
    (
        "50D1, 50C, 52",
        "a major penalty card must be played when legal, a minor one before other low cards of its suit; following suit and a lead or play restriction (26, 50D2a, 51B, 57A) come first, the card staying face up (50D1b); declarer's 50D2/51B option before a 51A designation; a lead before declarer states his 50D2 option is a major penalty card (49); failing to play it (52B1a accept, 52B1b accepted by declarer playing after it from either hand, 52B2 require)",
        "`table.play_rules`, `table.rules.play.law52`",
    ),
    (
        "53-56",
        "leads out of turn: accepted by statement or by playing to it (53A, and so 60A1/60A2; withdrawn at trick 13, 2017); the proper leader leading over it (53B; 2007 53C); a defender on the right of declarer's irregular lead playing to it (53C, with 57; 2007 53B); the opening lead (54 opening: a simultaneous face-down lead goes back; 54A spread, 54B accept, 54C must accept, 54D decline, 54E declaring side); declarer's (55A/B; 55C reviewed: 2017 16C, 2007 the director may adjust); a defender's (56A/B)",
        "`table.rules.play.law53_56`",
    ),
    (
        "20C2, 41B, 41C",
        "reviews of the auction after the final pass: information only; after one's first card only the contract may be asked",
        "`table`",
    ),
    (
        "45C4b",
        "declarer's unintended designation of dummy's card, changed before he plays again from either hand; a card his RHO played since goes back and he keeps it or replaces it (47D, 16C1) (`director unintended` in the play; 2007: any player's last card)",
        "`table.rules.play.law45c4b`",
    ),
    (
        "42, 43",
        "dummy's rights: a warning against leading from the wrong hand (42B2), a question to declarer (42B1); dummy drawing attention during play (43A1b, recorded); after a broken 43A2 limitation (`director dummy-looked`): a defender chooses the hand to lead from (43B2a), declarer's revoke corrected and Law 64 as if established (43B2b, one trick), a defender's irregularity not rectified and only the defenders' score reviewed (43B3; 2007: 12B1)",
        "`table.rules.play.law42_43`, `table.rules.play.law61b`",
    ),
    (
        "45D, 45F",
        "dummy's card not designated: put back with the cards after it until each side has played to the next trick, declarer changing his only if his RHO does (45D1), then it stands (45D2; 2007: 45D); dummy suggesting a card: play goes on, reviewed (45F)",
        "`table.rules.play.law45d_45f`",
    ),
    (
        "46",
        "incomplete designations of dummy's card: high (46B1a), win (46B1b: the lowest card known to win; a ruff by a defender still to play is not foreseen), low (46B1c), suit only (46B2), rank only (46B3a/b, with declarer naming the suit when two may be played), a card dummy lacks (46B4), anything (46B5: a defender designates); declarer's incontrovertible intention (46B)",
        "`table.rules.play.law46`",
    ),
    (
        "61B",
        "questions about a revoke: declarer to a defender (61B1), dummy to declarer (61B2a) or, irregularly, to a defender (61B2b), defenders (61B3; 2007: unless the RA forbids); information only, a revoke found is corrected (62A)",
        "`table.rules.play.law61b`, `table.rules.play.law62`",
    ),
    (
        "51A, 51B",
        "two or more penalty cards a defender could play: declarer designates which (51A); partner on lead: require one suit (51B1a, 51B2a: its cards picked up, the others stay), forbid one or more (`forbid S H`; 51B1b, 51B2b), or neither (51B2c, offered again while partner keeps the lead); 59 when only forbidden suits are left",
        "`table.rules.play.law51a`, `table.rules.play.law50d2`",
    ),
    (
        "57",
        "a defender's premature play or lead: 57A (major penalty card; declarer chooses highest, lowest, require or forbid another suit; also a lead to the next trick at any turn before partner has played), 57B, 57C1 (declarer had played from both hands: no rectification; the early lead stands if he wins the trick, else it is a lead out of turn), 57C2 (after dummy suggested a card in the trick; 2007: part of its 57C1), 57C3 (declarer's premature play stands if legal, else goes back; 2007: its 57C2), 57D (at his RHO's turn)",
        "`table.rules.play.law57`",
    ),
    (
        "45E, 58B, 67A2, 67B2",
        "a fifth card (`director fifth-card`: a defender's becomes a major penalty card, 45E1; declarer's goes back, 45E2); several cards at once (`<seat> cards SA S2`: the offender says which, the others are penalty cards by 50B or go back to declarer's side, 58B2; unnoticed they lie on the trick, 58B4); too many cards found (`director too-many <seat>`: 58B again before both sides have played on, 67A2; after, the surplus goes back to the hand as if held all along and a later failure to follow with it is a revoke, 67B2a/b); a card played again after it had gone back among the unplayed ones (`<seat> again <card>`: it stays with its first trick, the board gets an adjusted score, 67B3)",
        "`table.rules.play.law45e`, `table.rules.play.law58`, `table.rules.play.law67`",
    ),
    (
        "47E, 60B, 60C",
        "a lead made because an opponent said it was his lead goes back (`director told-to-lead`, 47E1); a card played after a mistaken explanation (`director mistaken-explanation <seat>`: taken back if nothing followed it, 47E2a, else reviewed, 47E2b, a card that followed it in the trick still waiting for declarer's answer under 52B1a too; an opponent's card waiting as the next trick's lead, a lead out of turn or a card played instead of a penalty card, then goes back without rectification, 47D); a defender playing before declarer leads again from the right hand: major penalty card (60B); the offender's partner playing before the rectification: his card itself rectified (60C)",
        "`table.rules.play.law47e`, `table.rules.play.law53_56`",
    ),
    (
        "64B4, 64B5, 65B3, 66",
        "a revoke first pointed out after the next deal's first call or the end of the round: no transfer (`director revoke-found next-deal|end-of-round`); a card turned the wrong way (`<seat> wrong-way`: in time, or reviewed under 16B; 2007: declarer at any time); inspecting tricks (`<seat> inspect`: 66A, 66C, 66D)",
        "`table.revokes`, `table.rules.play.law65_66`",
    ),
    (
        "67A1, 67B1",
        "a defective trick with a card missing (`<seat> none`): made up at once (67A1, the trick won as it then stands) or later (67B1a/b: the winner stands, a revoke there with 64A2); still missing when play ends: made up then",
        "`table.rules.play.law67`",
    ),
    (
        "61-64",
        "revokes: detected (61A; also a lead breaking a lead restriction, with 59 when the required suit is void, and a play not in the suit declarer required or forbade under 57A; 2007: not the highest or lowest card he demanded either),  corrected before establishment (62B1/62B2; 62C1 a non-offender's later card taken back and replayed, 62C2 then the offender's partner's, a defender's becoming a penalty card, declarer choosing for dummy's card; 62C3 both sides revoked in one trick and one side played on: both corrected, the defenders' withdrawn cards penalty cards, a lead to the next trick by the player who still won it standing; a correction after the non-offenders led on, their lead going back if the trick changes hands; 62D2 reviewed), established (63A1; by a claim or concession, 63A3; by agreeing to the opponents' claim, 63A4; never on trick 12, 62D; a trick-12 revoke found after trick 13 still corrected, 62D1, trick 13 then completed with its forced cards once no choice is left), tricks transferred at the end of play (64A1, 64A2) with 64B1, B2 (2007: after any revoke in the suit, even corrected), B3 (dummy's card or a penalty card), B6, B7 (both sides made established revokes on the board; 2007 too, by its 64B opening); 2007 64C as one clause",
        "`table.play_rules`, `table.revokes`, `table.rules.play.law62`",
    ),
    (
        "68-71",
        "claims and concessions: agreement (69A), disputes to the director (70), 68B2, 68D2b, 69B, 71 (see [claims and concessions](table-engine.md#claims-and-concessions))",
        "`table.claims`, `table.rules.claims.law68_71`",
    ),
    (
        "70",
        "a disputed claim adjudicated: the worst normal line that agrees with the statement, a clause not understood never helping the claimer, against a double-dummy defence (70A, 70C, 70D1, 70E1 with the show-outs before the claim and in the line, 2007 also its irrational exception), for the director or `replay --adjudicate`",
        "`analysis.adjudicate`, `analysis.statements`",
    ),
    (
        "77, 78",
        "scoring table; matchpoints, IMPs (datum, cross), total points; Neuberg; VP (WBF 2013)",
        "`scoring`",
    ),
)
