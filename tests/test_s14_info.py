"""Information stories read from their structure (issue 14, session s14-info).

Each text is our own wording, none is in the labelled or dev sets; each asserts what the user
sees (the topic announced, a question asked or not):
- a call withdrawn, then another player told knowing the withdrawer's hand ('knew rho had
  the strength'), is the use of the withdrawn call (Law 16C);
- a call named again as what was taken back ('E then took back his 1S'), then drawn on;
- a bid withdrawn and its maker's partner then leading that bid's suit, the lead questioned,
  is Law 16C's question; declarer barring a lead stays Law 26's;
- a call changed after an explanation, then the changed call drawn on: the use is asked,
  not the explanation;
- when another player's call was changed first, the withdrawer may be the non-offender, so
  which side is asked about is asked, not guessed.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

WITHDRAWN_INFO = "This is about: Information from a withdrawn call or play"
LEAD_RESTRICTIONS = "This is about: Lead restrictions after a withdrawn call"
SIDE_ASKED = "Which side are you asking about?"
OFFENDING_TAKEN = "the question is about the offending side"


def _texts(chat: Chat, text: str, *answers: str) -> list[str]:
    return [t.text for t in walk(chat, text, *answers)]


def test_knowing_the_withdrawers_hand_is_using_his_withdrawn_call(chat: Chat) -> None:
    text = (
        "rho doubled at my partner's turn and the director cancelled it. later lho bid 3NT "
        "with one stopper since he knew rho had the strength. can he do that?"
    )
    seen = _texts(chat, text, "other")  # replaced by no comparable call
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]
    assert not any(SIDE_ASKED in t for t in seen)  # lho is the offender's partner
    assert any(OFFENDING_TAKEN in t for t in seen)
    assert "16C2" in seen[-1]


def test_the_maker_knowing_his_own_hand_is_not_drawn_from_his_call(dialogue: Dialogue) -> None:
    """Only another player's knowing draws on the withdrawn call."""
    text = "pd bid 1S out of turn, it was cancelled. i knew i had a good hand so i bid 3NT."
    assert "information_from_withdrawn_action" not in dialogue.describe(text).proven


def test_a_call_named_again_as_taken_back_then_relied_on(chat: Chat) -> None:
    """N changed his call first; E took back his own after it: E may be the non-offender
    (Law 25A), so the side is asked, never filled from E's seat."""
    text = (
        "N opened 1H, E 1S. N was allowed to change 1H to 1D as a slip, E then took back his "
        "1S and passed. S later bid 2S relying on E's taken-back 1S. EW object."
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]
    assert any(SIDE_ASKED in t for t in seen)


def test_a_lead_in_the_withdrawn_bids_suit_questioned_is_using_it(chat: Chat) -> None:
    text = (
        "rho's 1S out of turn got cancelled, later his partner led a spade against our 4H. "
        "is that legal?"
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]
    assert any(OFFENDING_TAKEN in t for t in seen)


@pytest.mark.parametrize(
    "text",
    [
        "rho's 1S out of turn got cancelled, and when we played 4H declarer said his partner "
        "must not lead a spade. is that legal?",
        "my pd's 2D was withdrawn and replaced by a pass. on lead against 3NT, i led a "
        "diamond and decl says he could have forbidden it. is that right?",
    ],
)
def test_a_lead_declarer_bars_stays_a_lead_restriction(chat: Chat, text: str) -> None:
    seen = _texts(chat, text)
    assert seen[0].startswith(LEAD_RESTRICTIONS), seen[0][:120]


def test_a_change_after_an_explanation_then_the_changed_call_drawn_on(chat: Chat) -> None:
    """The explanation led to the changes; the later use is what is asked. Two calls were
    changed, so whose side offended is asked."""
    text = (
        "they failed to alert 2C so the td let pd change his pass to double. then lho was "
        "allowed to change his 2h to pass, and rho bid 4h knowing lho had hearts. surely "
        "that's not ok?"
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]
    assert any(SIDE_ASKED in t for t in seen)


def test_a_change_only_asked_is_not_a_call_withdrawn(dialogue: Dialogue) -> None:
    text = "can lho change his 2h to pass? rho knew lho had hearts anyway"
    assert "information_from_withdrawn_action" not in dialogue.describe(text).proven


def test_a_call_named_by_its_kind_and_told_cancelled_is_the_source(chat: Chat) -> None:
    text = (
        "lho passed before his turn and the director cancelled those passes. rho then "
        "doubled on very little. could he have known that from a pass which was cancelled?"
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]


PSYCH = "This is about: Psych, or a suspected undisclosed agreement"
WRONG_COUNT = "This is about: A hand with the wrong number of cards"
MISINFORMATION = "This is about: Wrong explanation or missing alert (misinformation)"


