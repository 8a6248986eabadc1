"""The lead's spot checks, session 16 (issue 14): incidents typed the way players type.

- "declarer led a diamond from hand and i said 'you're in dummy' before lho played": the
  'before' times dummy's words, so declarer's lead is no card played out of turn (Law 57),
  and dummy spoke after the lead from the wrong hand (43A1(b)), which the story states and
  the bot no longer asks.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

SPOKE_AFTER = (
    'dummy here. declarer led a diamond from hand and i said "you\'re in dummy" before lho '
    "played. opps called the td saying dummy cant do that"
)


def test_words_said_before_the_next_player_played_do_not_time_the_lead(
    dialogue: Dialogue,
) -> None:
    proven = dialogue.describe(SPOKE_AFTER).proven
    assert "played_before_turn" not in proven
    told = (
        "N is declarer, S dummy. N led a low club from his hand, S said 'wrong hand' "
        "before E played"
    )
    assert "played_before_turn" not in dialogue.describe(told).proven


def test_dummy_speaking_after_the_lead_from_the_wrong_hand_is_not_asked_when(chat: Chat) -> None:
    seen = walk(chat, SPOKE_AFTER)
    texts = [t.text for t in seen]
    assert not any("had declarer already led from the wrong hand" in t for t in texts)
    assert "Premature" not in texts[1], texts[1]
    ruling = ruling_of(seen)
    assert "43A1(b)" in ruling.text
    assert "already led from the wrong hand" in ruling.text


def test_dummy_speaking_before_declarer_led_is_not_read_as_after(dialogue: Dialogue) -> None:
    for text in (
        'i was dummy. before declarer led i said "you\'re in hand". is that allowed?',
        "decl (S) was about to lead from dummy when N (dummy) said 'you're in your hand'",
        "declarer was reaching for a card in dummy and as he did i said 'you are in hand pd'",
    ):
        assert dialogue.describe(text).facts.get("wrong_hand_lead_made") != "yes", text


def test_a_contract_told_with_its_result_says_play_has_ended(chat: Chat) -> None:
    """'3s made' (a contract and its result) ends a hesitation story: the board was played,
    so whether play has ended is not asked (the director adjusts afterwards, 16B3/12C1)."""
    for text in (
        "rho took ages over 2s then passed. lho then bid 3s. i think pd should have passed. "
        "3s made",
        "LHO had a long think before passing 3H and RHO then competed to 3S, 3 spades making",
    ):
        seen = walk(Chat(chat.dialogue), text)
        asked = " ".join(t.text for t in seen)
        assert "has play ended?" not in asked, text
        assert "Play of the board had ended" in ruling_of(seen).text, text


def test_the_call_set_against_the_one_meant_is_the_call_told_before(chat: Chat) -> None:
    """'i meant 2s not 1s': the 1S is the call already made, not a new one out of turn. The
    story is a change of call that came too late, partner having called since (25A4)."""
    text = (
        'i opened 1d, lho bid 1s, pd passed and rho bid 2d. before i called lho said "sorry, '
        'i meant 2s not 1s". can she change it'
    )
    assert "call_out_of_rotation" not in chat.dialogue.describe(text).proven
    seen = walk(chat, text)
    assert "Call out of turn" not in seen[0].text, seen[0].text
    assert "Changing a call just made" in seen[0].text
    assert "25A4" in ruling_of(seen).text


def test_a_call_a_side_says_it_would_have_made_is_no_call(dialogue: Dialogue) -> None:
    """'they'd have run to 5C' after the auction closed is what did not happen, not a call
    after the final pass (Law 39)."""
    for text in (
        "Bd 22. S opens 1H, W 4S, N X, E P, S P, W P. During the play it turned out N's double "
        "was 'negative', never alerted. E-W say they'd have run to 5C.",
        "1nt by rho, all pass. their 1nt was 10-12 but they told us 15-17. i would have doubled it",
        "4H by N, all pass. After the hand S admitted 2D was a transfer, not alerted; E says "
        "he could have bid 3D over it",
    ):
        assert "call_after_final_pass" not in dialogue.describe(text).proven, text


def test_dummy_looking_at_a_defenders_hand_told_by_declarer_is_not_asked(chat: Chat) -> None:
    """Declarer tells it: 'she' is the partner just named as dummy, and his LHO or RHO is a
    defender, so what dummy did (43A2(c)) is stated, not asked."""
    for text in (
        "pd was dummy and she got up and looked at my lho's hand while I was thinking. she "
        "then said nothing. the opps want a penalty",
        "I was declarer. Dummy (my partner) walked round and looked at my RHO's cards at "
        "trick 6. what now",
    ):
        seen = walk(Chat(chat.dialogue), text)
        assert not any("What did dummy do" in t.text for t in seen), text
        assert "43A2(c)" in ruling_of(seen).text, text


def test_a_pronoun_after_two_players_names_neither(dialogue: Dialogue) -> None:
    """'declarer led and LHO won, then she looked at ...': two players before the pronoun,
    so whose act it was is not proven."""
    text = "pd was dummy. declarer (me) led and lho won, then she looked at rho's cards"
    assert dialogue.describe(text).facts.get("dummy_event_told") != "looked_defender"


def test_dummy_going_down_is_not_the_she_who_spoke(dialogue: Dialogue) -> None:
    """'Dummy went down and she said ...': dummy's cards went down; 'she' is the leader told
    before, so dummy did not speak."""
    text = (
        "West led the CK as her opening lead. Dummy went down and she immediately said 'oh, I "
        "meant to lead a heart, can I change?'"
    )
    assert dialogue.rank(text)[0].topic.id != "dummy_rights"
