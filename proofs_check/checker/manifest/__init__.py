r"""The checker's manifest: every claim's statement, owned by the checker (:mod:`..statement`).

Three reviewed sources, assembled into :data:`MANIFEST` (claim id -> :class:`~..statement.Entry`):

``claims.json``
    For every claim: the TeX lines and a verbatim quote, the statement in words, the quantifier
    as printed, the verdict the statement supports, the coverage class, the exact checks
    (``arith``, ``forall``, ``identity``, ``data``: the finite domains, the witnesses and the
    assertions, each in the expression language of :mod:`..expr`) and, for a claim proved by
    hand, the argument.  For every editorial entry: its TeX lines and quote.

    How it was made: the first draft was written out from the search's certificates of
    2026-11-26 (``python -m zonemax.proofs_check.manifest_draft``), then each entry was read
    against the TeX: statement, quantifier, domain and every assertion.  From then on it changes
    only by review: when the search's output changes, the checker rejects the certificates until
    the manifest is updated (``manifest_draft --diff`` shows what changed).

:mod:`.s5_formulas`, :mod:`.s234_formulas`
    The statements over real parameters and unbounded integers as formulas, written by hand
    from the TeX: the Coq theorems prove them (:mod:`..coq`), and the polynomial ones among them
    are also decided by z3 and cvc5 (:data:`SMT_FORMULAS`).

:data:`SMT_EXTRA`
    Polynomial lemmas that only the solvers decide.

The Coq obligations of a claim come first in its obligations, then the SMT formulas, then the
exact checks in the order of ``claims.json``, then the argument by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..formula import Formula
from ..statement import ByHand, Check, Coq, EditorialEntry, Entry, Obligation, Smt
from . import s5_formulas, s234_formulas
from .s5_formulas import C3, C15, C18, CONSTS

#: The formulas proved in Coq, by claim id.
COQ_FORMULAS: dict[str, tuple[Formula, ...]] = {**s234_formulas.FORMULAS, **s5_formulas.FORMULAS}

#: Polynomial statements that z3 and cvc5 decide as well (a second proof, and the one that
#: remains where Coq is not installed).
SMT_FORMULAS: dict[str, tuple[Formula, ...]] = {
    cid: COQ_FORMULAS[cid] for cid in (
        "S5.example-conditions", "S5.feasible-region", "S5.redundant-conditions",
        "S5.cp-uniform", "S5.case2-positive")}

#: Lemmas of S3.cS-outside-O's extension from the enumerated range to all n, over the reals:
#: (m - k)(k0 + 1) <= (m - k0)(k + 1) for 0 <= k0 <= k <= m, and a(k0 + 1) <= k0(2 k0 + 1 - m)
#: for 0 <= a <= m <= 2 k0 - a.
SMT_EXTRA: dict[str, tuple[Formula, ...]] = {
    "S3.cS-outside-O": (
        Formula((("m", "real"), ("k", "real"), ("k0", "real")),
                (("k0", ">=", "0"), ("k", ">=", "k0"), ("m", ">=", "k")),
                (("(m - k)*(k0 + 1)", "<=", "(m - k0)*(k + 1)"),)),
        Formula((("m", "real"), ("a", "real"), ("k0", "real")),
                (("a", ">=", "0"), ("a", "<=", "m"), ("2*k0", ">=", "a + m")),
                (("a*(k0 + 1)", "<=", "k0*(2*k0 + 1 - m)"),))),
}

_CLAIMS_JSON = Path(__file__).with_name("claims.json")


def _entry(raw: dict[str, Any]) -> Entry:
    cid = raw["id"]
    obligations: list[Obligation] = [Coq(f) for f in COQ_FORMULAS.get(cid, ())]
    obligations += [Smt(f) for f in (*SMT_FORMULAS.get(cid, ()), *SMT_EXTRA.get(cid, ()))]
    obligations += [Check(c["kind"], c["spec"]) for c in raw["checks"]]
    if raw.get("by_hand"):
        obligations.append(ByHand(raw["by_hand"]))
    first, last, quote = raw["tex"]
    return Entry(cid, (first, last, quote), raw["statement"], raw["quantifier"],
                 raw["verdict"], raw["coverage"], tuple(obligations))


def _load() -> tuple[dict[str, Entry], dict[str, EditorialEntry]]:
    if not _CLAIMS_JSON.is_file():
        return {}, {}
    doc = json.loads(_CLAIMS_JSON.read_text(encoding="utf-8"))
    claims = {raw["id"]: _entry(raw) for raw in doc["claims"]}
    editorial = {raw["id"]: EditorialEntry(raw["id"], tuple(raw["tex"]))  # type: ignore[arg-type]
                 for raw in doc["editorial"]}
    return claims, editorial


#: Claim id -> entry (registry order), and editorial id -> entry.
MANIFEST, EDITORIAL_ENTRIES = _load()


def coq_obligations() -> dict[str, Formula]:
    """Theorem name -> formula of every Coq obligation (``S5_case4``, ``S5_feasible_region_2``)."""
    out: dict[str, Formula] = {}
    for cid, formulas in COQ_FORMULAS.items():
        entry = MANIFEST.get(cid)
        if entry is not None:
            out.update(entry.coq_formulas())
        else:  # before claims.json lists the claim: the formulas alone
            from ..formula import coq_name

            base = coq_name(cid)
            out.update({base if k == 0 else f"{base}_{k + 1}": f for k, f in enumerate(formulas)})
    return out


__all__ = ["C3", "C15", "C18", "COQ_FORMULAS", "CONSTS", "EDITORIAL_ENTRIES", "MANIFEST",
           "SMT_EXTRA", "SMT_FORMULAS", "coq_obligations"]
