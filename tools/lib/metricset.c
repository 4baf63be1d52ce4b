// SPDX-License-Identifier: MIT
/*
 * Metric files: loader, lookup and evaluation of metric sets
 * (Documentation/metrics.rst, "File format").
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * A file is parsed into a private struct mfile and its sets; only when the
 * whole file is good are they appended to the collection, so a failed load
 * leaves the collection as it was.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "accumulate.h"
#include "metricset-internal.h"
#include "rpn.h"
#include "util.h"

/* tools/Makefile passes the source tree's tools/metrics */
#ifndef INTEL_OA_METRICS_DIR
#define INTEL_OA_METRICS_DIR "/usr/share/intel-oa/metrics"
#endif

/* ---- built-ins --------------------------------------------------------- */

static const char *const bi_names[] = {
	[INTEL_OA_BI_GPU_TICKS - INTEL_OA_BI_GPU_TICKS] = "GPU_TICKS",
	[INTEL_OA_BI_TIMESTAMP - INTEL_OA_BI_GPU_TICKS] = "TIMESTAMP",
	[INTEL_OA_BI_SECONDS - INTEL_OA_BI_GPU_TICKS] = "SECONDS",
	[INTEL_OA_BI_EU_COUNT - INTEL_OA_BI_GPU_TICKS] = "EU_COUNT",
	[INTEL_OA_BI_SLICE_COUNT - INTEL_OA_BI_GPU_TICKS] = "SLICE_COUNT",
	[INTEL_OA_BI_SUBSLICE_COUNT - INTEL_OA_BI_GPU_TICKS] = "SUBSLICE_COUNT",
	[INTEL_OA_BI_TS_FREQ - INTEL_OA_BI_GPU_TICKS] = "TS_FREQ",
	[INTEL_OA_BI_CS_TS_FREQ - INTEL_OA_BI_GPU_TICKS] = "CS_TS_FREQ",
	[INTEL_OA_BI_GPU_FREQ_MAX - INTEL_OA_BI_GPU_TICKS] = "GPU_FREQ_MAX",
	[INTEL_OA_BI_GPU_FREQ_MIN - INTEL_OA_BI_GPU_TICKS] = "GPU_FREQ_MIN",
	[INTEL_OA_BI_EU_THREADS - INTEL_OA_BI_GPU_TICKS] = "EU_THREADS",
	[INTEL_OA_BI_SLICE_MASK - INTEL_OA_BI_GPU_TICKS] = "SLICE_MASK",
	[INTEL_OA_BI_SUBSLICE_MASK - INTEL_OA_BI_GPU_TICKS] = "SUBSLICE_MASK",
	[INTEL_OA_BI_REVISION - INTEL_OA_BI_GPU_TICKS] = "REVISION",
	[INTEL_OA_BI_QUERY_MODE - INTEL_OA_BI_GPU_TICKS] = "QUERY_MODE",
};

int intel_oa_builtin_by_name(const char *name, size_t len)
{
	size_t i;

	/* MPEC0..MPEC7 (Meteor Lake's OAM) */
	if (len == 5 && !memcmp(name, "MPEC", 4) && name[4] >= '0' &&
	    name[4] <= '7')
		return INTEL_OA_BI_MPEC + (name[4] - '0');
	if (len >= 2 && len <= 3 &&
	    (name[0] == 'A' || name[0] == 'B' || name[0] == 'C')) {
		unsigned int n = 0, max;

		/* no leading zeros: "A01" is no counter */
		if (name[1] < '0' || name[1] > '9' || (len == 3 && name[1] == '0'))
			goto named;
		for (i = 1; i < len; i++) {
			if (name[i] < '0' || name[i] > '9')
				goto named;
			n = n * 10 + (unsigned int)(name[i] - '0');
		}
		max = name[0] == 'A' ? 45 : 8;
		if (n >= max)
			return -1;
		return (name[0] == 'A' ? INTEL_OA_BI_A :
			name[0] == 'B' ? INTEL_OA_BI_B : INTEL_OA_BI_C) + (int)n;
	}
named:
	for (i = 0; i < sizeof(bi_names) / sizeof(bi_names[0]); i++)
		if (strlen(bi_names[i]) == len && !memcmp(bi_names[i], name, len))
			return INTEL_OA_BI_GPU_TICKS + (int)i;
	return -1;
}

const char *intel_oa_builtin_name(int id, char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = '\0';
	if (id >= INTEL_OA_BI_A && id < INTEL_OA_BI_B)
		snprintf(buf, len, "A%d", id - INTEL_OA_BI_A);
	else if (id >= INTEL_OA_BI_B && id < INTEL_OA_BI_C)
		snprintf(buf, len, "B%d", id - INTEL_OA_BI_B);
	else if (id >= INTEL_OA_BI_C && id < INTEL_OA_BI_GPU_TICKS)
		snprintf(buf, len, "C%d", id - INTEL_OA_BI_C);
	else if (id >= INTEL_OA_BI_GPU_TICKS && id < INTEL_OA_BI_MPEC)
		snprintf(buf, len, "%s", bi_names[id - INTEL_OA_BI_GPU_TICKS]);
	else if (id >= INTEL_OA_BI_MPEC && id < INTEL_OA_BI_COUNT)
		snprintf(buf, len, "MPEC%d", id - INTEL_OA_BI_MPEC);
	return buf;
}

