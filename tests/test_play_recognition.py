"""Neighbouring play incidents - a lead out of turn, a card taken back, a card played, a
premature play, a defective trick - told in everyday words reach the topic whose law decides
them, because the reader proves what happened from the story: who won the last trick and in
which hand, who led after whom, whose word the lead was made on, when the table noticed.

None of these wordings is in the labelled story sets: they check that the reading generalises.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue, Turn

from conftest import Chat, ruling_of, walk

LEAD = "This is about: Lead out of turn"
RETRACT = "This is about: Taking back a played card"
CARD_PLAYED = "This is about: When a card counts as played"
PREMATURE = "This is about: Premature or simultaneous play"
DEFECTIVE = "This is about: Defective trick"


def _topic_first(turns: list[Turn], topic_id: str, opening: str) -> bool:
    """The topic is announced at once, or (where the examples all but rule it out) offered
    first in the menu and announced once picked (``_walk`` picks the first choice)."""
    if turns[0].text.startswith(opening):
        return True
    offered = [c.id for c in turns[0].choices]
    return offered[:1] == [topic_id] and turns[1].text.startswith(opening)


def test_a_lead_from_the_wrong_hand_the_examples_doubt_is_offered_first(chat: Chat) -> None:
    """Proven from who won the last trick, but worded like a premature play: the lead out of
    turn is offered first (one tap), never another topic announced."""
    turns = chat.say(
        "declarer started the next trick from hand, but dummy's jack had won. I haven't played yet"
    )
    offered = [c.id for c in turns[0].choices]
    assert turns[0].text.startswith(LEAD) or offered[:1] == ["lead_out_of_turn"]


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        (
            "rho led out of turn; before anyone said anything my partner made the proper lead. "
            "does rho's card go back?",
            {"47F1", "53B"},
        ),
        (
            "rho led the HQ out of turn, and before declarer decided I led the club ace from my "
            "hand as I was on lead. does rho's queen go back?",
            {"47F1"},
        ),
    ],
)
def test_a_proven_retraction_question_the_examples_doubt_is_offered_first(
    text: str, cited: set[str], chat: Chat
) -> None:
    """Whether the card led out of turn goes back after the proper lead: the lead out of
    turn's topic (53B says which card stands; docs/labelling.md, 'the proper leader leads
    after a lead out of turn'), never announced as taking back a played card. (The topic then
    asks which lead and who led before 53B: see the closing note of 2026-11-26.)"""
    turns = chat.say(text)
    assert turns[0].text.startswith(LEAD), turns[0].text
    assert not any(t.text.startswith(RETRACT) for t in turns)


@pytest.mark.parametrize(
    "text",
    [
        "declarer took trick 8 in dummy with the king, then led a small spade from his hand",
        "3NT by S. T9 won by N but S led a heart from hand",
        "he won the 5th trick on the board and then led from hand. what now",
        "declarer won in hand and then played a diamond from dummy",
    ],
)
def test_a_lead_from_the_hand_that_did_not_win_the_last_trick_is_declarers_lead_out_of_turn(
    text: str, chat: Chat, dialogue: Dialogue
) -> None:
    """The hand that won the last trick leads the next; a card from declarer's other hand is
    his lead out of turn (Law 55), never asked who led."""
    facts = dialogue.describe(text).facts
    assert facts["lead_offender_role"] == "declarer"
    turns = walk(chat, text)
    assert turns[0].text.startswith(LEAD)
    assert not any(t.text.startswith("Who led out of turn?") for t in turns)
    assert "55A" in ruling_of(turns).citations


@pytest.mark.parametrize(
    "text",
    [
        "I won the trick in dummy, but West led from his hand",
        "i won T4 in dummy but lho led from his hand, what now",
    ],
)
def test_a_lead_by_another_after_i_won_in_dummy_is_a_defenders_lead_out_of_turn(
    text: str, chat: Chat
) -> None:
    """Only declarer wins a trick in dummy, so the teller is declarer and the player who led
    'from his hand' is a defender: a defender's lead out of turn (Laws 53, 56), not
    declarer's from the wrong hand (55)."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(LEAD)
    assert any("A defender led out of turn" in t.text for t in turns)
    cited = ruling_of(turns).citations
    assert "56A" in cited
    assert not any(c.startswith("55") for c in cited)


