(* S5.case5 (TeX l. 642): in Case 5 (v > 2d) the drift is D = 2cv(1 - beta) > 4(1 - beta)cd. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_3_case45.
Open Scope R_scope.

Theorem S5_case5 : S5_case5_statement.
Proof.
  unfold S5_case5_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv2.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  pose proof (S5_case5_drift d v a b c p Hb1 ltac:(lra) Hc Hd Hv2) as [E _].
  split; [exact E|].
  assert (0 < c * (1 - b) * (v - 2 * IZR d)).
  { apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat|]; lra. }
  nra.
Qed.
