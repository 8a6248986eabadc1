"""Issue 16 and 15.3: how updates flow through the bot under load and across restarts.

A flooded group never holds up a private user's single message, each update
costs at most two database jobs, the whole file is read at start only after
an unclean shutdown, and a bot killed again and again answers every waiting
user instead of apologising to them.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from served import TOKEN, ServedBot

from bot.telegram.app import Config
from bot.telegram.runner import open_store
from bot.telegram.store import Store

from fake_bot_api import FakeBotApi
from telegram_fakes import Harness, Updates, run

GROUP = -100321
APOLOGY = "something went wrong on my side"


def _texts_to(h: Harness) -> list[tuple[int, str]]:
    return [
        (int(c.params["chat_id"]), str(c.params.get("text", "")))
        for c in h.request.calls
        if c.method == "sendMessage"
    ]


def test_a_private_message_is_answered_before_a_flooded_groups_backlog(tmp_path: Path) -> None:
    """200 members of one group ask at once, then one player writes privately."""
    db = tmp_path / "bot.sqlite3"
    updates = Updates()
    flood = [updates.message(f"/law {1 + i % 90}", user=500 + i, chat=GROUP) for i in range(200)]
    private = updates.message("/law 27", user=7)
    Store(db).ingest([*flood, private])  # all waiting when the bot starts

    async def scenario() -> None:
        async with Harness(db) as h:
            await h.runtime.settle()
            order = [chat for chat, _ in _texts_to(h)]
            assert order.count(GROUP) == 200
            assert order.index(7) < 5, f"the private reply came after {order.index(7)} others"

    run(scenario)


def test_each_update_costs_one_handling_job_and_one_mark_sent_job(tmp_path: Path) -> None:
    """Ten players each describe an incident, then answer its first question."""
    db = tmp_path / "bot.sqlite3"
    updates = Updates()
    users = range(100, 110)
    jobs: list[str] = []

    async def scenario() -> None:
        h = Harness(db)
        real = h.runtime.db.call

        async def counted(function: Any, **options: Any) -> Any:
            jobs.append(getattr(function, "__name__", "?"))
            return await real(function, **options)

        h.runtime.db.call = counted  # type: ignore[method-assign]
        async with h:
            for text in ("insufficient bid", "1"):
                # as polling does: one batch stored in one job, then handed to the workers
                batch = [updates.message(text, user=user) for user in users]
                h.runtime.received(await h.runtime.db.call(partial(h.store.ingest, batch)))
                await h.runtime.settle()
            assert {chat for chat, _ in _texts_to(h)} == set(users)
            # messages, and the edits that take an answered question's buttons away
            sent = [
                c for c in h.request.calls if c.method in ("sendMessage", "editMessageReplyMarkup")
            ]
        # two jobs at start (what waits in the inbox, what waits in the outbox), one per
        # batch, then one per update (its state change with its replies) and one per
        # message sent (mark it sent)
        assert len(jobs) <= 2 + 2 + 20 + len(sent), jobs

    run(scenario)


def test_the_whole_database_is_read_at_start_only_after_an_unclean_stop(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config("1:x", None, tmp_path / "bot.sqlite3")
    caplog.set_level(logging.INFO)
    store = open_store(config)
    store.end_run()  # a clean stop
    store.close()
    store = open_store(config)
    assert "did not stop cleanly" not in caplog.text
    store.close()  # no end_run: as if killed
    caplog.clear()
    store = open_store(config)
    assert "did not stop cleanly: checking the whole database" in caplog.text
    store.end_run()
    store.close()
    caplog.clear()
    store = open_store(config)
    assert "did not stop cleanly" not in caplog.text
    store.close()


def _answered(api: FakeBotApi, users: list[int]) -> list[int]:
    return [u for u in users if api.messages_to(u)]


def _wait_answered(api: FakeBotApi, bot: ServedBot, users: list[int], count: int) -> None:
    deadline = time.monotonic() + 120
    while len(_answered(api, users)) < count:
        assert bot.alive(), bot.log_text()
        assert time.monotonic() < deadline, f"only {len(_answered(api, users))} answered"
        time.sleep(0.005)


def test_quick_restarts_answer_every_waiting_user_and_apologise_to_none(tmp_path: Path) -> None:
    """Issue 15.3: four quick kills while 300 users wait; a restart is no handler failure."""
    users = list(range(3000, 3300))
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        for user in users:
            api.user_says("insufficient bid", user=user)
        for kill in range(4):
            bot.start()
            _wait_answered(api, bot, users, 3 * (kill + 1))
            bot.kill()
        bot.start()
        _wait_answered(api, bot, users, len(users))
        bot.kill()
        apologies = [m for u in users for m in api.messages_to(u) if APOLOGY in str(m["text"])]
        assert not apologies, f"{len(apologies)} users got an apology instead of an answer"


def test_updates_are_stored_while_the_engine_works_on_a_long_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15.2: the dialogue runs off the database thread, so Telegram's updates are
    still stored (and so confirmed) while one user's long message is being read."""
    started, release = threading.Event(), threading.Event()

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            dialogue = h.runtime.dialogue
            original = dialogue.handle

            def slow(conversation: Any, text: str, **options: Any) -> Any:
                if text.startswith("1NT 2C"):
                    started.set()
                    release.wait(30)
                return original(conversation, text, **options)

            monkeypatch.setattr(dialogue, "handle", slow)
            long = h.updates.message("1NT 2C " * 500, user=1)
            await h.runtime.receive(long)
            while not started.is_set():
                await asyncio.sleep(0.01)
            try:  # the guard only turns a hang into a failure; nothing is timed
                await asyncio.wait_for(h.runtime.receive(h.updates.message("hi", user=2)), 10)
                assert not Store(h.db).is_done(long["update_id"])  # still in hand
            finally:
                release.set()
            await h.runtime.settle()
            assert {c for c, _ in _texts_to(h)} == {1, 2}

    run(scenario)


def test_a_message_the_bot_died_holding_is_answered_alone_before_anything_else(
    tmp_path: Path,
) -> None:
    """A bot killed while it held a user's message retries that message first, alone: the
    restart's first poll or send (when a kill often comes again) never finds it in hand, so
    deaths that were not its fault do not set it aside with an apology."""
    db = tmp_path / "bot.sqlite3"
    updates = Updates()
    held = updates.message("insufficient bid", user=11)
    waiting = updates.message("insufficient bid", user=12)
    store = Store(db)
    store.ingest([held, waiting])
    with store.transaction():  # two earlier runs died while handling it
        store.db.execute("UPDATE inbox SET attempts = 2 WHERE update_id = ?", (held["update_id"],))
    store.close()

    async def scenario() -> None:
        h = Harness(db)
        await h.runtime.start()
        try:
            assert Store(db).is_done(held["update_id"])  # before polling or sending begins
            await h.runtime.settle()
        finally:
            await h.runtime.stop()
            h.store.close()
        answers = _texts_to(h)
        assert {chat for chat, _ in answers} == {11, 12}
        assert not [text for _, text in answers if APOLOGY in text]

    run(scenario)
