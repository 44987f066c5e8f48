;; The logistic estimator's hot kernels: the O(d²) ones on a symmetric matrix kept as its upper triangle
;; (row-major, row stride s elements: the product, the rank-one update, and the two in one pass), and the two O(n·d) passes over its stored contexts, in 128-bit SIMD: two f64 lanes per instruction, which V8's JIT does not produce from the
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

  ;; M −= c·u·uᵀ and then y = M·x, in one pass over the upper triangle: syr's updates and symv's product with the
  ;; same roundings in the same order (each row is updated before it is read, and nothing reads it earlier), so the
  ;; result is theirs bit for bit, for about the memory traffic of syr alone. One difference: syr skips the rows
  ;; with c·u_i = 0, which here get M_ij − 0·u_j, the same value for finite u except that −0 − 0 gives +0 (a −0
  ;; entry cannot arise from +0 entries by subtraction, and the matrices start at ρ⁻¹·I).
  (func (export "syrsymv") (param $m i32) (param $s i32) (param $c f64) (param $u i32) (param $x i32) (param $y i32) (param $n i32)
    (local $i i32) (local $j i32) (local $row i32) (local $a i32) (local $sb i32)
    (local $xi f64) (local $ci f64) (local $mij f64) (local $t f64)
    (local $acc v128) (local $acc2 v128) (local $xis v128) (local $cis v128) (local $mv v128) (local $mv2 v128)
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
      (local.set $a (i32.shl (local.get $i) (i32.const 3)))
      (local.set $ci (f64.mul (local.get $c) (f64.load (i32.add (local.get $u) (local.get $a)))))
      (local.set $cis (f64x2.splat (local.get $ci)))
      (local.set $xi (f64.load (i32.add (local.get $x) (local.get $a))))
      (local.set $xis (f64x2.splat (local.get $xi)))
      (local.set $mij (f64.sub (f64.load (i32.add (local.get $row) (local.get $a)))
        (f64.mul (local.get $ci) (f64.load (i32.add (local.get $u) (local.get $a))))))
      (f64.store (i32.add (local.get $row) (local.get $a)) (local.get $mij))
      (local.set $t (f64.mul (local.get $mij) (local.get $xi)))
      (local.set $acc (v128.const f64x2 0 0))
      (local.set $acc2 (v128.const f64x2 0 0))
      (local.set $j (i32.add (local.get $i) (i32.const 1)))
      (block $quadsDone (loop $quads
        (br_if $quadsDone (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $a (i32.shl (local.get $j) (i32.const 3)))
        (local.set $mv (f64x2.sub (v128.load (i32.add (local.get $row) (local.get $a)))
          (f64x2.mul (local.get $cis) (v128.load (i32.add (local.get $u) (local.get $a))))))
        (local.set $mv2 (f64x2.sub (v128.load offset=16 (i32.add (local.get $row) (local.get $a)))
          (f64x2.mul (local.get $cis) (v128.load offset=16 (i32.add (local.get $u) (local.get $a))))))
        (v128.store (i32.add (local.get $row) (local.get $a)) (local.get $mv))
        (v128.store offset=16 (i32.add (local.get $row) (local.get $a)) (local.get $mv2))
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
        (local.set $mv (f64x2.sub (v128.load (i32.add (local.get $row) (local.get $a)))
          (f64x2.mul (local.get $cis) (v128.load (i32.add (local.get $u) (local.get $a))))))
        (v128.store (i32.add (local.get $row) (local.get $a)) (local.get $mv))
        (local.set $acc (f64x2.add (local.get $acc) (f64x2.mul (local.get $mv) (v128.load (i32.add (local.get $x) (local.get $a))))))
        (v128.store (i32.add (local.get $y) (local.get $a))
          (f64x2.add (v128.load (i32.add (local.get $y) (local.get $a))) (f64x2.mul (local.get $mv) (local.get $xis))))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $j) (local.get $n)) (then
        (local.set $a (i32.shl (local.get $j) (i32.const 3)))
        (local.set $mij (f64.sub (f64.load (i32.add (local.get $row) (local.get $a)))
          (f64.mul (local.get $ci) (f64.load (i32.add (local.get $u) (local.get $a))))))
        (f64.store (i32.add (local.get $row) (local.get $a)) (local.get $mij))
        (local.set $t (f64.add (local.get $t) (f64.mul (local.get $mij) (f64.load (i32.add (local.get $x) (local.get $a))))))
        (f64.store (i32.add (local.get $y) (local.get $a))
          (f64.add (f64.load (i32.add (local.get $y) (local.get $a))) (f64.mul (local.get $mij) (local.get $xi))))))
      (local.set $a (i32.add (local.get $y) (i32.shl (local.get $i) (i32.const 3))))
      (f64.store (local.get $a) (f64.add (f64.load (local.get $a))
        (f64.add (local.get $t) (f64.add (f64x2.extract_lane 0 (local.get $acc)) (f64x2.extract_lane 1 (local.get $acc))))))
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

  ;; g += Σ_i r_i·X_i over the n rows of X (row length d). Four rows at a time: each pair of g is loaded once, takes
  ;; the four rows' terms in row order and is stored once (a quarter of the loads and stores of g, which bound this
  ;; pass), then the odd tail; the rows left over one by one. Every g_k receives the same additions in the same order
  ;; as row by row, so the result is the same bit for bit.
  (func (export "rowsaxpy") (param $xs i32) (param $n i32) (param $d i32) (param $r i32) (param $g i32)
    (local $i i32) (local $k i32) (local $row i32) (local $a i32) (local $db i32) (local $ri f64) (local $ris v128)
    (local $r1 f64) (local $r2 f64) (local $r3 f64) (local $r1s v128) (local $r2s v128) (local $r3s v128)
    (local $row1 i32) (local $row2 i32) (local $row3 i32) (local $v v128) (local $t f64)
    (local.set $db (i32.shl (local.get $d) (i32.const 3)))
    (local.set $row (local.get $xs))
    (local.set $i (i32.const 0))
    (block $quadsDone (loop $quads
      (br_if $quadsDone (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
      (local.set $a (i32.add (local.get $r) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $ri (f64.load (local.get $a)))
      (local.set $r1 (f64.load offset=8 (local.get $a)))
      (local.set $r2 (f64.load offset=16 (local.get $a)))
      (local.set $r3 (f64.load offset=24 (local.get $a)))
      (local.set $ris (f64x2.splat (local.get $ri)))
      (local.set $r1s (f64x2.splat (local.get $r1)))
      (local.set $r2s (f64x2.splat (local.get $r2)))
      (local.set $r3s (f64x2.splat (local.get $r3)))
      (local.set $row1 (i32.add (local.get $row) (local.get $db)))
      (local.set $row2 (i32.add (local.get $row1) (local.get $db)))
      (local.set $row3 (i32.add (local.get $row2) (local.get $db)))
      (local.set $k (i32.const 0))
      (block $pairsDone (loop $pairs
        (br_if $pairsDone (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $d)))
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $v (f64x2.add (v128.load (i32.add (local.get $g) (local.get $a)))
          (f64x2.mul (local.get $ris) (v128.load (i32.add (local.get $row) (local.get $a))))))
        (local.set $v (f64x2.add (local.get $v) (f64x2.mul (local.get $r1s) (v128.load (i32.add (local.get $row1) (local.get $a))))))
        (local.set $v (f64x2.add (local.get $v) (f64x2.mul (local.get $r2s) (v128.load (i32.add (local.get $row2) (local.get $a))))))
        (v128.store (i32.add (local.get $g) (local.get $a))
          (f64x2.add (local.get $v) (f64x2.mul (local.get $r3s) (v128.load (i32.add (local.get $row3) (local.get $a))))))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $k) (local.get $d)) (then
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $t (f64.add (f64.load (i32.add (local.get $g) (local.get $a)))
          (f64.mul (local.get $ri) (f64.load (i32.add (local.get $row) (local.get $a))))))
        (local.set $t (f64.add (local.get $t) (f64.mul (local.get $r1) (f64.load (i32.add (local.get $row1) (local.get $a))))))
        (local.set $t (f64.add (local.get $t) (f64.mul (local.get $r2) (f64.load (i32.add (local.get $row2) (local.get $a))))))
        (f64.store (i32.add (local.get $g) (local.get $a))
          (f64.add (local.get $t) (f64.mul (local.get $r3) (f64.load (i32.add (local.get $row3) (local.get $a))))))))
      (local.set $row (i32.add (local.get $row3) (local.get $db)))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $quads)))
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

  ;; u_i = ‖X_i − p‖² for the n rows of X (row length d, contiguous), summed exactly as the RBF kernel's JS loop sums
  ;; it (kernel.ts): lane 0 over the even k, lane 1 over the odd k, the odd tail added to lane 0, then lane 0 + lane 1.
  ;; So the kernel values are the JS ones bit for bit, and identical points give exactly 0.
  (func (export "rowssqdist") (param $xs i32) (param $n i32) (param $d i32) (param $p i32) (param $u i32)
    (local $i i32) (local $k i32) (local $row i32) (local $a i32) (local $db i32) (local $acc v128) (local $diff v128)
    (local $s0 f64) (local $t f64)
    (local.set $db (i32.shl (local.get $d) (i32.const 3)))
    (local.set $row (local.get $xs))
    (local.set $i (i32.const 0))
    (block $done (loop $rows
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $acc (v128.const f64x2 0 0))
      (local.set $k (i32.const 0))
      (block $pairsDone (loop $pairs
        (br_if $pairsDone (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $d)))
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $diff (f64x2.sub (v128.load (i32.add (local.get $row) (local.get $a))) (v128.load (i32.add (local.get $p) (local.get $a)))))
        (local.set $acc (f64x2.add (local.get $acc) (f64x2.mul (local.get $diff) (local.get $diff))))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
      (local.set $s0 (f64x2.extract_lane 0 (local.get $acc)))
      (if (i32.lt_u (local.get $k) (local.get $d)) (then
        (local.set $a (i32.shl (local.get $k) (i32.const 3)))
        (local.set $t (f64.sub (f64.load (i32.add (local.get $row) (local.get $a))) (f64.load (i32.add (local.get $p) (local.get $a)))))
        (local.set $s0 (f64.add (local.get $s0) (f64.mul (local.get $t) (local.get $t))))))
      (f64.store (i32.add (local.get $u) (i32.shl (local.get $i) (i32.const 3)))
        (f64.add (local.get $s0) (f64x2.extract_lane 1 (local.get $acc))))
      (local.set $row (i32.add (local.get $row) (local.get $db)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; One trial point of a logistic line search: for j < n, t_j = z_j + α·u_j, σ_j = σ(t_j) into sig, σ'(t_j) into
  ;; slope, and into out[0], out[1] the data's parts of φ'(α) and φ''(α):
  ;;   Σ_j (c_j σ_j − s_j) u_j   and   Σ_j c_j σ'_j u_j².
  ;; Two points per instruction, so the arrays are read and written in pairs: n is rounded up to even and the
  ;; caller keeps the entry past an odd n zero in u, c and s (it then adds nothing).
  ;; σ and σ' come from one e = exp(−|t|) (σ = 1/(1+e) for t ≥ 0, e/(1+e) below, σ' = e/(1+e)²), with exp in
  ;; SIMD as fdlibm reduces it: k = round(x/ln 2), r = x − k·ln2_hi − k·ln2_lo (|r| ≤ ln 2/2, exact for the k here),
  ;; e^r by its Taylor series to r¹³ (the next term is under 5e-18 of it; Estrin's scheme, so that the polynomial is a
  ;; short chain of dependent operations instead of Horner's 26), times 2^k built in the exponent bits.
  ;; x = −|t| is held at ≥ −708 so that 2^k stays a normal number: e^−708 ≈ 3e-308 against 1 is nothing in σ.
  (func (export "logisticline") (param $n i32) (param $alpha f64) (param $z i32) (param $u i32) (param $c i32)
      (param $s i32) (param $sig i32) (param $slope i32) (param $out i32)
    (local $j i32) (local $a i32) (local $al v128) (local $t v128) (local $x v128) (local $k v128) (local $r v128)
    (local $p v128) (local $e v128) (local $inv v128) (local $pr v128) (local $sl v128) (local $uu v128) (local $cc v128)
    (local $d1 v128) (local $d2 v128) (local $r2 v128) (local $r4 v128) (local $kb v128)
    (local.set $al (f64x2.splat (local.get $alpha)))
    (local.set $d1 (v128.const f64x2 0 0))
    (local.set $d2 (v128.const f64x2 0 0))
    (local.set $j (i32.const 0))
    (block $done (loop $pairs
      (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
      (local.set $a (i32.shl (local.get $j) (i32.const 3)))
      (local.set $uu (v128.load (i32.add (local.get $u) (local.get $a))))
      (local.set $t (f64x2.add (v128.load (i32.add (local.get $z) (local.get $a))) (f64x2.mul (local.get $al) (local.get $uu))))
      (local.set $x (f64x2.pmax (f64x2.neg (f64x2.abs (local.get $t))) (v128.const f64x2 -708 -708)))
      ;; k = round(x·log₂e) by the 1.5·2⁵² shift: the sum's last bits are k (two's complement), which 2^k uses below.
      (local.set $kb (f64x2.add (f64x2.mul (local.get $x) (v128.const f64x2 0x1.71547652b82fep0 0x1.71547652b82fep0))
        (v128.const f64x2 0x1.8p52 0x1.8p52)))
      (local.set $k (f64x2.sub (local.get $kb) (v128.const f64x2 0x1.8p52 0x1.8p52)))
      (local.set $r (f64x2.sub
        (f64x2.sub (local.get $x) (f64x2.mul (local.get $k) (v128.const f64x2 0x1.62e42feep-1 0x1.62e42feep-1)))
        (f64x2.mul (local.get $k) (v128.const f64x2 0x1.a39ef35793c76p-33 0x1.a39ef35793c76p-33))))
      ;; e^r by Estrin: the 14 coefficients 1/k! in pairs q_i = c_2i + c_2i+1·r, then pairs of those by r², r⁴, r⁸
      (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
      (local.set $r4 (f64x2.mul (local.get $r2) (local.get $r2)))
      (local.set $p (f64x2.add
        (f64x2.add (f64x2.add (f64x2.add (v128.const f64x2 1 1) (f64x2.mul (v128.const f64x2 1 1) (local.get $r)))
            (f64x2.mul (f64x2.add (v128.const f64x2 0.50000000000000000 0.50000000000000000) (f64x2.mul (v128.const f64x2 0.16666666666666666 0.16666666666666666) (local.get $r))) (local.get $r2)))
          (f64x2.mul (f64x2.add (f64x2.add (v128.const f64x2 0.041666666666666664 0.041666666666666664) (f64x2.mul (v128.const f64x2 0.0083333333333333332 0.0083333333333333332) (local.get $r)))
            (f64x2.mul (f64x2.add (v128.const f64x2 0.0013888888888888889 0.0013888888888888889) (f64x2.mul (v128.const f64x2 0.00019841269841269841 0.00019841269841269841) (local.get $r))) (local.get $r2))) (local.get $r4)))
        (f64x2.mul (f64x2.add (f64x2.add (f64x2.add (v128.const f64x2 0.000024801587301587302 0.000024801587301587302) (f64x2.mul (v128.const f64x2 0.0000027557319223985893 0.0000027557319223985893) (local.get $r)))
            (f64x2.mul (f64x2.add (v128.const f64x2 2.7557319223985888e-7 2.7557319223985888e-7) (f64x2.mul (v128.const f64x2 2.5052108385441720e-8 2.5052108385441720e-8) (local.get $r))) (local.get $r2)))
          (f64x2.mul (f64x2.add (v128.const f64x2 2.0876756987868100e-9 2.0876756987868100e-9) (f64x2.mul (v128.const f64x2 1.6059043836821613e-10 1.6059043836821613e-10) (local.get $r))) (local.get $r4))) (f64x2.mul (local.get $r4) (local.get $r4)))))
      ;; 2^k: (k + 1023) << 52 as the bits of a double (−1022 ≤ k ≤ 0 here); the shift drops the shifter's high bits.
      (local.set $e (f64x2.mul (local.get $p)
        (i64x2.shl (i64x2.add (local.get $kb) (v128.const i64x2 1023 1023)) (i32.const 52))))
      (local.set $inv (f64x2.div (v128.const f64x2 1 1) (f64x2.add (v128.const f64x2 1 1) (local.get $e))))
      (local.set $pr (v128.bitselect (local.get $inv) (f64x2.mul (local.get $e) (local.get $inv))
        (f64x2.ge (local.get $t) (v128.const f64x2 0 0))))
      (local.set $sl (f64x2.mul (f64x2.mul (local.get $e) (local.get $inv)) (local.get $inv)))
      (v128.store (i32.add (local.get $sig) (local.get $a)) (local.get $pr))
      (v128.store (i32.add (local.get $slope) (local.get $a)) (local.get $sl))
      (local.set $cc (v128.load (i32.add (local.get $c) (local.get $a))))
      (local.set $d1 (f64x2.add (local.get $d1)
        (f64x2.mul (f64x2.sub (f64x2.mul (local.get $cc) (local.get $pr)) (v128.load (i32.add (local.get $s) (local.get $a))))
          (local.get $uu))))
      (local.set $d2 (f64x2.add (local.get $d2)
        (f64x2.mul (f64x2.mul (f64x2.mul (local.get $cc) (local.get $sl)) (local.get $uu)) (local.get $uu))))
      (local.set $j (i32.add (local.get $j) (i32.const 2)))
      (br $pairs)))
    (f64.store (local.get $out) (f64.add (f64x2.extract_lane 0 (local.get $d1)) (f64x2.extract_lane 1 (local.get $d1))))
    (f64.store offset=8 (local.get $out) (f64.add (f64x2.extract_lane 0 (local.get $d2)) (f64x2.extract_lane 1 (local.get $d2))))
  )
)
