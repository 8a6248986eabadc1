"""Stories read from their seats (issue 14): who dealt told as "X's deal", declarer named after
the role word ("declarer is my lho"), an opening lead the seats put in turn whatever was said
at the table, and a revoke proven by the suit led and the same player's later card."""

from __future__ import annotations

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
