"""Which situation of a play topic it is, read from the story's events, is taken, not asked
(issue 14, point 4).

Each story is handed to its topic as if picked from the menu. When the events prove the
situation - declarer's option over a penalty card and the lead that went against it by a
player who held the suit, the lead come round again after the option was used, a defender's
card shown while he says the trick is his, declarer's whole hand put face up - the question
is not asked, the situation is shown under "I took from your description", and the ruling
cites the Laws it turns on. The second table: wordings that leave a step out, which must
still be asked."""

from __future__ import annotations

import pytest
from test_play_facts import asked_test, taken_test
from told import tell

from bot.dialogue.engine import Dialogue

# A lead against declarer's option, by a player who could follow it, is a revoke (50D2(a)):
# the penalty-card topic hands the ruling over to the revoke topic.
# (topic, story, answers, fact not asked, words shown as taken, citations)
HANDED_TO_REVOKE = [
    # the suit required, another led by a player told holding the suit required (50D2(a))
    (
        "penalty_card",
        "E had the ♣6 on the table after dropping it. When W got in, declarer demanded a club"
        " lead, but W led a diamond, and he held two clubs.",
        {},
        "event",
        "did not lead as declarer required or forbade, though he could",
        {"50D2(a)", "61A"},
    ),
    # the suit forbidden, led all the same by a player told holding other suits
    (
        "penalty_card",
        "my ♠Q was face up since T3. declarer barred spades when pd got in. pd led a spade all"
        " the same, though he had hearts and clubs.",
        {},
        "event",
        "did not lead as declarer required or forbade, though he could",
        {"50D2(a)", "61A"},
    ),
]


@pytest.mark.parametrize(
    ("topic", "story", "answers", "fact", "shown", "cites"),
    HANDED_TO_REVOKE,
    ids=[s[:40] for _, s, _, _, _, _ in HANDED_TO_REVOKE],
)
def test_a_lead_against_the_option_is_taken_and_ruled_a_revoke(
    dialogue: Dialogue,
    topic: str,
    story: str,
    answers: dict[str, str],
    fact: str,
    shown: str,
    cites: set[str],
) -> None:
    told = tell(dialogue, topic, story, answers)
    assert fact not in told.asked, told.asked
    assert shown.lower() in told.took.lower(), told.took
    assert told.ruling is not None and told.ruling.topic == "revoke"
    assert cites <= set(told.ruling.citations), told.ruling.citations


# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # the option used once, the lead lost and come back: what about the later lead (50E)
    (
        "penalty_card",
        "declarer forbade hearts the first time my pd was on lead (my ♥J was lying out). pd led"
        " a club. we lost T6 and T7, and pd's back on lead now. what can declarer do this time",
        {},
        "event",
        "declarer had already chosen his option",
        {"50E2"},
    ),
    (
        "penalty_card",
        "LHO's ♦4 lay face up. I'm declarer and let RHO lead anything he wanted; RHO led a spade"
        " and has kept the lead for two more tricks. what are my options now",
        {},
        "event",
        "declarer had already chosen his option",
        {"50E2"},
    ),
    # a defender by the contract's seats shows his card saying the trick is his (68A, 68B)
    (
        "penalty_card",
        "4H by S. at T10 W flipped over the ♣K and said 'that's ours, partner' while declarer"
        " was still to play",
        {},
        "event",
        "A defender showed cards while claiming or conceding",
        {"68B2"},
    ),
    # a defender showing a card and saying it wins the trick: a claim of it (68), not a card
    # exposed (this story was asked before, in test_stated_facts; the labelled set gives it
    # this situation)
    (
        "penalty_card",
        "at trick 12 a defender showed the ace of trumps and said 'this one wins this trick'."
        " do those count as penalty cards?",
        {},
        "event",
        "A defender showed cards while claiming or conceding",
        {"68B2"},
    ),
    # the speaker declares: the opponent on his left who shows the card defends
    (
        "penalty_card",
        "I was declarer in 2S. At trick 8 the lady on my left turned up her ♥A: 'you won't"
        " make this one, it's mine'. Must it stay on the table?",
        {},
        "event",
        "A defender showed cards while claiming or conceding",
        {"68B2"},
    ),
    # declarer by the contract's seat puts all his cards face up, no claim said (48B2, 68)
    (
        "penalty_card",
        "3NT by N. At T9 N laid his remaining five cards face up on the table, saying nothing,"
        " and then played on",
        {},
        "event",
        "declarer faced his hand",
        {"48B2"},
    ),
    # a defender's card gone face up, and nothing told of what followed: the card itself is
    # the question (49, 50)
    (
        "penalty_card",
        "4H by N. at T6 E was sorting his hand and the ♦10 went face up on the table, it was not"
        " his turn. what happens to it?",
        {},
        "event",
        "A card was dropped, exposed or named during the play",
        {"49", "50A"},
    ),
    # a lead to the next trick by a player told apart from declarer, his partner's card to
    # this trick still to come: a defender's early lead (57A)
    (
        "premature_play",
        "rho led his ♦A to the next trick before lho had even played to this one. declarer wants"
        " a penalty",
        {},
        "event",
        "A defender led to the next trick before his partner had played",
        {"57A"},
    ),
    # a card lying out, and its holder's partner told to lead by the speaker's chair
    (
        "penalty_card",
        "RHO has the ♦5 on the table face up from a fumble at T2. LHO just won the trick, so it's"
        " LHO's lead now. what can i ask for?",
        {},
        "event",
        "the partner of the defender with the penalty card is to lead",
        {"50D2"},
    ),
    # a claim, the other side's agreement after it, and nothing said since: agreed (69A)
    (
        "claim",
        "3NT by S. at T10 S showed his hand, 'the rest are mine'. we said ok and the cards went"
        " back in the board, nothing more was said. is it final?",
        {},
        "response",
        "the claim was accepted and nobody has objected",
        {"69A"},
    ),
    # a card held up in the partner's sight, or named in the player's own words as the one he
    # plays, by a player told apart from declarer: a defender's card, 45C1 decides
    (
        "card_played",
        "pd held the ♠K up so i could see it before rho had played. declarer now wants it played",
        {},
        "event",
        "A defender showed a card, or named it as the card he plays",
        {"45C1"},
    ),
    (
        "card_played",
        "my partner goes, out loud, 'I'm putting the queen on this', though declarer hadn't"
        " played from dummy yet",
        {},
        "event",
        "A defender showed a card, or named it as the card he plays",
        {"45C1"},
    ),
    (
        "card_played",
        "dummy played low, then my partner said 'I'll play the jack', but declarer had not yet"
        " played from hand",
        {},
        "event",
        "A defender showed a card, or named it as the card he plays",
        {"45C1"},
    ),
    # the speaker asks to see a trick and tells his own card played to it: declarer or a
    # defender, never dummy (dummy plays no card of his own), so he may look (66A)
    (
        "quitted_tricks",
        "can i look at the last trick again? my own card is still face up and nobody has led yet",
        {"own_turned": "no"},
        "asker",
        "a player wants to see the cards",
        {"66A"},
    ),
    (
        "quitted_tricks",
        "could i see trick 7 again? i'd already turned my card, but our side hadn't led to the"
        " next trick",
        {},
        "asker",
        "a player wants to see the cards",
        {"66A"},
    ),
    # a card played by a defender (by the contract's seats, or told apart from declarer), then
    # his own words that he wanted another: the wrong card or a change of mind (47, 45C)
    (
        "retracting_played_card",
        "4S by N. at T5 E played the ♦J, then straight away said 'no wait, the 3' and tried to"
        " swap it. S hadn't played yet",
        {},
        "reason",
        "he played a card he now regrets",
        {"45C1", "47F2"},
    ),
    (
        "retracting_played_card",
        "declarer led a club and my partner put down the ♣Q, then at once went 'wait, no, i want"
        " the 4' before dummy had played",
        {},
        "reason",
        "he played a card he now regrets",
        {"45C1", "47F2"},
    ),
]

# (topic, story, answers, fact asked)
ASKED = [
    # declarer's card, with no word of his own hand: it may be dummy's, named by a slip (45C4)
    (
        "retracting_played_card",
        "declarer played the ♥K then said 'oops, the queen'. LHO hadn't played yet",
        {},
        "reason",
    ),
    # declarer's choice already told: what followed it is the matter, asked
    (
        "penalty_card",
        "E's ♣7 is face up on the table; declarer forbade clubs and W is on lead",
        {},
        "event",
    ),
    # agreed, but a doubt told after: when it came and what followed are asked
    (
        "claim",
        "declarer claimed the rest and we agreed; later my partner thought he had a trump left",
        {},
        "response",
    ),
    # N and S may be declarer and dummy: declarer's own early lead is another case (57A)
    ("premature_play", "N led to the next trick before S had played to this one", {}, "event"),
    # the speaker asking may be dummy, who may not look: nothing says he played a card
    ("quitted_tricks", "can i see the last trick again? declarer says no", {}, "asker"),
    # RHO may be declarer, whose card held up is another case (45C2)
    ("card_played", "rho held the ♥K up so i could see it, then played the ♥2", {}, "event"),
    ("card_played", "E said 'i'll play the ace' before W had played", {}, "event"),
    # RHO may be declarer: nothing proves whose hand the king came from
    (
        "retracting_played_card",
        "my rho played the ♣K and then said 'oops, the 2' before i played",
        {},
        "reason",
    ),
    # a lead against the suit required, but no holding told: he may have had none (50D2)
    (
        "penalty_card",
        "declarer required a club lead from E because of W's ♣Q on the table. E led a diamond.",
        {},
        "event",
    ),
    # a card shown with 'mine', but nothing says whether RHO declares or defends
    (
        "penalty_card",
        "rho flipped the ♥A up and said 'this one's mine'. is it a penalty card",
        {},
        "event",
    ),
    # the lead coming round again only asked about, not told
    (
        "penalty_card",
        "declarer forbade spades when pd got in; pd led a club. can declarer forbid them again if"
        " pd gets in later?",
        {},
        "event",
    ),
]

test_the_situation_the_events_tell_is_taken_not_asked = taken_test(TAKEN)
test_the_situation_is_asked_when_a_step_is_left_out = asked_test(ASKED)
