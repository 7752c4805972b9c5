(* S5.lemma8-runtime, second theorem: for every (alpha, beta, c, p) satisfying C1-C8, with delta
   the minimum of the five cases' ratios (S5.drift-feasible), E[T] <= n (1 + ln(1 + 2c)
   + 2 ln |a|_1) / delta iterations. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_S5_1_floor ZM.Lib_S5_8_drift ZM.Lib_S5_9b_runtime.
Open Scope R_scope.

Theorem S5_lemma8_runtime_2 : S5_lemma8_runtime_2_statement.
Proof.
  unfold S5_lemma8_runtime_2_statement.
  intros n a alpha beta c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hn Ha.
  pose proof (S5_feasible_drift alpha beta c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9) as HF.
  cbv zeta in HF. destruct HF as [Hd Hdrift].
  assert (Hc : c > 0) by (apply (S5_c_pos alpha c); assumption).
  split; [exact Hd|].
  exact (rt_runtime_closed n a alpha beta c p _ Hn Ha Ha1 Ha2 Hb1 Hb2 Hc ltac:(lra) Hd
           Hdrift).
Qed.
