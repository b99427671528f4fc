// Package model is XLA's alias-config data model, as the Neuron compiler's
// input/output alias passes see it: shapes with layouts, shape indices, the
// input/output alias config (one optional alias per output subshape), the
// buffer donor config, and the entry computation they describe (Config).
//
// The texts of errors and of the printed forms follow upstream XLA word for
// word where upstream has one (HloInputOutputAliasConfig::ToString,
// SetUpAlias, Verify), so output can be compared with the compiler's logs.
package model
