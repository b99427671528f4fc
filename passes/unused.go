package passes

import (
	"fmt"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// An UnusedDonor is a donor still registered after a pipeline, with the
// donor-unused remark that says why no output uses it. Remark.Reason
// starts with its class (ClassTaken, ..., ClassFree) and a colon.
type UnusedDonor struct {
	ParamNumber int64
	ParamIndex  model.ShapeIndex
	Remark      ast.Remark
}

// isDonation reports whether p turns donors into aliases, so that its
// explainer says why a donor stays unused.
func isDonation(p *Pass) bool {
	return p == BufferDonationToAlias || p == OptimizeInputOutputBufferAlias
}

// explainUnused is the donor-unused remarks of one donation pass, as
// UnusedDonors. A remark is the donor's whose message it opens with
// ("donor parameter 3 "x" at {1} ..."): the explainers report the donors in
// order, and may leave one out.
func explainUnused(p *Pass, opts Options, pipeline Pipeline, before, after *model.Config) []UnusedDonor {
	donors := after.Donors.Donors()
	var out []UnusedDonor
	i := 0
	explainers[p](p, opts, pipeline, before, after, func(r ast.Remark) {
		if r.Category != CategoryDonorUnused {
			return
		}
		for ; i < len(donors); i++ {
			d := donors[i]
			if strings.HasPrefix(r.Message, fmt.Sprintf("donor %s at %s ", after.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex)) {
				out = append(out, UnusedDonor{ParamNumber: d.ParamNumber, ParamIndex: d.ParamIndex, Remark: r})
				i++
				return
			}
		}
	})
	return out
}

// UnusedDonors explains each donor still registered in c, the config
// after pipeline, in the donors' order. A donor the pipeline's last
// donation pass (buffer-donation-to-alias or xla-buffer-donation) left
// unused has that pass's remark, given as explained; any other (no
// donation pass ran, or the donor came after it) has the remark
// buffer-donation-to-alias's explanation gives for c itself, where
// ClassFree says an output of the donor's shape has no alias. No
// Suggestion names a pass of the pipeline.
func UnusedDonors(c *model.Config, pipeline Pipeline, explained []UnusedDonor) []UnusedDonor {
	donors := c.Donors.Donors()
	if len(donors) == 0 {
		return nil
	}
	byLeaf := make(map[string]UnusedDonor, len(explained))
	for _, u := range explained {
		byLeaf[leafKey(u.ParamNumber, u.ParamIndex)] = u
	}
	var rest map[string]UnusedDonor
	out := make([]UnusedDonor, 0, len(donors))
	for _, d := range donors {
		k := leafKey(d.ParamNumber, d.ParamIndex)
		u, ok := byLeaf[k]
		if !ok {
			if rest == nil {
				rest = map[string]UnusedDonor{}
				for _, v := range explainUnused(BufferDonationToAlias, Options{}, pipeline, c, c) {
					rest[leafKey(v.ParamNumber, v.ParamIndex)] = v
				}
			}
			u, ok = rest[k]
		}
		if ok {
			out = append(out, u)
		}
	}
	return out
}
