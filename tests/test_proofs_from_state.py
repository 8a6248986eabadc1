"""A lead out of turn and a claim proven from the story, as players tell them without the
words "out of turn" or "claimed": whose lead it was said as a fact, the trick won just before
the lead, the leader's own partner winning the last trick, the opening lead named from the
wrong defender; a line of play stated for the tricks left, a claim the table agreed.

Each has its near misses: the same kinds of words where the lead was in turn, the trick was
only believed won, or the play was told in passing, prove nothing and announce nothing.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

LEAD = "This is about: Lead out of turn"


def test_whose_lead_it_was_told_as_a_fact_proves_the_face_down_lead(chat: Chat) -> None:
    """'but it was me on lead': my partner, not I, put the opening lead face down, so he is
    a defender too. It goes back to his hand with no penalty, and nothing the story gave is
    asked (Law 41A)."""
    seen = walk(
        chat,
        "my partner put a card face down to start but it was me on lead. declarer hasnt said "
        "anything yet",
    )
    assert seen[0].text.startswith(LEAD)
    assert not [t for t in seen if t.type == "question"]
    ruling = ruling_of(seen)
    assert ruling.topic == "lead_out_of_turn"
    assert "41A" in ruling.citations
    assert "not a penalty card" in ruling.text


def test_the_dummy_to_be_is_read_from_whose_lead_it_was(chat: Chat) -> None:
    """'my lho put a card face down but it was me on lead': I am declarer's left, so my left
    is the dummy-to-be - the card goes back with no penalty (Laws 24 and 54E), unasked."""
    seen = walk(
        chat, "my lho put a card face down to start but it was me on lead. hasnt turned it over yet"
    )
    assert seen[0].text.startswith(LEAD)
    assert not [t for t in seen if t.type == "question"]
    assert {"24D", "54E"} <= set(ruling_of(seen).citations)


def test_a_trick_won_in_the_sentence_before_the_lead_proves_it(chat: Chat) -> None:
    """'W won trick 6 with the SA. E then led the D9.': W was on lead. Declarer refused the
    lead, so E's card is a major penalty card (Law 56, 50D) - ruled with no question."""
    seen = walk(
        chat,
        "2H by N. W won trick 6 with the SA. E then led the D9. declarer said 'no thanks, W leads'",
    )
    assert seen[0].text.startswith(LEAD)
    assert not [t for t in seen if t.type == "question"]
    ruling = ruling_of(seen)
    assert {"56B", "50D"} <= set(ruling.citations)
    assert "major penalty card" in ruling.text


def test_the_leaders_own_partner_winning_the_last_trick_proves_it(chat: Chat) -> None:
    """'derek led at T4 when his partner sue had won T3': players told by name, no seats;
    the leader's partner won the trick before, so someone else was on lead."""
    seen = walk(
        chat,
        "derek led the ♦Q at T4 when his partner sue had won T3. declarer hasnt said what he "
        "wants yet",
        "defender",
    )
    assert seen[0].text.startswith(LEAD)
    ruling = ruling_of(seen)
    assert ruling.topic == "lead_out_of_turn"
    assert "56A" in ruling.citations or "53A" in ruling.citations


def test_i_led_but_partner_had_won_the_trick_is_the_told_turn(chat: Chat) -> None:
    """'east said to me "your lead" so i led, but partner had actually won the trick': a
    lead on an opponent's word, taken back with no penalty (Law 47E1)."""
    seen = walk(
        chat,
        "east said to me 'your lead' so i led a club, but partner had actually won the trick. "
        "can i pick it up?",
    )
    assert seen[0].text.startswith(LEAD)
    assert "47E1" in ruling_of(seen).citations


def test_the_opening_lead_from_the_wrong_defender_is_proven(dialogue: Dialogue) -> None:
    """'first lead came from the wrong defender': the lead, its trick and its face read."""
    description = dialogue.describe(
        "first lead came from the wrong defender, the ♣3 face up. declarer said 'fine, I take "
        "it' and the dummy came down."
    )
    assert description.proven[0] == "lead_out_of_turn"
    assert description.facts["lead_trick"] == "opening"
    assert description.facts["lead_faced"] == "faced"


IN_TURN = [
    # the winner of the last trick led: in turn
    "W won trick 6 with the SA. W then led the D9 and declarer played low",
    # whose lead it was, denied: not a statement of who was on lead
    "W led the ♣5 at T4. it wasn't E's lead, W had won T3 with the ♣A",
    # dummy won, and declarer led from dummy: in turn
    "4S by S. dummy won trick 5 with the ♠A. S then led the ♦2 from dummy. E played low",
    # a trick only believed won
    "trick 6 was won by declarer, but my partner pointed his card as if we had won it. I saw "
    "it at once, we had not yet led to trick 7. May I tell him to turn it right?",
    # 'his turn' later in the play is a turn to play, not to lead
    "declarer led a heart at T5 and W played the ♥K, it was N's turn, dummy hadnt played",
]


