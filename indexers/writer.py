"""A faster way to write the same whoosh index: the postings of a whole build in bulk.

whoosh writes a segment one posting at a time: every token goes through a chain of
Python generators (:mod:`indexers.analysis`), every posting through a pool that
sizes and checks it, and at commit every posting asks a column file on disk for its
document's field length.  For the 8,065 texts and 340,684 postings of the seeds and
EN + ZH 2026-04-17 that was 6.2 s of the 6.7 s an index took; this route takes 0.57 of
whoosh's time (``benchmarks/bench_search.py`` prints both).  It does the same work with
fewer steps and writes the same index:

* :func:`compile_chain` turns an analysis chain into one function of the text: the
  tokenizer's regular expression, then each word's folding, stop-word test and stem
  looked up in a per-language dictionary (a KB has a few thousand distinct words), then
  the CJK grams; the terms and positions are those of the chain (asserted over every
  indexed text of the default KB by ``tests/test_index_writer.py``);
* :class:`BulkWriter` gathers each term's postings as the documents come (in document
  order, so no sort of every posting), with the field lengths the codec would read back,
  and hands them to whoosh's own codec a block at a time at commit (the two writers'
  indexes are compared term for term by the same tests);
* at commit, :func:`_write_terms` writes each field's terms whole: the bytes whoosh's
  postings writer writes for them, without its object per term and call per posting
  (commit 1.66 -> 1.18 s on the same texts, ``tests/test_index_writer.py`` compares the
  files byte for byte).

The segment files are whoosh's (``W3Codec``); only the route to them is shorter.  A
chain holding a filter this module does not know is run as whoosh runs it.
"""

from __future__ import annotations

import re
import struct
from array import array
from collections.abc import Callable
from functools import partial
from pickle import dumps
from typing import Any

from whoosh.analysis import CompositeAnalyzer
from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC, W3PostingsWriter
from whoosh.fields import FieldType
from whoosh.formats import Frequency, Positions
from whoosh.system import pack_int, pack_long, pack_uint, pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.util.numlists import delta_encode
from whoosh.writing import SegmentWriter

from indexers.analysis import (
    _JOINED,
    _TOKEN,
    CJK,
    PT,
    CjkGrams,
    DiceNoun,
    NumberWords,
    RulesTokenizer,
    StopWords,
    _WordFilter,
    die_is_noun,
    gram,
    pt_term,
    stop_words,
)
from kb.core.rulenum import RuleNumber

#: A text's terms, each with its positions in order (what a chain yields, grouped by term).
Tokens = dict[str, list[int]]
Chain = Callable[[str], Tokens]


Word = Callable[[str], "str | None"]


def compile_words(analyzer: Any) -> tuple[dict[str, str | None], Word, Dice | None, Word] | None:
    """What ``analyzer`` (a :class:`RulesTokenizer` chain) makes of a word: a dictionary
    of the words seen (a word as written -> its term, None when dropped), the function
    filling it, its :class:`DiceNoun` read as :func:`_dice` reads it (None for a chain
    without one) and what it makes of a word joined by a hyphen to the next (``Two-Headed``:
    :class:`NumberWords` passes it); None for a chain this module does not know."""
    if not isinstance(analyzer, CompositeAnalyzer) or not isinstance(analyzer.items[0], RulesTokenizer):
        return None
    filters = analyzer.items[1:]
    if not filters or not isinstance(filters[-1], CjkGrams):
        return None
    steps: list[Callable[[str], str | None]] = []
    joined_steps: list[Callable[[str], str | None]] = []
    dice: Dice | None = None
    for item in filters[:-1]:
        if isinstance(item, StopWords):
            steps.append(_stopper(stop_words(item.lang)))
            joined_steps.append(steps[-1])
        elif isinstance(item, _WordFilter):
            steps.append(item.word)
            joined_steps.append(str if isinstance(item, NumberWords) else item.word)
        elif isinstance(item, DiceNoun) and all(isinstance(f, _WordFilter) for f in filters[: filters.index(item)]):
            dice = partial(_dice, _folding(list(steps)))
        else:
            return None
    words: dict[str, str | None] = {}

    def word(raw: str) -> str | None:
        words[raw] = text = _through(steps, raw)
        return text

    return words, word, dice, partial(_through, joined_steps)


