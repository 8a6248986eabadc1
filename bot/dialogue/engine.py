"""The one dialogue engine behind the console chat and the Telegram bot.

It turns each user message into reply turns (message, question or ruling)
and keeps all its state in a :class:`Conversation`, a plain JSON-able record,
so an adapter can store it anywhere and a restart loses nothing.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from rapidfuzz import fuzz

from bot.core.ruling import Ruling
from bot.core.topics import Ask, Conclude, Facts, Question, Stage, Topic, next_step
from bot.dialogue.answers import resolve_answer
from bot.dialogue.matching import Match, Normaliser, TopicMatcher
from bot.dialogue.situation import auction_facts, auction_hint, phrase_facts, read_situation
from bot.knowledge import Knowledge
from bot.render import Format, Renderer

MAX_MESSAGE = 4000
CLEAR_SCORE = 105.0
"""A topic this sure, and clearly ahead of the next, starts at once."""
CLEAR_MARGIN = 12.0
OFFER_SCORE = 95.0
"""Below this nothing is offered: the user is asked to rephrase."""
CHOOSE_TOPIC = "__topic__"
NEW_INCIDENT_WORDS = 6
"""An unreadable answer this long that clearly matches a topic starts a new incident."""

TurnType = Literal["question", "ruling", "message"]


@dataclass(frozen=True)
class Choice:
    id: str
    label: str


@dataclass(frozen=True)
class Turn:
    """One reply as an adapter shows it."""

    type: TurnType
    text: str
    choices: tuple[Choice, ...] = ()
    topic: str | None = None
    citations: tuple[str, ...] = ()
    ruling: Ruling | None = None
    summary: str = ""
    """A ruling's headline (at most 60 words); the full ruling stays in ``text``."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type,
            "text": self.text,
            "choices": [{"id": c.id, "label": c.label} for c in self.choices],
            "topic": self.topic,
        }
        if self.type == "ruling":
            out["citations"] = list(self.citations)
            out["summary"] = self.summary
        return out


