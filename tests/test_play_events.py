"""Play incidents told as stories reach their topic because the reader proves what happened.

Each description (from the labelled play sets, typed the way players type) went to a wrong topic
before the reader proved the event it tells: a card played at the same moment as another, a card
put out before its turn, a card taken back, a defender's card exposed, a trick someone wants to
see again, a wrong score on the traveller, a hand of twelve cards, dummy acting on his own. The
second half checks that the words alone never prove one: the same words in another story prove
nothing, and the wrong topic is not announced.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

PROVEN = [
    (
        "2 players put their card down at exact same time, RHO in turn and LHO out of turn",
        "simultaneous_plays",
        "premature_play",
    ),
    (
        "i'm declarer, i played from hand before lho had played to the trick. is there a "
        "penalty for me?",
        "played_before_turn",
        "premature_play",
    ),
    (
        "pd still thinking about trick 5, rho already led a card to trick 6 lol. declarer wants "
        "a penalty",
        "played_before_turn",
        "premature_play",
    ),
    (
        "lead out of turn by W, then E played to it before director got there",
        "played_after_irregular_lead",
        "premature_play",
    ),
    (
        "auction over, my pd (declarer) led a card himself before the defenders could. im "
        "dummy, what now",
        "lead_out_of_turn",
        "lead_out_of_turn",
    ),
    (
        "i won trick 8 and rho just led the SA anyway. i said no take it back. do i lead now?",
        "lead_out_of_turn",
        "lead_out_of_turn",
    ),
    (
        "nv v nv, 3NT by S. W on lead, but E put the D6 on the table face up. declarer said no "
        "thanks so W leads. W led a spade. what about the D6?",
        "card_exposed",
        "penalty_card",
    ),
    (
        "my lho put down a card, then picked it up and played another one. i had played after "
        "his first card. can i change mine",
        "card_taken_back",
        "retracting_played_card",
    ),
    (
        "declarer wants to see trick 4 again, we're on trick 8. we said no",
        "trick_inspection",
        "quitted_tricks",
    ),
    (
        "all four cards played out, 2 sides disagree about 8 or 9 tricks, the round ended and "
        "next pair sat down before we called",
        "score_disputed",
        "score_correction",
    ),
    (
        "i think the traveller has the wrong contract recorded, 3S instead of 4S. found today, "
        "event was last night",
        "score_recorded_wrong",
        "score_correction",
    ),
    (
        "dec has 12 cards, the queen of hearts turned up under the table",
        "wrong_card_count",
        "wrong_number_of_cards",
    ),
    (
        "dummy nodded at declarer towards the heart suit. declarer then led a heart",
        "dummy_acted",
        "dummy_rights",
    ),
    (
        "as dummy i peeked at lho's cards when he put them on the table. is there a penalty",
        "dummy_acted",
        "dummy_rights",
    ),
    (
        "in 4S, LHO played a heart on trick 12 when clubs were led and he still had a club. "
        "declarer won trick 12, we saw it at trick 13",
        "revoke",
        "revoke",
    ),
    (
        "declarer showed his hand and said 'all good', we agreed and played the next board. "
        "then pd says 'wait, i had a trump'. too late?",
        "claim",
        "claim",
    ),
    (
        "pd's QH was a penalty card, declarer said 'dont lead a heart', then we lost the lead "
        "and now I'm back in later - can I lead a heart now?",
        "penalty_card_held",
        "penalty_card",
    ),
]


@pytest.mark.parametrize(("text", "irregularity", "topic"), PROVEN)
def test_the_story_proves_what_happened_and_its_topic_is_announced(
    text: str, irregularity: str, topic: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).proven[0] == irregularity
    assert chat.say(text)[0].topic == topic


NOT_PROVEN = [
    # dummy asking a question in his own words, or a card named 'from dummy': not dummy acting
    ("dummy asked a defender if he had any trumps left", "dummy_acted"),
    ("declarer called 'ace of hearts' from dummy and immediately said 'no, king'", "dummy_acted"),
    ("wrong dealer, board says S deals but W opened 1C", "dummy_acted"),
    # bidding cards put down together are calls (Law 33), not plays
    ("two players put their bidding cards down at the same time", "simultaneous_plays"),
    ("both me and my LHO pulled cards at exactly the same time", "simultaneous_plays"),
    # 'played to it' with no irregular lead told
    ("only 3 cards on the last trick, pd never played to it", "played_after_irregular_lead"),
    # a player of the suit led is no revoke, whatever he held
    (
        "in 4S, LHO played a club on trick 12 when clubs were led and he still had a club",
        "revoke",
    ),
    # declarer refusing the lead did not lead himself
    (
        "declarer refused the opening lead out of turn by the wrong defender, it was face up",
        "played_before_turn",
    ),
    # a trick won later in the story says nothing of who was on lead at trick one
    (
        "bd 21, both vul, 4S by N. E led the HK, won. T2 E switched to a club, dummy won. T3 "
        "trump to the ace, W threw a heart. W's side won T7 and T8",
        "lead_out_of_turn",
    ),
    # a card shown by declarer is no penalty card
    ("declarer dropped a card from hand onto the table face up", "card_exposed"),
]


@pytest.mark.parametrize(("text", "irregularity"), NOT_PROVEN)
def test_the_same_words_in_another_story_prove_nothing(
    text: str, irregularity: str, dialogue: Dialogue
) -> None:
    assert irregularity not in dialogue.describe(text).proven


def test_a_card_put_out_before_declarer_led_again_is_ruled_without_a_question(
    chat: Chat,
) -> None:
    turns = chat.say(
        "Declarer led from the wrong hand at trick 8 and the defenders made him take the card "
        "back; before he had led again from the correct hand, East put the 7 of diamonds on the "
        "table."
    )
    assert turns[0].topic == "premature_play"
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings, [t.text[:100] for t in turns]
    assert {"60B", "50B"} <= set(rulings[-1].citations)
    assert not [t for t in turns if t.type == "question"]


def test_a_missed_trick_is_a_trick_with_too_few_cards(dialogue: Dialogue) -> None:
    # an empty list of words once matched every text: every defective trick read as too many
    # (the structure's reading of the same kind, 'defective_kind_told', must agree with it)
    facts = dialogue.describe(
        "declarer ended with one card too many, he must have skipped a trick"
    ).facts
    assert {k: v for k, v in facts.items() if k != "defective_kind_told"} == {
        "defective_kind": "too_few"
    }
    assert facts.get("defective_kind_told", "too_few") == "too_few"
    assert (
        dialogue.describe("e put a fifth card on the trick, noticed 2 tricks later").facts[
            "defective_kind"
        ]
        == "too_many"
    )


def _walk_to_ruling(chat: Chat, text: str) -> list[str]:
    """Every reply's text, answering each question with its first choice."""
    return [t.text for t in walk(chat, text)]