def _through(steps: list[Callable[[str], str | None]], raw: str) -> str | None:
    text: str | None = raw
    for step in steps:
        text = step(text)  # type: ignore[arg-type]
        if text is None:
            break
    return text


def _term(words: dict[str, str | None], word: Word, joined: Word, value: str, match: re.Match[str]) -> str | None:
    """A word's term, as the chain's filters read it in its place in ``value``."""
    text = match.group()
    if _JOINED.match(value, match.end()):
        return joined(text)
    return words[text] if text in words else word(text)


#: A chain's :class:`DiceNoun`: (the text's tokens, the index of a word) -> whether it is the noun "die".
Dice = Callable[[list["re.Match[str]"], int], bool]


def _folding(steps: list[Callable[[str], str | None]]) -> Callable[[str], str]:
    """The word filters before a :class:`DiceNoun`, as one function (none of them drops a word)."""

    def fold(text: str) -> str:
        for step in steps:
            text = step(text) or text
        return text

    return fold


def _dice(fold: Callable[[str], str], matches: list[re.Match[str]], i: int) -> bool:
    """:class:`DiceNoun` over the tokenizer's matches: the word at ``i`` read as the noun "die"."""
    if matches[i].group().lower() != "die" and fold(matches[i].group()) != "die":
        return False

    def word(j: int) -> str:
        return fold(matches[j].group()) if 0 <= j < len(matches) and matches[j].lastgroup == "word" else ""

    return die_is_noun(word(i - 1), word(i + 1))


Spans = list[tuple[str, int, int]]


def compile_spans(analyzer: Any) -> Callable[[str], Spans] | None:
    """``analyzer`` as one function giving what ``analyzer(text, chars=True)`` gives
    but for the CJK grams: each term with its start and end character, in text order
    (what :func:`indexers.snippets.spans` highlights); None for a chain it does not know."""
    compiled = compile_words(analyzer)
    if compiled is None:
        return None
    words, word, dice, joined = compiled

    def chain(value: str) -> Spans:
        out: Spans = []
        matches = list(_TOKEN.finditer(value))
        for i, match in enumerate(matches):
            kind, text = match.lastgroup, match.group()
            if kind == "word":
                term = _term(words, word, joined, value, match)
                if term is None:
                    continue
                if term == "die" and dice is not None and dice(matches, i):
                    term = "dice"
            elif kind == CJK:
                continue
            else:
                term = _number(text) if kind == "number" else pt_term(text) if kind == PT else text
            out.append((term, match.start(), match.end()))
        return out

    return chain


def compile_chain(analyzer: Any) -> Chain | None:
    """``analyzer`` (a :class:`RulesTokenizer` chain) as one function giving the terms
    and positions it gives in index mode; None for a chain it does not know."""
    compiled = compile_words(analyzer)
    if compiled is None:
        return None
    words, word, dice, joined = compiled

    def chain(value: str) -> Tokens:
        out: Tokens = {}
        shift = 0  # positions taken by the grams of earlier CJK runs beyond their one token
        matches = list(_TOKEN.finditer(value))
        for pos, match in enumerate(matches):
            kind, text = match.lastgroup, match.group()
            if kind == "word":
                term = _term(words, word, joined, value, match)
                if term is None:
                    continue
                if term == "die" and dice is not None and dice(matches, pos):
                    term = "dice"
                found = out.get(term)
                if found is None:
                    out[term] = [pos + shift]
                else:
                    found.append(pos + shift)
            elif kind == CJK:
                at = pos + shift
                for i in range(len(text)):
                    term = gram(text, i, 2 if i < len(text) - 1 else 1)
                    found = out.get(term)
                    if found is None:
                        out[term] = [at + i]
                    else:
                        found.append(at + i)
                shift += len(text) - 1
            else:
                term = _number(text) if kind == "number" else pt_term(text) if kind == PT else text
                found = out.get(term)
                if found is None:
                    out[term] = [pos + shift]
                else:
                    found.append(pos + shift)
        return out

    return chain


def _stopper(stops: frozenset[str]) -> Callable[[str], str | None]:
    return lambda text: None if text in stops else text


