"""`rulingbot check` passes on the real knowledge and catches each kind of mistake."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from bot.check import check, walk
from bot.knowledge import Knowledge, KnowledgeError, load
from bot.render import Renderer

from conftest import ROOT


def test_real_knowledge_passes_check(knowledge: Knowledge) -> None:
    report = check(knowledge)
    assert report.problems == []
    assert len(report.leaves) > 100


def test_every_path_of_every_topic_ends_in_a_ruling_with_valid_citations(
    knowledge: Knowledge, renderer: Renderer
) -> None:
    for topic in knowledge.topics.values():
        leaves = list(walk(knowledge, topic))
        assert leaves, topic.id
        for leaf in leaves:
            assert not isinstance(leaf, str), leaf
            final = knowledge.topics[leaf.topic]
            rule = final.rule(leaf.rule)
            assert rule.then is None
            cited = [*rule.citations, *(c for s in leaf.stages for c in s.citations)]
            assert cited, f"{topic.id}: {leaf.rule} cites nothing"
            assert all(knowledge.laws.has(c) for c in cited), cited


def test_check_command_exits_zero_and_says_ok() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "check"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert "OK" in result.stdout


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A private copy of knowledge/ and templates/ to break on purpose."""
    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    return tmp_path


def _edit_topic(tree: Path, topic: str, change: Callable[[dict], None]) -> None:  # type: ignore[type-arg]
    path = tree / "knowledge" / "wbf-2017" / "topics" / f"{topic}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _problems(tree: Path) -> list[str]:
    knowledge = load(tree / "knowledge")
    return check(knowledge, Renderer(knowledge, tree / "templates")).problems


def test_citation_missing_from_the_index_is_reported_with_file_and_key(tree: Path) -> None:
    def cite_nonsense(data: dict) -> None:  # type: ignore[type-arg]
        data["rules"][1]["citations"] = ["27Z9"]

    _edit_topic(tree, "insufficient_bid", cite_nonsense)
    problems = _problems(tree)
    assert any(
        "topics/insufficient_bid.yaml" in p and "rules.accepted.citations" in p and "27Z9" in p
        for p in problems
    ), problems


def test_question_no_path_asks_is_reported(tree: Path) -> None:
    def add_orphan(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"].append(
            {
                "fact": "orphan",
                "ask": "Never needed?",
                "choices": [
                    {"id": "a", "label": "A", "short": "A"},
                    {"id": "b", "label": "B", "short": "B"},
                ],
            }
        )

    _edit_topic(tree, "bid_above_seven", add_orphan)
    assert any("questions.orphan: no path ever asks it" in p for p in _problems(tree))


def test_path_without_a_ruling_is_reported(tree: Path) -> None:
    def drop_rule(data: dict) -> None:  # type: ignore[type-arg]
        data["rules"] = [r for r in data["rules"] if r["id"] != "lho_not_called"]

    _edit_topic(tree, "bid_above_seven", drop_rule)
    problems = _problems(tree)
    assert any(
        "bid_above_seven.yaml: path lho_called=no ends without a ruling" in p for p in problems
    ), problems


def test_template_that_does_not_render_is_reported(tree: Path) -> None:
    path = tree / "templates" / "topics" / "bid_above_seven.j2"
    path.write_text(path.read_text(encoding="utf-8").replace("{% macro lho_called", "{% macro x"))
    problems = _problems(tree)
    assert any(
        "bid_above_seven.j2: rule 'lho_called'" in p and "does not render" in p for p in problems
    ), problems


def test_fact_asked_twice_on_one_path_is_reported(tree: Path) -> None:
    def ask_again(data: dict) -> None:  # type: ignore[type-arg]
        # hand over to a topic that asks lho_called again, after asking it here
        data["rules"][0]["then"] = "call_when_required_to_pass"

    _edit_topic(tree, "bid_above_seven", ask_again)
    assert any("lho_called: asked twice on one path" in p for p in _problems(tree))


