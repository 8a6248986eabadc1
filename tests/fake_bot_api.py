"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests and the benchmark.

It keeps Telegram's rules that matter for losing nothing:

- an update is forgotten once ``getUpdates`` is called with a higher offset
  (the confirmation rule), and is sent again until then;
- at most 20 messages a minute in one group (more get 429 with retry_after).

Tests queue what users say and press, read what the bot sent, and can make
sends slow (answered after the client gave up, but delivered), failing
(HTTP 500) or cut off. Message ids are assigned like Telegram's.
"""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
from collections import Counter, defaultdict, deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

BOT = {"id": 999, "is_bot": True, "first_name": "Ruling", "username": "rulingbot"}
LONG_POLL_CAP = 0.5
GROUP_LIMIT = (20, 60.0)
ADMINS = {1}
SENDS = ("sendMessage", "editMessageText", "editMessageReplyMarkup")


class Faults:
    """What can go wrong with the bot's sends (set by a test, read by the server)."""

    def __init__(self) -> None:
        self.delay = 0.0
        """Every send is answered this late (delivered at once)."""
        self.fail_rate = 0.0
        """This share of sends gets HTTP 500 and is not delivered."""
        self.late_rate = 0.0
        """This share of sends is delivered but answered only after ``late_by`` seconds."""
        self.late_by = 0.0
        self.rng = random.Random(7)


class Sent(dict[str, Any]):
    """One call the bot made that users would see (a message, an edit)."""


