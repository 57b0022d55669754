"""How often a ``kb`` process collects garbage.  Python looks for reference cycles every 700
container allocations, and at times through every object alive; a fresh ``kb search`` allocates
hundreds of thousands (the lexicons, the index's tables) and frees them only at exit, so it
collected a hundred times or more, once or twice through everything, and freed nothing.  A
one-shot command collects its young objects every :data:`YOUNG` allocations instead (the older
generations as Python does); a server, which runs for days, collects as Python does."""

import gc

#: The thresholds the interpreter started with (:func:`usual` restores them).
USUAL = gc.get_threshold()
#: Measured (session 54; collections and their time by ``gc.callbacks``, a fresh ``kb search`` on
#: bench_search's KB): Python's 700 -> "标识色" 105 young and 9 middle collections, 11 ms; "damage" 98
#: and 9, 9 ms; "deathtouch trample" 108, 10 and a full one, 25 ms; 死触和践踏 128, 11 and 1, 23 ms; at
#: 50,000, one young collection of 10-16 ms; at 200,000 none.  The whole process (fifteen runs each, in
#: turn, /tmp script): medians 标识色 214 -> 216 ms, damage 191 -> 187, deathtouch trample 229 -> 217,
#: 死触和践踏 258 -> 240 in a steady minute, and within the machine's swings (±50 ms) in a slow one; its
#: memory the same (49.4 MB).  ``kb build`` of the embedded corpus, three each in turn: 5.99-6.06 s ->
#: 5.65-5.83 s, its peak memory 246-259 MB -> 257-269 MB.
YOUNG = 200_000


def seldom() -> None:
    """Collect young objects every :data:`YOUNG` allocations: for a process that exits soon."""
    gc.set_threshold(YOUNG, *USUAL[1:])


def usual() -> None:
    """Collect as the interpreter does: for a process that runs on (``kb serve``)."""
    gc.set_threshold(*USUAL)
