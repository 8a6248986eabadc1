"""Facts of information and auction stories read from who made which call, not asked:
whether a double said with a bid was allowed comes from who made the bid it is of."""

from __future__ import annotations

from conftest import Chat

LEGAL_ASKED = "was the double or redouble itself allowed"


def _texts(turns: list) -> str:
    return " ".join(" ".join(t.text for t in turns).split())


def test_a_double_of_partners_bid_named_wrongly_is_not_allowed(chat: Chat) -> None:
    """Partner doubled the speaker's own 4H: a double of one's own side's bid is never
    allowed (19A1), so it goes on as an inadmissible double without asking."""
    turns = chat.say("pd said 'double 4s' but the last bid was my 4h lol")
    assert LEGAL_ASKED not in _texts(turns)
    assert "a double the Laws do not allow" in _texts(turns)
    assert turns[-1].topic == "inadmissible_double"


def test_an_opponents_double_of_partners_bid_counts_for_the_real_bid(chat: Chat) -> None:
    """RHO doubled partner's 3S while naming 3H: an opponent's last bid may be doubled, and
    the bid named is not the one made, so nothing is asked (19A2, 19A3)."""
    turns = chat.say("rho said 'double 3 hearts' when my pd had bid 3 spades. what now")
    assert turns[-1].type == "ruling"
    assert LEGAL_ASKED not in _texts(turns)
    assert {"19A2", "19A3"} <= set(turns[-1].citations)
    assert "19A1" not in turns[-1].citations


def test_a_redouble_after_our_double_is_allowed(chat: Chat) -> None:
    """We doubled 4H and RHO redoubled saying the bid: allowed (19B1 not in question)."""
    turns = chat.say("rho said 'redouble 4 hearts' after we doubled 4H. is that ok to say")
    turns += chat.say("he named the right bid")
    assert LEGAL_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "19B2" in turns[-1].citations
    assert "35A" not in turns[-1].citations


def test_who_made_the_last_bid_untold_still_asks(chat: Chat) -> None:
    """Near miss: 'the last bid was 4S' without saying whose: whether the double was allowed
    is asked."""
    turns = chat.say("rho said 'double 3S' but the last bid was 4S")
    assert turns[-1].type == "question"
    assert LEGAL_ASKED in turns[-1].text


def test_asking_whether_it_was_a_legal_double_is_not_an_answer(chat: Chat) -> None:
    """'is it a legal double?' is the user's question, not a statement: still asked."""
    turns = chat.say("lho said 'double 3h' but the bid was 3s. is it a legal double?")
    assert LEGAL_ASKED in _texts(turns)


def test_a_double_said_to_be_legal_otherwise_is_not_asked(chat: Chat) -> None:
    """'legal double otherwise': the teller states it, so only the wording is ruled on."""
    turns = chat.say("RHO said 'double 3♥' but the bid was 3♠. legal double otherwise")
    assert LEGAL_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert {"19A2", "19A3"} <= set(turns[-1].citations)


MISINFORMED_STORY = (
    "west asked about north's 4d and south said 'cue bid'. west then doubled and now n/s say "
    "4d was actually natural by their agreement. east hasnt called yet, the auction is still "
    "going"
)


def test_told_by_seats_the_opponent_who_called_after_the_explanation_was_misled(
    chat: Chat,
) -> None:
    """South explained, West (his opponent) then doubled, East has not called: a call made on
    misinformation that may still change (21B1(a)), with nothing asked."""
    turns = chat.say(MISINFORMED_STORY)
    assert turns[-1].type == "ruling"
    assert "What happened?" not in _texts(turns)
    assert {"21B1(a)", "21B2"} <= set(turns[-1].citations)


def test_told_by_seats_with_no_call_after_the_explanation_still_asks(chat: Chat) -> None:
    """Near miss: nobody is told calling after North's explanation: what happened is asked."""
    turns = chat.say(
        "north explained south's 4d as 'cue bid' and now n/s say 4d was actually natural by "
        "their agreement. east hasnt called yet, the auction is still going"
    )
    assert turns[-1].type == "question"
    assert "What happened?" in turns[-1].text


ARTIFICIAL_ASKED = "Was the psych an artificial call"


