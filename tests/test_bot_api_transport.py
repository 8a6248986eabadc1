"""Issue 16: replies go to the Bot API as one JSON body, and arrive exactly as written.

python-telegram-bot posts each call as a form, percent-encoding every parameter in
Python; the bot posts the same parameters as JSON instead (cheaper per reply). What
Telegram receives, and what the bot makes of Telegram's answers, must not change.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from served import TOKEN
from telegram import Bot
from telegram.error import NetworkError, RetryAfter, TimedOut

from bot.telegram import api
from bot.telegram.app import Config
from bot.telegram.runner import make_bot

import fake_bot_api
from fake_bot_api import FakeBotApi

TEXT = "Law 27B1(b): 5 & 6 + 7% — ♠ ♥ « ok »\n<b>Director</b>: the 1♠ call stands?a=1&b=2"
MARKUP = {"inline_keyboard": [[{"text": "Yes, at once", "callback_data": "a:42:3:0"}]]}


def _calls(base: FakeBotApi, tmp_path: Path, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    async def go() -> list[Any]:
        bot = make_bot(Config(TOKEN, base.base_url, tmp_path / "db.sqlite3"))
        await bot.initialize()
        try:
            found = []
            for method, params in calls:
                try:
                    found.append(await api.call(bot, method, params))
                except Exception as error:
                    found.append(error)
            return found
        finally:
            await bot.shutdown()

    return asyncio.run(go())


def test_a_reply_arrives_exactly_as_written_in_one_json_body(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bodies: list[str] = []
    parse = fake_bot_api._params

    def recording(content_type: str, body: str) -> dict[str, Any]:
        bodies.append(content_type)
        return parse(content_type, body)

    monkeypatch.setattr(fake_bot_api, "_params", recording)
    with FakeBotApi(TOKEN) as telegram:
        params = {"chat_id": 42, "text": TEXT, "parse_mode": "HTML", "reply_markup": MARKUP}
        (result,) = _calls(telegram, tmp_path, ("sendMessage", params))
        sent = telegram.messages_to(42)
    assert sent[0]["text"] == TEXT
    assert sent[0]["reply_markup"] == MARKUP
    assert sent[0]["chat_id"] == 42 and sent[0]["parse_mode"] == "HTML"
    assert result["message_id"] == sent[0]["message_id"]  # Telegram's answer, read back
    assert bodies[-1].startswith("application/json")


def test_telegram_asking_a_group_to_slow_down_is_still_a_flood_wait(tmp_path: Path) -> None:
    count, _ = fake_bot_api.GROUP_LIMIT
    with FakeBotApi(TOKEN) as telegram:
        calls = [("sendMessage", {"chat_id": -100, "text": f"reply {i}"}) for i in range(count + 1)]
        found = _calls(telegram, tmp_path, *calls)
    assert len(telegram.messages_to(-100)) == count
    assert isinstance(found[-1], RetryAfter)  # the sender parks the group's lane, not the bot


# -- the lean HTTP/1.1 client under the JSON body ----------------------------------------


class _Scripted:
    """A Bot API stand-in on a raw socket: answers each request with the next scripted
    response (bytes; None: hang up without answering; b"": never answer), and counts
    connections."""

    def __init__(self, responses: list[bytes | None]) -> None:
        self.responses = responses
        self.connections = 0
        self.bodies: list[bytes] = []

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}/bot{TOKEN}"

    async def __aexit__(self, *exc: object) -> None:
        self.server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while self.responses:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    int(line.split(b":")[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length")
                )
                self.bodies.append(await reader.readexactly(length))
                response = self.responses.pop(0)
                if response is None:
                    break
                if not response:
                    await asyncio.sleep(5)
                    break
                writer.write(response)
                await writer.drain()
                if b"Connection: close" in response:
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()


def _ok(result: str, *, chunked: bool = False, close: bool = False) -> bytes:
    body = f'{{"ok": true, "result": {result}}}'.encode()
    head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    if close:
        head += "Connection: close\r\n"
    if chunked:
        half = len(body) // 2
        parts = [body[:half], body[half:]]
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts)
        return (head + "Transfer-Encoding: chunked\r\n\r\n").encode() + chunks + b"0\r\n\r\n"
    return (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def _lean_calls(
    responses: list[bytes | None], *calls: tuple[str, dict[str, Any]], read_timeout: float = 5
) -> tuple[list[Any], _Scripted]:
    """Calls through the bot's own transport against scripted responses."""
    server = _Scripted(responses)

    async def go() -> list[Any]:
        async with server as base:
            request = api.JsonRequest(connection_pool_size=4, read_timeout=read_timeout)
            bot = Bot(TOKEN, base_url=base, request=request)
            found = []
            for method, params in calls:
                try:
                    found.append(await api.call(bot, method, params))
                except Exception as error:
                    found.append(error)
            await request.shutdown()
            return found

    return asyncio.run(go()), server


