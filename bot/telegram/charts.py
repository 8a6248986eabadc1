"""/chart TOPIC: a topic's flowchart as a picture in Telegram.

Handling an update is one short database transaction, and drawing a big chart takes
Graphviz half a second, so the two are apart: :func:`chart_replies` queues a
``sendChart`` reply holding the chart's DOT and Mermaid text (plain JSON, kept in the
outbox like any reply), and the sender calls :func:`prepared` just before sending, which
draws it off the event loop and picks the Bot API call: a photo when it fits Telegram's
photo limits, the full-size PNG as a file when it is too wide to read as a photo, or the
Mermaid text as a file when Graphviz is not installed.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import struct
from typing import Any

from telegram import InputFile

from bot import charts
from bot.dialogue.engine import Dialogue
from bot.telegram.replies import Outgoing, chat_lane, messages

SEND_CHART = "sendChart"
"""Not a Bot API method: the outbox's name for a chart still to be drawn."""
PHOTO_SIDES = 10_000
"""Telegram refuses a photo whose width and height add up to more than this..."""
PHOTO_RATIO = 20
"""...or whose sides differ more than this many times."""
PHOTO_WIDTH = 2560
"""Telegram shrinks a photo to this; a wider chart is sent as a file to stay readable."""

_drawn: dict[str, bytes | None] = {}
"""Hash of the DOT text -> its PNG (or None: Graphviz missing or failed)."""


def chart_replies(
    dialogue: Dialogue, chat_id: int, asked: str, *, quote: int | None, thread: int | None
) -> list[Outgoing]:
    """What /chart ASKED queues: the chart to draw, or how to ask for one."""
    topic = charts.named_topic(dialogue, asked)
    if topic is None:
        usage = dialogue.renderer.message(
            "chart_usage", "html", query=asked[:60], topics=dialogue.knowledge.menu
        )
        return messages(chat_id, usage, quote=quote, thread=thread)
    chart = charts.flowchart(dialogue.knowledge, topic.id, dialogue.renderer)
    params: dict[str, Any] = {
        "chat_id": chat_id,
        "caption": f"<b>{html.escape(topic.title)}</b>: how the Laws decide it, question by "
        "question.",
        "parse_mode": "HTML",
        "name": topic.id,
        "dot": chart.dot(),
        "mermaid": chart.mermaid(),
    }
    if quote is not None:
        params["reply_parameters"] = {"message_id": quote, "allow_sending_without_reply": True}
    if thread is not None:
        params["message_thread_id"] = thread
    return [Outgoing(chat_lane(chat_id), SEND_CHART, params)]


def fits_a_photo(png: bytes) -> bool:
    """Whether Telegram shows this PNG as a photo without refusing or blurring it."""
    width: int
    height: int
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    small, large = sorted((width, height))
    return width + height <= PHOTO_SIDES and large <= small * PHOTO_RATIO and width <= PHOTO_WIDTH


def _draw(dot: str) -> bytes | None:
    key = hashlib.sha256(dot.encode()).hexdigest()
    if key not in _drawn:
        _drawn[key] = charts.draw(dot, "png")
    return _drawn[key]


async def prepared(method: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The Bot API call to make for an outbox reply: a chart becomes sendPhoto or
    sendDocument with its file; anything else is returned as it is."""
    if method != SEND_CHART:
        return method, params
    name, dot, diagram = params["name"], params["dot"], params["mermaid"]
    out = {k: v for k, v in params.items() if k not in ("name", "dot", "mermaid")}
    png = await asyncio.to_thread(_draw, dot)
    if png is None:
        out["caption"] = f"{out['caption']} (Mermaid text: open it at mermaid.live)"
        return "sendDocument", {**out, "document": InputFile(diagram.encode(), f"{name}.mmd")}
    if fits_a_photo(png):
        return "sendPhoto", {**out, "photo": InputFile(png, f"{name}.png")}
    return "sendDocument", {**out, "document": InputFile(png, f"{name}.png")}
