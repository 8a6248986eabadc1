"""A small fake Telegram Bot API server on 127.0.0.1 for end-to-end tests.

It speaks just enough of the Bot API for ``rulingbot serve`` in polling mode:
getMe, getUpdates (with offsets and short long-polling), sendMessage and the
calls the bot makes around them. Tests queue updates and read what was sent.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

BOT = {"id": 999, "is_bot": True, "first_name": "Ruling", "username": "rulingbot"}
LONG_POLL_CAP = 0.5


class FakeBotApi:
    def __init__(self, token: str) -> None:
        self.token = token
        self.updates: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.lock = threading.Condition()
        self.next_update_id = 1
        self.next_message_id = 1
        self.polled = False
        """Set at the first getUpdates call: the bot is up and listening."""
        self.webhook: dict[str, Any] = {}
        """What the bot asked for with setWebhook."""
        handler = self._handler_class()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/bot"

    def __enter__(self) -> FakeBotApi:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    # -- test side ------------------------------------------------------------------------
    def update_for(self, text: str, user: int = 42) -> dict[str, Any]:
        """An update as Telegram would push it to a webhook (not queued for polling)."""
        self.user_says(text, user)
        with self.lock:
            return self.updates.pop()

    def user_says(self, text: str, user: int = 42) -> None:
        with self.lock:
            message: dict[str, Any] = {
                "message_id": self.next_message_id,
                "date": int(time.time()),
                "chat": {"id": user, "type": "private", "first_name": "P"},
                "from": {"id": user, "is_bot": False, "first_name": "Player"},
                "text": text,
            }
            if text.startswith("/"):
                command = text.split()[0]
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
            self.updates.append({"update_id": self.next_update_id, "message": message})
            self.next_update_id += 1
            self.next_message_id += 1
            self.lock.notify_all()

    def wait_for_text(self, needle: str, timeout: float = 120.0) -> str:
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for message in self.sent:
                    if needle in str(message.get("text", "")):
                        return str(message["text"])
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    texts = [m.get("text") for m in self.sent]
                    raise AssertionError(f"bot never said {needle!r}; it said {texts}")
                self.lock.wait(remaining)

    # -- server side ------------------------------------------------------------------------
    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode()
                params = _params(self.headers.get("Content-Type", ""), body)
                prefix = f"/bot{api.token}/"
                if not self.path.startswith(prefix):
                    self._reply(404, {"ok": False, "error_code": 404, "description": "Not Found"})
                    return
                method = self.path[len(prefix) :]
                self._reply(200, {"ok": True, "result": api.answer(method, params)})

            def _reply(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the bot went away mid-poll (killed or stopped): nothing to answer

        return Handler

    def answer(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT
        if method == "getUpdates":
            self.polled = True
            return self._get_updates(params)
        if method == "setWebhook":
            with self.lock:
                self.webhook = params
                self.lock.notify_all()
            return True
        if method in ("sendMessage", "editMessageReplyMarkup", "editMessageText"):
            with self.lock:
                self.sent.append(params)
                self.lock.notify_all()
                message_id = 10_000 + len(self.sent)
            chat_id = int(params.get("chat_id", 0))
            return {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private", "first_name": "P"},
                "from": BOT,
                "text": params.get("text", ""),
            }
        return True

    def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        wait = min(float(params.get("timeout") or 0), LONG_POLL_CAP)
        deadline = time.monotonic() + wait
        with self.lock:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
            while not self.updates and time.monotonic() < deadline:
                self.lock.wait(deadline - time.monotonic())
            return list(self.updates)


def _params(content_type: str, body: str) -> dict[str, Any]:
    if content_type.startswith("application/json"):
        loaded: dict[str, Any] = json.loads(body or "{}")
        return loaded
    params: dict[str, Any] = {}
    for key, values in parse_qs(body).items():
        value = values[0]
        try:
            params[key] = json.loads(value)
        except ValueError:
            params[key] = value
    return params
