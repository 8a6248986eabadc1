"""Handle one stored update: the dialogue's answer, saved together with its replies.

Everything an update changes (the conversation, the ruling log, the replies
queued in the outbox, the inbox row marked done) is written in one
transaction; nothing is sent from here. An update already marked done (sent
again by Telegram) changes nothing. If handling fails the incident is kept
and the user gets a short apology; only a stored conversation that cannot be
read back is set aside.
"""

from __future__ import annotations

import copy
import html
import json
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.dialogue.engine import Choice, Conversation, Dialogue, Turn
from bot.telegram import callbacks, presses, replies, ruling_log
from bot.telegram.charts import chart_replies
from bot.telegram.incoming import (
    Identity,
    Incoming,
    InlineQuery,
    Joined,
    Key,
    Message,
    Press,
    parse,
)
from bot.telegram.lookups import Lookups
from bot.telegram.presses import JURISDICTIONS, STYLES
from bot.telegram.replies import Outgoing
from bot.telegram.store import InboxRow, OutboxRow, Store, conversation_from_json, state
from bot.telegram.texts import Texts

log = logging.getLogger(__name__)

INLINE_RESULTS = 5
_MOVE = re.compile(r"move_([0-9]{1,18})")
TEXT_LIMIT = replies.TELEGRAM_TEXT_LIMIT
READABLE_KEPT = 512
"""Stored conversations remembered as read back whole (by their text), at most."""
_INCIDENT_FIELDS = ("topic", "facts", "answered", "stages", "pending", "offered", "description")


@dataclass
class Reply:
    """Where and how the replies to one update go."""

    chat_id: int
    owner: int
    """Whose incident it is: the user, or the group for its anonymous admins."""
    in_group: bool
    quote: int | None = None
    thread: int | None = None
    items: list[Outgoing] = field(default_factory=list)
    asker: str = ""
    """The first name of whoever asked, for the club's ruling log."""

    def say(self, text: str, markup: dict[str, Any] | None = None) -> None:
        self.items += replies.messages(
            self.chat_id,
            text,
            markup=markup,
            quote=self.quote,
            thread=self.thread,
            keyboard_of=self.owner if _answers_a_question(markup) else None,
        )


def _answers_a_question(markup: dict[str, Any] | None) -> bool:
    rows = (markup or {}).get("inline_keyboard", [])
    data = [button.get("callback_data", "") for row in rows for button in row]
    return any(isinstance(callbacks.decode(d), callbacks.Answer) for d in data if d)


def _joined(
    parts: list[tuple[str, str, dict[str, Any] | None]],
) -> list[tuple[str, dict[str, Any] | None]]:
    """Plain messages ride along with the question or ruling after them ("I took from your
    description..." with its ruling): one message, one notification, one turn of the rate
    limiter. They go separately only when the joined text would pass Telegram's limit."""
    out: list[tuple[str, dict[str, Any] | None]] = []
    carried: list[str] = []
    previous = ""
    for kind, text, markup in parts:
        if kind == "message" and markup is None:
            carried.append(text)
            continue
        lead = "\n\n".join(carried)
        if carried and len(lead) + 2 + len(text) <= TEXT_LIMIT:
            text = f"{lead}\n\n{text}"
        elif carried:
            out.append((lead, None))
        carried = []
        if previous == "ruling" and kind == "question" and out:
            # the offer to rule on the description's other irregularity goes under the
            # ruling: its buttons after the ruling's own, in the same message
            ruled, keys = out[-1]
            if len(ruled) + 2 + len(text) <= TEXT_LIMIT:
                rows = [
                    *(keys or {}).get("inline_keyboard", []),
                    *(markup or {}).get("inline_keyboard", []),
                ]
                out[-1] = (f"{ruled}\n\n{text}", {**(markup or {}), "inline_keyboard": rows})
                previous = kind
                continue
        previous = kind
        out.append((text, markup))
    if carried:
        out.append(("\n\n".join(carried), None))
    return out


def numbered(choices: tuple[Choice, ...]) -> str:
    """The full choices, numbered, for the question's text: the buttons carry only a few
    words each, and a number typed in reply answers as well as a press."""
    return "\n".join(f"{i}. {html.escape(c.label)}" for i, c in enumerate(choices, start=1))


def button_label(choice: Choice) -> str:
    """What a phone shows on the choice's button: its short label, written for that."""
    return choice.short or choice.label


def _reply_for(message: Message) -> Reply:
    quote = message.message_id if message.in_group else None
    return Reply(
        message.chat_id,
        message.sender_id,
        message.in_group,
        quote,
        message.thread_id,
        asker=message.sender_name,
    )


