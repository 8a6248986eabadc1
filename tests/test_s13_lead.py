"""Stories read from their seats (issue 14): who dealt told as "X's deal", declarer named after
the role word ("declarer is my lho"), an opening lead the seats put in turn whatever was said
at the table, and a revoke proven by the suit led and the same player's later card."""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_the_dealer_told_as_whose_deal_it_was_places_the_call_out_of_turn(chat: Chat) -> None:
    """RHO called at his partner's deal: the offender's LHO (me) decides, not asked whose turn."""
    text = _said(chat, "it was my lho's deal but my rho opened 1c. lho has not called yet")
    assert "Whose turn was it" not in text
    assert "Do you accept the call out of turn?" in text


def test_declarer_named_after_the_role_word_seats_the_opening_leader(chat: Chat) -> None:
    """'declarer was my lho': I am a defender, so a face-down lead of mine that partner says
    was his is a defender's, ruled at once (41A) rather than asked who led."""
    text = _said(
        chat,
        "declarer was my lho in 2s. i led the 7 of clubs face down and pd says it was his lead",
    )
    assert "Who led out of turn?" not in text
    assert "41A" in text


def test_an_opening_lead_the_seats_put_in_turn_is_not_ruled_a_lead_out_of_turn(
    chat: Chat,
) -> None:
    """Declarer on my right makes me the opening leader (41A): partner's 'it's my lead' is
    wrong, so the bot must not rule a lead out of turn at once and give declarer options."""
    text = _said(
        chat,
        "rho was declarer in 3nt. i led the queen of diamonds face up and my partner says "
        "'wait, that was my lead'",
    )
    assert "Ruling" not in text and "A defender led out of turn" not in text
    assert "Declarer chooses" not in text and "54A" not in text


def test_a_revoke_is_proven_by_the_suit_led_and_the_same_players_later_card(chat: Chat) -> None:
    text = _said(
        chat,
        "pd led the ace of spades, rho trumped it. a couple of tricks later rho followed "
        "with a spade. still playing",
    )
    assert "This is about: Revoke" in text
    assert "What is the question about?" not in text


def test_another_players_later_card_proves_no_revoke(chat: Chat) -> None:
    text = _said(chat, "pd led a diamond, lho ruffed. later my pd followed with a diamond")
    assert "What is the question about?" in text or "which fits best" in text


def test_declarer_speaking_after_a_run_on_clause_still_chooses(chat: Chat) -> None:
    """'when i won it declarer said ...': no comma before declarer, whose words still choose
    the penalty card's option (50D2(a)); 'in' before him is not 'in dummy'."""
    text = _said(
        chat,
        "defending 4s, pd had the KD face up as a penalty card and when i got in declarer "
        "said 'do not lead a diamond'. i led a spade and lost the lead. back in now, can i lead "
        "a diamond?",
    )
    assert "Which option did declarer choose" not in text


def test_a_leader_named_against_the_seats_is_asked_not_ruled_in_turn(chat: Chat) -> None:
    """'4S by S' puts the opening lead with W, but the story says E was on lead: the two
    disagree, so neither a lead in turn nor a lead out of turn is ruled at once."""
    text = _said(chat, "4S by S. W faced the ♦3 as his opening lead though E was on lead")
    assert "Ruling" not in text


def test_the_director_telling_the_outcome_settles_a_lead_from_the_wrong_hand(
    chat: Chat,
) -> None:
    """'TD told him to take it back': the lead was refused and put right, so only the
    defender's card played before declarer led again is ruled (60B), nothing offered after."""
    turns = chat.say(
        "dummy had won the trick but declarer led the c3 from his own hand. the director "
        "told him to lead from the right hand, and before he did rho played the cK. now what?"
    )
    assert turns[-1].type == "ruling"
    assert chat.conversation.pending is None


def test_an_acceptance_told_as_a_condition_is_no_acceptance(dialogue: Dialogue) -> None:
    """'it is accepted if rho calls over it' explains the rule (27A1), nobody accepted: the
    question is left to ask, never filled 'yes'."""
    from bot.dialogue.facts import facts_in

    for text in (
        "lho opened 1nt, i passed, pd bid 1s. the td says it is accepted if rho bids",
        "lho opened 1nt, i passed, pd bid 1s. its accepted only if rho calls",
    ):
        desc = dialogue.describe(text)
        found = facts_in(
            dialogue.knowledge.topics["insufficient_bid"], desc, dialogue.normalise(desc.reading)
        )
        assert "accepted" not in found.facts, text
