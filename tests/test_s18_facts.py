"""What happened to the card, read from the story when it is proven and asked when it is not
(session 18, card_played.event): a card held up where the holder's own partner (by the seats)
could see it is a defender's card shown (45C1); a teller who says 'as declarer in 3NT I ...'
or 'I was playing four spades' holds his own card as declarer (45C2); 'before it was his
turn' is not his turn. A card dummy put forward before declarer named any, and 'instead'
told of another player's act after dummy's, are not read as dummy's wrong card: asked. Each
story is our own.
"""

from __future__ import annotations

import pytest

from conftest import Chat

CARD_PLAYED = "This is about: When a card counts as played"
WHAT_HAPPENED = "What happened to the card?"
SHOWN = "A defender showed a card, or named it as the card he plays"
HELD = "Declarer held up or dropped a card from his own hand"
NOT_HIS_TURN = "it was not yet the defender's turn"
TIMING = "When the defender showed or named the card"
HOW_HELD = "How was declarer holding the card?"


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


@pytest.mark.parametrize(
    "text",
    [
        "my pd held the hQ up where i could see it, dummy still to play. is it played?",
        "partner was holding the ♣K up facing me before declarer had even called from dummy",
        "N held it up long enough for S to see it, then put it back and played the 4",
        "the man on my right pulled the ♦A out and held it up facing his partner, then played "
        "the 2 instead",
        # 'she ... facing her partner': the holder's own partner, by the grammar
        "our opponent on the left was in a hurry: before dummy had played, she pulled out the "
        "♠K and held it up facing her partner",
        # named as the card he plays, in a remark ('i'll win that with ...')
        "declarer led the ♣4 from hand, dummy hasn't played yet, and i said 'i'll win that "
        "with the ace'",
    ],
)
def test_a_card_held_up_for_the_holders_partner_is_a_defender_shown(chat: Chat, text: str) -> None:
    """The holder's own partner, by the seats, could see it: taken, not asked (the next
    question is whether it was his turn, or the ruling comes with what was taken)."""
    reply = _said(chat, text)
    assert CARD_PLAYED in reply
    assert SHOWN in reply or TIMING in reply
    assert WHAT_HAPPENED not in reply


@pytest.mark.parametrize(
    "text",
    [
        # 'he's declarer' names the holder himself: not a defender
        "rho had the sQ face up just above the table, then put it back and played the s4. "
        "he's declarer. is the Q played?",
    ],
)
def test_a_card_held_up_whose_holder_is_not_proven_a_defender_is_asked(
    chat: Chat, text: str
) -> None:
    reply = _said(chat, text)
    assert SHOWN not in reply
    assert TIMING not in reply


@pytest.mark.parametrize(
    "text",
    [
        "as declarer in 4S I had the CJ face up just above the cloth, then put it back",
        "I was playing four hearts and held the DQ face up an inch above the table, then "
        "changed my mind",
    ],
)
def test_the_teller_declaring_holds_his_own_card_as_declarer(chat: Chat, text: str) -> None:
    reply = _said(chat, text)
    assert CARD_PLAYED in reply
    assert HELD in reply or HOW_HELD in reply
    assert WHAT_HAPPENED not in reply


def test_before_it_was_his_turn_is_not_his_turn(chat: Chat) -> None:
    """'before it was his turn' holds 'it was his turn': read as the early play it is."""
    reply = _said(
        chat,
        "4S by N. E held the ♥J up where W could see it before it was his turn, W hadn't "
        "played yet. Is it played?",
    )
    assert SHOWN in reply
    assert NOT_HIS_TURN in reply
    assert "It was not yet his turn" in reply


@pytest.mark.parametrize(
    "text",
    [
        "dummy grabbed the ♠A and put it on the trick before declarer had said anything",
        "my partner as dummy pulled the ♥A out himself before i said anything. is it played?",
    ],
)
def test_a_card_dummy_put_forward_unasked_is_asked(chat: Chat, text: str) -> None:
    """Played (45D) or only pointed at (45F) is the director's to find: asked."""
    reply = _said(chat, text)
    assert CARD_PLAYED in reply
    assert WHAT_HAPPENED in reply


@pytest.mark.parametrize(
    "text",
    [
        "my student called for dummy's ♠J, LHO played low, then she thought and said 'sorry, "
        "I want the queen instead'. nothing else played",
        "declarer led a heart and before dummy had played, West said 'I'll play the ace on "
        "that'. Then dummy played the king and she wanted a small one instead.",
    ],
)
def test_instead_of_another_player_is_not_dummys_wrong_card(chat: Chat, text: str) -> None:
    """'instead' of a card another player wants is not dummy putting out the wrong card: not
    taken, and not asked when dummy's card was noticed (45D's question)."""
    reply = _said(chat, text)
    assert "When was the mistake noticed?" not in reply
    assert "Dummy put out a card declarer had not named" not in reply


@pytest.mark.parametrize(
    "text",
    [
        "no incident, just arguing at the club: when exactly is a card played? for declarer, "
        "dummy and the defenders",
        "quick q from a beginner class: when does a card count as played, for declarer and "
        "for the defenders?",
    ],
)
def test_a_general_question_is_explained_without_asking(chat: Chat, text: str) -> None:
    """Any card ('a card'), nothing done at the table, the teller says it is a question in
    general: explaining when a card is played is what is asked."""
    reply = _said(chat, text)
    assert "A general question about when a card is played" in reply
    assert WHAT_HAPPENED not in reply


@pytest.mark.parametrize(
    "text",
    [
        # a card of the story: an incident, whatever the question after it
        "the king fell out of declarer's hand, we argued. when does a card count as played?",
        # no sign that nothing happened: what happened is asked
        "at what point is a card played? opps want my card",
    ],
)
def test_a_question_after_an_incident_is_not_a_general_one(chat: Chat, text: str) -> None:
    reply = _said(chat, text)
    assert "A general question about when a card is played" not in reply
