// SPDX-License-Identifier: MIT
/*
 * Documentation/counters.rst, transcribed for the tests: every table of the
 * page is a table here, every formula a function. Phase sets are 32-bit
 * masks over p = c mod 32.
 */
#include <stdio.h>

#include "activity.h"

typedef unsigned __int128 u128;

#define PERIOD		32u
#define SLICE_SHIFT	20
#define PH(lo, hi)	((uint32_t)(((1ull << ((hi) + 1)) - 1) & ~((1ull << (lo)) - 1)))

uint64_t act_busy(const struct act_gpu *g, uint64_t c)
{
	uint64_t L = (uint64_t)g->R << SLICE_SHIFT;
	uint64_t s = c / L, r = c % L;
	uint64_t m = s % 4;

	return L * (3 * (s / 4) + (m < 3 ? m : 3)) + (m != 3 ? r : 0);
}

bool act_cycle_busy(const struct act_gpu *g, uint64_t c)
{
	return (c / g->R >> SLICE_SHIFT) % 4 != 3;
}

uint64_t act_c_count(const struct act_gpu *g, unsigned int n, uint64_t c)
{
	uint64_t b = act_busy(g, c);

	return b / 256 * (n + 1) + (b % 256 < n + 1 ? b % 256 : n + 1);
}

/* Count of a 32-cycle periodic event with phase set @x over B busy cycles. */
static uint64_t periodic(uint64_t B, uint32_t x)
{
	uint32_t head = (uint32_t)(B % PERIOD);
	uint32_t part = head ? x & (uint32_t)((1ull << head) - 1) : 0;

	return B / PERIOD * (uint64_t)__builtin_popcount(x) +
	       (uint64_t)__builtin_popcount(part);
}

/* ---- the per-EU program ---- */

enum pipe { P_FPU0, P_FPU1, P_SEND, P_SYS, P_CTRL, N_PIPES };

static const uint32_t pipe_phases[N_PIPES] = {
	[P_FPU0] = PH(0, 15),
	[P_FPU1] = PH(10, 20),
	[P_SEND] = PH(21, 23),
	[P_SYS] = PH(12, 15) | PH(24, 26),
	[P_CTRL] = PH(27, 28),
};

/* Fine filter class codes 1 hybrid, 2 ternary, 3 binary, 4 mov. */
static const uint32_t pipe_class[N_PIPES][5] = {
	[P_FPU0] = { 0, PH(14, 15), PH(8, 13), PH(2, 7), PH(0, 1) },
	[P_FPU1] = { 0, PH(20, 20), PH(15, 19), PH(11, 14), PH(10, 10) },
	[P_SYS] = { 0, 0, PH(12, 15) | PH(24, 26), 0, 0 },
};

/* Gen12.5 instruction types, per pipe. */
enum xtype { T_FP32, T_FP16, T_INT32, T_INT16, T_MATH, T_BF16, T_INT8,
	     T_SFP16, N_TYPES };

static const uint32_t type_phases[N_TYPES][N_PIPES] = {
	[T_FP32] = { [P_FPU0] = PH(0, 4), [P_FPU1] = PH(10, 11) },
	[T_FP16] = { [P_FPU0] = PH(5, 7) },
	[T_INT32] = { [P_FPU0] = PH(8, 10), [P_FPU1] = PH(12, 17) },
	[T_INT16] = { [P_FPU0] = PH(11, 15) },
	[T_MATH] = { [P_FPU1] = PH(18, 20) },
	[T_BF16] = { [P_SYS] = PH(12, 12) },
	[T_INT8] = { [P_SYS] = PH(13, 15) | PH(24, 24) },
	[T_SFP16] = { [P_SYS] = PH(25, 26) },
};

static unsigned int e8_of(unsigned int e)
{
	return e % 8;
}

static uint32_t lambda_mask(unsigned int e)
{
	unsigned int lambda = 32 - 2 * e8_of(e);

	return lambda >= 32 ? ~0u : (uint32_t)((1u << lambda) - 1);
}

/* Phases at which pipe @p of EU @e is active. */
static uint32_t pipe_mask(const struct act_gpu *g, unsigned int e, enum pipe p)
{
	if (!g->xehp && (p == P_SYS || p == P_CTRL))
		return 0;
	return pipe_phases[p] & lambda_mask(e);
}

static uint32_t some_pipe(const struct act_gpu *g, unsigned int e)
{
	uint32_t m = 0;
	int p;

	for (p = 0; p < N_PIPES; p++)
		m |= pipe_mask(g, e, p);
	return m;
}