def test_bad_yaml_shape_names_file_and_key(tree: Path) -> None:
    def break_choice(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"][0]["choices"] = [{"id": "only"}]

    _edit_topic(tree, "insufficient_bid", break_choice)
    with pytest.raises(KnowledgeError) as caught:
        load(tree / "knowledge")
    text = str(caught.value)
    assert "topics/insufficient_bid.yaml" in text and "questions.0.choices" in text


def test_edition_is_data(tree: Path) -> None:
    editions = tree / "knowledge" / "editions.yaml"
    data = yaml.safe_load(editions.read_text(encoding="utf-8"))
    data["editions"]["wbf-2017"]["name"] = "Test Edition of the Laws"
    editions.write_text(yaml.safe_dump(data), encoding="utf-8")
    knowledge = load(tree / "knowledge")
    assert knowledge.edition.name == "Test Edition of the Laws"
    assert "Test Edition of the Laws" in Renderer(knowledge, tree / "templates").message("welcome")


def test_regulation_note_for_an_unknown_topic_is_reported(tree: Path) -> None:
    path = tree / "knowledge" / "regulations.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["notes"]["stop_card"]["topics"].append("no_such_topic")
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(KnowledgeError) as caught:
        load(tree / "knowledge")
    assert "regulations.yaml: notes.stop_card.topics: no topic 'no_such_topic'" in str(caught.value)


# -- authoring mistakes that read fine in the file (issue 7) ---------------------------------


def test_question_defined_twice_is_reported(tree: Path) -> None:
    def duplicate(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"].append(dict(data["questions"][1]))

    _edit_topic(tree, "insufficient_bid", duplicate)
    assert any("question 'accepted' is defined 2 times" in p for p in _problems(tree))


def test_rule_and_choice_defined_twice_are_reported(tree: Path) -> None:
    def duplicate(data: dict) -> None:  # type: ignore[type-arg]
        data["rules"].append(dict(data["rules"][-1]))
        question = data["questions"][1]
        question["choices"].append(dict(question["choices"][0]))

    _edit_topic(tree, "insufficient_bid", duplicate)
    problems = _problems(tree)
    assert any("rule 'second_insufficient_refused' is defined 2 times" in p for p in problems)
    assert any("choice 'undecided' is defined 2 times" in p for p in problems)


def test_an_outcome_no_other_rule_shares_is_reported(tree: Path) -> None:
    """A misspelt outcome would quietly spare no question: the check names it."""

    def misspell(data: dict) -> None:  # type: ignore[type-arg]
        rule = next(r for r in data["rules"] if r["id"] == "call_too_late_lead_faced")
        rule["outcome"] = "call_stand"

    _edit_topic(tree, "misinformation", misspell)
    problems = _problems(tree)
    assert any("outcome 'call_stand' is shared by no other rule" in p for p in problems)
    assert any("outcome 'call_stands' is shared by no other rule" in p for p in problems)


def test_says_pattern_shared_by_two_choices_is_reported(tree: Path) -> None:
    def share(data: dict) -> None:  # type: ignore[type-arg]
        accepted = next(q for q in data["questions"] if q["fact"] == "accepted")
        accepted["choices"][0]["says"] = list(accepted["choices"][1]["says"])

    _edit_topic(tree, "insufficient_bid", share)
    assert any("is shared by choices 'undecided' and 'yes'" in p for p in _problems(tree))


def test_question_no_path_can_ask_is_reported(tree: Path) -> None:
    def orphan(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"].append(
            {
                "fact": "orphan",
                "ask": "Never asked?",
                "choices": [
                    {"id": "a", "label": "A", "short": "A"},
                    {"id": "b", "label": "B", "short": "B"},
                ],
            }
        )

    _edit_topic(tree, "insufficient_bid", orphan)
    assert any("questions.orphan: no path ever asks it" in p for p in _problems(tree))


def test_derived_fact_the_reader_cannot_prove_is_reported(tree: Path) -> None:
    def unknown(data: dict) -> None:  # type: ignore[type-arg]
        data["questions"][0]["derive"] = "whose_hand_is_best"
        data["questions"][1]["derive"] = "lho_called"
        data["questions"][1]["derive_map"] = {"sometimes": "yes"}

    _edit_topic(tree, "insufficient_bid", unknown)
    problems = _problems(tree)
    assert any("the reader proves no fact 'whose_hand_is_best'" in p for p in problems)
    assert any("lho_called is never 'sometimes'" in p for p in problems)


def test_template_naming_a_call_its_rule_cannot_guarantee_is_reported(tree: Path) -> None:
    def forget(data: dict) -> None:  # type: ignore[type-arg]
        data.pop("names")  # the cheapest bid may then be named even for an artificial bid

    _edit_topic(tree, "insufficient_bid", forget)
    problems = _problems(tree)
    assert any(
        "insufficient_bid.j2: rule 'lowest_same_denomination' names the lowest call" in p
        for p in problems
    )


def test_check_lists_every_rule_resting_on_an_open_reading(knowledge: Knowledge) -> None:
    """A director reviews in one place the rules whose ruling says the Laws read two ways."""
    from bot.check import readings

    listed = "\n".join(readings(knowledge))
    assert "premature_play.yaml: rules.early_lead_declarer_played" in listed
    assert "defective_trick.yaml: rules.omitted_later_dummy" in listed
    assert "follows:" in listed and "other:" in listed
