"""CPU of reading and ranking a first message, over the labelled set stories (issue 14).

Prints figures and asserts nothing (timings are noisy; tests never time anything).

- first message: ``Dialogue.handle`` on a fresh conversation (the whole Description, the
  ranking and the first reply) for every story of the labelled set (the knowledge's examples
  of play, information and auction, read from this script's checkout whatever ``--root`` is);
- ranking: ``TopicMatcher.rank`` alone on each story's reading and boosts (the Description
  already made);
- ``rulingbot ask`` and ``rulingbot chat --jsonl`` told a whole incident (the README's
  example: description, two answers, ``more``): the CPU of the whole process (user + system).

Each message is timed with nothing cached for that text (the per-text caches are emptied
before it; word-level caches stay warm, as in a running bot). One round times every story
once; the figure of a round is its mean CPU per message. ``--rounds`` rounds give a min and
a median (the min is the least disturbed by other processes on the machine).
Usage: python scripts/benchmark_matching.py [--rounds N] [--asks N] [--root CHECKOUT]
                                           [--record FILE | --compare FILE]
``--root`` measures another checkout (e.g. an unpacked ``git archive`` of an older commit).
``--record`` writes the top three (topic, score, evidence) of every set story and of every alias
told as a description; ``--compare`` says which of them now rank otherwise (a speed-up must
change none; tests/test_rank_unchanged.py holds the same promise against the plain matcher).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

ASK = "pulled 1S out of the box, meant 1H, partner hasn't bid yet"
INCIDENT = (
    "North opened 1NT and East pulled 1♠ out of the box meaning 1♥. South hasn't called yet\n"
    "not decided yet\nnatural\nmore\n"
)


STORY_AREAS = ("auction", "information", "play")


def _set_stories(root: Path) -> list[str]:
    """The set's stories as this script's own checkout has them (the knowledge's examples),
    whichever checkout is measured: both sides of a comparison read the same texts."""
    here = Path(__file__).resolve().parents[1]
    texts: list[str] = []
    for area in STORY_AREAS:
        for path in sorted((here / "knowledge").glob(f"*/examples/{area}.yaml")):
            texts.extend(item["text"] for item in yaml.safe_load(path.read_text("utf-8")))
    return texts


def _forget(dialogue: Any, text: str) -> None:
    """Empty the caches that would answer for this very text (older checkouts lack some)."""
    from bot.dialogue import description

    description.describe.cache_clear()
    matcher = dialogue.matcher
    for name in ("_recent", "_queries"):
        cache = getattr(matcher, name, None)
        if isinstance(cache, dict):
            cache.clear()
    normalised = getattr(matcher.normalise, "_recent", None)
    if normalised is not None:
        normalised.cache_clear()


def _summary(name: str, rounds: list[float]) -> None:
    print(
        f"  {name:34} min {min(rounds) * 1000:6.3f} ms   "
        f"median {statistics.median(rounds) * 1000:6.3f} ms   (per message, {len(rounds)} rounds)"
    )


def engine(root: Path, rounds: int) -> None:
    from bot.dialogue.engine import Conversation, Dialogue
    from bot.knowledge import load
    from bot.render import Renderer

    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge), "html")
    texts = _set_stories(root)
    aliases = sum(len(t.aliases) + 1 for t in dialogue.matcher.topics)
    print(f"{len(texts)} set stories, {len(dialogue.matcher.topics)} topics, {aliases} aliases")
    for text in texts:  # warm templates and word caches, as a running bot has them
        dialogue.handle(Conversation(), text)
    readings = [(dialogue.describe(t).reading, dialogue.boosts(t)) for t in texts]
    first, ranking = [], []
    for _ in range(rounds):
        spent = 0.0
        for text in texts:
            _forget(dialogue, text)
            started = time.process_time()
            dialogue.handle(Conversation(), text)
            spent += time.process_time() - started
        first.append(spent / len(texts))
        spent = 0.0
        for text, (reading, boosts) in zip(texts, readings, strict=True):
            _forget(dialogue, text)
            started = time.process_time()
            dialogue.matcher.rank(reading, boosts)
            spent += time.process_time() - started
        ranking.append(spent / len(texts))
    print("CPU per message, in this process")
    _summary("first message (describe+rank+reply)", first)
    _summary("ranking alone", ranking)


def _process_cpu(argv: list[str], root: Path, stdin: str) -> float:
    """User + system CPU seconds of one run of ``argv`` (with ``root`` first on the path)."""
    # bytecode is written as a normal install has it (a checkout without it pays ~50 ms a run)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(root)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=stdin, text=True, env=env, cwd=root, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def processes(root: Path, runs: int) -> None:
    script = Path(sys.executable).with_name("rulingbot")
    rulingbot = [str(script)] if script.exists() else [sys.executable, "-m", "bot"]
    commands = {
        "ask": ([*rulingbot, "ask", ASK], ""),
        "chat --jsonl (a whole incident)": ([*rulingbot, "chat", "--jsonl"], INCIDENT),
    }
    print(f"Process CPU (user + system, knowledge cache warm, {runs} runs each, interleaved)")
    spent: dict[str, list[float]] = {name: [] for name in commands}
    for argv, stdin in commands.values():
        _process_cpu(argv, root, stdin)  # fill the knowledge cache
    for _ in range(runs):
        for name, (argv, stdin) in commands.items():
            spent[name].append(_process_cpu(argv, root, stdin))
    for name, seconds in spent.items():
        print(
            f"  {name:34} min {min(seconds) * 1000:6.1f} ms   "
            f"median {statistics.median(seconds) * 1000:6.1f} ms"
        )


def top_three(root: Path) -> dict[str, list[list[object]]]:
    """The top three of the ranking of every set story and of every alias as a description."""
    from bot.dialogue.engine import Dialogue
    from bot.knowledge import load
    from bot.render import Renderer

    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    texts = _set_stories(root)
    for topic in dialogue.matcher.topics:
        texts.extend((topic.title, *topic.aliases))
    return {
        text: [[m.topic.id, m.score, m.evidence] for m in dialogue.rank(text)[:3]]
        for text in dict.fromkeys(texts)
    }


def record_or_compare(root: Path, record: Path | None, compare: Path | None) -> None:
    ranked = top_three(root)
    if record is not None:
        record.write_text(json.dumps(ranked, indent=0, ensure_ascii=False), "utf-8")
        print(f"recorded the top three of {len(ranked)} descriptions in {record}")
    if compare is not None:
        before = json.loads(compare.read_text("utf-8"))
        differ = [t for t in before if t in ranked and ranked[t] != before[t]]
        missing = [t for t in before if t not in ranked]
        for text in differ:
            print(f"  differs: {text!r}\n    before {before[text]}\n    now    {ranked[text]}")
        print(
            f"top three compared for {len(before) - len(missing)} descriptions: "
            f"{len(differ)} differ ({len(missing)} recorded texts no longer told)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--asks", type=int, default=9, help="runs of each process (0: none)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--record", type=Path, help="write the top three of each ranking")
    parser.add_argument("--compare", type=Path, help="compare with a --record file")
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    if args.record or args.compare:
        record_or_compare(root, args.record, args.compare)
        return
    engine(root, args.rounds)
    if args.asks:
        processes(root, args.asks)


if __name__ == "__main__":
    main()
