"""Turn rulings, questions and messages into words, from the Jinja2 templates only.

Two formats share every sentence: ``text`` (console, JSON protocol) and
``html`` (Telegram's HTML parse mode, autoescaped). Topic templates hold one
macro per rule; ``effects.j2`` holds one macro per shared effect; the
per-format layouts only arrange sections.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

import jinja2
from markupsafe import Markup

from bot.core import revoke
from bot.core.calls import Seat
from bot.core.play import parse_contract
from bot.core.ruling import Ruling
from bot.core.score import Score, duplicate_score
from bot.core.topics import Choice, Facts, Question, Topic, facts_on_path
from bot.knowledge import PACKAGE_ROOT, Knowledge, cache
from bot.lazy import lazy_pattern

Format = Literal["text", "html"]
FORMATS: tuple[Format, ...] = ("text", "html")
DEFAULT_TEMPLATES = PACKAGE_ROOT / "templates"


def _cap(value: object) -> str | Markup:
    """Upper-case the first letter only (keeps 'LHO' and seat names intact)."""
    text = value if isinstance(value, str) else str(value)
    out = text[:1].upper() + text[1:]
    return Markup(out) if isinstance(value, Markup) else out


def _lower_first(value: str) -> str:
    """'The call was a bid' -> 'the call was a bid'; leaves 'LHO ...' and 'East ...' alone."""
    if (
        len(value) > 1
        and value[0].isupper()
        and value[1].islower()
        and value.split()[0]
        not in (
            "North",
            "East",
            "South",
            "West",
            "I",
        )
    ):
        return value[0].lower() + value[1:]
    return value


def _revoke_outcome(**known: Any) -> revoke.Outcome:
    """Law 64's count for a revoke ruling; the template passes only what its facts prove."""
    return revoke.transfer(revoke.Revoke(**known))


def _contract_scores(contract: str, tricks: int, vulnerable: str | None = None) -> list[Score]:
    """Law 77 scores of a contract ('4♠X by S') made with ``tricks``: for the vulnerability
    given ('yes'/'no'), else not vulnerable and vulnerable."""
    parsed = parse_contract(contract)
    if vulnerable in ("yes", "no"):
        return [duplicate_score(parsed, vulnerable == "yes", tricks)]
    return [duplicate_score(parsed, False, tricks), duplicate_score(parsed, True, tricks)]


_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}


class Person(str):
    """A player as a ruling names him, with the grammar that name takes: the asker is
    "you" ("you have", "you are", "your turn"), anyone else "he". Templates write
    ``{{ who.offender.verb("has") }} already put ...`` and ``{{ who.partner.his }} turn``."""

    you: bool
    relative: bool
    """Named from the asker's chair ("you", "your partner"), not by seat or role."""

    def __new__(cls, name: str, *, you: bool = False, relative: bool = False) -> Person:
        person = super().__new__(cls, name)
        person.you = you
        person.relative = relative or you
        return person

    def or_(self, role: str) -> Person:
        """This name when the asker's chair gives it, else ``role``: a play topic speaks of
        "the defender" where an auction topic says "the offender"."""
        return self if self.relative else Person(role)

    @property
    def pronoun(self) -> Person:
        """'he' (or 'you') as a name of its own, for a later clause: ``pronoun.verb("is")``."""
        return Person(self.he, you=self.you, relative=self.relative)

    @property
    def he(self) -> str:
        return "you" if self.you else "he"

    @property
    def him(self) -> str:
        return "you" if self.you else "him"

    @property
    def his(self) -> str:
        return "your" if self.you else "his"

    @property
    def possessive(self) -> str:
        """'your' for the asker, else the name with 's: "the offender's", "East's"."""
        return "your" if self.you else f"{self}'s"

    @property
    def himself(self) -> str:
        return "yourself" if self.you else "himself"

    def agree(self, verb: str) -> str:
        """A present or past verb written for 'he' ('makes', 'has', 'was'), made to agree
        with this name ('make', 'have', 'were' for you)."""
        if not self.you:
            return verb
        if verb in _IRREGULAR:
            return _IRREGULAR[verb]
        if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
            return verb[:-2]
        if verb.endswith("ies"):
            return verb[:-3] + "y"
        return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb

    def verb(self, verb: str) -> str:
        """The name and its verb: 'the offender makes', 'you make', 'you have'."""
        return f"{self} {self.agree(verb)}"

    def pronoun_verb(self, verb: str) -> str:
        """The pronoun and its verb, for a later clause: 'he has', 'you have'."""
        return f"{self.he} {self.agree(verb)}"


