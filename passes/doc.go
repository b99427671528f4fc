// Package passes reimplements the Neuron compiler's seven input/output
// alias passes, XLA's own donation pass and JAX's pairing of donated
// arguments, over the model of package model.
//
// The family manages one table, the entry computation's input/output alias
// config, plus its buffer donor config:
//
//   - remove-aliases clears every alias;
//   - add-must-aliases and add-may-aliases pair each unaliased output array
//     leaf with the lowest-numbered free parameter whose shape, printed
//     with layout, is the same;
//   - flip-must-aliases makes every alias a may-alias and flip-may-aliases
//     makes every alias a must-alias (the name is the kind flipped away);
//   - aws_neuron_alias_to_must_alias (alias-to-must-alias) makes every
//     alias a must-alias after layout assignment;
//   - aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias) turns
//     each buffer donor into a may-alias of the first equal unaliased
//     output, and needs every layout involved to be resolved;
//   - optimize_input_output_buffer_alias (xla-buffer-donation) is XLA's
//     donation pass: donors and outputs of equal byte size are paired
//     within each memory space, largest first;
//   - jax-donation makes again the pairing JAX's lowering writes
//     (tf.aliasing_output, jax.buffer_donor) for the donated parameters.
//
// Compare sets the three donation rules side by side: for each donated
// parameter leaf, what JAX's pairing, XLA's pass and Neuron's pass do
// with it and why. On a module still to be partitioned, JAX's and XLA's
// rules size each leaf as one device holds it; Neuron's match shapes as
// they are (Neuron compiles per-rank modules).
//
// A pass may declare options (Pass.Options); Parse reads them in MLIR's
// pipeline syntax, `pass{name=value}`, and Run hands their values to the
// pass.
//
// A pass is a value of type Pass; All lists them in the compiler's registry
// order, then XLA's pass and JAX's pairing, which is also what --list-passes prints. There is no
// self-registration: adding a pass means adding it to All. Lookup and Parse
// resolve names and short aliases; Run runs a pipeline, verifying the model
// after every pass when asked.
//
// Every pass keeps the model valid on its own: discovery drops the donor
// registration of a parameter it aliases and donation drops the donor it
// consumes, so model.Verify holds after every step. The one exception is
// promotion to must-alias (flip-may-aliases, aws_neuron_alias_to_must_alias):
// like the compiler, it promotes every alias, and a may-alias that XLA's
// verifier rejects as a must-alias (not the same shape, layout and memory
// space) then fails verification.
//
// Each pass reports whether it changed the config, meaning the aliases or
// donors as Config.LongString prints them: the compiler's passes always
// report true, but a precise answer lets a driver tell a no-op from a
// rewrite. The choices made where the compiler's behaviour leaves room are
// listed in docs/passes.md.
package passes
