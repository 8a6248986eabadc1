"""The ruling told: players tell the incident and what the director ruled, then ask whether he
was right. What the director ordered or awarded (a lead, a penalty card, tricks, a bar, a
lead restriction) is the consequence, not the incident: it proves no irregularity and starts
no topic, and a player doing what he was told is not a new irregularity (issue 14).

None of these stories is in the labelled sets; each is a new telling in a player's voice.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn

from conftest import Chat, ruling_of, walk


def _told(dialogue: Dialogue, text: str) -> list[Turn]:
    return dialogue.handle(Conversation(), text)


def _announced(turns: list[Turn]) -> str | None:
    """The topic the bot starts on at once ('This is about: ...'), if it does."""
    first = turns[0]
    return first.topic if first.text.startswith("This is about") else None


def _first(turns: list[Turn]) -> str | None:
    """The topic started at once, or else the first one the menu offers."""
    first = turns[0]
    return _announced(turns) or (first.choices[0].id if first.choices else None)


@pytest.mark.parametrize(
    ("text", "topic", "not_proven"),
    [
        # the tricks the td gave and 'the rest are ours' are his ruling, not a claim
        (
            "td gave them 2 tricks and said the rest are ours. lho revoked at t5 and we "
            "spotted it at t10. fair?",
            "revoke",
            "claim",
        ),
        # the penalty card is what the td made of pd's card played out of turn
        (
            "TD said pd's ♣7 had to stay on the table as a penalty card and that i had to "
            "lead a club. pd had played out of turn to t4. right?",
            "premature_play",
            "penalty_card_held",
        ),
        # the lead restriction is the td's, the calls after the close are the incident
        (
            "td cancelled both calls and gave us a lead restriction. 3nt had gone pass pass "
            "pass and then rho doubled and pd redoubled. opps are fuming, correct?",
            "call_after_final_pass",
            "lead_after_withdrawn_call",
        ),
    ],
)
def test_the_ruling_told_starts_no_topic(
    dialogue: Dialogue, text: str, topic: str, not_proven: str
) -> None:
    description = dialogue.describe(text)
    assert not_proven not in description.proven
    assert _first(_told(dialogue, text)) == topic


@pytest.mark.parametrize(
    ("text", "not_proven", "topic"),
    [
        # led as the td ordered: not a lead out of turn, whoever won the last trick
        (
            "the td told lho to lead the ♦k since it was a major penalty card, so lho led it "
            "at t4 although rho had won t3. correct?",
            "lead_out_of_turn",
            "penalty_card",
        ),
        # passing when barred, and the contract reached, are no call against the bar
        (
            "td said pd had to pass at every turn, so he said pass 3 times and we ended up "
            "in 2♥ undoubled. harsh?",
            "call_when_barred",
            "call_when_required_to_pass",
        ),
        # the call the td made him make again is the one he had to make, not a replacement
        # for a call withdrawn: the pass out of turn before it is the matter
        (
            "td said rho's pass was cancelled and made lho bid again, so lho bid 1nt. rho "
            "had passed out of turn before lho opened. ok?",
            "withdrawn_call_replaced",
            "call_out_of_rotation",
        ),
    ],
)
def test_an_order_complied_with_is_no_irregularity(
    dialogue: Dialogue, text: str, not_proven: str, topic: str
) -> None:
    description = dialogue.describe(text)
    assert not_proven not in description.proven
    assert _first(_told(dialogue, text)) == topic


def test_a_lead_the_td_ordered_is_not_announced_as_out_of_turn(dialogue: Dialogue) -> None:
    text = (
        "td made me lead a heart and said my ♠q was a penalty crad, so i led the ♥2 at t3. "
        "pd had won t2 with the ♣a. fair?"
    )
    assert "lead_out_of_turn" not in dialogue.describe(text).proven
    assert _announced(_told(dialogue, text)) != "lead_out_of_turn"


@pytest.mark.parametrize(
    ("text", "topic", "proven"),
    [
        # the bar told, then a call against it: the call is the incident (Law 37)
        (
            "director said pd had to pass for the rest of the auction, and pd then doubled "
            "their 4♠ anyway. what now",
            "call_when_required_to_pass",
            "call_when_barred",
        ),
        # told in the pluperfect inside the ruling: what happened before it, still evidence
        (
            "director came and said rho had conceded 2 tricks, and made us play on. rho had "
            "said 'you can have the rest' at t11 but pd showed a trump. was that right?",
            "claim",
            "concession",
        ),
        # the card the td had taken back is the premise of what is asked now
        (
            "td made rho take back her card at t3, and now she wants to know if she can play "
            "the ♠8 again. can she?",
            "retracting_played_card",
            "card_taken_back",
        ),
    ],
)
def test_what_the_ruling_tells_of_before_it_stays(
    dialogue: Dialogue, text: str, topic: str, proven: str
) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == (proven,)
    assert _first(_told(dialogue, text)) == topic


def test_the_ruling_told_is_kept_in_the_reading(dialogue: Dialogue) -> None:
    text = "lho led out of turn. td made me lead a spade and my ♥k became a penalty card. right?"
    description = dialogue.describe(text)
    told = [description.reading.lower()[a:b] for a, b in description.rulings_told]
    assert told == ["td made me lead a spade and my ♥k became a penalty card"]


def test_the_ruling_doubted_is_shown_back_before_ours(chat: Chat) -> None:
    """The player asked whether the director was right: his ruling, as told, is set beside
    the one the Laws give for the incident, before it."""
    seen = walk(
        chat,
        "TD said pd's ♣7 had to stay on the table as a penalty card and that i had to lead a "
        "club. pd had played out of turn to t4. right?",
        "2",
        "3",
    )
    ruling = ruling_of(seen)
    before = seen[seen.index(ruling) - 1]
    assert before.text.startswith("You told me what the director ruled (")
    assert "had to stay on the table as a penalty card" in before.text
    assert ruling.topic == "premature_play"


def test_a_ruling_not_doubted_is_not_shown_back(chat: Chat) -> None:
    seen = walk(
        chat,
        "td made rho take back her card at t3, and now she wants to know if she can play the "
        "♠8 again. can she?",
        "1",
        "1",
        "1",
        "1",
    )
    assert not any(t.text.startswith("You told me what the director ruled") for t in seen)
