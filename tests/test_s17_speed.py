"""Issue 16: less CPU per update in the dialogue, and nothing a user reads changes.

The bounds of a ranking round their scores in one call per list, and a question is worded for
a naming of the players once: each must give exactly what the slower way gave.
"""

from __future__ import annotations

import math
import random

import pytest

from bot.dialogue.engine import Conversation, Dialogue
from bot.dialogue.matching import _tenths, _tenths_of
from bot.knowledge import Knowledge
from bot.render import Roles, personal

# -- rounding a list of scores ------------------------------------------------------------------


def test_rounding_a_list_of_scores_gives_each_score_as_rounding_it_alone() -> None:
    rng = random.Random(17)
    values = [rng.uniform(-600.0, 1600.0) for _ in range(20_000)]
    values += [round(rng.uniform(-300.0, 900.0), 2) for _ in range(20_000)]
    values += [n / 20 for n in range(-4000, 4000)]  # every half tenth: round decides
    values += [0.0, -0.0, 0.05, -0.05, 0.04999999, 2.675, 1e10, -1e10, 123.45]
    for value, alone in zip(values, _tenths_of(values), strict=True):
        assert alone == _tenths(value) and math.copysign(1, alone) == math.copysign(
            1, _tenths(value)
        ), value


# -- a question worded once for each naming of the players -------------------------------------


def _worded_afresh(question, facts):  # type: ignore[no-untyped-def]
    say = Roles.from_facts(facts).say
    return (
        say(question.ask),
        say(question.help),
        tuple((say(c.label), say(c.short), say(c.noted)) for c in question.choices),
    )


def _worded(question):  # type: ignore[no-untyped-def]
    return (
        question.ask,
        question.help,
        tuple((c.label, c.short, c.noted) for c in question.choices),
    )


NAMINGS = [
    {},
    {"_offender": "E"},
    {"_offender": "S", "_speaker": "S", "_frame": "speaker"},
    {"_offender": "W", "_speaker": "S", "_frame": "speaker"},
    {"_offender_relation": "self"},
    {"_offender_relation": "lho"},
]


def test_a_question_worded_again_reads_as_worded_afresh_for_every_asker(
    knowledge: Knowledge,
) -> None:
    questions = [q for t in knowledge.topics.values() for q in t.questions]
    for question in questions[::7]:
        for facts in NAMINGS + NAMINGS[::-1]:  # each naming twice, in turn with the others
            assert _worded(personal(question, facts)) == _worded_afresh(question, facts)


def test_the_asker_named_you_and_a_player_named_by_the_same_words_are_worded_apart() -> None:
    you = Roles.from_facts({"_offender": "S", "_speaker": "S", "_frame": "speaker"})
    other = Roles.from_facts({"_offender": "S"})
    assert you.key != other.key


@pytest.mark.parametrize(
    ("first", "then", "asked"),
    [
        (
            "I bid 1S over my LHO's 1NT, an insufficient bid",
            "My LHO bid 1S over my 1NT, an insufficient bid",
            "Does your partner (the next player after your LHO) accept the insufficient bid?",
        ),
        (
            "My LHO bid 1S over my 1NT, an insufficient bid",
            "East made an insufficient bid of 1S over North's 1NT",
            "Does the offender's LHO (the next player after him) accept the insufficient bid?",
        ),
        (
            "East made an insufficient bid of 1S over North's 1NT",
            "i bid 1s over lho's 1nt, insufficient",
            "Was it your turn to call when you made the insufficient bid?",
        ),
    ],
)
def test_a_question_asked_of_one_player_is_asked_of_the_next_in_his_own_words(
    dialogue: Dialogue, first: str, then: str, asked: str
) -> None:
    dialogue.handle(Conversation(), first)  # someone else's incident, worded for him
    turns = dialogue.handle(Conversation(), then)
    assert turns[-1].type == "question"
    assert turns[-1].text.splitlines()[0] == asked


# -- patterns compiled before the first user, not by him -----------------------------------------

FIRST_USE = [
    "Dealer N: 1S P 2H P 1NT IB",
    "East was the dealer and opened 1S, then I overcalled 2H before my LHO had called",
    "partner hesitated for ages then bid 4S; can they use that against us?",
    "score 4S by N vul 10",
    "I noticed the other table's score sheet before the auction",
]


def test_the_readers_patterns_are_compiled_before_the_first_description(
    dialogue: Dialogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A served bot compiles every module pattern at start (``compile_all``, from the code
    kept between processes); the dealer's, the typed auction's, the asker's, a score
    request's seat and a record looked at were compiled by the first message that used them."""
    import re._compiler as compiler  # the re module's own compiler: what a first use runs
    import traceback

    from bot.dialogue.description import describe
    from bot.lazy import compile_all

    compile_all()
    compiled: list[str] = []
    real = compiler.compile

    def counting(pattern: object, flags: int = 0) -> object:
        ours = [f.name for f in traceback.extract_stack() if "/bot/" in f.filename]
        compiled.extend(ours[-1:])  # the reader that asked for it
        return real(pattern, flags)

    monkeypatch.setattr(compiler, "compile", counting)
    for text in FIRST_USE:
        describe(text + " (first use)", dialogue.vocabulary)
        dialogue.handle(Conversation(), text)
    readers = {"_dealer", "_whole_typed_auction", "_asker", "read_request", "_from_outside"}
    assert not readers & set(compiled)


def test_the_dealer_and_a_score_requests_seat_are_read_as_before(dialogue: Dialogue) -> None:
    from bot.core.calls import Seat
    from bot.dialogue.description import describe

    told = describe("East was the dealer and opened 1S", dialogue.vocabulary)
    assert told.story.dealer is Seat.EAST
    assert describe("Dealer W: 1H P 1S IB", dialogue.vocabulary).story.typed_auction is not None
    reply = dialogue.handle(Conversation(), "score 4S by N vul 10")[0].text
    assert "620" in reply
