/* SPDX-License-Identifier: MIT */
/*
 * The suite's own reading of Documentation/counters.rst (the "activity"
 * workload): busy cycles B(c), the per-EU pipe program, flex EU events with
 * their filters, the fixed-function A counters, the CEC signal buses and
 * blocks, and the trigger threshold logic. Written from the page alone; the
 * tests compare the device against these functions and never ask the
 * device model or tools/lib what a counter should hold.
 */
#ifndef OA_ACTIVITY_H
#define OA_ACTIVITY_H

#include <stdbool.h>
#include <stdint.h>

/* Control page version 3: the workload selector (counters.rst). */
#define VGPU_WORKLOAD		0x054
#define VGPU_WORKLOAD_LINEAR	0
#define VGPU_WORKLOAD_ACTIVITY	1

/* Violation codes of counters.rst reading 17. */
#define ACT_VIOL_FLEX_UNSUPPORTED	36
#define ACT_VIOL_FLEX_RESERVED		37
#define ACT_VIOL_CEC_SOURCE		38

/* Number of flex EU counters (A7..A20) and of their control registers. */
#define ACT_N_FLEX	14
#define ACT_N_FLEX_CTL	7
#define ACT_N_CEC	8

/**
 * struct act_gpu - what the activity model depends on
 * @R: GPU clock / timestamp ratio
 * @xehp: Gen12.5 (5-bit flex events, systolic and control pipes, Nt 8)
 * @n_ss: present subslices (DSS on Gen12.5) over all slices
 * @eus: present EUs in each of them (the lowest ones)
 * @n_slices: present slices
 * @filter_rules: a seed gives the generation's event table, so its
 *	supported-filter lists apply (violation 36): Gen8 (seed 000) and
 *	Gen12.5 (seed 002). Gen9-12 have none (counters.rst, reading 27),
 *	and their event 0b1111 is off, as Intel's sets use it (reading 28).
 */
struct act_gpu {
	uint32_t R;
	bool xehp;
	unsigned int n_ss;
	unsigned int eus;
	unsigned int n_slices;
	bool filter_rules;
};

/* Busy cycles in [0, @c): counters.rst "B(c)". */
uint64_t act_busy(const struct act_gpu *g, uint64_t c);
/* Whether cycle @c lies in a busy slice. */
bool act_cycle_busy(const struct act_gpu *g, uint64_t c);
/*
 * C(@n) over [0, @c) (counters.rst "C counters"): the first n + 1 of
 * every 256 busy cycles.
 */
uint64_t act_c_count(const struct act_gpu *g, unsigned int n, uint64_t c);

/* Outcome of decoding one flex field. */
enum act_flex_status {
	ACT_FLEX_OK,
	ACT_FLEX_DEFAULT,	/* off (0b1111, 0b11111): counts 0, no violation */
	ACT_FLEX_UNSUPPORTED,	/* violation 36, counts 0 */
	ACT_FLEX_RESERVED,	/* violation 37, counts 0 */
};

/*
 * A field code: the event, coarse and fine filter of one flex counter.
 * Gen8-12: event 3:0, coarse 7:4, fine 11:8 (the register's own field).
 * Gen12.5: event 4:0, coarse 8:5, fine 12:9, a code of this library only:
 * the register keeps Gen8's 12-bit fields and puts the fifth event bit of
 * field n at bit 24 + n (counters.rst "Register layout").
 */
#define ACT_XEHP_FIELD(event, coarse, fine) \
	((uint32_t)(event) | (uint32_t)(coarse) << 5 | (uint32_t)(fine) << 9)
/* The EU_PERF_CNT_CTL value of two Gen12.5 field codes. */
#define ACT_XEHP_CTL(f0, f1) \
	(((f0) & 0xfu) | (((f0) >> 5) & 0xffu) << 4 | \
	 ((f1) & 0xfu) << 12 | (((f1) >> 5) & 0xffu) << 16 | \
	 (((f0) >> 4) & 1u) << 24 | (((f1) >> 4) & 1u) << 25)

/* Decode the field code of A(7 + @i) from the seven EU_PERF_CNT_CTL values. */
uint32_t act_flex_field(const struct act_gpu *g, const uint32_t ctl[ACT_N_FLEX_CTL],
			unsigned int i);
enum act_flex_status act_flex_check(const struct act_gpu *g, uint32_t field);

/* N_A(7+i)(c) of a flex field over [0, @c), summed over all present EUs. */
uint64_t act_flex_count(const struct act_gpu *g, uint32_t field, uint64_t c);

/*
 * Count of fixed-function counter A@n over [0, @c) (counters.rst
 * "Fixed-function A counters"); false if A@n is not an activity counter of
 * this generation (it keeps value_k(T)). Flex counters are not handled.
 */
bool act_fixed_count(const struct act_gpu *g, unsigned int n, uint64_t c,
		     uint64_t *count);

/* Number of present EUs of thread kind @kind (ACT_KIND_*). */
enum act_kind {
	ACT_KIND_VS, ACT_KIND_HS, ACT_KIND_DS, ACT_KIND_GS, ACT_KIND_PS,
	ACT_KIND_GPGPU, ACT_KIND_GP1, ACT_KIND_TASK, ACT_KIND_MESH,
	ACT_KIND_RT_ANY, ACT_KIND_RT_CLOSEST, ACT_KIND_RT_MISS, ACT_N_KINDS
};
unsigned int act_n_kind(const struct act_gpu *g, enum act_kind kind);

/**
 * struct act_cec - the eight CEC blocks as programmed (CECn-0, CECn-1)
 * @r0: CECn-0 (compare function, value, source select)
 * @r1: CECn-1 (mask, negate)
 */
struct act_cec {
	uint32_t r0[ACT_N_CEC];
	uint32_t r1[ACT_N_CEC];
};

/* Bit n set when block n's comparison is true at cycle @c. */
uint8_t act_cec_outputs(const struct act_gpu *g, const struct act_cec *cec,
			uint64_t c);
/* Per block, cycles in [@c0, @c1) where it is true. */
void act_cec_counts(const struct act_gpu *g, const struct act_cec *cec,
		    uint64_t c0, uint64_t c1, uint64_t out[ACT_N_CEC]);

/*
 * One trigger (TRIG(+0), TRIG(+4)): whether its condition holds at @c, and
 * the cycles at which it fires in [@c_enable, @c_end), evaluated from the
 * enable cycle as counters.rst "Behaviour" says. Returns the number of
 * fires found (at most @max stored).
 */
bool act_trig_cond(const struct act_gpu *g, const struct act_cec *cec,
		   uint32_t ctl, uint64_t c);
unsigned int act_trig_fires(const struct act_gpu *g, const struct act_cec *cec,
			    uint32_t thr, uint32_t ctl, uint64_t c_enable,
			    uint64_t c_end, uint64_t *fires, unsigned int max);

/* Host self-check against counters.rst's worked examples; 0 if good. */
int activity_selftest(void);

#endif /* OA_ACTIVITY_H */
