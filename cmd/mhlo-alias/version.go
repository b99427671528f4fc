package main

import "runtime/debug"

// version is the main module's version from the build info or, for a
// development build, the VCS revision and its time ("(devel)" alone when
// the build recorded neither).
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	return versionOf(info)
}

func versionOf(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		return "(devel)"
	}
	v := "(devel) " + rev[:min(len(rev), 12)] + dirty
	if at != "" {
		v += " " + at
	}
	return v
}
