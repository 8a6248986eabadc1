"""Incidents typed as players type them, each of which once drew a wrong ruling or a broken
question (issue 14): the ruling or the question a user would see."""

from __future__ import annotations

from bot.dialogue.engine import Turn

from conftest import Chat, walk


def _ruling(turns: list[Turn]) -> Turn:
    return next(t for t in turns if t.type == "ruling")


def test_declarer_playing_from_dummy_after_an_accepted_lead_is_no_relead(chat: Chat) -> None:
    """A defender led out of turn and declarer accepted it; declarer then played from dummy
    early. Nobody was told to lead again, so no defender's card can be one put out 'before the
    relead' (60B): the lead is ruled first and declarer's early play is a played card (57C3)."""
    turns = chat.say(
        "defending 2s. pd led the ace of hearts out of turn (it was my lead). declarer accepted"
        " it and put dummy down. then declarer played from dummy before i played. fine?"
    )
    text = "\n".join(t.text for t in turns)
    assert "This is about: Lead out of turn" in text
    assert "told to retract his lead" not in text
    assert "60B" not in text


def test_declarers_early_play_from_dummy_is_a_played_card(chat: Chat) -> None:
    turns = walk(
        chat,
        "declarer played a card from dummy before my lho had played to the trick, can he take"
        " it back",
    )
    ruling = _ruling(turns)
    assert "57C3" in ruling.citations
    assert "60B" not in ruling.citations


def test_a_defenders_card_before_declarer_leads_again_is_still_60b(chat: Chat) -> None:
    turns = walk(
        chat,
        "declarer led from dummy but he was in hand. the td told him to lead from his hand and"
        " before he did my lho put the 4 of clubs on the table",
    )
    assert "60B" in _ruling(turns).citations
