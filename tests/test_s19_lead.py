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


def test_a_card_put_face_up_after_the_auction_closed_is_not_exposed_during_it(
    chat: Chat,
) -> None:
    """'all pass' closed the auction (22A): a card put face up after it is no card exposed
    during the auction (24); it was read as one from the calls told before it."""
    seen = chat.say("N 1s E p me 4s all pass. W put the dK face up on the table")
    texts = " ".join(t.text for t in seen)
    assert "Card exposed or led during the auction" not in seen[0].text.split("\n")[0], texts


def test_a_card_put_face_up_between_the_calls_is_still_exposed_during_the_auction(
    chat: Chat,
) -> None:
    seen = chat.say("1h p 2h p, then lho dropped the sK face up. rho still to call")
    assert "This is about: Card exposed or led during the auction" in seen[0].text