def test_the_last_trick_won_in_hand_makes_a_lead_from_dummy_the_lead_to_trick_13(
    dialogue: Dialogue,
) -> None:
    """'had won T12 in hand': the wrong-hand lead is to the thirteenth trick (53A does not
    apply there)."""
    facts = dialogue.describe(
        "last trick: declarer led his last card from dummy but he had won T12 in hand"
    ).facts
    assert facts["lead_trick"] == "thirteen"


def test_an_opponents_proper_lead_after_a_lead_out_of_turn_is_read(chat: Chat) -> None:
    """Declarer, whose lead it was, led his own card on top of a defender's lead out of turn:
    his proper lead stands and the defender's card may go back (Law 53B, 47F1)."""
    text = (
        "4S by S. W led the club 2 out of turn, but S had won the last trick in hand and just led "
        "his own card, the SK, before anyone said anything. what now"
    )
    turns = walk(chat, text)
    assert turns[0].text.startswith(LEAD)
    assert not any(t.text.startswith("What has the other side chosen") for t in turns)
    assert {"53B", "47F1"} <= set(ruling_of(turns).citations)


@pytest.mark.parametrize(
    "text",
    [
        "lho led the heart 3 out of turn, and then I, whose lead it really was, led the club ace. "
        "can lho pick up his heart?",
    ],
)
def test_whether_a_card_goes_back_after_an_opponents_proper_lead_is_a_retraction(
    text: str, chat: Chat
) -> None:
    """The story asks whether the card led out of turn may be picked up after the proper
    lead: the lead out of turn's topic rules on it (53B; docs/labelling.md)."""
    turns = chat.say(text)
    assert turns[0].text.startswith(LEAD), turns[0].text
    assert not any(t.text.startswith("Why does the player want") for t in turns)


