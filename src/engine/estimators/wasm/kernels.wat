;; The logistic estimator's hot kernels: the two O(d²) ones on a symmetric matrix kept as its upper triangle
;; (row-major, row stride s elements), and the two O(n·d) passes over its stored contexts, in 128-bit SIMD: two f64 lanes per instruction, which V8's JIT does not produce from the
;; plain loops of linalg.ts. Addresses are byte offsets into the imported memory. Built into kernels.ts by
;; `npm run build:wasm` (scripts/buildWasm.ts); kernels.test.ts checks the two agree.
;;
;; No fused multiply-add (relaxed SIMD would allow it, and its results may differ between machines): every lane
;; rounds the product and then the sum, so results are the same on every CPU.
(module
  (import "env" "memory" (memory 1))

  ;; y = M·x for j ≥ i entries of M: each M_ij (j > i) serves y_i (row) and y_j (column). Row i's sum runs over
  ;; j in blocks of four into two 2-lane accumulators, then a pair and the odd tail; y_i gets M_ii·x_i + tail + (lane 0 + lane 1).
  (func (export "symv") (param $m i32) (param $s i32) (param $x i32) (param $y i32) (param $n i32)
    (local $i i32) (local $j i32) (local $row i32) (local $a i32) (local $sb i32)
    (local $xi f64) (local $t f64) (local $acc v128) (local $acc2 v128) (local $xis v128) (local $mv v128) (local $mv2 v128)
    (local.set $j (i32.const 0))
    (block $zeroed (loop $zero
      (br_if $zeroed (i32.ge_u (local.get $j) (local.get $n)))
      (f64.store (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 3))) (f64.const 0))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $zero)))
    (local.set $sb (i32.shl (local.get $s) (i32.const 3)))
    (local.set $i (i32.const 0))
    (block $done (loop $rows
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $row (i32.add (local.get $m) (i32.mul (local.get $i) (local.get $sb))))
      (local.set $xi (f64.load (i32.add (local.get $x) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $xis (f64x2.splat (local.get $xi)))
      (local.set $t (f64.mul (f64.load (i32.add (local.get $row) (i32.shl (local.get $i) (i32.const 3)))) (local.get $xi)))
      (local.set $acc (v128.const f64x2 0 0))
      (local.set $acc2 (v128.const f64x2 0 0))
      (local.set $j (i32.add (local.get $i) (i32.const 1)))
      ;; Four at a time, the row sum into two accumulators (two independent add chains), then a pair, then the tail.
      (block $quadsDone (loop $quads
        (br_if $quadsDone (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $a (i32.shl (local.get $j) (i32.const 3)))
        (local.set $mv (v128.load (i32.add (local.get $row) (local.get $a))))
        (local.set $mv2 (v128.load offset=16 (i32.add (local.get $row) (local.get $a))))
        (local.set $acc (f64x2.add (local.get $acc) (f64x2.mul (local.get $mv) (v128.load (i32.add (local.get $x) (local.get $a))))))
        (local.set $acc2 (f64x2.add (local.get $acc2) (f64x2.mul (local.get $mv2) (v128.load offset=16 (i32.add (local.get $x) (local.get $a))))))
        (v128.store (i32.add (local.get $y) (local.get $a))
          (f64x2.add (v128.load (i32.add (local.get $y) (local.get $a))) (f64x2.mul (local.get $mv) (local.get $xis))))
        (v128.store offset=16 (i32.add (local.get $y) (local.get $a))
          (f64x2.add (v128.load offset=16 (i32.add (local.get $y) (local.get $a))) (f64x2.mul (local.get $mv2) (local.get $xis))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $quads)))
      (local.set $acc (f64x2.add (local.get $acc) (local.get $acc2)))
      (block $pairsDone (loop $pairs
        (br_if $pairsDone (i32.gt_u (i32.add (local.get $j) (i32.const 2)) (local.get $n)))
        (local.set $a (i32.shl (local.get $j) (i32.const 3)))
        (local.set $mv (v128.load (i32.add (local.get $row) (local.get $a))))
        (local.set $acc (f64x2.add (local.get $acc) (f64x2.mul (local.get $mv) (v128.load (i32.add (local.get $x) (local.get $a))))))
        (v128.store (i32.add (local.get $y) (local.get $a))
          (f64x2.add (v128.load (i32.add (local.get $y) (local.get $a))) (f64x2.mul (local.get $mv) (local.get $xis))))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $j) (local.get $n)) (then
        (local.set $a (i32.shl (local.get $j) (i32.const 3)))
        (local.set $t (f64.add (local.get $t)
          (f64.mul (f64.load (i32.add (local.get $row) (local.get $a))) (f64.load (i32.add (local.get $x) (local.get $a))))))
        (f64.store (i32.add (local.get $y) (local.get $a))
          (f64.add (f64.load (i32.add (local.get $y) (local.get $a)))
            (f64.mul (f64.load (i32.add (local.get $row) (local.get $a))) (local.get $xi))))))
      (local.set $a (i32.add (local.get $y) (i32.shl (local.get $i) (i32.const 3))))
      (f64.store (local.get $a) (f64.add (f64.load (local.get $a))
        (f64.add (local.get $t) (f64.add (f64x2.extract_lane 0 (local.get $acc)) (f64x2.extract_lane 1 (local.get $acc))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; M −= c·u·uᵀ on the upper triangle: M_ij −= (c·u_i)·u_j for j ≥ i, rows with c·u_i = 0 skipped. Each lane
  ;; rounds (c·u_i)·u_j and then the difference, as linalg.ts's symRankOneSubUpper does: the same bits.
  (func (export "syr") (param $m i32) (param $s i32) (param $c f64) (param $u i32) (param $n i32)
    (local $i i32) (local $j i32) (local $row i32) (local $a i32) (local $sb i32) (local $ci f64) (local $cis v128)
    (local.set $sb (i32.shl (local.get $s) (i32.const 3)))
    (local.set $i (i32.const 0))
    (block $done (loop $rows
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $ci (f64.mul (local.get $c) (f64.load (i32.add (local.get $u) (i32.shl (local.get $i) (i32.const 3))))))
      (if (f64.ne (local.get $ci) (f64.const 0)) (then
        (local.set $row (i32.add (local.get $m) (i32.mul (local.get $i) (local.get $sb))))
        (local.set $cis (f64x2.splat (local.get $ci)))
        (local.set $j (local.get $i))
        (block $pairsDone (loop $pairs
          (br_if $pairsDone (i32.gt_u (i32.add (local.get $j) (i32.const 2)) (local.get $n)))
          (local.set $a (i32.shl (local.get $j) (i32.const 3)))
          (v128.store (i32.add (local.get $row) (local.get $a))
            (f64x2.sub (v128.load (i32.add (local.get $row) (local.get $a)))
              (f64x2.mul (local.get $cis) (v128.load (i32.add (local.get $u) (local.get $a))))))
          (local.set $j (i32.add (local.get $j) (i32.const 2)))
          (br $pairs)))
        (if (i32.lt_u (local.get $j) (local.get $n)) (then
          (local.set $a (i32.shl (local.get $j) (i32.const 3)))
          (f64.store (i32.add (local.get $row) (local.get $a))
            (f64.sub (f64.load (i32.add (local.get $row) (local.get $a)))
              (f64.mul (local.get $ci) (f64.load (i32.add (local.get $u) (local.get $a))))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; u_i = X_i·p for the n rows of X (row length d, contiguous): per row two 2-lane accumulators over blocks of
;; four, then a pair and the odd tail.
  (func (export "rowsdot") (param $xs i32) (param $n i32) (param $d i32) (param $p i32) (param $u i32)
    (local $i i32) (local $k i32) (local $row i32) (local $a i32) (local $db i32) (local $acc v128) (local $acc2 v128) (local $t f64)
    (local.set $db (i32.shl (local.get $d) (i32.const 3)))
    (local.set $row (local.get $xs))
    (local.set $i (i32.const 0))
    (block $done (loop $rows
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $acc (v128.const f64x2 0 0))
      (local.set $acc2 (v128.const f64x2 0 0))
      (local.set $t (f64.const 0))
      (local.set $k (i32.const 0))
      ;; Four at a time into two accumulators (two independent add chains), then a pair, then the tail.
      (block $quadsDone (loop $quads
        (br_if $quadsDone (i32.gt_u (i32.add (local.get $k) (i32.const 4)) (local.get $d)))
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $acc (f64x2.add (local.get $acc)
          (f64x2.mul (v128.load (i32.add (local.get $row) (local.get $a))) (v128.load (i32.add (local.get $p) (local.get $a))))))
        (local.set $acc2 (f64x2.add (local.get $acc2)
          (f64x2.mul (v128.load offset=16 (i32.add (local.get $row) (local.get $a))) (v128.load offset=16 (i32.add (local.get $p) (local.get $a))))))
        (local.set $k (i32.add (local.get $k) (i32.const 4)))
        (br $quads)))
      (local.set $acc (f64x2.add (local.get $acc) (local.get $acc2)))
      (block $pairsDone (loop $pairs
        (br_if $pairsDone (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $d)))
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $acc (f64x2.add (local.get $acc)
          (f64x2.mul (v128.load (i32.add (local.get $row) (local.get $a))) (v128.load (i32.add (local.get $p) (local.get $a))))))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $k) (local.get $d)) (then
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $t (f64.mul (f64.load (i32.add (local.get $row) (local.get $a))) (f64.load (i32.add (local.get $p) (local.get $a)))))))
      (f64.store (i32.add (local.get $u) (i32.shl (local.get $i) (i32.const 3)))
        (f64.add (local.get $t) (f64.add (f64x2.extract_lane 0 (local.get $acc)) (f64x2.extract_lane 1 (local.get $acc)))))
      (local.set $row (i32.add (local.get $row) (local.get $db)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; g += Σ_i r_i·X_i over the n rows of X (row length d): row by row, g updated in pairs, then the odd tail.
  (func (export "rowsaxpy") (param $xs i32) (param $n i32) (param $d i32) (param $r i32) (param $g i32)
    (local $i i32) (local $k i32) (local $row i32) (local $a i32) (local $db i32) (local $ri f64) (local $ris v128)
    (local.set $db (i32.shl (local.get $d) (i32.const 3)))
    (local.set $row (local.get $xs))
    (local.set $i (i32.const 0))
    (block $done (loop $rows
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $ri (f64.load (i32.add (local.get $r) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $ris (f64x2.splat (local.get $ri)))
      (local.set $k (i32.const 0))
      (block $pairsDone (loop $pairs
        (br_if $pairsDone (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $d)))
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (v128.store (i32.add (local.get $g) (local.get $a))
          (f64x2.add (v128.load (i32.add (local.get $g) (local.get $a)))
            (f64x2.mul (local.get $ris) (v128.load (i32.add (local.get $row) (local.get $a))))))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $k) (local.get $d)) (then
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (f64.store (i32.add (local.get $g) (local.get $a))
          (f64.add (f64.load (i32.add (local.get $g) (local.get $a)))
            (f64.mul (local.get $ri) (f64.load (i32.add (local.get $row) (local.get $a))))))))
      (local.set $row (i32.add (local.get $row) (local.get $db)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )
)
