"""A story in the play is never taken for a problem with a call.

"I played the 2 and straight away realised I wanted the jack" shares its words with a changed
call ("realised", "straight away", "meant"), and fuzzy matching once offered "Changing a call
just made" first. A card that went to a trick, or a numbered trick, places the story in the
play period: topics about the auction alone declare ``excluded_by: [play_begun]`` and drop out,
unless the calls told point to them.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge

from conftest import Chat

IN_THE_PLAY = [
    "i played the ♠2 and straight away realised i should have played the J to unblock. nobody "
    "else had played yet. declarer said no",
    "at trick 3 i played the 7 of hearts then said oops i meant the 8, nobody had played after "
    "me. can i change it",
    "declarer ruffed with the 2 of spades, then said 'sorry i meant to ruff with the 10' before "
    "lho played",
    # no card told played, but the trick the story is at: a hand's card count, not a call
    "at t10 decl has one card more than everyone and lho one less, how",
    "on trick 7 we counted and pd only has 5 cards left, everybody else 6",
]


def _auction_topics(knowledge: Knowledge) -> set[str]:
    return {t.id for t in knowledge.topics.values() if "play_begun" in t.excluded_by}


def test_the_auction_topics_are_the_ones_about_calls(knowledge: Knowledge) -> None:
    assert {"unintended_call", "insufficient_bid", "call_out_of_rotation"} <= _auction_topics(
        knowledge
    )
    assert not {"card_played", "retracting_played_card", "lead_restrictions"} & _auction_topics(
        knowledge
    )


@pytest.mark.parametrize("text", IN_THE_PLAY)
def test_a_card_played_is_not_offered_as_a_call(
    text: str, dialogue: Dialogue, knowledge: Knowledge
) -> None:
    assert "play_begun" in dialogue.describe(text).excluded
    offered = [m.topic.id for m in dialogue.rank(text)[:3]]
    assert not set(offered) & _auction_topics(knowledge), offered


def test_calls_that_show_an_insufficient_bid_still_count_once_the_play_is_told(
    chat: Chat,
) -> None:
    """The play told after the calls leaves them read: the insufficient bid is announced, or,
    since more stories of information from withdrawn calls were learned (a call told in prose
    and the play after it is how they are told), offered beside that topic in a menu."""
    turns = chat.say(
        "pd opened 1NT and i bid 1S over it by mistake, then realised before lho called. later "
        "in the play pd won trick 4"
    )
    offered = [c.id for c in turns[0].choices] if turns[0].type == "question" else []
    assert turns[0].topic == "insufficient_bid" or "insufficient_bid" in offered[:3]


def test_an_auction_story_is_not_placed_in_the_play(dialogue: Dialogue) -> None:
    text = "lho opened 1H, pd passed and rho bid 1D. rho says he meant 2D"
    assert "play_begun" not in dialogue.describe(text).excluded