int intel_oa_oa_builtin(void *ctx, int id, double *value)
{
	const struct intel_oa_oa_period *op = ctx;
	const struct intel_oa_platform *pl = op->platform;
	const struct intel_oa_gt_info *gt = op->gt;
	uint64_t ts = op->ts_freq ? op->ts_freq : pl ? pl->ts_freq : 0;
	int n;

	if (id >= INTEL_OA_BI_A && id < INTEL_OA_BI_B) {
		n = id - INTEL_OA_BI_A;
		if (!op->acc || !(op->has_a >> n & 1))
			return -1;
		*value = (double)op->acc->a[n];
		return 0;
	}
	if (id >= INTEL_OA_BI_B && id < INTEL_OA_BI_C) {
		n = id - INTEL_OA_BI_B;
		if (!op->acc || !(op->has_b >> n & 1))
			return -1;
		*value = (double)op->acc->b[n];
		return 0;
	}
	if (id >= INTEL_OA_BI_C && id < INTEL_OA_BI_GPU_TICKS) {
		n = id - INTEL_OA_BI_C;
		if (!op->acc || !(op->has_c >> n & 1))
			return -1;
		*value = (double)op->acc->c[n];
		return 0;
	}
	if (id >= INTEL_OA_BI_MPEC && id < INTEL_OA_BI_COUNT) {
		n = id - INTEL_OA_BI_MPEC;
		if (!op->acc || !(op->has_mpec >> n & 1))
			return -1;
		*value = (double)op->acc->m[n];
		return 0;
	}
	switch (id) {
	case INTEL_OA_BI_GPU_TICKS:
		if (!op->acc || !op->has_gpu_ticks)
			return -1;
		*value = (double)op->acc->gpu_ticks;
		return 0;
	case INTEL_OA_BI_TIMESTAMP:
		if (!op->acc)
			return -1;
		*value = (double)op->acc->timestamp;
		return 0;
	case INTEL_OA_BI_SECONDS:
		if (!op->acc || !ts)
			return -1;
		*value = (double)op->acc->timestamp / (double)ts;
		return 0;
	case INTEL_OA_BI_TS_FREQ:
		if (!ts)
			return -1;
		*value = (double)ts;
		return 0;
	case INTEL_OA_BI_GPU_FREQ_MAX:
		if (op->gpu_freq_max > 0)
			*value = op->gpu_freq_max;
		else if (gt && gt->gpu_freq_max)
			*value = (double)gt->gpu_freq_max;
		else
			return -1;
		return 0;
	case INTEL_OA_BI_QUERY_MODE:
		*value = 0;
		return 0;
	default:
		break;
	}
	if (gt) {
		uint64_t v;

		switch (id) {
		case INTEL_OA_BI_EU_COUNT: v = gt->eus; break;
		case INTEL_OA_BI_SLICE_COUNT: v = gt->slices; break;
		case INTEL_OA_BI_SUBSLICE_COUNT: v = gt->subslices; break;
		case INTEL_OA_BI_SLICE_MASK: v = gt->slice_mask; break;
		case INTEL_OA_BI_SUBSLICE_MASK: v = gt->subslice_mask; break;
		case INTEL_OA_BI_EU_THREADS: v = gt->eu_threads; break;
		case INTEL_OA_BI_REVISION: v = gt->revision; break;
		case INTEL_OA_BI_CS_TS_FREQ:
			if (!gt->cs_ts_freq)
				goto table;
			v = gt->cs_ts_freq;
			break;
		case INTEL_OA_BI_GPU_FREQ_MIN:
			if (!gt->gpu_freq_min)
				return -1;
			v = gt->gpu_freq_min;
			break;
		default:
			return -1;
		}
		*value = (double)v;
		return 0;
	}
table:
	if (!pl)
		return -1;
	switch (id) {
	case INTEL_OA_BI_EU_COUNT:
		*value = (double)pl->slices * pl->subslices * pl->eus;
		return 0;
	case INTEL_OA_BI_SLICE_COUNT:
		*value = (double)pl->slices;
		return 0;
	case INTEL_OA_BI_SUBSLICE_COUNT:
		*value = (double)pl->slices * pl->subslices;
		return 0;
	case INTEL_OA_BI_CS_TS_FREQ:
		*value = (double)pl->cs_ts_freq;
		return 0;
	default:
		return -1;
	}
}

int intel_oa_metric_set_accumulate(const struct intel_oa_metric_set *s,
				   const struct intel_oa_format *fmt,
				   const void *prev, const void *cur,
				   struct intel_oa_accumulator *acc)
{
	if (!s)
		return -EINVAL;
	return intel_oa_accumulate(fmt, prev, cur, acc);
}

int intel_oa_oa_period_fields(struct intel_oa_oa_period *op,
			      const struct intel_oa_metric_set *s,
			      const struct intel_oa_format *fmt)
{
	const struct intel_oa_layout *l;
	unsigned int k, i;

	if (!op || !s || !fmt || !fmt->layout)
		return -EINVAL;
	l = fmt->layout;
	op->has_a = 0;
	op->has_b = 0;
	op->has_c = 0;
	op->has_mpec = 0;
	for (k = 0; k < l->n_runs; k++) {
		const struct intel_oa_counter_run *run = &l->runs[k];

		for (i = run->first; i < (unsigned int)run->first + run->count; i++) {
			if (run->kind == INTEL_OA_COUNTER_A && i < 64)
				op->has_a |= 1ull << i;
			else if (run->kind == INTEL_OA_COUNTER_B && i < 32)
				op->has_b |= 1u << i;
			else if (run->kind == INTEL_OA_COUNTER_C && i < 32)
				op->has_c |= 1u << i;
			else if (run->kind == INTEL_OA_COUNTER_M && i < 8)
				op->has_mpec |= 1u << i;
		}
	}
	op->has_gpu_ticks = fmt->header != INTEL_OA_HDR_GEN7;
	return 0;
}

/* ---- the loader -------------------------------------------------------- */

struct loader {
	const char *file;
	struct intel_oa_parse_error *err;
	const struct intel_oa_metrics *m;	/* for set name clashes */
	struct mfile *mf;
	struct intel_oa_metric_set **sets;
	size_t n_sets;
	struct intel_oa_metric_set *cur;	/* open set or NULL */
	int failed;
	/* current line */
	const char *s;
	size_t len, pos;
	unsigned int line;
};

