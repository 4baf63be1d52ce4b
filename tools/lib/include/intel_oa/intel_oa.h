/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa: decoding of Intel GPU Observation Architecture (OA) reports.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * This header has no dependency on libdrm or on the kernel uAPI header: the
 * numeric format identifiers it takes are the values of
 * enum drm_i915_oa_format (include/uapi/drm/intel_oa_drm.h), its Gen6-7.5
 * extension enum intel_oa_gen6_gen7_oa_format (ids 32..42 of
 * Documentation/gen6-gen7.rst) and its Gen12.5 extension enum
 * intel_oa_gen12_5_oa_format (ids 43..48 of Documentation/dg2.rst), and the
 * record parser reads the byte layout
 * of struct drm_i915_perf_record_header.
 */
#ifndef INTEL_OA_INTEL_OA_H
#define INTEL_OA_INTEL_OA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Largest A counter index + 1 over all formats (IVB, VLV, HSW: A0..A44). */
#define INTEL_OA_MAX_A 45
/** B counters B0..B7. */
#define INTEL_OA_MAX_B 8
/** C counters C0..C7. */
#define INTEL_OA_MAX_C 8
/** OAM media performance event counters MPEC0..MPEC7 (Meteor Lake). */
#define INTEL_OA_MAX_M 8

/**
 * enum intel_oa_counter_kind - the counter families of an OA report
 * @INTEL_OA_COUNTER_A: aggregating counters (A0..A44)
 * @INTEL_OA_COUNTER_B: boolean counters (B0..B7)
 * @INTEL_OA_COUNTER_C: custom counters (C0..C7)
 * @INTEL_OA_COUNTER_M: OAM media counters (MPEC0..MPEC7)
 */
enum intel_oa_counter_kind {
	INTEL_OA_COUNTER_A,
	INTEL_OA_COUNTER_B,
	INTEL_OA_COUNTER_C,
	INTEL_OA_COUNTER_M,
	INTEL_OA_COUNTER_KINDS
};

/**
 * enum intel_oa_header_kind - layout of the fixed report header
 * @INTEL_OA_HDR_GEN7: dword 0 RPT_ID, dwords 1-2 TIME_STAMP (bits 31:0 in
 *	dword 1, bits 35:32 in bits 3:0 of dword 2) (Gen6-7.5: Sandy Bridge,
 *	Ivy Bridge, Valleyview, Haswell; no context id and no GPU_TICKS field)
 * @INTEL_OA_HDR_32: dwords 0..3 RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS
 *	(Gen8..Gen12.5 32-bit header)
 * @INTEL_OA_HDR_64: qwords 0..3 RPT_ID, TIMESTAMP (56 bit), CTX_ID (low
 *	dword), GPU_TICKS (64 bit) (Gen12.5+ 64-bit header)
 */
enum intel_oa_header_kind {
	INTEL_OA_HDR_GEN7,
	INTEL_OA_HDR_32,
	INTEL_OA_HDR_64,
};

/**
 * struct intel_oa_counter_run - a run of same-width counters in a report
 * @kind: enum intel_oa_counter_kind
 * @first: index of the first counter of the run (e.g. 7 for A7)
 * @count: number of consecutive counters in the run
 * @width: counter width in bits: 32, 40 or 64
 * @offset: byte offset of counter @first (its low dword for 40/64 bit);
 *	counters follow every 4 bytes (32/40 bit) or 8 bytes (64 bit)
 * @hi_offset: 40-bit counters only: byte offset of the high byte
 *	(bits 39:32) of counter @first; the next counters' high bytes follow
 *	one byte each
 * @descending: 32-bit runs only: the counters follow every 4 bytes
 *	*downwards* from @offset (counter @first + i at @offset - 4 * i), as
 *	Sandy Bridge lays out its A counters
 */
struct intel_oa_counter_run {
	uint8_t kind;
	uint8_t first;
	uint8_t count;
	uint8_t width;
	uint16_t offset;
	uint16_t hi_offset;
	uint8_t descending;
};

