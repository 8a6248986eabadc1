"""Play irregularities read from what happened, not from the words of a topic's aliases: a
card out of a hand, a card left face up, a played card changed, a look back at a trick, a
score entered wrongly. Each story here is worded unlike the labelled examples (lowercase,
shorthand, typos) so that the reading, not a copied phrase, is what is tested.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, took_text

PENALTY = "This is about: Penalty cards and exposed cards in play"


def _announced(
    chat: Chat, dialogue: Dialogue, text: str, proven: str, opening: str, taken: str
) -> None:
    """The story proves this one irregularity, its topic is announced, and the user is shown
    what was taken from his words."""
    assert dialogue.describe(text).proven == (proven,)
    turns = chat.say(text)
    assert turns[0].text.startswith(opening)
    assert taken in took_text(turns)


def test_a_card_of_a_player_the_seats_do_not_place_is_an_exposed_card(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Nobody said who declared: the card that slipped out is still the matter, and whose it
    was is asked, not guessed."""
    text = "N dropped the hK face up mid hand while sorting his cards. E says it stays out"
    assert dialogue.describe(text).proven == ("card_exposed",)
    turns = chat.say(text)
    assert turns[0].text.startswith(PENALTY)
    assert "the player at fault" not in took_text(turns)


def test_a_card_dropped_in_the_auction_stays_the_auction_law(dialogue: Dialogue) -> None:
    """Before the play the same words are Law 24's: no penalty card is proven."""
    text = "while we were bidding pd dropped the ♠K face up, i saw it"
    assert "card_exposed" not in dialogue.describe(text).proven


def test_a_card_dropped_on_a_trick_is_not_a_card_out_of_the_hand(dialogue: Dialogue) -> None:
    """A card dropped onto a trick that already had his card is a fifth card, not a penalty
    card."""
    text = "t8 rho had already played the ♣6 then dropped the ♣K on top of it too, 5 cards there"
    assert "card_exposed" not in dialogue.describe(text).proven


