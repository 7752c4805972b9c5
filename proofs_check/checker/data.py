r"""The ``data`` certificate kind: claims about the committed reproduction data (Section 6).

``data`` -- re-checked from the raw file.  ``{"file": PATH, "sha256": HEX, "test": NAME, ...,
"verdict": "holds" | "fails" | "inconclusive"}``.  ``PATH`` is absolute or relative to the
repository root (looked up in the working directory, then in the repository that contains this
package).  The checker verifies the file's SHA-256, reads it with the :mod:`csv` module (columns
``experiment, algorithm, n, r, evaluations, solved``), recomputes the named test from the rows
with ``Fraction`` and exact integer counting, and requires every number the certificate states,
and its ``verdict``, to equal the recomputed ones.

Shared statistics.  A *sample* is the evaluation counts of all runs of one ``(experiment,
algorithm, n, r)``; every run must be solved (the exact test needs uncensored samples).
``U = #{(x, y): x < y} + #{x = y}/2`` for samples ``X`` (size ``m``) and ``Y`` (size ``k``);
the certificate states ``u2 = 2U``.  Two-sided exact p-value of the rank-sum (Mann-Whitney)
test: ``P(|2U' - mk| >= |2U - mk|)`` when ``X`` is a uniformly random ``m``-subset of the pooled
sample (ties stay ties), counted exactly by a dynamic programme over the tie groups of the pooled
sample in increasing order (a group of ``t`` values with ``c`` from ``X`` after ``j`` earlier
``X`` values adds ``(t - c)(2j + c)`` to ``2U``, in ``C(t, c)`` ways).  Holm's step-down
adjustment: ``p_(i) -> max_{l <= i} min(1, (K - l + 1) p_(l))`` over a family of ``K`` tests.
Medians: the middle value, or the mean of the two middle values.

Tests:

``"rank-sum"`` -- ``{"x": [EXPERIMENT, ALGORITHM], "y": [...], "ns": [...], "rs": [...],
"alpha": Q, "middle": [R_LO, R_HI], "cells": [{"n", "r", "runs": [m, k], "medians": [Q, Q],
"u2": int, "p": Q, "p_holm": Q, "direction": "faster" | "slower" | "none"}, ...]}``: one cell per
``n`` in ``ns`` and ``r`` in ``rs``, Holm across ``rs`` per ``n``; ``direction`` is "faster"
(``X`` needs fewer evaluations) if ``p_holm < alpha`` and ``2U > mk``, "slower" if ``p_holm <
alpha`` and ``2U < mk``, else "none".  Verdict: ``holds`` iff some cell with ``R_LO <= r <= R_HI``
is "faster", ``fails`` iff all of them are "slower", else ``inconclusive``.

``"similar-boxes"`` -- ``{"experiment": E, "pairs": [[A1, A2], ...], "ns": [n1, n2], "factor":
F, "alpha": Q, "cells": [{"algorithm": A1, "r", "medians": [Q, Q], "u2", "p", "p_holm",
"differs": bool}, ...], "shape": bool, "location": bool}``: box plot ``A1`` at ``n1`` against
``A2`` at ``n2``; values are ``evaluations / n``, ``X`` the ``n1`` sample, one cell per ``r`` both
were run at, Holm across the ``r`` of each pair; ``differs`` iff ``p_holm < alpha``.  ``shape`` iff every ratio of medians lies
in ``[1/F, F]``; ``location`` iff no cell differs.  Verdict ``holds`` iff both, ``fails`` iff
neither, ``inconclusive`` otherwise.

Trusted: that the file holds honest runs of the algorithms (the checker does not re-simulate),
and the operationalisation of the paper's words stated in the certificate (which ``r`` are
"middle-ranged", alpha, the factor).  Re-checked: the file's identity and every statistic.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Any

from .kinds import KINDS, CertificateError

Sample = tuple[Fraction, ...]


#: The committed paper-scale reproduction's runs, as it lies in the repository.
RUNS_CSV = "reproduction/paper/runs.csv"
#: The same file, gzipped, shipped with the package (an installation has no repository around
#: it; ``tests/test_packaged_runs.py`` keeps the two identical).
PACKAGED_RUNS = Path(__file__).with_name("paper_runs.csv.gz")
#: The repository around this package (in a source checkout).
_REPO = Path(__file__).resolve().parents[2]


def read_runs(path: Path) -> bytes:
    """The bytes of a runs file (gunzipped if its name ends in ``.gz``)."""
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def _locate(name: str) -> Path:
    """A data file: an absolute path, else relative to the working directory or to the
    repository around this package; :data:`RUNS_CSV` also in the package's own copy."""
    path = Path(name)
    candidates = [path] if path.is_absolute() else [
        Path.cwd() / path, _REPO / path]
    if name == RUNS_CSV:
        candidates.append(PACKAGED_RUNS)
    for c in candidates:
        if c.is_file():
            return c
    raise CertificateError(f"data file {name!r} not found (looked in {[str(c) for c in candidates]})")


