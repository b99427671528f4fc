#!/bin/sh
# Encodes every *.textproto here (an xla.HloModuleProto in text format) to
# its binary *.pb with protoc and the project's own declaration of the
# subset, hlo_subset.proto. Run from anywhere; needs protoc (Debian's
# protobuf-compiler).
set -eu
cd "$(dirname "$0")"
for t in *.textproto; do
	protoc --proto_path=. --encode=xla.HloModuleProto hlo_subset.proto <"$t" >"${t%.textproto}.pb"
done
