"""The lead's spot checks, session 20 (issue 14): a partner named by his name.

Club players name their partner: "Bob didn't alert my 2♦". Only the caller's partner alerts a
call (the alerting procedures, Law 40B2(a)(iii)), so the missing alert of the teller's own call
is partner's, and what it tells the teller is unauthorised information (16B1). Learning more
stories made the words alone point to misinformation; the story now proves whose alert it was.
"""

from __future__ import annotations

import pytest

from conftest import Chat


@pytest.mark.parametrize(
    "text",
    [
        "Bob didn't alert my 2♦ and now I'm sure he has forgotten it's a transfer. what can i do?",
        "kate forgot to alert my 2c, its stayman for us. so she thinks its natural?? my turn now",
        "Margaret alerted my double and i meant it for penalties. what am i allowed to do now",
    ],
)
def test_a_named_partners_alert_of_my_call_is_unauthorised_information(
    chat: Chat, text: str
) -> None:
    seen = chat.say(text)
    assert "This is about: Unauthorised information from partner" in seen[0].text
    assert "the information came from a player on the side asking" in " ".join(t.text for t in seen)


def test_an_alert_of_partners_call_is_not_read_as_partners(chat: Chat) -> None:
    """'my partner's 2♦' is not the teller's call: whoever failed to alert it, the alert is
    not taken as partner's from these words."""
    seen = chat.say("Bob didn't alert my partner's 2♦ and lho doubled. is that misinformation?")
    assert "the information came from a player on the side asking" not in " ".join(
        t.text for t in seen
    )