/**
 * struct intel_oa_layout - one report format, one row of the format table
 * @id: enum drm_i915_oa_format value
 * @name: name without the I915_ prefix, e.g. "A32u40_A4u32_B8_C8"
 * @unit: "OAG", "OAR", "OAC" or "OAM" (which OA unit writes it)
 * @counter_select: value of the OACONTROL/OAG_OACONTROL counter select field
 * @size: report size in bytes
 * @header: INTEL_OA_HDR_64 for 64-bit headers, else INTEL_OA_HDR_32 (the
 *	dword header; the Gen6-7.5 variant of it is chosen by the generation)
 * @runs: the counter runs, in report order
 * @n_runs: number of entries in @runs
 * @n_counters: number of counters of each enum intel_oa_counter_kind
 * @inst_addr_offset: byte offset of the INST ADD dword (the address of the
 *	instruction being executed; Haswell selects 4, 6 and 7: dword 3), 0
 *	when the format has none
 * @reserved_dwords: bit n set when dword n (0..63) is reserved or padding
 *	(reads 0); the layouts drawn dword by dword (Gen6-7.5 in
 *	Documentation/gen6-gen7.rst, Gen12.5 43-48 in Documentation/dg2.rst)
 *	say which dwords are reserved, the Gen8-12 ones leave this 0
 * @min_ver: lowest graphics version (x100) this row describes, 0 for any
 * @max_ver: highest graphics version (x100) this row describes, 0 for any;
 *	a format id written differently by two generations (C4_B8: Haswell
 *	vs Gen8+) has one row per layout, see intel_oa_gen_layout()
 * @reserved_dwords_hi: like @reserved_dwords for dwords 64..127 (bit n:
 *	dword 64 + n); reports of more than 256 bytes only
 * @data_size: bytes the OA unit fills with header and counters; @size
 *	rounds it up to whole 64-byte cachelines with zero padding on
 *	Gen12.5 (Documentation/dg2.rst), elsewhere the two are equal
 * @accumulate: what intel_oa_accumulate() runs for this layout: the one
 *	accumulator, compiled with @runs as constants; call
 *	intel_oa_accumulate(), which checks its arguments first
 */
struct intel_oa_format;
struct intel_oa_accumulator;

struct intel_oa_layout {
	unsigned int id;
	const char *name;
	const char *unit;
	uint8_t counter_select;
	uint16_t size;
	uint8_t header;
	const struct intel_oa_counter_run *runs;
	unsigned int n_runs;
	unsigned int n_counters[INTEL_OA_COUNTER_KINDS];
	uint16_t inst_addr_offset;
	uint64_t reserved_dwords;
	unsigned int min_ver;
	unsigned int max_ver;
	uint64_t reserved_dwords_hi;
	uint16_t data_size;
	int (*accumulate)(const struct intel_oa_format *fmt, const void *prev,
			  const void *cur, struct intel_oa_accumulator *acc);
};

/**
 * struct intel_oa_gen - per-generation report semantics, one table row
 * @name: short name, e.g. "gen9"
 * @ver: graphics version times 100: 600 (SNB), 700 (IVB, VLV), 750 (HSW),
 *	800, 900, 1000, 1100, 1200, 1250, 1270
 * @ctx_valid_bit: RPT_ID bit meaning "context id valid", -1 if none
 * @reason_shift: lowest RPT_ID bit of the report reason field
 * @reason_bits: width of the report reason field (0: not defined)
 * @ts_width: width of the report TIMESTAMP field in bits for dword headers
 *	(36 on Gen6-7.5, 32 on Gen8-12)
 * @dword_header: header kind of its dword-header formats (INTEL_OA_HDR_GEN7
 *	or INTEL_OA_HDR_32)
 * @formats: bitmask of format ids (enum drm_i915_oa_format values and the
 *	Gen6/7 ids 32..42 of Documentation/gen6-gen7.rst) this generation
 *	writes (bit n = format n)
 * @reasons: the INTEL_OA_REASON_* bits the generation defines; the other
 *	bits of the reason field are reserved (Gen8: bit 5)
 * @squashes_ctx_id: i915 rewrites CTX_ID to INTEL_OA_CTX_ID_INVALID in
 *	reports whose context-valid bit is clear (Gen8-11); from Gen12 on the
 *	hardware's value is passed through
 * @min_exponent: smallest timer exponent the generation can program
 *	(Sandy Bridge: 3, its timer period being 2^(TP + 4) ticks; else 0)
 * @stream_formats: bitmask of the format ids a perf stream can carry
 *	(what DRM_I915_PERF_PROP_OA_FORMAT accepts): a subset of @formats,
 *	which also holds the layouts only OAR/OAC/OAM units write and the
 *	library merely decodes (Gen12.5: 12 and 43 of 11, 12, 43-48)
 * @xehp_rpt_id: RPT_ID carries SourceID (31:26), start trigger event (18)
 *	and threshold enable (17), and its 64-bit form tile id (33:32), CCS
 *	id (37:36) and the delayed-report bit (47) (Gen12.5 on,
 *	Documentation/dg2.rst "RPT_ID")
 */
struct intel_oa_gen {
	const char *name;
	unsigned int ver;
	int ctx_valid_bit;
	unsigned int reason_shift;
	unsigned int reason_bits;
	unsigned int ts_width;
	uint8_t dword_header;
	uint64_t formats;
	uint32_t reasons;
	bool squashes_ctx_id;
	unsigned int min_exponent;
	uint64_t stream_formats;
	bool xehp_rpt_id;
};

