"""Play stories routed by their structure (session 15): the defender on the right of
declarer's lead from the wrong hand playing to it (53C: the lead stands, its topic first),
a lead made on dummy's word or already played to before dummy spoke (the lead, not dummy's
rights), a card faced when the next sentence says whose lead it was (a lead out of turn,
not an exposed card), and a card the director sent back asked about (taking it back, or the
card put out before the relead). Each story is our own, worded apart from the stories it
fixes; each asserts what the user sees.
"""

from __future__ import annotations

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
LEAD = ABOUT + "Lead out of turn"
PREMATURE = ABOUT + "Premature or simultaneous play"
RETRACT = ABOUT + "Taking back a played card"
DUMMY = ABOUT + "Dummy's rights"


def _started(seen: list) -> str:
    return seen[0].text


def test_defender_right_of_a_wrong_hand_lead_playing_to_it_starts_the_lead(chat: Chat) -> None:
    """Declarer's lead from the wrong hand, and the defender who plays after it (on its
    right) put a card on it: the lead stands and his card goes to Law 57 (53C), ruled from
    the lead's topic, which is what was told first."""
    seen = walk(
        chat,
        "in 4S our declarer took trick 7 on the board and then led the heart 3 from his own "
        "hand. my lho, sitting to the right of that card, dropped a small heart on it straight "
        "away. now what?",
    )
    assert _started(seen).startswith(LEAD), _started(seen)
    assert "53C" in ruling_of(seen).citations


def test_a_lead_made_on_dummys_word_is_the_lead_not_dummys_rights(chat: Chat) -> None:
    """Dummy told a defender it was his lead and he led, though his partner had won the
    trick: a lead out of turn on an opponent's word (47E1), the lead's topic."""
    seen = walk(
        chat,
        "the dummy told me 'your lead, west' so I led the club 4, but my partner had won that "
        "trick. what happens to my club?",
    )
    assert _started(seen).startswith(LEAD), _started(seen)


def test_dummy_speaking_after_the_wrong_hand_lead_was_followed_is_the_lead(chat: Chat) -> None:
    """Declarer led from his hand when in dummy; dummy said so only after, and the next hand
    had already followed: whether the lead stands is the matter (53A), not dummy's words."""
    seen = walk(
        chat,
        "i'm declarer. partner, the dummy, went 'you were on the board' - too late, i had "
        "already played the ♣Q from hand. my LHO then played a small club on it.",
    )
    assert _started(seen).startswith(LEAD), _started(seen)


def test_dummy_asked_about_after_the_lead_stays_dummys_rights(chat: Chat) -> None:
    """The same remark, with the story asking whether dummy could make it: dummy's rights."""
    seen = walk(
        chat,
        "4H by S. S led a spade from hand though he had won the last trick in dummy. Dummy "
        "said 'you're on the table'. the defenders say dummy had no right to say that.",
    )
    assert _started(seen).startswith(DUMMY), _started(seen)


def test_a_card_faced_when_the_next_sentence_says_whose_lead_it_was(chat: Chat) -> None:
    """A card put face up on the table by one defender, and the next sentence says it was
    the other's lead: the card was a lead out of turn (Law 54), not a card exposed."""
    seen = walk(
        chat,
        "auction over, 3NT by W. Straight away my RHO put the ♠J face up on the table. It was "
        "her partner's lead, not hers.",
    )
    assert _started(seen).startswith(LEAD), _started(seen)


def test_a_card_put_down_before_anyone_could_act_is_a_play_not_a_claim(chat: Chat) -> None:
    """'before my LHO could do anything' tells when the card came, not a doubt about it."""
    seen = walk(
        chat,
        "we'd just finished bidding, partner declaring 2H. before my RHO could do anything my "
        "partner's LHO, West, put the ♦A face up on the table. It was my lead, not West's.",
    )
    assert not _started(seen).startswith(ABOUT + "Penalty"), _started(seen)


def test_a_card_the_director_sent_back_asked_about_is_taking_it_back(chat: Chat) -> None:
    """The director had the card taken back after a lead out of turn and the story asks what
    that card now is: taking back a card (Law 47), not the lead already ruled."""
    seen = walk(
        chat,
        "W led the ♥5 when E was on lead, declarer said no thanks, and the director had W "
        "pick the card up. Is that heart still played or not?",
    )
    assert _started(seen).startswith(RETRACT), _started(seen)


