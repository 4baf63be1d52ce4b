// SPDX-License-Identifier: MIT
/*
 * The output writers (tools/lib/output.c) on a 3-period fixture with n/a
 * values: every format is written to memory and parsed back here (a
 * small CSV reader and JSON parser of this file's own), then compared
 * with the fixture as Documentation/userspace.rst, "Outputs", says each
 * format carries it.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/metrics.h"
#include "intel_oa/output.h"
#include "unit.h"

#define N_MET 4
#define N_PER 3

/* Names that need CSV quoting and JSON escaping; units with gaps. */
static const char *const names[N_MET] = {
	"GpuBusy", "Eu,Active\"q\"", "L3\\Misses", "Never",
};
static const char *const units[N_MET] = { "percent", "", NULL, "events" };
static const char *const unit_text[N_MET] = { "percent", "", "", "events" };

static const double t_start[N_PER] = { 0.0, 0.0013653333333333333, 0.25 };
static const double t_end[N_PER] = { 0.0013653333333333333, 0.25, 1e-3 + 0.25 };

static double fixture(size_t p, size_t m)
{
	static const double v[N_PER][N_MET] = {
		{ 99.25, 1.0 / 3.0, 123456789012.0, NAN },
		{ NAN, -0.1, 5e-324, NAN },
		{ 0.0, 6.02214076e23, 42.0, INFINITY },
	};
	return v[p][m];
}

static const unsigned int fixture_flags[N_PER][N_MET] = {
	{ 0, 0, 0, INTEL_OA_EVAL_UNDEFINED },
	{ INTEL_OA_EVAL_DIV_ZERO, 0, 0, INTEL_OA_EVAL_UNDEFINED },
	{ 0, 0, 0, INTEL_OA_EVAL_DIV_ZERO },
};

/* The writer's output for @kind, NUL-terminated; the caller frees it. */
static double render_origin;	/* intel_oa_output_set_time_origin() */

static char *render(int kind, size_t *len_after_first)
{
	char *buf = NULL;
	size_t len = 0, p, m;
	FILE *f = open_memstream(&buf, &len);
	struct intel_oa_output *o;

	if (!f)
		return NULL;
	o = intel_oa_output_new(f, kind, "RenderBasic", "skl", N_MET, names,
				units);
	if (!o) {
		fclose(f);
		free(buf);
		return NULL;
	}
	if (render_origin)
		intel_oa_output_set_time_origin(o, render_origin);
	for (p = 0; p < N_PER; p++) {
		double v[N_MET];

		for (m = 0; m < N_MET; m++)
			v[m] = fixture(p, m);
		intel_oa_output_period(o, t_start[p], t_end[p], v,
				       fixture_flags[p]);
		if (p == 0 && len_after_first) {
			fflush(f);
			*len_after_first = len;
		}
	}
	if (intel_oa_output_finish(o)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

/* ---- a JSON parser (RFC 8259, enough for these documents) ---- */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
	enum jtype type;
	double num;
	char *str;
	size_t n;
	char **keys;		/* J_OBJ */
	struct jval **items;	/* J_ARR, J_OBJ */
};

struct jparser {
	const char *p;
	int err;
};

static void jfree(struct jval *v)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < v->n; i++) {
		if (v->keys)
			free(v->keys[i]);
		jfree(v->items[i]);
	}
	free(v->keys);
	free(v->items);
	free(v->str);
	free(v);
}

static void jws(struct jparser *jp)
{
	while (*jp->p == ' ' || *jp->p == '\n' || *jp->p == '\r' ||
	       *jp->p == '\t')
		jp->p++;
}

