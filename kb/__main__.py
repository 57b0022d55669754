"""``kb`` and ``python -m kb``.  Interrupted, it ends with ``os._exit(130)``: once KeyboardInterrupt
has cut an import short, the interpreter's own exit may end killed by SIGINT (-2) though the
interrupt was handled (2-4 in 40 early interrupts, none with ``os._exit``); by then kb has
cleaned up what it made (workers, temp files) and nothing else is left to do."""

import os
import sys


def run() -> None:
    """The command line's entry point (``[project.scripts]``), as ``python -m kb``.  The patterns the
    last ``kb`` compiled are made from their code before any module compiles them, and kept at exit
    (:mod:`kb.core.recode`); garbage is collected seldom (:mod:`kb.core.collecting`)."""
    import atexit

    from kb.core import collecting, recode

    collecting.seldom()

    recode.warm()
    atexit.register(recode.keep)
    try:
        from kb.cli import main
    except KeyboardInterrupt:  # Ctrl-C while kb was starting
        print("kb: interrupted", file=sys.stderr)
        code = 130
    else:
        code = main()
    if code == 130:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