@dataclass(frozen=True)
class Roles:
    """How a ruling names the four players: relative to the asker when he is one of them
    ("you", "your partner"), else by seat when known, else by role."""

    offender: Person
    partner: Person
    lho: Person
    rho: Person
    side: str
    """The offending side, e.g. 'East-West' or 'the offending side'."""
    other_side: str

    @property
    def key(self) -> tuple[object, ...]:
        """Everything that words a text for these players: each name with whether it is the
        asker and named from his chair (a ``Person`` compares as its text alone), the sides."""
        people = (self.offender, self.partner, self.lho, self.rho)
        return (*((str(p), p.you, p.relative) for p in people), self.side, self.other_side)

    @property
    def other_side_was(self) -> str:
        """'East-West were', 'your opponents were', 'the non-offending side was'."""
        return f"{self.other_side} {'was' if self.other_side.endswith('side') else 'were'}"

    @classmethod
    def named(cls, offender: str, partner: str, lho: str, rho: str, side: str, other: str) -> Roles:
        """Names in the third person (the asker is none of the four, or unknown)."""
        return cls(Person(offender), Person(partner), Person(lho), Person(rho), side, other)

    @classmethod
    def from_facts(cls, facts: Facts, *, brief: bool = False) -> Roles:
        """Words relative to the speaker ("you", "your LHO") when he told the story as one
        of the players; seats when the description named compass seats; roles alone when
        unsure. ``brief``: seats alone ("West"), for a director's headline."""
        seat_text = facts.get("_offender")
        relation = facts.get("_offender_relation")
        if not seat_text and relation in _SPEAKER_WORDS:
            # the play reader knows who acted only relative to the speaker ("I led")
            speaker = Seat.SOUTH
            seat = {"self": speaker, "partner": speaker.partner, "lho": speaker.lho}.get(
                relation, speaker.rho
            )
            facts = {**facts, "_offender": seat.value, "_speaker": speaker.value}
            facts["_frame"] = "speaker"
            seat_text = seat.value
        if brief and seat_text and facts.get("_frame") != "speaker":
            seat = Seat.parse(seat_text)
            full = cls.from_facts(facts)
            return cls.named(
                seat.title,
                seat.partner.title,
                seat.lho.title,
                seat.rho.title,
                full.side,
                full.other_side,
            )
        if brief and not seat_text:
            return cls.named(
                "offender", "his partner", "his LHO", "his RHO", "offenders", "non-offenders"
            )
        if not seat_text:
            return cls.named(
                "the offender",
                "the offender's partner",
                "the offender's LHO",
                "the offender's RHO",
                "the offending side",
                "the non-offending side",
            )
        seat = Seat.parse(seat_text)
        speaker_text = facts.get("_speaker")
        if facts.get("_frame") == "speaker" and speaker_text:
            speaker = Seat.parse(speaker_text)
            ours = speaker.relation_to(seat) in ("self", "partner")
            return cls(
                _relative(speaker, seat),
                _relative(speaker, seat.partner),
                _relative(speaker, seat.lho),
                _relative(speaker, seat.rho),
                "your side" if ours else "your opponents",
                "your opponents" if ours else "your side",
            )
        pair = {Seat.NORTH: "North-South", Seat.SOUTH: "North-South"}.get(seat, "East-West")
        other = "East-West" if pair == "North-South" else "North-South"
        return cls.named(
            seat.title,
            f"{seat.partner.title} (his partner)",
            f"{seat.lho.title} (his LHO)",
            f"{seat.rho.title} (his RHO)",
            pair,
            other,
        )

    def say(self, text: str) -> str:
        """Knowledge text with its ``{placeholders}`` filled (see :func:`placeholder`): as
        written when the asker is none of the players or unknown, else from his chair. A
        'he' with nothing before it to point back to names the player: "Whose turn was it
        when your partner called?", then "he" for him again."""
        if "{" not in text:
            return text
        named: set[str] = set()

        def fill(match: re.Match[str]) -> str:
            opening = _SENTENCE_START.search(text, 0, match.start()) is not None
            return self._fill(match.group(1), opening, named)

        return _PLACEHOLDER.sub(fill, text)

    def _fill(self, words: str, starts_sentence: bool, named: set[str]) -> str:
        slot = placeholder(words)
        person: Person = getattr(self, slot.person)
        if not person.relative:
            return words  # the third-person wording the director wrote
        form = slot.form
        if slot.person not in named and not person.you and form in _BACK_POINTING:
            form = _BACK_POINTING[form]  # no earlier name for 'he' to point back to
        if form in ("name", "possessive"):
            named.add(slot.person)
        name = {
            "name": str(person),
            "possessive": person.possessive,
            "he": person.he,
            "him": person.him,
            "his": person.his,
            "himself": person.himself,
        }[form]
        if slot.verb and slot.inverted:
            name = f"{person.agree(slot.verb)} {name}"
        elif slot.verb:
            name = f"{name} {person.agree(slot.verb)}"
        if words.isupper() and slot.form in _PRONOUNS:
            return name.upper()  # '{HIS}' stresses the word: 'YOUR'
        titled = words[:1].isupper() and (words[1:2].islower() or starts_sentence)
        return _cap(name) if titled else name  # '{His RHO's}' and '{RHO}' opening a sentence


