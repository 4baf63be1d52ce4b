// SPDX-License-Identifier: MIT
/*
 * RPN equations of the OA metric XML files (see rpn.h).
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * IGT turns each equation into C, one temporary per operator
 * (lib/i915/perf-configs/codegen.py): "A 7 READ $EuCoresTotalCount UDIV"
 * becomes uint64_t temporaries and an integer division, "FDIV" double
 * temporaries and a division that gives 0 for a zero divisor. The same
 * equation evaluated in doubles throughout gives other numbers (the
 * integer division truncates), so this evaluator keeps IGT's types: each
 * operator's result has the type of its C temporary, and its operands are
 * converted as C converts them (usual arithmetic conversions, and
 * double-to-uint64_t conversion on assignment).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/metrics.h"
#include "rpn.h"

/* Longest equation token; longer ones are an error. */
#define TOKEN_MAX 64
/* Most operands an equation may stack up. */
#define STACK_MAX 64

enum op {
	OP_PUSH, OP_LOAD, OP_LOAD_BI,
	OP_LOAD_VAR, OP_UNDEF, OP_STORE,	/* linked programs only */
	OP_FADD, OP_FSUB, OP_FMUL, OP_FDIV, OP_FMAX,
	OP_UADD, OP_USUB, OP_UMUL, OP_UDIV, OP_UMIN,
	OP_SHL, OP_SHR, OP_AND, OP_UGTE, OP_UGT, OP_ULT, OP_LAND,
};

/* Operators by name; @integer: C needs integer operands (a shift, &). */
static const struct {
	const char *name;
	enum op op;
	bool integer;
} ops[] = {
	{ "FADD", OP_FADD, false }, { "FSUB", OP_FSUB, false },
	{ "FMUL", OP_FMUL, false }, { "FDIV", OP_FDIV, false },
	{ "FMAX", OP_FMAX, false }, { "UADD", OP_UADD, false },
	{ "USUB", OP_USUB, false }, { "UMUL", OP_UMUL, false },
	{ "UDIV", OP_UDIV, false }, { "UMIN", OP_UMIN, false },
	{ "<<", OP_SHL, true }, { ">>", OP_SHR, true },
	{ "AND", OP_AND, true }, { "UGTE", OP_UGTE, false },
	{ "UGT", OP_UGT, false },
	{ "ULT", OP_ULT, false }, { "&&", OP_LAND, false },
};

/* A stack value; its type is known when the equation is compiled. */
union rv {
	uint64_t u;
	double d;
};

/*
 * @fa, @fb: the operands of a binary operator are doubles; @f: an
 * OP_PUSH or OP_LOAD value is a double; @imm: (linked programs) a binary
 * operator's second operand is @v, a literal, not the stack's top.
 */
struct insn {
	enum op op;
	bool fa, fb, f, imm;
	int id;			/* OP_LOAD, OP_LOAD_BI */
	union rv v;		/* OP_PUSH */
};

struct ioa_rpn {
	struct insn *insn;
	size_t n;
	int depth;		/* deepest stack */
	bool is_float;
};

/* What the compiler knows of a stack slot. */
struct slot {
	bool f;
	bool literal;		/* an integer literal (READ's index) */
	int read_type;		/* -1, or the READ type name it is */
	size_t insn;		/* its OP_PUSH, for a literal */
};

/* READ's counter kinds: the built-in of index 0 and how many there are. */
static const struct {
	const char *name;
	int base;
	int count;
} reads[] = {
	{ "A", INTEL_OA_BI_A, 45 },
	{ "B", INTEL_OA_BI_B, 8 },
	{ "C", INTEL_OA_BI_C, 8 },
	{ "GPU_TIME", INTEL_OA_BI_TIMESTAMP, 1 },
	{ "GPU_CLOCK", INTEL_OA_BI_GPU_TICKS, 1 },
	{ "PERFCNT", IOA_RPN_ID_PERFCNT, 2 },
};

