"""A fact that changes which rule fires is read from what the story tells happened, never from a
word alone (issue 14, point 4): 'nobody has objected since' names an objection and denies it.

Each story is typed as a player would and handed to its topic; the fact is shown under "I took
from your description" (or, where the words leave it open, asked), and the ruling cites the
Laws it turns on."""

from __future__ import annotations

from test_play_facts import asked_test, taken_test
from told import TOOK, tell

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

# what the other side did about a lead out of turn, from where the player who acted sits
TAKEN += [
    (  # the next hand played to it: accepted (53A)
        "lead_out_of_turn",
        "declarer led the ♦4 from his own hand though he'd won the last trick in dummy. I'm next "
        "to play after it and I followed small before anyone noticed",
        {},
        "response",
        "the other side accepted the lead",
        {"53A", "55A"},
    ),
    (  # the two defenders choose differently (55A)
        "lead_out_of_turn",
        "decl led from the wrong hand at T5, pd wants to accept it, i want it back. who decides",
        {},
        "response",
        "the defenders disagreed about accepting declarer's lead",
        {"55A"},
    ),
    (  # declarer puts his own hand down after the wrong defender's opening lead (54A)
        "lead_out_of_turn",
        "E faced the ♠5 as the opening lead but it was W's lead. declarer just laid his whole "
        "hand down on the table so his partner would play it",
        {"seen_dummy": "no"},
        "response",
        "declarer spread his own hand",
        {"54A", "48B1"},
    ),
    (  # declarer, who alone chooses about a defender's lead, says he takes it
        "lead_out_of_turn",
        "T6 my partner led the ♣9 but I'd won trick 5. Declarer said 'fine, I'll take it' and "
        "played from his hand",
        {},
        "response",
        "the other side accepted the lead",
        {"53A", "56A"},
    ),
    (  # declarer plays a card on a defender's lead out of turn
        "lead_out_of_turn",
        "Bob led the ♦Q at trick 6 when his wife had won trick 5. Declarer shrugged and played a "
        "small diamond on it. So it stands?",
        {"offender_role": "defender"},
        "response",
        "the other side accepted the lead",
        {"53A", "56A"},
    ),
]

# what dummy did: his own quoted words (naming an irregularity, or urging a play), a nod at a card
TAKEN += [
    (
        "dummy_rights",
        "we were defending 3NT. at T6 my partner discarded on a heart and dummy shouted 'he's "
        "got a heart!' while the play was still going",
        {"period": "during"},
        "event",
        "dummy drew attention to an irregularity",
        {"43A1(b)", "43B1"},
    ),
    (
        "dummy_rights",
        "N was dummy in 4S and at trick 5 said 'go up with the ace!' when declarer led towards "
        "it. EW called me",
        {},
        "event",
        "dummy took part in the play",
        {"43A1(c)", "43B1"},
    ),
    (
        "dummy_rights",
        "dummy kept nodding at the ♥A on the table whenever declarer hesitated",
        {},
        "event",
        "dummy took part in the play",
        {"43A1(c)"},
    ),
]

# when a revoke came to light: what had (or had not) been played since it, the round's end
TAKEN += [
    (
        "revoke",
        "my partner threw a spade on my heart lead and I said 'no hearts?' - he found one hiding "
        "behind his clubs. neither of us had played to the next trick",
        {"offender_role": "defender"},
        "noticed",
        "noticed before it was established",
        {"62A", "62B1"},
    ),
    (
        "revoke",
        "defending 4S. at trick 4 LHO discarded a club on a diamond lead though he had a "
        "diamond, and we only spotted it at T9. declarer won T4",
        {"offender_role": "defender"},
        "noticed",
        "noticed after it was established",
        {"63B", "64A1"},
    ),
    (
        "revoke",
        "the round was over and we were moving tables when pd said RHO hadn't followed to "
        "hearts on board 12 and had a heart all along",
        {},
        "noticed",
        "after the round had ended",
        {"64B5"},
    ),
]

# a wish to look through the tricks once play is over is the inspection (66D), whatever it hopes
# to find; dummy's own words after the play, with what he said to whom between
TAKEN += [
    (
        "revoke",
        "play is over and we want to look through all the tricks because we think declarer "
        "didn't follow to hearts",
        {},
        "event",
        "someone wants to inspect quitted tricks",
        {"66D"},
    ),
    (
        "dummy_rights",
        "I was dummy, and once the last trick had been played I said to the lady on my left 'I "
        "think you reneged on trick four, you had a club'. Can dummy say that?",
        {"period": "after"},
        "event",
        "dummy drew attention to an irregularity",
        {"42B3"},
    ),
]