SEND = ("sendMessage", {"chat_id": 42, "text": "Law 16B ♠"})


def test_calls_share_one_kept_alive_connection() -> None:
    found, server = _lean_calls([_ok('{"message_id": 1}'), _ok('{"message_id": 2}')], SEND, SEND)
    assert [r["message_id"] for r in found] == [1, 2]
    assert server.connections == 1
    assert json.loads(server.bodies[0]) == SEND[1]  # the JSON body, as written


def test_a_chunked_answer_is_read_whole() -> None:
    found, _ = _lean_calls([_ok('{"message_id": 7, "text": "x"}', chunked=True)], SEND)
    assert found == [{"message_id": 7, "text": "x"}]


def test_a_connection_the_server_closed_is_not_used_again() -> None:
    responses = [_ok('{"message_id": 1}', close=True), _ok('{"message_id": 2}')]
    found, server = _lean_calls(responses, SEND, SEND)
    assert [r["message_id"] for r in found] == [1, 2]
    assert server.connections == 2


def test_a_hang_up_is_a_network_error_and_the_next_call_goes_through() -> None:
    found, _ = _lean_calls([None, _ok('{"message_id": 2}')], SEND, SEND)
    assert isinstance(found[0], NetworkError)  # the sender retries it later
    assert found[1]["message_id"] == 2


def test_an_answer_too_late_is_timed_out() -> None:
    found, _ = _lean_calls([b""], SEND, read_timeout=0.2)
    assert isinstance(found[0], TimedOut)


def test_telegram_refusals_keep_their_meaning() -> None:
    body = (
        b'{"ok": false, "error_code": 429, "description": "slow", "parameters": {"retry_after": 3}}'
    )
    refused = b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
    found, _ = _lean_calls([refused], SEND)
    assert isinstance(found[0], RetryAfter)


def test_a_proxy_from_the_environment_is_still_used(monkeypatch: pytest.MonkeyPatch) -> None:
    server = _Scripted([_ok('{"message_id": 3}')])

    async def go() -> Any:
        async with server as base:
            proxy = base.split("/bot")[0]
            monkeypatch.setenv("HTTP_PROXY", proxy)
            monkeypatch.delenv("NO_PROXY", raising=False)
            monkeypatch.delenv("no_proxy", raising=False)
            request = api.JsonRequest(connection_pool_size=4)
            bot = Bot(TOKEN, base_url=f"http://telegram.invalid/bot{TOKEN}", request=request)
            try:
                return await api.call(bot, *SEND)
            finally:
                await request.shutdown()

    assert asyncio.run(go())["message_id"] == 3  # only the proxy could answer


def test_a_club_can_send_every_call_through_httpx(monkeypatch: pytest.MonkeyPatch) -> None:
    """RULINGBOT_BOT_API_CLIENT=httpx: the reply still arrives, and the lean client is unused."""
    server = _Scripted([_ok('{"message_id": 4}')])
    monkeypatch.setenv(api.CLIENT_ENV, "httpx")

    async def go() -> tuple[Any, int]:
        async with server as base:
            request = api.JsonRequest(connection_pool_size=4)
            bot = Bot(TOKEN, base_url=base, request=request)
            try:
                return await api.call(bot, *SEND), len(request._pools)
            finally:
                await request.shutdown()

    result, lean_pools = asyncio.run(go())
    assert result["message_id"] == 4 and lean_pools == 0
    assert b"chat_id=42" in server.bodies[0]  # python-telegram-bot's own form, through httpx
