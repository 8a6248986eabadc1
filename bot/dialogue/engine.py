"""The one dialogue engine behind the console chat and the Telegram bot.

It turns each user message into reply turns (message, question or ruling)
and keeps all its state in a :class:`Conversation`, a plain JSON-able record,
so an adapter can store it anywhere and a restart loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from rapidfuzz import fuzz

from bot import charts
from bot.core.ruling import Ruling
from bot.core.topics import (
    Ask,
    Conclude,
    Facts,
    Question,
    Stage,
    Topic,
    facts_on_path,
    next_step,
)
from bot.core.topics import Choice as TopicChoice
from bot.dialogue import law_refs, scoring
from bot.dialogue.answers import UNSURE, resolve_answer
from bot.dialogue.description import PERIOD_TOLD, Description, describe, load_vocabulary
from bot.dialogue.examples import DOUBT_TEMPERATURE, ExampleModel, is_story
from bot.dialogue.facts import NOTHING, Found, compile_says, facts_in, without_fault
from bot.dialogue.matching import (
    AUCTION_BONUS,
    HINT_EVIDENCE,
    Bounds,
    Match,
    Normaliser,
    TopicMatcher,
)
from bot.knowledge import Knowledge, Subject
from bot.lazy import lazy_pattern
from bot.render import Format, Renderer, Roles, personal

MAX_MESSAGE = 4000
CLEAR_SCORE = 105.0
"""A topic this sure, and clearly ahead of the next, starts at once."""
CLEAR_MARGIN = 35.0
"""How far ahead of the next topic the topic must be. The examples give a topic up to
``STORY_WEIGHT`` points, so a split between two topics still opens a gap: below this gap the
user picks from a menu (one tap) rather than read a wrong "This is about"."""
PROVEN_MARGIN = 12.0
"""A topic whose irregularity the story proves starts when it leads by this much without the
examples, whatever doubt they add (the reproduced revoke told with 'a spade hiding')."""
SUBJECT_MARGIN = 12.0
"""How far ahead of a subject the bot does not rule on it must be: the examples never decide
between a topic and a subject (``bot/dialogue/examples.py``), so aliases alone set this gap."""
OFFER_SCORE = 95.0
"""Below this nothing is offered: the user is asked to rephrase."""
CHOOSE_TOPIC = "__topic__"
FIX = "fix"
"""The choice on the 'I took from your description' line: ask every fact instead."""
NONE_OF_THESE = "none"
"""The way out of a topic menu: the incident is not one the bot rules on."""
MIN_EVIDENCE = 2.5
"""Below this, the words a description shares with a topic are too generic to start or offer it."""
PROVEN_BONUS = 200.0
"""Added to a topic that rules on an irregularity the story proves: above any alias match
(once for the last one told, once more for each told after it). A whole story's examples
may add more to another proven topic; ``Dialogue.rank`` still puts the first told first, and
then no clear gap opens: the proven topic starts only when it leads without the examples."""
RULED_OUT = 400.0
"""Taken from a topic the story rules out (the play has begun, for a topic about calls) when
nothing in the story speaks for it: more than an alias match and the examples can make up.
Where the calls told point to the topic, only a contradiction of them counts (``AUCTION_BONUS``
is taken): that the play has begun does not undo an insufficient bid the calls show."""
EXAMPLES_DOUBT = 0.001
"""Below this share of the examples' belief (spread by ``DOUBT_TEMPERATURE``) a story's best
topic does not start at once. Chosen by leaving out each of the last three blind batches in
turn: from 0.0001 to 0.001 the wrong announcements fell from 116 to 96 in 3,351 stories and the
right ones from 2,419 to 2,415. Sharper beliefs would hold back more wrong ones still, but also
the issue's revoke 'had a spade hiding', told in a premature play's words. Cross-validation
(``scripts/routing_cv.py``: the set in 5 folds, each told to a model learned without it) found
0.003 better on its own count (wrong starts 105 -> 98 of 8,817, right ones at once 7,501 ->
7,489; dev parts 6 -> 4 wrong, 917 -> 905 right), but it held back six stories whose reading
proves the irregularity and whose ruling the tests keep at once (a barred player's turn taken,
28A; a revoke looked for once all thirteen tricks are played; a card dropped on the trick): a
menu for the proven topic there costs more than the seven wrong starts it saves."""
NEW_INCIDENT_WORDS = 6
"""An answer this long that fits no choice is a sentence: read as a corrected description."""

TurnType = Literal["question", "ruling", "message"]


@dataclass(frozen=True)
class Choice:
    id: str
    label: str
    short: str = ""
    """The words on a phone's button (the full label is numbered in the question)."""


