"""Telegram's flood limits as the sender keeps them (a fake clock, no waiting)."""

from __future__ import annotations

from bot.telegram.ratelimit import Pace, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_group_gets_twenty_messages_a_minute_then_waits() -> None:
    clock = Clock()
    group = Window(20, 60.0, clock)
    for _ in range(20):
        assert group.wait_time() == 0
        group.record()
    assert group.wait_time() == 60.0
    clock.now += 59.5
    assert group.wait_time() == 0.5
    clock.now += 0.5
    assert group.wait_time() == 0


def test_the_overall_pace_allows_a_short_burst_then_spreads_messages_evenly() -> None:
    clock = Clock()
    pace = Pace(30, burst=5, clock=clock)
    waits = [pace.reserve() for _ in range(8)]
    assert waits[:5] == [0, 0, 0, 0, 0]
    assert [round(w * 30, 6) for w in waits[5:]] == [1, 2, 3]  # one slot each, in order
    clock.now += 10  # a quiet spell: the burst is available again
    assert [pace.reserve() for _ in range(5)] == [0, 0, 0, 0, 0]
