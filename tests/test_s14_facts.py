"""Session 14 (issue 14, trust): an answer re-checked against the story's seats, the 'I took
from your description' line without a player at fault when there is none, and facts a story
states read from its structure instead of asked."""

from __future__ import annotations

from bot.dialogue.engine import Dialogue
from bot.dialogue.incident import read_incident
from bot.dialogue.play_reader import read_play

from conftest import Chat, ruling_of, walk


def _text(seen: list) -> str:  # type: ignore[type-arg]
    return "\n".join(t.text for t in seen)


def _questions(seen: list) -> list[str]:  # type: ignore[type-arg]
    return [t.text.split("\n")[0] for t in seen if t.type == "question"]


# -- 1a. 'Which lead was it?' answered 'opening': the seats decide whose lead it was --------


def test_opening_answered_by_declarers_lho_is_ruled_in_turn(chat: Chat) -> None:
    """Declarer is the teller's RHO, so the teller sits on declarer's left: once he says the
    lead was the opening one, his lead was in turn (41A), whatever partner claimed."""
    seen = chat.say("4S by my RHO. I put the HQ on the table and partner said 'it's my lead'")
    assert _questions(seen) == ["Which lead was it?"]
    seen = [*seen, *chat.say("opening")]
    ruling = ruling_of(seen)
    assert ruling.citations == ("41A",)
    text = _text(seen)
    assert "faced" not in " ".join(_questions(seen))
    assert "the player at fault" not in text
    assert "check the seats" not in text


def test_opening_answered_with_compass_seats_in_turn(chat: Chat) -> None:
    """'South declares 4H': West, on South's left, made the opening lead in turn."""
    seen = chat.say("South declares 4H. West led the DA and East said 'no, it's my lead'")
    assert _questions(seen) == ["Which lead was it?"]
    seen = [*seen, *chat.say("opening")]
    assert ruling_of(seen).citations == ("41A",)
    assert "the player at fault" not in _text(seen)


def test_opening_answered_by_the_wrong_defender_stays_out_of_turn(chat: Chat) -> None:
    """Declarer is the teller's LHO: the teller is declarer's RHO, never the opening leader,
    so after 'opening' the lead out of turn goes on (is it faced?)."""
    seen = chat.say("2H by my LHO. I led a low club and partner said 'my lead'")
    assert _questions(seen) == ["Which lead was it?"]
    turns = chat.say("opening")
    assert [t.text.split("\n")[0] for t in turns if t.type == "question"] == [
        "Was the wrong defender's opening lead faced (turned face up), or is it still face down?"
    ]
    ruling = ruling_of(walk(chat, "faced"))
    assert ruling.citations != ("41A",)
    assert any(c.startswith("54") for c in ruling.citations)


def test_compass_seats_out_of_turn_after_opening(chat: Chat) -> None:
    """North declares, so East leads first: West's lead was out of turn."""
    chat.say("4S by North. West led the HK and East said it was his lead")
    turns = chat.say("opening")
    assert any(t.type == "question" and "faced" in t.text for t in turns)
    assert not any(t.type == "ruling" for t in turns)


def test_later_answer_is_not_read_as_in_turn(chat: Chat) -> None:
    """A later lead is not checked against declarer's LHO: the opening seat says nothing."""
    chat.say("3NT by my RHO. i led the SK and pd says 'it's my lead'")
    turns = chat.say("later")
    assert not any(t.type == "ruling" and t.citations == ("41A",) for t in turns)


def test_back_after_the_opening_answer_asks_it_again(chat: Chat) -> None:
    """'back' undoes the answer and the re-reading it caused: the same question comes back."""
    chat.say("4S by North. West led the HK and East said it was his lead")
    chat.say("opening")
    turns = chat.say("back")
    assert [t.text.split("\n")[0] for t in turns if t.type == "question"] == ["Which lead was it?"]


# -- 1b. the reader says which 'took' entries name the player at fault or a seat check -------


def test_play_reader_marks_the_player_at_fault_entry() -> None:
    read = read_play("4S by South. East led the HK at trick 1 but West was on lead")
    marked = [t for t in read.took if read.about.get(t) == "offender"]
    assert marked and all(t in read.took for t in marked)
    reading = read_incident("4S by South. East led the HK at trick 1 but West was on lead", "play")
    assert set(reading.took_about) <= set(reading.took)


def test_in_turn_story_shows_no_player_at_fault(chat: Chat, dialogue: Dialogue) -> None:
    """The story itself says the opening lead: the seats put it in turn, and the 'I took'
    line names nobody at fault and asks no seat check."""
    seen = walk(chat, "3NT by my RHO. I made the opening lead, the DJ, and partner said 'my lead!'")
    assert ruling_of(seen).citations == ("41A",)
    text = _text(seen)
    assert "the player at fault" not in text
    assert "check the seats" not in text
    facts = dialogue.describe(
        "3NT by my RHO. I made the opening lead, the DJ, and partner said 'my lead!'"
    ).facts
    assert facts.get("lead_event") == "in_turn"


