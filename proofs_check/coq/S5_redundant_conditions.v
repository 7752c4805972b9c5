(* S5.redundant-conditions (TeX l. 519): for alpha > 1, C3 implies C4 (alpha + beta > 2), C5 (alpha^2 beta > 1) and beta > 1/2. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_4_conditions.
Open Scope R_scope.

Theorem S5_redundant_conditions : S5_redundant_conditions_statement.
Proof.
  unfold S5_redundant_conditions_statement.
  intros a b Ha H3. apply S5_redundant; [exact Ha | lra].
Qed.
