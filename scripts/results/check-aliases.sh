#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-aliases.sh [--user] LABEL MODULE.ko...: one PASS/FAIL line per module: its
# .modinfo aliases (modinfo -F alias) are exactly those of its in-tree
# counterpart's kind, crypto-<alg> and <alg> for every algorithm, crypto-<driver>
# and <driver> for every driver, derived here from the module's name
# (sha1-<arch>-rs: sha1; sha256-<arch>-rs: sha224, sha256; sha512-<arch>-rs:
# sha384, sha512; each with a scalar and a NEON driver). A test-only module
# (rsha-*) must have none, so that no request ever loads it. --user: a
# user's build, whose only drivers are the selected ones (*-auto-rs).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
trap - ERR
USER_BUILD=
[ "${1:-}" != --user ] || { USER_BUILD=1; shift; }
LABEL=${1:?usage: check-aliases.sh [--user] LABEL MODULE.ko...}
shift
need modinfo kmod
# module_algs, shared with the guest's scripts.
. "$RSHA_ROOT/scripts/guest/initramfs/lib.sh"
for ko in "$@"; do
	m=$(basename "$ko" .ko) want=
	case $m in
	rsha-*) ;;
	sha*-*-rs)
		arch=${m#*-} arch=${arch%-rs}
		algs=$(module_algs "$m")
		[ -n "$algs" ] || { echo "FAIL $LABEL: aliases of $m: unknown module"; continue; }
		for a in $algs; do
			ce="$a-$arch-ce-rs"
			case $arch/$a in arm/sha384 | arm/sha512) ce= ;; esac	# no AArch32 SHA-512 instructions
			units="$a-$arch-rs $a-$arch-neon-rs $ce"
			[ -z "$USER_BUILD" ] || units=
			for n in "$a" $units "$a-$arch-auto-rs"; do
				want+="crypto-$n $n "
			done
		done
		;;
	*) echo "FAIL $LABEL: aliases of $m: unknown module"; continue ;;
	esac
	want=$(printf '%s\n' $want | LC_ALL=C sort)
	have=$(modinfo -F alias "$ko" 2>&1 | LC_ALL=C sort)
	if [ "$have" = "$want" ]; then
		[ -n "$want" ] && echo "PASS $LABEL: ${USER_BUILD:+user build: }$m declares its $(echo $want | wc -w) aliases (crypto-<alg>, <alg>, crypto-<driver>, <driver>)" || echo "PASS $LABEL: $m (test only) declares no alias"
	else
		echo "FAIL $LABEL: aliases of $m: want [$(echo $want)], modinfo says [$(echo $have)]"
	fi
done
