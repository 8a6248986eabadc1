"""The worked examples from the source documents, end to end through `chat --jsonl`."""

from __future__ import annotations

from conftest import jsonl_session, last_ruling


def test_pulled_1s_meaning_1h_over_1nt_is_replaced_then_law_27_options() -> None:
    replies = jsonl_session(
        [
            "North 1NT, East pulls 1♠ meaning 1♥, says so before South calls",
            "not decided yet",
            "natural",
        ]
    )
    first = replies[0]["replies"]
    handover = [t for t in first if t["type"] == "message" and "insufficient" in t["text"]]
    assert handover, "the bot should say the intended 1♥ is insufficient"
    assert "East may replace 1♠ with 1♥" in handover[0]["text"]
    assert first[-1]["type"] == "question" and first[-1]["topic"] == "insufficient_bid"
    ruling = last_ruling(replies)
    assert ruling["topic"] == "insufficient_bid"
    assert {"25A1", "27A1", "27B1(a)", "27B1(b)", "27B2"} <= set(ruling["citations"])
    assert "2♥" in ruling["text"]  # the lowest sufficient bid in hearts, worked out


def test_pass_of_a_splinter_believing_game_was_reached_stands() -> None:
    replies = jsonl_session(
        [
            "North passes South's 4♣ splinter believing the auction had reached 4♥",
            "1",  # a call changed: offered first, beside a call after the final pass
            "he meant it at the time",  # believing is not a slip: asked, never assumed
            "no",  # no other call made yet
        ]
    )
    assert replies[0]["replies"][-1]["choices"][0]["id"] == "unintended_call"
    assert replies[1]["replies"][-1]["text"].startswith("At the moment he made the call")
    ruling = last_ruling(replies)
    assert ruling["text"].count("Pass stands") == 1 and "4♥ stands" not in ruling["text"]
    assert ruling["topic"] == "unintended_call"
    assert "25A2" in ruling["citations"]
    assert any(c.startswith("25B") for c in ruling["citations"])
    assert "stands" in ruling["text"]
    assert "may replace" not in ruling["text"]


def test_pass_card_pulled_instead_of_3nt_may_be_replaced() -> None:
    replies = jsonl_session(
        [
            "Pass card pulled instead of 3NT, noticed after looking round the room, "
            "nobody has called",
            "no",  # it did not end the auction
            "yes, it is sufficient and in turn",
        ]
    )
    ruling = last_ruling(replies)
    assert {"25A1", "25A3"} <= set(ruling["citations"])
    assert "may replace pass with 3NT" in ruling["text"]


def test_unintended_final_pass_before_lead_faced_may_be_replaced() -> None:
    replies = jsonl_session(
        [
            "An unintended pass that ended the auction, noticed before the opening lead is faced",
            # a pass after which the auction ended is also a call after the final pass: offered
            # beside it, the user picks the change of call
            "unintended_call",
            "only the next player",
        ]
    )
    ruling = last_ruling(replies)
    assert {"25A5", "25A6"} <= set(ruling["citations"])
    assert "may take his call back" in ruling["text"]
