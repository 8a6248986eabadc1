"""Misinformation (Laws 20F, 21, 47E, 75) and psychs (Law 40C), end to end through `chat --jsonl`.

One incident per leaf rule, typed the way a player or director would, with the answers
they would give.
"""

from __future__ import annotations

import pytest

from conftest import shared_bot

CASES = [
    # (incident and answers, topic, rule's key citations, a key phrase of the ruling)
    pytest.param(
        ["LHO told me it was my opening lead, so I led, but it was my partner's lead"],
        "misinformation",
        {"47E1", "16C1"},
        "his LHO may not accept it",
        id="told_wrong_turn",
    ),
    pytest.param(
        ["I misheard the explanation of their 2D and doubled"],
        "misinformation",
        {"21A"},
        "No redress",
        id="own_misunderstanding",
    ),
    pytest.param(
        [
            "I realised my explanation of partner's 2C was wrong during the auction "
            "- it is Stayman, not natural",
            "yes",
        ],
        "misinformation",
        {"20F4(a)", "20F4(b)", "75B2", "21B1(a)"},
        "before the opening lead is turned face up",
        id="own_before_lead",
    ),
    pytest.param(
        ["I gave a wrong explanation of partner's 2D, realised at trick 5"],
        "misinformation",
        {"75B2", "47E2(a)", "47E2(b)"},
        "too late for the opponents to change any call",
        id="own_after_lead",
    ),
    pytest.param(
        ["partner explained my 2C as Stayman, but I forgot our system and meant it as natural"],
        "misinformation",
        {"75C", "75A", "21B1(b)"},
        "No infraction",
        id="partner_mistaken_call",
    ),
    pytest.param(
        ["my partner explained my 2NT as the minors, but that's not our agreement", "1", "1"],
        "misinformation",
        {"20F5(a)", "75A", "20F5(b)(i)", "20F5(b)(ii)"},
        "must say nothing",
        id="partner_wrong_auction",
    ),
    pytest.param(
        ["partner forgot to alert my 2D transfer, we are now declaring", "explanation"],
        "misinformation",
        {"20F5(b)(ii)", "75B3", "21B1(a)"},
        "before the opening lead is turned up",
        id="partner_wrong_declaring",
    ),
    pytest.param(
        ["pd gave a wrong explanation of my 3C, I'm a defender", "we have no agreement"],
        "misinformation",
        {"20F5(b)(i)", "75B3", "75D2"},
        "waits until play has ended",
        id="partner_wrong_defending",
    ),
    pytest.param(
        ["the opponent's hand didn't match the explanation his partner gave", "1"],
        "misinformation",
        {"75C", "21B1(b)"},
        "mistaken call, not misinformation",
        id="mismatch_mistaken_call",
    ),
    pytest.param(
        ["West explained 2H as weak but East's hand did not match at all", "unclear"],
        "misinformation",
        {"21B1(b)", "75B1", "75D3", "21B3"},
        "director assumes the explanation was wrong",
        id="mismatch_misinformation",
    ),
    pytest.param(
        [
            "RHO forgot to alert his double, I bid 3H, would have passed with the right "
            "explanation. My partner hasn't called since",
            "no",
        ],
        "misinformation",
        {"21B1(a)", "21B2", "16C1", "16C2"},
        "may take back his call",
        id="call_may_change",
    ),
    pytest.param(
        [
            "opponents didn't alert 2D which was a transfer, I passed and partner then passed; "
            "we missed our spade fit"
        ],
        "misinformation",
        {"21B3", "75B1"},
        "can no longer be changed",
        id="call_too_late_partner_called",
    ),
    pytest.param(
        [
            "opponents didn't alert 2D which was a transfer, I passed and we missed our spade "
            "fit, found out when dummy was down",
            "no",
        ],
        "misinformation",
        {"21B1(a)", "17D1", "21B3"},
        "can no longer be changed",
        id="call_too_late_lead_faced",
    ),
    pytest.param(
        [
            "I led a heart because of the wrong explanation of their 3C bid, "
            "the lead is still face down"
        ],
        "misinformation",
        {"47E2(a)", "16C1"},
        "may take the card back",
        id="play_may_retract",
    ),
    pytest.param(
        ["I led a heart because of the wrong explanation of their 3C bid, dummy is already down"],
        "misinformation",
        {"47E2(b)"},
        "can no longer be taken back",
        id="play_too_late",
    ),
    # Psychs and undisclosed agreements (Law 40C1), directly or handed over from Law 75
    pytest.param(
        ["he psyched 1S with a yarborough, is a psych legal?", "no", "no, it was natural"],
        "psych_or_undisclosed_agreement",
        {"40C1", "40C2", "40A3"},
        "A legal psych",
        id="legal_psych",
    ),
    pytest.param(
        ["LHO psyched a Stayman 2C", "no"],
        "psych_or_undisclosed_agreement",
        {"40B2(a)(v)", "40C1"},
        "restrict psychs of artificial calls",
        id="artificial_psych",
    ),
    pytest.param(
        ["he psyched again, he has done this before with this partner"],
        "psych_or_undisclosed_agreement",
        {"40C1", "40B3(a)", "40A1(a)"},
        "implicit agreement",
        id="undisclosed_history",
    ),
    pytest.param(
        ["East psyched 1S and West fielded it"],
        "psych_or_undisclosed_agreement",
        {"40C1", "40B3(a)"},
        "director's judgement",
        id="suspected_fielding",
    ),
    pytest.param(
        ["North psyched 1H, what does the director look at?", "not sure"],
        "psych_or_undisclosed_agreement",
        {"40C1", "40C2"},
        "a psych is legal",
        id="psych_options",
    ),
    pytest.param(
        ["partner deviated from system, he forgot our agreement"],
        "psych_or_undisclosed_agreement",
        {"75C", "21B1(b)", "40C1"},
        "not a psych",
        id="not_deliberate",
    ),
    pytest.param(
        ["the opponent's hand didn't match the explanation his partner gave", "psych", "no", "no"],
        "psych_or_undisclosed_agreement",
        {"75C", "40C1", "40C2"},
        "A legal psych",
        id="mismatch_psych_handover",
    ),
    pytest.param(
        ["partner's explanation of my 2D - do I need to correct it?", "4", "3"],
        "psych_or_undisclosed_agreement",
        {"75C", "40C1", "40B3(a)"},
        "director's judgement",
        id="partner_psych_handover",
    ),
    pytest.param(
        ["partner explained my 1S opening correctly but I had psyched it", "1", "1"],
        "psych_or_undisclosed_agreement",
        {"40C1", "40C2"},
        "A legal psych",
        id="own_psych_described_directly",
    ),
]


