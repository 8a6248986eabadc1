"""Simulated players talking to a served bot through the fake Bot API.

Each player describes an incident, then answers every question the bot asks
(pressing a button or typing its number, chosen at random but reproducibly)
until the ruling arrives. Beside it runs the same dialogue engine in-process
(the reference): the player expects exactly the question, or the ruling, the
reference gives for the answers so far. So an answer lost, applied to the
wrong question, or an incident forgotten shows up as a player who never gets
what he expects; repeated messages (a reply sent twice after a crash) are
harmless.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from bot.dialogue.engine import Conversation, Dialogue, Turn
from bot.telegram.handling import button_label
from bot.telegram.replies import split_for_telegram

from fake_bot_api import FakeBotApi, Sent

WAY_OUT = frozenset({"Not sure", "None of these"})

DESCRIPTIONS = (
    "insufficient bid",
    "my LHO made an IB over my 1NT",
    "pulled 1S out of the box, meant 1H, partner hasn't bid yet",
    "North opened 1NT and East pulled 1♠ out of the box meaning 1♥. South hasn't called yet",
    "bid 8 spades",
    "LHO bid out of turn",
    "partner doubled his own side's bid",
    "he called when it was my partner's turn",
    "dealer N: N 1H S 2H",
    "a card was exposed during the auction",
    "we played the wrong board",
    "he hesitated then partner bid",
    "opps gave us a wrong explanation of their 2C",
    "she called a card from dummy but named no suit",
    "dec wants to take back a card he played",
    "someone bid after the final pass",
    "E and S called at the same time",
    "the auction was passed out but West hadn't called",
)


@dataclass
class Player:
    """One person with one incident at a time; ``chat`` is a group or his private chat."""

    api: FakeBotApi
    dialogue: Dialogue
    user: int
    chat: int
    rng: random.Random
    press_share: float = 0.5
    conversation: Conversation = field(default_factory=Conversation)
    expected: Turn | None = None
    acted_asked: int = -1
    mine: set[int] = field(default_factory=set)
    """Message ids this player sent or pressed (group replies quote one of them)."""
    seen: int = 0
    started: float = 0.0
    latencies: list[float] = field(default_factory=list)
    """Seconds from each of the player's messages or presses to the reply he waited for."""
    actions: int = 0
    """Updates this player caused (messages and presses)."""
    incidents_done: int = 0
    last_action: float = 0.0
    think: float = 0.0
    """Seconds the player reads a question before answering it (on average)."""
    think_spread: float = 0.0
    """How much one reading may be shorter or longer than ``think``: people who all read
    for exactly the same time would answer in lockstep, every answer at the same instant."""
    reading: tuple[Sent, float] | None = None
    description: str = ""
    history: list[str] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.expected is None

    @property
    def in_group(self) -> bool:
        return self.chat < 0

    def start(self, description: str) -> None:
        """Describe an incident; the reference says what the bot should answer."""
        self.description = description
        self.history.append(description)
        if self.in_group:  # /ruling starts afresh
            self.dialogue.handle(self.conversation, "restart")
        self._expect(self.dialogue.handle(self.conversation, description))
        self.mine.add(self.api.user_says(self._addressed(description), self.user, self.chat))
        self.last_action = time.monotonic()
        self.actions += 1

    def _addressed(self, text: str) -> str:
        return f"/ruling {text}" if self.in_group else text

    def _expect(self, turns: list[Turn]) -> None:
        last = turns[-1]
        if (last.type == "question" and last.choices) or last.type == "ruling":
            self.expected = last
        else:
            raise AssertionError(f"reference ended on a {last.type}: {last.text[:80]}")

    def step(self) -> bool:
        """Look at what the bot sent since last time and act on it; True if it acted."""
        if self.reading is not None:
            question, due = self.reading
            if time.monotonic() < due:
                return False
            self.reading = None
            self._answer(question)
            return True
        messages = self.api.messages_to(self.chat)
        fresh, self.seen = messages[self.seen :], len(messages)
        for message in fresh:
            if self.expected is None:
                return False
            if self.expected.type == "question" and self._is_expected_question(message):
                self.latencies.append(float(message["sent_at"]) - self.last_action)
                if self.think:
                    spread = self.rng.uniform(-self.think_spread, self.think_spread)
                    self.reading = (message, time.monotonic() + self.think + spread)
                    return True
                self._answer(message)
                return True
            if self.expected.type == "ruling" and self._is_expected_ruling(message):
                self.latencies.append(float(message["sent_at"]) - self.last_action)
                self.expected = None
                self.incidents_done += 1
                return True
        return False

    def _buttons(self, message: Sent) -> list[tuple[str, str]]:
        """The answer buttons (a ruling that offers the next question also has its 'Full
        ruling' button first)."""
        markup: Any = message.get("reply_markup") or {}
        rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
        return [
            (b["text"], b["callback_data"])
            for row in rows
            for b in row
            if str(b.get("callback_data", "")).startswith("a|")
        ]

    def _is_expected_question(self, message: Sent) -> bool:
        assert self.expected is not None
        buttons = self._buttons(message)
        if not buttons or not buttons[0][1].startswith("a|"):
            return False
        _, owner, asked, _ = buttons[0][1].split("|")
        if int(owner) != self.user or int(asked) <= self.acted_asked:
            return False
        labels = [label for label, _ in buttons]
        wanted = [button_label(c) for c in self.expected.choices]
        if labels != wanted or int(asked) != self.conversation.asked:
            raise AssertionError(
                f"player {self.user} expected question {self.conversation.asked} {wanted}, "
                f"bot asked {asked} {labels} (incidents: {self.history[-3:]!r})"
            )
        return True

    def _is_expected_ruling(self, message: Sent) -> bool:
        assert self.expected is not None
        if message.get("method") != "sendMessage":
            return False
        wanted = self.expected.summary or split_for_telegram(self.expected.text)[0]
        if not str(message.get("text", "")).endswith(wanted):  # 'I took...' may lead it
            return False
        if self.in_group:
            quoted = (message.get("reply_parameters") or {}).get("message_id")
            return quoted in self.mine
        return True

    def _answer(self, question: Sent) -> None:
        buttons = self._buttons(question)
        # a player here wants his ruling, so he never takes the way out ("Not sure")
        answers = [i for i, (label, _) in enumerate(buttons) if label not in WAY_OUT]
        index = self.rng.choice(answers)
        self.acted_asked = self.conversation.asked
        self._expect(self.dialogue.handle(self.conversation, str(index + 1)))
        message_id = int(question["message_id"])
        self.last_action = time.monotonic()
        self.actions += 1
        if self.rng.random() < self.press_share:
            self.mine.add(message_id)
            self.api.press(buttons[index][1], message_id, self.user, self.chat)
        else:
            reply_to = message_id if self.in_group else None
            self.mine.add(self.api.user_says(str(index + 1), self.user, self.chat, reply_to))


def drive(players: list[Player], until: float, poll: float = 0.02) -> list[Player]:
    """Let players act until all are done or the deadline; the ones still waiting."""
    api = players[0].api if players else None
    while api is not None and time.monotonic() < until:
        acted = False
        for player in players:
            if not player.done:
                acted = player.step() or acted
        if all(p.done for p in players):
            return []
        if not acted:
            with api.lock:
                api.lock.wait(poll)
    return [p for p in players if not p.done]


def describe_waiting(players: list[Player]) -> str:
    lines = []
    for p in players:
        what = p.expected.type if p.expected else "nothing"
        texts = [str(m.get("text", ""))[:60] for m in p.api.messages_to(p.chat)[-3:]]
        lines.append(f"user {p.user} in {p.chat} waits for a {what}; last sent {texts}")
    return "\n".join(lines)
