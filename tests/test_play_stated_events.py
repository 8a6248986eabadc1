"""What happened in the play, read from who had still to play, is taken, not asked (issue 14,
point 4).

Each story is handed to its topic as if picked from the menu, and the questions are answered
as a user would. A fact the story's structure states - who led the trick, whose partner had
still to play, who played after whom - must be shown under "I took from your description",
its question never asked, and the ruling must cite the Laws it turns on. The second table:
wordings that look alike but leave the fact open, which must still be asked."""

from __future__ import annotations

from test_play_facts import asked_test, taken_test
from told import tell

from bot.dialogue.engine import Dialogue

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # declarer led from dummy, the speaker (4th) played before his partner (2nd): a defender,
    # since neither of declarer's side is then still to play (57A)
    (
        "premature_play",
        "decl led a diamond from dummy, im 4th and i put my ♦K on the table before pd had"
        " played. decl hasnt picked anything yet",
        {},
        "event",
        "a defender played to the trick before his partner had played",
        {"57C1"},
    ),
    # the partner told first as still to play, then the card: the same structure
    (
        "premature_play",
        "declarer led a heart from hand, i hadnt played yet and my partner slapped down the ♥Q."
        " what can declarer do",
        {},
        "event",
        "a defender played to the trick before his partner had played",
        {"57C1"},
    ),
    # his partner's card already on the trick, dummy still to play: a defender at his right-hand
    # opponent's turn (57D)
    (
        "premature_play",
        "W led the ♠4 and E slapped down the ♠J before dummy had played. declarer wants to"
        " know his options",
        {"card_legal": "legal"},
        "event",
        "a defender played at his right-hand opponent's turn",
        {"57D"},
    ),
    # a lead to the next trick before partner played to this one (57A)
    (
        "premature_play",
        "t8 decl led a spade from hand, lho and dummy followed, and pd led his ♣A to the next"
        " trick before i had played. decl says he can choose what i play",
        {},
        "event",
        "a defender led to the next trick before his partner had played",
        {"57C1"},
    ),
]

# dummy asking to see a trick, his role said beside him: Law 43 forbids it
TAKEN.append(
    (
        "quitted_tricks",
        "pd (dummy) wanted to see the last trick cos he missed what lho played. rho said dummy"
        " cant",
        {},
        "asker",
        "dummy wants to see the cards",
        {"43A1(c)"},
    )
)

# declarer named a card from dummy and took it back in his next words: a change of
# designation (45C4(b)), not dummy's act
TAKEN.append(
    (
        "card_played",
        "4S by S. at t3 S says 'club jack' from the board, then straight away 'no, the club"
        " queen'. W hasnt played yet",
        {"naming": "slip"},
        "event",
        "declarer named a card from dummy",
        {"45C4(b)"},
    )
)
# declarer named one card and dummy put out another (45D)
TAKEN.append(
    (
        "card_played",
        "i was declarer, said 'heart four' and my pd (dummy) put out the heart nine. rho followed"
        " small before anyone noticed",
        {"noticed": "before"},
        "event",
        "dummy put out a card declarer had not named",
        {"45D1"},
    )
)

# the revoke is the speaker's partner's, the opponents bid on the next board: a call by a
# non-offender (64B4)
TAKEN.append(
    (
        "revoke",
        "pd showed out of spades at t4 holding the ♠2, and the opps only noticed after they'd"
        " started bidding the next board",
        {},
        "noticed",
        "first noticed after a non-offender had called on the next board",
        {"64B4"},
    )
)

# 'only three cards' and 'never contributed' tell the defective trick and its number; found
# three tricks on: after both sides played to the next (67B)
TAKEN.append(
    (
        "defective_trick",
        "4H by S. trick 7 shows only three cards, W never contributed to it. we spotted it at"
        " t10. W still has a club, clubs were led to 7",
        {},
        "noticed",
        "noticed only after both sides had played to the next trick",
        {"67B1(a)"},
    )
)

# a card lying face up, then a trick led by declarer: its holder is to play to it (50D1)
TAKEN.append(
    (
        "penalty_card",
        "rho has had the ♣9 lying face up since she dropped it at t4. now declarer leads a club"
        " from dummy. does she have to play the 9?",
        {},
        "event",
        "the defender who has the penalty card is to play",
        {"50D1(a)"},
    )
)