/** CTX_ID i915 writes into reports without a valid context (Gen8-11). */
#define INTEL_OA_CTX_ID_INVALID 0xffffffffu

/**
 * struct intel_oa_platform - one row of the device table
 * @devid: PCI device id
 * @name: short name as in Documentation/platforms.rst, e.g. "skl-gt3"
 * @part: marketing name of the part
 * @ver: graphics version times 100 (600, 700, 750, 800, 900, 1100, 1200,
 *	1250)
 * @gt: GT level as named by i915's PCI id list (1..4), 0 where i915 names
 *	none (vlv, chv, bxt, glk, icl, ehl, jsl, rkl, adl-s, adl-p, dg1)
 * @ts_freq: OA timestamp frequency in Hz: what report TIMESTAMPs count
 *	(equal to @cs_ts_freq except on Gen12.5, where OA runs at 38.4 MHz)
 * @slices: present slices
 * @subslices: present subslices (dual-subslices on Gen12) per slice
 * @eus: present EUs per subslice
 * @cs_ts_freq: command streamer timestamp frequency in Hz
 *	(RING_TIMESTAMP, I915_PARAM_CS_TIMESTAMP_FREQUENCY)
 */
struct intel_oa_platform {
	uint16_t devid;
	const char *name;
	const char *part;
	unsigned int ver;
	unsigned int gt;
	uint64_t ts_freq;
	unsigned int slices;
	unsigned int subslices;
	unsigned int eus;
	uint64_t cs_ts_freq;
};

/**
 * struct intel_oa_format - a report format as written by one generation
 * @layout: where the fields are
 * @gen: how the header bits are interpreted
 * @header: enum intel_oa_header_kind actually used by @gen for @layout
 *
 * Filled by intel_oa_format_init(); pass it to every decode call.
 */
struct intel_oa_format {
	const struct intel_oa_layout *layout;
	const struct intel_oa_gen *gen;
	uint8_t header;
};

/*
 * Report reason bits, relative to intel_oa_gen.reason_shift: RPT_ID 24:19 on
 * Gen8-11, 25:19 from Gen12, bit 19 (timer) alone on Gen6-7.5.
 */
#define INTEL_OA_REASON_TIMER		(1u << 0)
#define INTEL_OA_REASON_TRIGGER1	(1u << 1)
#define INTEL_OA_REASON_TRIGGER2	(1u << 2)
#define INTEL_OA_REASON_CTX_SWITCH	(1u << 3)
#define INTEL_OA_REASON_GO_TRANSITION	(1u << 4)
#define INTEL_OA_REASON_CLK_RATIO	(1u << 5)	/* Gen9+ */
#define INTEL_OA_REASON_MMIO_TRIGGER	(1u << 6)	/* Gen12+ */

/*
 * RPT_ID SourceID values (Gen12.5, bits 31:26; Documentation/dg2.rst): 0
 * is any source but the CPU (the GuC's MMIO trigger among them), 1 the
 * CPU (a host write of OAG_MMIOTRIGGER).
 */
#define INTEL_OA_SOURCE_OTHER		0u
#define INTEL_OA_SOURCE_CPU		1u

/**
 * struct intel_oa_report - one decoded report
 * @rpt_id: raw RPT_ID field (64 bits for 64-bit headers)
 * @reason: report reason bits (INTEL_OA_REASON_*), 0 where undefined
 * @ctx_valid: the context-valid RPT_ID bit of the generation is set
 * @timestamp: TIMESTAMP field (32 bits, or 56 bits for 64-bit headers)
 * @has_ctx_id: the format carries a CTX_ID field
 * @ctx_id: CTX_ID field (0 if !has_ctx_id)
 * @has_gpu_ticks: the format carries a GPU_TICKS field
 * @gpu_ticks: GPU_TICKS field (32 or 64 bits)
 * @a: A counters indexed by hardware number; valid where @a_mask is set
 * @a_mask: bit n set when A<n> is present in the format
 * @n_a: number of A counters present
 * @b: B counters; @b_mask, @n_b as for A
 * @b_mask: see @a_mask
 * @n_b: see @n_a
 * @c: C counters; @c_mask, @n_c as for A
 * @c_mask: see @a_mask
 * @n_c: see @n_a
 * @m: OAM MPEC counters; @m_mask, @n_m as for A
 * @m_mask: see @a_mask
 * @n_m: see @n_a
 * @has_inst_addr: the format carries an INST ADD dword
 * @inst_addr: INST ADD (0 if !has_inst_addr)
 * @reserved_nonzero: bit n set when dword n is reserved in the layout
 *	(intel_oa_layout.reserved_dwords) but not zero in this report
 * @reserved_nonzero_hi: the same for dwords 64..127
 *	(intel_oa_layout.reserved_dwords_hi)
 * @has_source_id: the generation's RPT_ID has the Gen12.5 fields
 *	(intel_oa_gen.xehp_rpt_id): @source_id, @start_trigger, @threshold
 *	and, with a 64-bit header, @tile_id, @ccs_id, @delayed are valid
 * @source_id: RPT_ID 31:26 (INTEL_OA_SOURCE_*, intel_oa_source_string())
 * @start_trigger: RPT_ID 18, start trigger event
 * @threshold: RPT_ID 17, threshold enable
 * @tile_id: RPT_ID 33:32 (64-bit header only)
 * @ccs_id: RPT_ID 37:36, the compute engine of an OAC report (64-bit
 *	header only)
 * @delayed: RPT_ID 47, delayed report (64-bit header only)
 */
