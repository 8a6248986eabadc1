"""The shape every knowledge file must have, checked with pydantic.

Validation runs for ``rulingbot check`` and whenever the knowledge cache is out of date;
a command that finds the cache current never imports this module (pydantic alone costs
more start-up time than all of Jinja2, PyYAML and rapidfuzz together). Each model below
names its run-time twin (``runtime``): a plain frozen dataclass in ``bot/core/topics.py``
or ``bot/knowledge/__init__.py``, with the same field names, which :func:`to_runtime`
fills. To add a field to the knowledge format, add it to both classes under one name;
``tests/test_knowledge_cache.py`` fails when the two disagree.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

import bot.knowledge as model
from bot.core import topics as run

Condition = dict[str, tuple[str, ...]]

SHORT_LABEL_CHARS = 28
"""A button label this short fits one phone-wide Telegram button without being cut (and
stays far inside the 64 bytes Telegram keeps of callback data and labels alike)."""


def _short_label(value: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError("a short label is needed for the phone's button")
    if len(value) > SHORT_LABEL_CHARS or len(value.encode()) > 64:
        raise ValueError(f"{value!r} is longer than {SHORT_LABEL_CHARS} characters")
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    runtime: ClassVar[type]
    """The dataclass a validated instance becomes (see :func:`to_runtime`)."""


def _as_condition(raw: object) -> Condition:
    """``when:`` maps a fact to one choice id or a list of them; always a tuple here."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError("must map fact keys to a choice id or a list of choice ids")
    out: Condition = {}
    for key, value in raw.items():
        values = value if isinstance(value, list | tuple) else [value]
        out[str(key)] = tuple(str(v) for v in values)
    return out


# -- topics (run time: bot/core/topics.py) ------------------------------------------------


SaidBy = Literal["offender", "partner", "lho", "rho", "declarer", "non_offending"]
"""Whose decision a question asks (see ``bot.dialogue.deciders``)."""


class Choice(Strict):
    runtime = run.Choice
    id: str
    label: str
    short: str
    noted: str = ""
    says: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    said_by: SaidBy | Literal["anyone"] | None = None
    retold: bool = False

    _check_short = field_validator("short")(_short_label)


class Question(Strict):
    runtime = run.Question
    fact: str
    ask: str
    help: str = ""
    choices: tuple[Choice, ...] = Field(min_length=2)
    derive: str | None = None
    derive_map: dict[str, str] = Field(default_factory=dict)
    said_by: SaidBy | None = None

    @model_validator(mode="after")
    def _distinct_shorts(self) -> Question:
        from bot.dialogue.answers import UNSURE  # every question also offers the way out

        seen: set[str] = {UNSURE.short.lower()}
        for choice in {c.id: c for c in self.choices}.values():  # a repeated id: `check` says so
            if choice.short.lower() in seen:
                raise ValueError(f"two buttons of {self.fact!r} would read {choice.short!r}")
            seen.add(choice.short.lower())
        return self


class Reading(Strict):
    runtime = run.Reading
    point: str
    uses: str
    other: str


class DeriveGiven(Strict):
    runtime = run.DeriveGiven
    reading: str
    when: Condition

    _check_when = field_validator("when", mode="before")(_as_condition)


class Rule(Strict):
    runtime = run.Rule
    id: str
    when: Condition = Field(default_factory=dict)
    citations: tuple[str, ...] = ()
    decisive: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    then: str | None = None
    carry: tuple[str, ...] = ()
    fixed: dict[str, str] = Field(default_factory=dict, alias="set")
    reading: Reading | None = None
    outcome: str = ""

    _check_when = field_validator("when", mode="before")(_as_condition)


class Note(Strict):
    runtime = run.Note
    id: str
    when: Condition
    rules: tuple[str, ...] = ()
    citations: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    decisive: tuple[str, ...] = ()

    _check_when = field_validator("when", mode="before")(_as_condition)


