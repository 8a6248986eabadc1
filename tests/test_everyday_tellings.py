"""Incidents told the way players tell them (issue 14): the teller's own slip after another
player's pass, the play told in the present tense, a revoke one player says happened and the
other denies, and the compass seats typed by continental players. Each asserts what the user
reads: the topic announced, who "I took from your description" names, the ruling's Laws."""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue, Turn
from bot.dialogue.reading.proven import IRREGULARITIES, KIND_DECIDES, STORY_FACTS

from conftest import Chat, took_text


def _topic(turns: list[Turn]) -> str | None:
    return next((t.topic for t in turns if t.topic is not None), None)


def _through_first_choices(chat: Chat, text: str, limit: int = 8) -> list[Turn]:
    """Tell ``text``, then press the first choice of every question until the ruling."""
    seen = chat.say(text)
    for _ in range(limit):
        if any(t.type == "ruling" for t in seen):
            break
        question = next(t for t in reversed(seen) if t.type == "question")
        seen = [*seen, *chat.say(question.choices[0].id)]
    return seen


# 1. The teller's own pass card pulled after RHO's pass: the teller is the offender (25A).

SLIPPED_AFTER_RHO = [
    "rho passed, i pulled the pass card by mistake, meant 2h",
    "RHO passed and I pulled the pass card, meant to bid 2H",
    "pd opened 1h, rho passed, i pulled the pass card by mistake, i wanted 2h. lho hasn't called",
]


@pytest.mark.parametrize("text", SLIPPED_AFTER_RHO)
def test_the_teller_who_pulled_the_pass_card_is_the_offender(chat: Chat, text: str) -> None:
    turns = _through_first_choices(chat, text)
    assert _topic(turns) == "unintended_call"
    took = took_text(turns)
    assert "the offender: you" in took and "RHO" not in took
    assert "the call: pass" in took
    ruling = next(t for t in turns if t.type == "ruling")
    assert "25A1" in ruling.citations


def test_four_passes_ending_with_the_tellers_slip_are_the_slip(chat: Chat) -> None:
    """The fourth pass is the one he meant as 1S: the change (25A) is the matter, not the
    board passed out (22B)."""
    turns = chat.say(
        "lho passed, pd passed, rho passed, i grabbed the pass card by accident, meant 1s"
    )
    assert _topic(turns) == "unintended_call"


def test_his_own_pass_named_again_is_not_a_new_call(dialogue: Dialogue) -> None:
    """'i passed ... i pulled the pass card': the same pass told twice, not two calls."""
    story = dialogue.describe("i passed, i pulled the pass card by mistake, meant 2h").story
    made = [e for e in story.timeline if e.role == "made"]
    assert len(made) == 1


# 2. The play told in the present tense is what happened; a question in it is a case put.

PRESENT_REVOKES = [
    "declarer leads a spade, I discard a club, then find a spade",
    "declarer leads a diamond and I throw a club, then I find a diamond hiding behind my spades",
    "dummy leads a heart, i pitch a spade, then find a heart",
]


@pytest.mark.parametrize("text", PRESENT_REVOKES)
def test_a_revoke_told_in_the_present_is_a_revoke(chat: Chat, text: str) -> None:
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Revoke")
    # declarer led, the teller discarded: the teller revoked, declarer did not
    assert "the player at fault: declarer" not in "".join(t.text for t in turns)


def test_the_present_tense_never_names_the_leader_as_the_revoker(chat: Chat) -> None:
    turns = _through_first_choices(chat, PRESENT_REVOKES[0])
    took = took_text(turns)
    assert "declarer revoked" not in took.lower() and "player at fault" not in took
    assert "Who revoked?" in [t.text.split("\n")[0] for t in turns if t.type == "question"]


@pytest.mark.parametrize(
    "text",
    [
        "LHO leads the 4 of hearts but it's my partner's lead",
        "lho leads the h4 but its my pd's lead",
        "RHO leads a club but it's my lead",
        "declarer wins in hand and leads a club from dummy",
    ],
)
def test_a_lead_out_of_turn_told_in_the_present(chat: Chat, text: str) -> None:
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Lead out of turn")