_PLACEHOLDER = lazy_pattern(r"\{([^{}]*)\}")
"""A name in question and choice texts, written as the third person reads it: '{he}',
'{the offender's LHO}', '{his partner}', with a verb that agrees: '{he makes}', '{does he}'."""
_NAMES: dict[str, tuple[str, str]] = {
    "he": ("offender", "he"),
    "him": ("offender", "him"),
    "his": ("offender", "his"),
    "himself": ("offender", "himself"),
    "the offender": ("offender", "name"),
    "the offender's": ("offender", "possessive"),
    "the revoker": ("offender", "name"),
    "the revoker's": ("offender", "possessive"),
    "the revoker's partner": ("partner", "name"),
    **{
        f"{owner}{word}{s}": (role, "possessive" if s else "name")
        for owner in ("his ", "the offender's ", "")
        for word, role in (("partner", "partner"), ("lho", "lho"), ("rho", "rho"))
        for s in ("", "'s")
    },
}
"""Each placeholder's words -> (which player of :class:`Roles`, which form of his name).
A bare '{LHO}', '{partner}' is the offender's, as a question about him says it."""
_SENTENCE_START = lazy_pattern(r"(^|[.?!]\s+)$")
_SUBJECT_FORMS = ("he", "name")
_PRONOUNS = ("he", "him", "his", "himself")
_BACK_POINTING = {"he": "name", "him": "name", "his": "possessive"}


@dataclass(frozen=True)
class Placeholder:
    """What one ``{...}`` in knowledge text names: a player, a form, and a verb if any."""

    person: str
    form: str
    verb: str = ""
    inverted: bool = False
    """The verb comes first, as in a question: '{does he}', '{has the offender}'."""


def placeholder(words: str) -> Placeholder:
    """Read one placeholder's words; ValueError when they name no player the Laws' roles
    know (``rulingbot check`` reports it with file and key)."""
    key = " ".join(words.lower().split())
    if key in _NAMES:
        return Placeholder(*_NAMES[key])
    first, _, rest = key.partition(" ")
    head, _, last = key.rpartition(" ")
    for name, verb, inverted in ((rest, first, True), (head, last, False)):
        found = _NAMES.get(name)
        if found is not None and found[1] in _SUBJECT_FORMS and verb.isalpha():
            return Placeholder(found[0], found[1], verb, inverted)
    raise ValueError(f"unknown placeholder {{{words}}}")


def placeholder_problems(text: str) -> list[str]:
    """Why ``text`` would not render: an unknown placeholder or a stray brace."""
    problems = []
    for match in _PLACEHOLDER.finditer(text):
        try:
            placeholder(match.group(1))
        except ValueError as error:
            problems.append(str(error))
    if re.search(r"[{}]", _PLACEHOLDER.sub("", text)):
        problems.append("a '{' or '}' without its pair")
    return problems


