(* S5.case3-reset (TeX l. 632-633): in Case 3 with beta v <= 1 (velocity reset to 1) the drift is D >= (p/2)d - 2(alpha - 1)cd. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_5_case3.
Open Scope R_scope.

Theorem S5_case3_reset : S5_case3_reset_statement.
Proof.
  unfold S5_case3_reset_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1 Hv2 Hbv.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  destruct (S5_case3_reset_core d v a b c p Hb1 ltac:(lra) Hc Hd Hv Hv1 Hv2 Hbv)
    as [E1 [_ E2]].
  rewrite E2, E1.
  assert (c * v >= c * 1) by (apply Rmult_ge_compat_l; lra).
  lra.
Qed.