uint64_t ioa_rpn_u64(double d)
{
	/*
	 * What cvttsd2si gives (gcc's x86-64 code for the conversion):
	 * 2^63 for NaN and out of range, the two's complement of a
	 * negative value, and for [2^63, 2^64) the value less 2^63 with
	 * bit 63 flipped back.
	 */
	if (d >= 0 && d < 9223372036854775808.0)
		return (uint64_t)d;	/* the common case: defined in C */
	if (isnan(d))
		return 1ull << 63;
	if (d >= 9223372036854775808.0) {
		d -= 9223372036854775808.0;
		if (d >= 9223372036854775808.0)
			return 0;
		return (uint64_t)(int64_t)d ^ (1ull << 63);
	}
	if (d <= -9223372036854775808.0)
		return 1ull << 63;
	return (uint64_t)(int64_t)d;
}

/* C's conversions of an operand known to be a double (@f) or not */
static inline double as_d(union rv v, bool f)
{
	return f ? v.d : (double)v.u;
}

static inline uint64_t as_u(union rv v, bool f)
{
	return f ? ioa_rpn_u64(v.d) : v.u;
}

/*
 * "tmpN = a OP b" for OP in + - *: in uint64_t when neither operand is a
 * double, else in double; then assigned to tmpN's type (@f).
 */
static inline union rv arith(const struct insn *in, union rv a, union rv b,
			     char op, bool f)
{
	union rv r;

	if (in->fa || in->fb) {
		double x = as_d(a, in->fa), y = as_d(b, in->fb);
		double d = op == '+' ? x + y : op == '-' ? x - y : x * y;

		if (f)
			r.d = d;
		else
			r.u = ioa_rpn_u64(d);
	} else {
		uint64_t u = op == '+' ? a.u + b.u :
			     op == '-' ? a.u - b.u : a.u * b.u;

		if (f)
			r.d = (double)u;
		else
			r.u = u;
	}
	return r;
}

/* a < b with C's conversions */
static inline bool less(const struct insn *in, union rv a, union rv b)
{
	if (in->fa || in->fb)
		return as_d(a, in->fa) < as_d(b, in->fb);
	return a.u < b.u;
}

static inline bool greater(const struct insn *in, union rv a, union rv b)
{
	if (in->fa || in->fb)
		return as_d(a, in->fa) > as_d(b, in->fb);
	return a.u > b.u;
}

/* inlined into both interpreters' loops: it is most of their work */
/* A value as the C of its load's type reads it: "(double)x" or "(uint64_t)x". */
static inline union rv load_as(const struct ioa_rpn_val *v, bool f)
{
	union rv r;

	if (f)
		r.d = v->f ? v->d : (double)v->u;
	else
		r.u = v->f ? ioa_rpn_u64(v->d) : v->u;
	return r;
}

static inline __attribute__((always_inline)) union rv
apply(const struct insn *in, union rv a, union rv b)
{
	union rv r;

	switch (in->op) {
	case OP_FADD: return arith(in, a, b, '+', true);
	case OP_FSUB: return arith(in, a, b, '-', true);
	case OP_FMUL: return arith(in, a, b, '*', true);
	case OP_UADD: return arith(in, a, b, '+', false);
	case OP_USUB: return arith(in, a, b, '-', false);
	case OP_UMUL: return arith(in, a, b, '*', false);
	case OP_FDIV: {
		double x = as_d(a, in->fa), y = as_d(b, in->fb);

		r.d = y != 0 ? x / y : 0;
		return r;
	}
	case OP_FMAX: {
		double x = as_d(a, in->fa), y = as_d(b, in->fb);

		r.d = x > y ? x : y;
		return r;
	}
	case OP_UDIV: {
		uint64_t x = as_u(a, in->fa), y = as_u(b, in->fb);

		r.u = y ? x / y : 0;
		return r;
	}
	case OP_UMIN:
		/* MIN(a, b) in the operands' common type, then a uint64_t */
		if (in->fa || in->fb) {
			double x = as_d(a, in->fa), y = as_d(b, in->fb);

			r.u = ioa_rpn_u64(x < y ? x : y);
		} else {
			r.u = a.u < b.u ? a.u : b.u;
		}
		return r;
	/* x86 masks a shift count to 6 bits; C leaves >= 64 undefined */
	case OP_SHL: r.u = a.u << (b.u & 63); return r;
	case OP_SHR: r.u = a.u >> (b.u & 63); return r;
	case OP_AND: r.u = a.u & b.u; return r;
	case OP_UGTE: r.u = !less(in, a, b); return r;
	case OP_UGT: r.u = greater(in, a, b); return r;
	case OP_ULT: r.u = less(in, a, b); return r;
	case OP_LAND:
		r.u = (in->fa ? a.d != 0 : a.u != 0) &&
		      (in->fb ? b.d != 0 : b.u != 0);
		return r;
	default:
		r.u = 0;
		return r;
	}
}