static enum act_kind eu_kind(const struct act_gpu *g, unsigned int e)
{
	static const enum act_kind gen8[8] = {
		ACT_KIND_VS, ACT_KIND_HS, ACT_KIND_DS, ACT_KIND_GS,
		ACT_KIND_PS, ACT_KIND_PS, ACT_KIND_PS, ACT_KIND_GPGPU,
	};
	static const enum act_kind xehp[16] = {
		ACT_KIND_VS, ACT_KIND_HS, ACT_KIND_DS, ACT_KIND_GS,
		ACT_KIND_PS, ACT_KIND_PS, ACT_KIND_PS, ACT_KIND_PS,
		ACT_KIND_GPGPU, ACT_KIND_GPGPU, ACT_KIND_GP1, ACT_KIND_TASK,
		ACT_KIND_MESH, ACT_KIND_RT_ANY, ACT_KIND_RT_CLOSEST,
		ACT_KIND_RT_MISS,
	};

	return g->xehp ? xehp[e % 16] : gen8[e % 8];
}

static unsigned int threads_loaded(unsigned int e)
{
	return 1 + e % 7;
}

static unsigned int thread_slots(const struct act_gpu *g)
{
	return g->xehp ? 8 : 7;
}

unsigned int act_n_kind(const struct act_gpu *g, enum act_kind kind)
{
	unsigned int e, n = 0;

	for (e = 0; e < g->eus; e++)
		n += eu_kind(g, e) == kind;
	return n * g->n_ss;
}

/* ---- flex EU events ---- */

#define ACC 0xff	/* threads-loaded accumulator, not a phase set */

/*
 * An increment event: up to three components, each a pipe's phases (or a
 * combination) optionally limited to an instruction type; @cls_pipe[i] is
 * the pipe whose class a class fine filter looks at (N_PIPES: the
 * component has no class and a class filter counts 0).
 */
struct event {
	bool defined;
	uint8_t kind;		/* how to build the components, see comps() */
	uint16_t coarse_ok;	/* allowed coarse codes; 0xffff: no limit */
	uint16_t fine_ok;	/* allowed fine codes; 0xffff: no limit */
};

enum ev_kind {
	EV_PIPE0, EV_PIPE1, EV_SEND, EV_AND01, EV_ANY, EV_STALL, EV_THREADS,
	EV_SYS, EV_AND0SYS, EV_CTRL, EV_TYPE0,	/* EV_TYPE0 + enum xtype */
};

#define ALL	0xffffu
#define ROWS	(1u << 0 | 1u << 7 | 1u << 8)
#define EUNUM	(1u << 0 | 1u << 7 | 1u << 8 | 1u << 9 | 1u << 10)
#define SSTART	(1u << 5)
#define F0110	(1u << 6)

static const struct event gen8_events[16] = {
	[0x0] = { true, EV_PIPE0, ALL, ALL },
	[0x1] = { true, EV_PIPE1, ALL, ALL },
	[0x2] = { true, EV_SEND, ALL, EUNUM | SSTART | F0110 },
	[0x3] = { true, EV_AND01, ROWS, EUNUM },
	[0x4] = { true, EV_ANY, ROWS, EUNUM | SSTART | F0110 },
	[0x5] = { true, EV_STALL, ROWS, EUNUM },
	[0x8] = { true, EV_THREADS, ROWS, EUNUM },
};

static const struct event xehp_events[32] = {
	[0x00] = { true, EV_PIPE0, ALL, ALL },
	[0x01] = { true, EV_PIPE1, ALL, EUNUM },
	[0x02] = { true, EV_SEND, ALL, EUNUM | SSTART },
	[0x03] = { true, EV_AND01, ROWS, EUNUM },
	[0x04] = { true, EV_ANY, ALL, EUNUM | SSTART },
	[0x05] = { true, EV_STALL, ALL, EUNUM },
	[0x06] = { true, EV_TYPE0 + T_FP16, ALL, ALL },
	[0x07] = { true, EV_TYPE0 + T_FP32, ALL, ALL },
	[0x08] = { true, EV_THREADS, ROWS, EUNUM },
	[0x09] = { true, EV_SYS, ALL, ALL },
	[0x0a] = { true, EV_AND0SYS, ROWS, EUNUM },
	[0x0c] = { true, EV_TYPE0 + T_INT16, ALL, ALL },
	[0x0d] = { true, EV_TYPE0 + T_INT32, ALL, ALL },
	[0x0e] = { true, EV_TYPE0 + T_BF16, ALL, ALL },
	[0x0f] = { true, EV_TYPE0 + T_INT8, ALL, ALL },
	[0x10] = { true, EV_TYPE0 + T_MATH, ALL, ALL },
	[0x11] = { true, EV_CTRL, ROWS, ALL },
	[0x12] = { true, EV_TYPE0 + T_SFP16, ALL, ALL },
};

#define XEHP_DEFAULT_EVENT 0x1f
#define GEN9_OFF_EVENT 0xf

/* Coarse codes that select a thread kind (others: rows or reserved). */
static const int8_t gen8_coarse_kind[16] = {
	[1] = ACT_KIND_VS, [2] = ACT_KIND_HS, [3] = ACT_KIND_DS,
	[4] = ACT_KIND_GS, [5] = ACT_KIND_PS, [6] = ACT_KIND_GPGPU,
	[0] = -1, [7] = -1, [8] = -1, [9] = -2, [10] = -2, [11] = -2,
	[12] = -2, [13] = -2, [14] = -2, [15] = -2,
};

