"""Issue 7's reproductions: each wrong ruling found by trying the bot as a player or a
director would, with its exact input, run end to end through `rulingbot chat --jsonl`.

Every test would have failed before the reader learned who is who and which call is which.
"""

from __future__ import annotations

from typing import Any

from conftest import shared_bot


def _talk(*lines: str) -> list[list[dict[str, Any]]]:
    """Each line's reply turns, from a fresh incident."""
    bot = shared_bot()
    bot.say("restart")
    return [bot.say(line) for line in lines]


def _ruling(replies: list[list[dict[str, Any]]]) -> dict[str, Any]:
    rulings = [t for turns in replies for t in turns if t["type"] == "ruling"]
    assert rulings, [t["text"][:100] for turns in replies for t in turns]
    return rulings[-1]


def _questions(replies: list[list[dict[str, Any]]]) -> list[str]:
    return [t["text"].split("\n")[0] for turns in replies for t in turns if t["type"] == "question"]


# 1. An earlier call by the offender makes a call at LHO's turn a change of call (31C, 25B).
def test_bid_at_lho_turn_after_opening_is_a_change_of_call() -> None:
    replies = _talk("I opened 1H, partner bid 2H, and I bid 4H at my LHO's turn before he called")
    ruling = _ruling(replies)
    assert {"31C", "25B1", "25B2", "25B3", "26B", "16C2"} <= set(ruling["citations"])
    assert not {"31B1", "31B2"} & set(ruling["citations"])
    took = [t["text"] for t in replies[0] if t["text"].startswith("I took")]
    # the offender is the person typing: "you", as the ruling says it (issue 14)
    assert took and "you had called before" in took[0]
    assert "it was your LHO's turn" in took[0]


# 2. "opened" by another player says nothing about whether the offender has called.
def test_wrong_board_asks_whether_the_offender_called() -> None:
    replies = _talk(
        "East opened 1H; then North noticed he had taken his cards from the wrong board", "no"
    )
    assert _questions(replies)[0] == "Did he make a call while holding the wrong cards?"
    ruling = _ruling(replies)
    assert not any(c.startswith("15A") for c in ruling["citations"])
    assert {"16D1", "16D2"} <= set(ruling["citations"])


# 3. "misbid" and "by mistake" never decide mechanical against intended: the bot asks.
def test_misbid_is_asked_and_a_meant_call_stands() -> None:
    replies = _talk(
        "I misbid 2H, nobody has called yet, can I change it to 2S?",
        "yes - I meant it at the time",
    )
    # the asker made the call: he is asked about himself as "you" (issue 14)
    assert _questions(replies)[0].startswith("At the moment you made the call, did you mean")
    ruling = _ruling(replies)
    assert "25A2" in ruling["citations"] and "25B2" in ruling["citations"]
    assert "2♥ stands" in ruling["text"] and "may replace" not in ruling["text"]


def test_pass_by_mistake_is_asked_not_assumed_mechanical() -> None:
    replies = _talk(
        "South passed partner's forcing bid by mistake, West has not called yet",
        "he meant it then",
        "no",
    )
    assert _questions(replies)[0].startswith("At the moment he made the call")
    ruling = _ruling(replies)
    assert "Pass stands" in ruling["text"] and "25A1" not in ruling["citations"]


# 4. An artificial insufficient bid: the cheapest bid in the same suit is not penalty free.
def test_stayman_over_an_overcall_is_not_offered_3c_as_penalty_free() -> None:
    replies = _talk(
        "North opened 1NT, East overcalled 2D, South bid 2C Stayman",
        "no",
        "not yet - show the options",
    )
    ruling = _ruling(replies)
    assert "3♣" not in ruling["text"]
    assert "specified" in ruling["text"]
    assert {"27B1(a)", "27B1(b)", "27B2"} <= set(ruling["citations"])


def test_artificial_bid_replaced_by_same_suit_leaves_it_to_the_director() -> None:
    replies = _talk(
        "North opened 1NT, East overcalled 2D, South bid 2C Stayman",
        "no",
        "the cheapest sufficient bid specifying the same denomination(s)",
    )
    ruling = _ruling(replies)
    assert {"27B1(a)", "27B1(b)", "27B2"} <= set(ruling["citations"])
    assert "director" in ruling["text"] and "artificial" in ruling["text"]


