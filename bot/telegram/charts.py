"""/chart TOPIC: a topic's flowchart as a picture in Telegram.

Graphviz draws it when ``dot`` is installed (the container image has it): a photo when it
fits Telegram's photo limits, else the full-size PNG as a file (a wide chart stays legible
when zoomed). Without Graphviz the Mermaid text is sent as a file. Self-contained: one
``CommandHandler("chart", chart_command)`` line registers it.
"""

from __future__ import annotations

import asyncio
import html
import struct

from telegram import InputFile, Update
from telegram.constants import ParseMode
from telegram.ext import ContextTypes

from bot import charts
from bot.dialogue.engine import Dialogue

PHOTO_SIDES = 10_000
"""Telegram refuses a photo whose width and height add up to more than this..."""
PHOTO_RATIO = 20
"""...or whose sides differ more than this many times."""
PHOTO_WIDTH = 2560
"""Telegram shrinks a photo to this; a wider chart is sent as a file to stay readable."""

_drawn: dict[tuple[str, str], bytes | None] = {}
"""(knowledge fingerprint, topic) -> PNG: the knowledge cannot change while the bot runs."""


def _png(dialogue: Dialogue, topic_id: str) -> bytes | None:
    key = (dialogue.knowledge.fingerprint, topic_id)
    if key not in _drawn:
        _drawn[key] = charts.render_png(dialogue.knowledge, topic_id, dialogue.renderer)
    return _drawn[key]


def fits_a_photo(png: bytes) -> bool:
    """Whether Telegram shows this PNG as a photo without refusing or blurring it."""
    width: int
    height: int
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    small, large = sorted((width, height))
    return width + height <= PHOTO_SIDES and large <= small * PHOTO_RATIO and width <= PHOTO_WIDTH


async def chart_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the flowchart of the topic named (an id, title words, or a description)."""
    message = update.effective_message
    if message is None:
        return
    dialogue: Dialogue = context.application.bot_data["services"].dialogue
    asked = " ".join(context.args or [])
    topic = charts.named_topic(dialogue, asked)
    if topic is None:
        usage = dialogue.renderer.message(
            "chart_usage", "html", query=asked[:60], topics=dialogue.knowledge.menu
        )
        await message.reply_text(usage, parse_mode=ParseMode.HTML)
        return
    caption = f"<b>{html.escape(topic.title)}</b>: how the Laws decide it, question by question."
    png = await asyncio.to_thread(_png, dialogue, topic.id)
    if png is None:
        diagram = charts.mermaid(dialogue.knowledge, topic.id, dialogue.renderer)
        await message.reply_document(
            InputFile(diagram.encode(), filename=f"{topic.id}.mmd"),
            caption=caption + " (Mermaid text: open it at mermaid.live)",
            parse_mode=ParseMode.HTML,
        )
    elif fits_a_photo(png):
        await message.reply_photo(png, caption=caption, parse_mode=ParseMode.HTML)
    else:
        await message.reply_document(
            InputFile(png, filename=f"{topic.id}.png"), caption=caption, parse_mode=ParseMode.HTML
        )
