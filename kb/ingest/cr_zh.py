"""The Chinese translation of the rules, in the official layout.

Same structure and numbers as the English edition of the same date, with Chinese
headings (目录 / 词汇表 / 版权信息), examples introduced by 例如： (once 例如，), and translator
notes ("（译注：…）", "(中文版译注：…)", "…〜译注）") that are kept apart from the rule text.
"""

from __future__ import annotations

import re

from kb.core.lang import EXAMPLE_LABELS
from kb.core.model import Document
from kb.core.textio import SourceText
from kb.ingest import cr_text

CHINESE = cr_text.Layout(
    lang="zh-Hans",
    glossary=("词汇表",),
    credits=("版权信息",),
    example=EXAMPLE_LABELS["zh-Hans"],
    date_words=("生效",),
    obsolete=("（已废止）", "(已废止)"),
    # "（译注：…）", or a note closing an original parenthesis: "（即…；此节中…〜译注）"
    note=re.compile(r"(?:[（(](?:中文版)?译注[：:]|[；;]\s*(?=[^；;（）()]*[〜~～]\s*译注[）)]))"
                    r"(?P<note>[^）)]*?)(?:\s*[〜~～]\s*译注(?=[）)])|[）)])"),
)


def parse(source: SourceText) -> Document:
    return cr_text.parse(source, CHINESE)
