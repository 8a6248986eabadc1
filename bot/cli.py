"""``rulingbot``: the command line (chat, ask, law, score, check, serve, log, run).

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
from typing import TYPE_CHECKING, Any

from bot.knowledge import KnowledgeError, load

if TYPE_CHECKING:
    from bot.dialogue.engine import Dialogue

ASK_LIMIT = 5
LOG_LEVEL_ENV = "RULINGBOT_LOG_LEVEL"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
RETRY_NOISE = "telegram.request.BaseRequest"
"""python-telegram-bot logs an ERROR with the whole body for every reply it cannot parse (a
proxy's 502 page), once per retry; the poller and sender already report such failures."""


class _Version(argparse.Action):
    """``--version``: looked up only when asked (reading package metadata slows every start)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print rulingbot's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"rulingbot {version()}")
        parser.exit()


def version() -> str:
    """The installed distribution's version (pyproject.toml is its one source)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("rulingbot")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def log_level() -> int | None:
    """``$RULINGBOT_LOG_LEVEL`` as a logging level (default INFO); None if it is not one."""
    import logging  # here, not at the top: one-message commands never log (~3 ms less)

    name = os.environ.get(LOG_LEVEL_ENV, "").strip().upper() or "INFO"
    return getattr(logging, name) if name in LOG_LEVELS else None


def set_log_level(level: int) -> None:
    """The bot's and the Telegram library's loggers at ``level``; the library's per-retry
    parse errors only when debugging."""
    import logging

    for name in ("bot", "telegram"):
        logging.getLogger(name).setLevel(level)
    logging.getLogger(RETRY_NOISE).setLevel(
        logging.DEBUG if level <= logging.DEBUG else logging.CRITICAL + 1
    )


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
    from bot.check import check, readings

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
    open_points = readings(knowledge)
    if open_points:
        count = len(open_points)
        print(f"Rules resting on a reading the Laws leave open ({count}; the ruling says so):")
        for line in open_points:
            print(f"  {line}")
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
    level = log_level()
    if level is None:
        print(
            f"rulingbot serve: {LOG_LEVEL_ENV} must be one of {', '.join(LOG_LEVELS)}, "
            f"not {os.environ[LOG_LEVEL_ENV]!r}",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    set_log_level(level)
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


def _database_operation(name: str, args: argparse.Namespace, **options: Any) -> int:
    """Backup or restore of the configured database; a refusal is one line, not a traceback."""
    from bot.telegram.operations import OperationError, backup, restore

    operation: Any = {"backup": backup, "restore": restore}[name]
    try:
        print(operation(Path(args.db) if args.db else None, Path(args.path), **options))
    except OperationError as error:
        print(f"rulingbot {name}: {error}", file=sys.stderr)
        return error.code
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """A consistent copy of the database, taken while the bot runs."""
    import shlex

    from bot.telegram.errors import EXIT_CONFIG

    folder = Path(args.path).absolute().parent
    if not folder.is_dir():
        print(
            f"rulingbot backup: the folder {folder} does not exist; "
            f"create it first (mkdir -p {shlex.quote(str(folder))})",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    return _database_operation("backup", args)


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup in place of the database (the bot must be stopped)."""
    ask = _yes if sys.stdin.isatty() else None
    return _database_operation("restore", args, send_queued=args.send_queued or None, ask=ask)


def _yes(question: str) -> bool:
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def cmd_log(args: argparse.Namespace) -> int:
    """The rulings given in one chat (the club's records): plain lines, or CSV with --csv."""
    from bot.telegram import ruling_log
    from bot.telegram.store import Store, StoreError, default_db_path

    knowledge = load()
    try:
        store = Store(Path(args.db) if args.db else default_db_path())
    except StoreError as error:
        print(f"rulingbot log: {error}", file=sys.stderr)
        return 1
    try:
        rows = store.rulings(chat_id=args.chat, limit=args.limit or -1)
    finally:
        store.close()
    entries = [ruling_log.entry(row, knowledge) for row in rows]
    if args.csv:
        sys.stdout.write(ruling_log.csv_text(entries))
        return 0
    if not entries:
        print(f"rulingbot log: no rulings kept for chat {args.chat}", file=sys.stderr)
    for item in entries:
        laws = ", ".join(item.laws)
        print(
            f"{item.when:%Y-%m-%d %H:%M}  {item.asker or '-'}  {item.topic}: "
            f"{item.headline or '(text no longer kept)'}  (Law {laws})"
        )
    return 0


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
    parser.add_argument("--version", action=_Version)
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
    res.add_argument(
        "--send-queued",
        action="store_true",
        help="send the replies the backup still had to send (asked at a terminal; else set aside)",
    )
    res.set_defaults(func=cmd_restore)
    log = sub.add_parser("log", help="the rulings given in one chat (--csv for a spreadsheet)")
    log.add_argument(
        "--chat", type=int, required=True, help="the chat's id (a group's is negative)"
    )
    log.add_argument("--csv", action="store_true", help="CSV: date, asker, topic, headline, laws")
    log.add_argument("--limit", type=int, default=0, help="only the latest N rulings")
    log.set_defaults(func=cmd_log)
    for needs_db in (srv, health, bak, res, log):
        needs_db.add_argument("--db", help="SQLite file (default: $RULINGBOT_DB or per-user dir)")
    run = sub.add_parser("run", help="Telegram if a token is set, else the console chat")
    run.set_defaults(func=cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.func is cmd_score and not any(e.startswith("--") for e in extra):
        args.request += extra  # `score 6C by N --vul ns made 6`: words after an option
    elif extra:
        parser.error("unrecognized arguments: " + " ".join(extra))
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
