"""A vocabulary line can say the same thing the many ways a table does: ``[a|b]`` for either
word, ``{n}`` for a count. Stories told with a general wording ("it was pd's lead", "you get one
trick", "the rest are high") reach their topic; the same words where nothing happened do not."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.dialogue.description import _phrase, normal_form
from bot.dialogue.engine import Dialogue


@pytest.mark.parametrize(
    ("phrase", "said", "not_said"),
    [
        ("you [get|can have] {n} [trick|tricks]", "you can have 2 tricks", "you get the rest"),
        ("it was [my |]{seat}'s lead", "it was my pd's lead", "it was the lead"),
        ("[the rest|all the rest] [are|is] high", "all the rest is high", "the rest are low"),
    ],
)
def test_a_phrase_covers_its_alternatives_and_counts_only(
    phrase: str, said: str, not_said: str
) -> None:
    pattern = re.compile(_phrase(phrase))
    assert pattern.search(said)
    assert not pattern.search(not_said)


TOLD = [
    (
        "i led the ace of hearts but it was pd's lead as he won the last trick with the king "
        "of clubs",
        "lead_out_of_turn",
    ),
    ("lho led a spade though rho had won the previous trick", "lead_out_of_turn"),
    ("4 cards left and declarer just said 'you get one trick'. we agreed", "claim"),
    ("declarer put his cards down, the rest are high, but lho had a trump", "claim"),
    (
        "i had a club left over at the end of the hand, i must have discarded when clubs were "
        "led at trick 4",
        "revoke",
    ),
    (
        "the traveller says 4s made 10 but actually it went one off, we only noticed next day",
        "score_correction",
    ),
    ("we had 3 tricks left, lho says 'i'll take the rest, trumps are drawn'", "claim"),
    ("i wanted to see the cards on trick 4 again but declarer said i cant", "quitted_tricks"),
    (
        "i have a penalty card, the 5 of clubs, and pd now has the lead, declarer is telling "
        "him what to lead",
        "penalty_card",
    ),
    (
        "pd pitched a spade when i led a diamond but he had a small diamond. we noticed at "
        "trick 10",
        "revoke",
    ),
    (
        "RHO put all her cards down and said we'd get nothing more, but pd had the good club",
        "claim",
    ),
    (
        "lho played a diamond to the trick, then after rho had played, tried to swap it for "
        "another diamond",
        "retracting_played_card",
    ),
    (
        "dummy just picked up the SA and put it on the trick without me saying anything, and "
        "I'd actually wanted a low one. RHO had already played. can I change it?",
        "card_played",
    ),
]


@pytest.mark.parametrize(("text", "topic"), TOLD)
def test_a_general_wording_proves_what_happened(text: str, topic: str, dialogue: Dialogue) -> None:
    assert dialogue.rank(text)[0].topic.id == topic


@pytest.mark.parametrize(
    "text",
    [
        "rho led a spade and it was his lead, then i followed. all fine?",
        "how many tricks do you get for 3nt making?",
    ],
)
def test_the_same_words_where_nothing_happened_prove_nothing(text: str, dialogue: Dialogue) -> None:
    proven = dialogue.describe(text).proven
    assert "lead_out_of_turn" not in proven and "concession" not in proven


SHORTHAND = [
    "Dlr N, T7: pd hasnt played yet and i'd already led, its my lead isnt it?",
    "LOOT by W (u were dummy), ol.o.o.t. then declarer led oot from the board",
    "wot happens now? we'd won the trick and they'd played on; Dlr. E",
    "nothing to spell out here at all",
]


@pytest.mark.parametrize("text", SHORTHAND)
def test_the_normal_form_spells_out_every_contraction_and_shorthand(
    text: str, dialogue: Dialogue
) -> None:
    """The normal form skips the contractions and shorthand when none is in the text (one
    joined search, issue 14); where any is, all are applied in the vocabulary's order, as
    when each was tried on every text."""
    vocabulary = dialogue.vocabulary
    expected = " ".join(text.split())
    for pattern, plain in (*vocabulary.contractions, *vocabulary.abbreviations):
        expected = pattern.sub(plain, expected)
    expected = normal_form(expected, replace(vocabulary, contractions=(), abbreviations=()))
    assert normal_form(text, vocabulary) == expected
