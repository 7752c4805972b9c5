(* S3.pair-correct-position (TeX l. 401): omega - 1 + omega^(k-1) - omega^k < (omega - 1)^2 / omega for omega > 1, k >= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_pair_correct_position : S3_pair_correct_position_statement.
Proof.
  unfold S3_pair_correct_position_statement.
  intros k w Hw Hk.
  assert (Hw0 : w <> 0) by lra.
  assert (Hk' : (1 <= k)%Z) by (apply le_IZR; lra).
  replace k with ((k - 1) + 1)%Z at 2 by lia.
  rewrite (powerRZ_add w (k - 1) 1 Hw0).
  assert (Hp : 1 <= powerRZ w (k - 1)).
  { destruct (Z.le_exists_sub 0 (k - 1)) as [m [Hm Hm']]; [lia|].
    replace (k - 1)%Z with (Z.of_nat (Z.to_nat m)) by lia.
    rewrite <- pow_powerRZ.
    apply pow_R1_Rle. lra. }
  assert (0 < (w - 1) ^ 2 / w).
  { apply Rdiv_lt_0_compat; [|lra]. apply pow_lt. lra. }
  simpl powerRZ. nra.
Qed.
