"""Play stories read from their structure (session 20): a trick's winner read from the cards of
a trick told card by card with one ruff in it (the revoke Laws 64A1/64A2 need who won the
revoke trick; the next lead's turn follows from it); dummy's words about a lead out of turn,
which choose nothing (the choice is declarer's, 53A); a lead out of turn told as a noun headed
by its trick ('T6 lead out of turn', 'T6 LOOT by W'); a defender's quoted words naming no
declarer; dummy piping up; a trick given to us. Each story is our own.
"""

from __future__ import annotations

import pytest

from conftest import Chat, asked_about, ruling_of, took_text, walk

REVOKE = "This is about: Revoke"
LEAD = "This is about: Lead out of turn"
WINNER_ASKED = "Who won the trick on which the revoke happened?"
WHICH_LEAD_ASKED = "Which lead was it?"
CHOICE_ASKED = "What has the other side chosen to do about the lead?"


@pytest.mark.parametrize(
    "text",
    [
        "South is declarer in 4H. At T5 dummy led a club, E played the 3, S ruffed with the 2 of "
        "hearts, W followed. Later S found a club among his cards, so he had revoked at trick 5; "
        "it was noticed at trick 9. Declarer took 10 tricks.",
        "4H by S. T5: N led a club, E played the 3, S ruffed with the H2, W followed. S still had "
        "a club - he revoked at trick 5. Seen at the end of play, cards still out.",
    ],
)
def test_revoker_won_his_ruffed_trick(chat: Chat, text: str) -> None:
    """S's trump is the only trump in the trick (the lead a club, E's 3 of the suit led, W
    following): S won the revoke trick himself, so the trick and one later trick move (64A1);
    who won the revoke trick is not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, WINNER_ASKED)
    assert "the revoker himself won the revoke trick" in took_text(seen)
    assert "64A1" in ruling_of(seen).text


def test_revoke_trick_ruffed_by_the_other_side(chat: Chat) -> None:
    """W discarded holding the suit led and S ruffed: S, of the non-offending side, won the
    revoke trick; the defence won later tricks, so one trick moves (64A2)."""
    text = (
        "4H by S. At T5 dummy led a club, E followed, S ruffed with the 2 of hearts, W discarded a "
        "spade although he still had a club. Found at the end of play, cards still out. The "
        "defence won 2 tricks after that."
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, WINNER_ASKED)
    assert "the non-offending side won the revoke trick" in took_text(seen)
    ruling = ruling_of(seen).text
    assert "64A2" in ruling and "64A1" not in ruling


@pytest.mark.parametrize(
    "text",
    [
        # E's card is a heart, higher than S's trump: E may have won it
        "South is declarer in 4H. At T5 dummy led a club, E played the 3 of hearts, S ruffed with "
        "the 2 of hearts, W followed. S had revoked at trick 5, noticed at trick 9.",
        # W overruffed: two trumps in the trick
        "South is declarer in 4H. At T5 dummy led a club, E played the 3, S ruffed with the 2 of "
        "hearts, W overruffed. S had revoked at trick 5, noticed at trick 9.",
        # only three cards told: W, after S, may have overruffed
        "South is declarer in 4H. At T5 dummy led a club, E played the 3, S ruffed with the 2 of "
        "hearts. S had revoked at trick 5, noticed at trick 9.",
    ],
)
def test_ruffed_trick_not_proven_won(chat: Chat, text: str) -> None:
    """Another trump in the trick, or a card not told: who won it is asked, not taken."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert "won the revoke trick" not in took_text(seen)
    assert asked_about(seen, WINNER_ASKED)


def test_lead_after_a_ruffed_trick(chat: Chat) -> None:
    """S won T5 with the only trump, so S was on lead at T6: E's lead was out of turn, read from
    the trick's cards; the lead is to a later trick, not asked."""
    text = (
        "South is declarer in 4H. At T5 dummy led a club, E played the 3, S ruffed with the 2 of "
        "hearts, W followed. At T6 E led a spade."
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD)
    assert not asked_about(seen, WHICH_LEAD_ASKED)
    assert "it was a lead to one of tricks 2 to 12" in took_text(seen)


