"""Information stories read from their structure (issue 14, session s17-info).

Each text is our own wording, none is in the labelled or dev sets; each asserts what the user
sees (the topic announced, the facts taken, a question asked or not, the ruling's Laws):
- a card taken back because of a wrong explanation (Law 47E2(a)) is the misled player's: his
  opponents, who explained, are the offending side for what the card showed (16C2), whoever
  tells it. The sides come from who explained and whose card went back, not from 'I'.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

WITHDRAWN = "This is about: Information from a withdrawn call or play"


def _side(dialogue: Dialogue, text: str) -> str | None:
    return dialogue.describe(text).facts.get("withdrawn_side")


# -- 1. a card taken back after a wrong explanation: the explainers are the offenders ---------

OFFENDERS_ASK = [
    # the teller is declarer; his side explained, RHO (a defender) took his card back
    "director let my rho replace his card because of the wrong explanation... can I play on "
    "that as declarer?",
    "I was declarer in 4S. My partner explained my 2C as natural but it was Stayman. LHO led, "
    "RHO played a club and then the TD let RHO take his card back because of the "
    "misinformation. Can I use what I saw?",
    "playing 3nt as declarer, dummy gave wrong explanation of my 2d, rho played the king, td "
    "allowed him to change it. may i use the king?",
    "TD allowed lho to withdraw his lead due to pd's mistaken explanation. am i allowed to use "
    "what i saw as declarer?",
    "my pd explained wrongly, opp changed his card with TD's permission. can i use it?",
    "my lho changed his card after my wrong explanation, director allowed it. can i use the "
    "information as dummy?",
    # told by a defender about declarer, and by seats
    "we defended 4H. declarer told us his partner's 3C was a cue bid, it was natural. pd played "
    "a club, director let him take it back. can declarer use that?",
    "Defending 4S, declarer gave us a wrong explanation of dummy's 3H. I played the king and the "
    "TD let me replace my card. Can declarer use the king?",
    "W asked about N's 2C, S said natural, it was a transfer. W played the queen, the director "
    "let W take back his card. Can S use the queen?",
]


@pytest.mark.parametrize("text", OFFENDERS_ASK)
def test_card_taken_back_on_a_wrong_explanation_the_explainers_ask(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert _side(dialogue, text) == "offending"
    seen = walk(chat, text)
    assert seen[0].text.startswith(WITHDRAWN), seen[0].text[:120]
    ruling = ruling_of(seen)
    assert "16C2" in ruling.citations and "16C1" not in ruling.citations


NON_OFFENDERS_ASK = [
    "rho explained 2c as natural but it was stayman. i led a club, td let me take it back. can "
    "my partner use that I had the club?",
    "opps misinformed us about their 2d. pd led the ace, the director allowed him to change his "
    "lead. can we use what we saw?",
]


@pytest.mark.parametrize("text", NON_OFFENDERS_ASK)
def test_card_taken_back_on_a_wrong_explanation_the_misled_ask(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert _side(dialogue, text) == "non_offending"
    ruling = ruling_of(walk(chat, text))
    assert "16C1" in ruling.citations and "16C2" not in ruling.citations


def test_explainer_and_retracting_player_on_one_side_prove_nothing(dialogue: Dialogue) -> None:
    # told inconsistently (the one who explained also took his card back): the side is asked
    text = (
        "rho gave a wrong explanation and then rho took back his card with the director's ok. "
        "can i use it?"
    )
    assert _side(dialogue, text) is None


# -- 2a. an explanation unlike the HAND is not proven unlike the AGREEMENT ---------------------

MISINFORMATION = "This is about: Wrong explanation or missing alert"


@pytest.mark.parametrize(
    "text",
    [
        "LHO opened 1S, RHO explained it as a 5 card major, but lho turned out to have only 3 "
        "spades and 4 points. is that allowed?",
        "my rho's 1nt was described as 15-17 by her partner but turned out she had 11 hcp, "
        "partner raised to 3nt anyway and they make",
        "W explained E's 2H as a weak two, but actually E held 19 points and W passed it out "
        "at once. NS think W knew",
    ],
)
def test_an_explanation_unlike_the_hand_proves_no_wrong_explanation(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    # the cards held contradict the explanation, nothing told of the agreement: a psych, a
    # misbid or a wrong explanation (21B1(b), 40C) - the story does not say which
    assert "explanation_differs" not in dialogue.describe(text).proven
    seen = walk(chat, text)
    if seen[0].text.startswith(MISINFORMATION):  # offered by its words: what happened is asked
        assert any(c.id == "hand_mismatch" for t in seen[1:2] for c in t.choices), seen[1].text


@pytest.mark.parametrize(
    "text",
    [
        "rho explained 2S as weak, it was actually a transfer. we are defending",
        "lho said 2c was natural but turns out they play it as drury. i passed, pd hasnt bid",
        "i passed 3H because rho told me his partner's 2C was natural - turns out it was Drury, "
        "they have a full opener. my pd hasn't called since",
        "E's 2NT was explained as minors but their system card says it is a strong raise",
    ],
)
def test_an_explanation_unlike_the_agreement_still_proves_it(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert dialogue.describe(text).proven[0] == "explanation_differs"
    assert _first(chat, text).startswith(MISINFORMATION)


def _first(chat: Chat, text: str) -> str:
    return walk(chat, text)[0].text


# -- 2b. a lead asked about after a call out of turn put right: Law 26, the call settled -------

LEAD_RESTRICTIONS = "This is about: Lead restrictions after a withdrawn call"


@pytest.mark.parametrize(
    "text",
    [
        "1C by N, then S bid 1H before E had called. TD was called and sorted it. E/W went on to "
        "defend 2H by S. W asks what lead restrictions apply?",
        "my pd opened 1S out of turn, director came and sorted it out, rho opened 1D and we "
        "ended up defending 3NT. now I'm on lead and declarer says I can't lead a spade. Is "
        "that right?",
        "W passed out of turn and the director made E pass throughout. S ended in 4S and W is "
        "on lead. what can declarer do about the lead?",
        "earlier lho overcalled 2D out of turn, td ruled, her pd had to pass for the rest of "
        "the auction. we played 4H, lho on lead. can i ban diamonds?",
        "After the TD fixed rho's bid out of rotation, I became declarer in 3NT. Can I demand "
        "or forbid a suit for the opening lead?",
    ],
)
def test_a_lead_asked_after_a_call_out_of_turn_is_the_lead_restriction(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert dialogue.describe(text).proven[0] == "lead_after_withdrawn_call"
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD_RESTRICTIONS), seen[0].text[:120]
    assert "26B" in ruling_of(seen).citations


@pytest.mark.parametrize(
    "text",
    [
        # the auction still going: the call out of turn is the matter
        "rho bid 2S out of turn just now, TD on his way. will there be lead restrictions if pd "
        "ends up on lead?",
        # accepted: nothing withdrawn, no Law 26
        "N opened 1S out of turn, E accepted it and we played 4S by N. can N forbid a lead?",
        # a card shown as well: the card's own lead restriction (24, 50D)
        "rho bid 2H out of turn and dropped the ace of spades face up; td dealt with it. we "
        "ended in 4S, lho on lead. can i forbid a spade?",
    ],
)
def test_no_lead_restriction_while_the_auction_goes_on_or_the_call_stood(
    dialogue: Dialogue, text: str
) -> None:
    assert "lead_after_withdrawn_call" not in dialogue.describe(text).proven


# -- 3. the board told played: 'has play ended?' is not asked ----------------------------------

TIMING = "Is the board still being bid or played, or has play ended?"


def _asked(chat: Chat, text: str) -> list[str]:
    return [t.text for t in walk(chat, text) if t.choices and t.choices[0].id != "fix"]


@pytest.mark.parametrize(
    "text",
    [
        "RHO hesitated a long time over 3S and then passed, LHO bid 4S and they made 4. can we "
        "get an adjustment?",
        "lho tanked before passing my 2H, rho then competed to 3D which went one off. we think "
        "the pause helped. what now?",
        "my lho thought for ages then passed, and his partner doubled. after the hand I called "
        "the director. does he adjust?",
        "at the end of the board we called the TD about rho's slow double and lho's pull to 4S",
        "we scored up before we noticed: rho hesitated and then lho bid game. too late?",
        "rho hesitated and lho then bid 4S. end of the hand now, EW call the director",
    ],
)
def test_a_board_told_played_is_not_asked_whether_play_ended(chat: Chat, text: str) -> None:
    seen = walk(chat, text)
    assert not any(TIMING in t.text for t in seen)
    assert "12C1(e)" in ruling_of(seen).citations  # the after-play ruling: the director adjusts


@pytest.mark.parametrize(
    "text",
    [
        "rho hesitated then passed, lho reopened with 2H. the hand's still going, should I call "
        "the td now?",
        "E paused before passing, W then doubled. the auction's over but play hasn't started",
    ],
)
def test_a_board_told_still_going_is_not_asked_either(chat: Chat, text: str) -> None:
    seen = walk(chat, text)
    assert not any(TIMING in t.text for t in seen)
    assert "12C1(e)" not in ruling_of(seen).citations


def test_the_end_of_play_only_asked_about_leaves_the_question(chat: Chat) -> None:
    text = "rho hesitated and lho then bid 4S. should we call the td at the end of play?"
    assert any(TIMING in t.text for t in walk(chat, text))


# -- 4. a carding explanation is an explanation of a play agreement (20F, 40B) -----------------


@pytest.mark.parametrize(
    "text",
    [
        "asked rho what pd's discard meant, she said 'count', turned out they play reverse "
        "attitude. i misdefended",
        "as declarer i asked about their signals, lho told me 'reverse'. their card says "
        "standard attitude. we went one off because of it",
        "i asked about their carding at trick 3, rho said 'upside down count' but it is "
        "standard on their card. can i get an adjustment?",
        "I asked declarer about their discards and he said standard, but dummy's notes say "
        "reverse. I kept the wrong card and lost a trick. What can I do?",
    ],
)
def test_a_carding_explanation_told_wrong_is_misinformation(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert dialogue.describe(text).proven[0] == "explanation_differs"
    assert _first(chat, text).startswith(MISINFORMATION)


def test_partner_explaining_our_carding_wrong_is_our_misinformation_not_a_remark(
    dialogue: Dialogue,
) -> None:
    text = (
        "LHO asked pd what my discard showed and pd said 'reverse' but we actually play "
        "standard. what do i do?"
    )
    described = dialogue.describe(text)
    assert described.proven == ("explanation_differs",)
    assert described.facts["explanation_situation"] == "partner_explanation"


def test_partners_own_word_on_his_signal_is_no_explanation(dialogue: Dialogue) -> None:
    # nobody asked: partner commenting on his own card is information to partner (16B)
    text = "pd discarded the 9 of hearts and said 'encouraging!' and I switched to a heart"
    assert "explanation_differs" not in dialogue.describe(text).proven


# -- 5. a lead restriction declarer already made, how far it reaches asked (26B) --------------


@pytest.mark.parametrize(
    "text",
    [
        "decl forbade a club lead after pd's cancelled double. I won trick 1 with the ace and pd "
        "is now on lead at trick 4 - can pd lead a club?",
        "declarer prohibited hearts when I was on lead. I led a diamond to pd's ace, pd returned "
        "a diamond, and I won. Can I now lead a heart?",
    ],
)
def test_a_restriction_declarer_made_is_the_lead_restriction(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert dialogue.describe(text).proven[0] == "lead_after_withdrawn_call"
    assert _first(chat, text).startswith(LEAD_RESTRICTIONS)


def test_a_restriction_with_a_card_shown_is_left_to_the_penalty_card(dialogue: Dialogue) -> None:
    text = "pd's ace of spades was face up; declarer forbade a spade lead. can I lead one later?"
    assert "lead_after_withdrawn_call" not in dialogue.describe(text).proven
