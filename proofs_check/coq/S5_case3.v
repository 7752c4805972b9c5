(* S5.case3 (TeX l. 628): in Case 3 (2 beta d < v < 2d, beta v >= 1) the drift is D >= d(p/2 - 4c((alpha + beta)/2 - 1)). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_5_case3.
Open Scope R_scope.

Theorem S5_case3 : S5_case3_statement.
Proof.
  unfold S5_case3_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1 Hv2 Hbv.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p >= 0) by lra.
  destruct (S5_case3_core d v a b c p Ha1 Hb1 ltac:(lra) Hc Hp C4 Hd Hv Hv1 Hv2 Hbv)
    as [_ E].
  exact E.
Qed.