# what the player did on an opponent's explanation: a call, or a lead
TAKEN += [
    (
        "misinformation",
        "LHO opened 1NT and when I asked, RHO said '12 to 14'. I passed. Turns out they play "
        "15-17, it's on their card. Pd hasn't called yet.",
        {"lead_faced": "no"},
        "situation",
        "A player made a call after a wrong explanation",
        {"21B1(a)"},
    ),
    (
        "misinformation",
        "i asked about their 2S and was told it was weak, so i led the ♣A face up. before dummy "
        "came down RHO said they actually play it as strong",
        {"card_since": "no"},
        "situation",
        "A player led or played a card after a wrong explanation",
        {"47E2(a)"},
    ),
]

# the question of when the count must be agreed, however it is worded (79A)
TAKEN += [
    (
        "score_correction",
        "when exactly do we have to agree the number of tricks? before the cards go back in the "
        "board?",
        {},
        "event",
        "A question about agreeing the tricks won",
        {"79A1", "79A2"},
    ),
]

# (topic, story, answers, fact that must be asked)
ASKED = [
    # he heard it wrong himself: not a call on an opponent's misinformation
    (
        "misinformation",
        "i thought RHO said '2 hearts' when they actually said '2 spades', and i bid on it. my "
        "fault?",
        {},
        "situation",
    ),
    # a word of the event in a question, denied or put as a case: the phrase no longer decides
    ("revoke", "wat exactly is a revoke and when does it get established? newbie", {}, "event"),
    (
        "revoke",
        "LHO says I revoked at T5 but I did not revoke, I had no clubs left at all",
        {},
        "event",
    ),
    (
        "quitted_tricks",
        "i want to see my card on the last trick, our side already led to the next trick",
        {},
        "event",
    ),
    (
        "dummy_rights",
        "if i'm dummy and i see pd about to lead from the wrong hand, can i say anything?",
        {},
        "event",
    ),
    (
        "claim",
        "how does it work when decl says the rest are his? do we have to agree or can we play on",
        {},
        "event",
    ),
    ("revoke", "pd revoked at T4, is it too late to fix it?", {}, "noticed"),
    # a tap touches the card too (45F): which it was is asked; small talk is no act at all
    (
        "dummy_rights",
        "dummy tapped the ♠K with his finger while declarer was thinking",
        {},
        "event",
    ),
    ("dummy_rights", "dummy said 'nice weather today' and then at T8 LHO ruffed", {}, "event"),
    # a card played to declarer's lead by a player placed nowhere, or not yet played at all
    (
        "lead_out_of_turn",
        "declarer led from the wrong hand at T7 and then West played a small heart on it",
        {},
        "response",
    ),
    (
        "lead_out_of_turn",
        "declarer led from dummy when he was in hand. LHO hadn't played yet, we're thinking "
        "about what to do",
        {},
        "response",
    ),
    (  # the place told is the place of the player who had not yet played, not of East
        "lead_out_of_turn",
        "declarer led from the wrong hand at T6, and before West (2nd to play) had played, East "
        "threw a small card on it",
        {},
        "response",
    ),
    (  # a remark that the lead is accepted is not the choice of the side that makes it
        "lead_out_of_turn",
        "LHO led a spade at T7 when I'd won the last trick in hand. before anybody said anything "
        "i just led my ♣3 anyway, ignoring her card. now she says that's her spade accepted",
        {},
        "response",
    ),
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


def test_the_wrong_defender_placed_by_his_chair_is_taken(dialogue: Dialogue) -> None:
    """'my partner, who sits on dummy's right' after a lead from dummy: the defender on the
    right of the hand led from played to it (53C, on to 57A for his card), not asked."""
    told = tell(
        dialogue,
        "lead_out_of_turn",
        "declarer won trick 6 in hand but then led the ♣3 from dummy, and my partner, who sits "
        "on dummy's right, chucked the ♣9 on it before anyone said a word",
        {},
    )
    assert "response" not in told.asked, told.asked
    assert "the defender on the right of declarer's lead played to it" in told.took, told.took
    assert told.ruling is not None and "53C" in told.ruling.citations
