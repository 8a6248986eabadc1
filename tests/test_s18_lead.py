"""The lead's spot checks, session 18 (issue 14): typed replies that are more of the same story.

A sentence typed at a question that starts the topic under way only on its words, knowing
less than the story did and contradicting none of it, is read with the story told before: what
the story stated (whose claim it was) is not asked again. A sentence that proves an
irregularity on its own is a retelling, read afresh.
"""

from __future__ import annotations

from conftest import Chat


def test_more_of_the_same_story_typed_at_a_question_keeps_what_was_told(chat: Chat) -> None:
    seen = chat.say("declarer claimed the rest at trick 9 saying trumps were drawn")
    assert "What happened after the claim?" in seen[-1].text
    replies = chat.say("we agreed at first but then objected")
    texts = " ".join(t.text for t in replies)
    assert "claim or a concession" not in texts, texts
    assert "Who claimed" not in texts, texts
    assert "did an opponent still hold a trump" in replies[-1].text, texts


def test_a_retelling_typed_at_a_question_is_read_afresh(chat: Chat) -> None:
    chat.say(
        "4S by N, S dummy. E led at trick 8 though W had won trick 7, nobody said anything, "
        "dummy S stood up and called the director himself. was he allowed to?"
    )
    replies = chat.say(
        "rho led when it was lho's lead. i'm dummy, and i waved the director over before "
        "anyone else said a thing"
    )
    assert "This is about: Dummy" in " ".join(t.text for t in replies)


def test_a_face_down_lead_then_turned_over_is_a_faced_lead(chat: Chat) -> None:
    """Only the opening lead is made face down (41A); once its leader turns it over, its face
    has been seen: declarer has the faced lead's options (54), not 'put it back'."""
    seen = chat.say(
        "lho led the 7 of hearts face down, then before rho said anything he turned it over "
        "and it was rho's lead. 3nt by pd"
    )
    texts = " ".join(t.text for t in seen)
    assert "This is about: Lead out of turn" in texts
    assert "still face down" not in texts.lower()
    assert "What has the other side chosen to do about the lead?" in seen[-1].text


def test_a_face_down_lead_noticed_before_it_was_turned_up_stays_face_down(chat: Chat) -> None:
    seen = chat.say(
        "lho led the 7 of hearts face down, it was rho's lead, we noticed before he turned it "
        "up. 3nt by pd"
    )
    assert "41A" in seen[-1].text


def test_a_discard_then_shown_up_with_the_suit_is_a_revoke(chat: Chat) -> None:
    """'E pitched a club, later E showed up with a diamond' on a diamond lead: E held the
    suit he did not follow (61A), so the revoke is read, not asked as a general question."""
    seen = chat.say(
        "bd 5 decl N 4S. T9 W led a diamond, N ruffed, E pitched a club, later E showed up "
        "with a diamond. found at end, EW took 3 tricks, N 10 tricks"
    )
    texts = " ".join(t.text for t in seen)
    assert "This is about: Revoke" in texts
    assert "What is the question about?" not in texts


def test_whose_call_it_was_is_whose_turn_it_was(chat: Chat) -> None:
    """'when it was pd's call' says whose turn it was, as 'pd's turn' does: asking 'Whose turn
    was it?' after it asks what the user typed."""
    seen = chat.say("4th seat lho bid 1nt out of turn when it was pd's call")
    texts = " ".join(t.text for t in seen)
    assert "This is about: Call out of turn" in texts
    assert "Whose turn was it" not in texts


def test_a_lead_noticed_at_a_later_trick_is_not_taken_as_the_opening_lead(chat: Chat) -> None:
    """'only noticed at trick 5': the lead came at some trick before the fifth, which the
    words do not say; it is asked, not taken as the opening lead (a pattern meant to see the
    trick number had never matched)."""
    seen = chat.say(
        "rho led the 4 of clubs but it was lho's lead. only noticed at trick 5. 3nt by pd"
    )
    texts = " ".join(t.text for t in seen)
    assert "This is about: Lead out of turn" in texts
    assert "opening lead" not in seen[-1].text.split("\n")[0], texts


def test_a_turn_only_believed_skipped_proves_no_missed_turn(chat: Chat) -> None:
    """W 'thought he was dealer' and says they went round him, but the calls told came in
    rotation from the dealer E: no pass took his turn, so the auction is not reopened (34)."""
    seen = chat.say(
        "board says E deals. E passed, I opened 1S, W passed, pd 2S, E pass, me pass, W pass. "
        "Now W tells us 'I thought I was dealer, you went round me'"
    )
    texts = " ".join(t.text for t in seen)
    assert "The auction has not ended" not in texts, texts
    assert "This is about: Auction ended but a player missed his turn" not in texts, texts