class Processor:
    """Turns stored updates into saved state and queued replies, through its store (the
    database thread's, or a draft of one update's writes: :mod:`bot.telegram.draft`)."""

    def __init__(
        self,
        store: Store,
        dialogue: Dialogue,
        texts: Texts,
        me: Identity,
        readable: dict[Key, str] | None = None,
    ) -> None:
        self.store, self.dialogue, self.texts, self.me = store, dialogue, texts, me
        self.readable: dict[Key, str] = {} if readable is None else readable
        """Per key, the stored conversation's text last read back whole: the same text is
        read back whole again without its pending question being worked out (a lookup in
        a group, beside an open incident, reads the same conversation again and again)."""

    def using(self, store: Store) -> Processor:
        """The same processor over another store (a draft prepared off the database thread)."""
        return Processor(store, self.dialogue, self.texts, self.me, self.readable)

    def message(self, template: str, /, **context: Any) -> str:
        """A sentence from messages.j2, as Telegram HTML."""
        return self.dialogue.renderer.message(template, "html", **context)

    def toast(self, template: str, /, **context: Any) -> str:
        """A sentence from messages.j2 as plain text (answers to button presses)."""
        return self.dialogue.renderer.message(template, "text", **context)

    # -- entry point -------------------------------------------------------------------
    def handle(
        self, row: InboxRow, lookups: Lookups, incoming: Incoming | None = None
    ) -> list[OutboxRow]:
        """Handle one inbox row (``incoming``: as already parsed); the replies it queued."""
        incoming = incoming or parse(row.raw, self.me)
        try:
            with self.store.transaction():
                if self.store.is_done(row.update_id):
                    return []
                items: list[Outgoing] = []
                if incoming is not None:
                    items = self._dispatch(incoming, lookups)
                queued = self.store.queue(items)
                self.store.mark_done(row.update_id)
            return queued
        except sqlite3.Error:
            raise  # the database is at fault, not the update: it is tried again later
        except Exception as error:
            log.exception("could not handle update %s", row.update_id)
            return self._failed(row, incoming, error)

    def give_up(self, row: InboxRow) -> list[OutboxRow]:
        """An update that stopped the bot mid-way again and again: apologise, move on."""
        log.error(
            "update %s was being handled when the bot stopped, %s times: skipped",
            row.update_id,
            row.attempts,
        )
        return self._failed(row, parse(row.raw, self.me), RuntimeError("stopped the bot"))

    def _dispatch(self, incoming: Incoming, lookups: Lookups) -> list[Outgoing]:
        if isinstance(incoming, Message):
            if incoming.migrate_to or incoming.migrate_from:
                self._migrate(incoming)
                return []
            if not incoming.addressed:
                return []
            reply = _reply_for(incoming)
            if incoming.command is not None:
                self._command(incoming, reply, lookups)
            elif incoming.text is None:
                reply.say(self.message("text_only"))
            else:
                self.converse(reply, incoming.text)
            return reply.items
        if isinstance(incoming, Press):
            return presses.handle(self, incoming, lookups)
        if isinstance(incoming, Joined):  # added to a group: how to ask here
            return replies.messages(incoming.chat_id, self.message("group_greeting"))
        return self._inline(incoming)

    # -- conversations -----------------------------------------------------------------
    def load(self, key: Key) -> tuple[Conversation, list[Turn]]:
        """The stored conversation; an unreadable one is dropped, with an apology turn."""
        conversation, notes, _ = self.load_text(key)
        return conversation, notes

    def load_text(self, key: Key) -> tuple[Conversation, list[Turn], str | None]:
        """``load``, and the stored text the conversation was read from (None: none was,
        or it was unreadable)."""
        try:
            text = self.store.conversation_text(*key)
            stored = conversation_from_json(text)
            conversation = Conversation.from_dict(stored) if stored else Conversation()
            if text is None or self.readable.get(key) != text:
                self.dialogue.pending_choices(conversation)  # raises if it cannot be read
                if text is not None:
                    if len(self.readable) >= READABLE_KEPT:
                        self.readable.clear()
                    self.readable[key] = text
            return conversation, [], text
        except (ValueError, TypeError, KeyError, AttributeError):
            log.warning("an unreadable conversation %s was set aside", key)
            self.readable.pop(key, None)
            self.store.delete_conversation(*key)
            return Conversation(), [Turn("message", self.texts("incident_unreadable"))], None

    def preferences(self, chat_id: int) -> dict[str, str]:
        """The chat's answer style and jurisdiction (defaults: player, WBF)."""
        settings = self.store.settings(chat_id)
        style = settings.get("style", STYLES[0])
        jurisdiction = settings.get("jurisdiction", JURISDICTIONS[0])
        return {
            "style": style if style in STYLES else STYLES[0],
            "jurisdiction": jurisdiction if jurisdiction in JURISDICTIONS else JURISDICTIONS[0],
        }

    def converse(self, reply: Reply, text: str, loaded: Conversation | None = None) -> None:
        """Feed one line to the owner's conversation, save it and queue the replies.
        ``loaded``: the conversation as the caller has just read and changed it (saved here)."""
        key = (reply.chat_id, reply.owner)
        conversation, notes = (loaded, []) if loaded is not None else self.load(key)
        move = self.open_move(reply, conversation)
        turns = self.dialogue.handle(conversation, text, **self.preferences(reply.chat_id))
        self.store.save_conversation(*key, state(conversation))
        self.retire_keyboard(reply)
        self.deliver(reply, [*notes, *turns], conversation, move)

    def retire_keyboard(self, reply: Reply, pressed: int | None = None) -> None:
        """The owner's last question buttons go once something else answers or replaces that
        question (a typed answer, /cancel, a new description): a stale keyboard on a phone
        invites a press that can only say 'expired'. A pressed message is edited already."""
        old = self.store.take_keyboard(reply.chat_id, reply.owner)
        if old is not None and old != pressed:
            reply.items.append(replies.remove_buttons(reply.chat_id, old))

    def side_request(self, reply: Reply, text: str, fallback: Callable[[], list[Turn]]) -> None:
        """A command that must never start or change an incident (/law, /score, /chart).

        The dialogue answers it on a copy; if the copy's incident changed, the dialogue
        took it for a description, so ``fallback`` is said instead and nothing is saved.
        """
        key = (reply.chat_id, reply.owner)
        conversation, notes, stored = self.load_text(key)
        # a copy to try it on; most lookups come from people with no incident, whose copy is
        # simply a new one (a deep copy costs more than the lookup); else the stored text read
        # again, which is the conversation just read, in C rather than a deep copy in Python
        fresh = Conversation()
        if conversation == fresh:
            trial = fresh
        elif stored is not None:
            trial = Conversation.from_dict(json.loads(stored))
        else:
            trial = Conversation.from_dict(conversation.to_dict())
        turns = self.dialogue.handle(trial, text, **self.preferences(reply.chat_id))
        changed = False
        if any(getattr(trial, f) != getattr(conversation, f) for f in _INCIDENT_FIELDS):
            turns = [*fallback(), *self.dialogue.repeat_question(conversation)]
        else:  # the copy and the stored one compared field by field as they stand
            changed = trial != conversation
            conversation = trial
        if changed:  # a lookup beside an open incident mostly changes nothing
            self.store.save_conversation(*key, state(conversation))
        if not conversation.idle:  # the question comes again, with fresh buttons
            self.retire_keyboard(reply)
        self.deliver(reply, [*notes, *turns], conversation)

    def deliver(
        self,
        reply: Reply,
        turns: list[Turn],
        conversation: Conversation,
        move: int | None = None,
    ) -> None:
        """Queue the turns: questions with answer buttons, rulings logged (headline first)."""
        offer_post_back: int | None = None
        parts: list[tuple[str, str, dict[str, Any] | None]] = []
        fix = next(
            (c for t in turns if t.type == "message" for c in t.choices if c.id == "fix"), None
        )
        for turn in turns:
            markup: dict[str, Any] | None = None
            text = turn.text
            if turn.type == "ruling" and turn.ruling is not None:
                ruling_id = self.store.log_ruling(
                    reply.chat_id,
                    reply.owner,
                    turn.ruling.topic,
                    turn.ruling.rule,
                    list(turn.ruling.citations),
                    turn.text,
                    turn.summary,
                    reply.asker,
                )
                row = []
                if turn.summary:
                    text = turn.summary
                    row.append((self.texts("full_ruling_button"), callbacks.full_ruling(ruling_id)))
                if fix is not None:  # what was read from the description may be wrong
                    row.append((fix.label, callbacks.fix(reply.owner, conversation.asked)))
                if row:
                    markup = replies.buttons([row])
                if move is not None:
                    self.store.set_move(move, "ruled", ruling_id)
                    offer_post_back, move = move, None
            elif turn.type == "question" and turn.choices:
                text = f"{text}\n\n{numbered(turn.choices)}"
                markup = replies.buttons(
                    [
                        [
                            (
                                button_label(choice),
                                callbacks.answer(reply.owner, conversation.asked, i),
                            )
                        ]
                        for i, choice in enumerate(turn.choices)
                    ]
                )
                if turn is turns[-1] and (private := self._private_row(reply, turns)):
                    markup["inline_keyboard"].append(private)
            elif reply.in_group and turn is turns[-1] and turn.type != "ruling":
                markup = replies.force_reply(self.texts("describe_placeholder"))
            parts.append((turn.type, text, markup))
        for text, markup in _joined(parts):
            reply.say(text, markup)
        if offer_post_back is not None:
            self._offer_post_back(reply, offer_post_back)

    def _private_row(self, reply: Reply, turns: list[Turn]) -> list[dict[str, str]]:
        """A new incident's first question in a group also offers to go on in private (a
        deep link under its answers: the same message, not one more)."""
        started = any(t.type == "message" and t.topic for t in turns)
        if not (reply.in_group and started and self.me.username):
            return []
        link = f"https://t.me/{self.me.username}?start=move_{abs(reply.chat_id)}"
        return [{"text": self.texts("continue_privately_button"), "url": link}]

    def open_move(self, reply: Reply, conversation: Conversation) -> int | None:
        """The move this private incident came with, while it is still that incident."""
        if reply.in_group:
            return None
        move = self.store.open_move(reply.chat_id, reply.owner)
        if move is None:
            return None
        if conversation.idle or conversation.description != move.description:
            self.store.set_move(move.id, "closed")
            return None
        return move.id

    def _offer_post_back(self, reply: Reply, move_id: int) -> None:
        move = self.store.move(move_id)
        if move is None:
            return
        data = callbacks.post_back(move.id, move.group_id)
        markup = replies.buttons([[(self.texts("post_back_button"), data)]])
        reply.say(self.message("post_back_offer"), markup)

    # -- commands ------------------------------------------------------------------------
    def _command(self, message: Message, reply: Reply, lookups: Lookups) -> None:
        command, args = message.command, message.args
        if command == "start":
            found = _MOVE.fullmatch(args)
            if found and not message.in_group and self._move_here(message, reply, found):
                return
            if message.in_group:  # plain text never reaches the bot here: say how to ask
                reply.say(self.message("group_greeting"))
                return
            self.deliver(reply, self.dialogue.greet(), Conversation())
        elif command == "help":
            self._help(reply)
        elif command == "ruling":
            self._ruling(reply, args)
        elif command == "law":

            def law_or_usage() -> list[Turn]:  # needed only if the dialogue misread it
                found = self.dialogue.law_lookup(args) if args else None
                return [found or Turn("message", self.texts("law_usage"))]

            self.side_request(reply, f"law {args}".strip(), law_or_usage)
        elif command == "chart":
            reply.items += chart_replies(
                self.dialogue, reply.chat_id, args, quote=reply.quote, thread=reply.thread
            )
        elif command == "score":
            usage = partial(self.message, "score_usage", reason="", words="")
            self.side_request(reply, f"/score {args}".strip(), lambda: [Turn("message", usage())])
        elif command == "back":
            self.converse(reply, "back")
        elif command == "cancel":
            self.converse(reply, "restart")
        elif command == "settings":
            presses.settings_menu(self, message, reply, lookups)
        elif command == "log":
            self._ruling_log(message, reply, lookups)
        else:
            reply.say(self.message("unknown_command"))

    def _ruling(self, reply: Reply, description: str) -> None:
        """/ruling [what happened]: a fresh incident, described now or in the reply."""
        key = (reply.chat_id, reply.owner)
        conversation, _ = self.load(key)
        self.dialogue.restart(conversation)
        if description:  # read, saved and its keyboard retired once, with the description
            self.converse(reply, description, conversation)
            return
        self.store.save_conversation(*key, state(conversation))
        self.retire_keyboard(reply)
        markup = replies.force_reply() if reply.in_group else None
        reply.say(self.message("describe"), markup)

    def _help(self, reply: Reply) -> None:
        """/help: the commands, and in a group how to reach the bot there; then the open
        question again, if there is one."""
        if reply.in_group:
            text = self.message("group_help", username=self.me.username)
        else:
            text = self.message("telegram_help")
        conversation, notes = self.load((reply.chat_id, reply.owner))
        turns = [*notes, Turn("message", text), *self.dialogue.repeat_question(conversation)]
        if not conversation.idle:
            self.retire_keyboard(reply)
        self.deliver(reply, turns, conversation)

    def _ruling_log(self, message: Message, reply: Reply, lookups: Lookups) -> None:
        """/log: the chat's latest rulings, newest first, a button each for the full text
        (in a group, for its admins only: the log names who asked)."""
        if message.in_group and message.sender_id != message.chat_id:
            admin = lookups.admin(message.chat_id, message.sender_id)
            if not admin:
                reply.say(
                    self.message("log_admins_only")
                    if admin is False
                    else self.texts("check_failed")
                )
                return
        rows = self.store.rulings(chat_id=message.chat_id, limit=ruling_log.SHOWN)
        entries = [ruling_log.entry(row, self.dialogue.knowledge) for row in reversed(rows)]
        numbered = [(str(i), callbacks.log_entry(e.id)) for i, e in enumerate(entries, 1)]
        shown = [button for button, e in zip(numbered, entries, strict=True) if e.has_text]
        rows_of_five = [shown[i : i + 5] for i in range(0, len(shown), 5)]
        markup = replies.buttons(rows_of_five) if shown else None
        text = self.message(
            "ruling_log", entries=entries, group=message.in_group, chat_id=message.chat_id
        )
        reply.say(text, markup)

    def _move_here(self, message: Message, reply: Reply, found: re.Match[str]) -> bool:
        """/start move_<group>: the sender's open incident in that group continues here."""
        group_id = -int(found.group(1))
        conversation, _ = self.load((group_id, message.sender_id))
        if conversation.idle:
            return False
        self.store.delete_conversation(group_id, message.sender_id)
        self.store.save_conversation(message.chat_id, message.sender_id, state(conversation))
        self.store.start_move(
            message.sender_id, message.chat_id, group_id, conversation.description
        )
        reply.say(self.message("moved"))
        self.deliver(reply, self.dialogue.repeat_question(conversation), conversation)
        return True

    def _migrate(self, message: Message) -> None:
        """A group became a supergroup: its settings and incidents move with it."""
        old, new = (
            (message.chat_id, message.migrate_to)
            if message.migrate_to
            else (message.migrate_from, message.chat_id)
        )
        if old is not None and new is not None and old != new:
            log.info("chat %s became supergroup %s: moving its conversations", old, new)
            self.store.migrate_chat(old, new)

    # -- inline mode ---------------------------------------------------------------------
    def _inline(self, query: InlineQuery) -> list[Outgoing]:
        text = query.query.strip()
        dialogue = self.dialogue
        known = dialogue.knowledge.topics
        topics = (
            [known[m.topic.id] for m in dialogue.rank(text) if m.covered][:INLINE_RESULTS]
            if text
            else dialogue.knowledge.menu[:INLINE_RESULTS]
        )
        results = [
            {
                "type": "article",
                "id": topic.id,
                "title": topic.title,
                "description": topic.summary,
                "input_message_content": {
                    "message_text": dialogue.topic_card(topic.id),
                    "parse_mode": "HTML",
                },
            }
            for topic in topics
        ]
        return [replies.answer_inline(query.query_id, query.user_id, results)]

    # -- when handling fails -------------------------------------------------------------
    def _failed(
        self, row: InboxRow, incoming: Incoming | None, error: Exception
    ) -> list[OutboxRow]:
        """Keep the incident, apologise briefly, and mark the update done."""
        items: list[Outgoing] = []
        with self.store.transaction():
            if self.store.is_done(row.update_id):
                return []
            if isinstance(incoming, Message) and incoming.addressed:
                reply = _reply_for(incoming)
                if self._discard_if_broken(incoming.key):
                    reply.say(self.texts("incident_unreadable"))
                else:
                    reply.say(self.message("internal_error"))
                items = reply.items
            elif isinstance(incoming, Press):
                button = callbacks.decode(incoming.data)
                if isinstance(button, callbacks.Answer):
                    self._discard_if_broken((incoming.chat_id, button.owner))
                text = self.toast("stale_button")
                items = [replies.answer_press(incoming.query_id, incoming.presser_id, text)]
            queued = self.store.queue(items)
            self.store.mark_done(row.update_id, f"{type(error).__name__}: {error}"[:500])
        return queued

    def _discard_if_broken(self, key: Key) -> bool:
        """Whether the stored conversation itself is at fault (then it is dropped)."""
        try:
            stored = self.store.conversation(*key)
            if stored is None:
                return False
            conversation = Conversation.from_dict(stored)
            self.dialogue.pending_choices(conversation)
            self.dialogue.repeat_question(copy.deepcopy(conversation))
            return False
        except Exception:
            log.warning("conversation %s cannot be used; it was set aside", key)
            self.store.delete_conversation(*key)
            return True