@dataclass
class Conversation:
    """Everything the engine remembers about one person's incident."""

    topic: str | None = None
    facts: Facts = field(default_factory=dict)
    answered: list[str] = field(default_factory=list)
    """Facts the user answered in this stage, oldest first (for 'back')."""
    stages: list[dict[str, Any]] = field(default_factory=list)
    pending: str | None = None
    offered: list[str] = field(default_factory=list)
    description: str = ""
    asked: int = 0
    """How many questions this conversation has asked: stamps buttons, so old ones expire."""
    version: str = ""
    """The knowledge fingerprint the conversation was started under."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Conversation:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    @property
    def idle(self) -> bool:
        return self.pending is None


_RESTART = re.compile(r"^/?(restart|start over|start again|reset|cancel|new|new incident)$")
_BACK = re.compile(r"^/?(back|undo|go back|previous)$")
_HELP = re.compile(r"^/?(help|\?|start|hi|hello|hey)$")
_MENU = re.compile(r"^/?(topics|menu|list|what can you do)$")
_LAW = re.compile(
    r"^/?(?:law|rule|l)\s*(?P<ref>\d{1,2}[a-h]?\d*(?:\([a-z]+\))*)\s*$", re.IGNORECASE
)


class Dialogue:
    """Stateless service: ``handle(conversation, text)`` -> reply turns."""

    def __init__(self, knowledge: Knowledge, renderer: Renderer, fmt: Format = "text") -> None:
        self.knowledge = knowledge
        self.renderer = renderer
        self.fmt: Format = fmt
        self.normalise = Normaliser(knowledge.jargon)
        self.matcher = TopicMatcher(knowledge, self.normalise)
        self._style, self._jurisdiction = "player", "WBF"

    # -- entry point ----------------------------------------------------------
    def handle(
        self, conv: Conversation, text: str, *, style: str = "player", jurisdiction: str = "WBF"
    ) -> list[Turn]:
        """Reply to one message. ``style`` and ``jurisdiction`` shape how a ruling is worded."""
        self._style, self._jurisdiction = style, jurisdiction
        expired = self._expire_if_stale(conv)
        message = " ".join(text.split())
        if not message:
            return [self._message("empty_input")]
        if len(message) > MAX_MESSAGE:
            return [self._message("too_long", limit=MAX_MESSAGE)]
        lowered = message.lower()
        if _RESTART.match(lowered):
            self._reset(conv)
            return [self._message("restarted")]
        if _BACK.match(lowered):
            return self._back(conv)
        if _HELP.match(lowered):
            return [self._message("welcome"), *self._repeat(conv)]
        if _MENU.match(lowered):
            return [self._menu(conv, "topic_menu")]
        law = _LAW.match(message)
        if law:
            return [self.law_lookup(law.group("ref")), *self._repeat(conv)]
        if conv.pending == CHOOSE_TOPIC:
            return self._choose_topic(conv, message)
        if conv.pending is not None:
            return self._answer(conv, message)
        return [*expired, *self._describe(conv, message)]

    def press(
        self, conv: Conversation, asked: int, choice_id: str, **preferences: str
    ) -> list[Turn] | None:
        """A button press; None when the button is stale (an older question, or none pending)."""
        if self._expire_if_stale(conv) or conv.pending is None or conv.asked != asked:
            return None
        return self.handle(conv, choice_id, **preferences)

    def pending_choices(self, conv: Conversation) -> list[Choice]:
        """The choices of the question now waiting for an answer (empty if none)."""
        if conv.pending is None or conv.version != self.knowledge.fingerprint:
            return []
        if conv.pending == CHOOSE_TOPIC:
            topics = self.knowledge.topics
            return [Choice(t, topics[t].title) for t in conv.offered if t in topics]
        question = self._topic(conv).question(conv.pending)
        return [Choice(c.id, c.label) for c in question.choices] if question else []

    def repeat_question(self, conv: Conversation) -> list[Turn]:
        """The pending question again (after a side request, or a move to a private chat)."""
        return self._repeat(conv)

    def topic_card(self, topic_id: str) -> str:
        """A short card for inline mode: the key rule of a topic and its laws."""
        topic = self.knowledge.topics[topic_id]
        return self.renderer.message("topic_card", self.fmt, topic=topic)

    def _expire_if_stale(self, conv: Conversation) -> list[Turn]:
        """A conversation stored under other knowledge cannot be trusted: start it afresh."""
        fingerprint = self.knowledge.fingerprint
        if conv.version == fingerprint:
            return []
        stale = conv.version != "" and not conv.idle
        asked = conv.asked
        self._reset(conv)
        conv.version, conv.asked = fingerprint, asked
        return [self._message("expired")] if stale else []

    def greet(self) -> list[Turn]:
        return [self._message("welcome")]

    def internal_error_turn(self) -> Turn:
        """What the user sees if something inside fails: brief, and a way on."""
        return self._message("internal_error")

    def law_lookup(self, query: str) -> Turn:
        """Plain-English summary of a law ('27') or one subsection ('27B1(a)')."""
        ref = query.strip().upper().replace("LAW", "").strip()
        ref = re.sub(r"\(([A-Z]+)\)", lambda m: f"({m.group(1).lower()})", ref)
        laws = self.knowledge.laws
        if not laws.has(ref):
            return self._message("law_unknown", query=query.strip())
        law = laws.law_of(ref)
        topics = [t for t in self.knowledge.topics.values() if str(law.number) in t.laws]
        return self._message("law", law=law, citation=ref, topics=topics)

    def rank(self, text: str) -> list[Match]:
        return self.matcher.rank(text, auction_hint(read_situation(text)))

    # -- describing an incident -------------------------------------------------
    def _describe(self, conv: Conversation, message: str) -> list[Turn]:
        ranked = self.rank(message)
        best = ranked[0]
        runner_up = ranked[1].score if len(ranked) > 1 else 0.0
        conv.description = message
        if best.score >= CLEAR_SCORE and best.score - runner_up >= CLEAR_MARGIN:
            return self._start(conv, best.topic, message)
        if best.score >= OFFER_SCORE:
            conv.offered = [m.topic.id for m in ranked[:3]]
            conv.pending = CHOOSE_TOPIC
            conv.asked += 1
            return [self._menu(conv, "close_call", conv.offered)]
        conv.offered = [t.id for t in self.knowledge.menu]
        conv.pending = CHOOSE_TOPIC
        conv.asked += 1
        return [self._menu(conv, "no_match", conv.offered)]

    def _choose_topic(self, conv: Conversation, message: str) -> list[Turn]:
        options = [self.knowledge.topics[t] for t in conv.offered]
        picked = _pick_topic(message, options)
        if picked is None:
            conv.pending = None
            return self._describe(conv, message)
        return self._start(conv, picked, conv.description or message)

    def _is_new_incident(self, message: str) -> bool:
        """A long message that clearly describes an irregularity, typed instead of an answer."""
        if len(message.split()) < NEW_INCIDENT_WORDS:
            return False
        ranked = self.rank(message)
        best, runner_up = ranked[0].score, ranked[1].score
        return best >= CLEAR_SCORE and best - runner_up >= CLEAR_MARGIN

    def _start(self, conv: Conversation, topic: Topic, description: str) -> list[Turn]:
        conv.topic = topic.id
        conv.pending = None
        conv.offered = []
        conv.answered = []
        conv.stages = []
        conv.facts = self._facts_in(topic, description)
        intro = self._message("recognised", topic=topic)
        return [Turn(intro.type, intro.text, topic=topic.id), *self._advance(conv)]

    def _facts_in(self, topic: Topic, description: str) -> Facts:
        situation = read_situation(description)
        facts = phrase_facts(topic, self.normalise(description))
        facts.update(auction_facts(topic, situation))
        return facts

    # -- answering questions --------------------------------------------------------
    def _answer(self, conv: Conversation, message: str) -> list[Turn]:
        topic = self._topic(conv)
        question = topic.question(conv.pending or "")
        if question is None:  # knowledge changed under a stored conversation
            self._reset(conv)
            return [self._message("restarted")]
        choice = resolve_answer(message, question.choices, self.normalise(message))
        if choice is None and self._is_new_incident(message):
            self._reset(conv)
            return self._describe(conv, message)
        if choice is None:
            return [
                self._message("not_understood", answer=message[:80]),
                self._question_turn(topic, question),
            ]
        conv.facts[question.fact] = choice
        conv.answered.append(question.fact)
        return self._advance(conv)

    def _advance(self, conv: Conversation) -> list[Turn]:
        turns: list[Turn] = []
        while True:
            topic = self._topic(conv)
            step = next_step(topic, conv.facts)
            if isinstance(step, Ask):
                conv.pending = step.question.fact
                conv.asked += 1
                turns.append(self._question_turn(topic, step.question))
                return turns
            if isinstance(step, Conclude) and step.rule.then:
                turns.append(self._hand_over(conv, topic, step))
                continue
            if isinstance(step, Conclude):
                turns.append(self._ruling_turn(conv, topic, step))
                self._reset(conv)
                return turns
            self._reset(conv)
            turns.append(self._message("no_match"))
            return turns

    def _hand_over(self, conv: Conversation, topic: Topic, step: Conclude) -> Turn:
        rule = step.rule
        assert rule.then is not None
        text = self.renderer.stage_message(topic.id, rule.id, conv.facts, self.fmt)
        stage = Stage.of(topic.id, step, conv.facts)
        conv.stages.append({**asdict(stage), "answered": list(conv.answered)})
        details = {k: v for k, v in conv.facts.items() if k.startswith("_")}
        carried = {k: conv.facts[k] for k in rule.carry if k in conv.facts}
        fixed = {
            k: (conv.facts.get(v[1:], "") if v.startswith("=") else v)
            for k, v in rule.fixed.items()
        }
        following = self.knowledge.topics[rule.then]
        found = self._facts_in(following, conv.description)
        if not topic.about_a_call:
            # the calls named do not say who offended in this story (e.g. a misstated
            # double), so they must not name the offender in the next topic either
            found = {k: v for k, v in found.items() if not k.startswith("_")}
        conv.topic = following.id
        conv.facts = {**found, **details, **carried, **{k: v for k, v in fixed.items() if v}}
        conv.answered = []
        return Turn("message", text, topic=topic.id)

    def _ruling_turn(self, conv: Conversation, topic: Topic, step: Conclude) -> Turn:
        ruling = self.ruling_for(topic, step, conv.facts, conv.stages)
        return Turn(
            "ruling",
            self.renderer.ruling(
                ruling, self.fmt, style=self._style, jurisdiction=self._jurisdiction
            ),
            topic=topic.id,
            citations=ruling.citations,
            ruling=ruling,
        )

    def ruling_for(
        self, topic: Topic, step: Conclude, facts: Facts, stages: list[dict[str, Any]]
    ) -> Ruling:
        stage_records = tuple(_stage(s) for s in stages)
        return self.knowledge.ruling(topic.id, step, facts, stage_records)

    # -- back, restart, repeat ------------------------------------------------------------
    def _back(self, conv: Conversation) -> list[Turn]:
        if conv.pending == CHOOSE_TOPIC or conv.topic is None:
            self._reset(conv)
            return [self._message("nothing_to_undo")]
        if not conv.answered and conv.stages:
            stage = conv.stages.pop()
            conv.topic, conv.facts, conv.answered = (
                stage["topic"],
                stage["facts"],
                stage["answered"],
            )
        if not conv.answered:
            self._reset(conv)
            return [self._message("nothing_to_undo")]
        last = conv.answered.pop()
        conv.facts.pop(last, None)
        return self._advance(conv)

    def _repeat(self, conv: Conversation) -> list[Turn]:
        """After a side request (help, a law), ask the pending question again."""
        if conv.pending is None:
            return []
        if conv.pending == CHOOSE_TOPIC:
            return [self._menu(conv, "close_call", conv.offered)]
        topic = self._topic(conv)
        question = topic.question(conv.pending)
        return [self._question_turn(topic, question)] if question else []

    @staticmethod
    def _reset(conv: Conversation) -> None:
        """Forget the incident; keep the question counter so old buttons stay expired."""
        conv.topic, conv.facts, conv.answered, conv.stages = None, {}, [], []
        conv.pending, conv.offered, conv.description = None, [], ""

    # -- building turns ------------------------------------------------------------------
    def _topic(self, conv: Conversation) -> Topic:
        assert conv.topic is not None
        return self.knowledge.topics[conv.topic]

    def _question_turn(self, topic: Topic, question: Question) -> Turn:
        return Turn(
            "question",
            self.renderer.question(question, topic, self.fmt),
            tuple(Choice(c.id, c.label) for c in question.choices),
            topic=topic.id,
        )

    def _message(self, name: str, **context: Any) -> Turn:
        return Turn("message", self.renderer.message(name, self.fmt, **context))

    def _menu(self, conv: Conversation, name: str, topic_ids: list[str] | None = None) -> Turn:
        ids = topic_ids or [t.id for t in self.knowledge.menu]
        if name == "topic_menu":
            conv.offered, conv.pending = ids, CHOOSE_TOPIC
            conv.description = ""
            conv.asked += 1
        choices = tuple(Choice(t, self.knowledge.topics[t].title) for t in ids)
        return Turn("question", self.renderer.message(name, self.fmt), choices)


def _stage(stored: dict[str, Any]) -> Stage:
    """A Stage back from its stored (JSON) form."""
    return Stage(
        stored["topic"],
        stored["rule"],
        tuple(stored["citations"]),
        dict(stored["facts"]),
        tuple(stored["effects"]),
    )


def _pick_topic(message: str, options: list[Topic]) -> Topic | None:
    raw = message.strip().lower().rstrip(".")
    if raw.isdigit() and 1 <= int(raw) <= len(options):
        return options[int(raw) - 1]
    for topic in options:
        if raw in (topic.id, topic.title.lower()):
            return topic
    scored = sorted(
        ((fuzz.token_set_ratio(raw, t.title.lower()), t) for t in options),
        key=lambda pair: pair[0],
        reverse=True,
    )
    if scored and scored[0][0] >= 85:
        return scored[0][1]
    return None
