/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa: expressions and metric sets (Documentation/metrics.rst).
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * No libdrm or kernel header is needed. Nothing here keeps global state:
 * every object is owned by its caller, and distinct objects may be used
 * from distinct threads.
 */
#ifndef INTEL_OA_METRICS_H
#define INTEL_OA_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intel_oa/intel_oa.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Longest name (counter, metric, set, constant) without the NUL. */
#define INTEL_OA_NAME_MAX 63

/* Evaluation flags: why a value is NaN. */
/** A division or modulo by zero was evaluated. */
#define INTEL_OA_EVAL_DIV_ZERO 0x1u
/** An input (built-in, constant) had no value. */
#define INTEL_OA_EVAL_UNDEFINED 0x2u

/**
 * struct intel_oa_parse_error - where and why parsing failed
 * @line: 1-based line
 * @column: 1-based column (bytes)
 * @msg: what was expected or wrong, without the position
 * @text: "FILE:LINE:COLUMN: MSG" (the file name given to the loader, or
 *	"<expr>" for intel_oa_expr_parse())
 */
struct intel_oa_parse_error {
	unsigned int line;
	unsigned int column;
	char msg[192];
	char text[512];
};

/* ---- expressions ------------------------------------------------------- */

struct intel_oa_expr;

/**
 * typedef intel_oa_expr_resolve_fn - map a name to a variable id
 * @ctx: caller's context
 * @name: the name (not NUL terminated)
 * @len: its length
 *
 * Return: an id >= 0, or -1 if the name is unknown (a parse error).
 */
typedef int (*intel_oa_expr_resolve_fn)(void *ctx, const char *name,
					size_t len);

/**
 * typedef intel_oa_expr_lookup_fn - value of a variable at evaluation time
 * @ctx: caller's context
 * @id: an id the resolver returned
 * @flags: OR in INTEL_OA_EVAL_* when returning NaN
 *
 * Return: the value (NaN when it has none).
 */
typedef double (*intel_oa_expr_lookup_fn)(void *ctx, int id,
					  unsigned int *flags);

/**
 * intel_oa_expr_parse() - parse one expression
 * @src: the text; parsing stops at @len bytes, a NUL, a newline or '#'
 * @len: bytes of @src
 * @line: line of @src[0] in its file, for error positions
 * @column: column of @src[0]
 * @resolve: name resolver (NULL: every name is unknown)
 * @ctx: passed to @resolve
 * @out: the compiled expression on success
 * @err: filled on failure (the file part of @err->text is "<expr>")
 *
 * Return: 0, -EINVAL on a syntax or name error, -ENOMEM.
 */
int intel_oa_expr_parse(const char *src, size_t len, unsigned int line,
			unsigned int column, intel_oa_expr_resolve_fn resolve,
			void *ctx, struct intel_oa_expr **out,
			struct intel_oa_parse_error *err);

/**
 * intel_oa_expr_eval() - evaluate an expression
 * @e: expression
 * @lookup: variable values (may be NULL if @e has no names)
 * @ctx: passed to @lookup
 * @flags: if not NULL, INTEL_OA_EVAL_* reasons are ORed in
 *
 * Return: the value; NaN with a flag on division by zero or undefined
 * input (Documentation/metrics.rst, "Evaluation"). Never traps.
 */
double intel_oa_expr_eval(const struct intel_oa_expr *e,
			  intel_oa_expr_lookup_fn lookup, void *ctx,
			  unsigned int *flags);

/**
 * intel_oa_expr_free() - free an expression (NULL is fine)
 * @e: expression
 */
void intel_oa_expr_free(struct intel_oa_expr *e);

/* ---- built-in names ---------------------------------------------------- */

