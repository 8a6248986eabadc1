"""Issue 14, trust (session 13): a decision is read from words only when they are the words
of the player entitled to make it.

- A lead out of turn is accepted or refused by declarer after a defender's lead (Laws 54, 56)
  and by either defender after declarer's (Law 55A); dummy never chooses. Words of anyone
  else leave the question asked.
- Words inside a quoted remark are the quoted player's: "E says 'we don't accept'" is E's
  side choosing; a remark whose speaker is not known decides nothing.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat

RESPONSE_ASKED = "What has the other side chosen to do about the lead?"


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


# -- 1. the lead out of turn's choice is declarer's or the defenders' ----------------------


def test_the_offenders_partner_refusing_an_opening_lead_is_asked(chat: Chat) -> None:
    """W led out of turn; his partner E cannot refuse it for declarer (Law 54): asked, never
    ruled as refused."""
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. E said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert RESPONSE_ASKED in text
    assert "RULING" not in text


def test_dummy_refusing_an_opening_lead_is_asked(chat: Chat) -> None:
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. S said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert RESPONSE_ASKED in text
    assert "RULING" not in text


def test_declarer_refusing_an_opening_lead_is_ruled(chat: Chat) -> None:
    """The same words by declarer (N, who plays 3NT) are his choice: refused, Law 54D."""
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. N said "
        "no thanks, put it back. Declarer had not seen dummy.",
    )
    assert "the other side refused the lead" in text
    assert "RULING" in text and "54D" in text
    assert RESPONSE_ASKED not in text


def test_a_defender_refusing_declarers_wrong_hand_lead_is_ruled(chat: Chat) -> None:
    """After declarer's lead from the wrong hand either defender chooses (Law 55A)."""
    text = _said(
        chat,
        "2S by W, at trick 7 declarer led from dummy but he had won the last trick in hand. "
        "North said no, take it back, lead from the right hand.",
    )
    assert "the other side refused the lead" in text
    assert "55B2" in text


@pytest.mark.parametrize(
    ("text", "response"),
    [
        # a defender's opening lead: declarer alone chooses
        ("4H by S. E led the CA out of turn, face up. Dummy refused it.", None),
        ("4H by S. E led the CA out of turn, face up. W refused it.", None),
        ("4H by S. E led the CA out of turn, face up. Declarer refused it.", "refuse"),
        ("4H by S. E led the CA out of turn, face up. S refused it.", "refuse"),
        # declarer's lead from the wrong hand: a defender chooses, dummy does not
        ("Declarer led from dummy out of turn at trick 5. Dummy refused it.", None),
        ("Declarer led from dummy out of turn at trick 5. A defender refused it.", "refuse"),
        ("my partner, declarer, led from the wrong hand at trick 5. I refused it", None),
        # who led is not known: nobody named still tells the choice
        ("E led out of turn at trick 4, it was refused", "refuse"),
        ("E led out of turn at trick 4, W refused it", None),
        # spreading his hand is declarer's choice; dummy laying out cards is not it
        (
            "the opening lead was made by the wrong defender, face up, and dummy started "
            "to lay his cards out",
            None,
        ),
        (
            "S led the HQ face up at trick one, but it was N's lead. Declarer liked it so "
            "much she put her own hand down as dummy.",
            "spread",
        ),
    ],
)
def test_a_lead_out_of_turn_is_decided_only_by_the_side_that_chooses(
    dialogue: Dialogue, text: str, response: str | None
) -> None:
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    assert dialogue.facts_for(topic, text).facts.get("response") == response


def test_what_happened_is_read_whoever_tells_it(dialogue: Dialogue) -> None:
    """'Not yet', the defenders disagreeing, the proper leader leading are told, not chosen:
    read whoever says them."""
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    text = "E led the SK face up at trick 1 but it was W to lead. dummy asked what are the options"
    assert dialogue.facts_for(topic, text).facts.get("response") == "not_yet"


# -- 2. words in a quoted remark are the quoted player's ----------------------------------


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        # N bid out of turn: E, his LHO, chooses; 'we' in E's remark is E's side
        (
            "dealer W passed, then N bid 1H though it was E's turn. E says 'we don't accept it'",
            "no",
        ),
        ("dealer W passed, then N bid 1H though it was E's turn. 'we don't accept,' said E", "no"),
        # S, the offender's partner, speaks for N/S: not the side that chooses
        (
            "dealer W passed, then N bid 1H though it was E's turn. S says 'we don't accept it'",
            None,
        ),
        # a remark nobody is named as making decides nothing
        ("dealer W passed, then N bid 1H though it was E's turn. 'we don't accept it'", None),
    ],
)
def test_a_quoted_we_is_the_side_of_the_player_quoted(
    dialogue: Dialogue, text: str, accepted: str | None
) -> None:
    topic = dialogue.knowledge.topics["call_out_of_rotation"]
    assert dialogue.facts_for(topic, text).facts.get("accepted") == accepted


