/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register names computed from round and group numbers, shared by the
 * ARM and arm64 cores, so that a macro names the register it uses instead of
 * choosing it from a list of cases.
 *
 * rsha_reg NAME, PREFIX, (EXPR)
 *	From here on NAME is another name (.req) for the register
 *	PREFIX<value of EXPR>: "rsha_reg w, q, (8 + (g) % 8)" makes w one of
 *	q8..q15. PREFIX may be a register alias whose name ends in the
 *	number ("ring" with ring0 .. ring3 defined). NAME may be given again
 *	at any time; the latest rsha_reg wins. EXPR is one macro argument:
 *	write it in parentheses.
 *
 * rsha_call NAME, (EXPR), ARGS
 *	Invoke the macro NAME<value of EXPR> with ARGS: "rsha_call f_, (t /
 *	20), ..." invokes one of f_0 .. f_3.
 *
 * rsha_num NAME, (EXPR), ARGS
 *	Invoke the macro NAME with the value of EXPR (digits) as its first
 *	argument, then ARGS: for register numbers pasted into names
 *	("x\n", "v\n\().2d").
 *
 * rsha_rotate8 n, NAME, t, a, b, c, d, e, f, g, h, ARGS
 *	Invoke "NAME t, a, .., h, ARGS" with a..h rotated n times by one
 *	round each: the next round's a is this round's h (the new a), its b
 *	this round's a, and so on (the SHA-2 state rotation).
 *
 * rsha_at i, at, INSN
 *	Emit INSN (an instruction or a macro invocation, with its operands)
 *	if i == at: one line of a schedule, "slot at of this round gets
 *	INSN". rsha_at2 t, k, at_t, at_k, INSN: the same for round t, slot
 *	k.
 *
 * .altmacro is on only while EXPR is turned into digits (its "%(EXPR)");
 * the helpers' own parameter names are the only ones expanded in that
 * mode. They leave .altmacro off: not for code that runs under .altmacro
 * itself.
 */

#ifndef RSHA_REGS_H
#define RSHA_REGS_H

.macro	rsha_reg name, prefix, n
	.altmacro
	rsha_digits_ rsha_reg_, \name, %(\n), <\prefix>
.endm

.macro	rsha_call name, n, args:vararg
	.altmacro
	rsha_digits_ rsha_call_, \name, %(\n), <\args>
.endm

.macro	rsha_num name, n, args:vararg
	.altmacro
	rsha_digits_ rsha_num_, \name, %(\n), <\args>
.endm

// "then name, digits, args", back out of .altmacro first
.macro	rsha_digits_ then, name, n, args
	.noaltmacro
	\then	\name, \n, \args
.endm

// .Lrsha_req_NAME marks NAME as set by rsha_reg: the .unreq before the new
// .req is for a name given before (GNU as refuses .unreq of an unknown name,
// clang's assembler ignores it).
.macro	rsha_reg_ name, n, prefix
	.ifdef	.Lrsha_req_\name
	.unreq	\name
	.endif
	\name	.req \prefix\n
	.set	.Lrsha_req_\name, 1
.endm

.macro	rsha_call_ name, n, args:vararg
	\name\n \args
.endm

.macro	rsha_num_ name, n, args:vararg
	\name	\n, \args
.endm

.macro	rsha_at i, at, insn:vararg
	.if (\i) == (\at)
	\insn
	.endif
.endm

.macro	rsha_at2 t, k, at_t, at_k, insn:vararg
	.if (\t) == (\at_t) && (\k) == (\at_k)
	\insn
	.endif
.endm

.macro	rsha_rotate8 n, name, t, a, b, c, d, e, f, g, h, args:vararg
	.if \n
	rsha_rotate8 (\n - 1), \name, \t, \h, \a, \b, \c, \d, \e, \f, \g, \args
	.else
	\name	\t, \a, \b, \c, \d, \e, \f, \g, \h, \args
	.endif
.endm

#endif /* RSHA_REGS_H */