struct intel_oa_report {
	uint64_t rpt_id;
	uint32_t reason;
	bool ctx_valid;
	uint64_t timestamp;
	bool has_ctx_id;
	uint32_t ctx_id;
	bool has_gpu_ticks;
	uint64_t gpu_ticks;
	uint64_t a[INTEL_OA_MAX_A];
	uint64_t a_mask;
	unsigned int n_a;
	uint64_t b[INTEL_OA_MAX_B];
	uint32_t b_mask;
	unsigned int n_b;
	uint64_t c[INTEL_OA_MAX_C];
	uint32_t c_mask;
	unsigned int n_c;
	uint64_t m[INTEL_OA_MAX_M];
	uint32_t m_mask;
	unsigned int n_m;
	bool has_inst_addr;
	uint32_t inst_addr;
	uint64_t reserved_nonzero;
	uint64_t reserved_nonzero_hi;
	bool has_source_id;
	uint8_t source_id;
	bool start_trigger;
	bool threshold;
	uint8_t tile_id;
	uint8_t ccs_id;
	bool delayed;
};

/**
 * struct intel_oa_accumulator - sums of deltas between consecutive reports
 * @n_deltas: number of report pairs accumulated
 * @timestamp: sum of TIMESTAMP deltas (timestamp clock ticks)
 * @gpu_ticks: sum of GPU_TICKS deltas
 * @a: per-counter sums, indexed like struct intel_oa_report
 * @b: see @a
 * @c: see @a
 * @m: see @a
 *
 * Every delta is taken modulo 2^width of its field, so a counter that
 * wrapped once between two reports still gives the right delta.
 */
struct intel_oa_accumulator {
	uint64_t n_deltas;
	uint64_t timestamp;
	uint64_t gpu_ticks;
	uint64_t a[INTEL_OA_MAX_A];
	uint64_t b[INTEL_OA_MAX_B];
	uint64_t c[INTEL_OA_MAX_C];
	uint64_t m[INTEL_OA_MAX_M];
};

/* ---- tables ------------------------------------------------------------ */

/**
 * intel_oa_layout_by_id() - the layout of an enum drm_i915_oa_format value
 * @id: format id
 *
 * Return: the table row, or NULL when @id is not a known format.
 */
const struct intel_oa_layout *intel_oa_layout_by_id(unsigned int id);

/**
 * intel_oa_layout_by_name() - look a format up by name
 * @name: "A32u40_A4u32_B8_C8", "OAR_A32u40_A4u32_B8_C8", ...; a leading
 *	"I915_", "I915_OA_FORMAT_" or "I915_OAx_FORMAT_" prefix is accepted,
 *	case-insensitively
 *
 * Return: the table row, or NULL.
 */
const struct intel_oa_layout *intel_oa_layout_by_name(const char *name);

/**
 * intel_oa_layout_count() - number of rows of the format table
 *
 * Return: row count; rows are reached with intel_oa_layout_at().
 */
unsigned int intel_oa_layout_count(void);

/**
 * intel_oa_layout_at() - a row of the format table
 * @index: 0..intel_oa_layout_count() - 1
 *
 * Return: the row, or NULL when @index is out of range.
 */
const struct intel_oa_layout *intel_oa_layout_at(unsigned int index);

/**
 * intel_oa_gen_layout() - the layout a generation writes for a format id
 * @gen: generation row
 * @id: format id
 *
 * Most ids have one row for every generation; C4_B8 has Haswell's (INST
 * ADD in dword 3) and Gen8's. intel_oa_layout_by_id() returns
 * the first row of an id, this the generation's.
 *
 * Return: the row, or NULL when @gen is NULL or does not write @id.
 */
const struct intel_oa_layout *
intel_oa_gen_layout(const struct intel_oa_gen *gen, unsigned int id);

/**
 * intel_oa_gen_by_ver() - the generation row for a graphics version
 * @ver: version times 100 (600, 700, 750, 800, 900, 1000, 1100, 1200,
 *	1250, 1270)
 *
 * Return: the row, or NULL when the version has no OA support here.
 */
