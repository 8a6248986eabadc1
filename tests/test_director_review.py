"""Incidents a director typed while reviewing the bot (docs/director-review-2026-11-26.md):
what the user reads first must be the right topic, and no question the story already answers."""

from __future__ import annotations

import pytest

from conftest import Chat

INTENT_ASKED = "did you mean to make it?"


def _texts(turns: list) -> str:
    return " ".join(" ".join(t.text for t in turns).split())


def test_calls_in_rotation_are_not_a_missed_turn(chat: Chat) -> None:
    """LHO, partner and RHO called in that order: nobody took the speaker's turn and no
    auction ended, so Law 34 cannot apply; only who dealt is open, and it is asked."""
    turns = chat.say("lho opened 1s, pd passed and rho bid 2s before i had a chance")
    assert {t.topic for t in turns if t.topic} == {"turn_to_come"}
    assert turns[-1].type == "question"
    assert "Who dealt this board?" in turns[-1].text
    assert "missed his turn" not in _texts(turns)


def test_a_slip_of_the_hand_is_not_asked_about(chat: Chat) -> None:
    """'my hand slipped' is the mechanical error of Law 25A: the intent question is not asked."""
    turns = chat.say("pd opened 1h, i bid 2s, my hand slipped, meant 2h. lho hasnt called")
    assert turns[0].topic == "unintended_call"
    assert INTENT_ASKED not in _texts(turns)
    ruling = chat.say("yes, legal")[-1]
    assert ruling.type == "ruling"
    assert "25A1" in ruling.citations
    assert "was a mechanical slip" in ruling.text


def test_a_change_of_mind_beside_a_slip_is_still_asked(chat: Chat) -> None:
    """A story that also says he changed his mind states both answers: asked, never read
    as unintended."""
    turns = chat.say(
        "pd opened 1h, i bid 2s, my hand slipped. then i changed my mind and wanted 2h. "
        "lho hasnt called"
    )
    assert INTENT_ASKED in _texts(turns)


def test_we_are_still_bidding_answers_whether_the_auction_ended(chat: Chat) -> None:
    turns = chat.say(
        "lho dropped the 3c face up on the table during the bidding, his partner could see "
        "it. we're still bidding"
    )
    assert "Has the auction ended" not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "24A" in turns[-1].citations


def test_we_are_still_bidding_answers_whether_play_has_ended(chat: Chat) -> None:
    turns = chat.say(
        "lho hesitated for ages over 3s and then passed, rho then bid 4s. we're still bidding"
    )
    assert turns[0].topic == "unauthorised_information"
    assert "Is the board still being bid or played" not in _texts(turns)


def test_a_board_number_before_cards_is_not_a_card_count(chat: Chat) -> None:
    """'board 14 cards' names a board: no hand held 14 cards (Law 13); the wrong board is
    Law 15."""
    turns = chat.say("wrong board: we played board 14 cards from the board 15 wallet")
    assert turns[0].topic == "wrong_board"
    assert "more than 13 cards" not in _texts(turns)


PD_SLIPPED = (
    "pd pulled the wrong card from the box, he wants to change it. rho has passed since. "
    "we're still bidding"
)


def test_the_call_made_since_is_not_the_call_to_change(chat: Chat) -> None:
    """Partner slipped; RHO's pass came after. The pass is not the call to replace and RHO
    is not the offender."""
    turns = chat.through(PD_SLIPPED, "2", "1")
    said = _texts(turns)
    assert turns[-1].type == "ruling"
    assert "the offender: your RHO" not in said
    assert "Your RHO may replace" not in said


def test_still_bidding_answers_whether_the_auction_ended_before_partner(chat: Chat) -> None:
    turns = chat.through(PD_SLIPPED, "2")
    assert "Did the auction end before" not in _texts(turns)


def test_dummy_came_down_says_the_opening_lead_is_faced(chat: Chat) -> None:
    """'we found out when dummy came down': the lead is faced, so the call made on the
    misinformation can no longer change (21B1(a)); that is not asked."""
    story = (
        "opps explained 2c as natural but it was actually precision 2c. we found out when "
        "dummy came down. i would have doubled"
    )
    turns = chat.say(story)
    assert "Has the opening lead been faced" not in _texts(turns)
    assert "partner called since" not in _texts(turns)  # his call cannot matter any more
    assert turns[-1].type == "ruling"
    assert {"21B1(a)", "21B3", "17D1"} <= set(turns[-1].citations)


def test_a_sufficient_call_meant_in_turn_is_not_asked_about(chat: Chat) -> None:
    """Partner, RHO, then the speaker: his call was in turn and 3S over 2H is sufficient, so
    whether the call meant is legal there is not asked."""
    turns = chat.say(
        "pd opened 1nt, rho bid 2h, i pulled 2s out of the box but meant 3s. nobody has called "
        "since"
    )
    assert "Is the call you meant to make legal" not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "25A1" in turns[-1].citations