def test_declarer_named_from_the_speakers_chair_is_taken_with_the_contract(
    chat: Chat,
) -> None:
    """'3NT by me (S)': the contract and its declarer, so East's card is a defender's."""
    seen = _walk_to_ruling(
        chat,
        "nv v nv, 3NT by me (S). W on lead, but E put the D6 on the table face up. i said no "
        "thanks so W leads. W led a spade. what about the D6?",
    )
    took = next(t for t in seen if t.startswith("I took from your description"))
    assert "the contract: 3NT by South" in took
    assert not any(t.startswith("Whose card was it?") for t in seen)


def test_a_trick_number_before_a_seat_letter_is_no_bid(chat: Chat, dialogue: Dialogue) -> None:
    """'at trick 6 S led the SK': South led to trick 6, nobody bid six spades."""
    text = (
        "5D by E, vul. at trick 6 S led the SK while N had actually won trick 5 with the SA. "
        "E says he wants to accept it and play low"
    )
    assert [str(e.call) for e in dialogue.describe(text).story.timeline] == ["5♦"]
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Lead out of turn")
    took = next(t for t in seen if t.startswith("I took from your description"))
    assert "the contract: 5♦ by East" in took and "to one of tricks 2 to 12" in took
    assert not any("6♠" in t for t in seen)


WHAT_IT_WAS = [
    # a result recorded one way and put right in the same breath, both sides agreeing
    (
        "td: pair entered 1NT+2 should have been 3NT=. both pairs agree. within 30 minutes of "
        "official scores",
        "score_correction",
        "the score was recorded or worked out wrongly",
    ),
    (
        "made 11 tricks in 4H, bridgemate says 10. pd entered it. opps agree it was 11",
        "score_correction",
        "the score was recorded or worked out wrongly",
    ),
    # two players' cards at one moment (Law 58A)
    (
        "2 players put their card down at exact same time, RHO in turn and LHO out of turn",
        "premature_play",
        "two players played at the same moment",
    ),
    # tricks looked through for a revoke (Law 66)
    (
        "rho wants to go through all the tricks to see if declarer failed to follow suit, mid hand",
        "quitted_tricks",
        "someone wants to inspect quitted tricks to check a revoke",
    ),
]


@pytest.mark.parametrize(("text", "topic", "took"), WHAT_IT_WAS)
def test_what_the_incident_was_is_taken_from_the_story_not_asked(
    text: str, topic: str, took: str, chat: Chat
) -> None:
    turns = chat.say(text)
    assert turns[0].topic == topic
    seen = _walk_to_ruling(chat, text)
    assert not any(t.startswith("What is the question about?") for t in seen)
    assert any(t.startswith("I took from your description") and took in t for t in seen)


def test_a_scored_result_is_no_call(dialogue: Dialogue) -> None:
    """'4S+1', '3NT=', '4S x making' are results as scored: no auction is read from them."""
    for text in (
        "we scored 4S+1 but it was actually 4H+1, opps agree",
        "opps entered 4S x making, should have been 4S undoubled. everyone agrees",
        "td: pair entered 1NT+2 should have been 3NT=",
    ):
        description = dialogue.describe(text)
        assert description.proven == ("score_recorded_wrong",)
        assert [str(e.call) for e in description.story.timeline if e.role == "made"] in (
            [],
            ["4♠"],  # 'should have been 4S undoubled': the contract named, not scored
        )
        assert not description.suggested


NOT_THE_SAME_INCIDENT = [
    # his own card, not the trick
    "i want to see my card on the last trick, our side already led to the next trick",
]

CARDS_GATHERED = [
    # the played cards were put away: what was disputed cannot be read off them
    "after the hand, opps say they won 4, we say 3, pd had already put his cards back",
    # 'before we'd agreed the tricks': nothing had been agreed, so no agreed count disputed
    "lho mixed all his played cards into a pile before we'd agreed the tricks. now we dont "
    "agree on 10 or 11",
]


@pytest.mark.parametrize("text", CARDS_GATHERED)
def test_a_count_disputed_after_cards_were_gathered_is_the_mixed_cards_case(
    text: str, dialogue: Dialogue
) -> None:
    """Not a count read off the rows (after play), nor an agreed count disputed: a player's
    cards gathered before any count was agreed (65D, docs/labelling.md)."""
    facts = dialogue.describe(text).facts
    assert facts.get("inspect_event") == "mixed_cards" and "score_event" not in facts


