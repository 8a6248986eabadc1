"""Trick mechanics told in players' own words: what the reader proves must be what happened
at the table - who acted, what act, before whom - never a neighbouring irregularity read from
a loose phrase. None of these stories is in the labelled sets."""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat

LEAD = "This is about: Lead out of turn"
DEFECTIVE = "This is about: Defective trick"


@pytest.mark.parametrize(
    "text",
    [
        "as declarer i was in dummy after the ♦A won T6 but led the ♣4 from my own hand, "
        "lho hasnt played yet. whats the ruling",
        "i'm declarer and was in dummy after trick 3, yet led the h5 from my own hand. my rho, "
        "who plays last, put the hK on it before lho did anything",
    ],
)
def test_declarer_in_dummy_leading_from_his_own_hand_is_a_lead_out_of_turn(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    """'I was in dummy ... but led from my own hand': the lead from the wrong hand (Law 55) is
    proven and announced. The defender on its right playing to it is 53C, which the lead's
    own ruling covers, so no premature play is proven beside it."""
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)
    assert chat.say(text)[0].text.startswith(LEAD)


def test_a_player_who_has_not_played_yet_has_not_accepted_the_lead(dialogue: Dialogue) -> None:
    """'lho hasn't played yet' is a card still to come: it never reads as the next hand
    playing to the lead and so accepting it (53A)."""
    desc = dialogue.describe(
        "as declarer i was in dummy after the ♦A won T6 but led the ♣4 from my own hand, "
        "lho hasnt played yet. whats the ruling"
    )
    assert desc.proven == ("lead_out_of_turn",)
    assert desc.facts.get("lead_response") != "accept"


@pytest.mark.parametrize(
    "text",
    [
        "declarer led the s9 from hand and snapped it face down at once, before my pd on her "
        "left had even played. can pd ask to see it?",
        "dummy led the h4 and declarer quitted it face down straight away, before my partner "
        "had played. we want to look at it",
    ],
)
def test_declarers_card_before_the_speakers_partner_is_no_premature_play(
    text: str, dialogue: Dialogue
) -> None:
    """'before my partner' names the speaker's partner: declarer's side acting before him is
    not a defender playing before his own partner (Law 57)."""
    assert "played_before_partner" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "pd (defending) played the ♣9 to T3 and a bit later dropped the ♣4 on top of the same "
        "trick too. nobody noticed till the end when he was a card short",
        "at t5 lho followed and then put a second card on the trick after she had already "
        "played to it. nobody said a thing until we were two tricks further on",
    ],
)
def test_a_card_added_to_a_trick_found_tricks_later_is_a_defective_trick(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    """A second card from the same hand on one trick, found only after play moved on: the
    trick is defective (Law 67B), not a card exposed (49) nor a fifth card found in time
    (45E)."""
    desc = dialogue.describe(text)
    assert desc.proven[:1] == ("defective_trick",)
    assert not {"card_exposed", "fifth_card", "wrong_card_count"} & set(desc.proven)
    assert chat.say(text)[0].text.startswith(DEFECTIVE)


@pytest.mark.parametrize(
    ("text", "proven"),
    [
        (
            "pd's lead to trick 3 was a small heart and dummy played the ace. declarer then "
            "claimed the rest",
            ("claim",),
        ),
        (
            "declarer played the h4 from hand but it was dummy's lead, he had won T3 on the board",
            ("lead_out_of_turn",),
        ),
    ],
)
def test_the_card_a_lead_was_does_not_make_the_next_card_a_lead(
    text: str, proven: tuple[str, ...], dialogue: Dialogue
) -> None:
    """'pd's lead to trick 3 was a small heart' names the card led, not whose turn it was:
    dummy playing to it leads nothing, so no lead out of turn is proven; 'it was dummy's
    lead' still says whose turn it was."""
    assert dialogue.describe(text).proven == proven


def test_a_trick_the_director_gave_is_his_ruling_not_a_concession(
    dialogue: Dialogue, chat: Chat
) -> None:
    """'the director gave them a trick' tells the ruling; the incident is the trick pd
    never played to (Law 67), and no player conceded anything."""
    text = (
        "the director gave them a trick back because pd had never played to trick 4, he still "
        "had a club left at the end. fair?"
    )
    assert dialogue.describe(text).proven == ("defective_trick",)
    assert chat.say(text)[0].text.startswith(DEFECTIVE)


def test_dummy_speaking_after_a_concession_is_not_put_before_it(dialogue: Dialogue) -> None:
    """A concession ends the play (68D): dummy pointing out afterwards that both cards were
    winners does not make dummy's rights the matter; the trick conceded is (71)."""
    text = (
        "4Hx, two cards to go, declarer held the top two trumps but said 'ok you get one' and "
        "we said thanks. then dummy told her both cards were winners"
    )
    assert dialogue.describe(text).proven[:1] == ("concession",)


@pytest.mark.parametrize(
    "text",
    [
        "i followed with the ♠6 then changed my mind and put the ♠9 on instead, all before "
        "declarer played from dummy. lho objects",
        "pd played the h3 then grabbed it back before rho had played to the trick and put the "
        "h5 down. allowed?",
    ],
)
def test_before_whom_belongs_to_the_change_not_to_the_card_played(
    text: str, dialogue: Dialogue
) -> None:
    """'played the h3 then grabbed it back before rho had played': the 'before' tells when
    the card was changed, not a card played before its turn (57)."""
    assert "played_before_turn" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "my rho flashed us his ace while reaching for a card, then put it back in his hand. "
        "major penalty card?",
        "at t9 lho flashed us the ♠Q while sorting, then put it back in her hand. does it "
        "stay out?",
    ],
)
def test_a_card_shown_and_put_back_was_never_played(text: str, dialogue: Dialogue) -> None:
    """A card shown to the table and put back was exposed, not played: whether it stays out
    is the penalty card's matter (49, 50), never a played card taken back (47)."""
    proven = dialogue.describe(text).proven
    assert proven[:1] == ("card_exposed",)
    assert "card_taken_back" not in proven


