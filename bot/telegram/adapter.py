"""Telegram handlers: a thin layer over the dialogue engine and the SQLite store.

Each update: load the sender's conversation (one per chat and user), feed the
engine, send its turns (HTML, choices as inline buttons), then store the new
state, the ruling log and the update id in one transaction. In groups the bot
answers commands, replies to its own messages and mentions only, so it works
with privacy mode on and stays quiet in ordinary chatter.
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass
from typing import Any

from telegram import (
    ForceReply,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.ext import ContextTypes

from bot.dialogue.engine import Conversation, Dialogue, Turn
from bot.telegram.callbacks import Press, decode, encode
from bot.telegram.store import Store

log = logging.getLogger(__name__)

TELEGRAM_TEXT_LIMIT = 4096
INLINE_RESULTS = 5
JURISDICTIONS = ("WBF", "EBU", "ACBL")
STYLES = ("player", "director")


@dataclass
class Services:
    """What every handler needs; kept in ``application.bot_data['services']``."""

    dialogue: Dialogue
    store: Store
    bot_username: str = ""


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    found: Services = context.application.bot_data["services"]
    return found


def split_for_telegram(text: str, limit: int = TELEGRAM_TEXT_LIMIT) -> list[str]:
    """Split at paragraph, then line boundaries so each piece fits one message."""
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    current = ""
    for paragraph in text.split("\n"):
        candidate = f"{current}\n{paragraph}" if current else paragraph
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pieces.append(current)
        while len(paragraph) > limit:
            pieces.append(paragraph[:limit])
            paragraph = paragraph[limit:]
        current = paragraph
    if current:
        pieces.append(current)
    return pieces


# -- sending ---------------------------------------------------------------------------------------


async def send_turns(
    message: Message,
    turns: list[Turn],
    conversation: Conversation,
    owner_id: int,
    *,
    in_group: bool,
) -> None:
    """Send the engine's turns as replies; the last question gets the buttons."""
    for turn in turns:
        markup: InlineKeyboardMarkup | ForceReply | None = None
        if turn.type == "question" and turn.choices:
            markup = keyboard(turn, conversation.asked, owner_id)
        elif in_group and turn is turns[-1] and turn.type != "ruling":
            markup = ForceReply(selective=True, input_field_placeholder="Describe what happened")
        pieces = split_for_telegram(turn.text)
        for i, piece in enumerate(pieces):
            await message.reply_text(
                piece,
                parse_mode=ParseMode.HTML,
                reply_markup=markup if i == len(pieces) - 1 else None,
                do_quote=in_group,
            )


def keyboard(turn: Turn, asked: int, owner_id: int) -> InlineKeyboardMarkup:
    rows = [
        [InlineKeyboardButton(choice.label[:64], callback_data=encode(owner_id, asked, i))]
        for i, choice in enumerate(turn.choices)
    ]
    return InlineKeyboardMarkup(rows)


# -- the conversation round trip -------------------------------------------------------------------


def _preferences(store: Store, chat_id: int) -> dict[str, str]:
    """The chat's answer style and jurisdiction (defaults: player, WBF)."""
    settings = store.settings(chat_id)
    return {
        "style": settings.get("style", STYLES[0]),
        "jurisdiction": settings.get("jurisdiction", JURISDICTIONS[0]),
    }


def _load(store: Store, chat_id: int, user_id: int) -> Conversation:
    stored = store.conversation(chat_id, user_id)
    return Conversation.from_dict(stored) if stored else Conversation()


def _commit(
    svc: Services,
    update: Update,
    chat_id: int,
    user_id: int,
    conversation: Conversation,
    turns: list[Turn],
) -> None:
    """One transaction per update: conversation, ruling log and the update id."""
    with svc.store.transaction():
        svc.store.save_conversation(chat_id, user_id, conversation.to_dict())
        for turn in turns:
            if turn.type == "ruling" and turn.ruling is not None:
                svc.store.log_ruling(
                    chat_id,
                    user_id,
                    turn.ruling.topic,
                    turn.ruling.rule,
                    list(turn.ruling.citations),
                    turn.text,
                )
        svc.store.mark_handled(update.update_id)


