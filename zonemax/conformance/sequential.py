r"""Sequential, anytime-valid tests between the exact laws of the catalogue (e-values).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2.  Every catalogued
variant and known bug has an exact law of ``min(T, budget)`` per target
(:mod:`zonemax.conformance.laws`), so the check can weigh them against each other as the runs
arrive and stop as soon as the verdict is decided, instead of spending a fixed sample size.

**The e-value against a law.**  For a law ``v`` (one of the ``K`` distinct laws of the
catalogue) and the runs seen so far (``x_1 .. x_N`` on each target), the e-value is the
likelihood ratio of a mixture of the other ``K - 1`` laws against ``v``,

.. math:: E_v = \sum_{w \ne v} \pi_w \prod_i \frac{q_w(x_i)}{p_v(x_i)} ,

the product running over the runs of every target.  The weights are fixed in advance: against
the paper's law, uniform (``1/(K-1)`` each); against any other law, ``1/2`` on the paper's law
and ``1/(2(K-2))`` on each of the rest.  Favouring the paper's law costs ``log 2`` nats instead
of ``log(K-1)`` when a correct implementation rejects the alternatives (the case that should be
fast), and ``log(2(K-2))`` when an implementation of another law rejects the paper's.  Under ``v`` it is a nonnegative martingale
with mean 1, so by Ville's inequality ``P_v(E_v \ge 1/\alpha`` at *any* time ``) \le \alpha``:
``v`` is rejected once ``E_v >= 1/alpha``, whenever the check looks, and however it decides to
stop (Ramdas, Grünwald, Vovk, Shafer 2023, "Game-theoretic statistics and safe anytime-valid
inference", Statistical Science 38(4)).  A law known only as an enclosure (the heavy-tailed and
power-law steps) enters with its upper bounds in the denominator and its lower bounds in the
numerator, which keeps ``E_v`` a nonnegative supermartingale with mean at most 1 under every law
in the enclosure.  An outcome with probability 0 under ``v`` rejects ``v`` at once (an event of
probability 0 under ``v``).

Against the truth ``p``, ``log E_v`` grows like ``N * KL(p || p_v)`` when the truth is another
catalogued law, as fast as a sequential probability ratio test (Wald 1945) up to the
``log(K - 1)`` of the uniform prior.

**Looks.**  The check looks at the data at the checkpoints of :func:`schedule` (runs per target:
100, then 25% more each time, then the cap), where it stops when at most one law is left
standing.  At the stop the goodness-of-fit tests of :mod:`zonemax.conformance.statistics` (KS,
mean, spread) test the survivors against their own laws: they are fixed-sample tests, valid at a
stopping time only through a union bound over the checkpoints at which the check could have
stopped, so each gets its level divided by the number of checkpoints.

**Error rates.**  Half the family-wise level goes to the e-values, a tenth to an e-value at the
stop against the catalogue's laws with one or two evaluations added per run
(:func:`zonemax.conformance.api.offset_evidence`; an e-value is valid at any stopping time), and
the rest to the goodness-of-fit tests.  A correct implementation is called "does not conform" with probability at most
``FAMILY_LEVEL``.  An implementation that runs another catalogued law ``w`` is called "conforms"
only if ``E_w`` crossed its threshold: probability at most ``FAMILY_LEVEL / 2``.

**Arithmetic.**  The e-values are computed from the counts per outcome, in floats, from logs of
the exact probabilities (numerator and denominator logs separately: no underflow); a law is
rejected only if ``log E_v`` exceeds ``log(1/alpha)`` by a margin of ``1e-9`` times the sum of
the absolute values of the terms added, plus ``1e-9``, far above the float error of that sum
(below ``1e-15`` relative per term and per addition): a rigorous bound, not an estimate.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: Runs per target at the first look.
FIRST_LOOK = 100
#: Each look after the first sees this many times the runs of the one before (rounded up).
GROWTH = Fraction(5, 4)
#: The share of the family-wise level spent on the e-values (the rest: goodness of fit).
E_SHARE = Fraction(1, 2)
#: Relative margin on a log e-value (module docstring, "Arithmetic").
MARGIN = 1e-9


def schedule(cap: int) -> tuple[int, ...]:
    """The runs per target at each look: ``FIRST_LOOK``, then ``GROWTH`` times more (rounded
    up) while below ``cap``, then ``cap``."""
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ValueError(f"cap must be a positive int, got {cap!r}")
    looks: list[int] = []
    n = FIRST_LOOK
    while n < cap:
        looks.append(n)
        n = max(n + 1, math.ceil(n * GROWTH))
    looks.append(cap)
    return tuple(looks)


def log_fraction(p: Fraction) -> float:
    """``log p`` of an exact probability (``-inf`` at 0), from the logs of its integer parts:
    no underflow however small ``p`` is."""
    if p <= 0:
        return -math.inf
    return math.log(p.numerator) - math.log(p.denominator)


@dataclass(frozen=True)
class LogLaw:
    """The logs of one law of ``min(T, budget)`` on one target: ``lower[t] = log P_lo(t)``,
    ``upper[t] = log P_hi(t)`` (equal for an exact law)."""

    lower: np.ndarray
    upper: np.ndarray

    @classmethod
    def of(cls, pmf: Sequence[Fraction], pmf_upper: Sequence[Fraction]) -> LogLaw:
        """From the (lower, upper) probabilities of ``t = 0..budget``."""
        lower = np.array([log_fraction(p) for p in pmf], dtype=float)
        upper = np.array([log_fraction(p) for p in pmf_upper], dtype=float)
        return cls(lower, upper)


@dataclass(frozen=True)
class EValue:
    """The e-value against one law.

    Attributes
    ----------
    law:
        The law (its first name in the catalogue).
    log_e:
        ``log E`` (natural log; ``inf`` when an outcome has probability 0 under the law).
    margin:
        The float error margin subtracted before comparing (module docstring).
    level:
        ``alpha``: the law is rejected when ``log_e - margin >= log(1/alpha)``.
    rejected:
        Whether it is.
    """

    law: str
    log_e: float
    margin: float
    level: float
    rejected: bool

    @property
    def p_value(self) -> float:
        """``min(1, 1/E)`` (after the margin): an anytime-valid p-value."""
        value = self.log_e - self.margin
        return 1.0 if value <= 0 else math.exp(-value)


def _dot(counts: np.ndarray, logs: np.ndarray) -> tuple[float, float]:
    """``(sum c_t log p_t, sum |c_t log p_t|)`` over the outcomes seen (``c_t > 0``)."""
    seen = counts > 0
    terms = counts[seen] * logs[seen]
    if np.any(np.isneginf(terms)):
        return -math.inf, math.inf
    return float(terms.sum()), float(np.abs(terms).sum())


def weights(names: Sequence[str], v: str, favoured: str | None) -> dict[str, float]:
    """The mixture weights ``pi_w`` of the e-value against ``v`` (module docstring)."""
    others = [w for w in names if w != v]
    if favoured is None or favoured == v or favoured not in others or len(others) == 1:
        return {w: 1 / len(others) for w in others}
    rest = len(others) - 1
    return {w: 0.5 if w == favoured else 0.5 / rest for w in others}


def e_values(laws: Mapping[str, Sequence[LogLaw]], counts: Sequence[np.ndarray],
             level: float, favoured: str | None = None,
             against: Sequence[str] | None = None) -> dict[str, EValue]:
    """The e-value against each law of ``laws`` (per law, its :class:`LogLaw` per target) on
    ``counts`` (per target, ``counts[t]`` runs with ``min(T, budget) = t``), each compared with
    ``1/level``; ``favoured`` (the paper's law) gets weight 1/2 in the mixtures against the
    others (module docstring); ``against``: only the e-values against these laws."""
    names = list(laws)
    if len(names) < 2:
        return {v: EValue(v, 0.0, 0.0, level, False) for v in names}
    numerators: dict[str, tuple[float, float]] = {}
    denominators: dict[str, tuple[float, float]] = {}
    for v in names:
        lo = [_dot(c, law.lower) for c, law in zip(counts, laws[v], strict=True)]
        hi = [_dot(c, law.upper) for c, law in zip(counts, laws[v], strict=True)]
        numerators[v] = (sum(x[0] for x in lo), sum(x[1] for x in lo))
        denominators[v] = (sum(x[0] for x in hi), sum(x[1] for x in hi))
    threshold = math.log(1 / level)
    out: dict[str, EValue] = {}
    for v in names if against is None else against:
        denominator, size_v = denominators[v]
        if denominator == -math.inf:  # an outcome impossible under v: rejected with no error
            out[v] = EValue(v, math.inf, 0.0, level, True)
            continue
        pi = weights(names, v, favoured)
        others = [numerators[w] for w in pi]
        finite = [s + math.log(pi[w]) for w, (s, _) in zip(pi, others, strict=True)
                  if s != -math.inf]
        if not finite:
            out[v] = EValue(v, -math.inf, 0.0, level, False)
            continue
        top = max(finite)
        mixture = top + math.log(sum(math.exp(s - top) for s in finite))
        log_e = mixture - denominator
        size = size_v + max(m for s, m in others if s != -math.inf) + abs(mixture)
        margin = MARGIN * (1 + size)
        out[v] = EValue(v, log_e, margin, level, log_e - margin >= threshold)
    return out


def counts_array(counts: Counter[int], budget: int) -> np.ndarray:
    """``counts`` as an array over ``t = 0..budget``."""
    out = np.zeros(budget + 1, dtype=float)
    for t, c in counts.items():
        out[t] = c
    return out
