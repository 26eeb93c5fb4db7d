#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One boot of the DKMS lifecycle test (scripts/guest/debian-lifecycle.sh):
# run by the system's rsha-step.service from the disk labelled RSHA, which
# holds this script, lifecycle.conf (the DKMS package's name, the old and
# the new kernel release, the version of the rebuilt new kernel) and repo/,
# a local apt repository with that rebuild. Each boot is a KTAP document on
# the console ending with "@@RSHA done":
#   old       the old kernel runs ours, loaded by udev with nothing typed
#             (dkms built them for it when the package was installed);
#   new       after linux-image and linux-headers of the new ABI were
#             installed, the new kernel runs ours, built by dkms's kernel
#             hooks; then apt upgrade takes the rebuilt kernel package of
#             the same ABI from the local repository;
#   upgraded  the rebuilt package's kernel runs ours; apt purges the DKMS
#             package and nothing is left: no dkms status line, no file,
#             no depmod entry; the system powers off.
# Every boot: dpkg has no package in a broken state (dpkg --audit).
# The boot to run is in /var/lib/rsha-step/next (old when absent).
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive
HERE=$(dirname "$0")
STATE=/var/lib/rsha-step
mkdir -p "$STATE" /run/rsha-work
W=/run/rsha-work
{ read -r PKG; read -r OLDREL; read -r NEWREL; read -r NEWVER; } <"$HERE/lifecycle.conf"
REL=$(uname -r)
A=$(uname -m)
MODULES="sha1_${A}_rs sha256_${A}_rs sha512_${A}_rs"
BOOT=$(cat "$STATE/next" 2>/dev/null || echo old)

