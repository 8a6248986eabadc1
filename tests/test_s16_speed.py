"""Issue 16: less CPU per update, and nothing else changes.

A stored conversation read back whole is not checked again while its text is the same, a
message is read once as it is stored, and a sentence that takes no words is rendered once:
each must give exactly what the slower way gave.
"""

from __future__ import annotations

from pathlib import Path

import pytest

# -- a stored conversation read back again -------------------------------------------------

GROUP = -100777


def test_a_lookup_beside_an_open_incident_repeats_its_question_each_time(tmp_path: Path) -> None:
    from telegram_fakes import Harness, run

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            question = "Was it his turn to call when he made the insufficient bid?"
            assert question in h.request.texts(GROUP)[-1]
            for law in ("27", "27B1", "16"):
                await h.send(h.updates.message(f"/law {law}", user=5, chat=GROUP))
                said = h.request.texts(GROUP)[-1]
                assert f"Law {law[:2]}" in said and question in said
            await h.send(h.updates.message("/law 27", user=6, chat=GROUP))  # someone else
            assert question not in h.request.texts(GROUP)[-1]

    run(scenario)


def test_a_conversation_read_back_whole_before_is_checked_again_once_it_changes(
    tmp_path: Path,
) -> None:
    import json
    import sqlite3

    from telegram_fakes import Harness, run

    async def scenario() -> None:
        db = tmp_path / "bot.sqlite3"
        async with Harness(db) as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            await h.send(h.updates.message("/law 27", user=5, chat=GROUP))  # read back whole
            broken = {"topic": "no_such_topic", "pending": "x", "version": "?"}
            with sqlite3.connect(db) as connection:
                connection.execute(
                    "UPDATE conversations SET data = ? WHERE user_id = 5", (json.dumps(broken),)
                )
            await h.send(h.updates.message("/law 27", user=5, chat=GROUP))
            assert "couldn't read back the incident" in " ".join(h.request.texts(GROUP)[-2:])

    run(scenario)


# -- a message is read once, when it is stored ----------------------------------------------


@pytest.mark.parametrize(
    "text", ["/law 27", "/ruling he bid out of turn \ud83c", "@rulingbot what now?", "hello all"]
)
def test_a_message_taken_as_stored_reads_as_the_inbox_holds_it(tmp_path: Path, text: str) -> None:
    import json

    from bot.telegram.incoming import Identity, parse
    from bot.telegram.store import Store

    from telegram_fakes import Updates

    me = Identity(999, "rulingbot")
    store = Store(tmp_path / "bot.sqlite3")
    try:
        update = Updates().message(text, user=5, chat=GROUP)
        keys = store.ingest([update], me)
        if text == "hello all":  # not for the bot: handled as it is stored, nothing kept
            assert keys == [] and store.fresh == {}
            return
        (stored,) = store.db.execute("SELECT raw FROM inbox").fetchone()
        row = store.next_pending(keys[0])
        assert row is not None and row.parsed is not None
        assert row.raw == json.loads(stored)  # a lone surrogate replaced in both
        assert row.parsed == (me, parse(json.loads(stored), me))
        assert store.fresh == {}  # taken: read from the inbox if it is ever taken again
        again = store.next_pending(keys[0])
        assert again is not None and again.parsed is None and again.raw == row.raw
    finally:
        store.close()


def test_a_fixed_sentence_is_the_same_each_time_and_a_sentence_with_words_is_not_kept() -> None:
    from bot.telegram.texts import Texts

    texts = Texts()
    first = texts("describe_placeholder")
    assert texts("describe_placeholder") == first and "\n" not in first
    assert texts("bot_short_description", edition="WBF 2017") != texts(
        "bot_short_description", edition="EBU 2025"
    )
    assert "bot_short_description" not in texts.fixed
    with pytest.raises(LookupError):
        texts("no_such_sentence")
