"""What the calls of a story prove, read from their structure: the bid before, the seats and
whose turn it was, the call the caller meant. Such a proof is the one signal not learned from
the labelled stories, so these wordings are unlike any of them (first person, shorthand,
typos, odd verbs); each asserts what the user sees first.
"""

from __future__ import annotations

import pytest
from told import tell

from bot.core.calls import Seat, Simple
from bot.dialogue.engine import Dialogue

from conftest import Chat

INSUFFICIENT = "This is about: Insufficient bid"
OUT_OF_TURN = "This is about: Call out of turn"
CHANGED = "This is about: Changing a call just made"


@pytest.mark.parametrize(
    "text",
    [
        # the bid under the last one, by another player: Law 27, whatever words tell it
        "rho kicked off with 2♠ and my pd, half asleep, came out with 2♦. lho is having a "
        "think about what to do",
        "after rho's 3♦ pd came out with 2NT, lho hasnt had her say yet. options for lho?",
        "lho 1♠, pd 2♥, rho 2♦ (natural, he missed pd's 2♥). im next, what are my choices",
    ],
)
def test_a_bid_under_the_last_one_by_another_player_is_an_insufficient_bid(
    chat: Chat, text: str
) -> None:
    assert chat.say(text)[0].text.startswith(INSUFFICIENT)


def test_cards_held_are_no_calls(dialogue: Dialogue, chat: Chat) -> None:
    """'holding four hearts and two spades' counts cards, it bids nothing: no insufficient
    bid is proven (2S after 'four hearts'), and the psych question is what is announced."""
    text = (
        "E opened 1S holding four hearts and two spades, W raised to 2S with 3. E says he "
        "forgot their system and W had no idea. fair?"
    )
    assert "insufficient_bid" not in dialogue.describe(text).proven
    assert chat.say(text)[0].text.startswith("This is about: Psych")


@pytest.mark.parametrize(
    "text",
    [
        "pd passed, rho opened 1nt, i doubled, lho bid 2c, pd bid 2d, rho passed and i passed. "
        "lho then asked about 2d and pd said it was natural but we play it as diamonds and a "
        "major. dummy just came down",
        "lho opened 1h, pd bid 2d, rho passed, i bid 3d. rho asked what 2d meant and pd said "
        "weak, but it's intermediate for us",
    ],
)
def test_a_call_asked_about_is_the_call_made_not_another(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """'asked about 2d' names partner's 2D again; read as a second 2D it proved an
    insufficient bid, and the question about the explanation came second."""
    assert "insufficient_bid" not in dialogue.describe(text).proven
    assert chat.say(text)[0].text.startswith("This is about: Wrong explanation")


@pytest.mark.parametrize(
    "text",
    [
        # the player still to call is named before the caller: not his turn (Laws 28-32)
        "lho started the bidding with 1♣, and before my partner had said anything rho put out "
        "1♥. partner still to call",
        "my rho bid 1♦ while it was really my partner's go. my partner hasnt called yet",
    ],
)
def test_a_call_made_while_another_player_was_still_to_call_is_out_of_turn(
    chat: Chat, text: str
) -> None:
    """The offender's LHO is the speaker here: the question asks him in his own words."""
    turns = chat.say(text)
    assert turns[0].text.startswith(OUT_OF_TURN)
    assert turns[1].text.startswith("Do you accept the call out of turn?")


def test_partner_saying_he_has_not_called_since_does_not_put_the_call_out_of_turn(
    dialogue: Dialogue,
) -> None:
    """'my pd hasn't called', told after my double, says nobody called since it: it does not
    prove my double came before his turn (the calls between were not told)."""
    text = (
        "rho forgot to alert lho's 2C stayman, i doubled thinking it was natural clubs. can i "
        "take it back? my pd hasnt called"
    )
    assert "call_out_of_rotation" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "i put down 4♠, i was going for 4♥ and my hand slipped. nobody has bid since",
        "the 2♥ card stuck to the 2♠ one and pd only noticed when it was on the table. nobody "
        "has bid after him",
    ],
)
def test_a_call_the_caller_meant_otherwise_is_a_change_of_call(chat: Chat, text: str) -> None:
    assert chat.say(text)[0].text.startswith(CHANGED)