# the claim agreed, the next board bid, and only then the objection (69B)
TAKEN.append(
    (
        "claim",
        "4s by s. at t9 decl faced his hand 'all mine'. we said fine, went to the next board and"
        " bid it, then pd realised he still had the ♠j",
        {},
        "response",
        "someone objected only after the next board was started or the round ended",
        {"69B"},
    )
)

# a played card quitted showing the trick won by the wrong side (65B)
TAKEN.append(
    (
        "quitted_tricks",
        "at t7 my pd turned his card pointing to us as if we'd won it, but declarer had. i only"
        " noticed at t10",
        {},
        "event",
        "a played card was pointed the wrong way",
        {"65B3"},
    )
)

# a second card dropped on a trick already played to, found later: a card too many (67B2)
TAKEN.append(
    (
        "defective_trick",
        "at t4 lho put the ♦2 on the trick and then dropped the ♦9 on it as well, 5 cards there."
        " we only saw it at t7",
        {"noticed": "later"},
        "event",
        "a player played more than one card to the trick",
        {"67B2(a)"},
    )
)
# a player who forgot to play: a card missing (67B)
TAKEN.append(
    (
        "defective_trick",
        "t6 rho forgot to play, the trick got turned with three cards. we noticed at t8. rho"
        " still has a spade, spades were led",
        {"missing_hand": "other"},
        "event",
        "a player did not play to the trick",
        {"67B1"},
    )
)

# 'how long after the results can a score be fixed': the correction period is the question
TAKEN.append(
    (
        "score_correction",
        "how long after the results go up can we still get a wrong score fixed at our club?",
        {},
        "event",
        "a question about the correction period",
        {"79C1"},
    )
)

# dummy, by the speaker's own role, telling declarer the lead is in the other hand (42B2)
TAKEN.append(
    (
        "dummy_rights",
        "i was dummy and when pd led from his hand after winning in dummy i said 'you're on the"
        " table'. lho says i can't say that",
        {},
        "event",
        "dummy spoke about declarer leading from the wrong hand",
        {"42B2"},
    )
)
# dummy (N) looking at E's cards: E a defender by the seats (43A2(c))
TAKEN.append(
    (
        "dummy_rights",
        "dummy (N) got up for a coffee and on the way back had a good look at E's cards. E is not"
        " happy",
        {},
        "event",
        "dummy looked at a defender's cards",
        {"43A2(c)"},
    )
)

# (topic, story, answers, fact that must be asked)
ASKED = [
    # nobody's role shown: he may be declarer playing before dummy
    (
        "premature_play",
        "lho put his card on the table before his pd had played. what now",
        {},
        "event",
    ),
    # the partner played on after the early card: that card may be what is asked (60)
    (
        "premature_play",
        "declarer led the ♠3, pd jumped in with the ♠Q before me, and i followed with my ♠2"
        " before anyone said a word",
        {},
        "event",
    ),
    # declarer or dummy still to play, the partner's card not told: 57A or 57D is open
    (
        "premature_play",
        "declarer led a club from hand and E slapped down the ♣K before dummy had played",
        {},
        "event",
    ),
    # an opponent, not declarer, named the other card: no change of designation told
    (
        "card_played",
        "4S by S. at t3 S says 'club jack' from the board and then E says 'no, the club queen is"
        " higher'",
        {},
        "event",
    ),
    # the offending side made the call on the next board: 64B4 does not apply yet
    (
        "revoke",
        "my lho showed out of spades at t4 holding the ♠2 and we only noticed after they'd"
        " started bidding the next board",
        {},
        "noticed",
    ),
    # she played another card to that lead: whether she had to play the penalty card is open
    (
        "penalty_card",
        "rho has had the ♣9 lying face up since she dropped it at t4. then a club was led and"
        " she followed with the ♣2. what now",
        {},
        "event",
    ),
    # the objection came before the next board was bid: not an agreement withdrawn later
    (
        "claim",
        "4s by s. at t9 decl faced his hand 'all mine'. we said fine but before the next board"
        " was bid pd said 'wait i have the ♠j'",
        {},
        "response",
    ),
    # dummy pointing at a card is not a played card pointed the wrong way
    (
        "quitted_tricks",
        "dummy pointed at the ♠q and declarer then played it. can dummy do that",
        {},
        "event",
    ),
    # a card told played twice: misplaced, neither too few nor too many is proven
    (
        "defective_trick",
        "rho played the ♣6 at t3 and then the same six turned up again in his hand and he played"
        " it at t8, 3 cards on that trick",
        {},
        "event",
    ),
    # a wrong score told, no question of how long: what the matter is stays asked
    (
        "score_correction",
        "our 4h making was put in as 4h-1 and the results are up now. can it be fixed?",
        {},
        "event",
    ),
    # the required suit not held: he could not comply, what he may do is the question
    (
        "premature_play",
        "after pd played early declarer said i must play my lowest heart. i have no hearts! what"
        " do i do?",
        {},
        "event",
    ),
    # whose cards dummy saw is not placed: they may be declarer's
    (
        "dummy_rights",
        "dummy got up for a coffee and on the way back had a good look at my cards",
        {},
        "event",
    ),
    # the speaker's partner, neither's role told: he may be dummy
    (
        "quitted_tricks",
        "my pd wanted to see the last trick again, he missed what lho played. nobody had led",
        {},
        "asker",
    ),
]


