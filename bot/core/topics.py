"""Topics: the reviewed decision data behind each ruling, and the engine that walks it.

A topic is a director's crib sheet: the questions the Laws need, and an
ordered list of rules, each a set of facts that, once all true, settle the
ruling. The engine asks only what the first still-possible rule needs, so a
question is never asked when the Laws do not turn on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Facts = dict[str, str]
"""What is known about an incident: fact key -> choice id."""

# The classes below are plain frozen data at run time: loading them from the knowledge cache
# needs no validation library. Their twins in ``bot/knowledge/schema.py`` validate the YAML
# (for ``rulingbot check`` and when the cache is out of date); a field added here is added
# there too, under the same name (a test compares the two).


@dataclass(frozen=True)
class Choice:
    """One answer to a question, with the phrases that settle it from a description."""

    id: str
    label: str
    short: str = ""
    """A few words for a phone's answer button, telling it apart from its siblings."""
    noted: str = ""
    """The answer as a statement of fact, for the ruling's 'Based on' list (default: label)."""
    says: tuple[str, ...] = ()
    """Regular expressions: when one matches the user's description, this is the answer."""
    answers: tuple[str, ...] = ()
    """Regular expressions read only as a reply to this question ("he meant it"), never in a
    description, where the same words could be about something else."""
    said_by: str | None = None
    """Whose decision this answer is, where it differs from its question's ``said_by``
    ('anyone': words telling what happened, not a choice, whoever says them)."""
    retold: bool = False
    """Once answered, the description is read again with this answer's ``noted`` statement
    added, as if the story had told it: the story's seats then settle what the answer makes
    them prove ('the opening lead' by declarer's LHO was in turn, Law 41A)."""


@dataclass(frozen=True)
class Question:
    fact: str
    ask: str
    help: str = ""
    choices: tuple[Choice, ...] = ()
    derive: str | None = None
    """A fact the reader may prove from the description's structure (see
    ``bot.dialogue.incident.DERIVED``); when it does, the question is not asked."""
    derive_map: dict[str, str] = field(default_factory=dict)
    """Derived value -> choice id, where they differ (a value not listed is used as is,
    if it is a choice; otherwise the question is asked)."""
    said_by: str | None = None
    """Whose decision the question asks: a player relative to the offender ('lho'), the
    declarer, or the side not at fault ('non_offending': in the play, declarer after a
    defender's irregularity, either defender after declarer's side's; never dummy). A choice's
    ``says`` words fill it only when that player, or nobody named, is their subject."""

    def choice(self, choice_id: str) -> Choice | None:
        return next((c for c in self.choices if c.id == choice_id), None)


Condition = dict[str, tuple[str, ...]]
"""Fact key -> the choice ids under which it holds."""


@dataclass(frozen=True)
class Reading:
    """A point the 2017 text leaves open: the ruling says which reading it follows, gives the
    other, and leaves the choice to the director; ``rulingbot check`` lists every one."""

    point: str
    """What the text does not settle, as a director would put it."""
    uses: str
    """The reading the rule follows."""
    other: str
    """The other reading."""


@dataclass(frozen=True)
class Rule:
    """An ordered decision rule; the first whose facts all hold gives the ruling.

    ``then`` continues into another topic (e.g. an intended call that is itself
    insufficient goes on under Law 27); ``carry`` copies facts across and
    ``set`` fixes facts in the next topic.
    """

    id: str
    when: Condition = field(default_factory=dict)
    citations: tuple[str, ...] = ()
    decisive: tuple[str, ...] = ()
    """The one or two Laws the headline names (default: the first two citations)."""
    effects: tuple[str, ...] = ()
    then: str | None = None
    carry: tuple[str, ...] = ()
    fixed: dict[str, str] = field(default_factory=dict)
    """Written ``set:`` in the topic file."""
    reading: Reading | None = None
    """Set when the rule rests on a reading of the Laws the text does not settle."""
    outcome: str = ""
    """What happens at the table, shared by rules that rule alike and differ only in the
    reason (too late: partner has called, or the lead is faced). While one of them already
    fires, a question that could only lead to another of them is not asked."""

    def status(self, facts: Facts) -> tuple[bool, list[str]]:
        """(still possible, facts still missing). Possible and none missing = fires."""
        missing = []
        for key, allowed in self.when.items():
            if key not in facts:
                missing.append(key)
            elif facts[key] not in allowed:
                return False, []
        return True, missing


@dataclass(frozen=True)
class Note:
    """An addition to whichever rule fires, when its facts hold (never asks)."""

    id: str
    when: Condition
    rules: tuple[str, ...] = ()
    """Only with these rules (empty: with any rule)."""
    citations: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    decisive: tuple[str, ...] = ()
    """The Laws the headline names instead of the rule's, when the note changes what happens
    (e.g. a double put in place of an insufficient bid: 27C and 27B3, not 27B1(a))."""

    def applies(self, facts: Facts, rule_id: str) -> bool:
        if self.rules and rule_id not in self.rules:
            return False
        return all(facts.get(k) in allowed for k, allowed in self.when.items())


