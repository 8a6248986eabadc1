"""Load the reviewed knowledge (law index, topics, effects, jargon) for one edition.

Everything a director might review is data under ``knowledge/``; this module
reads it, validates its shape (with the pydantic models in ``schema.py``), and reports
problems with the file and key so that a reviewer can fix them without reading Python.
At run time the knowledge is plain frozen dataclasses, kept validated between runs by
``cache.py``: a command whose knowledge files have not changed reads no YAML.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from bot.core.ruling import Ruling, build_ruling
from bot.core.topics import Conclude, Facts, Stage, Topic
from bot.knowledge import cache
from bot.lazy import lazy_pattern

DATA_FOLDER = "_data"
"""Where a built wheel carries knowledge/ and templates/ inside the package (setup.py)."""


def _package_root() -> Path:
    """The folder holding knowledge/ and templates/: ``$RULINGBOT_HOME`` if set, else the
    copy an installed wheel ships in ``bot/_data``, else the checkout around ``bot/`` (the
    source tree, or an editable install of it)."""
    configured = os.environ.get("RULINGBOT_HOME")
    if configured:
        return Path(configured)
    package = Path(__file__).resolve().parents[1]
    shipped = package / DATA_FOLDER
    return shipped if (shipped / "knowledge").is_dir() else package.parent


PACKAGE_ROOT = _package_root()
DEFAULT_KNOWLEDGE = PACKAGE_ROOT / "knowledge"

CITATION_RE = lazy_pattern(r"^(?P<law>\d{1,2})(?P<rest>[A-H](\d+(\([a-z]+\))*)?)?$")


class KnowledgeError(Exception):
    """One or more problems in the knowledge files, each naming file and key."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


# Run-time classes: plain frozen data. Their validating twins are in ``schema.py``.


@dataclass(frozen=True)
class Edition:
    id: str
    name: str
    short: str
    year: int


@dataclass(frozen=True)
class Law:
    number: int
    title: str
    summary: str
    subsections: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Effect:
    id: str
    section: Literal["offenders", "information", "director"]
    citations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Jurisdiction:
    name: str
    source: str


@dataclass(frozen=True)
class RegulationNote:
    """What one topic's rulings must add under each body's regulations."""

    topics: tuple[str, ...]
    texts: dict[str, str]


@dataclass(frozen=True)
class Regulations:
    jurisdictions: dict[str, Jurisdiction]
    notes: dict[str, RegulationNote]

    def notes_for(self, topic_id: str, jurisdiction: str) -> list[str]:
        return [
            note.texts[jurisdiction]
            for note in self.notes.values()
            if topic_id in note.topics and jurisdiction in note.texts
        ]


@dataclass(frozen=True)
class Example:
    """An incident as a player or director typed it, filed under the topic a director would
    rule it under, with the facts its words state beyond doubt. The bot learns from these
    which words go with which topic (``bot/dialogue/examples.py``); tests walk them."""

    text: str
    topic: str
    facts: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Subject:
    """Something players ask about that the bot does not rule on (yet): it says so, names
    the Laws to read and sends them to the director, rather than pick the nearest topic."""

    id: str
    title: str
    laws: tuple[str, ...] = ()
    """Laws to read; none when the Laws do not decide it (advice, club arrangements)."""
    aliases: tuple[str, ...] = ()
    regulated_by: str = ""
    """The Law that gives it to the regulating authority ("40B2(a)"): a regulation answers it,
    not a ruling, and the reply points to the club's own rules."""


@dataclass(frozen=True)
class JargonRule:
    pattern: str
    means: str


@dataclass
class LawIndex:
    """Every law of the edition, and every subsection a citation may name."""

    laws: dict[int, Law]

    def has(self, citation: str) -> bool:
        match = CITATION_RE.match(citation)
        if not match:
            return False
        law = self.laws.get(int(match.group("law")))
        if law is None:
            return False
        return not match.group("rest") or citation in law.subsections

    def law_of(self, citation: str) -> Law:
        match = CITATION_RE.match(citation)
        if not match:
            raise KeyError(citation)
        return self.laws[int(match.group("law"))]

    def label(self, citation: str) -> str:
        """A short plain-English line for a citation (the subsection's, else the title)."""
        law = self.law_of(citation)
        return law.subsections.get(citation, law.title)


def citation_sort_key(citation: str) -> tuple[int, str]:
    match = CITATION_RE.match(citation)
    return (int(match.group("law")), citation) if match else (999, citation)


