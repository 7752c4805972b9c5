(* S2.alg2-velocity-pseudocode (TeX l. 302): from v >= 1 the velocity update keeps v >= 1, so floor(v) >= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S2_alg2_velocity_pseudocode : S2_alg2_velocity_pseudocode_statement.
Proof.
  unfold S2_alg2_velocity_pseudocode_statement.
  intros v alpha beta Hv Ha1 Ha2 Hb1 Hb2.
  assert (Hm : Rmax 1 (beta * v) >= 1) by (apply Rle_ge, Rmax_l).
  split; [nra|]. split; [exact Hm|].
  destruct (base_Int_part (Rmax 1 (beta * v))) as [H1 H2].
  assert (Hz : (0 < Int_part (Rmax 1 (beta * v)))%Z).
  { apply lt_IZR. simpl. lra. }
  apply Rle_ge. apply IZR_le. lia.
Qed.
