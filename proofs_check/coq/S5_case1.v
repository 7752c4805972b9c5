(* S5.case1 (TeX l. 573-577): in Case 1 (v <= d/8) the drift is D >= ((2 alpha beta - beta - alpha)/(4 alpha beta)) min{4c, 1} g_i(d, v). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_7_case1.
Open Scope R_scope.

Theorem S5_case1 : S5_case1_statement.
Proof.
  unfold S5_case1_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  destruct (S5_case1_core d v a b c p Ha1 Ha2 Hb1 ltac:(lra) Hc Hd Hv Hv1) as [Hg [HB Hdr]].
  rewrite Hg.
  set (B := c * IZR d * IZR d / (2 * v)) in *.
  set (K := (2 * a * b - b - a) / (4 * a * b)).
  set (m := Rmin (4 * c) 1).
  assert (HK : 0 < K) by (apply S5_div_pos; nra).
  assert (Hm1 : m <= 4 * c) by apply Rmin_l.
  assert (Hcd : 0 < c * IZR d) by (apply Rmult_lt_0_compat; lra).
  assert (Hm2 : m <= 1) by apply Rmin_r.
  assert (E : B * (2 * a * b - b - a) / (2 * a * b) = 2 * (K * B)) by (unfold K; field; nra).
  assert (h1 : 0 <= K * (B - m * IZR d)).
  { apply Rmult_le_pos; [lra|].
    assert (m * IZR d <= 4 * c * IZR d) by (apply Rmult_le_compat_r; lra). lra. }
  assert (h2 : 0 <= K * (B * (1 - m))).
  { apply Rmult_le_pos; [lra|]. apply Rmult_le_pos; lra. }
  lra.
Qed.