@lru_cache(maxsize=4)
def _read(path: Path, sha256: str) -> dict[tuple[str, str, int, int], list[tuple[int, bool]]]:
    raw = read_runs(path)
    digest = hashlib.sha256(raw).hexdigest()
    if digest != sha256:
        raise CertificateError(f"{path.name} has SHA-256 {digest}, certificate says {sha256}")
    table: dict[tuple[str, str, int, int], list[tuple[int, bool]]] = defaultdict(list)
    for row in csv.DictReader(raw.decode("utf-8").splitlines()):
        key = (row["experiment"], row["algorithm"], int(row["n"]), int(row["r"]))
        table[key].append((int(row["evaluations"]), row["solved"] == "1"))
    return dict(table)


def _sample(table: Mapping[Any, list[tuple[int, bool]]], key: tuple[str, str, int, int],
            per: int = 1) -> Sample:
    runs = table.get(key)
    if not runs:
        raise CertificateError(f"no runs for {key}")
    if not all(ok for _, ok in runs):
        raise CertificateError(f"censored runs in {key}: the exact test needs solved runs")
    return tuple(Fraction(ev, per) for ev, _ in runs)


def _median(xs: Sample) -> Fraction:
    v = sorted(xs)
    half = len(v) // 2
    return v[half] if len(v) % 2 else (v[half - 1] + v[half]) / 2


@lru_cache(maxsize=64)
def _null(groups: tuple[int, ...], m: int) -> dict[int, int]:
    """Number of ``m``-subsets of the pooled sample per value of ``2U`` (module docstring)."""
    layer: dict[tuple[int, int], int] = {(0, 0): 1}
    for t in groups:
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (j, u2), count in layer.items():
            for c in range(min(t, m - j) + 1):
                nxt[(j + c, u2 + (t - c) * (2 * j + c))] += count * comb(t, c)
        layer = nxt
    return {u2: count for (j, u2), count in layer.items() if j == m}


def _rank_sum(xs: Sample, ys: Sample) -> tuple[int, Fraction]:
    """``(2U, exact two-sided p)``."""
    u2 = sum(2 if x < y else 1 if x == y else 0 for x in xs for y in ys)
    pooled: dict[Fraction, int] = defaultdict(int)
    for v in (*xs, *ys):
        pooled[v] += 1
    groups = tuple(pooled[v] for v in sorted(pooled))
    m, mk = len(xs), len(xs) * len(ys)
    dist = _null(groups, m)
    tail = sum(count for u, count in dist.items() if abs(u - mk) >= abs(u2 - mk))
    return u2, Fraction(tail, comb(len(xs) + len(ys), m))


