"""The algorithm specification: validation, defaults and refusal of unused parameters."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from zonemax.reference.params import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_EPS
from zonemax.reference.spec import ALGORITHMS, AlgorithmSpec


def test_defaults_are_the_papers() -> None:
    heavy = AlgorithmSpec("ea-heavy", (3, -2))
    assert heavy.eps == DEFAULT_EPS == Fraction(1, 1000)  # Section 6
    assert heavy.log_base == 2 and heavy.truncate == "none" and heavy.r is None
    rls = AlgorithmSpec("rls-ab", (3,))
    assert (rls.alpha, rls.beta) == (DEFAULT_ALPHA, DEFAULT_BETA) == (Fraction(17, 10),
                                                                      Fraction(9, 10))
    assert rls.theorem9_violations() == ()
    clip = AlgorithmSpec("ea-heavy", (7, -40), truncate="clip")
    assert clip.r == 40  # |a|_inf


def test_reals_are_read_exactly() -> None:
    spec = AlgorithmSpec("rls-ab", (3,), alpha=2.0, beta="1/2")  # type: ignore[arg-type]
    assert (spec.alpha, spec.beta) == (Fraction(2), Fraction(1, 2))
    assert AlgorithmSpec("ea-heavy", (1,), eps=0.001).eps == Fraction(1, 1000)  # type: ignore[arg-type]
    assert spec.outside_theorem_message() is not None
    assert spec.theorem9_violations() == ("1/2 < beta <= 0.9", "2*alpha*beta - alpha - beta > 0")


def test_params_and_with_target() -> None:
    spec = AlgorithmSpec("ea-heavy", (5, 5), eps=Fraction(1, 2), truncate="condition")
    assert spec.params() == {"n": 2, "a": [5, 5], "eps": "1/2", "log_base": "2",
                             "truncate": "condition", "r": 5}
    moved = spec.with_target((9, 9, 9))
    assert moved.a == (9, 9, 9) and moved.r == 5 and moved.eps == spec.eps


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"algorithm": "cma"}, ValueError, "unknown algorithm"),
    ({"algorithm": "ea-pm1", "eps": Fraction(1, 10)}, ValueError, "ea-heavy"),
    ({"algorithm": "ea-pm1", "log_base": "e"}, ValueError, "ea-heavy"),
    ({"algorithm": "rls-pm1", "alpha": Fraction(2)}, ValueError, "rls-ab"),
    ({"algorithm": "ea-heavy", "eps": Fraction(-1)}, ValueError, "eps must be > 0"),
    ({"algorithm": "ea-heavy", "r": 5}, ValueError, "truncate"),
    ({"algorithm": "ea-heavy", "truncate": "cut"}, ValueError, "truncate"),
    ({"algorithm": "ea-heavy", "truncate": "clip", "r": 0}, ValueError, "r must be"),
    ({"algorithm": "ea-heavy", "log_base": 1}, ValueError, "log_base"),
    ({"algorithm": "rls-ab", "beta": Fraction(3, 2)}, ValueError, "beta must lie"),
    ({"algorithm": "rls-ab", "alpha": Fraction(1)}, ValueError, "alpha must be > 1"),
    ({"algorithm": "ea-pm1", "a": (1.0, 2)}, TypeError, "integers"),
    ({"algorithm": "ea-pm1", "a": ()}, ValueError, "at least one position"),
    ({"algorithm": "cma-wm", "a": (3, 4)}, ValueError, "all-r"),
])
def test_bad_specs_are_refused(kwargs: dict[str, Any], error: type[Exception],
                               message: str) -> None:
    args: dict[str, Any] = {"a": (3, 1)}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        AlgorithmSpec(**args)


def test_every_algorithm_has_a_description() -> None:
    for name in ALGORITHMS:
        a = (3, 3)
        assert AlgorithmSpec(name, a).description == ALGORITHMS[name]


# ---------------------------------------------------------------------------------------------
# the step operators beyond the paper (issue 15)
# ---------------------------------------------------------------------------------------------
def test_new_operator_defaults_are_set_once() -> None:
    from zonemax.reference import DoubleGeometric, PowerLaw
    from zonemax.reference.params import DEFAULT_GEOM_MEAN, DEFAULT_POWER_EXPONENT

    for name in ("ea-geom", "rls-geom"):
        spec = AlgorithmSpec(name, (3, -2))
        assert spec.geom_mean == DEFAULT_GEOM_MEAN == 1 and spec.geom_q is None
        assert spec.params() == {"n": 2, "a": [3, -2], "geom_mean": "1"}
        op = spec.step_operator()
        assert isinstance(op, DoubleGeometric) and op.mean == 1 and op.q is None
    for name in ("ea-power", "rls-power"):
        spec = AlgorithmSpec(name, (3,))
        assert spec.power_exponent == DEFAULT_POWER_EXPONENT == Fraction(3, 2)
        assert spec.params() == {"n": 1, "a": [3], "power_exponent": "3/2"}
        op = spec.step_operator()
        assert isinstance(op, PowerLaw) and op.beta == Fraction(3, 2)
    # nothing new leaks into the paper's algorithms
    pm1 = AlgorithmSpec("ea-pm1", (3,))
    assert (pm1.geom_q, pm1.geom_mean, pm1.power_exponent) == (None, None, None)


def test_new_operator_parameters_are_read_exactly() -> None:
    spec = AlgorithmSpec("ea-geom", (4,), geom_q=0.5)  # type: ignore[arg-type]
    assert spec.geom_q == Fraction(1, 2) and spec.geom_mean is None
    assert spec.params()["geom_q"] == "1/2"
    assert AlgorithmSpec("rls-geom", (4,), geom_mean="4/3").geom_mean == Fraction(4, 3)  # type: ignore[arg-type]
    assert AlgorithmSpec("rls-power", (4,), power_exponent=1.1).power_exponent == Fraction(11, 10)  # type: ignore[arg-type]
    moved = spec.with_target((9, 9))
    assert moved.geom_q == Fraction(1, 2) and moved.a == (9, 9)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"algorithm": "ea-pm1", "geom_q": Fraction(1, 2)}, ValueError, "ea-geom and rls-geom"),
    ({"algorithm": "ea-heavy", "geom_mean": Fraction(2)}, ValueError, "ea-geom and rls-geom"),
    ({"algorithm": "rls-ab", "power_exponent": Fraction(2)}, ValueError, "ea-power and rls-power"),
    ({"algorithm": "ea-geom", "power_exponent": Fraction(2)}, ValueError, "ea-power"),
    ({"algorithm": "ea-power", "geom_q": Fraction(1, 2)}, ValueError, "ea-geom"),
    ({"algorithm": "ea-geom", "geom_q": Fraction(1, 2), "geom_mean": Fraction(1)}, ValueError,
     "not both"),
    ({"algorithm": "ea-geom", "geom_q": Fraction(1)}, ValueError, "geom_q must lie in"),
    ({"algorithm": "rls-geom", "geom_mean": Fraction(0)}, ValueError, "geom_mean"),
    ({"algorithm": "ea-power", "power_exponent": Fraction(1)}, ValueError, "must be > 1"),
    ({"algorithm": "rls-power", "power_exponent": "x"}, ValueError, "number"),
    ({"algorithm": "ea-geom", "eps": Fraction(1)}, ValueError, "ea-heavy"),
    ({"algorithm": "rls-power", "alpha": Fraction(2)}, ValueError, "rls-ab"),
    ({"algorithm": "ea-power", "truncate": "clip"}, ValueError, "ea-heavy"),
], ids=["pm1-q", "heavy-mean", "ab-exponent", "geom-exponent", "power-q", "geom-both", "q=1",
        "mean=0", "exponent=1", "exponent-text", "geom-eps", "power-alpha", "power-truncate"])
def test_new_operator_parameters_are_refused_where_they_do_not_apply(
        kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    args: dict[str, Any] = {"a": (3, 1)}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        AlgorithmSpec(**args)


@pytest.mark.parametrize("name", ["ea-geom", "rls-geom", "ea-power", "rls-power"])
def test_new_algorithms_run_with_the_reference(name: str) -> None:
    from zonemax.reference import run

    spec = AlgorithmSpec(name, (3, -2, 0))
    first = run(spec, rng=7)
    assert first.solved and first.x == (3, -2, 0) and first.f == 0
    assert run(spec, rng=7) == first  # SPEC 7: the seed fixes the run
    censored = run(spec, rng=7, budget=1)
    assert not censored.solved and censored.evaluations == 1
