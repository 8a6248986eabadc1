"""Revoke stories read from the play told (session 19): who won tricks after the revoke trick,
told of whoever won them ('we won 3 more after', 'they got nothing after that') and placed on
a side from the teller's chair and the revoker's seat or role; the revoke trick's winner told
later by its number ('T7 won by N'); a failure to follow seen while its own trick was still
being played ('before pd played to it', 'in the same trick'), which cannot be established yet.
Each story is our own, told more than one way.
"""

from __future__ import annotations

import pytest

from conftest import Chat, asked_about, ruling_of, took_text, walk

REVOKE = "This is about: Revoke"
LATER_ASKED = "After the revoke trick, did the offending side"
WINNER_ASKED = "Who won the trick on which the revoke happened?"
NOTICED_ASKED = "When was attention first drawn to the revoke?"


@pytest.mark.parametrize(
    "text",
    [
        "i was dummy in 4H. pd ruffed a club at T4 with a club still in his hand and won the "
        "trick. we won 3 more tricks after that. lho spotted it at the end, cards still out. "
        "how many do they get?",
        "i'm declarer in 4s. i ruffed a diamond at T5 holding the D3 lol, won that trick. "
        "then i won loads of tricks afterwards. rho noticed at the end",
    ],
)
def test_our_later_tricks_told_by_we(chat: Chat, text: str) -> None:
    """The revoker is the teller or his partner: 'we' / 'i' won more after the revoke trick,
    so the offending side won a later trick, and the revoker won the revoke trick himself:
    two tricks move (64A1), not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, LATER_ASKED)
    assert "the offending side won a trick after the revoke trick" in took_text(seen)
    ruling = ruling_of(seen)
    assert "64A1" in ruling.text


@pytest.mark.parametrize(
    "text",
    [
        "we defended 3nt. rho pitched a heart on my spade lead at T6 tho he had a spade, i won "
        "T6 with the ace. they got nothing after that. found at the end, cards still out",
        "defending 4S. at T10 declarer threw a club on pd's heart lead although he still had a "
        "heart. pd won it with the HA and we took the rest. spotted before the hands went back",
    ],
)
def test_no_later_trick_for_the_offenders(chat: Chat, text: str) -> None:
    """The revoker is an opponent of the teller: 'they got nothing after that', or 'we took
    the rest', says the offending side won no later trick; with the revoke trick won by the
    teller's side, no trick moves (64B1)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, LATER_ASKED)
    assert "the offending side won no trick after the revoke trick" in took_text(seen)
    ruling = ruling_of(seen)
    assert "64B1" in ruling.text


def test_a_later_trick_of_the_other_side_tells_nothing(chat: Chat) -> None:
    """The non-offenders winning 'two more' says nothing of the offenders' tricks: asked."""
    text = (
        "we defended 3nt. rho pitched a heart on my spade lead at T6 tho he had a spade, i won "
        "T6 with the ace. we won two more after that. found at the end, cards still out"
    )
    seen = walk(chat, text)
    assert asked_about(seen, LATER_ASKED)


