// SPDX-License-Identifier: MIT
/*
 * Writers for evaluated metric periods (Documentation/userspace.rst,
 * "Outputs"): table, CSV, JSON and Chrome trace-event JSON.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Each writer is a small vtable so that a format is one set of functions,
 * not a switch in every entry point. Nothing but the names, the units and
 * per-metric n/a bookkeeping is kept across periods.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/metrics.h"
#include "intel_oa/output.h"

/* Narrowest table column for a value: "-1.23457e+123" fits. */
#define TABLE_MIN_WIDTH 13
#define DBL_BUF 32

struct writer_ops {
	const char *name;
	void (*begin)(struct intel_oa_output *o);
	void (*period)(struct intel_oa_output *o, double t0, double t1,
		       const double *v, const unsigned int *flags);
	void (*end)(struct intel_oa_output *o);
};

struct intel_oa_output {
	FILE *f;
	const struct writer_ops *ops;
	char *set_name;
	char *platform;
	size_t n;
	char **names;
	char **units;
	char **quoted;		/* trace: names as JSON strings */
	int *width;		/* table column widths */
	unsigned long *na_count;	/* table: n/a periods per metric */
	unsigned int *na_flags;	/* table: their reasons, ORed */
	unsigned long periods;
};

static int is_value(double v)
{
	return isfinite(v);
}

/* Powers of ten exact as long double (5^27 < 2^64). */
static const long double pow10l_tab[] = {
	1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L,
	1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L,
	1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};

/* Powers of ten exact as double. */
static const double pow10_tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

#define EXACT_POW10 22
#define TWO_POW_53 9007199254740992ULL

static long double scale10(long double a, int k)
{
	if (k >= 0)
		return a * (k < 28 ? pow10l_tab[k] : powl(10.0L, k));
	return a / (-k < 28 ? pow10l_tab[-k] : powl(10.0L, -k));
}

/*
 * Does d * 10^q read back as @a? One IEEE multiply or divide of two exact
 * doubles is correctly rounded (strtod's own fast path), so for d < 2^53
 * and |q| <= 22 the answer is exact; -1 when this cannot tell.
 */
static int reads_back(unsigned long long d, int q, double a)
{
	double back;

	if (d >= TWO_POW_53 || q > EXACT_POW10 || q < -EXACT_POW10)
		return -1;
	back = q >= 0 ? (double)d * pow10_tab[q] : (double)d / pow10_tab[-q];
	return back == a;
}

/*
 * Write sign, the decimal digits of @d (no trailing zeros) and exponent
 * @q (value d * 10^q) as a JSON number: fixed notation when the leading
 * digit's exponent is -5..16, else d.ddde[+-]XX.
 */
static void put_decimal(char *buf, size_t size, int neg,
			unsigned long long d, int q)
{
	char dig[24], *p = buf;
	int n = 0, lead, i;

	while (d && d % 10 == 0) {
		d /= 10;
		q++;
	}
	do {
		dig[n++] = (char)('0' + d % 10);
		d /= 10;
	} while (d);
	/* dig[] holds the digits last first. */
	lead = q + n - 1;
	if (neg)
		*p++ = '-';
	if (lead < -5 || lead > 16) {
		*p++ = dig[n - 1];
		if (n > 1)
			*p++ = '.';
		for (i = n - 2; i >= 0; i--)
			*p++ = dig[i];
		snprintf(p, size - (size_t)(p - buf), "e%+03d", lead);
		return;
	}
	if (lead < 0) {
		*p++ = '0';
		*p++ = '.';
		for (i = 0; i < -lead - 1; i++)
			*p++ = '0';
		for (i = n - 1; i >= 0; i--)
			*p++ = dig[i];
	} else {
		for (i = 0; i <= lead; i++)
			*p++ = i < n ? dig[n - 1 - i] : '0';
		if (n > lead + 1) {
			*p++ = '.';
			for (i = lead + 1; i < n; i++)
				*p++ = dig[n - 1 - i];
		}
	}
	*p = '\0';
}

