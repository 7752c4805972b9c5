(* S2.thm1-lemma7-stopped (TeX l. 509-511), second part: max{0,y} = 0 once y <= 0. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S2_thm1_lemma7_stopped_2 : S2_thm1_lemma7_stopped_2_statement.
Proof.
  unfold S2_thm1_lemma7_stopped_2_statement.
  intros y Hy.
  unfold Rmax.
  destruct (Rle_dec 0 y); lra.
Qed.
