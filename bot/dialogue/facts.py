"""Facts a description already settles, so the bot does not ask for them again.

Two sources, both declared in the topic's knowledge: a question's ``derive:`` names a
fact the reader proves from the description's structure for the identified offender
(:mod:`bot.dialogue.incident`), and a choice's ``says:`` patterns match explicit statements
of that very fact ("before the opening lead was faced"). Everything filled this way is
recorded as *inferred*, so the ruling can show it and the user can correct it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from bot.core.topics import Facts, Question, Topic
from bot.dialogue.description import Description
from bot.dialogue.incident import Reading, read_incident
from bot.dialogue.reading.proven import TOLD_BOTH_WAYS
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Found:
    """Facts filled from a description, and what was read to fill them."""

    facts: Facts
    """Question facts, plus wording details under keys starting with '_'."""
    inferred: tuple[str, ...]
    """The question facts among ``facts`` (none of them was answered by the user)."""
    took: tuple[str, ...]
    """Who and which calls the reader identified, in plain words."""


NOTHING = Found({}, (), ())


@cache
def says_pattern(pattern: str) -> re.Pattern[str]:
    """A ``says`` phrase compiled once (there are more than the re module caches), on first
    use: its engine code is kept between processes (bot/lazy.py)."""
    return lazy_pattern(pattern, re.IGNORECASE)


def compile_says(topics: Iterable[Topic]) -> None:
    """Compile every choice's ``says`` phrases now (a served bot, before its first user)."""
    for topic in topics:
        for question in topic.questions:
            for choice in question.choices:
                for pattern in choice.says:
                    says_pattern(pattern)


def phrase_facts(topic: Topic, normalised: str) -> Facts:
    """Facts whose answer a choice's ``says`` phrases settle (exactly one choice matches)."""
    facts: Facts = {}
    for question in topic.questions:
        hits = {
            choice.id
            for choice in question.choices
            if any(says_pattern(p).search(normalised) for p in choice.says)
        }
        if len(hits) == 1:
            facts[question.fact] = hits.pop()
    return facts


def derived_choice(question: Question, reading: Reading) -> str | None:
    """The choice a derived fact settles, if the reader proved it and it maps to a choice."""
    if question.derive is None or question.derive not in reading.facts:
        return None
    value = reading.facts[question.derive]
    choice = question.derive_map.get(value, value)
    return choice if question.choice(choice) is not None else None


def story_facts(topic: Topic, description: Description) -> Facts:
    """Facts the story's events prove, through the topic's ``derive:`` (question fact ->
    the reading's fact, same values as the question's choices)."""
    facts: Facts = {}
    for fact, keys in topic.derive.items():
        question = topic.question(fact)
        for key in keys:
            value = description.facts.get(key)
            if question is not None and value is not None and question.choice(value) is not None:
                facts[fact] = value
                break
    return facts


def facts_in(
    topic: Topic, description: Description, normalised: str, *, focus_wanted: bool = False
) -> Found:
    """Everything the description settles for ``topic``."""
    facts = phrase_facts(topic, normalised)
    took: tuple[str, ...] = ()
    if topic.incident is not None:
        reading = read_incident(description.reading, topic.incident, focus_wanted)
        for question in topic.questions:
            choice = derived_choice(question, reading)
            if choice is not None:
                facts[question.fact] = choice
        facts.update({f"_{key}": value for key, value in reading.details.items()})
        took = reading.took
    facts.update(story_facts(topic, description))  # proven by events: the last word
    for fact, keys in topic.derive.items():
        if any(description.facts.get(key) == TOLD_BOTH_WAYS for key in keys):
            facts.pop(fact, None)  # told both ways ('S says no'): asked, not read
    for key, value in description.details.items():
        if f"_{key}" not in facts:
            facts[f"_{key}"] = value
            if key == "declarer_tricks":
                took = (*took, f"declarer's tricks: {value}")
    inferred = tuple(k for k in facts if not k.startswith("_"))
    return Found(facts, inferred, took)
