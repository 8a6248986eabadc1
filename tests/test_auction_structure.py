"""Auction incidents recognised from the calls people tell, not from keywords (issue 14).

Each input is typed the way players tell an auction at the table. The reader
(bot/dialogue/auction_reader.py) proves the state of the auction from who called after whom,
what a double was said of and where three passes closed the auction; the topics name these
states in ``rules_on:``. Facts the calls prove are shown in "I took from your description"
and never asked. Each test fails without that reading: before it, a parsed auction that
looked out of rotation sent most of these stories to the call-out-of-turn topic.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue, Turn

from conftest import Chat, took_text


def _ruling(turns: list[Turn]) -> Turn:
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings, [t.text[:120] for t in turns]
    return rulings[-1]


def _asked(turns: list[Turn]) -> list[str]:
    return [t.text.split("\n")[0] for t in turns if t.type == "question"]


def _answered(chat: Chat, turns: list[Turn], answers: dict[str, str]) -> list[Turn]:
    """Answer each question the description left open, by the fact it asks, up to the
    ruling; every turn of the conversation is returned."""
    told = list(turns)
    conversation = chat.conversation
    while not any(t.type == "ruling" for t in told):
        fact = conversation.pending
        assert fact in answers, (fact, [t.text[:80] for t in told])
        pressed = chat.dialogue.press(conversation, conversation.asked, answers[fact])
        assert pressed is not None
        told += pressed
    return told


# -- a missed turn, a call after the final pass, the end of the auction -----------------------


def test_pass_out_of_turn_among_the_closing_passes_is_a_missed_turn(chat: Chat) -> None:
    turns = chat.say(
        "N 1H, then S passed (it was E's turn), W passed, N passed and everyone thought it was "
        "over. E never got to call. is the auction finished?"
    )
    assert turns[0].topic == "missed_turn"
    assert {"17D3", "34"} <= set(_ruling(turns).citations)


def test_partner_skipped_by_a_quick_pass_is_a_missed_turn(chat: Chat) -> None:
    turns = chat.say(
        "i opened 1♥, lho passed, and then rho passed straight away before pd had called. i "
        "passed without thinking. pd never got to bid!! is it really over"
    )
    assert turns[0].topic == "missed_turn"


def test_calls_told_out_of_order_with_no_word_of_a_skipped_player_prove_no_missed_turn(
    dialogue: Dialogue,
) -> None:
    # people leave calls out when they tell an auction: the seats alone prove nothing
    description = dialogue.describe("N 1H, S passed, W passed, N passed. is the auction finished?")
    assert "turn_missed" not in description.proven


def test_bid_after_three_typed_passes_is_a_call_after_the_final_pass(chat: Chat) -> None:
    turns = chat.say("2♥ p p p and then rho said '3♣'. i'm declarer")
    assert turns[0].topic == "call_after_final_pass"
    assert "Who made the call after the final pass?" not in _asked(turns)  # rho defends


def test_dummy_to_be_bidding_after_three_passes_is_ruled_without_questions(chat: Chat) -> None:
    turns = chat.say(
        "we bid 4♥ (me), lho pass, pd pass, rho pass. before lho led, pd suddenly bid 4♠ - he "
        "hadnt realised it was all over. what happens, am i still in 4h?"
    )
    assert turns[0].topic == "call_after_final_pass"
    assert "declarer or dummy called after the final pass" in took_text(turns)
    assert {"39A", "39B"} <= set(_ruling(turns).citations)
    assert _asked(turns) == []


def test_a_bid_only_wanted_after_three_passes_asks_whether_the_auction_is_over(
    chat: Chat,
) -> None:
    turns = chat.say("2S by me and then 3 passes, rho now wants to bid 3H")
    assert turns[0].topic == "end_of_auction"
    assert "A bid followed by three passes" in took_text(turns)
    assert "22A" in _ruling(turns).citations


# -- doubles and redoubles the Laws do not allow ------------------------------------------------


def test_doubling_partners_opening_from_the_box_is_inadmissible(chat: Chat) -> None:
    turns = chat.say(
        "pd opened 1nt, rho passed and i - dont ask - pulled out the red X card, doubling my "
        "own partner's 1nt. lho hasnt called. pd is glaring at me"
    )
    assert turns[0].topic == "inadmissible_double"
    assert "it doubled or redoubled your own side's call" in took_text(turns)
    assert "What did the double or redouble apply to?" not in _asked(turns)
    assert {"36B1", "36B2"} <= set(_ruling(turns).citations)


def test_redouble_card_with_no_double_before_it_is_inadmissible(chat: Chat) -> None:
    turns = chat.say(
        "rho opened 2♠, i passed, lho passed, and pd put out the blue XX card. nobody had "
        "doubled anything! rho hasnt called yet"
    )
    assert turns[0].topic == "inadmissible_double"
    assert "it was a redouble with no double to redouble" in took_text(turns)
    assert "36B1" in _ruling(turns).citations


def test_second_double_of_a_bid_already_doubled_is_inadmissible(chat: Chat) -> None:
    turns = chat.say(
        "lho bid 2♥, pd doubled, rho passed, and then i put out another double card. lho "
        "hasnt called yet"
    )
    assert turns[0].topic == "inadmissible_double"
    assert "it applied to a call that was no longer the last one" in took_text(turns)
    assert "Was it also made out of turn?" not in _asked(turns)  # told in rotation


def test_double_out_of_turn_of_his_own_partners_bid_is_ruled_by_law_36(chat: Chat) -> None:
    turns = chat.say(
        "E, out of turn, doubled his own partner's 1NT before N had called. what on earth do we do?"
    )
    assert turns[0].topic == "inadmissible_double"
    turns = _answered(chat, turns, {"after_lead": "no", "lho_called": "no"})
    assert "What did the double or redouble apply to?" not in _asked(turns)
    assert "it was also out of turn" in took_text(turns)
    assert "36B4" in _ruling(turns).citations


def test_double_spoken_with_the_wrong_bid_is_a_misstated_double_not_allowed(chat: Chat) -> None:
    turns = chat.say(
        "oral auction: i bid 2♥, lho passed, and pd said 'double two spades'. what now"
    )
    assert turns[0].topic == "misstated_double"
    turns = _answered(chat, turns, {"after_lead": "no", "lho_called": "no"})
    took = took_text(turns)
    assert "he named a bid other than the one actually made" in took
    assert "the double or redouble itself was not allowed" in took
    assert "inadmissible_double" in [t.topic for t in turns]


def test_double_said_with_extra_words_is_a_misstated_double(chat: Chat) -> None:
    turns = chat.say("lho: 'double - for takeout'. rho then bid 2S. can he say that?")
    assert turns[0].topic == "misstated_double"
    turns = _answered(chat, turns, {"legal": "yes"})
    assert "he added other words to the call" in took_text(turns)
    assert "73B1" in _ruling(turns).citations


# -- after a cancelled call ---------------------------------------------------------------------


def test_lead_ban_after_partners_cancelled_bid_is_about_lead_restrictions(chat: Chat) -> None:
    turns = chat.say(
        "pd's 1D out of turn was cancelled, he later bid 1NT instead. now RHO is declarer in 3S "
        "and says to me 'lead anything but a diamond'. is that a thing?"
    )
    assert turns[0].topic == "lead_restrictions"
    assert "26B" in _ruling(turns).citations


def test_new_call_after_a_cancelled_opening_is_about_comparable_calls(chat: Chat) -> None:
    turns = chat.say(
        "lho opened 1H out of turn, it was cancelled, and at her turn she overcalled 1S. is "
        "that a comparable call or must her pd pass?"
    )
    if turns[-1].topic is None:  # the withdrawn call's information rules on the same story:
        # where the examples and the aliases rank the two differently, the user picks
        assert "comparable_call" in [c.id for c in turns[-1].choices]
        turns = chat.say("comparable_call")
    assert turns[0].topic == "comparable_call"
    assert "23A1" in _ruling(turns).citations


def test_a_call_taken_back_by_its_maker_stays_a_change_of_call(chat: Chat) -> None:
    turns = chat.say("LHO bid 2H, then took it back and bid 3H before I called")
    assert turns[0].topic == "unintended_call"


def test_lead_asked_after_a_replacement_told_not_comparable_is_law_26(chat: Chat) -> None:
    # "same meaning" here is the director's verdict, told: the play is reached and the lead
    # is what is left to rule on (both readers of a withdrawn call now agree on it)
    turns = chat.say(
        "my rho's 1D overcall was cancelled because it was out of turn, and at his turn he bid "
        "2NT instead; the director said 2NT doesn't have the same meaning. I ended up declarer "
        "in 4H - what can I do about his partner's opening lead?"
    )
    assert turns[0].topic == "lead_restrictions"
    assert "26B" in _ruling(turns).citations


# -- out of turn, and out of turn and too low ---------------------------------------------------


def test_opening_before_the_dealer_had_called_is_a_call_out_of_turn(chat: Chat) -> None:
    turns = chat.say("dlr N. i'm E and i opened 1S before N had called")
    assert turns[0].topic == "call_out_of_rotation"
    assert "Whose turn was it when he called?" not in _asked(turns)


def test_insufficient_bid_out_of_turn_is_ruled_as_a_call_out_of_turn(chat: Chat) -> None:
    # Law 27A2: an insufficient bid out of rotation is dealt with by Law 31
    turns = chat.say(
        "RHO opened 2H and LHO, not his turn, bid 1S. so out of turn AND too low. what are "
        "the options?"
    )
    assert turns[0].topic == "call_out_of_rotation"


def test_barred_partner_bidding_later_is_a_call_by_a_player_who_had_to_pass(
    chat: Chat,
) -> None:
    turns = chat.say(
        "after my double out of turn pd was barred. two rounds later pd bid 3NT over their 3S, "
        "rho hasnt called"
    )
    assert turns[0].topic == "call_when_required_to_pass"
    turns = _answered(chat, turns, {"lho_called": "no"})
    assert {"37B1", "37B2"} <= set(_ruling(turns).citations)


def test_defenders_double_after_three_passes_is_ruled_from_the_story_alone(chat: Chat) -> None:
    turns = chat.say(
        "3 passes after our 4S, then lho (a defender) said 'double'. pd hasnt called since"
    )
    assert turns[0].topic == "call_after_final_pass"
    assert _asked(turns) == []
    took = took_text(turns)
    assert "A defender called after the final pass" in took
    assert "your partner had not called before the ruling" in took  # the offender's LHO
    assert {"39A", "39C"} <= set(_ruling(turns).citations)  # his partner's lead may be barred


def test_barred_players_double_called_over_by_his_lho_stands(chat: Chat) -> None:
    turns = chat.say(
        "td said pd must pass for the rest of the auction. pd then doubled 3C anyway and rho bid "
        "3S over it"
    )
    assert turns[0].topic == "call_when_required_to_pass"
    assert "LHO called before the director ruled" in took_text(turns)
    assert _ruling(turns).citations == ("37A",)


# -- whether the offender's LHO has called since, read from the seats ---------------------------

_LHO_ASKED = ") call after it, before the director ruled?"
_NOT_LHO = {"caller_side": "defender", "call_kind": "action"}
"""Every other question these topics may ask: answering them leaves only the LHO's call."""


