(* S5.drift-feasible (TeX l. 543-547): for every (alpha, beta, c, p) satisfying C1-C8, D(d, v) >= delta g_i(d, v) for all integer d >= 1 and real v >= 1, with delta > 0 the minimum of the five cases' constants. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_8_drift.
Open Scope R_scope.

Theorem S5_drift_feasible : S5_drift_feasible_statement.
Proof.
  unfold S5_drift_feasible_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv.
  pose proof (S5_feasible_drift a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9) as HF.
  cbv zeta in HF. destruct HF as [Hpos Hdrift].
  split; [apply Hdrift; assumption|exact Hpos].
Qed.
