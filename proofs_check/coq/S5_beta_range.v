(* S5.beta-range (TeX l. 582-583): floor((2 - 2 beta) d) >= floor(d/8) for every d >= 1 when 1/2 < beta <= 0.9. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor.
Open Scope R_scope.

Theorem S5_beta_range : S5_beta_range_statement.
Proof.
  unfold S5_beta_range_statement.
  intros d b Hd Hb1 Hb2.
  apply Rle_ge, IZR_le, S5_floor_mono.
  assert (0 <= (2 - 2 * b - 1 / 8) * IZR d) by (apply Rmult_le_pos; lra).
  nra.
Qed.
