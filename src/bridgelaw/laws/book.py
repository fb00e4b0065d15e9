"""The clauses the project cites, one line each, in the project's own words.

Columns: the clause's key (its 2017 number; ``2007/N`` for a 2007 clause the code names that has
no 2017 clause of its own), its number in the 2007 edition (``=`` the same, ``-`` the code names
no 2007 clause for it), flags (status: ``A`` applied, ``J`` left to the director's judgement,
``N`` not built; ``d``: the editions differ; ``s`` with it: the code declares no variant of its
own for the clause: one code applies both editions, citing each edition's number through the
law book, or the clause follows from another clause's variant, or the difference is the
director's to weigh), and a short title. A line here is data, not law: the law texts are in the
Laws themselves; these titles only say what the code does with them.

A clause flagged ``d`` without ``s`` has edition variants in the code (``by_edition``, see
:mod:`bridgelaw.laws.editions`), tagged with it, with a part of it, or with a clause it is part
of, or it is cited inside one; :mod:`bridgelaw.laws.differences` says in the project's words
what differs for each tag the code declares. ``tests/laws/test_editions.py`` checks both ways.
"""

BOOK = """
1        =      A    the pack: 52 cards, four suits, ranks
2        =      A    the board: dealer and vulnerability by its number
6        =      A    shuffling and dealing, and reproducible deals
8A1      =      A    the director's instructions move the players and the boards, round by round
8B1      =      A    a round ends at the director's signal; a table still playing plays on
8B2      =      A    a deferred board: the round ends for it when it is recorded, or it is cancelled
8C       =      A    the last round and the session end when each table's boards are recorded
12B1     =      J    an adjusted score for the non-offenders' damage only
12C      =      N    computing an adjusted score at the table (the scorer's tools do)
12C1a    =      A    an assigned score replaces the table result (the director's record)
12C1c    =      A    a score weighted over outcomes: the director's weights, scored by outcome
12C1e    12C1b,12C1f Jds the non-offenders' own part of the damage: split, non-balancing scores
12C2a    =      A    an artificial score when no result is possible, by fault (the director's call)
12C4     =      A    a knockout match: non-balancing scores averaged for both teams
13A1     -      A    a wrong number of cards found before any call: corrected, the board played
13A2     -      Ad   a card seen before any call: the hands corrected, the board played, reviewed
13B      13A    Ads  a wrong number of cards found after a call: the director's choice
13B1     13A    Ads  the deal corrected and played with the calls as made
13B2     13B    Ads  the deal cannot be played: an adjusted score
13C      13F    Ads  a surplus card that belongs to no hand: taken away
13D      13C    Ads  a wrong number of cards found after the play: the score cancelled
2007/13D1  13D1   Ad  a hand short and the missing card found: corrected, the score stands
2007/13D2a 13D2a  Ad  a card seen in the wrong hand: an adjusted score may follow
2007/13D2b 13D2b  Ad  the board cannot be played on: an artificial score at once
2007/13E   13E    Ad  what the director's moving a card shows is unauthorized
14A      =      A    a missing card found before the opening lead is faced
14A1     =      A    a missing card found before the opening lead: back to its hand, calls stand
14B1     =      A    a missing card found among the played cards: Law 67
14B2     =      A    a missing card found later: restored to its hand
14B3     =      A    a card still missing at the end: restored to its hand
14B4     =      A    the restored card counts as held throughout: revokes, penalty cards
14C      =      J    what a missing card shows is unauthorized
15A      17D    Ad   a call made on cards from another board
15A1     -      Ad   the calls made on the wrong cards are cancelled
15A2     -      Ad   the offender calls again with his own cards
15A2a    -      Ad   his partner had called since: an adjusted score
15A2b    -      Ad   his partner had not called: he calls again, the auction goes on
15A2c    -      Ad   the cancelled calls are unauthorized information for the offenders
15A3     17D3   Ad   on the board the cards came from, a differing call: an adjusted score
15B      -      Ad   a board not assigned to the contestants this round
15B1     15B    Ad   one of the four had played it before: the board cancelled
15B2     15A1   Ads  nobody had played it: the score stands
15B3     15A2,15B Ad   the pairs deprived of the board: artificial adjusted scores
2007/15C   15C    Ad  found in the auction: the auction restarts, the staying pair repeats
16B      =      J    extraneous information from partner: reviewed
16B1a    =      J    a logical alternative the information suggested: the director's record
16B1b    =      J    what a logical alternative is: what peers would seriously consider (polls)
16B3     =      J    an adjusted score for the advantage gained: the director's record
16C      16D    Ad   information from withdrawn or cancelled actions: unauthorized to the offenders
16C1     16D    Ad   the information from a withdrawn action is the non-offenders' to use
16C2     16D    Ad   the offenders may not use the information from a withdrawn action
16D      16C    N    extraneous information from other sources (a remark overheard): not modelled
2007/17D1  17D1   Ad  a call on cards from another board: cancelled, the offender calls again
2007/17D2  17D2   Ad  the offender's LHO repeats his call; a differing call, artificial scores
17D3     17E2   Ads  a pass out of rotation among the three passes that end the auction
18       =      A    bids: level, denomination and sufficiency
19       =      A    doubles and redoubles: when they are allowed
20       =      A    reviews and explanations of the auction
20C2     =      A    a review after the final pass: information only
20F      =      J    explanations on request: what was said, in the director's record
20F1     =      A    during the auction a player asks about the opponents' calls at his own turn
20F2     =      A    after the final pass a player asks at his own turn to play
21B      =      Ads  a call made after misinformation
21B1a    =      Ads  the misinformed player changes his call
21B2     =      Ads  his LHO may then change the call made over it
21B3     =      J    damage from misinformation: reviewed
22B      22A1   Ads  four passes: the board passed out
23A      =      J    a comparable call: the director compares the replacement
23C      =      J    a comparable call that helped the offenders: score adjusted at the end
24       =      A    a card exposed in the auction: what it shows is unauthorized to the offenders
24A      =      A    a single low card exposed in the auction: no rectification
24B      =      A    an honour or a premature lead exposed: partner passes at his next turn
24C      =      A    two or more cards exposed: partner passes at his next turn
24D      =      A    the exposed card back to the hand: the offender declares or is dummy
24E      =      A    the exposed card becomes a penalty card if the offender defends
25       =      Ads  changes of call
25A      =      Ads  an unintended call changed: the director judges it unintended
25A1     =      A    an unintended call replaced at once: no rectification
25A6     25A4   A    the LHO may change his call over the unintended one
25B      =      Ads  a deliberate change of call
25B1     =      Ads  a deliberate change of call: the LHO may accept it
25B2     =      Ads  a deliberate change not accepted: the first call stands, Law 26 may follow
2007/26A1  26A1   Ads the suit of the withdrawn call later bid legally: no lead restriction
2007/26A2  26A2   Ad  a withdrawn call naming one suit: declarer requires or forbids it
26A      -      Ad   a comparable call replaced the withdrawn one: no lead restriction
26B      =      Ad   a withdrawn call: declarer may forbid the lead of one suit
26       =      Ad   lead restrictions after a withdrawn call
27       =      A    an insufficient bid
27A1     =      A    the LHO may accept an insufficient bid
27B      =      Ad   an insufficient bid not accepted: corrected
27B1a    =      Ad   corrected by the lowest sufficient bid in the same strain: no rectification
27B1b    =      Ads  corrected by a comparable call: no rectification
27B2     =      Ads  corrected otherwise: partner passes throughout, Law 26
27B3     =      Ads  corrected by a pass or double: partner passes throughout
27B4     =      A    a second insufficient bid in place of the first
27C      =      A    an insufficient bid replaced before the director ruled
27D      =      J    damage from an insufficient bid corrected: reviewed
28A      =      A    a call at the turn of a player who must pass: his pass inferred
28B      =      A    a call by the player in turn cancels a call out of rotation
29       =      Ads  a call out of rotation: the LHO's choice to accept it
29A      =      Ads  a call out of rotation accepted by the next call
29B      =      A    a call out of rotation cancelled: the auction returns to the player in turn
29C      =      J    an artificial call out of rotation: the director says what it showed
30       =      Ad   a pass out of rotation
30A      30A,30B1 Ad a pass out of rotation at RHO's turn: the offender passes at his next turn
30B      =      Ad   a pass out of rotation at partner's or LHO's turn
30B1     30A    Ad   a pass out of rotation at partner's turn, or LHO's before the offender called
30B1a    -      Ad   his partner may make any call at his turn
30B1b    -      Ad   the offender's next call is compared with the pass
30B1bi   -      Ad   a comparable call: no rectification
30B1bii  -      Ad   a call not comparable: partner passes at his next turn
2007/30B2a 30B2a  Ad  a pass at partner's turn after a bid: the offender passes throughout
30C      =      Ad   a pass of an artificial call out of rotation: ruled as a bid (Law 31)
31       =      Ad   a bid out of rotation
31A      =      Ad   a bid out of rotation at RHO's turn
31A1     =      Ad   RHO passes: the offender repeats his bid, no rectification
31A2     =      Ad   RHO calls: the offender calls freely, his call compared (2007: by denomination)
31A2a    =      Ad   comparable: no rectification (2007: same denomination, partner passes once)
31A2b    =      Ad   not comparable: partner passes at his next turn (2007: throughout)
31B      =      Ad   a bid out of rotation at partner's turn or LHO's
31B1     -      Ad   his partner may make any call at his turn
31B2     -      Ad   the offender's next call compared, as in 31A2
32       =      Ad   a double or redouble out of rotation
32A      32B    Ad   a double or redouble at RHO's turn
32A1     32B1   A    RHO passes: the offender repeats it
32A2     32B2   Ad   RHO calls: the offender calls freely (2007: partner passes throughout)
32A2a    -      Ad   a comparable call: no rectification
32A2b    -      Ad   not comparable: partner passes at his next turn
32B      32A    Ad   a double or redouble at partner's turn (2007: partner passes throughout)
32B1     -      Ad   his partner may make any call at his turn
32B2     -      Ad   the offender's next call compared, as in 32A2
36       =      Ad   an inadmissible double or redouble
36A      =      Ads  an inadmissible double the LHO called over: it and the later calls cancelled
36B      =      Ads  an inadmissible double or redouble no one has called over
36B2     =      Ads  a legal call instead of the inadmissible one, partner passes throughout
36B3     =      A    an inadmissible double cancelled: Law 26 may restrict the lead
36B4     =      Ads  an inadmissible double out of rotation: back to the player in turn
36C      -      Ad   an inadmissible double noticed after the opening lead: scored as if not made
37       =      A    a call by a player who must pass
37A      =      A    a call by a silenced player: cancelled
37B      =      A    a silenced player's bid: partner passes throughout
38       =      A    a bid of more than seven
38B      =      A    a bid above seven: cancelled
38C      =      A    the offender's partner passes throughout after a bid above seven
38D      =      A    a call after a bid above seven: cancelled
39       =      A    a call after the auction has ended
39A      =      A    a call after the final pass: cancelled
39B      =      A    a pass after the final pass: no rectification
39C      =      Ad   a defender's call after the final pass: Law 26 may restrict the lead
40       =      N    partnership understandings and their disclosure: not modelled
40B4     =      J    damage from a failure to disclose: the director's record
41A      =      A    the opening lead, by declarer's left-hand opponent
41B      =      A    reviews after the final pass and before the opening lead
41C      =      A    after his first card only the contract may be asked
42B1     =      A    dummy asks declarer whether he has none of the suit
42B2     =      A    dummy warns declarer against leading from the wrong hand
43A1b    =      A    dummy draws attention during the play: recorded
43A2     =      A    dummy broke his limitations
43B1     =      A    after dummy broke his limitations: what follows
43B2a    =      A    after dummy's irregularity a defender chooses the hand to lead from
43B2b    =      A    declarer's revoke found by dummy after 43A2: corrected, one trick transferred
43B3     =      Jd   a defender's irregularity after dummy's: not rectified, reviewed
44       =      A    the order of play in a trick, the winner leads
44B      =      A    after the lead each player plays in turn
45A      =      A    playing a card
45C4b    =      Ad   an unintended designation of dummy's card changed
45D1     45D    Ad   dummy's card not designated: put back with the cards after it
45D2     45D    Ad   dummy's card not designated, found later: it stands
45E      =      A    a fifth card played to a trick
45E1     =      A    a fifth card by a defender: a major penalty card
45E2     =      A    a fifth card by declarer: back to his hand
45F      =      J    dummy suggests a card: reviewed
46B      =      A    an incomplete designation of dummy's card: declarer's intention
46B1a    =      A    "high": the highest card
46B1b    =      A    "win": the lowest card known to win
46B1c    =      A    "low": the lowest card
46B2     =      A    a suit only: the lowest card of it
46B3a    =      A    a rank only in the suit led: that card
46B3b    =      A    a rank only, two suits possible: declarer names the suit
46B4     =      A    a card dummy lacks: any legal card
46B5     =      A    anything else: a defender designates
47D      =      A    a card played after a withdrawn one may be replaced
47E      =      A    a card played on an opponent's wrong word
47E1     =      A    a lead made on an opponent's word: withdrawn
47E2a    =      A    a card played after a mistaken explanation: withdrawn if nothing followed
47E2b    =      J    a card played after a mistaken explanation: reviewed
48A      =      A    declarer's exposed cards: no rectification
48B2     =      A    declarer's faced cards: a claim or concession
49       =      A    a defender's exposed card: a penalty card
50       =      A    penalty cards
50B      =      A    penalty cards: major or minor
50C      =      A    a minor penalty card
50D1     =      A    a major penalty card must be played when legal
50D1b    =      A    following suit, a lead or play restriction come before a penalty card
50D2     =      A    the offender's partner on lead: declarer requires or forbids the suit
50D2a    =      A    declarer requires the penalty card's suit
50D2b    =      A    declarer forbids the penalty card's suit
50E      =      Jd   information from a penalty card (2007: noted for the director)
51A      =      A    several penalty cards: declarer says which one is played
51B      =      A    several penalty cards, partner on lead
51B1a    =      A    one suit's penalty cards: declarer requires that suit
51B1b    =      A    one suit's penalty cards: declarer forbids that suit
51B2a    =      A    penalty cards in several suits: declarer requires one
51B2b    =      A    penalty cards in several suits: declarer forbids some
51B2c    =      A    penalty cards in several suits: declarer does neither
52A      =      A    a card played instead of a penalty card is not withdrawn at will
52B1a    =      A    a card played instead of a penalty card: accepted
52B1b    =      A    declarer plays after the card instead of a penalty card: accepted
52B2     =      A    declarer requires the penalty card to be played
53A      =      Ad   a lead out of turn accepted (2017: never at trick 13)
53B      53C    Ads  the proper leader leads over a lead out of turn
53C      53B    Ads  a defender plays to declarer's lead from the wrong hand
54       =      A    an opening lead out of turn faced
54A      =      A    declarer spreads his hand after an opening lead out of turn
54B      =      A    declarer accepts an opening lead out of turn
54C      =      A    declarer must accept it (he showed a card)
54D      =      A    declarer declines it: the right defender leads
54E      =      A    an opening lead out of turn by the declaring side
55       =      A    declarer's lead out of turn
55A      =      A    declarer's lead out of turn accepted
55B      =      A    declarer's lead out of turn declined: he leads from the right hand
55C      =      Jd   what declarer learnt from his lead out of turn: reviewed
56       =      A    a defender's lead out of turn
56A      =      A    a defender's lead out of turn accepted
56B      =      A    a defender's lead out of turn declined: a penalty card
57       =      Ad   a defender's premature lead or play
57A      =      Ad   a premature play: declarer chooses highest, lowest, require or forbid
57B      =      A    the partner cannot do as declarer chose: any legal card
57C1     =      A    declarer had played from both hands: no rectification
57C2     57C1   A    after dummy suggested a card: no rectification
57C3     57C2   A    declarer's premature play stands if legal
57D      -      Ad   a card shown at RHO's turn: played at his own turn
58B      =      A    several cards played at once
58B2     =      A    several cards at once: the offender says which; the others penalty cards
58B3     =      A    a card withdrawn: the non-offenders may change their later cards
58B4     =      A    several cards at once, unnoticed: they lie on the trick
59       =      A    a player cannot play as the Laws require: any legal card
60A1     =      A    playing after an irregular lead or play forfeits its rectification
60A2     =      A    the irregular play then counts as made in rotation
60B      =      A    a defender plays before declarer leads again: a major penalty card
60C      =      A    the offender's partner plays before the rectification
61A      =      Ad   a revoke: failing to follow suit or a required play (2007: any demanded play)
61B      =      A    questions about a possible revoke
61B1     =      A    declarer asks a defender about a revoke
61B2a    =      A    dummy asks declarer about a revoke
61B2b    =      A    dummy asks a defender about a revoke: an irregularity
61B3     =      Ad   a defender asks his partner about a revoke
62A      =      A    a revoke found before it is established: corrected
62B      =      A    correcting a revoke
62B1     =      A    a defender's revoked card: a major penalty card
62B2     =      A    declarer's revoked card: back to his hand
62C      =      A    cards played after the revoke
62C1     =      A    the non-offenders' later cards: taken back and replayed
62C2     =      A    the offender's partner's later card: taken back
62C3     -      Ad   both sides revoked in one trick: both corrected
62D      =      A    a revoke on trick twelve: corrected even if established
62D1     =      A    a revoke on trick twelve found after trick thirteen: still corrected
62D2     =      Jd   a revoke on trick twelve: reviewed
63A      =      A    when a revoke becomes established
63A1     =      A    a revoke established by a play to the next trick
63A3     =      A    a revoke established by a claim or concession
63A4     63A3   Ads  a revoke established by agreeing to a claim
64       =      Ad   the procedure after an established revoke
64A      =      A    tricks transferred after an established revoke
64A1     =      A    the revoker won the trick: that trick and one more
64A2     =      A    the revoker did not win it: one trick
64B      =      A    revokes with no automatic transfer of tricks
64B1     =      A    no transfer: the offending side won no trick after it
64B2     =      Ad   no transfer: a second revoke in the same suit
64B3     =      Ad   no transfer: a revoke in failing to play dummy's card or a penalty card
64B4     =      A    no transfer: found after the next deal's first call
64B5     =      A    no transfer: found after the end of the round
64B6     =      A    no transfer: a revoke on trick twelve
64B7     =      Ad   no transfer: both sides made established revokes on the board
64C      =      Jd   equity after a revoke: the director restores it
64C1     64C    Jd   equity after a revoke with too little transfer
64C2a    64C    Jd   equity after a revoke with no transfer
64C2b    64C    Jd   equity after a revoke found after the round
65B3     =      Ad   a card turned the wrong way
66A      =      A    inspecting the current trick
66C      =      A    inspecting quitted tricks: not allowed
66D      =      A    inspecting after the play: allowed
67       =      J    a defective trick
67A1     =      A    a defective trick with a card missing: made up at once
67A2     =      A    a defective trick with a card too many, found before both sides played on
67B1     =      A    a missing card found after both sides played on
67B1a    =      A    a card missing found later: the trick's winner stands
67B1b    =      A    a card missing found later: a revoke there with 64A2
67B2     =      A    a surplus card found after both sides played on
67B2a    =      A    a surplus card found later: back to the hand
67B2b    =      A    a failure to follow with that card: a revoke
67B3     =      J    a card played again: the board gets an adjusted score
68       =      A    claims and concessions
68A      =      A    a claim of tricks
68B1     =      A    a concession of tricks
68B2     =      A    a concession withdrawn by partner's objection
68C      =      A    a claim needs a clear line of play
68D2     68D    Ad   after a claim play stops; the director is called
68D2b    -      Ad   after a dispute, play may go on with all four agreeing
68D2bi   -      Ad   play going on: what it shows does not count
68D2bii  -      Ad   play going on: the director rules as if it had not
69A      =      A    a claim agreed
69B      =      Jds  an agreed claim or concession withdrawn within the correction period
69B2     =      Jds  an agreed claim or concession corrected
70       =      Jd   a disputed claim: the director rules
70A      =      A    a disputed claim adjudicated: doubtful points go against the claimer
70C      =      A    a trump the claimer did not mention: a trick lost if it could be
70D1     =      A    only the lines the statement covers count; the worse normal line is assumed
70D3     =      Jd   play after the claim: what it showed
70E1     =      Jd   an unstated line of play: not allowed for the claimer
71       =      Jds  a concession cancelled by the director
71B      71     Jds  a trick conceded that could not be lost: given back
72C      23     Jds  an irregularity the offender could have known would damage: reviewed
73       =      N    communication and tempo between partners: not modelled
75       =      N    a mistaken explanation or a mistaken call: not told apart
77       =      A    the scoring table
78       =      A    matchpoints, IMPs and total points
79A      =      A    the result agreed at the table: the other side accepts what was entered
79B      =      A    a result disputed at the table: the director is called and rules
79C      =      A    an error in a recorded score corrected by the director, the old entry kept
79C1     =      A    the correction period: 30 minutes after the official scores unless set
79C2     =      A    a correction after the period: only with the organiser's agreement
86       =      A    team play: scores, adjusted scores
90       =      N    procedural penalties: not given
92A      =      A    the right to appeal a ruling: recorded against the ruling
92B      =      A    the appeal period: 30 minutes after the official scores unless set
93A      =      A    no appeals committee: the director in charge hears the appeal
93B3     =      A    an appeals committee may not overrule a point of law, only recommend
"""
