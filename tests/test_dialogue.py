"""How the conversation behaves for a player typing in their own words."""

from __future__ import annotations

from conftest import Chat


def _ids(turn_choices: tuple) -> list[str]:  # type: ignore[type-arg]
    return [c.id for c in turn_choices]


def test_facts_in_the_description_are_not_asked_again(chat: Chat) -> None:
    turns = chat.say("pulled 1S out of the box, meant 1H, partner hasn't bid yet")
    assert turns[0].type == "message" and "Changing a call" in turns[0].text
    question = turns[-1]
    assert question.type == "question"
    assert "mean to make it" not in question.text  # the slip is already described
    assert chat.conversation.facts["intent"] == "mechanical"


def test_auction_typed_with_seats_fills_in_whose_turn(chat: Chat) -> None:
    turns = chat.say("dealer N: N 1H S 2H")
    assert turns[0].topic == "call_out_of_rotation" and "Call out of turn" in turns[0].text
    facts = chat.conversation.facts
    assert facts["call_type"] == "bid"
    assert facts["whose_turn"] == "rho"  # it was East's turn: South's RHO
    assert facts["offender_called_before"] == "no"
    assert facts["_offender"] == "S"


def test_insufficient_bid_in_prose_works_out_the_lowest_sufficient_bid(chat: Chat) -> None:
    chat.say("oppo bid 2♣ over my partner's 2♦, insufficient")
    assert chat.conversation.topic == "insufficient_bid"
    assert chat.conversation.facts["_lowest"] == "3♣"


def test_answers_by_number_label_id_or_plain_words(chat: Chat) -> None:
    chat.say("insufficient bid")
    assert chat.conversation.pending == "in_rotation"
    chat.say("yep")
    assert chat.conversation.facts["in_rotation"] == "yes"
    chat.say("No, it is not accepted")
    assert chat.conversation.facts["accepted"] == "no"
    turns = chat.say("4")  # 4th choice: any other sufficient bid, or a pass
    assert turns[-1].type == "ruling"
    assert "27B2" in turns[-1].citations


def test_not_yet_picks_the_show_options_choice(chat: Chat) -> None:
    chat.through("insufficient bid", "yes")
    chat.say("no, not yet")
    assert chat.conversation.facts["accepted"] == "undecided"
    turns = chat.say("yes, natural")  # the options name the cheapest bid only for a natural one
    assert chat.conversation.pending is None
    assert turns[-1].type == "ruling" and "27A1" in turns[-1].citations


def test_back_undoes_the_last_answer(chat: Chat) -> None:
    chat.through("insufficient bid", "yes")
    assert chat.conversation.pending == "accepted"
    turns = chat.say("back")
    assert chat.conversation.pending == "in_rotation"
    assert "in_rotation" not in chat.conversation.facts
    assert "his turn" in turns[-1].text


def test_back_with_nothing_to_undo_says_so(chat: Chat) -> None:
    turns = chat.say("back")
    assert "no earlier answer" in turns[0].text


def test_restart_starts_over(chat: Chat) -> None:
    chat.through("insufficient bid", "yes")
    turns = chat.say("restart")
    assert "Starting again" in turns[0].text
    assert chat.conversation.topic is None and chat.conversation.facts == {}


def test_unclear_answer_gets_a_friendly_repeat(chat: Chat) -> None:
    chat.say("insufficient bid")
    turns = chat.say("purple elephant")
    assert "didn't catch" in turns[0].text
    assert turns[1].type == "question" and _ids(turns[1].choices) == ["yes", "no", "unsure"]


def test_close_call_offers_three_topics_and_a_way_out(chat: Chat) -> None:
    turns = chat.say("IB or BOOT")
    question = turns[-1]
    assert question.type == "question" and question.topic is None
    assert len(question.choices) == 4 and question.choices[-1].id == "none"
    picked = chat.say("1")
    assert chat.conversation.topic == question.choices[0].id
    assert picked[0].type == "message"


def test_nothing_recognised_says_so_without_guessing(chat: Chat) -> None:
    turns = chat.say("the tea urn is empty again")
    assert len(turns) == 1 and turns[0].topic is None and not turns[0].choices
    assert "couldn't match that" in turns[0].text and "call the director" in turns[0].text
    assert chat.conversation.topic is None


def test_after_a_ruling_the_next_line_is_a_new_incident(chat: Chat) -> None:
    turns = chat.through("bid 8 spades", "yes")
    assert turns[-1].type == "ruling"
    assert chat.conversation.topic is None
    nxt = chat.say("insufficient bid")
    assert nxt[0].type == "message" and "Insufficient bid" in nxt[0].text


def test_law_lookup_mid_question_then_asks_again(chat: Chat) -> None:
    chat.say("insufficient bid")
    turns = chat.say("law 27B1(a)")
    assert "Law 27B1(a)" in turns[0].text
    assert turns[1].type == "question" and chat.conversation.pending == "in_rotation"


def test_bad_input_gets_a_clear_answer_never_an_exception(chat: Chat) -> None:
    assert "didn't get any words" in chat.say("   ")[0].text
    assert "longer than I can read" in chat.say("x" * 5000)[0].text
    assert chat.say("🂡🂱🃁")[0].text
    assert chat.say("law 99")[0].text.startswith("I couldn't find")


def test_conversation_survives_a_round_trip_through_json(chat: Chat, dialogue) -> None:  # type: ignore[no-untyped-def]
    import json

    from bot.dialogue.engine import Conversation

    chat.through("insufficient bid", "yes")
    stored = json.loads(json.dumps(chat.conversation.to_dict()))
    resumed = Conversation.from_dict(stored)
    turns = dialogue.handle(resumed, "yes")
    assert turns[-1].type == "ruling" and "27A1" in turns[-1].citations


def test_a_new_description_instead_of_an_answer_starts_a_new_incident(chat: Chat) -> None:
    chat.say("insufficient bid")
    turns = chat.say("hang on, my partner doubled my 2H bid, what now")
    assert chat.conversation.topic == "inadmissible_double"
    assert "Double or redouble that is not allowed" in turns[0].text


def test_yes_picks_the_only_choice_that_starts_with_yes(chat: Chat) -> None:
    chat.say("pulled 1S out of the box meaning 1H, nobody has called")
    assert chat.conversation.pending == "intended_problem"
    turns = chat.say("yes")
    assert turns[-1].type == "ruling" and "25A1" in turns[-1].citations


def test_a_button_id_that_looks_like_a_command_answers_the_question(chat: Chat) -> None:
    # misstated_double's 'stated' question has a choice whose id is 'wrong'; pressing it must
    # answer the question, never restart the incident as if 'wrong' had been typed as a command
    chat.say("he called 'double five diamonds' but I'd bid five clubs")
    conversation = chat.conversation
    assert conversation.pending == "stated" and conversation.facts["call_type"] == "double"
    turns = chat.dialogue.press(conversation, conversation.asked, "wrong")
    assert turns is not None
    assert conversation.facts["stated"] == "wrong" and conversation.facts["call_type"] == "double"
    assert "fixing" not in turns[0].text and conversation.pending == "legal"


def test_correct_as_a_typed_answer_means_yes_not_fix(chat: Chat) -> None:
    chat.say("insufficient bid")
    chat.say("correct")
    assert chat.conversation.facts["in_rotation"] == "yes"
