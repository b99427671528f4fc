package model

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
)

// growthN is the smaller size of the growth benchmark; it also runs at
// twice that.
const growthN = 8000

// BenchmarkGrowth builds and queries alias and donor configs of N and 2N
// leaves, and verifies them, reporting the mean time at each size and the
// ratio of the best times (2N/N: 2 is linear, 4 quadratic). Each
// operation is one the passes and the printer call once per leaf.
func BenchmarkGrowth(b *testing.B) {
	shape := Array(F32, 128, 256)
	build := func(n int) *Config {
		params := make([]Shape, 2*n)
		for i := range params {
			params[i] = shape
		}
		outs := make([]Shape, n)
		for i := range outs {
			outs[i] = shape
		}
		return NewConfig(params, Tuple(outs...))
	}
	ops := []struct {
		name string
		run  func(c *Config, n int)
	}{
		{"set-up-alias", func(c *Config, n int) {
			for i := 0; i < n; i++ {
				_ = c.Aliases.SetUpAlias(ShapeIndex{int64(i)}, int64(i), nil, MayAlias, Origin{})
			}
		}},
		{"add-donor-in-order", func(c *Config, n int) {
			for i := n; i < 2*n; i++ {
				_ = c.Donors.AddBufferDonor(int64(i), nil, Origin{})
			}
		}},
		{"add-donor-reversed", func(c *Config, n int) {
			for i := 2*n - 1; i >= n; i-- {
				_ = c.Donors.AddBufferDonor(int64(i), nil, Origin{})
			}
			_ = c.Donors.Donors()
		}},
		{"lookups", func(c *Config, n int) {
			for i := 0; i < 2*n; i++ {
				_ = c.Aliases.ParameterHasAlias(int64(i), nil)
				_ = c.Donors.ParameterIsBufferDonor(int64(i), nil)
			}
			for i := 0; i < n; i++ {
				_ = c.Aliases.OutputHasAlias(ShapeIndex{int64(i)})
			}
		}},
		{"remove-donors", func(c *Config, n int) {
			for i := n; i < 2*n; i++ {
				c.Donors.RemoveBufferDonor(int64(i), nil)
			}
		}},
		{"verify", func(c *Config, n int) {
			if errs := Verify(c); errs.HasErrors() {
				b.Fatal(errs)
			}
		}},
		{"clone", func(c *Config, n int) { _ = c.Clone() }},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			// With the collector as a library caller has it: the adds
			// grow by 3-5x per doubling without it, from fresh pages,
			// which is the machine, not the operation.
			growthbench.Run(b, growthN, false, func(n int) func() {
				c := build(n)
				// Every operation but the adds works on a full config:
				// n/2 aliases and n donors.
				if op.name != "set-up-alias" {
					for k := 0; k < n/2; k++ {
						_ = c.Aliases.SetUpAlias(ShapeIndex{int64(k)}, int64(k), nil, MayAlias, Origin{})
					}
				}
				if op.name != "add-donor-in-order" && op.name != "add-donor-reversed" {
					for k := n; k < 2*n; k++ {
						_ = c.Donors.AddBufferDonor(int64(k), nil, Origin{})
					}
				}
				return func() { op.run(c, n) }
			})
		})
	}
}
