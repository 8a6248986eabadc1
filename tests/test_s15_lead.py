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