def personal(question: Question, facts: Facts) -> Question:
    """The question as this asker reads it: "Whose turn was it when you called?" when he
    is the offender, the wording as written when he is not or nobody knows.

    A question is worded afresh only for a naming of the players it was not worded for yet:
    its text is the knowledge's and the names are all that change it, and a question turn
    words it twice (to ask, then to render) where each wording filled every placeholder of
    its text and choices again (issue 16)."""
    roles = Roles.from_facts(facts)
    key = (id(question), roles.key)
    kept = _PERSONAL.get(key)
    if kept is not None and kept[0] is question:  # the very question: an id may be reused
        return kept[1]
    say = roles.say
    worded = replace(
        question,
        ask=say(question.ask),
        help=say(question.help),
        choices=tuple(_personal_choice(c, say) for c in question.choices),
    )
    if len(_PERSONAL) >= PERSONAL_KEPT:
        _PERSONAL.clear()  # one step, safe beside the engine's other threads
    _PERSONAL[key] = (question, worded)
    return worded


PERSONAL_KEPT = 512
"""Questions kept worded (about half a megabyte at most): the questions a club meets, each
for the few namings its stories give."""
_PERSONAL: dict[tuple[int, tuple[object, ...]], tuple[Question, Question]] = {}


def _personal_choice(choice: Choice, say: Callable[[str], str]) -> Choice:
    return replace(
        choice, label=say(choice.label), short=say(choice.short), noted=say(choice.noted)
    )


_SPEAKER_WORDS = {"self": "you", "partner": "your partner", "lho": "your LHO", "rho": "your RHO"}


def _relative(speaker: Seat, seat: Seat) -> Person:
    """A player named from the asker's chair: 'you', 'your partner', 'your LHO'."""
    relation = speaker.relation_to(seat)
    return Person(_SPEAKER_WORDS[relation], you=relation == "self", relative=True)