# 5. With a penalty card declarer may require or forbid the suit (50D2), unlike Law 26.
def test_penalty_card_lets_declarer_require_the_suit() -> None:
    replies = _talk(
        "My partner has a major penalty card; can declarer require me to lead that suit?"
    )
    ruling = _ruling(replies)
    assert "50D2" in ruling["citations"]
    assert "require" in ruling["text"].lower()


# 6. A card seen by accident by an opponent at the table is authorised (74C5), not 16D.
def test_card_dropped_in_the_auction_seen_by_opponents_only_is_theirs_to_use() -> None:
    replies = _talk(
        "During the auction South dropped the king of hearts face up",
        "only an opponent could have seen it",
    )
    ruling = _ruling(replies)
    assert "74C5" in ruling["citations"] and "16D3" not in ruling["citations"]
    assert "penalty card" in ruling["text"] and "may use" in ruling["text"]


def test_opponents_card_seen_during_the_play_is_authorised() -> None:
    replies = _talk("I saw an opponent's card at this table during the play")
    ruling = _ruling(replies)
    assert ruling["citations"] == ["74C5"]
    assert "may use" in ruling["text"]


# 9. A defender's card dropped by accident in the play is not played: it is exposed (49) and a
# penalty card, minor when a single card below honour rank (50B).
def test_defenders_dropped_card_in_the_play_is_a_penalty_card_not_played() -> None:
    replies = _talk(
        "During the play a defender accidentally dropped the 4 of clubs face up on the table", "no"
    )
    ruling = _ruling(replies)
    assert ruling["topic"] == "penalty_card"
    assert {"49", "50B", "50C"} <= set(ruling["citations"]) and "45C1" not in ruling["citations"]
    assert "minor penalty card" in ruling["text"] and "counts as played" not in ruling["text"]


# 7. The ruling names the call actually made.
def test_pass_of_a_splinter_names_the_pass() -> None:
    """Told by words alone (nothing in it proves which Law), the story may get a menu since
    more turn-skipped stories were learned; the change of call is then picked from it."""
    bot = shared_bot()
    bot.say("restart")
    first = bot.say(
        "North opened 1H, East passed, South bid 4C splinter, West passed, North passed "
        "thinking it was 4H. He wants to change it at once"
    )
    replies = [first]
    if any(t["type"] == "question" and t["text"].startswith("I'm not sure") for t in first):
        replies.append(bot.say("unintended_call"))
    replies += [bot.say("he meant it at the time"), bot.say("no")]
    ruling = _ruling(replies)
    assert "Pass stands" in ruling["text"] and "4♥ stands" not in ruling["text"]


def test_stayman_not_seeing_the_overcall_names_the_stayman_bid() -> None:
    replies = _talk(
        "North opened 1NT, East overcalled 2D, South bid 2C Stayman not seeing the 2D",
        "no",
        "not yet",
    )
    ruling = _ruling(replies)
    assert "has not accepted 2♣" in ruling["text"] and "accepted 2♦" not in ruling["text"]


# 8. A bid out of turn repeated after RHO passes may still be insufficient: Law 27 then.
def test_repeated_call_out_of_turn_that_is_insufficient_goes_to_law_27() -> None:
    replies = _talk(
        "North opened 1NT, East passed, and West bid 1H before South had called",
        "no",
        "he passed, after the director ruled",
    )
    said = " ".join(t["text"] for turns in replies for t in turns)
    assert "Law 27" in said
    assert replies[-1][-1]["topic"] == "insufficient_bid"


# 10. After four passes only the last two players to pass may still replace a pass.
def test_passed_out_board_limits_who_may_replace_a_pass() -> None:
    ruling = _ruling(_talk("all four passed, can we redeal?"))
    assert "25A4" in ruling["citations"]
    assert "last two players to pass" in ruling["text"]


# 12. Seats are relative to the person typing.
def test_partner_opening_before_dealer_rho_is_31b() -> None:
    replies = _talk("RHO was dealer but pd opened 1S before RHO had called", "no", "not yet")
    ruling = _ruling(replies)
    assert {"31B1", "31B2"} <= set(ruling["citations"])
    assert "31A1" not in ruling["citations"]


