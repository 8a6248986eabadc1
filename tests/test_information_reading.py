"""Information incidents told the way players tell them: who received the information and
from where decides the Law, and what the story says is not asked again (issue 14).

None of these stories is in the labelled sets; each is a new wording of a known situation.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn


def _told(dialogue: Dialogue, text: str) -> tuple[list[Turn], Conversation]:
    conv = Conversation()
    return dialogue.handle(conv, text), conv


def _ruling(turns: list[Turn]) -> Turn:
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings, [t.text[:120] for t in turns]
    return rulings[-1]


@pytest.mark.parametrize(
    ("text", "citations"),
    [
        # an opponent's card seen while he sorted his hand, in the auction: 74C5, no Law 24
        (
            "my lho was sorting his cards and i could see his spade ace, it was during the bidding",
            {"74C5"},
        ),
        # a card seen in the shuffle at this table before any call: a new deal may follow
        (
            "while we were shuffling at our table rho's card flipped over and i saw the club "
            "king. no one has bid",
            {"6D1"},
        ),
        # words heard from another table while the board was being bid
        (
            "at the next table they were discussing this board loudly while we were bidding it",
            {"16D1", "16D3"},
        ),
    ],
)
def test_information_from_outside_the_auction_is_ruled_without_questions(
    dialogue: Dialogue, text: str, citations: set[str]
) -> None:
    turns, _ = _told(dialogue, text)
    ruling = _ruling(turns)
    assert ruling.topic == "extraneous_information"
    assert citations <= set(ruling.citations)
    assert not [t for t in turns if t.type == "question"]
    assert "24B" not in (ruling.citations)


def test_a_card_put_face_up_in_the_auction_is_still_law_24(dialogue: Dialogue) -> None:
    """Seen after its owner dropped it: the exposure is the matter, not the seeing."""
    assert dialogue.rank("lho dropped his club king face up during the bidding, i saw it")[
        0
    ].topic.id == ("card_exposed_during_auction")


def test_nobody_seeing_a_card_proves_nothing(dialogue: Dialogue) -> None:
    description = dialogue.describe("lho 13 cards, rho 14 cards, no bids yet, nobody saw the cards")
    assert "card_seen_at_table" not in description.proven


@pytest.mark.parametrize(
    ("text", "citations"),
    [
        # the opponents' cancelled call: ours to use
        (
            "rho doubled out of turn and it was cancelled, then he bid 2H at his turn. can we use "
            "what the cancelled double told us?",
            {"16C1"},
        ),
        # partner's natural insufficient bid corrected one level up: nothing to ignore (27B1(a))
        (
            "my pd bid 2C natural over their 2D, it was insufficient, and he replaced it with 3C. "
            "may i use his 2C?",
            {"26A", "27B1(a)"},
        ),
    ],
)
def test_using_a_withdrawn_call_is_the_question_not_the_call(
    dialogue: Dialogue, text: str, citations: set[str]
) -> None:
    turns, _ = _told(dialogue, text)
    ruling = _ruling(turns)
    assert ruling.topic == "withdrawn_call_information"
    assert citations <= set(ruling.citations)
    assert not [t for t in turns if t.type == "question"]


def test_an_artificial_insufficient_bid_replaced_is_asked_whether_comparable(
    dialogue: Dialogue,
) -> None:
    """27B1(a) needs both bids natural: a bid not said to be natural leaves it to the user."""
    _, conv = _told(
        dialogue,
        "my pd bid 2C over their 2D, it was insufficient, and he replaced it with 3C. "
        "may i use his 2C?",
    )
    assert conv.topic == "withdrawn_call_information"
    assert conv.facts.get("side") == "offending"
    assert conv.pending == "replaced"


def test_who_explained_decides_whose_mistake_is_asked_about(dialogue: Dialogue) -> None:
    own, conv = _told(
        dialogue,
        "i told the opps my pd's 2H was a transfer but it was natural. we are defending and "
        "dummy is down",
    )
    assert _ruling(own).topic == "misinformation"
    assert {"21B3", "75A"} <= set(_ruling(own).citations)
    _, conv = _told(
        dialogue, "rho explained lho's 3C as a splinter so i doubled it, turns out it was natural"
    )
    assert conv.facts.get("situation") == "call_on_misinformation"
    assert conv.pending != "situation"


def test_a_hand_unlike_its_explanation_is_misinformation(dialogue: Dialogue) -> None:
    _, conv = _told(
        dialogue, "lho said 2D was 'weak' but his partner had 17 points, we want to know if ok"
    )
    assert conv.topic == "misinformation"
    assert conv.facts.get("situation") == "hand_mismatch"


@pytest.mark.parametrize(
    ("text", "citations"),
    [
        # partner's tempo, and I still have to bid: logical alternatives (16B1)
        ("my partner took his time before passing 2S, am i allowed to bid on?", {"16B1", "73C1"}),
        # the opponents say partner hesitated, we deny it (16B2)
        ("opps say my pd hesitated before passing, we say he didn't. what now", {"16B2"}),
        # an opponent's own tempo misled me: Law 73D/73E, not 16B
        (
            "rho thought for a long time before playing low from king-small, i took the "
            "finesse and it lost",
            {"73D2", "73E2"},
        ),
    ],
)
def test_whose_side_gave_the_information_is_read_not_asked(
    dialogue: Dialogue, text: str, citations: set[str]
) -> None:
    turns, _ = _told(dialogue, text)
    ruling = _ruling(turns)
    assert ruling.topic == "unauthorised_information"
    assert citations <= set(ruling.citations)
    assert not [t for t in turns if t.type == "question"]


def test_a_bare_partner_with_no_speaker_is_not_our_side(dialogue: Dialogue) -> None:
    """'partner thought for a while' from someone not at the table: whose side is asked."""
    _, conv = _told(dialogue, "partner thought for a while before bidding, is that a problem")
    assert "viewpoint" not in conv.facts


def test_partner_explaining_my_call_otherwise_is_misinformation(dialogue: Dialogue) -> None:
    text = "my pd told them my 4NT was blackwood but for us its quantitative, auction still on"
    assert dialogue.rank(text)[0].topic.id == "misinformation"
    assert dialogue.describe(text).facts.get("explanation_situation") == "partner_explanation"
    right = "partner explained my 1S opening correctly but I had psyched it"
    assert "explanation_differs" not in dialogue.describe(right).proven


def test_a_numbered_table_is_another_table(dialogue: Dialogue) -> None:
    turns, _ = _told(
        dialogue, "someone at table 3 shouted 'how did 6S go down?' while we were still bidding it"
    )
    ruling = _ruling(turns)
    assert ruling.topic == "extraneous_information"
    assert {"16D1", "16D3"} <= set(ruling.citations)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # an opponent's explanation against their own card, and my call I would have made
        (
            "rho explained lho's 1NT as 15-17 but their card says 12-14, i'd have doubled",
            "misinformation",
        ),
        # partner's alert in the auction, and I still have to bid: information from partner
        (
            "after my pd alerted my 3C, which wasn't alertable, i knew he'd misunderstood. do i "
            "bid as if he hadnt?",
            "unauthorised_information",
        ),
        # an opponent's fast double, then his partner's lead
        (
            "rho doubled very fast and lho then led a heart. we think the fast double showed "
            "something",
            "unauthorised_information",
        ),
        # a withdrawn lead, and whether we may use it
        (
            "declarer's lead from the wrong hand was not accepted. may his lead be used by us?",
            "withdrawn_call_information",
        ),
    ],
)
def test_neighbouring_information_stories_go_where_the_story_says(
    dialogue: Dialogue, text: str, topic: str
) -> None:
    assert dialogue.rank(text)[0].topic.id == topic


def test_partner_not_alerting_once_we_declare_is_misinformation(dialogue: Dialogue) -> None:
    """The auction over, partner's missing alert is ours to correct (20F5), not a limit on
    my calls."""
    text = "partner forgot to alert my 2D transfer, we are now declaring"
    assert "partner_remarked" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "W opened 1S on a yarborough. E then passed 4H doubled which looks like he knew",
            "psych_or_undisclosed_agreement",
        ),
        (
            "my rho bid 2S with no spades to stop us finding our fit, is that legal?",
            "psych_or_undisclosed_agreement",
        ),
        (
            "my partner asked what their 3C meant and then didn't double. can i lead a club?",
            "unauthorised_information",
        ),
        ("as i sat down i saw the south hand face up in the board", "extraneous_information"),
        (
            "lho changed 1S to 1NT (mechanical error allowed). may rho use the 1S?",
            "withdrawn_call_information",
        ),
    ],
)
def test_psychs_questions_and_glimpses_are_read_from_the_story(
    dialogue: Dialogue, text: str, topic: str
) -> None:
    assert dialogue.rank(text)[0].topic.id == topic


def test_a_psych_denied_is_not_proven(dialogue: Dialogue) -> None:
    text = "opps say it was a mistake, not a psych, he thought he was bidding another suit"
    assert "call_unlike_hand_on_purpose" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # an opponent's quoted remark, then his partner's call (the quote used to be missed)
        (
            "bd 7: my lho said 'i have a bad hand' and his pd passed my 1NT with 11 pts",
            "unauthorised_information",
        ),
        # an explanation in quotes that turned out otherwise
        (
            "i asked lho what 2D meant, he said 'weak', and turns out they play it as strong",
            "misinformation",
        ),
    ],
)
def test_quoted_words_are_read_for_what_they_are(dialogue: Dialogue, text: str, topic: str) -> None:
    assert dialogue.rank(text)[0].topic.id == topic


def test_declarer_naming_a_card_is_not_information_to_dummy(dialogue: Dialogue) -> None:
    text = "4S by S. declarer said 'small' and dummy played the two"
    proven = dialogue.describe(text).proven
    assert "remark_then_action" not in proven


def test_an_explanation_then_the_explainers_partner_acting_is_information_to_him(
    dialogue: Dialogue,
) -> None:
    text = (
        "rho's partner explained the bid as forcing, then rho passed it. we think he got a hint "
        "from the explanation"
    )
    assert dialogue.rank(text)[0].topic.id == "unauthorised_information"


def test_told_whose_lead_it_was_is_no_explanation_of_a_call(dialogue: Dialogue) -> None:
    """47E1: the misinformation topic's own case, not a card played after an explanation."""
    text = "rho told me it was my lead so i led, but it was his partner's"
    facts = dialogue.facts_for(dialogue.knowledge.topics["misinformation"], text).facts
    assert facts.get("situation") == "told_wrong_turn"
    assert "explanation_situation" not in dialogue.describe(text).facts


