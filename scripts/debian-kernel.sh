#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The drivers for one of Debian's own kernel images, as Debian ships it:
#
#   scripts/debian-kernel.sh [--arch arm64|armhf|amd64] [--test] [--list]
#                            [--sign-key KEY --sign-cert CERT] [--out DIR] [VERSION]
#   scripts/debian-kernel.sh --dkms [--out DIR]
#
# VERSION is a Debian kernel ABI name as in the package names, "7.3.4+deb13"
# for linux-image-7.3.4+deb13-arm64 (the flavour, -arm64, -armmp or -amd64,
# follows from --arch; arm64 is the default). Without VERSION: the newest kernel in
# Debian's index (trixie, trixie-backports, sid) of a version the Makefile
# supports (its SUPPORTED_KERNELS, read from it) whose packages download and
# whose .config has CONFIG_RUST=y. --list prints the kernels of the index
# with where they are from and whether they qualify, and stops; it needs no
# root. --test also builds the test-only modules and lays out what the test
# suite boots (scripts/test.sh, the debian-* targets). --sign-key and
# --sign-cert (PEM private key; PEM or DER X.509 certificate) sign the
# packaged modules with the kernel's own scripts/sign-file and the hash its
# .config names (CONFIG_MODULE_SIG_HASH), for a kernel that checks
# signatures (Secure Boot: enroll CERT with mokutil --import).
# --dkms makes the DKMS package instead, rust-arm-sha-dkms (Architecture:
# all: the sources, scripts/debian/dkms/), which builds the modules on the
# machine for every kernel it installs; it needs neither root nor the
# network, and lands in $RSHA_CACHE/debian/dkms/. --out DIR copies the
# package made into DIR as well.
#
# Steps, each printed and cached under $RSHA_CACHE/debian:
#  1. Debian's linux-headers-<abi>-<flavour> (its .config and Module.symvers),
#     linux-binary-* (the kernel image) and linux-modules-*, downloaded with a
#     private apt state (the host's apt and dpkg configuration are never
#     touched).
#  2. The compilers the .config names (CONFIG_CC_VERSION_TEXT,
#     CONFIG_RUSTC_VERSION_TEXT, CONFIG_BINDGEN_VERSION_TEXT,
#     CONFIG_PAHOLE_VERSION), in a chroot of the Debian suite Debian built
#     the kernel in (a -backports kernel: the suite under it), made with
#     mmdebstrap. A rustc or bindgen of another version stops here, naming
#     both; a GCC of the same release and another package revision is
#     noted.
#  3. Debian's source of that version (linux-source-X.Y), configured with
#     Debian's .config (olddefconfig must leave every option as it is) and
#     prepared in the chroot with `make modules_prepare`: the build of the
#     kernel crate (rust/libkernel.rmeta) with Debian's rustc, flags and
#     configuration, which is what the Rust symbols of Debian's image were
#     made from. Debian's Module.symvers goes beside it, so that modpost
#     checks every symbol the modules import against what Debian's kernel
#     exports.
#  4. The modules, built out of tree against that tree in the chroot (the
#     top-level Makefile), into $RSHA_CACHE/debian/<release>/rsha-modules.
#
#  5. The Debian package of the modules, rust-arm-sha-modules-<release>,
#     in $RSHA_CACHE/debian/<release>/ (scripts/debian/ has its maintainer
#     scripts and README.Debian).
#
# Root is needed for the build (the chroot), not for --list; the package is
# made without it.
# Documentation/distribution-kernels.rst says how to install the package,
# what it does, and what differs elsewhere.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

DEBARCH=arm64 TEST=0 LIST=0 DKMS=0 ABI= SIGN_KEY= SIGN_CERT= OUTDIR=
while [ $# -gt 0 ]; do
	case $1 in
	--arch) DEBARCH=${2:?--arch needs arm64, armhf or amd64}; shift ;;
	--test) TEST=1 ;;
	--list) LIST=1 ;;
	--dkms) DKMS=1 ;;
	--out) OUTDIR=${2:?--out needs a directory}; shift ;;
	--sign-key) SIGN_KEY=${2:?--sign-key needs the private key file (PEM)}; shift ;;
	--sign-cert) SIGN_CERT=${2:?--sign-cert needs the X.509 certificate file (PEM or DER)}; shift ;;
	-h | --help) sed -n '4,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option $1 (scripts/debian-kernel.sh --help)" ;;
	*) ABI=$1 ;;
	esac
	shift
done
case $DEBARCH in
arm64) FLAVOUR=arm64 ARCH=arm64 ;;
armhf) FLAVOUR=armmp ARCH=arm ;;
amd64) FLAVOUR=amd64 ARCH=x86_64 ;;
*) die "--arch $DEBARCH: the drivers are for arm64, armhf and amd64" ;;
esac
case $ABI in *-"$FLAVOUR") ABI=${ABI%-"$FLAVOUR"} ;; esac
# The kernel versions (X.Y) the Makefile builds the modules for: its
# SUPPORTED_KERNELS, the one list, read here rather than repeated.
MAKE_KERNELS=$(sed -n 's/^SUPPORTED_KERNELS[[:space:]]*:\{0,1\}=[[:space:]]*//p' "$RSHA_ROOT/Makefile")
[ -n "$MAKE_KERNELS" ] || die "$RSHA_ROOT/Makefile has no SUPPORTED_KERNELS line: cannot tell which kernels the modules build for"
[ -z "$OUTDIR" ] || [ -d "$OUTDIR" ] || die "--out $OUTDIR: no such directory"
# deliver DEB: where the package is, and its copy in --out's directory.
deliver() {
	step "Debian package ${PKG} $PKGVERSION: $1"
	[ -z "$OUTDIR" ] || { cp "$1" "$OUTDIR/" && step "copied to $OUTDIR/${1##*/}"; } ||
		die "could not copy $1 into --out $OUTDIR"
}