const struct intel_oa_gen *intel_oa_gen_by_ver(unsigned int ver);

/**
 * intel_oa_gen_by_devid() - the generation row for a PCI device id
 * @devid: PCI device id (I915_PARAM_CHIPSET_ID)
 *
 * Return: the row, or NULL for device ids the table does not know.
 */
const struct intel_oa_gen *intel_oa_gen_by_devid(uint16_t devid);

/**
 * intel_oa_gen_supports() - whether a generation writes a format
 * @gen: generation row
 * @id: enum drm_i915_oa_format value
 *
 * Return: true when @gen is non-NULL and writes format @id.
 */
bool intel_oa_gen_supports(const struct intel_oa_gen *gen, unsigned int id);

/**
 * intel_oa_gen_stream_supports() - whether a stream can carry a format
 * @gen: generation row
 * @id: enum drm_i915_oa_format value
 *
 * Return: true when @gen is non-NULL and its driver accepts format @id in
 * DRM_I915_PERF_PROP_OA_FORMAT (intel_oa_gen.stream_formats).
 */
bool intel_oa_gen_stream_supports(const struct intel_oa_gen *gen,
				  unsigned int id);

/**
 * intel_oa_gen_default_format() - the richest format of a generation
 * @gen: generation row
 *
 * The stream format with the most counters, the larger report on a tie
 * (A32u40_A4u32_B8_C8 on Gen8-12, A45_B8_C8 on Haswell, IVB_A45_B4 on Ivy
 * Bridge and Valleyview, SNB_A29_B4 on Sandy Bridge, A38u64_B8_C8 on
 * Gen12.5, A24u40_A14u32_B8_C8 on Gen12.7).
 *
 * Return: an enum drm_i915_oa_format value, 0 when @gen is NULL or can
 * stream no format.
 */
unsigned int intel_oa_gen_default_format(const struct intel_oa_gen *gen);

/**
 * intel_oa_platform_count() - number of rows of the device table
 *
 * Return: row count; rows are reached with intel_oa_platform_at().
 */
unsigned int intel_oa_platform_count(void);

/**
 * intel_oa_platform_at() - a row of the device table
 * @index: 0..intel_oa_platform_count() - 1
 *
 * Return: the row, or NULL when @index is out of range.
 */
const struct intel_oa_platform *intel_oa_platform_at(unsigned int index);

/**
 * intel_oa_platform_by_devid() - the device table row of a PCI device id
 * @devid: PCI device id
 *
 * Only the exact ids of Documentation/platforms.rst,
 * Documentation/gen6-gen7.rst and Documentation/dg2.rst are in the table; intel_oa_gen_by_devid() also
 * knows whole families.
 *
 * Return: the row, or NULL.
 */
const struct intel_oa_platform *intel_oa_platform_by_devid(uint16_t devid);

/**
 * intel_oa_platform_for_devid() - the row of a PCI id or of its sibling
 * @devid: PCI device id
 *
 * Like intel_oa_platform_by_devid(), and for every other PCI id the
 * driver binds (a sibling of the platform table, same part and GT level,
 * e.g. 0x0126 for snb, 0x0a16 for hsw, 0x1916 for skl, 0x5690 for
 * dg2-g10) the row of the virtual platform it resembles.
 *
 * Return: the row, or NULL.
 */
const struct intel_oa_platform *intel_oa_platform_for_devid(uint16_t devid);

/**
 * intel_oa_platform_by_name() - the device table row of a platform name
 * @name: "snb-gt1", "snb", ..., "hsw-gt3", "bdw", "skl", "skl-gt3", ...,
 *	"dg1", "dg2-g10", ..., "ats-m75" (case-insensitive); "skl-gt2" is
 *	accepted as an alias of "skl"
 *
 * Return: the row, or NULL.
 */
const struct intel_oa_platform *intel_oa_platform_by_name(const char *name);

/**
 * intel_oa_format_init() - bind a format to a generation
 * @fmt: filled on success
 * @id: enum drm_i915_oa_format value
 * @gen: generation row
 *
 * The layout is the generation's own (intel_oa_gen_layout()).
 *
 * Return: 0; -EINVAL when @id is unknown or @gen is NULL; -ENOTSUP when
 * @gen does not write format @id.
 */
int intel_oa_format_init(struct intel_oa_format *fmt, unsigned int id,
			 const struct intel_oa_gen *gen);

/* ---- decoding ---------------------------------------------------------- */

/**
 * intel_oa_decode() - decode one raw report into named fields
 * @fmt: format from intel_oa_format_init()
 * @report: fmt->layout->size bytes of report, any alignment
 * @out: filled with every field of the format; absent fields are zero
 *
 * Return: 0, or -EINVAL when an argument is NULL or @fmt is not initialised.
 */
