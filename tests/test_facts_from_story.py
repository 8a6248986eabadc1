"""A fact that changes which rule fires is read from what the story tells happened, never from a
word alone (issue 14, point 4): 'nobody has objected since' names an objection and denies it.

Each story is typed as a player would and handed to its topic; the fact is shown under "I took
from your description" (or, where the words leave it open, asked), and the ruling cites the
Laws it turns on."""

from __future__ import annotations

from test_play_facts import TOOK, asked_test, taken_test, tell

from bot.dialogue.engine import Dialogue

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # an objection at the table, after the claim: disputed (70)
    (
        "claim",
        "3NT by S, trick 9, S puts hand down: 'five clubs and the ♦A, no problems'. W had the "
        "♣J109x and clubs split 4-0. E/W objected at once and the director came.",
        {"event": "claim", "claimer_role": "declarer", "line_stated": "stated"},
        "response",
        "the claim was disputed",
        {"70A", "70D1"},
    ),
]

# (topic, story, answers, fact that must be asked)
ASKED = [
    # the objection named and denied, something raised after: agreed or withdrawn, not disputed
    (
        "claim",
        "i was declarer in 4S and claimed the last 3 tricks at trick 11, opps agreed and nobody "
        "has objected since. now lho says he had a trump",
        {},
        "response",
    ),
    (
        "claim",
        "declarer claimed the rest at trick 10, no one disputed it but now pd thinks we should "
        "have had a trick",
        {},
        "response",
    ),
]

test_a_fact_the_story_tells_is_taken = taken_test(TAKEN)
test_a_fact_the_words_leave_open_is_asked = asked_test(ASKED)


def test_an_objection_denied_is_never_read_as_a_dispute(dialogue: Dialogue) -> None:
    """'nobody has objected since' once made the bot say the claim was disputed."""
    told = tell(
        dialogue,
        "claim",
        "declarer claimed the last three, we agreed and nobody has objected since, but now my "
        "partner says he had a trump",
        {},
    )
    assert "disputed" not in told.took.lower(), told.took
    assert told.took == "" or told.took.startswith(TOOK)
