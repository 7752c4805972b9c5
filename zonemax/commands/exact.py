"""``zonemax exact``: exact expected run times of small instances (``zonemax.exact``).

Examples::

    zonemax exact ea-pm1 --a 2,-1
    zonemax exact rls-ab --a 5,3 --alpha 2 --beta 1/2
    zonemax exact ea-heavy --a 6 --eps 1 --truncate clip        # r = |a|_inf
    zonemax exact ea-heavy --a=-3,2 --eps 0.5 --log-base e --json
    zonemax exact rls-geom --a 4,-2 --geom-q 1/2                 # exact Fraction
    zonemax exact ea-geom --a 3 --geom-mean 1                    # q = sqrt(2) - 1: interval
    zonemax exact ea-power --a 3,1 --power-exponent 3/2

"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import mpmath

from zonemax.commands import Terminated
from zonemax.commands._input import (
    MAX_STATES,
    UsageError,
    add_spec_arguments,
    parse_int,
    parse_max_states,
    spec_from_args,
)
from zonemax.reference.fitness import norm_1
from zonemax.reference.params import short_number
from zonemax.reference.spec import ALGORITHMS, EA_ALGORITHMS, RLS_ALGORITHMS, AlgorithmSpec

if TYPE_CHECKING:
    from zonemax.exact import ExactResult
    from zonemax.exact.law import LawOfT


#: Algorithms with an exact solver (:data:`zonemax.exact.ALGORITHMS`; listed here so that
#: ``--help`` does not import the solvers).
EXACT_ALGORITHMS = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "ea-geom", "rls-geom",
                    "ea-power", "rls-power")
#: Decimal digits printed beside an exact fraction or for an interval midpoint.
DIGITS = 20
#: A solve estimated (low) above this many seconds gets a note before it starts.
NOTE_SECONDS = 10.0
#: ``--dps`` range: 15 is what :func:`zonemax.exact.heavy_law.check_dps` accepts; the top keeps a
#: typo from starting a solve that never ends (mpmath's cost grows faster than the digits):
#: measured, ``ea-geom --a 6,4 --geom-mean 1`` takes 0.03 s at 50 digits and 0.17 s at 2000,
#: and ``--a 3 --geom-mean 1e100`` needs 120.
MIN_DPS = 15
MAX_DPS = 2000


def configure(parser: argparse.ArgumentParser) -> None:
    add_spec_arguments(parser, EXACT_ALGORITHMS)
    parser.add_argument("--max-states", metavar="N",
                        help="refuse instances estimated above N lumped states (default "
                        f"depends on ALGO and n, about 10^3 to 10^5; at most {MAX_STATES:.0e}). "
                        "The solvers are meant for small instances: a lower bound on the "
                        "number of states is checked before anything is built")
    parser.add_argument("--variance", action="store_true", help="also compute Var[T]")
    parser.add_argument("--method", choices=("auto", "exact", "float"), default="auto",
                        help="ea-pm1, ea-heavy, ea-geom, ea-power: the family's exact solver "
                        "(exact: rationals, or interval arithmetic), the rigorous "
                        "floating-point solver (float: enclosures with a proved error bound; "
                        "ea-pm1 up to about 10^6 lumped states, e.g. a = 1^50; the step laws "
                        "e.g. n = 10 with |a|_1 = 30), or exact where the instance is within "
                        "the default limit and float beyond it (auto, the default)")
    parser.add_argument("--dps", metavar="DIGITS",
                        help="precision of the interval solves (heavy-tailed, power-law, "
                        "double-geometric with an irrational q) in decimal digits (default 50); "
                        "an enclosure that does not pin down six digits is refused with a "
                        "precision to try")
    parser.add_argument("--cdf", action="store_true",
                        help="print the whole law of T instead: P(T = t) and P(T <= t) with "
                        "rigorous enclosures for every t up to the 1 - 10^-9 quantile, and "
                        "quantiles (the RLS families at any n, e.g. n = 100; the (1+1) EA "
                        "at the sizes of its exact solvers, and a little beyond with the "
                        "floating-point kernel: --method)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _capped_comb(top: int, k: int, cap: int) -> int:
    """``C(top, k)``, or ``cap + 1`` as soon as it exceeds ``cap`` (cheap for huge ``top``)."""
    value = 1
    for i in range(1, k + 1):  # C(top - k + i, i) grows with i
        value = value * (top - k + i) // i
        if value > cap:
            return cap + 1
    return value


def states_lower_bound(spec: AlgorithmSpec, cap: int) -> int:
    """A lower bound on the lumped states the solver of ``spec`` builds (capped at ``cap + 1``).

    It never exceeds the solvers' own up-front estimates in :mod:`zonemax.exact`, so a
    refusal here is one the solver would make too, only without its cost (which grows with the
    target: counting the states of ``rls-ab`` on ``(200, 200)`` took 28 s).

    * the (1+1) EA with any step operator: the states are the non-increasing ``n``-tuples of distances with
      sum ``<= |a|_1 = T``; those with at most two non-zero entries number ``T + 1`` (``n = 1``)
      and ``floor(T^2/4) + T + 1`` (``n >= 2``).
    * RLS with any step operator: the multiset count ``prod C(d + m, m)`` over the groups of
      ``m`` positions at distance ``d`` (the solvers' own estimate: one position moves at a time
      and never away from its target).
    * ``rls-ab``: a position started at distance ``d0 >= 1`` reaches at least ``2 d0`` states:
      ``(d, 1)`` for ``1 <= d <= d0`` (slow down to velocity 1, then step 1 towards the target),
      ``(d, alpha)`` for ``1 <= d < d0`` and the finished state; groups of ``m`` equal
      positions give ``C(2 d0 + m - 1, m)``.
    """
    a = spec.a
    groups = Counter(abs(ai) for ai in a if ai != 0)
    if spec.algorithm in EA_ALGORITHMS:
        total = norm_1(a)
        bound = total + 1 if len(a) == 1 else total * total // 4 + total + 1
        return min(bound, cap + 1)
    sizes = ([(d + 1, m) for d, m in groups.items()] if spec.algorithm in RLS_ALGORITHMS
             else [(2 * d, m) for d, m in groups.items()])
    bound = 1
    for size, m in sizes:
        bound *= _capped_comb(size + m - 1, m, cap)
        if bound > cap:
            return cap + 1
    return bound


def _target_text(a: tuple[int, ...]) -> str:
    def entry(x: int) -> str:
        return str(x) if abs(x) < 10**12 else f"{'-' if x < 0 else ''}~10^{int(math.log10(abs(x)))}"

    shown = ", ".join(entry(x) for x in a[:5])
    return f"({shown}{', ...' if len(a) > 5 else ''})" + (f" (n = {len(a)})" if len(a) > 5 else "")


class SolveProgress:
    """Progress of one exact solve on ``stream`` (a large solve once printed
    nothing for minutes while its memory grew).

    Called by the solver (:data:`zonemax.exact.linalg.ExactProgress`): with its up-front
    estimate a note says how many states and how long at least (:func:`estimate_note`); then a
    line shows the states built, later the states solved with an ETA at the pace of the last
    level (levels get slower as the exact denominators grow, so it is a low guess).  On a
    terminal the line is redrawn every :data:`TTY_INTERVAL` seconds, otherwise a plain line is
    written every :data:`PLAIN_INTERVAL` seconds; a heartbeat thread keeps it going through a
    long level.  Short solves print nothing.
    """

    def __init__(self, spec: AlgorithmSpec, stream: TextIO, *, tty: bool | None = None,
                 interval: float | None = None, float_solver: bool = False) -> None:
        from zonemax.experiments.progress import PLAIN_FIRST, PLAIN_INTERVAL, TTY_INTERVAL

        self.spec = spec
        self.float_solver = float_solver
        self.stream = stream
        self.tty = stream.isatty() if tty is None else tty
        self.interval = interval if interval is not None else (
            TTY_INTERVAL if self.tty else PLAIN_INTERVAL)
        self.first = (PLAIN_FIRST if interval is None and not self.tty
                      else self.interval)  # the first line (plain: sooner than the interval)
        self.start = time.monotonic()
        self._last_drawn: float | None = None
        self.estimate = 0
        self.stage = ""
        self.done = 0
        self.total = 0
        self.pace: float | None = None  # seconds per state of the last level
        self._level_at = (self.start, 0)
        self._drawn = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="exact-progress", daemon=True)
        self._thread.start()

    def __call__(self, stage: str, done: int, total: int) -> None:
        with self._lock:
            now = time.monotonic()
            if stage == "estimate":
                self.estimate = done
                note = (float_note(done, self.spec.algorithm) if self.float_solver
                        else estimate_note(self.spec, done))
                if note is not None:
                    self._write(f"zonemax exact: note: {note}\n")
                return
            if stage == "levels":
                at, solved = self._level_at
                if done > solved:
                    self.pace = (now - at) / (done - solved)
                self._level_at = (now, done)
            self.stage, self.done, self.total = stage, done, total

    def text(self) -> str:
        from zonemax.experiments.progress import format_duration

        elapsed = format_duration(time.monotonic() - self.start) + _peak_memory()
        if self.stage == "levels":
            pct = 100.0 * self.done / self.total if self.total else 100.0
            eta = ("" if self.pace is None else
                   f", ETA {format_duration(self.pace * (self.total - self.done))} at the last "
                   "level's pace (levels get slower)")
            return (f"zonemax exact: solving: {self.done}/{self.total} states ({pct:.0f}%), "
                    f"elapsed {elapsed}{eta}")
        if not self.stage:  # tables, and numba's compilation of the solver on a first run
            return (f"zonemax exact: preparing the solve (a first run also compiles the "
                    f"solver), elapsed {elapsed}")
        about = f" of about {self.estimate}" if self.estimate else ""
        return f"zonemax exact: building the chain: {self.done}{about} states, elapsed {elapsed}"

    def _beat(self) -> None:
        """A line after :attr:`first` seconds, then one every :attr:`interval` (before, a
        plain log got one a second once the first interval had passed)."""
        while not self._stop.wait(min(self.interval, 1.0)):
            with self._lock:
                now = time.monotonic()
                due = (self.start + self.first if self._last_drawn is None
                       else self._last_drawn + self.interval)
                if now >= due:
                    self._last_drawn = now
                    self._draw()

    def _draw(self) -> None:
        if self.tty:
            self._write("\r\x1b[2K" + self.text())
        else:
            self._write(self.text() + "\n")
        self._drawn = True

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr's reader went away: progress is a courtesy
            pass

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        if self.tty and self._drawn:
            self._write("\r\x1b[2K")


def _peak_memory() -> str:
    """``", peak memory 543 MB"`` (this process), or ``""`` where it cannot be read."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return ""
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return f", peak memory {kib // 1024} MB"


