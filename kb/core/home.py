"""Where the KB lives: ``--home``, else ``$KB_HOME``, else the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path


def resolve_home(option: str | None) -> Path:
    if option:
        return Path(option).expanduser()
    if os.environ.get("KB_HOME"):
        return Path(os.environ["KB_HOME"]).expanduser()
    from platformdirs import user_data_path  # lazy: 6 ms of a fresh `kb search`, unused with a home given

    return user_data_path("kb", appauthor=False)
