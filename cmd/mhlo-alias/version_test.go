package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "78f4cb9e220c168e89f2d4af23ea56e214f826a3"},
		{Key: "vcs.time", Value: "2026-12-01T11:38:40Z"},
	}
	tests := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"released", debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: vcs}, "v1.2.3"},
		{"development", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "(devel) 78f4cb9e220c 2026-12-01T11:38:40Z"},
		{"modified", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: append(vcs, debug.BuildSetting{Key: "vcs.modified", Value: "true"})}, "(devel) 78f4cb9e220c+dirty 2026-12-01T11:38:40Z"},
		{"nothing recorded", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
	}
	for _, tt := range tests {
		if got := versionOf(&tt.info); got != tt.want {
			t.Errorf("%s: versionOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}