static const int8_t xehp_coarse_kind[16] = {
	[1] = ACT_KIND_VS, [2] = ACT_KIND_HS, [3] = ACT_KIND_DS,
	[4] = ACT_KIND_GS, [5] = ACT_KIND_PS, [6] = ACT_KIND_GPGPU,
	[9] = ACT_KIND_GP1, [10] = ACT_KIND_TASK, [11] = ACT_KIND_MESH,
	[12] = ACT_KIND_RT_ANY, [13] = ACT_KIND_RT_CLOSEST,
	[14] = ACT_KIND_RT_MISS, [0] = -1, [7] = -1, [8] = -1, [15] = -2,
};

struct field {
	unsigned int event, coarse, fine;
};

static struct field split(const struct act_gpu *g, uint32_t f)
{
	if (g->xehp)
		return (struct field){ f & 0x1f, (f >> 5) & 0xf, (f >> 9) & 0xf };
	return (struct field){ f & 0xf, (f >> 4) & 0xf, (f >> 8) & 0xf };
}

uint32_t act_flex_field(const struct act_gpu *g, const uint32_t ctl[ACT_N_FLEX_CTL],
			unsigned int i)
{
	uint32_t v = ctl[i / 2];
	uint32_t f = (v >> (12 * (i % 2))) & 0xfff;

	if (g->xehp)
		return ACT_XEHP_FIELD((f & 0xf) | ((v >> (24 + i % 2)) & 1) << 4,
				      (f >> 4) & 0xf, (f >> 8) & 0xf);
	return f;
}

static const struct event *event_of(const struct act_gpu *g, unsigned int ev)
{
	if (g->xehp)
		return ev < 32 ? &xehp_events[ev] : NULL;
	return ev < 16 ? &gen8_events[ev] : NULL;
}

enum act_flex_status act_flex_check(const struct act_gpu *g, uint32_t field)
{
	struct field f = split(g, field);
	const struct event *ev = event_of(g, f.event);
	const int8_t *ck = g->xehp ? xehp_coarse_kind : gen8_coarse_kind;

	if (g->xehp && f.event == XEHP_DEFAULT_EVENT)
		return ACT_FLEX_DEFAULT;
	/* Gen9-12: Intel's sets turn a field off with 0b1111 (reading 28) */
	if (!g->xehp && !g->filter_rules && f.event == GEN9_OFF_EVENT)
		return ACT_FLEX_DEFAULT;
	/* Reading 6: fine 0110 is reserved although two events list it. */
	if (!ev || !ev->defined || ck[f.coarse] == -2 || f.fine == 6 ||
	    f.fine >= 11)
		return ACT_FLEX_RESERVED;
	if (g->filter_rules &&
	    (!(ev->coarse_ok & (1u << f.coarse)) || !(ev->fine_ok & (1u << f.fine))))
		return ACT_FLEX_UNSUPPORTED;
	return ACT_FLEX_OK;
}

/* Does EU @e pass the coarse filter and the EU# part of the fine one? */
static bool eu_selected(const struct act_gpu *g, unsigned int e, struct field f)
{
	const int8_t *ck = g->xehp ? xehp_coarse_kind : gen8_coarse_kind;
	unsigned int row = (e / 4) % 2;

	if (f.coarse == 7 && row != 0)
		return false;
	if (f.coarse == 8 && row != 1)
		return false;
	if (ck[f.coarse] >= 0 && eu_kind(g, e) != (enum act_kind)ck[f.coarse])
		return false;
	if (f.fine >= 7 && f.fine <= 10 && e % 4 != f.fine - 7)
		return false;
	return true;
}

/* Phase set of one component after a class or send-start fine filter. */
static uint32_t fine_cut(uint32_t x, int cls_pipe, unsigned int fine)
{
	if (fine >= 1 && fine <= 4)
		return cls_pipe < 0 ? 0 : x & pipe_class[cls_pipe][fine];
	if (fine == 5)
		return x & PH(21, 21);
	return x;
}