class FakeBotApi:
    def __init__(self, token: str) -> None:
        self.token = token
        self.updates: list[dict[str, Any]] = []
        self.sent: list[Sent] = []
        self.by_chat: dict[int, list[Sent]] = defaultdict(list)
        self.answers: list[dict[str, Any]] = []
        """answerCallbackQuery and answerInlineQuery calls."""
        self.lock = threading.Condition()
        self.update_ids = itertools.count(1)
        self.message_ids = itertools.count(1)
        self.callback_ids = itertools.count(1)
        self.polled = False
        """Set at each getUpdates call: the bot is up and listening."""
        self.polls = 0
        self.calls: Counter[str] = Counter()
        """How often the bot called each method."""
        self.webhook: dict[str, Any] = {}
        """What the bot asked for with setWebhook."""
        self.faults = Faults()
        self.group_sends: dict[int, deque[float]] = defaultdict(deque)
        self.flood_refusals = 0
        self.on_send: list[Any] = []
        """Callbacks run after each delivered send (before the answer); a test may kill the bot."""
        self.on_batch: list[Any] = []
        """Callbacks run when getUpdates hands out a non-empty batch."""
        handler = self._handler_class()
        self.server = _QuietServer(("127.0.0.1", 0), handler)
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

    # -- what users do ----------------------------------------------------------------------
    def _chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": f"P{chat_id}"}
        return {"id": chat_id, "type": "supergroup", "title": "Club"}

    def _queue(self, update: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            update["update_id"] = next(self.update_ids)
            self.updates.append(update)
            self.lock.notify_all()
        return update

    def message(
        self, text: str, user: int = 42, chat: int | None = None, reply_to: int | None = None
    ) -> dict[str, Any]:
        """An update as Telegram would send it (not queued)."""
        chat_id = user if chat is None else chat
        message: dict[str, Any] = {
            "message_id": next(self.message_ids),
            "date": int(time.time()),
            "chat": self._chat(chat_id),
            "from": {"id": user, "is_bot": False, "first_name": f"Player{user}"},
            "text": text,
        }
        if text.startswith("/"):
            command = text.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        if reply_to is not None:
            message["reply_to_message"] = {
                "message_id": reply_to,
                "date": int(time.time()),
                "chat": self._chat(chat_id),
                "from": BOT,
                "text": "…",
            }
        return {"message": message}

    def user_says(
        self, text: str, user: int = 42, chat: int | None = None, reply_to: int | None = None
    ) -> int:
        """Queue a message for the bot; its message id."""
        update = self._queue(self.message(text, user, chat, reply_to))
        return int(update["message"]["message_id"])

    def update_for(self, text: str, user: int = 42) -> dict[str, Any]:
        """An update as Telegram would push it to a webhook (not queued for polling)."""
        update = self.message(text, user)
        update["update_id"] = next(self.update_ids)
        return update

    def press(self, data: str, message_id: int, user: int = 42, chat: int | None = None) -> None:
        chat_id = user if chat is None else chat
        self._queue(
            {
                "callback_query": {
                    "id": str(next(self.callback_ids)),
                    "from": {"id": user, "is_bot": False, "first_name": f"Player{user}"},
                    "chat_instance": "ci",
                    "data": data,
                    "message": {
                        "message_id": message_id,
                        "date": int(time.time()),
                        "chat": self._chat(chat_id),
                        "from": BOT,
                        "text": "…",
                    },
                }
            }
        )

    # -- what the bot did ---------------------------------------------------------------------
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

    def messages_to(self, chat_id: int) -> list[Sent]:
        with self.lock:
            return list(self.by_chat.get(chat_id, ()))

    def pending_updates(self) -> int:
        with self.lock:
            return len(self.updates)

    # -- server side ----------------------------------------------------------------------------
    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out at once

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
                status, payload = api.answer(method, params)
                self._reply(status, payload)

            def _reply(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the bot went away mid-call (killed or gave up): nothing to answer

        return Handler

    def answer(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            self.calls[method] += 1
        if method == "getMe":
            return _ok(BOT)
        if method == "getUpdates":
            return _ok(self._get_updates(params))
        if method == "setWebhook":
            with self.lock:
                self.webhook = params
                self.lock.notify_all()
            return _ok(True)
        if method in SENDS:
            return self._send(method, params)
        if method in ("answerCallbackQuery", "answerInlineQuery"):
            with self.lock:
                self.answers.append({"method": method, **params})
                self.lock.notify_all()
            return _ok(True)
        if method == "getChatMember":
            user = {"id": params["user_id"], "is_bot": False, "first_name": "U"}
            status = "creator" if int(params["user_id"]) in ADMINS else "member"
            return _ok({"status": status, "user": user})
        return _ok(True)

    def _send(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        faults = self.faults
        chat_id = int(params.get("chat_id", 0))
        with self.lock:
            if faults.fail_rate and faults.rng.random() < faults.fail_rate:
                return 500, {"ok": False, "error_code": 500, "description": "Internal Server Error"}
            late = faults.late_rate and faults.rng.random() < faults.late_rate
            if method == "sendMessage" and chat_id < 0:
                refused = self._flood_wait(chat_id)
                if refused:
                    self.flood_refusals += 1
                    return 429, {
                        "ok": False,
                        "error_code": 429,
                        "description": f"Too Many Requests: retry after {refused}",
                        "parameters": {"retry_after": refused},
                    }
            message_id = next(self.message_ids)
            record = Sent(params, method=method, sent_at=time.monotonic())
            if method == "sendMessage":
                record["message_id"] = message_id
            self.sent.append(record)
            self.by_chat[chat_id].append(record)
            self.lock.notify_all()
        for callback in list(self.on_send):
            callback(record)
        if faults.delay:
            time.sleep(faults.delay)
        if late:
            time.sleep(faults.late_by)  # delivered, but the bot hears of it too late
        return _ok(
            {
                "message_id": params.get("message_id", message_id),
                "date": int(time.time()),
                "chat": self._chat(chat_id),
                "from": BOT,
                "text": params.get("text", ""),
            }
        )

    def _flood_wait(self, chat_id: int) -> int:
        """Seconds the group must wait (0: this message may go), as Telegram counts."""
        count, window = GROUP_LIMIT
        times = self.group_sends[chat_id]
        now = time.monotonic()
        while times and now - times[0] >= window:
            times.popleft()
        if len(times) >= count:
            return max(1, int(window - (now - times[0])) + 1)
        times.append(now)
        return 0

    def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        wait = min(float(params.get("timeout") or 0), LONG_POLL_CAP)
        deadline = time.monotonic() + wait
        with self.lock:
            self.polled = True
            self.polls += 1
            # Telegram's rule: asking for a higher offset confirms (forgets) everything below it
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
            while not self.updates and time.monotonic() < deadline:
                self.lock.wait(deadline - time.monotonic())
            batch = [json.loads(json.dumps(u)) for u in self.updates[:100]]
        if batch:
            for callback in list(self.on_batch):
                callback(batch)
        return batch


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        return None  # a killed bot resets its connections: that is the point of the tests


def _ok(result: Any) -> tuple[int, dict[str, Any]]:
    return 200, {"ok": True, "result": result}


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