@pytest.mark.parametrize(
    "text",
    [
        "4S by S, T7: E threw a club on a spade lead though he held a spade. at T9 the spade "
        "came out. T7 won by N. found at the end",
        "we were defending 4H. at T3 pd pitched a spade on a club lead with a club left. the "
        "club came out at T8. trick 3 was won by declarer. noticed at the end",
    ],
)
def test_revoke_trick_winner_told_later_by_its_number(chat: Chat, text: str) -> None:
    """The revoke trick's winner told sentences later, tied to it by its number: a defender's
    revoke trick won by declarer's side - not asked; one trick at most moves (64A2/64B1)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, WINNER_ASKED)
    assert "the non-offending side won the revoke trick" in took_text(seen)
    ruling = ruling_of(seen)
    assert "64A2" in ruling.text or "64B1" in ruling.text


@pytest.mark.parametrize(
    "text",
    [
        "rho didn't follow to my diamond lead, before pd played to it he said oops and put a "
        "diamond on. what happens?",
        "lho pitched a club on a heart at T8, noticed it in the same trick and played a heart "
        "instead. is the club a penalty card?",
        "lho showed out of hearts on T2, her pd said 'no hearts?' before the trick was over and "
        "she found one. what about the spade she played",
    ],
)
def test_revoke_seen_in_its_own_trick_is_not_established(chat: Chat, text: str) -> None:
    """Seen before the revoke trick was over, nobody can have played to the next trick: the
    revoke is corrected (62A), a defender's card withdrawn is a penalty card (62B1) - when it
    was noticed is not asked."""
    seen = walk(chat, text, "defender")
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, NOTICED_ASKED)
    assert "the revoke was noticed before it was established" in took_text(seen)
    ruling = ruling_of(seen)
    assert "62A" in ruling.text
    assert "62B1" in ruling.text
    assert "64A" not in ruling.text


def test_a_trick_over_before_it_was_seen_is_not_read_as_in_time(chat: Chat) -> None:
    """'not noticed before the trick was over' is not a revoke seen in its trick."""
    text = (
        "lho showed out of clubs at T2 and it wasnt noticed before the trick was over, found "
        "at T5 when she played a club. 4H by me"
    )
    seen = walk(chat, text, "revoke")
    assert "the revoke was noticed before it was established" not in took_text(seen)


@pytest.mark.parametrize(
    "text",
    [
        "4H by S. on T5 E led a spade, W ruffed with the 2 of hearts although he still had a "
        "spade. N pitched a club and S followed. W won the trick. revoke found at the end",
        "defending 4S. T3: declarer led a heart and my pd threw a club although he still had a "
        "heart. dummy played the HQ. i played low. dummy won the trick. noticed at the end",
    ],
)
def test_revoke_trick_winner_told_while_the_story_is_at_that_trick(chat: Chat, text: str) -> None:
    """'W won the trick' sentences after the revoke, with the other cards of that trick told
    between and no other trick begun: the revoke trick's winner, not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert not asked_about(seen, WINNER_ASKED)


def test_the_trick_won_after_another_lead_is_not_the_revoke_trick(chat: Chat) -> None:
    """A lead to another trick told between: 'N won the trick' may be that one - asked."""
    text = (
        "4H by S. on T5 E led a spade, W ruffed with the 2 of hearts although he still had a "
        "spade. N pitched a club. at T6 S led a club. N won the trick. revoke found at the end"
    )
    seen = walk(chat, text)
    assert asked_about(seen, WINNER_ASKED)


LEAD = "This is about: Lead out of turn"
WHO_LED_ASKED = "Who led out of turn?"


@pytest.mark.parametrize(
    "text",
    [
        "someone led out of turn at trick 7, declarer accepted it and played from dummy. is that "
        "right?",
        "trick 9, a lead came from the wrong side of the table and declarer refused it. what now",
    ],
)
def test_declarer_choosing_about_the_lead_says_a_defender_led(chat: Chat, text: str) -> None:
    """Only declarer chooses about a defender's lead out of turn (53A, 54): declarer accepting
    or refusing it places the leader among the defenders - not asked."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD)
    assert not asked_about(seen, WHO_LED_ASKED)
    assert "A defender led out of turn" in took_text(seen)


@pytest.mark.parametrize(
    "text",
    [
        "lead out of turn at trick 6, the defender on my left said 'we'll accept that' and "
        "played. what now",
        "at trick 4 the lead came from the wrong hand and the defender on my right accepted it",
    ],
)
def test_a_defender_choosing_about_the_lead_is_not_the_leader(chat: Chat, text: str) -> None:
    """'the defender on my left said we'll accept' named the lead's chooser, an opponent of
    the leader: the declaring side led (55A), never 'a defender led'."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD)
    assert "A defender led out of turn" not in took_text(seen)
    assert "the declaring side led out of turn" in took_text(seen)


@pytest.mark.parametrize(
    "text",
    [
        "i'm the td. at T4 lho of declarer discarded a club on a diamond although he had a "
        "diamond. found at the end",
        "at T6 the rho of declarer ruffed a spade although he still had a spade. found at the "
        "end of play",
    ],
)
def test_a_role_named_as_whose_neighbour_is_not_the_revoker(chat: Chat, text: str) -> None:
    """'lho of declarer' names declarer's neighbour, not declarer: the revoker is never taken
    to be declarer from those words."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(REVOKE)
    assert "the player at fault: declarer" not in took_text(seen)
    assert "declarer revoked from his own hand" not in took_text(seen)
