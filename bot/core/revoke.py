"""Law 64 (2017): how many tricks an established revoke moves to the other side.

The director establishes the facts at the table (who revoked, who won the revoke trick,
whether the revoking side won a trick after it, and whether one of the Law 64B cases
applies); this module only counts. A fact the Law does not need in a case may be left
unknown (``None``): a revoke noticed after the round, for instance, transfers nothing
whoever won the trick. Asking for a count the known facts cannot settle is an error, so
a ruling never rests on a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Role = Literal["declarer", "dummy", "defender"]
"""Whose hand the revoke came from."""

Winner = Literal["offender", "partner", "opponents"]
"""Who won the revoke trick. A trick won with a card from dummy is won by dummy (the
offender's partner), never by declarer, for this Law (footnote to 64A)."""

LAST_TRICK = 13
TRICK_TWELVE = 12


class NoTransfer(StrEnum):
    """The eight cases of Law 64B: no trick is transferred automatically (64C still applies)."""

    NO_TRICK_WON = "64B1"
    """The revoking side won neither the revoke trick nor any later trick."""
    REPEAT_SAME_SUIT = "64B2"
    """The same player's later revoke in the same suit, his first having been established."""
    PENALTY_CARD_OR_DUMMY = "64B3"
    """A failure to play a penalty card, or a revoke in one of dummy's cards."""
    AFTER_NEXT_DEAL_CALL = "64B4"
    """Attention first drawn after a non-offender called on the next deal."""
    AFTER_ROUND = "64B5"
    """Attention first drawn after the round ended."""
    TRICK_TWELVE = "64B6"
    """The revoke was on the twelfth trick."""
    BOTH_SIDES = "64B7"
    """Both sides revoked on the board and both revokes were established."""
    CORRECTED_62C3 = "64B8"
    """Both sides revoked on one trick and both were corrected under Law 62C3."""


@dataclass(frozen=True)
class Revoke:
    """One revoke, as far as the director has established it."""

    offender: Role | None = None
    revoke_trick_won_by: Winner | None = None
    later_tricks_won: int | None = None
    """Tricks the revoking side won after the revoke trick (any number from one up gives the
    same transfer). Tricks won before the revoke trick never count."""
    trick: int | None = None
    """The number of the revoke trick (1-13), if known."""
    established: bool = True
    """Law 63A; a revoke declarer corrects after dummy's question under 43B2(b) counts too."""
    repeat_in_same_suit: bool = False
    failed_to_play_penalty_card: bool = False
    noticed_after_next_deal_call: bool = False
    noticed_after_round: bool = False
    both_sides_revoked: bool = False
    corrected_under_62c3: bool = False

    def __post_init__(self) -> None:
        if self.trick is not None and not 1 <= self.trick <= LAST_TRICK:
            raise ValueError(f"trick {self.trick} is not a trick number (1-13)")
        if self.later_tricks_won is not None:
            if self.later_tricks_won < 0:
                raise ValueError("later_tricks_won cannot be negative")
            after = LAST_TRICK - (self.trick or 1)
            if self.later_tricks_won > after:
                raise ValueError(f"only {after} tricks are played after trick {self.trick or 1}")
        if self.failed_to_play_penalty_card and self.offender in ("declarer", "dummy"):
            raise ValueError("only a defender can have a penalty card (Law 48A)")

    @property
    def declaring_side_offended(self) -> bool | None:
        """True when declarer or dummy revoked; None when it is not known who did."""
        return None if self.offender is None else self.offender != "defender"


@dataclass(frozen=True)
class Outcome:
    """What Law 64 does with a revoke at the end of play."""

    tricks: int
    """Tricks transferred to the non-offending side."""
    law: str
    """The subsection that decides it: '64A1', '64A2', a 64B case, or '62A' (not established:
    the revoke must be corrected instead)."""
    cases: tuple[NoTransfer, ...] = ()
    """Every Law 64B case that applies (in the Law's order); empty when 64A transfers."""
    declaring_side_offended: bool | None = None

    def declarer_tricks_after(self, taken: int) -> int:
        """Declarer's tricks once the transfer is made, from the tricks he took in play."""
        problem = self.impossible(taken)
        if problem:
            raise ValueError(problem)
        if self.tricks == 0:
            return taken
        return taken - self.tricks if self.declaring_side_offended else taken + self.tricks

    def impossible(self, taken: int) -> str:
        """Why declarer cannot have taken ``taken`` tricks with this transfer ('' if he can):
        only tricks the offending side actually won can move."""
        if not 0 <= taken <= LAST_TRICK:
            return f"declarer cannot take {_tricks(taken)}"
        if self.tricks == 0:
            return ""
        if self.declaring_side_offended is None:
            return "who revoked is needed to say which way the tricks move"
        offenders_won = taken if self.declaring_side_offended else LAST_TRICK - taken
        if offenders_won < self.tricks:
            return (
                f"the offending side won {_tricks(offenders_won)}, fewer than the "
                f"{self.tricks} to be transferred"
            )
        return ""


def no_transfer_cases(revoke: Revoke) -> tuple[NoTransfer, ...]:
    """The Law 64B cases the known facts prove (B1 only once the tricks are known)."""
    cases = []
    won_revoke_trick = revoke.revoke_trick_won_by in ("offender", "partner")
    if (
        revoke.revoke_trick_won_by is not None
        and revoke.later_tricks_won is not None
        and not won_revoke_trick
        and revoke.later_tricks_won == 0
    ):
        cases.append(NoTransfer.NO_TRICK_WON)
    if revoke.repeat_in_same_suit:
        cases.append(NoTransfer.REPEAT_SAME_SUIT)
    if revoke.failed_to_play_penalty_card or revoke.offender == "dummy":
        cases.append(NoTransfer.PENALTY_CARD_OR_DUMMY)
    if revoke.noticed_after_next_deal_call:
        cases.append(NoTransfer.AFTER_NEXT_DEAL_CALL)
    if revoke.noticed_after_round:
        cases.append(NoTransfer.AFTER_ROUND)
    if revoke.trick == TRICK_TWELVE:
        cases.append(NoTransfer.TRICK_TWELVE)
    if revoke.both_sides_revoked:
        cases.append(NoTransfer.BOTH_SIDES)
    if revoke.corrected_under_62c3:
        cases.append(NoTransfer.CORRECTED_62C3)
    return tuple(cases)


def transfer(revoke: Revoke) -> Outcome:
    """Law 64A/64B: the tricks transferred once play ends.

    64A1: the offender himself won the revoke trick: it moves, plus one later trick if his
    side won any. 64A2: he did not: one trick moves if his side won the revoke trick or any
    later one. 64B: none moves automatically in its eight cases.
    """
    side = revoke.declaring_side_offended
    if not revoke.established:
        return Outcome(0, "62A", (), side)
    cases = no_transfer_cases(revoke)
    if cases:
        return Outcome(0, cases[0].value, cases, side)
    if revoke.offender is None:
        raise ValueError("who revoked is needed: a revoke by dummy transfers nothing (64B3)")
    if revoke.revoke_trick_won_by is None:
        raise ValueError("who won the revoke trick is needed")
    later = revoke.later_tricks_won
    if revoke.revoke_trick_won_by == "offender":
        if later is None:
            raise ValueError("whether the offending side won a later trick is needed (64A1)")
        return Outcome(1 + min(later, 1), "64A1", (), side)
    if revoke.revoke_trick_won_by == "partner":
        return Outcome(1, "64A2", (), side)
    if later is None:
        raise ValueError("whether the offending side won a later trick is needed (64A2)")
    return Outcome(1, "64A2", (), side)  # later >= 1 here: 64B1 covered the rest


def _tricks(count: int) -> str:
    """'1 trick', '2 tricks'."""
    return f"{count} trick" if count == 1 else f"{count} tricks"
