(* S5.lemma7-theta (TeX l. 504): for alpha = 11/10, beta = 3/5 the mean new velocity is at most ((alpha + beta)/2) v + 1/2. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor.
Open Scope R_scope.

Theorem S5_lemma7_theta : S5_lemma7_theta_statement.
Proof.
  unfold S5_lemma7_theta_statement.
  intros d v Hd Hv.
  pose proof (S5_floor_ge1 v Hv) as Hk. apply S5_Zle_R in Hk.
  unfold rls_v_toward, rls_v_away, rls_velocity, rls_new_away.
  destruct (Rlt_dec (IZR d + IZR (Int_part v)) (IZR d)) as [h|_]; [lra|].
  destruct (Rlt_dec (rls_new_toward (IZR d) v) (IZR d)) as [_|_];
    unfold Rmax; destruct (Rle_dec 1 (3 / 5 * v)); lra.
Qed.