def estimate_note(spec: AlgorithmSpec, states: int) -> str | None:
    """What to say before a solve of about ``states`` states, or ``None`` for one of seconds:
    the states against the default limit, and a low estimate of the time from the cost per
    state at the documented limits (:data:`zonemax.exact.limits.SECONDS_PER_STATE`)."""
    from zonemax.exact import default_max_states
    from zonemax.exact.limits import seconds_per_state
    from zonemax.experiments.progress import format_duration

    cap = default_max_states(spec.algorithm, spec.n)
    seconds = states * seconds_per_state(spec.algorithm, spec.n)
    if states <= cap and seconds < NOTE_SECONDS:
        return None
    return (f"about {states} lumped states (upper estimate; the default limit for "
            f"{spec.algorithm} at n = {spec.n} is {cap}, solved in seconds); at least "
            f"{format_duration(seconds)} by the cost per state at the documented limits, and "
            "probably far more: the cost per state grows with the instance; progress follows")


#: States above which the floating-point solver gets a note before it starts: measured on the
#: shared 2-core development machine, a = 1^30 (28,629 states) took about 25 s, a = 1^20
#: (2,714) about 1 s.
FLOAT_NOTE_STATES = 20_000
#: The same for the step-law solver (:mod:`zonemax.exact.ea_steps_float`): ea-heavy with
#: eps = 1 at a = 3^10 (20,545 states) took about 20 s (``benchmarks/exact_scale_steps.py``).
STEPS_NOTE_STATES = 30_000


