"""The parts of a turn in their order, read from the rules' own turn structure (chapter 5).

A query asking for a step or a phase by its place ("the third step of the combat phase", "what's
the first step of combat", "战斗阶段的第三个步骤", "the fifth and final phase of the turn") shares
no word with the rule of that step (509, "Declare Blockers Step") but the words every step of
chapter 5 writes: the place is the answer's only clue.  The order comes from the KB, never from a
list of ours: the sections of chapter 5 in rule order (a step section follows its phase's) and the
turn's phases as its first rule lists them (500.1: "beginning, precombat main, combat, postcombat
main, and ending": the main phase is the second and the fourth).  A query asking for every step
or phase ("what are the phases of a turn", "战斗阶段有哪些步骤") is answered by the rule listing them
(500.1, 506.1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kb.core.text import base_lang

#: The chapter of the turn's structure, and the word a phase's and a step's section title ends with.
CHAPTER = "5"
PHASE = {"en": "phase", "zh": "阶段"}
STEP = {"en": "step", "zh": "步骤"}
TURN = {"en": "turn", "zh": "回合", "it": "turno"}
#: The words a query asks a phase by, not a step: a turn's "parts" are its phases ("what are the parts of my turn",
#: "le parti del turno", "回合分为哪几个部分": session 46's Italian beginner, who knew no word of the game yet).
_ASKED_PHASE = frozenset({"phase", "part", "阶段", "部分", "fase", "fasi", "parte", "parti"})
#: The Italian phase names as the official list writes them ("fase di combattimento"), less this.
_IT_PHASE = re.compile(r"^fase\s+(?:di\s+|del\s+|della\s+)?", re.IGNORECASE)

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3,
             "4th": 4, "5th": 5, "last": -1, "final": -1,
             "primo": 1, "prima": 1, "secondo": 2, "seconda": 2, "terzo": 3, "terza": 3, "quarto": 4, "quarta": 4,
             "quinto": 5, "quinta": 5, "ultimo": -1, "ultima": -1,
             "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "最后": -1}
_PLACE_EN = r"(?P<place>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final)"
_WHOLE_EN = r"\s+(?:of|in|during)\s+(?:the\s+|a\s+|my\s+|your\s+|their\s+|each\s+)?(?P<whole>[a-z]+)"
_ASKED = {
    # "the third step of the combat phase", "last step of the turn", "the 2nd phase in a turn",
    # "which step comes first in combat"; every step or phase, listed: "what are the phases of a turn"
    "en": (re.compile(rf"\b{_PLACE_EN}(?:\s+(?:and|or)\s+(?:final|last))?\s+(?P<kind>step|phase){_WHOLE_EN}",
                      re.IGNORECASE),
           re.compile(rf"\b(?P<kind>step|phase)\s+(?:comes|is|happens|goes)\s+{_PLACE_EN}{_WHOLE_EN}", re.IGNORECASE),
           re.compile(rf"\b(?P<kind>step|phase)\s+(?P<place>[1-5])\b{_WHOLE_EN}", re.IGNORECASE),  # "step 3 of combat"
           re.compile(rf"\b{_PLACE_EN}\s+(?P<kind>phase)\b(?!\s+(?:of|in|during)\b)", re.IGNORECASE),  # of the turn
           re.compile(rf"\b(?P<kind>step|phase|part)s{_WHOLE_EN}", re.IGNORECASE)),
    # "la prima sottofase del combattimento", "terza e ultima fase del turno", "quarta sottofase della fase di …";
    # "le fasi del turno", "le sottofasi del combattimento"
    "it": (re.compile(r"\b(?:(?P<place>prim[oa]|second[oa]|terz[oa]|quart[oa]|quint[oa]|ultim[oa])"
                      r"(?:\s+e\s+ultim[oa])?\s+(?P<kind>sottofase|fase)|(?P<kinds>sottofasi|fasi|parti))"
                      r"\s+(?:del(?:la|lo)?|di|nel(?:la)?)\s+(?:(?:mio|tuo|suo|nostro|vostro|loro)\s+)?"
                      r"(?:fase\s+(?:di\s+|del\s+)?)?(?P<whole>\w+)",
                      re.IGNORECASE),
           # the turn named first, its parts asked after ("come è fatto un turno, in che ordine vengono le varie
           # parti?": session 48's blind tester, a parent with a starter kit; 500.1 nowhere)
           re.compile(r"\b(?P<whole>turno)\b[^.?!]{0,40}?\b(?P<kinds>fasi|parti)\b", re.IGNORECASE)),
    # "这是战斗阶段的第一个步骤", "此阶段是回合的第五个也是最后一个阶段", "回合中的第二个阶段", "战斗的最后一个步骤",
    # "战斗阶段第一步是什么"; "回合的阶段", "战斗阶段有哪些步骤", "一个回合有几个阶段", "一个回合里面一共有哪几个阶段"
    # (session 46's tester: 里面 and 一共 had hidden the turn; 505.1a led, 500.1 sixth)
    "zh": (re.compile(r"(?P<whole>[\u4e00-\u9fff]+?)中?的?(?:第(?P<place>[一二三四五1-5])个?|(?P<last>最后)一个?)"
                      r"(?:也是最后一个)?(?P<kind>步骤|阶段|步)"),
           re.compile(r"(?<![\u4e00-\u9fff])第(?P<place>[一二三四五1-5])个?(?P<kind>阶段)"),  # "第三阶段": of the turn
           re.compile(r"(?P<whole>[\u4e00-\u9fff]+?)(?:[中里][面头]?)?(?:一共|总共)?(?:的|有|包括|包含|分为)(?:哪些|几个|哪几个)?(?:组成)?(?P<kind>步骤|阶段|部分)"
                      r"(?![\u4e00-\u9fff]*?是第)")),
}


@dataclass(frozen=True)
class Turn:
    """One language's turn: its phases in order (a section once per phase: "505" twice), each
    phase section's steps in order, and each phase section's name less its word "phase"."""

    phases: tuple[str, ...]
    steps: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str]


def turn_of(lang: str, sections: Sequence[tuple[str, str]], first_rule: str) -> Turn | None:
    """The turn chapter 5's ``sections`` ((number, title) in rule order) and its ``first_rule``'s
    list of phases describe; None where the language's words for phase and step are unknown or
    no section is a phase."""
    base = base_lang(lang)
    phase_word, step_word = PHASE.get(base), STEP.get(base)
    if phase_word is None or step_word is None:
        return None
    names: dict[str, str] = {}
    steps: dict[str, list[str]] = {}
    current: str | None = None
    for number, title in sections:
        folded = title.strip().casefold()
        if folded.endswith(phase_word):
            current = number
            names[number] = folded.removesuffix(phase_word).strip()
            steps[number] = []
        elif folded.endswith(step_word) and current is not None:
            steps[current].append(number)
    if not names:
        return None
    listed = [_named(item, names) for item in _listed(first_rule)]
    phases = tuple(n for n in listed if n) if listed and all(listed) else tuple(names)
    return Turn(phases, {n: tuple(s) for n, s in steps.items()}, names)


def in_italian(english: Turn, titles: Mapping[str, str], official: Mapping[str, str]) -> Turn:
    """The English turn with its phases named as the official Italian list names them ("Combat
    Phase" → "fase di combattimento" → "combattimento"), for an Italian query: the KB holds no
    Italian turn structure.  ``titles``: the English sections' titles; ``official``: the list's
    pairs, English case folded."""
    names = {number: _IT_PHASE.sub("", official.get(titles.get(number, "").casefold(), "")).casefold()
             for number in english.names}
    return Turn(english.phases, english.steps, {n: name for n, name in names.items() if name})


def _listed(text: str) -> list[str]:
    """The items of the list a rule writes after its first colon ("… in this order: a, b, and c.")."""
    m = re.search(r"[:：]\s*([^.。]*)", text)
    items = re.split(r"\s*(?:,|、|，|\band\b|以及|和)\s*", m[1]) if m else []
    return [item for item in items if item]


def _named(item: str, names: Mapping[str, str]) -> str | None:
    """The phase section whose name ends ``item`` ("precombat main" → the main phase's; "战斗前行动阶段"
    → 行动阶段's, not 战斗阶段's: the longest such name), at a word's start in a spaced language."""
    folded = item.casefold()
    best: tuple[int, str] | None = None
    for number, name in names.items():
        for form in (name, *(name + word for word in PHASE.values())):
            before = folded[:-len(form)] if form else ""
            if form and folded.endswith(form) and not (form.isascii() and before[-1:].isalnum()) \
                    and (best is None or len(form) > best[0]):
                best = (len(form), number)
    return best[1] if best else None


def asks_place(text: str, lang: str) -> bool:
    """Whether ``text`` asks for a step or a phase by its place (cheap: no turn read)."""
    return any(pattern.search(text) for pattern in _ASKED.get(base_lang(lang), ()))


def asked(text: str, lang: str, turn: Turn) -> tuple[str, ...]:
    """The sections of the steps and phases ``text`` asks for by their place in the turn or in a
    phase, in the order asked; where it asks for all of them, the section whose first rule lists
    them (the chapter's "500" for the turn's phases, a phase's own for its steps)."""
    found: list[str] = []
    for m in (m for pattern in _ASKED.get(base_lang(lang), ()) for m in pattern.finditer(text)):
        groups = m.groupdict()
        place = -1 if groups.get("last") else _ORDINALS[groups["place"].casefold()] if groups.get("place") else 0
        kind = (groups.get("kind") or groups["kinds"]).casefold()
        whole = (groups.get("whole") or TURN[base_lang(lang)]).casefold()  # a phase named by its place alone
        phase_kind = kind in _ASKED_PHASE
        turn_asked = whole.endswith(TURN[base_lang(lang)])
        phase = None if turn_asked or phase_kind else _named(whole, turn.names)
        if not place:  # every one, listed: the rule listing them (500.1, the turn's phases; 506.1, combat's steps)
            before = re.findall(r"\w+", text[:m.start("kind" if groups.get("kind") else "kinds")].casefold())
            one_phase = bool(before) and before[-1] in turn.names.values()  # "main phases in a turn": 505.1
            if (turn_asked or phase is not None) and not one_phase:
                found.append(phase or f"{CHAPTER}00")
            continue
        if turn_asked:
            parts = turn.phases if phase_kind else tuple(
                dict.fromkeys(step for each in turn.phases for step in turn.steps.get(each, ())))
        elif phase is not None:
            parts = turn.steps.get(phase, ())
        else:
            continue
        index = place - 1 if place > 0 else place  # "last": -1
        if -len(parts) <= index < len(parts):
            found.append(parts[index])
    return tuple(dict.fromkeys(found))
