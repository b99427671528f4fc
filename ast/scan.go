package ast

import (
	"encoding/binary"
	"math/bits"
)

// special marks the bytes NextSpecial stops at.
var special = func() (t [256]bool) {
	for _, c := range []byte("{}\"/") {
		t[c] = true
	}
	return
}()

// NextSpecial returns the offset of the first byte at or after j that is
// one of { } " /, or len(src): where a scan that skips a body by counting
// its braces outside strings and comments stops (MLIR's and HLO text's).
// It reads eight bytes at a time: for each wanted byte b, the word x^b
// has a zero byte exactly where x holds b, and (y - 0x01..01) &^ y &
// 0x80..80 marks the lowest zero byte of y exactly.
func NextSpecial(src []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		a, b, c, d := x^(ones*'{'), x^(ones*'}'), x^(ones*'"'), x^(ones*'/')
		m := ((a-ones)&^a | (b-ones)&^b | (c-ones)&^c | (d-ones)&^d) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !special[src[j]] {
		j++
	}
	return j
}

// NextGroupSpecial is NextSpecial for skipGroup: the first byte at or
// after j that is one of ( ) [ ] { } " /, or len(src).
func NextGroupSpecial(src []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(y uint64) uint64 { return (y - ones) &^ y }
	for ; j+8 <= len(src); j += 8 {
		// Five tests for eight bytes: ( and ) differ in bit 0 alone, [
		// and { in bit 5, ] and } too.
		x := binary.LittleEndian.Uint64(src[j:])
		o, u := x|ones*0x01, x|ones*0x20
		m := (zero(o^(ones*')')) | zero(u^(ones*'{')) | zero(u^(ones*'}')) | zero(x^(ones*'"')) | zero(x^(ones*'/'))) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !groupSpecial[src[j]] {
		j++
	}
	return j
}

// groupSpecial marks the bytes NextGroupSpecial stops at.
var groupSpecial = [256]bool{'(': true, ')': true, '[': true, ']': true, '{': true, '}': true, '"': true, '/': true}
