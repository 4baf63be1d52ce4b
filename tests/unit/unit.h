/* SPDX-License-Identifier: MIT */
/*
 * A tiny test runner for the host unit tests of libintel_oa.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * A test is a void function taking an optional parameter; UNIT_CHECK() records the first failure and
 * returns from the test. main.c runs every test of every suite and prints
 * "ok NAME" or "FAIL NAME: why" per test and "N passed, N failed" at the end.
 */
#ifndef INTEL_OA_UNIT_H
#define INTEL_OA_UNIT_H

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct unit_test - one test
 * @name: kebab-case name printed by the runner
 * @fn: the test body, called with @arg
 * @arg: parameter of table-generated tests (NULL for plain ones)
 */
struct unit_test {
	const char *name;
	void (*fn)(const void *arg);
	const void *arg;
};

/**
 * struct unit_suite - the tests of one file
 * @tests: array of tests
 * @count: number of entries in @tests
 */
struct unit_suite {
	const struct unit_test *tests;
	size_t count;
};

void unit_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int unit_failed(void);

#define UNIT_UNUSED __attribute__((unused))

#define UNIT_CHECK(cond, ...) \
	do { \
		if (!(cond)) { \
			unit_fail(__FILE__, __LINE__, __VA_ARGS__); \
			return; \
		} \
	} while (0)

#define UNIT_EQ(a, b, what) \
	do { \
		uint64_t ua_ = (uint64_t)(a), ub_ = (uint64_t)(b); \
		if (ua_ != ub_) { \
			unit_fail(__FILE__, __LINE__, \
				  "%s: got 0x%" PRIx64 ", expected 0x%" PRIx64, \
				  (what), ua_, ub_); \
			return; \
		} \
	} while (0)

#define UNIT_SUITE(var, arr) \
	const struct unit_suite var = { arr, sizeof(arr) / sizeof(arr[0]) }

extern const struct unit_suite formats_suite;
extern const struct unit_suite decode_suite;
extern const struct unit_suite accumulate_suite;
extern const struct unit_suite records_suite;
extern const struct unit_suite helpers_suite;
extern const struct unit_suite platforms_suite;
extern const struct unit_suite stats_suite;
extern const struct unit_suite gen67_suite;
extern const struct unit_suite dg2_suite;
extern const struct unit_suite expr_suite;
extern const struct unit_suite metricset_suite;
extern const struct unit_suite baytrail_suite;
extern const struct unit_suite mali_suite;
extern const struct unit_suite output_suite;
extern const struct unit_suite intel_sets_suite;
extern const struct unit_suite recording_suite;
extern const struct unit_suite oa_xml_suite;
extern const struct unit_suite uapi_abi_suite;

/* Reference report builder shared by the decode and accumulate tests. */

/** Largest report (bytes) any format has. */
#define REF_MAX_REPORT 512

/**
 * struct ref_header - header values to place
 * @rpt_id: RPT_ID (64 bit for 64-bit headers)
 * @timestamp: TIMESTAMP
 * @ctx_id: CTX_ID
 * @gpu_ticks: GPU_TICKS
 */
struct ref_header {
	uint64_t rpt_id;
	uint64_t timestamp;
	uint32_t ctx_id;
	uint64_t gpu_ticks;
};

enum ref_kind { REF_A, REF_B, REF_C, REF_M, REF_KINDS };

/**
 * struct ref_counter - one counter a format carries, as the PRM draws it
 * @kind: enum ref_kind
 * @index: hardware counter number
 * @width: 32, 40 or 64
 */
struct ref_counter {
	int kind;
	int index;
	int width;
};

enum ref_hdr { REF_HDR_GEN7, REF_HDR_32, REF_HDR_64 };

/*
 * Format ids of Documentation/gen6-gen7.rst ("Report formats"), typed in
 * from the page: the uAPI header may name them differently.
 */
enum ref_gen7_id {
	REF_SNB_A13 = 32,
	REF_SNB_A29 = 33,
	REF_SNB_A13_B4 = 34,
	REF_SNB_A29_B4 = 35,
	REF_IVB_A13 = 36,
	REF_IVB_A29 = 37,
	REF_IVB_A13_B4 = 38,
	REF_IVB_A29_B4 = 39,
	REF_IVB_A45_B4 = 40,
	REF_IVB_A16 = 41,
	REF_HSW_A29_B8_C8 = 42,
};

/**
 * struct ref_format - a format described independently of the library
 * @id: enum drm_i915_oa_format value
 * @size: report bytes
 * @ver: a graphics version (x100) that writes it
 * @hdr: enum ref_hdr for that version
 */
struct ref_format {
	unsigned int id;
	unsigned int size;
	unsigned int ver;
	int hdr;
};

extern const struct ref_format ref_formats[];
extern const size_t ref_formats_count;

/* List the counters of format @rf; returns how many (<= max). */
size_t ref_counters(const struct ref_format *rf, struct ref_counter *out,
		    size_t max);
/* Write counter @c = @value into @buf following the PRM drawing; 0 or -1. */
int ref_place(const struct ref_format *rf, const struct ref_counter *c,
	      uint64_t value, uint8_t *buf);
/*
 * Gen6-7.5 format @id: the INST ADD dword and the reserved dwords
 * (first..last, one range at most), -1 where there are none; returns -1
 * for ids that are no Gen6-7.5 format.
 */
int ref_gen7_extras(unsigned int id, int *inst_dw, int *res_first,
		    int *res_last);
void ref_place_header(int hdr, const struct ref_header *h, uint8_t *buf);
/* A distinct value for each (kind, index), using all @width bits. */
uint64_t ref_value(int kind, int index, int width, unsigned int salt);

void put8(uint8_t *b, size_t off, uint8_t v);
void put32(uint8_t *b, size_t off, uint32_t v);
void put64(uint8_t *b, size_t off, uint64_t v);

#endif /* INTEL_OA_UNIT_H */
