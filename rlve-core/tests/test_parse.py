"""Bounded parsers: exact values, clear errors, and no way to make them slow or evaluate anything."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rlve.parse import (
    ParseError,
    normalise_sentence,
    parse_bool,
    parse_choice,
    parse_decimal,
    parse_fraction,
    parse_grid,
    parse_int,
    parse_int_grid,
    parse_int_list,
    parse_int_pairs,
    parse_word,
    parse_word_list,
)


@pytest.mark.parametrize(("text", "value"), [("42", 42), (" -7 ", -7), ("+0", 0), ("-0", 0), ("007", 7)])
def test_parse_int(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text", ["", "4 2", "3 or 4", "1e9", "9**9**9", "10^10^10", "nan", "inf", "0x10", "1,000", "١٢", "--1", "4.0"]
)
def test_parse_int_rejects(text):
    with pytest.raises(ParseError):
        parse_int(text)


def test_thousands_separators_only_when_allowed():
    assert parse_int("1,000,000", allow_thousands=True) == 1_000_000
    with pytest.raises(ParseError):
        parse_int("1,00", allow_thousands=True)


def test_digit_cap_rejects_huge_numbers_before_converting():
    with pytest.raises(ParseError, match="more than 400 digits"):
        parse_int("9" * 100_000)
    assert parse_int("9" * 1000, max_digits=1000) == int("9" * 1000)


def test_fractions_and_decimals_are_exact():
    assert parse_fraction("3/6") == Fraction(1, 2)
    assert parse_fraction("-1/2") == Fraction(-1, 2)
    assert parse_fraction("0.25") == Fraction(1, 4)
    assert parse_decimal(".5") == Fraction(1, 2)
    assert parse_fraction("5") == 5
    with pytest.raises(ParseError, match="denominator is zero"):
        parse_fraction("1/0")
    with pytest.raises(ParseError):
        parse_fraction("0.5", allow_decimal=False)
    for bad in ("1e309", "nan", "inf", "1/2/3", "2^{2002}", "1/"):
        with pytest.raises(ParseError):
            parse_fraction(bad)


def test_lists_accept_common_separators_and_brackets():
    assert parse_int_list("0 4 2 9") == [0, 4, 2, 9]
    assert parse_int_list("[0, 4, 2, 9]") == [0, 4, 2, 9]
    assert parse_int_list("0,4;2\n9") == [0, 4, 2, 9]
    assert parse_int_list("") == []
    with pytest.raises(ParseError, match="more than 3 items"):
        parse_int_list("1 2 3 4", max_items=3)
    with pytest.raises(ParseError):
        parse_int_list("1 two 3")
    with pytest.raises(ParseError):
        parse_int_list(" ".join(["1"] * 200_000))


def test_pairs_in_three_notations():
    assert parse_int_pairs("(1,2) (3,4)") == [(1, 2), (3, 4)]
    assert parse_int_pairs("[(1, 2), (3, 4)]") == [(1, 2), (3, 4)]
    assert parse_int_pairs("1-2, 3-4") == [(1, 2), (3, 4)]
    assert parse_int_pairs("1 2; 3 4") == [(1, 2), (3, 4)]
    for bad in ("(1,2,3)", "(1,2) junk (3,4)", "1-2-3", "((1,2))"):
        with pytest.raises(ParseError):
            parse_int_pairs(bad)


def test_grids():
    assert parse_int_grid("1 2\n3 4") == [[1, 2], [3, 4]]
    assert parse_grid("ab\ncd", single_chars=True) == [["a", "b"], ["c", "d"]]
    with pytest.raises(ParseError):
        parse_int_grid("1 x\n3 4")
    with pytest.raises(ParseError, match="rows"):
        parse_int_grid("1\n" * 200)


def test_bool_and_choice():
    assert parse_bool("Yes.") is True and parse_bool("false") is False
    with pytest.raises(ParseError):
        parse_bool("yes or no")
    assert parse_choice("KNIGHT", ["knight", "knave"]) == "knight"
    with pytest.raises(ParseError):
        parse_choice("knight or knave", ["knight", "knave"])


def test_a_digit_cap_above_pythons_conversion_limit_still_raises_parse_error():
    import sys

    too_long = "9" * (sys.get_int_max_str_digits() + 100)
    with pytest.raises(ParseError, match="too long to read"):
        parse_int(too_long, max_digits=10**6)


def test_words_are_ascii_letters_unless_widened_and_look_alikes_are_named():
    assert parse_word(" Apple. ") == "apple"
    assert parse_word("Apple", case_sensitive=True) == "Apple"
    assert parse_word_list("[ant, Bee; cat]") == ["ant", "bee", "cat"]
    for look_alike in ("café", "straße", "ǅemal", "ａpple", "ap\u200bple"):  # str.isalpha() accepts the first three
        with pytest.raises(ParseError, match=r"U\+"):
            parse_word(look_alike)
    assert parse_word("café", letters="abcdefghijklmnopqrstuvwxyzé") == "café"
    with pytest.raises(ParseError, match="give one word"):
        parse_word("two words")
    with pytest.raises(ParseError, match="at most 8"):
        parse_word("abcdefghijk", max_length=8)
    with pytest.raises(ParseError, match="more than 3 words"):
        parse_word_list("a b c d", max_items=3)
    with pytest.raises(ParseError):
        parse_word("")


def test_sentences_are_normalised_for_comparison():
    assert normalise_sentence("  The   cat\n sat on the MAT!  ") == "the cat sat on the mat"
    assert normalise_sentence("The cat sat.", case_sensitive=True) == "The cat sat"
    with pytest.raises(ParseError, match="U\\+00E9"):
        normalise_sentence("the café")
    assert normalise_sentence("the café", ascii_only=False) == "the café"
    with pytest.raises(ParseError, match="at most 10"):
        normalise_sentence("a" * 11, max_length=10)
    with pytest.raises(ParseError, match="nothing"):
        normalise_sentence(" ?! ")