/**
 * enum intel_oa_builtin - names every metric file knows
 * @INTEL_OA_BI_A: A0..A44 are @INTEL_OA_BI_A + n
 * @INTEL_OA_BI_B: B0..B7
 * @INTEL_OA_BI_C: C0..C7
 * @INTEL_OA_BI_GPU_TICKS: GPU_TICKS delta
 * @INTEL_OA_BI_TIMESTAMP: TIMESTAMP delta (ticks)
 * @INTEL_OA_BI_SECONDS: period length in seconds
 * @INTEL_OA_BI_EU_COUNT: EUs
 * @INTEL_OA_BI_SLICE_COUNT: slices
 * @INTEL_OA_BI_SUBSLICE_COUNT: subslices over all slices
 * @INTEL_OA_BI_TS_FREQ: OA timestamp Hz
 * @INTEL_OA_BI_CS_TS_FREQ: command streamer timestamp Hz
 * @INTEL_OA_BI_GPU_FREQ_MAX: maximum GPU frequency Hz
 * @INTEL_OA_BI_GPU_FREQ_MIN: minimum GPU frequency Hz
 * @INTEL_OA_BI_EU_THREADS: hardware threads per EU
 * @INTEL_OA_BI_SLICE_MASK: bit s set for each slice s present
 * @INTEL_OA_BI_SUBSLICE_MASK: bit s * k + ss set for each subslice ss of
 *	slice s present; k is 3 before Gen11 and 8 from it (IGT's layout)
 * @INTEL_OA_BI_REVISION: PCI revision
 * @INTEL_OA_BI_QUERY_MODE: 0: values come from OA reports, never from
 *	the register snapshots of a query (what the OA metric XML files call
 *	$QueryMode)
 * @INTEL_OA_BI_MPEC: MPEC0..MPEC7 (Meteor Lake's OAM reports) are
 *	@INTEL_OA_BI_MPEC + n; since 0.2.0
 * @INTEL_OA_BI_COUNT: number of built-ins
 *
 * The last six and the counts of EUs, slices and subslices come from a
 * struct intel_oa_gt_info when the period has one.
 */
enum intel_oa_builtin {
	INTEL_OA_BI_A = 0,
	INTEL_OA_BI_B = INTEL_OA_BI_A + 45,
	INTEL_OA_BI_C = INTEL_OA_BI_B + 8,
	INTEL_OA_BI_GPU_TICKS = INTEL_OA_BI_C + 8,
	INTEL_OA_BI_TIMESTAMP,
	INTEL_OA_BI_SECONDS,
	INTEL_OA_BI_EU_COUNT,
	INTEL_OA_BI_SLICE_COUNT,
	INTEL_OA_BI_SUBSLICE_COUNT,
	INTEL_OA_BI_TS_FREQ,
	INTEL_OA_BI_CS_TS_FREQ,
	INTEL_OA_BI_GPU_FREQ_MAX,
	INTEL_OA_BI_GPU_FREQ_MIN,
	INTEL_OA_BI_EU_THREADS,
	INTEL_OA_BI_SLICE_MASK,
	INTEL_OA_BI_SUBSLICE_MASK,
	INTEL_OA_BI_REVISION,
	INTEL_OA_BI_QUERY_MODE,
	INTEL_OA_BI_MPEC,
	INTEL_OA_BI_COUNT = INTEL_OA_BI_MPEC + 8
};

/**
 * intel_oa_builtin_by_name() - the built-in a name denotes
 * @name: the name (not NUL terminated)
 * @len: its length
 *
 * Return: enum intel_oa_builtin, or -1.
 */
int intel_oa_builtin_by_name(const char *name, size_t len);

/**
 * intel_oa_builtin_name() - the name of a built-in
 * @id: enum intel_oa_builtin
 * @buf: output buffer (16 bytes are enough)
 * @len: size of @buf
 *
 * Return: @buf ("" for an unknown id).
 */
const char *intel_oa_builtin_name(int id, char *buf, size_t len);

