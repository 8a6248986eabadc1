"""Button presses: answers, 'Full ruling', posting back to a group, settings.

Anyone can send any callback data, so a press is trusted only as far as the
database confirms it (the question still pending, the ruling logged in this
chat, the move made by this user). Everything else is refused quietly: the
press is answered, and no message appears in the chat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.telegram import callbacks, replies, ruling_log
from bot.telegram.incoming import Message, Press
from bot.telegram.lookups import Lookups
from bot.telegram.replies import Outgoing
from bot.telegram.store import state

if TYPE_CHECKING:
    from bot.telegram.handling import Processor, Reply

JURISDICTIONS = ("WBF", "EBU", "ACBL")
STYLES = ("player", "director")


def handle(bot: Processor, press: Press, lookups: Lookups) -> list[Outgoing]:
    button = callbacks.decode(press.data)
    if isinstance(button, callbacks.Answer):
        return _answer(bot, press, button, lookups)
    if isinstance(button, callbacks.FullRuling):
        return _full_ruling(bot, press, button)
    if isinstance(button, callbacks.PostBack):
        return _post_back(bot, press, button, lookups)
    if isinstance(button, callbacks.Setting):
        return _setting(bot, press, button, lookups)
    if isinstance(button, callbacks.Fix):
        return _fix(bot, press, button, lookups)
    if isinstance(button, callbacks.LogEntry):
        return _log_entry(bot, press, button)
    return [_refuse(bot, press)]


def _fix(bot: Processor, press: Press, button: callbacks.Fix, lookups: Lookups) -> list[Outgoing]:
    """'Not right? Ask me instead' under a ruling: the same incident, every fact asked."""
    from bot.telegram.handling import Reply

    if button.owner != press.presser_id:
        shared = press.in_group and button.owner == press.chat_id  # anonymous admins
        if not shared or not lookups.admin(press.chat_id, press.presser_id):
            return [_toast(press, bot.toast("not_your_question"), alert=True)]
    conversation, notes = bot.load((press.chat_id, button.owner))
    if notes or conversation.asked != button.asked or not conversation.last:
        return [_refuse(bot, press)]
    quote = press.message_id if press.in_group else None
    reply = Reply(press.chat_id, button.owner, press.in_group, quote, press.thread_id)
    reply.asker = press.presser_name
    reply.items.append(_toast(press, ""))
    bot.converse(reply, "fix")
    return reply.items


def _toast(press: Press, text: str, alert: bool = False) -> Outgoing:
    return replies.answer_press(press.query_id, press.presser_id, replies.plain(text), alert)


def _refuse(bot: Processor, press: Press) -> Outgoing:
    """A stale or forged button: answered, nothing posted."""
    return _toast(press, bot.toast("stale_button"))


def _answer(
    bot: Processor, press: Press, button: callbacks.Answer, lookups: Lookups
) -> list[Outgoing]:
    from bot.telegram.handling import Reply

    if button.owner != press.presser_id:
        shared = press.in_group and button.owner == press.chat_id  # anonymous admins
        if not shared or not lookups.admin(press.chat_id, press.presser_id):
            return [_toast(press, bot.toast("not_your_question"), alert=True)]
    key = (press.chat_id, button.owner)
    conversation, notes = bot.load(key)
    choices = bot.dialogue.pending_choices(conversation)
    if notes or button.index >= len(choices):
        return [_refuse(bot, press)]
    chosen = choices[button.index]
    quote = press.message_id if press.in_group else None
    reply = Reply(press.chat_id, button.owner, press.in_group, quote, press.thread_id)
    reply.asker = press.presser_name
    move = bot.open_move(reply, conversation)
    turns = bot.dialogue.press(
        conversation, button.asked, chosen.id, **bot.preferences(press.chat_id)
    )
    if turns is None:
        return [_refuse(bot, press)]
    bot.store.save_conversation(*key, state(conversation))
    reply.items += [_toast(press, ""), *_mark_chosen(bot, press, chosen.label)]
    bot.retire_keyboard(reply, pressed=press.message_id)
    bot.deliver(reply, turns, conversation, move)
    return reply.items


def _mark_chosen(bot: Processor, press: Press, label: str) -> list[Outgoing]:
    """The answered question shows the answer in place of its buttons (one edit, no message)."""
    chosen = bot.texts("chosen", label=label)
    edited = f"{press.message_html}\n\n{chosen}" if press.message_html else ""
    if edited and len(edited) <= replies.TELEGRAM_TEXT_LIMIT:
        return [replies.edit_text(press.chat_id, press.message_id, edited)]
    return [
        replies.remove_buttons(press.chat_id, press.message_id),
        replies.message(press.chat_id, chosen, thread=press.thread_id),
    ]


def _full_ruling(bot: Processor, press: Press, button: callbacks.FullRuling) -> list[Outgoing]:
    """Expand a headline into the whole ruling (anyone in the chat may)."""
    ruling = bot.store.ruling(button.ruling_id)
    if ruling is None or ruling["chat_id"] != press.chat_id:
        return [_refuse(bot, press)]
    if not ruling["text"]:
        return [_toast(press, bot.texts("full_ruling_gone"), alert=True)]
    first, *rest = replies.split_for_telegram(ruling["text"])
    items = [_toast(press, ""), replies.edit_text(press.chat_id, press.message_id, first)]
    for piece in rest:
        items.append(replies.message(press.chat_id, piece, thread=press.thread_id))
    return items


def _log_entry(bot: Processor, press: Press, button: callbacks.LogEntry) -> list[Outgoing]:
    """A ruling listed by /log, in full, as a new message (the list stays as it is)."""
    ruling = bot.store.ruling(button.ruling_id)
    if ruling is None or ruling["chat_id"] != press.chat_id:
        return [_refuse(bot, press)]
    if not ruling["text"]:
        return [_toast(press, bot.texts("full_ruling_gone"), alert=True)]
    entry = ruling_log.entry(ruling, bot.dialogue.knowledge)
    intro = bot.message("logged_ruling", entry=entry)
    return [
        _toast(press, ""),
        *replies.messages(press.chat_id, f"{intro}\n\n{ruling['text']}", thread=press.thread_id),
    ]


def _post_back(
    bot: Processor, press: Press, button: callbacks.PostBack, lookups: Lookups
) -> list[Outgoing]:
    """Post the ruling of an incident moved from a group to that group, once."""
    move = bot.store.move(button.move_id)
    if (
        move is None
        or move.user_id != press.presser_id
        or move.private_chat != press.chat_id
        or move.group_id != button.group_id
        or move.ruling_id is None
        or move.state not in ("ruled", "posted")
    ):
        return [_refuse(bot, press)]
    if move.state == "posted":
        return [_toast(press, bot.texts("already_posted"))]
    member = lookups.member(move.group_id, press.presser_id)
    if member is None:
        return [_toast(press, bot.texts("check_failed"), alert=True)]
    if not member:
        return [_toast(press, bot.texts("not_a_member"), alert=True)]
    ruling = bot.store.ruling(move.ruling_id)
    if ruling is None or not ruling["text"]:
        return [_toast(press, bot.texts("full_ruling_gone"), alert=True)]
    intro = bot.message("posted_for", name=press.presser_name)
    bot.store.set_move(move.id, "posted")
    return [
        _toast(press, bot.toast("posted")),
        replies.remove_buttons(press.chat_id, press.message_id),
        *replies.messages(move.group_id, f"{intro}\n\n{ruling['text']}"),
    ]


# -- settings ---------------------------------------------------------------------------------


def settings_menu(bot: Processor, message: Message, reply: Reply, lookups: Lookups) -> None:
    if message.in_group and message.sender_id != message.chat_id:
        admin = lookups.admin(message.chat_id, message.sender_id)
        if not admin:
            name = "settings_admins_only" if admin is False else ""
            reply.say(bot.message(name) if name else bot.texts("check_failed"))
            return
    text, markup = _settings_view(bot, message.chat_id)
    reply.say(text, markup)


def _settings_view(bot: Processor, chat_id: int) -> tuple[str, dict[str, object]]:
    """The settings message and its buttons, the current choices marked."""
    current = bot.preferences(chat_id)
    rows = [
        [
            (
                ("• " if current["jurisdiction"] == j else "") + j,
                callbacks.setting("jurisdiction", j),
            )
            for j in JURISDICTIONS
        ],
        [
            (
                ("• " if current["style"] == s else "") + s.capitalize(),
                callbacks.setting("style", s),
            )
            for s in STYLES
        ],
    ]
    return bot.message("settings", **current), replies.buttons(rows)


def _setting(
    bot: Processor, press: Press, button: callbacks.Setting, lookups: Lookups
) -> list[Outgoing]:
    allowed = {"jurisdiction": JURISDICTIONS, "style": STYLES}
    if button.value not in allowed.get(button.key, ()):
        return [_refuse(bot, press)]
    if press.in_group:
        admin = lookups.admin(press.chat_id, press.presser_id)
        if admin is None:
            return [_toast(press, bot.texts("check_failed"), alert=True)]
        if not admin:
            return [_toast(press, bot.toast("settings_admins_only"), alert=True)]
    bot.store.set_setting(press.chat_id, button.key, button.value)
    text, markup = _settings_view(bot, press.chat_id)  # the menu shows the new value at once
    return [
        _toast(press, bot.toast("setting_saved", key=button.key, value=button.value)),
        replies.edit_text(press.chat_id, press.message_id, text, markup),
    ]