@dataclass(frozen=True)
class DeriveGiven:
    """A reading that settles a question only once other facts are known ('it was LHO's
    lead' makes RHO's lead a defender's at the opening lead, not later): the reader's fact
    ``reading``, taken when every fact in ``when`` holds, answered or read."""

    reading: str
    when: Condition


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    summary: str
    laws: tuple[str, ...]
    short: str = ""
    """A few words for the topic's button in a menu (the title is in the message)."""
    incident: str | None = None
    """Which call the topic is about (a changed call, an insufficient bid, ...), so the reader
    can find it in the description, take its maker as the offender and derive facts for him."""
    rules_on: tuple[str, ...] = ()
    """Irregularities this topic rules on: a description that proves one starts it."""
    excluded_by: tuple[str, ...] = ()
    """What a description may prove that rules this topic out ('calls_in_rotation')."""
    derive: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Question fact -> the reader's facts that may settle it, the first proven taken."""
    derive_given: dict[str, DeriveGiven] = field(default_factory=dict)
    """Question fact -> a reading that settles it once an answer makes it hold."""
    aliases: tuple[str, ...] = ()
    names: dict[str, Condition] = field(default_factory=dict)
    """Call details the wording may name beyond the offender, the call and the last bid,
    each with the facts under which the reader's value is the right one to name."""
    questions: tuple[Question, ...] = ()
    rules: tuple[Rule, ...] = ()
    notes: tuple[Note, ...] = ()

    def question(self, fact: str) -> Question | None:
        return next((q for q in self.questions if q.fact == fact), None)

    def rule(self, rule_id: str) -> Rule:
        return next(r for r in self.rules if r.id == rule_id)


@dataclass(frozen=True)
class Ask:
    """The engine needs this fact before it can rule."""

    question: Question


@dataclass(frozen=True)
class Conclude:
    """The facts settle it: this rule fires, with these notes added."""

    rule: Rule
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Stuck:
    """No rule can fire: a hole in the knowledge (``rulingbot check`` reports it)."""

    reason: str


Step = Ask | Conclude | Stuck


def next_step(topic: Topic, facts: Facts) -> Step:
    """Walk the rules in order; ask what the first still-possible rule lacks, unless every
    answer leads to the same outcome as a later rule that the facts known already fire."""
    order = {q.fact: i for i, q in enumerate(topic.questions)}
    for at, rule in enumerate(topic.rules):
        possible, missing = rule.status(facts)
        if not possible:
            continue
        if not missing:
            notes = tuple(n for n in topic.notes if n.applies(facts, rule.id))
            return Conclude(rule, notes)
        settled = _settled_alike(topic, facts, at)
        if settled is not None:
            notes = tuple(n for n in topic.notes if n.applies(facts, settled.id))
            return Conclude(settled, notes)
        fact = min(missing, key=lambda key: order.get(key, len(order)))
        question = topic.question(fact)
        if question is None:
            return Stuck(f"rule {rule.id!r} needs fact {fact!r}, which no question asks")
        return Ask(question)
    return Stuck("no rule matches these facts: " + ", ".join(f"{k}={v}" for k, v in facts.items()))


def facts_on_path(topic: Topic, facts: Facts, rule_id: str) -> set[str]:
    """The facts the walk to ``rule_id`` consulted: each rule before it was passed over on
    its first known fact that does not hold, and the rule itself (with the notes added to
    it) rests on its own. A fact filled but never consulted decided nothing."""
    used: set[str] = set()
    for rule in topic.rules:
        if rule.id == rule_id:
            used.update(key for key in rule.when if key in facts)
            break
        for key, allowed in rule.when.items():
            if key in facts and facts[key] not in allowed:
                used.add(key)
                break
    for note in topic.notes:
        if note.applies(facts, rule_id):
            used.update(key for key in note.when if key in facts)
    return used


def _settled_alike(topic: Topic, facts: Facts, at: int) -> Rule | None:
    """The first rule after ``topic.rules[at]`` that already fires, when it and every rule
    still possible before it share one outcome: whatever the missing facts turn out to be,
    one of these fires, so asking them cannot change what happens (only the reason)."""
    outcome = topic.rules[at].outcome
    if not outcome:
        return None
    for rule in topic.rules[at + 1 :]:
        possible, missing = rule.status(facts)
        if not possible:
            continue
        if rule.outcome != outcome:
            return None
        if not missing:
            return rule
    return None


@dataclass(frozen=True)
class Stage:
    """One topic's part in an incident that moved on to another topic."""

    topic: str
    rule: str
    citations: tuple[str, ...]
    facts: Facts = field(default_factory=dict)
    effects: tuple[str, ...] = ()
    """Effects the earlier stage brought (e.g. LHO may withdraw his call, Law 25A6)."""

    @classmethod
    def of(cls, topic: str, step: Conclude, facts: Facts) -> Stage:
        """The record of a rule that handed over, with its notes folded in."""
        notes = step.notes
        return cls(
            topic,
            step.rule.id,
            (*step.rule.citations, *(c for n in notes for c in n.citations)),
            dict(facts),
            (*step.rule.effects, *(e for n in notes for e in n.effects)),
        )
