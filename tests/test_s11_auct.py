"""Auction stories read from their structure (session 11): the director's comparable-call
decision told after a call withdrawn and replaced, a bid above seven already put right by the
bar when the barred player then calls, the final contract named again, a pass card said to lie
on the table, calls told to have gone round in turn, and a contract read from the calls that
makes nobody dummy while the story stays in the auction. Each story is our own; each asserts
what the user sees (the topic announced, the menu offered, or that no topic is announced).
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
COMPARABLE = "This is about: What counts as a comparable call"
INSUFFICIENT = "This is about: Insufficient bid"
TURN_TO_COME = "This is about: A player says his turn was skipped"


def _first(chat: Chat, text: str) -> str:
    return chat.say(text)[0].text


@pytest.mark.parametrize(
    "text",
    [
        "pd opened 1H, LHO bid 1D. not accepted, LHO put 2D instead. TD: 'comparable, "
        "partner not barred'. do we agree?",
        "over my 1NT rho said 1S, too low, then changed it to 2S. the td checked what 1S "
        "would have meant and said 2S shows the same kind of hand, so no bar. fair?",
    ],
)
def test_the_directors_comparable_call_decision_is_the_question(chat: Chat, text: str) -> None:
    """A call withdrawn and replaced, and the director's decision that the replacement is
    comparable (or the meanings set side by side): whether it is comparable is the matter
    (Law 23), not the insufficient bid already put right at the table."""
    first = _first(chat, text)
    assert not first.startswith(INSUFFICIENT)
    offered = chat.conversation.offered
    assert first.startswith(COMPARABLE) or (offered and offered[0] == "comparable_call")


def test_a_barred_players_call_after_a_bid_above_seven_is_the_matter(
    dialogue: Dialogue,
) -> None:
    """The bid above seven told with its rectification (the side must pass) and then a call
    by one of that side: the bid above seven was put right at the table; the barred player's
    call is what is asked (Law 37), so the bid above seven is not announced at once."""
    text = (
        "W said eight clubs, so EW were told to pass for the rest. then E redoubled N's 7NT "
        "doubled. does the redouble stand?"
    )
    ranked = [m.topic.id for m in dialogue.rank(text)]
    assert ranked[0] == "call_when_required_to_pass"
    first = Chat(dialogue).say(text)[0].text
    assert not first.startswith(ABOUT + "Bid of more than seven")


def test_the_contract_named_again_is_no_call_by_a_barred_player(chat: Chat) -> None:
    """'the auction ended 2S' names the last bid again: nobody barred called after the bar,
    so no call when required to pass is announced; the insufficient bid is the matter."""
    text = (
        "N: 2S. E: 1NT. TD called. S didn't accept it. E changed to pass, and the TD told W to "
        "pass throughout. the auction ended 2S. W is unhappy. is that right?"
    )
    first = _first(chat, text)
    assert not first.startswith(ABOUT + "Call by a player who had to pass")


def test_a_pass_card_said_to_lie_on_the_table_is_no_new_pass(chat: Chat) -> None:
    """'pass card was on the table' names a pass already told: it does not end the
    auction, so no turn is proven missed with the auction over (Law 34). A player who says
    his turn was skipped when the calls came in rotation is what turn_to_come is for: since
    more stories were learned the words announce it, which is right; a missed turn is not."""
    text = (
        "1c p 1h p p 1s p p. then W says 'I didn't get to bid over 1h'. but the p card "
        "before 1S was W's. pass card was on the table the whole time. so?"
    )
    seen = chat.say(text)
    first = seen[0].text
    assert not first.startswith(ABOUT) or first.startswith(
        ABOUT + "A player says his turn was skipped, but the calls came in rotation"
    )
    assert "Auction ended but a player missed his turn" not in first
    assert not any(t.type == "ruling" for t in seen)


def test_calls_told_to_have_gone_round_in_turn_after_an_opening_before_the_dealer(
    chat: Chat,
) -> None:
    """The first call came before the dealer's and the others 'all bid in turn' after it:
    the next player's call accepted it (Law 29A), and the dealer's complaint is a turn
    that was not skipped."""
    text = (
        "S was dealer but W opened 1H, then N, E, S all bid in turn. S says he never got to "
        "bid first."
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME)
    assert "29A" in ruling_of(seen).text


def test_a_contract_read_from_the_calls_makes_nobody_dummy_in_the_auction(chat: Chat) -> None:
    """'7NT by W' reads as a contract, but a bid above seven follows it: the story stays in
    the auction, so E calling the director is no act of dummy's (Law 43), and calling the
    director is no call: whether the offender's LHO called since is asked, not taken."""
    text = "7NT by W. then N said 'eight clubs' by mistake and E called the director. what now?"
    seen = chat.say(text)
    assert seen[0].text.startswith(ABOUT + "Bid of more than seven")
    said = "\n".join(t.text for t in seen)
    assert "called before the director ruled" not in said
    assert "call after it" in said


def test_a_call_said_and_another_meant_in_spoken_bidding_is_no_dummy_card(chat: Chat) -> None:
    """The story tells only calls ('we bid out loud'): 'said three clubs, meant three spades'
    is a call changed (Law 25A), not a card of dummy's misnamed (Law 45C4)."""
    text = (
        "we bid out loud at the club. I said 'three clubs', meant three spades, slip of the "
        "tongue, and fixed it at once before LHO bid. ok?"
    )
    first = _first(chat, text)
    assert first.startswith(ABOUT + "Changing a call just made")


def test_a_player_not_let_to_bid_while_the_calls_went_round_normally(chat: Chat) -> None:
    """'you didn't let me bid' is a player saying he was skipped, and 'went around normally'
    that the calls came in rotation: his turn was not taken (Laws 17C, 29A)."""
    text = (
        "an older gent at my table complained 'you didn't let me bid!' but the bidding had "
        "gone around normally, he just wasn't watching. who dealt I can't remember"
    )
    assert _first(chat, text).startswith(TURN_TO_COME)


def test_a_bar_told_with_a_call_only_asked_about_is_no_barred_call(chat: Chat) -> None:
    """The bar on the side of a bid above seven told, and a call by that side only asked
    about ('we can't bid again?'): nobody barred called, so the bid above seven is the
    matter (Law 38), not a call when required to pass (Law 37)."""
    text = (
        "opps got to 7S and my pd said 'eight hearts'. the TD said our side must pass "
        "throughout now. so we can't bid again at all?"
    )
    assert _first(chat, text).startswith(ABOUT + "Bid of more than seven")


def test_a_suit_length_after_a_call_described_is_no_later_call(chat: Chat) -> None:
    """'2D natural, 6 diamonds' describes the hand: the 6 diamonds is no bid, so nobody is
    read calling out of rotation after the insufficient bid, which is the matter (Law 27)."""
    text = (
        "1C (S) 1H (W) 1D (N). N missed the overcall. E hasn't called yet and the TD is "
        "coming. N wants to bid 2D natural, 6 diamonds. what now?"
    )
    assert _first(chat, text).startswith(INSUFFICIENT)
