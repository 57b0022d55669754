"""The align stage.  One rule across editions and languages: aligning two sequences of rule texts.

Rule numbers move between editions (509.5 became 509.3; the merge rules were 721,
723, 729 and then 730), and translations lag the English text, so a rule's identity
cannot be its number.  :func:`align` maps every text of an old edition onto its
counterpart in a new one, in the same language or across two:

1. *anchors*: pairs that are certain on their own -- identical text in one language;
   in two languages, the same rare language-independent marks (cited rules, mana
   symbols, numbers, Latin-script names inside Chinese text);
2. a *backbone*: the heaviest order-preserving chain of anchors; anchors off the
   chain are kept as *moves* only when their evidence is overwhelming;
3. *learning*: cited numbers are translated through the anchors found so far, a
   parent follows its children, and a bilingual term lexicon is learned from the
   aligned pairs -- then the anchors are searched again;
4. *gaps* between consecutive backbone anchors are filled by a small
   order-preserving dynamic programme that weighs content (text similarity, marks,
   lexicon, length ratio) and structure (the number the neighbours predict);
5. what is left on both sides is paired only on strong content (moves).

The modules, in the order the data flows through them:

- :mod:`kb.align.results`: what comes out -- :class:`Link`, :class:`Alignment` and
  the kinds of evidence a link names;
- :mod:`kb.align.texts`: what goes in (each text as an item) and the state of an
  alignment in progress (the trees of both sides, the pairs so far, predictions);
- :mod:`kb.align.evidence`: anchors -- identical texts in one language, weighted
  bags of language-independent tokens across two (step 1);
- :mod:`kb.align.order`: the backbone and the moves off it (step 2);
- :mod:`kb.align.scoring`: how one candidate pair is scored (steps 4 and 5);
- :mod:`kb.align.passes`: gap filling, parents and children, leftovers and the last
  corrections (steps 3 to 5);
- :mod:`kb.align.aligner`: the entry points, :func:`align` and
  :func:`pair_by_number`, and the order in which the passes run;
- :mod:`kb.align.undated`: which dated editions an undated document fits.

The tokens compared live in :mod:`kb.align.tokens`, the lexicon in :mod:`kb.align.lexicon`
(learned by :mod:`kb.align.terms`); glossaries are paired by :mod:`kb.align.glossary`.

Everything here is pure: sequences of :class:`~kb.core.model.RuleText` in, an
:class:`Alignment` out.  Storing it, and showing it, is the caller's business.

This package imports nothing on its own: each caller imports the module it needs, so
that readers of the lexicon (``kb search``) do not load the aligner and numpy.
"""