static char *jstring(struct jparser *jp)
{
	size_t cap = 16, n = 0;
	char *s = malloc(cap);

	if (!s || *jp->p != '"') {
		free(s);
		jp->err = 1;
		return NULL;
	}
	for (jp->p++; *jp->p != '"'; jp->p++) {
		char c = *jp->p;

		if (!c || (unsigned char)c < 0x20) {
			jp->err = 1;
			free(s);
			return NULL;
		}
		if (c == '\\') {
			jp->p++;
			switch (*jp->p) {
			case '"': c = '"'; break;
			case '\\': c = '\\'; break;
			case '/': c = '/'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned int u;

				/* Only what a writer escapes: control chars. */
				if (sscanf(jp->p + 1, "%4x", &u) != 1 || u > 0x7f) {
					jp->err = 1;
					free(s);
					return NULL;
				}
				c = (char)u;
				jp->p += 4;
				break;
			}
			default:
				jp->err = 1;
				free(s);
				return NULL;
			}
		}
		if (n + 2 > cap) {
			char *ns = realloc(s, cap *= 2);

			if (!ns) {
				free(s);
				jp->err = 1;
				return NULL;
			}
			s = ns;
		}
		s[n++] = c;
	}
	jp->p++;
	s[n] = '\0';
	return s;
}

static struct jval *jvalue(struct jparser *jp, int depth);

static int jappend(struct jval *v, char *key, struct jval *item)
{
	struct jval **ni = realloc(v->items, (v->n + 1) * sizeof(*ni));

	if (!ni)
		return -1;
	v->items = ni;
	if (v->type == J_OBJ) {
		char **nk = realloc(v->keys, (v->n + 1) * sizeof(*nk));

		if (!nk)
			return -1;
		v->keys = nk;
		v->keys[v->n] = key;
	}
	v->items[v->n++] = item;
	return 0;
}

static struct jval *jcontainer(struct jparser *jp, int depth, int obj)
{
	struct jval *v = calloc(1, sizeof(*v));
	char close = obj ? '}' : ']';

	if (!v) {
		jp->err = 1;
		return NULL;
	}
	v->type = obj ? J_OBJ : J_ARR;
	jp->p++;
	jws(jp);
	if (*jp->p == close) {
		jp->p++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		struct jval *item;

		jws(jp);
		if (obj) {
			key = jstring(jp);
			jws(jp);
			if (jp->err || *jp->p != ':') {
				free(key);
				jp->err = 1;
				break;
			}
			jp->p++;
		}
		item = jvalue(jp, depth + 1);
		if (jp->err || jappend(v, key, item)) {
			free(key);
			jfree(item);
			jp->err = 1;
			break;
		}
		jws(jp);
		if (*jp->p == ',') {
			jp->p++;
			continue;
		}
		if (*jp->p == close) {
			jp->p++;
			return v;
		}
		jp->err = 1;
		break;
	}
	jfree(v);
	return NULL;
}

static struct jval *jvalue(struct jparser *jp, int depth)
{
	struct jval *v;
	char *end;

	jws(jp);
	if (depth > 16) {
		jp->err = 1;
		return NULL;
	}
	if (*jp->p == '{' || *jp->p == '[')
		return jcontainer(jp, depth, *jp->p == '{');
	v = calloc(1, sizeof(*v));
	if (!v) {
		jp->err = 1;
		return NULL;
	}
	if (*jp->p == '"') {
		v->type = J_STR;
		v->str = jstring(jp);
	} else if (!strncmp(jp->p, "null", 4)) {
		v->type = J_NULL;
		jp->p += 4;
	} else if (!strncmp(jp->p, "true", 4) || !strncmp(jp->p, "false", 5)) {
		v->type = J_BOOL;
		v->num = *jp->p == 't';
		jp->p += *jp->p == 't' ? 4 : 5;
	} else if (*jp->p == '-' || (*jp->p >= '0' && *jp->p <= '9')) {
		/* JSON has no "nan", "inf", hex or a leading '+'. */
		v->type = J_NUM;
		v->num = strtod(jp->p, &end);
		if (end == jp->p || strpbrk(jp->p, "xX") == jp->p + 1)
			jp->err = 1;
		jp->p = end;
	} else {
		jp->err = 1;
	}
	if (jp->err) {
		jfree(v);
		return NULL;
	}
	return v;
}

/* The whole document, or NULL if it is not exactly one JSON value. */
static struct jval *jparse(const char *text)
{
	struct jparser jp = { text, 0 };
	struct jval *v = jvalue(&jp, 0);

	jws(&jp);
	if (jp.err || *jp.p) {
		jfree(v);
		return NULL;
	}
	return v;
}

