"""The Coq kernel of RLS_{alpha,beta} against the reference, exactly.

The run-time theorem ``S5.lemma8-runtime`` (``proofs_check/coq/S5_lemma8_runtime.v``,
docs/explanations/runtime-theorem.md) speaks of the Markov kernel ``rls_kernel`` of
``proofs_check/coq/Vocabulary.v``, not of :func:`zonemax.reference.rls_ab`.  The theorem is
about zonemax's algorithm only if the two have the same law of the next state at every state
the algorithm can reach.  Here:

* two plain-Python transcriptions of the Coq definitions: :func:`rls_kernel` line by line from
  ``rls_step``/``rls_kernel`` (positions ``0..n-1``, ``Int_part`` = :func:`math.floor`,
  ``f_a(x) = sum |a_i - x_i|``, ``2n`` pairs ``(1/(2n), state)``), and
  :func:`per_position_kernel` through the per-position definitions (``rls_new_toward``,
  ``rls_kept``, ``rls_velocity``, ``rls_d_toward``, ...), cross-checked with the checker's
  Python reading of them (``proofs_check/checker/rls.py``);
* the reference's law of the next state, read off the reference itself: it is driven by a
  scripted generator (:class:`ScriptedGenerator`, only the two Generator methods ``rls_ab``
  calls), which replays a recorded path from ``(0^n, 1^n)`` and then enumerates every outcome
  of the draws of the next iteration (``budget = t + 1``), the next state read through
  ``observer``;
* the two laws, aggregated over equal states, compared as exact ``Fraction`` dictionaries at a
  few hundred states on random paths (fixed seeds), and the two transcriptions compared with
  each other at random states the algorithm cannot reach;
* planted bugs in the reference (strict acceptance, ``beta v`` without ``max{1, .}``, ``i``
  drawn from ``n + 1`` positions, ...) and in the transcription: each must make the
  comparison fail.

How the reference's draws are enumerated: ``integers(n)`` has ``n`` equally likely outcomes;
``random()`` is replaced by the midpoints of the four quarters of ``[0, 1)``, each with
probability 1/4.  This is exact for any decision of the reference that is constant on each
quarter (``random() < 0.5`` is); a threshold elsewhere (a planted ``< 0.3``) shows up as a
different law, which is all the comparison needs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from zonemax.proofs_check.checker import rls as checker_rls

F = Fraction
ALPHA, BETA = F(17, 10), F(9, 10)  # the example constants of S5.lemma8-runtime
State = tuple[tuple[int, ...], tuple[Fraction, ...]]
Law = dict[State, Fraction]
REFERENCE_SOURCE = Path(__file__).resolve().parent.parent / "reference" / "rls_ab.py"


# ------------------------------------------------------------------------------------------
# Transcription 1: rls_step / rls_kernel of Vocabulary.v, line by line.

def int_part(r: Fraction) -> int:
    """Coq's ``Int_part r = up r - 1``: the integer ``k`` with ``k <= r < k + 1``."""
    return math.floor(r)


def zsum(n: int, h: Callable[[int], int]) -> int:
    """``zsum n h = h 0 + ... + h (n-1)``."""
    return sum(h(i) for i in range(n))


def onemax_fa(n: int, a: Sequence[int], x: Sequence[int]) -> int:
    """``onemax_fa n a x = zsum n (fun i => Z.abs (a i - x i))``."""
    return zsum(n, lambda i: abs(a[i] - x[i]))


def fupd(h: tuple[Any, ...], i: int, y: Any) -> tuple[Any, ...]:
    """``fupd h i y = fun j => if Nat.eqb j i then y else h j`` (on the positions 0..n-1)."""
    return tuple(y if j == i else h[j] for j in range(len(h)))


def rls_step(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction, st: State, i: int,
             s: int) -> State:
    """``rls_step n a alpha beta st i s``."""
    x, v = st
    y = fupd(x, i, x[i] + s * int_part(v[i]))           # y_i = x_i -+ floor(v_i)
    fx = onemax_fa(n, a, x)
    fy = onemax_fa(n, a, y)
    v2 = fupd(v, i, alpha * v[i] if fy < fx             # Z.ltb fy fx: v_i <- alpha v_i
              else max(F(1), beta * v[i]))              # else Rmax 1 (beta * v i)
    return (y if fy <= fx else x, v2)                   # Z.leb fy fx: x <- y


