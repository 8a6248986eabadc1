"""'Before X could lead': the player named was on lead (issue 14, the lead's spot checks).

A card put out by another player "before west could lead" is a lead out of turn (Laws 54, 56),
not a card played before partner (57) nor a card merely exposed (49, 50): the words name whose
lead it was. Each text is our own wording.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

LEAD_OUT_OF_TURN = "This is about: Lead out of turn (or from the wrong hand)"


def test_a_card_faced_before_the_opening_leader_could_lead_is_a_lead(chat: Chat) -> None:
    text = "2s by west. before north could lead, south put the club ace face up on the table"
    seen = [t.text for t in walk(chat, text)]
    assert seen[0].startswith(LEAD_OUT_OF_TURN), seen[0][:160]


def test_leading_before_the_partner_could_is_out_of_turn(dialogue: Dialogue) -> None:
    text = "3H by E. N led the DQ face up before S could make the opening lead"
    assert dialogue.describe(text).proven[:1] == ("lead_out_of_turn",)


def test_the_teller_about_to_lead_names_himself(chat: Chat) -> None:
    text = "we are defending 4s. my partner put the heart 2 on the table before i could lead"
    seen = [t.text for t in walk(chat, text)]
    assert seen[0].startswith(LEAD_OUT_OF_TURN), seen[0][:160]
