"""No story crashes the reader: sentences of the labelled stories put together in new orders
(the way players add a remark from one incident to another) always get a reply (issue 14: bad
input gets a clear answer, never a traceback). A crash once hid in a remark's pattern that
named no card ('E then said oops i have one')."""

from __future__ import annotations

import random

from bot.dialogue.engine import Conversation, Dialogue
from bot.knowledge import Knowledge

STORIES = 200


def _sentences(knowledge: Knowledge) -> list[str]:
    return [
        part.strip()
        for example in knowledge.labelled_examples()
        for part in example.text.replace("!", ".").replace("?", ".").split(".")
        if len(part.strip()) > 8
    ]


def test_stories_made_of_other_stories_sentences_get_a_reply(
    knowledge: Knowledge, dialogue: Dialogue
) -> None:
    sentences = _sentences(knowledge)
    rng = random.Random(2026)
    for _ in range(STORIES):
        text = ". ".join(rng.sample(sentences, rng.randint(2, 4)))
        turns = dialogue.handle(Conversation(), text)
        assert turns and all(t.text for t in turns), text


def test_every_labelled_story_gets_a_reply_in_one_conversation(
    knowledge: Knowledge, dialogue: Dialogue
) -> None:
    """One user telling story after story in the same chat, each a new incident or an answer
    to the question before it: no state one story leaves breaks the next."""
    conversation = Conversation()
    for example in knowledge.labelled_examples()[::25]:
        turns = dialogue.handle(conversation, example.text)
        assert turns and all(t.text for t in turns), example.text