@pytest.mark.parametrize(
    "text",
    [
        "can I discard a heart if I still have a spade?",
        "if declarer leads a spade and I discard a club while holding a spade, what happens?",
        "may i pitch a club if i have no diamonds?",
    ],
)
def test_a_discard_in_a_question_is_not_a_revoke_told(dialogue: Dialogue, text: str) -> None:
    description = dialogue.describe(text)
    assert "revoke" not in description.proven
    assert "revoke_event" not in description.facts


def test_a_discard_noun_is_no_act(dialogue: Dialogue) -> None:
    assert not [e for e in dialogue.describe("my discard was a club").events if e.act == "discard"]


# 3. A revoke one player says happened: a revoke question, decided by the director.

ACCUSED = [
    "E claimed that S revoked, S says no",
    "opps say pd revoked, he denies it",
    "LHO reckons I didn't follow suit at trick 4",
]


@pytest.mark.parametrize("text", ACCUSED)
def test_an_accused_revoke_is_a_revoke_question(chat: Chat, text: str) -> None:
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Revoke")


@pytest.mark.parametrize("text", ACCUSED[:2])
def test_a_denied_revoke_is_not_taken_as_one(chat: Chat, text: str) -> None:
    """Told both ways: what the question is about is asked, never read as 'a player revoked'."""
    turns = chat.say(text)
    assert turns[-1].type == "question"
    assert turns[-1].text.startswith("What is the question about?")
    assert "A player revoked" not in took_text(_through_first_choices(chat, "inspect"))


def test_claimed_that_he_revoked_is_no_claim_of_tricks(dialogue: Dialogue) -> None:
    proven = dialogue.describe(ACCUSED[0]).proven
    assert "claim" not in proven and proven[0] == "revoke_alleged"


# 4. Seats as continental players type them.


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("Ost led the king of spades, but it was Nord's lead", "East"),
        ("4S by Süd. Sud revoked at trick 4, Ost won the trick", "South"),
        ("Noord opened 1NT, Oost bid 2C at Zuid's turn", "East"),
    ],
)
def test_continental_seat_names(dialogue: Dialogue, text: str, seat: str) -> None:
    reading = dialogue.describe(text).reading
    assert seat in reading
    assert not {"Ost", "Nord", "Süd", "Sud", "Noord", "Oost", "Zuid"} & set(
        reading.replace("'", " ").replace(".", " ").replace(",", " ").split()
    )


def test_no_trump_in_french_is_a_bid_above_seven(dialogue: Dialogue) -> None:
    text = "Ost said '8 sans atout' over West's 7♠, he was confused with the levels."
    assert dialogue.describe(text).proven[0] == "bid_above_seven"


def test_continental_seats_rule_a_lead_out_of_turn(chat: Chat) -> None:
    turns = chat.say("Ost led the king of spades, but it was Nord's lead")
    assert turns[0].text.startswith("This is about: Lead out of turn")


@pytest.mark.parametrize("text", ["the test is 20 min, est. finish 10pm", "a sud of soap"])
def test_english_words_are_not_seats(dialogue: Dialogue, text: str) -> None:
    reading = dialogue.describe(text).reading
    assert not {"North", "East", "South", "West"} & set(reading.split())


# 5. A kind that settles a fact by what it is: declared, not special-cased.


def test_what_a_kind_settles_is_declared_with_names_the_reader_knows() -> None:
    for kind, keys in KIND_DECIDES.items():
        assert kind in IRREGULARITIES
        assert all(key in STORY_FACTS for key in keys)


def test_tricks_looked_through_for_a_revoke_is_the_inspection(chat: Chat) -> None:
    """A revoke told, then the tricks looked through for it once play is over: the look is
    the question (61C, 66), not the revoke the story tells."""
    turns = _through_first_choices(
        chat,
        "W revoked at trick 4, he threw a club holding a heart. after the last trick we want "
        "to look through the quitted tricks to check",
    )
    ruling = next(t for t in turns if t.type == "ruling")
    assert "61C" in ruling.citations