@pytest.mark.parametrize(
    ("text", "response"),
    [
        ("4H by S. E led the CA out of turn, face up. S said 'we don't accept that'", "refuse"),
        ("4H by S. E led the CA out of turn, face up. W said 'we don't accept that'", None),
        # dummy's 'we' is declarer's side, but dummy takes no part in the choice
        ("4H by S. E led the CA out of turn, face up. N said 'we don't accept that'", None),
        ("4H by S. E led the CA out of turn, face up. Declarer said: 'I don't want it'", "refuse"),
        ("4H by S. E led the CA out of turn, face up. Someone said 'we don't accept that'", None),
    ],
)
def test_a_quoted_refusal_of_a_lead_is_the_quoted_players(
    dialogue: Dialogue, text: str, response: str | None
) -> None:
    topic = dialogue.knowledge.topics["lead_out_of_turn"]
    assert dialogue.facts_for(topic, text).facts.get("response") == response


def test_a_quoted_refusal_by_declarer_is_ruled(chat: Chat) -> None:
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. N looked "
        "at it and said 'no, I don't want that'. Declarer had not seen dummy.",
    )
    assert "the other side refused the lead" in text
    assert "54D" in text


def test_a_quoted_refusal_by_the_leaders_partner_is_asked(chat: Chat) -> None:
    text = _said(
        chat,
        "3NT by N. At trick 1 W faced the spade king but it was E's opening lead. E looked "
        "at it and said 'no, I don't want that'. Declarer had not seen dummy.",
    )
    assert RESPONSE_ASKED in text
    assert "RULING" not in text


# -- 3. a topic that asks nothing is offered, not announced, on words alone ----------------


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "what exactly is meant by a comparable call? our td used the words tonight and i "
            "nodded along",
            "comparable_call",
        ),
        (
            "um our director told us that declarer could ban one suit for pd's opening lead. "
            "can you explain how this works",
            "lead_restrictions",
        ),
    ],
)
def test_an_explanation_matched_by_words_only_is_offered_first(
    chat: Chat, text: str, topic: str
) -> None:
    """No irregularity proven, and the topic asks nothing before its general explanation:
    a menu with it first and the way out, never 'This is about' and a ruling at once."""
    turns = chat.say(text)
    assert not [t for t in turns if t.type == "ruling"]
    assert not any(t.text.startswith("This is about") for t in turns)
    offered = [c.id for c in turns[-1].choices]
    assert offered[0] == topic and offered[-1] == "none"
    picked = chat.say(topic)
    assert [t for t in picked if t.type == "ruling" and t.topic == topic]


def test_a_one_line_question_naming_the_topic_is_still_explained(chat: Chat) -> None:
    turns = chat.say("what is a comparable call?")
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings and rulings[0].topic == "comparable_call"
    assert "23A1" in rulings[0].citations


def test_a_proven_withdrawn_call_still_starts_the_topic(chat: Chat) -> None:
    """The story proves the replacement of a withdrawn call (the reader, not the words): the
    topic starts at once as before."""
    turns = chat.say(
        "rho opened 1H out of turn; it was cancelled and at his own turn he opened 1H again. "
        "is that a comparable call?"
    )
    assert turns[0].text.startswith("This is about") and turns[0].topic == "comparable_call"


# -- 1b. declarer's options are his: another player's words or acts are not his choice -----


@pytest.mark.parametrize(
    ("text", "option"),
    [
        (
            "4S by S. W led to trick 5 before E had played to trick 4. E then played his "
            "lowest card.",
            None,
        ),
        (
            "4S by S. W led to trick 5 before E had played to trick 4. Declarer asked for E's "
            "highest card.",
            "highest",
        ),
        ("E played two cards together but we could only see the top one", None),
    ],
)
def test_a_premature_plays_option_is_declarers_choice(
    dialogue: Dialogue, text: str, option: str | None
) -> None:
    topic = dialogue.knowledge.topics["premature_play"]
    assert dialogue.facts_for(topic, text).facts.get("declarer_option") == option


@pytest.mark.parametrize(
    ("text", "option"),
    [
        (
            "4S by S. W dropped the HK, a major penalty card. E got the lead; declarer's LHO "
            "said don't lead hearts.",
            None,
        ),
        (
            "4S by S. W dropped the HK, a major penalty card. E got the lead; declarer said "
            "don't lead hearts.",
            "forbade",
        ),
        (
            "my partner's SQ was a penalty card and declarer told me to lead a spade; I led a club",
            "required",
        ),
    ],
)
def test_a_penalty_cards_lead_option_is_declarers_choice(
    dialogue: Dialogue, text: str, option: str | None
) -> None:
    topic = dialogue.knowledge.topics["penalty_card"]
    assert dialogue.facts_for(topic, text).facts.get("option_chosen") == option
