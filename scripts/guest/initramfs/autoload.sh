# SPDX-License-Identifier: GPL-2.0
#
# Module installation and on-demand loading, in the guest.
#
#   sh /autoload.sh setup NUM
#	every boot, before any module is loaded: kmod's depmod, modprobe and
#	modinfo as /sbin/*, and depmod over /lib/modules/$(uname -r), where
#	scripts/guest/rootfs.sh installed this project's modules beside the
#	kernel's. From then on the kernel's own module requests
#	(request_module(), /sbin/modprobe) find them by their aliases.
#   sh /autoload.sh test NUM MODULE...
#	with nothing loaded by hand yet: modprobe of an alias, and the kernel's
#	own requests from an AF_ALG bind and a dm-verity table, load MODULE
#	(the drivers), and the kernel then hashes with the driver of highest
#	priority: ours where it ranks first (its debugfs block counters grow),
#	else the kernel's (7.x's <alg>-lib on a CPU with the Crypto Extensions:
#	Documentation/drivers.rst, "Priorities on 7.3"; ours stay still).
#	Unloads what it loaded but the generic drivers. First, where the
#	initramfs has a user's build of the modules (/lib/user-modules: README.md's
#	own-kernel route, scripts/build/readme-route.sh), runs the README's
#	board-side blocks on it as written: install and load, check, uninstall;
#	it must register the selected driver of each algorithm and no other.
#
# Results: subtest NUM of the boot's KTAP document ("modules" for setup,
# "autoload" for test; /lib/rsha.sh).

. /lib/rsha.sh
# loaded MODULE: whether MODULE (as named by Kbuild) is in the kernel.
loaded() { [ -d "/sys/module/$(modname "$1")" ]; }
blocks() { our_blocks "$@"; }
# unload REGEX ERRFILE: rmmod every loaded module whose name matches REGEX
# (awk), errors to ERRFILE; fails when one stays.
unload() {
	urc=0
	for m in $(lsmod | awk -v re="$1" 'NR > 1 && $1 ~ re { print $1 }'); do
		rmmod "$m" 2>>"$2" || urc=1
	done
	return $urc
}
# module_of PREFIX: the one of the MODULE arguments named PREFIX-*.
module_of() { for m in $MODULES; do case $m in "$1"-*) echo "$m"; return ;; esac; done; }

case $1 in
setup)
	ktap_subtest modules
	[ -x /bin/kmod ]
	ktap_result $? kmod "$(ls -l /bin/kmod 2>&1)"
	mkdir -p /sbin
	for t in depmod modprobe modinfo; do ln -sf /bin/kmod /sbin/$t; done
	ktap_cmd depmod /sbin/depmod -a
	grep -q "^alias crypto-sha256 " "/lib/modules/$(uname -r)/modules.alias"
	ktap_result $? modules-alias "$(grep -c . "/lib/modules/$(uname -r)/modules.alias" 2>&1) aliases"
	ktap_subtest_end "$2"
	exit 0
	;;
test) NUM=$2; shift 2; MODULES=$* ;;
*) echo "usage: autoload.sh setup NUM | test NUM MODULE..." >&2; exit 2 ;;
esac