/* Per-period count over B busy cycles of one EU. */
static uint64_t eu_count(const struct act_gpu *g, unsigned int e, struct field f,
			 uint64_t B)
{
	const struct event *ev = event_of(g, f.event);
	uint32_t x[3] = { 0, 0, 0 };
	int cls[3] = { -1, -1, -1 };
	unsigned int n = 0, i;
	uint64_t sum = 0;

	if (!eu_selected(g, e, f))
		return 0;
	switch (ev->kind) {
	case EV_THREADS:
		return (uint64_t)((u128)threads_loaded(e) * B / thread_slots(g));
	case EV_PIPE0:
		cls[n] = P_FPU0;
		x[n++] = pipe_mask(g, e, P_FPU0);
		break;
	case EV_PIPE1:
		cls[n] = P_FPU1;
		x[n++] = pipe_mask(g, e, P_FPU1);
		break;
	case EV_SEND:
		x[n++] = pipe_mask(g, e, P_SEND);
		break;
	case EV_SYS:
		cls[n] = P_SYS;
		x[n++] = pipe_mask(g, e, P_SYS);
		break;
	case EV_CTRL:
		x[n++] = pipe_mask(g, e, P_CTRL);
		break;
	case EV_AND01:
		x[n++] = pipe_mask(g, e, P_FPU0) & pipe_mask(g, e, P_FPU1);
		break;
	case EV_AND0SYS:
		x[n++] = pipe_mask(g, e, P_FPU0) & pipe_mask(g, e, P_SYS);
		break;
	case EV_ANY:
		x[n++] = some_pipe(g, e);
		break;
	case EV_STALL:
		x[n++] = ~some_pipe(g, e);
		break;
	default: {
		enum xtype t = ev->kind - EV_TYPE0;
		int p;

		for (p = 0; p < N_PIPES; p++) {
			if (!type_phases[t][p])
				continue;
			cls[n] = p;
			x[n++] = type_phases[t][p] & pipe_mask(g, e, p);
		}
		break;
	}
	}
	for (i = 0; i < n; i++)
		sum += periodic(B, fine_cut(x[i], cls[i], f.fine));
	return sum;
}

uint64_t act_flex_count(const struct act_gpu *g, uint32_t field, uint64_t c)
{
	struct field f = split(g, field);
	uint64_t B = act_busy(g, c), sum = 0;
	unsigned int e;

	if (act_flex_check(g, field) != ACT_FLEX_OK)
		return 0;
	for (e = 0; e < g->eus; e++)
		sum += eu_count(g, e, f, B);
	return sum * g->n_ss;
}

/* ---- fixed-function A counters ---- */

enum ff_rule { FF_NONE, FF_BUSY, FF_DISPATCH, FF_PER_SS, FF_PER_KIND,
	       FF_PER_SLICE, FF_ATOMICS, FF_BARRIER };

/**
 * struct ff - one fixed-function counter of counters.rst's table
 * @rule: how the count is formed
 * @x: events per period (per subslice or per EU of @kind), or the dispatch
 *	interval D of @kind
 * @kind: thread kind involved
 * @gen8: defined on Gen8-12
 * @xehp: defined on Gen12.5
 */
struct ff {
	uint8_t rule;
	uint16_t x;
	uint8_t kind;
	bool gen8, xehp;
};

static const struct ff ff_table[38] = {
	[0] = { FF_BUSY, 0, 0, true, true },
	[1] = { FF_DISPATCH, 128, ACT_KIND_VS, true, true },
	[2] = { FF_DISPATCH, 512, ACT_KIND_HS, true, true },
	[3] = { FF_DISPATCH, 1024, ACT_KIND_DS, true, true },
	[4] = { FF_DISPATCH, 2048, ACT_KIND_GPGPU, true, true },
	[5] = { FF_DISPATCH, 256, ACT_KIND_GS, true, true },
	[6] = { FF_DISPATCH, 64, ACT_KIND_PS, true, true },
	[21] = { FF_PER_SS, 16, 0, true, true },
	[22] = { FF_PER_SS, 4, 0, true, true },
	[23] = { FF_PER_SS, 2, 0, true, true },
	[25] = { FF_PER_SS, 1, 0, true, false },
	[26] = { FF_PER_SS, 9, 0, true, true },
	[27] = { FF_PER_SS, 7, 0, true, true },
	[28] = { FF_PER_KIND, 4, ACT_KIND_PS, true, true },
	/* L3-side: at most 32 lines per period per slice together */
	[29] = { FF_PER_SLICE, 10, 0, true, true },
	[30] = { FF_PER_SLICE, 13, 0, true, true },
	[31] = { FF_PER_SLICE, 5, 0, true, true },
	[32] = { FF_PER_SLICE, 7, 0, true, false },
	[34] = { FF_ATOMICS, 2, 0, true, true },
	[35] = { FF_BARRIER, 256, ACT_KIND_GPGPU, true, true },
	[36] = { FF_PER_SS, 2, 0, false, true },
	[37] = { FF_PER_SS, 1, 0, false, true },
};

bool act_fixed_count(const struct act_gpu *g, unsigned int n, uint64_t c,
		     uint64_t *count)
{
	const struct ff *f = n < 38 ? &ff_table[n] : NULL;
	uint64_t B = act_busy(g, c), periods = B / PERIOD, sum = 0;
	unsigned int e;

	if (!f || f->rule == FF_NONE || !(g->xehp ? f->xehp : f->gen8))
		return false;
	switch (f->rule) {
	case FF_BUSY:
		*count = B;
		break;
	case FF_DISPATCH:
		*count = act_n_kind(g, f->kind) * (B / f->x);
		break;
	case FF_PER_SS:
		*count = (uint64_t)f->x * g->n_ss * periods;
		break;
	case FF_PER_KIND:
		*count = (uint64_t)f->x * act_n_kind(g, f->kind) * periods;
		break;
	case FF_PER_SLICE:
		*count = (uint64_t)f->x * g->n_slices * periods;
		break;
	case FF_ATOMICS:
		/* SLM atomics (x per slice) and URB atomics (x per subslice) */
		*count = (uint64_t)f->x * (g->n_slices + g->n_ss) * periods;
		break;
	case FF_BARRIER:
		for (e = 0; e < g->eus; e++)
			if (eu_kind(g, e) == f->kind)
				sum += threads_loaded(e);
		*count = sum * g->n_ss * (B / f->x);
		break;
	}
	return true;
}

