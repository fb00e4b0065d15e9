"""Law 70 adjudication: the statement words, the adjudicator's bounds, and its wiring into the
table, the scripts and ``replay --adjudicate``. The cases themselves, each reasoned from Law 70,
are the ``tests/scripts/claims/l70-adj-*.yaml`` scripts."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgelaw.analysis.adjudicate import (
    AdjudicationTooLong,
    Law70Adjudicator,
    _Search,
    finesses_found,
)
from bridgelaw.analysis.positions import dd_tricks
from bridgelaw.analysis.statements import Step, parse_card_words, parse_statement
from bridgelaw.analysis.suits import SuitGame, dominates
from bridgelaw.cards import Deal, Seat, Strain, parse_card, parse_hand_pbn
from bridgelaw.cli import main
from bridgelaw.errors import ParseError
from bridgelaw.play import Play
from bridgelaw.table import Table
from bridgelaw.table.events import parse_event
from bridgelaw.table.position import PlayPosition
from bridgelaw.table.rules.claims.law68_71 import ClaimAdjudicator
from bridgelaw.table.script import load_script, run_script, script_from_data

from ..adjudicate_reference import reference_tricks

CLAIMS = Path(__file__).parents[1] / "scripts" / "claims"
SPADES, HEARTS, DIAMONDS, CLUBS = 3, 2, 1, 0


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("drawing trumps", (Step("trumps"),)),
        ("the last trump is out", (Step("trumps"),)),
        ("cashing the hearts", (Step("cash", HEARTS),)),
        ("ruffing a club", (Step("ruff", CLUBS),)),
        ("ruffing two clubs", (Step("ruff", CLUBS), Step("ruff", CLUBS))),
        ("conceding a spade", (Step("concede", SPADES),)),
        ("all but a club", ()),
        ("hearts are good", ()),
        ("SQ first, then the hearts", (Step("lead", card=parse_card("SQ")), Step("cash", HEARTS))),
        ("finessing the queen of hearts", (Step("finesse", card=parse_card("HQ")),)),
        ("drawing trumps and then running the diamonds", (Step("trumps"), Step("cash", DIAMONDS))),
        # the common forms of a line (68C)
        (
            "club to the ace, then the diamond finesse",
            (Step("towards", card=parse_card("CA")), Step("finesse", DIAMONDS)),
        ),
        ("a diamond to the jack", (Step("towards", card=parse_card("DJ")),)),
        ("over to the ace of clubs", (Step("towards", card=parse_card("CA")),)),
        ("play a heart to the 10", (Step("towards", card=parse_card("HT")),)),
        ("taking the heart finesse", (Step("finesse", HEARTS),)),
        ("finessing in clubs", (Step("finesse", CLUBS),)),
        ("ducking a club", (Step("concede", CLUBS),)),
        ("the club ace", (Step("lead", card=parse_card("CA")),)),
    ],
)
def test_statement_words(text: str, steps: tuple[Step, ...]) -> None:
    statement = parse_statement(text)
    assert statement.understood
    assert statement.steps == steps
    assert not statement.squeeze


def test_squeeze_and_not_understood() -> None:
    assert parse_statement("on a squeeze").squeeze
    assert parse_statement("cashing the clubs, squeezing West").squeeze
    statement = parse_statement("everything because of the thing")
    assert not statement.understood and statement.problem == "everything because of the thing"
    assert parse_statement("").understood and parse_statement("").steps == ()


def test_a_clause_not_understood_keeps_what_was_read() -> None:
    """68C, 70A: the clauses before the first one not understood keep their order; those after
    it keep what they say of single plays (the finesse, the ruff, the trumps), not their place."""
    statement = parse_statement("cashing the hearts, as you see, ruffing a club, finessing the SQ")
    assert not statement.understood and statement.problem == "as you see"
    assert statement.steps == (Step("cash", HEARTS),)
    assert statement.loose == (Step("ruff", CLUBS), Step("finesse", card=parse_card("SQ")))
    assert statement.ruff_suits == {CLUBS} and statement.finesses == {parse_card("SQ")}
    assert parse_statement("a spade to the CA").problem == "a spade to the ca"  # not a spade
    assert parse_statement("going to dummy").problem == "going to dummy"  # names no card


def test_the_finesse_of_a_suit_is_found_in_the_position() -> None:
    """The diamond finesse: the highest card of the claimer's side in the suit below an
    opponent's card and above another (the DQ of S's AQ against the K54); nothing when no card
    can win by the lie of a higher one (the C2 of N's CA and S's C2 against the CK)."""
    n, e, s, w = (parse_hand_pbn(h) for h in ("..32.A", "..54.K", "..AQ.2", ".QJ.K."))
    position = PlayPosition((n, e, s, w), (), Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH, (10, 0))
    found = finesses_found(parse_statement("the diamond finesse"), position, Seat.SOUTH)
    assert found.steps == (Step("finesse", DIAMONDS, parse_card("DQ")),)
    assert finesses_found(parse_statement("the club finesse"), position, Seat.SOUTH).steps == ()
    for suit in ("heart", "spade"):  # NS hold no heart; nobody holds a spade
        assert (
            finesses_found(parse_statement(f"the {suit} finesse"), position, Seat.SOUTH).steps == ()
        )


def test_card_words() -> None:
    assert parse_card_words("queen of spades") == parse_card("SQ")
    assert parse_card_words("♥10") == parse_card("HT")
    assert parse_card_words("kd") == parse_card("DK")
    assert parse_card_words("knave of hearts") is None
    assert parse_card_words("club ace") == parse_card("CA")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_statement_reader_never_fails(text: str) -> None:
    statement = parse_statement(text)
    assert statement.text == text
    assert statement.understood or statement.problem or not statement.steps


def random_position(seed: int, tricks_left: int) -> PlayPosition:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    deal = Deal.from_dealt(deck, Seat.NORTH)
    declarer, trump = Seat(rng.randrange(4)), Strain(rng.randrange(5))
    play = Play(deal, declarer=declarer, trump=trump)
    for _ in range((13 - tricks_left) * 4 + rng.randrange(4)):
        play.push(rng.choice(list(play.legal_cards())))
    return PlayPosition.of(play, declarer)


@pytest.mark.parametrize("seed", range(12))
def test_never_more_than_double_dummy_or_the_claim(seed: int) -> None:
    """70A/70D1: the worst normal line never beats perfect play (unless a squeeze is stated,
    it is a restriction of it), and 68B1: never more than claimed."""
    position = random_position(seed, 4)
    claimer = position.next_to_play
    adjudicator = Law70Adjudicator()
    best = dd_tricks(position, claimer)
    for statement in ("", "drawing trumps", "blah blah"):
        result = adjudicator.adjudicate(position, claimer, position.remaining, statement)
        assert 0 <= result.tricks <= best
        assert result.double_dummy == best
        assert len(result.line) == position.remaining
    less = adjudicator.adjudicate(position, claimer, 1, "")
    assert less.tricks <= 1


SPEED_STATEMENTS = (
    "",
    "drawing trumps",
    "on a squeeze",
    "cashing the hearts then the spades",
    "ruffing a club",
    "conceding a diamond",
    "finessing the queen of hearts",
    "SQ first",
)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(2, 6),
    st.sampled_from(SPEED_STATEMENTS),
    st.integers(0, 3),
)
# positions where a rule of normal play was corrected (found by comparing the two searches
# with one rule changed in one of them), so a change made in one search alone is always seen:
@example(3864074013, 6, "", 0)  # 70C3: the low ruff overruffed
@example(3823261108, 4, "on a squeeze", 1)  # 70C3, the best normal play (a squeeze stated)
@example(3749810544, 3, "", 2)  # no sure loser led while he can reach a winner
@example(83180323, 5, "conceding a diamond", 2)  # no duck under partner's card beaten after
@example(2448089415, 4, "conceding a diamond", 2)  # no high card that cannot win thrown
@example(3338248658, 3, "finessing the queen of hearts", 0)  # no sure winner overtaken
@example(2317, 6, "", 1)  # partner overtakes: his lower card a master once theirs fell
def test_the_faster_search_gives_the_reference_tricks(
    seed: int, tricks_left: int, statement: str, claimer_offset: int
) -> None:
    """The search made faster (its memo keys, its cut at the sure tricks,
    its caches) rules exactly as the search first written (``adjudicate_reference``) on random
    positions, any claimer, any statement kind (a squeeze stated included), a trick in progress
    or not, with the show-outs of the play before the claim (70E1; the reference follows the
    Law's corrections, each marked there)."""
    position = random_position(seed, tricks_left)
    claimer = Seat((int(position.next_to_play) + claimer_offset) & 3)
    result = Law70Adjudicator(double_dummy=False).adjudicate(
        position, claimer, position.remaining, statement
    )
    assert result.tricks == reference_tricks(position, claimer, result.statement)
    assert len(result.line) == position.remaining
    won = sum(1 for t in result.line if t.endswith(f"({claimer.letter})"))
    won += sum(1 for t in result.line if t.endswith(f"({claimer.partner.letter})"))
    assert won == result.tricks  # the line assumed gives the tricks ruled


def test_a_stated_squeeze_gets_no_less_than_no_statement() -> None:
    for seed in range(6):
        position = random_position(100 + seed, 4)
        claimer = position.next_to_play.partner
        adjudicator = Law70Adjudicator(double_dummy=False)
        plain = adjudicator.adjudicate(position, claimer, position.remaining, "").tricks
        stated = adjudicator.adjudicate(position, claimer, position.remaining, "on a squeeze")
        assert stated.tricks >= plain


def test_it_is_a_claim_adjudicator_and_the_table_records_its_line() -> None:
    adjudicator: ClaimAdjudicator = Law70Adjudicator()
    script = load_script(CLAIMS / "l70-adj-forgotten-trump-ruffs.yaml")
    table = Table(script.board, script.edition, adjudicator)
    for index, text in enumerate(script.events, start=1):
        table.apply(parse_event(str(text), index))
    assert table.awaiting is not None and table.awaiting.who == "director"
    reviews = [r for r in table.to_json()["reviews"] if r["law"] == "70"]
    assert "line assumed" in reviews[-1]["text"]
    table.apply(parse_event("director tricks 3", len(script.events) + 1))  # he still decides
    assert table.record().settled_under == "70"


def test_script_adjudicate_key_must_be_a_boolean() -> None:
    data = yaml.safe_load((CLAIMS / "l70-adj-forgotten-trump-ruffs.yaml").read_text())
    data["adjudicate"] = "yes"
    with pytest.raises(ParseError, match="adjudicate must be true or false"):
        script_from_data(data, "x.yaml")
    data["adjudicate"] = False
    table = run_script(script_from_data(data, "x.yaml"))
    assert table.awaiting is not None and table.awaiting.who == "director"  # not settled


def test_replay_adjudicate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load((CLAIMS / "l70-adj-forgotten-trump-ruffs.yaml").read_text())
    del data["adjudicate"]
    path = tmp_path / "claim.yaml"
    path.write_text(yaml.safe_dump(data))
    assert main(["replay", str(path), "--json"]) == 0
    waiting = json.loads(capsys.readouterr().out)
    assert waiting["phase"] == "play" and waiting["awaiting"]["who"] == "director"
    assert main(["replay", str(path), "--json", "--adjudicate"]) == 0
    settled = json.loads(capsys.readouterr().out)
    assert settled["phase"] == "ended" and settled["tricks"] == data["expect"]["tricks"]
    last = settled["rulings"][-1]
    assert last["law"] == "70" and "by the adjudicator" in last["text"]
    assert "W:SJ" in last["text"]  # the line: W ruffs with the SJ (70C)
    assert main(["replay", str(path), "--adjudicate"]) == 0
    assert "by the adjudicator" in capsys.readouterr().out


def test_a_search_too_long_gives_no_ruling_and_the_director_decides() -> None:
    position = random_position(7, 6)
    with pytest.raises(AdjudicationTooLong, match="the director decides"):
        Law70Adjudicator(node_limit=10).adjudicate(
            position, position.next_to_play, position.remaining, ""
        )
    script = load_script(CLAIMS / "l70-adj-forgotten-trump-ruffs.yaml")
    table = run_script(script, Law70Adjudicator(node_limit=1))
    assert table.awaiting is not None and table.awaiting.who == "director"  # not settled
    reviews = [r["text"] for r in table.to_json()["reviews"] if r["law"] == "70"]
    assert any("gives no suggestion" in text for text in reviews)


def test_the_position_records_who_failed_to_follow() -> None:
    """70E1 looks at the play before the claim: each seat's suits it failed to follow to, from
    the tricks played and the one in progress (not from the cards it holds)."""
    suit = "AKQJT98765432"
    deal = Deal([parse_hand_pbn(f"...{suit}"), parse_hand_pbn(f"..{suit}."),
                 parse_hand_pbn(f".{suit}.."), parse_hand_pbn(f"{suit}...")])  # fmt: skip
    play = Play(deal, declarer=Seat.NORTH, trump=Strain.NOTRUMP)  # N clubs, E diamonds...
    for name in ("D2", "H2", "S2", "C2", "D3", "H3"):  # E leads diamonds, nobody follows
        play.push(parse_card(name))
    position = PlayPosition.of(play, Seat.NORTH)
    assert position.shown_out == (1 << DIAMONDS, 0, 1 << DIAMONDS, 1 << DIAMONDS)
    assert PlayPosition.of(Play(deal, Seat.NORTH, Strain.NOTRUMP), Seat.NORTH).shown_out == (
        0,
        0,
        0,
        0,
    )


def _ending(shown_out: tuple[int, int, int, int]) -> PlayPosition:
    """3NT by S, S to lead, two tricks left: N AQ of spades, E two red cards, S 32 of spades,
    W the SK4 (the script l70-adj-marked-finesse-after-a-show-out, without its first tricks)."""
    hands = [
        parse_hand_pbn("AQ..."),
        parse_hand_pbn(".2.2."),
        parse_hand_pbn("32..."),
        parse_hand_pbn("K4..."),
    ]
    return PlayPosition(
        (hands[0], hands[1], hands[2], hands[3]),
        (),
        Seat.SOUTH,
        Strain.NOTRUMP,
        Seat.SOUTH,
        (7, 4),
        shown_out,
    )


def test_a_finesse_marked_by_a_show_out_is_credited() -> None:
    """70E1: the SQ wins only if W holds the SK; it is credited only when the opponent who plays
    after N (E) failed to follow to spades before the claim, not when W did or nobody did."""
    adjudicator = Law70Adjudicator(double_dummy=False)
    marked = adjudicator.adjudicate(_ending((0, 1 << SPADES, 0, 0)), Seat.SOUTH, 2, "")
    assert marked.tricks == 2
    assert "N:SQ" in " ".join(marked.line) or "W:SK" in marked.line[0]
    for shown in ((0, 0, 0, 0), (0, 1 << HEARTS, 0, 0), (0, 0, 0, 1 << SPADES)):
        assert adjudicator.adjudicate(_ending(shown), Seat.SOUTH, 2, "").tricks == 1


def _search(position: PlayPosition, claimer: Seat, statement: str = "") -> _Search:
    return _Search(position, claimer, parse_statement(statement))


def test_the_sure_trick_bounds_by_hand() -> None:
    """The bounds that cut the search, on positions whose answer is plain: clubs trumps, S's
    KQT432 against W's AJ86 (N and E have none): the A, J, 8 and 6 can each beat one of S's
    trumps (the K, T, 4 and 3 at best), so at least two of S's six trumps win tricks."""
    hands = [parse_hand_pbn(h) for h in ("KQ.AT.AQ.", "AJT.KQJ..", "...KQT432", "..J9.AJ86")]
    position = PlayPosition(
        (hands[0], hands[1], hands[2], hands[3]), (), Seat.SOUTH, Strain.CLUBS, Seat.SOUTH, (3, 2)
    )
    assert _search(position, Seat.SOUTH).sure_tricks(tuple(position.hands)) == 2
    # notrump, S on lead with the AK of spades (masters) above a loser and the HK (a master):
    # the worst order cashes the two spades, then leads the loser: 2 tricks at least; but
    # when N holds the HA, he may overtake the HK and lead a loser himself: 1 trick
    nt = PlayPosition(
        (
            parse_hand_pbn("QJ.AQ.."),
            parse_hand_pbn("T9..2.2"),
            parse_hand_pbn("AK2.K.."),
            parse_hand_pbn("8.J.3.3"),
        ),
        (),
        Seat.SOUTH,
        Strain.NOTRUMP,
        Seat.SOUTH,
        (5, 4),
    )
    search = _search(nt, Seat.SOUTH)
    assert search.run_tricks(tuple(nt.hands), int(Seat.SOUTH), 0) == 1
    alone = replace(nt, hands=(parse_hand_pbn("..KQ.JT"), *nt.hands[1:]))  # N has no heart
    conceded = _Search(alone, Seat.SOUTH, parse_statement(""), claims_all=False)
    assert conceded.run_tricks(tuple(alone.hands), int(Seat.SOUTH), 0) == 2
    # a claimer of every trick does not lead the S2, which cannot win, while he
    # holds the HK (the footnote to Laws 70 and 71), so he cashes all three masters first
    assert _search(alone, Seat.SOUTH).run_tricks(tuple(alone.hands), int(Seat.SOUTH), 0) == 3
    # a stated line that leads another card (here the S2 first) is not covered: no bound
    stated = _search(alone, Seat.SOUTH, "S2 first")
    assert stated.run_tricks(tuple(alone.hands), int(Seat.SOUTH), 0) == 0


def test_the_sure_trick_bounds_never_exceed_the_ruling() -> None:
    """Both bounds are lower bounds of the search's value, whatever the statement, on random
    positions at a trick's start (where the search applies them)."""
    checked = 0
    for seed in range(1000, 1080):
        position = random_position(seed, 5)
        if position.trick:
            continue
        hands = tuple(position.hands)
        seat = int(position.next_to_play)
        for offset in (0, 2):
            claimer = Seat((seat + offset) & 3)
            for statement in ("", "cashing the hearts", "conceding a club"):
                search = _search(position, claimer, statement)
                value = search.value(hands, (), seat, 0, -1, 99)
                assert search.sure_tricks(hands) <= value
                assert search.run_tricks(hands, seat, search.live_step(0, hands)) <= value
                checked += 1
    assert checked >= 60


READABLE = (
    "cashing the hearts",
    "drawing trumps",
    "conceding a diamond",
    "ruffing a club",
    "finessing the queen of hearts",
    "SQ first",
    "the spade finesse",
    "a club to the ace",
    "running the diamonds",
    "on a squeeze",
)


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(2, 5),
    st.lists(st.sampled_from(READABLE), max_size=3),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_a_clause_not_understood_never_helps_the_claimer(
    seed: int, tricks_left: int, clauses: list[str], where: int, claimer_offset: int
) -> None:
    """68C, 70A: a statement with a clause that cannot be read never gets the
    claimer more than the same statement without that clause: what was read still binds, and
    the clause may stand for any normal play or a stated finesse (never a squeeze credited)."""
    position = random_position(seed, tricks_left)
    claimer = Seat((int(position.next_to_play) + claimer_offset) & 3)
    unread = [*clauses[:where], "because the cards lie well", *clauses[where:]]
    adjudicator = Law70Adjudicator(double_dummy=False)
    read = adjudicator.adjudicate(position, claimer, position.remaining, ", ".join(clauses))
    partly = adjudicator.adjudicate(position, claimer, position.remaining, ", ".join(unread))
    assert not partly.statement.understood
    assert partly.tricks <= read.tricks, (partly.text(), read.text())


def _nt(hands: tuple[str, str, str, str], lead: Seat, edition: int = 2017) -> PlayPosition:
    n, e, s, w = (parse_hand_pbn(h) for h in hands)
    left = n.bit_count()
    return PlayPosition(
        (n, e, s, w), (), lead, Strain.NOTRUMP, Seat.SOUTH, (13 - left, 0), edition=edition
    )


def test_irrational_not_to_finesse_by_edition() -> None:
    """70E1: the SQ over W's low spade, when E can hold the SK only with another spade (every
    card the opponents hold is a spade), so the SA can never drop it: 2007 takes the finesse
    (not taking it is irrational), the Hungarian 2017 text has no such exception; a director
    may set it either way."""
    hands = ("AQ...", "J5...", "42...", "K3...")
    for edition, default in ((2017, 1), (2007, 2)):
        position = _nt(hands, Seat.SOUTH, edition)
        assert Law70Adjudicator(double_dummy=False).tricks(position, Seat.SOUTH, 2, "") == default
        for flag, tricks in ((True, 2), (False, 1)):
            adjudicator = Law70Adjudicator(double_dummy=False, irrational_exception=flag)
            assert adjudicator.tricks(position, Seat.SOUTH, 2, "") == tricks
    # E has a heart beside his spade: he may hold the SK bare, which the SA drops, so the
    # finesse is a guess, not a play it would be irrational to refuse: no exception in 2007
    position = _nt(("AQ...", "J.5..", "42...", "K3..."), Seat.SOUTH, 2007)
    assert Law70Adjudicator(double_dummy=False).tricks(position, Seat.SOUTH, 2, "") == 1


def test_a_finesse_dominates_only_over_every_lie() -> None:
    """The suit game behind the 2007 exception (``analysis/suits.py``): the SQ dominates the SA
    when E cannot hold the SK bare, not when he can; an opponent who has shown out holds none
    of the suit, which marks the card."""
    trick = ((2, parse_card("S2")), (3, parse_card("S3")))
    sq, sa = parse_card("SQ"), parse_card("SA")
    hands = tuple(parse_hand_pbn(h) for h in ("AQ...", "J5...", "4...", "K..."))
    assert dominates(SuitGame(0), hands, trick, 0, sq, [sa], 0)
    bare = tuple(parse_hand_pbn(h) for h in ("AQ...", "J.5..", "4...", "K..."))
    assert not dominates(SuitGame(0), bare, trick, 0, sq, [sa], 0)
    # E, with no spade, might still hold the SK bare for all S knows; once he has shown out
    # of spades, the SK can only be W's and the finesse cannot lose
    void = tuple(parse_hand_pbn(h) for h in ("AQ...", ".5.4.", "4...", "K..."))
    assert not dominates(SuitGame(0), void, trick, 0, sq, [sa], 0)
    assert dominates(SuitGame(0), void, trick, 0, sq, [sa], 1 << (1 * 4 + SPADES))


def test_a_show_out_in_the_line_marks_the_finesse() -> None:
    """70E1: the SK first (S has only spades), E fails to follow, and the SJ over W's low
    spade is then no guess: 3 of 3; when E follows to the SK, the second round comes before
    any show-out, the SJ is a guess not credited, and the SA then leaves the SQ a winner: 2."""
    adjudicator = Law70Adjudicator(double_dummy=False)
    marked = _nt(("AJ6...", ".432..", "K32...", "Q54..."), Seat.SOUTH)
    assert adjudicator.tricks(marked, Seat.SOUTH, 3, "") == 3
    guess = _nt(("AJ6...", "7.32..", "K32...", "Q54..."), Seat.SOUTH)  # E follows once
    assert adjudicator.tricks(guess, Seat.SOUTH, 3, "") == 2


def test_a_loser_is_led_early_only_when_he_conceded_a_trick() -> None:
    """The footnote to Laws 70 and 71: a claimer of every trick does not lead a card that
    cannot win while he can reach a winner (l70-adj-blocked-suit-no-statement: 2 of 3); one who
    conceded a trick may lose it at any time, carelessly early too (1, then at most the 2 he
    claimed)."""
    position = _nt(("..AK2.", "A.43..", "2.A.Q.", "...AKQ"), Seat.SOUTH)
    adjudicator = Law70Adjudicator(double_dummy=False)
    assert adjudicator.tricks(position, Seat.SOUTH, 3, "") == 2
    assert adjudicator.tricks(position, Seat.SOUTH, 2, "") == 1
