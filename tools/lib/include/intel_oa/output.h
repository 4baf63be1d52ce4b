/* SPDX-License-Identifier: MIT */
/*
 * Writers for evaluated metric periods: an aligned text table, CSV, JSON
 * and Chrome/Perfetto trace-event JSON (Documentation/userspace.rst,
 * "Outputs").
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * A writer is created with the metric names and units of one set, gets
 * one call per evaluated period, and is closed with
 * intel_oa_output_finish(). Every writer streams: a period is written
 * when it is given, so a long recording never sits in memory.
 */
#ifndef INTEL_OA_OUTPUT_H
#define INTEL_OA_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum intel_oa_output_kind - output formats
 * @INTEL_OA_OUTPUT_TABLE: aligned columns, a header with the units,
 *	"n/a" for values that could not be computed
 * @INTEL_OA_OUTPUT_CSV: "period,t_start_s,t_end_s,<name>..." then one row
 *	per period, shortest round-trip doubles, empty field for n/a
 * @INTEL_OA_OUTPUT_JSON: one object {"schema_version","set","platform",
 *	"metrics","periods"}, null for n/a
 * @INTEL_OA_OUTPUT_TRACE: trace-event JSON, one "C" event per metric per
 *	period (none for n/a)
 */
/**
 * INTEL_OA_OUTPUT_JSON_SCHEMA - "schema_version" of the JSON output; it
 * grows when a key changes meaning or goes, not when one is added
 */
#define INTEL_OA_OUTPUT_JSON_SCHEMA 1

enum intel_oa_output_kind {
	INTEL_OA_OUTPUT_TABLE,
	INTEL_OA_OUTPUT_CSV,
	INTEL_OA_OUTPUT_JSON,
	INTEL_OA_OUTPUT_TRACE,
	INTEL_OA_OUTPUT_KINDS,
};

struct intel_oa_output;

/**
 * intel_oa_output_kind_by_name() - "table", "csv", "json" or "trace"
 * @name: format name
 *
 * Return: enum intel_oa_output_kind, or -1 for an unknown name.
 */
int intel_oa_output_kind_by_name(const char *name);

/**
 * intel_oa_output_kind_name() - the name of an output kind
 * @kind: enum intel_oa_output_kind
 *
 * Return: the name, or NULL for an unknown kind.
 */
const char *intel_oa_output_kind_name(int kind);

/**
 * intel_oa_output_new() - start a writer
 * @f: stream written to (not closed by the writer)
 * @kind: enum intel_oa_output_kind
 * @set_name: metric set name (JSON "set", trace process name)
 * @platform: platform name (may be NULL)
 * @n: number of metrics
 * @names: @n metric names
 * @units: @n units (NULL, or entries NULL/"" for unit-less metrics)
 *
 * The names and units are copied. The table, JSON and trace writers write
 * their header at once.
 *
 * Return: the writer, or NULL with errno set (EINVAL, ENOMEM).
 */
struct intel_oa_output *intel_oa_output_new(FILE *f, int kind,
					    const char *set_name,
					    const char *platform, size_t n,
					    const char *const *names,
					    const char *const *units);

/**
 * intel_oa_output_new_described() - intel_oa_output_new() with a line on
 * what each metric measures
 * @f: as intel_oa_output_new()
 * @kind: as intel_oa_output_new()
 * @set_name: as intel_oa_output_new()
 * @platform: as intel_oa_output_new()
 * @n: as intel_oa_output_new()
 * @names: as intel_oa_output_new()
 * @units: as intel_oa_output_new()
 * @descriptions: @n texts (entries NULL for none; intel_oa_metrics_description()
 *	gives them), or NULL: the JSON writer gives each metric a
 *	"description"
 *
 * Return: as intel_oa_output_new().
 */
struct intel_oa_output *
intel_oa_output_new_described(FILE *f, int kind, const char *set_name,
			      const char *platform, size_t n,
			      const char *const *names,
			      const char *const *units,
			      const char *const *descriptions);

/**
 * intel_oa_output_period() - write one period
 * @o: writer
 * @t_start_s: start of the period, seconds
 * @t_end_s: end of the period, seconds
 * @values: the @n values of intel_oa_output_new(), NaN (or an infinity)
 *	for a value that could not be computed
 * @flags: INTEL_OA_EVAL_* per value (may be NULL); the table writer
 *	says why a value is n/a with them
 *
 * Periods are numbered from 0 in the order they are given. A write error
 * is remembered and reported by intel_oa_output_finish().
 */
void intel_oa_output_period(struct intel_oa_output *o, double t_start_s,
			    double t_end_s, const double *values,
			    const unsigned int *flags);

/**
 * intel_oa_output_set_time_origin() - where period times start, for traces
 * @o: writer
 * @seconds: the time period times count from, on a clock other traces use
 *	(e.g. CLOCK_MONOTONIC of the machine that recorded)
 *
 * The trace writer stamps its events origin + t_start_s (in us), so they
 * line up with CPU traces of the same clock; the other writers keep times
 * relative to the first report. Call it before the first period.
 */
void intel_oa_output_set_time_origin(struct intel_oa_output *o,
				     double seconds);

/**
 * intel_oa_output_finish() - close the document, flush and free
 * @o: writer (may be NULL)
 *
 * Return: 0, or -1 with errno set if any write failed.
 */
int intel_oa_output_finish(struct intel_oa_output *o);

/**
 * intel_oa_format_double() - shortest text that reads back as @v
 * @buf: out
 * @size: size of @buf (32 is enough; less falls back to "%.17g")
 * @v: a double (NaN and infinities print as "%.17g" does; the writers
 *	never pass them)
 *
 * 15, 16 or 17 significant digits, the fewest that read back exactly;
 * fixed notation for decimal exponents -5..16, else "1e+300" style: a
 * JSON number either way.
 *
 * Return: @buf.
 */
char *intel_oa_format_double(char *buf, size_t size, double v);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_OUTPUT_H */