/**
 * typedef intel_oa_builtin_fn - value of a built-in for one period
 * @ctx: caller's context
 * @id: enum intel_oa_builtin
 * @value: out
 *
 * Return: 0, or -1 when the caller has no such value (it reads as
 * undefined).
 */
typedef int (*intel_oa_builtin_fn)(void *ctx, int id, double *value);

/**
 * struct intel_oa_gt_info - the device, as IGT's perf library describes it
 *	to the equations of the OA metric XML files
 * @eus: EUs present
 * @slices: slices present
 * @subslices: subslices (dual subslices from Gen12) present
 * @slice_mask: see %INTEL_OA_BI_SLICE_MASK
 * @subslice_mask: see %INTEL_OA_BI_SUBSLICE_MASK
 * @eu_threads: threads per EU
 * @cs_ts_freq: command streamer timestamp Hz (what i915 reports as
 *	I915_PARAM_CS_TIMESTAMP_FREQUENCY; the equations' timestamp clock)
 * @gpu_freq_min: minimum GPU frequency Hz (0: unknown)
 * @gpu_freq_max: maximum GPU frequency Hz (0: unknown)
 * @revision: PCI revision
 */
struct intel_oa_gt_info {
	uint64_t eus;
	uint64_t slices;
	uint64_t subslices;
	uint64_t slice_mask;
	uint64_t subslice_mask;
	uint64_t eu_threads;
	uint64_t cs_ts_freq;
	uint64_t gpu_freq_min;
	uint64_t gpu_freq_max;
	uint64_t revision;
};

/**
 * intel_oa_gt_info_from_topology() - what IGT computes from a device's
 *	topology (lib/i915/perf.c intel_perf_for_devinfo())
 * @gi: filled
 * @pl: the device's table row (generation, and Broxton and Gemini Lake's
 *	6 threads per EU)
 * @topology: a struct drm_i915_query_topology_info as DRM_I915_QUERY
 *	returns it (a recording's DEVICE_TOPOLOGY payload), or NULL for the
 *	table row's full configuration
 * @len: bytes of @topology
 *
 * @gi's frequencies and revision are left 0 and @cs_ts_freq is the table
 * row's: the caller sets those it knows.
 *
 * Return: 0, or -EINVAL for a topology shorter than its own header says.
 */
int intel_oa_gt_info_from_topology(struct intel_oa_gt_info *gi,
				   const struct intel_oa_platform *pl,
				   const void *topology, size_t len);

/**
 * struct intel_oa_oa_period - built-ins of one OA sample period
 * @acc: counter deltas of the period (intel_oa_accumulate() of two
 *	reports into a zeroed accumulator)
 * @has_a: bit n set when the format has A counter n (A0..A44)
 * @has_b: bit n set for B counters
 * @has_c: bit n set for C counters
 * @has_gpu_ticks: the format has GPU_TICKS
 * @has_mpec: bit n set when the format has MPEC counter n (since 0.2.0,
 *	in what was padding: zero it)
 * @platform: device table row (NULL: no device constants)
 * @ts_freq: OA timestamp Hz (0: the platform's)
 * @gpu_freq_max: maximum GPU frequency in Hz (0: undefined)
 * @gt: the device's description (NULL: the table row's, and no mask,
 *	thread count, minimum frequency or revision)
 */
struct intel_oa_oa_period {
	const struct intel_oa_accumulator *acc;
	uint64_t has_a;
	uint32_t has_b;
	uint32_t has_c;
	bool has_gpu_ticks;
	uint8_t has_mpec;
	const struct intel_oa_platform *platform;
	uint64_t ts_freq;
	double gpu_freq_max;
	const struct intel_oa_gt_info *gt;
};

/**
 * intel_oa_oa_builtin() - intel_oa_builtin_fn over a struct
 * intel_oa_oa_period (@ctx)
 * @ctx: const struct intel_oa_oa_period *
 * @id: enum intel_oa_builtin
 * @value: out
 *
 * Return: 0 or -1 (field the format lacks, no platform, no frequency).
 */
