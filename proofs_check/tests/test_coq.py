"""The Coq proofs of the claims over real parameters.

* ``Statements.v`` in the repository is what the checker writes from the manifest;
* every Coq obligation of the manifest compiles against the checker's own statements and
  ``coqchk`` re-checks it with only allowed assumptions; at least 25 claims are proved that way
  (the whole statement is the Coq theorem), and the claims whose Coq theorem is one step of
  the statement are counted apart;
* forgeries that get past the source scan (it is switched off for them) are refused by the
  kernel check: the binder-name proof of False, Hypothesis/Variable/Context at top level, an
  axiom in a local module named like an allowed one (Classical_Prop, PrimFloat, Uint63);
* a second check reuses the compiled proofs from the cache, and a changed source recompiles;
* controls: for every theorem a false variant of its statement (the registry's control, as a
  formula) makes the *same* proof fail;
* forged proof files are rejected: Admitted, an extra axiom, a theorem about a local copy of
  the statement, a missing file;
* the definitions of Vocabulary.v agree with the checker's Python reading (checker/rls.py) at
  rational points, proved in Coq itself, and a wrong value is refused.

The full build and the vocabulary cross-check (about 4 minutes) carry the ``coq`` marker: CI runs
them (``python -m pytest -m coq``); the default run keeps the quick ones (statements current,
every theorem with its proof file and control, the forged proofs).  Without ``coqc`` these
tests skip (a user's machine), unless ``ZONEMAX_REQUIRE_COQ=1`` (CI),
where a missing Coq is a failure.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from zonemax.proofs_check.checker import coq
from zonemax.proofs_check.checker.expr import QUANTITIES
from zonemax.proofs_check.checker.manifest import COQ_CONTROLS, MANIFEST, coq_obligations

REQUIRED = os.environ.get("ZONEMAX_REQUIRE_COQ") == "1"
#: The module's one Coq build (every proof and every control) took 2-3 minutes on 2 shared cores.
#: Under pytest-xdist (the default ``-n logical --dist loadgroup``) the module's tests share one
#: worker, so that build runs once.
pytestmark = [pytest.mark.timeout(1800), pytest.mark.xdist_group("coq-build")]
HAVE_COQ = coq.coqc() is not None


@pytest.fixture(scope="module")
def needs_coq() -> None:
    if not HAVE_COQ:
        if REQUIRED:
            pytest.fail("ZONEMAX_REQUIRE_COQ=1 but coqc is not installed")
        pytest.skip("coqc is not installed (apt-get install coq libcoq-interval)")


def test_committed_statements_are_the_manifests() -> None:
    committed = (coq.COQ_DIR / "Statements.v").read_text(encoding="utf-8")
    assert committed == coq.statements_text(coq_obligations().items()), \
        "run python -m zonemax.proofs_check.checker.coq --write-statements"


def test_every_coq_theorem_has_a_proof_file_and_a_control() -> None:
    names = set(coq_obligations())
    files = {p.stem for p in coq.COQ_DIR.glob("*.v")} - {"Vocabulary", "Statements"}
    assert names <= files, f"no proof file for {sorted(names - files)}"
    assert not {f for f in files if not f.startswith("Lib_")} - names, "a proof of no claim"
    assert set(COQ_CONTROLS) == names


@pytest.fixture(scope="module")
def build_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache of compiled proofs that starts empty (the module's build is a real one)."""
    return tmp_path_factory.mktemp("coq-cache")


@pytest.fixture(scope="module")
def report(needs_coq: None, build_cache: Path) -> coq.CoqReport:
    """One build: every proof against the manifest's statements, and every proof once more
    against the false variant of its statement (the controls)."""
    controls = {name: formula for name, (_, formula) in COQ_CONTROLS.items()}
    return coq.check_proofs(coq_obligations(), controls=controls, cache=build_cache)


@pytest.mark.coq
def test_every_theorem_is_proved(report: coq.CoqReport) -> None:
    bad = {n: r.message for n, r in report.theorems.items() if not r.ok}
    assert report.ran and not bad and not report.cached, bad
    allow = coq.allowed_axioms()
    for r in report.theorems.values():
        assert r.axioms and set(r.axioms) <= set(allow)
        assert "Coq.Logic.Classical_Prop.classic" in r.axioms