int ioa_rpn_eval(const struct ioa_rpn *p, ioa_rpn_lookup_fn lookup,
		 void *ctx, struct ioa_rpn_val *out)
{
	union rv st[STACK_MAX];
	int sp = 0, undefined = 0;
	size_t i;

	for (i = 0; i < p->n; i++) {
		const struct insn *in = &p->insn[i];
		struct ioa_rpn_val v;

		switch (in->op) {
		case OP_PUSH:
			st[sp++] = in->v;
			break;
		case OP_LOAD_BI:
		case OP_LOAD:
			if (in->id == IOA_RPN_ID_PERFCNT || !lookup ||
			    lookup(ctx, in->id, &v)) {
				undefined = -1;
				v.f = false;
				v.u = 0;
			}
			/* as the resolver said it would be */
			st[sp++] = load_as(&v, in->f);
			break;
		default:
			sp--;
			st[sp - 1] = apply(in, st[sp - 1], st[sp]);
			break;
		}
	}
	out->f = p->is_float;
	out->u = p->is_float ? 0 : st[0].u;
	out->d = p->is_float ? st[0].d : 0;
	return undefined;
}

void ioa_rpn_for_each_load(const struct ioa_rpn *p,
			   void (*fn)(void *ctx, int id), void *ctx)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->insn[i].op == OP_LOAD)
			fn(ctx, p->insn[i].id);
}

void ioa_rpn_builtins_used(const struct ioa_rpn *p, uint64_t *used)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->insn[i].op == OP_LOAD_BI)
			used[p->insn[i].id / 64] |= 1ull << (p->insn[i].id % 64);
}

bool ioa_rpn_is_float(const struct ioa_rpn *p)
{
	return p->is_float;
}

void ioa_rpn_free(struct ioa_rpn *p)
{
	if (!p)
		return;
	free(p->insn);
	free(p);
}

static int emit(struct ioa_rpn *p, size_t *cap, const struct insn *in)
{
	if (p->n == *cap) {
		size_t nc = *cap ? 2 * *cap : 16;
		struct insn *ni = realloc(p->insn, nc * sizeof(*ni));

		if (!ni)
			return -ENOMEM;
		p->insn = ni;
		*cap = nc;
	}
	p->insn[p->n++] = *in;
	return 0;
}

/* A number token: decimal or 0x hex integer, or a decimal fraction. */
static bool number(const char *t, struct insn *in)
{
	char *end;

	if (!((t[0] >= '0' && t[0] <= '9') ||
	      (t[0] == '.' && t[1] >= '0' && t[1] <= '9')))
		return false;
	errno = 0;
	if ((t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) ||
	    !strpbrk(t, ".eE")) {
		in->f = false;
		in->v.u = strtoull(t, &end, t[1] == 'x' || t[1] == 'X' ? 16 : 10);
	} else {
		in->f = true;
		in->v.d = strtod(t, &end);
	}
	return !*end && !errno;
}

#define FAIL(...) do { snprintf(msg, msg_len, __VA_ARGS__); goto err; } while (0)