def test_a_hand_told_otherwise_after_an_opponents_explanation_is_misinformation(
    dialogue: Dialogue,
) -> None:
    text = "lho told me rho's 2S was weak, i passed. rho had 16. pd hasn't called yet"
    assert dialogue.rank(text)[0].topic.id == "misinformation"
    facts = dialogue.facts_for(dialogue.knowledge.topics["misinformation"], text).facts
    assert facts.get("situation") == "call_on_misinformation"
    assert facts.get("partner_called_since") == "no"


def test_a_card_dropped_while_sorting_before_the_auction_is_an_exposed_card(
    dialogue: Dialogue,
) -> None:
    """The owner put it on the table: Law 24's topic (which says what applies before the
    first call), not a card glimpsed while he sorted."""
    text = "North dropped a card while sorting his cards before anyone had bid"
    assert "card_seen_at_table" not in dialogue.describe(text).proven


def test_a_missing_alert_of_the_call_named_is_no_explanation_then_action(
    dialogue: Dialogue,
) -> None:
    text = (
        "rho forgot to alert lho's 2C stayman, i doubled thinking it was natural clubs. can i "
        "take it back? my pd hasn't called"
    )
    assert dialogue.rank(text)[0].topic.id == "misinformation"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "my lho flashed nothing, but opps didn't alert rho's 2D transfer and i passed it",
            "misinformation",
        ),
        (
            "lho slapped the double card down hard and rho then pulled it to 4S",
            "unauthorised_information",
        ),
        (
            "E (the opener's partner) took a good 20 secs before passing, then W bid again",
            "unauthorised_information",
        ),
        (
            "my pd's 1S was cancelled as it was out of turn. am i allowed to bid on that?",
            "withdrawn_call_information",
        ),
    ],
)
def test_more_ways_information_is_told(dialogue: Dialogue, text: str, topic: str) -> None:
    assert dialogue.rank(text)[0].topic.id == topic


