"""Facts a story states, read from its structure rather than asked (session 19).

A defender's card put out before his partner had played (57A) is told by who had still to
play: 'before my LHO (W, second to play) had played, my RHO E threw the ♠J out'. The player
still to play is named with his possessive ('before my LHO', 'before his partner'), and each
player may be named twice at once, by his relation to the teller and by his seat ('my RHO E').
The teller's LHO and RHO are partners; a teller who declares (or is dummy) and names two
partners by seat, never giving his own, names the defenders. Each story is our own.
"""

from __future__ import annotations

import pytest

from conftest import Chat

PREMATURE = "This is about: Premature or simultaneous play"
WHAT_HAPPENED = "What happened?"
BEFORE_PARTNER = "I took from your description: A defender played to the trick before his partner"


def _told(chat: Chat, text: str, *answers: str) -> str:
    """Every reply to the story, picked from the menu when one comes, then the answers."""
    turns = chat.say(text)
    if any(c.id == "premature_play" for t in turns for c in t.choices or ()):
        turns = chat.say("premature_play")
    seen = list(turns)
    for answer in answers:
        turns = chat.say(answer)
        seen += turns
    return "\n".join(t.text for t in seen)


@pytest.mark.parametrize(
    "text",
    [
        # dummy telling it: his LHO and RHO, each with a seat
        "I was dummy. pd led a spade from hand and before my rho (W) had played anything, "
        "my lho E put the ♠Q on the trick",
        # declarer on the phone, lower case, seats in brackets
        "ok so im declarer, led a diamond from hand and before my lho (N, second to play) "
        "had played, my rho S threw out the ♦Q. what can i do",
        # declarer from dummy: his RHO plays second, his LHO last
        "I was declarer in 3NT, led the ♦4 from dummy, and before my RHO (S) had played, "
        "my LHO N slapped the ♦A down. what are my options",
    ],
)
def test_a_card_before_the_lho_or_rho_named_still_to_play_is_before_partner(
    chat: Chat, text: str
) -> None:
    """The teller's LHO and RHO are partners: the one who played before the other played
    before his partner (57A), taken and shown, not asked; declarer's options follow."""
    reply = _told(chat, text, "neither", "not_yet")
    assert PREMATURE in reply
    assert WHAT_HAPPENED not in reply
    assert BEFORE_PARTNER in reply
    assert "RULING - Premature or simultaneous play" in reply
    assert "major penalty card" in reply
    assert "57A" in reply


@pytest.mark.parametrize(
    "text",
    [
        "W was still to play but his partner E, last to play, dropped the ♥J on the trick "
        "first. declarer (me) wants to know my options",
    ],
)
def test_partners_named_by_seat_to_a_declaring_teller_are_the_defenders(
    chat: Chat, text: str
) -> None:
    """The teller declares and never gives his own seat: the partners he names by seat are
    the defenders, so the early card is a defender's before his partner's (57A)."""
    reply = _told(chat, text, "neither", "not_yet")
    assert PREMATURE in reply
    assert WHAT_HAPPENED not in reply
    assert BEFORE_PARTNER in reply
    assert "57A" in reply


@pytest.mark.parametrize(
    "text",
    [
        # the player still to play is named as dummy: no defender proven
        "declarer (me) led from hand. W was still to play but E (dummy) pushed a card out first",
        # the teller defends: his LHO and RHO are declarer and dummy, not partners of his
        "we were defending. before my partner had played, my lho put his card on",
    ],
)
def test_a_card_whose_player_is_not_proven_a_defender_is_asked(chat: Chat, text: str) -> None:
    reply = _told(chat, text)
    assert BEFORE_PARTNER not in reply


CARD_PLAYED = "This is about: When a card counts as played"
WHAT_HAPPENED_TO_CARD = "What happened to the card?"
DUMMY_WRONG = "Dummy put out a card declarer had not named"


@pytest.mark.parametrize(
    "text",
    [
        "i'm dummy and decl said 'low club' but i put the ♣K on the trick. nobody has played "
        "to the next trick yet",
        "i'm dummy, partner asked for 'heart ace' and i put the ♥K down. oops",
    ],
)
def test_declarers_naming_quoted_after_a_contraction_is_read(chat: Chat, text: str) -> None:
    """The teller's own "i'm" opens no quote: declarer's quoted naming is read, and dummy's
    card put out after it is another (45D), taken, not asked."""
    turns = chat.say(text)
    if any(c.id == "card_played" for t in turns for c in t.choices or ()):
        turns = chat.say("card_played")
    reply = "\n".join(t.text for t in turns)
    assert CARD_PLAYED in reply
    assert WHAT_HAPPENED_TO_CARD not in reply
    reply += "\n".join(t.text for t in chat.say("before"))
    assert DUMMY_WRONG in reply
    assert "45D1" in reply


RHO_TURN = "I took from your description: A defender played at his right-hand opponent's turn"


@pytest.mark.parametrize(
    "text",
    [
        "declarer led a small heart from her hand, my lho followed, and before dummy had played "
        "my rho slapped the ♥Q on the trick",
        "declarer led the ♦4 from hand, my LHO played small, and before dummy had played my RHO "
        "chucked his ♦A on the table",
    ],
)
def test_a_card_slapped_on_the_trick_before_dummy_played_is_at_rhos_turn(
    chat: Chat, text: str
) -> None:
    """A card put on the trick in rougher words ('slapped the ♥Q on the trick', 'chucked his
    ♦A on the table') is a card played: the teller's RHO, whose partner (the LHO) has played
    to declarer's lead, played before dummy, at his right-hand opponent's turn (57D)."""
    reply = _told(chat, text, "yes")
    assert PREMATURE in reply
    assert WHAT_HAPPENED not in reply
    assert RHO_TURN in reply
    assert "57D" in reply


def test_a_bidding_card_slammed_on_the_table_is_no_card_played(chat: Chat) -> None:
    """'Slammed ... on the table' is said of a bidding card too: only 'on the trick' makes a
    slammed card one played, so an auction story stays an auction story."""
    reply = _told(
        chat,
        "rho slammed the double card on the table so hard the whole room heard, and then his "
        "partner pulled it. can they do that",
    )
    assert PREMATURE not in reply
    assert CARD_PLAYED not in reply
    assert "This is about: Unauthorised information" in reply or "which fits best" in reply
