r"""Section 5: how a drift statement is judged and certified.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.  :func:`_judge` decides a
statement with z3 for every real ``v >= 1`` and integer ``d >= 1``
(:func:`zonemax.proofs_check.rls_decide.decide`), searches an exact witness when it fails, and adds
grid certificates at the sample points for the independent checker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Certificate, Status, Verdict, evidence, proved
from zonemax.proofs_check.rls_decide import BRANCH_COVER_SMT, Decision, Statement, decide
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.rls_exact import NEGATED, Constraint, exact_holds, exact_value
from zonemax.proofs_check.section5.common import SAMPLE_POINTS, _params_text, _point


def _chk(con: Constraint) -> dict[str, str]:
    return certs.check(*con)


def _smt_certs(decisions: Sequence[Decision]) -> tuple[Certificate, ...]:
    out = [certs.smt(script, "unsat") for dec in decisions for script in dec.scripts]
    if any(len(dec.branches) > 1 for dec in decisions):
        out.append(certs.smt(BRANCH_COVER_SMT, "unsat"))
    return tuple(out)


def _witness_cert(stmt: Statement, witness: dict[str, Fraction]) -> Certificate:
    """The violation at a point: every ``where`` constraint holds and a goal is false."""
    env = {**stmt.env(), **witness}
    broken = next(g for g in stmt.goals if not exact_holds(g, env))
    return certs.arith([*(_chk(w) for w in stmt.where), _chk((broken[0], NEGATED[broken[1]],
                                                              broken[2]))], **env)


def _conditions_cert(prm: RlsParams) -> Certificate:
    """The point satisfies C1-C8 (re-checked with the checker's own ``rls_cond``)."""
    return certs.arith([certs.check(f"rls_cond({k}, alpha, beta, c, p)", "==", "1")
                        for k in range(1, 9)], **dict(_point(prm)))


#: A finite domain for a ``forall`` certificate: ``(name, lo, hi, den)`` -- the rationals
#: ``k/den`` in ``[lo, hi]`` (``den = 1``: the integers), ``lo``/``hi`` expressions in the
#: earlier names and the fixed constants.
Domain = tuple[str, str, str, int]
#: The default grid of a drift statement: d <= d_max and v on a grid between two expressions.
Grid = tuple[int, str, str, int]


def _enumerate(domains: Sequence[Domain], env: dict[str, Fraction]
               ) -> Any:
    if not domains:
        yield dict(env)
        return
    (name, lo, hi, den), rest = domains[0], domains[1:]
    for k in range(math.ceil(exact_value(lo, env) * den), math.floor(exact_value(hi, env) * den)
                   + 1):
        env[name] = Fraction(k, den)
        yield from _enumerate(rest, env)
    env.pop(name, None)


def _forall_cert(stmt: Statement, domains: Sequence[Domain]) -> tuple[Certificate, int]:
    """Every point of the finite domain that satisfies the ``where`` constraints satisfies the
    goals (checked exactly here); the checker re-enumerates with its own quantities."""
    cases = 0
    for env in _enumerate(domains, stmt.env()):
        if not all(exact_holds(w, env) for w in stmt.where):
            continue
        cases += 1
        if not all(exact_holds(g, env) for g in stmt.goals):
            raise RuntimeError(f"the proof and the exact evaluation disagree at {env}")
    spec = [(name, {"type": "range", "lo": lo, "hi": hi} if den == 1 else
             {"type": "grid", "lo": lo, "hi": hi, "den": den}) for name, lo, hi, den in domains]
    constants: dict[str, Any] = stmt.env()
    cert = certs.forall(spec, [_chk(g) for g in stmt.goals], cases,
                        where=[_chk(w) for w in stmt.where], **constants)
    return cert, cases


def _grid_cert(stmt: Statement, grid: Grid) -> tuple[Certificate, int]:
    d_max, lo, hi, den = grid
    return _forall_cert(stmt, (("d", "1", str(d_max), 1), ("v", lo, hi, den)))


def _sample_certs(build: Any, grid: Grid | tuple[Domain, ...] | None, prm: RlsParams | None
                  ) -> tuple[tuple[Certificate, ...], int]:
    """Grid certificates of the direct statement at the sample points (or at ``prm``);
    ``grid`` is a (d, v) :data:`Grid` or a tuple of :data:`Domain`."""
    if grid is None:
        return (), 0
    out: list[Certificate] = []
    total = 0
    for point in SAMPLE_POINTS if prm is None else (prm,):
        if isinstance(grid[0], int):
            cert, cases = _grid_cert(build(point), grid)
        else:
            cert, cases = _forall_cert(build(point), grid)
        out.append(cert)
        if prm is None:
            out.append(_conditions_cert(point))
        total += cases
    return tuple(out), total


def _find_witness(build: Any, prm: RlsParams | None) -> tuple[Statement, dict[str, Fraction]
                                                                | None]:
    """A counterexample to the direct statement: at ``prm``, else at the sample points, else
    with the constants free (z3)."""
    points: list[RlsParams | None] = [prm] if prm is not None else [*SAMPLE_POINTS, None]
    stmt = build(points[0])
    for point in points:
        stmt = build(point)
        dec = decide(stmt, 60_000)
        if dec.witness is not None:
            return stmt, dict(dec.witness)
    return stmt, None


def _judge(*, build: Any, prm: RlsParams | None, heavy: bool = False,
           obligations: Sequence[Statement] = (),
           quantifier: str, holds: str, fails: str, grid: Grid | tuple[Domain, ...] | None,
           extra_certs: Sequence[Certificate] = (), extra_evidence: Sequence[tuple[str, Any]] = (),
           how: str | None = None) -> Verdict:
    """Decide ``build(prm)`` (the claim's statement; ``build(point)`` at a fixed point).

    The proof is the list ``obligations`` (default: the statement itself); it holds if z3 answers
    ``unsat`` for every one.  Otherwise a counterexample of the statement is searched (exact, with
    integer ``d``); if none is found the verdict is ``inconclusive``.
    """
    direct = build(prm)
    obligations = tuple(obligations) or (direct,)
    decisions = [decide(o) for o in obligations]
    seconds = sum(dec.seconds for dec in decisions)
    answers = [dec.answer for dec in decisions]
    queries = sum(len(dec.scripts) for dec in decisions)
    if all(a == "unsat" for a in answers):
        if heavy and grid is not None and isinstance(grid[0], int):
            grid = (2 * grid[0], *grid[1:])  # heavy: twice the d range
        samples, cases = _sample_certs(build, grid, prm)
        split = any(len(dec.branches) > 1 for dec in decisions)
        covered = how or (
            f"z3 {_z3_version()} nlsat: the negation is unsat in each of {queries} queries "
            f"({'per integer branch of floor(v), relaxed to reals; ' if split else ''}"
            f"{_params_text(prm)})")
        if cases:
            covered += f"; re-checkable grid certificates: {cases} (d, v) points"
        return Verdict(Status.HOLDS, holds,
                       evidence(z3_answers=tuple(answers), z3_queries=queries,
                                z3_seconds=f"{seconds:.2f}", grid_points=cases)
                       + tuple(extra_evidence),
                       scope=proved(quantifier, covered),
                       certificates=(*_smt_certs(decisions), *samples, *extra_certs))
    stmt, witness = _find_witness(build, prm)
    if witness is not None:
        env = {**stmt.env(), **witness}
        return Verdict(Status.FAILS, fails, evidence(z3_answers=tuple(answers)) +
                       tuple(extra_evidence), tuple(env.items()),
                       scope=proved(quantifier, "a single exact counterexample refutes it"),
                       certificates=(_witness_cert(stmt, witness), *extra_certs))
    return Verdict(Status.INCONCLUSIVE,
                   f"z3 could not decide the statement (answers {answers}) and no exact "
                   "counterexample with integer d was found.",
                   evidence(z3_answers=tuple(answers)),
                   scope=proved(quantifier, "undecided"))


def _z3_version() -> str:
    import z3

    return str(z3.get_version_string())