@pytest.mark.parametrize("text", NOT_THE_SAME_INCIDENT)
def test_the_kind_of_incident_is_asked_when_the_story_leaves_it_open(
    text: str, dialogue: Dialogue
) -> None:
    facts = dialogue.describe(text).facts
    assert "inspect_event" not in facts and "score_event" not in facts


WHO_LED = [
    # 'I put my hand down as dummy': the opponent who led is a defender
    "oppnent led the wrong guy. I put my hand down as dummy when the opening lead came from the "
    "wrong side, was that ok?",
    # declarer has the options: the lead was a defender's
    "opening lead out of turn, face down, declarer wants to know what his choices are before "
    "its turned up",
    # his partner was on lead, and dummy never is
    "auction over, lho led but it was his partner on lead. declarer accepted and dummy came down",
    # the speaker and his partner argue whose lead it was, nobody declaring among them
    "i led the SA and pd goes 'hang on its my lead'. 4H by N. card is face up",
]


@pytest.mark.parametrize("text", WHO_LED)
def test_a_defenders_lead_out_of_turn_is_not_asked_who_led(text: str, chat: Chat) -> None:
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Lead out of turn")
    assert not any(t.startswith("Who led out of turn?") for t in seen)
    assert any(t.startswith("I took") and "A defender led out of turn" in t for t in seen)


def test_a_lead_from_the_wrong_hand_is_not_made_a_defenders(dialogue: Dialogue) -> None:
    """Declarer having options proves nothing when the words say the lead came from a hand of
    declarer's side."""
    facts = dialogue.describe("North led from the wrong hand, what can declarer do").facts
    assert "lead_offender_role" not in facts


PLAYED_EARLY = [
    (
        "i'm declarer, i played from hand before lho had played to the trick. is there a "
        "penalty for me?",
        "declarer_early",
    ),
    ("pd (defender) played before me, the rule says declarer picks something?", "before_partner"),
    ("in 4S by N, E played his card before dummy had played to the trick", "rho_turn"),
]


@pytest.mark.parametrize(("text", "event"), PLAYED_EARLY)
def test_whose_early_play_it_was_is_read_from_the_roles(
    text: str, event: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).facts["premature_event"] == event
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Premature")
    assert not any(t.startswith("What happened?") for t in seen)


def test_an_early_play_by_a_player_of_unknown_role_is_asked(dialogue: Dialogue) -> None:
    # E may be declarer playing from hand before dummy: which law applies is asked
    assert (
        "premature_event"
        not in dialogue.describe(
            "E plays his card when its still dummy's turn, dummy hadnt played to the trick"
        ).facts
    )


def test_a_lead_made_on_an_opponents_word_is_a_lead_out_of_turn(chat: Chat) -> None:
    """Told it was his lead by an opponent, he led, and it was not his lead (Law 47E1)."""
    text = (
        "opp said 'it's your lead' to my pd but it was actually my lead. pd led a spade. can we "
        "take it back"
    )
    turns = walk(chat, text)
    seen = [t.text for t in turns]
    assert seen[0].startswith("This is about: Lead out of turn")
    assert not any(t.startswith(("Who led out of turn?", "What happened?")) for t in seen)
    assert "47E1" in turns[-1].citations


@pytest.mark.parametrize(
    ("text", "noticed"),
    [
        (
            "dummy played the HT but declarer had said HJ. noticed before anyone played to the "
            "next trick",
            "before",
        ),
        (
            "dummy put the wrong card out (declarer said club 9, dummy played club 10). found 2 "
            "tricks later",
            "after",
        ),
    ],
)
def test_dummy_playing_another_card_than_declarer_named_is_ruled_without_asking(
    text: str, noticed: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).facts["dummy_card_noticed"] == noticed
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: When a card counts as played")
    assert not any(t.startswith(("What happened", "When was the mistake noticed?")) for t in seen)


def test_declarer_playing_the_wrong_card_from_dummy_is_not_dummys_mistake(
    dialogue: Dialogue,
) -> None:
    assert (
        "dummy_wrong_card"
        not in dialogue.describe(
            "declarer played the wrong card from dummy but declarer had said the king"
        ).proven
    )


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a claim someone disagreed with, play stopped (Law 68D)
        (
            "NT contract, declarer put cards down saying 'cashing out from the top, hearts then "
            "clubs'. E disagrees, says clubs may not break",
            {"claim_response": "disputed"},
        ),
        (
            "someone claimed, there was a dispute. hands still on table",
            {"claim_response": "disputed"},
        ),
        # fourteen cards in one hand, found before anyone called (Law 13A)
        (
            "N finds he has 14 cards before bidding, S has 12. nobody saw anyone else's cards",
            {"cards_problem": "too_many", "cards_stage": "before_call"},
        ),
        ("theres a joker in my hand lol. before the bidding", {"cards_problem": "extra_card"}),
        # a revoke taken back in time: an illegal card withdrawn (Law 62A)
        (
            "defender revoked and caught it before it became established. he takes back his card?",
            {"retract_reason": "illegal"},
        ),
        # three cards in one trick, five in the next, found at the end (Law 67B)
        (
            "trick 7 has only 3 cards in it and trick 8 has 5. somebody put a card on the wrong "
            "trick i think, found at the end",
            {"defective_noticed": "later"},
        ),
    ],
)
def test_what_the_story_tells_of_the_incident_is_read(
    text: str, facts: dict[str, str], dialogue: Dialogue
) -> None:
    found = dialogue.describe(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # agreed first, objected later: when it was is asked
        ("declarer claimed, we agreed, later pd objected", "claim_response"),
        # a concession his partner objects to is Law 68B2, not a disputed claim
        (
            "defender (me) said 'you get the rest' and threw my cards in. pd objected",
            "claim_response",
        ),
        # fourteen cards and one from another pack: which law applies is asked
        ("I had 14 cards, one from another pack", "cards_problem"),
        # the card played after the revoke may be what is asked about
        (
            "i didnt follow suit and noticed right away, took my card back. the next player had "
            "already played though. can he change his card?",
            "retract_reason",
        ),
    ],
)
def test_the_same_words_with_more_told_leave_the_fact_to_a_question(
    text: str, fact: str, dialogue: Dialogue
) -> None:
    assert fact not in dialogue.describe(text).facts


