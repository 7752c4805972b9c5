(* S3.omega-printed-value (TeX l. 414): omega - 1 - e(omega-1)^2 at omega = 6/5 is 0.0912687 to the printed 7 digits. *)
From Coq Require Import Reals Lra Lia Psatz.
From Interval Require Import Tactic.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_printed_value : S3_omega_printed_value_statement.
Proof.
  unfold S3_omega_printed_value_statement. interval.
Qed.
