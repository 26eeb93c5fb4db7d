# SPDX-License-Identifier: GPL-2.0
# Shared settings for the project's scripts. Sourced, not run.

RSHA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Build outputs live outside the checkout so reruns are incremental and a
# clean clone stays clean. Override with RSHA_CACHE=/some/dir.
RSHA_CACHE=${RSHA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rust-arm-sha}
# The kernels the modules support: the Makefile's SUPPORTED_KERNELS, the one
# list, read from it.
SUPPORTED_KERNELS=$(sed -n 's/^SUPPORTED_KERNELS[[:space:]]*:\{0,1\}=[[:space:]]*//p' "$RSHA_ROOT/Makefile")
# Of those, the ones the suite builds, each from a Debian source package:
# 6.12 (bookworm, installed on the host by scripts/setup-host.sh) and 7.3
# (trixie-backports, downloaded with a private apt state into the cache; the
# host's apt and dpkg configuration are never touched). use_kernel KVER
# switches every setting below to one of them; 6.12 is the default. The
# others (Debian's prebuilt images) only scripts/debian-kernel.sh fetches.
BUILT_KERNELS="6.12 7.3"
for _k in $BUILT_KERNELS; do
	[[ " $SUPPORTED_KERNELS " == *" $_k "* ]] || {
		printf 'error: %s: %s is in BUILT_KERNELS but not in the SUPPORTED_KERNELS of %s (%s): add it there or drop it here\n' \
			"${BASH_SOURCE[0]}" "$_k" "$RSHA_ROOT/Makefile" "${SUPPORTED_KERNELS:-none}" >&2
		exit 1
	}
done
unset _k
LLVM_BIN=/usr/lib/llvm-19/bin
export PATH="$LLVM_BIN:$HOME/.cargo/bin:$PATH"
# The kernel must use Debian's rustc (it ships rust-src); never rustup's.
RSHA_RUSTC=/usr/bin/rustc
# rustfmt of the same Debian toolchain (the kernel's .rustfmt.toml).
RSHA_RUSTFMT=/usr/bin/rustfmt
DEBIAN_MIRROR=${RSHA_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# built_kernels: the kernels the suite builds, with their Debian packages,
# for messages.
built_kernels() {
	echo "6.12 (linux-source-6.12, Debian bookworm) and 7.3 (linux-source-7.3, Debian trixie-backports)"
}

# use_kernel KVER: the settings of kernel KVER: KVER_PKG (the X.Y of the
# linux-source package), KSUITE (the Debian suite that has it), TARBALL (its
# source tarball), BINDGEN_VERSION and RSHA_BINDGEN (bindgen-cli of the
# version the kernel asks for: 6.12 takes 0.69.5, 7.1 and later need 0.71.1;
# each is installed under its own cargo root). Stops with the supported
# BUILT_KERNELS for any other KVER.
use_kernel() {
	case $1 in
	6.12)
		KVER_PKG=6.12 KSUITE=bookworm TARBALL=/usr/src/linux-source-6.12.tar.xz
		BINDGEN_VERSION=0.69.5 RSHA_BINDGEN=$HOME/.cargo/bin/bindgen
		;;
	7.3)
		KVER_PKG=7.3 KSUITE=trixie-backports
		TARBALL=$RSHA_CACHE/debian-src/linux-source-7.3/usr/src/linux-source-7.3.tar.xz
		BINDGEN_VERSION=0.71.1 RSHA_BINDGEN=$HOME/.cargo/bindgen-0.71.1/bin/bindgen
		;;
	*) die "kernel version '$1': the suite builds $(built_kernels) (BUILT_KERNELS in scripts/lib.sh; the modules support $SUPPORTED_KERNELS)" ;;
	esac
}
use_kernel 6.12