def test_a_claim_of_ones_own_lead_after_it_is_not_a_lead_on_an_opponents_word(chat: Chat) -> None:
    """'South led the DQ and North said it was his lead': North claims his own turn after
    the lead; nobody led on an opponent's word, so it is never ruled as 47E1."""
    seen = walk(chat, "3NT by West. South led the DQ, then North said it was his lead")
    assert "47E1" not in ruling_of(seen).citations
    assert "wrongly told him" not in _text([t for t in seen if t.type != "question"])


def test_what_happened_help_names_the_told_answer(chat: Chat) -> None:
    """The help under 'What happened?' points to the answer by its words: the second button
    is the lead in turn, not the lead made on an opponent's word."""
    turns = chat.say("4S by North. East led the HK and West said it was her lead")
    asked = next(t for t in turns if t.type == "question")
    assert "second answer" not in asked.text
    assert "He led because an opponent wrongly told him it was his lead" in asked.text


def test_answered_in_turn_names_nobody_at_fault(chat: Chat) -> None:
    """The user answers that the opening lead came from declarer's LHO: the 'I took' line
    names nobody as the player at fault."""
    chat.say("4S by North. East led the HK and West said it was her lead")
    turns = chat.say("2")
    assert next(t for t in turns if t.type == "ruling").citations == ("41A",)
    assert "the player at fault" not in _text(turns)


# -- 2. facts the story states, read from its structure ---------------------------------------


def test_lho_calling_over_an_insufficient_bid_accepts_it(chat: Chat) -> None:
    """The next call told after the insufficient bid is the offender's LHO's, a legal bid
    over the auction: he accepted it by calling (27A1), so it is not asked."""
    seen = walk(chat, "Dealer W opened 2S, N bid 2H without seeing it, and E bid 3C over it.")
    assert not any("accept the insufficient bid" in q for q in _questions(seen))
    assert ruling_of(seen).citations == ("27A1",)


def test_a_pass_by_the_next_player_accepts_it_too(chat: Chat) -> None:
    seen = walk(
        chat,
        "my LHO opened 1NT and my partner overcalled 1S, and my RHO passed. then someone"
        " spotted the 1S.",
    )
    assert not any("accept the insufficient bid" in q for q in _questions(seen))
    assert "27A1" in ruling_of(seen).citations


def test_a_replaced_insufficient_bid_leaves_acceptance_asked(chat: Chat) -> None:
    """The offender put another call in its place: who called after it says nothing of
    whether the LHO accepted the insufficient one."""
    turns = chat.say("I opened 2NT, partner bid 2C meaning Stayman and then changed it to 3C.")
    assert not any(t.type == "ruling" and t.citations == ("27A1",) for t in turns)


def test_a_bid_told_again_is_not_a_call_over_it(chat: Chat) -> None:
    """'1NT - (2D) - 2C ... LHO's 2D overcall': the 2D told again comes after the 2C in the
    text but was made before it; it accepts nothing."""
    turns = chat.say("1NT - (2D) - 2C. partner forgot LHO's 2D overcall. what happens now?")
    assert not any(t.type == "ruling" and t.citations == ("27A1",) for t in turns)


def test_a_defective_trick_found_after_both_sides_played_on_is_late(chat: Chat) -> None:
    """'everyone followed to 8' after trick 7 had three cards: both sides had played to the
    next trick, so when it was noticed is not asked."""
    seen = walk(
        chat,
        "South forgot to play to trick 7, the trick had only three cards. North won it and led"
        " to trick 8, and everyone followed to 8 before anyone saw the missing card.",
    )
    assert not any(q.startswith("When was the mistake noticed?") for q in _questions(seen))


def test_a_list_of_tricks_played_since_is_read(chat: Chat) -> None:
    """'we'd played trick 6 and 7 since': the last trick named is two on from trick 5."""
    seen = walk(
        chat,
        "Trick 5 only had three cards, my LHO never played to it. We'd played trick 6 and 7"
        " before anybody saw it.",
    )
    assert not any(q.startswith("When was the mistake noticed?") for q in _questions(seen))


def test_a_trick_asked_for_two_tricks_later_is_past_the_next_trick(chat: Chat) -> None:
    """At trick 10 a player asks to see trick 7: his side has played to trick 8 at least,
    so that is not asked."""
    seen = walk(chat, "At trick 10 East asked to look at the cards of trick 7 again. Allowed?")
    assert not any("next trick" in q for q in _questions(seen))


def test_the_trick_just_before_leaves_it_asked(chat: Chat) -> None:
    seen = walk(chat, "At trick 8 East asked to look at the cards of trick 7 again. Allowed?")
    assert any("next trick" in q for q in _questions(seen))