def test_the_psyched_call_named_by_its_convention_is_artificial(dialogue: Dialogue) -> None:
    text = "lho made a fake cue bid of 3H to stop a heart lead, rho had no reason to know"
    facts = dialogue.facts_for(
        dialogue.knowledge.topics["psych_or_undisclosed_agreement"], text
    ).facts
    assert facts.get("artificial") == "yes"
    other = "rho psyched a 1H opening, then lho bid 2C stayman over our double"
    # without Stayman, one of a major opened shows its suit: a natural psych
    assert dialogue.describe(other.replace("stayman", "")).facts["psych_artificial"] == "no"


def test_the_player_named_before_an_aside_is_the_actor(dialogue: Dialogue) -> None:
    """'rho (her pd) led': rho led, whatever the aside calls him."""
    text = "lho asked me what our 2H meant, i said 'weak', and then rho (her pd) led a heart"
    assert dialogue.rank(text)[0].topic.id == "unauthorised_information"


def test_an_explanation_never_discussed_is_misinformation_with_compass_seats(
    dialogue: Dialogue,
) -> None:
    text = "E's 2NT was explained by W as 'both minors'. they say they never discussed it"
    assert dialogue.rank(text)[0].topic.id == "misinformation"


def test_an_explanation_said_then_contradicted_by_their_card_is_misinformation(
    dialogue: Dialogue,
) -> None:
    text = (
        "east asked about the 2d bid, west said weak but their card says multi. i passed "
        "because of that"
    )
    assert "explanation_differs" in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "misinformation"


