(* S3.omega-margin (TeX l. 414): omega - 1 - e (omega - 1)^2 > 0 at omega = 6/5. *)
From Coq Require Import Reals.
From Interval Require Import Tactic.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_margin : S3_omega_margin_statement.
Proof. unfold S3_omega_margin_statement. interval. Qed.
