#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One boot of the Debian system test (scripts/guest/debian-system.sh): run by
# the system's rsha-step.service from the disk labelled RSHA, which holds this
# script and package.deb, the modules' Debian package. The boots, one per
# QEMU run, each a KTAP document on the console ending with "@@RSHA done":
#   install   apt refuses a copy of the package made for another kernel
#             ABI, installs the package (its postinst loads the
#             modules), and the system reboots;
#   installed udev loaded the modules at boot, /proc/crypto ranks ours where
#             the priority rule says, dm-verity (format 0), dm-integrity and
#             IPsec ESP run on the driver ranked first (ours where the CPU
#             lacks the algorithm's instructions), each module offers
#             the units the CPU flags the guest sees allow, then apt
#             removes the package and the system reboots;
#   removed   nothing of the package is left: no files, no modules, no
#             drivers; the system reboots with module.sig_enforce=1;
#   enforced  the kernel refuses unsigned modules: apt installs the
#             package all the same (dpkg: install ok installed), its
#             postinst names the cause (the signature) and the fix
#             (mokutil --import), none of ours is loaded; apt purges
#             it and the system powers off.
# The boot to run is in /var/lib/rsha-step/next (install when absent).
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive
HERE=$(dirname "$0")
DEB=$HERE/package.deb
STATE=/var/lib/rsha-step
mkdir -p "$STATE" /run/rsha-work
W=/run/rsha-work
PKG=$(dpkg-deb -f "$DEB" Package)
REL=$(uname -r)
# The module names (sha256_arm64_rs, sha256_x86_64_rs, ...), from the
# package's file list.
MODULES=$(dpkg-deb -c "$DEB" | sed -n 's|.*/updates/rust-arm-sha/\(.*\)\.ko$|\1|p' | tr - _ | tr '\n' ' ')
BOOT=$(cat "$STATE/next" 2>/dev/null || echo install)

# KTAP output (ktap_subtest, ktap_result ...) and top_driver, as in the
# initramfs boots.
. "$HERE/lib.sh"
# run NAME CMD...: CMD as a test case; the detail is its exit code and last
# lines of output.
run() {
	name=$1
	shift
	"$@" >"$W/out" 2>&1
	rc=$?
	# The last lines as the terminal shows them: what a carriage return
	# overwrote (apt's progress) left out.
	ktap_result $rc "$name" "exit $rc: $(tail -n 2 "$W/out" | sed 's/.*\r//')"
	return $rc
}
# finish NEXT: end the document; NEXT is the boot after this one (reboot),
# or nothing (power off).
finish() {
	echo "    1..$KTAP_N"
	ktap_subtest_end 1
	if [ -n "$1" ]; then echo "$1" >"$STATE/next"; else rm -f "$STATE/next"; fi
	sync
	echo "@@RSHA done"
	# No D-Bus in this system: systemctl asks logind about inhibitors only
	# through it.
	if [ -n "$1" ]; then systemctl reboot --check-inhibitors=no; else systemctl poweroff --check-inhibitors=no; fi
	exit 0
}
# refcnt DRIVER: its reference count in /proc/crypto.
refcnt() {
	awk -v want="$1" '/^driver/ { d = $3 } /^refcnt/ && d == want { print $3; exit }' /proc/crypto
}
is_ours() { case $1 in *-rs) return 0 ;; esac; return 1; }
# The priority rule (Documentation/drivers.rst, "Priorities on 7.3"): ours
# ranks below <alg>-lib where the CPU has the algorithm's instructions (the
# kernel's code uses them too, with less per call), above it elsewhere.
# cpu_has ALG: the CPU has ALG's instructions (/proc/cpuinfo's Features on
# ARM: sha1, sha2, sha512; flags on x86_64: SHA-NI with the SSSE3 and
# SSE4.1 shuffles its cores use, for SHA-1 and SHA-256 only), as the
# modules decide it (rust/rsha/helpers.c).
X86=$([ "$(uname -m)" = x86_64 ] && echo 1)
has_flags() {
	for f; do case $(cpu_features) in *" $f "*) ;; *) return 1 ;; esac; done
}
cpu_has() {
	if [ -n "$X86" ]; then
		case $1 in sha384 | sha512) return 1 ;; esac
		has_flags sha_ni ssse3 sse4_1
		return
	fi
	case $1 in
	sha1) f=sha1 ;;
	sha224 | sha256) f=sha2 ;;
	*) f=sha512 ;;
	esac
	has_flags "$f"
}
# units_expected MODULE: the units MODULE must offer on this CPU, as its
# load line lists them ("available: scalar, avx2"): the vector unit with
# AVX2, BMI1 and BMI2 (x86_64) or Advanced SIMD (arm64), the crypto unit
# with its algorithm's instructions.
units_expected() {
	u=scalar
	if [ -n "$X86" ]; then
		! has_flags avx2 bmi1 bmi2 || u="$u, avx2"
		case $1 in sha512*) ;; *) ! has_flags sha_ni ssse3 sse4_1 || u="$u, ni" ;; esac
	else
		{ has_flags asimd || has_flags neon; } && u="$u, neon"
		case $1 in sha1*) a=sha1 ;; sha256*) a=sha256 ;; *) a=sha512 ;; esac
		! cpu_has $a || u="$u, ce"
	fi
	echo "$u"
}

