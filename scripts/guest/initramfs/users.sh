#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# In-kernel users of the drivers, run by /init when rsha.users=1, after our
# modules are loaded. It reports the subtest "users" of the boot's KTAP
# document (number NUM), one step each of dm-verity/crypt/integrity and IPsec,
# and data for scripts/results/parse.py on the host:
#   @@RSHA cavp SET DRIVER INDEX DIGEST     one test vector through AF_ALG
#                                           (cavp-split: sent in MSG_MORE pieces;
#                                           cavp-kcapi: through kcapi-dgst)
#   @@RSHA compare ALG DRIVER REF SEED EXIT SECONDS SUMMARY...
#                                           DRIVER against the kernel's REF over
#                                           random messages (compare-detail
#                                           DRIVER LINE: its first differences)
#   @@RSHA compare-negative-control ALG DRIVER REF SEED EXIT SUMMARY...
#                                           the same for the negative control's
#                                           deliberately wrong driver
#   @@RSHA pinned MODULE REFCNT             a module still held at the end
#   @@RSHA begin/end ...                    /proc/crypto and kernel log excerpts
#
#   users.sh NUM [SECTIONS]
export DM_DISABLE_UDEV=1 PATH=/sbin:/bin:/usr/sbin:/usr/bin:/bb
. /lib/rsha.sh
NUM=$1; shift
# busybox sh runs its own applet for a bare "ip" whatever PATH says: Debian's
# iproute2 (for netns and xfrm) is called by its path.
IP=/bin/ip
mkdir -p /run/cryptsetup /run/netns /var/run /tmp/u
# Sections to run: the argument, e.g. "verity,ipsec" (rsha.users=verity,ipsec);
# 1 or nothing means all.
SECTIONS=,$(echo ${1:-1} | tr ' ' ,),
want() { case $SECTIONS in ,1, | *,$1,*) return 0 ;; esac; return 1; }
# run NAME CMD...: run CMD as step NAME, passed when it succeeds; the detail is
# its exit code and last output line.
run() {
	name=$1; shift
	"$@" >/tmp/u/out 2>&1; rc=$?
	ktap_result $rc "$name" "exit $rc: $(tail -n1 /tmp/u/out)"
	return $rc
}
# run_fails NAME CMD...: the same, passed when CMD fails (corrupted data).
run_fails() {
	name=$1; shift
	"$@" >/tmp/u/out 2>&1; rc=$?
	ktap_result $((rc == 0)) "$name" "exit $rc: $(tail -n1 /tmp/u/out)"
}
ktap_subtest users

# From 7.3 on, AF_ALG binds only the algorithm names of an allowlist
# (crypto.af_alg_restrict=1, the default): the vectors below name each of our
# drivers, so the guest lifts the restriction (0), as a test system may.
if [ -w /proc/sys/crypto/af_alg_restrict ]; then
	say af-alg-restrict "$(cat /proc/sys/crypto/af_alg_restrict) -> 0"
	echo 0 >/proc/sys/crypto/af_alg_restrict
fi