def test_partner_passing_before_dealer_rho_is_30b1() -> None:
    replies = _talk(
        "RHO was dealer but pd passed before RHO had called", "an ordinary pass", "no", "not yet"
    )
    ruling = _ruling(replies)
    assert "30B1(a)" in ruling["citations"] and "30A" not in ruling["citations"]


# 13. Which call is which.
def test_change_of_mind_names_the_first_call_as_standing() -> None:
    replies = _talk(
        "pd opened 1H, I bid 2C and then said 'no sorry I mean 3C', changed my mind. "
        "LHO hasnt called"
    )
    ruling = _ruling(replies)
    assert "2♣ stands" in ruling["text"] and "3♣ stands" not in ruling["text"]
    assert {"25B2", "25B3"} <= set(ruling["citations"])


def test_simultaneous_calls_cancel_the_call_not_in_turn() -> None:
    replies = _talk(
        "LHO and pd both put bidding cards out at the same time, pd's turn. "
        "LHO's was 1H, pd's was 1S",
        "no",
        "not yet",
    )
    said = " ".join(t["text"] for turns in replies for t in turns)
    assert "1♥ is cancelled" in said and "1♠ is cancelled" not in said


def test_wrong_card_pulled_names_made_and_meant_calls() -> None:
    replies = _talk(
        "opps bid 1D, I meant to bid 2H but pulled the 2S card",
        "nobody yet",
        "yes, it is sufficient and in turn",
    )
    said = " ".join(t["text"] for turns in replies for t in turns)
    assert "replace 2♠ with 2♥" in said and "1♦ with" not in said


def test_stayman_over_2nt_names_the_stayman_bid() -> None:
    replies = _talk("N opened 2NT, E passed, S bid 2C meaning Stayman", "no", "not yet")
    ruling = _ruling(replies)
    assert "has not accepted 2♣" in ruling["text"] and "2NT" not in ruling["text"].split(".")[0]


# 14. Calls after the final pass are cancelled; nobody called over them unless told so.
def test_card_put_out_after_the_final_pass_is_cancelled() -> None:
    replies = _talk(
        "auction went 1H p 4H p p p, then LHO put out a 4S card after the final pass",
        "a defender",
        "no",
    )
    ruling = _ruling(replies)
    assert "39A" in ruling["citations"] and "4♠ stands" not in ruling["text"]
    assert "cancelled" in ruling["text"]


def test_after_the_final_pass_lho_bid_is_not_taken_as_called_over() -> None:
    replies = _talk("after the final pass LHO bid 4S", "a defender")
    assert any(") call after it, before the director ruled?" in q for q in _questions(replies))
    assert not any(t["type"] == "ruling" for t in replies[0])


# 15. BIT as players type it is a hesitation.
def test_bit_without_dots_is_a_hesitation() -> None:
    replies = _talk("pd BIT before passing 3H, can I still bid 3S?")
    assert replies[0][0]["topic"] == "unauthorised_information"


# 16. Facts already given are not asked again.
def test_insufficient_bid_facts_given_are_not_asked() -> None:
    replies = _talk(
        "LHO opened 1NT, pd bid 1S not seeing it. not accepted. pd wants to bid 2S instead",
        "natural",
    )
    asked = _questions(replies)
    assert asked == [
        "Was the insufficient bid natural - did it show the suit (or notrump) it named?"
    ]
    assert _ruling(replies)["citations"] == ["27B1(a)", "27D"]


def test_typed_auction_is_not_asked_whether_in_turn() -> None:
    replies = _talk("1NT (1S) - IB")
    assert not any("his turn" in q for q in _questions(replies))


# 17. No dead ends.
def test_every_question_has_a_way_out() -> None:
    replies = _talk("insufficient bid")
    question = replies[0][-1]
    assert question["type"] == "question"
    assert question["choices"][-1]["label"] in ("Not sure / none of these", "None of these")
    out = shared_bot().say(str(len(question["choices"])))
    assert "call the director" in out[0]["text"]


def test_back_after_a_topic_pick_keeps_the_description() -> None:
    bot = shared_bot()
    bot.say("restart")
    first = bot.say("IB or BOOT")
    assert first[-1]["topic"] is None  # a menu of close topics
    bot.say("1")
    again = bot.say("back")
    assert again[-1]["type"] == "question" and again[-1]["topic"] is None
    assert [c["id"] for c in again[-1]["choices"]] == [c["id"] for c in first[-1]["choices"]]
    picked = bot.say("2")
    assert picked[0]["topic"] == first[-1]["choices"][1]["id"]


