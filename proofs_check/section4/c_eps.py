r"""Section 4: zonemax's table of c_eps (Section 2's constant, used throughout Section 4).

Notation as in :mod:`zonemax.proofs_check.section4`.  The table is zonemax's own, not a claim of
the paper (the paper's claim, that c_eps is finite, is ``S2.c-eps-finite``): it is checked,
controlled and certified like a claim but registered in :data:`TABLES`, listed apart from the
verdicts and never counted among them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.bounds import ARB_PREC, c_eps_enclosure
from zonemax.proofs_check.core import (
    Certificate,
    Claim,
    Control,
    Method,
    Status,
    TexRef,
    Verdict,
    evidence,
    proved,
    record,
)
from zonemax.proofs_check.section4.common import (
    _BASE_NAME,
    CHECKER_TERMS,
    SEARCH_TERMS,
    SEARCH_TERMS_HEAVY,
    _lnb_expr,
)
from zonemax.proofs_check.serialise import decimal
from zonemax.reference.params import LogBase

#: zonemax's table of c_eps (Section 2): ``(eps, base, lower, upper)``.  Each
#: entry is the Arb enclosure of :func:`~zonemax.proofs_check.bounds.c_eps_enclosure` at
#: N = 2^17 (width < 7e-13), widened by 1e-10 on each side and rounded outward to 12 decimals:
#: width 2.01e-10 <= 1e-9.
C_EPS_TABLE: tuple[tuple[Fraction, LogBase, Fraction, Fraction], ...] = (
    (Fraction(1, 1000), 2, Fraction("693.443987510945"), Fraction("693.443987511146")),
    (Fraction(1, 1000), "e", Fraction("1000.794938981301"), Fraction("1000.794938981502")),
    (Fraction(1), 2, Fraction("1.013632287346"), Fraction("1.013632287547")),
    (Fraction(1), "e", Fraction("2.109742801136"), Fraction("2.109742801337")),
)
#: The width the table must not exceed.
C_EPS_MAX_WIDTH = Fraction(1, 10**9)


def check_c_eps_enclosures(heavy: bool, *, table: Iterable[tuple[Fraction, LogBase, Fraction,
                                                                     Fraction]] = C_EPS_TABLE,
                           max_width: Fraction = C_EPS_MAX_WIDTH) -> Verdict:
    """Every tabulated ``[lower, upper]`` encloses ``c_eps`` and is at most ``max_width`` wide."""
    rows = list(table)
    terms = SEARCH_TERMS_HEAVY if heavy else SEARCH_TERMS
    found: dict[str, Any] = {}
    cert_list: list[Certificate] = []
    bad: list[tuple[str, Certificate]] = []
    undecided = []
    record(Method.ENUMERATION)
    for eps, base, low, high in rows:
        c_lo, c_hi = c_eps_enclosure(eps, base, terms)
        key = f"eps={eps}, {_BASE_NAME[base]}"
        found[key] = {"table": (low, high), "arb": (c_lo, c_hi), "arb_width": c_hi - c_lo}
        env = {"eps": eps, "lo": low, "hi": high, "N": CHECKER_TERMS, "w": max_width}
        c_expr = f"heavy_c_eps(eps, {_lnb_expr(base)}, N)"
        if high - low > max_width:
            bad.append((key, certs.arith([certs.check("hi - lo", ">", "w")], **env)))
        elif c_hi < low or c_lo > high:
            side = certs.check(c_expr, "<", "lo") if c_hi < low else certs.check(c_expr, ">", "hi")
            bad.append((key, certs.arith([side], **env)))
        elif low < c_lo and c_hi < high:
            cert_list.append(certs.arith([certs.check("lo", "<", c_expr),
                                          certs.check(c_expr, "<", "hi"),
                                          certs.check("hi - lo", "<=", "w")], **env))
        else:
            undecided.append(key)
    scope = proved("c_eps for the tabulated single values of eps and log base",
                   f"Arb balls ({ARB_PREC} bits): partial sum i < N = {terms} plus the "
                   "convexity (trapezoid/midpoint) bracket of the tail")
    if bad:
        return Verdict(Status.FAILS, f"The table's entry {bad[0][0]} does not enclose c_eps "
                       "or is too wide.", evidence(enclosures=found),
                       evidence(entry=bad[0][0]), scope=scope,
                       certificates=tuple(c for _, c in bad))
    if undecided:
        return Verdict(Status.INCONCLUSIVE, f"Arb cannot separate c_eps from the table's end "
                       f"points for {undecided}.", evidence(enclosures=found), scope=scope)
    listed = "; ".join(f"eps = {eps}, {_BASE_NAME[base]}: [{decimal(low, 16)}, "
                       f"{decimal(high, 16)}]" for eps, base, low, high in rows)
    return Verdict(
        Status.HOLDS,
        f"c_eps (Definition 2's normaliser) lies in each tabulated interval, every one at most "
        f"{decimal(max_width, 2)} wide: {listed}.  The Arb enclosures (partial sum plus "
        "convexity tail bracket) lie strictly inside; the checker re-derives them with its own "
        f"Euler-Maclaurin tail bracket (N = {CHECKER_TERMS}, signed remainder).",
        evidence(enclosures=found, max_width=max_width), scope=scope,
        certificates=tuple(cert_list))


def _swapped_table() -> tuple[tuple[Fraction, LogBase, Fraction, Fraction], ...]:
    """The table with the log bases of its entries exchanged (a wrong-base control)."""
    other: dict[LogBase, LogBase] = {2: "e", "e": 2}
    return tuple((eps, other[base], low, high) for eps, base, low, high in C_EPS_TABLE)


#: zonemax's own tables (not claims of the paper; never counted among the verdicts).
TABLES: tuple[Claim, ...] = (
    Claim("S4.c-eps-enclosures", 4, "Section 2, definition of c_eps (used in Theorem 5)",
          "zonemax's table: c_eps lies in [lower, upper] (width <= 1e-9) for eps in {1/1000, 1} "
          "with log2 and with ln.", check_c_eps_enclosures,
          controls=(Control("the table read with the log bases exchanged",
                            {"table": _swapped_table()}, Status.FAILS),),
          tex=TexRef(264, 264, r"let $ c_{\epsilon} = \sum_{i = 2}^{\infty} \frac{1}{i \cdot "
                               r"(\log i)^{1+\epsilon}}$")),
)

#: This module registers no claim of the paper.
CLAIMS: tuple[Claim, ...] = ()

#: The recorded verdict of each table (a change is a regression or a deliberate, reviewed
#: correction; the tests compare against it).
EXPECTED_TABLES: dict[str, Status] = {
    "S4.c-eps-enclosures": Status.HOLDS,
}

#: The recorded verdict of every claim of this module (none).
EXPECTED: dict[str, Status] = {}
