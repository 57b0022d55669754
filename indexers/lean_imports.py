"""whoosh imported without the modules it loads for a function a search never calls.

``whoosh.compat`` (imported by every whoosh module) imports ``urllib.request`` for
``urlretrieve``, and with it ``http.client``, ``email`` and ``ssl``, and ``html`` (its
entity tables: 3 ms) for ``htmlescape``; ``whoosh.query`` imports ``whoosh.lang.morph_en``
(hundreds of regular expressions compiled at import) for the ``Variations`` query.  kb
never downloads through whoosh, builds that query nor has whoosh write HTML, yet a fresh
``kb search`` paid for them: 20–26 ms of its 0.3 s budget for the first two (``python -X
importtime -m kb search damage``, the least of seven runs, session 5).

:func:`load` imports whoosh with a stand-in module for each of them in ``sys.modules``
for the time of that import only.  The stand-in's function imports the real module
when first called, so ``whoosh.compat.urlretrieve`` and ``Variations`` still work; any
later ``import urllib.request`` gets the real module.  Imported by :mod:`indexers` (its
``__init__``) before any of its modules imports whoosh.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any

#: module -> the names whoosh imports from it at load time (and only calls later).
DEFERRED: dict[str, tuple[str, ...]] = {
    "urllib.request": ("urlretrieve",),
    "whoosh.lang.morph_en": ("variations",),
    "html": ("escape",),
}
#: What :func:`load` imports with the stand-ins in place (every whoosh module that
#: imports one of them at load time, and whoosh.compat first of all).
WHOOSH = ("whoosh.compat", "whoosh.query")


def _deferred(module: str, name: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    call.__qualname__ = f"deferred {module}.{name}"
    return call


def stand_in(module: str, names: tuple[str, ...]) -> types.ModuleType:
    """A module holding, for each of ``names``, a function that calls the real one."""
    found = types.ModuleType(module, f"stand-in for {module} while whoosh is imported (see {__name__})")
    for name in names:
        setattr(found, name, _deferred(module, name))
    return found


def load() -> None:
    """Import whoosh's core modules, the :data:`DEFERRED` ones stood in for."""
    if all(name in sys.modules for name in WHOOSH):
        return
    placed = {module: stand_in(module, names) for module, names in DEFERRED.items() if module not in sys.modules}
    sys.modules.update(placed)
    try:
        for name in WHOOSH:
            importlib.import_module(name)
    finally:
        for module, placeholder in placed.items():
            if sys.modules.get(module) is placeholder:
                del sys.modules[module]
