"""Law 64 (2017) row by row: the tricks an established revoke transfers, and every case in
which none is transferred automatically, through bot.core.revoke."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from bot.core.revoke import NoTransfer, Outcome, Revoke, transfer

ROWS: list[tuple[str, dict[str, Any], int, str]] = [
    # -- 64A1: the offending player himself won the revoke trick ---------------------------
    (
        "64A1 won it, side won a later trick: revoke trick plus one",
        {"offender": "defender", "revoke_trick_won_by": "offender", "later_tricks_won": 3},
        2,
        "64A1",
    ),
    (
        "64A1 won it, side won exactly one later trick",
        {"offender": "declarer", "revoke_trick_won_by": "offender", "later_tricks_won": 1},
        2,
        "64A1",
    ),
    (
        "64A1 won it, no later trick: the revoke trick alone",
        {"offender": "declarer", "revoke_trick_won_by": "offender", "later_tricks_won": 0},
        1,
        "64A1",
    ),
    (
        "64A1 won it on trick 11, side won trick 13",
        {
            "offender": "defender",
            "trick": 11,
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 1,
        },
        2,
        "64A1",
    ),
    # -- 64A2: the offending player did not win it -----------------------------------------
    (
        "64A2 partner won the revoke trick",
        {"offender": "defender", "revoke_trick_won_by": "partner", "later_tricks_won": 0},
        1,
        "64A2",
    ),
    (
        "64A2 partner won it and the side won more later: still one",
        {"offender": "defender", "revoke_trick_won_by": "partner", "later_tricks_won": 5},
        1,
        "64A2",
    ),
    (
        "64A2 declarer revoked, trick won in dummy (footnote: not won by declarer)",
        {"offender": "declarer", "revoke_trick_won_by": "partner", "later_tricks_won": 4},
        1,
        "64A2",
    ),
    (
        "64A2 opponents won the revoke trick, offending side won a later one",
        {"offender": "defender", "revoke_trick_won_by": "opponents", "later_tricks_won": 2},
        1,
        "64A2",
    ),
    (
        "64A2 who won later tricks does not matter beyond one",
        {"offender": "declarer", "revoke_trick_won_by": "opponents", "later_tricks_won": 1},
        1,
        "64A2",
    ),
    # -- 64B: no automatic transfer -----------------------------------------------------------
    (
        "64B1 offending side won neither the revoke trick nor any later trick",
        {"offender": "defender", "revoke_trick_won_by": "opponents", "later_tricks_won": 0},
        0,
        "64B1",
    ),
    (
        "64B2 the same player revokes again in that suit",
        {
            "offender": "defender",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 3,
            "repeat_in_same_suit": True,
        },
        0,
        "64B2",
    ),
    (
        "64B3 failure to play a penalty card",
        {
            "offender": "defender",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 3,
            "failed_to_play_penalty_card": True,
        },
        0,
        "64B3",
    ),
    (
        "64B3 a revoke in dummy's cards",
        {"offender": "dummy", "revoke_trick_won_by": "offender", "later_tricks_won": 3},
        0,
        "64B3",
    ),
    (
        "64B4 noticed only after a non-offender called on the next deal",
        {
            "offender": "declarer",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 3,
            "noticed_after_next_deal_call": True,
        },
        0,
        "64B4",
    ),
    (
        "64B5 noticed only after the round ended",
        {"offender": "defender", "revoke_trick_won_by": "partner", "noticed_after_round": True},
        0,
        "64B5",
    ),
    (
        "64B6 revoke on the twelfth trick",
        {
            "offender": "defender",
            "trick": 12,
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 1,
        },
        0,
        "64B6",
    ),
    (
        "64B7 both sides revoked and both are established",
        {
            "offender": "declarer",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 2,
            "both_sides_revoked": True,
        },
        0,
        "64B7",
    ),
    (
        "64B8 corrected under 62C3 (both sides revoked on one trick)",
        {
            "offender": "defender",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 2,
            "corrected_under_62c3": True,
        },
        0,
        "64B8",
    ),
    # -- not established: corrected instead (62A) -----------------------------------------------
    (
        "62A not established: corrected, nothing transferred",
        {
            "offender": "defender",
            "revoke_trick_won_by": "offender",
            "later_tricks_won": 0,
            "established": False,
        },
        0,
        "62A",
    ),
]


@pytest.mark.parametrize(("row", "facts", "tricks", "law"), ROWS, ids=[r[0] for r in ROWS])
def test_revoke_table(row: str, facts: dict[str, Any], tricks: int, law: str) -> None:
    outcome = transfer(Revoke(**facts))
    assert (outcome.tricks, outcome.law) == (tricks, law)


def test_every_64b_case_has_a_row() -> None:
    laws = {law for _, _, _, law in ROWS}
    assert {case.value for case in NoTransfer} <= laws
    assert {"64A1", "64A2"} <= laws


def test_64b_cases_need_no_trick_facts() -> None:
    """A late-noticed revoke transfers nothing whoever won what: nothing more is asked."""
    for flag, case in (
        ("repeat_in_same_suit", "64B2"),
        ("noticed_after_next_deal_call", "64B4"),
        ("noticed_after_round", "64B5"),
        ("both_sides_revoked", "64B7"),
        ("corrected_under_62c3", "64B8"),
    ):
        assert transfer(Revoke(**{flag: True})) == Outcome(0, case, (NoTransfer(case),), None)
    assert transfer(Revoke(offender="dummy")).law == "64B3"
    assert transfer(Revoke(trick=12)).law == "64B6"


def test_several_64b_cases_are_all_named_in_order() -> None:
    outcome = transfer(
        Revoke(
            offender="defender",
            trick=12,
            revoke_trick_won_by="opponents",
            later_tricks_won=0,
            noticed_after_round=True,
        )
    )
    assert outcome.law == "64B1"
    assert outcome.cases == (
        NoTransfer.NO_TRICK_WON,
        NoTransfer.AFTER_ROUND,
        NoTransfer.TRICK_TWELVE,
    )


@pytest.mark.parametrize(
    ("facts", "missing"),
    [
        ({"revoke_trick_won_by": "offender", "later_tricks_won": 1}, "who revoked"),
        ({"offender": "defender", "later_tricks_won": 1}, "who won the revoke trick"),
        ({"offender": "defender", "revoke_trick_won_by": "offender"}, "later trick"),
        ({"offender": "declarer", "revoke_trick_won_by": "opponents"}, "later trick"),
    ],
)
def test_a_count_the_facts_cannot_settle_is_refused(facts: dict[str, Any], missing: str) -> None:
    with pytest.raises(ValueError, match=missing):
        transfer(Revoke(**facts))


def test_partner_winning_the_revoke_trick_needs_no_later_tricks() -> None:
    assert transfer(Revoke(offender="defender", revoke_trick_won_by="partner")).tricks == 1


@pytest.mark.parametrize(
    "facts",
    [
        {"trick": 0},
        {"trick": 14},
        {"later_tricks_won": -1},
        {"trick": 10, "later_tricks_won": 4},
        {"offender": "declarer", "failed_to_play_penalty_card": True},
    ],
)
def test_impossible_facts_are_rejected(facts: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Revoke(**facts)


# -- declarer's tricks after the transfer (the score is Law 77's, computed elsewhere) ----------


@pytest.mark.parametrize(
    ("offender", "won_by", "later", "taken", "after"),
    [
        ("defender", "offender", 1, 8, 10),  # 64A1 two tricks to declarer
        ("defender", "partner", 0, 9, 10),  # 64A2 one trick to declarer
        ("declarer", "offender", 2, 10, 8),  # 64A1 two tricks to the defenders
        ("declarer", "partner", 0, 11, 10),  # won in dummy: 64A2, one trick
        ("declarer", "opponents", 0, 7, 7),  # 64B1 nothing moves
    ],
)
def test_declarer_tricks_after_transfer(
    offender: Any, won_by: Any, later: int, taken: int, after: int
) -> None:
    outcome = transfer(
        Revoke(offender=offender, revoke_trick_won_by=won_by, later_tricks_won=later)
    )
    assert outcome.declarer_tricks_after(taken) == after


def test_no_more_tricks_move_than_the_offenders_won() -> None:
    outcome = transfer(
        Revoke(offender="defender", revoke_trick_won_by="offender", later_tricks_won=1)
    )
    with pytest.raises(ValueError, match="fewer than"):
        outcome.declarer_tricks_after(12)  # the defenders took only one trick
    assert "fewer than" in outcome.impossible(12)
    assert "won 1 trick," in outcome.impossible(12)  # issue 17: not "1 tricks"
    assert outcome.impossible(11) == ""
    with pytest.raises(ValueError):
        outcome.declarer_tricks_after(14)


def test_transfer_never_exceeds_the_tricks_won_from_the_revoke_trick_on() -> None:
    """Only tricks the offending side actually won, on or after the revoke trick, can move;
    and at most two for one revoke."""
    roles: tuple[Any, ...] = ("declarer", "defender")
    winners: tuple[Any, ...] = ("offender", "partner", "opponents")
    for role, won_by, trick in product(roles, winners, range(1, 12)):
        for later in range(0, 14 - trick):
            outcome = transfer(
                Revoke(
                    offender=role, revoke_trick_won_by=won_by, later_tricks_won=later, trick=trick
                )
            )
            won = later + (won_by != "opponents")
            assert outcome.tricks <= min(won, 2)
            assert (outcome.tricks == 0) == (won == 0)
