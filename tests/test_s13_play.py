"""Play stories read from their structure (session 13): a side's tricks won after a revoke
are some of its tricks, not its count of the deal; stories of taking back a played card,
of looking at played tricks and of a defender's card left face up, told in everyday words.
Each story is our own; each asserts what the user sees (the topic announced, the question
asked or not, the ruling's text and citations).
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk


def test_a_sides_tricks_after_the_revoke_are_not_counted_as_declarers_total(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'N-S won three tricks after trick 4' says the defenders won tricks later (Law 64A),
    not that they took three in all: declarer's ten would be a count the story never gave,
    and the ruling would then credit him with a result nobody told."""
    text = (
        "3NT by W. at trick 4 N threw a spade on a diamond lead though he still had a "
        "diamond; E (dummy) won it, and N-S won three tricks after trick 4. spotted when "
        "the hands were compared at the end"
    )
    assert dialogue.describe(text).play.declarer_tricks is None
    seen = walk(chat, text)
    shown = "\n".join(t.text for t in seen)
    assert "took 10 tricks" not in shown, shown
    assert "64A2" in ruling_of(seen).citations


def test_a_total_told_beside_the_later_tricks_is_still_read(dialogue: Dialogue) -> None:
    """The count of the deal, told beside the later tricks, is still declarer's, and the two
    are no dispute of the count (Law 79)."""
    text = (
        "4H by N. E ruffed the second spade at trick 6 holding a spade. north made 9 tricks "
        "and E-W took two tricks later on."
    )
    description = dialogue.describe(text)
    assert description.play.declarer_tricks == 9
    assert "score_disputed" not in description.proven
