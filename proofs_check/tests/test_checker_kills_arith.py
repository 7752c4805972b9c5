"""The checker's exact arithmetic at its edges (written for the survivors of its mutation pass).

Every test states a property a referee relies on: an enclosure contains the true value (an
independent 600-bit ``mpmath.iv`` enclosure, or an exact ``Fraction`` computation) and is tight;
a comparison of enclosures that touch at one end is decided only where every pair of values
agrees; exact results stay exact; and a refusal says, word for word, what was refused.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest
from zonemax.proofs_check.checker import arith
from zonemax.proofs_check.checker.arith import Interval
from zonemax.proofs_check.checker.expr import FUNCTIONS, evaluate, parse_value
from zonemax.proofs_check.checker.formula import Formula, FormulaError, coq_name, smt_script


def _exactly(message: str) -> str:
    """A ``pytest.raises(match=...)`` pattern for the whole message and nothing more."""
    return f"^{re.escape(message)}$"


def _true(fn: Callable[[Any, Any], Any], q: F) -> tuple[F, F]:
    """``fn(mpmath.iv, q)``: a 600-bit outward-rounded ``mpmath.iv`` interval, exact ends."""
    import mpmath

    ctx = mpmath.iv
    prec = ctx.prec
    ctx.prec = 600
    try:
        value = fn(ctx, ctx.mpf(q.numerator) / ctx.mpf(q.denominator))
        lo, hi = (F(*mpmath.libmp.to_rational(end)) for end in value._mpi_)
    finally:
        ctx.prec = prec
    return lo, hi


# ------------------------------------------------------------------ exp and ln enclosures
@pytest.mark.parametrize("q", [F(2), F(-2), F(1, 2**200), F(-1, 2**200)],
                         ids=["2", "-2", "2^-200", "-2^-200"])
def test_exp_encloses_the_true_value_at_the_reduction_edge_and_below_the_working_bits(
        q: F) -> None:
    """exp(+-2): the argument is halved until |t| <= 1/2 before 40 Taylor terms are summed
    (a reduction stopped at |t| <= 2 leaves a tail of about 2^-119, above the 128-bit rounding).
    exp(+-2^-200): the argument is below the 160 working bits, so the sum is exactly 1 (or
    1 - 2^-160) and only the +-100-ulp margin on *both* sides keeps exp(q) > 1 (< 1) inside."""
    value = arith.exp(q)
    lo, hi = _true(lambda iv, x: iv.exp(x), q)
    assert value.lo <= lo and hi <= value.hi, (q, value)
    assert value.hi - value.lo <= F(1, 2**120) * hi


@pytest.mark.parametrize("q", [F(1), 1 + F(1, 2**100), 1 + F(1, 10**9)],
                         ids=["1", "1+2^-100", "1+1e-9"])
def test_ln_at_and_just_above_one_is_enclosed_to_the_series_precision(q: F) -> None:
    """ln y for y in [1, 2) is 2 atanh((y-1)/(y+1)) summed at 160 working bits with a 1000-ulp
    margin, so at and just above 1 (ln 1 = 0 included: y = 1 must not be moved to y = 2 with
    k - 1, which gives ln 2 - ln 2, 2^-128 wide) the enclosure is within 2^-149 absolute and
    contains the true value.  (Just *below* 1 the checker computes ln(2q) - ln 2 and is only
    2^-128 tight in absolute terms: sound, and not claimed here.)"""
    value = arith.ln(q)
    lo, hi = _true(lambda iv, x: iv.log(x), q)
    assert value.lo <= lo and hi <= value.hi, (q, value)
    assert value.hi - value.lo <= F(1, 2**148)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: arith.ln(F(0)), "ln of a non-positive number 0"),
    (lambda: arith.ln(F(-3, 2)), "ln of a non-positive number -3/2"),
    (lambda: arith.ln(Interval(F(0), F(1))), "ln of a non-positive number 0"),
    (lambda: arith.log(F(0), F(2)), "ln of a non-positive number 0"),
    (lambda: evaluate("log2(0)", {}), "ln of a non-positive number 0"),
    (lambda: arith.sqrt(F(-1)), "sqrt of a negative number"),
    (lambda: arith.sqrt(Interval(F(-1), F(4))), "sqrt of a negative number"),
    (lambda: arith.div(F(1), Interval(F(-1), F(1))), "division by an interval that contains 0"),
    (lambda: arith.div(arith.E, F(0)), "division by an interval that contains 0"),
    (lambda: arith.ceil(Interval(F(1, 2), F(3, 2))), "ceil undecided on [0.5, 1.5]"),
    (lambda: arith.floor(Interval(F(1, 2), F(3, 2))), "floor undecided on [0.5, 1.5]"),
], ids=["ln0", "ln-neg", "ln-iv0", "log2-0", "log2-0-expr", "sqrt-neg", "sqrt-iv-neg",
        "div-iv0", "div-0", "ceil", "floor"])
def test_arithmetic_refusals_word_for_word(call: Callable[[], Any], message: str) -> None:
    """Outside its domain the arithmetic refuses (never an answer: log2(0) is not -1, ln(0) is
    not a finite interval), and the refusal says what it refused, word for word."""
    with pytest.raises(ArithmeticError, match=_exactly(message)):
        call()


@pytest.mark.parametrize(("x", "exact"), [
    (F(8), F(3)), (F(1, 8), F(-3)), (F(1, 2), F(-1)), (F(1), F(0)), (F(4, 1), F(2))])
def test_log2_of_a_power_of_two_is_exact(x: F, exact: F) -> None:
    """log2 of 2^k (k of either sign) is the rational k, not an enclosure of it."""
    assert arith.log(x, F(2)) == exact
    assert isinstance(arith.log(x, F(2)), F)


@pytest.mark.parametrize("x", [F(1, 3), F(3), F(7, 4), F(4, 7), F(1, 7)])
def test_log2_of_other_rationals_encloses_the_true_value(x: F) -> None:
    """Not a power of two (denominators 3 and 7 are 2^j - 1, not 2^j): an enclosure of the
    true log2 x, never an integer."""
    value = arith.log(x, F(2))
    lo, hi = _true(lambda iv, v: iv.log(v) / iv.log(2), x)
    assert isinstance(value, Interval)
    assert value.lo <= lo and hi <= value.hi
    assert value.hi - value.lo <= F(1, 2**120)


# ------------------------------------------------------------------ sqrt
@pytest.mark.parametrize(("x", "root"), [
    (F(0), F(0)), (F(4), F(2)), (F(9, 4), F(3, 2)), (F(1, 4), F(1, 2)), (F(49, 9), F(7, 3))])
def test_sqrt_of_a_rational_square_is_exact(x: F, root: F) -> None:
    """sqrt of the square of a rational (0 included) is that rational, exactly."""
    assert arith.sqrt(x) == root
    assert isinstance(arith.sqrt(x), F)


@pytest.mark.parametrize("x", [F(2), F(3), F(10**12 + 1), F(5, 4)])
def test_sqrt_of_a_non_square_is_one_dyadic_step_wide(x: F) -> None:
    """A non-square: lo^2 <= x <= hi^2 (exactly), lo and hi one step of 2^-PREC apart (x 2^256
    is an integer here, so no rounding of x widens the bracket)."""
    value = arith.sqrt(x)
    assert isinstance(value, Interval)
    assert value.lo >= 0 and value.lo**2 <= x <= value.hi**2
    assert value.hi - value.lo == F(1, 2**arith.PREC)


def test_sqrt_of_an_interval_from_zero() -> None:
    """[0, 4] has the root range [0, 2]: 0 is allowed at the low end."""
    value = arith.sqrt(Interval(F(0), F(4)))
    assert value.lo == 0 and F(2) <= value.hi <= 2 + F(1, 2**arith.PREC)


# ------------------------------------------------------------------ ipow
def _image(lo: F, hi: F, k: int) -> Interval:
    """The exact range of t^k over [lo, hi] (k >= 1): t^k is monotone on each side of 0, so the
    extremes are at lo, hi and (if inside) 0."""
    points = [lo, hi] + ([F(0)] if lo <= 0 <= hi else [])
    values = [p**k for p in points]
    return Interval(min(values), max(values))


@pytest.mark.parametrize(("lo", "hi", "k"), [
    (F(-1), F(2), 2), (F(-1), F(1, 2), 2), (F(-1, 2), F(1, 2), 2), (F(-3), F(1), 4),
    (F(-1), F(2), 3), (F(-2), F(-1), 2), (F(1, 2), F(2), 2), (F(0), F(2), 2), (F(-2), F(0), 2),
    (F(-2), F(3), 1)])
def test_integer_power_of_an_interval_is_its_exact_range(lo: F, hi: F, k: int) -> None:
    """x^k over an interval is exactly the range of t^k (0 is the minimum of an even power when
    the interval contains 0, at either end or inside; odd powers are monotone)."""
    assert arith.ipow(Interval(lo, hi), k) == _image(lo, hi, k)


@pytest.mark.parametrize(("lo", "hi", "k", "expected"), [
    (F(2), F(3), -1, Interval(F(1, 3), F(1, 2))),
    (F(-2), F(-1), -2, Interval(F(1, 4), F(1))),
    (F(1, 2), F(2), -3, Interval(F(1, 8), F(8))),
])
def test_negative_power_of_an_interval_is_the_reciprocal_range(
        lo: F, hi: F, k: int, expected: Interval) -> None:
    """x^-k = 1 / x^k over an interval without 0."""
    assert arith.ipow(Interval(lo, hi), k) == expected


def test_zeroth_power_of_an_enclosure_is_exactly_one() -> None:
    """x^0 = 1 exactly, for an enclosure as for a rational (e ** 0 in a certificate)."""
    assert arith.ipow(arith.E, 0) == F(1)
    assert evaluate("e ** 0", {}) == F(1)
    assert isinstance(evaluate("e ** 0", {}), F)


# ------------------------------------------------------------------ compare
_UNDECIDED = "undecided"


@pytest.mark.parametrize(("x", "op", "y", "expected"), [
    # y = [0, 1] touches x = [1, 2] at 1: x >= y always, x > y and x == y not decided
    ((1, 2), "<", (0, 1), False),
    ((1, 2), "<=", (0, 1), _UNDECIDED),
    ((1, 2), ">", (0, 1), _UNDECIDED),
    ((1, 2), ">=", (0, 1), True),
    ((1, 2), "==", (0, 1), _UNDECIDED),
    ((1, 2), "!=", (0, 1), _UNDECIDED),
    ((0, 1), "<", (1, 2), _UNDECIDED),
    ((0, 1), "<=", (1, 2), True),
    ((0, 1), ">", (1, 2), False),
    ((0, 1), "==", (1, 2), _UNDECIDED),
    # the same point on both sides
    ((1, 1), ">", (1, 1), False),
    ((1, 1), "<", (1, 1), False),
    ((1, 1), ">=", (1, 1), True),
    ((1, 1), "<=", (1, 1), True),
    # disjoint
    ((2, 3), "==", (0, 1), False),
    ((2, 3), "!=", (0, 1), True),
    ((0, 1), "!=", (2, 3), True),
    ((2, 3), ">", (0, 1), True),
    ((0, 1), ">", (2, 3), False),
])
def test_comparison_of_touching_enclosures(x: tuple[int, int], op: str, y: tuple[int, int],
                                           expected: Any) -> None:
    """An enclosure comparison is True (False) only if it holds (fails) for every pair of values
    of the two intervals; where they touch and the pair at the common end point decides
    otherwise, it is undecided (raises), never guessed."""
    a, b = Interval(F(x[0]), F(x[1])), Interval(F(y[0]), F(y[1]))
    if expected == _UNDECIDED:
        with pytest.raises(arith.Undecided):
            arith.compare(a, op, b)
    else:
        assert arith.compare(a, op, b) is expected


@pytest.mark.parametrize(("x", "y"), [
    ((F(1), F(2)), F(1)), (F(1), (F(1), F(2))), ((F(1),), Interval(F(1), F(1)))])
@pytest.mark.parametrize("op", ["==", "!="])
def test_a_vector_against_a_number_is_refused(x: Any, op: str, y: Any) -> None:
    """A vector compares only with a vector: against a number the comparison is refused with
    the checker's own message, not an error of Python's."""
    message = f"vectors compare only with == and != (got {op!r})"
    with pytest.raises(ValueError, match=_exactly(message)):
        arith.compare(x, op, y)


def test_an_unknown_comparison_of_enclosures_is_refused() -> None:
    with pytest.raises(ValueError, match=_exactly("unknown comparison '<>'")):
        arith.compare(Interval(F(0), F(1)), "<>", Interval(F(2), F(3)))


# ------------------------------------------------------------------ the expression language
def test_unary_plus_keeps_and_unary_minus_negates() -> None:
    """``+x`` is x and ``-x`` is its negation, for rationals and enclosures."""
    x = Interval(F(1), F(2))
    assert evaluate("+3", {}) == F(3)
    assert evaluate("-3", {}) == F(-3)
    assert evaluate("+x", {"x": x}) == x
    assert evaluate("-x", {"x": x}) == Interval(F(-2), F(-1))
    assert evaluate("-(+3)", {}) == F(-3)


@pytest.mark.parametrize(("index", "shown"), [
    (F(1, 2), "Fraction(1, 2)"), (Interval(F(1), F(1)), "[1, 1]")])
def test_a_vector_index_must_be_an_integer(index: Any, shown: str) -> None:
    """v[i] needs an integer i: a fraction is not truncated, an enclosure is refused."""
    v = (F(10), F(20))
    assert evaluate("v[i]", {"v": v, "i": F(1)}) == F(20)
    with pytest.raises(ValueError, match=_exactly(f"expected an integer, got {shown}")):
        evaluate("v[i]", {"v": v, "i": index})


_IFEXP = "x if y else z"


def test_an_expression_outside_the_language_is_quoted_in_80_characters() -> None:
    """The refusal of a construct the language lacks quotes the first 80 characters of its
    syntax tree (checker and SMT translation alike)."""
    dump = ast.dump(ast.parse(_IFEXP, mode="eval").body)
    assert len(dump) > 81
    with pytest.raises(ValueError, match=_exactly(f"expression not allowed: {dump[:80]}")):
        evaluate(_IFEXP, {})
    formula = Formula(vars=(("x", "real"), ("y", "real"), ("z", "real")), hyps=(),
                      goals=((_IFEXP, ">=", "0"),))
    with pytest.raises(FormulaError,
                       match=_exactly(f"SMT: not a polynomial expression: {dump[:80]}")):
        smt_script(formula)


# ------------------------------------------------------------------ values and names
def test_an_empty_interval_is_refused_word_for_word() -> None:
    """[lo, hi] with lo > hi is no enclosure of anything; a point [q, q] is one."""
    assert Interval(F(1, 3), F(1, 3)).lo == F(1, 3)
    with pytest.raises(ValueError, match=_exactly("empty interval [2, 1/2]")):
        Interval(F(2), F(1, 2))


@pytest.mark.parametrize(("raw", "value"), [
    (3, F(3)), ("2/4", F(1, 2)), ([1, "-1/3"], (F(1), F(-1, 3))),
    ({"lo": "1/3", "hi": "1/2"}, Interval(F(1, 3), F(1, 2))),
    ({"hi": 2, "lo": 1}, Interval(F(1), F(2)))])
def test_certificate_values_are_read_exactly(raw: Any, value: Any) -> None:
    """A certificate's JSON value: an int, "p/q", a list (a vector) or {"lo", "hi"}."""
    assert parse_value(raw) == value


