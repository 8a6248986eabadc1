"""Auction stories read from their structure (session 10): a dealer passed over whose turn is
still to come, calls made together told with bidding cards or 'both at once', a call made on
purpose over a slip, and words that only sound like an irregularity. Each story is our own, in
a player's voice; each asserts what the user sees (the topic announced, what was read, the
ruling, or that no topic is announced at once).
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

TURN_TO_COME = "This is about: A player says his turn was skipped"
SIMULTANEOUS = "This is about: Two players called at the same time"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


@pytest.mark.parametrize(
    "text",
    [
        "Dlr S. W opened 1D before S had called, N overcalled 1S and E passed. S now says he "
        "was skipped.",
        "i dealt, but lho opened 2c before i said a word, then pd doubled and rho passed. "
        "surely i was skipped?",
    ],
)
def test_a_dealer_passed_over_and_called_round_to_has_his_turn_to_come(
    chat: Chat, text: str
) -> None:
    """The first call came before the dealer's, the next player called over it (which
    accepts it, Law 29A), and the calls came round in rotation to the dealer, who says he was
    skipped: his turn is the one now, nothing is left to rectify of the call out of turn."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME)
    ruling = ruling_of(seen)
    assert "29A" in ruling.text
    assert "31" not in ruling.text.split("(Law")[-1]
    assert "Who dealt this board?" not in _text(seen)


def test_a_dealer_said_missed_out_while_the_calls_went_in_turn(chat: Chat) -> None:
    """'missed out' is a player saying his turn was skipped; the story says the calls went in
    turn after the first one, made before the dealer's: the opening was accepted (29A)."""
    text = (
        "lho was dealer but my pd opened 1h before lho had called. then everyone called in "
        "turn after that. now lho complains she was missed out"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME)
    assert "29A" in ruling_of(seen).text


def test_the_bidding_went_all_the_way_round_and_the_opener_dealt(chat: Chat) -> None:
    text = (
        "lho reckons he never got a turn, but the calls went all the way round in order: lho "
        "dealt and opened 1c"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME)
    ruling = ruling_of(seen)
    assert "17C" in ruling.text
    assert "29A" not in ruling.text


@pytest.mark.parametrize(
    "text",
    [
        "my turn: my 2♠ card and rho's pass card hit the table at the same instant",
        "it was his turn when i put my double card out at the very same moment as his 3c",
    ],
)
def test_bidding_cards_named_by_their_call_put_down_together_are_calls(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """A 'pass card' or a 'double card' is a card of the bidding box: two put down together
    are simultaneous calls (Law 33), never cards played together (Law 58)."""
    assert dialogue.describe(text).proven[:1] == ("simultaneous_calls",)
    assert chat.say(text)[0].text.startswith(SIMULTANEOUS)


def test_cards_of_the_deal_put_down_together_are_not_calls(dialogue: Dialogue) -> None:
    """'the SK and S3 came out face up at the same moment': cards of the deal, never calls."""
    text = "pd put the SK and the S3 face up at the same moment, he says he meant the 3"
    assert "simultaneous_calls" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "N and S both called at once, 1NT and pass, and it was N's turn",
        "E and W bid both at once. 2♣ from E and 2♦ from W, it was E's turn",
    ],
)
def test_two_calls_both_at_once_are_simultaneous_not_out_of_turn(
    dialogue: Dialogue, text: str
) -> None:
    """'both ... at once': the calls were made together (Law 33); the second caller's call is
    not read as a call out of rotation on its own."""
    assert dialogue.describe(text).proven[:1] == ("simultaneous_calls",)