def test_a_player_skipped_in_the_bidding_is_offered_the_auction_laws_not_the_play(
    chat: Chat,
) -> None:
    """Only calls are told ('two more passes followed' is no card followed): the play's
    topics are ruled out, as the auction's are once play has begun, and the missed turn
    (Law 17D3, 34) is proven: a player skipped, and the pass with two more after it closed
    the auction past his turn."""
    turns = chat.say(
        "the bidding went 1H, pass, and then the responder was skipped because the next player "
        "passed too soon, and then two more passes followed. can the responder still bid?"
    )
    assert turns[0].topic == "missed_turn", turns[0].text
    assert all(c.id != "premature_play" for t in turns for c in t.choices)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # a lead or a card told in an auction story: these are not stories of calls alone
        (
            "S thought the bidding was over after 1NT - P - P and faced the C4 as a lead, but "
            "N still had to call. what happens to the club",
            "card_exposed_during_auction",
        ),
        (
            "after my insufficient 1d was replaced by 1nt (not comparable) we ended up "
            "defending 4s. before pd leads, declarer says he can forbid a diamond lead. can he?",
            "lead_restrictions",
        ),
    ],
)
def test_an_auction_story_with_a_lead_keeps_its_topic(
    dialogue: Dialogue, text: str, topic: str
) -> None:
    assert "calls_only" not in dialogue.describe(text).excluded
    assert dialogue.rank(text)[0].topic.id == topic


def test_wasnt_in_turn_is_not_in_turn(chat: Chat) -> None:
    """'wasn't in turn' denies the turn (the n't of a contraction is a negation): whose turn
    it was is taken from the seats (rho, his partner, still to call), never asked."""
    turns = chat.say("lho doubled pd's 1nt but it wasnt in turn, rho hadnt called yet. what now")
    if not turns[0].text.startswith(OUT_OF_TURN):  # the examples lean to a double's topic
        assert turns[0].choices[0].id == "call_out_of_rotation"
        turns = chat.say("1")
    assert not any(t.text.startswith("Whose turn was it") for t in turns)
    assert chat.conversation.facts["whose_turn"] == "partner"


def test_a_kibitzers_table_number_is_no_trick(chat: Chat) -> None:
    """'watching T2' in a story of calls is the table watched, not trick 2: the play had not
    begun, so the bot does not rule as if the wrong hand were found after the calls."""
    turns = chat.say(
        "watching T2 - E counted his cards after N opened 1S and found he had 14, W only had "
        "12. nobody else had bid yet. what now"
    )
    assert turns[0].text.startswith("This is about: A hand with the wrong number of cards")
    assert not any("during the auction or play" in t.text for t in turns)
    assert not any(t.text.startswith("RULING") for t in turns)


def test_a_trick_number_in_a_story_of_the_play_is_still_a_trick(dialogue: Dialogue) -> None:
    text = "4S by S. S revoked at T12 (threw a club, still had a heart)."
    assert "trick 12" in dialogue.describe(text).reading


def test_a_hand_from_the_board_next_to_ours_is_read_not_asked(chat: Chat) -> None:
    """Cards from another board (Law 15A) told in everyday words: what went wrong is taken
    from the story, not asked."""
    turns = chat.say(
        "my pd pulled his hand out of the board next to ours and opened 1♥ with it. i havent called"
    )
    assert turns[0].text.startswith("This is about: Wrong board")
    assert not any(t.text.startswith("What went wrong?") for t in turns)


def test_a_bid_of_eight_put_on_the_table_is_a_bid_above_seven(chat: Chat) -> None:
    """'put 8♠ on the table': the level the box does not have is the proof (Law 38), and the
    next player's silence ('pd hasnt called') is taken, not asked."""
    turns = chat.say("after 7♠ by rho my lho, laughing, put 8♠ on the table. pd hasnt called")
    assert turns[0].text.startswith("This is about: Bid of more than seven")
    assert turns[1].text.startswith("I took from your description")


def test_an_ordinal_trick_is_no_bid_above_seven(dialogue: Dialogue) -> None:
    """'the eighth trick' read as 'eight H' proved a bid of eight and put Law 38 before a
    missed trick (Law 67) told in a play story."""
    text = (
        "defending 3nt we found at the end that pd had a card left over. we traced it back to "
        "the eighth trick, a diamond, where he never played a card"
    )
    assert "bid_above_seven" not in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "defective_trick"


def test_the_directors_bar_told_before_the_call_that_caused_it(chat: Chat) -> None:
    """'TD said we had to pass for the rest of the bidding ... pd said eight hearts': the bar is
    the rectification of the bid above seven, told first; no call followed it, so no call was
    made while barred (Law 37) and the bid of eight is the matter (Law 38)."""
    turns = chat.say(
        "TD cancelled it and said we had to pass for the rest of the bidding. they'd just bid "
        "7♠ and pd, half joking, said 'eight hearts!' out loud. before anyone else said "
        "anything the director was at the table. was that fair?"
    )
    assert turns[0].text.startswith("This is about: Bid of more than seven")


