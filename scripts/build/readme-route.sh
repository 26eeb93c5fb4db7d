#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# readme-route.sh BUILD ARCH OUT: README.md's own-kernel route (path C),
# its commands as written, against the built kernel BUILD (ARCH arm64, arm
# or x86_64). Prints one PASS/FAIL line per result (the suite's format; exits 1
# when one failed).
# readme-route.sh --block ROUTE STEP: the commands of one block of the
# README, as written, on stdout (exit 1, naming the marker, when it is
# missing): what the Debian system guests run for the routes "pi4" and
# "laptop" (paths A and B).
# readme-route.sh --list: every marked block, "ROUTE STEP" a line.
# readme-route.sh --debian-host OUT: the Debian paths' (A, B) steps that
# run on a build host as written, as results: every block of pi4 and
# laptop is there; the clone block, with REPO this checkout, in OUT; the
# dkms-build block in that clone, in a bare environment with HOME=OUT/home
# (it needs neither root nor the network), whose package is moved from /tmp to
# OUT/rust-arm-sha-dkms_<version>_all.deb for the guests.
#
# The README marks each block of a route with an HTML comment on the line
# before its fence, "<!-- route: ROUTES STEP -->", ROUTES being the routes
# the block belongs to, comma-separated (own-kernel, pi4, laptop):
#
#   clone         every route: git clone "$REPO", cd (REPO: set by the runner)
#   kernel        pi4, laptop: trixie-backports and its kernel, as root; reboot
#   dkms-build    pi4, laptop: scripts/debian-kernel.sh --dkms, as the user
#                 (no root, no network: runs on the build host as written)
#   dkms-install  pi4, laptop: apt install of linux-source and the package
#   deb-build     pi4: the per-ABI package on an x86-64 machine, as root,
#                 and the scp to the board (the runner's copy replaces it)
#   deb-install   pi4: apt install of the copied package, as root
#   deb           laptop: the per-ABI package built and installed, as root
#   build, install, check, uninstall: the own-kernel route (below); check
#                 is every route's
#
# For BUILD ARCH OUT, OUT is a work directory of its own, never in the
# checkout:
#
#   OUT/src    a copy of this checkout's module sources, where the build
#              block runs (incremental from one run to the next)
#   OUT/stage  INSTALL_MOD_PATH, made afresh every run
#   OUT/guest  what is copied to the board: the three .ko files from
#              OUT/stage and the README's board-side blocks
#              (readme-install.sh, readme-check.sh, readme-uninstall.sh);
#              scripts/guest/rootfs.sh puts them in /lib/user-modules, and
#              the first boot (scripts/guest/initramfs/autoload.sh) runs the
#              blocks there. Removed first: a failed run leaves none.
#   OUT/build.log  the build block as run (bash -x) and its output
#
# The own-kernel route's blocks are those marked "own-kernel" with the steps
# build (section 2, C), install (C), check (section 3) and uninstall
# (section 6). A missing marker or block is a FAIL. What is changed, and nothing else:
# - the README's own variables of the build block, K (the kernel build), B
#   (bindgen) and S (the staging root), are set to the suite's values: their
#   assignment lines are replaced; each must be there;
# - for ARCH=arm, "arm64" reads "arm" in every line, as the README tells the
#   reader to; for ARCH=x86_64, likewise "x86_64" (the route's commands
#   name the architecture only there: ARCH=, the module names);
# - the environment loses the variables the Makefile or Kbuild would take
#   from it (a user's fresh shell has none of them).
# The build block runs on this host (the build host of the route). The
# README's "copy the three .ko files to the board" is prose, not a command:
# the suite's copy is OUT/guest into the initramfs. The board-side blocks
# (install, depmod -a and modprobe; the /proc/crypto check; the uninstall)
# are not run here: the guest runs them as written, as root in the directory
# holding the .ko files. Here the staged tree is checked as the board's
# depmod would see it: depmod -b over OUT/stage must list the three modules
# in modules.dep and their crypto aliases in modules.alias.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
trap - ERR	# failures are results here
README=$RSHA_ROOT/README.md

