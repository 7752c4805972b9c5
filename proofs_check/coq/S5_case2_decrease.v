(* S5.case2-decrease (TeX l. 583): in Case 2 (d/8 < v <= 2 beta d) a step towards the target decreases d by at least d/16. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_6_case2.
Open Scope R_scope.

Theorem S5_case2_decrease : S5_case2_decrease_statement.
Proof.
  unfold S5_case2_decrease_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1 Hv2.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p >= 0) by lra.
  exact (S5_case2_decrease_core d v a b Hb1 Hb2 Hd Hv Hv1 Hv2).
Qed.