_NUMBERS: dict[str, str] = {}


def _number(text: str) -> str:
    found = _NUMBERS.get(text)
    if found is None:
        number = RuleNumber.try_parse(text)
        found = _NUMBERS[text] = str(number) if number is not None else text
    return found


#: (term, frequency, weight, value): what whoosh's ``FieldType.index`` gives, the term
#: as text (UTF-8 bytes sort as their text does).
Posting = tuple[str, int, float, bytes]


def postings(field: FieldType, chain: Chain, value: str, encoded: dict[tuple[int, ...], bytes]) -> list[Posting]:
    """What ``field.index(value)`` gives, from the compiled chain's tokens
    (``encoded``: positions already encoded; most terms hold one or two)."""
    boost = field.format.field_boost
    if not isinstance(field.format, Positions):
        return [(term, len(poses), len(poses) * boost, pack_uint(len(poses))) for term, poses in chain(value).items()]
    encode, out = field.format.encode, []
    for term, poses in chain(value).items():
        key = tuple(poses)
        value_bytes = encoded.get(key)
        if value_bytes is None:
            value_bytes = encoded[key] = encode(poses)
        out.append((term, len(key), len(key) * boost, value_bytes))
    return out


class BulkWriter(SegmentWriter):
    """whoosh's segment writer, for a new index written in one go: each term's postings
    gathered as the documents come (so in document order: no sort of every posting),
    field lengths kept in memory, blocks of postings handed to whoosh's codec whole.

    It takes what the KB's schema uses (stored, ID, KEYWORD and TEXT fields with
    positions or frequencies, no boosts, vectors, columns or spelling fields) and
    refuses any other schema rather than write a different index."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        for name, field in self.schema.items():
            if field.vector or field.column_type or field.separate_spelling():
                raise ValueError(f"BulkWriter cannot write field {name!r} (vectors, columns, spelling)")
        self._chains: dict[str, Chain | None] = {
            name: compile_chain(field.analyzer) if type(field.format) in (Positions, Frequency) else None
            for name, field in self.schema.items() if field.indexed}
        self._terms: dict[str, dict[str, list[tuple[int, float, bytes, int]]]] = {}  # field -> term -> postings
        self._encoded: dict[tuple[int, ...], bytes] = {}
        self._indexed: dict[tuple[str, Any], list[Posting]] = {}

    def add_document(self, **fields: Any) -> None:
        self._check_state()
        perdoc, docnum = self.perdocwriter, self.docnum
        names = sorted(fields)
        if any(name.startswith("_") for name in names):
            raise ValueError("BulkWriter takes no boosts or stored-value overrides")
        self._check_fields(self.schema, names)
        perdoc.start_doc(docnum)
        for name in names:
            value = fields[name]
            if value is None:
                continue
            field = self.schema[name]
            length = 0
            if field.indexed:
                items = self._index(name, field, value)
                length = sum(freq for _, freq, _, _ in items) if field.scorable else 0
                rounded = byte_to_length(length_to_byte(length)) if length else 0  # as the codec stores it
                terms = self._terms.get(name)
                if terms is None:
                    terms = self._terms[name] = {}
                for term, _, weight, vbytes in items:
                    found = terms.get(term)
                    if found is None:
                        terms[term] = [(docnum, weight, vbytes, rounded)]
                    else:
                        found.append((docnum, weight, vbytes, rounded))
            perdoc.add_field(name, field, value if field.stored else None, length)
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def _index(self, name: str, field: FieldType, value: Any) -> list[Posting]:
        chain = self._chains[name]
        if chain is not None and isinstance(value, str):
            return postings(field, chain, value, self._encoded)
        key = (name, value)  # an ID or keyword field: the same few values come back
        found = self._indexed.get(key)
        if found is None:
            found = self._indexed[key] = [(t.decode("utf-8"), *rest) for t, *rest in field.index(value)]
        return found

    def _flush_segment(self) -> None:
        self.perdocwriter.close()
        writer = self.fieldwriter
        for name in sorted(self._terms):
            writer.start_field(name, self.schema[name])
            terms = self._terms[name]
            if _plain_w3(writer._postwriter):
                _write_terms(writer, terms)
            else:
                for term in sorted(terms):
                    writer.start_term(term.encode("utf-8"))
                    _write(writer._postwriter, terms[term])
                    writer.finish_term()
            writer.finish_field()
        writer.close()
        self._terms = {}


def _plain_w3(out: Any) -> bool:
    """``out`` is whoosh's W3 postings writer with no compression and no inlined postings:
    the writer :func:`_write_terms` writes the bytes of."""
    return type(out) is W3PostingsWriter and not out._compression and out._inlinelimit <= 1 and not out._byteids


_TERMINFO = struct.Struct("!BfIBBfII")  # W3TermInfo's row: inlined, weight, df, lengths, max weight, ids


def _write_terms(writer: Any, terms: dict[str, list[tuple[int, float, bytes, int]]]) -> None:
    """Every term of one field, the bytes whoosh's ``start_term`` / ``add_posting`` /
    ``finish_term`` write (W3: blocks of postings pickled as they are, a term info row
    in the terms table), without an object per term and a call per posting: half the
    time of a commit went into them.  ``tests/test_index_writer.py`` compares the result
    with whoosh's own writer term for term."""
    out, postfile, table = writer._postwriter, writer._postfile, writer._tindex
    limit, fixed = out._blocklimit, writer._format.fixed_value_size()
    field_id = pack_ushort(writer._fieldid)
    position = postfile.tell()  # then counted here: one write per term, no tell()
    for term in sorted(terms):
        found = terms[term]
        chunks = [WHOOSH3_HEADER_MAGIC]
        weight_sum, df, min_length, max_length, max_weight = 0.0, 0, None, 0, 0.0
        for at in range(0, len(found), limit):
            docs, weights, values, lengths = zip(*found[at : at + limit], strict=True)
            stored = array("f", weights)  # as the block keeps them (single precision)
            known = [n for n in lengths if n]
            low, high, heaviest = (min(known) if known else None), max(known, default=0), max(weights)
            weight_sum += sum(stored)
            df += len(docs)
            if low is not None:
                min_length = low if min_length is None else min(min_length, low)
            max_length, max_weight = max(max_length, high), max(max_weight, heaviest)
            if all(w == 1.0 for w in stored):
                mini_weights: object = None
            elif all(w == stored[0] for w in stored):
                mini_weights = stored[0]
            else:
                mini_weights = tuple(stored)
            kept = [v for v in values if v]
            mini_values = tuple(kept) if fixed is None or fixed < 0 else None if fixed == 0 else b"".join(kept)
            data = dumps((tuple(delta_encode(docs)), mini_weights, mini_values), 2)
            info = dumps((len(docs), docs[-1], heaviest, 0, length_to_byte(low), length_to_byte(high)), 2)
            size = len(info) + len(data)
            chunks += (pack_int(-size if at + limit >= len(found) else size), info, data)
        blob = b"".join(chunks)
        postfile.write(blob)
        row = _TERMINFO.pack(False, weight_sum, df, 0 if min_length is None else length_to_byte(min_length),
                             length_to_byte(max_length), max_weight, found[0][0], found[-1][0])
        table.add(field_id + term.encode("utf-8"), row + pack_long(position) + pack_int(len(blob)))
        position += len(blob)


def _write(out: Any, found: list[tuple[int, float, bytes, int]]) -> None:
    """One term's postings (docnum, weight, value, field length) into whoosh's postings
    writer a block at a time: what its ``add_posting`` does one posting at a time (a
    full block is written out before the next posting comes)."""
    if type(out) is not W3PostingsWriter:
        for posting in found:
            out.add_posting(*posting)
        return
    limit = out._blocklimit
    for start in range(0, len(found), limit):
        if start:
            out._write_block()
        docs, weights, values, lengths = zip(*found[start : start + limit], strict=True)
        out._ids.extend(docs)
        out._weights.extend(weights)
        out._values.extend(v for v in values if v)
        out._maxweight = max(out._maxweight, *weights)
        known = [n for n in lengths if n]
        if known:
            low = min(known)
            out._minlength = low if out._minlength is None else min(out._minlength, low)
            out._maxlength = max(out._maxlength, *known)