@pytest.mark.parametrize(
    "text",
    [
        "during the auction i told opps pd's 2D was a weak two in hearts, but its actually multi. "
        "i realised while were still bidding. what do i do",
        "lho bid 2H and rho said its natural, i passed, turns out it was a transfer. pd hasnt "
        "called yet",
    ],
)
def test_an_explanation_the_story_contradicts_is_misinformation_whoever_gave_it(
    text: str, dialogue: Dialogue
) -> None:
    assert "explanation_differs" in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "misinformation"


_SIDE_ASKED = "Which side are you asking about?"


@pytest.mark.parametrize(
    "text",
    [
        # the offender's partner is the one asking about the withdrawn call
        "my RHO's 1D overcall out of turn was cancelled and at his turn he bid 2D. may his "
        "partner take that into account when he bids?",
        # compass seats: E is the partner of W, whose call was withdrawn
        "W's 2C out of rotation was withdrawn and W then bid 3C. whether E can use that is the "
        "question",
    ],
)
def test_the_offenders_partner_asking_about_a_withdrawn_call_is_the_offending_side(
    dialogue: Dialogue, text: str
) -> None:
    turns, conv = _told(dialogue, text)
    assert turns[0].topic == "withdrawn_call_information"
    while conv.pending is not None:  # answer what is still open; the side must not be
        assert not any(t.text.startswith(_SIDE_ASKED) for t in turns)
        pressed = dialogue.press(conv, conv.asked, "other")
        assert pressed is not None
        turns = pressed
    assert "about the offending side" in _ruling(turns).text


def test_a_question_naming_both_sides_leaves_the_side_asked(dialogue: Dialogue) -> None:
    turns, _ = _told(
        dialogue,
        "LHO's 1S was cancelled and he bid 2S instead. can my partner or the opps use what "
        "the 1S showed?",
    )
    assert turns[0].topic == "withdrawn_call_information"
    assert any(t.text.startswith(_SIDE_ASKED) for t in turns)


_STAGE_ASKED = "Where do things stand now?"


def _questions(dialogue: Dialogue, text: str) -> list[str]:
    """Every question asked up to the ruling, each answered with its first choice."""
    turns, conv = _told(dialogue, text)
    asked = [t.text for t in turns if t.type == "question"]
    for _ in range(10):
        if conv.pending is None:
            break
        question = next(t for t in reversed(turns) if t.type == "question")
        pressed = dialogue.press(conv, conv.asked, question.choices[0].id)
        assert pressed is not None
        turns = pressed
        asked += [t.text for t in turns if t.type == "question"]
    return asked


def test_a_call_only_thought_of_after_partners_tempo_leaves_the_speaker_to_act(
    dialogue: Dialogue,
) -> None:
    # "I'd normally raise to 3S" is a call thought of, not made: he still has to act
    asked = _questions(
        dialogue,
        "partner had a long think before passing 2S. I'd normally raise to 3S with my hand - "
        "what am I allowed to do?",
    )
    assert not any(q.startswith(_STAGE_ASKED) for q in asked)


