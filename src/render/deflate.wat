;; deflate.ts's passes over a picture's PNG scanlines, in WebAssembly. Our pictures are
;; flat colours: nearly every byte repeats the one before it (a run) or the one above it
;; (the row before, `stride` bytes back), so those two are the only matches looked for, 16
;; bytes compared at once. The Huffman codes are chosen in JavaScript between the passes.
;;
;; Compiled by `npm run wasm` (wabt's wat2wasm) into deflate-wasm.ts, which ships.
;;
;; Memory: at LIT the literals' codes (256 i32: length << 24 | bits, bits first-out lowest),
;; at MATCH each match length's code with its extra bits (256 i32, for lengths 3 to 258,
;; the same packing), at LCODE each match length's length code (256 bytes, 0 to 28), at
;; FREQ how often each literal/length symbol (286 i32) and each distance (2 i32: 1, then
;; `stride`) came; from SPACE on what the caller lays out: the scanlines, the matches and
;; literals found (one i16 each: a literal, 256 + length - 3 for a run, 512 + length - 3 for
;; a match above), the compressed bytes.
(module
  (memory (export "memory") 1)

  (global $LIT (export "LIT") i32 (i32.const 0))
  (global $MATCH (export "MATCH") i32 (i32.const 1024))
  (global $LCODE (export "LCODE") i32 (i32.const 2048))
  (global $FREQ (export "FREQ") i32 (i32.const 2304))
  (global (export "SPACE") i32 (i32.const 4096))
  (global $MAX_MATCH i32 (i32.const 258))
  ;; Adler-32's modulus, and the most bytes summed before it must be applied (zlib's NMAX, a multiple of 16).
  (global $BASE i64 (i64.const 65521))
  (global $NMAX i32 (i32.const 5552))

  ;; How many of the 16 bytes at `at` equal those `distance` before them, counted from the
  ;; first: 16 when all do.
  (func $equal (param $v v128) (param $at i32) (param $distance i32) (result i32)
    (i32.ctz
      (i32.or
        (i32.xor
          (i8x16.bitmask (i8x16.eq (local.get $v) (v128.load (i32.sub (local.get $at) (local.get $distance)))))
          (i32.const 0xffff))
        (i32.const 0x10000))))

  ;; How many bytes from `at` on equal those `distance` before them, the first 16 known to,
  ;; at most `max`. The caller leaves 16 readable bytes past the data: bytes past `max` are
  ;; compared, not counted. $equal's comparison is written out here: V8 does not inline the
  ;; call, which made the whole pass 1.3 times as long (0.48 ms a table against 0.37).
  (func $longer (param $at i32) (param $distance i32) (param $max i32) (result i32)
    (local $n i32) (local $mask i32)
    (local.set $n (i32.const 16))
    (block $done
      (loop $sixteen
        (br_if $done (i32.ge_u (local.get $n) (local.get $max)))
        (local.set $mask
          (i8x16.bitmask
            (i8x16.eq
              (v128.load (i32.add (local.get $at) (local.get $n)))
              (v128.load (i32.sub (i32.add (local.get $at) (local.get $n)) (local.get $distance))))))
        (if (i32.ne (local.get $mask) (i32.const 0xffff))
          (then
            (local.set $n (i32.add (local.get $n) (i32.ctz (i32.xor (local.get $mask) (i32.const 0xffff)))))
            (br $done)))
        (local.set $n (i32.add (local.get $n) (i32.const 16)))
        (br $sixteen)))
    (select (local.get $max) (local.get $n) (i32.gt_u (local.get $n) (local.get $max))))

  ;; The `length` bytes at `data` as literals and matches at `out` (greedy: at each byte the
  ;; longer of the match above and the run, if 3 or more), counted at FREQ (zeroed first).
  ;; `stride` 0 looks for runs only. The caller leaves 16 readable bytes past the data.
  ;; Returns how many were written.
  (func (export "tokenize") (param $data i32) (param $length i32) (param $stride i32) (param $out i32) (result i32)
    (local $at i32) (local $end i32) (local $max i32) (local $run i32) (local $up i32) (local $v v128)
    (local $count i32) (local $slot i32) (local $upFrom i32)
    (memory.fill (global.get $FREQ) (i32.const 0) (i32.const 1152))
    (local.set $at (local.get $data))
    (local.set $end (i32.add (local.get $data) (local.get $length)))
    ;; Matches above start a row in: with no rows (`stride` 0), never.
    (local.set $upFrom
      (select
        (i32.add (local.get $data) (local.get $stride))
        (local.get $end)
        (i32.ne (local.get $stride) (i32.const 0))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $max (i32.sub (local.get $end) (local.get $at)))
        (if (i32.gt_u (local.get $max) (global.get $MAX_MATCH)) (then (local.set $max (global.get $MAX_MATCH))))
        (local.set $v (v128.load (local.get $at)))
        (local.set $run (i32.const 0))
        (local.set $up (i32.const 0))
        (if (i32.ge_u (local.get $at) (local.get $upFrom))
          (then
            (local.set $up (call $equal (local.get $v) (local.get $at) (local.get $stride)))
            (if (i32.eq (local.get $up) (i32.const 16))
              (then (local.set $up (call $longer (local.get $at) (local.get $stride) (local.get $max)))))))
        ;; A run is looked for unless the match above is as long as a match can be.
        (if (i32.and (i32.gt_u (local.get $at) (local.get $data)) (i32.lt_u (local.get $up) (local.get $max)))
          (then
            (local.set $run (call $equal (local.get $v) (local.get $at) (i32.const 1)))
            (if (i32.eq (local.get $run) (i32.const 16))
              (then (local.set $run (call $longer (local.get $at) (i32.const 1) (local.get $max)))))))
        (if (i32.gt_u (local.get $run) (local.get $max)) (then (local.set $run (local.get $max))))
        (if (i32.gt_u (local.get $up) (local.get $max)) (then (local.set $up (local.get $max))))
        (if (i32.and (i32.lt_u (local.get $run) (i32.const 3)) (i32.lt_u (local.get $up) (i32.const 3)))
          (then
            ;; A literal.
            (local.set $run (i8x16.extract_lane_u 0 (local.get $v)))
            (i32.store16 (local.get $out) (local.get $run))
            (local.set $slot (i32.add (global.get $FREQ) (i32.shl (local.get $run) (i32.const 2))))
            (i32.store (local.get $slot) (i32.add (i32.load (local.get $slot)) (i32.const 1)))
            (local.set $at (i32.add (local.get $at) (i32.const 1))))
          (else
            (if (i32.gt_u (local.get $up) (local.get $run))
              (then
                (i32.store16 (local.get $out) (i32.add (i32.const 509) (local.get $up)))
                (local.set $run (local.get $up))
                (local.set $slot (i32.add (global.get $FREQ) (i32.const 1148))))
              (else
                (i32.store16 (local.get $out) (i32.add (i32.const 253) (local.get $run)))
                (local.set $slot (i32.add (global.get $FREQ) (i32.const 1144)))))
            ;; The distance, then the length symbol (257 + its length code).
            (i32.store (local.get $slot) (i32.add (i32.load (local.get $slot)) (i32.const 1)))
            (local.set $slot
              (i32.add
                (global.get $FREQ)
                (i32.shl
                  (i32.add
                    (i32.const 257)
                    (i32.load8_u (i32.add (global.get $LCODE) (i32.sub (local.get $run) (i32.const 3)))))
                  (i32.const 2))))
            (i32.store (local.get $slot) (i32.add (i32.load (local.get $slot)) (i32.const 1)))
            (local.set $at (i32.add (local.get $at) (local.get $run)))))
        (local.set $out (i32.add (local.get $out) (i32.const 2)))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (br $next)))
    (local.get $count))

  ;; The `count` literals and matches at `tokens`, in the codes at LIT and MATCH and the two
  ;; distances' (`run` for 1, `up` for `stride`: bits and their number), written after the
  ;; block's header at `out`, whose last `pending` bits (fewer than 8) are `bits`; then the
  ;; end of the block (`end`: its code, length << 24 | bits) and zero bits to a whole byte.
  ;; Returns the end of what was written.
  (func (export "emit")
    (param $tokens i32) (param $count i32) (param $out i32) (param $bits i32) (param $pending i32)
    (param $runBits i32) (param $runLength i32) (param $upBits i32) (param $upLength i32) (param $end i32)
    (result i32)
    (local $acc i64) (local $n i64) (local $token i32) (local $code i32) (local $stop i32)
    (local.set $acc (i64.extend_i32_u (local.get $bits)))
    (local.set $n (i64.extend_i32_u (local.get $pending)))
    (local.set $stop (i32.add (local.get $tokens) (i32.shl (local.get $count) (i32.const 1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $tokens) (local.get $stop)))
        (local.set $token (i32.load16_u (local.get $tokens)))
        (local.set $tokens (i32.add (local.get $tokens) (i32.const 2)))
        (local.set $code
          (i32.load
            (i32.add
              (select (global.get $LIT) (global.get $MATCH) (i32.lt_u (local.get $token) (i32.const 256)))
              (i32.shl (i32.and (local.get $token) (i32.const 255)) (i32.const 2)))))
        (local.set $acc
          (i64.or
            (local.get $acc)
            (i64.shl (i64.extend_i32_u (i32.and (local.get $code) (i32.const 0xffffff))) (local.get $n))))
        (local.set $n (i64.add (local.get $n) (i64.extend_i32_u (i32.shr_u (local.get $code) (i32.const 24)))))
        ;; 32 bits out whenever 32 are in: at most 20 (a length's code) or 28 (a distance's) come at once.
        (if (i64.ge_u (local.get $n) (i64.const 32))
          (then
            (i32.store (local.get $out) (i32.wrap_i64 (local.get $acc)))
            (local.set $out (i32.add (local.get $out) (i32.const 4)))
            (local.set $acc (i64.shr_u (local.get $acc) (i64.const 32)))
            (local.set $n (i64.sub (local.get $n) (i64.const 32)))))
        (if (i32.ge_u (local.get $token) (i32.const 256))
          (then
            (if (i32.ge_u (local.get $token) (i32.const 512))
              (then
                (local.set $acc
                  (i64.or (local.get $acc) (i64.shl (i64.extend_i32_u (local.get $upBits)) (local.get $n))))
                (local.set $n (i64.add (local.get $n) (i64.extend_i32_u (local.get $upLength)))))
              (else
                (local.set $acc
                  (i64.or (local.get $acc) (i64.shl (i64.extend_i32_u (local.get $runBits)) (local.get $n))))
                (local.set $n (i64.add (local.get $n) (i64.extend_i32_u (local.get $runLength))))))))
        (if (i64.ge_u (local.get $n) (i64.const 32))
          (then
            (i32.store (local.get $out) (i32.wrap_i64 (local.get $acc)))
            (local.set $out (i32.add (local.get $out) (i32.const 4)))
            (local.set $acc (i64.shr_u (local.get $acc) (i64.const 32)))
            (local.set $n (i64.sub (local.get $n) (i64.const 32)))))
        (br $next)))
    (local.set $acc
      (i64.or
        (local.get $acc)
        (i64.shl (i64.extend_i32_u (i32.and (local.get $end) (i32.const 0xffffff))) (local.get $n))))
    (local.set $n (i64.add (local.get $n) (i64.extend_i32_u (i32.shr_u (local.get $end) (i32.const 24)))))
    (block $flushed
      (loop $byte
        (br_if $flushed (i64.eqz (local.get $n)))
        (i32.store8 (local.get $out) (i32.wrap_i64 (local.get $acc)))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))
        (local.set $acc (i64.shr_u (local.get $acc) (i64.const 8)))
        (local.set $n (select (i64.const 0) (i64.sub (local.get $n) (i64.const 8)) (i64.lt_u (local.get $n) (i64.const 8))))
        (br $byte)))
    (local.get $out))

  ;; Adler-32 of the `length` bytes at `data` (zlib's checksum of the data it wraps), 16 bytes
  ;; at a time: their sum, and their sum weighted 16 down to 1 for the second half.
  (func (export "adler") (param $data i32) (param $length i32) (result i32)
    (local $a i64) (local $b i64) (local $block i32) (local $stop i32) (local $tail i32) (local $vectorSum i64)
    (local $sum v128) (local $sums v128) (local $weighted v128) (local $v v128)
    (local.set $a (i64.const 1))
    (block $done
      (loop $blocks
        (br_if $done (i32.eqz (local.get $length)))
        (local.set $block
          (select (global.get $NMAX) (local.get $length) (i32.gt_u (local.get $length) (global.get $NMAX))))
        (local.set $length (i32.sub (local.get $length) (local.get $block)))
        ;; What the bytes before this block add to the second sum: once each for every byte of it.
        (local.set $b (i64.add (local.get $b) (i64.mul (local.get $a) (i64.extend_i32_u (local.get $block)))))
        (local.set $stop (i32.add (local.get $data) (i32.and (local.get $block) (i32.const -16))))
        (local.set $sum (v128.const i32x4 0 0 0 0))
        (local.set $sums (v128.const i32x4 0 0 0 0))
        (local.set $weighted (v128.const i32x4 0 0 0 0))
        (block $vectorsDone
          (loop $vectors
            (br_if $vectorsDone (i32.ge_u (local.get $data) (local.get $stop)))
            (local.set $v (v128.load (local.get $data)))
            ;; Each earlier vector's bytes count 16 times more in the second sum.
            (local.set $sums (i32x4.add (local.get $sums) (local.get $sum)))
            (local.set $sum
              (i32x4.add (local.get $sum) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $v)))))
            (local.set $weighted
              (i32x4.add
                (local.get $weighted)
                (i32x4.add
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u (local.get $v))
                    (v128.const i16x8 16 15 14 13 12 11 10 9))
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_high_i8x16_u (local.get $v))
                    (v128.const i16x8 8 7 6 5 4 3 2 1)))))
            (local.set $data (i32.add (local.get $data) (i32.const 16)))
            (br $vectors)))
        ;; The block's last bytes, fewer than 16 (in the last block only), come after every vector's.
        (local.set $tail (i32.and (local.get $block) (i32.const 15)))
        (local.set $vectorSum (call $lanes (local.get $sum)))
        (local.set $b
          (i64.add
            (local.get $b)
            (i64.add
              (i64.add
                (i64.shl (call $lanes (local.get $sums)) (i64.const 4))
                (call $lanes (local.get $weighted)))
              (i64.mul (local.get $vectorSum) (i64.extend_i32_u (local.get $tail))))))
        (local.set $a (i64.add (local.get $a) (local.get $vectorSum)))
        (local.set $stop (i32.add (local.get $stop) (local.get $tail)))
        (block $tailDone
          (loop $tail
            (br_if $tailDone (i32.ge_u (local.get $data) (local.get $stop)))
            (local.set $a (i64.add (local.get $a) (i64.extend_i32_u (i32.load8_u (local.get $data)))))
            ;; The `a` before the block was counted above for each byte: here what this byte adds from it on.
            (local.set $b
              (i64.add
                (local.get $b)
                (i64.mul
                  (i64.extend_i32_u (i32.load8_u (local.get $data)))
                  (i64.extend_i32_u (i32.sub (local.get $stop) (local.get $data))))))
            (local.set $data (i32.add (local.get $data) (i32.const 1)))
            (br $tail)))
        (local.set $a (i64.rem_u (local.get $a) (global.get $BASE)))
        (local.set $b (i64.rem_u (local.get $b) (global.get $BASE)))
        (br $blocks)))
    (i32.wrap_i64 (i64.or (i64.shl (local.get $b) (i64.const 16)) (local.get $a))))

  ;; The four lanes' sum.
  (func $lanes (param $v v128) (result i64)
    (i64.add
      (i64.add
        (i64.extend_i32_u (i32x4.extract_lane 0 (local.get $v)))
        (i64.extend_i32_u (i32x4.extract_lane 1 (local.get $v))))
      (i64.add
        (i64.extend_i32_u (i32x4.extract_lane 2 (local.get $v)))
        (i64.extend_i32_u (i32x4.extract_lane 3 (local.get $v)))))))
