// SPDX-License-Identifier: MIT
/*
 * Stream statistics: reports per reason, per context and context period,
 * and gaps between timer reports.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Context-switch reports (Gen8+) arrive between timer reports whenever
 * the switch does not fall on a timer tick, so timer gaps are measured
 * between timer reports only, while counter deltas are taken between all
 * consecutive reports.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/intel_oa.h"

int intel_oa_stats_init(struct intel_oa_stream_stats *st,
			const struct intel_oa_format *fmt,
			uint64_t period_ticks, bool keep_periods)
{
	if (!st || !fmt || !fmt->layout || !fmt->gen ||
	    fmt->layout->size > INTEL_OA_STATS_MAX_REPORT)
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	st->fmt = *fmt;
	st->period_ticks = period_ticks;
	st->keep_periods = keep_periods;
	st->priv.prev_ctx = -1;
	return 0;
}

static unsigned int ts_bits(const struct intel_oa_format *fmt)
{
	return fmt->header == INTEL_OA_HDR_64 ? 56 : fmt->gen->ts_width;
}

/* The row of @r's context, or -1 once every row is taken. */
static int ctx_row(struct intel_oa_stream_stats *st,
		   const struct intel_oa_report *r)
{
	unsigned int i;

	for (i = 0; i < st->n_ctx; i++)
		if (st->ctx[i].valid == r->ctx_valid &&
		    st->ctx[i].id == r->ctx_id)
			return (int)i;
	if (st->n_ctx == INTEL_OA_STATS_MAX_CONTEXTS)
		return -1;
	st->ctx[st->n_ctx].id = r->ctx_id;
	st->ctx[st->n_ctx].valid = r->ctx_valid;
	return (int)st->n_ctx++;
}

/* Make room to keep the period in progress before a new one starts. */
static int reserve_period(struct intel_oa_stream_stats *st)
{
	struct intel_oa_ctx_period *p;
	size_t cap;

	if (!st->keep_periods || st->n_periods <= st->priv.cap)
		return 0;
	cap = st->priv.cap ? 2 * st->priv.cap : 256;
	p = realloc(st->priv.done, cap * sizeof(*p));
	if (!p)
		return -ENOMEM;
	st->priv.done = p;
	st->priv.cap = cap;
	return 0;
}

int intel_oa_stats_add(struct intel_oa_stream_stats *st, const void *report,
		       struct intel_oa_report *out)
{
	const struct intel_oa_gen *gen;
	struct intel_oa_report r;
	uint64_t ts_delta = 0;
	bool timer, switched, new_period;
	unsigned int b;
	int row;

	if (!st || !report || intel_oa_decode(&st->fmt, report, &r))
		return -EINVAL;
	gen = st->fmt.gen;
	switched = r.reason & INTEL_OA_REASON_CTX_SWITCH;
	new_period = !st->n_periods || switched ||
		     r.ctx_valid != st->priv.cur.valid ||
		     r.ctx_id != st->priv.cur.id;
	/* the only step that can fail comes before anything is counted */
	if (new_period && st->n_periods && reserve_period(st))
		return -ENOMEM;

	if (!st->reports)
		st->first_ts = r.timestamp;
	st->last_ts = r.timestamp;
	st->reports++;

	if (st->priv.have_prev) {
		uint64_t before = st->acc.timestamp;

		intel_oa_accumulate(&st->fmt, st->priv.prev, report, &st->acc);
		ts_delta = st->acc.timestamp - before;
		if (st->priv.prev_ctx >= 0)
			st->ctx[st->priv.prev_ctx].ticks += ts_delta;
	}
	memcpy(st->priv.prev, report, st->fmt.layout->size);
	st->priv.have_prev = true;

	for (b = 0; b < INTEL_OA_STATS_REASONS && b < gen->reason_bits; b++)
		if (r.reason & (1u << b))
			st->by_reason[b]++;
	if (!r.reason)
		st->no_reason++;
	if (switched)
		st->switch_reports++;

	/* without a reason field every report is a timer report */
	timer = !gen->reason_bits || (r.reason & INTEL_OA_REASON_TIMER);
	if (timer) {
		if (st->priv.have_timer && st->period_ticks &&
		    intel_oa_delta(st->priv.timer_ts, r.timestamp,
				   ts_bits(&st->fmt)) != st->period_ticks)
			st->gaps++;
		st->priv.timer_ts = r.timestamp;
		st->priv.have_timer = true;
	}

	row = ctx_row(st, &r);
	if (row >= 0)
		st->ctx[row].reports++;
	else
		st->ctx_other++;
	st->priv.prev_ctx = row;

	if (new_period) {
		if (st->n_periods && st->keep_periods)
			st->priv.done[st->n_periods - 1] = st->priv.cur;
		st->n_periods++;
		st->priv.cur.first_ts = r.timestamp;
		st->priv.cur.id = r.ctx_id;
		st->priv.cur.valid = r.ctx_valid;
		st->priv.cur.switched = switched;
		st->priv.cur.reports = 0;
		if (row >= 0)
			st->ctx[row].periods++;
	}
	st->priv.cur.last_ts = r.timestamp;
	st->priv.cur.reports++;

	if (out)
		*out = r;
	return 0;
}

void intel_oa_stats_break(struct intel_oa_stream_stats *st)
{
	if (!st)
		return;
	st->priv.have_prev = false;
	st->priv.have_timer = false;
}

const struct intel_oa_ctx_period *
intel_oa_stats_period(const struct intel_oa_stream_stats *st, uint64_t index)
{
	if (!st || !st->keep_periods || index >= st->n_periods)
		return NULL;
	if (index + 1 == st->n_periods)
		return &st->priv.cur;
	return &st->priv.done[index];
}

void intel_oa_stats_fini(struct intel_oa_stream_stats *st)
{
	if (!st)
		return;
	free(st->priv.done);
	st->priv.done = NULL;
	st->priv.cap = 0;
	st->keep_periods = false;
}