def test_a_call_after_the_end_with_the_next_player_calling_over_it_is_not_asked(
    chat: Chat,
) -> None:
    # N's 5C came after the auction was over; E, on N's left, passed over it (Law 39B1)
    turns = chat.say(
        "Bd 7: 4S by W, auction over. N then bid 5C. E passed over it before anyone noticed."
    )
    assert turns[0].topic == "call_after_final_pass"
    told = _answered(chat, turns, _NOT_LHO)  # fails if the LHO's call is asked
    assert not any(_LHO_ASKED in q for q in _asked(told))
    assert "39B" in _ruling(told).citations


def test_nobody_calling_since_a_bid_above_seven_is_read(chat: Chat) -> None:
    turns = chat.say("my LHO got excited and said eight spades, nobody has bid since")
    assert turns[0].topic == "bid_above_seven"
    assert not any(_LHO_ASKED in q for q in _asked(turns))
    assert "had not called before the ruling" in took_text(turns)
    assert "38A" in _ruling(turns).citations


def test_the_bid_above_seven_is_not_the_call_its_makers_lho_made(chat: Chat) -> None:
    # RHO's 8C over partner's 7NT: the offender is RHO, and "no call after that" means his LHO
    # (the speaker) has not called; the eight-level bid itself was once counted as that call
    turns = chat.say("partner bid 7NT and RHO bid 8 clubs over it. no call after that yet")
    assert turns[0].topic == "bid_above_seven"
    assert "had not called before the ruling" in took_text(turns)
    assert "called before the director ruled" not in took_text(turns)


