"""Auction stories read from their structure (session 15): a run of calls typed with a mix of
compass seats and players named from the teller ('W 1H, pd X, (S) P, me 2D'); a run call
whose maker is the subject just before it; what a player meant or was about to do, which is
no call; a bidding-box card only described; a call told again to place it in the order; a
turn to come told with the teller's seat unknown, and a first call by a player after the
dealer, accepted by the next call. Each story is our own, worded unlike the dev stories it
answers; each asserts what the user sees.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue
from bot.dialogue.story import read_story

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
TURN_TO_COME = ABOUT + "A player says his turn was skipped"
CHANGED_CALL = ABOUT + "Changing a call just made"


def _made(text: str) -> list[tuple[str, str | None]]:
    story = read_story(text)
    return [
        (str(e.call), e.seat.name if e.seat else None) for e in story.events if e.role == "made"
    ]


def test_a_run_mixing_seats_and_players_places_each_call_on_its_maker() -> None:
    """'I'm S. W 1H, pd X, (E) P, me 2D': one run; the double is partner's, the pass East's."""
    made = _made("dlr W, I'm S. W 1H, pd X, (E) P, me 2D, W 2H. that's where we are.")
    assert made == [
        ("1♥", "WEST"),
        ("Simple.DOUBLE", "NORTH"),
        ("Simple.PASS", "EAST"),
        ("2♦", "SOUTH"),
        ("2♥", "WEST"),
    ], made


