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
from bot.dialogue.description import Description
from bot.dialogue.incident import Reading, read_incident
from bot.dialogue.play_reader import clause_start
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


def phrase_facts(topic: Topic, normalised: str, told: Told | None = None) -> Facts:
    """Facts whose answer a choice's ``says`` phrases settle (exactly one choice matches).
    A question that asks one player's decision (``said_by``) is settled by words only when
    ``told`` shows him, or nobody named, deciding."""
    facts: Facts = {}
    for question in topic.questions:
        hits = {
            choice.id
            for choice in question.choices
            if any(
                says_pattern(p).search(normalised)
                and (question.said_by is None or _decided_by(p, question.said_by, told))
                for p in choice.says
            )
        }
        if len(hits) == 1:
            facts[question.fact] = hits.pop()
    return facts


@dataclass(frozen=True)
class Told:
    """The description and the offender its reader identified: whose words a decision is."""

    description: Description
    offender: Seat | None


_PASSIVE_BY = lazy_pattern(r"\s+by\s+")
_REPORTED = lazy_pattern(
    r"\)?\s+(?:says|said|say|told (?:us|me|them|the td|the director)|thinks|thought|decided|"
    r"replied|answered|announced)(?:\s+that)?\s+"
)
"""Between a player and the pronoun after him: his own words reported ('lho said she'd')."""


def _decided_by(pattern: str, said_by: str, told: Told | None) -> bool:
    """'lho accepted', 'i dont want to accept', 'it was accepted': the player who decides is
    the one named last before the words in their clause ('accepted by pd': after them), and
    must be the player the question asks about; words with nobody named are his. A side
    ('we didn't accept', 'opps declined') decides when he is one of them. Words found only
    once jargon was rewritten, a pronoun not placed, an opponent not seated: unknown."""
    if told is None:
        return False
    story = told.description.story
    lowered = story.text.lower()
    words = says_pattern(pattern).search(lowered)
    if words is None:
        return False
    by = _PASSIVE_BY.match(lowered, words.end())
    floor = clause_start(lowered, words.end())
    named = [
        ref
        for ref in story.players
        if floor <= ref.start < words.end() or (by is not None and ref.start == by.end())
    ]
    offender = told.offender
    deciding = None
    if offender is not None:
        deciding = {"offender": offender, "partner": offender.partner, "lho": offender.lho}.get(
            said_by, offender.rho
        )
    after = named[-1].start if named else floor
    sides = [m for m in _SIDE.finditer(lowered, floor, words.end()) if m.end() > after]
    if by is None and sides:
        return deciding in _side_seats(sides[-1], story.speaker)
    if not named:
        return True
    comma = lowered.rfind(",", named[-1].end, words.end())
    participle = _PARTICIPLE.match(lowered, comma) if comma >= 0 else None
    if by is None and participle is not None and participle.end() >= words.end():
        return True  # 'pd bid 2H after 3C, not accepted': told with nobody as its subject
    subject = named[-1]
    if subject.kind == "pronoun" and len(named) > 1:
        reported = _REPORTED.fullmatch(lowered, named[-2].end, subject.start)
        subject = named[-2] if reported else subject  # 'rho says he accepts it': rho
    side = _SIDE.fullmatch(subject.words.lower())
    if subject.kind == "opponent" and side is not None:
        return deciding in _side_seats(side, story.speaker)
    if subject.kind == "next":
        return said_by == "lho"  # 'the next player' after the offender is his LHO
    if subject.kind == "possessed" and subject.seat is None and offender is None:
        return subject.relation == said_by  # 'Bob bid 1S over 1NT. His LHO accepted'
    return deciding is not None and subject.seat == deciding


_PARTICIPLE = lazy_pattern(
    r",\s*(?:(?:it|that|this)\s+)?(?:(?:was|wasn't|is|isn't|got|been|not|never)\s+)*[a-z]+ed\b"
)
"""After a comma, a decision told as done with no subject ('..., not accepted')."""
_SIDE = lazy_pattern(
    r"\b(?:(?P<we>we|us)|opps|opponents|the opponents|the opps"
    r"|(?P<ns>n/s|ns|n-s|north-south)|(?P<ew>e/w|ew|e-w|east-west))\b"
)
"""A side named as one: the speaker's ('we'), the other ('opps'), or a pair by its seats."""


def _side_seats(side: re.Match[str], speaker: Seat | None) -> tuple[Seat, ...]:
    """The seats of the side named (none when it is told relative to an unplaced speaker)."""
    if side.group("ns") is not None:
        return (Seat.NORTH, Seat.SOUTH)
    if side.group("ew") is not None:
        return (Seat.EAST, Seat.WEST)
    if speaker is None:
        return ()
    if side.group("we") is not None:
        return (speaker, speaker.partner)
    return (speaker.lho, speaker.rho)


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


_OFFENDER_KEYS = frozenset({"revoker_role"})
"""Reader facts naming the player at fault for a topic that reads him from one act only."""
_NO_FAULT = frozenset({("lead_event", "in_turn")})
"""Reader facts proving the act was no irregularity: nobody is 'the player at fault'."""


def facts_in(
    topic: Topic, description: Description, normalised: str, *, focus_wanted: bool = False
) -> Found:
    """Everything the description settles for ``topic``."""
    took: tuple[str, ...] = ()
    if topic.incident is None:
        facts = phrase_facts(topic, normalised, Told(description, None))
    else:
        reading = read_incident(description.reading, topic.incident, focus_wanted)
        offender = reading.details.get("offender")
        told = Told(description, Seat.parse(offender) if offender else None)
        facts = phrase_facts(topic, normalised, told)
        for question in topic.questions:
            choice = derived_choice(question, reading)
            if choice is not None:
                facts[question.fact] = choice
        facts.update({f"_{key}": value for key, value in reading.details.items()})
        took = reading.took
        derived = {q.derive for q in topic.questions if q.derive is not None}
        if "offender_role" not in derived and not derived & _OFFENDER_KEYS & set(reading.facts):
            # whose act the play reader found is no answer the topic takes (a revoke's
            # offender is read from the revoke alone): not told as 'the player at fault'
            took = tuple(t for t in took if not t.startswith("the player at fault"))
    facts.update(story_facts(topic, description))  # proven by events: the last word
    if any(description.facts.get(key) == value for key, value in _NO_FAULT):
        took = tuple(
            t
            for t in took
            if not t.startswith("the player at fault") and "check the seats" not in t
        )  # the ruling itself says the seats put the act in turn
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