/* ---- CEC ---- */

static unsigned int eu0_npipe(const struct act_gpu *g, uint32_t p)
{
	unsigned int n = 0;
	int q;

	for (q = 0; q < N_PIPES; q++)
		n += !!(pipe_mask(g, 0, q) & (1u << p));
	return n;
}

static uint16_t internal_bus(const struct act_gpu *g, uint64_t c, bool busy)
{
	uint32_t p = (uint32_t)(c % PERIOD);
	uint16_t v = 1;

	v |= busy << 1;
	v |= (uint16_t)((c % 2) << 3);
	v |= (uint16_t)((c % 3) << 4);
	v |= (uint16_t)((busy ? eu0_npipe(g, p) : 0) << 8);
	v |= (uint16_t)(((c / PERIOD) % 16) << 12);
	return v;
}

static uint16_t boolean_bus(const struct act_gpu *g, uint64_t c, bool busy,
			    uint16_t internal)
{
	uint32_t bit = 1u << (c % PERIOD);
	uint16_t v = internal & 0xff00;

	if (!busy)
		return v;
	v |= !!(pipe_mask(g, 0, P_FPU0) & bit) << 0;
	v |= !!(pipe_mask(g, 0, P_FPU1) & bit) << 1;
	v |= !!(pipe_mask(g, 0, P_SEND) & bit) << 2;
	v |= !(some_pipe(g, 0) & bit) << 3;
	v |= 1u << 4;
	v |= !!(pipe_mask(g, 0, P_SYS) & bit) << 5;
	return v;
}

uint8_t act_cec_outputs(const struct act_gpu *g, const struct act_cec *cec,
			uint64_t c)
{
	bool busy = act_cycle_busy(g, c);
	uint16_t in = internal_bus(g, c, busy), bo = boolean_bus(g, c, busy, in);
	uint16_t prev = 0;
	uint8_t out = 0;
	unsigned int n;

	for (n = 0; n < ACT_N_CEC; n++) {
		uint32_t r0 = cec->r0[n], r1 = cec->r1[n];
		unsigned int fn = r0 & 7, src = (r0 >> 19) & 3;
		uint16_t value = (uint16_t)(r0 >> 3), mask = (uint16_t)r1;
		uint16_t negate = (uint16_t)(r1 >> 16);
		uint16_t bus = src == 0 ? bo : src == 1 ? prev : src == 2 ? in : 0;
		uint16_t cond = bus ^ negate, x = cond & ~mask, v = value & ~mask;

		prev = cond;
		if (src == 3)
			continue;
		if (((fn & 1) && x > v) || ((fn & 2) && x == v) || ((fn & 4) && x < v))
			out |= 1u << n;
	}
	return out;
}

/*
 * Inside a busy or an idle run every bus is periodic in 1536 cycles
 * (counters.rst), so a run is counted from one period's table.
 */
#define CEC_PERIOD 1536u

struct cec_table {
	uint32_t prefix[CEC_PERIOD + 1][ACT_N_CEC];	/* true cycles in [0, i) */
};

static void cec_table_fill(const struct act_gpu *g, const struct act_cec *cec,
			   bool busy, struct cec_table *t)
{
	/* A cycle of the wanted busy state with residue 0 mod 1536. */
	uint64_t L = (uint64_t)g->R << SLICE_SHIFT;
	uint64_t base = busy ? 0 : 3 * L;
	unsigned int i, n;

	base -= base % CEC_PERIOD;
	while (act_cycle_busy(g, base) != busy)
		base += CEC_PERIOD;
	for (n = 0; n < ACT_N_CEC; n++)
		t->prefix[0][n] = 0;
	for (i = 0; i < CEC_PERIOD; i++) {
		uint8_t o = act_cec_outputs(g, cec, base + i);

		for (n = 0; n < ACT_N_CEC; n++)
			t->prefix[i + 1][n] = t->prefix[i][n] + ((o >> n) & 1);
	}
}

/* True cycles of block @n in [0, @c) of a run, from the run's table. */
static uint64_t cec_upto(const struct cec_table *t, unsigned int n, uint64_t c)
{
	return c / CEC_PERIOD * t->prefix[CEC_PERIOD][n] + t->prefix[c % CEC_PERIOD][n];
}