static void lerr(struct loader *ld, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void lerr(struct loader *ld, size_t at, const char *fmt, ...)
{
	va_list ap;

	if (ld->failed)
		return;
	ld->failed = -EINVAL;
	if (!ld->err)
		return;
	ld->err->line = ld->line;
	ld->err->column = (unsigned int)at + 1;
	va_start(ap, fmt);
	vsnprintf(ld->err->msg, sizeof(ld->err->msg), fmt, ap);
	va_end(ap);
	snprintf(ld->err->text, sizeof(ld->err->text), "%s:%u:%u: %s",
		 ld->file, ld->err->line, ld->err->column, ld->err->msg);
}

static void oom(struct loader *ld)
{
	if (!ld->failed)
		ld->failed = -ENOMEM;
}

static int lname_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int lname_char(int c)
{
	return lname_start(c) || (c >= '0' && c <= '9');
}

static void skip_ws(struct loader *ld)
{
	while (ld->pos < ld->len &&
	       (ld->s[ld->pos] == ' ' || ld->s[ld->pos] == '\t' ||
		ld->s[ld->pos] == '\r'))
		ld->pos++;
}

static int at_eol(struct loader *ld)
{
	skip_ws(ld);
	return ld->pos >= ld->len || ld->s[ld->pos] == '#';
}

/* The token at the current position as written, for messages. */
static const char *found(struct loader *ld, char *buf, size_t len)
{
	size_t i, n;

	if (at_eol(ld))
		return "end of line";
	i = ld->pos;
	if (lname_char(ld->s[i]) || ld->s[i] == '.') {
		while (i < ld->len && (lname_char(ld->s[i]) || ld->s[i] == '.'))
			i++;
	} else if (ld->s[i] == '"') {
		for (i++; i < ld->len && ld->s[i] != '"'; i++)
			;
		if (i < ld->len)
			i++;
	} else {
		i++;
	}
	n = i - ld->pos;
	if (n > 40)
		n = 40;
	snprintf(buf, len, "'%.*s'", (int)n, ld->s + ld->pos);
	return buf;
}

/* Read a name; on failure report "expected a name" and return -1. */
static int get_name(struct loader *ld, char *out, size_t *at)
{
	char buf[64];
	size_t i;

	skip_ws(ld);
	if (at)
		*at = ld->pos;
	if (ld->pos >= ld->len || !lname_start(ld->s[ld->pos])) {
		lerr(ld, ld->pos, "expected a name, found %s",
		     found(ld, buf, sizeof(buf)));
		return -1;
	}
	i = ld->pos;
	while (i < ld->len && lname_char(ld->s[i]))
		i++;
	if (i - ld->pos > INTEL_OA_NAME_MAX) {
		lerr(ld, ld->pos, "name too long (at most %d characters)",
		     INTEL_OA_NAME_MAX);
		return -1;
	}
	memcpy(out, ld->s + ld->pos, i - ld->pos);
	out[i - ld->pos] = '\0';
	ld->pos = i;
	return 0;
}

/* A family name: name characters, '-' and '.', not starting with those. */
static int get_family(struct loader *ld, char *out)
{
	size_t i;

	if (get_name(ld, out, NULL))
		return -1;
	i = ld->pos;
	while (i < ld->len && (lname_char(ld->s[i]) || ld->s[i] == '-' ||
			       ld->s[i] == '.'))
		i++;
	if (i - ld->pos + strlen(out) > INTEL_OA_NAME_MAX) {
		lerr(ld, ld->pos - strlen(out),
		     "name too long (at most %d characters)", INTEL_OA_NAME_MAX);
		return -1;
	}
	strncat(out, ld->s + ld->pos, i - ld->pos);
	ld->pos = i;
	return 0;
}

static int get_char(struct loader *ld, char c)
{
	char buf[64];

	skip_ws(ld);
	if (ld->pos < ld->len && ld->s[ld->pos] == c) {
		ld->pos++;
		return 0;
	}
	lerr(ld, ld->pos, "expected '%c', found %s", c,
	     found(ld, buf, sizeof(buf)));
	return -1;
}

/* An unsigned number, decimal or 0x hex, at most @max. */
static int get_uint(struct loader *ld, uint64_t max, const char *toobig,
		    uint64_t *out)
{
	char buf[64];
	size_t i, start;
	uint64_t v = 0;
	int hex = 0, digits = 0, big = 0;

	skip_ws(ld);
	start = i = ld->pos;
	if (i >= ld->len || ld->s[i] < '0' || ld->s[i] > '9') {
		lerr(ld, start, "expected a number, found %s",
		     found(ld, buf, sizeof(buf)));
		return -1;
	}
	if (ld->s[i] == '0' && i + 1 < ld->len &&
	    (ld->s[i + 1] == 'x' || ld->s[i + 1] == 'X')) {
		hex = 1;
		i += 2;
	}
	for (; i < ld->len; i++) {
		int c = ld->s[i], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (hex && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (hex && c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		if (v > (UINT64_MAX - (uint64_t)d) / (hex ? 16 : 10))
			big = 1;
		else
			v = v * (hex ? 16 : 10) + (uint64_t)d;
		digits++;
	}
	if (!digits || (i < ld->len && (lname_char(ld->s[i]) ||
					ld->s[i] == '.'))) {
		lerr(ld, start, "expected a number, found %s",
		     found(ld, buf, sizeof(buf)));
		return -1;
	}
	if (big || v > max) {
		lerr(ld, start, "%s", toobig);
		return -1;
	}
	ld->pos = i;
	*out = v;
	return 0;
}

static int get_string(struct loader *ld, char *out, size_t size)
{
	char buf[64];
	size_t i, n = 0, start;

	skip_ws(ld);
	start = ld->pos;
	if (ld->pos >= ld->len || ld->s[ld->pos] != '"') {
		lerr(ld, ld->pos, "expected a string, found %s",
		     found(ld, buf, sizeof(buf)));
		return -1;
	}
	for (i = ld->pos + 1; i < ld->len && ld->s[i] != '"'; i++) {
		char c = ld->s[i];

		if (c == '\\' && i + 1 < ld->len &&
		    (ld->s[i + 1] == '"' || ld->s[i + 1] == '\\'))
			c = ld->s[++i];
		if (n + 1 >= size) {
			lerr(ld, start, "string too long (at most %zu bytes)",
			     size - 1);
			return -1;
		}
		out[n++] = c;
	}
	if (i >= ld->len) {
		lerr(ld, start, "unterminated string");
		return -1;
	}
	out[n] = '\0';
	ld->pos = i + 1;
	return 0;
}

static int expect_eol(struct loader *ld)
{
	char buf[64];

	if (at_eol(ld))
		return 0;
	lerr(ld, ld->pos, "unexpected %s at the end of the line",
	     found(ld, buf, sizeof(buf)));
	return -1;
}

/* Is @name free in the current scope? Reports the clash otherwise. */
static int name_free(struct loader *ld, const char *name, size_t at)
{
	struct intel_oa_metric_set *s = ld->cur;
	size_t i;

	if (intel_oa_builtin_by_name(name, strlen(name)) >= 0) {
		lerr(ld, at, "'%s' is a built-in name", name);
		return -1;
	}
	for (i = 0; i < ld->mf->n_consts; i++)
		if (!strcmp(ld->mf->consts[i].name, name)) {
			lerr(ld, at, "constant '%s' is already defined at line %u",
			     name, ld->mf->consts[i].line);
			return -1;
		}
	if (!s)
		return 0;
	for (i = 0; i < s->n_slots; i++)
		if (!strcmp(s->slots[i].name, name)) {
			lerr(ld, at, "counter '%s' is already defined at line %u",
			     name, s->slots[i].line);
			return -1;
		}
	for (i = 0; i < s->n_metrics; i++)
		if (!strcmp(s->metrics[i].name, name)) {
			lerr(ld, at, "metric '%s' is already defined at line %u",
			     name, s->metrics[i].line);
			return -1;
		}
	return 0;
}

/* Resolver for expressions: counters, earlier metrics, consts, built-ins. */
static int resolve(void *ctx, const char *name, size_t len)
{
	struct loader *ld = ctx;
	struct intel_oa_metric_set *s = ld->cur;
	size_t i;
	int bi;

	if (len > INTEL_OA_NAME_MAX)
		return -1;
	if (s) {
		for (i = 0; i < s->n_slots; i++)
			if (strlen(s->slots[i].name) == len &&
			    !memcmp(s->slots[i].name, name, len))
				return ID_COUNTER + (int)i;
		for (i = 0; i < s->n_metrics; i++)
			if (strlen(s->metrics[i].name) == len &&
			    !memcmp(s->metrics[i].name, name, len))
				return ID_METRIC + (int)i;
	}
	for (i = 0; i < ld->mf->n_consts; i++)
		if (strlen(ld->mf->consts[i].name) == len &&
		    !memcmp(ld->mf->consts[i].name, name, len))
			return ID_CONST + (int)i;
	/* constants are evaluated at load time: no built-ins there */
	if (!s)
		return -1;
	bi = intel_oa_builtin_by_name(name, len);
	return bi;
}

static double const_lookup(void *ctx, int id, unsigned int *flags)
{
	const struct mfile *mf = ctx;
	const struct mconst *c;

	if (id < ID_CONST || (size_t)(id - ID_CONST) >= mf->n_consts) {
		*flags |= INTEL_OA_EVAL_UNDEFINED;
		return NAN;
	}
	c = &mf->consts[id - ID_CONST];
	if (!c->has_value) {
		*flags |= INTEL_OA_EVAL_UNDEFINED;
		return NAN;
	}
	return c->value;
}

/* Parse the expression from the current position to the end of line. */
static struct intel_oa_expr *get_expr(struct loader *ld)
{
	struct intel_oa_expr *e = NULL;
	int ret;

	skip_ws(ld);
	ret = intel_oa_expr_parse(ld->s + ld->pos, ld->len - ld->pos, ld->line,
				  (unsigned int)ld->pos + 1, resolve, ld, &e,
				  ld->err);
	if (ret == -ENOMEM) {
		oom(ld);
		return NULL;
	}
	if (ret) {
		ld->failed = -EINVAL;
		if (ld->err)
			snprintf(ld->err->text, sizeof(ld->err->text),
				 "%s:%u:%u: %s", ld->file, ld->err->line,
				 ld->err->column, ld->err->msg);
		return NULL;
	}
	return e;
}

void ioa_free_set(struct intel_oa_metric_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_metrics; i++) {
		intel_oa_expr_free(s->metrics[i].e);
		ioa_rpn_free(s->metrics[i].rpn);
		ioa_rpn_free(s->metrics[i].avail);
		ioa_rpn_free(s->metrics[i].max);
		free(s->metrics[i].description);
	}
	free(s->metrics);
	free(s->slots);
	free(s->description);
	for (i = 0; i < INTEL_OA_REG_KINDS; i++)
		free(s->regs[i]);
	for (i = 0; i < s->n_groups; i++) {
		ioa_rpn_free(s->groups[i].avail);
		free(s->groups[i].regs);
	}
	free(s->groups);
	ioa_rpn_set_free(s->linked);
	free(s);
}

void ioa_free_file(struct mfile *mf)
{
	if (!mf)
		return;
	free(mf->name);
	free(mf->consts);
	free(mf);
}

static const struct intel_oa_metric_set *
find_set(const struct intel_oa_metrics *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->n_sets; i++)
		if (!strcmp(m->sets[i]->name, name))
			return m->sets[i];
	return NULL;
}

/*
 * Sets of one name may come from several files when each file names its
 * platforms and no platform is in two of them: "Render" of gen9.metrics and
 * of gen12.metrics never meet on one device.
 */
const struct intel_oa_metric_set *
ioa_clashing_set(const struct intel_oa_metrics *m, const char *name,
		 uint64_t platforms)
{
	size_t i;

	for (i = 0; i < m->n_sets; i++)
		if (!strcmp(m->sets[i]->name, name) &&
		    (!platforms || !m->sets[i]->file->platforms ||
		     (platforms & m->sets[i]->file->platforms)))
			return m->sets[i];
	return NULL;
}

int ioa_platform_index(const char *name)
{
	const struct intel_oa_platform *pl = intel_oa_platform_by_name(name);
	unsigned int i, n = intel_oa_platform_count();

	for (i = 0; pl && i < n && i < 64; i++)
		if (intel_oa_platform_at(i) == pl)
			return (int)i;
	return -1;
}

/*
 * "genV" (gen9, gen7.5, gen12.5, gen12.70): every platform of the device
 * table of that generation, into @mask; false if @name is no such word.
 */
static bool gen_platforms(const char *name, uint64_t *mask)
{
	unsigned int major = 0, minor = 0, digits = 0, i, n;
	const char *p = name + 3;

	if (strncmp(name, "gen", 3) || !isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		major = major * 10 + (unsigned int)(*p++ - '0');
	if (*p == '.') {
		for (p++; isdigit((unsigned char)*p) && digits < 2; digits++)
			minor = minor * 10 + (unsigned int)(*p++ - '0');
		if (!digits)
			return false;
	}
	if (*p)
		return false;
	if (digits == 1)
		minor *= 10;
	*mask = 0;
	n = intel_oa_platform_count();
	for (i = 0; i < n && i < 64; i++)
		if (intel_oa_platform_at(i)->ver == major * 100 + minor)
			*mask |= 1ull << i;
	return true;
}

static void d_platforms(struct loader *ld, size_t kw_at)
{
	char name[NAME_BUF];
	size_t at;
	int idx;

	if (ld->mf->platforms_line) {
		lerr(ld, kw_at, "platforms are already set at line %u",
		     ld->mf->platforms_line);
		return;
	}
	if (ld->n_sets) {
		lerr(ld, kw_at, "'platforms' after the first set");
		return;
	}
	do {
		uint64_t mask;
		bool gen;

		skip_ws(ld);
		at = ld->pos;
		if (get_family(ld, name))
			return;
		gen = gen_platforms(name, &mask);
		if (gen) {
			if (!mask) {
				lerr(ld, at, "no platform of generation '%s'",
				     name + 3);
				return;
			}
		} else {
			idx = ioa_platform_index(name);
			if (idx < 0) {
				lerr(ld, at, "unknown platform '%s'", name);
				return;
			}
			mask = 1ull << idx;
		}
		if (ld->mf->platforms & mask) {
			/* the name as written, or the generation's row */
			for (idx = 0; !((ld->mf->platforms & mask) >> idx & 1);
			     idx++)
				;
			lerr(ld, at, "platform '%s' is listed twice",
			     gen ? intel_oa_platform_at((unsigned int)idx)->name :
			     name);
			return;
		}
		ld->mf->platforms |= mask;
	} while (!at_eol(ld));
	ld->mf->platforms_line = ld->line;
}

static void d_format(struct loader *ld, size_t kw_at)
{
	struct intel_oa_metric_set *s = ld->cur;
	char name[NAME_BUF];
	size_t at;

	if (s->format_line) {
		lerr(ld, kw_at, "set '%s' already has a format (line %u)",
		     s->name, s->format_line);
		return;
	}
	skip_ws(ld);
	at = ld->pos;
	if (get_family(ld, name))
		return;
	if (!intel_oa_layout_by_name(name)) {
		lerr(ld, at, "unknown report format '%s'", name);
		return;
	}
	if (expect_eol(ld))
		return;
	memcpy(s->format, name, sizeof(name));
	s->format_line = ld->line;
}

static void d_const(struct loader *ld)
{
	struct mfile *mf = ld->mf;
	struct mconst c, *nc;
	size_t at;

	memset(&c, 0, sizeof(c));
	if (get_name(ld, c.name, &at) || name_free(ld, c.name, at))
		return;
	c.line = ld->line;
	if (!at_eol(ld)) {
		struct intel_oa_expr *e;
		unsigned int flags = 0;
		size_t eq = ld->pos;

		if (get_char(ld, '='))
			return;
		e = get_expr(ld);
		if (!e)
			return;
		c.value = intel_oa_expr_eval(e, const_lookup, mf, &flags);
		intel_oa_expr_free(e);
		if (isnan(c.value)) {
			lerr(ld, eq, "constant '%s' is not a number (%s)", c.name,
			     intel_oa_eval_flags_string(flags));
			return;
		}
		c.has_value = 1;
	}
	if (mf->n_consts >= MAX_CONSTS) {
		lerr(ld, at, "too many constants");
		return;
	}
	nc = realloc(mf->consts, (mf->n_consts + 1) * sizeof(*nc));
	if (!nc) {
		oom(ld);
		return;
	}
	mf->consts = nc;
	mf->consts[mf->n_consts++] = c;
}

static void d_set(struct loader *ld, size_t kw_at)
{
	struct intel_oa_metric_set *s, **ns;
	const struct intel_oa_metric_set *old;
	char name[NAME_BUF];
	size_t at, i;

	if (get_name(ld, name, &at))
		return;
	for (i = 0; i < ld->n_sets; i++)
		if (!strcmp(ld->sets[i]->name, name)) {
			lerr(ld, at, "set '%s' is already defined at %s:%u", name,
			     ld->file, ld->sets[i]->line);
			return;
		}
	old = ioa_clashing_set(ld->m, name, ld->mf->platforms);
	if (old) {
		lerr(ld, at, "set '%s' is already defined at %s:%u", name,
		     old->file->name, old->line);
		return;
	}
	if (expect_eol(ld))
		return;
	s = calloc(1, sizeof(*s));
	if (s)
		s->slots = calloc(MAX_SLOTS, sizeof(*s->slots));
	ns = realloc(ld->sets, (ld->n_sets + 1) * sizeof(*ns));
	if (ns)
		ld->sets = ns;
	if (!s || !s->slots || !ns) {
		ioa_free_set(s);
		oom(ld);
		return;
	}
	memcpy(s->name, name, sizeof(name));
	s->line = ld->line;
	s->col = (unsigned int)kw_at + 1;
	s->file = ld->mf;
	ld->sets[ld->n_sets++] = s;
	ld->cur = s;
}

static void d_description(struct loader *ld, size_t kw_at)
{
	char buf[256];

	if (ld->cur->description) {
		lerr(ld, kw_at, "set '%s' already has a description",
		     ld->cur->name);
		return;
	}
	if (get_string(ld, buf, sizeof(buf)) || expect_eol(ld))
		return;
	ld->cur->description = strdup(buf);
	if (!ld->cur->description)
		oom(ld);
}

static void d_counter(struct loader *ld)
{
	struct intel_oa_metric_set *s = ld->cur;
	struct mcounter c;
	uint64_t slot = s->n_slots, width = 64;
	int have_slot = 0, have_width = 0, have_text = 0;
	size_t at, slot_at = 0;
	char word[NAME_BUF], text[256];

	memset(&c, 0, sizeof(c));
	if (get_name(ld, c.name, &at) || name_free(ld, c.name, at))
		return;
	while (!at_eol(ld)) {
		char buf[64];
		size_t wat = ld->pos;

		if (ld->s[ld->pos] == '"' && !have_text) {
			if (get_string(ld, text, sizeof(text)))
				return;
			have_text = 1;
			continue;
		}
		if (lname_start(ld->s[ld->pos])) {
			if (get_name(ld, word, NULL))
				return;
			if (!strcmp(word, "slot") && !have_slot) {
				skip_ws(ld);
				slot_at = ld->pos;
				if (get_uint(ld, MAX_SLOTS - 1,
					     "slot must be 0..255", &slot))
					return;
				have_slot = 1;
				continue;
			}
			if (!strcmp(word, "width") && !have_width) {
				size_t num_at;

				skip_ws(ld);
				num_at = ld->pos;
				if (get_uint(ld, UINT64_MAX,
					     "width must be 1..64", &width))
					return;
				if (width < 1 || width > 64) {
					lerr(ld, num_at, "width must be 1..64");
					return;
				}
				have_width = 1;
				continue;
			}
			ld->pos = wat;
		}
		lerr(ld, ld->pos, "unexpected %s at the end of the line",
		     found(ld, buf, sizeof(buf)));
		return;
	}
	if (slot >= MAX_SLOTS) {
		lerr(ld, at, "slot must be 0..255");
		return;
	}
	if (s->slots[slot].name[0]) {
		lerr(ld, have_slot ? slot_at : at,
		     "slot %u is already used by '%s'", (unsigned int)slot,
		     s->slots[slot].name);
		return;
	}
	c.width = (unsigned int)width;
	c.line = ld->line;
	s->slots[slot] = c;
	if (slot + 1 > s->n_slots)
		s->n_slots = (size_t)slot + 1;
}

static void d_reg(struct loader *ld, int kind)
{
	struct intel_oa_metric_set *s = ld->cur;
	struct intel_oa_metric_reg *nr;
	uint64_t addr, value;

	if (get_uint(ld, UINT32_MAX, "address does not fit in 32 bits", &addr) ||
	    get_char(ld, '=') ||
	    get_uint(ld, UINT32_MAX, "value does not fit in 32 bits", &value) ||
	    expect_eol(ld))
		return;
	nr = realloc(s->regs[kind], (s->n_regs[kind] + 1) * sizeof(*nr));
	if (!nr) {
		oom(ld);
		return;
	}
	nr[s->n_regs[kind]].addr = (uint32_t)addr;
	nr[s->n_regs[kind]].value = (uint32_t)value;
	s->regs[kind] = nr;
	s->n_regs[kind]++;
}

static void d_metric(struct loader *ld)
{
	struct intel_oa_metric_set *s = ld->cur;
	struct mmetric mm, *nm;
	size_t at;

	memset(&mm, 0, sizeof(mm));
	if (get_name(ld, mm.name, &at) || name_free(ld, mm.name, at))
		return;
	skip_ws(ld);
	if (ld->pos < ld->len && ld->s[ld->pos] == '"' &&
	    get_string(ld, mm.unit, sizeof(mm.unit)))
		return;
	if (get_char(ld, '='))
		return;
	if (s->n_metrics >= MAX_METRICS) {
		lerr(ld, at, "too many metrics");
		return;
	}
	mm.line = ld->line;
	mm.e = get_expr(ld);
	if (!mm.e)
		return;
	nm = realloc(s->metrics, (s->n_metrics + 1) * sizeof(*nm));
	if (!nm) {
		intel_oa_expr_free(mm.e);
		oom(ld);
		return;
	}
	s->metrics = nm;
	s->metrics[s->n_metrics++] = mm;
}

/* The directives, in Documentation/metrics.rst's order: the message of an
 * unknown keyword lists them, and is_directive() looks keywords up here. */
static const char directives[] =
	"family, platforms, const, set, description, format, counter, mux, "
	"boolean, flex, metric, end";

static bool is_directive(const char *kw)
{
	size_t n = strlen(kw);
	const char *p;

	for (p = strstr(directives, kw); p; p = strstr(p + n, kw))
		if ((p == directives || p[-1] == ' ') &&
		    (p[n] == ',' || !p[n]))
			return true;
	return false;
}

static void do_line(struct loader *ld)
{
	char kw[NAME_BUF], buf[64];
	size_t kw_at;

	if (at_eol(ld))
		return;
	kw_at = ld->pos;
	if (!lname_start(ld->s[ld->pos]) || get_name(ld, kw, NULL)) {
		ld->failed = 0;
		ld->pos = kw_at;
		lerr(ld, kw_at, "expected a directive (%s), found %s",
		     directives, found(ld, buf, sizeof(buf)));
		return;
	}
	if (!strcmp(kw, "family")) {
		if (ld->mf->family[0]) {
			lerr(ld, kw_at, "family is already set at line %u",
			     ld->mf->family_line);
			return;
		}
		if (get_family(ld, ld->mf->family) || expect_eol(ld))
			return;
		ld->mf->family_line = ld->line;
		return;
	}
	if (!is_directive(kw)) {
		ld->pos = kw_at;
		lerr(ld, kw_at, "expected a directive (%s), found %s",
		     directives, found(ld, buf, sizeof(buf)));
		return;
	}
	if (!ld->mf->family[0]) {
		lerr(ld, kw_at,
		     "expected 'family NAME' before any other directive");
		return;
	}
	if (!strcmp(kw, "platforms")) {
		if (ld->cur) {
			lerr(ld, kw_at,
			     "'platforms' inside set '%s' (missing 'end')",
			     ld->cur->name);
			return;
		}
		d_platforms(ld, kw_at);
		return;
	}
	if (!strcmp(kw, "const")) {
		if (ld->cur) {
			lerr(ld, kw_at, "'const' inside set '%s' (missing 'end')",
			     ld->cur->name);
			return;
		}
		d_const(ld);
		return;
	}
	if (!strcmp(kw, "set")) {
		if (ld->cur) {
			lerr(ld, kw_at, "'set' inside set '%s' (missing 'end')",
			     ld->cur->name);
			return;
		}
		d_set(ld, kw_at);
		return;
	}
	if (!ld->cur) {
		lerr(ld, kw_at, "'%s' outside a set", kw);
		return;
	}
	if (!strcmp(kw, "end")) {
		if (!expect_eol(ld))
			ld->cur = NULL;
	} else if (!strcmp(kw, "description")) {
		d_description(ld, kw_at);
	} else if (!strcmp(kw, "format")) {
		d_format(ld, kw_at);
	} else if (!strcmp(kw, "counter")) {
		d_counter(ld);
	} else if (!strcmp(kw, "mux")) {
		d_reg(ld, INTEL_OA_REG_MUX);
	} else if (!strcmp(kw, "boolean")) {
		d_reg(ld, INTEL_OA_REG_BOOLEAN);
	} else if (!strcmp(kw, "flex")) {
		d_reg(ld, INTEL_OA_REG_FLEX);
	} else {
		d_metric(ld);
	}
}

struct intel_oa_metrics *intel_oa_metrics_new(void)
{
	return calloc(1, sizeof(struct intel_oa_metrics));
}

void intel_oa_metrics_free(struct intel_oa_metrics *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->n_sets; i++)
		ioa_free_set(m->sets[i]);
	for (i = 0; i < m->n_files; i++)
		ioa_free_file(m->files[i]);
	free(m->sets);
	free(m->files);
	free(m->desc_text);
	free(m->desc);
	free(m);
}

/*
 * A directory's "descriptions" file: "NAME TEXT" per line ('#' comments),
 * kept as it was read, split in place.
 */
static int load_descriptions(struct intel_oa_metrics *m, const char *path)
{
	char *text, *line, *next, **d;
	size_t len, k = 0;
	void *data;
	int ret = intel_oa_read_file(path, &data, &len);

	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	text = realloc(data, len + 1);
	if (!text) {
		free(data);
		return -ENOMEM;
	}
	text[len] = '\0';
	d = calloc(2 * (len / 2 + 1), sizeof(*d));
	if (!d) {
		free(text);
		return -ENOMEM;
	}
	for (line = text; line && *line; line = next) {
		char *sp;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (*line == '#' || !*line)
			continue;
		sp = strpbrk(line, " \t");
		if (!sp)
			continue;
		*sp++ = '\0';
		sp += strspn(sp, " \t");
		d[2 * k] = line;
		d[2 * k + 1] = sp;
		k++;
	}
	free(m->desc_text);
	free(m->desc);
	m->desc_text = text;
	m->desc = d;
	m->n_desc = k;
	return 0;
}

const char *intel_oa_metrics_description(const struct intel_oa_metrics *m,
					 const char *metric)
{
	size_t k;

	size_t i;

	for (k = 0; m && metric && k < m->n_desc; k++)
		if (!strcmp(m->desc[2 * k], metric))
			return m->desc[2 * k + 1];
	/* an OA metric XML counter brings its own */
	for (k = 0; m && metric && k < m->n_sets; k++)
		for (i = 0; i < m->sets[k]->n_metrics; i++)
			if (m->sets[k]->metrics[i].description &&
			    !strcmp(m->sets[k]->metrics[i].name, metric))
				return m->sets[k]->metrics[i].description;
	return "";
}

int intel_oa_metrics_load_string(struct intel_oa_metrics *m,
				 const char *file, const char *text,
				 size_t len, struct intel_oa_parse_error *err)
{
	struct loader ld;
	size_t start = 0, i;

	if (!m || (!text && len))
		return -EINVAL;
	if (err)
		memset(err, 0, sizeof(*err));
	memset(&ld, 0, sizeof(ld));
	ld.file = file ? file : "<string>";
	ld.err = err;
	ld.m = m;
	ld.mf = calloc(1, sizeof(*ld.mf));
	if (!ld.mf)
		return -ENOMEM;
	ld.mf->name = strdup(ld.file);
	if (!ld.mf->name)
		ld.failed = -ENOMEM;

	while (!ld.failed && start < len) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;

		ld.line++;
		ld.s = text + start;
		ld.len = end - start;
		ld.pos = 0;
		if (memchr(ld.s, '\0', ld.len))
			lerr(&ld, (size_t)((const char *)memchr(ld.s, '\0',
								ld.len) - ld.s),
			     "NUL byte in the file");
		else
			do_line(&ld);
		start = end + 1;
	}
	if (!ld.failed && ld.cur) {
		ld.line = ld.cur->line;
		lerr(&ld, ld.cur->col - 1, "set '%s' has no 'end'",
		     ld.cur->name);
	}
	if (!ld.failed && !ld.mf->family[0]) {
		ld.line = 1;
		lerr(&ld, 0, "expected 'family NAME' before any other directive");
	}
	if (ld.failed) {
		for (i = 0; i < ld.n_sets; i++)
			ioa_free_set(ld.sets[i]);
		free(ld.sets);
		ioa_free_file(ld.mf);
		return ld.failed;
	}
	return ioa_metrics_append(m, ld.mf, ld.sets, ld.n_sets, false);
}