# kernel_source_version: the Debian version of linux-source-$KVER_PKG (after
# use_kernel), installed on the host (6.12) or downloaded (7.3); fails when
# it is neither.
kernel_source_version() {
	if [ "$KSUITE" = bookworm ]; then
		dpkg-query -W -f='${Version}' "linux-source-$KVER_PKG" 2>/dev/null
	else
		cat "$RSHA_CACHE/debian-src/linux-source-$KVER_PKG/version" 2>/dev/null
	fi
}

# kernel_source_fetch: make TARBALL of a kernel from another Debian suite than
# the host's: the newest linux-source-$KVER_PKG of $KSUITE, downloaded once
# with a private apt state (its own sources list, lists, cache and status),
# its tarball extracted from the .deb. Names the package and the suite when
# that fails.
kernel_source_fetch() {
	[ "$KSUITE" != bookworm ] || return 0
	local dir=$RSHA_CACHE/debian-src/linux-source-$KVER_PKG apt=$RSHA_CACHE/apt-$KSUITE deb
	[ -f "$dir/version" ] && [ -f "$TARBALL" ] && return 0
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
	touch "$apt/status"
	echo "deb $DEBIAN_MIRROR $KSUITE main" >"$apt/sources.list"
	local opts=(-o APT::Architecture=amd64 -o "Dir::Etc::sourcelist=$apt/sources.list"
		-o Dir::Etc::sourceparts=/nonexistent -o "Dir::State::Lists=$apt/lists"
		-o "Dir::Cache=$apt/cache" -o "Dir::State::status=$apt/status" -o Debug::NoLocking=1)
	step "downloading linux-source-$KVER_PKG from Debian $KSUITE (private apt state in $apt)"
	apt-get -q "${opts[@]}" update >"$apt/update.log" 2>&1 ||
		die "cannot download the Debian package linux-source-$KVER_PKG from $KSUITE: apt-get update of $DEBIAN_MIRROR failed: $(tail -n1 "$apt/update.log")"
	rm -f "$apt/debs"/*.deb
	(cd "$apt/debs" && apt-get -q "${opts[@]}" download "linux-source-$KVER_PKG" >"$apt/download.log" 2>&1) ||
		die "Debian package linux-source-$KVER_PKG not found in $KSUITE ($DEBIAN_MIRROR): $(tail -n1 "$apt/download.log")"
	deb=$(compgen -G "$apt/debs/linux-source-${KVER_PKG}_*.deb" | head -n1)
	rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir.tmp" "./usr/src/linux-source-$KVER_PKG.tar.xz" ||
		die "$deb has no usr/src/linux-source-$KVER_PKG.tar.xz"
	dpkg-deb -f "$deb" Version >"$dir.tmp/version"
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
	rm -f "$deb"
	step "linux-source-$KVER_PKG $(cat "$dir/version") from Debian $KSUITE"
}

# kernel_tree [NAME]: where the extracted tree NAME (pristine, the default, or
# arm) of linux-source-$KVER_PKG is (scripts/build/tree.sh makes it), e.g. for
# its tools/testing/kunit/kunit.py.
kernel_tree() {
	local v
	v=$(kernel_source_version) || return 1
	[ -n "$v" ] || return 1
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

# uml_build_ready BUILD MODULE_DIR MODULE...: die, naming the fix, unless BUILD
# is a User-Mode Linux kernel build with gen_init_cpio and MODULE_DIR holds
# each MODULE.ko (the UML guest scripts' common prerequisites).
uml_build_ready() {
	local build=$1 mods=$2 m
	shift 2
	[ -x "$build/linux" ] || die "$build/linux: no User-Mode Linux kernel there (scripts/build/kernel.sh uml-7.3-test builds it)"
	[ -x "$build/usr/gen_init_cpio" ] || die "$build/usr/gen_init_cpio missing: the kernel build makes it (CONFIG_BLK_DEV_INITRD=y)"
	for m in "$@"; do
		[ -f "$mods/$m.ko" ] || die "$mods/$m.ko missing: build the modules with make KDIR=$build ARCH=um RSHA_TEST=1"
	done
}
