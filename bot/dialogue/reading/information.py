"""Information matters (explanations, cards seen, calls withdrawn) and the unauthorised information
facts they prove."""

from __future__ import annotations

from bot.dialogue.information_reader import (
    Tempo,
    board_timing,
    read_information,
    unauthorised_information_facts,
)
from bot.dialogue.play_reader import PlayStory
from bot.dialogue.reading.events import Event, Irregularity
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.story import Story


def _information(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """Who received information and from where (:mod:`bot.dialogue.information_reader`)."""
    exposures = [(e.start, e.actor) for e in events if e.act == "expose"]
    played = [(e.start, e.actor) for e in events if e.act in ("lead", "play")]
    tempo = [
        Tempo(e.start, e.end, e.actor, e.role or e.words)
        for e in events
        if e.act in ("hesitate", "manner") and "alleged" not in e.how
    ]
    found = read_information(
        lowered, story, play, exposures, vocabulary.information, played, vocabulary.auction, tempo
    )
    for item in found:
        facts.update(item.facts)
    timing = board_timing(lowered, story, vocabulary.information)
    if timing is not None:  # when it came, told whatever else the story proves
        facts.setdefault("info_timing", timing)
    return [Irregularity(i.kind, i.start, i.facts) for i in found if i.kind]


def _ui_facts(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    facts: dict[str, str],
) -> dict[str, str]:
    """Whose side gave unauthorised information, and where things stand
    (:func:`bot.dialogue.information_reader.unauthorised_information_facts`)."""
    acts = [
        (e.act, e.start, e.end, e.actor, e.words, "alleged" in e.how)
        for e in events
        if e.act in ("hesitate", "remark", "manner", "alert")
    ]
    played = [
        (e.start, e.actor) for e in events if e.act in ("lead", "play") and e.actor is not None
    ]  # 'and i then led a heart': the teller acted on it by his play as by a call (not a
    # ruff or discard read from words: 'i have 4 trumps' tells his hand, not a play)
    return unauthorised_information_facts(lowered, story, play, acts, facts, played)
