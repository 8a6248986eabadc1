"""``rulingbot check``: prove the knowledge is whole before a user relies on it.

Beyond the shape checks done at load, this walks every path through every
topic (following hand-overs into other topics) and reports, with file and
key: citations missing from the law index, unknown effects or hand-over
targets, paths that end without a ruling, questions or rules no path
reaches, a fact asked twice on one path, and templates that fail to render.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.core.ruling import Ruling
from bot.core.topics import Ask, Conclude, Facts, Question, Stage, Stuck, Topic, next_step
from bot.dialogue.description import IRREGULARITIES, STORY_FACTS
from bot.dialogue.incident import DERIVED, INCIDENT_KINDS
from bot.knowledge import Knowledge
from bot.render import FORMATS, Renderer, placeholder_problems

MAX_DEPTH = 40
SAMPLE_DETAILS: Facts = {
    "_offender": "E",
    "_call": "1♠",
    "_intended": "1♥",
    "_last_bid": "1NT",
    "_lowest": "2♥",
}
MARKED_DETAILS: Facts = {
    "_offender": "E",
    "_call": "7♣",
    "_intended": "6♦",
    "_last_bid": "7NT",
    "_lowest": "5♠",
}
"""Details with values no template writes by itself, to see which a ruling names."""
DEFAULT_NAMES = ("offender", "call", "last_bid")
"""Details any topic about a call may name; others need the topic's ``names:``."""
ASK = "ask"
"""In a ``derive_map``: this derived value is not enough, ask the question."""


@dataclass(frozen=True)
class Asked:
    """A question asked on a path: the same wording twice on one path is a mistake (the
    same fact name asked afresh by another topic, in other words, is not)."""

    topic: str
    fact: str
    ask: str


@dataclass(frozen=True)
class Leaf:
    """One complete path: the stages passed through and the rule that ruled."""

    topic: str
    rule: str
    facts: Facts
    stages: tuple[Stage, ...]
    asked: tuple[Asked, ...]


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
    asked: tuple[Asked, ...],
) -> Iterator[Leaf | str]:
    where = knowledge.sources.get(topic.id, topic.id)
    if len(asked) > MAX_DEPTH:
        yield f"{where}: a path asks more than {MAX_DEPTH} questions: {_path(asked)}"
        return
    step = next_step(topic, facts)
    if isinstance(step, Stuck):
        path = ", ".join(f"{k}={v}" for k, v in facts.items()) or "(start)"
        yield f"{where}: path {path} ends without a ruling: {step.reason}"
        return
    if isinstance(step, Ask):
        fact = step.question.fact
        label = Asked(topic.id, fact, step.question.ask)
        if any((a.fact, a.ask) == (fact, label.ask) for a in asked):
            yield f"{where}: questions.{fact}: asked twice on one path ({_path(asked)})"
            return
        for choice in step.question.choices:
            yield from _walk(knowledge, topic, {**facts, fact: choice.id}, stages, (*asked, label))
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
    if any((s.topic, s.rule) == (topic.id, rule.id) for s in stages):
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
    _check_authoring(knowledge, problems)
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


def readings(knowledge: Knowledge) -> list[str]:
    """Every rule that rests on a reading the Laws leave open, for a director to review in
    one place: file, rule, the open point, the reading used and the other one."""
    out = []
    for topic in knowledge.topics.values():
        where = knowledge.sources.get(topic.id, topic.id)
        for rule in topic.rules:
            if rule.reading is not None:
                r = rule.reading
                out.append(
                    f"{where}: rules.{rule.id} ({', '.join(rule.citations)}): {r.point}\n"
                    f"      follows: {r.uses}\n      other: {r.other}"
                )
    return out


def _path(asked: tuple[Asked, ...]) -> str:
    return " > ".join(a.fact for a in asked)


