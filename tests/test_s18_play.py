"""Play stories read by their events and state (session 18): what declarer says is his naming
of dummy's card whoever the story calls him ('S says "small"' with S declarer); a card put out
before declarer's lead from the right hand when a defender told him to lead from his; a card
played from declarer's hand 'thinking it was' another stays played (45C2, 47; 45C4(b) is only
for dummy's card named); a player who had played the board before says so mid-board (15); a
lead after a trick won by another player told in a beginner's words ('my partner win the
trick ... i play the next card'), from declarer's own hand after a trick won 'in my hand' told
by dummy, or on the leader's partner's 'no, it's me'. Each story is our own, told more than
one way.
"""

from __future__ import annotations

import pytest

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
DESIGNATION = ABOUT + "Unclear call of a card from dummy"
PREMATURE = ABOUT + "Premature or simultaneous play"
RETRACT = ABOUT + "Taking back a played card"
WRONG_BOARD = ABOUT + "Wrong board"
LEAD = ABOUT + "Lead out of turn"
CARD_PLAYED = ABOUT + "When a card counts as played"


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text)).replace("&#39;", "'")


@pytest.mark.parametrize(
    "text",
    [
        "4S by S, dummy has ♥K 9 4. LHO leads the ♥5 and S says 'small'. dummy plays the 4 and "
        "now S says he meant the 9. can he change it",
        "2H by W. N leads a club and W says 'low'. dummy has ♣K 8 3 and put the 8, W says he "
        "wanted the 3",
        "3NT by N. E led a diamond, N says 'win it' and dummy has the ♦A and ♦Q. which one?",
    ],
)
def test_declarer_named_by_his_seat_names_dummys_card(chat: Chat, text: str) -> None:
    """The remark the events give declarer (by his seat, the contract's 'by S') is his naming
    of dummy's card: how he named it is Law 46's question, not a card taken back."""
    said = _said(chat, text)
    assert said.startswith(DESIGNATION)
    assert "Which card did declarer name" not in said


@pytest.mark.parametrize(
    "text",
    [
        "declarer (S) won T6 in hand but led the ♥5 from dummy. I said no, lead from your hand. "
        "before he led anything my partner W put the ♥J on the table. what happens to pds jack?",
        "4H by N. declarer won T3 in hand but led a club from dummy. my partner said no, lead "
        "from your hand, and before he led again I put the ♠2 on the table.",
    ],
)
def test_a_card_put_out_before_declarer_leads_from_the_right_hand(chat: Chat, text: str) -> None:
    """Told to lead from his own hand ('lead from your hand'), declarer had still to lead
    again: a defender's card put out before that lead is the matter (60B), not the lead."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(PREMATURE)
    ruling = ruling_of(seen)
    assert "60B" in ruling.text


@pytest.mark.parametrize(
    "text",
    [
        "6NT, I'm declarer and played the ♥9 from hand thinking it was the ♦9, both red, said so "
        "at once before LHO played. opps say tough. is it?",
        "i'm declarer in 4S and played the ♣J from my hand thinking it was the ♠J, said so "
        "straight away before lho played. can i change it?",
    ],
)
def test_declarers_own_card_played_thinking_it_another_stays(chat: Chat, text: str) -> None:
    """A card from declarer's hand played in the belief it was another: his words 'before LHO
    played' time what he said, not his card (no premature play); the card stays played -
    45C4(b) lets only a slip naming dummy's card be put right."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(RETRACT)
    ruling = ruling_of(seen)
    assert "The card stays played" in ruling.text
    assert "47F2" in ruling.text
    assert "Premature" not in seen[0].text


@pytest.mark.parametrize(
    "text",
    [
        "we're halfway through the play on board 14 and N says 'hang on, we played this one last "
        "round against the other pair'. E and W hadnt. what now",
        "middle of the play on bd 7 and E says 'wait, we've already played this board, last "
        "round'. what happens",
    ],
)
def test_a_board_played_before_said_mid_board(chat: Chat, text: str) -> None:
    """A player saying his pair played the board at an earlier round: Law 15, the whole table
    on a board it should not be playing."""
    seen = chat.say(text)
    assert seen[0].text.startswith(WRONG_BOARD)
    assert "What went wrong?" not in "\n".join(t.text for t in seen)