@pytest.mark.coq
def test_a_second_check_reuses_the_compiled_proofs(report: coq.CoqReport,
                                                   build_cache: Path) -> None:
    """The same obligations again: nothing compiles (the cache entry), coqchk re-checks, and
    every result is the same."""
    controls = {name: formula for name, (_, formula) in COQ_CONTROLS.items()}
    again = coq.check_proofs(coq_obligations(), controls=controls, cache=build_cache)
    assert again.cached
    assert again.theorems == report.theorems and again.controls == report.controls


@pytest.mark.coq
def test_at_least_25_claims_are_proved_in_coq(report: coq.CoqReport) -> None:
    proved = [cid for cid, e in MANIFEST.items() if e.coq_formulas()
              and all(report.theorems[n].ok for n, _ in e.coq_formulas())]
    assert len(proved) >= 25, proved


@pytest.mark.coq
def test_a_false_variant_makes_the_same_proof_fail(report: coq.CoqReport) -> None:
    """Each theorem's proof file, compiled against its control statement, must not compile
    (the kernel would otherwise have proved a false statement, or the checker did not use the
    manifest's statement)."""
    assert set(report.controls) == set(COQ_CONTROLS)
    wrongly = {n: r.message for n, r in report.controls.items() if not r.ok}
    assert not wrongly, f"proofs still compile against false statements: {wrongly}"


@pytest.mark.coq
def test_the_full_check_with_coq(report: coq.CoqReport, full_certificates: Path) -> None:
    """``zonemax claims --check`` as a referee runs it, with the Coq proofs: every claim
    checks, and the claims with a Coq obligation are 'proved in Coq'."""
    from zonemax.proofs_check.checker import COQ as PROVED_IN_COQ
    from zonemax.proofs_check.checker import check_directory

    result = check_directory(full_certificates, None, coq=report)
    assert result.ok, result.first_failure()
    from zonemax.proofs_check.checker import COQ_STEP, render
    from zonemax.proofs_check.checker.statement import BY_HAND, ByHand

    in_coq = {f.claim for f in result.files if f.established == PROVED_IN_COQ}
    step = {f.claim for f in result.files if f.established == COQ_STEP}
    # (S5.lemma7-theta's decisive step is an argument by hand; its Coq theorem is one step)
    by_hand = {cid for cid, e in MANIFEST.items() if any(isinstance(o, ByHand)
                                                         for o in e.obligations)}
    assert in_coq == {cid for cid, e in MANIFEST.items()
                      if e.coq_formulas() and e.coverage != BY_HAND and cid not in by_hand}
    assert step == {"S3.thm4-last-steps", "S4.denominator-monotone", "S4.thm5-constant",
                    "S4.thm5-o-form-fixed", "S5.initial-potential", "S3.pair-correct-position",
                    "S2.thm1-lemma7-stopped"}
    assert len(in_coq) >= 25
    text = render(result, full_certificates)
    assert "ok   S5.case4: holds, proved for the whole domain; proved in Coq [" in text
    assert "ok   S5.lemma7-theta: fails, proved by hand; proved by hand [" in text
    assert f"{PROVED_IN_COQ} {len(in_coq)}, {COQ_STEP} 7," in text


_MARGIN = "S3_omega_margin"


def _forged(tmp_path: Path, body: str) -> coq.TheoremResult:
    d = tmp_path / "coq"
    d.mkdir()
    for name in ("Vocabulary.v", "allowed_axioms.txt"):
        shutil.copy(coq.COQ_DIR / name, d / name)
    if body:
        (d / f"{_MARGIN}.v").write_text(
            "From Coq Require Import Reals.\nRequire Import ZM.Vocabulary ZM.Statements.\n"
            "Open Scope R_scope.\n" + body, encoding="utf-8")
    report = coq.check_proofs({_MARGIN: coq_obligations()[_MARGIN]}, coq_dir=d, cache=False)
    return report.theorems[_MARGIN]