@pytest.mark.parametrize(("raw", "message"), [
    (True, "booleans are not numbers"),
    ("1/x", "not a rational: '1/x'"),
    (1.5, "not a certificate value: 1.5"),
    (None, "not a certificate value: None"),
    ({"lo": 1}, "not a certificate value: {'lo': 1}"),
    ({"lo": 1, "hi": 2, "mid": 1}, "not a certificate value: {'lo': 1, 'hi': 2, 'mid': 1}"),
], ids=["bool", "text", "float", "null", "lo-only", "extra-key"])
def test_other_certificate_values_are_refused_word_for_word(raw: Any, message: str) -> None:
    """Anything else is refused (no float, no boolean, no interval with other keys)."""
    with pytest.raises(ValueError, match=_exactly(message)):
        parse_value(raw)


@pytest.mark.parametrize(("lo", "hi"), [
    (F(1, 2), F(2)), (F(0), F(2)), (F(-2), F(0)), (F(-2), F(-1, 2)), (F(-1), F(1, 2)),
    (F(-1, 2), F(3)), (F(-3), F(1))])
def test_abs_of_an_interval_is_its_exact_range(lo: F, hi: F) -> None:
    """abs over [lo, hi] is the range of |t|: its ends and, if inside, 0."""
    points = [abs(lo), abs(hi)] + ([F(0)] if lo <= 0 <= hi else [])
    assert FUNCTIONS["abs"](Interval(lo, hi)) == Interval(min(points), max(points))
    assert FUNCTIONS["abs"](lo) == abs(lo)