def test_a_card_put_down_on_an_opponents_word_is_a_lead_told_to_be_his_turn(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'put down the SK' after an opponent said 'your lead': a lead on an opponent's
    mistaken word, taken back without rectification (Law 47E1)."""
    text = (
        "declarer said 'your lead' so I put down the spade king, but it was actually my "
        "partner's lead"
    )
    assert dialogue.describe(text).facts["lead_event"] == "told_turn"
    turns = walk(chat, text)
    assert turns[0].text.startswith(LEAD)
    assert "47E1" in ruling_of(turns).citations


def test_partner_saying_it_is_my_lead_is_no_opponents_word(dialogue: Dialogue) -> None:
    """Only an opponent's mistaken word frees the lead (47E1); partner's is no excuse."""
    description = dialogue.describe(
        "my partner said 'your lead' so I put down the spade king but it was actually "
        "declarer's lead"
    )
    assert "lead_out_of_turn" in description.proven
    assert description.facts["lead_event"] == "lead"


def test_a_card_put_down_when_the_other_defender_had_won_the_last_trick_is_a_lead_out_of_turn(
    chat: Chat,
) -> None:
    turns = walk(chat, "4H by S. W put down the club ace but E had won the last trick")
    assert turns[0].text.startswith(LEAD)
    assert not any(t.text.startswith("Who led out of turn?") for t in turns)


def test_a_wish_to_accept_a_lead_is_not_a_choice_made(dialogue: Dialogue) -> None:
    """One defender wanting to accept while the other does not: the defenders disagree
    (55A), nothing was chosen - asked, never read as accepted."""
    facts = dialogue.describe(
        "declarer led from hand when dummy had won the last trick. my partner wanted to accept "
        "it but I didn't"
    ).facts
    assert facts["lead_offender_role"] == "declarer"
    assert "lead_response" not in facts


@pytest.mark.parametrize(
    "text",
    [
        "declarer had to take back his lead from the wrong hand, but before he'd led again "
        "LHO had put his card out. is LHO's card stuck there?",
        "dummy had won so declarer's heart from hand went back, and before he led again from "
        "the board rho threw out the sK. can rho pick it up?",
        "declarer had to take back his lead from dummy, but before he could lead from the "
        "correct hand lho put a card down. does it stay?",
    ],
)
def test_a_card_put_out_before_declarer_led_again_is_a_premature_play(
    text: str, chat: Chat
) -> None:
    """A defender's card put out after declarer's wrong-hand lead went back and before he led
    again is what Law 60B rules (docs/labelling.md, 4): announced as a premature play, even
    when the teller asks whether it may go back, and ruled with 60B."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(PREMATURE)
    assert "60B" in ruling_of(turns).citations


def test_two_cards_on_a_trick_noticed_at_once_are_ruled_by_the_two_cards_law(
    chat: Chat,
) -> None:
    """Found before both sides played to the next trick, 67A2 hands the trick to the law on
    two cards from one hand (58B), whose topic rules it (docs/labelling.md, 4: premature or
    simultaneous play); the defective-trick timing question is never asked."""
    turns = chat.say(
        "two cards came out together from W's hand at trick 5, we spotted it right away"
    )
    assert turns[0].text.startswith(PREMATURE)
    asked = turns[-1]
    both_seen = next(i for i, c in enumerate(asked.choices) if c.id == "several_visible")
    seen = [*turns, *chat.say(str(both_seen + 1))]
    for _ in range(10):
        if any(t.type == "ruling" for t in seen):
            break
        seen += chat.say(next(t for t in reversed(seen) if t.choices).choices[0].id)
    assert not any(t.text.startswith("When was the mistake noticed?") for t in seen)
    assert any(c.startswith("58B") for c in ruling_of(seen).citations)


@pytest.mark.parametrize(
    ("text", "law"),
    [
        ("4S by N. E put a second card on the trick by mistake, we noticed at once", "45E1"),
        ("declarer threw an extra card onto trick 11 after he had already played to it", "45E2"),
    ],
)
def test_a_card_added_to_a_trick_already_played_to_is_a_fifth_card(
    text: str, law: str, chat: Chat
) -> None:
    """A defender's fifth card is a penalty card, declarer's goes back (45E); who added it is
    read from the seats, not asked."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(CARD_PLAYED)
    assert not any(t.text.startswith("Who added the fifth card?") for t in turns)
    assert law in ruling_of(turns).citations


def test_a_fifth_card_found_after_the_next_trick_makes_the_trick_defective(chat: Chat) -> None:
    turns = walk(chat, "E added a fifth card to trick 4, only found two tricks later")
    assert turns[0].text.startswith(DEFECTIVE)
    assert "67B2(a)" in ruling_of(turns).citations


@pytest.mark.parametrize(
    "text",
    [
        "defender said 'I'll play the jack' before his partner had played. is it played?",
        "lho holds the spade queen up so his partner can see it, before it's even his turn",
    ],
)
def test_a_card_named_or_held_up_by_a_defender_is_asked_as_a_card_played(
    text: str, chat: Chat
) -> None:
    assert chat.say(text)[0].text.startswith(CARD_PLAYED)


def test_a_card_slammed_down_before_partner_played_is_a_premature_play(chat: Chat) -> None:
    """'before his partner had played' tells a play still to come: no action by partner
    after the manner, so no unauthorised-information story."""
    assert chat.say("E slammed down the queen of hearts before his partner had played")[
        0
    ].text.startswith(PREMATURE)


def test_putting_down_a_whole_hand_is_not_a_card_played(dialogue: Dialogue) -> None:
    description = dialogue.describe("declarer put down his hand and said the rest are mine")
    assert not any(e.act == "play" for e in description.events)
    assert "lead_out_of_turn" not in description.proven


@pytest.mark.parametrize(
    "text",
    [
        "N never put a card on trick 7, we saw it before anyone led to trick 8",
        "last trick: E forgot to play his card, he still had it in his hand",
    ],
)
def test_a_trick_missed_and_found_in_time_is_put_right(text: str, chat: Chat) -> None:
    """A card missing from a trick, found before both sides played to the next (or at the
    last trick, which has no next): the offender supplies a card (67A1), nothing asked about
    when it was found."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(DEFECTIVE)
    assert not any(t.text.startswith("When was the mistake noticed?") for t in turns)
    assert "67A1" in ruling_of(turns).citations


def test_the_same_card_played_at_two_tricks_is_a_card_not_among_the_played_cards(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The HK played at trick 3 went back to the hand and was played again at trick 9: the
    director puts it back among the trick-3 cards and adjusts if need be (67B3)."""
    text = (
        "W played the HK at trick 3, it somehow went back into his hand, and he played the HK "
        "again at trick 9. what now"
    )
    assert dialogue.describe(text).facts["defective_kind"] == "misplaced"
    turns = walk(chat, text)
    assert turns[0].text.startswith(DEFECTIVE)
    assert "67B3" in ruling_of(turns).citations


def test_declarer_correcting_a_card_named_from_dummy_is_asked_as_a_card_played(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'the diamond' said, then 'no wait, the heart': a change of designation (45C4b), not an
    incomplete one (46B) - and a slip when he says so."""
    text = (
        "declarer said 'diamond' from dummy, then 'no wait, the heart' - he just said the wrong "
        "suit. nothing else played"
    )
    facts = dialogue.describe(text).facts
    assert facts["designation_naming"] == "slip"
    turns = walk(chat, text)
    assert turns[0].text.startswith(CARD_PLAYED)
    assert not any(t.text.startswith("Was the card declarer named") for t in turns)
    assert "45C4(b)" in ruling_of(turns).citations


def test_a_defenders_card_played_after_a_misnamed_dummy_card_is_the_designation_law(
    chat: Chat,
) -> None:
    """Declarer misnamed dummy's card by a slip and LHO followed to it: 45C4(b) says both that
    the card named may be changed and that LHO may take his card back (docs/labelling.md: the
    card-played topic, event dummy_named; 47C and 47D are cited with it)."""
    turns = walk(
        chat,
        "declarer called 'ten of spades' from the board when he meant the ten of clubs, a slip "
        "of the tongue, and lho followed with a spade. can lho change his card?",
    )
    assert _topic_first(turns, "card_played", CARD_PLAYED)
    assert not any(t.text.startswith("Why does the player want") for t in turns)
    ruling = ruling_of(turns)
    assert {"47C", "45C4(b)"} <= set(ruling.citations)
    assert "that opponent may take his card back" in " ".join(ruling.text.split())


def test_a_card_played_and_another_meant_is_a_played_card_asked_back(chat: Chat) -> None:
    """'played the SJ, then said he meant the queen': a played card stays played (47F2)."""
    turns = walk(chat, "4S by N. E played the SJ and at once said oh no, I meant the queen")
    assert turns[0].text.startswith(RETRACT)
    assert "47F2" in ruling_of(turns).citations


@pytest.mark.parametrize(
    "text",
    [
        "opp put out a pass card by accident (meant double)",
        "we were not meant to play board 6 this round but we played it",
    ],
)
def test_meant_of_a_call_or_a_board_is_no_card_taken_back(text: str, dialogue: Dialogue) -> None:
    assert "card_taken_back" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        (
            "partner opened the defence with the club king but I was the one on lead. declarer "
            "hasn't said anything yet",
            "This is about: Lead out of turn",
        ),
        (
            "my partner and lho put their cards on the table at exactly the same moment",
            PREMATURE,
        ),
        ("E pulled out two diamonds at once, both visible, he says he meant the 9", PREMATURE),
        ("dummy put out the 7 when declarer had asked for the 8", CARD_PLAYED),
        (
            "pd showed me his ace of hearts by holding it so i could see it, it wasn't his "
            "turn yet",
            CARD_PLAYED,
        ),
        (
            "rho played the 2, then picked it up and played the 5 instead. nobody else had played",
            RETRACT,
        ),
    ],
)
def test_everyday_wordings_reach_their_topic(text: str, opening: str, chat: Chat) -> None:
    assert chat.say(text)[0].text.startswith(opening)


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("W led at trick 11, then E said 'hang on, I won that last one'", LEAD),
        (
            "my lho followed suit and then rho, without waiting for dummy, put his card down",
            PREMATURE,
        ),
        ("W played the ace of spades to trick 5 while E was still deciding on trick 4", PREMATURE),
        (
            # two cards of one hand found in time: 58B (docs/labelling.md 4)
            "one of N's cards stuck to another, both hit the table face up at trick 2, spotted "
            "at once",
            PREMATURE,
        ),
        (
            "E put down a spade then immediately said 'sorry, wrong card' and wants to play the "
            "heart",
            RETRACT,
        ),
    ],
)
def test_more_everyday_wordings_reach_their_topic(text: str, opening: str, chat: Chat) -> None:
    assert chat.say(text)[0].text.startswith(opening)