LAWS_KEPT = 1024
"""Law look-ups kept as answered (every law and subsection, and a few ways of asking)."""


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
    """For a ruling: the headline a phone shows first (the full ruling is ``text``)."""

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
    inferred: list[str] = field(default_factory=list)
    """Facts of this stage filled from the description, not answered (shown before a ruling)."""
    took: list[str] = field(default_factory=list)
    """Who and which calls the reader identified in the description."""
    took_fault: list[str] = field(default_factory=list)
    """The entries of ``took`` naming the player at fault or a seat check: not shown when
    the facts say the act was no irregularity."""
    guess: bool = True
    """Fill facts from the description; off after 'fix', so every fact is asked."""
    picked_from: list[str] = field(default_factory=list)
    """The menu the topic was picked from (so 'back' returns to it)."""
    last: dict[str, Any] = field(default_factory=dict)
    """The incident just ruled on (topic, description), for 'fix'."""
    retold: dict[str, Any] = field(default_factory=dict)
    """Before an answer that was read into the description (a ``retold`` choice): the
    answered fact and the conversation as it was, so 'back' undoes the reading too."""

    def to_dict(self) -> dict[str, Any]:
        """A deep copy as plain data (what ``asdict`` makes of it, several times faster)."""
        return {name: _plain(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Conversation:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    @property
    def idle(self) -> bool:
        return self.pending is None


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data: dicts, lists and tuples copied, the rest shared."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_plain(item) for item in value)
    return value


_RESTART = lazy_pattern(r"^/?(restart|start over|start again|reset|cancel|new|new incident)$")
_BACK = lazy_pattern(r"^/?(back|undo|go back|previous)$")
_HELP = lazy_pattern(r"^/?(help|\?|start|hi|hello|hey)$")
_MENU = lazy_pattern(r"^/?(topics|menu|list|what can you do)$")
_MORE = lazy_pattern(r"^/?(more|full|full ruling|details|show more|the rest)$")
_FIX = lazy_pattern(
    r"^/?(fix|fix it|correct (it|this|that)|that'?s wrong|thats wrong|that is wrong|not right|"
    r"that'?s not right|ask me instead|ask me)$"
)
"""Never a bare word an answer might be ("correct" means yes; "wrong" is a choice id)."""


def _ahead_without_examples(ranked: list[Match], best: Match, margin: float = 0.0) -> bool:
    """Whether ``best`` also leads every other topic by ``margin`` on what the story proves and
    the aliases alone: the examples may widen a lead, never make one on their own."""
    others = [m.score - m.learned for m in ranked if m.covered and m is not best]
    return best.score - best.learned - max(others, default=0.0) > margin - 1e-9


def _examples_allow(examples: ExampleModel, normal_form: str, best: Topic | Subject) -> bool:
    """Whether the examples leave ``best`` a chance. Where a story proves one irregularity and
    its words read like nothing but another's incidents, the reader has most often proved the
    wrong thing (on a blind batch, 70 of 72 such starts were wrong): the user then picks from a
    menu rather than read a wrong "This is about"."""
    belief = examples.posterior(normal_form, DOUBT_TEMPERATURE)
    return belief.get(best.id, 0.0) >= EXAMPLES_DOUBT


SETTLE_AT_MOST = 8
"""Topics whose aliases ``Dialogue._clear_start`` compares one by one before it leaves the
start to the full ranking (which compares all fifty at once, for the cost of about twenty)."""


def _first_ranked(bounds: Bounds) -> int | None:
    """The topic ``TopicMatcher.rank`` puts first (the highest score, the first of a tie),
    settling the topics that may outscore the best settled so far, highest first; None if
    that is not known after ``SETTLE_AT_MOST``."""
    while True:
        low, high, settled = bounds.low, bounds.high, bounds.settled
        known = [i for i in settled if bounds.covered[i]]  # their scores are exact
        best = min(known, key=lambda i: (-low[i], i)) if known else None
        if best is not None:
            score = low[best]
            ahead = [
                i
                for i in range(len(high))
                if i != best and (high[i] > score or (high[i] == score and i < best))
            ]
            if not ahead:
                return best
            ahead = [i for i in ahead if i not in settled]
        else:
            ahead = [i for i in range(len(high)) if i not in settled]
        if not ahead or len(settled) >= SETTLE_AT_MOST:
            return None
        bounds.settle(min(ahead, key=lambda i: (-high[i], i)))


def _failing_tests(bounds: Bounds, best: int, proven: bool) -> set[int] | None:
    """None if every score test ``_describe`` makes before starting ``best`` passes with its
    score at its lowest and every other's at its highest; else the topics whose highest may
    fail one. The next topic or subject after the best is one of the others (or none: 0)."""
    covered, high, learned = bounds.covered, bounds.high, bounds.learned
    low = bounds.low[best]
    others = [i for i, c in enumerate(covered) if c and i != best]
    subjects = [i for i, c in enumerate(covered) if not c]
    lead = low - learned[best]  # what the story and the aliases alone give the best
    spans = {i: high[i] - learned[i] for i in others}
    failing: set[int] = set()
    passed = low >= CLEAR_SCORE
    if not low - max((high[i] for i in subjects), default=0.0) >= SUBJECT_MARGIN:
        passed = False
        failing.update(i for i in subjects if not low - high[i] >= SUBJECT_MARGIN)
    if not lead - max(spans.values(), default=0.0) > -1e-9:
        passed = False
        failing.update(i for i in others if not lead - spans[i] > -1e-9)
    widest = max(spans.values(), default=0.0)
    if not (
        low - max((high[i] for i in others), default=0.0) >= CLEAR_MARGIN
        or (proven and lead - widest > PROVEN_MARGIN - 1e-9)
    ):
        passed = False
        failing.update(i for i in others if not low - high[i] >= CLEAR_MARGIN)
        if proven:
            failing.update(i for i in others if not lead - spans[i] > PROVEN_MARGIN - 1e-9)
    return None if passed else failing


class Dialogue:
    """Stateless service: ``handle(conversation, text)`` -> reply turns."""

    def __init__(self, knowledge: Knowledge, renderer: Renderer, fmt: Format = "text") -> None:
        self.knowledge = knowledge
        self.renderer = renderer
        self.fmt: Format = fmt
        self.normalise = Normaliser(knowledge.jargon)
        self.matcher = TopicMatcher(knowledge, self.normalise)
        self.vocabulary = load_vocabulary(
            knowledge.root / knowledge.edition.id / "vocabulary.yaml", knowledge.fingerprint
        )
        self._style, self._jurisdiction = "player", "WBF"
        self._topics = list(knowledge.topics.values())
        self._topics_about: dict[str, list[int]] = {}
        """Irregularity -> the topics (positions in ``_topics``) that rule on it or that it
        rules out: only these can get a boost (``boosts``)."""
        for position, topic in enumerate(self._topics):
            for kind in dict.fromkeys((*topic.rules_on, *topic.excluded_by)):
                self._topics_about.setdefault(kind, []).append(position)
        self._ruling_on: dict[str, list[int]] = {}
        """Irregularity -> the topics that rule on it (positions in ``matcher.topics``)."""
        for position, ranked in enumerate(self.matcher.topics):
            if isinstance(ranked, Topic):
                for kind in dict.fromkeys(ranked.rules_on):
                    self._ruling_on.setdefault(kind, []).append(position)
        self._laws: dict[str, Turn] = {}
        """Law look-ups as answered (the text depends on the query alone): a club's group
        asks for the same few laws again and again."""

    def warm_up(self) -> None:
        """Build now what reading descriptions otherwise builds as it goes (every alias
        word's group, every ``says`` phrase): a served bot's first descriptions after a
        start (a club's flood, say) are then read at full speed."""
        self.matcher.warm_up()
        compile_says(t for t in self.knowledge.topics.values() if isinstance(t, Topic))

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
        if _FIX.match(lowered.rstrip(".!")):
            return self._fix(conv)
        if _MORE.match(lowered.rstrip(".!?")):
            full = conv.last.get("full") if conv.pending is None else None
            return [Turn("message", full)] if full else [self._message("nothing_more")]
        law = law_refs.law_request(message)
        if law is not None:
            return [self.law_lookup(law), *self._repeat(conv)]
        score = scoring.score_request(message)
        if score is not None:
            name, context = scoring.score_reply(score)
            return [self._message(name, **context), *self._repeat(conv)]
        chart = charts.chart_request(message)
        if chart is not None:
            name, context = charts.chart_reply(self, chart)
            return [self._message(name, **context), *self._repeat(conv)]
        if conv.pending == CHOOSE_TOPIC:
            return self._choose_topic(conv, message)
        if conv.pending is not None:
            return self._answer(conv, message)
        # a new description keeps its line breaks: an auction typed as a table is read by its
        # columns (bot.dialogue.auction_grid), which one long line would lose
        told = "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
        return [*expired, *self._describe(conv, told)]

    def restart(self, conv: Conversation) -> None:
        """What 'restart' does to the conversation, without its reply (a /ruling that comes
        with its description says nothing about the incident it replaces)."""
        self._expire_if_stale(conv)
        self._reset(conv)

    def press(
        self, conv: Conversation, asked: int, choice_id: str, **preferences: str
    ) -> list[Turn] | None:
        """A button press; None when the button is stale (an older question, or none pending)."""
        if self._expire_if_stale(conv) or conv.pending is None or conv.asked != asked:
            return None
        # a button carries a choice id, never a command: an id such as "wrong" or "back"
        # must answer the question, not be read as typed text
        self._style = preferences.get("style", "player")
        self._jurisdiction = preferences.get("jurisdiction", "WBF")
        if conv.pending == CHOOSE_TOPIC:
            return self._choose_topic(conv, choice_id)
        return self._answer(conv, choice_id)

    def pending_choices(self, conv: Conversation) -> list[Choice]:
        """The choices of the question now waiting for an answer (empty if none)."""
        if conv.pending is None or conv.version != self.knowledge.fingerprint:
            return []
        if conv.pending == CHOOSE_TOPIC:
            return self._menu_choices(conv.offered)
        question = self._topic(conv).question(conv.pending)
        if question is None:
            return []
        asked = personal(question, conv.facts)
        return [Choice(c.id, c.label, c.short) for c in _with_way_out(asked)]

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
        """Plain-English summary of a law ('27') or a subsection ('27b1a') with its cases."""
        found = self._laws.get(query)
        if found is None:
            name, context = law_refs.lookup(self.knowledge, query)
            found = self._message(name, **context)
            if len(self._laws) < LAWS_KEPT:
                self._laws[query] = found
        return found

    def describe(self, text: str) -> Description:
        """The one reading of a message (kept: a message is read once however often used)."""
        return describe(text, self.vocabulary)

    def facts_for(self, topic: Topic, text: str) -> Found:
        """Everything a description settles for ``topic`` (what the engine fills at start)."""
        reading = self.describe(text)
        return facts_in(topic, reading, self.normalise(reading.reading))

    def rank(self, text: str) -> list[Match]:
        """Topics best first; a topic ruling on an irregularity the story proves comes before
        every topic that does not, and the first told before the later ones, whatever the
        aliases and examples say (a stable sort: they order the rest). The first told is
        ruled first; the others are offered after it."""
        description = self.describe(text)
        ranked = self.matcher.rank(description.reading, self.boosts(text))
        if not description.proven:
            return ranked
        proven = description.proven

        def told_at(match: Match) -> int:
            """Where the first irregularity this topic rules on was told (none: after all)."""
            if not isinstance(match.topic, Topic):
                return len(proven)
            told = [proven.index(k) for k in match.topic.rules_on if k in proven]
            return min(told, default=len(proven))

        return sorted(ranked, key=told_at)

    def boosts(self, text: str) -> dict[str, tuple[float, float]]:
        """What the story adds to each topic, from the topics' own ``rules_on`` and
        ``excluded_by``: a proven irregularity outranks every alias match (the first told
        the most), calls that only suggest one add less, and what the story rules out
        takes away. No topic is named here."""
        description = self.describe(text)
        proven = description.proven
        kinds = {*proven, *description.suggested[:1], *description.excluded}
        if not kinds:  # most questions prove, suggest and rule out nothing
            return {}
        firm = "insufficient_bid" in description.suggested and (
            "calls_in_rotation" in description.excluded
        )  # an insufficient bid between calls proven in rotation
        out: dict[str, tuple[float, float]] = {}
        about = self._topics_about
        for position in sorted({p for kind in kinds for p in about.get(kind, ())}):
            topic = self._topics[position]
            score, evidence = 0.0, 0.0
            ruled = [k for k in topic.rules_on if k in proven]
            if ruled:
                first = min(proven.index(k) for k in ruled)
                score += PROVEN_BONUS * (len(proven) - first)  # the first told ranks first
                evidence += HINT_EVIDENCE
            elif any(k in description.suggested[:1] for k in topic.rules_on):
                score += AUCTION_BONUS * (1.5 if firm else 1.0)
                evidence += HINT_EVIDENCE
            against = [k for k in topic.excluded_by if k in description.excluded]
            if against and not evidence:
                score -= RULED_OUT
            elif any(k not in PERIOD_TOLD for k in against):
                score -= AUCTION_BONUS  # the calls told contradict what their shape suggests
            if score or evidence:
                out[topic.id] = (score, evidence)
        return out

    def _a_story(self, text: str) -> bool:
        """Whether the description is a whole story rather than a one-line question: only a
        story has words enough for the examples to judge it by."""
        return is_story(self.normalise(self.describe(text).reading))

    def _examples_allow(self, text: str, best: Topic | Subject) -> bool:
        """Whether the examples leave the best topic a chance (``_examples_allow``). Even when
        the topic they believe in rules on a second irregularity the story proves, the user
        picks from the menu: on blind batches left out in turn, the second was then more often
        the question (announcing the first anyway gave 31 more wrong starts in 3,351)."""
        normal_form = self.normalise(self.describe(text).reading)
        return _examples_allow(self.matcher.examples, normal_form, best)

    def _explained_on_words(self, text: str, match: Match) -> bool:
        """Whether the best topic would rule at once on words alone: one that asks nothing (its
        ruling is the general explanation) matched by a whole story through its aliases, no
        irregularity it rules on proven. Started, it would confirm nothing before ruling, so
        it is offered first in a menu (with the way out) rather than announced."""
        topic = match.topic
        return (
            isinstance(topic, Topic)
            and not topic.questions
            and not self._proven_for(text, match)
            and self._a_story(text)
        )

    def _proven_for(self, text: str, match: Match) -> bool:
        """Whether the story proves an irregularity this topic rules on."""
        proven = self.describe(text).proven
        return isinstance(match.topic, Topic) and any(k in proven for k in match.topic.rules_on)

    def also_proven(self, text: str, topic: Topic) -> list[Topic]:
        """Topics of the other irregularities the description proves (after the first), but
        not one already put right at the table: there is nothing left to rule on it."""
        others: list[Topic] = []
        told = self.describe(text).irregularities
        ruled = {i.start for i in told if i.kind in topic.rules_on}
        for kind in dict.fromkeys(i.kind for i in told if i.start not in ruled and not i.settled):
            if kind in topic.rules_on:
                continue
            found = next((t for t in self.knowledge.topics.values() if kind in t.rules_on), None)
            if found is not None and found not in others and found.id != topic.id:
                others.append(found)
        return others

    # -- describing an incident -------------------------------------------------
    def _describe(self, conv: Conversation, message: str) -> list[Turn]:
        """Start the topic the description clearly names, offer the close ones, say plainly
        when it is something not covered, and never pick a topic on generic words."""
        named = self._clear_start(message)
        if named is not None:  # what the ranking below would start, found without it
            conv.description = message
            conv.last = {}
            return self._start(conv, named, message)
        ranked = self.rank(message)
        best = ranked[0]
        next_topic = next((m.score for m in ranked[1:] if m.covered), 0.0)
        next_subject = next((m.score for m in ranked[1:] if not m.covered), 0.0)
        conv.description = message
        conv.last = {}
        if best.score >= OFFER_SCORE and best.evidence >= MIN_EVIDENCE and not best.covered:
            self._reset(conv)
            return [self._message("not_covered", subject=best.topic, laws=best.topic.laws)]
        topics = [m for m in ranked if m.covered and m.evidence >= MIN_EVIDENCE]
        clear = (
            best.score >= CLEAR_SCORE
            and best.score - next_subject >= SUBJECT_MARGIN
            and _ahead_without_examples(ranked, best)
            and (not self._a_story(message) or self._examples_allow(message, best.topic))
            and (
                best.score - next_topic >= CLEAR_MARGIN
                or (
                    self._proven_for(message, best)
                    and _ahead_without_examples(ranked, best, PROVEN_MARGIN)
                )
            )
        )
        if (
            clear
            and best.covered
            and best.evidence >= MIN_EVIDENCE
            and not self._explained_on_words(message, best)
        ):
            return self._start(conv, self.knowledge.topics[best.topic.id], message)
        if topics and topics[0].score >= OFFER_SCORE:
            conv.offered = [m.topic.id for m in topics[:3]]
            conv.pending = CHOOSE_TOPIC
            conv.asked += 1
            return [self._menu(conv, "close_call", conv.offered)]
        self._reset(conv)
        return [self._message("not_recognised")]

    def _clear_start(self, message: str) -> Topic | None:
        """The topic ``_describe`` starts, found with the fewest aliases compared, or None
        when the full ranking must decide (a menu, a subject, a close call). Comparing a
        thousand aliases is most of a ranking's cost, yet a proven irregularity's 200 points
        (``PROVEN_BONUS``) or the examples' belief usually settle the start with the aliases
        of two or three topics compared (``TopicMatcher.bounds``)."""
        description = self.describe(message)
        proven = description.proven
        first = self._ruling_on.get(proven[0], []) if proven else []
        if proven and len(first) != 1:
            return None  # ``rank`` puts them first in the order of their scores
        bounds = self.matcher.bounds(description.reading, self.boosts(message))
        best = first[0] if proven else _first_ranked(bounds)
        if best is None or not bounds.covered[best] or bounds.evidence[best] < MIN_EVIDENCE:
            return None
        topic = self.matcher.topics[best]
        if self._a_story(message) and not self._examples_allow(message, topic):
            return None
        if isinstance(topic, Topic) and not topic.questions and not proven:
            return None  # a topic that asks nothing: ``_describe`` decides (a story: offered)
        while (failing := _failing_tests(bounds, best, bool(proven))) is not None:
            todo = (failing | {best}) - bounds.settled
            if not todo or len(bounds.settled) + len(todo) > SETTLE_AT_MOST:
                return None  # not clear on the scores, or cheaper to rank them all
            for index in sorted(todo):
                bounds.settle(index)
        return self.knowledge.topics[topic.id]

    def _choose_topic(self, conv: Conversation, message: str) -> list[Turn]:
        options = [self.knowledge.topics[t] for t in conv.offered]
        raw = message.strip().lower().rstrip(".")
        after_ruling = bool(conv.last)  # the others a ruled description proved, offered
        if raw == NONE_OF_THESE or (raw.isdecimal() and int(raw) == len(options) + 1):
            last = conv.last
            self._reset(conv)
            conv.last = last
            return [self._message("nothing_else" if after_ruling else "none_of_these")]
        picked = _pick_topic(message, options)
        if picked is None and _UNSURE_TOPIC.match(raw):
            self._reset(conv)
            return [self._message("none_of_these")]
        if picked is None:
            conv.pending = None
            return self._describe(conv, message)
        offered = list(conv.offered)
        # the words that picked the topic (its title, a number) describe nothing: facts come
        # only from the description told before the menu, if any
        turns = self._start(conv, picked, conv.description)
        conv.picked_from = offered
        return turns

    def _start(
        self,
        conv: Conversation,
        topic: Topic,
        description: str,
        *,
        answered: Mapping[str, str] | None = None,
    ) -> list[Turn]:
        conv.topic = topic.id
        conv.pending = None
        conv.offered = []
        conv.picked_from = []
        conv.answered, conv.retold = [], {}
        conv.stages = []
        found = self._facts_in(conv, topic, description)
        conv.facts = dict(found.facts)
        for fact, value in (answered or {}).items():  # answers given before more was told
            if fact not in conv.facts:
                conv.facts[fact] = value
                conv.answered.append(fact)
        conv.inferred = list(found.inferred)
        conv.took = list(found.took)
        conv.took_fault = list(found.took_fault)
        intro = self._message("recognised", topic=topic)
        turns = [Turn(intro.type, intro.text, topic=topic.id)]
        ruled = conv.last.get("ruled", ())  # already ruled from this description
        others = self.also_proven(description, topic) if description else []
        others = [t for t in others if t.id not in ruled]
        if others:
            turns.append(self._message("also_proven", first=topic, others=others))
        return [*turns, *self._advance(conv)]

    def _facts_in(
        self, conv: Conversation, topic: Topic, description: str, *, focus_wanted: bool = False
    ) -> Found:
        if not conv.guess:
            return NOTHING
        reading = self.describe(description)
        return facts_in(topic, reading, self.normalise(reading.reading), focus_wanted=focus_wanted)

    def _fix(self, conv: Conversation) -> list[Turn]:
        """'fix': the same incident again, asking every fact instead of reading it."""
        topic_id = conv.stages[0]["topic"] if conv.stages else conv.topic
        description = conv.description
        if topic_id is None and conv.last:
            topic_id, description = conv.last.get("topic"), conv.last.get("description", "")
        if topic_id is None or topic_id not in self.knowledge.topics:
            return [self._message("nothing_to_fix")]
        self._reset(conv)
        conv.guess = False
        conv.description = description
        return [
            self._message("fixing"),
            *self._start(conv, self.knowledge.topics[topic_id], description),
        ]

    # -- answering questions --------------------------------------------------------
    def _answer(self, conv: Conversation, message: str) -> list[Turn]:
        topic = self._topic(conv)
        question = topic.question(conv.pending or "")
        if question is None:  # knowledge changed under a stored conversation
            self._reset(conv)
            return [self._message("restarted")]
        question = personal(question, conv.facts)  # answered as the user read it
        choices = _with_way_out(question)
        choice = resolve_answer(message, choices, self.normalise(message))
        if choice is None and len(message.split()) >= NEW_INCIDENT_WORDS:
            # a sentence, not an answer: the question does not fit, so the story was misread;
            # read the sentence as the corrected description (never the same question again),
            # unless it describes no irregularity ('not yet - what are the options?' typed at
            # another question, read as nothing or as bidding advice): then the incident is
            # kept and the question asked again
            kept = conv.to_dict()
            self._reset(conv)
            turns = self._describe(conv, message)
            if conv.topic is not None and (
                self.describe(message).proven or not _lost_the_story(conv, kept)
            ):
                return turns  # the sentence tells the incident afresh: read as the new story
            more = self._told_more(conv, kept, message)
            if more is not None:
                return more
            if conv.pending == CHOOSE_TOPIC and not self._same_story(kept, message):
                return turns
            for name, value in Conversation.from_dict(kept).__dict__.items():
                setattr(conv, name, value)
        if choice is None:
            return [
                self._message("not_understood", answer=message[:80]),
                self._question_turn(topic, question, conv.facts),
            ]
        if choice == UNSURE.id:
            conv.pending = None
            laws = _laws_for(topic, question)
            return [self._message("unsure", question=question, topic=topic, laws=laws)]
        before = conv.to_dict()
        conv.facts[question.fact] = choice
        conv.answered.append(question.fact)
        told = question.choice(choice)
        if told is not None and told.retold:
            self._read_with_answer(conv, topic, question.fact, told, before)
        return self._advance(conv)

    def _read_with_answer(
        self,
        conv: Conversation,
        topic: Topic,
        fact: str,
        told: TopicChoice,
        before: dict[str, Any],
    ) -> None:
        """The description read again with the answer told in it ('It was the opening
        lead'), exactly as if the story had said it: what the story's seats prove once the
        answer holds fills the facts the first reading could not (the user's answers stand).
        Kept only when the reader reads the answer from the sentence, and it changes what
        the description settles."""
        if not conv.guess or not conv.description or conv.stages:
            return
        whole = f"{conv.description.rstrip(' .')}. {told.noted or told.label}."
        found = self._facts_in(conv, topic, whole)
        if found.facts.get(fact) != told.id:
            return  # the reader does not read the answer from the sentence: nothing retold
        answered = {f: conv.facts[f] for f in conv.answered if f in conv.facts}
        facts = {**found.facts, **answered}
        if {k: v for k, v in facts.items() if k != fact} == {
            k: v for k, v in conv.facts.items() if k != fact
        } and list(found.took) == conv.took:
            return  # the answer proves nothing more from the story
        before.pop("retold", None)
        conv.retold = {"fact": fact, "before": before}
        conv.description = whole
        conv.facts = facts
        conv.inferred = [f for f in found.inferred if f not in answered]
        conv.took = list(found.took)
        conv.took_fault = list(found.took_fault)

    def _told_more(
        self, conv: Conversation, kept: dict[str, Any], message: str
    ) -> list[Turn] | None:
        """A sentence typed at a question that starts nothing on its own may be more of the
        same story ('declarer wants me to lead instead', typed at 'Who led out of turn?'). Told
        after the description, if the whole still starts the same topic, the incident goes on
        from the whole: its facts read again, the answers already given kept where the whole
        does not state them. None when it does not, or tells no fact the story lacked (the
        sentence is then read alone, or the question asked again)."""
        trial = self._read_whole(kept, message)
        if trial is None:
            return None
        topic_id = str(kept["topic"])
        facts = kept.get("facts") or {}
        if trial.topic != topic_id or trial.stages or not set(trial.facts) - set(facts):
            return None  # another topic, or the sentence told nothing the story lacked
        if trial.pending == kept.get("pending"):
            return None  # the same question would come again: it is asked again as such
        answered = {f: facts[f] for f in kept.get("answered") or () if f in facts}
        whole = trial.description or ""
        self._reset(conv)
        conv.guess = trial.guess
        conv.description = whole
        return self._start(conv, self.knowledge.topics[topic_id], whole, answered=answered)

    def _read_whole(self, kept: dict[str, Any], message: str) -> Conversation | None:
        """The story told before with the sentence typed at its question after it, read as
        one description in a trial conversation; None when there is no single story to add
        to (no topic, or two irregularities under way)."""
        topic_id, description = kept.get("topic"), str(kept.get("description") or "")
        if topic_id is None or not description or kept.get("stages"):
            return None
        whole = f"{description.rstrip(' .')}. {message}"
        trial = Conversation(
            version=str(kept.get("version") or ""), guess=bool(kept.get("guess", True))
        )
        self._describe(trial, whole)
        trial.description = whole
        return trial

    def _same_story(self, kept: dict[str, Any], message: str) -> bool:
        """The sentence, read alone, fits no one topic, but read after the story told before
        it still tells the same incident ('he won the trick with a trump', typed at a
        revoke's question): the question is asked again rather than the story dropped."""
        trial = self._read_whole(kept, message)
        return trial is not None and trial.topic == kept.get("topic")

    def _advance(self, conv: Conversation) -> list[Turn]:
        turns: list[Turn] = []
        while True:
            topic = self._topic(conv)
            self._derive_given(conv, topic)
            step = next_step(topic, conv.facts)
            if isinstance(step, Ask):
                conv.pending = step.question.fact
                conv.asked += 1
                turns.append(self._question_turn(topic, step.question, conv.facts))
                return turns
            if isinstance(step, Conclude) and step.rule.then:
                turns.append(self._hand_over(conv, topic, step))
                continue
            if isinstance(step, Conclude):
                took = self._took_turn(conv, topic, step)
                if took is not None:
                    turns.append(took)
                ruling = self._ruling_turn(conv, topic, step)
                turns.append(ruling)
                first = conv.stages[0]["topic"] if conv.stages else topic.id
                description = conv.description
                ruled = [
                    *conv.last.get("ruled", ()),
                    first,
                    *(stage["topic"] for stage in conv.stages),
                    topic.id,
                ]
                ruled = list(dict.fromkeys(ruled))
                last = {
                    "topic": first,
                    "description": description,
                    "full": ruling.text,
                    "ruled": ruled,
                }
                self._reset(conv)
                conv.last = last
                return [*turns, *self._offer_the_others(conv, description, first, ruled)]
            self._reset(conv)
            turns.append(self._message("not_recognised"))
            return turns

    def _derive_given(self, conv: Conversation, topic: Topic) -> None:
        """Facts the description settles once answers make its reading hold (``derive_given``:
        'it was lho's lead', once the lead is said to be the opening one): filled and shown
        as taken from the description, never asked."""
        if not topic.derive_given or not conv.description or not conv.guess:
            return  # after 'fix' every fact is asked
        facts = self.describe(conv.description).facts
        for fact, given in topic.derive_given.items():
            if fact in conv.facts or fact == conv.pending:
                continue
            if not all(conv.facts.get(key) in ids for key, ids in given.when.items()):
                continue
            value = facts.get(given.reading)
            question = topic.question(fact)
            if value is not None and question is not None and question.choice(value) is not None:
                conv.facts[fact] = value
                conv.inferred.append(fact)

    def _offer_the_others(
        self, conv: Conversation, description: str, first: str, ruled: list[str]
    ) -> list[Turn]:
        """After the first irregularity's ruling, the others the description proved are
        offered, on the same description (one pick, no retelling)."""
        if not description:
            return []
        others = [
            t.id
            for t in self.also_proven(description, self.knowledge.topics[first])
            if t.id not in ruled
        ]
        if not others:
            return []
        conv.description, conv.offered, conv.pending = description, others, CHOOSE_TOPIC
        conv.asked += 1
        return [self._menu(conv, "rule_the_others", others)]

    def _hand_over(self, conv: Conversation, topic: Topic, step: Conclude) -> Turn:
        rule = step.rule
        assert rule.then is not None
        text = self.renderer.stage_message(topic.id, rule.id, conv.facts, self.fmt)
        stage = Stage.of(topic.id, step, conv.facts)
        conv.stages.append(
            {**asdict(stage), "answered": list(conv.answered), "inferred": list(conv.inferred)}
        )
        details = {k: v for k, v in conv.facts.items() if k.startswith("_")}
        carried = {k: conv.facts[k] for k in rule.carry if k in conv.facts}
        fixed = {
            k: (conv.facts.get(v[1:], "") if v.startswith("=") else v)
            for k, v in rule.fixed.items()
        }
        following = self.knowledge.topics[rule.then]
        focus_wanted = rule.fixed.get("_call") == "=_intended"
        found = self._facts_in(conv, following, conv.description, focus_wanted=focus_wanted)
        if topic.incident is None:
            # the calls named do not say who offended in this story (e.g. a misstated
            # double), so they must not name the offender in the next topic either
            found = Found(
                {k: v for k, v in found.facts.items() if not k.startswith("_")}, found.inferred, ()
            )
        conv.topic = following.id
        given = {**carried, **{k: v for k, v in fixed.items() if v}}
        conv.facts = {**details, **found.facts, **given}
        conv.inferred = [k for k in found.inferred if k not in given]
        conv.took = list(dict.fromkeys([*conv.took, *found.took]))
        conv.took_fault = list(dict.fromkeys([*conv.took_fault, *found.took_fault]))
        conv.answered, conv.retold = [], {}
        return Turn("message", text, topic=topic.id)

    def _took_turn(self, conv: Conversation, topic: Topic, step: Conclude) -> Turn | None:
        """Before a ruling: what was read from the description rather than answered."""
        lines = list(conv.took)
        if without_fault(topic, conv.facts):  # answered in turn: nobody is at fault
            lines = [line for line in lines if line not in conv.took_fault]
        used: list[tuple[Topic, Facts, list[str], set[str]]] = []
        for stage in conv.stages:
            stage_topic = self.knowledge.topics[stage["topic"]]
            consulted = facts_on_path(stage_topic, stage["facts"], stage["rule"])
            used.append((stage_topic, stage["facts"], stage.get("inferred", []), consulted))
        keys = facts_on_path(topic, conv.facts, step.rule.id)
        used.append((topic, conv.facts, conv.inferred, keys))
        details = {k: v for k, v in conv.facts.items() if k.startswith("_")}
        for stage_topic, facts, inferred, keys in used:
            say = Roles.from_facts({**details, **facts}).say
            for fact in inferred:
                question = stage_topic.question(fact)
                choice = question.choice(facts.get(fact, "")) if question else None
                if fact in keys and choice is not None:
                    lines.append(say(choice.noted or choice.label))
        doubted = self.describe(conv.description).ruling_doubted if conv.description else ""
        if not lines and not doubted:
            return None
        took = self._message("took", lines=list(dict.fromkeys(lines)), ruling_told=doubted)
        return Turn(took.type, took.text, (Choice(FIX, self.renderer.message("fix_button")),))

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
            summary=self.renderer.summary(ruling, self.fmt, style=self._style),
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
        if conv.pending is None:  # after 'not sure': ask that question again
            return self._advance(conv)
        if not conv.answered and conv.stages:
            stage = conv.stages.pop()
            conv.topic, conv.facts, conv.answered = (
                stage["topic"],
                stage["facts"],
                stage["answered"],
            )
            conv.inferred = stage.get("inferred", [])
        if not conv.answered:
            return self._back_to_menu(conv)
        if conv.retold and conv.retold.get("fact") == conv.answered[-1]:
            # the answer was read into the description: the story as told before it
            kept = conv.retold["before"]
            asked = conv.asked
            for name, value in Conversation.from_dict(kept).__dict__.items():
                setattr(conv, name, value)
            conv.asked = asked
            return self._advance(conv)
        last = conv.answered.pop()
        conv.facts.pop(last, None)
        return self._advance(conv)

    def _back_to_menu(self, conv: Conversation) -> list[Turn]:
        """'back' before any answer: the topic choice again, description kept."""
        description = conv.description
        offered = conv.picked_from or [m.topic.id for m in self.rank(description) if m.covered][:3]
        self._reset(conv)
        if not description or not offered:
            return [self._message("nothing_to_undo")]
        conv.description, conv.offered = description, offered
        conv.pending = CHOOSE_TOPIC
        conv.asked += 1
        return [self._menu(conv, "back_to_topics", offered)]

    def _repeat(self, conv: Conversation) -> list[Turn]:
        """After a side request (help, a law), ask the pending question again."""
        if conv.pending is None:
            return []
        if conv.pending == CHOOSE_TOPIC:
            return [self._menu(conv, "close_call", conv.offered)]
        topic = self._topic(conv)
        question = topic.question(conv.pending)
        return [self._question_turn(topic, question, conv.facts)] if question else []

    @staticmethod
    def _reset(conv: Conversation) -> None:
        """Forget the incident; keep the question counter so old buttons stay expired."""
        conv.topic, conv.facts, conv.answered, conv.stages = None, {}, [], []
        conv.pending, conv.offered, conv.description = None, [], ""
        conv.inferred, conv.took, conv.guess, conv.picked_from = [], [], True, []
        conv.took_fault = []
        conv.last, conv.retold = {}, {}

    # -- building turns ------------------------------------------------------------------
    def _topic(self, conv: Conversation) -> Topic:
        assert conv.topic is not None
        return self.knowledge.topics[conv.topic]

    def _question_turn(self, topic: Topic, question: Question, facts: Facts) -> Turn:
        """A question worded for the asker: 'you' when he is the offender."""
        asked = personal(question, facts)
        return Turn(
            "question",
            self.renderer.question(asked, topic, self.fmt),
            tuple(Choice(c.id, c.label, c.short) for c in _with_way_out(asked)),
            topic=topic.id,
        )

    def _message(self, name: str, **context: Any) -> Turn:
        return Turn("message", self.renderer.message(name, self.fmt, **context))

    def _menu_choices(self, topic_ids: list[str]) -> list[Choice]:
        topics = self.knowledge.topics
        choices = [Choice(t, topics[t].title, topics[t].short) for t in topic_ids if t in topics]
        return [*choices, Choice(NONE_OF_THESE, "None of these", "None of these")]

    def _menu(self, conv: Conversation, name: str, topic_ids: list[str] | None = None) -> Turn:
        ids = topic_ids or [t.id for t in self.knowledge.menu]
        if name == "topic_menu":
            conv.offered, conv.pending = ids, CHOOSE_TOPIC
            conv.description = ""
            conv.asked += 1
        return Turn(
            "question", self.renderer.message(name, self.fmt), tuple(self._menu_choices(ids))
        )


_UNSURE_TOPIC = lazy_pattern(
    r"^(none|none of (these|them|the above)|neither|no|nope|other|something else)$"
)


def _lost_the_story(fresh: Conversation, kept: dict[str, Any]) -> bool:
    """A sentence typed at a question, read alone, starts the topic under way (on its words,
    proving no irregularity: a retelling proves one) but knows less than the story did ('we
    agreed at first but then objected' typed at a claim's question, read alone, no longer
    knows it was declarer's claim) and contradicts none of it: it is more of the same story,
    so it must not replace what was told."""
    if fresh.topic != kept.get("topic") or fresh.stages or kept.get("stages"):
        return False
    known: dict[str, Any] = kept.get("facts") or {}
    if any(known.get(fact, value) != value for fact, value in fresh.facts.items()):
        return False  # it corrects the story: read afresh
    return bool(set(known) - set(fresh.facts))


def _with_way_out(question: Question) -> tuple[TopicChoice, ...]:
    """A question's choices, and always a way out: 'not sure / none of these'."""
    return (*question.choices, UNSURE)


def _laws_for(topic: Topic, question: Question) -> tuple[str, ...]:
    """The laws to read when the user cannot settle a question: those of the rules it decides."""
    citations = [c for rule in topic.rules if question.fact in rule.when for c in rule.citations]
    numbers = dict.fromkeys(_LAW_NUMBER.sub("", c) for c in citations)
    return tuple(n for n in numbers if n) or topic.laws


_LAW_NUMBER = lazy_pattern(r"(?<=\d)\D.*$")
"""'27B1(a)' -> '27': the law a citation belongs to."""


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
    if raw.isdecimal() and 1 <= int(raw) <= len(options):
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