@pytest.mark.usefixtures("needs_coq")
@pytest.mark.parametrize(("body", "words"), [
    (f"Theorem {_MARGIN} : {_MARGIN}_statement.\nProof.\nAdmitted.\n",
     "S3_omega_margin.v refused before compiling: line 6: Admitted"),
    (f"Axiom cheat : False.\nTheorem {_MARGIN} : {_MARGIN}_statement.\n"
     f"Proof. destruct cheat. Qed.\n", "S3_omega_margin.v refused before compiling: line 4: Axiom"),
    (f"Definition {_MARGIN}_statement := True.\nTheorem {_MARGIN} : {_MARGIN}_statement.\n"
     f"Proof. exact I. Qed.\n", "does not have the manifest's statement"),
    ("Theorem other : True.\nProof. exact I. Qed.\n", "does not have the manifest's statement"),
    ("", "no proof file S3_omega_margin.v"),
], ids=["admitted", "axiom", "local-statement", "wrong-name", "missing"])
def test_forged_proofs_are_rejected(tmp_path: Path, body: str, words: str) -> None:
    result = _forged(tmp_path, body)
    assert not result.ok and words in result.message, result.message


# ----------------------------------------------------------------- the vocabulary, twice read
def _q(x: Fraction) -> str:
    return f"({x.numerator}/{x.denominator})" if x.denominator != 1 else f"({x.numerator})"


#: Rational points (d, v) through every case of Lemma 8's proof at two constant sets: v <= d/8,
#: d/8 < v <= 2 beta d (floor(v) below, at and above d), 2 beta d < v < 2d, v = 2d,
#: floor(v) = 2d < v, v > 2d + 1, and the velocity reset (beta v < 1).
_POINTS = [(1, "1"), (1, "3/2"), (1, "2"), (1, "5/2"), (1, "7/2"), (3, "5/2"), (8, "1"),
           (16, "3/2"), (9, "9"), (5, "19/2"), (4, "8"), (4, "17/2"), (6, "21/2")]
_PARAMS = [("17/10", "9/10", "1/1000", "1/100"), ("2", "7/10", "1/1000", "1/100")]
_NAMES = {"rls_g": 6, "rls_g_toward": 6, "rls_g_away": 6, "rls_drift": 6, "rls_d_toward": 2,
          "rls_v_toward": 4, "rls_v_away": 4, "rls_accepted": 2}
_TACTICS = r"""From Coq Require Import Reals Lra.
From Interval Require Import Tactic.
Require Import ZM.Vocabulary.
Open Scope R_scope.

Lemma int_part_is (k : Z) (x : R) : IZR k <= x < IZR k + 1 -> Int_part x = k.
Proof.
  intros [H1 H2]. unfold Int_part.
  assert (up x = (k + 1)%Z) as ->.
  { symmetry. apply tech_up; rewrite plus_IZR; simpl; lra. }
  ring.
Qed.

Ltac num := first [lra | interval].
Ltac no_dec t := lazymatch t with
  | context [Rlt_dec _ _] => fail | context [Rle_dec _ _] => fail
  | context [Req_EM_T _ _] => fail | context [Rabs _] => fail | context [Rmax _ _] => fail
  | context [Int_part _] => fail | _ => idtac end.
(* resolve the innermost decision first, dropping the branches its numbers rule out *)
Ltac branches :=
  repeat (match goal with
  | |- context [Rabs ?a] => no_dec a;
      let H := fresh in unfold Rabs; destruct (Rcase_abs a) as [H|H];
      [try (exfalso; assert (0 <= a) by num; lra) | try (exfalso; assert (a < 0) by num; lra)]
  | |- context [Rmax ?a ?b] => no_dec a; no_dec b; unfold Rmax
  | |- context [Rle_dec ?a ?b] => no_dec a; no_dec b;
      let H := fresh in destruct (Rle_dec a b) as [H|H];
      [try (exfalso; assert (b < a) by num; lra) | try (exfalso; assert (a <= b) by num; lra)]
  | |- context [Rlt_dec ?a ?b] => no_dec a; no_dec b;
      let H := fresh in destruct (Rlt_dec a b) as [H|H];
      [try (exfalso; assert (b <= a) by num; lra) | try (exfalso; assert (a < b) by num; lra)]
  | |- context [Req_EM_T ?a ?b] => no_dec a; no_dec b;
      let H := fresh in destruct (Req_EM_T a b) as [H|H];
      [try (exfalso; assert (a < b \/ b < a) by (first [left; num | right; num]); lra)
      | try (exfalso; apply H; lra)]
  end).
Ltac evaluate k v :=
  unfold rls_drift, rls_g_toward, rls_g_away, rls_d_toward, rls_v_toward, rls_d_away,
    rls_v_away, rls_accepted, rls_kept, rls_velocity, rls_new_toward, rls_new_away;
  rewrite ?(int_part_is k v) by lra; unfold rls_g; branches; field.
"""


