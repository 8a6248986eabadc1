"""Auction stories read from their structure (session 12): a call made while a player said
to have had no chance yet was still to call, the caller's call named again as his; a
replacement said to ask the same thing at another level; two bidding cards of one player
stuck together; a missed turn told only in words that sound like one. Each story is our own;
each asserts what the user sees (the topic announced or offered, the question asked, the
ruling's citations).
"""

from __future__ import annotations

from bot.core.calls import Simple
from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
OUT_OF_TURN = ABOUT + "Call out of turn"
COMPARABLE = ABOUT + "What counts as a comparable call"
SIMULTANEOUS = ABOUT + "Two players called at the same time"
MISSED = ABOUT + "Auction ended but a player missed his turn"


def _first(chat: Chat, text: str) -> str:
    return chat.say(text)[0].text


def test_a_call_made_before_the_player_in_turn_could_speak_is_out_of_turn(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'before pd could bid RHO said 2H': the seats show RHO called at partner's turn, with
    the auction still open; the words of a player not yet heard are no missed turn (that
    needs the auction ended, Law 17D3), so the call out of rotation is proven (Laws 28-32)."""
    text = (
        "i opened 1S, LHO passed, and before pd could bid RHO said 2H. pd still hasn't "
        "called. is RHO's 2H cancelled?"
    )
    assert dialogue.describe(text).proven[:1] == ("call_out_of_rotation",)
    seen = chat.say(text)
    assert seen[0].text.startswith(OUT_OF_TURN), seen[0].text
    assert seen[-1].type == "question"


def test_a_replacement_that_asks_the_same_thing_is_the_comparable_call(
    chat: Chat, dialogue: Dialogue
) -> None:
    """An insufficient bid not accepted and replaced by a call said to 'ask the same thing'
    (one purpose at another level, Law 23A3): whether it is comparable is the matter, not
    the insufficient bid announced at once."""
    text = (
        "over our 2NT opening LHO bid 2C, meant as stayman; not accepted, he replaced it with "
        "3C, which asks the same thing. may his partner bid freely?"
    )
    assert dialogue.describe(text).proven[:1] == ("withdrawn_call_replaced",)
    first = _first(chat, text)
    offered = chat.conversation.offered
    assert first.startswith(COMPARABLE) or (offered and offered[0] == "comparable_call"), first


def test_two_bidding_cards_of_one_player_stuck_together_are_no_simultaneous_calls(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Two cards one player pulled from his own box, stuck together: one player's call (which
    one he made or meant, Law 25A), never two players calling at the same moment (Law 33)."""
    text = (
        "two bidding cards slid out of pd's box stuck together, 2S under 2NT, and he said he "
        "meant 2NT. which call counts?"
    )
    assert "one_caller" in dialogue.describe(text).excluded
    first = _first(chat, text)
    assert not first.startswith(SIMULTANEOUS), first
    offered = chat.conversation.offered
    assert chat.conversation.topic == "unintended_call" or "unintended_call" in offered


def test_a_missed_turn_only_sounding_like_one_is_checked_before_ruling(chat: Chat) -> None:
    """Words that merely resemble a missed turn prove nothing from the calls: the topic
    (which has no other question) first asks whether a pass out of turn ended the auction,
    and 'No' leads away from Law 34 instead of ruling the auction back."""
    seen = chat.say("my turn was skipped, what happens now?")
    assert seen[0].text.startswith(MISSED), seen[0].text
    assert seen[-1].type == "question" and chat.conversation.pending == "pass_took_turn"
    assert not any(t.type == "ruling" for t in seen)
    after = chat.say("no")
    ruling = ruling_of(after)
    assert "34" not in ruling.citations and "22A" in ruling.citations


def test_a_missed_turn_shown_by_the_seats_is_still_ruled_at_once(chat: Chat) -> None:
    """Proven by the seats (a pass made before the player in turn had called, then the
    passes that closed the auction): the check is read, not asked, and the auction goes
    back to him (Laws 34, 17D3)."""
    text = "dlr N. N 1D, then S passed before E had called, W passed, N passed. E never called."
    seen = walk(chat, text)
    assert seen[0].text.startswith(MISSED), seen[0].text
    assert not any(t.type == "question" for t in seen)
    assert {"34", "17D3"} <= set(ruling_of(seen).citations)


def test_one_player_who_passed_it_out_made_the_closing_pass(dialogue: Dialogue) -> None:
    """'pd passed out in a hurry' after a bid and two passes: one player's pass, the
    third after the bid, so the auction is over and the double put out after it is a call
    after the close (Law 39) - not a board passed out by all four, nor a pass left unread."""
    text = (
        "pd opened 1D, RHO bid 1S, i passed, LHO passed and pd passed out in a hurry. then "
        "LHO put a double card down. what now?"
    )
    description = dialogue.describe(text)
    passes = [e for e in description.story.timeline if e.call is Simple.PASS]
    assert len(passes) == 3
    assert description.proven[:1] == ("call_after_final_pass",)
    assert description.facts.get("auction_end") == "three_passes"


def test_a_player_who_insists_it_was_his_turn_while_the_calls_came_in_rotation(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'RHO insists it was her turn when pd bid 1NT', then the auction listed: pd's 1NT told
    first and listed again is one call, 'since her pass' places no call, and the calls listed
    came in rotation with RHO next to call - a player saying his turn was taken when it is
    still to come (Laws 17C, 29A), never a call out of turn announced at once."""
    text = (
        "RHO insists it was her turn when pd bid 1NT. the auction: i opened 1D, LHO passed, "
        "pd 1NT. RHO hasn't called since her pass. who is right?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    first = _first(chat, text)
    assert not first.startswith(OUT_OF_TURN), first
    offered = chat.conversation.offered
    assert chat.conversation.topic == "turn_to_come" or offered[:1] == ["turn_to_come"]


def test_a_bid_typed_with_its_maker_after_by_starts_a_run_of_calls(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'2H by W, N x, E p, S x': in a run of calls typed one after another, 'by W' names the
    bid's maker (not declarer of a contract), so the second double of a bid already doubled
    is read from the seats (Law 19A1) and announced."""
    text = "2H by W, N x, E p, S x as well. S wasn't paying attention. ruling?"
    assert dialogue.describe(text).proven[:1] == ("inadmissible_double",)
    assert _first(chat, text).startswith(ABOUT + "Double or redouble that is not allowed")
