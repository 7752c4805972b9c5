(* Shared lemmas for the Section 5 proofs: floor (Int_part) facts, integer/real order
   conversions, and small real-arithmetic helpers (division, Rmax). *)
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* floor x <= x < floor x + 1 *)
Lemma S5_floor_le : forall x : R, IZR (Int_part x) <= x.
Proof. intro x. destruct (base_Int_part x). lra. Qed.

Lemma S5_floor_gt : forall x : R, x < IZR (Int_part x) + 1.
Proof. intro x. destruct (base_Int_part x). lra. Qed.

(* Uniqueness of the floor. *)
Lemma S5_floor_unique : forall (x : R) (k : Z),
  IZR k <= x -> x < IZR k + 1 -> Int_part x = k.
Proof.
  intros x k H1 H2. unfold Int_part.
  assert (Hu : (k + 1)%Z = up x).
  { apply tech_up; rewrite plus_IZR; lra. }
  rewrite <- Hu. ring.
Qed.

Lemma S5_floor_IZR : forall k : Z, Int_part (IZR k) = k.
Proof. intro k. apply S5_floor_unique; lra. Qed.

(* Order conversions between Z and R. *)
Lemma S5_Zlt_R : forall a b : Z, (a < b)%Z -> IZR a + 1 <= IZR b.
Proof.
  intros a b H. rewrite <- plus_IZR. apply IZR_le. lia.
Qed.

Lemma S5_Zle_R : forall a b : Z, (a <= b)%Z -> IZR a <= IZR b.
Proof. intros a b H. apply IZR_le. exact H. Qed.

Lemma S5_R_Zlt : forall a b : Z, IZR a < IZR b -> (a < b)%Z.
Proof. intros a b H. apply lt_IZR. exact H. Qed.

Lemma S5_R_Zle : forall a b : Z, IZR a <= IZR b -> (a <= b)%Z.
Proof. intros a b H. apply le_IZR. exact H. Qed.

(* floor of v >= 1 is >= 1. *)
Lemma S5_floor_ge1 : forall v : R, v >= 1 -> (1 <= Int_part v)%Z.
Proof.
  intros v Hv. pose proof (S5_floor_gt v).
  assert (H0 : IZR 0 < IZR (Int_part v)) by (simpl; lra).
  apply lt_IZR in H0. lia.
Qed.

(* Monotonicity of the floor. *)
Lemma S5_floor_mono : forall x y : R, x <= y -> (Int_part x <= Int_part y)%Z.
Proof.
  intros x y Hxy.
  pose proof (S5_floor_le x). pose proof (S5_floor_gt y).
  assert (Hl : IZR (Int_part x) < IZR (Int_part y) + 1) by lra.
  rewrite <- plus_IZR in Hl. apply lt_IZR in Hl. lia.
Qed.

(* Division helpers. *)
Lemma S5_div_le : forall x y q : R, 0 < q -> x <= y * q -> x / q <= y.
Proof.
  intros x y q Hq H. apply Rmult_le_reg_r with q; [exact Hq|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma S5_le_div : forall x y q : R, 0 < q -> y * q <= x -> y <= x / q.
Proof.
  intros x y q Hq H. apply Rmult_le_reg_r with q; [exact Hq|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma S5_lt_div : forall x y q : R, 0 < q -> y * q < x -> y < x / q.
Proof.
  intros x y q Hq H. apply Rmult_lt_reg_r with q; [exact Hq|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

(* x / r <= y / q for 0 <= x <= y and 0 < q <= r. *)
Lemma S5_frac_le : forall x y q r : R,
  0 <= x -> x <= y -> 0 < q -> q <= r -> x / r <= y / q.
Proof.
  intros x y q r Hx Hxy Hq Hqr. unfold Rdiv.
  apply Rmult_le_compat; [exact Hx | | exact Hxy |].
  - left. apply Rinv_0_lt_compat. lra.
  - apply Rinv_le_contravar; lra.
Qed.

Lemma S5_div_nonneg : forall x q : R, 0 <= x -> 0 < q -> 0 <= x / q.
Proof.
  intros x q Hx Hq. unfold Rdiv. apply Rmult_le_pos; [exact Hx|].
  left. apply Rinv_0_lt_compat. exact Hq.
Qed.

Lemma S5_div_pos : forall x q : R, 0 < x -> 0 < q -> 0 < x / q.
Proof.
  intros x q Hx Hq. unfold Rdiv. apply Rmult_lt_0_compat; [exact Hx|].
  apply Rinv_0_lt_compat. exact Hq.
Qed.

(* c > 0 from C8 (4 (alpha - 1) c > 0) and alpha > 1. *)
Lemma S5_c_pos : forall a c : R, a > 1 -> 4 * (a - 1) * c > 0 -> c > 0.
Proof.
  intros a c Ha H. destruct (Rle_lt_dec c 0) as [h|h]; [|exact h].
  exfalso. assert (0 <= 4 * (a - 1) * (- c)) by (apply Rmult_le_pos; lra). lra.
Qed.
