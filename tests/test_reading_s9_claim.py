"""The end of play read from the story: claims, concessions, a score found wrong, dummy at the end.

Each wording was written for these tests in a player's voice. Once a claim or concession is on
the table play has stopped and any player, dummy included, may doubt it (Law 68D): what dummy
says or does then is part of the claim's story, not a breach of his limits during play (43A).
A director who 'gave them a trick' is telling his ruling, not conceding (68B). A result
recorded one way that the whole table says was another is a score to correct (79C), and the
pair we played a board against coming back to dispute its result is the other side of that
score, not information from outside the table (16D).
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

DUMMY_AFTER_THE_CLAIM = [
    (
        "5Hx, 2 cards left. pd (declarer) said 'down one, you get one' and we said ok. then "
        "dummy goes 'wait, both of those are winners pd'. TD called",
        "concession",
    ),
    (
        "pd conceded the last 3 at trick 11, then dummy piped up 'hang on, the clubs are good!'. "
        "we'd already agreed. can they take it back?",
        "concession",
    ),
    (
        "i claimed at T9 'drawing trumps, rest are good'. lho objected and while we waited for "
        "td my pd (dummy) said 'its obvious, she has all the trumps'",
        "claim",
    ),
    (
        "declarer claimed, while we were looking at the claim dummy said 'she has the rest pd' "
        "and reached over to spread declarer's cards",
        "claim",
    ),
]


@pytest.mark.parametrize(("text", "first"), DUMMY_AFTER_THE_CLAIM)
def test_dummy_speaking_after_a_claim_is_the_claims_story(
    text: str, first: str, dialogue: Dialogue, chat: Chat
) -> None:
    proven = dialogue.describe(text).proven
    assert proven[0] == first
    assert not {"dummy_spoke", "dummy_acted"} & set(proven)
    assert chat.say(text)[0].topic == "claim"


def test_dummy_acting_before_the_claim_is_still_dummy_overstepping(dialogue: Dialogue) -> None:
    proven = dialogue.describe(
        "before declarer claimed at trick 11 dummy told her 'draw the last trump first'"
    ).proven
    assert proven[0] == "dummy_spoke"


def test_dummy_told_after_a_claim_in_the_same_sentence_is_not_dummy_acting(
    dialogue: Dialogue,
) -> None:
    proven = dialogue.describe(
        "dummy pointed at the cards and said 'you've got all the trumps' after declarer "
        "claimed at T11"
    ).proven
    assert "dummy_acted" not in proven


def test_a_trick_conceded_that_could_not_be_lost_with_dummy_objecting_is_cancelled(
    chat: Chat,
) -> None:
    seen = walk(
        chat,
        "5Hx, 2 cards left. pd (declarer) said 'down one, you get one' and we said ok. then "
        "dummy goes 'wait, both of those are winners pd'. TD called",
        "could_not_lose",
        "in_period",
    )
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "71B" in ruling.citations
    assert not any("43" in c for c in ruling.citations)


DIRECTOR_GAVE = [
    "TD gave them a trick and im confused. at the end i still had a club, turns out i never "
    "played to trick 6 which was clubs",
    "director eventually gave declarer a trick because lho revoked at T5. fair?",
]


@pytest.mark.parametrize("text", DIRECTOR_GAVE)
def test_a_trick_the_director_gave_is_no_concession(text: str, dialogue: Dialogue) -> None:
    assert "concession" not in dialogue.describe(text).proven


def test_a_player_giving_a_trick_is_still_a_concession(dialogue: Dialogue) -> None:
    assert dialogue.describe("at T12 lho gave them a trick, she had the top trump").proven[0] == (
        "concession"
    )


SCORE_FOUND_WRONG = [
    "the traveller shows 4♠ making for them, but everyone at the table agrees it was 1 off",
    "scorecard says we made 3nt but all four of us at the table agree it was one down",
    "bridgemate has 2H= for EW, everybody here agrees declarer went 2 off. who fixes it",
]


@pytest.mark.parametrize("text", SCORE_FOUND_WRONG)
def test_a_result_the_whole_table_says_was_another_is_a_score_to_correct(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).proven[0] == "score_recorded_wrong"
    assert chat.say(text)[0].topic == "score_correction"


def test_the_other_pair_disputing_the_result_later_is_not_outside_information(
    dialogue: Dialogue, chat: Chat
) -> None:
    text = (
        "bd 12 went in as 9 tricks to us. then the pair from our previous table came over two "
        "rounds later saying they made 10 not 9 and the td changed it. can he?"
    )
    proven = dialogue.describe(text).proven
    assert proven[0] == "score_disputed"
    assert "information_from_outside" not in proven
    assert chat.say(text)[0].topic == "score_correction"


def test_a_board_still_to_play_heard_from_the_previous_table_is_outside_information(
    dialogue: Dialogue,
) -> None:
    # no score told: what the previous table said came before we played the board
    proven = dialogue.describe(
        "before we started bd 5 the previous pair at the next table were saying 4S makes easy"
    ).proven
    assert "information_from_outside" in proven


def test_a_claim_told_as_the_time_dummy_doubted_it_is_the_claim(
    dialogue: Dialogue, chat: Chat
) -> None:
    # 'when declarer claimed i ...' is not 'declarer claimed i revoked': the doubt of a claim
    text = "as dummy, when pd claimed i pointed out she still had a losing club"
    assert dialogue.describe(text).proven[0] == "claim"
    assert chat.say(text)[0].topic == "claim"


def test_someone_saying_a_player_claimed_something_is_still_no_claim(dialogue: Dialogue) -> None:
    assert "claim" not in dialogue.describe("after the hand lho claimed i revoked at T4").proven


AGREED_THEN_RECORDED = [
    "we conceded 2 at the end and everyone agreed, but the scorer entered it as 3 down "
    "instead of 2 down",
    "we agreed the claim, 3 off, but somehow the traveller says 2 off. pls help",
    "opps claimed 10 tricks which we accepted, then afterwards the bridgemate showed 11. who "
    "fixes it",
]


@pytest.mark.parametrize("text", AGREED_THEN_RECORDED)
def test_a_claim_agreed_then_recorded_otherwise_is_the_record(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).proven[0] == "score_recorded_wrong"
    assert chat.say(text)[0].topic == "score_correction"


def test_a_claim_agreed_and_recorded_as_agreed_is_no_score_error(dialogue: Dialogue) -> None:
    proven = dialogue.describe(
        "opps claimed 10 tricks which we accepted and the bridgemate showed 10, but now i think "
        "we could have beaten it"
    ).proven
    assert "score_recorded_wrong" not in proven


HAND_FACED_WITH_A_REMARK = [
    "rho laid his cards face up at trick 9 and said 'these are all good', his pd then said "
    "'hang on i have the ♣K'",
    "lho put her cards face up on the table at T10 saying 'you wont make another trick'",
]


@pytest.mark.parametrize("text", HAND_FACED_WITH_A_REMARK)
def test_a_defender_facing_his_hand_with_a_remark_about_the_tricks_claims(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    # a claim of later tricks, cards shown or not (68A), not a hand of penalty cards
    assert dialogue.describe(text).proven[0] == "claim"
    assert chat.say(text)[0].topic == "claim"


def test_cards_faced_in_silence_are_not_proven_a_claim(dialogue: Dialogue) -> None:
    # whether that was a claim is what the player asks (48B2, 68A): not read as one
    proven = dialogue.describe(
        "decl put her remaining cards face up at trick 10 and said nothing, what does that mean"
    ).proven
    assert "claim" not in proven


OWN_CARD_TURNED = [
    "the defender on declarer's right asked 'what did i play to the last trick?' and turned her "
    "card back up to look. declarer objected",
    "at T7 lho turned over her own card from trick 6 to check it, then led a heart",
]


@pytest.mark.parametrize("text", OWN_CARD_TURNED)
def test_a_player_turning_his_own_played_card_up_again_is_a_look_at_it(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    description = dialogue.describe(text)
    assert description.proven[0] == "trick_inspection"
    assert description.facts["inspect_event"] == "own_card"  # 66B, not the whole trick
    assert chat.say(text)[0].topic == "quitted_tricks"


def test_a_look_at_her_own_last_card_before_her_side_plays_on_is_allowed(chat: Chat) -> None:
    seen = walk(
        chat,
        "lho flipped her card back up to see what she'd played, her pd hadnt led yet. declarer "
        "says she cant",
        "player",
        "no",
    )
    ruling = ruling_of(seen)
    assert ruling.topic == "quitted_tricks"
    assert tuple(ruling.citations) == ("66B",)


def test_a_claim_agreed_then_two_counts_of_it_is_the_count(dialogue: Dialogue, chat: Chat) -> None:
    # the claim was agreed: which count it made is the director's to settle (79B)
    text = (
        "declarer claimed at T10 and we accepted, but then we couldnt agree whether it was 9 or "
        "10 tricks in total"
    )
    assert dialogue.describe(text).proven[0] == "score_disputed"
    assert chat.say(text)[0].topic == "score_correction"


LAW_QUESTION_HEARD = [
    (
        "overheard someone at the other table saying you can look at the last trick until you "
        "lead to the next. true?",
        "quitted_tricks",
    ),
    (
        "heard at the next table: someone asking whether dummy is allowed to ask declarer 'no "
        "spades?'. is he?",
        "dummy_rights",
    ),
]


@pytest.mark.parametrize(("text", "topic"), LAW_QUESTION_HEARD)
def test_a_rule_heard_from_another_table_is_no_information_about_a_board(
    text: str, topic: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert "information_from_outside" not in dialogue.describe(text).proven
    assert chat.say(text)[0].topic == topic


def test_a_board_heard_from_another_table_is_still_outside_information(
    dialogue: Dialogue,
) -> None:
    proven = dialogue.describe(
        "heard the next table arguing about whether 4S makes on bd 12 before we played it"
    ).proven
    assert proven[0] == "information_from_outside"


AGREED_THEN_DOUBTED_IN_THE_ROUND = [
    "declarer claimed the rest at T9 and we agreed, but 10 mins later in the same round i "
    "realised she had a losing club. can we still object?",
    "opps claimed at T11 and pd said ok, then before we took out the next board i saw they "
    "still had a trump loser",
]


@pytest.mark.parametrize("text", AGREED_THEN_DOUBTED_IN_THE_ROUND)
def test_a_claim_agreed_then_doubted_within_the_round_is_contested(
    text: str, dialogue: Dialogue
) -> None:
    # agreement is established only by a call on the next board or the round's end (69A):
    # before that the claim is still open to dispute (70), not an agreement withdrawn (69B)
    assert dialogue.describe(text).facts.get("claim_objected_told") == "disputed"


def test_a_claim_agreed_and_doubted_after_the_next_board_is_withdrawn_later(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "declarer claimed at T9, we agreed and played the next board, then pd said she had a trump"
    ).facts
    assert "claim_objected_told" not in facts
    assert facts.get("claim_agreed_then_found") == "withdrawn_later"


def test_a_claim_doubted_within_the_round_is_ruled_as_contested(chat: Chat) -> None:
    seen = walk(
        chat,
        "declarer claimed the rest at T9 and we agreed, but 10 mins later in the same round i "
        "realised she had a losing club. can we still object?",
        "no",  # no trump out
        "none",  # no line stated
    )
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "70A" in ruling.citations
    assert "69B" not in ruling.citations


def test_a_partner_objecting_at_once_in_his_own_quoted_words_is_read(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "my pd conceded the last 2 at trick 12 and i said 'no wait!' straight away because i "
        "had the trump ace"
    ).facts
    assert facts.get("concession_partner_objected") == "yes"


def test_declarer_answering_a_concession_makes_the_conceder_a_defender(chat: Chat) -> None:
    # dummy never concedes: with declarer another player, pd's concession is a defender's,
    # and his partner objecting at once means there was none (68B2)
    seen = walk(
        chat,
        "pd conceded the rest at trick 11, i said 'hang on' immediately as i had a trump, and "
        "declarer said 'too late, you agreed'",
    )
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "68B2" in ruling.citations


def test_dummy_asking_after_leaving_his_seat_is_ruled_as_after_a_breach(chat: Chat) -> None:
    # the story tells the breach (43A2): not asked, and the revoke counts as established
    seen = walk(
        chat,
        "dummy got up and looked at my hand mid play, then at trick 9 asked declarer 'no "
        "spades?' when she discarded. she did have one",
    )
    assert not any("broken one of these limits" in t.text for t in seen)
    ruling = ruling_of(seen)
    assert "43B2(b)" in ruling.citations
    assert "43A2(b)" in ruling.citations


def test_another_player_looking_at_a_hand_is_no_breach_by_dummy(dialogue: Dialogue) -> None:
    facts = dialogue.describe(
        "lho looked at my hand by accident, then dummy asked declarer 'no hearts?'"
    ).facts
    assert "dummy_violated_told" not in facts


def test_dummy_pointing_out_a_lead_after_peeking_is_told_as_after_a_breach(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "dummy wandered round and peeked at lho's cards, and later pointed out that rho had led "
        "out of turn"
    ).facts
    assert facts.get("dummy_violated_told") == "yes"


def test_a_record_checked_after_the_board_is_where_the_count_was_found_wrong(
    dialogue: Dialogue,
) -> None:
    proven = dialogue.describe(
        "we all agreed 10 tricks for declarer at the table but when i checked the hand record "
        "after the session they could only ever have made 9"
    ).proven
    assert proven[0] == "score_disputed"
    assert "information_from_outside" not in proven


def test_a_remark_then_the_hand_spread_is_a_claim_agreed_then_found_wrong(
    dialogue: Dialogue, chat: Chat
) -> None:
    text = (
        "decl said 'all good' and tabled, we said fine and bid the next board, then pd "
        "goes 'hang on i still had a trump'"
    )
    description = dialogue.describe(text)
    assert description.proven[0] == "claim"
    assert description.facts.get("claim_agreed_then_found") == "withdrawn_later"
    seen = walk(chat, text, "in_period")
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "69B" in ruling.citations


def test_a_concession_told_twice_and_objected_at_once_by_partner_is_none(chat: Chat) -> None:
    seen = walk(
        chat,
        "lho (defending) said 'you've got the rest' and chucked her cards in, and her partner "
        "immediately said 'no, i've got the ♣A'. declarer wants all the tricks",
    )
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "68B2" in ruling.citations


def test_the_other_pair_saying_it_was_another_count_is_a_count_disputed(
    dialogue: Dialogue, chat: Chat
) -> None:
    text = "round's over and the previous opps come over to our table saying it was 8 tricks not 9"
    proven = dialogue.describe(text).proven
    assert proven[0] == "score_disputed"
    assert "information_from_outside" not in proven
    assert chat.say(text)[0].topic == "score_correction"


POINTED_AS_WON = [
    "end of the hand we say 9 tricks, they say 10. turns out rho had turned his card from T7 "
    "like they'd won it, but pd won that one",
    "at the end lho's card at trick 3 was pointed wrong, her row shows 5 tricks but they only "
    "took 4. which count stands?",
]


@pytest.mark.parametrize("text", POINTED_AS_WON)
def test_a_played_card_pointed_as_a_trick_it_was_not_is_the_played_cards_matter(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    # the count rests on a card pointed wrongly (65C, 66D), not on two counts alone (79)
    assert dialogue.describe(text).proven[0] == "card_pointed_wrong"
    assert chat.say(text)[0].topic == "quitted_tricks"


def test_a_card_played_as_if_the_trick_were_won_is_no_pointing(dialogue: Dialogue) -> None:
    assert (
        "card_pointed_wrong"
        not in dialogue.describe(
            "declarer played the ♠A as if she had won the trick already"
        ).proven
    )


def test_a_kibitzer_telling_the_story_is_no_outside_information(
    dialogue: Dialogue, chat: Chat
) -> None:
    text = (
        "kibitzer here. declarer claimed at T10 saying the rest were hers, the defence weren't "
        "sure, so everyone just kept playing and she went one off. which result counts?"
    )
    proven = dialogue.describe(text).proven
    assert proven == ("claim",)
    assert chat.say(text)[0].topic == "claim"


def test_a_kibitzer_speaking_during_the_auction_is_still_outside_information(
    dialogue: Dialogue,
) -> None:
    proven = dialogue.describe(
        "a kibitzer behind me said 'lead a spade' out loud during the auction"
    )
    assert proven.proven[0] == "information_from_outside"