# KTAP output (ktap_subtest, ktap_result ...), as in the initramfs boots.
. "$HERE/lib.sh"
# run NAME CMD...: CMD as a test case; the detail is its exit code and last
# lines of output.
# A step can run for many minutes under TCG (apt upgrade unpacks a kernel and
# makes its initramfs) with its output going to a file: a line every two
# minutes tells the suite's silence watch (scripts/guest/run.sh) it runs.
run() {
	name=$1
	shift
	"$@" >"$W/out" 2>&1 &
	pid=$! t=0
	while kill -0 $pid 2>/dev/null; do
		sleep 2
		t=$((t + 2))
		[ $((t % 120)) != 0 ] || echo "    # still running: $name, $t s"
	done
	wait $pid
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
	if [ -n "$1" ]; then systemctl reboot --check-inhibitors=no; else systemctl poweroff --check-inhibitors=no; fi
	exit 0
}
# ours_running WANT_REL: the kernel is WANT_REL, and it runs ours, which
# udev loaded (no modules-load.d file names them) from what dkms built.
ours_running() {
	ktap_result "$([ "$REL" = "$1" ] && echo 0 || echo 1)" "kernel-is-$1" "running $REL"
	udevadm settle --timeout=120
	named=$(grep -rlsE "sha[0-9]+_${A}_rs|sha[0-9]+-${A}-rs" /etc/modules /etc/modules-load.d \
		/usr/lib/modules-load.d /run/modules-load.d)
	ktap_result "$([ -z "$named" ] && echo 0 || echo 1)" no-modules-load-file-names-ours "${named:-none}"
	st=$(dkms status 2>&1 | grep -F ", $REL, ")
	case $st in *": installed"*) ok=0 ;; *) ok=1 ;; esac
	ktap_result $ok "dkms-installed-for-$REL" "${st:-no dkms status line for $REL}"
	for m in $MODULES; do
		f=$(modinfo -n "$m" 2>/dev/null)
		case $f in */updates/dkms/*) ok=0 ;; *) ok=1 ;; esac
		ktap_result $ok "depmod-finds-dkms-build-of-$m" "${f:-modinfo finds no $m}"
		[ -d "/sys/module/$m" ]
		ktap_result $? "loaded-at-boot-$m" "$(cat "/sys/module/$m/initstate" 2>&1)"
		said=$(journalctl -b -o short-monotonic 2>/dev/null | grep -m1 "Inserted module '$m'")
		case $said in *udev*) ok=0 ;; *) ok=1 ;; esac
		ktap_result $ok "udev-inserted-$m" "${said:-no such line in the journal}"
	done
	n=$(grep -c '^driver.*-rs$' /proc/crypto)
	ktap_result "$([ "$n" -gt 0 ] && echo 0 || echo 1)" drivers-of-ours-registered "$n in /proc/crypto"
}
# dpkg_sound: no package half-installed, half-configured or awaiting
# triggers.
dpkg_sound() {
	a=$(dpkg --audit 2>&1)
	ktap_result "$([ -z "$a" ] && echo 0 || echo 1)" "dpkg-audit-clean-$BOOT" "${a:-nothing}"
}

echo
echo "KTAP version 1"
echo "1..1"
ktap_subtest "debian-lifecycle-$BOOT"
ktap_result 0 "boot-$BOOT" "$REL, $(dpkg-query -W -f='${Package} ${Version}' "linux-image-$REL" 2>&1)"

case $BOOT in
old)
	ours_running "$OLDREL"
	dpkg_sound
	finish new
	;;
new)
	ours_running "$NEWREL"
	# A stable update of the same ABI, from the local repository in
	# place of Debian's mirror (the guest has no network).
	echo "deb [trusted=yes] file:$HERE/repo ./" >/etc/apt/sources.list.d/rsha-local.list
	run apt-update-local apt-get update -o Dir::Etc::sourcelist=/etc/apt/sources.list.d/rsha-local.list \
		-o Dir::Etc::sourceparts=-
	run apt-upgrade apt-get upgrade -y
	cp "$W/out" "$STATE/upgrade.log"
	v=$(dpkg-query -W -f='${Version}' "linux-image-$NEWREL" 2>&1)
	ktap_result "$([ "$v" = "$NEWVER" ] && echo 0 || echo 1)" apt-upgrade-took-the-rebuilt-kernel \
		"linux-image-$NEWREL $v (the rebuild: $NEWVER)"
	dpkg_sound
	rm -f /etc/apt/sources.list.d/rsha-local.list
	finish upgraded
	;;
upgraded)
	v=$(dpkg-query -W -f='${Version}' "linux-image-$NEWREL" 2>&1)
	ktap_result "$([ "$v" = "$NEWVER" ] && echo 0 || echo 1)" running-the-rebuilt-kernel-package "$v"
	ours_running "$NEWREL"
	run apt-purge-dkms-package apt-get purge -y "$PKG"
	st=$(dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null)
	ktap_result "$([ -z "$st" ] || [ "$st" = "unknown ok not-installed" ] && echo 0 || echo 1)" package-purged \
		"dpkg: ${st:-not known}"
	st=$(dkms status 2>&1)
	ktap_result "$([ -z "$st" ] && echo 0 || echo 1)" dkms-status-empty "${st:-empty}"
	left=$(find /usr/lib/modules /usr/src /var/lib/dkms /etc \( -path '*rust-arm-sha*' -o \
		-name "sha*_${A}_rs.ko*" -o -name "sha*-${A}-rs.ko*" \) 2>/dev/null | head -n 5)
	ktap_result "$([ -z "$left" ] && echo 0 || echo 1)" no-file-left "${left:-none}"
	left=$(grep -lE "sha[0-9]+[-_]${A}[-_]rs" /usr/lib/modules/*/modules.* 2>/dev/null | grep -v '\.bin$')
	ktap_result "$([ -z "$left" ] && echo 0 || echo 1)" depmod-forgot-them "${left:-none}"
	dpkg_sound
	finish ""
	;;
*)
	ktap_result 1 "unknown-boot-$BOOT"
	finish ""
	;;
esac