def rls_kernel(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction, st: State
               ) -> list[tuple[Fraction, State]]:
    """``rls_kernel``: ``flat_map`` over ``seq 0 n`` of the two pairs ``(1/(2n), step i (+1))``,
    ``(1/(2n), step i (-1))``."""
    out: list[tuple[Fraction, State]] = []
    for i in range(n):
        out.append((F(1, 2 * n), rls_step(n, a, alpha, beta, st, i, 1)))
        out.append((F(1, 2 * n), rls_step(n, a, alpha, beta, st, i, -1)))
    return out


def rls_target(n: int, a: Sequence[int], st: State) -> bool:
    """``rls_target n a st = Z.eqb (onemax_fa n a (fst st)) 0``."""
    return onemax_fa(n, a, st[0]) == 0


def rls_start(n: int) -> State:
    """``rls_start = (fun _ => 0, fun _ => 1)`` on the positions 0..n-1."""
    return (0,) * n, (F(1),) * n


# ------------------------------------------------------------------------------------------
# Transcription 2: through the per-position definitions of Vocabulary.v.

def rls_new_toward(d: Fraction, v: Fraction) -> Fraction:
    return abs(d - int_part(v))


def rls_new_away(d: Fraction, v: Fraction) -> Fraction:
    return d + int_part(v)


def rls_kept(d: Fraction, new: Fraction) -> Fraction:
    return new if new <= d else d


def rls_velocity(d: Fraction, new: Fraction, v: Fraction, alpha: Fraction, beta: Fraction
                 ) -> Fraction:
    return alpha * v if new < d else max(F(1), beta * v)


def rls_d_toward(d: Fraction, v: Fraction) -> Fraction:
    return rls_kept(d, rls_new_toward(d, v))


def rls_v_toward(d: Fraction, v: Fraction, alpha: Fraction, beta: Fraction) -> Fraction:
    return rls_velocity(d, rls_new_toward(d, v), v, alpha, beta)


def rls_d_away(d: Fraction, v: Fraction) -> Fraction:
    return rls_kept(d, rls_new_away(d, v))


def rls_v_away(d: Fraction, v: Fraction, alpha: Fraction, beta: Fraction) -> Fraction:
    return rls_velocity(d, rls_new_away(d, v), v, alpha, beta)


def rls_accepted(d: Fraction, v: Fraction) -> int:
    return 1 if rls_new_toward(d, v) <= d else 0


def per_position_kernel(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction, st: State
                        ) -> list[tuple[Fraction, State]]:
    """The same law, built from one position's (distance, velocity) update: the sign that
    points to ``a_i`` is the step towards the target (at ``d = 0`` both signs give the same
    offspring distance; ``+1`` is called towards), the offspring is accepted iff its distance
    is at most ``d`` (``rls_kept``), and only position ``i`` changes."""
    x, v = st
    out: list[tuple[Fraction, State]] = []
    for i in range(n):
        d = F(abs(a[i] - x[i]))
        toward_sign = 1 if a[i] >= x[i] else -1
        for s in (1, -1):
            if s == toward_sign:
                new, d2, v2 = rls_new_toward(d, v[i]), rls_d_toward(d, v[i]), \
                    rls_v_toward(d, v[i], alpha, beta)
                assert (new <= d) == (rls_accepted(d, v[i]) == 1)
            else:
                new, d2, v2 = rls_new_away(d, v[i]), rls_d_away(d, v[i]), \
                    rls_v_away(d, v[i], alpha, beta)
            xi = x[i] + s * int_part(v[i]) if new <= d else x[i]  # rls_kept: new iff new <= d
            assert abs(a[i] - xi) == d2, (a, st, i, s)
            out.append((F(1, 2 * n), (fupd(x, i, xi), fupd(v, i, v2))))
    return out


def aggregate(pairs: Sequence[tuple[Fraction, State]]) -> Law:
    """The law of a list of (weight, value) pairs: a value's probability is its weights' sum
    (``dist`` of Vocabulary.v allows repeated values)."""
    law: Law = {}
    for w, st in pairs:
        law[st] = law.get(st, F(0)) + w
    return law