def test_a_call_said_out_loud_above_seven_is_the_bid_not_a_remark(chat: Chat) -> None:
    """ "pd said '8 clubs'" over their 7H is the call itself (Law 38); read as partner's
    remark it put the unauthorised-information topic first."""
    turns = chat.say(
        "my pd went one level past the top. 7♥ by them, pd said '8 clubs', which isn't even a "
        "thing. TD came at once. what now"
    )
    assert turns[0].text.startswith("This is about: Bid of more than seven")


@pytest.mark.parametrize(
    "text",
    [
        "declarer in 4s played the ace of hearts from dummy, rho ruffed, i overruffed... then "
        "rho said wait i have a heart and showed the 9h. we're at trick 6 still",
        "pd led the 8s and dummy's jack won, then declarer played the 9d from hand",
    ],
)
def test_a_card_shown_or_played_is_no_bid_above_seven(dialogue: Dialogue, text: str) -> None:
    """'showed the 9h', 'led the 8s' name cards: they proved a bid of nine (Law 38) and put
    the auction's menu before a play incident."""
    assert "bid_above_seven" not in dialogue.describe(text).proven
    assert all(m.topic.id != "bid_above_seven" for m in dialogue.rank(text)[:3])


@pytest.mark.parametrize(
    "text",
    [
        "my rho reached for the box and two of his cards landed face up, his pd saw the ♠K. "
        "we're still bidding",
        "lho thought the bidding was done and put the ♥3 face up on the table, but pd still had "
        "to call",
    ],
)
def test_a_card_faced_while_the_auction_was_on_is_not_asked_when(chat: Chat, text: str) -> None:
    turns = chat.say(text)
    assert turns[0].text.startswith("This is about: Card exposed or led during the auction")
    assert not any(t.text.startswith("When was the card exposed?") for t in turns)


def test_what_a_player_meant_by_his_own_call_is_no_other_call_meant(
    dialogue: Dialogue, chat: Chat
) -> None:
    """'meant 3h as natural' of the 3H he bid, after the auction: what his call meant (the
    explanation's matter), not a call meant in its place (Law 25), which no call he made
    after it could be either."""
    text = (
        "rho opened 2nt, i passed, lho bid 3h which they alerted as a transfer, rho bid 3s, "
        "lho 4s all pass. afterwards lho said he actually meant 3h as natural, forgot the "
        "system. no one told us. we defended and got 1 trick less than we should have"
    )
    assert "changed_call" not in dialogue.describe(text).proven
    assert chat.say(text)[0].text.startswith("This is about: Wrong explanation")


def test_a_call_told_after_a_pause_in_the_telling_is_still_the_callers(
    dialogue: Dialogue, chat: Chat
) -> None:
    """'i bid... 2s': the dots are the teller pausing, not a sentence ending that loses who
    called; the bid under partner's 2S is an insufficient bid."""
    text = (
        "rho opened 1h, i overcalled 1s, lho bid 1nt, pd said 2s, rho passed and i bid... 2s. "
        "oops. lho hasn't done anything"
    )
    assert dialogue.describe(text).proven == ("insufficient_bid",)
    assert chat.say(text)[0].text.startswith(INSUFFICIENT)


def test_a_card_dropped_while_the_bidding_was_still_going_on_is_laws_24(chat: Chat) -> None:
    text = (
        "i accidentally dropped my queen of spades face up on the table while the bidding was "
        "still going on. i'm going to be declarer"
    )
    opening = chat.say(text)[0].text
    assert opening.startswith("This is about: Card exposed or led during the auction")


