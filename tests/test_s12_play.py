"""Play stories whose reading was wrong or asked at the start of session 12 (issue 14: a
fact the story states is asked; recognition), as a user sees them."""

from __future__ import annotations

from conftest import Chat, ruling_of, walk


def _seen(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in walk(chat, text))


def test_a_discard_from_the_board_is_dummys_revoke_not_declarers(chat: Chat) -> None:
    """Declarer's card taken from dummy that fails to follow while dummy holds the suit is a
    revoke in dummy's cards (no trick moves, 64B3): never read as declarer's revoke."""
    seen = walk(
        chat,
        "At trick 7 declarer pitched a diamond from the board on a spade lead, but the board"
        " still had the ♠4 tucked under the clubs. We found it at trick 11.",
    )
    text = "\n".join(t.text for t in seen)
    assert "Declarer revoked from his own hand" not in text
    assert "the player at fault: declarer" not in text
    assert "64B3" in ruling_of(seen).citations


def test_the_previous_board_is_a_deal_not_dummy(chat: Chat) -> None:
    """'on the previous board W didn't follow': 'board' before a seat is the deal, not the
    dummy; who revoked is asked, not read as dummy."""
    text = _seen(
        chat,
        "on the previous board W didn't follow to a heart, we only noticed once they'd opened"
        " the bidding on the next board. is it too late?",
    )
    assert "This is about: Revoke" in text
    assert "in dummy's cards" not in text
    assert "Who revoked?" in text


def test_a_seat_in_brackets_before_was_declarer_places_the_revoker(chat: Chat) -> None:
    """'Jane (West) was declarer': West declares, so North who failed to follow defends;
    who revoked is not asked."""
    seen = walk(
        chat,
        "Jane (West) was declarer in 3NT. At trick 4 North threw a heart on a club lead though"
        " she held the ♣6, found two tricks later.",
    )
    text = "\n".join(t.text for t in seen)
    assert "Who revoked?" not in text
    assert "A defender revoked" in text
    assert "64A1" in ruling_of(seen).citations


def test_defending_a_contract_before_i_led_makes_partner_a_defender(chat: Chat) -> None:
    """'last week, defending 4S, I led ...': the teller defends, so his partner who failed
    to follow is a defender; neither 'you' is named the player at fault nor is it asked."""
    text = _seen(
        chat,
        "last week, defending 4S, I led a diamond at trick 2 and partner discarded a club on it"
        " though she had the ♦5. found at trick 9",
    )
    assert "Who revoked?" not in text
    assert "A defender revoked" in text
    assert "the player at fault: you" not in text


def test_our_opponents_in_a_contract_make_partner_a_defender(chat: Chat) -> None:
    """'our opponents were in three spades': the teller's side defends."""
    text = _seen(
        chat,
        "our opponents were in three spades. at trick 6 my partner ruffed a heart though she"
        " still had the ♥2, found after trick 10",
    )
    assert "Who revoked?" not in text
    assert "A defender revoked" in text


def test_declarer_named_by_a_dash_aside_revoked(chat: Chat) -> None:
    """'declarer - my lho - discarded ...': the aside names declarer, whose revoke it is."""
    text = _seen(
        chat,
        "declarer - my lho - discarded a heart on my club lead at trick 5 and at trick 9 he"
        " played the ♣J. we found it when the play was over",
    )
    assert "Who revoked?" not in text
    assert "Declarer revoked from his own hand" in text


def test_one_players_failure_to_follow_names_the_revoker(chat: Chat) -> None:
    """The only failure to follow told is declarer's ruff: on the revoke topic he revoked."""
    text = _seen(
        chat,
        "Bd 9, 4H by E. declarer ruffed a spade at T4 and won it in hand, then at T10 followed"
        " to a spade with the ♠3. found at the end, cards still out",
    )
    assert "Who revoked?" not in text
    assert "Declarer revoked from his own hand" in text