int intel_oa_oa_builtin(void *ctx, int id, double *value);

/* ---- metric files ------------------------------------------------------ */

struct intel_oa_metrics;
struct intel_oa_metric_set;

/**
 * enum intel_oa_reg_kind - the three register lists of ADD_CONFIG
 * @INTEL_OA_REG_MUX: NOA mux registers
 * @INTEL_OA_REG_BOOLEAN: boolean (B/C counter) registers
 * @INTEL_OA_REG_FLEX: flex EU counter registers
 * @INTEL_OA_REG_KINDS: number of kinds
 */
enum intel_oa_reg_kind {
	INTEL_OA_REG_MUX,
	INTEL_OA_REG_BOOLEAN,
	INTEL_OA_REG_FLEX,
	INTEL_OA_REG_KINDS
};

/**
 * struct intel_oa_metric_reg - one register write a set needs
 * @addr: MMIO offset
 * @value: value
 */
struct intel_oa_metric_reg {
	uint32_t addr;
	uint32_t value;
};

/**
 * intel_oa_metrics_new() - an empty collection of metric files
 *
 * Return: the collection, or NULL (out of memory).
 */
struct intel_oa_metrics *intel_oa_metrics_new(void);

/**
 * intel_oa_metrics_free() - free a collection and all its sets
 * @m: collection (NULL is fine)
 */
void intel_oa_metrics_free(struct intel_oa_metrics *m);

/**
 * intel_oa_metrics_load_string() - add the sets of one metric file
 * @m: collection
 * @file: file name for messages
 * @text: the file's contents
 * @len: bytes of @text
 * @err: filled on -EINVAL
 *
 * On any error nothing of @text is added.
 *
 * Return: 0, -EINVAL (syntax; @err says where), -ENOMEM.
 */
int intel_oa_metrics_load_string(struct intel_oa_metrics *m,
				 const char *file, const char *text,
				 size_t len, struct intel_oa_parse_error *err);

/**
 * intel_oa_metrics_load_file() - read and add one metric file
 * @m: collection
 * @path: file
 * @err: filled on -EINVAL
 *
 * Return: 0, -EINVAL, -ENOMEM or the -errno of opening/reading @path.
 */
int intel_oa_metrics_load_file(struct intel_oa_metrics *m, const char *path,
			       struct intel_oa_parse_error *err);

/**
 * intel_oa_metrics_load_dir() - add every "*.metrics" file of a directory
 * @m: collection
 * @dir: directory
 * @err: filled on -EINVAL
 *
 * Files are loaded in name order; the first failure stops (files loaded
 * before it stay).
 *
 * Return: number of files loaded, or a negative errno.
 */
int intel_oa_metrics_load_dir(struct intel_oa_metrics *m, const char *dir,
			      struct intel_oa_parse_error *err);

/**
 * intel_oa_metrics_load_oa_xml_dir() - add every "oa-*.xml" file of a
 *	directory (IGT's lib/i915/perf-configs, Mesa's src/intel/perf)
 * @m: collection
 * @dir: directory
 * @err: filled on -EINVAL
 *
 * Files are loaded in name order with intel_oa_metrics_load_file(); the
 * first failure stops (files loaded before it stay).
 *
 * Return: number of files loaded, -ENOENT when there is none, or a
 * negative errno.
 */
int intel_oa_metrics_load_oa_xml_dir(struct intel_oa_metrics *m,
				     const char *dir,
				     struct intel_oa_parse_error *err);