SHA1=$(module_of sha1) SHA256=$(module_of sha256) SHA512=$(module_of sha512)
# The sha1 driver built into the kernel, if any (its module is "kernel").
BUILTIN_SHA1=$(awk '/^name/ { n = $3 } /^driver/ { d = $3 }
	/^module/ { if (n == "sha1" && $3 == "kernel") { print d; exit } }' /proc/crypto)
# The loads here repeat the self-tests that the suite's own loads run in full
# right after: a few fuzz iterations are enough for them.
FUZZ=/sys/module/cryptomgr/parameters/fuzz_iterations
fuzz=$(cat $FUZZ 2>/dev/null)
[ -z "$fuzz" ] || echo 10 >$FUZZ
ktap_subtest autoload

# 0. README.md's own-kernel route on the board. scripts/build/readme-route.sh
#    ran its build block on the host and put here what the route copies to
#    the board: the three modules from its staging root and the README's
#    board-side blocks, which run here as written, as root in the directory
#    of the .ko files (no copy to a board: the initramfs is it). The install
#    block (cp into /lib/modules/$(uname -r)/updates/, depmod -a,
#    modprobe -a) must succeed; the user's build then registers one driver
#    per algorithm and one for its HMAC: the selected ones. The check block
#    (section 4) must print first the driver a lookup of sha256 finds
#    (top_driver); whether that is ours where the priority rule says so, the
#    host checks on /proc/crypto as it is here ("proc-crypto user-build",
#    scripts/results/parse.py). The uninstall block (modprobe -r, rm,
#    depmod -a) then leaves no updates/ module to shadow the suite's own.
if [ -d /lib/user-modules ]; then
	# The suite's own build of the three modules is set aside meanwhile, so
	# that modprobe can find only the README's.
	rel=$(uname -r)
	mkdir -p /tmp/rsha-aside
	for m in $MODULES; do mv "/lib/modules/$rel/rsha/$m.ko" /tmp/rsha-aside/; done
	ktap_cmd readme-install-block sh -c 'cd /lib/user-modules && sh -e ./readme-install.sh'
	want=
	for m in $MODULES; do
		arch=${m#*-} arch=${arch%-rs}
		for a in $(module_algs "$m"); do want="$want $a-$arch-auto-rs hmac-$a-$arch-auto-rs"; done
	done
	wait_larvals
	have=$(awk -v mods=" $(modname "$MODULES") " '/^driver/ { d = $3 }
		/^module/ { if (index(mods, " " $3 " ")) print d }' /proc/crypto | sort | tr '\n' ' ')
	want=$(printf '%s\n' $want | sort | tr '\n' ' ')
	[ "$have" = "$want" ]
	ktap_result $? user-build-registers-one-driver-per-algorithm "want: $want; /proc/crypto: $have"
	proc_crypto user-build
	(cd /lib/user-modules && sh ./readme-check.sh) >/tmp/readme-check.out 2>&1
	rc=$?
	first=$(head -n 1 /tmp/readme-check.out | awk '{ print $2 }')
	top=$(top_driver sha256)
	[ $rc = 0 ] && [ -n "$top" ] && [ "$first" = "$top" ]
	ktap_result $? readme-check-block-names-the-top-driver "exit $rc; first: ${first:-none}; lookup: ${top:-none}; output: $(head -c 1500 /tmp/readme-check.out)"
	ktap_cmd readme-uninstall-block sh -c 'cd /lib/user-modules && sh -e ./readme-uninstall.sh'
	mv /tmp/rsha-aside/*.ko "/lib/modules/$rel/rsha/" && depmod -a
	# With the sha1 module its self-test loaded (the generic reference), so
	# that step 1 starts from nothing loaded; updates/ must be empty again.
	unload '^sha[0-9]+_(arm[0-9]*|x86_64)_rs$' /tmp/al.err && unload '^sha1(_generic)?$' /tmp/al.err &&
		[ -z "$(ls "/lib/modules/$(uname -r)/updates" 2>/dev/null)" ]
	ktap_result $? user-build-unload "$(cat /tmp/al.err 2>/dev/null) updates/: $(ls "/lib/modules/$(uname -r)/updates" 2>&1 | tr '\n' ' ')"
fi

# From here on the loads show which modules the requests load and which
# driver then hashes: their self-tests are off, ours and those of the
# kernel's modules that share the aliases (the suite's own loads right after
# run ours with the boot's fuzz count; the user build above ran its own).
NOTESTS=/sys/module/cryptomgr/parameters/notests
[ ! -w $NOTESTS ] || echo 1 >$NOTESTS

# 1. The starting point: none of ours is loaded.
rc=0
for m in $MODULES; do loaded "$m" && rc=1; done
ktap_result $rc nothing-loaded "$(lsmod 2>/dev/null | tr '\n' ' ')"

mkdir -p /tmp/al
dd if=/dev/urandom of=/tmp/al/msg bs=1024 count=64 2>/dev/null
# counted_by_top ALG BEFORE AFTER: whether our ALG drivers' block counters,
# BEFORE and AFTER a hash of at least 512 blocks, say that the driver ranked
# first hashed it: they grew by 512 or more where it is ours, not at all
# where it is the kernel's.
counted_by_top() {
	case $(top_driver "$1") in
	*-rs) [ "$(($3 - $2))" -ge 512 ] ;;
	*) [ "$3" = "$2" ] ;;
	esac
}
# hashed_by_top ALG STEP: an AF_ALG hash of ALG (64 KiB, at least 512 blocks)
# is hashed by the ALG driver of highest priority (counted_by_top).
hashed_by_top() {
	before=$(blocks "$1")
	out=$(afalg-hash "$1" /tmp/al/msg 2>&1)
	after=$(blocks "$1")
	counted_by_top "$1" "$before" "$after" && ! echo "$out" | grep -q ERROR
	ktap_result $? "$2" "ranked first: $(top_driver "$1"); blocks of our $1 drivers: $before -> $after; $out"
}

# 2, 3. A user's modprobe by the algorithm's crypto alias; the kernel then
# picks the driver of highest priority for "sha256". (The generic sha256 and sha512 are
# built in, so no in-kernel request for them ever reaches modprobe.)
/sbin/modprobe crypto-sha256 2>/tmp/al.err
loaded "$SHA256"
ktap_result $? "modprobe-crypto-sha256-loads-$SHA256" "$(cat /tmp/al.err)"
hashed_by_top sha256 afalg-sha256-hashed-by-the-top-driver

# 4, 5. An AF_ALG bind to "sha1": the kernel finds no sha1 (sha1-generic, or
# sha1-lib, is a module too), asks modprobe for crypto-sha1, and picks the driver of
# highest priority, which hashes the request.
# A kernel with sha1 built in (a distribution's: Debian's sha1-lib) finds
# one and asks modprobe for nothing: a request by the name "sha1" never
# loads ours there, only one by our driver's name does (the module's
# crypto-<driver> alias), and the step checks both.
if [ -n "$BUILTIN_SHA1" ]; then
	out=$(afalg-hash sha1 /tmp/al/msg 2>&1)
	! loaded "$SHA1"
	ktap_result $? "afalg-sha1-served-by-builtin-$BUILTIN_SHA1" "$out"
	# 7.3's AF_ALG binds driver names only with the allowlist lifted
	# (users.sh says more).
	r=/proc/sys/crypto/af_alg_restrict
	restrict=$(cat $r 2>/dev/null)
	[ -z "$restrict" ] || echo 0 >$r
	out=$(afalg-hash "${SHA1%-rs}-auto-rs" /tmp/al/msg 2>&1)
	[ -z "$restrict" ] || echo "$restrict" >$r
else
	out=$(afalg-hash sha1 /tmp/al/msg 2>&1)
fi
loaded "$SHA1"
ktap_result $? "afalg-sha1-loads-$SHA1" "$out"
# The load's self-tests count too; a second request shows ours alone.
hashed_by_top sha1 afalg-sha1-hashed-by-the-top-driver

# 6-9. Unloaded again, with every other sha1 module the request loaded too
# (sha1-generic, and the in-tree ARM ones: all share the alias; on 7.3 the
# module "sha1", whose driver is sha1-lib), a dm-verity
# table with sha1: formatting hashes in user space, so only opening the device
# makes the kernel request sha1, which loads ours; the table then holds the
# sha1 driver of highest priority (where it is ours, a reference on our
# module; 6.12's dm-verity names the driver in the kernel log) and reading the
# device hashes with it.
unload '^sha1(_|$)' /tmp/al.err &&
	if [ -n "$BUILTIN_SHA1" ]; then ! grep -q '^module *: sha1_' /proc/crypto; else ! grep -q '^name *: sha1$' /proc/crypto; fi
ktap_result $? sha1-unloaded "$(cat /tmp/al.err)"
# With sha1 built in, the table would get the built-in driver (no request):
# a user loads ours first, as Documentation/distribution-kernels.rst says
# (modules-load.d); the table then holds it.
[ -z "$BUILTIN_SHA1" ] || /sbin/modprobe crypto-sha1 2>>/tmp/al.err
dd if=/dev/urandom of=/tmp/al/vdata bs=4096 count=64 2>/dev/null
dd if=/dev/zero of=/tmp/al/vhash bs=4096 count=8 2>/dev/null
# The nodes may not exist yet where loop is a module (Debian's); opening one
# makes the kernel request it (block-major-7-N).
for i in 6 7; do [ -b /dev/loop$i ] || mknod /dev/loop$i b 7 $i; done
losetup /dev/loop6 /tmp/al/vdata && losetup /dev/loop7 /tmp/al/vhash
root=$(veritysetup format --hash=sha1 /dev/loop6 /dev/loop7 2>/tmp/al.err | sed -n 's/^Root hash:[[:space:]]*//p')
veritysetup open /dev/loop6 al-verity /dev/loop7 "$root" 2>>/tmp/al.err
refcnt=$(cat "/sys/module/$(modname "$SHA1")/refcnt" 2>/dev/null)
uses=$(dmesg | grep 'verity: sha1 using' | tail -n 1)
top=$(top_driver sha1)
# 6.12's dm-verity names the driver it got; 7.3's says nothing, and the
# table's reference (or none) on our module and the read below (our
# counters) show it.
case $top in *-rs) held=1 ;; *) held=0 ;; esac
[ -n "$root" ] && loaded "$SHA1" &&
	if [ $held = 1 ]; then [ "${refcnt:-0}" -ge 1 ]; else [ "$refcnt" = 0 ]; fi &&
	{ [ -z "$uses" ] || echo "$uses" | grep -qF "\"$top\""; }
ktap_result $? "verity-sha1-open-loads-$SHA1" "ranked first: ${top:-none}; root hash ${root:-none}, our refcnt ${refcnt:-none}; ${uses:-no verity message}; $(cat /tmp/al.err)"
before=$(blocks sha1)
dd if=/dev/mapper/al-verity of=/dev/null bs=4096 2>/tmp/al.err
rc=$?
after=$(blocks sha1)
[ $rc = 0 ] && counted_by_top sha1 "$before" "$after"
ktap_result $? verity-read-hashed-by-the-top-driver "ranked first: ${top:-none}; blocks of our sha1 drivers: $before -> $after; $(cat /tmp/al.err)"
veritysetup close al-verity
losetup -d /dev/loop6; losetup -d /dev/loop7
refcnt=$(cat "/sys/module/$(modname "$SHA1")/refcnt" 2>/dev/null)
[ "$refcnt" = 0 ]
ktap_result $? verity-close-releases-the-module "refcnt ${refcnt:-none}"

# 10, 11. modprobe crypto-sha512; "sha512" then hashes with the driver of
# highest priority.
/sbin/modprobe crypto-sha512 2>/tmp/al.err
loaded "$SHA512"
ktap_result $? "modprobe-crypto-sha512-loads-$SHA512" "$(cat /tmp/al.err)"
hashed_by_top sha512 afalg-sha512-hashed-by-the-top-driver

# 12. At boot, udev's coldplug loads the modules of each CPU device's
# modalias (its features, GENERIC_CPU_AUTOPROBE): with ours unloaded,
# modprobe of CPU 0's modalias must load every one of them (their CPU
# device table, rust/rsha/helpers.c), as it loads the in-tree CE modules.
unload '^sha[0-9]+_(arm|ce|x86_64|ssse3)' /tmp/al.err
cpu_alias=$(sed -n 's/^MODALIAS=//p' /sys/devices/system/cpu/cpu0/uevent)
/sbin/modprobe -a "$cpu_alias" 2>>/tmp/al.err
rc=0 missing=
for m in $MODULES; do loaded "$m" || { rc=1 missing="$missing $m"; }; done
[ -n "$cpu_alias" ] || rc=1
ktap_result $rc cpu-modalias-loads-every-module "missing:${missing:- none}; modalias ${cpu_alias:-none}; $(cat /tmp/al.err)"

# 13. What the requests loaded goes again, so that the suite's own loads
# start from nothing: ours and the in-tree architecture drivers that share
# the aliases (ARM's sha*_arm*, sha*_ce; x86's sha*_ssse3 on 6.12); the
# generic drivers stay, as the self-tests' reference.
unload '^sha[0-9]+_(arm|ce|x86_64|ssse3)' /tmp/al.rmmod
ktap_result $? unload "$(cat /tmp/al.rmmod 2>/dev/null)"
[ -z "$fuzz" ] || echo "$fuzz" >$FUZZ
[ ! -w $NOTESTS ] || echo 0 >$NOTESTS
ktap_subtest_end "$NUM"
