"""Auction stories read from their structure (session 16): the dealer named in an aside
('pd (dealer)', 'my lho, the dealer,') and a call told as made before he had opened: the
dealer's turn is proven from the seats, so whose turn it was is not asked. Each story is our
own, worded unlike the dev stories it answers; each asserts what the user sees.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue
from bot.dialogue.story import read_story

from conftest import Chat, walk

ABOUT = "This is about: "
OUT_OF_TURN = ABOUT + "Call out of turn"
WHOSE_TURN = "Whose turn was it"


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("rho passed out of turn before my pd (dealer) had opened", "your partner's turn"),
        (
            "Partner was the dealer but before he had even opened his mouth RHO put a pass "
            "card on the table.",
            "your partner's turn",
        ),
        ("LHO passed before pd (the dealer) had called. what now?", "your partner's turn"),
        (
            "my partner was dealer and rho bid 1S before he had opened. we didn't accept",
            "your partner's turn",
        ),
    ],
)
def test_a_call_before_the_dealer_named_in_an_aside_does_not_ask_whose_turn(
    chat: Chat, text: str, turn: str
) -> None:
    """The dealer is named ('pd (dealer)', 'partner was the dealer') and the first call came
    before he had opened: the turn was the dealer's, counted from the offender's seat."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN), seen[0].text
    assert not any(WHOSE_TURN in t.text for t in seen)
    took = next(t.text for t in seen if t.text.startswith("I took from your description"))
    assert turn in took, took


def test_the_dealer_in_brackets_is_the_dealer() -> None:
    """'pd (the dealer)', 'E, the dealer,': the aside names the dealer."""
    assert read_story("LHO passed before pd (the dealer) had called").dealer is not None
    story = read_story("S passed while E, the dealer, was still sorting his cards")
    assert story.dealer is not None and story.dealer.name == "EAST"


def test_he_before_whom_a_call_came_is_not_its_maker(dialogue: Dialogue) -> None:
    """'rho bid 1S before he had opened': nobody calls before himself; 'he' is the dealer
    named earlier, whose turn RHO took."""
    story = read_story("my partner was dealer and rho bid 1S before he had opened")
    assert [ref.relation for ref, _ in story.not_called] == ["partner"]


def test_a_call_refused_before_the_dealer_called_is_not_accepted_by_his_call() -> None:
    """'LHO passed before pd (the dealer) had called. cancelled. pd opened 1S': the dealer's
    call came after the refusal, at his own turn - it does not accept the pass (Law 29A)."""
    from bot.dialogue.call_before_dealer import call_before_dealer

    text = "LHO passed before pd (the dealer) had called. it was cancelled. pd then opened 1S."
    found = call_before_dealer(text.lower(), read_story(text))
    assert found is not None and found.facts.get("dealer_turn_of") == "lho"
    assert "lho_called_over" not in found.facts
    text = "LHO doubled before pd (the dealer) had called, and pd then opened 1S over it."
    found = call_before_dealer(text.lower(), read_story(text))
    assert found is not None and found.facts.get("lho_called_over") == "yes"


COMPARABLE = ABOUT + "What counts as a comparable call"


@pytest.mark.parametrize(
    "text",
    [
        # the call ruled void in everyday words, the same call again, the meanings compared
        "Partner put down 1D when it was not his go; the TD said it doesn't count. At his own "
        "turn he then opened 1D again. The opps asked whether that really means the same "
        "thing as before.",
        "rho's double before his turn was scrapped by the td. later he doubled again, takeout "
        "as before. td now deciding if the second double means the same, so lho isn't silenced",
        "LHO opened 1H and I doubled before pd had called; the TD said it didn't count. pd "
        "passed, RHO bid 2H and I doubled again for takeout. opps say it's a different level, "
        "so does that still count as the same purpose?",
        # an insufficient bid, a replacement, whether it means the same asked indirectly
        "my 1C over their 1NT was too low and they didn't accept, so I made it 2C, which for us "
        "is Stayman. the TD is checking if 2C means the same as my 1C was meant. does it?",
        "pd's 2D over their 2S was insufficient, LHO turned it down. pd now doubles, which for "
        "them shows what 2D would have. we're all wondering whether the double means the same "
        "as the 2D",
        # the new call's range said to sit inside the old one's
        "RHO passed at his pd's turn, not accepted. later he passed again, after our 1H. they "
        "say a pass of 1H is not like an opening pass and want his pd silenced; RHO says 0-5 is "
        "inside the first one.",
    ],
)
def test_a_replacement_compared_with_the_withdrawn_call_is_about_comparable_calls(
    chat: Chat, text: str
) -> None:
    """A call withdrawn (in everyday words too) and another put in its place, and the story
    asks whether the two mean the same: Law 23, not the insufficient bid or the turn."""
    first = chat.say(text)[0]
    if first.text.startswith(COMPARABLE):
        return
    # close to the information a withdrawn call gives: offered first, never another started
    assert first.choices and first.choices[0].id == "comparable_call", first.text