/**
 * intel_oa_metrics_load_oa_xml() - add the sets of an OA metric XML file
 * @m: collection
 * @file: file name for messages
 * @text: the file's contents, an oa-<chipset>.xml of IGT
 *	(lib/i915/perf-configs) or Mesa (src/intel/perf)
 * @len: bytes of @text
 * @err: filled on -EINVAL
 *
 * Each <set> becomes a set named by its symbol_name, on the platforms of
 * its chipset, whose configuration uuid is its hw_config_guid; each
 * <counter> a metric named by its symbol_name, evaluated as IGT evaluates
 * it (Documentation/userspace.rst, "Intel's metric files").
 * intel_oa_metrics_load_file() calls this for a file that starts with
 * '<'. On any error nothing of @text is added.
 *
 * Return: 0, -EINVAL (not well formed, or not an OA metric file: @err
 * says where and why), -ENOMEM.
 */
int intel_oa_metrics_load_oa_xml(struct intel_oa_metrics *m,
				 const char *file, const char *text,
				 size_t len, struct intel_oa_parse_error *err);

/**
 * intel_oa_metrics_set_const() - give a file constant a value
 * @m: collection
 * @name: constant name (every file's constant of that name)
 * @value: its value
 *
 * Return: number of constants changed (0 if none has that name).
 */
int intel_oa_metrics_set_const(struct intel_oa_metrics *m, const char *name,
			       double value);

/**
 * intel_oa_metrics_set_count() - number of sets loaded
 * @m: collection
 *
 * Return: the count.
 */
size_t intel_oa_metrics_set_count(const struct intel_oa_metrics *m);

/**
 * intel_oa_metrics_set_at() - the i-th set, in load order
 * @m: collection
 * @i: index
 *
 * Return: the set or NULL.
 */
const struct intel_oa_metric_set *
intel_oa_metrics_set_at(const struct intel_oa_metrics *m, size_t i);

/**
 * intel_oa_metrics_find() - a set by name
 * @m: collection
 * @name: set name (case sensitive)
 *
 * Return: the set or NULL; of several sets of that name (files with
 * disjoint ``platforms``), the first loaded: see intel_oa_metrics_find_for().
 */
const struct intel_oa_metric_set *
intel_oa_metrics_find(const struct intel_oa_metrics *m, const char *name);

/**
 * intel_oa_metrics_find_for() - a set by name among those of a platform
 * @m: collection
 * @name: set name (case sensitive)
 * @platform: device table row name (intel_oa_platform_by_name() spelling)
 *
 * Files with disjoint ``platforms`` lists may each define a set of the same
 * name (every OA family has "Render"); this picks the one for @platform.
 *
 * Return: the first such set in load order, or NULL.
 */
const struct intel_oa_metric_set *
intel_oa_metrics_find_for(const struct intel_oa_metrics *m, const char *name,
			  const char *platform);

/**
 * intel_oa_metrics_description() - one line on what a metric measures
 * @m: metrics loaded with intel_oa_metrics_load_dir() (or _load_path() of
 *	a directory), whose "descriptions" file gives them ("NAME TEXT" per
 *	line); a name means the same in every set that has it
 * @metric: a metric's name
 *
 * Return: the text, or "" when the directory describes no such metric.
 */
const char *intel_oa_metrics_description(const struct intel_oa_metrics *m,
					 const char *metric);

/**
 * intel_oa_metrics_default_dir() - where the metric files are
 *
 * Return: $INTEL_OA_METRICS_DIR if set and not empty, else the source
 * tree's tools/metrics while it exists (an absolute path compiled in by
 * tools/Makefile), else the installed share/intel-oa/metrics of the
 * PREFIX the library was built for.
 */
const char *intel_oa_metrics_default_dir(void);

/**
 * intel_oa_metric_set_applies() - whether a set is for a platform
 * @s: set
 * @platform: device table row name (e.g. "skl", "tgl", "dg2-g10")
 *
 * Return: true when the ``platforms`` directive of @s's file lists
 * @platform (files without one apply to no OA platform).
 */
bool intel_oa_metric_set_applies(const struct intel_oa_metric_set *s,
				 const char *platform);

