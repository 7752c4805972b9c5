"""The step operators' empirical frequencies match their exact laws (chi-square, fixed seeds).

Pre-registration: each case draws ``SAMPLES`` steps from a fixed seed and runs one chi-square
goodness-of-fit test at level ``ALPHA`` (cells with expected count below ``MIN_EXPECTED`` are
pooled).  With ``len(CASES)`` tests the family-wise error on correct code is at most
``len(CASES) * ALPHA`` (Bonferroni), i.e. below 1e-3.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest
from scipy import stats
from zonemax.reference import HeavyTailed, PlusMinusOne, c_epsilon
from zonemax.reference.operators import StepOperator

SAMPLES = 60_000
ALPHA = 5e-5  # per test; 16 tests -> family-wise error <= 8e-4
MIN_EXPECTED = 5.0  # the usual chi-square validity rule for expected cell counts
SEED = 20231121

CASES: list[tuple[str, StepOperator, int]] = [
    ("pm1", PlusMinusOne(), 2),
    ("heavy eps=1/2 base 2", HeavyTailed(Fraction(1, 2)), 2**12),
    ("heavy eps=1 base e", HeavyTailed(1, log_base="e"), 2**12),
    ("heavy eps=0.001 limit 2^40", HeavyTailed(Fraction(1, 1000)), 2**40),
    ("heavy eps=0.001 limit 3", HeavyTailed(Fraction(1, 1000)), 3),
    ("heavy eps=0.001 limit 10^30", HeavyTailed(Fraction(1, 1000)), 10**30),
    ("condition eps=0.001 r=1000", HeavyTailed(Fraction(1, 1000), truncate="condition", r=1000),
     2**20),
    ("condition eps=0.001 r=1000 limit 100",
     HeavyTailed(Fraction(1, 1000), truncate="condition", r=1000), 100),
    ("clip eps=0.001 r=1000", HeavyTailed(Fraction(1, 1000), truncate="clip", r=1000), 2**20),
    ("clip eps=0.001 r=1024 (power of 2)",
     HeavyTailed(Fraction(1, 1000), truncate="clip", r=1024), 2**20),
    ("clip eps=0.001 r=1000 limit 999",
     HeavyTailed(Fraction(1, 1000), truncate="clip", r=1000), 999),
    ("clip eps=1/2 r=7", HeavyTailed(Fraction(1, 2), truncate="clip", r=7), 50),
    ("condition eps=1/2 r=7", HeavyTailed(Fraction(1, 2), truncate="condition", r=7), 50),
    ("heavy eps=0.01 base e", HeavyTailed(Fraction(1, 100), log_base="e"), 2**30),
    ("clip eps=0.01 base e r=10^12",
     HeavyTailed(Fraction(1, 100), log_base="e", truncate="clip", r=10**12), 10**13),
    ("condition eps=0.001 r=10^12",
     HeavyTailed(Fraction(1, 1000), truncate="condition", r=10**12), 10**13),
]


@pytest.mark.parametrize(("name", "op", "limit"), CASES, ids=[c[0] for c in CASES])
def test_empirical_law_matches_exact_law(name: str, op: StepOperator, limit: int) -> None:
    law = op.step_distribution(limit)
    total = mpmath.fsum(law.values())
    assert abs(total - 1) < mpmath.mpf(10) ** -25, f"law does not sum to 1: {total}"
    assert all(p >= 0 for p in law.values())
    rng = np.random.default_rng(np.random.SeedSequence([SEED, len(name)]))
    counts: dict[int | None, int] = dict.fromkeys(law, 0)
    for _ in range(SAMPLES):
        s = op.sample(limit, rng)
        assert s in counts, f"sampled {s} outside the support of the exact law"
        counts[s] += 1
    keys = sorted(law, key=lambda k: (k is None, 0 if k is None else k))
    expected = [float(law[k]) * SAMPLES for k in keys]
    observed = [counts[k] for k in keys]
    # pool the small cells into one
    big = [i for i, e in enumerate(expected) if e >= MIN_EXPECTED]
    small = [i for i, e in enumerate(expected) if e < MIN_EXPECTED]
    exp_cells = [expected[i] for i in big] + ([sum(expected[i] for i in small)] if small else [])
    obs_cells = [observed[i] for i in big] + ([sum(observed[i] for i in small)] if small else [])
    if len(exp_cells) < 2:
        assert obs_cells == [SAMPLES]
        return
    scale = sum(obs_cells) / sum(exp_cells)  # remove float round-off in the total
    p = stats.chisquare(obs_cells, [e * scale for e in exp_cells]).pvalue
    assert p > ALPHA, f"{name}: chi-square p = {p:.3g}"


def test_pm1_is_symmetric_and_unit() -> None:
    law = PlusMinusOne().step_distribution(5)
    assert law == {1: Fraction(1, 2), -1: Fraction(1, 2)}


def test_heavy_law_mass_for_small_eps_sits_beyond_any_limit() -> None:
    # eps = 0.001: P(I <= 42) is about 0.2% (the mass of usable steps up to 2^40)
    op = HeavyTailed(Fraction(1, 1000))
    p_usable = 1 - op.magnitude_distribution(2**40)[None]
    assert mpmath.mpf("0.001") < p_usable < mpmath.mpf("0.003")


def test_c_epsilon_enclosure_is_tight_and_consistent() -> None:
    for eps in (Fraction(1, 1000), Fraction(1, 2), Fraction(2)):
        for base in (2, "e"):
            c = c_epsilon(eps, base)  # type: ignore[arg-type]
            assert c.lower <= c.upper
            assert c.error < mpmath.mpf(10) ** -8 * c.value
            # more terms give a nested (consistent) enclosure
            c2 = c_epsilon(eps, base, terms=512)  # type: ignore[arg-type]
            assert c2.lower <= c.lower <= c.upper <= c2.upper
    # known integral approximation: c_eps ~ (ln 2)/eps in base 2 for small eps
    c = c_epsilon(Fraction(1, 1000))
    assert abs(c.value - mpmath.log(2) * 1000) < 2


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"eps": 0}, "eps must be > 0"),
        ({"eps": -1}, "eps must be > 0"),
        ({"eps": float("nan")}, "finite"),
        ({"eps": 1, "log_base": 1}, "log_base"),
        ({"eps": 1, "truncate": "cut"}, "truncate"),
        ({"eps": 1, "truncate": "clip"}, "range r"),
        ({"eps": 1, "truncate": "clip", "r": 0}, "range r"),
        ({"eps": 1, "r": 5}, "only used"),
    ],
)
def test_heavy_bad_input(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        HeavyTailed(**kwargs)  # type: ignore[arg-type]


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="limit"):
        HeavyTailed(1).step_distribution(0)
    with pytest.raises(TypeError, match="limit"):
        PlusMinusOne().step_distribution(2.0)  # type: ignore[arg-type]