# The packages' version: the checkout's commit time and hash, so that apt
# takes a later build as an upgrade.
if rev=$(git -C "$RSHA_ROOT" log -1 --format='%cd.g%h' --date=format-local:%Y%m%d%H%M%S 2>/dev/null); then
	PKGVERSION=0~$rev
else
	PKGVERSION=0~$(date -u +%Y%m%d%H%M%S)
fi
# include_refusal: the shared refusal report (scripts/debian/refusal.sh)
# in place of a maintainer script's "#@REFUSAL@" line.
include_refusal() {
	sed -e "/^#@REFUSAL@\$/r $RSHA_ROOT/scripts/debian/refusal.sh" -e '/^#@REFUSAL@$/d'
}
# The packages' Maintainer: who builds them, as Debian's tools take it
# (DEBFULLNAME and DEBEMAIL), else the author of the checkout's commit.
if [ -n "${DEBEMAIL:-}" ]; then
	MAINTAINER="${DEBFULLNAME:-rust-arm-sha local build} <$DEBEMAIL>"
elif ! MAINTAINER=$(git -C "$RSHA_ROOT" log -1 --format='%an <%ae>' 2>/dev/null) || [ -z "$MAINTAINER" ]; then
	die "no Maintainer for the package: set DEBEMAIL (and DEBFULLNAME), as for Debian's own tools"
fi
YEARS=$(git -C "$RSHA_ROOT" log --format=%cd --date=format:%Y 2>/dev/null | sort -u | sed -n '1p;$p' | paste -sd- | sed 's/^\([0-9]*\)-\1$/\1/')
YEARS=${YEARS:-$(date -u +%Y)}
# doc_files STAGE PKG: copyright and changelog.gz (the package is native:
# its version has no Debian revision), as Debian's policy wants them in
# every binary package.
doc_files() {
	local doc=$1/usr/share/doc/$2
	mkdir -p "$doc"
	sed "s|@YEARS@|$YEARS|g" "$RSHA_ROOT/scripts/debian/copyright" >"$doc/copyright"
	printf '%s (%s) unstable; urgency=medium\n\n  * Built from the rust-arm-sha checkout at %s.\n\n -- %s  %s\n' \
		"$2" "$PKGVERSION" "${rev:-an unknown commit}" "$MAINTAINER" \
		"$(date -R -u -d "@$(git -C "$RSHA_ROOT" log -1 --format=%ct 2>/dev/null || date +%s)")" |
		gzip -9n >"$doc/changelog.gz"
	chmod 0644 "$doc/copyright" "$doc/changelog.gz"
}