def test_a_card_faced_as_the_opening_lead_and_changed_is_still_taken_back(
    dialogue: Dialogue,
) -> None:
    """A card faced as the opening lead is a card led: changing it is Law 47's question."""
    text = "opening lead: i faced the ♦6, then went 'no wait' and wanted the ♣2 instead"
    assert "card_taken_back" in dialogue.describe(text).proven


def test_no_card_played_from_hand_is_no_lead_from_the_wrong_hand(dialogue: Dialogue) -> None:
    """'I was in dummy ... I hadn't played anything from my hand' says no card came from the
    hand: there is no lead from the wrong hand to rule on."""
    text = (
        "i was in dummy at T6 and called for the ♠10 but said the ♥10 by mistake, corrected it "
        "at once. i hadn't played anything from my hand yet"
    )
    assert "lead_out_of_turn" not in dialogue.describe(text).proven


def test_a_card_put_out_while_declarer_is_to_lead_again_is_the_matter(
    dialogue: Dialogue, chat: Chat
) -> None:
    """Declarer's lead from the wrong hand refused, and a defender's card out while declarer
    is still on his way to the right hand: that card is played before its turn (Law 60B via
    57), told after the lead that was already dealt with."""
    text = (
        "S led the h4 from hand but dummy had won T6, W refused it, and as declarer was still "
        "choosing a card from dummy E threw the ♠2 out. now what"
    )
    desc = dialogue.describe(text)
    assert desc.proven[:1] == ("played_before_turn",)
    assert desc.facts.get("premature_after") == "before_relead"
    assert chat.say(text)[0].text.startswith("This is about: Premature")


@pytest.mark.parametrize(
    "text",
    [
        "declarer led, pd thought, and i played my card before her. declarer says my card is a "
        "penalty card",
        "rho led, my partner was still thinking and i followed before she had played, so now what",
        "at trick 3 my partner led the next card while I was still deciding what to play to "
        "trick 2",
    ],
)
def test_a_defender_before_his_partner_told_with_a_pronoun_or_trick_numbers(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    """'pd thought, and i played my card before her': 'her' is the partner last named; a
    lead 'at trick 3' while the teller was still on trick 2 is a card before its turn. Both
    are premature plays (Law 57)."""
    assert dialogue.describe(text).proven[:1] in (
        ("played_before_partner",),
        ("played_before_turn",),
    )
    assert chat.say(text)[0].text.startswith("This is about: Premature")


def test_before_he_could_lead_is_still_a_lead_out_of_turn(dialogue: Dialogue) -> None:
    """'i led a club before he could lead', pd having won the trick: his lead, not his card
    to the trick, so only the lead out of turn is proven."""
    text = (
        "my pd won trick 9 with the heart king but i led a club before he could lead. declarer "
        "hasn't said anything yet"
    )
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)


RETRACT = "This is about: Taking back a played card"


@pytest.mark.parametrize(
    "text",
    [
        "at T5 i followed with the d9, lho played, then i asked for my card back as i'd meant "
        "the d2",
        "t10 pd discarded a club, declarer won it, now pd wants his card back. ok?",
    ],
)
def test_a_player_wanting_his_played_card_back_is_a_card_taken_back(
    text: str, dialogue: Dialogue, chat: Chat
) -> None:
    """'wants his card back' after playing it: whether a played card may be taken back is
    Law 47's question."""
    assert dialogue.describe(text).proven[:1] == ("card_taken_back",)
    assert chat.say(text)[0].text.startswith(RETRACT)


def test_a_call_wanted_back_is_not_a_played_card(dialogue: Dialogue) -> None:
    """The same words of a call made in the auction prove no card taken back."""
    text = "after the auction pd bid 2h by mistake and wanted his card back"
    assert "card_taken_back" not in dialogue.describe(text).proven
