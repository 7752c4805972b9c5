(* S5.case2-positive (TeX l. 609-611): C6 as printed makes the bracket 1/16 - (4 alpha beta c + p) - 4c/beta positive. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor.
Open Scope R_scope.

Theorem S5_case2_positive : S5_case2_positive_statement.
Proof.
  unfold S5_case2_positive_statement.
  intros a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C7 C8 C9 H.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hab : 0 < a * b * c) by (repeat apply Rmult_lt_0_compat; lra).
  lra.
Qed.