static const struct jval *jget(const struct jval *o, const char *key)
{
	size_t i;

	if (!o || o->type != J_OBJ)
		return NULL;
	for (i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->items[i];
	return NULL;
}

static int jis_str(const struct jval *v, const char *s)
{
	return v && v->type == J_STR && !strcmp(v->str, s);
}

static int jis_num(const struct jval *v, double d)
{
	return v && v->type == J_NUM && v->num == d &&
	       signbit(v->num) == signbit(d);
}

/* ---- CSV reader (RFC 4180) ---- */

/* Split the next record of *@pp into @f (max @max); returns the count. */
static size_t csv_record(char **pp, char **f, size_t max)
{
	char *r = *pp, *w = *pp;
	size_t n = 0;

	for (;;) {
		char *start = w;

		if (*r == '"') {
			for (r++; *r && !(*r == '"' && r[1] != '"'); r++) {
				if (*r == '"')
					r++;
				*w++ = *r;
			}
			if (*r == '"')
				r++;
		} else {
			while (*r && *r != ',' && *r != '\n')
				*w++ = *r++;
		}
		if (n < max)
			f[n] = start;
		n++;
		if (*r != ',')
			break;
		*w++ = '\0';
		r++;
	}
	if (*r == '\n')
		r++;
	*w = '\0';
	*pp = r;
	return n;
}

static int finite_value(double v)
{
	return isfinite(v);
}

/* ---- tests ---- */

static void test_kind_names(const void *arg UNIT_UNUSED)
{
	static const char *const kinds[] = { "table", "csv", "json", "trace" };
	size_t i;

	for (i = 0; i < 4; i++) {
		int k = intel_oa_output_kind_by_name(kinds[i]);

		UNIT_CHECK(k >= 0, "%s unknown", kinds[i]);
		UNIT_CHECK(!strcmp(intel_oa_output_kind_name(k), kinds[i]),
			   "name of %s", kinds[i]);
	}
	UNIT_EQ(intel_oa_output_kind_by_name("xml"), (uint64_t)-1, "xml");
	UNIT_EQ(intel_oa_output_kind_by_name("CSV"), (uint64_t)-1, "CSV");
	UNIT_EQ(intel_oa_output_kind_by_name(""), (uint64_t)-1, "empty");
	UNIT_CHECK(intel_oa_output_kind_name(INTEL_OA_OUTPUT_KINDS) == NULL,
		   "kind past the end has a name");
}

static void test_format_double(const void *arg UNIT_UNUSED)
{
	static const double v[] = {
		0.0, -0.0, 0.1, 1.0 / 3.0, 2.0 / 3.0, 1e300, -1e-300, 5e-324,
		9007199254740993.0, 123456789012.0, 0.30000000000000004,
		1.7976931348623157e308, 100.0, 2e15, 1e16 + 2, 99999999999999999.0,
		4.35, 0.1 + 0.2, 1e-5, 123.456e-300,
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		double back;

		intel_oa_format_double(buf, sizeof(buf), v[i]);
		back = strtod(buf, NULL);
		UNIT_CHECK(back == v[i] && signbit(back) == signbit(v[i]),
			   "%.17g printed as %s", v[i], buf);
	}
	/* Shortest: no %.17g noise on round numbers. */
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 0.1),
			   "0.1"), "0.1 -> %s", buf);
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 100.0),
			   "100"), "100 -> %s", buf);
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 5e5),
			   "500000"), "5e5 -> %s", buf);
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 1e300),
			   "1e+300"), "1e300 -> %s", buf);
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 2e15),
			   "2000000000000000"), "2e15 -> %s", buf);
	UNIT_CHECK(!strcmp(intel_oa_format_double(buf, sizeof(buf), 1.0 / 3.0),
			   "0.3333333333333333"), "1/3 -> %s", buf);
	/*
	 * Integers below 2^53 take a path of their own: every digit, as
	 * printf's %.0f, on both sides of every power of ten and at 2^53.
	 */
	{
		double p10 = 1, ints[6];
		char want[32];
		int k, j;

		for (k = 0; k <= 16; k++, p10 *= 10) {
			ints[0] = p10 - 1;
			ints[1] = p10;
			ints[2] = p10 + 1;
			ints[3] = -(p10 + 7);
			ints[4] = 9007199254740991.0;
			ints[5] = -9007199254740992.0;
			for (j = 0; j < 6; j++) {
				snprintf(want, sizeof(want), "%.0f", ints[j]);
				intel_oa_format_double(buf, sizeof(buf), ints[j]);
				if (fabs(ints[j]) < 1e17 && strlen(want) <= 18)
					UNIT_CHECK(!strcmp(buf, want),
						   "%s printed as %s", want, buf);
				UNIT_CHECK(strtod(buf, NULL) == ints[j],
					   "%s read back as %.17g", buf,
					   strtod(buf, NULL));
			}
		}
	}
}