def test_the_partner_calling_over_a_call_after_the_end_is_not_its_lho(chat: Chat) -> None:
    # W, who passed over N's late 5C, sits on N's right: that says nothing of E, on N's left
    turns = chat.say(
        "Bd 7: 4S by W, auction over. N then bid 5C. W passed over it before anyone noticed."
    )
    assert turns[0].topic == "call_after_final_pass"
    told = _answered(chat, turns, {**_NOT_LHO, "lho_called": "no"})
    assert any(_LHO_ASKED in q for q in _asked(told))


def test_an_lho_named_from_the_speakers_chair_is_not_the_offenders_lho(chat: Chat) -> None:
    # partner bid 8NT: his LHO is the speaker's RHO. "LHO hasn't called" is the speaker's LHO
    # (partner's RHO), so whether the offender's LHO called is still asked
    turns = chat.say("my partner bid 8NT by mistake. LHO hasn't called yet")
    assert turns[0].topic == "bid_above_seven"
    assert any(_LHO_ASKED in q for q in _asked(turns))


def test_a_barred_players_call_told_before_the_obligation_is_read_with_his_lho(
    chat: Chat,
) -> None:
    # RHO's double broke the obligation told after it; the speaker sits on RHO's left
    turns = chat.say(
        "my RHO doubled when she had been told to pass for the rest of the auction. "
        "I haven't called yet"
    )
    assert turns[0].topic == "call_when_required_to_pass"
    assert not any(_LHO_ASKED in q for q in _asked(turns))
    assert "had not called before the ruling" in took_text(turns)