def test_a_card_left_face_up_from_earlier_is_announced_as_a_penalty_card(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The state told in everyday words - a defender's card sitting face up on the table -
    is what the penalty-card topic rules on, whatever the later question."""
    text = (
        "playing 4s, my lho has had the heart jack lying exposed since trick 3. "
        "now his pd is on lead, what can i make him lead"
    )
    assert dialogue.describe(text).proven[0] == "penalty_card_held"
    assert chat.say(text)[0].text.startswith(PENALTY)


def test_dummys_cards_on_the_table_are_no_penalty_card(dialogue: Dialogue) -> None:
    """All of dummy's cards lie face up: two of them left at the end is a defective trick."""
    text = "got to the end and dummy still had 2 cards on the table, everyone else 1"
    assert "penalty_card_held" not in dialogue.describe(text).proven


RETRACT = "This is about: Taking back a played card"


def test_a_card_played_then_taken_back_in_the_players_own_words_is_announced(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'played the ♦4, then went "no no, the jack"': the player's own words after his card
    ask for it back (Law 47); nothing in the story names the topic."""
    text = "decl played the ♦4 from hand then went 'no no, the jack'. nobody else had played yet"
    assert dialogue.describe(text).proven == ("card_taken_back",)
    assert chat.say(text)[0].text.startswith(RETRACT)


def test_an_opponent_who_changed_his_card_is_read_as_a_card_taken_back(chat: Chat) -> None:
    """'lho changed her card' in everyday words: the card after it may come back too (47D),
    and the bot takes that reason from the story."""
    turns = chat.say("lho changed her card after my pd had played, now pd wants to chnage his too")
    assert turns[0].text.startswith(RETRACT)
    assert "an opponent changed the card he played" in took_text(turns)


def test_another_players_no_is_not_the_player_taking_his_card_back(dialogue: Dialogue) -> None:
    """Declarer refusing a lead ('no thanks, w is on lead') is not the leader taking it back."""
    text = "e led the h5 at t4 and decl said 'no thanks, w is on lead'"
    assert "card_taken_back" not in dialogue.describe(text).proven


def test_a_lead_to_be_changed_after_a_wrong_explanation_is_not_announced_as_retraction(
    dialogue: Dialogue,
) -> None:
    """A lead made on an explanation of a call is the misinformation Laws' (47E2 after 21):
    the wish to change it proves no plain card taken back."""
    text = (
        "rho told me their 2d was natural so i led a diamond, turns out it was a transfer. "
        "can i change my lead"
    )
    assert "card_taken_back" not in dialogue.describe(text).proven


QUITTED = "This is about: Played cards - arranging and looking at tricks"


def test_cards_swept_up_before_the_count_was_agreed_are_the_mixed_cards_case(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The rows that would settle the count are gone before it was agreed (65D, 66D): the
    quitted-tricks topic, with the event taken from the story."""
    text = "rho swept all his played cards into a pile before we'd agreed the count, now they say 8"
    _announced(
        chat,
        dialogue,
        text,
        "tricks_disputed",
        QUITTED,
        "mixed up his played cards before the trick count was agreed",
    )


def test_a_wish_to_go_back_through_the_tricks_mid_hand_is_an_inspection(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'wants to go back thru the tricks' during play is a look at quitted tricks (66C), with
    the revoke check taken from the story."""
    text = "t9, pd wants to go back thru the tricks to see if decl followed to clubs earlier"
    _announced(
        chat,
        dialogue,
        text,
        "trick_inspection",
        QUITTED,
        "inspect quitted tricks to check a revoke",
    )


def test_looking_back_through_the_tricks_as_the_story_of_a_find_is_no_request(
    dialogue: Dialogue,
) -> None:
    """'went back through the tricks and found ...' tells how a defective trick was found;
    nobody asks to look, so no inspection is proven."""
    text = (
        "at the end w still had a card. went back through the tricks and found trick 7 only "
        "had three cards"
    )
    assert "trick_inspection" not in dialogue.describe(text).proven


SCORE = "This is about: Tricks won and score corrections"


def test_a_result_keyed_in_with_the_wrong_vulnerability_is_a_score_recorded_wrongly(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'bridgemate had us nv when we were vul': what was entered set against what was so
    (79C), with the timing taken from the story."""
    text = "bridgemate had us nv on bd 9 when we were vul, the opps agree. results not up yet"
    _announced(
        chat,
        dialogue,
        text,
        "score_recorded_wrong",
        SCORE,
        "the score was recorded or worked out wrongly",
    )


def test_two_sides_counting_differently_through_the_contract_is_a_count_disputed(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'ns say 4h made 10, ew say 9': two counts of the same tricks (79B), told through the
    contract rather than as 'tricks'."""
    text = "bd 4 ns say 4h made 10, ew say 9. every card played, no claim"
    assert dialogue.describe(text).proven == ("score_disputed",)
    assert chat.say(text)[0].text.startswith(SCORE)


def test_a_count_accepted_then_found_wrong_is_a_score_question(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'we accepted 9 ... they only won 8': the agreed count questioned (79A2), announced."""
    text = "we accepted 9 tricks for them at the table but then saw they only won 8"
    assert dialogue.describe(text).proven == ("score_disputed",)
    assert chat.say(text)[0].text.startswith(SCORE)


def test_a_count_nobody_could_agree_is_ruled_with_its_facts_taken(chat: Chat) -> None:
    """'couldnt agree on how many tricks' in a played-out hand: the dispute, no claim, the
    round still on, all taken from the story and nothing asked."""
    turns = chat.say(
        "couldnt agree on how many tricks decl made, all cards played out, still in the round"
    )
    assert turns[0].text.startswith(SCORE)
    assert "the sides disagree about the number of tricks won" in took_text(turns)
    assert any(t.text.startswith("RULING") for t in turns)


def test_a_claim_agreed_then_found_wrong_is_not_a_count_accepted(dialogue: Dialogue) -> None:
    """'agreed decl's claim of 10' and a trick found later is the claim Laws' (69B)."""
    text = "agreed decl's claim of 10, then pd realised we had a trump winner. can we get it back"
    assert "score_disputed" not in dialogue.describe(text).proven


PLAYED = "This is about: When a card counts as played"


def test_dummy_moving_a_card_before_declarer_named_one_is_announced(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dummy put a card forward on his own (45F): announced, with what he did taken."""
    text = (
        "my dummy slid the ♥A out towards the middle before i had said anything, lho says "
        "its played"
    )
    _announced(
        chat,
        dialogue,
        text,
        "dummy_card_moved",
        PLAYED,
        "dummy touched or pointed at a card on his own",
    )


def test_declarers_sleeve_on_a_dummy_card_is_a_touched_card(chat: Chat, dialogue: Dialogue) -> None:
    """Declarer reaching past one of dummy's cards and nudging it (45C3): his touch, not a
    play dummy made, and the ruling follows from the story."""
    text = (
        "t4 decl was reaching for dummys ♣3 and his sleeve nudged the ♣Q out of line. rho says "
        "the q is played"
    )
    _announced(
        chat, dialogue, text, "dummy_card_touched", PLAYED, "declarer touched a card in dummy"
    )


def test_a_second_dummy_card_put_on_a_full_trick_is_no_touch(dialogue: Dialogue) -> None:
    """A card of dummy's dropped on a trick that already had four is a fifth card."""
    text = (
        "t11 decl picked a second card off dummy and dropped it onto a trick already complete "
        "with 4 cards"
    )
    assert "dummy_card_touched" not in dialogue.describe(text).proven


def test_a_card_turned_face_down_before_partner_played_is_announced(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'put her card face down while my pd was still to play': a card turned early (65A)."""
    text = "lho put her card face down on the trick while my pd was still to play, pd never saw it"
    _announced(
        chat,
        dialogue,
        text,
        "card_turned_early",
        PLAYED,
        "turned face down before the trick was complete",
    )


WRONG_COUNT = "This is about: A hand with the wrong number of cards"


def test_a_hand_that_runs_out_of_cards_early_is_a_wrong_count(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'ran out of cards while the rest of us still had 6': a hand a card short (Law 14)."""
    text = (
        "t8 rho ran out of cards while the rest of us still had 6, the ♦9 turned up under his chair"
    )
    assert dialogue.describe(text).proven == ("wrong_card_count",)
    assert chat.say(text)[0].text.startswith(WRONG_COUNT)


def test_a_count_of_twelve_in_words_is_a_wrong_count(chat: Chat, dialogue: Dialogue) -> None:
    """'counted only twelve' is a hand short, told in words rather than '12 cards'."""
    text = "lho counted only twelve after the auction, lead not faced yet, nobody saw anything"
    assert dialogue.describe(text).proven == ("wrong_card_count",)
    assert chat.say(text)[0].text.startswith(WRONG_COUNT)


def test_a_hand_a_card_over_because_a_trick_was_skipped_is_the_trick(
    dialogue: Dialogue,
) -> None:
    """A card left over because a player skipped a trick is the defective-trick Law's (67),
    not a hand dealt wrong."""
    text = "at the end w had one card too many, he skipped trick 8 (a club lead)"
    assert "wrong_card_count" not in dialogue.describe(text).proven


def test_tricks_counted_are_not_cards_counted(dialogue: Dialogue) -> None:
    """'we had 12 tricks' counts tricks, not a hand's cards."""
    text = "we had 12 tricks in 6nt but the opps say we only made 11"
    assert "wrong_card_count" not in dialogue.describe(text).proven


REVOKE = "This is about: Revoke (failure to follow suit)"


def test_a_discard_while_holding_a_named_card_of_the_suit_led_is_a_revoke(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'pitched a spade on a club lead though holding the ♣6': the holding told as a card,
    the revoke proven from it."""
    text = (
        "4h by n. t5 e pitched a spade on a club lead though holding the ♣6, n won it. "
        "found at the end, cards still out"
    )
    assert dialogue.describe(text).proven == ("revoke",)
    assert chat.say(text)[0].text.startswith(REVOKE)


def test_a_discard_with_the_suit_still_in_hand_is_a_revoke(chat: Chat, dialogue: Dialogue) -> None:
    """'threw a club ... with a heart still in his hand', before the next trick: a revoke not
    yet established, with that taken from the story."""
    text = (
        "3nt by s. t4 rho threw a club on my heart lead with a heart still in his hand. "
        "nobody has played to t5 yet"
    )
    assert dialogue.describe(text).proven == ("revoke",)
    turns = chat.say(text)
    assert turns[0].text.startswith(REVOKE)


def test_the_card_a_player_ruffed_with_is_not_a_holding(dialogue: Dialogue) -> None:
    """'ruffed with the S4' names the trump used, not a card of the suit led kept back."""
    text = "t2 s ruffed with the s4 from hand, then said 'no, let me ruff high' before w played"
    assert "revoke" not in dialogue.describe(text).proven


LEAD = "This is about: Lead out of turn (or from the wrong hand)"


def test_the_wrong_opponent_leading_is_a_lead_out_of_turn_ruled_from_the_story(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'wrong opp led the ♦k face up to start': the opening lead out of turn, with the
    defender, the faced card and the missing dummy taken, and the ruling given at once."""
    text = "4s by n. wrong opp led the ♦k face up to start, dummy not down yet. what can decl do"
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)
    turns = chat.say(text)
    assert turns[0].text.startswith(LEAD)
    took = took_text(turns)
    assert "A defender led out of turn" in took
    assert "it was the opening lead" in took
    assert any(t.text.startswith("RULING") for t in turns)


def test_a_lead_to_the_last_trick_after_partner_won_the_twelfth_is_out_of_turn(
    dialogue: Dialogue,
) -> None:
    """'rho led his last card but my pd had won trick 12': who won the last trick says who
    was on lead."""
    text = "t13, rho led his last card but my pd had won trick 12"
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)


def test_a_lead_said_to_be_in_turn_is_no_lead_out_of_turn(dialogue: Dialogue) -> None:
    """'it was his lead alright' says the lead was his: the change of card is the matter."""
    text = (
        "e led the ♠k at trick 1, it was his lead alright, then before dummy came down he "
        "said 'no i meant the ♠q'"
    )
    assert "lead_out_of_turn" not in dialogue.describe(text).proven


PREMATURE = "This is about: Premature or simultaneous play"


def test_a_card_put_on_before_the_player_in_turn_had_played_is_premature(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'rho hadnt played yet and lho threw the ♥K on it': a card before the player whose
    turn it was (57), told as the state of the trick rather than as 'before his partner'."""
    text = "decl led a heart from dummy, rho hadnt played yet and lho threw the ♥K on it"
    assert dialogue.describe(text).proven == ("played_before_turn",)
    assert chat.say(text)[0].text.startswith(PREMATURE)


def test_declarer_playing_before_anything_came_from_dummy_is_premature(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Declarer's own card from hand before dummy had played is an early play too (57C3)."""
    text = "i led the ♠2 and decl threw his ♠K from hand before anything came from dummy"
    assert dialogue.describe(text).proven == ("played_before_turn",)
    assert chat.say(text)[0].text.startswith(PREMATURE)


def test_a_lead_before_the_proper_leader_could_lead_is_not_an_early_play(
    dialogue: Dialogue,
) -> None:
    """'before W could lead, N put a card face up as if leading' is the lead question (54,
    24), not a card played before its turn."""
    text = "4s by s. before w could lead, n (dummy to be) put the ♥q face up as if leading"
    assert "played_before_turn" not in dialogue.describe(text).proven


CLAIM = "This is about: Claims and concessions"


def test_cards_put_down_saying_you_get_the_rest_is_a_concession(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The cards shown 'and said' look like a claim, but what he said gives the tricks away:
    a concession (68B), whose partner's objection is the next question."""
    text = (
        "t10 lho (defending) put his cards down and said 'you get the rest', his pd went "
        "'no wait' at once"
    )
    assert dialogue.describe(text).proven == ("concession",)
    assert chat.say(text)[0].text.startswith(CLAIM)


def test_a_line_of_play_announced_is_a_claim(chat: Chat, dialogue: Dialogue) -> None:
    """'crossruff the rest' with the hand shown: tricks claimed in the claimer's own words."""
    text = "4s by s, at t9 decl showed his hand 'crossruff the rest'. we object"
    assert dialogue.describe(text).proven == ("claim",)
    assert chat.say(text)[0].text.startswith(CLAIM)


def test_i_lose_one_more_is_a_concession(dialogue: Dialogue) -> None:
    """'I lose one more' at trick 12 gives a trick away (71)."""
    text = "declarer, tired, said 'i lose one more' at t12 and we wrote down 10"
    assert dialogue.describe(text).proven == ("concession",)


DUMMY = "This is about: Dummy's rights and limitations"


def test_dummy_wandering_round_to_watch_is_announced_and_ruled(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dummy left his seat to watch declarer (43A2(b)): the act read from the story, ruled
    at once."""
    text = "lho was dummy, got up and wandered round behind his pd to watch the play for 3 tricks"
    _announced(
        chat, dialogue, text, "dummy_acted", DUMMY, "dummy left his seat to watch declarer play"
    )


def test_dummy_glancing_at_a_defenders_cards_is_dummy_acting(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'as dummy i glanced at rho's cards': dummy looking at a defender's hand (43A2(c))."""
    text = "as dummy i glanced at rho's cards when he held them low. is that allowed"
    _announced(chat, dialogue, text, "dummy_acted", DUMMY, "dummy looked at a defender's cards")


def test_the_leader_looking_once_dummy_is_down_is_not_dummy_acting(dialogue: Dialogue) -> None:
    """'after dummy had gone down he looked at it': the leader looked, not dummy."""
    text = (
        "lho led the ♣3 and after dummy had gone down he looked at it and said 'oh no, i "
        "wanted a diamond'"
    )
    assert "dummy_acted" not in dialogue.describe(text).proven


NAMED_FOR_DUMMY = (
    "dummy is on lead, i just said 'king' and pd put out the ♥K, i wanted the ♠K. opps say "
    "it stands",
    "LHO led a club, i said 'low' for dummy and pd played the ♣2 but i meant the ♣9 to cover. "
    "opps say tough",
)


@pytest.mark.parametrize("text", NAMED_FOR_DUMMY)
def test_declarer_naming_dummys_card_is_not_a_remark_partner_may_not_use(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    """Declarer saying 'king' for dummy, and dummy then playing, is a designation (Law 46):
    nothing is proven about information passed to partner, nor about a card taken back, so
    the card-naming topic leads."""
    assert dialogue.describe(text).proven == ()
    assert dialogue.rank(text)[0].topic.id == "dummy_designation"
    assert "Unauthorised information" not in chat.say(text)[0].text


def test_a_remark_before_partners_call_is_still_unauthorised_information(
    dialogue: Dialogue,
) -> None:
    """Only a card named for dummy's play is a designation: an opponent's quoted remark
    before his partner's call keeps proving Law 16B."""
    text = "i opened 1h, lho passed and said 'ugh, hopeless hand' and then rho doubled. UI surely"
    assert dialogue.describe(text).proven == ("remark_then_action",)


def test_a_card_put_out_before_declarer_leads_again_is_the_matter(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The lead from the wrong hand was dealt with ('told to lead from dummy'); a defender's
    card put out before declarer led again is what the story asks about (Law 60B), and the
    director telling declarer to take his card back is not an opponent saying 'your lead'."""
    text = (
        "decl led the d4 from hand when dummy had won, TD told him to take it back and lead "
        "from the board. before he did, lho put the dA down. what now?"
    )
    reading = dialogue.describe(text)
    assert reading.proven[0] == "played_before_turn"
    assert reading.facts.get("lead_event") != "told_turn"
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Premature or simultaneous play")
    assert "60B" in turns[-1].text


def test_a_lead_made_face_down_is_the_opening_lead(dialogue: Dialogue) -> None:
    """Only the opening lead is made face down: by the wrong defender, with declarer known,
    it is an opening lead out of turn (Law 54 after 41A), read without 'opening' said."""
    reading = dialogue.describe("3S by N. W led the ♥Q face down, pd goes hang on its my lead")
    assert reading.proven[:1] == ("lead_out_of_turn",)
    assert reading.facts["lead_trick"] == "opening"


@pytest.mark.parametrize(
    "text",
    [
        "4s by e. t5 s led a heart, dummy played low, n ruffed. turns out n had a heart all "
        "along. found at t9",
        "3nt by e. w led a club at t4, n showed out and threw a diamond, n still had a club. "
        "noticed at t7",
    ],
)
def test_a_lowercase_seat_letter_before_the_act_is_the_player(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    """Director shorthand in lowercase: 'n ruffed' is North. Read as nobody, the ruff was put
    on the dummy named just before it (a dummy cannot be shown to have revoked this way), and
    North's holding, told a sentence later, proved nothing."""
    description = dialogue.describe(text)
    assert description.proven == ("revoke",)
    assert description.facts.get("revoke_offender_role") != "dummy"
    assert chat.say(text)[0].text.startswith("This is about: Revoke")


def test_another_players_holding_told_later_proves_no_revoke(dialogue: Dialogue) -> None:
    """South's heart says nothing about North's ruff."""
    text = (
        "4s by e. t5 s led a heart, dummy played low, n ruffed. turns out s had a heart all "
        "along. found at t9"
    )
    assert "revoke" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "hand's over. lho wants to look through the tricks, reckons pd didnt follow to a "
        "spade somewhere. pd says no way",
        "end of the hand and my rho thinks i never followed at t4, wants to go back through all "
        "my played cards. can he",
    ],
)
def test_looking_through_the_tricks_for_a_revoke_once_play_is_over_is_the_revoke_matter(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    """The labelling sheet's rule: once play is over the cards may be examined to settle a
    revoke claim (66D), which the revoke topic rules on without a question; during the play
    the same wish is the quitted-tricks matter (66C)."""
    assert dialogue.describe(text).proven[0] == "revoke_inspection"
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Revoke")
    assert turns[-1].type == "ruling" and "66D" in turns[-1].text


def test_looking_back_for_a_revoke_during_the_play_stays_the_quitted_tricks_matter(
    dialogue: Dialogue,
) -> None:
    text = "mid hand, at trick 6, lho wants to look back through the tricks to see if i followed"
    assert dialogue.describe(text).proven == ("trick_inspection",)


def test_dummy_told_as_she_getting_up_to_look_at_declarers_hand_is_announced(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'my partner was dummy and she got up to look at my hand': 43A2(b), ruled at once."""
    text = (
        "hi all, newbie question. my partner was dummy and she got up to look at my hand while "
        "i was playing. is that allowed?"
    )
    assert dialogue.describe(text).proven == ("dummy_acted",)
    turns = chat.say(text)
    assert turns[-1].type == "ruling" and "43A2(b)" in turns[-1].text


def test_dummy_then_another_she_looking_is_not_dummys_act(dialogue: Dialogue) -> None:
    text = "my pd was dummy and she said nothing all hand, then she looked at me"
    assert "dummy_acted" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "board 22 ns vul, 4hx by w making 5. entered as 4h= by w. ew think they should get 1190",
        "4h x - 1 at our table, the traveller went in as 4h-1",
    ],
)
def test_a_result_told_then_recorded_as_another_is_a_score_recorded_wrongly(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    assert dialogue.describe(text).proven == ("score_recorded_wrong",)
    assert chat.say(text)[0].text.startswith("This is about: Tricks won and score corrections")


def test_the_same_result_told_twice_is_no_wrong_record(dialogue: Dialogue) -> None:
    text = "4s by n making 10 tricks, entered as 4s= by n. is that right"
    assert "score_recorded_wrong" not in dialogue.describe(text).proven


def test_a_role_said_inside_a_quoted_remark_is_not_the_tellers(dialogue: Dialogue) -> None:
    """'ok I'm dummy then' is declarer's remark: read as the teller saying he was dummy, his
    own opening lead out of turn became a lead by declarer's side (Law 54 vs 55)."""
    text = (
        "I faced the ♠K at trick one and then realised it was partner's lead. Declarer didn't "
        "even argue, he just put his hand down on the table and said 'ok I'm dummy then'."
    )
    facts = dialogue.describe(text).facts
    assert facts.get("lead_offender_role") != "declarer"
    assert facts.get("lead_actor_side") != "declarer"


def test_a_player_placed_on_the_right_of_declarer_is_not_declarer(dialogue: Dialogue) -> None:
    text = (
        "auction ends 4H by S, and my pd on the right of declarer puts a card face down on the "
        "table. i had to tell her 'its my lead pd'. card's still face down, nobody's seen it"
    )
    assert dialogue.describe(text).facts.get("lead_offender_role") == "defender"


@pytest.mark.parametrize(
    "text",
    [
        "pd led a heart at trick 4 when declarer had won the previous trick. before anyone could "
        "say anything declarer led the ♣A from hand (his proper lead). what happens to pd's heart",
        "At trick eight my partner led a diamond, but it was declarer's lead. Before anyone said a "
        "word, declarer then led the ace of clubs from her own hand.",
    ],
)
def test_declarers_proper_lead_told_after_a_lead_out_of_turn_is_not_the_offence(
    dialogue: Dialogue, text: str
) -> None:
    """The words 'declarer led' told after partner's lead are declarer's proper lead (53B):
    they must not make the declaring side the offender (Law 55 instead of 56)."""
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    assert dialogue.facts_for(topic, text).facts.get("offender_role") != "declarer"


def test_declarer_told_leading_from_the_wrong_hand_is_still_the_declaring_side(
    dialogue: Dialogue,
) -> None:
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    text = "at trick 5 declarer led a spade from hand when he was in dummy"
    assert dialogue.facts_for(topic, text).facts.get("offender_role") == "declarer"