def float_note(states: int, algorithm: str = "ea-pm1") -> str | None:
    """What to say before a floating-point solve of ``states`` lumped states of
    ``algorithm`` (``None``: it takes seconds)."""
    if algorithm != "ea-pm1":
        if states <= STEPS_NOTE_STATES:
            return None
        return (f"about {states} lumped states for the rigorous floating-point solver: "
                "ea-heavy at a = 3^10 (20,545 states) takes about 20 s, and the cost grows "
                "faster than the states; progress follows")
    if states <= FLOAT_NOTE_STATES:
        return None
    return (f"about {states} lumped states for the rigorous floating-point solver: a = 1^30 "
            "(28,629 states) takes about half a minute, a = 1^50 (1,295,971) hours; "
            "progress follows")


def result_from_args(args: argparse.Namespace) -> ExactResult:
    """Validate the arguments, check the size up front, call
    :func:`zonemax.exact.exact_expectation`."""
    spec = spec_from_args(args, EXACT_ALGORITHMS)
    from zonemax.exact import (
        EnclosureTooWide,
        InstanceTooLarge,
        default_max_states,
        exact_expectation,
    )
    from zonemax.exact.dispatch import INTERVAL_ALGORITHMS, chosen_method
    from zonemax.exact.ea_pm1_float import DEFAULT_FLOAT_MAX_STATES, ea_pm1_float_result
    from zonemax.exact.ea_steps_float import DEFAULT_STEPS_MAX_STATES, ea_steps_float_result

    try:
        method = chosen_method(spec, getattr(args, "method", "auto"))
    except ValueError as exc:
        raise UsageError(f"--method: {exc}") from None
    if args.max_states is not None:
        max_states = parse_max_states(args.max_states)
    elif method == "float":
        max_states = (DEFAULT_FLOAT_MAX_STATES if spec.algorithm == "ea-pm1"
                      else DEFAULT_STEPS_MAX_STATES)
    else:
        max_states = default_max_states(spec.algorithm, spec.n)
    low = states_lower_bound(spec, max_states)
    if low > max_states:
        raise UsageError(
            f"{spec.algorithm} on a = {_target_text(spec.a)}: more lumped states than "
            f"max_states = {max_states} (a lower bound computed before solving); exact solvers "
            "are for small instances: choose a smaller target, raise --max-states (at most "
            f"{MAX_STATES:.0e}) if you accept the time, or estimate E[T] with zonemax run")
    dps = None
    if args.dps is not None:
        if spec.algorithm not in INTERVAL_ALGORITHMS:
            raise UsageError(f"--dps applies only to {', '.join(INTERVAL_ALGORITHMS)}; "
                             f"{spec.algorithm} is solved in exact rationals")
        dps = parse_int("--dps", args.dps, minimum=MIN_DPS, maximum=MAX_DPS)
    progress = SolveProgress(spec, sys.stderr, float_solver=method == "float")
    try:
        if method == "float" and spec.algorithm == "ea-pm1":
            return ea_pm1_float_result(spec.a, max_states=max_states,
                                       with_variance=args.variance, progress=progress)
        if method == "float":  # a step law: the heavy-tailed, double-geometric, power law
            try:
                return ea_steps_float_result(spec, max_states=max_states,
                                             with_variance=args.variance, progress=progress,
                                             **({} if dps is None else {"dps": dps}))
            except ValueError as exc:  # the instance is too large, or its bound too wide
                raise UsageError(str(exc)) from None
        return exact_expectation(spec, max_states=max_states, with_variance=args.variance,
                                 dps=dps, progress=progress)
    except InstanceTooLarge as exc:
        raise UsageError(str(exc)) from None
    except EnclosureTooWide as exc:
        text = str(exc)
        text = text[:text.rindex("; solve again")]
        raise UsageError(f"{spec.algorithm}: no result: {text}; give --dps {exc.suggested_dps} "
                         f"(at most {MAX_DPS})" if exc.suggested_dps <= MAX_DPS else
                         f"{spec.algorithm}: no result: {text}; even --dps {MAX_DPS} is not "
                         "expected to be enough") from None
    finally:
        progress.close()


