# SPDX-License-Identifier: GPL-2.0
#
# Shell functions the maintainer scripts of both packages share (the build
# puts this file in place of their "#@REFUSAL@" line). POSIX sh, set -e safe.
#
# rsha_load PACKAGE MODULE...: modprobe each module of the running kernel.
# A module the kernel refuses is reported with the kernel's reason and what
# to do about it, and never makes the caller fail: a refusal is a property
# of the running kernel (its signature policy, its build), which no dpkg
# state can change, and a failed postinst would leave the package
# half-configured and apt failing at every later run.
rsha_load() {
	rsha_pkg=$1
	shift
	rsha_refused=
	for rsha_m in "$@"; do
		if rsha_out=$(modprobe "$rsha_m" 2>&1); then
			continue
		fi
		rsha_refused="$rsha_refused $rsha_m"
		# The kernel's own lines, prefixed with the module's name as the
		# kernel spells it (underscores), "Lockdown:" or "Loading of".
		rsha_k=$(echo "$rsha_m" | tr - _)
		rsha_log=$(dmesg 2>/dev/null | grep -E "$rsha_k: |Lockdown: |Loading of .* is rejected" | tail -n 3 || true)
		echo "$rsha_pkg: the kernel refuses $rsha_m: $rsha_out" >&2
		[ -z "$rsha_log" ] || printf '%s\n' "$rsha_log" | sed 's/^/  kernel: /' >&2
		# modprobe's error names the cause; the kernel's log when it does not.
		rsha_explain "$rsha_pkg" "$rsha_out" "$rsha_log" >&2
	done
	if [ -n "$rsha_refused" ]; then
		echo "$rsha_pkg: installed, but not loaded:$rsha_refused (the package stays installed; Documentation/troubleshooting.rst of rust-arm-sha has every case)" >&2
	else
		echo "$rsha_pkg: loaded $*; udev loads them at every boot of $(uname -r)"
	fi
	return 0
}

# rsha_explain PACKAGE MODPROBE_ERROR KERNEL_LOG: the cause of a refusal
# and its fix, from modprobe's error, else from the kernel's log lines.
rsha_explain() {
	case $2 in
	*"Key was rejected"* | *"Required key not available"* | *"Operation not permitted"* | \
		*"Exec format error"* | *"Unknown symbol"*) rsha_why=$2 ;;
	*) rsha_why="$2 $3" ;;
	esac
	case $rsha_why in
	*"version magic"* | *"Exec format error"*)
		echo "$1: cause: version magic. The modules were built for another kernel release or configuration than the running $(uname -r)."
		echo "$1: fix: build the package for this kernel (scripts/debian-kernel.sh --arch $(dpkg --print-architecture) <its ABI>) or use rust-arm-sha-dkms, which builds for every kernel installed." ;;
	*"Unknown symbol"* | *"unknown parameter"*)
		echo "$1: cause: unknown symbol. The running kernel exports other symbols than the tree the modules were built against (another build of the same release, or other compilers)."
		echo "$1: fix: build against exactly this kernel's source, .config and compilers (scripts/debian-kernel.sh does, as does rust-arm-sha-dkms)." ;;
	*"Key was rejected"* | *"Required key not available"* | *"module verification failed"* | \
		*"Loading of "*" is rejected"* | *"unsigned module loading is restricted"* | *"Operation not permitted"*)
		echo "$1: cause: signature. This kernel loads only modules signed with a key it trusts (Secure Boot lockdown or module.sig_enforce=1)."
		case $1 in
		*-dkms)
			echo "$1: fix: enroll dkms's key as a Machine Owner Key: mokutil --import /var/lib/dkms/mok.pub, reboot, confirm it in the MOK manager; dkms signs every build with it." ;;
		*)
			echo "$1: fix: build the package signed (scripts/debian-kernel.sh --sign-key KEY --sign-cert CERT.der), enroll the certificate (mokutil --import CERT.der, reboot, confirm it), install that package; or use rust-arm-sha-dkms, signed with dkms's MOK key." ;;
		esac ;;
	*)
		echo "$1: cause: see the messages above; fix: Documentation/troubleshooting.rst of rust-arm-sha." ;;
	esac
}
