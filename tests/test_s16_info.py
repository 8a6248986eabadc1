"""Information stories read from their structure (issue 14, session s16-info).

Each text is our own wording, none is in the labelled or dev sets; each asserts what the user
sees (the topic announced, a question asked or not):
- partner's quoted words that report what another player did ('lho showed out of hearts'),
  or that are about another deal ('on the last board', 'we played this in round 2'), claim an
  irregularity: its own topic is announced, not unauthorised information from partner
  (Law 16B is about what the words tell of the speaker's own hand or wishes);
- a card the teller played after an opponent's explanation told wrong (their card says
  otherwise, 'actually', 'corrected it'), with the question whether he may take it back, is
  misinformation (21B, 47E2): the topic asks whether a card has been played since;
- a call withdrawn, then the offender's partner told having led (a lead made, not one to
  come) with no restriction told or asked: declarer's lead options (Law 26) came before that
  lead, so what the lead drew on (Law 16C) is the matter, not the lead restriction; a lead
  barred or asked about still reads as the restriction;
- a later call or play told as made 'knowing his partner had ...' after a withdrawal is the
  use of what was withdrawn (16C), asked about.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

UI = "This is about: Unauthorised information from partner"
MISINFORMATION = "This is about: Wrong explanation or missing alert"
WITHDRAWN = "This is about: Information from a withdrawn call or play"
LEAD_RESTRICTIONS = "This is about: Lead restrictions after a withdrawn call"


def _first(chat: Chat, text: str) -> str:
    return walk(chat, text)[0].text


@pytest.mark.parametrize(
    "text",
    [
        "the next hand had started, we were in the bidding, and my partner said to me 'did you "
        "see that north didn't follow to a diamond earlier and then won with a diamond at the "
        "end?'. are we too late?",
        "after we'd moved to the next deal partner mentioned 'rho discarded a heart at trick 4 "
        "and still had hearts' - can we still claim the revoke?",
        "we had bid on the next board when pd said 'on the last hand lho threw a club on a "
        "spade and then played a spade'. opps say it is too late",
    ],
)
def test_partners_words_reporting_an_opponents_revoke_are_no_remark(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert "partner_remarked" not in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "revoke"
    first = _first(chat, text)
    assert not first.startswith(UI), first[:160]


@pytest.mark.parametrize(
    "text",
    [
        "we sat down at board 12 and my partner said 'hang on, we played this one before with "
        "the other pair'",
        "just finished the board and pd goes 'wait, we already played this in round 3'",
    ],
)
def test_partners_words_about_another_deal_are_no_remark(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert dialogue.rank(text)[0].topic.id == "wrong_board"
    first = _first(chat, text)
    assert not first.startswith(UI), first[:160]


@pytest.mark.parametrize(
    "text",
    [
        "pd said 'i have no spades, sorry' before passing, and then i bid 2S on a weak hand. "
        "lho wants the director",
        "partner said 'you'll love my hand' during the auction and then I bid 6H. allowed?",
        "pd said 'oh no, not again' when rho doubled my 1nt, and then i ran to 2c. opps say "
        "his comment told me to run",
    ],
)
def test_partners_words_about_his_own_hand_are_still_a_remark(chat: Chat, text: str) -> None:
    first = _first(chat, text)
    assert first.startswith(UI), first[:160]


@pytest.mark.parametrize(
    "text",
    [
        "i played a card after the opponent explained their bidding as one thing, then later "
        "during the play his partner corrected it and said it actually meant something else. "
        "may i change my card?",
        "I led the king after my LHO explained his partner's double as takeout, but actually "
        "their system card says penalties. can I swap my lead?",
        "i played my ace because lho explained rho's 3c as a splinter, but their card says "
        "natural. can i take back my card?",
    ],
)
def test_a_card_played_on_an_opponents_wrong_explanation_is_misinformation(
    chat: Chat, text: str
) -> None:
    replies = walk(chat, text)
    first = replies[0].text
    assert first.startswith(MISINFORMATION), first[:160]
    assert "has any other card been played" in " ".join(r.text for r in replies[:2])


@pytest.mark.parametrize(
    "text",
    [
        "West bid 2C when it was North's turn. North did not accept it, so it was withdrawn. "
        "Later West's partner East led a club against 3NT although he had only two small "
        "clubs. N-S think he was helped by the cancelled 2C.",
        "the man on my right doubled before his partner had called, the TD cancelled it. His "
        "partner then passed and we played 4H. She led a spade from Qxx and it beat us. we "
        "think she used the cancelled double. can she?",
        "lho bid 2d at his partner's turn, which was withdrawn. rho ended up on lead against "
        "our 3nt and led a diamond from 2 small. surely he was helped by the cancelled 2d?",
    ],
)
def test_a_lead_made_after_a_withdrawn_call_is_about_its_information(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    assert "lead_after_withdrawn_call" not in dialogue.describe(text).proven
    first = _first(chat, text)
    assert first.startswith(WITHDRAWN), first[:160]


@pytest.mark.parametrize(
    "text",
    [
        "partner's 1H out of turn was cancelled. declarer then said I must not lead a heart, "
        "but I led one anyway. what now?",
        "RHO bid 1S before it was his go, got cancelled, then he passed at his go and LHO had "
        "to stay quiet. now I'm declarer in 4H and LHO is on lead. can I forbid a spade?",
    ],
)
def test_a_lead_barred_or_to_come_after_a_withdrawn_call_is_the_restriction(
    dialogue: Dialogue, text: str
) -> None:
    assert dialogue.rank(text)[0].topic.id == "lead_restrictions"


@pytest.mark.parametrize(
    "text",
    [
        "the defender on my left played the ace then was allowed to take it back because I "
        "misexplained. his partner later led that suit knowing he had the ace. is that ok?",
        "rho's 2H out of turn was cancelled. later lho bid 4H knowing his partner had hearts. "
        "is that ok?",
    ],
)
def test_a_later_action_told_as_knowing_what_was_withdrawn(chat: Chat, text: str) -> None:
    first = _first(chat, text)
    assert first.startswith(WITHDRAWN), first[:160]
