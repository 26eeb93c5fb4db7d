#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Install everything the project needs on a Debian bookworm host, as root:
# Debian packages with apt, bindgen-cli with cargo (one version per kernel
# the suite builds: scripts/lib.sh, use_kernel). Idempotent: a second run only checks.
# Never changes the host's dpkg architecture list. The 7.3 kernel source comes
# from trixie-backports, downloaded into the cache when a 7.3 tree is first
# needed (scripts/build/tree.sh), not installed here.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -r /etc/os-release ] && . /etc/os-release
[ "${VERSION_CODENAME:-}" = bookworm ] ||
	die "unsupported host '${PRETTY_NAME:-unknown}': this project needs Debian bookworm (12)"
[ "$(uname -m)" = x86_64 ] || die "unsupported host architecture $(uname -m): x86_64 expected"

PKGS=(linux-source-$KVER_PKG rustc-web rust-web-src rust-web-clippy rustfmt-web clang-19 lld-19 llvm-19
      libclang-19-dev qemu-system-arm qemu-system-x86 qemu-user-static bc bison flex libelf-dev libssl-dev
      cpio xz-utils make python3 kmod mmdebstrap arch-test e2fsprogs
      binutils-arm-linux-gnueabihf python3-matplotlib python3-sphinx)

missing=()
for p in "${PKGS[@]}"; do
	[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || die "need root to install: ${missing[*]}"
	step "apt-get install ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >/dev/null
	apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install failed for: ${missing[*]}"
fi

# mmdebstrap runs the maintainer scripts of arm64 and armhf packages
# (scripts/debian-kernel.sh, scripts/guest/debian-system.sh) under
# qemu-user-static, through binfmt_misc: mounted and the two registered
# (with the F flag, so that they work inside a chroot) unless they are.
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
	[ "$(id -u)" = 0 ] || die "need root to mount binfmt_misc (for mmdebstrap's arm64 and armhf chroots)"
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
		die "cannot mount binfmt_misc on /proc/sys/fs/binfmt_misc (mmdebstrap needs it for arm64 and armhf chroots)"
fi
for a in aarch64 arm; do
	[ -e /proc/sys/fs/binfmt_misc/qemu-$a ] && continue
	[ "$(id -u)" = 0 ] || die "need root to register qemu-$a with binfmt_misc"
	step "registering qemu-$a-static with binfmt_misc (/usr/lib/binfmt.d/qemu-$a.conf)"
	cat "/usr/lib/binfmt.d/qemu-$a.conf" >/proc/sys/fs/binfmt_misc/register ||
		die "registering /usr/lib/binfmt.d/qemu-$a.conf with binfmt_misc failed"
done

need cargo "cargo (rustup or Debian 'cargo')"
for kver in $BUILT_KERNELS; do
	use_kernel "$kver"
	if [[ "$("$RSHA_BINDGEN" --version 2>/dev/null)" != *"$BINDGEN_VERSION"* ]]; then
		step "cargo install bindgen-cli $BINDGEN_VERSION (for Linux $kver) into ${RSHA_BINDGEN%/bin/bindgen}"
		LIBCLANG_PATH=$LLVM_BIN/../lib cargo install --locked --quiet --force \
			--root "${RSHA_BINDGEN%/bin/bindgen}" bindgen-cli --version "=$BINDGEN_VERSION" ||
			die "cargo install bindgen-cli $BINDGEN_VERSION failed"
	fi
done
use_kernel 6.12

step "versions:"
printf '  linux-source-%s %s\n' "$KVER_PKG" "$(dpkg-query -W -f='${Version}' linux-source-$KVER_PKG)"
printf '  %s\n' "$($RSHA_RUSTC --version)" "$($RSHA_BINDGEN --version) (6.12)" \
	"$(use_kernel 7.3 && $RSHA_BINDGEN --version) (7.3)" \
	"$(clang --version | head -n1)" "$(qemu-system-aarch64 --version | head -n1)" \
	"$(/usr/bin/sphinx-build --version)"