def test_a_revoke_found_three_tricks_later_is_not_corrected(chat: Chat) -> None:
    """Revoke at trick 6, found at trick 9: the offending side has played to trick 7, so it
    is established (63A1); 'before the next trick' speaks of trick 10, not of trick 7."""
    turns = chat.say(
        "we played 4s, declarer revoked at t6, we noticed at t9 before the next trick. "
        "declarer won t6 and t9"
    )
    said = _texts(turns)
    assert "must be corrected: declarer takes back" not in said
    assert "62A" not in {c for t in turns for c in t.citations}


def test_dealer_who_had_not_called_settles_whose_turn_and_first_call(chat: Chat) -> None:
    """'i was dealer and hadnt called yet': RHO called at the speaker's turn (his LHO's) and
    it was the first call of the auction; only whether the speaker accepts is asked."""
    turns = chat.say("rho opened 1c out of turn, i was dealer and hadnt called yet")
    said = _texts(turns)
    assert turns[0].topic == "call_out_of_rotation"
    assert "Whose turn was it" not in said
    assert "already made a call earlier" not in said
    assert "Do you accept the call out of turn?" in turns[-1].text


@pytest.mark.parametrize(
    "text",
    [
        "south opened 1nt out of turn, west's dealer. west hasn't called. what are west's options?",
        "rho's dealer but pd opened 1s before rho called",
    ],
)
def test_a_dealer_told_as_wests_dealer_settles_whose_turn(chat: Chat, text: str) -> None:
    """'west's dealer' is 'West is dealer', as players type it."""
    turns = chat.say(text)
    assert turns[0].topic == "call_out_of_rotation"
    assert "Whose turn was it" not in _texts(turns)
    assert "accept the call out of turn?" in turns[-1].text


def test_whose_turn_choices_read_as_whole_phrases(chat: Chat) -> None:
    turns = chat.say("my rho called out of turn, it was his first call")
    labels = [c.label for t in turns for c in t.choices]
    assert "Your turn (the opponent on your RHO's left)" in labels
    assert not any(label.startswith("Your (") for label in labels)


def test_a_low_card_typed_as_the_7c_is_a_card_not_a_bid(chat: Chat) -> None:
    """'the 7C' dropped in the play is a spot card: the minor penalty card follows without
    asking whether it was an honour."""
    turns = chat.through(
        "we're defending 3nt. pd dropped the 7C face up on the table, it's not his lead", "1"
    )
    assert "Was the card an honour" not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "minor penalty card" in turns[-1].text


def test_a_claim_with_a_trump_still_out_unmentioned_is_not_asked_again(chat: Chat) -> None:
    turns = chat.through(
        "declarer claimed 10 tricks in 4h with a trump still out, didnt mention it. we think "
        "he might lose a trump trick",
        "2",
    )
    assert "did an opponent still hold a trump" not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "70C1" in turns[-1].citations


def test_called_for_a_suit_from_dummy_is_an_incomplete_designation(chat: Chat) -> None:
    """'called for "the heart"' names a suit and no rank: Law 46B2, the lowest heart."""
    first = chat.say('declarer called for "the heart" from dummy with AH and 3H there')
    assert first[0].topic == "dummy_designation"
    assert "What happened to the card?" not in _texts(first)
    assert "46B2" in chat.say("no")[-1].citations


def test_im_about_to_play_says_the_player_still_has_to_act(chat: Chat) -> None:
    for story in (
        'pd said "sorry partner" after his lead, i\'m about to play',
        "pd thought for a long time over 2s and then passed. i'm next to call, we're still bidding",
    ):
        turns = chat.say(story)
        assert "Where do things stand now?" not in _texts(turns), story
        assert turns[-1].type == "ruling"
        chat.say("restart")


def test_partner_saying_he_meant_another_call_is_a_change_of_call_first(chat: Chat) -> None:
    """'oh no sorry I meant 2s' right after his 2H: whether he may replace it (Law 25) comes
    before what his words told the table."""
    turns = chat.say(
        'pd bid 2h, then said "oh no sorry I meant 2s" a few seconds later, rho hasnt called'
    )
    assert turns[0].topic == "unintended_call"
    assert "more than one irregularity" not in _texts(turns)


def test_dummy_saying_dont_lead_from_hand_is_a_warning_before_the_lead(chat: Chat) -> None:
    turns = chat.through('dummy said "don\'t lead from hand" to declarer', "no")
    said = _texts(turns)
    assert "What did dummy do" not in said
    assert "had declarer already led from the wrong hand?" not in said
    assert "42B2" in turns[-1].citations


def test_a_call_retold_inside_a_quoted_remark_is_not_a_call_made(chat: Chat) -> None:
    """LHO's 'wait, pd doubled not me' is his account (his 'pd' is RHO): the speaker's
    redouble of RHO's double is legal, so no inadmissible double is announced."""
    turns = chat.say(
        "i opened 1d, lho passed, pd bid 1h, rho doubled and i redoubled. then lho said "
        '"wait, pd doubled not me"'
    )
    assert not turns[0].text.startswith("This is about: Double or redouble that is not allowed")
