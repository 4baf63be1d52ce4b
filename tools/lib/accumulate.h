/* SPDX-License-Identifier: MIT */
/*
 * The delta accumulator, as one inline walk over a layout's counter runs
 * (internal to libintel_oa; nothing under include/ includes this).
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * It runs for every report of a recording. formats.c compiles it once
 * per layout, next to the layout's own run table
 * (INTEL_OA_ACCUMULATOR()): with the runs known at compile time every
 * offset, count and width is a constant, the loops unroll and vectorize,
 * and the per-run dispatch and bounds checks fold away. The result is
 * the layout's .accumulate, which intel_oa_accumulate() calls; the
 * function is the same walk whatever the runs, so there is one
 * definition of what a delta is.
 */
#ifndef INTEL_OA_LIB_ACCUMULATE_H
#define INTEL_OA_LIB_ACCUMULATE_H

#include <errno.h>
#include <stdint.h>

#include "intel_oa/intel_oa.h"

#define OA_ALWAYS_INLINE inline __attribute__((always_inline))

/* Reports are little-endian byte arrays of any alignment. */
static OA_ALWAYS_INLINE uint32_t oa_rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static OA_ALWAYS_INLINE uint64_t oa_rd64(const uint8_t *p)
{
	return (uint64_t)oa_rd32(p) | (uint64_t)oa_rd32(p + 4) << 32;
}

/*
 * @n 40-bit counters: low dwords from @off, high bytes from @hi.
 * (cur - prev) mod 2^40 is the low dwords' difference mod 2^32 and the
 * high bytes' mod 2^8, less the low part's borrow: 32- and 8-bit lanes
 * instead of 64-bit ones.
 */
static OA_ALWAYS_INLINE void
oa_acc40(uint64_t *restrict slot, const uint8_t *restrict p,
	 const uint8_t *restrict c, unsigned int off, unsigned int hi,
	 unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint32_t pl = oa_rd32(p + off + 4 * i);
		uint32_t cl = oa_rd32(c + off + 4 * i);
		uint8_t dh = (uint8_t)(c[hi + i] - p[hi + i] - (cl < pl));

		slot[i] += (uint64_t)dh << 32 | (uint32_t)(cl - pl);
	}
}

/* The accumulator's slots of a run, or NULL if it does not fit there. */
static OA_ALWAYS_INLINE uint64_t *
oa_run_slot(struct intel_oa_accumulator *acc,
	    const struct intel_oa_counter_run *run)
{
	unsigned int end = run->first + run->count;

	switch (run->kind) {
	case INTEL_OA_COUNTER_A:
		return end <= INTEL_OA_MAX_A ? acc->a + run->first : NULL;
	case INTEL_OA_COUNTER_B:
		return end <= INTEL_OA_MAX_B ? acc->b + run->first : NULL;
	case INTEL_OA_COUNTER_C:
		return end <= INTEL_OA_MAX_C ? acc->c + run->first : NULL;
	case INTEL_OA_COUNTER_M:
		return end <= INTEL_OA_MAX_M ? acc->m + run->first : NULL;
	default:
		return NULL;
	}
}

/*
 * The timestamp and GPU-ticks deltas of the header kind @fmt's reports
 * carry: TIME_STAMP in dwords 1-2 (Gen6-7.5) or TIMESTAMP in dword 1
 * (Gen8-12), of the generation's timestamp width, and the 32-bit
 * GPU_TICKS in dword 3 (Gen8-12); or 56 and 64 bits at bytes 8 and 24
 * (Gen12.5's 64-bit header).
 */
static OA_ALWAYS_INLINE int
oa_accumulate_header(const struct intel_oa_format *fmt, const uint8_t *p,
		     const uint8_t *c, struct intel_oa_accumulator *acc)
{
	unsigned int w = fmt->gen->ts_width;
	uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;

	switch (fmt->header) {
	case INTEL_OA_HDR_GEN7:
		acc->timestamp += (oa_rd64(c + 4) - oa_rd64(p + 4)) & mask;
		return 0;
	case INTEL_OA_HDR_32:
		acc->timestamp += ((uint64_t)oa_rd32(c + 4) - oa_rd32(p + 4)) &
				  mask;
		acc->gpu_ticks += (uint32_t)(oa_rd32(c + 12) - oa_rd32(p + 12));
		return 0;
	case INTEL_OA_HDR_64:
		acc->timestamp += (oa_rd64(c + 8) - oa_rd64(p + 8)) &
				  ((1ull << 56) - 1);
		acc->gpu_ticks += oa_rd64(c + 24) - oa_rd64(p + 24);
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * oa_accumulate_runs() - add the deltas of one report pair to @acc
 * @fmt: the reports' format (its header kind and generation)
 * @runs: @fmt's layout's counter runs
 * @n_runs: how many
 * @p: the earlier report
 * @c: the later report
 * @acc: the sums
 *
 * Return: 0, or -EINVAL when a run does not fit the accumulator (never
 * for the library's own tables: unit tested) or the header kind is
 * unknown.
 */
static OA_ALWAYS_INLINE int
oa_accumulate_runs(const struct intel_oa_format *fmt,
		   const struct intel_oa_counter_run *runs, unsigned int n_runs,
		   const uint8_t *p, const uint8_t *c,
		   struct intel_oa_accumulator *acc)
{
	unsigned int i, k;

	if (oa_accumulate_header(fmt, p, c, acc))
		return -EINVAL;
	/* with constant runs: one straight-line block per run */
#pragma GCC unroll 16
	for (k = 0; k < n_runs; k++) {
		const struct intel_oa_counter_run *run = &runs[k];
		uint64_t *slot = oa_run_slot(acc, run);

		if (!slot)
			return -EINVAL;
		switch (run->width) {
		case 64:
			for (i = 0; i < run->count; i++)
				slot[i] += oa_rd64(c + run->offset + 8 * i) -
					   oa_rd64(p + run->offset + 8 * i);
			break;
		case 40:
			oa_acc40(slot, p, c, run->offset, run->hi_offset,
				 run->count);
			break;
		default:
			if (run->descending) {
				for (i = 0; i < run->count; i++)
					slot[i] += (uint32_t)(oa_rd32(c + run->offset - 4 * i) -
							      oa_rd32(p + run->offset - 4 * i));
			} else {
				for (i = 0; i < run->count; i++)
					slot[i] += (uint32_t)(oa_rd32(c + run->offset + 4 * i) -
							      oa_rd32(p + run->offset + 4 * i));
			}
			break;
		}
	}
	acc->n_deltas++;
	return 0;
}

/*
 * The layout's own accumulator: oa_accumulate_runs() over @runs, a
 * static table in the same file, so that every run is a constant. With
 * GCC on x86-64 there is an AVX2 clone too, which the loader picks when
 * the CPU has it (ifunc): AVX2 widens the 40-bit counters' bytes and
 * dwords to 64-bit lanes in one instruction each.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define OA_ACC_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define OA_ACC_CLONES
#endif

#define INTEL_OA_ACCUMULATOR(runs)					\
	OA_ACC_CLONES static int					\
	accumulate_##runs(const struct intel_oa_format *fmt,		\
			  const void *prev, const void *cur,		\
			  struct intel_oa_accumulator *acc)		\
	{								\
		return oa_accumulate_runs(fmt, runs,			\
					  sizeof(runs) / sizeof((runs)[0]), \
					  prev, cur, acc);		\
	}

#endif /* INTEL_OA_LIB_ACCUMULATE_H */
