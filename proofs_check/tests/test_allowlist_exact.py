"""The Coq axiom allow-list matches coqchk's assumption names exactly, never by suffix or prefix.

Issue 42, section 2: the allow-list could be loosened to accept an assumption whose qualified
name merely *ends* like an allowed one (``Evil.Coq.Logic.Classical_Prop.classic``: a module
``Evil`` of a proof file that declares ``Module Coq. Module Logic. ... Axiom classic : False``)
with every test still passing -- the near misses tested so far
(``ZM.A.Classical_Prop.classic``) end like no allowed name.

The rule lives inside ``zonemax.proofs_check.checker.coq._kernel_check`` (no function of its own
matches one name): it is pinned through that function with ``coqchk`` canned (``_coqchk``
replaced by a function that prints a context summary as ``coqchk -o`` does), so no Coq
installation is needed, and through :func:`~zonemax.proofs_check.checker.coq.parse_summary`,
the public function that reads coqchk's output, which must hand the names on verbatim.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from zonemax.proofs_check.checker import coq

#: The real allow-list (``proofs_check/coq/allowed_axioms.txt``).
ALLOW = coq.allowed_axioms()
CLASSIC = "Coq.Logic.Classical_Prop.classic"

#: Names that end (or start) like an allowed one, each a different assumption to Coq.
LOOKALIKES = [
    f"Evil.{CLASSIC}",                            # the case: a suffix at a dot
    f"ZM.S5_case4.{CLASSIC}",                     # the same under the project's root
    f"X{CLASSIC}",                                # a suffix without a dot
    "Evil.Coq.Numbers.Cyclic.Int63.PrimInt63.add",  # another allowed name as a suffix
    f"{CLASSIC}.evil",                            # an allowed name as a prefix
    f"{CLASSIC}_evil",
    "Coq.Logic.Classical_Prop",                   # an allowed name's module
    "Classical_Prop.classic",                     # an allowed name's tail
]


def _summary(axioms: list[str]) -> str:
    """A context summary as ``coqchk -o`` prints it (Coq 8.16+), the assumptions indented."""
    items = "".join(f"    {a}\n" for a in axioms)
    head = "* Axioms:\n" + items if axioms else "* Axioms: <none>\n"
    return ("\nCONTEXT SUMMARY\n===============\n\n* Theory: Set is predicative\n  \n"
            f"{head}  \n"
            "* Constants/Inductives relying on type-in-type: <none>\n  \n"
            "* Constants/Inductives relying on unsafe (co)fixpoints: <none>\n  \n"
            "* Inductives whose positivity is assumed: <none>\n  \n")


def _kernel_check(monkeypatch: pytest.MonkeyPatch, axioms: list[str]) -> coq.TheoremResult:
    """``_kernel_check`` of one theorem ``T`` whose coqchk summary lists ``axioms``."""

    def canned(chk: str, work: Path, units: list[str]) -> tuple[int, str]:
        return 0, _summary(axioms)

    monkeypatch.setattr(coq, "_coqchk", canned)
    got = coq._kernel_check("coqchk", Path("."), ["T"], {"T": "Check_T"},
                            ["Vocabulary", "Statements"], ALLOW)
    return got["T"]


def test_the_lookalikes_are_not_on_the_list_but_their_originals_are() -> None:
    assert CLASSIC in ALLOW and "Coq.Numbers.Cyclic.Int63.PrimInt63.add" in ALLOW
    assert not set(LOOKALIKES) & set(ALLOW)


def test_the_summary_hands_the_names_on_verbatim() -> None:
    summary = coq.parse_summary(_summary([CLASSIC, *LOOKALIKES]))
    assert summary is not None
    assert summary.axioms == (CLASSIC, *LOOKALIKES)


def test_allowed_assumptions_alone_prove(monkeypatch: pytest.MonkeyPatch) -> None:
    names = sorted(ALLOW)[:5]
    got = _kernel_check(monkeypatch, names)
    assert got.ok, got.message
    assert got.axioms == tuple(names)


@pytest.mark.parametrize("lookalike", LOOKALIKES)
def test_a_name_that_only_looks_allowed_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                   lookalike: str) -> None:
    got = _kernel_check(monkeypatch, [CLASSIC, lookalike])
    assert not got.ok
    assert got.message == f"T rests on assumptions outside the allow-list: {lookalike}"