# route_block ROUTE STEP: the lines of the README's fenced block marked for
# ROUTE and STEP; fails when the marker is missing or not right before a
# fence, or the block is not closed.
route_block() {
	awk -v route="$1" -v step="$2" '
		function marked(line,   m, n, r, i) {
			if (!match(line, /^<!-- route: [a-z0-9,-]+ [a-z0-9-]+ -->$/)) return 0
			split(line, m, " "); n = split(m[3], r, ",")
			if (m[4] != step) return 0
			for (i = 1; i <= n; i++) if (r[i] == route) return 1
			return 0
		}
		state == 0 && marked($0) { state = 1; next }
		state == 1 { if ($0 ~ /^```(sh)?$/) { state = 2; next } exit }
		state == 2 { if ($0 == "```") { state = 3; exit } print }
		END { exit state != 3 }' "$README"
}
# debian_host OUT: see --debian-host above.
debian_host() {
	local out=$1 step route b missing= deb ver bad=0
	res() { echo "$1 README Debian paths: $2"; [ "$1" = PASS ] || bad=1; }
	case $out in "$RSHA_ROOT" | "$RSHA_ROOT"/*) res FAIL "OUT=$out is in the checkout"; return 1 ;; esac
	for b in "pi4 clone" "pi4 kernel" "pi4 dkms-build" "pi4 dkms-install" "pi4 deb-build" "pi4 deb-install" \
		"pi4 check" "laptop clone" "laptop kernel" "laptop dkms-build" "laptop dkms-install" "laptop deb" \
		"laptop check"; do
		# shellcheck disable=SC2086
		route_block $b | grep -q '[^[:space:]]' || missing+=" '$b'"
	done
	if [ -z "$missing" ]; then
		res PASS "README.md has every block of paths A (pi4) and B (laptop), each with commands"
	else
		res FAIL "README.md lacks the blocks marked <!-- route: ROUTE STEP -->:$missing"
	fi
	rm -rf "$out" && mkdir -p "$out/home"
	route_block pi4 clone >"$out/clone.sh" && route_block pi4 dkms-build >"$out/dkms-build.sh" || return 1
	if (cd "$out" && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$out/home" LANG=C.UTF-8 \
		REPO="$RSHA_ROOT" bash -ex "$out/clone.sh") >"$out/clone.log" 2>&1 && [ -d "$out/rust-arm-sha/.git" ]; then
		res PASS "the clone block runs as written (REPO=$RSHA_ROOT; log: $out/clone.log)"
	else
		res FAIL "the clone block failed: $(tail -n 2 "$out/clone.log" | tr '\n' ' ')(log: $out/clone.log)"
		return 1
	fi
	ver=0~$(git -C "$out/rust-arm-sha" log -1 --format='%cd.g%h' --date=format-local:%Y%m%d%H%M%S)
	deb=/tmp/rust-arm-sha-dkms_${ver}_all.deb
	rm -f "$deb"
	if (cd "$out/rust-arm-sha" && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$out/home" LANG=C.UTF-8 \
		bash -ex "$out/dkms-build.sh") >"$out/dkms-build.log" 2>&1 && [ -f "$deb" ]; then
		mv "$deb" "$out/"
		res PASS "the dkms-build block runs as written, in a bare environment with HOME=$out/home: ${deb##*/} (log: $out/dkms-build.log)"
	else
		res FAIL "the dkms-build block made no $deb: $(grep -m2 -E 'error|Error' "$out/dkms-build.log" | tr '\n' ' ')(log: $out/dkms-build.log)"
		return 1
	fi
	deb=$out/${deb##*/}
	if [ "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Architecture)" = "rust-arm-sha-dkms all" ] &&
		dpkg-deb -c "$deb" >"$out/contents" && grep -q "/usr/src/rust-arm-sha-$ver/dkms.conf\$" "$out/contents" &&
		grep -q "/usr/src/rust-arm-sha-$ver/rsha-dkms\$" "$out/contents"; then
		res PASS "${deb##*/} is rust-arm-sha-dkms, Architecture: all, with /usr/src/rust-arm-sha-$ver/dkms.conf and rsha-dkms"
	else
		res FAIL "${deb##*/}: not the DKMS package ($(dpkg-deb -f "$deb" Package Architecture 2>&1 | tr '\n' ' '))"
	fi
	return $bad
}

case ${1:-} in
--block)
	[ $# = 3 ] || die "usage: readme-route.sh --block ROUTE STEP"
	route_block "$2" "$3" || die "README.md has no block marked '<!-- route: $2 $3 -->' (ROUTES may list more, comma-separated) right before a \`\`\`sh fence"
	exit 0 ;;
--debian-host)
	[ $# = 2 ] || die "usage: readme-route.sh --debian-host OUT"
	debian_host "$2"
	exit $? ;;
--list)
	sed -n 's/^<!-- route: \([a-z0-9,-]*\) \([a-z0-9-]*\) -->$/\1 \2/p' "$README" |
		awk '{ n = split($1, r, ","); for (i = 1; i <= n; i++) print r[i], $2 }'
	exit 0 ;;
esac
BUILD=${1:?usage: readme-route.sh BUILD ARCH OUT}
ARCH=${2:?usage: readme-route.sh BUILD ARCH OUT}
OUT=${3:?usage: readme-route.sh BUILD ARCH OUT}
T=$(basename "$BUILD")
failed=0
pass() { echo "PASS $T: README own-kernel route: $*"; }
fail() { echo "FAIL $T: README own-kernel route: $*"; failed=1; }
finish() { exit $failed; }

case $ARCH in arm64 | arm | x86_64) ;; *) fail "ARCH=$ARCH: arm64, arm or x86_64 expected"; finish ;; esac
KREL=$(cat "$BUILD/include/config/kernel.release" 2>/dev/null) ||
	{ fail "$BUILD has no include/config/kernel.release: not a built kernel"; finish; }