@pytest.mark.parametrize(
    "text",
    [
        "i opened 1nt, lho bid 2c which they said was majors, pd passed, rho bid 2h. now i find "
        "out 2c was actually just clubs according to their card. we lost 800",
        "lho opened 1s, pd bid 3c, rho passed and i passed. lho asked and pd said 3c showed a "
        "weak hand but 3c is invitational on our card",
    ],
)
def test_a_call_named_to_say_what_it_meant_is_the_call_made_not_another(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """'2c was actually clubs' names LHO's 2C again, after RHO's 2H; read as a new 2C it
    proved an insufficient bid and the bot announced Law 27 for a story about what the
    call meant."""
    assert "insufficient_bid" not in dialogue.describe(text).proven
    first = chat.say(text)[0]
    assert not first.text.startswith(INSUFFICIENT)
    offered = first.text + " ".join(str(getattr(c, "label", c)) for c in first.choices or ())
    assert "misinformation" in offered.lower()


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("i pulled 2nt out of the box meaning 2h, pd hasn't called, lho hasn't either", True),
        ("pulled 3c instead of 3d by mistake. lho hasnt called, pd hasnt either", True),
        # 'either' after something else not done: nobody is said not to have called
        ("i pulled 2nt out of the box meaning 2h. pd didn't notice, lho didn't either", False),
    ],
)
def test_not_called_said_again_with_either_is_read(
    dialogue: Dialogue, text: str, taken: bool
) -> None:
    """'pd hasn't called, lho hasn't either': both are still to call, so nobody has called
    since the slip (Law 25A1) - it was asked again although the story said it."""
    told = tell(dialogue, "unintended_call", text, {})
    assert ("calls_since" not in told.asked) is taken, (told.asked, told.took)


def test_after_a_call_that_opens_a_new_clause_tells_when_not_what_was_overcalled(
    dialogue: Dialogue, chat: Chat
) -> None:
    """'pd bid 4nt and after my 5h reply he asked...': 'after' starts a clause of time. Read
    as '4NT over my 5H' it put 5H first and proved 4NT insufficient, and a question about
    partner's remark was offered Law 27."""
    text = "pd bid 4nt blackwood and after my 5h reply he asked me 'are you sure?'. then he bid 6s"
    assert "insufficient_bid" not in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "unauthorised_information"
    # a call made over another, in one clause, still puts the other first
    assert "insufficient_bid" in dialogue.describe("pd bid 1s after 1nt by rho").proven


@pytest.mark.parametrize(
    "text",
    [
        "after 1nt from pd, rho doubled and i redoubled. lho said 'you can't redouble that, it's "
        "not doubled by me'.",
        "pd opened 1h, rho doubled, i redoubled and lho says i'm not allowed to redouble. is he "
        "right?",
    ],
)
def test_a_call_said_to_be_ruled_out_is_not_a_call_made(dialogue: Dialogue, text: str) -> None:
    """ "you can't redouble that" was read as LHO's redouble, after a double and a redouble:
    a redouble of a call that was no longer the last one, and the bot ruled the teller's
    legal redouble cancelled and his partner silenced."""
    described = dialogue.describe(text)
    assert "inadmissible_double" not in described.proven
    assert [e.call for e in described.story.events if e.role == "made"][-1] is Simple.REDOUBLE
    assert [e.seat for e in described.story.events if e.role == "made"][-1] is not Seat.WEST


@pytest.mark.parametrize(
    "text",
    [
        "so rho is dealer and i open 1c before she says anything. what now",
        "lho deals. pd bids 1h before lho does anything",
    ],
)
def test_a_player_still_to_call_told_in_the_present_is_read(dialogue: Dialogue, text: str) -> None:
    """'before she says anything': present tense, as players text from the table; whose turn
    it was (the dealer's) was asked although told."""
    told = tell(dialogue, "call_out_of_rotation", text, {})
    assert "whose_turn" not in told.asked, (told.asked, told.took)


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("lho opened 1h, i passed and pd bid 2c. i should have bid 2s", 3),
        ('pd opened 1nt, rho said "i\'d have doubled that" and passed. i bid 3nt', 3),
        ("the auction went 1c p 1h p 1s p 2s and lho now says 'you can't bid 2s, i passed'", 7),
        # 'i'd bid' is 'i had bid': made
        ("i'd bid 2s and then lho doubled", 2),
    ],
)
def test_a_call_wished_for_or_ruled_out_is_not_made(
    dialogue: Dialogue, text: str, calls: int
) -> None:
    """'i should have bid 2s', "i'd have doubled that", "you can't bid 2s" tell calls nobody
    made: read as made they put a second 2S or a double by RHO into the auction."""
    made = [e for e in dialogue.describe(text).story.events if e.role == "made"]
    assert len(made) == calls, [(e.call, e.seat) for e in made]


def test_a_contract_recorded_instead_of_another_is_no_change_of_call(dialogue: Dialogue) -> None:
    """'the traveller had ... 4S instead of 4H': a result written down wrongly (Law 79), not a
    call changed (Law 25)."""
    text = (
        "the traveller had N as declarer when it was S, and 4♠ instead of 4♥, same tricks. we "
        "all agree what actually happened. TD just amended the entry. is that ok to do?"
    )
    assert "changed_call" not in dialogue.describe(text).proven