def test_a_psyched_major_opening_is_a_natural_call(chat: Chat) -> None:
    """1H opened on a 4 count on purpose: one of a major shows its suit, so it is a natural
    psych; partner had no idea, so it is legal (40C1) and nothing is asked."""
    turns = chat.say(
        "i opened 1H on a 4 count to annoy the opps, totally on purpose. partner had no idea "
        "and bid 4H with his good hand, we went down"
    )
    assert turns[-1].type == "ruling"
    assert ARTIFICIAL_ASKED not in _texts(turns)
    assert {"40A3", "40C1"} <= set(turns[-1].citations)
    assert "the psych was a natural call" in _texts(turns)


def test_a_psyched_club_opening_still_asks_its_type(chat: Chat) -> None:
    """Near miss: 1C may be artificial in the pair's system (a strong club), so asked."""
    turns = chat.say("pd opened 1c with 3 points on purpose to annoy them. i had no idea")
    assert turns[-1].type == "question"
    assert ARTIFICIAL_ASKED in turns[-1].text


def test_a_psyched_opening_told_with_its_agreement_still_asks_its_type(chat: Chat) -> None:
    """Near miss: 'our strong 1NT' names an agreement: the call's type is asked."""
    turns = chat.say("pd psyched 1nt, our system says it shows 15-17. i had no idea")
    assert ARTIFICIAL_ASKED in _texts(turns)


CALL_TYPE_ASKED = "What was the call made out of turn?"
PASS_OUT_OF_TURN = "lho passed out of turn, it was my turn. pd hasnt called"


def test_a_pass_out_of_turn_said_to_be_ordinary_is_a_natural_pass(chat: Chat) -> None:
    """'an ordinary pass, nothing clever': the teller says it is natural, so Law 30 rules
    (30A) and the pass's type is never asked."""
    turns = chat.say(PASS_OUT_OF_TURN + ". it was an ordinary pass, nothing clever")
    for _ in range(4):
        if turns[-1].type == "ruling":
            break
        turns += chat.say("1")
    assert CALL_TYPE_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "30A" in turns[-1].citations


def test_a_pass_out_of_turn_not_described_still_asks_its_type(chat: Chat) -> None:
    """Near miss: a pass may be artificial by agreement (Law 30C sends it to 31): asked."""
    turns = chat.say(PASS_OUT_OF_TURN)
    for _ in range(4):
        if turns[-1].type == "ruling" or CALL_TYPE_ASKED in turns[-1].text:
            break
        turns += chat.say("1")
    assert CALL_TYPE_ASKED in _texts(turns)


SUBSTITUTE_ASKED = "already made (or tried to make) a different call"


def test_wanting_another_call_says_none_was_made_yet(chat: Chat) -> None:
    """Director review 15: 'want to bid 2c instead' in the next clause, with no other player
    named, is the opener's wish, not a call made; the 1NT 'in my mind' was never made. A
    change of mind: 1S stands (25A2), nothing asked."""
    turns = chat.say(
        "i opened 1s then realised i'd opened 1nt in my mind; changed my mind and want to bid "
        "2c instead. lho hasnt called"
    )
    assert SUBSTITUTE_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "25A2" in turns[-1].citations
    assert "the call meant or wanted instead: 2♣" in _texts(turns)


def test_no_call_wanted_named_still_asks_about_a_substitute(chat: Chat) -> None:
    """Near miss: no other call named: whether he already tried another is asked."""
    turns = chat.say(
        "i opened 1s then realised i'd opened 1nt in my mind; changed my mind. lho hasnt called"
    )
    assert turns[-1].type == "question"
    assert SUBSTITUTE_ASKED in turns[-1].text


SEEN_ASKED = "Could the player's partner have seen the card's face"


def test_a_card_dropped_that_everyone_saw_is_ruled_without_questions(chat: Chat) -> None:
    """Director review 11: LHO dropped the KS in the bidding, 'everyone saw it' (his partner
    too), and he 'will be a defender': a single honour, partner passed once (24B), and it is
    now a major penalty card (24E, 50)."""
    turns = chat.say(
        "lho dropped the KS on the table during the bidding, everyone saw it. lho will be a "
        "defender"
    )
    assert SEEN_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert {"24B", "24E"} <= set(turns[-1].citations)