def test_a_card_played_before_dummy_is_no_board_played_before(chat: Chat) -> None:
    """'played that one before dummy' is a card, not a board played at another round."""
    said = _said(chat, "4S by S. E led a heart and W played that one before dummy had played. ok?")
    assert not said.startswith(WRONG_BOARD)


@pytest.mark.parametrize(
    "text",
    [
        "we are beginners sorry for bad english. in the middle of play my partner win the trick "
        "with ace, but then i play the next card first because i think i won it. opponent say "
        "it is not your turn to begin. my card is on table still. what we do",
        "i dont really understand what happened, near the end of the hand i thought i had won "
        "with my ten so i put my next card down but the jack of partner was higher and that was "
        "her trick. the opponents said 'you can choose' to the declarer and he said something",
    ],
)
def test_a_lead_after_partner_won_told_in_a_beginners_words(chat: Chat, text: str) -> None:
    """A trick won by the teller's partner and then the teller's 'next card': a lead out of
    turn ('I thought I had won, so I put...' tells why he led, not that he only thought he
    did). Only 'in the middle of play' says the lead was neither the first nor the last."""
    said = _said(chat, text)
    assert said.startswith(LEAD)
    assert ("Which lead was it?" not in said) == ("middle of play" in text)


def test_the_opponents_offering_declarer_the_choice_make_the_leader_a_defender(
    chat: Chat,
) -> None:
    said = _said(
        chat,
        "near the end i thought i had won with my ten so i put my next card down but the jack "
        "of partner was higher. the opponents said 'you can choose' to the declarer.",
    )
    assert said.startswith(LEAD)
    assert "Who led out of turn?" not in said


@pytest.mark.parametrize(
    "text",
    [
        "pd was playing 3nt i was dummy. after she won a trick in my hand she forgot and played "
        "the next card from her own hand, the 5 of spades. the opps said 'hey that was from the "
        "wrong place' is that allowed to just go back",
        "i was dummy in 4S. pd won a trick in my hand and then played the next card from her "
        "own hand. lho said 'you're in dummy'. what now",
    ],
)
def test_won_in_my_hand_told_by_dummy_is_won_in_dummy(chat: Chat, text: str) -> None:
    """Dummy telling of a trick won 'in my hand': declarer's lead from his own hand next is
    from the wrong hand (Law 55), declarer's side the offender."""
    seen = chat.say(text)
    assert seen[0].text.startswith(LEAD)
    said = "\n".join(t.text for t in seen)
    assert "Who led out of turn?" not in said
    assert "Which lead was it?" not in said


def test_the_leaders_partner_saying_its_me_makes_the_lead_a_defenders(chat: Chat) -> None:
    seen = walk(
        chat,
        "hi quick one we had a guy put his card face down at the start like you are supposed to "
        "but he was the wrong one of us two, the dummy wasnt even down yet, and then his partner "
        "said 'no its me' and he picked it up again. the other side called someone over",
    )
    assert seen[0].text.startswith(LEAD)
    ruling = ruling_of(seen)
    assert "41A" in ruling.text
    assert "Who led out of turn?" not in "\n".join(t.text for t in seen)


def test_a_sister_put_the_card_down_is_not_the_player_named_before(chat: Chat) -> None:
    """'his partner laid the cards out and then my sister just put the HQ down': the card is
    the sister's, not dummy's - the lead out of turn is never put on declarer's side."""
    said = _said(
        chat,
        "this nice older man on my right was playing the contract and his partner laid the "
        "cards out and then my sister just put the queen of hearts down before i did anything, "
        "but it was my turn to start not hers. what happens now",
    )
    assert said.startswith(LEAD)
    assert "the declaring side led out of turn" not in said


@pytest.mark.parametrize(
    "text",
    [
        "I was dummy, and my partner said 'diamond' and I put the king of diamonds on the table "
        "instead of the small one. Nobody has played yet. Is the king played?",
        "my decision at T4. S (decl) led the C4 from hand, W played the C2, S said 'jack' and "
        "dummy put the C10 on, E covered with the CQ. E now wants his Q back.",
    ],
)
def test_dummy_putting_out_another_card_than_declarers_is_dummys_card(
    chat: Chat, text: str
) -> None:
    """Declarer's words named the card (a suit alone, a rank alone) and dummy put out another:
    dummy's card is the matter (45D), not which card the words named (46)."""
    said = _said(chat, text)
    assert said.startswith(CARD_PLAYED)


