// SPDX-License-Identifier: MIT
/*
 * Rate, period and naming helper tests.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

#define SKL_TS_HZ 12000000ull	/* contract: Skylake timestamp clock */

static void ticks_to_ns(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(intel_oa_ticks_to_ns(SKL_TS_HZ, SKL_TS_HZ), 1000000000ull,
		"one second");
	UNIT_EQ(intel_oa_ticks_to_ns(12, SKL_TS_HZ), 1000, "12 ticks");
	UNIT_EQ(intel_oa_ticks_to_ns(1, SKL_TS_HZ), 83, "1 tick rounds down");
	/* no overflow for large tick counts: 2^40 ticks at 12 MHz */
	UNIT_EQ(intel_oa_ticks_to_ns(1ull << 40, SKL_TS_HZ),
		91625968981333ull, "2^40 ticks");
	UNIT_EQ(intel_oa_ticks_to_ns(5, 0), 0, "zero frequency");
}

static void exponent_periods(const void *arg UNIT_UNUSED)
{
	/* P = 2^(e + 1) ticks */
	UNIT_EQ(intel_oa_exponent_period_ns(0, SKL_TS_HZ), 166, "e=0");
	UNIT_EQ(intel_oa_exponent_period_ns(13, SKL_TS_HZ), 1365333, "e=13");
	UNIT_EQ(intel_oa_exponent_period_ns(32, SKL_TS_HZ), 0, "e=32");
	UNIT_EQ(intel_oa_exponent_for_period(1000000, SKL_TS_HZ), 13, "1 ms");
	UNIT_EQ(intel_oa_exponent_for_period(1365333, SKL_TS_HZ), 13,
		"exact e=13 period");
	UNIT_EQ(intel_oa_exponent_for_period(1365334, SKL_TS_HZ), 14,
		"just above e=13");
	UNIT_EQ(intel_oa_exponent_for_period(0, SKL_TS_HZ), 0, "zero");
	UNIT_EQ(intel_oa_exponent_for_period(1000000, 0), (uint64_t)-EINVAL,
		"no frequency");
	UNIT_EQ(intel_oa_exponent_for_period(1000000000000ull, SKL_TS_HZ),
		(uint64_t)-EINVAL, "beyond e=31 (358 s)");
}

static void rates(const void *arg UNIT_UNUSED)
{
	UNIT_CHECK(intel_oa_rate_per_second(100, SKL_TS_HZ, SKL_TS_HZ) == 100.0,
		   "100 events in one second");
	UNIT_CHECK(intel_oa_rate_per_second(50, SKL_TS_HZ / 2, SKL_TS_HZ) ==
		   100.0, "50 events in half a second");
	UNIT_CHECK(intel_oa_rate_per_second(50, 0, SKL_TS_HZ) == 0.0,
		   "zero interval");
}

static void counter_and_reason_names(const void *arg UNIT_UNUSED)
{
	char buf[64];

	UNIT_CHECK(!strcmp(intel_oa_counter_name(INTEL_OA_COUNTER_A, 31, buf,
						 sizeof(buf)), "A31"), "A31");
	UNIT_CHECK(!strcmp(intel_oa_counter_name(INTEL_OA_COUNTER_C, 0, buf,
						 sizeof(buf)), "C0"), "C0");
	UNIT_CHECK(!strcmp(intel_oa_counter_name(INTEL_OA_COUNTER_M, 7, buf,
						 sizeof(buf)), "MPEC7"),
		   "MPEC7");
	UNIT_CHECK(!strcmp(intel_oa_reason_string(0, buf, sizeof(buf)),
			   "none"), "none");
	UNIT_CHECK(!strcmp(intel_oa_reason_string(INTEL_OA_REASON_TIMER |
						  INTEL_OA_REASON_CTX_SWITCH,
						  buf, sizeof(buf)),
			   "timer,context-switch"), "timer,context-switch: %s",
		   buf);
	UNIT_CHECK(!strcmp(intel_oa_reason_string(1u << 9, buf, sizeof(buf)),
			   "bit9"), "bit9: %s", buf);
	/* truncation stays NUL terminated */
	intel_oa_reason_string(0x7f, buf, 8);
	UNIT_CHECK(strlen(buf) < 8, "truncated reason string");
}

/* ref_formats[] indices are used by name in test_decode.c */
static void reference_table_order(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(ref_formats_count, 33, "reference format count");
	UNIT_EQ(ref_formats[0].id, I915_OA_FORMAT_A13, "0");
	UNIT_EQ(ref_formats[6].id, I915_OA_FORMAT_C4_B8, "6");
	UNIT_EQ(ref_formats[8].ver, 900, "8");
	UNIT_EQ(ref_formats[14].id, I915_OA_FORMAT_A32u40_A4u32_B8_C8, "14");
	UNIT_EQ(ref_formats[14].ver, 900, "14 ver");
	UNIT_EQ(ref_formats[18].id, I915_OA_FORMAT_A24u40_A14u32_B8_C8, "18");
	UNIT_EQ(ref_formats[20].id, I915_OAM_FORMAT_MPEC8u32_B8_C8, "20");
	UNIT_EQ(ref_formats[21].id, REF_SNB_A13, "21");
	UNIT_EQ(ref_formats[25].id, REF_IVB_A13, "25");
	UNIT_EQ(ref_formats[30].id, REF_IVB_A16, "30");
	UNIT_EQ(ref_formats[31].id, REF_HSW_A29_B8_C8, "31");
	UNIT_EQ(ref_formats[32].ver, 1270, "32");
}

static const struct unit_test tests[] = {
	{ "helpers-ticks-to-ns", ticks_to_ns, NULL },
	{ "helpers-exponent-periods", exponent_periods, NULL },
	{ "helpers-rates", rates, NULL },
	{ "helpers-counter-and-reason-names", counter_and_reason_names, NULL },
	{ "helpers-reference-table-order", reference_table_order, NULL },
};

UNIT_SUITE(helpers_suite, tests);
