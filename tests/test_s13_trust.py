"""Issue 14, trust (session 13): a decision is read from words only when they are the words
of the player entitled to make it.

- A lead out of turn is accepted or refused by declarer after a defender's lead (Laws 54, 56)
  and by either defender after declarer's (Law 55A); dummy never chooses. Words of anyone
  else leave the question asked.
- Words inside a quoted remark are the quoted player's: "E says 'we don't accept'" is E's
  side choosing; a remark whose speaker is not known decides nothing.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat

RESPONSE_ASKED = "What has the other side chosen to do about the lead?"


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


# -- 1. the lead out of turn's choice is declarer's or the defenders' ----------------------


def test_the_offenders_partner_refusing_an_opening_lead_is_asked(chat: Chat) -> None:
    """W led out of turn; his partner E cannot refuse it for declarer (Law 54): asked, never
    ruled as refused."""
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. E said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert RESPONSE_ASKED in text
    assert "RULING" not in text


def test_dummy_refusing_an_opening_lead_is_asked(chat: Chat) -> None:
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. S said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert RESPONSE_ASKED in text
    assert "RULING" not in text


def test_declarer_refusing_an_opening_lead_is_ruled(chat: Chat) -> None:
    """The same words by declarer (N, who plays 3NT) are his choice: refused, Law 54D."""
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. N said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert "the other side refused the lead" in text
    assert "RULING" in text and "54D" in text
    assert RESPONSE_ASKED not in text


def test_a_defender_refusing_declarers_wrong_hand_lead_is_ruled(chat: Chat) -> None:
    """After declarer's lead from the wrong hand either defender chooses (Law 55A)."""
    text = _said(
        chat,
        "2S by W, at trick 7 declarer led from dummy but he had won the last trick in hand. "
        "North said no, take it back, lead from the right hand.",
    )
    assert "the other side refused the lead" in text
    assert "55B2" in text


@pytest.mark.parametrize(
    ("text", "response"),
    [
        # a defender's opening lead: declarer alone chooses
        ("4H by S. E led the CA out of turn, face up. Dummy refused it.", None),
        ("4H by S. E led the CA out of turn, face up. W refused it.", None),
        ("4H by S. E led the CA out of turn, face up. Declarer refused it.", "refuse"),
        ("4H by S. E led the CA out of turn, face up. S refused it.", "refuse"),
        # declarer's lead from the wrong hand: a defender chooses, dummy does not
        ("Declarer led from dummy out of turn at trick 5. Dummy refused it.", None),
        ("Declarer led from dummy out of turn at trick 5. A defender refused it.", "refuse"),
        ("my partner, declarer, led from the wrong hand at trick 5. I refused it", None),
        # who led is not known: nobody named still tells the choice
        ("E led out of turn at trick 4, it was refused", "refuse"),
        ("E led out of turn at trick 4, W refused it", None),
        # spreading his hand is declarer's choice; dummy laying out cards is not it
        (
            "the opening lead was made by the wrong defender, face up, and dummy started "
            "to lay his cards out",
            None,
        ),
        (
            "S led the HQ face up at trick one, but it was N's lead. Declarer liked it so "
            "much she put her own hand down as dummy.",
            "spread",
        ),
    ],
)
def test_a_lead_out_of_turn_is_decided_only_by_the_side_that_chooses(
    dialogue: Dialogue, text: str, response: str | None
) -> None:
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    assert dialogue.facts_for(topic, text).facts.get("response") == response


def test_what_happened_is_read_whoever_tells_it(dialogue: Dialogue) -> None:
    """'Not yet', the defenders disagreeing, the proper leader leading are told, not chosen:
    read whoever says them."""
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    text = "E led the SK face up at trick 1 but it was W to lead. dummy asked what are the options"
    assert dialogue.facts_for(topic, text).facts.get("response") == "not_yet"
