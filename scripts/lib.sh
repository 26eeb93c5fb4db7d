# SPDX-License-Identifier: GPL-2.0
# Shared settings for the project's scripts. Sourced, not run.

RSHA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Build outputs live outside the checkout so reruns are incremental and a
# clean clone stays clean. Override with RSHA_CACHE=/some/dir.
RSHA_CACHE=${RSHA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rust-arm-sha}
KVER_PKG=6.12
TARBALL=/usr/src/linux-source-$KVER_PKG.tar.xz
BINDGEN_VERSION=0.69.5
LLVM_BIN=/usr/lib/llvm-19/bin
export PATH="$LLVM_BIN:$HOME/.cargo/bin:$PATH"
# The kernel must use Debian's rustc (it ships rust-src); never rustup's.
RSHA_RUSTC=/usr/bin/rustc
RSHA_BINDGEN=$HOME/.cargo/bin/bindgen

export _rsha_t0=${_rsha_t0:-$(date +%s)}
step() { printf '==> [%4ss] %s\n' "$(( $(date +%s) - _rsha_t0 ))" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# need CMD PACKAGE: stop with the package to install when CMD is missing.
need() {
	command -v "$1" >/dev/null 2>&1 || [ -x "$1" ] ||
		die "'$1' not found: install the Debian package '$2' (or run scripts/setup-host.sh)"
}

# lost_config_lines CONFIG FRAGMENT...: print every line of the fragments that
# CONFIG does not have ("CONFIG_X=v" missing, or "# CONFIG_X is not set" but X is
# set); fails when there is one.
lost_config_lines() {
	local config=$1 line sym lost=0
	shift
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) grep -qxF -- "$line" "$config" || { echo "  lost: $line" >&2; lost=1; } ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$config" || { echo "  lost: $line" >&2; lost=1; } ;;
		esac
	done < <(cat "$@")
	return $lost
}

# Under `set -e`, say which command failed instead of stopping silently.
trap 'rc=$?; printf "error: %s: line %s: \`%s\` failed (exit %s)\n" "${0##*/}" "$LINENO" "$BASH_COMMAND" "$rc" >&2' ERR
