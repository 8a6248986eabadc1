"""The play reader (bot/dialogue/play_reader.py): what a description of the play proves -
the offender's role, the card's rank, the contract, declarer's tricks - and only that."""

from __future__ import annotations

import pytest

from bot.dialogue.incident import read_incident
from bot.dialogue.play_reader import read_play

from conftest import Chat

PROVEN = [
    # the brief's examples
    (
        "I was declarer in 4S, my LHO led the SQ out of turn",
        {"offender_role": "defender", "card_rank": "honour"},
    ),
    ("4S by South; North led a heart from dummy", {"offender_role": "declarer"}),
    # the speaker's own act, his role said before or after
    ("I led out of turn. I was declarer in 3NT", {"offender_role": "declarer"}),
    ("as declarer I led from the wrong hand", {"offender_role": "declarer"}),
    (
        "I was defending 4H and I led the 3 of clubs out of turn",
        {"offender_role": "defender", "card_rank": "spot"},
    ),
    # roles said through another player
    ("my partner, the declarer, led from the wrong hand", {"offender_role": "declarer"}),
    (
        "dummy (my partner) asked whether I had no hearts; I had revoked",
        {"offender_role": "declarer"},
    ),
    (
        "my LHO was declarer. my partner led the 4 of clubs out of turn",
        {"offender_role": "defender", "card_rank": "spot"},
    ),
    ("my RHO was declarer and my LHO revoked", {"offender_role": "dummy"}),
    (
        "my RHO led the queen of hearts out of turn; I was dummy",
        {"offender_role": "defender", "card_rank": "honour"},
    ),
    ("declarer's LHO revoked", {"offender_role": "defender"}),
    # seats and a contract with its declarer
    (
        "East dropped the king of spades. 3NT by North",
        {"offender_role": "defender", "card_rank": "honour"},
    ),
    ("North played in 4S, East revoked", {"offender_role": "defender"}),
    ("4HX by W. East revoked", {"offender_role": "dummy"}),
    (
        "4S by South; South led the ♦10 from dummy out of turn",
        {"offender_role": "declarer", "card_rank": "honour"},
    ),
    # dummy's cards: a lead is declarer's act, a revoke is in dummy's cards (Law 64B3)
    (
        "declarer led a small club from dummy out of turn",
        {"offender_role": "declarer", "card_rank": "spot"},
    ),
    ("the board revoked in 4H by S", {"offender_role": "dummy"}),
    ("dummy revoked", {"offender_role": "dummy"}),
    # the trick won in dummy is not the revoke card: declarer revoked from his own hand
    ("declarer revoked and won the trick in dummy", {"offender_role": "declarer"}),
    ("dummy won the trick after declarer revoked", {"offender_role": "declarer"}),
    # 'made the opening lead' is a lead made, not the noun 'the opening lead'
    (
        "I was declarer in 4S and my RHO made the opening lead face up",
        {"offender_role": "defender"},
    ),
    ("4S by South; East made the opening lead", {"offender_role": "defender"}),
]

NOT_PROVEN = [
    # the proper opening leader (declarer's LHO) said to have led out of turn: seats are wrong
    "4S by South. West led the queen of spades out of turn at trick 1",
    "I was declarer in 4S and my LHO made the opening lead out of turn",
    "the opening lead was made by RHO",
    "pd made the opening lead",
    # relative words with no role for the speaker
    "pd led out of turn",
    "my LHO revoked and we won the trick",
    # a compass seat without a contract or declarer
    "South led out of turn",
    "LHO led the SQ. 4S by South",  # whose LHO? nobody is named
    # a defender's LHO is declarer or dummy depending on which defender he is
    "we were defending 4H; my LHO revoked",
    # claims, questions and denials prove no card played
    "the defender said declarer revoked",
    "dummy asked declarer whether he had revoked",
    "declarer didn't revoke, my LHO did",
    # two players at fault
    "declarer showed out then later partner revoked",
    # "in 4S, East ..." names no declarer
    "in 4S, East led out of turn",
    # a pronoun is not a player
    "he revoked twice in clubs",
    # dummy playing a card himself is his act, not declarer's
    "I was declarer. My partner (dummy) played a card from dummy before I named it",
    "4S by S. North led a club from dummy before declarer called for it",
    # 'dummy's card' with no one said to have played it
    "dummy's card was played before declarer named it",
]