int ioa_metrics_append(struct intel_oa_metrics *m, struct mfile *mf,
		       struct intel_oa_metric_set **sets, size_t n_sets,
		       bool first)
{
	struct mfile **nf;
	struct intel_oa_metric_set **ns;
	size_t i;

	nf = realloc(m->files, (m->n_files + 1) * sizeof(*nf));
	if (nf)
		m->files = nf;
	ns = realloc(m->sets, (m->n_sets + n_sets) * sizeof(*ns));
	if (ns)
		m->sets = ns;
	if (!nf || !ns) {
		for (i = 0; i < n_sets; i++)
			ioa_free_set(sets[i]);
		free(sets);
		ioa_free_file(mf);
		return -ENOMEM;
	}
	m->files[m->n_files++] = mf;
	if (first) {
		memmove(m->sets + n_sets, m->sets, m->n_sets * sizeof(*ns));
		for (i = 0; i < n_sets; i++)
			m->sets[i] = sets[i];
		m->n_sets += n_sets;
	} else {
		for (i = 0; i < n_sets; i++)
			m->sets[m->n_sets++] = sets[i];
	}
	free(sets);
	return 0;
}

int intel_oa_metrics_load_file(struct intel_oa_metrics *m, const char *path,
			       struct intel_oa_parse_error *err)
{
	void *buf;
	size_t len;
	int ret;

