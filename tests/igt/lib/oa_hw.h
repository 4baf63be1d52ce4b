/* SPDX-License-Identifier: MIT */
/*
 * Hardware knowledge of the suite: per-platform rows and per-format report
 * layouts, taken from the PRM (seed 000, "Counters layout for various
 * values of the Counter Select"), Documentation/vgpu-contract.rst, for
 * Gen6 to Gen7.5 Documentation/gen6-gen7.rst (seed 001) and for Gen12.5
 * (DG2, ATS-M) Documentation/dg2.rst (seed 002).
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
	OA_SEG_U64,	/* two dwords per counter: low, then high (Gen12.5) */
	OA_SEG_ZERO,	/* @count reserved or cacheline-padding dwords: 0 */
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

#define OA_MAX_SEGS 16

/*
 * Gen12.5 counter numbering of the workload (dg2.rst "Counters"): A0..A37
 * are k = 0..37, B0..B7 k = 38..45, C0..C7 k = 46..53.
 */
#define XE_A(n) (n)
#define XE_B(n) (38 + (n))
#define XE_C(n) (46 + (n))

/* dg2.rst "Report formats": 11 and 12 are i915's, 43..48 this project's. */
#define OA_FMT_OAR_A32u40_A4u32_B8_C8	11
#define OA_FMT_A24u40_A14u32_B8_C8	12
#define OA_FMT_A38u64_B8_C8		43
#define OA_FMT_OAR_A36u64_B8_C8		44
#define OA_FMT_OAC_A24u64_B8_C8		45
#define OA_FMT_OAC_A22u32_R2u32_B8_C8	46
#define OA_FMT_OAM_A2u64_B8_C8		47
#define OA_FMT_OAM_A2u64_R2u64_B8_C8	48

/*
 * Gen6/7 counter numbering of the workload (gen6-gen7.rst "Report
 * formats"): A0..A44 are k = 0..44, B0..B7 k = 45..52, C0..C7 k = 53..60.
 */
#define OA7_A(n) (n)
#define OA7_B(n) (45 + (n))
#define OA7_C(n) (53 + (n))
#define OA7_C0 OA7_C(0)

/*
 * uAPI numbers gen6-gen7.rst gives the formats i915 lacks (32..42); the
 * Haswell formats i915 has keep i915's numbers 1..7.
 */
#define OA_FMT_SNB_A13		32
#define OA_FMT_SNB_A29		33
#define OA_FMT_SNB_A13_B4	34
#define OA_FMT_SNB_A29_B4	35
#define OA_FMT_IVB_A13		36
#define OA_FMT_IVB_A29		37
#define OA_FMT_IVB_A13_B4	38
#define OA_FMT_IVB_A29_B4	39
#define OA_FMT_IVB_A45_B4	40
#define OA_FMT_IVB_A16		41
#define OA_FMT_HSW_A29_B8_C8	42

/* What a dword of a Gen6/7 report holds (gen6-gen7.rst layout tables). */
enum oa_dw_kind {
	OA_DW_UNSET,	/* not transcribed: the self-check rejects it */
	OA_DW_RPT_ID,
	OA_DW_TS_LO,	/* T mod 2^32 */
	OA_DW_TS_HI,	/* (T >> 32) & 0xf */
	OA_DW_INST_ADD,	/* 0x00400000 + 0x40 * ((T >> 10) mod 0x4000) */
	OA_DW_COUNTER,	/* 32-bit counter k */
	OA_DW_RESERVED,	/* reads 0 */
};

/**
 * struct oa_dword - one dword of a per-dword report layout
 * @kind: what the dword holds
 * @k: counter number (OA7_A/OA7_B/OA7_C0) for OA_DW_COUNTER
 */
struct oa_dword {
	uint8_t kind;
	uint8_t k;
};

/*
 * Report-format families: the same uAPI number can mean another layout on
 * another generation (C4_B8 is 7 on Haswell and on Gen8+).
 */
#define OA_FAM_GEN8	0x1u	/* Gen8 .. Gen12 */
#define OA_FAM_SNB	0x2u
#define OA_FAM_IVB	0x4u	/* Ivy Bridge and Valleyview */
#define OA_FAM_HSW	0x8u
#define OA_FAM_XEHP	0x10u	/* Gen12.5: DG2, ATS-M */

