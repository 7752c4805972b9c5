(* S5.example-conditions (TeX l. 537): alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001 satisfy C1-C8. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S5_example_conditions : S5_example_conditions_statement.
Proof.
  unfold S5_example_conditions_statement.
  repeat split; simpl; lra.
Qed.
