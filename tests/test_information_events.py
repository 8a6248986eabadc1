"""Information incidents proven from what happened, told in everyday words: a pause told as
a length of time, an opponent's pause over his own card that misled the teller, a missing
alert of a call the pair plays as conventional, a call unlike the hand made on purpose.

None of these stories is in the labelled sets; each checks a reading, not a phrase.
"""

from __future__ import annotations

from bot.dialogue.engine import CHOOSE_TOPIC, Conversation, Dialogue

from conftest import Chat, took_text

UI = "This is about: Unauthorised information"


def test_a_pause_told_as_a_length_of_time_then_partners_bid_is_announced(chat: Chat) -> None:
    """'took like a minute' is a hesitation as much as 'hesitated': with his partner's bid
    after it, the information-from-partner topic is announced and the opponents' side taken."""
    turns = chat.say(
        "lho took like a minute over 3h then passed, his pd then bid 4h on a flat 9 count. "
        "we called the td after the hand"
    )
    assert turns[0].text.startswith(UI)
    took = took_text(turns)
    assert "the information came from an opponent, and his partner then acted" in took
    assert "it was a hesitation" in took


def test_an_opponents_pause_over_his_own_card_that_misled_me_is_law_73(chat: Chat) -> None:
    """Declarer's tempo over dummy's card, and the defender's inference from it: announced at
    once, ruled under 73D (his own risk unless no bridge reason), nothing asked."""
    turns = chat.say(
        "decl sat for ages before playing low from dummy at t4, so i figured he was guessing "
        "and didnt cover with my K. turns out he had AQ all along. is that ok?"
    )
    assert turns[0].text.startswith(UI)
    assert "an opponent's own tempo or manner misled the player asking" in took_text(turns)
    ruling = next(t for t in turns if t.type == "ruling")
    assert "73D1" in ruling.citations
    assert not [t for t in turns if t.type == "question"]


MI = "This is about: Wrong explanation or missing alert"


def test_an_explanation_misheard_is_announced_as_the_listeners_own_risk(chat: Chat) -> None:
    """'she said majors, i heard minors': the explanation was given right and taken wrong, so
    misinformation is announced and ruled under 21A at once, with nothing asked."""
    turns = chat.say(
        "lho told us rho's 2nt was 'majors' but i heard 'minors' in all the noise and doubled. "
        "she had it right. any comeback?"
    )
    assert turns[0].text.startswith(MI)
    assert "the player misunderstood an explanation that was correct" in took_text(turns)
    ruling = next(t for t in turns if t.type == "ruling")
    assert "21A" in ruling.citations


def test_what_was_heard_from_an_opponent_later_is_no_mishearing(chat: Chat) -> None:
    """'i heard from rho that ...' is being told, not mishearing: the player's own
    misunderstanding is neither taken nor ruled."""
    turns = chat.say(
        "i heard from rho after the lead that their 2s is actually strong, not weak like lho "
        "told me. can i change my lead"
    )
    assert "misunderstood an explanation" not in took_text(turns)
    assert not [t for t in turns if t.type == "ruling" and "21A" in t.citations]


def test_an_opponents_missing_alert_of_a_transfer_i_called_over_is_misinformation(
    chat: Chat,
) -> None:
    """Their call is a transfer on their card, nobody alerted it, and I called thinking it
    natural: the opponents' missing alert is misinformation (Law 21B), announced at once."""
    text = (
        "opps didnt alert their 2d, which is a transfer on their card, so i overcalled 2h "
        "thinking it was natural. pd hasnt called yet"
    )
    assert chat.dialogue.describe(text).proven[:1] == ("explanation_differs",)
    turns = chat.say(text)
    assert turns[0].text.startswith(MI)


def test_partners_missing_alert_that_told_me_nothing_new_but_misled_them_is_misinformation(
    chat: Chat,
) -> None:
    """Partner did not alert my conventional call and the opponents' picture is what is wrong
    (nobody asks what I may now bid): misinformation, not information from partner."""
    turns = chat.say(
        "partner never alerted my 3c, which is a splinter for us. opps had no idea and we're "
        "still in the auction. when do i have to say something?"
    )
    assert turns[0].text.startswith(MI)


def test_partners_missing_alert_when_i_ask_what_i_may_bid_stays_unauthorised_information(
    chat: Chat,
) -> None:
    """The same missing alert, but the story is what it told the bidder, who must now act:
    information from partner (16B) is announced, not misinformation."""
    turns = chat.say(
        "pd didnt alert my 2c (stayman for us) so now i know she took it as natural. "
        "what can i bid now?"
    )
    assert turns[0].text.startswith(UI)


PSYCH = "This is about: Psych, or a suspected undisclosed agreement"


def test_a_call_far_from_the_hand_and_partner_seen_to_expect_it_is_announced(
    chat: Chat,
) -> None:
    """An opening on a few points, partner passing it out with a strong hand, and the same
    seen before: whether there is an undisclosed understanding is Law 40C1, announced at once."""
    text = (
        "lho opened 1nt with about 5 pts and her pd just passed it out with 16, no surprise "
        "at all - third time this term we've seen it. what does the td look at"
    )
    assert chat.dialogue.describe(text).proven[:1] == ("call_unlike_hand_on_purpose",)
    turns = chat.say(text)
    assert turns[0].text.startswith(PSYCH)


def test_a_call_made_to_throw_the_opponents_off_is_a_psych(chat: Chat) -> None:
    """'just to mess them up' says the call was unlike the hand on purpose."""
    text = (
        "my pd transferred to spades with no spades at all, just to mess them up. i had no "
        "clue and bid on. opps want the td"
    )
    assert chat.dialogue.describe(text).proven[:1] == ("call_unlike_hand_on_purpose",)
    assert chat.say(text)[0].text.startswith(PSYCH)


