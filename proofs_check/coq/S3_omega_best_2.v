(* S3.omega-best (TeX l. 413-414), second part: omega = 6/5 reaches more than 97% of the best rate (omega - 1 - e(omega-1)^2)/omega. *)
From Coq Require Import Reals Lra Lia Psatz.
From Interval Require Import Tactic.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_best_2 : S3_omega_best_2_statement.
Proof.
  unfold S3_omega_best_2_statement. interval.
Qed.
