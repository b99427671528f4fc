# Configuration for running the mhlo-alias .mlir tests under LLVM's lit.
#
# Usage (from the repository root):
#   go build -o "$BIN/mhlo-alias" ./cmd/mhlo-alias
#   PATH="$BIN:$PATH" lit -v testdata/mlir
#
# The same tests also run under `go test ./...` through the Go lit runner.
# The environment variable MHLO_ALIAS_LIT_OUT chooses where lit keeps its
# per-test output; it defaults to a directory under the system temp dir so
# the source tree stays clean. MHLO_ALIAS_FILECHECK may name the FileCheck
# binary to use; otherwise FileCheck-19 is used when it is on PATH, then
# plain FileCheck.

import os
import shutil
import tempfile

import lit.formats

config.name = "mhlo-alias"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".hlo"]
config.excludes = ["Inputs", "lit.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.environ.get("MHLO_ALIAS_LIT_OUT") or os.path.join(
    tempfile.gettempdir(), "mhlo-alias-lit"
)

# Pass the caller's PATH through so that mhlo-alias (and FileCheck) are
# found where CI put them.
config.environment["PATH"] = os.environ.get("PATH", "")


def _find_filecheck():
    explicit = os.environ.get("MHLO_ALIAS_FILECHECK")
    if explicit:
        return explicit
    for name in ("FileCheck-19", "FileCheck"):
        path = shutil.which(name, path=config.environment["PATH"])
        if path:
            return path
    return "FileCheck"


_filecheck = _find_filecheck()
# Replace the word FileCheck only where it stands alone as a command name.
config.substitutions.append(
    (r"(?<![-\w./])FileCheck(?![-\w.])", _filecheck.replace("\\", "\\\\"))
)
lit_config.note("using FileCheck: " + _filecheck)
