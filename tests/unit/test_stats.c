// SPDX-License-Identifier: MIT
/*
 * Stream statistics tests on streams built here from the context-switch
 * schedule of Documentation/platforms.rst: slices of 2^20 ticks run
 * contexts 0x1a0, 0x2b0, 0x3c0 and nothing for slice n mod 4 = 0..3; a
 * context-switch report is written at every slice start, merged with the
 * timer report when one is due at the same tick. i915 delivers CTX_ID
 * 0xffffffff for reports without a valid context on Gen8-11, the device's
 * 0 from Gen12.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

#define SLICE (1ull << 20)
#define MAX_REPORTS 2048
#define REPORT 256

static uint8_t stream[MAX_REPORTS][REPORT];
static uint64_t stream_t[MAX_REPORTS];

static uint32_t slice_ctx(uint64_t t, int *valid)
{
	static const uint32_t ids[4] = { 0x1a0, 0x2b0, 0x3c0, 0 };

	*valid = ((t / SLICE) % 4) != 3;
	return ids[(t / SLICE) % 4];
}

/* One A32u40_A4u32_B8_C8 report of version @ver at tick @t. */
static void build(uint8_t *b, unsigned int ver, uint64_t t, int timer,
		  int sw)
{
	uint32_t rpt = 0, ctx;
	int valid;

	ctx = slice_ctx(t, &valid);
	if (timer)
		rpt |= 1u << 19;
	if (sw)
		rpt |= 1u << 22;
	if (valid)
		rpt |= 1u << (ver == 800 ? 25 : 16);
	else if (ver < 1200)
		ctx = 0xffffffffu;
	memset(b, 0, REPORT);
	put32(b, 0, rpt);
	put32(b, 4, (uint32_t)t);
	put32(b, 8, ctx);
	put32(b, 12, (uint32_t)(t * 50));
	/* A0 advances 1 per tick (40 bits), C7 52 per tick (32 bits) */
	put32(b, 16, (uint32_t)t);
	put8(b, 160, (uint8_t)(t >> 32));
	put32(b, 224 + 4 * 7, (uint32_t)(t * 52));
}

/*
 * The reports of [t0, t1]: timer reports at multiples of @period,
 * context-switch reports at slice starts after t0. Returns the count.
 */
static size_t make_stream(unsigned int ver, uint64_t t0, uint64_t t1,
			  uint64_t period)
{
	uint64_t t = t0;
	size_t n = 0;

	for (;;) {
		uint64_t nt = (t + period - 1) / period * period;
		uint64_t ns = (t + SLICE - 1) / SLICE * SLICE;
		int timer, sw;

		if (ns == t0)
			ns += SLICE;	/* no switch report at enable */
		t = nt < ns ? nt : ns;
		if (t > t1 || n == MAX_REPORTS)
			break;
		timer = t % period == 0;
		sw = t % SLICE == 0 && t != t0;
		build(stream[n], ver, t, timer, sw);
		stream_t[n] = t;
		n++;
		t++;
	}
	return n;
}

static int init_stats(struct intel_oa_stream_stats *st, unsigned int ver,
		      uint64_t period, bool keep)
{
	struct intel_oa_format fmt;

	if (intel_oa_format_init(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
				 intel_oa_gen_by_ver(ver)))
		return -1;
	return intel_oa_stats_init(st, &fmt, period, keep);
}

/* Expected per-context numbers, counted straight from the schedule. */
struct expect {
	uint64_t reports[4];
	uint64_t periods[4];
	uint64_t ticks[4];
	uint64_t timers, switches;
};

static void expect_stream(size_t n, uint64_t t0, uint64_t period,
			  struct expect *e)
{
	size_t i;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < n; i++) {
		unsigned int ph = (unsigned int)((stream_t[i] / SLICE) % 4);

		e->reports[ph]++;
		if (i == 0 || stream_t[i] % SLICE == 0)
			e->periods[ph]++;
		if (i + 1 < n)
			e->ticks[ph] += stream_t[i + 1] - stream_t[i];
		e->timers += stream_t[i] % period == 0;
		e->switches += stream_t[i] % SLICE == 0 && stream_t[i] != t0;
	}
}

static int find_ctx(const struct intel_oa_stream_stats *st, uint32_t id,
		    bool valid)
{
	unsigned int i;

	for (i = 0; i < st->n_ctx; i++)
		if (st->ctx[i].id == id && st->ctx[i].valid == valid)
			return (int)i;
	return -1;
}

/*
 * A stream of one version and timer exponent: every count must match the
 * schedule, no gaps, and counter deltas span the whole stream.
 */
