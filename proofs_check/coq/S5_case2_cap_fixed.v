(* S5.case2-cap-fixed (TeX l. 614-616): in Case 2 with beta v <= 1 (velocity capped at 1) and c d^2/2 >= 2c, the term (case2,3) is >= -cd^2/2 >= -cd^2/(2 beta v) >= -4cd/beta. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_6_case2.
Open Scope R_scope.

Theorem S5_case2_cap_fixed : S5_case2_cap_fixed_statement.
Proof.
  unfold S5_case2_cap_fixed_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1 Hv2 Hbv Hcap.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  replace (IZR d ^ 2) with (IZR d * IZR d) in * by ring.
  assert (Hbv0 : 0 < 2 * b * v) by nra.
  assert (Hcd : 0 <= c * (IZR d * IZR d)) by (apply Rmult_le_pos; nra).
  replace ((- c) * (IZR d * IZR d) / 2) with (- (c * (IZR d * IZR d) / 2)) by field.
  replace ((- c) * (IZR d * IZR d) / (2 * b * v)) with (- (c * (IZR d * IZR d) / (2 * b * v)))
    by (field; lra).
  replace ((- 4) * c * IZR d / b) with (- (4 * c * IZR d / b)) by (field; lra).
  split; [|split].
  - destruct (S5_case2_g d v a b c p Hb1 ltac:(lra) Hc Hd Hv Hv1 Hv2) as [Hg _].
    rewrite Hg, S5_away by exact Hv. rewrite (Rmax_left 1 (b * v)) by lra.
    rewrite S5_g_pos by lra. rewrite S5_pen_no by nra.
    rewrite (Rmax_right (2 * c * 1)) by lra.
    pose proof (S5_M_nonneg c (IZR d) v Hc ltac:(lra)).
    lra.
  - apply Ropp_le_ge_contravar. apply S5_frac_le; lra.
  - apply Ropp_le_ge_contravar. apply S5_div_le; [lra|].
    replace (4 * c * IZR d / b * (2 * b * v)) with (8 * c * IZR d * v) by (field; lra).
    assert (0 <= c * IZR d * (8 * v - IZR d)) by (apply Rmult_le_pos; nra).
    nra.
Qed.
