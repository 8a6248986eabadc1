"""Auctions typed with each call's maker after it ('1S by lho, 1H by pd'), as players and
directors type them (issue 14): the maker is read, the call ruled, as a user sees it."""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_calls_listed_with_their_makers_after_them_are_read(chat: Chat) -> None:
    """'2c by lho, 1d by pd': partner's 1D under LHO's 2C is insufficient, at his turn; today
    the words were not read and nothing was matched."""
    text = _said(chat, "2c by lho, 1d by pd - she hadnt seen it. rho hasnt called, what happens")
    assert "This is about: Insufficient bid" in text
    assert "Does your RHO (the next player after your partner) accept" in text


def test_a_redouble_of_partners_double_told_as_a_list_is_ruled_at_once(chat: Chat) -> None:
    """'x by pd' is partner's double; the speaker's redouble of it is of his own side's call
    (Law 19B1): cancelled, partner then passes throughout (36B1, 36B2)."""
    seen = walk(
        chat, "1h by lho, x by pd, pass by rho and i redoubled?? brain fade. lho hasnt called"
    )
    assert not any(t.type == "question" for t in seen)
    ruling = ruling_of(seen)
    assert {"36B1", "36B2"} <= set(ruling.citations)
    assert "Your partner must pass every time" in ruling.text


def test_a_contract_told_with_by_is_not_a_call_by_that_player(dialogue: Dialogue) -> None:
    """'auction over (4S by E)' and 'the bidding ended 4S by E' name the contract and its
    declarer, who need not have made that bid: no maker is read from them."""
    for text in (
        "the bidding ended 4S by E, then W bid 5C after the last pass",
        "auction over (4S by E), W then bid 5C",
    ):
        story = dialogue.describe(text).play.story
        first = next(e for e in story.events if e.start == text.index("4S"))
        assert first.actor is None, text


def test_the_passes_after_my_listed_bid_are_not_mine(dialogue: Dialogue) -> None:
    """'1s by me, pass, pass, pass': the maker named after a call does not carry on to the
    passes after it (those are the other three players', each the last caller's LHO: since
    session 20 they are placed so)."""
    story = dialogue.describe("1s by me, pass, pass, pass. pd says he never saw it").play.story
    seats = [e.seat.value if e.seat is not None else None for e in story.events[:4]]
    assert seats == ["S", "W", "N", "E"]


def test_a_redouble_of_an_undoubled_bid_is_nothing_to_redouble(dialogue: Dialogue) -> None:
    """Nobody doubled LHO's 2H and RHO redoubled: whoever bid it, there is no double to
    redouble (Law 19B1), told as such, not as a double of his own side's call."""
    text = "1s by me, 2h by lho, pass by pd and rho said 'redouble'. nobody had doubled"
    found = dialogue.facts_for(dialogue.knowledge.topics["inadmissible_double"], text).facts
    assert found.get("what_was_doubled") == "nothing_to_redouble", found


def test_players_named_in_brackets_after_their_calls_make_them(chat: Chat) -> None:
    """'1nt (me) 2c (lho) 1s (pd)': partner's 1S is insufficient and made at his turn, read
    from the brackets, so neither the turn nor the offender is asked."""
    seen = walk(chat, "1nt (me) 2c (lho) 1s (pd) - she didnt see the 2c. rho says he accepts it")
    assert not any(t.type == "question" for t in seen)
    ruling = ruling_of(seen)
    assert "27A1" in ruling.citations
    assert "Your RHO has accepted 1♠" in ruling.text


def test_the_proper_leaders_own_lead_after_a_lead_out_of_turn_is_read_from_the_trick_won(
    chat: Chat,
) -> None:
    """'i had won trick 4' and then 'i led a heart from hand': declarer, on lead, made his
    proper lead over LHO's card (53B): it stands and LHO's card goes back (47F1, 16C), with
    no question about which lead it was, who led or what declarer chose."""
    seen = walk(
        chat,
        "im declarer in 4h. at trick 5 lho led the ck but i had won trick 4. before anyone"
        " said anything i led a heart from hand. does lhos club go back?",
    )
    assert not any(t.type == "question" for t in seen)
    ruling = ruling_of(seen)
    assert {"53B", "47F1", "16C"} <= set(ruling.citations)
    assert "Declarer's lead stands" in ruling.text


def test_the_partners_lead_after_his_partners_lead_out_of_turn_does_not_cancel_it(
    chat: Chat,
) -> None:
    """'rho had won trick 4' and then 'rho led a heart' after LHO's lead out of turn: the
    proper leader is the offender's partner, whose card is no 53B proper lead; declarer still
    chooses (56A, 53A) and the partner's card is shown (50D2)."""
    seen = walk(
        chat,
        "im declarer in 4h. at trick 5 lho led the ck but rho had won trick 4. before i said"
        " anything rho led a heart. does lhos club go back?",
    )
    assert not any(t.type == "question" for t in seen)
    ruling = ruling_of(seen)
    assert {"56A", "53A", "50D2"} <= set(ruling.citations)
    assert "the partner's card does not cancel it" in ruling.text


def test_whose_lead_it_was_settles_the_leaders_side_once_the_lead_is_the_opening_one(
    chat: Chat,
) -> None:
    """'rho led ..., it was lho's lead': two partners, so both defenders - but only at the
    opening lead (later, declarer and dummy are partners too). Once the user answers that it
    was the opening lead, who led out of turn is taken from the story, not asked, and shown
    in 'I took'. After 'fix' it is asked again."""
    chat.say("rho led out of turn, it was lho's lead")
    after = _said(chat, "opening lead")
    assert "Who led out of turn?" not in after
    assert "wrong defender" in after  # the faced question, asked of a defender's lead
    later = Chat(chat.dialogue)
    later.say("rho led out of turn, it was lho's lead")
    assert "Who led out of turn?" in "\n".join(t.text for t in later.say("later"))
    assert "What happened?" in _said(chat, "fix")  # 'fix': every fact asked, none read
    assert "Which lead was it?" in _said(chat, "1")
    assert "Who led out of turn?" in _said(chat, "opening lead")
