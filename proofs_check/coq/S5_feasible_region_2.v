(* S5.feasible-region (TeX l. 519), converse: 9/8 < alpha <= 2, alpha < beta (2 alpha - 1), beta <= 9/10 imply C1-C5. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_4_conditions.
Open Scope R_scope.

Theorem S5_feasible_region_2 : S5_feasible_region_2_statement.
Proof.
  unfold S5_feasible_region_2_statement.
  intros a b Ha1 Ha2 H3 Hb2.
  assert (C3 : 2 * a * b - b - a > 0) by lra.
  destruct (S5_redundant a b ltac:(lra) C3) as [C4 [C5 Hb1]].
  repeat split; lra.
Qed.