/* Significant digits of a %g-style or fixed number. */
static int sig_digits(const char *s)
{
	int n = 0, lead = 1, zeros = 0;

	for (; *s && *s != 'e' && *s != 'E'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (*s == '0' && lead)
			continue;
		lead = 0;
		if (*s == '0') {
			zeros++;
		} else {
			n += zeros + 1;
			zeros = 0;
		}
	}
	return n;
}

/* The significant digits of a %g-style or fixed number, as a string. */
static void sig_string(const char *s, char *out, size_t size)
{
	size_t n = 0, keep = 0;

	for (; *s && *s != 'e' && *s != 'E' && n + 1 < size; s++) {
		if (*s < '0' || *s > '9' || (*s == '0' && !n))
			continue;
		out[n++] = *s;
		if (*s != '0')
			keep = n;
	}
	out[keep] = '\0';
}

/*
 * A million doubles of every magnitude and kind (a fixed xorshift
 * sequence: random bit patterns, subnormals, integers, quotients,
 * fractions). Each is printed shortest, as checked against printf() and
 * strtod(): it reads back exactly; with its n digits, printf's correctly
 * rounded %.(n-1)g does not read back (nothing shorter is taken); and
 * where %.ng reads back, both have the same digits (the nearest of the
 * shortest).
 */
static void test_format_double_many(const void *arg UNIT_UNUSED)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	char buf[32], ref[400], a[24], b[24];
	unsigned int bad = 0;
	long i;

	for (i = 0; i < 1000000; i++) {
		double v;
		int n;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		switch (i % 5) {
		case 0:
			memcpy(&v, &x, sizeof(v));
			break;
		case 1:
			v = (double)(x % 100000000000ull);
			break;
		case 2:
			v = (double)(x % 1000000) / (double)(x % 997 + 1);
			break;
		case 3:
			x &= ~(0x7ffull << 52);	/* exponent 0: subnormal */
			memcpy(&v, &x, sizeof(v));
			break;
		default:
			v = (double)(x >> 11) * 0x1p-53 * 100.0;
			break;
		}
		if (!isfinite(v) || v == 0)
			continue;
		intel_oa_format_double(buf, sizeof(buf), v);
		n = sig_digits(buf);
		if (strtod(buf, NULL) != v) {
			UNIT_CHECK(0, "%.17g printed as %s", v, buf);
			bad++;
		}
		if (n > 1) {
			snprintf(ref, sizeof(ref), "%.*g", n - 1, v);
			if (strtod(ref, NULL) == v) {
				UNIT_CHECK(0, "%.17g printed as %s, but %s reads back too", v, buf, ref);
				bad++;
			}
		}
		snprintf(ref, sizeof(ref), "%.*g", n, v);
		sig_string(buf, a, sizeof(a));
		sig_string(ref, b, sizeof(b));
		if (strtod(ref, NULL) == v && strcmp(a, b)) {
			UNIT_CHECK(0, "%.17g printed as %s, printf's nearest is %s", v, buf, ref);
			bad++;
		}
		if (bad > 10)
			break;
	}
}

