"""Where the KB lives: ``--home``, else ``$KB_HOME``, else the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path


def resolve_home(option: str | None) -> Path:
    if option:
        return Path(option).expanduser()
    if os.environ.get("KB_HOME"):
        return Path(os.environ["KB_HOME"]).expanduser()
    return user_data_path("kb", appauthor=False)
