//go:build unix && !linux

package fileio

func dontNeed([]byte) {}
