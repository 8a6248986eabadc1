"""A flooded group never holds anyone else up: not at the engines, not at Telegram's limit."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue.engine import Conversation
from bot.telegram import dispatch, replies
from bot.telegram.dbthread import DbThread
from bot.telegram.fair import RoundRobin
from bot.telegram.handling import Processor, Reply
from bot.telegram.ratelimit import Limits
from bot.telegram.store import OutboxRow

from telegram_fakes import Harness, run

GROUP = -100123


def test_a_chat_with_an_update_on_an_engine_is_passed_over_and_keeps_its_place() -> None:
    turns = RoundRobin()
    turns.add((20, 9), 2)
    assert turns.take() == (20, 9)  # the private chat's first message is in hand
    turns.add((GROUP, 1))
    turns.add((GROUP, 2))
    assert turns.take() == (GROUP, 1)  # the group's first is on an engine now
    turns.release((20, 9))  # the private chat's second message waits behind the group
    assert turns.take(avoid={GROUP}) == (20, 9)  # the free engine is not the group's
    assert turns.take() == (GROUP, 2)  # and the group did not lose its place


LONG_STORY = (
    "We were playing in the club's Tuesday pairs and the auction had gone one club by "
    "North, pass by East, one heart by South and then West, who had been distracted by "
    "a conversation at the next table, put one spade on the table without noticing "
    "that it was not his turn at all, and then North said he wanted the director "
    "because he thought the call out of rotation should be cancelled and replaced"
)


def test_a_private_message_is_answered_while_a_long_group_incident_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long group incident (read on an engine thread): a private /law is answered
    meanwhile, however long the incident's reading takes."""
    assert len(LONG_STORY) >= dispatch.LONG_MESSAGE
    entered, release = threading.Event(), threading.Event()
    converse = Processor.converse

    def slow_in_the_group(
        self: Processor, reply: Reply, text: str, loaded: Conversation | None = None
    ) -> None:
        if reply.chat_id == GROUP:
            entered.set()
            release.wait(10)
        converse(self, reply, text, loaded)

    monkeypatch.setattr(Processor, "converse", slow_in_the_group)

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as bot:
            group = bot.updates.message(f"/ruling {LONG_STORY}", user=5, chat=GROUP)
            await bot.runtime.receive(group)
            await bot.runtime.receive(bot.updates.message("/ruling revoke", user=5, chat=GROUP))
            assert await asyncio.to_thread(entered.wait, 10)
            await bot.runtime.receive(bot.updates.message("/law 27", user=6))
            try:
                async with asyncio.timeout(10):
                    while not bot.request.texts(6):
                        await asyncio.sleep(0.01)
                assert not bot.request.texts(GROUP)  # the group's incident is still on hold
            finally:
                release.set()
            await bot.runtime.settle()
            assert "27" in bot.request.texts(6)[0]
            assert len(bot.request.texts(GROUP)) == 2  # both group incidents answered

    run(scenario)


def test_an_ordinary_message_is_handled_in_one_database_job_without_an_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Handing an update to another thread and back costs more CPU than most updates' own
    handling: a description, an answer or a command is read, handled and saved in one
    job on the database thread, and only a long message goes to an engine thread."""
    jobs: list[str] = []
    call = DbThread.call

    async def counted(self: DbThread, function: Callable[[], Any], **options: Any) -> Any:
        jobs.append(getattr(function, "func", function).__name__)
        return await call(self, function, **options)

    monkeypatch.setattr(DbThread, "call", counted)

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as bot:
            engine = bot.runtime.dispatcher.engine
            assert engine is not None
            handed: list[object] = []
            submit = engine.submit
            monkeypatch.setattr(
                engine, "submit", lambda *a, **k: handed.append(a) or submit(*a, **k)
            )
            for text in ("he revoked on trick 3, claim at trick 10", "/law 27"):
                jobs.clear()
                await bot.send(bot.updates.message(text, user=8))
                assert bot.request.texts(8), text
                handling = [j for j in jobs if j not in ("ingest", "<lambda>", "_settle")]
                assert handling == ["_next"], (text, jobs)
                assert not handed, text
            await bot.send(bot.updates.message(LONG_STORY, user=9))
            assert bot.request.texts(9)
            assert len(handed) == 1  # the long one is read on the engine thread

    run(scenario)


def test_a_private_reply_never_waits_behind_group_replies_at_the_overall_limit(
    tmp_path: Path,
) -> None:
    """Three groups with replies to send, then a private reply: the private one takes the
    next free slot of Telegram's overall limit, not one after every group's next reply."""
    limits = Limits(overall=(5, 1.0), group=(10_000, 1.0), burst=1)  # a slot every 0.2 s

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3", limits) as bot:
            store, sender = bot.store, bot.runtime.sender

            def queue(chat: int, text: str) -> list[OutboxRow]:
                with store.transaction():
                    return store.queue(replies.messages(chat, text))

            for n in range(3):  # three answers in each group, each answer its own turn
                for group in (GROUP, GROUP - 1, GROUP - 2):
                    sender.kick(await bot.runtime.db.call(partial(queue, group, f"{n}")))
            await asyncio.sleep(0.05)
            sender.kick(await bot.runtime.db.call(partial(queue, 7, "private")))
            async with asyncio.timeout(10):
                while not bot.request.texts(7):
                    await asyncio.sleep(0.01)
            order = [c.params["chat_id"] for c in bot.request.sent()]
            assert order.index(7) <= 1, order  # at most the one group reply already going

    run(scenario)


def test_group_chatter_not_for_the_bot_is_stored_handled_without_a_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With group privacy off the bot sees every message in a busy club group: those not
    addressed to it are stored (Telegram may be told they arrived) and cost nothing more,
    no worker's turn, no database job of their own, while a migration, a mention or a
    reply to the bot in the same group is still handled and answered."""
    jobs: list[str] = []
    call = DbThread.call

    async def counted(self: DbThread, function: Callable[[], Any], **options: Any) -> Any:
        jobs.append(getattr(function, "func", function).__name__)
        return await call(self, function, **options)

    monkeypatch.setattr(DbThread, "call", counted)

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as bot:
            taken: list[object] = []
            take = bot.runtime.dispatcher.turns.take
            monkeypatch.setattr(
                bot.runtime.dispatcher.turns, "take", lambda *a: taken.append(a) or take(*a)
            )
            jobs.clear()
            chatter = bot.updates.message("anyone for coffee after the session?", chat=GROUP)
            await bot.runtime.receive(chatter)
            assert bot.runtime.dispatcher.idle()  # handled as it was stored
            assert jobs == ["<lambda>"]  # the storing, and nothing after it
            pending = "SELECT count(*) FROM inbox WHERE done = 0"
            stored = "SELECT count(*) FROM inbox WHERE update_id = ?"
            assert bot.store.db.execute(pending).fetchone()[0] == 0
            assert bot.store.db.execute(stored, (chatter["update_id"],)).fetchone()[0] == 1
            await bot.runtime.settle()
            assert not taken and not bot.request.texts(GROUP)
            await bot.send(bot.updates.message("@rulingbot law 27", user=5, chat=GROUP))
            await bot.send(bot.updates.message("law 16", user=6, chat=GROUP, reply_to_bot=True))
            texts = bot.request.texts(GROUP)
            assert len(texts) == 2 and "27" in texts[0] and "16" in texts[1]

    run(scenario)