static void test_csv(const void *arg UNIT_UNUSED)
{
	size_t first = 0, streamed = 0, n, p, m;
	char *text = render(INTEL_OA_OUTPUT_CSV, &first), *cur;
	char *f[16];

	UNIT_CHECK(text, "csv writer failed");
	/* Header and first row were out before the second period came. */
	for (p = 0; p < first; p++)
		streamed += text[p] == '\n';
	cur = text;
	n = csv_record(&cur, f, 16);
	if (n != 3 + N_MET || strcmp(f[0], "period") ||
	    strcmp(f[1], "t_start_s") || strcmp(f[2], "t_end_s")) {
		free(text);
		UNIT_CHECK(0, "header: %zu fields", n);
	}
	for (m = 0; m < N_MET; m++) {
		if (strcmp(f[3 + m], names[m])) {
			free(text);
			UNIT_CHECK(0, "column %zu name", m);
		}
	}
	for (p = 0; p < N_PER; p++) {
		n = csv_record(&cur, f, 16);
		if (n != 3 + N_MET || strtoul(f[0], NULL, 10) != p ||
		    strtod(f[1], NULL) != t_start[p] ||
		    strtod(f[2], NULL) != t_end[p]) {
			free(text);
			UNIT_CHECK(0, "period %zu: fields/times", p);
		}
		for (m = 0; m < N_MET; m++) {
			double want = fixture(p, m);
			int ok = finite_value(want) ?
				 (*f[3 + m] && strtod(f[3 + m], NULL) == want) :
				 !*f[3 + m];

			if (!ok) {
				unit_fail(__FILE__, __LINE__,
					  "period %zu %s: '%s'", p, names[m],
					  f[3 + m]);
				free(text);
				return;
			}
		}
	}
	m = *cur != '\0';
	free(text);
	UNIT_EQ(m, 0, "text after the last row");
	UNIT_EQ(streamed, 2, "lines written after the first period");
}

static void test_json(const void *arg UNIT_UNUSED)
{
	size_t first = 0, p, m;
	char *text = render(INTEL_OA_OUTPUT_JSON, &first);
	struct jval *doc;
	const struct jval *mets, *pers;
	int bad = 0;

	UNIT_CHECK(text, "json writer failed");
	doc = jparse(text);
	bad = !doc || first == 0 || !strstr(text, "t_start_s") ||
	      (size_t)(strstr(text, "t_start_s") - text) >= first;
	free(text);
	UNIT_CHECK(!bad, "not one JSON value, or the first period not streamed");
	mets = jget(doc, "metrics");
	pers = jget(doc, "periods");
	if (!jis_num(jget(doc, "schema_version"), INTEL_OA_OUTPUT_JSON_SCHEMA) ||
	    INTEL_OA_OUTPUT_JSON_SCHEMA != 1 ||
	    !jis_str(jget(doc, "set"), "RenderBasic") ||
	    !jis_str(jget(doc, "platform"), "skl") || !mets ||
	    mets->type != J_ARR || mets->n != N_MET || !pers ||
	    pers->type != J_ARR || pers->n != N_PER || doc->n != 5)
		bad = 1;
	for (m = 0; !bad && m < N_MET; m++)
		bad = !jis_str(jget(mets->items[m], "name"), names[m]) ||
		      !jis_str(jget(mets->items[m], "unit"), unit_text[m]);
	for (p = 0; !bad && p < N_PER; p++) {
		const struct jval *per = pers->items[p];
		const struct jval *vals = jget(per, "values");

		bad = !jis_num(jget(per, "t_start_s"), t_start[p]) ||
		      !jis_num(jget(per, "t_end_s"), t_end[p]) || !vals ||
		      vals->type != J_ARR || vals->n != N_MET;
		for (m = 0; !bad && m < N_MET; m++) {
			double want = fixture(p, m);

			bad = finite_value(want) ?
			      !jis_num(vals->items[m], want) :
			      vals->items[m]->type != J_NULL;
			if (bad)
				unit_fail(__FILE__, __LINE__, "period %zu %s",
					  p, names[m]);
		}
	}
	jfree(doc);
	UNIT_CHECK(!bad, "document does not match the fixture");
}

/*
 * With a time origin, trace events are stamped origin + t_start (us) and
 * CSV keeps times from the first report.
 */
/* intel_oa_output_new_described(): each JSON metric gets its line. */
static void test_json_descriptions(const void *arg UNIT_UNUSED)
{
	static const char *const desc[N_MET] = { "first \"one\"", NULL };
	char *buf = NULL;
	size_t len = 0, m;
	FILE *f = open_memstream(&buf, &len);
	struct intel_oa_output *o;
	const struct jval *mets;
	struct jval *doc;
	int bad;

	UNIT_CHECK(f, "open_memstream");
	o = intel_oa_output_new_described(f, INTEL_OA_OUTPUT_JSON, "S", NULL,
					  N_MET, names, units, desc);
	UNIT_CHECK(o && !intel_oa_output_finish(o), "writer failed");
	fclose(f);
	doc = jparse(buf);
	free(buf);
	mets = doc ? jget(doc, "metrics") : NULL;
	bad = !mets || mets->type != J_ARR || mets->n != N_MET;
	for (m = 0; !bad && m < N_MET; m++)
		bad = !jis_str(jget(mets->items[m], "description"),
			       desc[m] ? desc[m] : "");
	jfree(doc);
	UNIT_CHECK(!bad, "metrics lack their descriptions");
}