char *intel_oa_format_double(char *buf, size_t size, double v)
{
	unsigned long long d17, d;
	double a = fabs(v);
	int e2, e10, q, tries, drop;
	long double m;

	if (size < 32 || v == 0 || !isfinite(v)) {
		snprintf(buf, size, "%.17g", v);
		return buf;
	}
	/*
	 * The value to 17 significant digits, d17 * 10^q, from one long
	 * double multiply (64-bit mantissa): log10 from the binary exponent
	 * may be one low, and the loop fixes that.
	 */
	frexp(a, &e2);
	e10 = (int)floor((e2 - 1) * 0.30102999566398120);
	for (tries = 0; tries < 3; tries++) {
		m = scale10(a, 16 - e10);
		d17 = (unsigned long long)(m + 0.5L);
		if (d17 >= 100000000000000000ULL)
			e10++;
		else if (d17 < 10000000000000000ULL)
			e10--;
		else
			break;
	}
	q = e10 - 16;
	/*
	 * Shortest first: 15 digits are enough for most values (anything
	 * with at most 15 significant decimal digits), 16 or 17 for the
	 * rest. A candidate is taken when it provably reads back as @v;
	 * printf() and strtod() would cost a microsecond per value, and this
	 * runs for every value of a CSV or JSON output.
	 */
	for (drop = 2; drop >= 1; drop--) {
		unsigned long long div = drop == 2 ? 100 : 10;
		/*
		 * d17 is itself rounded: when it ends in exactly half a unit
		 * of the shorter form, the value may lie below that half.
		 */
		int tie = d17 % div == div / 2, c;

		d = (d17 + div / 2) / div;
		for (c = 0; c <= tie; c++, d--) {
			int rb = reads_back(d, q + drop, a);

			if (rb == 0)
				continue;
			put_decimal(buf, size, v < 0, d, q + drop);
			/* Out of the exact range (huge, tiny): ask strtod(). */
			if (rb == 1 || strtod(buf, NULL) == v)
				return buf;
		}
	}
	put_decimal(buf, size, v < 0, d17, q);
	if (strtod(buf, NULL) == v)
		return buf;
	snprintf(buf, size, "%.17g", v);
	return buf;
}

/* JSON string with the escapes RFC 8259 requires. */
static void put_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void put_json_number(FILE *f, double v)
{
	char buf[DBL_BUF];

	if (!is_value(v)) {
		fputs("null", f);
		return;
	}
	fputs(intel_oa_format_double(buf, sizeof(buf), v), f);
}

/* ---- table ---- */

static void table_value(char *buf, size_t size, double v)
{
	/* Counts stay exact; fractions get six significant digits. */
	if (v == floor(v) && fabs(v) < 1e12)
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.6g", v);
}

static void table_begin(struct intel_oa_output *o)
{
	size_t i;

	fprintf(o->f, "# %s", o->set_name);
	if (o->platform)
		fprintf(o->f, " (%s)", o->platform);
	fputc('\n', o->f);
	for (i = 0; i < o->n; i++) {
		size_t w = strlen(o->names[i]);
		size_t wu = strlen(o->units[i]) + 2;

		if (w < wu)
			w = wu;
		if (w < TABLE_MIN_WIDTH)
			w = TABLE_MIN_WIDTH;
		o->width[i] = (int)w;
	}
	fprintf(o->f, "%6s %12s %12s", "period", "t_start_s", "t_end_s");
	for (i = 0; i < o->n; i++)
		fprintf(o->f, "  %*s", o->width[i], o->names[i]);
	fputc('\n', o->f);
	fprintf(o->f, "%6s %12s %12s", "", "[s]", "[s]");
	for (i = 0; i < o->n; i++) {
		int len = (int)strlen(o->units[i]);

		/* Each width has room for "[unit]". */
		if (len)
			fprintf(o->f, "  %*s[%s]", o->width[i] - len - 2, "",
				o->units[i]);
		else
			fprintf(o->f, "  %*s", o->width[i], "");
	}
	fputc('\n', o->f);
}

static void table_period(struct intel_oa_output *o, double t0, double t1,
			 const double *v, const unsigned int *flags)
{
	char buf[DBL_BUF];
	size_t i;

	fprintf(o->f, "%6lu %12.6f %12.6f", o->periods, t0, t1);
	for (i = 0; i < o->n; i++) {
		if (is_value(v[i])) {
			table_value(buf, sizeof(buf), v[i]);
		} else {
			strcpy(buf, "n/a");
			o->na_count[i]++;
			if (flags)
				o->na_flags[i] |= flags[i];
		}
		fprintf(o->f, "  %*s", o->width[i], buf);
	}
	fputc('\n', o->f);
}