def test_a_later_wish_to_lead_a_suit_is_no_card_taken_back(dialogue: Dialogue) -> None:
    """'now wants to lead a club' is what he will do next, not a card he wants back."""
    description = dialogue.describe(
        "pd led a spade, won by declarer, now pd is back in again and wants to lead a club"
    )
    assert "card_taken_back" not in description.proven


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        (
            "i was declarer in 3nt, won trick 4 in hand, then absent-mindedly called a card from "
            "dummy. lho hasn't played",
            LEAD,
        ),
        (
            "RHO won trick 7, but LHO started trick 8 with a diamond. what options do i have as "
            "declarer",
            LEAD,
        ),
        (
            "N had 2 cards left at the end and we had 1, he never followed to the spade at trick 6",
            DEFECTIVE,
        ),
        (
            "as dummy i saw declarer touch the club queen on the board, then he said the king",
            CARD_PLAYED,
        ),
        ("defender said 'I'll win this with the ace' before it was his turn", CARD_PLAYED),
        (
            "defender named a card ('I'll play the queen') but it wasn't his turn yet, his pd "
            "still to play",
            CARD_PLAYED,
        ),
    ],
)
def test_still_more_everyday_wordings_reach_their_topic(
    text: str, opening: str, chat: Chat
) -> None:
    assert chat.say(text)[0].text.startswith(opening)


