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
# rustfmt of the same Debian toolchain (the kernel's .rustfmt.toml).
RSHA_RUSTFMT=/usr/bin/rustfmt

# kernel_tree [NAME]: where the extracted tree NAME (pristine, the default, or
# arm) of linux-source-$KVER_PKG is (scripts/build/tree.sh makes it), e.g. for
# its tools/testing/kunit/kunit.py.
kernel_tree() {
	local v
	v=$(dpkg-query -W -f='${Version}' "linux-source-$KVER_PKG" 2>/dev/null) || return 1
	echo "$RSHA_CACHE/src/linux-${v//\~/_}-${1:-pristine}"
}

# sync_sources DST PATH...: make DST a copy of this checkout's module sources
# under PATH... (files or directories relative to the checkout; never the
# generated bindings): each file copied only when it differs, so that make
# stays incremental, and every other source file in DST (one the checkout no
# longer has) removed. Used for the out-of-tree and the in-tree copies.
sync_sources() {
	local dst=$1 f want
	shift
	want=$(cd "$RSHA_ROOT" && find "$@" -type f ! -name bindings_generated.rs | LC_ALL=C sort)
	while IFS= read -r f; do
		mkdir -p "$(dirname "$dst/$f")"
		cmp -s "$RSHA_ROOT/$f" "$dst/$f" || cp "$RSHA_ROOT/$f" "$dst/$f"
	done <<<"$want"
	(cd "$dst" && find "$@" -type f \( -name '*.rs' -o -name '*.S' -o -name '*.h' -o -name '*.c' \) \
		! -name bindings_generated.rs 2>/dev/null | LC_ALL=C sort) |
		comm -23 - <(echo "$want") | while IFS= read -r f; do rm -f "$dst/$f"; done
}

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

# guest_apt_setup DEBARCH: apt for the guests' Debian packages, with a private
# state directory: sets APTDIR, DEBS (downloaded .debs), APT and APT_CACHE
# (commands), and fetches the package lists once. The host's dpkg status,
# lists and architecture list are never touched.
guest_apt_setup() {
	GUEST_DEBARCH=$1
	APTDIR=$RSHA_CACHE/apt-$1
	DEBS=$APTDIR/debs
	mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" "$DEBS"
	touch "$APTDIR/status"
	local opts=(-o "APT::Architecture=$1" -o "APT::Architectures=$1"
		-o "Dir::State::Lists=$APTDIR/lists" -o "Dir::Cache=$APTDIR/cache"
		-o "Dir::State::status=$APTDIR/status" -o Debug::NoLocking=1)
	APT=(apt-get -q "${opts[@]}")
	APT_CACHE=(apt-cache "${opts[@]}")
	if [ ! -f "$APTDIR/lists/.updated" ]; then
		step "apt-get update for $1 (private lists in $APTDIR)"
		# Sources without a $1 index only warn; what counts is whether the
		# packages are found afterwards.
		"${APT[@]}" update >"$APTDIR/update.log" 2>&1 || true
		touch "$APTDIR/lists/.updated"
	fi
}

# guest_deb PACKAGE: the downloaded .deb of PACKAGE (after guest_apt_setup), if any.
guest_deb() {
	compgen -G "$DEBS/${1}_*_$GUEST_DEBARCH.deb" || compgen -G "$DEBS/${1}_*_all.deb"
}

# guest_download PACKAGE...: download what is not there yet (after guest_apt_setup):
# all in one apt call, and one by one only when that fails, to name the package.
# Files land in a scratch directory first, so that a killed run leaves no
# partial .deb that a later one would take as downloaded.
guest_download() {
	local p missing=() tmp=$DEBS/.partial
	for p in "$@"; do
		guest_deb "$p" >/dev/null || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	step "downloading ${#missing[@]} Debian packages for $GUEST_DEBARCH"
	rm -rf "$tmp" && mkdir -p "$tmp"
	if ! (cd "$tmp" && "${APT[@]}" download "${missing[@]/%/:$GUEST_DEBARCH}" \
		>/dev/null 2>"$APTDIR/download.err"); then
		rm -f "$tmp"/*.deb
		for p in "${missing[@]}"; do
			(cd "$tmp" && { "${APT[@]}" download "$p:$GUEST_DEBARCH" || "${APT[@]}" download "$p"; } \
				>/dev/null 2>"$APTDIR/download.err") ||
				die "could not download Debian package $p for $GUEST_DEBARCH: $(tail -n1 "$APTDIR/download.err")"
		done
	fi
	mv "$tmp"/*.deb "$DEBS"/
	rmdir "$tmp"
}

# intree_core ARCH ALG UNIT: "file symbol" of the Linux 6.12 in-tree core for the
# same (arch, alg, unit), as scripts/performance/mca-table.sh generates it into
# $RSHA_CACHE/mca/refs/; nothing where the kernel has no such core.
intree_core() {
	case $1/$2/$3 in
	arm64/sha256/scalar) echo "a64-sha256-core.S sha256_block_data_order" ;;
	arm64/sha256/neon) echo "a64-sha256-core.S sha256_block_neon" ;;
	arm64/sha512/scalar) echo "a64-sha512-core.S sha512_block_data_order" ;;
	arm/sha1/scalar) echo "arm-sha1-armv4-large.S sha1_block_data_order" ;;
	arm/sha1/neon) echo "arm-sha1-armv7-neon.S sha1_transform_neon" ;;
	arm/sha256/scalar) echo "arm-sha256-core.S sha256_block_data_order" ;;
	arm/sha256/neon) echo "arm-sha256-core.S sha256_block_data_order_neon" ;;
	arm/sha512/scalar) echo "arm-sha512-core.S sha512_block_data_order" ;;
	arm/sha512/neon) echo "arm-sha512-core.S sha512_block_data_order_neon" ;;
	esac
}

# Under `set -e`, say which command failed instead of stopping silently.
trap 'rc=$?; printf "error: %s: line %s: \`%s\` failed (exit %s)\n" "${0##*/}" "$LINENO" "$BASH_COMMAND" "$rc" >&2' ERR
