"""Play incidents typed as players type them whose reading was wrong at the start of session 11
(issue 14, the dev6 set): the topic started and the question asked, as a user sees them."""

from __future__ import annotations

from conftest import Chat, ruling_of, walk


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_play_a_suit_said_to_dummy_is_a_suit_named_without_a_rank(chat: Chat) -> None:
    """'play a heart' is an order naming a suit and no rank (46B2): what declarer said is
    read, not asked."""
    seen = walk(
        chat,
        "declarer told dummy 'play a heart' and dummy, holding the HQ 10 7, wasn't sure which"
        " one to put",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Unclear call of a card from dummy" in text
    assert "What did declarer say" not in text
    assert "46B2" in ruling_of(seen).citations


def test_dummy_playing_another_suit_while_holding_the_suit_led_is_dummys_revoke(
    chat: Chat,
) -> None:
    """A heart led, a club called from dummy, dummy still holding a heart: a revoke in
    dummy's cards (no trick moves, 64B3), not which card declarer's words named."""
    seen = walk(
        chat,
        "at trick 3 a heart was led, declarer called for a club from dummy, and dummy put it"
        " on. but dummy still held the 5 of hearts, we found it two tricks later",
    )
    assert "This is about: Revoke" in seen[0].text
    assert "64B3" in ruling_of(seen).citations


def test_a_suit_named_from_dummy_that_dummy_followed_is_no_revoke(chat: Chat) -> None:
    """The same words with dummy's card of the suit led: no revoke is read."""
    text = _said(
        chat,
        "a heart was led, declarer called for a heart from dummy and dummy put the 5. dummy"
        " still had the 9 of hearts too",
    )
    assert "Revoke" not in text


def test_a_lead_from_dummy_is_not_the_opening_lead_whatever_trick_is_told(chat: Chat) -> None:
    """'trick 1: declarer led from dummy' cannot be the opening lead (dummy is faced after
    it): declarer forgetting to play from his hand makes the trick defective, and no lead
    out of turn is read."""
    turns = chat.say(
        "trick 1: declarer led the DQ from dummy, both defenders followed but declarer forgot"
        " to play from his hand and the trick was turned over. found at trick 7 when he had a"
        " card too many"
    )
    text = "\n".join(t.text for t in turns)
    assert "This is about: Defective trick" in text
    assert "Lead out of turn" not in text


def test_dummy_here_introduces_the_teller_as_dummy(chat: Chat) -> None:
    """'Dummy here.' is the teller saying he is dummy: his calling the director over the lead
    out of turn is the matter (43A1), the lead offered after."""
    text = _said(
        chat,
        "Dummy here. LHO led out of turn and I called the director straight away. Partner says"
        " I shouldn't have. who is right?",
    )
    assert "This is about: Dummy's rights" in text


def test_two_defenders_throwing_their_cards_at_once_is_simultaneous_play(chat: Chat) -> None:
    """'tossed their cards down at the same moment' is two cards played together (58A), not a
    hand thrown in as a concession."""
    seen = walk(
        chat,
        "at trick 8 the two defenders tossed their cards down at the same moment, W was on"
        " lead and E following. does E's card count?",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Premature or simultaneous play" in seen[0].text
    assert "Claims and concessions" not in text
    assert "58A" in ruling_of(seen).citations


def test_a_lead_to_the_next_trick_before_partner_played_to_this_one(chat: Chat) -> None:
    """'led to trick 10, but E hadn't played to trick 9 yet', E being the leader's partner:
    a defender's early lead (57A), read without asking what happened."""
    seen = walk(
        chat,
        "W won trick 9 and straight away led the SK to trick 10, but E hadn't played to trick"
        " 9 yet. what now?",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Premature or simultaneous play" in seen[0].text
    assert "What happened?" not in text
    assert "57A" in ruling_of(seen).citations


def test_dummy_putting_out_another_rank_than_the_one_named_is_dummys_wrong_card(
    chat: Chat,
) -> None:
    """'ten' named and dummy played the nine: no doubt which card was named, dummy's card is
    wrong (45D), not a rank without a suit (46B3)."""
    seen = walk(
        chat,
        "declarer said 'ten' and dummy played the nine instead, and RHO followed before anyone"
        " noticed. which card is played?",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: When a card counts as played" in seen[0].text
    assert "Unclear call of a card from dummy" not in text
    assert "45D1" in ruling_of(seen).citations


def test_dummy_playing_before_declarer_named_a_card_is_dummys_card(chat: Chat) -> None:
    """Dummy put a card out before declarer asked for any: dummy has no turn of his own, the
    card is one declarer did not name (45D), not a premature play or a penalty card."""
    seen = walk(
        chat,
        "the dummy leaned across and put out the HQ before declarer had asked for a card, then"
        " LHO played low on it. declarer says he wanted the H3",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: When a card counts as played" in seen[0].text
    assert "penalty card" not in text.lower()
    assert "45D1" in ruling_of(seen).citations


def test_declarer_playing_from_dummy_before_lho_pulled_out_his_card(chat: Chat) -> None:
    """'before I (LHO) had even pulled out my card' after declarer's card from dummy: his early
    play (57C3), read without asking what happened."""
    seen = walk(
        chat,
        "declarer (my RHO) led a heart from hand and at once played the queen from dummy too,"
        " before I (LHO) had even pulled out my card. fair?",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Premature or simultaneous play" in seen[0].text
    assert "What happened?" not in text
    assert "57C3" in ruling_of(seen).citations


def test_a_bid_only_thought_about_is_no_call_after_the_final_pass(chat: Chat) -> None:
    """'S was still thinking about 3NT' is a call not yet made: no call after the final pass;
    the lead faced while the auction went on is the card exposed during the auction (24)."""
    seen = walk(
        chat,
        "N thought pd's pass had ended the auction and put the SQ face up as his opening lead,"
        " but S was still thinking about 3NT, the bidding was not over",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Card exposed or led during the auction" in text
    assert "Call after the auction has ended" not in text


def test_two_of_his_cards_on_one_trick_found_later_is_a_defective_trick(chat: Chat) -> None:
    """'two of his cards on one trick', found five tricks on: a trick with a card too many
    (67B2), ruled without asking how the card got there or when it was found."""
    seen = walk(
        chat,
        "at trick 3 declarer followed from hand and then dropped a second card from his hand"
        " onto the heap as well, so two of his cards on one trick. we only found it at trick 8"
        " when he had a card too few",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Defective trick" in seen[0].text
    assert "How did the extra card get there?" not in text
    assert "67B2(a)" in ruling_of(seen).citations


def test_two_of_his_cards_on_the_same_trick_seen_at_once_is_the_added_card(chat: Chat) -> None:
    """The same seen before the next lead: the card added to the trick (45E), as
    docs/labelling.md rules (a fifth card noticed in time)."""
    seen = walk(
        chat,
        "at trick 3 declarer followed and then put another card from his hand on it, so two of"
        " his cards on the same trick. spotted at once before the next lead",
    )
    assert "This is about: When a card counts as played" in seen[0].text
    assert "45E2" in ruling_of(seen).citations


def test_a_player_who_did_not_put_down_any_card_missed_the_trick(chat: Chat) -> None:
    """'did not put down any card' to a trick the table turned: a trick a card short (67),
    started at once rather than offered in a menu."""
    turns = chat.say(
        "on one trick my lho did not put down any card, we turned the trick and played on. two"
        " tricks later he still had a card too many"
    )
    text = "\n".join(t.text for t in turns)
    assert "This is about: Defective trick" in text
    assert "which fits best" not in text


def test_before_her_partner_played_said_times_the_words_not_the_discard(chat: Chat) -> None:
    """'threw a club ... and before her partner played said "wait, I have one"': the 'before'
    is when she spoke; her discard was in turn, so no premature play is started."""
    text = _said(
        chat,
        "LHO threw a club on my partner's spade lead and before her partner played said 'wait,"
        " I have one' and put the S3 on. what happens to her club?",
    )
    assert "This is about: Premature or simultaneous play" not in text


def test_the_declaring_side_making_the_opening_lead_is_a_lead_out_of_turn(chat: Chat) -> None:
    """'declarer put the D2 on the table as the opening lead': the opening lead is a
    defender's (41A), so the declaring side's is a lead out of turn (54E), not a card to take
    back."""
    seen = walk(
        chat,
        "declarer put the D2 on the table as the opening lead by mistake, nobody else had played",
    )
    text = "\n".join(t.text for t in seen)
    assert "This is about: Lead out of turn" in text
    assert "Taking back a played card" not in text
    assert "54E" in ruling_of(seen).citations
