"""A ruling: which rule fired, with its effects and every Law it rests on.

The ruling is pure data; wording lives in templates. Citations gather from
earlier stages (e.g. Law 25 before Law 27), the rule, its notes and the
shared effects, so a template never has to remember to cite a law.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from bot.core.topics import Conclude, Facts, Stage


@dataclass(frozen=True)
class Ruling:
    topic: str
    rule: str
    facts: Facts
    notes: tuple[str, ...]
    effects: tuple[str, ...]
    citations: tuple[str, ...]
    stages: tuple[Stage, ...] = ()


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def build_ruling(
    topic_id: str,
    conclusion: Conclude,
    facts: Facts,
    effect_citations: Mapping[str, tuple[str, ...]],
    stages: tuple[Stage, ...] = (),
    sort_key: Callable[[str], tuple[int, str]] | None = None,
) -> Ruling:
    """Assemble the ruling for a fired rule; citations in law order, each once."""
    rule = conclusion.rule
    effects = _unique(
        [
            *(e for s in stages for e in s.effects),
            *rule.effects,
            *(e for n in conclusion.notes for e in n.effects),
        ]
    )
    citations = _unique(
        [
            *(c for s in stages for c in s.citations),
            *rule.citations,
            *(c for n in conclusion.notes for c in n.citations),
            *(c for e in effects for c in effect_citations.get(e, ())),
        ]
    )
    if sort_key is not None:
        citations = tuple(sorted(citations, key=sort_key))
    return Ruling(
        topic=topic_id,
        rule=rule.id,
        facts=dict(facts),
        notes=tuple(n.id for n in conclusion.notes),
        effects=effects,
        citations=citations,
        stages=stages,
    )