def test_a_hand_of_fourteen_found_before_the_bidding_is_not_asked_what_or_when(
    chat: Chat,
) -> None:
    seen = _walk_to_ruling(
        chat, "N finds he has 14 cards before bidding, S has 12. nobody saw anyone else's cards"
    )
    assert seen[0].startswith("This is about:")
    assert not any(
        t.startswith(("What was wrong with the cards?", "When was it found?")) for t in seen
    )


SHOWN_LATER = [
    "RHO ruffed my diamond but then at trick 11 he follows with a diamond lol. we're still playing",
    "4H by me. LHO discarded on a spade at trick 2 (we won it in dummy), turns out he had the S2.",
    "4S by N. T3 trump to the ace, W threw a heart. T4 trump, W followed with the S4!! so he had "
    "one on T3.",
]


@pytest.mark.parametrize("text", SHOWN_LATER)
def test_a_revoke_shown_by_a_later_card_is_ruled_as_one(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    """The player who did not follow later showed the suit: a revoke, not asked whether."""
    assert dialogue.describe(text).proven[0] == "revoke"
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Revoke")
    assert not any(t.startswith("What is the question about?") for t in seen)


NOT_SHOWN = [
    # another player's card
    "RHO ruffed my diamond, then at trick 11 LHO follows with a diamond",
    # a card of another suit than the one he ruffed proves nothing
    "RHO ruffed my diamond, then at trick 11 he follows with a club",
    # the suit led is not told: a later spade says nothing of it
    "W threw a heart. later W followed with a spade",
    # 'he had one more trick' is no holding
    "E discarded a club, he had one more trick to lose",
]


@pytest.mark.parametrize("text", NOT_SHOWN)
def test_a_later_card_of_another_player_or_suit_proves_no_revoke(
    text: str, dialogue: Dialogue
) -> None:
    assert "revoke" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # a card named by suit and rank is no incomplete designation (Law 46B)
        (
            "declarer named the S3 from dummy, then thought a bit and wanted the SQ instead. he "
            "meant the 3 at the time",
            "card_played",
        ),
        # declarer's card held face up near the table: played or not is Law 45C2
        (
            "declarer held the DQ face up just above the table, then put it back. we say its "
            "played",
            "card_played",
        ),
    ],
)
def test_the_story_points_to_its_topic(text: str, topic: str, chat: Chat) -> None:
    assert chat.say(text)[0].topic == topic


def test_a_dummy_card_named_that_dummy_lacks_stays_a_designation(dialogue: Dialogue) -> None:
    excluded = dialogue.describe(
        "declarer called for the SQ from dummy but dummy doesn't have it"
    ).excluded
    assert "complete_card_named" not in excluded


def test_two_cards_from_one_hand_at_the_same_time_are_not_two_players(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "West played two cards to the trick at the same time, the 4 of clubs and the 6 of clubs"
    ).facts
    assert facts.get("premature_event") == "simultaneous"
    assert "premature_simul" not in facts


def test_a_revoke_told_as_an_accusation_is_offered_first(chat: Chat) -> None:
    """'you had a heart when you ruffed' points to a revoke without proving one: the revoke
    topic is the first the user meets, started at once or heading the choices (it went to a
    change of call before)."""
    turns = chat.say(
        "hands already back in the board when north says 'hang on, you had a heart when you "
        "ruffed'. we havent started the next board"
    )
    assert (turns[0].topic or turns[0].choices[0].id) == "revoke"


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("dummy said to declarer 'play the ace!' out loud. defenders mad", "took_part"),
        ("as dummy i peeked at lho's cards when he put them on the table", "looked_defender"),
        ("dummy called out 'he revoked!' when lho failed to follow. it's mid play", "pointed_out"),
        # two things dummy did: the warning about the wrong hand is what the story asks about
        (
            "dummy looked at rho's hand when rho tilted it. then later dummy warned declarer "
            "about being in the wrong hand",
            "wrong_hand",
        ),
    ],
)
def test_what_dummy_did_is_read_not_asked(
    text: str, act: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).facts["dummy_event"] == act
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Dummy")
    assert not any(t.startswith("What did dummy do") for t in seen)


def test_words_about_another_player_say_nothing_of_what_dummy_did(dialogue: Dialogue) -> None:
    # dummy nodded; the revoke is East's, in a sentence that does not speak of dummy
    facts = dialogue.describe("dummy nodded at declarer. later E revoked in clubs").facts
    assert facts.get("dummy_event") == "took_part"


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("lead out of turn by W, then E played to it before director got there", "offending_side"),
        (
            "declarer told to take back his lead from wrong hand, then before he led again, lho "
            "had already played a card",
            "before_relead",
        ),
    ],
)
def test_who_played_after_an_illegal_lead_is_read_from_the_seats(
    text: str, after: str, dialogue: Dialogue, chat: Chat
) -> None:
    facts = dialogue.describe(text).facts
    assert (facts["premature_event"], facts["premature_after"]) == ("after_illegal", after)
    seen = _walk_to_ruling(chat, text)
    assert seen[0].startswith("This is about: Premature")
    assert not any(t.startswith("What happened?") for t in seen)


