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
        self.fixed: dict[str, str] = {}
        """The sentences that take nothing (a button's label, a placeholder): the same each
        time, rendered once (a group's every reply carries one)."""

    def __call__(self, template: str, /, **context: Any) -> str:
        if not context and template in self.fixed:
            return self.fixed[template]
        macro = getattr(self.module, template, None)
        if macro is None:
            raise LookupError(f"templates/telegram.j2 has no macro {template!r}")
        text = _LINES.sub(" ", str(macro(**context))).strip()
        if not context:
            self.fixed[template] = text
        return text


_LINES = re.compile(r"\s*\n\s*")
