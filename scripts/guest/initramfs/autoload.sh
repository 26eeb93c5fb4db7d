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
#	with nothing loaded by hand yet: modprobe of an alias, an AF_ALG bind
#	and a dm-verity table each load one of MODULE (the drivers), and the
#	kernel then hashes with our driver (its debugfs block counters grow).
#	Unloads what it loaded but the generic drivers.
#
# Results: subtest NUM of the boot's KTAP document ("modules" for setup,
# "autoload" for test; /lib/rsha.sh).

. /lib/rsha.sh
# loaded MODULE: whether MODULE (as named by Kbuild) is in the kernel.
loaded() { [ -d "/sys/module/$(modname "$1")" ]; }
# blocks DRIVER_PREFIX: blocks hashed by our drivers whose names start with it.
blocks() {
	cat /sys/kernel/debug/*_rs/"$1"*-rs/blocks_* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
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
# The loads here repeat the self-tests that the suite's own loads run in full
# right after: a few fuzz iterations are enough for them.
FUZZ=/sys/module/cryptomgr/parameters/fuzz_iterations
fuzz=$(cat $FUZZ 2>/dev/null)
[ -z "$fuzz" ] || echo 10 >$FUZZ
ktap_subtest autoload

# 1. The starting point: none of ours is loaded.
rc=0
for m in $MODULES; do loaded "$m" && rc=1; done
ktap_result $rc nothing-loaded "$(lsmod 2>/dev/null | tr '\n' ' ')"

# 2. A user's modprobe by the algorithm's crypto alias.
/sbin/modprobe crypto-sha1 2>/tmp/al.err
loaded "$SHA1"
ktap_result $? "modprobe-crypto-sha1-loads-$SHA1" "$(cat /tmp/al.err)"

# 3, 4. An AF_ALG bind to "sha512": the kernel finds no sha512, asks modprobe
# for crypto-sha512, and then picks the driver of highest priority: ours
# hashes the second request (its block counters grow by the message's blocks).
mkdir -p /tmp/al
dd if=/dev/urandom of=/tmp/al/msg bs=1024 count=64 2>/dev/null
out=$(afalg-hash sha512 /tmp/al/msg 2>&1)
loaded "$SHA512"
ktap_result $? "afalg-sha512-loads-$SHA512" "$out"
before=$(blocks sha512)
afalg-hash sha512 /tmp/al/msg >/tmp/al/again 2>&1
after=$(blocks sha512)
[ "$((after - before))" -ge 512 ] && grep -q "$(echo "$out" | cut -d' ' -f2)" /tmp/al/again
ktap_result $? afalg-sha512-hashes-with-ours "sha512 blocks of our drivers: $before -> $after (message: 512 blocks)"

# 5-8. A dm-verity table with sha256: formatting hashes in user space, so
# only opening the device makes the kernel request sha256; the table then
# holds our driver (a module reference) and reading the device hashes with it.
dd if=/dev/urandom of=/tmp/al/vdata bs=4096 count=64 2>/dev/null
dd if=/dev/zero of=/tmp/al/vhash bs=4096 count=8 2>/dev/null
losetup /dev/loop6 /tmp/al/vdata && losetup /dev/loop7 /tmp/al/vhash
root=$(veritysetup format --hash=sha256 /dev/loop6 /dev/loop7 2>/tmp/al.err | sed -n 's/^Root hash:[[:space:]]*//p')
! loaded "$SHA256" && [ -n "$root" ]
ktap_result $? verity-format-loads-nothing "root hash ${root:-none}; $(cat /tmp/al.err)"
veritysetup open /dev/loop6 al-verity /dev/loop7 "$root" 2>/tmp/al.err
loaded "$SHA256" && [ "$(cat "/sys/module/$(modname "$SHA256")/refcnt")" -ge 1 ]
ktap_result $? "verity-open-loads-$SHA256" "refcnt $(cat "/sys/module/$(modname "$SHA256")/refcnt" 2>/dev/null); $(cat /tmp/al.err)"
before=$(blocks sha256)
dd if=/dev/mapper/al-verity of=/dev/null bs=4096 2>/tmp/al.err
rc=$?
after=$(blocks sha256)
[ $rc = 0 ] && [ "$after" -gt "$before" ]
ktap_result $? verity-read-hashes-with-ours "sha256 blocks of our drivers: $before -> $after; $(cat /tmp/al.err)"
veritysetup close al-verity
losetup -d /dev/loop6; losetup -d /dev/loop7
[ "$(cat "/sys/module/$(modname "$SHA256")/refcnt")" = 0 ]
ktap_result $? verity-close-releases-the-module "refcnt $(cat "/sys/module/$(modname "$SHA256")/refcnt" 2>/dev/null)"

# 9. What the requests loaded goes again, so that the suite's own loads
# start from nothing: ours and the in-tree architecture drivers that share
# the aliases; the generic drivers stay, as the self-tests' reference.
rc=0
for m in $(lsmod | awk 'NR > 1 && $1 ~ /^sha[0-9]+_arm/ { print $1 }'); do
	rmmod "$m" 2>>/tmp/al.rmmod || rc=1
done
ktap_result $rc unload "$(cat /tmp/al.rmmod 2>/dev/null)"
[ -z "$fuzz" ] || echo "$fuzz" >$FUZZ
ktap_subtest_end "$NUM"