def test_the_next_hands_card_to_a_lead_out_of_turn_accepts_the_lead(dialogue: Dialogue) -> None:
    """'lho led out of turn and pd played to it': partner is the next hand after LHO, so his
    card accepts the lead (53A; docs/labelling.md), ruled on the lead, not as a play after an
    illegal play (60)."""
    text = "lho led out of turn and pd played to it before anyone said anything"
    description = dialogue.describe(text)
    assert description.proven[0] == "lead_out_of_turn"
    assert description.facts["lead_response"] == "accept"


def test_a_play_after_a_lead_by_unknown_seats_leaves_who_played_to_a_question(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe("someone led out of turn and then a player played to it").facts
    assert "premature_after" not in facts


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "my partnr has 2 penalty cards on the table, a heart and a club. I'm on lead",
            "several_suits",
        ),
        (
            "my lho has two penalty cards both spades, 8 and 3, and spades get led",
            "several_one_suit",
        ),
        ("lho has the D9 as a minor penalty card. can he play an honour in diamonds?", "minor"),
    ],
)
def test_the_penalty_cards_a_defender_holds_are_read_as_told(
    text: str, held: str, dialogue: Dialogue, chat: Chat
) -> None:
    assert dialogue.describe(text).facts["penalty_cards_held"] == held
    seen = _walk_to_ruling(chat, text)
    assert not any(t.startswith("What penalty cards does the defender have") for t in seen)


def test_two_penalty_cards_of_suits_not_told_are_asked(dialogue: Dialogue) -> None:
    assert "penalty_cards_held" not in dialogue.describe("lho has two penalty cards").facts


EVERYDAY = [
    # a discard shown to be a revoke by the card he later played
    (
        "lho threw a club on my heart lead, two tricks later he played the HJ. established?",
        "revoke",
    ),
    ("my pd showed out of diamonds at trick 3 but turned up with the D4 at trick 9", "revoke"),
    # cards shown with a statement about the tricks (Law 68A)
    (
        "declarer put his hand face up and said 'drawing trumps, all mine'. lho says he has a "
        "trump trick",
        "claim",
    ),
    # 'we're declaring': the player on my right is a defender, his card a penalty card
    (
        "rho dropped the SK on the table while sorting his cards in the middle of the hand. "
        "we're declaring",
        "penalty_card",
    ),
    # a lead to the next trick while a player was still to play to this one (Law 57A)
    (
        "pd was still thinking about his card and rho led to the next trick already",
        "premature_play",
    ),
    ("dummy kept pointing at the cards he thought I should play", "dummy_rights"),
    (
        "declarer played the SJ from hand then said oops, wrong card, and wants to change it",
        "retracting_played_card",
    ),
    (
        "i revoked but noticed before anyone played to the next trick, i picked my card back up",
        "revoke",  # a revoke put right in time is the revoke Law's (62; docs/labelling.md)
    ),
    # a card held face up as if to play it: played or not (Law 45C)
    (
        "E held the HK face up as if playing it, then put it back in his hand. is it played?",
        "card_played",
    ),
]


@pytest.mark.parametrize(("text", "topic"), EVERYDAY)
def test_play_incidents_told_in_everyday_words_reach_their_topic(
    text: str, topic: str, chat: Chat
) -> None:
    assert chat.say(text)[0].topic == topic


def test_changing_a_call_is_not_taking_back_a_card(chat: Chat) -> None:
    for text in (
        "North opened 1H, South bid 4C splinter, North passed thinking it was 4H. He wants to "
        "change it at once",
        "pulled the wrong card from the bidding box, 2H instead of 2S, he wants to change it",
    ):
        assert chat.say(text)[0].topic != "retracting_played_card"
        chat.say("restart")


def test_a_lead_while_the_leaders_partner_was_still_thinking_is_an_early_lead(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "E was still thinking what to play to the trick and W (his partner) had already led his "
        "next card face up. we're declaring 6C"
    ).facts
    assert facts["premature_event"] == "early_lead"


MORE_EVERYDAY = [
    (
        "rho opened the lead with the CA although lho was on lead. dummy not down yet",
        "lead_out_of_turn",
    ),
    ("4S by N. W played to the trick before E, his partner, had played", "premature_play"),
    ("we got 620 on the traveller but we went 1 off in 4S, opps agree", "score_correction"),
    (
        "after the round they claim they made 10 tricks, we agreed 9 at the table",
        "score_correction",
    ),
    (
        "my lho played the CQ, then immediately said 'sorry i meant the CK' and took it back",
        "retracting_played_card",
    ),
]


@pytest.mark.parametrize(("text", "topic"), MORE_EVERYDAY)
def test_more_play_incidents_in_everyday_words_reach_their_topic(
    text: str, topic: str, chat: Chat
) -> None:
    assert chat.say(text)[0].topic == topic


def test_two_cards_played_at_once_and_found_tricks_later_are_found_late(
    dialogue: Dialogue,
) -> None:
    """'at once' says how the two cards came out, not when anyone noticed."""
    facts = dialogue.describe(
        "rho played 2 cards at once, stuck together, nobody noticed until 3 tricks later"
    ).facts
    assert facts.get("premature_simul") == "found_later"


