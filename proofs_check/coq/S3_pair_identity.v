(* S3.pair-identity (TeX l. 399): omega^(d+1) - omega^d + omega^(d-1) - omega^d = omega^d (omega - 1)^2 / omega. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_pair_identity : S3_pair_identity_statement.
Proof.
  unfold S3_pair_identity_statement.
  intros d w Hw Hd.
  assert (Hw0 : w <> 0) by lra.
  rewrite (powerRZ_add w d 1 Hw0).
  replace (d - 1)%Z with (d + (-1))%Z by lia.
  rewrite (powerRZ_add w d (-1) Hw0).
  simpl. field. exact Hw0.
Qed.