/**
 * struct oa_format - one report format of the i915 uAPI
 * @name: kebab-friendly name used in subtest names
 * @uapi_id: I915_OA_FORMAT_* value
 * @counter_select: OACONTROL counter select
 * @size: report size in bytes
 * @families: OA_FAM_* of the generations whose @uapi_id this layout is
 * @hdr64: eight-dword header (dg2.rst: RPT_ID, TIME_STAMP and GPU_TICKS
 *	lo/hi, CTX_ID, a reserved dword) instead of Gen8's four dwords
 * @segs: what follows the header (Gen8+ layouts), every dword once:
 *	counter runs, reserved and padding dwords
 * @n_segs: entries used in @segs
 * @dwords: Gen6/7 layouts: what each of the size / 4 dwords holds (no
 *	Gen8 header); NULL for Gen8+ layouts
 */
struct oa_format {
	const char *name;
	uint32_t uapi_id;
	uint32_t counter_select;
	uint32_t size;
	unsigned int families;
	bool hdr64;
	struct oa_seg segs[OA_MAX_SEGS];
	unsigned int n_segs;
	const struct oa_dword *dwords;
};

/* Interrupt architecture of a platform (Documentation/platforms.rst). */
enum oa_irq_arch {
	OA_IRQ_NONE,	/* Sandy Bridge: no OA interrupt, hrtimer drains only */
	OA_IRQ_GEN7,	/* GTIIR 0x44018 bit 9 -> DEIER bit 31 (ivb, vlv, hsw) */
	OA_IRQ_GEN8,	/* GT bank 3 bit 28 -> MASTER_IRQ bit 7 (bdw .. cml) */
	OA_IRQ_GEN11,	/* GT_INTR_DW0 bit 20 -> GFX_MSTR_IRQ (icl .. adl) */
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

#define OA_MAX_RANGES 16

/**
 * struct oa_whitelist - registers an ADD_CONFIG metrics set may write
 * @mux: NOA mux ranges
 * @boolean: boolean (B counter) ranges
 * @flex: flex EU registers (empty before Gen8: any flex register fails)
 * @suite_boolean: the boolean register of the suite's own metric set
 *
 * Each list ends at an entry whose @lo is 0.
 */
struct oa_whitelist {
	struct oa_range mux[OA_MAX_RANGES];
	struct oa_range boolean[OA_MAX_RANGES];
	struct oa_range flex[OA_MAX_RANGES];
	uint32_t suite_boolean;
};

/* How OASTATUS report-lost reaches userspace (gen6-gen7.rst). */
enum oa_report_lost {
	OA_RL_PER_STATUS,	/* Gen8+: 1..N records for N dropped reports */
	OA_RL_ONCE,		/* snb, ivb, hsw: one record per enable period */
	OA_RL_NONE,		/* vlv: the bit is not functional, no record */
};

/**
 * struct oa_platform - per-platform facts the tests depend on
 * @name: short name (include/intel_oa_platforms.h, scripts/platforms)
 * @devid: PCI device id of the virtual part (the table's siblings are
 *	found by oa_platform_for_devid())
 * @graphics_ver: GPU generation
 * @graphics_rel: release within it (5 for Haswell's Gen7.5, else 0)
 * @family: OA_FAM_* of the platform's report formats
 * @revision: PCI revision of the virtual device
 * @lp: Gen9 LP part (bxt, glk): other RP_STATE_CAP and topology limits
 * @timestamp_hz: OA timestamp frequency (the unit of T)
 * @cs_timestamp_hz: command-streamer (RING_TIMESTAMP) frequency when it is
 *	not @timestamp_hz (Gen12.5: half of it); 0 where they are equal
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
 * @ctx_switch_reports: the OA unit writes context-switch reports at slice
 *	boundaries (Gen8+); Gen6/7 only ever writes timer reports
 * @min_exponent: smallest timer exponent PERF_OPEN accepts (SNB: 3)
 * @oa_buffer_bytes: largest OA buffer (the driver's choice for streams
 *	without the OA timer)
 * @report_lost: how dropped reports are reported
 * @guc: the GuC interface and doorbells of dg2.rst are there
 * @mmio_trigger: OAG_MMIOTRIGGER exists, so the on-demand sample ioctl
 *	works (Gen12.5 and Meteor Lake)
 * @oam: the media GT has an OA unit, OAM (Meteor Lake): two OA units
 * @mslice_mask: MSLICE fuse (dg2.rst), 0 before Gen12.5
 */
struct oa_platform {
	const char *name;
	uint16_t devid;
	unsigned int graphics_ver, graphics_rel;
	unsigned int family;
	uint8_t revision;
	bool lp;
	uint64_t timestamp_hz;
	uint64_t cs_timestamp_hz;
	uint32_t gpu_ticks_ratio;
	uint32_t ctx_valid_bit;
	uint32_t squashed_ctx_id;
	uint32_t reason_shift, reason_mask;
	uint32_t formats[12];
	unsigned int max_slices, max_subslices, max_eus_per_subslice;
	uint8_t slice_mask;
	uint32_t subslice_mask;
	unsigned int eus_per_subslice;
	unsigned int rp0_mhz, rp1_mhz, rpn_mhz;
	enum oa_irq_arch irq;
	const struct oa_whitelist *wl;
	bool ctx_switch_reports;
	unsigned int min_exponent;
	uint32_t oa_buffer_bytes;
	enum oa_report_lost report_lost;
	bool guc;
	bool mmio_trigger;
	bool oam;
	uint8_t mslice_mask;
	/*
	 * The engines, i915's names in i915's uAPI order (class, then
	 * instance): i915_pci.c platform_engine_mask of the same part.
	 */
	const char *engines;
};

/*
 * The smallest OA buffer the generation's size field expresses
 * (driver.rst "OA buffer"): 16 KiB on Sandy Bridge, Ivy Bridge and
 * Valleyview (16 KiB steps), 128 KiB from Haswell on.
 */
uint32_t oa_platform_buffer_min(const struct oa_platform *p);

/* Report reason bits, relative to reason_shift (platforms.rst RPT_ID). */
#define OA_REASON_TIMER		0x1u
#define OA_REASON_CTX_SWITCH	0x8u
/* Gen12.5 MMIO trigger (RPT_ID bit 25, dg2.rst "RPT_ID") */
#define OA_REASON_MMIO_TRIGGER	0x40u
/* RPT_ID 31:26 SourceID (dg2.rst): 0 timer/GuC, 1 a CPU (host) write */
#define OA_SOURCE_ID_SHIFT	26

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
/* First oa_formats[] entry of @uapi_id, whatever its family. */
const struct oa_format *oa_format_by_id(uint32_t uapi_id);
/* Layout of @uapi_id on @p, NULL if @p does not offer it. */
const struct oa_format *oa_platform_format_by_id(const struct oa_platform *p,
						 uint32_t uapi_id);
/*
 * Format @uapi_id if @p has it, otherwise @p's first format: for tests
 * whose subject is not the layout (Gen12 has one format only; Gen6/7 none
 * of the Gen8 ones).
 */
const struct oa_format *oa_platform_format(const struct oa_platform *p,
					   uint32_t uapi_id);
/* @p's format with the smallest reports (the most per buffer). */
const struct oa_format *oa_platform_smallest_format(const struct oa_platform *p);

/*
 * The NOA power a metric set writes, as Intel's sets do (i915 and xe
 * GT_NOA_ENABLE): GDT_CHICKEN_BITS 0x9840 = 0x80 from Haswell to Gen9,
 * RPM_CONFIG1 0x0d04 = 0x200 from Gen11 on (the OAM's own GT for an OAM
 * stream). Without it the B and C counters hold: the driver powers the
 * network down when a stream ends. False before Haswell, which has none.
 */
bool oa_platform_noa_power(const struct oa_platform *p, uint32_t *addr, uint32_t *val);

/* Command-streamer timestamp frequency (RING_TIMESTAMP ticks per s). */
static inline uint64_t oa_cs_hz(const struct oa_platform *p)
{
	return p->cs_timestamp_hz ? p->cs_timestamp_hz : p->timestamp_hz;
}

/*
 * dg2.rst "Unbounded time": RING_TIMESTAMP = floor(T * cs / oa) mod 2^36.
 * oa_ring_to_T() gives the smallest T that reads @ring (off by less than
 * oa / cs ticks, far inside what oa_ts_unwrap() tolerates).
 */
static inline uint64_t oa_T_to_ring(const struct oa_platform *p, uint64_t T)
{
	return (T / p->timestamp_hz * oa_cs_hz(p) +
		T % p->timestamp_hz * oa_cs_hz(p) / p->timestamp_hz) &
	       ((1ull << 36) - 1);
}

static inline uint64_t oa_ring_to_T(const struct oa_platform *p, uint64_t ring)
{
	return (ring * p->timestamp_hz + oa_cs_hz(p) - 1) / oa_cs_hz(p);
}

/* Header dword of TIME_STAMP's low 32 bits (DW1, or DW2 in a 64-bit header). */
static inline uint32_t oa_report_ts32(const struct oa_format *f,
				      const uint32_t *report)
{
	return report[f->hdr64 ? 2 : 1];
}

/* Header dword of CTX_ID (DW2, or DW4 in a 64-bit header). */
static inline uint32_t oa_report_ctx_id(const struct oa_format *f,
					const uint32_t *report)
{
	return report[f->hdr64 ? 4 : 2];
}

/* TIME_STAMP as the report holds it: 32 bits, or 56 with a 64-bit header. */
static inline uint64_t oa_report_timestamp(const struct oa_format *f,
					   const uint32_t *report)
{
	if (!f->hdr64)
		return report[1];
	return report[2] | (uint64_t)(report[3] & 0xffffff) << 32;
}

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

/*
 * Ticks by which timer reports of exponent @e trail the multiples of the
 * period: half a period on Gen6/7, where the strobe is a TIME_STAMP bit
 * rising (gen6-gen7.rst "Timer period"), 0 on Gen8+.
 */
uint64_t oa_timer_phase(const struct oa_platform *p, unsigned int e);

/* Hardware context ID running at @T, 0 in an idle slice. */
uint32_t oa_sched_hw_id(uint64_t T);

/* CTX_ID userspace reads in a report at @T on @p. */
uint32_t oa_expected_ctx_id(const struct oa_platform *p, uint64_t T);

/*
 * Reason bits of the report written at @T on @p by a stream with timer
 * exponent @exponent (OA_NO_TIMER: none); 0 if no report is due at @T.
 * Slice boundaries count only where @p->ctx_switch_reports.
 */
uint32_t oa_expected_reason(const struct oa_platform *p, uint64_t T,
			    unsigned int exponent);

/* T of the first report due strictly after @T (~0 if none ever is). */
uint64_t oa_next_report_ts(const struct oa_platform *p, uint64_t T,
			   unsigned int exponent);

/* Number of reports due in (@a, @b]: timer ticks and slice boundaries. */
uint64_t oa_reports_between(const struct oa_platform *p, uint64_t a,
			    uint64_t b, unsigned int exponent);

/* Number of context-switch-only reports in (@a, @b] (not on a timer tick). */
uint64_t oa_ctx_only_reports_between(const struct oa_platform *p, uint64_t a,
				     uint64_t b, unsigned int exponent);

/*
 * An MI_REPORT_PERF_COUNT report (command-streamer.rst): RPT_ID the
 * command's @report_id; Gen6/7: every other dword as the periodic report
 * at @T; Gen8+: the header's timestamps at @T, a context ID (the
 * command's context: not 0), every counter as the workload has it at @T.
 */
bool oa_rpc_report_check(const struct oa_platform *p,
			 const struct oa_format *f, const struct workload *w,
			 const uint32_t *report, uint64_t T, uint32_t report_id,
			 char *why, size_t why_len);
/* Expected content of a Gen6/7 dword @d at @T (gen6-gen7.rst). */
uint32_t oa_gen7_dword(const struct oa_dword *d, const struct workload *w,
		       uint64_t T);
/* "A12", "B3", "C0" for Gen6/7 counter @k into @buf. */
const char *oa_gen7_counter_name(unsigned int k, char *buf, size_t len);

/*
 * Compare every field of @report against the synthetic workload at full
 * GPU timestamp @T (see oa_ts_unwrap) for a stream with timer exponent
 * @exponent: RPT_ID reason and context-valid bit, CTX_ID from the schedule,
 * TIMESTAMP T mod 2^32 and every counter value_k(T) (with the Gen12.5
 * 64-bit header also RPT_ID's high dword, TIME_STAMP's bits 55:32, the
 * reserved DW5 and the 64-bit GPU_TICKS; reserved and padding dwords 0);
 * for a Gen6/7 layout every dword of its table, reserved ones included. Returns true if all
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

/*
 * Check a report written by an MMIO trigger (dg2.rst OAG_MMIOTRIGGER) at
 * full timestamp @T: reason bit 6 (RPT_ID bit 25) set, context-valid bit
 * clear, SourceID @source_id, CTX_ID @ctx_id (the written value), the
 * rest of the header and every counter as oa_report_check() has them.
 */
bool oa_trigger_report_check(const struct oa_platform *p,
			     const struct oa_format *f,
			     const struct workload *w, const uint32_t *report,
			     uint64_t T, uint32_t ctx_id, uint32_t source_id,
			     char *why, size_t why_len);

/* "A12", "B3", "C0" for counter @k of a Gen8+ layout of family @fam. */
const char *oa_counter_name(unsigned int fam, unsigned int k, char *buf,
			    size_t len);

/* Host-side check of the layout tables and decoder; 0 if good. */
int oa_hw_selftest(void);
/* Host-side check of oa_ts_unwrap(); 0 if good. */
int oa_ts_unwrap_selftest(void);

#endif /* OA_HW_H */