def decimal_text(value: Fraction | mpmath.mpf, digits: int = DIGITS) -> str:
    """``value`` as a decimal with ``digits`` significant digits (exact rounding for Fractions)."""
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = digits
            return str(Decimal(value.numerator) / Decimal(value.denominator))
    return str(mpmath.nstr(value, digits))


def enclosure_text(mid: mpmath.mpf, err: mpmath.mpf) -> str:
    """``mid ± err`` with ``mid`` to two digits beyond the first digit of ``err`` (more would
    be noise) and ``err`` rounded up to two digits after adding the rounding of ``mid``, so
    that the printed interval still contains the enclosure."""
    if not (mpmath.isfinite(mid) and mpmath.isfinite(err)) or err <= 0 or mid == 0:
        return f"{decimal_text(mid)} ± {mpmath.nstr(err, 3)}"
    exp_mid = int(mpmath.floor(mpmath.log10(abs(mid))))
    exp_err = int(mpmath.floor(mpmath.log10(err)))
    shown = str(mpmath.nstr(mid, max(2, min(DIGITS, exp_mid - exp_err + 2))))
    with mpmath.workdps(2 * DIGITS + 10):  # the rounding of mid, well below err's two digits
        total = Decimal(str(mpmath.nstr(err + abs(mid - mpmath.mpf(shown)), 30)))
    with localcontext() as ctx:  # rounded up to two significant digits
        ctx.prec = 2
        ctx.rounding = "ROUND_CEILING"
        bound = +total
    return f"{shown} ± {bound:g}"


