"""Play incidents typed as players type them whose first proof was another topic's at the start
of this stop (issue 14): the topic announced, as a user sees it. Each text is new, worded
unlike the labelled set."""

from __future__ import annotations

from conftest import Chat


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_a_card_put_out_before_the_relead_is_the_matter_not_the_lead(chat: Chat) -> None:
    """Declarer's lead from the wrong hand already taken back at the director's word, then a
    defender's card put out before declarer led again: 60B (premature play), not the lead
    out of turn that was already dealt with."""
    for story in (
        "partner led from his hand when he was in dummy, the TD had him take it back, and "
        "before he managed to lead from the board RHO had dropped the club nine on the table",
        "south led from the wrong hand and was told to start again from dummy. before he "
        "could, west tossed out the heart jack",
        "3NT by N. N led from the table though he was in hand, took it back on the "
        "director's word, and before N led again from hand, E put the SK down",
    ):
        text = _said(chat, story)
        assert "This is about: Premature or simultaneous play" in text, story
        assert "This is about: Lead out of turn" not in text, story


def test_the_leaders_partner_playing_to_a_lead_out_of_turn_is_a_premature_play(
    chat: Chat,
) -> None:
    """The partner of the defender who led out of turn put a card on it: the play to the
    irregular lead is what is asked (57 via 60), whoever typed it."""
    for story in (
        "West led a heart though I had won the last trick in dummy, and East, his partner, "
        "immediately dropped the heart ace on it. Dummy hasn't played. What now?",
        "my partner led when it was not his turn (declarer had taken the trick) and before "
        "anyone said a word i played my club queen on it. what now?",
    ):
        text = _said(chat, story)
        assert "This is about: Premature or simultaneous play" in text, story


def test_a_dummy_card_named_then_changed_is_a_designation_whoever_named_it(
    chat: Chat,
) -> None:
    """A card of dummy's named and then another wanted: 45C4(b) (when a card counts as
    played), not a card taken back (47); only declarer names dummy's cards, so the story need
    not call him declarer."""
    for story in (
        "Margaret asked for the jack of hearts from the board, my partner followed low, then "
        "she said 'no wait, the ace please'. can she?",
        "opp called 'nine of spades' from the table and in the same breath 'sorry, the "
        "diamond nine'. nobody had played yet",
        "declarer named the club 7 from dummy, played his own card, then said he meant the "
        "club king. too late?",
    ):
        text = _said(chat, story)
        assert "This is about: When a card counts as played" in text, story
        assert "This is about: Taking back a played card" not in text, story


def test_a_proper_lead_after_a_lead_out_of_turn_stays_with_the_lead_out_of_turn(
    chat: Chat,
) -> None:
    """The right leader leading after the wrong one: 53B says which card stands (the lead
    out of turn's Law, docs/labelling.md), even when the story asks whether a card goes
    back."""
    text = _said(
        chat,
        "rho led out of turn and then i, who was really on lead, put my own card down. "
        "does rho get his card back?",
    )
    assert "This is about: Lead out of turn" in text
    assert "This is about: Taking back a played card" not in text


def test_a_lead_on_an_opponents_word_when_partner_had_won_is_a_lead_out_of_turn(
    chat: Chat,
) -> None:
    """Told 'your lead' by declarer, the defender led, but his partner had won the trick
    before: a lead out of turn induced by an opponent (47E1 reached from 53A)."""
    text = _said(
        chat,
        "declarer nodded at me and said 'your lead' so i led the heart 3, but partner had "
        "won trick 8. may i pick it up?",
    )
    assert "This is about: Lead out of turn" in text


def test_a_revoke_only_suspected_while_looking_back_is_a_look_at_quitted_tricks(
    chat: Chat,
) -> None:
    """Someone suspects a failure to follow and wants to look back through the turned tricks
    while play goes on: whether he may look is 66C, and the suspicion proves no revoke."""
    for story in (
        "around trick 9 declarer got suspicious that my partner hadn't followed to hearts and "
        "wanted to look back through all the earlier tricks. we're still playing. can he?",
        "mid hand i was fairly sure lho never followed to the first club, so i asked to turn "
        "all the tricks over to check. lho said no",
    ):
        text = _said(chat, story)
        assert "This is about: Played cards - arranging" in text, story
        assert "This is about: Revoke" not in text, story