# ------------------------------------------------------------------------------------------
# The reference, driven by a scripted generator.

#: ``random()`` is enumerated as the midpoints of this many equal parts of [0, 1).
RANDOM_PARTS = 4
Draw = tuple[str, Any]


class ScriptedGenerator(np.random.Generator):
    """Stands in for the ``numpy.random.Generator`` that ``rls_ab`` draws from.

    ``np.random.default_rng`` hands a Generator back unchanged, hence the subclass; every
    public attribute other than ``integers`` and ``random`` (the two methods ``rls_ab`` calls)
    is refused, so a reference that starts drawing differently fails loudly.  The first draws
    replay ``prefix`` (kind and value checked); each later draw is a branch point: it takes
    the option ``choices[k]`` (0 past the end of ``choices``) and is recorded in ``branches``
    as ``(number of options, chosen)``.
    """

    _PUBLIC = frozenset({"integers", "random", "branches", "draws"})

    def __init__(self, prefix: Sequence[Draw], choices: Sequence[int]) -> None:
        super().__init__(np.random.PCG64(0))
        self._prefix = list(prefix)
        self._choices = list(choices)
        self.branches: list[tuple[int, int]] = []
        self.draws: list[Draw] = []

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_") and name not in ScriptedGenerator._PUBLIC:
            raise AttributeError(f"the scripted generator does not provide Generator.{name}")
        return object.__getattribute__(self, name)

    def _draw(self, kind: str, options: Sequence[Any]) -> Any:
        k = len(self.draws)
        if k < len(self._prefix):
            want_kind, value = self._prefix[k]
            assert want_kind == kind and value in options, (self._prefix[k], kind, options)
        else:
            j = len(self.branches)
            chosen = self._choices[j] if j < len(self._choices) else 0
            self.branches.append((len(options), chosen))
            value = options[chosen]
        self.draws.append((kind, value))
        return value

    def integers(self, low: int, high: int | None = None, size: Any = None,  # type: ignore[override]
                 dtype: Any = np.int64, endpoint: bool = False) -> int:
        assert size is None, "rls_ab draws one integer at a time"
        lo, hi = (0, int(low)) if high is None else (int(low), int(high))
        return self._draw("integers", range(lo, hi + 1 if endpoint else hi))

    def random(self, size: Any = None, dtype: Any = np.float64,  # type: ignore[override]
               out: Any = None) -> float:
        assert size is None and out is None, "rls_ab draws one uniform at a time"
        return self._draw("random", [(2 * k + 1) / (2 * RANDOM_PARTS)
                                     for k in range(RANDOM_PARTS)])

    def _consumed(self) -> bool:
        return len(self.draws) >= len(self._prefix)


@dataclass(frozen=True)
class Leaf:
    """One outcome of the next iteration: its probability, the state, the draws made."""

    prob: Fraction
    state: State
    draws: tuple[Draw, ...]


RlsAb = Callable[..., Any]


def reference_leaves(rls_ab: RlsAb, a: Sequence[int], prefix: Sequence[Draw], t: int
                     ) -> list[Leaf]:
    """Every outcome of iteration ``t + 1`` of the reference after the path ``prefix`` (the
    draws of iterations 1..t): a depth-first walk over the draws of that iteration."""
    leaves: list[Leaf] = []
    pending: list[list[int]] = [[]]
    while pending:
        choices = pending.pop()
        gen = ScriptedGenerator(prefix, choices)
        seen: list[tuple[int, State]] = []

        def observer(tt: int, x: tuple[int, ...], v: tuple[Fraction, ...],
                     _seen: list[tuple[int, State]] = seen) -> None:
            _seen.append((tt, (tuple(x), tuple(v))))

        rls_ab(a, ALPHA, BETA, rng=gen, budget=t + 1, observer=observer, warn=False)
        assert gen._consumed(), "the reference stopped before the end of the recorded path"
        assert [tt for tt, _ in seen] == list(range(1, t + 2)), "one observer call per iteration"
        prob = F(1)
        for count, _ in gen.branches:
            prob /= count
        leaves.append(Leaf(prob, seen[-1][1], tuple(gen.draws[len(prefix):])))
        for k in range(len(choices), len(gen.branches)):
            base = choices + [0] * (k - len(choices))
            pending.extend([*base, j] for j in range(1, gen.branches[k][0]))
    return leaves


