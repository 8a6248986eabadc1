"""A question whose every answer leads to the same outcome is not asked (``Rule.outcome``):
the topic engine skips it when a later rule with that outcome already fires on what is known,
and asks it as before wherever the answer still changes what happens."""

from __future__ import annotations

from bot.core.topics import Ask, Choice, Conclude, Question, Rule, Topic, next_step

from conftest import Chat

PARTNER_CALLED = "partner called since"


def _texts(turns: list) -> str:
    return " ".join(" ".join(t.text for t in turns).split())


def _topic(*rules: Rule) -> Topic:
    yes_no = (Choice("yes", "Yes"), Choice("no", "No"))
    return Topic(
        "t",
        "T",
        "",
        (),
        questions=(Question("a", "A?", choices=yes_no), Question("b", "B?", choices=yes_no)),
        rules=rules,
    )


def test_a_question_that_only_changes_the_reason_is_skipped() -> None:
    """a=yes and b=yes each end the matter the same way: told b, a is not asked."""
    topic = _topic(
        Rule("too_late_a", {"a": ("yes",)}, outcome="stands"),
        Rule("may_change", {"a": ("no",), "b": ("no",)}),
        Rule("too_late_b", {"b": ("yes",)}, outcome="stands"),
    )
    step = next_step(topic, {"b": "yes"})
    assert isinstance(step, Conclude) and step.rule.id == "too_late_b"
    # without b known, a still decides between the outcomes and is asked first
    first = next_step(topic, {})
    assert isinstance(first, Ask) and first.question.fact == "a"
    later = next_step(topic, {"a": "no"})
    assert isinstance(later, Ask) and later.question.fact == "b"


def test_a_rule_with_another_outcome_in_between_keeps_the_question() -> None:
    """If an answer could still lead to a rule that rules otherwise, the question is asked."""
    topic = _topic(
        Rule("too_late_a", {"a": ("yes",)}, outcome="stands"),
        Rule("other", {"a": ("no",)}),
        Rule("too_late_b", {"b": ("yes",)}, outcome="stands"),
    )
    step = next_step(topic, {"b": "yes"})
    assert isinstance(step, Ask) and step.question.fact == "a"


def test_misinformation_told_the_dummy_is_down_rules_without_partners_call(chat: Chat) -> None:
    """Opening lead faced ('dummy came down'): the call cannot change whether or not
    partner called since (21B1(a), 17D1), so nothing is asked and only known facts are listed."""
    turns = chat.say(
        "lho explained pd's 2d as natural but they play it as a transfer, i passed, would have "
        "doubled. we only found out when dummy went down"
    )
    assert turns[-1].type == "ruling"
    assert not [t for t in turns if t.type == "question"]
    assert PARTNER_CALLED not in _texts(turns)
    assert {"21B1(a)", "17D1", "21B3"} <= set(turns[-1].citations)
    assert "partner had not called since" not in turns[-1].text


def test_misinformation_still_in_the_auction_asks_partners_call(chat: Chat) -> None:
    """Near miss: the auction is still going, so whether partner has called since decides
    whether the call may change: asked."""
    turns = chat.say(
        "lho explained pd's 2d as natural but they play it as a transfer, i passed, would have "
        "doubled. the auction is still going"
    )
    assert turns[-1].type == "question"
    assert PARTNER_CALLED in turns[-1].text


SLIPPED_PASS = "pd opened 1h, rho passed, i passed by mistake, meant 2h, my hand slipped."


def test_a_slip_found_after_the_lead_is_ruled_without_who_called_since(chat: Chat) -> None:
    """The auction ended with LHO's pass and the lead is faced: too late whatever was called
    since (25A5, 17D1), so who has called since is not asked."""
    turns = chat.say(
        SLIPPED_PASS + " lho passed and that ended the auction. we noticed only after the "
        "opening lead was faced"
    )
    assert "Who has called since" not in _texts(turns)
    assert "the offender: you" in _texts(turns)
    assert turns[-1].type == "ruling"
    assert {"25A5", "17D1"} <= set(turns[-1].citations)


def test_a_slip_with_the_lead_not_faced_still_asks_who_called(chat: Chat) -> None:
    """Near miss: nothing says the auction or its period ended: who called since is asked."""
    turns = chat.say(SLIPPED_PASS)
    assert turns[-1].type == "question"
    assert "Who has called since" in turns[-1].text