static void table_end(struct intel_oa_output *o)
{
	size_t i;

	/* Why values were n/a, once per metric rather than in every cell. */
	for (i = 0; i < o->n; i++) {
		const char *why;

		if (!o->na_count[i])
			continue;
		why = o->na_flags[i] ? intel_oa_eval_flags_string(o->na_flags[i])
				     : "not computable";
		fprintf(o->f, "# %s: n/a in %lu of %lu periods (%s)\n",
			o->names[i], o->na_count[i], o->periods, why);
	}
}

/* ---- CSV (RFC 4180) ---- */

static void put_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_begin(struct intel_oa_output *o)
{
	size_t i;

	fputs("period,t_start_s,t_end_s", o->f);
	for (i = 0; i < o->n; i++) {
		fputc(',', o->f);
		put_csv_field(o->f, o->names[i]);
	}
	fputc('\n', o->f);
}

static void csv_period(struct intel_oa_output *o, double t0, double t1,
		       const double *v, const unsigned int *flags)
{
	char buf[DBL_BUF];
	size_t i;

	(void)flags;
	fprintf(o->f, "%lu,%s", o->periods,
		intel_oa_format_double(buf, sizeof(buf), t0));
	fprintf(o->f, ",%s", intel_oa_format_double(buf, sizeof(buf), t1));
	for (i = 0; i < o->n; i++) {
		fputc(',', o->f);
		if (is_value(v[i]))
			fputs(intel_oa_format_double(buf, sizeof(buf), v[i]),
			      o->f);
	}
	fputc('\n', o->f);
}

/* ---- JSON ---- */

static void json_begin(struct intel_oa_output *o)
{
	size_t i;

	fputs("{\"set\":", o->f);
	put_json_string(o->f, o->set_name);
	fputs(",\"platform\":", o->f);
	if (o->platform)
		put_json_string(o->f, o->platform);
	else
		fputs("null", o->f);
	fputs(",\n\"metrics\":[", o->f);
	for (i = 0; i < o->n; i++) {
		fputs(i ? ",\n {\"name\":" : "\n {\"name\":", o->f);
		put_json_string(o->f, o->names[i]);
		fputs(",\"unit\":", o->f);
		put_json_string(o->f, o->units[i]);
		fputc('}', o->f);
	}
	fputs("],\n\"periods\":[", o->f);
}

static void json_period(struct intel_oa_output *o, double t0, double t1,
			const double *v, const unsigned int *flags)
{
	size_t i;

	(void)flags;
	fputs(o->periods ? ",\n {\"t_start_s\":" : "\n {\"t_start_s\":", o->f);
	put_json_number(o->f, t0);
	fputs(",\"t_end_s\":", o->f);
	put_json_number(o->f, t1);
	fputs(",\"values\":[", o->f);
	for (i = 0; i < o->n; i++) {
		if (i)
			fputc(',', o->f);
		put_json_number(o->f, v[i]);
	}
	fputs("]}", o->f);
}

static void json_end(struct intel_oa_output *o)
{
	fputs("]}\n", o->f);
}

/* ---- Chrome / Perfetto trace events ---- */

/* One process for the whole set: its counter tracks group under it. */
#define TRACE_PID 1
#define TRACE_PID_STR "1"

static void trace_begin(struct intel_oa_output *o)
{
	size_t i;

	for (i = 0; i < o->n; i++) {
		size_t len = 0;
		FILE *m = open_memstream(&o->quoted[i], &len);

		/* Out of memory: the events get "" (still valid JSON). */
		if (m) {
			put_json_string(m, o->names[i]);
			fclose(m);
		}
	}
	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", o->f);
	fprintf(o->f, " {\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,"
		"\"tid\":0,\"args\":{\"name\":", TRACE_PID);
	put_json_string(o->f, o->set_name);
	fputs("}}", o->f);
	if (o->platform) {
		fprintf(o->f, ",\n {\"name\":\"process_labels\",\"ph\":\"M\","
			"\"pid\":%d,\"tid\":0,\"args\":{\"labels\":",
			TRACE_PID);
		put_json_string(o->f, o->platform);
		fputs("}}", o->f);
	}
}

