"""The aligner's worker processes, and Ctrl-C.

Ctrl-C at a terminal reaches every process of the foreground group.  Workers that took it
printed their tracebacks; a worker started but not yet known to the executor when kb took it
was never told to stop (an orphan, and a shutdown waiting for it); killing workers
(``Pool.terminate``) hung a build on a half-fed queue (session 30).  So here only kb takes
Ctrl-C: the workers never see SIGINT, no Ctrl-C lands while they are being started, and on any
exit the tasks not started are cancelled, the running ones finish, and every worker ends and
is waited for.  Nothing is killed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R")


def mapped(function: Callable[[_T], _R], tasks: Sequence[_T], workers: int,
           initializer: Callable[..., object] | None = None, initargs: tuple[object, ...] = ()) -> list[_R]:
    """``function`` of every task, in order, computed in ``workers`` processes (``initializer``
    run once in each, as :class:`ProcessPoolExecutor`'s)."""
    # forkserver: never fork a process that may run threads (the progress bar)
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                               initargs=(initializer, initargs))
    futures: list[Future[_R]] = []
    try:
        with interrupt_held():  # the workers are started here, by the first submits
            futures = [pool.submit(function, task) for task in tasks]
        return [future.result() for future in futures]  # Ctrl-C lands here, while waiting
    except KeyboardInterrupt:
        _say_waiting(sum(future.running() for future in futures))
        raise
    finally:
        with interrupt_held():
            pool.shutdown(wait=True, cancel_futures=True)


def _say_waiting(running: int) -> None:
    """Tell, at once, why an interrupted kb is still running: the tasks under way finish first
    (an edition takes its worker 8-15 s), and kb said nothing until then.  Written straight
    to the stream: a progress bar may be holding Python's."""
    if running:
        tasks = "task" if running == 1 else "tasks"
        os.write(2, f"\nkb: stopping after the {running} {tasks} under way (a few seconds)\n".encode())


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[object, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # kb itself takes Ctrl-C and stops its workers
    if initializer is not None:
        initializer(*initargs)


@contextmanager
def interrupt_held() -> Iterator[None]:
    """Ctrl-C held until the block ends, then taken as it would have been.  SIGINT is also
    blocked meanwhile: the forkserver started in the block, and so every worker it forks,
    inherits that (a blocked signal stays blocked across fork and exec) and never takes it."""
    if threading.current_thread() is not threading.main_thread():  # signals go to the main thread
        yield
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, previous)
        if held:
            signal.raise_signal(signal.SIGINT)