def test_the_declaring_partner_named_makes_the_dropper_a_defender(chat: Chat) -> None:
    """'pd will be declarer': the speaker's partner declares, so LHO who dropped it defends."""
    turns = chat.say(
        "lho dropped the KS on the table during the bidding, everyone saw it. pd will be declarer"
    )
    assert turns[-1].type == "ruling"
    assert "24E" in turns[-1].citations


def test_a_dropped_card_nobody_is_said_to_see_still_asks(chat: Chat) -> None:
    """Near miss: who could see it is not told: asked."""
    turns = chat.say("lho dropped the KS on the table during the bidding. lho will be a defender")
    assert turns[-1].type == "question"
    assert SEEN_ASKED in turns[-1].text


def test_a_spectator_telling_partner_a_result_before_the_board(chat: Chat) -> None:
    """Director review 34: a spectator told partner another table's result before the board
    was begun here: information from outside heard before any call (16D1, 16D2), nothing
    asked."""
    turns = chat.say("a spectator told pd the result from another table before the board")
    assert turns[-1].type == "ruling"
    assert not [t for t in turns if t.type == "question"]
    assert {"16D1", "16D2"} <= set(turns[-1].citations)


def test_a_spectators_result_with_no_time_told_asks_when(chat: Chat) -> None:
    """Near miss: 'before the board was over' does not say before the first call: asked."""
    turns = chat.say("a spectator told pd the result from another table before the board was over")
    assert turns[-1].type == "question"
    assert "When did the player get it?" in turns[-1].text


def test_a_board_passed_out_then_a_change_of_mind_is_the_end_of_the_auction(
    chat: Chat,
) -> None:
    """Director review 38: 'we passed the board out' is four passes: the board is not played
    or redealt (22B), and only a slip, not a change of mind, could still be replaced."""
    turns = chat.say("we passed the board out, then lho said he hadnt seen his ace")
    assert turns[0].topic == "end_of_auction"
    assert turns[-1].type == "ruling"
    assert "22B" in turns[-1].citations
    assert "not a change of mind" in turns[-1].text


def test_passed_it_out_alone_is_not_read_as_four_passes(chat: Chat) -> None:
    """Near miss: 'passed it out' may close an auction after a bid: no topic is announced."""
    turns = chat.say("we passed it out, then lho said he hadnt seen his ace")
    assert turns[-1].type == "question"
    assert "22B" not in _texts(turns)
    assert not any(t.topic == "end_of_auction" for t in turns)


def test_the_declaring_sides_own_wrong_explanation_is_announced(chat: Chat) -> None:
    """Director review 39: partner alerted the speaker's 2D and explained it as hearts, their
    agreement is multi, and they declare: the speaker must call the director and correct it
    after the final pass, before the opening lead (20F5(b)); nothing asked."""
    turns = chat.say(
        "pd alerted my 2d, and told them it showed hearts; actually it's multi. we are declaring"
    )
    assert turns[0].topic == "misinformation"
    assert turns[-1].type == "ruling"
    assert "20F5(b)" in turns[-1].citations


def test_a_forgotten_agreement_beside_partners_explanation_still_asks(chat: Chat) -> None:
    """Near miss: 'i forgot we play it as multi': the call may have been the mistake, so no
    ruling comes without a question (here, which matter it is)."""
    turns = chat.say(
        "pd alerted my 2d, and told them it showed hearts; i forgot we play it as multi. we "
        "are declaring"
    )
    assert turns[-1].type == "question"
    assert not [t for t in turns if t.type == "ruling"]


LHO_CALLED_ASKED = "call after it, before the director ruled?"


def test_the_next_player_told_idle_after_partners_eight_level_bid(chat: Chat) -> None:
    """Partner bid 8S and 'rho hasnt done anything yet': the speaker's RHO is partner's LHO,
    so he has not called; Law 38 rules without asking."""
    turns = chat.say(
        "partner, carried away, bid 8s! rho hasnt done anything yet, he's laughing too much. "
        "what happens now?"
    )
    assert LHO_CALLED_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "38B" in turns[-1].citations


def test_both_opponents_idle_after_partners_eight_level_bid(chat: Chat) -> None:
    """'opps havent done anything yet' after partner's 8D: his LHO is one of them."""
    turns = chat.say("after 7h x, pd pulled to 8d out of panic. opps havent done anything yet")
    assert LHO_CALLED_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"


