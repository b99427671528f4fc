package passes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// TestUnusedDonors checks which pass's reason explains each donor left
// registered: the last donation pass's, else buffer-donation-to-alias's
// view of the final config, where a free output of the very shape is
// ClassFree.
func TestUnusedDonors(t *testing.T) {
	donors := func() *model.Config {
		// f32[8] matches output {0}; f32[2,4] has its byte size only;
		// s32[3] matches nothing.
		c := model.NewConfig([]model.Shape{f32(8), f32(2, 4), s32(3)}, tup(f32(8), f32(8)))
		for p := int64(0); p < 3; p++ {
			if err := c.Donors.AddBufferDonor(p, nil, model.Origin{}); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	classes := func(pipeline Pipeline) (got []string) {
		c := donors()
		var unused []UnusedDonor
		if err := Run(c, pipeline, RunOptions{VerifyEach: true, UnusedDonors: &unused}); err != nil {
			t.Fatal(err)
		}
		if len(unused) != len(c.Donors.Donors()) {
			t.Fatalf("%d reasons for %d donors", len(unused), len(c.Donors.Donors()))
		}
		for _, u := range unused {
			class, _, _ := strings.Cut(u.Remark.Reason, ":")
			got = append(got, fmt.Sprint(u.ParamNumber, " ", class))
		}
		return got
	}
	for _, tc := range []struct {
		pipeline Pipeline
		want     string
	}{
		{nil, "0 free, 1 byte-size, 2 none"},
		{Of(AddMayAliases), "1 byte-size, 2 none"},
		{Of(BufferDonationToAlias), "1 byte-size, 2 none"},
		{Of(OptimizeInputOutputBufferAlias), "2 none"},
		// The last donation pass explains; a later pass that removes the
		// aliases does not change its reasons.
		{Of(BufferDonationToAlias, RemoveAliases), "1 byte-size, 2 none"},
	} {
		if got := strings.Join(classes(tc.pipeline), ", "); got != tc.want {
			var names []string
			for _, st := range tc.pipeline {
				names = append(names, st.Pass.Name)
			}
			t.Errorf("%v: %s, want %s", names, got, tc.want)
		}
	}
}