static void test_trace_origin(const void *arg UNIT_UNUSED)
{
	char *text, *csv, want[64];
	int ok;

	render_origin = 8135.25;
	text = render(INTEL_OA_OUTPUT_TRACE, NULL);
	csv = render(INTEL_OA_OUTPUT_CSV, NULL);
	render_origin = 0;
	UNIT_CHECK(text && csv, "writers failed");
	intel_oa_format_double(want, sizeof(want), (8135.25 + t_start[1]) * 1e6);
	ok = strstr(text, want) != NULL;
	intel_oa_format_double(want, sizeof(want), t_start[1]);
	ok = ok && strstr(csv, want) != NULL;
	free(text);
	free(csv);
	UNIT_CHECK(ok, "trace ts is not origin + t_start, or CSV moved");
}

static void test_trace(const void *arg UNIT_UNUSED)
{
	char *text = render(INTEL_OA_OUTPUT_TRACE, NULL);
	struct jval *doc;
	const struct jval *ev;
	size_t i, p, m, counters = 0, want_counters = 0, named = 0;
	size_t seen[N_PER][N_MET] = { { 0 } };
	int bad = 0;

	UNIT_CHECK(text, "trace writer failed");
	doc = jparse(text);
	free(text);
	UNIT_CHECK(doc, "trace is not one JSON value");
	ev = jget(doc, "traceEvents");
	if (!ev || ev->type != J_ARR) {
		jfree(doc);
		UNIT_CHECK(0, "no traceEvents array");
	}
	for (i = 0; !bad && i < ev->n; i++) {
		const struct jval *e = ev->items[i];
		const struct jval *args = jget(e, "args");

		if (jis_str(jget(e, "ph"), "M")) {
			if (jis_str(jget(e, "name"), "process_name") &&
			    jis_num(jget(e, "pid"), 1) &&
			    jis_str(jget(args, "name"), "RenderBasic"))
				named++;
			continue;
		}
		bad = !jis_str(jget(e, "ph"), "C") || !jis_num(jget(e, "pid"), 1);
		if (bad)
			break;
		counters++;
		/* Which fixture entry: name, then the period by its start. */
		for (m = 0; m < N_MET; m++)
			if (jis_str(jget(e, "name"), names[m]))
				break;
		for (p = 0; p < N_PER; p++)
			if (jis_num(jget(e, "ts"), t_start[p] * 1e6))
				break;
		bad = m == N_MET || p == N_PER ||
		      !finite_value(fixture(p, m)) ||
		      !jis_num(jget(args, "value"), fixture(p, m));
		if (!bad)
			seen[p][m]++;
	}
	for (p = 0; p < N_PER; p++)
		for (m = 0; m < N_MET; m++) {
			want_counters += finite_value(fixture(p, m));
			if (finite_value(fixture(p, m)) && seen[p][m] != 1)
				bad = 1;
		}
	jfree(doc);
	UNIT_CHECK(!bad, "a counter event does not match the fixture");
	UNIT_EQ(counters, want_counters, "counter events");
	UNIT_EQ(named, 1, "process_name metadata events");
}