def test_a_complaint_answered_by_a_mixed_run_from_the_dealer_is_a_turn_to_come(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dealer W; W, N, E, S called in turn (typed as seats and 'me', 'rho', 'lho'); then N
    says the teller (E) came in before his partner had called: the order answers him."""
    text = (
        "board 3, W deals and I sit E. W 1D, rho (N) X, me P, lho 1S, pd (W) 2D. now N tells "
        "me I called before his partner had a go. the table agrees W opened. is N right?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    seen = walk(chat, text)
    assert any(t.text.startswith(TURN_TO_COME) for t in seen)
    assert "17C" in set(ruling_of(seen).citations)


def test_the_calls_after_a_subject_in_a_listed_run_are_his() -> None:
    """'bidding: my partner opened 1D, LHO 1H, me 1S': the first run call is partner's."""
    made = _made("bidding: my partner opened 1D, LHO 1H, me 1S. LHO then said I'd skipped her.")
    assert made[:3] == [("1♦", "NORTH"), ("1♥", "WEST"), ("1♠", "SOUTH")], made


def test_a_call_reached_for_is_not_a_call_made() -> None:
    """'went to take out the 2S card and 2NT came out': the spade bid was only meant."""
    story = read_story(
        "lho 1h, i went to take out the 2s card and the 2nt card came out. i noticed at once."
    )
    roles = {str(e.call): e.role for e in story.events}
    assert roles["2♠"] == "wanted", roles
    assert roles["2NT"] == "made", roles


def test_a_question_about_a_call_is_not_a_call_after_the_end(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Three passes after RHO's 1C, the first the teller's, put out when he had settled on 1H:
    his 'may I still make it 1H?' asks about a call; none was made after the end."""
    text = (
        "RHO 1C, me P - the 1h card sat right next to it, I had decided on 1h. LHO P, pd P. "
        "may I still make it 1h? nobody has led"
    )
    proven = dialogue.describe(text).proven
    assert "call_after_final_pass" not in proven, proven
    first = chat.say(text)[0].text
    assert not first.startswith(ABOUT + "Call after the auction has ended"), first


def test_a_pass_put_out_when_another_call_was_wanted_is_a_changed_call(
    dialogue: Dialogue,
) -> None:
    """'rho 1d, pd p, lho p, I put down the pass card but wanted 1S': the pass is the slip,
    so the three passes are no end to read before it."""
    text = (
        "rho 1d, pd p, lho p, and then I put down the pass card when I wanted 1s. pd never "
        "called after me. can I fix it?"
    )
    top = [r.topic.id for r in dialogue.rank(text)[:1]]
    assert top == ["unintended_call"], top


def test_a_call_told_again_to_place_it_is_not_a_second_call() -> None:
    """'but she did call, she doubled before W': her double told again, not a new one."""
    story = read_story(
        "dealer N. N opened 1C, E doubled, S passed and W bid 1H. N says E never called, "
        "but she did, she doubled before S."
    )
    assert len(story.timeline) == 4, story.timeline


def test_a_turn_to_come_told_from_the_teller_with_the_dealer_named_only_by_seat(
    dialogue: Dialogue,
) -> None:
    """Dealer named (N), the teller's seat never: the calls, all told relative to him, went
    round in rotation, and partner says he was passed over; who dealt is still asked."""
    text = (
        "bd 1, N dealer. LHO opened 1S, pd passed, RHO 2S, I bid 3H, LHO 4S. then pd pipes up "
        "'hey, you all went round me'. his pass card is still out."
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("turn_to_come",)
    assert "first_caller_dealt" not in description.facts  # whether N is LHO is unknown


def test_a_first_call_after_the_dealer_accepted_by_the_next_call_is_a_turn_to_come(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dealer S; W opened (at S's turn), N, E, S called in rotation after it; S says W
    called ahead of him: N's call accepted W's (Law 29A)."""
    text = (
        "bd 9, S dlr. W 1D, N 1S, E 2D, S 2S. S only then saw the board and says W called "
        "ahead of him. what now?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("turn_to_come",)
    assert description.facts.get("first_caller_dealt") == "earlier_player"
    seen = walk(chat, text)
    assert "29A" in set(ruling_of(seen).citations)


def test_someone_asking_if_he_should_have_called_first_is_answered_by_the_rotation(
    dialogue: Dialogue,
) -> None:
    """Dealer E (the board says so); E, S, W, N called in turn; then S asks 'oughtn't I to
    have opened first?': the calls came in rotation from the dealer (Law 17C)."""
    text = (
        "i sat south and thought the deal was mine. E passed, i opened 1h, W 1s, my partner 2h. "
        "then i asked ought i not to have bid first? the board shows E as dealer. all ok?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("turn_to_come",)
    assert description.facts.get("first_caller_dealt") == "first_caller"


def test_bidding_cards_stuck_together_are_not_two_cards_played(dialogue: Dialogue) -> None:
    """'the 3NT card came out glued to the 3C card': two calls from the box, a change of call
    (Law 25), not two cards played to a trick."""
    text = (
        "lho 2d, I meant to bid 3c and the 3nt card came out glued to the back of it. both "
        "sit on the table, pd hasn't called yet. which call stands?"
    )
    assert "two_cards_played" not in dialogue.describe(text).proven
    top = [r.topic.id for r in dialogue.rank(text)[:1]]
    assert top == ["unintended_call"], top


def test_an_ended_auction_asked_about_in_words_is_the_end_of_the_auction(
    dialogue: Dialogue,
) -> None:
    """'N 1S, E P, S P, W P. they ask whether W's fast pass ended it': the passes end it, and
    W's pass named again is no call after the end."""
    text = "N 1S, E P, S P, W P. N-S ask whether W's fast pass really ends it. all in turn."
    description = dialogue.describe(text)
    assert "call_after_final_pass" not in description.proven, description.proven
    top = [r.topic.id for r in dialogue.rank(text)[:1]]
    assert top == ["end_of_auction"], top


def test_an_allegation_told_before_the_calls_is_answered_by_the_rotation(
    dialogue: Dialogue,
) -> None:
    """The complaint comes first ('my RHO grumbled I called when it was her turn'), then the
    calls from the dealer, each by the last caller's LHO: nothing was out of turn (17C)."""
    text = (
        "my RHO grumbled that I called when it was her turn. W was dealer: W opened 1C, "
        "then N (my pd) passed, E passed, then I bid 1D. was she right?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("turn_to_come",)
    assert description.facts.get("first_caller_dealt") == "first_caller"
