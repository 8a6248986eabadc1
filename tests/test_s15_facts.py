"""Session 15 (issue 14, deliver 4): facts a story states are filled, never asked, when its
structure proves them; left to be asked when it does not. Each story is our own wording."""

from __future__ import annotations

from told import tell

from bot.dialogue.engine import Dialogue

# -- Law 47D: a card played after an opponent's card that was then changed ----------------


def test_card_after_an_opponents_change_is_not_asked_why(dialogue: Dialogue) -> None:
    """Declarer (the teller) played after LHO's card; LHO then swapped it. Why declarer's own
    card may come back is proven: the opponent changed his play (47D)."""
    asked, took, ruling = tell(
        dialogue,
        "retracting_played_card",
        "I'm declarer. Trick 4 lho put the d3 on, i followed from hand with the dQ, then lho "
        "swapped his 3 for the dK. may i take my queen back now?",
    )
    assert "reason" not in asked
    assert "opponent changed" in took.lower()
    assert ruling is not None and "47D" in ruling.citations


def test_defender_after_declarers_change_is_not_asked_why(dialogue: Dialogue) -> None:
    """Told of third persons: declarer changed his card after W had followed; W wants his
    own card back. Declarer and a player with his own card are opponents."""
    asked, _, ruling = tell(
        dialogue,
        "retracting_played_card",
        "decl put the c9 from his hand, W played the cJ over it, then decl pulled the 9 back "
        "and played the c2 instead. W wants his jack back too",
    )
    assert "reason" not in asked
    assert ruling is not None and "47D" in ruling.citations


def test_partners_change_leaves_the_reason_asked(dialogue: Dialogue) -> None:
    """The card changed was partner's, not an opponent's: 47D is not proven, so asked."""
    asked, _, _ = tell(
        dialogue,
        "retracting_played_card",
        "my partner put down the h4 and i played after her, then she changed her card. "
        "can i change mine too?",
    )
    assert "reason" in asked


def test_changers_own_card_asked_about_is_not_an_opponents_change(dialogue: Dialogue) -> None:
    """Only the player who changed his card asks: whether his own change stands is not the
    case of a card played after an opponent's change (47D)."""
    _, took, ruling = tell(
        dialogue,
        "retracting_played_card",
        "West put the s4 on the trick, North followed with the s9, and then West swapped "
        "his 4 for the sK. can West do that?",
    )
    assert "opponent changed" not in took.lower()
    assert ruling is None or "47D" not in ruling.citations


# -- Law 47F2: a card from the player's own hand, then his own regret ------------------------


def test_defenders_own_regret_is_not_asked_why(dialogue: Dialogue) -> None:
    """A defender (said so) put a card out and at once said he wanted another: the reason
    is his own regret, shown as taken, and the card stays played (47F2)."""
    asked, took, ruling = tell(
        dialogue,
        "retracting_played_card",
        "we were defending 4H. on trick six my partner placed the s10 on the table and "
        "straight away went 'hang on, i want the 3'. can he swap?",
    )
    assert "reason" not in asked
    assert "regrets" in took.lower() or "wrong card" in took.lower()
    assert ruling is not None and "47F2" in ruling.citations


def test_opening_lead_regretted_is_not_asked_why(dialogue: Dialogue) -> None:
    """Only a defender makes the opening lead: his card, his regret."""
    asked, _, ruling = tell(
        dialogue,
        "retracting_played_card",
        "rho turned up the c5 as her opening lead, then before dummy was tabled she said she "
        "should have led a heart. can she switch?",
    )
    assert "reason" not in asked
    assert ruling is not None and "47F2" in ruling.citations


def test_declarer_naming_from_dummy_leaves_the_reason_asked(dialogue: Dialogue) -> None:
    """A card of dummy's named by declarer: a slip of the tongue (45C4(b)) is not ruled out,
    so why he wants another is asked."""
    asked, _, _ = tell(
        dialogue,
        "retracting_played_card",
        "declarer asked for the h6 from the board, then said 'no, I wanted the 8'. can he?",
    )
    assert "reason" in asked


# -- Law 66: what a player wants to see among the played cards ------------------------------


def test_own_card_turned_down_before_seeing_the_trick_is_not_a_look_at_his_card(
    dialogue: Dialogue,
) -> None:
    """'He had turned his own card over' is where his card lies, not what he asks to see:
    he asks for the whole trick (66A), with his own card already turned."""
    _, took, _ = tell(
        dialogue,
        "quitted_tricks",
        "trick 8 over. declarer had turned his own card face down already and then asked "
        "to see the whole trick again; no one had led to trick 9.",
    )
    assert "see the cards of a trick" in took.lower()
    assert "his own card from the last trick" not in took.lower()


def test_peek_at_own_card_is_read_as_his_own_card(dialogue: Dialogue) -> None:
    """The player wants only his own card from the last trick (66B), told in another
    sentence than the request."""
    _, took, _ = tell(
        dialogue,
        "quitted_tricks",
        "my partner couldn't remember whether he had played the 6 or the 7. he asked if he "
        "could peek at his own card from the previous trick.",
    )
    assert "his own card from the last trick" in took.lower()


def test_revoke_suspected_first_then_tricks_asked_for(dialogue: Dialogue) -> None:
    """The suspicion is told in one sentence, the wish to look in the next: the tricks are
    wanted to check a revoke (66C)."""
    asked, _, ruling = tell(
        dialogue,
        "quitted_tricks",
        "i think rho showed out of hearts at trick 3 and then won trick 7 with a heart. "
        "can i turn the old tricks over now to check?",
    )
    assert "event" not in asked
    assert ruling is not None and "66C" in ruling.citations
