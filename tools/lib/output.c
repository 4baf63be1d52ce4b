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
#include "util.h"

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
	double origin;		/* trace: seconds added to period times */
	char **desc;		/* JSON: one line per metric, or NULL */
};

static int is_value(double v)
{
	return isfinite(v);
}

/* Two decimal digits per entry, "00" to "99". */
static const char pairs[] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

/* An integer's digits, written last first, two a division. */
static size_t put_uint(char *buf, int neg, uint64_t u)
{
	char tmp[24], *end = tmp + sizeof(tmp), *s = end, *p = buf;

	while (u >= 100) {
		unsigned int r = (unsigned int)(u % 100);

		u /= 100;
		s -= 2;
		memcpy(s, pairs + 2 * r, 2);
	}
	if (u >= 10) {
		s -= 2;
		memcpy(s, pairs + 2 * u, 2);
	} else {
		*--s = (char)('0' + u);
	}
	if (neg)
		*p++ = '-';
	memcpy(p, s, (size_t)(end - s));
	p += end - s;
	*p = '\0';
	return (size_t)(p - buf);
}

/*
 * Write sign, the decimal digits of @d (no trailing zeros) and exponent
 * @q (value d * 10^q) as a JSON number: fixed notation when the leading
 * digit's exponent is -5..16, else d.ddde[+-]XX.
 */
static size_t put_decimal(char *buf, size_t size, int neg,
			  unsigned long long d, int q)
{
	char dig[24], *p = buf;
	int n = 0, lead, i;

	while (d && d % 10 == 0) {
		d /= 10;
		q++;
	}
	/* Two digits a division: this runs for every value written. */
	while (d >= 100) {
		unsigned int r = (unsigned int)(d % 100);

		d /= 100;
		dig[n++] = pairs[2 * r + 1];
		dig[n++] = pairs[2 * r];
	}
	if (d >= 10) {
		dig[n++] = pairs[2 * d + 1];
		dig[n++] = pairs[2 * d];
	} else {
		dig[n++] = (char)('0' + d);
	}
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
		return (size_t)(p - buf) +
		       (size_t)snprintf(p, size - (size_t)(p - buf), "e%+03d",
					lead);
	}
	if (lead < 0) {
		*p++ = '0';
		*p++ = '.';
		for (i = 0; i < -lead - 1; i++)
			*p++ = '0';
		for (i = n - 1; i >= 0; i--)
			*p++ = dig[i];
	} else {
		for (i = 0; i <= lead && i < n; i++)
			*p++ = dig[n - 1 - i];
		for (; i <= lead; i++)
			*p++ = '0';
		if (n > lead + 1) {
			*p++ = '.';
			for (i = lead + 1; i < n; i++)
				*p++ = dig[n - 1 - i];
		}
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/* intel_oa_format_double() into @buf (DBL_BUF bytes); its length. */
static size_t format_double(char *buf, double v)
{
	uint64_t d;
	int q;

	if (!isfinite(v))
		return (size_t)snprintf(buf, DBL_BUF, "%.17g", v);
	if (v == 0) {
		/* as %.17g prints them, without its cost (metrics are often 0) */
		strcpy(buf, signbit(v) ? "-0" : "0");
		return signbit(v) ? 2 : 1;
	}
	/* an integer below 2^53 is its own shortest decimal: no search */
	if (fabs(v) < 9007199254740992.0 && v == (double)(int64_t)v)
		return put_uint(buf, v < 0, (uint64_t)fabs(v));
	intel_oa_shortest(fabs(v), &d, &q);
	return put_decimal(buf, DBL_BUF, v < 0, d, q);
}

char *intel_oa_format_double(char *buf, size_t size, double v)
{
	if (size < DBL_BUF)
		snprintf(buf, size, "%.17g", v);
	else
		format_double(buf, v);
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

/*
 * One row, built in memory and written with one fwrite(): a value per
 * field is the hot path of converting a recording to CSV.
 */
static void csv_period(struct intel_oa_output *o, double t0, double t1,
		       const double *v, const unsigned int *flags)
{
	char stack[4096], *line = stack, *p;
	size_t i, need = (o->n + 3) * (DBL_BUF + 1) + 2;

	(void)flags;
	if (need > sizeof(stack)) {
		line = malloc(need);
		if (!line)
			return;
	}
	p = line + snprintf(line, 24, "%lu,", o->periods);
	p += format_double(p, t0);
	*p++ = ',';
	p += format_double(p, t1);
	for (i = 0; i < o->n; i++) {
		*p++ = ',';
		if (is_value(v[i]))
			p += format_double(p, v[i]);
	}
	*p++ = '\n';
	fwrite(line, 1, (size_t)(p - line), o->f);
	if (line != stack)
		free(line);
}

/* ---- JSON ---- */

static void json_begin(struct intel_oa_output *o)
{
	size_t i;

	fprintf(o->f, "{\"schema_version\":%d,\"set\":",
		INTEL_OA_OUTPUT_JSON_SCHEMA);
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
		if (o->desc) {
			fputs(",\"description\":", o->f);
			put_json_string(o->f, o->desc[i]);
		}
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
	intel_oa_format_double(ts, sizeof(ts), (o->origin + t0) * 1e6);
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
		if (o->desc)
			free(o->desc[i]);
	}
	free(o->desc);
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
	return intel_oa_output_new_described(f, kind, set_name, platform, n,
					     names, units, NULL);
}

struct intel_oa_output *
intel_oa_output_new_described(FILE *f, int kind, const char *set_name,
			      const char *platform, size_t n,
			      const char *const *names,
			      const char *const *units,
			      const char *const *descriptions)
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
	if (descriptions)
		o->desc = calloc(n ? n : 1, sizeof(*o->desc));
	if (!o->set_name || (platform && !o->platform) || !o->names ||
	    !o->units || !o->quoted || !o->width || !o->na_count ||
	    !o->na_flags || (descriptions && !o->desc))
		goto oom;
	for (i = 0; i < n; i++) {
		const char *u = units && units[i] ? units[i] : "";

		o->names[i] = strdup(names[i]);
		o->units[i] = strdup(u);
		if (!o->names[i] || !o->units[i])
			goto oom;
		if (descriptions) {
			o->desc[i] = strdup(descriptions[i] ? descriptions[i] : "");
			if (!o->desc[i])
				goto oom;
		}
	}
	o->ops->begin(o);
	return o;
oom:
	output_free(o);
	errno = ENOMEM;
	return NULL;
}

void intel_oa_output_set_time_origin(struct intel_oa_output *o,
				     double seconds)
{
	if (o)
		o->origin = seconds;
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