# The suite's bindgen for the kernel's version (scripts/lib.sh): 6.12 takes
# 0.69.5, every 7.x 0.71.1, as the README says.
case $KREL in 6.12*) use_kernel 6.12 ;; *) use_kernel 7.3 ;; esac
case $OUT in "$RSHA_ROOT" | "$RSHA_ROOT"/*) fail "OUT=$OUT is in the checkout"; finish ;; esac

# block STEP: the own-kernel route's block STEP (for ARCH=arm or x86_64,
# with it for "arm64").
block() {
	route_block own-kernel "$1" |
		if [ "$ARCH" != arm64 ]; then sed "s/arm64/$ARCH/g"; else cat; fi
}

mkdir -p "$OUT"
rm -rf "$OUT/guest" "$OUT/stage"
for b in build install check uninstall; do
	if ! block "$b" >"$OUT/readme-$b.sh" || [ ! -s "$OUT/readme-$b.sh" ]; then
		fail "README.md has no block marked '<!-- route: own-kernel $b -->' (ROUTES may list more, comma-separated) right before a \`\`\`sh fence"
	fi
done
[ $failed = 0 ] || finish

# The build block with the README's variables set to the suite's values.
run=$OUT/build-run.sh
{
	echo "# README.md, <!-- route: own-kernel build -->, with K, B and S set (scripts/build/readme-route.sh)"
	echo "set -e"
	seen=
	while IFS= read -r line; do
		case $line in
		K=*) printf 'K=%q\n' "$BUILD"; seen+=K ;;
		B=*) printf 'B=%q\n' "$RSHA_BINDGEN"; seen+=B ;;
		S=*) printf 'S=%q\n' "$OUT/stage"; seen+=S ;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$OUT/readme-build.sh"
} >"$run"
for v in K=kernel-build B=bindgen S=staging-root; do
	grep -q "^${v%%=*}=" "$run" || fail "the build block no longer sets ${v%%=*} (the ${v#*=}): update $0"
done
grep -q '^make .*INSTALL_MOD_PATH=.* modules_install' "$run" && grep -q '^make ' <(grep -v modules_install "$run") ||
	fail "the build block has no 'make KDIR=...' line and 'make ... INSTALL_MOD_PATH=... modules_install' line"
[ $failed = 0 ] || finish

sync_sources "$OUT/src" Kbuild Makefile rust/rsha rust/drivers rust/testing asm
log=$OUT/build.log
if (cd "$OUT/src" && env -u ARCH -u KDIR -u BINDGEN -u RUSTC -u RUSTDOC -u CLIPPY -u CLIPPY_DRIVER \
	-u LLVM -u LLVM_BIN -u CC -u KCC -u CROSS_COMPILE -u INSTALL_MOD_PATH -u INSTALL_MOD_DIR \
	-u RSHA_TEST -u RSHA_UNIT_DRIVERS -u O -u M -u MAKELEVEL -u MFLAGS -u MAKEFLAGS \
	bash -x "$run") >"$log" 2>&1; then
	pass "the build block runs as written ($(grep -c '^make ' "$run") make lines, K=$BUILD, S=$OUT/stage; log: $log)"
else
	fail "the build block failed: $(grep -m3 -E '(error|Error)(\[E[0-9]+\])?:|\*\*\*' "$log" | tr '\n' ' ')(log: $log)"
	tail -n 15 "$log" >&2
	finish
fi

# The staged tree: lib/modules/<release>/updates with the three modules
# and nothing else, each for this kernel (vermagic).
mods="sha1-$ARCH-rs sha256-$ARCH-rs sha512-$ARCH-rs"
upd=$OUT/stage/lib/modules/$KREL/updates
have=$(cd "$upd" 2>/dev/null && find . -name '*.ko' -printf '%P\n' | LC_ALL=C sort | tr '\n' ' ')
want=$(printf '%s.ko\n' $mods | LC_ALL=C sort | tr '\n' ' ')
if [ "$have" = "$want" ]; then
	pass "INSTALL_MOD_PATH staging has lib/modules/$KREL/updates/ with $want"
else
	fail "lib/modules/$KREL/updates/ of the staging root has '${have:-nothing}', want '$want'"
	finish
fi
bad=
for m in $mods; do
	vm=$(/sbin/modinfo -F vermagic "$upd/$m.ko" 2>/dev/null)
	[ "${vm%% *}" = "$KREL" ] || bad+=" $m: '${vm:-none}'"
done
if [ -z "$bad" ]; then
	pass "the staged modules are for Linux $KREL (vermagic)"
else
	fail "staged modules for another kernel than $KREL:$bad"
fi

# depmod over the staging root, as the board's `depmod -a` reads the
# installed tree: modules.dep lists the three, modules.alias gives each of
# its algorithms' crypto aliases.
if out=$(/sbin/depmod -b "$OUT/stage" "$KREL" 2>&1); then
	missing=
	for m in $mods; do
		grep -q "^updates/$m.ko:" "$OUT/stage/lib/modules/$KREL/modules.dep" || missing+=" modules.dep:$m"
		case $m in sha1-*) algs=sha1 ;; sha256-*) algs="sha224 sha256" ;; *) algs="sha384 sha512" ;; esac
		for a in $algs; do
			grep -qx "alias crypto-$a ${m//-/_}" "$OUT/stage/lib/modules/$KREL/modules.alias" ||
				missing+=" modules.alias:crypto-$a->$m"
		done
	done
	if [ -z "$missing" ]; then
		pass "depmod -b of the staging root names the three modules in modules.dep and their crypto aliases in modules.alias"
	else
		fail "depmod -b of the staging root: missing$missing"
	fi
else
	fail "depmod -b $OUT/stage $KREL: $out"
fi

# What goes to the board: the three modules and the board-side blocks, as
# written (the guest runs them: scripts/guest/initramfs/autoload.sh).
if [ $failed = 0 ]; then
	mkdir -p "$OUT/guest"
	for m in $mods; do cp "$upd/$m.ko" "$OUT/guest/"; done
	for b in install check uninstall; do cp "$OUT/readme-$b.sh" "$OUT/guest/"; done
	pass "the three modules and the README's install, check and uninstall blocks ($(cat "$OUT"/readme-{install,check,uninstall}.sh | grep -c .) lines) go to the first boot"
fi
finish