def _holm(ps: list[Fraction]) -> list[Fraction]:
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [Fraction(0)] * len(ps)
    running = Fraction(0)
    for rank, i in enumerate(order):
        running = max(running, min(Fraction(1), (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def _same(stated: Any, value: Any, what: str) -> None:
    if isinstance(value, Fraction):
        stated = Fraction(stated)
    elif isinstance(value, tuple):
        stated = tuple(Fraction(s) for s in stated)
    if stated != value:
        raise CertificateError(f"{what}: certificate says {stated}, the data give {value}")


def _alpha(cert: Mapping[str, Any]) -> Fraction:
    """The certificate's level, in (0, 1] (a level above 1 would make every cell
    significant)."""
    alpha = Fraction(cert["alpha"])
    if not 0 < alpha <= 1:
        raise CertificateError(f"alpha {alpha} is not in (0, 1]")
    return alpha


def _rank_sum_test(cert: Mapping[str, Any], table: Mapping[Any, Any]) -> str:
    alpha = _alpha(cert)
    lo_r, hi_r = (int(v) for v in cert["middle"])
    stated = {(int(c["n"]), int(c["r"])): c for c in cert["cells"]}
    if len(stated) != len(cert["cells"]):
        raise CertificateError("a cell is listed twice")
    wanted = {(int(n), int(r)) for n in cert["ns"] for r in cert["rs"]}
    if set(stated) != wanted:
        raise CertificateError("the cells are not the stated ns x rs")
    middle_dirs = []
    for n in (int(v) for v in cert["ns"]):
        rs = [int(v) for v in cert["rs"]]
        tests = []
        for r in rs:
            xs = _sample(table, (*cert["x"], n, r))
            ys = _sample(table, (*cert["y"], n, r))
            tests.append((xs, ys, *_rank_sum(xs, ys)))
        adjusted = _holm([p for *_, p in tests])
        for r, (xs, ys, u2, p), ph in zip(rs, tests, adjusted, strict=True):
            c, where = stated[(n, r)], f"n={n}, r={r}"
            mk = len(xs) * len(ys)
            direction = "none" if ph >= alpha else "faster" if u2 > mk else "slower"
            _same(c["runs"], (Fraction(len(xs)), Fraction(len(ys))), f"{where} runs")
            _same(c["medians"], (_median(xs), _median(ys)), f"{where} medians")
            _same(c["u2"], Fraction(u2), f"{where} 2U")
            _same(c["p"], p, f"{where} p")
            _same(c["p_holm"], ph, f"{where} Holm p")
            if c["direction"] != direction:
                raise CertificateError(f"{where}: direction {direction}, certificate says "
                                       f"{c['direction']}")
            if lo_r <= r <= hi_r:
                middle_dirs.append(direction)
    if not middle_dirs:
        verdict = "inconclusive"
    elif "faster" in middle_dirs:
        verdict = "holds"
    elif all(d == "slower" for d in middle_dirs):
        verdict = "fails"
    else:
        verdict = "inconclusive"
    if cert["verdict"] != verdict:
        raise CertificateError(f"the data give {verdict}, certificate says {cert['verdict']}")
    return f"{len(stated)} cells, {middle_dirs.count('faster')} middle faster"


def _similar_boxes(cert: Mapping[str, Any], table: Mapping[Any, Any]) -> str:
    alpha, factor = _alpha(cert), Fraction(cert["factor"])
    n1, n2 = (int(v) for v in cert["ns"])
    exp = cert["experiment"]
    stated = {(c["algorithm"], int(c["r"])): c for c in cert["cells"]}
    seen: set[tuple[str, int]] = set()
    shape = location = True
    for alg, other in cert["pairs"]:
        rs = sorted({r for (e, a, n, r) in table if (e, a, n) == (exp, alg, n1)}
                    & {r for (e, a, n, r) in table if (e, a, n) == (exp, other, n2)})
        tests = []
        for r in rs:
            xs = _sample(table, (exp, alg, n1, r), n1)
            ys = _sample(table, (exp, other, n2, r), n2)
            tests.append((r, xs, ys, *_rank_sum(xs, ys)))
        for (r, xs, ys, u2, p), ph in zip(tests, _holm([t[-1] for t in tests]), strict=True):
            if (alg, r) not in stated:
                raise CertificateError(f"cell {alg}, r={r} missing")
            c, where = stated[(alg, r)], f"{alg}, r={r}"
            seen.add((alg, r))
            m1, m2 = _median(xs), _median(ys)
            _same(c["medians"], (m1, m2), f"{where} medians")
            _same(c["u2"], Fraction(u2), f"{where} 2U")
            _same(c["p"], p, f"{where} p")
            _same(c["p_holm"], ph, f"{where} Holm p")
            if bool(c["differs"]) != (ph < alpha):
                raise CertificateError(f"{where}: 'differs' is {ph < alpha}")
            shape &= 1 / factor <= m1 / m2 <= factor
            location &= not ph < alpha
    if seen != set(stated):
        raise CertificateError("the certificate lists cells the data do not have")
    if bool(cert["shape"]) != shape or bool(cert["location"]) != location:
        raise CertificateError(f"shape={shape}, location={location} from the data")
    verdict = "holds" if shape and location else "fails" if not (shape or location) \
        else "inconclusive"
    if cert["verdict"] != verdict:
        raise CertificateError(f"the data give {verdict}, certificate says {cert['verdict']}")
    return f"{len(seen)} cells"


_TESTS = {"rank-sum": _rank_sum_test, "similar-boxes": _similar_boxes}


def check_data(cert: Mapping[str, Any], tex: Path | None) -> str:
    test = _TESTS.get(cert["test"])
    if test is None:
        raise CertificateError(f"unknown data test {cert['test']!r}")
    table = _read(_locate(cert["file"]), cert["sha256"])
    return f"{cert['test']}: {test(cert, table)}"


KINDS["data"] = check_data

__all__ = ["KINDS"]
