(* S5.drift-feasible (TeX l. 543-547): for every (alpha, beta, c, p) satisfying C1-C8, D(d, v) >= delta g_i(d, v) for all integer d >= 1 and real v >= 1, with delta > 0 the minimum of the five cases' constants. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_8_drift.
Open Scope R_scope.

Theorem S5_drift_feasible : S5_drift_feasible_statement.
Proof.
  unfold S5_drift_feasible_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p > 0) by lra.
  assert (Hq : 0 < 1 + 4 * c + p) by lra.
  assert (Habc : 0 < a * b * c) by (repeat apply Rmult_lt_0_compat; lra).
  set (e1 := (2 * a * b - b - a) / (4 * a * b) * Rmin (4 * c) 1).
  set (e2 := (1 / 16 - (4 * a * b * c + p) - 4 * c / b) / (2 * (1 + 4 * c))).
  set (e3 := (p / 2 - 4 * c * ((a + b) / 2 - 1)) / (1 + 4 * c + p)).
  set (e4 := (p / 2 - 2 * (a - 1) * c) / (1 + 4 * c + p)).
  set (e5 := (4 * c + p - 4 * b * c) / (1 + 4 * c + p)).
  set (e6 := 4 * c * (1 - b) / (1 + 4 * c + p)).
  assert (H1 : 0 < e1).
  { unfold e1. apply Rmult_lt_0_compat; [apply S5_div_pos; nra|].
    apply Rmin_glb_lt; lra. }
  assert (H2 : 0 < e2) by (unfold e2; apply S5_div_pos; lra).
  assert (H3 : 0 < e3) by (unfold e3; apply S5_div_pos; lra).
  assert (H4 : 0 < e4) by (unfold e4; apply S5_div_pos; lra).
  assert (H5 : 0 < e5).
  { unfold e5; apply S5_div_pos; [|lra].
    assert (c * b <= c * 1) by (apply Rmult_le_compat_l; lra). lra. }
  assert (H6 : 0 < e6) by (unfold e6; apply S5_div_pos; [apply Rmult_lt_0_compat|]; lra).
  set (delta := Rmin e1 (Rmin e2 (Rmin e3 (Rmin e4 (Rmin e5 e6))))).
  assert (Hpos : delta > 0).
  { unfold delta. repeat apply Rmin_glb_lt; assumption. }
  assert (L1 : delta <= e1) by apply Rmin_l.
  assert (L2 : delta <= e2) by (eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L3 : delta <= e3)
    by (eapply Rle_trans; [apply Rmin_r|]; eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L4 : delta <= e4)
    by (do 2 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L5 : delta <= e5)
    by (do 3 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L6 : delta <= e6)
    by (do 3 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_r]).
  pose proof (S5_delta1_le a b c ltac:(lra) ltac:(lra) Hc C3) as L1'.
  split; [|exact Hpos].
  apply S5_drift_cases; try assumption;
    first [ lra | exact (Rle_trans _ _ _ L1 L1') | exact L2 | exact L3 | exact L4
          | exact L5 | exact L6 ].
Qed.
