"""Auction stories read from their structure (session 14): players named by a noun tied to a
seat earlier ('the gentleman on my right ... the gentleman passed'), a call only wanted
('wanted to double 4H') that is no call, an auction typed twice that is one auction, a
complaint that a turn was passed over answered by calls told in rotation from the dealer,
an allegation that a call came at another's turn answered by the same order. Each story is
our own, worded unlike the dev stories it answers; each asserts what the user sees.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue
from bot.dialogue.story import read_story

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
TURN_TO_COME = ABOUT + "A player says his turn was skipped"


def test_a_person_named_by_a_noun_keeps_the_seat_he_was_introduced_with() -> None:
    """'the gentleman on my right' is RHO; 'the gentleman' later is the same player, so the
    calls go round in rotation."""
    story = read_story(
        "i opened 1h, the woman on my left passed, pd bid 2h, the gentleman on my right "
        "passed, i bid 4h, the woman passed, pd passed, the gentleman passed."
    )
    seats = [e.seat.name if e.seat else None for e in story.timeline]
    assert seats == ["SOUTH", "WEST", "NORTH", "EAST"] * 2, seats


def test_a_noun_tied_to_two_players_names_nobody() -> None:
    """Two men placed at two seats: 'the man' later is not guessed."""
    story = read_story(
        "the man on my left opened 1c, pd passed, the man on my right bid 1s. the man passed."
    )
    assert not [p for p in story.players if p.kind == "person"]


def test_a_double_only_wanted_does_not_make_its_bid_a_call() -> None:
    """'she wanted to double 4h': no 4H is bid then, so the auction told stays closed."""
    story = read_story(
        "pd 1s, rho 2h, me 4s, lho pass, pd pass, rho pass. rho now says she meant to "
        "double 4s but never got the chance."
    )
    assert [str(e.call) for e in story.timeline][-1] == "Simple.PASS"


def test_an_auction_typed_twice_is_one_auction() -> None:
    """The teller types the calls, then types them again: read once."""
    story = read_story(
        "dlr E. E 1C, S P, W 1H, N P. W says N skipped him. The cards on the table: "
        "E 1C, S P, W 1H, N P."
    )
    assert len(story.timeline) == 4


def test_a_complainer_whose_own_call_came_in_rotation_is_answered_by_the_calls(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dealer S; the calls went S, W, N, E, and W (who passed at his turn) says they went past
    him: every call came from the last caller's left, nothing to rectify (Law 17C)."""
    text = (
        "S was the dealer. S opened 1D, W passed, N 1S, E 2C, and W now says nobody let him "
        "bid. what do I tell him?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    seen = walk(chat, text)
    assert any(t.text.startswith(TURN_TO_COME) for t in seen)
    assert "17C" in set(ruling_of(seen).citations)


def test_an_allegation_of_a_call_at_anothers_turn_is_answered_by_the_order_told(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dealer W; W, N, E, S called in that order; then N says S's bid came ahead of him: the
    order the story tells is rotation, so no call out of rotation is started."""
    text = (
        "bd 4, dealer W. W 1C, N 1H, E 2C, S 2H. N now insists S bid ahead of him. "
        "the cards lie in that order. ruling?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    first = chat.say(text)[0].text
    assert first.startswith(TURN_TO_COME), first


def test_a_real_call_out_of_rotation_is_not_answered_by_a_rotation() -> None:
    """Dealer N; S bid before E had called: the calls are not in rotation, so no turn to
    come is read."""
    from bot.telegram.runner import make_dialogue

    text = "dealer N. N 1S, then S bid 2S before E had called. E says he was skipped."
    assert "turn_to_come" not in make_dialogue().describe(text).proven


def test_a_retold_pass_is_not_a_second_pass() -> None:
    """'but she had passed': her pass told again, not a call after the others."""
    story = read_story(
        "pd opened 1c as dealer, rho passed, i bid 1h. rho says we skipped her but she had passed."
    )
    assert len(story.timeline) == 3
    assert story.dealer is not None and story.dealer.name == "NORTH"