@pytest.mark.parametrize("text", IN_TURN)
def test_a_lead_in_turn_proves_nothing_and_announces_nothing(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert "lead_out_of_turn" not in dialogue.describe(text).proven
    assert not chat.say(text)[0].text.startswith(LEAD)


CLAIM = "This is about: Claims and concessions"


def test_a_line_of_play_stated_for_the_rest_is_a_claim(chat: Chat) -> None:
    """'i'll cash the two diamonds and then ruff the club': no 'claimed' anywhere, but the
    line of play for the tricks left is a claim by statement (68A); disputed, play stops and
    the director rules on it (Law 70)."""
    seen = walk(
        chat,
        "declarer at T10 said 'i'll cash the two diamonds and then ruff the club in dummy'. pd "
        "still had a small trump and could overruff dummy. we said no and called the td",
    )
    assert seen[0].text.startswith(CLAIM)
    ruling = ruling_of(seen)
    assert ruling.topic == "claim"
    assert "70A" in ruling.citations


def test_a_claim_the_table_agreed_was_made(chat: Chat) -> None:
    """'we agreed decls claim': the claim is told by what the table did with it; the
    question is withdrawing the agreement (Law 69B)."""
    seen = walk(
        chat,
        "we agreed decls claim, went to next board, bid it, then realised he couldnt have made "
        "the last trick. too late?",
    )
    assert seen[0].text.startswith(CLAIM)
    assert "69B" in ruling_of(seen).citations


NO_CLAIM = [
    # a card named to play, not the tricks left
    "E said 'i'll play the king' and then put the 3 on the trick instead. declarer wants the king",
    # declarer's play told by the writer, not a statement at the table
    "declarer was cashing the hearts, then led a club at T8 and E showed out with a club in "
    "hand. found at T10",
]


@pytest.mark.parametrize("text", NO_CLAIM)
def test_play_told_in_passing_is_no_claim(text: str, dialogue: Dialogue, chat: Chat) -> None:
    assert "claim" not in dialogue.describe(text).proven
    assert not chat.say(text)[0].text.startswith(CLAIM)


def test_a_card_put_on_the_table_before_the_next_sentence_is_played(chat: Chat) -> None:
    """'E put the HQ on the table. dummy N hadn't played either.': the card E put down is
    played (the next sentence's 'dummy' is not the whole hand he put down), before his
    partner W - 57A, the penalty card and declarer's choice for W."""
    seen = walk(
        chat,
        "S led a heart from hand, W hadnt played yet and E (4th to play) put the HQ on the "
        "table. dummy N hadn't played either. decl S wants options",
        "neither",
    )
    assert seen[0].text.startswith("This is about: Premature or simultaneous play")
    ruling = ruling_of(seen)
    assert ruling.topic == "premature_play"
    assert "57A" in ruling.citations


def test_a_last_card_put_out_when_partner_had_won_is_a_lead_out_of_turn(
    dialogue: Dialogue, chat: Chat
) -> None:
    """'I just tossed my last card in ... pd had won trick 12': the card put out is the lead
    to trick 13, and the trick won told after it was won before it."""
    text = (
        "last trick, I just tossed my last card in because I assumed I was on lead. pd had won "
        "trick 12. declarer is saying I must leave my card out."
    )
    description = dialogue.describe(text)
    assert description.proven[0] == "lead_out_of_turn"
    assert description.facts["lead_trick"] == "thirteen"
    assert chat.say(text)[0].text.startswith(LEAD)


def test_a_trick_won_after_the_lead_is_not_the_one_before_it(dialogue: Dialogue) -> None:
    """'W led at T7. E won trick 7 and led a club': E won the trick W led to, so his lead
    to trick 8 is in turn and W's was never out of turn."""
    text = "W led the ♠3 at T7. E won trick 7 with the ♠A and led a club"
    assert "lead_out_of_turn" not in dialogue.describe(text).proven


def test_declarer_playing_to_a_defenders_lead_out_of_turn_is_the_lead_first(
    dialogue: Dialogue,
) -> None:
    """'Bob led ... when his wife had won trick 5. Declarer played a small diamond on it':
    the opponent's card accepts the lead (53A), so the lead out of turn is ruled first; a
    card from the offender's own partner is the premature play (60) as before."""
    accepted = dialogue.describe(
        "Bob led the ♦Q at trick 6 when his wife had actually won trick 5. Declarer (South) "
        "shrugged and played a small diamond on it. So it stands?"
    )
    assert accepted.proven[0] == "lead_out_of_turn"
    partner = dialogue.describe(
        "lead out of turn by W, then E played to it before director got there"
    )
    assert partner.proven[0] == "played_after_irregular_lead"
