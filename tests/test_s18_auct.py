"""Auction stories read from events and the story's state (session 18): a bidding card told
as a card 'put on the table' while the auction goes on, three passes typed after a double
told in prose, a barred player's turn taken by the next one, a typed run whose first maker is
named, and the teller correcting himself. Each story is our own, in a player's voice; each
asserts what the user sees.
"""

from __future__ import annotations

from bot.core.calls import Simple
from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

UNINTENDED = "This is about: Changing a call just made"
END_OF_AUCTION = "This is about: End of the auction"
OUT_OF_ROTATION = "This is about: Call out of turn"
INADMISSIBLE = "This is about: Double or redouble that is not allowed"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


def test_a_bidding_card_put_on_the_table_with_the_auction_going_on_is_a_call(
    chat: Chat,
) -> None:
    """'S put the 3C card on the table - meant 3D' and then W passed, N bid 3NT: the next
    players' calls show the auction going on, so the card is S's bid, not a card played, and
    his partner has called since: too late to replace it (25A1, 25A4)."""
    text = (
        "S put the 3♣ card on the table - meant 3♦, wrong card - but W passed and N had "
        "already bid 3NT before S saw it. S wants his 3♦ now. can he?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(UNINTENDED)
    took = _text(seen)
    assert "the call: 3♣" in took
    assert "his partner has called since" in took
    ruling = ruling_of(seen).text
    assert "Too late" in ruling
    assert "25A" in ruling


def test_a_bidding_card_is_no_card_played_but_a_card_in_the_play_still_is(
    dialogue: Dialogue,
) -> None:
    """A card put on the table and then a card played by another: no call followed it, so
    it stays a card played; followed by the next players' calls, it is a bid."""
    events = dialogue.describe("i put the 4♠ on the table and pd played the king").events
    assert [e.act for e in events] == ["play", "play"]
    events = dialogue.describe("W put the 4♠ card on the table, N passed, E bid 4NT").events
    assert not any(e.act == "play" for e in events)


def test_a_double_then_three_passes_typed_ends_the_auction_doubled(chat: Chat) -> None:
    """'rho doubled my 4H, then it went p p p': the three passes typed after the double are
    calls, so the auction ended there (22A) with the contract doubled; 'we're in 4H
    undoubled' names the contract, it is no bid made after the end."""
    text = (
        "rho doubled my 4H and then it went p p p. lho now says we're in 4H undoubled since "
        "nobody bid after the double. is that right?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(END_OF_AUCTION)
    assert "A bid followed by three passes" in _text(seen)
    assert "22A" in ruling_of(seen).text


def test_three_passes_typed_alone_are_calls_small_cards_are_not(dialogue: Dialogue) -> None:
    story = dialogue.describe("lho doubled my 3S and then it went p p p.").story
    assert [e.call for e in story.events if e.role == "made"][-3:] == [Simple.PASS] * 3
    story = dialogue.describe("i held ♥ x x x and ♠ AKQ. lho opened 1NT").story
    assert not any(e.call is Simple.DOUBLE for e in story.events)


def test_a_barred_players_turn_taken_by_the_next_player_counts_in_rotation(
    chat: Chat,
) -> None:
    """S had to pass for the rest of the auction; E bid and W bid before S had put out his
    pass: W called at his RHO's turn, RHO obliged to pass, so the call counts as in rotation
    (28A), though S says his turn was skipped. It is no call by the barred player (37).
    "says his turn was skipped" is also how players tell a turn_to_come story, and since
    more of those were learned the examples doubt the announcement: the call out of turn may
    be offered first in a menu instead (one tap), never a wrong topic announced."""
    text = (
        "S was barred for the rest of the auction. E bid 2♠ and W went straight on with "
        "3♠ before S had put a pass out. S says his turn was skipped. does it matter?"
    )
    seen = walk(chat, text)
    first = seen[0]
    assert first.text.startswith(OUT_OF_ROTATION) or (
        first.type == "question" and first.choices[0].id == "call_out_of_rotation"
    ), first.text
    assert "obliged to pass" in _text(seen)
    ruling = ruling_of(seen).text
    assert "28A" in ruling
    assert "37A" not in ruling


def test_a_typed_run_takes_its_seats_from_the_first_maker(chat: Chat) -> None:
    """'S 1H p 2H p p then N doubled 2H': the run's seats follow from S and rotation, so the
    2H was N's own and N doubled his own bid (19A1)."""
    seen = chat.say("S 1H p 2H p p then N doubled 2H. what now?")
    assert seen[0].text.startswith(INADMISSIBLE)


def test_a_typed_run_with_only_its_first_seat_is_a_whole_auction(dialogue: Dialogue) -> None:
    story = dialogue.describe("W 1NT p 2C p 2H p p p").story
    assert story.typed_auction is not None
    assert [e.seat.value for e in story.typed_auction.entries][-1] == "S"


def test_the_teller_correcting_who_dealt(chat: Chat) -> None:
    """'i was dealer no wait my partner was dealer': what he corrected is not read, so the
    turn the call was made at is partner's, not asked."""
    text = (
        "i was dealer no wait my partner was dealer, and i opened 1H before he had called. "
        "lho hasnt called yet. what now?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(OUT_OF_ROTATION)
    assert "Whose turn was it" not in _text(seen)


def test_a_correction_replaces_what_it_corrects(dialogue: Dialogue) -> None:
    reading = dialogue.describe("t5 4S by S... wait no sorry, 4S by N. W led the ♣6.").reading
    assert "by S" not in reading
    assert "4S by N" in reading
    reading = dialogue.describe("W won trick 5? no, declarer won it with the ace.").reading
    assert "W won" not in reading
    # words said at the table are not the teller's correction
    text = "pd said 'you can have the rest' and i said no wait, i have the ace of trumps"
    assert "you can have the rest" in dialogue.describe(text).reading
    text = "declarer played the ♠2 then 'no wait' and took it back"
    assert "played the ♠2" in dialogue.describe(text).reading


def test_a_beginner_telling_the_bid_before_his_as_the_last_one(chat: Chat) -> None:
    """'i said 1 diamond but the last bid before was 1 heart': the 1H came first (another
    player's), so the 1D was insufficient, whoever's words tell it."""
    text = (
        "im new to bridge. in the bidding i said 1 diamond but the last bid before was 1 "
        "heart. then the lady on my left passed. does my bid count?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith("This is about: Insufficient bid")


def test_a_revoke_seen_by_the_teller_is_the_revokers_holding(chat: Chat) -> None:
    """'i saw her play a club at trick 9. she had one all along': the teller only watched;
    the holding is the ruffer's, so the revoke is proven from the events."""
    text = (
        "rho ruffed my club lead, and later on i saw her play a club at trick 9. she had one "
        "all along. found before the end of the hand."
    )
    seen = chat.say(text)
    assert seen[0].text.startswith("This is about: Revoke")
