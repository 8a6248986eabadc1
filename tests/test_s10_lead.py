"""Incidents typed as players type them whose reading was wrong at the start of this stop
(issue 14): the topic started and the question asked, as a user sees them."""

from __future__ import annotations

from conftest import Chat, ruling_of, walk


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_whose_turn_it_is_now_after_a_call_is_not_the_calls_own_turn(chat: Chat) -> None:
    """'its lhos turn' told after RHO's bid says whose turn comes next, not that RHO bid at
    LHO's turn: the insufficient bid is ruled, not a call out of rotation."""
    text = _said(chat, "rho bid 2C over my 2D, its lhos turn and she said she'd accept it")
    assert "This is about: Insufficient bid" in text
    assert "Call out of turn" not in text


def test_then_it_was_his_turn_is_the_turn_after_the_call(chat: Chat) -> None:
    text = _said(chat, "rho bid 2C over my 2D and then it was lhos turn, she said she'd accept it")
    assert "This is about: Insufficient bid" in text


def test_a_turn_told_just_before_a_call_is_still_that_calls_turn(chat: Chat) -> None:
    """Present tense before the call ('its my lho's turn and rho bids 2C') and past tense
    after it ('rho bid 2C when it was lhos turn') both tell the turn the call was made at."""
    for story in ("its my lho's turn and rho bids 2C", "rho bid 2C when it was lhos turn"):
        text = _said(chat, story)
        assert "This is about: Call out of turn" in text, story
        assert "Whose turn was it" not in text, story


def test_a_revoke_told_with_the_tricks_our_side_won_is_ruled_without_questions(
    chat: Chat,
) -> None:
    """'we won T1 and T3 and T8' with declarer making 10: three tricks is the defenders'
    count, so the speaker's side defended, partner's revoke was a defender's, the revoke
    trick (T5) went to declarer's side and the defenders won a later trick (T8): one trick
    moves (64A2) and declarer is credited with 11, without a question."""
    turns = chat.say(
        "pd showed out of hearts on T5 but it turns out he had the 9h stuck behind his"
        " spades. we found it at T9. declarer 4S made 10 tricks, we won T1 and T3 and T8"
    )
    ruling = next(t for t in turns if t.type == "ruling")
    assert not any(t.type == "question" for t in turns)
    assert "64A2" in ruling.citations
    assert "credited with 11" in ruling.text


def test_the_other_side_said_to_win_the_revoke_trick(chat: Chat) -> None:
    """'they won trick 3' for the speaker's own revoke at trick 3: the non-offending side won
    it; 'we won tricks 7 and 9' are later tricks of the offending side."""
    seen = walk(
        chat,
        "i revoked at trick 3 (discarded a club with a diamond left), found at the end. they"
        " won trick 3, we won tricks 7 and 9. 3nt by lho made 11",
    )
    text = "\n".join(t.text for t in seen)
    assert "64A2" in ruling_of(seen).citations
    assert "Who won the trick on which the revoke happened" not in text
    assert "did the offending side (the revoker or his partner) win any trick" not in text


def test_a_side_list_that_is_not_the_sides_whole_count_proves_nothing_of_other_tricks(
    chat: Chat,
) -> None:
    """Declarer made 9: 'we won T2' is one trick of the four the defenders took, so it says
    nothing of who won the revoke trick; that is still asked."""
    seen = walk(
        chat,
        "pd showed out of spades at T4, he had a spade hiding. found at the end. 3nt made 9,"
        " we won T2",
    )
    assert any("Who won the trick on which the revoke happened" in t.text for t in seen)


def test_an_acceptance_told_in_reported_speech_is_read_and_said_in_good_english(
    chat: Chat,
) -> None:
    """'i said i'd accept it': the offender's LHO accepts the insufficient bid; told from
    the speaker's chair (RHO's LHO is the speaker), 'you accept', not 'you accepts'. (Said by
    'she' after 'its lhos turn', it is someone else's word: asked, tests/test_decision_words.py.)"""
    seen = walk(chat, "rho bid 2C over my 2D, my turn and i said i'd accept it")
    text = "\n".join(t.text for t in seen)
    assert "you accept the insufficient bid" in text
    assert "you accepts" not in text
    assert "accept the insufficient bid?" not in text


def test_the_director_called_right_after_a_claim_is_a_contested_claim(chat: Chat) -> None:
    """'i claimed ... opps had one small trump. i didnt say anything about trumps. they called
    td': the director called to a claim means it is doubted and play stopped (68D, 70), and
    the trump the claimer's opponents held that he never mentioned is 70C, with no question."""
    turns = chat.say(
        "i claimed at trick 9 with AKQ of trumps and 3 good clubs, opps had one small trump."
        " i didnt say anything about trumps. they called td"
    )
    ruling = next(t for t in turns if t.type == "ruling")
    assert not any(t.type == "question" for t in turns)
    assert any(c.startswith("70C") for c in ruling.citations), ruling.citations


