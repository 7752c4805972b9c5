"""Where command-line text becomes validated values: every parser and every input limit.

Each function takes the text a user typed and returns a value, or raises :class:`UsageError`
with a message that names the option and says what to change.  :func:`zonemax.cli.main` turns a
``UsageError`` (and only that) into one line on stderr and exit code 2; any other exception is a
bug in zonemax and is shown as one.

Algorithm parameters go through :class:`~zonemax.reference.spec.AlgorithmSpec`, which validates
them once; :func:`spec_from_args` translates its ``ValueError``/``TypeError`` into a
``UsageError`` at this boundary.

The limits, all checked before any heavy work starts (each constant says where it comes from):

* **integers** are ASCII digits with an optional sign (``1_000``, fullwidth or Arabic-Indic
  digits are refused with a message; Python's ``int()`` would accept them silently), and at
  most ``sys.get_int_max_str_digits()`` digits (Python's own limit, named in the message);
* **decimal parameters** (``--eps``, ``--alpha``, ``--beta``, ``--geom-q``, ``--geom-mean``,
  ``--power-exponent``, ``--budget-factor``) are a
  decimal ``[-]d.ddd[e[-]x]`` or a fraction ``p/q``, with at most :data:`MAX_REAL_DIGITS`
  digits and an exponent in ``[-MAX_EXPONENT, MAX_EXPONENT]``: the exponent is read *before* a
  ``Fraction`` is built, because ``Fraction("1e-1000000000")`` expands ``10^1000000000`` and
  does not return;
* **sizes**: ``n <= MAX_N``, ``--max-states <= MAX_STATES``, ``--jobs <= MAX_JOBS_PER_CPU``
  per CPU, CMA-ESwM's ``r <= 2^53``;
* **run counts** are streamed by ``zonemax run`` (memory does not grow with ``--runs``), and
* a **pre-flight estimate** (:func:`zonemax.commands._preflight.preflight`) refuses a run
  without ``--budget`` whose expected time is astronomically large, from the theorems' explicit
  bounds, unless the user insists with ``--force``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from zonemax.commands import UsageError
from zonemax.reference.params import MAX_EPS, TRUNCATIONS
from zonemax.reference.spec import (
    ALGORITHMS,
    GEOM_ALGORITHMS,
    HEAVY_ALGORITHMS,
    POWER_ALGORITHMS,
    AlgorithmSpec,
)

# ------------------------------------------------------------------------------------- limits

#: Most digits (before and after the point) of a decimal parameter; far more than any
#: meaningful parameter needs, and cheap for exact ``Fraction`` arithmetic.
MAX_REAL_DIGITS = 1000
#: Largest |exponent| of a decimal parameter (``1e-1000`` is allowed, ``1e-1001`` is not).
MAX_EXPONENT = 1000
#: Largest ``alpha`` and smallest ``beta``: the fast engine computes velocities in float64
#: (largest finite 1.8e308, smallest normal 2.2e-308).
MAX_ALPHA = Fraction(10**300)
MIN_BETA = Fraction(1, 10**300)
#: Largest ``n``: the target is held as ``n`` Python ints (and int64 arrays in the engine);
#: Section 6 uses n <= 100.
MAX_N = 10**6
#: Largest ``--max-states`` of ``zonemax exact``: the solvers keep every lumped state with exact
#: rationals in memory; the documented limits (``zonemax.exact``) are below 2e4 states.
MAX_STATES = 10**7
#: ``--jobs`` at most this many worker processes per CPU (more only add memory and start-up).
MAX_JOBS_PER_CPU = 8
#: CMA-ESwM searches {0..r}^n in float64 (:func:`zonemax.reference.cma_wm.cma_wm`).
CMA_MAX_R = 2**53
#: Largest ``--budget-factor``: the paper grid's largest base budget is about 5e9 evaluations
#: (heavy-tailed EA, n = 100, r = 10^12), and a budget must fit the fast engine's int64 counter.
MAX_BUDGET_FACTOR = Fraction(10**6)

#: Largest ``--runs``: ``zonemax run`` streamed 380,000 runs of ``ea-pm1 --a 3 --budget 10``
#: (the shortest runs there are) in 21 s, about 18,000 a second, so 10^9 runs take more than
#: 15 hours even then; a larger count is a typo or a job for several seeds.
MAX_RUNS = 10**9

#: How much of a user's text an error message repeats.
SHOWN_CHARACTERS = 40


def _show(text: str) -> str:
    """``repr(text)``, shortened with an ellipsis when long."""
    if len(text) <= SHOWN_CHARACTERS:
        return repr(text)
    return repr(text[:SHOWN_CHARACTERS]) + f"… ({len(text)} characters)"


#: Characters that look like a minus sign but are not ASCII ``-`` (U+2212 MINUS SIGN, the
#: hyphen and dashes U+2010-U+2014, SMALL and FULLWIDTH HYPHEN-MINUS): refused with a hint
#: rather than read as a sign, so that what runs is exactly what the user can see typed.
_DASHES = frozenset("\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d")


def _ascii_minus(text: str) -> str:
    return "".join("-" if ch in _DASHES else ch for ch in text)


def _check_characters(name: str, text: str) -> None:
    """Refuse digit separators, non-ASCII digits and non-ASCII minus signs with a message that
    names the fix."""
    if "_" in text:
        raise UsageError(f"{name}: write numbers without '_' separators, e.g. "
                         f"{_show(text.replace('_', ''))} instead of {_show(text)}")
    for ch in text:
        if ch in _DASHES:
            raise UsageError(f"{name}: type the minus sign as an ASCII '-'; {_show(text)} "
                             f"contains {ch!r} ({unicodedata.name(ch)}), as text pasted from "
                             f"a document often does: {_show(_ascii_minus(text))}")
        if ch.isdigit() and not ("0" <= ch <= "9"):
            what = unicodedata.name(ch, f"U+{ord(ch):04X}")
            raise UsageError(f"{name}: type digits as ASCII 0-9; {_show(text)} contains "
                             f"{ch!r} ({what})")


_INT = re.compile(r"[+-]?[0-9]+\Z")


def parse_int(name: str, text: str, minimum: int | None = None,
              maximum: int | None = None, why_maximum: str = "") -> int:
    """An integer option in ``[minimum, maximum]`` (ASCII digits, Python's digit limit)."""
    t = text.strip()
    if not t:
        raise UsageError(f"{name} needs an integer, got an empty value")
    _check_characters(name, t)
    if not _INT.match(t):
        written = (" written in digits (1000000, not 1e6)"
                   if re.fullmatch(r"[+-]?[0-9.]+[eE][+-]?[0-9]+", t) else "")
        raise UsageError(f"{name} must be an integer{written}, got {_show(t)}")
    digits = len(t.lstrip("+-"))
    limit = sys.get_int_max_str_digits()
    if limit and digits > limit:
        raise UsageError(
            f"{name}: an integer of {digits} digits exceeds Python's limit of {limit} digits "
            "for converting text to int; set the environment variable PYTHONINTMAXSTRDIGITS=0 "
            "(no limit) or a larger value to allow it")
    value = int(t)
    if minimum is not None and value < minimum:
        raise UsageError(f"{name} must be >= {minimum}, got {_show(t)}")
    if maximum is not None and value > maximum:
        raise UsageError(f"{name} must be <= {maximum:.3g}{why_maximum}, got {_show(t)}"
                         if maximum > 10**6 else
                         f"{name} must be <= {maximum}{why_maximum}, got {_show(t)}")
    return value


_DECIMAL = re.compile(r"(?P<sign>[+-]?)(?P<int>[0-9]*)(?:\.(?P<frac>[0-9]*))?"
                      r"(?:[eE](?P<exp>[+-]?[0-9]+))?\Z")
_FRACTION = re.compile(r"(?P<num>[+-]?[0-9]+)/(?P<den>[0-9]+)\Z")


def parse_real(name: str, text: str) -> Fraction:
    """A decimal (``0.001``, ``1e-3``) or a fraction (``1/1000``) read exactly, within
    :data:`MAX_REAL_DIGITS` digits and exponents of at most :data:`MAX_EXPONENT`."""
    t = text.strip()
    if not t:
        raise UsageError(f"{name} needs a number, got an empty value")
    _check_characters(name, t)
    frac = _FRACTION.match(t)
    if frac:
        num, den = frac["num"].lstrip("+-"), frac["den"]
        if len(num) > MAX_REAL_DIGITS or len(den) > MAX_REAL_DIGITS:
            raise UsageError(f"{name}: numerator and denominator may have at most "
                             f"{MAX_REAL_DIGITS} digits each, got {_show(t)}")
        if int(den) == 0:
            raise UsageError(f"{name}: the denominator of {_show(t)} is zero")
        return Fraction(int(frac["num"]), int(den))
    dec = _DECIMAL.match(t)
    if not dec or not (dec["int"] or dec["frac"]):
        raise UsageError(f"{name} must be a finite number such as 0.001, 1e-3 or 1/1000, "
                         f"got {_show(t)}")
    mantissa = (dec["int"] or "") + (dec["frac"] or "")
    if len(mantissa) > MAX_REAL_DIGITS:
        raise UsageError(f"{name}: at most {MAX_REAL_DIGITS} digits, got {len(mantissa)}")
    exponent_text = dec["exp"] or "0"
    # The exponent is judged from its text: int() of a long exponent would be slow, and
    # Fraction() would expand 10**exponent.
    if len(exponent_text.lstrip("+-").lstrip("0")) > len(str(MAX_EXPONENT)) \
            or abs(int(exponent_text)) > MAX_EXPONENT:
        raise UsageError(f"{name}: the exponent of {_show(t)} is outside "
                         f"[-{MAX_EXPONENT}, {MAX_EXPONENT}]; write the number with a "
                         "smaller exponent")
    value = Fraction(int(mantissa)) * Fraction(10) ** (int(exponent_text) - len(dec["frac"] or ""))
    return -value if dec["sign"] == "-" else value


def _parse_optional_real(name: str, text: str | None) -> Fraction | None:
    return None if text is None else parse_real(name, text)


# ------------------------------------------------------------------------------------ targets


def parse_target(text: str) -> tuple[int, ...]:
    """``--a 3,-2,0`` as Python ints (any size up to Python's digit limit)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(p == "" for p in parts):
        raise UsageError(f"--a must be a comma-separated list of integers, got {_show(text)}")
    if len(parts) > MAX_N:
        raise UsageError(f"--a has {len(parts)} entries; zonemax accepts n <= {MAX_N}")
    if any(ch in _DASHES for ch in text):
        _check_characters("--a", text.strip())  # the whole list in the hint, not one entry
    for p in parts:
        _check_characters("--a", p)
        if not _INT.match(p):
            raise UsageError(f"--a must contain integers only (the search space is Z^n), "
                             f"got {_show(p)}")
    return tuple(parse_int("--a", p) for p in parts)


def add_target_arguments(parser: argparse.ArgumentParser) -> None:
    """``--a A1,A2,...`` or ``--n N --r R`` (the target all-r with n positions)."""
    parser.add_argument("--a", metavar="A1,A2,...", help="target a in Z^n, comma-separated")
    parser.add_argument("--n", metavar="N", help="number of positions (with --r)")
    parser.add_argument("--r", metavar="R", help="target all-R (with --n)")


def target_from_args(args: argparse.Namespace) -> tuple[int, ...]:
    """The target of ``--a`` or ``--n/--r``."""
    if args.a is not None:
        if args.n is not None or args.r is not None:
            raise UsageError("give either --a or --n/--r, not both")
        return parse_target(args.a)
    if args.n is None or args.r is None:
        raise UsageError("give a target: --a A1,A2,... or --n N --r R")
    n = parse_int("--n", args.n, minimum=1, maximum=MAX_N,
                  why_maximum=" (the target is held in memory; Section 6 uses n <= 100)")
    r = parse_int("--r", args.r)
    return (r,) * n


# ------------------------------------------------------------------------------- algorithms


def algorithm_help(algorithms: Sequence[str]) -> str:
    """One entry per algorithm name with what it is (for ``--help``)."""
    return "; ".join(f"{name}: {ALGORITHMS[name]}" for name in algorithms)


def add_spec_arguments(parser: argparse.ArgumentParser, algorithms: Sequence[str]) -> None:
    """The algorithm, its target and its parameters (every field of an AlgorithmSpec)."""
    cma_note = (" (cma-wm takes --n N --r R: Section 6's all-r target in {0..r}^n)"
                if "cma-wm" in algorithms else "")
    parser.add_argument("algorithm", metavar="ALGO",
                        help=algorithm_help(algorithms) + cma_note)
    add_target_arguments(parser)
    parser.add_argument("--eps", help="heavy-tailed: eps > 0 of Definition 2 (default 0.001, "
                        "Section 6), a decimal or a fraction such as 1/1000")
    parser.add_argument("--log-base", help="heavy-tailed: base of the log in Definition 2, "
                        "2 (default) or e")
    parser.add_argument("--truncate", help="heavy-tailed: none (default), condition or clip "
                        "(bounded range r)")
    parser.add_argument("--trunc-r", metavar="R",
                        help="heavy-tailed: truncation range (default |a|_inf with --truncate)")
    parser.add_argument("--alpha", help="rls-ab: velocity increase alpha > 1 (default 1.7)")
    parser.add_argument("--beta", help="rls-ab: velocity decrease 0 < beta < 1 (default 0.9)")
    parser.add_argument("--geom-q", help="double-geometric (ea-geom, rls-geom): the ratio "
                        "0 < q < 1 of G1, G2 with P(G = k) = (1 - q) q^k, read exactly (e.g. 1/2)")
    parser.add_argument("--geom-mean", help="double-geometric: the mean step length "
                        "E|G1 - G2| = 2q/(1 - q^2) > 0 instead of --geom-q (default 1)")
    parser.add_argument("--power-exponent", help="power-law (ea-power, rls-power): the exponent "
                        "beta > 1 of the step length's law k^-beta / zeta(beta) (default 3/2)")


def _applies(given: list[str]) -> str:
    return "applies" if len(given) == 1 else "apply"


def spec_from_args(args: argparse.Namespace, algorithms: Sequence[str]) -> AlgorithmSpec:
    """Validate the algorithm, target and parameters into an :class:`AlgorithmSpec`."""
    algorithm = args.algorithm
    if algorithm not in algorithms:
        raise UsageError(f"unknown algorithm {_show(algorithm)}; choose one of "
                         f"{', '.join(algorithms)}")
    a = target_from_args(args)
    heavy_given = [f"--{k.replace('_', '-')}" for k in ("eps", "log_base", "truncate", "trunc_r")
                   if getattr(args, k) is not None]
    ab_given = [f"--{k}" for k in ("alpha", "beta") if getattr(args, k) is not None]
    geom_given = [f"--{k.replace('_', '-')}" for k in ("geom_q", "geom_mean")
                  if getattr(args, k) is not None]
    if algorithm not in HEAVY_ALGORITHMS and heavy_given:
        raise UsageError(f"{', '.join(heavy_given)} {_applies(heavy_given)} only to the "
                         f"heavy-tailed algorithms ({', '.join(HEAVY_ALGORITHMS)}), "
                         f"not to {algorithm}")
    if algorithm != "rls-ab" and ab_given:
        raise UsageError(f"{', '.join(ab_given)} {_applies(ab_given)} only to rls-ab, "
                         f"not to {algorithm}")
    if algorithm not in GEOM_ALGORITHMS and geom_given:
        raise UsageError(f"{', '.join(geom_given)} {_applies(geom_given)} only to the "
                         f"double-geometric algorithms ({', '.join(GEOM_ALGORITHMS)}), "
                         f"not to {algorithm}")
    if len(geom_given) == 2:
        raise UsageError("give either --geom-q (the ratio q) or --geom-mean (the mean step "
                         "length 2q/(1 - q^2)), not both: each determines the other")
    power_text = args.power_exponent
    if algorithm not in POWER_ALGORITHMS and power_text is not None:
        raise UsageError(f"--power-exponent applies only to the power-law algorithms "
                         f"({', '.join(POWER_ALGORITHMS)}), not to {algorithm}")
    log_base: int | str = 2
    if args.log_base is not None:
        if args.log_base not in ("2", "e"):
            raise UsageError(f"--log-base must be 2 or e, got {_show(args.log_base)}")
        log_base = 2 if args.log_base == "2" else "e"
    truncate = "none" if args.truncate is None else args.truncate
    if truncate not in TRUNCATIONS:
        raise UsageError(f"--truncate must be one of {', '.join(TRUNCATIONS)}, "
                         f"got {_show(truncate)}")
    trunc_r = None
    if args.trunc_r is not None:
        if truncate == "none":
            raise UsageError("--trunc-r needs --truncate condition or clip")
        trunc_r = parse_int("--trunc-r", args.trunc_r, minimum=1)
    eps = _parse_optional_real("--eps", args.eps)
    alpha = _parse_optional_real("--alpha", args.alpha)
    beta = _parse_optional_real("--beta", args.beta)
    geom_q = _parse_optional_real("--geom-q", args.geom_q)
    geom_mean = _parse_optional_real("--geom-mean", args.geom_mean)
    power_exponent = _parse_optional_real("--power-exponent", power_text)
    if eps is not None and eps > MAX_EPS:
        raise UsageError(f"--eps must be <= {MAX_EPS} (above it Definition 2's law is the ±1 "
                         "law up to a negligible probability, and the enclosure of c_eps loses "
                         "precision); for the ±1 operator use ea-pm1 or rls-pm1")
    if alpha is not None and alpha > MAX_ALPHA:
        raise UsageError("--alpha must be <= 1e300 (the fast engine computes velocities in "
                         "float64)")
    if beta is not None and 0 < beta < MIN_BETA:
        raise UsageError("--beta must be >= 1e-300 (the fast engine computes velocities in "
                         "float64)")
    if algorithm == "cma-wm" and a and a[0] > CMA_MAX_R:
        raise UsageError(f"cma-wm needs r <= 2^53 = {CMA_MAX_R} (it searches {{0..r}}^n in "
                         f"float64), got r with {len(str(a[0]))} digits")
    try:
        return AlgorithmSpec(algorithm, a, eps=eps, log_base=log_base,  # type: ignore[arg-type]
                             truncate=truncate, r=trunc_r, alpha=alpha, beta=beta,
                             geom_q=geom_q, geom_mean=geom_mean, power_exponent=power_exponent)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from None


# ------------------------------------------------------------------------- other parameters


def parse_runs(text: str) -> int:
    """``--runs``: 1 to :data:`MAX_RUNS` (``zonemax run`` streams them;
    :func:`~zonemax.commands._preflight.preflight` judges the time of runs without a budget)."""
    return parse_int("--runs", text, minimum=1, maximum=MAX_RUNS,
                     why_maximum=" (even the shortest runs, about 18,000 a second, would take "
                     "more than 15 hours: give fewer --runs, or run several commands with "
                     "different seeds)")


def parse_jobs(text: str) -> int:
    """``--jobs``: 1 to :data:`MAX_JOBS_PER_CPU` worker processes per CPU."""
    cpus = os.cpu_count() or 1
    return parse_int("--jobs", text, minimum=1, maximum=MAX_JOBS_PER_CPU * cpus,
                     why_maximum=f" ({MAX_JOBS_PER_CPU} per CPU; use --scheduler for a cluster)")


def parse_max_states(text: str) -> int:
    """``--max-states`` of ``zonemax exact``: 1 to :data:`MAX_STATES`."""
    return parse_int("--max-states", text, minimum=1, maximum=MAX_STATES,
                     why_maximum=" (every state is kept in memory with exact rationals)")


def parse_budget_factor(text: str) -> float:
    """``--budget-factor``: a number in ``(0, MAX_BUDGET_FACTOR]``."""
    value = parse_real("--budget-factor", text)
    if value <= 0:
        raise UsageError(f"--budget-factor must be > 0, got {_show(text.strip())}")
    if value > MAX_BUDGET_FACTOR:
        raise UsageError(f"--budget-factor must be <= {MAX_BUDGET_FACTOR} (budgets must fit the "
                         "fast engine's int64 evaluation counter)")
    return float(value)


def parse_ioh_dir(text: str) -> Path:
    """``--ioh DIR``: a directory for IOHprofiler data that exists or can be created, and can be
    written (created here, with a probe file written and removed).  An empty value, an existing
    file, a path under a file and an unwritable place each get one line; the folders inside
    that already exist are refused later, by the writers (nothing is overwritten)."""
    if not text.strip():
        raise UsageError("--ioh needs a directory path, got an empty value")
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--ioh {_show(text)}: this is an existing file; give a directory (it "
                         "is created if missing)")
    ancestor = path
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(f"--ioh {_show(text)}: {ancestor} is a file, not a directory; choose "
                         "another path")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise UsageError(f"--ioh {_show(text)}: cannot create or write this directory "
                         f"({exc.strerror or exc}); choose a writable place") from None
    return path
