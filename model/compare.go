package model

// A Verdict is what one donation rule does with a donated parameter leaf.
type Verdict struct {
	// Output is the output leaf the parameter leaf is aliased with
	// afterwards, nil when none.
	Output ShapeIndex
	// Donor reports that the leaf is a registered buffer donor afterwards
	// (and so, for JAX's pairing, left to the compiler).
	Donor bool
	// Reason says why, starting with what the leaf becomes ("may-alias",
	// "buffer donor") or with a reason class ("taken", ..., "none")
	// and a colon.
	Reason string
}

// A Comparison is, for one donated parameter leaf, what JAX's pairing
// (jax-donation), XLA's donation pass (optimize_input_output_buffer_alias)
// and Neuron's (aws_neuron_buffer_donation_to_alias) each do with it.
type Comparison struct {
	Param            int64
	Index            ShapeIndex
	Name             string // the name its producer gave it, or ""
	JAX, XLA, Neuron Verdict
}
