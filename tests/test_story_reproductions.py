"""Issue 14's reproductions, with their exact inputs: the story as players tell it.

Each was typed the way club players and directors type at the table (lowercase, "pd",
"T12", quoted remarks, a trick-by-trick account) and went to a wrong topic, or asked again
for facts the description gave. Each test fails without the one reading of a message
(bot/dialogue/description.py) and the topics' ``rules_on:``/``derive:``.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Turn

from conftest import Chat, took_text


def _ruling(turns: list[Turn]) -> Turn:
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings, [t.text[:120] for t in turns]
    return rulings[-1]


def _questions(turns: list[Turn]) -> list[str]:
    return [t.text.split("\n")[0] for t in turns if t.type == "question"]


# 1. A faced opening lead by the wrong defender, told by partner's remark and the seats.
def test_faced_opening_lead_out_of_turn_told_by_partners_remark(chat: Chat) -> None:
    turns = chat.say(
        "LHO is declarer in 4H. i led the king of spades face up and then pd goes 'hang on its "
        "my lead'. dummy hasnt gone down yet. what can declarer do?"
    )
    assert turns[0].topic == "lead_out_of_turn"
    ruling = _ruling(turns)
    assert {"54A", "54B", "54D", "50D2"} <= set(ruling.citations)
    assert _questions(turns) == []  # everything was in the description


# 2. A discard while holding the suit led, noticed before the next trick: not yet established.
def test_discard_while_holding_the_suit_is_a_revoke_not_yet_established(chat: Chat) -> None:
    turns = chat.say(
        "defending 3NT. declarer led a spade from hand, i was 2nd and threw a club (had a spade "
        "hiding). dummy and pd both played after me, then i noticed. nobody has led to the next "
        "trick"
    )
    assert turns[0].topic == "revoke"
    ruling = _ruling(turns)
    assert {"62A", "62B1", "62C1", "62C2"} <= set(ruling.citations)
    assert not any(c.startswith(("57", "64A")) for c in ruling.citations)


# 3. "I'll lose one" with every card a winner: a concession of a trick that could not be lost.
def test_conceding_a_trick_that_could_not_be_lost(chat: Chat) -> None:
    turns = chat.say(
        "i was declarer in 3NT, 4 cards left i said 'ill lose one at the end' and they took it. "
        "all my cards were winners, nothing could go wrong. noticed 10 mins after the session, "
        "scores not up yet"
    )
    assert turns[0].topic == "claim"
    ruling = _ruling(turns)
    assert "71B" in ruling.citations
    assert "conceded tricks" in took_text(turns)


# 4. An opponent's huge think, then his partner bid on: unauthorised information.
def test_hesitation_then_partners_bid_is_unauthorised_information(chat: Chat) -> None:
    turns = chat.say(
        "RHO opened 1S, i overcalled 2H, LHO raised 2S, pd bid 3H. RHO had a huge think (20 "
        "sec+) then passed, i passed and LHO bid 3S which made. everyone agrees about the BIT. "
        "can we get anything"
    )
    assert turns[0].topic == "unauthorised_information"
    ruling = _ruling(turns)
    assert {"16B1", "16B3", "73C1"} <= set(ruling.citations)
    assert "came from an opponent" in took_text(turns)


# 5. A revoke at trick 12 found before all four hands went back: corrected (62D1), no transfer.
def test_revoke_on_trick_twelve_with_hands_still_out(chat: Chat) -> None:
    turns = chat.say(
        "4S by S. S revoked at T12 (threw a club, still had a heart). Spotted after T13; E had "
        "already put his cards back in the board, the other three hadn't."
    )
    assert turns[0].topic == "revoke"
    ruling = _ruling(turns)
    assert {"62D1", "64B6"} <= set(ruling.citations)
    assert _questions(turns) == []


# 6. A fully described revoke: no question, two tricks transfer, and the score.
def test_fully_described_revoke_gives_result_and_score_without_questions(chat: Chat) -> None:
    turns = chat.say(
        "4H by S, NS vul. T7 club from dummy, E ruffed with a small heart holding a club and won "
        "it. EW won 4 tricks: T2 (W), T7 (E), T11 (E), T12 (W). S made 9. Found after T13, "
        "hands still out."
    )
    assert _questions(turns) == []
    ruling = _ruling(turns)
    assert "64A1" in ruling.citations
    assert "credited with\n11" in ruling.text or "credited with 11" in ruling.text
    assert "+650" in ruling.text


# 7. Misspelt everyday words are read as meant: an insufficient bid, not a call out of turn.
def test_typos_are_read_as_meant(chat: Chat) -> None:
    turns = chat.say(
        "lho opend 1nt, my partnr bid 1 spde by mistke (didnt see the 1nt), rho hasnt bid yet "
        "wat now"
    )
    assert turns[0].topic == "insufficient_bid"


# 8. "i'd" and "Dlr N." are read.
def test_id_called_is_read_as_not_yet_called(chat: Chat) -> None:
    turns = chat.say("pd opened 1D, RHO passed and then LHO bid 1S before i'd called")
    assert turns[0].topic == "call_out_of_rotation"
    assert chat.conversation.facts.get("whose_turn") == "rho"  # it was my turn: his RHO's
    assert not any(q.startswith("Whose turn") for q in _questions(turns))


def test_dlr_is_read_as_the_dealer(chat: Chat) -> None:
    turns = chat.say("Dlr N: N 1H S 2H")
    assert turns[0].topic == "call_out_of_rotation"
    assert chat.conversation.facts.get("whose_turn") == "rho"  # East's turn: South's RHO


# 9. Typed replies: a sentence that says the question does not fit re-reads the story; a
# word that fits no choice is never taken as one.
def test_a_reply_saying_the_question_does_not_fit_is_read_as_a_correction(chat: Chat) -> None:
    first = chat.say("East bid 1S out of turn")
    assert _questions(first)[0].startswith("Whose turn was it")
    turns = chat.say(
        "nobody bid out of turn, pd just took ages before passing 2S and then i bid 3S"
    )
    assert not any(q.startswith("Whose turn was it") for q in _questions(turns))
    assert any(t.topic == "unauthorised_information" for t in turns)


def test_a_sentence_that_describes_nothing_keeps_the_incident(chat: Chat) -> None:
    """A choice of another question typed at this one ('not yet - what are the options?'
    at 'Which lead was it?') is a sentence that describes nothing: read as a new story it
    dropped the incident with 'I couldn't match that'. The question is asked again. (No
    contract told: with '4h' the lead is now read as the opening one, and that question is
    not asked.)"""
    first = chat.say(
        "im declarer, lho was supposed to lead but rho put the ace of clubs on the table "
        "face up. i want to see dummy first"
    )
    assert _questions(first)[0] == "Which lead was it?"
    turns = chat.say("Not yet - what are the options?")
    assert "didn't catch" in turns[0].text
    assert _questions(turns) == ["Which lead was it?"]
    assert chat.conversation.topic == "lead_out_of_turn"


def test_a_sentence_read_as_bidding_advice_keeps_the_incident(chat: Chat) -> None:
    """'Not decided yet - show the options' typed at 'Do you accept the call out of turn?'
    was read as a new message about bidding advice ('not something the Laws decide') and the
    incident was dropped. No irregularity in it: the question is asked again."""
    chat.say("rho opened 1nt out of turn (i was dealer). i haven't called. what are my options?")
    assert chat.conversation.pending is not None
    asked = chat.conversation.pending
    turns = chat.say("Not decided yet - show the options")
    assert "didn't catch" in turns[0].text
    assert chat.conversation.pending == asked
    assert chat.conversation.topic == "call_out_of_rotation"


def test_a_word_from_a_long_label_is_not_taken_as_that_choice(chat: Chat) -> None:
    chat.say("topics")
    chat.say("Lead out of turn (or from the wrong hand)")
    chat.say("lead")
    turns = chat.say("later")
    assert _questions(turns)[0] == "Who led out of turn?"
    turns = chat.say("opening")
    assert chat.conversation.pending == "offender_role"  # asked again, nothing chosen
    assert "offender_role" not in chat.conversation.facts
    assert "didn't catch" in turns[0].text


# 10. "Based on" lists only facts given or answered.
def test_based_on_lists_no_fact_read_from_a_topic_title(chat: Chat) -> None:
    chat.say("topics")
    turns = chat.say("Lead out of turn (or from the wrong hand)")
    for answer in ("lead", "later", "defender", "accept"):
        if chat.conversation.pending is None:
            break
        turns = chat.say(answer)
    ruling = _ruling(turns)
    assert "wrong one of his two hands" not in ruling.text
    assert "A defender led out of turn" in ruling.text


def test_penalty_card_topic_from_the_menu_assumes_no_lead_out_of_turn(chat: Chat) -> None:
    chat.say("topics")
    chat.say("Penalty cards and exposed cards in play")
    assert "after_lead_out_of_turn" not in chat.conversation.facts
    assert chat.conversation.inferred == []


# Two irregularities in one story: say so, rule on the first told, offer the second.
def test_two_irregularities_rule_the_first_and_name_the_second(chat: Chat) -> None:
    turns = chat.say(
        "4S by N. at trick 5 E threw a heart on a club lead (still had a club), and at trick 10 "
        "N claimed the rest"
    )
    assert turns[0].topic == "revoke"
    assert "more than one irregularity" in turns[1].text
    assert "Claims and concessions" in turns[1].text


@pytest.mark.parametrize(
    ("reply", "chosen"),
    [
        ("it was my turn, i'm his lho", "lho"),
        ("it was my partner's turn", "rho"),
        ("my lho's", "partner"),
    ],
)
def test_a_reply_in_the_users_own_person_picks_the_choice_it_says(
    chat: Chat, reply: str, chosen: str
) -> None:
    """The choices speak to the user ('Your turn', 'Your partner's'); he answers 'my turn'.
    (Counted from RHO: the user's partner sits on RHO's right, the user's LHO is RHO's
    partner.)"""
    first = chat.say("rho bid out of turn")
    assert _questions(first)[0].startswith("Whose turn was it")
    chat.say(reply)
    assert chat.conversation.facts.get("whose_turn") == chosen


def test_a_reply_denying_a_choices_words_is_not_that_choice(chat: Chat) -> None:
    chat.say("rho bid out of turn")
    turns = chat.say("it wasnt my turn")
    assert "whose_turn" not in chat.conversation.facts
    assert turns


def test_based_on_lists_no_fact_the_ruling_never_looked_at(chat: Chat) -> None:
    """'rho played low' filled who added a fifth card to a trick (a phrase of that question)
    and 'Based on' listed 'A defender added the fifth card' under a ruling on a card named
    from dummy: only the facts the walk to the rule consulted are listed."""
    turns = chat.say(
        "declarer called for the queen from dummy, rho played low, then declarer said 'no "
        "wait, the king, i changed my mind'. can he?"
    )
    ruling = next(t for t in turns if t.type == "ruling")
    assert "Declarer named a card from dummy" in ruling.text
    assert "fifth card" not in ruling.text