def test_the_last_trick_won_by_another_player_is_the_trick_before(dialogue: Dialogue) -> None:
    """'the last trick was won by E': the trick before W's lead, not trick 13."""
    description = dialogue.describe("the last trick was won by E, but W led the club")
    assert "lead_out_of_turn" in description.proven
    assert description.facts.get("lead_trick") != "thirteen"


@pytest.mark.parametrize(
    ("text", "noticed"),
    [
        (
            "trick 5 only had three cards on it, dummy never played. we only noticed after I'd "
            "led to trick 6 and W had played",
            "later",
        ),
        (
            "S didnt play a card to trick 10, we found out at trick 12 when he had a card left "
            "over",
            "later",
        ),
        (
            "T4 only 3 cards on the table, dummy never played one, nobody had played to the next "
            "one yet",
            "in_time",
        ),
        ("W never played to trick 8. spotted before trick 9 started", "in_time"),
    ],
)
def test_when_a_missed_card_was_found_is_read(text: str, noticed: str, dialogue: Dialogue) -> None:
    """Before or after both sides played to the next trick decides Law 67A against 67B."""
    facts = dialogue.describe(text).facts
    assert facts["defective_kind"] == "too_few"
    assert facts["defective_noticed"] == noticed


def test_a_ruff_before_partner_played_is_a_play_before_partner(dialogue: Dialogue) -> None:
    facts = dialogue.describe("4S by N. E ruffed before his partner had played to the trick").facts
    assert facts["premature_event"] == "before_partner"