	size_t lead;

	ret = intel_oa_read_file(path, &buf, &len);
	if (ret)
		return ret;
	/* our files start with a comment or a directive, XML with '<' */
	lead = 0;
	while (lead < len && ((char *)buf)[lead] &&
	       strchr(" \t\r\n", ((char *)buf)[lead]))
		lead++;
	if (lead < len && ((char *)buf)[lead] == '<')
		ret = intel_oa_metrics_load_oa_xml(m, path, buf, len, err);
	else
		ret = intel_oa_metrics_load_string(m, path, buf, len, err);
	free(buf);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The paths of @dir's entries named @prefix...@suffix with something
 * between (never a dotfile), sorted, in *@out (free_names()).
 */
static int dir_files(const char *dir, const char *prefix, const char *suffix,
		     char ***out, size_t *n_out)
{
	size_t lp = strlen(prefix), ls = strlen(suffix), n = 0;
	DIR *d = opendir(dir);
	char **names = NULL, **nn;
	struct dirent *de;
	int ret = 0;

	*out = NULL;
	*n_out = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l <= lp + ls || de->d_name[0] == '.' ||
		    strncmp(de->d_name, prefix, lp) ||
		    strcmp(de->d_name + l - ls, suffix))
			continue;
		nn = realloc(names, (n + 1) * sizeof(*nn));
		if (!nn) {
			ret = -ENOMEM;
			break;
		}
		names = nn;
		names[n] = malloc(strlen(dir) + l + 2);
		if (!names[n]) {
			ret = -ENOMEM;
			break;
		}
		sprintf(names[n], "%s/%s", dir, de->d_name);
		n++;
	}
	closedir(d);
	if (!ret && n)
		qsort(names, n, sizeof(*names), cmp_str);
	*out = names;
	*n_out = n;
	return ret;
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Load @names in order, the first failure stopping: files loaded, or -errno. */
static int load_files(struct intel_oa_metrics *m, char **names, size_t n,
		      struct intel_oa_parse_error *err)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = intel_oa_metrics_load_file(m, names[i], err);
		if (ret)
			return ret;
	}
	return (int)n;
}

