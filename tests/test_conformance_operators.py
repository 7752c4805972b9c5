"""The operator level: step operators judged against their exact one-step laws."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from zonemax.reference.spec import AlgorithmSpec

from zonemax.conformance import check
from zonemax.conformance.operators import FAMILIES, TAIL, operator_profile, operator_spec
from zonemax.conformance.planted import geom_op, heavy_condition_op, power_op

DRAWS = 8000  # the default level (the error rate holds at any size)


def claimed_consistent(result) -> bool:  # type: ignore[no-untyped-def]
    """The claimed operator's law is consistent (below the default 20,000 draws the verdict is
    at best inconclusive)."""
    return result.errored is None and result.paper_variant in result.consistent_variants


def reference_op(algorithm: str, **params: Any):  # type: ignore[no-untyped-def]
    step = AlgorithmSpec(algorithm, (1,), **params).step_operator()

    def op(x, *, rng, **_params):  # type: ignore[no-untyped-def]
        s = step.sample(2**40, rng)
        return x + (2**41 if s is None else s)  # a step longer than 2^40 (never in a cell)

    return op


@pytest.mark.parametrize(("algorithm", "params"), [
    ("ea-pm1", {}),
    ("ea-heavy", {"eps": 1}),
    ("rls-heavy", {"eps": "1/2", "truncate": "clip", "r": 16}),
    ("ea-heavy", {"eps": 1, "truncate": "condition", "r": 100}),
    ("ea-geom", {}),
    ("rls-geom", {"geom_q": "1/2"}),
    ("ea-power", {}),
])
def test_reference_operators_conform(algorithm: str, params: dict[str, Any]) -> None:
    result = check(algorithm, operator=reference_op(algorithm, **params), params=params,
                   seed=3, runs=DRAWS)
    assert claimed_consistent(result), result.report()
    assert result.status == "inconclusive" and "below the pre-registered 20000" in result.reason
    assert result.level == "operator"


def test_laws_sum_to_one() -> None:
    for algorithm, params in [("ea-heavy", {"eps": 1}), ("ea-geom", {}), ("ea-power", {}),
                              ("ea-heavy", {"eps": 1, "truncate": "clip", "r": 20})]:
        profile = operator_profile(FAMILIES[algorithm], operator_spec(algorithm, params))
        for _name, items, _same in profile.laws:
            lo = sum((e[0] for _, e in items), Fraction(0))
            hi = sum((e[1] for _, e in items), Fraction(0))
            # c_eps is enclosed to about 1.7e-6 (zonemax.exact.heavy_law); the others to 1e-15
            assert lo <= 1 <= hi and hi - lo < Fraction(1, 10**5)


def test_heavy_truncation_is_named() -> None:
    # condition to r = 16, claimed untruncated: rejected, and named
    result = check("ea-heavy", operator=heavy_condition_op(1.0, 16), params={"eps": 1}, seed=4,
                   runs=DRAWS)
    assert not result.conforms
    assert result.consistent_variants == ("truncate=condition,r=16",)
    # the same implementation claimed with its truncation conforms
    ok = check("ea-heavy", operator=heavy_condition_op(1.0, 16),
               params={"eps": 1, "truncate": "condition", "r": 16}, seed=4, runs=DRAWS)
    assert claimed_consistent(ok), ok.report()
    # the log base cancels in the law: it is reported as the same law
    assert ok.verdict("log-base=e").same_law_as == "truncate=condition"


def test_geom_and_power() -> None:
    q = 2**0.5 - 1  # mean step length 1, the default
    assert claimed_consistent(check("ea-geom", operator=geom_op(q), seed=5, runs=DRAWS))
    signed = check("ea-geom", operator=geom_op(q, "signed-geometric"), seed=5, runs=DRAWS)
    assert signed.consistent_variants == ("signed-geometric",)
    assert claimed_consistent(check("rls-power", operator=power_op(1.5), seed=6, runs=DRAWS))
    wrong = check("rls-power", operator=power_op(2.0), seed=6, runs=DRAWS)
    assert not wrong.conforms and wrong.consistent_variants == ()


def test_bad_operators() -> None:
    def floats(x, *, rng):  # type: ignore[no-untyped-def]
        return x + 0.5

    def constant(x, *, rng):  # type: ignore[no-untyped-def]
        return x + 1

    assert "must be an int" in (check("ea-pm1", operator=floats, runs=100).errored or "")
    assert "use the rng" in (check("ea-pm1", operator=constant, runs=100).errored or "")
    with pytest.raises(ValueError, match="needs its range"):
        check("ea-heavy", operator=constant, params={"truncate": "clip"})
    with pytest.raises(ValueError, match="operator=FUNCTION"):
        check("ea-power")
    assert TAIL == "tail"


@pytest.mark.conformance
@pytest.mark.timeout(900)
@pytest.mark.parametrize(("algorithm", "params"), [
    ("rls-pm1", {}),
    ("rls-heavy", {"eps": 1}),
    ("ea-heavy", {"eps": 1, "truncate": "clip", "r": 16}),
    ("rls-geom", {}),
    ("rls-power", {"power_exponent": 2}),
])
def test_reference_operators_full_size(algorithm: str, params: dict[str, Any]) -> None:
    result = check(algorithm, operator=reference_op(algorithm, **params), params=params, seed=9)
    assert result.conforms, result.report()


@pytest.mark.conformance
@pytest.mark.timeout(900)
def test_planted_operators_full_size() -> None:
    clip_claimed_none = check("ea-heavy", operator=heavy_condition_op(1.0, 16),
                              params={"eps": 1}, seed=10)
    assert clip_claimed_none.consistent_variants == ("truncate=condition,r=16",)
    signed = check("rls-geom", operator=geom_op(2**0.5 - 1, "signed-geometric"), seed=11)
    assert signed.consistent_variants == ("signed-geometric",)