@pytest.mark.parametrize(
    "text",
    [
        "my lho put down a card, then picked it up and played another one. i had played after "
        "his first card. can i change mine",
        "RHO put down the heart 10 then swapped it for the jack. after that I'd already played "
        "my card to the trick. can I change mine too?",
    ],
)
def test_a_card_played_after_an_opponents_changed_card_may_be_changed_too(
    text: str, chat: Chat
) -> None:
    """After an opponent's change of play a card played after it may go back (47D)."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(RETRACT)
    assert not any(t.text.startswith("Why does the player want") for t in turns)
    assert "47D" in ruling_of(turns).citations


def test_a_lead_someone_only_thought_out_of_turn_is_not_proven(dialogue: Dialogue) -> None:
    description = dialogue.describe(
        "halfway through the hand dummy called the TD because he thought W led out of turn"
    )
    assert "lead_out_of_turn" not in description.proven


@pytest.mark.parametrize(
    "text",
    [
        "E led when W had won the last trick, and dummy said 'it's not your lead'. can dummy "
        "say that?",
        "as dummy I saw LHO lead when it was his partner's lead, so I called the director. was I "
        "allowed to?",
    ],
)
def test_dummy_pointing_out_a_lead_out_of_turn_asked_about_is_dummys_rights(
    text: str, chat: Chat
) -> None:
    """The story asks whether dummy could speak up: Law 43A1, not the lead's options."""
    assert chat.say(text)[0].text.startswith("This is about: Dummy")


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        (
            "declarer was in dummy after trick 6 but played the heart queen from his own hand to "
            "trick 7",
            LEAD,
        ),
        (
            "LHO started the play by putting the club king face up on the table, but it was "
            "RHO's opening lead",
            LEAD,
        ),
        ("while dummy was still to play, rho put his card on the table", PREMATURE),
        ("E accidentally played three cards together at trick 6, two were face up", PREMATURE),
        (
            "at the last trick W still had two cards, so he missed one of the earlier tricks",
            DEFECTIVE,
        ),
        (
            "I played the heart 5 by mistake instead of the heart 6 which was next to it. can I "
            "change it?",
            RETRACT,
        ),
    ],
)
def test_yet_more_everyday_wordings_reach_their_topic(text: str, opening: str, chat: Chat) -> None:
    assert chat.say(text)[0].text.startswith(opening)


def test_a_slip_corrected_before_declarer_played_again_is_ruled_without_asking(
    chat: Chat,
) -> None:
    """A slip naming dummy's card, put right before declarer played from either hand: the
    correction stands (45C4b) - nothing left to ask."""
    turns = walk(
        chat,
        "declarer in 4h says 'spade' then 'no wait the heart' from dummy, he just said the wrong "
        "suit by accident, hasnt played anything from his hand yet",
    )
    assert turns[0].text.startswith(CARD_PLAYED)
    assert not any(
        t.text.startswith(("Was the card declarer named", "Has declarer")) for t in turns
    )
    assert "45C4(b)" in ruling_of(turns).citations


def test_who_put_a_fifth_card_on_top_is_read_where_the_story_says_it(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "4S by N. we found 5 cards on trick 9, W had put a second heart on top of his first by "
        "mistake. spotted it straight away"
    ).facts
    assert facts["fifth_by_role"] == "defender"


@pytest.mark.parametrize(
    ("text", "law"),
    [
        (
            "4S by N. trick 5 had three cards, W never played to it, found 2 tricks later. W "
            "still has a diamond, which was led to trick 5",
            "67B1(a)",
        ),
        (
            "4S by N. trick 5 had three cards, E never played to it, noticed three tricks later. "
            "E has no hearts left (a heart trick)",
            "67B1(b)",
        ),
    ],
)
def test_a_missed_trick_found_later_is_ruled_from_what_the_offender_still_holds(
    text: str, law: str, chat: Chat
) -> None:
    """Whose hand missed the trick and whether he still holds the suit led decide 67B1(a)
    against (b): read from the seats and the story, not asked."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(DEFECTIVE)
    assert not any(
        t.text.startswith(("Does the player who missed", "Was it dummy's hand")) for t in turns
    )
    assert law in ruling_of(turns).citations


def test_holding_the_suit_is_not_guessed_when_the_suit_led_is_not_told(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "trick 5 had three cards, W never played to it. W still has a club"
    ).facts
    assert "defective_holds_suit" not in facts


def test_director_shorthand_for_an_opening_lead_out_of_turn_is_spelt_out(
    dialogue: Dialogue,
) -> None:
    """'OLOOT by E, faced': an opening lead out of turn, faced - as a director writes it."""
    facts = dialogue.describe("TD call tbl 4: OLOOT by E, faced, decl hasn't chosen").facts
    assert facts["lead_trick"] == "opening"
    assert facts["lead_faced"] == "faced"


def test_a_lead_on_an_opponents_word_with_his_partners_turn_is_told_turn(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "lho told me I was on lead, so I led, but it was his partner's turn. can I take it back "
        "without penalty?"
    ).facts
    assert facts["lead_event"] == "told_turn"


def test_a_card_led_and_called_the_wrong_one_is_a_change_of_mind(chat: Chat) -> None:
    """A defender's card played from his hand and called the wrong one: it stays (47F2)."""
    turns = walk(
        chat, "4S by N. W led the HJ and then said oops, wrong card, and tried to pick it up"
    )
    assert turns[0].text.startswith(RETRACT)
    assert "47F2" in ruling_of(turns).citations