int intel_oa_metrics_load_dir(struct intel_oa_metrics *m, const char *dir,
			      struct intel_oa_parse_error *err)
{
	char **names, *path;
	size_t n;
	int ret, loaded;

	ret = dir_files(dir, "", ".metrics", &names, &n);
	loaded = ret ? ret : load_files(m, names, n, err);
	free_names(names, n);
	if (loaded < 0)
		return loaded;
	path = malloc(strlen(dir) + sizeof("/descriptions"));
	if (!path)
		return -ENOMEM;
	sprintf(path, "%s/descriptions", dir);
	ret = load_descriptions(m, path);
	free(path);
	return ret ? ret : loaded;
}

int intel_oa_metrics_load_oa_xml_dir(struct intel_oa_metrics *m,
				     const char *dir,
				     struct intel_oa_parse_error *err)
{
	char **names;
	size_t n;
	int ret;

	ret = dir_files(dir, "oa-", ".xml", &names, &n);
	if (!ret)
		ret = n ? load_files(m, names, n, err) : -ENOENT;
	free_names(names, n);
	return ret;
}

int intel_oa_metrics_set_const(struct intel_oa_metrics *m, const char *name,
			       double value)
{
	size_t f, i;
	int n = 0;

	for (f = 0; f < m->n_files; f++)
		for (i = 0; i < m->files[f]->n_consts; i++)
			if (!strcmp(m->files[f]->consts[i].name, name)) {
				m->files[f]->consts[i].value = value;
				m->files[f]->consts[i].has_value = 1;
				n++;
			}
	return n;
}