def test_played_cards_heaped_before_the_count_is_the_arrangement_not_the_score(
    chat: Chat,
) -> None:
    """A player heaped his played cards before the count was agreed, then the sides disagree:
    the arrangement of the played cards decides (65D, 66D), not a plain count dispute."""
    text = _said(
        chat,
        "last board, before the number of tricks was agreed, dummy's partner muddled all his "
        "played cards into a heap. they say 9, we say 8",
    )
    assert "This is about: Played cards - arranging" in text


def test_dummy_calling_the_director_over_a_lead_out_of_turn_is_about_dummy(chat: Chat) -> None:
    """Nobody had spoken when dummy himself called the director about a lead out of turn:
    'nobody said anything' is when he acted, not hearsay, and what dummy may do is the matter
    (43A1), the lead being what he reacted to."""
    for story in (
        "4S by N, S dummy. E led at trick 8 though W had won trick 7, nobody said anything, "
        "dummy S stood up and called the director himself. was he allowed to?",
        "rho led when it was lho's lead. i'm dummy, and i waved the director over before "
        "anyone else said a thing",
    ):
        text = _said(chat, story)
        assert "This is about: Dummy" in text, story


def test_a_card_named_or_turned_before_its_turn_is_first_whether_it_was_played(
    chat: Chat,
) -> None:
    """A defender names the card he will play, or turns his card down, before his turn:
    whether that card counts as played (45C) is decided before any early play (57)."""
    for story in (
        "declarer led a heart from dummy and before my partner had played i said 'ill take "
        "that with the king'. then pd played the ace. must i still play the king?",
        "T3: E led, S followed, W turned his card face down in front of him before N had "
        "played. N asked to see it. does W's card count as played?",
    ):
        text = _said(chat, story)
        first = text.split("Premature")[0]
        assert "When a card counts as played" in first, story
        assert "This is about: Premature" not in text, story


def test_a_revoke_told_in_old_or_plain_words_after_the_round_is_a_revoke(chat: Chat) -> None:
    """'renounced', or a discard 'with the C4 still in his hand': a revoke, found after the
    round (64C, 79), not a menu of unrelated topics."""
    for story in (
        "after the session my partner told me that rho had renounced in spades on board 3. "
        "is it too late?",
        "at home i saw that lho had pitched a diamond on a heart with the ♥6 still in his hand, "
        "board 9. the round had long finished",
    ):
        text = _said(chat, story)
        assert "This is about: Revoke" in text, story


def test_a_revoke_put_right_in_time_is_the_revoke_unless_the_next_card_is_asked(
    chat: Chat,
) -> None:
    """The revoker's own card put right before the revoke was established: the revoke Law
    (62). The player who played after it wanting his own card back: the taking back (47D)."""
    text = _said(
        chat,
        "rho pitched a club on my spade lead, then said 'hang on' and produced the spade 5. "
        "nobody had played to the next trick yet. does the club just go back?",
    )
    assert "This is about: Revoke" in text

    other = Chat(chat.dialogue)
    text = _said(
        other,
        "declarer played a low heart, then found he had a club after all and put that on "
        "instead. i had already played after him. may i take back my card too?",
    )
    assert "This is about: Taking back a played card" in text


def test_two_cards_on_a_trick_found_two_tricks_later_is_a_defective_trick(chat: Chat) -> None:
    """Two cards from one hand on trick 5, found at trick 8: the trick is defective (67B2),
    not cards played together noticed in time (58B)."""
    text = _said(
        chat,
        "on trick 5 two of lho's diamonds came out stuck together and nobody saw. at trick 8 "
        "she said 'i've lost a card'. what now?",
    )
    assert "This is about: Defective trick" in text
