(* S5.lemma8-runtime (TeX l. 514-517, 645-649): at alpha = 17/10, beta = 9/10, c = 1/1000,
   p = 1/100 (delta = 1/2535, S5.drift-delta), RLS_{alpha,beta} started at (0^n, 1^n) on f_a,
   a <> 0^n, has E[T] <= 2535 n (1 + ln g(0^n, 1^n)) <= 2535 n (1 + ln(1 + 2c) + 2 ln |a|_1)
   iterations, where T counts the iterations until f_a(x) = 0. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_8_drift ZM.Lib_S5_9_rls_kernel ZM.Lib_S5_9b_runtime.
Open Scope R_scope.

Theorem S5_lemma8_runtime : S5_lemma8_runtime_statement.
Proof.
  unfold S5_lemma8_runtime_statement.
  intros n a Hn Ha.
  assert (Hdrift : forall (d : Z) (v : R), IZR d >= 1 -> v >= 1 ->
            rls_drift (IZR d) v (17 / 10) (9 / 10) (1 / 1000) (1 / 100)
            >= 1 / 2535 * rls_g (IZR d) v (17 / 10) (9 / 10) (1 / 1000) (1 / 100)).
  { intros d v Hd Hv. apply S5_drift_cases; try assumption; simpl; lra. }
  destruct (rt_runtime n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) (1 / 2535) Hn Ha
              ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra)
              Hdrift) as [HT [_ Hg]].
  pose proof (rt_runtime_closed n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) (1 / 2535) Hn Ha
                ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra)
                Hdrift) as HC.
  split; [intros st; apply rls_kernel_prob; exact Hn|].
  split; [|split; [exact Hg|]].
  - eapply rt_le_bound; [exact HT|]. right. field.
  - eapply rt_le_bound; [exact HC|]. right. field.
Qed.
