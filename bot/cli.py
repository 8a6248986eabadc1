"""``rulingbot``: the command line (chat, ask, law, score, check, run).

Every sub-command loads the same knowledge and dialogue engine; knowledge
problems are reported plainly (file and key), never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.knowledge import KnowledgeError, load

if TYPE_CHECKING:
    from bot.dialogue.engine import Dialogue

ASK_LIMIT = 5


def _dialogue() -> Dialogue:
    """Imported here: a command that needs no dialogue (law, check, health, serve's
    Telegram side) should not pay for importing it."""
    from bot.dialogue.engine import Dialogue
    from bot.render import Renderer

    knowledge = load()
    return Dialogue(knowledge, Renderer(knowledge))


def cmd_chat(args: argparse.Namespace) -> int:
    from bot.console import run_chat, run_jsonl, utf8_console

    dialogue = _dialogue()
    preferences = {
        "jurisdiction": getattr(args, "jurisdiction", "WBF"),
        "style": getattr(args, "style", "player"),
    }
    if args.jsonl:
        return run_jsonl(dialogue, sys.stdin.buffer, sys.stdout.buffer, **preferences)
    stdin, stdout = utf8_console()
    return run_chat(dialogue, stdin, stdout, **preferences)


def cmd_ask(args: argparse.Namespace) -> int:
    dialogue = _dialogue()
    text = " ".join(args.text)
    ranked = dialogue.rank(text)[:ASK_LIMIT]
    if args.json:
        matches = [
            {
                "topic": m.topic.id,
                "title": m.topic.title,
                "laws": list(m.topic.laws),
                "score": m.score,
            }
            for m in ranked
        ]
        print(json.dumps({"query": text, "matches": matches}, ensure_ascii=False))
    else:
        for m in ranked:
            print(f"{m.score:5.1f}  {m.topic.id:28} {m.topic.title}")
    return 0


def cmd_law(args: argparse.Namespace) -> int:
    """A law or subsection, typed any way ("27b1a", "64 B", "law 27"); none: how to use it."""
    from bot.dialogue import law_refs
    from bot.render import Renderer

    knowledge = load()
    typed = " ".join(args.ref)
    asked = law_refs.law_request(typed)
    name, context = law_refs.lookup(knowledge, typed if asked is None else asked)
    print(Renderer(knowledge).message(name, "text", **context))
    return 1 if name == "law_unknown" else 0


def cmd_score(args: argparse.Namespace) -> int:
    """The duplicate score (Law 77) of a contract and the tricks taken, in words."""
    from bot.dialogue.scoring import score_reply
    from bot.render import Renderer

    knowledge = load()
    typed = " ".join(args.request)
    if args.vul:
        typed += f" --vul {args.vul}"
    name, context = score_reply(typed)
    out = sys.stdout if name == "score_result" else sys.stderr
    print(Renderer(knowledge).message(name, "text", **context), file=out)
    return 0 if name == "score_result" else 2


def cmd_chart(args: argparse.Namespace) -> int:
    """A topic's decision rules as a flowchart: Mermaid text, or SVG/PNG through Graphviz."""
    from bot import charts

    knowledge = load()
    if args.docs:
        folder = Path(args.docs)
        folder.mkdir(parents=True, exist_ok=True)
        pages = charts.docs_pages(knowledge)
        for name, text in pages.items():
            (folder / name).write_text(text, encoding="utf-8")
        for stale in set(p.name for p in folder.glob("*.md")) - set(pages):
            (folder / stale).unlink()
        print(f"rulingbot chart: wrote {len(pages)} pages to {folder}")
        return 0
    topic = charts.find_topic(knowledge, " ".join(args.topic))
    if topic is None:
        named = " ".join(args.topic)
        print(
            (f"rulingbot chart: no topic {named!r}. " if named else "rulingbot chart: ")
            + "name one of: "
            + ", ".join(knowledge.topics),
            file=sys.stderr,
        )
        return 2
    chart = charts.flowchart(knowledge, topic.id)
    if args.output is None:
        print(chart.mermaid(), end="")
        return 0
    out = Path(args.output)
    suffix = out.suffix.lower()
    if suffix in (".svg", ".png"):
        drawn = charts.render(knowledge, topic.id, "svg" if suffix == ".svg" else "png")
        if drawn is None:
            print(
                "rulingbot chart: drawing needs Graphviz's dot (Debian/Ubuntu: sudo apt install "
                "graphviz); without it, write Mermaid text (-o chart.md or .mmd).",
                file=sys.stderr,
            )
            return 1
        out.write_bytes(drawn)
    else:
        text = {".md": chart.markdown(), ".dot": chart.dot()}.get(suffix, chart.mermaid())
        out.write_text(text, encoding="utf-8")
    print(f"rulingbot chart: wrote {out}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from bot.check import check

    knowledge = load(validate=True)
    report = check(knowledge)
    if not report.ok:
        print(f"rulingbot check: {len(report.problems)} problem(s):", file=sys.stderr)
        for problem in report.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    topics = len(knowledge.topics)
    print(
        f"rulingbot check: OK - {knowledge.edition.name}: {len(knowledge.laws.laws)} laws, "
        f"{topics} topics, {len(report.leaves)} paths, each ending in a ruling "
        "with valid citations."
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The Telegram bot: long polling, or a webhook with --webhook URL."""
    from bot.telegram.app import Config
    from bot.telegram.errors import EXIT_CONFIG, StartupError
    from bot.telegram.runner import WebhookOptions, serve

    if getattr(args, "secret_token", None):
        print(
            "rulingbot serve: --secret-token is not accepted (other users can read a command "
            "line); set RULINGBOT_WEBHOOK_SECRET or RULINGBOT_WEBHOOK_SECRET_FILE",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    webhook = WebhookOptions(args.webhook, args.listen, args.port) if args.webhook else None
    try:
        serve(Config.from_env(Path(args.db) if args.db else None), webhook)
    except StartupError as error:
        print(f"rulingbot serve: {error}", file=sys.stderr)
        return error.code
    return 0


def cmd_health(args: argparse.Namespace) -> int:
    """Exit 0 only if updates would be handled: knowledge, database, no stuck work."""
    from bot.telegram.operations import health

    load()
    ok, lines = health(Path(args.db) if args.db else None, deep=args.deep)
    for line in lines:
        print(f"rulingbot: {line}", file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def _database_operation(name: str, args: argparse.Namespace) -> int:
    """Backup or restore of the configured database; a refusal is one line, not a traceback."""
    from bot.telegram.operations import OperationError, backup, restore

    operation = {"backup": backup, "restore": restore}[name]
    try:
        print(operation(Path(args.db) if args.db else None, Path(args.path)))
    except OperationError as error:
        print(f"rulingbot {name}: {error}", file=sys.stderr)
        return error.code
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """A consistent copy of the database, taken while the bot runs."""
    return _database_operation("backup", args)


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup in place of the database (the bot must be stopped)."""
    return _database_operation("restore", args)


def cmd_run(args: argparse.Namespace) -> int:
    """Telegram when a token is configured, otherwise the console chat."""
    if os.environ.get("TELEGRAM_BOT_TOKEN") or os.environ.get("TELEGRAM_BOT_TOKEN_FILE"):
        return cmd_serve(argparse.Namespace(db=None, webhook=None, listen="127.0.0.1", port=8443))
    return cmd_chat(argparse.Namespace(jsonl=False))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulingbot",
        description="Duplicate-bridge rulings in plain English, with the Law cited.",
    )
    sub = parser.add_subparsers(dest="command")
    chat = sub.add_parser("chat", help="talk to the bot in the console")
    chat.add_argument("--jsonl", action="store_true", help="machine protocol on stdin/stdout")
    chat.add_argument(
        "--jurisdiction",
        choices=("WBF", "EBU", "ACBL"),
        default="WBF",
        help="whose regulations the rulings mention (default WBF)",
    )
    chat.add_argument(
        "--style",
        choices=("player", "director"),
        default="player",
        help="director style leaves out the facts list and the reminder",
    )
    chat.set_defaults(func=cmd_chat)
    ask = sub.add_parser("ask", help="which topics match a description")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.add_argument("text", nargs="+")
    ask.set_defaults(func=cmd_ask)
    law = sub.add_parser("law", help="plain-English summary of a law or subsection")
    law.add_argument("ref", nargs="*", help="e.g. 27, 27B1, 27b1a, '64 B'")
    law.set_defaults(func=cmd_law)
    score = sub.add_parser("score", help="the duplicate score of a contract (Law 77)")
    score.add_argument(
        "request", nargs="*", help="e.g. 4S N 10, 4SX by N vul 8, 3NT+1 nv, 4Hx-3 --vul both"
    )
    score.add_argument(
        "--vul",
        type=str.lower,
        choices=("ns", "ew", "both", "none"),
        help="which side is vulnerable (default: show both results)",
    )
    score.set_defaults(func=cmd_score)
    chart = sub.add_parser("chart", help="a topic's decision rules as a flowchart")
    chart.add_argument("topic", nargs="*", help="topic id, e.g. insufficient_bid")
    chart.add_argument(
        "-o", "--output", help="write to a file: .svg or .png (needs Graphviz), .md, .mmd, .dot"
    )
    chart.add_argument("--docs", metavar="DIR", help="write every topic's page into DIR")
    chart.set_defaults(func=cmd_chart)
    chk = sub.add_parser("check", help="validate the knowledge and walk every path")
    chk.set_defaults(func=cmd_check)
    srv = sub.add_parser("serve", help="run the Telegram bot (long polling, or --webhook)")
    srv.add_argument("--webhook", metavar="URL", help="public HTTPS URL Telegram should post to")
    srv.add_argument("--listen", default="127.0.0.1", help="address the webhook server binds")
    srv.add_argument("--port", type=int, default=8443, help="port the webhook server binds")
    srv.add_argument("--secret-token", help=argparse.SUPPRESS)  # refused: see cmd_serve
    srv.set_defaults(func=cmd_serve)
    health = sub.add_parser("health", help="exit 0 if knowledge and database are usable")
    health.add_argument(
        "--deep", action="store_true", help="also read the whole database (slow on a big one)"
    )
    health.set_defaults(func=cmd_health)
    bak = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    bak.add_argument("path", help="file to write (must not exist yet)")
    bak.set_defaults(func=cmd_backup)
    res = sub.add_parser("restore", help="replace the database with a backup (bot stopped)")
    res.add_argument("path", help="a file written by 'rulingbot backup'")
    res.set_defaults(func=cmd_restore)
    for needs_db in (srv, health, bak, res):
        needs_db.add_argument("--db", help="SQLite file (default: $RULINGBOT_DB or per-user dir)")
    run = sub.add_parser("run", help="Telegram if a token is set, else the console chat")
    run.set_defaults(func=cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args = parser.parse_args(["chat"])
    try:
        result: int = args.func(args)
        return result
    except KnowledgeError as exc:
        print("rulingbot: the knowledge files have problems:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`rulingbot law 64 | head`): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
