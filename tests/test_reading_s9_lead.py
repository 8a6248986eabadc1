"""Incidents typed as players type them, each of which once drew a wrong ruling or a broken
question (issue 14): the ruling or the question a user would see."""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue, Turn

from conftest import Chat, walk


def _ruling(turns: list[Turn]) -> Turn:
    return next(t for t in turns if t.type == "ruling")


def test_declarer_playing_from_dummy_after_an_accepted_lead_is_no_relead(chat: Chat) -> None:
    """A defender led out of turn and declarer accepted it; declarer then played from dummy
    early. Nobody was told to lead again, so no defender's card can be one put out 'before the
    relead' (60B): the lead is ruled first and declarer's early play is a played card (57C3)."""
    turns = chat.say(
        "defending 2s. pd led the ace of hearts out of turn (it was my lead). declarer accepted"
        " it and put dummy down. then declarer played from dummy before i played. fine?"
    )
    text = "\n".join(t.text for t in turns)
    assert "This is about: Lead out of turn" in text
    assert "told to retract his lead" not in text
    assert "60B" not in text


def test_declarers_early_play_from_dummy_is_a_played_card(chat: Chat) -> None:
    turns = walk(
        chat,
        "declarer played a card from dummy before my lho had played to the trick, can he take"
        " it back",
    )
    ruling = _ruling(turns)
    assert "57C3" in ruling.citations
    assert "60B" not in ruling.citations


def test_a_defenders_card_before_declarer_leads_again_is_still_60b(chat: Chat) -> None:
    turns = walk(
        chat,
        "declarer led from dummy but he was in hand. the td told him to lead from his hand and"
        " before he did my lho put the 4 of clubs on the table",
    )
    assert "60B" in _ruling(turns).citations


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_a_revoke_told_in_two_ways_with_trick_winners_is_ruled_without_questions(
    chat: Chat,
) -> None:
    """'revoked on trick 4 (didnt follow spades)' is one revoke; 'T4, T7 and T10 (all E)'
    names who won them: two tricks move (64A1) and the score follows, with no question."""
    turns = chat.say(
        "3H by N, NS not vul. E revoked on trick 4 (didnt follow spades), E won that trick with"
        " a small heart. EW got 3 tricks total: T4, T7 and T10 (all E). N made 10. found after"
        " the hand"
    )
    ruling = _ruling(turns)
    assert "64A1" in ruling.citations
    assert "credited with 12" in ruling.text
    assert "N-S score +230, not vulnerable" in ruling.text


def test_declarer_named_as_winner_of_the_revoke_trick(chat: Chat) -> None:
    turns = chat.say(
        "4s by s. i (w) revoked at t3, threw a club holding a diamond. declarer won t3 and pd"
        " won t8. declarer made 9. found after play"
    )
    ruling = _ruling(turns)
    assert "64A2" in ruling.citations
    assert "credited with 10" in ruling.text


def test_the_same_score_either_way_is_said_once(chat: Chat) -> None:
    text = _said(
        chat,
        "3H by N. E revoked on trick 4 (didnt follow spades), E won that trick with a small"
        " heart. EW got 3 tricks total: T4, T7 and T10 (all E). N made 10. found after the hand",
    )
    assert "+230, vulnerable or not" in text
    assert "if not vulnerable" not in text


@pytest.mark.parametrize(
    ("request_", "score"),
    [
        ("3nt by n making 9 ns not vul", "not vulnerable, 9 tricks: made exactly, +400 to N-S"),
        ("3nt by n making 9 ns nv", "+400 to N-S"),
        ("3nt by n making 9, n/s non vul", "+400 to N-S"),
        ("4h by e making 10 e-w not vulnerable", "+420 to E-W"),
    ],
)
def test_declarers_pair_said_not_vulnerable_is_scored(
    chat: Chat, request_: str, score: str
) -> None:
    assert score in _said(chat, request_)


def test_the_other_pair_not_vulnerable_says_nothing_of_declarers(chat: Chat) -> None:
    text = _said(chat, "3nt by n making 9 ew not vul")
    assert "Not vulnerable: +400 to N-S" in text
    assert "Vulnerable: +600 to N-S" in text


def test_two_penalty_cards_named_by_card_are_in_two_suits(chat: Chat) -> None:
    turns = chat.say(
        "i had two penalty cards, the 3h and the ks. pd won the trick and is on lead. what are"
        " declarer's options"
    )
    ruling = _ruling(turns)
    assert "penalty cards in more than one suit" in "\n".join(t.text for t in turns)
    assert "51B" in " ".join(ruling.citations)


def test_an_explanation_written_behind_screens_is_no_score_written_down(chat: Chat) -> None:
    turns = chat.say(
        "when the tray came back through the screen my partner had written an explanation that"
        " was wrong"
    )
    text = "\n".join(t.text for t in turns)
    assert "score corrections" not in text
    assert "misinformation" in text


def test_declarer_named_one_card_and_dummy_played_another(chat: Chat) -> None:
    """Told in this order ('called for the jack ... but dummy played the queen'), it is
    dummy's card that was not named (45D), not an unclear designation (46)."""
    turns = walk(
        chat,
        "T9 declarer called for the jack from dummy but dummy played the queen. declarer didnt"
        " notice until rho had played",
        "before",
    )
    ruling = _ruling(turns)
    assert "45D1" in ruling.citations
    assert not any(c.startswith("46") for c in ruling.citations)


def test_dummy_playing_the_card_named_is_no_wrong_card(dialogue: Dialogue) -> None:
    assert (
        "dummy_wrong_card"
        not in dialogue.describe(
            "declarer called for a small club and dummy played it, then rho ruffed"
        ).proven
    )


def test_a_player_saying_he_has_one_after_discarding_is_read_not_a_crash(chat: Chat) -> None:
    """'E then said oops i have one' once raised inside the reader (the remark's pattern names
    no card), and the user got the internal-error apology instead of a ruling."""
    turns = chat.say("E threw a club. E then said oops i have one")
    text = "\n".join(t.text for t in turns)
    assert "This is about: Revoke" in text


def test_accepting_a_call_out_of_turn_aloud_is_no_remark_passing_information(
    chat: Chat,
) -> None:
    """ "pd said 'i'll accept it' and bid 1h" is the choice Law 29A gives him, said aloud:
    it started a question about unauthorised information from a remark (16B)."""
    text = "\n".join(
        t.text
        for t in chat.say(
            'my LHO opened 1d out of turn (dealer was my partner). pd said "i\'ll accept it"'
            " and bid 1h"
        )
    )
    assert "This is about: Call out of turn" in text


def test_a_remark_about_the_hand_still_passes_information(dialogue: Dialogue) -> None:
    assert (
        "partner_remarked"
        in dialogue.describe("i opened 1nt, pd said 'oh no' and bid 2c. can i use that?").proven
    )


def test_a_double_of_a_bid_already_doubled_is_read(dialogue: Dialogue) -> None:
    assert (
        "inadmissible_double"
        in dialogue.describe("the 2s bid had already been doubled by rho when lho doubled").proven
    )
