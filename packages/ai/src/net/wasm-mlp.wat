;; The forward pass of `Mlp` (mlp.ts) with 128-bit SIMD, hand-written. Assembled by
;; packages/ai/scripts/build-wasm.mjs into wasm-mlp.wasm; wasm-mlp.ts lays out the memory and calls it.
;;
;; Memory (all offsets in bytes, 16-aligned, laid out by wasm-mlp.ts): the input x (n floats), a scratch
;; list of the non-zero inputs (8 bytes each), the hidden activations h, b1, w1 (n rows of hp floats,
;; input-major as in Mlp), w2 (nout rows of hp floats), b2, and out (nout floats). hp is the hidden layer
;; padded to a multiple of 16 with zero weights: the padded units never reach an output.
(module
  (memory (export "memory") 1)

  ;; 1 / (1 + e^-x) on four lanes. e^-x = 2^y with y = -x·log2(e) clamped to ±126 (beyond, the sigmoid is
  ;; 0 or 1 in f32 anyway); y = n + f with n = round(y), |f| ≤ 1/2; 2^f by its Taylor series to degree 7
  ;; (remainder < 6e-9 relative, below f32's rounding), 2^n built in the exponent bits.
  (func $sigmoid4 (param $x v128) (result v128)
    (local $y v128) (local $n v128) (local $f v128) (local $p v128)
    (local.set $y
      (f32x4.min
        (f32x4.max
          (f32x4.mul (local.get $x) (v128.const f32x4 -1.4426950408889634 -1.4426950408889634 -1.4426950408889634 -1.4426950408889634))
          (v128.const f32x4 -126 -126 -126 -126))
        (v128.const f32x4 126 126 126 126)))
    (local.set $n (f32x4.nearest (local.get $y)))
    (local.set $f (f32x4.sub (local.get $y) (local.get $n)))
    ;; Horner: p = Σ (f·ln2)^k / k!, k = 0..7
    (local.set $p (v128.const f32x4 1.525273380405984e-5 1.525273380405984e-5 1.525273380405984e-5 1.525273380405984e-5))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 1.540353039338161e-4 1.540353039338161e-4 1.540353039338161e-4 1.540353039338161e-4)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 1.3333558146428443e-3 1.3333558146428443e-3 1.3333558146428443e-3 1.3333558146428443e-3)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 9.618129107628477e-3 9.618129107628477e-3 9.618129107628477e-3 9.618129107628477e-3)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 5.550410866482158e-2 5.550410866482158e-2 5.550410866482158e-2 5.550410866482158e-2)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 0.2402265069591007 0.2402265069591007 0.2402265069591007 0.2402265069591007)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 0.6931471805599453 0.6931471805599453 0.6931471805599453 0.6931471805599453)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $f)) (v128.const f32x4 1 1 1 1)))
    ;; 2^n: (n + 127) << 23 is the f32 with exponent n
    (local.set $p
      (f32x4.mul (local.get $p)
        (i32x4.shl (i32x4.add (i32x4.trunc_sat_f32x4_s (local.get $n)) (v128.const i32x4 127 127 127 127)) (i32.const 23))))
    (f32x4.div (v128.const f32x4 1 1 1 1) (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $p))))

  ;; out[k] = b2[k] + Σ_j w2[k][j]·h[j], h[j] = sigmoid(b1[j] + Σ_i x[i]·w1[i][j]). The outputs' own sigmoids are
  ;; left to the caller, in f64: near 0 and 1 an f32 sigmoid rounds different positions to the same value.
  (func (export "forward")
    (param $x i32) (param $n i32) (param $nz i32) (param $h i32) (param $b1 i32) (param $w1 i32) (param $hp i32)
    (param $w2 i32) (param $b2 i32) (param $nout i32) (param $out i32)
    (local $i i32) (local $v f32) (local $end i32) (local $rowBytes i32) (local $j i32) (local $p i32) (local $row i32)
    (local $s v128) (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $k i32) (local $w i32)
    (local.set $rowBytes (i32.shl (local.get $hp) (i32.const 2)))
    ;; 1. The non-zero inputs as (address of their w1 row, value): board encodings are mostly zeros.
    (local.set $end (local.get $nz))
    (block $done
      (loop $scan
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $v (f32.load (i32.add (local.get $x) (i32.shl (local.get $i) (i32.const 2)))))
        (if (f32.ne (local.get $v) (f32.const 0))
          (then
            (i32.store (local.get $end) (i32.add (local.get $w1) (i32.mul (local.get $i) (local.get $rowBytes))))
            (f32.store offset=4 (local.get $end) (local.get $v))
            (local.set $end (i32.add (local.get $end) (i32.const 8)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
    ;; 2. The hidden layer, 16 units at a time in four registers, summing the rows of the non-zero inputs.
    (block $hdone
      (loop $block
        (br_if $hdone (i32.ge_u (local.get $j) (local.get $rowBytes)))
        (local.set $a0 (v128.load (i32.add (local.get $b1) (local.get $j))))
        (local.set $a1 (v128.load offset=16 (i32.add (local.get $b1) (local.get $j))))
        (local.set $a2 (v128.load offset=32 (i32.add (local.get $b1) (local.get $j))))
        (local.set $a3 (v128.load offset=48 (i32.add (local.get $b1) (local.get $j))))
        (local.set $p (local.get $nz))
        (block $rdone
          (loop $rows
            (br_if $rdone (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $row (i32.add (i32.load (local.get $p)) (local.get $j)))
            (local.set $s (f32x4.splat (f32.load offset=4 (local.get $p))))
            (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $s) (v128.load (local.get $row)))))
            (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $s) (v128.load offset=16 (local.get $row)))))
            (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $s) (v128.load offset=32 (local.get $row)))))
            (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $s) (v128.load offset=48 (local.get $row)))))
            (local.set $p (i32.add (local.get $p) (i32.const 8)))
            (br $rows)))
        (v128.store (i32.add (local.get $h) (local.get $j)) (call $sigmoid4 (local.get $a0)))
        (v128.store offset=16 (i32.add (local.get $h) (local.get $j)) (call $sigmoid4 (local.get $a1)))
        (v128.store offset=32 (i32.add (local.get $h) (local.get $j)) (call $sigmoid4 (local.get $a2)))
        (v128.store offset=48 (i32.add (local.get $h) (local.get $j)) (call $sigmoid4 (local.get $a3)))
        (local.set $j (i32.add (local.get $j) (i32.const 64)))
        (br $block)))
    ;; 3. The outputs' pre-activations: one dot product of hp lanes each.
    (local.set $w (local.get $w2))
    (block $odone
      (loop $outs
        (br_if $odone (i32.ge_u (local.get $k) (local.get $nout)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (block $ddone
          (loop $dot
            (br_if $ddone (i32.ge_u (local.get $j) (local.get $rowBytes)))
            (local.set $a0 (f32x4.add (local.get $a0)
              (f32x4.mul (v128.load (i32.add (local.get $w) (local.get $j))) (v128.load (i32.add (local.get $h) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $dot)))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2)))
          (f32.add
            (f32.load (i32.add (local.get $b2) (i32.shl (local.get $k) (i32.const 2))))
            (f32.add
              (f32.add (f32x4.extract_lane 0 (local.get $a0)) (f32x4.extract_lane 1 (local.get $a0)))
              (f32.add (f32x4.extract_lane 2 (local.get $a0)) (f32x4.extract_lane 3 (local.get $a0))))))
        (local.set $w (i32.add (local.get $w) (local.get $rowBytes)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $outs)))
))