size_t intel_oa_metrics_set_count(const struct intel_oa_metrics *m)
{
	return m ? m->n_sets : 0;
}

const struct intel_oa_metric_set *
intel_oa_metrics_set_at(const struct intel_oa_metrics *m, size_t i)
{
	return m && i < m->n_sets ? m->sets[i] : NULL;
}

const struct intel_oa_metric_set *
intel_oa_metrics_find(const struct intel_oa_metrics *m, const char *name)
{
	return m && name ? find_set(m, name) : NULL;
}

const struct intel_oa_metric_set *
intel_oa_metrics_find_for(const struct intel_oa_metrics *m, const char *name,
			  const char *platform)
{
	size_t i;

	if (!m || !name || !platform)
		return NULL;
	for (i = 0; i < m->n_sets; i++)
		if (!strcmp(m->sets[i]->name, name) &&
		    intel_oa_metric_set_applies(m->sets[i], platform))
			return m->sets[i];
	return NULL;
}

bool intel_oa_metric_set_applies(const struct intel_oa_metric_set *s,
				 const char *platform)
{
	int idx = ioa_platform_index(platform);

	return idx >= 0 && (s->file->platforms >> idx & 1);
}

const char *intel_oa_metric_set_format(const struct intel_oa_metric_set *s)
{
	return s->format[0] ? s->format : NULL;
}