Kernel = Callable[[int, Sequence[int], Fraction, Fraction, State],
                  list[tuple[Fraction, State]]]

#: Targets of the comparison: n = 1..5, mixed signs, zeros, |a_i| up to 40.
TARGETS: tuple[tuple[int, ...], ...] = (
    (1,), (-7,), (40,), (3, -2), (-25, 13), (1, -1, 4), (0, 17, -9), (2, -3, 5, -1),
    (-40, 0, 6, 11, -2), (38, -1, 0, 0, 22),
)


@dataclass
class Comparison:
    states: int = 0          # states at which the laws were compared
    distinct: int = 0        # distinct states among them
    findings: list[str] | None = None


def compare_with_reference(rls_ab: RlsAb, kernels: Sequence[Kernel], *, seed: int,
                           targets: Sequence[tuple[int, ...]] = TARGETS, paths: int = 4,
                           length: int = 12, stop_at_first: bool = False) -> Comparison:
    """Random paths from ``(0^n, 1^n)`` (the next outcome drawn from the reference's leaves,
    preferring progress 2 times in 3); at every state off the target, the reference's law of
    the next state must equal each kernel's (aggregated, exact)."""
    result = Comparison(findings=[])
    assert result.findings is not None
    seen: set[tuple[tuple[int, ...], State]] = set()
    rnd = random.Random(seed)
    for a in targets:
        n = len(a)
        for _ in range(paths):
            prefix: list[Draw] = []
            state = rls_start(n)
            for t in range(length):
                if rls_target(n, a, state):
                    break
                try:
                    leaves = reference_leaves(rls_ab, a, prefix, t)
                except Exception as exc:  # a planted bug may crash the reference
                    result.findings.append(f"a = {a}, t = {t}: the reference raised {exc!r}")
                    break
                ref_law = aggregate([(lf.prob, lf.state) for lf in leaves])
                result.states += 1
                seen.add((a, state))
                for kernel in kernels:
                    law = aggregate(kernel(n, a, ALPHA, BETA, state))
                    if law != ref_law:
                        result.findings.append(
                            f"a = {a}, state {state}: {kernel.__name__} {law} != reference "
                            f"{ref_law}")
                if stop_at_first and result.findings:
                    result.distinct = len(seen)
                    return result
                f = onemax_fa(n, a, state[0])
                better = [lf for lf in leaves if onemax_fa(n, a, lf.state[0]) < f]
                pool = better if better and rnd.random() < 2 / 3 else leaves
                leaf = rnd.choice(pool)
                prefix.extend(leaf.draws)
                state = leaf.state
    result.distinct = len(seen)
    return result


def _reference() -> RlsAb:
    from zonemax.reference import rls_ab
    return rls_ab


def mutant_reference(old: str, new: str) -> RlsAb:
    """``reference/rls_ab.py`` with ``old`` replaced by ``new`` (exactly once), compiled."""
    source = REFERENCE_SOURCE.read_text(encoding="utf-8")
    assert source.count(old) == 1, f"the planted bug's anchor {old!r} is not unique in rls_ab.py"
    namespace: dict[str, Any] = {"__name__": "rls_ab_mutant"}
    exec(compile(source.replace(old, new), "<rls_ab mutant>", "exec"), namespace)
    return namespace["rls_ab"]


# ------------------------------------------------------------------------------------------
# The tests.

def test_kernel_is_a_probability_law_with_2n_pairs() -> None:
    for a in TARGETS:
        n = len(a)
        pairs = rls_kernel(n, a, ALPHA, BETA, rls_start(n))
        assert len(pairs) == 2 * n and all(w == F(1, 2 * n) for w, _ in pairs)
        assert sum(w for w, _ in pairs) == 1


def test_reference_law_equals_the_coq_kernel_on_random_paths() -> None:
    """A few hundred states on random paths from (0^n, 1^n), n = 1..5, two seeds."""
    total = distinct = 0
    for seed in (20231, 20232):
        res = compare_with_reference(_reference(), [rls_kernel, per_position_kernel], seed=seed)
        assert not res.findings, "\n".join(res.findings or [])
        total += res.states
        distinct += res.distinct
    assert total >= 600 and distinct >= 400, (total, distinct)


