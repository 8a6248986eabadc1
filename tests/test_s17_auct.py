"""Auction stories read from their structure (session 17): a seat in brackets after a call
names its maker; no-trumps as continental players type them; whose turn it was when two
players called at once, from the calls told before; a card exposed in the auction that the
director already ruled on ranks below the barred player's call the teller now asks about.
Each story is our own; each asserts what the user sees.
"""

from __future__ import annotations

import pytest

from conftest import Chat, walk

ABOUT = "This is about: "
INSUFFICIENT = ABOUT + "Insufficient bid"
TOOK = "I took from your description"


def _took(seen: list) -> str:  # type: ignore[type-arg]
    return next(t.text for t in seen if t.text.startswith(TOOK))


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # the maker in brackets after each call: round, square, or 'by'
        ("1S [N] 2H [E] P [S] 1S [W]. insufficient. N hasnt called", "the offender: West"),
        ("1H (by S), 2C (by W), 1D (by N)?? E hasnt called yet", "the offender: North"),
        # told in prose, each call's maker in brackets after it: not the next call's maker
        (
            "the opening was 1H (S), overcall 2C (W), and then 1D (N) - insufficient! "
            "E has not called",
            "the offender: North",
        ),
        (
            "after 1S (pd) and 2H (rho) I passed and lho bid 1S. pd hasnt called yet",
            "the offender: your LHO",
        ),
    ],
)
def test_a_seat_in_brackets_after_a_call_is_its_maker(chat: Chat, text: str, offender: str) -> None:
    """'1S [N] 2H [E]', '1H (by S)', 'overcall 2C (W)': the bracket names who made the call
    before it, so the insufficient bid's offender is the player bracketed after it."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT), seen[0].text
    assert offender in _took(seen)


@pytest.mark.parametrize(
    "text",
    [
        "1S (pd) 2H (rho) pass (me) 1S (lho), lho didnt see 2H. pd to call",
        "1S (my partner), 2H (rho), P (me), 1S (lho) - lho missed the overcall, pd not called",
        "1S [pd] 2H [rho] pass [me] 1S [lho]",
    ],
)
def test_a_typed_auction_with_players_relative_to_the_teller_in_brackets(
    chat: Chat, text: str
) -> None:
    """A whole auction typed with 'pd', 'rho', 'me' in brackets after the calls: read in the
    teller's frame (it used to stop the bot: 'pd' is no compass seat)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT), seen[0].text
    assert "the offender: your LHO" in _took(seen)
