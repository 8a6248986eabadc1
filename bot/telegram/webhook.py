"""The webhook endpoint: check the secret, store the update, and only then say 200.

Telegram sends an update again until it gets a 200, so answering after the
update is in the inbox means a crash at any point loses nothing; a repeat is
recognised by its id. Posts without the right secret header get 403 before
anything is read.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import tornado.httpserver
import tornado.web

from bot.telegram.incoming import update_id

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY = 1 << 20

Receive = Callable[[dict[str, Any]], Awaitable[None]]


class UpdateHandler(tornado.web.RequestHandler):
    def initialize(self, secret: str, receive: Receive) -> None:
        self.secret = secret.encode()
        self.receive = receive

    async def post(self) -> None:
        given = self.request.headers.get(SECRET_HEADER, "").encode("utf-8", "replace")
        if not hmac.compare_digest(given, self.secret):
            self.send_error(403)
            return
        try:
            update = json.loads(self.request.body)
        except ValueError:
            self.send_error(400)
            return
        if not isinstance(update, dict) or update_id(update) is None:
            self.send_error(400)
            return
        try:
            await self.receive(update)
        except Exception:
            log.exception("could not store an update from the webhook; Telegram will resend it")
            self.send_error(500)
            return
        self.finish("ok")


def start_server(
    listen: str, port: int, path: str, secret: str, receive: Receive
) -> tornado.httpserver.HTTPServer:
    application = tornado.web.Application(
        [(f"/{path.strip('/')}", UpdateHandler, {"secret": secret, "receive": receive})]
    )
    server = tornado.httpserver.HTTPServer(application, max_body_size=MAX_BODY)
    server.listen(port, address=listen)
    return server
