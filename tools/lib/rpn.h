/* SPDX-License-Identifier: MIT */
/*
 * The RPN equations of the OA metric XML files (oa-*.xml of IGT and
 * Mesa), evaluated with the arithmetic of the C that IGT generates from
 * them (lib/i915/perf-configs/codegen.py): every intermediate value is a
 * uint64_t or a double, and C's conversions apply between them. Not
 * public API.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#ifndef INTEL_OA_LIB_RPN_H
#define INTEL_OA_LIB_RPN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intel_oa/metrics.h"

/**
 * struct ioa_rpn_val - a value as the generated C holds it
 * @f: it is a double (@d), else a uint64_t (@u)
 * @u: the integer
 * @d: the double
 */
struct ioa_rpn_val {
	bool f;
	uint64_t u;
	double d;
};

/** Id a READ of a query-mode-only counter (PERFCNT) loads: undefined. */
#define IOA_RPN_ID_PERFCNT (-2)

/**
 * typedef ioa_rpn_resolve_fn - a "$Name" of an equation
 * @ctx: caller's context
 * @name: the name without '$' (not NUL terminated)
 * @len: its length
 * @is_float: set when the variable is a double
 *
 * Return: an id >= 0 (passed to the lookup at run time), or -1: unknown.
 */
typedef int (*ioa_rpn_resolve_fn)(void *ctx, const char *name, size_t len,
				  bool *is_float);

/**
 * typedef ioa_rpn_lookup_fn - a variable's value at run time
 * @ctx: caller's context
 * @id: what the resolver returned, an enum intel_oa_builtin for the
 *	counters READ loads (A n, B n, C n, GPU_TIME, GPU_CLOCK), or
 *	IOA_RPN_ID_PERFCNT
 * @v: out
 *
 * Return: 0, or -1: undefined (the result is undefined too).
 */
typedef int (*ioa_rpn_lookup_fn)(void *ctx, int id, struct ioa_rpn_val *v);

struct ioa_rpn;

/**
 * ioa_rpn_compile() - parse and type-check an equation
 * @src: the equation (NUL terminated)
 * @resolve: maps "$Name"s
 * @ctx: passed to @resolve
 * @msg: set to what is wrong on failure
 * @msg_len: bytes of @msg
 *
 * Return: the program, or NULL (@msg says why; "out of memory" when
 * that was it).
 */
struct ioa_rpn *ioa_rpn_compile(const char *src, ioa_rpn_resolve_fn resolve,
				void *ctx, char *msg, size_t msg_len);

/**
 * ioa_rpn_is_float() - whether a program's result is a double
 * @p: program
 *
 * Return: true for a double.
 */
bool ioa_rpn_is_float(const struct ioa_rpn *p);

/**
 * struct ioa_rpn_builtins - values fetched ahead of a run
 * @val: the value of built-in id (an enum intel_oa_builtin), as a uint64_t
 * @ok: nonzero where @val is defined
 */
struct ioa_rpn_builtins {
	uint64_t val[INTEL_OA_BI_COUNT];
	uint8_t ok[INTEL_OA_BI_COUNT];
};

/**
 * ioa_rpn_eval() - run a program on its own
 * @p: program
 * @lookup: the values of the variables it loads, built-ins included
 * @ctx: passed to @lookup
 * @out: the result
 *
 * For one-off equations (availability, register-list conditions); a
 * set's metrics run linked (ioa_rpn_link()).
 *
 * Return: 0, or -1 when a variable was undefined.
 */
int ioa_rpn_eval(const struct ioa_rpn *p, ioa_rpn_lookup_fn lookup,
		 void *ctx, struct ioa_rpn_val *out);

struct ioa_rpn_set;

/**
 * ioa_rpn_link() - one program that runs several, storing each result
 * @progs: the programs
 * @is_float: per program, the type its result is stored as (C's "return"
 *	conversion)
 * @order: the order to run them in; a program that loads variable
 *	@var_base + j runs after program j
 * @n: number of programs
 * @var_base: the id of program 0's result as a variable
 *
 * Return: the linked program, or NULL (out of memory, or a program loads
 * a variable that is neither a built-in nor a result).
 */
struct ioa_rpn_set *ioa_rpn_link(struct ioa_rpn *const *progs,
				 const bool *is_float, const size_t *order,
				 size_t n, int var_base);

/**
 * ioa_rpn_run_set() - run a linked program
 * @ps: the program
 * @bi: the built-ins
 * @val: out: each program's result
 * @ok: out: nonzero where every variable its program loaded was defined
 */
void ioa_rpn_run_set(const struct ioa_rpn_set *ps,
		     const struct ioa_rpn_builtins *bi,
		     struct ioa_rpn_val *val, uint8_t *ok);

/**
 * ioa_rpn_set_free() - free a linked program
 * @ps: program or NULL
 */
void ioa_rpn_set_free(struct ioa_rpn_set *ps);

/**
 * ioa_rpn_for_each_load() - the variables a program loads that are not
 *	built-ins
 * @p: program
 * @fn: called with each one's id (once per load)
 * @ctx: passed to @fn
 */
void ioa_rpn_for_each_load(const struct ioa_rpn *p,
			   void (*fn)(void *ctx, int id), void *ctx);

/**
 * ioa_rpn_builtins_used() - mark the built-ins a program loads
 * @p: program
 * @used: bit id set for each (at least INTEL_OA_BI_COUNT bits)
 */
void ioa_rpn_builtins_used(const struct ioa_rpn *p, uint64_t *used);

/**
 * ioa_rpn_u64() - C's conversion of a double to uint64_t, as x86-64 does
 *	it (also for values C leaves undefined: negative, NaN, >= 2^64)
 * @d: the double
 *
 * Return: the integer.
 */
uint64_t ioa_rpn_u64(double d);

/**
 * ioa_rpn_free() - free a program
 * @p: program or NULL
 */
void ioa_rpn_free(struct ioa_rpn *p);

#endif /* INTEL_OA_LIB_RPN_H */
