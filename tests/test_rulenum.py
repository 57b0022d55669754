"""RuleNumber: the one way kb reads, orders and walks rule numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.core.rulenum import LETTERS, RuleNumber, RuleNumberError

P = RuleNumber.parse


# -- parsing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parts", "depth"),
    [
        ("7", (7, None, None), 0),
        ("730", (730, None, None), 1),
        ("730.", (730, None, None), 1),
        ("730.2", (730, 2, None), 2),
        ("730.2a", (730, 2, "a"), 3),
        ("704.5z", (704, 5, "z"), 3),
        ("100.10", (100, 10, None), 2),
        # typo forms that lasted for years in the official files
        ("119.1d.", (119, 1, "d"), 3),
        ("606.5", (606, 5, None), 2),
        ("606.5.", (606, 5, None), 2),
    ],
)
def test_parse(text: str, parts: tuple[int, int | None, str | None], depth: int) -> None:
    number = P(text)
    assert (number.chapter, number.rule, number.letter) == parts
    assert number.depth == depth
    assert RuleNumber.try_parse(text) == number


def test_typo_forms_equal_the_clean_forms() -> None:
    assert P("119.1d.") == P("119.1d")
    assert str(P("119.1d.")) == "119.1d"
    assert P("606.5") == P("606.5.")


@pytest.mark.parametrize("text", ["72", "730.2l", "730.2o", "abc", "1000", "", "730.2A", "0", "730.0x", "7.1"])
def test_rejects_bad_text(text: str) -> None:
    with pytest.raises(RuleNumberError):
        P(text)
    assert RuleNumber.try_parse(text) is None


def test_rule_number_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a rule number"):
        P("abc")


# -- order --------------------------------------------------------------------------


def test_numeric_not_textual_order() -> None:
    assert P("100.2") < P("100.10")
    assert sorted([P("100.10"), P("100.2"), P("100.1")]) == [P("100.1"), P("100.2"), P("100.10")]


def test_order_across_depths() -> None:
    chain = ["7", "700", "730", "730.1", "730.2", "730.2a", "730.10", "731", "8"]
    numbers = [P(t) for t in chain]
    assert all(a < b for a, b in zip(numbers, numbers[1:], strict=False))
    assert sorted(reversed(numbers)) == numbers
    assert [n.key for n in numbers] == sorted(n.key for n in numbers)


# -- family -------------------------------------------------------------------------


def test_parent_chain() -> None:
    assert P("730.2a").parent == P("730.2")
    assert P("730.2").parent == P("730")
    assert P("730").parent == P("7")
    assert P("7").parent is None
    assert list(P("730.2a").ancestors()) == [P("730.2"), P("730"), P("7")]
    assert P("7").is_ancestor_of(P("730.2a"))
    assert not P("730.2").is_ancestor_of(P("730.20a"))


def test_children_among_existing() -> None:
    existing = [P(t) for t in ["730", "730.1", "730.2", "730.2b", "730.2a", "730.10", "731.1", "730.3a"]]
    assert P("730").children(existing) == [P("730.1"), P("730.2"), P("730.10")]
    assert P("730.2").children(existing) == [P("730.2a"), P("730.2b")]
    assert P("730.1").children(existing) == []
    assert P("7").children(existing) == [P("730")]


def test_subtree_stop_bounds_the_descendants() -> None:
    inside = [P("730.2"), P("730.2a"), P("730.2z")]
    outside = [P("730.3"), P("730.20"), P("731"), P("730.1z")]
    root = P("730.2")
    assert all(root.key <= n.key < root.subtree_stop for n in inside)
    assert not any(root.key <= n.key < root.subtree_stop for n in outside)


# -- siblings -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [("704.5k", "704.5m"), ("704.5n", "704.5p"), ("704.5y", "704.5z"), ("730.2", "730.3"),
     ("730.9", "730.10"), ("730", "731"), ("7", "8")],
)
def test_next_and_previous(before: str, after: str) -> None:
    assert P(before).next() == P(after)
    assert P(after).previous() == P(before)


@pytest.mark.parametrize("text", ["704.5z", "9", "799"])
def test_nothing_after_the_last(text: str) -> None:
    assert P(text).next() is None


@pytest.mark.parametrize("text", ["704.5a", "730.1", "1", "700"])
def test_nothing_before_the_first(text: str) -> None:
    assert P(text).previous() is None


def test_letters_skip_l_and_o() -> None:
    assert "l" not in LETTERS and "o" not in LETTERS
    walk: list[str] = []
    node: RuleNumber | None = P("704.5a")
    while node is not None:
        assert node.letter is not None, node
        walk.append(node.letter)
        node = node.next()
    assert "".join(walk) == LETTERS
    assert len(walk) == 24


# -- properties ---------------------------------------------------------------------

sections = st.integers(1, 9).map(RuleNumber)
chapters = st.integers(100, 999).map(RuleNumber)
rules = st.builds(RuleNumber, st.integers(100, 999), st.integers(1, 999))
subrules = st.builds(RuleNumber, st.integers(100, 999), st.integers(1, 999), st.sampled_from(LETTERS))
numbers = st.one_of(sections, chapters, rules, subrules)
numbered = st.one_of(chapters, rules, subrules)


def _tuple(n: RuleNumber) -> tuple[int, int, int]:
    """The order the rules book uses, spelled out: chapter, rule, letter position."""
    return (n.chapter, -1 if n.rule is None else n.rule, -1 if n.letter is None else LETTERS.index(n.letter))


@given(numbers, numbers)
def test_order_agrees_with_key(a: RuleNumber, b: RuleNumber) -> None:
    assert (a < b) == (a.key < b.key)
    assert (a == b) == (a.key == b.key)


@given(numbers)
def test_round_trip(n: RuleNumber) -> None:
    assert P(str(n)) == n
    assert str(P(str(n))) == str(n)
    assert RuleNumber.from_key(n.key) == n


@given(numbers)
def test_next_previous_inverse(n: RuleNumber) -> None:
    after = n.next()
    if after is not None:
        assert after > n
        assert after.parent == n.parent
        assert after.previous() == n
    before = n.previous()
    if before is not None:
        assert before < n
        assert before.next() == n


@given(st.lists(numbered, max_size=40))
def test_sorted_order_is_chapter_rule_letter(items: list[RuleNumber]) -> None:
    assert sorted(items) == sorted(items, key=_tuple)


@given(sections, numbered)
def test_a_section_precedes_exactly_its_chapters(section: RuleNumber, n: RuleNumber) -> None:
    assert (section < n) == (n.chapter // 100 >= section.chapter)


@given(numbers)
def test_parent_is_a_prefix_that_sorts_first(n: RuleNumber) -> None:
    if n.parent is not None:
        assert n.parent < n
        assert n.parent.depth == n.depth - 1
        assert n.parent.is_ancestor_of(n)
        assert n.parent.key <= n.key < n.parent.subtree_stop
