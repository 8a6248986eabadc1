"""Whose update is handled next: round-robin across chats, then across the people in a chat.

A flooded group gets one turn per round like any private chat with a single
message, and a chat that had nothing waiting goes to the front of the round,
so a backlog never sits in front of anyone else; inside the group each member
gets a turn in the group's round. A key (chat, user) is never
handed out twice at once, which keeps each person's updates in order.
Only counts are kept (a few dozen bytes per waiting key), never the updates.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container
from itertools import islice

from bot.telegram.incoming import Key

LOOK_AHEAD = 16
"""Chats of the round a take looks at for one it need not pass over."""


class RoundRobin:
    def __init__(self) -> None:
        self.waiting: dict[Key, int] = {}
        """Updates known to wait, per key (including the one in hand)."""
        self.busy: set[Key] = set()
        self.chats: deque[int] = deque()
        """Chats with a key ready to be handed out, in turn order."""
        self.ready: dict[int, deque[int]] = {}
        """Per chat in ``chats``: its users ready to be handed out, in turn order."""
        self.per_chat: dict[int, int] = {}
        """Updates known to wait, per chat."""
        self.total = 0
        """Updates known to wait in all (asked after every update: never summed up)."""

    def __len__(self) -> int:
        return self.total

    def add(self, key: Key, count: int = 1) -> None:
        """``count`` more updates wait for ``key``."""
        known = self.waiting.get(key, 0)
        self.waiting[key] = known + count
        self.total += count
        idle = not self.per_chat.get(key[0])
        self.per_chat[key[0]] = self.per_chat.get(key[0], 0) + count
        if not known and key not in self.busy:
            self._enqueue(key, first=idle)

    def take(self, avoid: Container[int] = ()) -> Key | None:
        """The next key to handle (now busy until :meth:`release`), or None if none is ready.

        Chats in ``avoid`` (each already has an update in hand) keep their place and are
        passed over this once, so another chat's update goes first. Only the first
        LOOK_AHEAD chats of the round are looked at, so a take stays cheap however many wait.
        """
        at = self._first(avoid)
        if at is None:
            return None
        chat = self.chats[at]
        del self.chats[at]
        users = self.ready[chat]
        user = users.popleft()
        if users:
            self.chats.append(chat)
        else:
            del self.ready[chat]
        key = (chat, user)
        self.busy.add(key)
        return key

    def can_take(self, avoid: Container[int] = ()) -> bool:
        """Whether :meth:`take` would hand out a key now (nothing is taken)."""
        return self._first(avoid) is not None

    def _first(self, avoid: Container[int]) -> int | None:
        """Where the first chat of the round not in ``avoid`` is (within LOOK_AHEAD)."""
        ahead = islice(self.chats, LOOK_AHEAD)
        return next((i for i, chat in enumerate(ahead) if chat not in avoid), None)

    def release(self, key: Key, handled: int = 1, *, more: bool = True) -> None:
        """Done with ``key`` for this turn: ``handled`` fewer wait (none if not ``more``)."""
        self.busy.discard(key)
        known = self.waiting.get(key, 0)
        left = known - handled if more else 0
        self.total -= known - max(left, 0)
        chat_left = self.per_chat.get(key[0], 0) - (known - max(left, 0))
        if chat_left > 0:
            self.per_chat[key[0]] = chat_left
        else:
            self.per_chat.pop(key[0], None)
        if left > 0:
            self.waiting[key] = left
            self._enqueue(key)
        else:
            self.waiting.pop(key, None)

    def _enqueue(self, key: Key, *, first: bool = False) -> None:
        """Make the key ready; its chat joins the round at the back (``first``: the front)."""
        chat, user = key
        users = self.ready.get(chat)
        if users is None:
            users = self.ready[chat] = deque()
            if first:
                self.chats.appendleft(chat)
            else:
                self.chats.append(chat)
        users.append(user)