@dataclass
class Knowledge:
    """One edition's law index and topics, plus the language-level jargon list."""

    edition: Edition
    laws: LawIndex
    topics: dict[str, Topic]
    effects: dict[str, Effect]
    jargon: list[JargonRule]
    regulations: Regulations
    root: Path
    uncovered: dict[str, Subject] = field(default_factory=dict)
    """Subjects the bot recognises but does not rule on."""
    sources: dict[str, str] = field(default_factory=dict)
    """Topic id -> the file it came from (for error messages)."""
    examples: tuple[Example, ...] = field(default=(), compare=False)
    """Labelled descriptions, per area file in ``<edition>/examples/`` (play, auction, ...).
    Left out of the cached copy (see ``__getstate__``): use :meth:`labelled_examples`."""
    cache_key: str = ""
    """The fingerprint of the files and code this was built from: what is learned from it
    (``bot/dialogue/examples.py``) is cached under the same key."""

    @cached_property
    def fingerprint(self) -> str:
        """Short hash of edition and topics: changes when any question or rule changes."""
        digest = hashlib.sha256(self.edition.id.encode())
        for topic_id in sorted(self.topics):
            digest.update(_canonical(self.topics[topic_id]))
        for subject_id in sorted(self.uncovered):
            digest.update(_canonical(self.uncovered[subject_id]))
        return digest.hexdigest()[:12]

    def __getstate__(self) -> dict[str, Any]:
        """The cached copy leaves the examples out: every command would unpickle two thousand
        of them (several milliseconds), and only learning from them needs them, whose result
        is cached on its own (``bot/dialogue/examples.py``)."""
        return {**self.__dict__, "examples": ()}

    def labelled_examples(self) -> tuple[Example, ...]:
        """The examples: as loaded, or read again when this copy came from the cache."""
        if not self.examples:
            problems: list[str] = []
            self.examples = _load_examples(self.examples_folder, self.topics, problems)
        return self.examples

    @property
    def examples_folder(self) -> Path:
        """Where the labelled examples of this edition live (one file per area)."""
        return self.root / self.edition.id / "examples"

    @property
    def menu(self) -> list[Topic]:
        return list(self.topics.values())

    def ruling(
        self, topic_id: str, conclusion: Conclude, facts: Facts, stages: tuple[Stage, ...] = ()
    ) -> Ruling:
        """The ruling a fired rule gives, with effect citations and law order applied."""
        effect_citations = {key: effect.citations for key, effect in self.effects.items()}
        return build_ruling(
            topic_id, conclusion, facts, effect_citations, stages, citation_sort_key
        )


def _canonical(item: object) -> bytes:
    """A stable serialisation of a run-time dataclass (for the fingerprint)."""
    return json.dumps(asdict(item), sort_keys=True, ensure_ascii=False).encode()  # type: ignore[call-overload]


def _read_yaml(path: Path, problems: list[str]) -> Any:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's: several times faster
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        problems.append(f"{_rel(path)}: cannot read YAML: {exc}")
        return None


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(PACKAGE_ROOT))
    except ValueError:
        return str(path)


class _Invalid(Exception):
    """A file's data does not fit its schema model (pydantic's errors, kept)."""

    def __init__(self, errors: list[Any]) -> None:
        super().__init__(errors)
        self.errors = errors


def _validated(kind: str, raw: Any) -> Any:
    """``raw`` checked by the model ``kind`` of ``schema.py``, as its run-time dataclass."""
    from pydantic import ValidationError

    from bot.knowledge import schema

    try:
        return schema.to_runtime(getattr(schema, kind).model_validate(raw))
    except ValidationError as exc:
        raise _Invalid(list(exc.errors())) from None


def _validation_problems(path: Path, prefix: str, exc: _Invalid) -> list[str]:
    out = []
    for error in exc.errors:
        where = ".".join(str(part) for part in (prefix, *error["loc"]) if part != "")
        out.append(f"{_rel(path)}: {where}: {error['msg']}")
    return out


def _valid_items(
    path: Path, kind: str, items: list[Any], prefix: str, problems: list[str]
) -> Iterator[tuple[int, Any]]:
    """Each item of a YAML list that the model ``kind`` accepts; the rest become problems."""
    for i, raw in enumerate(items):
        try:
            yield i, _validated(kind, raw)
        except _Invalid as exc:
            problems.extend(_validation_problems(path, prefix.format(i=i), exc))


