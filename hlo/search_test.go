package hlo

import "os"

// rounds is short, or long when MHLO_ALIAS_LONG_TESTS=1 (as CI sets it):
// how many rounds a long differential test runs.
func rounds(short, long int) int {
	if os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1" {
		return long
	}
	return short
}
