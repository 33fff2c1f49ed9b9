#include "textflag.h"

// func denseDotsFMA(vals *complex128, rows *denseRow, nrows int, m *complex128, cre, cim *float64)
//
// For each row r: vals[r.out] = Σ_{k<r.n} c[r.off+k]·m[r.lo+k], with the
// coefficients c split into cre (re, re) and cim (im, im) pairs so that
// one 256-bit FMA multiplies two complex monomials by two coefficients'
// real (or imaginary) parts. Accumulators: Y0/Y2 collect
// (m.re·c.re, m.im·c.re), Y1/Y3 collect (m.re·c.im, m.im·c.im); the row's
// value is then (ΣY0.re − ΣY1.im, ΣY0.im + ΣY1.re).
TEXT ·denseDotsFMA(SB), NOSPLIT, $0-48
	MOVQ vals+0(FP), DI
	MOVQ rows+8(FP), SI
	MOVQ nrows+16(FP), CX
	MOVQ m+24(FP), R8
	MOVQ cre+32(FP), R9
	MOVQ cim+40(FP), R10
	TESTQ CX, CX
	JLE  done

row:
	MOVQ 0(SI), R11  // out
	MOVQ 8(SI), R12  // lo
	MOVQ 16(SI), R13 // n
	MOVQ 24(SI), R14 // off
	SHLQ $4, R12
	ADDQ R8, R12     // &m[lo]
	SHLQ $4, R14
	LEAQ (R9)(R14*1), AX  // &cre[2·off]
	LEAQ (R10)(R14*1), BX // &cim[2·off]
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3

quad:
	CMPQ R13, $4
	JLT  pair
	VMOVUPD     0(R12), Y4
	VMOVUPD     32(R12), Y5
	VFMADD231PD 0(AX), Y4, Y0
	VFMADD231PD 0(BX), Y4, Y1
	VFMADD231PD 32(AX), Y5, Y2
	VFMADD231PD 32(BX), Y5, Y3
	ADDQ        $64, R12
	ADDQ        $64, AX
	ADDQ        $64, BX
	SUBQ        $4, R13
	JMP         quad

pair:
	CMPQ R13, $2
	JLT  single
	VMOVUPD     0(R12), Y4
	VFMADD231PD 0(AX), Y4, Y0
	VFMADD231PD 0(BX), Y4, Y1
	ADDQ        $32, R12
	ADDQ        $32, AX
	ADDQ        $32, BX
	SUBQ        $2, R13

single:
	CMPQ R13, $1
	JLT  reduce
	// 128-bit loads zero the upper lanes, which then add exact zeros.
	VMOVUPD     0(R12), X4
	VMOVUPD     0(AX), X5
	VMOVUPD     0(BX), X6
	VFMADD231PD Y5, Y4, Y2
	VFMADD231PD Y6, Y4, Y3

reduce:
	VADDPD       Y2, Y0, Y0
	VADDPD       Y3, Y1, Y1
	VEXTRACTF128 $1, Y0, X4
	VADDPD       X4, X0, X0
	VEXTRACTF128 $1, Y1, X5
	VADDPD       X5, X1, X1
	VPERMILPD    $1, X1, X1
	VADDSUBPD    X1, X0, X0
	SHLQ         $4, R11
	VMOVUPD      X0, (DI)(R11*1)
	ADDQ         $32, SI
	DECQ         CX
	JNZ          row

done:
	VZEROUPPER
	RET

// func monoProductsFMA(m *complex128, x *complex128, prog *int32, n int)
//
// For k = 1 … n−1: m[k] = m[prog[2k]]·x[prog[2k+1]] (a monomial as its
// parent times one variable; prog holds (parent, variable) pairs), the
// complex product as (a.re·b.re − a.im·b.im, a.im·b.re + a.re·b.im) by one
// multiplication and one fused multiply-add/subtract.
TEXT ·monoProductsFMA(SB), NOSPLIT, $0-32
	MOVQ m+0(FP), DI
	MOVQ x+8(FP), R8
	MOVQ prog+16(FP), SI
	MOVQ n+24(FP), DX
	MOVQ $16, CX     // byte offset of m[1]
	ADDQ $8, SI      // prog[2]
	DECQ DX
	JLE  mdone

mloop:
	MOVLQSX        0(SI), AX
	MOVLQSX        4(SI), BX
	SHLQ           $4, AX
	SHLQ           $4, BX
	VMOVUPD        (DI)(AX*1), X0
	VMOVDDUP       (R8)(BX*1), X1
	VMOVDDUP       8(R8)(BX*1), X2
	VPERMILPD      $1, X0, X3
	VMULPD         X2, X3, X3
	VFMADDSUB231PD X1, X0, X3
	VMOVUPD        X3, (DI)(CX*1)
	ADDQ           $8, SI
	ADDQ           $16, CX
	DECQ           DX
	JNZ            mloop

mdone:
	RET
