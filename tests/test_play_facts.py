"""Once the right topic is reached, what the story's structure states is not asked (issue 14).

Each story is handed to its topic (as when the user picks it from the menu); the questions
are answered as a user would. A fact the trick numbers, the contract's seats or the players
relative to the speaker state must be shown in "I took from your description", never asked,
and the ruling must cite the Laws it turns on. The second half: wordings that look alike but
leave the fact open, which must be asked (a wrong fact is worse than a question)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from told import tell

from bot.dialogue.engine import Dialogue


def check_taken(
    dialogue: Dialogue,
    topic: str,
    story: str,
    answers: dict[str, str],
    fact: str,
    shown: str,
    cites: set[str],
) -> None:
    """The fact is shown as taken, never asked, and the ruling cites what it turns on."""
    told = tell(dialogue, topic, story, answers)
    assert fact not in told.asked, told.asked
    assert shown.lower() in told.took.lower(), told.took
    assert told.ruling is not None and told.ruling.topic == topic
    assert cites <= set(told.ruling.citations), told.ruling.citations


def check_asked(
    dialogue: Dialogue, topic: str, story: str, answers: dict[str, str], fact: str
) -> None:
    """A wording that leaves the fact open: it is asked, not guessed."""
    told = tell(dialogue, topic, story, answers)
    assert fact in told.asked, (told.asked, told.took)


def taken_test(cases: list[Any]) -> Callable[..., None]:
    """One test per case (topic, story, answers, fact, words shown, citations): the fact is
    taken from the story, shown, and the ruling cites what it turns on."""

    @pytest.mark.parametrize(
        ("topic", "story", "answers", "fact", "shown", "cites"),
        cases,
        ids=[f"{t}:{f}:{s[:30]}" for t, s, _, f, _, _ in cases],
    )
    def test(
        dialogue: Dialogue,
        topic: str,
        story: str,
        answers: dict[str, str],
        fact: str,
        shown: str,
        cites: set[str],
    ) -> None:
        check_taken(dialogue, topic, story, answers, fact, shown, cites)

    return test


def asked_test(cases: list[Any]) -> Callable[..., None]:
    """One test per case (topic, story, answers, fact): the story leaves the fact open."""

    @pytest.mark.parametrize(
        ("topic", "story", "answers", "fact"), cases, ids=[s[:50] for _, s, _, _ in cases]
    )
    def test(
        dialogue: Dialogue, topic: str, story: str, answers: dict[str, str], fact: str
    ) -> None:
        check_asked(dialogue, topic, story, answers, fact)

    return test


# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # the lead's trick: a trick won before it (trick 8: later; trick 12: the lead to 13)
    (
        "lead_out_of_turn",
        "4S by N. E took trick 8 with the club king, then W led the heart ace before E could",
        {"response": "refuse"},
        "trick_number",
        "a lead to one of tricks 2 to 12",
        {"56B", "50D"},
    ),
    (
        "lead_out_of_turn",
        "E had taken trick 12 with the ace, but then W led the ♦2",
        {},
        "trick_number",
        "the lead to trick 13",
        {"53A"},
    ),
    # at the opening lead the proper leader is a defender: his partner's lead is a defender's
    (
        "lead_out_of_turn",
        "before dummy came down E led the ♠Q, but it was W's lead",
        {},
        "offender_role",
        "A defender led out of turn",
        {"41A"},
    ),
    # a defective trick: its number against the trick it was found at; whose hand; the suit led
    (
        "defective_trick",
        "4H by S. West never played a card to trick 3 and we only spotted it at trick 9. "
        "Hearts were led to trick 3 and West has no hearts now",
        {},
        "holds_suit",
        "holds no card of the suit",
        {"67B1(b)", "64A2"},
    ),
    (
        "defective_trick",
        "2S by W. North didn't play to trick 5, a club trick, and still has a club; found at "
        "the end of play",
        {},
        "noticed",
        "only after both sides had played to the next trick",
        {"67B1(a)", "64A2"},
    ),
    # who asked whom about a revoke (Law 61B)
    (
        "revoke",
        "I'm declarer: when my left-hand opponent discarded on my club lead I asked him "
        "'no clubs?'",
        {"event": "inquiry"},
        "asker",
        "Declarer asked a defender",
        {"61B1"},
    ),
    (
        "revoke",
        "I was dummy and asked partner 'no spades, partner?' after she threw a heart",
        {"event": "inquiry", "dummy_violated": "no"},
        "asker",
        "dummy asked declarer",
        {"61B2(a)"},
    ),
    (
        "revoke",
        "we were defending and I asked my partner 'no diamonds?' when he ruffed",
        {"event": "inquiry"},
        "asker",
        "defender asked",
        {"61B3"},
    ),
    # a revoke at trick 4 told on to trick 8: established, found in play
    (
        "revoke",
        "4S by N. E discarded a heart on a diamond at trick 4 though he held the ♦7; he "
        "played the ♦7 at trick 8",
        {},
        "noticed",
        "after it was established",
        {"63B", "64A1"},
    ),
    # a revoke at trick 3 found once the play was over (and the next board not begun)
    (
        "revoke",
        "3NT by S. West failed to follow to a club at trick 3; nobody noticed until after the "
        "end of play",
        {},
        "noticed",
        "after it was established",
        {"64A1"},
    ),
    # a claim by declarer with a trump of the contract's suit still with a defender
    (
        "claim",
        "4H by N. N showed his hand at trick 10 saying the rest were his; E still had the ♥8",
        {"response": "disputed"},
        "trump_out",
        "trump",
        {"70C"},
    ),
    # no trumps in a notrump contract
    (
        "claim",
        "2NT by S, S claimed the last five tricks without a word and W disagreed",
        {},
        "trump_out",
        "no unmentioned trump",
        {"70A"},
    ),
    # the claimer said to be defending
    (
        "claim",
        "pd, defending, said 'you can have the rest' and I objected at once",
        {},
        "claimer_role",
        "defender",
        {"68B2"},
    ),
    # a short hand found partway through the play: the opening lead had been faced
    (
        "wrong_number_of_cards",
        "Partway through play South found he had only twelve cards; the missing one was under "
        "the board",
        {"problem": "too_few", "found_where": "elsewhere"},
        "lead_faced",
        "after the opening lead was faced",
        {"14B"},
    ),
    # minutes under half an hour after the scores (or the incident): in the correction period
    (
        "score_correction",
        "board 4 was scored the wrong way round, we saw it five minutes after the results "
        "were posted",
        {},
        "found_when",
        "within the correction period",
        {"79C1"},
    ),
    (
        "claim",
        "declarer conceded a trick he had already won; we noticed it about 20 minutes later",
        {"conceded_trick": "already_won"},
        "concession_when",
        "within the correction period",
        {"71A"},
    ),
    (
        "claim",
        "we accepted declarer's claim of the rest, then found he would have lost a trick "
        "anyway; the scores are not even entered yet",
        {"response": "withdrawn_later"},
        "withdraw_when",
        "within the correction period",
        {"69B"},
    ),
    # the round not over: the director was called in the round
    (
        "score_correction",
        "we say declarer made 8 tricks, they say 9; every card was played and the round is "
        "not over",
        {"event": "disagree", "claim_made": "no"},
        "called_when",
        "before the round ended",
        {"79B2"},
    ),
    # the player asking to see a trick says where his own card and his side are (Law 66)
    (
        "quitted_tricks",
        "could I look at the trick that just finished? my card is still face up and we have "
        "not led to the next one",
        {"event": "look_trick"},
        "own_turned",
        "own card was still face up",
        {"66A"},
    ),
    (
        "quitted_tricks",
        "I would like to see the last trick, but I had already turned my card face down; we "
        "hadn't led yet",
        {},
        "own_turned",
        "already turned his own card face down",
        {"66B"},
    ),
    (
        "quitted_tricks",
        "can i look at the previous trick? our side had already led to the next one",
        {},
        "side_played_next",
        "already played to the next trick",
        {"66C"},
    ),
    # a defender's concession his partner objects to at once (Law 68B2)
    (
        "claim",
        "3NT by S. W gave up the last three tricks, and E at once said 'no, hold on, I have the "
        "club ace'",
        {},
        "partner_objected",
        "partner objected to the concession at once",
        {"68B2"},
    ),
    # an opponent claimed, the speaker's side asked to play on, all four agreed (68D2(b))
    (
        "claim",
        "my LHO claimed the last four tricks; my partner and I asked to play on, and all four "
        "of us agreed",
        {},
        "played_on_agreed",
        "all four agreed to play on",
        {"68D2(b)(ii)"},
    ),
    # every card played: no claim or concession cut the play short (Law 79B1, 79B2)
    (
        "score_correction",
        "every card was played; we say 9 tricks, they say 10, and the round is not over",
        {"event": "disagree"},
        "claim_made",
        "there was no claim or concession",
        {"79B2"},
    ),
    # dummy calling the director: had anyone else drawn attention first (Law 9B1(b), 43A1)
    (
        "dummy_rights",
        "as dummy I called the director during the play because I thought LHO had revoked; "
        "no one else had said anything",
        {},
        "attention_drawn",
        "dummy was the first to raise it",
        {"43A1(b)"},
    ),
    (
        "dummy_rights",
        "dummy called the director during the play after E had already said the lead was "
        "out of turn",
        {},
        "attention_drawn",
        "another player had already drawn attention",
        {"9B1(b)"},
    ),
    # dummy warned declarer before the wrong-hand lead was made (Law 42B2)
    (
        "dummy_rights",
        "I was dummy; declarer was about to lead from his hand but we were in dummy, so I said "
        "'you are in dummy'",
        {},
        "lead_made",
        "dummy spoke before declarer led",
        {"42B2"},
    ),
    # where the missing card of a short hand was found (Law 14B)
    (
        "wrong_number_of_cards",
        "Partway through play North found he held only twelve cards; the missing ♦5 was still in "
        "the North pocket of the board",
        {"problem": "too_few"},
        "found_where",
        "found away from the played cards",
        {"14B2"},
    ),
    (
        "wrong_number_of_cards",
        "Partway through play North found he held only twelve cards, and the missing card has "
        "not turned up",
        {"problem": "too_few"},
        "found_where",
        "could not be found",
        {"14B3"},
    ),
    # a card of trick 3 pointed the wrong way, mentioned once play was over (Law 65B3)
    (
        "quitted_tricks",
        "North pointed out, once play was over, that West had pointed his card from trick 3 the "
        "wrong way",
        {},
        "mention_timing",
        "only after that player's side had played to the next trick",
        {"65B3"},
    ),
    # two cards listed face up by one defender: several penalty cards, in two suits
    (
        "penalty_card",
        "4S by N. E had the ♣4 and the ♥J face up on the table from two slips; now it is his "
        "turn to play",
        {"event": "offender_play"},
        "penalty_cards",
        "more than one suit",
        {"51A"},
    ),
]


test_a_fact_the_story_states_is_taken_not_asked = taken_test(TAKEN)


# (topic, story, answers, fact that must be asked)
ASKED = [
    # 'the last trick' as the subject is the trick before, not the lead to trick 13
    (
        "lead_out_of_turn",
        "the last trick was won by dummy; then rho led a spade",
        {},
        "trick_number",
    ),
    # 'see the last trick' is the trick before, not the lead to trick 13
    (
        "lead_out_of_turn",
        "rho led out of turn, and I asked to see the last trick",
        {},
        "trick_number",
    ),
    # at a later trick the lead by the proper leader's partner may be declarer's from dummy
    (
        "lead_out_of_turn",
        "at trick 6 North led the ♠2, it was South's lead",
        {},
        "offender_role",
    ),
    # noticed at once, yet the hand was played to its end: the story says both, so ask
    (
        "defective_trick",
        "trick 4 had only three cards, we saw it straight away, and later at the end of play "
        "declarer made ten",
        {},
        "noticed",
    ),
    # no contract: East may have been dummy
    (
        "defective_trick",
        "trick 5 had only three cards: East never played to it; found at trick 9",
        {},
        "missing_hand",
    ),
    # another player's holding of the suit led is not the missing player's
    (
        "defective_trick",
        "4S by N. trick 6 was a spade lead and W never played to it; found at trick 10. "
        "declarer has no spades left",
        {"missing_hand": "other"},
        "holds_suit",
    ),
    # nobody's role is said: who asked is open
    ("revoke", "I asked pd 'no hearts?' when he discarded", {"event": "inquiry"}, "asker"),
    # a trump mentioned in the claim: whether he accounted for it is the director's question
    (
        "claim",
        "4S by N. declarer claimed saying 'trumps are all drawn', but E still had the ♠9",
        {"response": "disputed"},
        "trump_out",
    ),
    # a concession by the other side's player that a later trick went 'one down' says nothing
    (
        "claim",
        "E conceded two tricks, so declarer went one down; W objected at once",
        {},
        "claimer_role",
    ),
    # hours after the scores, whatever the minutes: the organiser's period decides
    (
        "score_correction",
        "the traveller for board 4 shows 3NT by N but it was by S; results came up 2 hours "
        "ago, we saw it 10 minutes later",
        {"event": "wrong_score"},
        "found_when",
    ),
    # minutes after the session: the scores may have been up long before
    (
        "score_correction",
        "board 4 shows 3NT by N but it was by S; the session ended and 20 minutes later we "
        "spotted it",
        {"event": "wrong_score"},
        "found_when",
    ),
    # found once the next board had begun: whether a non-offender had called (64B4) is asked
    (
        "revoke",
        "3NT by S. West failed to follow to a club at trick 3, and we found it when the next "
        "board had started",
        {},
        "noticed",
    ),
    # one player refused: not all four agreed
    (
        "claim",
        "my LHO claimed the last four tricks; we asked to play on, but my RHO refused",
        {},
        "played_on_agreed",
    ),
    # an objection the next day is not 'at once'
    (
        "claim",
        "3NT by S. W conceded the last three tricks; E objected the next day",
        {},
        "partner_objected",
    ),
    # looked for on the floor but never found: both said, so asked
    (
        "wrong_number_of_cards",
        "Partway through play North found he held only twelve cards; we looked on the floor but "
        "it never turned up",
        {"problem": "too_few"},
        "found_where",
    ),
    # the last trick has no next one: mentioned at the end may still be in time
    (
        "quitted_tricks",
        "North pointed out, once play was over, that West had pointed his card from trick 13 "
        "the wrong way",
        {"event": "pointed_wrong"},
        "mention_timing",
    ),
    # dummy's words alone do not say whether the wrong lead was already made
    ("dummy_rights", "I was dummy and said 'you are in dummy' to declarer", {}, "lead_made"),
    # 'I think I turned it': not said for sure
    ("quitted_tricks", "can I see the last trick? I think I turned it", {}, "own_turned"),
    # another player wants to see it: the speaker's card says nothing of his
    (
        "quitted_tricks",
        "lho wants to see the last trick again; I haven't turned my card and we haven't led",
        {},
        "own_turned",
    ),
    # minutes counted from getting home, not from the scores
    (
        "score_correction",
        "board 4 was scored the wrong way round; we noticed 5 minutes after we got home, and the "
        "scores had gone up at 9",
        {"event": "wrong_score"},
        "found_when",
    ),
    # a penalty card named, but the word 'penalty' does not make its holder a defender
    (
        "penalty_card",
        "partner has the ♠4 face up as a penalty card",
        {"event": "exposed"},
        "offender_role",
    ),
]


test_a_fact_the_story_leaves_open_is_asked = asked_test(ASKED)


def test_a_penalty_card_not_played_then_the_partner_led_on_is_established(
    dialogue: Dialogue,
) -> None:
    """Law 63A1: the holder did not play his penalty card and his partner (by seat) then led
    to the next trick: established, so the revoke law rules on it."""
    told = tell(
        dialogue,
        "penalty_card",
        "E had the ♠8 face up on the table as a penalty card; at trick 4 a spade was led and E "
        "played the ♠2 instead, and then W led to trick 5",
        {"event": "not_played", "noticed": "in_play"},
    )
    assert "established" not in told.asked
    assert "already established" in told.took
    assert told.ruling is not None and told.ruling.topic == "revoke"
    assert {"52A", "63B"} <= set(told.ruling.citations)


def test_declarer_leading_on_does_not_establish_a_defenders_revoke(dialogue: Dialogue) -> None:
    told = tell(
        dialogue,
        "penalty_card",
        "E had the ♠8 face up on the table as a penalty card; at trick 4 a spade was led and E "
        "played the ♠2 instead, and then declarer led to trick 5",
        {"event": "not_played"},
    )
    assert "established" in told.asked
