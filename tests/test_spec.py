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