# A line of its own first: the console may hold what systemd wrote to it.
echo
echo "KTAP version 1"
echo "1..1"
ktap_subtest "debian-system-$BOOT"
ktap_result 0 "boot-$BOOT" "$(uname -r), PID 1 $(readlink /proc/1/exe), $(grep -m1 PRETTY_NAME /etc/os-release | cut -d= -f2)"
[ "$(readlink /proc/1/exe)" = /usr/lib/systemd/systemd ]
ktap_result $? systemd-is-init "$(readlink /proc/1/exe)"
# The kernel unpacked an initramfs, Debian's (initramfs-tools leaves
# /run/initramfs behind), which found the root file system by its label.
unpacked=$(dmesg | grep -m1 -o 'Trying to unpack rootfs image as initramfs')
[ -n "$unpacked" ] && [ -d /run/initramfs ] && grep -q 'root=LABEL=debian-root' /proc/cmdline &&
	[ "$(findmnt -n -o SOURCE /)" = "$(readlink -f /dev/disk/by-label/debian-root)" ]
ktap_result $? debian-initramfs-mounted-root "${unpacked:-no initramfs unpacked}; / is $(findmnt -n -o SOURCE /)"

loaded() { for m in $MODULES; do [ -d "/sys/module/$m" ] && echo "$m"; done; }

