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

from bot.core.calls import Seat
from bot.core.topics import Facts, Question, Topic
from bot.dialogue.deciders import Decider, decided_by
from bot.dialogue.description import Description
from bot.dialogue.disputed import in_dispute
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
    took_fault: tuple[str, ...] = ()
    """The entries of ``took`` naming the player at fault or asking to check the seats: left
    out of the ruling when the incident turns out to be no irregularity (see
    :func:`without_fault`)."""


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


def phrase_facts(topic: Topic, normalised: str, told: Told | None = None) -> Facts:
    """Facts whose answer a choice's ``says`` phrases settle (exactly one choice matches).
    A question that asks one player's decision (``said_by``) is settled by words only when
    ``told`` shows him, or nobody named, deciding."""
    facts: Facts = {}
    disputes = topic.incident == "play"  # what a card or a lead was, told two ways
    for question in topic.questions:
        choice = _phrase_choice(question, normalised, told, disputes)
        if choice is not None:
            facts[question.fact] = choice
    return facts


def _phrase_choice(
    question: Question, normalised: str, told: Told | None, disputes: bool = False
) -> str | None:
    """The one choice of ``question`` whose ``says`` words the description holds; with
    ``disputes``, not words inside one player's account against another's (a play fact:
    which card, whose lead)."""
    hits = set()
    for choice in question.choices:
        said_by = choice.said_by or question.said_by
        if any(
            _told_as_fact(says_pattern(p).search(normalised), normalised, disputes)
            and (said_by in (None, "anyone") or _decided_by(p, said_by, told))
            for p in choice.says
        ):
            hits.add(choice.id)
    return hits.pop() if len(hits) == 1 else None


def _told_as_fact(words: re.Match[str] | None, normalised: str, disputes: bool) -> bool:
    """Words found, and (with ``disputes``) not ending inside one party's account against
    another's ('E says W led out of turn, W says it was his lead'): what the director must
    establish is asked. Outside the play the accounts dispute whether it happened, not what
    kind of thing is at issue ('they say pd was slow, we say normal tempo': a hesitation)."""
    if words is None:
        return False
    return not disputes or not in_dispute(normalised, max(words.start(), words.end() - 1))


@dataclass(frozen=True)
class Told:
    """The description and the offender its reader identified: whose words a decision is."""

    description: Description
    offender: Seat | None
    offender_role: str | None = None
    """In the play, the side at fault as the topic's ``offender_role`` reads it ('declarer'
    for declarer's side, 'defender'): which side chooses (None: not known, or the auction)."""
    in_play: bool = False
    """The topic is about the play: roles (declarer, dummy, a defender) name the players."""


def _decided_by(pattern: str, said_by: str, told: Told | None) -> bool:
    """Whether the ``says`` words are the decision of the player ``said_by`` names (see
    :func:`bot.dialogue.deciders.decided_by`); unknown without the story."""
    if told is None:
        return False
    description = told.description
    words = says_pattern(pattern).search(description.story.text.lower())
    if words is None:
        return False  # found only once jargon was rewritten
    decider = Decider(said_by, told.offender, told.offender_role, told.in_play)
    story, play = description.story, description.play
    named_first = not pattern.startswith("^")  # words that begin where their subject does
    return decided_by(story, play, words.start(), words.end(), decider, named_first=named_first)


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


def _offender_side(
    topic: Topic, description: Description, reading: Reading, normalised: str
) -> str | None:
    """In the play, the side at fault as the topic's ``offender_role`` question reads it
    (proven by the story first, else told in words), to know which side chooses."""
    question = topic.question("offender_role")
    if question is None:
        return None
    proven = story_facts(topic, description).get("offender_role")
    return (
        proven
        or derived_choice(question, reading)
        or (
            _phrase_choice(question, normalised, None, topic.incident == "play")
            if question.said_by is None
            else None
        )
    )


_OFFENDER_KEYS = frozenset({"revoker_role"})
"""Reader facts naming the player at fault for a topic that reads him from one act only."""
_NO_FAULT = frozenset({("lead_event", "in_turn")})
"""Reader facts proving the act was no irregularity: nobody is 'the player at fault'."""


def without_fault(topic: Topic, facts: Facts) -> bool:
    """Whether the topic's facts, read or answered, say the act was no irregularity: a
    question the reader's no-fault fact would have settled holds that very value ('the
    opening lead came from declarer's LHO', answered)."""
    return any(
        facts.get(fact) == value
        for fact, keys in topic.derive.items()
        for key, value in _NO_FAULT
        if key in keys
    )


def facts_in(
    topic: Topic, description: Description, normalised: str, *, focus_wanted: bool = False
) -> Found:
    """Everything the description settles for ``topic``."""
    took: tuple[str, ...] = ()
    about: dict[str, str] = {}
    if topic.incident is None:
        facts = phrase_facts(topic, normalised, Told(description, None))
    else:
        reading = read_incident(description.reading, topic.incident, focus_wanted)
        offender = reading.details.get("offender")
        in_play = topic.incident == "play"
        side = _offender_side(topic, description, reading, normalised) if in_play else None
        told = Told(description, Seat.parse(offender) if offender else None, side, in_play)
        facts = phrase_facts(topic, normalised, told)
        for question in topic.questions:
            choice = derived_choice(question, reading)
            if choice is not None:
                facts[question.fact] = choice
        facts.update({f"_{key}": value for key, value in reading.details.items()})
        took, about = reading.took, reading.took_about
        derived = {q.derive for q in topic.questions if q.derive is not None}
        if "offender_role" not in derived and not derived & _OFFENDER_KEYS & set(reading.facts):
            # whose act the play reader found is no answer the topic takes (a revoke's
            # offender is read from the revoke alone): not told as 'the player at fault'
            took = tuple(t for t in took if reading.took_about.get(t) != "offender")
        if any(description.facts.get(key) == value for key, value in _NO_FAULT):
            # the ruling itself says the seats put the act in turn: nobody is at fault, and
            # there is no seat left to check
            took = tuple(t for t in took if t not in reading.took_about)
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
    return Found(facts, inferred, took, tuple(t for t in took if t in about))
