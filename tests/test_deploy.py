"""What can be checked here of the deployment files is checked."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib

import pytest
import yaml

from conftest import ROOT

DEPLOY = ROOT / "deploy"


def test_compose_file_parses_and_keeps_the_database_in_a_volume() -> None:
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text(encoding="utf-8"))
    service = compose["services"]["rulingbot"]
    assert service["build"]["dockerfile"] == "deploy/Dockerfile"
    assert any(v.endswith(":/data") for v in service["volumes"])
    assert service["environment"]["RULINGBOT_DB"].startswith("/data/")
    assert "rulingbot-data" in compose["volumes"]


def test_dockerfile_runs_the_package_entry_point_as_non_root() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"rulingbot": "bot.cli:main"}
    assert 'ENTRYPOINT ["rulingbot"]' in dockerfile
    assert 'CMD ["serve"]' in dockerfile
    assert re.search(r"^USER rulingbot$", dockerfile, re.M)
    assert 'CMD ["rulingbot", "health"]' in dockerfile
    for folder in ("bot", "knowledge", "templates"):
        assert f"COPY {folder} ./{folder}" in dockerfile
    from bot.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"serve", "health"} <= set(commands)


def test_env_example_names_every_setting_the_bot_reads() -> None:
    example = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    for name in (
        "TELEGRAM_BOT_TOKEN",
        "TELEGRAM_BOT_TOKEN_FILE",
        "TELEGRAM_API_BASE_URL",
        "RULINGBOT_DB",
        "RULINGBOT_WEBHOOK_SECRET",
        "RULINGBOT_LOG_LEVEL",
    ):
        assert name in example
    assert re.search(r"^TELEGRAM_BOT_TOKEN=$", example, re.M)  # no real token shipped


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_unit_verifies(tmp_path) -> None:  # type: ignore[no-untyped-def]
    unit = (DEPLOY / "rulingbot.service").read_text(encoding="utf-8")
    assert "NoNewPrivileges=yes" in unit and "ProtectSystem=strict" in unit
    executable = shutil.which("rulingbot") or str(ROOT / ".venv" / "bin" / "rulingbot")
    local = tmp_path / "rulingbot.service"
    local.write_text(unit.replace("/opt/rulingbot/bin/rulingbot", executable), encoding="utf-8")
    result = subprocess.run(
        ["systemd-analyze", "verify", str(local)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_health_command_checks_knowledge_and_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "bot", "health", "--db", str(tmp_path / "h.sqlite3")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    # no bot runs on it, so not healthy (issue 15); but knowledge and database were checked
    assert result.returncode == 1 and "no bot is running" in result.stderr
    assert "the database itself is usable" in result.stderr


def test_the_unit_stops_retrying_on_faults_a_restart_cannot_fix_and_allows_a_clean_stop() -> None:
    from bot.telegram.errors import EXIT_CONFIG, EXIT_DATABASE, EXIT_RUNNING

    unit = (DEPLOY / "rulingbot.service").read_text(encoding="utf-8")
    prevented = re.search(r"^RestartPreventExitStatus=(.+)$", unit, re.M)
    assert prevented is not None
    assert {int(c) for c in prevented.group(1).split()} == {
        EXIT_CONFIG,
        EXIT_DATABASE,
        EXIT_RUNNING,
    }
    stop = re.search(r"^TimeoutStopSec=(\d+)$", unit, re.M)
    assert stop is not None and int(stop.group(1)) >= 10
    assert "--secret-token" not in unit


def test_compose_gives_the_stop_time_and_keeps_secrets_off_the_command_line() -> None:
    text = (DEPLOY / "docker-compose.yml").read_text(encoding="utf-8")
    service = yaml.safe_load(text)["services"]["rulingbot"]
    assert service["stop_grace_period"] in ("15s", "20s", "30s")
    assert "--secret-token" not in text and "RULINGBOT_WEBHOOK_SECRET_FILE" in text


def test_secrets_and_databases_stay_out_of_git_and_the_image() -> None:
    ignored = subprocess.run(
        ["git", "check-ignore", "deploy/.env", "deploy/webhook-secret", "data.sqlite3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ignored.stdout.split() == ["deploy/.env", "deploy/webhook-secret", "data.sqlite3"]
    docker_ignore = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    for pattern in (".git", ".venv", "deploy/.env", "*.sqlite3", "tests"):
        assert pattern in docker_ignore


def test_the_guide_walks_a_volunteer_through_every_step_with_real_commands() -> None:
    from bot.cli import build_parser
    from bot.telegram.store import Retention

    guide = (DEPLOY / "README.md").read_text(encoding="utf-8")
    for step in (
        "sudo apt install -y",
        "ppa:deadsnakes/ppa",
        "systemctl enable --now rulingbot",
        "rulingbot health",
        "/help",
        "rulingbot backup",
        "rulingbot restore",
        "RULINGBOT_WEBHOOK_SECRET_FILE",
        "git pull",
    ):
        assert step in guide, step
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    used = set(re.findall(r"bin/rulingbot (\w+)|rulingbot (\w+) --db", guide))
    assert {a or b for a, b in used} <= set(commands)
    assert "--secret-token" not in guide
    defaults = Retention()
    for days, name in (
        (defaults.conversations, "RULINGBOT_KEEP_CONVERSATIONS_DAYS"),
        (defaults.ruling_text, "RULINGBOT_KEEP_RULING_TEXT_DAYS"),
        (defaults.rulings, "RULINGBOT_KEEP_RULINGS_DAYS"),
    ):
        assert re.search(rf"\| {int(days)} days \| `{name}` \|", guide), name


# -- issue 15 item 15: Docker secrets, log rotation, licence and changelog ---------------------


def _image_uid() -> str:
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    found = re.search(r"useradd [^\n]*--uid (\d+) rulingbot", dockerfile)
    assert found is not None
    return found.group(1)


def test_the_secret_file_instructions_give_it_to_the_image_user() -> None:
    """Compose mounts a secret file with its owner and mode from the host: a chmod 600 file of
    the host's user is unreadable by the image's user, and the bot restarted for ever."""
    uid = _image_uid()
    for text in (
        (DEPLOY / "docker-compose.yml").read_text(encoding="utf-8"),
        (DEPLOY / "README.md").read_text(encoding="utf-8").split("## 8.", 1)[1],
    ):
        made = re.search(r"openssl rand -hex 32 > (deploy/webhook-secret)", text)
        assert made is not None
        given = re.search(rf"chown {uid}(:{uid})? {made.group(1)}", text)
        assert given is not None, "the secret file must belong to the image's user"
        mode = re.search(rf"chmod (\d+) {made.group(1)}", text)
        assert mode is not None and int(mode.group(1)[1:], 8) == 0  # readable by that user alone
    assert uid in (DEPLOY / ".env.example").read_text(encoding="utf-8")  # token file too


def test_compose_rotates_the_container_log() -> None:
    service = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text(encoding="utf-8"))
    logging = service["services"]["rulingbot"]["logging"]
    assert logging["driver"] in ("json-file", "local")
    size = re.fullmatch(r"(\d+)([km])", logging["options"]["max-size"])
    assert size is not None and int(logging["options"]["max-file"]) >= 2


def test_a_licence_and_a_changelog_ship_with_the_code() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in licence
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {config['project']['version']}" in changelog