def _mark_asked(knowledge: Knowledge, leaf: Leaf, asked: dict[str, set[str]]) -> None:
    for label in leaf.asked:
        asked[label.topic].add(label.fact)


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
                for citation in item.decisive:
                    if not laws.has(citation):
                        problems.append(
                            f"{where}: {group}.{item.id}.decisive: {citation!r} "
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


def _check_authoring(knowledge: Knowledge, problems: list[str]) -> None:
    """Mistakes a reviewer would not see in the file: ids used twice, a phrase two choices
    share, a derived fact the reader does not know, a topic about a call with no kind, an
    outcome no other rule shares."""
    for topic in knowledge.topics.values():
        where = knowledge.sources.get(topic.id, topic.id)
        for kind, ids in (
            ("question", [q.fact for q in topic.questions]),
            ("rule", [r.id for r in topic.rules]),
            ("note", [n.id for n in topic.notes]),
        ):
            for item, count in Counter(ids).items():
                if count > 1:
                    problems.append(f"{where}: {kind} {item!r} is defined {count} times")
        outcomes = Counter(r.outcome for r in topic.rules if r.outcome)
        for outcome, count in outcomes.items():
            if count == 1:  # one rule alone: a misspelt outcome would silently skip nothing
                problems.append(f"{where}: outcome {outcome!r} is shared by no other rule")
        if topic.incident is not None and topic.incident not in INCIDENT_KINDS:
            problems.append(f"{where}: incident: {topic.incident!r} is not one of {INCIDENT_KINDS}")
        _check_story_keys(topic, where, problems)
        for question in topic.questions:
            for choice_id, count in Counter(c.id for c in question.choices).items():
                if count > 1:
                    problems.append(
                        f"{where}: questions.{question.fact}: choice {choice_id!r} is defined "
                        f"{count} times"
                    )
            owners: dict[str, str] = {}
            for choice in question.choices:
                for pattern in choice.says:
                    if pattern in owners and owners[pattern] != choice.id:
                        problems.append(
                            f"{where}: questions.{question.fact}: says pattern {pattern!r} is "
                            f"shared by choices {owners[pattern]!r} and {choice.id!r}"
                        )
                    owners[pattern] = choice.id
            _check_derive(topic, question, where, problems)
            _check_placeholders(question, where, problems)
        for note in topic.notes:
            for fact in note.when:
                if not fact.startswith("_") and topic.question(fact) is None:
                    problems.append(f"{where}: notes.{note.id}.when: no question asks {fact!r}")
        for detail in topic.names:
            if detail in DEFAULT_NAMES:
                continue
            for fact in topic.names[detail]:
                if topic.question(fact) is None:
                    problems.append(f"{where}: names.{detail}: no question asks {fact!r}")
    for subject in knowledge.uncovered.values():
        named = [("laws", law) for law in subject.laws]
        named += [("regulated_by", subject.regulated_by)] if subject.regulated_by else []
        for key, law in named:
            if not knowledge.laws.has(law):
                problems.append(
                    f"knowledge/{knowledge.edition.id}/uncovered.yaml: {subject.id}.{key}: "
                    f"{law!r} is not in the law index"
                )


def _check_story_keys(topic: Topic, where: str, problems: list[str]) -> None:
    """``rules_on``/``excluded_by`` name irregularities the reader proves; ``derive`` (and
    ``derive_given``, once its answers hold) maps a question to a fact the reader proves,
    with values among the question's choices."""
    for key, names in (("rules_on", topic.rules_on), ("excluded_by", topic.excluded_by)):
        for name in names:
            if name not in IRREGULARITIES:
                problems.append(f"{where}: {key}: the reader proves no {name!r}")
    for fact, keys in topic.derive.items():
        _check_reader_facts(topic, f"{where}: derive.{fact}", fact, keys, problems)
    for fact, given in topic.derive_given.items():
        _check_reader_facts(
            topic, f"{where}: derive_given.{fact}", fact, (given.reading,), problems
        )
        for key, ids in given.when.items():
            asked = topic.question(key)
            if asked is None or any(asked.choice(i) is None for i in ids):
                problems.append(f"{where}: derive_given.{fact}: when.{key} is no answer")


def _check_reader_facts(
    topic: Topic, where: str, fact: str, keys: tuple[str, ...], problems: list[str]
) -> None:
    """Each reader fact that may answer ``fact`` exists and has a value among its choices."""
    question = topic.question(fact)
    if question is None:
        problems.append(f"{where}: no question asks it")
        return
    for key in keys:
        values = STORY_FACTS.get(key)
        if values is None:
            problems.append(f"{where}: the reader proves no fact {key!r}")
        elif not any(question.choice(v) is not None for v in values):
            problems.append(f"{where}: no value of {key} is a choice")


def _check_placeholders(question: Question, where: str, problems: list[str]) -> None:
    """Every '{...}' in a question's words names a player the renderer knows."""
    texts = [("ask", question.ask), ("help", question.help)]
    for choice in question.choices:
        for key in ("label", "short", "noted"):
            texts.append((f"{choice.id}.{key}", getattr(choice, key)))
    for key, text in texts:
        for problem in placeholder_problems(text):
            problems.append(f"{where}: questions.{question.fact}.{key}: {problem}")


def _check_derive(topic: Topic, question: Question, where: str, problems: list[str]) -> None:
    if question.derive is None:
        if question.derive_map:
            problems.append(f"{where}: questions.{question.fact}: derive_map without derive")
        return
    if topic.incident is None:
        problems.append(
            f"{where}: questions.{question.fact}.derive: the topic has no incident: to read it from"
        )
    values = DERIVED.get(question.derive)
    if values is None:
        problems.append(
            f"{where}: questions.{question.fact}.derive: the reader proves no fact "
            f"{question.derive!r} (known: {', '.join(sorted(DERIVED))})"
        )
        return
    for value, choice in question.derive_map.items():
        if value not in values:
            problems.append(
                f"{where}: questions.{question.fact}.derive_map: {question.derive} is never "
                f"{value!r}"
            )
        if choice != ASK and question.choice(choice) is None:
            problems.append(
                f"{where}: questions.{question.fact}.derive_map.{value}: {choice!r} is not a choice"
            )
    if not any(question.choice(question.derive_map.get(v, v)) for v in values):
        problems.append(
            f"{where}: questions.{question.fact}.derive: no value of {question.derive} "
            "maps to a choice"
        )


def _named_details(topic: Topic, facts: Facts) -> set[str]:
    """The details a ruling on these facts may name: call facts the rule guarantees."""
    allowed = set(DEFAULT_NAMES) if topic.incident is not None else {"offender"}
    for detail, condition in topic.names.items():
        if all(facts.get(k) in values for k, values in condition.items()):
            allowed.add(detail)
    return allowed


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
        _check_naming(knowledge, renderer, leaf.topic, leaf.rule, leaf.facts, report.problems)
        for stage in leaf.stages:
            _check_naming(
                knowledge, renderer, stage.topic, stage.rule, stage.facts, report.problems
            )
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


def _check_naming(
    knowledge: Knowledge,
    renderer: Renderer,
    topic_id: str,
    rule_id: str,
    facts: Facts,
    problems: list[str],
) -> None:
    """A rule's words may name only the calls its facts guarantee (e.g. the cheapest bid
    in the same denomination only when the insufficient bid was natural)."""
    topic = knowledge.topics[topic_id]
    marked = {**facts, **MARKED_DETAILS}
    try:
        text = renderer.topic_text("text", topic_id, rule_id, marked)
        text += "\n".join(renderer.option_lines("text", topic_id, rule_id, marked))
        text += "\n" + renderer.headline("text", topic_id, rule_id, marked)
    except Exception:  # reported by the rendering check
        return
    allowed = _named_details(topic, facts)
    for key, value in MARKED_DETAILS.items():
        detail = key[1:]
        if detail == "offender" or detail in allowed or value not in text:
            continue
        problem = (
            f"templates/topics/{topic_id}.j2: rule {rule_id!r} names the {detail} call, which "
            f"its facts do not guarantee (add it to the topic's names: with the facts that do)"
        )
        if problem not in problems:
            problems.append(problem)
