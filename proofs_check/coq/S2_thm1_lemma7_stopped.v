(* S2.thm1-lemma7-stopped (TeX l. 509-511): max{0,y} >= 0 and drops by between 0 and 1 when y drops by 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S2_thm1_lemma7_stopped : S2_thm1_lemma7_stopped_statement.
Proof.
  unfold S2_thm1_lemma7_stopped_statement.
  intros y.
  unfold Rmax.
  destruct (Rle_dec 0 y); destruct (Rle_dec 0 (y - 1)); lra.
Qed.