def test_the_speaker_is_not_the_lho_of_his_own_lho(chat: Chat) -> None:
    # my LHO's left-hand opponent is my partner: "I haven't called" says nothing of him
    turns = chat.say(
        "my LHO bid 3C when he had been told to pass for the rest of the auction. "
        "I haven't called yet"
    )
    assert turns[0].topic == "call_when_required_to_pass"
    assert any(_LHO_ASKED in q for q in _asked(turns))


# -- calls at the same time: who was the other caller, from the seats -------------------------

_OTHER_CALLER_ASKED = "Who called at the same moment as the player whose turn it was?"


def test_the_other_caller_named_with_a_possessive_is_placed(chat: Chat) -> None:
    turns = chat.say("me and my RHO both put a bid down at the same time, it was my turn")
    assert turns[0].topic == "simultaneous_calls"
    assert _OTHER_CALLER_ASKED not in _asked(turns)
    assert any("counts as made just after" in t.text for t in turns)  # RHO's call, then mine


def test_not_my_turn_from_one_of_two_callers_gives_the_turn_to_the_other(chat: Chat) -> None:
    turns = chat.say("my partner and i bid at the same moment - it was her turn, not mine")
    assert turns[0].topic == "simultaneous_calls"
    assert _OTHER_CALLER_ASKED not in _asked(turns)
    assert any("counts as made just after" in t.text for t in turns)


def test_not_my_turn_from_a_player_who_did_not_call_places_nobody(chat: Chat) -> None:
    # the speaker called neither: "not my turn" does not say which of the two had the turn
    turns = chat.say("my LHO and my partner both bid at the same time, it wasn't my turn")
    assert turns[0].topic == "simultaneous_calls"
    assert _OTHER_CALLER_ASKED in _asked(turns)


# -- cards from the wrong board: who holds them, and who has called since ---------------------

_PARTNER_SINCE_ASKED = "first call with the wrong cards"


def test_wrong_board_call_and_partner_silence_are_read_from_the_seats(chat: Chat) -> None:
    turns = chat.say(
        "I realised I had pulled my cards out of board 12, not board 11, after I opened 1NT. "
        "my partner hasn't called yet"
    )
    assert turns[0].topic == "wrong_board"
    assert not any("make a call while holding the wrong cards" in q for q in _asked(turns))
    assert not any(_PARTNER_SINCE_ASKED in q for q in _asked(turns))


def test_pd_in_a_story_told_by_compass_seats_is_not_the_offenders_partner(chat: Chat) -> None:
    # "pd" of an unplaced teller: S's partner only if the teller sits E or W, which is not told
    turns = chat.say(
        "S took her hand from bd 4 instead of bd 5 and opened 1H. pd hasn't called yet"
    )
    assert turns[0].topic == "wrong_board"
    told = _answered(chat, turns, {"event": "pairs", "called": "yes", "partner_called": "no"})
    assert any(_PARTNER_SINCE_ASKED in q for q in _asked(told))


# -- a first call, and whose deal it was -----------------------------------------------------

_WHOSE_TURN_ASKED = "Whose turn was it when"


def _questions_to_ruling(chat: Chat, turns: list[Turn]) -> list[str]:
    """Every question asked up to the ruling, each answered with its first choice."""
    told = list(turns)
    for _ in range(12):
        if any(t.type == "ruling" for t in told):
            break
        question = next(t for t in reversed(told) if t.type == "question")
        pressed = chat.dialogue.press(
            chat.conversation, chat.conversation.asked, question.choices[0].id
        )
        assert pressed is not None
        told += pressed
    return _asked(told)


def test_a_first_call_but_it_was_anothers_deal_gives_whose_turn(chat: Chat) -> None:
    # RHO's pass came first, and the deal was my LHO's: RHO called at his partner's turn
    turns = chat.say("my RHO passed, but it was my LHO's deal")
    assert turns[0].topic == "call_out_of_rotation"
    assert not any(q.startswith(_WHOSE_TURN_ASKED) for q in _questions_to_ruling(chat, turns))


def test_the_deal_named_after_a_later_call_leaves_whose_turn_asked(chat: Chat) -> None:
    # LHO's pass came first: "but it was my deal", said after partner's 1H, is not said of
    # the pass, so whose turn the pass took is still asked
    turns = chat.say("LHO passed out of turn, then partner opened 1H, but it was my deal")
    assert turns[0].topic == "call_out_of_rotation"
    assert any(q.startswith(_WHOSE_TURN_ASKED) for q in _questions_to_ruling(chat, turns))