def test_a_board_played_twice_by_the_same_table_is_a_wrong_board(chat: Chat) -> None:
    """'our table played the same board twice' is a board played in a second round (15B1),
    not a card played twice at two tricks (67B3)."""
    seen = walk(
        chat,
        "our table played the same board twice tonight - we had it in round 2 and it came back"
        " to us in round 5. pairs event, what happens?",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Wrong board" in text
    assert "Defective trick" not in text
    assert "15B1" in ruling_of(seen).citations


def test_a_card_played_twice_is_still_a_defective_trick(chat: Chat) -> None:
    """The card words keep their reading: a king played at two tricks is misplaced (67B3)."""
    seen = walk(
        chat,
        "I played the king twice - at trick 3 and again at trick 8, it went back into my hand",
    )
    assert "This is about: Defective trick" in seen[0].text
    assert "67B3" in ruling_of(seen).citations


_LATER = "After the revoke trick, did the offending side"


def test_the_offending_side_named_by_seats_winning_later_tricks_is_read(chat: Chat) -> None:
    """'E-W took two more tricks later' after E's revoke: the offending side won a later
    trick (64A1 counts it), not asked."""
    text = _seen(
        chat,
        "3NT by N. At T5 E discarded a spade on a club lead though he held the ♣8. E-W took two"
        " more tricks later. found at the end of play",
    )
    assert _LATER not in text
    assert "the offending side won a trick after the revoke trick" in text.lower()


def test_the_offending_side_never_winning_another_trick_is_read(chat: Chat) -> None:
    """'E/W never won another trick' after W's revoke: no later trick, not asked."""
    text = _seen(
        chat,
        "4H by S. At T3 W ruffed a diamond though she held the ♦4, and won the trick. E/W never"
        " won another trick. noticed when play ended, cards still out",
    )
    assert _LATER not in text


def test_the_other_sides_later_tricks_say_nothing_of_the_offenders(chat: Chat) -> None:
    """'N/S won two tricks after T5' is the non-offending side's: the question stays."""
    text = _seen(
        chat,
        "3NT by N. At T5 E discarded a spade on a club lead though he held the ♣8. N/S won two"
        " tricks after T5. found at the end of play",
    )
    assert _LATER in text


def test_both_sides_revoking_with_both_established_is_read(chat: Chat) -> None:
    """Both sides failed to follow and both revokes were established: no trick moves for
    either (64B7), without asking which case it is."""
    seen = walk(
        chat,
        "on board 12 both sides failed to follow at some point - my RHO at T2 and me at T9 - and"
        " both were established before anyone noticed. how many tricks move?",
    )
    text = "\n".join(t.text for t in seen)
    assert "Which of these describes the revoke?" not in text
    assert "64B7" in ruling_of(seen).citations


def test_revoked_on_board_four_is_no_revoke_in_dummy(chat: Chat) -> None:
    """'revoked on board 4' names the deal: the revoke is not read as dummy's."""
    text = _seen(
        chat,
        "both sides revoked on board 4 but mine was corrected right away, only theirs was"
        " established",
    )
    assert "in dummy's cards" not in text
    assert "Who revoked?" in text


def test_a_card_called_from_dummy_on_a_lead_told_after_it_is_dummys_revoke(chat: Chat) -> None:
    """'called for a diamond from dummy on a club lead, but dummy had the ♣9': the lead told
    after dummy's card and the suit shown by its symbol still make it dummy's revoke (64B3)."""
    seen = walk(
        chat,
        "I was declarer in 2S. I called for a diamond from dummy on a club lead, but dummy had"
        " the ♣9 hidden under the hearts. Found at the end, the defenders won that trick.",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Revoke" in seen[0].text
    assert "Who revoked?" not in text
    assert "64B3" in ruling_of(seen).citations


def test_another_player_winning_after_the_revoke_is_not_the_revoker(chat: Chat) -> None:
    """'West threw a heart ... and my partner won that trick': the winner is named, not
    West: the revoker is never said to have won it himself."""
    text = _seen(
        chat,
        "4S by N. At trick 6 West threw a heart on a club lead though she held the ♣8, and my"
        " partner won that trick. found at the end of play",
    )
    assert "Who won the trick on which the revoke happened?" in text


def test_partner_and_i_winning_the_trick_is_a_side_not_the_revoker(chat: Chat) -> None:
    """'partner and i won T4' after my revoke at T4 names the side: who won the trick is
    asked, not read as the revoker's own."""
    text = _seen(
        chat,
        "at T4 i threw a spade on a heart though i still had the ♥3, then at T8 i played the"
        " heart. partner and i won T4 (she took it with the ace). noticed at the end",
    )
    assert "Who won the trick on which the revoke happened?" in text