def test_a_card_only_said_played_may_have_been_named_from_dummy(dialogue: Dialogue) -> None:
    """'I played the 2, meant the 3' may be declarer naming dummy's card (45C4b): why he
    wants it back is asked, not taken as a change of mind."""
    description = dialogue.describe("I played the 2 then instantly said no I meant the 3")
    assert "card_taken_back" in description.proven
    assert "retract_reason" not in description.facts


@pytest.mark.parametrize(
    "text",
    [
        "declarer said 'your lead' and I led, it was my lead",
        "E played the king instead of the queen and later said he was misinformed",
        "I played the ace instead of ducking, was that a mistake?",
    ],
)
def test_words_near_a_lead_or_play_prove_no_irregularity_of_it(
    text: str, dialogue: Dialogue
) -> None:
    """'I led, it was my lead' is a lead in turn; a card chosen 'instead of' another is a
    choice told, not a card taken back."""
    proven = dialogue.describe(text).proven
    assert "lead_out_of_turn" not in proven
    assert "card_taken_back" not in proven


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        (
            "pd's HQ appears to have been played on 2 tricks. he found it in his hand at the end",
            "defective_kind",
            "misplaced",
        ),
        (
            "rho played 2 cards at once, stuck together, nobody noticed until 3 tricks later. he's "
            "a card short at the end",
            "defective_kind",
            "too_many",
        ),
        (
            "at trick 13 dummy had 2 cards and declarer 1, so a trick somewhere had no dummy card",
            "defective_noticed",
            "later",
        ),
        (
            "declarer forgot to play from dummy on trick 3, we only noticed at trick 9 when dummy "
            "had one card too many",
            "defective_missing_hand",
            "dummy",
        ),
    ],
)
def test_what_went_wrong_with_a_trick_is_read_as_told(
    text: str, fact: str, value: str, dialogue: Dialogue
) -> None:
    assert dialogue.describe(text).facts[fact] == value


@pytest.mark.parametrize(
    "text",
    [
        "declarer wants to change his card from hand, lho has already played after",
        "i played a card because declarer explained their bid wrong. now he corrected the "
        "explanation, can i change my card? nobody played after",
    ],
)
def test_a_players_own_wish_to_change_is_no_opponents_change(text: str, dialogue: Dialogue) -> None:
    """47D is for a card played after an opponent's change: wanting to change one's own card
    is not that."""
    assert dialogue.describe(text).facts.get("retract_reason") != "opponent_changed"


def test_asking_whether_a_lead_is_accepted_is_no_acceptance(dialogue: Dialogue) -> None:
    text = (
        "declarer had won in dummy but led the 3 of hearts from his hand. now what, is it accepted"
    )
    found = dialogue.facts_for(dialogue.knowledge.topics["lead_out_of_turn"], text)
    assert found.facts.get("response") != "accept"


@pytest.mark.parametrize(
    "text",
    [
        "declarer said 'your lead' to me, so i put a club on the table. turns out pd had won the "
        "last trick and it was his lead. i want to pick my club back up",
        "declarer led from the wrong hand and was told to take it back, but before he could lead "
        "properly i'd already put my card out. can i take mine back too",
    ],
)
def test_a_story_naming_declarer_is_not_about_declarers_card(text: str, dialogue: Dialogue) -> None:
    """Whose card goes back decides 49 against 48A: naming declarer in the story does not make
    the card his."""
    found = dialogue.facts_for(dialogue.knowledge.topics["retracting_played_card"], text)
    assert found.facts.get("whose_card") != "declarer"


