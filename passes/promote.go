package passes

import "github.com/mhlo-alias/mhlo-alias/model"

// AliasToMustAlias is the compiler's aws_neuron_alias_to_must_alias
// (registry slot 72).
var AliasToMustAlias = &Pass{
	Name:  "aws_neuron_alias_to_must_alias",
	Alias: "alias-to-must-alias",
	Doc: `make every alias a must-alias, after layout assignment

The post-layout twin of flip-may-aliases: the compiler runs it after the
root layout is made descending, and it reaches the same end state by a
different route (a fresh config filled by ForEachAliasWithStatus). Every
alias becomes a must-alias, keeping its parameter, index and origin; donors
and the output shape are untouched. As with flip-may-aliases, a may-alias
XLA's verifier would not accept as a must-alias is promoted anyway and left
to the verifier.

Reports a change when at least one alias was a may-alias.`,
	// The compiler hard-codes kMustAlias in its re-register lambda; the
	// rebuild is the same one the flip passes use.
	Run: func(c *model.Config, _ Options) (bool, error) { return restamp(c, model.MustAlias) },
}