def test_the_count_of_waiting_updates_stays_right_through_turns() -> None:
    """The dispatcher asks how many wait after every update: the round keeps the count as
    it goes (summing it would cost a step per waiting person, thousands in a burst)."""
    rng = random.Random(3)
    turns = RoundRobin()
    in_hand: list[tuple[int, int]] = []
    for _ in range(2000):
        if rng.random() < 0.5:
            turns.add((rng.choice([GROUP, 7, 8]), rng.randrange(4)), rng.randrange(1, 3))
        elif in_hand and rng.random() < 0.5:
            key = in_hand.pop(rng.randrange(len(in_hand)))
            turns.release(key, rng.choice([0, 1]), more=rng.random() < 0.9)
        elif (key := turns.take()) is not None:
            in_hand.append(key)
        assert len(turns) == sum(turns.waiting.values())


def test_a_worker_is_woken_only_when_there_is_a_key_for_it(tmp_path: Path) -> None:
    """A group of 30 members floods the bot while 20 people write privately: each
    freed turn or new update wakes one idle worker, and only if there is a key it may
    take. Waking every idle worker each time made all but one look in vain, a round of
    the event loop each (about two per update, a tenth of the bot's CPU on the loop)."""
    db = tmp_path / "bot.sqlite3"

    async def scenario() -> None:
        async with Harness(db) as bot:
            turns = bot.runtime.dispatcher.turns
            take = turns.take
            looked: list[bool] = []

            def counted(*args: Any) -> Any:
                key = take(*args)
                looked.append(key is not None)
                return key

            turns.take = counted  # type: ignore[method-assign]
            group = [
                bot.updates.message(f"/law {1 + i % 90}", user=500 + i % 30, chat=GROUP)
                for i in range(150)
            ]
            private = [bot.updates.message("/law 27", user=10 + i) for i in range(20)]
            store = partial(bot.store.ingest, [*group, *private], bot.runtime.processor.me)
            bot.runtime.received(await bot.runtime.db.call(store))  # one batch, as polled
            await bot.runtime.settle()
            assert len(bot.request.texts(GROUP)) == 150
            assert all(bot.request.texts(10 + i) for i in range(20))
            assert looked.count(True) == 170
            assert looked.count(False) <= 10, f"{looked.count(False)} takes found nothing"

    run(scenario)


def test_a_groups_queue_goes_on_while_a_long_private_message_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A private incident long enough to be read on an engine thread holds its turn; a
    group with several messages waiting is passed over for a moment (the lone message
    goes first), then answered meanwhile, not only once the long reading is done."""
    entered, release = threading.Event(), threading.Event()
    converse = Processor.converse

    def slow_in_private(
        self: Processor, reply: Reply, text: str, loaded: Conversation | None = None
    ) -> None:
        if reply.chat_id == 8:
            entered.set()
            release.wait(10)
        converse(self, reply, text, loaded)

    monkeypatch.setattr(Processor, "converse", slow_in_private)

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as bot:
            await bot.runtime.receive(bot.updates.message(LONG_STORY, user=8))
            assert await asyncio.to_thread(entered.wait, 10)
            queue = [bot.updates.message("/law 27", user=m, chat=GROUP) for m in (5, 6, 7)]
            store = partial(bot.store.ingest, queue, bot.runtime.processor.me)
            bot.runtime.received(await bot.runtime.db.call(store))  # three at once: a queue
            try:
                async with asyncio.timeout(5):
                    while len(bot.request.texts(GROUP)) < 3:
                        await asyncio.sleep(0.01)
                assert not bot.request.texts(8)  # still being read
            finally:
                release.set()
            await bot.runtime.settle()
            assert bot.request.texts(8)

    run(scenario)