struct ioa_rpn *ioa_rpn_compile(const char *src, ioa_rpn_resolve_fn resolve,
				void *ctx, char *msg, size_t msg_len)
{
	struct ioa_rpn *p = calloc(1, sizeof(*p));
	struct slot st[STACK_MAX];
	const char *s = src;
	size_t cap = 0, i;
	int sp = 0;

	if (!p)
		FAIL("out of memory");
	for (;;) {
		char t[TOKEN_MAX + 1];
		struct insn in = { 0 };
		size_t len;

		s += strspn(s, " \t\r\n");
		if (!*s)
			break;
		len = strcspn(s, " \t\r\n");
		if (len > TOKEN_MAX)
			FAIL("token '%.20s...' is too long", s);
		memcpy(t, s, len);
		t[len] = '\0';
		s += len;

		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
			if (!strcmp(t, ops[i].name))
				break;
		if (i < sizeof(ops) / sizeof(ops[0])) {
			if (sp < 2)
				FAIL("'%s' needs two operands", t);
			if (st[sp - 1].read_type >= 0 || st[sp - 2].read_type >= 0)
				FAIL("'%s' is an operand of READ only",
				     reads[st[sp - 1].read_type >= 0 ?
					   st[sp - 1].read_type :
					   st[sp - 2].read_type].name);
			if (ops[i].integer && (st[sp - 1].f || st[sp - 2].f))
				FAIL("'%s' of a floating-point operand", t);
			in.op = ops[i].op;
			in.fa = st[sp - 2].f;
			in.fb = st[sp - 1].f;
			sp--;
			st[sp - 1].f = t[0] == 'F';
			st[sp - 1].literal = false;
		} else if (!strcmp(t, "READ")) {
			if (sp < 2 || !st[sp - 1].literal ||
			    st[sp - 2].read_type < 0 ||
			    st[sp - 1].insn != p->n - 1)
				FAIL("expected 'KIND N READ' (KIND one of A, B, C, GPU_TIME, GPU_CLOCK, PERFCNT)");
			i = (size_t)st[sp - 2].read_type;
			if (p->insn[p->n - 1].v.u >= (uint64_t)reads[i].count)
				FAIL("no counter %s of that index", reads[i].name);
			in.op = reads[i].base < 0 ? OP_LOAD : OP_LOAD_BI;
			in.id = reads[i].base < 0 ? reads[i].base :
				reads[i].base + (int)p->insn[p->n - 1].v.u;
			p->n--;		/* the index was no value */
			sp--;
			st[sp - 1] = (struct slot){ .read_type = -1 };
		} else {
			if (sp == STACK_MAX)
				FAIL("more than %d operands stacked up", STACK_MAX);
			st[sp] = (struct slot){ .read_type = -1, .insn = p->n };
			if (number(t, &in)) {
				in.op = OP_PUSH;
				st[sp].f = in.f;
				st[sp].literal = !in.f;
			} else if (!strcmp(t, "true") || !strcmp(t, "false")) {
				in.op = OP_PUSH;
				in.v.u = t[0] == 't';
			} else if (t[0] == '$' && t[1]) {
				bool f = false;

				in.id = resolve(ctx, t + 1, len - 1, &f);
				if (in.id < 0)
					FAIL("unknown variable '%s'", t);
				/* a built-in is a count: a uint64_t */
				in.op = in.id < INTEL_OA_BI_COUNT && !f ?
					OP_LOAD_BI : OP_LOAD;
				in.f = f;
				st[sp].f = f;
			} else {
				for (i = 0; i < sizeof(reads) / sizeof(reads[0]); i++)
					if (!strcmp(t, reads[i].name))
						break;
				if (i == sizeof(reads) / sizeof(reads[0]))
					FAIL("unknown token '%s'", t);
				st[sp++].read_type = (int)i;
				continue;	/* READ's operand: no insn */
			}
			sp++;
			if (sp > p->depth)
				p->depth = sp;
		}
		if (emit(p, &cap, &in))
			FAIL("out of memory");
	}
	if (sp != 1)
		FAIL(sp ? "%d values left on the stack: an operator is missing" :
		     "empty equation", sp);
	if (st[0].read_type >= 0)
		FAIL("'%s' is an operand of READ only", reads[st[0].read_type].name);
	p->is_float = st[0].f;
	return p;
err:
	ioa_rpn_free(p);
	return NULL;
}

