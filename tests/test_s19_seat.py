"""The teller placed from the rotation (session 19): a story told in compass seats with
'me' (or 'pd', 'lho') among the callers puts the teller at the seat the calls' order proves,
so the facts about who called at whose turn are read, not asked. A run that tells a call out
of rotation proves nothing, and then the facts stay asked. Each story is our own, in a
player's voice; each asserts what the user sees.
"""

from __future__ import annotations

from bot.core.calls import Seat
from bot.dialogue.story import read_story

from conftest import Chat, ruling_of, walk

OUT_OF_ROTATION = "This is about: Call out of turn"
WHOSE_TURN = "Whose turn was it when he called?"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


def test_a_typed_run_after_the_dealer_places_the_teller(chat: Chat) -> None:
    """'dlr E. p 1s (me) 2h (lho)': E passed, so 'me' is S and 'lho' W; 'rho' is E, and
    his 3H came before pd (N, his RHO) had called: a call at RHO's turn (Law 31), with no
    question about whose turn it was."""
    text = "dlr E. p 1s (me) 2h (lho) then rho bid 3h before pd had called. ruling?"
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_ROTATION)
    shown = _text(seen)
    assert WHOSE_TURN not in shown
    assert "the offender: East (your RHO)" in shown
    assert "it was his RHO's turn" in shown
    ruling = ruling_of(seen).text
    assert "North (his RHO)" in ruling
    assert "31" in ruling


def test_calls_told_in_prose_with_their_passes_place_the_teller(chat: Chat) -> None:
    """'N passed, E passed, i opened 1h': a teller who tells each pass tells every call, so
    he is S and 'pd' is N; pd's 2H before W had called was at his RHO's turn."""
    text = "N passed, E passed, i opened 1h and then pd bid 2h before W had called"
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_ROTATION)
    shown = _text(seen)
    assert WHOSE_TURN not in shown
    assert "the offender: North (your partner)" in shown
    assert "it was his RHO's turn" in shown
    ruling = ruling_of(seen).text
    assert "West (his RHO)" in ruling
    assert "31" in ruling


def test_the_seats_of_a_prose_list_and_of_a_typed_run(chat: Chat) -> None:
    """The story's seats: 'E p, i opened 1nt, W p, pd 2c' makes the teller S, 'pd' N; a
    run typed after the dealer ('dealer W. p 1d (pd) x (rho)') makes him S too, with the
    first pass W's (the dealer's) and the double E's."""
    story = read_story("E passed, i opened 1nt, W passed, pd bid 2c and E doubled. no alert")
    assert (story.frame, story.speaker) == ("anchored", Seat.SOUTH)
    assert [e.seat for e in story.timeline] == [
        Seat.EAST,
        Seat.SOUTH,
        Seat.WEST,
        Seat.NORTH,
        Seat.EAST,
    ]
    story = read_story("dealer W. p 1d (pd) x (rho) and i bid 1s. is that forcing here")
    assert story.speaker is Seat.SOUTH
    assert [e.seat for e in story.timeline][:3] == [Seat.WEST, Seat.NORTH, Seat.EAST]


def test_a_run_telling_a_call_out_of_rotation_places_nobody(chat: Chat) -> None:
    """Guard: 'p p 1H (me) out of turn': the teller's own call broke the rotation, so it
    proves no seat for him; whose turn it was is still asked. And seats that contradict
    each other ('N 1h me x W 2h': N and W are not two calls apart), or the order of calls
    and the seat he says ('i was E' with 'dlr N: p p 1h (me)'), place nobody."""
    seen = walk(chat, "dealer N. p p 1H (me) out of turn x (lho)")
    assert seen[0].text.startswith(OUT_OF_ROTATION)
    assert WHOSE_TURN in _text(seen)
    assert read_story("N 1h me x W 2h p p p, did i break anything").speaker is None
    # the seat he says and the calls' order disagree: neither places him
    assert read_story("i was E, dlr N: p p 1h (me) x (lho)").speaker is None
    assert read_story("i was S, dlr N: p p 1h (me) x (lho)").speaker is Seat.SOUTH
    # a call told out of the list's order ('doubled W's 2h') breaks it: W called between
    assert read_story("N opened 1s, E passed and then i doubled W's 2h").speaker is None


def test_the_teller_says_where_he_sat(chat: Chat) -> None:
    """'i was sitting S, 3nt by W': the teller's seat said in words players use ('sitting
    S', 'i sat W', 'me=N', 'pd was N') anchors 'my lho' at W, declarer: his dropped card
    is declarer's, never a penalty card (Law 48), and whose card it was is not asked."""
    text = "i was sitting S, 3nt by W. my lho dropped the d5 face up while pulling out his card"
    seen = walk(chat, text)
    shown = _text(seen)
    assert "Whose card was it?" not in shown
    assert "the player at fault: my lho (declarer)" in shown
    assert "48" in ruling_of(seen).text
    for said, seat in (
        ("i sat W in 4H by N. T7 my rho led the SK", Seat.WEST),
        ("me=N, pd declarer in 2s. lho claimed", Seat.NORTH),
        ("sitting east, my lho revoked on T4", Seat.EAST),
        ("i was in the south seat and lho led out of turn", Seat.SOUTH),
        ("we were NS and pd was N. lho led out of turn", Seat.SOUTH),
        ("my lho is sitting west, she revoked at T4", Seat.SOUTH),
    ):
        assert read_story(said).speaker is seat, said


def test_a_hand_taken_from_another_seats_pocket_is_not_read_as_seen_at_the_table(
    chat: Chat,
) -> None:
    """Guard: once 'i'm sitting west' places the teller, 'i'd seen my lho's hand' names an
    owner and a seer, but the cards came out of the south pocket: he took the wrong hand,
    which is no card seen at this table; how he got the information stays asked."""
    text = (
        "sat down, pulled the cards out of the south pocket and sorted them, then saw i'm "
        "sitting west. so i'd seen my lho's hand. no bids yet"
    )
    seen = walk(chat, text)
    assert "How did the player get the information?" in _text(seen)