class Topic(Strict):
    runtime = run.Topic
    id: str
    title: str
    summary: str
    laws: tuple[str, ...]
    short: str
    incident: str | None = None
    rules_on: tuple[str, ...] = ()
    excluded_by: tuple[str, ...] = ()
    derive: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    derive_given: dict[str, DeriveGiven] = Field(default_factory=dict)
    aliases: tuple[str, ...] = Field(min_length=1)
    names: dict[str, Condition] = Field(default_factory=dict)
    questions: tuple[Question, ...] = ()
    rules: tuple[Rule, ...] = Field(min_length=1)
    notes: tuple[Note, ...] = ()

    _check_short = field_validator("short")(_short_label)

    @field_validator("derive", mode="before")
    @classmethod
    def _derive_lists(cls, raw: object) -> object:
        """``derive:`` maps a question to the reader's fact, or to a list of them (the first
        the story proves is taken)."""
        if not isinstance(raw, dict):
            return raw
        return {k: (v,) if isinstance(v, str) else v for k, v in raw.items()}

    @field_validator("names", mode="before")
    @classmethod
    def _check_names(cls, raw: object) -> dict[str, Condition]:
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            raise ValueError("must map a detail (intended, lowest, ...) to the facts that allow it")
        return {str(k): _as_condition(v) for k, v in raw.items()}


# -- the rest of an edition (run time: bot/knowledge/__init__.py) ----------------------------


class Edition(Strict):
    runtime = model.Edition
    id: str
    name: str
    short: str
    year: int


class Law(Strict):
    runtime = model.Law
    number: int = Field(ge=1, le=93)
    title: str
    summary: str
    subsections: dict[str, str] = Field(default_factory=dict)


class Effect(Strict):
    runtime = model.Effect
    id: str
    section: Literal["offenders", "information", "director"]
    citations: tuple[str, ...] = ()


class Jurisdiction(Strict):
    runtime = model.Jurisdiction
    name: str
    source: str


class RegulationNote(Strict):
    runtime = model.RegulationNote
    topics: tuple[str, ...]
    texts: dict[str, str]


class Regulations(Strict):
    runtime = model.Regulations
    jurisdictions: dict[str, Jurisdiction]
    notes: dict[str, RegulationNote]


class Subject(Strict):
    runtime = model.Subject
    id: str
    title: str
    laws: tuple[str, ...] = ()
    aliases: tuple[str, ...] = Field(min_length=1)
    regulated_by: str = ""


class Example(Strict):
    runtime = model.Example
    text: str = Field(min_length=1)
    topic: str
    facts: dict[str, str] = Field(default_factory=dict)

    @field_validator("facts", mode="before")
    @classmethod
    def _facts_as_text(cls, raw: object) -> object:
        """YAML reads ``yes``/``no`` as booleans; a choice id is text."""
        if isinstance(raw, dict):
            return {
                str(k): (("yes" if v else "no") if isinstance(v, bool) else str(v))
                for k, v in raw.items()
            }
        return raw


class JargonRule(Strict):
    runtime = model.JargonRule
    pattern: str
    means: str


MODELS: tuple[type[Strict], ...] = (
    Choice,
    Question,
    Reading,
    Rule,
    Note,
    Topic,
    Edition,
    Law,
    Effect,
    Jurisdiction,
    RegulationNote,
    Regulations,
    Subject,
    Example,
    JargonRule,
)
"""Every validating model (the field-parity test walks these)."""


def to_runtime(value: Any) -> Any:
    """A validated model (and everything inside it) as its plain run-time dataclasses."""
    if isinstance(value, Strict):
        cls = value.runtime
        return cls(**{f.name: to_runtime(getattr(value, f.name)) for f in fields(cls)})
    if isinstance(value, tuple):
        return tuple(to_runtime(v) for v in value)
    if isinstance(value, dict):
        return {k: to_runtime(v) for k, v in value.items()}
    return value
