"""Auction stories read from their structure (session 9): who called, at whose turn, what the
call was made over, and when the auction had ended. Each story is our own, in a player's
voice; each asserts what the user sees (the topic announced, what was read, the ruling).
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

OUT_OF_TURN = "This is about: Call out of turn"
INSUFFICIENT = "This is about: Insufficient bid"
AFTER_END = "This is about: Call after the auction has ended"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


@pytest.mark.parametrize(
    "text",
    [
        "pd opened 1nt, rho passed. i bid 3nt, and before lho had called i pulled out 4s as "
        "well - thinking it was my turn again",
        "I opened 1d and before my lho had called I put down 1h too. I thought it was my go "
        "again, completely lost track",
    ],
)
def test_a_second_call_before_lho_called_is_a_change_of_call(chat: Chat, text: str) -> None:
    """'I thought it was my turn' is a belief, not whose turn it was: the calls say it was
    LHO's, and the speaker had called before, so Law 31C sends it to Law 25."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN)
    assert "your LHO's turn" in _text(seen)
    assert "31C" in ruling_of(seen).text


@pytest.mark.parametrize(
    "text",
    [
        "my rho was silenced after his insufficient bid. pd passed and I bid 3c at rho's "
        "turn, didnt wait for his pass card",
        "W had been told to pass for the rest of the auction. S bid 2h and then N bid 3c at "
        "W's turn without waiting for W's pass",
    ],
)
def test_a_call_at_the_turn_of_a_player_told_to_pass_is_in_rotation(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """'told to pass' is an instruction, not a pass made; the call at the barred RHO's
    turn counts as in rotation (Law 28A), and it is not the barred player's own call."""
    assert dialogue.describe(text).proven[:1] == ("call_out_of_rotation",)
    seen = walk(chat, text)
    ruling = ruling_of(seen)
    assert "28A" in ruling.text
    assert "counts as made in rotation" in ruling.text


@pytest.mark.parametrize(
    "text",
    [
        "rho's 2d over my 2h got changed to a pass",
        "LHO's 1H after pd's 1S was replaced with a pass",
    ],
)
def test_an_insufficient_bid_replaced_by_a_pass_is_no_change_of_call(chat: Chat, text: str) -> None:
    """The bid it was made over is named only as that: the pass replaces the insufficient
    bid (Law 27B2), it is not a change of the bid before."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT)
    assert "put or wanted in its place: pass" in _text(seen)


@pytest.mark.parametrize(
    ("text", "side"),
    [
        (
            "the man on declarer's left put another pass card out after the bidding was "
            "already over",
            "A defender called after the final pass",
        ),
        (
            "after the bidding was already over the chap on declarer's right bid 3h. nobody "
            "has called since",
            "A defender called after the final pass",
        ),
    ],
)
def test_a_call_after_the_bidding_was_over_by_a_player_beside_declarer(
    chat: Chat, text: str, side: str
) -> None:
    """A player placed beside declarer is a defender (Law 39B, 39C)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(AFTER_END)
    assert side in _text(seen)
    assert "39" in ruling_of(seen).text


@pytest.mark.parametrize(
    "text",
    [
        "rho opened 1s and i passed. lho was thinking and my pd said 'pass' at lho's turn, "
        "then rho passed and i passed. rho thinks the auction is over but lho hasnt called",
        "lho opened 1d. pd was thinking and rho said 'pass' at pd's turn, then i passed and "
        "lho passed too, and lho started acting like declarer in 1d. pd hasnt called",
    ],
)
def test_a_pass_at_the_turn_of_a_player_still_thinking_is_a_missed_turn(
    chat: Chat, text: str
) -> None:
    """'lho was thinking' is a player pondering, not a belief that makes the next call only
    imagined; 'declarer in 1h' names the contract, no call. Three passes with one at the
    thinking player's turn: his turn was missed (Law 34, 17D3)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Auction ended but a player missed his turn")
    assert "17D3" in ruling_of(seen).text or "34" in ruling_of(seen).text


@pytest.mark.parametrize(
    ("text", "about"),
    [
        (
            "my pd's 1c over rho's 1s got replaced by 2c. we're defending 3s now and declarer "
            "wants to stop me leading clubs, can he?",
            "This is about: Lead restrictions after a withdrawn call",
        ),
        (
            "my lho bid 2c over pd's 2d by accident and replaced it with 3c. does 3c count as "
            "the same as the 2c",
            "This is about: What counts as a comparable call",
        ),
    ],
)
def test_a_replaced_insufficient_bid_then_the_lead_or_the_replacement_asked(
    chat: Chat, text: str, about: str
) -> None:
    """The insufficient bid was replaced already: with the play reached, the lead it may
    limit is the matter (Law 26); the replacement compared with it, whether it is
    comparable (Law 23)."""
    assert chat.say(text)[0].text.startswith(about)


@pytest.mark.parametrize(
    "text",
    [
        "we got to 3c and then three passes. one of those passes was rho's though, he put "
        "it out when it was pd's turn. can pd still call?",
        "bidding went 2s by lho then 3 passes, but the 1st pass was my rho's and she made it "
        "when it was my partner's turn",
    ],
)
def test_one_of_the_closing_passes_made_at_anothers_turn_is_a_missed_turn(
    dialogue: Dialogue, text: str
) -> None:
    """Three passes told in a word, then one of them placed at another player's turn: a
    turn was passed over on the way to the end (Law 34, 17D3), not an ordinary end."""
    assert dialogue.describe(text).proven[:1] == ("turn_missed",)


TURN_TO_COME = "This is about: A player says his turn was skipped"


@pytest.mark.parametrize(
    "text",
    [
        # told in words that the calls came round in order
        "my lho moaned that she got skipped, but honestly the calls all went round the "
        "table in order. rho dealt and opened 1h",
        # the seats of the calls, one told by its verb alone ('E opened')
        "N dealt and passed, E opened, S passed, and now W says he never got a turn",
        # the auction over, in rotation, and the complaining player's own pass among them
        "rho dealt and opened 1nt, i passed, lho passed, pd passed. now lho says she never "
        "got a turn but her pass card is right there",
    ],
)
def test_a_player_who_says_he_was_skipped_when_the_calls_came_in_order(
    chat: Chat, text: str
) -> None:
    """Nobody called at his turn (Law 17C): not a missed turn, not a call out of turn."""
    assert chat.say(text)[0].text.startswith(TURN_TO_COME)


def test_the_bidding_cards_are_no_sign_of_the_play(dialogue: Dialogue) -> None:
    """'the bidding cards laid out' are the auction's cards: no trick is proven defective,
    and the player who felt skipped while they went round in order is the matter."""
    text = (
        "felt like i got skipped but the bidding cards on the table went round in order, "
        "rho dealt. do i lose my turn?"
    )
    assert dialogue.describe(text).proven == ("turn_to_come",)


def test_an_insufficient_bid_fixed_then_a_lead_ban(chat: Chat) -> None:
    """'fixed it with 3NT': replaced, whatever the reader makes of the call; with the play
    reached, the lead restriction is the matter (Law 26)."""
    text = (
        "as dummy i watched rho's 1h over pd's 1s get fixed with 2h. we played 4s by pd "
        "and pd then told lho she mustn't lead a heart. ok?"
    )
    assert chat.say(text)[0].text.startswith("This is about: Lead restrictions")


def test_a_closing_pass_pulled_in_place_of_a_bid_is_a_change_of_call(chat: Chat) -> None:
    """The pass that passed the board out was a slip (another call meant): Law 25 first,
    not the end of the auction."""
    text = (
        "dealer lho passed, pd passed, rho passed and i grabbed pass instead of 1h, so it "
        "got passed out. i saw it at once, hand still on the box"
    )
    assert chat.say(text)[0].text.startswith("This is about: Changing a call just made")


def test_a_double_asked_about_is_no_double_of_ones_own_side(dialogue: Dialogue) -> None:
    """'does it double my 4S' asks what the double did; the bid named inside the doubler's
    words ('your three spades') is not his own side's."""
    text = (
        "pd bid 5 clubs and rho said 'i'll double your four clubs', we were in 5! does it "
        "double 5c or not"
    )
    assert "inadmissible_double" not in dialogue.describe(text).proven


def test_a_pass_at_a_players_turn_typed_without_the_apostrophe(dialogue: Dialogue) -> None:
    """'it was norths turn': the turn of North, so of three passes one was at his turn and
    his turn was missed (Law 34), not a call after the end."""
    text = "is the auction over? 3 passes!! but east put his pass down when it was norths turn"
    assert dialogue.describe(text).proven[:1] == ("turn_missed",)


def test_a_pass_by_one_of_the_defenders_after_the_end(dialogue: Dialogue) -> None:
    """'one of the defenders (new to the game)': a defender's pass after the end, no further
    rectification (Law 39B)."""
    text = (
        "auction went 3nt pass pass pass and then one of the defenders (new to the game) "
        "put another pass card down afterwards. problem?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("call_after_final_pass",)
    assert description.facts.get("after_end_caller") == "defender"


def test_bidding_cards_stuck_together_are_no_simultaneous_calls(chat: Chat) -> None:
    """One player's cards stuck together in the box: his slip (Law 25A), not two players'
    calls at once (Law 33)."""
    text = (
        "i took out the 2h card but meant 2s, the two cards were stuck together. nobody has "
        "called since"
    )
    assert chat.say(text)[0].text.startswith("This is about: Changing a call just made")


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        (
            "my rho put a 1d card out before pd had made a bid. pd is still sitting there",
            "it was your partner's turn",
        ),
        (
            "N opened 1H, E passed and then N put 2H on the table before S had made a bid",
            "It was his partner's turn",
        ),
    ],
)
def test_a_call_made_before_the_player_due_had_made_a_bid(chat: Chat, text: str, turn: str) -> None:
    """'before S had made a bid', told of the call in its own clause: the call was at that
    player's turn (Laws 28-32), relative to the caller."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN)
    assert turn in _text(seen)


def test_before_a_player_called_in_another_clause_says_nothing_of_the_turn(
    dialogue: Dialogue,
) -> None:
    """'pd bid 2H and then before LHO had called I alerted it': when the alert came, not a
    call at LHO's turn."""
    text = "pd bid 2H and then before LHO had called I alerted it. LHO asked, I said transfer"
    assert "call_out_of_rotation" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        # 'in his turn' says the turn was his: the bid is still judged against the last
        "over pd's 2c, lho put 1nt on the table in his turn. nobody has called since",
    ],
)
def test_a_bid_under_the_last_by_the_next_player_is_insufficient(
    dialogue: Dialogue, chat: Chat, text: str
) -> None:
    """Proven from the calls and their makers (Law 27), not only suggested by them."""
    assert dialogue.describe(text).proven[:1] == ("insufficient_bid",)
    assert chat.say(text)[0].text.startswith(INSUFFICIENT)


@pytest.mark.parametrize(
    "text",
    [
        "all 4 of us passed on bd 3. redeal?",
        "nobody opened on board 5 at our table - does that count as played?",
        "p p p p on bd 2 and we wrote in zero, opps say we should have played it",
    ],
)
def test_a_board_passed_out_is_the_end_of_the_auction(dialogue: Dialogue, text: str) -> None:
    """Four passes, however told, end the auction with no play (Law 22B); 'count as played'
    and 'should have played it' speak of the board, not of a card."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("auction_ended",)
    assert description.facts.get("auction_end") == "all_passed"


def test_a_replaced_insufficient_bid_then_what_it_showed_is_no_insufficient_bid(
    dialogue: Dialogue,
) -> None:
    """Replaced, and the story goes on to what partner did with it: the withdrawn bid's
    information is the likelier matter (Law 16C), so the insufficient bid is not announced
    as proven."""
    text = (
        "pd's 1h was too low over their 1s and she changed it to 2h. then i bid hearts "
        "to the moon and rho says i only did it because of the 1h. fair?"
    )
    assert "insufficient_bid" not in dialogue.describe(text).proven