static void test_table(const void *arg UNIT_UNUSED)
{
	char *text = render(INTEL_OA_OUTPUT_TABLE, NULL), *line, *save = NULL;
	char *tok[16], *ts;
	size_t row = 0, lines = 0, notes = 0, n, p, m;
	int bad = 0;

	UNIT_CHECK(text, "table writer failed");
	for (line = strtok_r(text, "\n", &save); line && !bad;
	     line = strtok_r(NULL, "\n", &save), lines++) {
		if (lines == 0) {
			bad = strcmp(line, "# RenderBasic (skl)");
			continue;
		}
		if (line[0] == '#') {
			/* The n/a notes: GpuBusy once, Never in every period. */
			notes++;
			bad = strcmp(line, notes == 1 ?
				     "# GpuBusy: n/a in 1 of 3 periods (division by zero)" :
				     "# Never: n/a in 3 of 3 periods (division by zero, undefined input)");
			continue;
		}
		n = 0;
		for (ts = strtok(line, " "); ts && n < 16; ts = strtok(NULL, " "))
			tok[n++] = ts;
		if (lines == 1) {
			bad = n != 3 + N_MET || strcmp(tok[0], "period") ||
			      strcmp(tok[2], "t_end_s");
			for (m = 0; !bad && m < N_MET; m++)
				bad = strcmp(tok[3 + m], names[m]);
			continue;
		}
		if (lines == 2) {
			/* [s] [s] [percent] [events]: empty units print nothing */
			bad = n != 4 || strcmp(tok[0], "[s]") ||
			      strcmp(tok[2], "[percent]") ||
			      strcmp(tok[3], "[events]");
			continue;
		}
		p = row++;
		bad = p >= N_PER || n != 3 + N_MET ||
		      strtoul(tok[0], NULL, 10) != p ||
		      fabs(strtod(tok[2], NULL) - t_end[p]) > 1e-6;
		for (m = 0; !bad && m < N_MET; m++) {
			double want = fixture(p, m), got;

			if (!finite_value(want)) {
				bad = strcmp(tok[3 + m], "n/a");
				continue;
			}
			got = strtod(tok[3 + m], NULL);
			/* Whole counts exactly, the rest to 6 digits. */
			bad = want == floor(want) && fabs(want) < 1e12 ?
			      got != want :
			      fabs(got - want) > 5e-6 * fabs(want);
			if (bad)
				unit_fail(__FILE__, __LINE__,
					  "period %zu %s: '%s'", p, names[m],
					  tok[3 + m]);
		}
	}
	free(text);
	UNIT_CHECK(!bad, "table line %zu", lines);
	UNIT_EQ(row, N_PER, "rows");
	UNIT_EQ(notes, 2, "n/a notes");
}

static void test_errors(const void *arg UNIT_UNUSED)
{
	const double v[N_MET] = { 1, 2, 3, 4 };
	struct intel_oa_output *o;
	FILE *f;
	int rc, e;

	errno = 0;
	o = intel_oa_output_new(stdout, 99, "s", NULL, N_MET, names, units);
	UNIT_CHECK(!o && errno == EINVAL, "unknown kind accepted");
	errno = 0;
	o = intel_oa_output_new(stdout, INTEL_OA_OUTPUT_CSV, NULL, NULL,
				N_MET, names, units);
	UNIT_CHECK(!o && errno == EINVAL, "NULL set name accepted");
	UNIT_EQ(intel_oa_output_finish(NULL), 0, "finish(NULL)");

	/* A full disk must be an error at finish, not a silent truncation. */
	f = fopen("/dev/full", "w");
	UNIT_CHECK(f, "/dev/full: %s", strerror(errno));
	o = intel_oa_output_new(f, INTEL_OA_OUTPUT_JSON, "s", NULL, N_MET,
				names, NULL);
	if (!o) {
		fclose(f);
		UNIT_CHECK(0, "writer on /dev/full");
	}
	intel_oa_output_period(o, 0, 1, v, NULL);
	errno = 0;
	rc = intel_oa_output_finish(o);
	e = errno;
	fclose(f);
	UNIT_CHECK(rc == -1 && e != 0, "write error not reported (rc %d)", rc);
}

static const struct unit_test tests[] = {
	{ "output-kind-names", test_kind_names, NULL },
	{ "output-format-double-round-trip", test_format_double, NULL },
	{ "output-format-double-many", test_format_double_many, NULL },
	{ "output-trace-time-origin", test_trace_origin, NULL },
	{ "output-json-descriptions", test_json_descriptions, NULL },
	{ "output-csv-parse-back", test_csv, NULL },
	{ "output-json-parse-back", test_json, NULL },
	{ "output-trace-parse-back", test_trace, NULL },
	{ "output-table-parse-back", test_table, NULL },
	{ "output-errors", test_errors, NULL },
};

UNIT_SUITE(output_suite, tests);