case $BOOT in
install)
	ktap_result "$([ -z "$(loaded)" ] && echo 0 || echo 1)" none-of-ours-before-install "loaded: $(loaded)"
	# A copy of the package for another ABI of Debian's kernel, which this
	# system does not have: apt must refuse it, by its dependency.
	OTHER=linux-image-0.0.0+deb0-${REL##*-}
	mkdir -p "$W/other"
	dpkg-deb -R "$DEB" "$W/other/tree"
	sed -i "/^Depends:/s/linux-image-$REL/$OTHER/g" "$W/other/tree/DEBIAN/control"
	dpkg-deb -b "$W/other/tree" "$W/other/other.deb" >/dev/null
	apt-get install -s -y "$W/other/other.deb" >"$W/out" 2>&1
	rc=$?
	ktap_result "$([ $rc != 0 ] && grep -q "Depends: $OTHER" "$W/out" && echo 0 || echo 1)" \
		apt-refuses-the-package-for-another-kernel-abi \
		"exit $rc: $(grep -m1 'Depends:' "$W/out")"
	cp "$DEB" "$W/$PKG.deb"
	run apt-install apt-get install -y "$W/$PKG.deb"
	cp "$W/out" "$STATE/install.log"
	grep -q "$PKG: loaded" "$W/out"
	ktap_result $? postinst-loaded-the-modules "$(grep "$PKG:" "$W/out")"
	n=$(dpkg -L "$PKG" | grep -c "^/usr/lib/modules/$REL/updates/rust-arm-sha/.*\.ko$")
	ktap_result "$([ "$n" -gt 0 ] && echo 0 || echo 1)" modules-in-updates "$n modules in /lib/modules/$REL/updates/rust-arm-sha"
	for m in $MODULES; do
		grep -q "^alias cpu:type:.* $m\$" "/lib/modules/$REL/modules.alias"
		ktap_result $? "depmod-cpu-alias-$m" "$(grep -m1 "^alias cpu:type:.* $m\$" "/lib/modules/$REL/modules.alias")"
	done
	finish installed
	;;
installed)
	# Loaded at boot, by udev's coldplug of the CPU devices (it logs each
	# module it inserts at udev.log_level=debug, which this boot has), with
	# no modules-load.d file or /etc/modules naming them. The coldplug's
	# events first.
	udevadm settle --timeout=120
	named=$(grep -rlsE 'sha[0-9]+[-_](arm(64)?|x86[-_]64)[-_]rs' /etc/modules /etc/modules-load.d \
		/usr/lib/modules-load.d /run/modules-load.d)
	ktap_result "$([ -z "$named" ] && echo 0 || echo 1)" no-modules-load-file-names-ours "${named:-none}"
	for m in $MODULES; do
		[ -d "/sys/module/$m" ]
		ktap_result $? "loaded-at-boot-$m" "$(cat "/sys/module/$m/initstate" 2>&1)"
		said=$(journalctl -b -o short-monotonic 2>/dev/null | grep -m1 "Inserted module '$m'")
		case $said in *udev*) ok=0 ;; *) ok=1 ;; esac
		ktap_result $ok "udev-inserted-$m" "${said:-no such line in the journal}"
		# The module's load time, which its own log line gives (its
		# self-test wait is bounded: rust/rsha/shash.rs, Registration).
		took=$(dmesg | grep -m1 "$m: [0-9]* drivers registered in [0-9]* ms")
		[ -n "$took" ]
		ktap_result $? "load-time-logged-$m" "${took:-no load-time line}"
		# The units: what the CPU flags the guest sees allow, not a
		# unit fixed for the machine (a KVM guest may see neither
		# SHA-NI nor AVX2 on a host that has both: scalar, then).
		offers=$(dmesg | sed -n "s/^.*$m: unit=[a-z0-9]* (available: \(.*\))\$/\1/p" | head -n1)
		want=$(units_expected "$m")
		ktap_result "$([ "$offers" = "$want" ] && echo 0 || echo 1)" "units-from-cpu-flags-$m" \
			"offers ${offers:-nothing logged}; the CPU flags allow $want"
	done
	# /proc/crypto: ours registered for every algorithm and its HMAC, and
	# ranked first exactly where the CPU lacks the instructions.
	for alg in sha1 sha224 sha256 sha384 sha512; do
		for name in $alg "hmac($alg)"; do
			top=$(top_driver "$name")
			ours=$(awk -v want="$name" '/^name/ { n = $3 } /^driver/ && n == want && $3 ~ /-rs$/ { print $3 }' /proc/crypto | head -n1)
			if cpu_has $alg; then want=lib; else want=ours; fi
			if [ $want = ours ]; then ok=$([ "$top" = "$ours" ] && echo 0 || echo 1); else ok=$(is_ours "$top" && echo 1 || echo 0); fi
			[ -n "$ours" ] || ok=1
			ktap_result "$ok" "proc-crypto-$name-ranks-$want-first" "first: $top; ours: ${ours:-none}"
		done
	done
	# The in-kernel users, nothing named by hand: each must hold the
	# driver ranked first (its refcnt grows while the user runs).
	SERVED_BY_OURS=
	# served NAME ALG BEFORE: the check, once the user holds its transform.
	served() {
		top=$(top_driver "$2")
		after=$(refcnt "$top")
		ok=$([ -n "$top" ] && [ "${after:-0}" -gt "${3:-0}" ] && echo 0 || echo 1)
		if is_ours "$top"; then who="ours"; [ "$ok" = 0 ] && SERVED_BY_OURS="$SERVED_BY_OURS $1"; else who="the kernel's"; fi
		ktap_result "$ok" "$1-runs-on-the-first-ranked-$2" "$top ($who), refcnt $3 -> $after"
	}
	for h in sha512 sha256; do
		# dm-verity, on-disk format 0 (format 1 sha256 hashes with
		# lib/crypto directly on 7.x), on files: veritysetup attaches the
		# loop devices.
		dd if=/dev/urandom of="$W/vdata" bs=4096 count=256 2>/dev/null
		truncate -s 1M "$W/vhash"
		before=$(refcnt "$(top_driver $h)")
		run "verity-$h-format" veritysetup format --format=0 --hash=$h "$W/vdata" "$W/vhash"
		root=$(sed -n 's/^Root hash:[[:space:]]*//p' "$W/out")
		run "verity-$h-open" veritysetup open --format=0 "$W/vdata" "v$h" "$W/vhash" "$root"
		run "verity-$h-read" dd if="/dev/mapper/v$h" of=/dev/null bs=4096
		served "verity-$h" $h "$before"
		run "verity-$h-close" veritysetup close "v$h"
		# dm-integrity with hmac(ALG) and a key.
		klen=32
		[ $h = sha512 ] && klen=64
		dd if=/dev/urandom of="$W/ikey" bs=$klen count=1 2>/dev/null
		truncate -s 4M "$W/idata"
		before=$(refcnt "$(top_driver "hmac($h)")")
		k="--integrity-key-file $W/ikey --integrity-key-size $klen"
		run "integrity-hmac-$h-format" integritysetup format --batch-mode --integrity hmac-$h $k "$W/idata"
		run "integrity-hmac-$h-open" integritysetup open --integrity hmac-$h $k "$W/idata" "i$h"
		run "integrity-hmac-$h-write" dd if=/dev/urandom of="/dev/mapper/i$h" bs=4096 count=64 conv=fsync
		run "integrity-hmac-$h-read" dd if="/dev/mapper/i$h" of=/dev/null bs=4096
		served "integrity-hmac-$h" "hmac($h)" "$before"
		run "integrity-hmac-$h-close" integritysetup close "i$h"
	done
	# IPsec ESP in transport mode between two network namespaces joined by
	# veth, cbc(aes) with hmac(ALG) (documentation addresses: the guest has
	# no NIC).
	A=192.0.2.1 B=192.0.2.2
	ip netns add a && ip netns add b
	ip link add va type veth peer name vb
	ip link set va netns a && ip link set vb netns b
	ip -n a addr add $A/24 dev va && ip -n b addr add $B/24 dev vb
	for ns in a b; do ip -n $ns link set lo up && ip -n $ns link set v$ns up; done
	for h in sha512 sha256; do
		if [ $h = sha256 ]; then akey=0x$(printf '%064d' 7) alen=128; else akey=0x$(printf '%0128d' 9) alen=256; fi
		before=$(refcnt "$(top_driver "hmac($h)")")
		for ns in a b; do
			ip -n $ns xfrm state flush && ip -n $ns xfrm policy flush
			for spi in "$A $B 0x1000" "$B $A 0x2000"; do
				set -- $spi
				ip -n $ns xfrm state add src $1 dst $2 proto esp spi $3 mode transport \
					enc 'cbc(aes)' 0x000102030405060708090a0b0c0d0e0f auth-trunc "hmac($h)" $akey $alen
			done
		done
		ip -n a xfrm policy add src $A dst $B dir out tmpl proto esp mode transport
		ip -n b xfrm policy add src $A dst $B dir in tmpl proto esp mode transport
		ip -n b xfrm policy add src $B dst $A dir out tmpl proto esp mode transport
		ip -n a xfrm policy add src $B dst $A dir in tmpl proto esp mode transport
		run "ipsec-hmac-$h-ping" ip netns exec a ping -c 3 -W 2 $B
		p=$(ip -n a -s xfrm state list src $A dst $B | grep -A1 'lifetime current' | tail -n1 |
			grep -o '[0-9]*(packets)' | tr -dc 0-9)
		ktap_result "$([ "${p:-0}" -gt 0 ] && echo 0 || echo 1)" "ipsec-hmac-$h-packets-through-the-sa" "${p:-0} packets"
		served "ipsec-hmac-$h" "hmac($h)" "$before"
	done
	for ns in a b; do ip -n $ns xfrm policy flush; ip -n $ns xfrm state flush; done
	ip netns del a; ip netns del b
	# Not vacuous: on this CPU at least one user must have run on ours.
	ktap_result "$([ -n "$SERVED_BY_OURS" ] && echo 0 || echo 1)" some-user-runs-on-ours "${SERVED_BY_OURS:-none}"
	bad=$(dmesg | grep -E 'BUG:|WARNING:|Oops|Call trace|Unable to handle' | head -n 3)
	ktap_result "$([ -z "$bad" ] && echo 0 || echo 1)" no-kernel-warning "${bad:-none}"
	run apt-remove apt-get remove -y "$PKG"
	left=$(ls /run/depmod.d 2>/dev/null | grep rust-arm-sha)
	ktap_result "$([ -z "$left" ] && echo 0 || echo 1)" prerm-left-no-depmod-conf "${left:-none}"
	finish removed
	;;