static void trace_period(struct intel_oa_output *o, double t0, double t1,
			 const double *v, const unsigned int *flags)
{
	char ts[DBL_BUF];
	size_t i;

	(void)t1;
	(void)flags;
	/*
	 * A counter track holds a value until the next sample, so the value
	 * of a period is stamped at its start. An n/a value gets no event:
	 * the trace format has no "unknown" and 0 would be a lie.
	 */
	intel_oa_format_double(ts, sizeof(ts), t0 * 1e6);
	for (i = 0; i < o->n; i++) {
		if (!is_value(v[i]))
			continue;
		/* Plain fputs: one event per value makes this the hot path. */
		fputs(",\n {\"name\":", o->f);
		fputs(o->quoted[i] ? o->quoted[i] : "\"\"", o->f);
		fputs(",\"ph\":\"C\",\"ts\":", o->f);
		fputs(ts, o->f);
		fputs(",\"pid\":" TRACE_PID_STR ",\"tid\":0,\"args\":{\"value\":",
		      o->f);
		put_json_number(o->f, v[i]);
		fputs("}}", o->f);
	}
}

static void trace_end(struct intel_oa_output *o)
{
	fputs("\n]}\n", o->f);
}

static const struct writer_ops writers[INTEL_OA_OUTPUT_KINDS] = {
	[INTEL_OA_OUTPUT_TABLE] = { "table", table_begin, table_period,
				    table_end },
	[INTEL_OA_OUTPUT_CSV] = { "csv", csv_begin, csv_period, NULL },
	[INTEL_OA_OUTPUT_JSON] = { "json", json_begin, json_period, json_end },
	[INTEL_OA_OUTPUT_TRACE] = { "trace", trace_begin, trace_period,
				    trace_end },
};

int intel_oa_output_kind_by_name(const char *name)
{
	int k;

	for (k = 0; name && k < INTEL_OA_OUTPUT_KINDS; k++)
		if (!strcmp(writers[k].name, name))
			return k;
	return -1;
}

const char *intel_oa_output_kind_name(int kind)
{
	if (kind < 0 || kind >= INTEL_OA_OUTPUT_KINDS)
		return NULL;
	return writers[kind].name;
}

static void output_free(struct intel_oa_output *o)
{
	size_t i;

	for (i = 0; i < o->n; i++) {
		if (o->names)
			free(o->names[i]);
		if (o->units)
			free(o->units[i]);
		if (o->quoted)
			free(o->quoted[i]);
	}
	free(o->names);
	free(o->units);
	free(o->quoted);
	free(o->width);
	free(o->na_count);
	free(o->na_flags);
	free(o->set_name);
	free(o->platform);
	free(o);
}

struct intel_oa_output *intel_oa_output_new(FILE *f, int kind,
					    const char *set_name,
					    const char *platform, size_t n,
					    const char *const *names,
					    const char *const *units)
{
	struct intel_oa_output *o;
	size_t i;

	if (!f || kind < 0 || kind >= INTEL_OA_OUTPUT_KINDS || !set_name ||
	    (n && !names)) {
		errno = EINVAL;
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (!names[i]) {
			errno = EINVAL;
			return NULL;
		}
	}
	o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->f = f;
	o->ops = &writers[kind];
	o->n = n;
	o->set_name = strdup(set_name);
	o->platform = platform ? strdup(platform) : NULL;
	o->names = calloc(n ? n : 1, sizeof(*o->names));
	o->units = calloc(n ? n : 1, sizeof(*o->units));
	o->quoted = calloc(n ? n : 1, sizeof(*o->quoted));
	o->width = calloc(n ? n : 1, sizeof(*o->width));
	o->na_count = calloc(n ? n : 1, sizeof(*o->na_count));
	o->na_flags = calloc(n ? n : 1, sizeof(*o->na_flags));
	if (!o->set_name || (platform && !o->platform) || !o->names ||
	    !o->units || !o->quoted || !o->width || !o->na_count || !o->na_flags)
		goto oom;
	for (i = 0; i < n; i++) {
		const char *u = units && units[i] ? units[i] : "";

		o->names[i] = strdup(names[i]);
		o->units[i] = strdup(u);
		if (!o->names[i] || !o->units[i])
			goto oom;
	}
	o->ops->begin(o);
	return o;
oom:
	output_free(o);
	errno = ENOMEM;
	return NULL;
}

void intel_oa_output_period(struct intel_oa_output *o, double t_start_s,
			    double t_end_s, const double *values,
			    const unsigned int *flags)
{
	if (!o || (o->n && !values))
		return;
	o->ops->period(o, t_start_s, t_end_s, values, flags);
	o->periods++;
}

int intel_oa_output_finish(struct intel_oa_output *o)
{
	int err;

	if (!o)
		return 0;
	if (o->ops->end)
		o->ops->end(o);
	err = fflush(o->f) || ferror(o->f);
	output_free(o);
	if (err) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}