DEV_LIKE = [
    # a remark in quotes keeps its own contractions: the card named as held is read, and it
    # is the exposed-card Laws' matter (49; docs/labelling.md 1)
    (
        "mid hand rho says to declarer 'you cant make it anyway i've still got the king of "
        "trumps'. she didnt put it on the table, just said it.",
        "penalty_card",
    ),
    # dummy's partner (declarer's side) leading right after the auction
    (
        "auction ended 2♥ by me and my pd (who is dummy) promptly led the ♠A face up onto the "
        "table before lho had led.",
        "lead_out_of_turn",
    ),
    (
        "TD. Bd 20, 4H by E. auction over and W, who's going to be dummy, slapped the SK face up "
        "on the table like an opening lead. S was meant to lead.",
        "lead_out_of_turn",
    ),
    # a discard shown a revoke by the card the player turned out to hold
    (
        "after the round finished i realised that rho showed out of spades at trick 2 but had "
        "the ♠7. round is over.",
        "revoke",
    ),
    (
        "Bd 16, 4H S. T5 diamond led, W pitched a club and E won it with the DA. later W turns "
        "up with the D8 on T10.",
        "revoke",
    ),
    # two counts of the tricks set against each other
    ("every card was played, lho is adamant they made 8 and we say 7", "score_correction"),
    # a card pointed the wrong way explains the count (Law 65)
    (
        "at the end declarer says he made 9 and we say 8. turns out lho pointed his card from "
        "trick 6 the wrong way",
        "quitted_tricks",
    ),
    # a card turned face down before the trick was complete (Law 65A)
    (
        "t6, i led the ♥3, lho played, and pd turned her card face down before declarer had "
        "played from dummy",
        "card_played",
    ),
    # dummy himself asking in the story
    (
        "i was dummy, pd discarded a diamond on a heart lead. can i ask him 'no hearts partner?'",
        "dummy_rights",
    ),
]


@pytest.mark.parametrize(("text", "topic"), DEV_LIKE)
def test_stories_told_the_way_the_blind_dev_set_tells_them(
    text: str, topic: str, chat: Chat
) -> None:
    assert chat.say(text)[0].topic == topic


@pytest.mark.parametrize(
    "text",
    [
        "W threw a heart. and a spade was led later",
        "E discarded a club, he had one more trick to lose",
        "RHO ruffed my diamond, then at trick 11 LHO follows with a diamond",
    ],
)
def test_words_after_a_discard_that_prove_no_holding(text: str, dialogue: Dialogue) -> None:
    assert "revoke" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "declarer had won in dummy but led the 3 of hearts from his hand. his rho - which is "
            "me - didnt notice and played a heart on it. now what, is it accepted",
            "lead_out_of_turn",
        ),
        (
            "hand finished, then dummy turned to E and said 'you didn't follow to the spade at "
            "trick 4, did you'. play was over. is dummy allowed to raise it now?",
            "dummy_rights",
        ),
        # a penalty card lying on the table is no card held up as if to play it
        (
            "W had the SJ face up on the table as a penalty card. spade led, W played a low spade "
            "instead of the jack",
            "penalty_card",
        ),
    ],
)
def test_the_hand_a_lead_came_from_and_dummys_words_are_read(
    text: str, topic: str, chat: Chat
) -> None:
    assert chat.say(text)[0].topic == topic


def test_a_lead_from_the_hand_that_won_is_no_lead_from_the_wrong_hand(
    dialogue: Dialogue,
) -> None:
    assert (
        "lead_out_of_turn"
        not in dialogue.describe("declarer won the trick in hand and led a spade from hand").proven
    )


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # two cards from one hand, both faces seen (Law 58B2)
        (
            "W meant to play the S3 but the SA came out stuck to it, both face up on the table",
            {"premature_simul": "several_visible"},
        ),
        # the claim was played out instead of calling the director (Law 68D2(b))
        (
            "declarer spread with 4 left saying 'all mine'. lho says 'hmm, lets just play it out' "
            "and all four of us agreed and kept going",
            {"claim_response": "played_on"},
        ),
        # agreed, then objected before the next board: still disputed in time (Law 69A)
        (
            "Bd 5, 3D by N. N claimed at T9 saying 'crossruff the rest'. E agreed, W then objected "
            "straight away: he has a trump higher than dummy's",
            {"claim_response": "disputed"},
        ),
        # a trick of three cards noticed before anyone led again (Law 67A)
        (
            "S led a heart from hand, W played, then S forgot dummy entirely and E played and S "
            "turned the trick. LHO noticed the trick only had 3 cards before anyone led again.",
            {"defective_noticed": "in_time"},
        ),
    ],
)
def test_more_of_what_the_story_tells_is_read(
    text: str, facts: dict[str, str], dialogue: Dialogue
) -> None:
    found = dialogue.describe(text).facts
    assert {k: found.get(k) for k in facts} == facts


def test_a_claim_objected_to_only_boards_later_leaves_the_response_to_a_question(
    dialogue: Dialogue,
) -> None:
    facts = dialogue.describe(
        "declarer claimed, we agreed, and two boards later pd objected that he had a trump"
    ).facts
    assert "claim_response" not in facts


def test_a_claim_doubted_and_played_on_is_read_as_played_on(dialogue: Dialogue) -> None:
    """Play went on instead of the director being called (Law 68D2(b)), whoever doubted it."""
    facts = dialogue.describe(
        "declarer claimed, i wasnt sure and disagreed, my pd just started playing on"
    ).facts
    assert facts["claim_response"] == "played_on"