int intel_oa_decode(const struct intel_oa_format *fmt, const void *report,
		    struct intel_oa_report *out);

/**
 * intel_oa_accumulate() - add the deltas between two reports
 * @fmt: format of both reports
 * @prev: the earlier raw report
 * @cur: the later raw report
 * @acc: accumulator the deltas are added to (zero it before the first call)
 *
 * Every delta is (cur - prev) modulo 2^width, with width the field's width
 * (32, 40 or 64 bits for counters, 32, 36 or 56 for timestamps, 32 or 64
 * for GPU_TICKS), so a single wrap between the reports is handled.
 *
 * Return: 0, or -EINVAL on NULL arguments.
 */
int intel_oa_accumulate(const struct intel_oa_format *fmt, const void *prev,
			const void *cur, struct intel_oa_accumulator *acc);

/**
 * intel_oa_delta() - (cur - prev) modulo 2^width
 * @prev: earlier value
 * @cur: later value
 * @width: field width in bits, 1..64
 *
 * Return: the delta.
 */
uint64_t intel_oa_delta(uint64_t prev, uint64_t cur, unsigned int width);

/**
 * intel_oa_counter_name() - printable name of a counter, e.g. "A31"
 * @kind: enum intel_oa_counter_kind
 * @index: counter number
 * @buf: output buffer
 * @len: size of @buf (8 is always enough)
 *
 * Return: @buf.
 */
const char *intel_oa_counter_name(unsigned int kind, unsigned int index,
				  char *buf, size_t len);

/**
 * intel_oa_reason_string() - comma-separated names of reason bits
 * @reason: INTEL_OA_REASON_* bits
 * @buf: output buffer
 * @len: size of @buf
 *
 * Return: @buf ("none" when @reason is 0).
 */
const char *intel_oa_reason_string(uint32_t reason, char *buf, size_t len);

/**
 * intel_oa_source_string() - name of a Gen12.5 RPT_ID SourceID
 * @source_id: RPT_ID bits 31:26 (intel_oa_report.source_id)
 * @buf: output buffer
 * @len: size of @buf (24 is always enough)
 *
 * Names after seed 002's encoding: "other" (0), "cpu" (1), "rcs", "ccs",
 * "bcs" (0b01000..0b01010), "vs", "vsr", "hs", "tds", "gs", "ps", "ts"
 * (0b10000..0b10110), "media<N>-vcs0", "media<N>-vcs1", "media<N>-vecs"
 * (bit 5 set, N = bits 4:3); every other value "reserved<value>".
 *
 * Return: @buf.
 */
const char *intel_oa_source_string(unsigned int source_id, char *buf,
				   size_t len);

/**
 * intel_oa_reason_name() - name of one report reason bit
 * @bit: bit number relative to the reason field (0 = timer)
 *
 * Return: "timer", "trigger1", "trigger2", "context-switch",
 * "go-transition", "clock-ratio-change" or "mmio-trigger"; NULL for
 * bits past 6.
 */
const char *intel_oa_reason_name(unsigned int bit);

/**
 * intel_oa_gen_reason_string() - reason bits named as a generation
 * defines them
 * @gen: generation row (NULL: as intel_oa_reason_string())
 * @reason: intel_oa_report.reason of a report of @gen
 * @buf: output buffer
 * @len: size of @buf
 *
 * Like intel_oa_reason_string(), but a bit the generation reserves is
 * named "reservedN" (e.g. bit 5 on Gen8).
 *
 * Return: @buf ("none" when @reason is 0).
 */
const char *intel_oa_gen_reason_string(const struct intel_oa_gen *gen,
				       uint32_t reason, char *buf, size_t len);

/* ---- rates and periods ------------------------------------------------- */

/**
 * intel_oa_ticks_to_ns() - convert timestamp ticks to nanoseconds
 * @ticks: timestamp clock ticks
 * @freq_hz: timestamp frequency in Hz (I915_PARAM_OA_TIMESTAMP_FREQUENCY)
 *
 * Return: nanoseconds, rounded down; 0 when @freq_hz is 0.
 */
uint64_t intel_oa_ticks_to_ns(uint64_t ticks, uint64_t freq_hz);

/**
 * intel_oa_rate_per_second() - events per second of a counter delta
 * @delta: counter delta
 * @ts_delta: timestamp delta over which @delta was counted
 * @freq_hz: timestamp frequency in Hz
 *
 * Return: @delta * @freq_hz / @ts_delta, or 0.0 when @ts_delta is 0.
 */
double intel_oa_rate_per_second(uint64_t delta, uint64_t ts_delta,
				uint64_t freq_hz);

/**
 * intel_oa_exponent_period_ns() - sampling period of a timer exponent
 * @exponent: OA timer exponent, 0..31
 * @freq_hz: timestamp frequency in Hz
 *
 * The period is 2^(exponent + 1) timestamp ticks.
 *
 * Return: the period in nanoseconds (rounded down), 0 on bad arguments.
 */
