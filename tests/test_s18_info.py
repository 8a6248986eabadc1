"""Information stories read as players tell them (issue 14, session s18-info).

Each text is our own wording, none is in the labelled sets:
- a holding listed after another ('dummy had 6 diamonds and one heart') is cards held, not a
  call of 1H that made an insufficient bid and a call after the auction;
- an opponent's alert with its meaning ('alerted and said transfer'), and the pair's
  agreement then told as the opposite meaning ('we play that natural, i forgot'): a wrong
  explanation (Law 75C), whoever says he forgot;
- partner's face or head shake, then the player's card: unauthorised information (16B);
- a change of call the director did not allow ('2H stands'), then partner's doubted raise:
  the cancelled call's information (25B3, 16C);
- a card put back after a lead from the wrong hand, and its use asked: 16C, the side asked;
- a call unlike the hand, no explanation told, the call itself asked about: Law 40;
- a caddie's or runner's remark about the board: information from outside the table (16D);
- a partner's missing alert and an opponent saying he would have bid otherwise: 20F, 21;
- 'plays with her husband' is a partnership, not a card played;
- a man and a woman told as a pair: his sigh, then her call (16B).
"""

from __future__ import annotations

from bot.dialogue.engine import Conversation, Dialogue, Turn


def _topic(turns: list[Turn]) -> str | None:
    first = turns[0]
    return first.topic or (first.choices[0].id if first.choices else None)


def _first(dialogue: Dialogue, text: str) -> str:
    """The topic ranked first."""
    return dialogue.rank(text)[0].topic.id


def _texts(turns: list[Turn]) -> str:
    return "\n".join(t.text for t in turns)


def test_a_holding_listed_after_another_is_no_call(dialogue: Dialogue) -> None:
    text = (
        "lho 1NT, rho 2♦ (alerted by lho, 'transfer'), lho 2♥ all pass. i led the ♣3 and "
        "dummy came down with 5 diamonds and one heart. lho said 'sorry, we play that natural, "
        "i forgot'. i would have led a diamond"
    )
    description = dialogue.describe(text)
    assert "insufficient_bid" not in description.proven
    assert "call_after_final_pass" not in description.proven
    assert _first(dialogue, text) == "misinformation"


def test_an_alert_with_its_meaning_then_the_opposite_agreement_is_a_wrong_explanation(
    dialogue: Dialogue,
) -> None:
    text = (
        "rho opened 2♣, lho alerted and said strong. we passed it out in 3♠. at the end lho "
        "said 'oh no, we play that weak, i forgot'. we had a game on. TD?"
    )
    assert "explanation_differs" in dialogue.describe(text).proven
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "misinformation", _texts(turns)


def test_i_forgot_with_the_same_meaning_is_still_a_misbid(dialogue: Dialogue) -> None:
    """'we play it as a transfer, i forgot' (the caller's slip): no opposite agreement."""
    text = (
        "rho opened 1NT, lho bid 2♦ which rho alerted and said transfer. at the end lho said "
        "'yes we play it as a transfer, i forgot and had diamonds'. TD?"
    )
    assert "explanation_differs" not in dialogue.describe(text).proven


def test_dummy_coming_down_answers_whether_a_card_was_played_since(dialogue: Dialogue) -> None:
    text = (
        "lho opened 2♦ which rho alerted and said multi. i led the ♠A and dummy goes down, "
        "and lho says 'sorry, we play that natural'. i'd have led a heart"
    )
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "misinformation", _texts(turns)
    assert "has any other card been played" not in _texts(turns)
    assert "A card had been played since (or dummy was down)" in _texts(turns)