void act_cec_counts(const struct act_gpu *g, const struct act_cec *cec,
		    uint64_t c0, uint64_t c1, uint64_t out[ACT_N_CEC])
{
	static struct cec_table tab[2];
	uint64_t L = (uint64_t)g->R << SLICE_SHIFT, c;
	unsigned int n;

	/* L is a multiple of 1536 only if R is; residues are kept absolute. */
	cec_table_fill(g, cec, false, &tab[0]);
	cec_table_fill(g, cec, true, &tab[1]);
	for (n = 0; n < ACT_N_CEC; n++)
		out[n] = 0;
	for (c = c0; c < c1;) {
		uint64_t end = (c / L + 1) * L;
		const struct cec_table *t = &tab[act_cycle_busy(g, c)];

		if (end > c1)
			end = c1;
		for (n = 0; n < ACT_N_CEC; n++)
			out[n] += cec_upto(t, n, end) - cec_upto(t, n, c);
		c = end;
	}
}

/* ---- triggers ---- */

bool act_trig_cond(const struct act_gpu *g, const struct act_cec *cec,
		   uint32_t ctl, uint64_t c)
{
	uint8_t sel_a = ctl & 0xff, sel_b = (ctl >> 8) & 0xff;
	uint8_t o = (sel_a || sel_b) ? act_cec_outputs(g, cec, c) : 0;
	bool a = sel_a ? !!(o & sel_a) : true;
	bool b = sel_b ? !!(o & sel_b) : true;

	return (a ^ !!(ctl & (1u << 16))) && (b ^ !!(ctl & (1u << 17)));
}

unsigned int act_trig_fires(const struct act_gpu *g, const struct act_cec *cec,
			    uint32_t thr, uint32_t ctl, uint64_t c_enable,
			    uint64_t c_end, uint64_t *fires, unsigned int max)
{
	/* threshold 0 is met on the first cycle, as 1 (counters.rst 19) */
	uint32_t limit = (thr & 0xffff) ? (thr & 0xffff) : 1;
	bool threshold = ctl & (1u << 23), last = false;
	unsigned int n = 0;
	uint32_t count = 0;
	uint64_t c;

	if (!(ctl & (1u << 31)))
		return 0;
	for (c = c_enable; c < c_end; c++) {
		bool cond = act_trig_cond(g, cec, ctl, c);
		bool fire;

		if (threshold) {
			count += cond;
			fire = count == limit;
			if (fire)
				count = 0;
		} else {
			/* No edge at the enable cycle itself (no earlier value). */
			fire = c > c_enable && cond && !last;
		}
		last = cond;
		if (fire) {
			if (n < max)
				fires[n] = c;
			n++;
		}
	}
	return n;
}

/* ---- self-check: counters.rst's tables and worked examples ---- */

static int expect(const char *what, uint64_t got, uint64_t want)
{
	if (got == want)
		return 0;
	fprintf(stderr, "activity: %s: got %llu, expected %llu\n", what,
		(unsigned long long)got, (unsigned long long)want);
	return 1;
}

/* The "sum 8" column: one 8-EU subslice, one busy period from c = 0. */
static int check_period_sums(void)
{
	static const struct {
		bool xehp;
		uint32_t field;
		uint64_t sum;
		const char *name;
	} rows[] = {
		{ false, 0x000, 128, "FPU0" }, { false, 0x001, 84, "FPU1" },
		{ false, 0x002, 16, "SEND" }, { false, 0x502, 6, "SEND start" },
		{ false, 0x003, 48, "FPU0 and FPU1" },
		{ false, 0x004, 180, "some pipe Gen8" },
		{ false, 0x005, 76, "stall Gen8" },
		{ true, 0x00, 128, "ALU0" }, { true, 0x01, 84, "ALU1" },
		{ true, 0x04, 196, "some pipe Gen12.5" },
		{ true, 0x05, 60, "stall Gen12.5" },
		{ true, 0x09, 43, "SYSTOLIC" }, { true, 0x0a, 32, "ALU0 and SYSTOLIC" },
		{ true, 0x11, 5, "CONTROL" }, { true, 0x07, 56, "FP32" },
		{ true, 0x06, 24, "FP16" }, { true, 0x0d, 72, "INT32" },
		{ true, 0x0c, 40, "INT16" }, { true, 0x10, 20, "MATH" },
		{ true, 0x0e, 8, "BF16" }, { true, 0x0f, 28, "INT8" },
		{ true, 0x12, 7, "SYSTOLIC FP16" },
	};
	unsigned int i;
	int err = 0;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct act_gpu g = { 50, rows[i].xehp, 1, 8, 1, false };

		err |= expect(rows[i].name, act_flex_count(&g, rows[i].field, 32),
			      rows[i].sum);
	}
	return err;
}

static const struct act_gpu skl = { 50, false, 3, 8, 1, false };
/* skl's topology under Gen8's filter rules */
static const struct act_gpu bdw_rules = { 50, false, 3, 8, 1, true };
#define EX_C0 (50ull * 4198400)
#define EX_C1 (50ull * 4206592)

static uint64_t flex_delta(uint32_t field)
{
	return act_flex_count(&skl, field, EX_C1) - act_flex_count(&skl, field, EX_C0);
}