# 18. Law index wording.
def test_law_index_states_both_conditions_and_who_may_ask() -> None:
    bot = shared_bot()
    assert "both must hold" in bot.say("law 73E2")[0]["text"]
    assert "declarer or either defender" in bot.say("law 41C")[0]["text"]
    text = bot.say("law 27B1(a)")[0]["text"]
    assert "specifying" in text and "naming" not in text


# 11. Consequences and citations the rulings had left out.
def test_cancelled_calls_warn_about_the_information_they_gave(knowledge) -> None:  # type: ignore[no-untyped-def]
    from bot.check import check

    cancelling = {
        ("call_after_final_pass", "defender_action"),
        ("call_after_final_pass", "declaring_side"),
        ("call_out_of_rotation", "pass_at_rho_turn"),
        ("inadmissible_double", "cancelled"),
        ("inadmissible_double", "lho_called"),
        ("call_when_required_to_pass", "cancelled"),
        ("bid_above_seven", "lho_called"),
        ("bid_above_seven", "lho_not_called"),
    }
    seen = set()
    for leaf in check(knowledge).leaves:
        if (leaf.topic, leaf.rule) in cancelling:
            seen.add((leaf.topic, leaf.rule))
            ruling_effects = knowledge.topics[leaf.topic].rule(leaf.rule).effects
            assert "ui_withdrawn" in ruling_effects, (leaf.topic, leaf.rule)
    assert seen == cancelling


def test_change_of_call_branches_of_laws_30_to_32_may_bring_lead_restrictions(knowledge) -> None:  # type: ignore[no-untyped-def]
    topic = knowledge.topics["call_out_of_rotation"]
    for rule_id in (
        "bid_at_lho_turn_after_calling",
        "pass_at_lho_turn_after_calling",
        "double_at_lho_turn",
    ):
        assert "lead_restriction" in topic.rule(rule_id).effects, rule_id


def test_29c_is_cited_only_for_an_artificial_call_out_of_turn() -> None:
    natural = _ruling(
        _talk("East opened 1H out of turn, it was North's turn", "no", "he bid", "not yet")
    )
    artificial = _ruling(
        _talk("East opened 2C strong out of turn, it was North's turn", "no", "he bid", "not yet")
    )
    assert "29C" not in natural["citations"]
    assert "29C" not in artificial["citations"]  # "strong" is not a convention name
    stayman = _ruling(
        _talk(
            "S opened 1NT, W passed, and E bid 2C Stayman, it was N's turn",
            "no",
            "he bid",
            "not yet",
        )
    )
    assert "29C" in stayman["citations"]


def test_wrong_board_in_pairs_does_not_cite_team_play() -> None:
    pairs = _ruling(
        _talk(
            "in our pairs game North took his cards from the wrong board and opened 1H, "
            "his partner has bid since"
        )
    )
    assert "86B" not in pairs["citations"]
    teams = _ruling(
        _talk(
            "in the teams North took his cards from the wrong board and opened 1H, "
            "his partner has bid since"
        )
    )
    assert "86B" in teams["citations"]


def test_premature_replacement_stands_unless_lho_accepts_the_insufficient_bid() -> None:
    ruling = _ruling(_talk("1NT (1S) - IB", "not decided yet", "natural"))
    assert "27C" in ruling["citations"]
    assert "unless" in ruling["text"] and "accepts 1♠ instead" in ruling["text"]


def test_defenders_call_after_the_final_pass_restricts_a_defender_lead() -> None:
    ruling = _ruling(_talk("after the final pass LHO bid 4S", "a defender", "no"))
    assert {"39A", "39C", "26B", "16C2"} <= set(ruling["citations"])
    assert "is a defender, so declarer may forbid" in ruling["text"]
    assert "ends up defending" not in ruling["text"]


def test_bid_above_seven_lead_restriction_does_not_speak_of_a_replacement() -> None:
    ruling = _ruling(_talk("someone bid 8NT", "no"))
    assert "38D" in ruling["citations"] and "26B" in ruling["citations"]
    assert "not replaced by a comparable" not in ruling["text"]