static void check_stream(unsigned int ver, unsigned int exponent,
			 uint64_t t0, uint64_t t1)
{
	static const uint32_t ids[4] = { 0x1a0, 0x2b0, 0x3c0, 0 };
	uint64_t period = 2ull << exponent;
	struct intel_oa_stream_stats st;
	struct expect e;
	unsigned int ph;
	size_t n, i;

	n = make_stream(ver, t0, t1, period);
	UNIT_CHECK(n > 4 && n < MAX_REPORTS, "stream of %zu reports", n);
	expect_stream(n, t0, period, &e);
	UNIT_CHECK(e.switches > 2, "the stream must cross slices");
	UNIT_EQ(init_stats(&st, ver, period, false), 0, "init");
	for (i = 0; i < n; i++)
		UNIT_EQ(intel_oa_stats_add(&st, stream[i], NULL), 0, "add");

	UNIT_EQ(st.reports, n, "reports");
	UNIT_EQ(st.gaps, 0, "gaps");
	UNIT_EQ(st.by_reason[0], e.timers, "timer reports");
	UNIT_EQ(st.by_reason[3], e.switches, "context-switch reports");
	UNIT_EQ(st.switch_reports, e.switches, "switch_reports");
	UNIT_EQ(st.by_reason[1] + st.by_reason[2] + st.by_reason[4] +
		st.by_reason[5] + st.by_reason[6], 0, "other reasons");
	UNIT_EQ(st.no_reason, 0, "no reason");
	UNIT_EQ(st.first_ts, (uint32_t)stream_t[0], "first");
	UNIT_EQ(st.last_ts, (uint32_t)stream_t[n - 1], "last");
	UNIT_EQ(st.acc.n_deltas, n - 1, "deltas");
	UNIT_EQ(st.acc.timestamp, stream_t[n - 1] - stream_t[0], "elapsed");
	UNIT_EQ(st.acc.a[0], stream_t[n - 1] - stream_t[0], "A0");
	UNIT_EQ(st.acc.c[7], 52 * (stream_t[n - 1] - stream_t[0]), "C7");
	UNIT_EQ(st.acc.gpu_ticks, 50 * (stream_t[n - 1] - stream_t[0]),
		"GPU_TICKS");
	UNIT_EQ(st.n_periods, e.periods[0] + e.periods[1] + e.periods[2] +
		e.periods[3], "periods");
	UNIT_EQ(st.ctx_other, 0, "other contexts");
	for (ph = 0; ph < 4; ph++) {
		uint32_t id = ph == 3 && ver < 1200 ? 0xffffffffu : ids[ph];
		int row = find_ctx(&st, id, ph != 3);

		if (!e.reports[ph]) {
			UNIT_CHECK(row < 0, "phase %u has a row", ph);
			continue;
		}
		UNIT_CHECK(row >= 0, "no row for 0x%08x valid %d", id, ph != 3);
		UNIT_EQ(st.ctx[row].reports, e.reports[ph], "ctx reports");
		UNIT_EQ(st.ctx[row].periods, e.periods[ph], "ctx periods");
		UNIT_EQ(st.ctx[row].ticks, e.ticks[ph], "ctx ticks");
	}
	intel_oa_stats_fini(&st);
}

/* Exponent 13: the timer divides 2^20, switches merge into timer reports */
static void stats_merged_switches(const void *arg UNIT_UNUSED)
{
	static const unsigned int vers[] = { 800, 900, 1100, 1200 };
	unsigned int i;

	for (i = 0; i < 4; i++) {
		check_stream(vers[i], 13, 3 * SLICE + 12345, 11 * SLICE + 99);
		if (unit_failed())
			return;
	}
}

/* Exponent 21 and 22: switch-only reports between timer reports */
static void stats_switches_between_timers(const void *arg UNIT_UNUSED)
{
	static const unsigned int vers[] = { 800, 900, 1100, 1200 };
	unsigned int i;

	for (i = 0; i < 4; i++) {
		check_stream(vers[i], 21, 5 * SLICE + 7, 40 * SLICE);
		if (unit_failed())
			return;
		check_stream(vers[i], 22, 1 * SLICE + 3, 60 * SLICE + 5);
		if (unit_failed())
			return;
	}
}

/* The TIMESTAMP field wraps at 2^32 in the middle of the stream. */
static void stats_timestamp_wrap(const void *arg UNIT_UNUSED)
{
	check_stream(1200, 20, (1ull << 32) - 9 * SLICE - 77,
		     (1ull << 32) + 20 * SLICE);
}

