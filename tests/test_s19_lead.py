"""The lead's spot checks, session 19 (issue 14): 'told' is speech when the words follow.

Players report a remark as often with "told" as with "said": "pd told me 'dont lead a spade'
and i then led a heart" is partner's remark and then my act, unauthorised information (16B).
Only with the words quoted after it, and only when the teller's subject spoke: "the td told us
to play on" and "pd was told 'you must pass'" are not a remark of the player's.
"""

from __future__ import annotations

from conftest import Chat


def test_partner_told_me_what_to_lead_then_i_led_is_unauthorised_information(
    chat: Chat,
) -> None:
    seen = chat.say(
        "in the play pd told me 'dont lead a spade' and i then led a heart. declarer called the td"
    )
    assert "This is about: Unauthorised information from partner" in seen[0].text


def test_told_in_the_passive_is_not_the_players_remark(chat: Chat) -> None:
    seen = chat.say(
        "pd was told 'you must say pas at every turn' but bid 4♥. What happens to our side?"
    )
    assert "This is about: Call by a player who had to pass" in seen[0].text