def test_a_director_called_only_after_the_claim_was_agreed_is_not_a_contested_claim(
    chat: Chat,
) -> None:
    seen = walk(
        chat,
        "declarer claimed the rest at T10 and we agreed, then later we called the td because"
        " he had a loser",
    )
    text = "\n".join(t.text for t in seen)
    assert "the claim was disputed and play stopped" not in text


def test_a_bid_above_seven_is_ruled_against_the_player_who_made_it(chat: Chat) -> None:
    """'lho bid 7nt then after i passed, pd bid 8c': partner's 8C is the bid above seven, so
    the speaker's side must pass for the rest of the auction. LHO's legal 7NT, the one call a
    bidding box names, was once taken as the offence and the opponents silenced instead."""
    seen = walk(chat, "lho bid 7nt then after i passed, pd bid 8c lol. is that even possible")
    text = "\n".join(t.text for t in seen)
    assert "the offender: your LHO" not in text
    assert "Both players of your side must pass" in text
    assert "Both players of your opponents must pass" not in text


def test_a_call_told_as_before_the_bid_above_seven_is_not_a_call_after_it(chat: Chat) -> None:
    """'rho put out 8NT after my 7NT': the speaker's 7NT came first, so he (RHO's LHO) has
    not been told to call since; that is asked, in good English."""
    text = _said(chat, "rho put out 8NT after my 7NT")
    assert "you called before the director ruled" not in text
    assert "Did you (the next player after your RHO) call after it" in text


def test_the_call_a_barred_player_doubled_was_made_before_his_double(chat: Chat) -> None:
    """'pd doubled rho's 3C': RHO's 3C is told after the double but was made before it, so
    it is no call by the barred player's LHO since; whether he has called is asked, and the
    double is not ruled as standing (37A)."""
    text = _said(
        chat,
        "i made an insufficient bid earlier and td said pd must pass throughout. at his next"
        " turn pd doubled rho's 3C",
    )
    assert "your RHO called before the director ruled" not in text
    assert "Did your RHO (the next player after your partner) call after it" in text


def test_the_acceptance_question_speaks_to_the_player_who_may_accept(chat: Chat) -> None:
    """The speaker is his RHO's LHO: 'Do you ... accept', and the choice says 'you have
    already called over it' (not 'Does you', 'Yes, he accepts it')."""
    turns = chat.say("my rho bid 1h over my pd's 1s. i havent called")
    question = next(t for t in turns if t.type == "question")
    assert question.text.startswith("Do you (the next player after your RHO) accept")
    labels = [c.label for c in question.choices]
    assert "Yes, it is accepted (or you have already called over it)" in labels


def test_partners_lead_with_declarer_named_apart_is_a_defenders_lead(chat: Chat) -> None:
    """'i was on lead ... but my pd led the ace of clubs. declarer said he'd accept it': the
    speaker and his partner are the two players declarer is not, so the lead was a
    defender's (accepted, 53A) and who led is not asked."""
    turns = chat.say(
        "i was on lead at trick 6 (i won t5) but my pd led the ace of clubs. declarer said"
        " he'd accept it and played low from dummy"
    )
    text = "\n".join(t.text for t in turns)
    assert "Who led out of turn?" not in text
    assert "A defender led out of turn" in text
    assert "53A" in next(t for t in turns if t.type == "ruling").citations


def test_a_card_of_clubs_is_not_a_question_about_the_club(chat: Chat) -> None:
    """'the ace of clubs i wanted' once ranked a subject the bot does not rule on ('which
    conventions may be played', from an example saying 'clubs') above taking back a played
    card: the suit is no word about the bridge club or its system rules."""
    text = _said(
        chat,
        "i played the ace of spades then realised it was the ace of clubs i wanted. lho has not"
        " played yet",
    )
    assert "system regulation" not in text
    assert "Taking back a played card" in text or "When a card counts as played" in text


def test_a_director_writing_a_player_then_loot_tells_who_led(chat: Chat) -> None:
    """'E LOOT at T1': the shorthand after a player is his act (he led out of turn), so the
    opening lead out of turn by a defender is started with its offender and trick read."""
    text = _said(chat, "3nt by S, E loot at T1, declarer accepted")
    assert "This is about: Lead out of turn" in text
    assert "Which lead was it?" not in text
    assert "Who led out of turn?" not in text


