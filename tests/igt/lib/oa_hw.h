/* SPDX-License-Identifier: MIT */
/*
 * Hardware knowledge of the suite: per-platform rows and per-format report
 * layouts, taken from the PRM (seed 000, "Counters layout for various
 * values of the Counter Select") and Documentation/vgpu-contract.rst.
 *
 * A later platform is a new row in oa_platforms[] and, if its layouts are
 * new, new rows in oa_formats[]; no test code changes.
 */
#ifndef OA_HW_H
#define OA_HW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workload.h"

/* How a run of counters is stored in a report. */
enum oa_seg_kind {
	OA_SEG_U32,	/* one dword per counter, low 32 bits */
	OA_SEG_U40,	/* low dword here, bits 39:32 as bytes at hi_dword */
};

/**
 * struct oa_seg - a run of consecutive counters in a report
 * @dword: dword index of the first counter's (low) dword
 * @first: global counter number (WL_A/WL_B/WL_C) of the first counter
 * @count: number of counters
 * @kind: storage kind
 * @hi_dword: for OA_SEG_U40, dword index where the high bytes start
 */
struct oa_seg {
	unsigned int dword, first, count;
	enum oa_seg_kind kind;
	unsigned int hi_dword;
};

/* Render CS timestamp (PRM RING_TIMESTAMP, vgpu-contract.rst), 36 bits */
#define OA_RING_TIMESTAMP 0x2358u

#define OA_MAX_SEGS 4

/**
 * struct oa_format - one report format of the i915 uAPI
 * @name: kebab-friendly name used in subtest names
 * @uapi_id: I915_OA_FORMAT_* value
 * @counter_select: OACONTROL counter select
 * @size: report size in bytes
 * @segs: counter runs after the four header dwords
 * @n_segs: entries used in @segs
 */
struct oa_format {
	const char *name;
	uint32_t uapi_id;
	uint32_t counter_select;
	uint32_t size;
	struct oa_seg segs[OA_MAX_SEGS];
	unsigned int n_segs;
};

/* Interrupt architecture of a platform (Documentation/platforms.rst). */
enum oa_irq_arch {
	OA_IRQ_GEN8,	/* GT bank 3 bit 28 -> MASTER_IRQ (bdw .. cml) */
	OA_IRQ_GEN11,	/* two-level GFX_MSTR_IRQ / GT_INTR_DW0 (icl .. adl) */
	OA_IRQ_DG1,	/* DG1_MSTR_TILE_INTR in front of the Gen11 levels */
};

/**
 * struct oa_range - an inclusive register range [@lo, @hi] (4-byte steps)
 * @lo: first register
 * @hi: last register
 */
struct oa_range {
	uint32_t lo, hi;
};

#define OA_MAX_RANGES 12

/**
 * struct oa_whitelist - registers an ADD_CONFIG metrics set may write
 * @mux: NOA mux ranges
 * @boolean: boolean (B counter) ranges
 * @flex: flex EU registers
 *
 * Each list ends at an entry whose @lo is 0.
 */
struct oa_whitelist {
	struct oa_range mux[OA_MAX_RANGES];
	struct oa_range boolean[OA_MAX_RANGES];
	struct oa_range flex[OA_MAX_RANGES];
};

/**
 * struct oa_platform - per-platform facts the tests depend on
 * @name: short name (scripts/platforms)
 * @devids: PCI device ids, 0-terminated
 * @graphics_ver: GPU generation
 * @revision: PCI revision of the virtual device
 * @lp: Gen9 LP part (bxt, glk): other RP_STATE_CAP and topology limits
 * @timestamp_hz: OA/CS timestamp frequency
 * @gpu_ticks_ratio: workload ratio R (contract)
 * @ctx_valid_bit: RPT_ID bit flagging a valid context id
 * @squashed_ctx_id: CTX_ID userspace reads when @ctx_valid_bit is clear:
 *	0xffffffff where the driver squashes it (i915
 *	oa_report_ctx_invalid(), Gen8-11), the device's 0 on Gen12
 * @reason_shift: RPT_ID bit of report reason bit 0
 * @reason_mask: width mask of the report reason field
 * @formats: uapi ids of the supported formats, 0-terminated
 * @max_slices: slice bits i915 reports in the topology query for the
 *	platform (architectural limit, not the fused count)
 * @max_subslices: subslice bits per slice in the topology query
 * @max_eus_per_subslice: EU bits per subslice in the topology query
 * @slice_mask: slices present on the part
 * @subslice_mask: subslices present in each present slice
 * @eus_per_subslice: EUs present in each present subslice (the lowest ones)
 * @rp0_mhz: RP0 (maximum) GT frequency
 * @rp1_mhz: RP1 (most efficient) GT frequency
 * @rpn_mhz: RPn (minimum) GT frequency
 * @irq: interrupt architecture
 * @wl: ADD_CONFIG whitelist of the platform's generation
 */
struct oa_platform {
	const char *name;
	uint16_t devids[8];
	unsigned int graphics_ver;
	uint8_t revision;
	bool lp;
	uint64_t timestamp_hz;
	uint32_t gpu_ticks_ratio;
	uint32_t ctx_valid_bit;
	uint32_t squashed_ctx_id;
	uint32_t reason_shift, reason_mask;
	uint32_t formats[8];
	unsigned int max_slices, max_subslices, max_eus_per_subslice;
	uint8_t slice_mask, subslice_mask;
	unsigned int eus_per_subslice;
	unsigned int rp0_mhz, rp1_mhz, rpn_mhz;
	enum oa_irq_arch irq;
	const struct oa_whitelist *wl;
};