uint64_t intel_oa_exponent_period_ns(unsigned int exponent, uint64_t freq_hz);

/**
 * intel_oa_exponent_for_period() - smallest exponent whose period is at
 * least a requested period
 * @period_ns: requested period in nanoseconds
 * @freq_hz: timestamp frequency in Hz
 *
 * Return: the exponent 0..31, or -EINVAL when @freq_hz is 0 or no exponent
 * reaches @period_ns.
 */
int intel_oa_exponent_for_period(uint64_t period_ns, uint64_t freq_hz);

/**
 * intel_oa_gen_exponent_for_period() - intel_oa_exponent_for_period() for
 * a generation
 * @gen: generation row (NULL: no lower bound)
 * @period_ns: requested period in nanoseconds
 * @freq_hz: timestamp frequency in Hz
 *
 * The exponent is at least @gen's min_exponent (3 on Sandy Bridge), so
 * the period may be longer than asked for.
 *
 * Return: the exponent, or -EINVAL as intel_oa_exponent_for_period().
 */
int intel_oa_gen_exponent_for_period(const struct intel_oa_gen *gen,
				     uint64_t period_ns, uint64_t freq_hz);

/* ---- stream statistics: reasons, contexts, timer gaps ------------------ */

/** Distinct contexts struct intel_oa_stream_stats counts one by one. */
#define INTEL_OA_STATS_MAX_CONTEXTS 32
/** Reason bits counted: the widest reason field (Gen12) has 7. */
#define INTEL_OA_STATS_REASONS 7
/** Largest report of a format that struct intel_oa_stream_stats takes. */
#define INTEL_OA_STATS_MAX_REPORT 448

/**
 * struct intel_oa_ctx_stat - reports seen with one context
 * @id: CTX_ID as delivered
 * @valid: the context-valid RPT_ID bit
 * @reports: reports carrying @id and @valid
 * @periods: context periods (struct intel_oa_ctx_period) of this context
 * @ticks: TIMESTAMP ticks from each report of this context to the next
 *	report (not across an intel_oa_stats_break())
 */
struct intel_oa_ctx_stat {
	uint32_t id;
	bool valid;
	uint64_t reports;
	uint64_t periods;
	uint64_t ticks;
};

/**
 * struct intel_oa_ctx_period - a run of consecutive reports of one context
 * @first_ts: TIMESTAMP of its first report
 * @last_ts: TIMESTAMP of its last report
 * @id: CTX_ID
 * @valid: context-valid bit
 * @switched: it starts with a context-switch report
 * @reports: reports in the run
 *
 * A period starts at the first report, at every context-switch report and
 * wherever CTX_ID or the context-valid bit changes without one (reports
 * were lost).
 */
struct intel_oa_ctx_period {
	uint64_t first_ts;
	uint64_t last_ts;
	uint32_t id;
	bool valid;
	bool switched;
	uint64_t reports;
};

/**
 * struct intel_oa_stream_stats - what a stream of reports contained
 * @fmt: format of the reports
 * @period_ticks: timer period in TIMESTAMP ticks (2^(exponent + 1)), 0
 *	when the stream has no timer (no gaps are counted then)
 * @keep_periods: record every context period for intel_oa_stats_period()
 * @reports: reports added
 * @first_ts: TIMESTAMP of the first report
 * @last_ts: TIMESTAMP of the last report
 * @gaps: consecutive timer reports (reason timer; every report on
 *	generations without a reason field) whose TIMESTAMPs are not exactly
 *	@period_ticks apart; reports of other reasons in between are no gap
 * @acc: deltas between consecutive reports (restarted by
 *	intel_oa_stats_break())
 * @by_reason: reports with reason bit n set (a report counts for each)
 * @no_reason: reports without any reason bit
 * @switch_reports: reports with the context-switch reason
 * @ctx: per-context counts, in order of first appearance
 * @n_ctx: entries of @ctx in use
 * @ctx_other: reports of contexts after the first
 *	INTEL_OA_STATS_MAX_CONTEXTS
 * @n_periods: context periods started
 * @priv: the library's running state; do not touch
 *
 * Fill with intel_oa_stats_init(), feed with intel_oa_stats_add(), release
 * with intel_oa_stats_fini().
 */