removed)
	dpkg -s "$PKG" >"$W/out" 2>&1
	st=$(sed -n 's/^Status: //p' "$W/out")
	ktap_result "$([ -z "$st" ] && echo 0 || echo 1)" package-gone \
		"dpkg -s: ${st:-$(tail -n1 "$W/out")}"
	left=$(find /usr/lib/modules /etc -path '*rust-arm-sha*' 2>/dev/null; ls /usr/share/doc | grep rust-arm-sha)
	ktap_result "$([ -z "$left" ] && echo 0 || echo 1)" no-file-left "${left:-none}"
	left=$(grep -lE 'sha[0-9]+[-_](arm(64)?|x86[-_]64)[-_]rs' "/lib/modules/$REL"/modules.* 2>/dev/null | grep -v '\.bin$')
	ktap_result "$([ -z "$left" ] && echo 0 || echo 1)" depmod-forgot-them "${left:-none}"
	ktap_result "$([ -z "$(loaded)" ] && echo 0 || echo 1)" no-module-loaded "$(loaded)"
	left=$(grep -c '^driver.*-rs$' /proc/crypto)
	ktap_result "$([ "$left" = 0 ] && echo 0 || echo 1)" no-driver-of-ours "$left in /proc/crypto"
	finish enforced
	;;
