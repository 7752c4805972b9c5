(* S5.cp-uniform (TeX l. 535): c = 1/1000, p = 1/100 satisfy C6-C8 for every (alpha, beta) allowed by C1-C5. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor.
Open Scope R_scope.

Theorem S5_cp_uniform : S5_cp_uniform_statement.
Proof.
  unfold S5_cp_uniform_statement.
  intros a b Ha1 Ha2 Hb1 Hb2 C3 C4 C5.
  assert (Hab : a * b <= 2 * (9 / 10)).
  { apply Rmult_le_compat; lra. }
  assert (Hq : 4 * (1 / 1000) / b <= 8 / 1000).
  { apply S5_div_le; lra. }
  repeat split; lra.
Qed.