@pytest.mark.parametrize(("lines", "topic", "citations", "phrase"), CASES)
def test_incident_gets_the_right_ruling(
    lines: list[str], topic: str, citations: set[str], phrase: str
) -> None:
    ruling = shared_bot().ruling(("misinformation", topic), lines)
    assert ruling["topic"] == topic
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"], ruling["text"]


def test_partner_silent_until_end_of_play_as_defender_not_before() -> None:
    """Law 20F5(b)(i): a defender corrects partner's explanation only after play."""
    ruling = shared_bot().ruling(
        ("misinformation", "psych_or_undisclosed_agreement"),
        ["my partner explained my 2NT as the minors, but that's not our agreement", "1", "3"],
    )
    assert ruling["topic"] == "misinformation"
    assert "20F5(b)(i)" in ruling["citations"]
    assert "20F5(b)(ii)" not in ruling["citations"]
    assert "waits until play has ended" in ruling["text"]


def test_too_late_to_change_call_says_the_director_judges_damage() -> None:
    ruling = shared_bot().ruling(
        ("misinformation", "psych_or_undisclosed_agreement"),
        [
            "MI: RHO forgot to alert his double, I bid 3H, would have passed with the right "
            "explanation",
            "yes",
        ],
    )
    assert ruling["topic"] == "misinformation"
    assert "for the director to judge" in ruling["text"]