enforced)
	# As under Secure Boot's lockdown: the kernel loads only signed
	# modules, the package's are not. Installing it must still leave
	# dpkg content and say what to do.
	enf=$(cat /sys/module/module/parameters/sig_enforce 2>&1)
	ktap_result "$([ "$enf" = Y ] && echo 0 || echo 1)" kernel-enforces-module-signatures "sig_enforce: $enf"
	cp "$DEB" "$W/$PKG.deb"
	run apt-install-under-enforcement apt-get install -y "$W/$PKG.deb"
	cp "$W/out" "$STATE/enforced.log"
	st=$(dpkg-query -W -f='${Status}' "$PKG" 2>&1)
	ktap_result "$([ "$st" = "install ok installed" ] && echo 0 || echo 1)" dpkg-install-ok-installed "dpkg: $st"
	said=$(grep -i -m1 "^$PKG:.*signature" "$W/out")
	ktap_result "$([ -n "$said" ] && echo 0 || echo 1)" postinst-names-the-cause "${said:-no line of $PKG names the signature}"
	said=$(grep -m1 "^$PKG:.*mokutil --import" "$W/out")
	ktap_result "$([ -n "$said" ] && echo 0 || echo 1)" postinst-names-the-fix "${said:-no line of $PKG names mokutil --import}"
	ktap_result "$([ -z "$(loaded)" ] && echo 0 || echo 1)" none-of-ours-loaded-unsigned "loaded: $(loaded)"
	run apt-purge apt-get purge -y "$PKG"
	st=$(dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null)
	ktap_result "$([ -z "$st" ] || [ "$st" = "unknown ok not-installed" ] && echo 0 || echo 1)" package-purged \
		"dpkg: ${st:-not known}"
	finish ""
	;;
*)
	ktap_result 1 "unknown-boot-$BOOT"
	finish ""
	;;
esac