@pytest.mark.parametrize(("claim", "name"), [
    ("S5.case2-away", "S5_case2_away"), ("Lemma8.aB", "Lemma8_aB"), ("zeta", "zeta"),
    ("T.1", "T_1")])
def test_coq_names_keep_letters_and_digits(claim: str, name: str) -> None:
    """A claim's Coq identifier: every character but letters and digits becomes "_"."""
    assert coq_name(claim) == name


@pytest.mark.parametrize("claim", ["2x", "_a", "-b", ""])
def test_a_claim_id_without_a_coq_name_is_refused(claim: str) -> None:
    with pytest.raises(FormulaError, match=_exactly(f"claim id {claim!r} has no Coq name")):
        coq_name(claim)


def test_smt_translation_writes_constants_and_comparisons_exactly() -> None:
    """The SMT-LIB statement writes each rational exactly (sign, numerator, denominator as
    reals) and each comparison as itself (``!=`` as a negated ``=``): the solver must see the
    formula the claim states, not a neighbour of it."""
    formula = Formula(vars=(("x", "real"), ("k", "int")),
                      hyps=(("x", ">", "c"), ("k", "<", "d")),
                      goals=(("x", "!=", "h"), ("k", "<=", "d"), ("x + z", ">=", "-x"),
                             ("x", "==", "1/2"), ("2*x", "<", "k"), ("x", ">", "u")),
                      consts=(("c", "-3/4"), ("h", "1/2"), ("d", "5"), ("z", "0"),
                              ("u", "-2")))
    assert smt_script(formula) == (
        "(set-logic ALL)\n(declare-const x Real)\n(declare-const k Int)\n"
        "(assert (> x (- (/ 3.0 4.0))))\n(assert (< (to_real k) 5.0))\n"
        "(assert (not (and (not (= x (/ 1.0 2.0))) (<= (to_real k) 5.0) (>= (+ x 0.0) (- x)) "
        "(= x (/ 1.0 2.0)) (< (* 2.0 x) (to_real k)) (> x (- 2.0)))))\n(check-sat)\n")