def load(
    root: Path | None = None, edition: str | None = None, *, validate: bool = False
) -> Knowledge:
    """The knowledge tree, validated; raise KnowledgeError listing every problem.

    Unless ``validate`` is set, knowledge validated by an earlier run is reused when no
    knowledge file (and no code defining it) has changed since.
    """
    root = (root or DEFAULT_KNOWLEDGE).resolve()
    files = sorted(root.rglob("*.yaml"))
    name = f"knowledge-{hashlib.sha256(str(root).encode()).hexdigest()[:10]}-{edition or ''}"
    key = cache.fingerprint(files)
    if not validate:
        cached = cache.read(name, key)
        if isinstance(cached, Knowledge):
            return cached
    knowledge = _load_validated(root, edition)
    _ = knowledge.fingerprint  # computed once, kept in the cache
    knowledge.cache_key = key
    cache.write(name, key, knowledge)
    return knowledge


def _load_validated(root: Path, edition: str | None) -> Knowledge:
    """Read every file and validate it with the models in ``schema.py``."""
    problems: list[str] = []
    editions_doc = _read_yaml(root / "editions.yaml", problems) or {}
    edition_id = edition or editions_doc.get("default", "")
    edition_data = (editions_doc.get("editions") or {}).get(edition_id)
    if edition_data is None:
        raise KnowledgeError([f"knowledge/editions.yaml: no edition {edition_id!r}"])
    try:
        the_edition: Edition = _validated("Edition", {"id": edition_id, **edition_data})
    except _Invalid as exc:
        problems = _validation_problems(root / "editions.yaml", f"editions.{edition_id}", exc)
        raise KnowledgeError(problems) from None
    folder = root / edition_id

    laws = _load_laws(folder / "laws", problems)
    effects = _load_effects(folder / "effects.yaml", problems)
    shared = _load_shared_questions(folder / "questions.yaml", problems)
    topics, sources = _load_topics(folder / "topics", shared, problems)
    jargon = _load_jargon(root / "jargon.yaml", problems)
    regulations = _load_regulations(root / "regulations.yaml", set(topics), problems)
    uncovered = _load_uncovered(folder / "uncovered.yaml", set(topics), problems)
    examples = _load_examples(folder / "examples", topics, problems)  # = examples_folder
    if problems:
        raise KnowledgeError(problems)
    return Knowledge(
        the_edition,
        LawIndex(laws),
        topics,
        effects,
        jargon,
        regulations,
        root,
        uncovered,
        sources,
        examples,
    )


def _load_examples(
    folder: Path, topics: dict[str, Topic], problems: list[str]
) -> tuple[Example, ...]:
    """Every labelled description; its topic must exist and its facts must be questions'
    facts, with one of their choices, of that topic or of a topic its rules hand over to."""
    out: list[Example] = []
    for path in sorted(folder.glob("*.yaml")):
        doc = _read_yaml(path, problems) or []
        for i, example in _valid_items(path, "Example", doc, "[{i}]", problems):
            topic = topics.get(example.topic)
            if topic is None:
                problems.append(f"{_rel(path)}: [{i}].topic: no topic {example.topic!r}")
                continue
            choices: dict[str, set[str]] = {}
            for reached in handed_over(topic, topics):
                for question in reached.questions:
                    choices.setdefault(question.fact, {c.id for c in question.choices})
            for fact, value in example.facts.items():
                if value not in choices.get(fact, ()):
                    problems.append(
                        f"{_rel(path)}: [{i}].facts: {fact}={value!r} is not a choice of a "
                        f"question of {example.topic} or of a topic it hands over to"
                    )
            out.append(example)
    return tuple(out)


def handed_over(topic: Topic, topics: dict[str, Topic]) -> list[Topic]:
    """The topic and every topic its rules can continue into (directly or further on)."""
    reached = [topic]
    for current in reached:
        for rule in current.rules:
            later = topics.get(rule.then) if rule.then else None
            if later is not None and later not in reached:
                reached.append(later)
    return reached


def _load_uncovered(path: Path, topic_ids: set[str], problems: list[str]) -> dict[str, Subject]:
    if not path.exists():
        return {}
    doc = _read_yaml(path, problems) or []
    subjects: dict[str, Subject] = {}
    for i, subject in _valid_items(path, "Subject", doc, "[{i}]", problems):
        if subject.id in subjects or subject.id in topic_ids:
            problems.append(f"{_rel(path)}: [{i}].id: {subject.id!r} is used twice")
        subjects[subject.id] = subject
    return subjects


