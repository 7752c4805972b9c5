(* S5.feasible-region (TeX l. 519): C1-C5 imply 9/8 < alpha <= 2 and alpha < beta (2 alpha - 1), beta <= 9/10. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S5_feasible_region : S5_feasible_region_statement.
Proof.
  unfold S5_feasible_region_statement.
  intros a b Ha1 Ha2 Hb1 Hb2 C3 C4 C5.
  assert (0 <= (9 / 10 - b) * (2 * a - 1)) by (apply Rmult_le_pos; lra).
  repeat split; nra.
Qed.
