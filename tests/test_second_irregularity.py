"""A description with two irregularities: the first is ruled, and the other is then offered
on the same description - one pick, no retelling - and never offered twice."""

from __future__ import annotations

from bot.dialogue.engine import CHOOSE_TOPIC, Turn

from conftest import Chat

TWO = (
    "4S by N. W led the hQ but it was E's lead, dummy not down yet, and while we argued E "
    "dropped the ♠K face up on the table"
)
SETTLED = (
    "decl led the d4 from hand when dummy had won, TD told him to take it back and lead "
    "from the board. before he did, lho put the dA down. what now?"
)


def _ruled(chat: Chat, text: str) -> list[Turn]:
    """Tell the story and answer whatever is asked with the first choice, up to the ruling."""
    turns = chat.say(text)
    while chat.conversation.pending not in (None, CHOOSE_TOPIC):
        turns = chat.say("1")
    return turns


def test_after_the_first_ruling_the_other_irregularity_is_offered(chat: Chat) -> None:
    turns = _ruled(chat, TWO)
    kinds = [t.type for t in turns]
    assert "ruling" in kinds
    offer = turns[-1]
    assert kinds.index("ruling") < len(turns) - 1 and offer.type == "question"
    assert "also showed" in offer.text
    assert offer.choices[0].id == "penalty_card"
    assert chat.conversation.pending == CHOOSE_TOPIC


def test_the_offered_ruling_uses_the_same_description_and_is_not_offered_back(
    chat: Chat,
) -> None:
    _ruled(chat, TWO)
    turns = chat.say("1")
    assert turns[0].text.startswith("This is about: Penalty cards")
    assert not any("more than one irregularity" in t.text for t in turns)
    while chat.conversation.pending not in (None, CHOOSE_TOPIC):  # the questions it needs
        turns = chat.say("1")
    ruling = next(t for t in turns if t.type == "ruling")
    assert turns[-1] is ruling and chat.conversation.pending is None


def test_declining_the_offer_is_a_friendly_end_and_fix_still_works(chat: Chat) -> None:
    _ruled(chat, TWO)
    declined = chat.say("none")
    assert declined[0].text.startswith("All right")
    assert chat.say("fix")[0].text.startswith("Let's go through that incident again")


def test_an_irregularity_already_put_right_is_not_offered(chat: Chat) -> None:
    """Declarer's lead from the wrong hand was taken back at the table: only the defender's
    card is ruled on, and nothing is offered after it."""
    turns = chat.say(SETTLED)
    assert turns[-1].type == "ruling"
    assert chat.conversation.pending is None


def test_a_card_is_taken_only_when_the_story_names_one(chat: Chat) -> None:
    """A lead of the hQ and a dropped sK: which card the lead topic means is not guessed from
    the other act's card."""
    turns = chat.say(TWO)
    assert not any("the card: ♠K" in t.text for t in turns)


def test_the_director_written_td_is_never_a_card(chat: Chat) -> None:
    """'TD told him' names the director, not the ten of diamonds: no card is shown as taken
    from the words."""
    # the director's order dealt with the lead: the card put out before the relead is what
    # is ruled (60B), and starts at once (session 15; before, a menu led to the lead topic)
    turns = chat.say(
        "declarer led from the wrong hand, TD told her to take it back and lead from the "
        "board. before she did, my pard put his card on the table anyway. now what?"
    )
    turns += chat.say("1")
    assert turns[0].text.startswith("This is about: Premature"), turns[0].text
    assert not any("♦10" in t.text for t in turns)
