r"""The one-step drift of the ±1 EA's potential by a dynamic programme over distance classes.

An independent cross-check of :mod:`zonemax.proofs_check.pm1_drift` for *symmetric* states (few
distinct distances, arbitrary multiplicities), practical up to ``n`` in the hundreds.  Notation
as in the proof of Theorem 3: ``omega``, ``g(x) = sum_i (omega^{d_i} - 1)`` (eq. (3)).

Derivation
----------
Group the positions by distance: ``c_k`` positions at distance ``k`` (``sum_k c_k = n``).  In one
iteration (Algorithm 1, line 4; Definition 1) each position is left alone with probability
``1 - 1/n``, moved towards its target with probability ``1/(2n)`` and away with probability
``1/(2n)``; at distance ``0`` both directions move away (probability ``1/n``).  Positions with
equal distance are exchangeable, so for class ``k`` only the numbers ``I_k`` (improved) and
``W_k`` (worsened) matter; their joint law is multinomial,

    P(I_k = i, W_k = w) = c_k! / (i! w! (c_k - i - w)!) (1/(2n))^{i+w} (1 - 1/n)^{c_k - i - w}

(``k = 0``: ``I_0 = 0`` and ``W_0 ~ Bin(c_0, 1/n)``), independently over the classes.  The
fitness changes by ``T = sum_k (W_k - I_k)`` (acceptance iff ``T <= 0``, line 6) and ``g`` by
``sum_k Delta_k`` with ``Delta_k = W_k omega^k (omega-1) - I_k omega^{k-1} (omega-1)``
(``k = 0``: ``W_0 (omega-1)``).

The programme runs over the classes with state ``t`` (the net change of ``f`` so far) and keeps,
for every ``t``, the probability ``nu(t)`` and ``mu(t) = E[(sum of Delta over the classes so far)
1{net = t}]``.  Adding a class with per-class tables ``nu_k(s) = P(W_k - I_k = s)`` and
``mu_k(s) = E[Delta_k 1{W_k - I_k = s}]``:

    nu'(t) = sum_s nu(t - s) nu_k(s),     mu'(t) = sum_s [mu(t - s) nu_k(s) + nu(t - s) mu_k(s)].

At the end ``D = E[g(x) - g(Y)] = - sum_{t <= 0} mu(t)``.  Probabilities are kept as integers
(times ``(2n)^{c_k}`` per class), ``mu`` as exact ``Fraction``.  Cost: ``O(c_k^2)`` per class
table and one convolution per class.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from zonemax.proofs_check.core import Method, record


def _class_tables(n: int, k: int, c: int, omega: Fraction
                  ) -> tuple[dict[int, int], dict[int, Fraction]]:
    """``(nu_k, mu_k)`` of ``c`` positions at distance ``k``, weights times ``(2n)^c``."""
    nu: dict[int, int] = {}
    mu: dict[int, Fraction] = {}
    up = omega**k * (omega - 1)  # a worsening step at distance k
    down = Fraction(0) if k == 0 else omega ** (k - 1) * (omega - 1)  # an improving step
    for i in range(c + 1 if k else 1):
        for w in range(c - i + 1):
            if k:
                mult = math.factorial(c) // (math.factorial(i) * math.factorial(w)
                                             * math.factorial(c - i - w))
                weight = mult * (2 * n - 2) ** (c - i - w)  # (1/(2n))^{i+w} (1-1/n)^{rest}
            else:
                weight = math.comb(c, w) * 2**w * (2 * n - 2) ** (c - w)  # Bin(c, 1/n)
            s = w - i
            nu[s] = nu.get(s, 0) + weight
            mu[s] = mu.get(s, Fraction(0)) + weight * (w * up - i * down)
    return nu, mu


def class_drift(classes: Sequence[tuple[int, int]], omega: Fraction) -> Fraction:
    """``E[g(x) - g(Y)]`` for the state with ``count`` positions at each ``(distance, count)``.

    ``classes`` lists distinct distances with positive counts; ``n`` is the total count.
    """
    record(Method.DYNAMIC_PROGRAMME)
    if not classes or any(c < 1 or k < 0 for k, c in classes):
        raise ValueError(f"classes must be (distance >= 0, count >= 1) pairs, got {classes!r}")
    if len({k for k, _ in classes}) != len(classes):
        raise ValueError("distances in classes must be distinct")
    n = sum(c for _, c in classes)
    nu: dict[int, int] = {0: 1}
    mu: dict[int, Fraction] = {0: Fraction(0)}
    for k, c in classes:
        nu_k, mu_k = _class_tables(n, k, c, omega)
        new_nu: dict[int, int] = {}
        new_mu: dict[int, Fraction] = {}
        for t, p in nu.items():
            for s, p_k in nu_k.items():
                new_nu[t + s] = new_nu.get(t + s, 0) + p * p_k
                new_mu[t + s] = new_mu.get(t + s, Fraction(0)) + mu[t] * p_k + p * mu_k[s]
        nu, mu = new_nu, new_mu
    total = sum((v for t, v in mu.items() if t <= 0), Fraction(0))  # line 6: accept T <= 0
    return -total / (2 * n) ** n


def as_vector(classes: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The sorted distance vector of ``classes`` (for cross-checks)."""
    return tuple(sorted((k for k, c in classes for _ in range(c)), reverse=True))