mount -t tmpfs tmpfs /tmp/u
mknod_loop() { [ -b /dev/loop$1 ] || mknod /dev/loop$1 b 7 $1; }
for i in 0 1 2 3 4 5; do mknod_loop $i; done
mkfile() { dd if=/dev/urandom of="$1" bs=1024 count="$2" 2>/dev/null; }
# flip_byte DEV OFFSET: replace the byte at OFFSET by its complement.
flip_byte() {
	v=$(dd if="$1" bs=1 skip="$2" count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
	printf "\\$(printf %03o $((255 - v)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# 1. dm-verity, sha256 and sha512 (on-disk format 1, veritysetup's default)
#    and sha256 in format 0 (the salt after the data): format, verify, map,
#    read, with our drivers' block counters before and after the read; then
#    one byte of the data device flipped: verify and the read through the
#    mapping must fail. From 6.18 on dm-verity hashes format-1 sha256 with
#    lib/crypto's SHA-256 directly, not through the crypto API; format 0 still
#    goes through the crypto API's sha256.
want verity && for spec in sha256:1 sha512:1 sha256:0; do
	h=${spec%:*} fmt=${spec#*:}
	# (not "name": run() sets that)
	case $fmt in 1) vname=$h ;; *) vname=$h-v$fmt ;; esac
	mkfile /tmp/u/vdata 4096; mkfile /tmp/u/vhash 512
	losetup /dev/loop0 /tmp/u/vdata; losetup /dev/loop1 /tmp/u/vhash
	run verity-$vname-format veritysetup format --format=$fmt --hash=$h /dev/loop0 /dev/loop1
	root=$(sed -n 's/^Root hash:[[:space:]]*//p' /tmp/u/out)
	run verity-$vname-verify veritysetup verify --format=$fmt /dev/loop0 /dev/loop1 "$root"
	run verity-$vname-open veritysetup open --format=$fmt /dev/loop0 v$h /dev/loop1 "$root"
	b0=$(our_blocks $h)
	run verity-$vname-read dd if=/dev/mapper/v$h of=/dev/null bs=4096
	say verity-blocks "$vname" "$b0" "$(our_blocks $h)"
	proc_crypto verity-$vname
	kernel_log verity-$vname-open
	run verity-$vname-close veritysetup close v$h
	# Flip every bit of one byte in the middle of the data device.
	flip_byte /dev/loop0 2097152
	run_fails verity-$vname-corrupt-verify veritysetup verify --format=$fmt /dev/loop0 /dev/loop1 "$root"
	veritysetup open --format=$fmt /dev/loop0 v$h /dev/loop1 "$root" >/tmp/u/out 2>&1 ||
		echo "    # verity-$vname-corrupt-open: $(tail -n1 /tmp/u/out)"
	run_fails verity-$vname-corrupt-read dd if=/dev/mapper/v$h of=/dev/null bs=4096
	veritysetup close v$h 2>/dev/null
	kernel_log verity-$vname-corrupt
	losetup -d /dev/loop0; losetup -d /dev/loop1
done

# 2. dm-crypt with an IV generator that hashes: aes-cbc-essiv:sha256.
if want crypt; then
mkfile /tmp/u/cdata 2048; losetup /dev/loop2 /tmp/u/cdata
dd if=/dev/urandom of=/tmp/u/ckey bs=32 count=1 2>/dev/null
mkfile /tmp/u/plain 1024
run crypt-open cryptsetup open --type plain --cipher aes-cbc-essiv:sha256 --key-size 256 \
	--key-file /tmp/u/ckey /dev/loop2 cr
# Which essiv(cbc(aes),sha256) the first mapping holds (the host checks it).
proc_crypto crypt-open
run crypt-write dd if=/tmp/u/plain of=/dev/mapper/cr bs=1024 conv=fsync
run crypt-close-reopen sh -c 'cryptsetup close cr && cryptsetup open --type plain \
	--cipher aes-cbc-essiv:sha256 --key-size 256 --key-file /tmp/u/ckey \
	/dev/loop2 cr'
run crypt-read dd if=/dev/mapper/cr of=/tmp/u/back bs=1024 count=1024
run crypt-same cmp /tmp/u/plain /tmp/u/back
run crypt-ciphertext-differs sh -c '! cmp -s /tmp/u/plain /dev/loop2'
proc_crypto crypt
run crypt-close cryptsetup close cr
kernel_log crypt
losetup -d /dev/loop2
fi

# 3. dm-integrity with an internal hash: sha256, and hmac(sha256) with a key.
dd if=/dev/urandom of=/tmp/u/ikey bs=32 count=1 2>/dev/null
want integrity && for mode in sha256 hmac-sha256; do
	keyopts=
	[ $mode = hmac-sha256 ] && keyopts="--integrity-key-file /tmp/u/ikey --integrity-key-size 32"
	# 4 MiB: room for the journal (1/128 of the device) and the tags, and
	# every sector written and read through the mapping.
	mkfile /tmp/u/idata 4096; losetup /dev/loop3 /tmp/u/idata
	run integrity-$mode-format integritysetup format --batch-mode --integrity $mode $keyopts /dev/loop3
	run integrity-$mode-open integritysetup open --integrity $mode $keyopts /dev/loop3 i1
	size=$(blockdev --getsize64 /dev/mapper/i1)
	run integrity-$mode-write dd if=/dev/urandom of=/dev/mapper/i1 bs=4096 count=$((size / 4096)) conv=fsync
	# A marker in the middle of the mapping, to find its sector on the raw device.
	marker=RSHA-INTEGRITY-MARKER-$mode-0123456789abcdef
	printf '%s' "$marker" | dd of=/dev/mapper/i1 bs=4096 seek=$((size / 8192)) conv=notrunc,fsync 2>/dev/null
	run integrity-$mode-read dd if=/dev/mapper/i1 of=/dev/null bs=4096
	proc_crypto integrity-$mode
	run integrity-$mode-close integritysetup close i1
	# Corrupt the marker wherever it landed on the raw device (data area, and the
	# journal if it is still there): its sector no longer matches its tag.
	offsets=$(strings -t d -n 16 /dev/loop3 | awk -v m="$marker" '
		{ off = $1; sub(/^ *[0-9]+ /, ""); i = index($0, m); if (i) print off + i - 1 }')
	for o in $offsets; do flip_byte /dev/loop3 $((o + 4)); done
	ktap_result $([ -n "$offsets" ] && echo 0 || echo 1) integrity-$mode-marker-found "offsets: $(echo $offsets)"
	run integrity-$mode-reopen integritysetup open --integrity $mode $keyopts /dev/loop3 i1
	run_fails integrity-$mode-corrupt-read dd if=/dev/mapper/i1 of=/dev/null bs=4096
	integritysetup close i1 2>/dev/null
	kernel_log integrity-$mode
	losetup -d /dev/loop3
done

# 4. IPsec: two network namespaces joined by veth, ESP in transport mode with
#    cbc(aes) and hmac(sha256) / hmac(sha512) authentication. Documentation
#    addresses (192.0.2.0/24): nothing leaves the guest, which has no NIC.
if want ipsec; then
A=192.0.2.1 B=192.0.2.2
$IP netns add a && $IP netns add b
$IP link add va type veth peer name vb
$IP link set va netns a && $IP link set vb netns b
$IP -n a addr add $A/24 dev va && $IP -n b addr add $B/24 dev vb
for ns in a b; do $IP -n $ns link set lo up; $IP -n $ns link set v$ns up; done
enc=0x000102030405060708090a0b0c0d0e0f
for auth in sha512 sha256; do
	if [ $auth = sha256 ]; then akey=0x$(printf '%064d' 7); alen=128; else akey=0x$(printf '%0128d' 9); alen=256; fi
	for ns in a b; do
		$IP -n $ns xfrm state flush; $IP -n $ns xfrm policy flush
		$IP -n $ns xfrm state add src $A dst $B proto esp spi 0x1000 mode transport \
			enc 'cbc(aes)' $enc auth-trunc "hmac($auth)" $akey $alen
		$IP -n $ns xfrm state add src $B dst $A proto esp spi 0x2000 mode transport \
			enc 'cbc(aes)' $enc auth-trunc "hmac($auth)" $akey $alen
	done
	$IP -n a xfrm policy add src $A dst $B dir out tmpl proto esp mode transport
	$IP -n a xfrm policy add src $B dst $A dir in tmpl proto esp mode transport
	$IP -n b xfrm policy add src $B dst $A dir out tmpl proto esp mode transport
	$IP -n b xfrm policy add src $A dst $B dir in tmpl proto esp mode transport
	run ipsec-$auth-ping $IP netns exec a ping -c 3 -W 2 $B
	# The SA's packet counter must have grown: "... 3(packets) ...".
	c=$($IP -n a -s xfrm state list src $A dst $B | grep -A1 'lifetime current' | tail -n1)
	p=$(echo "$c" | grep -o '[0-9]*(packets)' | head -n1 | tr -dc 0-9)
	ktap_result $([ "${p:-0}" -gt 0 ] && echo 0 || echo 1) ipsec-$auth-counters "$c"
	proc_crypto ipsec-$auth
	kernel_log ipsec-$auth
done

# Leave nothing that holds our modules. XFRM states free their transforms only
# once no cached route bundle holds them, and deleted namespaces are torn down by
# a work item, so the references may go some time later.
for ns in a b; do $IP -n $ns xfrm policy flush; $IP -n $ns xfrm state flush; done
$IP -n a link del va
$IP netns del a; $IP netns del b
fi

# The test vectors and the comparison come after the in-kernel users: a
# vector through hmac(<our hash driver>) instantiates the hmac template over
# it, and on 7.x that instance (an ahash, at the inner driver's priority plus
# 100) would then outrank every hmac(<alg>) driver and serve IPsec, which is
# not what a system where nobody names a driver gets.
# Our drivers, "alg driver" per line, from /proc/crypto (modules named *_rs).
awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^module/ { if ($3 ~ /_rs$/) print n, d }' \
	/proc/crypto | sort -u >/tmp/u/drivers

# 5. Test vectors through AF_ALG, each driver named explicitly; HMAC through
#    hmac(<driver>) and through our HMAC drivers (hmac-<driver>). The host compares the digests. Every vector goes through
#    /bin/afalg-hash (tests/guest/afalg-hash.c), one process per set and driver:
#    each message in one write ("cavp"), and for the hash sets once more split
#    into pieces of 1 to 200 bytes sent with MSG_MORE ("cavp-split"), a chain of
#    update() calls, with the selected drivers (*-auto-rs: the comparison
#    below splits every driver's messages at random). The first vector of
#    every set also goes through Debian's kcapi-dgst ("cavp-kcapi"), an
#    independent client (it reads at most 32 key
#    bytes from --keyfd, which vector 0 of each HMAC set fits).
#    rsha.cavp=selected: with the selected drivers (*-auto-rs) only, on the
#    kernels whose unit drivers another boot of the run has through every
#    vector already (scripts/targets.sh, CAVP_DRIVERS); the comparison below
#    still takes every driver.
cavp_re=.
[ "$(tr ' ' '\n' </proc/cmdline | sed -n 's/^rsha\.cavp=//p')" != selected ] || cavp_re='-auto-rs$'
want cavp && for set in /cavp/*; do
	s=${set##*/}; alg=$(cat "$set/alg"); kind=$(cat "$set/kind"); n=$(cat "$set/count")
	for drv in $(awk -v a="$alg" -v k="$kind" -v re="$cavp_re" '($1 == a ||
		k == "hmac" && $1 == "hmac(" a ")") && $2 ~ re { print $2 }' /tmp/u/drivers); do
		name=$drv reports=cavp key=
		case $drv in *-auto-rs) reports="cavp cavp-split" ;; esac
		[ "$kind" = hmac ] && reports=cavp key=1
		case $kind/$drv in hmac/hmac-*) ;; hmac/*) name="hmac($drv)" ;; esac
		files=$(i=0; while [ $i -lt "$n" ]; do
			echo "$set/$i.msg${key:+:$set/$i.key}"; i=$((i + 1)); done)
		for report in $reports; do
			split=
			[ $report = cavp-split ] && split=-s
			afalg-hash $split "$name" $files |
				sed -n "s|^$set/\([0-9]*\)\.msg |@@RSHA $report $s $drv \1 |p"
		done
		if [ "$kind" = hmac ]; then
			d=$(kcapi-dgst -c "$name" --keyfd 3 --hex -i "$set/0.msg" 3<"$set/0.key" 2>&1)
		else
			d=$(kcapi-dgst -c "$name" --hex -i "$set/0.msg" 2>&1)
		fi || d="ERROR:$(echo "$d" | tr ' ' _)"
		say cavp-kcapi "$s" "$drv" 0 "$d"
	done
done
kernel_log cavp

# 5b. Every driver of ours against the kernel's own C driver of its algorithm,
#     through AF_ALG (tests/guest/afalg-hash.c, -c): random messages, hashed
#     by the reference in one write and by ours in one write, in random
#     MSG_MORE pieces, and after a random prefix both on a copy of the
#     operation socket made by accept() on it (the driver's export() and
#     import()) and on the original. Each driver has its own seed: the boot's
#     base seed (random, or rsha.compare_seed=N) plus the driver's line number
#     in /tmp/u/drivers; "afalg-hash -c REF DRIVER COUNT SEED" in a guest
#     reruns one driver's messages. rsha.compare_count=N: messages per driver
#     (200: a few seconds a driver on the debug guests under TCG).
# cmdline NAME: the value of rsha.NAME= on the kernel command line.
cmdline() { tr ' ' '\n' </proc/cmdline | sed -n "s/^rsha\.$1=//p"; }
has_driver() { grep -q "^driver *: $1\$" /proc/crypto; }
# reference ALG: the kernel's C driver of ALG, <alg>-lib from 7.3 on,
# <alg>-generic before. Either may be a module not loaded yet: 7.3's is
# asked for by its alias here; 6.12's the bind loads (crypto-<alg>-generic),
# and a bind to a name that is not there fails the comparison.
# For hmac(<alg>): hmac-<alg>-lib, which comes with <alg>-lib, or the hmac
# template over <alg>-generic.
reference() {
	local h
	case $1 in
	hmac\(*\))
		h=${1#hmac(} h=${h%)}
		reference "$h" >/dev/null
		if has_driver "hmac-$h-lib"; then echo "hmac-$h-lib"; else echo "hmac($h-generic)"; fi
		return ;;
	esac
	has_driver "$1-lib" || has_driver "$1-generic" || modprobe -q "crypto-$1-lib" 2>/dev/null
	if has_driver "$1-lib"; then echo "$1-lib"; else echo "$1-generic"; fi
}
uptime_cs() { awk '{ printf "%d", $1 * 100 }' /proc/uptime; }
if want compare; then
	count=$(cmdline compare_count) base=$(cmdline compare_seed)
	: "${count:=200}" "${base:=$(od -An -tu4 -N4 /dev/urandom | tr -d ' ')}"
	say compare-seed "$base" "$count"
	k=0
	while read -r alg drv; do
		k=$((k + 1))
		ref=$(reference "$alg") seed=$(((base + k) % 4294967296)) t0=$(uptime_cs)
		afalg-hash -c "$ref" "$drv" "$count" "$seed" >/tmp/u/compare 2>&1; rc=$?
		t1=$(uptime_cs)
		sed '$d' /tmp/u/compare | head -n 10 | while read -r l; do say compare-detail "$drv" "$l"; done
		say compare "$alg" "$drv" "$ref" "$seed" "$rc" \
			"$(((t1 - t0) / 100)).$(printf %02d $(((t1 - t0) % 100)))" "$(tail -n1 /tmp/u/compare)"
	done </tmp/u/drivers
	kernel_log compare
	# The comparison's negative control: the same comparison of the
	# negative control's sha256 driver (rsha-negative-control.ko, wrong
	# digests on purpose), loaded with the self-tests off as a driver that
	# failed them cannot be bound; the host requires mismatches.
	echo 1 >/sys/module/cryptomgr/parameters/notests
	insmod /lib/modules/rsha/rsha-negative-control.ko 2>/tmp/u/err ||
		echo "    # compare-negative-control: insmod: $(cat /tmp/u/err)"
	echo 0 >/sys/module/cryptomgr/parameters/notests
	ref=$(reference sha256) seed=$(((base + k + 1) % 4294967296))
	afalg-hash -c "$ref" sha256-rs-negative-control 10 "$seed" >/tmp/u/compare 2>&1; rc=$?
	say compare-negative-control sha256 sha256-rs-negative-control "$ref" "$seed" "$rc" "$(tail -n1 /tmp/u/compare)"
	rmmod rsha_negative_control
	kernel_log compare-negative-control
fi

# The kernel's default DRBG (drbg_nopr_hmac_sha512, used by the ESP IV generator)
# allocates hmac(sha512) when first needed, which is ours by then: it keeps
# that module for good. held_beyond_drbg: the modules of ours still held,
# but the sha512 one while one of its hmac(sha512) drivers has a user.
held_beyond_drbg() {
	drbg=$(awk '/^name/ { n = $3 } /^module/ { m = $3 }
		/^refcnt/ { if (n == "hmac(sha512)" && m ~ /^sha512_.*_rs$/ && $3 >= 2) f = 1 }
		END { print f + 0 }' /proc/crypto)
	for r in /sys/module/*_rs/refcnt; do
		m=$(basename "$(dirname "$r")")
		[ "$(cat "$r")" = 0 ] && continue
		case $drbg/$m in 1/sha512_*) continue ;; esac
		echo "$m"
	done
}
# Wait (at most 20 s) until nothing else holds our modules: the suite
# unloads them next.
n=0
while [ $n -lt 40 ] && [ -n "$(held_beyond_drbg)" ]; do sleep 0.5; n=$((n + 1)); done

proc_crypto final
# Which modules are still held, for the host to check.
for r in /sys/module/*_rs/refcnt; do
	[ "$(cat "$r")" = 0 ] || say pinned "$(basename "$(dirname "$r")")" "$(cat "$r")"
done
held=$(held_beyond_drbg)
ktap_result "$([ -z "$held" ] && echo 0 || echo 1)" references-released \
	"after $((n / 2)) s${held:+, held beyond the DRBG's: $(echo $held)}: $(grep -H . /sys/module/*_rs/refcnt | tr '\n' ' ')"
ktap_subtest_end $NUM
