(* S5.initial-potential (TeX l. 645-647): the initial potential satisfies g_i(d, 1) <= (1 + 2c) d^2. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

Theorem S5_initial_potential : S5_initial_potential_statement.
Proof.
  unfold S5_initial_potential_statement.
  intros d a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  set (D := IZR d) in *.
  rewrite S5_g_pos by lra.
  rewrite S5_pen_no by nra.
  assert (HD2 : D <= D * D) by nra.
  assert (HM : Rmax (2 * c * 1) (c * D * D / (2 * 1)) <= 2 * c * (D * D)).
  { apply S5_M_le; [lra | nra |].
    assert (0 <= c * (D * D)) by (apply Rmult_le_pos; nra). nra. }
  replace (D ^ 2) with (D * D) by ring.
  nra.
Qed.