def test_a_sentence_telling_more_of_the_story_goes_on_with_it(chat: Chat) -> None:
    """'declarer wants me to lead instead', typed at 'Who led out of turn?', starts nothing on
    its own; told after the description it says the lead was a defender's (declarer is a third
    player), so the incident goes on with the answer already given (the opening lead) kept and
    who led not asked again."""
    chat.say("pd led out of turn")
    chat.say("1")  # the opening lead
    turns = chat.say("declarer wants me to lead instead")
    text = "\n".join(t.text for t in turns)
    assert "This is about: Lead out of turn" in text
    assert "Who led out of turn?" not in text
    assert "Which lead was it?" not in text
    assert "opening lead" in text


def test_a_directors_heading_then_a_players_act_keeps_the_contract(chat: Chat) -> None:
    """'bd 12. 3NT S. W LOOT T1': the heading names the contract and declarer, and the
    sentence after it starts with West's act; West is a defender, so who led is not asked."""
    text = _said(chat, "bd 12. 3NT S. W LOOT T1 (should be E). S accepted, dummy down. ok?")
    assert "This is about: Lead out of turn" in text
    assert "Who led out of turn?" not in text
    assert "Which lead was it?" not in text


def test_the_speakers_own_later_lead_with_declarer_named_apart_is_a_defenders(
    chat: Chat,
) -> None:
    """'i led out of turn at T3 ... declarer can ban a club lead': dummy leads no trick after
    the first and declarer is another player, so the speaker defends: who led is not asked."""
    text = _said(
        chat,
        "i led out of turn at T3 and td made my card a penalty card and said declarer can ban a"
        " club lead. fair?",
    )
    assert "This is about: Lead out of turn" in text
    assert "Who led out of turn?" not in text


def test_dummy_to_be_leading_is_named_as_dummy_not_declarer(chat: Chat) -> None:
    """The declaring side's opening lead out of turn by the speaker who turned out to be dummy:
    54E, and what was taken names him as dummy, of declarer's side."""
    turns = chat.say("i led at trick 1 out of turn, then declarer said i was dummy")
    text = "\n".join(t.text for t in turns)
    assert "the player at fault: you (dummy, of declarer's side)" in text
    assert "54E" in next(t for t in turns if t.type == "ruling").citations


def test_dealer_typed_after_his_seat_and_a_call_out_of_rotation_at_his_turn(chat: Chat) -> None:
    """'W dlr. N opened 1C out of rot.': W dealt; after a pass by W, North would have been in
    turn, so his call out of rotation came at West's (his RHO's) turn: not asked."""
    text = _said(chat, "W dlr. N opened 1C out of rot. E hasnt called")
    assert "This is about: Call out of turn" in text
    assert "Whose turn was it" not in text


def test_the_first_call_told_after_the_dealer_is_not_assumed_out_of_turn(chat: Chat) -> None:
    """Near miss: 'dealer W. S opened 1C out of turn': W may have passed and N not yet called,
    so whose turn it was is asked."""
    text = _said(chat, "dealer W. S opened 1C out of turn")
    assert "Whose turn was it" in text


def test_dummy_touching_a_card_of_his_own_hand_is_dummys_act(chat: Chat) -> None:
    """'pd (dummy) touched the jack of hearts in dummy as if to play it': dummy indicating a card
    on his own (45F: not played), never 'why did declarer touch the dummy card'."""
    turns = chat.say(
        "pd (dummy) touched the jack of hearts in dummy as if to play it, declarer said play the"
        " 2. defenders want the jack played"
    )
    text = "\n".join(t.text for t in turns)
    assert "Why did declarer touch" not in text
    assert "45F" in next(t for t in turns if t.type == "ruling").citations


def test_declarer_touching_a_dummy_card_is_still_asked_why(chat: Chat) -> None:
    text = _said(chat, "declarer touched the jack in dummy, then called the 2")
    assert "Why did declarer touch the dummy card?" in text


def test_a_side_named_by_its_seats_with_declarers_bare_count(chat: Chat) -> None:
    """'NS won T5 and T9, declarer made 11' with 4H by West: two tricks is North-South's whole
    count, so declarer's side won a trick after the revoke at T3 (asked no more); who of
    declarer and dummy won T3 is still asked."""
    seen = walk(
        chat,
        "4H by W, at T3 declarer ruffed a club while still holding a club. NS won T5 and T9,"
        " declarer made 11. found at the end",
    )
    text = "\n".join(t.text for t in seen)
    assert "Who won the trick on which the revoke happened?" in text
    assert "did the offending side (the revoker or his partner) win any trick" not in text


def test_made_with_a_small_number_is_not_a_count_of_tricks(chat: Chat) -> None:
    """'declarer made 4' may be the level of the contract made: no count of tricks is taken
    from it (only seven or more without the word 'tricks')."""
    from bot.dialogue.play_reader import read_play_story

    assert read_play_story("declarer made 4, then we found a revoke").declarer_tricks is None
    assert read_play_story("declarer made 11. found at the end").declarer_tricks == 11