def _lemmas(shift: Fraction = Fraction(0)) -> str:
    out = [_TACTICS]
    k = 0
    for al, be, c, p in _PARAMS:
        consts = [Fraction(x) for x in (al, be, c, p)]
        for d, v in _POINTS:
            fd, fv = Fraction(d), Fraction(v)
            for name, arity in _NAMES.items():
                args = [fd, fv, *consts][:arity] if arity != 6 else [fd, fv, *consts]
                value = Fraction(QUANTITIES[name](*args)) + shift
                k += 1
                out.append(f"Lemma p{k} : {name} {' '.join(_q(a) for a in args)} = {_q(value)}.\n"
                           f"Proof. evaluate {math.floor(fv)}%Z {_q(fv)}. Qed.\n")
    return "\n".join(out)


def _compile(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    shutil.copy(coq.COQ_DIR / "Vocabulary.v", tmp_path / "Vocabulary.v")
    (tmp_path / "Agree.v").write_text(text, encoding="utf-8")
    exe = str(coq.coqc())
    for name in ("Vocabulary.v", "Agree.v"):
        proc = subprocess.run([exe, "-q", "-Q", str(tmp_path), "ZM", name], cwd=tmp_path,
                              capture_output=True, text=True, timeout=900, check=False)
        if proc.returncode:
            return proc
    return proc


@pytest.mark.coq
@pytest.mark.usefixtures("needs_coq")
def test_vocabulary_agrees_with_the_checkers_python_reading(tmp_path: Path) -> None:
    """208 values (8 quantities, 13 points, 2 constant sets) computed by checker/rls.py with
    Fractions are proved equal to Vocabulary.v's definitions in Coq."""
    proc = _compile(tmp_path, _lemmas())
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]


@pytest.mark.usefixtures("needs_coq")
def test_a_wrong_value_is_not_proved(tmp_path: Path) -> None:
    """Control: the same lemmas with every value off by 1/1000 do not compile."""
    proc = _compile(tmp_path, _lemmas(Fraction(1, 1000)))
    assert proc.returncode != 0 and "Lemma p1" not in proc.stdout



@pytest.mark.coq  # about 30 s on a loaded machine (Vocabulary.v, Statements.v, one proof)
@pytest.mark.usefixtures("needs_coq")
def test_check_files_compiles_the_proofs_of_its_claims(tmp_path: Path, full_certificates: Path,
                                                       paper_tex: Path) -> None:
    """``check_files(..., run_coq=True)`` compiles the Coq proofs of the files' claims (here one
    theorem) and judges the quotes against the TeX it is given; without ``run_coq`` the same
    claim is ``trusted`` and its theorem is listed as not re-run."""
    from zonemax.proofs_check.checker import COQ as PROVED_IN_COQ
    from zonemax.proofs_check.checker import EXACT, TRUSTED, check_files

    for name in ("S3.omega-margin", "S3.drift-final"):
        shutil.copy(full_certificates / f"{name}.json", tmp_path / f"{name}.json")
    from zonemax.proofs_check.checker import FORMAT

    (tmp_path / "S9.nosuch.json").write_text(f'{{"format": "{FORMAT}", '
                                             '"claim": "S9.nosuch"}', encoding="utf-8")
    paths = [tmp_path / f"{n}.json" for n in ("S3.omega-margin", "S3.drift-final", "S9.nosuch")]
    margin, drift, unknown = check_files(paths, paper_tex, run_coq=True)
    assert (margin.ok, margin.established, margin.unchecked) == (True, PROVED_IN_COQ, ())
    assert "Coq theorem S3_omega_margin" in margin.details and "text" in margin.details
    assert (drift.ok, drift.established, drift.unchecked) == (True, EXACT, ())
    assert not unknown.ok and "not in the checker's manifest" in unknown.message
    margin, _, _ = check_files(paths, paper_tex)
    assert (margin.ok, margin.established) == (True, TRUSTED)
    assert margin.unchecked == ("Coq theorem S3_omega_margin (the Coq proofs were not re-run)",)


# ------------------------------------------- forgeries the kernel check refuses on its own
_PREAMBLE = ("From Coq Require Import Reals.\nRequire Import ZM.Vocabulary ZM.Statements.\n"
             "Open Scope R_scope.\n")


