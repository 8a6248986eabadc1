"""Stories that tell a call withdrawn and then a later lead, call or play drawn from it: the
information the withdrawn call gave is the question (Law 16C), not the irregular call itself
(issue 14, session s9). The use is read from the story's structure - the withdrawn call named
again after its withdrawal as where someone's knowledge came from, or a lead or call told with
the withdrawn call as its reason - and whose side used it from who did so.

None of these stories is in the labelled sets; each is our own wording.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue

INFORMATION = "information_from_withdrawn_action"


@pytest.mark.parametrize(
    ("text", "side"),
    [
        # the offender's partner names the cancelled bid as where he knew it from
        (
            "rho opened 1NT, my pd put 1♥ on the table, td had him make it 2♥. i had 4 hearts "
            "and 10 pts and only went to 3♥ as i knew from the 1♥ he hadnt seen the 1NT. "
            "opps called td back at the end",
            "offending",
        ),
        # the opponents drew on it for the lead, told after the play
        (
            "lho bid 1♦ over my pd's 1NT, td cancelled it and lho bid 2♦. at the end i led a "
            "diamond, i knew lho had them from the 1♦. they're unhappy about it",
            "non_offending",
        ),
        # the withdrawn call named by what it was, not its denomination
        (
            "i passed out of turn before the dealer, td cancelled it and i passed again at my "
            "turn. pd then stayed out with 12 pts and opps say he knew from my first pass that "
            "i was broke",
            "offending",
        ),
        # a call told with the withdrawn one as its reason
        (
            "we doubled 3♣ because rho had started with 2♣, too low over pd's 2♥, before the "
            "td made him take it back and bid 3♣. opps are grumbling, who's right?",
            "non_offending",
        ),
        # the call the player meant put in place of a slipped one, then partner drew on it
        (
            "pd pulled the 4♦ card by accident and said 'oops meant 4♥', td let him change it. "
            "i passed 4♥ and td later said i was using the 4♦ to stay out of slam",
            "offending",
        ),
    ],
)
def test_a_use_of_a_withdrawn_call_told_is_proven_first(
    dialogue: Dialogue, text: str, side: str
) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == (INFORMATION,)
    assert description.facts.get("withdrawn_side") == side
    first = dialogue.handle(Conversation(), text)[0]
    # announced, or (where the examples' words doubt it) offered first in the menu
    assert (first.topic or first.choices[0].id) == "withdrawn_call_information"


def test_the_side_read_from_the_use_gives_the_ruling_for_that_side(dialogue: Dialogue) -> None:
    """The opponents drew on the cancelled bid: theirs to use (16C1), nothing asked of sides."""
    text = (
        "lho bid 1♦ over my pd's 1NT, td cancelled it and lho bid 2♦. at the end i led a "
        "diamond, i knew lho had them from the 1♦. they're unhappy about it"
    )
    turns = dialogue.handle(Conversation(), text)
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings, [t.text[:120] for t in turns]
    assert "16C1" in rulings[-1].citations
    assert not [t for t in turns if t.type == "question"]


@pytest.mark.parametrize(
    "text",
    [
        # a call named as a source, but never withdrawn: ordinary authorised information
        "lho opened 1♥, pd overcalled 1♠ and later bid 2♠ again. i knew from the 1♠ he had "
        "five, so i raised. was that ok?",
        # a lead forbidden because of a withdrawn call: the restriction, not a use told
        "declarer says i can't lead spades because my pd's 2♠ was cancelled and he bid 3♣. ok?",
        # an act only allowed ('free to bid because ...'), not told as done
        "td said i was free to bid because pd's 2♠ was much the same as the 1♠ he opened out "
        "of turn. after it got cancelled lho opened 1♥ and pd overcalled 2♠. opps disagree",
        # the offender's own reason for his irregular call
        "rho bid 1♠ over my 1NT because he hadnt seen it, td cancelled it and he bid 2♠. what "
        "happens now",
    ],
)
def test_no_use_told_proves_no_use(dialogue: Dialogue, text: str) -> None:
    description = dialogue.describe(text)
    assert INFORMATION not in description.proven


@pytest.mark.parametrize(
    "text",
    [
        # a card named when it was taken back, after a wrong explanation, and its use asked
        "rho told me 2♠ was weak, it wasnt, and the td let me take my ace back at T1. now "
        "declarer has seen the ♠A, can he play on the knowledge that i hold it?",
        # a card taken back after declarer changed his own card from dummy
        "declarer named the wrong card from dummy and changed it, so i got to pick my king "
        "back up. he has seen it now - is he allowed to play the hand using that?",
    ],
)
def test_a_card_taken_back_and_its_use_asked_is_16c(dialogue: Dialogue, text: str) -> None:
    """What a card taken back showed is asked about: Law 16C, even where a wrong explanation
    is why it went back."""
    description = dialogue.describe(text)
    assert description.proven[:1] == (INFORMATION,)
    first = dialogue.handle(Conversation(), text)[0]
    assert (first.topic or first.choices[0].id) == "withdrawn_call_information"


def test_taking_a_card_back_only_asked_is_not_a_card_taken_back(dialogue: Dialogue) -> None:
    """'can i take the lead back?' asks whether he may; nothing was taken back yet, so what
    it showed is not the question: the wrong explanation is."""
    text = (
        "rho said 3♣ was natural so i led a club on that basis, now it turns out it was "
        "stayman. can i take the lead back? dummy is down"
    )
    assert INFORMATION not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        # 'told me dummy's 2C': whose call, not the teller's role; the director keeping the
        # card led ('my lead stands') is not another player claiming the turn to lead
        "declarer told me dummy's 2♦ was a weak two so i led a diamond, dummy goes down with "
        "a strong hand, it was multi. td said my lead stands. can i not change it?",
        "pd asked and rho told me dummy's 3♣ was natural, so i led the ♣K. turns out it is a "
        "relay. director came and said my lead stands, is that right?",
    ],
)
def test_a_lead_after_a_wrong_explanation_is_not_a_lead_out_of_turn(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "lead_out_of_turn" not in description.proven
    first = dialogue.handle(Conversation(), text)[0]
    assert (first.topic or first.choices[0].id) == "misinformation"


def test_the_dummy_to_be_correcting_an_explanation_is_not_dummy_acting(
    dialogue: Dialogue,
) -> None:
    """Declarer's partner puts a wrong explanation right before he has put his cards down: he
    is not dummy yet (41D), and the correction is his duty (20F5(b)): misinformation."""
    text = (
        "i had faced my lead after declarer told me their 2♥ was weak, then his pd, before "
        "putting dummy down, said 'no sorry, it's strong'. td let me lead again, is that fair?"
    )
    description = dialogue.describe(text)
    assert "dummy_acted" not in description.proven
    assert dialogue.rank(text)[0].topic.id == "misinformation"


@pytest.mark.parametrize(
    "text",
    [
        "auction's over and i'm about to lead when lho calls the td: 'i said 3♣ was natural, "
        "it's actually stayman in our system'",
        "the bidding was over, 4♠ by rho. before my lead his pd says 'sorry, 2♦ was multi, not "
        "a weak two'. what now",
    ],
)
def test_a_call_explained_after_the_auction_is_not_a_call_after_it(
    dialogue: Dialogue, text: str
) -> None:
    """'2D was a transfer' said after the final pass explains a call of the auction; no call
    was made after the close (Law 39): the explanation is the matter."""
    description = dialogue.describe(text)
    assert "call_after_final_pass" not in description.proven
    assert dialogue.rank(text)[0].topic.id == "misinformation"


def test_a_hand_unlike_its_explanation_is_ruled_before_a_psych(dialogue: Dialogue) -> None:
    """The explanation told first and the hand unlike it: whether the explanation or the call
    was wrong is ruled first (21B, 75); a psych is only offered, nobody said it was one."""
    text = (
        "lho said the 2♥ showed 5-9 with six hearts; dummy comes down with 14 pts and five "
        "hearts. they say they've no idea what they play, nothing on their card"
    )
    description = dialogue.describe(text)
    assert description.proven[:2] == (
        "hand_did_not_match_explanation",
        "call_unlike_hand_on_purpose",
    )
    assert dialogue.rank(text)[0].topic.id == "misinformation"


def test_words_muttered_by_a_spectator_are_information_from_outside(dialogue: Dialogue) -> None:
    """A kibitzer's words heard at the table, however they were spoken: Law 16D."""
    text = (
        "a kibitzer whispered 'oh this one is fun' to his mate as we started bidding bd 12, "
        "and pd then passed my forcing 2♣. opps reckon that's not a coincidence"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_outside",)
    assert description.facts.get("info_source") == "overheard"
    first = dialogue.handle(Conversation(), text)[0]
    assert (first.topic or first.choices[0].id) == "extraneous_information"


@pytest.mark.parametrize(
    "text",
    [
        "hand's over, 3NT just made, and now the opps want the td about pd's long pause "
        "before her 3NT bid",
        "opps have gone to get the director over my pd's huge tank before she bid 4♥. board "
        "is finished",
    ],
)
def test_partners_think_named_by_its_owner_is_our_sides_hesitation(
    dialogue: Dialogue, text: str
) -> None:
    """'pd's long think' says whose tempo it was, though the opponents are the subject of the
    sentence; 'pd' is the teller's partner: unauthorised information to our side (16B)."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("partner_hesitated",)
    assert description.facts.get("ui_viewpoint") == "our_side"
    assert dialogue.rank(text)[0].topic.id == "unauthorised_information"


def test_points_miscounted_are_not_a_hand_of_the_wrong_size(dialogue: Dialogue) -> None:
    """'thought he had 11' in a story about a hand's points counts points, not cards (13);
    a call unlike the hand with the pair said to know it is a question of agreements (40C1)."""
    text = (
        "rho opened a weak 2♠ (6-10 on their card) with 15 pts, says he thought he had 11. his "
        "pd jumped to 4♠ with a yarborough. we think they know he opens these big"
    )
    description = dialogue.describe(text)
    assert "wrong_card_count" not in description.proven
    assert description.proven[:1] == ("call_unlike_hand_on_purpose",)
    assert dialogue.rank(text)[0].topic.id == "psych_or_undisclosed_agreement"


def test_a_question_whose_answer_proved_wrong_is_misinformation(dialogue: Dialogue) -> None:
    """A question about an opponent's call, its answer quoted and then found wrong: the
    answer is the matter (20F, 21B, 75), not what the question told the asker's partner."""
    text = (
        "i asked rho what lho's 3♦ was and she said 'splinter'. pd then doubled for the lead, "
        "later it turns out it's natural for them. what now?"
    )
    description = dialogue.describe(text)
    assert "remark_then_action" not in description.proven
    assert dialogue.rank(text)[0].topic.id == "misinformation"
