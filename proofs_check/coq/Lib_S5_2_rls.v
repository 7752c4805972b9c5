(* Shared lemmas for the Section 5 proofs: the potential rls_g for d > 0, its penalty branch,
   and the shape of one RLS_{alpha,beta} step towards / away from the target, split by the
   integer branch of floor(v) relative to d (floor v < d, = d, in (d, 2d), >= 2d). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor.
Open Scope R_scope.

Lemma S5_g_zero : forall v a b c p : R, rls_g 0 v a b c p = 0.
Proof.
  intros. unfold rls_g. destruct (Req_EM_T 0 0) as [_|h]; [reflexivity|lra].
Qed.

(* For d > 0: g = d + max{2cv, c d^2/(2v)} + penalty. *)
Lemma S5_g_pos : forall d v a b c p : R,
  d > 0 -> v > 0 -> c > 0 ->
  rls_g d v a b c p =
  d + Rmax (2 * c * v) (c * d * d / (2 * v)) + (if Rlt_dec (2 * b * d) v then p * d else 0).
Proof.
  intros d v a b c p Hd Hv Hc. unfold rls_g.
  destruct (Req_EM_T d 0) as [h|_]; [lra|].
  assert (E1 : c * d * (2 * v / d) = 2 * c * v) by (field; lra).
  assert (E2 : c * d * (d / (2 * v)) = c * d * d / (2 * v)) by (field; lra).
  assert (Hcd : 0 < c * d) by (apply Rmult_lt_0_compat; lra).
  assert (EM : c * d * Rmax (2 * v / d) (d / (2 * v)) = Rmax (2 * c * v) (c * d * d / (2 * v))).
  { unfold Rmax.
    destruct (Rle_dec (2 * v / d) (d / (2 * v))) as [h1|h1];
    destruct (Rle_dec (2 * c * v) (c * d * d / (2 * v))) as [h2|h2].
    - exact E2.
    - exfalso. apply h2. rewrite <- E1, <- E2.
      apply Rmult_le_compat_l; lra.
    - exfalso. apply Rnot_le_lt in h1.
      apply (Rmult_lt_compat_l (c * d)) in h1; [|exact Hcd].
      rewrite E1, E2 in h1. lra.
    - exact E1. }
  rewrite EM. reflexivity.
Qed.

Lemma S5_pen_no : forall b d v p : R,
  v <= 2 * b * d -> (if Rlt_dec (2 * b * d) v then p * d else 0) = 0.
Proof. intros. destruct (Rlt_dec (2 * b * d) v); [lra|reflexivity]. Qed.

Lemma S5_pen_yes : forall b d v p : R,
  2 * b * d < v -> (if Rlt_dec (2 * b * d) v then p * d else 0) = p * d.
Proof. intros. destruct (Rlt_dec (2 * b * d) v); [reflexivity|lra]. Qed.

Lemma S5_pen_le : forall b d v p : R,
  0 <= p -> 0 <= d ->
  0 <= (if Rlt_dec (2 * b * d) v then p * d else 0) <= p * d.
Proof.
  intros. destruct (Rlt_dec (2 * b * d) v); split; try lra;
  apply Rmult_le_pos; lra.
Qed.

(* A step away is always rejected: the distance stays, the velocity becomes max{1, beta v}. *)
Lemma S5_away : forall d v a b c p : R,
  v >= 1 ->
  rls_g_away d v a b c p = rls_g d (Rmax 1 (b * v)) a b c p.
Proof.
  intros d v a b c p Hv.
  pose proof (S5_floor_ge1 v Hv) as Hk. apply S5_Zle_R in Hk.
  unfold rls_g_away, rls_d_away, rls_v_away, rls_kept, rls_velocity, rls_new_away.
  destruct (Rle_dec (d + IZR (Int_part v)) d) as [h|_]; [simpl in Hk; lra|].
  destruct (Rlt_dec (d + IZR (Int_part v)) d) as [h|_]; [simpl in Hk; lra|].
  reflexivity.
Qed.

(* A step towards the target, by the branch of floor v relative to d. *)
Lemma S5_toward_shape : forall (d : Z) (v a b : R),
  v >= 1 ->
  ((Int_part v < d)%Z /\ rls_d_toward (IZR d) v = IZR d - IZR (Int_part v)
     /\ rls_v_toward (IZR d) v a b = a * v)
  \/ (Int_part v = d /\ rls_d_toward (IZR d) v = 0)
  \/ ((d < Int_part v < 2 * d)%Z /\ rls_d_toward (IZR d) v = IZR (Int_part v) - IZR d
     /\ rls_v_toward (IZR d) v a b = a * v)
  \/ ((2 * d <= Int_part v)%Z /\ rls_d_toward (IZR d) v = IZR d
     /\ rls_v_toward (IZR d) v a b = Rmax 1 (b * v)).
Proof.
  intros d v a b Hv.
  pose proof (S5_floor_ge1 v Hv) as Hk1.
  unfold rls_d_toward, rls_v_toward, rls_kept, rls_velocity, rls_new_toward.
  set (k := Int_part v) in *.
  assert (Hk1R : 1 <= IZR k) by (apply S5_Zle_R in Hk1; simpl in Hk1; lra).
  destruct (Z_lt_le_dec k d) as [h1|h1].
  { left. apply S5_Zlt_R in h1.
    rewrite Rabs_right by lra.
    destruct (Rle_dec (IZR d - IZR k) (IZR d)) as [_|h]; [|lra].
    destruct (Rlt_dec (IZR d - IZR k) (IZR d)) as [_|h]; [|lra].
    split; [apply lt_IZR; lra|]. split; reflexivity. }
  destruct (Z.eq_dec k d) as [h2|h2].
  { right; left. rewrite h2. replace (IZR d - IZR d) with 0 by ring.
    rewrite Rabs_R0. apply S5_Zle_R in Hk1. rewrite h2 in Hk1. simpl in Hk1.
    destruct (Rle_dec 0 (IZR d)) as [_|h]; [|lra]. split; reflexivity. }
  assert (h3 : (d < k)%Z) by lia. clear h1 h2.
  pose proof (S5_Zlt_R _ _ h3) as h3R.
  rewrite Rabs_left by lra.
  destruct (Z_lt_le_dec k (2 * d)) as [h4|h4].
  { right; right; left. pose proof (S5_Zlt_R _ _ h4) as h4R. rewrite mult_IZR in h4R.
    destruct (Rle_dec (- (IZR d - IZR k)) (IZR d)) as [_|h]; [|simpl in h4R; lra].
    destruct (Rlt_dec (- (IZR d - IZR k)) (IZR d)) as [_|h]; [|simpl in h4R; lra].
    split; [lia|]. split; [ring|reflexivity]. }
  { right; right; right. pose proof (S5_Zle_R _ _ h4) as h4R. rewrite mult_IZR in h4R.
    simpl in h4R.
    destruct (Rlt_dec (- (IZR d - IZR k)) (IZR d)) as [h|_]; [lra|].
    split; [exact h4|]. split; [|reflexivity].
    destruct (Rle_dec (- (IZR d - IZR k)) (IZR d)) as [h|_]; [lra|reflexivity]. }
Qed.

(* The max term M(d, v) = max{2cv, c d^2/(2v)}. *)
Lemma S5_M_left : forall c d v : R,
  c > 0 -> v > 0 -> d * d <= 4 * v * v ->
  Rmax (2 * c * v) (c * d * d / (2 * v)) = 2 * c * v.
Proof.
  intros c d v Hc Hv H. apply Rmax_left. apply S5_div_le; [lra|].
  assert (0 <= c * (4 * v * v - d * d)) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma S5_M_right : forall c d v : R,
  c > 0 -> v > 0 -> 4 * v * v <= d * d ->
  Rmax (2 * c * v) (c * d * d / (2 * v)) = c * d * d / (2 * v).
Proof.
  intros c d v Hc Hv H. apply Rmax_right. apply S5_le_div; [lra|].
  assert (0 <= c * (d * d - 4 * v * v)) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma S5_M_le : forall c d v X : R,
  v > 0 -> 2 * c * v <= X -> c * d * d <= X * (2 * v) ->
  Rmax (2 * c * v) (c * d * d / (2 * v)) <= X.
Proof.
  intros c d v X Hv H1 H2. apply Rmax_lub; [exact H1|]. apply S5_div_le; lra.
Qed.

Lemma S5_M_ge_l : forall c d v : R, 2 * c * v <= Rmax (2 * c * v) (c * d * d / (2 * v)).
Proof. intros. apply Rmax_l. Qed.

Lemma S5_M_ge_r : forall c d v : R,
  c * d * d / (2 * v) <= Rmax (2 * c * v) (c * d * d / (2 * v)).
Proof. intros. apply Rmax_r. Qed.

Lemma S5_M_nonneg : forall c d v : R, c > 0 -> v > 0 ->
  0 <= Rmax (2 * c * v) (c * d * d / (2 * v)).
Proof.
  intros c d v Hc Hv. eapply Rle_trans; [|apply Rmax_l].
  assert (0 < c * v) by (apply Rmult_lt_0_compat; lra). lra.
Qed.

Lemma S5_sq_le : forall x y : R, 0 <= x -> x <= y -> x * x <= y * y.
Proof. intros x y Hx Hxy. apply Rmult_le_compat; lra. Qed.

Lemma S5_M_left2 : forall c d v : R,
  c > 0 -> v > 0 -> 0 <= d -> d <= 2 * v ->
  Rmax (2 * c * v) (c * d * d / (2 * v)) = 2 * c * v.
Proof.
  intros c d v Hc Hv Hd H. apply S5_M_left; [lra|lra|].
  replace (4 * v * v) with ((2 * v) * (2 * v)) by ring. apply S5_sq_le; lra.
Qed.

Lemma S5_M_right2 : forall c d v : R,
  c > 0 -> v > 0 -> 2 * v <= d ->
  Rmax (2 * c * v) (c * d * d / (2 * v)) = c * d * d / (2 * v).
Proof.
  intros c d v Hc Hv H. apply S5_M_right; [lra|lra|].
  replace (4 * v * v) with ((2 * v) * (2 * v)) by ring. apply S5_sq_le; lra.
Qed.