test_what_happened_in_the_play_is_taken_not_asked = taken_test(TAKEN)


test_what_happened_is_asked_when_the_story_leaves_it_open = asked_test(ASKED)


def test_declarer_asking_to_see_a_trick_is_not_asked_who_he_is(dialogue: Dialogue) -> None:
    """'S (declarer) wanted to look at T4': a player, not dummy, wants to see the trick - the
    question is not asked and the ruling is the players' (66), not dummy's (43)."""
    told = tell(
        dialogue,
        "quitted_tricks",
        "at t9 S (declarer) wanted to look at t4 again to see who had the ♠j. both defenders"
        " said no",
        {"side_played_next": "yes"},
    )
    assert "asker" not in told.asked, told.asked
    assert told.ruling is not None and "66C" in told.ruling.citations, told.ruling
    assert "43A1(c)" not in told.ruling.citations


def test_a_look_back_for_a_suspected_revoke_is_taken_not_asked(dialogue: Dialogue) -> None:
    """Asking during the play to go back through the tricks for a revoke he suspects: the
    quitted-tricks topic takes it (66C) and hands the revoke to its own topic."""
    told = tell(
        dialogue,
        "quitted_tricks",
        "at t9 decl wanted to look back at the old tricks, he thinks lho didn't follow to a club"
        " at t3. lho says not till the end",
        {},
    )
    assert "event" not in told.asked, told.asked
    assert "someone wants to inspect quitted tricks to check a revoke" in told.took, told.took
    assert told.ruling is not None and "66C" in told.ruling.citations, told.ruling


def test_a_penalty_card_left_unplayed_is_taken_not_asked(dialogue: Dialogue) -> None:
    """A card lying face up, a trick led, and its holder plays another card 'instead': the
    penalty card was not played when it had to be (52A), and the revoke it makes is ruled by
    its own topic (64B3: a card faced on the table)."""
    told = tell(
        dialogue,
        "penalty_card",
        "rho has had the ♣9 lying face up since she dropped it at t4. then a club was led and she"
        " played the ♣2 from her hand instead. her pd has led to the next trick since",
        {},
    )
    assert "event" not in told.asked, told.asked
    assert "a defender failed to play a penalty card he had to play" in told.took.lower()
    assert told.ruling is not None and {"52A", "64B3"} <= set(told.ruling.citations)


def test_a_required_card_not_played_is_taken_not_asked(dialogue: Dialogue) -> None:
    """Declarer chose what the early card's partner must play and he played another though he
    could ('held the ♠Q and the ♠5 and played the 5'): not complied with (57A), a revoke ruled by
    its own topic (61A)."""
    told = tell(
        dialogue,
        "premature_play",
        "after e's early card decl went 'w, play your highest spade'. w held the ♠q and the ♠5"
        " and played the 5",
        {},
    )
    assert "event" not in told.asked, told.asked
    assert "did not play as declarer required" in told.took, told.took
    assert told.ruling is not None and {"57A", "61A"} <= set(told.ruling.citations)