def test_partners_head_shake_before_my_card_is_unauthorised_information(
    dialogue: Dialogue,
) -> None:
    text = (
        "defending 4S, i won trick 5 with the ♣K and was going to lead a heart when pd shook "
        "her head, so i played a club back. declarer called the TD"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("remark_then_action",)
    assert _first(dialogue, text) == "unauthorised_information"


def test_a_face_pulled_is_a_manner(dialogue: Dialogue) -> None:
    text = "pd pulled a face when i bid 3NT and i then bid 4S over their double. opps called the TD"
    assert dialogue.describe(text).proven[:1] == ("remark_then_action",)


def test_a_change_of_call_not_allowed_then_partners_raise_is_16c(dialogue: Dialogue) -> None:
    text = (
        "RHO bid 3D and straight away said 'no wait, 4D', she had changed her mind, so the TD "
        "ruled 3D stands. her pd then raised to 5D with a weak hand, as if he knew. ok?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert _first(dialogue, text) == "withdrawn_call_information"


def test_a_card_put_back_after_a_wrong_hand_lead_asks_the_side(dialogue: Dialogue) -> None:
    """The side is not filled from 'pd' named after declarer: the teller is asked."""
    text = (
        "declarer was in hand and led the ♥K from dummy, pd said 'you're in hand' and he had "
        "to put it back. now we know dummy has the king, can i use that?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert "withdrawn_side" not in description.facts
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "withdrawn_call_information", _texts(turns)
    assert "Which side are you asking about?" in _texts(turns)


def test_a_lead_from_the_wrong_hand_taken_back_is_a_play_not_a_call(dialogue: Dialogue) -> None:
    text = (
        "declarer led from dummy when he was in hand and then had to play from the other hand. "
        "the defenders now know his dummy card. who can use it?"
    )
    conv = Conversation()
    turns = dialogue.handle(conv, text)
    assert _topic(turns) == "withdrawn_call_information", _texts(turns)
    turns = dialogue.handle(conv, "1")  # the side is asked first
    assert "comparable call" not in _texts(turns), _texts(turns)


def test_a_call_unlike_the_hand_asked_about_is_law_40(dialogue: Dialogue) -> None:
    text = (
        "they went 1H 2NT 3D 4H and i didnt lead a diamond because responder showed a "
        "diamond control with 3D. dummy came down with 3 small diamonds. can he bid like that?"
    )
    assert "call_unlike_hand_on_purpose" in dialogue.describe(text).proven
    assert _first(dialogue, text) == "psych_or_undisclosed_agreement"


def test_a_call_unlike_the_hand_with_an_explanation_stays_misinformation(
    dialogue: Dialogue,
) -> None:
    text = (
        "lho opened 1NT and rho explained it as 15-17. dummy came down with 3 small clubs and "
        "11 points. can he bid like that?"
    )
    assert "call_unlike_hand_on_purpose" not in dialogue.describe(text).proven


def test_a_caddies_remark_about_the_board_is_extraneous_information(
    dialogue: Dialogue,
) -> None:
    text = (
        "the caddy bringing board 7 said 'great hand this, lots of spades' before anyone had "
        "taken the cards out. what now?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_outside",)
    assert description.facts.get("info_timing") == "before"
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "extraneous_information", _texts(turns)


def test_a_scorecard_left_face_up_is_a_record_seen(dialogue: Dialogue) -> None:
    text = (
        "the last pair left their scorecard on the table with the result of this board on it "
        "and i saw it before we bid. what happens?"
    )
    assert dialogue.describe(text).proven[:1] == ("information_from_outside",)


def test_partners_missing_alert_and_an_opponent_misled(dialogue: Dialogue) -> None:
    text = (
        "pd didnt alert my 2C (Drury). N doubled and S bid 2S. N said he'd have bid "
        "differently. i told them after the auction. was that right?"
    )
    assert "explanation_differs" in dialogue.describe(text).proven
    assert _first(dialogue, text) == "misinformation"


def test_plays_with_her_husband_is_no_card_played(dialogue: Dialogue) -> None:
    text = "my sister plays with her husband. she opened 1S and he bid 2C. fine?"
    assert not any(e.act == "play" for e in dialogue.describe(text).events)


def test_a_couple_his_sigh_then_her_call(dialogue: Dialogue) -> None:
    text = (
        "a lady at our club plays with her husband. she bid 3NT, he sighed loudly and she "
        "then went back to 4H. the opps called the TD"
    )
    assert dialogue.describe(text).proven[:1] == ("remark_then_action",)
    assert _first(dialogue, text) == "unauthorised_information"


def test_asking_about_a_double_is_no_double(dialogue: Dialogue) -> None:
    """'LHO asked me about partner's double': a question about a call, not a call made."""
    text = "my RHO asked me about partner's double before she called. what must i tell her?"
    description = dialogue.describe(text)
    assert "double_asked_about" in description.excluded
    assert _first(dialogue, text) not in ("inadmissible_double", "misstated_double")
    turns = dialogue.handle(Conversation(), text)
    assert turns[0].topic not in ("inadmissible_double", "misstated_double"), _texts(turns)


def test_a_double_of_partners_bid_asked_about_is_still_a_double(dialogue: Dialogue) -> None:
    text = "LHO asked me about partner's double of my 1NT. is that allowed?"
    assert "double_asked_about" not in dialogue.describe(text).excluded


def test_a_call_told_alerted_was_alerted_by_its_makers_partner(dialogue: Dialogue) -> None:
    """'lho opened 1c alerted as ...': the alert is RHO's, an opponent's explanation; the hand
    told after it against the explanation is the misinformation Laws' (21B, 75)."""
    text = (
        "rho opened 1d alerted as 'could be short', we got outbid. at the end he had 6 "
        "diamonds. we feel misled"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("hand_did_not_match_explanation",)
    assert _first(dialogue, text) == "misinformation"
