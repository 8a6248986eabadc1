"""Record every reply the bot gives to the labelled stories, or compare them with a record.

A speed-up must change no reply a user sees. Each story of the knowledge's examples
(play, information, auction, short) is told to the served bot's dialogue (HTML, as
Telegram shows it) in a fresh conversation, then its first choice is pressed until no
question is left (at most ``STEPS`` presses); every reply (type, text, choices, topic,
citations) is written down, with every law look-up the benchmark's group asks for.
``--compare`` says which stories now get other replies (none, for a pure speed-up).

Usage: python scripts/replies_unchanged.py --record FILE [--root CHECKOUT]
       python scripts/replies_unchanged.py --compare FILE [--root CHECKOUT]
``--root`` reads another checkout's bot (e.g. an unpacked ``git archive`` of an older commit);
the stories are always this script's checkout's, so both sides hear the same texts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parents[1]
AREAS = ("play", "information", "auction", "short")
STEPS = 8
"""Presses per story at most: enough to reach the ruling of nearly every topic."""
LAWS = 93


def stories() -> list[str]:
    """The labelled stories' texts, as this script's checkout has them."""
    texts: list[str] = []
    for area in AREAS:
        for path in sorted((HERE / "knowledge").glob(f"*/examples/{area}.yaml")):
            texts.extend(str(item["text"]) for item in yaml.safe_load(path.read_text("utf-8")))
    return texts


def replies(root: Path) -> dict[str, list[list[dict[str, Any]]]]:
    """Per message told (a story, or a law look-up): the replies of each step."""
    sys.path.insert(0, str(root))
    from bot.dialogue.engine import Conversation
    from bot.telegram.runner import make_dialogue

    dialogue = make_dialogue()
    out: dict[str, list[list[dict[str, Any]]]] = {}
    for number in range(1, LAWS + 1):
        text = f"law {number}"
        out[text] = [[turn.to_json() for turn in dialogue.handle(Conversation(), text)]]
    for text in stories():
        conversation = Conversation()
        steps = [[turn.to_json() for turn in dialogue.handle(conversation, text)]]
        while conversation.pending is not None and len(steps) <= STEPS:
            choices = dialogue.pending_choices(conversation)
            if not choices:
                break
            pressed = dialogue.press(conversation, conversation.asked, choices[0].id)
            steps.append([turn.to_json() for turn in pressed or []])
        out.setdefault(text, steps)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=HERE, help="checkout whose bot replies")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", type=Path, help="write the replies to this file")
    mode.add_argument("--compare", type=Path, help="compare the replies with this file")
    args = parser.parse_args()
    found = replies(args.root.resolve())
    if args.record:
        args.record.write_text(json.dumps(found, ensure_ascii=False, sort_keys=True))
        print(f"{len(found)} messages recorded ({sum(len(s) for s in found.values())} steps)")
        return 0
    before = json.loads(args.compare.read_text())
    changed = [text for text in before.keys() | found.keys() if before.get(text) != found.get(text)]
    print(f"{len(found)} messages told; {len(changed)} got other replies than recorded")
    for text in changed[:5]:
        print(f"  {text[:100]!r}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
