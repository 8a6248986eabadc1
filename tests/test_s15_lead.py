"""A missing alert told after the auction (issue 14, the lead's spot checks, session 15).

Found by typing incidents the way directors and players do; each text is our own wording:
- "E 4H all pass. after the lead W realises N didn't alert 2S": the 2S named as what was
  not alerted is the call told earlier, not a call made after the final pass. Ruling it as a
  call after the auction (Law 39) was a confident wrong ruling;
- "rho's double wasn't alerted", the teller having called over it earlier in the story:
  misinformation (Law 21B), offered first, never declined as "bidding advice".
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

MISINFORMATION = "Wrong explanation or missing alert (misinformation)"
AFTER_FINAL_PASS = "Call after the auction has ended"


def test_a_call_named_as_not_alerted_is_not_a_call_after_the_final_pass(chat: Chat) -> None:
    text = (
        "bd 4, S dealer. S 1H W 2C N 3C E P S 4H all pass. after the opening lead E says "
        "N didnt alert 3C, which is a cue raise for them"
    )
    seen = [t.text for t in walk(chat, text)]
    assert AFTER_FINAL_PASS not in seen[0], seen[0][:160]
    assert MISINFORMATION in seen[0], seen[0][:160]


def test_alerting_a_call_told_earlier_names_it_again(dialogue: Dialogue) -> None:
    text = "N 1S E X S 2S W 3H all pass. W says N forgot to alert 2S"
    assert "call_after_final_pass" not in dialogue.describe(text).proven


def test_an_opponents_unalerted_call_the_teller_called_over_is_misinformation(
    dialogue: Dialogue, chat: Chat
) -> None:
    text = (
        "pd opened 1d, rho bid 2c and i doubled. lho passed. now rho's 2c was never alerted "
        "but on their card it is both majors. is that ok?"
    )
    assert "explanation_differs" in dialogue.describe(text).proven
    seen = [t.text for t in walk(chat, text)]
    assert "bidding or play advice" not in seen[0]
    assert MISINFORMATION in seen[0], seen[0][:160]


def test_all_pass_closes_the_auction_and_the_late_caller_is_named(chat: Chat) -> None:
    """'1C by S, all pass' is three passes in rotation, so the auction closed after them and
    the call told next is after the final pass, by its own maker (Law 39)."""
    seen = [t.text for t in walk(chat, "1C by S, all pass. then N bid 1H, what happens")]
    assert AFTER_FINAL_PASS in seen[0], seen[0][:160]
    took = next(t for t in seen if "I took from your description" in t)
    assert "the offender: North" in took, took
    assert "39B" in seen[-1]


def test_all_pass_is_not_one_pass_by_the_last_bidder(dialogue: Dialogue) -> None:
    story = dialogue.describe("W 1D N 2C E 3D S 3H W 4D all pass. then S led the HA").play.story
    passes = [e for e in story.timeline if e.start > 25]
    assert len(passes) == 3 and all(e.seat is None or e.seat.value != "W" for e in passes)
    assert story.closed_at is not None


def test_a_pass_recounted_in_a_players_account_is_not_another_call(dialogue: Dialogue) -> None:
    text = "N 1H E P S 2H W P N P E P. S says he never bid at all, W says S bid 2H"
    assert "call_after_final_pass" not in dialogue.describe(text).proven


LEAD_OUT_OF_TURN = "This is about: Lead out of turn (or from the wrong hand)"


def test_a_card_put_out_for_the_next_trick_after_the_teller_won_is_a_lead(chat: Chat) -> None:
    """The teller won the trick, so the next lead was his: partner's card put out for the
    next trick is a lead out of turn (Law 56), not a card played before partner (Law 57)."""
    text = (
        "we're defending 2s. i took trick 8 with the king, then pd put the 4 of hearts on the "
        "table for trick 9 before i could lead"
    )
    seen = [t.text for t in walk(chat, text)]
    assert seen[0].startswith(LEAD_OUT_OF_TURN), seen[0][:160]


def test_a_lead_not_yet_made_is_no_lead(dialogue: Dialogue) -> None:
    text = "W won trick 3, and before W led, E put the D2 on the table for trick 4"
    assert dialogue.describe(text).proven[:1] == ("lead_out_of_turn",)


def test_the_lead_out_of_turn_is_not_also_a_card_played_before_partner(dialogue: Dialogue) -> None:
    text = (
        "defending 3nt, i won t5 with the queen but pd put the 2 of spades on the table for t6 "
        "before i could lead"
    )
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)
