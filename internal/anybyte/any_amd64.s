//go:build !purego

#include "textflag.h"

// func indexAny4(s []byte, set *[4]byte) int
//
// The index of the first byte of s that is one of set's four, looking at
// whole 16-byte blocks only (SSE2, which every amd64 processor has); -1
// when those hold none. The caller searches the last len(s)%16 bytes.
TEXT ·indexAny4(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ set+24(FP), DX
	MOVQ SI, DI

	MOVBLZX 0(DX), AX
	MOVD AX, X1
	PUNPCKLBW X1, X1
	PUNPCKLWL X1, X1
	PSHUFL $0, X1, X1

	MOVBLZX 1(DX), AX
	MOVD AX, X2
	PUNPCKLBW X2, X2
	PUNPCKLWL X2, X2
	PSHUFL $0, X2, X2

	MOVBLZX 2(DX), AX
	MOVD AX, X3
	PUNPCKLBW X3, X3
	PUNPCKLWL X3, X3
	PSHUFL $0, X3, X3

	MOVBLZX 3(DX), AX
	MOVD AX, X4
	PUNPCKLBW X4, X4
	PUNPCKLWL X4, X4
	PSHUFL $0, X4, X4

	CMPQ BX, $16
	JB   none

loop:
	MOVOU (SI), X0
	MOVO  X0, X5
	PCMPEQB X1, X5
	MOVO  X0, X6
	PCMPEQB X2, X6
	POR   X6, X5
	MOVO  X0, X6
	PCMPEQB X3, X6
	POR   X6, X5
	PCMPEQB X4, X0
	POR   X0, X5
	PMOVMSKB X5, AX
	TESTL AX, AX
	JNZ   found
	ADDQ  $16, SI
	SUBQ  $16, BX
	CMPQ  BX, $16
	JAE   loop

none:
	MOVQ $-1, ret+32(FP)
	RET

found:
	BSFL AX, AX
	SUBQ DI, SI
	ADDQ AX, SI
	MOVQ SI, ret+32(FP)
	RET

#define BCAST(off, X) \
	MOVBLZX off(DX), AX \
	MOVD AX, X \
	PUNPCKLBW X, X \
	PUNPCKLWL X, X \
	PSHUFL $0, X, X

#define MATCH(X) \
	MOVO X0, X10 \
	PCMPEQB X, X10 \
	POR X10, X9

// func indexAny8(s []byte, set *[8]byte) int
//
// indexAny4 for eight bytes.
TEXT ·indexAny8(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ set+24(FP), DX
	MOVQ SI, DI
	BCAST(0, X1)
	BCAST(1, X2)
	BCAST(2, X3)
	BCAST(3, X4)
	BCAST(4, X5)
	BCAST(5, X6)
	BCAST(6, X7)
	BCAST(7, X8)
	CMPQ BX, $16
	JB   none8

loop8:
	MOVOU (SI), X0
	PXOR  X9, X9
	MATCH(X1)
	MATCH(X2)
	MATCH(X3)
	MATCH(X4)
	MATCH(X5)
	MATCH(X6)
	MATCH(X7)
	MATCH(X8)
	PMOVMSKB X9, AX
	TESTL AX, AX
	JNZ   found8
	ADDQ  $16, SI
	SUBQ  $16, BX
	CMPQ  BX, $16
	JAE   loop8

none8:
	MOVQ $-1, ret+32(FP)
	RET

found8:
	BSFL AX, AX
	SUBQ DI, SI
	ADDQ AX, SI
	MOVQ SI, ret+32(FP)
	RET

// func hasAVX2() bool
//
// Whether the processor has AVX2 and the system saves its registers.
TEXT ·hasAVX2(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18000000, CX // OSXSAVE and AVX
	CMPL CX, $0x18000000
	JNE  noavx
	XORL CX, CX
	XGETBV
	ANDL $6, AX // XMM and YMM state
	CMPL AX, $6
	JNE  noavx
	MOVL $7, AX
	XORL CX, CX
	CPUID
	ANDL $0x20, BX // AVX2
	JZ   noavx
	MOVB $1, ret+0(FP)
	RET

noavx:
	MOVB $0, ret+0(FP)
	RET

// func indexAny4AVX2(s []byte, set *[4]byte) int
//
// indexAny4 on whole 32-byte blocks, with AVX2.
TEXT ·indexAny4AVX2(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ set+24(FP), DX
	MOVQ SI, DI
	VPBROADCASTB 0(DX), Y1
	VPBROADCASTB 1(DX), Y2
	VPBROADCASTB 2(DX), Y3
	VPBROADCASTB 3(DX), Y4
	CMPQ BX, $32
	JB   none32

loop32:
	VMOVDQU (SI), Y0
	VPCMPEQB Y1, Y0, Y5
	VPCMPEQB Y2, Y0, Y6
	VPOR     Y6, Y5, Y5
	VPCMPEQB Y3, Y0, Y6
	VPOR     Y6, Y5, Y5
	VPCMPEQB Y4, Y0, Y6
	VPOR     Y6, Y5, Y5
	VPMOVMSKB Y5, AX
	TESTL AX, AX
	JNZ   found32
	ADDQ  $32, SI
	SUBQ  $32, BX
	CMPQ  BX, $32
	JAE   loop32

none32:
	VZEROUPPER
	MOVQ $-1, ret+32(FP)
	RET

found32:
	VZEROUPPER
	BSFL AX, AX
	SUBQ DI, SI
	ADDQ AX, SI
	MOVQ SI, ret+32(FP)
	RET

// func indexAny2AVX2(s []byte, a, b byte) int
//
// The index of the first byte of s that is a or b, looking at whole
// 64-byte blocks only, with AVX2; -1 when those hold none. Two compares
// a block of 32 where indexAny4AVX2 makes four.
TEXT ·indexAny2AVX2(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ SI, DI
	VPBROADCASTB a+24(FP), Y1
	VPBROADCASTB b+25(FP), Y2
	CMPQ BX, $64
	JB   none64

loop64:
	VMOVDQU  (SI), Y0
	VMOVDQU  32(SI), Y7
	VPCMPEQB Y1, Y0, Y5
	VPCMPEQB Y2, Y0, Y6
	VPOR     Y6, Y5, Y5
	VPCMPEQB Y1, Y7, Y8
	VPCMPEQB Y2, Y7, Y6
	VPOR     Y6, Y8, Y8
	VPOR     Y5, Y8, Y9
	VPTEST   Y9, Y9
	JNZ      found64
	ADDQ     $64, SI
	SUBQ     $64, BX
	CMPQ     BX, $64
	JAE      loop64

none64:
	VZEROUPPER
	MOVQ $-1, ret+32(FP)
	RET

found64:
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       at64
	VPMOVMSKB Y8, AX
	ADDQ      $32, SI

at64:
	VZEROUPPER
	BSFL AX, AX
	SUBQ DI, SI
	ADDQ AX, SI
	MOVQ SI, ret+32(FP)
	RET