@pytest.mark.parametrize(("text", "facts"), PROVEN, ids=[t for t, _ in PROVEN])
def test_reader_proves_role_and_rank(text: str, facts: dict[str, str]) -> None:
    read = dict(read_play(text).facts)
    revoker = read.pop("revoker_role", None)  # the revoke's own words: the same player
    assert read == facts
    assert revoker in (None, facts.get("offender_role"))


@pytest.mark.parametrize("text", NOT_PROVEN)
def test_reader_leaves_the_role_to_the_question(text: str) -> None:
    assert "offender_role" not in read_play(text).facts


@pytest.mark.parametrize(
    ("text", "contract", "tricks"),
    [
        ("4S by South, declarer took 9 tricks, LHO revoked", "4♠ by S", "9"),
        ("3NTx by N; the defenders took 5 tricks; West revoked", "3NTX by N", "8"),
        ("I was declarer in 6C redoubled and made 11 tricks", "6♣XX", None),
        ("I was declarer in 6C redoubled and I took 11 tricks", "6♣XX", "11"),
        ("S 1NT W P N 3NT E P S P W P, then West revoked", "3NT by S", None),
        ("partner bid 4S over my 3H and LHO revoked", None, None),
        ("we took 9 tricks in 4S", "4♠", None),  # 'we' without a role: either side
    ],
)
def test_contract_and_declarers_tricks(text: str, contract: str | None, tricks: str | None) -> None:
    details = read_play(text).details
    assert details.get("contract") == contract
    assert details.get("declarer_tricks") == tricks


def test_vulnerability_only_when_it_is_declarers_side_for_sure() -> None:
    assert read_play("4S by South vul, West revoked").details["vulnerable"] == "yes"
    assert read_play("4S by South, EW vul, West revoked").details["vulnerable"] == "no"
    assert "vulnerable" not in read_play("4S, EW vul, West revoked").details  # no declarer


def test_play_is_an_incident_kind_with_derived_facts() -> None:
    reading = read_incident("I was declarer in 4S, my LHO led the SQ out of turn", "play")
    assert reading.facts == {"offender_role": "defender", "card_rank": "honour"}
    assert any("my LHO" in line for line in reading.took)


REVOKE = (
    "4S by South, declarer took 9 tricks, West revoked and won the trick with a small trump "
    "and the defenders won a later trick too. It was noticed at the end of the hand, on trick 4"
)


def test_revoke_shows_what_was_read_and_the_score_after_the_transfer(chat: Chat) -> None:
    turns = chat.through(REVOKE, "ordinary", "yes")
    took = next(t for t in turns if t.text.startswith("I took from your description"))
    assert "4♠ by South" in took.text and "West (a defender)" in took.text
    ruling = turns[-1]
    assert ruling.type == "ruling" and "64A1" in ruling.citations
    assert "credited with 11" in ruling.text
    assert "In 4♠ by South that is made with one overtrick" in ruling.text
    assert "N-S score +450 if not vulnerable, +650 if vulnerable" in ruling.text


def test_revoke_score_uses_the_vulnerability_typed(chat: Chat) -> None:
    turns = chat.through(REVOKE.replace("4S by South", "4S by South, NS vul"), "ordinary", "yes")
    assert "N-S score +650, vulnerable (Law 77)" in turns[-1].text


def test_a_wrong_reading_is_fixed_by_asking(chat: Chat) -> None:
    chat.through(REVOKE, "ordinary", "yes")
    turns = chat.say("fix")
    asked = [t.text for t in turns if t.type == "question"]
    assert asked and asked[-1].startswith("What is the question about?")
    chat.through("A player failed to follow suit", "later", "no", "ordinary")
    turns = chat.say("declarer")  # the user says declarer revoked, not West
    assert turns[-1].text.startswith("Who won the trick")
    turns = chat.through("the revoker himself", "yes")
    assert "two tricks go to the defenders" in turns[-1].text.lower()


def test_a_lead_by_the_proper_opening_leader_is_questioned() -> None:
    """West is South's LHO: his opening lead is not out of turn, whatever the words say."""
    found = read_play("4S by South. West led the queen of spades out of turn at trick 1")
    assert "offender_role" not in found.facts
    assert any(
        "West is declarer's LHO" in line and "check the seats" in line for line in found.took
    )
    assert "check the seats" not in " ".join(
        read_play("4S by South. East made the opening lead").took
    )