class Renderer:
    """Renders with one Jinja2 environment per format over the same template tree."""

    def __init__(self, knowledge: Knowledge, templates: Path | None = None) -> None:
        self.knowledge = knowledge
        folder = templates or DEFAULT_TEMPLATES
        self.envs: dict[Format, jinja2.Environment] = {
            fmt: self._environment(folder, fmt) for fmt in FORMATS
        }
        self._modules: dict[tuple[Format, str], Any] = {}

    @staticmethod
    def _environment(folder: Path, fmt: Format) -> jinja2.Environment:
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(folder)),
            bytecode_cache=_bytecode_cache(folder, fmt),
            autoescape=fmt == "html",
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
            auto_reload=False,
        )
        env.filters["cap"] = _cap
        env.filters["lower_first"] = _lower_first
        env.globals["revoke_outcome"] = _revoke_outcome
        env.globals["contract_scores"] = _contract_scores
        env.globals["fmt"] = fmt
        return env

    # -- pieces -------------------------------------------------------------
    def _context(self, facts: Facts, *, brief: bool = False) -> dict[str, Any]:
        details = {k[1:]: v for k, v in facts.items() if k.startswith("_")}
        return {
            "f": {k: v for k, v in facts.items() if not k.startswith("_")},
            "d": details,
            "who": Roles.from_facts(facts, brief=brief),
            "edition": self.knowledge.edition,
        }

    def warm_up(self, fmt: Format) -> None:
        """Compile one format's templates now, so the first user does not wait for them."""
        env = self.envs[fmt]
        for name in env.list_templates(extensions=["j2"]):
            if name.startswith(("text/", "html/")) and not name.startswith(f"{fmt}/"):
                continue
            env.get_template(name)

    def _macro(self, fmt: Format, template: str, name: str) -> Any:
        key = (fmt, template)
        module = self._modules.get(key)
        if module is None:
            module = self._modules[key] = self.envs[fmt].get_template(template).module
        return getattr(module, name, None)

    def topic_text(self, fmt: Format, topic_id: str, rule_id: str, facts: Facts) -> str:
        """The 'what happens now' paragraph a rule's macro writes."""
        macro = self._macro(fmt, f"topics/{topic_id}.j2", rule_id)
        if macro is None:
            raise LookupError(f"templates/topics/{topic_id}.j2 has no macro {rule_id!r}")
        return _paragraphs(str(macro(**self._context(facts))))

    def option_lines(self, fmt: Format, topic_id: str, rule_id: str, facts: Facts) -> list[str]:
        macro = self._macro(fmt, f"topics/{topic_id}.j2", f"{rule_id}_options")
        return _lines(str(macro(**self._context(facts)))) if macro else []

    def effect_text(self, fmt: Format, effect: str, facts: Facts) -> str:
        macro = self._macro(fmt, "effects.j2", effect)
        if macro is None:
            raise LookupError(f"templates/effects.j2 has no macro {effect!r}")
        return _paragraphs(str(macro(**self._context(facts))))

    def facts_used(self, topic: Topic, facts: Facts, rule_id: str) -> list[str]:
        """The answers a ruling rests on, worded for the asker ('you called out of turn'):
        only those the walk to its rule consulted (a fact filled from the words that no rule
        on the way looked at is not what the ruling is based on)."""
        say = Roles.from_facts(facts).say
        consulted = facts_on_path(topic, facts, rule_id)
        lines = []
        for question in topic.questions:
            if question.fact not in consulted:
                continue
            choice = question.choice(facts.get(question.fact, ""))
            if choice is not None:
                lines.append(say(choice.noted or choice.label))
        return lines

    # -- whole turns ----------------------------------------------------------
    def ruling(
        self,
        ruling: Ruling,
        fmt: Format = "text",
        *,
        style: str = "player",
        jurisdiction: str = "WBF",
    ) -> str:
        """The whole ruling. Director style leaves out the 'Based on' list and the reminder."""
        topics = self.knowledge.topics
        topic = topics[ruling.topic]
        sections: dict[str, list[str]] = {"offenders": [], "information": [], "director": []}
        for effect in ruling.effects:
            section = self.knowledge.effects[effect].section
            sections[section].append(self.effect_text(fmt, effect, ruling.facts))
        earlier = [
            self.topic_text(fmt, stage.topic, stage.rule, {**_details(ruling), **stage.facts})
            for stage in ruling.stages
        ]
        used = [
            line
            for s in ruling.stages
            for line in self.facts_used(topics[s.topic], {**_details(ruling), **s.facts}, s.rule)
        ]
        used += self.facts_used(topic, ruling.facts, ruling.rule)
        citations = [(c, self.knowledge.laws.label(c)) for c in ruling.citations]
        reading = topic.rule(ruling.rule).reading
        if reading is not None:
            text = self.message("reading", fmt, reading=reading)
            sections["director"].insert(0, " ".join(text.split()))
        rendered = {
            "earlier": earlier,
            "now": self.topic_text(fmt, ruling.topic, ruling.rule, ruling.facts),
            "options": self.option_lines(fmt, ruling.topic, ruling.rule, ruling.facts),
            "offenders": sections["offenders"],
            "information": sections["information"],
            "director": sections["director"],
        }
        return self._render(
            fmt,
            "ruling.j2",
            rendered,
            topic=topic,
            used=_unique(used) if style != "director" else [],
            citations=citations,
            style=style,
            jurisdiction=self.knowledge.regulations.jurisdictions.get(jurisdiction),
            regulation_notes=self.knowledge.regulations.notes_for(ruling.topic, jurisdiction),
        )

    def headline(
        self, fmt: Format, topic_id: str, rule_id: str, facts: Facts, *, brief: bool = False
    ) -> str:
        """A rule's headline (its ``<rule>_headline`` macro), else the first sentence of
        what happens now. ``brief`` names players without their roles ("West")."""
        macro = self._macro(fmt, f"topics/{topic_id}.j2", f"{rule_id}_headline")
        if macro is not None:
            return " ".join(str(macro(**self._context(facts, brief=brief))).split())
        now = self.topic_text(fmt, topic_id, rule_id, facts)
        first = re.split(r"(?<=[.!?])\s", now.split("\n\n")[0], maxsplit=1)[0]
        return first

    def summary(self, ruling: Ruling, fmt: Format = "text", *, style: str = "player") -> str:
        """The ruling in one glance (issue: phone screens): what happens now and who may
        choose what, the decisive laws, and any judgement the director must make."""
        topic = self.knowledge.topics[ruling.topic]
        rule = topic.rule(ruling.rule)
        decisive = list(rule.decisive or rule.citations[:2])
        for note in topic.notes:  # a note that changes what happens names its own Laws
            if note.id in ruling.notes and note.decisive:
                decisive = list(note.decisive)
                break
        if not decisive:
            decisive = [c for s in ruling.stages for c in s.citations][:2]
        brief = style == "director"
        caveats = []
        for effect in ruling.effects:
            macro = self._macro(fmt, "effects.j2", f"{effect}_{'brief' if brief else 'short'}")
            if macro is not None:
                caveats.append(" ".join(str(macro(**self._context(ruling.facts))).split()))
        if rule.reading is not None:
            name = "reading_brief" if brief else "reading_short"
            caveats.append(" ".join(self.message(name, fmt).split()))
        rendered = {
            "headline": self.headline(fmt, ruling.topic, ruling.rule, ruling.facts, brief=brief),
            "caveats": _unique(caveats),
        }
        return self._render(fmt, "summary.j2", rendered, laws=decisive, style=style)

    def question(
        self, question: Question, topic: Topic, fmt: Format = "text", facts: Facts | None = None
    ) -> str:
        """A question worded for the asker (``facts`` say who he is in the story)."""
        asked = personal(question, facts or {})
        return self._render(fmt, "question.j2", {}, q=asked, topic=topic)

    def message(self, name: str, fmt: Format = "text", /, **context: Any) -> str:
        """A macro from ``messages.j2`` (greetings, menus, errors, law look-ups)."""
        macro = self._macro(fmt, "messages.j2", name)
        if macro is None:
            raise LookupError(f"templates/messages.j2 has no macro {name!r}")
        base = {"edition": self.knowledge.edition, "knowledge": self.knowledge}
        return _tidy(str(macro(**base, **context)))

    def stage_message(self, topic_id: str, rule_id: str, facts: Facts, fmt: Format) -> str:
        """The bridge when one topic hands over to another (e.g. Law 25 to Law 27)."""
        text = self.topic_text(fmt, topic_id, rule_id, facts)
        return self.message("handover", fmt, text=_mark(text, fmt))

    def _render(self, fmt: Format, name: str, rendered: dict[str, Any], **raw: Any) -> str:
        """Render a layout; ``rendered`` pieces are already escaped, ``raw`` ones are not."""
        template = self.envs[fmt].get_template(f"{fmt}/{name}")
        marked = {k: _mark(v, fmt) for k, v in rendered.items()}
        return _tidy(template.render(edition=self.knowledge.edition, **marked, **raw))


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Compiled templates kept between runs; a cache it cannot read or write is ignored."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # truncated or foreign: compile afresh
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def _bytecode_cache(folder: Path, fmt: Format) -> jinja2.BytecodeCache | None:
    """Compiling every template costs ``serve`` and ``check`` about half a second; Jinja
    keeps the compiled code by template and source checksum. Only for the installed
    templates (a test's private copy would leave files behind), one folder per format
    (autoescaping changes the compiled code) and Jinja version."""
    root = cache.folder()
    if root is None or folder.resolve() != DEFAULT_TEMPLATES.resolve():
        return None
    tree = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:10]
    where = root / f"templates-{tree}" / f"{fmt}-jinja{jinja2.__version__}"
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return _CompiledTemplates(str(where))


def _details(ruling: Ruling) -> Facts:
    return {k: v for k, v in ruling.facts.items() if k.startswith("_")}


def _mark(value: Any, fmt: Format) -> Any:
    """Already-rendered HTML pieces must not be escaped twice."""
    if fmt != "html":
        return value
    if isinstance(value, str):
        return Markup(value)
    if isinstance(value, list):
        return [_mark(v, fmt) for v in value]
    if isinstance(value, tuple):
        return tuple(_mark(v, fmt) for v in value)
    return value


def _tidy(text: str) -> str:
    """Collapse the blank lines template logic leaves behind; trim each line."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    out: list[str] = []
    for line in lines:
        if not line and out and not out[-1]:
            continue
        out.append(line)
    return "\n".join(out)


def _paragraphs(text: str) -> str:
    """Join each paragraph's lines into one line; paragraphs stay apart."""
    blocks = [" ".join(block.split()) for block in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(b for b in blocks if b)


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