def test_not_arranging_dummy_is_no_arranging(dialogue: Dialogue) -> None:
    found = dialogue.facts_for(
        dialogue.knowledge.topics["card_played"],
        "declarer touched the SJ in dummy then said 'no, the 2'. he wasn't arranging anything",
    )
    assert found.facts.get("touch_purpose") != "arranging"


def test_a_card_stuck_behind_another_with_one_face_seen_is_58b1(chat: Chat) -> None:
    """Two cards from one hand, only one face visible: that card is played, the other goes
    back (58B1) - read, not asked."""
    turns = walk(
        chat,
        "E's card came out with a second card stuck behind it. we could only see the one face",
    )
    assert turns[0].text.startswith(PREMATURE)
    assert "58B1" in ruling_of(turns).citations


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        (
            "declarer told me 'your lead' and I led, but he'd won the last trick in hand",
            LEAD,
        ),
        ("after trick 4 (won by E), W led the spade 2. 3NT by S", LEAD),
        ("W faced the club king as opening lead, but it was E to lead", LEAD),
        ("3NT by S. declarer won trick 6 in hand, then called the SJ from dummy", LEAD),
        ("LHO led before his partner, who had won trick 9", LEAD),
        (
            # found before the next trick: 58B rules it (docs/labelling.md 4)
            "two of my cards came off together at trick 8, nobody had played to the next trick yet",
            PREMATURE,
        ),
        ("three cards fanned out of W's hand onto the table, he meant the club", PREMATURE),
        (
            "opps say declarer touched the S9 so he has to play it, he was only tidying dummy",
            CARD_PLAYED,
        ),
        ("E pulled out the queen and held it up so W could see it", CARD_PLAYED),
        (
            "at the end N had 2 cards left and everyone else 1, he must have missed a trick",
            DEFECTIVE,
        ),
        (
            "declarer called 'nine of spades' when he meant the nine of hearts, but fixed it in "
            "the same breath",
            CARD_PLAYED,
        ),
        (
            # no slip: the designation stands (45C4b), so RHO has no card to take back (47D)
            "declarer called for the H4 from dummy, RHO played the H9, and declarer said 'oh, I'll "
            "have the ace instead'",
            CARD_PLAYED,
        ),
        (
            "declarer asked for the spade 5 and dummy pushed out the spade 6, then declarer said "
            "'that's not what I called'",
            CARD_PLAYED,
        ),
        (
            "I played the club 2 and right away saw I should have played the club queen. can I "
            "change it?",
            RETRACT,
        ),
    ],
)
def test_dev_wordings_generalise(text: str, opening: str, chat: Chat) -> None:
    """Wordings written after the extra dev stories were read, none of them copied: each
    reaches the topic whose law decides it."""
    assert chat.say(text)[0].text.startswith(opening)


def test_a_change_of_mind_about_a_card_called_from_dummy_is_no_slip(
    dialogue: Dialogue, chat: Chat
) -> None:
    """Called from dummy, then a change of mind: the designation stands (45C4b allows only a
    slip) - asked as the card-played law, never as a card taken back."""
    text = "declarer called for the king from dummy and then changed his mind"
    assert dialogue.describe(text).facts["designation_naming"] == "rethink"
    assert chat.say(text)[0].text.startswith(CARD_PLAYED)


def test_dummy_warning_of_the_wrong_hand_that_opponents_object_to_is_dummys_rights(
    chat: Chat,
) -> None:
    """Opponents say dummy had no business speaking: dummy's rights are the matter (42B2,
    43), the lead from the wrong hand is what he spoke about."""
    text = (
        "4S by S. declarer won trick 6 in dummy but led from hand, and dummy said 'you're in "
        "dummy'. the defenders say he had no business saying anything"
    )
    assert chat.say(text)[0].text.startswith("This is about: Dummy")
