"""The Telegram-only sentences, from ``templates/telegram.j2`` (HTML, autoescaped)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jinja2

from bot.render import DEFAULT_TEMPLATES


class Texts:
    def __init__(self, templates: Path | None = None) -> None:
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates or DEFAULT_TEMPLATES)),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.module = env.get_template("telegram.j2").module

    def __call__(self, template: str, /, **context: Any) -> str:
        macro = getattr(self.module, template, None)
        if macro is None:
            raise LookupError(f"templates/telegram.j2 has no macro {template!r}")
        return re.sub(r"\s*\n\s*", " ", str(macro(**context))).strip()