def test_the_paths_reach_large_velocities_and_ties() -> None:
    """The paths are not trivial: they visit velocities well above 1 and states where a step
    towards the target lands at the same distance on the other side (floor(v) = 2d)."""
    rnd = random.Random(7)
    vmax = F(1)
    ties = 0
    for a in TARGETS:
        n = len(a)
        for _ in range(4):
            prefix: list[Draw] = []
            state = rls_start(n)
            for t in range(12):
                if rls_target(n, a, state):
                    break
                x, v = state
                vmax = max(vmax, *v)
                ties += sum(1 for i in range(n)
                            if a[i] != x[i] and int_part(v[i]) == 2 * abs(a[i] - x[i]))
                leaves = reference_leaves(_reference(), a, prefix, t)
                f = onemax_fa(n, a, x)
                better = [lf for lf in leaves if onemax_fa(n, a, lf.state[0]) < f]
                leaf = rnd.choice(better if better and rnd.random() < 2 / 3 else leaves)
                prefix.extend(leaf.draws)
                state = leaf.state
    assert vmax > 4 and ties >= 1, (vmax, ties)


def test_a_whole_run_counts_the_iterations_of_the_chain() -> None:
    """T counts iterations (the start not counted): replaying a path of the chain that ends on
    the target, the reference stops there, solved, after exactly that many evaluations."""
    rnd = random.Random(11)
    done = 0
    for a in ((1,), (-7,), (3, -2), (1, -1, 4), (0, 5, -2)):
        n = len(a)
        for _ in range(3):
            prefix: list[Draw] = []
            state = rls_start(n)
            steps = 0
            while not rls_target(n, a, state) and steps < 200:
                leaves = reference_leaves(_reference(), a, prefix, steps)
                f = onemax_fa(n, a, state[0])
                better = [lf for lf in leaves if onemax_fa(n, a, lf.state[0]) < f]
                leaf = rnd.choice(better if better and rnd.random() < 0.8 else leaves)
                assert leaf.state in aggregate(rls_kernel(n, a, ALPHA, BETA, state))
                prefix.extend(leaf.draws)
                state = leaf.state
                steps += 1
            assert rls_target(n, a, state)
            res = _reference()(a, ALPHA, BETA, rng=ScriptedGenerator(prefix, []), warn=False)
            assert (res.evaluations, res.solved, res.x) == (steps, True, state[0])
            done += 1
    assert done == 15


def _random_state(rnd: random.Random, n: int) -> tuple[tuple[int, ...], State]:
    a = tuple(rnd.randint(-50, 50) for _ in range(n))
    x = tuple(rnd.randint(-60, 60) if rnd.random() < 0.8 else a[i] for i in range(n))
    v: list[Fraction] = []
    for i in range(n):
        d = abs(a[i] - x[i])
        kind = rnd.randrange(6)
        if kind == 0:
            v.append(F(1))
        elif kind == 1:
            v.append(F(rnd.randint(1, 130)))
        elif kind == 2:  # floor(v) = 2d: accepted, not strictly better
            v.append(F(max(1, 2 * d)) + F(rnd.randint(0, 9), 10))
        elif kind == 3:  # just below an integer
            v.append(F(rnd.randint(2, 130)) - F(1, rnd.randint(2, 10**6)))
        else:
            v.append(1 + F(rnd.randint(0, 400), rnd.randint(1, 37)))
    return a, (x, tuple(v))


def test_the_two_transcriptions_agree_on_random_states() -> None:
    """Random (x, v) the algorithm need not reach (v >= 1 rational, x anywhere, d = 0
    included): the kernel from rls_step equals the kernel from the per-position definitions,
    pair by pair, and the per-position definitions equal the checker's reading (rls.py)."""
    rnd = random.Random(314159)
    q = checker_rls.QUANTITIES
    for _ in range(3000):
        n = rnd.randint(1, 5)
        a, st = _random_state(rnd, n)
        alpha = ALPHA if rnd.random() < 0.5 else F(rnd.randint(101, 200), 100)
        beta = BETA if rnd.random() < 0.5 else F(rnd.randint(51, 90), 100)
        assert rls_kernel(n, a, alpha, beta, st) == per_position_kernel(n, a, alpha, beta, st)
        for i in range(n):
            d, v = F(abs(a[i] - st[0][i])), st[1][i]
            assert q["rls_d_toward"](d, v) == rls_d_toward(d, v)
            assert q["rls_v_toward"](d, v, alpha, beta) == rls_v_toward(d, v, alpha, beta)
            assert q["rls_v_away"](d, v, alpha, beta) == rls_v_away(d, v, alpha, beta)
            assert q["rls_accepted"](d, v) == rls_accepted(d, v)
            for toward in (True, False):
                want = ((rls_d_toward(d, v), rls_v_toward(d, v, alpha, beta)) if toward
                        else (rls_d_away(d, v), rls_v_away(d, v, alpha, beta)))
                assert checker_rls.step(d, v, alpha, beta, toward) == want


