/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The references that cycles.sh links into the timing program (cycles.c):
 * tests/cores/ref-ALG.c, each with its rsha_alg renamed rsha_ref_shaALG.
 */
#ifndef RSHA_X86_CYCLES_H
#define RSHA_X86_CYCLES_H

#include "harness.h"

extern const struct rsha_alg rsha_ref_sha1, rsha_ref_sha256, rsha_ref_sha512;

#endif