def test_a_bid_above_seven_made_as_a_joke_is_not_also_a_psych(chat: Chat) -> None:
    """An eight-level bid is an illegal call (Law 38), whatever the intent: no psych is
    proven beside it, so none is offered as a second matter."""
    text = "lho bid 8nt as a joke after our 7h. i haven't called yet"
    assert "call_unlike_hand_on_purpose" not in chat.dialogue.describe(text).proven


def test_i_still_have_to_decide_is_where_things_stand_even_with_a_bid_in_mind(
    dialogue: Dialogue,
) -> None:
    """'i had a borderline 3H bid ... i still have to decide': the bid is one he is thinking
    of, so where things stand is taken (he still has to act), not asked, when he picks the
    topic from the menu."""
    text = (
        "pd took about two minutes and then passed my 2H. i had a borderline 3H bid. "
        "rho goes 'no bidding now, he tanked'. i still have to decide. can i bid 3?"
    )
    conv = Conversation()
    conv.version = dialogue.knowledge.fingerprint
    conv.pending, conv.offered, conv.description = CHOOSE_TOPIC, ["unauthorised_information"], text
    turns = dialogue.handle(conv, "unauthorised_information")
    assert not [t for t in turns if t.type == "question"]
    assert "the player whose partner gave the information still has to act" in took_text(turns)


EXTRANEOUS = "This is about: Information from other sources"


def test_a_board_heard_being_gone_over_behind_us_is_overheard_information(chat: Chat) -> None:
    """'i can hear the table behind us going over board 9': words from another table about
    the board about to be bid (Law 16D), announced with what was taken."""
    turns = chat.say(
        "i can hear the table behind us going over board 9, 'who leads a club against 3nt!'. "
        "we're about to start 9, no bids yet"
    )
    assert turns[0].text.startswith(EXTRANEOUS)
    took = took_text(turns)
    assert "the information was overheard" in took
    assert "no call had yet been made on the board at this table" in took


def test_a_score_slip_left_by_the_previous_pair_is_a_record_seen_not_words_heard(
    chat: Chat,
) -> None:
    """The previous pair's score slip glanced at: the information came from a record, even
    though the story says who spoke of it."""
    turns = chat.say(
        "the previous pair left their score slip in the board and my pd glanced at it before "
        "we bid. he knows what the field made"
    )
    assert turns[0].text.startswith(EXTRANEOUS)
    took = took_text(turns)
    assert "the information came some other way" in took
    assert "overheard" not in took


def test_hands_seen_laid_out_at_the_next_table_are_cards_seen_elsewhere(chat: Chat) -> None:
    turns = chat.say(
        "on my way back from the loo i saw the hands on the next table. its a board we havent "
        "played yet, what do i do"
    )
    assert turns[0].text.startswith(EXTRANEOUS)
    assert "the player saw the cards elsewhere or looked at the wrong hand" in took_text(turns)


WITHDRAWN = "This is about: Information from a withdrawn call or play"


def test_a_bid_pulled_back_and_a_question_of_taking_account_of_it_is_law_16c(
    chat: Chat,
) -> None:
    """'pulled it back ... can we take account of the 1h': what the withdrawn bid showed, asked
    by the side that did not make it (Law 16C1)."""
    turns = chat.say(
        "lho bid 1h over my 1nt, pulled it back and bid 2h when the td came. we're the "
        "innocent side - can we take account of the 1h when we bid?"
    )
    assert turns[0].text.startswith(WITHDRAWN)
    assert "the question is about the non-offending side" in took_text(turns)


def test_a_lead_out_of_turn_picked_up_and_what_partner_may_do_with_it_is_law_16c(
    chat: Chat,
) -> None:
    """The lead out of turn is settled (refused, picked up); what partner may do with the
    sight of it is the question: the withdrawn-action topic, with a card (not a call) taken
    back, so whether a replacement call was comparable is not asked."""
    turns = chat.say(
        "i led the club ace out of turn and had to pick it up after declarer refused it. pd is "
        "on lead now - what is he allowed to do with that?"
    )
    assert turns[0].text.startswith(WITHDRAWN)
    took = took_text(turns)
    assert "the question is about the offending side" in took
    assert "it was a play" in took
    assert not [t for t in turns if t.type == "question"]


def test_a_hesitation_by_pd_the_opponents_allege_is_announced_without_an_i(chat: Chat) -> None:
    """'opps say pd took ages': only the teller's partner is 'pd', so the information is on
    the teller's side and the topic is announced, though the story never says 'I'."""
    text = (
        "opps say pd took ages before passing 2s but she didnt, it was normal speed. they've "
        "reserved their rights. what now"
    )
    assert chat.dialogue.describe(text).proven[:1] == ("partner_hesitated",)
    assert chat.say(text)[0].text.startswith(UI)


def test_a_remark_by_a_kibitzer_behind_me_is_not_mine(chat: Chat, dialogue: Dialogue) -> None:
    """'the kibitzer behind me said ...': 'me' is where the kibitzer stood, not who spoke; read
    as my remark, partner's 6NT was offered as unauthorised information from partner."""
    text = "kibitzer behind me said 'ooh nice hand' out loud before i'd bid. pd then bid 6nt"
    assert dialogue.describe(text).proven == ("information_from_outside",)
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Information from other sources")
    assert not any("more than one irregularity" in t.text for t in turns)
