"""``rulingbot check``: prove the knowledge is whole before a user relies on it.

Beyond the shape checks done at load, this walks every path through every
topic (following hand-overs into other topics) and reports, with file and
key: citations missing from the law index, unknown effects or hand-over
targets, paths that end without a ruling, questions or rules no path
reaches, a fact asked twice on one path, and templates that fail to render.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.core.ruling import Ruling
from bot.core.topics import Ask, Conclude, Facts, Stage, Stuck, Topic, next_step
from bot.knowledge import Knowledge
from bot.render import FORMATS, Renderer

MAX_DEPTH = 40
SAMPLE_DETAILS: Facts = {
    "_offender": "E",
    "_call": "1♠",
    "_intended": "1♥",
    "_last_bid": "1NT",
    "_lowest": "2♥",
}


@dataclass(frozen=True)
class Leaf:
    """One complete path: the stages passed through and the rule that ruled."""

    topic: str
    rule: str
    facts: Facts
    stages: tuple[Stage, ...]
    asked: tuple[str, ...]


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    leaves: list[Leaf] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def walk(knowledge: Knowledge, topic: Topic, facts: Facts | None = None) -> Iterator[Leaf | str]:
    """Every path from ``facts`` (default: nothing known): leaves, or problem strings."""
    yield from _walk(knowledge, topic, dict(facts or {}), (), ())


def _walk(
    knowledge: Knowledge,
    topic: Topic,
    facts: Facts,
    stages: tuple[Stage, ...],
    asked: tuple[str, ...],
) -> Iterator[Leaf | str]:
    where = knowledge.sources.get(topic.id, topic.id)
    if len(asked) > MAX_DEPTH:
        yield f"{where}: a path asks more than {MAX_DEPTH} questions: {' > '.join(asked)}"
        return
    step = next_step(topic, facts)
    if isinstance(step, Stuck):
        path = ", ".join(f"{k}={v}" for k, v in facts.items()) or "(start)"
        yield f"{where}: path {path} ends without a ruling: {step.reason}"
        return
    if isinstance(step, Ask):
        fact = step.question.fact
        if fact in asked:
            yield f"{where}: questions.{fact}: asked twice on one path ({' > '.join(asked)})"
            return
        for choice in step.question.choices:
            yield from _walk(knowledge, topic, {**facts, fact: choice.id}, stages, (*asked, fact))
        return
    assert isinstance(step, Conclude)
    rule = step.rule
    if rule.then is None:
        yield Leaf(topic.id, rule.id, facts, stages, asked)
        return
    following = knowledge.topics.get(rule.then)
    if following is None:
        yield f"{where}: rules.{rule.id}.then: no topic {rule.then!r}"
        return
    if any(s.topic == following.id for s in stages) or following.id == topic.id:
        yield f"{where}: rules.{rule.id}.then: hand-over loops back to {following.id!r}"
        return
    stage = Stage.of(topic.id, step, facts)
    carried = {k: facts[k] for k in rule.carry if k in facts}
    fixed = {k: v for k, v in rule.fixed.items() if not k.startswith("_")}
    yield from _walk(knowledge, following, {**carried, **fixed}, (*stages, stage), asked)


def check(knowledge: Knowledge, renderer: Renderer | None = None) -> Report:
    """Run every check; the report lists problems (empty when all is well)."""
    renderer = renderer or Renderer(knowledge)
    report = Report()
    problems = report.problems
    _check_references(knowledge, problems)
    asked: dict[str, set[str]] = {t: set() for t in knowledge.topics}
    fired: dict[str, set[str]] = {t: set() for t in knowledge.topics}
    for topic in knowledge.topics.values():
        for item in walk(knowledge, topic):
            if isinstance(item, str):
                if item not in problems:
                    problems.append(item)
                continue
            report.leaves.append(item)
            fired[item.topic].add(item.rule)
            for stage in item.stages:
                fired[stage.topic].add(stage.rule)
            _mark_asked(knowledge, item, asked)
    for topic in knowledge.topics.values():
        where = knowledge.sources.get(topic.id, topic.id)
        for question in topic.questions:
            if question.fact not in asked[topic.id]:
                problems.append(f"{where}: questions.{question.fact}: no path ever asks it")
        for rule in topic.rules:
            if rule.id not in fired[topic.id]:
                problems.append(f"{where}: rules.{rule.id}: no path ever reaches it")
    _check_templates(knowledge, renderer, report)
    return report


def _mark_asked(knowledge: Knowledge, leaf: Leaf, asked: dict[str, set[str]]) -> None:
    for fact in leaf.asked:
        for topic_id in (leaf.topic, *(s.topic for s in leaf.stages)):
            if knowledge.topics[topic_id].question(fact) is not None:
                asked[topic_id].add(fact)


def _check_references(knowledge: Knowledge, problems: list[str]) -> None:
    laws = knowledge.laws
    for key, effect in knowledge.effects.items():
        for citation in effect.citations:
            if not laws.has(citation):
                problems.append(
                    f"knowledge/{knowledge.edition.id}/effects.yaml: {key}.citations: "
                    f"{citation!r} is not in the law index"
                )
    for topic in knowledge.topics.values():
        where = knowledge.sources.get(topic.id, topic.id)
        for law in topic.laws:
            if not laws.has(law):
                problems.append(f"{where}: laws: {law!r} is not in the law index")
        for group, items in (("rules", topic.rules), ("notes", topic.notes)):
            for item in items:
                for citation in item.citations:
                    if not laws.has(citation):
                        problems.append(
                            f"{where}: {group}.{item.id}.citations: {citation!r} "
                            "is not in the law index"
                        )
                for effect_id in item.effects:
                    if effect_id not in knowledge.effects:
                        problems.append(
                            f"{where}: {group}.{item.id}.effects: no effect {effect_id!r} "
                            "in effects.yaml"
                        )
        for rule in topic.rules:
            if rule.then is None and not rule.citations:
                problems.append(f"{where}: rules.{rule.id}: a ruling must cite at least one law")
            for fact, values in rule.when.items():
                question = topic.question(fact)
                if question is None:
                    problems.append(f"{where}: rules.{rule.id}.when: no question asks {fact!r}")
                    continue
                for value in values:
                    if question.choice(value) is None:
                        problems.append(
                            f"{where}: rules.{rule.id}.when.{fact}: {value!r} is not a choice"
                        )
            if rule.then is not None and rule.then in knowledge.topics:
                target = knowledge.topics[rule.then]
                for fact, value in rule.fixed.items():
                    if fact.startswith("_"):
                        continue
                    question = target.question(fact)
                    if question is None or question.choice(value) is None:
                        problems.append(
                            f"{where}: rules.{rule.id}.set.{fact}: {value!r} is not an answer "
                            f"topic {rule.then!r} knows"
                        )
        for note in topic.notes:
            for rule_id in note.rules:
                if rule_id not in {r.id for r in topic.rules}:
                    problems.append(f"{where}: notes.{note.id}.rules: no rule {rule_id!r}")


def leaf_ruling(knowledge: Knowledge, leaf: Leaf, details: Facts | None = None) -> Ruling:
    """The ruling a walked path ends in, optionally with seat and call details filled in."""
    details = details or {}
    facts = {**leaf.facts, **details}
    topic = knowledge.topics[leaf.topic]
    rule = topic.rule(leaf.rule)
    notes = tuple(n for n in topic.notes if n.applies(facts, rule.id))
    stages = tuple(
        Stage(s.topic, s.rule, s.citations, {**s.facts, **details}, s.effects) for s in leaf.stages
    )
    return knowledge.ruling(leaf.topic, Conclude(rule, notes), facts, stages)


def _check_templates(knowledge: Knowledge, renderer: Renderer, report: Report) -> None:
    """Render every leaf, with and without seat/call details, in every format."""
    seen: set[tuple[str, str, tuple[tuple[str, str], ...]]] = set()
    handovers: set[tuple[str, str]] = set()
    for leaf in report.leaves:
        key = (leaf.topic, leaf.rule, tuple(sorted(leaf.facts.items())))
        if key in seen:
            continue
        seen.add(key)
        for details in ({}, SAMPLE_DETAILS):
            ruling = leaf_ruling(knowledge, leaf, details)
            for fmt in FORMATS:
                try:
                    text = renderer.ruling(ruling, fmt)
                except Exception as exc:  # report, don't crash: the reviewer needs the name
                    report.problems.append(
                        f"templates/topics/{leaf.topic}.j2: rule {leaf.rule!r} ({fmt}) "
                        f"does not render: {exc}"
                    )
                    continue
                if not text.strip():
                    report.problems.append(
                        f"templates/topics/{leaf.topic}.j2: rule {leaf.rule!r} renders empty"
                    )
        for stage in leaf.stages:
            if (stage.topic, stage.rule) in handovers:
                continue
            handovers.add((stage.topic, stage.rule))
            for fmt in FORMATS:
                try:
                    renderer.stage_message(stage.topic, stage.rule, stage.facts, fmt)
                except Exception as exc:
                    report.problems.append(
                        f"templates/topics/{stage.topic}.j2: hand-over {stage.rule!r} ({fmt}) "
                        f"does not render: {exc}"
                    )
