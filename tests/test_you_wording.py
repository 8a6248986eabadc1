"""Questions, "I took" and "Based on" speak to the asker as the rulings do: "you" when he
is the offender, "your partner" / "your LHO" for the others, verbs agreeing; the wording as
written when the offender is a third party or unknown (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_check import _edit_topic, _problems, tree  # noqa: F401 (the fixture)

from bot.dialogue.engine import Conversation, Dialogue, Turn
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import Chat
from telegram_fakes import Harness, run

I_BID_OUT_OF_TURN = "at our table i said 1S out of turn, nobody has called over it"


def _questions(turns: list[Turn]) -> list[Turn]:
    return [t for t in turns if t.type == "question"]


def test_the_offender_typing_is_asked_about_himself_as_you(chat: Chat) -> None:
    question = _questions(chat.say(I_BID_OUT_OF_TURN))[0]
    assert question.text.startswith("Whose turn was it when you called?")
    assert "on YOUR right" in question.text
    labels = [c.label for c in question.choices]
    assert "Your RHO's turn (the opponent on your right)" in labels
    assert "Your RHO's turn, but your RHO had to pass (earlier ruling)" in labels
    assert "Your partner's turn" in labels
    # a typed answer is read against the words the user saw
    turns = chat.say("your rho's turn (the opponent on your right)")
    assert chat.conversation.facts["whose_turn"] == "rho"
    assert _questions(turns)[0].text.startswith("Does your LHO accept the call out of turn?")


def test_a_verb_agrees_with_you(chat: Chat) -> None:
    turns = chat.through(I_BID_OUT_OF_TURN, "2", "no")
    asked = [t.text.splitlines()[0] for t in _questions(turns)]
    assert asked == ["What call do you make at your proper turn?"]


def test_partner_as_offender_is_your_partner_and_his_lho_your_rho(chat: Chat) -> None:
    turns = chat.say("lho opened 1nt, my partner bid 1S, rho hasnt bid yet")
    assert "his partner" not in turns[-1].text
    assert _questions(turns)[0].text.startswith(
        "Does your RHO (the next player after your partner) accept the insufficient bid?"
    )
    turns = chat.say("no")
    assert _questions(turns)[0].text.startswith("What does your partner replace it with?")
    turns = chat.through("cheapest same strain", "yes, natural")
    ruling = next(t for t in turns if t.type == "ruling")
    assert "- Your RHO does not accept the insufficient bid" in ruling.text
    assert "- Your partner replaces it with the cheapest sufficient bid" in ruling.text
    assert "offender's LHO" not in ruling.text


def test_i_took_names_your_partner(chat: Chat) -> None:
    turns = chat.through(
        "i pulled 2C out of the box by mistake, i meant 2D. my lho hasnt called yet. RHO opened 1S",
        "nobody yet",
        "yes, it is sufficient and in turn",
    )
    took = next(t for t in turns if t.text.startswith("I took from your description"))
    assert "the auction did not end before it reached your partner" in took.text
    assert "his partner" not in took.text


def test_a_third_party_offender_keeps_the_third_person(chat: Chat) -> None:
    question = _questions(chat.say("North opened 1H and East bid 1S out of turn"))[0]
    assert question.text.startswith("Whose turn was it when he called?")
    assert "His RHO's turn (the opponent on his right)" in [c.label for c in question.choices]
    turns = chat.say("1")
    assert _questions(turns)[0].text.startswith("Does the offender's LHO accept")


def test_a_turn_that_was_yours_is_your_turn_not_your(chat: Chat) -> None:
    """Your LHO called out of turn: the turn he took may have been yours, and a button
    reads 'Your turn', never a bare 'Your'."""
    question = _questions(chat.say("lho passed out of turn, nobody has called since"))[0]
    labels = [c.label for c in question.choices]
    assert question.text.startswith("Whose turn was it when your LHO called?")
    assert "Your turn (the opponent on your LHO's right)" in labels
    assert "Your turn, but you had to pass (earlier ruling)" in labels
    assert "Your partner's turn (the opponent on your LHO's left)" in labels
    assert not any(label.startswith("Your (") or label.startswith("Your,") for label in labels)


def test_your_partner_is_asked_about_accepting_your_lhos_bid(chat: Chat) -> None:
    turns = chat.say("i opened 1d and lho bid 1d, pd hasnt called yet")
    assert _questions(turns)[0].text.startswith(
        "Does your partner (the next player after your LHO) accept the insufficient bid?"
    )


def test_telegram_asks_the_same_words_in_html(knowledge: Knowledge, renderer: Renderer) -> None:
    html = Dialogue(knowledge, renderer, "html")
    conversation = Conversation()
    question = _questions(html.handle(conversation, I_BID_OUT_OF_TURN))[0]
    assert question.text.startswith("<b>Whose turn was it when you called?</b>")
    buttons = html.pending_choices(conversation)
    assert "Your RHO's turn (the opponent on your right)" in [c.label for c in buttons]


def test_the_played_card_topic_says_you_for_the_revoker(chat: Chat) -> None:
    # when it was found is not told (a story that says 'found at the end' is not asked it)
    turns = chat.say("we were defending 4S. i revoked at trick 5, threw a club holding a heart")
    question = _questions(turns)[0]
    assert "once you or your partner leads" in question.text
    labels = [c.label for c in question.choices]
    assert any("neither you nor your partner had played" in label for label in labels)


@pytest.mark.parametrize("words", ["the defender", "his cousin", "he plays cards"])
def test_an_unknown_placeholder_fails_the_check(tree: Path, words: str) -> None:  # noqa: F811
    def ask_with(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"][0]["ask"] = f"Was it {{{words}}} who bid?"

    _edit_topic(tree, "insufficient_bid", ask_with)
    problems = _problems(tree)
    assert any(
        "topics/insufficient_bid.yaml" in p
        and "questions.in_rotation.ask" in p
        and f"{{{words}}}" in p
        for p in problems
    ), problems


def test_a_stray_brace_fails_the_check(tree: Path) -> None:  # noqa: F811
    def label_with(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"][0]["choices"][0]["label"] = "Yes, it was {his turn"

    _edit_topic(tree, "insufficient_bid", label_with)
    assert any("questions.in_rotation.yes.label" in p for p in _problems(tree))


def test_telegram_says_you_in_the_question_its_numbered_choices_and_buttons(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message(f"/ruling {I_BID_OUT_OF_TURN}"))
            question = h.request.texts()[-1]
            assert "<b>Whose turn was it when you called?</b>" in question
            assert "1. Your RHO&#x27;s turn (the opponent on your right)" in question
            assert "his right" not in question
            buttons = [b["text"] for b in h.request.last_buttons()]
            assert "Partner's turn" in buttons
            await h.send(h.updates.message("1"))
            assert "Does your LHO accept the call out of turn?" in h.request.texts()[-1]

    run(scenario)