async def converse(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> None:
    """Feed one line to the sender's conversation and reply."""
    svc = services(context)
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    if svc.store.already_handled(update.update_id):
        return
    conversation = _load(svc.store, chat.id, user.id)
    turns = svc.dialogue.handle(conversation, text, **_preferences(svc.store, chat.id))
    in_group = chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
    await send_turns(message, turns, conversation, user.id, in_group=in_group)
    started = any(t.type == "message" and t.topic for t in turns)
    if in_group and started and turns[-1].type == "question":
        await offer_private(message, chat.id, svc.bot_username)
    _commit(svc, update, chat.id, user.id, conversation, turns)


async def offer_private(message: Message, group_id: int, bot_username: str) -> None:
    """A long incident can move to a private chat through a deep link."""
    if not bot_username:
        return
    link = f"https://t.me/{bot_username}?start=move_{abs(group_id)}"
    button = InlineKeyboardButton("Continue in a private chat", url=link)
    await message.reply_text(
        "Rather answer in private? This incident can continue there.",
        reply_markup=InlineKeyboardMarkup([[button]]),
        do_quote=True,
    )


# -- commands --------------------------------------------------------------------------------------


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start, with an optional deep-link payload (``move_<group>`` moves an incident here)."""
    svc = services(context)
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    payload = context.args[0] if context.args else ""
    if payload.startswith("move_") and chat.type == ChatType.PRIVATE:
        moved = await _move_from_group(svc, update, payload, user.id, chat.id)
        if moved:
            return
    turns = svc.dialogue.greet()
    await send_turns(message, turns, _load(svc.store, chat.id, user.id), user.id, in_group=False)
    with svc.store.transaction():
        svc.store.mark_handled(update.update_id)


async def _move_from_group(
    svc: Services, update: Update, payload: str, user_id: int, private_id: int
) -> bool:
    message = update.effective_message
    assert message is not None
    try:
        group_id = -int(payload.removeprefix("move_"))
    except ValueError:
        return False
    stored = svc.store.conversation(group_id, user_id)
    if not stored:
        return False
    conversation = Conversation.from_dict(stored)
    with svc.store.transaction():
        svc.store.delete_conversation(group_id, user_id)
        svc.store.save_conversation(private_id, user_id, {**conversation.to_dict()})
        svc.store.set_setting(private_id, f"return_group:{user_id}", str(group_id))
        svc.store.mark_handled(update.update_id)
    text = svc.dialogue.renderer.message("moved", "html")
    await message.reply_text(text, parse_mode=ParseMode.HTML)
    repeat = svc.dialogue.repeat_question(conversation)
    await send_turns(message, repeat, conversation, user_id, in_group=False)
    return True


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await converse(update, context, "help")


async def ruling_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ruling [what happened]: a fresh incident, described now or in the reply."""
    svc = services(context)
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    description = " ".join(context.args or [])
    conversation = _load(svc.store, chat.id, user.id)
    svc.dialogue.handle(conversation, "restart")
    with svc.store.transaction():
        svc.store.save_conversation(chat.id, user.id, conversation.to_dict())
    if description:
        await converse(update, context, description)
        return
    in_group = chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
    prompt = svc.dialogue.renderer.message("describe", "html")
    await message.reply_text(
        prompt,
        parse_mode=ParseMode.HTML,
        reply_markup=ForceReply(selective=True) if in_group else None,
        do_quote=in_group,
    )
    with svc.store.transaction():
        svc.store.mark_handled(update.update_id)


async def law_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = " ".join(context.args or [])
    await converse(update, context, f"law {query}" if query else "law ?")


async def back_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await converse(update, context, "back")


async def cancel_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await converse(update, context, "restart")


async def _reply_message(
    update: Update, context: ContextTypes.DEFAULT_TYPE, message_name: str
) -> None:
    """Reply with one of the templates' messages, if the update is addressed to the bot."""
    message = update.effective_message
    if message is None or not _addressed_to_bot(update, context):
        return
    text = services(context).dialogue.renderer.message(message_name, "html")
    await message.reply_text(text, parse_mode=ParseMode.HTML)


async def unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _reply_message(update, context, "unknown_command")


# -- plain messages --------------------------------------------------------------------------------


def _addressed_to_bot(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """In a group: a reply to the bot, a mention of it, or a command for it."""
    chat, message = update.effective_chat, update.effective_message
    if chat is None or message is None:
        return False
    if chat.type == ChatType.PRIVATE:
        return True
    username = services(context).bot_username.lower()
    replied = message.reply_to_message
    if (
        replied is not None
        and replied.from_user is not None
        and replied.from_user.id == context.bot.id
    ):
        return True
    text = (message.text or message.caption or "").lower()
    return bool(username) and f"@{username}" in text


async def text_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.text is None or not _addressed_to_bot(update, context):
        return
    username = services(context).bot_username
    text = message.text.replace(f"@{username}", " ") if username else message.text
    await converse(update, context, text)


async def other_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Photos, stickers, voice and the like: say what the bot can read."""
    await _reply_message(update, context, "text_only")


# -- buttons ---------------------------------------------------------------------------------------


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None or query.data is None:
        return
    svc = services(context)
    renderer = svc.dialogue.renderer
    if query.data.startswith("post|"):
        await _post_to_group(update, context, query.data)
        return
    press: Press | None = decode(query.data)
    chat = update.effective_chat
    if press is None or chat is None or query.message is None:
        await query.answer(renderer.message("stale_button", "text"), show_alert=True)
        return
    if press.owner != query.from_user.id:
        await query.answer(renderer.message("not_your_question", "text"), show_alert=True)
        return
    conversation = _load(svc.store, chat.id, press.owner)
    conversation_choices = svc.dialogue.pending_choices(conversation)
    if press.index >= len(conversation_choices):
        await query.answer(renderer.message("stale_button", "text"), show_alert=True)
        return
    turns = svc.dialogue.press(
        conversation,
        press.asked,
        conversation_choices[press.index].id,
        **_preferences(svc.store, chat.id),
    )
    if turns is None:
        await query.answer(renderer.message("stale_button", "text"), show_alert=True)
        return
    await query.answer()
    chosen = html.escape(conversation_choices[press.index].label)
    message = query.message
    if isinstance(message, Message):
        await message.edit_reply_markup(reply_markup=None)
        in_group = chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
        await message.reply_text(f"✓ {chosen}", parse_mode=ParseMode.HTML, do_quote=False)
        await send_turns(message, turns, conversation, press.owner, in_group=in_group)
        if not in_group and turns and turns[-1].type == "ruling":
            await _offer_post_back(svc, message, chat.id, press.owner)
    _commit(svc, update, chat.id, press.owner, conversation, turns)


async def _offer_post_back(svc: Services, message: Message, chat_id: int, user_id: int) -> None:
    group = svc.store.settings(chat_id).get(f"return_group:{user_id}")
    if not group:
        return
    button = InlineKeyboardButton("Post this ruling to the group", callback_data=f"post|{group}")
    await message.reply_text(
        svc.dialogue.renderer.message("post_back_offer", "html"),
        parse_mode=ParseMode.HTML,
        reply_markup=InlineKeyboardMarkup([[button]]),
    )


async def _post_to_group(update: Update, context: ContextTypes.DEFAULT_TYPE, data: str) -> None:
    """Post the user's last private ruling to the group the incident came from."""
    svc = services(context)
    query = update.callback_query
    chat = update.effective_chat
    assert query is not None
    user = query.from_user
    stale = svc.dialogue.renderer.message("stale_button", "text")
    if chat is None:
        return
    group = svc.store.settings(chat.id).get(f"return_group:{user.id}")
    mine = [r for r in svc.store.rulings(chat.id) if r["user_id"] == user.id]
    if not group or data != f"post|{group}" or not mine:
        await query.answer(stale, show_alert=True)
        return
    intro = svc.dialogue.renderer.message("posted_for", "html", name=html.escape(user.first_name))
    for piece in split_for_telegram(f"{intro}\n\n{mine[-1]['text']}"):
        await context.bot.send_message(int(group), piece, parse_mode=ParseMode.HTML)
    await query.answer(svc.dialogue.renderer.message("posted", "text"))


# -- inline mode -----------------------------------------------------------------------------------


async def inline_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.inline_query
    if query is None:
        return
    dialogue = services(context).dialogue
    text = query.query.strip()
    topics = (
        [dialogue.knowledge.topics[m.topic.id] for m in dialogue.rank(text) if m.covered][
            :INLINE_RESULTS
        ]
        if text
        else dialogue.knowledge.menu[:INLINE_RESULTS]
    )
    results = [
        InlineQueryResultArticle(
            id=topic.id,
            title=topic.title,
            description=topic.summary,
            input_message_content=InputTextMessageContent(
                dialogue.topic_card(topic.id), parse_mode=ParseMode.HTML
            ),
        )
        for topic in topics
    ]
    await query.answer(results, cache_time=60)


# -- settings --------------------------------------------------------------------------------------


async def settings_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    svc = services(context)
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    renderer = svc.dialogue.renderer
    if chat.type in (ChatType.GROUP, ChatType.SUPERGROUP) and not await _is_admin(
        context, chat.id, user.id
    ):
        await message.reply_text(renderer.message("settings_admins_only", "html"), do_quote=True)
        return
    current = svc.store.settings(chat.id)
    rows = [
        [
            InlineKeyboardButton(
                ("• " if current.get("jurisdiction", "WBF") == j else "") + j,
                callback_data=f"set|jurisdiction|{j}",
            )
            for j in JURISDICTIONS
        ],
        [
            InlineKeyboardButton(
                ("• " if current.get("style", "player") == s else "") + s.capitalize(),
                callback_data=f"set|style|{s}",
            )
            for s in STYLES
        ],
    ]
    text = renderer.message(
        "settings",
        "html",
        jurisdiction=current.get("jurisdiction", "WBF"),
        style=current.get("style", "player"),
    )
    await message.reply_text(
        text, parse_mode=ParseMode.HTML, reply_markup=InlineKeyboardMarkup(rows)
    )


async def settings_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    chat = update.effective_chat
    if query is None or query.data is None or chat is None:
        return
    svc = services(context)
    renderer = svc.dialogue.renderer
    _, key, value = [*query.data.split("|"), "", ""][:3]
    allowed = {"jurisdiction": JURISDICTIONS, "style": STYLES}
    if value not in allowed.get(key, ()):
        await query.answer(renderer.message("stale_button", "text"), show_alert=True)
        return
    if chat.type in (ChatType.GROUP, ChatType.SUPERGROUP) and not await _is_admin(
        context, chat.id, query.from_user.id
    ):
        await query.answer(renderer.message("settings_admins_only", "text"), show_alert=True)
        return
    with svc.store.transaction():
        svc.store.set_setting(chat.id, key, value)
        svc.store.mark_handled(update.update_id)
    await query.answer(renderer.message("setting_saved", "text", key=key, value=value))


async def _is_admin(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> bool:
    member = await context.bot.get_chat_member(chat_id, user_id)
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


# -- errors ----------------------------------------------------------------------------------------


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log with context (never the token) and tell the user briefly."""
    where: dict[str, Any] = {}
    if isinstance(update, Update):
        where = {
            "update_id": update.update_id,
            "chat_id": update.effective_chat.id if update.effective_chat else None,
        }
    log.error("error while handling an update %s", where, exc_info=context.error)
    if isinstance(update, Update) and update.effective_message is not None:
        text = services(context).dialogue.renderer.message("internal_error", "html")
        try:
            await update.effective_message.reply_text(text, parse_mode=ParseMode.HTML)
        except Exception:  # the apology itself failed: nothing more to do but log
            log.warning("could not send the error apology", exc_info=True)