@pytest.mark.parametrize(
    "text",
    [
        "4S by South. At T6 E led out of turn; dummy said 'fine, play on'.",
        "4S by South. At T6 E led out of turn; dummy said 'I accept it'.",
    ],
)
def test_dummy_accepting_a_lead_chooses_nothing(chat: Chat, text: str) -> None:
    """Dummy's words about a defender's lead out of turn choose nothing (53A names declarer):
    the lead is the matter, announced at once, and the choice is asked with a word that
    dummy's words do not count; dummy's rights come after it (43A1)."""
    seen = chat.say(text)
    assert seen[0].text.startswith(LEAD)
    assert any("After it I'll offer the other: Dummy's rights" in t.text for t in seen)
    question = next(t for t in seen if CHOICE_ASKED in t.text)
    assert "dummy's words neither accept nor refuse it" in question.text


def test_declarer_saying_play_on_accepts(chat: Chat) -> None:
    """Declarer's own 'fine, play on' after a defender's lead out of turn is his acceptance
    (53A): taken, not asked; the lead stands (53A cited)."""
    seen = walk(chat, "4S by South. At T6 E led out of turn; declarer said 'fine, play on'.")
    assert seen[0].text.startswith(LEAD)
    assert not asked_about(seen, CHOICE_ASKED)
    assert "53A" in ruling_of(seen).text


@pytest.mark.parametrize("text", ["T6 lead out of turn", "T6 LOOT by W", "trick 6: LOOT"])
def test_lead_out_of_turn_headed_by_its_trick(chat: Chat, text: str) -> None:
    """A director's heading: the lead out of turn at trick 6, announced at once, with the
    trick taken (a lead to one of tricks 2 to 12) and not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD)
    assert not asked_about(seen, WHICH_LEAD_ASKED)
    assert "it was a lead to one of tricks 2 to 12" in took_text(seen)


@pytest.mark.parametrize(
    "text",
    [
        "What is the penalty for a lead out of turn?",
        "there had been no lead out of turn at trick 6; declarer then claimed the rest",
    ],
)
def test_lead_out_of_turn_named_not_told(chat: Chat, text: str) -> None:
    """The irregularity's name with no trick or player, or denied: no lead is taken as made."""
    seen = chat.say(text)
    assert "A card was led out of turn" not in took_text(seen)


DUMMY_RIGHTS = "This is about: Dummy's rights"


def test_defenders_words_in_a_quote_make_no_declarer(chat: Chat) -> None:
    """ "i asked her 'no spades, partner?' declarer glared at me": the partner named inside the
    words said is not the player the next word makes declarer, so the teller is not dummy: a
    defender's inquiry of his partner is the revoke Laws' (61B), not dummy's rights."""
    seen = chat.say(
        "my partner ruffed a spade lead and i asked her 'no spades, partner?' declarer glared "
        "at me. can a defender ask that?"
    )
    assert seen[0].text.startswith(REVOKE)
    assert not any(t.text.startswith(DUMMY_RIGHTS) for t in seen)


def test_a_defender_with_no_dummy_in_the_story(chat: Chat) -> None:
    """The teller says he defends and the story names no dummy: dummy's rights are not started
    at once on the words 'no spades partner'."""
    seen = chat.say(
        "i'm a defender. i said to my partner no spades partner when he discarded a heart and "
        "declarer gave me a dirty look. am i allowed to say that"
    )
    assert not any(t.text.startswith(DUMMY_RIGHTS) for t in seen)


def test_dummy_piping_up_is_dummy_speaking(chat: Chat) -> None:
    """'my pd (dummy) pipes up ...' during play: dummy spoke, drawing attention to a revoke
    while play goes on (43A1(b)); his act is what the story asks about, the revoke after it."""
    seen = chat.say(
        "rho showed out of spades at T2 and now at T5 he plays a spade. my pd (dummy) pipes up "
        "'hey, you had one before!' play is still going, lho is annoyed"
    )
    assert seen[0].text.startswith(DUMMY_RIGHTS)
    assert any("After it I'll offer the other: Revoke" in t.text for t in seen)


def test_a_trick_given_to_us_is_a_concession(chat: Chat) -> None:
    """'declarer gave us a trick he could never lose': a concession (71), announced as the
    claims topic, not a score to correct."""
    seen = chat.say(
        "declarer gave us a trick at trick 12 he could never lose, we found it after the scores "
        "went up. can it be changed?"
    )
    assert seen[0].text.startswith("This is about: Claims and concessions")
