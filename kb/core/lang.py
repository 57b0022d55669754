"""Language tags (BCP 47, through babel) and a cheap guess of a text's language."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from kb.core.errors import KbError
from kb.core.text import HAN_CHAR

_WORD = re.compile(r"[a-zà-ù]+")
_ITALIAN = frozenset(
    "il lo la gli le un una di del della che non per con è sono quel quella viene".split()
)
_ENGLISH = frozenset(
    "the of and to a is that it in its this with as for be are an".split()
)


#: Names a process was given (:func:`remember_names`), before CLDR's.
_NAMES: dict[str, str] = {}


def remember_names(names: Mapping[str, str]) -> None:
    """Take ``names`` (tag -> :func:`language_name`) as the names of those tags: the ones the index
    build stored, so a search names its languages without babel loading CLDR's English tables
    (importing babel and loading them: 20-40 ms of a fresh ``kb search``, session 52)."""
    _NAMES.update(names)


def normalize_tag(tag: str) -> str:
    """``zh`` / ``zh_CN`` / ``zh-hans`` -> ``zh-Hans``; ``IT`` -> ``it``.

    Chinese gets its script from CLDR's likely subtags, because simplified and
    traditional texts are different documents for us."""
    if tag in _NAMES:  # a tag the index build named (:func:`remember_names`), written so already: no babel
        return tag
    from babel import Locale, UnknownLocaleError  # lazy: ~10 ms of every `kb` process not naming a language
    from babel.core import get_global

    try:
        locale = Locale.parse(tag.replace("-", "_"))
    except (ValueError, UnknownLocaleError) as err:
        raise KbError(f"unknown language tag {tag!r}") from err
    script = locale.script
    if locale.language == "zh" and script is None:
        likely = get_global("likely_subtags").get(f"zh_{locale.territory}" if locale.territory else "zh", "zh_Hans")
        script = Locale.parse(likely).script
    return "-".join(part for part in (locale.language, script) if part)


def guess_lang(text: str) -> str:
    """Chinese by script; Italian or English by counting common words."""
    sample = text[:20000]
    if not sample.isascii() and len(HAN_CHAR.findall(sample)) > 0.1 * max(1, len(sample.strip())):
        return "zh-Hans"
    words = _WORD.findall(sample.lower())
    italian = sum(w in _ITALIAN for w in words)
    english = sum(w in _ENGLISH for w in words)
    return "it" if italian > english else "en"


def display_name(tag: str) -> str:
    """``zh-Hans`` -> ``Chinese (Simplified)``, for reports."""
    if (name := _NAMES.get(tag)) is not None:
        return name
    from babel import Locale

    return Locale.parse(tag.replace("-", "_")).get_display_name("en") or tag


#: A text of Han characters without kana is Chinese, whatever py3langid makes of it: the Chinese
#: translations of the rules are written in Standard Chinese, and a text as short as one rule
#: ("730.2 合并") was told as Wu Chinese (``wuu``), which kb then refused as a language it has no
#: layout for.  Of the 5,251 lines of the Chinese 2026-04-17 holding Han, each alone: 4,826 told
#: as "zh", 329 as Wu, 90 as Cantonese, 6 as others (ja, af, zxx); their first 12 characters: 376
#: not Chinese.  Japanese is kana beside its kanji, Korean is Hangul.
KANA = re.compile(r"[\u3040-\u30ff]")


def identify(text: str) -> str:
    """The language of a text, among every language py3langid knows (97), as a BCP 47
    tag: used where kb must name a language it may not read (a French rules file),
    which :func:`guess_lang` cannot (French reads as Italian to its word lists)."""
    import py3langid  # lazy: its model loads in half a second, only for rules texts without headings

    if guess_lang(text) == "zh-Hans" and not KANA.search(text[:20000]):
        return "zh-Hans"
    code, _ = py3langid.classify(text[:20000])
    try:
        return normalize_tag(code)
    except KbError:  # a code CLDR does not know: still a name to show
        return code


def language_name(tag: str) -> str:
    """``fr`` -> ``French``; the tag itself if CLDR has no name for it."""
    if tag in _NAMES:  # named without babel (its error class is imported only where babel is asked)
        return display_name(tag)
    from babel import UnknownLocaleError

    try:
        return display_name(tag)
    except (ValueError, LookupError, UnknownLocaleError):
        return tag


def language_label(tag: str) -> str:
    """``it`` -> ``Italian (it)``, ``zh-Hans`` -> ``Chinese (Simplified, zh-Hans)``: a language
    as a message names it.  Its name, for "no entry in it" read as a pronoun; its tag, which
    ``--lang`` takes."""
    name = language_name(tag)
    if name == tag:
        return tag
    return f"{name[:-1]}, {tag})" if name.endswith(")") else f"{name} ({tag})"


def languages_label(tags: Iterable[str]) -> str:
    """Languages as a message names them (:func:`language_label`), joined by "or": what is said
    of them is said of each ("no text of 702.19b in Italian (it) or English (en)")."""
    return " or ".join(map(language_label, tags))


#: How each language's rules documents introduce an example, the first as kb writes it back (the
#: ingesters read every form; `kb show`, `kb search` and `kb ask` print the first before each example).
EXAMPLE_LABELS: dict[str, tuple[str, ...]] = {"en": ("Example:",), "it": ("Esempio:",),
                                              "zh-Hans": ("例如：", "例如:", "例如，")}


def example_label(tag: str) -> str:
    """"Example:" in a text's own language, as its rules documents write it."""
    return EXAMPLE_LABELS.get(tag, EXAMPLE_LABELS["en"])[0]