def _load_regulations(path: Path, topic_ids: set[str], problems: list[str]) -> Regulations:
    doc = _read_yaml(path, problems) or {}
    raw_notes = doc.get("notes") or {}
    notes = {}
    for key, raw in raw_notes.items():
        raw = dict(raw or {})
        topics = raw.pop("topics", [])
        notes[key] = {"topics": topics, "texts": raw}
    try:
        regulations: Regulations = _validated(
            "Regulations", {"jurisdictions": doc.get("jurisdictions") or {}, "notes": notes}
        )
    except _Invalid as exc:
        problems.extend(_validation_problems(path, "", exc))
        return Regulations(jurisdictions={}, notes={})
    for key, note in regulations.notes.items():
        for topic in note.topics:
            if topic not in topic_ids:
                problems.append(f"{_rel(path)}: notes.{key}.topics: no topic {topic!r}")
        for body in note.texts:
            if body not in regulations.jurisdictions:
                problems.append(f"{_rel(path)}: notes.{key}: unknown jurisdiction {body!r}")
    return regulations


def _load_laws(folder: Path, problems: list[str]) -> dict[int, Law]:
    laws: dict[int, Law] = {}
    for path in sorted(folder.glob("*.yaml")):
        doc = _read_yaml(path, problems) or {}
        for i, law in _valid_items(path, "Law", doc.get("laws") or [], "laws[{i}]", problems):
            if law.number in laws:
                problems.append(f"{_rel(path)}: laws[{i}]: Law {law.number} is listed twice")
            for key in law.subsections:
                match = CITATION_RE.match(key)
                if not match or int(match.group("law")) != law.number:
                    problems.append(
                        f"{_rel(path)}: Law {law.number}: subsection key {key!r} is not "
                        "a citation of this law"
                    )
            laws[law.number] = law
    return laws


def _load_effects(path: Path, problems: list[str]) -> dict[str, Effect]:
    doc = _read_yaml(path, problems) or {}
    effects = {}
    for key, raw in doc.items():
        try:
            effects[key] = _validated("Effect", {"id": key, **(raw or {})})
        except _Invalid as exc:
            problems.extend(_validation_problems(path, key, exc))
    return effects


def _load_shared_questions(path: Path, problems: list[str]) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    doc = _read_yaml(path, problems) or []
    shared = {}
    for i, question in _valid_items(path, "Question", doc, "[{i}]", problems):
        shared[question.fact] = doc[i]
    return shared


def _load_topics(
    folder: Path, shared: dict[str, dict[str, Any]], problems: list[str]
) -> tuple[dict[str, Topic], dict[str, str]]:
    topics: dict[str, Topic] = {}
    sources: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        raw = _read_yaml(path, problems)
        if not isinstance(raw, dict):
            problems.append(f"{_rel(path)}: a topic file must be a mapping")
            continue
        questions = []
        for i, item in enumerate(raw.get("questions") or []):
            if isinstance(item, str):
                if item not in shared:
                    problems.append(
                        f"{_rel(path)}: questions[{i}]: no shared question {item!r} "
                        "in questions.yaml"
                    )
                    continue
                questions.append(shared[item])
            else:
                questions.append(item)
        try:
            topic = _validated("Topic", {**raw, "questions": questions})
        except _Invalid as exc:
            problems.extend(_validation_problems(path, "", exc))
            continue
        if topic.id != path.stem:
            problems.append(f"{_rel(path)}: id {topic.id!r} should match the file name")
        if topic.id in topics:
            problems.append(f"{_rel(path)}: topic id {topic.id!r} is used twice")
        topics[topic.id] = topic
        sources[topic.id] = _rel(path)
    return topics, sources


def _load_jargon(path: Path, problems: list[str]) -> list[JargonRule]:
    doc = _read_yaml(path, problems) or []
    rules = []
    for i, raw in enumerate(doc):
        try:
            rule = _validated("JargonRule", raw)
            re.compile(rule.pattern)
        except _Invalid as exc:
            problems.extend(_validation_problems(path, f"[{i}]", exc))
            continue
        except re.error as exc:
            problems.append(f"{_rel(path)}: [{i}].pattern: bad regular expression: {exc}")
            continue
        rules.append(rule)
    return rules