#: A fraction whose numerator or denominator has more bits than this is printed as a decimal
#: only (Python refuses to print integers of more than 4300 digits; 4300 digits = 14284 bits).
FRACTION_BITS = 14_000


def fraction_text(value: Fraction) -> str:
    """``p/q``, or a note with the size when ``p`` or ``q`` is too long to print."""
    bits = max(value.numerator.bit_length(), value.denominator.bit_length())
    if bits <= FRACTION_BITS:
        return str(value)
    return f"(an exact fraction of about {int(bits * 0.30103)} digits)"


def _value_text(value: Fraction | mpmath.mpf) -> str:
    return fraction_text(value) if isinstance(value, Fraction) else decimal_text(value)


def _param_text(value: object) -> str:
    """A parameter for people: long exact numbers in six digits (``--json`` keeps them)."""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return short_number(value)
    return str(value)


def format_text(res: ExactResult) -> str:
    lines = [f"{res.algorithm}: {ALGORITHMS[res.algorithm]}"]
    params = [f"{k}={_param_text(v)}" for k, v in res.params if v is not None]
    shown = "; " + ", ".join(params) if params else ""
    lines.append(f"target a = {','.join(map(short_number, res.a))}{shown}")
    if res.exact:
        assert isinstance(res.expectation, Fraction)
        lines.append(f"E[T] = {fraction_text(res.expectation)} ≈ "
                     f"{decimal_text(res.expectation)}")
    else:
        why = ("c_eps enclosure and rounding" if res.algorithm in ("ea-heavy", "rls-heavy")
               else "interval arithmetic, every rounding included")
        if res.method is not None:
            why = res.method
        lines.append(f"E[T] = {enclosure_text(res.expectation, res.error_bound)}  "
                     f"(rigorous: {why})")
    if res.variance is not None:
        var = res.variance
        text = (f"{fraction_text(var)} ≈ {decimal_text(var)}" if isinstance(var, Fraction)
                else decimal_text(var))
        if res.variance_error is not None:
            text = (f"{decimal_text(var, 14)} ± {mpmath.nstr(res.variance_error, 2)}  "
                    "(rigorous)")
        lines.append(f"Var[T] = {text}")
    lines.append(f"states: {res.states}")
    return "\n".join(lines) + "\n"


