(* S5.drift-delta (TeX l. 544-546): at alpha = 1.7, beta = 0.9, c = 0.001, p = 0.01, D(d, v) >= delta g_i(d, v) with delta = 4c(1 - beta)/(1 + p + 4c) = 1/2535. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_8_drift.
Open Scope R_scope.

Theorem S5_drift_delta : S5_drift_delta_statement.
Proof.
  unfold S5_drift_delta_statement.
  intros d v Hd Hv.
  apply S5_drift_cases; try assumption; simpl; lra.
Qed.