static void stats_lost_report_is_a_gap(const void *arg UNIT_UNUSED)
{
	uint64_t period = 2ull << 19;	/* exactly one slice */
	struct intel_oa_stream_stats st;
	size_t n, i;

	n = make_stream(900, 2 * SLICE + 1, 30 * SLICE, period);
	UNIT_EQ(init_stats(&st, 900, period, false), 0, "init");
	for (i = 0; i < n; i++)
		if (i != 10)
			intel_oa_stats_add(&st, stream[i], NULL);
	UNIT_EQ(st.gaps, 1, "one timer report missing");
	UNIT_EQ(st.reports, n - 1, "reports");
	UNIT_EQ(st.acc.timestamp, stream_t[n - 1] - stream_t[0], "elapsed");

	/* after a break, nothing is bridged: no gap, no delta */
	UNIT_EQ(init_stats(&st, 900, period, false), 0, "init");
	for (i = 0; i < n; i++) {
		if (i == 10) {
			intel_oa_stats_break(&st);
			continue;
		}
		intel_oa_stats_add(&st, stream[i], NULL);
	}
	UNIT_EQ(st.gaps, 0, "break");
	UNIT_EQ(st.acc.n_deltas, n - 3, "deltas");
	UNIT_EQ(st.acc.timestamp, stream_t[n - 1] - stream_t[0] -
		(stream_t[11] - stream_t[9]), "elapsed without the hole");
}

/* The kept periods: start times, contexts and switch flags. */
static void stats_period_list(const void *arg UNIT_UNUSED)
{
	uint64_t period = 2ull << 15, t0 = 6 * SLICE + 1000;
	struct intel_oa_stream_stats st;
	size_t n, i, drop = 0;
	uint64_t p;

	n = make_stream(1100, t0, 1000 * SLICE, period);
	UNIT_CHECK(n == MAX_REPORTS, "the stream fills the buffer");
	/* drop one switch report: that period starts without one */
	for (i = 1; i < n; i++)
		if (stream_t[i] == 9 * SLICE)
			drop = i;
	UNIT_CHECK(drop, "slice 9 start not in the stream");
	UNIT_EQ(init_stats(&st, 1100, period, true), 0, "init");
	for (i = 0; i < n; i++)
		if (i != drop)
			UNIT_EQ(intel_oa_stats_add(&st, stream[i], NULL), 0,
				"add");
	UNIT_EQ(st.gaps, 1, "the dropped report was a timer report too");

	/* periods: slice 6 (partial), then one per slice */
	for (p = 0; p < st.n_periods; p++) {
		const struct intel_oa_ctx_period *cp =
			intel_oa_stats_period(&st, p);
		uint64_t slice = 6 + p;
		uint64_t start = p ? slice * SLICE : t0 + period -
				 (t0 % period);
		int valid;
		uint32_t id = slice_ctx(slice * SLICE, &valid);

		if (!valid)
			id = 0xffffffffu;
		if (slice == 9)
			start += period;	/* its first report was dropped */
		UNIT_CHECK(cp, "period %" PRIu64, p);
		UNIT_EQ(cp->first_ts, (uint32_t)start, "first_ts");
		UNIT_EQ(cp->id, id, "id");
		UNIT_EQ(cp->valid, valid, "valid");
		UNIT_EQ(cp->switched, p && slice != 9, "switched");
		UNIT_EQ(cp->reports, p && slice < 6 + st.n_periods - 1 ?
			SLICE / period - (slice == 9) : cp->reports,
			"reports");
	}
	UNIT_EQ(st.n_periods, stream_t[n - 1] / SLICE - 6 + 1, "count");
	UNIT_CHECK(!intel_oa_stats_period(&st, st.n_periods), "past the end");
	intel_oa_stats_fini(&st);
	UNIT_CHECK(!intel_oa_stats_period(&st, 0), "after fini");
}

static void stats_rejects_bad_arguments(const void *arg UNIT_UNUSED)
{
	struct intel_oa_stream_stats st;
	struct intel_oa_format blank;
	uint8_t buf[REPORT] = { 0 };

	memset(&blank, 0, sizeof(blank));
	UNIT_EQ(intel_oa_stats_init(&st, &blank, 1, false), (uint64_t)-EINVAL,
		"blank format");
	UNIT_EQ(intel_oa_stats_init(NULL, &blank, 1, false),
		(uint64_t)-EINVAL, "NULL stats");
	UNIT_EQ(init_stats(&st, 900, 2, false), 0, "init");
	UNIT_EQ(intel_oa_stats_add(&st, NULL, NULL), (uint64_t)-EINVAL,
		"NULL report");
	UNIT_EQ(intel_oa_stats_add(NULL, buf, NULL), (uint64_t)-EINVAL,
		"NULL stats");
	UNIT_CHECK(!intel_oa_stats_period(&st, 0), "periods not kept");
	intel_oa_stats_break(NULL);
	intel_oa_stats_fini(NULL);
}

static const struct unit_test tests[] = {
	{ "stats-merged-switches", stats_merged_switches, NULL },
	{ "stats-switches-between-timers", stats_switches_between_timers,
	  NULL },
	{ "stats-timestamp-wrap", stats_timestamp_wrap, NULL },
	{ "stats-lost-report-is-a-gap", stats_lost_report_is_a_gap, NULL },
	{ "stats-period-list", stats_period_list, NULL },
	{ "stats-rejects-bad-arguments", stats_rejects_bad_arguments, NULL },
};

UNIT_SUITE(stats_suite, tests);