def format_json(res: ExactResult) -> str:
    obj: dict[str, object] = {
        "algorithm": res.algorithm,
        "a": list(res.a),
        "params": {k: (str(v) if isinstance(v, Fraction) else v) for k, v in res.params},
        "exact": res.exact,
        "expectation": _value_text(res.expectation),
        "expectation_decimal": decimal_text(res.expectation),
        "error_bound": _value_text(res.error_bound) if res.exact
        else str(mpmath.nstr(res.error_bound, 6)),
        "states": res.states,
    }
    if res.method is not None:
        obj["method"] = res.method
    if res.variance is not None:
        obj["variance"] = _value_text(res.variance)
        obj["variance_decimal"] = decimal_text(res.variance)
        if res.variance_error is not None:
            obj["variance_error"] = str(mpmath.nstr(res.variance_error, 6))
    return json.dumps(obj) + "\n"


#: The quantile levels printed with ``--cdf``.
CDF_LEVELS = (0.01, 0.1, 0.5, 0.9, 0.99, 0.999999, 1 - 1e-9)


def law_from_args(args: argparse.Namespace) -> LawOfT:
    """``--cdf``: validate the arguments and compute :func:`zonemax.exact.law.law_of_T`."""
    spec = spec_from_args(args, EXACT_ALGORITHMS)
    from zonemax.exact import InstanceTooLarge, default_max_states
    from zonemax.exact.dispatch import chosen_method
    from zonemax.exact.ea_steps_float import STEP_ALGORITHMS, ea_steps_law
    from zonemax.exact.law import law_of_T
    from zonemax.exact.rls_any_n import RLS_FAMILIES, rls_law_any_n

    try:
        method = chosen_method(spec, getattr(args, "method", "auto"))
    except ValueError as exc:
        raise UsageError(f"--method: {exc}") from None
    if method == "float" and spec.algorithm in STEP_ALGORITHMS:
        # the transition DP's float kernel (ea_steps_float), pushed forward
        try:
            return ea_steps_law(spec, max_states=(None if args.max_states is None
                                                  else parse_max_states(args.max_states)))
        except ValueError as exc:  # too large (InstanceTooLarge), or the bound too wide
            raise UsageError(str(exc)) from None

    if spec.algorithm in RLS_FAMILIES:  # any n: per-position laws, multinomial allocation
        try:
            return rls_law_any_n(spec)
        except InstanceTooLarge as exc:
            raise UsageError(str(exc)) from None
    max_states = (default_max_states(spec.algorithm, spec.n) if args.max_states is None
                  else parse_max_states(args.max_states))
    if states_lower_bound(spec, max_states) > max_states:
        raise UsageError(
            f"{spec.algorithm} on a = {_target_text(spec.a)}: more lumped states than "
            f"max_states = {max_states} (a lower bound computed before solving); choose a "
            f"smaller target or raise --max-states (at most {MAX_STATES:.0e})")
    try:
        return law_of_T(spec, max_states=max_states)
    except InstanceTooLarge as exc:
        raise UsageError(str(exc)) from None