# 6. Facts that change which rule fires: read from the story's events, not from a phrase.


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("played the s9 meant the s2, grabbed it back before decl played. can i?", "no"),
        (
            "pd (defending) threw the ♣A by mistake, meant the 2, took it back before decl played",
            "no",
        ),
        ("i played the s9, lho then played the s3, and then i wanted to take mine back", "yes"),
    ],
)
def test_whether_a_card_was_played_since_is_read_from_the_plays(
    dialogue: Dialogue, text: str, since: str
) -> None:
    """'before declarer played' is a play still to come: nobody has played since (Law 47),
    though 'declarer played' is in the words."""
    found = dialogue.facts_for(dialogue.knowledge.topics["retracting_played_card"], text)
    assert found.facts.get("played_since") == since


def test_a_card_taken_back_before_declarer_played_may_go_back(chat: Chat) -> None:
    turns = chat.say("played the s9 meant the s2, grabbed it back before decl played. can i?")
    seen = "".join(t.text for t in turns)
    assert "Has anyone played a card since?" not in seen
    assert "A card had been played since" not in seen


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            "dummy went down with twelve cards and we looked everywhere under the table in the "
            "board everywhere and the missing card just isnt there",
            "not_found",
        ),
        (
            "RHO had 12 cards and nobody could find the 13th anywhere, not on the floor, not in "
            "the board. He'd opened 1H already.",
            "not_found",
        ),
        ("W had 12 cards, the 13th was found on the floor after the auction", "elsewhere"),
    ],
)
def test_a_card_nobody_could_find_is_not_found_whatever_places_are_named(
    dialogue: Dialogue, text: str, where: str
) -> None:
    found = dialogue.facts_for(dialogue.knowledge.topics["wrong_number_of_cards"], text)
    assert found.facts.get("found_where") == where


# Seats typed by continental players, read into stories whose other readers then had to be
# right about them.


def test_a_card_knocked_over_by_an_opponent_is_not_its_holders_doing(dialogue: Dialogue) -> None:
    text = (
        "in the auction Ost knocked with his elbow Süd's cards and one fell face up, the ♥D. "
        "Nord saw it too."
    )
    found = dialogue.facts_for(dialogue.knowledge.topics["card_exposed_during_auction"], text)
    assert found.facts.get("seen") != "yes"
    dropped = "in the auction Süd dropped the ♥D face up, Nord saw it"
    found = dialogue.facts_for(dialogue.knowledge.topics["card_exposed_during_auction"], dropped)
    assert found.facts.get("seen") == "yes"


def test_the_wrong_hand_taken_from_the_board_is_seen_elsewhere(dialogue: Dialogue) -> None:
    text = (
        "I took the wrong cards from the board, the Ost hand instead of Nord, I looked at them "
        "for some seconds and then put them back. Nobody had called."
    )
    found = dialogue.facts_for(dialogue.knowledge.topics["extraneous_information"], text)
    assert found.facts.get("source") == "elsewhere"


def test_calls_in_rotation_against_words_of_another_turn_ask_whose_turn(
    dialogue: Dialogue,
) -> None:
    """South passed right after East ('Ost said pas') - his turn by the calls - yet the story
    says it was West's: the two prove neither, so whose turn it was is asked. 'this pass' is
    the same pass spoken of, not another."""
    text = (
        "Nord opened 1♣, Ost said pas, and before West Süd already said pas - in our system "
        "this pass is artificial. It was West's turn. What then?"
    )
    story = dialogue.describe(text).story
    assert [e.seat.value for e in story.timeline if e.role == "made" and e.seat] == ["N", "E", "S"]
    found = dialogue.facts_for(dialogue.knowledge.topics["call_out_of_rotation"], text)
    assert "whose_turn" not in found.facts


def test_the_word_defender_in_passing_does_not_make_the_card_a_defenders(
    dialogue: Dialogue,
) -> None:
    topic = dialogue.knowledge.topics["retracting_played_card"]
    text = (
        "My partner Margaret was declaring and played the ace of spades from dummy, then the "
        "defender on her left changed his card, he'd been allowed by the director to. Margaret "
        "would like to change her card from her own hand that she played after his. Can she?"
    )
    assert dialogue.facts_for(topic, text).facts.get("whose_card") != "defender"
    told = "the defender threw the ♣A by mistake, meant the 2, can he change it?"
    assert dialogue.facts_for(topic, told).facts.get("whose_card") == "defender"