def test_the_directors_ruling_alone_asked_keeps_the_lead(chat: Chat) -> None:
    """The same ruling with only the ruling questioned: the lead stays the matter."""
    seen = walk(
        chat,
        "W led the ♥5 when E was on lead, declarer said no thanks, and the director had W "
        "pick the card up. Did the director get it right?",
    )
    assert not _started(seen).startswith(RETRACT), _started(seen)


def test_a_card_put_out_after_the_director_sent_the_lead_back_is_premature(chat: Chat) -> None:
    """The director made declarer take back his lead from the wrong hand; a defender's card
    came before declarer led again: that card is the premature play (60B)."""
    seen = walk(
        chat,
        "the director made declarer pick up his lead since he was in dummy, and before "
        "declarer led again from the board my LHO put the ♦9 out.",
    )
    assert _started(seen).startswith(PREMATURE), _started(seen)


def test_a_card_put_out_before_declarer_led_again_as_told_by_a_defender(chat: Chat) -> None:
    """A defender told declarer 'lead from there' after his lead from the wrong hand; before
    declarer led again, the other defender put a card on the table: the premature play
    before the relead (60B) is the matter, not the lead already refused."""
    seen = walk(
        chat,
        "4S by N. N led the ♣6 from dummy though he'd won the last trick in hand. E said 'you "
        "won that in hand, lead from there'. Before N had led again, W put the ♣K on the table.",
    )
    assert _started(seen).startswith(PREMATURE), _started(seen)


def test_a_card_faced_before_declarer_named_dummys_card_is_played_early(chat: Chat) -> None:
    """The defender after dummy put his card face up before declarer had named dummy's card:
    a card played before the hand on his right (57), not a card dropped."""
    seen = walk(
        chat,
        "3NT by S. E led the ♥4; before declarer had called a card from the board, W put the "
        "♥Q face up. S then asked for the ♥2.",
    )
    assert _started(seen).startswith(PREMATURE), _started(seen)


def test_dummy_named_in_german_who_warned_declarer_keeps_dummys_rights(chat: Chat) -> None:
    """'als Strohmann' is the teller as dummy: his warning about the hand is dummy's act, and
    whether he could make it is asked - dummy's rights, though the lead from the wrong hand
    is proven too."""
    seen = walk(
        chat,
        "als Strohmann: my partner won trick 6 on the board and then led the ♣2 from his hand. "
        "I said straight away 'you were on the board'. South says I have to be quiet. right?",
    )
    assert _started(seen).startswith(DUMMY), _started(seen)


def test_a_turned_card_of_a_finished_trick_asked_to_be_shown_again(chat: Chat) -> None:
    """The trick was over when the player turned his card; he then asks for the trick's
    cards to be faced again before the next lead: looking at the trick (66A), not a card
    turned before its time."""
    seen = walk(
        chat,
        "trick 9 is over and my RHO had already turned his card face down. he now asks for all "
        "the cards of trick 9 to be turned up again. nobody has led to trick 10 yet. declarer "
        "says no.",
    )
    assert _started(seen).startswith(ABOUT + "Played cards"), _started(seen)


def test_a_card_turned_before_the_others_played_stays_a_question_of_played(chat: Chat) -> None:
    """Turned before the trick was done: whether that card is played stays the matter."""
    seen = walk(
        chat,
        "RHO turned his card face down before I had played to the trick, so I never saw it. "
        "is his card played?",
    )
    assert not _started(seen).startswith(ABOUT + "Played cards"), _started(seen)


def test_tricks_looked_through_for_a_revoke_once_all_thirteen_are_played(chat: Chat) -> None:
    """'thirteen tricks played': the play is over, so going through the tricks for a revoke
    is the revoke topic's look (66D, then 64), not a quitted trick during the play."""
    seen = walk(
        chat,
        "thirteen tricks played, and declarer now wants to go through the tricks to see "
        "whether my partner revoked in hearts. can he?",
    )
    assert _started(seen).startswith(ABOUT + "Revoke"), _started(seen)