def test_skipped_altogether_is_not_two_calls_together(dialogue: Dialogue) -> None:
    text = (
        "after lho's 1S there were three passes, but one came from my pd out of turn and rho "
        "was skipped altogether"
    )
    assert "simultaneous_calls" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "i grabbed the wrong card by mistake, 2S instead of 2H, swapped it, and lho then "
        "doubled over my 2H on purpose. is that fine?",
        "rho put out pass meaning 1nt, a slip, put 1nt out instead, and i deliberately bid 2d "
        "over it",
    ],
)
def test_a_call_made_on_purpose_over_a_slip_is_no_psych(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """'on purpose' said of the next player's call over a slip just put right tells that he
    chose to call over it (Law 25A), not that a call was made unlike the hand (40)."""
    assert "call_unlike_hand_on_purpose" not in dialogue.describe(text).proven
    assert "Psych" not in chat.say(text)[0].text


def test_a_psych_over_a_bid_is_still_a_psych(dialogue: Dialogue) -> None:
    text = "lho overcalled 2S over our 1H with no spades at all, on purpose, to put us off"
    assert dialogue.describe(text).proven[:1] == ("call_unlike_hand_on_purpose",)


def test_i_did_not_follow_the_director_is_no_revoke(dialogue: Dialogue, chat: Chat) -> None:
    """'I didn't follow.' of an explanation, in a story with nothing of the play: the teller
    did not understand, no card was played."""
    text = (
        "the td said pd's insufficient bid could be replaced by a comparable call without "
        "any penalty. i didn't follow. what is one?"
    )
    assert "revoke" not in dialogue.describe(text).proven
    assert not chat.say(text)[0].text.startswith("This is about: Revoke")


def test_a_defender_who_did_not_follow_still_revoked(dialogue: Dialogue) -> None:
    text = "4S by N. on trick 5 lho didn't follow. he showed a diamond on trick 9"
    assert dialogue.describe(text).proven[:1] == ("revoke",)


END_OF_AUCTION = "This is about: End of the auction"


@pytest.mark.parametrize(
    "text",
    [
        "2h p p p and then my pd goes 'hold on, i thought it would come back to me'. is it over?",
        "all four pass on bd 3. my partner says 'we have to redeal it surely'. do we?",
    ],
)
def test_partner_saying_the_auction_goes_on_after_it_ended_is_about_the_end(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """A remark told after three passes closed the auction (or four passed it out), saying it
    goes on, asks whether it ended (Law 22): no unauthorised information is announced or
    offered after the ruling."""
    assert dialogue.describe(text).proven == ("auction_ended",)
    seen = walk(chat, text)
    assert seen[0].text.startswith(END_OF_AUCTION)
    assert "Unauthorised information" not in _text(seen)


def test_partner_remark_before_the_end_is_still_information(dialogue: Dialogue) -> None:
    """Said before the auction ended and followed by partner's call, a remark is still
    information partner may not use (Law 16B)."""
    text = "i opened 1d, lho passed and pd said 'hang on, i want to think' and then bid 3nt"
    assert "auction_ended" not in dialogue.describe(text).proven


def test_a_call_someone_wants_to_come_in_with_after_the_end_was_not_made(
    dialogue: Dialogue,
) -> None:
    """'wants to come back in with 3D' after three passes: wanted, not made; the question is
    whether the auction is over (Law 22), not a call after the final pass (39)."""
    text = "1h by lho, three passes, then rho says he wants to come back in with 3d. too late?"
    assert dialogue.describe(text).proven == ("auction_ended",)


def test_a_double_said_with_its_meaning_is_a_misstated_double(dialogue: Dialogue) -> None:
    """'doubled and said "penalties"': words of the double's meaning said with it (Law 19A3),
    read as a double stated with more than the call; the director's table named first
    ('TD at table 3:') is where it happened, not information from another table."""
    text = "TD at table 3: N doubled 2S and said 'that's penalties' out loud. S passed."
    description = dialogue.describe(text)
    assert description.proven[:1] == ("misstated_double",)
    assert description.facts.get("spoken_named") == "extra"
    assert "information_from_outside" not in description.proven


def test_a_remark_after_a_double_is_no_misstated_double(dialogue: Dialogue) -> None:
    text = "pd doubled 1nt and said 'sorry' straight after, then lho bid 2c"
    assert "misstated_double" not in dialogue.describe(text).proven


def test_a_director_telling_what_he_told_the_players_is_no_explanation(chat: Chat) -> None:
    """'TD here ... I told them to carry on': the teller is the director and what he told
    the players is his ruling, not an explanation of a call (misinformation); the calls
    said to have come in rotation with the complaining player still to call are his turn to
    come."""
    text = (
        "td here, notes from last night. E said he was skipped, but the calls had come in "
        "rotation and it was still E's turn to call. i told them to carry on. right?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME)
    assert "misinformation" not in _text(seen).lower()
