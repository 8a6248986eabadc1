"""Play stories read with negation and intent (session 16): an act told as not done ('W
hasn't led yet', 'nobody had played'), still to come ('was about to put the HA down') or only
imagined ('would have played the king') is no act, whatever the act (lead, play, discard).
So the player still to play acts after nothing ('E hasn't played yet' after a remark is no
action on it), the card faced by dummy-to-be is the only lead, and a defender's lead to the
next trick while his partner still had a card to come on this one is an early lead (57A),
read from the events' seats and tricks. Each story is our own, told more than one way.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
LEAD = ABOUT + "Lead out of turn"
PREMATURE = ABOUT + "Premature or simultaneous play"
PENALTY = ABOUT + "Penalty cards and exposed cards in play"


def _hows(dialogue: Dialogue, text: str, act: str) -> list[frozenset[str]]:
    return [e.how for e in dialogue.describe(text).events if e.act == act]


@pytest.mark.parametrize(
    ("text", "act", "flag"),
    [
        ("3NT by S. W hasnt led yet and E led the ♠A face up.", "lead", "not_yet"),
        ("4H by N; before the lead, E had not yet led when W led a club", "lead", "not_yet"),
        ("E was about to put the ♥A on the table when dummy spoke", "play", "not_yet"),
        ("my lho hadn't even played to trick 4 and rho said 'mine'", "play", "not_yet"),
        ("nobody had played to the trick when declarer claimed", "play", "not_yet"),
        ("rho would have played the king if he had known", "play", "denied"),
        ("pd never discarded a club, he kept all of them", "discard", "denied"),
        ("lho didn't discard a spade on the trick, she held it", "discard", "denied"),
    ],
)
def test_an_act_told_as_not_done_is_no_act(
    dialogue: Dialogue, text: str, act: str, flag: str
) -> None:
    """The act's own words deny it or put it later: read as not done, for every act."""
    hows = _hows(dialogue, text, act)
    assert hows and flag in hows[0] and "alleged" in hows[0], hows


@pytest.mark.parametrize(
    "text",
    [
        "3NT by S. W hasnt led yet and E led the ♠A face up.",
        "E shouldn't have led the ♠A, it was W's lead",
        "declarer played the ♦K from dummy and rho ducked",
    ],
)
def test_an_act_done_keeps_its_reading(dialogue: Dialogue, text: str) -> None:
    """A card led or played is read as done, even beside a denied one; 'shouldn't have led'
    tells a lead made (wrongly), not one missing."""
    done = [e for e in dialogue.describe(text).events if not {"not_yet", "denied"} & e.how]
    assert done, dialogue.describe(text).events


@pytest.mark.parametrize(
    "text",
    [
        "i'm declarer in 4S. T10 still open, my LHO hasnt played to it yet, and my RHO goes "
        "ahead and leads a club for T11. what can i do?",
        "3NT by S. at trick 6 W was still thinking, he had not played to it yet, when E led "
        "the ♥2 to trick 7. options?",
        "my partner had not yet played to trick 8 when i led the ♦4 to trick 9 already. "
        "declarer now says he can pick partner's card. is he right?",
    ],
)
def test_a_lead_to_the_next_trick_with_partner_still_to_play_is_early(
    chat: Chat, text: str
) -> None:
    """A defender leads to trick N+1 while his partner's card to trick N is still to come:
    an early lead (57A), so what happened is not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(PREMATURE), seen[0].text
    assert not any(t.text.startswith(("What happened?", "<b>What happened?")) for t in seen)
    assert "57A" in ruling_of(seen).citations


def test_an_early_lead_is_not_read_when_no_defender_is_proven(chat: Chat) -> None:
    """'LHO hasn't played, RHO leads' from a teller who may be a defender: the two could be
    declarer and dummy, so what happened stays a question."""
    seen = walk(
        chat,
        "T10 still open, LHO hasnt played to it yet, and RHO goes ahead and leads a club for "
        "T11. what can declarer do?",
    )
    assert seen[0].text.startswith(PREMATURE), seen[0].text
    assert any(t.text.startswith(("What happened?", "<b>What happened?")) for t in seen)


@pytest.mark.parametrize(
    "text",
    [
        "4H by S. before any defender had led, north, who will be dummy, faced the spade ace "
        "like a lead. N and S are the declaring side. W has not led yet.",
        "2S by N. Auction over, S (dummy-to-be) put the ♦K face up on the table as if leading. "
        "E hasn't led yet.",
    ],
)
def test_dummy_to_be_facing_a_card_when_the_defender_has_not_led(chat: Chat, text: str) -> None:
    """The defender's lead told as not made is no lead: dummy-to-be's card is the only one,
    so the declaring side led out of turn and who did it is not asked (54)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD), seen[0].text
    assert not any("Who led out of turn" in t.text for t in seen)
    assert "54E" in ruling_of(seen).citations


@pytest.mark.parametrize(
    "text",
    [
        "at trick 9 W faced the ♥K and said 'this wins anyway', E hasn't played yet. "
        "declarer wants the king as a penalty card. right?",
        "T12: declarer's LHO showed the CA saying 'you can't make this one' while his partner "
        "hadnt played yet. Is the ace a penalty card?",
    ],
)
def test_a_remark_before_partner_has_played_is_no_action_on_it(chat: Chat, text: str) -> None:
    """A defender shows a card with a remark and his partner has not played: no action
    followed the remark, so the card shown is the question, not information used."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(PENALTY), seen[0].text
    assert any(c.startswith(("49", "50")) for c in ruling_of(seen).citations)


@pytest.mark.parametrize(
    "text",
    [
        "3NT by S. trick 5: W hasn't followed yet, he is still thinking, and E already led the "
        "♠4 to trick 6. what now?",
        "in 2S by N, at trick 3 W had not followed to it yet when his partner E led the ♦9 to "
        "trick 4. options for declarer?",
    ],
)
def test_not_followed_yet_is_a_card_to_come_not_a_revoke(chat: Chat, text: str) -> None:
    """'hasn't followed yet': the card is still to come, so no revoke is read; the lead to
    the next trick is the early card (57A)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(PREMATURE), seen[0].text
    assert "57A" in ruling_of(seen).citations


def test_not_followed_to_a_suit_is_still_a_revoke(dialogue: Dialogue) -> None:
    """Without 'yet', a suit not followed while holding it is the revoke it always was."""
    text = "E hadn't followed to a diamond at trick 4 though he had one. what now?"
    assert "revoke" in dialogue.describe(text).proven