struct intel_oa_stream_stats {
	struct intel_oa_format fmt;
	uint64_t period_ticks;
	bool keep_periods;
	uint64_t reports;
	uint64_t first_ts;
	uint64_t last_ts;
	uint64_t gaps;
	struct intel_oa_accumulator acc;
	uint64_t by_reason[INTEL_OA_STATS_REASONS];
	uint64_t no_reason;
	uint64_t switch_reports;
	struct intel_oa_ctx_stat ctx[INTEL_OA_STATS_MAX_CONTEXTS];
	unsigned int n_ctx;
	uint64_t ctx_other;
	uint64_t n_periods;
	struct {
		uint8_t prev[INTEL_OA_STATS_MAX_REPORT];
		bool have_prev;
		uint64_t timer_ts;
		bool have_timer;
		int prev_ctx;
		struct intel_oa_ctx_period cur;
		struct intel_oa_ctx_period *done;
		size_t cap;
	} priv;
};

/**
 * intel_oa_stats_init() - start statistics of a stream
 * @st: statistics, overwritten
 * @fmt: format of the reports (copied)
 * @period_ticks: timer period in ticks, 0 for none
 * @keep_periods: keep every context period (memory grows with the run)
 *
 * Return: 0, or -EINVAL for NULL arguments, an uninitialised @fmt or a
 * report larger than INTEL_OA_STATS_MAX_REPORT.
 */
int intel_oa_stats_init(struct intel_oa_stream_stats *st,
			const struct intel_oa_format *fmt,
			uint64_t period_ticks, bool keep_periods);

/**
 * intel_oa_stats_add() - account one report
 * @st: statistics
 * @report: fmt->layout->size bytes, any alignment
 * @out: if not NULL, filled with the decoded report
 *
 * Return: 0; -EINVAL on NULL arguments; -ENOMEM when keeping periods
 * needs memory that is not there (the report is then not counted).
 */
int intel_oa_stats_add(struct intel_oa_stream_stats *st, const void *report,
		       struct intel_oa_report *out);

/**
 * intel_oa_stats_break() - the stream lost reports of unknown number
 * @st: statistics
 *
 * Call on a BUFFER_LOST record: the next report starts a new chain of
 * deltas and of timer intervals.
 */
void intel_oa_stats_break(struct intel_oa_stream_stats *st);

/**
 * intel_oa_stats_period() - one context period of a stream
 * @st: statistics initialised with @keep_periods
 * @index: 0..st->n_periods - 1
 *
 * The last period may still grow when more reports are added.
 *
 * Return: the period, or NULL when @index is out of range or periods are
 * not kept.
 */
const struct intel_oa_ctx_period *
intel_oa_stats_period(const struct intel_oa_stream_stats *st, uint64_t index);

/**
 * intel_oa_stats_fini() - free what the statistics allocated
 * @st: statistics; the counts stay readable, the periods do not
 */
void intel_oa_stats_fini(struct intel_oa_stream_stats *st);

/* ---- read() record stream ---------------------------------------------- */

/** Size of struct drm_i915_perf_record_header: u32 type, u16 pad, u16 size. */
#define INTEL_OA_RECORD_HEADER_SIZE 8

/**
 * struct intel_oa_record - one record of a perf stream read() buffer
 * @type: DRM_I915_PERF_RECORD_* value as found (unknown types are passed on)
 * @size: total record size including the header
 * @payload: bytes after the header (NULL when there are none)
 * @payload_len: @size - INTEL_OA_RECORD_HEADER_SIZE
 */
struct intel_oa_record {
	uint32_t type;
	uint16_t size;
	const void *payload;
	size_t payload_len;
};

/**
 * struct intel_oa_record_iter - bounds-checked walk over a read() buffer
 * @buf: start of the buffer
 * @len: valid bytes in @buf
 * @pos: offset of the next record
 * @report_size: expected payload size of SAMPLE records (0: not checked)
 * @error: offset at which a malformed record was found, when one was
 */
struct intel_oa_record_iter {
	const uint8_t *buf;
	size_t len;
	size_t pos;
	size_t report_size;
	size_t error;
};

/**
 * intel_oa_record_iter_init() - start walking a buffer
 * @it: iterator
 * @buf: buffer filled by read() on a perf stream fd
 * @len: return value of that read()
 * @report_size: size of one OA report of the stream's format, 0 to skip the
 *	SAMPLE payload size check
 */
void intel_oa_record_iter_init(struct intel_oa_record_iter *it,
			       const void *buf, size_t len, size_t report_size);

/**
 * intel_oa_record_next() - the next record
 * @it: iterator
 * @rec: filled when 1 is returned
 *
 * Return: 1 when @rec holds a record; 0 at the end of the buffer; -EBADMSG
 * when the bytes at it->pos are not a valid record (fewer than 8 bytes left,
 * size smaller than the header or not a multiple of 4, size running past the
 * end of the buffer, a SAMPLE whose payload is not report_size bytes, or a
 * REPORT_LOST/BUFFER_LOST record with a payload). After an error every
 * further call returns -EBADMSG again; it->error holds the offset.
 */
int intel_oa_record_next(struct intel_oa_record_iter *it,
			 struct intel_oa_record *rec);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_INTEL_OA_H */