def test_a_penalty_card_said_to_be_held_does_not_make_its_holder_a_defender(
    dialogue: Dialogue,
) -> None:
    """'declarer has a penalty card' is a mistake the ruling must answer, not a fact to fill."""
    assert "exposed_role" not in dialogue.describe("my partner has a penalty card").facts


def test_a_card_put_on_the_table_before_its_turn_is_an_early_play(chat: Chat) -> None:
    text = (
        "S led a low heart from hand, W played the 9, and before declarer had called a card from "
        "dummy E put the HQ on the table. E's pd has already played, just dummy to go."
    )
    assert chat.say(text)[0].topic == "premature_play"


def test_bidding_cards_that_came_out_together_are_no_cards_played(dialogue: Dialogue) -> None:
    proven = dialogue.describe(
        "two bidding cards came out together: LHO (his turn) and me, sitting to his left"
    ).proven
    assert "two_cards_played" not in proven and "simultaneous_plays" not in proven


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the hand of fourteen found before anyone called (Law 13A)
        (
            "took my cards out of the board before bidding and counted 14. pd has 12. nobody has "
            "called yet",
            {"cards_problem": "too_many", "cards_stage": "before_call", "cards_lead_faced": "no"},
        ),
        # found after the holder had called (Law 13B)
        (
            "i had 14 cards and rho 12, only discovered after i'd bid 2 spades and rho had doubled",
            {"cards_problem": "too_many", "cards_stage": "after_call"},
        ),
        # dummy asking to see the last trick (Law 66B)
        (
            "as dummy i asked declarer's lho to show me the cards from the last trick because i "
            "wasnt paying attention",
            {"inspect_asker": "dummy"},
        ),
        (
            "declarer at T10 asks to see what was played on T3. E says no",
            {"inspect_asker": "player"},
        ),
        # declarer touching one of dummy's cards while tidying them (Law 45C3)
        (
            "dummy's clubs were all over the place, declarer leaned over and pushed the C4 back "
            "into the column while tidying",
            {"played_card_event": "dummy_touched"},
        ),
    ],
)
def test_what_a_card_count_or_a_look_at_the_tricks_was_is_read(
    text: str, facts: dict[str, str], dialogue: Dialogue
) -> None:
    found = dialogue.describe(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "my rho started the next trick although i had won the previous one with the ace",
            "lead_out_of_turn",
        ),
        (
            "with 4 tricks left declarer said 'i'm taking all of these' and spread his cards, lho "
            "disagreed",
            "claim",
        ),
        (
            "4H by S. E let the CQ slip out of his hand face up while thinking. W is on lead",
            "penalty_card",
        ),
        (
            "NS say they made 9 tricks and EW say 8, all the cards are already back in the board",
            "score_correction",
        ),
    ],
)
def test_a_third_batch_of_everyday_play_words(text: str, topic: str, chat: Chat) -> None:
    assert chat.say(text)[0].topic == topic


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "we conceded a trick our ace was sure to win, nothing could stop it. found 5 min later "
            "still in round",
            {"conceded_trick": "could_not_lose", "concession_when": "in_period"},
        ),
        (
            "we gave declarer a trick at the end that we couldnt lose. noticed the next day, after "
            "the correction period",
            {"concession_when": "too_late"},
        ),
        (
            "td: pair entered 1NT+2 should have been 3NT=. both pairs agree. within 30 minutes of "
            "official scores",
            {"score_found_when": "in_period"},
        ),
        (
            "dummy called out 'he revoked!' when lho failed to follow. it's mid play",
            {"dummy_period": "during"},
        ),
        (
            "N finds he has 14 cards before bidding, S has 12. nobody saw anyone else's cards",
            {"cards_seen": "no"},
        ),
        (
            "at trick 11 dummy has 3 cards and declarer 2, we think dummy had 14. auction was "
            "normal",
            {"cards_stage": "after_call", "cards_lead_faced": "yes"},
        ),
        ("declarer led from his hand but he'd won the last trick in dummy", {"lead_event": "lead"}),
        (
            "defender (me) said 'you get the rest' and threw my cards in. pd objected straight "
            "away",
            {"claimer_role": "defender"},
        ),
    ],
)
def test_when_and_by_whom_is_read_from_the_story(
    text: str, facts: dict[str, str], dialogue: Dialogue
) -> None:
    found = dialogue.describe(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("my pard pitchd a club on a spade lead but she had a spade, noticed at trick 8", "revoke"),
        ("scorer put 3NT+1 EW, should be NS. found next day", "score_correction"),
        (
            "E played the D3 then instantly grabbed it back and played the DQ, nobody else had "
            "played yet",
            "retracting_played_card",
        ),
    ],
)
def test_director_shorthand_and_slips_in_play_stories(text: str, topic: str, chat: Chat) -> None:
    assert chat.say(text)[0].topic == topic


def test_who_won_the_revoke_trick_is_read_from_the_next_sentence(dialogue: Dialogue) -> None:
    facts = dialogue.describe(
        "declarer trumped in when he still had a club, we spotted it 3 tricks later. he won that "
        "trick in hand. what adjustment"
    ).facts
    assert facts["revoke_trick_won"] == "offender"
    # another player named before 'he': whose trick it was is asked
    assert (
        "revoke_trick_won"
        not in dialogue.describe(
            "E ruffed when he still had a club. then W led. he won that trick"
        ).facts
    )


