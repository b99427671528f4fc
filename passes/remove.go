package passes

import "github.com/mhlo-alias/mhlo-alias/model"

// RemoveAliases is the compiler's remove-aliases (registry slot 44).
var RemoveAliases = &Pass{
	Name: "remove-aliases",
	Doc: `remove every input/output alias

Every output loses its alias; buffer donors are left alone. The compiler's
pass also resets the output shape to an empty tuple; this one keeps it, so
that a later add-must-aliases or add-may-aliases can still pair outputs with
parameters.

Reports a change when there was at least one alias to remove.`,
	Run: removeAliases,
}

func removeAliases(c *model.Config, _ Options) (bool, error) {
	if c.Aliases.Len() == 0 {
		return false, nil
	}
	// A fresh config over the same shape: every node starts empty, as the
	// compiler's CreateNodes does, and donors are a separate config.
	c.Aliases = c.Aliases.Cleared()
	return true, nil
}