if [ "$DKMS" = 1 ]; then
	# rust-arm-sha-dkms: the module sources and scripts/debian/dkms/ under
	# /usr/src/rust-arm-sha-<version>, where dkms takes them. In a git
	# checkout the sources are those of the commit the version names
	# (git archive), whatever the working tree holds besides.
	[ "$LIST$TEST" = 00 ] && [ -z "$ABI$SIGN_KEY$SIGN_CERT" ] ||
		die "--dkms takes no other option but --out: it packages the sources, for every kernel (dkms signs with its own key)"
	PKG=rust-arm-sha-dkms
	DIR=$RSHA_CACHE/debian/dkms
	STAGE=$DIR/package
	SRCDIR=usr/src/rust-arm-sha-$PKGVERSION
	rm -rf "$STAGE" && mkdir -p "$STAGE/DEBIAN" "$STAGE/$SRCDIR"
	umask 022
	parts=(Kbuild Makefile rust/rsha rust/drivers rust/testing asm)
	if [ -n "${rev:-}" ]; then
		git -C "$RSHA_ROOT" archive --format=tar HEAD -- "${parts[@]}" | tar -x -C "$STAGE/$SRCDIR" ||
			die "git archive of ${parts[*]} at HEAD failed"
		git -C "$RSHA_ROOT" diff --quiet HEAD -- "${parts[@]}" ||
			step "note: the working tree's uncommitted changes to the module sources are not in the package (it holds commit ${rev#*.g})"
	else
		(cd "$RSHA_ROOT" && find "${parts[@]}" -type f ! -name bindings_generated.rs -print0) |
			(cd "$RSHA_ROOT" && xargs -0 cp --parents -t "$STAGE/$SRCDIR")
	fi
	regex="^($(echo $MAKE_KERNELS | sed 's/\./\\./g; s/ /|/g'))[.+-]"
	sources=$(for k in $MAKE_KERNELS; do echo "linux-source-$k"; done | sort -rV | paste -sd'|' | sed 's/|/ | /g')
	fill_dkms() {
		local line
		while IFS= read -r line; do
			line=${line//@VERSION@/$PKGVERSION}
			line=${line//@KERNEL_REGEX@/$regex}
			line=${line//@SUPPORTED@/$MAKE_KERNELS}
			line=${line//@LINUX_SOURCE@/$sources}
			line=${line//@MAINTAINER@/$MAINTAINER}
			printf '%s\n' "$line"
		done <"$1"
	}
	fill_dkms "$RSHA_ROOT/scripts/debian/dkms/dkms.conf" >"$STAGE/$SRCDIR/dkms.conf"
	install -m 0755 "$RSHA_ROOT/scripts/debian/dkms/rsha-dkms" "$STAGE/$SRCDIR/rsha-dkms"
	doc_files "$STAGE" "$PKG"
	fill_dkms "$RSHA_ROOT/scripts/debian/dkms/README.Debian" >"$STAGE/usr/share/doc/$PKG/README.Debian"
	for f in postinst prerm; do
		fill_dkms "$RSHA_ROOT/scripts/debian/dkms/$f" | include_refusal >"$STAGE/DEBIAN/$f"
		chmod 0755 "$STAGE/DEBIAN/$f"
	done
	install -m 0644 "$RSHA_ROOT/scripts/debian/dkms/triggers" "$STAGE/DEBIAN/triggers"
	find "$STAGE/usr" -type d -exec chmod 0755 {} + -o -type f ! -name rsha-dkms -exec chmod 0644 {} +
	fill_dkms "$RSHA_ROOT/scripts/debian/dkms/control" |
		sed "/^Priority:/a Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)" >"$STAGE/DEBIAN/control"
	(cd "$STAGE" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$STAGE/DEBIAN/md5sums"
	DEB=$DIR/${PKG}_${PKGVERSION}_all.deb
	rm -f "$DIR/$PKG"_*.deb
	dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$DEB" >"$DIR/package.log" 2>&1 ||
		die "dpkg-deb could not build $PKG: $(tail -n 3 "$DIR/package.log")"
	deliver "$DEB"
	echo "    install it on the machine (with the kernel's headers and linux-source-X.Y) with: apt install ./${DEB##*/}" >&2
	exit 0
fi
if [ -n "$SIGN_KEY$SIGN_CERT" ]; then
	[ -n "$SIGN_KEY" ] && [ -n "$SIGN_CERT" ] || die "--sign-key and --sign-cert go together: the private key and its X.509 certificate"
	[ -r "$SIGN_KEY" ] || die "--sign-key $SIGN_KEY: no such readable file"
	[ -r "$SIGN_CERT" ] || die "--sign-cert $SIGN_CERT: no such readable file"
	need openssl openssl
	SIGN_SUBJECT=$(openssl x509 -in "$SIGN_CERT" -noout -subject 2>/dev/null ||
		openssl x509 -inform DER -in "$SIGN_CERT" -noout -subject 2>/dev/null) ||
		die "--sign-cert $SIGN_CERT is not an X.509 certificate (PEM or DER): make one with openssl req -new -x509 (Documentation/distribution-kernels.rst, \"Signatures and lockdown\")"
	certpub=$(openssl x509 -in "$SIGN_CERT" -noout -pubkey 2>/dev/null ||
		openssl x509 -inform DER -in "$SIGN_CERT" -noout -pubkey)
	keypub=$(openssl pkey -in "$SIGN_KEY" -pubout 2>/dev/null) ||
		die "--sign-key $SIGN_KEY is not a private key openssl reads (PEM, unencrypted)"
	[ "$certpub" = "$keypub" ] || die "--sign-key $SIGN_KEY is not the key of --sign-cert $SIGN_CERT ($SIGN_SUBJECT)"
fi

TOP=$RSHA_CACHE/debian
SUITES=${RSHA_DEBIAN_SUITES:-trixie trixie-backports sid}
mkdir -p "$TOP"

# --- the private apt state: Debian's kernel packages for arm64 and armhf --
APTD=$TOP/apt
mkdir -p "$APTD/lists-$DEBARCH/partial" "$APTD/cache/archives/partial"
touch "$APTD/status"
for s in $SUITES; do echo "deb $DEBIAN_MIRROR $s main"; done >"$APTD/sources.list"
# Check-Valid-Until: a mirror may keep a suite's Release file past its date
# (sid's, here); what it holds is what is downloaded.
APTO=(-o APT::Architecture="$DEBARCH" -o APT::Architectures="$DEBARCH"
	-o "Dir::Etc::sourcelist=$APTD/sources.list" -o Dir::Etc::sourceparts=/nonexistent
	-o "Dir::State::Lists=$APTD/lists-$DEBARCH" -o "Dir::Cache=$APTD/cache"
	-o "Dir::State::status=$APTD/status" -o Debug::NoLocking=1
	-o Acquire::Check-Valid-Until=false)
stamp=$APTD/lists-$DEBARCH/.updated
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$SUITES" ]; then
	step "apt-get update: Debian $SUITES for $DEBARCH (private lists in $APTD)"
	apt-get -q "${APTO[@]}" update >"$APTD/update.log" 2>&1 ||
		die "apt-get update of $DEBIAN_MIRROR ($SUITES, $DEBARCH) failed: $(grep -m1 -E '^E:' "$APTD/update.log")"
	echo "$SUITES" >"$stamp"
fi

# candidates: "ABI SUITE VERSION" of every linux-headers-<abi>-FLAVOUR in the
# index, newest first (release candidates, "7.3-rc7", are left out).
candidates() {
	local s f
	for s in $SUITES; do
		f=$(compgen -G "$APTD/lists-$DEBARCH/*_dists_${s}_main_binary-${DEBARCH}_Packages*" | head -n1) || continue
		/usr/lib/apt/apt-helper cat-file "$f" | awk -v fl="$FLAVOUR" -v s="$s" '
			/^Package: / { p = $2 }
			/^Version: / && p ~ ("^linux-headers-[0-9]+\\.[0-9]+\\.[0-9]+\\+deb[0-9]+-" fl "$") {
				abi = p; sub(/^linux-headers-/, "", abi); sub("-" fl "$", "", abi)
				print abi, s, $2; p = "" }'
	done | sort -k1,1Vr -u
}
# eligible: the lines of candidates whose kernel qualifies: a version the
# Makefile supports, and 6.18 or later (Debian's kernels have CONFIG_RUST=y
# from 6.18 on; the .config decides, once downloaded); with --why, every line
# with the reason it does not.
eligible() {
	awk -v ok="$MAKE_KERNELS" -v why="${1:-}" '
		BEGIN { n = split(ok, k, " "); for (i = 1; i <= n; i++) sup[k[i]] = 1 }
		{ split($1, v, /[.+]/); r = ""
		  if (!((v[1] "." v[2]) in sup)) r = "no: the Makefile supports " ok
		  else if (!(v[1] > 6 || (v[1] == 6 && v[2] >= 18))) r = "no: Debian has no Rust before 6.18"
		  if (why) print $0, (r == "" ? "yes" : r); else if (r == "") print }'
}
if [ "$LIST" = 1 ]; then
	echo "Debian kernels for $DEBARCH ($FLAVOUR) in $SUITES; qualifies: a version the Makefile supports ($MAKE_KERNELS) with Rust (Debian's from 6.18 on):"
	candidates | eligible --why | awk '{ printf "  %-16s %-18s %-28s ", $1, $2, $3; $1 = $2 = $3 = ""; sub(/^ +/, ""); print }'
	exit 0
fi
[ "$(id -u)" = 0 ] || die "scripts/debian-kernel.sh needs root: the modules must be built with Debian's own compilers, in a chroot of the Debian suite the kernel was built in (mmdebstrap --mode=root, then chroot and bind mounts of this checkout and the cache). The package itself is made without root (dpkg-deb --root-owner-group); --list needs no root."
need mmdebstrap mmdebstrap
need unshare util-linux
qualifying() {
	candidates | eligible | awk '{ print "  " $1 " (" $2 ")" }' | head -n 12
}

# fetch_headers ABI: download and unpack linux-headers-ABI-FLAVOUR into
# $TOP/ABI-FLAVOUR/headers (once); fails with the reason in $WHY.
WHY=
fetch_headers() {
	local rel=$1-$FLAVOUR dir=$TOP/$1-$FLAVOUR tmp
	[ -f "$dir/headers/.config" ] && return 0
	tmp=$dir/debs/.partial
	rm -rf "$tmp" && mkdir -p "$tmp"
	if ! (cd "$tmp" && apt-get -q "${APTO[@]}" download "linux-headers-$rel" >"$dir/download.log" 2>&1); then
		WHY="download of linux-headers-$rel failed: $(grep -m1 -E '^E:' "$dir/download.log" | sed 's/ \[IP:.*//')"
		return 1
	fi
	rm -rf "$dir/headers.tmp" && mkdir -p "$dir/headers.tmp"
	dpkg-deb -x "$tmp"/linux-headers-*.deb "$dir/headers.tmp"
	mv "$dir/headers.tmp/usr/src/linux-headers-$rel" "$dir/headers"
	rm -rf "$dir/headers.tmp" "$tmp"
}
has_rust() { grep -qx 'CONFIG_RUST=y' "$TOP/$1-$FLAVOUR/headers/.config"; }

if [ -z "$ABI" ]; then
	step "choosing the newest Debian $FLAVOUR kernel with CONFIG_RUST=y"
	while read -r abi suite version; do
		if ! fetch_headers "$abi"; then
			step "  skipping $abi ($suite, $version): $WHY"
		elif ! has_rust "$abi"; then
			step "  skipping $abi ($suite, $version): no CONFIG_RUST=y"
		else
			ABI=$abi
			break
		fi
	done < <(candidates | eligible)
	[ -n "$ABI" ] || die "no Debian $FLAVOUR kernel of a version the Makefile supports ($MAKE_KERNELS) with CONFIG_RUST=y could be downloaded from $SUITES"
fi
line=$(candidates | awk -v a="$ABI" '$1 == a' | head -n1)
[ -n "$line" ] || die "Debian has no linux-headers-$ABI-$FLAVOUR in $SUITES; kernels that qualify (the Makefile's $MAKE_KERNELS, CONFIG_RUST=y from 6.18 on):
$(qualifying)"
XY=$(echo "$ABI" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
[[ " $MAKE_KERNELS " == *" $XY "* ]] ||
	die "Debian's $ABI is Linux $XY: the Makefile builds the modules for $MAKE_KERNELS only; kernels that qualify:
$(qualifying)"
read -r _ KSUITE_DEB PKGVER <<<"$line"
REL=$ABI-$FLAVOUR
DIR=$TOP/$REL
mkdir -p "$DIR"
fetch_headers "$ABI" || die "$WHY (Debian $KSUITE_DEB)"
HEADERS=$DIR/headers
has_rust "$ABI" || die "linux-headers-$REL ($KSUITE_DEB) has no CONFIG_RUST=y; kernels that qualify:
$(qualifying)"
step "Debian kernel $REL, $PKGVER from $KSUITE_DEB"

# --- 1. the kernel image and Debian's modules ---------------------------
if [ ! -f "$DIR/root/.complete" ]; then
	# linux-image-REL, and the packages it is made of from 7.x on
	# (linux-binary-REL: the image, linux-modules-REL, linux-base-REL: the
	# lists of built-in modules).
	step "downloading linux-image-$REL and what it is made of ($KSUITE_DEB)"
	tmp=$DIR/debs/.partial
	rm -rf "$tmp" "$DIR/root" && mkdir -p "$tmp" "$DIR/root"
	parts=$(apt-cache "${APTO[@]}" depends "linux-image-$REL=$PKGVER" 2>/dev/null |
		sed -n "s/^  Depends: \(linux-\(binary\|modules\|base\)-$REL\)\$/\1/p" | sort -u)
	for p in "linux-image-$REL" $parts; do
		(cd "$tmp" && apt-get -q "${APTO[@]}" download "$p=$PKGVER" >"$DIR/download.log" 2>&1) ||
			die "could not download Debian package $p $PKGVER from $KSUITE_DEB: $(grep -m1 -E '^E:' "$DIR/download.log" | sed 's/ \[IP:.*//')"
	done
	for d in "$tmp"/*.deb; do dpkg-deb -x "$d" "$DIR/root"; done
	rm -rf "$tmp"
	touch "$DIR/root/.complete"
fi
MODROOT=$DIR/root/usr/lib/modules/$REL
IMAGE=$MODROOT/vmlinuz
[ -f "$IMAGE" ] || die "linux-binary-$REL has no usr/lib/modules/$REL/vmlinuz"

# --- 2. Debian's compilers, in a chroot of the suite it was built in -----
kcfg() { sed -n "s/^$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}$/\1/p" "$HEADERS/.config"; }
CC_TEXT=$(kcfg CONFIG_CC_VERSION_TEXT) RUSTC_TEXT=$(kcfg CONFIG_RUSTC_VERSION_TEXT)
BINDGEN_TEXT=$(kcfg CONFIG_BINDGEN_VERSION_TEXT)
KCC=${CC_TEXT%% *}
case $KCC in *-gcc-[0-9]*) ;; *) die "$REL was built with '$CC_TEXT': only GCC-built Debian kernels are handled" ;; esac
TRIPLE=${KCC%-gcc-*} GCCMAJ=${KCC##*-gcc-}
HOST_DEBARCH=$(dpkg --print-architecture)
case $TRIPLE in
aarch64-linux-gnu) TRIPLE_DEBARCH=arm64 ;;
arm-linux-gnueabihf) TRIPLE_DEBARCH=armhf ;;
x86_64-linux-gnu) TRIPLE_DEBARCH=amd64 ;;
*) die "$REL: unexpected compiler $KCC" ;;
esac
TOOLSUITE=${KSUITE_DEB%-backports}
PKGS=(make bc bison flex libelf-dev libssl-dev openssl xz-utils kmod cpio python3 perl gcc libc6-dev
	rustc rust-src bindgen dwarves)
if [ "$HOST_DEBARCH" = "$TRIPLE_DEBARCH" ]; then
	PKGS+=("gcc-$GCCMAJ")
else
	PKGS+=("gcc-$GCCMAJ-$TRIPLE" "binutils-$TRIPLE" "libc6-dev-$TRIPLE_DEBARCH-cross")
fi
COMPAT=()
if grep -qx 'CONFIG_COMPAT_VDSO=y' "$HEADERS/.config"; then
	# arm64's vDSO for 32-bit tasks, built during modules_prepare.
	PKGS+=(gcc-arm-linux-gnueabihf)
	COMPAT=(CROSS_COMPILE_COMPAT=arm-linux-gnueabihf-)
fi
CHROOT=$TOP/chroot/$TOOLSUITE-$(printf '%s\n' "${PKGS[@]}" | sort | sha256sum | cut -c1-10)
if [ ! -f "$CHROOT.complete" ]; then
	step "mmdebstrap: a Debian $TOOLSUITE chroot with the compilers of $REL (${PKGS[*]}) in $CHROOT"
	rm -rf "$CHROOT" && mkdir -p "$(dirname "$CHROOT")"
	mmdebstrap --variant=minbase --mode=root --aptopt='Acquire::Check-Valid-Until "false"' \
		--include="$(IFS=,; echo "${PKGS[*]}")" "$TOOLSUITE" "$CHROOT" "$DEBIAN_MIRROR" \
		>"$CHROOT.log" 2>&1 ||
		die "mmdebstrap of Debian $TOOLSUITE ($DEBIAN_MIRROR) failed: $(grep -m1 -E '^E:' "$CHROOT.log") (log: $CHROOT.log)"
	touch "$CHROOT.complete"
fi
# in_chroot CMD...: CMD in the chroot, with /proc and the cache and this
# checkout at their own paths.
in_chroot() {
	unshare --mount --fork bash -c '
		c=$1; shift
		for d in "$RSHA_CACHE" "$RSHA_ROOT"; do mkdir -p "$c$d"; mount --rbind "$d" "$c$d"; done
		mount -t proc proc "$c/proc"
		exec chroot "$c" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"' \
		in_chroot "$CHROOT" "$@"
}
export RSHA_CACHE RSHA_ROOT
have=$(in_chroot rustc --version)
[ "$have" = "$RUSTC_TEXT" ] ||
	die "Debian built $REL with '$RUSTC_TEXT', Debian $TOOLSUITE's rustc is '$have': the modules would not match the kernel's Rust symbols"
have=$(in_chroot bindgen --version)
[ -z "$BINDGEN_TEXT" ] || [ "$have" = "$BINDGEN_TEXT" ] ||
	die "Debian built $REL with '$BINDGEN_TEXT', Debian $TOOLSUITE's bindgen is '$have'"
have=$(in_chroot "$KCC" --version | head -n1)
[ "$have" = "$CC_TEXT" ] || {
	[ "$(in_chroot "$KCC" -dumpfullversion | awk -F. '{ printf "%d%02d%02d", $1, $2, $3 }')" = "$(kcfg CONFIG_GCC_VERSION)" ] ||
		die "Debian built $REL with '$CC_TEXT', Debian $TOOLSUITE has '$have'"
	step "note: Debian built $REL with '$CC_TEXT'; Debian $TOOLSUITE's $KCC is '$have' (the same GCC release, another package revision)"
}
step "compilers: $RUSTC_TEXT, $BINDGEN_TEXT, $have"

# --- 3. Debian's source, configured and prepared -------------------------
SRCPKG=linux-source-$(echo "$ABI" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
SRC=$RSHA_CACHE/src/linux-${PKGVER//\~/_}-pristine
if [ ! -f "$SRC.extracted" ]; then
	SRC=$TOP/src/linux-${PKGVER//\~/_}
	if [ ! -f "$SRC.extracted" ]; then
		step "downloading $SRCPKG $PKGVER ($KSUITE_DEB) and extracting it into $SRC"
		tmp=$TOP/src/.partial
		rm -rf "$tmp" "$SRC" && mkdir -p "$tmp" "$SRC"
		(cd "$tmp" && apt-get -q "${APTO[@]}" download "$SRCPKG=$PKGVER" >"$TOP/src/download.log" 2>&1) ||
			die "could not download Debian package $SRCPKG $PKGVER from $KSUITE_DEB: $(grep -m1 -E '^E:' "$TOP/src/download.log" | sed 's/ \[IP:.*//')"
		dpkg-deb --fsys-tarfile "$tmp"/*.deb | tar -xO "./usr/src/$SRCPKG.tar.xz" | tar -xJ -C "$SRC" --strip-components=1
		rm -rf "$tmp"
		touch "$SRC.extracted"
	fi
fi
BUILD=$DIR/build
# Debian builds amd64 with ARCH=x86 (its .config says "Linux/x86"); the
# modules build with ARCH=x86_64, the same source architecture.
KARCH=$ARCH
[ "$ARCH" != x86_64 ] || KARCH=x86
KMAKE=(make -C "$SRC" O="$BUILD" ARCH="$KARCH" CROSS_COMPILE="$TRIPLE-" "${COMPAT[@]}" CC="$KCC"
	KERNELRELEASE="$REL")
want="$(sha256sum "$HEADERS/.config" | cut -c1-16) $CHROOT $SRC"
if [ ! -f "$BUILD/.rsha-prepared" ] || [ "$(cat "$BUILD/.rsha-prepared")" != "$want" ]; then
	step "make modules_prepare in Debian's $SRCPKG with Debian's .config (log: $DIR/prepare.log)"
	rm -rf "$BUILD" && mkdir -p "$BUILD"
	cp "$HEADERS/.config" "$BUILD/.config"
	in_chroot "${KMAKE[@]}" olddefconfig >"$DIR/prepare.log" 2>&1 ||
		die "make olddefconfig failed (log: $DIR/prepare.log): $(tail -n 3 "$DIR/prepare.log")"
	# Every option as Debian set it; the compiler's text only when it is
	# the same GCC release (noted above).
	changed=$(diff <(grep -v '^CONFIG_CC_VERSION_TEXT=' "$HEADERS/.config") \
		<(grep -v '^CONFIG_CC_VERSION_TEXT=' "$BUILD/.config") | grep '^[<>]' || true)
	[ -z "$changed" ] || die "Debian's .config of $REL changes under this toolchain (< Debian's, > here):
$changed"
	in_chroot "${KMAKE[@]}" -j"$(nproc)" modules_prepare >>"$DIR/prepare.log" 2>&1 ||
		die "make modules_prepare failed (log: $DIR/prepare.log): $(grep -m3 -E 'error|Error' "$DIR/prepare.log")"
	[ "$(cat "$BUILD/include/config/kernel.release")" = "$(cat "$HEADERS/include/config/kernel.release")" ] ||
		die "the prepared tree is release $(cat "$BUILD/include/config/kernel.release"), Debian's is $(cat "$HEADERS/include/config/kernel.release")"
	cp "$HEADERS/Module.symvers" "$BUILD/Module.symvers"
	echo "$want" >"$BUILD/.rsha-prepared"
fi

# --- 4. the modules ------------------------------------------------------
# build_modules OOT TEST: the modules, built out of tree in OOT (a copy of
# this checkout's sources) with RSHA_TEST=TEST, in the chroot.
build_modules() {
	local oot=$1 test=$2 log=$DIR/modules.log what=
	[ "$2" = 0 ] || log=$DIR/modules-test.log what=" and the test modules"
	mkdir -p "$oot"
	sync_sources "$oot" Kbuild Makefile rust/rsha rust/drivers rust/testing asm
	# Only the modules of this build: none left from another RSHA_TEST.
	rm -f "$oot"/*.ko
	step "building the modules$what against $REL in the chroot (log: $log)"
	in_chroot make -C "$oot" -j"$(nproc)" KDIR="$BUILD" ARCH="$ARCH" RUSTC=/usr/bin/rustc \
		BINDGEN=/usr/bin/bindgen RSHA_TEST="$test" >"$log" 2>&1 ||
		die "the module build against $REL failed (log: $log): $(grep -m5 -E 'error|ERROR|Error' "$log")"
}
build_modules "$DIR/oot" 0
OUT=$DIR/rsha-modules
rm -rf "$OUT" && mkdir -p "$OUT"
cp "$DIR"/oot/*.ko "$OUT"/
step "modules for Debian's $REL in $OUT: $(cd "$OUT" && echo *.ko)"

# --- 5. the Debian package -----------------------------------------------
# rust-arm-sha-modules-<release>: the modules under
# /usr/lib/modules/<release>/updates/ (which is /lib/modules/... on the
# merged-/usr systems Debian has had since 12), for exactly the linux-image
# package they were built against; depmod on install and removal, and the
# kernel's own message when it refuses a module
# (Documentation/distribution-kernels.rst, "The Debian package"). The
# maintainer scripts and README.Debian are scripts/debian/'s, with the
# release and the module names filled in. dpkg-deb makes the package
# without root (--root-owner-group).
PKG=rust-arm-sha-modules-$REL
STAGE=$DIR/package
# MODDIR: a name that no directory of the kernel's has (prerm excludes it).
MODDIR=rust-arm-sha
KODIR=usr/lib/modules/$REL/updates/$MODDIR
DOCDIR=usr/share/doc/$PKG
rm -rf "$STAGE" && mkdir -p "$STAGE/DEBIAN" "$STAGE/$KODIR" "$STAGE/$DOCDIR"
for ko in "$OUT"/*.ko; do
	# Without debug information, as Debian ships its own modules.
	in_chroot "$TRIPLE-strip" --strip-debug -o "$STAGE/$KODIR/${ko##*/}" "$ko" ||
		die "$TRIPLE-strip failed on $ko"
done
SIGNED=
if [ -n "$SIGN_KEY" ]; then
	# Signed after stripping (strip would drop the appended signature),
	# with the kernel's sign-file, built by modules_prepare in the chroot,
	# and the hash the kernel's .config names. The key goes into the
	# cache (the chroot sees it) for as long as the signing takes.
	HASH=$(kcfg CONFIG_MODULE_SIG_HASH)
	[ -n "$HASH" ] || die "$REL has no CONFIG_MODULE_SIG_HASH: the kernel does not check module signatures; build without --sign-key"
	[ -x "$BUILD/scripts/sign-file" ] || die "the prepared tree has no scripts/sign-file ($BUILD): the kernel has no CONFIG_MODULE_SIG"
	keydir=$DIR/.sign
	rm -rf "$keydir" && mkdir -m 0700 "$keydir"
	trap 'rm -rf "$keydir"' EXIT
	install -m 0600 "$SIGN_KEY" "$keydir/key.pem"
	install -m 0600 "$SIGN_CERT" "$keydir/cert"
	for ko in "$STAGE/$KODIR"/*.ko; do
		in_chroot "$BUILD/scripts/sign-file" "$HASH" "$keydir/key.pem" "$keydir/cert" "$ko" ||
			die "sign-file $HASH failed on ${ko##*/}"
		[ "$(tail -c 28 "$ko")" = "~Module signature appended~" ] ||
			die "${ko##*/} carries no signature after sign-file"
	done
	shred -u "$keydir/key.pem" 2>/dev/null || true
	rm -rf "$keydir"
	trap - EXIT
	# (characters sed's replacement would read otherwise dropped; cut to
	# keep the control file's description lines short)
	SIGNED=$(echo "${SIGN_SUBJECT#subject=}" | tr -d '&|\\' | cut -c1-50)
	step "signed the modules with $HASH and ${SIGN_SUBJECT#subject=} (the kernel's scripts/sign-file)"
fi
MODNAMES=$(cd "$OUT" && ls -- *.ko | sed 's/\.ko$//; s/-/_/g' | tr '\n' ' ')
MODNAMES=${MODNAMES% }
fill() {
	sed -e "s|@PKG@|$PKG|g" -e "s|@REL@|$REL|g" -e "s|@ABI@|$ABI|g" -e "s|@DEBARCH@|$DEBARCH|g" \
		-e "s|@PKGVER@|$PKGVER|g" -e "s|@MODULES@|$MODNAMES|g" -e "s|@VERSION@|$PKGVERSION|g" \
		-e "s|@MODDIR@|$MODDIR|g" -e "s|@SIGNED@|$SIGNED|g" -e "s|@MAINTAINER@|$MAINTAINER|g" "$1"
}
doc_files "$STAGE" "$PKG"
fill "$RSHA_ROOT/scripts/debian/README.Debian" >"$STAGE/$DOCDIR/README.Debian"
for f in postinst prerm; do
	fill "$RSHA_ROOT/scripts/debian/$f" | include_refusal >"$STAGE/DEBIAN/$f"
	chmod 0755 "$STAGE/DEBIAN/$f"
done
fill "$RSHA_ROOT/scripts/debian/control" | sed '/^ Signed with the key of: $/d' |
	sed "/^Priority:/a Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)" >"$STAGE/DEBIAN/control"
(cd "$STAGE" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$STAGE/DEBIAN/md5sums"
DEB=$DIR/${PKG}_${PKGVERSION}_$DEBARCH.deb
rm -f "$DIR/$PKG"_*.deb
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$DEB" >"$DIR/package.log" 2>&1 ||
	die "dpkg-deb could not build $PKG: $(tail -n 3 "$DIR/package.log")"
deliver "$DEB"
echo "    install it on the machine running $REL with: apt install ./${DEB##*/}" >&2

if [ "$TEST" = 1 ]; then
	# What scripts/guest/rootfs.sh takes from a kernel build: the release,
	# gen_init_cpio (built for the host), the modules (BUILD/rsha-modules),
	# tcrypt (as crypto/tcrypt.ko) and the lists of built-in modules; and
	# the Debian modules the tests need, with everything they depend on
	# (BUILD/rsha-distro-modules, in Debian's layout).
	mkdir -p "$BUILD/usr" "$BUILD/crypto"
	gcc -O2 -o "$BUILD/usr/gen_init_cpio" "$SRC/usr/gen_init_cpio.c"
	build_modules "$DIR/oot-test" 1
	rm -rf "$BUILD/rsha-modules" && mkdir -p "$BUILD/rsha-modules"
	cp "$DIR"/oot-test/*.ko "$BUILD/rsha-modules/"
	cp "$DEB" "$BUILD/rsha-package.deb"
	echo "$KSUITE_DEB $PKGVER" >"$BUILD/rsha-debian-kernel"
	xz -dc "$MODROOT/kernel/crypto/tcrypt.ko.xz" >"$BUILD/crypto/tcrypt.ko"
	for f in modules.builtin modules.builtin.modinfo; do
		cp "$MODROOT/$f" "$BUILD/$f" || die "Debian's $REL packages have no $f"
	done
	dm=$BUILD/rsha-distro-modules
	rm -rf "$dm" && mkdir -p "$dm/lib/modules"
	ln -s "$MODROOT" "$dm/lib/modules/$REL"
	depmod -b "$dm" "$REL" 2>/dev/null || die "depmod over Debian's modules of $REL failed"
	# crypto, lib, the device mapper, loop, IPsec (xfrm, ESP, the key
	# manager) and veth; the guest's depmod reads every module it is
	# given, about a second per 30 under TCG, so no more.
	(cd "$MODROOT" && find kernel/crypto kernel/lib kernel/arch kernel/block kernel/drivers/md \
		kernel/drivers/block/loop.ko* kernel/net/xfrm kernel/net/ipv4 kernel/net/ipv6 kernel/net/key \
		kernel/drivers/net/veth.ko* -name '*.ko*' 2>/dev/null) |
		awk -v dep="$MODROOT/modules.dep" '
			BEGIN { while ((getline l < dep) > 0) { split(l, p, ": "); d[p[1]] = p[2] } }
			function add(m,   n, i, a) { if (m in seen) return; seen[m] = 1; print m
				n = split(d[m], a, " "); for (i = 1; i <= n; i++) add(a[i]) }
			{ add($0) }' | sort >"$BUILD/rsha-distro-modules.list"
	rm -f "$MODROOT"/modules.*.bin "$MODROOT/modules.dep" "$MODROOT/modules.alias" "$MODROOT/modules.symbols" \
		"$MODROOT/modules.devname" "$MODROOT/modules.softdep" "$MODROOT/modules.weakdep" 2>/dev/null || true
	echo "$MODROOT" >"$BUILD/rsha-distro-modules.root"
	ln -sfn "$IMAGE" "$BUILD/vmlinuz"
	echo "$SRC" >"$BUILD/rsha-source"
	step "test layout in $BUILD: $(wc -l <"$BUILD/rsha-distro-modules.list") of Debian's modules for the guest"
	echo "$BUILD"
fi