NARRATED = [
    (
        "We were in 3NT. After dummy won trick 4 with the club ace, my partner (declarer) "
        "absent-mindedly led the spade king from his own hand. RHO immediately said 'you're in "
        "dummy'.",
        "lead_out_of_turn",
    ),
    (
        "At trick 9 declarer laid down his cards and said he would draw the last trump and run "
        "the diamonds. My partner pointed out that the diamonds were blocked.",
        "claim",
    ),
    (
        "Declarer asked to see the trick that had just been turned, before anyone had led to the "
        "next one. My partner refused.",
        "quitted_tricks",
    ),
    (
        "After the TD told me to replace my revoke card with a heart, I picked the club back up. "
        "Is the club now a penalty card?",
        "retracting_played_card",
    ),
]


@pytest.mark.parametrize(("text", "topic"), NARRATED)
def test_play_incidents_narrated_in_full_sentences(text: str, topic: str, chat: Chat) -> None:
    assert chat.say(text)[0].topic == topic


def test_claimed_that_is_still_a_statement_not_a_claim(dialogue: Dialogue) -> None:
    assert "claim" not in dialogue.describe("rho claimed that declarer had revoked").proven


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "partner discarded on the first round of trumps and then won the last trick with a "
            "small trump. 4S by E, we're defending",
            "revoke",
        ),
        ("the defender on declarer's right led the first card, face up", "lead_out_of_turn"),
        (
            "LHO (declarer) tabled his hand at trick 10 saying 'all good', I think I have a trump "
            "trick",
            "claim",
        ),
        (
            "RHO played a spade then changed his mind and put a different spade down. I hadn't "
            "played yet",
            "retracting_played_card",
        ),
    ],
)
def test_a_last_batch_of_everyday_play_stories(text: str, topic: str, chat: Chat) -> None:
    assert chat.say(text)[0].topic == topic


def test_a_later_card_by_another_player_before_his_own_does_not_hide_it(
    dialogue: Dialogue,
) -> None:
    """'E won it with the DA' comes first; 'W turns up with the D8' is the revoker's own card."""
    assert (
        dialogue.describe(
            "T5 diamond led, W pitched a club and E won it with the DA. later W turns up with "
            "the D8"
        ).proven[0]
        == "revoke"
    )


@pytest.mark.parametrize(
    "text", ["declarer drew trumps, he had the SA", "E drew trumps. later he had the S2"]
)
def test_trumps_drawn_are_no_ruff(text: str, dialogue: Dialogue) -> None:
    assert "revoke" not in dialogue.describe(text).proven


def test_declarer_leading_before_the_trick_is_complete_is_read(dialogue: Dialogue) -> None:
    facts = dialogue.describe(
        "decl in a hurry - led the next card from hand for t9 before rho had even played to t8"
    ).facts
    assert facts["premature_event"] == "declarer_early_lead"


def test_a_role_word_before_a_seat_names_that_seat(dialogue: Dialogue) -> None:
    """'declarer S led a heart from hand' after W won the trick: declarer's lead, not asked."""
    facts = dialogue.describe(
        "W had won T9 with the SA but declarer S went ahead and led a heart from hand."
    ).facts
    assert (facts["lead_offender_role"], facts["lead_trick"]) == ("declarer", "later")


def test_words_after_another_players_lead_are_his(dialogue: Dialogue) -> None:
    """'Declarer led ... and West led ... before anyone else had played': West's early lead, not
    declarer's."""
    facts = dialogue.describe(
        "Declarer led a spade from his hand and West led a heart to the next trick before anyone "
        "else had played."
    ).facts
    assert facts.get("premature_event") != "declarer_early_lead"


@pytest.mark.parametrize(
    "text",
    [
        "decl said 'jack of spades' and dummy put the ♠Q out instead",
        "i was declarer, i said 'ace of diamonds' clearly and my partner (dummy) played the "
        "king instead. lho hasn't played yet",
    ],
)
def test_a_card_named_in_full_that_dummy_got_wrong_is_dummys_card_not_law_46(
    chat: Chat, text: str
) -> None:
    """Declarer named suit and rank and dummy put out another card: dummy's card is the
    matter (Law 45D), not an incomplete designation (Law 46), which was announced first."""
    first = chat.say(text)[0]
    assert not first.text.startswith("This is about: Unclear call of a card"), first.text
    assert first.text.startswith("This is about: When a card counts as played"), first.text


@pytest.mark.parametrize(
    ("text", "designation"),
    [
        ("decl goes 'small' from dummy and dummy plays the 3 but decl wanted the 2?", "low"),
        ("declarer went 'high' and pd (dummy) played the king, he says he meant the ace", "high"),
    ],
)
def test_declarer_who_goes_small_from_dummy_names_a_card(
    dialogue: Dialogue, text: str, designation: str
) -> None:
    """'decl goes "small"': the everyday verb of speech names dummy's card as 'said' does, so
    how it was named (Law 46B) is read, not asked."""
    described = dialogue.describe(text)
    assert "dummy_card_named" in described.proven
    assert described.facts["designated_as"] == designation


def test_a_player_saying_he_holds_the_suit_after_ruffing_revoked(chat: Chat) -> None:
    """'rho ruffed ... then rho said wait i have a heart': the 'i' in his words is RHO, so
    he ruffed holding the suit led: a revoke (Law 61-62), put right before the next lead. It
    was offered as a card's status, and 'showed the 9h' as a bid above seven."""
    turns = chat.say(
        "declarer in 4s played the ace of hearts from dummy, rho ruffed, i overruffed... then "
        "rho said wait i have a heart and showed the 9h. we're at trick 6 still, nobody has "
        "led to trick 7"
    )
    assert turns[0].text.startswith("This is about: Revoke")
