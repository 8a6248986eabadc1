"""Auction stories read from the calls told (session 19): a double whose object is not named
doubles the last bid, so a double right after partner's bid is one of his own side's (Law
19A1, 36); a double card put 'on' partner's bid, and 'it was his partner's bid he doubled';
two players' cards put down together, their two calls named and nothing of the play, are
calls (Law 33), not a play (58);
calls said in a continental player's words ('pas', 'kontra', 'rekontra'); and a call made by
'declarer' after a double is not the doubler's. Each story is our own, in a player's voice;
each asserts what the user sees.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

INADMISSIBLE = "This is about: Double or redouble that is not allowed"
SIMULTANEOUS_CALLS = "This is about: Two players called at the same time"
AFTER_CLOSE = "This is about: Call after the auction has ended"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


def _laws(seen: list) -> str:
    return ruling_of(seen).text.split("Laws (WBF Laws of Duplicate Bridge 2017):")[1]


def test_a_double_straight_after_partners_bid_in_rotation_doubles_his_own_side(
    chat: Chat,
) -> None:
    """'Dlr N. N 1S, E p, S x': the double names no bid, so it doubles the last one, North's;
    the calls came in rotation from North to South, so it is his own side's bid (19A1): the
    double is cancelled, partner passes throughout (36B1-3)."""
    text = "Dlr N. N 1S, E p, S x. S says he thought E had opened. W hasnt called yet"
    seen = walk(chat, text)
    assert seen[0].text.startswith(INADMISSIBLE)
    took = _text(seen)
    assert "it doubled or redoubled his own side's call" in took
    assert "What did the double or redouble apply to?" not in took
    laws = _laws(seen)
    for law in ("36B1", "36B2", "36B3"):
        assert law in laws


def test_a_teller_doubling_partners_bid_with_rhos_pass_between(chat: Chat) -> None:
    """'pd 1nt, rho pass and i doubled it': the teller's own double of his partner's 1NT."""
    text = "pd 1nt, rho pass and i doubled it, wasnt concentrating. lho hasnt called"
    seen = walk(chat, text)
    assert seen[0].text.startswith(INADMISSIBLE)
    took = _text(seen)
    assert "it doubled or redoubled your own side's call" in took
    assert "your LHO had not called before the ruling" in took
    assert "36B2" in _laws(seen)


def test_a_double_of_partners_bid_named_as_it(dialogue: Dialogue, chat: Chat) -> None:
    """'pd opened 1h and i doubled it': RHO's turn is not told, but 'it' names the bid just
    told, partner's: his own side's. With neither the rotation nor 'it' ('pd opened 1h and i
    doubled'), an opponent's bid may be missing from the telling, and nothing is read; a
    double of RHO's bid is a legal one."""
    text = "pd opened 1h and i doubled it, brain fade. lho hasnt called yet, what now"
    seen = walk(chat, text)
    assert seen[0].text.startswith(INADMISSIBLE)
    assert "it doubled or redoubled your own side's call" in _text(seen)
    untold = dialogue.describe("pd opened 1h and i doubled. lho hasnt called yet").proven
    assert "inadmissible_double" not in untold
    legal = dialogue.describe("pd 1h, rho 2c, i doubled and lho passed. fine?").proven
    assert "inadmissible_double" not in legal  # the last bid was RHO's: a legal double


def test_a_double_card_put_on_partners_bid(chat: Chat) -> None:
    """'N put the x card on his partner's 1d': the bidding box's double, named of his own
    partner's bid."""
    text = "N opened 1D and S slapped the x card on his partner's 1D. E hadnt called. td?"
    seen = walk(chat, text)
    assert seen[0].text.startswith(INADMISSIBLE)
    assert "it doubled or redoubled his own side's call" in _text(seen)


def test_it_was_his_partners_bid_he_doubled(chat: Chat) -> None:
    text = "bob doubled when it wasnt his go, and it was his partner's 2c he doubled. ruling pls"
    seen = walk(chat, text)
    assert seen[0].text.startswith(INADMISSIBLE)
    assert "it doubled or redoubled his own side's call" in _text(seen)


def test_a_double_meant_as_another_call_is_a_change_of_call_first(dialogue: Dialogue) -> None:
    """'i doubled 2s, my own pd's bid - i meant to pull 3s': the call meant in its place
    comes first (Law 25), not the inadmissible double."""
    text = (
        "pd bid 2S, rho passed and i doubled 2S, my own pd's bid - i meant to pull the 3S "
        "card. lho hasnt called"
    )
    assert dialogue.describe(text).proven[0] == "changed_call"


def test_two_calls_named_at_the_same_moment_are_calls(chat: Chat) -> None:
    """'pd and lho both put cards down at the same moment, pd 2C and lho 2H', nothing of the
    play told: the two cards are the calls named in that sentence (Law 33), not a play."""
    text = "pd and lho both put cards down at the same moment, pd 2C (his turn) and lho 2H. ???"
    seen = walk(chat, text)
    assert seen[0].text.startswith(SIMULTANEOUS_CALLS)
    assert "33" in _laws(seen)
    played = "trick 4: lho and pd played their cards at the same moment. pd was on lead"
    assert "simultaneous_plays" in chat.dialogue.describe(played).proven  # the play told


def test_a_pass_said_as_pas_in_a_run_of_calls(dialogue: Dialogue, chat: Chat) -> None:
    """'3SA pas pas pas, then Zuid put one more pas card out': a pass after the close."""
    text = "3SA by Noord, pas pas pas, then Zuid put one more pas card out. problem?"
    seen = walk(chat, text)
    assert seen[0].text.startswith(AFTER_CLOSE)
    took = _text(seen)
    assert "the call: pass" in took
    assert "39" in _laws(seen)
    story = dialogue.describe("a faux pas by pd: he bid 4s over my 1nt").story
    assert len([e for e in story.events if e.role == "made"]) == 2  # 'faux pas' is no call


def test_a_double_said_as_kontra_after_the_close(chat: Chat) -> None:
    text = "4♥ by Ost, then pas pas pas. after that West said 'kontra'. too late?"
    seen = walk(chat, text)
    assert seen[0].text.startswith(AFTER_CLOSE)
    assert "the call: double" in _text(seen)


def test_declarer_redoubling_after_the_close_is_not_the_doubler(chat: Chat) -> None:
    """'W doubled 4S, p p p, then declarer said redouble': the redouble is declarer's, not W's
    (his double was the subject before): nobody is named the offender."""
    text = "W doubled 4S, pass pass pass, then declarer said 'redouble'. anything happen?"
    seen = walk(chat, text)
    assert seen[0].text.startswith(AFTER_CLOSE)
    took = _text(seen)
    assert "the offender: West" not in took
    assert "the call: redouble" in took


def test_a_double_the_director_took_away_then_its_information_is_asked(chat: Chat) -> None:
    """'pd doubled my own 1nt, td took it away ... what can i do with this info': the double
    is settled at the table; what its withdrawal told partner is the question (Law 16C)."""
    text = (
        "pd doubled my own 1nt, td took it away and pd had to pass thru. "
        "what can i do with this info now"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith("This is about: Information from a withdrawn call or play")
