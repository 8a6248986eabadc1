"""The labelled examples teach the ranking which words go with which topic.

Each description below is new wording (in no example, no alias) of an incident the story reader
does not prove, so before the examples joined the ranking the aliases alone decided, and picked
a wrong topic first. The examples must never decide whether a description is a ruling at all
(a subject the aliases put first stays first), never make the bot announce a topic when two
are close, and never turn a player's typo into a word the spelling corrector trusts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.dialogue.engine import Dialogue
from bot.dialogue.examples import ExampleModel, features
from bot.knowledge import Example, Knowledge, _load_examples

from conftest import Chat

NEW_WORDING = [
    # (dummy grabbing the ace 'before i said anything' is now proven, 45D: no longer words alone)
    (
        "declarer had the card halfway out of his hand, face showing to us, then put it back "
        "and chose another one",
        "card_played",
    ),
    (
        "she told me what her partner's double meant but it turns out that's not what they "
        "agreed at all",
        "misinformation",
    ),
]


@pytest.mark.parametrize(("text", "topic"), NEW_WORDING)
def test_new_wording_reaches_its_topic_first(text: str, topic: str, dialogue: Dialogue) -> None:
    assert not dialogue.describe(text).proven  # the words decide, not a proven event
    assert dialogue.rank(text)[0].topic.id == topic


def test_every_example_is_learned_from(knowledge: Knowledge, dialogue: Dialogue) -> None:
    assert len(knowledge.labelled_examples()) >= 1500
    assert set(dialogue.matcher.examples.topics) == set(knowledge.topics)


def test_a_subject_the_aliases_put_first_stays_first(chat: Chat) -> None:
    turns = chat.say("we sat NS but should have been EW")
    assert turns[-1].topic is None and "director" in turns[-1].text.lower()


def test_two_close_topics_are_offered_not_announced(chat: Chat) -> None:
    turns = chat.say("IB or BOOT")
    assert turns[-1].topic is None
    assert {"insufficient_bid", "call_out_of_rotation"} <= {c.id for c in turns[-1].choices}


def test_a_typo_in_an_example_is_still_corrected(dialogue: Dialogue) -> None:
    # "oppnent" is typed in an example: it must not become a known word
    assert "opponent led" in dialogue.describe("oppnent led the wrong card").reading


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("we defended 4s and got one trick less", "we defended"),
        ("4s declared by n, their 2c went unexplained", "their 2c went unexplained"),
        ("it was declared by n", "declared by"),
        ("pd bid a thin game, a card lay unexposed", "a thin game, a card lay unexposed"),
    ],
)
def test_a_real_word_near_a_bridge_word_is_not_corrected(
    dialogue: Dialogue, typed: str, kept: str
) -> None:
    """'unexplained' read as 'explained' would turn a missing explanation into one given."""
    assert kept in dialogue.describe(typed).reading


def test_the_model_weighs_words_by_topic() -> None:
    model = ExampleModel.learn(
        [
            Example("he showed out of hearts and had one", "revoke"),
            Example("showed out then played a heart later", "revoke"),
            Example("said the rest are mine and faced his hand", "claim"),
            Example("faced his hand, the rest are his", "claim"),
            Example("one writer's odd word", "claim"),
        ],
        str.lower,
    )
    belief = model.posterior("rho showed out, then a heart appeared later")
    assert max(belief, key=belief.__getitem__) == "revoke"
    assert abs(sum(belief.values()) - 1) < 1e-9
    assert "odd" not in model.words  # used by one example only: its writer's, not its topic's
    assert model.posterior("zzz qqq") == {}
    assert "showed out" in features("rho showed out, then a heart appeared later")


def test_a_wrong_example_is_reported(knowledge: Knowledge, tmp_path: Path) -> None:
    (tmp_path / "play.yaml").write_text(
        '- text: "lho led out of turn"\n  topic: no_such_topic\n'
        '- text: "rho revoked"\n  topic: revoke\n  facts: {event: nonsense}\n',
        encoding="utf-8",
    )
    problems: list[str] = []
    _load_examples(tmp_path, knowledge.topics, problems)
    assert any("no topic 'no_such_topic'" in p for p in problems)
    assert any("event='nonsense'" in p for p in problems)


def test_where_examples_and_aliases_disagree_the_user_picks(chat: Chat) -> None:
    """The examples favour a defective trick ("noticed two tricks later"), the aliases a card
    played by dummy: neither is announced, both are offered."""
    turns = chat.say("dummy played a card declarer did not call, noticed two tricks later")
    assert turns[-1].topic is None
    assert {"card_played", "defective_trick"} <= {c.id for c in turns[-1].choices}
