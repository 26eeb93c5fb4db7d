#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# block-trace.pl OBJDUMP TRACE_SHORT TRACE_LONG BLOCKS_DIFF > one-block.s
#
# Used by scripts/performance/mca-table.sh (its header describes the method):
# turns two qemu-user execution traces of the tracing harness (mca/harness.c),
# TRACE_SHORT and TRACE_LONG, BLOCKS_DIFF blocks apart, and the llvm-objdump
# listing OBJDUMP of the longer run's program into the text of one
# steady-state block, loop back-branches dropped, for llvm-mca.
use strict; use warnings;
my ($dis, $t1, $t2, $ndiff) = @ARGV;
my (%txt, %next, @addrs);
open my $d, '<', $dis or die "$dis: $!";
while (<$d>) {
	next unless /^\s*([0-9a-f]+):\s+(\S.*?)\s*$/;
	my ($a, $i) = (hex $1, $2);
	$i =~ s/\s*(\/\/|@|;).*$//;		# objdump comments
	next if $i =~ /^\.|^<unknown>/;
	$i =~ s/\b0x[0-9a-f]+\s*<[^>]*>/.Lmca_tgt/g;	# pc-relative targets
	$txt{$a} = $i; push @addrs, $a;
}
for my $k (0 .. $#addrs - 1) { $next{$addrs[$k]} = $addrs[$k + 1] }
sub rd { my ($f) = @_; my @t; open my $h, '<', $f or die "$f: $!";
	while (<$h>) { next unless /^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+\/([0-9a-f]+)\/.*\] (\S+)/;
		next if $2 eq '_start' || $2 eq 'memset'; push @t, hex $1 }
	return @t }
my @a = rd($t1); my @b = rd($t2);
my $L = (@b - @a) / $ndiff;
die "trace lengths ".scalar(@a)."/".scalar(@b)." do not give a whole block\n"
	unless $L > 0 && $L == int($L);
# A window must not start inside a Thumb-2 IT block: its it would be left
# outside and its predicated instructions orphaned.
my (@shadow, $n) = ();
for my $k (0 .. $#b) {
	my $i = $txt{$b[$k]} // '';
	$shadow[$k] = $n && $n-- ? 1 : 0;
	$n = 1 + length $1 if $i =~ /^it([te]*)\s/;
}
my $p;
P: for my $s (0 .. @b - 2 * $L) {
	next P if $shadow[$s];
	for my $k (0 .. $L - 1) { next P if $b[$s + $k] != $b[$s + $L + $k] }
	$p = $s; last;
}
die "no repeating block window of $L instructions in the trace\n" unless defined $p;
my ($dropped, @o, $it, $left) = (0);
for my $k ($p .. $p + $L - 1) {
	my ($pc, $nx) = ($b[$k], $b[$k + 1]);
	my $i = $txt{$pc} // die sprintf("no instruction text at 0x%x\n", $pc);
	die sprintf("no valid instruction at 0x%x (disassembler lacks a feature?)\n", $pc) if $i =~ /unknown/;
	my ($m) = $i =~ /^(\S+)/;
	my $fall = $next{$pc} // -1;
	if ($m =~ /^it([te]*)$/) { push @o, $i; ($it, $left) = ($#o, 1 + length $1); next }
	my $slot = $left && $left-- ? 1 : 0;	# inside a Thumb-2 IT block
	if ($nx != $fall && $nx <= $pc &&
	    $m =~ /^(b|b\.?(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)|cbn?z|tbn?z)(\.w|\.n)?$/) {
		$dropped++;	# loop back-branch; if it ends an IT block, shorten the block
		if ($slot) {
			die "back-branch inside an IT block\n" if $left;
			if ($o[$it] =~ /^it\s/) { $o[$it] = undef }
			else { $o[$it] =~ s/^(it[te]*)[te](\s)/$1$2/ }
		}
		next;
	}
	push @o, $i;
}
print map { "\t$_\n" } grep { defined } @o;
print STDERR "block-trace: $L instructions per block ($dropped back-branches dropped), window at $p\n";