def test_a_call_made_after_partners_tempo_leaves_where_things_stand_asked(
    dialogue: Dialogue,
) -> None:
    # a call he made: he is no longer 'still to act', and nothing else says where things stand
    asked = _questions(
        dialogue,
        "pd hesitated over 3H then passed, I bid 4H. can i keep my 4H?",
    )
    assert any(q.startswith(_STAGE_ASKED) for q in asked)


def test_a_call_made_after_partners_tempo_and_the_director_called_is_taken(
    dialogue: Dialogue,
) -> None:
    # his call made, and the opponents calling the director: that is where things stand
    # (issue 14: a stated fact is not asked; this story used to be asked)
    asked = _questions(
        dialogue,
        "pd hesitated over 3H then passed, I bid 4H and now the opps are calling the director. "
        "can i keep my 4H?",
    )
    assert not any(q.startswith(_STAGE_ASKED) for q in asked)


@pytest.mark.parametrize(
    "text",
    [
        # the play reached, and the question is what the cancelled call may be taken to show
        "rho bid 2S out of turn, the td cancelled it and he passed when it came round. we "
        "play 3NT and i'm declarer - can i assume he has the spades?",
        "our opps: lho opened 1C before dealer had called, it was withdrawn and he overcalled "
        "1NT later. we're defending 4H now, can i count on him having clubs?",
        "pd's 2D out of turn got cancelled, he bid 3D at his go. now im on opening lead v 4S, "
        "can i lead a diamond on the basis that he has them?",
    ],
)
def test_using_what_a_cancelled_call_showed_once_the_play_is_reached_is_16c(
    dialogue: Dialogue, text: str
) -> None:
    """The lead a withdrawn call may limit (Law 26) is one matter; what its information may
    be used for (16C) is what these players ask, though the play has been reached."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert dialogue.rank(text)[0].topic.id == "withdrawn_call_information"


def test_declarer_as_the_one_asking_is_not_the_tellers_side(dialogue: Dialogue) -> None:
    """'can declarer play me for it': the question is about declarer's side, not the
    teller's; with the teller the offender, the side is not read as the offending one."""
    text = "my 1H was cancelled and i bid 2H instead. later can declarer play me for hearts?"
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert description.facts.get("withdrawn_side") != "offending"


@pytest.mark.parametrize(
    "text",
    [
        # told by an onlooker: 'partner' is the holder's partner, not the teller's
        "Jim kept his hand really low during the bidding and partner could see his spade ace. "
        "what happens?",
        # 'her partner' named as the holder's, compass seats
        "W was holding her cards so low in the auction that her partner saw the diamond king",
        # his partner placed by seat
        "during the auction S held his cards too low and his partner could see two of them",
    ],
)
def test_cards_held_so_low_that_the_holders_partner_saw_them_is_law_24(
    dialogue: Dialogue, text: str
) -> None:
    """His own doing let his partner see the card during the auction (docs/labelling.md):
    an exposed card, Law 24, not information from outside the auction."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("card_exposed_in_auction",)
    assert description.facts.get("exposed_seen") == "yes"
    assert dialogue.rank(text)[0].topic.id == "card_exposed_during_auction"


def test_an_opponent_seeing_a_card_held_low_is_still_information_from_outside(
    dialogue: Dialogue,
) -> None:
    description = dialogue.describe(
        "during the auction my rho held his cards so low that partner could see his king"
    )
    assert description.proven[:1] == ("card_seen_at_table",)


@pytest.mark.parametrize(
    "text",
    [
        "pd alerted my 3C as a splinter but we have never discussed it. opps are still bidding",
        "my partner alerted my 2NT as jacoby but for us it is just natural, nobody asked yet",
    ],
)
def test_partners_alert_giving_a_meaning_we_never_agreed_is_misinformation(
    dialogue: Dialogue, text: str
) -> None:
    """An alert 'as a splinter' is an explanation: told not to be the agreement, it is the
    opponents' misinformation (Laws 20F, 75) before it is information to the caller (16B)."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("explanation_differs",)
    assert description.facts.get("explanation_situation") == "partner_explanation"
    assert dialogue.rank(text)[0].topic.id == "misinformation"