static int check_example1(void)
{
	static const uint32_t ctl[ACT_N_FLEX_CTL] = { 0x00071000, 0x00a05502, 0x00008053 };
	static const uint64_t flex[ACT_N_FLEX] = {
		4915200, 1689600, 230400, 844800, 691200, 5090745, 4915200, 4915200,
		4915200, 4915200, 4915200, 4915200, 4915200, 4915200,
	};
	static const struct { unsigned int n; uint64_t d; } ff[] = {
		{ 0, 409600 }, { 1, 9600 }, { 2, 2400 }, { 3, 1200 }, { 4, 600 },
		{ 5, 4800 }, { 6, 57600 }, { 21, 614400 }, { 35, 4800 },
	};
	/* Skylake GT2 per-period counts of the fixed-function table. */
	static const struct { unsigned int n; uint64_t per; } pp[] = {
		{ 0, 32 }, { 21, 48 }, { 22, 12 }, { 23, 6 }, { 25, 3 }, { 26, 27 },
		{ 27, 21 }, { 28, 36 }, { 29, 10 }, { 30, 13 }, { 31, 5 },
		{ 32, 7 }, { 34, 8 },
	};
	char name[32];
	unsigned int i;
	uint64_t a, b;
	int err = 0;

	err |= expect("B(c0)", act_busy(&skl, EX_C0), 157491200);
	err |= expect("B(c1)", act_busy(&skl, EX_C1), 157900800);
	for (i = 0; i < ACT_N_FLEX; i++) {
		snprintf(name, sizeof(name), "example 1 A%u", 7 + i);
		err |= expect(name, flex_delta(act_flex_field(&skl, ctl, i)), flex[i]);
	}
	/* Skylake has no filter rules; Broadwell's seed has them. */
	err |= expect("example 1 A11 supported on Gen9",
		      act_flex_check(&skl, act_flex_field(&skl, ctl, 4)),
		      ACT_FLEX_OK);
	err |= expect("example 1 A11 unsupported on Gen8",
		      act_flex_check(&bdw_rules, act_flex_field(&bdw_rules, ctl, 4)),
		      ACT_FLEX_UNSUPPORTED);
	for (i = 0; i < sizeof(ff) / sizeof(ff[0]); i++) {
		snprintf(name, sizeof(name), "example 1 A%u", ff[i].n);
		if (!act_fixed_count(&skl, ff[i].n, EX_C0, &a) ||
		    !act_fixed_count(&skl, ff[i].n, EX_C1, &b))
			err |= expect(name, 0, 1);
		else
			err |= expect(name, b - a, ff[i].d);
	}
	for (i = 0; i < sizeof(pp) / sizeof(pp[0]); i++) {
		snprintf(name, sizeof(name), "Skylake A%u per period", pp[i].n);
		act_fixed_count(&skl, pp[i].n, 32, &a);
		err |= expect(name, a, pp[i].per);
	}
	err |= expect("A24 not an activity counter", act_fixed_count(&skl, 24, 32, &a), 0);
	return err;
}

static int check_example2(void)
{
	static const struct act_cec cec = {
		.r0 = { 0x00100042, 0x00100002, 0x00101003, 0x0000008a, 0x00080022 },
		.r1 = { 0x0000fff7, 0x0000ffcf, 0x0000f0ff, 0x0001ffee, 0x0000fffb },
	};
	static const uint64_t want[ACT_N_CEC] = {
		204800, 136533, 76800, 204800, 38400, 0, 0, 0,
	};
	uint64_t got[ACT_N_CEC], fires[4];
	unsigned int n, i;
	char name[32];
	int err = 0;

	act_cec_counts(&skl, &cec, EX_C0, EX_C1, got);
	for (n = 0; n < ACT_N_CEC; n++) {
		snprintf(name, sizeof(name), "example 2 B%u", n);
		err |= expect(name, got[n], want[n]);
	}
	/* Report trigger 1: every 100000 cycles whatever the enable phase. */
	for (i = 0; i < 2; i++) {
		n = act_trig_fires(&skl, &cec, 0x0000c350, 0x80800001, EX_C0 + i,
				   EX_C0 + i + 350000, fires, 4);
		err |= expect("example 2 trigger fires", n, 3);
		err |= expect("example 2 fire spacing", fires[1] - fires[0], 100000);
		err |= expect("example 2 tick spacing", fires[2] / 50 - fires[1] / 50, 2000);
	}
	/* i915's Test OA boolean programming (counters.rst reading 4). */
	{
		static const struct act_cec t = {
			.r0 = { 0x4, 0x3, 0x7, 0x00100002, 0x00100002, 0x00100082,
				0x001000c2, 0x00100001 },
			.r1 = { 0, 0, 0, 0xfff7, 0xffcf, 0xffef, 0xffe7, 0xffe7 },
		};
		static const uint64_t tw[ACT_N_CEC] = { 0, 6000, 6000, 3000, 2000,
							2000, 1000, 4000 };

		act_cec_counts(&skl, &t, 600000, 606000, got);
		for (n = 0; n < ACT_N_CEC; n++) {
			snprintf(name, sizeof(name), "Test OA B%u", n);
			err |= expect(name, got[n], tw[n]);
		}
	}
	return err;
}

