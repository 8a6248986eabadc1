"""Facts only Telegram knows (is this member an admin? still in the group?).

They need the network, so they are fetched before an update is handled and
handed in; handling itself then runs as one short database transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.telegram import callbacks
from bot.telegram.incoming import Incoming, Message, Press

ADMIN = ("creator", "administrator")
MEMBER = (*ADMIN, "member")
UNKNOWN = "unknown"
"""Telegram could not be asked: the bot says so rather than guessing."""


@dataclass
class Lookups:
    status: dict[tuple[int, int], str] = field(default_factory=dict)
    """(chat, user) -> membership status, as getChatMember reports it."""

    def _known(self, chat_id: int, user_id: int) -> str:
        return self.status.get((chat_id, user_id), UNKNOWN)

    def admin(self, chat_id: int, user_id: int) -> bool | None:
        found = self._known(chat_id, user_id)
        return None if found == UNKNOWN else found in ADMIN

    def member(self, chat_id: int, user_id: int) -> bool | None:
        found = self._known(chat_id, user_id)
        if found == UNKNOWN:
            return None
        return found in MEMBER or found == "restricted:member"


def needed(incoming: Incoming | None) -> list[tuple[int, int]]:
    """The (chat, user) memberships handling this update will ask about."""
    if (
        isinstance(incoming, Message)
        and incoming.in_group
        and incoming.command in ("settings", "log")
        and incoming.sender_id != incoming.chat_id  # an anonymous admin is an admin
    ):
        return [(incoming.chat_id, incoming.sender_id)]
    if isinstance(incoming, Press):
        button = callbacks.decode(incoming.data)
        if isinstance(button, callbacks.Setting) and incoming.in_group:
            return [(incoming.chat_id, incoming.presser_id)]
        if (
            isinstance(button, (callbacks.Answer, callbacks.Fix))
            and incoming.in_group  # in a private chat the owner is the chat: nothing to ask
            and button.owner == incoming.chat_id
        ):
            return [(incoming.chat_id, incoming.presser_id)]  # anonymous admins' incident
        if isinstance(button, callbacks.PostBack):
            return [(button.group_id, incoming.presser_id)]
    return []