#: Planted bugs in the reference: (anchor in reference/rls_ab.py, replacement).
REFERENCE_MUTANTS = {
    "acceptance f(y) < f(x)": ("if d_new <= d_old:", "if d_new < d_old:"),
    "velocity beta v without max{1, .}": ("v[i] = max(Fraction(1), be * v[i])",
                                          "v[i] = be * v[i]"),
    "i drawn from n + 1 positions": ("i = int(rng.integers(n))", "i = int(rng.integers(n + 1))"),
    "i drawn from n + 1 positions, folded": ("i = int(rng.integers(n))",
                                             "i = int(rng.integers(n + 1)) % n"),
    "alpha v on ties f(y) = f(x)": ("if d_new < d_old:  # Algorithm 2, line 7",
                                    "if d_new <= d_old:  # Algorithm 2, line 7"),
    "step ceil(v_i)": ("s = math.floor(v[i])", "s = math.ceil(v[i])"),
    "direction -1 with probability 0.3": ("rng.random() < 0.5", "rng.random() < 0.3"),
    "the step of position 0 always": ("s = math.floor(v[i])", "s = math.floor(v[0])"),
}


@pytest.mark.parametrize("name", sorted(REFERENCE_MUTANTS))
def test_a_planted_bug_in_the_reference_is_detected(name: str) -> None:
    old, new = REFERENCE_MUTANTS[name]
    res = compare_with_reference(mutant_reference(old, new), [rls_kernel], seed=20231,
                                 stop_at_first=True)
    assert res.findings, f"the planted bug {name!r} went unnoticed at {res.states} states"


def test_the_unmutated_source_passes_the_same_way() -> None:
    """Control for the planted bugs: the reference compiled from its source by the same route
    (no replacement) passes."""
    res = compare_with_reference(mutant_reference("def rls_ab(", "def rls_ab("), [rls_kernel],
                                 seed=20231)
    assert not res.findings and res.states >= 100


def _kernel_strict_acceptance(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction,
                              st: State) -> list[tuple[Fraction, State]]:
    out = []
    for w, (x2, v2) in rls_kernel(n, a, alpha, beta, st):
        fy, fx = onemax_fa(n, a, x2), onemax_fa(n, a, st[0])
        out.append((w, (x2 if fy < fx else st[0], v2)))  # a tie is no longer accepted
    return out


def _kernel_n_plus_1_weights(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction,
                             st: State) -> list[tuple[Fraction, State]]:
    return [(F(1, 2 * (n + 1)), s) for _, s in rls_kernel(n, a, alpha, beta, st)]


def _kernel_no_velocity_floor(n: int, a: Sequence[int], alpha: Fraction, beta: Fraction,
                              st: State) -> list[tuple[Fraction, State]]:
    out = []
    for i in range(n):
        for s in (1, -1):
            x2, v2 = rls_step(n, a, alpha, beta, st, i, s)
            if v2[i] != alpha * st[1][i]:
                v2 = fupd(v2, i, beta * st[1][i])
            out.append((F(1, 2 * n), (x2, v2)))
    return out


@pytest.mark.parametrize("kernel", [_kernel_strict_acceptance, _kernel_n_plus_1_weights,
                                    _kernel_no_velocity_floor], ids=lambda k: k.__name__[8:])
def test_a_planted_bug_in_the_transcription_is_detected(kernel: Kernel) -> None:
    res = compare_with_reference(_reference(), [kernel], seed=20231, stop_at_first=True)
    assert res.findings
