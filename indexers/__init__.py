"""Search indexes built on the KB store (whoosh analysis chains per language).

The store (:mod:`kb.store.rules`) keeps every rule text with its language, edition and
identity, so an index is a pure function of the SQLite file.
"""

from indexers import lean_imports

lean_imports.load()  # whoosh without urllib.request and morph_en (see lean_imports), before any import of it

from indexers import inplace  # noqa: E402  (imports whoosh)

inplace.install()  # index segments read in place, not copied at every open (see inplace)
