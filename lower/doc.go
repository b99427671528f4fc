// Package lower turns the syntax tree of a module into XLA's alias-config
// model: the entry computation's parameter and output shapes with their
// layouts, and the aliases and donors of every encoding (mhlo.result_alias,
// tf.aliasing_output, mhlo.input_output_alias, jax.buffer_donor), merged
// and checked: two encodings claiming the same output or parameter leaf, a
// module attribute that disagrees with the arguments' aliases, or a donor
// that is also aliased are errors. Every alias and donor remembers the
// attribute it came from, so later errors can point at it.
package lower