@pytest.mark.parametrize(
    "text",
    [
        # the call unlike the hand, then owned up to as done on purpose in a later sentence
        "rho opened 1S with no spades at all. after the hand he owned up that it was "
        "deliberate. his partner bid normally. is that ok?",
        # partner's awareness told of a seat ('S knew')
        "N opened 2H with 2 hearts, S raised to game on nothing much, we feel S knew. what now?",
        # 'seen it coming' is foreseeing, no card seen
        "lho opened 1H on 4 points, and his pd passed my double as though he had seen it "
        "coming. ruling?",
    ],
)
def test_a_call_unlike_the_hand_with_its_purpose_or_partners_knowing_is_a_psych(
    chat: Chat, text: str
) -> None:
    seen = _texts(chat, text)
    assert seen[0].startswith(PSYCH), seen[0][:120]


def test_a_quote_counting_the_cards_is_the_count_not_a_remark(chat: Chat) -> None:
    text = (
        "before any bids my lho said 'hold on, i've got 12' and we found his card on the "
        "floor. what now?"
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(WRONG_COUNT), seen[0][:120]


def test_partners_question_answered_then_the_answer_wrong_is_misinformation(
    chat: Chat,
) -> None:
    """The question about the call is answered at once: the answer being wrong is the matter
    (Law 21B, 75), not what partner's asking told me (16B)."""
    text = (
        "rho opened 2c, my partner asked and lho said 'natural, 6 clubs'. i bid 2h. after the "
        "hand it turned out 2c was artificial and strong. do we get an adjustment?"
    )
    seen = _texts(chat, text)
    assert seen[0].startswith(MISINFORMATION), seen[0][:120]


@pytest.mark.parametrize(
    "text",
    [
        "lho's 1H out of turn was cancelled, and at his turn he bid 2H. is 2H comparable?",
        "The director kept saying 'comparable call' after my partner's pass out of turn got "
        "cancelled. What does comparable mean here?",
    ],
)
def test_only_the_replacements_comparability_asked_is_law_23(chat: Chat, text: str) -> None:
    """Nothing asked of what the withdrawn call told: the comparable-call topic, not the use
    of its information, comes first."""
    turns = chat.say(text)
    first = turns[0]
    topic = first.topic or (first.choices[0].id if first.choices else None)
    assert topic == "comparable_call", first.text[:120]


def test_comparability_and_the_information_asked_keeps_the_information(
    dialogue: Dialogue,
) -> None:
    text = (
        "lho's 1H out of turn was cancelled, and at his turn he bid 2H. is 2H comparable? "
        "and can his partner use what the 1H told him?"
    )
    ranked = [m.topic.id for m in dialogue.rank(text)[:2]]
    assert "withdrawn_call_information" in ranked


@pytest.mark.parametrize(
    "text",
    [
        # the withdrawn call named by its maker and kind as what helped a later call
        "Bd 3. N 1H, E 1S, S 2H. E was allowed to fix 1S to 1NT as a slip; S then took back "
        "2H and passed. E-W think N's 3H later was helped by S's bid that was taken back.",
        # the withdrawn call named as what suggested a later switch, past a replacement
        # told not comparable
        "E doubled at S's turn; cancelled. S 1C, E then 1H (not the same meaning). E-W "
        "defend 2S. At trick 3 W switched to a heart. N asks whether the cancelled X "
        "suggested it.",
    ],
)
def test_a_withdrawn_call_named_as_the_source_of_a_later_act(chat: Chat, text: str) -> None:
    seen = _texts(chat, text)
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]


def test_she_known_after_partners_cancelled_call_is_partner(chat: Chat) -> None:
    text = (
        "my partner bid 1S out of turn and it was cancelled. later i jumped to 4S on three "
        "small because i knew she had five of them. the opps objected. were they right?"
    )
    seen = _texts(chat, text, "other")
    assert seen[0].startswith(WITHDRAWN_INFO), seen[0][:120]
    assert any(OFFENDING_TAKEN in t for t in seen)


def test_words_heard_from_a_passing_pair_are_from_outside(dialogue: Dialogue) -> None:
    text = (
        "halfway through the bidding a couple from the last round walk past going 'the "
        "diamonds split 5-0 here'. what now?"
    )
    assert dialogue.describe(text).proven[:1] == ("information_from_outside",)


def test_his_partner_is_never_the_tellers_and_repeats_the_same_player(
    dialogue: Dialogue,
) -> None:
    """'his' after 'i' names the last third person, not the teller (who says 'my'); 'his pd'
    said twice is one player."""
    text = (
        "lho bid 2S and then said 'no, make it 3S'. i passed and his pd went on to 4S. can his "
        "pd use the fact lho first bid 2S?"
    )
    description = dialogue.describe(text)
    seats = {p.seat for p in description.story.players if p.words == "his pd"}
    lho = next(p.seat for p in description.story.players if p.words == "lho")
    assert seats == {lho.partner}
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert description.facts.get("withdrawn_side") == "offending"