def _boom(name: str, declare: str, use: str) -> str:
    """A proof of ``name``'s statement from ``declare`` (which gives a proof of False)."""
    return (f"{_PREAMBLE}{declare}\nDefinition boom : False := {use}.\n"
            f"Theorem {name} : {name}_statement.\nProof. destruct boom. Qed.\n")


#: theorem -> (its forged proof file, the assumption coqchk must name)
_KERNEL_FORGERIES = {
    "S5_case4": (_boom("S5_case4", "Hypothesis c : forall (Closed under the global context : "
                       "Prop), under -> the -> global -> context -> Closed.",
                       "c False True True True True I I I I"), "ZM.S5_case4.c"),
    "S3_omega_range": (_boom("S3_omega_range", "Variable x : False.", "x"),
                       "ZM.S3_omega_range.x"),
    "S3_omega_range_2": (_boom("S3_omega_range_2", "Context (x : False).", "x"),
                         "ZM.S3_omega_range_2.x"),
    "S3_pair_identity": (_boom("S3_pair_identity", "Module Classical_Prop. Axiom classic : "
                               "False. End Classical_Prop.", "Classical_Prop.classic"),
                         "ZM.S3_pair_identity.Classical_Prop.classic"),
    "S4_thm5_constant": (_boom("S4_thm5_constant", "Module PrimFloat. Parameter add : False. "
                               "End PrimFloat.", "PrimFloat.add"),
                         "ZM.S4_thm5_constant.PrimFloat.add"),
    "S5_feasible_region": (_boom("S5_feasible_region", "Module Uint63. Axiom add_spec : False. "
                                 "End Uint63.", "Uint63.add_spec"),
                           "ZM.S5_feasible_region.Uint63.add_spec"),
}
#: an honest proof in the same build (the control: it is proved)
_HONEST = "S3_omega_best"


@pytest.mark.coq
@pytest.mark.usefixtures("needs_coq")
def test_the_kernel_check_refuses_what_the_scan_would(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """With the source scan switched off, each forgery compiles, and coqchk's summary names its
    assumption by its fully qualified name, which is not on the allow-list: the theorem fails
    with one line naming it.  The honest proof compiled alongside is proved."""
    d = tmp_path / "coq"
    d.mkdir()
    for name in ("Vocabulary.v", "allowed_axioms.txt", f"{_HONEST}.v"):
        shutil.copy(coq.COQ_DIR / name, d / name)
    for name, (text, _) in _KERNEL_FORGERIES.items():
        (d / f"{name}.v").write_text(text, encoding="utf-8")
    monkeypatch.setattr(coq, "scan", lambda text: None)
    every = coq_obligations()
    names = [*_KERNEL_FORGERIES, _HONEST]
    report = coq.check_proofs({n: every[n] for n in names}, coq_dir=d, cache=False)
    for name, (_, axiom) in _KERNEL_FORGERIES.items():
        r = report.theorems[name]
        assert not r.ok and r.message == (f"{name} rests on assumptions outside the allow-list: "
                                          f"{axiom}"), r.message
    assert report.theorems[_HONEST].ok, report.theorems[_HONEST].message


@pytest.mark.coq
@pytest.mark.usefixtures("needs_coq")
def test_the_cache_is_reused_and_a_changed_source_recompiles(tmp_path: Path) -> None:
    """One theorem: compiled (a miss), checked again (a hit, nothing compiled), its proof file
    changed by a comment (a miss again: a new entry)."""
    d = tmp_path / "coq"
    d.mkdir()
    for name in ("Vocabulary.v", "allowed_axioms.txt", f"{_HONEST}.v"):
        shutil.copy(coq.COQ_DIR / name, d / name)
    cache = tmp_path / "cache"
    one = {_HONEST: coq_obligations()[_HONEST]}
    first = coq.check_proofs(one, coq_dir=d, cache=cache)
    second = coq.check_proofs(one, coq_dir=d, cache=cache)
    assert (first.cached, second.cached) == (False, True)
    assert first.theorems == second.theorems and second.theorems[_HONEST].ok
    source = d / f"{_HONEST}.v"
    source.write_text(source.read_text(encoding="utf-8") + "(* changed *)\n", encoding="utf-8")
    third = coq.check_proofs(one, coq_dir=d, cache=cache)
    assert not third.cached and third.theorems[_HONEST].ok
    assert len([p for p in cache.iterdir() if not p.name.startswith(".")]) == 2