REVOKE = ABOUT + "Revoke"


@pytest.mark.parametrize(
    "text",
    [
        "Learning bridge 3 months. We were defending hearts. First time clubs went around I had "
        "no clubs I thought so I put down a little diamond. Two tricks later I found the 4 of "
        "clubs stuck behind my diamonds!!! I said oh no and showed it. Nobody knew what to do "
        "and we just kept playing. At the end the others said we have to give them tricks. How "
        "many",
        "first time spades went round i thought i had none so i threw a heart. later i found a "
        "small spade hiding in my hand. what happens",
        "when diamonds came round i had none i thought, so i put down a club. a trick later i "
        "found the 9 of diamonds behind my hearts",
    ],
)
def test_a_suit_played_round_and_a_card_of_it_found_later_is_a_revoke(
    chat: Chat, text: str
) -> None:
    """A suit went round, the teller put out a card of another, and later found a card of
    that suit in his hand: he did not follow while holding the suit (Law 61, 62)."""
    said = _said(chat, text)
    assert said.startswith(REVOKE)


def test_a_card_of_another_suit_found_later_is_no_revoke_when_no_suit_went_round(
    chat: Chat,
) -> None:
    said = _said(chat, "i put down a little diamond and later found the 4 of clubs in my bag")
    assert not said.startswith(REVOKE)


@pytest.mark.parametrize(
    "text",
    [
        "we play at the community centre its very friendly. the man on my right led a card then "
        "the lady on the left of me played her card to it straight away when it was my turn, "
        "well i was the dummy so actually i mean it was my partners turn to pick a card from me. "
        "she played before the declarer could even choose from dummy. does it matter",
        "i was dummy. the man on the right of me led and the lady on the left of me put her card "
        "down before the declarer could even choose from dummy. is that ok",
    ],
)
def test_the_left_of_me_is_my_lho_and_her_card_came_before_dummys(chat: Chat, text: str) -> None:
    """'the lady on the left of me' is the teller's LHO (not the teller), and her card before
    declarer chose from dummy is played early (Law 57), not a lead out of turn."""
    said = _said(chat, text)
    assert said.startswith(PREMATURE)


@pytest.mark.parametrize(
    "text",
    [
        "a friend of mine was defending and she pulled out her card, the 10 of diamonds, and held "
        "it up so it was face up in the air, not on the table yet, and her partner could see it. "
        "then she put it back in her hand and played another card. the declarer said the 10 was "
        "played already. she said she didnt put it down",
        "defending, pd held the king up face up, never on the table, where i could see it, then "
        "put it back and played the 2. declarer says the king is played",
    ],
)
def test_a_card_held_up_not_on_the_table_is_whether_it_was_played(chat: Chat, text: str) -> None:
    """'not on the table yet' is no card lying on the table: a defender's card held where his
    partner could see its face - whether it was played is the question (45C1)."""
    said = _said(chat, text)
    assert said.startswith(CARD_PLAYED)


WRONG_COUNT = ABOUT + "A hand with the wrong number of cards"


@pytest.mark.parametrize(
    "text",
    [
        "halfway through the play pd finds a ♠5 with a red back in his hand, everyone else has "
        "blue. there's already a ♠5 in the deck",
        "during the play i noticed my 7 of hearts has a green back, the rest of the pack is blue",
    ],
)
def test_a_card_told_by_its_back_is_a_card_of_another_pack(chat: Chat, text: str) -> None:
    """A card whose back is another colour than the pack's is not of this deal (Laws 13,
    14), told by its back, not by the words 'another pack'."""
    said = _said(chat, text)
    assert said.startswith(WRONG_COUNT)


def test_a_foreign_card_with_a_card_of_the_deal_missing_asks_what_was_wrong(chat: Chat) -> None:
    """A blue-backed card in a red pack and the deal's own card missing: whether the hand is
    short is the director's to settle, so 'a card not of the deal' is not taken."""
    said = _said(
        chat,
        "during the play, a card with a blue back turned up, the rest of the deck are red. it "
        "was the S5 in my LHO's hand. there's a red S5 missing and found in another board. help",
    )
    assert said.startswith(WRONG_COUNT)
    assert "What was wrong with the cards?" in said