const char *
intel_oa_metric_set_metric_unit(const struct intel_oa_metric_set *s, size_t i)
{
	return i < s->n_metrics ? s->metrics[i].unit : NULL;
}

const char *intel_oa_metrics_default_dir(void)
{
	const char *dir = getenv("INTEL_OA_METRICS_DIR");

	if (dir && dir[0])
		return dir;
#ifdef INTEL_OA_METRICS_INSTALL_DIR
	/* An installed build whose source tree is gone: the installed files. */
	if (access(INTEL_OA_METRICS_DIR, R_OK))
		return INTEL_OA_METRICS_INSTALL_DIR;
#endif
	return INTEL_OA_METRICS_DIR;
}

const char *intel_oa_metric_set_name(const struct intel_oa_metric_set *s)
{
	return s->name;
}

const char *intel_oa_metric_set_family(const struct intel_oa_metric_set *s)
{
	return s->file->family;
}

const char *
intel_oa_metric_set_description(const struct intel_oa_metric_set *s)
{
	return s->description ? s->description : "";
}

size_t intel_oa_metric_set_counter_count(const struct intel_oa_metric_set *s)
{
	return s->n_slots;
}

const char *intel_oa_metric_set_counter(const struct intel_oa_metric_set *s,
					size_t slot, unsigned int *width)
{
	if (slot >= s->n_slots || !s->slots[slot].name[0])
		return NULL;
	if (width)
		*width = s->slots[slot].width;
	return s->slots[slot].name;
}

size_t intel_oa_metric_set_metric_count(const struct intel_oa_metric_set *s)
{
	return s->n_metrics;
}

const char *intel_oa_metric_set_metric(const struct intel_oa_metric_set *s,
				       size_t i, const char **unit)
{
	if (i >= s->n_metrics)
		return NULL;
	if (unit)
		*unit = s->metrics[i].unit;
	return s->metrics[i].name;
}

const struct intel_oa_metric_reg *
intel_oa_metric_set_regs(const struct intel_oa_metric_set *s, int kind,
			 size_t *count)
{
	if (kind < 0 || kind >= INTEL_OA_REG_KINDS) {
		*count = 0;
		return NULL;
	}
	*count = s->n_regs[kind];
	return s->n_regs[kind] ? s->regs[kind] : NULL;
}

void intel_oa_metric_counter_deltas(const struct intel_oa_metric_set *s,
				    const uint64_t *prev, const uint64_t *cur,
				    double *deltas)
{
	size_t i;

	for (i = 0; i < s->n_slots; i++) {
		unsigned int w = s->slots[i].width ? s->slots[i].width : 64;

		deltas[i] = (double)intel_oa_delta(prev[i], cur[i], w);
	}
}

enum { BI_UNKNOWN, BI_DEFINED, BI_UNDEFINED };

struct set_eval {
	const struct intel_oa_metric_set *s;
	const double *deltas;
	intel_oa_builtin_fn builtin;
	void *ctx;
	const double *values;
	const unsigned int *flags;
	/*
	 * Built-ins asked for during this evaluation, each computed once:
	 * a set's metrics name the same few counters again and again.
	 */
	uint8_t bi_state[INTEL_OA_BI_COUNT];	/* BI_UNKNOWN, _DEFINED, _UNDEFINED */
	double bi_value[INTEL_OA_BI_COUNT];
};

static double set_lookup(void *ctx, int id, unsigned int *flags)
{
	struct set_eval *se = ctx;
	const struct intel_oa_metric_set *s = se->s;
	double v;

	if (id >= ID_METRIC) {
		*flags |= se->flags[id - ID_METRIC];
		return se->values[id - ID_METRIC];
	}
	if (id >= ID_COUNTER) {
		if (!se->deltas || !s->slots[id - ID_COUNTER].name[0]) {
			*flags |= INTEL_OA_EVAL_UNDEFINED;
			return NAN;
		}
		return se->deltas[id - ID_COUNTER];
	}
	if (id >= ID_CONST)
		return const_lookup(s->file, id, flags);
	if (id >= 0 && id < INTEL_OA_BI_COUNT) {
		if (se->bi_state[id] == BI_DEFINED)
			return se->bi_value[id];
		if (se->bi_state[id] == BI_UNKNOWN) {
			se->bi_state[id] = BI_UNDEFINED;
			if (se->builtin && !se->builtin(se->ctx, id, &v)) {
				se->bi_state[id] = BI_DEFINED;
				se->bi_value[id] = v;
				return v;
			}
		}
	} else if (se->builtin && !se->builtin(se->ctx, id, &v)) {
		return v;
	}
	*flags |= INTEL_OA_EVAL_UNDEFINED;
	return NAN;
}

size_t intel_oa_metric_set_eval(const struct intel_oa_metric_set *s,
				const double *deltas,
				intel_oa_builtin_fn builtin, void *ctx,
				double *values, unsigned int *flags)
{
	unsigned int local[64], *fl = flags;
	struct set_eval se;
	size_t i, nan = 0;

	if (!fl) {
		if (s->n_metrics <= 64) {
			fl = local;
		} else {
			fl = calloc(s->n_metrics, sizeof(*fl));
			if (!fl) {
				for (i = 0; i < s->n_metrics; i++)
					values[i] = NAN;
				return s->n_metrics;
			}
		}
	}
	if (s->n_metrics && s->metrics[0].rpn) {
		ioa_xml_set_eval(s, builtin, ctx, values, fl);
		for (i = 0; i < s->n_metrics; i++)
			nan += isnan(values[i]);
		goto out;
	}
	se.s = s;
	se.deltas = deltas;
	se.builtin = builtin;
	se.ctx = ctx;
	se.values = values;
	se.flags = fl;
	memset(se.bi_state, BI_UNKNOWN, sizeof(se.bi_state));
	for (i = 0; i < s->n_metrics; i++) {
		fl[i] = 0;
		values[i] = intel_oa_expr_eval(s->metrics[i].e, set_lookup, &se,
					       &fl[i]);
		if (isnan(values[i]))
			nan++;
	}
out:
	if (!flags && fl != local)
		free(fl);
	return nan;
}