/**
 * intel_oa_metric_set_format() - the report format a set is recorded in
 * @s: set
 *
 * Return: the layout name of its ``format`` directive (e.g.
 * "A32u40_A4u32_B8_C8"), or NULL for the generation's default format
 * (intel_oa_gen_default_format()).
 */
const char *intel_oa_metric_set_format(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_metric_unit() - the unit of the i-th metric
 * @s: set
 * @i: index
 *
 * Return: the unit ("" if none), or NULL when @i is out of range.
 */
const char *
intel_oa_metric_set_metric_unit(const struct intel_oa_metric_set *s, size_t i);

/**
 * intel_oa_metric_set_name() - a set's name
 * @s: set
 *
 * Return: the name.
 */
const char *intel_oa_metric_set_name(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_family() - the family of the file a set came from
 * @s: set
 *
 * Return: the family name.
 */
const char *intel_oa_metric_set_family(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_description() - @s's description
 * @s: set
 *
 * Return: the description ("" if none).
 */
const char *
intel_oa_metric_set_description(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_counter_count() - slots of the set's counters
 * @s: set
 *
 * Return: highest slot + 1 (slots without a counter are allowed).
 */
size_t intel_oa_metric_set_counter_count(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_counter() - the counter in a slot
 * @s: set
 * @slot: slot
 * @width: out, its width in bits (may be NULL)
 *
 * Return: its name, or NULL for an empty or out of range slot.
 */
const char *intel_oa_metric_set_counter(const struct intel_oa_metric_set *s,
					size_t slot, unsigned int *width);

/**
 * intel_oa_metric_set_metric_count() - number of metrics
 * @s: set
 *
 * Return: the count.
 */
size_t intel_oa_metric_set_metric_count(const struct intel_oa_metric_set *s);

/**
 * intel_oa_metric_set_metric() - the i-th metric, in file order
 * @s: set
 * @i: index
 * @unit: out, its unit ("" if none; may be NULL)
 *
 * Return: its name, or NULL.
 */
const char *intel_oa_metric_set_metric(const struct intel_oa_metric_set *s,
				       size_t i, const char **unit);

/**
 * intel_oa_metric_set_regs() - a register list of the set
 * @s: set
 * @kind: enum intel_oa_reg_kind
 * @count: out, number of entries
 *
 * Return: the entries in file order (NULL when @count is 0).
 */
const struct intel_oa_metric_reg *
intel_oa_metric_set_regs(const struct intel_oa_metric_set *s, int kind,
			 size_t *count);

/**
 * intel_oa_metric_counter_deltas() - counter deltas from two readings
 * @s: set
 * @prev: earlier raw readings, one per slot
 * @cur: later raw readings
 * @deltas: out, (cur - prev) mod 2^width per slot
 */
void intel_oa_metric_counter_deltas(const struct intel_oa_metric_set *s,
				    const uint64_t *prev, const uint64_t *cur,
				    double *deltas);

/**
 * intel_oa_metric_set_eval() - every metric of a set over one period
 * @s: set
 * @deltas: the set's counter deltas, one per slot (may be NULL if the set
 *	has no counters)
 * @builtin: built-in values (NULL: every built-in is undefined)
 * @ctx: passed to @builtin
 * @values: out, one per metric (NaN: see @flags)
 * @flags: out, INTEL_OA_EVAL_* per metric (may be NULL)
 *
 * Return: number of metrics that came out NaN.
 */
size_t intel_oa_metric_set_eval(const struct intel_oa_metric_set *s,
				const double *deltas,
				intel_oa_builtin_fn builtin, void *ctx,
				double *values, unsigned int *flags);

/**
 * intel_oa_metric_set_accumulate() - add one report pair's deltas to a
 *	period, reading the reports as the set does
 * @s: set
 * @fmt: the reports' format
 * @prev: the earlier report
 * @cur: the later report
 * @acc: the period's sums
 *
 * intel_oa_accumulate() over @fmt's layout (Haswell's C counters
 * included, where IGT reads them).
 *
 * Return: 0, or -EINVAL as intel_oa_accumulate() and for a NULL @s.
 */
int intel_oa_metric_set_accumulate(const struct intel_oa_metric_set *s,
				   const struct intel_oa_format *fmt,
				   const void *prev, const void *cur,
				   struct intel_oa_accumulator *acc);

/**
 * intel_oa_oa_period_fields() - which counters a set finds in a format
 * @op: its @has_a, @has_b, @has_c and @has_gpu_ticks are set
 * @s: set
 * @fmt: the reports' format
 *
 * The format's counters and GPU_TICKS: a built-in the format lacks is
 * undefined (intel_oa_oa_builtin()).
 *
 * Return: 0, or -EINVAL for a NULL argument.
 */
int intel_oa_oa_period_fields(struct intel_oa_oa_period *op,
			      const struct intel_oa_metric_set *s,
			      const struct intel_oa_format *fmt);

/**
 * intel_oa_metric_set_metric_max() - the most a metric can be in a period
 * @s: set
 * @i: metric index
 * @builtin: built-in values, as for intel_oa_metric_set_eval()
 * @ctx: passed to @builtin
 * @values: the set's metric values for the same period, as
 *	intel_oa_metric_set_eval() gave them (a max_equation may read them)
 * @max: out: the bound
 *
 * A counter of an OA metric XML file has the bound its max_equation
 * gives (IGT and Mesa evaluate it the same way as the equation); a
 * metric of our files whose unit is "%" has 100. The lower bound of every
 * metric is 0.
 *
 * Return: 0; -ENOENT when the metric declares no bound; -EDOM when a
 * value the bound needs is undefined; -EINVAL for a bad argument.
 */
int intel_oa_metric_set_metric_max(const struct intel_oa_metric_set *s,
				   size_t i, intel_oa_builtin_fn builtin,
				   void *ctx, const double *values,
				   double *max);

/**
 * intel_oa_metric_set_metric_available() - whether a metric exists on a
 *	device
 * @s: set
 * @i: metric index
 * @builtin: built-in values (the device's: masks, revision)
 * @ctx: passed to @builtin
 *
 * Metrics of our files always do; a counter of an OA metric XML file when
 * its availability holds (or cannot be decided for want of a value), as
 * IGT leaves the others out of its sets.
 *
 * Return: true when it does.
 */
bool intel_oa_metric_set_metric_available(const struct intel_oa_metric_set *s,
					  size_t i, intel_oa_builtin_fn builtin,
					  void *ctx);

/**
 * intel_oa_metric_set_regs_for() - a set's register list on a device
 * @s: set
 * @kind: enum intel_oa_reg_kind
 * @builtin: built-in values (the device's)
 * @ctx: passed to @builtin
 * @out: the entries, up to @max of them
 * @max: room in @out
 *
 * An OA metric XML set may have several lists of a kind, each for the
 * devices its availability names; as IGT, every list whose availability
 * holds is used, in file order. For other sets this is
 * intel_oa_metric_set_regs().
 *
 * Return: number of entries (more than @max: only @max were written).
 */
size_t intel_oa_metric_set_regs_for(const struct intel_oa_metric_set *s,
				    int kind, intel_oa_builtin_fn builtin,
				    void *ctx, struct intel_oa_metric_reg *out,
				    size_t max);

/**
 * intel_oa_metric_set_uuid() - the configuration uuid a set names
 * @s: set
 *
 * Return: an OA metric XML set's hw_config_guid, NULL for our sets (the
 * tools derive one from the name).
 */
const char *intel_oa_metric_set_uuid(const struct intel_oa_metric_set *s);

/**
 * intel_oa_eval_flags_string() - "division by zero", "undefined input",
 * or both joined by ", "
 * @flags: INTEL_OA_EVAL_*
 *
 * Return: a static string ("" for 0).
 */
const char *intel_oa_eval_flags_string(unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_METRICS_H */