/* ---- linked programs --------------------------------------------------- */

struct ioa_rpn_set {
	struct insn *insn;
	size_t n;
};

struct ioa_rpn_set *ioa_rpn_link(struct ioa_rpn *const *progs,
				 const bool *is_float, const size_t *order,
				 size_t n, int var_base)
{
	struct ioa_rpn_set *ps = calloc(1, sizeof(*ps));
	size_t k, i, total = 0;

	if (!ps)
		return NULL;
	for (k = 0; k < n; k++)
		total += progs[k]->n + 1;
	ps->insn = calloc(total ? total : 1, sizeof(*ps->insn));
	if (!ps->insn)
		goto err;
	for (k = 0; k < n; k++) {
		const struct ioa_rpn *p = progs[order[k]];
		size_t start = ps->n;
		struct insn *st;

		for (i = 0; i < p->n; i++) {
			struct insn in = p->insn[i];

			/* "x 100 UMUL": the literal rides with the operator */
			if (in.op >= OP_FADD && in.op <= OP_LAND &&
			    ps->n > start && ps->insn[ps->n - 1].op == OP_PUSH) {
				in.v = ps->insn[--ps->n].v;
				in.imm = true;
			}
			if (in.op == OP_LOAD && in.id == IOA_RPN_ID_PERFCNT) {
				in.op = OP_UNDEF;
			} else if (in.op == OP_LOAD) {
				if (in.id < var_base ||
				    (size_t)(in.id - var_base) >= n)
					goto err;
				in.op = OP_LOAD_VAR;
				in.id -= var_base;
			}
			ps->insn[ps->n++] = in;
		}
		st = &ps->insn[ps->n++];
		st->op = OP_STORE;
		st->id = (int)order[k];
		st->fa = p->is_float;		/* what the program gives */
		st->f = is_float[order[k]];	/* what is stored */
	}
	return ps;
err:
	ioa_rpn_set_free(ps);
	return NULL;
}

void ioa_rpn_run_set(const struct ioa_rpn_set *ps,
		     const struct ioa_rpn_builtins *bi,
		     struct ioa_rpn_val *val, uint8_t *ok)
{
	union rv st[STACK_MAX];
	bool undef = false;
	int sp = 0;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		const struct insn *in = &ps->insn[i];
		const struct ioa_rpn_val *pv;
		struct ioa_rpn_val *out;

		switch (in->op) {
		case OP_PUSH:
			st[sp++] = in->v;
			break;
		case OP_LOAD_BI:
			undef |= !bi->ok[in->id];
			st[sp++].u = bi->val[in->id];
			break;
		case OP_LOAD_VAR:
			pv = &val[in->id];
			undef |= !ok[in->id];
			st[sp++] = load_as(pv, in->f);
			break;
		case OP_UNDEF:
			undef = true;
			st[sp++].u = 0;
			break;
		case OP_STORE:
			/* "return tmpN;" from a uint64_t or double function */
			out = &val[in->id];
			out->f = in->f;
			if (in->f) {
				out->d = as_d(st[0], in->fa);
				out->u = 0;
			} else {
				out->u = as_u(st[0], in->fa);
				out->d = 0;
			}
			ok[in->id] = !undef;
			undef = false;
			sp = 0;
			break;
		default:
			if (in->imm) {
				st[sp - 1] = apply(in, st[sp - 1], in->v);
				break;
			}
			sp--;
			st[sp - 1] = apply(in, st[sp - 1], st[sp]);
			break;
		}
	}
}

void ioa_rpn_set_free(struct ioa_rpn_set *ps)
{
	if (!ps)
		return;
	free(ps->insn);
	free(ps);
}