def test_the_wrong_opponent_idle_still_asks(chat: Chat) -> None:
    """Near miss: the speaker's LHO is partner's RHO, who calls after partner's LHO: asked."""
    turns = chat.say("partner, carried away, bid 8s! lho hasnt done anything yet")
    assert turns[-1].type == "question"
    assert LHO_CALLED_ASKED in turns[-1].text


BARRED_LHO_ASKED = ") call after it, before the director ruled?"


def test_we_havent_called_since_a_barred_opponents_bid(chat: Chat) -> None:
    """LHO, barred, bid 2NT; 'we havent called since': his LHO is the speaker's partner, so
    the bid is cancelled without asking (37B1)."""
    turns = chat.say(
        "lho had to pass for the rest of the auction but bid 2nt, we havent called since"
    )
    assert BARRED_LHO_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "37B1" in turns[-1].citations


def test_the_next_player_named_with_an_aside(chat: Chat) -> None:
    """'S (his LHO) has not called': the aside in brackets does not hide the words."""
    turns = chat.say(
        "E was required to pass throughout after his insufficient bid, but he bid 4H at his "
        "next turn. S (his LHO) has not called."
    )
    assert BARRED_LHO_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"


def test_i_havent_called_after_lhos_bid_still_asks(chat: Chat) -> None:
    """Near miss: the speaker calls after his partner, who is LHO's LHO: asked."""
    turns = chat.say(
        "lho had to pass for the rest of the auction but bid 2nt, i havent called since"
    )
    assert turns[-1].type == "question"
    assert BARRED_LHO_ASKED in turns[-1].text


STAGE_ASKED = "Where do things stand now?"


def test_my_call_told_before_partners_hesitation_it_followed(chat: Chat) -> None:
    """'i bid 5h after pd's slow pass, opps called the td': the teller acted after partner's
    hesitation and the opponents called the director: the ruling (16B1, 73C) comes at once."""
    turns = chat.say("i bid 5h after pd's slow pass, opps called the td. will it stand?")
    assert STAGE_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert {"16B1", "73C1"} <= set(turns[-1].citations)


def test_my_call_after_partners_hesitation_with_no_director_still_asks(chat: Chat) -> None:
    """Near miss: nobody has called the director: where things stand is asked."""
    turns = chat.say("i bid 5h after pd's slow pass. will it stand?")
    assert turns[-1].type == "question"
    assert STAGE_ASKED in turns[-1].text


TIMING_ASKED = "When did the player get it?"


def test_a_remark_heard_before_we_had_bid_the_board(chat: Chat) -> None:
    """'before we'd bid board 7' someone at the next table called out its hands: heard before
    any call here (16D2), not asked."""
    turns = chat.say(
        "before we'd bid board 7, mavis at the next table said loudly 'you'll love board 7, "
        "the slam is cold!'. we called the td"
    )
    assert TIMING_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "16D2" in turns[-1].citations


def test_a_remark_heard_with_no_time_told_asks_when(chat: Chat) -> None:
    """Near miss: nothing says whether anyone had called: asked."""
    turns = chat.say(
        "mavis at the next table said loudly 'you'll love board 7, the slam is cold!'. we "
        "called the td"
    )
    assert TIMING_ASKED in _texts(turns)


COMPARABLE_ASKED = "replaced by a comparable call?"


def test_the_same_opening_made_again_is_a_comparable_call(chat: Chat) -> None:
    """Partner opened 1NT out of turn, it was cancelled, and he opened 1NT again at his turn:
    the same opening, the same meaning (23A1), so 16C2 does not bite (23B); not asked."""
    turns = chat.say(
        "pd opened 1nt out of turn, it got cancelled, then at his proper turn he opened 1nt "
        "again. i'm responder. can i use anything from the first one?"
    )
    assert COMPARABLE_ASKED not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert {"23B", "26A"} <= set(turns[-1].citations)


def test_another_opening_after_the_cancelled_one_still_asks(chat: Chat) -> None:
    """Near miss: 1S after a cancelled 1NT: whether it is comparable is the director's call."""
    turns = chat.say(
        "pd opened 1nt out of turn, it got cancelled, then at his proper turn he opened 1s. "
        "i'm responder. can i use anything from the 1nt?"
    )
    assert turns[-1].type == "question"
    assert COMPARABLE_ASKED in turns[-1].text
