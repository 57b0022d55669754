"""Rule addresses as people type them (kb.core.address): every form reaches the same rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.core import address
from kb.core.refs import Target
from kb.core.refs import expand as expand_target
from kb.core.rulenum import LETTERS, RuleNumber

N = RuleNumber.parse
SUBRULES_601_2 = [N(f"601.2{letter}") for letter in "abcdefghij"]
EXISTING = sorted([N("601.2"), *SUBRULES_601_2, N("702.19"), *(N(f"702.19{x}") for x in "abcde"),
                   N("704.5k"), N("704.5m"), N("704.5n"), N("903.6"), N("903.7"), N("903.11")])


@pytest.mark.parametrize("text", ["702.19b", "702.19B", "CR 702.19b", "cr702.19b", "rule 702.19b", "Rule 702.19b.",
                                  "regola 702.19b", "规则702.19b", "第702.19b条", "§ 702.19b", "７０２．１９ｂ",
                                  "(702.19b)", "[CR 702.19b]", "（702.19b）", "【规则702.19b】"])
def test_one_rule_in_every_form(text: str) -> None:
    parsed = address.parse(text)
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == [N("702.19b")]


@pytest.mark.parametrize("text", ["(702.19b", "702.19b)", "(702.19b) trample", "(702.19b)(702.19c)"])
def test_a_bracket_left_open_or_beside_words_is_no_address(text: str) -> None:
    assert address.parse(text) is None


@pytest.mark.parametrize("text", ["702.19b-d", "702.19b–d", "702.19b—d", "702.19b - d", "rules 702.19b–702.19d",
                                  "702.19b to d", "702.19b~d"])
def test_ranges_are_exactly_the_rules_named(text: str) -> None:
    parsed = address.parse(text)
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == [N("702.19b"), N("702.19c"), N("702.19d")]


def test_601_2a_h_is_eight_rules_not_601_2i() -> None:
    parsed = address.parse("601.2a-h")
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == SUBRULES_601_2[:8]


def test_a_range_skips_letters_the_rules_never_use() -> None:
    parsed = address.parse("704.5k-m")
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == [N("704.5k"), N("704.5m")]


@pytest.mark.parametrize("text", ["702.19b,702.19c", "702.19b, 702.19c", "702.19b and 702.19c", "702.19b e 702.19c",
                                  "702.19b、702.19c", "702.19b 702.19c", "rule 702.19b and rule 702.19c"])
def test_lists_in_the_order_written(text: str) -> None:
    parsed = address.parse(text)
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == [N("702.19b"), N("702.19c")]


CONTINUED = ["608.3a and b", "rules 608.3a and b", "702.19b, c", "702.19b,c", "702.19b/c", "702.19b and c",
             "702.19b or c", "702.19b & c", "702.19b & 702.19c", "702.19b e c", "702.19b o c", "702.19b和c",
             "702.19b或c", "702.19b、c", "702.19B and C", "702.19b and/or c"]


@pytest.mark.parametrize("text", CONTINUED)
def test_a_lone_letter_after_a_subrule_continues_it(text: str) -> None:
    """The rules name several subrules so ("rules 608.3a and b", which `kb refs 608.3` resolves),
    and so do players: `kb show "608.3a and b"` was "not a rule number", the search box read
    608.3a and searched the letter as a word."""
    parsed = address.parse(text)
    named = ["608.3a", "608.3b"] if "608" in text else ["702.19b", "702.19c"]
    assert parsed is not None and [str(t) for t in parsed.targets] == named


@pytest.mark.parametrize(("text", "named"), [
    ("702.19b, 702.19c, and 702.19d", ["702.19b", "702.19c", "702.19d"]),
    ("702.19b, c, and d", ["702.19b", "702.19c", "702.19d"]),
    ("regole 702.19b, e 702.19d", ["702.19b", "702.19d"]),
    ("702.19b, e", ["702.19b", "702.19e"])])
def test_a_word_after_a_comma_is_part_of_the_separator(text: str, named: list[str]) -> None:
    """A list ending ", and 702.19d" was no address at all, and the Italian ", e 702.19d" read its
    "e" as subrule 702.19e; a lone letter with nothing after it is still a letter."""
    parsed = address.parse(text)
    assert parsed is not None and [str(t) for t in parsed.targets] == named
    assert address.parse("702.19b, and creatures") is None


@pytest.mark.parametrize("text", ["608.3a and b?", "608.3a and b.", "608.3a, b？", "rules 608.3a and b!"])
def test_a_list_ending_a_question_is_still_read(text: str) -> None:
    """"608.3a and b?" was "not a rule number" (exit 2, a 400 on the web), as "608.3a." was not."""
    parsed = address.parse(text)
    assert parsed is not None and [str(t) for t in parsed.targets] == ["608.3a", "608.3b"]


LETTERS_AFTER = [("702.19b, c, d", ["702.19b", "702.19c", "702.19d"]),
                 ("702.19b-c and e", ["702.19b–702.19c", "702.19e"]),
                 ("702.19k and m", ["702.19k", "702.19m"]),
                 ("702.19b, 702.19d and e", ["702.19b", "702.19d", "702.19e"])]
# only one letter right after a separator, after a subrule, one a later subrule can have (never l or o)
NO_LETTER_AFTER = ["702.19b and creatures", "see rule 702.19b and a creature", "702.19b and a", "702.19b, b",
                   "702.19k and l", "702.19n or o", "702.19 and b", "702 and b", "702.19b c", "702.19d e",
                   "702.19b and", "702.19b, cd", "702.19b and rule c3"]


def test_letters_continue_the_subrule_before_them_and_words_stay_words() -> None:
    for text, named in LETTERS_AFTER:
        found = address.parse(text)
        assert found is not None and [str(t) for t in found.targets] == named, text
    for text in NO_LETTER_AFTER:
        assert address.parse(text) is None, text


@pytest.mark.parametrize(("text", "named"), [("702,9", ["702.9"]), ("regola 702,19b", ["702.19b"]),
                                           ("702,703", ["702", "703"]), ("702, 9", ["702", "9"])])
def test_a_decimal_comma_is_a_rule_not_a_list(text: str, named: list[str]) -> None:
    """"702,9" (a decimal comma, as Italian writes it) was read as chapter 702 and section 9:
    390 KB of rules.  Three digits after the comma, or a space, still make a list."""
    found = address.parse(text)
    assert found is not None and [str(t) for t in found.targets] == named


@pytest.mark.parametrize("text", ["2/2", "+1/+1", "-1/-1", "x/x", "10/10"])
def test_a_power_and_toughness_is_no_address(text: str) -> None:
    """"2/2" was read as sections 2 and 2 (a list written with a slash)."""
    assert address.parse(text) is None
    assert [str(t) for t in address.parse("702/703").targets] == ["702", "703"]  # type: ignore[union-attr]


def test_several_arguments_make_one_address() -> None:
    parsed = address.parse_all(["702.19c", "702.19b-c", "903.6"])
    assert parsed is not None
    assert address.expand(parsed, EXISTING) == [N("702.19c"), N("702.19b"), N("903.6")]
    assert address.parse_all(["702.19c", "trample"]) is None


@pytest.mark.parametrize("text", ["trample damage", "20 life", "1000", "7.1", "702.19d-b", "702.19b-702.20",
                                  "rule of law", "", "   ", "702.19b trample"])
def test_free_text_is_not_an_address(text: str) -> None:
    assert address.parse(text) is None


BACKWARDS = [("702.19c-a", "702.19a-c"), ("702.19-702.2", "702.2-702.19"), ("601.2h-601.2a", "601.2a-601.2h"),
             ("119.8-7", "119.7-8"), ("702-700", "700-702"), ("601.3b-2a", "601.2a-3b"), ("702.19c–a", "702.19a-c"),
             ("CR 702.19C to A", "702.19a-c"), ("702.19b, 702.19d-c", "702.19c-d")]


@pytest.mark.parametrize(("text", "meant"), BACKWARDS, ids=[t for t, _ in BACKWARDS])
def test_a_range_written_backwards_says_the_one_meant(text: str, meant: str) -> None:
    """"702.19c-a" was only "not a rule number"; it is no address still (the order written is
    the order shown), but the one meant is said, and is one."""
    assert address.parse(text) is None
    wrong = address.backwards(text)
    assert wrong is not None and str(wrong) == f"{wrong.written} runs backwards: did you mean {meant}?"
    forward = address.parse(meant)
    assert forward is not None and len(forward.targets) == 1 and forward.targets[0].is_range


@pytest.mark.parametrize("text", ["702.19a-c", "702.19c", "702.19c-c", "trample", "702.19c-a trample", "100.2a-100.1",
                                  "702.19c-z9", ""])
def test_only_a_range_written_backwards_is_said_to_run_backwards(text: str) -> None:
    assert address.backwards(text) is None


@pytest.mark.parametrize(("text", "meant"), BACKWARDS, ids=[t for t, _ in BACKWARDS])
def test_a_range_written_backwards_is_turned_round_for_the_search_box(text: str, meant: str) -> None:
    """The search box reads "702.19d-b" as the range meant, the text it read said ("702.19b-d"),
    where it searched the letter b as a word; `kb show` still refuses it."""
    found = address.turned(text)
    assert found is not None
    turned, read = found
    assert read.endswith(meant) and address.parse(read) is not None
    assert turned.targets == address.parse(read).targets  # type: ignore[union-attr]
    others = ("702.19a-c", "702.19c", "trample", "702.19c-a trample", "")
    assert [address.turned(other) for other in others] == [None] * len(others)


def test_missing_names_what_does_not_exist() -> None:
    parsed = address.parse("903.6-903.12, 702.19z")
    assert parsed is not None
    assert address.missing(parsed, set(EXISTING)) == ["903.12", "702.19z"]
    # a range of chapters is a span of the numbering ("the 700s"): its ends need not exist, unless none does
    held = {*EXISTING, N("2"), N("6"), N("7"), N("9"), N("601"), N("702"), N("704"), N("903")}
    assert address.missing(address.parse("700-799"), held) == []  # type: ignore[arg-type]
    assert address.missing(address.parse("600-602, 1-3"), held) == []  # type: ignore[arg-type]
    assert address.missing(address.parse("800-809"), held) == ["800", "809"]  # type: ignore[arg-type]


@given(st.integers(100, 999), st.integers(1, 99), st.sampled_from(LETTERS))
def test_every_written_subrule_round_trips(chapter: int, rule: int, letter: str) -> None:
    number = RuleNumber(chapter, rule, letter)
    for text in (str(number), str(number).upper(), f"CR {number}", f"规则{number}"):
        parsed = address.parse(text)
        assert parsed is not None and [t.first for t in parsed.targets] == [number]


WRITTEN_OUT = [("what do 608.3a and b say", "what do 608.3a and 608.3b say"),
               ("702.19b, c and trample", "702.19b, 702.19c and trample"),
               ("What do 608.3A and B say?", "What do 608.3A and 608.3b say?"),
               ("规则608.3a和b是什么", "规则608.3a和608.3b是什么"),
               ("cosa dicono 702.19b, e 702.19c", "cosa dicono 702.19b, e 702.19c"),
               ("702.19b and rule c", "702.19b and rule c"),
               ("608.3a and 20 life, b", "608.3a and 20 life, b"),
               ("702.19b, c'è trample", "702.19b, c'è trample"),
               ("702.19b and creatures", "702.19b and creatures")]


@pytest.mark.parametrize(("text", "read"), WRITTEN_OUT, ids=[t for t, _ in WRITTEN_OUT])
def test_a_list_inside_a_longer_text_is_read_as_the_list_alone(text: str, read: str) -> None:
    """"what do 608.3a and b say" named 608.3a only (the search read numbers token by token, and
    searched the letter b as a word); the list inside is read by the grammar of a list alone."""
    assert address.written_out(text) == read


PHRASES = [("608.3a, i think", "608.3a, i think"), ("702.19b, e poi", "702.19b, e poi"),
           ("608.3a, e a creature", "608.3a, e a creature"), ("608.3a, i think b", "608.3a, i think b"),
           ("608.3a, b, c say", "608.3a, 608.3b, 608.3c say"),
           ("702.19d, e and trample", "702.19d, 702.19e and trample"),
           ("what do 704.5h and i?", "what do 704.5h and 704.5i?"), ("704.5h, i, j", "704.5h, 704.5i, 704.5j"),
           ("规则608.3a和i是什么", "规则608.3a和608.3i是什么"), ("608.3a, b say", "608.3a, 608.3b say"),
           # the letter right after the subrule before is its neighbour, a word after it or not
           ("what do 704.5h and i say", "what do 704.5h and 704.5i say"), ("704.5h, i say", "704.5h, 704.5i say"),
           ("che dicono 704.5h e i secondo te", "che dicono 704.5h e 704.5i secondo te"),
           ("608.3h, i think", "608.3h, 608.3i think")]


@pytest.mark.parametrize(("text", "read"), PHRASES, ids=[t for t, _ in PHRASES])
def test_a_letter_that_is_a_word_begins_a_phrase(text: str, read: str) -> None:
    """"608.3a, i think" read 608.3a and 608.3i, the Italian "702.19b, e poi" ("and then") 702.19e: a
    lone letter that is a word of its own (a, e, i, o) with a word after it is that word; a letter
    that is no word, or one the list ends or goes on after, is still the subrule; and so is the letter
    right after the subrule before ("what do 704.5h and i say" read "i" as a word: 704.5h alone)."""
    assert address.written_out(text) == read


def test_a_letter_that_is_a_word_ends_a_list_only_where_the_text_ends() -> None:
    found = address.parse("608.3a, i")
    assert found is not None and [str(t) for t in found.targets] == ["608.3a", "608.3i"]
    assert address.parse("702.19b, e poi") is None and address.parse("608.3a, i think") is None


@pytest.mark.parametrize(("text", "named"), [("702.19b, e regola 702.19c", ["702.19b", "702.19c"]),
                                           ("702.19b, e § 702.19c", ["702.19b", "702.19c"]),
                                           ("702.19b, e c", ["702.19b", "702.19c"]),
                                           ("702.19b, c, e d", ["702.19b", "702.19c", "702.19d"]),
                                           ("第702.19b条款", ["702.19b"])])
def test_the_italian_e_before_a_number_or_a_letter_is_the_conjunction(text: str, named: list[str]) -> None:
    """"e" followed by a rule number, written with its prefix or not, or by a lone letter, is "and"
    (702.19e is read only from "702.19b, e" with nothing after it)."""
    parsed = address.parse(text)
    assert parsed is not None and [str(t) for t in parsed.targets] == named


@pytest.mark.parametrize("text", ["702.19b and rule c", "702.19b, rule c", "702.19b e regola c", "702.19b and § c"])
def test_a_prefix_word_stands_before_a_number_not_a_letter(text: str) -> None:
    """The prefix words were taken off anywhere in the text, so "702.19b and rule c" was 702.19b and
    702.19c: "rule c" names no rule, and a prefix word belongs only before a number."""
    assert address.parse(text) is None
    assert address.written_out(text) == text


WORDED_RANGES = ["601.2a through 601.2h", "601.2a thru h", "601.2a到601.2h", "601.2a到h", "规则 601.2a到h",
                 "da 601.2a a 601.2h", "dal 601.2a al 601.2h", "regole da 601.2a a h", "601.2a fino a 601.2h",
                 "from 601.2a to 601.2h", "从601.2a到601.2h", "601.2a至h", "601.2a to h",
                 "tra 601.2a e 601.2h", "regole fra 601.2a e h", "between 601.2a and 601.2h"]


@pytest.mark.parametrize("text", WORDED_RANGES)
def test_a_range_written_with_words_is_the_range(text: str) -> None:
    """"601.2a through 601.2h", "601.2a到h" and the Italian "da 601.2a a 601.2h" were two numbers
    (or one) and a search of their words; each is the range, as "601.2a-h" is."""
    parsed = address.parse(text)
    assert parsed is not None and address.expand(parsed, EXISTING) == SUBRULES_601_2[:8]


@pytest.mark.parametrize("text", ["601.2a a 601.2h", "da 601.2a", "da 601.2a e 601.2h", "601.2a到底"])
def test_the_italian_a_is_to_only_in_a_from_to_frame(text: str) -> None:
    """"a" is a letter, and "to" only after "da": no range is read without the frame."""
    parsed = address.parse(text)
    assert parsed is None or all(not t.is_range for t in parsed.targets)


@pytest.mark.parametrize("text", ["regola n. 702.19b", "rule no. 702.19b", "nr. 702.19b", "nr 702.19b", "num. 702.19b",
                                  "#702.19b", "rule #702.19b", "n° 702.19b", "nº 702.19b", "CR n. 702.19b"])
def test_a_number_sign_is_a_prefix_word(text: str) -> None:
    """"regola n. 702.19b" was free text (a glossary entry, Blight, beside the rule)."""
    parsed = address.parse(text)
    assert parsed is not None and address.expand(parsed, EXISTING) == [N("702.19b")]


@pytest.mark.parametrize(("text", "read"), [("702.19b-702.2", "702.19b, 702.2"), ("702.2-702.19b", "702.2, 702.19b"),
                                            ("702.19b-702.20", "702.19b, 702.20"), ("700-702.2", "700, 702.2")])
def test_a_range_across_depths_is_read_as_its_two_numbers_and_said(text: str, read: str) -> None:
    """"702.19b-702.2" was two numbers and a search of their words (Deathtouch's definition first):
    no range runs from a subrule to a rule; the two numbers are read, and why is said."""
    assert address.parse(text) is None and address.backwards(text) is None
    wrong = address.misread(text)
    assert isinstance(wrong, address.Across)
    assert str(wrong).endswith(f", and a range is of one depth: did you mean {read}?")
    found = address.turned(text)
    assert found is not None and found[1] == read
    assert found[0].targets == address.parse(read).targets  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "lang"), [("regola 729.2", "it"), ("regola n. 729.2", "it"),
                                            ("da 601.2a a 601.2h", "it"), ("tra 601.2a e 601.2h", "it"),
                                            ("规则 729.2", "zh-Hans"),
                                            ("601.2a到h", "zh-Hans"), ("rule 729.2", "en"), ("729.2", None),
                                            ("729.2, 730.2", None)])
def test_an_address_is_written_in_the_language_of_its_words(text: str, lang: str | None) -> None:
    assert address.written_in(text) == lang


def _walk(target: Target) -> list[RuleNumber]:
    return expand_target(target, EXISTING)


EIGHT = ", ".join(str(n) for n in SUBRULES_601_2[:8])
RANGES_INSIDE = [("what do 601.2a-h say", f"what do {EIGHT} say"),
                 ("cosa dicono le regole da 601.2a a 601.2h", f"cosa dicono le regole {EIGHT}"),
                 ("cosa dicono le regole tra 601.2a e 601.2h?", f"cosa dicono le regole {EIGHT}?"),
                 ("what do 704.5k-m say", "what do 704.5k, 704.5m say"),
                 ("rules from 601.2a to h and trample", f"rules {EIGHT} and trample"),
                 ("da 601.2a in poi", "da 601.2a in poi"),
                 ("what do 601.2h-a say", f"what do {EIGHT} say"),
                 ("what does 601.2h-601.2a say", f"what does {EIGHT} say"),
                 ("rules from 601.2h to a and trample", f"rules {EIGHT} and trample"),
                 ("what does 702.19b-702.2 say", "what does 702.19b, 702.2 say")]


@pytest.mark.parametrize(("text", "read"), RANGES_INSIDE, ids=[t for t, _ in RANGES_INSIDE])
def test_a_range_inside_a_longer_text_is_written_as_the_rules_it_names(text: str, read: str) -> None:
    """"what do 601.2a-h say" read 601.2a and searched the word h; "da 601.2a a 601.2h" read the
    two ends: a range is written as the rules held that it names (704.5k-m: no rule 704.5l)."""
    assert address.written_out(text, _walk) == read


def test_a_long_range_inside_a_longer_text_is_written_as_its_two_ends() -> None:
    """More than RANGE_WRITTEN_MOST rules would each be boosted above what the words find."""
    many = [N(f"100.{k}") for k in range(1, address.RANGE_WRITTEN_MOST + 2)]
    assert address.written_out("what do 100.1-100.31 say", lambda t: expand_target(t, many)) == \
        "what do 100.1, 100.31 say"
    assert address.written_out("what do 100.1-100.30 say", lambda t: expand_target(t, many[:-1])) == \
        f"what do {', '.join(str(n) for n in many[:-1])} say"


def test_without_the_rules_held_a_range_stays_as_written() -> None:
    assert address.written_out("what do 601.2a-h say") == "what do 601.2a-h say"
    assert address.written_out("what do 601.2h-a say") == "what do 601.2a-h say"  # in order


def test_a_range_misread_inside_a_longer_text_is_said() -> None:
    """"what do 601.2h-a say" read 601.2h and searched the letter a; "what does 601.2h-601.2a say"
    read the two numbers, as the search box reads neither alone.  Each is read as the box reads it
    alone (:func:`address.turned`), and what was read is said."""
    found = address.misread_inside("what do 601.2h-a and 702.19b-702.2 say, not 601.2a-h")
    assert [str(wrong) for wrong in found] == ["601.2h-a runs backwards: did you mean 601.2a-h?",
                                               "702.19b-702.2 runs from a subrule to a rule, and a range is of one "
                                               "depth: did you mean 702.19b, 702.2?"]
    assert address.misread_inside("what do 601.2a-h say") == []


@pytest.mark.parametrize(("text", "read"), [("7O2.19b", "702.19b"), ("7o2.19b-d", "702.19b-d"), ("l00.1", "100.1"),
                                            ("rule 7O2.l9b", "702.19b"), ("7O2.19b, 7O2.19c", "702.19b, 702.19c"),
                                            ("702.1o", "702.10"), ("702.19 b", "702.19b"), ("702.19.b", "702.19b"),
                                            ("702.19(b)", "702.19b"), ("CR 702.19 B", "702.19b"),
                                            ("702-19b", "702.19b"), ("r702.19b", "702.19b"),
                                            ("702-2", "702.2"), ("100-1", "100.1")])
def test_a_rule_number_typed_loosely_is_read_as_the_one_meant(text: str, read: str) -> None:
    found = address.loosely_typed(text)
    assert found is not None and found[1] == read
    assert found[0].targets == address.parse(read).targets  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["702.19b", "702.19b-d", "601-603", "7O2", "hello", "foo.bar", "7O2.19b trample",
                                  "lol.lol", "702.19 damage", "702.19 bis"])
def test_nothing_read_loosely_where_nothing_was_typed_loosely(text: str) -> None:
    """An address typed right needs no reading, a range of chapters is one, letters alone are no
    number, and a text with words is searched."""
    assert address.loosely_typed(text) is None


def test_a_dash_for_a_dot_is_no_range_across_depths() -> None:
    """"702-2" was read as a range from chapter 702 to section 2 ("did you mean 702, 2?"): it is
    702.2 typed with a dash; a range written backwards or across rules and subrules still is one."""
    assert address.misread("702-2") is None and address.turned("702-2") is None
    assert address.refusal("702-2") == "'702-2' is no rule number as written: did you mean 702.2?"
    assert str(address.misread("702.19c-a")) == "702.19c-a runs backwards: did you mean 702.19a-c?"
    assert address.misread("702.19b-702.2") is not None


@pytest.mark.parametrize(("text", "numbers", "lang", "edition"), [
    ("702.124k@en/2025-11-14", ["702.124k"], "en", "2025-11-14"),     # as `kb export` names a text
    ("702.124K@zh-Hans/2025-11-14", ["702.124k"], "zh-hans", "2025-11-14"),
    ("729.3a@it/undated", ["729.3a"], "it", None),
    ("601.2a-h@en/2025-11-14", ["601.2a–601.2h"], "en", "2025-11-14")])
def test_a_rule_named_in_one_edition(text: str, numbers: list[str], lang: str, edition: str | None) -> None:
    found = address.at_edition([text])
    assert found is not None and [str(t) for t in found.address.targets] == numbers
    assert (found.lang, found.edition) == (lang, edition)
    assert address.parse(text) is None  # the plain reader (search, cite) does not take it for the number alone


@pytest.mark.parametrize("texts", [["702.124k@en"], ["702.124k@en/2025"], ["@en/2025-11-14"], ["trample@en/undated"],
                                   ["702.124k@en/2025-11-14", "702.124m@en/2026-04-17"], ["702.124k"]])
def test_what_is_no_rule_in_one_edition(texts: list[str]) -> None:
    assert address.at_edition(texts) is None
