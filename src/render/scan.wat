;; KnownPalette's pass over a picture's pixels (quantize.ts), in WebAssembly: each pixel's
;; entry of a palette known in advance, written as PNG scanlines (a filter byte, 0 for none,
;; before each row). The same bytes as a JavaScript loop, in about a third of its time: four
;; pixels are compared with the run under way in one SIMD comparison, and those that continue
;; it written in one store (a table is mostly runs of one colour, about ten pixels long on
;; average), and a colour's entry is looked up once a run.
;;
;; Compiled by `npm run wasm` (wabt's wat2wasm) into scan-wasm.ts, which ships.
;;
;; Memory: the palette's channels apart (red, green, blue: 256 i32 each) at 0, the colours
;; remembered from picture to picture (open addressing, 2^17 slots: keys then entries, 0 for
;; an empty key) at KEYS, and from SPACE on what the caller lays out: a band of rows of
;; pixels (0xAABBGGRR) and the scanlines of the whole picture.
(module
  (memory (export "memory") 17)

  ;; Entries in the palette (set by `palette`).
  (global $entries (mut i32) (i32.const 0))
  ;; Colours remembered; at MAX the memory starts again, between two pictures.
  (global $remembered (mut i32) (i32.const 0))
  ;; The run under way: its pixel, its entry (+ 0x100 when far from it), where it started.
  (global $previous (mut i32) (i32.const 0))
  (global $value (mut i32) (i32.const 0))
  (global $start (mut i32) (i32.const 0))
  ;; Pixels of the picture far from their entry so far.
  (global $far (mut i32) (i32.const 0))

  ;; KEYS = 3072, VALUES = KEYS + 4 * SLOTS, SPACE = VALUES + 4 * SLOTS (exported for the caller).
  (global $KEYS i32 (i32.const 3072))
  (global $VALUES i32 (i32.const 527360))
  (global (export "SPACE") i32 (i32.const 1051648))
  (global $MASK i32 (i32.const 131071))
  (global $MAX i32 (i32.const 65536))
  ;; Weighted squared distance past which a colour is far from its entry (quantize.ts's FAR).
  (global $FAR i32 (i32.const 4096))
  (global $FLAG_FAR i32 (i32.const 256))
  ;; More than the distance between any two colours.
  (global $FARTHER i32 (i32.const 650250))

  ;; The palette's `n` channels have been written at 0: every colour is looked up anew.
  (func (export "palette") (param $n i32)
    (global.set $entries (local.get $n))
    (call $forget))

  (func $forget
    (memory.fill (global.get $KEYS) (i32.const 0) (i32.const 524288))
    (global.set $remembered (i32.const 0)))

  ;; A new picture whose first pixel is `first`.
  (func (export "begin") (param $first i32)
    (if (i32.ge_u (global.get $remembered) (global.get $MAX)) (then (call $forget)))
    (global.set $previous (local.get $first))
    (global.set $value (call $valueOf (local.get $first)))
    (global.set $start (i32.const 0))
    (global.set $far (i32.const 0)))

  ;; The picture's `pixels` pixels are done: how many of them are far from their entry.
  (func (export "end") (param $pixels i32) (result i32)
    (if (i32.gt_u (global.get $value) (i32.const 255))
      (then (global.set $far (i32.add (global.get $far) (i32.sub (local.get $pixels) (global.get $start))))))
    (global.get $far))

  ;; `rows` rows of `width` pixels at `pix` (the picture's pixel `index` first) as scanlines at `out`.
  (func (export "rows") (param $pix i32) (param $out i32) (param $width i32) (param $rows i32) (param $index i32)
    (local $end i32) (local $pixel i32) (local $same v128) (local $four i32)
    (local $same4 i32) (local $continuing i32)
    (local.set $same (i32x4.splat (global.get $previous)))
    (local.set $four (i32.mul (i32.and (global.get $value) (i32.const 255)) (i32.const 0x01010101)))
    (block $done
      (loop $row
        (br_if $done (i32.eqz (local.get $rows)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (i32.store8 (local.get $out) (i32.const 0))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))
        (local.set $end (i32.add (local.get $pix) (i32.shl (local.get $width) (i32.const 2))))
        (block $rowDone
          (loop $pixel
            (br_if $rowDone (i32.ge_u (local.get $pix) (local.get $end)))
            ;; Four pixels, as many of them as continue the run under way written in one store.
            (if (i32.le_u (i32.add (local.get $pix) (i32.const 16)) (local.get $end))
              (then
                (local.set $same4 (i32x4.bitmask (i32x4.eq (v128.load (local.get $pix)) (local.get $same))))
                (i32.store (local.get $out) (local.get $four))
                (if (i32.eq (local.get $same4) (i32.const 15))
                  (then
                    (local.set $pix (i32.add (local.get $pix) (i32.const 16)))
                    (local.set $out (i32.add (local.get $out) (i32.const 4)))
                    (local.set $index (i32.add (local.get $index) (i32.const 4)))
                    (br $pixel)))
                ;; The run ends within the four: past its last pixels (the bytes beyond are written
                ;; again), on to the next run's first, rather than a pixel at a time.
                (local.set $continuing (i32.ctz (i32.xor (local.get $same4) (i32.const 15))))
                (local.set $pix (i32.add (local.get $pix) (i32.shl (local.get $continuing) (i32.const 2))))
                (local.set $out (i32.add (local.get $out) (local.get $continuing)))
                (local.set $index (i32.add (local.get $index) (local.get $continuing)))))
            (local.set $pixel (i32.load (local.get $pix)))
            (if (i32.ne (local.get $pixel) (global.get $previous))
              (then
                (if (i32.gt_u (global.get $value) (i32.const 255))
                  (then (global.set $far (i32.add (global.get $far) (i32.sub (local.get $index) (global.get $start))))))
                (global.set $previous (local.get $pixel))
                (global.set $value (call $valueOf (local.get $pixel)))
                (global.set $start (local.get $index))
                (local.set $same (i32x4.splat (local.get $pixel)))
                (local.set $four (i32.mul (i32.and (global.get $value) (i32.const 255)) (i32.const 0x01010101)))))
            (i32.store8 (local.get $out) (global.get $value))
            (local.set $pix (i32.add (local.get $pix) (i32.const 4)))
            (local.set $out (i32.add (local.get $out) (i32.const 1)))
            (local.set $index (i32.add (local.get $index) (i32.const 1)))
            (br $pixel)))
        (br $row))))

  ;; A pixel's entry (+ FLAG_FAR), remembered on first sight while there is room (the table half full).
  (func $valueOf (param $pixel i32) (result i32)
    (local $slot i32) (local $key i32) (local $value i32)
    (local.set $slot
      (i32.and (i32.shr_u (i32.mul (local.get $pixel) (i32.const 0x9e3779b1)) (i32.const 15)) (global.get $MASK)))
    (block $empty
      (loop $probe
        (local.set $key (i32.load (i32.add (global.get $KEYS) (i32.shl (local.get $slot) (i32.const 2)))))
        (if (i32.eq (local.get $key) (local.get $pixel))
          (then (return (i32.load (i32.add (global.get $VALUES) (i32.shl (local.get $slot) (i32.const 2)))))))
        (br_if $empty (i32.eqz (local.get $key)))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $MASK)))
        (br $probe)))
    (local.set $value (call $nearest (local.get $pixel)))
    (if (i32.lt_u (global.get $remembered) (global.get $MAX))
      (then
        (i32.store (i32.add (global.get $KEYS) (i32.shl (local.get $slot) (i32.const 2))) (local.get $pixel))
        (i32.store (i32.add (global.get $VALUES) (i32.shl (local.get $slot) (i32.const 2))) (local.get $value))
        (global.set $remembered (i32.add (global.get $remembered) (i32.const 1)))))
    (local.get $value))

  ;; The nearest entry (the first of the nearest), + FLAG_FAR when it is FAR or farther.
  (func $nearest (param $colour i32) (result i32)
    (local $r i32) (local $g i32) (local $b i32) (local $e i32) (local $d i32) (local $t i32)
    (local $best i32) (local $entry i32)
    (local.set $r (i32.and (local.get $colour) (i32.const 255)))
    (local.set $g (i32.and (i32.shr_u (local.get $colour) (i32.const 8)) (i32.const 255)))
    (local.set $b (i32.and (i32.shr_u (local.get $colour) (i32.const 16)) (i32.const 255)))
    (local.set $best (global.get $FARTHER))
    (block $done
      (loop $entry
        (br_if $done (i32.ge_u (local.get $e) (global.get $entries)))
        ;; 2 dr^2 + 4 dg^2 + 3 db^2 (quantize.ts's `weighted`)
        (local.set $t (i32.sub (local.get $r) (i32.load (i32.shl (local.get $e) (i32.const 2)))))
        (local.set $d (i32.mul (i32.const 2) (i32.mul (local.get $t) (local.get $t))))
        (local.set $t (i32.sub (local.get $g) (i32.load offset=1024 (i32.shl (local.get $e) (i32.const 2)))))
        (local.set $d (i32.add (local.get $d) (i32.mul (i32.const 4) (i32.mul (local.get $t) (local.get $t)))))
        (local.set $t (i32.sub (local.get $b) (i32.load offset=2048 (i32.shl (local.get $e) (i32.const 2)))))
        (local.set $d (i32.add (local.get $d) (i32.mul (i32.const 3) (i32.mul (local.get $t) (local.get $t)))))
        (if (i32.lt_s (local.get $d) (local.get $best))
          (then
            (local.set $best (local.get $d))
            (local.set $entry (local.get $e))))
        (local.set $e (i32.add (local.get $e) (i32.const 1)))
        (br $entry)))
    (if (result i32) (i32.lt_s (local.get $best) (global.get $FAR))
      (then (local.get $entry))
      (else (i32.or (local.get $entry) (global.get $FLAG_FAR))))))