/* Report reason bits, relative to reason_shift (platforms.rst RPT_ID). */
#define OA_REASON_TIMER		0x1u
#define OA_REASON_CTX_SWITCH	0x8u

/*
 * Context schedule of the synthetic workload (platforms.rst, "Context-switch
 * reports"): slices of 2^20 ticks; slice n runs oa_sched_hw_id(n * 2^20).
 */
#define OA_SLICE_SHIFT		20
#define OA_SLICE_TICKS		(1ull << OA_SLICE_SHIFT)
/* "Exponent" of a stream without the periodic timer. */
#define OA_NO_TIMER		~0u

/* Whitelists of every generation, NULL-terminated (for cross-checks). */
extern const struct oa_whitelist *const oa_whitelists[];
/* Whether @reg lies in one of the ranges of @list. */
bool oa_range_contains(const struct oa_range *list, uint32_t reg);

extern const struct oa_platform oa_platforms[];
extern const size_t oa_n_platforms;
extern const struct oa_format oa_formats[];
extern const size_t oa_n_formats;

const struct oa_platform *oa_platform_for_devid(uint16_t devid);
const struct oa_platform *oa_platform_by_name(const char *name);
bool oa_platform_has_format(const struct oa_platform *p, uint32_t uapi_id);
const struct oa_format *oa_format_by_name(const char *name);
const struct oa_format *oa_format_by_id(uint32_t uapi_id);
/*
 * Format @uapi_id if @p has it, otherwise @p's first format: for tests
 * whose subject is not the layout (Gen12 has one format only).
 */
const struct oa_format *oa_platform_format(const struct oa_platform *p,
					   uint32_t uapi_id);

static inline uint32_t oa_report_reason(const struct oa_platform *p,
					const uint32_t *report)
{
	return (report[0] >> p->reason_shift) & p->reason_mask;
}

/* Period in timestamp ticks of timer exponent @e. */
static inline uint64_t oa_period_ticks(unsigned int e)
{
	return 2ull << e;
}

/* Hardware context ID running at @T, 0 in an idle slice. */
uint32_t oa_sched_hw_id(uint64_t T);

/* CTX_ID userspace reads in a report at @T on @p. */
uint32_t oa_expected_ctx_id(const struct oa_platform *p, uint64_t T);

/*
 * Reason bits of the report written at @T by a stream with timer exponent
 * @exponent (OA_NO_TIMER: none); 0 if no report is due at @T.
 */
uint32_t oa_expected_reason(uint64_t T, unsigned int exponent);

/* T of the first report due strictly after @T. */
uint64_t oa_next_report_ts(uint64_t T, unsigned int exponent);

/* Number of reports due in (@a, @b]: timer ticks and slice boundaries. */
uint64_t oa_reports_between(uint64_t a, uint64_t b, unsigned int exponent);

/* Number of context-switch-only reports in (@a, @b] (not on a timer tick). */
uint64_t oa_ctx_only_reports_between(uint64_t a, uint64_t b,
				     unsigned int exponent);

/*
 * Compare every field of @report against the synthetic workload at full
 * GPU timestamp @T (see oa_ts_unwrap) for a stream with timer exponent
 * @exponent: RPT_ID reason and context-valid bit, CTX_ID from the schedule,
 * TIMESTAMP T mod 2^32 and every counter value_k(T). Returns true if all
 * match; otherwise writes the first mismatch into @why.
 */
bool oa_report_check(const struct oa_platform *p, const struct oa_format *f,
		     const struct workload *w, const uint32_t *report,
		     uint64_t T, unsigned int exponent, char *why,
		     size_t why_len);

/**
 * struct oa_ts_unwrap - recover the full GPU timestamp T of reports
 * @ref: T (or its 36 bits from RING_TIMESTAMP, see oa_read_timestamp())
 *	read shortly before the stream was opened
 * @last: T of the previous report
 * @started: false until the first report was unwrapped
 *
 * A report carries only t = T mod 2^32, which wraps every 2^32 ticks
 * (358 s at 12 MHz). The first report is placed at the T congruent to its
 * t nearest to @ref (so @ref's low word may be ahead of or behind it, as
 * long as they are less than 2^31 ticks apart); every later report at the
 * first T >= @last congruent to its t (reports come in timestamp order,
 * less than 2^32 ticks apart).
 */
struct oa_ts_unwrap {
	uint64_t ref;
	uint64_t last;
	bool started;
};

static inline void oa_ts_unwrap_init(struct oa_ts_unwrap *u, uint64_t ref)
{
	u->ref = ref;
	u->last = 0;
	u->started = false;
}

/* Full GPU timestamp of the next report, whose TIMESTAMP field is @t. */
uint64_t oa_ts_unwrap(struct oa_ts_unwrap *u, uint32_t t);

/* Decode counter @idx of segment @s of @report (40-bit aware). */
uint64_t oa_report_counter(const struct oa_seg *s, const uint32_t *report,
			   unsigned int idx);

/* Host-side check of the layout tables and decoder; 0 if good. */
int oa_hw_selftest(void);
/* Host-side check of oa_ts_unwrap(); 0 if good. */
int oa_ts_unwrap_selftest(void);

#endif /* OA_HW_H */
