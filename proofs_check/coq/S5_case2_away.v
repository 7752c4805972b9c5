(* S5.case2-away (TeX l. 604): in Case 2 a step away from the target gives g_i(d, v) - g_i(d', v') >= -4cd/beta (both velocity sub-cases). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_6_case2.
Open Scope R_scope.

Theorem S5_case2_away : S5_case2_away_statement.
Proof.
  unfold S5_case2_away_statement.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv Hv1 Hv2.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p >= 0) by lra.
  pose proof (S5_case2_away_core d v a b c p Hb1 ltac:(lra) Hc Hd Hv Hv1 Hv2) as H.
  replace ((- 4) * c * IZR d / b) with (- (4 * c * IZR d / b)) by (field; lra).
  exact H.
Qed.
