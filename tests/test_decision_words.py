"""Whose decision the words tell (issue 14, trust): "lho wants to accept" settles whether an
insufficient bid or a call out of turn is accepted only when that LHO is the player entitled
to choose - the offender's LHO. Said by anyone else, the question is asked (a loose phrase
never decides which rule fires)."""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_partner_of_the_offenders_lho_cannot_accept_for_him(chat: Chat) -> None:
    """I bid 1S over RHO's 1NT; my partner is not the one who may accept it: asked, never
    ruled 'your LHO has accepted 1S' (27A1) from partner's wish."""
    text = _said(chat, "rho opened 1nt, i bid 1s by mistake. pd wants to accept")
    assert "Does your LHO (the next player after you) accept the insufficient bid?" in text
    assert "has accepted" not in text


def test_the_offenders_lho_accepting_is_ruled_at_once(chat: Chat) -> None:
    text = _said(chat, "rho opened 1nt, i bid 1s by mistake. lho wants to accept")
    assert "Your LHO has accepted 1♠" in text
    assert "27A1" in text


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        ("lho opened 1nt, pd bid 1s by mistake. rho doesnt want to accept", "no"),
        ("lho opened 1nt, pd bid 1s by mistake. lho doesnt want to accept", None),
        ("over my 2H the guy on my left bid 2D. i dont want to accept", None),
        ("N opened 1NT, E bid 1S. S accepted.", "yes"),
        ("N opened 1NT, E bid 1S. W accepted.", None),
        ("lho opened 1nt, pd bid 1s. accepted by rho", "yes"),
        ("lho opened 1nt, pd bid 1s. accepted by lho", None),
        ("lho opened 1nt, pd bid 1s by mistake. it was accepted", "yes"),
        ("rho opened 1nt, i bid 1s by mistake. my lho said he would accept", "yes"),
        ("RHO bid 1S over our 1NT (she'd missed it), we didn't accept it", "no"),
        ("pd bid 2C over LHO's 2NT - stayman for us. opps didn't accept it", "no"),
        ("pd bid 2C over LHO's 2NT. we didn't accept it.", None),
        ("RHO bid 1S over our 1NT. opps didn't accept it.", None),
        ("N opened 1NT, E bid 1S. N/S did not accept.", "no"),
        ("N opened 1NT, E bid 1S. E/W did not accept.", None),
        ("Bob bid 1S over 1NT. His LHO hasn't decided whether to accept.", "undecided"),
        ("rho opened 1s, pd bid 1h. the next player hasnt said yet if he accepts", "undecided"),
        ("lho bid 2H after our 3C, not accepted, he changed it to 3H", "no"),
        ("lho bid 2H after our 3C, rho not accepting", None),
    ],
)
def test_insufficient_bid_acceptance_is_read_for_the_player_entitled(
    dialogue: Dialogue, text: str, accepted: str | None
) -> None:
    """The words decide only when their subject is the offender's LHO, his side ('we', 'opps'),
    or nobody named ('it was accepted'); anyone else leaves the question to be asked."""
    topic = dialogue.knowledge.topics["insufficient_bid"]
    assert dialogue.facts_for(topic, text).facts.get("accepted") == accepted


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        ("i was dealer but lho bid 1h out of turn, pd accepted it", "yes"),
        ("i was dealer but lho bid 1h out of turn, pd said she accepts", "yes"),
        ("i was dealer but lho bid 1h out of turn, rho accepted it", None),
    ],
)
def test_a_call_out_of_turn_is_accepted_only_by_the_offenders_lho(
    dialogue: Dialogue, text: str, accepted: str | None
) -> None:
    topic = dialogue.knowledge.topics["call_out_of_rotation"]
    assert dialogue.facts_for(topic, text).facts.get("accepted") == accepted