/* The run tables against cycle-by-cycle evaluation across busy/idle edges. */
static int check_cec_runs(void)
{
	static const struct act_cec cec = {
		.r0 = { 0x00100042, 0x00100002, 0x00101003, 0x0000008a, 0x00080022,
			0x00100002, 0x7 },
		.r1 = { 0x0000fff7, 0x0000ffcf, 0x0000f0ff, 0x0001ffee, 0x0000fffb,
			0x0000fffd, 0 },
	};
	const struct act_gpu g = { 48, false, 3, 8, 1, false };
	uint64_t L = 48ull << 20, got[ACT_N_CEC], want[ACT_N_CEC];
	unsigned int n, w;
	char name[32];
	int err = 0;

	/* Windows over the busy-to-idle and the idle-to-busy edge. */
	for (w = 3; w <= 4; w++) {
		uint64_t c, c0 = w * L - 4999, c1 = w * L + 7001;

		for (n = 0; n < ACT_N_CEC; n++)
			want[n] = 0;
		for (c = c0; c < c1; c++) {
			uint8_t o = act_cec_outputs(&g, &cec, c);

			for (n = 0; n < ACT_N_CEC; n++)
				want[n] += (o >> n) & 1;
		}
		act_cec_counts(&g, &cec, c0, c1, got);
		for (n = 0; n < ACT_N_CEC; n++) {
			snprintf(name, sizeof(name), "CEC run table B%u", n);
			err |= expect(name, got[n], want[n]);
		}
	}
	return err;
}

/*
 * Gen12.5's register layout against values of Intel's DG2 metric sets
 * (Debian's libi915_perf 1.27.1, acmgt tables): 0x01008001 is CONTROL_ALL
 * and THREADS_OCCUPANCY, 0x0200200f SYSTOLIC INT8 and SYSTOLIC FP16,
 * 0x00041031 ALU1 on DS and on GS threads; and the reset value.
 */
static int check_xehp_layout(void)
{
	static const struct act_gpu g = { 50, true, 1, 16, 1, true };
	static const struct { uint32_t ctl; uint32_t f0, f1; } rows[] = {
		{ 0x01008001, ACT_XEHP_FIELD(0x11, 0, 0), ACT_XEHP_FIELD(0x08, 0, 0) },
		{ 0x0200200f, ACT_XEHP_FIELD(0x0f, 0, 0), ACT_XEHP_FIELD(0x12, 0, 0) },
		{ 0x00041031, ACT_XEHP_FIELD(0x01, 3, 0), ACT_XEHP_FIELD(0x01, 4, 0) },
		{ 0x0300f00f, ACT_XEHP_FIELD(0x1f, 0, 0), ACT_XEHP_FIELD(0x1f, 0, 0) },
	};
	uint32_t ctl[ACT_N_FLEX_CTL] = { 0 };
	unsigned int i;
	int err = 0;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		ctl[0] = rows[i].ctl;
		err |= expect("xehp field 0", act_flex_field(&g, ctl, 0), rows[i].f0);
		err |= expect("xehp field 1", act_flex_field(&g, ctl, 1), rows[i].f1);
		err |= expect("xehp round trip", ACT_XEHP_CTL(rows[i].f0, rows[i].f1),
			      rows[i].ctl);
		err |= expect("xehp Intel's field allowed",
			      act_flex_check(&g, rows[i].f0) == ACT_FLEX_UNSUPPORTED, 0);
	}
	return err;
}

/*
 * Intel's Gen11-12 sets write EU_PERF_CNT_CTL6 = 0xffffffff (Mesa 22.3.6
 * oa-icl.xml .. oa-tglgt2.xml): off on Gen9-12 and Gen12.5, where the same
 * value is event 0b11111 twice; reserved under Broadwell's event table.
 */
static int check_all_ones(void)
{
	static const struct {
		const char *name;
		struct act_gpu g;
		enum act_flex_status want;
	} rows[] = {
		{ "gen8", { 50, false, 3, 8, 1, true }, ACT_FLEX_RESERVED },
		{ "gen9-12", { 30, false, 6, 16, 1, false }, ACT_FLEX_DEFAULT },
		{ "gen12.5", { 50, true, 1, 16, 1, true }, ACT_FLEX_DEFAULT },
	};
	uint32_t ctl[ACT_N_FLEX_CTL] = { [6] = 0xffffffff };
	unsigned int i, k;
	int err = 0;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		for (k = 12; k < ACT_N_FLEX; k++) {
			uint32_t f = act_flex_field(&rows[i].g, ctl, k);

			err |= expect(rows[i].name, act_flex_check(&rows[i].g, f),
				      rows[i].want);
			err |= expect(rows[i].name, act_flex_count(&rows[i].g, f, 1u << 20), 0);
		}
	return err;
}

int activity_selftest(void)
{
	return check_period_sums() | check_example1() | check_example2() |
	       check_cec_runs() | check_xehp_layout() | check_all_ones();
}
