#!/bin/sh
# Encodes every *.textproto here (an xla.HloModuleProto in text format) to
# its binary *.pb with protoc and the project's own declaration of the
# subset, hlo_subset.proto; in wrapped/, NAME.hlo.textproto is an
# xla.HloProto and NAME.hlo_snapshot.textproto an xla.HloSnapshot. Run
# from anywhere; needs protoc (Debian's protobuf-compiler).
set -eu
cd "$(dirname "$0")"
for t in *.textproto; do
	protoc --proto_path=. --encode=xla.HloModuleProto hlo_subset.proto <"$t" >"${t%.textproto}.pb"
done
for t in wrapped/*.hlo.textproto; do
	protoc --proto_path=. --encode=xla.HloProto hlo_subset.proto <"$t" >"${t%.textproto}.pb"
done
for t in wrapped/*.hlo_snapshot.textproto; do
	protoc --proto_path=. --encode=xla.HloSnapshot hlo_subset.proto <"$t" >"${t%.textproto}.pb"
done