@pytest.mark.parametrize(
    "text",
    [
        "pd bid 1H over their 1S, it was insufficient, rho didn't accept so he bid 2H instead. "
        "do I have to pass now?",
        "RHO made an insufficient bid of 1H over my 1S. the TD made him change it to 2H. does "
        "his partner have to pass now?",
    ],
)
def test_an_insufficient_bid_replaced_without_comparing_meanings_stays_insufficient(
    chat: Chat, text: str
) -> None:
    """The replacement told, only partner's bar asked: the insufficient bid's own
    rectification (Law 27B) answers it, not the meaning of 'comparable'."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(ABOUT + "Insufficient bid"), seen[0].text


def test_a_call_after_the_final_pass_said_not_to_count_is_not_a_replaced_call(
    dialogue: Dialogue,
) -> None:
    """'bid again after the last pass ... the others said it doesn't count': a call after the
    auction closed is void (Law 39); nothing was put in its place."""
    text = (
        "auction over, 2S by us, then my pd said 3S after the final pass. they told him it "
        "doesn't count. we still play 2S, right?"
    )
    assert "withdrawn_call_replaced" not in dialogue.describe(text).proven


def test_doubled_again_over_a_new_bid_is_no_inadmissible_double(dialogue: Dialogue) -> None:
    """'RHO bid 2H and I doubled again': the double is of the new bid (Law 19A1 allows it);
    two doubles with only passes between still double a bid already doubled."""
    fresh = (
        "LHO opened 1H and I doubled before pd had called; it was cancelled. pd passed, RHO "
        "bid 2H and I doubled again for takeout."
    )
    assert "inadmissible_double" not in dialogue.describe(fresh).proven
    twice = "LHO opened 1H, pd doubled, RHO passed and I doubled it again. what now?"
    assert "inadmissible_double" in dialogue.describe(twice).proven


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        (
            "pd (N) bid 1H out of turn, it was E's deal. E refused it and opened 1S himself. "
            "now N wants to bid 2H. can he?",
            "his LHO's turn",
        ),
        ("W was dealer. N bid 1S out of turn, W refused it and opened 1D. N now?", "his RHO's"),
        ("dlr S. W opened 1C out of turn, S passed. what now", "his RHO's turn"),
    ],
)
def test_a_call_out_of_turn_then_the_dealers_own_first_call_took_the_dealers_turn(
    chat: Chat, dialogue: Dialogue, text: str, turn: str
) -> None:
    """The first call told is out of turn and the dealer's own call is told after it: the
    dealer had not called, so the call took his turn - not asked."""
    assert dialogue.describe(text).proven[:1] == ("call_out_of_rotation",)
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN), seen[0].text
    assert not any(WHOSE_TURN in t.text for t in seen)
    took = next(t.text for t in seen if t.text.startswith("I took from your description"))
    assert turn in took.replace("&#39;", "'"), took


def test_out_of_turn_after_a_call_is_said_of_that_call_not_the_next() -> None:
    """'W opened 1C out of turn, S passed': the words follow W's call; S's pass is named
    after them. 'East, out of turn, bid 1S': the words stand before the call they describe."""
    assert read_story("dlr S. W opened 1C out of turn, S passed.").out_of_turn_words == [0]
    assert read_story("N 1H, then East, out of turn, bid 1S").out_of_turn_words == [1]


def test_a_bar_told_only_as_a_condition_is_no_bar(dialogue: Dialogue) -> None:
    """'if she bids anything else her partner has to pass. she bid 2S': the TD set out the
    choice; nobody was barred, so her 2S is no call by a barred player (Law 37)."""
    text = (
        "my pd opened 1NT and LHO bid 1S, too low. the TD said if she bids anything other "
        "than 2S her partner has to pass throughout. she bid 2S. all ok?"
    )
    assert "call_when_barred" not in dialogue.describe(text).proven
    text = "lho bid 1S over our 1NT. td said his pd has to pass throughout. then his pd doubled"
    assert "call_when_barred" in dialogue.describe(text).proven


def test_a_call_named_to_say_what_it_would_mean_is_not_made_again(chat: Chat) -> None:
    """'E-W state 3D would be a transfer': the 3D told earlier, named for its meaning - not a
    second 3D by West, so no call out of turn; the slip of the card is the matter (Law 25)."""
    text = (
        "Bd 9. N 1NT, E P, S 2D. S says at once he meant to pull 2H. W hasn't called. N-S "
        "explain 2D would be a transfer for them."
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(ABOUT + "Changing a call just made"), seen[0].text