def test_rational_arithmetic_stays_exact_and_interval_arithmetic_is_the_range() -> None:
    """+ - * / ** on rationals give the exact rational; on intervals each operation gives the
    exact range over its operands (so x ** 2 - x is [1, 4] - [1, 2] = [-1, 3]: sound, and
    wider than the range [0, 2] of t^2 - t, as interval arithmetic is)."""
    x, y = Interval(F(1), F(2)), Interval(F(0), F(1, 2))
    assert evaluate("2/3 * 3/4 - 1/6", {}) == F(1, 3)
    assert evaluate("2 ** 3 - 2 ** -2", {}) == F(31, 4)
    assert evaluate("x - y", {"x": x, "y": y}) == Interval(F(1, 2), F(2))
    assert evaluate("x - 1/2", {"x": x}) == Interval(F(1, 2), F(3, 2))
    assert evaluate("x ** 2 - x", {"x": x}) == Interval(F(-1), F(3))


@pytest.mark.parametrize(("expr", "base", "exponent"), [
    ("(1/4) ** (1/2)", F(1, 4), F(1, 2)), ("8 ** (-1/3)", F(8), F(-1, 3)),
    ("(3/2) ** (5/2)", F(3, 2), F(5, 2))])
def test_a_real_power_encloses_the_true_value(expr: str, base: F, exponent: F) -> None:
    """x ** y for a non-integer y is exp(y ln x): an enclosure of the true power (1/2, 1/2,
    (3/2)^(5/2)), not an integer power of x."""
    value = evaluate(expr, {})
    lo, hi = _true(lambda iv, b: iv.exp(iv.log(b) * iv.mpf(exponent.numerator)
                                        / exponent.denominator), base)
    assert isinstance(value, Interval)
    assert value.lo <= lo and hi <= value.hi
    assert value.hi - value.lo <= F(1, 2**120)
