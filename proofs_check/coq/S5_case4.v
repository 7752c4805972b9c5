(* S5.case4 (TeX l. 637): in Case 4 (v = 2d) the drift is exactly D = d(4c + p - 4 beta c). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_3_case45.
Open Scope R_scope.

Theorem S5_case4 : S5_case4_statement.
Proof.
  unfold S5_case4_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv2.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  pose proof (S5_case4_drift d v a b c p Hb1 ltac:(lra) Hc Hd Hv2) as [E _].
  exact E.
Qed.