def format_law(law: LawOfT, as_json: bool) -> str:
    """The law of ``T``: one line per ``t`` (text) or arrays (JSON)."""
    levels = [lv for lv in CDF_LEVELS if lv <= 1 - law.tail]
    if as_json:
        return json.dumps({
            "algorithm": law.spec.algorithm, "a": list(law.spec.a), "states": law.states,
            "method": law.method, "tail": law.tail,
            "pmf_low": law.pmf_low.tolist(), "pmf_high": law.pmf_high.tolist(),
            "cdf_low": law.cdf_low.tolist(), "cdf_high": law.cdf_high.tolist(),
            "quantiles": {repr(lv): list(law.quantile(lv)) for lv in levels},
        }) + "\n"
    lines = [f"{law.spec.algorithm}: {ALGORITHMS[law.spec.algorithm]}",
             f"target a = {','.join(map(short_number, law.spec.a))}",
             f"law of T (rigorous enclosures: {law.method}); P(T > {law.t_max}) <= "
             f"{law.tail:.3g}; states: {law.states}"]
    for lv in levels:
        lo, hi = law.quantile(lv)
        lines.append(f"quantile {lv:.10g}: {lo}" + ("" if lo == hi else f" .. {hi}"))
    lines.append(f"{'t':>7} {'P(T = t) low':>22} {'high':>22} {'P(T <= t) low':>22} "
                 f"{'high':>22}")
    for t in range(law.t_max + 1):
        lines.append(f"{t:>7} {law.pmf_low[t]:>22.15e} {law.pmf_high[t]:>22.15e} "
                     f"{law.cdf_low[t]:>22.15e} {law.cdf_high[t]:>22.15e}")
    return "\n".join(lines) + "\n"


def execute(args: argparse.Namespace) -> int:
    if getattr(args, "cdf", False):
        sys.stdout.write(format_law(solve_in_worker(lambda: law_from_args(args)), args.json))
        return 0
    res = solve_in_worker(lambda: result_from_args(args))
    sys.stdout.write(format_json(res) if args.json else format_text(res))
    return 0


_T = TypeVar("_T")
#: How often the main thread looks up from waiting for the solve (seconds); a signal is handled
#: at once regardless (the wait returns to Python for it).
WAIT_POLL = 0.25


def solve_in_worker(work: Callable[[], _T]) -> _T:
    """``work()`` in a worker thread while the main thread waits, so that Ctrl-C and SIGTERM end
    the command at once with one line and 130 or 143.

    Before, the solve ran in the main thread: a signal that arrived inside the floating-point
    solver's compiled level raised from inside numba's dispatcher (a ``SystemError`` traceback,
    exit 1), and a level of minutes ran on first.  The compiled levels release the GIL
    (:mod:`zonemax.exact.ea_pm1_float`, "Signals"), so the waiting main thread runs the signal
    handler at once.  A compiled level cannot be stopped from Python, and a solve keeps nothing
    worth saving, so the process then ends at once (``os._exit``, after the message and the
    output streams are flushed) instead of waiting for the level."""
    if threading.current_thread() is not threading.main_thread():
        return work()  # no signal handler runs here: nothing to gain from a worker
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # re-raised in the main thread, traceback and all
            box["error"] = exc

    worker = threading.Thread(target=target, name="exact-solve", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(WAIT_POLL)
    except KeyboardInterrupt as exc:
        term = isinstance(exc, Terminated)
        what = "terminated (SIGTERM)" if term else "interrupted"
        for stream, text in ((sys.stderr, f"\nzonemax exact: {what}\n"
                              if sys.stderr.isatty() else f"zonemax exact: {what}\n"),
                             (sys.stdout, "")):
            try:
                stream.write(text)
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(128 + (Terminated.signum if term else signal.SIGINT))
    if "error" in box:
        raise box["error"]
    return box["value"]
